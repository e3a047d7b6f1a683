//! `explore`: multi-player Large Nim values grouped by order pattern, as a piecewise formula.

use nimlab_engine::large_nim::{explore as run, Exploration, FormulaCase};
use nimlab_engine::Budget;
use serde::Serialize;

use crate::ReportError;

/// How often one value occurs in a pattern class, with an example.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ValueReport {
    /// The value.
    pub value: u32,
    /// How many positions have it.
    pub positions: usize,
    /// One of them.
    pub example: Vec<u64>,
}

/// One order pattern.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClassReport {
    /// The pattern, e.g. `1 < x1 = x2 < x3`.
    pub pattern: String,
    /// Positions in range with this pattern.
    pub positions: usize,
    /// True when every one has the same value.
    pub constant: bool,
    /// That value.
    pub value: Option<u32>,
    /// Each value found.
    pub values: Vec<ValueReport>,
}

/// The exploration.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExploreReport {
    /// Always `"large-nim"`.
    pub game: &'static str,
    /// Players.
    pub players: u32,
    /// Heaps per position.
    pub heaps: usize,
    /// The largest heap.
    pub max: u64,
    /// Positions explored.
    pub positions: usize,
    /// The pattern classes.
    pub classes: Vec<ClassReport>,
    /// The piecewise formula of the constant classes (`value`, `cases`).
    pub formula: Vec<FormulaCase>,
    /// How many classes take several values.
    pub non_constant: usize,
}

impl From<&Exploration> for ExploreReport {
    fn from(e: &Exploration) -> Self {
        ExploreReport {
            game: "large-nim",
            players: e.players,
            heaps: e.heaps,
            max: e.max,
            positions: e.positions,
            classes: e
                .classes
                .iter()
                .map(|c| ClassReport {
                    pattern: c.pattern.to_string(),
                    positions: c.positions,
                    constant: c.constant().is_some(),
                    value: c.constant(),
                    values: c
                        .values
                        .iter()
                        .map(|v| ValueReport {
                            value: v.value,
                            positions: v.positions,
                            example: v.example.clone(),
                        })
                        .collect(),
                })
                .collect(),
            formula: e.formula.clone(),
            non_constant: e.non_constant().count(),
        }
    }
}

/// Explores `players`-player Large Nim on `heaps` heaps of size `1..=max`.
///
/// # Errors
/// [`ReportError::Engine`] for bad parameters or a table that does not fit the budget.
pub fn explore(players: u32, heaps: usize, max: u64, budget: &Budget) -> Result<ExploreReport, ReportError> {
    Ok(ExploreReport::from(&run(players, heaps, max, budget)?))
}
