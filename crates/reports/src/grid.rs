//! The grid of a game's positions `(r, c)`, `r = 0..=rows`, `c = 0..=cols`, as values: the cells
//! `nimlab plot --rows R --cols C` draws ([`table_cells`], [`analyzed_cells`]) and the typed
//! report the playground draws itself ([`grid_report`]), so that the server and the page's
//! WebAssembly worker send the same answer and the page shows the same picture from it.
//!
//! Nothing here draws: the pictures are `plot`'s (the `pictures` feature), which the
//! WebAssembly build leaves out.

use nimlab_engine::tables::{GridRequest, TableValues, P_CELL};
use nimlab_engine::{AnyGame, BigUint, Budget, EngineError, GameSpec, GrundyValue, Outcome, Play, Query};
use serde::Serialize;

use crate::error::CommandError;
use crate::position::GameRef;
use crate::ReportError;

/// The most cells of a grid picture.
pub const MAX_GRID_CELLS: u64 = 250_000;

/// One cell of a grid picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    /// True for a P-position (drawn red).
    pub p_position: bool,
    /// The Grundy value when shown (and small enough to colour).
    pub grundy: Option<u64>,
}

/// The caption of a grid picture of `game` whose cells are the positions `template` (such as
/// `"r c"` or `"r c c"`).
pub fn grid_title(game: &str, outcomes: bool, template: &str, play: Play) -> String {
    format!(
        "{game}: {} of ({}){}",
        if outcomes { "P-positions" } else { "Grundy values" },
        template.replace(' ', ", "),
        if play == Play::Misere { ", misère play" } else { "" }
    )
}

/// The P-positions (row, column) of `cells` (row by row), in row-major order.
pub fn p_positions(cells: &[Vec<Cell>]) -> Vec<[u64; 2]> {
    (0u64..)
        .zip(cells)
        .flat_map(|(r, line)| {
            (0u64..).zip(line).filter(|(_, cell)| cell.p_position).map(move |(c, _)| [r, c])
        })
        .collect()
}

/// Refuses a grid of more than [`MAX_GRID_CELLS`] cells.
///
/// # Errors
/// [`ReportError::Invalid`] naming the limit.
pub fn check_grid_size(rows: u64, cols: u64) -> Result<(), ReportError> {
    if rows.saturating_add(1).saturating_mul(cols.saturating_add(1)) > MAX_GRID_CELLS {
        return Err(ReportError::Invalid(CommandError::GridPictureTooLarge { max: MAX_GRID_CELLS }));
    }
    Ok(())
}

/// A grid picture's question: the cells `(r, c)`, `r = 0..=rows`, `c = 0..=cols`, with their
/// Grundy values or only their outcomes, under a play convention.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridAsk {
    /// The last row.
    pub rows: u64,
    /// The last column.
    pub cols: u64,
    /// True when only outcomes are asked for (always under misère play, which has no values).
    pub outcomes: bool,
    /// The play convention.
    pub play: Play,
}

impl GridAsk {
    /// The question; misère play asks for outcomes whatever `outcomes` says.
    ///
    /// # Errors
    /// [`ReportError::Invalid`] for more than [`MAX_GRID_CELLS`] cells.
    pub fn new(rows: u64, cols: u64, outcomes: bool, play: Play) -> Result<GridAsk, ReportError> {
        check_grid_size(rows, cols)?;
        Ok(GridAsk { rows, cols, outcomes: outcomes || play == Play::Misere, play })
    }
}

/// The cells of the grid `ask` of a game whose positions are two heaps, from the game's table
/// path (the ruleset's fastest: a closed form, the line kernel, the dense table), row by row.
///
/// # Errors
/// As [`AnyGame::grid`]: a game whose positions are not two heaps, the budget.
pub fn table_cells(
    game: &dyn AnyGame,
    ask: &GridAsk,
    budget: &Budget,
) -> Result<Vec<Vec<Cell>>, ReportError> {
    let values = if ask.outcomes { TableValues::Outcomes } else { TableValues::Grundy };
    let mut grid = game.grid(&GridRequest::new(ask.rows, ask.cols, values, ask.play), budget)?;
    let mut row = vec![0; grid.row_len()];
    let mut cells = Vec::new();
    while grid.next_row(&mut row)?.is_some() {
        cells.push(
            row.iter()
                .map(|&v| Cell { p_position: v == P_CELL, grundy: (!ask.outcomes).then_some(v) })
                .collect(),
        );
    }
    Ok(cells)
}

/// The cells of the grid `ask` whose cell `(r, c)` is the position `position(r, c)` (any number
/// of heaps, such as `r c c`), each analysed by the engine's planner.
///
/// # Errors
/// A position the game refuses; the budget.
pub fn analyzed_cells(
    game: &dyn AnyGame,
    ask: &GridAsk,
    position: impl Fn(u64, u64) -> Vec<BigUint>,
    budget: &Budget,
) -> Result<Vec<Vec<Cell>>, ReportError> {
    let query = Query { max_moves: 0, ..Query::play(ask.play) };
    (0..=ask.rows)
        .map(|r| {
            (0..=ask.cols)
                .map(|c| {
                    let numbers = game.check_position(&position(r, c))?;
                    let analysis = game.analyze(&numbers, &query, budget)?;
                    let grundy = match (&analysis.grundy, ask.outcomes) {
                        (GrundyValue::Value(g), false) => g.try_into().ok(),
                        _ => None,
                    };
                    Ok(Cell { p_position: analysis.outcome == Outcome::P, grundy })
                })
                .collect()
        })
        .collect()
}

/// The grid of a two-heap game as values (`/api/plot`): what `nimlab plot GAME --rows R --cols C
/// [--outcomes]` draws, for a surface that draws it itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GridReport {
    /// The game.
    #[serde(flatten)]
    pub game: GameRef,
    /// The play convention.
    pub play: Play,
    /// The last row.
    pub rows: u64,
    /// The last column.
    pub cols: u64,
    /// True when only outcomes are given (`values` is null).
    pub outcomes: bool,
    /// The picture's caption, as `nimlab plot` writes it.
    pub title: String,
    /// The P-positions (row, column) in row-major order.
    pub p_positions: Vec<[u64; 2]>,
    /// The Grundy values row by row, row 0 first; `None` when only outcomes are asked for.
    pub values: Option<Vec<Vec<u64>>>,
}

/// The grid `ask` of the two-heap game `spec` from its table path ([`table_cells`]), its cells
/// held in the memory account of `budget`.
///
/// # Errors
/// As [`table_cells`]; the game cannot be built; the memory ceiling.
pub fn grid_report(spec: &GameSpec, ask: &GridAsk, budget: &Budget) -> Result<GridReport, ReportError> {
    let game = spec.build(budget)?;
    // The cells and the values copied from them, at once.
    let count = ask.rows.saturating_add(1).saturating_mul(ask.cols.saturating_add(1));
    let bytes = count.saturating_mul((std::mem::size_of::<Cell>() + std::mem::size_of::<u64>()) as u64);
    budget.check_memory(bytes).map_err(|cause| EngineError::Exhausted {
        task: Box::new(nimlab_engine::Task::GridOfValues),
        cause,
    })?;
    let cells = table_cells(game.as_ref(), ask, budget)?;
    let values = (!ask.outcomes).then(|| {
        cells.iter().map(|line| line.iter().map(|cell| cell.grundy.unwrap_or(0)).collect()).collect()
    });
    Ok(GridReport {
        game: GameRef::from(spec),
        play: ask.play,
        rows: ask.rows,
        cols: ask.cols,
        outcomes: ask.outcomes,
        title: grid_title(&game.name(), ask.outcomes, "r c", ask.play),
        p_positions: p_positions(&cells),
        values,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim's grid: the P-positions are the diagonal, and each value is r XOR c.
    #[test]
    fn the_nim_grid_is_the_diagonal_and_xor() {
        let spec = GameSpec::named("nim").unwrap();
        let report =
            grid_report(&spec, &GridAsk::new(3, 4, false, Play::Normal).unwrap(), &Budget::default())
                .unwrap();
        assert_eq!(report.p_positions, vec![[0, 0], [1, 1], [2, 2], [3, 3]]);
        let values = report.values.unwrap();
        assert_eq!(values.len(), 4);
        for (r, line) in (0u64..).zip(&values) {
            assert_eq!(line, &(0..=4).map(|c| r ^ c).collect::<Vec<_>>());
        }
        assert_eq!(report.title, "nim: Grundy values of (r, c)");
        let misere =
            grid_report(&spec, &GridAsk::new(2, 2, false, Play::Misere).unwrap(), &Budget::default())
                .unwrap();
        assert!(misere.outcomes && misere.values.is_none(), "misère play has outcomes only");
    }

    #[test]
    fn a_grid_beyond_the_limit_is_refused() {
        let error = GridAsk::new(500, 500, true, Play::Normal).unwrap_err();
        assert!(error.is_usage() && error.to_string().contains("250000"), "{error}");
    }
}
