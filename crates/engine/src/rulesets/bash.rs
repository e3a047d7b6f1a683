//! Bash's game: one heap, a move takes 1..=m stones.
//!
//! Theory: the Grundy value of a heap of n is `n mod (m+1)`. By induction, the options n-s
//! (1 <= s <= min(m, n)) have the values `(n - s) mod (m+1)`: never n's own residue, and every
//! residue below it (take s = 1..=r), so the mex is r. Hence n is P iff `m+1` divides n, and
//! the winning move takes `n mod (m+1)`.
//!
//! Misère: the player who takes the last stone loses. Then n is P iff `n mod (m+1) = 1`: a heap
//! of 1 forces the mover to take the last stone, and from any other residue the mover takes
//! `(n - 1) mod (m+1)` stones (between 1 and m) to leave a P-position, while from a P-position
//! every take leaves a residue other than 1. A heap of 0 is an N-position: the previous player
//! took the last stone and lost.

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

use crate::analysis::{
    list_positions, Analysis, Basis, GrundyValue, Listed, MoveReport, Ruleset, SearchCost,
};
use crate::analysis::{Capabilities, RulesetInfo};
use crate::bigint::big;
use crate::budget::{Budget, UNITS_PER_POSITION};
use crate::error::EngineError;
use crate::game::{Game, Outcome, Play};
use crate::lang::{say, Lang};
use crate::positions::HeapBox;
use crate::rulesets::{box_search_cost, describe_take, engine, expect_heaps};
use crate::spec::{Drawing, GameSpec, ParamDecl, ParamKind, ParamTexts, Texts};
use crate::tables::{per_residue, Sequence, SequenceRequest, TableBasis, TableError, TableValues, N_CELL};
use crate::AnyGame;

/// The declaration of Bash's game.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "bash",
    title: "Bash's game",
    summary: "one heap; take 1..M stones (--max M)",
    rules: "One heap of stones. A move takes between 1 and M stones.",
    position: "the heap size",
    example_position: "10",
    params: &[ParamDecl {
        name: "max",
        label: "most stones per move",
        help: "the most stones one move may take (M >= 1)",
        kind: ParamKind::Count { min: 1, max: u64::MAX },
        default: None,
        example: "3",
    }],
    drawing: Drawing::HEAPS,
    zh: Texts {
        title: "巴什博弈",
        rules: "一堆石子。每一步取走 1 到 M 个石子。",
        position: "石子数",
        params: &[ParamTexts {
            name: "max",
            label: "每步最多取几个",
            help: "一步最多能取的石子数 M（M ≥ 1）",
        }],
    },
    capabilities: Capabilities { fast_sequence: true, any_size: true, ..Capabilities::NONE },
    verify_bound: 200,
    build,
};

/// Bash's game with takes of 1..=`max`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bash {
    max: u64,
}

impl Bash {
    /// Bash's game taking 1..=`max`; `None` for `max = 0`.
    pub(crate) fn new(max: u64) -> Option<Self> {
        (max > 0).then_some(Bash { max })
    }
}

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    let bash = Bash::new(spec.params().count("max")).ok_or_else(|| {
        crate::rulesets::invalid(crate::lang::words!("max must be at least 1", "每步最多取的个数至少是 1"))
    })?;
    Ok(engine(spec, bash))
}

impl Game for Bash {
    type Position = u64;

    fn options(&self, n: &u64) -> Vec<u64> {
        (1..=self.max.min(*n)).map(|s| n - s).collect()
    }

    /// Lazily: `max` may be huge.
    fn for_each_option(&self, n: &u64, visit: &mut dyn FnMut(u64) -> ControlFlow<()>) -> ControlFlow<()> {
        for s in 1..=self.max.min(*n) {
            visit(n - s)?;
        }
        ControlFlow::Continue(())
    }
}

impl Bash {
    fn take(&self, n: &BigUint, s: &BigUint, lang: Lang) -> MoveReport {
        let to = vec![n - s];
        MoveReport {
            text: describe_take(std::slice::from_ref(n), &to, lang),
            to: crate::analysis::CheckedPosition::new(to),
        }
    }

    fn modulus(&self) -> BigUint {
        big(self.max) + 1u8
    }
}

impl Ruleset for Bash {
    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        expect_heaps("bash", numbers, 1, crate::lang::words!("one heap size", "一堆的大小"))?;
        Ok(numbers.to_vec())
    }

    fn search_position(&self, numbers: &[BigUint]) -> Option<u64> {
        numbers.first()?.to_u64()
    }

    fn numbers(&self, n: &u64) -> Vec<BigUint> {
        vec![big(*n)]
    }

    /// Every heap below is met once: at least `n + 1` stored positions.
    fn search_cost(&self, numbers: &[BigUint]) -> SearchCost {
        let n = &numbers[0];
        let options = n.min(&big(self.max)).clone();
        let mut cost = box_search_cost(numbers, options);
        cost.at_least = (n + 1u8) * UNITS_PER_POSITION;
        cost
    }

    fn theorem(&self, play: Play, lang: Lang) -> Option<String> {
        let q = self.modulus();
        Some(match play {
            Play::Normal => say!(lang, "Bash: G(n) = n mod {q}", "巴什博弈：SG 值 G(n) = n mod {q}"),
            Play::Misere => say!(
                lang,
                "misère Bash: P iff n mod {q} = 1",
                "反常规则的巴什博弈：必败态（P）当且仅当 n mod {q} = 1"
            ),
        })
    }

    fn theory(&self, numbers: &[BigUint], play: Play, _max_moves: usize, lang: Lang) -> Option<Analysis> {
        let n = &numbers[0];
        let q = self.modulus();
        let r = n.mod_floor(&q);
        let basis = Basis::Theory(self.theorem(play, lang)?);
        Some(match play {
            Play::Normal => {
                let moves: Vec<MoveReport> = if r.is_zero() { vec![] } else { vec![self.take(n, &r, lang)] };
                let reason = if r.is_zero() {
                    say!(
                        lang,
                        "{n} mod {q} = 0: whatever the mover takes, the other player restores a multiple of {q}",
                        "{n} mod {q} = 0：无论先手取多少，对手都能再取成 {q} 的倍数，所以先手必败"
                    )
                } else {
                    say!(
                        lang,
                        "{n} mod {q} = {r}, so take {r} to leave a multiple of {q}",
                        "{n} mod {q} = {r}，所以取走 {r} 个，留下 {q} 的倍数"
                    )
                };
                Analysis {
                    outcome: if r.is_zero() { Outcome::P } else { Outcome::N },
                    grundy: GrundyValue::Value(r),
                    winning_moves: moves,
                    winning_move_count: None,
                    moves_complete: true,
                    reason,
                    basis,
                }
            }
            Play::Misere => {
                let one = BigUint::from(1u8);
                let p = r == one;
                let reason = if n.is_zero() {
                    lang.pick(
                        "misère: no stone is left, so the previous player took the last one and lost",
                        "反常规则：石子已取完，后手取走了最后一个，所以后手输了",
                    )
                    .to_string()
                } else if p {
                    say!(
                        lang,
                        "misère: {n} mod {q} = 1: every take leaves a heap the other player can bring back to 1 mod {q}",
                        "反常规则：{n} mod {q} = 1：无论取多少，对手都能把这堆再取回到模 {q} 余 1，所以先手必败"
                    )
                } else {
                    let s = (n - &one).mod_floor(&q);
                    say!(
                        lang,
                        "misère: {n} mod {q} = {r}, so take {s} to leave 1 mod {q}",
                        "反常规则：{n} mod {q} = {r}，所以取走 {s} 个，留下模 {q} 余 1 的一堆"
                    )
                };
                let moves = if n.is_zero() || p {
                    vec![]
                } else {
                    vec![self.take(n, &(n - &one).mod_floor(&q), lang)]
                };
                Analysis {
                    outcome: if p { Outcome::P } else { Outcome::N },
                    grundy: GrundyValue::Undefined,
                    winning_moves: moves,
                    winning_move_count: None,
                    moves_complete: true,
                    reason,
                    basis,
                }
            }
        })
    }

    fn theory_moves_to_value(
        &self,
        numbers: &[BigUint],
        target: &BigUint,
        lang: Lang,
    ) -> Option<Vec<MoveReport>> {
        let n = &numbers[0];
        let q = self.modulus();
        let g = n.mod_floor(&q);
        if *target >= q || *target == g {
            return Some(vec![]);
        }
        let s = (&g + &q - target).mod_floor(&q);
        Some(if s <= *n { vec![self.take(n, &s, lang)] } else { vec![] })
    }

    /// The heaps `n ≡ 0` (misère: `n ≡ 1`) modulo `max + 1`, in increasing order.
    fn theory_p_positions(&self, count: usize, play: Play, budget: &Budget) -> Option<Listed> {
        let first = BigUint::from(u8::from(play == Play::Misere));
        let step = self.modulus();
        Some(list_positions(count, budget, |i| Some(vec![&first + &step * i])))
    }

    /// `G(n) = n mod (M + 1)`; P iff the residue is 0 (misère: 1); by counting residues.
    fn fast_sequence(
        &self,
        request: &SequenceRequest,
        budget: &Budget,
    ) -> Result<Option<Sequence>, TableError> {
        let Some(q) = self.max.checked_add(1) else { return Ok(None) };
        let (source, basis) = match (request.values, request.play) {
            (TableValues::Grundy, _) => {
                (per_residue(q, |r| r), TableBasis::closed_form(format!("Bash: G(n) = n mod {q}"), self.max))
            }
            (TableValues::Outcomes, Play::Normal) => (
                per_residue(q, |r| u64::from(r != 0)),
                TableBasis::closed_form(format!("Bash: P iff n mod {q} = 0"), N_CELL),
            ),
            (TableValues::Outcomes, Play::Misere) => (
                per_residue(q, |r| u64::from(r != 1)),
                TableBasis::closed_form(format!("misère Bash: P iff n mod {q} = 1"), N_CELL),
            ),
        };
        Ok(Some(Sequence::new(source, basis, request.upto, budget)))
    }

    fn verification_positions(&self, bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_> {
        Box::new(HeapBox::new(1, bound))
    }

    fn verification_count(&self, bound: u64) -> u64 {
        HeapBox::count(1, bound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use crate::test_prelude::*;
    use crate::Method;

    fn bash(max: u64) -> Box<dyn AnyGame> {
        test_game(&format!("bash --max {max}"))
    }

    #[test]
    fn theory_matches_search_up_to_30() {
        for max in 1..=6 {
            for play in [Play::Normal, Play::Misere] {
                let report = bash(max).verify(30, play, &Budget::default(), &no_progress).unwrap();
                assert_eq!(report.positions, 31);
                assert_eq!(report.counterexample, None, "max {max} {play:?}");
            }
        }
    }

    #[test]
    fn ten_with_max_three() {
        let a = bash(3)
            .analyze(&trusted(&[big(10)]), &Query::new(Method::Auto, Play::Normal), &Budget::default())
            .unwrap();
        assert_eq!(a.reason, "10 mod 4 = 2, so take 2 to leave a multiple of 4");
        assert_eq!(a.winning_moves[0].to, vec![big(8)]);
    }

    #[test]
    fn chinese_reasons_theorems_and_moves() {
        let game = bash(3);
        // (heap, play, English reason, Chinese reason, Chinese move texts)
        let cases: [(u64, Play, &str, &str, &[&str]); 5] = [
            (
                10,
                Play::Normal,
                "10 mod 4 = 2, so take 2 to leave a multiple of 4",
                "10 mod 4 = 2，所以取走 2 个，留下 4 的倍数",
                &["从这堆取走 2 个"],
            ),
            (
                8,
                Play::Normal,
                "8 mod 4 = 0: whatever the mover takes, the other player restores a multiple of 4",
                "8 mod 4 = 0：无论先手取多少，对手都能再取成 4 的倍数，所以先手必败",
                &[],
            ),
            (
                0,
                Play::Misere,
                "misère: no stone is left, so the previous player took the last one and lost",
                "反常规则：石子已取完，后手取走了最后一个，所以后手输了",
                &[],
            ),
            (
                5,
                Play::Misere,
                "misère: 5 mod 4 = 1: every take leaves a heap the other player can bring back to 1 mod 4",
                "反常规则：5 mod 4 = 1：无论取多少，对手都能把这堆再取回到模 4 余 1，所以先手必败",
                &[],
            ),
            (
                7,
                Play::Misere,
                "misère: 7 mod 4 = 3, so take 2 to leave 1 mod 4",
                "反常规则：7 mod 4 = 3，所以取走 2 个，留下模 4 余 1 的一堆",
                &["从这堆取走 2 个"],
            ),
        ];
        for (n, play, en, zh, zh_moves) in cases {
            let answer = |lang| {
                let query = Query { lang, ..Query::new(Method::Theory, play) };
                game.analyze(&trusted(&[big(n)]), &query, &Budget::default()).unwrap()
            };
            let (english, chinese) = (answer(Lang::En), answer(Lang::Zh));
            assert_eq!(english.reason, en);
            assert_eq!(chinese.reason, zh);
            let texts: Vec<&str> = chinese.winning_moves.iter().map(|m| m.text.as_str()).collect();
            assert_eq!(texts, zh_moves, "{n} {play:?}");
            assert_eq!(chinese.basis, Basis::Theory(game.theorem(play, Lang::Zh).unwrap()));
            assert_eq!(english.basis, Basis::Theory(game.theorem(play, Lang::En).unwrap()));
            assert!(english_words(zh).is_empty(), "{zh}");
        }
        assert_eq!(game.theorem(Play::Normal, Lang::En).unwrap(), "Bash: G(n) = n mod 4");
        assert_eq!(game.theorem(Play::Misere, Lang::En).unwrap(), "misère Bash: P iff n mod 4 = 1");
        assert_eq!(game.theorem(Play::Normal, Lang::Zh).unwrap(), "巴什博弈：SG 值 G(n) = n mod 4");
        assert_eq!(
            game.theorem(Play::Misere, Lang::Zh).unwrap(),
            "反常规则的巴什博弈：必败态（P）当且仅当 n mod 4 = 1"
        );
        let moves =
            game.moves_to_value(&trusted(&[big(10)]), &big(1), Method::Theory, &Budget::default(), Lang::Zh);
        assert_eq!(moves.unwrap()[0].text, "从这堆取走 1 个");
    }

    #[test]
    fn million_stones_by_search() {
        let a = bash(3)
            .analyze(
                &trusted(&[big(1_000_000)]),
                &Query::new(Method::Search, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        assert_eq!(a.outcome, Outcome::P);
    }

    #[test]
    fn zero_max_and_missing_max_are_errors() {
        use crate::spec::SpecError;
        let zero = "bash --max 0".parse::<GameSpec>().unwrap_err();
        assert!(matches!(zero, SpecError::InvalidValue { ref param, .. } if param == "max"), "{zero}");
        assert!(Bash::new(0).is_none());
        let missing = GameSpec::named("bash").unwrap_err();
        assert!(matches!(missing, SpecError::MissingParam { ref param, .. } if param == "max"), "{missing}");
        let foreign = "bash --k 2 --max 3".parse::<GameSpec>().unwrap_err();
        assert!(matches!(foreign, SpecError::UnknownParam { ref param, .. } if param == "k"), "{foreign}");
    }

    #[test]
    fn moves_to_every_other_value() {
        let game = bash(4);
        for n in 0..20u64 {
            assert_theory_moves_to_values(game.as_ref(), n, 0..5);
        }
    }
}
