//! The Grundy sequence `G(0), G(1), ...` of one heap, computed exactly and streamed in chunks.
//!
//! `G(n)` is the mex of the values of the options of a heap of `n`: `G(n - j)` for a removal
//! leaving one heap, `G(a) ^ G(n - j - a)` for a split into two, `G(a) ^ G(b) ^ G(c)` for three.
//! Every value is kept (a split reads values far back), as `u16` while they fit and as `u32`
//! after that (the store widens itself; nothing fails), so memory is 2 bytes per value.
//!
//! # Two methods, chosen and revised automatically
//! Both find `G(n)` as the least value that is not an option, by moving a **candidate** up: the
//! removals give the first candidate (their mex); the pairs of each two-heap split are then
//! recorded from the start, block by block, and each record of the candidate moves it on. A
//! candidate that has not moved for 2,048 pairs is probably absent: a vectorized scan of the
//! pairs not yet recorded looks for it alone (stopping at the first block of 64 that holds it),
//! so an absent candidate — the answer — costs one fast scan instead of recording everything.
//! * **Direct.** As above: about `n/2` pairs per heap and split digit, mostly compared rather than
//!   recorded.
//! * **Sparse space (rare/common).** Split the values seen into *common* values `C` — a set
//!   closed against nim-addition (`a ^ b ∉ C` for `a, b ∈ C`), chosen greedily from the most
//!   frequent values — and *rare* values. A pair of two common heaps never has a common nim-sum,
//!   so after recording the pairs with a rare part (`O(#rare positions)` per split digit) a
//!   common candidate is the answer at once; a rare candidate moves on as above until it is
//!   common (the common-common pairs confirm the rare values below it in a few blocks). This is
//!   the method of Beling's ogsolve (RC) and Flammenkamp's computations, after the "sparse
//!   space" phenomenon. Where split digits are consecutive (0.56 splits after removing 1 or 2),
//!   heaps `n` and `n + 1` split off the same sizes, and one thread stamps the rare pairs of
//!   each size once.
//! * **Small values.** While every value is below 128, one thread keeps a heap's options as a
//!   128-bit set instead of stamped marks, with the same pairs ([`small`]).
//!
//! The engine starts direct and reviews the split at growing intervals (every `max(256, n/8)`
//! values): it chooses `C` from the current frequencies, switches to the sparse method when the
//! rare positions are fewer than `n / 8`, rebuilds the list of rare positions when a new split
//! has at least 10% fewer, and falls back to direct when the game stops being sparse. Three-heap
//! splits (hexadecimal codes) are recorded directly, `O(n²)` per heap.
//!
//! The engine never prints and never touches files: values go to the caller's sink.

use std::ops::ControlFlow;

use serde::Serialize;
use thiserror::Error;

use super::code::OctalCode;
use super::game::MoveMenu;
use super::kernels::{
    mex_from, pairs_contain, split_pairs, stamp_pairs, stamp_rare, stamp_triples, Cell, BLOCK,
};

mod lanes;
mod small;
use lanes::Lanes;
pub use lanes::Threads;

/// Values handed to the sink at a time.
const CHUNK: usize = 1 << 16;

/// The first review of the method.
const FIRST_REVIEW: usize = 64;

/// The sparse method is used while `rare positions × SPARSE_FACTOR <= n`.
const SPARSE_FACTOR: usize = 8;

/// Pairs recorded without the candidate moving before the candidate is looked for alone among
/// the rest.
const STALL: usize = 2048;

/// The most positions the engine indexes (positions are stored as `u32` in the rare list).
pub(crate) const MAX_VALUES: u64 = u32::MAX as u64;

/// Which method computes the values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SequenceMethod {
    /// Direct until the game proves sparse, then rare/common, revised as the values come.
    #[default]
    Auto,
    /// Direct only.
    Direct,
    /// Rare/common from the first value on (still exact; for tests and comparisons).
    Sparse,
}

/// A computation that cannot be done within the engine's bounds.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SequenceError {
    /// More values were asked for than positions the engine indexes.
    #[error(
        "{requested} values asked for; the sequence engine computes at most {max} (positions are 32-bit)"
    )]
    TooManyValues {
        /// Values asked for.
        requested: u64,
        /// The limit, [`MAX_VALUES`].
        max: u64,
    },
    /// Memory for the values could not be reserved.
    #[error("out of memory: cannot keep {values} values ({bytes} bytes); ask for fewer values")]
    OutOfMemory {
        /// Values that were to be kept.
        values: u64,
        /// Bytes that were to be reserved.
        bytes: u64,
    },
}

/// A slice of the sequence, narrow (`u16`) or wide (`u32`).
#[derive(Debug, Clone, Copy)]
pub enum ValuesView<'a> {
    /// Every value fits 16 bits.
    Narrow(&'a [u16]),
    /// Widened.
    Wide(&'a [u32]),
}

impl<'a> ValuesView<'a> {
    /// The number of values.
    pub fn len(&self) -> usize {
        match self {
            ValuesView::Narrow(v) => v.len(),
            ValuesView::Wide(v) => v.len(),
        }
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value at `i`. Panics beyond the end, like indexing.
    pub fn get(&self, i: usize) -> u32 {
        match self {
            ValuesView::Narrow(v) => u32::from(v[i]),
            ValuesView::Wide(v) => v[i],
        }
    }

    /// The values from `start` to `end` (exclusive).
    pub fn slice(&self, start: usize, end: usize) -> ValuesView<'a> {
        match self {
            ValuesView::Narrow(v) => ValuesView::Narrow(&v[start..end]),
            ValuesView::Wide(v) => ValuesView::Wide(&v[start..end]),
        }
    }

    /// The values, widened to `u32`.
    pub fn iter(&self) -> impl Iterator<Item = u32> + 'a {
        let (narrow, wide): (&'a [u16], &'a [u32]) = match *self {
            ValuesView::Narrow(v) => (v, &[]),
            ValuesView::Wide(v) => (&[], v),
        };
        narrow.iter().map(|&x| u32::from(x)).chain(wide.iter().copied())
    }

    /// The values as a vector.
    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }
}

/// Values owned in the width they were computed in: 2 bytes each while every value fits 16 bits,
/// 4 after that. Serialized as a JSON array of numbers, one value at a time (no copy).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Values {
    /// Every value fits 16 bits.
    Narrow(Vec<u16>),
    /// Widened.
    Wide(Vec<u32>),
}

impl Values {
    /// The values as a view.
    pub fn view(&self) -> ValuesView<'_> {
        match self {
            Values::Narrow(v) => ValuesView::Narrow(v),
            Values::Wide(v) => ValuesView::Wide(v),
        }
    }

    /// The number of values.
    pub fn len(&self) -> usize {
        self.view().len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value at `i`. Panics beyond the end, like indexing.
    pub fn get(&self, i: usize) -> u32 {
        self.view().get(i)
    }

    /// The values, widened to `u32`.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.view().iter()
    }

    /// Bytes held by the values.
    pub fn bytes(&self) -> usize {
        match self {
            Values::Narrow(v) => 2 * v.len(),
            Values::Wide(v) => 4 * v.len(),
        }
    }
}

impl From<ValuesView<'_>> for Values {
    fn from(view: ValuesView<'_>) -> Self {
        match view {
            ValuesView::Narrow(v) => Values::Narrow(v.to_vec()),
            ValuesView::Wide(v) => Values::Wide(v.to_vec()),
        }
    }
}

impl Serialize for ValuesView<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl Serialize for Values {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.view().serialize(serializer)
    }
}

/// Values handed to a sink: `values` are `G(start), G(start + 1), ...`.
#[derive(Debug, Clone, Copy)]
pub struct Chunk<'a> {
    /// The heap size of the first value.
    pub start: u64,
    /// The values.
    pub values: ValuesView<'a>,
}

/// The method in use now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ActiveMethod {
    /// Direct scans.
    Direct,
    /// The rare/common split.
    Sparse,
}

/// Figures about a sequence computed so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SequenceStats {
    /// Values computed, `G(0)` to `G(values - 1)`.
    pub values: u64,
    /// The largest value so far.
    pub largest_value: u32,
    /// How many distinct values occurred.
    pub distinct_values: u32,
    /// The method in use now.
    pub method: ActiveMethod,
    /// Values classed rare by the current split (occurring ones only); `None` while direct.
    pub rare_values: Option<u32>,
    /// Heap sizes `n >= 1` whose value is rare; `None` while direct.
    pub rare_positions: Option<u64>,
    /// How often the list of rare positions was rebuilt.
    pub split_rebuilds: u64,
    /// Pairs of splits recorded one by one (the candidate loop), beside the rare pairs.
    pub recorded_pairs: u64,
    /// Pairs compared by the vectorized scan for a stalled candidate.
    pub compared_pairs: u64,
    /// Pairs recorded from the rare list, in pairs.
    pub rare_pairs: u64,
    /// Triples of three-heap splits recorded (hexadecimal codes).
    pub recorded_triples: u64,
    /// True once a value needed more than 16 bits.
    pub widened: bool,
}

/// The stored values with the rare list in the same width.
#[derive(Debug, Clone)]
struct Typed<T> {
    values: Vec<T>,
    /// `(n, G(n))` for every `n >= 1` with a rare value, ascending; empty while direct.
    rare: Vec<(u32, T)>,
    /// While two threads compute values, the rare heaps each has seen since they started
    /// (scratch, kept for the next time: [`lanes`]).
    found: [Vec<(u32, T)>; 2],
}

impl<T> Typed<T> {
    fn new() -> Self {
        Typed { values: Vec::new(), rare: Vec::new(), found: [Vec::new(), Vec::new()] }
    }
}

#[derive(Debug, Clone)]
enum Store {
    Narrow(Typed<u16>),
    Wide(Typed<u32>),
}

/// What computing a value writes, one per thread: the marks, their stamp, and the pairs and
/// triples gone through.
#[derive(Debug, Clone, Default)]
struct Scratch {
    /// `marks[v] == stamp`: `v` is an option value of the heap being computed (by a removal, a
    /// three-heap split, or a pair recorded for its candidate).
    marks: Vec<u32>,
    /// `rare_marks[v] >= oldest`: `v` is the nim-sum of a pair with a rare part of one of the
    /// heap's two-heap splits. The rare pairs of a split leaving `m` carry the stamp of the heap
    /// `m + j` of the first split digit `j`, so where the split digits are consecutive, the heaps
    /// after it that split off `m` too read them by age instead of stamping them again
    /// ([`stamp_rare_of_heap`]).
    rare_marks: Vec<u32>,
    stamp: u32,
    /// The oldest stamp in `rare_marks` that is the current heap's.
    oldest: u32,
    /// The heap whose rare pairs of every split digit but the first were stamped, by age, by the
    /// heaps before it (one thread, in order, with nothing stamped since).
    reuse_at: Option<usize>,
    /// The rare sets of heaps whose options are all below 128 ([`small`]; boxed, as the
    /// sequence is held by value in reports).
    sets: Box<small::RareSets>,
    #[cfg(test)]
    forced: small::Forced,
    tally: Tally,
}

impl Scratch {
    /// Marks for every option value of heaps whose values read are at most `largest`: every
    /// nim-sum of them is below the next power of two. What is stamped stays.
    fn fit(&mut self, largest: u32) {
        let size = (largest as usize + 1).next_power_of_two();
        if self.marks.len() < size {
            self.marks.resize(size, 0);
            self.rare_marks.resize(size, 0);
        }
    }
}

/// The pairs and triples gone through: the figures of [`SequenceStats`] the work account counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Tally {
    recorded_pairs: u64,
    compared_pairs: u64,
    rare_pairs: u64,
    recorded_triples: u64,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.recorded_pairs += other.recorded_pairs;
        self.compared_pairs += other.compared_pairs;
        self.rare_pairs += other.rare_pairs;
        self.recorded_triples += other.recorded_triples;
    }

    /// Elementary operations, weighted as [`super::period::work_units`] weighs them.
    fn operations(&self) -> u64 {
        (self.recorded_pairs + self.rare_pairs + self.recorded_triples) / 4 + self.compared_pairs / 16
    }
}

/// Everything but the values: rules, counts, the split, scratch, statistics.
#[derive(Debug, Clone)]
struct State {
    menu: MoveMenu,
    method: SequenceMethod,
    /// Occurrences of each value.
    counts: Vec<u64>,
    largest: u32,
    /// `common[v]`: value `v` is common. `Some` while the sparse method is on.
    common: Option<Vec<bool>>,
    /// What the calling thread writes computing a value.
    scratch: Scratch,
    /// Whether two threads compute the values, and the second one's scratch.
    lanes: Box<Lanes>,
    /// Values computed by two threads (tests check that they were).
    #[cfg(test)]
    two_thread_values: usize,
    /// Values computed by [`small`] (tests check that they were).
    #[cfg(test)]
    values_by_sets: usize,
    next_review: usize,
    /// Values above this force widening (`u16::MAX`; lower in tests).
    narrow_max: u32,
    /// How often the list of rare positions was rebuilt.
    split_rebuilds: u64,
    /// True once a value needed more than 16 bits.
    widened: bool,
}

/// The Grundy sequence of a take-and-break game, computed on demand.
///
/// ```
/// use nimlab_engine::octal::{OctalCode, Sequence};
///
/// let mut kayles = Sequence::octal(&OctalCode::kayles());
/// kayles.extend_to(12, |_| std::ops::ControlFlow::Continue(())).unwrap();
/// assert_eq!(kayles.view().to_vec(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// ```
#[derive(Debug, Clone)]
pub struct Sequence {
    state: State,
    store: Store,
}

impl Sequence {
    /// The sequence of an octal or hexadecimal code.
    pub fn octal(code: &OctalCode) -> Self {
        Sequence::with_menu(MoveMenu::of_code(code))
    }

    /// The sequence of Grundy's game.
    pub(crate) fn grundy_game() -> Self {
        Sequence::with_menu(MoveMenu::grundy_game())
    }

    fn with_menu(menu: MoveMenu) -> Self {
        let state = State {
            method: SequenceMethod::Auto,
            counts: Vec::new(),
            largest: 0,
            common: None,
            scratch: Scratch { marks: vec![0; 2], rare_marks: vec![0; 2], ..Scratch::default() },
            lanes: Box::new(Lanes::of(&menu)),
            #[cfg(test)]
            two_thread_values: 0,
            #[cfg(test)]
            values_by_sets: 0,
            menu,
            next_review: FIRST_REVIEW,
            narrow_max: u16::MAX.into(),
            split_rebuilds: 0,
            widened: false,
        };
        Sequence { state, store: Store::Narrow(Typed::new()) }
    }

    /// The same sequence computed by `method` (before any value is computed).
    pub fn with_method(mut self, method: SequenceMethod) -> Self {
        self.state.method = method;
        self.state.next_review = if method == SequenceMethod::Sparse { 1 } else { FIRST_REVIEW };
        self
    }

    /// The same sequence computed by `threads` threads (by default two where that pays).
    pub fn with_threads(mut self, threads: Threads) -> Self {
        self.state.lanes.set_threads(threads);
        self
    }

    /// Widen above `max` instead of `u16::MAX` (tests of the widening path).
    #[cfg(test)]
    pub(crate) fn with_narrow_max(mut self, max: u32) -> Self {
        self.state.narrow_max = max;
        self
    }

    /// The same sequence computed another way than the fastest (tests compare the ways).
    #[cfg(test)]
    fn with_forced(mut self, forced: small::Forced) -> Self {
        self.state.scratch.forced = forced;
        self
    }

    /// Values computed so far.
    pub fn len(&self) -> u64 {
        self.view().len() as u64
    }

    /// True before the first value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(n)` if computed.
    pub fn value(&self, n: u64) -> Option<u32> {
        let view = self.view();
        usize::try_from(n).ok().filter(|&i| i < view.len()).map(|i| view.get(i))
    }

    /// Every value computed so far.
    pub fn view(&self) -> ValuesView<'_> {
        match &self.store {
            Store::Narrow(t) => ValuesView::Narrow(&t.values),
            Store::Wide(t) => ValuesView::Wide(&t.values),
        }
    }

    /// The values computed, without a copy (the sequence is spent).
    pub fn into_values(self) -> Values {
        match self.store {
            Store::Narrow(t) => Values::Narrow(t.values),
            Store::Wide(t) => Values::Wide(t.values),
        }
    }

    /// The heaps `n >= 1` whose value is rare under the sparse method's current split, with their
    /// values, in ascending order; `None` while the direct method is in use. `O(rare positions)`.
    pub fn rare_heaps(&self) -> Option<Vec<(u64, u32)>> {
        self.state.common.as_ref()?;
        Some(match &self.store {
            Store::Narrow(t) => t.rare.iter().map(|&(n, v)| (u64::from(n), u32::from(v))).collect(),
            Store::Wide(t) => t.rare.iter().map(|&(n, v)| (u64::from(n), v)).collect(),
        })
    }

    /// Figures about the values so far.
    pub fn stats(&self) -> SequenceStats {
        let state = &self.state;
        let tally = state.scratch.tally;
        let rare_positions = match &self.store {
            Store::Narrow(t) => t.rare.len(),
            Store::Wide(t) => t.rare.len(),
        };
        let mut stats = SequenceStats {
            values: self.len(),
            largest_value: state.largest,
            distinct_values: state.counts.iter().filter(|&&c| c > 0).count() as u32,
            method: ActiveMethod::Direct,
            rare_values: None,
            rare_positions: None,
            split_rebuilds: state.split_rebuilds,
            recorded_pairs: tally.recorded_pairs,
            compared_pairs: tally.compared_pairs,
            rare_pairs: tally.rare_pairs,
            recorded_triples: tally.recorded_triples,
            widened: state.widened,
        };
        if let Some(common) = &state.common {
            stats.method = ActiveMethod::Sparse;
            let rare = state.counts.iter().enumerate().filter(|&(v, &c)| c > 0 && !is_common(common, v));
            stats.rare_values = Some(rare.count() as u32);
            stats.rare_positions = Some(rare_positions as u64);
        }
        stats
    }

    /// Values the sequence has room for without reallocating.
    pub fn capacity(&self) -> u64 {
        match &self.store {
            Store::Narrow(t) => t.values.capacity() as u64,
            Store::Wide(t) => t.values.capacity() as u64,
        }
    }

    /// Bytes the sequence holds now, by the capacity of what it allocated: the values (2 bytes
    /// each while narrow, 4 once widened, reserved ahead by [`Sequence::reserve`]), the sparse
    /// method's rare list (8 bytes a rare heap while narrow), the counts, the split, the marks
    /// (4 bytes per value up to the next power of two of the largest) and the rare sets of small
    /// values (16 bytes for each size a few heaps read). What the memory account charges for a
    /// sequence.
    pub fn held_bytes(&self) -> u64 {
        fn bytes<T>(v: &Vec<T>) -> u64 {
            (v.capacity() * std::mem::size_of::<T>()) as u64
        }
        fn typed<T>(t: &Typed<T>) -> u64 {
            bytes(&t.values) + bytes(&t.rare) + t.found.iter().map(bytes).sum::<u64>()
        }
        let store = match &self.store {
            Store::Narrow(t) => typed(t),
            Store::Wide(t) => typed(t),
        };
        let state = &self.state;
        let scratch = |s: &Scratch| bytes(&s.marks) + bytes(&s.rare_marks) + s.sets.held_bytes();
        store
            + bytes(&state.counts)
            + scratch(&state.scratch)
            + scratch(&state.lanes.helper)
            + state.common.as_ref().map_or(0, bytes)
    }

    /// Computes the values up to `G(target - 1)`, handing each new chunk (at most 65,536 values)
    /// to `sink` as soon as it is computed; stops early when the sink breaks. Returns the number
    /// of values computed in all. Time: see the module doc; memory 2 bytes per value (4 after
    /// widening).
    ///
    /// # Errors
    /// [`SequenceError::TooManyValues`] beyond [`MAX_VALUES`]; [`SequenceError::OutOfMemory`]
    /// when the values cannot be reserved.
    pub fn extend_to(
        &mut self,
        target: u64,
        mut sink: impl FnMut(Chunk<'_>) -> ControlFlow<()>,
    ) -> Result<u64, SequenceError> {
        self.reserve(target)?;
        let target = target as usize;
        while self.view().len() < target {
            let start = self.view().len();
            let end = (start + CHUNK).min(target);
            self.compute_until(end);
            if sink(Chunk { start: start as u64, values: self.view().slice(start, end) }).is_break() {
                break;
            }
        }
        Ok(self.len())
    }

    /// Reserves room for `target` values exactly (2 bytes each while narrow), so that extending
    /// to `target` in small steps reallocates nothing; [`Sequence::extend_to`] reserves for its
    /// own target.
    ///
    /// # Errors
    /// [`SequenceError::TooManyValues`] beyond [`MAX_VALUES`]; [`SequenceError::OutOfMemory`].
    pub fn reserve(&mut self, target: u64) -> Result<(), SequenceError> {
        if target > MAX_VALUES {
            return Err(SequenceError::TooManyValues { requested: target, max: MAX_VALUES });
        }
        let target = target as usize;
        let more = target.saturating_sub(self.view().len());
        let (result, width) = match &mut self.store {
            Store::Narrow(t) => (t.values.try_reserve_exact(more), 2),
            Store::Wide(t) => (t.values.try_reserve_exact(more), 4),
        };
        result.map_err(|_| SequenceError::OutOfMemory { values: target as u64, bytes: target as u64 * width })
    }

    /// Keeps the first `len` values and forgets the rest, returning their memory: the sequence is
    /// then the one computed up to `len` (counts, largest value and rare heaps below `len`), and
    /// extending it computes the same values again. `O(values forgotten)`.
    pub fn truncate(&mut self, len: u64) {
        let state = &mut self.state;
        match &mut self.store {
            Store::Narrow(typed) => truncate_typed(state, typed, len),
            Store::Wide(typed) => truncate_typed(state, typed, len),
        }
    }

    /// Appends values computed earlier — a checkpoint read back — as if computed here: `values`
    /// are `G(len), G(len + 1), ...` of this game, which the caller vouches for. The state the
    /// next value needs (counts, the sparse method's split, the rare heaps) is rebuilt from them
    /// by the same bookkeeping as a computed value: `O(1)` a value plus the reviews of the split,
    /// far less than computing them.
    ///
    /// # Errors
    /// As [`Sequence::reserve`].
    pub fn replay(&mut self, values: &[u32]) -> Result<(), SequenceError> {
        self.reserve(self.len() + values.len() as u64)?;
        for &value in values {
            match &mut self.store {
                Store::Narrow(typed) if value <= self.state.narrow_max => {
                    record(&mut self.state, typed, value)
                }
                Store::Narrow(_) => self.widen_with(value),
                Store::Wide(typed) => record(&mut self.state, typed, value),
            }
        }
        Ok(())
    }

    /// Widens the store to 4 bytes a value and records `value`, the first that does not fit in
    /// 2 bytes.
    fn widen_with(&mut self, value: u32) {
        if let Store::Narrow(typed) = &mut self.store {
            let wide = widen(std::mem::replace(typed, Typed::new()));
            self.store = Store::Wide(wide);
            self.state.widened = true;
        }
        if let Store::Wide(typed) = &mut self.store {
            record(&mut self.state, typed, value);
        }
    }

    /// Computes values until `end`, widening the store when a value needs it.
    fn compute_until(&mut self, end: usize) {
        loop {
            match &mut self.store {
                Store::Narrow(typed) => match advance(&mut self.state, typed, end) {
                    Some(value) => self.widen_with(value),
                    None => return,
                },
                Store::Wide(typed) => {
                    // u32 holds every value a heap of at most 2^32 can have.
                    let _ = advance(&mut self.state, typed, end);
                    return;
                }
            }
        }
    }
}

fn truncate_typed<T: Cell>(state: &mut State, typed: &mut Typed<T>, len: u64) {
    let len = usize::try_from(len).unwrap_or(usize::MAX);
    if len >= typed.values.len() {
        return;
    }
    for value in &typed.values[len..] {
        state.counts[value.index()] -= 1;
    }
    typed.values.truncate(len);
    typed.values.shrink_to_fit();
    state.scratch.reuse_at = None;
    state.scratch.sets.next = None;
    let rare = typed.rare.partition_point(|&(n, _)| (n as usize) < len);
    typed.rare.truncate(rare);
    typed.rare.shrink_to_fit();
    state.largest = state.counts.iter().rposition(|&c| c > 0).unwrap_or(0) as u32;
}

fn widen(narrow: Typed<u16>) -> Typed<u32> {
    Typed {
        values: narrow.values.into_iter().map(u32::from).collect(),
        rare: narrow.rare.into_iter().map(|(n, v)| (n, u32::from(v))).collect(),
        found: [Vec::new(), Vec::new()],
    }
}

fn is_common(common: &[bool], value: usize) -> bool {
    common.get(value).copied().unwrap_or(false)
}

/// Computes values until `end`; returns `Some(value)` (not stored) when a value exceeds what
/// `T` may hold under `narrow_max`.
fn advance<T: Cell>(state: &mut State, typed: &mut Typed<T>, end: usize) -> Option<u32> {
    let limit = T::MAX.min(if T::MAX == u32::from(u16::MAX) { state.narrow_max } else { u32::MAX });
    while typed.values.len() < end {
        if typed.values.len() >= state.lanes.try_from && lanes::two_threads(state, typed, end, limit) {
            continue;
        }
        let n = typed.values.len();
        let below = Below {
            menu: &state.menu,
            common: state.common.as_deref(),
            g: &typed.values,
            rare: [&typed.rare, &[]],
        };
        let value = if small::applies(&state.scratch, &below) {
            #[cfg(test)]
            {
                state.values_by_sets += 1;
            }
            small::next_value(&mut state.scratch, &below, n)
        } else {
            next_value(&mut state.scratch, &below, n, |i| typed.values[i], Begun::Nothing)
        };
        if value > limit {
            return Some(value);
        }
        record(state, typed, value);
    }
    None
}

/// Appends `G(n) = value` for the next `n` and keeps counts, split and scratch up to date.
fn record<T: Cell>(state: &mut State, typed: &mut Typed<T>, value: u32) {
    let n = typed.values.len();
    typed.values.push(T::from_value(value));
    account(state, typed, n, value);
}

/// Keeps counts, split and scratch up to date for `G(n) = value`, the last value stored.
fn account<T: Cell>(state: &mut State, typed: &mut Typed<T>, n: usize, value: u32) {
    let v = value as usize;
    if v >= state.counts.len() {
        state.counts.resize(v + 1, 0);
    }
    state.counts[v] += 1;
    if value > state.largest {
        state.largest = value;
        state.scratch.fit(value);
    }
    if let Some(common) = &state.common {
        if n >= 1 && !is_common(common, v) {
            typed.rare.push((n as u32, T::from_value(value)));
        }
    }
    if n + 1 >= state.next_review {
        review(state, typed);
    }
}

/// What the value of heap `n` reads: the rules, the split, the values the splits read (those up
/// to `n - j - 1` for a split after removing `j`, `n - j - 2` for three heaps) and the rare heaps
/// among them, ascending, in two parts (the second empty but on two threads, where it holds the
/// rare heaps found by that thread). The removals leaving one heap read their value apart.
struct Below<'a, T> {
    menu: &'a MoveMenu,
    common: Option<&'a [bool]>,
    g: &'a [T],
    rare: [&'a [(u32, T)]; 2],
}

/// What was done for a heap before [`next_value`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Begun {
    /// Nothing: one thread computing heaps in order, which may read the rare pairs stamped for
    /// the heaps before.
    Nothing,
    /// A fresh stamp and the rare pairs reading only the first `ready` values ([`stamp_early`]).
    Early(usize),
}

/// The value of heap `n`; `value(i)` is `G(i)` for a removal leaving one heap of `i`.
fn next_value<T: Cell>(
    scratch: &mut Scratch,
    below: &Below<'_, T>,
    n: usize,
    value: impl Fn(usize) -> T,
    begun: Begun,
) -> u32 {
    let Below { menu, common, g, .. } = *below;
    match begun {
        Begun::Nothing if common.is_some() => stamp_rare_of_heap(scratch, below, n),
        Begun::Nothing => fresh_stamp(scratch),
        Begun::Early(ready) => {
            let (marks, stamp, tally) = (&mut scratch.rare_marks, scratch.stamp, &mut scratch.tally);
            for m in split_sizes(menu, n) {
                let early = early_pairs(m, ready);
                stamp_rare_split(below, m, 0..early.start, marks, stamp, tally);
                stamp_rare_split(below, m, early.end..m, marks, stamp, tally);
            }
        }
    }
    let (rare_marks, oldest) = (&scratch.rare_marks[..], scratch.oldest);
    let (marks, stamp, tally) = (&mut scratch.marks, scratch.stamp, &mut scratch.tally);
    for &j in &menu.whole {
        if n == j {
            marks[0] = stamp;
        }
    }
    for &j in &menu.take {
        if n > j {
            marks[value(n - j).index()] = stamp;
        }
    }
    for &j in &menu.split3 {
        if n >= j + 3 {
            stamp_triples(g, n - j, marks, stamp);
            // Partitions of m into three parts: round(m² / 12).
            let m = (n - j) as u64;
            tally.recorded_triples += (m * m + 6) / 12;
        }
    }
    let mut options = Stamped { marks, stamp, rare_marks, oldest };
    let candidate = Options::<T>::mex(&options, 0);
    // A common candidate is decided (no pair of common heaps reaches it), and so is one beyond
    // what the stored width holds.
    let settled =
        |c: usize| common.is_some_and(|common| is_common(common, c)) || c as u64 > u64::from(T::MAX);
    settle(&mut options, below, n, candidate, settled, tally)
}

/// A heap's options as [`settle`] records them.
trait Options<T> {
    /// Records the nim-sums of the pairs `(low[k], high[high.len() - 1 - k])`.
    fn record(&mut self, low: &[T], high: &[T]);
    fn insert(&mut self, value: usize);
    fn contains(&self, value: usize) -> bool;
    /// The least value from `from` on that is not an option (every value below `from` is).
    fn mex(&self, from: usize) -> usize;
}

/// Options stamped in marks (with the rare pairs stamped by age in their own marks).
struct Stamped<'a> {
    marks: &'a mut [u32],
    stamp: u32,
    rare_marks: &'a [u32],
    oldest: u32,
}

impl<T: Cell> Options<T> for Stamped<'_> {
    fn record(&mut self, low: &[T], high: &[T]) {
        stamp_pairs(low, high, self.marks, self.stamp);
    }
    fn insert(&mut self, value: usize) {
        self.marks[value] = self.stamp;
    }
    fn contains(&self, value: usize) -> bool {
        self.marks.get(value) == Some(&self.stamp)
    }
    fn mex(&self, from: usize) -> usize {
        mex_from(self.marks, self.stamp, self.rare_marks, self.oldest, from)
    }
}

/// Moves `candidate`, the least value not yet an option of heap `n`, up until it is `settled`
/// or no pair has it, and returns it: records the pairs from the start, block by block, while
/// the candidate moves (sparse: until it is common — the common-common pairs confirm the rare
/// values below it). When it has not moved for STALL pairs it is probably absent: a vectorized
/// scan of the pairs not recorded looks for it alone, and only an absent candidate costs that
/// whole scan.
#[inline(always)]
fn settle<T: Cell>(
    options: &mut impl Options<T>,
    below: &Below<'_, T>,
    n: usize,
    mut candidate: usize,
    settled: impl Fn(usize) -> bool,
    tally: &mut Tally,
) -> u32 {
    let Below { menu, g, .. } = *below;
    if settled(candidate) {
        return candidate as u32;
    }
    let mut stalled = 0;
    for (d, &j) in menu.split.iter().enumerate() {
        let (low, high) = regions(menu, g, n, j);
        // The pairs of this digit recorded (those of the digits after it: none yet).
        let mut frontier = 0;
        while frontier < low.len() {
            if stalled >= STALL {
                if !present_beyond(menu, g, n, d, frontier, T::from_value(candidate as u32), tally) {
                    return candidate as u32;
                }
                options.insert(candidate);
                candidate = options.mex(candidate + 1);
                if settled(candidate) {
                    return candidate as u32;
                }
                stalled = 0;
            }
            let k = frontier;
            let take = BLOCK.min(low.len() - k);
            options.record(&low[k..k + take], &high[high.len() - k - take..high.len() - k]);
            frontier += take;
            stalled += take;
            tally.recorded_pairs += take as u64;
            if options.contains(candidate) {
                candidate = options.mex(candidate);
                if settled(candidate) {
                    return candidate as u32;
                }
                stalled = 0;
            }
        }
    }
    // Every pair recorded.
    candidate as u32
}

/// The pairs of heap `n`'s two-heap split after removing `j` ([`split_pairs`]; none when the
/// heap is too small).
fn regions<'g, T: Cell>(menu: &MoveMenu, g: &'g [T], n: usize, j: usize) -> (&'g [T], &'g [T]) {
    if n >= j + 2 {
        split_pairs(g, n - j, menu.unequal)
    } else {
        (&[], &[])
    }
}

/// Whether a pair of heap `n`'s two-heap splits has nim-sum `target`, among those of split digit
/// `d` after its first `frontier` pairs and those of the digits after it (the pairs not recorded
/// yet); counts the pairs compared.
fn present_beyond<T: Cell>(
    menu: &MoveMenu,
    g: &[T],
    n: usize,
    d: usize,
    frontier: usize,
    target: T,
    tally: &mut Tally,
) -> bool {
    for (e, &j) in menu.split.iter().enumerate().skip(d) {
        let (low, high) = regions(menu, g, n, j);
        let k = if e == d { frontier } else { 0 };
        let (found, scanned) = pairs_contain(&low[k..], &high[..high.len() - k], target);
        tally.compared_pairs += scanned as u64;
        if found {
            return true;
        }
    }
    false
}

/// A fresh stamp for the next heap, with no rare pair stamped for it.
fn fresh_stamp(scratch: &mut Scratch) {
    advance_stamp(scratch, 1);
    scratch.oldest = scratch.stamp;
}

/// Moves the stamp on by `by`, so that nothing is stamped with the last `by` stamps; on wrapping
/// around, clears the marks.
fn advance_stamp(scratch: &mut Scratch, by: u32) {
    scratch.reuse_at = None;
    scratch.sets.next = None;
    scratch.stamp = match scratch.stamp.checked_add(by) {
        Some(stamp) => stamp,
        None => {
            scratch.marks.fill(0);
            scratch.rare_marks.fill(0);
            by
        }
    };
}

/// The sizes `m` a two-heap split of heap `n` leaves to share, by split digit.
fn split_sizes(menu: &MoveMenu, n: usize) -> impl Iterator<Item = usize> + '_ {
    menu.split.iter().filter(move |&&j| n >= j + 2).map(move |&j| n - j)
}

/// Starts heap `n` (one thread, heaps in order) with a fresh stamp and stamps its rare pairs.
/// Where the split digits are consecutive (`j, j + 1, ..., j + span`), the rare pairs of a
/// split leaving `m` are the same for heaps `m + j` to `m + j + span`: they are stamped once,
/// with the stamp of heap `m + j`, and a heap reads those of its last `span` stamps as its own.
/// So a heap stamps only the split of its first digit, and the others when the chain starts
/// again (the first heap, or after anything else stamped).
fn stamp_rare_of_heap<T: Cell>(scratch: &mut Scratch, below: &Below<'_, T>, n: usize) {
    let split = &below.menu.split;
    let span = below.menu.consecutive_split_span() as u32;
    let reuse = span > 0 && scratch.reuse_at == Some(n) && scratch.stamp < u32::MAX;
    if reuse {
        scratch.stamp += 1;
    } else {
        advance_stamp(scratch, span + 1);
    }
    let stamp = scratch.stamp;
    scratch.oldest = stamp - span;
    scratch.reuse_at = Some(n + 1);
    let (marks, tally) = (&mut scratch.rare_marks, &mut scratch.tally);
    // Oldest first, so that a sum in several splits keeps its newest stamp.
    for (age, &j) in split.iter().enumerate().rev() {
        if n < j + 2 || (reuse && age > 0) {
            continue;
        }
        let age = if span > 0 { age as u32 } else { 0 };
        stamp_rare_split(below, n - j, 0..n - j, marks, stamp - age, tally);
    }
}

/// For a split leaving `m`, the rare heaps `r` whose pair `(r, m - r)` reads only the first
/// `ready` values: `m - ready < r < min(m, ready)`, empty at `m` when there are none.
fn early_pairs(m: usize, ready: usize) -> std::ops::Range<usize> {
    let low = (m + 1).saturating_sub(ready).min(m);
    low..m.min(ready).max(low)
}

/// Stamps the pairs `(r, m - r)` of a two-heap split leaving `m` with a rare heap `r` in
/// `positions` and counts them: one load, one xor, one store each.
fn stamp_rare_split<T: Cell>(
    below: &Below<'_, T>,
    m: usize,
    positions: std::ops::Range<usize>,
    marks: &mut [u32],
    stamp: u32,
    tally: &mut Tally,
) {
    let Below { menu, g, rare: parts, .. } = *below;
    // The second part is empty but on two threads.
    for part in parts.into_iter().filter(|part| !part.is_empty()) {
        let first = match positions.start {
            0 => 0,
            start => part.partition_point(|&(r, _)| (r as usize) < start),
        };
        // Rare heaps are mostly small: usually all of them are below the end.
        let end = match part.last() {
            Some(&(r, _)) if (r as usize) >= positions.end => {
                part.partition_point(|&(r, _)| (r as usize) < positions.end)
            }
            _ => part.len(),
        };
        let rare = &part[first..end];
        // SAFETY: every list of rare heaps ascends: heaps are added in order (`account`, a
        // thread's `found`), a rebuild lists them in order, and a truncation keeps a prefix.
        if menu.unequal && m.is_multiple_of(2) {
            // The split into two equal heaps is not a move.
            let middle = rare.partition_point(|&(r, _)| (r as usize) < m / 2);
            let skip = usize::from(rare.get(middle).is_some_and(|&(r, _)| r as usize == m / 2));
            unsafe { stamp_rare(g, &rare[..middle], m, marks, stamp) };
            unsafe { stamp_rare(g, &rare[middle + skip..], m, marks, stamp) };
        } else {
            unsafe { stamp_rare(g, rare, m, marks, stamp) };
        }
        tally.rare_pairs += rare.len() as u64;
    }
}

/// Starts heap `n` with a fresh stamp and stamps its rare pairs that read only the first `ready`
/// values, all `below.g` holds: what a thread can do before waiting for the others.
fn stamp_early<T: Cell>(scratch: &mut Scratch, below: &Below<'_, T>, n: usize, ready: usize) {
    fresh_stamp(scratch);
    let (marks, stamp, tally) = (&mut scratch.rare_marks, scratch.stamp, &mut scratch.tally);
    for m in split_sizes(below.menu, n) {
        stamp_rare_split(below, m, early_pairs(m, ready), marks, stamp, tally);
    }
}

/// Chooses the common values greedily, most frequent first (ties: smaller first), keeping the set
/// closed against nim-addition. Position 0 (value 0) is never a part of a split and never common
/// (`0 = c ^ c`). `O(V · |C|)` for `V` distinct values.
fn choose_common(counts: &[u64]) -> Vec<bool> {
    let mut order: Vec<usize> = (1..counts.len()).filter(|&v| counts[v] > 0).collect();
    order.sort_by(|&a, &b| counts[b].cmp(&counts[a]).then(a.cmp(&b)));
    let size = counts.len().next_power_of_two().max(2);
    let mut common = vec![false; size];
    let mut members: Vec<usize> = Vec::new();
    for v in order {
        if members.iter().all(|&c| !common[c ^ v]) {
            common[v] = true;
            members.push(v);
        }
    }
    common
}

/// Heap sizes `n >= 1` whose value is not common.
fn rare_count(counts: &[u64], common: &[bool]) -> u64 {
    let rare: u64 = counts.iter().enumerate().filter(|&(v, _)| !is_common(common, v)).map(|(_, &c)| c).sum();
    rare.saturating_sub(1) // G(0) = 0 is rare but never part of a split.
}

/// Revises the method: chooses the split, switches on or off, rebuilds the rare list.
fn review<T: Cell>(state: &mut State, typed: &mut Typed<T>) {
    let n = typed.values.len();
    state.next_review = n + (n / 8).max(256);
    state.lanes.reviewed(n, state.scratch.tally);
    if state.method == SequenceMethod::Direct || state.menu.split.is_empty() {
        return;
    }
    let proposal = choose_common(&state.counts);
    let proposed_rare = rare_count(&state.counts, &proposal);
    let forced = state.method == SequenceMethod::Sparse;
    let worth = |rare: u64| forced || rare.saturating_mul(SPARSE_FACTOR as u64) <= n as u64;
    match &state.common {
        None if worth(proposed_rare) => {}
        None => return,
        Some(_) if !forced && !worth(proposed_rare / 2) => {
            // No longer sparse: back to direct.
            state.common = None;
            typed.rare = Vec::new();
            return;
        }
        Some(_) if proposed_rare * 10 >= typed.rare.len() as u64 * 9 => return,
        Some(_) => {}
    }
    typed.rare = (1..n)
        .filter(|&i| !is_common(&proposal, typed.values[i].index()))
        .map(|i| (i as u32, typed.values[i]))
        .collect();
    // The rare pairs stamped so far were of the old split.
    state.scratch.reuse_at = None;
    state.scratch.sets.next = None;
    state.common = Some(proposal);
    state.split_rebuilds += 1;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use crate::octal::game::{GrundyGame, OctalGame};
    use crate::solve::{GrundySolver, SolveGame};

    fn values(mut sequence: Sequence, count: u64) -> Vec<u32> {
        sequence.extend_to(count, |_| ControlFlow::Continue(())).unwrap();
        sequence.view().to_vec()
    }

    /// The definition, directly: the mex over every move of a heap.
    fn by_definition(menu: &MoveMenu, count: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::new();
        for n in 0..count as u64 {
            let options = menu
                .heap_moves(n)
                .into_iter()
                .map(|(_, leaves)| leaves.iter().fold(0, |x, &h| x ^ g[h as usize]));
            g.push(crate::solve::mex32(options));
        }
        g
    }

    fn every_method(code: &OctalCode, count: u64) -> [Vec<u32>; 3] {
        [SequenceMethod::Auto, SequenceMethod::Direct, SequenceMethod::Sparse]
            .map(|method| values(Sequence::octal(code).with_method(method), count))
    }

    #[test]
    fn every_code_of_two_digits_and_d0_matches_the_definition() {
        for d0 in [0u8, 4] {
            for d1 in 0..8u8 {
                for d2 in 0..8u8 {
                    let code = OctalCode::from_digits(vec![d0, d1, d2]).unwrap();
                    let expected = by_definition(&MoveMenu::of_code(&code), 700);
                    for (i, got) in every_method(&code, 700).iter().enumerate() {
                        assert_eq!(got, &expected, "code {code}, method {i}");
                    }
                }
            }
        }
    }

    #[test]
    fn three_digit_and_hexadecimal_codes_match_the_definition() {
        for text in [
            "0.137", "0.16", "0.56", "0.034", "0.007", "0.777", "0.4", "4.007", "0.1777", "0x0.8", "0x0.F",
            "0x4.9C", "0x0.48",
        ] {
            let code: OctalCode = text.parse().unwrap();
            let count = if code.is_hexadecimal() { 150 } else { 2500 };
            let expected = by_definition(&MoveMenu::of_code(&code), count);
            for (i, got) in every_method(&code, count as u64).iter().enumerate() {
                assert_eq!(got, &expected, "code {code}, method {i}");
            }
        }
    }

    #[test]
    fn search_agrees_with_the_sequence_on_sums_of_small_heaps() {
        // Every code ?.?? (removals, whole-heap moves, splits with and without removal) and some
        // longer and hexadecimal ones: single heaps up to 16 and sums of two heaps.
        let mut codes = crate::octal::expand_pattern("?.??", 1000).unwrap();
        codes.extend(
            ["0.137", "0.16", "0.1777", "0x0.8", "0x0.C", "0x4.9"].map(|t| t.parse::<OctalCode>().unwrap()),
        );
        let budget = crate::Budget::default();
        for code in codes {
            let g = values(Sequence::octal(&code), 40);
            let mut solver = GrundySolver::new(OctalGame::new(code.clone()));
            for a in 0..=16u64 {
                assert_eq!(solver.value(&vec![a], &budget).unwrap(), g[a as usize], "{code} heap {a}");
                for b in [1u64, 5] {
                    assert_eq!(
                        solver.value(&vec![a, b], &budget).unwrap(),
                        g[a as usize] ^ g[b as usize],
                        "{code} heaps {a} {b}"
                    );
                }
            }
        }
        let g = values(Sequence::grundy_game(), 40);
        let mut solver = GrundySolver::new(GrundyGame::new());
        for a in 0..40u64 {
            assert_eq!(solver.value(&vec![a], &budget).unwrap(), g[a as usize], "Grundy's game heap {a}");
        }
    }

    #[test]
    fn grundy_game_matches_the_definition_by_every_method() {
        let expected = by_definition(&MoveMenu::grundy_game(), 3000);
        for method in [SequenceMethod::Auto, SequenceMethod::Direct, SequenceMethod::Sparse] {
            assert_eq!(values(Sequence::grundy_game().with_method(method), 3000), expected, "{method:?}");
        }
        assert!(GrundyGame::new().is_p_position(&vec![20], &Budget::default()).unwrap());
    }

    #[test]
    fn subtraction_codes_give_the_subtraction_sequences() {
        for set in [vec![1u64, 3, 4], vec![2, 3, 5, 7], vec![2, 3, 5, 7, 19], vec![5, 9, 12]] {
            let code = OctalCode::from_subtraction_set(&set);
            let expected = crate::periodicity::grundy_values(&set, 2000).unwrap();
            assert_eq!(values(Sequence::octal(&code), 2000), expected, "set {set:?}");
        }
    }

    #[test]
    fn widening_keeps_every_value() {
        for text in ["0.77", "0.16", "0.007"] {
            let code: OctalCode = text.parse().unwrap();
            let narrow = values(Sequence::octal(&code), 3000);
            let mut widened = Sequence::octal(&code).with_narrow_max(3);
            widened.extend_to(3000, |_| ControlFlow::Continue(())).unwrap();
            assert!(widened.stats().widened);
            assert_eq!(widened.view().to_vec(), narrow, "{code}");
        }
    }

    #[test]
    fn chunks_stream_in_order_and_the_sink_can_stop() {
        let mut sequence = Sequence::octal(&"0.16".parse().unwrap());
        let mut seen = Vec::new();
        let mut next = 0;
        sequence
            .extend_to(200_000, |chunk| {
                assert_eq!(chunk.start, next);
                next += chunk.values.len() as u64;
                seen.extend(chunk.values.iter());
                if next >= 100_000 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .unwrap();
        assert_eq!(seen.len() as u64, sequence.len());
        assert_eq!(sequence.len(), 2 * CHUNK as u64);
        assert_eq!(seen, sequence.view().to_vec());
        let stats = sequence.stats();
        assert_eq!(stats.method, ActiveMethod::Sparse);
        assert!(stats.rare_positions.unwrap() < 200);
    }

    /// A sequence cut short is the sequence computed up to the cut: same values, rare heaps
    /// and figures, and extending it again gives the same values.
    #[test]
    fn a_truncated_sequence_is_the_shorter_sequence() {
        for (text, long, short) in
            [("0.16", 60_000u64, 20_001u64), ("0.77", 3000, 100), ("0.007", 5000, 1234), ("0.56", 8000, 2999)]
        {
            let code: OctalCode = text.parse().unwrap();
            let mut cut = Sequence::octal(&code);
            cut.extend_to(long, |_| ControlFlow::Continue(())).unwrap();
            let whole = cut.view().to_vec();
            cut.truncate(short);
            assert_eq!(cut.view().to_vec(), whole[..short as usize], "{text}");
            let mut direct = Sequence::octal(&code);
            direct.extend_to(short, |_| ControlFlow::Continue(())).unwrap();
            let below = |heaps: Option<Vec<(u64, u32)>>| {
                heaps.map(|h| h.into_iter().filter(|&(n, _)| n < short).count())
            };
            assert_eq!(cut.rare_heaps().map(|h| h.len()), below(cut.rare_heaps()), "{text}");
            assert_eq!(cut.stats().largest_value, direct.stats().largest_value, "{text}");
            assert_eq!(cut.stats().distinct_values, direct.stats().distinct_values, "{text}");
            cut.extend_to(long, |_| ControlFlow::Continue(())).unwrap();
            assert_eq!(cut.view().to_vec(), whole, "{text}");
            assert_eq!(Values::from(cut.view()), cut.clone().into_values(), "{text}");
        }
    }

    /// `sequence` extended to `count` values in steps of 1, 2, 3, 50 and 700 values, in turn.
    fn extended_unevenly(mut sequence: Sequence, count: u64) -> Sequence {
        let mut len = 0;
        for step in [1, 2, 3, 50, 700].iter().cycle() {
            len = (len + step).min(count);
            sequence.extend_to(len, |_| ControlFlow::Continue(())).unwrap();
            if len == count {
                break;
            }
        }
        sequence
    }

    /// Two threads give the values, the rare heaps and the work figures of one: sparse and
    /// direct, with three-heap splits, across a widening of the store, extended in steps of
    /// every size; codes whose heaps read their predecessor stay on one thread.
    #[test]
    fn two_threads_give_the_values_and_figures_of_one() {
        let run = |text: &str, method, threads, narrow_max: u32, count: u64| {
            let code: OctalCode = text.parse().unwrap();
            let sequence =
                Sequence::octal(&code).with_method(method).with_threads(threads).with_narrow_max(narrow_max);
            extended_unevenly(sequence, count)
        };
        for (text, count, narrow_max, in_turn) in [
            ("0.034", 4000, u16::MAX.into(), true),
            ("0.007", 2500, u16::MAX.into(), true),
            ("0.56", 3000, u16::MAX.into(), true),
            ("0.16", 4000, 5, true),
            ("4.007", 2000, u16::MAX.into(), false),
            ("0x0.48", 300, u16::MAX.into(), true),
            ("0.77", 1000, u16::MAX.into(), false),
        ] {
            for method in [SequenceMethod::Auto, SequenceMethod::Direct, SequenceMethod::Sparse] {
                let one = run(text, method, Threads::One, narrow_max, count);
                let two = run(text, method, Threads::Two, narrow_max, count);
                let what = format!("{text} {method:?}");
                assert_eq!(two.view().to_vec(), one.view().to_vec(), "{what}");
                // One thread stamps the rare pairs of a split once for consecutive split digits
                // (0.56); two threads, each on every other heap, cannot.
                let (one_stats, two_stats) = (one.stats(), two.stats());
                let consecutive = MoveMenu::of_code(&text.parse().unwrap()).consecutive_split_span() > 0;
                if !consecutive {
                    assert_eq!(one_stats.rare_pairs, two_stats.rare_pairs, "{what}");
                } else if in_turn && method == SequenceMethod::Sparse {
                    assert!(one_stats.rare_pairs < two_stats.rare_pairs, "{what}");
                } else {
                    assert!(one_stats.rare_pairs <= two_stats.rare_pairs, "{what}");
                }
                let without_rare = |stats: SequenceStats| SequenceStats { rare_pairs: 0, ..stats };
                assert_eq!(without_rare(two_stats), without_rare(one_stats), "{what}");
                assert_eq!(two.rare_heaps(), one.rare_heaps(), "{what}");
                assert_eq!(one.state.two_thread_values, 0, "{what}");
                assert_eq!(two.state.two_thread_values > (count as usize) / 2, in_turn, "{what}");
            }
        }
    }

    /// Where every option is below 128, one thread keeps a heap's options as a set (in both
    /// compiled variants) instead of stamping marks: the same values, rare heaps and figures on
    /// every code `0.abc` and on Grundy's game (unequal splits), extended in uneven steps. With
    /// several split digits a size's rare set is built once for all of them while marks are
    /// stamped again where the digits are not consecutive: the rare pairs are compared where
    /// there is one split digit.
    #[test]
    fn sets_give_the_values_and_figures_of_stamped_marks() {
        // `Forced::Nothing` takes the AVX-512 variant where the processor has it.
        crate::octal::kernels::avx512_compared();
        let run =
            |sequence: Sequence, forced, count: u64| extended_unevenly(sequence.with_forced(forced), count);
        let mut games: Vec<(String, Sequence, u64)> = vec![("grundy".into(), Sequence::grundy_game(), 3000)];
        for digits in 1..512u32 {
            let code = OctalCode::from_digits(vec![
                0,
                (digits / 64) as u8,
                (digits / 8 % 8) as u8,
                (digits % 8) as u8,
            ]);
            let code = code.unwrap();
            games.push((code.to_string(), Sequence::octal(&code), 1500));
        }
        let mut by_sets = 0;
        for (name, sequence, count) in games {
            for method in [SequenceMethod::Auto, SequenceMethod::Sparse] {
                let sequence = sequence.clone().with_method(method).with_threads(Threads::One);
                let stamped = run(sequence.clone(), small::Forced::Stamped, count);
                let what = format!("{name} {method:?}");
                for forced in [small::Forced::Nothing, small::Forced::Portable] {
                    let sets = run(sequence.clone(), forced, count);
                    assert_eq!(sets.view().to_vec(), stamped.view().to_vec(), "{what} {forced:?}");
                    assert_eq!(sets.rare_heaps(), stamped.rare_heaps(), "{what} {forced:?}");
                    let (ours, theirs) = (sets.stats(), stamped.stats());
                    if sets.state.menu.split.len() <= 1 {
                        assert_eq!(ours.rare_pairs, theirs.rare_pairs, "{what} {forced:?}");
                    }
                    let without_rare = |stats: SequenceStats| SequenceStats { rare_pairs: 0, ..stats };
                    assert_eq!(without_rare(ours), without_rare(theirs), "{what} {forced:?}");
                    by_sets += sets.state.values_by_sets;
                    assert_eq!(stamped.state.values_by_sets, 0, "{what}");
                }
            }
        }
        // Most of these games are sparse with small values from the start.
        assert!(by_sets > 511 * 1500, "{by_sets} values by sets");
    }

    #[test]
    fn too_many_values_is_an_error() {
        let mut sequence = Sequence::octal(&OctalCode::kayles());
        assert!(matches!(
            sequence.extend_to(MAX_VALUES + 1, |_| ControlFlow::Continue(())),
            Err(SequenceError::TooManyValues { .. })
        ));
    }

    #[test]
    fn common_values_are_closed_against_nim_addition() {
        let counts = [5, 9, 9, 8, 1, 7, 7, 0, 3];
        let common = choose_common(&counts);
        let members: Vec<usize> = (0..common.len()).filter(|&v| common[v]).collect();
        for &a in &members {
            for &b in &members {
                assert!(!common[a ^ b], "{a} ^ {b} in {members:?}");
            }
        }
        assert!(!common[0]);
        // By frequency: 1, 2 in; 3 = 1 ^ 2 out; 5, 6 in; 8 in; 4 = 1 ^ 5 out.
        assert_eq!(members, [1, 2, 5, 6, 8]);
    }
}
