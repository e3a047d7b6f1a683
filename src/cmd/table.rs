//! `nimlab table`: values over a range, like the seeds' tables.

use std::io::Write;

use nimlab_engine::spec::grammar::parse_range;
use nimlab_reports::table::{table, Cell, CellKind, TableBody, TableReport, TableRequest, TableShape};

use crate::cmd::{play, MethodArg};
use crate::game_args::GameArgs;
use crate::text::play_name;
use crate::{usage, write_json, Context, UsageError};

/// Arguments of `nimlab table`.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "Examples:\n  nimlab table half --upto 20\n  nimlab table subtraction --set 1,3,4 --upto 30 --csv\n  nimlab table wythoff --rows 10 --cols 10 --outcomes\n  nimlab table nim --rows 7 --cols 7 --json\n  nimlab table apple --max 3 --m 1..9 --n 1..9"
)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// One-heap games: the sequence for heaps 0..=N.
    #[arg(long, value_name = "N", conflicts_with_all = ["rows", "cols"], value_parser = crate::game_args::count)]
    pub upto: Option<u64>,
    /// Two-heap games: the grid's rows are first heaps 0..=R.
    #[arg(long, value_name = "R", requires = "cols", value_parser = crate::game_args::count)]
    pub rows: Option<u64>,
    /// Two-heap games: the grid's columns are second heaps 0..=C.
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
    /// Misère play (outcomes only: Grundy values are undefined).
    #[arg(long)]
    pub misere: bool,
    /// Answer by closed-form theory, by search, or theory where it exists.
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    pub method: MethodArg,
    /// Print CSV instead of text.
    #[arg(long)]
    pub csv: bool,
}

/// Runs `nimlab table`.
///
/// # Errors
/// Usage errors for bad input; report errors when a cell cannot be answered.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    let range = |text: &str, flag: &str| parse_range(text).map_err(|e| UsageError(format!("{flag}: {e}")));
    let (shape, kind) = match (args.upto, args.rows.zip(args.cols), args.m.as_deref().zip(args.n.as_deref()))
    {
        (Some(upto), _, _) => (TableShape::Sequence { upto }, None),
        (None, Some((rows, cols)), _) => (TableShape::Grid { rows, cols }, None),
        (None, None, Some((m, n))) => {
            if args.misere {
                return usage("(M, N, N) tables are for normal play: drop --misere");
            }
            let kind = if args.grundy {
                CellKind::Grundy
            } else if args.outcomes {
                CellKind::Outcome
            } else {
                CellKind::F
            };
            (TableShape::Mnn { m: range(m, "--m")?, n: range(n, "--n")? }, Some(kind))
        }
        _ => {
            return usage(
                "table needs --upto N (one heap), --rows R --cols C (two heaps) or --m A..B --n C..D \
                 ((M, N, N) of a three-pile game)",
            )
        }
    };
    let kind =
        kind.unwrap_or(if args.outcomes || args.misere { CellKind::Outcome } else { CellKind::Grundy });
    let request = TableRequest {
        spec: args.game.spec()?,
        shape,
        kind,
        play: play(args.misere),
        method: args.method.into(),
    };
    let report = table(&request, &cx.budget)?;
    if cx.json {
        write_json(out, &report)
    } else if args.csv {
        csv(&report, out)
    } else {
        text(&report, out)
    }
}

fn kind_words(kind: CellKind) -> &'static str {
    match kind {
        CellKind::Grundy => "Grundy values",
        CellKind::Outcome => "outcomes (P: the player to move loses)",
        CellKind::F => "f (1: the first player wins, 0: the second player wins)",
    }
}

fn strings(cells: &[Cell]) -> Vec<String> {
    cells.iter().map(Cell::to_string).collect()
}

fn csv(report: &TableReport, out: &mut dyn Write) -> anyhow::Result<()> {
    match &report.body {
        TableBody::Sequence { values, .. } => {
            writeln!(out, "n,{}", if report.kind == CellKind::Grundy { "grundy" } else { "outcome" })?;
            for (n, v) in values.iter().enumerate() {
                writeln!(out, "{n},{v}")?;
            }
        }
        TableBody::Grid { cols, cells, .. } => {
            let header: Vec<String> = (0..=*cols).map(|c| c.to_string()).collect();
            writeln!(out, "row\\col,{}", header.join(","))?;
            for (r, line) in cells.iter().enumerate() {
                writeln!(out, "{r},{}", strings(line).join(","))?;
            }
        }
        TableBody::Mnn { m, n, cells } => {
            let header: Vec<String> = n.iter().map(u64::to_string).collect();
            writeln!(out, "M\\N,{}", header.join(","))?;
            for (m, line) in m.iter().zip(cells) {
                writeln!(out, "{m},{}", strings(line).join(","))?;
            }
        }
    }
    Ok(())
}

/// A grid of strings with a header row and a label column, right-aligned.
fn grid_text(
    corner: &str,
    columns: &[String],
    rows: &[(String, Vec<String>)],
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let width = rows.iter().flat_map(|(_, cells)| cells).chain(columns).map(String::len).max().unwrap_or(1);
    let label = rows.iter().map(|(l, _)| l.len()).chain([corner.len()]).max().unwrap_or(1);
    let header: Vec<String> = columns.iter().map(|c| format!("{c:>width$}")).collect();
    writeln!(out, "{corner:>label$} | {}", header.join(" "))?;
    writeln!(out, "{}-+-{}", "-".repeat(label), "-".repeat(header.join(" ").len()))?;
    for (l, cells) in rows {
        let vs: Vec<String> = cells.iter().map(|c| format!("{c:>width$}")).collect();
        writeln!(out, "{l:>label$} | {}", vs.join(" "))?;
    }
    Ok(())
}

fn text(report: &TableReport, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = &report.game.game;
    let misere = if report.play == nimlab_engine::Play::Misere {
        format!(" ({} play)", play_name(report.play))
    } else {
        String::new()
    };
    let what = kind_words(report.kind);
    match &report.body {
        TableBody::Sequence { upto, values } => {
            writeln!(out, "{game}: {what} for heaps 0..={upto}{misere}")?;
            let cells = strings(values);
            let width = cells.iter().map(String::len).max().unwrap_or(1).max(upto.to_string().len());
            for (start, chunk) in cells.chunks(20).enumerate() {
                let ns: Vec<String> =
                    (0..chunk.len()).map(|i| format!("{:>width$}", start * 20 + i)).collect();
                writeln!(out, "n     {}", ns.join(" "))?;
                let vs: Vec<String> = chunk.iter().map(|c| format!("{c:>width$}")).collect();
                writeln!(
                    out,
                    "{:<5} {}",
                    if report.kind == CellKind::Grundy { "G(n)" } else { "" },
                    vs.join(" ")
                )?;
            }
        }
        TableBody::Grid { rows, cols, cells } => {
            writeln!(
                out,
                "{game}: {what}, rows = first heap 0..={rows}, columns = second heap 0..={cols}{misere}"
            )?;
            let columns: Vec<String> = (0..=*cols).map(|c| c.to_string()).collect();
            let lines: Vec<(String, Vec<String>)> =
                cells.iter().enumerate().map(|(r, line)| (r.to_string(), strings(line))).collect();
            grid_text("", &columns, &lines, out)?;
        }
        TableBody::Mnn { m, n, cells } => {
            let (m_low, m_high) = (m[0], m[m.len() - 1]);
            let (n_low, n_high) = (n[0], n[n.len() - 1]);
            writeln!(
                out,
                "{game}: {what} of (M, N, N); rows M = {m_low}..={m_high}, columns N = {n_low}..={n_high}"
            )?;
            let columns: Vec<String> = n.iter().map(u64::to_string).collect();
            let lines: Vec<(String, Vec<String>)> =
                m.iter().zip(cells).map(|(m, line)| (m.to_string(), strings(line))).collect();
            grid_text("M\\N", &columns, &lines, out)?;
        }
    }
    Ok(())
}
