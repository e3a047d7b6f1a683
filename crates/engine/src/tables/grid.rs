//! Two-heap tables: the values of `check_position([r, c])` for `r = 0..=rows` and
//! `c = 0..=cols`, produced row by row (row-major: the second heap fastest).
//!
//! A [`Grid`] pulls rows from a [`GridSource`] into the caller's row buffer. The source is the
//! ruleset's own ([`crate::Ruleset::fast_grid`]: a closed form that stores nothing, or the line
//! kernel of [`super::lines`]) when it has one, otherwise the generic dense path
//! ([`super::dense`], 4 bytes a cell under the budget).

use crate::analysis::Ruleset;
use crate::bigint::big;
use crate::solve::Budget;

use super::dense::{box_values, Stored};
use super::{check_values, GridRequest, TableBasis, TableError, N_CELL, P_CELL};

/// Produces the rows of a two-heap table in order, from row 0.
pub trait GridSource: Send {
    /// Writes the next row (`cols + 1` values) into `out`.
    fn fill_row(&mut self, out: &mut [u64]);
}

/// A grid source from a function writing row `r` into `out`: how closed forms become sources.
pub struct RowFn<F> {
    next: u64,
    fill: F,
}

impl<F: FnMut(u64, &mut [u64]) + Send> GridSource for RowFn<F> {
    fn fill_row(&mut self, out: &mut [u64]) {
        (self.fill)(self.next, out);
        self.next += 1;
    }
}

/// A source calling `fill(r, row)` for each row `r`.
pub fn row_by_row(fill: impl FnMut(u64, &mut [u64]) + Send + 'static) -> Box<dyn GridSource> {
    Box::new(RowFn { next: 0, fill })
}

/// Writes an outcome row with its P-positions at `p_columns` (columns beyond the row are
/// ignored) and N everywhere else. `O(row + P-positions)`.
pub fn outcome_row(out: &mut [u64], p_columns: impl IntoIterator<Item = u64>) {
    out.fill(N_CELL);
    for c in p_columns {
        if let Some(cell) = usize::try_from(c).ok().and_then(|c| out.get_mut(c)) {
            *cell = P_CELL;
        }
    }
}

/// A two-heap table being produced, row by row.
///
/// ```
/// use nimlab_engine::tables::{GridRequest, TableValues};
/// use nimlab_engine::{build_ruleset, Budget, GameSpec, Play};
///
/// let game = build_ruleset(&GameSpec::named("wythoff"), Budget::default()).unwrap();
/// let request = GridRequest {
///     rows: 2, cols: 3, values: TableValues::Grundy, play: Play::Normal, budget: Budget::default(),
/// };
/// let mut grid = game.grid(&request).unwrap();
/// let mut row = vec![0; grid.row_len()];
/// assert_eq!(grid.next_row(&mut row), Some(0));
/// assert_eq!(row, [0, 1, 2, 3]);
/// assert_eq!(grid.next_row(&mut row), Some(1));
/// assert_eq!(row, [1, 2, 0, 4]);
/// assert_eq!(grid.next_row(&mut row), Some(2));
/// assert_eq!(row, [2, 0, 1, 5]);
/// assert_eq!(grid.next_row(&mut row), None);
/// ```
pub struct Grid {
    source: Box<dyn GridSource>,
    basis: TableBasis,
    rows: u64,
    cols: u64,
    /// The next row to produce; `rows + 1` when done.
    next: u64,
}

impl Grid {
    /// The table of rows `0..=rows` and columns `0..=cols` drawn from `source`.
    pub fn new(source: Box<dyn GridSource>, basis: TableBasis, rows: u64, cols: u64) -> Self {
        Grid { source, basis, rows, cols, next: 0 }
    }

    /// How the values are computed.
    pub fn basis(&self) -> &TableBasis {
        &self.basis
    }

    /// The last row (first heap).
    pub fn rows(&self) -> u64 {
        self.rows
    }

    /// The last column (second heap).
    pub fn cols(&self) -> u64 {
        self.cols
    }

    /// The number of cells in a row, `cols + 1`.
    pub fn row_len(&self) -> usize {
        self.cols as usize + 1
    }

    /// Writes the next row into `out` and returns its index, or `None` when the table is complete.
    ///
    /// # Panics
    /// If `out` does not hold exactly [`Grid::row_len`] values.
    pub fn next_row(&mut self, out: &mut [u64]) -> Option<u64> {
        assert_eq!(out.len(), self.row_len(), "a row of this grid has {} cells", self.row_len());
        if self.next > self.rows {
            return None;
        }
        self.source.fill_row(out);
        self.next += 1;
        Some(self.next - 1)
    }

    /// The remaining rows in one row-major vector.
    ///
    /// # Errors
    /// [`TableError::OverBudget`] when its 8-byte values exceed `budget` cells of 4 bytes.
    pub fn collect_rest(&mut self, budget: Budget) -> Result<Vec<u64>, TableError> {
        let len = self.row_len();
        let count = u128::from(self.rows + 1 - self.next) * len as u128;
        TableError::check_memory("the grid collected in one vector", 8 * count, budget)?;
        let mut values = vec![0; count as usize];
        for row in values.chunks_mut(len) {
            self.next_row(row);
        }
        Ok(values)
    }
}

/// The two-heap table a request asks for: from the ruleset's fast path, or the dense path.
///
/// # Errors
/// [`TableError::InvalidRequest`] for Grundy values in misère play or a game whose positions are
/// not two heaps; [`TableError::OverBudget`] when a row alone exceeds the budget, or from the
/// path that computes the table; an engine error from the generic path.
pub fn grid<R: Ruleset>(ruleset: &R, request: &GridRequest) -> Result<Grid, TableError> {
    check_values(request.values, request.play)?;
    let row = u128::from(request.cols) + 1;
    TableError::check_memory("one row of the grid", row * 8, request.budget)?;
    ruleset.check_position(&[big(0), big(0)]).map_err(|e| {
        TableError::InvalidRequest(format!("a grid needs a game on two heaps; {}: {e}", ruleset.name()))
    })?;
    if let Some(grid) = ruleset.fast_grid(request)? {
        return Ok(grid);
    }
    let Stored { values, basis } =
        box_values(ruleset, &[request.rows, request.cols], request.values, request.play, request.budget)?;
    Ok(Grid::new(Box::new(values), basis, request.rows, request.cols))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Play;
    use crate::rulesets::moore::Moore;
    use crate::solve::GrundySolver;
    use crate::tables::{TableMethod, TableValues};

    #[test]
    fn dense_fallback_matches_search_and_rows_come_in_order() {
        let moore = Moore::new(2).unwrap();
        let request = GridRequest {
            rows: 9,
            cols: 12,
            values: TableValues::Grundy,
            play: Play::Normal,
            budget: Budget::default(),
        };
        let mut table = grid(&moore, &request).unwrap();
        assert_eq!(table.basis().method, TableMethod::Dense);
        let all = grid(&moore, &request).unwrap().collect_rest(Budget(260)).unwrap();
        assert_eq!(all.len(), 130);
        assert!(grid(&moore, &request).unwrap().collect_rest(Budget(259)).is_err());
        let mut solver = GrundySolver::new(moore);
        let mut row = vec![0; table.row_len()];
        for r in 0..=9u64 {
            assert_eq!(table.next_row(&mut row), Some(r));
            for (c, &value) in row.iter().enumerate() {
                assert_eq!(value, u64::from(solver.value(&vec![r, c as u64]).unwrap()), "({r}, {c})");
            }
        }
        assert_eq!(table.next_row(&mut row), None);
    }

    #[test]
    fn one_heap_games_and_misere_grundy_are_refused() {
        let request = GridRequest {
            rows: 3,
            cols: 3,
            values: TableValues::Grundy,
            play: Play::Misere,
            budget: Budget::default(),
        };
        let moore = Moore::new(2).unwrap();
        let err = grid(&moore, &request).err().unwrap();
        assert!(err.is_usage() && err.to_string().contains("normal play only"), "{err}");
        let half = crate::rulesets::half::Half;
        let request = GridRequest { play: Play::Normal, ..request };
        let err = grid(&half, &request).err().unwrap();
        assert!(err.to_string().starts_with("a grid needs a game on two heaps; half:"), "{err}");
    }

    #[test]
    fn outcome_rows_mark_their_p_cells() {
        let mut row = [7; 5];
        outcome_row(&mut row, [1, 4, 9]);
        assert_eq!(row, [N_CELL, P_CELL, N_CELL, N_CELL, P_CELL]);
    }
}
