//! The common face of every ruleset: the typed [`Ruleset`] trait that a ruleset file implements,
//! and the object-safe [`AnyGame`] that callers (the command line, the playground, sums) use.
//!
//! Positions cross this boundary as lists of unbounded integers (usually heap sizes), so that
//! closed forms can answer for heaps of any size; the generic search converts them to the
//! ruleset's own 64-bit positions when they fit.

use std::collections::BTreeSet;
use std::sync::Mutex;

use num_bigint::BigUint;

use crate::bigint::big;
use crate::error::EngineError;
use crate::game::{Game, Outcome, Play};
use crate::solve::{Budget, GrundySolver, MisereSolver};
use crate::verify::{Counterexample, VerifyReport};

/// How to answer: by closed-form theory, by search, or theory where it exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// Theory when the ruleset has a closed form for the question, otherwise search.
    #[default]
    Auto,
    /// Only theory; an error if there is none.
    Theory,
    /// Only the generic search.
    Search,
}

/// One move, as a text and the position it leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveReport {
    /// What the move does, e.g. "take 2 from the heap of 3".
    pub text: String,
    /// The resulting position, in the same numbers as the input position.
    pub to: Vec<BigUint>,
}

/// Where an answer came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Basis {
    /// A closed form: the theorem's name.
    Theory(String),
    /// The generic search, and how many states its memo holds.
    Search {
        /// States stored by the solver when the answer was found.
        states: usize,
    },
}

/// The answer to "who wins from here, and how".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// Who wins with the player to move as reference.
    pub outcome: Outcome,
    /// The Sprague-Grundy value; `None` where undefined (misère play) or unknown (no closed
    /// form, and the position is too large to search).
    pub grundy: Option<BigUint>,
    /// The winning moves (empty for a P-position).
    pub winning_moves: Vec<MoveReport>,
    /// True when `winning_moves` lists every winning move, false when it lists some of them
    /// (a construction for heaps too large to enumerate).
    pub moves_complete: bool,
    /// A short explanation: the theorem applied, or what the search found.
    pub reason: String,
    /// Theory or search.
    pub basis: Basis,
}

/// What a ruleset file implements: the rules (through [`Game`]), how its positions are written
/// as numbers, and its closed-form theory where there is one.
pub trait Ruleset: Game<Position: Send> + Clone + Send + Sync + 'static {
    /// The game as a user would name it, with its parameters: `bash --max 3`.
    fn name(&self) -> String;

    /// Checks a position given as numbers and returns it in full form (for example with a
    /// default filled in).
    ///
    /// # Errors
    /// [`EngineError::InvalidPosition`] naming what is wrong.
    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError>;

    /// The search position for checked numbers, or `None` if they are too large for search.
    fn search_position(&self, numbers: &[BigUint]) -> Option<Self::Position>;

    /// The numbers of a search position (the inverse of [`Ruleset::search_position`]).
    fn numbers(&self, position: &Self::Position) -> Vec<BigUint>;

    /// A text for the move `from -> to`, e.g. "take 2 from the heap of 3".
    fn describe_move(&self, from: &[BigUint], to: &[BigUint]) -> String;

    /// The name of the closed form this ruleset uses under `play`, if it has one.
    fn theorem(&self, _play: Play) -> Option<String> {
        None
    }

    /// The closed-form answer for a checked position; `Some` exactly when
    /// [`Ruleset::theorem`] is `Some` for `play`.
    fn theory(&self, _numbers: &[BigUint], _play: Play) -> Option<Analysis> {
        None
    }

    /// Moves to positions of Grundy value `target` (normal play) by closed form, if the
    /// ruleset has one for Grundy values; used to play a component of a sum.
    fn theory_moves_to_value(&self, _numbers: &[BigUint], _target: &BigUint) -> Option<Vec<MoveReport>> {
        None
    }

    /// The positions on which `verify` compares theory with search: every position whose
    /// numbers are at most `bound` (the ruleset chooses the number of heaps).
    fn verification_positions(&self, bound: u64) -> Vec<Vec<BigUint>>;
}

/// The object-safe face of a ruleset with its solvers.
pub trait AnyGame: Send + Sync {
    /// The game's name with its parameters.
    fn name(&self) -> String;
    /// See [`Ruleset::check_position`].
    ///
    /// # Errors
    /// [`EngineError::InvalidPosition`].
    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError>;
    /// The closed form used under `play`, if any.
    fn theorem(&self, play: Play) -> Option<String>;
    /// Who wins, the Grundy value and every winning move of a checked position.
    ///
    /// # Errors
    /// [`EngineError::NoTheory`] for `Method::Theory` without a closed form;
    /// [`EngineError::TooLargeForSearch`] or a budget error when search is needed and fails.
    fn analyze(&self, numbers: &[BigUint], method: Method, play: Play) -> Result<Analysis, EngineError>;
    /// Every move to an option of Grundy value `target` (normal play).
    ///
    /// # Errors
    /// As for [`AnyGame::analyze`].
    fn moves_to_value(
        &self,
        numbers: &[BigUint],
        target: &BigUint,
        method: Method,
    ) -> Result<Vec<MoveReport>, EngineError>;
    /// Compares theory with search on every verification position up to `bound`.
    ///
    /// # Errors
    /// [`EngineError::NoTheory`] when there is no closed form under `play`; search errors.
    fn verify(&self, bound: u64, play: Play) -> Result<VerifyReport, EngineError>;
}

/// A ruleset with its memoized solvers; memo tables persist across requests.
pub struct Engine<R: Ruleset> {
    ruleset: R,
    grundy: Mutex<GrundySolver<R>>,
    misere: Mutex<MisereSolver<R>>,
}

/// How many states the automatic method may spend filling in a Grundy value that the theory
/// does not give.
const AUTO_GRUNDY_BUDGET: usize = 1_000_000;

impl<R: Ruleset> Engine<R> {
    /// The ruleset with solvers under `budget`.
    pub fn new(ruleset: R, budget: Budget) -> Self {
        Engine {
            grundy: Mutex::new(GrundySolver::with_budget(ruleset.clone(), budget)),
            misere: Mutex::new(MisereSolver::misere(ruleset.clone(), budget)),
            ruleset,
        }
    }

    fn search_position(&self, numbers: &[BigUint]) -> Result<R::Position, EngineError> {
        self.ruleset.search_position(numbers).ok_or_else(|| EngineError::TooLargeForSearch {
            position: format!("{} {}", self.ruleset.name(), crate::bigint::join(numbers, " ")),
            budget: self.budget().0,
        })
    }

    fn budget(&self) -> Budget {
        self.grundy.lock().unwrap_or_else(|e| e.into_inner()).budget()
    }

    fn move_report(&self, from: &[BigUint], to: &R::Position) -> MoveReport {
        let to = self.ruleset.numbers(to);
        MoveReport { text: self.ruleset.describe_move(from, &to), to }
    }

    fn search(&self, numbers: &[BigUint], play: Play) -> Result<Analysis, EngineError> {
        let position = self.search_position(numbers)?;
        match play {
            Play::Normal => {
                let mut solver = self.grundy.lock().unwrap_or_else(|e| e.into_inner());
                let value = solver.value(&position)?;
                let options = solver.option_values(&position)?;
                let mut winning = Vec::new();
                for (option, v) in &options {
                    push_unique(&mut winning, (*v == 0).then(|| self.move_report(numbers, option)));
                }
                let values: BTreeSet<u32> = options.iter().map(|(_, v)| *v).collect();
                let reason = format!(
                    "search: the options have Grundy values {}, so the value is their mex, {value}",
                    brace_list(&values)
                );
                Ok(Analysis {
                    outcome: if value == 0 { Outcome::P } else { Outcome::N },
                    grundy: Some(big(u64::from(value))),
                    winning_moves: winning,
                    moves_complete: true,
                    reason,
                    basis: Basis::Search { states: solver.states() },
                })
            }
            Play::Misere => {
                let mut solver = self.misere.lock().unwrap_or_else(|e| e.into_inner());
                let outcome = solver.value(&position)?;
                let options = solver.option_values(&position)?;
                let mut winning = Vec::new();
                for (option, o) in &options {
                    push_unique(&mut winning, (*o == Outcome::P).then(|| self.move_report(numbers, option)));
                }
                let reason = if options.is_empty() {
                    "search (misère): no move is left, so the previous player took the last stone and lost"
                        .to_string()
                } else if outcome == Outcome::N {
                    format!(
                        "search (misère): {} of the {} options are P-positions",
                        winning.len(),
                        options.len()
                    )
                } else {
                    format!("search (misère): all {} options are N-positions", options.len())
                };
                Ok(Analysis {
                    outcome,
                    grundy: None,
                    winning_moves: winning,
                    moves_complete: true,
                    reason,
                    basis: Basis::Search { states: solver.states() },
                })
            }
        }
    }

    fn theory(&self, numbers: &[BigUint], play: Play) -> Result<Analysis, EngineError> {
        self.ruleset.theory(numbers, play).ok_or_else(|| {
            let play = if play == Play::Misere { "misère " } else { "" };
            EngineError::NoTheory(format!(
                "{} has no closed form for {play}play in nimlab; use --method search",
                self.ruleset.name()
            ))
        })
    }

    /// Fills in a Grundy value the theory does not give, by search, when it costs at most
    /// [`AUTO_GRUNDY_BUDGET`] new states (the memo is shared with later requests).
    fn fill_grundy(&self, numbers: &[BigUint], analysis: &mut Analysis) {
        let Some(position) = self.ruleset.search_position(numbers) else { return };
        let mut solver = self.grundy.lock().unwrap_or_else(|e| e.into_inner());
        let full = solver.budget();
        let limit = full.0.min(solver.states().saturating_add(AUTO_GRUNDY_BUDGET));
        solver.set_budget(Budget(limit));
        let value = solver.value(&position);
        solver.set_budget(full);
        if let Ok(value) = value {
            analysis.grundy = Some(big(u64::from(value)));
            analysis.reason.push_str(&format!("; Grundy value {value} by search"));
        }
    }
}

fn push_unique(moves: &mut Vec<MoveReport>, report: Option<MoveReport>) {
    if let Some(report) = report {
        if !moves.iter().any(|m| m.to == report.to) {
            moves.push(report);
        }
    }
}

fn brace_list(values: &BTreeSet<u32>) -> String {
    const SHOWN: usize = 12;
    let mut items: Vec<String> = values.iter().take(SHOWN).map(|v| v.to_string()).collect();
    if values.len() > SHOWN {
        items.push("...".into());
    }
    format!("{{{}}}", items.join(", "))
}

impl<R: Ruleset> AnyGame for Engine<R> {
    fn name(&self) -> String {
        self.ruleset.name()
    }

    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        self.ruleset.check_position(numbers)
    }

    fn theorem(&self, play: Play) -> Option<String> {
        self.ruleset.theorem(play)
    }

    fn analyze(&self, numbers: &[BigUint], method: Method, play: Play) -> Result<Analysis, EngineError> {
        match method {
            Method::Search => self.search(numbers, play),
            Method::Theory => self.theory(numbers, play),
            Method::Auto if self.ruleset.theorem(play).is_none() => self.search(numbers, play),
            Method::Auto => {
                let mut analysis = self.theory(numbers, play)?;
                if analysis.grundy.is_none() && play == Play::Normal {
                    self.fill_grundy(numbers, &mut analysis);
                }
                Ok(analysis)
            }
        }
    }

    fn moves_to_value(
        &self,
        numbers: &[BigUint],
        target: &BigUint,
        method: Method,
    ) -> Result<Vec<MoveReport>, EngineError> {
        if method != Method::Search {
            if let Some(moves) = self.ruleset.theory_moves_to_value(numbers, target) {
                return Ok(moves);
            }
            if method == Method::Theory {
                return Err(EngineError::NoTheory(format!(
                    "{} has no closed form for Grundy values in nimlab; use --method search",
                    self.ruleset.name()
                )));
            }
        }
        let position = self.search_position(numbers)?;
        let mut solver = self.grundy.lock().unwrap_or_else(|e| e.into_inner());
        let mut moves = Vec::new();
        for (option, v) in solver.option_values(&position)? {
            push_unique(
                &mut moves,
                (big(u64::from(v)) == *target).then(|| self.move_report(numbers, &option)),
            );
        }
        Ok(moves)
    }

    fn verify(&self, bound: u64, play: Play) -> Result<VerifyReport, EngineError> {
        let theorem = self.ruleset.theorem(play).ok_or_else(|| {
            EngineError::NoTheory(format!("{} has no closed form to verify under this play", self.name()))
        })?;
        let positions = self.ruleset.verification_positions(bound);
        let mut report = VerifyReport {
            game: self.name(),
            theorem,
            play,
            bound,
            positions: 0,
            search_states: 0,
            counterexample: None,
        };
        for numbers in positions {
            let theory = self.theory(&numbers, play)?;
            let search = self.search(&numbers, play)?;
            report.positions += 1;
            if let Basis::Search { states } = search.basis {
                report.search_states = report.search_states.max(states);
            }
            if let Some(problem) = disagreement(&theory, &search) {
                report.counterexample = Some(Counterexample { position: numbers, problem });
                break;
            }
        }
        Ok(report)
    }
}

/// What theory and search disagree on, if anything.
fn disagreement(theory: &Analysis, search: &Analysis) -> Option<String> {
    if theory.outcome != search.outcome {
        return Some(format!(
            "theory says {}, search says {}",
            theory.outcome.as_str(),
            search.outcome.as_str()
        ));
    }
    if let (Some(t), Some(s)) = (&theory.grundy, &search.grundy) {
        if t != s {
            return Some(format!("theory gives Grundy value {t}, search gives {s}"));
        }
    }
    let found: BTreeSet<&Vec<BigUint>> = search.winning_moves.iter().map(|m| &m.to).collect();
    let claimed: BTreeSet<&Vec<BigUint>> = theory.winning_moves.iter().map(|m| &m.to).collect();
    if let Some(wrong) = claimed.difference(&found).next() {
        return Some(format!("theory's move to {wrong:?} is not a winning move"));
    }
    if theory.moves_complete {
        if let Some(missed) = found.difference(&claimed).next() {
            return Some(format!("theory misses the winning move to {missed:?}"));
        }
    } else if claimed.is_empty() && !found.is_empty() {
        return Some("theory gives no winning move from an N-position".into());
    }
    None
}
