//! `geography`: undirected Vertex Geography on any graph. A token stands on a vertex; a move
//! takes it to a neighbour not yet deleted, and the vertex it leaves is deleted. The player who
//! cannot move loses. The graph is the shared parameter `graph`
//! ([`super::graph_games::GRAPH`]; loops and repeated edges change nothing here).
//!
//! A position is written as the token's vertex, then the vertices deleted so far (vertex numbers
//! from 0): `4` is the token on vertex 4 of the whole graph, `4 0 1` the token on 4 with 0 and 1
//! deleted. The token's vertex is never deleted.
//!
//! # Theory (normal play)
//!
//! The outcome by maximum matchings (Fraenkel, Scheinerman and Ullman, 1993;
//! [`crate::graphs::geography`], where the proof is given): **the player to move wins if and only
//! if every maximum matching of the graph left covers the token's vertex `v`**, i.e. iff the graph
//! without `v` has a smaller maximum matching. By induction on the vertices: if every maximum
//! matching covers `v`, moving along a maximum matching's edge `vu` leaves the opponent at `u` in
//! `G - v`, where a maximum matching (the rest of the first) misses `u`; if a maximum matching `M`
//! misses `v`, after any move to `u` every maximum matching of `G - v` covers `u` (else adding
//! `vu` would enlarge `M`), and the opponent wins. So the winner's strategy is to move along a
//! maximum matching, and the winning moves are the neighbours `u` that some maximum matching of
//! `G - v` misses (Edmonds' blossom algorithm, `O(n³)`).
//!
//! The theorem gives no Grundy value: the engine fills it in by a small search where one fits.
//! Grundy values, tables and misère play come from the generic search.

use std::borrow::Cow;
use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::analysis::{Analysis, Basis, Capabilities, GrundyValue, MoveReport, Ruleset, RulesetInfo};
use crate::bigint::big;
use crate::budget::Budget;
use crate::error::EngineError;
use crate::game::{Game, Outcome, Play};
use crate::graphs::geography::{self as theory, GeographyGame, Spot};
use crate::graphs::layout::{GraphView, Style, Target};
use crate::graphs::{Graph, VSet};
use crate::lang::Words;
use crate::lang::{say, words, Lang};
use crate::rulesets::engine;
use crate::rulesets::graph_games::{GRAPH, GRAPH_ZH};
use crate::spec::{Board, Drawing, GameSpec, Texts, Token};
use crate::AnyGame;

/// The declaration of undirected Vertex Geography.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "geography",
    title: "Vertex Geography",
    summary: "a graph (--graph grid:3x3, petersen:5,2, @FILE, ...) and a token; move the token to a neighbour, \
deleting the vertex it leaves",
    rules: "A graph and a token on one of its vertices. A move takes the token along an edge to a vertex not yet \
deleted, and the vertex the token leaves is deleted. The player who cannot move loses.",
    position: "the token's vertex, then the vertices deleted so far (vertex numbers from 0; 4: the token on \
vertex 4 of the whole graph)",
    example_position: "0",
    params: &[GRAPH],
    drawing: Drawing::of(Board::Graph, Token::Stone),
    zh: Texts {
        title: "顶点地理游戏",
        rules: "一个图，棋子放在某个顶点上。每一步沿一条边把棋子移到尚未删去的顶点，棋子离开的顶点随即删去。无法走子的一方输。",
        position: "先写棋子所在的顶点，再写已删去的顶点（顶点从 0 编号；4 表示棋子在整个图的顶点 4 上）",
        params: &[GRAPH_ZH],
    },
    capabilities: Capabilities::NONE,
    verify_bound: 10,
    build,
};

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    Ok(engine(spec, Geography::build(spec)?))
}

/// Undirected Vertex Geography on one graph (see the module doc).
#[derive(Clone)]
pub(crate) struct Geography {
    name: &'static str,
    game: Arc<GeographyGame>,
}

impl std::fmt::Debug for Geography {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Geography").field("graph", &self.game.graph).finish()
    }
}

impl Geography {
    /// The game `spec` names.
    ///
    /// # Errors
    /// The graph's text is not a graph (or is a family with `n`).
    pub(crate) fn build(spec: &GameSpec) -> Result<Geography, EngineError> {
        let graph = super::graph_games::graph_of(spec)?;
        Ok(Geography { name: spec.name(), game: Arc::new(GeographyGame { graph }) })
    }

    /// The graph.
    pub(crate) fn graph(&self) -> &Graph {
        &self.game.graph
    }

    fn name_of(&self, v: usize) -> &str {
        self.graph().name(v)
    }

    /// The position of checked numbers: the vertices left (the token's included) and the token.
    fn spot(&self, numbers: &[BigUint]) -> Spot {
        let mut left = self.graph().vertices();
        let token = numbers.first().and_then(ToPrimitive::to_usize).unwrap_or(0);
        for v in numbers.iter().skip(1).filter_map(ToPrimitive::to_usize) {
            left.remove(v);
        }
        left.insert(token);
        Spot { left, token: token as u16 }
    }

    fn spot_numbers(&self, spot: &Spot) -> Vec<BigUint> {
        let mut deleted = self.graph().vertices().minus(&spot.left);
        deleted.remove(usize::from(spot.token));
        std::iter::once(usize::from(spot.token)).chain(deleted.iter()).map(|v| big(v as u64)).collect()
    }

    fn move_text(&self, to: usize, lang: Lang) -> String {
        say!(lang, "move the token to {}", "把棋子移到 {}", self.name_of(to))
    }

    fn theorem_name(lang: Lang) -> String {
        lang.pick(
            "the maximum-matching criterion (Fraenkel, Scheinerman and Ullman 1993)",
            "最大匹配判据（Fraenkel、Scheinerman 与 Ullman，1993）",
        )
        .to_string()
    }
}

impl Game for Geography {
    type Position = Spot;

    fn options(&self, spot: &Spot) -> Vec<Spot> {
        self.game.options(spot)
    }

    /// Only the token's component of the graph left matters: the rest is dropped from the key.
    fn canonical(&self, spot: &Spot) -> Spot {
        let graph = self.graph();
        let mut reached = VSet::single(usize::from(spot.token));
        let mut frontier = reached;
        while !frontier.is_empty() {
            let mut next = VSet::EMPTY;
            for v in frontier.iter() {
                next = next.or(graph.neighbours(v));
            }
            frontier = next.and(&spot.left).minus(&reached);
            reached = reached.or(&frontier);
        }
        Spot { left: reached, token: spot.token }
    }
}

impl Ruleset for Geography {
    /// The graph in its own layout with the token, the deleted vertices gone; a click on a
    /// neighbour of the token left moves the token there.
    fn graph_view(&self, numbers: &[BigUint]) -> Option<GraphView<'_>> {
        let graph = self.graph();
        let spot = self.spot(numbers);
        let token = usize::from(spot.token);
        let mut after = spot.left;
        after.remove(token);
        let clicks = graph
            .neighbours(token)
            .and(&after)
            .iter()
            .map(|u| (Target::Vertex(u), self.spot_numbers(&Spot { left: after, token: u as u16 })))
            .collect();
        Some(GraphView {
            graph: Cow::Borrowed(graph),
            style: Style::Own,
            gone_vertices: GraphView::vertices_gone(graph, &spot.left),
            gone_edges: GraphView::edges_gone(graph, &spot.left),
            poisoned: None,
            token: Some(token),
            clicks,
        })
    }

    fn not_heaps(&self) -> Option<Words> {
        Some(words!(
            "its positions are a graph's: a position is the token's vertex and the vertices deleted",
            "它的局面是图上的：一个局面是棋子所在的顶点和已删去的顶点"
        ))
    }

    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        let order = self.graph().order();
        let Some(first) = numbers.first() else {
            return Err(EngineError::InvalidPosition(words!(
                "{} needs the token's vertex first (then the vertices deleted so far)",
                "{} 的局面先写棋子所在的顶点（再写已删去的顶点）",
                self.name
            )));
        };
        let vertex = |n: &BigUint| {
            n.to_usize().filter(|&v| v < order).ok_or_else(|| {
                EngineError::InvalidPosition(words!(
                    "{} names vertex {n}, but the graph's vertices are 0..{}",
                    "{} 给出了顶点 {n}，但图的顶点编号是 0..{}",
                    self.name,
                    order - 1
                ))
            })
        };
        let token = vertex(first)?;
        let mut deleted = VSet::EMPTY;
        for n in &numbers[1..] {
            let v = vertex(n)?;
            if v == token {
                return Err(EngineError::InvalidPosition(words!(
                    "vertex {v} ({}) holds the token and cannot be deleted",
                    "顶点 {v}（{}）上有棋子，不能是已删去的顶点",
                    self.name_of(v)
                )));
            }
            if deleted.contains(v) {
                return Err(EngineError::InvalidPosition(words!(
                    "vertex {v} ({}) is named twice",
                    "顶点 {v}（{}）出现了两次",
                    self.name_of(v)
                )));
            }
            deleted.insert(v);
        }
        Ok(std::iter::once(token).chain(deleted.iter()).map(|v| big(v as u64)).collect())
    }

    fn search_position(&self, numbers: &[BigUint]) -> Option<Spot> {
        Some(self.spot(numbers))
    }

    fn numbers(&self, spot: &Spot) -> Vec<BigUint> {
        self.spot_numbers(spot)
    }

    fn describe_move(&self, from: &[BigUint], to: &[BigUint], lang: Lang) -> String {
        let (from, to) = (self.spot(from), self.spot(to));
        let (v, u) = (usize::from(from.token), usize::from(to.token));
        let mut left = from.left;
        left.remove(v);
        if self.graph().neighbours(v).and(&from.left).contains(u) && to.left == left {
            self.move_text(u, lang)
        } else {
            lang.pick("no single move", "不是一步走法").to_string()
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
        let graph = self.graph();
        let spot = self.spot(numbers);
        let (v, left) = (usize::from(spot.token), spot.left);
        let wins = theory::first_player_wins(graph, &left, v, &budget).expect("unbounded");
        let moves = theory::winning_moves(graph, &left, v, &budget).expect("unbounded");
        let mut after = left;
        after.remove(v);
        let winning = moves
            .iter()
            .map(|&u| MoveReport {
                text: self.move_text(u, lang),
                to: crate::analysis::CheckedPosition::new(
                    self.spot_numbers(&Spot { left: after, token: u as u16 }),
                ),
            })
            .collect();
        let name = self.name_of(v);
        let size = theory::maximum_matching(graph, &left, &budget).expect("unbounded").size();
        let reason = if let Some(u) = theory::matching_move(graph, &left, v, &budget).expect("unbounded") {
            let (to, rest) = (self.name_of(u), size - 1);
            say!(
                lang,
                "every maximum matching of the graph left covers the token's vertex {name} (a maximum matching has \
                 {size} edges, and without {name} only {rest}): the player to move wins by moving along a maximum \
                 matching, to {to}, and again along one after every reply",
                "剩下的图的每个最大匹配都覆盖棋子所在的顶点 {name}（最大匹配有 {size} 条边，去掉 {name} 后只有 {rest} 条）：\
                 走子方沿最大匹配走，移到 {to}，此后每次都再沿最大匹配走，即可获胜"
            )
        } else if graph.neighbours(v).and(&left).is_empty() {
            say!(
                lang,
                "the token's vertex {name} has no neighbour left: no move is left, so the player to move loses",
                "棋子所在的顶点 {name} 没有剩下的邻点：已无路可走，走子方输"
            )
        } else {
            say!(
                lang,
                "some maximum matching of the graph left misses the token's vertex {name} (the graph has maximum \
                 matchings of {size} edges without it): every move loses, since the opponent answers along a \
                 maximum matching",
                "剩下的图有一个最大匹配不覆盖棋子所在的顶点 {name}（去掉它仍有 {size} 条边的最大匹配）：\
                 走哪一步都输，因为对手每次都沿最大匹配应对"
            )
        };
        debug_assert_eq!(wins, !moves.is_empty());
        let mut analysis = Analysis {
            outcome: if wins { Outcome::N } else { Outcome::P },
            grundy: if wins { GrundyValue::Unknown } else { GrundyValue::Value(big(0)) },
            winning_moves: winning,
            winning_move_count: None,
            moves_complete: true,
            reason,
            basis: Basis::Theory(Self::theorem_name(lang)),
        };
        analysis.limit_moves(max_moves);
        Some(analysis)
    }

    /// Every position with the token on one of the first `bound` vertices (at most 12) and some
    /// of the others among them deleted.
    fn verification_positions(&self, bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_> {
        let k = (bound as usize).min(self.graph().order()).min(12);
        Box::new((0..k).flat_map(move |token| {
            (0u32..1 << k).filter(move |mask| mask >> token & 1 == 0).map(move |mask| {
                std::iter::once(token)
                    .chain((0..k).filter(|i| mask >> i & 1 == 1))
                    .map(|v| big(v as u64))
                    .collect()
            })
        }))
    }

    fn verification_scope(&self, bound: u64) -> Option<String> {
        let k = (bound as usize).min(self.graph().order()).min(12);
        Some(format!("positions with the token on one of the first {k} vertices and some of the others among them deleted"))
    }

    fn verification_count(&self, bound: u64) -> u64 {
        let k = (bound as usize).min(self.graph().order()).min(12) as u64;
        if k == 0 {
            0
        } else {
            k << (k - 1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bigint::to_bigs;
    #[allow(unused_imports)]
    use crate::test_prelude::*;

    fn verified(graph: &str, bound: u64) -> usize {
        let game = test_game(&format!("geography --graph {graph}"));
        let report = game.verify(bound, Play::Normal, &Budget::default(), &no_progress).unwrap();
        assert!(report.agree, "{graph}: {:?}", report.counterexample);
        report.positions
    }

    /// The outcome and every winning move by matchings against the generic search, on every
    /// position with the token and the deleted vertices among the first vertices.
    #[test]
    fn theory_equals_the_search() {
        assert_eq!(verified("path:6", 12), 6 << 5);
        verified("cycle:7", 12);
        verified("star:4", 12);
        verified("grid:3x3", 12);
        verified("grid:2x4", 12);
        verified("ladder:5", 10);
        verified("petersen:5,2", 12);
        verified("complete:5", 12);
        verified("queens:3", 9);
        verified("tree:0,0,1,1,2,2,3,4", 12);
        for seed in 1..=4 {
            verified(&format!("random:10,14,{seed}"), 10);
        }
        verified("random:12,20,9", 9);
    }

    #[test]
    fn winning_moves_lead_to_p_positions_and_the_reason_names_the_matching() {
        let budget = Budget::default();
        let game = test_game("geography --graph grid:3x3");
        // The 3 x 3 grid is bipartite, corners and centre against the four edge cells, and its
        // maximum matchings have 4 edges: each covers every edge cell, and some miss any corner or
        // the centre. So the mover wins from an edge cell only.
        for token in 0..9 {
            let a = game.analyze(&trusted(&to_bigs(&[token])), &Query::default(), &budget).unwrap();
            let want = if token % 2 == 1 { Outcome::N } else { Outcome::P };
            assert_eq!(a.outcome, want, "{token}: {}", a.reason);
        }
        // With a corner deleted, 8 vertices have a perfect matching: the mover wins.
        let a = game.analyze(&trusted(&to_bigs(&[4, 0])), &Query::default(), &budget).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert!(
            a.reason.contains("every maximum matching of the graph left covers the token's vertex (2, 2)"),
            "{}",
            a.reason
        );
        assert!(
            a.reason.contains("a maximum matching has 4 edges, and without (2, 2) only 3"),
            "{}",
            a.reason
        );
        assert!(!a.winning_moves.is_empty());
        for m in &a.winning_moves {
            assert!(m.text.starts_with("move the token to ("), "{}", m.text);
            let after = game.analyze(&trusted(&m.to), &Query::default(), &budget).unwrap();
            assert_eq!(after.outcome, Outcome::P, "{}", m.text);
            assert_eq!(after.grundy.value(), Some(&BigUint::from(0u32)), "{}", m.text);
        }
        // The Grundy value of an N-position comes from the search, beside the theory.
        assert!(a.reason.contains("Grundy value"), "{}", a.reason);
        assert!(a.grundy.value().is_some_and(|v| *v > BigUint::from(0u32)));
        let zh = game
            .analyze(&trusted(&to_bigs(&[4, 0])), &Query { lang: Lang::Zh, ..Query::default() }, &budget)
            .unwrap();
        assert!(zh.winning_moves.iter().all(|m| m.text.starts_with("把棋子移到 (")));
    }

    #[test]
    fn positions_start_with_the_token() {
        let game = test_game("geography --graph path:5");
        assert_eq!(game.check_position(&to_bigs(&[2, 4, 0])).unwrap(), trusted(&to_bigs(&[2, 0, 4])));
        let budget = Budget::default();
        let a = game.analyze(&trusted(&to_bigs(&[2, 0])), &Query::default(), &budget).unwrap();
        // 1 2 3 4 left, token on 2: move to 1 (then stuck) wins.
        assert_eq!(a.outcome, Outcome::N);
        let to: Vec<Vec<BigUint>> = a.winning_moves.iter().map(|m| m.to.to_vec()).collect();
        assert_eq!(to, [to_bigs(&[1, 0, 2])]);
        for (position, needle) in [
            (&[][..], "geography needs the token's vertex first"),
            (&[5], "names vertex 5, but the graph's vertices are 0..4"),
            (&[1, 1], "vertex 1 (1) holds the token and cannot be deleted"),
            (&[1, 3, 3], "vertex 3 (3) is named twice"),
        ] {
            let err = game.check_position(&to_bigs(position)).unwrap_err();
            assert!(err.to_string().contains(needle), "{err}");
        }
    }

    #[test]
    fn misere_and_grundy_values_are_searched() {
        let game = test_game("geography --graph cycle:6");
        assert!(game.theorem(Play::Misere, Lang::En).is_none());
        let a =
            game.analyze(&trusted(&to_bigs(&[0])), &Query::play(Play::Misere), &Budget::default()).unwrap();
        // Five moves are forced whatever is played: the mover makes the last one and loses.
        assert_eq!(a.outcome, Outcome::P);
        assert!(matches!(a.basis, Basis::Search { .. }));
    }
}
