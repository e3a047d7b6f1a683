//! Gap classes of Large Nim positions: the compact keys of the proved tables.
//!
//! Put the **virtual heap** `x_0 = 1` in front of a sorted, zero-free position:
//! `1 = x_0 <= x_1 <= ... <= x_k`. Its gaps are `d_i = x_{i+1} - x_i` for `i` in `0..k`, and its
//! class at cap `c` is the list of gaps capped at `c`, `min(d_i, c)`. At cap 1 a capped gap is 0
//! for `=` and 1 for `<`, so the class is the **order pattern** of `explore` (whether `x_1 = 1`,
//! and which of `x_1 <= ... <= x_k` are equalities): `k` bits. Finer caps are the refinement the
//! prover tries when patterns are too coarse.
//!
//! Every class of at most `N` heaps has an index in `0..(c+1)^0 + ... + (c+1)^N`: the classes of
//! `k` heaps come after those of fewer heaps, and within them the capped gaps are the digits of a
//! number in base `c + 1`, `d_0` least significant. A table of values by class is one byte per
//! class: `2^(N+1) - 1` bytes for the order patterns of at most `N` heaps (8 KB for `N = 12`).

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::explore::{Chain, Relation};

/// The classes of positions of at most `heaps` heaps at gap cap `cap`, and their indices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct GapClasses {
    cap: u64,
    heaps: usize,
    /// `offsets[k]`: the index of the first class of `k` heaps; `offsets[heaps + 1]` is the count.
    offsets: Vec<usize>,
}

impl GapClasses {
    /// The classes at `cap >= 1` of at most `heaps` heaps, or `None` when there are more than
    /// `limit` of them (the count is checked before anything is allocated).
    pub(crate) fn new(cap: u64, heaps: usize, limit: usize) -> Option<Self> {
        debug_assert!(cap >= 1);
        let base = usize::try_from(cap).ok()?.checked_add(1)?;
        let mut offsets = Vec::with_capacity(heaps + 2);
        let (mut total, mut of_size) = (0usize, 1usize);
        for k in 0..=heaps {
            offsets.push(total);
            total = total.checked_add(of_size).filter(|&t| t <= limit)?;
            if k < heaps {
                of_size = of_size.checked_mul(base)?;
            }
        }
        offsets.push(total);
        Some(GapClasses { cap, heaps, offsets })
    }

    /// The gap cap.
    pub(crate) fn cap(&self) -> u64 {
        self.cap
    }

    /// The most heaps of a classified position.
    pub(crate) fn heaps(&self) -> usize {
        self.heaps
    }

    /// The number of classes of at most [`GapClasses::heaps`] heaps.
    pub(crate) fn len(&self) -> usize {
        self.offsets[self.heaps + 1]
    }

    /// The indices of the classes of exactly `k` heaps.
    pub(crate) fn of_heaps(&self, k: usize) -> std::ops::Range<usize> {
        self.offsets[k]..self.offsets[k + 1]
    }

    /// The index of the class whose capped gaps are `capped` (each at most the cap), or `None`
    /// for more heaps than the classes hold. `O(k)`.
    pub(crate) fn index_of_gaps(&self, capped: &[u64]) -> Option<usize> {
        let base = self.cap as usize + 1;
        let digits = capped.iter().rev().fold(0usize, |acc, &d| acc * base + d as usize);
        (capped.len() <= self.heaps).then(|| self.offsets[capped.len()] + digits)
    }

    /// The index of the class of a sorted, zero-free position, or `None` for more heaps than the
    /// classes hold. `O(k)`.
    pub(crate) fn index(&self, heaps: &[u64]) -> Option<usize> {
        if heaps.len() > self.heaps {
            return None;
        }
        let base = self.cap as usize + 1;
        let mut digits = 0usize;
        let mut weight = 1usize;
        let mut previous = 1u64;
        for &h in heaps {
            digits += (h - previous).min(self.cap) as usize * weight;
            weight *= base;
            previous = h;
        }
        Some(self.offsets[heaps.len()] + digits)
    }

    /// [`GapClasses::index`] for unbounded heaps. `O(k)` big-integer subtractions.
    pub(crate) fn index_big(&self, heaps: &[BigUint]) -> Option<usize> {
        let mut previous = BigUint::from(1u8);
        let mut capped = Vec::with_capacity(heaps.len());
        for h in heaps {
            let gap = h - &previous;
            capped.push(gap.to_u64().map_or(self.cap, |g| g.min(self.cap)));
            previous = h.clone();
        }
        self.index_of_gaps(&capped)
    }

    /// The capped gaps of the class at `index` (its number of heaps is their count). `O(k)`.
    pub(crate) fn gaps(&self, index: usize) -> Vec<u64> {
        let k = self.offsets.partition_point(|&o| o <= index) - 1;
        let base = self.cap as usize + 1;
        let mut digits = index - self.offsets[k];
        (0..k)
            .map(|_| {
                let d = digits % base;
                digits /= base;
                d as u64
            })
            .collect()
    }

    /// The order pattern of a class (cap 1 only: at larger caps a class is finer than a pattern).
    pub(crate) fn chain(&self, index: usize) -> Chain {
        debug_assert_eq!(self.cap, 1);
        Chain(
            self.gaps(index)
                .into_iter()
                .map(|d| if d == 0 { Relation::Equal } else { Relation::Less })
                .collect(),
        )
    }
}

/// The least position with the given gaps: `x_1 = 1 + d_0`, `x_{i+1} = x_i + d_i`. `O(k)`.
pub(crate) fn representative(gaps: &[u64]) -> Vec<u64> {
    gaps.iter()
        .scan(1u64, |x, &d| {
            *x += d;
            Some(*x)
        })
        .collect()
}

/// A value for every class of at most `heaps` heaps, one byte each (a value is at most the
/// number of heaps: `g(G) <= g(G without its largest heap) + 1`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ClassTable {
    players: u32,
    classes: GapClasses,
    values: Vec<u8>,
}

impl ClassTable {
    /// A table from one value per class, in index order.
    ///
    /// # Panics
    /// If `values` does not hold one value per class.
    pub(crate) fn new(players: u32, classes: GapClasses, values: Vec<u8>) -> Self {
        assert_eq!(values.len(), classes.len(), "one value per class");
        ClassTable { players, classes, values }
    }

    /// The number of players the values are for.
    pub(crate) fn players(&self) -> u32 {
        self.players
    }

    /// The classes.
    pub(crate) fn classes(&self) -> &GapClasses {
        &self.classes
    }

    /// The value of the class at `index`.
    pub(crate) fn value_at(&self, index: usize) -> u32 {
        u32::from(self.values[index])
    }

    /// The value of a sorted, zero-free position's class, or `None` for too many heaps.
    pub(crate) fn value(&self, heaps: &[u64]) -> Option<u32> {
        self.classes.index(heaps).map(|i| self.value_at(i))
    }

    /// The value of a sorted, zero-free position of unbounded heaps, or `None` for too many heaps.
    pub(crate) fn value_big(&self, heaps: &[BigUint]) -> Option<u32> {
        self.classes.index_big(heaps).map(|i| self.value_at(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bigint::to_bigs;

    #[test]
    fn indices_enumerate_every_class_once() {
        for cap in [1u64, 2, 3] {
            let classes = GapClasses::new(cap, 4, usize::MAX).unwrap();
            let expected: usize = (0..=4).map(|k| (cap as usize + 1).pow(k)).sum();
            assert_eq!(classes.len(), expected);
            for index in 0..classes.len() {
                let gaps = classes.gaps(index);
                assert!(gaps.iter().all(|&d| d <= cap));
                assert_eq!(classes.index_of_gaps(&gaps), Some(index));
                let least = representative(&gaps);
                assert_eq!(classes.index(&least), Some(index));
                assert_eq!(classes.index_big(&to_bigs(&least)), Some(index));
            }
        }
    }

    #[test]
    fn patterns_are_bits_and_gaps_are_capped() {
        let patterns = GapClasses::new(1, 3, usize::MAX).unwrap();
        assert_eq!(patterns.len(), 15); // 2^4 - 1
        assert_eq!(patterns.of_heaps(2), 3..7);
        // (1, 5, 5): x1 = 1 (=), 1 < 5 (<), 5 = 5 (=).
        let index = patterns.index(&[1, 5, 5]).unwrap();
        assert_eq!(patterns.gaps(index), [0, 1, 0]);
        assert_eq!(patterns.chain(index).to_string(), "1 = x1 < x2 = x3");
        let fine = GapClasses::new(2, 3, usize::MAX).unwrap();
        assert_eq!(fine.gaps(fine.index(&[2, 9, 10]).unwrap()), [1, 2, 1]);
        let huge: BigUint = "9".repeat(100).parse().unwrap();
        let position = [BigUint::from(1u8), huge.clone(), huge];
        assert_eq!(patterns.index_big(&position), Some(index));
        assert_eq!(patterns.index(&[1, 2, 3, 4]), None);
        assert_eq!(representative(&[1, 0, 2]), [2, 2, 4]);
    }

    #[test]
    fn too_many_classes_are_refused_before_allocating() {
        assert!(GapClasses::new(1, 12, 8191).is_some());
        assert!(GapClasses::new(1, 12, 8190).is_none());
        assert!(GapClasses::new(1, 200, usize::MAX).is_none());
    }
}
