//! The common face of every ruleset: the typed [`Ruleset`] trait that a ruleset file implements,
//! and the object-safe [`AnyGame`] that callers (the command line, the playground, sums) use.
//!
//! Positions cross this boundary as lists of unbounded integers (usually heap sizes), so that
//! closed forms can answer for heaps of any size; the generic search converts them to the
//! ruleset's own 64-bit positions when they fit.

use std::collections::{BTreeSet, HashMap};
use std::sync::Mutex;

use num_bigint::BigUint;

use crate::bigint::big;
use crate::error::EngineError;
use crate::game::{Game, Outcome, Play};
use crate::solve::{
    Budget, GrundySolver, MisereSolver, MultiplayerSolver, Remoteness, RemotenessSolver, StandardAlliance,
    Terminal,
};
use crate::tables::{Grid, GridRequest, Sequence, SequenceRequest, TableError};
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

/// The move a player should make to win fastest or, when losing, to lose slowest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BestMove {
    /// The move.
    pub report: MoveReport,
    /// Who wins from the position before the move, with its mover as reference.
    pub outcome: Outcome,
    /// The remoteness of the position before the move: how many moves the game lasts when the
    /// winner hurries and the loser stalls.
    pub remoteness: u32,
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

/// One move of an `n`-player analysis: where it goes and that option's game value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MultiMove {
    /// What the move does, e.g. "take 2 from the largest heap (of 5)".
    pub text: String,
    /// The resulting position, in the same numbers as the input position.
    pub to: Vec<BigUint>,
    /// The option's game value `g(G')`.
    pub value: u32,
    /// True when `(value + 1) mod n` is the position's value: the move is optimal for the mover.
    pub optimal: bool,
}

/// The answer for `n` players under the standard alliance matrix
/// (see [`crate::solve::StandardAlliance`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MultiAnalysis {
    /// The number of players `n >= 2`.
    pub players: u32,
    /// Who wins when the player to move has no move.
    pub terminal: Terminal,
    /// The game value `g` in `0..n`.
    pub value: u32,
    /// Named quantities of the position the theory uses, e.g. `("P(G)", 4)`.
    pub measures: Vec<(String, BigUint)>,
    /// The options with their values (one per distinct resulting position).
    pub moves: Vec<MultiMove>,
    /// True when `moves` lists every option; false when it lists one representative of each
    /// class of equally valued options (heaps too large to enumerate).
    pub moves_complete: bool,
    /// A short explanation: the theorem applied, or what the search found.
    pub reason: String,
    /// Theory or search.
    pub basis: Basis,
}

impl MultiAnalysis {
    /// The winner's seat counted from the player to move: when `P_i` moves, `P_{i + winner}`
    /// wins. Under the standard alliance matrix it is the game value.
    pub fn winner(&self) -> u32 {
        self.value
    }

    /// The optimal moves of the player to move.
    pub fn optimal_moves(&self) -> impl Iterator<Item = &MultiMove> {
        self.moves.iter().filter(|m| m.optimal)
    }
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

    /// A text for the move `from -> to`, e.g. "take 2 from the heap of 3" (the default, for
    /// games that take from heaps).
    fn describe_move(&self, from: &[BigUint], to: &[BigUint]) -> String {
        crate::rulesets::describe_take(from, to)
    }

    /// The name of the closed form this ruleset uses under `play`, if it has one.
    fn theorem(&self, _play: Play) -> Option<String> {
        None
    }

    /// The closed-form answer for a checked position; `None` when [`Ruleset::theorem`] is `None`
    /// for `play`, or when the closed form does not cover this position (the automatic method
    /// then searches). It must cover every position of [`Ruleset::verification_positions`].
    fn theory(&self, _numbers: &[BigUint], _play: Play) -> Option<Analysis> {
        None
    }

    /// Moves to positions of Grundy value `target` (normal play) by closed form, if the
    /// ruleset has one for Grundy values; used to play a component of a sum.
    fn theory_moves_to_value(&self, _numbers: &[BigUint], _target: &BigUint) -> Option<Vec<MoveReport>> {
        None
    }

    /// The first `count` P-positions under `play` by closed form, if the ruleset can list them:
    /// on the ruleset's default number of heaps, heaps in non-decreasing order, in increasing
    /// order of the largest heap (the order of a search through positions).
    fn theory_p_positions(&self, _count: usize, _play: Play) -> Option<Vec<Vec<BigUint>>> {
        None
    }

    /// The positions on which `verify` compares theory with search: every position whose
    /// numbers are at most `bound` (the ruleset chooses the number of heaps).
    fn verification_positions(&self, bound: u64) -> Vec<Vec<BigUint>>;

    /// Who wins a game of `n` players when the player to move has no move (default: the last
    /// mover, as in normal play).
    fn terminal_convention(&self) -> Terminal {
        Terminal::LastMoverWins
    }

    /// The closed-form `n`-player answer for a checked position, if the ruleset has one.
    fn multiplayer_theory(&self, _numbers: &[BigUint], _players: u32) -> Option<MultiAnalysis> {
        None
    }

    /// Named quantities of a checked position shown with `n`-player answers (default: none).
    fn measures(&self, _numbers: &[BigUint]) -> Vec<(String, BigUint)> {
        Vec::new()
    }

    /// The ruleset's own producer of a one-heap table (a closed form, a streaming generator, a
    /// certified period), if it has one faster than the generic dense path; `None` (the
    /// default) lets [`crate::tables::sequence::sequence`] use that path. The request is
    /// already checked: Grundy values only in normal play, and the ruleset takes one heap.
    ///
    /// # Errors
    /// [`TableError`] when the fast path cannot run within the request's budget.
    fn fast_sequence(&self, _request: &SequenceRequest) -> Result<Option<Sequence>, TableError> {
        Ok(None)
    }

    /// The ruleset's own producer of a two-heap grid (a closed form, the line kernel), as
    /// [`Ruleset::fast_sequence`] is for one heap.
    ///
    /// # Errors
    /// [`TableError`] when the fast path cannot run within the request's budget.
    fn fast_grid(&self, _request: &GridRequest) -> Result<Option<Grid>, TableError> {
        Ok(None)
    }
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
    /// The first `count` P-positions by closed form, if the ruleset can list them (see
    /// [`Ruleset::theory_p_positions`]).
    fn theory_p_positions(&self, count: usize, play: Play) -> Option<Vec<Vec<BigUint>>>;
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
    /// Compares the `n`-player closed forms with the `n`-player search on every verification
    /// position up to `bound` where a closed form applies: the value and every option's value.
    /// The report's theorem names the results that applied, with how many positions each.
    ///
    /// # Errors
    /// [`EngineError::NoTheory`] when no position in range has an `n`-player closed form;
    /// [`EngineError::InvalidSpec`] for fewer than 2 players; search errors.
    fn verify_players(&self, bound: u64, players: u32) -> Result<VerifyReport, EngineError>;
    /// Every legal move from a checked position, without duplicate results, in the ruleset's
    /// order.
    ///
    /// # Errors
    /// [`EngineError::TooLargeForSearch`] when the position does not fit the search or its
    /// numbers add up to more than the state budget (listing its moves could exhaust memory).
    fn options(&self, numbers: &[BigUint]) -> Result<Vec<MoveReport>, EngineError>;
    /// The move that wins fastest from an N-position or loses slowest from a P-position
    /// (Smith's remoteness, by search); `None` when the game is over. Ties go to the move the
    /// ruleset lists first.
    ///
    /// # Errors
    /// As for [`AnyGame::options`], and [`EngineError::Budget`] when the search runs out.
    fn best_move(&self, numbers: &[BigUint], play: Play) -> Result<Option<BestMove>, EngineError>;
    /// The game value of a checked position for `players` players under the standard alliance
    /// matrix, every option's value and the optimal moves.
    ///
    /// # Errors
    /// [`EngineError::InvalidSpec`] for fewer than 2 players; [`EngineError::NoTheory`] for
    /// `Method::Theory` without a closed form; [`EngineError::TooLargeForSearch`] or a budget
    /// error when search is needed and fails.
    fn analyze_players(
        &self,
        numbers: &[BigUint],
        players: u32,
        method: Method,
    ) -> Result<MultiAnalysis, EngineError>;
    /// The one-heap table `0..=upto` of a request, streamed from the ruleset's fastest path.
    ///
    /// # Errors
    /// See [`crate::tables::sequence::sequence`].
    fn sequence(&self, request: &SequenceRequest) -> Result<Sequence, TableError>;
    /// The two-heap table of a request, row by row, from the ruleset's fastest path.
    ///
    /// # Errors
    /// See [`crate::tables::grid::grid`].
    fn grid(&self, request: &GridRequest) -> Result<Grid, TableError>;
}

/// A ruleset with its memoized solvers; memo tables persist across requests.
pub struct Engine<R: Ruleset> {
    ruleset: R,
    grundy: Mutex<GrundySolver<R>>,
    misere: Mutex<MisereSolver<R>>,
    remoteness_normal: Mutex<RemotenessSolver<R>>,
    remoteness_misere: Mutex<RemotenessSolver<R>>,
    /// One `n`-player solver per number of players asked about.
    multiplayer: Mutex<HashMap<u32, MultiplayerSolver<R>>>,
    budget: Budget,
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
            remoteness_normal: Mutex::new(RemotenessSolver::with_valuation(
                ruleset.clone(),
                Remoteness { play: Play::Normal },
                budget,
            )),
            remoteness_misere: Mutex::new(RemotenessSolver::with_valuation(
                ruleset.clone(),
                Remoteness { play: Play::Misere },
                budget,
            )),
            multiplayer: Mutex::new(HashMap::new()),
            budget,
            ruleset,
        }
    }

    /// The search position, refused when a number exceeds `budget`: a take-away game has about
    /// that many positions (or options of one position) below such a heap, so the search could
    /// not finish, and listing one position's options could exhaust memory first.
    fn searchable(&self, numbers: &[BigUint], budget: Budget) -> Option<R::Position> {
        let limit = big(budget.0 as u64);
        numbers.iter().all(|n| *n <= limit).then(|| self.ruleset.search_position(numbers)).flatten()
    }

    fn search_position(&self, numbers: &[BigUint]) -> Result<R::Position, EngineError> {
        let budget = self.budget();
        self.searchable(numbers, budget).ok_or_else(|| EngineError::TooLargeForSearch {
            position: format!("{} {}", self.ruleset.name(), crate::bigint::join(numbers, " ")),
            budget: budget.0,
        })
    }

    fn budget(&self) -> Budget {
        self.grundy.lock().unwrap_or_else(|e| e.into_inner()).budget()
    }

    /// The search position, refusing positions whose numbers add up to more than the budget:
    /// in Nim's family such a position can have more options than the budget has states, and
    /// listing them alone could exhaust memory. `O(numbers)`.
    fn bounded_search_position(&self, numbers: &[BigUint]) -> Result<R::Position, EngineError> {
        let budget = self.budget().0;
        let total: BigUint = numbers.iter().sum();
        if total > big(budget as u64) {
            return Err(EngineError::TooLargeForSearch {
                position: format!(
                    "{} {} (its numbers add up to more than the state budget)",
                    self.ruleset.name(),
                    crate::bigint::join(numbers, " ")
                ),
                budget,
            });
        }
        self.search_position(numbers)
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
            let play_name = if play == Play::Misere { "misère " } else { "" };
            let scope = if self.ruleset.theorem(play).is_some() { " at this position" } else { "" };
            EngineError::NoTheory(format!(
                "{} has no closed form for {play_name}play{scope} in nimlab; use --method search",
                self.ruleset.name()
            ))
        })
    }

    fn search_players(&self, numbers: &[BigUint], players: u32) -> Result<MultiAnalysis, EngineError> {
        let valuation = StandardAlliance::new(players, self.ruleset.terminal_convention())?;
        let position = self.search_position(numbers)?;
        let mut solvers = self.multiplayer.lock().unwrap_or_else(|e| e.into_inner());
        let solver = solvers
            .entry(players)
            .or_insert_with(|| MultiplayerSolver::multiplayer(self.ruleset.clone(), valuation, self.budget));
        let value = solver.value(&position)?;
        let mut moves: Vec<MultiMove> = Vec::new();
        for (option, v) in solver.option_values(&position)? {
            let report = self.move_report(numbers, &option);
            if !moves.iter().any(|m| m.to == report.to) {
                let optimal = valuation.through(v) == value;
                moves.push(MultiMove { text: report.text, to: report.to, value: v, optimal });
            }
        }
        let reason = if moves.is_empty() {
            format!(
                "search: no move is left and {}, so the value is {value}",
                valuation.terminal().describe()
            )
        } else {
            let values: BTreeSet<u32> = moves.iter().map(|m| m.value).collect();
            let worth: BTreeSet<u32> = values.iter().map(|&v| valuation.through(v)).collect();
            format!(
                "search: the options have values {}, worth {} to the mover ((g+1) mod {players}); the least is {value}",
                brace_list(&values),
                brace_list(&worth)
            )
        };
        Ok(MultiAnalysis {
            players,
            terminal: valuation.terminal(),
            value,
            measures: self.ruleset.measures(numbers),
            moves,
            moves_complete: true,
            reason,
            basis: Basis::Search { states: solver.states() },
        })
    }

    /// Fills in a Grundy value the theory does not give, by search, when it costs at most
    /// [`AUTO_GRUNDY_BUDGET`] new states (the memo is shared with later requests).
    fn fill_grundy(&self, numbers: &[BigUint], analysis: &mut Analysis) {
        let Some(position) = self.searchable(numbers, Budget(AUTO_GRUNDY_BUDGET)) else { return };
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

    fn theory_p_positions(&self, count: usize, play: Play) -> Option<Vec<Vec<BigUint>>> {
        self.ruleset.theory_p_positions(count, play)
    }

    fn analyze(&self, numbers: &[BigUint], method: Method, play: Play) -> Result<Analysis, EngineError> {
        match method {
            Method::Search => self.search(numbers, play),
            Method::Theory => self.theory(numbers, play),
            Method::Auto => match self.ruleset.theory(numbers, play) {
                None => self.search(numbers, play),
                Some(mut analysis) => {
                    if analysis.grundy.is_none() && play == Play::Normal {
                        self.fill_grundy(numbers, &mut analysis);
                    }
                    Ok(analysis)
                }
            },
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
            players: None,
            uncovered: 0,
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

    fn verify_players(&self, bound: u64, players: u32) -> Result<VerifyReport, EngineError> {
        StandardAlliance::new(players, self.ruleset.terminal_convention())?;
        let mut report = VerifyReport {
            game: self.name(),
            theorem: String::new(),
            play: Play::Normal,
            players: Some(players),
            uncovered: 0,
            bound,
            positions: 0,
            search_states: 0,
            counterexample: None,
        };
        // How many positions each closed form answered, in the order first met.
        let mut applied: Vec<(String, usize)> = Vec::new();
        for numbers in self.ruleset.verification_positions(bound) {
            let Some(theory) = self.ruleset.multiplayer_theory(&numbers, players) else {
                report.uncovered += 1;
                continue;
            };
            let search = self.search_players(&numbers, players)?;
            report.positions += 1;
            if let Basis::Search { states } = search.basis {
                report.search_states = report.search_states.max(states);
            }
            let name = match &theory.basis {
                Basis::Theory(name) => name.clone(),
                Basis::Search { .. } => "search".into(),
            };
            match applied.iter_mut().find(|(n, _)| *n == name) {
                Some((_, count)) => *count += 1,
                None => applied.push((name, 1)),
            }
            if let Some(problem) = multi_disagreement(&theory, &search) {
                report.counterexample = Some(Counterexample { position: numbers, problem });
                break;
            }
        }
        if applied.is_empty() {
            return Err(EngineError::NoTheory(format!(
                "{} has no {players}-player closed form to verify on positions up to {bound}",
                self.name()
            )));
        }
        let applied: Vec<String> = applied.iter().map(|(name, count)| format!("{name} ({count})")).collect();
        report.theorem = applied.join(", ");
        Ok(report)
    }

    fn options(&self, numbers: &[BigUint]) -> Result<Vec<MoveReport>, EngineError> {
        let position = self.bounded_search_position(numbers)?;
        let mut moves = Vec::new();
        for option in self.ruleset.options(&position) {
            push_unique(&mut moves, Some(self.move_report(numbers, &option)));
        }
        Ok(moves)
    }

    fn best_move(&self, numbers: &[BigUint], play: Play) -> Result<Option<BestMove>, EngineError> {
        let position = self.bounded_search_position(numbers)?;
        let solver = match play {
            Play::Normal => &self.remoteness_normal,
            Play::Misere => &self.remoteness_misere,
        };
        let mut solver = solver.lock().unwrap_or_else(|e| e.into_inner());
        let here = solver.value(&position)?;
        let options = solver.option_values(&position)?;
        // From an N-position: a P-option of least remoteness. From a P-position: any option of
        // greatest remoteness. `min_by_key`/`max_by_key` keep the first/last of equals, so the
        // loser's choice scans the options reversed to keep the first listed.
        let chosen = match here.outcome {
            Outcome::N => {
                options.iter().filter(|(_, v)| v.outcome == Outcome::P).min_by_key(|(_, v)| v.remoteness)
            }
            Outcome::P => options.iter().rev().max_by_key(|(_, v)| v.remoteness),
        };
        Ok(chosen.map(|(option, _)| BestMove {
            report: self.move_report(numbers, option),
            outcome: here.outcome,
            remoteness: here.remoteness,
        }))
    }
    fn analyze_players(
        &self,
        numbers: &[BigUint],
        players: u32,
        method: Method,
    ) -> Result<MultiAnalysis, EngineError> {
        StandardAlliance::new(players, self.ruleset.terminal_convention())?;
        let theory = || self.ruleset.multiplayer_theory(numbers, players);
        match method {
            Method::Search => self.search_players(numbers, players),
            Method::Theory => theory().ok_or_else(|| {
                EngineError::NoTheory(format!(
                    "{} has no closed form for {players} players at this position in nimlab; use --method search",
                    self.ruleset.name()
                ))
            }),
            Method::Auto => theory().map_or_else(|| self.search_players(numbers, players), Ok),
        }
    }

    fn sequence(&self, request: &SequenceRequest) -> Result<Sequence, TableError> {
        crate::tables::sequence::sequence(&self.ruleset, request)
    }

    fn grid(&self, request: &GridRequest) -> Result<Grid, TableError> {
        crate::tables::grid::grid(&self.ruleset, request)
    }
}

/// What an `n`-player theory answer and a search answer disagree on, if anything: the value,
/// the value of an option the theory lists, or (when the theory lists every option) the set of
/// options.
pub fn multi_disagreement(theory: &MultiAnalysis, search: &MultiAnalysis) -> Option<String> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bigint::to_bigs;
    use crate::rulesets::{build, GameSpec};
    use num_traits::ToPrimitive;

    fn game(name: &str, max: Option<u64>) -> Box<dyn AnyGame> {
        build(&GameSpec { max, ..GameSpec::named(name) }, Budget::default()).unwrap()
    }

    /// Take 1 or 2 from one heap, with a closed form that lies at the heap of 7 (it is an
    /// N-position) and an `n`-player "theory" that calls every position value 0: `verify` must
    /// catch both.
    #[derive(Clone)]
    struct LyingBash;

    impl Game for LyingBash {
        type Position = u64;
        fn options(&self, n: &u64) -> Vec<u64> {
            (1..=2).filter(|t| t <= n).map(|t| n - t).collect()
        }
    }

    impl Ruleset for LyingBash {
        fn name(&self) -> String {
            "lying bash".into()
        }
        fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
            Ok(numbers.to_vec())
        }
        fn search_position(&self, numbers: &[BigUint]) -> Option<u64> {
            numbers.first()?.to_u64()
        }
        fn numbers(&self, n: &u64) -> Vec<BigUint> {
            vec![BigUint::from(*n)]
        }
        fn theorem(&self, play: Play) -> Option<String> {
            (play == Play::Normal).then(|| "P iff 3 | n, and 7".into())
        }
        fn theory(&self, numbers: &[BigUint], _play: Play) -> Option<Analysis> {
            let n = numbers[0].to_u64()?;
            let p = n % 3 == 0 || n == 7;
            Some(Analysis {
                outcome: if p { Outcome::P } else { Outcome::N },
                grundy: Some(BigUint::from(if p { 0 } else { n % 3 })),
                winning_moves: if p { vec![] } else { vec![self.move_report_to(n, n - n % 3)] },
                moves_complete: true,
                reason: String::new(),
                basis: Basis::Theory("P iff 3 | n, and 7".into()),
            })
        }
        fn multiplayer_theory(&self, numbers: &[BigUint], players: u32) -> Option<MultiAnalysis> {
            Some(MultiAnalysis {
                players,
                terminal: Terminal::LastMoverWins,
                value: 0,
                measures: vec![],
                moves: vec![],
                moves_complete: false,
                reason: format!("{numbers:?} has value 0"),
                basis: Basis::Theory("the all-zero guess".into()),
            })
        }
        fn verification_positions(&self, bound: u64) -> Vec<Vec<BigUint>> {
            (0..=bound).map(|n| vec![BigUint::from(n)]).collect()
        }
    }

    impl LyingBash {
        fn move_report_to(&self, from: u64, to: u64) -> MoveReport {
            let (from, to) = (vec![BigUint::from(from)], vec![BigUint::from(to)]);
            MoveReport { text: self.describe_move(&from, &to), to }
        }
    }

    /// The first `count` P-positions of `heaps` non-decreasing heaps by search, in order of the
    /// largest heap (each heap at most `bound`).
    fn searched_p_positions(game: &dyn AnyGame, heaps: usize, bound: u64, play: Play) -> Vec<Vec<BigUint>> {
        let mut positions: Vec<Vec<u64>> = crate::verify::heap_box(heaps, bound)
            .iter()
            .map(|p| p.iter().map(|n| n.to_u64().unwrap()).collect())
            .filter(|p: &Vec<u64>| p.windows(2).all(|w| w[0] <= w[1]))
            .collect();
        positions.sort_by_key(|p| (p.iter().max().copied(), p.clone()));
        positions
            .into_iter()
            .map(|p| to_bigs(&p))
            .filter(|p| game.analyze(p, Method::Search, play).unwrap().outcome == Outcome::P)
            .collect()
    }

    #[test]
    fn theory_p_positions_are_the_searched_ones_in_order() {
        for play in [Play::Normal, Play::Misere] {
            let wythoff = game("wythoff", None);
            let searched = searched_p_positions(wythoff.as_ref(), 2, 200, play);
            assert!(searched.len() > 70, "{}", searched.len());
            // Every P-position with both heaps <= 200 comes before any with a heap above 200
            // except those whose partner exceeds 200: compare the prefix of pairs inside the box.
            let listed = wythoff.theory_p_positions(searched.len(), play).unwrap();
            let inside: Vec<_> = listed.into_iter().filter(|p| p.iter().all(|n| *n <= big(200))).collect();
            assert_eq!(inside, searched, "{play:?}");
            for max in 1..=5 {
                let bash = game("bash", Some(max));
                let searched = searched_p_positions(bash.as_ref(), 1, 60, play);
                assert_eq!(
                    bash.theory_p_positions(searched.len(), play).unwrap(),
                    searched,
                    "{max} {play:?}"
                );
            }
            let nim = game("nim", None);
            let searched = searched_p_positions(nim.as_ref(), 1, 60, play);
            assert_eq!(nim.theory_p_positions(10, play).unwrap(), searched, "{play:?}");
        }
    }

    #[test]
    fn verify_finds_the_first_position_where_theory_lies() {
        let lying = Engine::new(LyingBash, Budget::default());
        let report = lying.verify(20, Play::Normal).unwrap();
        let counterexample = report.counterexample.expect("the lie at 7 is caught");
        assert_eq!(counterexample.position, to_bigs(&[7]));
        assert_eq!(counterexample.problem, "theory says P, search says N");
        assert_eq!(report.positions, 8);
    }

    #[test]
    fn verify_players_finds_a_wrong_n_player_value() {
        let lying = Engine::new(LyingBash, Budget::default());
        let report = lying.verify_players(20, 3).unwrap();
        assert_eq!(report.players, Some(3));
        let counterexample = report.counterexample.expect("value 0 everywhere is wrong");
        // The end of the game: the last mover won, so P_{-1} = P_2 wins the empty heap (value 2).
        assert_eq!(counterexample.position, to_bigs(&[0]));
        assert!(
            counterexample.problem.starts_with("theory gives value 0, search gives 2"),
            "{counterexample:?}"
        );
        assert!(matches!(lying.verify_players(20, 1), Err(EngineError::InvalidSpec(_))));
    }

    #[test]
    fn best_move_wins_by_theory_move_and_stalls_when_losing() {
        let nim = game("nim", None);
        let best = nim.best_move(&to_bigs(&[3, 4, 5]), Play::Normal).unwrap().unwrap();
        assert_eq!(best.outcome, Outcome::N);
        assert_eq!(best.report.to, to_bigs(&[1, 4, 5]));
        // From the P-position (2, 2) the slowest loss takes one stone.
        let best = nim.best_move(&to_bigs(&[2, 2]), Play::Normal).unwrap().unwrap();
        assert_eq!((best.outcome, best.remoteness), (Outcome::P, 4));
        assert_eq!(best.report.to, to_bigs(&[1, 2]));
        assert_eq!(nim.best_move(&to_bigs(&[0, 0]), Play::Normal).unwrap(), None);
    }

    #[test]
    fn best_move_is_always_a_winning_move_when_one_exists() {
        for (name, max) in [("nim", None), ("bash", Some(3))] {
            let g = game(name, max);
            let positions: Vec<Vec<u64>> = if name == "nim" {
                (0..8).flat_map(|a| (0..8).map(move |b| vec![a, b, 3])).collect()
            } else {
                (0..40).map(|n| vec![n]).collect()
            };
            for p in positions {
                let numbers = to_bigs(&p);
                for play in [Play::Normal, Play::Misere] {
                    let analysis = g.analyze(&numbers, Method::Search, play).unwrap();
                    let best = g.best_move(&numbers, play).unwrap();
                    let Some(best) = best else {
                        assert!(g.options(&numbers).unwrap().is_empty());
                        continue;
                    };
                    assert_eq!(best.outcome, analysis.outcome, "{name} {p:?} {play:?}");
                    if analysis.outcome == Outcome::N {
                        assert!(analysis.winning_moves.iter().any(|m| m.to == best.report.to), "{p:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn options_list_every_move_once() {
        let bash = game("bash", Some(3));
        let moves = bash.options(&to_bigs(&[5])).unwrap();
        let tos: Vec<Vec<BigUint>> = moves.iter().map(|m| m.to.clone()).collect();
        assert_eq!(tos, [to_bigs(&[4]), to_bigs(&[3]), to_bigs(&[2])]);
        assert_eq!(moves[0].text, "take 1 from the heap");
    }

    #[test]
    fn huge_positions_are_refused_before_listing_moves() {
        let nim = game("nim", None);
        let err = nim.options(&to_bigs(&[1 << 40, 3])).unwrap_err();
        assert!(matches!(err, EngineError::TooLargeForSearch { .. }), "{err}");
        let err = nim.best_move(&to_bigs(&[1 << 40]), Play::Normal).unwrap_err();
        assert!(matches!(err, EngineError::TooLargeForSearch { .. }), "{err}");
    }
}
