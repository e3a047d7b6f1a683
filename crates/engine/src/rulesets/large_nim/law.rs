//! The general law of `n`-player Large Nim found from nimlab's proved tables (docs/large-nim.md,
//! "The general law"): the value from the runs of equal heaps counted from the top.
//!
//! Put the virtual heap `1` below the heaps: `x_N >= ... >= x_1 >= 1`, `N + 1` terms. Cut this
//! chain into runs of equal terms from the top, `R_1, R_2, ...` (so the run of the least heap
//! gains one when `x_1 = 1`, and `x_1 > 1` adds a last run of 1). If `N + 1 < n - 1`, `g = N`.
//! Otherwise let run `j` be the first whose running total `s = R_1 + ... + R_j` reaches `n - 1`,
//! `a = s - R_j` the terms above it and `x = (s - 1) mod n`. Then `g = x`, unless `a >= 1` and
//! `x` lies outside `a - 1 ..= n - 2`, when `g = a - 1`.
//!
//! The docs prove it by hand for every `N`; nimlab's proofs (finite induction over order
//! patterns) confirm it for every `n` and `N <= 12`, and the tests compare it with search.

use super::explore::{Chain, Relation};

/// The runs of equal terms of `x_N >= ... >= x_1 >= 1` (the virtual heap included), from the
/// top, for an order pattern (only `=` and `<`). `O(N)`.
pub(crate) fn runs_from_top(pattern: &Chain) -> Vec<usize> {
    let mut runs = vec![1];
    // Relation i compares x_i with x_{i+1} (x_0 = 1): walking down from x_N.
    for relation in pattern.0.iter().rev() {
        match relation {
            Relation::Equal => *runs.last_mut().expect("runs start non-empty") += 1,
            _ => runs.push(1),
        }
    }
    runs
}

/// The value of every position of order pattern `pattern` (only `=` and `<`) for `players >= 2`
/// players, by the general law. `O(N)`.
pub(crate) fn value(pattern: &Chain, players: u32) -> u32 {
    let n = players as usize;
    let heaps = pattern.0.len();
    if heaps + 1 < n - 1 {
        return heaps as u32;
    }
    let mut total = 0;
    for run in runs_from_top(pattern) {
        let above = total;
        total += run;
        if total >= n - 1 {
            let x = (total - 1) % n;
            let value = if above == 0 || (above - 1 <= x && x <= n - 2) { x } else { above - 1 };
            return value as u32;
        }
    }
    unreachable!("the runs add up to N + 1 >= n - 1")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use crate::positions::SortedTuples;
    use crate::rulesets::large_nim::LargeNim;
    use crate::solve::{sorted_heap_table, StandardAlliance, Terminal};

    #[test]
    fn runs_count_the_virtual_heap() {
        // (1, 1, 4, 4, 4): runs from the top 4,4,4 | 1,1,(1).
        assert_eq!(runs_from_top(&Chain::of(&[1, 1, 4, 4, 4])), [3, 3]);
        // (2, 3, 3): 3,3 | 2 | (1).
        assert_eq!(runs_from_top(&Chain::of(&[2, 3, 3])), [2, 1, 1]);
        assert_eq!(runs_from_top(&Chain::of(&[])), [1]);
    }

    /// The paper's results are special cases: Lemma 1 (`1^N`: `N mod n`), Theorem 2 (`n = N + 1`)
    /// and formula (5).
    #[test]
    fn the_law_contains_the_paper() {
        for heaps in 1..=9usize {
            let ones = Chain::of(&vec![1; heaps]);
            for players in 2..=12u32 {
                assert_eq!(value(&ones, players), heaps as u32 % players, "1^{heaps}, n = {players}");
            }
        }
        // Theorem 2, n = N + 1 = 5, m = 1 < x_N: N - 1 - beta.
        assert_eq!(value(&Chain::of(&[1, 1, 2, 3]), 5), 1);
        assert_eq!(value(&Chain::of(&[1, 2, 2, 2]), 5), 2);
        // Formula (5): 2 if x1 < x2 = x3 = x4, 0 if x1 < x2 = x3 < x4.
        assert_eq!(value(&Chain::of(&[1, 2, 2, 2]), 3), 2);
        assert_eq!(value(&Chain::of(&[2, 3, 3, 4]), 3), 0);
        assert_eq!(value(&Chain::of(&[2, 2, 2, 2]), 3), 0);
        assert_eq!(value(&Chain::of(&[1, 1, 1, 2]), 3), 1);
    }

    /// The law against the dense table (exhaustive evaluation by the rules) on every position of
    /// at most 7 heaps of size at most 8, for 2..=9 players: 6,435 positions each.
    #[test]
    fn the_law_matches_every_position_of_seven_heaps_up_to_8() {
        for players in 2..=9u32 {
            let valuation = StandardAlliance::new(players, Terminal::MoverWins).unwrap();
            let table = sorted_heap_table(&LargeNim, &valuation, 7, 8, &Budget::default()).unwrap();
            assert_eq!(table.len(), 6435); // C(15, 7)
            for (position, v) in table.iter() {
                assert_eq!(value(&Chain::of(&position), players), v, "{position:?}, n = {players}");
            }
        }
        assert_eq!(SortedTuples::count(7, 8), 6435);
    }
}
