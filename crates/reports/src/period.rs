//! `period`: the certified preperiod and period of a one-heap game's Grundy sequence, and the
//! additive period of a row of Wythoff's Grundy table.

use nimlab_engine::periodicity::{certify_period, Periodicity};
use nimlab_engine::tables::{wythoff_row, RowCertificate, RowStatus};
use nimlab_engine::{Budget, GameSpec};
use serde::Serialize;

use crate::error::invalid;
use crate::position::GameRef;
use crate::ReportError;

/// The default number of values `period` and `sweep` may compute per game.
pub const DEFAULT_LIMIT: u64 = 50_000_000;

/// A certified period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PeriodReport {
    /// The game.
    #[serde(flatten)]
    pub game: GameRef,
    /// The period with its certificate.
    #[serde(flatten)]
    pub periodicity: Periodicity,
}

/// The certified minimal preperiod and period of `spec`'s Grundy sequence, computing at most
/// `limit` values.
///
/// # Errors
/// [`ReportError::Invalid`] for a game without a certifiable sequence;
/// [`ReportError::Periodicity`] when no certificate is found within `limit` values or the
/// budget.
pub fn period(spec: &GameSpec, limit: u64, budget: &Budget) -> Result<PeriodReport, ReportError> {
    if spec.name() != "subtraction" {
        return invalid(format!(
            "period certifies the Grundy sequences of subtraction games and the rows of Wythoff's game; '{}' has \
             none to certify",
            spec.name()
        ));
    }
    let periodicity = certify_period(spec.params().set("set"), limit, budget)?;
    Ok(PeriodReport { game: GameRef::from(spec), periodicity })
}

/// The default number of columns `period wythoff --row A` may sweep: rows certify within a few
/// hundred columns up to row 30 and a few thousand up to row 100 (`docs/wythoff-rows.md`); a
/// row that does not is reported as observed on these columns.
pub const DEFAULT_ROW_COLUMNS: u64 = 100_000;

/// The additive period of a row of Wythoff's Grundy table: `G(a, n + p) = G(a, n) + s` for every
/// `n >= preperiod`, with the saltus `s` equal to the period `p`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RowPeriodReport {
    /// The game (`wythoff`).
    #[serde(flatten)]
    pub game: GameRef,
    /// The row: the first heap `a`.
    pub row: u64,
    /// The least preperiod `n0`.
    pub preperiod: u64,
    /// The least additive period `p`.
    pub period: u64,
    /// What a period adds to the values: `G(a, n + p) - G(a, n)` (equal to `p` for Wythoff's
    /// rows).
    pub saltus: u64,
    /// `G(a, 0..n0 + p)`: the preperiod followed by one period.
    pub values: Vec<u64>,
    /// `certified` (proved by a repeated window state, `docs/wythoff-rows.md`) or `observed`
    /// (only seen on the columns computed).
    pub status: RowPeriodStatus,
    /// The columns computed: `0..columns`.
    pub columns: u64,
    /// The proof's evidence when certified, else `null`.
    pub certificate: Option<RowCertificate>,
}

/// Whether a row's period is proved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RowPeriodStatus {
    /// Proved.
    Certified,
    /// Seen on the columns computed, not proved.
    Observed,
}

/// The additive period of row `row` of Wythoff's Grundy table, sweeping at most `columns`
/// columns of rows `0..=row`.
///
/// # Errors
/// [`ReportError::Invalid`] for a game other than Wythoff's; [`ReportError::WythoffRows`] when
/// the budget stops the sweep or no period shows within the columns.
pub fn row_period(
    spec: &GameSpec,
    row: u64,
    columns: u64,
    budget: &Budget,
) -> Result<RowPeriodReport, ReportError> {
    if spec.name() != "wythoff" {
        return invalid(format!(
            "rows with an additive period are those of Wythoff's game; '{}' has no rows to certify",
            spec.name()
        ));
    }
    let found = wythoff_row(row, columns, budget)?;
    let (status, columns, certificate) = match found.status {
        RowStatus::Certified(certificate) => {
            (RowPeriodStatus::Certified, certificate.from + certificate.span, Some(certificate))
        }
        RowStatus::Observed { columns } => (RowPeriodStatus::Observed, columns, None),
    };
    Ok(RowPeriodReport {
        game: GameRef::from(spec),
        row,
        preperiod: found.preperiod,
        period: found.period,
        saltus: found.period,
        values: found.values,
        status,
        columns,
        certificate,
    })
}
