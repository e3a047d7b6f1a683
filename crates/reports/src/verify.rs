//! `verify`: closed-form theory against exhaustive search, for one game or every game.

use nimlab_engine::{verify_misere_quotient, MISERE_VERIFY_TOKENS};
use nimlab_engine::{Budget, EngineError, GameSpec, Lang, Play, VerifyReport, RULESETS};
use nimlab_engine::{CodeSource, Progress};
use serde::Serialize;

use crate::loopy::verify_built;
use crate::ReportError;

/// The player counts checked when every game is verified without `players`: the paper's range.
pub const DEFAULT_PLAYERS: std::ops::RangeInclusive<u32> = 2..=7;

/// What to verify.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyRequest {
    /// One game, or `None` for every game at its example parameters.
    pub spec: Option<GameSpec>,
    /// Every number of every position up to this (default: per game); for a misère quotient,
    /// every sum of heaps with at most this many tokens in total (default
    /// [`VERIFY_TOKENS`]).
    pub bound: Option<u64>,
    /// Normal or misère play (one game, two players).
    pub play: Play,
    /// `Some(n)`: the `n`-player closed forms.
    pub players: Option<u32>,
}

/// The verification runs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VerifyAllReport {
    /// One report per closed form checked.
    pub reports: Vec<VerifyReport>,
    /// True when theory and search agree everywhere.
    pub all_agree: bool,
}

/// Verifies one game or every game; `progress(done, total)` counts positions of the current run.
///
/// # Errors
/// [`ReportError::Engine`]: a game without a closed form to verify (one game), or a search that
/// does not fit the budget.
pub fn verify(
    request: &VerifyRequest,
    budget: &Budget,
    progress: Progress<'_>,
) -> Result<VerifyAllReport, ReportError> {
    let mut reports = Vec::new();
    match &request.spec {
        Some(spec) if spec.info().capabilities.loopy.is_some() => {
            // Positions that repeat: the loopy engine against its independent checks.
            crate::loopy::two_players(spec.name(), request.players)?;
            let game = spec.build(budget)?;
            reports.push(verify_built(game.as_ref(), request.bound, request.play, budget)?);
        }
        Some(spec)
            if request.play == Play::Misere && request.players.is_none() && quotient_of(spec).is_some() =>
        {
            let source = quotient_of(spec).expect("checked");
            reports.push(verify_quotient(spec, source, request.bound, budget, progress)?);
        }
        Some(spec) => {
            let game = spec.build(budget)?;
            // A built game is a registered one (a caller-defined game does not build here).
            let bound = request.bound.unwrap_or(spec.info().verify_bound);
            reports.push(match request.players {
                Some(players) => game.verify_players(bound, players, budget, progress)?,
                None => game.verify(bound, request.play, budget, progress)?,
            });
        }
        None => {
            let player_counts = request.players.map_or(DEFAULT_PLAYERS, |n| n..=n);
            // Loopy games have no closed form: each is verified alone (`verify GAME`), the
            // retrograde analysis against fixed-point iterations and the definition.
            for info in RULESETS.iter().filter(|info| info.capabilities.loopy.is_none()) {
                let game = info.example_spec().build(budget)?;
                let bound = request.bound.unwrap_or(info.verify_bound);
                if request.players.is_none() {
                    for play in [Play::Normal, Play::Misere] {
                        if game.theorem(play, Lang::En).is_some() {
                            reports.push(game.verify(bound, play, budget, progress)?);
                        }
                    }
                    // Misère quotients are checked one game at a time (`verify GAME --misere`):
                    // Dawson's Kayles' partial quotient of order 552 alone takes seconds.
                }
                for players in player_counts.clone() {
                    match game.verify_players(bound, players, budget, progress) {
                        Err(EngineError::NoTheory { .. }) => {}
                        other => reports.push(other?),
                    }
                }
            }
        }
    }
    let all_agree = reports.iter().all(|r| r.agree);
    Ok(VerifyAllReport { reports, all_agree })
}

/// Where the take-and-break code of a game with a misère quotient comes from.
fn quotient_of(spec: &GameSpec) -> Option<CodeSource> {
    spec.info().capabilities.misere_quotient
}

/// The game's misère quotient against the brute-force misère search on every sum of heaps with
/// at most `tokens` tokens (default [`VERIFY_TOKENS`]), and its structure.
fn verify_quotient(
    spec: &GameSpec,
    source: CodeSource,
    tokens: Option<u64>,
    budget: &Budget,
    progress: Progress<'_>,
) -> Result<VerifyReport, ReportError> {
    let code = source.code(spec)?;
    let name = spec.to_string();
    let title = match source {
        CodeSource::Param { .. } => name.clone(),
        _ => format!("{name} ({code})"),
    };
    Ok(verify_misere_quotient(name, &title, &code, tokens.unwrap_or(MISERE_VERIFY_TOKENS), budget, progress)?)
}
