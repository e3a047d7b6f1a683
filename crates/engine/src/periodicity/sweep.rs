//! Many sets at once: family sweeps and the search for sets of a given period.

use rayon::prelude::*;

use super::certify::certify_period;
use super::PeriodicityError;
use crate::budget::Budget;

/// The certified preperiod and period of one set of a sweep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PeriodSummary {
    /// The minimal preperiod ℓ.
    pub preperiod: u64,
    /// The minimal period p.
    pub period: u64,
}

/// Certifies the preperiod and period of every set in `members` (a key of the caller's choice
/// and the set), in parallel on rayon's pool.
///
/// `on_done` is called once per member, from a worker thread, as soon as that member is
/// finished (so a caller can store rows as they complete and drive a progress bar). The result
/// holds one entry per member, in the order of `members`. Time: the sum of the members'
/// [`certify_period`] costs, `O(Σ (ℓ + p + max S))`, spread over the pool, all charged to
/// `budget` (members started after it ran out fail with [`PeriodicityError::Exhausted`] at once).
pub fn sweep_periods<K, F>(
    members: &[(K, Vec<u64>)],
    limit: u64,
    budget: &Budget,
    on_done: F,
) -> Vec<Result<PeriodSummary, PeriodicityError>>
where
    K: Sync,
    F: Fn(&K, &Result<PeriodSummary, PeriodicityError>) + Sync,
{
    members
        .par_iter()
        .map(|(key, set)| {
            let result = certify_period(set, limit, budget)
                .map(|p| PeriodSummary { preperiod: p.preperiod, period: p.period });
            on_done(key, &result);
            result
        })
        .collect()
}

/// The outcome of [`search_period`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SearchReport {
    /// The sets with the wanted period, with their preperiod, in lexicographic order.
    pub found: Vec<(Vec<u64>, u64)>,
    /// Sets whose period was not certified within the limit (neither found nor excluded).
    pub undetermined: Vec<Vec<u64>>,
    /// Sets certified (not counting those excluded by divisibility).
    pub examined: u64,
    /// Sets excluded without computation because a member is a multiple of the period.
    pub excluded: u64,
}

/// Every set of `size` distinct members in `1..=max` whose minimal period is `period`
/// (`period = 2`: the ultimately bipartite sets of the slides).
///
/// Sets with a member `s` divisible by `period` are excluded without computation: if the
/// sequence had period `p` from `ℓ` and `p | s`, then for `n ≥ ℓ + s` the option `n - s` would
/// have the value `G(n)` itself, contradicting the mex. (For `p = 2` this is the slides' remark
/// that an ultimately bipartite set has no even member.)
///
/// `progress(done, total)` is called (from worker threads) as groups of sets finish, `done`
/// and `total` counting sets. Time: `C(max, size)` certifications of `O(ℓ + p + max)` each,
/// in parallel, all charged to `budget`.
///
/// # Errors
/// [`PeriodicityError::SizeOutOfRange`] when `size` is 0 or above `max`, [`PeriodicityError::ZeroPeriod`]
/// when `period` is 0;
/// [`PeriodicityError::TooManySets`] when there are more than `max_sets` sets, before any work;
/// [`PeriodicityError::Exhausted`] when the budget runs out.
pub fn search_period<F>(
    size: usize,
    max: u64,
    period: u64,
    limit: u64,
    max_sets: u64,
    budget: &Budget,
    progress: F,
) -> Result<SearchReport, PeriodicityError>
where
    F: Fn(u64, u64) + Sync,
{
    if size == 0 || size as u64 > max {
        return Err(PeriodicityError::SizeOutOfRange { size, max });
    }
    if period == 0 {
        return Err(PeriodicityError::ZeroPeriod);
    }
    let total = binomial(max, size as u64);
    if total > max_sets {
        return Err(PeriodicityError::TooManySets { sets: total, budget: max_sets });
    }
    let done = std::sync::atomic::AtomicU64::new(0);
    let parts: Vec<Result<SearchReport, PeriodicityError>> = (size as u64..=max)
        .into_par_iter()
        .map(|largest| {
            let mut part = SearchReport::default();
            let mut members: Vec<u64> = (1..size as u64).collect();
            let mut count = 0u64;
            loop {
                let mut set = members.clone();
                set.push(largest);
                count += 1;
                if set.iter().any(|s| s % period == 0) {
                    part.excluded += 1;
                } else {
                    part.examined += 1;
                    match certify_period(&set, limit, budget) {
                        Ok(p) if p.period == period => part.found.push((set, p.preperiod)),
                        Ok(_) => {}
                        Err(PeriodicityError::LimitReached { .. }) => part.undetermined.push(set),
                        Err(other) => return Err(other),
                    }
                }
                if !next_combination(&mut members, largest - 1) {
                    break;
                }
            }
            let finished = done.fetch_add(count, std::sync::atomic::Ordering::Relaxed) + count;
            progress(finished, total);
            Ok(part)
        })
        .collect();
    let mut report = SearchReport::default();
    for part in parts {
        let part = part?;
        report.found.extend(part.found);
        report.undetermined.extend(part.undetermined);
        report.examined += part.examined;
        report.excluded += part.excluded;
    }
    report.found.sort();
    report.undetermined.sort();
    Ok(report)
}

/// Advances `members` (strictly increasing, in `1..=top`) to the next combination in
/// lexicographic order; false after the last.
fn next_combination(members: &mut [u64], top: u64) -> bool {
    let k = members.len();
    for i in (0..k).rev() {
        let ceiling = top - (k - 1 - i) as u64;
        if members[i] < ceiling {
            members[i] += 1;
            for j in i + 1..k {
                members[j] = members[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

/// `C(n, k)`, or `u64::MAX` when it does not fit. Each partial product `C(n, i)·(n - i)` is
/// divisible by `i + 1`, so the division is exact.
fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut acc: u128 = 1;
    for i in 0..k {
        acc = acc * u128::from(n - i) / u128::from(i + 1);
        if acc > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    acc as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    #[allow(unused_imports)]
    use crate::test_prelude::*;

    #[test]
    fn sweep_keeps_member_order_and_reports_each_once() {
        let members: Vec<(u64, Vec<u64>)> = (11..60).map(|c| (c, vec![2, 3, 5, 7, c])).collect();
        let calls = std::sync::Mutex::new(Vec::new());
        let results =
            sweep_periods(&members, 1 << 20, &Budget::default(), |c, _| calls.lock().unwrap().push(*c));
        let mut calls = calls.into_inner().unwrap();
        calls.sort_unstable();
        assert_eq!(calls, (11..60).collect::<Vec<_>>());
        assert_eq!(results[19 - 11], Ok(PeriodSummary { preperiod: 34, period: 4 }));
    }

    #[test]
    fn search_agrees_with_exhaustive_certification() {
        let report = search_period(3, 16, 2, 1 << 20, 1 << 20, &Budget::default(), |_, _| {}).unwrap();
        let mut expected = Vec::new();
        for a in 1..=16u64 {
            for b in a + 1..=16 {
                for c in b + 1..=16 {
                    let p = certify_period(&[a, b, c], 1 << 20, &Budget::default()).unwrap();
                    if p.period == 2 {
                        expected.push((vec![a, b, c], p.preperiod));
                    }
                }
            }
        }
        assert_eq!(report.found, expected);
        assert_eq!(report.examined + report.excluded, 560);
        assert!(report.undetermined.is_empty());
    }

    #[test]
    fn combinations_and_binomials_agree() {
        let mut members = vec![1, 2];
        let mut count = 1;
        while next_combination(&mut members, 6) {
            count += 1;
        }
        assert_eq!(count, binomial(6, 2));
        assert!(search_period(0, 5, 2, 10, 100, &Budget::default(), |_, _| {}).is_err());
        assert!(search_period(2, 5, 0, 10, 100, &Budget::default(), |_, _| {}).is_err());
        assert_eq!(
            search_period(10, 60, 2, 10, 1_000_000, &Budget::default(), |_, _| {}),
            Err(PeriodicityError::TooManySets { sets: 75_394_027_566, budget: 1_000_000 })
        );
        assert_eq!(binomial(60, 10), 75_394_027_566);
        assert_eq!(binomial(16, 3), 560);
        assert_eq!(binomial(3, 5), 0);
        assert_eq!(binomial(1_000_000, 500), u64::MAX);
    }
}
