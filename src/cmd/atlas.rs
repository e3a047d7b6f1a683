//! `nimlab sweep octal`: an atlas of octal codes (see `nimlab_reports::atlas`), its options and
//! its text.

use std::io::Write;
use std::path::PathBuf;

use nimlab_reports::atlas::{
    atlas, AtlasGame, AtlasReport, AtlasRequest, AtlasRows, Counts, Merged, DEFAULT_UPTO,
};
use nimlab_reports::misere_atlas::{misere_atlas, MisereAtlasReport, DEFAULT_MISERE_UPTO};
use nimlab_reports::quotient::QuotientStatus;
use nimlab_store::Shard;

use crate::cmd::sweep;
use crate::{progress, usage, write_json, Context};

/// The options of `sweep octal`.
#[derive(clap::Args, Debug)]
pub struct AtlasArgs {
    /// Octal atlas: the codes, a pattern like 0.?? or 0.[1-3]7 (? any digit, [..] a range or list).
    #[arg(long, value_name = "PATTERN")]
    pub codes: Option<String>,
    /// Octal atlas: values computed per code before "no period up to N".
    #[arg(long, value_name = "N", value_parser = crate::game_args::positive)]
    pub upto: Option<u64>,
    /// Octal atlas: compute only shard I of N (0 <= I < N), a deterministic split by code.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    pub shard: Option<Shard>,
    /// Octal atlas: merge these shard stores into --db, then report.
    #[arg(long, value_name = "FILE", num_args = 1.., requires = "db")]
    pub merge: Vec<PathBuf>,
    /// Octal atlas: misère play — each code's misère quotient (--upto is then the heap bound,
    /// default 200), certified or partial.
    #[arg(long)]
    pub misere: bool,
}

impl AtlasArgs {
    /// The first atlas option given, as typed (for subtraction families, which take none).
    pub fn given(&self) -> Option<&'static str> {
        if self.codes.is_some() {
            Some("--codes")
        } else if self.upto.is_some() {
            Some("--upto")
        } else if self.shard.is_some() {
            Some("--shard")
        } else if !self.merge.is_empty() {
            Some("--merge")
        } else if self.misere {
            Some("--misere")
        } else {
            None
        }
    }
}

fn parse_shard(text: &str) -> Result<Shard, String> {
    text.parse()
}

/// Runs `nimlab sweep octal`.
///
/// # Errors
/// Usage errors for bad input; runtime errors from the store and the budget.
pub fn run(args: &sweep::Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    if !args.add.is_empty() || !args.set.is_empty() {
        return usage("--set and --add are for subtraction families; an octal atlas takes --codes PATTERN");
    }
    let options = &args.atlas;
    if options.codes.is_none() && options.merge.is_empty() && !args.report {
        return usage("an octal atlas needs --codes PATTERN, e.g. --codes '0.??'");
    }
    let request = AtlasRequest {
        codes: options.codes.clone(),
        upto: options.upto.unwrap_or(if options.misere { DEFAULT_MISERE_UPTO } else { DEFAULT_UPTO }),
        shard: options.shard,
        db: args.db.as_deref(),
        report_only: args.report,
        merge: options.merge.clone(),
    };
    let bar = progress::bar("games");
    let update = progress::update(&bar);
    if options.misere {
        let report = misere_atlas(&request, &cx.budget, &update)?;
        bar.finish_and_clear();
        show(&report, report.atlas.counts.missing, misere_text, cx, out)
    } else {
        let report = atlas(&request, &cx.budget, &update)?;
        bar.finish_and_clear();
        show(&report, report.atlas.counts.missing, atlas_text, cx, out)
    }
}

/// Writes an atlas (normal or misère) as JSON or text, after a note on standard error when
/// games of the pattern are missing from the store.
fn show<R: serde::Serialize>(
    report: &R,
    missing: usize,
    text: fn(&R) -> String,
    cx: &Context,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    if missing > 0 {
        eprintln!("note: {missing} games of the pattern are not in the store yet; run without --report");
    }
    if cx.json {
        write_json(out, report)
    } else {
        Ok(write!(out, "{}", text(report))?)
    }
}

/// One line per store file merged into the atlas.
fn merged_text(merged: &[Merged]) -> String {
    merged
        .iter()
        .map(|m| {
            format!(
                "merged {}: {} rows read, {} new, {} replaced, {} kept\n",
                m.file, m.read, m.inserted, m.replaced, m.kept
            )
        })
        .collect()
}

/// What an atlas report covers: "octal atlas 0.??, shard 1/4", or the whole store.
fn atlas_name(atlas: &str, codes: &Option<String>, shard: &Option<String>) -> String {
    match (codes, shard) {
        (Some(codes), Some(shard)) => format!("{atlas} {codes}, shard {shard}"),
        (Some(codes), None) => format!("{atlas} {codes}"),
        (None, _) => format!("{atlas} (the whole store)"),
    }
}

/// An atlas's first lines: the store files merged, then what it is (`name`, its codes and
/// shard) and what it counts, its games not certified called `uncertified`.
fn heading<U, G>(
    atlas: &AtlasRows<Counts<U>, G>,
    name: &str,
    codes: &Option<String>,
    uncertified: &str,
) -> String {
    let what = atlas_name(name, codes, &atlas.shard);
    let Counts { codes, games, certified, uncertified: open, .. } = atlas.counts;
    let counts = format!("{codes} codes, {games} games ({certified} certified, {open} {uncertified})");
    merged_text(&atlas.merged) + &format!("{what}: {counts}\n\n")
}

fn misere_text(report: &MisereAtlasReport) -> String {
    let mut text = heading(&report.atlas, "misère atlas", &report.codes, "partial quotients Q_n");
    text.push_str(&format!(
        "{:<12} {:>9} {:>6} {:>5} {:>9} {:>7} {:>7}  presentation\n",
        "code", "status", "|Q|", "|P|", "preperiod", "period", "heaps"
    ));
    for row in &report.atlas.rows {
        let observed = |n: Option<u64>| match n {
            Some(n) if row.status == QuotientStatus::Certified => n.to_string(),
            Some(n) => format!("~{n}"),
            None => "-".into(),
        };
        text.push_str(&format!(
            "{:<12} {:>9} {:>6} {:>5} {:>9} {:>7} {:>7}  {}\n",
            row.code,
            row.status.name(),
            row.order,
            row.p_size,
            observed(row.preperiod),
            observed(row.period),
            row.reached,
            row.presentation
        ));
    }
    text
}

fn atlas_text(report: &AtlasReport) -> String {
    let mut text = heading(&report.atlas, "octal atlas", &report.codes, "open up to their values computed");
    text.push_str(&format!(
        "{:<12} {:>10} {:>9} {:>9} {:>8} {:>12}  aliases\n",
        "code", "preperiod", "period", "values", "largest", "rare"
    ));
    for row in &report.atlas.rows {
        text.push_str(&row_text(row));
    }
    text
}

fn row_text(row: &AtlasGame) -> String {
    let (preperiod, period) = match (row.preperiod, row.period, &row.observed) {
        (Some(l), Some(p), _) => (l.to_string(), p.to_string()),
        (_, _, Some(o)) if o.saltus == 0 => (format!("~{}", o.preperiod), format!("~{}", o.period)),
        (_, _, Some(o)) => (format!("~{}", o.preperiod), format!("~{}{:+}", o.period, o.saltus)),
        _ => ("none".into(), "none".into()),
    };
    let rare = match (row.rare_values, row.rare_positions) {
        (Some(values), Some(heaps)) => format!("{values}/{heaps}"),
        _ => "-".into(),
    };
    let aliases: Vec<String> = row.aliases.iter().map(|a| format!("{} ({})", a.code, a.relation)).collect();
    format!(
        "{:<12} {:>10} {:>9} {:>9} {:>8} {:>12}  {}\n",
        row.code,
        preperiod,
        period,
        row.values_computed,
        row.largest_value,
        rare,
        aliases.join(", ")
    )
}
