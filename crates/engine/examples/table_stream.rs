//! Writes a table through the engine's table path, for bench/tables.sh (the driver until
//! `nimlab table` uses the same path).
//!
//! Usage: `table_stream GAME SIZE FORMAT`
//! * GAME: `subtraction:2,3,5,7,101` (the ruleset: certified period when there is one),
//!   `sub-stream:2,3,5,7,101` (the streaming generator, never the period), `bash:3`, `half`,
//!   `nim`, `wythoff`, `wythoff-outcomes`;
//! * SIZE: `N` for heaps `0..N-1`, or `RxC` for rows `0..R-1` and columns `0..C-1`;
//! * FORMAT: `u8`, `u16`, `u32`, `u64` (raw little-endian on stdout), `csv` (`n,grundy` lines;
//!   grids: one line per row), or `sum` (no output; prints `cells N sum S seconds T`).
//!
//! The time of the whole production (values and encoding, without process start) goes to stderr
//! as `seconds T`.

use std::io::{BufWriter, Write};
use std::time::Instant;

use nimlab_engine::tables::subtraction_sequence;
use nimlab_engine::tables::{encode_le, Grid, GridRequest, Sequence, SequenceRequest, TableValues, Width};
use nimlab_engine::{AnyGame, Budget, GameSpec, Play};

/// Values per chunk of a sequence.
const CHUNK: usize = 1 << 14;

enum Format {
    Raw(Width),
    Csv,
    Sum,
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, size, format] = args.as_slice() else {
        return Err("usage: table_stream GAME SIZE FORMAT (see the source's doc)".into());
    };
    let format = match format.as_str() {
        "csv" => Format::Csv,
        "sum" => Format::Sum,
        name => Format::Raw(
            Width::ALL
                .into_iter()
                .find(|w| w.name() == name)
                .ok_or_else(|| format!("unknown format '{name}'"))?,
        ),
    };
    let (name, parameter) = game.split_once(':').unwrap_or((game, ""));
    let budget = Budget::default();
    let values = if name == "wythoff-outcomes" { TableValues::Outcomes } else { TableValues::Grundy };
    let build = |text: &str| -> Result<Box<dyn AnyGame>, String> {
        let spec: GameSpec = text.parse().map_err(|e: nimlab_engine::SpecError| e.to_string())?;
        spec.build(&budget).map_err(|e| e.to_string())
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    let start = Instant::now();
    let (cells, sum) = if let Some((rows, cols)) = size.split_once('x') {
        let (rows, cols) = (number(rows)?, number(cols)?);
        let game = build(name.trim_end_matches("-outcomes"))?;
        let request = GridRequest::new(rows - 1, cols - 1, values, Play::Normal);
        write_grid(game.grid(&request, &budget).map_err(|e| e.to_string())?, &format, &mut out)?
    } else {
        let request = SequenceRequest::new(number(size)? - 1, values, Play::Normal);
        let set = || parameter.split(',').map(number).collect::<Result<Vec<u64>, String>>();
        let sequence = match name {
            "sub-stream" => subtraction_sequence(&set()?, None, &request, &budget),
            "subtraction" => build(&format!("subtraction --set {parameter}"))?.sequence(&request, &budget),
            "bash" => build(&format!("bash --max {parameter}"))?.sequence(&request, &budget),
            _ => build(name)?.sequence(&request, &budget),
        };
        write_sequence(sequence.map_err(|e| e.to_string())?, &format, &mut out)?
    };
    out.flush().map_err(|e| e.to_string())?;
    let seconds = start.elapsed().as_secs_f64();
    if let Format::Sum = format {
        println!(
            "cells {cells} sum {sum} seconds {seconds:.4} ns_per_cell {:.3}",
            seconds * 1e9 / cells as f64
        );
    }
    eprintln!("seconds {seconds:.4}");
    Ok(())
}

fn number(text: &str) -> Result<u64, String> {
    text.trim().parse().map_err(|_| format!("'{text}' is not a number"))
}

/// Appends `value` in decimal.
fn push_decimal(bytes: &mut Vec<u8>, value: u64) {
    bytes.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
}

/// Writes one chunk (`first` is its first heap or row) and returns the sum of its values.
fn write_chunk(
    values: &[u64],
    first: u64,
    format: &Format,
    bytes: &mut Vec<u8>,
    grid: bool,
) -> Result<u64, String> {
    bytes.clear();
    match format {
        Format::Raw(width) => encode_le(values, *width, bytes).map_err(|e| e.to_string())?,
        Format::Csv if grid => {
            push_decimal(bytes, first);
            for &v in values {
                bytes.push(b',');
                push_decimal(bytes, v);
            }
            bytes.push(b'\n');
        }
        Format::Csv => {
            for (n, &v) in (first..).zip(values) {
                push_decimal(bytes, n);
                bytes.push(b',');
                push_decimal(bytes, v);
                bytes.push(b'\n');
            }
        }
        Format::Sum => {}
    }
    Ok(values.iter().sum())
}

fn write_sequence(
    mut sequence: Sequence,
    format: &Format,
    out: &mut impl Write,
) -> Result<(u64, u64), String> {
    let (mut chunk, mut bytes) = (vec![0u64; CHUNK], Vec::new());
    if let Format::Csv = format {
        out.write_all(b"n,grundy\n").map_err(|e| e.to_string())?;
    }
    let mut sum = 0;
    loop {
        let first = sequence.next_heap();
        let count = sequence.fill(&mut chunk).map_err(|e| e.to_string())?;
        if count == 0 {
            return Ok((sequence.upto() + 1, sum));
        }
        sum += write_chunk(&chunk[..count], first, format, &mut bytes, false)?;
        out.write_all(&bytes).map_err(|e| e.to_string())?;
    }
}

fn write_grid(mut grid: Grid, format: &Format, out: &mut impl Write) -> Result<(u64, u64), String> {
    let (mut row, mut bytes) = (vec![0u64; grid.row_len()], Vec::new());
    let mut sum = 0;
    while let Some(r) = grid.next_row(&mut row).map_err(|e| e.to_string())? {
        sum += write_chunk(&row, r, format, &mut bytes, true)?;
        out.write_all(&bytes).map_err(|e| e.to_string())?;
    }
    Ok(((grid.rows() + 1) * (grid.cols() + 1), sum))
}
