//! `sweep octal`: an atlas of octal codes. Every code of a pattern (`0.??`, `0.[1-3]7`), codes
//! that are the same game reported once with their aliases, each game's status (certified
//! preperiod and period, or "no period up to N" with what was observed), its largest value and
//! its rare-value figures; computed in parallel, recorded in the SQLite atlas store as each game
//! finishes (a killed run resumes where it stopped, every row exactly once), split into shards
//! for array jobs and merged back.

use std::path::{Path, PathBuf};

use nimlab_engine::octal::{
    group_codes, run_atlas, AtlasEntry, CodeGroup, Equivalence, OctalCode, PeriodOutcome, SequenceError,
};
use nimlab_engine::Budget;
use nimlab_engine::Progress;
use nimlab_engine::{sequence_error, Task};
use nimlab_store::{AtlasRow, Shard};
use serde::Serialize;

use crate::atlas_run::{drive, Compute, Convention};
pub use crate::atlas_run::{AtlasRows, Counts, Uncertified};
use crate::ReportError;

/// The most codes a pattern may expand to (a fixed limit: the codes and their groups are held
/// in memory, a few hundred bytes each).
pub const MAX_CODES: u64 = 1 << 20;

/// The default number of values computed per code: the horizon of "no period up to N".
pub const DEFAULT_UPTO: u64 = 10_000;

/// An atlas to compute or report.
#[derive(Debug, Clone)]
pub struct AtlasRequest<'a> {
    /// The pattern of codes; `None` reports every row of the store (with `report_only`).
    pub codes: Option<String>,
    /// Values computed per code, at most.
    pub upto: u64,
    /// This run's shard of the pattern's games, if split.
    pub shard: Option<Shard>,
    /// The store recording every finished game, if any.
    pub db: Option<&'a Path>,
    /// Report what the store holds, computing nothing.
    pub report_only: bool,
    /// Shard stores to merge into `db` first (then nothing is computed).
    pub merge: Vec<PathBuf>,
}

/// A code listed under a game, and how it is the same game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Alias {
    /// The code.
    pub code: String,
    /// `"same-game"` (trailing zeros) or `"same-values"` (a redundant whole-heap removal: equal
    /// Grundy values under normal play).
    pub relation: String,
}

/// One game of the atlas.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AtlasGame {
    /// The game's code (the representative of its aliases).
    pub code: String,
    /// The other codes of the pattern that are this game.
    pub aliases: Vec<Alias>,
    /// Certified, or open (no period up to `values_computed`).
    pub status: AtlasStatus,
    /// The certified minimal preperiod (null when open).
    pub preperiod: Option<u64>,
    /// The certified minimal period (null when open).
    pub period: Option<u64>,
    /// When open: a regularity seen in the data, not proved (null when none was seen).
    pub observed: Option<ObservedRow>,
    /// Values computed.
    pub values_computed: u64,
    /// The largest value computed.
    pub largest_value: u64,
    /// Values classed rare by the sparse method's split (null when it was not in use).
    pub rare_values: Option<u64>,
    /// Heaps with a rare value (null when the split was not in use).
    pub rare_positions: Option<u64>,
}

/// The status of a game of the normal-play atlas.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AtlasStatus {
    /// The period is certified (the Guy–Smith theorem).
    Certified,
    /// No period up to the values computed.
    Open,
}

impl AtlasStatus {
    /// `certified` or `open`, as the JSON contract writes it.
    pub fn name(self) -> &'static str {
        match self {
            AtlasStatus::Certified => "certified",
            AtlasStatus::Open => "open",
        }
    }
}

/// An observed (not certified) regularity of an open game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ObservedRow {
    /// From where it was seen.
    pub preperiod: u64,
    /// The period seen.
    pub period: u64,
    /// `G(n + period) - G(n)`: 0 for plain periodicity, else arithmetic periodicity.
    pub saltus: i64,
}

/// One shard store merged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Merged {
    /// The shard store's file.
    pub file: String,
    /// Rows read from it.
    pub read: u64,
    /// New codes.
    pub inserted: u64,
    /// Stored rows it superseded (certified over open, or a longer open run).
    pub replaced: u64,
    /// Rows already stored as well or better.
    pub kept: u64,
}

impl Uncertified for AtlasGame {
    const NAME: &'static str = "open";
}

/// Counts of the atlas (the games not certified under `open`).
pub type AtlasCounts = Counts<AtlasGame>;

/// An atlas of octal codes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AtlasReport {
    /// Always `"octal"`.
    pub game: &'static str,
    /// The pattern, or null for a whole store.
    pub codes: Option<String>,
    /// Values computed per code, at most.
    pub upto: u64,
    /// The shard, the stores merged, the counts and the games.
    #[serde(flatten)]
    pub atlas: AtlasRows<AtlasCounts, AtlasGame>,
}

impl AtlasGame {
    /// A stored row, with the aliases of the current pattern when there is one.
    fn from_row(row: &AtlasRow, group: Option<&CodeGroup>) -> Self {
        let aliases = match group {
            Some(group) => group
                .aliases
                .iter()
                .map(|(code, relation)| Alias {
                    code: code.to_string(),
                    relation: relation.name().to_string(),
                })
                .collect(),
            None => row
                .aliases
                .iter()
                .map(|text| {
                    let (code, relation) = text.split_once('=').unwrap_or((text, ""));
                    Alias { code: code.to_string(), relation: relation.to_string() }
                })
                .collect(),
        };
        let observed = match (row.certified, row.preperiod, row.period) {
            (false, Some(preperiod), Some(period)) => {
                Some(ObservedRow { preperiod, period, saltus: row.saltus.unwrap_or(0) })
            }
            _ => None,
        };
        AtlasGame {
            code: row.code.clone(),
            aliases,
            status: if row.certified { AtlasStatus::Certified } else { AtlasStatus::Open },
            preperiod: row.preperiod.filter(|_| row.certified),
            period: row.period.filter(|_| row.certified),
            observed,
            values_computed: row.values_computed,
            largest_value: row.largest_value,
            rare_values: row.rare_values,
            rare_positions: row.rare_positions,
        }
    }
}

/// The store's row of a finished game: the representative code, its aliases (`code=relation`),
/// the status and figures.
pub fn row_of(entry: &AtlasEntry) -> AtlasRow {
    let aliases =
        entry.group.aliases.iter().map(|(code, relation)| format!("{code}={}", relation.name())).collect();
    let code = entry.group.representative.to_string();
    match &entry.outcome {
        PeriodOutcome::Certified(c) => AtlasRow {
            code,
            aliases,
            certified: true,
            preperiod: Some(c.preperiod),
            period: Some(c.period),
            saltus: None,
            values_computed: c.certificate.values_computed,
            largest_value: c.stats.largest_value.into(),
            rare_values: c.stats.rare_values.map(u64::from),
            rare_positions: c.stats.rare_positions,
        },
        PeriodOutcome::Open(o) => AtlasRow {
            code,
            aliases,
            certified: false,
            preperiod: o.observed.as_ref().map(|x| x.preperiod),
            period: o.observed.as_ref().map(|x| x.period),
            saltus: o.observed.as_ref().map(|x| x.saltus),
            values_computed: o.values_computed,
            largest_value: o.stats.largest_value.into(),
            rare_values: o.stats.rare_values.map(u64::from),
            rare_positions: o.stats.rare_positions,
        },
    }
}

/// The normal-play atlas as a [`Convention`]: codes grouped by game and by equal values, each
/// game's certified period or what was seen of it.
struct Normal;

impl Convention for Normal {
    type Alias = (OctalCode, Equivalence);
    type Outcome = PeriodOutcome;
    type Row = AtlasRow;
    type Game = AtlasGame;
    const MISERE: bool = false;

    fn groups(codes: &[OctalCode]) -> Vec<CodeGroup> {
        group_codes(codes)
    }

    fn row_codes(row: &AtlasRow) -> usize {
        1 + row.aliases.len()
    }

    fn row_of(entry: &AtlasEntry) -> AtlasRow {
        row_of(entry)
    }

    fn game(row: &AtlasRow, group: Option<&CodeGroup>) -> AtlasGame {
        AtlasGame::from_row(row, group)
    }
}

/// Computes or reports an atlas; `progress(done, total)` counts the games computed.
///
/// # Errors
/// [`ReportError::Invalid`] for a bad pattern, `--merge` or `--report` without a store, or
/// nothing to report; store errors; [`ReportError::Engine`] when the budget, the deadline or a
/// cancellation stops the atlas (every game finished before is in the store).
pub fn atlas(
    request: &AtlasRequest<'_>,
    budget: &Budget,
    progress: Progress<'_>,
) -> Result<AtlasReport, ReportError> {
    let compute: Compute<'_, _, _, SequenceError> =
        &|pending, on_done| run_atlas(pending, request.upto, budget, on_done);
    let failure = |e| sequence_error(e, || Task::Atlas { misere: Normal::MISERE }).into();
    let atlas = drive::<Normal, _>(request, budget, progress, compute, failure)?;
    Ok(AtlasReport { game: "octal", codes: request.codes.clone(), upto: request.upto, atlas })
}
