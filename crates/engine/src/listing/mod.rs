//! Listings over many positions: the first P-positions of a game in order (closed form, read off
//! an outcome table by [`p_cells`], or examined position by position).

mod p_cells;

use crate::error::RequestError;
use num_bigint::BigUint;
use serde::Serialize;

use crate::analysis::{AnyGame, Method, Progress, Query};
use crate::bigint::{json, to_bigs};
use crate::budget::{Budget, Exhausted, HeldBytes, ALLOCATION_OVERHEAD, UNITS_PER_POSITION};
use crate::error::{EngineError, Stopped, Task, TheoryQuestion};
use crate::game::{Outcome, Play};
use crate::lang::Lang;
use crate::positions::TuplesWithMax;
use p_cells::{p_positions_by_table, PCellRequest};

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
    /// What ran out, when the listing stopped early for want of work, memory or time (so that
    /// a caller can retry under a larger budget).
    #[serde(skip)]
    pub stopped_by: Option<Exhausted>,
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
    if let Some(why) = game.not_heaps() {
        return Err(EngineError::InvalidRequest(RequestError::NoHeapListing {
            game: game.name().to_string(),
            why,
        }));
    }
    let own_heaps = if game.check_position(&[BigUint::default()]).is_ok() { 1 } else { 2 };
    let heaps = request.heaps.unwrap_or(own_heaps);
    if heaps == 0 {
        return Err(EngineError::InvalidRequest(RequestError::NoHeaps));
    }
    let by_theory = match request.method {
        Method::Search => None,
        // Closed forms list non-decreasing positions on the ruleset's own number of heaps.
        _ if heaps != own_heaps || request.all_orders => None,
        _ => game.theory_p_positions(request.count, request.play, budget),
    };
    if let Some((found, exhausted)) = by_theory {
        let (complete, stopped) = match &exhausted {
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
            stopped_by: exhausted,
            examined: 0,
        });
    }
    if request.method == Method::Theory {
        return Err(EngineError::NoTheory { game: game.name(), question: TheoryQuestion::Listing { heaps } });
    }
    if request.method == Method::Auto && heaps == own_heaps {
        let cells =
            PCellRequest { heaps, count: request.count, all_orders: request.all_orders, play: request.play };
        if let Some(listing) = p_positions_by_table(game, &cells, budget, progress)? {
            return Ok(listing);
        }
    }
    let query =
        Query { method: Method::Auto, play: request.play, max_moves: 0, lang: Lang::En, outcome_only: true };
    let mut found: Vec<Vec<BigUint>> = Vec::new();
    // Bytes of the positions listed (their vectors and numbers), beside the list's own buffer.
    let mut listed = 0u64;
    let mut examined = 0u64;
    let mut largest = 0u64;
    let mut stopped_by = None;
    let stopped = 'search: loop {
        for tuple in TuplesWithMax::new(heaps, largest, !request.all_orders) {
            let task = || Task::ListP { game: game.name().to_string() };
            if let Err(error) = budget.charge(UNITS_PER_POSITION).during(task) {
                stopped_by = error.exhausted().cloned();
                break 'search Some(stop_reason(&error, examined, largest));
            }
            examined += 1;
            let numbers = game.check_position(&to_bigs(&tuple))?;
            match game.analyze(&numbers, &query, budget) {
                Ok(a) if a.outcome == Outcome::P => {
                    let numbers = numbers.into_numbers();
                    listed = listed.saturating_add(numbers.heap_bytes());
                    found.push(numbers);
                    let buffer = found.capacity() * std::mem::size_of::<Vec<BigUint>>();
                    if let Err(cause) = budget.check_held(listed + buffer as u64 + ALLOCATION_OVERHEAD) {
                        let error = EngineError::Exhausted { task: Box::new(task()), cause };
                        stopped_by = error.exhausted().cloned();
                        break 'search Some(stop_reason(&error, examined, largest));
                    }
                    progress(found.len() as u64, request.count as u64);
                    if found.len() == request.count {
                        break 'search None;
                    }
                }
                Ok(_) => {}
                Err(error @ (EngineError::Exhausted { .. } | EngineError::TooLargeForSearch { .. })) => {
                    stopped_by = error.exhausted().cloned();
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
        stopped_by,
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
    fn a_listing_holds_its_positions_in_the_memory_account() {
        // Nim on three heaps has no closed-form listing there: positions are examined one by
        // one, and those listed are held until the report is made.
        let g = game("nim");
        let list = |budget: &Budget| {
            p_positions(
                g.as_ref(),
                &PRequest { heaps: Some(3), ..request(300, None, Method::Search) },
                budget,
                &no_progress,
            )
            .unwrap()
        };
        let budget = Budget::default();
        let listing = list(&budget);
        assert_eq!(listing.p_positions.len(), 300);
        assert!(budget.peak_held() >= listing.p_positions.heap_bytes(), "{}", budget.peak_held());
        let listing = list(&Budget::new(2_000_000).with_memory_ceiling(4096));
        assert!(!listing.complete);
        assert_eq!(listing.stopped_by, Some(Exhausted::MachineMemory { bytes: 4096 }));
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
