//! The line kernel: Grundy values of two-heap games whose moves take along the lines of the
//! grid — from the second heap (along a row, `(r, c) -> (r, c - t)`), from the first heap (along a
//! column, `(r - t, c)`), or the same amount from both (along a diagonal, `(r - t, c - t)`).
//! Wythoff's game takes any amount along all three; take-pattern games on two piles
//! (`pattern --piles 2`) take the amounts of their patterns.
//!
//! # The kernel
//! For each direction the allowed amounts are normalized into disjoint bounded ranges below an
//! optional unbounded tail `m..` ([`Lane`]). The options of a cell in a tail are *every* cell of
//! the line at distance `m` or more, so their values are kept as one bitset per line: the row
//! being filled, each column, and each live diagonal (a ring of `cols + 1` of them: a diagonal
//! leaves the grid when a new one enters). A value enters its line's bitset once it is `m` cells
//! behind: right after it is computed for a tail of 1 (the bitset words are in cache then),
//! otherwise read from the last rows, kept in a ring, just before the first cell that sees it.
//! The few options of bounded ranges are read from those rows and marked in a scratch bitset.
//! The mex is the first zero bit of the union, searched from the first word that is not full in
//! any of the line bitsets (everything below is present in that line, so in the union). Each
//! value is at most the number of options, which bounds the bitsets' width `W`.
//!
//! # Symmetric games
//! When the row and the column moves are the same (Wythoff's game, any `one:` pattern) and the
//! grid has no more rows than columns, `G(r, c) = G(c, r)`: only the cells `c >= r` are computed,
//! the others are copied from the stored upper triangle, and row `r`'s bitset starts as column
//! `r`'s, which holds exactly `G(r, 0..r)`.
//!
//! Memory: `2 (cols + 1) W / 8` bytes of column and diagonal bitsets (about 0.75 bytes a cell on a
//! square grid, `W ≈ 3 × side`), the rows kept, and for symmetric games the upper triangle
//! (4 bytes for each of `rows² / 2` cells): 2.9 bytes a cell for Wythoff 3999 x 3999, never more
//! than the budget. Time: `O(cells × (scanned words + bounded options))`; on Wythoff's game 0.9x
//! the time of the same algorithm in C with the mirroring and 1.5x without
//! (`bench/wythoff_grid.c`, `docs/benchmarks.md`).

use crate::budget::{Budget, Exhausted};
use crate::error::Holder;
use crate::solve::Amounts;

use super::{hold_memory, memory_fits, BYTES_PER_UNIT, KERNEL_CELLS_PER_UNIT};
use super::{Grid, GridRequest, GridSource, TableBasis, TableError, TableMethod, TableValues, N_CELL};

/// The moves of a two-heap game along the lines of the grid (cell `(r, c)` = first heap `r`,
/// second heap `c`); each list holds the amounts allowed in that direction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LineMoves {
    /// Takes from the second heap: along a row, `(r, c) -> (r, c - t)`.
    pub row: Vec<Amounts>,
    /// Takes from the first heap: along a column, `(r, c) -> (r - t, c)`.
    pub column: Vec<Amounts>,
    /// Takes the same amount from both heaps: along a diagonal, `(r, c) -> (r - t, c - t)`.
    pub diagonal: Vec<Amounts>,
}

impl LineMoves {
    /// Wythoff's game: any positive amount in every direction.
    pub(crate) fn wythoff() -> Self {
        let any = vec![Amounts { min: 1, max: None }];
        LineMoves { row: any.clone(), column: any.clone(), diagonal: any }
    }
}

/// The amounts of one direction, normalized: disjoint, sorted bounded ranges `lo..=hi`, all
/// below the unbounded tail `tail..` if there is one.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Lane {
    bounded: Vec<(u64, u64)>,
    tail: Option<u64>,
}

impl Lane {
    /// Normalizes a direction's amounts: bounded ranges that reach the tail join it, the rest
    /// are merged where they overlap or touch.
    pub(crate) fn new(amounts: &[Amounts]) -> Lane {
        let mut tail = amounts.iter().filter(|a| a.max.is_none()).map(|a| a.min).min();
        let ranges: Vec<(u64, u64)> = amounts.iter().filter_map(|a| a.max.map(|max| (a.min, max))).collect();
        while let Some(t) = tail {
            match ranges.iter().filter(|&&(lo, hi)| lo < t && hi.saturating_add(1) >= t).map(|r| r.0).min() {
                Some(lo) => tail = Some(lo),
                None => break,
            }
        }
        let mut bounded: Vec<(u64, u64)> = ranges
            .into_iter()
            .filter(|&(lo, _)| tail.is_none_or(|t| lo < t))
            .map(|(lo, hi)| (lo, tail.map_or(hi, |t| hi.min(t - 1))))
            .collect();
        bounded.sort_unstable();
        let mut merged: Vec<(u64, u64)> = Vec::with_capacity(bounded.len());
        for (lo, hi) in bounded {
            match merged.last_mut() {
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        Lane { bounded: merged, tail }
    }

    /// How many lines back the direction reads: its tail, or its largest bounded amount.
    fn depth(&self) -> u64 {
        let hi = self.bounded.last().map_or(0, |r| r.1);
        self.tail.map_or(hi, |t| t.max(hi))
    }

    /// The most options in this direction from a cell with `before` cells before it on its line.
    fn options(&self, before: u64) -> u64 {
        if self.tail.is_some() {
            return before;
        }
        self.bounded.iter().map(|&(lo, hi)| hi - lo + 1).fold(0, u64::saturating_add).min(before)
    }

    fn text(&self) -> String {
        let mut parts: Vec<String> = self
            .bounded
            .iter()
            .map(|&(lo, hi)| if lo == hi { lo.to_string() } else { format!("{lo}..{hi}") })
            .collect();
        parts.extend(self.tail.map(|t| format!("{t}..")));
        if parts.is_empty() {
            "none".into()
        } else {
            parts.join(",")
        }
    }
}

/// The grid of a line game by the line kernel, or `None` when the kernel does not apply:
/// misère play (the kernel computes Grundy values), values that could exceed `u32`, or memory
/// beyond what is left of the budget (the dense path may still fit: it needs 4 bytes a cell).
///
/// The kernel's memory is held up front (checked, not paid as work: [`super::hold_memory`]); for symmetric games the upper triangle is kept (and
/// half the cells computed) only when it fits too, with the work of every cell
/// ([`super::KERNEL_CELLS_PER_UNIT`] a unit) still left after it.
///
/// # Errors
/// [`TableError::Exhausted`] when the deadline has passed or the table was cancelled before it
/// starts.
pub(crate) fn line_grid(
    moves: &LineMoves,
    request: &GridRequest,
    budget: &Budget,
) -> Result<Option<Grid>, TableError> {
    if request.play == crate::game::Play::Misere {
        return Ok(None);
    }
    let (rows, cols) = (request.rows, request.cols);
    let lanes = [Lane::new(&moves.row), Lane::new(&moves.column), Lane::new(&moves.diagonal)];
    let [row_lane, column_lane, diagonal_lane] = &lanes;
    let bound = row_lane
        .options(cols)
        .saturating_add(column_lane.options(rows))
        .saturating_add(diagonal_lane.options(rows.min(cols)));
    if bound >= u64::from(u32::MAX) {
        return Ok(None);
    }
    let words = (bound as usize + 1) / 64 + 1;
    let width = u128::from(cols) + 1;
    let depth = column_lane.depth().max(diagonal_lane.depth()).min(rows);
    let line_sets = u128::from(column_lane.tail.is_some()) + u128::from(diagonal_lane.tail.is_some());
    let bytes = 8 * words as u128 * (3 + line_sets * width) + 4 * width * (3 + u128::from(depth));
    if !memory_fits(bytes, budget) {
        return Ok(None);
    }
    // Mirroring stores the upper triangle: used when that fits too, with the cells' work.
    let triangle = 4 * u128::from(rows) * (u128::from(rows) + 1) / 2;
    let work =
        (u128::from(rows) + 1) * width / u128::from(KERNEL_CELLS_PER_UNIT) * u128::from(BYTES_PER_UNIT);
    let symmetric = row_lane == column_lane && rows <= cols && memory_fits(bytes + triangle + work, budget);
    hold_memory(
        Holder::LineKernel { triangle: symmetric },
        if symmetric { bytes + triangle } else { bytes },
        budget,
    )?;
    let outcomes = request.values == TableValues::Outcomes;
    let basis = TableBasis {
        method: TableMethod::LineKernel,
        detail: format!(
            "line kernel (bitset mex per line{}): rows take {}, columns {}, diagonals {}",
            if symmetric { ", upper triangle mirrored" } else { "" },
            row_lane.text(),
            column_lane.text(),
            diagonal_lane.text()
        ),
        value_bound: Some(if outcomes { N_CELL } else { bound }),
        certified_period: None,
    };
    let shape =
        Shape { width: cols as usize + 1, rows: rows as usize + 1, words, depth: depth as usize, symmetric };
    let kernel = LineKernel::new(lanes, shape, outcomes);
    Ok(Some(Grid::new(Box::new(kernel), basis, rows, cols, budget)))
}

/// The sizes the kernel works with.
struct Shape {
    /// Cells per row.
    width: usize,
    /// Rows.
    rows: usize,
    /// Words per bitset.
    words: usize,
    /// How many rows back the moves read.
    depth: usize,
    /// The row and column lanes are equal and `rows <= cols`: only `c >= r` is computed.
    symmetric: bool,
}

/// The state of the kernel between rows.
///
/// In symmetric mode (`G(r, c) = G(c, r)` because the row and column moves are the same) the
/// cells `c < r` of row `r` are copied from column `r` of the upper triangle, stored as it is
/// computed (`rows (rows + 1) / 2` values), and row `r`'s bitset starts as column `r`'s, which
/// then holds exactly the values `G(r, c)` of those cells (up to the tail): only `c >= r` is
/// computed, half of a square grid.
struct LineKernel {
    row_lane: Lane,
    column_lane: Lane,
    diagonal_lane: Lane,
    width: usize,
    rows: usize,
    words: usize,
    symmetric: bool,
    /// The row being filled: values at least `row_lane.tail` cells behind.
    row_set: Vec<u64>,
    /// Per column (when the column lane has a tail), `words` words each.
    column_sets: Vec<u64>,
    column_free: Vec<u32>,
    /// Per live diagonal (when the diagonal lane has a tail): diagonal `c - r` in slot
    /// `(c - r) mod width`.
    diagonal_sets: Vec<u64>,
    diagonal_free: Vec<u32>,
    /// A bitset of zeros for directions without a tail, and the scratch bitset of the current
    /// cell's bounded options.
    zero: Vec<u64>,
    marks: Vec<u64>,
    marked: Vec<u32>,
    /// The last `depth + 1` rows, row `r` in slot `r mod (depth + 1)`.
    history: Vec<u32>,
    slots: u64,
    /// Symmetric mode: `G(r, c)` for `r < c < rows`, column `c` at offset `c (c - 1) / 2`.
    upper: Vec<u32>,
    next: u64,
    outcomes: bool,
}

impl LineKernel {
    fn new(lanes: [Lane; 3], shape: Shape, outcomes: bool) -> Self {
        let [row_lane, column_lane, diagonal_lane] = lanes;
        let Shape { width, rows, words, depth, symmetric } = shape;
        let sets = |lane: &Lane| if lane.tail.is_some() { width } else { 0 };
        let (columns, diagonals) = (sets(&column_lane), sets(&diagonal_lane));
        LineKernel {
            width,
            rows,
            words,
            symmetric,
            row_set: vec![0; words],
            column_sets: vec![0; columns * words],
            column_free: vec![0; columns],
            diagonal_sets: vec![0; diagonals * words],
            diagonal_free: vec![0; diagonals],
            zero: vec![0; words],
            marks: vec![0; words],
            marked: Vec::new(),
            history: vec![0; (depth + 1) * width],
            slots: depth as u64 + 1,
            upper: vec![0; if symmetric { rows * (rows - 1) / 2 } else { 0 }],
            next: 0,
            outcomes,
            row_lane,
            column_lane,
            diagonal_lane,
        }
    }

    /// The offset in `history` of row `r` (which must be one of the last `depth + 1`).
    fn slot(&self, r: u64) -> usize {
        (r % self.slots) as usize * self.width
    }

    /// The ring slot of the diagonal through `(r, c)`.
    fn diagonal(&self, r: u64, c: usize) -> usize {
        (c + self.width - (r % self.width as u64) as usize) % self.width
    }

    /// Empties the diagonal slot that the diagonal entering at `(r, 0)` takes over from the one
    /// that left the grid.
    fn open_diagonal(&mut self, r: u64) {
        if r > 0 && !self.diagonal_free.is_empty() {
            let k = self.diagonal(r, 0);
            self.diagonal_sets[k * self.words..][..self.words].fill(0);
            self.diagonal_free[k] = 0;
        }
    }

    /// Prepares row `r` and returns its first column to compute: 0, or in symmetric mode `r`
    /// after copying the cells `c < r` from the upper triangle and taking column `r`'s bitset
    /// (no longer needed: the cells below `(r, r)` are copies) as the row's.
    fn start_row(&mut self, r: u64) -> (usize, u32) {
        let r_index = r as usize;
        if !self.symmetric || r == 0 {
            self.row_set.fill(0);
            return (0, 0);
        }
        let current = self.slot(r);
        let column = &self.upper[r_index * (r_index - 1) / 2..][..r_index];
        self.history[current..current + r_index].copy_from_slice(column);
        if self.column_free.is_empty() {
            self.row_set.fill(0);
            return (r_index, 0);
        }
        self.row_set.copy_from_slice(&self.column_sets[r_index * self.words..][..self.words]);
        (r_index, self.column_free[r_index])
    }

    /// Symmetric mode: keeps `G(r, c)` for `r < c < rows` for the rows below.
    fn store_upper(&mut self, r: u64) {
        let (r, current) = (r as usize, self.slot(r));
        for c in r + 1..self.rows {
            self.upper[c * (c - 1) / 2 + r] = self.history[current + c];
        }
    }

    /// Computes the cells `first..width` of row `r`; `BOUNDED` when some lane has bounded
    /// ranges. A tail of 1 takes each value right after it is computed, while its bitset words
    /// are in cache; a longer tail takes it from the ring of rows just before the first cell
    /// that sees it. The buffers are borrowed apart (the compiler then knows that a store into a
    /// bitset changes no other buffer).
    fn cells<const BOUNDED: bool>(&mut self, r: u64, first: usize, mut row_free: u32) {
        let (words, width, slots) = (self.words, self.width, self.slots);
        let slot = |row: u64| (row % slots) as usize * width;
        let current = slot(r);
        let old = |tail: Option<u64>| tail.filter(|&m| m > 1 && r >= m).map(|m| (m as usize, slot(r - m)));
        let (old_column, old_diagonal) = (old(self.column_lane.tail), old(self.diagonal_lane.tail));
        let row_old = self.row_lane.tail.filter(|&m| m > 1).map_or(usize::MAX, |m| m as usize);
        let row_now = self.row_lane.tail == Some(1);
        let column_now = self.column_lane.tail == Some(1);
        let diagonal_now = self.diagonal_lane.tail == Some(1);
        let mut k = self.diagonal(r, first);
        let LineKernel {
            row_lane,
            column_lane,
            diagonal_lane,
            row_set,
            column_sets,
            column_free,
            diagonal_sets,
            diagonal_free,
            zero,
            marks,
            marked,
            history,
            ..
        } = self;
        let bounded = Bounded { lanes: [row_lane, column_lane, diagonal_lane], slots, width };
        let (row_set, zero) = (&mut row_set[..], &zero[..]);
        let (column_sets, column_free) = (&mut column_sets[..], &mut column_free[..]);
        let (diagonal_sets, diagonal_free) = (&mut diagonal_sets[..], &mut diagonal_free[..]);
        let (has_column, has_diagonal) = (!column_free.is_empty(), !diagonal_free.is_empty());
        let history = &mut history[..];
        for c in first..width {
            if let Some((_, at)) = old_column {
                insert(&mut column_sets[c * words..][..words], &mut column_free[c], history[at + c]);
            }
            if let Some((m, at)) = old_diagonal.filter(|&(m, _)| c >= m) {
                insert(&mut diagonal_sets[k * words..][..words], &mut diagonal_free[k], history[at + c - m]);
            }
            if c >= row_old {
                insert(row_set, &mut row_free, history[current + c - row_old]);
            }
            let column_free_word = if has_column { column_free[c] } else { 0 };
            let diagonal_free_word = if has_diagonal { diagonal_free[k] } else { 0 };
            let start = row_free.max(column_free_word).max(diagonal_free_word) as usize;
            let column = if has_column { &column_sets[c * words..][..words] } else { zero };
            let diagonal = if has_diagonal { &diagonal_sets[k * words..][..words] } else { zero };
            let value = if BOUNDED && bounded.mark(history, r, c, marks, marked) {
                let value = first_absent4(start, row_set, column, diagonal, marks);
                for &v in marked.iter() {
                    marks[v as usize / 64] = 0;
                }
                marked.clear();
                value
            } else {
                first_absent(start, row_set, column, diagonal)
            };
            history[current + c] = value;
            if row_now {
                insert(row_set, &mut row_free, value);
            }
            if column_now {
                insert(&mut column_sets[c * words..][..words], &mut column_free[c], value);
            }
            if diagonal_now {
                insert(&mut diagonal_sets[k * words..][..words], &mut diagonal_free[k], value);
            }
            k += 1;
            if k == width {
                k = 0;
            }
        }
    }
}

/// The bounded ranges of the three lanes, and where their options lie in the ring of rows.
struct Bounded<'a> {
    /// Row, column, diagonal.
    lanes: [&'a Lane; 3],
    slots: u64,
    width: usize,
}

impl Bounded<'_> {
    /// Marks the values of the bounded options of `(r, c)` in `marks` (listing them in
    /// `marked`); true if any.
    fn mark(&self, history: &[u32], r: u64, c: usize, marks: &mut [u64], marked: &mut Vec<u32>) -> bool {
        let slot = |row: u64| (row % self.slots) as usize * self.width;
        let [row, column, diagonal] = self.lanes;
        for &(lo, hi) in &row.bounded {
            for t in lo..=hi.min(c as u64) {
                marked.push(history[slot(r) + c - t as usize]);
            }
        }
        for &(lo, hi) in &column.bounded {
            for t in lo..=hi.min(r) {
                marked.push(history[slot(r - t) + c]);
            }
        }
        for &(lo, hi) in &diagonal.bounded {
            for t in lo..=hi.min(r).min(c as u64) {
                marked.push(history[slot(r - t) + c - t as usize]);
            }
        }
        for &v in marked.iter() {
            marks[v as usize / 64] |= 1 << (v % 64);
        }
        !marked.is_empty()
    }
}

/// Adds `v` to a line's bitset and moves its first non-full word forward.
#[inline]
fn insert(set: &mut [u64], free: &mut u32, v: u32) {
    let word = v as usize / 64;
    set[word] |= 1 << (v % 64);
    if word == *free as usize {
        while set[*free as usize] == u64::MAX {
            *free += 1;
        }
    }
}

/// The least value from word `start` on that none of the bitsets holds.
#[inline]
fn first_absent(start: usize, a: &[u64], b: &[u64], c: &[u64]) -> u32 {
    let len = a.len().min(b.len()).min(c.len());
    let mut word = start;
    while word < len {
        let seen = a[word] | b[word] | c[word];
        if seen != u64::MAX {
            return (word * 64) as u32 + (!seen).trailing_zeros();
        }
        word += 1;
    }
    unreachable!("the bitsets are wider than any value")
}

/// [`first_absent`] with a fourth bitset.
#[inline]
fn first_absent4(start: usize, a: &[u64], b: &[u64], c: &[u64], d: &[u64]) -> u32 {
    let len = a.len().min(b.len()).min(c.len()).min(d.len());
    let mut word = start;
    while word < len {
        let seen = a[word] | b[word] | c[word] | d[word];
        if seen != u64::MAX {
            return (word * 64) as u32 + (!seen).trailing_zeros();
        }
        word += 1;
    }
    unreachable!("the bitsets are wider than any value")
}

impl GridSource for LineKernel {
    fn fill_row(&mut self, out: &mut [u64]) -> Result<(), Exhausted> {
        let r = self.next;
        self.next += 1;
        self.open_diagonal(r);
        let (first, row_free) = self.start_row(r);
        let bounded =
            [&self.row_lane, &self.column_lane, &self.diagonal_lane].iter().any(|l| !l.bounded.is_empty());
        if bounded {
            self.cells::<true>(r, first, row_free);
        } else {
            self.cells::<false>(r, first, row_free);
        }
        if self.symmetric {
            self.store_upper(r);
        }
        let current = self.slot(r);
        let values = &self.history[current..current + self.width];
        if self.outcomes {
            for (slot, &v) in out.iter_mut().zip(values) {
                *slot = u64::from(v != 0);
            }
        } else {
            for (slot, &v) in out.iter_mut().zip(values) {
                *slot = u64::from(v);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::pattern::{PatternGame, PatternSpec};
    use crate::solve::dense_grundy_table;

    fn amounts(min: u64, max: Option<u64>) -> Amounts {
        Amounts { min, max }
    }

    #[test]
    fn lanes_merge_ranges_into_the_tail() {
        let lane = Lane::new(&[amounts(5, Some(6)), amounts(2, Some(10)), amounts(8, None)]);
        assert_eq!(lane, Lane { bounded: vec![], tail: Some(2) });
        let lane = Lane::new(&[
            amounts(1, Some(2)),
            amounts(4, Some(4)),
            amounts(3, Some(3)),
            amounts(9, None),
            amounts(7, Some(7)),
        ]);
        assert_eq!(lane, Lane { bounded: vec![(1, 4), (7, 7)], tail: Some(9) });
        assert_eq!(lane.text(), "1..4,7,9..");
        assert_eq!(lane.depth(), 9);
        let lane = Lane::new(&[amounts(2, Some(3))]);
        assert_eq!((lane.depth(), lane.options(1), lane.options(10)), (3, 1, 2));
        assert_eq!(Lane::new(&[]).text(), "none");
    }

    /// The kernel's grid against the dense solver on the pattern game's own moves.
    fn check(moves: &[&str], rows: u64, cols: u64) {
        let spec = PatternSpec::parse(2, &moves.iter().map(|m| m.to_string()).collect::<Vec<_>>()).unwrap();
        let lines = spec.line_moves().unwrap();
        let game = PatternGame::new(spec);
        let budget = Budget::default();
        let table = dense_grundy_table(&game, &[rows, cols], &budget).unwrap();
        for values in [TableValues::Grundy, TableValues::Outcomes] {
            let request = GridRequest::new(rows, cols, values, crate::game::Play::Normal);
            let mut grid = line_grid(&lines, &request, &budget).unwrap().unwrap();
            let mut row = vec![0; grid.row_len()];
            while let Some(r) = grid.next_row(&mut row).unwrap() {
                for (c, &value) in row.iter().enumerate() {
                    let g = u64::from(table.get(&[r, c as u64]).unwrap());
                    let expected = if values == TableValues::Grundy { g } else { u64::from(g != 0) };
                    assert_eq!(value, expected, "{moves:?} at ({r}, {c}), {values:?}");
                    assert!(value <= grid.basis().value_bound.unwrap());
                }
            }
        }
    }

    #[test]
    fn wythoff_and_unbounded_patterns_match_the_dense_solver() {
        check(&["one:1..", "all:1.."], 1, 1);
        check(&["one:1..", "all:1.."], 0, 0);
        check(&["one:1..", "all:1.."], 70, 90);
        check(&["one:1..", "all:1.."], 90, 3);
        check(&["one:1.."], 40, 40);
        check(&["one:2..", "all:3.."], 50, 60);
        check(&["0:1..", "all:1.."], 45, 37);
        check(&["1:3..", "0,1:2.."], 30, 50);
    }

    #[test]
    fn bounded_and_mixed_patterns_match_the_dense_solver() {
        check(&["one:1..3"], 40, 40);
        check(&["one:1..3", "all:1.."], 60, 45);
        check(&["one:1..3", "all:1.."], 45, 60);
        check(&["one:2..3", "one:6..", "all:2..4"], 50, 50);
        check(&["one:1..", "all:2..4"], 50, 50);
        check(&["one:2..3", "one:6..", "any2:1..2", "all:5"], 55, 61);
        check(&["0:1..2", "1:3..5", "all:4..6"], 40, 44);
        check(&["one:4"], 30, 30);
        check(&["all:1..", "one:1..1"], 0, 20);
        check(&["all:1..", "one:1..1"], 20, 0);
    }

    #[test]
    fn mirroring_needs_its_triangle_in_the_budget() {
        let request = GridRequest::new(99, 99, TableValues::Grundy, crate::game::Play::Normal);
        let budget = Budget::new(100_000);
        let mut mirrored = line_grid(&LineMoves::wythoff(), &request, &budget).unwrap().unwrap();
        assert!(mirrored.basis().detail.contains("upper triangle mirrored"));
        // The bitsets (2 x 100 bitsets of 5 words: 8,120 bytes) and two rows (1,600 bytes) need
        // 2,430 units' worth of memory, the triangle 4,950 more, the 10,000 cells 2,500 units of
        // work (4 cells a unit): with 7,000 units the kernel does not mirror, and still produces
        // every cell. The memory is held, not paid: only the cells are charged.
        let small = Budget::new(7_000);
        let mut plain = line_grid(&LineMoves::wythoff(), &request, &small).unwrap().unwrap();
        assert_eq!(small.used(), 0);
        assert!(small.peak_held() >= 9_720);
        assert!(!plain.basis().detail.contains("mirrored"));
        let mut row = vec![0; 100];
        let mut plain_values = Vec::new();
        while plain.next_row(&mut row).unwrap().is_some() {
            plain_values.extend_from_slice(&row);
        }
        assert!(small.used() >= 2_500, "{}", small.used());
        assert_eq!(plain_values, mirrored.collect_rest().unwrap());
        assert!(line_grid(&LineMoves::wythoff(), &request, &Budget::new(2_000)).unwrap().is_none());
    }

    #[test]
    fn misere_and_huge_bitsets_are_left_to_the_dense_path() {
        let budget = Budget::default();
        let request = GridRequest::new(10, 10, TableValues::Outcomes, crate::game::Play::Misere);
        assert!(line_grid(&LineMoves::wythoff(), &request, &budget).unwrap().is_none());
        let request = GridRequest { rows: 3, cols: 100_000_000, play: crate::game::Play::Normal, ..request };
        assert!(line_grid(&LineMoves::wythoff(), &request, &budget).unwrap().is_none());
        assert_eq!(budget.used(), 0);
    }
}
