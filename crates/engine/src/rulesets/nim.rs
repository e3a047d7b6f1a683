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

use crate::analysis::{
    list_positions, Analysis, Basis, GrundyValue, Listed, MoveReport, Ruleset, SearchCost,
};
use crate::analysis::{Capabilities, RulesetInfo};
use crate::bigint::{join, to_bigs, to_u64s, xor_all};
use crate::budget::Budget;
use crate::error::EngineError;
use crate::game::{Game, Outcome, Play};
use crate::lang::{say, Lang};
use crate::positions::HeapBox;
use crate::rulesets::{box_search_cost, describe_take, engine};
use crate::spec::{Drawing, GameSpec, Texts};
use crate::tables::{outcome_row, per_heap, row_by_row, Grid, GridRequest, Sequence, SequenceRequest};
use crate::tables::{TableBasis, TableError, TableValues, N_CELL};
use crate::AnyGame;

/// The declaration of Nim.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "nim",
    title: "Nim",
    summary: "any number of heaps; take any number from one heap",
    rules: "Several heaps of stones. A move takes any positive number of stones from one heap.",
    position: "heap sizes",
    example_position: "3 4 5",
    params: &[],
    drawing: Drawing::HEAPS,
    zh: Texts {
        title: "Nim 游戏",
        rules: "有几堆石子。每一步从某一堆中取走任意正整数个石子。",
        position: "各堆的石子数",
        params: &[],
    },
    capabilities: Capabilities {
        fast_sequence: true,
        fast_grid: true,
        any_size: true,
        nim_sum_of_heaps: true,
        ..Capabilities::NONE
    },
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
/// first `limit` of them (their texts in `lang`), and how many there are. `O(heaps × limit)`
/// numbers copied.
pub(crate) fn xor_moves(
    heaps: &[BigUint],
    delta: &BigUint,
    limit: usize,
    lang: Lang,
) -> (Vec<MoveReport>, u64) {
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
                moves.push(MoveReport {
                    text: describe_take(heaps, &to, lang),
                    to: crate::analysis::CheckedPosition::new(to),
                });
            }
        }
    }
    (moves, count)
}

/// The nim-sum spelled out in `lang`, shortened for long positions.
fn nim_sum_text(heaps: &[BigUint], x: &BigUint, lang: Lang) -> String {
    const SHOWN: usize = 12;
    if heaps.len() <= SHOWN {
        say!(lang, "nim-sum {} = {x}", "异或和 {} = {x}", join(heaps, "^"))
    } else {
        say!(
            lang,
            "nim-sum {}^... ({} heaps) = {x}",
            "异或和 {}^...（共 {} 堆）= {x}",
            join(&heaps[..SHOWN], "^"),
            heaps.len()
        )
    }
}

fn normal(heaps: &[BigUint], max_moves: usize, lang: Lang) -> Analysis {
    let x = xor_all(heaps);
    let (moves, count) = xor_moves(heaps, &x, max_moves.max(1), lang);
    let sum = nim_sum_text(heaps, &x, lang);
    let reason = match moves.first() {
        None => say!(
            lang,
            "{sum}, so every move leaves a non-zero nim-sum",
            "{sum}，所以无论怎么走，留下的异或和都不为 0：必败态（P）"
        ),
        Some(m) => say!(lang, "{sum}, so {} (nim-sum 0)", "{sum}，所以{}（使异或和为 0）", m.text),
    };
    Analysis {
        outcome: if x.is_zero() { Outcome::P } else { Outcome::N },
        grundy: GrundyValue::Value(x),
        moves_complete: moves.len() as u64 == count,
        winning_move_count: Some(count),
        winning_moves: moves,
        reason,
        basis: Basis::Theory(theorem(Play::Normal, lang).into()),
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

fn misere(heaps: &[BigUint], max_moves: usize, lang: Lang) -> Analysis {
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
                    moves.push(MoveReport {
                        text: describe_take(heaps, &to, lang),
                        to: crate::analysis::CheckedPosition::new(to),
                    });
                }
            }
        }
    }
    let reason = match lang {
        Lang::En if all_small => format!(
            "misère, every heap at most 1: {ones} heap{} of 1 remain{}, so the player to move {}",
            if ones == 1 { "" } else { "s" },
            if ones == 1 { "s" } else { "" },
            if wins { "can leave an odd number and win" } else { "must leave an even number and loses" }
        ),
        Lang::Zh if all_small => format!(
            "反常规则，每堆至多 1 个：还剩 {ones} 堆只有 1 个石子，所以{}",
            if wins {
                "先手能留下奇数堆，先手必胜"
            } else {
                "先手只能留下偶数堆，先手必败"
            }
        ),
        _ => {
            let sum = nim_sum_text(heaps, &x, lang);
            match moves.first() {
                Some(m) => say!(
                    lang,
                    "misère with a heap above 1: {sum} is not 0, so {}",
                    "反常规则，有一堆多于 1 个：{sum} 不为 0，所以{}",
                    m.text
                ),
                None => say!(
                    lang,
                    "misère with a heap above 1: {sum}, so the player to move loses",
                    "反常规则，有一堆多于 1 个：{sum}，所以先手必败"
                ),
            }
        }
    };
    Analysis {
        outcome: if wins { Outcome::N } else { Outcome::P },
        grundy: GrundyValue::Undefined,
        moves_complete: moves.len() as u64 == count,
        winning_move_count: Some(count),
        winning_moves: moves,
        reason,
        basis: Basis::Theory(theorem(Play::Misere, lang).into()),
    }
}

/// The closed form's name under `play`, in `lang`.
fn theorem(play: Play, lang: Lang) -> &'static str {
    match play {
        Play::Normal => lang.pick(
            "Bouton: P iff the nim-sum of the heaps is 0",
            "Bouton 定理：必败态（P）当且仅当各堆的异或和为 0",
        ),
        Play::Misere => lang.pick(
            "anti-Nim: the player to move wins iff (all heaps <= 1 and nim-sum 0) or (some heap > 1 and nim-sum != 0)",
            "反常 Nim：先手必胜当且仅当（每堆 <= 1 且异或和为 0）或（有一堆 > 1 且异或和 != 0）",
        ),
    }
}

impl Ruleset for Nim {
    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        if numbers.is_empty() {
            return Err(EngineError::InvalidPosition(crate::lang::words!(
                "nim takes at least one heap size",
                "nim 的局面至少有一堆"
            )));
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
        Some(theorem(play, lang).into())
    }

    fn theory(&self, heaps: &[BigUint], play: Play, max_moves: usize, lang: Lang) -> Option<Analysis> {
        Some(match play {
            Play::Normal => normal(heaps, max_moves, lang),
            Play::Misere => misere(heaps, max_moves, lang),
        })
    }

    fn theory_moves_to_value(
        &self,
        heaps: &[BigUint],
        target: &BigUint,
        lang: Lang,
    ) -> Option<Vec<MoveReport>> {
        Some(xor_moves(heaps, &(xor_all(heaps) ^ target), usize::MAX, lang).0)
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
            .analyze(
                &trusted(&to_bigs(&[3, 4, 5])),
                &Query::new(Method::Auto, Play::Normal),
                &Budget::default(),
            )
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
        let a = nim()
            .analyze(&trusted(&heaps), &Query::new(Method::Auto, Play::Normal), &Budget::default())
            .unwrap();
        // big ^ (big+5) ^ 5 is not 0 in general; whichever it is, the move must restore nim-sum 0.
        for m in &a.winning_moves {
            assert!(xor_all(m.to.numbers()).is_zero());
        }
        assert_eq!(a.outcome == Outcome::P, a.winning_moves.is_empty());
        let misere = nim()
            .analyze(&trusted(&heaps), &Query::new(Method::Theory, Play::Misere), &Budget::default())
            .unwrap();
        assert_eq!(misere.grundy, GrundyValue::Undefined);
    }

    #[test]
    fn misere_single_heaps_of_one() {
        let a = nim()
            .analyze(
                &trusted(&to_bigs(&[1, 1, 1])),
                &Query::new(Method::Theory, Play::Misere),
                &Budget::default(),
            )
            .unwrap();
        assert_eq!(a.outcome, Outcome::P);
        let a = nim()
            .analyze(
                &trusted(&to_bigs(&[1, 1])),
                &Query::new(Method::Theory, Play::Misere),
                &Budget::default(),
            )
            .unwrap();
        assert_eq!(a.outcome, Outcome::N);
        let a = nim()
            .analyze(&trusted(&to_bigs(&[0])), &Query::new(Method::Search, Play::Misere), &Budget::default())
            .unwrap();
        assert_eq!(a.outcome, Outcome::N);
    }

    /// The theory's answer in `lang`.
    fn theory_in(lang: Lang, heaps: &[u64], play: Play) -> crate::Analysis {
        let query = Query { lang, ..Query::new(Method::Theory, play) };
        nim().analyze(&trusted(&to_bigs(heaps)), &query, &Budget::default()).unwrap()
    }

    /// The reason, the theorem and every move text of a Chinese answer from `heaps`: no English
    /// left, and the moves are the shared take texts (pinned by their own tests).
    fn assert_chinese(heaps: &[u64], a: &crate::Analysis) {
        let Basis::Theory(theorem) = &a.basis else { panic!("{a:?}") };
        for m in &a.winning_moves {
            assert_eq!(m.text, describe_take(&to_bigs(heaps), &m.to, Lang::Zh));
        }
        let texts = a.winning_moves.iter().map(|m| m.text.as_str());
        for text in [a.reason.as_str(), theorem.as_str()].into_iter().chain(texts) {
            assert!(english_words(text).is_empty(), "{text}: {:?}", english_words(text));
        }
    }

    /// `expected` with `{move}` standing for the answer's first move text.
    fn with_first_move(expected: &str, a: &crate::Analysis) -> String {
        expected.replace("{move}", a.winning_moves.first().map_or("", |m| m.text.as_str()))
    }

    #[test]
    fn chinese_reasons_theorems_and_moves() {
        let cases: [(&[u64], Play, &str, &str); 6] = [
            (
                &[3, 4, 5],
                Play::Normal,
                "nim-sum 3^4^5 = 2, so take 2 from the heap of 3 (nim-sum 0)",
                "异或和 3^4^5 = 2，所以{move}（使异或和为 0）",
            ),
            (
                &[1, 2, 3],
                Play::Normal,
                "nim-sum 1^2^3 = 0, so every move leaves a non-zero nim-sum",
                "异或和 1^2^3 = 0，所以无论怎么走，留下的异或和都不为 0：必败态（P）",
            ),
            (
                &[1, 1, 1],
                Play::Misere,
                "misère, every heap at most 1: 3 heaps of 1 remain, so the player to move must leave an even number and loses",
                "反常规则，每堆至多 1 个：还剩 3 堆只有 1 个石子，所以先手只能留下偶数堆，先手必败",
            ),
            (
                &[0, 1],
                Play::Misere,
                "misère, every heap at most 1: 1 heap of 1 remains, so the player to move must leave an even number and loses",
                "反常规则，每堆至多 1 个：还剩 1 堆只有 1 个石子，所以先手只能留下偶数堆，先手必败",
            ),
            (
                &[2, 3],
                Play::Misere,
                "misère with a heap above 1: nim-sum 2^3 = 1 is not 0, so take 1 from the heap of 3",
                "反常规则，有一堆多于 1 个：异或和 2^3 = 1 不为 0，所以{move}",
            ),
            (
                &[2, 2],
                Play::Misere,
                "misère with a heap above 1: nim-sum 2^2 = 0, so the player to move loses",
                "反常规则，有一堆多于 1 个：异或和 2^2 = 0，所以先手必败",
            ),
        ];
        for (heaps, play, en, zh) in cases {
            let english = theory_in(Lang::En, heaps, play);
            let chinese = theory_in(Lang::Zh, heaps, play);
            assert_eq!(english.reason, en);
            assert_eq!(chinese.reason, with_first_move(zh, &chinese));
            assert_chinese(heaps, &chinese);
            // The same answer, only its words differ.
            assert_eq!((chinese.outcome, &chinese.grundy), (english.outcome, &english.grundy));
            let tos = |a: &crate::Analysis| a.winning_moves.iter().map(|m| m.to.clone()).collect::<Vec<_>>();
            assert_eq!(tos(&chinese), tos(&english), "{heaps:?}");
        }
        assert_eq!(
            nim().theorem(Play::Normal, Lang::En).unwrap(),
            "Bouton: P iff the nim-sum of the heaps is 0"
        );
        assert_eq!(
            nim().theorem(Play::Normal, Lang::Zh).unwrap(),
            "Bouton 定理：必败态（P）当且仅当各堆的异或和为 0"
        );
        assert!(nim().theorem(Play::Misere, Lang::Zh).unwrap().starts_with("反常 Nim：先手必胜当且仅当"));
        // A long position's nim-sum is shortened with the count of heaps.
        let long = theory_in(Lang::Zh, &[1; 13], Play::Normal);
        let expected = "异或和 1^1^1^1^1^1^1^1^1^1^1^1^...（共 13 堆）= 1，所以{move}（使异或和为 0）";
        assert_eq!(long.reason, with_first_move(expected, &long));
        assert_chinese(&[1; 13], &long);
        let moves = nim().moves_to_value(
            &trusted(&to_bigs(&[6, 9, 4])),
            &BigUint::from(3u8),
            Method::Theory,
            &Budget::default(),
            Lang::Zh,
        );
        let moves: Vec<(String, Vec<BigUint>)> =
            moves.unwrap().into_iter().map(|m| (m.text, m.to.into_numbers())).collect();
        // 6 ^ 9 ^ 4 = 11; value 3 needs a heap XOR 8 below itself: only 9 -> 1.
        let to = to_bigs(&[6, 1, 4]);
        assert_eq!(moves, [(describe_take(&to_bigs(&[6, 9, 4]), &to, Lang::Zh), to)]);
    }

    #[test]
    fn moves_to_value_reach_the_target() {
        let heaps = to_bigs(&[6, 9, 4]);
        for target in 0..15u32 {
            let t = BigUint::from(target);
            for m in nim()
                .moves_to_value(&trusted(&heaps), &t, Method::Theory, &Budget::default(), Lang::En)
                .unwrap()
            {
                assert_eq!(xor_all(m.to.numbers()), t);
            }
        }
    }
}
