//! `cram`: Cram on any board. Players in turn place a domino on two adjacent empty cells (in a
//! row or a column); the player who cannot place one loses. Cram is Arc-Kayles on the graph of
//! the board's free cells, so the rules, the component engine and the theory are those of
//! [`super::graph_games`], worded for a board: a board is `RxC` or a picture with blocked cells
//! ([`Picture`]), cells are named as on a chessboard (`a1` the top-left cell, the letter its
//! column, the number its row counted from the top), and a position is the cells covered so far,
//! numbered from 0 row by row from the top-left (`b1` is 1 on any board of at least two
//! columns), so that a game can be shared and resumed. `--board Rxn` (or `nxC`) is the family of
//! boards whose members `table` and `period` list; `--board mxn` is every board, whose values
//! `table --rows R --cols C` lists as a grid (a board and its transpose are one shape: each pair
//! is searched once).
//!
//! Theory (every case checked against the generic search by `verify` and the tests below):
//!
//! * **Even x even boards are 0.** The half turn about the board's centre maps a cell
//!   `(r, c)` to `(R-1-r, C-1-c)`; with `R` and `C` even it fixes no cell, and a cell and its
//!   image differ by an odd amount in each coordinate, so they are never adjacent. The second
//!   player answers every domino by its image: the image's cells are free (the position before
//!   the move was symmetric, and the image does not overlap the move), and the position is
//!   symmetric again. So the second player always has a move and makes the last one: P, value 0.
//! * **Even x odd boards are first-player wins**, by the central domino: with `R` even and `C`
//!   odd the only dominoes mapped onto themselves by the half turn are the one across the centre
//!   of the middle column; after it, no cell is adjacent to its image, and the first player
//!   mirrors as above. The theory gives the outcome and that move (the other winning moves and
//!   the value come from the search: `moves_complete` is false).
//! * **1 x n boards** are Dawson's Kayles (the octal game 0.07): a domino takes two adjacent
//!   cells of a row, leaving up to two rows. More generally every region that is a path of cells
//!   is 0.07's heap, every ring of `k` cells is 1 iff the path of `k - 2` is 0, and a position
//!   made of such regions is their nim-sum.
//!
//! Both symmetry cases are instances of the symmetry strategy of [`super::graph_games`], which
//! also answers any symmetric position (a board with blocked cells placed symmetrically).
//! Misère positions of boards are answered by the exact misère search over multisets of region
//! shapes ([`crate::graphs::regions`]).

use crate::analysis::{Capabilities, Research, RulesetInfo};
use crate::budget::Budget;
use crate::error::EngineError;
use crate::graphs::family::Picture;
use crate::graphs::Deletion;
use crate::lang::{words, Words};
use crate::rulesets::engine;
use crate::rulesets::graph_games::{GraphGame, Pieces};
use crate::spec::{Board, Drawing, GameSpec, ParamDecl, ParamKind, ParamTexts, Texts, Token};
use crate::AnyGame;

/// The parameter `board`.
const BOARD: ParamDecl = ParamDecl {
    name: "board",
    label: "board",
    help:
        "the board: RxC (5x7), or a picture of its rows from the top separated by '/', '.' a free cell and \
'#' a blocked one (..#./..../....); Rxn (4xn) for a table of the boards 4x0, 4x1, ...; mxn for the grid of every R x C board (table --rows R --cols C)",
    kind: ParamKind::Text {
        syntax: "RxC (5x7), a picture (..#./..../....), Rxn or mxn",
        repeatable: false,
        canonical: canonical_board,
    },
    default: None,
    example: "3x4",
};

/// The declaration of Cram.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "cram",
    title: "Cram",
    summary: "a board (--board 5x7 or a picture ..#./....); place a domino on two adjacent empty cells",
    rules: "A board of cells, some perhaps blocked. A move places a domino on two empty cells next to each other \
in a row or a column. The player who cannot place a domino loses.",
    position: "the cells covered so far, numbered from 0 row by row from the top-left (none: the empty board); \
moves name cells as on a chessboard, a1 the top-left cell, b1 the one to its right, a2 the one below it",
    example_position: "",
    params: &[BOARD],
    drawing: Drawing::of(Board::Graph, Token::Stone),
    zh: Texts {
        title: "骨牌棋（Cram）",
        rules: "一块棋盘，可能有些格子被挡住。每一步在同一行或同一列相邻的两个空格上放一张骨牌。无法再放骨牌的一方输。",
        position: "已被盖住的格子，从左上角起逐行从 0 编号（不写表示空棋盘）；走法按国际象棋的方式称呼格子：a1 是左上角，\
b1 在它右边，a2 在它下面",
        params: &[ParamTexts {
            name: "board",
            label: "棋盘",
            help: "棋盘：RxC（如 5x7），或自上而下的各行用 '/' 隔开的图样，'.' 为空格，'#' 为挡住的格子（如 ..#./..../....）；\
Rxn（如 4xn）列出 4x0、4x1、…… 各棋盘的表；mxn 列出每个 R x C 棋盘的二维表（table --rows R --cols C）",
        }],
    },
    capabilities: Capabilities { research: &[Research::GraphFamily], ..Capabilities::NONE },
    verify_bound: 12,
    build,
};

/// Is the board's text a family (`Rxn` or `nxC`, or `mxn` in two numbers)?
fn is_family(text: &str) -> bool {
    text.contains('n')
}

fn canonical_board(text: &str) -> Result<String, Words> {
    let text: String = text.split_whitespace().collect();
    if is_family(&text) {
        Picture::parse(&text.replace(['m', 'n'], "5")).map_err(|e| e.words())?;
        return Ok(text);
    }
    Picture::parse(&text).map(|p| p.text()).map_err(|e| e.words())
}

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    let text = spec.params().texts(BOARD.name).first().cloned().unwrap_or_default();
    let bad = |e: String| super::invalid(words!("{e}", "{e}"));
    if is_family(&text) {
        // The members are the grid graphs of the same sizes: Cram on a board is Arc-Kayles on it.
        let family = GraphGame::family(spec, Deletion::Edge, format!("grid:{text}"), Pieces::Dominoes)?;
        return Ok(engine(spec, family));
    }
    let picture = Picture::parse(&text).map_err(|e| bad(e.to_string()))?;
    let graph = picture.graph().map_err(|e| bad(e.to_string()))?;
    Ok(engine(spec, GraphGame::on_graph(spec, Deletion::Edge, graph, picture.free(), Pieces::Dominoes)))
}

#[cfg(test)]
mod tests;
