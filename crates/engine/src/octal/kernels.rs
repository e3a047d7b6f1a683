//! The inner loops of the sequence engine, generic over the stored value width.
//!
//! Option values are recorded by **stamping**: `marks[v] = stamp` says "value `v` is an option of
//! the heap being computed", with a fresh stamp per heap, so nothing is cleared between heaps and
//! a record is one store with no dependency on the previous one. `marks` always has a power of
//! two length above every value and nim-sum, so indices are masked (which also lets the compiler
//! drop the bounds checks).

use std::ops::BitXor;

/// A stored Grundy value: `u16` while every value fits, `u32` after widening.
pub(crate) trait Cell: Copy + Eq + BitXor<Output = Self> + Send + Sync + 'static {
    /// The largest value this width stores.
    const MAX: u32;
    /// The value (which must be at most `MAX`).
    fn from_value(value: u32) -> Self;
    /// The value as an index.
    fn index(self) -> usize;
}

impl Cell for u16 {
    const MAX: u32 = u16::MAX as u32;
    fn from_value(value: u32) -> Self {
        value as u16
    }
    fn index(self) -> usize {
        usize::from(self)
    }
}

impl Cell for u32 {
    const MAX: u32 = u32::MAX;
    fn from_value(value: u32) -> Self {
        value
    }
    fn index(self) -> usize {
        self as usize
    }
}

/// The pairs `(i, m - i)`, `1 <= i <= m/2`, of a two-heap split of `m` tokens (without
/// `i = m/2` when the heaps must be unequal) as two slices: `i` runs up `low` while `m - i`
/// runs down `high`, so pair `k` is `(low[k], high[high.len() - 1 - k])`.
pub(crate) fn split_pairs<T: Cell>(g: &[T], m: usize, unequal: bool) -> (&[T], &[T]) {
    let mut last = m / 2;
    if unequal && m.is_multiple_of(2) {
        last -= 1;
    }
    if last == 0 {
        return (&[], &[]);
    }
    (&g[1..=last], &g[m - last..m])
}

/// Width of the blocks the presence scan compares at once (a multiple of every vector width).
pub(crate) const BLOCK: usize = 64;

/// Whether some pair of `split_pairs` has nim-sum `target`, and how many pairs were compared.
/// `O(pairs)`, vectorized by blocks of 64 with an early exit after the first block that
/// contains the value; with the widest vectors the processor has (checked once, at run time).
pub(crate) fn pairs_contain<T: Cell>(low: &[T], high: &[T], target: T) -> (bool, usize) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx512bw") {
        // SAFETY: the processor has the features the function is compiled for.
        return unsafe { pairs_contain_avx512(low, high, target) };
    }
    pairs_contain_anywhere(low, high, target)
}

/// [`pairs_contain`] compiled for AVX-512 (32 pairs a step instead of SSE2's 8): exactly the
/// feature `pairs_contain` detects (AVX-512BW, which implies AVX-512F and AVX2).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512bw")]
fn pairs_contain_avx512<T: Cell>(low: &[T], high: &[T], target: T) -> (bool, usize) {
    pairs_contain_anywhere(low, high, target)
}

/// [`pairs_contain`] for any processor, inlined into each compiled variant. Whole blocks are
/// arrays, so each compiles to a fixed run of vector steps with no remainder to handle.
#[inline(always)]
fn pairs_contain_anywhere<T: Cell>(low: &[T], high: &[T], target: T) -> (bool, usize) {
    let contains = |a: &[T], b: &[T]| {
        a.iter().zip(b.iter().rev()).fold(false, |found, (&x, &y)| found | (x ^ y == target))
    };
    let (lows, low_rest) = low.as_chunks::<BLOCK>();
    let (high_rest, highs) = high.as_rchunks::<BLOCK>();
    for (k, (a, b)) in lows.iter().zip(highs.iter().rev()).enumerate() {
        if contains(a, b) {
            return (true, (k + 1) * BLOCK);
        }
    }
    (contains(low_rest, high_rest), low.len())
}

/// Stamps the nim-sum of every pair of `split_pairs`. `O(pairs)`, eight pairs a step (the loop's
/// own bookkeeping was more instructions than the stamps).
pub(crate) fn stamp_pairs<T: Cell>(low: &[T], high: &[T], marks: &mut [u32], stamp: u32) {
    let mask = marks.len() - 1;
    debug_assert!(marks.len().is_power_of_two());
    let (lows, low_rest) = low.as_chunks::<8>();
    let (high_rest, highs) = high.as_rchunks::<8>();
    for (a, b) in lows.iter().zip(highs.iter().rev()) {
        for i in 0..8 {
            marks[(a[i] ^ b[7 - i]).index() & mask] = stamp;
        }
    }
    for (&x, &y) in low_rest.iter().zip(high_rest.iter().rev()) {
        marks[(x ^ y).index() & mask] = stamp;
    }
}

/// Stamps `value ^ g[m - position]` for every rare `(position, value)` given (all below `m`;
/// `g` may end before `m` when the positions are large enough). `O(rare.len())`: one load, one
/// xor, one store each, four a step.
///
/// # Safety
/// `rare` ascends by position. The reads are then bounded by the first and the last position,
/// checked once here instead of for each pair (a check a pair was a tenth of the loop's
/// instructions; a list out of order could read outside `g`).
pub(crate) unsafe fn stamp_rare<T: Cell>(
    g: &[T],
    rare: &[(u32, T)],
    m: usize,
    marks: &mut [u32],
    stamp: u32,
) {
    let (Some(&(first, _)), Some(&(last, _))) = (rare.first(), rare.last()) else { return };
    assert!(
        (1..=m).contains(&(last as usize)) && m - (first as usize) < g.len(),
        "rare positions {first}..={last} outside the split of {m}"
    );
    let mask = marks.len() - 1;
    debug_assert!(marks.len().is_power_of_two());
    debug_assert!(rare.is_sorted_by_key(|&(position, _)| position));
    // SAFETY: positions ascend (the caller's promise), so every read is at
    // `m - last <= m - position <= m - first < g.len()` (asserted).
    let read = |position: u32| unsafe { *g.get_unchecked(m - position as usize) };
    let (steps, rest) = rare.as_chunks::<4>();
    for step in steps {
        for &(position, value) in step {
            marks[(value ^ read(position)).index() & mask] = stamp;
        }
    }
    for &(position, value) in rest {
        marks[(value ^ read(position)).index() & mask] = stamp;
    }
}

/// Stamps the nim-sum of every three-heap split `a + b + c = m`, `1 <= a <= b <= c`.
/// `O(m²/12)`.
pub(crate) fn stamp_triples<T: Cell>(g: &[T], m: usize, marks: &mut [u32], stamp: u32) {
    let mask = marks.len() - 1;
    for a in 1..=m / 3 {
        let rest = m - a;
        for b in a..=rest / 2 {
            marks[(g[a] ^ g[b] ^ g[rest - b]).index() & mask] = stamp;
        }
    }
}

/// The least value from `from` on that is neither stamped in `marks` nor stamped at least
/// `oldest` in `rare_marks` (as long as `marks`).
pub(crate) fn mex_from(marks: &[u32], stamp: u32, rare_marks: &[u32], oldest: u32, from: usize) -> usize {
    if from >= marks.len() {
        return from;
    }
    let rare_marks = &rare_marks[..marks.len()];
    marks[from..]
        .iter()
        .zip(&rare_marks[from..])
        .position(|(&m, &r)| m != stamp && r < oldest)
        .map_or(marks.len(), |k| from + k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_and_presence_match_the_definition() {
        let g: Vec<u16> = (0..300u16).map(|i| (i * 7 + i / 5) % 13).collect();
        for m in 2..300 {
            for unequal in [false, true] {
                let (low, high) = split_pairs(&g, m, unequal);
                let expected: Vec<u16> =
                    (1..=m / 2).filter(|&i| !(unequal && 2 * i == m)).map(|i| g[i] ^ g[m - i]).collect();
                let got: Vec<u16> = low.iter().zip(high.iter().rev()).map(|(&x, &y)| x ^ y).collect();
                assert_eq!(got, expected, "m {m}");
                for target in 0..16u16 {
                    // The variant this processor runs and the one for any processor.
                    let (found, compared) = pairs_contain(low, high, target);
                    assert_eq!(found, expected.contains(&target), "m {m} target {target}");
                    assert_eq!(pairs_contain_anywhere(low, high, target), (found, compared));
                    let first = expected.iter().position(|&x| x == target);
                    let whole_blocks = expected.len() / BLOCK * BLOCK;
                    let stop = first.map_or(expected.len(), |k| {
                        if k < whole_blocks {
                            (k / BLOCK + 1) * BLOCK
                        } else {
                            expected.len()
                        }
                    });
                    assert_eq!(compared, stop, "m {m} target {target}");
                }
            }
        }
    }

    #[test]
    fn mex_skips_stamped_values() {
        let marks = [5, 5, 3, 5, 5, 2, 5];
        let rare_marks = [0, 0, 4, 0, 0, 3, 1];
        assert_eq!(mex_from(&marks, 5, &rare_marks, 5, 0), 2);
        assert_eq!(mex_from(&marks, 5, &rare_marks, 4, 0), 5);
        assert_eq!(mex_from(&marks, 5, &rare_marks, 3, 0), 7);
        assert_eq!(mex_from(&marks, 5, &rare_marks, 5, 3), 5);
        assert_eq!(mex_from(&marks, 5, &rare_marks, 5, 9), 9);
    }
}
