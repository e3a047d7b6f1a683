//! `nimlab table apple --m 1..9 --n 1..9`: the paper's table of (M, N, N) positions, rows M and
//! columns N, from the dense sorted-triple solver. Also for three-pile pattern games.

use std::io::Write;

use nimlab_engine::rulesets::apple::Apple;
use nimlab_engine::rulesets::pattern::PatternGame;
use nimlab_engine::solve::TripleTable;
use nimlab_engine::Budget;
use serde_json::json;

use crate::cmd::table::Args;
use crate::UsageError;

/// An inclusive range typed as `1..9` (or a single number).
pub(crate) fn parse_range(text: &str, flag: &str) -> anyhow::Result<(u64, u64)> {
    let bad = || UsageError(format!("{flag} '{text}' is not a range like 1..9 (both ends included)"));
    let (low, high) = text.split_once("..").unwrap_or((text, text));
    let high = high.strip_prefix('=').unwrap_or(high);
    let low: u64 = low.trim().parse().map_err(|_| bad())?;
    let high: u64 = high.trim().parse().map_err(|_| bad())?;
    if low > high {
        return Err(UsageError(format!("{flag} {low}..{high} is empty (it needs {low} <= {high})")).into());
    }
    Ok((low, high))
}

/// The dense table of the game named in `args`, with piles up to `bound`.
fn triple_table(args: &Args, bound: u64) -> anyhow::Result<(String, TripleTable)> {
    let spec = args.options.spec(&args.game);
    let budget = Budget(args.options.budget);
    match args.game.as_str() {
        "apple" => {
            let apple = Apple::from_spec(&spec)?;
            let name = nimlab_engine::Ruleset::name(&apple);
            Ok((name, apple.triple_table(bound, budget)?))
        }
        "pattern" => {
            let game = PatternGame::from_spec(&spec)?;
            let name = nimlab_engine::Ruleset::name(&game);
            let table = game.triple_table(bound, budget)?.ok_or_else(|| {
                UsageError(
                    "--m/--n tables need three piles and symmetric patterns (one, anyJ, all), at most one \
                     amount range per pattern size"
                        .into(),
                )
            })?;
            Ok((name, table))
        }
        other => Err(UsageError(format!(
            "--m/--n tables are for three-pile games (apple, pattern --piles 3), not '{other}'"
        ))
        .into()),
    }
}

/// Runs `nimlab table GAME --m A..B --n C..D`.
///
/// # Errors
/// Usage errors for bad ranges or games; a budget error when the table is too large.
pub fn run(args: &Args, m_range: &str, n_range: &str, out: &mut dyn Write) -> anyhow::Result<()> {
    if args.misere || args.upto.is_some() || args.rows.is_some() {
        return Err(UsageError("--m/--n tables take no --misere, --upto, --rows or --cols".into()).into());
    }
    let (m_low, m_high) = parse_range(m_range, "--m")?;
    let (n_low, n_high) = parse_range(n_range, "--n")?;
    let (name, table) = triple_table(args, m_high.max(n_high))?;
    let ms: Vec<u64> = (m_low..=m_high).collect();
    let ns: Vec<u64> = (n_low..=n_high).collect();
    let grundy: Vec<Vec<u32>> = ms
        .iter()
        .map(|&m| ns.iter().map(|&n| table.get([m, n, n]).expect("the table covers the range")).collect())
        .collect();
    // The paper's f: 1 when the first player (to move) wins, 0 when the second does.
    let cell = |g: u32| -> String {
        if args.outcomes {
            (if g == 0 { "P" } else { "N" }).to_string()
        } else if args.grundy {
            g.to_string()
        } else {
            (if g == 0 { "0" } else { "1" }).to_string()
        }
    };
    let kind = if args.outcomes {
        "outcomes (P: the player to move loses)"
    } else if args.grundy {
        "Grundy values"
    } else {
        "f (1: the first player wins, 0: the second player wins)"
    };
    if args.json {
        let f: Vec<Vec<u8>> =
            grundy.iter().map(|row| row.iter().map(|&g| u8::from(g != 0)).collect()).collect();
        let outcomes: Vec<Vec<&str>> =
            grundy.iter().map(|row| row.iter().map(|&g| if g == 0 { "P" } else { "N" }).collect()).collect();
        writeln!(
            out,
            "{}",
            json!({ "game": name, "position": "(M, N, N)", "m": ms, "n": ns, "f": f, "outcomes": outcomes, "grundy": grundy })
        )?;
    } else if args.csv {
        let header: Vec<String> = ns.iter().map(u64::to_string).collect();
        writeln!(out, "M\\N,{}", header.join(","))?;
        for (m, row) in ms.iter().zip(&grundy) {
            let cells: Vec<String> = row.iter().map(|&g| cell(g)).collect();
            writeln!(out, "{m},{}", cells.join(","))?;
        }
    } else {
        writeln!(
            out,
            "{name}: {kind} of (M, N, N); rows M = {m_low}..={m_high}, columns N = {n_low}..={n_high}"
        )?;
        let cells: Vec<Vec<String>> =
            grundy.iter().map(|row| row.iter().map(|&g| cell(g)).collect()).collect();
        let width =
            cells.iter().flatten().map(String::len).chain(ns.iter().map(|n| n.to_string().len())).max();
        let width = width.unwrap_or(1);
        let label = ms.iter().map(|m| m.to_string().len()).max().unwrap_or(1).max(3);
        let header: Vec<String> = ns.iter().map(|n| format!("{n:>width$}")).collect();
        writeln!(out, "{:>label$} | {}", "M\\N", header.join(" "))?;
        writeln!(out, "{}-+-{}", "-".repeat(label), "-".repeat(header.join(" ").len()))?;
        for (m, row) in ms.iter().zip(&cells) {
            let vs: Vec<String> = row.iter().map(|c| format!("{c:>width$}")).collect();
            writeln!(out, "{m:>label$} | {}", vs.join(" "))?;
        }
    }
    Ok(())
}
