//! Exact solvers generic over [`Game`]: one memoized search, several valuations.
//!
//! [`Solver`] walks the game graph with an explicit stack (no recursion, so a chain of a million
//! moves cannot overflow the call stack) and memoizes one value per canonical position. What the
//! value is depends on the [`Valuation`]: the Grundy value ([`Grundy`]), the misère outcome
//! ([`MisereOutcome`]), the outcome with Smith's remoteness ([`Remoteness`]), or anything else computed from the values of the options.
//!
//! Every solver counts the states it stores; a search that would store more than its [`Budget`]
//! stops with [`BudgetExceeded`] instead of exhausting memory.

mod dense;
mod multiplayer;
mod remoteness;
mod sorted;
mod sum;
mod triples;

pub use dense::{dense_grundy_table, DenseTable};
pub use multiplayer::{MultiplayerSolver, StandardAlliance, Terminal};
pub use remoteness::{Remote, Remoteness};
pub use sorted::{sorted_heap_table, ByOptions, HeapMultisetGame, SortedHeapTable};
pub use sum::{analyze_sum, SumAnalysis, SumMove, SumPart};
pub use triples::{triple_grundy_table, Amounts, TripleRules, TripleTable};

use rustc_hash::FxHashMap;

use crate::error::BudgetExceeded;
use crate::game::{Game, Outcome};

/// The most states a search may store before it stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget(pub usize);

impl Budget {
    /// The default budget: five million states (a few hundred MiB at most).
    pub const DEFAULT: Budget = Budget(5_000_000);
}

impl Default for Budget {
    fn default() -> Self {
        Budget::DEFAULT
    }
}

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
        mex(option_values.iter().copied())
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

/// The minimum excluded value: the least natural number not in `values`. `O(len)`.
pub fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen: Vec<bool> = Vec::new();
    for v in values {
        let v = v as usize;
        if v >= seen.len() {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}

/// How many options a search may list per state of its budget: a budget of `b` states allows
/// `b * WORK_PER_STATE` options in one call, so time, not only memory, is bounded.
pub const WORK_PER_STATE: usize = 20;

/// A memoized, stack-safe search computing one [`Valuation`] over a [`Game`].
pub struct Solver<G: Game, V: Valuation> {
    game: G,
    valuation: V,
    memo: FxHashMap<G::Position, V::Value>,
    budget: Budget,
}

/// The options of a position, each with its value.
pub type OptionValues<G, V> = Vec<(<G as Game>::Position, <V as Valuation>::Value)>;

/// Grundy values under normal play.
pub type GrundySolver<G> = Solver<G, Grundy>;
/// Outcomes under misère play.
pub type MisereSolver<G> = Solver<G, MisereOutcome>;
/// Outcomes with Smith's remoteness, for playing well.
pub type RemotenessSolver<G> = Solver<G, Remoteness>;

impl<G: Game> Solver<G, Grundy> {
    /// A Grundy solver with the default budget.
    pub fn new(game: G) -> Self {
        Solver::with_valuation(game, Grundy, Budget::default())
    }
    /// A Grundy solver with the given budget.
    pub fn with_budget(game: G, budget: Budget) -> Self {
        Solver::with_valuation(game, Grundy, budget)
    }
}

impl<G: Game> Solver<G, MisereOutcome> {
    /// A misère-outcome solver with the given budget.
    pub fn misere(game: G, budget: Budget) -> Self {
        Solver::with_valuation(game, MisereOutcome, budget)
    }
}

struct Frame<P, V> {
    key: P,
    options: Vec<P>,
    /// Values of `options[..values.len()]`, gathered as the search returns to this frame.
    values: Vec<V>,
}

impl<G: Game, V: Valuation> Solver<G, V> {
    /// A solver for any valuation.
    pub fn with_valuation(game: G, valuation: V, budget: Budget) -> Self {
        Solver { game, valuation, memo: FxHashMap::default(), budget }
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The state budget.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Changes the state budget; states already stored are kept.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// How many positions have been evaluated and stored so far.
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// The value of `position`.
    ///
    /// Iterative depth-first search; each position is evaluated once. Time is linear in the
    /// number of (position, option) pairs reachable from `position` that were not already known.
    ///
    /// # Errors
    /// [`BudgetExceeded`] when the stored values, or the options waiting on the search stack,
    /// would exceed the budget (so memory stays proportional to the budget), when the call lists
    /// more than [`WORK_PER_STATE`] times the budget in options (so time stays bounded too), or
    /// when the search path grows as long as the budget (which only a game with a cycle does).
    pub fn value(&mut self, position: &G::Position) -> Result<V::Value, BudgetExceeded> {
        let root = self.game.canonical(position);
        if let Some(&v) = self.memo.get(&root) {
            return Ok(v);
        }
        let mut stack = vec![self.frame(root)];
        // Options held by the frames on the stack: together with the memo they bound memory.
        let mut pending = stack[0].options.len();
        // Options listed by this search: bounds its time to a multiple of the budget.
        let mut listed = pending;
        let work_limit = self.budget.0.saturating_mul(WORK_PER_STATE);
        while let Some(top) = stack.last_mut() {
            while let Some(option) = top.options.get(top.values.len()) {
                match self.memo.get(option) {
                    Some(&v) => top.values.push(v),
                    None => break,
                }
            }
            if let Some(child) = top.options.get(top.values.len()).cloned() {
                let frame = self.frame(child);
                pending += frame.options.len();
                listed += frame.options.len();
                if stack.len() >= self.budget.0 || pending > self.budget.0 || listed > work_limit {
                    return Err(BudgetExceeded { budget: self.budget.0 });
                }
                stack.push(frame);
                continue;
            }
            let frame = stack.pop().expect("stack is non-empty");
            pending -= frame.options.len();
            let value = self.valuation.evaluate(&frame.values);
            if self.memo.len() >= self.budget.0 {
                return Err(BudgetExceeded { budget: self.budget.0 });
            }
            self.memo.insert(frame.key, value);
            if stack.is_empty() {
                return Ok(value);
            }
        }
        unreachable!("the loop returns when the root frame is popped")
    }

    /// Every option of `position` (as the game lists it, not canonicalized) with its value.
    ///
    /// # Errors
    /// [`BudgetExceeded`] as for [`Solver::value`].
    pub fn option_values(&mut self, position: &G::Position) -> Result<OptionValues<G, V>, BudgetExceeded> {
        self.game.options(position).into_iter().map(|o| self.value(&o).map(|v| (o, v))).collect()
    }

    fn frame(&self, key: G::Position) -> Frame<G::Position, V::Value> {
        let options: Vec<G::Position> =
            self.game.options(&key).iter().map(|o| self.game.canonical(o)).collect();
        Frame { key, values: Vec::with_capacity(options.len()), options }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Bash(u64);
    impl Game for Bash {
        type Position = u64;
        fn options(&self, n: &u64) -> Vec<u64> {
            (1..=self.0.min(*n)).map(|t| n - t).collect()
        }
    }

    #[test]
    fn mex_of_values() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([0, 1, 3]), 2);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([2, 0, 1, 1]), 3);
    }

    #[test]
    fn a_million_stone_chain_does_not_overflow_the_stack() {
        let mut solver = GrundySolver::new(Bash(3));
        assert_eq!(solver.value(&1_000_000).unwrap(), 0);
        assert_eq!(solver.value(&999_999).unwrap(), 3);
        assert_eq!(solver.states(), 1_000_001);
    }

    #[test]
    fn budget_stops_the_search() {
        let mut solver = GrundySolver::with_budget(Bash(3), Budget(100));
        assert_eq!(solver.value(&1000), Err(BudgetExceeded { budget: 100 }));
        assert_eq!(solver.value(&30).unwrap(), 30 % 4);
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
        let mut solver = GrundySolver::with_budget(Nim1, Budget(1_000_000));
        assert_eq!(solver.value(&100_000), Err(BudgetExceeded { budget: 1_000_000 }));
        assert_eq!(solver.value(&500).unwrap(), 500);
    }

    #[test]
    fn misere_bash() {
        let mut solver = MisereSolver::misere(Bash(3), Budget::default());
        for n in 0..40u64 {
            let expected = if n % 4 == 1 { Outcome::P } else { Outcome::N };
            assert_eq!(solver.value(&n).unwrap(), expected, "n = {n}");
        }
    }
}
