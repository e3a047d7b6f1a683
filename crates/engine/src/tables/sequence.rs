//! One-heap tables: `G(0), G(1), ..., G(upto)` (or outcomes), produced in chunks.
//!
//! A [`Sequence`] pulls values from a [`SequenceSource`] into the caller's buffer, so memory is
//! the source's (a window, a period, nothing) plus the caller's chunk, whatever `upto` is. The
//! source is the ruleset's own ([`crate::Ruleset::fast_sequence`]) when it has one, otherwise the
//! generic dense path of the planner (`crate::analysis::tables`), which stores 4 bytes a heap
//! under the budget.

use crate::error::{Holder, RequestError, Task};
use crate::periodicity::PeriodicityError;
use std::sync::Arc;

use super::{
    pay_memory, Charge, PeriodSpan, SequenceRequest, TableBasis, TableError, TableMethod, TableValues,
    N_CELL, PIECE, P_CELL,
};
use crate::budget::{Budget, Exhausted};
use crate::periodicity::{GrundyStream, Periodicity};

/// The largest `upto` a sequence accepts: far beyond any table that could be written, and it
/// leaves room for `n + 2` in the closed forms.
pub(crate) const MAX_UPTO: u64 = u64::MAX / 4;

/// Produces the values of a one-heap table in order, from heap 0.
pub trait SequenceSource: Send {
    /// Writes the values of the next `out.len()` heaps into `out`, continuing where the previous
    /// call stopped.
    ///
    /// # Errors
    /// What ran out, for a source that computes its values under a budget of its own (the octal
    /// sequence engine charges its pair scans as it goes); the other sources never fail.
    fn fill(&mut self, out: &mut [u64]) -> Result<(), Exhausted>;

    /// Skips the next `count` values, known already (read back from a checkpoint), without
    /// computing them, if the source can; `false` (the default) when it cannot.
    fn skip(&mut self, _count: u64) -> bool {
        false
    }
}

/// A sequence source from a function that writes the values of the heaps
/// `first..first + out.len()` into `out`: how closed forms become sources.
pub(crate) struct ChunkFn<F> {
    next: u64,
    fill: F,
}

impl<F: FnMut(u64, &mut [u64]) + Send> SequenceSource for ChunkFn<F> {
    fn fill(&mut self, out: &mut [u64]) -> Result<(), Exhausted> {
        (self.fill)(self.next, out);
        self.next += out.len() as u64;
        Ok(())
    }
}

/// A source calling `fill(first, out)` for each chunk: `out` receives the values of the heaps
/// `first..first + out.len()`, chunk after chunk (so `fill` may keep state between calls).
pub(crate) fn by_chunks(fill: impl FnMut(u64, &mut [u64]) + Send + 'static) -> Box<dyn SequenceSource> {
    Box::new(ChunkFn { next: 0, fill })
}

/// A source writing `value(n)` for each heap `n`: a closed form evaluated value by value.
pub(crate) fn per_heap(value: impl Fn(u64) -> u64 + Send + 'static) -> Box<dyn SequenceSource> {
    by_chunks(move |first, out| {
        for (n, slot) in (first..).zip(out.iter_mut()) {
            *slot = value(n);
        }
    })
}

/// A source writing `value(n mod modulus)` for each heap `n`, counting residues instead of
/// dividing: a closed form periodic in `n`. `modulus` must be at least 1.
pub(crate) fn per_residue(
    modulus: u64,
    value: impl Fn(u64) -> u64 + Send + 'static,
) -> Box<dyn SequenceSource> {
    by_chunks(move |first, out| {
        let mut residue = first % modulus;
        for slot in out.iter_mut() {
            *slot = value(residue);
            residue += 1;
            if residue == modulus {
                residue = 0;
            }
        }
    })
}

/// A one-heap table being produced: the values of heaps `0..=upto`, in chunks, each piece
/// charged to the budget as it is produced (see the [module doc](super)).
///
/// ```
/// use nimlab_engine::tables::{SequenceRequest, TableValues};
/// use nimlab_engine::{Budget, GameSpec, Play};
///
/// let budget = Budget::default();
/// let game = "subtraction --set 2,3,5,7".parse::<GameSpec>().unwrap().build(&budget).unwrap();
/// let request = SequenceRequest::new(10, TableValues::Grundy, Play::Normal);
/// let mut sequence = game.sequence(&request, &budget).unwrap();
/// let mut chunk = [0; 8];
/// assert_eq!(sequence.fill(&mut chunk).unwrap(), 8);
/// assert_eq!(chunk, [0, 0, 1, 1, 2, 2, 3, 3]);
/// assert_eq!(sequence.fill(&mut chunk).unwrap(), 3);
/// assert_eq!(chunk[..3], [4, 0, 0]);
/// assert_eq!(sequence.fill(&mut chunk).unwrap(), 0);
/// ```
pub struct Sequence {
    source: Box<dyn SequenceSource>,
    basis: TableBasis,
    upto: u64,
    /// The next heap to produce; `upto + 1` when done.
    next: u64,
    charge: Charge,
}

impl Sequence {
    /// The table of heaps `0..=upto` drawn from `source`, charged to `budget` at the rate of
    /// `basis.method`. `upto` is at most [`MAX_UPTO`].
    pub fn new(source: Box<dyn SequenceSource>, basis: TableBasis, upto: u64, budget: &Budget) -> Self {
        let charge = Charge::new(budget, basis.method);
        Sequence { source, basis, upto: upto.min(MAX_UPTO), next: 0, charge }
    }

    /// How the values are computed.
    pub fn basis(&self) -> &TableBasis {
        &self.basis
    }

    /// The last heap of the table.
    pub fn upto(&self) -> u64 {
        self.upto
    }

    /// The heap whose value the next [`Sequence::fill`] writes first.
    pub fn next_heap(&self) -> u64 {
        self.next
    }

    /// Skips the first `count` values of a table not yet filled, when its source can (see
    /// [`SequenceSource::skip`]): the caller knows them already. `false` leaves the table as it
    /// was.
    pub fn skip(&mut self, count: u64) -> bool {
        if self.next != 0 || count > self.upto + 1 || !self.source.skip(count) {
            return false;
        }
        self.next = count;
        true
    }

    /// Writes the values of the next heaps into `out` (as many as fit and remain) and returns
    /// how many; 0 when the table is complete.
    ///
    /// # Errors
    /// [`TableError::Exhausted`] when the budget, the deadline or a cancellation stops the
    /// table (checked every [`PIECE`] values; the values before the failing piece are written).
    pub fn fill(&mut self, out: &mut [u64]) -> Result<usize, TableError> {
        let remaining = self.upto + 1 - self.next;
        let count = usize::try_from(remaining).map_or(out.len(), |r| r.min(out.len()));
        for piece in out[..count].chunks_mut(PIECE) {
            let next = self.next;
            let stopped =
                |cause| TableError::Exhausted { task: Box::new(Task::SequenceHeap { heap: next }), cause };
            self.charge.values(piece.len() as u64).map_err(stopped)?;
            self.source.fill(piece).map_err(stopped)?;
            self.next += piece.len() as u64;
        }
        Ok(count)
    }

    /// The rest of the table in one vector, its memory (8 bytes a value) paid up front.
    ///
    /// # Errors
    /// [`TableError::Exhausted`] when that memory exceeds what is left of the budget, or as
    /// for [`Sequence::fill`].
    pub fn collect_rest(&mut self) -> Result<Vec<u64>, TableError> {
        let count = self.upto + 1 - self.next;
        pay_memory(Holder::SequenceVector, 8 * u128::from(count), self.charge.budget())?;
        let mut values = vec![0; count as usize];
        self.fill(&mut values)?;
        Ok(values)
    }
}

/// Values are produced in pieces of this many through the `u32` generators.
const GENERATOR_PIECE: usize = 4096;

/// SUB(S) by the streaming generator: memory `O(max(S) / gcd(S))`, whatever the length.
struct SubtractionStream {
    stream: GrundyStream,
    piece: Vec<u32>,
    outcomes: bool,
}

impl SequenceSource for SubtractionStream {
    fn fill(&mut self, out: &mut [u64]) -> Result<(), Exhausted> {
        for chunk in out.chunks_mut(GENERATOR_PIECE) {
            let piece = &mut self.piece[..chunk.len()];
            self.stream.fill(piece);
            widen(piece, chunk, self.outcomes);
        }
        Ok(())
    }
}

/// Copies Grundy values into `out`, or their outcomes (value 0 is P).
fn widen(values: &[u32], out: &mut [u64], outcomes: bool) {
    if outcomes {
        for (slot, &g) in out.iter_mut().zip(values) {
            *slot = if g == 0 { P_CELL } else { N_CELL };
        }
    } else {
        for (slot, &g) in out.iter_mut().zip(values) {
            *slot = u64::from(g);
        }
    }
}

/// SUB(S) replayed from its certified preperiod and period: a copy per value, no mex.
struct PeriodicReplay {
    periodicity: Arc<Periodicity>,
    /// The index into `periodicity.values` of the next heap's value.
    at: usize,
    outcomes: bool,
}

impl SequenceSource for PeriodicReplay {
    fn fill(&mut self, out: &mut [u64]) -> Result<(), Exhausted> {
        let values = &self.periodicity.values;
        let start = self.periodicity.preperiod as usize;
        let mut written = 0;
        while written < out.len() {
            let take = (values.len() - self.at).min(out.len() - written);
            widen(&values[self.at..self.at + take], &mut out[written..written + take], self.outcomes);
            written += take;
            self.at += take;
            if self.at == values.len() {
                self.at = start;
            }
        }
        Ok(())
    }
}

/// The table of SUB(`set`) under normal play: the certified period replayed when there is one,
/// else the streaming generator.
///
/// The certified period is already held by the ruleset (paid when it was certified); the
/// generator's window (`2 max(S) / gcd(S)` words and a piece) is paid here.
///
/// # Errors
/// [`TableError::Exhausted`] when the generator's window exceeds what is left of the budget;
/// [`TableError::InvalidRequest`] for an empty set or a take of 0.
pub fn subtraction_sequence(
    set: &[u64],
    periodicity: Option<Arc<Periodicity>>,
    request: &SequenceRequest,
    budget: &Budget,
) -> Result<Sequence, TableError> {
    let outcomes = request.values == TableValues::Outcomes;
    let bound = if outcomes { N_CELL } else { set.len() as u64 };
    if let Some(periodicity) = periodicity {
        let (l, p) = (periodicity.preperiod, periodicity.period);
        let max = periodicity.values.iter().copied().max().unwrap_or(0);
        let basis = TableBasis {
            method: TableMethod::CertifiedPeriod,
            detail: format!("SUB({{{}}}) is periodic from {l} with period {p} (certified)", join(set)),
            value_bound: Some(if outcomes { N_CELL } else { u64::from(max) }),
            certified_period: Some(PeriodSpan { preperiod: l, period: p }),
        };
        let source = PeriodicReplay { periodicity, at: 0, outcomes };
        return Ok(Sequence::new(Box::new(source), basis, request.upto, budget));
    }
    let window = window_words(set)?;
    let piece = GENERATOR_PIECE as u128;
    pay_memory(Holder::SubtractionWindow, 8 * (2 * window + piece) + 4 * piece, budget)?;
    let stream = GrundyStream::new(set).map_err(|e| match e {
        PeriodicityError::EmptySet => TableError::InvalidRequest(RequestError::EmptySet),
        _ => TableError::InvalidRequest(RequestError::ZeroTake),
    })?;
    let basis = TableBasis {
        method: TableMethod::Stream,
        detail: format!("SUB({{{}}}) by the streaming generator (window of {window} values)", join(set)),
        value_bound: Some(bound),
        certified_period: None,
    };
    let source = SubtractionStream { stream, piece: vec![0; GENERATOR_PIECE], outcomes };
    Ok(Sequence::new(Box::new(source), basis, request.upto, budget))
}

/// `max(S) / gcd(S)`, the generator's window in words.
fn window_words(set: &[u64]) -> Result<u128, TableError> {
    let max = set.iter().copied().max().ok_or(TableError::InvalidRequest(RequestError::EmptySet))?;
    let gcd = crate::periodicity::gcd_of(set);
    if gcd == 0 {
        return Err(TableError::InvalidRequest(RequestError::ZeroTake));
    }
    Ok(u128::from(max / gcd))
}

fn join(set: &[u64]) -> String {
    crate::periodicity::set_text(set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Exhausted;
    use crate::game::Play;
    use crate::periodicity::certify_period;

    fn request(upto: u64, values: TableValues) -> SequenceRequest {
        SequenceRequest::new(upto, values, Play::Normal)
    }

    /// The definition, directly: `G(n) = mex{G(n - s) : s ∈ S, s ≤ n}`.
    fn by_definition(set: &[u64], count: usize) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::with_capacity(count);
        for n in 0..count as u64 {
            let options: Vec<u64> = set.iter().filter(|&&s| s <= n).map(|&s| g[(n - s) as usize]).collect();
            g.push((0..).find(|v| !options.contains(v)).unwrap_or(0));
        }
        g
    }

    /// Draws the whole table through chunks of the given sizes, cycling.
    fn drawn(mut sequence: Sequence, sizes: &[usize]) -> Vec<u64> {
        let mut all = Vec::new();
        for &size in sizes.iter().cycle() {
            let mut chunk = vec![0; size];
            let written = sequence.fill(&mut chunk).unwrap();
            if written == 0 {
                return all;
            }
            all.extend_from_slice(&chunk[..written]);
        }
        unreachable!("sizes is not empty")
    }

    #[test]
    fn subtraction_stream_and_replay_match_the_definition_in_any_chunking() {
        let budget = Budget::default();
        for set in [&[2u64, 3, 5, 7, 101][..], &[1, 4, 10], &[6, 9, 15], &[3]] {
            let expected = by_definition(set, 20_001);
            let periodicity = Arc::new(certify_period(set, 1_000_000, &budget).unwrap());
            for values in [TableValues::Grundy, TableValues::Outcomes] {
                let expected: Vec<u64> = match values {
                    TableValues::Grundy => expected.clone(),
                    TableValues::Outcomes => expected.iter().map(|&g| u64::from(g != 0)).collect(),
                };
                for periodic in [None, Some(periodicity.clone())] {
                    for sizes in [&[20_001usize][..], &[1, 7, 4095, 333], &[5000]] {
                        let sequence =
                            subtraction_sequence(set, periodic.clone(), &request(20_000, values), &budget)
                                .unwrap();
                        assert_eq!(drawn(sequence, sizes), expected, "{set:?} {values:?} {sizes:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_window_beyond_the_budget_is_refused_and_nothing_is_charged() {
        let small = Budget::new(20_000);
        let err = subtraction_sequence(&[1, 1_000_000], None, &request(10, TableValues::Grundy), &small)
            .err()
            .unwrap();
        // 2 x 10^6 window words and a piece of 4096 values (8 + 4 bytes each).
        let bytes = 8 * (2 * 1_000_000 + 4096) + 4 * 4096;
        assert!(
            matches!(err, TableError::Exhausted { cause: Exhausted::Work { limit: 20_000 }, .. }),
            "{err}"
        );
        assert!(
            err.to_string().starts_with(&format!("the SUB(S) generator's window needs {bytes} bytes")),
            "{err}"
        );
        assert_eq!(small.used(), 0);
        // gcd 1000: the window is 1000 times smaller.
        assert!(
            subtraction_sequence(&[1000, 1_000_000], None, &request(10, TableValues::Grundy), &small).is_ok()
        );
        assert!(small.used() > 0);
    }

    #[test]
    fn values_are_charged_as_they_are_produced_and_the_budget_stops_the_stream() {
        let budget = Budget::new(1_000_000);
        let mut sequence =
            subtraction_sequence(&[1, 2], None, &request(100_000_000, TableValues::Grundy), &budget).unwrap();
        let paid = budget.used();
        let mut chunk = vec![0; 1 << 20];
        assert_eq!(sequence.fill(&mut chunk).unwrap(), 1 << 20);
        assert_eq!(budget.used() - paid, (1 << 20) / super::super::STREAMED_VALUES_PER_UNIT);
        let err = loop {
            if let Err(e) = sequence.fill(&mut chunk) {
                break e;
            }
        };
        assert_eq!(err.exhausted(), Some(&Exhausted::Work { limit: 1_000_000 }));
        assert!(err.to_string().starts_with("the sequence stopped at heap "), "{err}");
        // About 10^6 x STREAMED_VALUES_PER_UNIT values were produced before the budget ran out.
        let rate = super::super::STREAMED_VALUES_PER_UNIT;
        let produced = 1_000_000 * rate;
        assert!(
            (produced - produced / 16..produced + (1 << 20)).contains(&sequence.next_heap()),
            "{}",
            sequence.next_heap()
        );
        let cancelled = Budget::default();
        let mut sequence =
            subtraction_sequence(&[1, 2], None, &request(100_000_000, TableValues::Grundy), &cancelled)
                .unwrap();
        cancelled.cancel_handle().cancel();
        assert_eq!(sequence.fill(&mut chunk).unwrap_err().exhausted(), Some(&Exhausted::Cancelled));
        assert_eq!(sequence.next_heap(), 0);
    }

    #[test]
    fn fill_stops_at_upto_and_collect_rest_takes_the_remainder() {
        let budget = Budget::default();
        let mut sequence =
            subtraction_sequence(&[1, 2], None, &request(9, TableValues::Grundy), &budget).unwrap();
        let mut chunk = [9; 4];
        assert_eq!(sequence.fill(&mut chunk).unwrap(), 4);
        assert_eq!(sequence.next_heap(), 4);
        assert_eq!(sequence.collect_rest().unwrap(), [1, 2, 0, 1, 2, 0]);
        assert_eq!(sequence.fill(&mut chunk).unwrap(), 0);
        assert_eq!(sequence.upto(), 9);
        // 6 values of 8 bytes: 12 units; refused with 11 left.
        for (left, fits) in [(11, false), (12, true)] {
            let tight = Budget::new(100_000);
            let mut sequence =
                subtraction_sequence(&[1, 2], None, &request(5, TableValues::Grundy), &tight).unwrap();
            tight.charge(tight.remaining() - left).unwrap();
            assert_eq!(sequence.collect_rest().is_ok(), fits, "{left} units left");
        }
    }
}
