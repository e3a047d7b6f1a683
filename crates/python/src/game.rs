//! `nimlab.Game`: a ruleset with its parameters (from the rulesets' declarations) or a game
//! defined by a Python function, with every question nimlab answers about it; `Position` and
//! `Sum` for disjunctive sums.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use nimlab_engine::listing::PRequest;
use nimlab_engine::{no_progress, GameId, SumPart};
use nimlab_engine::{
    AnyGame, BigUint, Budget, CheckedPosition, GameSpec, GrundyValue, Lang, Method, Play, RulesetInfo,
};
use nimlab_reports::loopy::{graph_file_game, no_files, LoopyGame};
use nimlab_reports::plot::{self, SequencePicture};
use nimlab_reports::quotient::{quotient, QuotientRequest};
use nimlab_reports::request::{Answer, Cells, Decided, Limits, Players, Question, Request};
use nimlab_reports::shards::{merge_shards, solve_sharded, Shard};
use nimlab_reports::solve::SolveAnswer;
use nimlab_reports::table::{TableAnswer, TableAnswerWithPeriod, TableShape};
use nimlab_reports::verify::VerifyRequest;
use nimlab_reports::CommandError;
use nimlab_reports::ReportError;

// The defaults written in the signatures below are the reports' own.
const _: () = assert!(nimlab_reports::DEFAULT_MAX_MOVES == 20);
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::callback::{CallbackGame, Session};
use crate::compute::{budget, run, Lane, MemorySize};
use crate::convert::{game_spec, position, spec_error, to_python};
use crate::picture::Picture;
use crate::report::{Record, Report};
use crate::results::{
    LoopyResult, LoopyTableResult, PPositions, PeriodResult, PlayersResult, QuotientResult, RectanglesResult,
    ShardResult, SolveResult, SumResult, TableResult, VerifyResult,
};
use crate::tables::{last_index, to_array, Producer};

/// A registered ruleset, built, or a game defined in Python.
enum Rules {
    Registered(Arc<dyn AnyGame>),
    Python(CallbackGame),
    /// A token game on a graph read from a file (a ruleset whose declaration's loopy capability
    /// names its file parameter): this surface reads the file once, and the loopy reports answer
    /// `solve` (one vertex name per token) and `table` (every vertex), as on the command line.
    Graph(GameId, LoopyGame),
}

/// A game: a ruleset with its parameters, or your own game defined by a Python function.
///
/// ``Game(name, **params)`` takes the parameters each ruleset declares (``nimlab.games()``
/// lists them; ``bounded_equal`` stands for ``bounded-equal``); ``Game('subtraction --set 1,3,4')``
/// names a game as the command line does. A game on a graph (``node-kayles``, ``arc-kayles``) takes
/// ``graph=`` as a text (``'grid:3x5'``, ``'edges:a-b,b-c'``), a list of edges ``[(u, v), ...]`` or a
/// networkx graph. The game keeps its memoized solvers, so questions about nearby positions reuse
/// earlier work.
///
/// Every computing method takes ``budget=`` (work units, default 1.5 * 10**8: bounds time, and memory
/// at 4 bytes a unit), ``memory=`` (the memory ceiling: bytes, or a size such as ``'512M'`` or
/// ``'8G'``; default the smaller of 2 GiB and half of the machine's memory) and ``timeout=``
/// (seconds); running out raises ``BudgetExceeded``. Long computations release
/// the GIL and stop on Ctrl-C.
///
/// >>> Game('wythoff').solve([3, 5]).outcome
/// 'P'
/// >>> Game('subtraction', set=[1, 3, 4])
/// Game('subtraction --set 1,3,4')
/// >>> Game('bash', max=3).solve(10).winning_moves[0].to
/// [8]
/// >>> Game('node-kayles', graph=[('a', 'b'), ('b', 'c')])
/// Game('node-kayles --graph edges:a-b,b-c')
#[pyclass(module = "nimlab", frozen)]
pub(crate) struct Game {
    rules: Rules,
}

/// The names given to games defined in Python, kept for the life of the process (a report's game
/// name is a `&'static str`; each distinct name is stored once).
static CUSTOM_NAMES: Mutex<Option<HashSet<&'static str>>> = Mutex::new(None);

fn intern(name: &str) -> &'static str {
    let mut names = CUSTOM_NAMES.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let names = names.get_or_insert_with(HashSet::new);
    match names.get(name) {
        Some(&known) => known,
        None => {
            let leaked: &'static str = Box::leak(name.to_string().into_boxed_str());
            names.insert(leaked);
            leaked
        }
    }
}

/// `method="auto" | "theory" | "search"`.
fn method(text: &str) -> PyResult<Method> {
    text.parse().map_err(|e: nimlab_engine::UnknownMethod| PyValueError::new_err(e.to_string()))
}

/// `lang="en" | "zh"`: the language of the engine's texts (reasons, moves, theorems).
fn lang(code: &str) -> PyResult<Lang> {
    code.parse().map_err(|e: nimlab_engine::UnknownLang| PyValueError::new_err(e.to_string()))
}

/// `misere=` and `play='normal'|'misere'` (Play's one text form) together: misère when either
/// asks for it; a contradiction (`misere=True, play='normal'`) or another `play` is a `ValueError`.
fn misere_of(misere: bool, play: Option<&str>) -> PyResult<bool> {
    match play.map(str::parse::<Play>).transpose() {
        Err(e) => Err(PyValueError::new_err(e.to_string())),
        Ok(None) => Ok(misere),
        Ok(Some(Play::Misere)) => Ok(true),
        Ok(Some(Play::Normal)) if misere => {
            Err(PyValueError::new_err("misere=True contradicts play='normal': give one of them"))
        }
        Ok(Some(Play::Normal)) => Ok(false),
    }
}

fn play(misere: bool) -> Play {
    if misere {
        Play::Misere
    } else {
        Play::Normal
    }
}

/// `max_moves`: a count, or None for all of them.
fn max_moves(count: Option<usize>) -> usize {
    count.unwrap_or(usize::MAX)
}

impl Game {
    pub(crate) fn spec(&self) -> &GameId {
        match &self.rules {
            Rules::Registered(game) => game.spec(),
            Rules::Python(game) => game.spec(),
            Rules::Graph(spec, _) => spec,
        }
    }

    /// Runs `task` on the built game under `budget` (see [`crate::compute`]).
    fn run<T: Send>(
        &self,
        py: Python<'_>,
        budget: &Budget,
        lane: Lane,
        redo: impl Fn(&T) -> bool,
        task: impl Fn(&dyn AnyGame, &Budget) -> Result<T, ReportError> + Sync,
    ) -> PyResult<T> {
        match &self.rules {
            Rules::Registered(game) => run(py, budget, lane, redo, |b| task(game.as_ref(), b)),
            Rules::Python(game) => {
                let session = game.begin(py, budget);
                let engine = session.game();
                let answer = run(py, budget, lane, redo, |b| task(engine.as_ref(), b));
                session.end().map_or(answer, Err)
            }
            Rules::Graph(spec, _) => {
                Err(crate::compute::py_error(ReportError::Invalid(CommandError::GraphGameByTokens {
                    game: spec.to_string(),
                })))
            }
        }
    }

    /// A table as a numpy array ([`crate::tables`]) under the call's `budget`; `produce` starts
    /// it on the built game.
    fn array(
        &self,
        py: Python<'_>,
        misere: bool,
        method: &str,
        budget: Budget,
        produce: impl Fn(&dyn AnyGame, Play, Method, &Budget) -> Result<Producer, ReportError> + Sync,
    ) -> PyResult<Py<PyAny>> {
        let (play, method) = (play(misere), self::method(method)?);
        self.run(
            py,
            &budget,
            Lane::Long,
            |_| false,
            |game, budget| to_array(produce(game, play, method, budget)?, budget),
        )
    }

    /// A position checked by the game's rules.
    fn check(&self, py: Python<'_>, numbers: &Bound<'_, PyAny>) -> PyResult<CheckedPosition> {
        let numbers = position(numbers)?;
        self.run(py, &Budget::default(), Lane::Point, |_| false, |game, _| Ok(game.check_position(&numbers)?))
    }

    /// The one [`Request`] of `question` with this call's arguments (`players` checked by the
    /// request's own rule; no fixed limit on a position).
    fn request(
        &self,
        question: Question,
        misere: bool,
        players: Option<u32>,
        method_name: &str,
        moves: Option<usize>,
        lang_code: &str,
    ) -> PyResult<Request> {
        let players = players.map(Players::try_from).transpose();
        Ok(Request {
            question,
            play: play(misere),
            players: players.map_err(|e| crate::compute::py_error(ReportError::Invalid(e)))?,
            method: method(method_name)?,
            lang: lang(lang_code)?,
            limits: Limits { max_moves: max_moves(moves), max_numbers: usize::MAX, max_digits: usize::MAX },
        })
    }

    /// Decides `request` and answers it under `budget`: on the built game (a registered one or
    /// one defined in Python), or, for a game on a graph, from the graph read when it was made.
    fn answer(
        &self,
        py: Python<'_>,
        request: &Request,
        budget: &Budget,
        lane: Lane,
        redo: impl Fn(&Answer) -> bool,
    ) -> PyResult<Answer> {
        let graph = match &self.rules {
            Rules::Graph(_, LoopyGame::Graph { text, .. }) => Some(text.clone()),
            _ => None,
        };
        let read = |path: &str| graph.clone().map_or_else(|| no_files(path), Ok);
        let decided = request.decide(&read).map_err(crate::compute::py_error)?;
        match &self.rules {
            Rules::Graph(..) => run(py, budget, lane, redo, |b| decided.clone().answer(&read, b)),
            _ => self.run(py, budget, lane, redo, |game, b| decided.clone().answer_built(game, &read, b)),
        }
    }

    /// Solves a position given as words: numbers, or vertex names on a graph (shared by
    /// `Game.solve` and `Position.solve`).
    #[allow(clippy::too_many_arguments)]
    fn solve_words(
        &self,
        py: Python<'_>,
        words: Vec<String>,
        misere: bool,
        players: Option<u32>,
        method_name: &str,
        moves: Option<usize>,
        work: Option<u64>,
        memory: Option<MemorySize>,
        timeout: Option<f64>,
        lang_code: &str,
    ) -> PyResult<Py<PyAny>> {
        let question = Question::Solve { game: self.spec().clone(), position: words };
        let request = self.request(question, misere, players, method_name, moves, lang_code)?;
        let budget = budget(work, memory, timeout)?;
        let unknown = |answer: &Answer| matches!(answer, Answer::Solve(SolveAnswer::Two(r)) if r.play == Play::Normal && r.analysis.grundy == GrundyValue::Unknown);
        let answer = self.answer(py, &request, &budget, Lane::Point, unknown)?;
        answer_object(py, answer)
    }
}

/// Any answer of a [`Request`] as its Python result object.
fn answer_object(py: Python<'_>, answer: Answer) -> PyResult<Py<PyAny>> {
    Ok(match answer {
        Answer::Solve(SolveAnswer::Two(report)) => Py::new(py, SolveResult(Report::new(report)))?.into_any(),
        Answer::Solve(SolveAnswer::Players(report)) => {
            Py::new(py, PlayersResult(Report::new(report)))?.into_any()
        }
        Answer::Solve(SolveAnswer::Loopy(report)) => {
            Py::new(py, LoopyResult(Report::new(report)))?.into_any()
        }
        Answer::Sum(report) => Py::new(py, SumResult(Report::new(report)))?.into_any(),
        Answer::Table(TableAnswer::Values(report)) => {
            Py::new(py, TableResult(Report::new(report)))?.into_any()
        }
        Answer::TableWithPeriod(TableAnswerWithPeriod::Values(report)) => {
            Py::new(py, TableResult(Report::new(report)))?.into_any()
        }
        Answer::Table(TableAnswer::Loopy(report))
        | Answer::TableWithPeriod(TableAnswerWithPeriod::Loopy(report)) => {
            Py::new(py, LoopyTableResult(Report::new(report)))?.into_any()
        }
        Answer::Rectangles(report) => Py::new(py, RectanglesResult(Report::new(report)))?.into_any(),
    })
}

/// The engine's own time for `Game.solve(position)` (nanoseconds per call, the mean of
/// `repeats` calls in a Rust loop: a fresh budget, the one [`Request`] that `Game.solve` makes
/// decided and answered on the built game), for the benchmark of the module's overhead
/// (bench/python.py). Registered games only.
#[pyfunction]
pub(crate) fn _engine_solve_ns(
    py: Python<'_>,
    game: &Game,
    position: &Bound<'_, PyAny>,
    repeats: u32,
) -> PyResult<f64> {
    let Rules::Registered(built) = &game.rules else {
        return Err(PyValueError::new_err("the engine's own time is measured for built-in games"));
    };
    let words = self::position(position)?.iter().map(ToString::to_string).collect();
    // `Game.solve(position)` with its defaults: normal play, two players, auto, 20 moves.
    let question = Question::Solve { game: game.spec().clone(), position: words };
    let request =
        game.request(question, false, None, "auto", Some(nimlab_reports::DEFAULT_MAX_MOVES), "en")?;
    let elapsed = py.detach(|| {
        let start = std::time::Instant::now();
        for _ in 0..repeats {
            let budget = Budget::default();
            let answer = request.decide(&no_files)?.answer_built(built.as_ref(), &no_files, &budget)?;
            std::hint::black_box(answer);
        }
        Ok::<_, ReportError>(start.elapsed())
    });
    let elapsed = elapsed.map_err(crate::compute::py_error)?;
    Ok(elapsed.as_nanos() as f64 / f64::from(repeats.max(1)))
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (name, /, **params))]
    fn new(py: Python<'_>, name: &str, params: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let spec = if name.contains(char::is_whitespace) {
            if params.is_some_and(|p| !p.is_empty()) {
                return Err(PyTypeError::new_err(
                    "give the parameters either in the name's text or as keywords, not both",
                ));
            }
            name.parse::<GameSpec>().map_err(spec_error)?
        } else {
            game_spec(name, params)?
        };
        // A game on a graph file: the file is read here (the engine and the reports read none).
        let read = |path: &str| {
            std::fs::read_to_string(path).map_err(|e| {
                ReportError::Invalid(CommandError::UnreadableFile {
                    path: path.to_string(),
                    reason: e.to_string(),
                })
            })
        };
        if let Some(graph) = graph_file_game(&spec, read).map_err(crate::compute::py_error)? {
            return Ok(Game { rules: Rules::Graph(GameId::Registered(spec), graph) });
        }
        let game = run(py, &Budget::default(), Lane::Point, |_| false, |budget| Ok(spec.build(budget)?))?;
        Ok(Game { rules: Rules::Registered(Arc::from(game)) })
    }

    /// Your own game: ``options(position)`` returns the positions reachable in one move.
    ///
    /// A position is a tuple of non-negative ints (``options`` receives a tuple and may return
    /// tuples, lists or, for one number, ints). ``canonical(position)``, if given, returns the
    /// same key for equivalent positions (e.g. ``tuple(sorted(p))`` when the order of heaps does
    /// not matter), which the memo uses. The engine's memoized search solves it under the
    /// budget, with Grundy values, winning moves, misère play, several players, sums, listings
    /// and tables. A game whose positions repeat (finitely many reachable) is answered by the
    /// loopy engine when the search meets a cycle: ``solve`` gives a ``LoopyResult`` with the
    /// value (an int or an ``Infinite``), the outcome (``'D'`` for a draw), and the winning or
    /// drawing moves. An exception raised in
    /// ``options`` or ``canonical`` reaches the caller as it was raised.
    ///
    /// >>> def take_1_or_2(p):
    /// ...     return [(p[0] - k,) for k in (1, 2) if k <= p[0]]
    /// >>> g = Game.from_options(take_1_or_2, name='bash-2')
    /// >>> [g.solve(n).grundy for n in range(7)]
    /// [0, 1, 2, 0, 1, 2, 0]
    /// >>> g.solve([7]).winning_moves[0].to
    /// [6]
    #[staticmethod]
    #[pyo3(signature = (options, canonical = None, name = "custom"))]
    fn from_options(
        options: &Bound<'_, PyAny>,
        canonical: Option<&Bound<'_, PyAny>>,
        name: &str,
    ) -> PyResult<Self> {
        if !options.is_callable() {
            return Err(PyTypeError::new_err("options must be a function: options(position) -> positions"));
        }
        if canonical.is_some_and(|c| !c.is_callable()) {
            return Err(PyTypeError::new_err(
                "canonical must be a function: canonical(position) -> position",
            ));
        }
        let name = name.trim();
        if name.is_empty() || name.contains(char::is_whitespace) {
            return Err(PyValueError::new_err(format!("a game's name is one word, not '{name}'")));
        }
        if RulesetInfo::find(name).is_some() {
            return Err(PyValueError::new_err(format!(
                "'{name}' is a built-in game; give your game another name"
            )));
        }
        let game =
            CallbackGame::new(intern(name), options.clone().unbind(), canonical.map(|c| c.clone().unbind()));
        Ok(Game { rules: Rules::Python(game) })
    }

    /// The game's name with its parameters, as the command line writes it.
    #[getter]
    fn name(&self) -> String {
        self.spec().to_string()
    }

    /// The ruleset's name (a game defined in Python: its name).
    #[getter]
    fn ruleset(&self) -> &'static str {
        self.spec().name()
    }

    /// The parameters' values (defaults included), as in the JSON contract's ``params``.
    #[getter]
    fn params<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let value = serde_json::to_value(self.spec().params()).expect("parameters serialize");
        to_python(py, &value)
    }

    /// The closed form nimlab uses for this game, or None.
    #[pyo3(signature = (*, misere = false, lang = "en"))]
    fn theorem(&self, py: Python<'_>, misere: bool, lang: &str) -> PyResult<Option<String>> {
        let lang = self::lang(lang)?;
        self.run(
            py,
            &Budget::default(),
            Lane::Point,
            |_| false,
            |game, _| Ok(game.theorem(play(misere), lang)),
        )
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(match &self.rules {
            Rules::Registered(_) | Rules::Graph(..) => format!("Game('{}')", self.spec()),
            Rules::Python(game) => {
                let (options, _) = game.functions();
                format!("Game.from_options({}, name='{}')", options.bind(py).repr()?, self.spec())
            }
        })
    }

    /// Who wins from ``position``, the Grundy value, the winning moves and why.
    ///
    /// ``position`` is a list of ints (any size) or one int. ``misere=True``: whoever moves
    /// last loses. ``players=n``: the value for ``n`` players (a ``PlayersResult``).
    /// ``method``: ``'auto'`` (theory where it exists), ``'theory'`` or ``'search'``.
    /// ``max_moves``: the most winning moves listed (None: all). ``lang='zh'``: the reason and
    /// the moves in Chinese. A game on a graph file (``Game('graph', file='g.txt')`` reads the
    /// file): ``position`` is vertex names, ``'a b'`` or ``['a', 'b']``, one token each (a sum),
    /// answered by the loopy engine (a ``LoopyResult``).
    ///
    /// >>> r = Game('nim').solve([3, 4, 5])
    /// >>> r.outcome, r.grundy, r.reason
    /// ('N', 2, 'nim-sum 3^4^5 = 2, so take 2 from the heap of 3 (nim-sum 0)')
    /// >>> Game('nim').solve([10**100, 10**100]).outcome
    /// 'P'
    /// >>> Game('nim').solve([1, 1], misere=True).outcome
    /// 'N'
    /// >>> Game('kayles').solve([100, 200, 300], play='misere').basis
    /// 'theory'
    #[pyo3(
        signature = (position, *, misere = false, play = None, players = None, method = "auto", max_moves = Some(20), budget = None, memory = None, timeout = None, lang = "en"),
        text_signature = "(self, /, position, *, misere=False, play=None, players=None, method='auto', max_moves=20, budget=None, memory=None, timeout=None, lang='en')"
    )]
    #[allow(clippy::too_many_arguments)]
    fn solve(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        misere: bool,
        play: Option<&str>,
        players: Option<u32>,
        method: &str,
        max_moves: Option<usize>,
        budget: Option<u64>,
        memory: Option<MemorySize>,
        timeout: Option<f64>,
        lang: &str,
    ) -> PyResult<Py<PyAny>> {
        let misere = misere_of(misere, play)?;
        let words: Vec<String> = match &self.rules {
            // One vertex name per token: a string of names separated by spaces, or a list.
            Rules::Graph(spec, _) => match position.extract::<String>() {
                Ok(text) => text.split_whitespace().map(str::to_string).collect(),
                Err(_) => position.extract::<Vec<String>>().map_err(|_| {
                    PyTypeError::new_err(format!("a position of {spec} is vertex names: 'a b' or ['a', 'b']"))
                })?,
            },
            _ => self::position(position)?.iter().map(ToString::to_string).collect(),
        };
        self.solve_words(py, words, misere, players, method, max_moves, budget, memory, timeout, lang)
    }

    /// Values one shard of the position's options into the SQLite store ``db`` (``nimlab solve
    /// --db FILE --shard I/N``): the options' classes under the position's symmetries are split
    /// into ``n`` parts by a stable hash, and this call values the classes of part ``i``
    /// (``shard='i/n'``; ``None``: every class), each stored as soon as it is known, so a run
    /// killed at any point resumes where it stopped. ``merge``: other shards' stores, merged into
    /// ``db`` first. Once ``db`` holds every class, ``grundy`` is the position's value and
    /// ``values`` every option's (normal play only).
    ///
    /// >>> import os, tempfile
    /// >>> d = tempfile.mkdtemp()
    /// >>> a, b = os.path.join(d, 'a.sqlite'), os.path.join(d, 'b.sqlite')
    /// >>> cram = Game('cram', board='3x5')
    /// >>> cram.solve_shard([], a, shard='0/2').grundy is None
    /// True
    /// >>> r = cram.solve_shard([], b, shard='1/2', merge=[a])
    /// >>> r.grundy == cram.solve([]).grundy, r.stored == r.classes
    /// (True, True)
    #[pyo3(
        signature = (position, db, *, shard = None, merge = Vec::new(), budget = None, memory = None, timeout = None, lang = "en"),
        text_signature = "(self, /, position, db, *, shard=None, merge=[], budget=None, memory=None, timeout=None, lang='en')"
    )]
    #[allow(clippy::too_many_arguments)]
    fn solve_shard(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        db: PathBuf,
        shard: Option<&str>,
        merge: Vec<PathBuf>,
        budget: Option<u64>,
        memory: Option<MemorySize>,
        timeout: Option<f64>,
        lang: &str,
    ) -> PyResult<ShardResult> {
        let shard = shard.map(|text| text.parse::<Shard>().map_err(PyValueError::new_err)).transpose()?;
        let words = self::position(position)?.iter().map(ToString::to_string).collect();
        let question = Question::Solve { game: self.spec().clone(), position: words };
        let request = self.request(question, false, None, "auto", None, lang)?;
        // A position of numbers; the other decision of one position, tokens on a graph read from a
        // file, has no options to split.
        let Decided::Solve(request) = request.decide(&no_files).map_err(crate::compute::py_error)? else {
            let game = self.spec().to_string();
            return Err(crate::compute::py_error(ReportError::Invalid(CommandError::GraphGameByTokens {
                game,
            })));
        };
        let budget = self::budget(budget, memory, timeout)?;
        let report = run(
            py,
            &budget,
            Lane::Long,
            |_| false,
            |budget| {
                merge_shards(&db, &merge)?;
                solve_sharded(&request, &db, shard, budget)
            },
        )?;
        Ok(ShardResult(Report::new(report)))
    }

    /// The position ``position`` of this game, for sums: ``g1.at([3, 4]) + g2.at([3, 5])``.
    fn at(slf: &Bound<'_, Self>, position: &Bound<'_, PyAny>) -> PyResult<Position> {
        let numbers = slf.get().check(slf.py(), position)?;
        Ok(Position { game: slf.clone().unbind(), numbers })
    }

    /// Every legal move from ``position`` (records with ``.move`` and ``.to``).
    ///
    /// >>> [m.to for m in Game('bash', max=2).options(5)]
    /// [[4], [3]]
    #[pyo3(signature = (position, *, budget = None, memory = None, timeout = None, lang = "en"))]
    fn options<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'_, PyAny>,
        budget: Option<u64>,
        memory: Option<MemorySize>,
        timeout: Option<f64>,
        lang: &str,
    ) -> PyResult<Bound<'py, PyList>> {
        let numbers = self::position(position)?;
        let lang = self::lang(lang)?;
        let budget = self::budget(budget, memory, timeout)?;
        let moves = self.run(
            py,
            &budget,
            Lane::Point,
            |_| false,
            |game, budget| {
                let numbers = game.check_position(&numbers)?;
                Ok(game.options(&numbers, budget, lang)?)
            },
        )?;
        let list = PyList::empty(py);
        for report in moves {
            list.append(Record(serde_json::to_value(&report).expect("moves serialize")))?;
        }
        Ok(list)
    }

    /// The first ``count`` P-positions in order of their largest number: by closed form where
    /// the ruleset lists them, else position by position (``heaps``: how many numbers a
    /// position has; ``all_orders``: not only non-decreasing ones). A listing that runs out of
    /// budget returns what it found (``complete`` is False, ``stopped`` says why).
    ///
    /// >>> Game('bash', max=3).p_positions(4).p_positions
    /// [[0], [4], [8], [12]]
    #[pyo3(signature = (count = 10, *, heaps = None, all_orders = false, misere = false, play = None, method = "auto", budget = None, memory = None, timeout = None))]
    #[allow(clippy::too_many_arguments)]
    fn p_positions(
        &self,
        py: Python<'_>,
        count: usize,
        heaps: Option<usize>,
        all_orders: bool,
        misere: bool,
        play: Option<&str>,
        method: &str,
        budget: Option<u64>,
        memory: Option<MemorySize>,
        timeout: Option<f64>,
    ) -> PyResult<PPositions> {
        let misere = misere_of(misere, play)?;
        let request =
            PRequest { count, heaps, all_orders, play: self::play(misere), method: self::method(method)? };
        let budget = self::budget(budget, memory, timeout)?;
        let report = self.run(
            py,
            &budget,
            Lane::Long,
            |_| false,
            |game, budget| nimlab_reports::p_positions::p_positions_of(game, &request, budget, &no_progress),
        )?;
        Ok(PPositions(Report::new(report)))
    }

    /// The period of the game's Grundy sequence (``nimlab period``): certified for a subtraction
    /// game and a take-and-break game (octal codes, Kayles: the Guy–Smith theorem), computing
    /// at most ``limit`` values (default 50000000); for any other one-heap game, also one defined
    /// in Python, the period or saltus observed in its first ``limit`` values (default 10000),
    /// ``status`` ``'observed'`` or ``'none-seen'``, never certified.
    ///
    /// >>> Game('nim').period(limit=100).observed.saltus
    /// 1
    #[pyo3(signature = (*, limit = None, budget = None, memory = None, timeout = None))]
    fn period(
        &self,
        py: Python<'_>,
        limit: Option<u64>,
        budget: Option<u64>,
        memory: Option<MemorySize>,
        timeout: Option<f64>,
    ) -> PyResult<PeriodResult> {
        let budget = self::budget(budget, memory, timeout)?;
        let report = self.run(
            py,
            &budget,
            Lane::Long,
            |_| false,
            |game, budget| nimlab_reports::period::period_of(game, limit, budget),
        )?;
        Ok(PeriodResult(Report::new(report)))
    }

    /// The misère quotient of a take-and-break game (``nimlab quotient``): computed heap by heap
    /// until its periodicity certificate, heap ``upto`` or the budget; a partial quotient says
    /// so in ``status``.
    #[pyo3(signature = (*, upto = None, budget = None, memory = None, timeout = None))]
    fn misere_quotient(
        &self,
        py: Python<'_>,
        upto: Option<u64>,
        budget: Option<u64>,
        memory: Option<MemorySize>,
        timeout: Option<f64>,
    ) -> PyResult<QuotientResult> {
        // A game defined in Python has no take-and-break code, so no quotient.
        let Some(spec) = self.spec().registered() else {
            let game = self.spec().to_string();
            return Err(crate::compute::py_error(ReportError::Invalid(CommandError::NoMisereQuotient {
                game,
            })));
        };
        let request = QuotientRequest { spec: spec.clone(), upto };
        let budget = self::budget(budget, memory, timeout)?;
        let report = run(py, &budget, Lane::Long, |_| false, |budget| quotient(&request, budget))?;
        Ok(QuotientResult(Report::new(report)))
    }

    /// Compares the game's closed form with the exhaustive search on every position whose
    /// numbers are at most ``upto`` (default: the ruleset's own bound); ``players=n``: the
    /// ``n``-player closed forms.
    #[pyo3(signature = (*, upto = None, misere = false, players = None, budget = None, memory = None, timeout = None))]
    #[allow(clippy::too_many_arguments)]
    fn verify(
        &self,
        py: Python<'_>,
        upto: Option<u64>,
        misere: bool,
        players: Option<u32>,
        budget: Option<u64>,
        memory: Option<MemorySize>,
        timeout: Option<f64>,
    ) -> PyResult<VerifyResult> {
        let Some(spec) = self.spec().registered() else {
            return Err(PyValueError::new_err(format!(
                "{} is defined in Python and has no closed form to verify",
                self.spec()
            )));
        };
        let request = VerifyRequest { spec: Some(spec.clone()), bound: upto, play: play(misere), players };
        let budget = self::budget(budget, memory, timeout)?;
        let report = run(
            py,
            &budget,
            Lane::Long,
            |_| false,
            |budget| nimlab_reports::verify::verify(&request, budget, &no_progress),
        )?;
        Ok(VerifyResult(Report::new(report)))
    }

    /// The table ``nimlab table`` makes, as a report with how the engine computed it (its
    /// ``basis``, ``method`` and ``detail``): the one-heap sequence ``0..=upto``, or the grid of
    /// two-heap positions ``(r, c)`` for ``r <= rows``, ``c <= cols``. ``outcomes=True`` (or
    /// ``misere=True``) gives P/N outcomes instead of Grundy values. A game whose positions repeat
    /// (``fair-shares``, ``loopy-pattern``) gives a ``LoopyTableResult`` instead: every position
    /// reachable from those up to ``upto`` (without it, the game's own bound), with its value (an
    /// int or an ``Infinite``), outcome (P, N or D for a draw) and remoteness. A game on a board
    /// of squares (``chomp``) with ``rectangles=True`` and ``rows``, ``cols`` gives a
    /// ``RectanglesResult``: the winning first moves of every rectangle up to ``rows x cols``.
    ///
    /// >>> Game('kayles').table(upto=12).values[-3:]
    /// [2, 6, 4]
    /// >>> t = Game('fair-shares').table(upto=11)
    /// >>> t.positions, t.counts.D
    /// (194, 45)
    #[pyo3(
        signature = (*, upto = None, rows = None, cols = None, outcomes = false, misere = false, play = None, method = "auto", budget = None, memory = None, timeout = None, rectangles = false),
        text_signature = "(self, /, *, upto=None, rows=None, cols=None, outcomes=False, misere=False, play=None, method='auto', budget=None, memory=None, timeout=None, rectangles=False)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn table(
        &self,
        py: Python<'_>,
        upto: Option<u64>,
        rows: Option<u64>,
        cols: Option<u64>,
        outcomes: bool,
        misere: bool,
        play: Option<&str>,
        method: &str,
        budget: Option<u64>,
        memory: Option<MemorySize>,
        timeout: Option<f64>,
        rectangles: bool,
    ) -> PyResult<Py<PyAny>> {
        let misere = misere_of(misere, play)?;
        let shape = match (upto, rows, cols) {
            (Some(upto), None, None) => TableShape::Sequence { upto },
            (None, Some(rows), Some(cols)) => TableShape::Grid { rows, cols },
            // Every position: a loopy game's table (a game that ends needs a range).
            (None, None, None) => TableShape::Positions { upto: None },
            _ => return Err(PyValueError::new_err("a table needs upto=N, or rows=R and cols=C")),
        };
        let cells = if outcomes { Cells::Outcomes } else { Cells::Usual };
        let question = match shape {
            TableShape::Grid { rows, cols } if rectangles => {
                Question::Rectangles { game: self.spec().clone(), rows, cols }
            }
            _ if rectangles => return Err(PyValueError::new_err("rectangles=True needs rows=R and cols=C")),
            shape => Question::Table { game: self.spec().clone(), shape, cells, period: false },
        };
        let request = self.request(question, misere, None, method, None, "en")?;
        let budget = self::budget(budget, memory, timeout)?;
        let answer = self.answer(py, &request, &budget, Lane::Long, |_| false)?;
        answer_object(py, answer)
    }

    /// The values of the one-heap positions ``0, 1, ..., upto`` as a 1-D numpy array of
    /// ``upto + 1`` values (``nimlab table --upto N``): Grundy values, or with ``misere=True``
    /// outcomes (0 for P, 1 for N). The engine's fastest path (a closed form, a certified
    /// period, the SUB(S) generator, else every value from the rules) writes them into the
    /// array without the GIL; the dtype is the narrowest unsigned integer that holds the path's
    /// proven bound on the values (``uint64`` when it knows none). The array's memory counts
    /// against the budget (4 bytes a unit).
    ///
    /// >>> Game('subtraction', set=[1, 3, 4]).sequence(upto=9)
    /// array([0, 1, 0, 1, 2, 3, 2, 0, 1, 0], dtype=uint8)
    #[pyo3(
        signature = (upto, *, misere = false, method = "auto", budget = None, memory = None, timeout = None),
        text_signature = "(self, /, upto, *, misere=False, method='auto', budget=None, memory=None, timeout=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn sequence(
        &self,
        py: Python<'_>,
        upto: &Bound<'_, PyAny>,
        misere: bool,
        method: &str,
        budget: Option<u64>,
        memory: Option<MemorySize>,
        timeout: Option<f64>,
    ) -> PyResult<Py<PyAny>> {
        let upto = last_index(upto, "upto")?;
        self.array(
            py,
            misere,
            method,
            self::budget(budget, memory, timeout)?,
            |game, play, method, budget| Producer::sequence(game, upto, play, method, budget),
        )
    }

    /// The values of the two-heap positions ``(r, c)`` for ``r = 0..=rows`` and
    /// ``c = 0..=cols`` as a 2-D numpy array of shape ``(rows + 1, cols + 1)``, ``a[r, c]`` the
    /// value of ``(r, c)`` (``nimlab table --rows R --cols C``: the bounds are included). As
    /// ``sequence``: Grundy values or misère outcomes, the engine's fastest path (a closed form,
    /// the line kernel, else every cell from the rules) without the GIL, the narrowest dtype.
    ///
    /// >>> Game('wythoff').grid(3, 4)
    /// array([[0, 1, 2, 3, 4],
    ///        [1, 2, 0, 4, 5],
    ///        [2, 0, 1, 5, 3],
    ///        [3, 4, 5, 6, 2]], dtype=uint8)
    #[pyo3(
        signature = (rows, cols, *, misere = false, method = "auto", budget = None, memory = None, timeout = None),
        text_signature = "(self, /, rows, cols, *, misere=False, method='auto', budget=None, memory=None, timeout=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn grid(
        &self,
        py: Python<'_>,
        rows: &Bound<'_, PyAny>,
        cols: &Bound<'_, PyAny>,
        misere: bool,
        method: &str,
        budget: Option<u64>,
        memory: Option<MemorySize>,
        timeout: Option<f64>,
    ) -> PyResult<Py<PyAny>> {
        let (rows, cols) = (last_index(rows, "rows")?, last_index(cols, "cols")?);
        self.array(
            py,
            misere,
            method,
            self::budget(budget, memory, timeout)?,
            |game, play, method, budget| Producer::grid(game, rows, cols, play, method, budget),
        )
    }
    /// The picture ``nimlab plot --rows R --cols C`` draws of ``grid(rows, cols)``: one cell per
    /// position ``(r, c)``, row 0 at the bottom, P-positions red, the others shaded by Grundy
    /// value (written in the cells when they are large enough), or grey with ``outcomes=True``
    /// or ``misere=True``. Values from the engine's table path; at most 250000 cells.
    ///
    /// >>> picture = Game('nim').plot_grid(3, 4)
    /// >>> picture.title
    /// 'nim: Grundy values of (r, c)'
    /// >>> picture.svg.count('fill="#D32F2F"')  # the P-positions (r, r), in red
    /// 4
    #[pyo3(
        signature = (rows, cols, *, outcomes = false, misere = false, budget = None, memory = None, timeout = None),
        text_signature = "(self, /, rows, cols, *, outcomes=False, misere=False, budget=None, memory=None, timeout=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn plot_grid(
        &self,
        py: Python<'_>,
        rows: &Bound<'_, PyAny>,
        cols: &Bound<'_, PyAny>,
        outcomes: bool,
        misere: bool,
        budget: Option<u64>,
        memory: Option<MemorySize>,
        timeout: Option<f64>,
    ) -> PyResult<Picture> {
        let (rows, cols) = (last_index(rows, "rows")?, last_index(cols, "cols")?);
        let budget = self::budget(budget, memory, timeout)?;
        let (cells, grid) = self.run(
            py,
            &budget,
            Lane::Long,
            |_| false,
            |game, budget| {
                let ask = plot::GridAsk::new(rows, cols, outcomes, play(misere))?;
                Ok((plot::table_cells(game, &ask, budget)?, ask.picture(&game.name(), "r c")))
            },
        )?;
        Picture::new(grid.title.clone(), || py.detach(|| grid.svg(&cells)))
    }

    /// The picture ``nimlab plot --upto N`` draws of ``sequence(upto)``: the Grundy values as
    /// bars, P-positions as red dots, the period marked (certified by the engine for
    /// subtraction games, otherwise the least period seen in the values, and said to be only
    /// observed). Values from the engine's table path; ``upto`` at most 10000.
    ///
    /// >>> Game('subtraction', set=[1, 3, 4]).plot_sequence(30).title
    /// 'subtraction --set 1,3,4: Grundy values G(n), n = 0..30; period 7 from n = 0 (certified)'
    #[pyo3(
        signature = (upto, *, budget = None, memory = None, timeout = None),
        text_signature = "(self, /, upto, *, budget=None, memory=None, timeout=None)"
    )]
    fn plot_sequence(
        &self,
        py: Python<'_>,
        upto: &Bound<'_, PyAny>,
        budget: Option<u64>,
        memory: Option<MemorySize>,
        timeout: Option<f64>,
    ) -> PyResult<Picture> {
        let upto = last_index(upto, "upto")?;
        let budget = self::budget(budget, memory, timeout)?;
        let sequence = self.run(
            py,
            &budget,
            Lane::Long,
            |_| false,
            |game, budget| SequencePicture::compute(game, upto, budget),
        )?;
        Picture::new(sequence.title.clone(), || py.detach(|| sequence.svg()))
    }
}

/// A position of a game, for sums: ``Game('nim').at([3, 4])``. ``p1 + p2`` is their sum.
///
/// >>> Game('nim').at([3, 4]) + Game('wythoff').at([3, 5])
/// Sum(Game('nim').at([3, 4]), Game('wythoff').at([3, 5]))
#[pyclass(module = "nimlab", frozen)]
pub(crate) struct Position {
    game: Py<Game>,
    numbers: CheckedPosition,
}

#[pymethods]
impl Position {
    /// The game.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// The position's numbers.
    #[getter]
    fn position(&self) -> Vec<BigUint> {
        self.numbers.to_vec()
    }

    /// Solves this position alone (as ``Game.solve``).
    #[pyo3(
        signature = (*, misere = false, players = None, method = "auto", max_moves = Some(20), budget = None, memory = None, timeout = None, lang = "en"),
        text_signature = "(self, /, *, misere=False, players=None, method='auto', max_moves=20, budget=None, memory=None, timeout=None, lang='en')"
    )]
    #[allow(clippy::too_many_arguments)]
    fn solve(
        &self,
        py: Python<'_>,
        misere: bool,
        players: Option<u32>,
        method: &str,
        max_moves: Option<usize>,
        budget: Option<u64>,
        memory: Option<MemorySize>,
        timeout: Option<f64>,
        lang: &str,
    ) -> PyResult<Py<PyAny>> {
        self.game.get().solve_words(
            py,
            self.numbers.iter().map(ToString::to_string).collect(),
            misere,
            players,
            method,
            max_moves,
            budget,
            memory,
            timeout,
            lang,
        )
    }

    fn __add__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Sum> {
        let mut parts = vec![slf.clone().unbind()];
        parts.extend(summands(other)?);
        Ok(Sum { parts })
    }

    /// ``0 + position``, so that ``sum(positions)`` works.
    fn __radd__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Sum> {
        let mut parts = summands(other)?;
        parts.push(slf.clone().unbind());
        Ok(Sum { parts })
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let numbers: Vec<String> = self.numbers.iter().map(BigUint::to_string).collect();
        Ok(format!("{}.at([{}])", self.game.bind(py).repr()?, numbers.join(", ")))
    }
}

/// The positions `other` adds to a sum: a position, a sum's parts, or nothing for `0`.
fn summands(other: &Bound<'_, PyAny>) -> PyResult<Vec<Py<Position>>> {
    if let Ok(position) = other.cast::<Position>() {
        return Ok(vec![position.clone().unbind()]);
    }
    if let Ok(sum) = other.cast::<Sum>() {
        return Ok(sum.get().parts.iter().map(|p| p.clone_ref(other.py())).collect());
    }
    if other.extract::<i64>().is_ok_and(|n| n == 0) {
        return Ok(Vec::new());
    }
    Err(PyTypeError::new_err(format!(
        "a sum adds positions (game.at(position)), not {}",
        other.get_type().name()?
    )))
}

/// A disjunctive sum of positions: a move is a move in one of them.
///
/// >>> s = Game('nim').at([3, 4]) + Game('subtraction', set=[1, 3, 4]).at(10)
/// >>> s.solve().grundy
/// 6
#[pyclass(module = "nimlab", frozen)]
pub(crate) struct Sum {
    parts: Vec<Py<Position>>,
}

#[pymethods]
impl Sum {
    /// The parts.
    #[getter]
    fn parts(&self, py: Python<'_>) -> Vec<Py<Position>> {
        self.parts.iter().map(|p| p.clone_ref(py)).collect()
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<Sum> {
        let mut parts: Vec<Py<Position>> = self.parts.iter().map(|p| p.clone_ref(other.py())).collect();
        parts.extend(summands(other)?);
        Ok(Sum { parts })
    }

    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<Sum> {
        let mut parts = summands(other)?;
        parts.extend(self.parts.iter().map(|p| p.clone_ref(other.py())));
        Ok(Sum { parts })
    }

    fn __len__(&self) -> usize {
        self.parts.len()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let parts: Vec<String> =
            self.parts.iter().map(|p| Ok(p.bind(py).repr()?.to_string())).collect::<PyResult<_>>()?;
        Ok(format!("Sum({})", parts.join(", ")))
    }

    /// The sum's outcome and Grundy value (the XOR of its parts') under normal play, with every
    /// winning move: a move in one part to an option of value ``g_i ^ X``.
    #[pyo3(
        signature = (*, method = "auto", max_moves = Some(20), budget = None, memory = None, timeout = None, lang = "en"),
        text_signature = "(self, /, *, method='auto', max_moves=20, budget=None, memory=None, timeout=None, lang='en')"
    )]
    #[allow(clippy::too_many_arguments)]
    fn solve(
        &self,
        py: Python<'_>,
        method: &str,
        max_moves: Option<usize>,
        budget: Option<u64>,
        memory: Option<MemorySize>,
        timeout: Option<f64>,
        lang: &str,
    ) -> PyResult<SumResult> {
        let method = self::method(method)?;
        let lang = self::lang(lang)?;
        let budget = self::budget(budget, memory, timeout)?;
        // One session per game defined in Python (a game may appear in several parts).
        let mut sessions: Vec<(*const CallbackGame, Session<'_>)> = Vec::new();
        let mut games: Vec<Arc<dyn AnyGame>> = Vec::new();
        let parts: Vec<&Position> = self.parts.iter().map(|p| p.get()).collect();
        for part in &parts {
            match &part.game.get().rules {
                Rules::Registered(game) => games.push(Arc::clone(game)),
                Rules::Graph(spec, _) => {
                    return Err(PyValueError::new_err(format!(
                        "{spec} is a token game on a graph: a sum of tokens is solve('a b ...')"
                    )))
                }
                Rules::Python(game) => {
                    let key: *const CallbackGame = game;
                    if let Some((_, session)) = sessions.iter().find(|(k, _)| *k == key) {
                        games.push(session.game());
                    } else {
                        let session = game.begin(py, &budget);
                        games.push(session.game());
                        sessions.push((key, session));
                    }
                }
            }
        }
        let moves = max_moves.unwrap_or(usize::MAX);
        let answer = run(
            py,
            &budget,
            Lane::Point,
            |_| false,
            |budget| {
                let sum: Vec<SumPart<'_>> = parts
                    .iter()
                    .zip(&games)
                    .map(|(part, game)| SumPart { game: game.as_ref(), position: part.numbers.clone() })
                    .collect();
                nimlab_reports::solve::sum_of(&sum, method, moves, budget, lang)
            },
        );
        let mut failure = None;
        for (_, session) in sessions {
            if let Some(error) = session.end() {
                failure.get_or_insert(error);
            }
        }
        Ok(SumResult(Report::new(failure.map_or(answer, Err)?)))
    }
}
