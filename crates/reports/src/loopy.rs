//! `loopy`: loopy impartial games (positions that repeat, draws) by the engine's retrograde
//! analysis (`nimlab_engine::loopy`): a token game on a graph read from a file's text, or Fair
//! Shares and Varied Pairs. With tokens, the sum of those tokens is answered from each
//! token's generalized Sprague-Grundy value (misère play: by a retrograde analysis of the sum's
//! graph, since values do not add under misère play); without, every position is listed.

use nimlab_engine::loopy::{
    check_vertex, explore, gsg_fixed_point, outcomes_fixed_point, solve, sum_graph, Digraph, LoopyOutcome,
    LoopyValue, Solution, INFINITE,
};
use nimlab_engine::loopy::{parse_graph, ParseError};
use nimlab_engine::loopy::{partitions, FairShares};
use nimlab_engine::loopy::{sum_good_moves, sum_value, Component};
use nimlab_engine::LoopyPositions;
use nimlab_engine::{
    say, AnyGame, BigUint, Budget, CheckedPosition, EngineError, GameSpec, Lang, Play, VerifyReport,
};
use nimlab_engine::{Counterexample, Task};
use nimlab_engine::{ALLOCATION_OVERHEAD, UNITS_PER_POSITION};
use serde::Serialize;

use crate::error::{invalid, CommandError};
use crate::ReportError;

/// Which loopy game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoopyGame {
    /// A token game on the graph of this text (an edge list or DOT).
    Graph {
        /// Where the text came from (a file name), for the report.
        source: String,
        /// The text.
        text: String,
    },
    /// Fair Shares and Varied Pairs with every number of coins from 1 to this.
    FairShares {
        /// The most coins.
        coins: u64,
    },
    /// A registered game whose positions may repeat ([`LoopyPositions::Reachable`]): the
    /// positions reachable by its rules from the tokens' positions, or, for a table (no
    /// tokens), from every verification position up to `upto`. A token is a position's numbers
    /// separated by spaces.
    Ruleset {
        /// The game.
        spec: GameSpec,
        /// The table's bound (its verification positions up to it); `None`: the declaration's.
        upto: Option<u64>,
    },
}

impl LoopyGame {
    /// The loopy game a registered game names, if its declaration says its positions may
    /// repeat: a graph file's text is read by `read` (the surface's: the engine reads no files).
    ///
    /// # Errors
    /// What `read` returns for an unreadable file; a usage error for a graph game without its
    /// file parameter.
    pub fn of_spec(
        spec: &GameSpec,
        upto: Option<u64>,
        read: impl FnOnce(&str) -> Result<String, ReportError>,
    ) -> Result<Option<LoopyGame>, ReportError> {
        Ok(match spec.info().capabilities.loopy {
            None => None,
            Some(LoopyPositions::Reachable) => Some(LoopyGame::Ruleset { spec: spec.clone(), upto }),
            Some(LoopyPositions::GraphFile { param }) => {
                let source = spec
                    .params()
                    .texts(param)
                    .first()
                    .ok_or_else(|| CommandError::GraphFileMissing { game: spec.name().to_string() })?
                    .clone();
                let text = read(&source)?;
                Some(LoopyGame::Graph { source, text })
            }
        })
    }
}

/// The token game on a graph read from a file that `spec` names, if its declaration's loopy
/// capability names a file parameter (the text read by `read`, the surface's reader); `None`
/// for every other game. The one place `solve` is routed to a graph file on every surface (and
/// where Python's `Game` reads its graph once); `table` reads the same capability through
/// [`crate::table::table_answer`].
///
/// # Errors
/// What `read` returns for an unreadable file; a usage error for a graph game without its file.
pub fn graph_file_game(
    spec: &GameSpec,
    read: impl FnOnce(&str) -> Result<String, ReportError>,
) -> Result<Option<LoopyGame>, ReportError> {
    if !matches!(spec.info().capabilities.loopy, Some(LoopyPositions::GraphFile { .. })) {
        return Ok(None);
    }
    LoopyGame::of_spec(spec, None, read)
}

/// The rule that a loopy game is played by two: `players` (the standard alliance matrix's
/// count) is refused for the game `name`, on every surface and in every command that takes it.
///
/// # Errors
/// [`ReportError::Invalid`] when `players` is given.
pub fn two_players(name: &str, players: Option<u32>) -> Result<(), ReportError> {
    match players {
        Some(_) => invalid(CommandError::LoopyPlayers { game: name.to_string() }),
        None => Ok(()),
    }
}

/// A loopy question: the game, the tokens (vertex names; empty: every position) and the play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoopyRequest {
    /// The game.
    pub game: LoopyGame,
    /// One vertex name per token; empty for the table of every position.
    pub tokens: Vec<String>,
    /// Normal or misère play.
    pub play: Play,
    /// The language of the reason.
    pub lang: Lang,
}

/// One position of the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LoopyPosition {
    /// Its name (a vertex name; Fair Shares: heaps joined by `+`).
    pub position: String,
    /// The generalized Sprague-Grundy value (null under misère play).
    pub value: Option<LoopyValue>,
    /// `P`, `N` or `D` (a draw).
    pub outcome: LoopyOutcome,
    /// Moves to the end when the winner hurries and the loser stalls (null for a draw).
    pub remoteness: Option<u32>,
    /// The moves to play: to a P-position from an N-position (`winning`), to a D-position from
    /// a D-position (`drawing`).
    pub moves: Vec<String>,
    /// `winning`, `drawing`, or null (a P-position: every move loses).
    pub moves_kind: Option<&'static str>,
}

/// A move of a sum of tokens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LoopyMove {
    /// Which token moves (0-based).
    pub token: usize,
    /// From where.
    pub from: String,
    /// To where.
    pub to: String,
    /// The value of the sum after the move (null under misère play).
    pub value_after: Option<LoopyValue>,
}

/// The answer for tokens on the game's positions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LoopySolveReport {
    /// The game, e.g. `graph examples/loopy.txt`.
    pub game: String,
    /// `normal` or `misere`.
    pub play: Play,
    /// Each token's position, alone.
    pub tokens: Vec<LoopyPosition>,
    /// The sum's value (normal play).
    pub value: Option<LoopyValue>,
    /// The sum's outcome.
    pub outcome: LoopyOutcome,
    /// The sum's remoteness, when known (one token, or misère play), not for a draw.
    pub remoteness: Option<u32>,
    /// The moves to play (winning or drawing), as for [`LoopyPosition::moves`].
    pub moves: Vec<LoopyMove>,
    /// `winning`, `drawing` or null.
    pub moves_kind: Option<&'static str>,
    /// Why, in words.
    pub reason: String,
}

/// Every position of the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LoopyTableReport {
    /// The game.
    pub game: String,
    /// `normal` or `misere`.
    pub play: Play,
    /// How many positions.
    pub positions: usize,
    /// How many moves.
    pub moves: usize,
    /// How many positions of each outcome.
    pub counts: OutcomeCounts,
    /// Every position.
    pub rows: Vec<LoopyPosition>,
}

/// Positions counted by outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct OutcomeCounts {
    /// P-positions.
    #[serde(rename = "P")]
    pub p: usize,
    /// N-positions.
    #[serde(rename = "N")]
    pub n: usize,
    /// Draws.
    #[serde(rename = "D")]
    pub d: usize,
}

/// A loopy answer: tokens answered, or the table of every position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum LoopyReport {
    /// With tokens.
    Solve(LoopySolveReport),
    /// Without.
    Table(LoopyTableReport),
}

struct Built {
    name: String,
    names: Vec<String>,
    graph: Digraph,
    /// The tokens' vertices, when the graph was explored from them.
    roots: Option<Vec<u32>>,
    /// Each token in its own numbering, when the graph's vertices are named by a canonical form
    /// (a ruleset's game explored from the tokens): a move's target is then written as the
    /// position the move reaches from the token, not as its vertex's representative.
    own: Option<Vec<Own>>,
}

/// A token as given, with its moves: each as its target's vertex name (the canonical form)
/// and as the position it reaches in the token's numbering.
struct Own {
    name: String,
    moves: Vec<(String, String)>,
}

impl Built {
    /// Token `j`'s position as given (its vertex's name when the names are the positions').
    fn token_name(&self, j: usize, vertex: u32) -> String {
        match &self.own {
            Some(own) => own[j].name.clone(),
            None => self.names[vertex as usize].clone(),
        }
    }

    /// The position a move of token `j` to `vertex` reaches, in the token's numbering.
    fn target_name(&self, j: usize, vertex: u32) -> String {
        let name = &self.names[vertex as usize];
        self.own
            .as_ref()
            .and_then(|own| own[j].moves.iter().find(|(canonical, _)| canonical == name))
            .map_or_else(|| name.clone(), |(_, reached)| reached.clone())
    }
}

fn joined(numbers: &[BigUint]) -> String {
    numbers.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

/// Reads a loopy game's graph file: the command line's and the Python module's readers, the web
/// API's (the request's text), or [`no_files`] where nothing is read (the engine and the reports
/// read no files).
pub type ReadFile<'a> = &'a dyn Fn(&str) -> Result<String, ReportError>;

/// The reader where no file is read: a graph game is refused with where to ask.
///
/// # Errors
/// Always: a usage error naming the file.
pub fn no_files(path: &str) -> Result<String, ReportError> {
    invalid(CommandError::FilesNotRead { path: path.to_string() })
}

/// The graph of a built game's positions: those reachable from the tokens' positions, or for a
/// table (no tokens) from every verification position up to `upto` (the declaration's bound
/// when `None`).
fn build_game(
    game: &dyn AnyGame,
    tokens: &[String],
    upto: Option<u64>,
    budget: &Budget,
) -> Result<Built, ReportError> {
    let spec = game.spec();
    let roots: Vec<CheckedPosition> = if tokens.is_empty() {
        let bound = upto.unwrap_or(spec.verify_bound());
        // Each listed position is charged as one stored, so that the budget bounds them.
        let mut roots = Vec::new();
        for position in game.verification_positions(bound) {
            budget.charge(UNITS_PER_POSITION).map_err(stopped(&Task::TablePositions))?;
            // Only the game's positions (a cap on a pile may be below the bound).
            if let Ok(position) = game.check_position(&position) {
                roots.push(position);
            }
        }
        roots
    } else {
        tokens
            .iter()
            .map(|t| {
                let numbers = t
                    .split_whitespace()
                    .map(|n| {
                        n.parse::<BigUint>().map_err(|_| {
                            ReportError::Invalid(CommandError::BadTokenNumber {
                                number: n.to_string(),
                                token: t.to_string(),
                            })
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(game.check_position(&numbers)?)
            })
            .collect::<Result<_, ReportError>>()?
    };
    let explored = game.position_graph(&roots, budget)?;
    let names: Vec<String> = explored.numbers.iter().map(|p| joined(p)).collect();
    let own = if tokens.is_empty() {
        None
    } else {
        let mut own = Vec::with_capacity(roots.len());
        for root in &roots {
            let mut moves = Vec::new();
            for m in game.options(root, budget, Lang::En)? {
                moves.push((joined(&game.canonical_numbers(&m.to)?), joined(&m.to)));
            }
            own.push(Own { name: joined(root), moves });
        }
        Some(own)
    };
    let token_vertices = (!tokens.is_empty()).then_some(explored.roots);
    Ok(Built { name: spec.to_string(), names, graph: explored.graph, roots: token_vertices, own })
}

fn build(game: &LoopyGame, tokens: &[String], budget: &Budget) -> Result<Built, ReportError> {
    match game {
        LoopyGame::Ruleset { spec, upto } => {
            let game = spec.build(budget)?;
            build_game(game.as_ref(), tokens, *upto, budget)
        }
        LoopyGame::Graph { source, text } => {
            let named = parse_graph(text, budget).map_err(|e| match e {
                ParseError::Graph(g) => ReportError::Engine(EngineError::from(g)),
                ParseError::Syntax { line, column, fault } => {
                    ReportError::Invalid(CommandError::BadGraphText {
                        source: source.clone(),
                        line,
                        column,
                        fault,
                    })
                }
                ParseError::Empty => {
                    ReportError::Invalid(CommandError::EmptyGraph { source: source.clone() })
                }
            })?;
            Ok(Built {
                name: format!("graph {source}"),
                names: named.names,
                graph: named.graph,
                roots: None,
                own: None,
            })
        }
        LoopyGame::FairShares { coins } => {
            if *coins == 0 {
                return invalid(CommandError::NoCoins);
            }
            if *coins > 80 {
                return invalid(CommandError::TooManyCoins { coins: *coins, max: 80 });
            }
            let roots: Vec<Vec<u64>> = (1..=*coins).flat_map(partitions).collect();
            let (graph, positions) = explore(&FairShares, &roots, budget).map_err(EngineError::from)?;
            let names = positions
                .iter()
                .map(|p| p.iter().rev().map(u64::to_string).collect::<Vec<_>>().join("+"))
                .collect();
            Ok(Built {
                name: format!("fair-shares up to {coins} coins"),
                names,
                graph,
                roots: None,
                own: None,
            })
        }
    }
}

/// The error of a computation that ran out during `task`.
fn stopped(task: &Task) -> impl Fn(nimlab_engine::Exhausted) -> ReportError + '_ {
    move |cause| ReportError::Engine(EngineError::Exhausted { task: Box::new(task.clone()), cause })
}

/// Bytes a string holds: its buffer and its handle (24 bytes), with the allocator's overhead.
fn string_bytes(text: &str) -> u64 {
    text.len() as u64 + 24 + ALLOCATION_OVERHEAD
}

fn row(b: &Built, s: &Solution, u: u32) -> LoopyPosition {
    let kind = match s.outcome(u) {
        LoopyOutcome::N => Some("winning"),
        LoopyOutcome::D => Some("drawing"),
        LoopyOutcome::P => None,
    };
    LoopyPosition {
        position: b.names[u as usize].clone(),
        value: s.value(&b.graph, u),
        outcome: s.outcome(u),
        remoteness: s.remoteness(u),
        moves: s.good_moves(&b.graph, u).map(|v| b.names[v as usize].clone()).collect(),
        moves_kind: kind,
    }
}

/// Answers a loopy request under `budget`.
///
/// # Errors
/// [`ReportError::Invalid`] for a malformed graph (its line and column) or an unknown vertex,
/// [`ReportError::Engine`] when the budget stops the analysis.
pub fn loopy(request: &LoopyRequest, budget: &Budget) -> Result<LoopyReport, ReportError> {
    let b = build(&request.game, &request.tokens, budget)?;
    answer(&b, &request.tokens, request.play, request.lang, budget)
}

/// [`loopy`] for a game already built (also one defined in Python, whose positions repeat): the
/// positions reachable from the tokens' (each a position's numbers separated by spaces), or
/// without tokens from the game's verification positions up to `upto`.
///
/// # Errors
/// As for [`loopy`].
pub fn loopy_built(
    game: &dyn AnyGame,
    tokens: &[String],
    upto: Option<u64>,
    play: Play,
    lang: Lang,
    budget: &Budget,
) -> Result<LoopyReport, ReportError> {
    let b = build_game(game, tokens, upto, budget)?;
    answer(&b, tokens, play, lang, budget)
}

fn answer(
    b: &Built,
    tokens: &[String],
    play: Play,
    lang: Lang,
    budget: &Budget,
) -> Result<LoopyReport, ReportError> {
    let task = Task::Retrograde { graph: Some(b.name.to_string()) };
    let s = solve(&b.graph, play, budget).map_err(stopped(&task))?;
    if tokens.is_empty() {
        // The memory account: the graph, the positions' names and the rows, which hold every
        // position's name and those of its good moves (checked as they grow).
        let n = b.graph.vertex_count();
        let mut held = b.graph.held_bytes()
            + b.names.iter().map(|name| string_bytes(name)).sum::<u64>()
            + (n * std::mem::size_of::<LoopyPosition>()) as u64;
        // The work: two units a name listed (the position and each good move), as a table's
        // value written as text costs (bench/calibrate.sh: uncharged, `loopy --fair-shares 40`
        // cost 217 ns a unit, its 93 MB listing the largest part of its time).
        let mut rows: Vec<LoopyPosition> = Vec::with_capacity(n);
        let mut listed = 0u64;
        for u in 0..n as u32 {
            let r = row(b, &s, u);
            held += string_bytes(&r.position)
                + r.moves.iter().map(|m| string_bytes(m)).sum::<u64>()
                + (r.moves.capacity() * std::mem::size_of::<String>()) as u64;
            listed += 2 * (1 + r.moves.len() as u64);
            rows.push(r);
            if u % 1024 == 1023 || u as usize + 1 == n {
                budget.charge(std::mem::take(&mut listed)).map_err(stopped(&Task::TablePositions))?;
                budget.check_held(held).map_err(stopped(&Task::TablePositions))?;
            }
        }
        let mut counts = OutcomeCounts::default();
        for r in &rows {
            match r.outcome {
                LoopyOutcome::P => counts.p += 1,
                LoopyOutcome::N => counts.n += 1,
                LoopyOutcome::D => counts.d += 1,
            }
        }
        return Ok(LoopyReport::Table(LoopyTableReport {
            game: b.name.clone(),
            play,
            positions: b.graph.vertex_count(),
            moves: b.graph.edge_count(),
            counts,
            rows,
        }));
    }
    let mut vertices = b.roots.clone().unwrap_or_default();
    for token in tokens.iter().filter(|_| b.roots.is_none()) {
        let u = b
            .names
            .iter()
            .position(|n| n == token)
            .ok_or_else(|| CommandError::UnknownVertex { game: b.name.clone(), token: token.clone() })?;
        vertices.push(u as u32);
    }
    // The tokens' rows in their own numbering.
    let tokens: Vec<LoopyPosition> = vertices
        .iter()
        .enumerate()
        .map(|(j, &u)| {
            let mut r = row(b, &s, u);
            r.position = b.token_name(j, u);
            r.moves = s.good_moves(&b.graph, u).map(|v| b.target_name(j, v)).collect();
            r
        })
        .collect();
    let report = match play {
        Play::Normal => {
            let comps: Vec<Component<'_>> =
                vertices.iter().map(|&u| Component { graph: &b.graph, solution: &s, vertex: u }).collect();
            let value = sum_value(&comps);
            let outcome = value.outcome();
            let moves = sum_good_moves(&comps)
                .into_iter()
                .map(|m| LoopyMove {
                    token: m.component,
                    from: b.token_name(m.component, vertices[m.component]),
                    to: b.target_name(m.component, m.to),
                    value_after: Some(m.value),
                })
                .collect();
            let values: Vec<String> = tokens
                .iter()
                .map(|t| t.value.as_ref().map_or_else(String::new, ToString::to_string))
                .collect();
            let why = match &value {
                LoopyValue::Nimber(0) => say!(lang, "the value is 0: a P-position", "值为 0：必败态（P）"),
                LoopyValue::Nimber(_) => {
                    say!(
                        lang,
                        "the value is a nonzero nimber: an N-position",
                        "值是非零的 nim 数：必胜态（N）"
                    )
                }
                LoopyValue::Infinite(k) if k.first() == Some(&0) => say!(
                    lang,
                    "the value is ∞(K) with 0 in K: an N-position (a move to a 0 wins)",
                    "值为 ∞(K) 且 0 属于 K：必胜态（N）（走到值为 0 的局面即胜）"
                ),
                LoopyValue::Infinite(_) => say!(
                    lang,
                    "the value is ∞(K) with 0 not in K: a draw (no move wins, and a player who must not lose \
                     can always avoid losing)",
                    "值为 ∞(K) 且 0 不属于 K：和局（没有必胜的走法，而不想输的一方总能避免输）"
                ),
            };
            let reason = if tokens.len() == 1 {
                say!(
                    lang,
                    "generalized Sprague-Grundy value {value}: {why}",
                    "广义 Sprague-Grundy 值 {value}：{why}"
                )
            } else {
                say!(
                    lang,
                    "the sum's value by the generalized Sprague-Grundy theorem: {} = {value}; {why}",
                    "由广义 Sprague-Grundy 定理，和的值：{} = {value}；{why}",
                    values.join(" + ")
                )
            };
            let remoteness = if tokens.len() == 1 { tokens[0].remoteness } else { None };
            LoopySolveReport {
                game: b.name.clone(),
                play,
                value: Some(value),
                outcome,
                remoteness,
                moves,
                moves_kind: kind_of(outcome),
                tokens,
                reason,
            }
        }
        Play::Misere => {
            // Misère play: values do not add; the sum's graph answers.
            let parts: Vec<&Digraph> = vertices.iter().map(|_| &b.graph).collect();
            let whole = sum_graph(&parts, budget).map_err(EngineError::from)?;
            let ws = solve(&whole, Play::Misere, budget).map_err(stopped(&task))?;
            let n = b.graph.vertex_count();
            let index = vertices.iter().fold(0usize, |i, &u| i * n + u as usize) as u32;
            let outcome = ws.outcome(index);
            let mut moves = Vec::new();
            for v in ws.good_moves(&whole, index) {
                // The one token whose vertex differs.
                let (mut a, mut c) = (index as usize, v as usize);
                for j in (0..vertices.len()).rev() {
                    if a % n != c % n {
                        moves.push(LoopyMove {
                            token: j,
                            from: b.token_name(j, (a % n) as u32),
                            to: b.target_name(j, (c % n) as u32),
                            value_after: None,
                        });
                    }
                    a /= n;
                    c /= n;
                }
            }
            moves.sort_by_key(|m| m.token);
            LoopySolveReport {
                game: b.name.clone(),
                play,
                value: None,
                outcome,
                remoteness: ws.remoteness(index),
                moves,
                moves_kind: kind_of(outcome),
                tokens,
                reason: say!(
                    lang,
                    "misère play (a player with no move wins), by retrograde analysis of the sum's {} positions",
                    "反常规则（无路可走的一方获胜），由和的 {} 个局面的逆向分析得出",
                    whole.vertex_count()
                ),
            }
        }
    };
    Ok(LoopyReport::Solve(report))
}

/// `verify` of a loopy game (capability `loopy`, by its rules): every position reachable from
/// its verification positions up to `bound` (the declaration's when `None`), the retrograde
/// analysis against independent checks: under normal play each value against the definition of
/// the generalized Sprague-Grundy function (conditions A, B, C, vertex by vertex) and against a
/// fixed-point iteration of the same stages, each value's outcome against the retrograde
/// outcome; under both plays the outcomes against a fixed-point iteration of their definition.
///
/// # Errors
/// As for [`loopy`].
pub fn verify_built(
    game: &dyn AnyGame,
    bound: Option<u64>,
    play: Play,
    budget: &Budget,
) -> Result<VerifyReport, ReportError> {
    let spec = game.spec();
    let bound = bound.unwrap_or(spec.verify_bound());
    let b = build_game(game, &[], Some(bound), budget)?;
    let task = Task::Retrograde { graph: Some(b.name.to_string()) };
    let s = solve(&b.graph, play, budget).map_err(stopped(&task))?;
    let check = Task::FixedPoint { graph: b.name.to_string() };
    let outcomes = outcomes_fixed_point(&b.graph, play, budget).map_err(stopped(&check))?;
    let values = match &s.gsg {
        Some(_) => Some(gsg_fixed_point(&b.graph, budget).map_err(stopped(&check))?),
        None => None,
    };
    let mut counterexample = None;
    let mut positions = 0;
    for u in 0..b.graph.vertex_count() as u32 {
        positions += 1;
        let mut problem = None;
        if s.outcome(u) != outcomes[u as usize] {
            problem = Some(format!(
                "retrograde analysis says {}, the fixed-point iteration {}",
                s.outcome(u).as_str(),
                outcomes[u as usize].as_str()
            ));
        }
        if let (Some(gsg), Some(values), None) = (&s.gsg, &values, &problem) {
            let shown = |v: u32| if v == INFINITE { "∞".to_string() } else { v.to_string() };
            if gsg.values[u as usize] != values[u as usize] {
                problem = Some(format!(
                    "retrograde analysis gives the value {}, the fixed-point iteration {}",
                    shown(gsg.values[u as usize]),
                    shown(values[u as usize])
                ));
            } else if let Err(e) = check_vertex(&b.graph, gsg, u) {
                problem = Some(format!("the definition fails: {e}"));
            } else if let Some(v) = s.value(&b.graph, u).filter(|v| v.outcome() != s.outcome(u)) {
                problem = Some(format!(
                    "the value {v} gives {}, not {}",
                    v.outcome().as_str(),
                    s.outcome(u).as_str()
                ));
            }
        }
        if let Some(problem) = problem {
            let position = b.names[u as usize].split_whitespace().filter_map(|n| n.parse().ok()).collect();
            counterexample = Some(Counterexample { position, problem });
            break;
        }
    }
    let theorem = match play {
        Play::Normal => "the generalized Sprague-Grundy function and outcomes by retrograde analysis (Smith 1966; \
                         Fraenkel and Yesha 1986), against the definition vertex by vertex and fixed-point iterations",
        Play::Misere => "outcomes by retrograde analysis, against a fixed-point iteration of their definition",
    };
    Ok(VerifyReport {
        game: spec.to_string(),
        theorem: theorem.to_string(),
        play,
        players: None,
        uncovered: 0,
        bound,
        positions,
        search_states: b.graph.vertex_count(),
        agree: counterexample.is_none(),
        counterexample,
        quotient: None,
        scope: None,
    })
}

fn kind_of(outcome: LoopyOutcome) -> Option<&'static str> {
    match outcome {
        LoopyOutcome::N => Some("winning"),
        LoopyOutcome::D => Some("drawing"),
        LoopyOutcome::P => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(text: &str, tokens: &[&str], play: Play) -> Result<LoopyReport, ReportError> {
        let request = LoopyRequest {
            lang: Lang::En,
            game: LoopyGame::Graph { source: "g".into(), text: text.into() },
            tokens: tokens.iter().map(|t| t.to_string()).collect(),
            play,
        };
        loopy(&request, &Budget::default())
    }

    const STALL: &str = "a b\nb a\na t\nb b\n";

    #[test]
    fn a_token_that_can_stall_holds_a_draw() {
        let LoopyReport::Solve(r) = graph(STALL, &["b"], Play::Normal).unwrap() else { panic!() };
        assert_eq!(r.outcome, LoopyOutcome::D);
        assert_eq!(r.value, Some(LoopyValue::Infinite(vec![])));
        assert_eq!(r.moves_kind, Some("drawing"));
        assert_eq!(r.moves.iter().map(|m| m.to.as_str()).collect::<Vec<_>>(), ["b"]);
        // a = ∞(0): N, the move to t wins; two tokens on a and t: ∞(0) + 0 = ∞(0), still N.
        let LoopyReport::Solve(r) = graph(STALL, &["a", "t"], Play::Normal).unwrap() else { panic!() };
        assert_eq!(r.outcome, LoopyOutcome::N);
        assert_eq!(r.moves.len(), 1);
        assert_eq!((r.moves[0].token, r.moves[0].to.as_str()), (0, "t"));
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!(json["value"], serde_json::json!({"infinite": [0]}));
    }

    #[test]
    fn misere_sums_are_answered_by_their_graph() {
        // Misère: t (no move) wins for the player to move; a -> t loses, so a plays to b.
        let LoopyReport::Solve(r) = graph("a t\n", &["a"], Play::Misere).unwrap() else { panic!() };
        assert_eq!(r.outcome, LoopyOutcome::P);
        let LoopyReport::Solve(r) = graph("a t\n", &["a", "a"], Play::Misere).unwrap() else { panic!() };
        // Move one token to t; the opponent must move the other, leaving us with no move.
        assert_eq!(r.outcome, LoopyOutcome::N);
        assert_eq!(r.remoteness, Some(2));
        assert_eq!(r.moves.len(), 2);
    }

    #[test]
    fn bad_input_is_a_usage_error() {
        let e = graph("a b c\n", &[], Play::Normal).unwrap_err();
        assert!(e.is_usage());
        assert_eq!(
            e.to_string(),
            "g: line 1, column 5: expected an edge `u v` (two vertex names), found a third word `c`"
        );
        let e = graph(STALL, &["zz"], Play::Normal).unwrap_err();
        assert!(e.is_usage());
        assert_eq!(e.to_string(), "graph g has no position named `zz`");
    }

    #[test]
    fn verify_checks_every_position_against_the_fixed_point_iterations() {
        let budget = Budget::default();
        for (spec, positions) in
            [("fair-shares", 914), ("loopy-pattern --piles 2 --move one:1..2 --move all:+1 --cap 3", 10)]
        {
            let spec: GameSpec = spec.parse().unwrap();
            let game = spec.build(&budget).unwrap();
            for play in [Play::Normal, Play::Misere] {
                let r = verify_built(game.as_ref(), None, play, &budget).unwrap();
                assert!(r.agree, "{spec} {play:?}: {:?}", r.counterexample);
                assert_eq!(r.positions, positions, "{spec}");
            }
        }
        let request = crate::verify::VerifyRequest {
            spec: Some("fair-shares".parse().unwrap()),
            bound: Some(8),
            play: Play::Normal,
            players: None,
        };
        let all = crate::verify::verify(&request, &budget, &nimlab_engine::no_progress).unwrap();
        assert!(all.all_agree);
        assert_eq!(all.reports[0].positions, 66, "the partitions of 1 to 8 coins");
        let players = crate::verify::VerifyRequest { players: Some(3), ..request };
        let refused = crate::verify::verify(&players, &budget, &nimlab_engine::no_progress);
        assert!(refused.unwrap_err().is_usage());
    }

    #[test]
    fn the_fair_shares_table_up_to_16_coins() {
        let request = LoopyRequest {
            game: LoopyGame::FairShares { coins: 16 },
            tokens: vec![],
            play: Play::Normal,
            lang: Lang::En,
        };
        let LoopyReport::Table(t) = loopy(&request, &Budget::default()).unwrap() else { panic!() };
        let partitions: usize = (1..=16).map(|n| partitions(n).len()).sum();
        assert_eq!(t.positions, partitions);
        assert_eq!(t.counts.p + t.counts.n + t.counts.d, partitions);
        assert!(t.rows.iter().any(|r| r.position == "1+1+1" && r.value == Some(LoopyValue::Nimber(0))));
    }
}
