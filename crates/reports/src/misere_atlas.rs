//! `sweep octal --codes PATTERN --misere`: the misère atlas. Every code of a pattern, codes that
//! are the same game (trailing zeros) once, each game's misère quotient: certified (`|Q|`, `|P|`,
//! `Φ`'s preperiod and period, the presentation) or partial (`Q_n`, with the heap `n` reached
//! when the heap bound or the code's work share stopped it). Recorded in the atlas store as each
//! game finishes (resumable after `kill -9`, every row once), sharded and merged like the
//! normal-play atlas ([`crate::atlas`]).

use nimlab_engine::misere::{group_same_game, run_misere_atlas, MisereAtlasEntry, MisereGroup};
use nimlab_engine::misere::{MisereError, MisereQuotient};
use nimlab_engine::octal::OctalCode;
use nimlab_engine::Progress;
use nimlab_engine::{Budget, EngineError};
use nimlab_store::MisereRow;
use serde::Serialize;

use crate::atlas::AtlasRequest;
use crate::atlas::{AtlasRows, Counts, Uncertified};
use crate::atlas_run::{drive, Compute, Convention};
use crate::quotient::QuotientStatus;
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
    /// Certified (the quotient of all heaps) or partial (`Q_n`, `n` = `reached`).
    pub status: QuotientStatus,
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

impl Uncertified for MisereGame {
    const NAME: &'static str = "partial";
}

/// Counts of the misère atlas (the games not certified under `partial`).
pub type MisereAtlasCounts = Counts<MisereGame>;

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
    /// The shard, the stores merged, the counts and the games.
    #[serde(flatten)]
    pub atlas: AtlasRows<MisereAtlasCounts, MisereGame>,
}

impl MisereGame {
    fn from_row(row: &MisereRow) -> Self {
        MisereGame {
            code: row.code.clone(),
            aliases: row.aliases.clone(),
            status: if row.certified { QuotientStatus::Certified } else { QuotientStatus::Partial },
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
    let q = &entry.outcome;
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

/// The misère atlas as a [`Convention`]: codes grouped by game (trailing zeros; equal values
/// under normal play are not the same misère game), each game's misère quotient.
struct Misere;

impl Convention for Misere {
    type Alias = OctalCode;
    type Outcome = MisereQuotient;
    type Row = MisereRow;
    type Game = MisereGame;
    const MISERE: bool = true;

    /// The games with a move (a code without one has no quotient to compute).
    fn groups(codes: &[OctalCode]) -> Vec<MisereGroup> {
        group_same_game(codes).into_iter().filter(|g| g.representative.max_removal() > 0).collect()
    }

    fn row_codes(row: &MisereRow) -> usize {
        1 + row.aliases.len()
    }

    fn row_of(entry: &MisereAtlasEntry) -> MisereRow {
        misere_row_of(entry)
    }

    fn game(row: &MisereRow, _group: Option<&MisereGroup>) -> MisereGame {
        MisereGame::from_row(row)
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
    let compute: Compute<'_, _, _, MisereError> =
        &|pending, on_done| run_misere_atlas(pending, request.upto, WORK_PER_CODE, budget, on_done);
    let failure = |e: MisereError| EngineError::Internal { what: e.to_string() }.into();
    let atlas = drive::<Misere, _>(request, budget, progress, compute, failure)?;
    Ok(MisereAtlasReport {
        game: "octal",
        play: "misere",
        codes: request.codes.clone(),
        upto: request.upto,
        work_per_code: WORK_PER_CODE,
        atlas,
    })
}
