//! `arc-kayles`: Arc-Kayles on any graph. A move picks an edge and deletes both its ends (with
//! every edge at them); the player who cannot move loses. A position is the graph with the
//! vertices deleted so far. The rules, the theory (paths and cycles by the octal game 0.07, the
//! symmetry strategy) and the component engine are shared with Node-Kayles
//! ([`super::graph_games`]).

use crate::analysis::{Capabilities, Research, RulesetInfo};
use crate::budget::Budget;
use crate::error::EngineError;
use crate::graphs::Deletion;
use crate::rulesets::engine;
use crate::rulesets::graph_games::{GraphGame, GRAPH, GRAPH_ZH};
use crate::spec::{Board, Drawing, GameSpec, Texts, Token};
use crate::AnyGame;

/// The declaration of Arc-Kayles.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "arc-kayles",
    title: "Arc-Kayles",
    summary: "a graph (--graph grid:3x5, petersen:7,2, @FILE, ...); pick an edge, deleting both its ends",
    rules:
        "A graph. A move picks an edge and deletes both its ends, with every edge at them. The player who \
cannot move (no edge is left) loses.",
    position: "the vertices deleted so far (vertex numbers from 0; none: the whole graph)",
    example_position: "",
    params: &[GRAPH],
    drawing: Drawing::of(Board::Graph, Token::Stone),
    zh: Texts {
        title: "边 Kayles",
        rules:
            "一个图。每一步选一条边，删去它的两个端点以及与端点相连的所有边。无法走子（没有边剩下）的一方输。",
        position: "已删去的顶点（顶点从 0 编号；不写表示整个图）",
        params: &[GRAPH_ZH],
    },
    capabilities: Capabilities { research: &[Research::GraphFamily], ..Capabilities::NONE },
    verify_bound: 12,
    build,
};

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    Ok(engine(spec, GraphGame::build(spec, Deletion::Edge)?))
}
