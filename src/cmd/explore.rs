//! `nimlab explore large-nim --players N --heaps K --max M`: the values of every position of K
//! heaps of size 1..=M, grouped by order pattern, and the piecewise formula they make.

use std::io::Write;

use nimlab_engine::rulesets::large_nim::explore::{explore, Exploration, FormulaCase, PatternClass};
use nimlab_engine::Budget;
use serde_json::{json, Value};

use crate::UsageError;

/// Arguments of `nimlab explore`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  nimlab explore large-nim --players 3 --heaps 4 --max 10\n  nimlab explore large-nim --players 4 --heaps 5 --max 10 --json"
)]
pub struct Args {
    /// The game: only `large-nim` has an explorer.
    pub game: String,
    /// The number of players N >= 2.
    #[arg(long, value_name = "N", value_parser = crate::cmd::players::parse_players)]
    pub players: u32,
    /// The number of heaps of every position explored.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u16).range(1..))]
    pub heaps: u16,
    /// The largest heap size explored.
    #[arg(long, value_name = "M", value_parser = clap::value_parser!(u64).range(1..))]
    pub max: u64,
    /// The most positions the value table may hold.
    #[arg(long, value_name = "N", default_value_t = Budget::DEFAULT.0)]
    pub budget: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `nimlab explore`.
///
/// # Errors
/// A usage error for another game; a budget error when the table is too large; I/O.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    if args.game != "large-nim" {
        return Err(UsageError(format!(
            "explore works on large-nim only (got '{}'): it groups positions by the order of their heaps",
            args.game
        ))
        .into());
    }
    let exploration = explore(args.players, usize::from(args.heaps), args.max, Budget(args.budget))?;
    if args.json {
        writeln!(out, "{}", exploration_json(&exploration))?;
    } else {
        write!(out, "{}", exploration_text(&exploration))?;
    }
    Ok(())
}

fn heaps_text(heaps: &[u64]) -> String {
    format!("({})", heaps.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(", "))
}

fn class_value_text(class: &PatternClass) -> String {
    match class.constant() {
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

fn exploration_text(e: &Exploration) -> String {
    let mut text = format!(
        "large-nim with {} players on {} heaps of 1..={}: {} positions in {} order patterns\n",
        e.players,
        e.heaps,
        e.max,
        e.positions,
        e.classes.len()
    );
    let width = e.classes.iter().map(|c| c.pattern.to_string().len()).max().unwrap_or(7).max(7);
    text.push_str(&format!("  {:<width$}  {:>9}  value\n", "pattern", "positions"));
    for class in &e.classes {
        text.push_str(&format!(
            "  {:<width$}  {:>9}  {}\n",
            class.pattern.to_string(),
            class.positions,
            class_value_text(class)
        ));
    }
    text.push_str("formula:\n");
    text.push_str(&formula_text(&e.formula));
    let non_constant = e.non_constant().count();
    if non_constant > 0 {
        text.push_str(&format!(
            "  otherwise not determined by the pattern: {non_constant} pattern{} take several values (above)\n",
            if non_constant == 1 { "" } else { "s" }
        ));
    }
    text
}

fn exploration_json(e: &Exploration) -> Value {
    let classes: Vec<Value> = e
        .classes
        .iter()
        .map(|c| {
            json!({
                "pattern": c.pattern.to_string(),
                "positions": c.positions,
                "constant": c.constant().is_some(),
                "value": c.constant(),
                "values": c.values.iter().map(|v| json!({
                    "value": v.value,
                    "positions": v.positions,
                    "example": v.example,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let formula: Vec<Value> = e
        .formula
        .iter()
        .map(|case| {
            json!({
                "value": case.value,
                "cases": case.chains.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "game": "large-nim",
        "players": e.players,
        "heaps": e.heaps,
        "max": e.max,
        "positions": e.positions,
        "classes": classes,
        "formula": formula,
        "non_constant": e.non_constant().count(),
    })
}
