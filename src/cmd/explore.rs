//! `nimlab explore large-nim --players N --heaps K --max M`: the values of every position of K
//! heaps of size 1..=M, grouped by order pattern, and the piecewise formula they make.

use std::io::Write;

use nimlab_engine::large_nim::FormulaCase;
use nimlab_reports::explore::{explore, ClassReport, ExploreReport};

use crate::cmd::parse_players;
use crate::{write_json, Context};

/// Arguments of `nimlab explore`.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "Examples:\n  nimlab explore large-nim --players 3 --heaps 4 --max 10\n  nimlab explore large-nim --players 4 --heaps 5 --max 10 --json"
)]
pub struct Args {
    /// The game: only `large-nim` has an explorer.
    pub game: String,
    /// The number of players N >= 2.
    #[arg(long, value_name = "N", value_parser = parse_players)]
    pub players: u32,
    /// The number of heaps of every position explored.
    #[arg(long, value_name = "K", value_parser = crate::game_args::positive_u16)]
    pub heaps: u16,
    /// The largest heap size explored.
    #[arg(long, value_name = "M", value_parser = crate::game_args::positive)]
    pub max: u64,
}

/// Runs `nimlab explore`.
///
/// # Errors
/// A usage error for another game; the budget; I/O.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    crate::game_args::asks(&args.game, nimlab_engine::Research::OrderPatterns)?;
    let report = explore(args.players, usize::from(args.heaps), args.max, &cx.budget)?;
    if cx.json {
        write_json(out, &report)
    } else {
        Ok(write!(out, "{}", exploration_text(&report))?)
    }
}

fn heaps_text(heaps: &[u64]) -> String {
    format!("({})", heaps.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(", "))
}

fn class_value_text(class: &ClassReport) -> String {
    match class.value {
        Some(value) => value.to_string(),
        None => {
            let values: Vec<String> = class
                .values
                .iter()
                .map(|v| format!("{} on {} (e.g. {})", v.value, v.positions, heaps_text(&v.example)))
                .collect();
            format!("NOT CONSTANT: {}", values.join(", "))
        }
    }
}

/// A piecewise formula, one `g = v if ...` per value, its chains joined by `or` lines.
pub fn formula_text(formula: &[FormulaCase]) -> String {
    let mut text = String::new();
    for case in formula {
        let chains: Vec<String> = case.chains.iter().map(|c| c.to_string()).collect();
        text.push_str(&format!("  g = {} if {}\n", case.value, chains.join("\n        or ")));
    }
    text
}

fn exploration_text(e: &ExploreReport) -> String {
    let mut text = format!(
        "large-nim with {} players on {} heaps of 1..={}: {} positions in {} order patterns\n",
        e.players,
        e.heaps,
        e.max,
        e.positions,
        e.classes.len()
    );
    let width = e.classes.iter().map(|c| c.pattern.len()).max().unwrap_or(7).max(7);
    text.push_str(&format!("  {:<width$}  {:>9}  value\n", "pattern", "positions"));
    for class in &e.classes {
        text.push_str(&format!(
            "  {:<width$}  {:>9}  {}\n",
            class.pattern,
            class.positions,
            class_value_text(class)
        ));
    }
    text.push_str("formula:\n");
    text.push_str(&formula_text(&e.formula));
    if e.non_constant > 0 {
        text.push_str(&format!(
            "  otherwise not determined by the pattern: {} pattern{} take several values (above)\n",
            e.non_constant,
            if e.non_constant == 1 { "" } else { "s" }
        ));
    }
    text
}
