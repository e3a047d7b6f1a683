//! Theory against search: what a closed form and the generic search disagree on, and the
//! [`VerifyReport`] of a run over every position up to a bound.

use std::collections::BTreeSet;

use num_bigint::BigUint;
use serde::Serialize;

use super::answer::{Analysis, GrundyValue, MultiAnalysis};
use crate::bigint::json;
use crate::game::Play;

/// What a verification run checked and found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VerifyReport {
    /// The game, with its parameters.
    pub game: String,
    /// The closed form that was checked (for `n` players: each result applied, with how many
    /// positions it answered).
    pub theorem: String,
    /// Normal or misère play.
    pub play: Play,
    /// The number of players for an `n`-player verification (standard alliance matrix), `None`
    /// for two-player play.
    pub players: Option<u32>,
    /// Positions in range where the closed form gives no answer and which were therefore not
    /// compared (`n`-player theorems cover some orders of heaps only).
    pub uncovered: usize,
    /// Every number of every position checked was at most this.
    pub bound: u64,
    /// How many positions were compared (up to and including a counterexample).
    pub positions: usize,
    /// The largest number of states the search stored.
    pub search_states: usize,
    /// True when theory and search agree on every position compared.
    pub agree: bool,
    /// The first position where theory and search disagree, if any.
    pub counterexample: Option<Counterexample>,
    /// For a misère quotient checked against the brute-force search: the positions were every
    /// sum of heaps with at most `bound` tokens in total (not every number up to `bound`), and
    /// what else was checked. Absent from JSON otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quotient: Option<QuotientChecks>,
    /// Which positions were checked, in words, where they are not every position whose numbers
    /// are at most `bound` (a graph's: some of its first vertices deleted). Absent from JSON
    /// otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
}

/// What `verify --misere` checked of a misère quotient beside the outcomes of the sums.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QuotientChecks {
    /// The quotient's order `|Q|`.
    pub order: usize,
    /// `|P|`.
    pub p_portion: usize,
    /// True when the periodicity theorem certifies it as the quotient of every heap.
    pub certified: bool,
    /// The last heap the quotient was computed to (`n` of `Q_n`).
    pub reached: u64,
    /// The structure checks, each in words, in the order made; all hold unless the
    /// counterexample names the one that failed.
    pub structure: Vec<String>,
}

impl VerifyReport {
    /// An empty report, before any position is compared.
    pub(crate) fn new(game: String, theorem: String, play: Play, players: Option<u32>, bound: u64) -> Self {
        VerifyReport {
            game,
            theorem,
            play,
            players,
            uncovered: 0,
            bound,
            positions: 0,
            search_states: 0,
            agree: true,
            counterexample: None,
            quotient: None,
            scope: None,
        }
    }

    /// Records the first disagreement.
    pub(crate) fn disagree(&mut self, counterexample: Counterexample) {
        self.agree = false;
        self.counterexample = Some(counterexample);
    }
}

/// A position where theory and search disagree.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Counterexample {
    /// The position.
    #[serde(serialize_with = "json::numbers")]
    pub position: Vec<BigUint>,
    /// What they disagree on.
    pub problem: String,
}

/// What a two-player theory answer and a search answer disagree on, if anything: the outcome,
/// the Grundy value (where both give one), a move the theory calls winning that is not, (when
/// the theory lists every winning move) a winning move it misses, or no move at all from an
/// N-position whose value the theory does not leave unknown.
pub(crate) fn disagreement(theory: &Analysis, search: &Analysis) -> Option<String> {
    if theory.outcome != search.outcome {
        return Some(format!(
            "theory says {}, search says {}",
            theory.outcome.as_str(),
            search.outcome.as_str()
        ));
    }
    if let (Some(t), Some(s)) = (theory.grundy.value(), search.grundy.value()) {
        if t != s {
            return Some(format!("theory gives Grundy value {t}, search gives {s}"));
        }
    }
    let found: BTreeSet<&[BigUint]> = search.winning_moves.iter().map(|m| m.to.numbers()).collect();
    let claimed: BTreeSet<&[BigUint]> = theory.winning_moves.iter().map(|m| m.to.numbers()).collect();
    if let Some(wrong) = claimed.difference(&found).next() {
        return Some(format!("theory's move to {wrong:?} is not a winning move"));
    }
    if theory.moves_complete {
        if let Some(missed) = found.difference(&claimed).next() {
            return Some(format!("theory misses the winning move to {missed:?}"));
        }
    } else if claimed.is_empty() && !found.is_empty() && theory.grundy != GrundyValue::Unknown {
        // A theory that names neither a move nor a value gives an outcome only (an existence
        // proof: Chomp's strategy stealing); one that gives a value (or says it has none, misère)
        // must name a move.
        return Some("theory gives no winning move from an N-position".into());
    }
    None
}

/// What an `n`-player theory answer and a search answer disagree on, if anything: the value,
/// the value of an option the theory lists, or (when the theory lists every option) the set of
/// options.
pub(crate) fn multi_disagreement(theory: &MultiAnalysis, search: &MultiAnalysis) -> Option<String> {
    if theory.value != search.value {
        return Some(format!("theory gives value {}, search gives {}", theory.value, search.value));
    }
    for m in &theory.moves {
        match search.moves.iter().find(|s| s.to == m.to) {
            None => return Some(format!("theory lists a move to {:?} that is not an option", m.to)),
            Some(s) if s.value != m.value || s.optimal != m.optimal => {
                return Some(format!(
                    "the option {:?} has value {} by theory, {} by search",
                    m.to, m.value, s.value
                ))
            }
            Some(_) => {}
        }
    }
    if theory.moves_complete && theory.moves.len() != search.moves.len() {
        return Some(format!(
            "theory lists {} options, search finds {}",
            theory.moves.len(),
            search.moves.len()
        ));
    }
    None
}
