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
    /// The values as `u16` when they are stored so (for the kernels written for that width:
    /// AVX-512, so only x86-64 builds call it).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    fn narrow(values: &[Self]) -> Option<&[u16]>;
}

impl Cell for u16 {
    const MAX: u32 = u16::MAX as u32;
    fn from_value(value: u32) -> Self {
        value as u16
    }
    fn index(self) -> usize {
        usize::from(self)
    }
    fn narrow(values: &[Self]) -> Option<&[u16]> {
        Some(values)
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
    fn narrow(_: &[Self]) -> Option<&[u16]> {
        None
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

/// A set of values below 128, one bit each: the options of a heap while every value read is
/// below 128 (so is every nim-sum of them). Recording an option is setting a bit instead of a
/// store, and the mex is a count of trailing ones.
pub(crate) type Bits = u128;

/// The least value not in `bits` (128 when every value below 128 is).
pub(crate) fn bits_mex(bits: Bits) -> usize {
    (!bits).trailing_zeros() as usize
}

/// Whether `bits` holds `value` (never for 128 and above).
pub(crate) fn bits_contain(bits: Bits, value: usize) -> bool {
    value < 128 && bits >> value & 1 == 1
}

/// Eight sets of values below 128 as two halves of eight lanes each, so that setting one bit in
/// each lane is two vector shifts (a shift by 64 or more gives 0, as `vpsllvq` does).
#[derive(Clone, Copy, Default)]
struct Lanes8 {
    low: [u64; 8],
    high: [u64; 8],
}

impl Lanes8 {
    #[inline(always)]
    fn set(&mut self, lane: usize, value: usize) {
        // A value of 128 or more sets no bit (it cannot be an option: see [`Bits`]).
        let bit = |shift: u64| if shift < 64 { 1 << shift } else { 0 };
        let value = value as u64;
        self.low[lane] |= bit(value);
        self.high[lane] |= bit(value.wrapping_sub(64));
    }

    #[inline(always)]
    fn lane(&self, lane: usize) -> Bits {
        Bits::from(self.high[lane]) << 64 | Bits::from(self.low[lane])
    }

    #[inline(always)]
    fn union(&self) -> Bits {
        (0..8).fold(0, |bits, lane| bits | self.lane(lane))
    }
}

/// The nim-sums of the pairs of `split_pairs` as a set; every nim-sum is below 128.
/// `O(pairs)`, eight pairs a step in vector lanes. Inlined into its caller, which is compiled
/// for AVX-512 where the processor has it (one `vpsllvq` sets eight bits).
#[inline(always)]
pub(crate) fn pair_bits<T: Cell>(low: &[T], high: &[T]) -> Bits {
    let mut lanes = Lanes8::default();
    let (lows, low_rest) = low.as_chunks::<8>();
    let (high_rest, highs) = high.as_rchunks::<8>();
    for (a, b) in lows.iter().zip(highs.iter().rev()) {
        for i in 0..8 {
            lanes.set(i, (a[i] ^ b[7 - i]).index());
        }
    }
    let mut bits = lanes.union();
    for (&x, &y) in low_rest.iter().zip(high_rest.iter().rev()) {
        bits |= 1 << ((x ^ y).index() & 127);
    }
    bits
}

/// [`Lanes8`] in two AVX-512 registers.
#[cfg(target_arch = "x86_64")]
struct Lanes8Avx512 {
    lows: std::arch::x86_64::__m512i,
    highs: std::arch::x86_64::__m512i,
}

#[cfg(target_arch = "x86_64")]
impl Lanes8Avx512 {
    #[target_feature(enable = "avx512bw")]
    #[inline]
    fn new() -> Self {
        use std::arch::x86_64::_mm512_setzero_si512;
        Lanes8Avx512 { lows: _mm512_setzero_si512(), highs: _mm512_setzero_si512() }
    }

    /// Sets in each lane the bit of its value (of 64 bits): two `vpsllvq`, a shift by 64 or
    /// more giving 0, so each value below 128 sets a bit in one half only.
    #[target_feature(enable = "avx512bw")]
    #[inline]
    fn set(&mut self, values: std::arch::x86_64::__m512i) {
        use std::arch::x86_64::*;
        let one = _mm512_set1_epi64(1);
        self.lows = _mm512_or_si512(self.lows, _mm512_sllv_epi64(one, values));
        let above = _mm512_sub_epi64(values, _mm512_set1_epi64(64));
        self.highs = _mm512_or_si512(self.highs, _mm512_sllv_epi64(one, above));
    }
}

/// [`pair_bits`] of `u16` values by AVX-512 instructions, 32 pairs a step: one `vpermw`
/// reverses the high values, and each eight nim-sums, widened to 64 bits, set their bits by two
/// `vpsllvq` (a shift by 64 or more gives 0, so each value sets a bit in one half only).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512bw")]
#[inline]
pub(crate) fn pair_bits_avx512(low: &[u16], high: &[u16]) -> Bits {
    use std::arch::x86_64::*;
    let reverse = _mm512_set_epi16(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27,
        28, 29, 30, 31,
    );
    let mut lanes = Lanes8Avx512::new();
    let (low_steps, low_rest) = low.as_chunks::<32>();
    let (high_rest, high_steps) = high.as_rchunks::<32>();
    for (a, b) in low_steps.iter().zip(high_steps.iter().rev()) {
        // SAFETY: each load reads one [u16; 32], 64 bytes.
        let (a, b) =
            unsafe { (_mm512_loadu_si512(a.as_ptr().cast()), _mm512_loadu_si512(b.as_ptr().cast())) };
        let sums = _mm512_xor_si512(a, _mm512_permutexvar_epi16(reverse, b));
        lanes.set(_mm512_cvtepu16_epi64(_mm512_extracti32x4_epi32::<0>(sums)));
        lanes.set(_mm512_cvtepu16_epi64(_mm512_extracti32x4_epi32::<1>(sums)));
        lanes.set(_mm512_cvtepu16_epi64(_mm512_extracti32x4_epi32::<2>(sums)));
        lanes.set(_mm512_cvtepu16_epi64(_mm512_extracti32x4_epi32::<3>(sums)));
    }
    let mut bits = Bits::from(_mm512_reduce_or_epi64(lanes.highs) as u64) << 64
        | Bits::from(_mm512_reduce_or_epi64(lanes.lows) as u64);
    for (&x, &y) in low_rest.iter().zip(high_rest.iter().rev()) {
        bits |= 1 << ((x ^ y) & 127);
    }
    bits
}

/// [`rare_bits_of_eight`] of `u16` values by AVX-512 instructions: eight values widened to
/// 64 bits by one load, their bits set by two `vpsllvq`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512bw")]
pub(crate) fn rare_bits_of_eight_avx512<T: Cell>(g: &[u16], rare: &[(u32, T)], start: usize) -> [Bits; 8] {
    use std::arch::x86_64::*;
    let mut lanes = Lanes8Avx512::new();
    for &(position, value) in rare {
        let from = start - position as usize;
        let reads: &[u16; 8] = g[from..from + 8].try_into().expect("eight values");
        // SAFETY: the load reads one [u16; 8], 16 bytes.
        let reads = unsafe { _mm_loadu_si128(reads.as_ptr().cast()) };
        lanes.set(_mm512_xor_si512(_mm512_cvtepu16_epi64(reads), _mm512_set1_epi64(value.index() as i64)));
    }
    let (mut low, mut high) = ([0u64; 8], [0u64; 8]);
    // SAFETY: each store writes one [u64; 8], 64 bytes.
    unsafe {
        _mm512_storeu_si512(low.as_mut_ptr().cast(), lanes.lows);
        _mm512_storeu_si512(high.as_mut_ptr().cast(), lanes.highs);
    }
    std::array::from_fn(|i| Bits::from(high[i]) << 64 | Bits::from(low[i]))
}

/// The sets of the eight splits leaving `start` to `start + 7`: the nim-sums `value ^ g[m -
/// position]` of the rare `(position, value)` given, every position below `start` and every
/// read inside `g`. `O(rare.len())` vector steps: eight splits at once, one contiguous load each.
/// Inlined like [`pair_bits`].
#[inline(always)]
pub(crate) fn rare_bits_of_eight<T: Cell>(g: &[T], rare: &[(u32, T)], start: usize) -> [Bits; 8] {
    let mut lanes = Lanes8::default();
    for &(position, value) in rare {
        let from = start - position as usize;
        let reads: &[T; 8] = g[from..from + 8].try_into().expect("eight values");
        for (i, &read) in reads.iter().enumerate() {
            lanes.set(i, (value ^ read).index());
        }
    }
    std::array::from_fn(|i| lanes.lane(i))
}

/// The set of the nim-sums `value ^ g[m - position]` of the rare `(position, value)` given (all
/// below `m`; the split into two equal heaps left out when `unequal`). `O(rare.len())`.
#[inline(always)]
pub(crate) fn rare_bits<T: Cell>(g: &[T], rare: &[(u32, T)], m: usize, unequal: bool) -> Bits {
    let mut bits = 0;
    for &(position, value) in rare {
        let position = position as usize;
        if !(unequal && 2 * position == m) {
            bits |= 1 << ((value ^ g[m - position]).index() & 127);
        }
    }
    bits
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

/// Whether the AVX-512 variants can be compared with the portable ones on this processor. On
/// one without AVX-512 (where they are never called) the comparison cannot run: the test says
/// so on standard error, and fails when `NIMLAB_REQUIRE_AVX512=1` (CI sets it on a processor
/// that has AVX-512, so that a comparison there is never skipped).
#[cfg(test)]
pub(crate) fn avx512_compared() -> bool {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx512bw") {
        return true;
    }
    assert!(
        std::env::var_os("NIMLAB_REQUIRE_AVX512").is_none(),
        "NIMLAB_REQUIRE_AVX512 is set, but this processor has no AVX-512: the AVX-512 variants \
         cannot be compared with the portable ones here"
    );
    eprintln!("note: no AVX-512 on this processor: the AVX-512 kernels are not compared here");
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_and_presence_match_the_definition() {
        // `pairs_contain` is the AVX-512 variant where the processor has it.
        avx512_compared();
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

    /// Values below 128 in no pattern a short period would hide (a linear congruence).
    fn small_values(count: usize) -> Vec<u16> {
        let mut x = 12345u32;
        (0..count)
            .map(|_| {
                x = x.wrapping_mul(1103515245).wrapping_add(12345);
                (x >> 16) as u16 % 128
            })
            .collect()
    }

    #[test]
    fn sets_of_pairs_match_the_definition() {
        let avx512 = avx512_compared();
        let g = small_values(400);
        for m in 2..400 {
            for unequal in [false, true] {
                let (low, high) = split_pairs(&g, m, unequal);
                let expected: Bits = (1..=m / 2)
                    .filter(|&i| !(unequal && 2 * i == m))
                    .fold(0, |bits, i| bits | 1 << (g[i] ^ g[m - i]));
                assert_eq!(pair_bits(low, high), expected, "m {m}");
                #[cfg(target_arch = "x86_64")]
                if avx512 {
                    // SAFETY: the processor has the feature the function is compiled for.
                    assert_eq!(unsafe { pair_bits_avx512(low, high) }, expected, "m {m}");
                }
            }
        }
        assert_eq!(bits_mex(0b1011), 2);
        assert_eq!(bits_mex(Bits::MAX), 128);
        assert!(bits_contain(1 << 127, 127) && !bits_contain(Bits::MAX, 128));
    }

    #[test]
    fn rare_sets_of_eight_sizes_match_one_size_at_a_time() {
        let avx512 = avx512_compared();
        let g = small_values(300);
        let rare: Vec<(u32, u16)> =
            (1..300u32).filter(|r| r % 7 == 3 || r % 11 == 0).map(|r| (r, g[r as usize])).collect();
        for start in 2..290 {
            let below = &rare[..rare.partition_point(|&(r, _)| (r as usize) < start)];
            let expected: [Bits; 8] = std::array::from_fn(|i| rare_bits(&g, below, start + i, false));
            assert_eq!(rare_bits_of_eight(&g, below, start), expected, "start {start}");
            #[cfg(target_arch = "x86_64")]
            if avx512 {
                // SAFETY: the processor has the feature the function is compiled for.
                assert_eq!(unsafe { rare_bits_of_eight_avx512(&g, below, start) }, expected, "start {start}");
            }
            let by_definition =
                below.iter().fold(0, |bits: Bits, &(r, v)| bits | 1 << (v ^ g[start - r as usize]));
            assert_eq!(expected[0], by_definition, "start {start}");
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
