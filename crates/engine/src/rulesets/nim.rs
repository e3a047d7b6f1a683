//! Nim: any number of heaps; a move takes any positive number of stones from one heap.
//!
//! Theory (Bouton 1901): the Grundy value is the nim-sum (XOR) of the heaps, so the position is
//! P iff the nim-sum `X` is 0; the winning moves reduce a heap `h` with `h ^ X < h` to `h ^ X`.
//!
//! Misère (anti-Nim, seed 001 §9): the first player wins iff (every non-empty heap is 1 and the
//! nim-sum is 0) or (some heap exceeds 1 and the nim-sum is not 0).

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::{One, Zero};

use crate::lang::UNTHREADED;
use crate::lang::Lang;
use crate::analysis::{
    list_positions, Analysis, Basis, GrundyValue, Listed, MoveReport, Ruleset, SearchCost,
};
use crate::bigint::{join, to_bigs, to_u64s, xor_all};
use crate::budget::Budget;
use crate::error::EngineError;
use crate::game::{Game, Outcome, Play};
use crate::positions::HeapBox;
use crate::rulesets::{box_search_cost, describe_take, engine};
use crate::spec::{GameSpec, RulesetInfo};
use crate::tables::{outcome_row, per_heap, row_by_row, Grid, GridRequest, Sequence, SequenceRequest};
use crate::tables::{TableBasis, TableError, TableValues, N_CELL};
use crate::AnyGame;

/// The declaration of Nim.
pub const RULESET: RulesetInfo = RulesetInfo {
    name: "nim",
    summary: "any number of heaps; take any number from one heap",
    rules: "Several heaps of stones. A move takes any positive number of stones from one heap.",
    position: "heap sizes",
    example_position: "3 4 5",
    params: &[],
    verify_bound: 12,
    build,
};

/// Nim on any number of heaps.
#[derive(Debug, Clone, Copy, Default)]
pub struct Nim;

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    Ok(engine(spec, Nim))
}

impl Game for Nim {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        crate::game::gather_options(self, heaps)
    }

    /// Lazily: a heap of `h` has `h` options.
    fn for_each_option(
        &self,
        heaps: &Vec<u64>,
        visit: &mut dyn FnMut(Vec<u64>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for (i, &h) in heaps.iter().enumerate() {
            for smaller in 0..h {
                let mut option = heaps.clone();
                option[i] = smaller;
                visit(option)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn canonical(&self, heaps: &Vec<u64>) -> Vec<u64> {
        let mut sorted: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        sorted.sort_unstable();
        sorted
    }
}

/// Moves that change the nim-sum by XOR-ing `delta` into one heap, where that lowers it: the
/// first `limit` of them, and how many there are. `O(heaps × limit)` numbers copied.
pub(crate) fn xor_moves(heaps: &[BigUint], delta: &BigUint, limit: usize) -> (Vec<MoveReport>, u64) {
    let mut moves = Vec::new();
    let mut count = 0;
    if delta.is_zero() {
        return (moves, 0);
    }
    for (i, h) in heaps.iter().enumerate() {
        let target = h ^ delta;
        if target < *h {
            count += 1;
            if moves.len() < limit {
                let mut to = heaps.to_vec();
                to[i] = target;
                moves.push(MoveReport { text: describe_take(heaps, &to, UNTHREADED), to });
            }
        }
    }
    (moves, count)
}

/// The nim-sum spelled out, shortened for long positions.
fn nim_sum_text(heaps: &[BigUint], x: &BigUint) -> String {
    const SHOWN: usize = 12;
    if heaps.len() <= SHOWN {
        format!("nim-sum {} = {x}", join(heaps, "^"))
    } else {
        format!("nim-sum {}^... ({} heaps) = {x}", join(&heaps[..SHOWN], "^"), heaps.len())
    }
}

fn normal(heaps: &[BigUint], max_moves: usize) -> Analysis {
    let x = xor_all(heaps);
    let (moves, count) = xor_moves(heaps, &x, max_moves.max(1));
    let sum = nim_sum_text(heaps, &x);
    let reason = match moves.first() {
        None => format!("{sum}, so every move leaves a non-zero nim-sum"),
        Some(m) => format!("{sum}, so {} (nim-sum 0)", m.text),
    };
    Analysis {
        outcome: if x.is_zero() { Outcome::P } else { Outcome::N },
        grundy: GrundyValue::Value(x),
        moves_complete: moves.len() as u64 == count,
        winning_move_count: Some(count),
        winning_moves: moves,
        reason,
        basis: Basis::Theory(THEOREM.into()),
    }
}

/// True when the misère rule says the player to move wins.
fn misere_wins(heaps: &[BigUint]) -> bool {
    let x = xor_all(heaps);
    let one = BigUint::one();
    if heaps.iter().all(|h| *h <= one) {
        x.is_zero()
    } else {
        !x.is_zero()
    }
}

fn misere(heaps: &[BigUint], max_moves: usize) -> Analysis {
    let one = BigUint::one();
    let x = xor_all(heaps);
    let all_small = heaps.iter().all(|h| *h <= one);
    let wins = misere_wins(heaps);
    let mut moves: Vec<MoveReport> = Vec::new();
    let mut count = 0u64;
    // Heaps above 1, so that each candidate's rule is decided in O(1).
    let large = heaps.iter().filter(|h| **h > one).count();
    let ones = heaps.iter().filter(|h| **h == one).count();
    // A move changes one heap; the result is P exactly when the misère rule says the new mover
    // loses. With some heap above 1 in the result that needs nim-sum 0 (one candidate per heap);
    // with every heap at most 1 it needs an odd count of ones (candidates 0 and 1).
    for i in 0..heaps.len() {
        let h = &heaps[i];
        let others_large = large - usize::from(*h > one);
        let mut candidates = vec![h ^ &x];
        if others_large == 0 {
            candidates.extend([BigUint::zero(), one.clone()]);
        }
        candidates.sort();
        candidates.dedup();
        for v in candidates {
            if v >= *h {
                continue;
            }
            // The result's nim-sum and counts, from the position's, in O(1).
            let new_x = &x ^ h ^ &v;
            let result_large = others_large + usize::from(v > one);
            let result_ones = ones - usize::from(*h == one) + usize::from(v == one);
            let mover_wins = if result_large == 0 { result_ones % 2 == 0 } else { !new_x.is_zero() };
            if !mover_wins {
                count += 1;
                if moves.len() < max_moves {
                    let mut to = heaps.to_vec();
                    to[i] = v;
                    moves.push(MoveReport { text: describe_take(heaps, &to, UNTHREADED), to });
                }
            }
        }
    }
    let reason = if all_small {
        format!(
            "misère, every heap at most 1: {ones} heap{} of 1 remain{}, so the player to move {}",
            if ones == 1 { "" } else { "s" },
            if ones == 1 { "s" } else { "" },
            if wins { "can leave an odd number and win" } else { "must leave an even number and loses" }
        )
    } else {
        let sum = nim_sum_text(heaps, &x);
        match moves.first() {
            Some(m) => format!("misère with a heap above 1: {sum} is not 0, so {}", m.text),
            None => format!("misère with a heap above 1: {sum}, so the player to move loses"),
        }
    };
    Analysis {
        outcome: if wins { Outcome::N } else { Outcome::P },
        grundy: GrundyValue::Undefined,
        moves_complete: moves.len() as u64 == count,
        winning_move_count: Some(count),
        winning_moves: moves,
        reason,
        basis: Basis::Theory(MISERE_THEOREM.into()),
    }
}

const THEOREM: &str = "Bouton: P iff the nim-sum of the heaps is 0";
const MISERE_THEOREM: &str =
    "anti-Nim: the player to move wins iff (all heaps <= 1 and nim-sum 0) or (some heap > 1 and nim-sum != 0)";

impl Ruleset for Nim {
    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        if numbers.is_empty() {
            return Err(EngineError::InvalidPosition("nim takes at least one heap size".into()));
        }
        Ok(numbers.to_vec())
    }

    fn search_position(&self, numbers: &[BigUint]) -> Option<Vec<u64>> {
        to_u64s(numbers)
    }

    fn numbers(&self, heaps: &Vec<u64>) -> Vec<BigUint> {
        to_bigs(heaps)
    }

    /// At least the root's options (the sum of the heaps); at most every multiset below, each
    /// with at most that many options.
    fn search_cost(&self, heaps: &[BigUint]) -> SearchCost {
        box_search_cost(heaps, heaps.iter().sum())
    }

    fn theorem(&self, play: Play, lang: Lang) -> Option<String> {
        Some(
            match play {
                Play::Normal => THEOREM,
                Play::Misere => MISERE_THEOREM,
            }
            .into(),
        )
    }

    fn theory(&self, heaps: &[BigUint], play: Play, max_moves: usize, lang: Lang) -> Option<Analysis> {
        Some(match play {
            Play::Normal => normal(heaps, max_moves),
            Play::Misere => misere(heaps, max_moves),
        })
    }

    fn theory_moves_to_value(&self, heaps: &[BigUint], target: &BigUint, lang: Lang) -> Option<Vec<MoveReport>> {
        Some(xor_moves(heaps, &(xor_all(heaps) ^ target), usize::MAX).0)
    }

    /// One heap: only the empty heap is P (misère: only the heap of 1).
    fn theory_p_positions(&self, count: usize, play: Play, budget: &Budget) -> Option<Listed> {
        let only = BigUint::from(u8::from(play == Play::Misere));
        Some(list_positions(count, budget, |i| (i == 0).then(|| vec![only.clone()])))
    }

    /// One heap: `G(n) = n`; P iff `n = 0` (misère: `n = 1`).
    fn fast_sequence(
        &self,
        request: &SequenceRequest,
        budget: &Budget,
    ) -> Result<Option<Sequence>, TableError> {
        let (source, basis) = match (request.values, request.play) {
            (TableValues::Grundy, _) => {
                (per_heap(|n| n), TableBasis::closed_form("Nim: G(n) = n", request.upto))
            }
            (TableValues::Outcomes, Play::Normal) => {
                (per_heap(|n| u64::from(n != 0)), TableBasis::closed_form("Nim: P iff n = 0", N_CELL))
            }
            (TableValues::Outcomes, Play::Misere) => {
                (per_heap(|n| u64::from(n != 1)), TableBasis::closed_form("misère Nim: P iff n = 1", N_CELL))
            }
        };
        Ok(Some(Sequence::new(source, basis, request.upto, budget)))
    }

    /// Two heaps: `G(r, c) = r XOR c`; P iff `r = c` (misère: also `(0, 1)` and `(1, 0)`, not
    /// `(0, 0)` or `(1, 1)`).
    fn fast_grid(&self, request: &GridRequest, budget: &Budget) -> Result<Option<Grid>, TableError> {
        let (source, basis) = match (request.values, request.play) {
            (TableValues::Grundy, _) => {
                let largest = request.rows.max(request.cols);
                let bound = largest
                    .checked_add(1)
                    .and_then(u64::checked_next_power_of_two)
                    .map_or(u64::MAX, |p| p - 1);
                let xor = |r: u64, out: &mut [u64]| {
                    for (c, slot) in (0u64..).zip(out.iter_mut()) {
                        *slot = r ^ c;
                    }
                };
                (row_by_row(xor), TableBasis::closed_form("Nim: G(r, c) = r XOR c", bound))
            }
            (TableValues::Outcomes, Play::Normal) => (
                row_by_row(|r, out| outcome_row(out, [r])),
                TableBasis::closed_form("Nim: P iff r = c", N_CELL),
            ),
            (TableValues::Outcomes, Play::Misere) => {
                let partner = |r: u64| match r {
                    0 => 1,
                    1 => 0,
                    r => r,
                };
                let basis =
                    TableBasis::closed_form("misère Nim: P iff r = c >= 2, or {r, c} = {0, 1}", N_CELL);
                (row_by_row(move |r, out| outcome_row(out, [partner(r)])), basis)
            }
        };
        Ok(Some(Grid::new(source, basis, request.rows, request.cols, budget)))
    }

    fn verification_positions(&self, bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_> {
        Box::new(HeapBox::new(3, bound))
    }

    fn verification_count(&self, bound: u64) -> u64 {
        HeapBox::count(3, bound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use crate::test_prelude::*;
    use crate::Method;

    fn nim() -> Box<dyn AnyGame> {
        test_game("nim")
    }

    #[test]
    fn theory_matches_search_on_three_heaps_up_to_12() {
        for play in [Play::Normal, Play::Misere] {
            let report = nim().verify(12, play, &Budget::default(), &no_progress).unwrap();
            assert_eq!(report.positions, 13 * 13 * 13);
            assert_eq!(report.counterexample, None, "{play:?}");
        }
    }

    #[test]
    fn three_four_five() {
        let a = nim()
            .analyze(&to_bigs(&[3, 4, 5]), &Query::new(Method::Auto, Play::Normal), &Budget::default())
            .unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.grundy, GrundyValue::Value(BigUint::from(2u8)));
        assert_eq!(a.reason, "nim-sum 3^4^5 = 2, so take 2 from the heap of 3 (nim-sum 0)");
        assert_eq!(a.winning_moves.len(), 1);
        assert_eq!(a.winning_moves[0].to, to_bigs(&[1, 4, 5]));
    }

    #[test]
    fn huge_heaps_are_answered_by_theory() {
        let big: BigUint = "1".repeat(300).parse().unwrap();
        let heaps = vec![big.clone(), big.clone() + 5u8, BigUint::from(5u8)];
        let a = nim().analyze(&heaps, &Query::new(Method::Auto, Play::Normal), &Budget::default()).unwrap();
        // big ^ (big+5) ^ 5 is not 0 in general; whichever it is, the move must restore nim-sum 0.
        for m in &a.winning_moves {
            assert!(xor_all(&m.to).is_zero());
        }
        assert_eq!(a.outcome == Outcome::P, a.winning_moves.is_empty());
        let misere =
            nim().analyze(&heaps, &Query::new(Method::Theory, Play::Misere), &Budget::default()).unwrap();
        assert_eq!(misere.grundy, GrundyValue::Undefined);
    }

    #[test]
    fn misere_single_heaps_of_one() {
        let a = nim()
            .analyze(&to_bigs(&[1, 1, 1]), &Query::new(Method::Theory, Play::Misere), &Budget::default())
            .unwrap();
        assert_eq!(a.outcome, Outcome::P);
        let a = nim()
            .analyze(&to_bigs(&[1, 1]), &Query::new(Method::Theory, Play::Misere), &Budget::default())
            .unwrap();
        assert_eq!(a.outcome, Outcome::N);
        let a = nim()
            .analyze(&to_bigs(&[0]), &Query::new(Method::Search, Play::Misere), &Budget::default())
            .unwrap();
        assert_eq!(a.outcome, Outcome::N);
    }

    #[test]
    fn moves_to_value_reach_the_target() {
        let heaps = to_bigs(&[6, 9, 4]);
        for target in 0..15u32 {
            let t = BigUint::from(target);
            for m in nim().moves_to_value(&heaps, &t, Method::Theory, &Budget::default(), Lang::En).unwrap() {
                assert_eq!(xor_all(&m.to), t);
            }
        }
    }
}
