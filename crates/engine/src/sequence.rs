//! Grundy sequences of subtraction games SUB(S) and their certified periods.
//!
//! In SUB(S) a move takes `s` stones from one heap for some `s` in the finite set `S`, so
//! `G(n) = mex{G(n - s) : s in S, s <= n}`. Once `n >= max(S)`, the value `G(n)` is a function
//! of the previous `max(S)` values alone, and there are finitely many such windows (values are
//! at most `|S|`), so the sequence is ultimately periodic: there are `l >= 0`, `p >= 1` with
//! `G(n + p) = G(n)` for all `n >= l`. The least such `p` is the period and the least `l` the
//! preperiod (the least `l` does not depend on which period is used).
//!
//! Certificate (seed 003): if `G(n + p) = G(n)` for `l <= n < l + max(S)`, the windows at
//! `l + max(S)` and `l + max(S) + p` agree, hence so does everything after them, and the
//! sequence is periodic from `l` with period `p`.
//!
//! Members of `S` equal to 0 are ignored throughout: a move must take at least one stone.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// A subtraction game's Grundy sequence in closed form: periodic from `preperiod` on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Periodicity {
    /// The least `l` with `G(n + period) = G(n)` for every `n >= l`.
    pub preperiod: u64,
    /// The least `p >= 1` with `G(n + p) = G(n)` for every large `n`.
    pub period: u64,
    /// `G(0), ..., G(preperiod + period - 1)`: one preperiod and one period.
    pub values: Vec<u32>,
}

impl Periodicity {
    /// The index `i < preperiod + period` with `G(i) = G(n)`: `n` itself when it is that small,
    /// else `preperiod + (n - preperiod) mod period`. `O(digits of n)`.
    pub fn reduce(&self, n: &BigUint) -> u64 {
        let end = self.preperiod + self.period;
        match n.to_u64() {
            Some(small) if small < end => small,
            _ => {
                let offset = (n - self.preperiod) % self.period;
                // The remainder is below `period`, which is a u64.
                self.preperiod + offset.to_u64().unwrap_or_default()
            }
        }
    }

    /// `G(n)` for a heap of any size. `O(digits of n)`.
    pub fn value_at(&self, n: &BigUint) -> u32 {
        // `reduce` is below `values.len()`, so it fits usize.
        self.values[self.reduce(n) as usize]
    }
}

/// `G(0), ..., G(len - 1)` of SUB(`set`). `O(len * |set|)` time, `O(len)` memory.
pub fn grundy_sequence(set: &[u64], len: usize) -> Vec<u32> {
    let mut values = Vec::with_capacity(len);
    let mut seen = Vec::new();
    for n in 0..len {
        let options = set
            .iter()
            .filter_map(|&s| usize::try_from(s).ok())
            .filter(|&s| s >= 1 && s <= n)
            .map(|s| values[n - s]);
        let value = mex_into(&mut seen, options);
        values.push(value);
    }
    values
}

/// Finds and certifies the preperiod and period of SUB(`set`), producing at most `limit`
/// sequence values in the search; `None` when that is not enough (or `max(set) > limit`).
///
/// Brent's cycle detection on the window of the last `m = max(set)` values: a stream keeps
/// only that window (a ring buffer) and a rolling hash of it, so windows are compared in
/// `O(1)` unless their hashes agree. The cycle length of the windows is the least period `p`;
/// restarting two streams `p` apart and advancing both until their windows agree gives the
/// least preperiod `l`. The values `G(0..l + p + m)` are then computed once more and the
/// certificate `G(n + p) = G(n)` for `l <= n < l + m` is checked before the answer is returned.
///
/// Time `O((l + p + m) * |set|)` (each phase produces `O(l + p + m)` values), memory
/// `O(l + p + m)` for the returned table and `O(m)` during the search.
pub fn certify_period(set: &[u64], limit: u64) -> Option<Periodicity> {
    let takes: Vec<usize> =
        set.iter().filter(|&&s| s >= 1).map(|&s| usize::try_from(s).ok()).collect::<Option<_>>()?;
    let window = takes.iter().copied().max().unwrap_or(1).max(1);
    if u64::try_from(window).ok()? > limit {
        return None;
    }

    // Phase 1 (Brent): the hare runs ahead; the tortoise jumps to it at powers of two.
    let mut hare = Stream::new(&takes, window);
    hare.advance(window);
    let mut tortoise = hare.clone();
    hare.step();
    let (mut power, mut period) = (1u64, 1u64);
    while !hare.same_window(&tortoise) {
        if power == period {
            tortoise = hare.clone();
            power *= 2;
            period = 0;
        }
        hare.step();
        period += 1;
        if hare.produced > limit {
            return None;
        }
    }

    // Phase 2: two streams `period` apart meet first at the start of the cycle.
    let mut behind = Stream::new(&takes, window);
    behind.advance(window);
    let mut ahead = behind.clone();
    ahead.advance(usize::try_from(period).ok()?);
    let mut preperiod = 0u64;
    while !behind.same_window(&ahead) {
        behind.step();
        ahead.step();
        preperiod += 1;
    }

    // The certificate, checked on freshly computed values.
    let (l, p) = (usize::try_from(preperiod).ok()?, usize::try_from(period).ok()?);
    let mut values = grundy_sequence(set, l + p + window);
    if (l..l + window).any(|n| values[n + p] != values[n]) {
        return None;
    }
    values.truncate(l + p);
    Some(Periodicity { preperiod, period, values })
}

/// The least natural number not among `values`; `seen` is scratch space.
fn mex_into(seen: &mut Vec<bool>, values: impl Iterator<Item = u32>) -> u32 {
    seen.clear();
    for v in values {
        let v = v as usize;
        if v >= seen.len() {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}

/// `base^exponent` modulo 2^64, by repeated squaring. `O(log exponent)`.
fn wrapping_power(mut base: u64, mut exponent: u64) -> u64 {
    let mut result = 1u64;
    while exponent > 0 {
        if exponent & 1 == 1 {
            result = result.wrapping_mul(base);
        }
        base = base.wrapping_mul(base);
        exponent >>= 1;
    }
    result
}

/// The base of the rolling window hash (odd, so that multiplication is invertible mod 2^64).
const HASH_BASE: u64 = 0x9E37_79B9_7F4A_7C15;

/// The Grundy sequence produced one value at a time, remembering only the last `window`
/// values and a polynomial hash of them.
#[derive(Clone)]
struct Stream<'a> {
    takes: &'a [usize],
    /// `G(n)` is at `ring[n % ring.len()]` for the last `ring.len()` values produced.
    ring: Vec<u32>,
    /// How many values have been produced: `G(0..produced)`.
    produced: u64,
    /// `sum over the window of (G + 1) * HASH_BASE^(age)`, wrapping; age 0 is the newest.
    hash: u64,
    /// `HASH_BASE^window`, wrapping: the weight with which the oldest value leaves the hash.
    leaving_weight: u64,
    seen: Vec<bool>,
}

impl<'a> Stream<'a> {
    fn new(takes: &'a [usize], window: usize) -> Self {
        Stream {
            takes,
            ring: vec![0; window],
            produced: 0,
            hash: 0,
            leaving_weight: wrapping_power(HASH_BASE, window as u64),
            seen: Vec::new(),
        }
    }

    /// The value `G(n)` for one of the last `ring.len()` indexes.
    fn at(&self, n: u64) -> u32 {
        self.ring[(n % self.ring.len() as u64) as usize]
    }

    /// Produces the next value.
    fn step(&mut self) {
        let n = self.produced;
        let mut seen = std::mem::take(&mut self.seen);
        let options = self.takes.iter().filter(|&&s| s as u64 <= n).map(|&s| self.at(n - s as u64));
        let value = mex_into(&mut seen, options);
        self.seen = seen;
        let width = self.ring.len() as u64;
        let leaving = if n >= width { u64::from(self.at(n - width)) + 1 } else { 0 };
        self.hash = self
            .hash
            .wrapping_mul(HASH_BASE)
            .wrapping_add(u64::from(value) + 1)
            .wrapping_sub(leaving.wrapping_mul(self.leaving_weight));
        let slot = (n % width) as usize;
        self.ring[slot] = value;
        self.produced += 1;
    }

    fn advance(&mut self, count: usize) {
        for _ in 0..count {
            self.step();
        }
    }

    /// True when both streams' last `window` values agree (both must have produced that many).
    fn same_window(&self, other: &Stream<'_>) -> bool {
        let width = self.ring.len() as u64;
        self.hash == other.hash
            && (1..=width).all(|age| self.at(self.produced - age) == other.at(other.produced - age))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The least (preperiod, period) visible in a long prefix, by brute force: the first `p`
    /// whose last mismatch leaves plenty of agreeing values after it.
    fn brute_force(set: &[u64], len: usize) -> (u64, u64) {
        let g = grundy_sequence(set, len);
        for p in 1..len / 4 {
            let l = (0..len - p).rev().find(|&n| g[n + p] != g[n]).map_or(0, |n| n + 1);
            if l + p < len / 2 {
                return (l as u64, p as u64);
            }
        }
        panic!("no period visible in {len} values of SUB({set:?})");
    }

    #[test]
    fn seed_examples() {
        let p = certify_period(&[1, 3, 4], 1000).unwrap();
        assert_eq!((p.preperiod, p.period), (0, 7));
        assert_eq!(p.values, [0, 1, 0, 1, 2, 3, 2]);
        let p = certify_period(&[2, 3, 5, 7], 1000).unwrap();
        assert_eq!((p.preperiod, p.period), (0, 9));
        assert_eq!(p.values, [0, 0, 1, 1, 2, 2, 3, 3, 4]);
        // Seed 003: {1, 4, c}, c = 5t, c > 5 has preperiod c + 6 and period c + 1.
        let p = certify_period(&[1, 4, 10], 1000).unwrap();
        assert_eq!((p.preperiod, p.period), (16, 11));
        // Seed 003: S = {2, 3, 5, 7, c}, c = 1 mod 18: preperiod 2c - 4, period 4.
        let p = certify_period(&[2, 3, 5, 7, 19], 1000).unwrap();
        assert_eq!((p.preperiod, p.period), (34, 4));
        assert_eq!(certify_period(&[1], 10).map(|p| p.values), Some(vec![0, 1]));
    }

    #[test]
    fn least_preperiod_and_period_for_every_subset_of_1_to_8() {
        for mask in 1u32..256 {
            let set: Vec<u64> = (1..=8).filter(|s| mask & (1 << (s - 1)) != 0).collect();
            let found = certify_period(&set, 100_000).unwrap();
            assert_eq!((found.preperiod, found.period), brute_force(&set, 4000), "SUB({set:?})");
            let g = grundy_sequence(&set, 3000);
            for (n, &v) in g.iter().enumerate() {
                assert_eq!(found.value_at(&BigUint::from(n)), v, "SUB({set:?}) at {n}");
            }
        }
    }

    /// The families of seed 003 (as digested in `docs/seed-digest.md`), over small parameters.
    #[test]
    fn seed_003_families() {
        let found = |set: &[u64]| {
            let p = certify_period(set, 1_000_000).unwrap();
            (p.preperiod, p.period)
        };
        for c in 3..80 {
            // {1, 2, c}: period c + 1 when 3 divides c, else 3.
            assert_eq!(found(&[1, 2, c]), (0, if c % 3 == 0 { c + 1 } else { 3 }), "c {c}");
        }
        for b in (3..12).step_by(2) {
            for c in b + 1..60 {
                // {1, b, c}, b odd: period 2 for odd c, c + b for even c.
                assert_eq!(found(&[1, b, c]), (0, if c % 2 == 1 { 2 } else { c + b }), "b {b} c {c}");
            }
        }
        for c in 5..100 {
            let expected = match c % 5 {
                _ if c == 5 => (0, 8),
                0 => (c + 6, c + 1),
                1 | 4 => (0, 5),
                2 => (0, c + 1),
                _ => (0, c + 4),
            };
            assert_eq!(found(&[1, 4, c]), expected, "{{1, 4, {c}}}");
        }
        for a in 1..7 {
            for c in 2 * a + 1..80 {
                let r = c % (3 * a);
                let preperiod = if 0 < r && r < a { c + a - r } else { 0 };
                let period = if 2 * r == a {
                    3 * a / 2
                } else if a < 2 * r && r <= 2 * a {
                    3 * a
                } else {
                    c + a
                };
                assert_eq!(found(&[a, 2 * a, c]), (preperiod, period), "{{{a}, {}, {c}}}", 2 * a);
            }
        }
        for a in 1..5 {
            for b in a..a + 4 {
                for c in b + 1..50 {
                    let mut set: Vec<u64> = (a..=b).collect();
                    set.push(c);
                    let r = c % (a + b);
                    let period = if a <= r && r <= b {
                        a + b
                    } else if r == 0 || r > b {
                        c + a
                    } else {
                        c + b
                    };
                    assert_eq!(found(&set), (0, period), "{set:?}");
                }
            }
        }
        for c in 11..120 {
            // {2, 3, 5, 7, c}.
            let preperiod = match c % 18 {
                1 => 2 * c - 4,
                10 => c + 5,
                _ => 0,
            };
            let period = match c % 18 {
                0 | 8 | 9 | 10 | 17 => c + 2,
                1 => 4,
                _ => 9,
            };
            assert_eq!(found(&[2, 3, 5, 7, c]), (preperiod, period), "c {c}");
        }
    }

    #[test]
    fn the_limit_stops_the_search() {
        assert_eq!(certify_period(&[1, 4, 10], 20), None);
        assert_eq!(certify_period(&[1, 50], 20), None);
        assert!(certify_period(&[1, 4, 10], 1000).is_some());
    }

    #[test]
    fn huge_heaps_reduce_by_the_period() {
        let p = certify_period(&[1, 4, 10], 1000).unwrap();
        let n: BigUint = "9".repeat(300).parse().unwrap();
        let index = p.reduce(&n);
        assert!((16..27).contains(&index));
        assert_eq!(BigUint::from(index - 16), (&n - 16u8) % 11u8);
    }
}
