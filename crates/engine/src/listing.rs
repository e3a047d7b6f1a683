//! Listings over many positions: the first P-positions of a game in order, and the period a
//! finite sequence shows.

use num_bigint::BigUint;
use serde::Serialize;

use crate::analysis::{AnyGame, Method, Progress, Query};
use crate::bigint::{json, to_bigs};
use crate::budget::{Budget, UNITS_PER_POSITION};
use crate::error::{EngineError, Stopped};
use crate::game::{Outcome, Play};
use crate::lang::Lang;
use crate::positions::TuplesWithMax;
use crate::tables::p_cells::{p_positions_by_table, PCellRequest};

/// What to list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PRequest {
    /// How many P-positions.
    pub count: usize,
    /// How many numbers a position has; `None`: the ruleset's own (1, or 2 for games that need
    /// two), which is what the closed-form listings cover.
    pub heaps: Option<usize>,
    /// List every order of the numbers, not only non-decreasing ones.
    pub all_orders: bool,
    /// Normal or misère play.
    pub play: Play,
    /// Theory (a closed-form listing), search (position by position), or theory where it can
    /// list them.
    pub method: Method,
}

/// Where a listing came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ListingBasis {
    /// A closed form that lists the P-positions directly.
    Theory,
    /// Positions examined one by one, in order of their largest number (each answered by
    /// theory where the ruleset has a closed form, otherwise by search).
    Search,
}

/// The first P-positions of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PListing {
    /// How the positions were found.
    pub basis: ListingBasis,
    /// How many numbers each position has.
    pub heaps: usize,
    /// The P-positions, in order of their largest number.
    #[serde(serialize_with = "positions")]
    pub p_positions: Vec<Vec<BigUint>>,
    /// True when the listing has as many positions as asked for, or every P-position there is.
    pub complete: bool,
    /// Why the listing is shorter than asked, if it is.
    pub stopped: Option<String>,
    /// Positions examined (0 for a closed-form listing).
    pub examined: u64,
}

fn positions<S: serde::Serializer>(list: &[Vec<BigUint>], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(list.iter().map(|p| json::Numbers(p)))
}

/// The first `request.count` P-positions of `game`.
///
/// A closed-form listing is used where the ruleset has one (on its own number of heaps); else,
/// for the automatic method on one or two heaps, the P cells of the game's outcome table
/// ([`crate::tables::p_cells`]) unless that table would be searched; otherwise positions are
/// examined in order of their largest number, each costing
/// [`UNITS_PER_POSITION`] units of `budget` beside its analysis, so the listing always ends: with
/// the positions asked for, or with those found when the budget, the deadline or the search's
/// range runs out (`stopped` says which).
///
/// # Errors
/// [`EngineError::InvalidRequest`] for 0 heaps; [`EngineError::NoTheory`] for `Method::Theory`
/// without a closed-form listing; analysis errors other than running out of budget.
pub fn p_positions(
    game: &dyn AnyGame,
    request: &PRequest,
    budget: &Budget,
    progress: Progress<'_>,
) -> Result<PListing, EngineError> {
    let own_heaps = if game.check_position(&[BigUint::default()]).is_ok() { 1 } else { 2 };
    let heaps = request.heaps.unwrap_or(own_heaps);
    if heaps == 0 {
        return Err(EngineError::InvalidRequest("a position needs at least 1 heap".into()));
    }
    let by_theory = match request.method {
        Method::Search => None,
        // Closed forms list non-decreasing positions on the ruleset's own number of heaps.
        _ if heaps != own_heaps || request.all_orders => None,
        _ => game.theory_p_positions(request.count, request.play, budget),
    };
    if let Some((found, exhausted)) = by_theory {
        let (complete, stopped) = match exhausted {
            Some(cause) => (false, Some(format!("stopped after listing {} positions: {cause}", found.len()))),
            None if found.len() < request.count => {
                (true, Some(format!("there are no P-positions other than these {}", found.len())))
            }
            None => (true, None),
        };
        return Ok(PListing {
            basis: ListingBasis::Theory,
            heaps,
            p_positions: found,
            complete,
            stopped,
            examined: 0,
        });
    }
    if request.method == Method::Theory {
        return Err(EngineError::NoTheory {
            game: game.name(),
            question: format!("listing its P-positions on {heaps} heap{}", if heaps == 1 { "" } else { "s" }),
        });
    }
    if request.method == Method::Auto && heaps == own_heaps {
        let cells =
            PCellRequest { heaps, count: request.count, all_orders: request.all_orders, play: request.play };
        if let Some(listing) = p_positions_by_table(game, &cells, budget, progress)? {
            return Ok(listing);
        }
    }
    let query = Query { method: Method::Auto, play: request.play, max_moves: 0, lang: Lang::En };
    let mut found: Vec<Vec<BigUint>> = Vec::new();
    let mut examined = 0u64;
    let mut largest = 0u64;
    let stopped = 'search: loop {
        for tuple in TuplesWithMax::new(heaps, largest, !request.all_orders) {
            let task = || format!("listing the P-positions of {}", game.name());
            if let Err(error) = budget.charge(UNITS_PER_POSITION).during(task) {
                break 'search Some(stop_reason(&error, examined, largest));
            }
            examined += 1;
            let numbers = game.check_position(&to_bigs(&tuple))?;
            match game.analyze(&numbers, &query, budget) {
                Ok(a) if a.outcome == Outcome::P => {
                    found.push(numbers);
                    progress(found.len() as u64, request.count as u64);
                    if found.len() == request.count {
                        break 'search None;
                    }
                }
                Ok(_) => {}
                Err(error @ (EngineError::Exhausted { .. } | EngineError::TooLargeForSearch { .. })) => {
                    break 'search Some(stop_reason(&error, examined, largest));
                }
                Err(other) => return Err(other),
            }
        }
        largest = match largest.checked_add(1) {
            Some(next) => next,
            None => break None,
        };
    };
    Ok(PListing {
        basis: ListingBasis::Search,
        heaps,
        complete: found.len() == request.count,
        p_positions: found,
        stopped,
        examined,
    })
}

fn stop_reason(error: &EngineError, examined: u64, largest: u64) -> String {
    let cause = match error {
        EngineError::Exhausted { cause, .. } => cause.to_string(),
        other => other.to_string(),
    };
    format!("stopped after examining {examined} positions (every number up to {largest}): {cause}")
}

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
pub const MIN_COMPARISONS: usize = 64;

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
    #[allow(unused_imports)]
    use crate::test_prelude::*;

    fn game(spec: &str) -> Box<dyn AnyGame> {
        test_game(spec)
    }

    fn request(count: usize, heaps: Option<usize>, method: Method) -> PRequest {
        PRequest { count, heaps, all_orders: false, play: Play::Normal, method }
    }

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

    #[test]
    fn theory_listings_agree_with_search() {
        for spec in ["wythoff", "bash --max 3", "nim", "half"] {
            let g = game(spec);
            let theory =
                p_positions(g.as_ref(), &request(12, None, Method::Auto), &Budget::default(), &no_progress)
                    .unwrap();
            let search =
                p_positions(g.as_ref(), &request(12, None, Method::Search), &Budget::default(), &no_progress);
            let search = search.unwrap();
            assert_eq!(search.basis, ListingBasis::Search);
            assert_eq!(theory.p_positions, search.p_positions, "{spec}");
        }
    }

    #[test]
    fn a_listing_stops_at_the_budget_with_what_it_found() {
        // Staircase on one step has a single P-position (0): asking for ten must end.
        let g = game("staircase");
        let listing = p_positions(
            g.as_ref(),
            &request(10, None, Method::Search),
            &Budget::new(2_000_000),
            &no_progress,
        )
        .unwrap();
        assert_eq!(listing.p_positions, vec![vec![BigUint::default()]]);
        assert!(!listing.complete);
        assert!(listing.stopped.unwrap().contains("units of work"));
    }
}
