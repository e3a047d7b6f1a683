//! Exact solvers generic over [`Game`]: one memoized search, several valuations.
//!
//! [`Solver`] walks the game graph with an explicit stack (no recursion, so a chain of a million
//! moves cannot overflow the call stack) and memoizes one value per canonical position. What the
//! value is depends on the [`Valuation`]: the Grundy value ([`Grundy`]), the misère outcome
//! ([`MisereOutcome`]), the outcome with Smith's remoteness ([`Remoteness`]), or anything else computed from the values of the options.
//!
//! Every search runs under a [`Budget`] of work units, charged while options are generated and
//! positions stored; a search that would exceed it stops with [`Exhausted`] instead of
//! exhausting memory or running on.

mod dense;
mod multiplayer;
mod remoteness;
mod sorted;
mod triples;

pub use dense::dense_grundy_table;
pub use multiplayer::{MultiplayerSolver, StandardAlliance, Terminal};
pub(crate) use remoteness::Remoteness;
pub(crate) use sorted::HeapMultisetGame;
pub use sorted::{sorted_heap_table, ByOptions};
pub use triples::TripleTable;
pub(crate) use triples::{triple_grundy_table, Amounts, TripleRules};

use std::ops::ControlFlow;

use rustc_hash::FxHashMap;

use crate::budget::hash_table_bytes;
pub(crate) use crate::budget::{Budget, Exhausted, HeldBytes, Meter, UNITS_PER_POSITION};
use crate::game::{Game, Outcome};

/// How a position's value follows from the values of its options.
pub trait Valuation {
    /// The value stored per position.
    type Value: Copy + std::fmt::Debug;
    /// The value of a position whose options have these values (empty: a terminal position).
    fn evaluate(&self, option_values: &[Self::Value]) -> Self::Value;
}

/// Sprague-Grundy values under normal play: the mex of the option values.
#[derive(Debug, Clone, Copy, Default)]
pub struct Grundy;

impl Valuation for Grundy {
    type Value = u32;
    fn evaluate(&self, option_values: &[u32]) -> u32 {
        mex32(option_values.iter().copied())
    }
}

/// Outcomes under misère play: a terminal position is an N-position (the previous player made
/// the last move and lost); otherwise N iff some option is P.
#[derive(Debug, Clone, Copy, Default)]
pub struct MisereOutcome;

impl Valuation for MisereOutcome {
    type Value = Outcome;
    fn evaluate(&self, option_values: &[Outcome]) -> Outcome {
        if option_values.is_empty() || option_values.contains(&Outcome::P) {
            Outcome::N
        } else {
            Outcome::P
        }
    }
}

/// The minimum excluded value (mex): the least natural number not among `values`, the Grundy
/// value of a position whose options have these values. `O(n)` time and `n + 1` bytes for `n`
/// values, whatever their size: the mex is at most `n`, so a value of `n` or more cannot be it
/// (a value of 2^40 allocates nothing).
pub fn mex<T: Into<u64>>(values: impl IntoIterator<Item = T>) -> u64 {
    let values: Vec<u64> = values.into_iter().map(Into::into).collect();
    let mut seen = vec![false; values.len() + 1];
    for &v in &values {
        if let Some(slot) = usize::try_from(v).ok().and_then(|v| seen.get_mut(v)) {
            *slot = true;
        }
    }
    // `seen` has one more slot than there are values, so some slot is unmarked.
    seen.iter().position(|&s| !s).unwrap_or(values.len()) as u64
}

/// [`mex`] of values held as `u32` (the searches' Grundy values): at most the number of values,
/// so it is a `u32` whenever the values' count is.
pub(crate) fn mex32(values: impl IntoIterator<Item = u32>) -> u32 {
    u32::try_from(mex(values)).unwrap_or(u32::MAX)
}

/// A memoized, stack-safe search computing one [`Valuation`] over a [`Game`].
///
/// The memo persists between calls (a later question about a nearby position reuses it); each
/// call is bounded by the [`Budget`] it is given: one unit per option generated (charged while
/// the options are generated, so a position with billions of options stops early; two for an
/// option that owns a buffer, as a position of several heaps does, and one more per 64 bytes of it), and
/// [`UNITS_PER_POSITION`] per position stored. The memory held at once — the memo (its table and
/// each stored position's own buffer) and the search's stack (each frame's position, its options
/// and their buffers) — is counted in bytes as it grows and never exceeds
/// [`Budget::memory_limit`]; a memo already that large is cleared before a new search.
pub struct Solver<G: Game, V: Valuation> {
    game: G,
    valuation: V,
    memo: FxHashMap<G::Position, V::Value>,
    /// Heap bytes of the memo's positions (their buffers; the table is counted from its capacity).
    memo_keys: u64,
}

/// The options of a position, each with its value.
pub(crate) type OptionValues<G, V> = Vec<(<G as Game>::Position, <V as Valuation>::Value)>;

/// Grundy values under normal play.
pub type GrundySolver<G> = Solver<G, Grundy>;
/// Outcomes under misère play.
pub type MisereSolver<G> = Solver<G, MisereOutcome>;
/// Outcomes with Smith's remoteness, for playing well.
pub(crate) type RemotenessSolver<G> = Solver<G, Remoteness>;

impl<G: Game> Solver<G, Grundy> {
    /// A Grundy solver.
    pub fn new(game: G) -> Self {
        Solver::with_valuation(game, Grundy)
    }
}

impl<G: Game> Solver<G, MisereOutcome> {
    /// A misère-outcome solver.
    pub fn misere(game: G) -> Self {
        Solver::with_valuation(game, MisereOutcome)
    }
}

/// The depth of the search's stack at which it first looks for a repeated position (a cycle);
/// it looks again at each doubling.
const CYCLE_CHECK_DEPTH: usize = 256;

struct Frame<P, V> {
    key: P,
    options: Vec<P>,
    /// Values of `options[..values.len()]`, gathered as the search returns to this frame.
    values: Vec<V>,
    /// The bytes this frame holds, as counted when it was built.
    bytes: u64,
}

/// Bytes an option takes on the stack: its position, and the same again for the growth of the
/// option vector (which doubles, so up to half of it is spare), plus its value's slot.
fn stacked_bytes<P: HeldBytes, V>(option: &P) -> u64 {
    2 * std::mem::size_of::<P>() as u64 + option.heap_bytes() + std::mem::size_of::<V>() as u64
}

impl<G: Game, V: Valuation> Solver<G, V> {
    /// A solver for any valuation.
    pub(crate) fn with_valuation(game: G, valuation: V) -> Self {
        Solver { game, valuation, memo: FxHashMap::default(), memo_keys: 0 }
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many positions have been evaluated and stored so far.
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// Bytes the memo holds now (its table by capacity, its positions' buffers), for a caller
    /// that holds more beside it under the same budget.
    pub fn held_bytes(&self) -> u64 {
        self.memo_bytes(false)
    }

    /// The value of `position`, if it is already known.
    pub fn known(&self, position: &G::Position) -> Option<V::Value> {
        self.memo.get(&self.game.canonical(position)).copied()
    }

    /// The value of `position`.
    ///
    /// Iterative depth-first search; each position is evaluated once. Time is linear in the
    /// number of (position, option) pairs reachable from `position` that were not already known.
    ///
    /// # Errors
    /// [`Exhausted`] when the budget runs out (work, positions held, deadline, cancellation).
    pub fn value(&mut self, position: &G::Position, budget: &Budget) -> Result<V::Value, Exhausted> {
        let root = self.game.canonical(position);
        if let Some(&v) = self.memo.get(&root) {
            return Ok(v);
        }
        let limit = budget.memory_limit();
        if self.memo_bytes(false) >= limit {
            self.memo = FxHashMap::default();
            self.memo_keys = 0;
        }
        let mut meter = budget.meter();
        // Bytes held by the frames on the stack.
        let mut stacked = 0u64;
        let mut stack = vec![self.frame(root, &mut meter, &mut stacked, limit)?];
        // A game with a cycle would grow the stack forever: at each doubling of its depth the
        // stack is checked for a repeated position (amortized O(1) a frame).
        let mut cycle_check = CYCLE_CHECK_DEPTH;
        while let Some(top) = stack.last_mut() {
            while let Some(option) = top.options.get(top.values.len()) {
                match self.memo.get(option) {
                    Some(&v) => top.values.push(v),
                    None => break,
                }
            }
            if let Some(child) = top.options.get(top.values.len()).cloned() {
                let frame = self.frame(child, &mut meter, &mut stacked, limit)?;
                stack.push(frame);
                if stack.len() >= cycle_check {
                    cycle_check = cycle_check.saturating_mul(2);
                    let mut seen = rustc_hash::FxHashSet::default();
                    if !stack.iter().all(|frame| seen.insert(&frame.key)) {
                        return Err(Exhausted::Cycle { depth: stack.len() });
                    }
                }
                continue;
            }
            let frame = stack.pop().expect("stack is non-empty");
            stacked -= frame.bytes;
            let value = self.valuation.evaluate(&frame.values);
            meter.charge(UNITS_PER_POSITION)?;
            let key_bytes = frame.key.heap_bytes();
            let held = self.memo_bytes(true).saturating_add(key_bytes).saturating_add(stacked);
            if held > limit {
                return Err(budget.memory_exhausted());
            }
            if self.memo.len() == self.memo.capacity() {
                // The insertion grows the table: the old and the new one are held at once, the
                // memo's peak (recorded only then, off the hot path).
                budget.note_held(held);
            }
            self.memo_keys += key_bytes;
            self.memo.insert(frame.key, value);
            if stack.is_empty() {
                meter.flush()?;
                return Ok(value);
            }
        }
        unreachable!("the loop returns when the root frame is popped")
    }

    /// Every option of `position` (as the game lists it, not canonicalized) with its value.
    ///
    /// # Errors
    /// [`Exhausted`] as for [`Solver::value`].
    pub fn option_values(
        &mut self,
        position: &G::Position,
        budget: &Budget,
    ) -> Result<OptionValues<G, V>, Exhausted> {
        let options = collect_options(&self.game, position, budget)?;
        options.into_iter().map(|o| self.value(&o, budget).map(|v| (o, v))).collect()
    }

    /// Bytes the memo holds: its table and its positions' buffers; with `growing`, also the
    /// larger table an insertion may allocate while the old one is still held.
    fn memo_bytes(&self, growing: bool) -> u64 {
        let slot = std::mem::size_of::<(G::Position, V::Value)>();
        let capacity = self.memo.capacity();
        let mut table = hash_table_bytes(capacity, slot);
        if growing && self.memo.len() == capacity {
            table += hash_table_bytes((2 * capacity).max(3), slot);
        }
        table + self.memo_keys
    }

    /// The frame of `key` with its canonical options, generated one by one: each is charged
    /// one unit, and its bytes counted with what the memo and the stack (`stacked`) hold, as it
    /// is generated; the frame's bytes are added to `stacked`.
    fn frame(
        &self,
        key: G::Position,
        meter: &mut Meter<'_>,
        stacked: &mut u64,
        limit: u64,
    ) -> Result<Frame<G::Position, V::Value>, Exhausted> {
        let held = self.memo_bytes(false).saturating_add(*stacked);
        let exhausted = meter.budget().memory_exhausted();
        let mut bytes = 2 * std::mem::size_of::<Frame<G::Position, V::Value>>() as u64 + key.heap_bytes();
        if held.saturating_add(bytes) > limit {
            return Err(exhausted);
        }
        let options = gather_charged(&self.game, &key, meter, |option| {
            let option = self.game.canonical(&option);
            bytes = bytes.saturating_add(stacked_bytes::<_, V::Value>(&option));
            if held.saturating_add(bytes) > limit {
                return Err(exhausted.clone());
            }
            Ok(option)
        })?;
        // An option that owns a buffer (a position of several heaps) costs an allocation, a
        // hash of the buffer and its release: a second unit, and one more per
        // `BUFFER_BYTES_PER_UNIT` bytes, since hashing, comparing and building a long position
        // cost in proportion to its length (docs/reliability.md).
        let buffered: u64 = options
            .iter()
            .map(|option| option.heap_bytes())
            .filter(|&bytes| bytes > 0)
            .map(|bytes| 1 + bytes.saturating_sub(BUFFER_BYTES_PER_UNIT) / BUFFER_BYTES_PER_UNIT)
            .sum();
        meter.charge(buffered)?;
        meter.budget().note_held(held.saturating_add(bytes));
        *stacked += bytes;
        Ok(Frame { key, values: Vec::with_capacity(options.len()), options, bytes })
    }
}

/// Bytes of an option's buffer, beyond the first such run, that cost one more unit of work:
/// positions of a few heaps (a buffer of up to 4 numbers) cost two units an option, long ones
/// more. At one unit per 64 bytes the misère search of `turning-corners 1 7 36 22` (options of
/// a dozen pairs) cost 237 ns a unit (07:31 UTC 2026-11-26, load 3), outside the 60–171 ns of
/// the calibrated paths.
const BUFFER_BYTES_PER_UNIT: u64 = 32;

/// The options of `position`, generated one by one and charged one unit each; `admit` turns
/// each into what is kept, or refuses it (too many held), which stops the generation.
fn gather_charged<G: Game, T>(
    game: &G,
    position: &G::Position,
    meter: &mut Meter<'_>,
    mut admit: impl FnMut(G::Position) -> Result<T, Exhausted>,
) -> Result<Vec<T>, Exhausted> {
    let mut kept = Vec::new();
    let mut failure = None;
    let _ =
        game.for_each_option(position, &mut |option| match meter.charge(1).and_then(|()| admit(option)) {
            Ok(item) => {
                kept.push(item);
                ControlFlow::Continue(())
            }
            Err(e) => {
                failure = Some(e);
                ControlFlow::Break(())
            }
        });
    failure.map_or(Ok(kept), Err)
}

/// Every option of `position` as the game lists it, charged one unit each while they are
/// generated, and refused beyond the memory the budget may hold.
///
/// # Errors
/// [`Exhausted`] when the budget runs out.
pub(crate) fn collect_options<G: Game>(
    game: &G,
    position: &G::Position,
    budget: &Budget,
) -> Result<Vec<G::Position>, Exhausted> {
    collect_at_most(game, position, budget, u64::MAX, budget.memory_exhausted())
}

/// Every option of `position`, charged one unit each while they are generated; `stopped` when
/// there are more than `most`, and [`Budget::memory_exhausted`] when they would hold more than
/// [`Budget::memory_limit`] bytes.
///
/// # Errors
/// [`Exhausted`] when the budget runs out, or `stopped`.
pub(crate) fn collect_at_most<G: Game>(
    game: &G,
    position: &G::Position,
    budget: &Budget,
    most: u64,
    stopped: Exhausted,
) -> Result<Vec<G::Position>, Exhausted> {
    let mut meter = budget.meter();
    let mut count = 0u64;
    let mut held = 0u64;
    let limit = budget.memory_limit();
    let options = gather_charged(game, position, &mut meter, |option| {
        count += 1;
        // Twice the position's own size: the vector doubles as it grows.
        held = held.saturating_add(option.held_bytes() + std::mem::size_of::<G::Position>() as u64);
        if held > limit {
            return Err(budget.memory_exhausted());
        }
        budget.note_held(held);
        (count <= most).then_some(option).ok_or_else(|| stopped.clone())
    })?;
    meter.flush()?;
    Ok(options)
}

/// Questions about one position of any game, answered by memoized search under a budget: the
/// few lines a new game needs to be useful (see the crate docs).
pub trait SolveGame: Game + Sized {
    /// The Sprague-Grundy value.
    ///
    /// # Errors
    /// [`Exhausted`] when the search needs more than `budget`.
    fn grundy_value(&self, position: &Self::Position, budget: &Budget) -> Result<u32, Exhausted> {
        GrundySolver::new(self).value(position, budget)
    }

    /// True when the player to move loses under normal play.
    ///
    /// # Errors
    /// [`Exhausted`] as for [`SolveGame::grundy_value`].
    fn is_p_position(&self, position: &Self::Position, budget: &Budget) -> Result<bool, Exhausted> {
        Ok(self.grundy_value(position, budget)? == 0)
    }

    /// Every option of value 0 (the winning moves under normal play), without duplicates.
    ///
    /// # Errors
    /// [`Exhausted`] as for [`SolveGame::grundy_value`].
    fn winning_moves(
        &self,
        position: &Self::Position,
        budget: &Budget,
    ) -> Result<Vec<Self::Position>, Exhausted> {
        let mut solver = GrundySolver::new(self);
        let mut moves = Vec::new();
        for (option, value) in solver.option_values(position, budget)? {
            if value == 0 && !moves.contains(&option) {
                moves.push(option);
            }
        }
        Ok(moves)
    }
}

impl<G: Game> SolveGame for G {}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use crate::test_prelude::*;

    struct Bash(u64);
    impl Game for Bash {
        type Position = u64;
        fn options(&self, n: &u64) -> Vec<u64> {
            (1..=self.0.min(*n)).map(|t| n - t).collect()
        }
    }

    #[test]
    fn mex_of_values() {
        assert_eq!(mex([0u32; 0]), 0);
        assert_eq!(mex([0u32, 1, 3]), 2);
        assert_eq!(mex([1u32, 2]), 0);
        assert_eq!(mex([2u32, 0, 1, 1]), 3);
        assert_eq!(mex32([2, 0, 1, 1]), 3);
        // Huge values cost nothing and are not the mex's blockers.
        assert_eq!(mex([u64::MAX, 1 << 40, 0]), 1);
        assert_eq!(mex([0u64, 1, 2, u64::MAX]), 3);
    }

    #[test]
    fn a_million_stone_chain_does_not_overflow_the_stack() {
        let mut solver = GrundySolver::new(Bash(3));
        let budget = Budget::default();
        assert_eq!(solver.value(&1_000_000, &budget).unwrap(), 0);
        assert_eq!(solver.value(&999_999, &budget).unwrap(), 3);
        assert_eq!(solver.states(), 1_000_001);
    }

    #[test]
    fn budget_stops_the_search() {
        let mut solver = GrundySolver::new(Bash(3));
        let error = solver.value(&1_000_000, &Budget::new(100_000)).unwrap_err();
        assert!(error.is_budget(), "{error}");
        assert_eq!(solver.value(&30, &Budget::new(100_000)).unwrap(), 30 % 4);
    }

    #[test]
    fn the_positions_held_are_bounded_by_the_budget() {
        // 1000 states need 1000 * UNITS_PER_POSITION units of work, but the budget pays for
        // 8000 bytes held at once, less than the memo of 1000 positions.
        let mut solver = GrundySolver::new(Bash(3));
        let error = solver.value(&1000, &Budget::new(100 * UNITS_PER_POSITION)).unwrap_err();
        assert_eq!(error, Exhausted::Memory { bytes: 8000 });
    }

    #[test]
    fn the_memo_peak_counts_both_tables_while_it_grows() {
        // A grown table is allocated while the old one is still held: the account records the
        // two at once, half as much again as the final table (heaps asked in order keep the
        // stack at one frame, so the memo is all that is held).
        let mut solver = GrundySolver::new(Bash(3));
        let budget = Budget::default();
        for heap in 0..5000 {
            solver.value(&heap, &budget).unwrap();
        }
        let slot = std::mem::size_of::<(u64, u32)>();
        let last = hash_table_bytes(solver.memo.capacity(), slot);
        assert!(budget.peak_held() >= last + last / 2, "{} < 1.5 x {last}", budget.peak_held());
        assert!(budget.peak_held() <= 2 * last, "{}", budget.peak_held());
    }

    struct Nim1;
    impl Game for Nim1 {
        type Position = u64;
        fn options(&self, n: &u64) -> Vec<u64> {
            (0..*n).rev().collect()
        }
    }

    #[test]
    fn options_waiting_on_the_stack_count_against_the_budget() {
        // A heap of 100000 has 100000 options, its first option 99999, ...: the stack alone
        // would hold billions of positions long before the memo grows.
        let mut solver = GrundySolver::new(Nim1);
        let budget = Budget::new(20_000_000);
        assert_eq!(solver.value(&100_000, &budget), Err(Exhausted::Memory { bytes: 80_000_000 }));
        assert_eq!(solver.value(&500, &Budget::new(20_000_000)).unwrap(), 500);
    }

    /// A chain of positions of 1000 numbers each: the first counts down, the others ride along.
    struct LongChain;
    impl Game for LongChain {
        type Position = Vec<u64>;
        fn options(&self, p: &Vec<u64>) -> Vec<Vec<u64>> {
            if p[0] == 0 {
                return Vec::new();
            }
            let mut next = p.clone();
            next[0] -= 1;
            vec![next]
        }
    }

    #[test]
    fn positions_are_counted_by_their_size() {
        // Each position holds 8000 bytes of numbers: a 1 MiB ceiling holds about 120 of them
        // (memo and stack together), however large the work budget.
        let ceiling = 1 << 20;
        let budget = || Budget::new(u64::MAX).with_memory_ceiling(ceiling);
        let start = |n: u64| [vec![n], vec![7; 999]].concat();
        let mut solver = GrundySolver::new(LongChain);
        assert_eq!(solver.value(&start(1000), &budget()), Err(Exhausted::MachineMemory { bytes: ceiling }));
        let mut solver = GrundySolver::new(LongChain);
        assert_eq!(solver.value(&start(50), &budget()).unwrap(), 0);
        let memo: u64 = solver.memo.keys().map(HeldBytes::heap_bytes).sum();
        assert_eq!(solver.memo_keys, memo);
        assert!(solver.memo_bytes(false) <= ceiling);
    }

    /// A loopy game (`n -> n + 1 mod 1000`, and `n -> n - 1` too) given to the search of
    /// finite games: it stops at once with `Cycle`, neither hanging nor growing its stack.
    struct Ring;
    impl Game for Ring {
        type Position = u64;
        fn options(&self, n: &u64) -> Vec<u64> {
            vec![(n + 1) % 1000, (n + 999) % 1000]
        }
    }

    #[test]
    fn a_cycle_stops_the_search_with_one_clear_error() {
        let budget = Budget::new(u64::MAX);
        let e = GrundySolver::new(Ring).value(&0, &budget).unwrap_err();
        // The stack first repeats a position 1001 deep; it is checked at 1024.
        assert!(matches!(e, Exhausted::Cycle { depth: 1024 }), "{e}");
        assert!(!e.is_budget());
        assert!(budget.used() < 100_000, "it stopped early: {} units", budget.used());
        assert!(e.to_string().contains("retrograde analysis"), "{e}");
        let e = MisereSolver::misere(Ring).value(&5, &budget).unwrap_err();
        assert!(matches!(e, Exhausted::Cycle { .. }), "{e}");
    }

    /// A game whose one position has about 2^64 options: the search must stop while they are
    /// being generated, not after.
    struct Huge;
    impl Game for Huge {
        type Position = u64;
        fn options(&self, _: &u64) -> Vec<u64> {
            unreachable!("the solver generates options through for_each_option")
        }
        fn for_each_option(&self, n: &u64, visit: &mut dyn FnMut(u64) -> ControlFlow<()>) -> ControlFlow<()> {
            if *n == u64::MAX {
                for m in 0..u64::MAX {
                    visit(m)?;
                }
            }
            ControlFlow::Continue(())
        }
    }

    #[test]
    fn options_are_charged_while_they_are_generated() {
        let mut solver = GrundySolver::new(Huge);
        let budget = Budget::new(1_000_000);
        assert!(solver.value(&u64::MAX, &budget).unwrap_err().is_budget());
        assert!(budget.used() < 1_100_000);
    }

    #[test]
    fn misere_bash() {
        let mut solver = MisereSolver::misere(Bash(3));
        for n in 0..40u64 {
            let expected = if n % 4 == 1 { Outcome::P } else { Outcome::N };
            assert_eq!(solver.value(&n, &Budget::default()).unwrap(), expected, "n = {n}");
        }
    }
}
