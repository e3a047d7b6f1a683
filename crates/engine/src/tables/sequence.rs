//! One-heap tables: `G(0), G(1), ..., G(upto)` (or outcomes), produced in chunks.
//!
//! A [`Sequence`] pulls values from a [`SequenceSource`] into the caller's buffer, so memory is
//! the source's (a window, a period, nothing) plus the caller's chunk, whatever `upto` is. The
//! source is the ruleset's own ([`crate::Ruleset::fast_sequence`]) when it has one, otherwise the
//! generic dense path ([`super::dense`]), which stores 4 bytes a heap under the budget.

use std::sync::Arc;

use crate::solve::Budget;

use super::dense::{box_values, Stored};
use super::{
    check_values, SequenceRequest, TableBasis, TableError, TableMethod, TableValues, N_CELL, P_CELL,
};
use crate::analysis::Ruleset;
use crate::bigint::big;
use crate::periodicity::{GrundyStream, Periodicity};

/// The largest `upto` a sequence accepts: far beyond any table that could be written, and it
/// leaves room for `n + 2` in the closed forms.
pub const MAX_UPTO: u64 = u64::MAX / 4;

/// Produces the values of a one-heap table in order, from heap 0.
pub trait SequenceSource: Send {
    /// Writes the values of the next `out.len()` heaps into `out`, continuing where the previous
    /// call stopped.
    fn fill(&mut self, out: &mut [u64]);
}

/// A sequence source from a function that writes the values of the heaps
/// `first..first + out.len()` into `out`: how closed forms become sources.
pub struct ChunkFn<F> {
    next: u64,
    fill: F,
}

impl<F: FnMut(u64, &mut [u64]) + Send> SequenceSource for ChunkFn<F> {
    fn fill(&mut self, out: &mut [u64]) {
        (self.fill)(self.next, out);
        self.next += out.len() as u64;
    }
}

/// A source calling `fill(first, out)` for each chunk: `out` receives the values of the heaps
/// `first..first + out.len()`, chunk after chunk (so `fill` may keep state between calls).
pub fn by_chunks(fill: impl FnMut(u64, &mut [u64]) + Send + 'static) -> Box<dyn SequenceSource> {
    Box::new(ChunkFn { next: 0, fill })
}

/// A source writing `value(n)` for each heap `n`: a closed form evaluated value by value.
pub fn per_heap(value: impl Fn(u64) -> u64 + Send + 'static) -> Box<dyn SequenceSource> {
    by_chunks(move |first, out| {
        for (n, slot) in (first..).zip(out.iter_mut()) {
            *slot = value(n);
        }
    })
}

/// A source writing `value(n mod modulus)` for each heap `n`, counting residues instead of
/// dividing: a closed form periodic in `n`. `modulus` must be at least 1.
pub fn per_residue(modulus: u64, value: impl Fn(u64) -> u64 + Send + 'static) -> Box<dyn SequenceSource> {
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

/// A one-heap table being produced: the values of heaps `0..=upto`, in chunks.
///
/// ```
/// use nimlab_engine::tables::{SequenceRequest, TableValues};
/// use nimlab_engine::{build_ruleset, Budget, GameSpec, Play};
///
/// let spec = GameSpec { set: Some(vec![2, 3, 5, 7]), ..GameSpec::named("subtraction") };
/// let game = build_ruleset(&spec, Budget::default()).unwrap();
/// let request =
///     SequenceRequest { upto: 10, values: TableValues::Grundy, play: Play::Normal, budget: Budget::default() };
/// let mut sequence = game.sequence(&request).unwrap();
/// let mut chunk = [0; 8];
/// assert_eq!(sequence.fill(&mut chunk), 8);
/// assert_eq!(chunk, [0, 0, 1, 1, 2, 2, 3, 3]);
/// assert_eq!(sequence.fill(&mut chunk), 3);
/// assert_eq!(chunk[..3], [4, 0, 0]);
/// assert_eq!(sequence.fill(&mut chunk), 0);
/// ```
pub struct Sequence {
    source: Box<dyn SequenceSource>,
    basis: TableBasis,
    upto: u64,
    /// The next heap to produce; `upto + 1` when done.
    next: u64,
}

impl Sequence {
    /// The table of heaps `0..=upto` drawn from `source`. `upto` is at most [`MAX_UPTO`].
    pub fn new(source: Box<dyn SequenceSource>, basis: TableBasis, upto: u64) -> Self {
        Sequence { source, basis, upto: upto.min(MAX_UPTO), next: 0 }
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

    /// Writes the values of the next heaps into `out` (as many as fit and remain) and returns
    /// how many; 0 when the table is complete.
    pub fn fill(&mut self, out: &mut [u64]) -> usize {
        let remaining = self.upto + 1 - self.next;
        let count = usize::try_from(remaining).map_or(out.len(), |r| r.min(out.len()));
        self.source.fill(&mut out[..count]);
        self.next += count as u64;
        count
    }

    /// The rest of the table in one vector.
    ///
    /// # Errors
    /// [`TableError::OverBudget`] when its 8-byte values exceed `budget` cells of 4 bytes.
    pub fn collect_rest(&mut self, budget: Budget) -> Result<Vec<u64>, TableError> {
        let count = u128::from(self.upto + 1 - self.next);
        TableError::check_memory("the sequence collected in one vector", 8 * count, budget)?;
        let mut values = vec![0; count as usize];
        self.fill(&mut values);
        Ok(values)
    }
}

/// The one-heap table a request asks for: from the ruleset's fast path, or the dense path.
///
/// # Errors
/// [`TableError::InvalidRequest`] for Grundy values in misère play, `upto` above [`MAX_UPTO`], or a
/// game whose positions are not one heap; [`TableError::OverBudget`] or an engine error from the
/// path that computes it.
pub fn sequence<R: Ruleset>(ruleset: &R, request: &SequenceRequest) -> Result<Sequence, TableError> {
    check_values(request.values, request.play)?;
    if request.upto > MAX_UPTO {
        return Err(TableError::InvalidRequest(format!("a sequence goes up to at most {MAX_UPTO}")));
    }
    ruleset.check_position(&[big(0)]).map_err(|e| {
        TableError::InvalidRequest(format!("a sequence needs a game on one heap; {}: {e}", ruleset.name()))
    })?;
    if let Some(sequence) = ruleset.fast_sequence(request)? {
        return Ok(sequence);
    }
    let Stored { values, basis } =
        box_values(ruleset, &[request.upto], request.values, request.play, request.budget)?;
    Ok(Sequence::new(Box::new(values), basis, request.upto))
}

/// Values are produced in pieces of this many through the `u32` generators.
const PIECE: usize = 4096;

/// SUB(S) by the streaming generator: memory `O(max(S) / gcd(S))`, whatever the length.
struct SubtractionStream {
    stream: GrundyStream,
    piece: Vec<u32>,
    outcomes: bool,
}

impl SequenceSource for SubtractionStream {
    fn fill(&mut self, out: &mut [u64]) {
        for chunk in out.chunks_mut(PIECE) {
            let piece = &mut self.piece[..chunk.len()];
            self.stream.fill(piece);
            widen(piece, chunk, self.outcomes);
        }
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
    fn fill(&mut self, out: &mut [u64]) {
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
    }
}

/// The table of SUB(`set`) under normal play: the certified period replayed when there is one,
/// else the streaming generator.
///
/// # Errors
/// [`TableError::OverBudget`] when the generator's window (`2 max(S) / gcd(S)` words and a chunk)
/// exceeds the budget; [`TableError::InvalidRequest`] for an empty set or a take of 0.
pub fn subtraction_sequence(
    set: &[u64],
    periodicity: Option<Arc<Periodicity>>,
    request: &SequenceRequest,
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
        };
        let source = PeriodicReplay { periodicity, at: 0, outcomes };
        return Ok(Sequence::new(Box::new(source), basis, request.upto));
    }
    let window = window_words(set)?;
    TableError::check_memory("the SUB(S) generator's window", 8 * (2 * window + 4096), request.budget)?;
    let stream = GrundyStream::new(set).map_err(|e| TableError::InvalidRequest(e.to_string()))?;
    let basis = TableBasis {
        method: TableMethod::Stream,
        detail: format!("SUB({{{}}}) by the streaming generator (window of {window} values)", join(set)),
        value_bound: Some(bound),
    };
    let source = SubtractionStream { stream, piece: vec![0; PIECE], outcomes };
    Ok(Sequence::new(Box::new(source), basis, request.upto))
}

/// `max(S) / gcd(S)`, the generator's window in words.
fn window_words(set: &[u64]) -> Result<u128, TableError> {
    let max =
        set.iter().copied().max().ok_or_else(|| TableError::InvalidRequest("the set is empty".into()))?;
    let gcd = crate::periodicity::gcd_of(set);
    if gcd == 0 {
        return Err(TableError::InvalidRequest("every take must be at least 1".into()));
    }
    Ok(u128::from(max / gcd))
}

fn join(set: &[u64]) -> String {
    crate::periodicity::set_text(set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Play;
    use crate::periodicity::certify_period;

    fn request(upto: u64, values: TableValues) -> SequenceRequest {
        SequenceRequest { upto, values, play: Play::Normal, budget: Budget::default() }
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
            let written = sequence.fill(&mut chunk);
            if written == 0 {
                return all;
            }
            all.extend_from_slice(&chunk[..written]);
        }
        unreachable!("sizes is not empty")
    }

    #[test]
    fn subtraction_stream_and_replay_match_the_definition_in_any_chunking() {
        for set in [&[2u64, 3, 5, 7, 101][..], &[1, 4, 10], &[6, 9, 15], &[3]] {
            let expected = by_definition(set, 20_001);
            let periodicity = Arc::new(certify_period(set, 1_000_000).unwrap());
            for values in [TableValues::Grundy, TableValues::Outcomes] {
                let expected: Vec<u64> = match values {
                    TableValues::Grundy => expected.clone(),
                    TableValues::Outcomes => expected.iter().map(|&g| u64::from(g != 0)).collect(),
                };
                for periodic in [None, Some(periodicity.clone())] {
                    for sizes in [&[20_001usize][..], &[1, 7, 4095, 333], &[5000]] {
                        let sequence =
                            subtraction_sequence(set, periodic.clone(), &request(20_000, values)).unwrap();
                        assert_eq!(drawn(sequence, sizes), expected, "{set:?} {values:?} {sizes:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_window_beyond_the_budget_is_refused() {
        let small = SequenceRequest { budget: Budget(20_000), ..request(10, TableValues::Grundy) };
        let err = subtraction_sequence(&[1, 1_000_000], None, &small).err().unwrap();
        assert!(matches!(err, TableError::OverBudget { needed: 4_008_192, budget: 20_000, .. }), "{err}");
        assert!(err.to_string().contains("the SUB(S) generator's window"), "{err}");
        // gcd 1000: the window is 1000 times smaller.
        assert!(subtraction_sequence(&[1000, 1_000_000], None, &small).is_ok());
    }

    #[test]
    fn fill_stops_at_upto_and_collect_rest_takes_the_remainder() {
        let mut sequence = subtraction_sequence(&[1, 2], None, &request(9, TableValues::Grundy)).unwrap();
        let mut chunk = [9; 4];
        assert_eq!(sequence.fill(&mut chunk), 4);
        assert_eq!(sequence.next_heap(), 4);
        assert!(matches!(sequence.collect_rest(Budget(11)), Err(TableError::OverBudget { needed: 12, .. })));
        assert_eq!(sequence.collect_rest(Budget(12)).unwrap(), [1, 2, 0, 1, 2, 0]);
        assert_eq!(sequence.fill(&mut chunk), 0);
        assert_eq!(sequence.upto(), 9);
    }
}
