//! Certified periods of take-and-break games, by the Guy–Smith periodicity theorem.
//!
//! # The theorem, and the codes it covers
//! Let every move remove at most `t` tokens (`t` = index of the last non-zero digit) and leave at
//! most `k` non-empty heaps from the heap it is made in (`k = 1` without splits, 2 for octal
//! codes with a digit using bit 4, 3 for hexadecimal codes with bit 8), and let `L = max(l, 1)`.
//! **If `G(n + p) = G(n)` for every `l <= n < k·L + (k-1)·p + t`, then `G(n + p) = G(n)` for
//! every `n >= l`.** For `k = 2` this is Guy and Smith's theorem (1956; Winning Ways ch. 4):
//! `2l + p + t` (for `l >= 1`).
//!
//! *Proof* (induction on `n >= N0 = k·L + (k-1)·p + t`, assuming the claim below `n`). A move
//! from `n + p` removes `j <= t` and leaves `i <= k` heaps summing to `n + p - j >= k(L + p)`,
//! so its largest heap `h >= L + p`; `h - p >= L >= 1` and `h - p < n`, so `G(h) = G(h - p)`
//! and the same move from `n` (heap `h - p` instead of `h`) has the same value. Conversely a move
//! from `n` leaves heaps summing to `n - j >= k·L`, one of them `h >= l` with `h < n`, and
//! replacing it by `h + p` gives a move from `n + p` of the same value. So both heaps have the
//! same option values. (`h - p >= 1` is why `L = max(l, 1)`: with `l = 0` a heap could vanish
//! and change the kind of move.) Nothing in the proof looks at which digits are set, so it
//! covers **every code nimlab accepts**: octal or hexadecimal, any length, `d0 = 4` (splits
//! without removal, `j = 0`) and `d0 = 8`. It does **not** cover Grundy's game: replacing `h`
//! by `h ± p` can make the two heaps equal, which that game forbids. Its sequence is only ever
//! reported as observed.
//!
//! Finite octal games are never arithmetic-periodic (Horrocks and Nowakowski, 2003); hexadecimal
//! ones can be (Howse and Nowakowski, 2004). A saltus `G(n + p) = G(n) + s` is reported as
//! observed, never as certified.
//!
//! # Stopping as soon as the certificate holds
//! Values are computed in rounds. At each check a candidate period is looked for: the smallest
//! `p` at which the last 128 values occur again `p` earlier (a rolling hash over the data,
//! confirmed value by value), then its preperiod `l` on the data by scanning back. The
//! certificate needs `N = k·L + k·p + t` values, so the next round stops exactly there; if the
//! candidate breaks before, a new one is looked for. Without a candidate the rounds grow by a
//! quarter. The first certified pair is then made minimal: the least divisor `p*` of `p` that is
//! a period of one full period from `l`, and the least `l*` from which `p*` holds. The
//! certificate is checked again for `(l*, p*)` before it is reported.

use std::fmt;
use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use serde::Serialize;

use super::code::OctalCode;
use super::sequence::{Sequence, SequenceError, SequenceMethod, SequenceStats, Values, ValuesView};
use crate::periodicity::observed::{observed_period, observed_period_bytes, Evidence};

/// Values compared to find a candidate period.
const WINDOW: usize = 128;

/// The fewest values computed between two checks.
const MIN_ROUND: usize = 64;

/// A game whose heaps the sequence engine computes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameRules {
    /// An octal or hexadecimal code.
    Octal(OctalCode),
    /// Grundy's game.
    GrundyGame,
}

impl GameRules {
    /// A fresh sequence of these rules.
    pub fn sequence(&self) -> Sequence {
        match self {
            GameRules::Octal(code) => Sequence::octal(code),
            GameRules::GrundyGame => Sequence::grundy_game(),
        }
    }

    /// `(k, t)` of the periodicity theorem, or `None` when it does not apply.
    fn theorem(&self) -> Option<(usize, usize)> {
        match self {
            GameRules::Octal(code) => Some((code.max_heaps_left(), code.max_removal())),
            GameRules::GrundyGame => None,
        }
    }
}

impl fmt::Display for GameRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameRules::Octal(code) => write!(f, "{code}"),
            GameRules::GrundyGame => f.write_str("Grundy's game"),
        }
    }
}

/// What was checked to prove the period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Certificate {
    /// The theorem applied.
    pub theorem: String,
    /// `k`: the most heaps a move leaves.
    pub max_heaps: u32,
    /// `t`: the most tokens a move removes.
    pub max_removal: u64,
    /// `G(n + p) = G(n)` was checked for every `n` in `checked_from..checked_to`
    /// (`checked_from = l`, `checked_to = k·max(l, 1) + (k-1)·p + t`).
    pub checked_from: u64,
    /// End (exclusive) of the checked range.
    pub checked_to: u64,
    /// When `l > 0`: `G(l - 1) != G(l - 1 + p)`, so no smaller preperiod works.
    pub preperiod_witness: Option<u64>,
    /// Values computed in all.
    pub values_computed: u64,
}

/// A certified minimal preperiod and period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CertifiedPeriod {
    /// The game.
    pub game: GameRules,
    /// The minimal preperiod `l`: the sequence is periodic from `l` on, not from `l - 1`.
    pub preperiod: u64,
    /// The minimal period `p`.
    pub period: u64,
    /// `G(0..l + p)`: the preperiod followed by one period, 2 bytes a value while they fit.
    pub values: Values,
    /// The evidence.
    pub certificate: Certificate,
    /// Figures of the computation.
    pub stats: SequenceStats,
}

impl CertifiedPeriod {
    /// `G(n)` for any `n`. `O(1)`.
    pub fn value(&self, n: u64) -> u32 {
        self.values.get(self.reduce(n) as usize)
    }

    /// The heap `i < l + p` with `G(i) = G(n)`.
    pub fn reduce(&self, n: u64) -> u64 {
        if n < self.preperiod + self.period {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        }
    }

    /// `G(n)` for a heap of any size. `O(size of n)`.
    pub fn value_big(&self, n: &BigUint) -> u32 {
        match n.to_u64() {
            Some(small) => self.value(small),
            // The remainder is below the period, a u64.
            None => self.value(self.preperiod + ((n - self.preperiod) % self.period).to_u64().unwrap_or(0)),
        }
    }
}

/// A regularity seen in the data but not proved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Observed {
    /// The sequence looked regular from here...
    pub preperiod: u64,
    /// ... with this period ...
    pub period: u64,
    /// ... and `G(n + p) - G(n)` equal to this (0: plain periodicity).
    pub saltus: i64,
    /// Values the periodicity certificate would need, when the theorem applies and the saltus
    /// is 0.
    pub certificate_needs: Option<u64>,
}

/// No certified period within the values computed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OpenSequence {
    /// The game.
    pub game: GameRules,
    /// Values computed: "no period up to `values_computed`".
    pub values_computed: u64,
    /// False when no theorem can certify a period of this game (Grundy's game).
    pub covered_by_theorem: bool,
    /// A regularity observed in the data (never certified).
    pub observed: Option<Observed>,
    /// Figures of the computation: largest value, rare values...
    pub stats: SequenceStats,
}

/// The answer of [`analyze`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum PeriodOutcome {
    /// Periodic, proved.
    Certified(CertifiedPeriod),
    /// Not proved within the limit.
    Open(OpenSequence),
}

/// The certified minimal preperiod and period of `rules`, computing at most `upto` values and
/// stopping as soon as the certificate holds; otherwise what was observed up to `upto`.
///
/// Time: the sequence's cost up to `k·l + k·p + t` values (see [`Sequence`]) plus `O(N)` per
/// check for the candidate search, with `O(log N)` checks; memory 2 bytes per value.
///
/// ```
/// use nimlab_engine::octal::{analyze, GameRules, OctalCode, PeriodOutcome, SequenceMethod};
///
/// let outcome = analyze(&GameRules::Octal(OctalCode::kayles()), 10_000, SequenceMethod::Auto).unwrap();
/// let PeriodOutcome::Certified(kayles) = outcome else { panic!() };
/// assert_eq!((kayles.preperiod, kayles.period), (71, 12));
/// ```
///
/// # Errors
/// [`SequenceError`] when `upto` values cannot be kept.
pub fn analyze(rules: &GameRules, upto: u64, method: SequenceMethod) -> Result<PeriodOutcome, SequenceError> {
    analyze_until(rules, upto, method, |_| true).map(|outcome| outcome.expect("never stopped"))
}

/// [`analyze`], asking `keep_going(values computed)` after each step (see [`analyze_with`]);
/// `Ok(None)` when it said no.
///
/// # Errors
/// As [`analyze`].
pub(crate) fn analyze_until(
    rules: &GameRules,
    upto: u64,
    method: SequenceMethod,
    mut keep_going: impl FnMut(u64) -> bool,
) -> Result<Option<PeriodOutcome>, SequenceError> {
    analyze_with(rules, upto, method, |progress| keep_going(progress.values)).map(|(outcome, _)| outcome)
}

/// How far a computation has come: what [`analyze_with`] hands its `keep_going` callback.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Values computed so far.
    pub values: u64,
    /// Work done so far in the units of nimlab's work budget (see [`work_units`]).
    pub work: u64,
    /// Bytes held now ([`Sequence::held_bytes`]), and, when the values are about to be searched
    /// for an observed period, the search's scratch ([`observed_period_bytes`]): what the
    /// memory account charges.
    pub held: u64,
    /// True on the last call of [`analyze_from`], when a certificate was found: the values
    /// handed are all there will be (the sequence then keeps only its preperiod and period), so
    /// a caller saving them saves them now. The answer to this call does not stop anything;
    /// [`analyze_with`] does not make it.
    pub last: bool,
}

/// Elementary operations of the sequence engine (2.4 to 3.5 ns each) per unit of the work
/// budget: a unit of the search (an option generated) costs 75 to 160 ns, so 32 operations
/// (75 to 110 ns) make the two comparable, and the default budget stops an octal computation
/// after about 10 s, as it stops a search (the `calibrate` example of this crate measures both;
/// docs/reliability.md).
pub(crate) const OPERATIONS_PER_UNIT: u64 = 32;

/// The work behind `stats` in the units of nimlab's work budget ([`crate::Budget`]): elementary
/// operations, each about the time of one value of a subtraction game (2 to 3 ns here), divided
/// by [`OPERATIONS_PER_UNIT`]. One operation per value, one per 4 pairs or triples recorded (a
/// scattered store each, about 0.6 ns) and one per 16 pairs compared by the vectorized scan
/// (about 0.15 ns each with SSE2, 0.05 with AVX-512: a direct sequence that scans much then
/// costs 57 ns a unit instead of about 90, within the calibration's range). Memory (2 bytes a value) is checked against the memory ceiling by the
/// callers, not paid by work.
pub(crate) fn work_units(stats: &SequenceStats) -> u64 {
    let recorded =
        stats.recorded_pairs.saturating_add(stats.rare_pairs).saturating_add(stats.recorded_triples);
    let operations = stats.values.saturating_add(recorded / 4).saturating_add(stats.compared_pairs / 16);
    operations / OPERATIONS_PER_UNIT
}

/// Steps of [`analyze_with`] aim at about this much work (a few milliseconds), so that
/// `keep_going` (a budget, a deadline, a cancellation) is asked often even where a value costs
/// `O(n)`.
const STEP_WORK: u64 = (1 << 20) / OPERATIONS_PER_UNIT;

/// The most values of one step.
const MAX_STEP: u64 = 1 << 16;

/// [`analyze`] with the sequence it computed, asking `keep_going` after every step: 64 to 65,536
/// values, sized from the last step's work to about 2^20 units (a few milliseconds, also for
/// dense games at large `n`), and once more, with the same values, before the values of an open
/// sequence are searched for an observed period ([`Progress::held`] then counts that search's
/// scratch). Returns `None` for the outcome when `keep_going` said no. The sequence holds
/// every value computed, for a caller that answers heaps from it, except after a certificate:
/// then it holds the first `preperiod + period` values (the certificate's figures count them
/// all), so that memory is never the values computed and a copy of them.
///
/// # Errors
/// As [`analyze`].
pub fn analyze_with(
    rules: &GameRules,
    upto: u64,
    method: SequenceMethod,
    mut keep_going: impl FnMut(Progress) -> bool,
) -> Result<(Option<PeriodOutcome>, Sequence), SequenceError> {
    // The last call is for callers that save the values (`analyze_from`): none here.
    analyze_from(rules, rules.sequence().with_method(method), upto, |progress, _| {
        progress.last || keep_going(progress)
    })
}

/// [`analyze_with`] continuing `sequence`, a sequence of `rules` that may already hold values
/// (read back from a checkpoint with [`Sequence::replay`]); `keep_going` also sees every value
/// so far, so that the caller can save them as they grow. [`Progress::work`] counts the work of
/// this call only. The certificate search starts over on the values held, so the outcome is
/// the one an uninterrupted run reaches.
///
/// # Errors
/// As [`analyze`].
pub fn analyze_from(
    rules: &GameRules,
    mut sequence: Sequence,
    upto: u64,
    mut keep_going: impl FnMut(Progress, ValuesView<'_>) -> bool,
) -> Result<(Option<PeriodOutcome>, Sequence), SequenceError> {
    let theorem = rules.theorem();
    let mut watch = theorem.map(|(k, t)| Watch { k, t, candidate: None, next_check: MIN_ROUND });
    let base = work_units(&sequence.stats());
    let (mut step, mut work) = (MIN_ROUND as u64, base);
    loop {
        let target = watch.as_ref().map_or(upto, |w| (w.next_check as u64).min(upto));
        while sequence.len() < target {
            let before = sequence.len();
            let end = (before + step).min(target);
            if end > sequence.capacity() {
                // Room for a quarter more values at a time (a round of the period search), never
                // for all of a far target at once: what is reserved is held (and charged), and a
                // computation stopped early (by its budget, or by a caller that has the heap it
                // wanted) would leave most of it unused.
                sequence.reserve(target.min(before + (before / 4).max(MAX_STEP)).max(end))?;
            }
            sequence.extend_to(end, |_| ControlFlow::Continue(()))?;
            let stats = sequence.stats();
            let now = work_units(&stats);
            let spent = (now - work).max(1);
            step =
                ((stats.values - before).saturating_mul(STEP_WORK) / spent).clamp(MIN_ROUND as u64, MAX_STEP);
            work = now;
            let progress = Progress {
                values: stats.values,
                work: work - base,
                held: sequence.held_bytes(),
                last: false,
            };
            if !keep_going(progress, sequence.view()) {
                return Ok((None, sequence));
            }
        }
        if let Some(watch) = watch.as_mut() {
            if let Some((l, p)) = watch.check(sequence.view()) {
                let held = sequence.held_bytes();
                let _ = keep_going(
                    Progress { values: sequence.len(), work: work - base, held, last: true },
                    sequence.view(),
                );
                let outcome = PeriodOutcome::Certified(certified(rules, &mut sequence, watch, l, p));
                return Ok((Some(outcome), sequence));
            }
        }
        if sequence.len() >= upto {
            // The search for an observed period holds its scratch beside the values: asked first.
            let held = sequence.held_bytes() + observed_period_bytes(sequence.view().len());
            let progress = Progress { values: sequence.len(), work: work - base, held, last: false };
            if !keep_going(progress, sequence.view()) {
                return Ok((None, sequence));
            }
            let observed = observe(sequence.view(), theorem);
            let outcome = PeriodOutcome::Open(OpenSequence {
                game: rules.clone(),
                values_computed: sequence.len(),
                covered_by_theorem: theorem.is_some(),
                observed,
                stats: sequence.stats(),
            });
            return Ok((Some(outcome), sequence));
        }
    }
}

/// Values the certificate for `(l, p)` needs: `k·max(l, 1) + k·p + t`.
fn needed(k: usize, t: usize, l: usize, p: usize) -> usize {
    k * l.max(1) + k * p + t
}

/// A candidate period and the start of its run: `G(n + period) = G(n)` for
/// `start <= n < checked - period`.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    period: usize,
    start: usize,
    checked: usize,
}

/// The state of the period search between rounds.
#[derive(Debug)]
struct Watch {
    k: usize,
    t: usize,
    candidate: Option<Candidate>,
    next_check: usize,
}

impl Watch {
    /// Examines the data; returns a certified `(l, p)` or schedules the next check.
    fn check(&mut self, g: ValuesView<'_>) -> Option<(usize, usize)> {
        let len = g.len();
        if let Some(c) = self.candidate.as_mut() {
            let holds = (c.checked..len).all(|i| g.get(i) == g.get(i - c.period));
            c.checked = len;
            if !holds {
                self.candidate = None;
            }
        }
        if self.candidate.is_none() {
            self.candidate = find_candidate(len, |i| g.get(i)).map(|(period, start)| Candidate {
                period,
                start,
                checked: len,
            });
        }
        let round = (len / 4).max(MIN_ROUND);
        match self.candidate {
            Some(c) => {
                let need = needed(self.k, self.t, c.start, c.period);
                if need <= len {
                    return Some((c.start, c.period));
                }
                self.next_check = need.min(len + round);
            }
            None => self.next_check = len + round,
        }
        None
    }
}

/// The smallest `p` at which the last `min(`[`WINDOW`]`, len/4)` values of `x(0..len)` occur again `p` earlier,
/// with the start `l` of the run `x(n + p) = x(n)` for `l <= n < len - p`. `O(len)`: a rolling
/// polynomial hash (mod 2^64) over every window, each hash hit confirmed value by value.
fn find_candidate(len: usize, x: impl Fn(usize) -> u32) -> Option<(usize, usize)> {
    let w = WINDOW.min(len / 4);
    if w < 4 {
        return None;
    }
    const BASE: u64 = 0x9E37_79B9_7F4A_7C15;
    let term = |i: usize| u64::from(x(i)) + 1;
    // hash(j) = Σ_{i < w} term(j + i) · BASE^i
    let top = (1..w).fold(1u64, |acc, _| acc.wrapping_mul(BASE));
    let last = len - w;
    let target = (0..w).rev().fold(0u64, |acc, i| acc.wrapping_mul(BASE).wrapping_add(term(last + i)));
    let mut hash = target;
    for j in (0..last).rev() {
        hash = hash.wrapping_sub(term(j + w).wrapping_mul(top)).wrapping_mul(BASE).wrapping_add(term(j));
        if hash == target && (0..w).all(|i| x(j + i) == x(last + i)) {
            let period = last - j;
            let mut start = j;
            while start > 0 && x(start - 1) == x(start - 1 + period) {
                start -= 1;
            }
            return Some((period, start));
        }
    }
    None
}

/// The least divisor `d` of `p` with `G(n + d) = G(n)` on one full period from `l`, then the least
/// `l*` from which `d` holds (see the module doc for why these are the minimal pair).
fn minimize(g: ValuesView<'_>, l: usize, p: usize) -> (usize, usize) {
    let mut divisors: Vec<usize> =
        (1..).take_while(|d| d * d <= p).filter(|&d| p.is_multiple_of(d)).flat_map(|d| [d, p / d]).collect();
    divisors.sort_unstable();
    let period = divisors.into_iter().find(|&d| (l..l + p).all(|n| g.get(n + d) == g.get(n))).unwrap_or(p);
    let mut preperiod = l;
    while preperiod > 0 && g.get(preperiod - 1) == g.get(preperiod - 1 + period) {
        preperiod -= 1;
    }
    (preperiod, period)
}

/// The certificate of `(l, p)` made minimal. The sequence is cut to its first `l* + p*` values,
/// which the certificate keeps (one copy of them, made after the cut: the peak is the sequence
/// computed, never the sequence and a copy of it); its figures are those of every value computed.
fn certified(
    rules: &GameRules,
    sequence: &mut Sequence,
    watch: &Watch,
    l: usize,
    p: usize,
) -> CertifiedPeriod {
    let g = sequence.view();
    let values_computed = g.len();
    let (preperiod, period) = minimize(g, l, p);
    let (k, t) = (watch.k, watch.t);
    let checked_to = k * preperiod.max(1) + (k - 1) * period + t;
    // The hypothesis of the theorem, checked again for the minimal pair (it holds on the data).
    assert!(
        (preperiod..checked_to).all(|n| g.get(n + period) == g.get(n)),
        "certificate of {rules}: (l, p) = ({preperiod}, {period}) fails on the data"
    );
    let stats = sequence.stats();
    sequence.truncate((preperiod + period) as u64);
    let values = Values::from(sequence.view());
    let theorem = format!(
        "Guy–Smith periodicity theorem: every move removes at most t = {t} and leaves at most k = {k} heaps, so \
         G(n + p) = G(n) for l <= n < k·max(l, 1) + (k-1)·p + t implies it for every n >= l"
    );
    CertifiedPeriod {
        game: rules.clone(),
        preperiod: preperiod as u64,
        period: period as u64,
        values,
        certificate: Certificate {
            theorem,
            max_heaps: k as u32,
            max_removal: t as u64,
            checked_from: preperiod as u64,
            checked_to: checked_to as u64,
            preperiod_witness: preperiod.checked_sub(1).map(|w| w as u64),
            values_computed: values_computed as u64,
        },
        stats,
    }
}

/// A periodic or arithmetic-periodic pattern seen in the data over at least two of its periods
/// ([`observed_period`]), with the values its certificate would need when it is plain.
fn observe(g: ValuesView<'_>, theorem: Option<(usize, usize)>) -> Option<Observed> {
    let seen = observed_period(g.len(), |i| u64::from(g.get(i)), Evidence { periods: 2, saltus: true })?;
    let (start, period) = (seen.preperiod as usize, seen.period as usize);
    Some(Observed {
        preperiod: seen.preperiod,
        period: seen.period,
        saltus: seen.saltus,
        certificate_needs: theorem
            .filter(|_| seen.saltus == 0)
            .map(|(k, t)| needed(k, t, start, period) as u64),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run stopped part way and continued from its saved values (replayed into a new
    /// sequence, as from a checkpoint) ends as a run that was never stopped: the same outcome
    /// (certificate or open sequence), values and rare heaps; for 0.16 (the sparse method),
    /// Kayles (certified early) and 0.6 (open).
    #[test]
    fn a_run_continued_from_saved_values_reaches_the_same_end() {
        for (text, upto) in [("0.16", 200_000u64), ("0.77", 10_000), ("0.6", 30_000)] {
            let rules = GameRules::Octal(text.parse().unwrap());
            let (whole, whole_sequence) = analyze_with(&rules, upto, SequenceMethod::Auto, |_| true).unwrap();
            let mut saved = Vec::new();
            let (stopped, _) = analyze_from(&rules, rules.sequence(), upto, |progress, values| {
                saved = values.to_vec();
                progress.values < whole_sequence.len() / 3
            })
            .unwrap();
            assert!(stopped.is_none(), "{text}: the first run stops part way");
            assert!(!saved.is_empty() && (saved.len() as u64) < whole_sequence.len(), "{text}");
            let mut resumed = rules.sequence();
            resumed.replay(&saved).unwrap();
            let (outcome, sequence) = analyze_from(&rules, resumed, upto, |_, _| true).unwrap();
            assert_eq!(without_work(outcome), without_work(whole), "{text}");
            assert_eq!(sequence.view().to_vec(), whole_sequence.view().to_vec(), "{text}");
            assert_eq!(sequence.rare_heaps(), whole_sequence.rare_heaps(), "{text}");
        }
    }

    /// The outcome without the counts of work done (replayed values cost none).
    fn without_work(outcome: Option<PeriodOutcome>) -> Option<PeriodOutcome> {
        let clear = |stats: &mut SequenceStats| {
            (stats.recorded_pairs, stats.compared_pairs, stats.rare_pairs, stats.recorded_triples) =
                (0, 0, 0, 0);
        };
        outcome.map(|mut outcome| {
            match &mut outcome {
                PeriodOutcome::Certified(c) => clear(&mut c.stats),
                PeriodOutcome::Open(o) => clear(&mut o.stats),
            }
            outcome
        })
    }

    /// Values above 65,535 replayed into a narrow store widen it, as computed values do.
    #[test]
    fn replayed_values_widen_the_store() {
        let mut sequence = GameRules::Octal("0.77".parse().unwrap()).sequence().with_narrow_max(3);
        sequence.replay(&[0, 1, 2, 3, 1, 4, 3, 2]).unwrap();
        assert!(sequence.stats().widened);
        sequence.extend_to(12, |_| ControlFlow::Continue(())).unwrap();
        assert_eq!(sequence.view().to_vec(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    }

    fn certify(text: &str, upto: u64) -> CertifiedPeriod {
        let code: OctalCode = text.parse().unwrap();
        match analyze(&GameRules::Octal(code), upto, SequenceMethod::Auto).unwrap() {
            PeriodOutcome::Certified(c) => c,
            PeriodOutcome::Open(o) => panic!("{text}: no period up to {}", o.values_computed),
        }
    }

    /// Brute force on a long prefix: the least `l`, then the least `p`, with `G(n + p) = G(n)`
    /// for every `n` of the prefix.
    fn brute_force(g: &[u32]) -> (usize, usize) {
        let len = g.len();
        for l in 0..len / 3 {
            for p in 1..len / 3 {
                if (l..len - p).all(|n| g[n] == g[n + p]) {
                    return (l, p);
                }
            }
        }
        panic!("no period");
    }

    #[test]
    fn published_periods_of_small_games() {
        let kayles = certify("0.77", 100_000);
        assert_eq!((kayles.preperiod, kayles.period), (71, 12));
        assert_eq!(kayles.certificate.preperiod_witness, Some(70));
        assert_eq!(kayles.certificate.checked_to, 2 * 71 + 12 + 2);
        assert_eq!(
            kayles.certificate.values_computed,
            2 * 71 + 2 * 12 + 2,
            "stops as soon as the certificate holds"
        );
        let dawson = certify("0.07", 100_000);
        assert_eq!((dawson.preperiod, dawson.period), (53, 34));
        let chess = certify("0.137", 100_000);
        assert_eq!((chess.preperiod, chess.period), (52, 34));
        // Dawson's chess is Dawson's Kayles shifted by one heap.
        for n in 1..500 {
            assert_eq!(chess.value(n - 1), dawson.value(n));
        }
    }

    #[test]
    fn certified_pairs_agree_with_brute_force() {
        for text in [
            "0.77", "0.07", "0.137", "0.51", "0.52", "0.53", "0.15", "4.07", "0.3", "0.1", "0.", "0x0.F",
            "0x4.8",
        ] {
            let c = certify(text, 100_000);
            let code: OctalCode = text.parse().unwrap();
            let horizon = 3 * (c.preperiod + c.period) as usize + 600;
            let mut sequence = Sequence::octal(&code);
            sequence.extend_to(horizon as u64, |_| ControlFlow::Continue(())).unwrap();
            let g = sequence.view().to_vec();
            assert_eq!(brute_force(&g), (c.preperiod as usize, c.period as usize), "{text}");
            for (n, &value) in g.iter().enumerate() {
                assert_eq!(c.value(n as u64), value, "{text} heap {n}");
            }
        }
    }

    #[test]
    fn gives_up_honestly_and_reports_what_it_saw() {
        let code: OctalCode = "0.16".parse().unwrap();
        let PeriodOutcome::Open(open) =
            analyze(&GameRules::Octal(code), 20_000, SequenceMethod::Auto).unwrap()
        else {
            panic!("0.16 is not periodic that early")
        };
        assert_eq!(open.values_computed, 20_000);
        assert!(open.covered_by_theorem);
        assert!(open.stats.largest_value > 0);
        let PeriodOutcome::Open(grundy) =
            analyze(&GameRules::GrundyGame, 5_000, SequenceMethod::Auto).unwrap()
        else {
            panic!("Grundy's game is never certified")
        };
        assert!(!grundy.covered_by_theorem);
    }

    #[test]
    fn observes_arithmetic_periodicity() {
        // G(n) = n (nim as the subtraction game of 1..64 up to heap 64) is not what we want; build
        // an arithmetic-periodic sequence directly: 0 1 0 1 | 2 3 2 3 | 4 5 4 5 ...
        let values: Vec<u32> = (0..4000u32).map(|n| 2 * (n / 4) + n % 2).collect();
        let observed = observe(ValuesView::Wide(&values), None).unwrap();
        assert_eq!((observed.period, observed.saltus), (4, 2));
    }

    #[test]
    fn hexadecimal_games_show_their_saltus() {
        // 0x0.8 (remove one, leave three heaps) is arithmetic-periodic: G(n + 3) = G(n) + 1.
        let code: OctalCode = "0x0.8".parse().unwrap();
        let PeriodOutcome::Open(open) = analyze(&GameRules::Octal(code), 400, SequenceMethod::Auto).unwrap()
        else {
            panic!("an arithmetic-periodic sequence has no period")
        };
        let observed = open.observed.unwrap();
        assert_eq!((observed.period, observed.saltus), (3, 1));
        assert_eq!(observed.certificate_needs, None);
    }

    #[test]
    fn big_heaps_reduce_by_the_period() {
        let kayles = certify("0.77", 10_000);
        let n = BigUint::from(10u32).pow(40);
        let small = 71 + ((&n - 71u32) % 12u32).to_u64().unwrap();
        assert_eq!(kayles.value_big(&n), kayles.value(small));
    }

    /// 509,622 values, about 0.2 s in the test profile (opt-level 2).
    #[test]
    fn gangolli_plambeck_0_16() {
        let c = certify("0.16", 2_000_000);
        assert_eq!((c.preperiod, c.period), (105_351, 149_459));
    }

    /// 653,570 values, about 0.3 s in the test profile (see docs/octal.md on the published
    /// 326,637).
    #[test]
    fn period_144_of_0_56() {
        let c = certify("0.56", 2_000_000);
        // OEIS A071436 gives the last exception as 326,637; nimlab and ogsolve both find
        // G(326,639) != G(326,783), so the preperiod is 326,640.
        assert_eq!((c.preperiod, c.period), (326_640, 144));
        assert_eq!(c.certificate.preperiod_witness, Some(326_639));
    }
}
