//! `nimlab search`: every subtraction set of a given size whose Grundy sequence has a given
//! period (period 2: ultimately bipartite).

use std::io::Write;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use nimlab_engine::periodicity::{search_period, set_text};
use serde_json::json;

use crate::cmd::period::require_subtraction;
use crate::UsageError;

/// Arguments of `nimlab search`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Sets with a member divisible by the period are skipped without computation: such a set \
cannot have that period (the option n - s would have the value G(n) itself).\n\nExamples:\n  nimlab search subtraction --size 3 --max 60 --period 2\n  nimlab search subtraction --size 4 --max 30 --period 2 --json"
)]
pub struct Args {
    /// The game: only `subtraction`.
    pub game: String,
    /// How many members each set has.
    #[arg(long, value_name = "K")]
    pub size: usize,
    /// The largest member allowed.
    #[arg(long, value_name = "M")]
    pub max: u64,
    /// The minimal period wanted.
    #[arg(long, value_name = "P", default_value_t = 2)]
    pub period: u64,
    /// The most Grundy values to compute per set.
    #[arg(long, value_name = "N", default_value_t = 1_000_000,
          value_parser = clap::value_parser!(u64).range(1..=crate::cmd::period::MAX_LIMIT))]
    pub limit: u64,
    /// The most sets the search may cover (C(max, size) of them); a larger search stops at
    /// once with an error.
    #[arg(long, value_name = "N", default_value_t = 10_000_000)]
    pub max_sets: u64,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `nimlab search`.
///
/// # Errors
/// Usage errors for bad parameters.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    require_subtraction(&args.game, "search")?;
    if args.size == 0 || args.size as u64 > args.max {
        return Err(UsageError(format!("--size must be between 1 and --max ({})", args.max)).into());
    }
    if args.period == 0 {
        return Err(UsageError("--period must be at least 1".into()).into());
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} sets, {elapsed} elapsed")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let report =
        search_period(args.size, args.max, args.period, args.limit, args.max_sets, |done, total| {
            bar.set_length(total);
            bar.set_position(done);
        })?;
    bar.finish_and_clear();
    if args.json {
        let value = json!({
            "game": "subtraction",
            "size": args.size,
            "max": args.max,
            "period": args.period,
            "found": report.found.iter().map(|(set, l)| json!({ "set": set, "preperiod": l })).collect::<Vec<_>>(),
            "undetermined": report.undetermined,
            "examined": report.examined,
            "excluded": report.excluded,
        });
        writeln!(out, "{}", serde_json::to_string_pretty(&value)?)?;
        return Ok(());
    }
    writeln!(
        out,
        "{} sets of {} members in 1..={} have period {} ({} certified, {} excluded by divisibility):",
        report.found.len(),
        args.size,
        args.max,
        args.period,
        report.examined,
        report.excluded
    )?;
    for (set, preperiod) in &report.found {
        writeln!(out, "{{{}}}  preperiod {preperiod}", set_text(set))?;
    }
    if !report.undetermined.is_empty() {
        let list: Vec<String> = report.undetermined.iter().map(|s| format!("{{{}}}", set_text(s))).collect();
        writeln!(out, "undetermined within --limit {}: {}", args.limit, list.join(" "))?;
    }
    Ok(())
}
