//! Subtraction games SUB(S): one heap; a move takes `s` stones for some `s` in the finite set
//! `S` of allowed takes (seed 001 §2, seed 003).
//!
//! Theory: `G(n) = mex{G(n - s) : s in S, s <= n}`, and the sequence is ultimately periodic:
//! `G(n + p) = G(n)` for every `n >= l` (see [`crate::periodicity`] for why). When the ruleset is
//! built, [`certify_period`] computes the sequence once, finds the least preperiod `l` and
//! period `p`, and checks the certificate `G(n + p) = G(n)` for `l <= n < l + max(S)`. From then
//! on `G(n) = G(l + (n - l) mod p)` for every `n >= l`, which answers heaps of any size with
//! one division. The winning moves are the takes `s` with `G(n - s) = 0`. When no certificate
//! is found within [`CERTIFY_LIMIT`] sequence values there is no closed form for that set, and
//! the engine answers by search.
//!
//! Misère play: from the misère quotient of the game's take-and-break code (digit 3 at each take,
//! [`crate::analysis::subtraction_code`]; [`crate::rulesets::misere`]), computed at the first
//! misère question for takes up to [`crate::analysis::declaration::MAX_CODE_TAKE`]: once certified periodic
//! it answers heaps of any size, with the winning takes. Otherwise by search.

use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::analysis::{subtraction_code, Capabilities, CodeSource, PeriodTheorem, Research, RulesetInfo};
use crate::analysis::{Analysis, Basis, GrundyValue, MoveReport, Ruleset, SearchCost};
use crate::bigint::big;
use crate::budget::{Budget, UNITS_PER_POSITION};
use crate::error::EngineError;
use crate::game::{Game, Outcome, Play};
use crate::lang::{say, Lang};
use crate::octal::OctalCode;
use crate::periodicity::{certify_period, Periodicity, PeriodicityError};
use crate::positions::HeapBox;
use crate::rulesets::{describe_take, engine, expect_heaps, invalid, misere};
use crate::spec::{Drawing, GameSpec, ParamDecl, ParamKind, ParamTexts, Texts};
use crate::tables::sequence::subtraction_sequence;
use crate::tables::{Sequence, SequenceRequest, TableError};
use crate::AnyGame;

/// The declaration of subtraction games.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "subtraction",
    title: "Subtraction game",
    summary: "one heap; take any amount from a finite set (--set 1,3,4)",
    rules: "One heap of stones. A move takes s stones for some s in the finite set S.",
    position: "the heap size",
    example_position: "10",
    params: &[ParamDecl {
        name: "set",
        label: "allowed takes",
        help: "the allowed takes S, e.g. 1,3,4 or 3..6,20",
        kind: ParamKind::Set { min: 1 },
        default: None,
        example: "1,3,4",
    }],
    drawing: Drawing::HEAPS,
    zh: Texts {
        title: "减法博弈 SUB(S)",
        rules: "一堆石子。每一步取走 s 个石子，s 必须属于有限集合 S。",
        position: "石子数",
        params: &[ParamTexts {
            name: "set",
            label: "允许取的个数",
            help: "允许取的个数的集合 S，例如 1,3,4 或 3..6,20",
        }],
    },
    capabilities: Capabilities {
        fast_sequence: true,
        certified_period: Some(PeriodTheorem::SubtractionWindow { param: "set" }),
        any_size: true,
        research: &[Research::FamilySweep],
        misere_quotient: Some(CodeSource::SubtractionSet { param: "set" }),
        ..Capabilities::NONE
    },
    verify_bound: 200,
    build,
};

/// The most sequence values the period search may produce when a ruleset is built (beside the
/// work budget it is charged to).
pub(crate) const CERTIFY_LIMIT: u64 = 10_000_000;

/// SUB(S): one heap, takes from a finite set.
#[derive(Debug, Clone)]
pub(crate) struct Subtraction {
    /// The allowed takes: sorted, distinct, each at least 1, not empty.
    set: Vec<u64>,
    /// The certified closed form, if one was found within the limit.
    periodicity: Option<Arc<Periodicity>>,
    /// The take-and-break code of the game (`None` for takes beyond
    /// [`crate::analysis::declaration::MAX_CODE_TAKE`]), whose misère quotient answers misère play.
    code: Option<OctalCode>,
    /// The misère quotient, once a misère question computed it (shared by every clone).
    misere: misere::Held,
}

impl Subtraction {
    /// SUB(`set`) with its period searched for over at most `limit` sequence values, charged
    /// to `budget` (without a certificate within them there is no closed form, and the engine
    /// answers by search). Duplicates are removed and the set sorted.
    ///
    /// # Errors
    /// [`EngineError::Spec`] when the set is empty or has a member below 1;
    /// [`EngineError::Exhausted`] when the budget, deadline or a cancellation stops the
    /// certification.
    pub(crate) fn new(set: &[u64], limit: u64, budget: &Budget) -> Result<Self, EngineError> {
        if set.is_empty() {
            return Err(invalid(crate::lang::words!(
                "the set of takes must not be empty",
                "可取数的集合不能是空的"
            )));
        }
        if set.contains(&0) {
            return Err(invalid(crate::lang::words!("every take must be at least 1", "每个可取数至少是 1")));
        }
        let mut set = set.to_vec();
        set.sort_unstable();
        set.dedup();
        let periodicity = match certify_period(&set, limit, budget) {
            Ok(p) => Some(Arc::new(p)),
            Err(PeriodicityError::Exhausted(cause)) if !cause.is_budget() => {
                return Err(EngineError::Exhausted {
                    task: Box::new(crate::error::Task::CertifyPeriod),
                    cause,
                })
            }
            Err(_) => None,
        };
        let code = subtraction_code(&set).ok();
        Ok(Subtraction { set, periodicity, code, misere: misere::Held::default() })
    }

    #[cfg(test)]
    /// The certified preperiod, period and first values, if found.
    pub(crate) fn periodicity(&self) -> Option<&Periodicity> {
        self.periodicity.as_deref()
    }

    fn set_text(&self) -> String {
        let members: Vec<String> = self.set.iter().map(u64::to_string).collect();
        format!("{{{}}}", members.join(","))
    }

    /// The takes that fit a heap of `n`, with the heaps they leave.
    fn takes<'a>(&'a self, n: &'a BigUint) -> impl Iterator<Item = (u64, BigUint)> + 'a {
        self.set.iter().map(|&s| (s, big(s))).filter(move |(_, s)| s <= n).map(move |(s, b)| (s, n - b))
    }

    /// The misère quotient, computed at the first question that can afford it.
    fn misere_theory(&self, budget: &Budget) -> Result<Option<Arc<misere::MisereTheory>>, EngineError> {
        match &self.code {
            Some(code) => misere::ensure(&self.misere, code, budget).map(Some),
            None => Ok(None),
        }
    }

    /// The game's name in a misère theorem: `SUB({1,3,4})`.
    fn misere_title(&self, lang: Lang) -> String {
        say!(lang, "SUB({})", "减法游戏（取子集合 S = {}）", self.set_text())
    }

    /// The misère answer from the quotient, with the winning takes.
    fn misere_answer(&self, n: &BigUint, max_moves: usize, lang: Lang) -> Option<Analysis> {
        let theory = self.misere.get()?;
        let theorem = theory.theorem(&self.misere_title(lang), lang);
        let report = |_: usize, take: u64, _: &[BigUint]| {
            let to = vec![n - big(take)];
            MoveReport {
                text: describe_take(std::slice::from_ref(n), &to, lang),
                to: crate::analysis::CheckedPosition::new(to),
            }
        };
        let mut analysis = theory.answer(std::slice::from_ref(n), max_moves, theorem, lang, &report)?;
        analysis.limit_moves(max_moves);
        Some(analysis)
    }

    fn moves_to(&self, periodicity: &Periodicity, n: &BigUint, target: u32, lang: Lang) -> Vec<MoveReport> {
        self.takes(n)
            .filter(|(_, to)| periodicity.value_big(to) == target)
            .map(|(_, to)| {
                let to = vec![to];
                MoveReport {
                    text: describe_take(std::slice::from_ref(n), &to, lang),
                    to: crate::analysis::CheckedPosition::new(to),
                }
            })
            .collect()
    }
}

fn build(spec: &GameSpec, budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    // The certification gets a part of the budget: without a certificate the search answers.
    let certifying = budget.sub_budget(budget.remaining() / 4);
    Ok(engine(spec, Subtraction::new(spec.params().set("set"), CERTIFY_LIMIT, &certifying)?))
}

impl Game for Subtraction {
    type Position = u64;

    fn options(&self, n: &u64) -> Vec<u64> {
        self.set.iter().filter(|&&s| s <= *n).map(|s| n - s).collect()
    }
}

/// "G(n) = G(n mod p) = G(i) = v", or shorter when `n` is inside the table.
fn formula(periodicity: &Periodicity, n: &BigUint) -> String {
    let index = periodicity.reduce_big(n);
    let value = periodicity.value_big(n);
    let (l, p) = (periodicity.preperiod, periodicity.period);
    if n.to_u64() == Some(index) {
        format!("G({n}) = {value}")
    } else if l == 0 {
        format!("G({n}) = G({n} mod {p}) = G({index}) = {value}")
    } else {
        format!("G({n}) = G({l} + ({n} - {l}) mod {p}) = G({index}) = {value}")
    }
}

impl Ruleset for Subtraction {
    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        expect_heaps("subtraction", numbers, 1, crate::lang::words!("one heap size", "一堆的大小"))?;
        Ok(numbers.to_vec())
    }

    fn search_position(&self, numbers: &[BigUint]) -> Option<u64> {
        numbers.first()?.to_u64()
    }

    fn numbers(&self, n: &u64) -> Vec<BigUint> {
        vec![big(*n)]
    }

    /// At most one stored position per heap below, with at most `|S|` options each.
    fn search_cost(&self, numbers: &[BigUint]) -> SearchCost {
        let states = &numbers[0] + 1u8;
        SearchCost {
            at_least: BigUint::default(),
            at_most: Some(states * (self.set.len() as u64 + UNITS_PER_POSITION)),
        }
    }

    /// Misère play: computes the misère quotient when the budget affords it.
    fn extend_theory(&self, _numbers: &[BigUint], play: Play, budget: &Budget) -> Result<(), EngineError> {
        if play == Play::Misere {
            self.misere_theory(budget)?;
        }
        Ok(())
    }

    fn theorem(&self, play: Play, lang: Lang) -> Option<String> {
        if play == Play::Misere {
            let theory = self.misere.get()?;
            return Some(theory.theorem(&self.misere_title(lang), lang));
        }
        let periodicity = self.periodicity.as_ref()?;
        Some(say!(
            lang,
            "SUB({}) is periodic from {} with period {} (certified)",
            "减法游戏（取子集合 S = {}）：SG 值从 n = {} 起以 {} 为周期（已证明）",
            self.set_text(),
            periodicity.preperiod,
            periodicity.period
        ))
    }

    fn theory(&self, numbers: &[BigUint], play: Play, max_moves: usize, lang: Lang) -> Option<Analysis> {
        if play == Play::Misere {
            return self.misere_answer(&numbers[0], max_moves, lang);
        }
        let theorem = self.theorem(play, lang)?;
        let periodicity = self.periodicity.as_deref()?;
        let n = &numbers[0];
        let value = periodicity.value_big(n);
        let moves = self.moves_to(periodicity, n, 0, lang);
        let formula = formula(periodicity, n);
        let reason = match moves.first() {
            Some(first) => say!(
                lang,
                "{formula}, so {} to reach value 0",
                "{formula}，所以{}，到达 SG 值为 0 的局面",
                first.text
            ),
            None => say!(
                lang,
                "{formula}: no take in {} leads to value 0",
                "{formula}：取子集合 {} 中没有一种取法能到达 SG 值为 0 的局面，所以先手必败",
                self.set_text()
            ),
        };
        Some(Analysis {
            outcome: if value == 0 { Outcome::P } else { Outcome::N },
            grundy: GrundyValue::Value(BigUint::from(value)),
            winning_moves: moves,
            winning_move_count: None,
            moves_complete: true,
            reason,
            basis: Basis::Theory(theorem),
        })
    }

    fn theory_moves_to_value(
        &self,
        numbers: &[BigUint],
        target: &BigUint,
        lang: Lang,
    ) -> Option<Vec<MoveReport>> {
        let periodicity = self.periodicity.as_deref()?;
        Some(match target.to_u32() {
            Some(target) => self.moves_to(periodicity, &numbers[0], target, lang),
            None => Vec::new(),
        })
    }

    /// Normal play: the certified period replayed, else the streaming generator; misère play:
    /// the misère quotient where it covers the table's heaps, else the generic path.
    fn fast_sequence(
        &self,
        request: &SequenceRequest,
        budget: &Budget,
    ) -> Result<Option<Sequence>, TableError> {
        if request.play == Play::Misere {
            let Some(theory) = self.misere_theory(budget)? else { return Ok(None) };
            return Ok(misere::sequence(&theory, &self.misere_title(Lang::En), request, budget));
        }
        subtraction_sequence(&self.set, self.periodicity.clone(), request, budget).map(Some)
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
    use crate::bigint::to_bigs;
    #[allow(unused_imports)]
    use crate::test_prelude::*;
    use crate::Method;

    /// The set written as a parameter value, e.g. `1,3,4`.
    fn set_param(set: &[u64]) -> String {
        set.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
    }

    fn subtraction(set: &[u64]) -> Box<dyn AnyGame> {
        test_game(&format!("subtraction --set {}", set_param(set)))
    }

    const SETS: &[&[u64]] = &[
        &[1],
        &[2],
        &[1, 2, 3],
        &[1, 3, 4],
        &[2, 5],
        &[3, 4, 7],
        &[2, 3, 5, 7],
        &[1, 4, 10],
        &[2, 3, 5, 7, 19],
        &[1, 2, 9],
        &[4, 8, 12, 13],
    ];

    #[test]
    fn theory_matches_search_up_to_200() {
        for set in SETS {
            let report =
                subtraction(set).verify(200, Play::Normal, &Budget::default(), &no_progress).unwrap();
            assert_eq!(report.positions, 201);
            assert_eq!(report.counterexample, None, "{set:?}");
        }
    }

    #[test]
    fn theory_matches_search_up_to_60_for_every_subset_of_1_to_6() {
        for mask in 1u32..64 {
            let set: Vec<u64> = (1..=6).filter(|s| mask & (1 << (s - 1)) != 0).collect();
            let report =
                subtraction(&set).verify(60, Play::Normal, &Budget::default(), &no_progress).unwrap();
            assert_eq!(report.counterexample, None, "{set:?}");
        }
    }

    #[test]
    fn theorems_name_the_preperiod_and_period() {
        assert_eq!(
            subtraction(&[4, 3, 1, 3]).theorem(Play::Normal, Lang::En).unwrap(),
            "SUB({1,3,4}) is periodic from 0 with period 7 (certified)"
        );
        assert_eq!(
            subtraction(&[1, 4, 10]).theorem(Play::Normal, Lang::En).unwrap(),
            "SUB({1,4,10}) is periodic from 16 with period 11 (certified)"
        );
        assert_eq!(subtraction(&[3, 1, 4, 1]).name(), "subtraction --set 1,3,4");
    }

    #[test]
    fn reasons() {
        let game = subtraction(&[1, 3, 4]);
        let a = game
            .analyze(&trusted(&[big(10)]), &Query::new(Method::Auto, Play::Normal), &Budget::default())
            .unwrap();
        assert_eq!(a.grundy, GrundyValue::Value(big(1)));
        assert_eq!(a.reason, "G(10) = G(10 mod 7) = G(3) = 1, so take 1 from the heap to reach value 0");
        let targets: Vec<Vec<BigUint>> = a.winning_moves.iter().map(|m| m.to.to_vec()).collect();
        assert_eq!(targets, [to_bigs(&[9]), to_bigs(&[7])]);
        let a = game
            .analyze(&trusted(&[big(14)]), &Query::new(Method::Auto, Play::Normal), &Budget::default())
            .unwrap();
        assert_eq!(a.outcome, Outcome::P);
        assert_eq!(a.reason, "G(14) = G(14 mod 7) = G(0) = 0: no take in {1,3,4} leads to value 0");
        let a = game
            .analyze(&trusted(&[big(5)]), &Query::new(Method::Auto, Play::Normal), &Budget::default())
            .unwrap();
        assert_eq!(a.reason, "G(5) = 3, so take 3 from the heap to reach value 0");
        let a = subtraction(&[1, 4, 10])
            .analyze(&trusted(&[big(100)]), &Query::new(Method::Theory, Play::Normal), &Budget::default())
            .unwrap();
        assert!(a.reason.starts_with("G(100) = G(16 + (100 - 16) mod 11) = G(23) = "), "{}", a.reason);
    }

    #[test]
    fn chinese_reasons_theorems_and_moves() {
        let game = subtraction(&[1, 3, 4]);
        let chinese = |n: u64| {
            let query = Query { lang: Lang::Zh, ..Query::new(Method::Theory, Play::Normal) };
            game.analyze(&trusted(&[big(n)]), &query, &Budget::default()).unwrap()
        };
        let theorem = game.theorem(Play::Normal, Lang::Zh).unwrap();
        assert_eq!(theorem, "减法游戏（取子集合 S = {1,3,4}）：SG 值从 n = 0 起以 7 为周期（已证明）");
        let a = chinese(10);
        assert_eq!(a.reason, "G(10) = G(10 mod 7) = G(3) = 1，所以从这堆取走 1 个，到达 SG 值为 0 的局面");
        let texts: Vec<&str> = a.winning_moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["从这堆取走 1 个", "从这堆取走 3 个"]);
        assert_eq!(a.basis, Basis::Theory(theorem.clone()));
        let a = chinese(14);
        assert_eq!(a.outcome, Outcome::P);
        assert_eq!(
            a.reason,
            "G(14) = G(14 mod 7) = G(0) = 0：取子集合 {1,3,4} 中没有一种取法能到达 SG 值为 0 的局面，所以先手必败"
        );
        let a = subtraction(&[1, 4, 10])
            .analyze(
                &trusted(&[big(100)]),
                &Query { lang: Lang::Zh, ..Query::new(Method::Theory, Play::Normal) },
                &Budget::default(),
            )
            .unwrap();
        assert!(a.reason.starts_with("G(100) = G(16 + (100 - 16) mod 11) = G(23) = "), "{}", a.reason);
        let Basis::Theory(long) = &a.basis else { panic!("{a:?}") };
        assert_eq!(long, "减法游戏（取子集合 S = {1,4,10}）：SG 值从 n = 16 起以 11 为周期（已证明）");
        for text in [&a.reason, long, &theorem] {
            assert!(english_words(text).is_empty(), "{text}");
        }
        let moves = game
            .moves_to_value(&trusted(&[big(10)]), &big(2), Method::Theory, &Budget::default(), Lang::Zh)
            .unwrap();
        let texts: Vec<String> = moves.into_iter().map(|m| m.text).collect();
        assert_eq!(texts, ["从这堆取走 4 个"]);
    }

    #[test]
    fn every_winning_move_is_listed() {
        // Under {1, 3, 4} (values 0 1 0 1 2 3 2, repeating), 10 has two: to 9 and to 7.
        let game = subtraction(&[1, 3, 4]);
        let a = game
            .analyze(&trusted(&[big(10)]), &Query::new(Method::Theory, Play::Normal), &Budget::default())
            .unwrap();
        assert_eq!(a.winning_moves.len(), 2);
        let game = subtraction(&[1, 2, 3, 5]);
        for n in 0..40u64 {
            let theory = game
                .analyze(&trusted(&[big(n)]), &Query::new(Method::Theory, Play::Normal), &Budget::default())
                .unwrap();
            let search = game
                .analyze(&trusted(&[big(n)]), &Query::new(Method::Search, Play::Normal), &Budget::default())
                .unwrap();
            assert_eq!(theory.winning_moves, search.winning_moves, "{n}");
        }
    }

    #[test]
    fn huge_heaps_by_the_period() {
        let game = subtraction(&[1, 3, 4]);
        let n: BigUint = "7".repeat(300).parse().unwrap();
        let a = game
            .analyze(
                &trusted(std::slice::from_ref(&n)),
                &Query::new(Method::Auto, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        let residue = (&n % 7u8).to_u64().unwrap();
        let values = [0u64, 1, 0, 1, 2, 3, 2];
        assert_eq!(a.grundy, GrundyValue::Value(big(values[residue as usize])));
        for m in &a.winning_moves {
            let r = (&m.to[0] % 7u8).to_u64().unwrap();
            assert_eq!(values[r as usize], 0);
        }
        assert!(a.reason.contains(" mod 7) = G("));
    }

    #[test]
    fn moves_to_every_value_match_search() {
        let game = subtraction(&[2, 3, 5, 7]);
        for n in 0..50u64 {
            assert_theory_moves_to_values(game.as_ref(), n, 0..6);
        }
    }

    #[test]
    fn without_a_certificate_auto_falls_back_to_search() {
        let ruleset = Subtraction::new(&[1, 4, 10], 20, &Budget::default()).unwrap();
        assert!(ruleset.periodicity().is_none());
        let game = engine(&"subtraction --set 1,4,10".parse().unwrap(), ruleset);
        assert_eq!(game.theorem(Play::Normal, Lang::En), None);
        let a = game
            .analyze(&trusted(&[big(30)]), &Query::new(Method::Auto, Play::Normal), &Budget::default())
            .unwrap();
        assert!(matches!(a.basis, Basis::Search { .. }));
        assert!(game
            .analyze(&trusted(&[big(30)]), &Query::new(Method::Theory, Play::Normal), &Budget::default())
            .is_err());
    }

    #[test]
    fn misere_comes_from_the_quotient_and_equals_search() {
        for set in [&[1, 3, 4][..], &[1, 2, 3], &[2, 5, 7], &[3, 4, 9]] {
            let game = subtraction(set);
            // No theorem before the first misère question computes the quotient.
            assert_eq!(game.theorem(Play::Misere, Lang::En), None);
            let a = game
                .analyze(&trusted(&[big(1)]), &Query::new(Method::Auto, Play::Misere), &Budget::default())
                .unwrap();
            assert!(matches!(a.basis, Basis::Theory(_)), "{set:?}: {:?}", a.basis);
            // Theory (outcome and every winning move) against the search on every heap to 60.
            let report = game.verify(60, Play::Misere, &Budget::default(), &no_progress).unwrap();
            assert!(report.agree, "{set:?}: {:?}", report.counterexample);
            assert_eq!(report.positions, 61);
        }
        // Beyond any search: SUB{1,2,3} under misère play is P exactly at 1 mod 4.
        let game = subtraction(&[1, 2, 3]);
        let query = Query::new(Method::Auto, Play::Misere);
        let n = big(10_000_000_000_000);
        let a = game.analyze(&trusted(std::slice::from_ref(&n)), &query, &Budget::default()).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.winning_moves.len(), 1);
        assert_eq!(a.winning_moves[0].to, vec![big(9_999_999_999_997)]);
        assert!(a.reason.contains("Φ(10000000000000) = Φ(4)"), "{}", a.reason);
        let p = game.analyze(&trusted(&[big(10_000_000_000_001)]), &query, &Budget::default()).unwrap();
        assert_eq!(p.outcome, Outcome::P);
    }

    #[test]
    fn bad_sets_are_errors() {
        let message =
            |pairs: &[(&str, &str)]| GameSpec::from_pairs("subtraction", pairs).unwrap_err().to_string();
        assert_eq!(
            message(&[]),
            "the game 'subtraction' needs the parameter 'set': the allowed takes S, e.g. 1,3,4 or 3..6,20"
        );
        assert_eq!(
            message(&[("set", "")]),
            "invalid value '' for the parameter 'set': '' has an empty item; write members like 1,3,4 or 3..6,20"
        );
        assert_eq!(
            message(&[("set", &set_param(&[1, 0, 3]))]),
            "invalid value '1,0,3' for the parameter 'set': 0 is below 1: every member must be at least 1"
        );
        assert!(matches!(
            GameSpec::from_pairs("subtraction", &[("set", "1,2"), ("max", "3")]),
            Err(crate::spec::SpecError::UnknownParam { .. })
        ));
        // The ruleset itself refuses the same sets.
        let refused = |set: &[u64]| Subtraction::new(set, 100, &Budget::default()).unwrap_err().to_string();
        assert_eq!(refused(&[]), "the set of takes must not be empty");
        assert_eq!(refused(&[1, 0, 3]), "every take must be at least 1");
    }
}
