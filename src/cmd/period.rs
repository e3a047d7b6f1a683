//! `nimlab period`: the preperiod and period of a one-heap game's Grundy sequence, certified for
//! subtraction and take-and-break games, otherwise observed in the values up to the limit; and
//! the additive period of a row of Wythoff's Grundy table (`--row A`).

use std::io::Write;

use nimlab_engine::not_answered;
use nimlab_engine::octal::ValuesView;
use nimlab_engine::periodicity::{runs, set_text, Periodicity};
use nimlab_engine::Research;
use nimlab_reports::period::{
    period, period_checkpointed, row_period, ObservedSequence, PeriodBody, RowPeriodReport, RowPeriodStatus,
    Runs, SequencePeriod, DEFAULT_ROW_COLUMNS,
};

use nimlab_reports::emit::{emit, Language};

use crate::game_args::GameArgs;
use crate::{usage, write_json, Context};

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
covers it, so its sequence is reported as observed.\n\nAny other game with one-heap positions (take \
patterns, bash, half, ...): no theorem is applied; its first N values (--upto N, default 10000) are computed by \
its table path and the report says what they show, \"observed: preperiod l, period p, saltus s, over n < N\" \
(G(n + p) = G(n) + s for l <= n < N - p; saltus 0 is plain periodicity), never certified, or \"none seen\". The \
least preperiod is reported, then the least period, among those seen over at least two full periods and at \
least min(64, N/4) comparisons; a plain period before a saltus.\n\nWythoff's game (--row A): row A of the Grundy table is \
additively periodic, G(A, n + p) = G(A, n) + p for n >= n0 (the saltus equals the period). The period is certified \
when a window state of the row repeats once the rows below are certified (the proof is in docs/wythoff-rows.md), \
and reported as observed on the columns computed otherwise.\n\nExamples:\n  nimlab period subtraction --set \
2,3,5,7\n  nimlab period subtraction --set 2,3,5,7,19 --json\n  nimlab period kayles\n  nimlab period octal --code \
0.16\n  nimlab period octal --code 0.6 --upto 100000\n  nimlab period octal --code 0.354 --checkpoint 0.354.ckpt\n  nimlab period grundy-game --upto 100000\n  nimlab period \
pattern --piles 1 --move one:1 --move one:3 --move one:4\n  nimlab period nim --upto 1000\n  nimlab period \
wythoff --row 5\n  nimlab period subtraction --set 1,3,4 --emit cpp > g.cpp\n  nimlab period kayles --emit python"
)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// Wythoff's game: the row A (the first heap) whose additive period to find.
    #[arg(long, value_name = "A", value_parser = crate::game_args::count)]
    pub row: Option<u64>,
    /// The most Grundy values to compute (default: 50000000): a subtraction game without a
    /// certificate within them is an error; a take-and-break game is reported as "no period up
    /// to N"; another game's period is observed over n < N (default: 10000). For Wythoff's rows,
    /// the most columns (default: 100000).
    #[arg(long, visible_alias = "upto", value_name = "N", value_parser = crate::game_args::positive)]
    pub limit: Option<u64>,
    /// Take-and-break games: keep the values computed in FILE as they grow (4 bytes a value,
    /// saved every few seconds), and start from the values FILE holds: a run stopped at any
    /// moment (budget, --timeout, kill -9) and run again with the same FILE goes on where it
    /// stopped and reaches the same certificate.
    #[arg(long, value_name = "FILE", conflicts_with = "row")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Write a short, self-contained program computing G(n) in LANG (python, cpp or rust)
    /// instead of the report: a function from the period (the preperiod's values as a table), and
    /// a main printing G(n) for each n read from standard input. From an observed period, the
    /// function answers only n within the values computed and says so.
    #[arg(long, value_name = "LANG", value_parser = parse_language)]
    pub emit: Option<Language>,
}

fn parse_language(text: &str) -> Result<Language, String> {
    text.parse()
}

/// Runs `nimlab period`.
///
/// # Errors
/// Usage errors for bad input; a failure when no certificate is found within the limits.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    let spec = args.game.spec()?;
    if args.emit.is_some() && args.row.is_some() {
        return usage("--emit writes G(n) of a one-heap game; it does not apply to --row");
    }
    let rows = spec.info().capabilities.answers(Research::AdditiveRows);
    match (rows, args.row) {
        (true, Some(row)) => {
            let report = row_period(&spec, row, args.limit.unwrap_or(DEFAULT_ROW_COLUMNS), &cx.budget)?;
            if cx.json {
                write_json(out, &report)
            } else {
                Ok(write!(out, "{}", row_text(&report))?)
            }
        }
        (true, None) => usage(format!(
            "period {} needs --row A: the row (first heap) whose additive period to find",
            spec.name()
        )),
        (false, Some(_)) => Err(not_answered(Research::AdditiveRows, spec.name()).into()),
        (_, None) => {
            let report = match &args.checkpoint {
                Some(file) => period_checkpointed(&spec, args.limit, file, &cx.budget)?,
                None => period(&spec, args.limit, &cx.budget)?,
            };
            if let Some(language) = args.emit {
                return Ok(write!(out, "{}", emit(&report, language)?)?);
            }
            if cx.json {
                return write_json(out, &report);
            }
            let text = match &report.body {
                PeriodBody::Subtraction(p) => subtraction_text(p),
                PeriodBody::TakeAndBreak(p) => sequence_text(p),
                PeriodBody::Observed(o) => observed_text(&report.game.game.to_string(), o),
            };
            Ok(write!(out, "{text}")?)
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
fn shortened_runs<T: PartialEq + std::fmt::Display>(values: &[T]) -> String {
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
            let shown = |part: ValuesView<'_>| Runs::of(part).shortened(SHOWN).to_string();
            let line = sequence_line(
                &shown(values.view().slice(0, split)),
                &shown(values.view().slice(split, values.len())),
            );
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
            if let Some(exceptions) = p.exceptions.as_ref().filter(|e| !e.is_empty()) {
                let shown: Vec<String> = exceptions
                    .iter()
                    .take(SHOWN_ITEMS)
                    .map(|e| format!("G({}) = {} (the period gives {})", e.heap, e.value, e.period_value))
                    .collect();
                text.push_str(&format!(
                    "exceptions: {} heap{} n < {l} whose value is not the period's{}\n",
                    exceptions.len(),
                    if exceptions.len() == 1 { "" } else { "s" },
                    listed(&shown, exceptions.len())
                ));
            }
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
            if let Some(values) = &p.values {
                text.push_str(&window(values.iter().map(u64::from), values.len()));
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
    if let Some(rare) = p.rare.as_deref().filter(|rare| !rare.is_empty()) {
        let shown: Vec<String> = rare
            .iter()
            .map(|r| {
                let heaps: Vec<String> = r.heaps.iter().map(u64::to_string).collect();
                format!("{} at {}", r.value, heaps_text(&heaps))
            })
            .collect();
        text.push_str(&format!(
            "rare values (heaps n >= 1): {}\n",
            listed(&shown, shown.len()).trim_start_matches(": ")
        ));
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

/// The most exceptions, rare values, and heaps per rare value written out in text; `--json` has
/// them all.
const SHOWN_ITEMS: usize = 6;

/// `": a, b, c ... and K more"` with at most [`SHOWN_ITEMS`] of `items`, the first of `total`;
/// empty for none.
fn listed(items: &[String], total: usize) -> String {
    if items.is_empty() {
        return String::new();
    }
    let more = total.saturating_sub(SHOWN_ITEMS);
    let more = if more > 0 { format!(" ... and {more} more") } else { String::new() };
    format!(": {}{more}", items[..items.len().min(SHOWN_ITEMS)].join("; "))
}

/// Heaps `a, b, c ... (K heaps)`, the first [`SHOWN_ITEMS`] of them.
fn heaps_text(heaps: &[String]) -> String {
    let shown = heaps[..heaps.len().min(SHOWN_ITEMS)].join(", ");
    if heaps.len() > SHOWN_ITEMS {
        format!("{shown} ... ({} heaps)", heaps.len())
    } else {
        shown
    }
}

/// The first values of a sequence written out in text.
const WINDOW: usize = 40;

/// `G(0..k) = ...`: the first [`WINDOW`] values of a sequence of `len`.
fn window(values: impl Iterator<Item = u64>, len: usize) -> String {
    let shown: Vec<String> = values.take(WINDOW).map(|v| v.to_string()).collect();
    let more = if len > WINDOW {
        format!(" ... [{} more; --json lists them all]", len - WINDOW)
    } else {
        String::new()
    };
    format!("G(0..{}) = {}{more}\n", shown.len(), shown.join(" "))
}

/// A game no theorem covers: the regularity seen, never called certified.
fn observed_text(game: &str, o: &ObservedSequence) -> String {
    let n = o.values_computed;
    let mut text = match &o.observed {
        Some(seen) => {
            let mut text = format!(
                "{game}: observed: preperiod {}, period {}, saltus {}, over n < {n}\n",
                seen.preperiod, seen.period, seen.saltus
            );
            let (l, p) = (seen.preperiod as usize, seen.period as usize);
            text.push_str(&sequence_line(
                &shortened_runs(&o.values[..l]),
                &shortened_runs(&o.values[l..l + p]),
            ));
            if seen.saltus != 0 {
                text.push_str(&format!(" (each period adds {})", seen.saltus));
            }
            let plus = if seen.saltus == 0 { String::new() } else { format!(" + {}", seen.saltus) };
            text.push_str(&format!(
                "\nG(n + {p}) = G(n){plus} for {l} <= n < {} in the values computed; not proved: no periodicity theorem \
                 nimlab applies covers this game\n",
                n - seen.period,
                p = seen.period,
                l = seen.preperiod
            ));
            text
        }
        None => {
            let mut text = format!(
                "{game}: none seen: no period or saltus over n < {n} (one must span two full periods and at least \
                 min(64, N/4) comparisons)\n"
            );
            text.push_str(&window(o.values.iter().copied(), o.values.len()));
            text
        }
    };
    text.push_str(&format!(
        "values: largest {}, {} distinct; computed by {}\n",
        o.largest_value, o.distinct_values, o.basis.detail
    ));
    text
}
