//! Enumerating positions: boxes of heap vectors (for `verify` and tables) and tuples in order of
//! their largest number (for P-position listings). Lazy iterators, so that a large range costs
//! time under the budget, not memory.

use num_bigint::BigUint;

use crate::bigint::to_bigs;

/// Every vector of `heaps` numbers in `0..=bound`, in lexicographic order, one at a time.
/// `(bound + 1)^heaps` vectors.
#[derive(Debug, Clone)]
pub(crate) struct HeapBox {
    bound: u64,
    next: Option<Vec<u64>>,
}

impl HeapBox {
    /// The box of `heaps` numbers up to `bound`.
    pub(crate) fn new(heaps: usize, bound: u64) -> Self {
        HeapBox { bound, next: Some(vec![0; heaps]) }
    }

    /// How many vectors the box holds (saturating).
    pub(crate) fn count(heaps: usize, bound: u64) -> u64 {
        let side = bound.saturating_add(1);
        (0..heaps).fold(1u64, |n, _| n.saturating_mul(side))
    }
}

impl Iterator for HeapBox {
    type Item = Vec<BigUint>;

    fn next(&mut self) -> Option<Vec<BigUint>> {
        let current = self.next.take()?;
        let item = to_bigs(&current);
        let mut following = current;
        let mut i = following.len();
        loop {
            if i == 0 {
                return Some(item);
            }
            i -= 1;
            if following[i] < self.bound {
                following[i] += 1;
                self.next = Some(following);
                return Some(item);
            }
            following[i] = 0;
        }
    }
}

#[cfg(test)]
/// Every vector of `heaps` numbers in `0..=bound` (the box of heap positions), in
/// lexicographic order. `O((bound+1)^heaps)`: for tests and small boxes.
pub(crate) fn heap_box(heaps: usize, bound: u64) -> Vec<Vec<BigUint>> {
    HeapBox::new(heaps, bound).collect()
}

/// Every `len`-tuple of numbers whose largest is exactly `max`, in lexicographic order (only
/// non-decreasing ones when `sorted`), generated one at a time: from each tuple the next is
/// found without visiting tuples whose largest is below `max`, so each costs `O(len)`.
#[derive(Debug, Clone)]
pub(crate) struct TuplesWithMax {
    max: u64,
    sorted: bool,
    next: Option<Vec<u64>>,
}

impl TuplesWithMax {
    /// The tuples of `len` numbers whose largest is `max`.
    pub(crate) fn new(len: usize, max: u64, sorted: bool) -> Self {
        // The first such tuple, sorted or not, is (0, ..., 0, max).
        let first = (len > 0).then(|| {
            let mut t = vec![0; len];
            t[len - 1] = max;
            t
        });
        TuplesWithMax { max, sorted, next: first }
    }

    /// The tuple after `t` in lexicographic order among tuples with entries `<= max`
    /// (non-decreasing when sorted), or `None` after the last.
    fn successor(&self, t: &[u64]) -> Option<Vec<u64>> {
        let mut t = t.to_vec();
        let mut i = t.len();
        while i > 0 {
            i -= 1;
            if t[i] < self.max {
                t[i] += 1;
                let fill = if self.sorted { t[i] } else { 0 };
                for x in &mut t[i + 1..] {
                    *x = fill;
                }
                return Some(t);
            }
        }
        None
    }

    /// The first tuple at or after `t` (in lexicographic order) that contains `max`: `t` itself,
    /// or else `t` with its last entry raised to `max` (the tuples in between share `t`'s
    /// prefix, which holds no `max`, and end below `max`).
    fn with_max_from(&self, mut t: Vec<u64>) -> Vec<u64> {
        if !t.contains(&self.max) {
            if let Some(last) = t.last_mut() {
                *last = self.max;
            }
        }
        t
    }
}

impl Iterator for TuplesWithMax {
    type Item = Vec<u64>;

    fn next(&mut self) -> Option<Vec<u64>> {
        let current = self.next.take()?;
        self.next = self.successor(&current).map(|t| self.with_max_from(t));
        Some(current)
    }
}

/// Every non-decreasing tuple of at most `max_len` numbers in `1..=bound`, shorter tuples first,
/// each length in lexicographic order, one at a time (`Σ_k C(bound + k - 1, k)` tuples): the
/// sorted positions of heap-multiset games without empty heaps.
#[derive(Debug, Clone)]
pub struct SortedTuples {
    max_len: usize,
    bound: u64,
    next: Option<Vec<u64>>,
}

impl SortedTuples {
    /// The tuples of at most `max_len` numbers in `1..=bound`.
    pub fn new(max_len: usize, bound: u64) -> Self {
        SortedTuples { max_len, bound, next: Some(Vec::new()) }
    }

    /// How many tuples there are (saturating).
    pub fn count(max_len: usize, bound: u64) -> u64 {
        // C(bound + k - 1, k), built up as C(m + k, k) = C(m + k - 1, k - 1) (m + k) / k.
        let mut total = 1u64;
        let mut term = 1u128;
        for k in 1..=max_len as u128 {
            term = term.saturating_mul(u128::from(bound) + k - 1) / k;
            total = total.saturating_add(u64::try_from(term).unwrap_or(u64::MAX));
        }
        total
    }

    fn successor(&self, t: &[u64]) -> Option<Vec<u64>> {
        let mut t = t.to_vec();
        let mut i = t.len();
        while i > 0 {
            i -= 1;
            if t[i] < self.bound {
                t[i] += 1;
                let fill = t[i];
                for x in &mut t[i + 1..] {
                    *x = fill;
                }
                return Some(t);
            }
        }
        // The last tuple of this length: the first of the next one.
        (t.len() < self.max_len && self.bound > 0).then(|| vec![1; t.len() + 1])
    }
}

impl Iterator for SortedTuples {
    type Item = Vec<u64>;

    fn next(&mut self) -> Option<Vec<u64>> {
        let current = self.next.take()?;
        self.next = self.successor(&current);
        Some(current)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use crate::test_prelude::*;

    #[test]
    fn heap_box_counts() {
        assert_eq!(heap_box(3, 2).len(), 27);
        assert_eq!(heap_box(1, 30).len(), 31);
        assert_eq!(heap_box(0, 5).len(), 1);
        assert_eq!(HeapBox::count(3, 2), 27);
        assert_eq!(HeapBox::count(40, u64::MAX), u64::MAX);
    }

    /// The tuples with largest `max`, by brute force over the box.
    fn brute(len: usize, max: u64, sorted: bool) -> Vec<Vec<u64>> {
        HeapBox::new(len, max)
            .map(|t| t.iter().map(|n| u64::try_from(n).unwrap()).collect::<Vec<u64>>())
            .filter(|t| t.contains(&max) && (!sorted || t.windows(2).all(|w| w[0] <= w[1])))
            .collect()
    }

    #[test]
    fn sorted_tuples_are_the_sorted_ones_of_each_box() {
        for max_len in 0..=4 {
            for bound in 0..=5u64 {
                let listed: Vec<Vec<u64>> = SortedTuples::new(max_len, bound).collect();
                let mut expected = vec![Vec::new()];
                for len in 1..=max_len {
                    expected.extend(
                        HeapBox::new(len, bound)
                            .map(|t| t.iter().map(|n| u64::try_from(n).unwrap()).collect::<Vec<u64>>())
                            .filter(|t| t.iter().all(|&n| n >= 1) && t.windows(2).all(|w| w[0] <= w[1])),
                    );
                }
                assert_eq!(listed, expected, "max_len {max_len} bound {bound}");
                assert_eq!(SortedTuples::count(max_len, bound), expected.len() as u64);
            }
        }
    }

    #[test]
    fn tuples_with_max_are_those_of_the_box_in_order() {
        for len in 1..=4 {
            for max in 0..=5 {
                for sorted in [false, true] {
                    let listed: Vec<Vec<u64>> = TuplesWithMax::new(len, max, sorted).collect();
                    assert_eq!(listed, brute(len, max, sorted), "len {len} max {max} sorted {sorted}");
                }
            }
        }
    }
}
