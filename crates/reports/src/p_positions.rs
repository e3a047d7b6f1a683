//! `p-positions`: the first P-positions of a game, in order of their largest number.

use nimlab_engine::listing::{p_positions as list, PListing, PRequest};
use nimlab_engine::Progress;
use nimlab_engine::{AnyGame, Budget, GameSpec, Play};
use serde::Serialize;

use crate::position::GameRef;
use crate::ReportError;

/// The listing with its game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PPositionsReport {
    /// The game.
    #[serde(flatten)]
    pub game: GameRef,
    /// Normal or misère.
    pub play: Play,
    /// How many were asked for.
    pub count: usize,
    /// The listing.
    #[serde(flatten)]
    pub listing: PListing,
}

/// Lists the first P-positions of `spec`.
///
/// # Errors
/// Engine errors (0 heaps, no closed-form listing for `Method::Theory`, analysis failures other
/// than running out of budget, which ends the listing with what it found).
pub fn p_positions(
    spec: &GameSpec,
    request: &PRequest,
    budget: &Budget,
    progress: Progress<'_>,
) -> Result<PPositionsReport, ReportError> {
    p_positions_of(spec.build(budget)?.as_ref(), request, budget, progress)
}

/// [`p_positions`] of a game already built (also one defined outside the registry, in Python).
///
/// # Errors
/// As [`p_positions`].
pub fn p_positions_of(
    game: &dyn AnyGame,
    request: &PRequest,
    budget: &Budget,
    progress: Progress<'_>,
) -> Result<PPositionsReport, ReportError> {
    let listing = list(game, request, budget, progress)?;
    Ok(PPositionsReport {
        game: GameRef::from(game.spec()),
        play: request.play,
        count: request.count,
        listing,
    })
}
