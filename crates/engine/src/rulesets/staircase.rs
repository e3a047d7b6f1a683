//! Staircase Nim: coins on steps 1..m; a move takes any positive number of coins from one step
//! down to the step below (from step 1 they leave the game, "to the floor"). The player who
//! makes the last move wins. The numbers are the coins on step 1, step 2, ..., in that order
//! (order matters, so there is no canonical reordering).
//!
//! Theory (seed 001 §8): the Grundy value is the nim-sum `X` of the odd-numbered steps
//! (1, 3, 5, ...), so the position is P iff `X = 0`. Proof: by induction, the options' values
//! are the odd-step nim-sums of the options. A move from an odd step `2j+1` lowers that step
//! (and raises the even step below, which does not count), so it reaches every value `X ^ h ^ h'`
//! for `h' < h`: as in Nim, every value below `X`. A move from an even step `2j` raises the odd
//! step `2j-1` below it, and a move from an odd step lowers it; either way exactly one odd step
//! changes, so no option has the value `X`. The mex of the options is therefore `X`.
//!
//! Moves to value `T` (all of them, for any size): with `D = X ^ T`, lower an odd step `h` to
//! `h ^ D` when that is smaller, or move `(w ^ D) - w` coins from an even step to the odd step
//! below it (holding `w`) when `w ^ D > w` and the even step has that many coins. Every move
//! changes exactly one odd step, so these are all. `O(steps)` big-integer operations.
//!
//! Misère play is answered by search only.

use num_bigint::BigUint;
use num_traits::Zero;

use crate::analysis::{Analysis, Basis, MoveReport, Ruleset};
use crate::bigint::{join, to_bigs, to_u64s, xor_all};
use crate::error::EngineError;
use crate::game::{Game, Outcome, Play};
use crate::rulesets::{engine, only_params, GameSpec};
use crate::solve::Budget;
use crate::verify::heap_box;
use crate::AnyGame;

pub(crate) const SUMMARY: &str =
    "coins on steps 1, 2, ...; move any number of coins from a step to the one below (step 1: off the board)";

/// The most option visits a search may need: `2^24`, a second or two. Step `i` can only ever
/// hold coins from steps `i` and above, so the search meets at most `prod_i (S_i + 1)` positions
/// (`S_i` = the coins on step `i` and above), each with at most `S_1` options (one per coin);
/// positions where `(S_1 + 1)·prod_i (S_i + 1)` exceeds this get "too large for search". The
/// theory answers every position instantly.
pub const SEARCH_WORK_LIMIT: u128 = 1 << 24;

/// The bound on the search's option visits described at [`SEARCH_WORK_LIMIT`], if it fits.
fn search_work(steps: &[u64]) -> Option<u128> {
    let mut above = 0u128;
    let mut positions = 1u128;
    for &coins in steps.iter().rev() {
        above += u128::from(coins);
        positions = positions.checked_mul(above + 1)?;
    }
    positions.checked_mul(above + 1)
}

/// Staircase Nim.
#[derive(Debug, Clone, Copy, Default)]
pub struct Staircase;

pub(crate) fn build(spec: &GameSpec, budget: Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    only_params(spec, &[])?;
    Ok(engine(Staircase, budget))
}

impl Game for Staircase {
    type Position = Vec<u64>;

    /// Coins arriving on a step saturate at `u64::MAX`; [`Ruleset::search_position`] only admits
    /// small totals, where that cannot happen.
    fn options(&self, steps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        for (i, &coins) in steps.iter().enumerate() {
            for moved in 1..=coins {
                let mut option = steps.clone();
                option[i] -= moved;
                if i > 0 {
                    option[i - 1] = option[i - 1].saturating_add(moved);
                }
                options.push(option);
            }
        }
        options
    }
}

/// The coins on the odd-numbered steps 1, 3, 5, ... (indexes 0, 2, 4, ...).
fn odd_steps(steps: &[BigUint]) -> Vec<BigUint> {
    steps.iter().step_by(2).cloned().collect()
}

fn coins(count: &BigUint) -> String {
    format!("{count} coin{}", if *count == BigUint::from(1u8) { "" } else { "s" })
}

/// "move 3 coins from step 3 to step 2", "move 1 coin from step 1 to the floor"; `index` is
/// the 0-based index of the step the coins leave.
fn move_text(index: usize, moved: &BigUint) -> String {
    let destination = if index == 0 { "the floor".to_string() } else { format!("step {index}") };
    format!("move {} from step {} to {destination}", coins(moved), index + 1)
}

/// Every move that changes the odd-step nim-sum by XOR-ing `delta` into it (see the module doc).
fn moves_by_delta(steps: &[BigUint], delta: &BigUint) -> Vec<MoveReport> {
    let mut moves = Vec::new();
    if delta.is_zero() {
        return moves;
    }
    for (i, coins_here) in steps.iter().enumerate() {
        let mut to = steps.to_vec();
        let moved = if i % 2 == 0 {
            let lowered = coins_here ^ delta;
            if lowered >= *coins_here {
                continue;
            }
            let moved = coins_here - &lowered;
            to[i] = lowered;
            if i > 0 {
                to[i - 1] += &moved;
            }
            moved
        } else {
            let below = &steps[i - 1];
            let raised = below ^ delta;
            if raised <= *below || &raised - below > *coins_here {
                continue;
            }
            let moved = &raised - below;
            to[i] -= &moved;
            to[i - 1] = raised;
            moved
        };
        moves.push(MoveReport { text: move_text(i, &moved), to });
    }
    moves
}

fn analysis(steps: &[BigUint]) -> Analysis {
    let odd = odd_steps(steps);
    let x = xor_all(&odd);
    let moves = moves_by_delta(steps, &x);
    let sum = format!("nim-sum of the odd-numbered steps {} = {x}", join(&odd, "^"));
    let reason = match moves.first() {
        None => format!(
            "{sum}: every move changes exactly one odd step (lowering it, or adding to it from the even step \
             above), so it leaves a non-zero nim-sum"
        ),
        Some(m) => format!("{sum}, so {} (odd-step nim-sum 0)", m.text),
    };
    Analysis {
        outcome: if x.is_zero() { Outcome::P } else { Outcome::N },
        grundy: Some(x),
        winning_moves: moves,
        moves_complete: true,
        reason,
        basis: Basis::Theory(THEOREM.into()),
    }
}

const THEOREM: &str = "staircase: the Grundy value is the nim-sum of the odd-numbered steps";

impl Ruleset for Staircase {
    fn name(&self) -> String {
        "staircase".into()
    }

    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        if numbers.is_empty() {
            return Err(EngineError::InvalidPosition(
                "staircase takes the coins on each step, from step 1 up (at least one number)".into(),
            ));
        }
        Ok(numbers.to_vec())
    }

    /// The steps as `u64`s when the search fits [`SEARCH_WORK_LIMIT`].
    fn search_position(&self, numbers: &[BigUint]) -> Option<Vec<u64>> {
        let steps = to_u64s(numbers)?;
        (search_work(&steps)? <= SEARCH_WORK_LIMIT).then_some(steps)
    }

    fn numbers(&self, steps: &Vec<u64>) -> Vec<BigUint> {
        to_bigs(steps)
    }

    fn describe_move(&self, from: &[BigUint], to: &[BigUint]) -> String {
        from.iter()
            .zip(to)
            .position(|(f, t)| t < f)
            .map(|i| move_text(i, &(&from[i] - &to[i])))
            .unwrap_or_else(|| "pass".to_string())
    }

    fn theorem(&self, play: Play) -> Option<String> {
        (play == Play::Normal).then(|| THEOREM.into())
    }

    fn theory(&self, steps: &[BigUint], play: Play) -> Option<Analysis> {
        (play == Play::Normal).then(|| analysis(steps))
    }

    fn theory_moves_to_value(&self, steps: &[BigUint], target: &BigUint) -> Option<Vec<MoveReport>> {
        Some(moves_by_delta(steps, &(xor_all(&odd_steps(steps)) ^ target)))
    }

    /// Three steps, each holding `0..=bound` coins.
    fn verification_positions(&self, bound: u64) -> Vec<Vec<BigUint>> {
        heap_box(3, bound)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::bigint::big;
    use crate::Method;

    fn staircase() -> Box<dyn AnyGame> {
        build(&GameSpec::named("staircase"), Budget::default()).unwrap()
    }

    fn targets(moves: &[MoveReport]) -> BTreeSet<Vec<BigUint>> {
        moves.iter().map(|m| m.to.clone()).collect()
    }

    #[test]
    fn theory_matches_search_on_three_steps_up_to_12() {
        let report = staircase().verify(12, Play::Normal).unwrap();
        assert_eq!(report.positions, 13 * 13 * 13);
        assert_eq!(report.counterexample, None);
    }

    /// `verify` uses three steps; this compares the same things (outcome, Grundy value, the
    /// full set of winning moves) on every four-step position with at most 6 coins a step.
    #[test]
    fn theory_matches_search_on_four_steps_up_to_6() {
        let game = staircase();
        let positions = heap_box(4, 6);
        assert_eq!(positions.len(), 7 * 7 * 7 * 7);
        for steps in positions {
            let theory = game.analyze(&steps, Method::Theory, Play::Normal).unwrap();
            let search = game.analyze(&steps, Method::Search, Play::Normal).unwrap();
            assert_eq!(theory.outcome, search.outcome, "{steps:?}");
            assert_eq!(theory.grundy, search.grundy, "{steps:?}");
            assert_eq!(targets(&theory.winning_moves), targets(&search.winning_moves), "{steps:?}");
        }
    }

    #[test]
    fn moves_to_every_value_match_search_on_three_steps_up_to_5() {
        let game = staircase();
        for steps in heap_box(3, 5) {
            for target in 0..8u64 {
                let theory = game.moves_to_value(&steps, &big(target), Method::Theory).unwrap();
                let search = game.moves_to_value(&steps, &big(target), Method::Search).unwrap();
                assert_eq!(targets(&theory), targets(&search), "{steps:?} to {target}");
            }
        }
    }

    #[test]
    fn reasons_and_move_texts() {
        let game = staircase();
        let a = game.analyze(&to_bigs(&[3, 0, 5]), Method::Auto, Play::Normal).unwrap();
        assert_eq!(a.grundy, Some(big(6)));
        assert_eq!(
            a.reason,
            "nim-sum of the odd-numbered steps 3^5 = 6, so move 2 coins from step 3 to step 2 (odd-step nim-sum 0)"
        );
        assert_eq!(a.winning_moves[0].to, to_bigs(&[3, 2, 3]));
        let a = game.analyze(&to_bigs(&[1, 4]), Method::Auto, Play::Normal).unwrap();
        assert_eq!(a.winning_moves[0].text, "move 1 coin from step 1 to the floor");
        assert_eq!(a.winning_moves.len(), 1);
        let a = game.analyze(&to_bigs(&[2, 4, 3]), Method::Auto, Play::Normal).unwrap();
        // 2^3 = 1: lower step 1 to 3? no (3 > 2); lower step 3 to 2; or raise step 1 from 2 to 3
        // with one coin from step 2.
        let texts: Vec<&str> = a.winning_moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["move 1 coin from step 2 to step 1", "move 1 coin from step 3 to step 2"]);
        let p = game.analyze(&to_bigs(&[4, 9, 4]), Method::Auto, Play::Normal).unwrap();
        assert_eq!(p.outcome, Outcome::P);
        assert!(p.reason.starts_with("nim-sum of the odd-numbered steps 4^4 = 0: every move"));
    }

    #[test]
    fn three_hundred_digit_steps() {
        let huge: BigUint = "9".repeat(300).parse().unwrap();
        let steps = vec![huge.clone(), huge.clone(), &huge - 12345u32, big(7)];
        let a = staircase().analyze(&steps, Method::Auto, Play::Normal).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert!(!a.winning_moves.is_empty());
        for m in &a.winning_moves {
            assert!(xor_all(&odd_steps(&m.to)).is_zero());
            let total: BigUint = m.to.iter().sum();
            assert!(total <= steps.iter().sum::<BigUint>());
        }
    }

    #[test]
    fn bad_positions_and_parameters_are_errors() {
        assert!(staircase().check_position(&[]).is_err());
        assert!(build(&GameSpec { k: Some(2), ..GameSpec::named("staircase") }, Budget::default()).is_err());
        assert!(staircase()
            .analyze(&[BigUint::from(u64::MAX), big(1)], Method::Search, Play::Normal)
            .is_err());
    }

    #[test]
    fn search_stays_within_its_work_limit() {
        assert_eq!(search_work(&[12, 12, 12]), Some(37 * 25 * 13 * 37));
        assert!(Staircase.search_position(&to_bigs(&[30, 30, 30])).is_some());
        assert!(Staircase.search_position(&to_bigs(&[85, 85, 85])).is_none());
        assert_eq!(search_work(&[u64::MAX; 3]), None);
    }
}
