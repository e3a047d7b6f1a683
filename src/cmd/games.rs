//! `nimlab games`: the rulesets nimlab knows.

use std::io::Write;

use nimlab_engine::rulesets::RULESETS;
use serde_json::json;

/// Arguments of `nimlab games`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Example:\n  nimlab games --json")]
pub struct Args {
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `nimlab games`.
///
/// # Errors
/// Only output errors.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    if args.json {
        let games: Vec<_> =
            RULESETS.iter().map(|r| json!({ "name": r.name, "summary": r.summary })).collect();
        writeln!(out, "{}", json!({ "games": games }))?;
    } else {
        for r in RULESETS {
            writeln!(out, "{:<12} {}", r.name, r.summary)?;
        }
    }
    Ok(())
}
