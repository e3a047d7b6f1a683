//! `nimlab search`: every subtraction set of a given size whose Grundy sequence has a given
//! period (period 2: ultimately bipartite).

use std::io::Write;

use nimlab_engine::periodicity::set_text;
use nimlab_reports::search::{search, SearchRequest};

use crate::{progress, write_json, Context};

/// Arguments of `nimlab search`.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "Sets with a member divisible by the period are skipped without computation: such a set \
cannot have that period (the option n - s would have the value G(n) itself).\n\nExamples:\n  nimlab search subtraction --size 3 --max 60 --period 2\n  nimlab search subtraction --size 4 --max 30 --period 2 --json"
)]
pub struct Args {
    /// The game: subtraction games.
    pub game: String,
    /// How many members each set has.
    #[arg(long, value_name = "K", value_parser = crate::game_args::count)]
    pub size: u64,
    /// The largest member allowed.
    #[arg(long, value_name = "M", value_parser = crate::game_args::count)]
    pub max: u64,
    /// The minimal period wanted.
    #[arg(long, value_name = "P", default_value_t = 2, value_parser = crate::game_args::count)]
    pub period: u64,
    /// The most Grundy values to compute per set.
    #[arg(long, value_name = "N", default_value_t = 1_000_000, value_parser = crate::game_args::positive)]
    pub limit: u64,
    /// The most sets the search may cover (C(max, size) of them); a larger search stops at
    /// once with an error.
    #[arg(long, value_name = "N", default_value_t = 10_000_000, value_parser = crate::game_args::count)]
    pub max_sets: u64,
}

/// Runs `nimlab search`.
///
/// # Errors
/// Usage errors for bad parameters; the budget.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    crate::game_args::asks(&args.game, nimlab_engine::Research::FamilySweep)?;
    let request = SearchRequest {
        size: usize::try_from(args.size).unwrap_or(usize::MAX),
        max: args.max,
        period: args.period,
        limit: args.limit,
        max_sets: args.max_sets,
    };
    let bar = progress::bar("sets");
    let report = search(&request, &cx.budget, &progress::update(&bar))?;
    bar.finish_and_clear();
    if cx.json {
        return write_json(out, &report);
    }
    writeln!(
        out,
        "{} sets of {} members in 1..={} have period {} ({} certified, {} excluded by divisibility):",
        report.found.len(),
        report.size,
        report.max,
        report.period,
        report.examined,
        report.excluded
    )?;
    for f in &report.found {
        writeln!(out, "{{{}}}  preperiod {}", set_text(&f.set), f.preperiod)?;
    }
    if !report.undetermined.is_empty() {
        const SHOWN: usize = 20;
        let list: Vec<String> =
            report.undetermined.iter().take(SHOWN).map(|s| format!("{{{}}}", set_text(s))).collect();
        let more = report.undetermined.len().saturating_sub(SHOWN);
        let more = if more > 0 { format!(" ... and {more} more") } else { String::new() };
        writeln!(
            out,
            "{} sets undetermined within --limit {} values: {}{more}",
            report.undetermined.len(),
            report.limit,
            list.join(" ")
        )?;
    }
    Ok(())
}
