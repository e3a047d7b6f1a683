//! `nimlab table`: values over a range, like the seeds' tables.

use std::io::Write;

use nimlab_engine::{Analysis, AnyGame, BigUint, Play};
use serde_json::{json, Value};

use crate::cmd::{play, MethodArg};
use crate::game_args::GameOptions;
use crate::render::{json_number, play_name};
use crate::UsageError;

/// Arguments of `nimlab table`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  nimlab table half --upto 20\n  nimlab table subtraction --set 1,3,4 --upto 30 --csv\n  nimlab table wythoff --rows 10 --cols 10 --outcomes\n  nimlab table nim --rows 7 --cols 7 --json"
)]
pub struct Args {
    /// The game (see `nimlab games`).
    pub game: String,
    #[command(flatten)]
    pub options: GameOptions,
    /// One-heap games: the sequence for heaps 0..=N.
    #[arg(long, value_name = "N", conflicts_with_all = ["rows", "cols"])]
    pub upto: Option<u64>,
    /// Two-heap games: the grid's rows are first heaps 0..=R.
    #[arg(long, value_name = "R", requires = "cols")]
    pub rows: Option<u64>,
    /// Two-heap games: the grid's columns are second heaps 0..=C.
    #[arg(long, value_name = "C", requires = "rows")]
    pub cols: Option<u64>,
    /// Show P/N outcomes instead of Grundy values.
    #[arg(long)]
    pub outcomes: bool,
    /// Misère play (outcomes only: Grundy values are undefined).
    #[arg(long)]
    pub misere: bool,
    /// Answer by closed-form theory, by search, or theory where it exists.
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    pub method: MethodArg,
    /// Print JSON instead of text.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print CSV instead of text.
    #[arg(long)]
    pub csv: bool,
}

/// The largest number of cells a table may have.
const MAX_CELLS: u64 = 1_000_000;

/// Runs `nimlab table`.
///
/// # Errors
/// Usage errors for bad input; engine errors when a search fails.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = args.options.game(&args.game)?;
    let play = play(args.misere);
    let outcomes = args.outcomes || args.misere;
    match (args.upto, args.rows, args.cols) {
        (Some(upto), _, _) => sequence(game.as_ref(), args, play, outcomes, upto, out),
        (None, Some(rows), Some(cols)) => grid(game.as_ref(), args, play, outcomes, rows, cols, out),
        _ => {
            Err(UsageError("table needs --upto N (one heap) or --rows R --cols C (two heaps)".into()).into())
        }
    }
}

fn analyze(game: &dyn AnyGame, args: &Args, play: Play, heaps: &[u64]) -> anyhow::Result<Analysis> {
    let numbers: Vec<BigUint> = heaps.iter().map(|&h| BigUint::from(h)).collect();
    let numbers = game.check_position(&numbers)?;
    Ok(game.analyze(&numbers, args.method.into(), play)?)
}

/// The cell's text: the Grundy value, or P/N.
fn cell(analysis: &Analysis, outcomes: bool) -> String {
    match (&analysis.grundy, outcomes) {
        (Some(g), false) => g.to_string(),
        _ => analysis.outcome.as_str().to_string(),
    }
}

fn cell_json(analysis: &Analysis, outcomes: bool) -> Value {
    match (&analysis.grundy, outcomes) {
        (Some(g), false) => json_number(g),
        _ => json!(analysis.outcome.as_str()),
    }
}

fn check_size(cells: u64) -> anyhow::Result<()> {
    if cells > MAX_CELLS {
        return Err(
            UsageError(format!("a table has at most {MAX_CELLS} cells; ask for a smaller range")).into()
        );
    }
    Ok(())
}

fn sequence(
    game: &dyn AnyGame,
    args: &Args,
    play: Play,
    outcomes: bool,
    upto: u64,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    check_size(upto.saturating_add(1))?;
    let mut rows = Vec::new();
    for n in 0..=upto {
        rows.push(analyze(game, args, play, &[n])?);
    }
    let what = if outcomes { "outcomes" } else { "Grundy values" };
    if args.json {
        let values: Vec<Value> = rows.iter().map(|a| cell_json(a, outcomes)).collect();
        writeln!(
            out,
            "{}",
            json!({ "game": game.name(), "play": play_name(play), "kind": what, "from": 0, "values": values })
        )?;
    } else if args.csv {
        writeln!(out, "n,{}", if outcomes { "outcome" } else { "grundy" })?;
        for (n, a) in rows.iter().enumerate() {
            writeln!(out, "{n},{}", cell(a, outcomes))?;
        }
    } else {
        writeln!(out, "{}: {what} for heaps 0..={upto}", game.name())?;
        let cells: Vec<String> = rows.iter().map(|a| cell(a, outcomes)).collect();
        let width = cells.iter().map(String::len).max().unwrap_or(1).max(upto.to_string().len());
        for (start, chunk) in cells.chunks(20).enumerate() {
            let ns: Vec<String> = (0..chunk.len()).map(|i| format!("{:>width$}", start * 20 + i)).collect();
            writeln!(out, "n     {}", ns.join(" "))?;
            let vs: Vec<String> = chunk.iter().map(|c| format!("{c:>width$}")).collect();
            writeln!(out, "{:<5} {}", if outcomes { "" } else { "G(n)" }, vs.join(" "))?;
        }
    }
    Ok(())
}

fn grid(
    game: &dyn AnyGame,
    args: &Args,
    play: Play,
    outcomes: bool,
    rows: u64,
    cols: u64,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    check_size(rows.saturating_add(1).saturating_mul(cols.saturating_add(1)))?;
    let mut grid = Vec::new();
    for r in 0..=rows {
        let mut line = Vec::new();
        for c in 0..=cols {
            line.push(analyze(game, args, play, &[r, c])?);
        }
        grid.push(line);
    }
    let what = if outcomes { "outcomes" } else { "Grundy values" };
    if args.json {
        let cells: Vec<Vec<Value>> =
            grid.iter().map(|line| line.iter().map(|a| cell_json(a, outcomes)).collect()).collect();
        writeln!(
            out,
            "{}",
            json!({ "game": game.name(), "play": play_name(play), "kind": what, "rows": rows, "cols": cols, "cells": cells })
        )?;
    } else if args.csv {
        let header: Vec<String> = (0..=cols).map(|c| c.to_string()).collect();
        writeln!(out, "row\\col,{}", header.join(","))?;
        for (r, line) in grid.iter().enumerate() {
            let cells: Vec<String> = line.iter().map(|a| cell(a, outcomes)).collect();
            writeln!(out, "{r},{}", cells.join(","))?;
        }
    } else {
        writeln!(
            out,
            "{}: {what}, rows = first heap 0..={rows}, columns = second heap 0..={cols}",
            game.name()
        )?;
        let cells: Vec<Vec<String>> =
            grid.iter().map(|l| l.iter().map(|a| cell(a, outcomes)).collect()).collect();
        let width = cells.iter().flatten().map(String::len).max().unwrap_or(1).max(cols.to_string().len());
        let label = rows.to_string().len();
        let header: Vec<String> = (0..=cols).map(|c| format!("{c:>width$}")).collect();
        writeln!(out, "{:>label$} | {}", "", header.join(" "))?;
        writeln!(out, "{}-+-{}", "-".repeat(label), "-".repeat(header.join(" ").len()))?;
        for (r, line) in cells.iter().enumerate() {
            let vs: Vec<String> = line.iter().map(|c| format!("{c:>width$}")).collect();
            writeln!(out, "{r:>label$} | {}", vs.join(" "))?;
        }
    }
    Ok(())
}
