//! The quotient of the heaps `1..=n`, heap by heap (Plambeck and Siegel's method, in our own
//! formulation; docs/misere.md gives the proofs).
//!
//! # Pretensions and their check
//! A *pretension* is a finite commutative monoid `M` with a subset `P` and a map `Φ` from heap
//! sizes to `M`, extended to sums by multiplication. For a sum `w`, let `T(w)` be the set of
//! `Φ(w')` over its options `w'`. Adding one heap `h` to `w` gives
//! `T(w + h) = T(w)·Φ(h) ∪ Φ(w)·S_h`, where `S_h` is the set of `Φ(o)` over the options `o` of
//! the heap `h` alone. So the *state* `(Φ(w), T(w))` of a sum follows from the state of a
//! smaller sum and the *letter* `(Φ(h), S_h)` of the heap added. The pretension is **correct**
//! (`w` is a misère P-position exactly when `Φ(w) ∈ P`) if and only if every reachable state
//! satisfies `Φ(w) ∈ P ⟺ T(w) ≠ ∅ and T(w) ∩ P = ∅` (induction on the game). Only what a
//! state's `T` says about the future matters, `{z : T·z ∩ P ≠ ∅}`, so a state is kept as
//! `(x, U, nonterminal)`, `U` a bitset over `M`; there are finitely many, and the check
//! visits them all.
//!
//! # The quotient from a correct pretension
//! Two sums are indistinguishable among the sums of heaps `≤ n` exactly when their images
//! have the same P-signature `{z : x·z ∈ P}` within the submonoid the heaps generate; so the
//! quotient `Q_n` is that submonoid with equal signatures merged (a partition refinement).
//!
//! # Heap by heap
//! Given `Q_{n-1}`, heap `n` is first tried as a *conservative extension*: `Φ(n)` an existing
//! element (at most one can pass the check). Otherwise the presentation grows. A trial monoid
//! `Q_{n-1} × C(2, 2)` (`C(i, p)`: the cyclic monoid `a^{i+p} = a^i`) gets its P-portion by
//! walking the sums in colexicographic order (larger heaps most significant, so a sum's options
//! come before it): each element takes the status its *least* sum has, and the walk never
//! goes past a sum whose element is already marked (every later sum through it has an earlier
//! twin). The marked trial is reduced (equal P-signatures merged), then checked:
//!
//! * *P-failures* (a sum marked P with a move to P) are local: some `x` and heap `h` with
//!   `x·Φ(h) ∈ P` and `x·s ∈ P` for an `s ∈ S_h`; the least one is the least sum of `x` plus `h`.
//! * *N-failures* (a sum marked N with no move to P) are found by a colexicographic walk that
//!   keeps, for each element, only the inclusion-minimal option sets `T` met so far: a sum whose
//!   `T` contains an earlier one's at the same element fails only if that earlier one fails
//!   first (`T(w + v) = T(w)·Φ(v) ∪ Φ(w)·T(v)` is monotone in `T(w)`).
//!
//! At the least failure, heaps of that sum are *freed*, fewest first: a freed heap gets its own
//! cyclic factor `C(i, p)` beside the trial quotient, `i` at least its exponent in the failure,
//! and the trial is marked and reduced again; the first freeing that gives the failure its true
//! outcome is kept. This repeats until no failure is left; the trial is then `Q_n`, and the
//! failure walk's minimal option sets give the checker its states.
//!
//! The checker of conservative extensions keeps states `(x, U)` likewise by inclusion-minimal
//! `U` per element (an N-failure needs `1 ∉ U`, monotone), with P-failures checked locally.

use std::collections::VecDeque;

use rustc_hash::FxHashMap as HashMap;

use crate::budget::{hash_table_bytes, Budget, Exhausted, HeldBytes};
use crate::octal::game::MoveMenu;
use crate::octal::OctalCode;

use super::quotient::Quotient;

/// Steps of the quotient's construction that cost one unit of work: a step is one element's
/// option read, one key entry of the refinement or one cell of a table (a table look-up, a hash
/// probe or a bit set, a few nanoseconds), where a unit stands for tens. Measured by
/// bench/calibrate.sh (see docs/reliability.md for the figures).
pub(super) const STEPS_PER_UNIT: u64 = 20;

/// Charges `steps` steps of the construction, [`STEPS_PER_UNIT`] a unit (rounded up, so that no
/// charge is free).
fn pay(budget: &Budget, steps: u64) -> Result<(), Exhausted> {
    budget.charge(steps.div_ceil(STEPS_PER_UNIT))
}

/// Why a step stopped.
#[derive(Debug)]
pub(crate) enum Stop {
    Exhausted(Exhausted),
    /// A bug: an invariant of the method failed (never expected); which one, in English, for
    /// whoever fixes it (never the caller's fault, so not worded for users).
    Internal(String),
}

impl From<Exhausted> for Stop {
    fn from(e: Exhausted) -> Self {
        Stop::Exhausted(e)
    }
}

/// The options of each heap: the heaps each move leaves, at most three (a code's digits leave at
/// most three), padded with empty heaps, whose image is the identity.
pub(crate) struct HeapOptions {
    menu: MoveMenu,
    options: Vec<Vec<Leaves>>,
    /// The moves being listed (then copied at their length: one allocation a heap).
    scratch: Vec<Leaves>,
}

/// The heaps one move leaves, 0 for none.
pub(crate) type Leaves = [u32; 3];

impl HeapOptions {
    pub(crate) fn new(code: &OctalCode) -> Self {
        HeapOptions { menu: MoveMenu::of_code(code), options: vec![Vec::new()], scratch: Vec::new() }
    }

    /// The options of heap `h` (computed once; moves of one code leave distinct heaps).
    pub(crate) fn of(&mut self, h: usize, budget: &Budget) -> Result<&[Leaves], Exhausted> {
        while self.options.len() <= h {
            let heap = self.options.len() as u64;
            let opts = &mut self.scratch;
            opts.clear();
            self.menu.visit_moves(heap, |_, leaves| {
                let mut padded = [0; 3];
                for (slot, &g) in padded.iter_mut().zip(leaves) {
                    *slot = g as u32;
                }
                opts.push(padded);
            });
            budget.charge(opts.len() as u64 + 1)?;
            self.options.push(opts.clone());
        }
        Ok(&self.options[h])
    }

    /// Bytes of the options kept.
    fn held_bytes(&self) -> u64 {
        self.options.heap_bytes() + self.scratch.heap_bytes()
    }

    pub(crate) fn cached(&self, h: usize) -> &[Leaves] {
        &self.options[h]
    }
}

/// A heap added to a sum, as the check sees it: its image and the images of its options.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Letter {
    phi: u32,
    options: Vec<u32>,
}

/// A set of elements of a quotient, as a bitset.
type Bits = Vec<u64>;

fn bit(bits: &[u64], i: u32) -> bool {
    bits[i as usize / 64] >> (i % 64) & 1 == 1
}

/// The elements of a bitset, in increasing order.
fn members(bits: &[u64]) -> impl Iterator<Item = u32> + '_ {
    bits.iter().enumerate().flat_map(|(k, &word)| {
        let mut w = word;
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let y = (k * 64) as u32 + w.trailing_zeros();
                w &= w - 1;
                y
            })
        })
    })
}

fn set_bit(bits: &mut [u64], i: u32) {
    bits[i as usize / 64] |= 1 << (i % 64);
}

/// `a ⊆ b`.
fn subset(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & !y == 0)
}

/// An antichain of inclusion-minimal sets of elements, each a bitset of `words` words, kept in
/// one buffer (the walks add many small sets; one allocation each would cost more than the test).
#[derive(Debug, Clone)]
struct Antichain {
    words: usize,
    flat: Vec<u64>,
}

impl Antichain {
    fn new(words: usize) -> Self {
        Antichain { words, flat: Vec::new() }
    }

    fn sets(&self) -> std::slice::ChunksExact<'_, u64> {
        self.flat.chunks_exact(self.words)
    }

    /// Whether one of the sets is contained in `t`.
    fn dominates(&self, t: &[u64]) -> bool {
        self.sets().any(|old| subset(old, t))
    }

    /// Adds `t` unless it contains one of the sets, dropping the sets that contain it; true when
    /// added.
    fn incorporate(&mut self, t: &[u64]) -> bool {
        if self.dominates(t) {
            return false;
        }
        let mut kept = 0;
        for at in (0..self.flat.len()).step_by(self.words) {
            if !subset(t, &self.flat[at..at + self.words]) {
                self.flat.copy_within(at..at + self.words, kept);
                kept += self.words;
            }
        }
        self.flat.truncate(kept);
        self.flat.extend_from_slice(t);
        true
    }
}

impl HeldBytes for Antichain {
    fn heap_bytes(&self) -> u64 {
        self.flat.heap_bytes()
    }
}

/// No P-failure through this letter: no `x` with `x·Φ(h) ∈ P` and `x·s ∈ P` for an option
/// image `s` (every element is the image of some sum, so this is exact).
fn no_p_failure(q: &Quotient, letter: &Letter) -> bool {
    (0..q.order() as u32)
        .all(|x| !q.is_p(q.mul(x, letter.phi)) || letter.options.iter().all(|&o| !q.is_p(q.mul(x, o))))
}

/// The states `(x, U)` of every nonempty sum of the heaps so far, kept by inclusion-minimal
/// `U = {z : T·z ∩ P ≠ ∅}` per element, all checked, and the letters that reach them.
pub(crate) struct Checker {
    signatures: Vec<Bits>,
    letters: Vec<Letter>,
    states: Vec<Antichain>,
}

impl Checker {
    /// Bytes it holds: the signatures and the kept states (bitsets over the elements).
    fn held_bytes(&self) -> u64 {
        self.signatures.heap_bytes() + self.states.heap_bytes()
    }

    fn new(q: &Quotient) -> Self {
        let signatures = (0..q.order() as u32).map(|x| q.signature(x)).collect();
        Checker {
            signatures,
            letters: Vec::new(),
            states: vec![Antichain::new(q.order().div_ceil(64)); q.order()],
        }
    }

    /// The checker of a correct quotient from the inclusion-minimal option sets `T` of each
    /// element's nonempty sums (as the failure walk leaves them) and the heaps' letters: a
    /// state's `U` is the union of its options' signatures, monotone in `T`, so the minimal `T`
    /// give every minimal `U`.
    fn from_option_sets(
        q: &Quotient,
        letters: Vec<Letter>,
        option_sets: &[Antichain],
        budget: &Budget,
    ) -> Result<Self, Exhausted> {
        let mut checker = Checker::new(q);
        let words = q.order().div_ceil(64);
        let mut u: Bits = vec![0; words];
        for (x, sets) in option_sets.iter().enumerate() {
            pay(budget, sets.flat.len() as u64 * 8)?;
            for t in sets.sets() {
                u.fill(0);
                for y in members(t) {
                    for (a, b) in u.iter_mut().zip(&checker.signatures[y as usize]) {
                        *a |= b;
                    }
                }
                checker.states[x].incorporate(&u);
            }
        }
        checker.letters = letters;
        budget.check_held(checker.held_bytes() + q.held_bytes())?;
        Ok(checker)
    }

    /// The state after adding `letter` to the state `(x, u)`: its element, its set in `next`.
    fn step(&self, q: &Quotient, x: u32, u: &[u64], letter: &Letter, next: &mut Bits) -> u32 {
        next.clear();
        next.resize(q.order().div_ceil(64), 0);
        if u.iter().any(|&w| w != 0) {
            for (chunk, word) in q.row(letter.phi).chunks(64).zip(next.iter_mut()) {
                let mut bits = 0u64;
                for (i, &y) in chunk.iter().enumerate() {
                    bits |= (u[y as usize / 64] >> (y % 64) & 1) << i;
                }
                *word = bits;
            }
        }
        let row = q.row(x);
        for &o in &letter.options {
            for (w, sig) in next.iter_mut().zip(&self.signatures[row[o as usize] as usize]) {
                *w |= sig;
            }
        }
        row[letter.phi as usize]
    }

    /// The new minimal states once `letter` joins the alphabet, all checked; `None` at the
    /// first failure.
    fn extend(
        &self,
        q: &Quotient,
        letter: &Letter,
        budget: &Budget,
    ) -> Result<Option<Vec<Antichain>>, Exhausted> {
        if !no_p_failure(q, letter) {
            return Ok(None);
        }
        let n = q.order();
        let words = n.div_ceil(64) as u64;
        let cost = 1 + (n as u64 / 16) + words * letter.options.len() as u64;
        let mut fresh = vec![Antichain::new(words as usize); n];
        // The new states come on top of the kept ones and the quotient.
        let held = std::cell::Cell::new(self.held_bytes() + q.held_bytes());
        let mut queue: VecDeque<(u32, Bits)> = VecDeque::new();
        let offer =
            |fresh: &mut Vec<Antichain>, queue: &mut VecDeque<(u32, Bits)>, x: u32, u: &[u64]| -> bool {
                if self.states[x as usize].dominates(u) {
                    return true;
                }
                if !q.is_p(x) && !bit(u, 0) {
                    return false;
                }
                if fresh[x as usize].incorporate(u) {
                    held.set(held.get() + 8 * words + 32);
                    queue.push_back((x, u.to_vec()));
                }
                true
            };
        let mut v: Bits = Vec::with_capacity(words as usize);
        let zero = vec![0u64; words as usize];
        let sources = std::iter::once((0u32, zero.as_slice()))
            .chain(self.states.iter().enumerate().flat_map(|(x, us)| us.sets().map(move |u| (x as u32, u))));
        let mut pending = 0u64;
        let mut charge = |units: u64| -> Result<(), Exhausted> {
            pending += units;
            if pending >= 1 << 12 {
                pay(budget, std::mem::take(&mut pending))?;
                budget.check_held(held.get())?;
            }
            Ok(())
        };
        for (x, u) in sources {
            charge(cost)?;
            let y = self.step(q, x, u, letter, &mut v);
            if !offer(&mut fresh, &mut queue, y, &v) {
                return Ok(None);
            }
        }
        while let Some((x, u)) = queue.pop_front() {
            for l in self.letters.iter().chain(std::iter::once(letter)) {
                charge(cost)?;
                let y = self.step(q, x, &u, l, &mut v);
                if !offer(&mut fresh, &mut queue, y, &v) {
                    return Ok(None);
                }
            }
        }
        pay(budget, pending)?;
        Ok(Some(fresh))
    }

    fn commit(&mut self, letter: Letter, fresh: Vec<Antichain>) {
        for (x, us) in fresh.iter().enumerate() {
            for u in us.sets() {
                self.states[x].incorporate(u);
            }
        }
        self.letters.push(letter);
    }
}

/// A heap freed in a trial monoid: its own cyclic factor `C(index, period)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Free {
    heap: usize,
    index: u64,
    period: u64,
}

/// A trial monoid `Q × C(i₁, p₁) × ...`, its elements packed in bit fields: the base element in
/// the low bits, then each factor's exponent.
struct Trial<'q> {
    base: &'q Quotient,
    /// Images in the base of the heaps not freed (the identity for freed heaps).
    base_phi: Vec<u32>,
    free: Vec<Free>,
    base_mask: u64,
    /// Per factor: its shift, its mask, and `c(s)` for exponent sums `s < 2(i + p)`.
    fields: Vec<(u32, u64, Vec<u64>)>,
    /// Per factor, its weight in the mixed-radix numbering of the elements (`dense`).
    strides: Vec<u64>,
    /// The number of elements: the base's order times each factor's `i + p`.
    size: u64,
}

impl<'q> Trial<'q> {
    /// The trial monoid, or `None` when its elements do not fit 64 bits.
    fn new(base: &'q Quotient, base_phi: Vec<u32>, free: Vec<Free>) -> Option<Self> {
        let width = |r: u64| 64 - r.saturating_sub(1).leading_zeros();
        let mut shift = width(base.order() as u64).max(1);
        let base_mask = (1u64 << shift) - 1;
        let mut fields = Vec::with_capacity(free.len());
        let mut strides = Vec::with_capacity(free.len());
        let mut size = base.order() as u64;
        for f in &free {
            let r = f.index.checked_add(f.period)?;
            if r > 1 << 20 || f.period == 0 {
                return None;
            }
            let w = width(r).max(1);
            if shift + w > 63 {
                return None;
            }
            let reduce =
                (0..2 * r).map(|s| if s < r { s } else { f.index + (s - f.index) % f.period }).collect();
            fields.push((shift, (1u64 << w) - 1, reduce));
            strides.push(size);
            size = size.checked_mul(r)?;
            shift += w;
        }
        Some(Trial { base, base_phi, free, base_mask, fields, strides, size })
    }

    /// The element's number in `0..size` (mixed radix: the base element, then each exponent).
    fn dense(&self, a: u64) -> usize {
        let mut out = a & self.base_mask;
        for ((shift, mask, _), stride) in self.fields.iter().zip(&self.strides) {
            out += (a >> shift & mask) * stride;
        }
        out as usize
    }

    fn mul(&self, a: u64, b: u64) -> u64 {
        let mut out = u64::from(self.base.mul((a & self.base_mask) as u32, (b & self.base_mask) as u32));
        for (shift, mask, reduce) in &self.fields {
            let s = (a >> shift & mask) + (b >> shift & mask);
            out |= reduce[s as usize] << shift;
        }
        out
    }

    fn image(&self, heap: usize) -> u64 {
        for (f, (shift, _, _)) in self.free.iter().zip(&self.fields) {
            if f.heap == heap {
                return 1 << shift;
            }
        }
        u64::from(self.base_phi[heap])
    }
}

/// A map from a trial's elements to numbers: an array indexed by `Trial::dense` when the trial
/// is small enough (a hash lookup per step cost more than the step), else a hash map.
enum Slots {
    Dense(Vec<u32>),
    Sparse(HashMap<u64, u32>),
}

/// Trials with at most this many elements get an array (4 bytes an element).
const DENSE_LIMIT: u64 = 1 << 22;

impl Slots {
    /// The slots of `trial`'s elements, with `beside` bytes already held.
    fn new(trial: &Trial<'_>, budget: &Budget, beside: u64) -> Result<Self, Exhausted> {
        if trial.size <= DENSE_LIMIT && trial.size * 8 <= budget.memory_limit() {
            budget.check_held(beside + trial.size * 4)?;
            pay(budget, trial.size / 64 + 1)?;
            Ok(Slots::Dense(vec![u32::MAX; trial.size as usize]))
        } else {
            Ok(Slots::Sparse(HashMap::default()))
        }
    }

    fn get(&self, trial: &Trial<'_>, x: u64) -> Option<u32> {
        match self {
            Slots::Dense(v) => Some(v[trial.dense(x)]).filter(|&y| y != u32::MAX),
            Slots::Sparse(m) => m.get(&x).copied(),
        }
    }

    /// Sets the slot of `x`; false when it was already set (left unchanged then).
    fn set(&mut self, trial: &Trial<'_>, x: u64, value: u32) -> bool {
        self.get_or_insert(trial, x, value).1
    }

    /// The slot of `x`, set to `value` if it was unset: the slot's value, and whether it was set
    /// now.
    fn get_or_insert(&mut self, trial: &Trial<'_>, x: u64, value: u32) -> (u32, bool) {
        match self {
            Slots::Dense(v) => {
                let slot = &mut v[trial.dense(x)];
                if *slot == u32::MAX {
                    *slot = value;
                    (value, true)
                } else {
                    (*slot, false)
                }
            }
            Slots::Sparse(m) => match m.entry(x) {
                std::collections::hash_map::Entry::Vacant(e) => (*e.insert(value), true),
                std::collections::hash_map::Entry::Occupied(e) => (*e.get(), false),
            },
        }
    }

    /// Bytes held (the hash map's by its capacity).
    fn held(&self) -> u64 {
        match self {
            Slots::Dense(v) => v.capacity() as u64 * 4,
            Slots::Sparse(m) => hash_table_bytes(m.capacity(), std::mem::size_of::<(u64, u32)>()),
        }
    }
}

/// The heaps `1..=n` that have options, largest first, with their images and their options'
/// images under `mul` and `image` (heaps without options are the empty game: left out), one
/// heap a letter: of heaps with the same image and the same option images only the smallest is
/// kept. The walks lose nothing by it: such heaps give the sums they are in the same states, so
/// a sum through a larger twin has the same state as the colexicographically smaller sum through
/// the smallest, which the walks meet first (least sums, least failures and least words never
/// use the larger twins).
fn heap_letters<E: Copy + Ord>(
    n: usize,
    options: &HeapOptions,
    identity: E,
    image: impl Fn(usize) -> E,
    mul: impl Fn(E, E) -> E,
) -> Vec<(usize, E, Vec<E>)> {
    let mut heaps: Vec<(usize, E, Vec<E>)> = Vec::new();
    let mut images: Vec<E> = Vec::new();
    for h in 1..=n {
        let opts = options.cached(h);
        if opts.is_empty() {
            continue;
        }
        images.clear();
        images
            .extend(opts.iter().map(|o| {
                o.iter().filter(|&&g| g != 0).fold(identity, |acc, &g| mul(acc, image(g as usize)))
            }));
        images.sort_unstable();
        images.dedup();
        let img = image(h);
        if !heaps.iter().any(|(_, i, o)| *i == img && *o == images) {
            heaps.push((h, img, images.clone()));
        }
    }
    heaps.reverse();
    heaps
}

/// A depth-first walk over the products of the heaps' images, one level a heap: each level
/// takes its heap 0, 1, 2, ... times while [`LevelWalk::advance`] goes on, and a leaf sees the
/// product and its option set. The marker and the failure search are such walks; each level's
/// two option-set buffers are reused.
trait LevelWalk {
    /// An element of the quotient being walked.
    type Element: Copy;
    /// Why the walk stopped early.
    type Halt;
    /// What a level restores when it is done.
    type Saved;

    fn levels(&self) -> usize;
    /// The two buffers of `level` (the current option set and the next).
    fn buffers(&mut self, level: usize) -> &mut (Bits, Bits);
    fn save(&self, level: usize) -> Self::Saved;
    fn restore(&mut self, level: usize, saved: Self::Saved);
    /// A product of every level's powers, `x`, with its option set `t`.
    fn leaf(&mut self, x: Self::Element, t: &[u64]) -> Result<(), Self::Halt>;
    /// One more heap of `level` from `x` with option set `t`: the element reached with its
    /// option set in `nt`, or `None` where the level stops.
    fn advance(
        &mut self,
        level: usize,
        x: Self::Element,
        t: &[u64],
        nt: &mut Bits,
    ) -> Result<Option<Self::Element>, Self::Halt>;

    /// Walks `level` and the levels below from `x` with option set `t`.
    fn run(&mut self, level: usize, x: Self::Element, t: &[u64]) -> Result<(), Self::Halt> {
        if level == self.levels() {
            return self.leaf(x, t);
        }
        let saved = self.save(level);
        self.run(level + 1, x, t)?;
        let (mut cur, mut nxt) = std::mem::take(self.buffers(level));
        let mut x = x;
        if let Some(nx) = self.advance(level, x, t, &mut cur)? {
            x = nx;
            loop {
                self.run(level + 1, x, &cur)?;
                match self.advance(level, x, &cur, &mut nxt)? {
                    Some(nx) => {
                        x = nx;
                        std::mem::swap(&mut cur, &mut nxt);
                    }
                    None => break,
                }
            }
        }
        *self.buffers(level) = (cur, nxt);
        self.restore(level, saved);
        Ok(())
    }
}

/// Marks a trial monoid's P-portion: each element reached takes the status of its least sum in
/// colexicographic order (a P-position exactly when it has an option and no option is marked P).
struct Marker<'t> {
    trial: &'t Trial<'t>,
    heaps: Vec<(usize, u64, Vec<u64>)>,
    /// 1 for P, 0 for N.
    marks: Slots,
    /// Per level, two buffers for option sets.
    buffers: Vec<(Bits, Bits)>,
    /// An element and the status it must get (the marking stops as soon as it gets the other).
    target: Option<(u64, bool)>,
    budget: &'t Budget,
    /// Bytes held beside the marks (the quotients and states the solver keeps meanwhile).
    beside: u64,
    pending: u64,
}

/// Why a marking stopped early.
enum Halt {
    Stop(Stop),
    /// The target element was marked with the other status.
    Target,
}

impl From<Exhausted> for Halt {
    fn from(e: Exhausted) -> Self {
        Halt::Stop(Stop::Exhausted(e))
    }
}

impl Marker<'_> {
    /// Charges the budget in batches (an atomic add per step would cost more than the step).
    fn charge(&mut self, units: u64) -> Result<(), Halt> {
        self.pending += units;
        if self.pending >= 1 << 12 {
            pay(self.budget, std::mem::take(&mut self.pending))?;
            self.budget.check_held(self.beside + self.marks.held())?;
        }
        Ok(())
    }
}

impl LevelWalk for Marker<'_> {
    type Element = u64;
    type Halt = Halt;
    type Saved = ();

    fn levels(&self) -> usize {
        self.heaps.len()
    }

    fn buffers(&mut self, level: usize) -> &mut (Bits, Bits) {
        &mut self.buffers[level]
    }

    fn save(&self, _level: usize) {}

    fn restore(&mut self, _level: usize, (): ()) {}

    fn leaf(&mut self, x: u64, t: &[u64]) -> Result<(), Halt> {
        self.charge(1 + t.len() as u64)?;
        let mut status = !t.is_empty();
        for y in t {
            match self.marks.get(self.trial, *y) {
                Some(1) => status = false,
                Some(_) => {}
                None => return Err(Halt::Stop(Stop::Internal(format!("option image {y} not marked")))),
            }
        }
        if !self.marks.set(self.trial, x, u32::from(status)) {
            return Err(Halt::Stop(Stop::Internal(format!("element {x} marked twice"))));
        }
        if self.target.is_some_and(|(y, p)| y == x && p != status) {
            return Err(Halt::Target);
        }
        Ok(())
    }

    /// One more heap of `level`, unless the element it reaches is already marked: the element
    /// reached, its option images left in `nt`.
    fn advance(&mut self, level: usize, x: u64, t: &[u64], nt: &mut Bits) -> Result<Option<u64>, Halt> {
        let (_, img, opts) = &self.heaps[level];
        let nx = self.trial.mul(x, *img);
        if self.marks.get(self.trial, nx).is_some() {
            return Ok(None);
        }
        nt.clear();
        nt.extend(t.iter().map(|&y| self.trial.mul(y, *img)));
        nt.extend(opts.iter().map(|&o| self.trial.mul(x, o)));
        nt.sort_unstable();
        nt.dedup();
        let units = 1 + t.len() as u64 + opts.len() as u64;
        self.charge(units)?;
        Ok(Some(nx))
    }
}

/// Colexicographic order on exponent vectors (larger heaps most significant).
fn colex_less(a: &[u32], b: &[u32]) -> bool {
    for i in (0..a.len().max(b.len())).rev() {
        let (x, y) = (a.get(i).copied().unwrap_or(0), b.get(i).copied().unwrap_or(0));
        if x != y {
            return x < y;
        }
    }
    false
}

/// The index and period of `x` in `q`: the least `i`, `p` with `x^{i+p} = x^i`.
fn index_period(q: &Quotient, x: u32) -> (u64, u64) {
    let mut seen = HashMap::default();
    let mut y = 0u32;
    for k in 0u64.. {
        if let Some(&i) = seen.get(&y) {
            return (i, k - i);
        }
        seen.insert(y, k);
        y = q.mul(y, x);
    }
    unreachable!("a finite monoid's powers repeat")
}

/// A reduced pretension: a quotient and the images of heaps `0..=n`.
struct Pretension {
    q: Quotient,
    phi: Vec<u32>,
}

impl Pretension {
    fn image(&self, word: &[u32]) -> u32 {
        let mut x = 0;
        for (h, &e) in word.iter().enumerate() {
            x = self.q.mul(x, self.q.pow(self.phi[h], u64::from(e)));
        }
        x
    }
}

/// The least-failure search on a reduced pretension.
struct FailureWalk<'p> {
    q: &'p Quotient,
    heaps: Vec<(usize, u32, Vec<u32>)>,
    p_mask: Bits,
    /// Inclusion-minimal option sets met so far, per element.
    seen: Vec<Antichain>,
    exponents: Vec<u32>,
    /// Per level, two buffers for option sets.
    buffers: Vec<(Bits, Bits)>,
    bound: Option<Vec<u32>>,
    budget: &'p Budget,
    held: u64,
    pending: u64,
}

enum Found {
    Failure(Vec<u32>),
    Bound,
    Stop(Stop),
}

/// What the least-failure search concluded.
enum Verdict {
    /// The least sum whose marked status is wrong.
    Failure(Vec<u32>),
    /// No failure: the checker of the quotient, its states from the walk's option sets.
    Correct(Checker),
}

impl From<Exhausted> for Found {
    fn from(e: Exhausted) -> Self {
        Found::Stop(Stop::Exhausted(e))
    }
}

impl FailureWalk<'_> {
    /// Charges the budget in batches.
    fn charge(&mut self, units: u64) -> Result<(), Found> {
        self.pending += units;
        if self.pending >= 1 << 12 {
            pay(self.budget, std::mem::take(&mut self.pending))?;
            self.budget.check_held(self.held)?;
        }
        Ok(())
    }
}

impl LevelWalk for FailureWalk<'_> {
    type Element = u32;
    type Halt = Found;
    type Saved = u32;

    fn levels(&self) -> usize {
        self.heaps.len()
    }

    fn buffers(&mut self, level: usize) -> &mut (Bits, Bits) {
        &mut self.buffers[level]
    }

    /// The exponent of the level's heap, which the level's advances raise.
    fn save(&self, level: usize) -> u32 {
        self.exponents[self.heaps[level].0]
    }

    fn restore(&mut self, level: usize, saved: u32) {
        self.exponents[self.heaps[level].0] = saved;
    }

    fn leaf(&mut self, x: u32, t: &[u64]) -> Result<(), Found> {
        self.charge(1)?;
        if self.bound.as_ref().is_some_and(|b| !colex_less(&self.exponents, b)) {
            return Err(Found::Bound);
        }
        let nonterminal = t.iter().any(|&w| w != 0);
        let to_p = t.iter().zip(&self.p_mask).any(|(a, b)| a & b != 0);
        if nonterminal && !to_p && !self.q.is_p(x) {
            return Err(Found::Failure(self.exponents.clone()));
        }
        Ok(())
    }

    /// One more heap of `level`, unless its option set contains one met before at its element:
    /// the element reached, its option set left in `nt`.
    fn advance(&mut self, level: usize, x: u32, t: &[u64], nt: &mut Bits) -> Result<Option<u32>, Found> {
        let (heap, img, opts) = &self.heaps[level];
        nt.clear();
        nt.resize(t.len(), 0);
        for y in members(t) {
            set_bit(nt, self.q.mul(y, *img));
        }
        for &o in opts {
            set_bit(nt, self.q.mul(x, o));
        }
        let nx = self.q.mul(x, *img);
        let units = 2 + t.len() as u64 * 8 + opts.len() as u64;
        self.exponents[*heap] += 1;
        self.charge(units)?;
        if !self.seen[nx as usize].incorporate(nt) {
            return Ok(None);
        }
        self.held += 8 * nt.len() as u64 + 32;
        Ok(Some(nx))
    }
}

/// The state of the computation: `Q_n`, `Φ` on heaps `0..=n`, and the checked states.
pub(crate) struct Solver {
    pub(crate) options: HeapOptions,
    pub(crate) quotient: Quotient,
    pub(crate) phi: Vec<u32>,
    pub(crate) expansions: Vec<u64>,
    checker: Checker,
}

impl Solver {
    pub(crate) fn new(code: &OctalCode) -> Self {
        let quotient = Quotient::trivial();
        let checker = Checker::new(&quotient);
        Solver { options: HeapOptions::new(code), quotient, phi: vec![0], expansions: Vec::new(), checker }
    }

    /// Bytes it keeps between heaps: `Q_n`, `Φ`, the checker's states and the heaps' options.
    fn held_bytes(&self) -> u64 {
        self.quotient.held_bytes()
            + self.phi.heap_bytes()
            + self.checker.held_bytes()
            + self.options.held_bytes()
    }

    /// The heaps computed so far (`n` of `Q_n`).
    pub(crate) fn reached(&self) -> usize {
        self.phi.len() - 1
    }

    fn letter_of(&self, h: usize, phi: u32) -> Letter {
        let q = &self.quotient;
        let mut opts: Vec<u32> = self
            .options
            .cached(h)
            .iter()
            .map(|o| q.product(o.iter().filter(|&&g| g != 0).map(|&g| self.phi[g as usize])))
            .collect();
        opts.sort_unstable();
        opts.dedup();
        Letter { phi, options: opts }
    }

    /// Adds heap `n + 1`.
    pub(crate) fn next(&mut self, budget: &Budget) -> Result<(), Stop> {
        let n = self.phi.len();
        self.options.of(n, budget)?;
        let mut letter = self.letter_of(n, 0);
        if letter.options.is_empty() {
            // No move at all: the heap is the empty game.
            self.phi.push(0);
            return Ok(());
        }
        let q = &self.quotient;
        let should_be_p = letter.options.iter().all(|&o| !q.is_p(o));
        let candidates = || (0..q.order() as u32).filter(move |&x| q.is_p(x) == should_be_p);
        // A letter already in the alphabet adds no state.
        let known = |x: u32| self.checker.letters.iter().any(|l| l.phi == x && l.options == letter.options);
        if let Some(x) = candidates().find(|&x| known(x)) {
            self.phi.push(x);
            return Ok(());
        }
        for x in candidates() {
            letter.phi = x;
            if let Some(fresh) = self.checker.extend(q, &letter, budget)? {
                self.phi.push(x);
                self.checker.commit(letter, fresh);
                return Ok(());
            }
        }
        self.expand(n, budget)
    }

    /// Heap `n` is no conservative extension: find `Q_n` by trial monoids and least failures.
    fn expand(&mut self, n: usize, budget: &Budget) -> Result<(), Stop> {
        let mut base_phi = self.phi.clone();
        base_phi.push(0);
        let free = [Free { heap: n, index: 2, period: 2 }];
        let Some(mut trial) = self.mark_and_reduce(&self.quotient, base_phi, &free, n, budget, None)? else {
            return Err(Stop::Internal("a marking without a target stopped early".into()));
        };
        let checker = loop {
            match self.least_failure(&trial, n, budget)? {
                Verdict::Failure(word) => trial = self.recalibrate(&trial, &word, n, budget)?,
                Verdict::Correct(checker) => break checker,
            }
        };
        self.quotient = trial.q;
        self.phi = trial.phi;
        self.expansions.push(n as u64);
        self.checker = checker;
        Ok(())
    }

    /// The trial monoid `base × C(free...)` marked by least sums and reduced; with `require`,
    /// `None` as soon as the sum `word` is marked other than `p` (a trial rejected unreduced).
    fn mark_and_reduce(
        &self,
        base: &Quotient,
        base_phi: Vec<u32>,
        free: &[Free],
        n: usize,
        budget: &Budget,
        require: Option<(&[u32], bool)>,
    ) -> Result<Option<Pretension>, Stop> {
        let Some(trial) = Trial::new(base, base_phi, free.to_vec()) else {
            return Err(Stop::Exhausted(Exhausted::Memory { bytes: budget.memory_limit() }));
        };
        // What stays held meanwhile: the solver's quotient and states, and the pretension being
        // corrected when the base is not the solver's own quotient.
        let mut beside = self.held_bytes();
        if !std::ptr::eq(base, &self.quotient) {
            beside += base.held_bytes();
        }
        let heaps = heap_letters(n, &self.options, 0u64, |h| trial.image(h), |a, b| trial.mul(a, b));
        let marks = Slots::new(&trial, budget, beside)?;
        let buffers = vec![(Vec::new(), Vec::new()); heaps.len()];
        let target = require.map(|(word, p)| {
            let mut x = 0u64;
            for (h, &e) in word.iter().enumerate() {
                let g = trial.image(h);
                for _ in 0..e {
                    x = trial.mul(x, g);
                }
            }
            (x, p)
        });
        let mut marker = Marker { trial: &trial, heaps, marks, buffers, target, budget, beside, pending: 0 };
        match marker.run(0, 0, &[]) {
            Ok(()) => {}
            Err(Halt::Target) => {
                pay(budget, marker.pending)?;
                return Ok(None);
            }
            Err(Halt::Stop(s)) => return Err(s),
        }
        pay(budget, marker.pending)?;
        let marks = marker.marks;
        let beside = beside + marks.held();
        reduce(&trial, n, &marks, budget, beside).map(Some)
    }

    /// The least sum (colexicographic) whose marked status is wrong, or, when there is none, the
    /// checker of the pretension.
    fn least_failure(&self, p: &Pretension, n: usize, budget: &Budget) -> Result<Verdict, Stop> {
        let q = &p.q;
        let heaps = heap_letters(n, &self.options, 0u32, |h| p.phi[h], |a, b| q.mul(a, b));
        // Least sums of each element.
        let least = least_words(q, &heaps, n, budget)?;
        // The least P-failure: x·Φ(h) ∈ P with a move to P.
        let mut bound: Option<Vec<u32>> = None;
        for (h, img, opts) in &heaps {
            pay(budget, q.order() as u64 * (1 + opts.len() as u64))?;
            for x in 0..q.order() as u32 {
                if q.is_p(q.mul(x, *img)) && opts.iter().any(|&o| q.is_p(q.mul(x, o))) {
                    let Some(w) = &least[x as usize] else {
                        return Err(Stop::Internal(format!("element {x} has no least sum")));
                    };
                    let mut word = w.clone();
                    word[*h] += 1;
                    if bound.as_ref().is_none_or(|b| colex_less(&word, b)) {
                        bound = Some(word);
                    }
                }
            }
        }
        let words = q.order().div_ceil(64);
        let mut p_mask = vec![0u64; words];
        for x in q.p_portion() {
            set_bit(&mut p_mask, x);
        }
        let heaps_len = heaps.len();
        let mut walk = FailureWalk {
            q,
            heaps,
            p_mask,
            seen: vec![Antichain::new(words); q.order()],
            exponents: vec![0; n + 1],
            buffers: vec![(Vec::new(), Vec::new()); heaps_len],
            bound: bound.clone(),
            budget,
            // The walk's sets come on top of the solver's keep and the pretension.
            held: self.held_bytes() + q.held_bytes(),
            pending: 0,
        };
        let found = walk.run(0, 0, &vec![0u64; words]);
        pay(budget, walk.pending)?;
        match (found, bound) {
            (Ok(()) | Err(Found::Bound), Some(word)) | (Err(Found::Failure(word)), _) => {
                Ok(Verdict::Failure(word))
            }
            (Ok(()), None) => {
                // The walk met every sum: its sets are every element's minimal option sets.
                let letters =
                    walk.heaps.into_iter().map(|(_, phi, options)| Letter { phi, options }).collect();
                Ok(Verdict::Correct(Checker::from_option_sets(q, letters, &walk.seen, budget)?))
            }
            (Err(Found::Bound), None) => Err(Stop::Internal("the failure walk stopped at no bound".into())),
            (Err(Found::Stop(s)), _) => Err(s),
        }
    }

    /// Frees heaps of the failure `word`, fewest first, until the failure gets its true outcome.
    fn recalibrate(
        &self,
        p: &Pretension,
        word: &[u32],
        n: usize,
        budget: &Budget,
    ) -> Result<Pretension, Stop> {
        let should_be_p = !p.q.is_p(p.image(word));
        let involved: Vec<usize> = (1..=n).filter(|&h| word[h] > 0).collect();
        for size in 1..=involved.len() {
            let mut chosen: Vec<usize> = (0..size).collect();
            loop {
                let mut base_phi = p.phi.clone();
                let mut free = Vec::with_capacity(size);
                for &c in &chosen {
                    let heap = involved[c];
                    let (i, _) = index_period(&p.q, p.phi[heap]);
                    let index = i.max(u64::from(word[heap]).saturating_sub(1));
                    let period = if index >= 6 { 2 * ((index - 4) / 2) } else { 2 };
                    free.push(Free { heap, index, period });
                    base_phi[heap] = 0;
                }
                let fits = Trial::new(&p.q, base_phi.clone(), free.clone()).is_some();
                if fits {
                    let next =
                        self.mark_and_reduce(&p.q, base_phi, &free, n, budget, Some((word, should_be_p)))?;
                    if let Some(next) = next.filter(|next| next.q.is_p(next.image(word)) == should_be_p) {
                        return Ok(next);
                    }
                }
                // The next combination of `size` heaps, in lexicographic order.
                let Some(k) = (0..size).rev().find(|&k| chosen[k] < involved.len() - size + k) else {
                    break;
                };
                chosen[k] += 1;
                for j in k + 1..size {
                    chosen[j] = chosen[j - 1] + 1;
                }
            }
        }
        Err(Stop::Internal(format!("no freeing of heaps corrects the failure {word:?}")))
    }
}

/// The colexicographically least sum of each element of `q` (by the heaps' letters).
fn least_words(
    q: &Quotient,
    heaps: &[(usize, u32, Vec<u32>)],
    n: usize,
    budget: &Budget,
) -> Result<Vec<Option<Vec<u32>>>, Exhausted> {
    fn go(
        q: &Quotient,
        heaps: &[(usize, u32, Vec<u32>)],
        level: usize,
        x: u32,
        word: &mut Vec<u32>,
        least: &mut Vec<Option<Vec<u32>>>,
        budget: &Budget,
    ) -> Result<(), Exhausted> {
        if level == heaps.len() {
            pay(budget, 1 + word.len() as u64 / 16)?;
            least[x as usize] = Some(word.clone());
            return Ok(());
        }
        let (heap, img, _) = &heaps[level];
        let saved = word[*heap];
        let mut x = x;
        loop {
            go(q, heaps, level + 1, x, word, least, budget)?;
            x = q.mul(x, *img);
            if least[x as usize].is_some() {
                break;
            }
            word[*heap] += 1;
        }
        word[*heap] = saved;
        Ok(())
    }
    budget.check_held(q.order() as u64 * (n as u64 + 8) * 4)?;
    let mut least = vec![None; q.order()];
    go(q, heaps, 0, 0, &mut vec![0; n + 1], &mut least, budget)?;
    Ok(least)
}

/// The submonoid of a marked trial that the heaps generate, with equal P-signatures merged
/// (Moore's partition refinement), and the heaps' images in it. `beside`: the bytes held
/// meanwhile (the marks, the quotients kept); every buffer here is counted by its capacity.
fn reduce(
    trial: &Trial<'_>,
    n: usize,
    marks: &Slots,
    budget: &Budget,
    beside: u64,
) -> Result<Pretension, Stop> {
    let images: Vec<u64> = (0..=n).map(|h| trial.image(h)).collect();
    let mut gens: Vec<u64> = Vec::new();
    for &g in &images[1..] {
        if g != 0 && !gens.contains(&g) {
            gens.push(g);
        }
    }
    // The submonoid the heaps generate, in breadth-first order from the identity, each element
    // with its successors by the generators and the element and generator that first reached it.
    let mut index = Slots::new(trial, budget, beside)?;
    index.set(trial, 0, 0);
    let mut elements = vec![0u64];
    let mut parent: Vec<(u32, u32)> = vec![(0, 0)];
    let width = gens.len();
    let mut succ: Vec<u32> = Vec::new();
    let walked = |elements: &Vec<u64>, parent: &Vec<(u32, u32)>, succ: &Vec<u32>, index: &Slots| {
        beside + elements.heap_bytes() + parent.heap_bytes() + succ.heap_bytes() + index.held()
    };
    let mut at = 0;
    while at < elements.len() {
        let x = elements[at];
        if at % 256 == 255 {
            pay(budget, 256 * width as u64)?;
            budget.check_held(walked(&elements, &parent, &succ, &index))?;
        }
        for (k, &g) in gens.iter().enumerate() {
            let y = trial.mul(x, g);
            let fresh = elements.len() as u32;
            let (i, inserted) = index.get_or_insert(trial, y, fresh);
            if inserted {
                elements.push(y);
                parent.push((at as u32, k as u32));
            }
            succ.push(i);
        }
        at += 1;
    }
    // The walk's buffers stay held to the end, with the classes and the refinement's keys.
    let walked = walked(&elements, &parent, &succ, &index);
    budget.check_held(walked)?;
    let mut class: Vec<u32> = Vec::with_capacity(elements.len());
    for x in &elements {
        match marks.get(trial, *x) {
            Some(p) => class.push(p),
            None => return Err(Stop::Internal(format!("element {x} reached but never marked"))),
        }
    }
    // Partition refinement: split the classes by the class after one generator at a time, until
    // every generator in turn has split none (the coarsest congruence that keeps P apart from
    // N). Only the generators that are not products of earlier ones take part: the coarsest
    // congruence is the same for any generating set.
    let needed = irredundant(&succ, width, elements.len());
    let mut refine = Refinement::new(class);
    let mut unsplit = 0;
    for &k in needed.iter().cycle() {
        if unsplit == needed.len() {
            break;
        }
        pay(budget, elements.len() as u64)?;
        if refine.split(|i| succ[i * width + k]) {
            unsplit = 0;
            budget.check_held(walked + refine.heap_bytes())?;
        } else {
            unsplit += 1;
        }
    }
    // Numbered by first occurrence, the classes come in breadth-first order.
    let (class, _) = by_first_occurrence(&refine.class);
    let refining = walked + refine.heap_bytes() + class.heap_bytes();
    // The classes' representatives: the first element of each (the identity's class is 0).
    let mut reps: Vec<usize> = Vec::with_capacity(refine.count);
    for (i, &c) in class.iter().enumerate() {
        if c as usize == reps.len() {
            reps.push(i);
        } else if c as usize > reps.len() {
            return Err(Stop::Internal("classes not numbered in order".into()));
        }
    }
    let size = reps.len();
    budget.check_held(refining + reps.heap_bytes() + size as u64 * (size as u64 + width as u64) * 4)?;
    pay(budget, size as u64 * size as u64)?;
    // The classes' successors by each generator (a congruence: any member gives the same).
    let mut class_succ = vec![0u32; size * width];
    for (c, &r) in reps.iter().enumerate() {
        for k in 0..width {
            class_succ[c * width + k] = class[succ[r * width + k] as usize];
        }
    }
    // a·b = (a·b')·g where b's representative was first reached from b' by the generator g;
    // b' lies in an earlier class, so each column follows from an earlier one.
    let mut table = vec![0u32; size * size];
    for a in 0..size {
        table[a * size] = a as u32;
    }
    for (b, &r) in reps.iter().enumerate().skip(1) {
        let (from, k) = parent[r];
        let earlier = class[from as usize] as usize;
        if earlier >= b {
            return Err(Stop::Internal("a class reached before its parent".into()));
        }
        for a in 0..size {
            let ab = table[a * size + earlier] as usize;
            table[a * size + b] = class_succ[ab * width + k as usize];
        }
    }
    let p = reps.iter().map(|&r| marks.get(trial, elements[r]) == Some(1)).collect();
    let class_of = |g: u64| -> Result<u32, Stop> {
        index
            .get(trial, g)
            .map(|i| class[i as usize])
            .ok_or_else(|| Stop::Internal(format!("heap image {g} not reached")))
    };
    Ok(Pretension {
        q: Quotient::from_table(size, table, p),
        phi: images.iter().map(|&g| class_of(g)).collect::<Result<_, _>>()?,
    })
}

/// A partition of `0..n` into numbered classes `0..count`, split by a map at a time in one pass
/// over the elements: a member keeps its class when its image's class is that of the class's
/// first member's image, and otherwise moves to the new class of its (class, image class) pair.
/// Late splits mostly split nothing, and then cost a few array steps an element.
struct Refinement {
    class: Vec<u32>,
    count: usize,
    /// Scratch: per class, its first member's image class; the new classes by (class, image
    /// class); the next labels.
    first: Vec<u32>,
    fresh: HashMap<(u32, u32), u32>,
    split: Vec<u32>,
}

impl Refinement {
    /// The partition with these class labels (any numbers).
    fn new(labels: Vec<u32>) -> Self {
        let (class, count) = by_first_occurrence(&labels);
        Refinement { class, count, first: Vec::new(), fresh: HashMap::default(), split: Vec::new() }
    }

    /// Splits every class by the class of `image(i)` for its members `i`; true when a class split.
    fn split(&mut self, image: impl Fn(usize) -> u32) -> bool {
        self.first.clear();
        self.first.resize(self.count, u32::MAX);
        self.fresh.clear();
        self.split.resize(self.class.len(), 0);
        let mut count = self.count as u32;
        for (i, &c) in self.class.iter().enumerate() {
            let d = self.class[image(i) as usize];
            let first = &mut self.first[c as usize];
            self.split[i] = if *first == u32::MAX {
                *first = d;
                c
            } else if *first == d {
                c
            } else {
                *self.fresh.entry((c, d)).or_insert_with(|| {
                    count += 1;
                    count - 1
                })
            };
        }
        std::mem::swap(&mut self.class, &mut self.split);
        let split = count as usize > self.count;
        self.count = count as usize;
        split
    }

    /// Bytes of the partition and its scratch.
    fn heap_bytes(&self) -> u64 {
        self.class.heap_bytes()
            + self.first.heap_bytes()
            + hash_table_bytes(self.fresh.capacity(), std::mem::size_of::<((u32, u32), u32)>())
            + self.split.heap_bytes()
    }
}

/// The class labels renumbered by the first element of each, and the number of classes.
fn by_first_occurrence(labels: &[u32]) -> (Vec<u32>, usize) {
    let mut numbers = vec![u32::MAX; labels.iter().map(|&c| c as usize + 1).max().unwrap_or(0)];
    let mut fresh = 0;
    let class = labels
        .iter()
        .map(|&c| {
            let number = &mut numbers[c as usize];
            if *number == u32::MAX {
                *number = fresh;
                fresh += 1;
            }
            *number
        })
        .collect();
    (class, fresh as usize)
}

/// The generators (columns `0..width` of the successor table `succ` of `count` elements, element
/// 0 the identity) that are not in the submonoid the earlier ones generate, in order.
fn irredundant(succ: &[u32], width: usize, count: usize) -> Vec<usize> {
    let mut reached = vec![false; count];
    reached[0] = true;
    let mut members = vec![0u32];
    let mut needed = Vec::new();
    for k in 0..width {
        if reached[succ[k] as usize] {
            continue;
        }
        needed.push(k);
        // Close the members under the generators kept so far: the old members need the new
        // generator, the new members every kept generator.
        let old = members.len();
        let mut at = 0;
        while at < members.len() {
            let x = members[at] as usize;
            let gens: &[usize] = if at < old { &needed[needed.len() - 1..] } else { &needed };
            for &g in gens {
                let y = succ[x * width + g];
                if !reached[y as usize] {
                    reached[y as usize] = true;
                    members.push(y);
                }
            }
            at += 1;
        }
    }
    needed
}
