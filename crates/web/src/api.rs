//! The JSON API: each endpoint builds a request from the query (or a JSON body) and calls the
//! same report function as the command, then serializes the report. The accepted keys are the
//! endpoint's own and the game parameters the rulesets declare (`max=`, `set=`, `move=` ...).
//!
//! | endpoint | keys | report |
//! |---|---|---|
//! | `/api/games` | | every ruleset with its parameters |
//! | `/api/solve` | `game`, `position`, parameters, `misere`, `method`, `players`, `all`, `graph`; or `part` (repeated) for a sum | `solve`; a game on a graph: `position` is one vertex name per token |
//! | `/api/table` | `game`, parameters, `upto` or `rows` + `cols`, `outcomes`, `misere`, `method`, `period`, `graph`, `rectangles` | `table`; with `period=1` a sequence's period; a loopy game's every position reachable from those up to `upto`; a game on a graph: every vertex; with `rectangles=1` and `rows` + `cols` every rectangle's winning first moves (`table --rectangles`) |
//! | `/api/p-positions` | `game`, parameters, `count`, `heaps`, `misere` | `p-positions` |
//! | `/api/position` | `game`, `position`, parameters | `position::ReadPosition`: a typed position's numbers as the reports read them (full-width forms too), with no search |
//! | `/api/options` | `game`, `position`, parameters, `misere`, `values` | every legal move; with `values=1` each move's value (outcome and remoteness); a game on a graph: its `layout` |
//! | `/api/move` | `game`, `position`, parameters, `misere`, `mistakes`, `seed`; or `part` (repeated) for a sum, with `mistakes`, `seed` | nimlab's reply (`play::reply_report`, a sum's `play::sum_reply_report`) |
//!
//! Fixed bounds: a position has at most [`MAX_NUMBERS`] numbers of at most [`MAX_DIGITS`]
//! digits; a table at most [`MAX_TABLE_CELLS`] cells; a listing at most [`MAX_COUNT`] positions;
//! a graph's text at most [`MAX_GRAPH_BYTES`] bytes.
//!
//! A game on a graph file (its declaration's loopy capability names the file parameter) gets its
//! graph as text, `graph=TEXT` (an edge list or Graphviz DOT, as in the file); the server reads no
//! files, so the file parameter, if given, only names the graph in the answer.

use std::collections::BTreeSet;

use nimlab_engine::listing::PRequest;
use nimlab_engine::parse_count;
use nimlab_engine::LoopyPositions;
use nimlab_engine::RulesetInfo;
use nimlab_engine::UnknownLang;
use nimlab_engine::{BigUint, Budget, EngineError, Exhausted, GameSpec, Lang, Method, Play, UnknownMethod};
use nimlab_reports::play::{option_values, OptionsReport, Strength, ValuedOptions};
use nimlab_reports::position::{GameRef, Position, ReadPosition};
use nimlab_reports::request::{position_numbers, Cells, Limits, Part, Players, Question, Request};
use nimlab_reports::table::TableShape;
use nimlab_reports::verify::VerifyRequest;
use nimlab_reports::{CommandError, ReportError, DEFAULT_MAX_MOVES};
use serde::Serialize;

use super::Reply;

/// The most numbers in a position.
pub const MAX_NUMBERS: usize = 64;
/// The most digits in one number.
pub const MAX_DIGITS: usize = 400;
/// The most cells a table may have.
pub const MAX_TABLE_CELLS: u64 = 64 * 64;
/// The most P-positions one listing returns.
pub const MAX_COUNT: u64 = 10_000;
/// The largest last row or column of a grid picture (`/api/plot`): 300 x 300 cells.
pub const MAX_PLOT_SIDE: u64 = 299;
/// The most parts of a sum.
const MAX_PARTS: usize = 16;
/// The playground's fixed limits on a request's position: [`MAX_NUMBERS`] numbers of at most
/// [`MAX_DIGITS`] digits, and the default count of winning moves listed.
const LIMITS: Limits =
    Limits { max_moves: DEFAULT_MAX_MOVES, max_numbers: MAX_NUMBERS, max_digits: MAX_DIGITS };
/// The largest graph text (`graph=`) a request may carry, in bytes (a fixed limit of the server).
pub const MAX_GRAPH_BYTES: usize = 64 * 1024;
/// The most values `/api/period` computes (a fixed limit of the playground; `nimlab period`
/// has none but the budget).
pub const MAX_PERIOD_VALUES: u64 = 1_000_000;
/// The largest third row `/api/census` takes (a fixed limit of the playground: the census's
/// memory grows with the square of it; `nimlab census` has none but the budget).
pub const MAX_CENSUS_THIRD_ROW: u64 = 2_000;

/// Which lane an answer is computed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lane {
    /// A small budget: running out is not an error, the slow lane takes over.
    Fast,
    /// The server's budget: running out is the answer.
    Final,
}

/// What a lane produced.
#[derive(Debug)]
pub enum Answer {
    /// The reply to send.
    Done(Reply),
    /// The fast lane's budget ran out.
    OutOfBudget,
}

/// The request's parameters as `(key, value)` pairs, from a query or a JSON object.
#[derive(Debug, Clone, Default)]
pub struct Params(Vec<(String, String)>);

impl Params {
    /// Parses a URL query.
    ///
    /// # Errors
    /// A 400 reply for a malformed query.
    pub fn from_query(query: &str) -> Result<Params, Reply> {
        let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
            .map(|(k, v)| (k.into_owned(), v.trim().to_string()))
            .collect();
        Ok(Params(pairs))
    }

    /// Parses a JSON object: strings, numbers and booleans as values, arrays for repeated keys
    /// (a position may be an array of numbers or a string).
    ///
    /// # Errors
    /// A 400 reply for anything else.
    pub fn from_json(body: &[u8]) -> Result<Params, Reply> {
        let bad =
            |why: &str| Reply::error(400, "usage", format!("the request body must be a JSON object: {why}"));
        let value: serde_json::Value = serde_json::from_slice(body).map_err(|e| bad(&e.to_string()))?;
        let object = value.as_object().ok_or_else(|| bad("it is not an object"))?;
        let scalar = |v: &serde_json::Value| match v {
            serde_json::Value::String(s) => Some(s.trim().to_string()),
            serde_json::Value::Number(n) => Some(n.to_string()),
            serde_json::Value::Bool(b) => Some(b.to_string()),
            _ => None,
        };
        let mut pairs = Vec::new();
        for (key, value) in object {
            match value {
                serde_json::Value::Array(items) if key == "position" => {
                    let numbers: Option<Vec<String>> = items.iter().map(scalar).collect();
                    let numbers = numbers.ok_or_else(|| bad("a position holds numbers"))?;
                    pairs.push((key.clone(), numbers.join(" ")));
                }
                serde_json::Value::Array(items) => {
                    for item in items {
                        pairs.push((
                            key.clone(),
                            scalar(item).ok_or_else(|| bad("arrays hold strings or numbers"))?,
                        ));
                    }
                }
                serde_json::Value::Null => {}
                other => pairs.push((
                    key.clone(),
                    scalar(other).ok_or_else(|| bad("values are strings, numbers or booleans"))?,
                )),
            }
        }
        Ok(Params(pairs))
    }

    /// The one value of `key` (empty values count as absent).
    fn get(&self, key: &str) -> Result<Option<&str>, Reply> {
        let mut values = self.0.iter().filter(|(k, v)| k == key && !v.is_empty()).map(|(_, v)| v.as_str());
        let first = values.next();
        if values.next().is_some() {
            return Err(usage_with(
                format!("the parameter '{key}' is given more than once"),
                serde_json::json!({"code": "repeated-key", "key": key}),
            ));
        }
        Ok(first)
    }

    /// Every value of `key`.
    fn all(&self, key: &str) -> Vec<&str> {
        self.0.iter().filter(|(k, v)| k == key && !v.is_empty()).map(|(_, v)| v.as_str()).collect()
    }

    fn flag(&self, key: &str) -> Result<bool, Reply> {
        match self.get(key)? {
            None | Some("0" | "false" | "no") => Ok(false),
            Some("1" | "true" | "yes") => Ok(true),
            Some(other) => Err(usage(format!("'{key}' must be 1 or 0 (true or false), not '{other}'"))),
        }
    }

    fn count(&self, key: &str) -> Result<Option<u64>, Reply> {
        self.get(key)?.map(|v| parse_count(v).map_err(|e| usage(format!("'{key}': {e}")))).transpose()
    }

    /// Fails on a key that is neither the endpoint's own nor a game parameter of `spec`'s game
    /// (the spec itself rejects parameters of other games).
    fn only(&self, own: &[&str], spec: Option<&GameSpec>) -> Result<(), Reply> {
        let declared: BTreeSet<&str> =
            spec.into_iter().flat_map(|spec| spec.info().params).map(|p| p.name).collect();
        match self.0.iter().map(|(k, _)| k.as_str()).find(|k| !own.contains(k) && !declared.contains(k)) {
            Some(key) => {
                let mut accepted: Vec<&str> = own.to_vec();
                accepted.extend(declared);
                Err(usage_with(
                    format!("unknown parameter '{key}'; this request takes: {}", accepted.join(", ")),
                    serde_json::json!({"code": "unknown-key", "key": key}),
                ))
            }
            None => Ok(()),
        }
    }

    /// The game with the parameters among the pairs (all pairs whose key is not in `own`).
    fn spec(&self, own: &[&str]) -> Result<GameSpec, Reply> {
        let game = self.get("game")?.ok_or_else(|| {
            usage_with(
                "the parameter 'game' is required",
                serde_json::json!({"code": "missing-key", "key": "game"}),
            )
        })?;
        // A key the endpoint keeps for itself is still the game's when the game declares it as
        // a parameter (`graph`: a graph game's graph, not the token game's file text).
        let declared = RulesetInfo::find(game);
        let pairs: Vec<(&str, &str)> = self
            .0
            .iter()
            .filter(|(k, v)| {
                (!own.contains(&k.as_str()) || declared.is_some_and(|i| i.param(k).is_some()))
                    && !v.is_empty()
            })
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        GameSpec::from_pairs(game, &pairs)
            .map_err(|e| report_error(&ReportError::Engine(EngineError::Spec(e))))
    }

    /// The position as typed (`position=`): numbers, a row of coins as one word (`THHTH`) or
    /// vertex names, separated by commas or spaces, which the reports read
    /// ([`nimlab_reports::request::position_words`]: full-width forms too).
    fn words(&self) -> Result<Vec<String>, Reply> {
        // Given empty (`position=`), it is the empty position (a graph game's whole graph); the
        // game says whether it has one.
        let given = self.0.iter().any(|(k, _)| k == "position");
        match self.get("position")? {
            Some(text) => Ok(vec![text.to_string()]),
            None if given => Ok(Vec::new()),
            None => Err(usage_with(
                "the parameter 'position' is required",
                serde_json::json!({"code": "missing-key", "key": "position"}),
            )),
        }
    }

    /// The position's numbers, read by the reports within the playground's limits.
    fn position(&self, spec: &GameSpec) -> Result<Vec<BigUint>, Reply> {
        position_numbers(spec, &self.words()?, &LIMITS).map_err(|e| report_error(&e))
    }

    /// The number of players (`players=N`; two when absent).
    fn players(&self) -> Result<Option<Players>, Reply> {
        self.get("players")?
            .map(|text| text.parse().map_err(|e| report_error(&ReportError::Invalid(e))))
            .transpose()
    }

    fn play(&self) -> Result<Play, Reply> {
        Ok(if self.flag("misere")? { Play::Misere } else { Play::Normal })
    }

    /// The language of the reasons and move texts (`lang=zh`; English when absent).
    fn lang(&self) -> Result<Lang, Reply> {
        self.get("lang")?
            .map_or(Ok(Lang::En), |code| code.parse().map_err(|e: UnknownLang| usage(e.to_string())))
    }

    fn method(&self) -> Result<Method, Reply> {
        self.get("method")?
            .map_or(Ok(Method::Auto), |text| text.parse().map_err(|e: UnknownMethod| usage(e.to_string())))
    }
}

/// A game on a graph file with its graph sent as text: the game's spec (its file parameter, when
/// absent, names the graph `request`) and the text. `None` for any other game; a usage error for
/// a `graph=` text to another game, or one over [`MAX_GRAPH_BYTES`].
fn graph_game(params: &Params, own: &[&str]) -> Result<Option<(GameSpec, Option<String>)>, Reply> {
    let text = params.get("graph")?;
    let info = params.get("game")?.and_then(RulesetInfo::find);
    // A game whose own parameter is `graph` (Node-Kayles, ...) takes it as its parameter.
    if info.is_some_and(|i| i.param("graph").is_some()) {
        if text.is_some_and(|t| t.len() > MAX_GRAPH_BYTES) {
            return Err(usage(format!(
                "a graph's text has at most {MAX_GRAPH_BYTES} bytes (a fixed limit of the server)"
            )));
        }
        return Ok(None);
    }
    let Some(LoopyPositions::GraphFile { param }) = info.and_then(|i| i.capabilities.loopy) else {
        return match text {
            Some(_) => Err(usage("'graph' (a graph's text) applies to a game on a graph")),
            None => Ok(None),
        };
    };
    if text.is_some_and(|t| t.len() > MAX_GRAPH_BYTES) {
        return Err(usage(format!(
            "a graph's text has at most {MAX_GRAPH_BYTES} bytes (a fixed limit of the server)"
        )));
    }
    let mut named = params.clone();
    if text.is_some() && params.get(param)?.is_none() {
        named.0.push((param.to_string(), "request".to_string()));
    }
    let spec = named.spec(own)?;
    named.only(own, Some(&spec))?;
    Ok(Some((spec, text.map(str::to_string))))
}

/// The reader of a graph game's "file": the request's `graph=` text, never a path on the server.
fn graph_reader(text: Option<&str>) -> impl Fn(&str) -> Result<String, ReportError> + '_ {
    move |name: &str| {
        text.map(str::to_string)
            .ok_or_else(|| ReportError::Invalid(CommandError::ServerReadsNoFiles { path: name.to_string() }))
    }
}

fn usage(message: impl Into<String>) -> Reply {
    Reply::error(400, "usage", message)
}

fn usage_with(message: impl Into<String>, detail: serde_json::Value) -> Reply {
    Reply::error_with(400, "usage", message, Some(detail))
}

/// A report error as the playground says it: its English message, and its `detail` (the error
/// as data, with its words in both languages) when it has one.
fn report_error(error: &ReportError) -> Reply {
    let detail = position_detail(error).or_else(|| error.detail().and_then(|d| serde_json::to_value(d).ok()));
    if error.is_usage() {
        let hint = if error.is_no_theory() { "; choose method=search" } else { "" };
        return Reply::error_with(400, "usage", format!("{error}{hint}"), detail);
    }
    match error.exhausted() {
        Some(Exhausted::Cancelled) => Reply::error(503, "cancelled", error.to_string()),
        Some(Exhausted::Cycle { .. }) => Reply::error_with(422, "cycle", error.to_string(), Some(failure(error))),
        Some(Exhausted::Deadline { .. }) => Reply::error(
            422,
            "deadline",
            format!("{error}; the playground's time limit is fixed: use the command line for larger questions"),
        ),
        Some(Exhausted::MachineMemory { .. }) => Reply::error(
            422,
            "memory",
            format!("{error}; the playground's memory ceiling is set when it starts (nimlab serve --memory SIZE)"),
        ),
        Some(_) => Reply::error(
            422,
            "budget",
            format!("{error}; the playground's budget is fixed: use the command line (--budget N) for larger questions"),
        ),
        None => Reply::error_with(500, "failure", error.to_string(), Some(detail.unwrap_or_else(|| failure(error)))),
    }
}

/// The detail of an error the page has no text of its own for (a bug, a runtime failure, a game
/// that repeats a position): its words in both languages, from its data.
fn failure(error: &ReportError) -> serde_json::Value {
    serde_json::json!({"code": "failure", "reason": error.words()})
}

/// A position's fault as the page words it from its own texts (`server.bad-number`, ...): the
/// reports' error as the detail the page has always been sent.
fn position_detail(error: &ReportError) -> Option<serde_json::Value> {
    match error {
        ReportError::Invalid(CommandError::BadNumber { reason }) => {
            Some(serde_json::json!({"code": "bad-number", "value": reason.text()}))
        }
        ReportError::Invalid(CommandError::TooManyNumbers { max }) => {
            Some(serde_json::json!({"code": "too-many-numbers", "max": max}))
        }
        ReportError::Invalid(CommandError::TooManyDigits { max, .. }) => {
            Some(serde_json::json!({"code": "too-many-digits", "max": max}))
        }
        _ => None,
    }
}

/// The JSON of a report, or the error as a reply.
fn done<T: Serialize>(result: Result<T, ReportError>, lane: Lane) -> Answer {
    match result {
        Ok(report) => match serde_json::to_string(&report) {
            Ok(body) => Answer::Done(Reply::json(200, body)),
            Err(e) => {
                Answer::Done(Reply::error(500, "failure", format!("the report could not be written: {e}")))
            }
        },
        Err(error) if lane == Lane::Fast && error.exhausted().is_some_and(Exhausted::is_budget) => {
            Answer::OutOfBudget
        }
        Err(error) => Answer::Done(report_error(&error)),
    }
}

/// The playground's fixed bounds, as `/api/games` sends them (`limits`), so that a page asks
/// only what the API answers.
#[derive(Debug, Serialize)]
pub struct Bounds {
    /// [`MAX_NUMBERS`].
    pub numbers: usize,
    /// [`MAX_DIGITS`].
    pub digits: usize,
    /// [`MAX_TABLE_CELLS`].
    pub table_cells: u64,
    /// [`MAX_PLOT_SIDE`].
    pub plot_side: u64,
}

/// The bounds this API enforces.
pub const BOUNDS: Bounds = Bounds {
    numbers: MAX_NUMBERS,
    digits: MAX_DIGITS,
    table_cells: MAX_TABLE_CELLS,
    plot_side: MAX_PLOT_SIDE,
};

/// `/api/games`: the declarations (`nimlab games --json`) and the playground's [`Bounds`], with
/// no computation.
pub fn games() -> Reply {
    #[derive(Serialize)]
    struct Games {
        #[serde(flatten)]
        games: nimlab_reports::games::GamesReport,
        limits: Bounds,
    }
    match serde_json::to_string(&Games { games: nimlab_reports::games::games(), limits: BOUNDS }) {
        Ok(body) => Reply::json(200, body),
        Err(e) => Reply::error(500, "failure", e.to_string()),
    }
}

/// The answer to `endpoint` with `params`, under `budget`.
pub fn answer(endpoint: &str, params: &Params, budget: &Budget, lane: Lane) -> Answer {
    let result = match endpoint {
        "solve" => solve(params, budget, lane),
        "table" => table(params, budget, lane),
        "p-positions" => p_positions(params, budget, lane),
        "options" => options(params, budget, lane),
        "position" => read_position(params),
        "move" => reply(params, budget, lane),
        "period" => period(params, budget, lane),
        "verify" => verify(params, budget, lane),
        "census" => census(params, budget, lane),
        "plot" => plot(params, budget, lane),
        other => Err(Reply::error(
            404,
            "usage",
            format!("no API at /api/{other}; the API is /api/games, /api/solve, /api/table, /api/p-positions, /api/period, /api/verify, /api/census, /api/position, /api/options, /api/move, /api/plot"),
        )),
    };
    result.unwrap_or_else(Answer::Done)
}

/// The parts of a sum (`part`, repeated), at most [`MAX_PARTS`]; `None` without `part`. `own`
/// are the keys a sum's request takes.
fn sum_parts(params: &Params, own: &[&str]) -> Result<Option<Vec<Part>>, Reply> {
    let parts = params.all("part");
    if parts.is_empty() {
        return Ok(None);
    }
    params.only(own, None)?;
    if parts.len() > MAX_PARTS {
        return Err(usage(format!("a sum has at most {MAX_PARTS} parts")));
    }
    let parts = parts.iter().map(|p| p.parse()).collect::<Result<Vec<Part>, _>>();
    Ok(Some(parts.map_err(|e| report_error(&e))?))
}

/// `/api/solve`: the query as one [`Request`], decided and answered by the reports.
fn solve(params: &Params, budget: &Budget, lane: Lane) -> Result<Answer, Reply> {
    const OWN: &[&str] = &["game", "position", "misere", "method", "players", "all", "part", "lang", "graph"];
    let max_moves = if params.flag("all")? { usize::MAX } else { DEFAULT_MAX_MOVES };
    // A sum's play and players reach the request, which decides them.
    let sum_keys = &["part", "method", "all", "lang", "misere", "players"];
    let (question, text) = match sum_parts(params, sum_keys)? {
        Some(parts) => (Question::Sum { parts }, None),
        None => {
            let (game, text) = match graph_game(params, OWN)? {
                Some((spec, text)) => (spec, text),
                None => (params.spec(OWN)?, None),
            };
            params.only(OWN, Some(&game))?;
            (Question::Solve { game: game.into(), position: params.words()? }, text)
        }
    };
    let request = Request {
        question,
        play: params.play()?,
        players: params.players()?,
        method: params.method()?,
        lang: params.lang()?,
        limits: Limits { max_moves, ..LIMITS },
    };
    let read = graph_reader(text.as_deref());
    Ok(done(request.answer(&read, budget), lane))
}

/// `/api/table`: the query as one [`Request`]; a graph game's table is every vertex of the graph
/// sent as text (the server reads no files), a loopy game's every position reachable from those
/// up to `upto`.
fn table(params: &Params, budget: &Budget, lane: Lane) -> Result<Answer, Reply> {
    const OWN: &[&str] = &[
        "game",
        "misere",
        "method",
        "upto",
        "rows",
        "cols",
        "outcomes",
        "period",
        "lang",
        "graph",
        "rectangles",
    ];
    let (spec, text) = match graph_game(params, OWN)? {
        Some((spec, text)) => (spec, text),
        None => (params.spec(OWN)?, None),
    };
    params.only(OWN, Some(&spec))?;
    let cells = |rows: u64, cols: u64| {
        rows.checked_add(1).zip(cols.checked_add(1)).and_then(|(r, c)| r.checked_mul(c))
    };
    let shape = match (params.count("upto")?, params.count("rows")?, params.count("cols")?) {
        (Some(upto), None, None) if upto < MAX_TABLE_CELLS => TableShape::Sequence { upto },
        // Every position: a graph's or a loopy game's table (the reports refuse it for a game
        // that ends).
        (None, None, None) => TableShape::Positions { upto: None },
        (None, Some(rows), Some(cols)) if cells(rows, cols).is_some_and(|c| c <= MAX_TABLE_CELLS) => {
            TableShape::Grid { rows, cols }
        }
        _ => {
            return Err(usage(format!(
                "a table needs upto=N or rows=R&cols=C, with at most {MAX_TABLE_CELLS} cells (a fixed limit of the playground)"
            )))
        }
    };
    let question = match shape {
        // The winning first moves of every rectangle of a game on a board of squares.
        TableShape::Grid { rows, cols } if params.flag("rectangles")? => {
            Question::Rectangles { game: spec.into(), rows, cols }
        }
        shape => Question::Table {
            game: spec.into(),
            shape,
            cells: if params.flag("outcomes")? { Cells::Outcomes } else { Cells::Usual },
            period: params.flag("period")?,
        },
    };
    let request = Request {
        play: params.play()?,
        method: params.method()?,
        lang: params.lang()?,
        ..Request::new(question)
    };
    let read = graph_reader(text.as_deref());
    Ok(done(request.answer(&read, budget), lane))
}

fn p_positions(params: &Params, budget: &Budget, lane: Lane) -> Result<Answer, Reply> {
    const OWN: &[&str] = &["game", "misere", "count", "heaps", "lang"];
    let spec = params.spec(OWN)?;
    params.only(OWN, Some(&spec))?;
    let count = params.count("count")?.unwrap_or(10);
    if count == 0 || count > MAX_COUNT {
        return Err(usage(format!("'count' is between 1 and {MAX_COUNT}")));
    }
    let heaps = match params.count("heaps")? {
        Some(h) if h == 0 || h > MAX_NUMBERS as u64 => {
            return Err(usage(format!("'heaps' is between 1 and {MAX_NUMBERS}")))
        }
        h => h.map(|h| h as usize),
    };
    let request = PRequest {
        count: count as usize,
        heaps,
        all_orders: false,
        play: params.play()?,
        method: Method::Auto,
    };
    let report =
        nimlab_reports::p_positions::p_positions(&spec, &request, budget, &nimlab_engine::no_progress);
    // A listing cut short by the fast lane's small budget is answered again in the slow lane.
    let cut_short = |r: &nimlab_reports::p_positions::PPositionsReport| {
        r.listing.stopped_by.as_ref().is_some_and(Exhausted::is_budget)
    };
    if lane == Lane::Fast && report.as_ref().is_ok_and(cut_short) {
        return Ok(Answer::OutOfBudget);
    }
    Ok(done(report, lane))
}

fn period(params: &Params, budget: &Budget, lane: Lane) -> Result<Answer, Reply> {
    const OWN: &[&str] = &["game", "limit", "lang"];
    let spec = params.spec(OWN)?;
    params.only(OWN, Some(&spec))?;
    let limit = params.count("limit")?;
    if limit.is_some_and(|n| n == 0 || n > MAX_PERIOD_VALUES) {
        return Err(usage(format!("'limit' is between 1 and {MAX_PERIOD_VALUES}")));
    }
    Ok(done(nimlab_reports::period::period(&spec, Some(limit.unwrap_or(MAX_PERIOD_VALUES)), budget), lane))
}

/// `/api/census?upto=C[&full=1]`: `nimlab census --upto C [--full] --json`.
fn census(params: &Params, budget: &Budget, lane: Lane) -> Result<Answer, Reply> {
    params.only(&["upto", "full"], None)?;
    let upto = params.count("upto")?.unwrap_or(100);
    if upto > MAX_CENSUS_THIRD_ROW {
        return Err(usage(format!(
            "'upto' is at most {MAX_CENSUS_THIRD_ROW} (a fixed limit of the playground)"
        )));
    }
    Ok(done(nimlab_reports::census::census(upto, params.flag("full")?, budget), lane))
}

fn verify(params: &Params, budget: &Budget, lane: Lane) -> Result<Answer, Reply> {
    const OWN: &[&str] = &["game", "upto", "misere", "players", "lang"];
    let spec = params.spec(OWN)?;
    params.only(OWN, Some(&spec))?;
    let request = VerifyRequest {
        spec: Some(spec),
        bound: params.count("upto")?,
        play: params.play()?,
        players: params.players()?.map(Players::get),
    };
    Ok(done(nimlab_reports::verify::verify(&request, budget, &nimlab_engine::no_progress), lane))
}

/// `/api/position`: a position as typed, read by the reports' one reader of positions (numbers
/// or a row of coins, separated by commas or spaces, full-width forms too) within the
/// playground's limits, with no search and not yet checked against the game's rules (the
/// answers to it are): where a page starts what a person typed.
fn read_position(params: &Params) -> Result<Answer, Reply> {
    const OWN: &[&str] = &["game", "position", "lang"];
    let spec = params.spec(OWN)?;
    params.only(OWN, Some(&spec))?;
    let read = ReadPosition { game: GameRef::from(&spec), position: params.position(&spec)? };
    Ok(done(Ok(read), Lane::Final))
}

fn options(params: &Params, budget: &Budget, lane: Lane) -> Result<Answer, Reply> {
    const OWN: &[&str] = &["game", "position", "misere", "values", "lang"];
    let spec = params.spec(OWN)?;
    params.only(OWN, Some(&spec))?;
    let (play, numbers, lang) = (params.play()?, params.position(&spec)?, params.lang()?);
    if !params.flag("values")? {
        return Ok(done(nimlab_reports::play::options(&spec, &numbers, play, budget, lang), lane));
    }
    let valued = Position::new(&spec, &numbers, budget).and_then(|(game, position)| {
        let report = nimlab_reports::play::options_of(game.as_ref(), position, play, budget, lang)?;
        Ok((game, report))
    });
    let (game, report) = match valued {
        Ok(built) => built,
        Err(error) => return Ok(done::<OptionsReport>(Err(error), lane)),
    };
    match option_values(game.as_ref(), &report, budget) {
        Ok(values) => Ok(done(Ok(values), lane)),
        Err(error) if lane == Lane::Fast && error.exhausted().is_some_and(Exhausted::is_budget) => {
            Ok(Answer::OutOfBudget)
        }
        // The moves are still worth showing when their values cannot be had.
        Err(error) => Ok(done(Ok(ValuedOptions::unvalued(report, &error)), lane)),
    }
}

fn reply(params: &Params, budget: &Budget, lane: Lane) -> Result<Answer, Reply> {
    const OWN: &[&str] = &["game", "position", "misere", "lang", "mistakes", "seed"];
    if let Some(parts) = sum_parts(params, &["part", "lang", "mistakes", "seed"])? {
        for part in &parts {
            LIMITS.check_numbers(&part.numbers).map_err(|e| report_error(&e))?;
        }
        let parts: Vec<_> = parts.into_iter().map(|p| (p.spec, p.numbers)).collect();
        let report =
            nimlab_reports::play::sum_reply_report(&parts, strength(params)?, budget, params.lang()?);
        return Ok(done(report, lane));
    }
    let spec = params.spec(OWN)?;
    params.only(OWN, Some(&spec))?;
    let report = nimlab_reports::play::reply_report(
        &spec,
        &params.position(&spec)?,
        params.play()?,
        strength(params)?,
        budget,
        params.lang()?,
    );
    Ok(done(report, lane))
}

/// nimlab's strength: `mistakes` (a percentage, 0 when absent) and `seed`.
fn strength(params: &Params) -> Result<Strength, Reply> {
    let max = Strength::MAX_MISTAKES;
    let mistakes = match params.count("mistakes")? {
        None => 0,
        Some(p) => u8::try_from(p).ok().filter(|&p| p <= max).ok_or_else(|| {
            usage_with(
                format!("'mistakes' is a percentage from 0 to {max}, not {p}"),
                serde_json::json!({"code": "mistakes", "value": p.to_string(), "max": max}),
            )
        })?,
    };
    let seed = params.count("seed")?.unwrap_or(0);
    Ok(Strength { mistakes, seed })
}

/// `/api/plot`: the grid `nimlab plot GAME --rows R --cols C [--outcomes]` draws, as the reports'
/// values (`grid::grid_report`), which the page draws itself.
fn plot(params: &Params, budget: &Budget, lane: Lane) -> Result<Answer, Reply> {
    const OWN: &[&str] = &["game", "misere", "rows", "cols", "outcomes", "lang"];
    let spec = params.spec(OWN)?;
    params.only(OWN, Some(&spec))?;
    let (Some(rows), Some(cols)) = (params.count("rows")?, params.count("cols")?) else {
        return Err(usage("a picture needs rows=R&cols=C"));
    };
    if rows > MAX_PLOT_SIDE || cols > MAX_PLOT_SIDE {
        return Err(usage(format!(
            "a picture has rows and cols of at most {MAX_PLOT_SIDE} (a fixed limit of the playground)"
        )));
    }
    let (play, outcomes) = (params.play()?, params.flag("outcomes")?);
    let report = nimlab_reports::grid::GridAsk::new(rows, cols, outcomes, play)
        .and_then(|ask| nimlab_reports::grid::grid_report(&spec, &ask, budget));
    Ok(done(report, lane))
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimlab_engine::{ErrorDetail, ValueFault};
    use nimlab_reports::loopy::{LoopyGame, LoopyRequest};

    fn status(endpoint: &str, query: &str) -> u16 {
        let params = Params::from_query(query).unwrap();
        match answer(endpoint, &params, &Budget::new(20_000_000), Lane::Final) {
            Answer::Done(reply) => reply.status,
            Answer::OutOfBudget => 0,
        }
    }

    fn body(endpoint: &str, query: &str) -> serde_json::Value {
        let params = Params::from_query(query).unwrap();
        match answer(endpoint, &params, &Budget::new(20_000_000), Lane::Final) {
            Answer::Done(reply) => serde_json::from_str(&reply.body).unwrap(),
            Answer::OutOfBudget => panic!("out of budget"),
        }
    }

    #[test]
    fn bad_requests_are_4xx() {
        assert_eq!(status("solve", "game=nim"), 400);
        assert_eq!(status("solve", "game=nim&position=3,x"), 400);
        assert_eq!(status("solve", "game=nim&position=-3"), 400);
        assert_eq!(status("solve", "game=chess&position=3"), 400);
        assert_eq!(status("solve", "game=nim&position=3&colour=red"), 400);
        assert_eq!(status("solve", "game=nim&position=3&position=4"), 400);
        assert_eq!(status("solve", "game=bash&position=3"), 400);
        assert_eq!(status("solve", "game=nim&position=3&max=3"), 400);
        assert_eq!(status("table", "game=nim&rows=100&cols=100"), 400);
        assert_eq!(status("table", "game=nim&rows=4294967295&cols=4294967295"), 400);
        assert_eq!(status("table", "game=nim&upto=5&rows=3"), 400);
        assert_eq!(status("solve", &format!("game=nim&position={}", "9".repeat(401))), 400);
        assert_eq!(status("nothing", ""), 404);
    }

    /// `/api/table?rectangles=1`: the command line's report of the rectangles' winning first
    /// moves; a game without rectangles and misère play are refused.
    #[test]
    fn rectangles_are_the_reports() {
        let answer = body("table", "game=chomp&rows=2&cols=3&rectangles=1");
        assert_eq!(answer["rectangles"].as_array().map(Vec::len), Some(6));
        assert_eq!(answer["rectangles"][5]["winning_moves"][0]["move"], "take the square at row 2, column 3");
        assert_eq!(status("table", "game=nim&rows=2&cols=2&rectangles=1"), 400);
        assert_eq!(status("table", "game=chomp&rows=2&cols=2&rectangles=1&misere=1"), 400);
    }

    /// Wythoff's outcome grid zoomed out to 200 x 200: the reports' grid, exactly the
    /// P-positions of Wythoff's theorem, (floor(k phi), floor(k phi^2)) and their mirrors; its
    /// Grundy values when asked for them.
    #[test]
    fn the_wythoff_picture_shows_the_p_positions() {
        let answer = body("plot", "game=wythoff&rows=199&cols=199&outcomes=1");
        assert_eq!((answer["rows"].as_u64(), answer["cols"].as_u64()), (Some(199), Some(199)));
        assert_eq!(answer["values"], serde_json::Value::Null);
        assert_eq!(answer["title"], "wythoff: P-positions of (r, c)");
        let values = body("plot", "game=wythoff&rows=2&cols=3")["values"].clone();
        assert_eq!(values, serde_json::json!([[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5]]));
        let isqrt = |n: u64| {
            let mut r = (n as f64).sqrt() as u64;
            while r * r > n {
                r -= 1;
            }
            while (r + 1) * (r + 1) <= n {
                r += 1;
            }
            r
        };
        let mut expected = std::collections::BTreeSet::new();
        for k in 0u64..200 {
            let a = (k + isqrt(5 * k * k)) / 2;
            let b = a + k;
            if b <= 199 {
                expected.insert((a, b));
                expected.insert((b, a));
            }
        }
        let found: std::collections::BTreeSet<(u64, u64)> = answer["p_positions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p[0].as_u64().unwrap(), p[1].as_u64().unwrap()))
            .collect();
        assert_eq!(found, expected);
        assert!(found.len() > 100, "{} P-positions", found.len());
        assert_eq!(status("plot", "game=wythoff&rows=300&cols=3"), 400);
        assert_eq!(status("plot", "game=nim&position=3"), 400);
    }

    /// A weaker nimlab: `mistakes` (a percentage) and `seed` reach the reports' draw.
    #[test]
    fn a_weaker_nimlab_through_the_api() {
        assert_eq!(body("move", "game=nim&position=3,4,5")["reply"]["basis"], "remoteness");
        let random = body("move", "game=nim&position=3,4,5&mistakes=100&seed=7");
        assert_eq!(random["reply"]["basis"], "random");
        assert_eq!(body("move", "game=nim&position=3,4,5&mistakes=100&seed=7"), random);
        let zh = body("move", "game=nim&position=3,4,5&mistakes=100&seed=7&lang=zh");
        assert!(zh["reply"]["explanation"].as_str().unwrap().contains("随机"), "{zh}");
        let refused = body("move", "game=nim&position=3,4,5&mistakes=101");
        assert_eq!(refused["status"], 400);
        assert_eq!(refused["detail"]["code"], "mistakes");
    }

    /// A random move that happens to be nimlab's best is reported as that move, not as a
    /// mistake (0 4 5 has one winning move, 0 4 4).
    #[test]
    fn a_drawn_move_that_is_the_best_is_not_a_mistake() {
        let best = body("move", "game=nim&position=0,4,5")["reply"].clone();
        assert_eq!(best["move"]["to"], serde_json::json!([0, 4, 4]));
        let mut best_drawn = 0;
        for seed in 0..60 {
            let reply =
                body("move", &format!("game=nim&position=0,4,5&mistakes=100&seed={seed}"))["reply"].clone();
            if reply["move"]["to"] == best["move"]["to"] {
                assert_eq!(reply, best, "seed {seed}");
                best_drawn += 1;
            } else {
                assert_eq!(reply["basis"], "random", "seed {seed}");
            }
        }
        assert!(best_drawn > 0, "no seed of 60 drew the best of 9 moves");
        let reply = body("move", "game=nim&position=0,4,5&mistakes=100&seed=47514");
        assert_ne!(reply["reply"]["basis"], "random", "{reply}");
    }

    /// nimlab in a sum of games: the winning move of the sum's analysis, its stalling move when
    /// losing, and a weaker nimlab's random moves drawn among every part's moves.
    #[test]
    fn nimlab_moves_in_a_sum_at_its_strength() {
        const SUM: &str = "part=nim+3+4&part=kayles+5&part=wythoff+3+5";
        let perfect = body("move", SUM);
        assert_eq!(perfect["game"], "sum");
        assert_eq!(perfect["reply"]["basis"], "sum");
        assert_eq!(perfect["reply"]["outcome"], "N");
        // The move leaves a sum of nim-sum 0.
        let part = perfect["reply"]["part"].as_u64().unwrap() as usize;
        let to: Vec<String> =
            perfect["reply"]["move"]["to"].as_array().unwrap().iter().map(|n| n.to_string()).collect();
        let mut parts: Vec<String> = ["nim 3 4", "kayles 5", "wythoff 3 5"].map(String::from).to_vec();
        let game = parts[part - 1].split(' ').next().unwrap().to_string();
        parts[part - 1] = format!("{game} {}", to.join(" "));
        let after =
            parts.iter().map(|p| format!("part={}", p.replace(' ', "+"))).collect::<Vec<_>>().join("&");
        assert_eq!(body("solve", &after)["outcome"], "P", "{after}");
        // From that P-position nimlab stalls, and says so.
        let losing = body("move", &format!("{after}&lang=zh"));
        assert_eq!(losing["reply"]["outcome"], "P");
        assert!(losing["reply"]["explanation"].as_str().unwrap().contains("异或为 0"), "{losing}");
        // A weaker nimlab: random moves in several parts, the same move for the same seed.
        let mut seen = BTreeSet::new();
        for seed in 0..40 {
            let query = format!("{SUM}&mistakes=100&seed={seed}");
            let reply = body("move", &query);
            assert_eq!(body("move", &query), reply);
            let basis = reply["reply"]["basis"].as_str().unwrap().to_string();
            assert!(basis == "random" || reply["reply"] == perfect["reply"], "{reply}");
            seen.insert(reply["reply"]["part"].as_u64().unwrap());
        }
        assert_eq!(seen.len(), 3, "random moves in every part: {seen:?}");
        assert_eq!(body("move", &format!("{SUM}&mistakes=101"))["detail"]["code"], "mistakes");
        assert_eq!(body("move", "part=nim+0&part=kayles+0")["game_over"], true);
        assert_eq!(status("move", &format!("{SUM}&position=3")), 400);
    }

    #[test]
    fn lang_asks_for_the_engines_chinese_texts_on_every_endpoint() {
        let zh = body("solve", "game=nim&position=3,4,5&lang=zh");
        assert!(zh["reason"].as_str().unwrap().contains("异或和"), "{zh}");
        assert_eq!(zh["winning_moves"][0]["move"], "从 3 个那堆取走 2 个");
        let en = body("solve", "game=nim&position=3,4,5&lang=en");
        assert_eq!((&zh["outcome"], &zh["grundy"]), (&en["outcome"], &en["grundy"]));
        let options = body("options", "game=nim&position=1,2&lang=zh&values=1");
        assert_eq!(options["moves"][0]["move"], "从 1 个那堆取走 1 个");
        let reply = body("move", "game=nim&position=0,2&lang=zh");
        assert_eq!(reply["reply"]["explanation"], "nimlab 走了最后一步");
        let sum = body("solve", "part=nim+3+4&part=bash+5+--max+3&lang=zh");
        assert!(sum["reason"].as_str().unwrap().contains("SG 值"), "{sum}");
        for endpoint in ["table?game=nim&upto=3", "p-positions?game=nim&count=2"] {
            let (endpoint, query) = endpoint.split_once('?').unwrap();
            assert_eq!(status(endpoint, &format!("{query}&lang=zh")), 200, "{endpoint}");
        }
        assert_eq!(status("solve", "game=nim&position=3&lang=fr"), 400);
        assert!(body("solve", "game=nim&position=3&lang=fr")["error"]
            .as_str()
            .unwrap()
            .contains("unknown language 'fr'"));
    }

    /// Errors name their kind and what is wrong as data, which the page words in its language.
    #[test]
    fn errors_carry_their_detail() {
        let detail = |query: &str| body("solve", query)["detail"].clone();
        assert_eq!(
            detail("game=nimm&position=1"),
            serde_json::json!({"code": "unknown-game", "game": "nimm"})
        );
        assert_eq!(
            detail("game=subtraction&position=5"),
            serde_json::json!({"code": "missing-param", "game": "subtraction", "param": "set"})
        );
        assert_eq!(
            detail("game=bash&max=x&position=5"),
            serde_json::json!({"code": "invalid-value", "param": "max", "value": "x", "fault": {"kind": "not-whole", "text": "x"}})
        );
        // A code without a point: the engine says why in both languages, and its example works.
        let code = detail("game=octal&code=0x7f&position=5");
        assert_eq!(
            (&code["code"], &code["param"], &code["value"]),
            (&"invalid-value".into(), &"code".into(), &"0x7f".into())
        );
        assert!(code["reason"]["en"].as_str().unwrap().ends_with("e.g. 0x0.7f"), "{code}");
        assert!(code["reason"]["zh"].as_str().unwrap().ends_with("例如 0x0.7f"), "{code}");
        assert_eq!(status("solve", "game=octal&code=0x0.7f&position=5"), 200);
        assert_eq!(detail("game=nim&position=3,x"), serde_json::json!({"code": "bad-number", "value": "x"}));
        assert_eq!(
            detail("game=nim&position=3&colour=red"),
            serde_json::json!({"code": "unknown-param", "game": "nim", "param": "colour"})
        );
        assert_eq!(detail("game=nim&position=3&all=1&upto=3")["code"], "unknown-param");
        assert_eq!(detail("game=nim"), serde_json::json!({"code": "missing-key", "key": "position"}));
        assert_eq!(
            detail("game=wythoff&position=1,2,3"),
            serde_json::json!({"code": "invalid-position", "reason": {
                "en": "wythoff takes exactly two heap sizes, got 3 numbers",
                "zh": "wythoff 的局面是恰好两堆的大小，这里给了 3 个数",
            }})
        );
        let params = detail("game=pattern&piles=2&move=5:1&position=1,1");
        assert_eq!(params["code"], "invalid-params");
        assert!(params["reason"]["zh"].as_str().is_some_and(|r| r.contains("第 5 堆")), "{params}");
        assert_eq!(
            detail("part=nim+3&part=bogus+3"),
            serde_json::json!({"code": "unknown-game", "game": "bogus"})
        );
    }

    /// The `code` of one sample of every kind of [`ErrorDetail`]; a new kind is a new arm here (the
    /// match is exhaustive), and the test below then asks for its keys.
    fn detail_code(detail: &ErrorDetail) -> String {
        let value = serde_json::to_value(detail).unwrap();
        let code = value["code"].as_str().unwrap().to_string();
        match detail {
            ErrorDetail::UnknownGame { .. }
            | ErrorDetail::UnknownParam { .. }
            | ErrorDetail::MissingParam { .. }
            | ErrorDetail::RepeatedParam { .. }
            | ErrorDetail::InvalidValue { .. }
            | ErrorDetail::InvalidParams { .. }
            | ErrorDetail::BadGameText { .. }
            | ErrorDetail::InvalidPosition { .. }
            | ErrorDetail::NoTheory { .. }
            | ErrorDetail::TooLargeForSearch
            | ErrorDetail::InvalidRequest { .. }
            | ErrorDetail::Limit { .. } => code,
        }
    }

    /// An error the page has no text of its own for (a bug, a game that repeats a position)
    /// carries its words in both languages as the `failure` detail, the English its message.
    #[test]
    fn a_failure_carries_its_words_in_both_languages() {
        let bug = ReportError::Engine(EngineError::Internal { what: "a check".into() });
        let cycle = ReportError::Engine(EngineError::Exhausted {
            task: Box::new(nimlab_engine::Task::Search { game: "nim".into(), position: "3".into() }),
            cause: Exhausted::Cycle { depth: 4 },
        });
        for (error, kind, zh) in [(bug, "failure", "内部错误"), (cycle, "cycle", "对 nim 3 的搜索停止了")]
        {
            let reply: serde_json::Value = serde_json::from_str(&report_error(&error).body).unwrap();
            assert_eq!(reply["kind"], kind, "{reply}");
            assert_eq!(reply["detail"]["code"], "failure", "{reply}");
            assert_eq!(reply["detail"]["reason"]["en"], reply["error"], "{reply}");
            assert!(reply["detail"]["reason"]["zh"].as_str().unwrap().starts_with(zh), "{reply}");
        }
    }

    /// Every error kind the API sends as `detail` (the engine's and the reports' kinds, and the
    /// API's own) has its `server.*` text in both of the page's languages, so the page never
    /// falls back to the server's English.
    #[test]
    fn every_error_kind_has_its_page_text_in_both_languages() {
        let words = || nimlab_engine::Words { en: "a reason".into(), zh: "一个原因".into() };
        let text = |s: &str| s.to_string();
        let samples = [
            ErrorDetail::UnknownGame { game: text("nimm") },
            ErrorDetail::UnknownParam { game: text("nim"), param: text("colour") },
            ErrorDetail::MissingParam { game: text("bash"), param: text("max") },
            ErrorDetail::RepeatedParam { param: text("max") },
            ErrorDetail::InvalidValue { param: text("max"), value: text("x"), reason: None, fault: None },
            ErrorDetail::InvalidParams { reason: words() },
            ErrorDetail::BadGameText { text: text("--") },
            ErrorDetail::InvalidPosition { reason: words() },
            ErrorDetail::NoTheory { game: text("nim") },
            ErrorDetail::TooLargeForSearch,
            ErrorDetail::InvalidRequest { fault: "empty-sum", reason: words() },
            ErrorDetail::Limit { limit: "plan-lines", reason: words() },
        ];
        let mut codes: Vec<String> = samples.iter().map(detail_code).collect();
        // The API's own kinds: every `"code": "..."` this file sends.
        let source = include_str!("api.rs");
        let tests = source.find("#[cfg(test)]").unwrap();
        let mut rest = &source[..tests];
        while let Some(at) = rest.find("\"code\": \"") {
            rest = &rest[at + 9..];
            codes.push(rest[..rest.find('"').unwrap()].to_string());
        }
        // What ran out is worded from the reply's `kind`.
        codes.extend(["budget", "deadline", "memory", "cancelled", "other"].map(String::from));
        assert!(
            codes.contains(&"bad-number".to_string()) && codes.contains(&"mistakes".to_string()),
            "{codes:?}"
        );
        let i18n = include_str!("../assets/i18n.js");
        let zh_at = i18n.find("\n  zh: {").expect("the Chinese texts");
        let (en, zh) = i18n.split_at(zh_at);
        for code in &codes {
            let key = format!("'server.{code}': '");
            assert!(en.contains(&key), "no English page text for the error kind {code}");
            assert!(zh.contains(&key), "no Chinese page text for the error kind {code}");
        }
    }

    /// A request's fault and a limit reached reach the page as their kind and their words in
    /// both languages.
    #[test]
    fn request_faults_carry_their_words_in_both_languages() {
        let refused = body("table", "game=wythoff&upto=5");
        assert_eq!(refused["status"], 400, "{refused}");
        let detail = &refused["detail"];
        assert_eq!(detail["code"], "invalid-request", "{detail}");
        assert_eq!(detail["fault"], "not-one-heap", "{detail}");
        assert_eq!(detail["reason"]["en"], refused["error"], "{refused}");
        assert!(
            detail["reason"]["zh"].as_str().unwrap().contains("序列需要一堆上的游戏；wythoff"),
            "{detail}"
        );
    }

    /// What a Chinese keyboard types: full-width digits, full-width and ideographic commas and
    /// spaces, in a position, a parameter and a sum's part, read by the reports' one reader: the
    /// same answers as their ASCII forms.
    #[test]
    fn full_width_positions_are_accepted() {
        let ascii = body("solve", "game=nim&position=3,4,5");
        for typed in ["３ ４ ５", "3，4，5", "3、4、5", "３，４、５", "３\u{3000}４\u{3000}５"]
        {
            assert_eq!(body("solve", &format!("game=nim&position={typed}")), ascii, "{typed}");
            let read = body("position", &format!("game=nim&position={typed}"));
            assert_eq!(read["position"], serde_json::json!([3, 4, 5]), "{read}");
        }
        assert_eq!(body("solve", "part=nim+３+４")["outcome"], "N");
        assert_eq!(
            body("solve", "game=subtraction&set=１，３，４&position=１０"),
            body("solve", "game=subtraction&set=1,3,4&position=10")
        );
        assert_eq!(
            body("options", "game=bash&max=３&position=５"),
            body("options", "game=bash&max=3&position=5")
        );
    }

    /// `/api/position` reads a typed position with no search (numbers no search could take,
    /// a row of coins) and refuses a word that is not a number and a bad parameter.
    #[test]
    fn a_typed_position_is_read_by_the_reports() {
        let read = body("position", "game=nim&position=99999999999999999999999");
        assert_eq!(read["position"], serde_json::json!(["99999999999999999999999"]), "{read}");
        assert_eq!(read["game"], "nim", "the reports' typed answer, with its game: {read}");
        let bash = body("position", "game=bash&max=4&position=3");
        assert_eq!(
            (&bash["game"], &bash["params"]["max"]),
            (&serde_json::json!("bash --max 4"), &serde_json::json!(4)),
            "{bash}"
        );
        assert_eq!(body("position", "game=ruler&position=THHTH")["position"], serde_json::json!([2, 3, 5]));
        assert_eq!(body("position", "game=nim&position=3;4")["detail"]["code"], "bad-number");
        assert_eq!(body("position", "game=bash&max=0&position=3")["detail"]["code"], "invalid-value");
        assert_eq!(status("position", "game=nim&position=1&misere=1"), 400);
    }

    /// A count, a set or a flag refused says why as data (`fault`), every kind of which the page
    /// words in both of its languages (`value.*`).
    #[test]
    fn invalid_values_say_why_as_data() {
        for (query, kind) in [
            ("game=bash&max=0&position=3", "out-of-bounds"),
            ("game=bash&max=x&position=3", "not-whole"),
            ("game=bash&max=-2&position=3", "negative"),
            ("game=subtraction&set=0,1&position=3", "below-min"),
            ("game=subtraction&set=1,,3&position=3", "empty-item"),
            ("game=subtraction&set=5..2&position=3", "empty-range"),
            ("game=apple&max=3&bounded-equal=maybe&position=1,5,5", "not-flag"),
        ] {
            let refused = body("solve", query);
            let detail = &refused["detail"];
            assert_eq!(detail["code"], "invalid-value", "{query}: {refused}");
            assert_eq!(detail["fault"]["kind"], kind, "{query}: {refused}");
            assert!(refused["error"]
                .as_str()
                .unwrap()
                .contains(&detail["value"].as_str().unwrap().to_string()));
        }
        let bounds = body("solve", "game=bash&max=0&position=3");
        assert_eq!(
            bounds["detail"]["fault"],
            serde_json::json!({"kind": "out-of-bounds", "min": 1, "max": null})
        );
    }

    /// Every kind of [`ValueFault`] has its `value.*` text in both of the page's languages; a new
    /// kind is a new arm here (the match is exhaustive).
    #[test]
    fn every_value_fault_has_its_page_text_in_both_languages() {
        let text = || "x".to_string();
        let samples = [
            ValueFault::Empty,
            ValueFault::Negative { text: text() },
            ValueFault::NotWhole { text: text() },
            ValueFault::TooLarge { text: text() },
            ValueFault::NotRange { text: text() },
            ValueFault::EmptyRange { low: 3, high: 1 },
            ValueFault::EmptyItem { text: text() },
            ValueFault::BelowMin { member: 0, min: 1 },
            ValueFault::TooManyMembers { max: 1 },
            ValueFault::OutOfBounds { min: 1, max: Some(3) },
            ValueFault::NotFlag,
        ];
        let i18n = include_str!("../assets/i18n.js");
        let zh_at = i18n.find("\n  zh: {").expect("the Chinese texts");
        let (en, zh) = i18n.split_at(zh_at);
        for fault in &samples {
            match fault {
                ValueFault::Empty
                | ValueFault::Negative { .. }
                | ValueFault::NotWhole { .. }
                | ValueFault::TooLarge { .. }
                | ValueFault::NotRange { .. }
                | ValueFault::EmptyRange { .. }
                | ValueFault::EmptyItem { .. }
                | ValueFault::BelowMin { .. }
                | ValueFault::TooManyMembers { .. }
                | ValueFault::OutOfBounds { .. }
                | ValueFault::NotFlag => {}
            }
            let kind = serde_json::to_value(fault).unwrap()["kind"].as_str().unwrap().to_string();
            let key = format!("'value.{kind}': '");
            assert!(en.contains(&key), "no English page text for the value fault {kind}");
            assert!(zh.contains(&key), "no Chinese page text for the value fault {kind}");
        }
    }

    #[test]
    fn every_declared_parameter_is_accepted() {
        let a = body("solve", "game=pattern&piles=2&move=one:1..&move=all:1..&position=3,5");
        assert_eq!(a["outcome"], "P");
        assert_eq!(a["params"]["move"], serde_json::json!(["one:1..", "all:1.."]));
        let a = body("solve", "game=apple&max=3&bounded-equal=1&position=1,5,5");
        assert_eq!(a["params"]["bounded-equal"], true);
        let a = body("solve", "game=large-nim&position=1,2,3,4&players=3");
        assert_eq!(a["players"], 3);
    }

    #[test]
    fn sums_and_json_bodies() {
        let a = body("solve", "part=nim 3 4&part=wythoff 3 5&part=subtraction 10 --set 1,3,4");
        assert_eq!(a["game"], "sum");
        assert_eq!(a["winning_moves"].as_array().unwrap().len(), 2);
        let params =
            Params::from_json(br#"{"game": "pattern", "piles": 2, "move": ["one:1.."], "position": [3, 4]}"#)
                .unwrap();
        let Answer::Done(reply) = answer("solve", &params, &Budget::new(20_000_000), Lane::Final) else {
            panic!()
        };
        assert_eq!(reply.status, 200, "{}", reply.body);
    }

    #[test]
    fn move_and_options() {
        let v = body("move", "game=nim&position=3,4,5");
        assert_eq!(v["reply"]["move"]["to"], serde_json::json!([1, 4, 5]));
        assert_eq!(v["game_over"], false);
        let v = body("options", "game=bash&max=3&position=2");
        assert_eq!(v["moves"].as_array().map(Vec::len), Some(2));
    }

    #[test]
    fn options_with_values_give_outcome_and_remoteness_of_every_move() {
        let v = body("options", "game=nim&position=1,2&values=1");
        assert_eq!(v["value"], serde_json::json!({"outcome": "N", "remoteness": 3}));
        assert_eq!(v["values_error"], serde_json::Value::Null);
        let mut values: Vec<String> =
            v["moves"].as_array().unwrap().iter().map(|m| format!("{} {}", m["to"], m["value"])).collect();
        values.sort();
        assert_eq!(
            values,
            [
                r#"[0,2] {"outcome":"N","remoteness":1}"#,
                r#"[1,0] {"outcome":"N","remoteness":1}"#,
                r#"[1,1] {"outcome":"P","remoteness":2}"#,
            ]
        );
        // A move to a position without moves: lost for the player to move under normal play,
        // won under misère play.
        let normal = body("options", "game=nim&position=1&values=1");
        assert_eq!(normal["moves"][0]["value"], serde_json::json!({"outcome": "P", "remoteness": 0}));
        let misere = body("options", "game=nim&position=1&values=1&misere=1");
        assert_eq!(misere["value"], serde_json::json!({"outcome": "P", "remoteness": 1}));
        assert_eq!(misere["moves"][0]["value"], serde_json::json!({"outcome": "N", "remoteness": 0}));
    }

    /// A game whose positions repeat: every move's value is the loopy engine's (a draw is D, as
    /// `/api/solve` of the move's target says), and the position comes with the key the draw by
    /// repetition compares ("4 2 1" and "1 2 4" are one position of Fair Shares).
    #[test]
    fn loopy_options_carry_draws_and_repetition_keys() {
        let game = "game=loopy-pattern&piles=2&move=one:1..2&move=one:%2B1&cap=6";
        let v = body("options", &format!("{game}&position=2,3&values=1"));
        assert_eq!(v["values_error"], serde_json::Value::Null, "{v}");
        let here = body("solve", &format!("{game}&position=2,3"));
        assert_eq!(v["value"]["outcome"], here["outcome"]);
        let moves = v["moves"].as_array().unwrap();
        for m in moves {
            let to: Vec<String> = m["to"].as_array().unwrap().iter().map(ToString::to_string).collect();
            let there = body("solve", &format!("{game}&position={}", to.join(",")));
            assert_eq!(m["value"]["outcome"], there["outcome"], "{m}");
            assert_eq!(m["value"]["remoteness"].is_null(), there["outcome"] == "D", "{m}");
        }
        let to_2_1 = moves.iter().find(|m| m["to"] == serde_json::json!([2, 1])).expect("2 3 -> 2 1");
        assert_eq!(to_2_1["value"]["outcome"], "D", "the issue's draw marked as a loss");
        let key = |position: &str| {
            body("options", &format!("game=fair-shares&position={position}"))["repetition_key"].clone()
        };
        assert_eq!(key("4,2,1"), key("1,2,4"));
        assert_ne!(key("4,2,1"), key("4,3"));
        assert!(body("options", "game=nim&position=1,2").get("repetition_key").is_none());
    }

    /// A game drawn as coins comes with its heads and the coins each move turns over, as the
    /// engine reads the position (a row's numbers are its heads, a grid's come in pairs).
    #[test]
    fn coin_games_come_with_their_coins() {
        let row = body("options", "game=ruler&position=3,6,12");
        assert_eq!(row["coins"]["first"], 1);
        assert_eq!(row["coins"]["grid"], false);
        assert_eq!(row["coins"]["heads"], serde_json::json!([[3], [6], [12]]));
        let moves = row["moves"].as_array().unwrap();
        let turns = row["coins"]["turns"].as_array().unwrap();
        assert_eq!(turns.len(), moves.len());
        for (m, turned) in moves.iter().zip(turns) {
            // The coins turned are those in one position and not the other.
            let heads = |p: &serde_json::Value| -> BTreeSet<u64> {
                p.as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).collect()
            };
            let (before, after) = (heads(&row["position"]), heads(&m["to"]));
            let expected: Vec<serde_json::Value> =
                before.symmetric_difference(&after).map(|&n| serde_json::json!([n])).collect();
            assert_eq!(turned.as_array().unwrap(), &expected, "{m}");
        }
        let grid = body("options", "game=turning-corners&position=1,2,2,1");
        assert_eq!((grid["coins"]["first"].as_u64(), grid["coins"]["grid"].as_bool()), (Some(0), Some(true)));
        assert_eq!(grid["coins"]["heads"], serde_json::json!([[1, 2], [2, 1]]));
        assert!(body("options", "game=nim&position=1,2").get("coins").is_none());
    }

    /// With n players each move names its winner, counted in seats from the player making it.
    #[test]
    fn n_player_moves_name_their_winner() {
        let a = body("solve", "game=nim&position=1,2,3&players=3");
        for m in a["options"].as_array().unwrap().iter().chain(a["winning_moves"].as_array().unwrap()) {
            assert_eq!(m["winner"].as_u64().unwrap(), (m["value"].as_u64().unwrap() + 1) % 3, "{m}");
        }
    }

    #[test]
    fn option_values_agree_with_the_winning_moves() {
        for query in
            ["game=wythoff&position=4,6", "game=bash&max=3&position=9", "game=nim&position=2,3,4&misere=1"]
        {
            let valued = body("options", &format!("{query}&values=1"));
            let solved = body("solve", &format!("{query}&all=1"));
            let winning: Vec<&serde_json::Value> =
                solved["winning_moves"].as_array().unwrap().iter().map(|m| &m["to"]).collect();
            for m in valued["moves"].as_array().unwrap() {
                assert_eq!(m["value"]["outcome"] == "P", winning.contains(&&m["to"]), "{query}: {m}");
            }
            assert_eq!(valued["value"]["outcome"], solved["outcome"], "{query}");
        }
    }

    /// A loopy game's table is the reports' loopy table, as `nimlab table --json` gives it; a
    /// graph game needs its file, which the server does not read.
    #[test]
    fn loopy_tables_list_every_position() {
        let t = body("table", "game=fair-shares&upto=8");
        assert_eq!(t["game"], "fair-shares");
        let rows = t["rows"].as_array().unwrap();
        assert_eq!(t["positions"].as_u64(), Some(rows.len() as u64));
        // The partitions of 1 to 8 coins: 1 + 2 + 3 + 5 + 7 + 11 + 15 + 22.
        assert_eq!(rows.len(), 66);
        let counts = &t["counts"];
        let total: u64 = ["P", "N", "D"].iter().map(|k| counts[k].as_u64().unwrap()).sum();
        assert_eq!(total, 66);
        let four = rows.iter().find(|r| r["position"] == "1 2 4").unwrap();
        assert_eq!((&four["value"], &four["outcome"]), (&serde_json::json!(1), &serde_json::json!("N")));
        let misere = body("table", "game=fair-shares&upto=4&misere=1");
        assert!(misere["rows"][0]["value"].is_null());
        assert_eq!(body("table", "game=fair-shares&upto=4&period=1")["positions"], 11);
        assert_eq!(status("table", "game=fair-shares&rows=3&cols=3"), 400);
        // A graph game's file is never read by the server: its text comes in the request.
        assert_eq!(status("table", "game=graph&file=examples/loopy.txt&upto=3"), 400);
    }

    /// A game on a graph sent as text (`graph=`): the same answer as the reports give for the
    /// file's text (the command line's `nimlab solve graph --file examples/loopy.txt`).
    #[test]
    fn graphs_come_as_text() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/loopy.txt"))
            .unwrap();
        let json = |endpoint: &str, pairs: &[(&str, &str)]| {
            let body = serde_json::json!(pairs.iter().copied().collect::<std::collections::BTreeMap<_, _>>());
            let params = Params::from_json(body.to_string().as_bytes()).unwrap();
            let Answer::Done(reply) = answer(endpoint, &params, &Budget::new(10_000_000), Lane::Final) else {
                panic!()
            };
            (reply.status, serde_json::from_str::<serde_json::Value>(&reply.body).unwrap())
        };
        let named = [("game", "graph"), ("file", "examples/loopy.txt"), ("graph", text.as_str())];
        let (status, solved) = json("solve", &[&named[..], &[("position", "start b")]].concat());
        assert_eq!(status, 200, "{solved}");
        let game = LoopyGame::Graph { source: "examples/loopy.txt".into(), text: text.clone() };
        let tokens = vec!["start".to_string(), "b".to_string()];
        let expected = nimlab_reports::loopy::loopy(
            &LoopyRequest { game: game.clone(), tokens, play: Play::Normal, lang: Lang::En },
            &Budget::new(10_000_000),
        )
        .unwrap();
        assert_eq!(solved, serde_json::to_value(&expected).unwrap());
        assert_eq!(solved["game"], "graph examples/loopy.txt");
        let (status, table) = json("table", &named);
        assert_eq!(status, 200, "{table}");
        let every = nimlab_reports::loopy::loopy(
            &LoopyRequest { game, tokens: Vec::new(), play: Play::Normal, lang: Lang::En },
            &Budget::new(10_000_000),
        )
        .unwrap();
        assert_eq!(table, serde_json::to_value(&every).unwrap());
        // Without a file name the graph is called `request`; a query works as a body does.
        let query: String = form_urlencoded::Serializer::new(String::new())
            .extend_pairs([("game", "graph"), ("position", "b"), ("graph", text.as_str())])
            .finish();
        let b = body("solve", &query);
        assert_eq!(
            (&b["game"], &b["outcome"]),
            (&serde_json::json!("graph request"), &serde_json::json!("D"))
        );
        // Errors: a malformed graph (its line), an unknown vertex, a graph for another game, too
        // long a text, players.
        let (status, bad) = json("solve", &[("game", "graph"), ("graph", "a b\nc d e"), ("position", "a")]);
        assert_eq!(status, 400, "{bad}");
        assert!(bad["error"].as_str().unwrap().contains("line 2"), "{bad}");
        let (status, _) = json("solve", &[&named[..], &[("position", "nowhere")]].concat());
        assert_eq!(status, 400);
        assert_eq!(json("solve", &[("game", "nim"), ("graph", "a b"), ("position", "3")]).0, 400);
        let long = "a b\n".repeat(MAX_GRAPH_BYTES / 4 + 1);
        assert_eq!(json("table", &[("game", "graph"), ("graph", &long)]).0, 400);
        assert_eq!(json("solve", &[&named[..], &[("position", "start"), ("players", "3")]].concat()).0, 400);
    }

    /// A game on a graph: `/api/options` hands the page its layout, each vertex or edge naming
    /// the move a click on it makes (with or without values), exactly as the reports lay it out.
    #[test]
    fn graph_games_come_with_their_layout() {
        let options = body("options", "game=node-kayles&graph=grid:2x3&position=");
        let layout = &options["layout"];
        let vertices = layout["vertices"].as_array().unwrap();
        assert_eq!(vertices.len(), 6);
        assert_eq!(
            (&vertices[4]["x"], &vertices[4]["y"], &vertices[4]["name"]),
            (&100.into(), &100.into(), &"(2, 2)".into())
        );
        let moves = options["moves"].as_array().unwrap();
        for v in vertices {
            let i = v["move"].as_u64().unwrap() as usize;
            assert_eq!(moves[i]["move"], format!("pick vertex {}", v["name"].as_str().unwrap()));
        }
        let spec: GameSpec = "node-kayles --graph grid:2x3".parse().unwrap();
        let report =
            nimlab_reports::play::options(&spec, &[], Play::Normal, &Budget::new(20_000_000), Lang::En)
                .unwrap();
        assert_eq!(options, serde_json::to_value(&report).unwrap());
        // With values, and after a move: the vertices deleted are gone and make no move.
        let valued = body("options", "game=node-kayles&graph=grid:2x3&position=0,1,3&values=1");
        assert_eq!(valued["layout"]["vertices"][0]["gone"], true);
        assert_eq!(valued["layout"]["vertices"][0]["move"], serde_json::Value::Null);
        assert!(valued["moves"][0]["value"].is_object());
        // Hackenbush: edges are the clicks, with the ground line; the moves of games on heaps
        // have no layout.
        let cut = body("options", "game=hackenbush&graph=edges:g-a,a-b,a-a&ground=g&position=");
        assert_eq!(cut["layout"]["ground"]["vertex"], 0);
        let edges = cut["layout"]["edges"].as_array().unwrap();
        assert!(edges.iter().all(|e| e["move"].is_u64()));
        assert_eq!(edges[2]["curve"].as_array().unwrap().len(), 2);
        assert!(body("options", "game=nim&position=3,4").get("layout").is_none());
    }

    #[test]
    fn sequence_tables_with_their_period() {
        let certified = body("table", "game=subtraction&set=1,3,4&upto=30&period=1");
        assert_eq!(certified["period"], serde_json::json!({"preperiod": 0, "period": 7, "certified": true}));
        assert_eq!(certified["values"].as_array().map(Vec::len), Some(31));
        // Kayles' period, certified by the octal engine (Guy and Smith's 12 from 71), in a panel
        // that shows only the first 100 values.
        let kayles = body("table", "game=kayles&upto=100&period=1");
        assert_eq!(kayles["period"], serde_json::json!({"preperiod": 71, "period": 12, "certified": true}));
        let seen = body("table", "game=bash&max=3&upto=20&period=1");
        assert_eq!(seen["period"], serde_json::json!({"preperiod": 0, "period": 4, "certified": false}));
        let none = body("table", "game=half&upto=40&period=1");
        assert_eq!(none["period"], serde_json::Value::Null);
        assert_eq!(status("table", "game=wythoff&rows=3&cols=3&period=1"), 400);
        assert!(body("table", "game=bash&max=3&upto=20").get("period").is_none());
    }

    /// The misère switch answers Kayles from its misère quotient, chosen by the engine: the fast
    /// lane's budget is less than the quotient's fixed work, so it hands the question on.
    #[test]
    fn misere_kayles_comes_from_the_quotient() {
        let params = Params::from_query("game=kayles&upto=60&misere=1").unwrap();
        assert!(matches!(answer("table", &params, &Budget::new(1_000_000), Lane::Fast), Answer::OutOfBudget));
        let table = body("table", "game=kayles&upto=60&misere=1");
        assert_eq!(
            (table["basis"].as_str(), table["method"].as_str()),
            (Some("theory"), Some("misere-quotient"))
        );
        let p: Vec<usize> = (0..=60).filter(|&h| table["values"][h] == "P").collect();
        assert_eq!(p, [1, 4, 9, 12, 20]);
        let solved = body("solve", "game=kayles&position=100,200,300&misere=1");
        assert_eq!(solved["basis"], "theory");
        assert!(solved["reason"].as_str().unwrap().starts_with("misère quotient: Φ(100)·Φ(200)·Φ(300)"));
        let listed = body("p-positions", "game=kayles&count=3&misere=1");
        assert_eq!(listed["p_positions"], serde_json::json!([[1], [4], [9]]));
        // nimlab's reply is a winning move of the quotient's.
        let reply = body("move", "game=kayles&position=100,200,300&misere=1");
        assert_eq!(reply["reply"]["basis"], "theory", "{reply}");
        let to: Vec<String> =
            reply["reply"]["move"]["to"].as_array().unwrap().iter().map(|n| n.to_string()).collect();
        let answer_there = body("solve", &format!("game=kayles&position={}&misere=1", to.join(",")));
        assert_eq!(
            (solved["outcome"].as_str(), answer_there["outcome"].as_str()),
            (Some("N"), Some("P")),
            "{reply}"
        );
    }

    #[test]
    fn the_fast_lane_hands_expensive_questions_on() {
        let params = Params::from_query("game=nim&position=40,40,40&method=search").unwrap();
        assert!(matches!(answer("solve", &params, &Budget::new(1_000), Lane::Fast), Answer::OutOfBudget));
        let Answer::Done(reply) = answer("solve", &params, &Budget::new(1_000), Lane::Final) else {
            panic!()
        };
        assert_eq!(reply.status, 422, "{}", reply.body);
        assert!(reply.body.contains("\"kind\":\"budget\""), "{}", reply.body);
    }
}
