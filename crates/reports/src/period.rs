//! `period`: the certified preperiod and period of a one-heap game's Grundy sequence.

use nimlab_engine::periodicity::{certify_period, Periodicity};
use nimlab_engine::{Budget, GameSpec};
use serde::Serialize;

use crate::error::invalid;
use crate::position::GameRef;
use crate::ReportError;

/// The default number of values `period` and `sweep` may compute per game.
pub const DEFAULT_LIMIT: u64 = 50_000_000;

/// A certified period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PeriodReport {
    /// The game.
    #[serde(flatten)]
    pub game: GameRef,
    /// The period with its certificate.
    #[serde(flatten)]
    pub periodicity: Periodicity,
}

/// The certified minimal preperiod and period of `spec`'s Grundy sequence, computing at most
/// `limit` values.
///
/// # Errors
/// [`ReportError::Invalid`] for a game without a certifiable sequence;
/// [`ReportError::Periodicity`] when no certificate is found within `limit` values or the
/// budget.
pub fn period(spec: &GameSpec, limit: u64, budget: &Budget) -> Result<PeriodReport, ReportError> {
    if spec.name() != "subtraction" {
        return invalid(format!(
            "period certifies the Grundy sequences of subtraction games; '{}' has none to certify",
            spec.name()
        ));
    }
    let periodicity = certify_period(spec.params().set("set"), limit, budget)?;
    Ok(PeriodReport { game: GameRef::from(spec), periodicity })
}
