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

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use crate::analysis::{Analysis, Basis, GrundyValue, MoveReport, Ruleset, SearchCost};
use crate::analysis::{Capabilities, RulesetInfo};
use crate::bigint::{join, to_bigs, to_u64s, xor_all};
use crate::budget::{Budget, UNITS_PER_POSITION};
use crate::error::EngineError;
use crate::game::{Game, Outcome, Play};
use crate::lang::{say, Lang};
use crate::positions::HeapBox;
use crate::rulesets::engine;
use crate::spec::{Board, Drawing, GameSpec, Texts, Token};
use crate::AnyGame;

/// The declaration of staircase Nim.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "staircase",
    title: "Staircase Nim",
    summary: "coins on steps 1, 2, ...; move any number of coins from a step to the one below (step 1: off the board)",
    rules: "Coins lie on the steps of a staircase. A move takes any positive number of coins from one \
            step down to the step below; coins moved from step 1 leave the board.",
    position: "the coins on steps 1, 2, 3, ...",
    example_position: "3 1 4",
    params: &[],
    drawing: Drawing::of(Board::Steps, Token::Coin),
    zh: Texts {
        title: "阶梯 Nim",
        rules: "硬币放在台阶上。每一步从某一级台阶把任意正整数个硬币移到下一级；从第 1 级移下的硬币离开棋盘。",
        position: "第 1、2、3……级台阶上的硬币数",
        params: &[],
    },
    capabilities: Capabilities { any_size: true, ..Capabilities::NONE },
    verify_bound: 12,
    build,
};

/// A bound on the search's work: step `i` can only ever hold coins from steps `i` and above, so
/// the search meets at most `prod_i (S_i + 1)` positions (`S_i` = the coins on step `i` and
/// above), each with at most `S_1` options (one per coin). Saturating.
fn search_work(steps: &[BigUint]) -> u128 {
    let mut above = 0u128;
    let mut positions = 1u128;
    for coins in steps.iter().rev() {
        above = above.saturating_add(coins.to_u128().unwrap_or(u128::MAX));
        positions = positions.saturating_mul(above.saturating_add(1));
    }
    positions.saturating_mul(above.saturating_add(u128::from(UNITS_PER_POSITION)))
}

/// Staircase Nim.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Staircase;

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    Ok(engine(spec, Staircase))
}

impl Game for Staircase {
    type Position = Vec<u64>;

    fn options(&self, steps: &Vec<u64>) -> Vec<Vec<u64>> {
        crate::game::gather_options(self, steps)
    }

    /// Lazily: one option per coin. Coins arriving on a step saturate at `u64::MAX`;
    /// [`Ruleset::search_position`] only admits totals that fit, where that cannot happen.
    fn for_each_option(
        &self,
        steps: &Vec<u64>,
        visit: &mut dyn FnMut(Vec<u64>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for (i, &coins) in steps.iter().enumerate() {
            for moved in 1..=coins {
                let mut option = steps.clone();
                option[i] -= moved;
                if i > 0 {
                    option[i - 1] = option[i - 1].saturating_add(moved);
                }
                visit(option)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// The coins on the odd-numbered steps 1, 3, 5, ... (indexes 0, 2, 4, ...).
fn odd_steps(steps: &[BigUint]) -> Vec<BigUint> {
    steps.iter().step_by(2).cloned().collect()
}

/// "move 3 coins from step 3 to step 2", "move 1 coin from step 1 to the floor"; `index` is
/// the 0-based index of the step the coins leave.
fn move_text(index: usize, moved: &BigUint, lang: Lang) -> String {
    let step = index + 1;
    match lang {
        Lang::En => {
            let plural = if moved.is_one() { "" } else { "s" };
            let destination = if index == 0 { "the floor".to_string() } else { format!("step {index}") };
            format!("move {moved} coin{plural} from step {step} to {destination}")
        }
        Lang::Zh => {
            let destination = if index == 0 { "地面".to_string() } else { format!("第 {index} 级") };
            format!("把 {moved} 个硬币从第 {step} 级台阶移到{destination}")
        }
    }
}

/// The moves that change the odd-step nim-sum by XOR-ing `delta` into it (see the module doc):
/// the first `limit`, and how many there are.
fn moves_by_delta(steps: &[BigUint], delta: &BigUint, limit: usize, lang: Lang) -> (Vec<MoveReport>, u64) {
    let mut moves = Vec::new();
    let mut count = 0;
    if delta.is_zero() {
        return (moves, 0);
    }
    for (i, coins_here) in steps.iter().enumerate() {
        // The coins moved, if a move from step i changes the odd-step nim-sum by delta.
        let moved = if i % 2 == 0 {
            let lowered = coins_here ^ delta;
            if lowered >= *coins_here {
                continue;
            }
            coins_here - &lowered
        } else {
            let below = &steps[i - 1];
            let raised = below ^ delta;
            if raised <= *below || &raised - below > *coins_here {
                continue;
            }
            &raised - below
        };
        count += 1;
        if moves.len() < limit {
            let mut to = steps.to_vec();
            to[i] -= &moved;
            if i > 0 {
                to[i - 1] += &moved;
            }
            moves.push(MoveReport {
                text: move_text(i, &moved, lang),
                to: crate::analysis::CheckedPosition::new(to),
            });
        }
    }
    (moves, count)
}

fn analysis(steps: &[BigUint], max_moves: usize, lang: Lang) -> Analysis {
    let odd = odd_steps(steps);
    let x = xor_all(&odd);
    let (moves, count) = moves_by_delta(steps, &x, max_moves.max(1), lang);
    let shown = &odd[..odd.len().min(12)];
    let more = if odd.len() > shown.len() {
        say!(lang, "^... ({} odd steps)", "^...（共 {} 级奇数台阶）", odd.len())
    } else {
        String::new()
    };
    let sum = say!(
        lang,
        "nim-sum of the odd-numbered steps {}{more} = {x}",
        "奇数级台阶上硬币数的异或和 {}{more} = {x}",
        join(shown, "^")
    );
    let reason = match moves.first() {
        None => say!(
            lang,
            "{sum}: every move changes exactly one odd step (lowering it, or adding to it from the even step \
             above), so it leaves a non-zero nim-sum",
            "{sum}：每一步恰好改变一级奇数台阶（从它移走硬币，或从上面的偶数级台阶移来硬币），\
             所以走后异或和不为 0，这是必败态（P）"
        ),
        Some(m) => say!(
            lang,
            "{sum}, so {} (odd-step nim-sum 0)",
            "{sum}，不为 0，所以{}（走后奇数级台阶的异或和为 0）",
            m.text
        ),
    };
    Analysis {
        outcome: if x.is_zero() { Outcome::P } else { Outcome::N },
        grundy: GrundyValue::Value(x),
        moves_complete: moves.len() as u64 == count,
        winning_move_count: Some(count),
        winning_moves: moves,
        reason,
        basis: Basis::Theory(theorem(lang)),
    }
}

fn theorem(lang: Lang) -> String {
    lang.pick(
        "staircase: the Grundy value is the nim-sum of the odd-numbered steps",
        "阶梯 Nim：SG 值等于奇数级台阶上硬币数的异或和",
    )
    .into()
}

impl Ruleset for Staircase {
    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        if numbers.is_empty() {
            return Err(EngineError::InvalidPosition(crate::lang::words!(
                "staircase takes the coins on each step, from step 1 up (at least one number)",
                "阶梯 Nim 的局面是从第 1 级往上每一级的硬币数（至少一个数）"
            )));
        }
        Ok(numbers.to_vec())
    }

    /// The steps as `u64`s when their total fits (coins only move down).
    fn search_position(&self, numbers: &[BigUint]) -> Option<Vec<u64>> {
        let total: BigUint = numbers.iter().sum();
        total.to_u64()?;
        to_u64s(numbers)
    }

    fn search_cost(&self, numbers: &[BigUint]) -> SearchCost {
        let total: BigUint = numbers.iter().sum();
        SearchCost { at_least: total, at_most: Some(BigUint::from(search_work(numbers))) }
    }

    fn numbers(&self, steps: &Vec<u64>) -> Vec<BigUint> {
        to_bigs(steps)
    }

    fn describe_move(&self, from: &[BigUint], to: &[BigUint], lang: Lang) -> String {
        from.iter()
            .zip(to)
            .position(|(f, t)| t < f)
            .map(|i| move_text(i, &(&from[i] - &to[i]), lang))
            .unwrap_or_else(|| lang.pick("pass", "不走").to_string())
    }

    fn theorem(&self, play: Play, lang: Lang) -> Option<String> {
        (play == Play::Normal).then(|| theorem(lang))
    }

    fn theory(&self, steps: &[BigUint], play: Play, max_moves: usize, lang: Lang) -> Option<Analysis> {
        (play == Play::Normal).then(|| analysis(steps, max_moves, lang))
    }

    fn theory_moves_to_value(
        &self,
        steps: &[BigUint],
        target: &BigUint,
        lang: Lang,
    ) -> Option<Vec<MoveReport>> {
        Some(moves_by_delta(steps, &(xor_all(&odd_steps(steps)) ^ target), usize::MAX, lang).0)
    }

    /// Three steps, each holding `0..=bound` coins.
    fn verification_positions(&self, bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_> {
        Box::new(HeapBox::new(3, bound))
    }

    fn verification_count(&self, bound: u64) -> u64 {
        HeapBox::count(3, bound)
    }
}

#[cfg(test)]
mod tests {
    #[allow(unused_imports)]
    use crate::test_prelude::*;
    use std::collections::BTreeSet;

    use super::*;
    use crate::bigint::big;
    use crate::Method;

    fn staircase() -> Box<dyn AnyGame> {
        test_game("staircase")
    }

    fn targets(moves: &[MoveReport]) -> BTreeSet<Vec<BigUint>> {
        moves.iter().map(|m| m.to.to_vec()).collect()
    }

    #[test]
    fn theory_matches_search_on_three_steps_up_to_12() {
        let report = staircase().verify(12, Play::Normal, &Budget::default(), &no_progress).unwrap();
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
            let theory = game
                .analyze(&trusted(&steps), &Query::new(Method::Theory, Play::Normal), &Budget::default())
                .unwrap();
            let search = game
                .analyze(&trusted(&steps), &Query::new(Method::Search, Play::Normal), &Budget::default())
                .unwrap();
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
                let theory = game
                    .moves_to_value(
                        &trusted(&steps),
                        &big(target),
                        Method::Theory,
                        &Budget::default(),
                        Lang::En,
                    )
                    .unwrap();
                let search = game
                    .moves_to_value(
                        &trusted(&steps),
                        &big(target),
                        Method::Search,
                        &Budget::default(),
                        Lang::En,
                    )
                    .unwrap();
                assert_eq!(targets(&theory), targets(&search), "{steps:?} to {target}");
            }
        }
    }

    #[test]
    fn reasons_and_move_texts() {
        let game = staircase();
        let a = game
            .analyze(
                &trusted(&to_bigs(&[3, 0, 5])),
                &Query::new(Method::Auto, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        assert_eq!(a.grundy, GrundyValue::Value(big(6)));
        assert_eq!(
            a.reason,
            "nim-sum of the odd-numbered steps 3^5 = 6, so move 2 coins from step 3 to step 2 (odd-step nim-sum 0)"
        );
        assert_eq!(a.winning_moves[0].to, to_bigs(&[3, 2, 3]));
        let a = game
            .analyze(&trusted(&to_bigs(&[1, 4])), &Query::new(Method::Auto, Play::Normal), &Budget::default())
            .unwrap();
        assert_eq!(a.winning_moves[0].text, "move 1 coin from step 1 to the floor");
        assert_eq!(a.winning_moves.len(), 1);
        let a = game
            .analyze(
                &trusted(&to_bigs(&[2, 4, 3])),
                &Query::new(Method::Auto, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        // 2^3 = 1: lower step 1 to 3? no (3 > 2); lower step 3 to 2; or raise step 1 from 2 to 3
        // with one coin from step 2.
        let texts: Vec<&str> = a.winning_moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["move 1 coin from step 2 to step 1", "move 1 coin from step 3 to step 2"]);
        let p = game
            .analyze(
                &trusted(&to_bigs(&[4, 9, 4])),
                &Query::new(Method::Auto, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        assert_eq!(p.outcome, Outcome::P);
        assert!(p.reason.starts_with("nim-sum of the odd-numbered steps 4^4 = 0: every move"));
    }

    /// The Chinese theorem, reasons and move texts (N and P, to the floor and to a step, all moves
    /// to a value): the same answers as in English, in the seeds' terms, no English word left.
    #[test]
    fn chinese_reasons_and_moves() {
        let game = staircase();
        let zh = Query { lang: Lang::Zh, ..Query::new(Method::Theory, Play::Normal) };
        let en = Query::new(Method::Theory, Play::Normal);
        let a = game.analyze(&trusted(&to_bigs(&[3, 0, 5])), &zh, &Budget::default()).unwrap();
        assert_eq!(
            a.reason,
            "奇数级台阶上硬币数的异或和 3^5 = 6，不为 0，所以把 2 个硬币从第 3 级台阶移到第 2 级（走后奇数级台阶的异或和为 0）"
        );
        assert_eq!(a.basis, Basis::Theory("阶梯 Nim：SG 值等于奇数级台阶上硬币数的异或和".into()));
        let a = game.analyze(&trusted(&to_bigs(&[1, 4])), &zh, &Budget::default()).unwrap();
        assert_eq!(a.winning_moves[0].text, "把 1 个硬币从第 1 级台阶移到地面");
        let p = game.analyze(&trusted(&to_bigs(&[4, 9, 4])), &zh, &Budget::default()).unwrap();
        assert_eq!(p.outcome, Outcome::P);
        assert_eq!(
            p.reason,
            "奇数级台阶上硬币数的异或和 4^4 = 0：每一步恰好改变一级奇数台阶（从它移走硬币，或从上面的偶数级台阶移来硬币），\
             所以走后异或和不为 0，这是必败态（P）"
        );
        let long: Vec<u64> = (1..=30).collect();
        let a = game.analyze(&trusted(&to_bigs(&long)), &zh, &Budget::default()).unwrap();
        assert!(a.reason.contains("^...（共 15 级奇数台阶）"), "{}", a.reason);
        assert_eq!(Staircase.describe_move(&to_bigs(&[2, 3]), &to_bigs(&[2, 3]), Lang::Zh), "不走");
        let to_value = game
            .moves_to_value(
                &trusted(&to_bigs(&[2, 4, 3])),
                &big(5),
                Method::Theory,
                &Budget::default(),
                Lang::Zh,
            )
            .unwrap();
        assert!(!to_value.is_empty());
        for steps in [vec![3, 0, 5], vec![1, 4], vec![4, 9, 4], vec![2, 4, 3], long] {
            let (e, z) = (
                game.analyze(&trusted(&to_bigs(&steps)), &en, &Budget::default()).unwrap(),
                game.analyze(&trusted(&to_bigs(&steps)), &zh, &Budget::default()).unwrap(),
            );
            assert_eq!(
                (e.outcome, &e.grundy, e.winning_move_count),
                (z.outcome, &z.grundy, z.winning_move_count)
            );
            assert_eq!(targets(&e.winning_moves), targets(&z.winning_moves), "{steps:?}");
            assert!(e.reason.starts_with("nim-sum of the odd-numbered steps"), "{}", e.reason);
            let texts = z.winning_moves.iter().chain(&to_value).map(|m| &m.text);
            for text in texts.chain([&z.reason]) {
                assert_eq!(english_words(text), Vec::<&str>::new(), "{text}");
            }
        }
        assert_eq!(Staircase.theorem(Play::Misere, Lang::Zh), None);
    }

    #[test]
    fn three_hundred_digit_steps() {
        let huge: BigUint = "9".repeat(300).parse().unwrap();
        let steps = vec![huge.clone(), huge.clone(), &huge - 12345u32, big(7)];
        let a = staircase()
            .analyze(&trusted(&steps), &Query::new(Method::Auto, Play::Normal), &Budget::default())
            .unwrap();
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
        let err = "staircase --k 2".parse::<GameSpec>().unwrap_err();
        assert!(matches!(err, crate::spec::SpecError::UnknownParam { .. }), "{err}");
        assert!(staircase()
            .analyze(
                &trusted(&[BigUint::from(u64::MAX), big(1)]),
                &Query::new(Method::Search, Play::Normal),
                &Budget::default()
            )
            .is_err());
    }

    #[test]
    fn search_stays_within_its_work_bound_and_the_budget() {
        // 13 * 25 * 37 positions (coins on each step and above, plus one), each costing its
        // options (at most the 36 coins) and its storage.
        let bound = search_work(&to_bigs(&[12, 12, 12]));
        assert_eq!(bound, 37 * 25 * 13 * (36 + u128::from(UNITS_PER_POSITION)));
        assert_eq!(search_work(&vec![BigUint::from(u64::MAX); 3]), u128::MAX);
        let search = Query::new(Method::Search, Play::Normal);
        let budget = Budget::new(u64::try_from(bound).unwrap());
        staircase().analyze(&trusted(&to_bigs(&[12, 12, 12])), &search, &budget).unwrap();
        assert!(budget.used() <= budget.limit());
        // There is no fixed work limit any more: the budget stops a search too large for it.
        assert!(Staircase.search_position(&to_bigs(&[85, 85, 85])).is_some());
        let err = staircase()
            .analyze(&trusted(&to_bigs(&[85, 85, 85])), &search, &Budget::new(1_000_000))
            .unwrap_err();
        assert!(matches!(err, EngineError::Exhausted { .. }), "{err}");
    }
}
