//! `period`: the preperiod and period of a one-heap game's Grundy sequence. Certified where a
//! theorem covers the game: a subtraction game (the window criterion) or a take-and-break game
//! (octal codes, Kayles: the Guy–Smith theorem), for which an uncertified sequence is reported
//! honestly as what was seen up to the limit; any other game with one-heap positions (take
//! patterns, Bash, games defined in Python, ...) gets the period or saltus observed in its values,
//! never called certified. Also the additive period of a row of Wythoff's Grundy table.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::sync::Arc;

use nimlab_engine::not_answered;
use nimlab_engine::octal::{
    analyze_from, ActiveMethod, Certificate, CertifiedPeriod, GameRules, Observed, PeriodOutcome, Sequence,
    SequenceStats, Values, ValuesView,
};
use nimlab_engine::periodicity::{certify_period, runs, Periodicity};
use nimlab_engine::periodicity::{observed_period, Evidence};
use nimlab_engine::tables::{
    pay_memory, wythoff_row, RowCertificate, RowStatus, SequenceRequest, TableBasis, TableValues,
};
use nimlab_engine::PeriodSequence;
use nimlab_engine::{octal_title, sequence_error};
use nimlab_engine::{
    AnyGame, BigUint, Budget, EngineError, GameSpec, Holder, Lang, Play, Research, Task, Words,
};
use serde::Serialize;

use crate::checkpoint::Checkpoint;
use crate::error::{invalid, CommandError};
use crate::position::GameRef;
use crate::ReportError;

/// The default number of values `period` and `sweep` may compute per game.
pub const DEFAULT_LIMIT: u64 = 50_000_000;

/// The default number of values `period` computes of a game no theorem covers: its values come
/// from the generic table path, which may list every move of every heap.
pub const DEFAULT_OBSERVED_LIMIT: u64 = 10_000;

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
    /// Any other one-heap game: what its values show, never certified.
    Observed(Box<ObservedSequence>),
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
    /// `G(0 .. preperiod + period)` when certified; every value computed, `G(0 .. values_computed)`,
    /// when open. Held once, 2 bytes a value while they fit, and written one at a time.
    pub values: Option<SequenceValues>,
    /// The run notation of `values` when certified, written from `values` as it is output.
    pub notation: Option<RunNotation>,
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
    /// Each rare value with the heaps `n >= 1` where it occurs, by value (null while direct).
    pub rare: Option<Vec<RareValue>>,
    /// When certified: the heaps `n < preperiod` whose value is not the one the period gives
    /// there (`G(n + k·period)`, `n + k·period >= preperiod`), the exceptions before the period;
    /// found in `values` as they are output.
    pub exceptions: Option<Exceptions>,
}

/// The values of a report, held once (shared by `values`, `notation` and `exceptions`) in the
/// width the sequence engine computed them in, and serialized one at a time: a report of
/// hundreds of millions of values costs their 2 bytes each, never a copy or a string of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SequenceValues(Arc<Values>);

impl SequenceValues {
    /// The values.
    pub fn view(&self) -> ValuesView<'_> {
        self.0.view()
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `G(n)`.
    pub fn get(&self, n: usize) -> u32 {
        self.0.get(n)
    }

    /// The values in order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter()
    }
}

impl Serialize for SequenceValues {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// [`Notation`] of a certified sequence, written from its values as it is output (the same
/// JSON object: `{"preperiod": "...", "period": "..."}`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunNotation {
    values: SequenceValues,
    preperiod: usize,
}

impl RunNotation {
    /// The preperiod's values in runs.
    pub fn preperiod(&self) -> Runs<'_> {
        Runs { values: self.values.view().slice(0, self.preperiod), limit: None }
    }

    /// One period's values in runs.
    pub fn period(&self) -> Runs<'_> {
        Runs { values: self.values.view().slice(self.preperiod, self.values.len()), limit: None }
    }
}

impl Serialize for RunNotation {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut notation = serializer.serialize_struct("Notation", 2)?;
        notation.serialize_field("preperiod", &self.preperiod())?;
        notation.serialize_field("period", &self.period())?;
        notation.end()
    }
}

/// Values in the slides' run notation ([`runs`]), written as they are formatted: with a limit,
/// the runs of the first `limit` values followed by how many more there are.
#[derive(Debug, Clone, Copy)]
pub struct Runs<'a> {
    values: ValuesView<'a>,
    limit: Option<usize>,
}

impl<'a> Runs<'a> {
    /// The runs of `values`, all of them.
    pub fn of(values: ValuesView<'a>) -> Self {
        Runs { values, limit: None }
    }

    /// The runs of the first `limit` values, then `... [K more values; --json lists them all]`.
    pub fn shortened(self, limit: usize) -> Self {
        Runs { limit: Some(limit), ..self }
    }
}

impl fmt::Display for Runs<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let len = self.values.len();
        let shown = self.limit.map_or(len, |limit| limit.min(len));
        let mut values = self.values.slice(0, shown).iter().peekable();
        let mut first = true;
        while let Some(value) = values.next() {
            let mut run = 1;
            while values.next_if_eq(&value).is_some() {
                run += 1;
            }
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            if run == 1 {
                write!(f, "{value}")?;
            } else {
                write!(f, "{value}^{run}")?;
            }
        }
        if shown < len {
            write!(f, " ... [{} more values; --json lists them all]", len - shown)?;
        }
        Ok(())
    }
}

impl Serialize for Runs<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// The exceptions before a certified preperiod, found in the values when they are listed
/// (counted once when the report is made).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exceptions {
    values: SequenceValues,
    preperiod: usize,
    period: usize,
    count: usize,
}

impl Exceptions {
    fn new(values: SequenceValues, preperiod: usize, period: usize) -> Self {
        let mut exceptions = Exceptions { values, preperiod, period, count: 0 };
        exceptions.count = exceptions.iter().count();
        exceptions
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.count
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The exceptions by heap: `n < l` where `G(n)` differs from the value the period gives
    /// there, `G(n + k·p)` with the least `k` such that `n + k·p >= l` (Winning Ways' list; for
    /// `n >= l - p` that is `G(n + p)`).
    pub fn iter(&self) -> impl Iterator<Item = Exception> + '_ {
        let (l, p, g) = (self.preperiod, self.period, &self.values);
        (0..l)
            .map(move |n| (n, g.get(n), g.get(n + (l - n).div_ceil(p) * p)))
            .filter(|&(_, value, periodic)| value != periodic)
            .map(|(n, value, periodic)| Exception { heap: n as u64, value, period_value: periodic })
    }
}

impl Serialize for Exceptions {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// A value the sparse method classes rare, and where it occurs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RareValue {
    /// The value.
    pub value: u32,
    /// The heaps `n >= 1` with `G(n) = value`, ascending.
    pub heaps: Vec<u64>,
}

/// A heap before the preperiod where the period fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Exception {
    /// The heap `n < preperiod`.
    pub heap: u64,
    /// `G(n)`.
    pub value: u32,
    /// The value the period gives at `n` (different from `value`): `G(n + k·period)` for the
    /// least `k` with `n + k·period >= preperiod`.
    pub period_value: u32,
}

/// The rare values of a sequence grouped by value; `None` while the direct method is in use.
fn rare_values(sequence: &Sequence) -> Option<Vec<RareValue>> {
    let mut by_value: BTreeMap<u32, Vec<u64>> = BTreeMap::new();
    for (n, value) in sequence.rare_heaps()? {
        by_value.entry(value).or_default().push(n);
    }
    Some(by_value.into_iter().map(|(value, heaps)| RareValue { value, heaps }).collect())
}

impl SequencePeriod {
    /// The report of `outcome`, taking its values (and, when open, the sequence's) without a
    /// copy.
    fn new(title: String, outcome: PeriodOutcome, sequence: Sequence) -> Self {
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
            rare: rare_values(&sequence),
            exceptions: None,
        };
        match outcome {
            PeriodOutcome::Certified(c) => {
                let report = figures(&c.stats, "certified", true, None);
                drop(sequence);
                let CertifiedPeriod { preperiod, period, values, certificate, .. } = c;
                let values = SequenceValues(Arc::new(values));
                SequencePeriod {
                    preperiod: Some(preperiod),
                    period: Some(period),
                    notation: Some(RunNotation { values: values.clone(), preperiod: preperiod as usize }),
                    exceptions: Some(Exceptions::new(values.clone(), preperiod as usize, period as usize)),
                    values: Some(values),
                    values_computed: certificate.values_computed,
                    certificate: Some(certificate),
                    ..report
                }
            }
            PeriodOutcome::Open(o) => {
                let report = figures(&o.stats, "open", o.covered_by_theorem, o.observed);
                SequencePeriod { values: Some(SequenceValues(Arc::new(sequence.into_values()))), ..report }
            }
        }
    }
}

/// What the values of a game no periodicity theorem covers show: a period or a saltus seen over
/// at least two periods (see [`observed_period`]), or none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ObservedSequence {
    /// `"observed"` (a regularity was seen, not proved) or `"none-seen"`.
    pub status: &'static str,
    /// Always false: no theorem nimlab applies covers the game, so nothing is certified.
    pub covered_by_theorem: bool,
    /// Values computed: the regularity is seen over `n < values_computed`.
    pub values_computed: u64,
    /// `G(n + period) = G(n) + saltus` for `preperiod <= n < values_computed - period`, seen over
    /// at least two periods; null when none was seen. `certificate_needs` is always null.
    pub observed: Option<Observed>,
    /// The run notation of the observed preperiod and one period.
    pub notation: Option<Notation>,
    /// The largest value computed.
    pub largest_value: u64,
    /// How many distinct values occurred.
    pub distinct_values: u64,
    /// How the values were computed: the game's table path (`method`, `detail`, `value_bound`).
    pub basis: TableBasis,
    /// `G(0 .. values_computed)`.
    pub values: Vec<u64>,
}

/// The period of `spec`'s Grundy sequence: certified for a subtraction game (computing at most
/// `limit` values, default [`DEFAULT_LIMIT`], stopping as soon as the certificate holds) and for a
/// take-and-break game (or `status` "open": no period up to the limit); for any other game with
/// one-heap positions, built under `budget`, what its first `limit` values (default
/// [`DEFAULT_OBSERVED_LIMIT`]) show (see [`period_of`]).
///
/// # Errors
/// [`ReportError::Invalid`] for a game whose positions are not one heap;
/// [`ReportError::Periodicity`] when a subtraction game's certificate is not found within `limit`
/// values or the budget; [`ReportError::Engine`] or [`ReportError::Table`] when the budget, the
/// deadline or a cancellation stops the sequence (a take-and-break game's message says what was
/// seen).
pub fn period(spec: &GameSpec, limit: Option<u64>, budget: &Budget) -> Result<PeriodReport, ReportError> {
    match certified_body(spec, limit, budget)? {
        Some(body) => Ok(PeriodReport { game: GameRef::from(spec), body }),
        None => observed(spec.build(budget)?.as_ref(), limit, budget),
    }
}

/// [`period`] for a built game, also one defined outside the registry (a Python function):
/// certified by the theorem that covers the game, otherwise observed in the values of its
/// one-heap table ([`AnyGame::sequence`], the game's fastest path) over `n < limit`.
///
/// # Errors
/// As [`period`].
pub fn period_of(
    game: &dyn AnyGame,
    limit: Option<u64>,
    budget: &Budget,
) -> Result<PeriodReport, ReportError> {
    let certified = match game.spec().registered() {
        Some(spec) => certified_body(spec, limit, budget)?,
        None => None,
    };
    match certified {
        Some(body) => Ok(PeriodReport { game: GameRef::from(game.spec()), body }),
        None => observed(game, limit, budget),
    }
}

/// [`period`] of a take-and-break game whose values are kept in the checkpoint file at
/// `checkpoint` as they are computed ([`Checkpoint`]): a run stopped at any moment (the budget,
/// the deadline, `kill -9`) and started again with the same file continues where the file ends
/// and reaches the report an uninterrupted run reaches.
///
/// # Errors
/// As [`period`]; [`ReportError::Invalid`] for a game without such a sequence or a file that
/// holds another; [`ReportError::Checkpoint`] when the file cannot be read or written.
pub fn period_checkpointed(
    spec: &GameSpec,
    limit: Option<u64>,
    checkpoint: &Path,
    budget: &Budget,
) -> Result<PeriodReport, ReportError> {
    let Some(PeriodSequence::TakeAndBreak(rules)) = period_sequence(spec)? else {
        if spec.info().capabilities.answers(Research::GraphFamily) {
            let game = spec.build(budget)?;
            return observed_checkpointed(game.as_ref(), limit, checkpoint, budget);
        }
        return invalid(CommandError::NothingToCheckpoint { game: spec.to_string() });
    };
    let body = sequence_period(&rules, limit.unwrap_or(DEFAULT_LIMIT), budget, Some(checkpoint))?;
    Ok(PeriodReport { game: GameRef::from(spec), body: PeriodBody::TakeAndBreak(Box::new(body)) })
}

/// The body of a game a periodicity theorem covers; `None` for other games.
fn certified_body(
    spec: &GameSpec,
    limit: Option<u64>,
    budget: &Budget,
) -> Result<Option<PeriodBody>, ReportError> {
    let limit = limit.unwrap_or(DEFAULT_LIMIT);
    Ok(match period_sequence(spec)? {
        Some(PeriodSequence::TakeAndBreak(rules)) => {
            Some(PeriodBody::TakeAndBreak(Box::new(sequence_period(&rules, limit, budget, None)?)))
        }
        Some(PeriodSequence::Subtraction(set)) => {
            Some(PeriodBody::Subtraction(certify_period(&set, limit, budget)?))
        }
        None => None,
    })
}

/// The sequence a certificate's engine computes for `spec`, as its ruleset's capabilities declare
/// it; `None` for a game whose period is only observed.
fn period_sequence(spec: &GameSpec) -> Result<Option<PeriodSequence>, ReportError> {
    Ok(spec.info().capabilities.period_sequence(spec)?)
}

/// The regularity seen in `G(0 .. limit)` of `game`, computed by its table path.
fn observed(game: &dyn AnyGame, limit: Option<u64>, budget: &Budget) -> Result<PeriodReport, ReportError> {
    let count = limit.unwrap_or(DEFAULT_OBSERVED_LIMIT);
    if count == 0 {
        return invalid(CommandError::ZeroLimit);
    }
    let request = SequenceRequest::new(count - 1, TableValues::Grundy, Play::Normal);
    // A family of graphs has a sequence (its members) though its positions are not one heap.
    let one_heap = game.check_position(&[BigUint::default()]);
    let family = game.spec().capabilities().answers(Research::GraphFamily);
    match (one_heap, family) {
        (Err(EngineError::InvalidPosition(reason)), false) => {
            return invalid(CommandError::PeriodNotOneHeap { game: game.spec().to_string(), reason })
        }
        (Err(other), false) => return Err(other.into()),
        _ => {}
    }
    let mut sequence = game.sequence(&request, budget)?;
    let basis = sequence.basis().clone();
    let values = sequence.collect_rest()?;
    observed_report(game, basis, values, budget)
}

/// [`observed`] with every value saved to the checkpoint at `path` as soon as it is computed,
/// and the values the file holds taken as computed: a family of graphs, whose every member is a
/// search, resumes after a kill at the member it was computing.
fn observed_checkpointed(
    game: &dyn AnyGame,
    limit: Option<u64>,
    path: &Path,
    budget: &Budget,
) -> Result<PeriodReport, ReportError> {
    let count = limit.unwrap_or(DEFAULT_OBSERVED_LIMIT);
    if count == 0 {
        return invalid(CommandError::ZeroLimit);
    }
    let mut values: Vec<u64> = Vec::new();
    let mut file = Checkpoint::resume_values(path, &game.spec().to_string(), |chunk| {
        values.extend(chunk.iter().map(|&v| u64::from(v)));
        Ok(())
    })?;
    values.truncate(count as usize);
    let request = SequenceRequest::new(count - 1, TableValues::Grundy, Play::Normal);
    let mut sequence = game.sequence(&request, budget)?;
    let basis = sequence.basis().clone();
    if !sequence.skip(values.len() as u64) {
        values.clear();
    }
    let mut next = [0u64];
    while sequence.fill(&mut next)? == 1 {
        values.push(next[0]);
        if values.len() as u64 > file.saved() {
            let value = u32::try_from(next[0]).map_err(|_| {
                ReportError::Invalid(CommandError::ValueBeyondCheckpoint { game: game.spec().to_string() })
            })?;
            file.append(value)?;
        }
    }
    observed_report(game, basis, values, budget)
}

/// The observed-period report of the values `G(0..)` of `game`.
fn observed_report(
    game: &dyn AnyGame,
    basis: TableBasis,
    values: Vec<u64>,
    budget: &Budget,
) -> Result<PeriodReport, ReportError> {
    // The search's scratch (4 bytes a value) and the sorted copy counting distinct values (8).
    pay_memory(Holder::PeriodSearch, 12 * values.len() as u128, budget)?;
    let seen = observed_period(values.len(), |n| values[n], Evidence { periods: 2, saltus: true });
    let notation = seen.map(|o| {
        let (l, p) = (o.preperiod as usize, o.period as usize);
        Notation { preperiod: runs(&values[..l]), period: runs(&values[l..l + p]) }
    });
    let mut distinct = values.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let body = ObservedSequence {
        status: if seen.is_some() { "observed" } else { "none-seen" },
        covered_by_theorem: false,
        values_computed: values.len() as u64,
        observed: seen.map(|o| Observed {
            preperiod: o.preperiod,
            period: o.period,
            saltus: o.saltus,
            certificate_needs: None,
        }),
        notation,
        largest_value: distinct.last().copied().unwrap_or(0),
        distinct_values: distinct.len() as u64,
        basis,
        values,
    };
    Ok(PeriodReport { game: GameRef::from(game.spec()), body: PeriodBody::Observed(Box::new(body)) })
}

/// The period of a take-and-break game, charging the sequence's work to `budget` as it goes.
/// With a `checkpoint`, the values it holds are replayed first and the values computed are
/// saved to it as they grow.
fn sequence_period(
    rules: &GameRules,
    limit: u64,
    budget: &Budget,
    checkpoint: Option<&Path>,
) -> Result<SequencePeriod, ReportError> {
    let (mut charged, mut stopped, mut failed) = (0, None, None);
    let mut sequence = rules.sequence();
    let mut file = checkpoint.map(|path| Checkpoint::resume(path, rules, &mut sequence)).transpose()?;
    let (outcome, sequence) = analyze_from(rules, sequence, limit, |progress, values| {
        if let Some(file) = file.as_mut() {
            if let Err(e) = file.save(values, progress.last) {
                failed = Some(e);
                return false;
            }
        }
        // What the sequence holds (its values, reserved ahead, 2 bytes each while narrow; the
        // rare list; scratch): the memory ceiling applies to it.
        let charge = budget.charge(progress.work - charged).and_then(|()| budget.check_memory(progress.held));
        charged = progress.work;
        charge.map_err(|cause| stopped = Some(cause)).is_ok()
    })
    .map_err(|e| sequence_error(e, || Task::Sequence { game: rules.to_string() }))?;
    if let Some(e) = failed {
        return Err(e);
    }
    if let Some(file) = file.as_mut() {
        file.save(sequence.view(), true)?;
    }
    match (outcome, stopped) {
        (Some(outcome), _) => Ok(SequencePeriod::new(octal_title(rules, Lang::En), outcome, sequence)),
        (None, stopped) => {
            let stats = sequence.stats();
            let task = Task::PeriodUnseen {
                game: Words { en: octal_title(rules, Lang::En), zh: octal_title(rules, Lang::Zh) },
                values: stats.values,
                largest: stats.largest_value,
                rare: stats.rare_values,
            };
            let cause = stopped.expect("the sequence stops only when the budget says so");
            Err(EngineError::Exhausted { task: Box::new(task), cause }.into())
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
    if !spec.info().capabilities.answers(Research::AdditiveRows) {
        return Err(not_answered(Research::AdditiveRows, spec.name()).into());
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

#[cfg(test)]
mod tests {
    use super::*;
    use nimlab_engine::PeriodTheorem;
    use nimlab_engine::RULESETS;

    /// `period` dispatches by the declared capabilities: every ruleset that declares a period
    /// theorem gets its certificate's body, certified on its example game, and every other gets
    /// none (an observed period, or a refusal).
    #[test]
    fn every_declared_period_theorem_certifies_its_example() {
        let budget = Budget::default();
        for info in RULESETS {
            let spec = info.example_spec();
            let body = certified_body(&spec, Some(100_000), &budget).unwrap();
            match (info.capabilities.certified_period, body) {
                (Some(PeriodTheorem::SubtractionWindow { .. }), Some(PeriodBody::Subtraction(_))) => {}
                (Some(PeriodTheorem::GuySmith), Some(PeriodBody::TakeAndBreak(body))) => {
                    assert_eq!(body.status, "certified", "{}", info.name);
                }
                // Grundy's game: the octal engine's sequence, which no theorem certifies.
                (None, Some(PeriodBody::TakeAndBreak(body))) => {
                    assert!(info.capabilities.take_and_break.is_some(), "{}", info.name);
                    assert_eq!(body.status, "open", "{}", info.name);
                }
                (None, None) => assert!(info.capabilities.take_and_break.is_none(), "{}", info.name),
                (theorem, body) => panic!("{}: {theorem:?} answered by {body:?}", info.name),
            }
        }
    }
}
