//! `nimlab table`: values over a range, like the seeds' tables, written while they are produced.
//!
//! Formats (`--format`): `text` (aligned blocks), `csv`, `jsonl` (JSON lines: one object per
//! value of a sequence, `{"n": 5, "value": 3}`, and one per row of a grid, `{"row": 2, "values":
//! [...]}`, or of an (M, N, N) table, `{"m": 3, "values": [...]}`; outcomes as "P"/"N"), and the
//! raw binary formats `u8`, `u16`, `u32`, `u64` (each value an unsigned little-endian integer,
//! row-major, nothing else: `numpy.fromfile(path, dtype='<u2')` reads `u16`; outcomes are 0 for
//! P and 1 for N, f is 1 when the first player wins). Every format streams: memory is the
//! engine path's (a window, a period, the kernel's bitsets) and one chunk, whatever the table's
//! size; the budget (`--budget`, `--timeout`) is the only limit. `--json` gives one JSON report
//! instead, for tables of at most [`MAX_REPORT_CELLS`] cells.

use std::io::Write;

use nimlab_engine::parse_range;
use nimlab_engine::tables::{encode_le, Width};
use nimlab_engine::{Budget, Method};
use nimlab_reports::loopy::LoopyReport;
use nimlab_reports::request::{Answer, Cells, Decided, Question, Request};
use nimlab_reports::table::{
    table_answer, table_output, Cell, CellKind, StreamShape, TableOutput, TableShape, TableStream,
    MAX_REPORT_CELLS,
};

use crate::cmd::loopy::read_graph;
use crate::cmd::{method_parser, play};
use crate::game_args::GameArgs;
use crate::text::play_name;
use crate::{usage, write_json, Context, UsageError};

/// How the table is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    /// Aligned text for reading.
    #[default]
    Text,
    /// Comma-separated values with a header line.
    Csv,
    /// JSON lines: one object per value of a sequence, one per row of a grid.
    Jsonl,
    /// Raw bytes: one unsigned byte per value.
    U8,
    /// Raw little-endian unsigned 16-bit integers.
    U16,
    /// Raw little-endian unsigned 32-bit integers.
    U32,
    /// Raw little-endian unsigned 64-bit integers.
    U64,
}

impl Format {
    fn width(self) -> Option<Width> {
        match self {
            Format::U8 => Some(Width::U8),
            Format::U16 => Some(Width::U16),
            Format::U32 => Some(Width::U32),
            Format::U64 => Some(Width::U64),
            Format::Text | Format::Csv | Format::Jsonl => None,
        }
    }
}

/// Arguments of `nimlab table`.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "Every format is written while the values are produced, from the game's fastest path \
(closed forms, certified periods, the SUB(S) generator, the line kernel for Wythoff's game and two-pile \
take patterns, else every cell from the rules), so tables of 10^8 values stream in a few MB; the work \
budget (--budget, --timeout) is the limit. The raw formats u8, u16, u32, u64 write each value as an \
unsigned little-endian integer, row-major, nothing else (numpy.fromfile(f, dtype='<u2') reads u16); \
outcomes are 0 for P and 1 for N. jsonl writes one JSON object per value of a sequence ({\"n\": 5, \
\"value\": 3}) and one per row of a grid ({\"row\": 2, \"values\": [...]}). --json gives one report of at \
most 1000000 cells.\n\nExamples:\n  nimlab table half --upto 20\n  nimlab table subtraction --set 1,3,4 --upto 30 \
--csv\n  nimlab table subtraction --set 2,3,5,7,101 --upto 100000000 --format u8 > sub.u8\n  nimlab table wythoff \
--rows 3999 --cols 3999 --format u16 > wythoff.u16\n  nimlab table wythoff --rows 10 --cols 10 --outcomes\n  nimlab \
table nim --rows 7 --cols 7 --json\n  nimlab table apple --max 3 --m 1..9 --n 1..9\n  nimlab table fair-shares --upto 5\n  \
nimlab table loopy-pattern --piles 2 --move one:1.. --move all:+1 --cap 3\n  nimlab table cram --board 3xn --upto 12\n  \
nimlab table cram --board mxn --rows 5 --cols 7\n  nimlab table chomp --rectangles --rows 4 --cols 6\n\nA loopy game (positions that repeat: \
fair-shares, loopy-pattern, graph --file G) lists every position reachable from its positions up to --upto N (without \
it, the game's own bound; a graph: every vertex) with its value (a nimber, or ∞(K) with K the finite values of its \
options), its outcome (P, N, or D for a draw) and remoteness, as text or --json."
)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// One-heap games: the sequence for heaps 0..=N.
    #[arg(long, value_name = "N", conflicts_with_all = ["rows", "cols"], value_parser = crate::game_args::count)]
    pub upto: Option<u64>,
    /// Two-heap games: the grid's rows are first heaps 0..=R; a family of graphs in m and n
    /// (--board mxn): its members m = 0..=R.
    #[arg(long, value_name = "R", requires = "cols", value_parser = crate::game_args::count)]
    pub rows: Option<u64>,
    /// Two-heap games: the grid's columns are second heaps 0..=C; a family in m and n: its n.
    #[arg(long, value_name = "C", requires = "rows", value_parser = crate::game_args::count)]
    pub cols: Option<u64>,
    /// Three-pile games (apple, pattern --piles 3): the rows M of an (M, N, N) table, e.g. 1..9.
    #[arg(long, value_name = "A..B", requires = "n", conflicts_with_all = ["upto", "rows", "cols"])]
    pub m: Option<String>,
    /// Three-pile games: the columns N of an (M, N, N) table, e.g. 1..9.
    #[arg(long, value_name = "C..D", requires = "m")]
    pub n: Option<String>,
    /// (M, N, N) tables: Grundy values instead of the paper's 1/0 (first/second player wins).
    #[arg(long, requires = "m", conflicts_with = "outcomes")]
    pub grundy: bool,
    /// Show P/N outcomes instead of Grundy values.
    #[arg(long)]
    pub outcomes: bool,
    /// A game on a board of squares (chomp): the winning first moves of every r x c rectangle,
    /// 1 <= r <= --rows, 1 <= c <= --cols, by search.
    #[arg(long, conflicts_with_all = ["outcomes", "grundy", "csv", "format"])]
    pub rectangles: bool,
    /// Misère play (outcomes only: Grundy values are undefined).
    #[arg(long)]
    pub misere: bool,
    /// Values by closed-form theory (or a certified period), by the generic path from the rules,
    /// or the fastest path (auto).
    #[arg(long, default_value = "auto", value_parser = method_parser())]
    pub method: Method,
    /// Print CSV instead of text (the same as --format csv).
    #[arg(long, conflicts_with = "format")]
    pub csv: bool,
    /// How to write the table: text, csv, jsonl (JSON lines), or raw little-endian binary
    /// u8, u16, u32, u64.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<Format>,
}

/// The work of writing a value, in eighths of a unit (bench/calibrate.sh, docs/reliability.md):
/// text lays each value out in a padded column (about 300 ns a value), CSV and JSON lines write
/// it with `itoa` (about 15 ns); the raw formats cost no more than the values' production.
const TEXT_EIGHTHS: u64 = 16;
/// See [`TEXT_EIGHTHS`].
const CSV_EIGHTHS: u64 = 1;

/// Charges the work of writing `values` values at `eighths` eighths of a unit each.
fn pay_writing(budget: &Budget, values: usize, eighths: u64) -> anyhow::Result<()> {
    let units = (values as u64).saturating_mul(eighths).div_ceil(8);
    budget.charge(units).map_err(|cause| {
        anyhow::Error::from(nimlab_engine::EngineError::Exhausted {
            task: Box::new(nimlab_engine::Task::WriteTable),
            cause,
        })
    })
}

/// Values per raw or CSV write.
const WRITE_CHUNK: usize = 1 << 16;

/// Runs `nimlab table`.
///
/// # Errors
/// Usage errors for bad input (a shape the game does not have, a width the values may not fit,
/// `--json` on a table too large for one report); report errors when the budget stops the table;
/// a value too wide for the format met while writing.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    if args.rectangles {
        return match args.rows.zip(args.cols) {
            Some((rows, cols)) => rectangles(args, rows, cols, cx, out),
            None => usage("--rectangles lists the rectangles up to --rows R and --cols C"),
        };
    }
    let range = |text: &str, flag: &str| parse_range(text).map_err(|e| UsageError(format!("{flag}: {e}")));
    let shape = match (args.upto, args.rows.zip(args.cols), args.m.as_deref().zip(args.n.as_deref())) {
        (Some(upto), _, _) => TableShape::Sequence { upto },
        (None, Some((rows, cols)), _) => TableShape::Grid { rows, cols },
        (None, None, Some((m, n))) => TableShape::Mnn { m: range(m, "--m")?, n: range(n, "--n")? },
        // Every position: a loopy game's table (the reports refuse it for a game that ends).
        _ => TableShape::Positions { upto: None },
    };
    let cells = if args.grundy {
        Cells::Grundy
    } else if args.outcomes {
        Cells::Outcomes
    } else {
        Cells::Usual
    };
    let request = Request {
        play: play(args.misere),
        method: args.method,
        lang: cx.lang,
        ..Request::new(Question::Table { game: args.game.spec()?.into(), shape, cells, period: false })
    };
    let request = match request.decide(&read_graph)? {
        Decided::Table { request, .. } => request,
        // Only a table is asked here; any other answer would be written as its JSON.
        other => return write_json(out, &other.answer(&read_graph, &cx.budget)?),
    };
    let shape = request.shape;
    let format = if args.csv { Format::Csv } else { args.format.unwrap_or_default() };
    if cx.json {
        if args.format.is_some_and(|f| f != Format::Text) || args.csv {
            return usage(
                "--json writes one JSON report: drop --csv or --format (--format jsonl streams JSON lines)",
            );
        }
        if shape.cells() > MAX_REPORT_CELLS {
            return usage(format!(
                "--json writes one report of at most {MAX_REPORT_CELLS} cells (a fixed limit); this table has {}: \
                 stream it with --format jsonl, csv or u8/u16/u32/u64",
                shape.cells()
            ));
        }
        return write_json(out, &table_answer(&request, &read_graph, &cx.budget)?);
    }
    let mut stream = match table_output(&request, &read_graph, &cx.budget)? {
        TableOutput::Stream(stream) => *stream,
        TableOutput::Loopy(report) => {
            if format != Format::Text {
                return usage(format!(
                    "{} is a loopy game: its table lists every position, as text or --json",
                    report.game
                ));
            }
            return super::loopy::write_report(LoopyReport::Table(report), cx, out);
        }
    };
    match format {
        Format::Text => text(&mut stream, &cx.budget, out),
        Format::Csv => csv(&mut stream, &cx.budget, out),
        Format::Jsonl => jsonl(&mut stream, &cx.budget, out),
        Format::U8 | Format::U16 | Format::U32 | Format::U64 => {
            raw(&mut stream, format.width().expect("a raw format has a width"), out)
        }
    }
}

/// `table --rectangles`: every rectangle's winning first moves, as text or `--json`.
fn rectangles(args: &Args, rows: u64, cols: u64, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    let request = Request {
        play: play(args.misere),
        lang: cx.lang,
        ..Request::new(Question::Rectangles { game: args.game.spec()?.into(), rows, cols })
    };
    let report = match request.answer(&read_graph, &cx.budget)? {
        Answer::Rectangles(report) if !cx.json => report,
        // The JSON of the report (only rectangles are asked here).
        answer => return write_json(out, &answer),
    };
    writeln!(
        out,
        "{}: the winning first moves of the r x c rectangles, r <= {}, c <= {} (by search)",
        report.game.game, report.rows, report.cols
    )?;
    for rectangle in &report.rectangles {
        let moves: Vec<&str> = rectangle.winning_moves.iter().map(|m| m.text.as_str()).collect();
        let moves = if moves.is_empty() { "none (P)".to_string() } else { moves.join("; ") };
        writeln!(out, "{} x {}: {moves}", rectangle.rows, rectangle.cols)?;
    }
    Ok(())
}

/// Writes the raw little-endian values; the width is checked against the values' bound up front
/// when the path knows one, and against every value while writing otherwise.
fn raw(stream: &mut TableStream, width: Width, out: &mut dyn Write) -> anyhow::Result<()> {
    if let Some(bound) = stream.value_bound().filter(|&b| b > width.max_value()) {
        return usage(format!(
            "the values of this table may reach {bound} ({}), more than {width} holds (at most {}): use --format {}",
            stream.source().detail,
            width.max_value(),
            Width::narrowest(bound)
        ));
    }
    let mut buffer = Vec::new();
    let mut bytes = Vec::with_capacity(WRITE_CHUNK * width.bytes());
    let sequence = matches!(stream.shape(), StreamShape::Sequence { .. });
    while let Some((first, values)) = stream.next_chunk(&mut buffer)? {
        for (piece, offset) in values.chunks(WRITE_CHUNK).zip((0u64..).step_by(WRITE_CHUNK)) {
            bytes.clear();
            encode_le(piece, width, &mut bytes).map_err(|e| {
                let at = if sequence {
                    format!("heap {}", first + offset + e.index as u64)
                } else {
                    format!("row {first}, column {}", offset + e.index as u64)
                };
                UsageError(format!(
                    "the value {} at {at} does not fit {width} (at most {}): use --format {}",
                    e.value,
                    width.max_value(),
                    Width::narrowest(e.value)
                ))
            })?;
            out.write_all(&bytes)?;
        }
    }
    Ok(())
}

/// Appends `value` in decimal.
fn push_decimal(bytes: &mut Vec<u8>, value: u64) {
    bytes.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
}

/// Appends a cell as CSV and text show it: a number, or P/N.
fn push_cell(bytes: &mut Vec<u8>, kind: CellKind, value: u64) {
    match Cell::from_value(kind, value) {
        Cell::Outcome(o) => bytes.extend_from_slice(o.as_str().as_bytes()),
        _ => push_decimal(bytes, value),
    }
}

/// The column headers of a grid or (M, N, N) table, and the corner's label.
fn columns(shape: &StreamShape) -> (Vec<u64>, &'static str) {
    match shape {
        StreamShape::Grid { cols, .. } => ((0..=*cols).collect(), ""),
        StreamShape::Mnn { n, .. } => (n.clone(), "M\\N"),
        StreamShape::Sequence { .. } => (Vec::new(), ""),
    }
}

fn csv(stream: &mut TableStream, budget: &Budget, out: &mut dyn Write) -> anyhow::Result<()> {
    let kind = stream.kind();
    let sequence = matches!(stream.shape(), StreamShape::Sequence { .. });
    let mut bytes = Vec::new();
    if sequence {
        let name = match kind {
            CellKind::Grundy => "grundy",
            CellKind::Outcome => "outcome",
            CellKind::F => "f",
        };
        writeln!(out, "n,{name}")?;
    } else {
        let (columns, corner) = columns(stream.shape());
        let corner = if corner.is_empty() { "row\\col" } else { corner };
        let header: Vec<String> = columns.iter().map(u64::to_string).collect();
        writeln!(out, "{corner},{}", header.join(","))?;
    }
    let mut buffer = Vec::new();
    while let Some((first, values)) = stream.next_chunk(&mut buffer)? {
        pay_writing(budget, values.len(), CSV_EIGHTHS)?;
        if sequence {
            for (piece, start) in values.chunks(WRITE_CHUNK).zip((first..).step_by(WRITE_CHUNK)) {
                bytes.clear();
                for (n, &v) in (start..).zip(piece) {
                    push_decimal(&mut bytes, n);
                    bytes.push(b',');
                    push_cell(&mut bytes, kind, v);
                    bytes.push(b'\n');
                }
                out.write_all(&bytes)?;
            }
        } else {
            bytes.clear();
            push_decimal(&mut bytes, first);
            for &v in values {
                bytes.push(b',');
                push_cell(&mut bytes, kind, v);
            }
            bytes.push(b'\n');
            out.write_all(&bytes)?;
        }
    }
    Ok(())
}

/// Appends a cell as JSON: a number, or "P"/"N".
fn push_json_cell(bytes: &mut Vec<u8>, kind: CellKind, value: u64) {
    match Cell::from_value(kind, value) {
        Cell::Outcome(o) => {
            bytes.push(b'"');
            bytes.extend_from_slice(o.as_str().as_bytes());
            bytes.push(b'"');
        }
        _ => push_decimal(bytes, value),
    }
}

fn jsonl(stream: &mut TableStream, budget: &Budget, out: &mut dyn Write) -> anyhow::Result<()> {
    let kind = stream.kind();
    let label: &[u8] = match stream.shape() {
        StreamShape::Sequence { .. } => b"",
        StreamShape::Grid { .. } => b"{\"row\":",
        StreamShape::Mnn { .. } => b"{\"m\":",
    };
    let mut buffer = Vec::new();
    let mut bytes = Vec::new();
    while let Some((first, values)) = stream.next_chunk(&mut buffer)? {
        pay_writing(budget, values.len(), CSV_EIGHTHS)?;
        if label.is_empty() {
            for (piece, start) in values.chunks(WRITE_CHUNK).zip((first..).step_by(WRITE_CHUNK)) {
                bytes.clear();
                for (n, &v) in (start..).zip(piece) {
                    bytes.extend_from_slice(b"{\"n\":");
                    push_decimal(&mut bytes, n);
                    bytes.extend_from_slice(b",\"value\":");
                    push_json_cell(&mut bytes, kind, v);
                    bytes.extend_from_slice(b"}\n");
                }
                out.write_all(&bytes)?;
            }
        } else {
            bytes.clear();
            bytes.extend_from_slice(label);
            push_decimal(&mut bytes, first);
            bytes.extend_from_slice(b",\"values\":[");
            for (i, &v) in values.iter().enumerate() {
                if i > 0 {
                    bytes.push(b',');
                }
                push_json_cell(&mut bytes, kind, v);
            }
            bytes.extend_from_slice(b"]}\n");
            out.write_all(&bytes)?;
        }
    }
    Ok(())
}

fn kind_words(kind: CellKind) -> &'static str {
    match kind {
        CellKind::Grundy => "Grundy values",
        CellKind::Outcome => "outcomes (P: the player to move loses)",
        CellKind::F => "f (1: the first player wins, 0: the second player wins)",
    }
}

/// The number of characters of `n` in decimal.
fn digits(n: u64) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// The width of a cell in text: outcomes one letter, numbers up to the values' bound (or, when
/// no bound is known, up to the largest `u64`).
fn cell_width(stream: &TableStream) -> usize {
    match stream.kind() {
        CellKind::Outcome | CellKind::F => 1,
        CellKind::Grundy => digits(stream.value_bound().unwrap_or(u64::MAX)),
    }
}

fn cell_text(kind: CellKind, value: u64) -> String {
    Cell::from_value(kind, value).to_string()
}

/// Writes the text form. Columns are as wide as the values' bound (known before the values) and
/// the labels need, so that the table can be written while it is produced.
fn text(stream: &mut TableStream, budget: &Budget, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = &stream.game().game;
    let misere = if stream.play() == nimlab_engine::Play::Misere {
        format!(" ({} play)", play_name(stream.play()))
    } else {
        String::new()
    };
    let kind = stream.kind();
    let what = kind_words(kind);
    let cell = cell_width(stream);
    match stream.shape().clone() {
        StreamShape::Sequence { upto } => {
            let index = if stream.of_members() { "the family's members n = " } else { "heaps " };
            writeln!(out, "{game}: {what} for {index}0..={upto}{misere}")?;
            let width = cell.max(digits(upto));
            let label = if kind == CellKind::Grundy { "G(n)" } else { "" };
            let mut block: Vec<(u64, u64)> = Vec::with_capacity(20);
            let flush = |block: &mut Vec<(u64, u64)>, out: &mut dyn Write| -> anyhow::Result<()> {
                let ns: Vec<String> = block.iter().map(|(n, _)| format!("{n:>width$}")).collect();
                writeln!(out, "n     {}", ns.join(" "))?;
                let vs: Vec<String> =
                    block.iter().map(|&(_, v)| format!("{:>width$}", cell_text(kind, v))).collect();
                writeln!(out, "{label:<5} {}", vs.join(" "))?;
                block.clear();
                Ok(())
            };
            let mut buffer = Vec::new();
            while let Some((first, values)) = stream.next_chunk(&mut buffer)? {
                pay_writing(budget, values.len(), TEXT_EIGHTHS)?;
                for (n, &v) in (first..).zip(values) {
                    block.push((n, v));
                    if block.len() == 20 {
                        flush(&mut block, out)?;
                    }
                }
            }
            if !block.is_empty() {
                flush(&mut block, out)?;
            }
        }
        shape => {
            let (columns, corner) = columns(&shape);
            let (label_width, first_line) = match &shape {
                StreamShape::Grid { rows, cols } => (digits(*rows), {
                    let (row, col) = if stream.of_members() {
                        ("the members' m =", "n =")
                    } else {
                        ("first heap", "second heap")
                    };
                    format!("{game}: {what}, rows = {row} 0..={rows}, columns = {col} 0..={cols}{misere}")
                }),
                StreamShape::Mnn { m, n } => (
                    m.iter().copied().map(digits).max().unwrap_or(1),
                    format!(
                        "{game}: {what} of (M, N, N); rows M = {}..={}, columns N = {}..={}",
                        m[0],
                        m[m.len() - 1],
                        n[0],
                        n[n.len() - 1]
                    ),
                ),
                StreamShape::Sequence { .. } => unreachable!("sequences are written above"),
            };
            writeln!(out, "{first_line}")?;
            let width = columns.iter().copied().map(digits).max().unwrap_or(1).max(cell);
            let label = label_width.max(corner.len());
            let header: Vec<String> = columns.iter().map(|c| format!("{c:>width$}")).collect();
            let header = header.join(" ");
            writeln!(out, "{corner:>label$} | {header}")?;
            writeln!(out, "{}-+-{}", "-".repeat(label), "-".repeat(header.len()))?;
            let mut buffer = Vec::new();
            while let Some((row, values)) = stream.next_chunk(&mut buffer)? {
                pay_writing(budget, values.len(), TEXT_EIGHTHS)?;
                let vs: Vec<String> =
                    values.iter().map(|&v| format!("{:>width$}", cell_text(kind, v))).collect();
                writeln!(out, "{row:>label$} | {}", vs.join(" "))?;
            }
        }
    }
    Ok(())
}
