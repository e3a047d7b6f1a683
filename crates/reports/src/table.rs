//! `table`: values over a range of positions, as the seeds print them: a one-heap sequence, a
//! two-heap grid, or the apple paper's table of (M, N, N) positions.

use nimlab_engine::bigint::json;
use nimlab_engine::rulesets::apple::Apple;
use nimlab_engine::rulesets::pattern::PatternGame;
use nimlab_engine::solve::TripleTable;
use nimlab_engine::{AnyGame, BigUint, Budget, GameSpec, GrundyValue, Method, Outcome, Play, Query};
use serde::{Serialize, Serializer};

use crate::error::invalid;
use crate::position::GameRef;
use crate::ReportError;

/// The most cells a table may have: a fixed limit of the per-cell path.
pub const MAX_CELLS: u64 = 1_000_000;

/// Which positions a table covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableShape {
    /// One heap: `0..=upto`.
    Sequence {
        /// The last heap.
        upto: u64,
    },
    /// Two heaps: rows are first heaps `0..=rows`, columns second heaps `0..=cols`.
    Grid {
        /// The last row.
        rows: u64,
        /// The last column.
        cols: u64,
    },
    /// Three piles (M, N, N): rows M in `m`, columns N in `n` (inclusive ranges).
    Mnn {
        /// Rows.
        m: (u64, u64),
        /// Columns.
        n: (u64, u64),
    },
}

/// What a cell shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CellKind {
    /// The Grundy value (numbers).
    Grundy,
    /// P or N (strings).
    Outcome,
    /// The apple paper's f: 1 when the first player (to move) wins, 0 when the second does.
    F,
}

/// A table to make.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableRequest {
    /// The game.
    pub spec: GameSpec,
    /// The positions.
    pub shape: TableShape,
    /// What each cell shows (misère play shows outcomes only).
    pub kind: CellKind,
    /// Normal or misère play.
    pub play: Play,
    /// Theory, search, or theory where it exists.
    pub method: Method,
}

/// One cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cell {
    /// A Grundy value.
    Grundy(BigUint),
    /// An outcome.
    Outcome(Outcome),
    /// The paper's f: 1 or 0.
    F(bool),
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Cell::Grundy(g) => json::number(g, serializer),
            Cell::Outcome(o) => o.serialize(serializer),
            Cell::F(first_wins) => serializer.serialize_u8(u8::from(*first_wins)),
        }
    }
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Cell::Grundy(g) => write!(f, "{g}"),
            Cell::Outcome(o) => f.write_str(o.as_str()),
            Cell::F(first_wins) => write!(f, "{}", u8::from(*first_wins)),
        }
    }
}

/// The table's axes and cells.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "shape", rename_all = "lowercase")]
pub enum TableBody {
    /// `values[n]` for heaps `n = 0..=upto`.
    Sequence {
        /// The last heap.
        upto: u64,
        /// The cells.
        values: Vec<Cell>,
    },
    /// `cells[r][c]` for the position `(r, c)`.
    Grid {
        /// The last row (first heap).
        rows: u64,
        /// The last column (second heap).
        cols: u64,
        /// The cells, row by row.
        cells: Vec<Vec<Cell>>,
    },
    /// `cells[i][j]` for the position `(m_i, n_j, n_j)`.
    Mnn {
        /// The rows M.
        m: Vec<u64>,
        /// The columns N.
        n: Vec<u64>,
        /// The cells, row by row.
        cells: Vec<Vec<Cell>>,
    },
}

/// A table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableReport {
    /// The game.
    #[serde(flatten)]
    pub game: GameRef,
    /// Normal or misère.
    pub play: Play,
    /// What the cells show.
    pub kind: CellKind,
    /// The axes and cells.
    #[serde(flatten)]
    pub body: TableBody,
}

/// Makes a table.
///
/// # Errors
/// [`ReportError::Invalid`] for a table beyond [`MAX_CELLS`], a shape the game does not have, or
/// Grundy values under misère play; engine errors for cells that cannot be answered within the
/// budget.
pub fn table(request: &TableRequest, budget: &Budget) -> Result<TableReport, ReportError> {
    let kind = if request.play == Play::Misere && request.kind == CellKind::Grundy {
        CellKind::Outcome
    } else {
        request.kind
    };
    let body = match request.shape {
        TableShape::Mnn { m, n } => mnn(request, m, n, kind, budget)?,
        TableShape::Sequence { upto } => {
            check_size(upto.saturating_add(1))?;
            let game = request.spec.build(budget)?;
            let values = (0..=upto)
                .map(|h| cell(game.as_ref(), &[h], request, kind, budget))
                .collect::<Result<_, _>>()?;
            TableBody::Sequence { upto, values }
        }
        TableShape::Grid { rows, cols } => {
            check_size(rows.saturating_add(1).saturating_mul(cols.saturating_add(1)))?;
            let game = request.spec.build(budget)?;
            let cells = (0..=rows)
                .map(|r| (0..=cols).map(|c| cell(game.as_ref(), &[r, c], request, kind, budget)).collect())
                .collect::<Result<_, _>>()?;
            TableBody::Grid { rows, cols, cells }
        }
    };
    Ok(TableReport { game: GameRef::from(&request.spec), play: request.play, kind, body })
}

fn check_size(cells: u64) -> Result<(), ReportError> {
    if cells > MAX_CELLS {
        return invalid(format!(
            "a table has at most {MAX_CELLS} cells (a fixed limit); ask for a smaller range"
        ));
    }
    Ok(())
}

/// One cell by analysis of its position.
fn cell(
    game: &dyn AnyGame,
    heaps: &[u64],
    request: &TableRequest,
    kind: CellKind,
    budget: &Budget,
) -> Result<Cell, ReportError> {
    let numbers: Vec<BigUint> = heaps.iter().map(|&h| BigUint::from(h)).collect();
    let numbers = game.check_position(&numbers)?;
    let query = Query { method: request.method, play: request.play, max_moves: 0 };
    let analysis = game.analyze(&numbers, &query, budget)?;
    Ok(match (kind, analysis.grundy) {
        (CellKind::Grundy, GrundyValue::Value(g)) => Cell::Grundy(g),
        (CellKind::Grundy, _) => {
            return invalid(format!(
                "the Grundy value of {} {} is unknown within the budget; ask for outcomes instead",
                game.name(),
                nimlab_engine::bigint::join(&numbers, " ")
            ))
        }
        (CellKind::Outcome, _) => Cell::Outcome(analysis.outcome),
        (CellKind::F, _) => Cell::F(analysis.outcome == Outcome::N),
    })
}

/// The (M, N, N) table from the dense sorted-triple solver.
fn mnn(
    request: &TableRequest,
    m: (u64, u64),
    n: (u64, u64),
    kind: CellKind,
    budget: &Budget,
) -> Result<TableBody, ReportError> {
    if request.play != Play::Normal {
        return invalid("(M, N, N) tables are for normal play");
    }
    if m.0 > m.1 || n.0 > n.1 {
        return invalid("the ranges of an (M, N, N) table must not be empty");
    }
    let bound = m.1.max(n.1);
    let table = triple_table(&request.spec, bound, budget)?;
    let ms: Vec<u64> = (m.0..=m.1).collect();
    let ns: Vec<u64> = (n.0..=n.1).collect();
    check_size((ms.len() as u64).saturating_mul(ns.len() as u64))?;
    let cells = ms
        .iter()
        .map(|&m| {
            ns.iter()
                .map(|&n| {
                    let g = table.get([m, n, n]).expect("the table covers the range");
                    match kind {
                        CellKind::Grundy => Cell::Grundy(BigUint::from(g)),
                        CellKind::Outcome => Cell::Outcome(if g == 0 { Outcome::P } else { Outcome::N }),
                        CellKind::F => Cell::F(g != 0),
                    }
                })
                .collect()
        })
        .collect();
    Ok(TableBody::Mnn { m: ms, n: ns, cells })
}

fn triple_table(spec: &GameSpec, bound: u64, budget: &Budget) -> Result<TripleTable, ReportError> {
    let task = || format!("the (M, N, N) table of {spec} up to {bound}");
    let stopped = |cause| ReportError::Engine(nimlab_engine::EngineError::Exhausted { task: task(), cause });
    match spec.name() {
        "apple" => Apple::from_params(spec.params())?.triple_table(bound, budget).map_err(stopped),
        "pattern" => PatternGame::from_params(spec.params())?
            .triple_table(bound, budget)
            .map_err(stopped)?
            .ok_or_else(|| {
                ReportError::Invalid(
                    "(M, N, N) tables need three piles and symmetric patterns (one, anyJ, all), at most one \
                     amount range per pattern size"
                        .into(),
                )
            }),
        other => {
            invalid(format!("(M, N, N) tables are for three-pile games (apple, pattern), not '{other}'"))
        }
    }
}
