//! `sweep octal --codes PATTERN --misere`: the misère atlas. Every code of a pattern, codes that
//! are the same game (trailing zeros) once, each game's misère quotient: certified (`|Q|`, `|P|`,
//! `Φ`'s preperiod and period, the presentation) or partial (`Q_n`, with the heap `n` reached
//! when the heap bound or the code's work share stopped it). Recorded in the atlas store as each
//! game finishes (resumable after `kill -9`, every row once), sharded and merged like the
//! normal-play atlas ([`crate::atlas`]).

use nimlab_engine::analysis::Progress;
use nimlab_engine::misere::atlas::{
    group_same_game, run_misere_atlas, MisereAtlasEntry, MisereAtlasError, MisereGroup,
};
use nimlab_engine::octal::{expand_pattern, OctalCode};
use nimlab_engine::{Budget, EngineError};
use nimlab_store::MisereRow;
use serde::Serialize;

use crate::atlas::{AtlasRequest, Merged, MAX_CODES};
use crate::atlas_run::AtlasRun;
use crate::error::invalid;
use crate::ReportError;

/// The default heap bound of the misère atlas (Kayles is certified at heap 167).
pub const DEFAULT_MISERE_UPTO: u64 = 200;

/// The work each code may use before its partial quotient is recorded.
pub const WORK_PER_CODE: u64 = 5_000_000;

/// One game of the misère atlas.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MisereGame {
    /// The game's code (without trailing zeros).
    pub code: String,
    /// The other codes of the pattern that are this game.
    pub aliases: Vec<String>,
    /// `"certified"` (the quotient of all heaps) or `"partial"` (`Q_n`, `n` = `reached`).
    pub status: &'static str,
    /// `|Q|` (of `Q_n` when partial).
    pub order: u64,
    /// `|P|`.
    pub p_size: u64,
    /// `Φ`'s preperiod: certified, or observed when partial (null: none seen).
    pub preperiod: Option<u64>,
    /// `Φ`'s period, likewise.
    pub period: Option<u64>,
    /// The last heap computed.
    pub reached: u64,
    /// The heaps where the presentation changed.
    pub expansions: Vec<u64>,
    /// The presentation.
    pub presentation: String,
}

/// Counts of a misère atlas.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct MisereAtlasCounts {
    /// Codes of the pattern (or, for a whole store, codes and aliases stored).
    pub codes: usize,
    /// Games reported.
    pub games: usize,
    /// Games certified.
    pub certified: usize,
    /// Games partial.
    pub partial: usize,
    /// Games of the pattern (and shard) not in the store (when reporting without computing).
    pub missing: usize,
    /// Games computed by this run.
    pub computed: usize,
}

/// A misère atlas.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MisereAtlasReport {
    /// Always `"octal"`.
    pub game: &'static str,
    /// Always `"misere"`.
    pub play: &'static str,
    /// The pattern, or null for a whole store.
    pub codes: Option<String>,
    /// The heap bound.
    pub upto: u64,
    /// Work units each code may use.
    pub work_per_code: u64,
    /// The shard, `i/n`, or null.
    pub shard: Option<String>,
    /// The shard stores merged first.
    pub merged: Vec<Merged>,
    /// The counts.
    pub counts: MisereAtlasCounts,
    /// The games (pattern order when a pattern is given, else by code).
    pub rows: Vec<MisereGame>,
}

impl MisereGame {
    fn from_row(row: &MisereRow) -> Self {
        MisereGame {
            code: row.code.clone(),
            aliases: row.aliases.clone(),
            status: if row.certified { "certified" } else { "partial" },
            order: row.order,
            p_size: row.p_size,
            preperiod: row.preperiod,
            period: row.period,
            reached: row.reached,
            expansions: row.expansions.split_whitespace().filter_map(|h| h.parse().ok()).collect(),
            presentation: row.presentation.clone(),
        }
    }
}

/// The store's row of a finished game.
pub fn misere_row_of(entry: &MisereAtlasEntry) -> MisereRow {
    let q = &entry.quotient;
    MisereRow {
        code: entry.group.representative.to_string(),
        aliases: entry.group.aliases.iter().map(ToString::to_string).collect(),
        certified: q.is_certified(),
        order: q.quotient.order() as u64,
        p_size: q.quotient.p_portion().len() as u64,
        preperiod: q.periodicity.map(|p| p.preperiod),
        period: q.periodicity.map(|p| p.period),
        reached: q.reached(),
        expansions: q.expansions.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "),
        presentation: q.presentation().render(),
    }
}

/// Computes or reports a misère atlas (`request.upto` is the heap bound); `progress(done,
/// total)` counts the games computed.
///
/// # Errors
/// [`ReportError::Invalid`] for a bad pattern, `--merge` or `--report` without a store, or
/// nothing to report; store errors; [`ReportError::Engine`] when the budget, the deadline or a
/// cancellation stops the atlas (every game finished before is in the store).
pub fn misere_atlas(
    request: &AtlasRequest<'_>,
    budget: &Budget,
    progress: Progress<'_>,
) -> Result<MisereAtlasReport, ReportError> {
    let run = AtlasRun::<MisereRow>::open(request)?;
    let mut report = MisereAtlasReport {
        game: "octal",
        play: "misere",
        codes: request.codes.clone(),
        upto: request.upto,
        work_per_code: WORK_PER_CODE,
        shard: request.shard.map(|s| format!("{}/{}", s.index, s.count)),
        merged: run.merged.clone(),
        counts: MisereAtlasCounts::default(),
        rows: Vec::new(),
    };
    let Some(pattern) = &request.codes else {
        report.rows = run.whole_store()?.iter().map(MisereGame::from_row).collect();
        report.counts.codes = report.rows.iter().map(|r| 1 + r.aliases.len()).sum();
        return finish(report);
    };
    let codes = expand_pattern(pattern, MAX_CODES).map_err(|e| ReportError::Invalid(e.to_string()))?;
    let groups: Vec<MisereGroup> = group_same_game(&codes)
        .into_iter()
        .filter(|g| g.representative.max_removal() > 0)
        .filter(|g| request.shard.is_none_or(|shard| shard.owns(&g.representative.to_string())))
        .collect();
    let named: std::collections::HashSet<&OctalCode> = codes.iter().collect();
    report.counts.codes =
        groups.iter().map(|g| usize::from(named.contains(&g.representative)) + g.aliases.len()).sum();
    let code = |group: &MisereGroup| group.representative.to_string();
    let pending = run.pending(&groups, code, request.upto)?;
    let mut computed: Vec<MisereAtlasEntry> = Vec::new();
    if run.computing {
        computed = compute(&run, &pending, request.upto, budget, progress)?;
        report.counts.computed = computed.len();
    } else {
        report.counts.missing = pending.len();
    }
    let computed_row = |group: &MisereGroup| {
        computed.iter().find(|e| e.group.representative == group.representative).map(misere_row_of)
    };
    for (row, _) in run.rows(&groups, code, computed_row)? {
        report.rows.push(MisereGame::from_row(&row));
    }
    finish(report)
}

fn finish(mut report: MisereAtlasReport) -> Result<MisereAtlasReport, ReportError> {
    report.counts.games = report.rows.len();
    report.counts.certified = report.rows.iter().filter(|r| r.status == "certified").count();
    report.counts.partial = report.counts.games - report.counts.certified;
    if report.rows.is_empty() && report.counts.missing > 0 {
        return invalid("no game of the pattern is in the store yet; run the atlas without --report");
    }
    Ok(report)
}

fn compute(
    run: &AtlasRun<MisereRow>,
    pending: &[MisereGroup],
    upto: u64,
    budget: &Budget,
    progress: Progress<'_>,
) -> Result<Vec<MisereAtlasEntry>, ReportError> {
    let result = run.record_each(pending.len(), budget, progress, misere_row_of, |on_done| {
        run_misere_atlas(pending, upto, WORK_PER_CODE, budget, on_done)
    })?;
    result.map_err(|error| match error {
        MisereAtlasError::Exhausted { finished, total, cause } => {
            run.stopped("the misère atlas", finished, total, cause)
        }
        MisereAtlasError::Internal(e) => EngineError::Limit(e.to_string()).into(),
    })
}
