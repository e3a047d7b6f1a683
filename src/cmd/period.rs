//! `nimlab period`: the certified preperiod and period of a subtraction game's Grundy sequence.

use std::io::Write;

use nimlab_engine::periodicity::{runs, set_text};
use nimlab_reports::period::{period, PeriodReport, DEFAULT_LIMIT};

use crate::game_args::GameArgs;
use crate::{write_json, Context};

/// Arguments of `nimlab period`.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "The sequence is printed as in the slides: runs compressed (0^2 = 0 0), the preperiod, then \
the period in parentheses followed by \"...\" (it repeats forever). The certificate is the checked range: \
G(n + p) = G(n) for l <= n < l + max(S), which proves periodicity from l.\n\nExamples:\n  nimlab period subtraction --set 2,3,5,7\n  nimlab period subtraction --set 2,3,5,7,19 --json\n  nimlab period subtraction --set 3..6,20"
)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// The most Grundy values to compute before giving up.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_LIMIT, value_parser = crate::game_args::positive)]
    pub limit: u64,
}

/// Runs `nimlab period`.
///
/// # Errors
/// Usage errors for bad input; a failure when no certificate is found within the limits.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    let report = period(&args.game.spec()?, args.limit, &cx.budget)?;
    if cx.json {
        write_json(out, &report)
    } else {
        Ok(write!(out, "{}", period_text(&report))?)
    }
}

fn period_text(report: &PeriodReport) -> String {
    let p = &report.periodicity;
    let pre = runs(p.preperiod_values());
    let period = runs(p.period_values());
    let sequence = if pre.is_empty() { format!("({period}) ...") } else { format!("{pre} ({period}) ...") };
    let mut text = format!(
        "SUB({{{}}}): preperiod {}, period {}\nG = {sequence}\n",
        set_text(&p.set),
        p.preperiod,
        p.period
    );
    let c = &p.certificate;
    text.push_str(&format!(
        "certificate: G(n + {}) = G(n) for {} <= n < {} ({} values computed)",
        p.period, c.checked_from, c.checked_to, c.values_computed
    ));
    if let Some(w) = c.preperiod_witness {
        text.push_str(&format!("; G({w}) != G({}), so the preperiod is minimal", w + p.period));
    }
    text.push('\n');
    text
}
