//! `search`: every subtraction set of a given size whose Grundy sequence has a given period.

use nimlab_engine::periodicity::search_period;
use nimlab_engine::Budget;
use nimlab_engine::Progress;
use serde::Serialize;

use crate::ReportError;

/// A search to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchRequest {
    /// Members per set.
    pub size: usize,
    /// The largest member.
    pub max: u64,
    /// The minimal period wanted.
    pub period: u64,
    /// The most values per set.
    pub limit: u64,
    /// The most sets the search may cover.
    pub max_sets: u64,
}

/// A set found, with its preperiod.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FoundSet {
    /// The set.
    pub set: Vec<u64>,
    /// Its minimal preperiod.
    pub preperiod: u64,
}

/// The sets with the wanted period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SearchReport {
    /// Always `"subtraction"`.
    pub game: &'static str,
    /// Members per set.
    pub size: usize,
    /// The largest member.
    pub max: u64,
    /// The period.
    pub period: u64,
    /// The values computed at most per set.
    pub limit: u64,
    /// The sets found, in lexicographic order.
    pub found: Vec<FoundSet>,
    /// Sets whose period was not certified within `limit` values.
    pub undetermined: Vec<Vec<u64>>,
    /// Sets certified.
    pub examined: u64,
    /// Sets excluded without computation (a member divisible by the period).
    pub excluded: u64,
}

/// Runs the search; `progress(done, total)` counts sets.
///
/// # Errors
/// [`ReportError::Periodicity`] for invalid parameters, too many sets, or the budget.
pub fn search(
    request: &SearchRequest,
    budget: &Budget,
    progress: Progress<'_>,
) -> Result<SearchReport, ReportError> {
    let r = request;
    let report = search_period(r.size, r.max, r.period, r.limit, r.max_sets, budget, progress)?;
    Ok(SearchReport {
        game: "subtraction",
        size: r.size,
        max: r.max,
        period: r.period,
        limit: r.limit,
        found: report.found.into_iter().map(|(set, preperiod)| FoundSet { set, preperiod }).collect(),
        undetermined: report.undetermined,
        examined: report.examined,
        excluded: report.excluded,
    })
}
