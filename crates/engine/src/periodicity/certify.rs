//! Certified minimal preperiod and minimal period of SUB(S).
//!
//! # The certificate (the slides' criterion)
//! With `k = max(S)`, `G(n)` is a function of `G(n-k..n)`. So if `G(n + p) = G(n)` for the `k`
//! consecutive `n` in `[ℓ, ℓ + k)`, induction gives `G(n + p) = G(n)` for every `n ≥ ℓ`: the
//! sequence is periodic from `ℓ` with period `p`. Checking it needs the values `0..ℓ + p + k`.
//!
//! # Finding the minimal pair in linear time
//! Let `g = G(0..N)` and `R` be `g` reversed. `g` agrees with "period `p` from `ℓ`" on its data iff
//! the prefix of `R` of length `m = N - ℓ` has period `p`; the least such period is
//! `m - π(m)` with `π` the KMP failure function of `R`. A pair is *certified* when
//! `m - (m - π(m)) ≥ k`, i.e. the data contain the `k` comparisons the criterion needs; a
//! certified pair is a true statement about the infinite sequence. Let `(ℓ*, p*)` be the
//! true minimal preperiod and period:
//! * every true period of the tail is a multiple of `p*`, and every certified `ℓ` is `≥ ℓ*`;
//! * if `N ≥ ℓ* + p* + k`, then `m = N - ℓ*` is certified, with least data period `p*` (it is
//!   at most `p*`, and it is a true period, so a multiple of `p*`);
//! * if `N < ℓ* + p* + k`, nothing is certified (a certified period would be a true one below
//!   `p*`, or a preperiod below `ℓ*`).
//!
//! So the largest certified `m` gives exactly `(ℓ*, p*)` as soon as one exists. The data grow by
//! doubling until then: `O(ℓ + p + k)` values and time, never a multiple of the minimal period.
//!
//! A cheaper path is tried first on each round: compare the last window with the windows `p`
//! values earlier, `p = 1, 2, ...`, stopping each comparison at the first difference, within a
//! linear budget (see `by_last_window`); the KMP pass runs only when the budget runs out. Both
//! give the same answer (a test checks it on every prefix of several sequences).

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use super::generator::GrundyStream;
use super::runs;
use super::{normalize_set, set_text, Grundy, PeriodicityError};
use crate::budget::Budget;

/// Values computed in the first round of the doubling search (at least; `2 max(S)` more).
const FIRST_ROUND: u64 = 256;

/// The certified periodic structure of SUB(S).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Periodicity {
    /// The set, sorted, without duplicates.
    pub set: Vec<u64>,
    /// The minimal preperiod ℓ: the least `ℓ` from which the sequence is periodic.
    pub preperiod: u64,
    /// The minimal period p.
    pub period: u64,
    /// `G(0..ℓ + p)`: the preperiod followed by one period.
    pub values: Vec<Grundy>,
    /// What was checked.
    pub certificate: Certificate,
}

/// The evidence behind a [`Periodicity`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Certificate {
    /// `G(n + p) = G(n)` was checked for every `n` in `checked_from..checked_to`; the range holds
    /// `max(S)` values, which by the criterion proves periodicity from `checked_from = ℓ`.
    pub checked_from: u64,
    /// End (exclusive) of the checked range, `ℓ + max(S)`.
    pub checked_to: u64,
    /// When `ℓ > 0`: `G(ℓ - 1) ≠ G(ℓ - 1 + p)`, so no smaller preperiod works.
    pub preperiod_witness: Option<u64>,
    /// How many values were computed (at most about twice `ℓ + p + max(S)`).
    pub values_computed: u64,
}

impl Serialize for Periodicity {
    /// `preperiod`, `period`, `values` (one preperiod and one period), `notation` (the slides'
    /// run notation of both) and the `certificate`; the set is the game's parameter.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Notation {
            preperiod: String,
            period: String,
        }
        let mut map = serializer.serialize_map(Some(5))?;
        map.serialize_entry("preperiod", &self.preperiod)?;
        map.serialize_entry("period", &self.period)?;
        map.serialize_entry("values", &self.values)?;
        let notation =
            Notation { preperiod: runs(self.preperiod_values()), period: runs(self.period_values()) };
        map.serialize_entry("notation", &notation)?;
        map.serialize_entry("certificate", &self.certificate)?;
        map.end()
    }
}

impl Periodicity {
    /// `G(n)` for any `n`, read from the preperiod and period. `O(1)`.
    pub fn value(&self, n: u64) -> Grundy {
        if n < self.preperiod {
            return self.values[n as usize];
        }
        let offset = (n - self.preperiod) % self.period;
        self.values[(self.preperiod + offset) as usize]
    }

    /// The index `i < ℓ + p` with `G(i) = G(n)`, for an arbitrarily large `n`: `n` itself when
    /// it is that small, else `ℓ + (n - ℓ) mod p`. `O(size of n)`.
    pub(crate) fn reduce_big(&self, n: &BigUint) -> u64 {
        match n.to_u64() {
            Some(small) if small < self.preperiod + self.period => small,
            _ => {
                // The remainder is below the period, which is a u64.
                let offset = ((n - self.preperiod) % self.period).to_u64().unwrap_or_default();
                self.preperiod + offset
            }
        }
    }

    /// `G(n)` for an arbitrarily large `n`. `O(size of n)`.
    pub fn value_big(&self, n: &BigUint) -> Grundy {
        self.values[self.reduce_big(n) as usize]
    }

    /// The preperiod's values.
    pub fn preperiod_values(&self) -> &[Grundy] {
        &self.values[..self.preperiod as usize]
    }

    /// One period's values.
    pub fn period_values(&self) -> &[Grundy] {
        &self.values[self.preperiod as usize..]
    }
}

/// The certified minimal preperiod and minimal period of SUB(`set`).
///
/// Computes at most `limit` values (and fails beyond), charging `budget`
/// [`cost_per_value`] units per value before computing it. Time and memory `O(ℓ + p + max(S))`:
/// the values are generated in doubling rounds and each round runs one KMP pass over them
/// (see the module doc for why the result is minimal and certified).
///
/// ```
/// use nimlab_engine::periodicity::certify_period;
///
/// let budget = nimlab_engine::Budget::default();
/// let p = certify_period(&[2, 3, 5, 7], 1_000_000, &budget).unwrap();
/// assert_eq!((p.preperiod, p.period), (0, 9));
/// assert_eq!(p.values, [0, 0, 1, 1, 2, 2, 3, 3, 4]);
/// let q = certify_period(&[2, 3, 5, 7, 19], 1_000_000, &budget).unwrap();
/// assert_eq!((q.preperiod, q.period), (34, 4));
/// ```
///
/// # Errors
/// [`PeriodicityError::EmptySet`], [`PeriodicityError::ZeroInSet`], or
/// [`PeriodicityError::LimitReached`] when `ℓ + p + max(S)` exceeds what `limit` values show;
/// [`PeriodicityError::Exhausted`] when the budget runs out first.
pub fn certify_period(set: &[u64], limit: u64, budget: &Budget) -> Result<Periodicity, PeriodicityError> {
    let set = normalize_set(set)?;
    let window = *set.last().unwrap_or(&1);
    let limit_error = || PeriodicityError::LimitReached { set: set_text(&set), limit };
    let memory_cap = usize::MAX as u64 / 8;
    let limit = limit.min(memory_cap);
    // A certificate needs more than max(S) values; fail before allocating the window.
    if window >= limit {
        return Err(limit_error());
    }
    let mut stream = GrundyStream::new(&set)?;
    let mut values: Vec<Grundy> = Vec::new();
    let mut failure: Vec<u32> = Vec::new();
    let mut target = window.saturating_mul(2).saturating_add(FIRST_ROUND).min(limit);
    loop {
        if target <= window {
            return Err(limit_error());
        }
        let old = values.len();
        budget.charge((target - old as u64).saturating_mul(cost_per_value(&set)))?;
        values.resize(target as usize, 0);
        stream.fill(&mut values[old..]);
        if let Some((preperiod, period)) = minimal_certified(&values, window as usize, &mut failure) {
            let (preperiod, period) = (preperiod as u64, period as u64);
            let preperiod_witness = preperiod.checked_sub(1);
            let computed = values.len() as u64;
            values.truncate((preperiod + period) as usize);
            return Ok(Periodicity {
                set,
                preperiod,
                period,
                values,
                certificate: Certificate {
                    checked_from: preperiod,
                    checked_to: preperiod + window,
                    preperiod_witness,
                    values_computed: computed,
                },
            });
        }
        if target == limit {
            return Err(limit_error());
        }
        target = target.saturating_mul(2).min(limit);
    }
}

/// Units of work one value of SUB(`set`) costs: its mex reads `|S|` earlier values, a few
/// per unit (and the certification pass costs about one more unit per value).
pub(crate) fn cost_per_value(set: &[u64]) -> u64 {
    (set.len() as u64).div_ceil(8) + 1
}

/// The minimal certified `(ℓ, p)` on the data `values`, or `None` when the data are too short.
/// `failure` is scratch space for the KMP failure function. `O(values.len())`: the direct
/// comparison of [`by_last_window`] first, within a linear budget, else the KMP pass.
fn minimal_certified(values: &[Grundy], window: usize, failure: &mut Vec<u32>) -> Option<(usize, usize)> {
    by_last_window(values, window).unwrap_or_else(|| by_failure_function(values, window, failure))
}

/// The fast path. The state at `n` is the window `G(n..n + k)`; the last state `W` repeating
/// `p` values earlier, at `n = N - k - p`, certifies period `p` from `n` (that is the criterion).
/// The least such `p` is `p*` (a smaller one would be a true period below `p*`, and a repeat
/// starting before `ℓ*` is impossible), and scanning down from `n` while `G(m) = G(m + p)` gives
/// `ℓ*`. Candidates are compared element by element, stopping at the first difference, within a
/// budget of `4N` comparisons: `None` when the budget runs out (then the KMP pass decides),
/// `Some(None)` when no state repeats in the data.
fn by_last_window(values: &[Grundy], window: usize) -> Option<Option<(usize, usize)>> {
    let len = values.len();
    let last = &values[len - window..];
    let mut budget = 4 * len;
    for period in 1..=len - window {
        let start = len - window - period;
        let same = values[start..start + window].iter().zip(last).take_while(|(a, b)| a == b).count();
        budget = budget.checked_sub(same + 1)?;
        if same == window {
            let mut preperiod = start;
            while preperiod > 0 && values[preperiod - 1] == values[preperiod - 1 + period] {
                preperiod -= 1;
            }
            return Some(Some((preperiod, period)));
        }
    }
    Some(None)
}

/// The general path: with `R` the values reversed and `π` its KMP failure function, the prefix
/// of `R` of length `m` has least period `m - π(m)`; the largest `m` with `π(m) ≥ k` is certified
/// (see the module doc). `O(values.len())` always.
fn by_failure_function(values: &[Grundy], window: usize, failure: &mut Vec<u32>) -> Option<(usize, usize)> {
    let len = values.len();
    // reversed[i] = values[len - 1 - i]
    let reversed = |i: usize| values[len - 1 - i];
    failure.clear();
    failure.resize(len, 0);
    let mut matched = 0usize;
    for i in 1..len {
        let current = reversed(i);
        while matched > 0 && reversed(matched) != current {
            matched = failure[matched - 1] as usize;
        }
        if reversed(matched) == current {
            matched += 1;
        }
        failure[i] = matched as u32;
    }
    (window + 1..=len).rev().find_map(|m| {
        let period = m - failure[m - 1] as usize;
        (m - period >= window).then_some((len - m, period))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::periodicity::grundy_values;
    #[allow(unused_imports)]
    use crate::test_prelude::*;

    /// Brute force: the least ℓ, then the least p, such that `G(n + p) = G(n)` on a long prefix.
    fn brute_force(set: &[u64], horizon: usize) -> (u64, u64) {
        let g = grundy_values(set, horizon).unwrap();
        let tail = horizon / 2;
        for l in 0..tail {
            for p in 1..tail {
                if (l..horizon - p).all(|n| g[n] == g[n + p]) {
                    return (l as u64, p as u64);
                }
            }
        }
        panic!("no period below {horizon}");
    }

    #[test]
    fn agrees_with_brute_force_on_every_small_set() {
        // Every set with members in 1..=7 (127 sets), and some with a larger member.
        for mask in 1u32..128 {
            let set: Vec<u64> = (1..=7).filter(|s| mask & (1 << (s - 1)) != 0).collect();
            let p = certify_period(&set, 1 << 20, &Budget::default()).unwrap();
            assert_eq!((p.preperiod, p.period), brute_force(&set, 600), "set {set:?}");
            let g = grundy_values(&set, 600).unwrap();
            for (n, &v) in g.iter().enumerate() {
                assert_eq!(p.value(n as u64), v, "set {set:?}, n {n}");
            }
        }
    }

    #[test]
    fn both_paths_agree_on_every_prefix_length() {
        let mut scratch = Vec::new();
        for set in [vec![2u64, 3, 5, 7, 19], vec![1, 4, 10], vec![3, 5, 9], vec![1, 6, 14], vec![4, 8, 9]] {
            let k = *set.iter().max().unwrap() as usize;
            let g = grundy_values(&set, 400).unwrap();
            for len in k + 1..=400 {
                let fast = by_last_window(&g[..len], k);
                let general = by_failure_function(&g[..len], k, &mut scratch);
                if let Some(fast) = fast {
                    assert_eq!(fast, general, "set {set:?}, {len} values");
                }
            }
        }
    }

    #[test]
    fn certificate_holds_and_preperiod_is_witnessed() {
        for set in [vec![2u64, 3, 5, 7, 19], vec![1, 4, 10], vec![3, 5, 9], vec![6, 9, 15]] {
            let p = certify_period(&set, 1 << 20, &Budget::default()).unwrap();
            let g = grundy_values(&set, (p.certificate.checked_to + p.period) as usize).unwrap();
            for n in p.certificate.checked_from..p.certificate.checked_to {
                assert_eq!(g[n as usize], g[(n + p.period) as usize]);
            }
            if let Some(w) = p.certificate.preperiod_witness {
                assert_ne!(g[w as usize], g[(w + p.period) as usize]);
            }
            assert!(
                p.certificate.values_computed <= 2 * (p.preperiod + p.period + *set.last().unwrap()) + 600
            );
        }
    }

    #[test]
    fn gcd_reduction_matches_direct_definition() {
        let p = certify_period(&[6, 9, 15], 1 << 20, &Budget::default()).unwrap();
        let q = certify_period(&[2, 3, 5], 1 << 20, &Budget::default()).unwrap();
        assert_eq!(p.period % 3, 0);
        for n in 0..500u64 {
            assert_eq!(p.value(n), q.value(n / 3));
        }
    }

    #[test]
    fn limit_and_bad_sets_are_errors() {
        assert_eq!(certify_period(&[], 100, &Budget::default()), Err(PeriodicityError::EmptySet));
        assert_eq!(certify_period(&[0, 3], 100, &Budget::default()), Err(PeriodicityError::ZeroInSet));
        assert!(matches!(
            certify_period(&[1, 4, 100], 50, &Budget::default()),
            Err(PeriodicityError::LimitReached { .. })
        ));
        let huge = certify_period(&[1, 1 << 60], 1 << 20, &Budget::default());
        assert!(matches!(huge, Err(PeriodicityError::LimitReached { .. })));
    }

    #[test]
    fn value_big_reads_far_positions() {
        let p = certify_period(&[2, 3, 5, 7, 19], 1 << 20, &Budget::default()).unwrap();
        let n = BigUint::from(10u32).pow(30);
        let reduced = ((&n - 34u32) % 4u32).to_u64().unwrap();
        assert_eq!(p.value_big(&n), p.value(34 + reduced));
    }
}
