//! The dense path for games whose positions are multisets of heaps: every multiset of at most
//! `k` heaps of size at most `max`, ranked by the combinatorial number system.
//!
//! A multiset `a_1 <= ... <= a_k` (padded with empty heaps in front) corresponds to the
//! combination `b_i = a_i + i - 1` (strictly increasing), whose colexicographic rank is
//! `sum_i C(b_i, i)`. There are `C(max + k, k)` such multisets — for six heaps of at most 30
//! about 1.9 million, where the box of [`crate::solve::dense_grundy_table`] would hold 887
//! million heap vectors. Lowering one heap lowers the rank (the colex order compares the
//! largest heaps first), so a table can be filled bottom-up in rank order without a search
//! stack whenever no move increases a heap.
//!
//! Games reach the table through [`HeapMultisetGame`], which hands each option over as a
//! borrowed sorted slice: any [`Game`] on heap lists does through [`ByOptions`] (its own
//! `options` and `canonical`, two allocations per option), and a ruleset that lists its options
//! without allocating (Large Nim) implements the trait directly, several times faster.

use crate::budget::{Budget, Exhausted};
use crate::game::Game;
use crate::solve::Valuation;

/// A game whose positions are multisets of heaps, written as ascending lists without empty
/// heaps, that lists the options of a position the same way.
pub trait HeapMultisetGame {
    /// Calls `visit` once per option of the ascending, zero-free `heaps`, with the option as an
    /// ascending, zero-free list.
    fn visit_options(&self, heaps: &[u64], visit: &mut dyn FnMut(&[u64]));
}

/// Any [`Game`] on heap lists as a [`HeapMultisetGame`]: options from [`Game::options`], put in
/// order by [`Game::canonical`] (which must sort and drop empty heaps).
#[derive(Debug, Clone, Copy)]
pub struct ByOptions<'a, G>(pub &'a G);

impl<G: Game<Position = Vec<u64>>> HeapMultisetGame for ByOptions<'_, G> {
    fn visit_options(&self, heaps: &[u64], visit: &mut dyn FnMut(&[u64])) {
        for option in self.0.options(&heaps.to_vec()) {
            visit(&self.0.canonical(&option));
        }
    }
}

/// The value of every multiset of at most `heaps` heaps of size at most `max`.
#[derive(Debug, Clone)]
pub struct SortedHeapTable<T> {
    heaps: usize,
    max: u64,
    /// `C(v, j)` at `v * (heaps + 1) + j` for `v <= max + heaps`, `j <= heaps` (saturating).
    binomials: Vec<usize>,
    values: Vec<T>,
}

impl<T: Copy> SortedHeapTable<T> {
    /// The most heaps a position of the table has.
    pub fn heaps(&self) -> usize {
        self.heaps
    }

    /// The largest heap size in the table.
    pub fn max(&self) -> u64 {
        self.max
    }

    /// Number of positions (multisets) in the table: `C(max + heaps, heaps)`.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Never true: the empty position is always in the table.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value of the multiset `heaps` (any order, empty heaps ignored), or `None` outside
    /// the table. `O(k log k)`.
    pub fn get(&self, heaps: &[u64]) -> Option<T> {
        let mut sorted: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        sorted.sort_unstable();
        self.rank(&sorted).map(|r| self.values[r])
    }

    /// Every position (sorted, without empty heaps) with its value, in rank order.
    pub fn iter(&self) -> impl Iterator<Item = (Vec<u64>, T)> + '_ {
        let mut padded = vec![0u64; self.heaps];
        self.values.iter().enumerate().map(move |(rank, &value)| {
            if rank > 0 {
                next_multiset(&mut padded, self.max);
            }
            (padded.iter().copied().filter(|&h| h > 0).collect(), value)
        })
    }

    /// The rank of a sorted, zero-free multiset, or `None` if it is not one or lies outside
    /// the table. `O(k)`.
    fn rank(&self, sorted: &[u64]) -> Option<usize> {
        let pad = self.heaps.checked_sub(sorted.len())?;
        let mut rank = 0usize;
        let mut previous = 1u64;
        for (j, &h) in sorted.iter().enumerate() {
            if h < previous || h > self.max {
                return None;
            }
            previous = h;
            let i = pad + j;
            rank += self.binomials[(h as usize + i) * (self.heaps + 1) + i + 1];
        }
        Some(rank)
    }
}

/// Steps a padded ascending multiset to the next one in colex order; `O(k)`.
fn next_multiset(padded: &mut [u64], max: u64) {
    let k = padded.len();
    for i in 0..k {
        let limit = if i + 1 < k { padded[i + 1] } else { max };
        if padded[i] < limit {
            padded[i] += 1;
            padded[..i].fill(0);
            return;
        }
    }
}

/// Pascal's triangle `C(v, j)` at `v * (columns + 1) + j` for `v <= rows`, `j <= columns`,
/// saturating at `usize::MAX`.
fn binomials(rows: usize, columns: usize) -> Vec<usize> {
    let width = columns + 1;
    let mut table = vec![0usize; (rows + 1) * width];
    for v in 0..=rows {
        table[v * width] = 1;
        for j in 1..=columns.min(v) {
            table[v * width + j] = table[(v - 1) * width + j - 1].saturating_add(table[(v - 1) * width + j]);
        }
    }
    table
}

/// The values under `valuation` of every multiset of at most `heaps` heaps of size at most
/// `max`.
///
/// Positions are visited in rank order and each option is looked up by its rank, so there is
/// no hashing and no search stack: `O(C(max + heaps, heaps) × options × heaps)` time and one
/// value per position of memory.
///
/// # Errors
/// [`Exhausted`] when the table would hold more positions than the budget has units, or the
/// work (one unit per position and per option) runs out.
///
/// # Panics
/// If the game breaks the precondition: an option that is not an ascending, zero-free list
/// within the table, or a move that increases a heap (a bug in the ruleset).
pub fn sorted_heap_table<G, V>(
    game: &G,
    valuation: &V,
    heaps: usize,
    max: u64,
    budget: &Budget,
) -> Result<SortedHeapTable<V::Value>, Exhausted>
where
    G: HeapMultisetGame + ?Sized,
    V: Valuation,
{
    let too_big = Exhausted::Work { limit: budget.limit() };
    let room = usize::try_from(budget.remaining()).unwrap_or(usize::MAX);
    // With no heaps the table holds only the empty position and needs no triangle.
    let rows = if heaps == 0 {
        0
    } else {
        usize::try_from(max).ok().and_then(|m| m.checked_add(heaps)).ok_or(too_big.clone())?
    };
    // C(rows, heaps) >= rows - heaps + 1 exceeds the budget already: avoid a huge triangle.
    if rows > room.saturating_add(heaps) {
        return Err(too_big);
    }
    let binomials = binomials(rows, heaps);
    let size = binomials[rows * (heaps + 1) + heaps];
    if size > room {
        return Err(too_big);
    }
    let mut meter = budget.meter();
    let mut table = SortedHeapTable { heaps, max, binomials, values: Vec::with_capacity(size) };
    let mut padded = vec![0u64; heaps];
    let mut position: Vec<u64> = Vec::with_capacity(heaps);
    let mut scratch = Vec::new();
    for rank in 0..size {
        position.clear();
        position.extend(padded.iter().copied().filter(|&h| h > 0));
        scratch.clear();
        meter.charge(1)?;
        game.visit_options(&position, &mut |option| {
            let j = table.rank(option).filter(|&j| j < rank).unwrap_or_else(|| {
                panic!(
                    "sorted_heap_table: option {option:?} of {position:?} is not a smaller sorted heap multiset"
                )
            });
            scratch.push(table.values[j]);
        });
        meter.charge(scratch.len() as u64)?;
        table.values.push(valuation.evaluate(&scratch));
        next_multiset(&mut padded, max);
    }
    meter.flush()?;
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::nim::Nim;
    use crate::solve::{Grundy, GrundySolver};
    #[allow(unused_imports)]
    use crate::test_prelude::*;

    #[test]
    fn ranks_enumerate_every_multiset_once_in_order() {
        let table = sorted_heap_table(&ByOptions(&Nim), &Grundy, 3, 5, &Budget::default()).unwrap();
        assert_eq!(table.len(), 56); // C(8, 3)
        let positions: Vec<Vec<u64>> = table.iter().map(|(p, _)| p).collect();
        for (rank, p) in positions.iter().enumerate() {
            assert_eq!(table.rank(p), Some(rank), "{p:?}");
        }
        assert_eq!(positions[0], Vec::<u64>::new());
        assert_eq!(positions[1], vec![1]);
        assert_eq!(positions[55], vec![5, 5, 5]);
    }

    #[test]
    fn nim_values_are_xor_and_agree_with_search() {
        let table = sorted_heap_table(&ByOptions(&Nim), &Grundy, 4, 7, &Budget::default()).unwrap();
        let mut solver = GrundySolver::new(Nim);
        for (p, v) in table.iter() {
            assert_eq!(v, p.iter().fold(0, |x, &h| x ^ h) as u32, "{p:?}");
            assert_eq!(v, solver.value(&p, &Budget::default()).unwrap());
        }
        assert_eq!(table.get(&[3, 0, 5, 1]), Some(7));
        assert_eq!(table.get(&[8]), None);
        assert_eq!(table.get(&[1, 1, 1, 1, 1]), None);
    }

    #[test]
    fn oversized_tables_are_budget_errors() {
        let err = sorted_heap_table(&ByOptions(&Nim), &Grundy, 6, 1000, &Budget::new(1_000_000)).unwrap_err();
        assert_eq!(err, Exhausted::Work { limit: 1_000_000 });
        let err =
            sorted_heap_table(&ByOptions(&Nim), &Grundy, 2, u64::MAX, &Budget::new(1_000_000)).unwrap_err();
        assert_eq!(err, Exhausted::Work { limit: 1_000_000 });
    }
}
