//! [`VSet`]: a set of at most [`MAX_VERTICES`] vertices as four 64-bit words, the position of
//! every graph game (the vertices or edges still in play).

use crate::budget::HeldBytes;

/// The most vertices (or, for Green Hackenbush, edges) a graph game may have.
pub(crate) const MAX_VERTICES: usize = 256;

const WORDS: usize = MAX_VERTICES / 64;

/// A set of vertices `0..MAX_VERTICES`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct VSet(pub [u64; WORDS]);

impl std::fmt::Debug for VSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl HeldBytes for VSet {
    fn heap_bytes(&self) -> u64 {
        0
    }
}

impl VSet {
    /// The empty set.
    pub const EMPTY: VSet = VSet([0; WORDS]);

    /// The vertices `0..n` (`n <= MAX_VERTICES`).
    pub fn first(n: usize) -> VSet {
        let mut s = VSet::EMPTY;
        for (i, w) in s.0.iter_mut().enumerate() {
            let lo = i * 64;
            if n >= lo + 64 {
                *w = u64::MAX;
            } else if n > lo {
                *w = (1u64 << (n - lo)) - 1;
            }
        }
        s
    }

    /// The set `{v}`.
    pub fn single(v: usize) -> VSet {
        let mut s = VSet::EMPTY;
        s.insert(v);
        s
    }

    /// Is `v` in the set?
    #[inline]
    pub fn contains(&self, v: usize) -> bool {
        self.0[v / 64] >> (v % 64) & 1 == 1
    }

    /// Adds `v`.
    #[inline]
    pub fn insert(&mut self, v: usize) {
        self.0[v / 64] |= 1 << (v % 64);
    }

    /// Removes `v`.
    #[inline]
    pub fn remove(&mut self, v: usize) {
        self.0[v / 64] &= !(1 << (v % 64));
    }

    /// How many vertices.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Is the set empty?
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The least vertex, if any.
    #[inline]
    pub fn least(&self) -> Option<usize> {
        self.0.iter().enumerate().find(|(_, &w)| w != 0).map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// The greatest vertex, if any.
    #[inline]
    pub fn greatest(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .rev()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| i * 64 + 63 - w.leading_zeros() as usize)
    }

    /// The members of `start..start + len` (`len <= 64`), shifted down to bit 0.
    #[inline]
    pub fn bits(&self, start: usize, len: usize) -> u64 {
        let word = start / 64;
        let offset = start % 64;
        let low = self.0[word] >> offset;
        let value =
            if offset == 0 || word + 1 == WORDS { low } else { low | self.0[word + 1] << (64 - offset) };
        if len >= 64 {
            value
        } else {
            value & ((1u64 << len) - 1)
        }
    }

    /// Adds the members `start + i` for every bit `i` of `bits`; every one must be below
    /// [`MAX_VERTICES`].
    #[inline]
    pub(crate) fn put_bits(&mut self, start: usize, bits: u64) {
        let word = start / 64;
        let offset = start % 64;
        self.0[word] |= bits << offset;
        if offset != 0 && bits >> (64 - offset) != 0 {
            self.0[word + 1] |= bits >> (64 - offset);
        }
    }

    /// The vertices in both.
    #[inline]
    #[must_use]
    pub fn and(&self, other: &VSet) -> VSet {
        VSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The vertices in either.
    #[inline]
    #[must_use]
    pub fn or(&self, other: &VSet) -> VSet {
        VSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The vertices of `self` not in `other`.
    #[inline]
    #[must_use]
    pub(crate) fn minus(&self, other: &VSet) -> VSet {
        VSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// Do the two sets meet?
    #[inline]
    pub fn meets(&self, other: &VSet) -> bool {
        (0..WORDS).any(|i| self.0[i] & other.0[i] != 0)
    }

    /// The vertices in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    i * 64 + b
                })
            })
        })
    }
}

impl FromIterator<usize> for VSet {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut s = VSet::EMPTY;
        for v in iter {
            s.insert(v);
        }
        s
    }
}
