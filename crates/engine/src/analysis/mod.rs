//! The boundary every caller uses, in four parts:
//!
//! * [`answer`] — the answers: [`Analysis`] (outcome, [`GrundyValue`], moves, reason,
//!   [`Basis`]) and [`MultiAnalysis`] for `n` players;
//! * [`ruleset`] — the typed [`Ruleset`] trait a ruleset file implements;
//! * [`tables`] — the planner's table paths: a ruleset's fast path, else the generic dense path;
//! * [`engine`] — [`Engine`], a ruleset with its memoized solvers, behind the object-safe
//!   [`AnyGame`] (analyze, verify, multi-player values, options, nimlab's move), every question
//!   under a [`crate::Budget`];
//! * [`compare`] — theory against search, and the [`VerifyReport`];
//! * [`sum`] — disjunctive sums of positions of any rulesets.
//!
//! Positions cross this boundary as lists of unbounded integers (usually heap sizes), so that
//! closed forms can answer for heaps of any size; the generic search converts them to the
//! ruleset's own 64-bit positions when they fit.

pub mod answer;
pub mod compare;
pub mod declaration;
pub mod engine;
pub mod plan;
pub mod ruleset;
pub mod sum;
pub mod tables;

pub use crate::game::Method;
pub use answer::{Analysis, Basis, BestMove, GrundyValue, Measure, MoveReport, MultiAnalysis, MultiMove};
pub use compare::{disagreement, multi_disagreement, Counterexample, QuotientChecks, VerifyReport};
pub use declaration::{
    subtraction_code, Builder, Capabilities, CodeSource, LoopyPositions, PeriodSequence, PeriodTheorem,
    Research, RulesSource, RulesetInfo, MAX_CODE_TAKE,
};
pub use engine::{no_progress, short_position, AnyGame, Engine, PositionGraph, Progress, Query};
pub use plan::{Line, Plan, Player, RulePlan, RuleReply, Strategy};
pub use ruleset::{list_positions, Listed, Ruleset, SearchCost};
pub use sum::{analyze_sum, SumAnalysis, SumMove, SumPart, SumPartReport};
