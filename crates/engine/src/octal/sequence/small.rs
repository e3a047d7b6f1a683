//! One thread computing heaps in order while every value is below 128, so that every option
//! (a nim-sum of values) is too: a heap's options are a 128-bit set ([`Bits`]) instead of
//! stamped marks. Setting bits takes 32 pairs a vector step with AVX-512 (8 otherwise), and the
//! mex is a count of trailing ones, where a search through stamped marks mispredicts its exit.
//! The rare pairs of the split leaving each size are one set, kept for the heaps after it that
//! split off the same size (any split digits, not only consecutive ones), and built eight sizes
//! at a time: the rare heaps far enough back are read by one contiguous load for eight sizes.

use super::*;
use crate::octal::kernels::{bits_contain, bits_mex, pair_bits, rare_bits, rare_bits_of_eight, Bits};

/// Sizes a batch of rare sets covers.
const BATCH: usize = 8;

/// The rare sets of the splits the next heaps read, valid for one heap (`next`) at a time.
#[derive(Debug, Clone, Default)]
pub(super) struct RareSets {
    /// `ring[m % ring.len()]`: the nim-sums of the pairs `(r, m - r)` with a rare heap `r`.
    ring: Vec<Bits>,
    /// The heap the sets are ready for; `None` after anything else computed or changed a heap.
    pub(super) next: Option<usize>,
    /// The first size whose far part is not in the ring yet. The last batch read the rare heaps
    /// from [`far_from`] up to its first size, `far_len` of them, which end at `far_end` in the
    /// rare list.
    built_to: usize,
    far_end: usize,
    far_len: usize,
    /// The common values below 128.
    common: Bits,
}

impl RareSets {
    /// Bytes the ring holds.
    pub(super) fn held_bytes(&self) -> u64 {
        (self.ring.capacity() * std::mem::size_of::<Bits>()) as u64
    }

    /// The set of the split leaving `m`.
    fn of(&self, m: usize) -> Bits {
        self.ring[m & (self.ring.len() - 1)]
    }

    fn of_mut(&mut self, m: usize) -> &mut Bits {
        let mask = self.ring.len() - 1;
        &mut self.ring[m & mask]
    }
}

/// What tests make the engine do instead of its fastest path, to compare them.
#[cfg(test)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) enum Forced {
    #[default]
    Nothing,
    /// The variant for any processor, where the processor has AVX-512.
    Portable,
    /// Stamped marks instead of sets.
    Stamped,
}

/// Whether heap `n`'s options fit [`Bits`] and it may be computed by [`next_value`].
pub(super) fn applies<T: Cell>(scratch: &Scratch, below: &Below<'_, T>) -> bool {
    #[cfg(test)]
    if scratch.forced == Forced::Stamped {
        return false;
    }
    below.common.is_some() && scratch.marks.len() <= 128 && below.menu.split3.is_empty()
}

/// The smallest rare heap read by the batches: the rare pairs of a split leaving `m` are
/// batched with `m + 1, ..., m + 7` at heap `m + first`, when the values below it are known;
/// a rare heap `r` is read there at `m + 7 - r`, so it must be at least `8 - first` (nothing is
/// batched for unequal splits, where one pair of a size is left out).
fn far_from(menu: &MoveMenu) -> usize {
    if menu.unequal {
        usize::MAX
    } else {
        (BATCH - 1).saturating_sub(menu.split[0]) + 1
    }
}

/// The value of heap `n` (one thread, in order, `applies`), compiled for AVX-512 where the
/// processor has it (checked once, at run time).
pub(super) fn next_value<T: Cell>(scratch: &mut Scratch, below: &Below<'_, T>, n: usize) -> u32 {
    #[cfg(all(test, target_arch = "x86_64"))]
    let portable = scratch.forced == Forced::Portable;
    #[cfg(all(not(test), target_arch = "x86_64"))]
    let portable = false;
    #[cfg(target_arch = "x86_64")]
    if !portable && std::arch::is_x86_feature_detected!("avx512bw") {
        // SAFETY: the processor has the feature the function is compiled for.
        return unsafe { next_value_avx512(scratch, below, n) };
    }
    let kernels = Kernels { pairs: pair_bits::<T>, rare: rare_bits_of_eight::<T> };
    next_value_anywhere(scratch, below, n, &kernels)
}

/// [`next_value`] compiled for AVX-512 (AVX-512BW, which implies AVX-512F and AVX2).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512bw")]
fn next_value_avx512<T: Cell>(scratch: &mut Scratch, below: &Below<'_, T>, n: usize) -> u32 {
    use crate::octal::kernels::{pair_bits_avx512, rare_bits_of_eight_avx512};
    let kernels = Kernels {
        pairs: |low: &[T], high: &[T]| match (T::narrow(low), T::narrow(high)) {
            (Some(low), Some(high)) => pair_bits_avx512(low, high),
            _ => pair_bits(low, high),
        },
        rare: |g: &[T], rare: &[(u32, T)], start: usize| match T::narrow(g) {
            Some(g) => rare_bits_of_eight_avx512(g, rare, start),
            None => rare_bits_of_eight(g, rare, start),
        },
    };
    next_value_anywhere(scratch, below, n, &kernels)
}

/// The kernels a compiled variant of [`next_value`] sets bits with.
struct Kernels<P, R> {
    pairs: P,
    rare: R,
}

/// [`next_value`] for any processor, inlined into each compiled variant.
#[inline(always)]
fn next_value_anywhere<T: Cell, P, R>(
    scratch: &mut Scratch,
    below: &Below<'_, T>,
    n: usize,
    kernels: &Kernels<P, R>,
) -> u32
where
    P: Fn(&[T], &[T]) -> Bits,
    R: Fn(&[T], &[(u32, T)], usize) -> [Bits; 8],
{
    let Below { menu, common, g, rare: [rare, _] } = *below;
    scratch.reuse_at = None;
    let (sets, tally) = (&mut scratch.sets, &mut scratch.tally);
    if sets.next == Some(n) {
        step(sets, menu, g, rare, n, tally, &kernels.rare);
    } else {
        start(sets, menu, common.unwrap_or(&[]), g, rare, n, tally);
    }
    sets.next = Some(n + 1);
    let mut options: Bits = 0;
    for &j in &menu.split {
        if n >= j + 2 {
            options |= sets.of(n - j);
        }
    }
    for &j in &menu.whole {
        if n == j {
            options |= 1;
        }
    }
    for &j in &menu.take {
        if n > j {
            options |= 1 << (g[n - j].index() & 127);
        }
    }
    // Every common value is below 128 (as every value read). A candidate of 128 sets no bit:
    // it stays, and the scan of the pairs not recorded settles it, as with stamped marks.
    let common = sets.common;
    let mut options = Set { bits: options, pairs: &kernels.pairs };
    let candidate = bits_mex(options.bits);
    settle(&mut options, below, n, candidate, |c| bits_contain(common, c), tally)
}

/// Options as a set, recorded by a compiled variant's kernel.
struct Set<P> {
    bits: Bits,
    pairs: P,
}

impl<T, P: Fn(&[T], &[T]) -> Bits> Options<T> for Set<P> {
    #[inline(always)]
    fn record(&mut self, low: &[T], high: &[T]) {
        self.bits |= (self.pairs)(low, high);
    }
    #[inline(always)]
    fn insert(&mut self, value: usize) {
        self.bits |= 1 << value;
    }
    #[inline(always)]
    fn contains(&self, value: usize) -> bool {
        bits_contain(self.bits, value)
    }
    /// Every value below `from` is an option, so the least one not in the set.
    #[inline(always)]
    fn mex(&self, _from: usize) -> usize {
        bits_mex(self.bits)
    }
}

/// Builds the sets heap `n` and the heaps after it read, from nothing (the first heap, or after
/// anything else computed a heap or changed the rare list).
fn start<T: Cell>(
    sets: &mut RareSets,
    menu: &MoveMenu,
    common: &[bool],
    g: &[T],
    rare: &[(u32, T)],
    n: usize,
    tally: &mut Tally,
) {
    let last = menu.split.last().copied().unwrap_or(0);
    let len = (last + 2 * BATCH).next_power_of_two();
    if sets.ring.len() < len {
        sets.ring.resize(len, 0);
    }
    let first = menu.split[0];
    // Heap n + k completes the size n + k - first; the sizes below that the heaps from n on
    // read, down to n - last, are built here.
    if n >= first + 2 {
        for m in n.saturating_sub(last).max(2)..=n - first {
            let below_m = &rare[..rare.partition_point(|&(r, _)| (r as usize) < m)];
            *sets.of_mut(m) = rare_bits(g, below_m, m, menu.unequal);
            tally.rare_pairs += below_m.len() as u64;
        }
    }
    sets.built_to = (n + 1).saturating_sub(first);
    sets.far_end = 0;
    sets.far_len = 0;
    sets.common = (0..128).filter(|&v| is_common(common, v)).fold(0, |bits, v| bits | 1 << v);
}

/// Completes the set of the split leaving `n - first` (its first split digit) for heap `n`,
/// whose other splits were completed by the heaps before.
#[inline(always)]
fn step<T: Cell>(
    sets: &mut RareSets,
    menu: &MoveMenu,
    g: &[T],
    rare: &[(u32, T)],
    n: usize,
    tally: &mut Tally,
    batch: impl Fn(&[T], &[(u32, T)], usize) -> [Bits; 8],
) {
    let first = menu.split[0];
    if n < first + 2 {
        return;
    }
    let m = n - first;
    let far_from = far_from(menu);
    let near = rare.iter().take_while(|&&(r, _)| (r as usize) < far_from.min(m)).count();
    if m >= sets.built_to {
        if far_from < m {
            // The far part of the sets of m to m + 7: rare heaps far_from..m, all read known
            // values. Rare heaps only ever join the list at its end, above every batch's start.
            sets.far_end = sets.far_end.max(near);
            sets.far_end += rare[sets.far_end..].iter().take_while(|&&(r, _)| (r as usize) < m).count();
            let far = &rare[near..sets.far_end];
            for (i, bits) in batch(g, far, m).into_iter().enumerate() {
                *sets.of_mut(m + i) = bits;
            }
            sets.built_to = m + BATCH;
            sets.far_len = far.len();
        } else {
            sets.built_to = m + 1;
            sets.far_end = near;
            sets.far_len = 0;
            *sets.of_mut(m) = 0;
        }
    }
    // The near part: the rare heaps below far_from and those from the batch's start to m.
    let later = &rare[sets.far_end..];
    let later = &later[..later.iter().take_while(|&&(r, _)| (r as usize) < m).count()];
    let bits = rare_bits(g, &rare[..near], m, menu.unequal) | rare_bits(g, later, m, menu.unequal);
    *sets.of_mut(m) |= bits;
    // Counted per size, as stamping them counts them.
    tally.rare_pairs += (sets.far_len + near + later.len()) as u64;
}
