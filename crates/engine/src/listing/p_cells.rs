//! The first P-positions of a one-heap or two-heap game read off its outcome table: the P cells
//! of a sequence or grid, in the order of [`crate::listing::p_positions`] (by largest number,
//! then lexicographically), from the table path instead of one analysis per position.
//!
//! The table covers every number up to a bound that grows fourfold each round (`255`, `1023`,
//! ...) until it holds the P-positions asked for; the rounds before the last cost at most a
//! third of it. A round that the budget stops ends the listing with the positions of the last
//! complete round (for one heap, also those found before the stop: they come in order).

use num_bigint::BigUint;

use super::{ListingBasis, PListing};
use crate::analysis::{AnyGame, Progress};
use crate::bigint::to_bigs;
use crate::budget::{Budget, Exhausted, ALLOCATION_OVERHEAD};
use crate::error::{EngineError, Task};
use crate::game::Play;
use crate::tables::sequence::MAX_UPTO;
use crate::tables::{GridRequest, PeriodSpan, SequenceRequest, TableError, TableMethod, TableValues, P_CELL};

/// The bound of the first round.
const FIRST_BOUND: u64 = 255;

/// Units charged per P-position kept (two numbers and their vector, about 16 bytes a number).
const UNITS_PER_P_CELL: u64 = 8;

/// What to list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct PCellRequest {
    /// 1 (a sequence) or 2 (a grid): the game's own number of heaps.
    pub heaps: usize,
    /// How many P-positions.
    pub count: usize,
    /// Every order of the two heaps, not only non-decreasing ones.
    pub all_orders: bool,
    /// Normal or misère play.
    pub play: Play,
}

/// One round's outcome.
struct Round {
    method: TableMethod,
    /// The P-positions with every number at most the bound, in listing order, at most `count`.
    found: Vec<Vec<u64>>,
    cells: u64,
    /// The certified period when `found` holds every P-position there is: its whole periodic
    /// part was examined and held none, so no heap beyond the bound is a P-position.
    every_one: Option<PeriodSpan>,
}

/// The first P-positions of `game` from its outcome table, or `None` when the table path does
/// not apply (more than two heaps) or would answer by search anyway (the listing position by
/// position then does the same work and reports its progress).
///
/// # Errors
/// Engine errors other than running out of budget (which ends the listing with what it found).
pub(super) fn p_positions_by_table(
    game: &dyn AnyGame,
    request: &PCellRequest,
    budget: &Budget,
    progress: Progress<'_>,
) -> Result<Option<PListing>, EngineError> {
    if !(1..=2).contains(&request.heaps) || request.count == 0 {
        return Ok(None);
    }
    let mut bound = FIRST_BOUND;
    let mut complete_bound: Option<u64> = None;
    let mut found: Vec<Vec<u64>> = Vec::new();
    let mut examined = 0u64;
    let mut theory = false;
    let mut every_one = false;
    let mut stopped_by = None;
    let stopped = loop {
        let round = match request.heaps {
            1 => sequence_round(game, request, bound, budget, &mut found),
            _ => grid_round(game, request, bound, budget),
        };
        match round {
            Ok(round) => {
                if complete_bound.is_none() && round.method == TableMethod::Search {
                    return Ok(None);
                }
                theory = round.method.is_theory();
                examined = examined.saturating_add(round.cells);
                found = round.found;
                progress(found.len() as u64, request.count as u64);
                complete_bound = Some(bound);
                if found.len() >= request.count {
                    break None;
                }
                if let Some(span) = round.every_one {
                    every_one = true;
                    break Some(match request.play {
                        Play::Normal => format!(
                            "no other heap is a P-position: the values are periodic from {} with period {} \
                             (certified), and no period holds a 0",
                            span.preperiod, span.period
                        ),
                        Play::Misere => format!(
                            "no other heap is a P-position: the misère outcomes are periodic from {} with \
                             period {} (the misère quotient's Φ, certified), and no period holds a P-position",
                            span.preperiod, span.period
                        ),
                    });
                }
                if bound >= MAX_UPTO / 4 {
                    break Some(format!(
                        "no more within the numbers up to {bound} (a fixed limit of tables)"
                    ));
                }
                bound = bound * 4 + 3;
            }
            Err(error) => match error.exhausted() {
                Some(cause) => {
                    stopped_by = Some(cause.clone());
                    let upto = complete_bound
                        .map_or_else(|| "none complete".into(), |b| format!("every number up to {b}"));
                    break Some(format!("stopped after examining {examined} positions ({upto}): {cause}"));
                }
                None if complete_bound.is_none() => return Ok(None),
                None => return Err(error.into()),
            },
        }
    };
    let p_positions = found
        .iter()
        .map(|p| game.check_position(&to_bigs(p)).map(crate::analysis::CheckedPosition::into_numbers))
        .collect::<Result<Vec<Vec<BigUint>>, EngineError>>()?;
    Ok(Some(PListing {
        basis: if theory { ListingBasis::Theory } else { ListingBasis::Search },
        heaps: request.heaps,
        complete: every_one || p_positions.len() == request.count,
        p_positions,
        stopped,
        stopped_by,
        examined,
    }))
}

/// Keeps one more P-position, charged to the budget.
fn keep(found: &mut Vec<Vec<u64>>, position: Vec<u64>, budget: &Budget) -> Result<(), TableError> {
    let stopped = |cause: Exhausted| TableError::Exhausted { task: Box::new(Task::PCells), cause };
    budget.charge(UNITS_PER_P_CELL).map_err(stopped)?;
    // What the listing holds: each position (its vector, its numbers, the allocator's share), twice
    // at most (a round's listing beside the one before it), within the memory ceiling however
    // large the work budget.
    let each = 24 + ALLOCATION_OVERHEAD + 8 * position.len() as u64;
    budget.check_memory(2 * (found.len() as u64 + 1) * each).map_err(stopped)?;
    found.push(position);
    Ok(())
}

/// The P heaps `0..=bound` of a sequence, in order. On a stop, `partial` holds those found (a
/// prefix of the listing).
fn sequence_round(
    game: &dyn AnyGame,
    request: &PCellRequest,
    bound: u64,
    budget: &Budget,
    partial: &mut Vec<Vec<u64>>,
) -> Result<Round, TableError> {
    let mut sequence =
        game.sequence(&SequenceRequest::new(bound, TableValues::Outcomes, request.play), budget)?;
    let method = sequence.basis().method;
    let certified = sequence.basis().certified_period;
    let mut found = Vec::new();
    let mut chunk = vec![0; crate::tables::PIECE];
    loop {
        let first = sequence.next_heap();
        let count = match sequence.fill(&mut chunk) {
            Ok(count) => count,
            Err(error) => {
                if found.len() > partial.len() {
                    *partial = found;
                }
                return Err(error);
            }
        };
        if count == 0 {
            // G(n + p) = G(n) from the preperiod l on: when [l, l + p) was examined and holds no
            // P-position, no larger heap is one. Under misère play only the quotient's period
            // (of Φ, hence of the outcomes) says so: a Grundy period says nothing of them.
            let every_one = certified.filter(|span| {
                let periodic = span.preperiod..span.preperiod.saturating_add(span.period);
                (request.play == Play::Normal || method == TableMethod::MisereQuotient)
                    && periodic.end <= bound.saturating_add(1)
                    && !found.iter().any(|p| periodic.contains(&p[0]))
            });
            return Ok(Round { method, found, cells: bound + 1, every_one });
        }
        for (n, _) in (first..).zip(&chunk[..count]).filter(|&(_, &v)| v == P_CELL) {
            if found.len() == request.count {
                break;
            }
            keep(&mut found, vec![n], budget)?;
        }
        if found.len() == request.count {
            return Ok(Round { method, found, cells: sequence.next_heap(), every_one: None });
        }
    }
}

/// The P cells of the grid `0..=bound` squared (only `r <= c` unless every order is asked for),
/// in listing order: by largest number, then lexicographically.
fn grid_round(
    game: &dyn AnyGame,
    request: &PCellRequest,
    bound: u64,
    budget: &Budget,
) -> Result<Round, TableError> {
    let mut grid = game.grid(&GridRequest::new(bound, bound, TableValues::Outcomes, request.play), budget)?;
    let method = grid.basis().method;
    let mut cells: Vec<Vec<u64>> = Vec::new();
    let mut row = vec![0; grid.row_len()];
    while let Some(r) = grid.next_row(&mut row)? {
        let first = if request.all_orders { 0 } else { r };
        for (c, &v) in (first..).zip(&row[first as usize..]) {
            if v == P_CELL {
                keep(&mut cells, vec![r, c], budget)?;
            }
        }
    }
    cells.sort_unstable_by_key(|p| (p[0].max(p[1]), p[0], p[1]));
    cells.truncate(request.count);
    let side = bound + 1;
    Ok(Round { method, found: cells, cells: side.saturating_mul(side), every_one: None })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{no_progress, Method};
    use crate::listing::{p_positions, PRequest};
    #[allow(unused_imports)]
    use crate::test_prelude::*;

    /// The listing by the table against the listing position by position (search), for games
    /// without a closed-form listing.
    #[test]
    fn table_listings_are_the_searched_listings() {
        let cases: &[(&str, Option<usize>, usize)] = &[
            ("subtraction --set 2,3,5,7,101", None, 60),
            ("subtraction --set 1,4,10", None, 40),
            ("fibonacci", None, 12),
            ("pattern --piles 2 --move one:1..3 --move all:1..", None, 40),
            ("pattern --piles 2 --move one:2.. --move all:1..2", None, 30),
        ];
        let budget = Budget::default();
        for &(spec, heaps, count) in cases {
            let game = test_game(spec);
            for play in [Play::Normal, Play::Misere] {
                for all_orders in [false, true] {
                    let request = |method| PRequest { count, heaps, all_orders, play, method };
                    let by_table =
                        p_positions(game.as_ref(), &request(Method::Auto), &budget, &no_progress).unwrap();
                    let searched =
                        p_positions(game.as_ref(), &request(Method::Search), &budget, &no_progress).unwrap();
                    assert_eq!(by_table.p_positions, searched.p_positions, "{spec} {play:?} {all_orders}");
                    assert_eq!(by_table.complete, searched.complete, "{spec}");
                    if spec.starts_with("subtraction") && play == Play::Normal {
                        // The certified period's outcome table, not one analysis per position.
                        assert_eq!(by_table.basis, ListingBasis::Theory, "{spec}");
                    }
                }
            }
        }
    }

    /// A certified period with no 0 in it ends the listing: Kayles' only P-heap is 0 (its
    /// searched values up to the period's end, 71 + 12, hold no other 0); 0.137's P-heaps recur
    /// with its period, so its listing goes on.
    #[test]
    fn a_certified_period_without_p_positions_completes_the_listing() {
        let budget = Budget::default();
        let request =
            |count, method| PRequest { count, heaps: None, all_orders: false, play: Play::Normal, method };
        let kayles = test_game("kayles");
        let listing =
            p_positions(kayles.as_ref(), &request(10, Method::Auto), &budget, &no_progress).unwrap();
        assert_eq!(listing.p_positions, [to_bigs(&[0])]);
        assert!(listing.complete && listing.stopped_by.is_none());
        assert!(listing.stopped.unwrap().contains("periodic from 71 with period 12"));
        // Kayles from its rules: knock down 1 or 2 adjacent pins, leaving rows a and b.
        let mut values: Vec<u64> = Vec::new();
        for n in 0..=83usize {
            let options: Vec<u64> = (1..=2.min(n))
                .flat_map(|k| (0..=n - k).map(move |a| (a, n - k - a)))
                .map(|(a, b)| values[a] ^ values[b])
                .collect();
            values.push((0..).find(|v| !options.contains(v)).unwrap());
        }
        assert_eq!(values.iter().filter(|&&v| v == 0).count(), 1);
        let octal = test_game("octal --code 0.137");
        let listing = p_positions(octal.as_ref(), &request(40, Method::Auto), &budget, &no_progress).unwrap();
        assert_eq!(listing.p_positions.len(), 40);
    }

    #[test]
    fn the_table_path_is_used_and_stops_at_the_budget() {
        let game = test_game("subtraction --set 2,3,5,7,101");
        let request = PCellRequest { heaps: 1, count: 100_000, all_orders: false, play: Play::Normal };
        let listing =
            p_positions_by_table(game.as_ref(), &request, &Budget::default(), &no_progress).unwrap().unwrap();
        assert_eq!(
            (listing.basis, listing.complete, listing.p_positions.len()),
            (ListingBasis::Theory, true, 100_000)
        );
        // A small budget: the listing ends with the P-positions found, in order.
        let small = Budget::new(20_000);
        let listing = p_positions_by_table(game.as_ref(), &request, &small, &no_progress).unwrap().unwrap();
        assert!(!listing.complete);
        assert!(
            listing.stopped.as_deref().is_some_and(|s| s.contains("work budget")),
            "{:?}",
            listing.stopped
        );
        let n = listing.p_positions.len();
        assert!(n > 100, "{n}");
        assert_eq!(
            listing.p_positions[..],
            p_positions_by_table(game.as_ref(), &request, &Budget::default(), &no_progress)
                .unwrap()
                .unwrap()
                .p_positions[..n]
        );
        // Staircase's table is searched: the listing position by position is used instead.
        let staircase = test_game("staircase");
        let request = PCellRequest { heaps: 2, ..request };
        assert!(p_positions_by_table(staircase.as_ref(), &request, &Budget::default(), &no_progress)
            .unwrap()
            .is_none());
    }
}
