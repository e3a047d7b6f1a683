//! `nimlab period`: the certified preperiod and period of a subtraction game's Grundy sequence,
//! or the additive period of a row of Wythoff's Grundy table (`--row A`).

use std::io::Write;

use nimlab_engine::periodicity::{runs, set_text};
use nimlab_reports::period::{
    period, row_period, PeriodReport, RowPeriodReport, RowPeriodStatus, DEFAULT_LIMIT, DEFAULT_ROW_COLUMNS,
};

use crate::game_args::GameArgs;
use crate::{usage, write_json, Context};

/// Arguments of `nimlab period`.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "The sequence is printed as in the slides: runs compressed (0^2 = 0 0), the preperiod, then \
the period in parentheses followed by \"...\" (it repeats forever). The certificate is the checked range: \
G(n + p) = G(n) for l <= n < l + max(S), which proves periodicity from l.\n\nWythoff's game (--row A): row A of \
the Grundy table is additively periodic, G(A, n + p) = G(A, n) + p for n >= n0 (the saltus equals the period). The \
period is certified when a window state of the row repeats once the rows below are certified (the proof is in \
docs/wythoff-rows.md), and reported as observed on the columns computed otherwise.\n\nExamples:\n  nimlab period \
subtraction --set 2,3,5,7\n  nimlab period subtraction --set 2,3,5,7,19 --json\n  nimlab period subtraction --set \
3..6,20\n  nimlab period wythoff --row 5\n  nimlab period wythoff --row 40 --json"
)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// Wythoff's game: the row A (the first heap) whose additive period to find.
    #[arg(long, value_name = "A", value_parser = crate::game_args::count)]
    pub row: Option<u64>,
    /// The most Grundy values to compute before giving up (default: 50000000), or for
    /// Wythoff's rows the most columns (default: 100000).
    #[arg(long, value_name = "N", value_parser = crate::game_args::positive)]
    pub limit: Option<u64>,
}

/// Runs `nimlab period`.
///
/// # Errors
/// Usage errors for bad input; a failure when no certificate is found within the limits.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    let spec = args.game.spec()?;
    match (spec.name(), args.row) {
        ("wythoff", Some(row)) => {
            let report = row_period(&spec, row, args.limit.unwrap_or(DEFAULT_ROW_COLUMNS), &cx.budget)?;
            if cx.json {
                write_json(out, &report)
            } else {
                Ok(write!(out, "{}", row_text(&report))?)
            }
        }
        ("wythoff", None) => {
            usage("period wythoff needs --row A: the row (first heap) whose additive period to find")
        }
        (name, Some(_)) => usage(format!("--row applies to Wythoff's game, not '{name}'")),
        (_, None) => {
            let report = period(&spec, args.limit.unwrap_or(DEFAULT_LIMIT), &cx.budget)?;
            if cx.json {
                write_json(out, &report)
            } else {
                Ok(write!(out, "{}", period_text(&report))?)
            }
        }
    }
}

/// The most values of a row written out in text.
const SHOWN_VALUES: usize = 60;

fn row_text(report: &RowPeriodReport) -> String {
    let (a, l, p) = (report.row, report.preperiod, report.period);
    let mut text = format!(
        "Wythoff's game, row {a}: G({a}, n + {p}) = G({a}, n) + {p} for every n >= {l} (preperiod {l}, period {p}, \
         saltus {})\n",
        report.saltus
    );
    let shown: Vec<String> = report.values.iter().take(SHOWN_VALUES).map(u64::to_string).collect();
    let more = report.values.len().saturating_sub(SHOWN_VALUES);
    let more = if more > 0 { format!(" ... and {more} more") } else { String::new() };
    text.push_str(&format!("G({a}, 0..{}) = {}{more}\n", l + p, shown.join(" ")));
    match (&report.status, &report.certificate) {
        (RowPeriodStatus::Certified, Some(c)) => text.push_str(&format!(
            "certified: the window state (the row's values within {} of n, and n mod {}, the lcm of the lower rows' \
             periods) at column {} recurs at column {}, recorded from column {} (docs/wythoff-rows.md)\n",
            c.window,
            c.lower_lcm,
            c.from,
            c.from + c.span,
            c.lower_start
        )),
        _ => text.push_str(&format!(
            "observed on columns 0..{}, not proved: no window state repeated (raise --limit to certify)\n",
            report.columns
        )),
    }
    text
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
