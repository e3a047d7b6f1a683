//! Big tables at the engine's speed: a one-heap game's sequence of values and a two-heap game's
//! grid, each produced by the fastest path the ruleset has and handed to the caller in chunks
//! (rows), so that a table of `10^8` values costs the producer's window in memory, not its
//! length.
//!
//! * [`sequence`] — [`Sequence`]: `G(0), G(1), ..., G(upto)` (or outcomes) of the positions
//!   `check_position([n])`, from a ruleset's [`SequenceSource`] (the streaming SUB(S) generator, a
//!   certified period, a closed form) or the generic dense path.
//! * [`grid`] — [`Grid`]: the values of `check_position([r, c])`, row by row, from a ruleset's
//!   [`GridSource`] (a closed form, the line kernel) or the generic dense path.
//! * [`lines`] — the line kernel: two-heap games whose moves take along rows, columns and
//!   diagonals (Wythoff's game, take-pattern games on two piles), with a bitset per line.
//! * [`dense`] — the generic path for any ruleset: every cell of the box bottom-up, 4 bytes a
//!   cell, or by memoized search when a move leaves the box.
//! * [`encode`] — values as raw little-endian `u8`/`u16`/`u32`/`u64`, refusing a value that does
//!   not fit.
//! * [`mod@wythoff_rows`] — the additive periodicity of each row of Wythoff's Grundy table, certified
//!   by a finite-state argument (`docs/wythoff-rows.md`), and `G(a, N)` for any `N` from it.
//!
//! A ruleset plugs its fast path in through [`crate::Ruleset::fast_sequence`] and
//! [`crate::Ruleset::fast_grid`]; callers reach tables through [`crate::AnyGame::sequence`] and
//! [`crate::AnyGame::grid`]. Cells hold Grundy values or outcomes as `u64`: an outcome is
//! [`P_CELL`] (0, the player to move loses) or [`N_CELL`] (1).

pub mod dense;
pub mod encode;
pub mod grid;
pub mod lines;
pub mod sequence;
pub mod wythoff_rows;

#[cfg(test)]
mod agreement;

pub use encode::{encode_le, ValueTooWide, Width};
pub use grid::{outcome_row, row_by_row, Grid, GridSource};
pub use lines::LineMoves;
pub use sequence::{by_chunks, per_heap, per_residue, Sequence, SequenceSource};
pub use wythoff_rows::{wythoff_row, wythoff_rows, RowCertificate, RowError, RowStatus, WythoffRow};

use serde::Serialize;
use thiserror::Error;

use crate::error::EngineError;
use crate::game::{Outcome, Play};
use crate::solve::Budget;

/// The value of a P-position in an outcome table: the player to move loses.
pub const P_CELL: u64 = 0;
/// The value of an N-position in an outcome table: the player to move wins.
pub const N_CELL: u64 = 1;

/// The cell value of an outcome: [`P_CELL`] or [`N_CELL`].
pub fn outcome_cell(outcome: Outcome) -> u64 {
    match outcome {
        Outcome::P => P_CELL,
        Outcome::N => N_CELL,
    }
}

/// What the cells of a table hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TableValues {
    /// Sprague-Grundy values (normal play only).
    Grundy,
    /// Outcomes: [`P_CELL`] or [`N_CELL`].
    Outcomes,
}

/// A one-heap table: the values of the positions `check_position([n])`, `n = 0..=upto`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SequenceRequest {
    /// The last heap, included.
    pub upto: u64,
    /// Grundy values or outcomes.
    pub values: TableValues,
    /// Normal or misère play (misère: outcomes only).
    pub play: Play,
    /// The most cells any path may store (4 bytes each), and the search fallback's state budget.
    pub budget: Budget,
}

/// A two-heap table: the values of `check_position([r, c])`, `r = 0..=rows`, `c = 0..=cols`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridRequest {
    /// The last first heap (row), included.
    pub rows: u64,
    /// The last second heap (column), included.
    pub cols: u64,
    /// Grundy values or outcomes.
    pub values: TableValues,
    /// Normal or misère play (misère: outcomes only).
    pub play: Play,
    /// The most cells any path may store (4 bytes each; a kernel's bitsets count as the cells
    /// they would fill), and the search fallback's state budget.
    pub budget: Budget,
}

/// How a table's values are computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TableMethod {
    /// A closed form evaluated cell by cell or row by row; nothing stored.
    ClosedForm,
    /// A certified period replayed: the preperiod and one period are stored.
    CertifiedPeriod,
    /// A streaming generator over a sliding window of the values before.
    Stream,
    /// The line kernel: one bitset of present values per row, column and diagonal.
    LineKernel,
    /// Every cell of the box computed bottom-up from the ruleset's moves, 4 bytes a cell.
    Dense,
    /// Every cell by memoized search (a move leaves the box, so the dense path cannot run).
    Search,
}

/// Where a table comes from: the method, what it uses, and a bound on its values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableBasis {
    /// The method.
    pub method: TableMethod,
    /// What the method uses, e.g. `"Bash: G(n) = n mod 4"`.
    pub detail: String,
    /// A proven upper bound on every value of the table, when the method knows one before
    /// producing it (so a binary width can be checked up front); exact for stored tables.
    pub value_bound: Option<u64>,
}

impl TableBasis {
    /// A closed form named by `detail` whose values are at most `value_bound`.
    pub fn closed_form(detail: impl Into<String>, value_bound: u64) -> Self {
        TableBasis { method: TableMethod::ClosedForm, detail: detail.into(), value_bound: Some(value_bound) }
    }
}

/// Why a table cannot be produced.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TableError {
    /// The request does not fit the game: the wrong number of heaps, Grundy values in misère
    /// play, a range at the end of the integers.
    #[error("{0}")]
    InvalidRequest(String),
    /// The table needs more memory than the budget allows.
    #[error(
        "the table needs {needed} cells of memory for {what}, more than the budget of {budget} cells \
         (4 bytes each); raise it with --budget N or ask for a smaller table"
    )]
    OverBudget {
        /// What needs the memory: the path and its parts.
        what: String,
        /// The cells (4 bytes each) it needs, saturated at `u64::MAX`.
        needed: u64,
        /// The budget, in cells.
        budget: usize,
    },
    /// The generic path lists more options than its budget allows (time, not memory).
    #[error(
        "the table needs more work than the budget allows: {what} lists more than {per_cell} options per \
         cell of the budget of {budget} cells; raise it with --budget N or ask for a smaller table",
        per_cell = crate::solve::WORK_PER_STATE
    )]
    WorkLimit {
        /// What ran out of work.
        what: String,
        /// The budget, in cells.
        budget: usize,
    },
    /// The generic path failed: a position too large for search, a search over budget.
    #[error(transparent)]
    Engine(#[from] EngineError),
}

impl TableError {
    /// True when the error is the caller's fault (a request the game cannot answer), as opposed
    /// to a computation that ran out of budget.
    pub fn is_usage(&self) -> bool {
        match self {
            TableError::InvalidRequest(_) => true,
            TableError::OverBudget { .. } | TableError::WorkLimit { .. } => false,
            TableError::Engine(e) => e.is_usage(),
        }
    }

    /// [`TableError::OverBudget`] unless `bytes` of memory fit `budget` cells of 4 bytes.
    pub(crate) fn check_memory(what: &str, bytes: u128, budget: Budget) -> Result<(), TableError> {
        let needed = bytes.div_ceil(4);
        if needed <= budget.0 as u128 {
            Ok(())
        } else {
            Err(TableError::OverBudget {
                what: what.to_string(),
                needed: u64::try_from(needed).unwrap_or(u64::MAX),
                budget: budget.0,
            })
        }
    }
}

/// Refuses Grundy values under misère play (they are not defined there).
pub(crate) fn check_values(values: TableValues, play: Play) -> Result<(), TableError> {
    if values == TableValues::Grundy && play == Play::Misere {
        return Err(TableError::InvalidRequest(
            "Grundy values are defined for normal play only; ask for outcomes in misère play".into(),
        ));
    }
    Ok(())
}
