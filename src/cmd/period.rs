//! `nimlab period`: the certified preperiod and period of a one-heap game's Grundy sequence
//! (subtraction and take-and-break games), or what was seen up to the limit.

use std::io::Write;

use nimlab_engine::periodicity::{runs, set_text, Periodicity};
use nimlab_reports::period::{period, PeriodBody, SequencePeriod, DEFAULT_LIMIT};

use crate::game_args::GameArgs;
use crate::{write_json, Context};

/// Arguments of `nimlab period`.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "The sequence is printed as in the slides: runs compressed (0^2 = 0 0), the preperiod, then \
the period in parentheses followed by \"...\" (it repeats forever).\n\nSubtraction games: the certificate is \
the checked range G(n + p) = G(n) for l <= n < l + max(S), which proves periodicity from l.\n\nTake-and-break \
games (octal, kayles, dawson-kayles, dawsons-chess): the Guy–Smith theorem: if every move removes at most t \
tokens and leaves at most k heaps, G(n + p) = G(n) for l <= n < k·max(l, 1) + (k-1)·p + t proves it for every \
n >= l. The computation stops as soon as that holds; with --upto N it gives up after N values and says what it \
saw (largest value, rare values, an observed period or saltus). Grundy's game is never certified: no theorem \
covers it, so its sequence is reported as observed.\n\nExamples:\n  nimlab period subtraction --set 2,3,5,7\n  \
nimlab period subtraction --set 2,3,5,7,19 --json\n  nimlab period kayles\n  nimlab period octal --code 0.16\n  \
nimlab period octal --code 0.6 --upto 100000\n  nimlab period grundy-game --upto 100000"
)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// The most Grundy values to compute: a subtraction game without a certificate within them
    /// is an error; a take-and-break game is reported as "no period up to N".
    #[arg(long, visible_alias = "upto", value_name = "N", default_value_t = DEFAULT_LIMIT, value_parser = crate::game_args::positive)]
    pub limit: u64,
}

/// Runs `nimlab period`.
///
/// # Errors
/// Usage errors for bad input; a failure when no certificate is found within the limits.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    let report = period(&args.game.spec()?, args.limit, &cx.budget)?;
    if cx.json {
        return write_json(out, &report);
    }
    let text = match &report.body {
        PeriodBody::Subtraction(p) => subtraction_text(p),
        PeriodBody::TakeAndBreak(p) => sequence_text(p),
    };
    Ok(write!(out, "{text}")?)
}

/// "pre (period) ...", in runs.
fn sequence_line(preperiod: &str, period: &str) -> String {
    if preperiod.is_empty() {
        format!("G = ({period}) ...")
    } else {
        format!("G = {preperiod} ({period}) ...")
    }
}

fn subtraction_text(p: &Periodicity) -> String {
    let line = sequence_line(&runs(p.preperiod_values()), &runs(p.period_values()));
    let mut text =
        format!("SUB({{{}}}): preperiod {}, period {}\n{line}\n", set_text(&p.set), p.preperiod, p.period);
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

/// The most values written out in text per part; `--json` has them all.
const SHOWN: usize = 400;

/// The values in runs, the first [`SHOWN`] of them when there are more.
fn shortened_runs(values: &[u32]) -> String {
    if values.len() <= SHOWN {
        runs(values)
    } else {
        format!(
            "{} ... [{} more values; --json lists them all]",
            runs(&values[..SHOWN]),
            values.len() - SHOWN
        )
    }
}

fn sequence_text(p: &SequencePeriod) -> String {
    let mut text = String::new();
    match (p.preperiod, p.period, &p.values, &p.certificate) {
        (Some(l), Some(period), Some(values), Some(c)) => {
            let split = l as usize;
            let line = sequence_line(&shortened_runs(&values[..split]), &shortened_runs(&values[split..]));
            text.push_str(&format!("{}: preperiod {l}, period {period} (certified)\n{line}\n", p.title));
            text.push_str(&format!(
                "certificate: G(n + {period}) = G(n) for {l} <= n < {} (= {}·{} + {}·{period} + {}, k·max(l, 1) + \
                 (k-1)·p + t) ({} values computed)",
                c.checked_to,
                c.max_heaps,
                l.max(1),
                c.max_heaps - 1,
                c.max_removal,
                c.values_computed
            ));
            if let Some(w) = c.preperiod_witness {
                text.push_str(&format!("; G({w}) != G({}), so the preperiod is minimal", w + period));
            }
            text.push_str(&format!("\ntheorem: {}\n", c.theorem));
        }
        _ => {
            let rare = match p.rare_values {
                Some(rare) => format!("; {rare} rare values"),
                None => String::new(),
            };
            text.push_str(&format!(
                "{}: no period up to {}; largest value so far {}{rare}\n",
                p.title, p.values_computed, p.largest_value
            ));
            if !p.covered_by_theorem {
                text.push_str("no periodicity theorem covers this game: its values are only ever observed\n");
            }
        }
    }
    text.push_str(&format!("values: largest {}, {} distinct", p.largest_value, p.distinct_values));
    match (p.rare_values, p.rare_positions) {
        (Some(values), Some(heaps)) => {
            text.push_str(&format!("; sparse method: {values} rare values on {heaps} heaps\n"));
        }
        _ => text.push_str("; direct method\n"),
    }
    if let Some(o) = &p.observed {
        let needs = o
            .certificate_needs
            .map(|n| format!("; the certificate would need {n} values"))
            .unwrap_or_default();
        if o.saltus == 0 {
            text.push_str(&format!(
                "observed (not proved): G(n + {}) = G(n) for {} <= n < {}{needs}\n",
                o.period,
                o.preperiod,
                p.values_computed - o.period
            ));
        } else {
            text.push_str(&format!(
                "observed (not proved): arithmetic periodicity G(n + {}) = G(n) + {} (saltus {}) from {}\n",
                o.period, o.saltus, o.saltus, o.preperiod
            ));
        }
    }
    text
}
