//! What Node-Kayles and Arc-Kayles share: a game on a graph named by the parameter `graph`
//! ([`crate::graphs::family`]: a family, an edge list, or a file's text handed over by the
//! surface), a position written as the vertices deleted so far (so that a game can be shared and
//! resumed), the rules as a [`Game`] over the vertices left, the component engine as the
//! ruleset's own search, and the theory both games have:
//!
//! * **Paths and cycles.** Node-Kayles on a path of `k` vertices is Dawson's chess, the octal
//!   game 0.137 on a heap of `k` (a vertex at an end deletes two, leaving one path; any other
//!   deletes three, leaving two paths or one); Arc-Kayles on it is Dawson's Kayles, 0.07 (a move
//!   deletes two adjacent vertices). On a cycle of `k` every move leaves one path, of `k - 3`
//!   vertices (Node-Kayles) or `k - 2` (Arc-Kayles), so its value is 1 when that path's value is
//!   0 and 0 otherwise. A position whose components are all paths and cycles is the nim-sum.
//! * **Symmetry.** If an involution `σ` of the board (a half turn, or a reflection) maps the
//!   vertices left onto themselves, fixes no vertex and maps no vertex (Node-Kayles) or no edge
//!   (Arc-Kayles) to a neighbour of itself (to itself), the second player answers every move by
//!   its mirror image, which is still legal (the move and its image delete disjoint sets that
//!   are not adjacent... for Node-Kayles the image of `v` is neither deleted by the move on `v`
//!   nor adjacent to it) and keeps the position symmetric: the position is P, of value 0. If `σ`
//!   fixes exactly the vertices (the edge) that one move deletes and after that move the
//!   condition holds, that move wins: the position is N.

use std::borrow::Cow;
use std::sync::{Arc, Mutex};

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::analysis::{Analysis, Basis, GrundyValue, MoveReport, Ruleset};
use crate::bigint::big;
use crate::budget::{Budget, Exhausted};
use crate::error::{EngineError, RequestError};
use crate::game::{Game, Method, Outcome, Play};
use crate::graphs::graph::GraphError;
use crate::graphs::layout::{GraphView, Style, Target};
use crate::graphs::set::MAX_VERTICES;
use crate::graphs::symmetry;
use crate::graphs::{
    family, regions, ComponentSolver, Deletion, DeletionGame, Graph, Memo, MisereMemo, VSet,
};
use crate::lang::{say, words, Lang, Words};
use crate::octal::{OctalCode, Sequence};
use crate::solve::MisereSolver;
use crate::spec::{GameSpec, ParamDecl, ParamKind, ParamTexts};
use crate::tables::{
    Grid, GridRequest, GridSource, Sequence as TableSequence, SequenceRequest, SequenceSource, TableBasis,
    TableError, TableMethod, TableValues, N_CELL, P_CELL,
};

/// The parameter `graph` both games take.
pub(crate) const GRAPH: ParamDecl = ParamDecl {
    name: "graph",
    label: "graph",
    help: "the graph: path:N, cycle:N, scalloped:N, grid:RxC, ladder:N, complete:N, star:N, petersen:N,K, queens:N, \
tree:P1,P2,... (parents), random:N,M,SEED, edges:a-b,b-c,... or @FILE (an edge list or DOT file)",
    kind: ParamKind::Text {
        syntax: "a family (grid:3x5, queens:8, petersen:7,2, ...), edges:a-b,... or @FILE",
        repeatable: false,
        canonical: canonical_graph,
    },
    default: None,
    example: "grid:3x4",
};

/// The Chinese texts of [`GRAPH`].
pub(crate) const GRAPH_ZH: ParamTexts = ParamTexts {
    name: "graph",
    label: "图",
    help: "图：path:N（路）、cycle:N（圈）、scalloped:N（扇贝路：每个顶点另连第三个后继）、grid:RxC（网格）、ladder:N（梯子）、complete:N（完全图）、star:N（星）、\
petersen:N,K（广义彼得森图）、queens:N（皇后图）、tree:P1,P2,...（父结点表）、random:N,M,SEED（随机图）、\
edges:a-b,b-c,...（边表）或 @文件（边表或 DOT 文件）",
};

/// The graph the parameter `graph` of `spec` names, for the rulesets on one graph (Hackenbush,
/// Geography).
///
/// # Errors
/// The graph's text is not a graph (or is a family with `n`).
pub(crate) fn graph_of(spec: &GameSpec) -> Result<Graph, EngineError> {
    let text = spec.params().texts(GRAPH.name).first().cloned().unwrap_or_default();
    family::build(&text).map_err(|e| {
        let e = e.to_string();
        super::invalid(words!("{e}", "{e}"))
    })
}

/// The budget of a polynomial theory on a graph of at most 256 vertices and 256 edges (maximum
/// matchings, Hackenbush's fusion): one it cannot exhaust.
pub(crate) fn theory_budget() -> Budget {
    Budget::new(u64::MAX)
}

/// Is `decl` a graph parameter ([`GRAPH`]), whose value a surface may build from a graph object
/// of its own (a networkx graph in Python) as `edges:` text?
pub fn is_graph_param(decl: &ParamDecl) -> bool {
    decl.name == GRAPH.name && matches!(decl.kind, ParamKind::Text { .. })
}

fn canonical_graph(text: &str) -> Result<String, Words> {
    family::canonical(text).map_err(|e| e.words())
}

fn bad_graph(e: family::FamilyError) -> EngineError {
    super::invalid(e.words())
}

/// A vertex-deletion game on one graph, or on the members of a one-parameter family (see the
/// module doc).
#[derive(Clone)]
pub(crate) struct GraphGame {
    name: &'static str,
    deletion: Deletion,
    /// The graph; `None` for a family written with `n`, whose members only `table` and `period`
    /// list ([`Ruleset::fast_sequence`]): every question about a position checks it first
    /// ([`Ruleset::check_position`] refuses every position of a family).
    game: Option<Arc<DeletionGame>>,
    /// The family's text, for a family.
    family: Option<String>,
    memo: Arc<Mutex<Memo>>,
    /// The positions' table of the misère search by regions ([`crate::graphs::regions`]).
    misere: Arc<Mutex<MisereMemo>>,
    /// The values of paths of `0..=order` vertices (the octal game of the deletion).
    paths: Arc<Vec<u32>>,
    /// The vertices in play at the start (all of them, or a board's free cells).
    start: VSet,
    /// How moves and vertices are worded.
    pieces: Pieces,
}

/// How a game on a graph words its moves and its vertices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pieces {
    /// Vertices and edges of a graph: "pick vertex (2, 3)", "take the edge a–b".
    Graph,
    /// Dominoes on a board's cells (Cram): "place a domino on b3–b4".
    Dominoes,
}

impl Pieces {
    /// What a vertex is called, in `lang`.
    fn vertex(self, lang: Lang) -> &'static str {
        match self {
            Pieces::Graph => lang.pick("vertex", "顶点"),
            Pieces::Dominoes => lang.pick("cell", "格子"),
        }
    }
}

impl std::fmt::Debug for GraphGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GraphGame").field("name", &self.name).field("family", &self.family).finish()
    }
}

/// The most members a family's table lists: each is a whole search.
pub(crate) const MAX_FAMILY_MEMBER: u64 = 4096;

impl GraphGame {
    /// The game `spec` names, deleting `deletion`.
    ///
    /// # Errors
    /// The graph's text is not a graph.
    pub(crate) fn build(spec: &GameSpec, deletion: Deletion) -> Result<GraphGame, EngineError> {
        let text = spec.params().texts("graph").first().cloned().unwrap_or_default();
        if family::is_template(&text) {
            return GraphGame::family(spec, deletion, text, Pieces::Graph);
        }
        let graph = family::build(&text).map_err(bad_graph)?;
        let start = graph.vertices();
        Ok(GraphGame::on_graph(spec, deletion, graph, start, Pieces::Graph))
    }

    /// The game on `graph` whose positions start from the vertices `start` (a board's free
    /// cells): the vertices outside it are never in play, and a position names the vertices of
    /// `start` deleted so far.
    pub(crate) fn on_graph(
        spec: &GameSpec,
        deletion: Deletion,
        graph: Graph,
        start: VSet,
        pieces: Pieces,
    ) -> GraphGame {
        GraphGame {
            name: spec.name(),
            deletion,
            paths: Arc::new(path_values(deletion, graph.order() as u64 + 1)),
            game: Some(Arc::new(DeletionGame { graph, deletion })),
            family: None,
            memo: Arc::new(Mutex::new(Memo::new(deletion))),
            misere: Arc::new(Mutex::new(MisereMemo::new(deletion))),
            start,
            pieces,
        }
    }

    /// The one-parameter family `text` (a family of [`family`] written with `n`), whose members
    /// only `table` and `period` list.
    ///
    /// # Errors
    /// The text is not a family.
    pub(crate) fn family(
        spec: &GameSpec,
        deletion: Deletion,
        text: String,
        pieces: Pieces,
    ) -> Result<GraphGame, EngineError> {
        family::canonical(&text).map_err(bad_graph)?;
        Ok(GraphGame {
            name: spec.name(),
            deletion,
            game: None,
            family: Some(text),
            memo: Arc::new(Mutex::new(Memo::new(deletion))),
            misere: Arc::new(Mutex::new(MisereMemo::new(deletion))),
            paths: Arc::new(Vec::new()),
            start: VSet::EMPTY,
            pieces,
        })
    }

    /// The family a table lists, when it is written with `numbers` letters (`n`, or `m` and
    /// `n`); else the request that would fit, as the error.
    fn table_family(&self, numbers: usize) -> Result<String, TableError> {
        match &self.family {
            Some(family) if family::parameters(family) == numbers => Ok(family.clone()),
            _ => {
                let (param, example) = match (self.pieces, numbers) {
                    (Pieces::Graph, 1) => ("graph", "grid:3xn"),
                    (Pieces::Graph, _) => ("graph", "grid:mxn"),
                    (Pieces::Dominoes, 1) => ("board", "3xn"),
                    (Pieces::Dominoes, _) => ("board", "mxn"),
                };
                Err(TableError::InvalidRequest(RequestError::TableNeedsFamily {
                    game: self.name.to_string(),
                    param,
                    example,
                    grid: numbers == 2,
                }))
            }
        }
    }

    /// How a family table's members are valued: Grundy values or outcomes under normal play, or
    /// outcomes under misère play.
    fn member_values(
        &self,
        values: TableValues,
        play: Play,
        method: Method,
        budget: &Budget,
    ) -> MemberValues {
        MemberValues {
            family: self.clone(),
            misere: play == Play::Misere,
            theory: method != Method::Search,
            budget: budget.clone(),
            outcomes: values == TableValues::Outcomes,
        }
    }

    /// The game on a member of this family, sharing the family's memos.
    fn member(&self, graph: Graph) -> GraphGame {
        GraphGame {
            paths: Arc::new(path_values(self.deletion, graph.order() as u64 + 1)),
            start: graph.vertices(),
            game: Some(Arc::new(DeletionGame { graph, deletion: self.deletion })),
            family: None,
            ..self.clone()
        }
    }

    /// The graph; only asked for after a position was checked, which a family's never is.
    pub(crate) fn graph(&self) -> &Graph {
        &self.game.as_ref().expect("positions are checked first, and a family has none").graph
    }

    fn deletion(&self) -> Deletion {
        self.deletion
    }

    fn left(&self, deleted: &[BigUint]) -> VSet {
        let mut left = self.start;
        for v in deleted {
            left.remove(v.to_usize().expect("checked"));
        }
        left
    }

    fn name_of(&self, v: usize) -> &str {
        self.graph().name(v)
    }

    /// The value of a position whose components are paths and cycles, by the octal games
    /// (see the module doc), or `None`.
    fn path_value(&self, left: &VSet) -> Option<u32> {
        let mut parts = Vec::new();
        self.graph().components(left, &mut parts);
        let mut sum = 0;
        for part in &parts {
            let k = part.len();
            let degrees: Vec<usize> = part.iter().map(|v| self.graph().degree_in(v, part)).collect();
            if degrees.iter().any(|&d| d > 2) {
                return None;
            }
            let edges: usize = degrees.iter().sum::<usize>() / 2;
            sum ^= if edges + 1 == k {
                self.paths[k]
            } else {
                let shorter = match self.deletion() {
                    Deletion::Vertex => k - 3,
                    Deletion::Edge => k - 2,
                };
                u32::from(self.paths[shorter] == 0)
            };
        }
        Some(sum)
    }

    /// The board's involutions that map `left` onto itself.
    fn symmetries(&self, left: &VSet) -> Vec<Vec<usize>> {
        let Some(board) = self.graph().board() else { return Vec::new() };
        let (rows, cols) = (board.rows, board.cols);
        let at: std::collections::HashMap<(u16, u16), usize> =
            board.cells.iter().enumerate().map(|(v, &cell)| (cell, v)).collect();
        // The half turn, the two mirrors, and on a square board the two diagonal reflections.
        let count = if rows == cols { 5 } else { 3 };
        let map = |which: usize, r: u16, c: u16| match which {
            0 => (rows - 1 - r, cols - 1 - c),
            1 => (rows - 1 - r, c),
            2 => (r, cols - 1 - c),
            3 => (c, r),
            _ => (cols - 1 - c, rows - 1 - r),
        };
        let mut found = Vec::new();
        'maps: for which in 0..count {
            let mut image = vec![usize::MAX; self.graph().order()];
            for v in left.iter() {
                let (r, c) = board.cells[v];
                match at.get(&map(which, r, c)) {
                    Some(&w) if left.contains(w) => image[v] = w,
                    _ => continue 'maps,
                }
            }
            found.push(image);
        }
        found
    }

    /// Does the second player win `left` by mirroring under `sigma`?
    fn mirror_wins(&self, left: &VSet, sigma: &[usize]) -> bool {
        left.iter().all(|v| {
            let w = sigma[v];
            w != v
                && match self.deletion() {
                    Deletion::Vertex => !self.graph().neighbours(v).contains(w),
                    Deletion::Edge => true,
                }
        }) && match self.deletion() {
            Deletion::Vertex => true,
            // No edge {v, σv}: an edge mapped onto itself could not be answered.
            Deletion::Edge => left.iter().all(|v| !self.graph().neighbours(v).contains(sigma[v])),
        }
    }

    fn symmetry_theory(&self, left: &VSet, lang: Lang) -> Option<Analysis> {
        for sigma in self.symmetries(left) {
            if self.mirror_wins(left, &sigma) {
                return Some(Analysis {
                    outcome: Outcome::P,
                    grundy: GrundyValue::Value(big(0)),
                    winning_moves: Vec::new(),
                    winning_move_count: None,
                    moves_complete: true,
                    reason: say!(
                        lang,
                        "the position is symmetric under a half turn or reflection of the board that fixes no \
                         {noun} and takes no {noun} next to its image: the second player answers every move by its \
                         mirror image, so the position is P (value 0)",
                        "局面在棋盘的一个半周旋转或镜射下对称，没有不动的{noun}，也没有{noun}与其像相邻：后手每步走先手那步的镜像，\
                         所以是必败态（P，SG 值 0）",
                        noun = self.pieces.vertex(lang)
                    ),
                    basis: Basis::Theory(self.symmetry_theorem(lang)),
                });
            }
            // One move onto the fixed part, then mirroring.
            for removal in self.deletion().moves(self.graph(), left) {
                if removal.iter().any(|v| sigma[v] == usize::MAX || !removal.contains(sigma[v])) {
                    continue;
                }
                let rest = left.minus(&removal);
                if !rest.is_empty() && !self.mirror_wins(&rest, &sigma) {
                    continue;
                }
                let from = self.deleted_numbers(left);
                let to = self.deleted_numbers(&rest);
                let text = self.describe_move(&from, &to, lang);
                return Some(Analysis {
                    outcome: Outcome::N,
                    grundy: GrundyValue::Unknown,
                    winning_moves: vec![MoveReport { text: text.clone(), to: crate::analysis::CheckedPosition::new(to) }],
                    winning_move_count: None,
                    moves_complete: false,
                    reason: say!(
                        lang,
                        "{text} leaves a position symmetric under a half turn or reflection of the board that fixes \
                         no {noun} and takes no {noun} next to its image, and the second player wins that by \
                         answering every move with its mirror image: so this move wins",
                        "{text}后，局面在棋盘的一个半周旋转或镜射下对称，没有不动的{noun}，也没有{noun}与其像相邻；\
                         此后每步走对方那步的镜像即可获胜，所以这一步是必胜的走法",
                        noun = self.pieces.vertex(lang)
                    ),
                    basis: Basis::Theory(self.symmetry_theorem(lang)),
                });
            }
        }
        None
    }

    fn symmetry_theorem(&self, lang: Lang) -> String {
        lang.pick("the symmetry strategy (mirror every move)", "对称策略（每步走镜像）").to_string()
    }

    fn path_theorem(&self, lang: Lang) -> String {
        match (self.deletion(), self.pieces) {
            (Deletion::Edge, Pieces::Dominoes) => lang.pick(
                "a region of cells in a line (a 1 x n board, or any path of cells) is Dawson's Kayles (0.07), a \
                 ring of k cells is 1 iff G(path of k-2) = 0",
                "排成一条线的一片格子（1 x n 棋盘，或任何一条格子路）即 Dawson 九柱戏（0.07），k 个格子围成的环的值为 1 \
                 当且仅当 k-2 个格子的路的值为 0",
            ),
            (Deletion::Vertex, _) => lang.pick(
                "paths are Dawson's chess (0.137), a cycle of k is 1 iff G(path of k-3) = 0",
                "路即 Dawson 象棋（0.137），k 个顶点的圈的值为 1 当且仅当 k-3 个顶点的路的值为 0",
            ),
            (Deletion::Edge, Pieces::Graph) => lang.pick(
                "paths are Dawson's Kayles (0.07), a cycle of k is 1 iff G(path of k-2) = 0",
                "路即 Dawson 九柱戏（0.07），k 个顶点的圈的值为 1 当且仅当 k-2 个顶点的路的值为 0",
            ),
        }
        .to_string()
    }

    fn path_theory(&self, left: &VSet, max_moves: usize, lang: Lang) -> Option<Analysis> {
        let value = self.path_value(left)?;
        let from = self.deleted_numbers(left);
        let mut winning = Vec::new();
        for removal in self.deletion().moves(self.graph(), left) {
            let rest = left.minus(&removal);
            if self.path_value(&rest) == Some(0) {
                let to = self.deleted_numbers(&rest);
                winning.push(MoveReport {
                    text: self.describe_move(&from, &to, lang),
                    to: crate::analysis::CheckedPosition::new(to),
                });
            }
        }
        let mut analysis = Analysis {
            outcome: if value == 0 { Outcome::P } else { Outcome::N },
            grundy: GrundyValue::Value(big(u64::from(value))),
            winning_moves: winning,
            winning_move_count: None,
            moves_complete: true,
            reason: say!(
                lang,
                "every component is a path or a cycle: {}; their nim-sum is {value}",
                "每个连通分支都是路或圈：{}；它们的 Nim 和为 {value}",
                self.path_theorem(lang)
            ),
            basis: Basis::Theory(self.path_theorem(lang)),
        };
        analysis.limit_moves(max_moves);
        Some(analysis)
    }

    fn deleted_numbers(&self, left: &VSet) -> Vec<BigUint> {
        self.start.minus(left).iter().map(|v| big(v as u64)).collect()
    }
}

impl Game for GraphGame {
    type Position = VSet;

    fn options(&self, left: &VSet) -> Vec<VSet> {
        self.game.as_ref().map_or_else(Vec::new, |game| game.options(left))
    }
}

impl Ruleset for GraphGame {
    fn not_heaps(&self) -> Option<Words> {
        Some(match self.pieces {
            Pieces::Graph => words!(
                "its positions are a graph's: a position is the vertices deleted so far",
                "它的局面是图上的：一个局面是到目前为止删去的顶点"
            ),
            Pieces::Dominoes => words!(
                "its positions are a board's: a position is the cells covered so far",
                "它的局面是棋盘上的：一个局面是到目前为止盖住的格子"
            ),
        })
    }

    /// The graph in its own layout with the deleted vertices gone; a click on a vertex left
    /// (Node-Kayles) or on an edge between two (Arc-Kayles) makes its move.
    fn graph_view(&self, numbers: &[BigUint]) -> Option<GraphView<'_>> {
        let graph = &self.game.as_ref()?.graph;
        let left = self.left(numbers);
        let clicks = match self.deletion() {
            Deletion::Vertex => left
                .iter()
                .map(|v| {
                    let mut closed = graph.neighbours(v).and(&left);
                    closed.insert(v);
                    (Target::Vertex(v), self.deleted_numbers(&left.minus(&closed)))
                })
                .collect(),
            Deletion::Edge => graph
                .edges()
                .iter()
                .enumerate()
                .filter(|&(_, &(u, v))| {
                    u != v && left.contains(usize::from(u)) && left.contains(usize::from(v))
                })
                .map(|(e, &(u, v))| {
                    let pair: VSet = [usize::from(u), usize::from(v)].into_iter().collect();
                    (Target::Edge(e), self.deleted_numbers(&left.minus(&pair)))
                })
                .collect(),
        };
        let style = match self.pieces {
            Pieces::Graph => Style::Own,
            Pieces::Dominoes => Style::Cells,
        };
        Some(GraphView {
            graph: Cow::Borrowed(graph),
            style,
            gone_vertices: GraphView::vertices_gone(graph, &left),
            gone_edges: GraphView::edges_gone(graph, &left),
            token: None,
            poisoned: None,
            clicks,
        })
    }

    /// On a board, the options' least images under the board's turns and reflections that map
    /// the position's cells in play onto themselves ([`symmetry`]); a graph without a board has
    /// no symmetry known here.
    fn symmetric_options(&self, numbers: &[BigUint], options: &[Vec<BigUint>]) -> Vec<Vec<BigUint>> {
        let Some(board) = self.game.as_ref().and_then(|game| game.graph.board()) else {
            return options.to_vec();
        };
        let symmetries = symmetry::board_symmetries(board, &self.left(numbers), self.graph().order());
        options
            .iter()
            .map(|option| self.deleted_numbers(&symmetry::least_image(&symmetries, &self.left(option))))
            .collect()
    }

    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        if let Some(family) = &self.family {
            // What to write for the numbers, with an example member.
            let (en, zh) = match family::parameters(family) {
                2 => ("give m and n values", "给 m 和 n 赋值"),
                _ => ("give n a value", "给 n 一个值"),
            };
            return Err(EngineError::InvalidPosition(match self.pieces {
                Pieces::Dominoes => words!(
                    "'{family}' is a family of boards: {en} (3x7) to ask about a position, or list the \
                     members' values with table or period",
                    "'{family}' 是一族棋盘：{zh}（如 3x7）才能问一个局面，或用 table、period 列出各成员的值",
                    family = family.trim_start_matches("grid:")
                ),
                Pieces::Graph => words!(
                    "'{family}' is a family of graphs: {en} (grid:3x7) to ask about a position, or list \
                     the members' values with table or period",
                    "'{family}' 是一族图：{zh}（如 grid:3x7）才能问一个局面，或用 table、period 列出各成员的值"
                ),
            }));
        }
        let order = self.graph().order();
        let (noun_en, noun_zh) = (self.pieces.vertex(Lang::En), self.pieces.vertex(Lang::Zh));
        let (all_en, all_zh) = match self.pieces {
            Pieces::Graph => ("graph's vertices", "图的顶点"),
            Pieces::Dominoes => ("board's cells", "棋盘的格子"),
        };
        let mut seen = VSet::EMPTY;
        for n in numbers {
            let v = n.to_usize().filter(|&v| v < order).ok_or_else(|| {
                EngineError::InvalidPosition(words!(
                    "{} names {noun_en} {n}, but the {all_en} are 0..{}",
                    "{} 给出了{noun_zh} {n}，但{all_zh}编号是 0..{}",
                    self.name,
                    order - 1
                ))
            })?;
            if !self.start.contains(v) {
                return Err(EngineError::InvalidPosition(words!(
                    "cell {v} ({}) is blocked: it is not in play",
                    "格子 {v}（{}）是挡住的，不在棋局中",
                    self.name_of(v)
                )));
            }
            if seen.contains(v) {
                return Err(EngineError::InvalidPosition(words!(
                    "{noun_en} {v} ({}) is named twice",
                    "{noun_zh} {v}（{}）出现了两次",
                    self.name_of(v)
                )));
            }
            seen.insert(v);
        }
        Ok(seen.iter().map(|v| big(v as u64)).collect())
    }

    fn search_position(&self, numbers: &[BigUint]) -> Option<VSet> {
        Some(self.left(numbers))
    }

    fn numbers(&self, left: &VSet) -> Vec<BigUint> {
        self.deleted_numbers(left)
    }

    fn describe_move(&self, from: &[BigUint], to: &[BigUint], lang: Lang) -> String {
        let before = self.left(from);
        let deleted = before.minus(&self.left(to));
        match self.deletion() {
            Deletion::Vertex => {
                let picked = deleted.iter().find(|&v| {
                    let mut closed = self.graph().neighbours(v).and(&before);
                    closed.insert(v);
                    closed == deleted
                });
                match picked {
                    Some(v) => say!(lang, "pick vertex {}", "选顶点 {}", self.name_of(v)),
                    None => lang.pick("no single move", "不是一步走法").to_string(),
                }
            }
            Deletion::Edge => {
                let ends: Vec<&str> = deleted.iter().map(|v| self.name_of(v)).collect();
                match ends.as_slice() {
                    [a, b] => match self.pieces {
                        Pieces::Graph => say!(lang, "take the edge {a}–{b}", "选边 {a}–{b}"),
                        Pieces::Dominoes => say!(lang, "place a domino on {a}–{b}", "在 {a}–{b} 放一张骨牌"),
                    },
                    _ => lang.pick("no single move", "不是一步走法").to_string(),
                }
            }
        }
    }

    fn theorem(&self, play: Play, lang: Lang) -> Option<String> {
        (play == Play::Normal && self.game.is_some())
            .then(|| say!(lang, "{}; {}", "{}；{}", self.path_theorem(lang), self.symmetry_theorem(lang)))
    }

    /// A one-parameter family's members in order, by the component engine with one memo for
    /// them all (shapes and forms do not depend on the graph). A member that is not a graph
    /// (`cycle:2`) counts as the empty graph, value 0; one of more than 256 vertices is refused up
    /// front. A single graph's table is refused: its positions are sets of vertices, not heaps.
    fn fast_sequence(
        &self,
        request: &SequenceRequest,
        budget: &Budget,
    ) -> Result<Option<TableSequence>, TableError> {
        let family = self.table_family(1)?;
        if request.upto > MAX_FAMILY_MEMBER {
            return Err(TableError::InvalidRequest(RequestError::FamilyBeyond { max: MAX_FAMILY_MEMBER }));
        }
        check_member(&family::instantiate(&family, request.upto).expect("a family has n"))?;
        let basis = member_basis(&family, request.play, request.method, "n = 0, 1, ...");
        let source = FamilySource {
            values: self.member_values(request.values, request.play, request.method, budget),
            family,
            next: 0,
        };
        Ok(Some(TableSequence::new(Box::new(source), basis, request.upto, budget)))
    }

    /// A two-parameter family's members `(m, n)` as a grid (rows `m`, columns `n`), as
    /// [`Ruleset::fast_sequence`] lists a one-parameter family's. Isomorphic members (a board and
    /// its transpose) share their shape's entry, so each is searched once.
    fn fast_grid(&self, request: &GridRequest, budget: &Budget) -> Result<Option<Grid>, TableError> {
        let family = self.table_family(2)?;
        if request.rows > MAX_FAMILY_MEMBER || request.cols > MAX_FAMILY_MEMBER {
            return Err(TableError::InvalidRequest(RequestError::FamilyBeyond { max: MAX_FAMILY_MEMBER }));
        }
        check_member(
            &family::instantiate_grid(&family, request.rows, request.cols).expect("a family has m and n"),
        )?;
        let basis = member_basis(&family, request.play, request.method, "m = 0, 1, ... and n = 0, 1, ...");
        let source = FamilyGridSource {
            values: self.member_values(request.values, request.play, request.method, budget),
            family,
            cols: request.cols,
            next_row: 0,
        };
        Ok(Some(Grid::new(Box::new(source), basis, request.rows, request.cols, budget)))
    }

    fn theory(&self, numbers: &[BigUint], play: Play, max_moves: usize, lang: Lang) -> Option<Analysis> {
        if play != Play::Normal || self.game.is_none() {
            return None;
        }
        let left = self.left(numbers);
        self.path_theory(&left, max_moves, lang).or_else(|| self.symmetry_theory(&left, lang))
    }

    fn own_value(&self, left: &VSet, budget: &Budget) -> Option<Result<(u32, usize), Exhausted>> {
        let mut memo = self.memo.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut solver = ComponentSolver::new(self.graph().clone(), &mut memo);
        Some(solver.value_pruned(left, budget).map(|v| (v, solver.states())))
    }

    fn named_number(&self, word: &str) -> Option<BigUint> {
        if self.family.is_some() {
            return None;
        }
        let names = self.graph().names();
        // Cells are named in lower case (`b3`); `B3` names the same one.
        let at = names.iter().position(|name| name == word).or_else(|| {
            let lower = word.to_ascii_lowercase();
            names.iter().position(|name| *name == lower)
        });
        at.map(BigUint::from)
    }

    fn own_value_at_most(
        &self,
        left: &VSet,
        bound: u32,
        budget: &Budget,
    ) -> Option<Result<(Option<u32>, usize), Exhausted>> {
        let mut memo = self.memo.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut solver = ComponentSolver::new(self.graph().clone(), &mut memo);
        Some(solver.value_at_most(left, bound, budget).map(|v| (v, solver.states())))
    }

    /// On a board, misère positions by the search over their regions' shapes
    /// ([`crate::graphs::regions`]); elsewhere the generic search.
    fn own_misere(&self, left: &VSet, budget: &Budget) -> Option<Result<(Outcome, usize), Exhausted>> {
        let mut memo = self.misere.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        regions::misere_outcome(self.graph(), left, &mut memo, budget).map(|r| r.map(|o| (o, memo.states())))
    }

    /// The positions with some of the first `bound` vertices in play deleted (at most 12 of them)
    /// that the theory answers.
    fn verification_positions(&self, bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_> {
        let first: Vec<usize> = self.start.iter().take((bound as usize).min(12)).collect();
        let k = first.len();
        Box::new(
            (0u32..1 << k)
                .map(move |mask| {
                    (0..k).filter(|i| mask >> i & 1 == 1).map(|i| big(first[i] as u64)).collect::<Vec<_>>()
                })
                .filter(|deleted| self.theory(deleted, Play::Normal, 0, Lang::En).is_some()),
        )
    }

    fn verification_scope(&self, bound: u64) -> Option<String> {
        let k = if self.game.is_some() { (bound as usize).min(self.graph().order()).min(12) } else { 0 };
        Some(format!("positions with some of the first {k} vertices deleted that the theory answers"))
    }

    fn verification_count(&self, bound: u64) -> u64 {
        self.verification_positions(bound).count() as u64
    }
}

/// The values of paths of `0..count` vertices: the octal game of the deletion (0.137 for
/// Node-Kayles, 0.07 for Arc-Kayles).
fn path_values(deletion: Deletion, count: u64) -> Vec<u32> {
    let code: OctalCode = match deletion {
        Deletion::Vertex => "0.137",
        Deletion::Edge => "0.07",
    }
    .parse()
    .expect("a valid code");
    let mut sequence = Sequence::octal(&code);
    sequence.extend_to(count, |_| std::ops::ControlFlow::Continue(())).expect("a few hundred values fit");
    (0..count).map(|n| sequence.value(n).expect("computed")).collect()
}

/// Refuses a family's table whose largest member is more than a graph game holds (or no graph).
fn check_member(member: &str) -> Result<(), TableError> {
    match family::build(member) {
        Err(family::FamilyError::Graph(e)) => {
            let member = member.to_string();
            Err(TableError::InvalidRequest(match e {
                GraphError::TooLarge { count, what } => {
                    RequestError::MemberTooLarge { member, count, edges: what == "edges", max: MAX_VERTICES }
                }
                GraphError::Empty => RequestError::MemberEmpty { member },
            }))
        }
        _ => Ok(()),
    }
}

/// How a family table is computed; `members` says which (`n = 0, 1, ...`).
fn member_basis(family: &str, play: Play, method: Method, members: &str) -> TableBasis {
    TableBasis {
        method: TableMethod::Search,
        detail: if play == Play::Misere {
            format!(
                "the misère search over the regions' shapes (on a board; elsewhere the plain search), member by \
                 member ({family} with {members})"
            )
        } else if method == Method::Search {
            format!("the component engine, member by member ({family} with {members})")
        } else {
            format!(
                "the theory where it answers (the symmetry strategy, paths and cycles), else the component \
                 engine, member by member ({family} with {members})"
            )
        },
        // A value is at most the longest play, which deletes a vertex at least each move.
        value_bound: Some(MAX_VERTICES as u64),
        certified_period: None,
    }
}

/// How a family's members are valued (see [`GraphGame::member_values`]).
struct MemberValues {
    /// The family's game, whose memos its members share.
    family: GraphGame,
    misere: bool,
    /// Is a member's value taken from the theory when it answers (not under `--method search`)?
    theory: bool,
    budget: Budget,
    outcomes: bool,
}

impl MemberValues {
    /// The table's cell of the member `member`: under normal play by the theory when it answers
    /// (the symmetry strategy, paths and cycles) and may be used, else by the component engine;
    /// under misère play by the misère search. A member with no vertex (a board of width 0) has
    /// no move.
    fn cell(&self, member: &str) -> Result<u64, Exhausted> {
        let Ok(graph) = family::build(member) else {
            return Ok(match (self.misere, self.outcomes) {
                (true, _) => N_CELL,
                (false, true) => P_CELL,
                (false, false) => 0,
            });
        };
        let game = self.family.member(graph);
        let left = game.start;
        if self.misere {
            let outcome = match game.own_misere(&left, &self.budget) {
                Some(outcome) => outcome?.0,
                None => MisereSolver::misere(game.game.as_deref().expect("a member is a graph").clone())
                    .value(&left, &self.budget)?,
            };
            return Ok(if outcome == Outcome::P { P_CELL } else { N_CELL });
        }
        let theory = if self.theory { game.theory(&[], Play::Normal, 0, Lang::En) } else { None };
        let value = match theory {
            Some(analysis) if self.outcomes => {
                return Ok(if analysis.outcome == Outcome::P { P_CELL } else { N_CELL })
            }
            Some(Analysis { grundy: GrundyValue::Value(v), .. }) => {
                v.to_u32().expect("a graph's value is small")
            }
            _ => {
                let mut memo = self.family.memo.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                ComponentSolver::new(game.graph().clone(), &mut memo).value_pruned(&left, &self.budget)?
            }
        };
        Ok(match (self.outcomes, value) {
            (false, v) => u64::from(v),
            (true, 0) => P_CELL,
            (true, _) => N_CELL,
        })
    }
}

/// A one-parameter family's members' values in order (see [`GraphGame`]'s `fast_sequence`).
struct FamilySource {
    family: String,
    values: MemberValues,
    next: u64,
}

impl SequenceSource for FamilySource {
    fn fill(&mut self, out: &mut [u64]) -> Result<(), Exhausted> {
        for slot in out.iter_mut() {
            *slot =
                self.values.cell(&family::instantiate(&self.family, self.next).expect("a family has n"))?;
            self.next += 1;
        }
        Ok(())
    }

    /// Members are independent: the next one is computed from scratch (its memo only shared).
    fn skip(&mut self, count: u64) -> bool {
        self.next += count;
        true
    }
}

/// A two-parameter family's members `(m, n)` row by row (see [`GraphGame`]'s `fast_grid`).
struct FamilyGridSource {
    family: String,
    values: MemberValues,
    cols: u64,
    next_row: u64,
}

impl GridSource for FamilyGridSource {
    fn fill_row(&mut self, out: &mut [u64]) -> Result<(), Exhausted> {
        for (n, slot) in (0..=self.cols).zip(out.iter_mut()) {
            let member =
                family::instantiate_grid(&self.family, self.next_row, n).expect("a family has m and n");
            *slot = self.values.cell(&member)?;
        }
        self.next_row += 1;
        Ok(())
    }
}
