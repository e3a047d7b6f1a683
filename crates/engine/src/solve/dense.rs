//! The dense-table path: Grundy values of every position in a box of heap sizes.

use crate::budget::{Budget, Exhausted};
use crate::game::Game;
use crate::solve::mex32;

/// Grundy values of every heap vector `h` with `h[i] <= bounds[i]`, stored densely.
#[derive(Debug, Clone)]
pub struct DenseTable {
    bounds: Vec<u64>,
    strides: Vec<usize>,
    values: Vec<u32>,
}

impl DenseTable {
    /// The box bounds (inclusive) per heap.
    pub fn bounds(&self) -> &[u64] {
        &self.bounds
    }

    /// The Grundy value of `heaps`, or `None` outside the box.
    pub fn get(&self, heaps: &[u64]) -> Option<u32> {
        self.index(heaps).map(|i| self.values[i])
    }

    /// Number of positions in the table.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True for an empty table (never: the zero position is always in the box).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    fn index(&self, heaps: &[u64]) -> Option<usize> {
        if heaps.len() != self.bounds.len() {
            return None;
        }
        let mut index = 0;
        for ((&h, &b), &s) in heaps.iter().zip(&self.bounds).zip(&self.strides) {
            if h > b {
                return None;
            }
            index += h as usize * s;
        }
        Some(index)
    }
}

/// Grundy values of every position in the box `0..=bounds[i]` of a heap game.
///
/// Positions are visited in mixed-radix order, so the table is filled bottom-up without any
/// search stack: this requires that **no move increases a heap** (true of every take-away game),
/// which makes every option's index smaller than its position's. `O(positions × options)` time,
/// 4 bytes per position.
///
/// # Errors
/// [`BudgetExceeded`] when the box holds more positions than `budget`.
///
/// # Panics
/// If a move increases a heap (a violated precondition, a bug in the ruleset).
pub fn dense_grundy_table<G>(game: &G, bounds: &[u64], budget: &Budget) -> Result<DenseTable, Exhausted>
where
    G: Game<Position = Vec<u64>>,
{
    let mut strides = Vec::with_capacity(bounds.len());
    let mut size: usize = 1;
    for &b in bounds {
        strides.push(size);
        size = usize::try_from(b)
            .ok()
            .and_then(|b| b.checked_add(1))
            .and_then(|w| size.checked_mul(w))
            .filter(|&s| s as u64 <= budget.remaining())
            .ok_or(Exhausted::Work { limit: budget.limit() })?;
    }
    let mut meter = budget.meter();
    let mut table = DenseTable { bounds: bounds.to_vec(), strides, values: Vec::with_capacity(size) };
    let mut heaps = vec![0u64; bounds.len()];
    let mut scratch = Vec::new();
    for index in 0..size {
        scratch.clear();
        let options = game.options(&heaps);
        meter.charge(1 + options.len() as u64)?;
        for option in options {
            let j = table.index(&option).filter(|&j| j < index).unwrap_or_else(|| {
                panic!("dense_grundy_table: move {heaps:?} -> {option:?} increases a heap")
            });
            scratch.push(table.values[j]);
        }
        table.values.push(mex32(scratch.iter().copied()));
        for (h, &b) in heaps.iter_mut().zip(bounds) {
            if *h < b {
                *h += 1;
                break;
            }
            *h = 0;
        }
    }
    meter.flush()?;
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::nim::Nim;
    #[allow(unused_imports)]
    use crate::test_prelude::*;

    #[test]
    fn nim_table_is_xor() {
        let table = dense_grundy_table(&Nim, &[7, 5, 6], &Budget::default()).unwrap();
        assert_eq!(table.len(), 8 * 6 * 7);
        for a in 0..=7u64 {
            for b in 0..=5 {
                for c in 0..=6 {
                    assert_eq!(table.get(&[a, b, c]), Some((a ^ b ^ c) as u32));
                }
            }
        }
        assert_eq!(table.get(&[8, 0, 0]), None);
    }

    #[test]
    fn oversized_box_is_a_budget_error() {
        let err = dense_grundy_table(&Nim, &[1000, 1000, 1000], &Budget::new(1_000_000)).unwrap_err();
        assert_eq!(err, Exhausted::Work { limit: 1_000_000 });
    }
}
