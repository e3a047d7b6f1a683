//! The generic table path, for any ruleset without a fast one: every cell of the box of heaps
//! `0..=bounds[i]` computed from the ruleset's own moves and stored, 4 bytes a cell.
//!
//! Cells are visited in row-major order (the last heap fastest). When every option of every
//! cell is an earlier cell of the box — true of take-away games on the table's heaps — the
//! table fills bottom-up with one lookup per option ([`TableMethod::Dense`]). Otherwise (a move
//! raises a number, as the limit of Fibonacci Nim does, or leaves the positions the table names)
//! every cell is answered by the memoized search instead ([`TableMethod::Search`]), under the
//! same budget. Both list at most [`WORK_PER_STATE`] options per cell of the budget, so time is
//! bounded too.

use crate::analysis::Ruleset;
use crate::bigint::to_bigs;
use crate::error::{BudgetExceeded, EngineError};
use crate::game::Play;
use crate::solve::{mex, Budget, GrundySolver, MisereSolver, WORK_PER_STATE};
use num_traits::ToPrimitive;

use super::{GridSource, SequenceSource, TableBasis, TableError, TableMethod, TableValues, N_CELL, P_CELL};

/// Cells computed in full before they are handed out, in row-major order.
pub struct StoredCells {
    values: Vec<u32>,
    at: usize,
}

impl StoredCells {
    fn copy_next(&mut self, out: &mut [u64]) {
        let values = &self.values[self.at..self.at + out.len()];
        for (slot, &v) in out.iter_mut().zip(values) {
            *slot = u64::from(v);
        }
        self.at += out.len();
    }
}

impl SequenceSource for StoredCells {
    fn fill(&mut self, out: &mut [u64]) {
        self.copy_next(out);
    }
}

impl GridSource for StoredCells {
    fn fill_row(&mut self, out: &mut [u64]) {
        self.copy_next(out);
    }
}

/// A stored table and how it was computed.
pub(crate) struct Stored {
    pub values: StoredCells,
    pub basis: TableBasis,
}

/// How a cell's value follows from its options' values.
#[derive(Debug, Clone, Copy)]
enum Rule {
    Grundy,
    NormalOutcome,
    MisereOutcome,
}

impl Rule {
    fn new(values: TableValues, play: Play) -> Rule {
        match (values, play) {
            (TableValues::Grundy, _) => Rule::Grundy,
            (TableValues::Outcomes, Play::Normal) => Rule::NormalOutcome,
            (TableValues::Outcomes, Play::Misere) => Rule::MisereOutcome,
        }
    }

    fn evaluate(self, options: &[u32]) -> u32 {
        let some_p = options.contains(&(P_CELL as u32));
        let n = match self {
            Rule::Grundy => return mex(options.iter().copied()),
            Rule::NormalOutcome => some_p,
            Rule::MisereOutcome => options.is_empty() || some_p,
        };
        (if n { N_CELL } else { P_CELL }) as u32
    }
}

/// Every cell of the box `0..=bounds[i]`, row-major, by the dense path or, when a move leaves
/// the box, by search.
///
/// Time `O(cells × options)`, memory 4 bytes a cell (plus the search's memo on that path).
///
/// # Errors
/// [`TableError::OverBudget`] when the box has more cells than the budget;
/// [`TableError::WorkLimit`] when the options listed exceed [`WORK_PER_STATE`] per budgeted
/// cell; an engine error when a cell is not a valid position or the search runs out.
pub(crate) fn box_values<R: Ruleset>(
    ruleset: &R,
    bounds: &[u64],
    values: TableValues,
    play: Play,
    budget: Budget,
) -> Result<Stored, TableError> {
    let cells =
        bounds.iter().try_fold(1u128, |cells, &b| cells.checked_mul(u128::from(b) + 1)).unwrap_or(u128::MAX);
    TableError::check_memory("the dense table", cells.saturating_mul(4), budget)?;
    let cells = cells as usize;
    let rule = Rule::new(values, play);
    let (values, method, detail) = match dense(ruleset, bounds, cells, rule, budget)? {
        Some(values) => {
            (values, TableMethod::Dense, format!("every cell bottom-up from the moves of {}", ruleset.name()))
        }
        None => (
            searched(ruleset, bounds, cells, rule, budget)?,
            TableMethod::Search,
            format!("memoized search of {} (a move leaves the table's cells)", ruleset.name()),
        ),
    };
    let value_bound = values.iter().copied().max().map(u64::from);
    let basis = TableBasis { method, detail, value_bound };
    Ok(Stored { values: StoredCells { values, at: 0 }, basis })
}

/// The search position of the cell with these heaps.
fn cell_position<R: Ruleset>(ruleset: &R, heaps: &[u64], budget: Budget) -> Result<R::Position, TableError> {
    let numbers = ruleset.check_position(&to_bigs(heaps))?;
    ruleset.search_position(&numbers).ok_or_else(|| {
        let heaps: Vec<String> = heaps.iter().map(u64::to_string).collect();
        TableError::Engine(EngineError::TooLargeForSearch {
            position: format!("{} {}", ruleset.name(), heaps.join(" ")),
            budget: budget.0,
        })
    })
}

/// Moves to the next cell in row-major order (the last heap fastest).
fn next_cell(heaps: &mut [u64], bounds: &[u64]) {
    for (h, &b) in heaps.iter_mut().zip(bounds).rev() {
        if *h < b {
            *h += 1;
            return;
        }
        *h = 0;
    }
}

fn work_limit(what: &str, budget: Budget) -> TableError {
    TableError::WorkLimit { what: what.to_string(), budget: budget.0 }
}

/// The dense path, or `None` when some option is not an earlier cell of the box.
fn dense<R: Ruleset>(
    ruleset: &R,
    bounds: &[u64],
    cells: usize,
    rule: Rule,
    budget: Budget,
) -> Result<Option<Vec<u32>>, TableError> {
    let mut strides = vec![1usize; bounds.len()];
    for i in (0..bounds.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * (bounds[i + 1] as usize + 1);
    }
    let cell_index = |numbers: &[num_bigint::BigUint]| -> Option<usize> {
        if numbers.len() != bounds.len() {
            return None;
        }
        let mut index = 0;
        for ((n, &b), &s) in numbers.iter().zip(bounds).zip(&strides) {
            let h = n.to_u64().filter(|&h| h <= b)?;
            index += h as usize * s;
        }
        Some(index)
    };
    let limit = budget.0.saturating_mul(WORK_PER_STATE);
    let mut listed = 0usize;
    let mut table: Vec<u32> = Vec::with_capacity(cells);
    let mut heaps = vec![0u64; bounds.len()];
    let mut option_values = Vec::new();
    for index in 0..cells {
        let position = cell_position(ruleset, &heaps, budget)?;
        option_values.clear();
        for option in ruleset.options(&position) {
            let numbers = ruleset.numbers(&option);
            let Some(j) = cell_index(&numbers).filter(|&j| j < index) else { return Ok(None) };
            // The cell stores the value of its checked position; the option must be that one.
            if ruleset.check_position(&numbers).ok().as_deref() != Some(numbers.as_slice()) {
                return Ok(None);
            }
            option_values.push(table[j]);
        }
        listed += option_values.len();
        if listed > limit {
            return Err(work_limit("the dense table", budget));
        }
        table.push(rule.evaluate(&option_values));
        next_cell(&mut heaps, bounds);
    }
    Ok(Some(table))
}

/// Every cell by memoized search, in row-major order.
fn searched<R: Ruleset>(
    ruleset: &R,
    bounds: &[u64],
    cells: usize,
    rule: Rule,
    budget: Budget,
) -> Result<Vec<u32>, TableError> {
    let mut grundy = GrundySolver::with_budget(ruleset.clone(), budget);
    let mut misere = MisereSolver::misere(ruleset.clone(), budget);
    let mut value = |position: &R::Position| -> Result<u32, BudgetExceeded> {
        Ok(match rule {
            Rule::Grundy => grundy.value(position)?,
            Rule::NormalOutcome => u32::from(grundy.value(position)? != 0),
            Rule::MisereOutcome => super::outcome_cell(misere.value(position)?) as u32,
        })
    };
    let mut table = Vec::with_capacity(cells);
    let mut heaps = vec![0u64; bounds.len()];
    for _ in 0..cells {
        let position = cell_position(ruleset, &heaps, budget)?;
        table.push(value(&position).map_err(EngineError::from)?);
        next_cell(&mut heaps, bounds);
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::bash::Bash;
    use crate::rulesets::fibonacci::FibonacciNim;
    use crate::rulesets::nim::Nim;

    #[test]
    fn dense_nim_grid_is_xor_and_outcomes_follow() {
        let stored = box_values(&Nim, &[5, 7], TableValues::Grundy, Play::Normal, Budget::default()).unwrap();
        assert_eq!(stored.basis.method, TableMethod::Dense);
        let expected: Vec<u32> = (0..=5u32).flat_map(|r| (0..=7u32).map(move |c| r ^ c)).collect();
        assert_eq!(stored.values.values, expected);
        assert_eq!(stored.basis.value_bound, Some(7));
        let misere =
            box_values(&Nim, &[3, 3], TableValues::Outcomes, Play::Misere, Budget::default()).unwrap();
        let p: Vec<(u32, u32)> =
            (0..16).filter(|&i| misere.values.values[i] == 0).map(|i| (i as u32 / 4, i as u32 % 4)).collect();
        assert_eq!(p, [(0, 1), (1, 0), (2, 2), (3, 3)]);
    }

    #[test]
    fn a_move_that_leaves_the_box_switches_to_search() {
        // Fibonacci Nim's opening [n] is (n, n - 1); its options (n - t, 2t) are not openings.
        let stored =
            box_values(&FibonacciNim, &[30], TableValues::Outcomes, Play::Normal, Budget::default()).unwrap();
        assert_eq!(stored.basis.method, TableMethod::Search);
        let p: Vec<usize> = (0..=30).filter(|&n| stored.values.values[n] == 0).collect();
        assert_eq!(p, [0, 1, 2, 3, 5, 8, 13, 21]);
    }

    #[test]
    fn budgets_bound_memory_and_work() {
        let err =
            box_values(&Nim, &[999, 999], TableValues::Grundy, Play::Normal, Budget(1000)).err().unwrap();
        assert!(matches!(err, TableError::OverBudget { needed: 1_000_000, budget: 1000, .. }), "{err}");
        // 2000 cells fit, but Nim lists up to 2000 options per cell: more than 20 per cell.
        let err = box_values(&Nim, &[1, 999], TableValues::Grundy, Play::Normal, Budget(2000)).err().unwrap();
        assert!(matches!(err, TableError::WorkLimit { budget: 2000, .. }), "{err}");
        let bash = Bash::new(3).unwrap();
        let stored = box_values(&bash, &[19], TableValues::Grundy, Play::Normal, Budget(20)).unwrap();
        assert_eq!(stored.values.values, (0..20).map(|n| n % 4).collect::<Vec<u32>>());
    }
}
