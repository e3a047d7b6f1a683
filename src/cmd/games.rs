//! `nimlab games`: the rulesets nimlab knows, with their parameters.

use std::io::Write;

use nimlab_reports::games::games;

use crate::{write_json, Context};

/// Arguments of `nimlab games`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, after_help = "Examples:\n  nimlab games\n  nimlab games --json")]
pub struct Args {}

/// Runs `nimlab games`.
///
/// # Errors
/// Only output errors.
pub fn run(_args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    let report = games();
    if cx.json {
        return write_json(out, &report);
    }
    for game in &report.games {
        writeln!(out, "{:<12} {}", game.name, game.summary)?;
        for p in &game.params {
            let flag = if p.kind == "flag" {
                format!("--{}", p.name)
            } else {
                format!("--{} {}", p.name, p.name.to_uppercase())
            };
            let default = match (p.required, p.default) {
                (true, _) => " (required)".to_string(),
                (false, Some(d)) => format!(" (default {d})"),
                (false, None) => String::new(),
            };
            writeln!(out, "{:<12}   {flag:<22} {}{default}", "", p.help)?;
        }
    }
    Ok(())
}
