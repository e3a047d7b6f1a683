//! Big tables at the engine's speed: a one-heap game's sequence of values and a two-heap game's
//! grid, each produced by the fastest path the ruleset has and handed to the caller in chunks
//! (rows), so that a table of `10^8` values costs the producer's window in memory, not its
//! length.
//!
//! * [`sequence`] — [`Sequence`]: `G(0), G(1), ..., G(upto)` (or outcomes) of the positions
//!   `check_position([n])`, from a ruleset's [`SequenceSource`] (the streaming SUB(S) generator, a
//!   certified period, a closed form), for the planner (`crate::analysis::tables`), which falls
//!   back on the generic dense path.
//! * [`grid`] — [`Grid`]: the values of `check_position([r, c])`, row by row, from a ruleset's
//!   [`GridSource`] (a closed form, the line kernel) or the generic dense path.
//! * [`lines`] — the line kernel: two-heap games whose moves take along rows, columns and
//!   diagonals (Wythoff's game, take-pattern games on two piles), with a bitset per line.
//! * [`encode`] — values as raw little-endian `u8`/`u16`/`u32`/`u64`, refusing a value that does
//!   not fit.
//! * [`mod@wythoff_rows`] — the additive periodicity of each row of Wythoff's Grundy table, certified
//!   by a finite-state argument (`docs/wythoff-rows.md`), and `G(a, N)` for any `N` from it.
//!
//! A ruleset plugs its fast path in through [`crate::Ruleset::fast_sequence`] and
//! [`crate::Ruleset::fast_grid`]; callers reach tables through [`crate::AnyGame::sequence`] and
//! [`crate::AnyGame::grid`]. Cells hold Grundy values or outcomes as `u64`: an outcome is
//! [`P_CELL`] (0, the player to move loses) or [`N_CELL`] (1).
//!
//! # The budget
//! Every table runs under the caller's [`Budget`], in two ways:
//! * **memory** a path holds (a generator's window, a certified period, a dense table, a
//!   collected vector) is paid up front, [`BYTES_PER_UNIT`] bytes a unit (the line kernel's
//!   bitsets are checked the same way but not paid: see [`KERNEL_CELLS_PER_UNIT`]), and refused with [`TableError::Exhausted`] (naming what needs the memory) when it
//!   exceeds what is left of the budget;
//! * **work**: values are charged as they are produced, in pieces of at most [`PIECE`] values,
//!   so that the budget, a deadline or a cancellation stops a long stream between two pieces. A
//!   unit stands for tens of nanoseconds of work: a streamed value (a closed form, a certified
//!   period replayed, the SUB(S) generator, a stored cell handed out) costs a few nanoseconds, so
//!   [`STREAMED_VALUES_PER_UNIT`] of them cost one unit (`10^8` values of a sequence cost
//!   3.1 million units, well inside the default budget of `1.5·10^8`); a cell of the line kernel
//!   costs a few to 50 ns (a mex over bitsets; Wythoff's measured 33 ns with its output), so
//!   [`KERNEL_CELLS_PER_UNIT`] of them cost one unit: Wythoff's 3999 x 3999 grid costs 4 million
//!   units of work; its 44 MB of bitsets and rows are held (checked against the budget and the
//!   ceiling) but not paid as work, since they grow with its cells. The dense path
//!   charges one unit per cell and per option it lists, as the search does.

pub(crate) mod encode;
pub(crate) mod grid;
pub(crate) mod lines;
pub(crate) mod sequence;
pub(crate) mod wythoff_rows;

#[cfg(test)]
mod agreement;

pub use encode::{encode_le, Width};
pub use grid::Grid;
pub(crate) use grid::{outcome_row, row_by_row, GridSource};
pub use sequence::subtraction_sequence;
pub use sequence::Sequence;
pub(crate) use sequence::{by_chunks, per_heap, per_residue, SequenceSource};
pub use wythoff_rows::{wythoff_row, wythoff_rows, RowCertificate, RowError, RowStatus};

use crate::error::RequestError;
use serde::Serialize;
use thiserror::Error;

use crate::analysis::Method;
use crate::budget::{Budget, Exhausted};
use crate::error::{EngineError, Holder, Task, TheoryQuestion};
use crate::game::{Outcome, Play};

/// The value of a P-position in an outcome table: the player to move loses.
pub const P_CELL: u64 = 0;
/// The value of an N-position in an outcome table: the player to move wins.
pub const N_CELL: u64 = 1;

pub(crate) use crate::budget::BYTES_PER_UNIT;

/// Values a streamed path produces for one unit of work (a value costs a few nanoseconds, a
/// unit stands for tens).
pub(crate) const STREAMED_VALUES_PER_UNIT: u64 = 32;

/// Cells the line kernel computes for one unit of work (a cell is a mex over bitsets). Its
/// memory (bitsets and rows, about 2.6 bytes a cell for Wythoff) is held, not paid as work
/// (`hold_memory`). bench/calibrate.sh, 26 Nov 2026 (2-core KVM guest, load about 8): `table
/// wythoff --rows 3000 --cols 3000 --format u16` took 0.30 s of CPU, 33 ns a cell; at 8 cells
/// a unit with the memory paid as work, 41 ns a unit, below the 55 to 180 ns of the other
/// paths; at 4 cells a unit without it, about 120 ns.
pub(crate) const KERNEL_CELLS_PER_UNIT: u64 = 4;

/// The most values produced between two charges of the budget (and checks of its deadline).
pub const PIECE: usize = 1 << 16;

/// The cell value of an outcome: [`P_CELL`] or [`N_CELL`].
pub(crate) fn outcome_cell(outcome: Outcome) -> u64 {
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
    /// [`Method::Auto`]: the fastest path; [`Method::Theory`]: only a closed form or a certified
    /// period; [`Method::Search`]: only the generic path (every cell from the ruleset's moves).
    pub method: Method,
}

impl SequenceRequest {
    /// Grundy values (normal play) or outcomes (under `play`) of heaps `0..=upto`, by the
    /// fastest path.
    pub fn new(upto: u64, values: TableValues, play: Play) -> Self {
        SequenceRequest { upto, values, play, method: Method::Auto }
    }
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
    /// The path, as for [`SequenceRequest::method`].
    pub method: Method,
}

impl GridRequest {
    /// Grundy values (normal play) or outcomes (under `play`) of the grid, by the fastest path.
    pub fn new(rows: u64, cols: u64, values: TableValues, play: Play) -> Self {
        GridRequest { rows, cols, values, play, method: Method::Auto }
    }
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
    /// The octal sequence engine (direct or sparse rare/common method) of a take-and-break
    /// game: every value computed in order and kept, 2 bytes a value.
    SequenceEngine,
    /// The line kernel: one bitset of present values per row, column and diagonal.
    LineKernel,
    /// Every cell of the box computed bottom-up from the ruleset's moves, 4 bytes a cell.
    Dense,
    /// Every cell by memoized search (a move leaves the box, so the dense path cannot run).
    Search,
    /// Misère outcomes from the game's misère quotient (Plambeck–Siegel): a sum of heaps is a
    /// P-position iff the product of its heaps' images lies in the P-portion; certified, or the
    /// partial quotient `Q_n` of the heaps up to `n` when the table stays within them.
    MisereQuotient,
}

impl TableMethod {
    /// True for the methods that are theory (a closed form, a certified period), as opposed to
    /// a computation from the rules.
    pub fn is_theory(self) -> bool {
        matches!(self, TableMethod::ClosedForm | TableMethod::CertifiedPeriod | TableMethod::MisereQuotient)
    }

    /// The work of producing `values` values by this method, in units: see the module doc.
    fn units_for(self, values: u64) -> (u64, u64) {
        match self {
            TableMethod::LineKernel => (values / KERNEL_CELLS_PER_UNIT, values % KERNEL_CELLS_PER_UNIT),
            _ => (values / STREAMED_VALUES_PER_UNIT, values % STREAMED_VALUES_PER_UNIT),
        }
    }
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
    /// For a one-heap table whose values follow a certified period (the theorem `detail`
    /// names): where the period starts and its length, so that a surface shows it as certified
    /// without knowing which game it is (absent from JSON when there is none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certified_period: Option<PeriodSpan>,
}

/// A certified preperiod and period of a one-heap sequence: `G(n + period) = G(n)` for every
/// `n >= preperiod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct PeriodSpan {
    /// Where the periodic part starts.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
}

impl TableBasis {
    /// A closed form named by `detail` whose values are at most `value_bound`.
    pub(crate) fn closed_form(detail: impl Into<String>, value_bound: u64) -> Self {
        TableBasis {
            method: TableMethod::ClosedForm,
            detail: detail.into(),
            value_bound: Some(value_bound),
            certified_period: None,
        }
    }
}

/// Why a table cannot be produced.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TableError {
    /// The request does not fit the game: the wrong number of heaps, Grundy values in misère
    /// play, a range at the end of the integers.
    #[error("{0}")]
    InvalidRequest(RequestError),
    /// The budget, the deadline or a cancellation stopped the table, or its memory does not fit
    /// what is left of the budget; `task` says what.
    #[error("{task}: {cause}")]
    Exhausted {
        /// What needed the memory or was stopped, e.g. the dense table's 4000000 bytes of memory
        /// when 1000 units are left, as data (boxed: the error stays small).
        task: Box<crate::error::Task>,
        /// What ran out.
        cause: Exhausted,
    },
    /// The generic path failed (a position too large for search), or the theory was asked for
    /// and the game has none for this table.
    #[error(transparent)]
    Engine(#[from] EngineError),
}

impl TableError {
    /// True when the error is the caller's fault (a request the game cannot answer), as opposed
    /// to a computation that ran out of budget.
    pub fn is_usage(&self) -> bool {
        match self {
            TableError::InvalidRequest(_) => true,
            TableError::Exhausted { .. } => false,
            TableError::Engine(e) => e.is_usage(),
        }
    }

    /// The error's words in both languages, from its data (the English is its `Display`).
    pub fn words(&self) -> crate::lang::Words {
        match self {
            TableError::InvalidRequest(e) => e.words(),
            TableError::Exhausted { task, cause } => {
                let (task, cause) = (task.words(), cause.words());
                crate::lang::Words {
                    en: format!("{}: {}", task.en, cause.en),
                    zh: format!("{}：{}", task.zh, cause.zh),
                }
            }
            TableError::Engine(e) => e.words(),
        }
    }

    /// What ran out, for a table stopped by its budget, deadline or cancellation.
    pub fn exhausted(&self) -> Option<&Exhausted> {
        match self {
            TableError::Exhausted { cause, .. } => Some(cause),
            TableError::Engine(e) => e.exhausted(),
            TableError::InvalidRequest(_) => None,
        }
    }
}

impl From<TableError> for EngineError {
    fn from(error: TableError) -> Self {
        match error {
            TableError::InvalidRequest(request) => EngineError::InvalidRequest(request),
            TableError::Exhausted { task, cause } => EngineError::Exhausted { task, cause },
            TableError::Engine(e) => e,
        }
    }
}

/// The units that pay for `bytes` of memory, rounded up and saturated.
pub(crate) fn memory_units(bytes: u128) -> u64 {
    u64::try_from(bytes.div_ceil(u128::from(BYTES_PER_UNIT))).unwrap_or(u64::MAX)
}

/// True when `bytes` of memory fit what is left of `budget` (nothing is charged).
pub(crate) fn memory_fits(bytes: u128, budget: &Budget) -> bool {
    memory_units(bytes) <= budget.remaining()
}

/// Pays for `bytes` of memory that `holder` holds: [`BYTES_PER_UNIT`] bytes a unit, charged at
/// once.
///
/// # Errors
/// [`TableError::Exhausted`] naming `holder` when the units exceed what is left of the budget
/// (nothing is charged then), or when the deadline has passed or the table was cancelled.
pub fn pay_memory(holder: Holder, bytes: u128, budget: &Budget) -> Result<(), TableError> {
    let units = memory_units(bytes);
    let left = budget.remaining();
    budget.affords(units).and_then(|()| budget.charge(units)).map_err(|cause| TableError::Exhausted {
        task: Box::new(Task::Memory { holder, bytes, units, left }),
        cause,
    })?;
    budget.note_held(u64::try_from(bytes).unwrap_or(u64::MAX));
    Ok(())
}

/// Holds `bytes` of memory for `holder` without charging work: checked against what is left of
/// the budget ([`BYTES_PER_UNIT`] bytes a unit) and the memory ceiling, and recorded in the
/// memory account. For a path whose memory grows with its work (the line kernel), where paying
/// the memory as work too would make a unit of it far cheaper in time than elsewhere.
///
/// # Errors
/// [`TableError::Exhausted`] naming `holder` when the memory exceeds what is left of the budget
/// or the ceiling, or when the deadline has passed or the table was cancelled.
pub(crate) fn hold_memory(holder: Holder, bytes: u128, budget: &Budget) -> Result<(), TableError> {
    let units = memory_units(bytes);
    let left = budget.remaining();
    budget
        .check_memory(u64::try_from(bytes).unwrap_or(u64::MAX))
        .and_then(|()| budget.affords(units))
        .map_err(|cause| TableError::Exhausted {
            task: Box::new(Task::Memory { holder, bytes, units, left }),
            cause,
        })
}

/// Charges a budget for the values of a table as they are produced, at its method's rate.
#[derive(Debug, Clone)]
pub(crate) struct Charge {
    budget: Budget,
    method: TableMethod,
    /// Values produced but not yet paid for (below one unit's worth).
    carried: u64,
}

impl Charge {
    pub(crate) fn new(budget: &Budget, method: TableMethod) -> Self {
        Charge { budget: budget.clone(), method, carried: 0 }
    }

    /// Pays for `values` values about to be produced.
    pub(crate) fn values(&mut self, values: u64) -> Result<(), Exhausted> {
        let (units, carried) = self.method.units_for(self.carried.saturating_add(values));
        self.carried = carried;
        self.budget.charge(units)
    }

    /// The budget charged.
    pub(crate) fn budget(&self) -> &Budget {
        &self.budget
    }
}

/// Refuses Grundy values under misère play (they are not defined there).
pub(crate) fn check_values(values: TableValues, play: Play) -> Result<(), TableError> {
    if values == TableValues::Grundy && play == Play::Misere {
        return Err(TableError::InvalidRequest(RequestError::GrundyInMisere));
    }
    Ok(())
}

/// The error for [`Method::Theory`] when the fastest path is not theory.
pub(crate) fn no_theory(game: &str, what: &'static str, values: TableValues, play: Play) -> TableError {
    TableError::Engine(EngineError::NoTheory {
        game: game.to_string(),
        question: TheoryQuestion::Table {
            what,
            outcomes: values == TableValues::Outcomes,
            misere: play == Play::Misere,
        },
    })
}
