//! `chomp`: Chomp on a Young diagram. The position is a diagram of squares in rows, each row no
//! longer than the row before it, all starting at the same column; the square at row 1, column 1
//! is poisoned. A move takes a square and every square at or beyond both its row and its column
//! (above and to the right of it, with row 1 at the bottom). Whoever must take the poisoned square
//! loses; as in the literature (Gale; Brouwer's Chomp pages; the three-rowed Chomp of Brouwer et
//! al.), it is played as normal play on the other squares: the poisoned square is never taken,
//! and the diagram of the poisoned square alone is a P-position with no move.
//!
//! A position is the rows' lengths, longest first (`5 5 3`). A diagram is its multiset of row
//! lengths, so rows given in another order are read sorted, and rows of length 0 are ignored;
//! a diagram with no square at all (which play never reaches) is a position with no move. Moves
//! are worded "take the square at row 2, column 4", rows counted from the poisoned square's row.
//!
//! Theory (checked against the search by `verify` and the tests below):
//!
//! * **L-shapes.** One row of `a` and a column of `k` rows (`a 1 1 ... 1`): a move shortens the
//!   arm `a - 1` or the arm `k - 1`, to any smaller length, and nothing else. That is Nim with two
//!   heaps, so the value is `(a - 1) XOR (k - 1)`: P iff the arms are equal, and the winning
//!   moves make them equal. One row (`k = 1`) is a heap of `a - 1`.
//! * **Two rows** `(a, b)`, `a >= b >= 1`: P iff `a = b + 1`. The options are `(a', b)` for
//!   `b <= a' < a`, `(a, b')` for `b' < b`, and `(j, j)` for `1 <= j < b` (a square taken in row 1
//!   at a column up to `b`). From `(b + 1, b)` none is of the form `(c + 1, c)`: `(a', b)` has
//!   `a' <= b`, `(b + 1, b')` has `b' < b`, and `(j, j)` is not; from any other `(a, b)` the move
//!   `(b + 1, b)` (if `a > b + 1`) or `(a, a - 1)` (if `a = b`) is. By induction the P-positions
//!   are exactly the `(b + 1, b)`, and that move is the only winning move.
//! * **Squares** `n x n`, `n >= 2`: taking the square at row 2, column 2 leaves an L-shape with
//!   equal arms, a P-position: the first player then answers each move on one arm by the same
//!   move on the other. The theory lists that move (there may be others: the list is incomplete)
//!   and leaves the value to the search.
//! * **Rectangles** other than `1 x 1`: N by strategy stealing. If taking the top-right corner
//!   square lost, the opponent would have a winning reply; but every position that reply reaches
//!   is also reachable in one move from the rectangle (the reply removes the corner too), so the
//!   first player could have played it first. The argument gives no move: the theory says only N.

use std::borrow::Cow;

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use crate::analysis::{
    Analysis, Basis, Capabilities, GrundyValue, MoveReport, Research, Ruleset, RulesetInfo, SearchCost,
};
use crate::bigint::big;
use crate::budget::{Budget, UNITS_PER_POSITION};
use crate::error::EngineError;
use crate::game::{Game, Outcome, Play};
use crate::graphs::graph::{Graph, Lattice};
use crate::graphs::layout::{GraphView, Style, Target};
use crate::graphs::set::MAX_VERTICES;
use crate::lang::{say, Lang};
use crate::rulesets::engine;
use crate::spec::{Board, Drawing, GameSpec, Texts, Token};
use crate::AnyGame;

/// The declaration of Chomp.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "chomp",
    title: "Chomp",
    summary: "a Young diagram given by its row lengths (5 5 3); take a square and all above and right of it; \
the poisoned corner loses",
    rules: "Squares in rows, each row no longer than the one below it, all starting at the same column; the \
square at row 1, column 1 is poisoned. A move takes a square with every square above it and to its right. \
Whoever must take the poisoned square loses (the square is never taken: the player left with it alone \
cannot move and loses).",
    position: "the rows' lengths, longest (row 1, with the poisoned square) first; rows of 0 are ignored",
    example_position: "5 5 3",
    params: &[],
    drawing: Drawing::of(Board::Heaps, Token::Chip),
    zh: Texts {
        title: "毒饼干（Chomp）",
        rules: "一块块方格排成若干行，每行不比下面一行长，都从同一列开始；第 1 行第 1 列的方格有毒。每一步吃掉一个方格，\
连同它上方和右方的所有方格。不得不吃有毒方格的一方输（有毒方格从不被吃：只剩它时轮到的一方无路可走，判负）。",
        position: "各行的长度，最长的一行（第 1 行，含有毒方格）在前；长度为 0 的行忽略",
        params: &[],
    },
    capabilities: Capabilities { research: &[Research::Rectangles], ..Capabilities::NONE },
    verify_bound: 7,
    build,
};

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    Ok(engine(spec, Chomp))
}

/// Chomp (see the module doc). A search position is the row lengths, non-increasing, no zeros.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Chomp;

/// The rows of a diagram as numbers: sorted longest first, zeros dropped.
fn sorted_rows<T: Ord + Clone + Zero>(rows: &[T]) -> Vec<T> {
    let mut rows: Vec<T> = rows.iter().filter(|r| !r.is_zero()).cloned().collect();
    rows.sort_by(|a, b| b.cmp(a));
    rows
}

/// The diagram after taking the square at `row`, `column` (1-based) of `rows` (sorted).
fn chomp(rows: &[u64], row: usize, column: u64) -> Vec<u64> {
    rows.iter()
        .enumerate()
        .map(|(i, &len)| if i + 1 >= row { len.min(column - 1) } else { len })
        .filter(|&len| len > 0)
        .collect()
}

impl Game for Chomp {
    type Position = Vec<u64>;

    /// Every square but the poisoned one, row by row (of the rows sorted: a position built by
    /// a table's path may list them in any order).
    fn options(&self, rows: &Vec<u64>) -> Vec<Vec<u64>> {
        let rows = &sorted_rows(rows);
        let mut options = Vec::new();
        for (i, &len) in rows.iter().enumerate() {
            let first = if i == 0 { 2 } else { 1 };
            for column in first..=len {
                options.push(chomp(rows, i + 1, column));
            }
        }
        options
    }

    fn canonical(&self, rows: &Vec<u64>) -> Vec<u64> {
        sorted_rows(rows)
    }
}

/// The square a move takes: the first row where the diagrams differ, and the column after the
/// new length there; `None` when `to` is not one move from `from`.
fn taken(from: &[BigUint], to: &[BigUint]) -> Option<(usize, BigUint)> {
    let (from, to) = (sorted_rows(from), sorted_rows(to));
    let row = (0..from.len()).find(|&i| to.get(i) != Some(&from[i]))?;
    let column = to.get(row).cloned().unwrap_or_default() + 1u8;
    let expected: Vec<BigUint> = from
        .iter()
        .enumerate()
        .map(|(i, len)| if i >= row { len.min(&(&column - 1u8)).clone() } else { len.clone() })
        .filter(|len| !len.is_zero())
        .collect();
    (expected == to && (row, &column) != (0, &BigUint::one())).then_some((row + 1, column))
}

/// What a diagram is, for the theory.
enum Shape {
    /// One row of `a` and a column of `k` rows (`a 1 ... 1`), `k >= 1`.
    L {
        a: BigUint,
        k: usize,
    },
    /// Two rows `(a, b)`, `a >= b >= 2`.
    TwoRows {
        a: BigUint,
        b: BigUint,
    },
    /// A square of side `n >= 3`.
    Square {
        n: usize,
    },
    /// Any other rectangle of `rows` rows.
    Rectangle,
    /// Three rows `(a, b, c)` within the census's reach ([`THREE_ROWS_SECOND`],
    /// [`THREE_ROWS_THIRD`]).
    ThreeRows {
        a: u64,
        b: u64,
        c: u64,
    },
    Other,
}

/// The longest second row the three-row theory scans (its moves are listed one by one).
const THREE_ROWS_SECOND: u64 = 1 << 20;
/// The longest third row the three-row theory takes a census for (about `(2c)² / 2` steps).
const THREE_ROWS_THIRD: u64 = 1_000;

fn shape(rows: &[BigUint]) -> Shape {
    let one = BigUint::one();
    match rows {
        [] => Shape::Other,
        [a, rest @ ..] if rest.iter().all(|r| *r == one) => Shape::L { a: a.clone(), k: rows.len() },
        [a, b] => Shape::TwoRows { a: a.clone(), b: b.clone() },
        [a, b, c] => match (a.to_u64(), b.to_u64(), c.to_u64()) {
            (Some(a), Some(b), Some(c)) if b <= THREE_ROWS_SECOND && c <= THREE_ROWS_THIRD => {
                Shape::ThreeRows { a, b, c }
            }
            _ if b == c && a == b => Shape::Rectangle,
            _ => Shape::Other,
        },
        [a, rest @ ..] if rest.iter().all(|r| r == a) => {
            if a.to_usize() == Some(rows.len()) {
                Shape::Square { n: rows.len() }
            } else {
                Shape::Rectangle
            }
        }
        _ => Shape::Other,
    }
}

impl Chomp {
    fn report(&self, from: &[BigUint], to: Vec<BigUint>, lang: Lang) -> MoveReport {
        MoveReport {
            text: self.describe_move(from, &to, lang),
            to: crate::analysis::CheckedPosition::new(to),
        }
    }

    /// Three rows by the census of their P-positions ([`census`]): `(a, b, c)` is P iff
    /// `a = A(b, c)`, and its winning moves are its options that are P-positions.
    fn three_rows(
        &self,
        numbers: &[BigUint],
        (a, b, c): (u64, u64, u64),
        theorem: &str,
        lang: Lang,
    ) -> Option<Analysis> {
        let census = census::Census::compute(c, &Budget::new(4 * (2 * c + 64) * (2 * c + 64))).ok()?;
        let first = |second: u64, third: u64| census.first_row(second, third).flatten();
        let mut to: Vec<[u64; 3]> = Vec::new();
        // A shorter first row, a square from row 3, from row 2, from row 1 (columns 2 ..= b).
        to.extend(first(b, c).filter(|&p| p < a).map(|p| [p, b, c]));
        to.extend((0..c).filter(|&j| first(b, j) == Some(a)).map(|j| [a, b, j]));
        to.extend((0..b).filter(|&j| first(j, c.min(j)) == Some(a)).map(|j| [a, j, c.min(j)]));
        to.extend((1..b).filter(|&j| first(j, c.min(j)) == Some(j)).map(|j| [j, j, c.min(j)]));
        let p = first(b, c) == Some(a);
        let winning_moves = to
            .into_iter()
            .map(|rows| self.report(numbers, rows.into_iter().filter(|&r| r > 0).map(big).collect(), lang))
            .collect();
        let needed = first(b, c).map_or_else(|| lang.pick("none", "不存在").to_string(), |p| p.to_string());
        Some(Analysis {
            outcome: if p { Outcome::P } else { Outcome::N },
            grundy: if p { GrundyValue::Value(big(0)) } else { GrundyValue::Unknown },
            winning_moves,
            winning_move_count: None,
            moves_complete: true,
            reason: say!(
                lang,
                "three rows: the census of three-rowed Chomp gives, for the shorter rows {b} and {c}, the one first row \
                 that makes a P-position: {needed}; the winning moves are the options that are P-positions by the census",
                "三行：三行毒饼干的 P 局面普查给出，较短两行为 {b} 与 {c} 时，唯一使局面为必败态的第一行长度：{needed}；\
                 必胜走法即普查中为必败态的那些后继"
            ),
            basis: Basis::Theory(theorem.to_string()),
        })
    }
}

impl Ruleset for Chomp {
    /// The diagram as a board of squares, row 1 (the poisoned square's) at the bottom, each
    /// square named by its row and column and a click on it taking it; `None` for a diagram of
    /// more squares than a picture holds ([`MAX_VERTICES`]).
    fn graph_view(&self, numbers: &[BigUint]) -> Option<GraphView<'_>> {
        let rows = self.search_position(numbers)?;
        let squares = rows.iter().try_fold(0u64, |sum, &len| sum.checked_add(len))?;
        if squares == 0 || squares > MAX_VERTICES as u64 {
            return None;
        }
        let height = rows.len();
        let cells: Vec<(usize, u64)> =
            rows.iter().enumerate().flat_map(|(i, &len)| (1..=len).map(move |c| (i + 1, c))).collect();
        let on_board =
            cells.iter().map(|&(row, column)| ((height - row) as u16, (column - 1) as u16)).collect();
        let graph = Graph::on_board(Lattice::Grid, height as u16, rows[0] as u16, on_board)
            .ok()?
            .with_names(cells.iter().map(|(row, column)| format!("{row},{column}")).collect());
        let clicks = cells
            .iter()
            .enumerate()
            .skip(1)
            .map(|(v, &(row, column))| (Target::Vertex(v), self.numbers(&chomp(&rows, row, column))))
            .collect();
        Some(GraphView {
            gone_vertices: vec![false; cells.len()],
            gone_edges: vec![false; graph.edges().len()],
            graph: Cow::Owned(graph),
            style: Style::Cells,
            token: None,
            poisoned: Some(0),
            clicks,
        })
    }

    /// The rows longest first, empty rows left out: the diagram as its moves' targets and its
    /// picture have it, so that `3 4 5` is shown as the `5 4 3` it is read as.
    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        Ok(sorted_rows(numbers))
    }

    /// `rows` rows of `cols` squares (no row: the diagram with no square).
    fn rectangle(&self, rows: u64, cols: u64) -> Option<Vec<BigUint>> {
        let rows = usize::try_from(rows).ok().filter(|_| cols > 0).unwrap_or(0);
        Some(vec![big(cols); rows])
    }

    fn search_position(&self, numbers: &[BigUint]) -> Option<Vec<u64>> {
        let rows: Option<Vec<u64>> = numbers.iter().map(ToPrimitive::to_u64).collect();
        Some(sorted_rows(&rows?))
    }

    fn numbers(&self, rows: &Vec<u64>) -> Vec<BigUint> {
        rows.iter().map(|&r| big(r)).collect()
    }

    /// At least the position's own options; at most one stored diagram for each diagram inside
    /// it (`C(rows + columns, rows)` bounds them), each with at most as many options as squares.
    fn search_cost(&self, numbers: &[BigUint]) -> SearchCost {
        let rows = sorted_rows(numbers);
        let squares: BigUint = rows.iter().sum();
        let (height, width) = (rows.len() as u64, rows.first().cloned().unwrap_or_default());
        let mut inside = BigUint::one();
        for i in 1..=height {
            inside = inside * (&width + i) / i;
        }
        SearchCost { at_least: squares.clone(), at_most: Some(inside * (squares + UNITS_PER_POSITION)) }
    }

    fn describe_move(&self, from: &[BigUint], to: &[BigUint], lang: Lang) -> String {
        match taken(from, to) {
            Some((row, column)) => say!(
                lang,
                "take the square at row {row}, column {column}",
                "吃掉第 {row} 行第 {column} 列的方格"
            ),
            None => lang.pick("no single move", "不是一步走法").to_string(),
        }
    }

    fn theorem(&self, play: Play, lang: Lang) -> Option<String> {
        (play == Play::Normal).then(|| {
            lang.pick(
                "L-shapes are Nim of their two arms; two rows (a, b) are P iff a = b + 1; three rows (a, b, c) \
                 are P iff a is the census's first row for (b, c); a square is won by taking (2, 2) and \
                 mirroring; any other rectangle is N by strategy stealing",
                "L 形即两条臂的 Nim；两行 (a, b) 为必败态当且仅当 a = b + 1；三行 (a, b, c) 为必败态当且仅当 a \
                 是普查中 (b, c) 对应的第一行长度；正方形吃掉 (2, 2) 后对称模仿即胜；其他长方形由策略窃取论证为必胜态（N）",
            )
            .to_string()
        })
    }

    fn theory(&self, numbers: &[BigUint], play: Play, max_moves: usize, lang: Lang) -> Option<Analysis> {
        if play != Play::Normal {
            return None;
        }
        let rows = sorted_rows(numbers);
        let theorem = self.theorem(play, lang)?;
        let one = BigUint::one();
        let mut analysis = match shape(&rows) {
            Shape::L { a, k } => {
                let (horizontal, vertical) = (&a - 1u8, big(k as u64 - 1));
                let value = &horizontal ^ &vertical;
                // Make the arms equal: shorten the longer one.
                let to = if horizontal > vertical {
                    let mut to = rows.clone();
                    to[0] = &vertical + 1u8;
                    Some(to)
                } else if vertical > horizontal {
                    let keep = horizontal.to_usize().expect("shorter than the column") + 1;
                    Some(rows[..keep].to_vec())
                } else {
                    None
                };
                Analysis {
                    outcome: if value.is_zero() { Outcome::P } else { Outcome::N },
                    grundy: GrundyValue::Value(value.clone()),
                    winning_moves: to.into_iter().map(|to| self.report(numbers, to, lang)).collect(),
                    winning_move_count: None,
                    moves_complete: true,
                    reason: say!(
                        lang,
                        "an L-shape with arms of {horizontal} and {vertical} squares beside the poisoned one: a move \
                         shortens one arm, so it is Nim with heaps {horizontal} and {vertical}, of value {value}",
                        "L 形，毒方格旁两条臂分别有 {horizontal} 和 {vertical} 个方格：每步缩短一条臂，\
                         所以即 Nim 的两堆 {horizontal} 与 {vertical}，SG 值为 {value}"
                    ),
                    basis: Basis::Theory(theorem),
                }
            }
            Shape::TwoRows { a, b } => {
                let p = a == &b + 1u8;
                let to = if p {
                    None
                } else if a > &b + 1u8 {
                    Some(vec![&b + 1u8, b.clone()])
                } else {
                    Some(vec![a.clone(), &a - 1u8])
                };
                Analysis {
                    outcome: if p { Outcome::P } else { Outcome::N },
                    grundy: if p { GrundyValue::Value(big(0)) } else { GrundyValue::Unknown },
                    winning_moves: to.into_iter().map(|to| self.report(numbers, to, lang)).collect(),
                    winning_move_count: None,
                    moves_complete: true,
                    reason: if p {
                        say!(
                            lang,
                            "two rows of {a} and {b}: the first is one longer, and every move from such a pair \
                             leaves a pair that is not, so it is P",
                            "两行，长 {a} 与 {b}：第一行恰好长一格；从这样的两行出发，每一步都走到不是这样的两行，所以是必败态（P）"
                        )
                    } else {
                        say!(
                            lang,
                            "two rows of {a} and {b}: two rows are P exactly when the first is one longer than the \
                             second, and one move makes them so",
                            "两行，长 {a} 与 {b}：两行恰在第一行比第二行长一格时为必败态（P），一步即可做到"
                        )
                    },
                    basis: Basis::Theory(theorem),
                }
            }
            Shape::Square { n } => {
                let mut to = vec![big(n as u64)];
                to.extend(std::iter::repeat_n(one.clone(), n - 1));
                Analysis {
                    outcome: Outcome::N,
                    grundy: GrundyValue::Unknown,
                    winning_moves: vec![self.report(numbers, to, lang)],
                    winning_move_count: None,
                    moves_complete: false,
                    reason: say!(
                        lang,
                        "a {n} x {n} square: taking the square at row 2, column 2 leaves two equal arms of {m} \
                         squares, and the first player then answers every move on one arm by the same move on \
                         the other",
                        "{n} x {n} 的正方形：吃掉第 2 行第 2 列的方格后剩下两条各 {m} 格的臂，此后对方在一条臂上怎么走，\
                         先手就在另一条臂上照样走",
                        m = n - 1
                    ),
                    basis: Basis::Theory(theorem),
                }
            }
            Shape::Rectangle => Analysis {
                outcome: Outcome::N,
                grundy: GrundyValue::Unknown,
                winning_moves: Vec::new(),
                winning_move_count: None,
                moves_complete: false,
                reason: say!(
                    lang,
                    "a rectangle of {} rows of {}: N by strategy stealing (if taking the top-right square lost, \
                     the winning reply would be a first move as good), which names no winning move",
                    "{} 行、每行 {} 格的长方形：由策略窃取论证为必胜态（N）（若吃右上角一格会输，\
                     对方的必胜应对本身就可作为先手的第一步），但这一论证给不出必胜的走法",
                    rows.len(),
                    rows[0]
                ),
                basis: Basis::Theory(theorem),
            },
            Shape::ThreeRows { a, b, c } => self.three_rows(numbers, (a, b, c), &theorem, lang)?,
            Shape::Other => return None,
        };
        analysis.limit_moves(max_moves);
        Some(analysis)
    }

    /// The diagrams of at most `bound` rows of at most `bound` squares that the theory answers.
    fn verification_positions(&self, bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_> {
        let bound = bound.min(12);
        Box::new(
            diagrams(bound)
                .map(|rows| rows.into_iter().map(big).collect::<Vec<_>>())
                .filter(|rows| self.theory(rows, Play::Normal, 0, Lang::En).is_some()),
        )
    }

    fn verification_count(&self, bound: u64) -> u64 {
        self.verification_positions(bound).count() as u64
    }
}

/// Every diagram of at most `bound` rows of at most `bound` squares, in order of their rows
/// (longest first).
fn diagrams(bound: u64) -> impl Iterator<Item = Vec<u64>> {
    let mut stack: Vec<Vec<u64>> = (1..=bound).rev().map(|a| vec![a]).collect();
    std::iter::from_fn(move || {
        let rows = stack.pop()?;
        if (rows.len() as u64) < bound {
            let last = *rows.last().expect("a row");
            for next in (1..=last).rev() {
                let mut more = rows.clone();
                more.push(next);
                stack.push(more);
            }
        }
        Some(rows)
    })
}

pub(crate) mod census;

#[cfg(test)]
mod tests;
