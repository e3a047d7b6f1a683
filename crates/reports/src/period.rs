//! `period`: the certified preperiod and period of a one-heap game's Grundy sequence: a
//! subtraction game, or a take-and-break game (octal codes, Kayles, Grundy's game), for which an
//! uncertified sequence is reported honestly as what was seen up to the limit; and the additive
//! period of a row of Wythoff's Grundy table.

use nimlab_engine::octal::{
    analyze_with, ActiveMethod, Certificate, GameRules, Observed, PeriodOutcome, SequenceMethod,
    SequenceStats,
};
use nimlab_engine::periodicity::{certify_period, runs, Periodicity};
use nimlab_engine::rulesets::octal::{rules_of, sequence_error, title};
use nimlab_engine::tables::{wythoff_row, RowCertificate, RowStatus};
use nimlab_engine::{Budget, EngineError, GameSpec, Lang};
use serde::Serialize;

use crate::error::invalid;
use crate::position::GameRef;
use crate::ReportError;

/// The default number of values `period` and `sweep` may compute per game.
pub const DEFAULT_LIMIT: u64 = 50_000_000;

/// A period report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PeriodReport {
    /// The game.
    #[serde(flatten)]
    pub game: GameRef,
    /// The period with its certificate, or what was seen.
    #[serde(flatten)]
    pub body: PeriodBody,
}

/// What a period report holds, by kind of game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum PeriodBody {
    /// A subtraction game: always certified (or the report fails).
    Subtraction(Periodicity),
    /// A take-and-break game: certified, or open up to the limit.
    TakeAndBreak(Box<SequencePeriod>),
}

/// The slides' run notation of the preperiod and of one period (`0^2 1^2 2` = 0 0 1 1 2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Notation {
    /// The preperiod's values.
    pub preperiod: String,
    /// One period's values.
    pub period: String,
}

/// The period of a take-and-break game's sequence, or what was seen of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SequencePeriod {
    /// `"certified"` (proved by the certificate) or `"open"` (no period up to `values_computed`).
    pub status: &'static str,
    /// The game's name, e.g. "Kayles (0.77)".
    pub title: String,
    /// The minimal preperiod when certified.
    pub preperiod: Option<u64>,
    /// The minimal period when certified.
    pub period: Option<u64>,
    /// `G(0 .. preperiod + period)` when certified.
    pub values: Option<Vec<u32>>,
    /// The run notation of `values` when certified.
    pub notation: Option<Notation>,
    /// The certificate when certified: the theorem, `max_heaps` (k), `max_removal` (t), the
    /// range checked, the preperiod's witness, the values computed.
    pub certificate: Option<Certificate>,
    /// Values computed.
    pub values_computed: u64,
    /// False when no periodicity theorem covers the game (Grundy's game): nothing is ever
    /// certified, only observed.
    pub covered_by_theorem: bool,
    /// When open: a period (or an arithmetic period with its saltus) seen in the data over at
    /// least two periods, not proved; null when none was seen.
    pub observed: Option<Observed>,
    /// The largest value computed.
    pub largest_value: u32,
    /// How many distinct values occurred.
    pub distinct_values: u32,
    /// The method in use at the end: `"direct"` or `"sparse"`.
    pub method: ActiveMethod,
    /// Values classed rare by the sparse method's split (null while direct).
    pub rare_values: Option<u32>,
    /// Heaps with a rare value (null while direct).
    pub rare_positions: Option<u64>,
}

impl SequencePeriod {
    fn new(title: String, outcome: &PeriodOutcome) -> Self {
        let figures = |stats: &SequenceStats, status, covered, observed| SequencePeriod {
            status,
            title: title.clone(),
            preperiod: None,
            period: None,
            values: None,
            notation: None,
            certificate: None,
            values_computed: stats.values,
            covered_by_theorem: covered,
            observed,
            largest_value: stats.largest_value,
            distinct_values: stats.distinct_values,
            method: stats.method,
            rare_values: stats.rare_values,
            rare_positions: stats.rare_positions,
        };
        match outcome {
            PeriodOutcome::Certified(c) => {
                let split = c.preperiod as usize;
                SequencePeriod {
                    preperiod: Some(c.preperiod),
                    period: Some(c.period),
                    notation: Some(Notation {
                        preperiod: runs(&c.values[..split]),
                        period: runs(&c.values[split..]),
                    }),
                    values: Some(c.values.clone()),
                    certificate: Some(c.certificate.clone()),
                    values_computed: c.certificate.values_computed,
                    ..figures(&c.stats, "certified", true, None)
                }
            }
            PeriodOutcome::Open(o) => figures(&o.stats, "open", o.covered_by_theorem, o.observed.clone()),
        }
    }
}

/// The certified minimal preperiod and period of `spec`'s Grundy sequence, computing at most
/// `limit` values and stopping as soon as the certificate holds. For a take-and-break game an
/// uncertified sequence is a report too (`status` "open": no period up to `limit`).
///
/// # Errors
/// [`ReportError::Invalid`] for a game without a sequence to certify;
/// [`ReportError::Periodicity`] when a subtraction game's certificate is not found within `limit`
/// values or the budget; [`ReportError::Engine`] when the budget, the deadline or a cancellation
/// stops a take-and-break game's sequence (the message says what was seen).
pub fn period(spec: &GameSpec, limit: u64, budget: &Budget) -> Result<PeriodReport, ReportError> {
    if let Some(rules) = rules_of(spec) {
        let body = PeriodBody::TakeAndBreak(Box::new(sequence_period(&rules, limit, budget)?));
        return Ok(PeriodReport { game: GameRef::from(spec), body });
    }
    if spec.name() != "subtraction" {
        return invalid(format!(
            "period certifies the Grundy sequences of one-heap games (subtraction, octal, kayles, dawson-kayles, \
             dawsons-chess, grundy-game) and the rows of Wythoff's game (--row A); '{}' has none to certify",
            spec.name()
        ));
    }
    let periodicity = certify_period(spec.params().set("set"), limit, budget)?;
    Ok(PeriodReport { game: GameRef::from(spec), body: PeriodBody::Subtraction(periodicity) })
}

/// The period of a take-and-break game, charging the sequence's work to `budget` as it goes.
fn sequence_period(rules: &GameRules, limit: u64, budget: &Budget) -> Result<SequencePeriod, ReportError> {
    let (mut charged, mut stopped) = (0, None);
    let (outcome, sequence) = analyze_with(rules, limit, SequenceMethod::Auto, |progress| {
        let charge = budget.charge(progress.work - charged);
        charged = progress.work;
        charge.map_err(|cause| stopped = Some(cause)).is_ok()
    })
    .map_err(|e| sequence_error(e, || format!("the Grundy sequence of {rules}")))?;
    match (outcome, stopped) {
        (Some(outcome), _) => Ok(SequencePeriod::new(title(rules, Lang::En), &outcome)),
        (None, stopped) => {
            let stats = sequence.stats();
            let task = format!(
                "the period of {} (no period in the {} values computed; largest value {}{})",
                title(rules, Lang::En),
                stats.values,
                stats.largest_value,
                stats.rare_values.map(|r| format!("; {r} rare values")).unwrap_or_default()
            );
            let cause = stopped.expect("the sequence stops only when the budget says so");
            Err(EngineError::Exhausted { task, cause }.into())
        }
    }
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
