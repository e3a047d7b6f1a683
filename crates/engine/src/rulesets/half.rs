//! Half: one heap of `n`; a move takes 1..=ceil(n/2) stones (seed 001, "game three").
//!
//! A move from `n` leaves `n'` with `floor(n/2) <= n' <= n - 1`. Write `odd(x)` for the odd
//! part of `x` (`x = 2^j * odd(x)`).
//!
//! # Theorem (normal play)
//!
//! `G(n) = (odd(n + 2) - 1) / 2`. Equivalently `G(0) = 0`, `G(n) = (n + 1)/2` for odd `n` and
//! `G(n) = G(n/2 - 1)` for even `n >= 2`; so `G(0..) = 0,1,0,2,1,3,0,4,2,5,1,6,...` and `n` is
//! a P-position iff `n + 2` is a power of 2 (`n = 0, 2, 6, 14, 30, ...`), as seed 001 lists.
//!
//! **Proof.** Put `N = n + 2 >= 2`. The options `n'` correspond to `M = n' + 2` with
//! `floor(N/2) + 1 <= M <= N - 1`, that is, to the integers `M` with `N/2 < M < N`.
//!
//! *Lemma.* For every odd `o <= N` exactly one `M` in `(N/2, N]` has `odd(M) = o`. The numbers
//! with odd part `o` are `o, 2o, 4o, ...`; the intervals `(N/2^(i+1), N/2^i]` for `i >= 0`
//! partition `(0, N]`, `o` lies in exactly one of them, say the `i`-th, and then `o * 2^i` is
//! the one multiple `o * 2^t` in `(N/2, N]` (doubling or halving leaves the interval).
//!
//! The member of `(N/2, N]` with odd part `odd(N)` is `N` itself, which is not an option. So the
//! options of `n` have as odd parts every odd `o <= N` except `odd(N)`, each exactly once. By
//! induction on `N` their values are `(o - 1)/2`: every number in `0..=floor((N - 1)/2)` except
//! `(odd(N) - 1)/2`, which is itself in that range. The mex is therefore `(odd(N) - 1)/2`. The
//! base case `N = 2` (the empty heap, no options) is included: mex of nothing is `0 = (1 - 1)/2`.
//! ∎
//!
//! *Consequences used below.* For every value `v` there is at most one option of value `v`:
//! with `o = 2v + 1`, it exists iff `o <= N` and `o != odd(N)`, and it is `o * 2^i - 2` with
//! `o * 2^i` in `(N/2, N)`. In particular an N-position has exactly one winning move: to
//! `2^i - 2` where `2^i` is the largest power of 2 below `N`, i.e. the take is `n + 2` with its
//! top bit cleared. All of this is a few shifts and comparisons on heaps of any size.
//!
//! # Theorem (misère play)
//!
//! The player who takes the last stone loses. Then `n` is a P-position iff `odd(n + 2) = 3`,
//! i.e. `n + 2 = 3 * 2^j` (`n = 1, 4, 10, 22, 46, ...`).
//!
//! **Proof**, by induction on `N = n + 2`. `N = 2`: the heap is empty, the previous player took
//! the last stone and lost, so it is an N-position, and `odd(2) = 1 != 3`. `N >= 3`: the options
//! are the `M` in `(N/2, N)`, and by the lemma exactly one `M*` in `(N/2, N]` has odd part 3. If
//! `odd(N) = 3` then `M* = N` is not an option, every option has another odd part and is an
//! N-position by induction, so `n` is P. Otherwise `M*` is an option and a P-position: `n` is N,
//! and the move to `M* - 2` is its only winning move. ∎

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use crate::analysis::{
    list_positions, Analysis, Basis, GrundyValue, Listed, MoveReport, Ruleset, SearchCost,
};
use crate::analysis::{Capabilities, RulesetInfo};
use crate::bigint::big;
use crate::budget::Budget;
use crate::error::EngineError;
use crate::game::{Game, Outcome, Play};
use crate::lang::{say, Lang};
use crate::positions::HeapBox;
use crate::rulesets::{box_search_cost, describe_take, engine, expect_heaps};
use crate::spec::{Drawing, GameSpec, Texts};
use crate::tables::{per_heap, Sequence, SequenceRequest, TableBasis, TableError, TableValues, N_CELL};
use crate::AnyGame;

/// The declaration of Half.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "half",
    title: "Take at most half",
    summary: "one heap of n; take 1..ceil(n/2) stones",
    rules: "One heap of n stones. A move takes between 1 and half of the heap, rounded up.",
    position: "the heap size",
    example_position: "20",
    params: &[],
    drawing: Drawing::HEAPS,
    zh: Texts {
        title: "至多取一半",
        rules: "一堆 n 个石子。每一步取走 1 到 n/2（向上取整）个石子。",
        position: "石子数",
        params: &[],
    },
    capabilities: Capabilities { fast_sequence: true, any_size: true, ..Capabilities::NONE },
    verify_bound: 1000,
    build,
};

const THEOREM: &str = "half: G(n) = (o - 1)/2 where n + 2 = 2^j * o with o odd; P iff n + 2 is a power of 2";
const MISERE_THEOREM: &str = "misère half: P iff n + 2 = 3 * 2^j";

/// The closed form's name under `play`, in `lang`.
fn theorem(play: Play, lang: Lang) -> &'static str {
    match play {
        Play::Normal => lang.pick(
            THEOREM,
            "至多取一半：G(n) = (o - 1)/2，其中 n + 2 = 2^j * o，o 为奇数；必败态（P）当且仅当 n + 2 是 2 的幂",
        ),
        Play::Misere => {
            lang.pick(MISERE_THEOREM, "反常规则的至多取一半：必败态（P）当且仅当 n + 2 = 3 * 2^j")
        }
    }
}

/// One heap; a move takes at most half of it, rounded up.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Half;

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    Ok(engine(spec, Half))
}

impl Game for Half {
    type Position = u64;

    fn options(&self, n: &u64) -> Vec<u64> {
        (n / 2..*n).collect()
    }

    /// Lazily: a heap of `n` has about `n / 2` options.
    fn for_each_option(&self, n: &u64, visit: &mut dyn FnMut(u64) -> ControlFlow<()>) -> ControlFlow<()> {
        for option in n / 2..*n {
            visit(option)?;
        }
        ControlFlow::Continue(())
    }
}

/// `(j, o)` with `x = 2^j * o`, `o` odd; `x` must be positive. `O(digits)`.
fn odd_part(x: &BigUint) -> (u64, BigUint) {
    let j = x.trailing_zeros().unwrap_or(0);
    (j, x >> j)
}

#[cfg(test)]
/// `G(n) = (odd(n + 2) - 1)/2`. `O(digits)`.
pub(crate) fn grundy(n: &BigUint) -> BigUint {
    odd_part(&(n + 2u8)).1 >> 1u8
}

/// The option `n'` of `n` with `odd(n' + 2) = o` (`o` odd), if there is one: by the lemma in
/// the module doc it is `o * 2^i - 2` for the `i` that puts `o * 2^i` in `(N/2, N)`, `N = n + 2`.
/// `O(digits)`.
fn option_with_odd_part(n: &BigUint, o: &BigUint) -> Option<BigUint> {
    let total = n + 2u8;
    if o > &total || odd_part(&total).1 == *o {
        return None;
    }
    // Same bit length as N; halve once if that overshoots (it cannot equal N).
    let mut m = o << (total.bits() - o.bits());
    if m > total {
        m >>= 1u8;
    }
    Some(m - 2u8)
}

/// `"2^j"`, `"2^j * o"` or `"o"` for `x = 2^j * o`.
fn factored(j: u64, o: &BigUint) -> String {
    match (j, o.is_one()) {
        (0, _) => o.to_string(),
        (_, true) => format!("2^{j}"),
        (_, false) => format!("2^{j} * {o}"),
    }
}

fn take(n: &BigUint, to: BigUint, lang: Lang) -> MoveReport {
    let to = vec![to];
    MoveReport {
        text: describe_take(std::slice::from_ref(n), &to, lang),
        to: crate::analysis::CheckedPosition::new(to),
    }
}

/// The heap `m - 2` written as "h (h + 2 = ...)" for the reasons.
fn landing(to: &BigUint, lang: Lang) -> String {
    let (j, o) = odd_part(&(to + 2u8));
    say!(lang, "{to} ({to} + 2 = {})", "{to}（{to} + 2 = {}）", factored(j, &o))
}

fn normal(n: &BigUint, lang: Lang) -> Analysis {
    let (j, o) = odd_part(&(n + 2u8));
    let value = &o >> 1u8;
    let winning = option_with_odd_part(n, &BigUint::one());
    let reason = match &winning {
        None => say!(
            lang,
            "{n} + 2 = {}, a power of 2, so G({n}) = 0: no take leaves a heap h with h + 2 a power of 2",
            "{n} + 2 = {} 是 2 的幂，所以 G({n}) = 0：任何取法都不能留下使 h + 2 为 2 的幂的一堆 h，先手必败",
            factored(j, &o)
        ),
        Some(to) => say!(
            lang,
            "{n} + 2 = {}, so G({n}) = ({o} - 1)/2 = {value}; take {} to leave {}, of value 0",
            "{n} + 2 = {}，所以 G({n}) = ({o} - 1)/2 = {value}；取走 {} 个，留下 {}，其 SG 值为 0",
            factored(j, &o),
            n - to,
            landing(to, lang)
        ),
    };
    Analysis {
        outcome: if value.is_zero() { Outcome::P } else { Outcome::N },
        grundy: GrundyValue::Value(value),
        winning_moves: winning.into_iter().map(|to| take(n, to, lang)).collect(),
        winning_move_count: None,
        moves_complete: true,
        reason,
        basis: Basis::Theory(theorem(Play::Normal, lang).into()),
    }
}

fn misere(n: &BigUint, lang: Lang) -> Analysis {
    let three = BigUint::from(3u8);
    let (j, o) = odd_part(&(n + 2u8));
    let lost = o == three;
    let winning = option_with_odd_part(n, &three);
    let reason = if n.is_zero() {
        lang.pick(
            "misère: no stone is left, so the previous player took the last one and lost",
            "反常规则：石子已取完，后手取走了最后一个，所以后手输了",
        )
        .to_string()
    } else {
        match &winning {
            None => say!(
                lang,
                "misère: {n} + 2 = {}, so no take leaves a heap h with h + 2 = 3 * 2^i",
                "反常规则：{n} + 2 = {}，所以任何取法都不能留下使 h + 2 = 3 * 2^i 的一堆 h，先手必败",
                factored(j, &o)
            ),
            Some(to) => say!(
                lang,
                "misère: {n} + 2 = {} is not 3 * 2^i, so take {} to leave {}",
                "反常规则：{n} + 2 = {} 不是 3 * 2^i 的形式，所以取走 {} 个，留下 {}",
                factored(j, &o),
                n - to,
                landing(to, lang)
            ),
        }
    };
    Analysis {
        outcome: if lost { Outcome::P } else { Outcome::N },
        grundy: GrundyValue::Undefined,
        winning_moves: winning.into_iter().map(|to| take(n, to, lang)).collect(),
        winning_move_count: None,
        moves_complete: true,
        reason,
        basis: Basis::Theory(theorem(Play::Misere, lang).into()),
    }
}

impl Ruleset for Half {
    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        expect_heaps("half", numbers, 1, crate::lang::words!("one heap size", "一堆的大小"))?;
        Ok(numbers.to_vec())
    }

    fn search_position(&self, numbers: &[BigUint]) -> Option<u64> {
        numbers.first()?.to_u64()
    }

    fn numbers(&self, n: &u64) -> Vec<BigUint> {
        vec![big(*n)]
    }

    /// The root alone has `ceil(n/2)` options; every heap below may be met.
    fn search_cost(&self, numbers: &[BigUint]) -> SearchCost {
        let n = &numbers[0];
        box_search_cost(numbers, (n + 1u8) >> 1u8)
    }

    fn theorem(&self, play: Play, lang: Lang) -> Option<String> {
        Some(theorem(play, lang).into())
    }

    fn theory(&self, numbers: &[BigUint], play: Play, _max_moves: usize, lang: Lang) -> Option<Analysis> {
        let n = numbers.first()?;
        Some(match play {
            Play::Normal => normal(n, lang),
            Play::Misere => misere(n, lang),
        })
    }

    fn theory_moves_to_value(
        &self,
        numbers: &[BigUint],
        target: &BigUint,
        lang: Lang,
    ) -> Option<Vec<MoveReport>> {
        let n = numbers.first()?;
        let odd = (target << 1u8) + 1u8;
        Some(option_with_odd_part(n, &odd).into_iter().map(|to| take(n, to, lang)).collect())
    }

    /// The theorems on machine words: `odd(n + 2)` is a shift by the trailing zeros.
    fn fast_sequence(
        &self,
        request: &SequenceRequest,
        budget: &Budget,
    ) -> Result<Option<Sequence>, TableError> {
        let odd = |n: u64| (n + 2) >> (n + 2).trailing_zeros();
        let (source, basis) = match (request.values, request.play) {
            (TableValues::Grundy, _) => {
                (per_heap(move |n| odd(n) >> 1), TableBasis::closed_form(THEOREM, request.upto.div_ceil(2)))
            }
            (TableValues::Outcomes, Play::Normal) => {
                (per_heap(move |n| u64::from(odd(n) != 1)), TableBasis::closed_form(THEOREM, N_CELL))
            }
            (TableValues::Outcomes, Play::Misere) => {
                (per_heap(move |n| u64::from(odd(n) != 3)), TableBasis::closed_form(MISERE_THEOREM, N_CELL))
            }
        };
        Ok(Some(Sequence::new(source, basis, request.upto, budget)))
    }

    /// `2^k - 2` for `k = 1, 2, ...` (misère: `3 * 2^j - 2`), in increasing order.
    fn theory_p_positions(&self, count: usize, play: Play, budget: &Budget) -> Option<Listed> {
        let base = BigUint::from(if play == Play::Misere { 3u8 } else { 2u8 });
        Some(list_positions(count, budget, |j| Some(vec![(&base << j) - 2u8])))
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
    use proptest::prelude::*;

    fn half() -> Box<dyn AnyGame> {
        test_game("half")
    }

    #[test]
    fn theory_matches_search_up_to_2000() {
        let game = half();
        for play in [Play::Normal, Play::Misere] {
            let report = game.verify(2000, play, &Budget::default(), &no_progress).unwrap();
            assert_eq!(report.positions, 2001);
            assert_eq!(report.counterexample, None, "{play:?}");
        }
    }

    #[test]
    fn seed_values_and_p_positions() {
        let values: Vec<BigUint> = (0..20u64).map(|n| grundy(&big(n))).collect();
        let seed = [0u64, 1, 0, 2, 1, 3, 0, 4, 2, 5, 1, 6, 3, 7, 0, 8, 4, 9, 2, 10];
        assert_eq!(values, seed.map(big));
        let p: Vec<u64> = (0..200u64).filter(|&n| grundy(&big(n)).is_zero()).collect();
        assert_eq!(p, [0, 2, 6, 14, 30, 62, 126]);
    }

    #[test]
    fn moves_to_every_value_match_search_up_to_300() {
        let game = half();
        for n in 0..=300u64 {
            assert_theory_moves_to_values(game.as_ref(), n, 0..=n.div_ceil(2) + 1);
        }
    }

    #[test]
    fn reasons() {
        let game = half();
        let a = game
            .analyze(&trusted(&[big(20)]), &Query::new(Method::Auto, Play::Normal), &Budget::default())
            .unwrap();
        assert_eq!(
            a.reason,
            "20 + 2 = 2^1 * 11, so G(20) = (11 - 1)/2 = 5; take 6 to leave 14 (14 + 2 = 2^4), of value 0"
        );
        assert_eq!(a.winning_moves[0].text, "take 6 from the heap");
        let a = game
            .analyze(&trusted(&[big(14)]), &Query::new(Method::Auto, Play::Normal), &Budget::default())
            .unwrap();
        assert_eq!(
            a.reason,
            "14 + 2 = 2^4, a power of 2, so G(14) = 0: no take leaves a heap h with h + 2 a power of 2"
        );
        let a = game
            .analyze(&trusted(&[big(7)]), &Query::new(Method::Auto, Play::Normal), &Budget::default())
            .unwrap();
        assert_eq!(
            a.reason,
            "7 + 2 = 9, so G(7) = (9 - 1)/2 = 4; take 1 to leave 6 (6 + 2 = 2^3), of value 0"
        );
        let a = game
            .analyze(&trusted(&[big(20)]), &Query::new(Method::Auto, Play::Misere), &Budget::default())
            .unwrap();
        assert_eq!(
            a.reason,
            "misère: 20 + 2 = 2^1 * 11 is not 3 * 2^i, so take 10 to leave 10 (10 + 2 = 2^2 * 3)"
        );
        let a = game
            .analyze(&trusted(&[big(22)]), &Query::new(Method::Auto, Play::Misere), &Budget::default())
            .unwrap();
        assert_eq!(a.outcome, Outcome::P);
        assert_eq!(a.reason, "misère: 22 + 2 = 2^3 * 3, so no take leaves a heap h with h + 2 = 3 * 2^i");
        let a = game
            .analyze(&trusted(&[big(0)]), &Query::new(Method::Auto, Play::Misere), &Budget::default())
            .unwrap();
        assert_eq!(a.outcome, Outcome::N);
    }

    #[test]
    fn chinese_reasons_theorems_and_moves() {
        let game = half();
        // (heap, play, Chinese reason, Chinese move texts); the English is pinned by `reasons`.
        let cases: [(u64, Play, &str, &[&str]); 5] = [
            (
                20,
                Play::Normal,
                "20 + 2 = 2^1 * 11，所以 G(20) = (11 - 1)/2 = 5；取走 6 个，留下 14（14 + 2 = 2^4），其 SG 值为 0",
                &["从这堆取走 6 个"],
            ),
            (
                14,
                Play::Normal,
                "14 + 2 = 2^4 是 2 的幂，所以 G(14) = 0：任何取法都不能留下使 h + 2 为 2 的幂的一堆 h，先手必败",
                &[],
            ),
            (
                20,
                Play::Misere,
                "反常规则：20 + 2 = 2^1 * 11 不是 3 * 2^i 的形式，所以取走 10 个，留下 10（10 + 2 = 2^2 * 3）",
                &["从这堆取走 10 个"],
            ),
            (
                22,
                Play::Misere,
                "反常规则：22 + 2 = 2^3 * 3，所以任何取法都不能留下使 h + 2 = 3 * 2^i 的一堆 h，先手必败",
                &[],
            ),
            (0, Play::Misere, "反常规则：石子已取完，后手取走了最后一个，所以后手输了", &[]),
        ];
        for (n, play, zh, zh_moves) in cases {
            let query = Query { lang: Lang::Zh, ..Query::new(Method::Theory, play) };
            let a = game.analyze(&trusted(&[big(n)]), &query, &Budget::default()).unwrap();
            assert_eq!(a.reason, zh);
            let texts: Vec<&str> = a.winning_moves.iter().map(|m| m.text.as_str()).collect();
            assert_eq!(texts, zh_moves, "{n} {play:?}");
            let theorem = game.theorem(play, Lang::Zh).unwrap();
            assert_eq!(a.basis, Basis::Theory(theorem.clone()));
            for text in [zh, &theorem] {
                assert!(english_words(text).is_empty(), "{text}: {:?}", english_words(text));
            }
        }
        assert_eq!(game.theorem(Play::Normal, Lang::En).unwrap(), THEOREM);
        assert_eq!(game.theorem(Play::Misere, Lang::En).unwrap(), MISERE_THEOREM);
        assert_eq!(
            game.theorem(Play::Normal, Lang::Zh).unwrap(),
            "至多取一半：G(n) = (o - 1)/2，其中 n + 2 = 2^j * o，o 为奇数；必败态（P）当且仅当 n + 2 是 2 的幂"
        );
        assert_eq!(
            game.theorem(Play::Misere, Lang::Zh).unwrap(),
            "反常规则的至多取一半：必败态（P）当且仅当 n + 2 = 3 * 2^j"
        );
        let moves = game
            .moves_to_value(&trusted(&[big(20)]), &big(2), Method::Theory, &Budget::default(), Lang::Zh)
            .unwrap();
        assert_eq!(moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(), ["从这堆取走 2 个"]);
    }

    #[test]
    fn three_hundred_digit_heaps() {
        let game = half();
        // 2^1000 - 2 is a P-position; one more has n + 2 = 2^1000 + 1, odd, so value 2^999.
        let p = (BigUint::one() << 1000u32) - 2u8;
        let a = game
            .analyze(
                &trusted(std::slice::from_ref(&p)),
                &Query::new(Method::Auto, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        assert_eq!(a.outcome, Outcome::P);
        let n = &p + 1u8;
        let a = game
            .analyze(
                &trusted(std::slice::from_ref(&n)),
                &Query::new(Method::Auto, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        assert_eq!(a.grundy, GrundyValue::Value(BigUint::one() << 999u32));
        assert_eq!(a.winning_moves.len(), 1);
        assert_eq!(a.winning_moves[0].to, vec![p]);
        let a = game
            .analyze(&trusted(&[n]), &Query::new(Method::Auto, Play::Misere), &Budget::default())
            .unwrap();
        assert_eq!(a.outcome, Outcome::N);
        let to = &a.winning_moves[0].to[0];
        assert_eq!(odd_part(&(to + 2u8)).1, BigUint::from(3u8));
    }

    #[test]
    fn parameters_are_errors() {
        let err = "half --max 3".parse::<crate::spec::GameSpec>().unwrap_err();
        assert!(matches!(err, crate::spec::SpecError::UnknownParam { .. }), "{err}");
        assert!(half().check_position(&[big(1), big(2)]).is_err());
    }

    fn any_heap() -> impl Strategy<Value = BigUint> {
        prop::collection::vec(any::<u32>(), 0..40).prop_map(BigUint::new)
    }

    proptest! {
        #[test]
        fn recurrence_holds_for_huge_heaps(n in any_heap()) {
            let two = BigUint::from(2u8);
            if n.bit(0) {
                prop_assert_eq!(grundy(&n), (&n + 1u8) >> 1u8);
            } else if n >= two {
                prop_assert_eq!(grundy(&n), grundy(&((&n >> 1u8) - 1u8)));
            }
        }

        #[test]
        fn each_reachable_value_has_exactly_one_legal_move(n in any_heap(), pick in any::<u64>()) {
            let total = &n + 2u8;
            let own = grundy(&n);
            let top = (&total - 1u8) >> 1u8;
            let values = [BigUint::zero(), own.clone(), BigUint::from(pick) % (&top + 1u8), top.clone(), &top + 1u8];
            for v in values {
                let moves = Half.theory_moves_to_value(std::slice::from_ref(&n), &v, Lang::En).unwrap();
                let expected = usize::from(v <= top && v != own);
                prop_assert_eq!(moves.len(), expected);
                for m in moves {
                    let to = &m.to[0];
                    prop_assert!(*to >= &n >> 1u8 && *to < n);
                    prop_assert_eq!(grundy(to), v.clone());
                }
            }
        }
    }
}
