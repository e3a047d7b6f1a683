//! `hackenbush`: Green Hackenbush on any graph with a ground vertex. A move cuts one edge, and
//! every edge no longer connected to the ground falls with it; the player who cannot move loses.
//! The graph is the shared parameter `graph` ([`super::graph_games::GRAPH`]; loops and repeated
//! edges are kept as edges: `edges:g-a,a-a,a-b,a-b` has four), and `ground` names the ground.
//!
//! A position is written as the edges cut so far, by their numbers in the order the graph lists
//! them ([`crate::graphs::Graph::edges`]); the edges standing are those still connected to the
//! ground. A checked position lists every edge that is down, cut or fallen (so the position after
//! a move is the one the search reaches), and leaves out the edges that never reached the ground.
//!
//! # Theory (normal play)
//!
//! The exact value of every position, by [`crate::graphs::hackenbush`] (*Winning Ways*, ch. 7,
//! where the proofs are sketched):
//!
//! * **Fusion principle.** The vertices of a cycle may be fused into one vertex, its edges
//!   becoming loops there, without changing the value. Fusing cycle after cycle turns each
//!   2-edge-connected part into one vertex carrying its edges as loops; what is left is a tree of
//!   bridges with loops at its vertices.
//! * **Colon principle.** Two graphs of equal value rooted at a vertex may replace each other
//!   (the sum of the two whole graphs is a second-player win: a move in one part is answered in
//!   the other). So a loop is a stalk of one edge (`*1`), a branch over a bridge whose top is
//!   worth `x` is a stalk of `x + 1`, and what meets at a vertex nim-sums:
//!   `value(v) = (loops at v mod 2) XOR (XOR over the branches of (value of the top + 1))`.
//!
//! The winning cuts are found by valuing the position after every cut
//! ([`crate::graphs::hackenbush::winning_cuts`]): each is a move to value 0. Misère play has no
//! theory here: the generic search answers it.

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::analysis::{Analysis, Basis, Capabilities, GrundyValue, MoveReport, Ruleset, RulesetInfo};
use crate::bigint::big;
use crate::budget::Budget;
use crate::error::EngineError;
use crate::game::{Game, Outcome, Play};
use crate::graphs::hackenbush::{self as theory, HackenbushGame, Reduction};
use crate::graphs::layout::{GraphView, Style, Target};
use crate::graphs::{Graph, VSet};
use crate::lang::Words;
use crate::lang::{say, words, Lang};
use crate::rulesets::engine;
use crate::rulesets::graph_games::{GRAPH, GRAPH_ZH};
use crate::spec::{Board, Drawing, GameSpec, ParamDecl, ParamKind, ParamTexts, Texts, Token};
use crate::AnyGame;

/// The declaration of Green Hackenbush.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "hackenbush",
    title: "Green Hackenbush",
    summary: "a graph on the ground (--graph tree:0,0,1, edges:g-a,a-a,a-b,a-b, @FILE, ...; --ground); cut an edge, \
and whatever no longer reaches the ground falls",
    rules: "A graph with one vertex called the ground (loops and repeated edges allowed). A move cuts one edge; \
every edge no longer connected to the ground by edges still standing falls with it. The player who cannot move \
(nothing stands) loses.",
    position: "the edges cut so far (edge numbers from 0 in the order the graph lists them; none: the whole \
graph); the edges that fell are listed with them",
    example_position: "",
    params: &[GRAPH, GROUND],
    drawing: Drawing::of(Board::Graph, Token::Stone),
    zh: Texts {
        title: "绿色 Hackenbush",
        rules: "一个图，其中一个顶点是地面（允许自环和重边）。每一步剪断一条边；不再通过立着的边与地面相连的边随之倒下。\
无法走子（没有边立着）的一方输。",
        position: "已剪断的边（边按图列出的顺序从 0 编号；不写表示整个图）；随之倒下的边也一并列出",
        params: &[GRAPH_ZH, GROUND_ZH],
    },
    capabilities: Capabilities::NONE,
    verify_bound: 12,
    build,
};

/// The parameter `ground`.
const GROUND: ParamDecl = ParamDecl {
    name: "ground",
    label: "ground vertex",
    help: "the ground: a vertex's name ((2,3) on a board, g, u0, ...), or its number when no vertex has that name \
(default 0: the first vertex, the root of tree:..., an end of path:N)",
    kind: ParamKind::Text { syntax: "a vertex's name or number", repeatable: false, canonical: canonical_vertex },
    default: Some("0"),
    example: "(2,2)",
};

/// The Chinese texts of [`GROUND`].
const GROUND_ZH: ParamTexts = ParamTexts {
    name: "ground",
    label: "地面顶点",
    help:
        "地面：顶点的名字（棋盘上的 (2,3)、g、u0 等），没有顶点叫这个名字时按顶点编号（默认 0：第一个顶点，\
即 tree:... 的根、path:N 的一端）",
};

/// A vertex as written: without spaces (a board's `(2, 3)` is `(2,3)`), so that a game's text
/// is words separated by spaces.
fn canonical_vertex(text: &str) -> Result<String, Words> {
    let name: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if name.is_empty() {
        return Err(words!("give a vertex's name or number", "请给出一个顶点的名字或编号"));
    }
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || "_.(),".contains(c)) {
        return Err(words!(
            "'{name}' is not a vertex's name: names are letters, digits, '_', '.', parentheses and commas",
            "“{name}”不是顶点的名字：名字由字母、数字、“_”、“.”、括号和逗号组成"
        ));
    }
    Ok(name)
}

/// The vertex a canonical vertex text names in `graph`: the vertex of that name (spaces aside),
/// else the vertex of that number.
fn find_vertex(graph: &Graph, text: &str) -> Option<usize> {
    let squeeze = |name: &str| name.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    (0..graph.order())
        .find(|&v| squeeze(graph.name(v)) == text)
        .or_else(|| text.parse::<usize>().ok().filter(|&v| v < graph.order()))
}

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    Ok(engine(spec, Hackenbush::build(spec)?))
}

/// Green Hackenbush on one graph with its ground (see the module doc).
#[derive(Clone)]
pub(crate) struct Hackenbush {
    name: &'static str,
    game: Arc<HackenbushGame>,
    /// The edges standing at the start: those connected to the ground.
    whole: VSet,
}

impl std::fmt::Debug for Hackenbush {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hackenbush")
            .field("graph", &self.game.graph)
            .field("ground", &self.game.ground)
            .finish()
    }
}

impl Hackenbush {
    /// The game `spec` names.
    ///
    /// # Errors
    /// The graph's text is not a graph, the graph has more than 256 edges, or the ground is not
    /// one of its vertices.
    pub(crate) fn build(spec: &GameSpec) -> Result<Hackenbush, EngineError> {
        let graph = super::graph_games::graph_of(spec)?;
        theory::all_edges(&graph).map_err(|e| {
            let e = e.to_string();
            super::invalid(words!(
                "{e} (hackenbush's positions are sets of edges)",
                "{e}（Hackenbush 的局面是边的集合）"
            ))
        })?;
        let ground_text = spec.params().texts("ground").first().cloned().unwrap_or_else(|| "0".into());
        let ground = find_vertex(&graph, &ground_text).ok_or_else(|| {
            let last = graph.order() - 1;
            super::invalid(words!(
                "the ground '{ground_text}' is not a vertex of the graph: give a vertex's name or its number, 0..{last}",
                "地面“{ground_text}”不是图的顶点：请给出顶点的名字或编号 0..{last}"
            ))
        })?;
        let whole = theory::standing(&graph, ground, &VSet::EMPTY);
        Ok(Hackenbush { name: spec.name(), game: Arc::new(HackenbushGame { graph, ground }), whole })
    }

    /// The graph.
    pub(crate) fn graph(&self) -> &Graph {
        &self.game.graph
    }

    /// The ground vertex.
    pub(crate) fn ground(&self) -> usize {
        self.game.ground
    }

    /// The edges standing after the edges `cut` (checked numbers) are cut.
    fn standing(&self, cut: &[BigUint]) -> VSet {
        let cut: VSet = cut.iter().filter_map(ToPrimitive::to_usize).collect();
        theory::standing(self.graph(), self.ground(), &cut)
    }

    /// The edges standing after `e` is cut from the position `standing`.
    fn after_cut(&self, standing: &VSet, e: usize) -> VSet {
        let mut rest = *standing;
        rest.remove(e);
        theory::standing(self.graph(), self.ground(), &VSet::first(self.graph().edges().len()).minus(&rest))
    }

    /// The numbers of a position: the edges down (cut or fallen) that stood at the start.
    fn down(&self, standing: &VSet) -> Vec<BigUint> {
        self.whole.minus(standing).iter().map(|e| big(e as u64)).collect()
    }

    fn name_of(&self, v: usize) -> &str {
        self.graph().name(v)
    }

    /// Is another edge joining the same two vertices?
    fn repeated(&self, e: usize) -> bool {
        let (u, v) = self.graph().edges()[e];
        self.graph()
            .edges()
            .iter()
            .enumerate()
            .any(|(f, &(a, b))| f != e && ((a, b) == (u, v) || (a, b) == (v, u)))
    }

    /// The edge in words: "a–b", "the loop at a".
    fn edge_words(&self, e: usize, lang: Lang) -> String {
        let (u, v) = self.graph().edges()[e];
        let (u, v) = (self.name_of(usize::from(u)), self.name_of(usize::from(v)));
        if u == v {
            say!(lang, "the loop at {u}", "{u} 处的自环")
        } else {
            format!("{u}–{v}")
        }
    }

    /// The edge named so that a repeated edge is told apart: "the edge a–b", "the loop at a",
    /// "edge 3 (a–b)".
    fn edge_name(&self, e: usize, lang: Lang) -> String {
        let words = self.edge_words(e, lang);
        let (u, v) = self.graph().edges()[e];
        match (self.repeated(e), u == v) {
            (true, _) => say!(lang, "edge {e} ({words})", "第 {e} 条边（{words}）"),
            (false, true) => words,
            (false, false) => say!(lang, "the edge {words}", "边 {words}"),
        }
    }

    fn cut_text(&self, e: usize, lang: Lang) -> String {
        let name = self.edge_name(e, lang);
        // Chinese sets Latin words apart with spaces: "剪断 a 处的自环".
        let space = if name.starts_with(|c: char| c.is_ascii()) { " " } else { "" };
        say!(lang, "cut {name}", "剪断{space}{name}")
    }

    /// Vertex names as a list, at most six of them.
    fn names(&self, vertices: &VSet, lang: Lang) -> String {
        let mut names: Vec<&str> = vertices.iter().take(6).map(|v| self.name_of(v)).collect();
        if vertices.len() > 6 {
            names.push("…");
        }
        names.join(lang.pick(", ", "、"))
    }

    fn theorem_name(lang: Lang) -> String {
        lang.pick(
            "the fusion and colon principles (Winning Ways, ch. 7)",
            "融合原理与冒号原理（《稳操胜券》第 7 章）",
        )
        .to_string()
    }

    /// The reason: the parts fused, then the branches at the ground (see the module doc).
    fn reason(&self, reduced: &Reduction, lang: Lang) -> String {
        let value = reduced.value();
        let fused: Vec<String> = reduced
            .groups
            .iter()
            .filter(|g| g.vertices.len() > 1 || !g.loops.is_empty())
            .map(|g| {
                let (k, worth) = (g.loops.len(), g.loops.len() % 2);
                let loops = loops(k, lang);
                if g.vertices.len() > 1 {
                    say!(
                        lang,
                        "the cycles through {} fuse them into one vertex with {loops} (worth {worth})",
                        "经过 {} 的圈把它们融合成一个顶点，带 {loops}（值 {worth}）",
                        self.names(&g.vertices, lang)
                    )
                } else {
                    let v = g.vertices.least().expect("a group has a vertex");
                    say!(
                        lang,
                        "{loops} at {} (worth {worth})",
                        "{} 处有 {loops}（值 {worth}）",
                        self.name_of(v)
                    )
                }
            })
            .collect();
        let shown = 4;
        let mut fusion = fused.iter().take(shown).cloned().collect::<Vec<_>>().join(lang.pick("; ", "；"));
        if fused.len() > shown {
            fusion.push_str(&say!(lang, "; and {} more", "；另有 {} 处", fused.len() - shown));
        }
        let fusion = if fused.is_empty() {
            lang.pick("no cycle and no loop: the position is a tree", "没有圈也没有自环：局面是一棵树")
                .to_string()
        } else {
            say!(lang, "fusion principle: {fusion}", "融合原理：{fusion}")
        };
        let ground = &reduced.groups[0];
        let mut terms: Vec<String> = Vec::new();
        if !ground.loops.is_empty() {
            let k = ground.loops.len();
            terms.push(match (lang, k) {
                (Lang::En, 1) => "its loop is worth 1".into(),
                _ => say!(lang, "its {k} loops are worth {}", "它的 {k} 个自环值 {}", k % 2),
            });
        }
        let branches: Vec<(usize, u32)> = reduced
            .groups
            .iter()
            .filter_map(|g| g.bridge.filter(|b| b.below == 0).map(|b| (b.edge, g.value)))
            .collect();
        for &(edge, top) in branches.iter().take(6) {
            terms.push(say!(
                lang,
                "the branch over {} is worth {top} + 1 = {}",
                "边 {} 上方的分支值为 {top} + 1 = {}",
                self.edge_words(edge, lang),
                top + 1
            ));
        }
        if branches.len() > 6 {
            terms.push(say!(lang, "and {} more branches", "另有 {} 个分支", branches.len() - 6));
        }
        let sum = if terms.len() > 1 {
            say!(lang, "; their nim-sum is {value}", "；它们的 Nim 和为 {value}")
        } else {
            String::new()
        };
        say!(
            lang,
            "{fusion}; colon principle (a branch over a bridge is worth the value of its top + 1, a loop 1, and what \
             meets at a vertex nim-sums): at the ground {}, {}{sum}; so the value is {value}",
            "{fusion}；冒号原理（桥上方的分支值为其顶端的值加 1，自环值为 1，交于一点的各部分取 Nim 和）：在地面 {} 处，\
             {}{sum}；所以 SG 值为 {value}",
            self.name_of(self.ground()),
            terms.join(lang.pick(", ", "，"))
        )
    }
}

/// "1 loop", "3 loops".
fn loops(k: usize, lang: Lang) -> String {
    match (lang, k) {
        (Lang::En, 1) => "1 loop".into(),
        (Lang::En, _) => format!("{k} loops"),
        (Lang::Zh, _) => format!("{k} 个自环"),
    }
}

impl Game for Hackenbush {
    type Position = VSet;

    fn options(&self, standing: &VSet) -> Vec<VSet> {
        self.game.options(standing)
    }
}

impl Ruleset for Hackenbush {
    /// The graph rising from its ground, the edges down gone (and the vertices no standing edge
    /// reaches); a click on a standing edge cuts it.
    fn graph_view(&self, numbers: &[BigUint]) -> Option<GraphView<'_>> {
        let graph = self.graph();
        let standing = self.standing(numbers);
        let mut reached = VSet::single(self.ground());
        for e in standing.iter() {
            let (u, v) = graph.edges()[e];
            reached.insert(usize::from(u));
            reached.insert(usize::from(v));
        }
        Some(GraphView {
            graph: Cow::Borrowed(graph),
            style: Style::Upward { ground: self.ground() },
            gone_vertices: (0..graph.order()).map(|v| !reached.contains(v)).collect(),
            gone_edges: (0..graph.edges().len()).map(|e| !standing.contains(e)).collect(),
            poisoned: None,
            token: None,
            clicks: standing
                .iter()
                .map(|e| (Target::Edge(e), self.down(&self.after_cut(&standing, e))))
                .collect(),
        })
    }

    fn not_heaps(&self) -> Option<Words> {
        Some(words!(
            "its positions are a graph's: a position is the edges cut so far",
            "它的局面是图上的：一个局面是到目前为止砍掉的边"
        ))
    }

    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        let count = self.graph().edges().len();
        let mut seen = VSet::EMPTY;
        for n in numbers {
            let Some(e) = n.to_usize().filter(|&e| e < count) else {
                return Err(EngineError::InvalidPosition(if count == 0 {
                    words!(
                        "{} names edge {n}, but the graph has no edges",
                        "{} 给出了边 {n}，但图没有边",
                        self.name
                    )
                } else {
                    words!(
                        "{} names edge {n}, but the graph's edges are 0..{}",
                        "{} 给出了边 {n}，但图的边编号是 0..{}",
                        self.name,
                        count - 1
                    )
                }));
            };
            if seen.contains(e) {
                let edge = self.edge_words(e, Lang::En);
                let edge_zh = self.edge_words(e, Lang::Zh);
                return Err(EngineError::InvalidPosition(words!(
                    "edge {e} ({edge}) is named twice",
                    "边 {e}（{edge_zh}）出现了两次"
                )));
            }
            seen.insert(e);
        }
        Ok(self.down(&self.standing(numbers)))
    }

    fn search_position(&self, numbers: &[BigUint]) -> Option<VSet> {
        Some(self.standing(numbers))
    }

    fn numbers(&self, standing: &VSet) -> Vec<BigUint> {
        self.down(standing)
    }

    fn describe_move(&self, from: &[BigUint], to: &[BigUint], lang: Lang) -> String {
        let (before, after) = (self.standing(from), self.standing(to));
        // The cut edge is the one whose cut alone leaves `after` (there is at most one: an edge
        // that falls when another is cut lies above it).
        let cut = before.minus(&after).iter().find(|&e| self.after_cut(&before, e) == after);
        match cut {
            Some(e) if after.minus(&before).is_empty() => self.cut_text(e, lang),
            _ => lang.pick("no single move", "不是一步走法").to_string(),
        }
    }

    fn theorem(&self, play: Play, lang: Lang) -> Option<String> {
        (play == Play::Normal).then(|| Self::theorem_name(lang))
    }

    fn theory(&self, numbers: &[BigUint], play: Play, max_moves: usize, lang: Lang) -> Option<Analysis> {
        if play != Play::Normal {
            return None;
        }
        let budget = super::graph_games::theory_budget();
        let standing = self.standing(numbers);
        let reduced = theory::reduction(self.graph(), self.ground(), &standing, &budget).expect("unbounded");
        let value = reduced.value();
        let cuts = theory::winning_cuts(self.graph(), self.ground(), &standing, &budget).expect("unbounded");
        let winning = cuts
            .into_iter()
            .map(|e| MoveReport {
                text: self.cut_text(e, lang),
                to: crate::analysis::CheckedPosition::new(self.down(&self.after_cut(&standing, e))),
            })
            .collect();
        let reason = if standing.is_empty() {
            lang.pick(
                "nothing stands (no edge is connected to the ground): no move is left, so the value is 0",
                "没有立着的边（没有边与地面相连）：已无路可走，所以 SG 值为 0",
            )
            .to_string()
        } else {
            self.reason(&reduced, lang)
        };
        let mut analysis = Analysis {
            outcome: if value == 0 { Outcome::P } else { Outcome::N },
            grundy: GrundyValue::Value(big(u64::from(value))),
            winning_moves: winning,
            winning_move_count: None,
            moves_complete: true,
            reason,
            basis: Basis::Theory(Self::theorem_name(lang)),
        };
        analysis.limit_moves(max_moves);
        Some(analysis)
    }

    /// Every position with some of the first `bound` edges cut (at most 12 of them), each once.
    fn verification_positions(&self, bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_> {
        let k = (bound as usize).min(self.graph().edges().len()).min(12);
        let mut seen = HashSet::new();
        Box::new(
            (0u32..1 << k)
                .map(move |mask| {
                    let cut: Vec<BigUint> =
                        (0..k).filter(|i| mask >> i & 1 == 1).map(|i| big(i as u64)).collect();
                    self.down(&self.standing(&cut))
                })
                .filter(move |position| seen.insert(position.clone())),
        )
    }

    fn verification_scope(&self, bound: u64) -> Option<String> {
        let k = (bound as usize).min(self.graph().edges().len()).min(12);
        Some(format!("positions with some of the first {k} edges cut, each once"))
    }

    fn verification_count(&self, bound: u64) -> u64 {
        self.verification_positions(bound).count() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bigint::to_bigs;
    #[allow(unused_imports)]
    use crate::test_prelude::*;

    fn verified(graph: &str, ground: &str, bound: u64) -> usize {
        let game = test_game(&format!("hackenbush --graph {graph} --ground {ground}"));
        let report = game.verify(bound, Play::Normal, &Budget::default(), &no_progress).unwrap();
        assert!(report.agree, "{graph} from {ground}: {:?}", report.counterexample);
        report.positions
    }

    /// Theory against the generic search on every position with some of the first edges cut.
    #[test]
    fn theory_equals_the_search() {
        for n in [1, 2, 5, 9] {
            verified(&format!("path:{n}"), "0", 12);
        }
        verified("path:7", "3", 12);
        verified("tree:0,0,1,1,2,2,3", "0", 12);
        verified("star:5", "1", 12);
        for n in [3, 4, 5] {
            verified(&format!("cycle:{n}"), "0", 12);
        }
        // Cycles with loops and repeated edges, a triangle on a stalk, two triangles on a bridge.
        verified("edges:g-a,a-a,a-b,a-b,b-c,c-a,c-c,g-g", "g", 12);
        verified("edges:g-a,a-b,b-c,c-a,c-d,d-e,e-f,f-d,f-f", "g", 12);
        verified("edges:a-b,b-c,c-d,d-a,a-c,b-b,d-e,e-e", "c", 12);
        assert!(verified("grid:2x3", "(1,2)", 12) > 20);
        verified("petersen:5,2", "u0", 8);
        verified("random:8,11,5", "2", 11);
    }

    #[test]
    fn values_and_reasons_show_the_reduction() {
        let game = test_game("hackenbush --graph edges:g-a,a-b,b-c,c-a --ground g");
        let q = Query::default();
        let a = game.analyze(&trusted(&[]), &q, &Budget::default()).unwrap();
        assert_eq!(a.grundy.value(), Some(&BigUint::from(2u32)));
        assert!(
            a.reason.contains("the cycles through a, b, c fuse them into one vertex with 3 loops (worth 1)"),
            "{}",
            a.reason
        );
        assert!(a.reason.contains("at the ground g, the branch over g–a is worth 1 + 1 = 2"), "{}", a.reason);
        // Cutting any edge of the triangle leaves a tree of value 1 + ... : the winning cuts are
        // exactly those the search finds (checked in `theory_equals_the_search`); each leaves 0.
        for m in &a.winning_moves {
            let after = game.analyze(&trusted(&m.to), &q, &Budget::default()).unwrap();
            assert_eq!(after.grundy.value(), Some(&BigUint::from(0u32)), "{}", m.text);
        }
        let zh = game.analyze(&trusted(&[]), &Query { lang: Lang::Zh, ..q }, &Budget::default()).unwrap();
        assert!(
            zh.reason.contains("经过 a、b、c 的圈把它们融合成一个顶点，带 3 个自环（值 1）"),
            "{}",
            zh.reason
        );
    }

    #[test]
    fn winning_moves_lead_to_zero_and_name_repeated_edges() {
        let budget = Budget::default();
        for (graph, ground) in [
            ("edges:g-a,a-a,a-b,a-b", "g"),
            ("tree:0,0,1,1,2,3,3", "0"),
            ("grid:2x3", "0"),
            ("edges:g-g,g-a,a-b,b-g,a-c,c-c,c-d", "g"),
        ] {
            let game = test_game(&format!("hackenbush --graph {graph} --ground {ground}"));
            let a = game.analyze(&trusted(&[]), &Query::default(), &budget).unwrap();
            assert_eq!(a.outcome == Outcome::P, a.winning_moves.is_empty(), "{graph}");
            for m in &a.winning_moves {
                let after = game.analyze(&trusted(&m.to), &Query::default(), &budget).unwrap();
                assert_eq!(after.outcome, Outcome::P, "{graph}: {}", m.text);
                assert_eq!(after.grundy.value(), Some(&BigUint::from(0u32)), "{graph}: {}", m.text);
            }
        }
        // The repeated edges a–b are told apart by their numbers, the loop by its vertex.
        let game = test_game("hackenbush --graph edges:g-a,a-a,a-b,a-b --ground g");
        let texts: Vec<String> =
            game.options(&trusted(&[]), &budget, Lang::En).unwrap().into_iter().map(|m| m.text).collect();
        assert_eq!(texts, ["cut the edge g–a", "cut the loop at a", "cut edge 2 (a–b)", "cut edge 3 (a–b)"]);
        let zh: Vec<String> =
            game.options(&trusted(&[]), &budget, Lang::Zh).unwrap().into_iter().map(|m| m.text).collect();
        assert_eq!(zh, ["剪断边 g–a", "剪断 a 处的自环", "剪断第 2 条边（a–b）", "剪断第 3 条边（a–b）"]);
        // Cutting the foot drops everything: the position lists the fallen edges too.
        assert_eq!(game.check_position(&to_bigs(&[0])).unwrap(), trusted(&to_bigs(&[0, 1, 2, 3])));
        let a = game.analyze(&trusted(&to_bigs(&[2])), &Query::default(), &budget).unwrap();
        // g–a carrying the loop and one a–b: two stalks of 1 at a (worth 0), so a branch of 1.
        assert_eq!(a.grundy.value(), Some(&BigUint::from(1u32)));
    }

    #[test]
    fn the_ground_is_named_or_numbered() {
        let budget = Budget::default();
        // path:5 from its middle: two stalks of 2.
        let middle = test_game("hackenbush --graph path:5 --ground 2");
        assert_eq!(middle.analyze(&trusted(&[]), &Query::default(), &budget).unwrap().outcome, Outcome::P);
        // On a board, "(2, 2)" and "(2,2)" name the same vertex; vertex 0 is (1, 1).
        let spec: GameSpec = "hackenbush --graph grid:2x2 --ground (1,1)".parse().unwrap();
        assert_eq!(spec.to_string(), "hackenbush --graph grid:2x2 --ground (1,1)");
        let by_number = test_game("hackenbush --graph grid:2x2");
        let by_name = spec.build(&budget).unwrap();
        for cut in [&[][..], &[0], &[1, 3]] {
            let cut = to_bigs(cut);
            assert_eq!(
                by_number.analyze(&trusted(&cut), &Query::default(), &budget).unwrap().grundy,
                by_name.analyze(&trusted(&cut), &Query::default(), &budget).unwrap().grundy
            );
        }
        for (text, needle) in [
            ("hackenbush --graph path:3 --ground 7", "the ground '7' is not a vertex of the graph"),
            ("hackenbush --graph edges:a-b --ground c", "the ground 'c' is not a vertex"),
        ] {
            let spec: GameSpec = text.parse().unwrap();
            let err = spec.build(&budget).err().expect("refused");
            assert!(err.to_string().contains(needle), "{err}");
        }
        assert!("hackenbush --graph path:3 --ground a-b".parse::<GameSpec>().is_err());
    }

    #[test]
    fn bad_positions_are_refused() {
        let game = test_game("hackenbush --graph edges:g-a,a-b,a-b");
        for (cut, needle) in [
            (&[3][..], "names edge 3, but the graph's edges are 0..2"),
            (&[1, 1], "edge 1 (a–b) is named twice"),
        ] {
            let err = game.check_position(&to_bigs(cut)).unwrap_err();
            assert!(err.to_string().contains(needle), "{err}");
        }
        let empty = test_game("hackenbush --graph edges:g");
        let err = empty.check_position(&to_bigs(&[0])).unwrap_err();
        assert!(err.to_string().contains("the graph has no edges"), "{err}");
        assert_eq!(
            empty.analyze(&trusted(&[]), &Query::default(), &Budget::default()).unwrap().outcome,
            Outcome::P
        );
    }

    #[test]
    fn misere_play_is_searched() {
        let game = test_game("hackenbush --graph edges:g-a,a-b,g-c");
        assert!(game.theorem(Play::Misere, Lang::En).is_none());
        // Stalks of 2 and 1 in misère play: Nim with heaps 2 and 1, not all heaps of one: N.
        let a = game.analyze(&trusted(&[]), &Query::play(Play::Misere), &Budget::default()).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert!(matches!(a.basis, Basis::Search { .. }));
    }
}
