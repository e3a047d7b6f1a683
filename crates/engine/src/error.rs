//! The engine's error types: one small type per failure.

use thiserror::Error;

/// A search needed more states than its budget allows.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "search stopped: it needs more than {budget} states (the state budget); raise it with --budget N \
     or ask about a smaller position"
)]
pub struct BudgetExceeded {
    /// The budget that was exceeded, in states.
    pub budget: usize,
}

/// Every way an engine request can fail.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EngineError {
    /// The game specification is invalid (unknown game, bad parameter).
    #[error("{0}")]
    InvalidSpec(String),
    /// The position does not fit the ruleset (wrong number of heaps, ...).
    #[error("{0}")]
    InvalidPosition(String),
    /// Theory was requested but the ruleset has no closed form for this question.
    #[error("{0}")]
    NoTheory(String),
    /// A position is too large to search: its numbers do not fit the searcher's 64-bit
    /// positions, so it would need far more states than the budget.
    #[error(
        "position too large for search: {position} needs more than {budget} states (the state budget; \
         raise it with --budget N); otherwise only a closed form (--method auto or theory, where the game \
         has one) answers heaps this large"
    )]
    TooLargeForSearch {
        /// The game and position.
        position: String,
        /// The state budget in force.
        budget: usize,
    },
    /// A Grundy value is needed but neither theory nor a search within budget gives it.
    #[error("{0}")]
    NoGrundyValue(String),
    /// The search ran out of state budget.
    #[error(transparent)]
    Budget(#[from] BudgetExceeded),
}

impl EngineError {
    /// True when the error is the caller's fault (bad specification or request), as opposed to
    /// a computation that could not be completed.
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            EngineError::InvalidSpec(_) | EngineError::InvalidPosition(_) | EngineError::NoTheory(_)
        )
    }
}
