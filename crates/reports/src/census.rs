//! `census`: the P-positions of three-rowed Chomp, for every pair of shorter rows `(b, c)` with
//! the third row `c` up to a bound: the first row `A(b, c)` that makes `(A, b, c)` a P-position
//! (or none), listed up to where it becomes periodic in `b`, then by its certified period
//! (`nimlab_engine::rulesets::chomp::census` states the recurrence and the proof).

use nimlab_engine::{Budget, Census, EngineError};
use serde::Serialize;

use crate::ReportError;

/// The census up to a third row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CensusReport {
    /// The largest third row `c`.
    pub upto: u64,
    /// How many third rows have each least period, by period.
    pub periods: Vec<PeriodCount>,
    /// The largest second row from which a column is periodic.
    pub periodic_from: u64,
    /// One entry per third row `c = 0 ..= upto`.
    pub columns: Vec<CensusColumn>,
}

/// How many third rows have this least period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PeriodCount {
    /// The period.
    pub period: u64,
    /// How many third rows have it.
    pub columns: u64,
}

/// One third row `c`: `A(b, c) - b` for `b >= c`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CensusColumn {
    /// The third row `c`.
    pub third: u64,
    /// From this second row `b` on, `A(b, c) - b` repeats with `period` (certified).
    pub from: u64,
    /// The least period.
    pub period: u64,
    /// `A(b, c) - b` for `b = from .. from + period` (`null`: no first row makes a P-position).
    pub offsets: Vec<Option<u64>>,
    /// `A(b, c) - b` for `b = c .. from` (with `full` only; else absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<Vec<Option<u64>>>,
}

/// The census of every third row up to `upto`; `full` lists each column before its period.
///
/// # Errors
/// What ran out of the budget.
pub fn census(upto: u64, full: bool, budget: &Budget) -> Result<CensusReport, ReportError> {
    let census = Census::compute(upto, budget).map_err(|cause| {
        ReportError::Engine(EngineError::Exhausted {
            task: Box::new(nimlab_engine::Task::Census { upto }),
            cause,
        })
    })?;
    let mut periods: Vec<PeriodCount> = Vec::new();
    for column in census.columns() {
        match periods.iter_mut().find(|p| p.period == column.period) {
            Some(count) => count.columns += 1,
            None => periods.push(PeriodCount { period: column.period, columns: 1 }),
        }
    }
    periods.sort_by_key(|p| p.period);
    Ok(CensusReport {
        upto,
        periods,
        periodic_from: census.columns().iter().map(|c| c.from).max().unwrap_or(0),
        columns: census
            .columns()
            .iter()
            .map(|column| CensusColumn {
                third: column.third,
                from: column.from,
                period: column.period,
                offsets: column.period_offsets().collect(),
                before: full.then(|| column.before().collect()),
            })
            .collect(),
    })
}
