//! `node-kayles`: Node-Kayles on any graph. A move picks a vertex and deletes it with all its
//! neighbours; the player who cannot move loses. A position is the graph with the vertices
//! deleted so far. The rules, the theory (paths and cycles by the octal game 0.137, the
//! symmetry strategy) and the component engine are shared with Arc-Kayles
//! ([`super::graph_games`]).

use crate::analysis::{Capabilities, Research, RulesetInfo};
use crate::budget::Budget;
use crate::error::EngineError;
use crate::graphs::Deletion;
use crate::rulesets::engine;
use crate::rulesets::graph_games::{GraphGame, GRAPH, GRAPH_ZH};
use crate::spec::{Board, Drawing, GameSpec, Texts, Token};
use crate::AnyGame;

/// The declaration of Node-Kayles.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "node-kayles",
    title: "Node-Kayles",
    summary:
        "a graph (--graph grid:3x5, queens:8, @FILE, ...); pick a vertex, deleting it and its neighbours",
    rules: "A graph. A move picks a vertex and deletes it together with every vertex next to it. The player \
who cannot move (no vertex is left) loses.",
    position: "the vertices deleted so far (vertex numbers from 0; none: the whole graph)",
    example_position: "",
    params: &[GRAPH],
    drawing: Drawing::of(Board::Graph, Token::Stone),
    zh: Texts {
        title: "点 Kayles",
        rules:
            "一个图。每一步选一个顶点，把它和所有与它相邻的顶点一起删去。无法走子（没有顶点剩下）的一方输。",
        position: "已删去的顶点（顶点从 0 编号；不写表示整个图）",
        params: &[GRAPH_ZH],
    },
    capabilities: Capabilities { research: &[Research::GraphFamily], ..Capabilities::NONE },
    verify_bound: 12,
    build,
};

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    Ok(engine(spec, GraphGame::build(spec, Deletion::Vertex)?))
}
