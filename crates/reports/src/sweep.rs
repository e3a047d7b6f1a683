//! `sweep`: certified preperiods and periods over a family of subtraction sets, the
//! conjecture's piecewise-linear fit, and a resumable SQLite store of the rows.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;

use nimlab_engine::periodicity::{
    fit_conjecture, set_text, sweep_periods, ConjectureFit, Family, FitRow, LinearForm, Member,
    PeriodSummary, Quantity,
};
use nimlab_engine::Budget;
use nimlab_engine::Progress;
use nimlab_store::{StoreError, StoredRow, SweepStore};
use serde::Serialize;

use crate::error::{invalid, CommandError};
use crate::ReportError;

/// A sweep to run.
#[derive(Debug, Clone)]
pub struct SweepRequest<'a> {
    /// The family of sets.
    pub family: Family,
    /// The most values per set.
    pub limit: u64,
    /// The store recording every finished row (resumable), if any.
    pub db: Option<&'a Path>,
    /// Report the stored rows only, computing nothing.
    pub report_only: bool,
}

/// One set of the sweep.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SweepRow {
    /// The outer parameter's value (with two parameters), else null.
    pub outer: Option<u64>,
    /// The inner parameter's value.
    pub c: u64,
    /// The set.
    pub set: Vec<u64>,
    /// The minimal preperiod.
    pub preperiod: u64,
    /// The minimal period.
    pub period: u64,
}

/// A linear form `slope·c + intercept` with exact rational coefficients.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FormReport {
    /// The slope, as a fraction `a/b` or an integer.
    pub slope: String,
    /// The intercept.
    pub intercept: String,
    /// The form as text.
    pub text: String,
}

impl From<&LinearForm> for FormReport {
    fn from(form: &LinearForm) -> Self {
        FormReport {
            slope: form.slope.to_string(),
            intercept: form.intercept.to_string(),
            text: form.to_string(),
        }
    }
}

/// One residue class of a fit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClassReport {
    /// `c mod modulus`.
    pub residue: u64,
    /// The preperiod's form.
    pub preperiod: FormReport,
    /// The period's form.
    pub period: FormReport,
    /// How many rows support it.
    pub support: usize,
}

/// A row the fit does not explain.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExceptionReport {
    /// The inner parameter's value.
    pub c: u64,
    /// Its preperiod.
    pub preperiod: u64,
    /// Its period.
    pub period: u64,
}

/// The conjecture's fit for one outer value, or why there is none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FitReport {
    /// The outer parameter's value (with two parameters), else null.
    pub outer: Option<u64>,
    /// True when a fit was found.
    pub found: bool,
    /// Why there is no fit.
    pub reason: Option<String>,
    /// The modulus of the residue classes.
    pub modulus: Option<u64>,
    /// The fit holds for `c >= threshold`.
    pub threshold: Option<u64>,
    /// The preperiod as a formula.
    pub preperiod_formula: Option<String>,
    /// The period as a formula.
    pub period_formula: Option<String>,
    /// The classes.
    pub classes: Vec<ClassReport>,
    /// The exceptions.
    pub exceptions: Vec<ExceptionReport>,
}

impl FitReport {
    fn new(outer: Option<u64>, fit: &ConjectureFit) -> Self {
        match fit {
            ConjectureFit::NoFit(reason) => FitReport {
                outer,
                found: false,
                reason: Some(reason.to_string()),
                modulus: None,
                threshold: None,
                preperiod_formula: None,
                period_formula: None,
                classes: Vec::new(),
                exceptions: Vec::new(),
            },
            ConjectureFit::Fit(f) => FitReport {
                outer,
                found: true,
                reason: None,
                modulus: Some(f.modulus),
                threshold: Some(f.threshold),
                preperiod_formula: Some(f.formula(Quantity::Preperiod)),
                period_formula: Some(f.formula(Quantity::Period)),
                classes: f
                    .classes
                    .iter()
                    .map(|c| ClassReport {
                        residue: c.residue,
                        preperiod: FormReport::from(&c.preperiod),
                        period: FormReport::from(&c.period),
                        support: c.support,
                    })
                    .collect(),
                exceptions: f
                    .exceptions
                    .iter()
                    .map(|e| ExceptionReport { c: e.c, preperiod: e.preperiod, period: e.period })
                    .collect(),
            },
        }
    }
}

/// A sweep's rows and fits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SweepReport {
    /// Always `"subtraction"`.
    pub game: &'static str,
    /// The family's definition (its name in the store).
    pub definition: String,
    /// The parameter names, outer first.
    pub parameters: Vec<String>,
    /// The rows, by outer value then c.
    pub rows: Vec<SweepRow>,
    /// One fit per outer value (one in all with a single parameter).
    pub fits: Vec<FitReport>,
    /// Sets of the family not in the store (with `report_only`).
    pub missing: usize,
}

/// Runs a sweep; `progress(done, total)` counts sets.
///
/// # Errors
/// [`ReportError::Invalid`] when nothing is stored for a report; store errors; a set whose
/// period is beyond the limit or the budget.
pub fn sweep(
    request: &SweepRequest<'_>,
    budget: &Budget,
    progress: Progress<'_>,
) -> Result<SweepReport, ReportError> {
    let family = &request.family;
    let members = family.members().map_err(CommandError::BadFamily)?;
    let store = request.db.map(SweepStore::open).transpose()?;
    let mut results: HashMap<(u64, u64), PeriodSummary> = HashMap::new();
    let sweep_id = match &store {
        Some(store) if request.report_only => store.existing_sweep(&family.definition())?,
        Some(store) => Some(store.sweep(&family.definition())?),
        None => None,
    };
    if let (Some(store), Some(id)) = (&store, sweep_id) {
        for row in store.rows(id)? {
            results
                .insert((row.outer, row.c), PeriodSummary { preperiod: row.preperiod, period: row.period });
        }
    }
    let pending: Vec<&Member> = members.iter().filter(|m| !results.contains_key(&(m.outer, m.c))).collect();
    let missing = if request.report_only {
        pending.len()
    } else {
        compute(&pending, request.limit, store.as_ref().zip(sweep_id), budget, progress, &mut results)?;
        0
    };
    let two = family.parameters.len() == 2;
    let rows: Vec<SweepRow> = members
        .iter()
        .filter_map(|m| {
            results.get(&(m.outer, m.c)).map(|r| SweepRow {
                outer: two.then_some(m.outer),
                c: m.c,
                set: m.set.clone(),
                preperiod: r.preperiod,
                period: r.period,
            })
        })
        .collect();
    if rows.is_empty() {
        return invalid(CommandError::NoStoredRows { family: family.definition() });
    }
    let mut fits = Vec::new();
    let mut start = 0;
    while start < rows.len() {
        let outer = rows[start].outer;
        let end = rows[start..].iter().position(|r| r.outer != outer).map_or(rows.len(), |i| start + i);
        let fit_rows: Vec<FitRow> = rows[start..end]
            .iter()
            .map(|r| FitRow { c: r.c, preperiod: r.preperiod, period: r.period })
            .collect();
        fits.push(FitReport::new(outer, &fit_conjecture(&fit_rows)));
        start = end;
    }
    Ok(SweepReport {
        game: "subtraction",
        definition: family.definition(),
        parameters: family.names(),
        rows,
        fits,
        missing,
    })
}

/// Certifies the pending sets in parallel, recording each row in the store as it finishes.
fn compute(
    pending: &[&Member],
    limit: u64,
    store: Option<(&SweepStore, nimlab_store::SweepId)>,
    budget: &Budget,
    progress: Progress<'_>,
    results: &mut HashMap<(u64, u64), PeriodSummary>,
) -> Result<(), ReportError> {
    if pending.is_empty() {
        return Ok(());
    }
    let store_error: Mutex<Option<StoreError>> = Mutex::new(None);
    let done = std::sync::atomic::AtomicU64::new(0);
    let total = pending.len() as u64;
    let inputs: Vec<(&Member, Vec<u64>)> = pending.iter().map(|m| (*m, m.set.clone())).collect();
    let outcomes = sweep_periods(&inputs, limit, budget, |member, result| {
        if let (Ok(summary), Some((store, id))) = (result, &store) {
            let row = StoredRow {
                outer: member.outer,
                c: member.c,
                members: set_text(&member.set),
                preperiod: summary.preperiod,
                period: summary.period,
            };
            if let Err(error) = store.record(*id, &row) {
                if let Ok(mut slot) = store_error.lock() {
                    slot.get_or_insert(error);
                }
            }
        }
        progress(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1, total);
    });
    if let Some(error) = store_error.into_inner().ok().flatten() {
        return Err(error.into());
    }
    for ((member, _), outcome) in inputs.iter().zip(outcomes) {
        results.insert((member.outer, member.c), outcome?);
    }
    Ok(())
}
