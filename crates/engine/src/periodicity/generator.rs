//! The streaming Grundy generator for SUB(S).
//!
//! # The kernel
//! With `k = max(S)`, `G(n)` depends on the `k` values before it. The generator keeps a linear
//! buffer holding those `k` values followed by a chunk being filled; after each chunk the last
//! `k` values move to the front. A chunk is as long as the caller asks for (so a short request
//! computes only what it needs) but at least `k` when more is asked, so the copy costs at most one
//! move per value; the buffer holds `k + max(k, 4096)` words. Positions before 0 hold "no option", so the first `k` values need no special
//! case.
//!
//! For `|S| ≤ 63` (every Grundy value is at most `|S|`, so at most 63) each value is stored
//! **one-hot** as `1 << G(n)` in a `u64`. The set of option values is then the OR of `|S|` words
//! and the mex, as a one-hot word again, is the lowest clear bit: `!seen & (seen + 1)`. So a value
//! costs `|S|` loads, `|S|` ORs and three ALU operations, with no shifts, no branches and no
//! table. Sets of up to eight members get a kernel with the set unrolled (a const-generic array
//! of lanes); larger sets loop over the lanes; sets of 64 or more members use a word-array mex.
//!
//! # The gcd reduction
//! For `d = gcd(S) > 1`, `G_S(n) = G_{S/d}(⌊n/d⌋)`: the generator runs on `S/d` (a window `d`
//! times smaller) and repeats each value `d` times.

use std::cell::Cell;

use super::{gcd_of, normalize_set, Grundy, PeriodicityError};

/// Capacity of a chunk, in values, at least (more when `max(S)` is larger, see the module doc).
const MIN_CHUNK: usize = 4096;

/// The fewest values computed per chunk.
const MIN_STEP: usize = 64;

/// Largest set handled by the one-hot kernels: its Grundy values are at most 63.
const ONE_HOT_MAX_MEMBERS: usize = 63;

/// A streaming generator of `G(0), G(1), ...` for SUB(S).
///
/// Memory is `O(max(S) / gcd(S))` words plus a fixed chunk, whatever the number of values drawn.
///
/// ```
/// use nimlab_engine::periodicity::GrundyStream;
///
/// let mut stream = GrundyStream::new(&[2, 3, 5, 7]).unwrap();
/// let mut first = [0; 11];
/// stream.fill(&mut first);
/// assert_eq!(first, [0, 0, 1, 1, 2, 2, 3, 3, 4, 0, 0]);
/// ```
#[derive(Debug, Clone)]
pub struct GrundyStream {
    kernel: Kernel,
    /// `gcd(S)`: each value of the reduced sequence is emitted this many times.
    repeat: u64,
    /// Next reduced value of the kernel's current chunk to emit.
    cursor: usize,
    /// Emissions of the value at `cursor` already made (gcd expansion only).
    repeated: u64,
}

#[derive(Debug, Clone)]
enum Kernel {
    /// One-hot words: `history[..window]` is the window, then the chunk.
    OneHot { offsets: Vec<usize>, window: usize, history: Vec<u64>, filled: usize },
    /// Plain values with a word-array mex, for sets of 64 members or more.
    Wide { offsets: Vec<usize>, window: usize, history: Vec<Grundy>, seen: Vec<u64>, filled: usize },
}

/// Marks "no such position" (before 0) in the wide kernel's history; never a Grundy value.
const NO_OPTION: Grundy = Grundy::MAX;

impl GrundyStream {
    /// A generator for SUB(`set`), positioned at `n = 0`.
    ///
    /// # Errors
    /// [`PeriodicityError::EmptySet`] or [`PeriodicityError::ZeroInSet`].
    pub fn new(set: &[u64]) -> Result<Self, PeriodicityError> {
        let set = normalize_set(set)?;
        let repeat = gcd_of(&set);
        let offsets: Vec<usize> =
            set.iter().map(|&s| usize::try_from(s / repeat).unwrap_or(usize::MAX)).collect();
        let window = offsets.iter().copied().max().unwrap_or(1);
        // The buffer starts with the window ("no option" before 0) and grows with the requests.
        let kernel = if offsets.len() <= ONE_HOT_MAX_MEMBERS {
            Kernel::OneHot { offsets, window, history: vec![0; window], filled: 0 }
        } else {
            let words = offsets.len() / 64 + 1;
            let history = vec![NO_OPTION; window];
            Kernel::Wide { offsets, window, history, seen: vec![0; words], filled: 0 }
        };
        Ok(GrundyStream { cursor: 0, kernel, repeat, repeated: 0 })
    }

    /// Writes the next `out.len()` values of the sequence into `out`.
    ///
    /// Time `O(out.len() × |S|)`; no allocation.
    pub fn fill(&mut self, out: &mut [Grundy]) {
        let mut written = 0;
        while written < out.len() {
            if self.cursor == self.kernel.filled() {
                let wanted = (out.len() - written) as u64;
                let wanted = if self.repeat == 1 { wanted } else { wanted.div_ceil(self.repeat) };
                self.kernel.advance(usize::try_from(wanted).unwrap_or(usize::MAX));
                self.cursor = 0;
            }
            let chunk = self.kernel.filled();
            if self.repeat == 1 {
                let take = (chunk - self.cursor).min(out.len() - written);
                self.kernel.export(self.cursor, &mut out[written..written + take]);
                self.cursor += take;
                written += take;
            } else {
                let value = self.kernel.value(self.cursor);
                let take = (self.repeat - self.repeated).min((out.len() - written) as u64);
                out[written..written + take as usize].fill(value);
                written += take as usize;
                self.repeated += take;
                if self.repeated == self.repeat {
                    self.repeated = 0;
                    self.cursor += 1;
                }
            }
        }
    }
}

impl Kernel {
    /// Length of the current chunk (0 before the first).
    fn filled(&self) -> usize {
        match self {
            Kernel::OneHot { filled, .. } | Kernel::Wide { filled, .. } => *filled,
        }
    }

    /// The value at `index` of the current chunk.
    fn value(&self, index: usize) -> Grundy {
        match self {
            Kernel::OneHot { window, history, .. } => history[window + index].trailing_zeros(),
            Kernel::Wide { window, history, .. } => history[window + index],
        }
    }

    /// Copies `out.len()` values of the current chunk from `from` on into `out`.
    fn export(&self, from: usize, out: &mut [Grundy]) {
        match self {
            Kernel::OneHot { window, history, .. } => {
                let words = &history[window + from..][..out.len()];
                for (value, word) in out.iter_mut().zip(words) {
                    *value = word.trailing_zeros();
                }
            }
            Kernel::Wide { window, history, .. } => {
                out.copy_from_slice(&history[window + from..][..out.len()]);
            }
        }
    }

    /// Computes the next chunk: `wanted` values, but at least `max(S)` and [`MIN_STEP`] and at
    /// most the capacity.
    fn advance(&mut self, wanted: usize) {
        match self {
            Kernel::OneHot { offsets, window, history, filled } => {
                let len = chunk_len(wanted, *window);
                if history.len() < *window + len {
                    history.resize(*window + len, 0);
                }
                history.copy_within(*filled..*filled + *window, 0);
                *filled = len;
                one_hot_chunk(&mut history[..*window + len], offsets, *window);
            }
            Kernel::Wide { offsets, window, history, seen, filled } => {
                let len = chunk_len(wanted, *window);
                if history.len() < *window + len {
                    history.resize(*window + len, NO_OPTION);
                }
                history.copy_within(*filled..*filled + *window, 0);
                *filled = len;
                for i in *window..*window + len {
                    seen.fill(0);
                    for &s in offsets.iter() {
                        let value = history[i - s];
                        if value != NO_OPTION {
                            seen[value as usize / 64] |= 1 << (value % 64);
                        }
                    }
                    // `seen` has more bits than values exist, so some word has a clear bit.
                    let word = seen.iter().position(|&w| w != u64::MAX).unwrap_or(seen.len() - 1);
                    history[i] = (word * 64) as Grundy + seen[word].trailing_ones();
                }
            }
        }
    }
}

/// The length of the next chunk: `wanted`, but at least `max(S)` and [`MIN_STEP`], and at most
/// `max(max(S), MIN_CHUNK)`.
fn chunk_len(wanted: usize, window: usize) -> usize {
    wanted.max(window).max(MIN_STEP).min(window.max(MIN_CHUNK))
}

/// Fills `history[window..]` from the `window` one-hot words before it.
fn one_hot_chunk(history: &mut [u64], offsets: &[usize], window: usize) {
    match offsets.len() {
        1 => one_hot_unrolled::<1>(history, offsets, window),
        2 => one_hot_unrolled::<2>(history, offsets, window),
        3 => one_hot_unrolled::<3>(history, offsets, window),
        4 => one_hot_unrolled::<4>(history, offsets, window),
        5 => one_hot_unrolled::<5>(history, offsets, window),
        6 => one_hot_unrolled::<6>(history, offsets, window),
        7 => one_hot_unrolled::<7>(history, offsets, window),
        8 => one_hot_unrolled::<8>(history, offsets, window),
        _ => one_hot_lanes(history, offsets, window),
    }
}

/// The kernel with the set unrolled: lane `j` is the history shifted by `offsets[j]`, so value
/// `i` reads `lane_j[i]`; all lanes have the chunk's length, so no bounds checks remain.
fn one_hot_unrolled<const K: usize>(history: &mut [u64], offsets: &[usize], window: usize) {
    let cells = Cell::from_mut(history).as_slice_of_cells();
    let len = cells.len() - window;
    let lanes: [&[Cell<u64>]; K] = std::array::from_fn(|j| &cells[window - offsets[j]..][..len]);
    let out = &cells[window..];
    for i in 0..len {
        let mut seen = 0u64;
        for lane in &lanes {
            seen |= lane[i].get();
        }
        out[i].set(!seen & seen.wrapping_add(1));
    }
}

/// The kernel for 9 to 63 members: the same lanes, in a slice.
fn one_hot_lanes(history: &mut [u64], offsets: &[usize], window: usize) {
    let cells = Cell::from_mut(history).as_slice_of_cells();
    let len = cells.len() - window;
    let lanes: Vec<&[Cell<u64>]> = offsets.iter().map(|&s| &cells[window - s..][..len]).collect();
    let out = &cells[window..];
    for i in 0..len {
        let seen = lanes.iter().fold(0u64, |seen, lane| seen | lane[i].get());
        out[i].set(!seen & seen.wrapping_add(1));
    }
}

/// The first `count` values of SUB(`set`).
///
/// Time `O(count × |S|)`, memory `O(count + max(S))`.
///
/// # Errors
/// [`PeriodicityError::EmptySet`] or [`PeriodicityError::ZeroInSet`].
pub fn grundy_values(set: &[u64], count: usize) -> Result<Vec<Grundy>, PeriodicityError> {
    let mut stream = GrundyStream::new(set)?;
    let mut values = vec![0; count];
    stream.fill(&mut values);
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use crate::test_prelude::*;
    use proptest::prelude::*;

    /// The definition, directly: `G(n) = mex{G(n - s) : s ∈ S, s ≤ n}`.
    fn by_definition(set: &[u64], count: usize) -> Vec<Grundy> {
        let mut g: Vec<Grundy> = Vec::with_capacity(count);
        for n in 0..count as u64 {
            let options: Vec<Grundy> =
                set.iter().filter(|&&s| s <= n).map(|&s| g[(n - s) as usize]).collect();
            g.push((0..).find(|v| !options.contains(v)).unwrap_or(0));
        }
        g
    }

    /// Draws `count` values through `fill` calls of the given sizes, cycling.
    fn drawn(set: &[u64], count: usize, sizes: &[usize]) -> Vec<Grundy> {
        let mut stream = GrundyStream::new(set).unwrap();
        let mut out = vec![0; count];
        let mut at = 0;
        for &size in sizes.iter().cycle() {
            if at == count {
                break;
            }
            let end = (at + size.max(1)).min(count);
            stream.fill(&mut out[at..end]);
            at = end;
        }
        out
    }

    #[test]
    fn every_kernel_matches_the_definition_across_chunks() {
        let wide: Vec<u64> = (1..=70).map(|i| 3 * i + (i % 4)).collect();
        let lanes: Vec<u64> = (1..=12).map(|i| i * i).collect();
        let sets: Vec<Vec<u64>> = vec![
            vec![1],
            vec![2, 3, 5, 7, 101],
            vec![1, 4, 10],
            lanes,
            wide,
            vec![6, 9, 15],
            vec![5000, 7001],
            vec![4, 8, 12, 20],
        ];
        for set in &sets {
            let expected = by_definition(set, 12_000);
            assert_eq!(drawn(set, 12_000, &[12_000]), expected, "set {set:?}");
            assert_eq!(drawn(set, 12_000, &[1, 7, 4095, 333]), expected, "set {set:?}");
        }
    }

    proptest! {
        #[test]
        fn random_sets_match_the_definition(set in proptest::collection::vec(1u64..40, 1..7), split in 1usize..3000) {
            let expected = by_definition(&set, 5000);
            prop_assert_eq!(drawn(&set, 5000, &[split, 1]), expected);
        }
    }
}
