//! `graph`: a token game on a finite directed graph read from a file (`--file G`: an edge list
//! or Graphviz DOT, `crate::loopy::text`). A position is one or more tokens, each on a vertex
//! (a sum); a move moves one token along an edge; the player who cannot move loses. Positions
//! repeat when the graph has cycles, so some positions are draws.
//!
//! The engine reads no files: the declaration says so ([`LoopyPositions::GraphFile`]), the
//! surface reads the file the parameter `file` names and hands its text to the loopy engine
//! (`nimlab_reports::loopy`), which parses it (errors with line and column) and answers by the
//! generalized Sprague-Grundy function and retrograde analysis. So the ruleset has no
//! [`crate::AnyGame`] of its own: building it is an error that says where it is answered.

use crate::analysis::{Capabilities, LoopyPositions, RulesetInfo};
use crate::budget::Budget;
use crate::error::EngineError;
use crate::lang::{words, Words};
use crate::spec::{Drawing, GameSpec, ParamDecl, ParamKind, ParamTexts, Texts};
use crate::AnyGame;

pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "graph",
    title: "A token on a graph",
    summary: "tokens on the vertices of a graph file; move one token along an edge (loopy: draws)",
    rules: "A directed graph, and one or more tokens on its vertices. A move moves one token along an edge. \
The player who cannot move loses. When the graph has cycles, positions repeat and with best play a game may \
never end (a draw).",
    position: "one vertex name per token",
    example_position: "start",
    params: &[ParamDecl {
        name: "file",
        label: "graph file",
        help: "the graph's file: an edge list (`u v` per line, # comments) or Graphviz DOT (`digraph { a -> b; }`)",
        kind: ParamKind::Text { syntax: "a file name", repeatable: false, canonical: file_name },
        default: None,
        example: "examples/loopy.txt",
    }],
    drawing: Drawing::HEAPS,
    zh: Texts {
        title: "图上的棋子",
        rules: "一个有向图，图的顶点上有一枚或多枚棋子。每一步沿一条边移动一枚棋子。无法走子的一方输。\
图中有环时局面会重复，双方都走最好时对局可能永不结束（和局）。",
        position: "每枚棋子所在顶点的名字",
        params: &[ParamTexts {
            name: "file",
            label: "图文件",
            help: "图的文件：边表（每行 u v，# 开始注释）或 Graphviz 的 DOT（digraph { a -> b; }）",
        }],
    },
    capabilities: Capabilities { loopy: Some(LoopyPositions::GraphFile { param: "file" }), ..Capabilities::NONE },
    verify_bound: 0,
    build,
};

fn file_name(text: &str) -> Result<String, Words> {
    if text.trim().is_empty() {
        return Err(words!("a file name is empty", "文件名是空的"));
    }
    Ok(text.to_string())
}

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    Err(EngineError::InvalidRequest(crate::error::RequestError::GraphFileGame {
        game: spec.name().to_string(),
    }))
}
