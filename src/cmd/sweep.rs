//! `nimlab sweep`: certified preperiod and period over a family of sets, the conjecture's
//! piecewise-linear fit, and a resumable SQLite store.

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use nimlab_engine::periodicity::{
    fit_conjecture, set_text, sweep_periods, ConjectureFit, FitRow, LinearForm, PeriodSummary, Quantity,
};
use nimlab_store::{StoreError, StoredRow, SweepStore};
use serde_json::{json, Value};

use crate::cmd::period::{require_subtraction, DEFAULT_LIMIT, MAX_LIMIT};
use crate::family::{Family, Member};
use crate::UsageError;

/// Arguments of `nimlab sweep`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Families:
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

Examples:
  nimlab sweep subtraction --set 2,3,5,7 --add 11..500
  nimlab sweep subtraction --set 2,3,5,7 --add c=11..2000 --db results.sqlite
  nimlab sweep subtraction --set 2,3,5,7 --add c=11..2000 --db results.sqlite --report
  nimlab sweep subtraction --set 2a --add a=1..6 --add c=2a+1..200         # {a, 2a, c}
  nimlab sweep subtraction --set 1 --add b=6..12:2 --add c=b+1..300        # {1, b, c}, b even
  nimlab sweep subtraction --set 2..5 --add c=6..300 --json                # {2,3,4,5, c}")]
pub struct Args {
    /// The game: only `subtraction`.
    pub game: String,
    /// The fixed members (integers, intervals LO..HI, terms like 2a); may be omitted.
    #[arg(long, value_name = "ITEMS", default_value = "")]
    pub set: String,
    /// A varying member: [NAME=]LO..HI[:STEP]; give it once or twice.
    #[arg(long, value_name = "RANGE", required = true)]
    pub add: Vec<String>,
    /// SQLite file recording every finished row (created if missing).
    #[arg(long, value_name = "FILE")]
    pub db: Option<PathBuf>,
    /// Print the stored rows and the fit from --db without computing anything.
    #[arg(long, requires = "db")]
    pub report: bool,
    /// The most Grundy values to compute per set.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_LIMIT,
          value_parser = clap::value_parser!(u64).range(1..=MAX_LIMIT))]
    pub limit: u64,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// A sweep row's key: outer value, c, and the set as text (for the store).
type RowKey<'a> = (u64, u64, &'a str);

/// Rows of one outer value with their fit.
struct Group<'a> {
    outer: u64,
    rows: Vec<(&'a Member, PeriodSummary)>,
    fit: ConjectureFit,
}

/// Runs `nimlab sweep`.
///
/// # Errors
/// Usage errors for bad input; runtime errors from the store or a set whose period is beyond
/// the limit.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    require_subtraction(&args.game, "sweep")?;
    let family = Family::parse(&args.set, &args.add)?;
    let members = family.members()?;
    let store = args.db.as_ref().map(|path| SweepStore::open(path)).transpose()?;
    let mut results: HashMap<(u64, u64), PeriodSummary> = HashMap::new();
    let sweep_id = match &store {
        Some(store) if args.report => store.existing_sweep(&family.definition())?,
        Some(store) => Some(store.sweep(&family.definition())?),
        None => None,
    };
    if let (Some(store), Some(id)) = (&store, sweep_id) {
        for row in store.rows(id)? {
            results
                .insert((row.outer, row.c), PeriodSummary { preperiod: row.preperiod, period: row.period });
        }
    }
    let pending: Vec<(&Member, String)> = members
        .iter()
        .filter(|m| !results.contains_key(&(m.outer, m.c)))
        .map(|m| (m, set_text(&m.set)))
        .collect();
    if args.report {
        if !pending.is_empty() {
            eprintln!(
                "note: {} of the {} sets are not in the store yet; run without --report",
                pending.len(),
                members.len()
            );
        }
    } else {
        compute(args, &pending, store.as_ref().zip(sweep_id), &mut results)?;
    }
    let rows: Vec<(&Member, PeriodSummary)> =
        members.iter().filter_map(|m| results.get(&(m.outer, m.c)).map(|r| (m, *r))).collect();
    if rows.is_empty() {
        return Err(UsageError(format!("no stored rows for {}", family.definition())).into());
    }
    let names = family.names();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&sweep_json(&family, &names, &rows))?)?;
    } else {
        write!(out, "{}", sweep_text(&family, &names, &rows))?;
    }
    Ok(())
}

/// Certifies the pending sets in parallel, recording each row in the store as it finishes.
fn compute(
    args: &Args,
    pending: &[(&Member, String)],
    store: Option<(&SweepStore, nimlab_store::SweepId)>,
    results: &mut HashMap<(u64, u64), PeriodSummary>,
) -> anyhow::Result<()> {
    if pending.is_empty() {
        return Ok(());
    }
    let bar = ProgressBar::with_draw_target(Some(pending.len() as u64), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} sets, {elapsed} elapsed, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let store_error: Mutex<Option<StoreError>> = Mutex::new(None);
    let inputs: Vec<(RowKey, Vec<u64>)> =
        pending.iter().map(|(m, text)| ((m.outer, m.c, text.as_str()), m.set.clone())).collect();
    let outcomes = sweep_periods(&inputs, args.limit, |&(outer, c, members), result| {
        if let (Ok(summary), Some((store, id))) = (result, &store) {
            let row = StoredRow {
                outer,
                c,
                members: members.to_string(),
                preperiod: summary.preperiod,
                period: summary.period,
            };
            if let Err(error) = store.record(*id, &row) {
                if let Ok(mut slot) = store_error.lock() {
                    slot.get_or_insert(error);
                }
            }
        }
        bar.inc(1);
    });
    bar.finish_and_clear();
    if let Some(error) = store_error.into_inner().ok().flatten() {
        return Err(error.into());
    }
    for (((outer, c, _), _), outcome) in inputs.iter().zip(outcomes) {
        results.insert((*outer, *c), outcome?);
    }
    Ok(())
}

/// The rows grouped by outer value, each with its fit.
fn groups<'a>(rows: &[(&'a Member, PeriodSummary)]) -> Vec<Group<'a>> {
    let mut groups: Vec<(u64, Vec<(&Member, PeriodSummary)>)> = Vec::new();
    for &(m, r) in rows {
        match groups.last_mut() {
            Some((outer, list)) if *outer == m.outer => list.push((m, r)),
            _ => groups.push((m.outer, vec![(m, r)])),
        }
    }
    groups
        .into_iter()
        .map(|(outer, list)| {
            let fit_rows: Vec<FitRow> = list
                .iter()
                .map(|(m, r)| FitRow { c: m.c, preperiod: r.preperiod, period: r.period })
                .collect();
            let fit = fit_conjecture(&fit_rows);
            Group { outer, rows: list, fit }
        })
        .collect()
}

fn sweep_text(family: &Family, names: &[String], rows: &[(&Member, PeriodSummary)]) -> String {
    let inner = names.last().map_or("c", String::as_str);
    let mut text = format!("{}: {} sets\n", family.definition(), rows.len());
    for Group { outer, rows: list, fit } in groups(rows) {
        let label = if names.len() == 2 { format!("{} = {outer}: ", names[0]) } else { String::new() };
        text.push_str(&format!("\n{label}{:>8} {:>10} {:>8}  set\n", inner, "preperiod", "period"));
        for (m, r) in &list {
            text.push_str(&format!(
                "{:>8} {:>10} {:>8}  {{{}}}\n",
                m.c,
                r.preperiod,
                r.period,
                set_text(&m.set)
            ));
        }
        text.push_str(&fit_text(&label, inner, &fit));
    }
    text
}

fn fit_text(label: &str, inner: &str, fit: &ConjectureFit) -> String {
    match fit {
        ConjectureFit::NoFit(reason) => format!("{label}no fit: {reason}\n"),
        ConjectureFit::Fit(f) => {
            let exceptions = if f.exceptions.is_empty() {
                "no exceptions".to_string()
            } else {
                let list: Vec<String> = f
                    .exceptions
                    .iter()
                    .map(|e| format!("{inner}={} (l={}, p={})", e.c, e.preperiod, e.period))
                    .collect();
                format!("exceptions: {}", list.join(", "))
            };
            let rename = |s: String| if inner == "c" { s } else { s.replace('c', inner) };
            format!(
                "{label}fit for {inner} >= {}, modulus {}; {exceptions}\n  l = {}\n  p = {}\n",
                f.threshold,
                f.modulus,
                rename(f.formula(Quantity::Preperiod)),
                rename(f.formula(Quantity::Period))
            )
        }
    }
}

fn form_json(form: &LinearForm) -> Value {
    json!({ "slope": form.slope.to_string(), "intercept": form.intercept.to_string(), "text": form.to_string() })
}

fn fit_json(fit: &ConjectureFit) -> Value {
    match fit {
        ConjectureFit::NoFit(reason) => json!({ "found": false, "reason": reason }),
        ConjectureFit::Fit(f) => json!({
            "found": true,
            "modulus": f.modulus,
            "threshold": f.threshold,
            "preperiod_formula": f.formula(Quantity::Preperiod),
            "period_formula": f.formula(Quantity::Period),
            "classes": f.classes.iter().map(|c| json!({
                "residue": c.residue,
                "preperiod": form_json(&c.preperiod),
                "period": form_json(&c.period),
                "support": c.support,
            })).collect::<Vec<_>>(),
            "exceptions": f.exceptions.iter().map(|e| json!({
                "c": e.c, "preperiod": e.preperiod, "period": e.period,
            })).collect::<Vec<_>>(),
        }),
    }
}

fn sweep_json(family: &Family, names: &[String], rows: &[(&Member, PeriodSummary)]) -> Value {
    let row_json = |m: &Member, r: &PeriodSummary| {
        let mut object = json!({ "c": m.c, "set": m.set, "preperiod": r.preperiod, "period": r.period });
        if names.len() == 2 {
            object[names[0].as_str()] = json!(m.outer);
        }
        object
    };
    let groups = groups(rows);
    let mut value = json!({
        "game": "subtraction",
        "definition": family.definition(),
        "parameters": names,
        "rows": rows.iter().map(|(m, r)| row_json(m, r)).collect::<Vec<_>>(),
    });
    if names.len() == 2 {
        value["fits"] =
            groups.iter().map(|g| json!({ names[0].as_str(): g.outer, "fit": fit_json(&g.fit) })).collect();
    } else if let Some(group) = groups.first() {
        value["fit"] = fit_json(&group.fit);
    }
    value
}
