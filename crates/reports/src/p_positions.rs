//! `p-positions`: the first P-positions of a game, in order of their largest number.

use nimlab_engine::analysis::Progress;
use nimlab_engine::listing::{p_positions as list, PListing, PRequest};
use nimlab_engine::{Budget, GameSpec, Play};
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
    let game = spec.build(budget)?;
    let listing = list(game.as_ref(), request, budget, progress)?;
    Ok(PPositionsReport { game: GameRef::from(spec), play: request.play, count: request.count, listing })
}
