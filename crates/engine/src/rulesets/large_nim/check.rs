//! The finite check behind `nimlab prove`: given a value `F` for every gap class of at most `N`
//! heaps (a [`ClassTable`], however it was obtained), decide whether `g(G) = F(class(G))` for
//! **every** position `G` of at most `N` heaps, of any size.
//!
//! This module reads the table and the rules of Large Nim, nothing else: it never looks at how
//! the table was conjectured, so a passing check is an independent verification.
//!
//! **Lemma.** Put `x_0 = 1` in front of a sorted position `x_1 <= ... <= x_k` and let its
//! *profile* at cap `c` be its gaps `x_{i+1} - x_i` capped at `2c`. The classes (gaps capped at
//! `c`) of the options of a position depend only on its profile. A move cuts `x_k` to `y < x_k`:
//! `y = 0` drops `x_k`; `y = x_i` (possible for every `x_i < x_k`, decided by the class) inserts
//! a gap 0; `y` strictly between `x_i < x_{i+1}` splits that gap `d` into `u` and `d - u` with
//! `1 <= u <= d - 1` (or keeps `u` alone when `x_{i+1} = x_k` is the heap cut), and the capped
//! pairs `(min(u, c), min(d - u, c))` reachable are the same for every `d >= 2c`. At cap 1 the
//! profile says, for each `<`, whether the gap is 1 or at least 2 (for `x_1`: whether it is 2 or
//! at least 3).
//!
//! **Theorem.** If for every profile of at most `N` heaps the least position with that profile
//! (its gaps exactly the capped ones) satisfies `F(class) = min over its options G' of
//! ((F(class(G')) + 1) mod n)`, and `F(empty) = 0`, then `g(G) = F(class(G))` for every position
//! of at most `N` heaps. Induction on the number of chips: the options of `G` have fewer chips
//! and at most as many heaps, so `g(G') = F(class(G'))`; by the lemma their classes are those of
//! the least position with `G`'s profile, so `g(G) = min((g(G') + 1) mod n) = F(class(G))`.
//!
//! Conversely a failing profile refutes the table: the least position with that profile, or a
//! position with fewer chips, has a value other than `F` of its class.

use crate::clock::Instant;

use crate::budget::{Budget, Exhausted};

use serde::Serialize;

use super::classes::{representative, ClassTable};
use super::LargeNim;
use crate::solve::{HeapMultisetGame, StandardAlliance, Terminal};

/// What the check found for the positions of one number of heaps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct HeapCountCheck {
    /// The number of heaps `k`.
    pub heaps: usize,
    /// The classes of `k` heaps: `(c + 1)^k` (at cap 1: the `2^k` order patterns).
    pub classes: usize,
    /// The profiles of `k` heaps checked: `(2c + 1)^k` (at cap 1: `3^k`).
    pub profiles: usize,
    /// The options looked up over all these profiles.
    pub options: u64,
    /// Wall time of this heap count's check, in microseconds.
    pub micros: u64,
}

/// A profile where the table disagrees with the rule `g = min((g' + 1) mod n)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CheckFailure {
    /// The number of heaps.
    pub heaps: usize,
    /// The gaps capped at the cap: the class (at cap 1, 0 for `=` and 1 for `<`).
    pub class: Vec<u64>,
    /// The gaps capped at twice the cap: the profile.
    pub profile: Vec<u64>,
    /// The least position with that profile.
    pub representative: Vec<u64>,
    /// The table's value for the class.
    pub claimed: u32,
    /// The value the options' table values give.
    pub from_options: u32,
}

/// The result of [`check`]: every heap count checked, in increasing order, and the first
/// failure (whose heap count is then the last one listed, unproved).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CheckOutcome {
    /// The heap counts checked, `0..`; all but the failing one (if any) passed.
    pub checked: Vec<HeapCountCheck>,
    /// The first profile that failed, if any.
    pub failure: Option<CheckFailure>,
}

/// The number of profiles [`check`] visits for a table of at most `heaps` heaps at `cap`:
/// `sum over k <= heaps of (2 cap + 1)^k`, or `None` above `usize::MAX`.
pub(crate) fn profile_count(cap: u64, heaps: usize) -> Option<usize> {
    let base = usize::try_from(cap).ok()?.checked_mul(2)?.checked_add(1)?;
    let mut total = 0usize;
    let mut of_size = 1usize;
    for _ in 0..=heaps {
        total = total.checked_add(of_size)?;
        of_size = of_size.checked_mul(base)?;
    }
    Some(total)
}

/// Checks `table` on every profile of at most its number of heaps, heap count by heap count,
/// stopping at the first failure.
///
/// `O(sum over k of (2c + 1)^k × x_k × k)` with `x_k <= 1 + 2ck` the largest heap of a least
/// position: for order patterns of 12 heaps, 797,161 profiles. Memory `O(N)`.
/// Every profile and option is charged to `budget`.
///
/// # Errors
/// [`Exhausted`] when the budget, the deadline or a cancellation stops the check.
pub(crate) fn check(table: &ClassTable, budget: &Budget) -> Result<CheckOutcome, Exhausted> {
    let mut meter = budget.meter();
    let classes = table.classes();
    let cap = classes.cap();
    let valuation = StandardAlliance::new(table.players(), Terminal::MoverWins)
        .expect("a table is for at least 2 players");
    let mut checked = Vec::new();
    let mut scratch: Vec<u32> = Vec::new();
    for k in 0..=classes.heaps() {
        let started = Instant::now();
        let mut profile = vec![0u64; k];
        let mut profiles = 0usize;
        let mut options = 0u64;
        let mut failure = None;
        loop {
            profiles += 1;
            let least = representative(&profile);
            let claimed = table.value(&least).expect("the profile has at most the table's heaps");
            scratch.clear();
            LargeNim.visit_options(&least, &mut |option| {
                scratch.push(table.value(option).expect("an option has at most as many heaps"));
            });
            options += scratch.len() as u64;
            meter.charge(1 + scratch.len() as u64)?;
            let from_options = crate::solve::Valuation::evaluate(&valuation, &scratch);
            if from_options != claimed {
                failure = Some(CheckFailure {
                    heaps: k,
                    class: profile.iter().map(|&d| d.min(cap)).collect(),
                    profile: profile.clone(),
                    representative: least,
                    claimed,
                    from_options,
                });
                break;
            }
            if !next_profile(&mut profile, 2 * cap) {
                break;
            }
        }
        checked.push(HeapCountCheck {
            heaps: k,
            classes: classes.of_heaps(k).len(),
            profiles,
            options,
            micros: u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX),
        });
        if failure.is_some() {
            return Ok(CheckOutcome { checked, failure });
        }
    }
    meter.flush()?;
    Ok(CheckOutcome { checked, failure: None })
}

/// Steps `digits` (each in `0..=top`, the first least significant) to the next vector; false
/// after the last. `O(1)` amortized.
fn next_profile(digits: &mut [u64], top: u64) -> bool {
    for d in digits.iter_mut() {
        if *d < top {
            *d += 1;
            return true;
        }
        *d = 0;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::large_nim::classes::GapClasses;

    /// Theorem 1 as a table: `g = k` for `k` heaps, true when `n > N + 1`.
    fn heap_count_table(players: u32, heaps: usize) -> ClassTable {
        let classes = GapClasses::new(1, heaps, usize::MAX).unwrap();
        let values = (0..classes.len()).map(|i| classes.gaps(i).len() as u8).collect();
        ClassTable::new(players, classes, values)
    }

    #[test]
    fn theorem_1_passes_and_counts_every_profile() {
        let outcome = check(&heap_count_table(6, 4), &Budget::default()).unwrap();
        assert_eq!(outcome.failure, None);
        let profiles: Vec<usize> = outcome.checked.iter().map(|c| c.profiles).collect();
        assert_eq!(profiles, [1, 3, 9, 27, 81]);
        let classes: Vec<usize> = outcome.checked.iter().map(|c| c.classes).collect();
        assert_eq!(classes, [1, 2, 4, 8, 16]);
        assert_eq!(profile_count(1, 4), Some(121));
        assert_eq!(profile_count(2, 3), Some(156));
        assert_eq!(profile_count(1, 100), None);
    }

    /// With `n = N + 1` Theorem 1 is false at `N` heaps. Profiles are visited with `x_1 - 1`
    /// changing fastest: `(1, 1, 1)` passes (Lemma 1: 3 mod 4 = 3), then `(2, 2, 2)` fails: its
    /// option `(1, 2, 2)` has table value 3, worth `(3 + 1) mod 4 = 0`, not 3.
    #[test]
    fn a_wrong_table_fails_at_the_first_bad_profile() {
        let outcome = check(&heap_count_table(4, 4), &Budget::default()).unwrap();
        let failure = outcome.failure.expect("g = N is false for n = N + 1");
        assert_eq!(outcome.checked.len(), 4); // heap counts 0, 1, 2 passed; 3 failed
        assert_eq!(failure.heaps, 3);
        assert_eq!(failure.representative, [2, 2, 2]);
        assert_eq!((failure.claimed, failure.from_options), (3, 0));
        assert_eq!((failure.class.as_slice(), failure.profile.as_slice()), (&[1, 0, 0][..], &[1, 0, 0][..]));
    }
}
