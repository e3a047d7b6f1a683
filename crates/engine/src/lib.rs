//! The nimlab engine: impartial games of Nim's family.
//!
//! * [`game`] — the [`Game`] trait: the rules of a game, nothing else.
//! * [`solve`] — exact solvers generic over [`Game`]: memoized search that cannot overflow the
//!   call stack, a dense-table path, misère play, disjunctive sums, all under a state budget.
//! * [`rulesets`] — one file per ruleset: its rules, its closed-form theory, its move texts.
//! * [`analysis`] — the common, object-safe face of every ruleset ([`AnyGame`]) and the
//!   [`Analysis`] it returns; the command line and the playground only see this.
//! * [`periodicity`] — the subtraction-game laboratory: fast Grundy sequences of SUB(S), certified
//!   preperiod and period, family sweeps with the conjecture fit, period searches.
//! * [`tables`] — big tables at the kernels' speed: streamed one-heap sequences, compact two-heap
//!   grids, their raw binary encoding, and the certified rows of Wythoff's game.
//! * [`verify`] — theory against search over every position up to a bound.
//!
//! Invariant: the engine never prints, never parses a command line and never touches files.
//!
//! # Defining a game
//!
//! A game is a type that lists the options of a position. Here is "take 1 or 4 from one heap":
//!
//! ```
//! use nimlab_engine::{Game, GrundySolver};
//!
//! struct OneOrFour;
//! impl Game for OneOrFour {
//!     type Position = u64;
//!     fn options(&self, n: &u64) -> Vec<u64> {
//!         [1, 4].iter().filter(|&&s| s <= *n).map(|s| n - s).collect()
//!     }
//! }
//!
//! let mut solver = GrundySolver::new(OneOrFour);
//! let values: Vec<u32> = (0..10).map(|n| solver.value(&n).unwrap()).collect();
//! assert_eq!(values, [0, 1, 0, 1, 2, 0, 1, 0, 1, 2]);
//! assert!(OneOrFour.is_p_position(&5).unwrap());
//! assert_eq!(OneOrFour.winning_moves(&6).unwrap(), vec![5, 2]);
//! ```

pub mod analysis;
pub mod bigint;
pub mod error;
pub mod game;
pub mod periodicity;
pub mod rulesets;
pub mod solve;
pub mod tables;
pub mod verify;

pub use analysis::{Analysis, AnyGame, Basis, BestMove, Method, MoveReport, Ruleset};
pub use analysis::{MultiAnalysis, MultiMove};
pub use error::{BudgetExceeded, EngineError};
pub use game::{Game, Outcome, Play};
pub use num_bigint::BigUint;
pub use rulesets::{build as build_ruleset, GameSpec, RULESET_NAMES};
pub use solve::{Budget, GrundySolver, MisereSolver, Solver, Valuation};
pub use solve::{MultiplayerSolver, StandardAlliance, Terminal};
