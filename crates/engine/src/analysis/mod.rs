//! The boundary every caller uses:
//!
//! * [`answer`] — the answers: [`Analysis`] (outcome, [`GrundyValue`], moves, reason,
//!   [`Basis`]) and [`MultiAnalysis`] for `n` players;
//! * [`checked`] — [`CheckedPosition`], a position its game's rules accepted, which the answers
//!   take;
//! * [`ruleset`] — the typed [`Ruleset`] trait a ruleset file implements;
//! * [`tables`] — the planner's table paths: a ruleset's fast path, else the generic dense path;
//! * [`engine`] — [`Engine`], a ruleset with its memoized solvers, behind the object-safe
//!   [`AnyGame`] (analyze, verify, multi-player values, options, nimlab's move), every question
//!   under a [`crate::Budget`];
//! * [`compare`] — theory against search, and the [`VerifyReport`];
//! * [`sum`] — disjunctive sums of positions of any rulesets.
//!
//! Positions cross this boundary as lists of unbounded integers (usually heap sizes), so that
//! closed forms can answer for heaps of any size, and checked: a caller's numbers become a
//! [`CheckedPosition`] only through the game's check; the generic search converts them to the
//! ruleset's own 64-bit positions when they fit.

pub(crate) mod answer;
pub(crate) mod checked;
pub(crate) mod compare;
pub(crate) mod declaration;
pub(crate) mod engine;
pub(crate) mod plan;
pub(crate) mod ruleset;
pub(crate) mod sum;
pub(crate) mod tables;

pub use crate::game::Method;
pub(crate) use answer::Measure;
pub use answer::{Analysis, Basis, BestMove, GrundyValue, MoveReport, MultiAnalysis, MultiMove};
#[cfg(test)]
pub(crate) use checked::trusted;
pub use checked::CheckedPosition;
#[cfg(test)]
pub(crate) use compare::multi_disagreement;
pub(crate) use compare::QuotientChecks;
pub use compare::{Counterexample, VerifyReport};
pub(crate) use declaration::{subtraction_code, RulesSource};
pub use declaration::{
    Capabilities, CodeSource, LoopyPositions, PeriodSequence, PeriodTheorem, Research, RulesetInfo,
};
pub use engine::{no_progress, AnyGame, Engine, Progress, Query};
pub(crate) use plan::RuleReply;
pub use plan::{Line, Plan, Player, RulePlan, Strategy};
pub use ruleset::Ruleset;
pub(crate) use ruleset::{list_positions, Listed, SearchCost};
pub use sum::{analyze_sum, SumAnalysis, SumPart};
