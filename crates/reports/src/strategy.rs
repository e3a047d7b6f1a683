//! `strategy`: the winning player's whole plan in the apple game, turn by turn.

use nimlab_engine::not_answered;
use nimlab_engine::Strategy;
use nimlab_engine::{BigUint, Budget, GameSpec, Research};
use serde::Serialize;

use crate::position::GameRef;
use crate::ReportError;

/// The most opponent moves a plan lists one by one unless asked otherwise.
pub use nimlab_engine::DEFAULT_LINE_LIMIT;

/// A plan with its game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StrategyReport {
    /// The game.
    #[serde(flatten)]
    pub game: GameRef,
    /// The plan.
    #[serde(flatten)]
    pub strategy: Strategy,
}

/// The winner's plan from `position`, listing at most `lines` searched lines.
///
/// # Errors
/// [`EngineError::InvalidRequest`](nimlab_engine::EngineError) for a game that does not declare
/// [`Research::WinningPlan`] or whose ruleset has no plan; engine errors (bad position, a search
/// that does not fit the budget, more lines than `lines`).
pub fn strategy(
    spec: &GameSpec,
    position: &[BigUint],
    lines: usize,
    budget: &Budget,
) -> Result<StrategyReport, ReportError> {
    if !spec.info().capabilities.answers(Research::WinningPlan) {
        return Err(not_answered(Research::WinningPlan, spec.name()).into());
    }
    let game = spec.build(budget)?;
    let position = game.check_position(position)?;
    let Some(strategy) = game.winning_plan(&position, lines, budget)? else {
        return Err(not_answered(Research::WinningPlan, spec.name()).into());
    };
    Ok(StrategyReport { game: GameRef::from(spec), strategy })
}
