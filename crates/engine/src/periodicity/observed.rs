//! Periods seen in a finite sequence: the one rule for every observed period and saltus that
//! nimlab reports (tables, `period` of any one-heap game, open take-and-break games). What the
//! values show, never a proof: certified periods come from [`super::certify`] and
//! [`crate::octal::period`].

use serde::Serialize;

/// A regularity seen in a finite sequence `x(0..len)`: `x(n + period) = x(n) + saltus` for every
/// `n` with `preperiod <= n < len - period`. What the values show, not a proof.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ObservedPeriod {
    /// Where the regular part starts.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// What a period adds to the values (0: plain periodicity; else arithmetic periodicity).
    pub saltus: i64,
}

/// What a regularity must show to be reported by [`observed_period`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Evidence {
    /// The fewest full periods the regular part `x(preperiod..len)` spans (at least 2).
    pub periods: u64,
    /// Whether an arithmetic period (a non-zero saltus) is looked for when no plain one is seen.
    pub saltus: bool,
}

/// The fewest comparisons `x(n + p) = x(n) + s` a regularity must hold on, beyond spanning
/// [`Evidence::periods`] periods, capped at a quarter of the data: the last few values of any
/// sequence repeat by chance.
pub(crate) const MIN_COMPARISONS: usize = 64;

/// Bytes [`observed_period`] allocates for `len` values: one Z-function array of 4 bytes a value
/// at a time (the second, over the differences, is made after the first is dropped).
pub(crate) fn observed_period_bytes(len: usize) -> u64 {
    4 * len.min(u32::MAX as usize) as u64
}

/// The regularity of `x(0..len)` with the least preperiod, then the least period, among those
/// whose regular part spans at least `evidence.periods` full periods and holds at least
/// `min(`[`MIN_COMPARISONS`]`, len / 4)` comparisons; a plain period (saltus 0) first, then,
/// when `evidence.saltus`, an arithmetic one (`x(n + p) - x(n)` constant). `None` when nothing
/// is seen. At most the last `u32::MAX` values are examined.
///
/// Time `O(len)` (one Z-function pass over the values reversed, a second one over their
/// differences for a saltus), memory 4 bytes a value: for the reversed values `r`, `z[p]` is the
/// longest run of `r(i) = r(i + p)`, so `z[p]` comparisons hold from `n = len - p - z[p]` on.
pub fn observed_period(len: usize, x: impl Fn(usize) -> u64, evidence: Evidence) -> Option<ObservedPeriod> {
    let skip = len.saturating_sub(u32::MAX as usize);
    let len = len - skip;
    let x = |i: usize| x(skip + i);
    let needed = MIN_COMPARISONS.min(len / 4);
    let periods = evidence.periods.max(2) as usize - 1;
    // The least start over p = 1, 2, ... of the regular tails with z[p] comparisons.
    let best = |z: &[u32], extra: usize| {
        let mut best: Option<(usize, usize)> = None;
        for (p, &checks) in z.iter().enumerate().skip(1) {
            let checks = checks as usize + extra;
            let start = len - p - checks;
            let better = match best {
                Some((least, _)) => start < least,
                None => true,
            };
            if checks >= needed && checks >= periods * p && better {
                best = Some((start, p));
            }
        }
        best
    };
    let at = |(start, period): (usize, usize), saltus| ObservedPeriod {
        preperiod: (skip + start) as u64,
        period: period as u64,
        saltus,
    };
    if let Some(found) = best(&z_function(len, |i| x(len - 1 - i)), 0) {
        return Some(at(found, 0));
    }
    if !evidence.saltus || len < 2 {
        return None;
    }
    // Differences x(i + 1) - x(i), reversed; a run of k equal differences is k + 1 comparisons.
    let d = |i: usize| i128::from(x(i + 1)) - i128::from(x(i));
    let (start, period) = best(&z_function(len - 1, |i| d(len - 2 - i)), 1)?;
    let saltus = i64::try_from(i128::from(x(start + period)) - i128::from(x(start))).ok()?;
    Some(at((start, period), saltus))
}

/// The Z-function of `y(0..len)`: `z[i]` is the length of the longest common prefix of `y` and
/// `y(i..)` (`z[0] = 0`). `O(len)`; `len` at most `u32::MAX`.
fn z_function<T: PartialEq>(len: usize, y: impl Fn(usize) -> T) -> Vec<u32> {
    let mut z = vec![0u32; len];
    let (mut left, mut right) = (0, 0);
    for i in 1..len {
        let mut k = if i < right { (right - i).min(z[i - left] as usize) } else { 0 };
        while i + k < len && y(k) == y(i + k) {
            k += 1;
        }
        z[i] = k as u32;
        if i + k > right {
            (left, right) = (i, i + k);
        }
    }
    z
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(values: &[u64], periods: u64, saltus: bool) -> Option<(u64, u64, i64)> {
        observed_period(values.len(), |i| values[i], Evidence { periods, saltus })
            .map(|o| (o.preperiod, o.period, o.saltus))
    }

    #[test]
    fn observed_periods() {
        let three = |values: &[u64]| seen(values, 3, false);
        assert_eq!(three(&[0, 1, 0, 1, 0, 1]), Some((0, 2, 0)));
        assert_eq!(three(&[5, 0, 1, 2, 0, 1, 2, 0, 1, 2]), Some((1, 3, 0)));
        assert_eq!(three(&[1, 2, 3, 4]), None);
        // Two periods of the tail 0 1 0 1 are not enough beside a preperiod-0 period of 7.
        let sub134: Vec<u64> = (0..200).map(|n| [0, 1, 0, 1, 2, 3, 2][n % 7]).collect();
        assert_eq!(seen(&sub134[..193], 2, true), Some((0, 7, 0)));
        assert_eq!(seen(&sub134[..13], 2, false), None, "less than two periods of 7");
        // By the rule, the last four values 0 1 2 3 (three comparisons, 13 / 4) are a saltus.
        assert_eq!(seen(&sub134[..13], 2, true), Some((9, 1, 1)));
        assert_eq!(seen(&sub134[..14], 2, true), Some((0, 7, 0)));
    }

    #[test]
    fn observed_saltus() {
        let nim: Vec<u64> = (0..100).collect();
        assert_eq!(seen(&nim, 2, true), Some((0, 1, 1)));
        assert_eq!(seen(&nim, 2, false), None);
        // 7 7 7, then 0 1 0 1 | 2 3 2 3 | 4 5 4 5 ...
        let stepped: Vec<u64> = [7, 7, 7].into_iter().chain((0..400).map(|n| 2 * (n / 4) + n % 2)).collect();
        assert_eq!(seen(&stepped, 2, true), Some((3, 4, 2)));
    }

    /// The linear pass against brute force over every (preperiod, period) on short sequences.
    #[test]
    fn observed_periods_agree_with_brute_force() {
        let mut state = 12345u64;
        for round in 0..400 {
            let len = 4 + round % 60;
            let (alphabet, period) = (1 + round as u64 % 3, 1 + round % 9);
            let values: Vec<u64> = (0..len)
                .map(|n| {
                    state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    if n > len / 3 {
                        (n % period) as u64 + (n / period) as u64 * (round as u64 % 2)
                    } else {
                        (state >> 33) % alphabet
                    }
                })
                .collect();
            for saltus in [false, true] {
                let needed = MIN_COMPARISONS.min(len / 4);
                let brute = (0..len).find_map(|l| {
                    (1..len).find_map(|p| {
                        let checks = (len - l).checked_sub(p).filter(|&c| c > 0)?;
                        let s = i128::from(values[l + p]) - i128::from(values[l]);
                        let holds =
                            (l..len - p).all(|n| i128::from(values[n + p]) - i128::from(values[n]) == s);
                        (holds && checks >= needed && checks >= p && (s == 0 || saltus))
                            .then_some((l as u64, p as u64, s as i64))
                    })
                });
                let plain = (0..len).find_map(|l| {
                    (1..len).find_map(|p| {
                        let checks = (len - l).checked_sub(p).filter(|&c| c > 0)?;
                        let holds = (l..len - p).all(|n| values[n + p] == values[n]);
                        (holds && checks >= needed && checks >= p).then_some((l as u64, p as u64, 0))
                    })
                });
                assert_eq!(seen(&values, 2, saltus), plain.or(brute), "{values:?}");
            }
        }
    }
}
