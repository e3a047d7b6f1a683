//! Two-heap tables: the values of `check_position([r, c])` for `r = 0..=rows` and
//! `c = 0..=cols`, produced row by row (row-major: the second heap fastest).
//!
//! A [`Grid`] pulls rows from a [`GridSource`] into the caller's row buffer. The source is the
//! ruleset's own ([`crate::Ruleset::fast_grid`]: a closed form that stores nothing, or the line
//! kernel of [`super::lines`]) when it has one, otherwise the generic dense path
//! ([`super::dense`], 4 bytes a cell under the budget).

use crate::budget::{Budget, Exhausted};
use crate::error::{Holder, Task};

use super::{pay_memory, Charge, TableBasis, TableError, N_CELL, P_CELL};

/// Produces the rows of a two-heap table in order, from row 0.
pub trait GridSource: Send {
    /// Writes the next row (`cols + 1` values) into `out`.
    ///
    /// # Errors
    /// What ran out, for a source that computes its cells under the budget (a family of graphs,
    /// each cell a search); the other sources never fail.
    fn fill_row(&mut self, out: &mut [u64]) -> Result<(), Exhausted>;
}

/// A grid source from a function writing row `r` into `out`: how closed forms become sources.
pub(crate) struct RowFn<F> {
    next: u64,
    fill: F,
}

impl<F: FnMut(u64, &mut [u64]) + Send> GridSource for RowFn<F> {
    fn fill_row(&mut self, out: &mut [u64]) -> Result<(), Exhausted> {
        (self.fill)(self.next, out);
        self.next += 1;
        Ok(())
    }
}

/// A source calling `fill(r, row)` for each row `r`.
pub(crate) fn row_by_row(fill: impl FnMut(u64, &mut [u64]) + Send + 'static) -> Box<dyn GridSource> {
    Box::new(RowFn { next: 0, fill })
}

/// Writes an outcome row with its P-positions at `p_columns` (columns beyond the row are
/// ignored) and N everywhere else. `O(row + P-positions)`.
pub(crate) fn outcome_row(out: &mut [u64], p_columns: impl IntoIterator<Item = u64>) {
    out.fill(N_CELL);
    for c in p_columns {
        if let Some(cell) = usize::try_from(c).ok().and_then(|c| out.get_mut(c)) {
            *cell = P_CELL;
        }
    }
}

/// A two-heap table being produced, row by row, each row charged to the budget as it is
/// produced (see the [module doc](super)).
///
/// ```
/// use nimlab_engine::tables::{GridRequest, TableValues};
/// use nimlab_engine::{Budget, GameSpec, Play};
///
/// let budget = Budget::default();
/// let game = "wythoff".parse::<GameSpec>().unwrap().build(&budget).unwrap();
/// let request = GridRequest::new(2, 3, TableValues::Grundy, Play::Normal);
/// let mut grid = game.grid(&request, &budget).unwrap();
/// let mut row = vec![0; grid.row_len()];
/// assert_eq!(grid.next_row(&mut row).unwrap(), Some(0));
/// assert_eq!(row, [0, 1, 2, 3]);
/// assert_eq!(grid.next_row(&mut row).unwrap(), Some(1));
/// assert_eq!(row, [1, 2, 0, 4]);
/// assert_eq!(grid.next_row(&mut row).unwrap(), Some(2));
/// assert_eq!(row, [2, 0, 1, 5]);
/// assert_eq!(grid.next_row(&mut row).unwrap(), None);
/// ```
pub struct Grid {
    source: Box<dyn GridSource>,
    basis: TableBasis,
    rows: u64,
    cols: u64,
    /// The next row to produce; `rows + 1` when done.
    next: u64,
    charge: Charge,
}

impl Grid {
    /// The table of rows `0..=rows` and columns `0..=cols` drawn from `source`, charged to
    /// `budget` at the rate of `basis.method`.
    pub fn new(
        source: Box<dyn GridSource>,
        basis: TableBasis,
        rows: u64,
        cols: u64,
        budget: &Budget,
    ) -> Self {
        let charge = Charge::new(budget, basis.method);
        Grid { source, basis, rows, cols, next: 0, charge }
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

    #[cfg(test)]
    /// The row the next [`Grid::next_row`] writes.
    pub(crate) fn next_row_index(&self) -> u64 {
        self.next
    }

    /// Writes the next row into `out` and returns its index, or `None` when the table is complete.
    ///
    /// # Errors
    /// [`TableError::Exhausted`] when the budget, the deadline or a cancellation stops the
    /// table (checked before each row).
    ///
    /// # Panics
    /// If `out` does not hold exactly [`Grid::row_len`] values.
    pub fn next_row(&mut self, out: &mut [u64]) -> Result<Option<u64>, TableError> {
        assert_eq!(out.len(), self.row_len(), "a row of this grid has {} cells", self.row_len());
        if self.next > self.rows {
            return Ok(None);
        }
        let row = self.next;
        let stopped = |cause| TableError::Exhausted { task: Box::new(Task::GridRow { row }), cause };
        self.charge.values(out.len() as u64).map_err(stopped)?;
        self.source.fill_row(out).map_err(stopped)?;
        self.next += 1;
        Ok(Some(row))
    }

    /// The remaining rows in one row-major vector, its memory (8 bytes a cell) paid up front.
    ///
    /// # Errors
    /// [`TableError::Exhausted`] when that memory exceeds what is left of the budget, or as for
    /// [`Grid::next_row`].
    pub fn collect_rest(&mut self) -> Result<Vec<u64>, TableError> {
        let len = self.row_len();
        let count = u128::from(self.rows + 1 - self.next) * len as u128;
        pay_memory(Holder::GridVector, 8 * count, self.charge.budget())?;
        let mut values = vec![0; count as usize];
        for row in values.chunks_mut(len) {
            self.next_row(row)?;
        }
        Ok(values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_rows_mark_their_p_cells() {
        let mut row = [7; 5];
        outcome_row(&mut row, [1, 4, 9]);
        assert_eq!(row, [N_CELL, P_CELL, N_CELL, N_CELL, P_CELL]);
    }
}
