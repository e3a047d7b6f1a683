//! Two-heap tables: the values of `check_position([r, c])` for `r = 0..=rows` and
//! `c = 0..=cols`, produced row by row (row-major: the second heap fastest).
//!
//! A [`Grid`] pulls rows from a [`GridSource`] into the caller's row buffer. The source is the
//! ruleset's own ([`crate::Ruleset::fast_grid`]: a closed form that stores nothing, or the line
//! kernel of [`super::lines`]) when it has one, otherwise the generic dense path
//! ([`super::dense`], 4 bytes a cell under the budget).

use crate::analysis::{Method, Ruleset};
use crate::bigint::big;
use crate::budget::Budget;
use crate::spec::GameSpec;

use super::dense::{box_values, Stored};
use super::sequence::MAX_UPTO;
use super::{
    check_values, no_theory, pay_memory, Charge, GridRequest, TableBasis, TableError, N_CELL, P_CELL,
};

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

    /// The row the next [`Grid::next_row`] writes.
    pub fn next_row_index(&self) -> u64 {
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
        self.charge.values(out.len() as u64).map_err(|cause| TableError::Exhausted {
            task: format!("the grid stopped at row {row}"),
            cause,
        })?;
        self.source.fill_row(out);
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
        pay_memory("the grid collected in one vector", 8 * count, self.charge.budget())?;
        let mut values = vec![0; count as usize];
        for row in values.chunks_mut(len) {
            self.next_row(row)?;
        }
        Ok(values)
    }
}

/// The two-heap table a request asks for: from the ruleset's fast path, or the dense path (see
/// [`GridRequest::method`]). The caller's row buffer (8 bytes a cell) is paid for here.
///
/// # Errors
/// [`TableError::InvalidRequest`] for Grundy values in misère play or a game whose positions are
/// not two heaps; [`EngineError::NoTheory`](crate::EngineError) (in [`TableError::Engine`]) for
/// [`Method::Theory`] without a closed form or certified rows; [`TableError::Exhausted`] when a
/// row alone exceeds the budget, or from the path that computes the table; an engine error from
/// the generic path.
pub fn grid<R: Ruleset>(
    ruleset: &R,
    game: &GameSpec,
    request: &GridRequest,
    budget: &Budget,
) -> Result<Grid, TableError> {
    check_values(request.values, request.play)?;
    if request.rows > MAX_UPTO || request.cols > MAX_UPTO {
        return Err(TableError::InvalidRequest(format!(
            "a grid's rows and columns go up to at most {MAX_UPTO}"
        )));
    }
    ruleset
        .check_position(&[big(0), big(0)])
        .map_err(|e| TableError::InvalidRequest(format!("a grid needs a game on two heaps; {game}: {e}")))?;
    pay_memory("one row of the grid", (u128::from(request.cols) + 1) * 8, budget)?;
    if request.method != Method::Search {
        let fast = ruleset.fast_grid(request, budget)?;
        match fast {
            Some(grid) if request.method == Method::Auto || grid.basis().method.is_theory() => {
                return Ok(grid)
            }
            _ if request.method == Method::Theory => {
                return Err(no_theory(game.name(), "grid", request.values, request.play))
            }
            _ => {}
        }
    }
    let Stored { values, basis } =
        box_values(ruleset, game, &[request.rows, request.cols], request.values, request.play, budget)?;
    Ok(Grid::new(Box::new(values), basis, request.rows, request.cols, budget))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Play;
    use crate::rulesets::moore::Moore;
    use crate::solve::GrundySolver;
    use crate::tables::{TableMethod, TableValues};

    fn moore() -> (Moore, GameSpec) {
        (Moore::new(2).unwrap(), "moore --k 2".parse().unwrap())
    }

    #[test]
    fn dense_fallback_matches_search_and_rows_come_in_order() {
        let (moore, spec) = moore();
        let request = GridRequest::new(9, 12, TableValues::Grundy, Play::Normal);
        let budget = Budget::default();
        let mut table = grid(&moore, &spec, &request, &budget).unwrap();
        assert_eq!(table.basis().method, TableMethod::Dense);
        let all = grid(&moore, &spec, &request, &budget).unwrap().collect_rest().unwrap();
        assert_eq!(all.len(), 130);
        let mut solver = GrundySolver::new(moore);
        let mut row = vec![0; table.row_len()];
        for r in 0..=9u64 {
            assert_eq!(table.next_row(&mut row).unwrap(), Some(r));
            for (c, &value) in row.iter().enumerate() {
                assert_eq!(
                    value,
                    u64::from(solver.value(&vec![r, c as u64], &budget).unwrap()),
                    "({r}, {c})"
                );
            }
        }
        assert_eq!(table.next_row(&mut row).unwrap(), None);
        assert_eq!(table.next_row_index(), 10);
    }

    #[test]
    fn one_heap_games_and_misere_grundy_are_refused() {
        let request = GridRequest::new(3, 3, TableValues::Grundy, Play::Misere);
        let (moore, spec) = moore();
        let budget = Budget::default();
        let err = grid(&moore, &spec, &request, &budget).err().unwrap();
        assert!(err.is_usage() && err.to_string().contains("normal play only"), "{err}");
        let half = crate::rulesets::half::Half;
        let request = GridRequest { play: Play::Normal, ..request };
        let err = grid(&half, &"half".parse().unwrap(), &request, &budget).err().unwrap();
        assert!(err.to_string().starts_with("a grid needs a game on two heaps; half:"), "{err}");
    }

    #[test]
    fn a_row_beyond_the_budget_is_refused() {
        let (moore, spec) = moore();
        let request = GridRequest::new(0, 1_000_000, TableValues::Grundy, Play::Normal);
        let err = grid(&moore, &spec, &request, &Budget::new(1000)).err().unwrap();
        assert!(err.to_string().starts_with("one row of the grid needs 8000008 bytes of memory"), "{err}");
        assert!(err.exhausted().is_some_and(|e| e.is_budget()));
    }

    #[test]
    fn outcome_rows_mark_their_p_cells() {
        let mut row = [7; 5];
        outcome_row(&mut row, [1, 4, 9]);
        assert_eq!(row, [N_CELL, P_CELL, N_CELL, N_CELL, P_CELL]);
    }
}
