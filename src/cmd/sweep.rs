//! `nimlab sweep`: certified preperiod and period over a family of sets, the conjecture's
//! piecewise-linear fit, and a resumable SQLite store; `sweep octal` is an atlas of octal codes
//! ([`crate::cmd::atlas`]).

use std::io::Write;
use std::path::PathBuf;

use nimlab_engine::answering;
use nimlab_engine::periodicity::Family;
use nimlab_engine::Research;
use nimlab_reports::period::DEFAULT_LIMIT;
use nimlab_reports::sweep::{sweep, FitReport, SweepReport, SweepRequest};

use crate::{progress, usage, write_json, Context, UsageError};

/// Arguments of `nimlab sweep`.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "Families:
  --set lists the fixed members: integers (7), intervals (2..5 = 2,3,4,5) and linear terms in the
  parameters (2a, a+2, 3a-1). Each --add NAME=LO..HI[:STEP] declares a parameter running over
  LO, LO+STEP, ... up to HI (both ends included) and adds it to the set; LO and HI may be terms in
  a parameter declared earlier. Without NAME= the parameter is c. With two --add, the first is the
  outer parameter and the fit is made in the last one for each value of the first.

Fit: for each residue class c mod q and c >= N, l and p are fitted as linear forms in c; the
modulus with the shortest description (exceptions + 4 numbers per class) wins, and 'no fit' is
printed when no modulus explains the data.

Store: with --db F each finished row is committed at once; a re-run skips stored rows (also after
kill -9), and --report prints the stored rows and the fit without computing.

Octal atlases (sweep octal --codes PATTERN): every code of the pattern (? is any digit, [1-3] a
range, [157] a list; 0x for hexadecimal), codes that are the same game once with their aliases,
each game's certified preperiod and period or \"no period up to N\" (--upto, default 10000) with
its largest value and rare values; in parallel. With --db F each game is committed as it finishes
(a run killed even by kill -9 resumes where it stopped, every game stored once); --shard i/n
computes one of n deterministic parts (an array job's task); --merge A B ... merges shard stores
into --db and reports the result.

Misère atlases (sweep octal --codes PATTERN --misere): each game's misère quotient (codes equal up
to trailing zeros once): certified (|Q|, |P|, the pretending function's preperiod and period, the
presentation) or partial Q_n (the heap n reached when --upto, default 200, or the code's share of
work stopped it); --db, --shard, --merge and --report as above, in the same store file.

Examples:
  nimlab sweep subtraction --set 2,3,5,7 --add 11..500
  nimlab sweep subtraction --set 2,3,5,7 --add c=11..2000 --db results.sqlite
  nimlab sweep subtraction --set 2,3,5,7 --add c=11..2000 --db results.sqlite --report
  nimlab sweep subtraction --set 2a --add a=1..6 --add c=2a+1..200         # {a, 2a, c}
  nimlab sweep subtraction --set 1 --add b=6..12:2 --add c=b+1..300        # {1, b, c}, b even
  nimlab sweep subtraction --set 2..5 --add c=6..300 --json                # {2,3,4,5, c}
  nimlab sweep octal --codes '0.7?' --misere --upto 30                      # misère quotients"
)]
pub struct Args {
    /// The game: a family of subtraction games, or `octal` for an atlas of octal codes.
    pub game: String,
    /// The fixed members (integers, intervals LO..HI, terms like 2a); may be omitted.
    #[arg(long, value_name = "ITEMS", default_value = "")]
    pub set: String,
    /// A varying member: [NAME=]LO..HI[:STEP]; give it once or twice (subtraction).
    #[arg(long, value_name = "RANGE", required_unless_present_any = ["codes", "merge", "report"])]
    pub add: Vec<String>,
    /// SQLite file recording every finished row (created if missing); `--store` is the same.
    #[arg(long, visible_alias = "store", value_name = "FILE")]
    pub db: Option<PathBuf>,
    /// Print the stored rows (and the fit) from --db without computing anything.
    #[arg(long, requires = "db")]
    pub report: bool,
    /// The most Grundy values to compute per set (subtraction).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_LIMIT, value_parser = crate::game_args::positive)]
    pub limit: u64,
    #[command(flatten)]
    pub atlas: crate::cmd::atlas::AtlasArgs,
}

/// Runs `nimlab sweep`.
///
/// # Errors
/// Usage errors for bad input; runtime errors from the store, the budget or a set whose period
/// is beyond the limit.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    if crate::game_args::asks(&args.game, Research::CodeAtlas).is_ok() {
        return crate::cmd::atlas::run(args, cx, out);
    }
    if crate::game_args::asks(&args.game, Research::FamilySweep).is_err() {
        return usage(format!(
            "sweep runs over families ({}: sweep NAME --add ...) and atlases of codes ({}: sweep NAME --codes \
             ...), not '{}'",
            answering(Research::FamilySweep).join(", "),
            answering(Research::CodeAtlas).join(", "),
            args.game
        ));
    }
    if let Some(flag) = args.atlas.given() {
        return usage(format!(
            "{flag} is for atlases of octal codes (sweep octal), not subtraction families"
        ));
    }
    if args.add.is_empty() {
        return usage("a subtraction family needs --add [NAME=]LO..HI (the varying member)");
    }
    let family = Family::parse(&args.set, &args.add).map_err(|e| UsageError(e.to_string()))?;
    let request =
        SweepRequest { family, limit: args.limit, db: args.db.as_deref(), report_only: args.report };
    let bar = progress::bar("sets");
    let report = sweep(&request, &cx.budget, &progress::update(&bar))?;
    bar.finish_and_clear();
    if report.missing > 0 {
        eprintln!(
            "note: {} sets of the family are not in the store yet; run without --report",
            report.missing
        );
    }
    if cx.json {
        write_json(out, &report)
    } else {
        Ok(write!(out, "{}", sweep_text(&report))?)
    }
}

fn sweep_text(report: &SweepReport) -> String {
    let names = &report.parameters;
    let inner = names.last().map_or("c", String::as_str);
    let mut text = format!("{}: {} sets\n", report.definition, report.rows.len());
    for fit in &report.fits {
        let label = match fit.outer {
            Some(outer) if names.len() == 2 => format!("{} = {outer}: ", names[0]),
            _ => String::new(),
        };
        text.push_str(&format!("\n{label}{:>8} {:>10} {:>8}  set\n", inner, "preperiod", "period"));
        for row in report.rows.iter().filter(|r| r.outer == fit.outer) {
            let set: Vec<String> = row.set.iter().map(u64::to_string).collect();
            text.push_str(&format!(
                "{:>8} {:>10} {:>8}  {{{}}}\n",
                row.c,
                row.preperiod,
                row.period,
                set.join(",")
            ));
        }
        text.push_str(&fit_text(&label, inner, fit));
    }
    text
}

fn fit_text(label: &str, inner: &str, fit: &FitReport) -> String {
    if !fit.found {
        return format!("{label}no fit: {}\n", fit.reason.as_deref().unwrap_or_default());
    }
    let exceptions = if fit.exceptions.is_empty() {
        "no exceptions".to_string()
    } else {
        let list: Vec<String> = fit
            .exceptions
            .iter()
            .map(|e| format!("{inner}={} (l={}, p={})", e.c, e.preperiod, e.period))
            .collect();
        format!("exceptions: {}", list.join(", "))
    };
    let rename = |s: &str| if inner == "c" { s.to_string() } else { s.replace('c', inner) };
    format!(
        "{label}fit for {inner} >= {}, modulus {}; {exceptions}\n  l = {}\n  p = {}\n",
        fit.threshold.unwrap_or_default(),
        fit.modulus.unwrap_or_default(),
        rename(fit.preperiod_formula.as_deref().unwrap_or_default()),
        rename(fit.period_formula.as_deref().unwrap_or_default())
    )
}
