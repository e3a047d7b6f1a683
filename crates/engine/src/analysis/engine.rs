//! [`Engine`]: a ruleset wrapped with its memoized solvers, and [`AnyGame`], the object-safe
//! face every caller uses (the command line, the web API, Python, sums).
//!
//! Every question is answered under the caller's [`Budget`]; the one search-cost policy lives
//! here ([`Engine::search_position`] refuses a search whose least cost exceeds the budget, and
//! [`Engine::fill_grundy`] runs a by-product search only when it fits its share of the budget).

use crate::lang::Words;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::ops::ControlFlow;
use std::sync::{Mutex, MutexGuard};

use num_bigint::BigUint;

use super::answer::{Analysis, Basis, BestMove, GrundyValue, MoveReport, MultiAnalysis, MultiMove};
use super::checked::CheckedPosition;
use super::compare::{disagreement, multi_disagreement, Counterexample, VerifyReport};
use super::plan::Strategy;
use super::ruleset::{Listed, Ruleset};
use crate::bigint::big;
use crate::budget::{Budget, Exhausted, UNITS_PER_POSITION};
use crate::error::{EngineError, Stopped, Task, TheoryQuestion};
use crate::game::Method;
use crate::game::{Outcome, Play};
use crate::graphs::layout::GraphView;
use crate::lang::{say, Lang};
use crate::loopy::{explore, Digraph};
use crate::solve::{
    collect_at_most, GrundySolver, MisereSolver, MultiplayerSolver, Remoteness, RemotenessSolver,
    StandardAlliance, TripleTable,
};
use crate::spec::GameId;
use crate::tables::{Grid, GridRequest, Sequence, SequenceRequest, TableError};

/// A question about one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Query {
    /// Theory, search, or theory where it exists.
    pub method: Method,
    /// Normal or misère play.
    pub play: Play,
    /// The most winning moves to list (the count of all of them is given when known).
    pub max_moves: usize,
    /// The language of the reason and the move texts.
    pub lang: Lang,
    /// Only the outcome is wanted (a listing of P-positions): no by-product search for a Grundy
    /// value the theory does not give ([`Engine::fill_grundy`]).
    pub outcome_only: bool,
}

impl Default for Query {
    /// The automatic method, normal play, every winning move.
    fn default() -> Self {
        Query {
            method: Method::Auto,
            play: Play::Normal,
            max_moves: usize::MAX,
            lang: Lang::En,
            outcome_only: false,
        }
    }
}

impl Query {
    /// The default query under `play`.
    pub fn play(play: Play) -> Self {
        Query { play, ..Query::default() }
    }

    /// The default query with `method` and `play`.
    pub fn new(method: Method, play: Play) -> Self {
        Query { method, play, ..Query::default() }
    }
}

/// Reports progress of a long computation: `(done, total)`.
pub type Progress<'a> = &'a (dyn Fn(u64, u64) + Sync);

/// A progress report that goes nowhere.
pub fn no_progress(_done: u64, _total: u64) {}

/// The least work a by-product search (a Grundy value the theory does not give) may spend.
const BYPRODUCT_WORK: u64 = 20_000_000;

/// The share of the budget a by-product search may spend, when more than [`BYPRODUCT_WORK`]: a
/// caller who raises the budget raises it too (Cram's 3 x 18 is a first-player win by the
/// theory, and its value 1 takes 1.25·10^8 units), while the default budget's answer stays
/// quick.
const BYPRODUCT_SHARE: u64 = 8;

/// Units charged per option of an answered position, beside its generation: each option is
/// canonicalized and looked up, and may become a move with a text, which costs about as much as
/// a few option visits of the search itself (measured on `verify nim` and `verify large-nim --players 3`: 8 to 16 times, mostly allocation).
const UNITS_PER_REPORTED_OPTION: u64 = 16;

/// The options of a checked position of `numbers` numbers, generated and charged for a report
/// (see [`UNITS_PER_REPORTED_OPTION`]); no more than the budget's memory holds as listed moves
/// ([`Budget::listable_moves`]: a long position's options are each as long).
fn reported_options<R: Ruleset>(
    ruleset: &R,
    position: &R::Position,
    numbers: usize,
    budget: &Budget,
) -> Result<Vec<R::Position>, Exhausted> {
    // The listable moves, or the memory the options hold, stops the listing, and says which.
    let listable = budget.listable_moves(numbers) as u64;
    let options =
        collect_at_most(ruleset, position, budget, listable, Exhausted::Work { limit: budget.limit() })?;
    budget.charge((options.len() as u64).saturating_mul(UNITS_PER_REPORTED_OPTION))?;
    Ok(options)
}

/// The object-safe face of a ruleset with its solvers.
pub trait AnyGame: Send + Sync {
    /// The game: its ruleset and parameters.
    fn spec(&self) -> &GameId;
    /// The game's name with its parameters, e.g. `bash --max 3`.
    fn name(&self) -> String {
        self.spec().to_string()
    }
    /// A caller's numbers checked by the rules (see [`Ruleset::check_position`]): the only way
    /// to a [`CheckedPosition`], which every answer about a position takes.
    ///
    /// # Errors
    /// [`EngineError::InvalidPosition`].
    fn check_position(&self, numbers: &[BigUint]) -> Result<CheckedPosition, EngineError>;
    /// The closed form used under `play`, if any.
    fn theorem(&self, play: Play, lang: Lang) -> Option<String>;
    /// The first `count` P-positions by closed form, if the ruleset can list them (see
    /// [`Ruleset::theory_p_positions`]).
    fn theory_p_positions(&self, count: usize, play: Play, budget: &Budget) -> Option<Listed>;
    /// Who wins, the Grundy value and the winning moves of a checked position.
    ///
    /// # Errors
    /// [`EngineError::NoTheory`] for `Method::Theory` without a closed form;
    /// [`EngineError::TooLargeForSearch`] or [`EngineError::Exhausted`] when a search is
    /// needed and fails.
    fn analyze(
        &self,
        numbers: &CheckedPosition,
        query: &Query,
        budget: &Budget,
    ) -> Result<Analysis, EngineError>;
    /// Every move to an option of Grundy value `target` (normal play); `target` may be larger
    /// than the position's own value.
    ///
    /// # Errors
    /// As for [`AnyGame::analyze`].
    fn moves_to_value(
        &self,
        numbers: &CheckedPosition,
        target: &BigUint,
        method: Method,
        budget: &Budget,
        lang: Lang,
    ) -> Result<Vec<MoveReport>, EngineError>;
    /// Compares theory with search on every verification position up to `bound`.
    ///
    /// # Errors
    /// [`EngineError::NoTheory`] when there is no closed form under `play`; search errors.
    fn verify(
        &self,
        bound: u64,
        play: Play,
        budget: &Budget,
        progress: Progress<'_>,
    ) -> Result<VerifyReport, EngineError>;
    /// Compares the `n`-player closed forms with the `n`-player search on every verification
    /// position up to `bound` where a closed form applies: the value and every option's value.
    /// The report's theorem names the results that applied, with how many positions each.
    ///
    /// # Errors
    /// [`EngineError::NoTheory`] when no position in range has an `n`-player closed form;
    /// [`EngineError::InvalidRequest`] for fewer than 2 players; search errors.
    fn verify_players(
        &self,
        bound: u64,
        players: u32,
        budget: &Budget,
        progress: Progress<'_>,
    ) -> Result<VerifyReport, EngineError>;
    /// Every legal move from a checked position, without duplicate results, in the ruleset's
    /// order.
    ///
    /// # Errors
    /// [`EngineError::TooLargeForSearch`] when the position does not fit the search;
    /// [`EngineError::Exhausted`] when listing them exceeds the budget.
    fn options(
        &self,
        numbers: &CheckedPosition,
        budget: &Budget,
        lang: Lang,
    ) -> Result<Vec<MoveReport>, EngineError>;
    /// True when a checked position has at least one move: generates one option, not all.
    ///
    /// # Errors
    /// [`EngineError::TooLargeForSearch`] when the position's numbers are beyond the rules'
    /// representation.
    fn has_moves(&self, numbers: &CheckedPosition) -> Result<bool, EngineError>;
    /// A checked position's numbers as [`AnyGame::position_graph`] names its vertex: the
    /// representative of the positions the rules treat as one (e.g. the piles sorted), so that a
    /// vertex of the graph can be matched with a move listed by [`AnyGame::options`], whose
    /// target keeps the position's own numbering.
    ///
    /// # Errors
    /// As for [`AnyGame::has_moves`].
    fn canonical_numbers(&self, numbers: &CheckedPosition) -> Result<Vec<BigUint>, EngineError>;
    /// The move that wins fastest from an N-position or loses slowest from a P-position
    /// (Smith's remoteness, by search); `None` when the game is over. Ties go to the move the
    /// ruleset lists first.
    ///
    /// # Errors
    /// As for [`AnyGame::options`].
    fn best_move(
        &self,
        numbers: &CheckedPosition,
        play: Play,
        budget: &Budget,
        lang: Lang,
    ) -> Result<Option<BestMove>, EngineError>;
    /// The game value of a checked position for `players` players under the standard alliance
    /// matrix, every option's value and the optimal moves.
    ///
    /// # Errors
    /// [`EngineError::InvalidRequest`] for fewer than 2 players; [`EngineError::NoTheory`] for
    /// `Method::Theory` without a closed form; search errors.
    fn analyze_players(
        &self,
        numbers: &CheckedPosition,
        players: u32,
        method: Method,
        budget: &Budget,
        lang: Lang,
    ) -> Result<MultiAnalysis, EngineError>;
    /// The one-heap table `0..=upto` of a request, streamed from the ruleset's fastest path
    /// (or the path [`SequenceRequest::method`] asks for), charged to `budget` as it is produced.
    ///
    /// # Errors
    /// See [`super::tables::sequence`].
    fn sequence(&self, request: &SequenceRequest, budget: &Budget) -> Result<Sequence, TableError>;
    /// The two-heap table of a request, row by row, from the ruleset's fastest path (or the path
    /// [`GridRequest::method`] asks for), charged to `budget` as it is produced.
    ///
    /// # Errors
    /// See [`super::tables::grid`].
    fn grid(&self, request: &GridRequest, budget: &Budget) -> Result<Grid, TableError>;

    /// See [`Ruleset::triple_table`].
    fn triple_table(&self, bound: u64, budget: &Budget) -> Result<Option<TripleTable>, Exhausted>;

    /// See [`Ruleset::winning_plan`].
    ///
    /// # Errors
    /// See [`Ruleset::winning_plan`].
    fn winning_plan(
        &self,
        start: &CheckedPosition,
        line_limit: usize,
        budget: &Budget,
    ) -> Result<Option<Strategy>, EngineError>;

    /// Why the game's positions are not heaps (a graph's deleted vertices or cut edges), so that
    /// tables and listings of heaps do not apply to it; `None` for a game on heaps.
    fn not_heaps(&self) -> Option<Words> {
        None
    }

    /// A checked position of a game on a graph as its picture shows it (see
    /// [`Ruleset::graph_view`]); `None` for a game not on a graph.
    fn graph_view(&self, _numbers: &CheckedPosition) -> Option<GraphView<'_>> {
        None
    }

    /// See [`Ruleset::named_number`]: the number a word of a typed position names (a cell's or
    /// a vertex's name), for the reader of positions; `None` by default.
    fn named_number(&self, _word: &str) -> Option<BigUint> {
        None
    }

    /// See [`Ruleset::symmetric_options`]; the default is each option itself.
    fn symmetric_options(
        &self,
        _numbers: &CheckedPosition,
        options: &[CheckedPosition],
    ) -> Vec<CheckedPosition> {
        options.to_vec()
    }

    /// See [`Ruleset::rectangle`]; `None` by default.
    fn rectangle(&self, _rows: u64, _cols: u64) -> Option<Vec<BigUint>> {
        None
    }

    /// The graph of every position reachable by the rules from the checked positions `roots`,
    /// with each vertex's numbers and the roots' vertices: what the loopy
    /// engine (`crate::loopy`) answers for a game whose positions may repeat
    /// ([`super::LoopyPositions::Reachable`]). Time and memory linear in the positions and moves
    /// reached, charged to `budget`.
    ///
    /// # Errors
    /// [`EngineError::TooLargeForSearch`] for numbers beyond the rules' representation;
    /// [`EngineError::Exhausted`] when the budget stops it.
    fn position_graph(
        &self,
        roots: &[CheckedPosition],
        budget: &Budget,
    ) -> Result<PositionGraph, EngineError>;

    /// The positions `verify` checks up to `bound` (see [`Ruleset::verification_positions`]);
    /// a loopy game's table starts from them.
    fn verification_positions(&self, bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_>;
}

/// The positions reachable from some roots, as a graph ([`AnyGame::position_graph`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionGraph {
    /// The moves between them.
    pub graph: Digraph,
    /// Each vertex's position, as numbers (canonical form).
    pub numbers: Vec<Vec<BigUint>>,
    /// The vertex of each root, in the order given.
    pub roots: Vec<u32>,
}

/// A ruleset with its memoized solvers; memo tables persist across questions.
pub struct Engine<R: Ruleset> {
    spec: GameId,
    ruleset: R,
    grundy: Mutex<GrundySolver<R>>,
    misere: Mutex<MisereSolver<R>>,
    remoteness_normal: Mutex<RemotenessSolver<R>>,
    remoteness_misere: Mutex<RemotenessSolver<R>>,
    /// One `n`-player solver per number of players asked about.
    multiplayer: Mutex<HashMap<u32, MultiplayerSolver<R>>>,
}

/// Locks a solver; a panic in another request cannot poison the memo for good.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// The first numbers of a position, for messages: `3 4 5`, or `1 2 3 4 5 6 7 8 ... (30000 numbers)`.
pub(crate) fn short_position(numbers: &[BigUint]) -> String {
    const SHOWN: usize = 8;
    let shown: Vec<String> = numbers.iter().take(SHOWN).map(short_number).collect();
    if numbers.len() > SHOWN {
        format!("{} ... ({} numbers)", shown.join(" "), numbers.len())
    } else {
        shown.join(" ")
    }
}

/// A number for messages: in full up to 40 digits, else its first digits and length.
fn short_number(n: &BigUint) -> String {
    let text = n.to_string();
    if text.len() > 40 {
        format!("{}...({} digits)", &text[..12], text.len())
    } else {
        text
    }
}

impl<R: Ruleset> Engine<R> {
    /// The game `spec` (a registered ruleset's spec or a caller's game), played by `ruleset`,
    /// with its solvers.
    pub fn new(spec: impl Into<GameId>, ruleset: R) -> Self {
        Engine {
            spec: spec.into(),
            grundy: Mutex::new(GrundySolver::new(ruleset.clone())),
            misere: Mutex::new(MisereSolver::misere(ruleset.clone())),
            remoteness_normal: Mutex::new(RemotenessSolver::with_valuation(
                ruleset.clone(),
                Remoteness { play: Play::Normal },
            )),
            remoteness_misere: Mutex::new(RemotenessSolver::with_valuation(
                ruleset.clone(),
                Remoteness { play: Play::Misere },
            )),
            multiplayer: Mutex::new(HashMap::new()),
            ruleset,
        }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &R {
        &self.ruleset
    }

    /// The search of `numbers`, for a stop.
    fn search_task(&self, numbers: &[BigUint]) -> Task {
        Task::Search { game: self.spec.to_string(), position: short_position(numbers) }
    }

    /// The search position of checked numbers. The search-cost policy, in one place: numbers
    /// must fit the search's positions, and a search whose least cost exceeds what is left of
    /// the budget is refused before it starts.
    fn search_position(&self, numbers: &[BigUint], budget: &Budget) -> Result<R::Position, EngineError> {
        let position = self.ruleset.search_position(numbers).ok_or_else(|| {
            EngineError::TooLargeForSearch { position: format!("{} {}", self.spec, short_position(numbers)) }
        })?;
        if self.ruleset.search_cost(numbers).at_least > big(budget.remaining()) {
            return Err(EngineError::Exhausted {
                task: Box::new(self.search_task(numbers)),
                cause: Exhausted::Work { limit: budget.limit() },
            });
        }
        Ok(position)
    }

    fn move_report(&self, from: &[BigUint], to: &R::Position, lang: Lang) -> MoveReport {
        let to = self.ruleset.numbers(to);
        MoveReport {
            text: self.ruleset.describe_move(from, &to, lang),
            to: crate::analysis::CheckedPosition::new(to),
        }
    }

    fn search(&self, numbers: &[BigUint], query: &Query, budget: &Budget) -> Result<Analysis, EngineError> {
        let position = self.search_position(numbers, budget)?;
        let task = || self.search_task(numbers);
        let options = reported_options(&self.ruleset, &position, numbers.len(), budget).during(task)?;
        let mut analysis = match query.play {
            Play::Normal => {
                // The ruleset's own search where it has one (the automatic method only).
                let root = (query.method == Method::Auto)
                    .then(|| self.ruleset.own_value(&position, budget))
                    .flatten();
                let own = root.is_some();
                let mut solver = lock(&self.grundy);
                let mut states = 0;
                let mut value_of = |p: &R::Position, root: Option<Result<(u32, usize), Exhausted>>| match root
                    .or_else(|| own.then(|| self.ruleset.own_value(p, budget)).flatten())
                {
                    Some(answer) => answer.map(|(v, s)| {
                        states = s;
                        v
                    }),
                    None => solver.value(p, budget),
                };
                let value = value_of(&position, root).during(task)?;
                let mut winning = Vec::new();
                let mut values = BTreeSet::new();
                // With the ruleset's own search, an option is asked only whether its value is at
                // most the position's: that shows the mex and finds every winning move.
                let mut larger = false;
                for option in distinct(&options) {
                    let v = match own.then(|| self.ruleset.own_value_at_most(option, value, budget)).flatten()
                    {
                        Some(answer) => answer.during(task)?.0,
                        None => Some(value_of(option, None).during(task)?),
                    };
                    match v {
                        Some(v) => {
                            values.insert(v);
                        }
                        None => larger = true,
                    }
                    if v == Some(0) {
                        winning.push(self.move_report(numbers, option, query.lang));
                    }
                }
                let values = brace_list(&values);
                Analysis {
                    outcome: if value == 0 { Outcome::P } else { Outcome::N },
                    grundy: GrundyValue::Value(big(u64::from(value))),
                    winning_moves: winning,
                    winning_move_count: None,
                    moves_complete: true,
                    reason: if larger {
                        say!(
                            query.lang,
                            "search by components (a position's value is the nim-sum of its parts' values): the options' Grundy values up to {value} are {values} (the others' are larger), so the value is their mex, {value}",
                            "按连通分支搜索（局面的 SG 值是各分支 SG 值的 Nim 和）：各后继局面中 SG 值不超过 {value} 的为 {values}（其余的更大），所以本局面的 SG 值是它们的 mex，即 {value}"
                        )
                    } else if own {
                        say!(
                            query.lang,
                            "search by components (a position's value is the nim-sum of its parts' values): the options have Grundy values {values}, so the value is their mex, {value}",
                            "按连通分支搜索（局面的 SG 值是各分支 SG 值的 Nim 和）：各后继局面的 SG 值为 {values}，所以本局面的 SG 值是它们的 mex，即 {value}"
                        )
                    } else {
                        say!(
                            query.lang,
                            "search: the options have Grundy values {values}, so the value is their mex, {value}",
                            "搜索：各后继局面的 SG 值为 {values}，所以本局面的 SG 值是它们的 mex，即 {value}"
                        )
                    },
                    basis: Basis::Search { states: if own { states } else { solver.states() } },
                }
            }
            Play::Misere => {
                // The ruleset's own search where it has one (the automatic method only).
                let root = (query.method == Method::Auto)
                    .then(|| self.ruleset.own_misere(&position, budget))
                    .flatten();
                let own = root.is_some();
                let mut solver = lock(&self.misere);
                let mut states = 0;
                let mut outcome_of =
                    |p: &R::Position, root: Option<Result<(Outcome, usize), Exhausted>>| match root
                        .or_else(|| own.then(|| self.ruleset.own_misere(p, budget)).flatten())
                    {
                        Some(answer) => answer.map(|(o, s)| {
                            states = s;
                            o
                        }),
                        None => solver.value(p, budget),
                    };
                let outcome = outcome_of(&position, root).during(task)?;
                let mut winning = Vec::new();
                for option in distinct(&options) {
                    if outcome_of(option, None).during(task)? == Outcome::P {
                        winning.push(self.move_report(numbers, option, query.lang));
                    }
                }
                let reason = if options.is_empty() {
                    query
                        .lang
                        .pick(
                            "search (misère): no move is left, so the previous player made the last move and lost",
                            "搜索（反常规则）：已无路可走，后手走了最后一步，所以后手输了",
                        )
                        .to_string()
                } else if outcome == Outcome::N {
                    say!(
                        query.lang,
                        "search (misère): {} of the {} options are P-positions",
                        "搜索（反常规则）：{1} 个后继局面中有 {0} 个是必败态（P），先手必胜",
                        winning.len(),
                        options.len()
                    )
                } else {
                    say!(
                        query.lang,
                        "search (misère): all {} options are N-positions",
                        "搜索（反常规则）：全部 {} 个后继局面都是必胜态（N），先手必败",
                        options.len()
                    )
                };
                Analysis {
                    outcome,
                    grundy: GrundyValue::Undefined,
                    winning_moves: winning,
                    winning_move_count: None,
                    moves_complete: true,
                    reason,
                    basis: Basis::Search { states: if own { states } else { solver.states() } },
                }
            }
        };
        analysis.limit_moves(query.max_moves);
        Ok(analysis)
    }

    fn theory(&self, numbers: &[BigUint], query: &Query) -> Result<Analysis, EngineError> {
        let mut analysis =
            self.ruleset.theory(numbers, query.play, query.max_moves, query.lang).ok_or_else(|| {
                let at_position = self.ruleset.theorem(query.play, query.lang).is_some();
                let question = TheoryQuestion::Play { misere: query.play == Play::Misere, at_position };
                EngineError::NoTheory { game: self.spec.to_string(), question }
            })?;
        analysis.limit_moves(query.max_moves);
        Ok(analysis)
    }

    /// The `n`-player answer by search, with the reason and the moves' texts in `texts`; `None`
    /// leaves the moves' texts empty and writes the reason in English (for `verify`, which
    /// compares positions and values only).
    fn search_players(
        &self,
        numbers: &[BigUint],
        players: u32,
        budget: &Budget,
        texts: Option<Lang>,
    ) -> Result<MultiAnalysis, EngineError> {
        let valuation = StandardAlliance::new(players, self.ruleset.terminal_convention())?;
        let position = self.search_position(numbers, budget)?;
        let task = || Task::PlayersSearch {
            players,
            game: self.spec.to_string(),
            position: short_position(numbers),
        };
        let options = reported_options(&self.ruleset, &position, numbers.len(), budget).during(task)?;
        let mut solvers = lock(&self.multiplayer);
        let solver = solvers
            .entry(players)
            .or_insert_with(|| MultiplayerSolver::multiplayer(self.ruleset.clone(), valuation));
        let value = solver.value(&position, budget).during(task)?;
        let mut moves: Vec<MultiMove> = Vec::new();
        for option in distinct(&options) {
            let v = solver.value(option, budget).during(task)?;
            let to = self.ruleset.numbers(option);
            let text = texts.map_or_else(String::new, |lang| self.ruleset.describe_move(numbers, &to, lang));
            let optimal = valuation.through(v) == value;
            moves.push(MultiMove { text, to: crate::analysis::CheckedPosition::new(to), value: v, optimal });
        }
        let lang = texts.unwrap_or_default();
        let reason = if moves.is_empty() {
            say!(
                lang,
                "search: no move is left and {}, so the value is {value}",
                "搜索：已无路可走，且{}，所以博弈值 g = {value}",
                valuation.terminal().describe(lang)
            )
        } else {
            let values: BTreeSet<u32> = moves.iter().map(|m| m.value).collect();
            let worth: BTreeSet<u32> = values.iter().map(|&v| valuation.through(v)).collect();
            say!(
                lang,
                "search: the options have values {}, worth {} to the mover ((g+1) mod {players}); the least is {value}",
                "搜索：各后继局面的博弈值为 {}，对走子方相当于 {}（(g+1) mod {players}）；其中最小的是 {value}",
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

    /// Fills in a Grundy value the theory does not give, by a search that must fit a sub-budget
    /// (an eighth of the budget, at least [`BYPRODUCT_WORK`] units): it is skipped when the
    /// ruleset's cost bound says it would not, and the value stays unknown when the search runs
    /// out. The sentence it appends to the reason is in `lang`.
    fn fill_grundy(&self, numbers: &[BigUint], analysis: &mut Analysis, budget: &Budget, lang: Lang) {
        let sub = budget.sub_budget(byproduct_work(budget.limit()));
        let cost = self.ruleset.search_cost(numbers);
        let limit = big(sub.limit());
        if cost.at_least > limit || cost.at_most.is_some_and(|c| c > limit) {
            analysis.grundy = GrundyValue::Unknown;
            analysis.reason.push_str(lang.pick(
                "; the Grundy value is unknown (a search would not fit the budget)",
                "；SG 值未知（搜索超出预算）",
            ));
            return;
        }
        let Some(position) = self.ruleset.search_position(numbers) else {
            analysis.grundy = GrundyValue::Unknown;
            return;
        };
        let value = match self.ruleset.own_value(&position, &sub) {
            Some(answer) => answer.map(|(v, _)| v),
            None => lock(&self.grundy).value(&position, &sub),
        };
        match value {
            Ok(value) => {
                analysis.grundy = GrundyValue::Value(big(u64::from(value)));
                analysis.reason.push_str(&say!(
                    lang,
                    "; Grundy value {value} by search",
                    "；搜索得 SG 值为 {value}"
                ));
            }
            Err(_) => {
                let share = sub.limit();
                analysis.grundy = GrundyValue::Unknown;
                analysis.reason.push_str(&say!(
                    lang,
                    "; the Grundy value is unknown (its search ran out of its share of the budget, {share} units: an eighth of the budget, at least {BYPRODUCT_WORK} where that much is left; a larger budget raises it)",
                    "；SG 值未知（其搜索用完了分给它的预算 {share} 单位：总预算的八分之一，剩余足够时至少 {BYPRODUCT_WORK}；加大预算即可提高）"
                ));
            }
        }
    }
}

/// The work a by-product search may spend under a budget of `limit` units (before what is left
/// of it bounds the share).
fn byproduct_work(limit: u64) -> u64 {
    BYPRODUCT_WORK.max(limit / BYPRODUCT_SHARE)
}

/// The options without repeats (a ruleset may list the same option twice), in order.
fn distinct<P: Eq + std::hash::Hash>(options: &[P]) -> impl Iterator<Item = &P> {
    let mut seen = HashSet::with_capacity(options.len());
    options.iter().filter(move |o| seen.insert(*o))
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
    fn spec(&self) -> &GameId {
        &self.spec
    }

    fn check_position(&self, numbers: &[BigUint]) -> Result<CheckedPosition, EngineError> {
        self.ruleset.check_position(numbers).map(CheckedPosition::new)
    }

    fn theorem(&self, play: Play, lang: Lang) -> Option<String> {
        self.ruleset.theorem(play, lang)
    }

    fn theory_p_positions(&self, count: usize, play: Play, budget: &Budget) -> Option<Listed> {
        self.ruleset.theory_p_positions(count, play, budget)
    }

    fn analyze(
        &self,
        numbers: &CheckedPosition,
        query: &Query,
        budget: &Budget,
    ) -> Result<Analysis, EngineError> {
        let query = &Query { max_moves: query.max_moves.min(budget.listable_moves(numbers.len())), ..*query };
        if query.method != Method::Search {
            self.ruleset.extend_theory(numbers, query.play, budget)?;
        }
        match query.method {
            Method::Search => self.search(numbers, query, budget),
            Method::Theory => self.theory(numbers, query),
            Method::Auto => match self.ruleset.theory(numbers, query.play, query.max_moves, query.lang) {
                None => self.search(numbers, query, budget),
                Some(mut analysis) => {
                    if analysis.grundy == GrundyValue::Unknown
                        && query.play == Play::Normal
                        && !query.outcome_only
                    {
                        self.fill_grundy(numbers, &mut analysis, budget, query.lang);
                    }
                    analysis.limit_moves(query.max_moves);
                    Ok(analysis)
                }
            },
        }
    }

    fn moves_to_value(
        &self,
        numbers: &CheckedPosition,
        target: &BigUint,
        method: Method,
        budget: &Budget,
        lang: Lang,
    ) -> Result<Vec<MoveReport>, EngineError> {
        if method != Method::Search {
            self.ruleset.extend_theory(numbers, Play::Normal, budget)?;
            if let Some(moves) = self.ruleset.theory_moves_to_value(numbers, target, lang) {
                return Ok(moves);
            }
            if method == Method::Theory {
                return Err(EngineError::NoTheory {
                    game: self.spec.to_string(),
                    question: TheoryQuestion::GrundyValues,
                });
            }
        }
        let position = self.search_position(numbers, budget)?;
        let task = || self.search_task(numbers);
        let options = reported_options(&self.ruleset, &position, numbers.len(), budget).during(task)?;
        let mut solver = lock(&self.grundy);
        let mut moves = Vec::new();
        for option in distinct(&options) {
            let v = solver.value(option, budget).during(task)?;
            if big(u64::from(v)) == *target {
                moves.push(self.move_report(numbers, option, lang));
            }
        }
        Ok(moves)
    }

    fn verify(
        &self,
        bound: u64,
        play: Play,
        budget: &Budget,
        progress: Progress<'_>,
    ) -> Result<VerifyReport, EngineError> {
        let theorem = self.ruleset.theorem(play, Lang::En).ok_or_else(|| EngineError::NoTheory {
            game: self.spec.to_string(),
            question: TheoryQuestion::Play { misere: play == Play::Misere, at_position: false },
        })?;
        let mut report = VerifyReport::new(self.spec.to_string(), theorem, play, None, bound);
        report.scope = self.ruleset.verification_scope(bound);
        // Theory against the generic search, the reference (never a ruleset's own search).
        let query = Query::new(Method::Search, play);
        let total = self.ruleset.verification_count(bound);
        for (i, numbers) in self.ruleset.verification_positions(bound).enumerate() {
            progress(i as u64, total);
            budget.charge(UNITS_PER_POSITION).during(|| Task::Verify { game: self.spec.to_string() })?;
            // Theory that is computed as questions need it (values of a sequence) gets it first.
            self.ruleset.extend_theory(&numbers, play, budget)?;
            let theory = self.theory(&numbers, &query)?;
            let search = self.search(&numbers, &query, budget)?;
            report.positions += 1;
            if let Basis::Search { states } = search.basis {
                report.search_states = report.search_states.max(states);
            }
            if let Some(problem) = disagreement(&theory, &search) {
                report.disagree(Counterexample { position: numbers, problem });
                break;
            }
        }
        progress(total, total);
        Ok(report)
    }

    fn verify_players(
        &self,
        bound: u64,
        players: u32,
        budget: &Budget,
        progress: Progress<'_>,
    ) -> Result<VerifyReport, EngineError> {
        StandardAlliance::new(players, self.ruleset.terminal_convention())?;
        let mut report =
            VerifyReport::new(self.spec.to_string(), String::new(), Play::Normal, Some(players), bound);
        // How many positions each closed form answered, in the order first met.
        let mut applied: Vec<(String, usize)> = Vec::new();
        let total = self.ruleset.verification_count(bound);
        for (i, numbers) in self.ruleset.verification_positions(bound).enumerate() {
            progress(i as u64, total);
            budget.charge(UNITS_PER_POSITION).during(|| Task::Verify { game: self.spec.to_string() })?;
            let Some(theory) = self.ruleset.multiplayer_theory(&numbers, players, Lang::En) else {
                report.uncovered += 1;
                continue;
            };
            let search = self.search_players(&numbers, players, budget, None)?;
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
                report.disagree(Counterexample { position: numbers, problem });
                break;
            }
        }
        progress(total, total);
        if applied.is_empty() {
            return Err(EngineError::NoTheory {
                game: self.spec.to_string(),
                question: TheoryQuestion::Players { players, up_to: Some(bound) },
            });
        }
        let applied: Vec<String> = applied.iter().map(|(name, count)| format!("{name} ({count})")).collect();
        report.theorem = applied.join(", ");
        Ok(report)
    }

    fn options(
        &self,
        numbers: &CheckedPosition,
        budget: &Budget,
        lang: Lang,
    ) -> Result<Vec<MoveReport>, EngineError> {
        let position = self.search_position(numbers, budget)?;
        let options = reported_options(&self.ruleset, &position, numbers.len(), budget)
            .during(|| Task::ListMoves { game: self.spec.to_string(), position: short_position(numbers) })?;
        let mut moves = Vec::new();
        for option in distinct(&options) {
            moves.push(self.move_report(numbers, option, lang));
        }
        Ok(moves)
    }

    fn has_moves(&self, numbers: &CheckedPosition) -> Result<bool, EngineError> {
        let position = self.ruleset.search_position(numbers).ok_or_else(|| {
            EngineError::TooLargeForSearch { position: format!("{} {}", self.spec, short_position(numbers)) }
        })?;
        let first = self.ruleset.for_each_option(&position, &mut |_| ControlFlow::Break(()));
        Ok(first.is_break())
    }

    fn canonical_numbers(&self, numbers: &CheckedPosition) -> Result<Vec<BigUint>, EngineError> {
        let position = self.ruleset.search_position(numbers).ok_or_else(|| {
            EngineError::TooLargeForSearch { position: format!("{} {}", self.spec, short_position(numbers)) }
        })?;
        Ok(self.ruleset.numbers(&self.ruleset.canonical(&position)))
    }

    fn best_move(
        &self,
        numbers: &CheckedPosition,
        play: Play,
        budget: &Budget,
        lang: Lang,
    ) -> Result<Option<BestMove>, EngineError> {
        let position = self.search_position(numbers, budget)?;
        let solver = match play {
            Play::Normal => &self.remoteness_normal,
            Play::Misere => &self.remoteness_misere,
        };
        let mut solver = lock(solver);
        let task = || Task::BestMove { game: self.spec.to_string(), position: short_position(numbers) };
        let here = solver.value(&position, budget).during(task)?;
        let options = solver.option_values(&position, budget).during(task)?;
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
            report: self.move_report(numbers, option, lang),
            outcome: here.outcome,
            remoteness: here.remoteness,
        }))
    }

    fn analyze_players(
        &self,
        numbers: &CheckedPosition,
        players: u32,
        method: Method,
        budget: &Budget,
        lang: Lang,
    ) -> Result<MultiAnalysis, EngineError> {
        StandardAlliance::new(players, self.ruleset.terminal_convention())?;
        let theory = || self.ruleset.multiplayer_theory(numbers, players, lang);
        match method {
            Method::Search => self.search_players(numbers, players, budget, Some(lang)),
            Method::Theory => theory().ok_or_else(|| EngineError::NoTheory {
                game: self.spec.to_string(),
                question: TheoryQuestion::Players { players, up_to: None },
            }),
            Method::Auto => {
                theory().map_or_else(|| self.search_players(numbers, players, budget, Some(lang)), Ok)
            }
        }
    }

    fn sequence(&self, request: &SequenceRequest, budget: &Budget) -> Result<Sequence, TableError> {
        super::tables::sequence(&self.ruleset, &self.spec, request, budget)
    }

    fn grid(&self, request: &GridRequest, budget: &Budget) -> Result<Grid, TableError> {
        super::tables::grid(&self.ruleset, &self.spec, request, budget)
    }

    fn triple_table(&self, bound: u64, budget: &Budget) -> Result<Option<TripleTable>, Exhausted> {
        self.ruleset.triple_table(bound, budget)
    }

    fn winning_plan(
        &self,
        start: &CheckedPosition,
        line_limit: usize,
        budget: &Budget,
    ) -> Result<Option<Strategy>, EngineError> {
        self.ruleset.winning_plan(start, line_limit, budget)
    }

    fn not_heaps(&self) -> Option<Words> {
        self.ruleset.not_heaps()
    }

    fn graph_view(&self, numbers: &CheckedPosition) -> Option<GraphView<'_>> {
        self.ruleset.graph_view(numbers)
    }

    fn named_number(&self, word: &str) -> Option<BigUint> {
        self.ruleset.named_number(word)
    }

    fn symmetric_options(
        &self,
        numbers: &CheckedPosition,
        options: &[CheckedPosition],
    ) -> Vec<CheckedPosition> {
        let options: Vec<Vec<BigUint>> = options.iter().map(|o| o.to_vec()).collect();
        // A symmetry's image of a position of the game is one too: the rules vouch for it.
        self.ruleset.symmetric_options(numbers, &options).into_iter().map(CheckedPosition::new).collect()
    }

    fn rectangle(&self, rows: u64, cols: u64) -> Option<Vec<BigUint>> {
        self.ruleset.rectangle(rows, cols)
    }

    fn position_graph(
        &self,
        roots: &[CheckedPosition],
        budget: &Budget,
    ) -> Result<PositionGraph, EngineError> {
        let roots = roots
            .iter()
            .map(|numbers| {
                self.ruleset.search_position(numbers).ok_or_else(|| EngineError::TooLargeForSearch {
                    position: format!("{} {}", self.spec, short_position(numbers)),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let (graph, positions) = explore(&self.ruleset, &roots, budget)?;
        // The roots are the first vertices, in order, a repeat once.
        let mut first: HashMap<R::Position, u32> = HashMap::new();
        let root_vertices = roots
            .iter()
            .map(|r| {
                let next = first.len() as u32;
                *first.entry(self.ruleset.canonical(r)).or_insert(next)
            })
            .collect();
        let numbers = positions.iter().map(|p| self.ruleset.numbers(p)).collect();
        Ok(PositionGraph { graph, numbers, roots: root_vertices })
    }

    fn verification_positions(&self, bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_> {
        self.ruleset.verification_positions(bound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bigint::{big, to_bigs};
    use crate::game::Game;
    use crate::positions::HeapBox;
    use crate::solve::Terminal;
    #[allow(unused_imports)]
    use crate::test_prelude::*;
    use num_traits::ToPrimitive;

    /// Take 1 or 2 from one heap (the rules of `bash --max 2`), with a closed form that lies at
    /// the heap of 7 (it is an N-position) and an `n`-player "theory" that calls every position
    /// value 0: `verify` must catch both.
    #[derive(Clone)]
    struct LyingBash;

    const LIE: &str = "P iff 3 | n, and 7";

    impl Game for LyingBash {
        type Position = u64;
        fn options(&self, n: &u64) -> Vec<u64> {
            (1..=2).filter(|t| t <= n).map(|t| n - t).collect()
        }
    }

    impl Ruleset for LyingBash {
        fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
            Ok(numbers.to_vec())
        }
        fn search_position(&self, numbers: &[BigUint]) -> Option<u64> {
            numbers.first()?.to_u64()
        }
        fn numbers(&self, n: &u64) -> Vec<BigUint> {
            vec![big(*n)]
        }
        fn theorem(&self, play: Play, _lang: Lang) -> Option<String> {
            (play == Play::Normal).then(|| LIE.into())
        }
        fn theory(
            &self,
            numbers: &[BigUint],
            play: Play,
            _max_moves: usize,
            _lang: Lang,
        ) -> Option<Analysis> {
            self.theorem(play, Lang::En)?;
            let n = numbers[0].to_u64()?;
            let p = n % 3 == 0 || n == 7;
            Some(Analysis {
                outcome: if p { Outcome::P } else { Outcome::N },
                grundy: GrundyValue::Value(big(if p { 0 } else { n % 3 })),
                winning_moves: if p { vec![] } else { vec![self.move_report_to(n, n - n % 3)] },
                winning_move_count: None,
                moves_complete: true,
                reason: String::new(),
                basis: Basis::Theory(LIE.into()),
            })
        }
        fn multiplayer_theory(
            &self,
            numbers: &[BigUint],
            players: u32,
            _lang: Lang,
        ) -> Option<MultiAnalysis> {
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
        fn verification_positions(&self, bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_> {
            Box::new(HeapBox::new(1, bound))
        }
        fn verification_count(&self, bound: u64) -> u64 {
            HeapBox::count(1, bound)
        }
    }

    impl LyingBash {
        fn move_report_to(&self, from: u64, to: u64) -> MoveReport {
            let (from, to) = (vec![big(from)], vec![big(to)]);
            MoveReport { text: self.describe_move(&from, &to, Lang::En), to: CheckedPosition::new(to) }
        }
    }

    fn lying_bash() -> Engine<LyingBash> {
        Engine::new("bash --max 2".parse::<crate::GameSpec>().unwrap(), LyingBash)
    }

    /// The first P-positions of `heaps` non-decreasing heaps by search, in order of the largest
    /// heap (each heap at most `bound`).
    fn searched_p_positions(game: &dyn AnyGame, heaps: usize, bound: u64, play: Play) -> Vec<Vec<BigUint>> {
        let mut positions: Vec<Vec<u64>> = heap_box(heaps, bound)
            .iter()
            .map(|p| p.iter().map(|n| n.to_u64().unwrap()).collect())
            .filter(|p: &Vec<u64>| p.windows(2).all(|w| w[0] <= w[1]))
            .collect();
        positions.sort_by_key(|p| (p.iter().max().copied(), p.clone()));
        let search = Query::new(Method::Search, play);
        positions
            .into_iter()
            .map(|p| to_bigs(&p))
            .filter(|p| game.analyze(&trusted(p), &search, &Budget::default()).unwrap().outcome == Outcome::P)
            .collect()
    }

    /// The first `count` P-positions by theory, which must list them all within the budget.
    fn listed(game: &dyn AnyGame, count: usize, play: Play) -> Vec<Vec<BigUint>> {
        let (positions, stopped) = game.theory_p_positions(count, play, &Budget::default()).unwrap();
        assert_eq!(stopped, None, "{}", game.name());
        positions
    }

    #[test]
    fn theory_p_positions_are_the_searched_ones_in_order() {
        for play in [Play::Normal, Play::Misere] {
            let wythoff = test_game("wythoff");
            let searched = searched_p_positions(wythoff.as_ref(), 2, 200, play);
            assert!(searched.len() > 70, "{}", searched.len());
            // Every P-position with both heaps <= 200 comes before any with a heap above 200
            // except those whose partner exceeds 200: compare the prefix of pairs inside the box.
            let inside: Vec<_> = listed(wythoff.as_ref(), searched.len(), play)
                .into_iter()
                .filter(|p| p.iter().all(|n| *n <= big(200)))
                .collect();
            assert_eq!(inside, searched, "{play:?}");
            for max in 1..=5 {
                let bash = test_game(&format!("bash --max {max}"));
                let searched = searched_p_positions(bash.as_ref(), 1, 60, play);
                assert_eq!(listed(bash.as_ref(), searched.len(), play), searched, "{max} {play:?}");
            }
            let nim = test_game("nim");
            let searched = searched_p_positions(nim.as_ref(), 1, 60, play);
            assert_eq!(listed(nim.as_ref(), 10, play), searched, "{play:?}");
        }
    }

    #[test]
    fn theory_p_positions_stop_at_the_budget_with_what_they_listed() {
        let bash = test_game("bash --max 3");
        let (positions, stopped) =
            bash.theory_p_positions(1_000_000, Play::Normal, &Budget::new(1000)).unwrap();
        assert!(stopped.as_ref().is_some_and(|s| s.is_budget()), "{stopped:?}");
        assert!(!positions.is_empty() && positions.len() < 1_000_000, "{}", positions.len());
        let expected: Vec<Vec<BigUint>> = (0..positions.len() as u64).map(|i| vec![big(4 * i)]).collect();
        assert_eq!(positions, expected);
    }

    #[test]
    fn verify_finds_the_first_position_where_theory_lies() {
        let report = lying_bash().verify(20, Play::Normal, &Budget::default(), &no_progress).unwrap();
        assert!(!report.agree);
        let counterexample = report.counterexample.expect("the lie at 7 is caught");
        assert_eq!(counterexample.position, to_bigs(&[7]));
        assert_eq!(counterexample.problem, "theory says P, search says N");
        assert_eq!(report.positions, 8);
        assert_eq!(report.theorem, LIE);
        // Where the theory tells the truth, the report agrees.
        let report = lying_bash().verify(6, Play::Normal, &Budget::default(), &no_progress).unwrap();
        assert!(report.agree && report.counterexample.is_none());
        assert_eq!(report.positions, 7);
        // No closed form under misère play: nothing to verify.
        let err = lying_bash().verify(6, Play::Misere, &Budget::default(), &no_progress).unwrap_err();
        assert!(matches!(err, EngineError::NoTheory { .. }), "{err}");
    }

    #[test]
    fn verify_reports_progress_and_stops_at_the_budget() {
        let calls = std::sync::Mutex::new(Vec::new());
        let progress = |done: u64, total: u64| calls.lock().unwrap().push((done, total));
        lying_bash().verify(5, Play::Normal, &Budget::default(), &progress).unwrap();
        let calls = calls.into_inner().unwrap();
        assert_eq!(calls.first(), Some(&(0, 6)));
        assert_eq!(calls.last(), Some(&(6, 6)));
        let err = test_game("nim").verify(12, Play::Normal, &Budget::new(1000), &no_progress).unwrap_err();
        assert!(err.exhausted().is_some_and(|e| e.is_budget()), "{err}");
    }

    #[test]
    fn verify_players_finds_a_wrong_n_player_value() {
        let lying = lying_bash();
        let report = lying.verify_players(20, 3, &Budget::default(), &no_progress).unwrap();
        assert_eq!(report.players, Some(3));
        assert!(!report.agree);
        let counterexample = report.counterexample.expect("value 0 everywhere is wrong");
        // The end of the game: the last mover won, so P_{-1} = P_2 wins the empty heap (value 2).
        assert_eq!(counterexample.position, to_bigs(&[0]));
        assert!(
            counterexample.problem.starts_with("theory gives value 0, search gives 2"),
            "{counterexample:?}"
        );
        let err = lying.verify_players(20, 1, &Budget::default(), &no_progress).unwrap_err();
        assert!(matches!(err, EngineError::InvalidRequest(_)), "{err}");
    }

    #[test]
    fn best_move_wins_by_theory_move_and_stalls_when_losing() {
        let nim = test_game("nim");
        let budget = Budget::default();
        let best =
            nim.best_move(&trusted(&to_bigs(&[3, 4, 5])), Play::Normal, &budget, Lang::En).unwrap().unwrap();
        assert_eq!(best.outcome, Outcome::N);
        assert_eq!(best.report.to, to_bigs(&[1, 4, 5]));
        // From the P-position (2, 2) the slowest loss takes one stone.
        let best =
            nim.best_move(&trusted(&to_bigs(&[2, 2])), Play::Normal, &budget, Lang::En).unwrap().unwrap();
        assert_eq!((best.outcome, best.remoteness), (Outcome::P, 4));
        assert_eq!(best.report.to, to_bigs(&[1, 2]));
        assert_eq!(
            nim.best_move(&trusted(&to_bigs(&[0, 0])), Play::Normal, &budget, Lang::En).unwrap(),
            None
        );
    }

    #[test]
    fn best_move_is_always_a_winning_move_when_one_exists() {
        for spec in ["nim", "bash --max 3"] {
            let g = test_game(spec);
            let positions: Vec<Vec<u64>> = if spec == "nim" {
                (0..8).flat_map(|a| (0..8).map(move |b| vec![a, b, 3])).collect()
            } else {
                (0..40).map(|n| vec![n]).collect()
            };
            let budget = Budget::default();
            for p in positions {
                let numbers = to_bigs(&p);
                for play in [Play::Normal, Play::Misere] {
                    let analysis =
                        g.analyze(&trusted(&numbers), &Query::new(Method::Search, play), &budget).unwrap();
                    let best = g.best_move(&trusted(&numbers), play, &budget, Lang::En).unwrap();
                    let Some(best) = best else {
                        assert!(g.options(&trusted(&numbers), &budget, Lang::En).unwrap().is_empty());
                        continue;
                    };
                    assert_eq!(best.outcome, analysis.outcome, "{spec} {p:?} {play:?}");
                    if analysis.outcome == Outcome::N {
                        assert!(analysis.winning_moves.iter().any(|m| m.to == best.report.to), "{p:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn options_list_every_move_once() {
        let bash = test_game("bash --max 3");
        let moves = bash.options(&trusted(&to_bigs(&[5])), &Budget::default(), Lang::En).unwrap();
        let tos: Vec<Vec<BigUint>> = moves.iter().map(|m| m.to.to_vec()).collect();
        assert_eq!(tos, [to_bigs(&[4]), to_bigs(&[3]), to_bigs(&[2])]);
        assert_eq!(moves[0].text, "take 1 from the heap");
    }

    #[test]
    fn huge_positions_are_refused_before_listing_moves() {
        // A heap of 2^40 has 2^40 options, more than the budget pays for: refused before any
        // work is done.
        let nim = test_game("nim");
        let budget = Budget::default();
        let err = nim.options(&trusted(&to_bigs(&[1 << 40, 3])), &budget, Lang::En).unwrap_err();
        assert!(matches!(err, EngineError::Exhausted { .. }), "{err}");
        let err = nim.best_move(&trusted(&to_bigs(&[1 << 40])), Play::Normal, &budget, Lang::En).unwrap_err();
        assert!(matches!(err, EngineError::Exhausted { .. }), "{err}");
        assert_eq!(budget.used(), 0);
        // Numbers beyond 64 bits never fit the search.
        let beyond = vec![BigUint::from(1u8) << 64u32];
        let err = nim.options(&trusted(&beyond), &budget, Lang::En).unwrap_err();
        assert!(matches!(err, EngineError::TooLargeForSearch { .. }), "{err}");
    }

    #[test]
    fn search_reasons_in_chinese() {
        let game = test_game("subtraction --set 1,3,4");
        let budget = Budget::default();
        let search = |n: u64, play: Play, lang: Lang| {
            let query = Query { lang, ..Query::new(Method::Search, play) };
            game.analyze(&trusted(&[big(n)]), &query, &budget).unwrap()
        };
        // (heap, play, English reason, Chinese reason); SUB{1,3,4} under misère play is P at
        // 1, 3, 8, 10 and N at 0, 2, 9.
        let cases = [
            (
                10,
                Play::Normal,
                "search: the options have Grundy values {0, 2}, so the value is their mex, 1",
                "搜索：各后继局面的 SG 值为 {0, 2}，所以本局面的 SG 值是它们的 mex，即 1",
            ),
            (
                0,
                Play::Misere,
                "search (misère): no move is left, so the previous player made the last move and lost",
                "搜索（反常规则）：已无路可走，后手走了最后一步，所以后手输了",
            ),
            (
                9,
                Play::Misere,
                "search (misère): 1 of the 3 options are P-positions",
                "搜索（反常规则）：3 个后继局面中有 1 个是必败态（P），先手必胜",
            ),
            (
                10,
                Play::Misere,
                "search (misère): all 3 options are N-positions",
                "搜索（反常规则）：全部 3 个后继局面都是必胜态（N），先手必败",
            ),
        ];
        for (n, play, en, zh) in cases {
            let (english, chinese) = (search(n, play, Lang::En), search(n, play, Lang::Zh));
            assert_eq!(english.reason, en);
            assert_eq!(chinese.reason, zh);
            assert!(english_words(&chinese.reason).is_empty(), "{}", chinese.reason);
            for m in &chinese.winning_moves {
                assert!(m.text.starts_with("从这堆取走 "), "{m:?}");
            }
            assert_eq!(chinese.outcome, english.outcome);
        }
        // Three players: the options' values and what they are worth to the mover, or the end.
        for (n, en, zh) in [
            (
                10,
                "search: the options have values {1, 2}, worth {0, 2} to the mover ((g+1) mod 3); the least is 0",
                "搜索：各后继局面的博弈值为 {1, 2}，对走子方相当于 {0, 2}（(g+1) mod 3）；其中最小的是 0",
            ),
            (
                0,
                "search: no move is left and the player who makes the last move wins, so the value is 2",
                "搜索：已无路可走，且走最后一步的玩家获胜，所以博弈值 g = 2",
            ),
        ] {
            let english = game.analyze_players(&trusted(&[big(n)]), 3, Method::Search, &budget, Lang::En).unwrap();
            let chinese = game.analyze_players(&trusted(&[big(n)]), 3, Method::Search, &budget, Lang::Zh).unwrap();
            assert_eq!(english.reason, en);
            assert_eq!(chinese.reason, zh);
            assert!(english_words(&chinese.reason).is_empty(), "{}", chinese.reason);
            assert!(chinese.moves.iter().all(|m| english_words(&m.text).is_empty()), "{:?}", chinese.moves);
        }
        assert_eq!(Terminal::MoverWins.describe(Lang::Zh), "第一个无法走子的玩家获胜");
        assert_eq!(Terminal::MoverWins.describe(Lang::En), "the first player who cannot move wins");
    }

    #[test]
    fn by_product_grundy_sentence_follows_the_language() {
        // Moore's Nim with k = 2 has a closed form for the outcome but not the Grundy value,
        // which a small search fills in.
        let moore = test_game("moore --k 2");
        let heaps = to_bigs(&[1, 2, 3]);
        let answer = |lang| {
            let query = Query { lang, ..Query::new(Method::Auto, Play::Normal) };
            moore.analyze(&trusted(&heaps), &query, &Budget::default()).unwrap()
        };
        let (english, chinese) = (answer(Lang::En), answer(Lang::Zh));
        let GrundyValue::Value(value) = &english.grundy else { panic!("{english:?}") };
        assert!(english.reason.ends_with(&format!("; Grundy value {value} by search")), "{}", english.reason);
        assert!(chinese.reason.ends_with(&format!("；搜索得 SG 值为 {value}")), "{}", chinese.reason);
    }

    #[test]
    fn max_moves_limits_the_list_and_keeps_the_count() {
        // Nim 3 5 6 7 has XOR 7 and three winning moves, from the heaps of 5, 6 and 7.
        let nim = test_game("nim");
        let heaps = to_bigs(&[3, 5, 6, 7]);
        for method in [Method::Theory, Method::Search] {
            let all =
                nim.analyze(&trusted(&heaps), &Query::new(method, Play::Normal), &Budget::default()).unwrap();
            let count = all.winning_moves.len();
            assert_eq!(count, 3, "{method:?}");
            assert_eq!(all.winning_move_count, Some(count as u64));
            assert!(all.moves_complete);
            let query = Query { max_moves: 1, ..Query::new(method, Play::Normal) };
            let one = nim.analyze(&trusted(&heaps), &query, &Budget::default()).unwrap();
            assert_eq!(one.winning_moves, all.winning_moves[..1]);
            assert_eq!(one.winning_move_count, Some(count as u64));
            assert!(!one.moves_complete);
        }
    }

    /// The by-product search's share: the fixed least under the default budget, an eighth of a
    /// larger one, so that raising the budget raises it.
    #[test]
    fn a_byproduct_search_may_spend_an_eighth_of_the_budget_and_at_least_the_least() {
        assert_eq!(byproduct_work(Budget::DEFAULT_WORK), BYPRODUCT_WORK);
        assert_eq!(byproduct_work(1000), BYPRODUCT_WORK);
        assert_eq!(byproduct_work(1_000_000_000_000), 125_000_000_000);
        assert_eq!(Budget::new(1000).sub_budget(byproduct_work(1000)).limit(), 1000);
    }
}
