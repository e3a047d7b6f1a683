//! `table`: values over a range of positions, as the seeds print them: a one-heap sequence, a
//! two-heap grid, or the apple paper's table of (M, N, N) positions.
//!
//! Sequences and grids come from the engine's table path ([`nimlab_engine::AnyGame::sequence`],
//! [`nimlab_engine::AnyGame::grid`]: the ruleset's fastest path, streamed and charged to the budget as it is
//! produced); (M, N, N) tables from the dense sorted-triple solver. [`table_stream`] hands the
//! cells out chunk by chunk (memory: one chunk, whatever the table's size), for output of any
//! size; [`table`] collects them into one [`TableReport`] of at most [`MAX_REPORT_CELLS`] cells.

use nimlab_engine::not_answered;
use nimlab_engine::periodicity::{observed_period, Evidence};
use nimlab_engine::tables::{
    Grid, GridRequest, PeriodSpan, Sequence, SequenceRequest, TableBasis, TableMethod, TableValues, N_CELL,
    P_CELL,
};
use nimlab_engine::TripleTable;
use nimlab_engine::{AnyGame, Budget, EngineError, GameId, Lang, Method, Outcome, Play, Research, Task};
use serde::{Deserialize, Serialize, Serializer};

use crate::error::{invalid, CommandError};
use crate::loopy::{
    loopy, loopy_built, no_files, LoopyGame, LoopyReport, LoopyRequest, LoopyTableReport, ReadFile,
};
use crate::position::{registered, GameRef};
use crate::ReportError;

/// The most cells a [`TableReport`] holds in memory: a fixed limit of the one-object report
/// (JSON of a million numbers is a few MB); larger tables are streamed ([`table_stream`]).
pub const MAX_REPORT_CELLS: u64 = 1_000_000;

/// Values of a sequence handed out per chunk by [`TableStream::next_chunk`].
pub const SEQUENCE_CHUNK: usize = 1 << 16;

/// Which positions a table covers (serde: `{"sequence": {"upto": 20}}`, `{"grid": {"rows": 3,
/// "cols": 4}}`, `{"mnn": {"m": [1, 9], "n": [1, 9]}}`, `{"positions": {"upto": null}}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
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
    /// Every position of a loopy game (capability `loopy`) reachable from its verification
    /// positions up to `upto` (the declaration's bound when `None`; a graph: every vertex). A
    /// loopy game's table takes [`TableShape::Sequence`]'s `upto` the same way; a game that ends
    /// needs a range.
    Positions {
        /// The bound of the positions the table starts from.
        upto: Option<u64>,
    },
}

impl TableShape {
    /// The number of cells, saturated.
    pub fn cells(&self) -> u64 {
        let count = |(low, high): (u64, u64)| high.saturating_sub(low).saturating_add(1);
        match *self {
            TableShape::Sequence { upto } => upto.saturating_add(1),
            TableShape::Grid { rows, cols } => rows.saturating_add(1).saturating_mul(cols.saturating_add(1)),
            TableShape::Mnn { m, n } => count(m).saturating_mul(count(n)),
            // Not known before the positions are explored: the budget bounds them.
            TableShape::Positions { .. } => 0,
        }
    }
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

impl CellKind {
    /// What a table shows when its caller asks for outcomes (`outcomes`) or not, in `play`:
    /// outcomes when asked, and always in misère play, where Grundy values are undefined;
    /// Grundy values otherwise. The one home of this rule: every surface asks it.
    pub fn asked(outcomes: bool, play: Play) -> CellKind {
        if outcomes || play == Play::Misere {
            CellKind::Outcome
        } else {
            CellKind::Grundy
        }
    }

    /// The values the engine computes for cells of this kind: Grundy values, or outcomes (which
    /// the apple paper's f is too).
    pub fn values(self) -> TableValues {
        match self {
            CellKind::Grundy => TableValues::Grundy,
            CellKind::Outcome | CellKind::F => TableValues::Outcomes,
        }
    }
}

/// A table to make.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableRequest {
    /// The game.
    pub spec: GameId,
    /// The positions.
    pub shape: TableShape,
    /// What each cell shows (misère play shows outcomes only).
    pub kind: CellKind,
    /// Normal or misère play.
    pub play: Play,
    /// Theory (a closed form or certified period), search (every cell from the rules), or the
    /// fastest path.
    pub method: Method,
}

/// One cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    /// A Grundy value.
    Grundy(u64),
    /// An outcome.
    Outcome(Outcome),
    /// The paper's f: 1 or 0.
    F(bool),
}

impl Cell {
    /// The cell of a raw value as [`TableStream`] hands it out: a Grundy value, or
    /// [`P_CELL`]/[`N_CELL`] for outcomes and f (N: the first player wins).
    pub fn from_value(kind: CellKind, value: u64) -> Cell {
        match kind {
            CellKind::Grundy => Cell::Grundy(value),
            CellKind::Outcome => Cell::Outcome(if value == P_CELL { Outcome::P } else { Outcome::N }),
            CellKind::F => Cell::F(value == N_CELL),
        }
    }

    /// The raw value of the cell: the inverse of [`Cell::from_value`].
    pub fn value(&self) -> u64 {
        match self {
            Cell::Grundy(g) => *g,
            Cell::Outcome(o) => {
                if *o == Outcome::P {
                    P_CELL
                } else {
                    N_CELL
                }
            }
            Cell::F(first_wins) => {
                if *first_wins {
                    N_CELL
                } else {
                    P_CELL
                }
            }
        }
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Cell::Grundy(g) => serializer.serialize_u64(*g),
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

/// Whether a table's values are theory or computed from the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BasisKind {
    /// A closed form or a certified period.
    Theory,
    /// Computed from the rules: a generator, a kernel, the dense path, search.
    Search,
}

/// How a table's cells are computed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableSource {
    /// Theory or computed.
    pub basis: BasisKind,
    /// The engine's method: `closed-form`, `certified-period`, `stream`, `line-kernel`, `dense`
    /// or `search`.
    pub method: TableMethod,
    /// What the method uses, e.g. "Bash: G(n) = n mod 4".
    pub detail: String,
    /// The certified period the path follows, for a one-heap table of Grundy values (shown by
    /// [`TableReport::with_period`]; not a field of the table's JSON).
    #[serde(skip)]
    pub certified_period: Option<PeriodSpan>,
}

impl TableSource {
    fn of(basis: &TableBasis, kind: CellKind) -> Self {
        let basis_kind = if basis.method.is_theory() { BasisKind::Theory } else { BasisKind::Search };
        TableSource {
            basis: basis_kind,
            method: basis.method,
            detail: basis.detail.clone(),
            // An outcome sequence repeats with the Grundy period, but may have a shorter one.
            certified_period: basis.certified_period.filter(|_| kind == CellKind::Grundy),
        }
    }
}

/// A periodic tail of a one-heap sequence: values repeat with `period` from `preperiod` on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SeenPeriod {
    /// Where the periodic part starts.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
    /// True when the engine certified it (the table's path follows a certified period); false
    /// when it is only the least period the values show (over at least three periods).
    pub certified: bool,
}

/// What a shown sequence's observed period must show: a plain period over at least three periods.
pub const SEEN: Evidence = Evidence { periods: 3, saltus: false };

impl SeenPeriod {
    /// The certified period when there is one, otherwise the period the `len` values `x(n)` show
    /// ([`SEEN`]; see [`observed_period`] for its cost).
    pub fn of(certified: Option<PeriodSpan>, len: usize, x: impl Fn(usize) -> u64) -> Option<SeenPeriod> {
        match certified {
            Some(PeriodSpan { preperiod, period }) => Some(SeenPeriod { preperiod, period, certified: true }),
            None => observed_period(len, x, SEEN).map(|p| SeenPeriod {
                preperiod: p.preperiod,
                period: p.period,
                certified: false,
            }),
        }
    }
}

/// A sequence table with its period (null when none is certified or seen, and for other
/// shapes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableWithPeriod {
    /// The table.
    #[serde(flatten)]
    pub table: TableReport,
    /// Its period.
    pub period: Option<SeenPeriod>,
}

impl TableReport {
    /// The table with its period, as the playground's sequence panel shows it.
    pub fn with_period(self) -> TableWithPeriod {
        let period = match &self.body {
            TableBody::Sequence { values, .. } => {
                SeenPeriod::of(self.source.certified_period, values.len(), |n| values[n].value())
            }
            _ => None,
        };
        TableWithPeriod { table: self, period }
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
    /// How the cells are computed: `basis`, `method`, `detail`.
    #[serde(flatten)]
    pub source: TableSource,
    /// The axes and cells.
    #[serde(flatten)]
    pub body: TableBody,
}

/// The axes of a streamed table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StreamShape {
    /// Heaps `0..=upto`; chunks are runs of consecutive heaps.
    Sequence {
        /// The last heap.
        upto: u64,
    },
    /// Rows `0..=rows` of columns `0..=cols`; chunks are rows.
    Grid {
        /// The last row.
        rows: u64,
        /// The last column.
        cols: u64,
    },
    /// Rows M of the positions `(M, N, N)` for the columns N; chunks are rows.
    Mnn {
        /// The rows M.
        m: Vec<u64>,
        /// The columns N.
        n: Vec<u64>,
    },
}

enum Producer {
    Sequence(Sequence),
    Grid(Grid),
    Mnn { table: TripleTable, next: usize },
}

/// A table being produced chunk by chunk: what it is ([`TableStream::game`],
/// [`TableStream::kind`], [`TableStream::shape`], [`TableStream::source`]) and its cells as raw
/// values ([`Cell::from_value`] says how to read them).
pub struct TableStream {
    game: GameRef,
    play: Play,
    kind: CellKind,
    source: TableSource,
    value_bound: Option<u64>,
    shape: StreamShape,
    producer: Producer,
    members: bool,
}

impl TableStream {
    /// True when a sequence's `n` (a grid's `m` and `n`) numbers the members of a family (a
    /// family of graphs), not heaps: the game's positions are not heaps.
    pub fn of_members(&self) -> bool {
        self.members
    }

    /// The game.
    pub fn game(&self) -> &GameRef {
        &self.game
    }

    /// Normal or misère.
    pub fn play(&self) -> Play {
        self.play
    }

    /// What the cells show.
    pub fn kind(&self) -> CellKind {
        self.kind
    }

    /// How the cells are computed.
    pub fn source(&self) -> &TableSource {
        &self.source
    }

    /// The axes.
    pub fn shape(&self) -> &StreamShape {
        &self.shape
    }

    /// A proven upper bound on every value, known before they are computed (1 for outcomes and
    /// f), when the path knows one.
    pub fn value_bound(&self) -> Option<u64> {
        self.value_bound
    }

    /// The next chunk, written into `buffer`: `(first, values)` where `first` is the first heap
    /// of a run of a sequence, or the label of a row (the first heap `r`, or `M`); `None` when
    /// the table is complete.
    ///
    /// # Errors
    /// [`ReportError::Table`] when the budget, the deadline or a cancellation stops the table.
    pub fn next_chunk<'b>(
        &mut self,
        buffer: &'b mut Vec<u64>,
    ) -> Result<Option<(u64, &'b [u64])>, ReportError> {
        match &mut self.producer {
            Producer::Sequence(sequence) => {
                buffer.resize(SEQUENCE_CHUNK, 0);
                let first = sequence.next_heap();
                let count = sequence.fill(buffer)?;
                Ok((count > 0).then(|| (first, &buffer[..count])))
            }
            Producer::Grid(grid) => {
                buffer.resize(grid.row_len(), 0);
                Ok(grid.next_row(buffer)?.map(|r| (r, &buffer[..])))
            }
            Producer::Mnn { table, next } => {
                let StreamShape::Mnn { m, n } = &self.shape else {
                    unreachable!("an (M, N, N) producer has its shape")
                };
                let Some(&row) = m.get(*next) else { return Ok(None) };
                *next += 1;
                buffer.clear();
                buffer.extend(n.iter().map(|&n| {
                    let g = table.get([row, n, n]).expect("the table covers the range");
                    match self.kind {
                        CellKind::Grundy => u64::from(g),
                        CellKind::Outcome | CellKind::F => {
                            if g == 0 {
                                P_CELL
                            } else {
                                N_CELL
                            }
                        }
                    }
                }));
                Ok(Some((row, &buffer[..])))
            }
        }
    }

    /// Every remaining cell in one report.
    ///
    /// # Errors
    /// As for [`TableStream::next_chunk`].
    fn collect(mut self) -> Result<TableReport, ReportError> {
        let kind = self.kind;
        let mut buffer = Vec::new();
        let mut rows: Vec<Vec<Cell>> = Vec::new();
        while let Some((_, values)) = self.next_chunk(&mut buffer)? {
            rows.push(values.iter().map(|&v| Cell::from_value(kind, v)).collect());
        }
        let body = match self.shape {
            StreamShape::Sequence { upto } => TableBody::Sequence { upto, values: rows.concat() },
            StreamShape::Grid { rows: last, cols } => TableBody::Grid { rows: last, cols, cells: rows },
            StreamShape::Mnn { m, n } => TableBody::Mnn { m, n, cells: rows },
        };
        Ok(TableReport { game: self.game, play: self.play, kind, source: self.source, body })
    }
}

/// The cells misère play can show: outcomes for Grundy values.
fn effective_kind(request: &TableRequest) -> CellKind {
    if request.play == Play::Misere && request.kind == CellKind::Grundy {
        CellKind::Outcome
    } else {
        request.kind
    }
}

/// Starts a table of any size: nothing is computed beyond what the path holds (a window, a
/// period, the kernel's bitsets, a dense table) until [`TableStream::next_chunk`] asks.
///
/// # Errors
/// [`ReportError::Table`] for a shape the game does not have, Grundy values under misère play,
/// theory asked for where there is none, or memory beyond the budget; engine errors when the
/// game cannot be built; [`ReportError::Invalid`] for an (M, N, N) table the game cannot make.
pub fn table_stream(request: &TableRequest, budget: &Budget) -> Result<TableStream, ReportError> {
    let game = registered(&request.spec)?.build(budget)?;
    table_stream_of(game.as_ref(), request, budget)
}

/// [`table_stream`] on a game already built (`request.spec` is `game`'s spec): the path the
/// Python module takes, for games defined in Python too.
///
/// # Errors
/// As [`table_stream`].
pub fn table_stream_of(
    game: &dyn AnyGame,
    request: &TableRequest,
    budget: &Budget,
) -> Result<TableStream, ReportError> {
    let kind = effective_kind(request);
    let values = kind.values();
    let (shape, producer, source, value_bound) = match request.shape {
        TableShape::Mnn { m, n } => {
            let (ms, ns, table) = mnn(game, request, m, n, budget)?;
            let bound = match kind {
                CellKind::Grundy => ms
                    .iter()
                    .flat_map(|&m| ns.iter().map(move |&n| (m, n)))
                    .filter_map(|(m, n)| table.get([m, n, n]))
                    .max()
                    .map(u64::from),
                CellKind::Outcome | CellKind::F => Some(N_CELL),
            };
            let source = TableSource {
                basis: BasisKind::Search,
                method: TableMethod::Dense,
                detail: format!("the dense sorted-triple solver of {} up to {}", request.spec, m.1.max(n.1)),
                certified_period: None,
            };
            (StreamShape::Mnn { m: ms, n: ns }, Producer::Mnn { table, next: 0 }, source, bound)
        }
        TableShape::Sequence { upto } => {
            let sequence_request = SequenceRequest {
                method: request.method,
                ..SequenceRequest::new(upto, values, request.play)
            };
            let sequence = game.sequence(&sequence_request, budget)?;
            let (source, bound) = (TableSource::of(sequence.basis(), kind), sequence.basis().value_bound);
            (StreamShape::Sequence { upto }, Producer::Sequence(sequence), source, bound)
        }
        TableShape::Positions { .. } => return invalid(CommandError::TableNeedsRange),
        TableShape::Grid { rows, cols } => {
            let grid_request =
                GridRequest { method: request.method, ..GridRequest::new(rows, cols, values, request.play) };
            let grid = game.grid(&grid_request, budget)?;
            let (source, bound) = (TableSource::of(grid.basis(), kind), grid.basis().value_bound);
            (StreamShape::Grid { rows, cols }, Producer::Grid(grid), source, bound)
        }
    };
    let value_bound = if kind == CellKind::Grundy { value_bound } else { Some(N_CELL) };
    Ok(TableStream {
        game: GameRef::from(&request.spec),
        play: request.play,
        kind,
        source,
        value_bound,
        shape,
        producer,
        members: game.not_heaps().is_some(),
    })
}

/// Makes a table of at most [`MAX_REPORT_CELLS`] cells in one report.
///
/// # Errors
/// [`ReportError::Invalid`] for a table beyond [`MAX_REPORT_CELLS`]; otherwise as
/// [`table_stream`], and when the budget stops the table.
pub fn table(request: &TableRequest, budget: &Budget) -> Result<TableReport, ReportError> {
    if request.shape.cells() > MAX_REPORT_CELLS {
        return invalid(CommandError::TableTooLarge { max: MAX_REPORT_CELLS });
    }
    table_stream(request, budget)?.collect()
}

/// [`table`] on a game already built (`request.spec` is `game`'s spec).
///
/// # Errors
/// As [`table`].
pub fn table_of(
    game: &dyn AnyGame,
    request: &TableRequest,
    budget: &Budget,
) -> Result<TableReport, ReportError> {
    if request.shape.cells() > MAX_REPORT_CELLS {
        return invalid(CommandError::TableTooLarge { max: MAX_REPORT_CELLS });
    }
    table_stream_of(game, request, budget)?.collect()
}

/// A table: the values of a game that ends ([`TableReport`]), or every position of a loopy game
/// with its value ∞(K) or nimber, outcome (P, N or D) and remoteness ([`LoopyTableReport`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum TableAnswer {
    /// A game that ends.
    Values(TableReport),
    /// A loopy game.
    Loopy(LoopyTableReport),
}

impl TableAnswer {
    /// A sequence table with its period ([`TableReport::with_period`]); a loopy table as it is.
    pub fn with_period(self) -> TableAnswerWithPeriod {
        match self {
            TableAnswer::Values(t) => TableAnswerWithPeriod::Values(t.with_period()),
            TableAnswer::Loopy(t) => TableAnswerWithPeriod::Loopy(t),
        }
    }
}

/// [`TableAnswer`] with a sequence's period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum TableAnswerWithPeriod {
    /// A game that ends.
    Values(TableWithPeriod),
    /// A loopy game (no period).
    Loopy(LoopyTableReport),
}

/// A table to write: streamed values of a game that ends, or a loopy game's table, whole (its
/// positions are explored and analysed together).
pub enum TableOutput {
    /// A game that ends.
    Stream(Box<TableStream>),
    /// A loopy game.
    Loopy(LoopyTableReport),
}

/// The table of a loopy game (the capability `loopy`), by the loopy engine; `None` for a game
/// that ends. `built`: the game already built (a graph game cannot be: `read` gives its file).
fn loopy_table(
    request: &TableRequest,
    built: Option<&dyn AnyGame>,
    read: ReadFile<'_>,
    budget: &Budget,
) -> Result<Option<LoopyTableReport>, ReportError> {
    // A caller's game declares no loopy positions: its table is the search's.
    let Some(spec) = request.spec.registered().filter(|spec| spec.info().capabilities.loopy.is_some()) else {
        return Ok(None);
    };
    let upto = match request.shape {
        TableShape::Sequence { upto } => Some(upto),
        TableShape::Positions { upto } => upto,
        TableShape::Grid { .. } | TableShape::Mnn { .. } => {
            return invalid(CommandError::LoopyGrid { game: spec.name().to_string() })
        }
    };
    // A table's rows hold no reason, so its language does not matter.
    let report = match built {
        Some(game) => loopy_built(game, &[], upto, request.play, Lang::En, budget)?,
        None => {
            let Some(game) = LoopyGame::of_spec(spec, upto, read)? else { return Ok(None) };
            loopy(&LoopyRequest { game, tokens: Vec::new(), play: request.play, lang: Lang::En }, budget)?
        }
    };
    match report {
        LoopyReport::Table(t) => Ok(Some(t)),
        LoopyReport::Solve(_) => invalid(CommandError::LoopyTableTokens),
    }
}

/// The table `request` asks for, of any game: a loopy game's every position, else [`table`].
/// `read` reads a graph game's file (the command line's reader, or [`crate::loopy::no_files`]).
///
/// # Errors
/// As [`table`]; for a loopy game, a grid or (M, N, N) shape, a bad graph file, or the budget.
pub fn table_answer(
    request: &TableRequest,
    read: ReadFile<'_>,
    budget: &Budget,
) -> Result<TableAnswer, ReportError> {
    match loopy_table(request, None, read, budget)? {
        Some(t) => Ok(TableAnswer::Loopy(t)),
        None => Ok(TableAnswer::Values(table(request, budget)?)),
    }
}

/// [`table_answer`] on a game already built (`request.spec` is `game`'s spec).
///
/// # Errors
/// As [`table_answer`].
pub fn table_answer_of(
    game: &dyn AnyGame,
    request: &TableRequest,
    budget: &Budget,
) -> Result<TableAnswer, ReportError> {
    match loopy_table(request, Some(game), &no_files, budget)? {
        Some(t) => Ok(TableAnswer::Loopy(t)),
        None => Ok(TableAnswer::Values(table_of(game, request, budget)?)),
    }
}

/// The table to write: a loopy game's whole, or a stream ([`table_stream`]).
///
/// # Errors
/// As [`table_answer`] and [`table_stream`].
pub fn table_output(
    request: &TableRequest,
    read: ReadFile<'_>,
    budget: &Budget,
) -> Result<TableOutput, ReportError> {
    match loopy_table(request, None, read, budget)? {
        Some(t) => Ok(TableOutput::Loopy(t)),
        None => Ok(TableOutput::Stream(Box::new(table_stream(request, budget)?))),
    }
}

/// The (M, N, N) table's rows, columns and the dense sorted-triple solver's table.
fn mnn(
    game: &dyn AnyGame,
    request: &TableRequest,
    m: (u64, u64),
    n: (u64, u64),
    budget: &Budget,
) -> Result<(Vec<u64>, Vec<u64>, TripleTable), ReportError> {
    if request.play != Play::Normal {
        return invalid(CommandError::MnnNormalPlay);
    }
    if m.0 > m.1 || n.0 > n.1 {
        return invalid(CommandError::MnnEmptyRange);
    }
    let bound = m.1.max(n.1);
    let table = triple_table(game, bound, budget)?;
    Ok(((m.0..=m.1).collect(), (n.0..=n.1).collect(), table))
}

fn triple_table(game: &dyn AnyGame, bound: u64, budget: &Budget) -> Result<TripleTable, ReportError> {
    let spec = game.spec();
    if !spec.capabilities().answers(Research::TripleTable) {
        return Err(not_answered(Research::TripleTable, spec.name()).into());
    }
    let task = || Task::TripleTable { game: spec.to_string(), bound };
    let stopped = |cause| ReportError::Engine(EngineError::Exhausted { task: Box::new(task()), cause });
    game.triple_table(bound, budget)
        .map_err(stopped)?
        .ok_or(ReportError::Invalid(CommandError::MnnUnsupported))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(spec: &str, shape: TableShape, kind: CellKind, method: Method) -> TableRequest {
        TableRequest { spec: spec.parse().unwrap(), shape, kind, play: Play::Normal, method }
    }

    #[test]
    fn sequences_and_grids_come_from_the_table_path() {
        let budget = Budget::default();
        let sequence =
            request("bash --max 2", TableShape::Sequence { upto: 7 }, CellKind::Grundy, Method::Auto);
        let report = table(&sequence, &budget).unwrap();
        assert_eq!(report.source.basis, BasisKind::Theory);
        assert_eq!(report.source.method, TableMethod::ClosedForm);
        let TableBody::Sequence { values, .. } = &report.body else { panic!("{report:?}") };
        assert_eq!(values, &[0, 1, 2, 0, 1, 2, 0, 1].map(Cell::Grundy));
        let grid =
            request("wythoff", TableShape::Grid { rows: 40, cols: 40 }, CellKind::Grundy, Method::Auto);
        let report = table(&grid, &budget).unwrap();
        assert_eq!((report.source.basis, report.source.method), (BasisKind::Search, TableMethod::LineKernel));
        let searched = table(&TableRequest { method: Method::Search, ..grid }, &budget).unwrap();
        assert_eq!(searched.source.method, TableMethod::Dense);
        assert_eq!(searched.body, report.body);
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["basis"], "search");
        assert_eq!(json["method"], "line-kernel");
        assert_eq!(json["shape"], "grid");
    }

    #[test]
    fn mnn_tables_stream_their_rows() {
        let budget = Budget::default();
        let mnn =
            request("apple --max 3", TableShape::Mnn { m: (3, 5), n: (1, 3) }, CellKind::F, Method::Auto);
        let mut stream = table_stream(&mnn, &budget).unwrap();
        assert_eq!(stream.value_bound(), Some(1));
        let mut buffer = Vec::new();
        let mut labels = Vec::new();
        while let Some((m, values)) = stream.next_chunk(&mut buffer).unwrap() {
            assert_eq!(values.len(), 3);
            labels.push(m);
        }
        assert_eq!(labels, [3, 4, 5]);
    }

    #[test]
    fn large_tables_are_streamed_not_reported() {
        let budget = Budget::default();
        let big =
            request("nim", TableShape::Sequence { upto: MAX_REPORT_CELLS }, CellKind::Grundy, Method::Auto);
        let err = table(&big, &budget).unwrap_err();
        assert!(err.is_usage() && err.to_string().contains("larger tables are streamed"), "{err}");
        let mut stream = table_stream(&big, &budget).unwrap();
        let mut buffer = Vec::new();
        let mut count = 0;
        while let Some((first, values)) = stream.next_chunk(&mut buffer).unwrap() {
            assert_eq!(first, count);
            assert!(values.iter().zip(first..).all(|(&v, n)| v == n));
            count += values.len() as u64;
        }
        assert_eq!(count, MAX_REPORT_CELLS + 1);
    }

    #[test]
    fn theory_is_refused_where_the_table_has_none() {
        let budget = Budget::default();
        let wythoff =
            request("wythoff", TableShape::Grid { rows: 20, cols: 20 }, CellKind::Grundy, Method::Theory);
        let err = table(&wythoff, &budget).err().unwrap();
        assert!(err.is_no_theory(), "{err}");
        let outcomes = TableRequest { kind: CellKind::Outcome, ..wythoff };
        assert_eq!(table(&outcomes, &budget).unwrap().source.basis, BasisKind::Theory);
    }
}
