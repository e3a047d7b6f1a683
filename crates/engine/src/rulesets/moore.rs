//! Moore's Nim_k: any number of heaps; a move takes any positive number of stones from each of
//! between 1 and `k` heaps (seed 001 §5). `k = 1` is Nim.
//!
//! # Theorem (Moore 1910)
//!
//! A position is P iff, for every binary digit (column), the number of heaps with a 1 in that
//! column is divisible by `k + 1`.
//!
//! *From such a position every move leads out of it.* A move lowers between 1 and `k` heaps.
//! Let `b` be the highest column in which some heap changes. Every heap that changes there has
//! its higher bits unchanged and decreases, so its bit `b` goes from 1 to 0; no bit `b` goes
//! from 0 to 1. The column count drops by between 1 and `k`, and is no longer divisible by
//! `k + 1`. The empty position (every heap 0) satisfies the condition and has no move.
//!
//! *From any other position a move leads into it* — Moore's construction, which
//! [`winning_move`] implements for heaps of any size. Go through the columns from the top,
//! keeping a set `T` of *touched* heaps: heaps already lowered in a higher column, whose
//! remaining lower bits may therefore be chosen freely (the heap stays smaller whatever they
//! are). In column `b`, let `r` be the number of untouched heaps with a 1 there, mod `k + 1`,
//! and `t = |T|`.
//! * If `need = (k + 1 - r) mod (k + 1) <= t`, give exactly `need` touched heaps a 1 in column
//!   `b` and the other touched heaps a 0: the column count becomes `r + need`, a multiple.
//! * Otherwise `r + t <= k`. Choose `r` untouched heaps with a 1 in column `b`, clear that bit
//!   (they are lowered here and join `T`), and give every touched heap a 0: the column count
//!   becomes a multiple of `k + 1`, and `|T|` becomes `t + r <= k`.
//!
//! Untouched heaps keep their bits. At the end every column count is a multiple of `k + 1`,
//! at most `k` heaps changed and each of them decreased. Since the position was not P, some
//! column had `r != 0`; the first such column takes the second branch (`T` is empty there), so
//! the move changes at least one heap. Time `O(bits * heaps)`.
//!
//! There can be many winning moves; theory gives this one (`moves_complete = false`), except
//! for `k = 1`, where it is Nim and every winning move is listed. The Grundy values of Nim_k for
//! `k >= 2` have no simple formula; theory gives the outcome only and `auto` fills the value
//! by search when the position is small. Misère play: by search only.

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::analysis::{Analysis, Basis, GrundyValue, MoveReport, Ruleset, SearchCost};
use crate::analysis::{Capabilities, RulesetInfo};
use crate::bigint::{to_bigs, to_u64s, xor_all};
use crate::budget::Budget;
use crate::error::EngineError;
use crate::game::{Game, Outcome, Play};
use crate::lang::{say, Lang};
use crate::positions::HeapBox;
use crate::rulesets::nim::xor_moves;
use crate::rulesets::{box_search_cost, describe_take, engine, invalid};
use crate::spec::{Drawing, GameSpec, ParamDecl, ParamKind, ParamTexts, Texts};
use crate::AnyGame;

/// The declaration of Moore's Nim_k.
pub(crate) const RULESET: RulesetInfo = RulesetInfo {
    name: "moore",
    title: "Moore's Nim (Nim_k)",
    summary: "any number of heaps; take from 1..K heaps at once (--k K)",
    rules: "Several heaps of stones. A move takes stones from at least 1 and at most K heaps, any \
            positive number from each.",
    position: "heap sizes",
    example_position: "3 5 6",
    params: &[ParamDecl {
        name: "k",
        label: "most heaps per move",
        help: "the most heaps one move may take from (K >= 1)",
        kind: ParamKind::Count { min: 1, max: u64::MAX },
        default: None,
        example: "2",
    }],
    drawing: Drawing::HEAPS,
    zh: Texts {
        title: "Nim_k（Moore 的 Nim）",
        rules: "有几堆石子。每一步从至少 1 堆、至多 K 堆中取石子，每堆取任意正整数个。",
        position: "各堆的石子数",
        params: &[ParamTexts {
            name: "k", label: "每步最多取几堆", help: "一步最多能从几堆中取（K ≥ 1）"
        }],
    },
    capabilities: Capabilities { any_size: true, ..Capabilities::NONE },
    verify_bound: 12,
    build,
};

/// Moore's Nim_k.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Moore {
    k: u64,
}

impl Moore {
    /// Nim_`k`; `None` for `k = 0`.
    pub(crate) fn new(k: u64) -> Option<Self> {
        (k > 0).then_some(Moore { k })
    }

    /// `k + 1`, the modulus of the column counts.
    fn modulus(&self) -> u128 {
        u128::from(self.k) + 1
    }
}

fn build(spec: &GameSpec, _budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    let moore = Moore::new(spec.params().count("k"))
        .ok_or_else(|| invalid(crate::lang::words!("k must be at least 1", "k 至少是 1")))?;
    Ok(engine(spec, moore))
}

impl Game for Moore {
    type Position = Vec<u64>;

    /// Every way to lower each heap of a non-empty set of at most `k` non-empty heaps.
    fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        crate::game::gather_options(self, heaps)
    }

    /// Lazily: the number of options is a product of heap sizes, which can be enormous.
    fn for_each_option(
        &self,
        heaps: &Vec<u64>,
        visit: &mut dyn FnMut(Vec<u64>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let nonzero: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
        self.visit_choices(heaps, &nonzero, 0, &mut Vec::new(), visit)
    }

    fn canonical(&self, heaps: &Vec<u64>) -> Vec<u64> {
        let mut sorted: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        sorted.sort_unstable();
        sorted
    }
}

impl Moore {
    /// Visits the options that lower the heaps in `chosen` plus any further heaps from
    /// `candidates[start..]`, up to `k` heaps in all. The recursion is at most `k` deep.
    fn visit_choices(
        &self,
        heaps: &[u64],
        candidates: &[usize],
        start: usize,
        chosen: &mut Vec<usize>,
        visit: &mut dyn FnMut(Vec<u64>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for next in start..candidates.len() {
            chosen.push(candidates[next]);
            visit_lowerings(heaps, chosen, visit)?;
            if (chosen.len() as u64) < self.k {
                self.visit_choices(heaps, candidates, next + 1, chosen, visit)?;
            }
            chosen.pop();
        }
        ControlFlow::Continue(())
    }

    /// The number of options of `heaps`: the sum over sets of at most `k` non-empty heaps of
    /// the product of their sizes (elementary symmetric sums), saturating. `O(heaps × k)`.
    fn option_count(&self, heaps: &[BigUint]) -> u128 {
        let k = usize::try_from(self.k).unwrap_or(usize::MAX).min(heaps.len());
        // sums[j] = the sum of the products of j heaps, over the heaps seen so far.
        let mut sums = vec![0u128; k + 1];
        sums[0] = 1;
        for h in heaps {
            let h = h.to_u128().unwrap_or(u128::MAX);
            for j in (1..=k).rev() {
                sums[j] = sums[j].saturating_add(sums[j - 1].saturating_mul(h));
            }
        }
        sums[1..].iter().fold(0u128, |total, &s| total.saturating_add(s))
    }
}

/// Visits every position where each heap in `chosen` is lowered (to any smaller size) and the
/// others are kept: an odometer over the new sizes.
fn visit_lowerings(
    heaps: &[u64],
    chosen: &[usize],
    visit: &mut dyn FnMut(Vec<u64>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut to = heaps.to_vec();
    for &i in chosen {
        to[i] = 0;
    }
    loop {
        visit(to.clone())?;
        let mut carried = true;
        for &i in chosen {
            if to[i] + 1 < heaps[i] {
                to[i] += 1;
                carried = false;
                break;
            }
            to[i] = 0;
        }
        if carried {
            return ControlFlow::Continue(());
        }
    }
}

/// The highest column whose count of 1s is not divisible by `modulus`, with that count; `None`
/// for a P-position. `O(bits * heaps)`.
fn unbalanced_column(heaps: &[BigUint], modulus: u128) -> Option<(u64, usize)> {
    let bits = heaps.iter().map(BigUint::bits).max().unwrap_or(0);
    (0..bits)
        .rev()
        .map(|b| (b, heaps.iter().filter(|h| h.bit(b)).count()))
        .find(|&(_, c)| !(c as u128).is_multiple_of(modulus))
}

/// Moore's construction (see the module doc): a move from a position that is not P to one
/// that is; `None` for a P-position. `O(bits * heaps)`.
pub(crate) fn winning_move(heaps: &[BigUint], k: u64) -> Option<Vec<BigUint>> {
    let modulus = u128::from(k) + 1;
    unbalanced_column(heaps, modulus)?;
    let bits = heaps.iter().map(BigUint::bits).max().unwrap_or(0);
    let mut to = heaps.to_vec();
    let mut touched: Vec<usize> = Vec::new();
    let mut is_touched = vec![false; heaps.len()];
    for b in (0..bits).rev() {
        let ones: Vec<usize> = (0..heaps.len()).filter(|&i| !is_touched[i] && heaps[i].bit(b)).collect();
        let r = ones.len() as u128 % modulus;
        let need = (modulus - r) % modulus;
        if need <= touched.len() as u128 {
            for (rank, &i) in touched.iter().enumerate() {
                to[i].set_bit(b, (rank as u128) < need);
            }
        } else {
            for &i in &touched {
                to[i].set_bit(b, false);
            }
            for &i in ones.iter().take(r as usize) {
                to[i].set_bit(b, false);
                touched.push(i);
                is_touched[i] = true;
            }
        }
    }
    Some(to)
}

impl Ruleset for Moore {
    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        if numbers.is_empty() {
            return Err(EngineError::InvalidPosition(crate::lang::words!(
                "moore takes at least one heap size",
                "moore 的局面至少有一堆"
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

    /// The root's options exactly, and every heap vector below, each with at most as many.
    fn search_cost(&self, heaps: &[BigUint]) -> SearchCost {
        box_search_cost(heaps, BigUint::from(self.option_count(heaps)))
    }

    fn theorem(&self, play: Play, lang: Lang) -> Option<String> {
        (play == Play::Normal).then(|| {
            say!(
                lang,
                "Moore: P iff every binary column has a multiple of {} ones (k = {})",
                "Moore Nim（k）：必败态当且仅当每个二进制位上 1 的个数都是 {} 的倍数（k = {}）",
                self.modulus(),
                self.k
            )
        })
    }

    fn theory(&self, heaps: &[BigUint], play: Play, max_moves: usize, lang: Lang) -> Option<Analysis> {
        let theorem = self.theorem(play, lang)?;
        let modulus = self.modulus();
        let unbalanced = unbalanced_column(heaps, modulus);
        let (winning_moves, moves_complete) = if self.k == 1 {
            let (moves, count) = xor_moves(heaps, &xor_all(heaps), max_moves.max(1), lang);
            let complete = moves.len() as u64 == count;
            (moves, complete)
        } else {
            let moves = winning_move(heaps, self.k)
                .map(|to| MoveReport {
                    text: describe_take(heaps, &to, lang),
                    to: crate::analysis::CheckedPosition::new(to),
                })
                .into_iter()
                .collect();
            (moves, false)
        };
        let reason = match (unbalanced, winning_moves.first()) {
            (Some((b, count)), Some(first)) => say!(
                lang,
                "column 2^{b} has {count} ones, not a multiple of {modulus}, so {} (then every column has a multiple of {modulus} ones)",
                "二进制位 2^{b} 上有 {count} 个 1，不是 {modulus} 的倍数，所以{}（走后每一位上 1 的个数都是 {modulus} 的倍数）",
                first.text
            ),
            _ => say!(
                lang,
                "every binary column has a multiple of {modulus} ones, so every move (from 1 to {} heaps) leaves a column that has not",
                "每个二进制位上 1 的个数都是 {modulus} 的倍数，所以每一步（从 1 到 {} 堆中取）都会使某一位上 1 的个数不再是 {modulus} 的倍数",
                self.k
            ),
        };
        Some(Analysis {
            outcome: if unbalanced.is_some() { Outcome::N } else { Outcome::P },
            grundy: if self.k == 1 { GrundyValue::Value(xor_all(heaps)) } else { GrundyValue::Unknown },
            winning_moves,
            winning_move_count: None,
            moves_complete,
            reason,
            basis: Basis::Theory(theorem),
        })
    }

    fn theory_moves_to_value(
        &self,
        heaps: &[BigUint],
        target: &BigUint,
        lang: Lang,
    ) -> Option<Vec<MoveReport>> {
        (self.k == 1).then(|| xor_moves(heaps, &(xor_all(heaps) ^ target), usize::MAX, lang).0)
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
    use crate::bigint::big;
    #[allow(unused_imports)]
    use crate::test_prelude::*;
    use crate::Method;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    /// True when every column count is divisible by `k + 1`.
    fn is_p(heaps: &[BigUint], k: u64) -> bool {
        unbalanced_column(heaps, u128::from(k) + 1).is_none()
    }

    fn moore(k: u64) -> Box<dyn AnyGame> {
        test_game(&format!("moore --k {k}"))
    }

    #[test]
    fn theory_matches_search_on_three_heaps_up_to_12() {
        for k in 1..=3 {
            let report = moore(k).verify(12, Play::Normal, &Budget::default(), &no_progress).unwrap();
            assert_eq!(report.positions, 13 * 13 * 13);
            assert_eq!(report.counterexample, None, "k = {k}");
        }
    }

    #[test]
    fn theory_matches_search_on_four_heaps_up_to_6() {
        for k in [2, 3] {
            let game = moore(k);
            for heaps in heap_box(4, 6) {
                let theory = game
                    .analyze(&trusted(&heaps), &Query::new(Method::Theory, Play::Normal), &Budget::default())
                    .unwrap();
                let search = game
                    .analyze(&trusted(&heaps), &Query::new(Method::Search, Play::Normal), &Budget::default())
                    .unwrap();
                assert_eq!(theory.outcome, search.outcome, "k {k} {heaps:?}");
                let found: BTreeSet<&[BigUint]> =
                    search.winning_moves.iter().map(|m| m.to.numbers()).collect();
                assert_eq!(theory.winning_moves.is_empty(), found.is_empty(), "k {k} {heaps:?}");
                for m in &theory.winning_moves {
                    assert!(found.contains(m.to.numbers()), "k {k} {heaps:?}: {} is not winning", m.text);
                }
            }
        }
    }

    #[test]
    fn reasons() {
        let a = moore(2)
            .analyze(
                &trusted(&to_bigs(&[5, 6, 3])),
                &Query::new(Method::Theory, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(
            a.reason,
            "column 2^2 has 2 ones, not a multiple of 3, so take 2 from the heap of 5 and 3 from the heap of 6 \
             (then every column has a multiple of 3 ones)"
        );
        assert_eq!(a.winning_moves[0].to, to_bigs(&[3, 3, 3]));
        assert!(!a.moves_complete);
        assert_eq!(a.grundy, GrundyValue::Unknown);
        let a = moore(2)
            .analyze(
                &trusted(&to_bigs(&[1, 2, 3])),
                &Query::new(Method::Theory, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        assert_eq!(a.outcome, Outcome::N);
        let a = moore(2)
            .analyze(
                &trusted(&to_bigs(&[3, 3, 3])),
                &Query::new(Method::Theory, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        assert_eq!(a.outcome, Outcome::P);
        assert_eq!(
            a.reason,
            "every binary column has a multiple of 3 ones, so every move (from 1 to 2 heaps) leaves a column that has not"
        );
        let auto = moore(2)
            .analyze(
                &trusted(&to_bigs(&[3, 3, 3])),
                &Query::new(Method::Auto, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        assert_eq!(auto.grundy, GrundyValue::Value(big(0)));
        assert!(auto.reason.ends_with("; Grundy value 0 by search"));
    }

    /// The Chinese theorem, reasons and move texts (N and P, `k = 2` and `k = 1`): the same facts
    /// as the English, in the seeds' terms, and no English word left.
    #[test]
    fn chinese_reasons_and_moves() {
        let zh = Query { lang: Lang::Zh, ..Query::new(Method::Theory, Play::Normal) };
        let en = Query::new(Method::Theory, Play::Normal);
        let analyze = |k: u64, heaps: &[u64], query: &Query| {
            moore(k).analyze(&trusted(&to_bigs(heaps)), query, &Budget::default()).unwrap()
        };
        let n = analyze(2, &[5, 6, 3], &zh);
        assert_eq!(
            n.reason,
            "二进制位 2^2 上有 2 个 1，不是 3 的倍数，所以从 5 个那堆取走 2 个，并从 6 个那堆取走 3 个\
             （走后每一位上 1 的个数都是 3 的倍数）"
        );
        assert_eq!(
            n.basis,
            Basis::Theory(
                "Moore Nim（k）：必败态当且仅当每个二进制位上 1 的个数都是 3 的倍数（k = 2）".into()
            )
        );
        let p = analyze(2, &[3, 3, 3], &zh);
        assert_eq!(p.outcome, Outcome::P);
        assert_eq!(
            p.reason,
            "每个二进制位上 1 的个数都是 3 的倍数，所以每一步（从 1 到 2 堆中取）都会使某一位上 1 的个数不再是 3 的倍数"
        );
        let nim = analyze(1, &[3, 4, 5], &zh);
        let texts: Vec<&str> = nim.winning_moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["从 3 个那堆取走 2 个"]);
        let to_value = moore(1)
            .moves_to_value(
                &trusted(&to_bigs(&[3, 4, 5])),
                &big(1),
                Method::Theory,
                &Budget::default(),
                Lang::Zh,
            )
            .unwrap();
        assert!(!to_value.is_empty());
        // The same answers as in English, only the words differ; the English texts are unchanged.
        for (k, heaps) in [(2, [5, 6, 3]), (2, [3, 3, 3]), (1, [3, 4, 5]), (3, [7, 9, 12])] {
            let (a, b) = (analyze(k, &heaps, &en), analyze(k, &heaps, &zh));
            assert_eq!((a.outcome, &a.grundy, a.moves_complete), (b.outcome, &b.grundy, b.moves_complete));
            let to = |moves: &[MoveReport]| moves.iter().map(|m| m.to.clone()).collect::<Vec<_>>();
            assert_eq!(to(&a.winning_moves), to(&b.winning_moves), "{heaps:?}");
            assert!(english_words(&a.reason).len() > 3, "{}", a.reason);
            let Basis::Theory(theorem) = &b.basis else { panic!("theory basis") };
            let texts = b.winning_moves.iter().chain(&to_value).map(|m| &m.text);
            for text in texts.chain([&b.reason, theorem]) {
                assert_eq!(english_words(text), Vec::<&str>::new(), "{text}");
            }
        }
        assert!(n.reason.contains("倍数") && p.reason.contains("二进制"));
        assert_eq!(moore(2).theorem(Play::Misere, Lang::Zh), None);
    }

    #[test]
    fn k_one_is_nim() {
        let game = moore(1);
        let a = game
            .analyze(
                &trusted(&to_bigs(&[3, 4, 5])),
                &Query::new(Method::Theory, Play::Normal),
                &Budget::default(),
            )
            .unwrap();
        assert_eq!(a.grundy, GrundyValue::Value(big(2)));
        assert!(a.moves_complete);
        for target in 0..8u64 {
            let theory = game
                .moves_to_value(
                    &trusted(&to_bigs(&[3, 4, 5])),
                    &big(target),
                    Method::Theory,
                    &Budget::default(),
                    Lang::En,
                )
                .unwrap();
            let search = game
                .moves_to_value(
                    &trusted(&to_bigs(&[3, 4, 5])),
                    &big(target),
                    Method::Search,
                    &Budget::default(),
                    Lang::En,
                )
                .unwrap();
            let theory: BTreeSet<_> = theory.into_iter().map(|m| m.to.into_numbers()).collect();
            let search: BTreeSet<_> = search.into_iter().map(|m| m.to.into_numbers()).collect();
            assert_eq!(theory, search, "target {target}");
        }
        assert!(moore(2)
            .moves_to_value(
                &trusted(&to_bigs(&[3, 4, 5])),
                &big(0),
                Method::Theory,
                &Budget::default(),
                Lang::En
            )
            .is_err());
    }

    /// Checks that `to` is a legal Nim_k move from `from` that reaches a P-position.
    fn assert_winning(from: &[BigUint], to: &[BigUint], k: u64) {
        assert!(is_p(to, k), "{to:?} is not P");
        let changed = from.iter().zip(to).filter(|(f, t)| f != t).count();
        assert!((1..=k as usize).contains(&changed), "{changed} heaps changed");
        assert!(from.iter().zip(to).all(|(f, t)| t <= f), "a heap grew");
    }

    #[test]
    fn three_hundred_digit_heaps() {
        let base: BigUint = "31415926535897932384626433832795028841971693993751".repeat(6).parse().unwrap();
        let heaps: Vec<BigUint> = (1u32..=7).map(|i| &base * i + (&base >> (i * 13)) + i).collect();
        assert!(heaps.iter().all(|h| h.to_string().len() >= 300));
        for k in [2, 3, 5, 6] {
            let a = moore(k)
                .analyze(&trusted(&heaps), &Query::new(Method::Auto, Play::Normal), &Budget::default())
                .unwrap();
            assert_eq!(a.outcome, Outcome::N, "k {k}");
            assert_eq!(a.winning_moves.len(), 1);
            assert_winning(&heaps, &a.winning_moves[0].to, k);
            let p = moore(k)
                .analyze(
                    &trusted(&a.winning_moves[0].to),
                    &Query::new(Method::Auto, Play::Normal),
                    &Budget::default(),
                )
                .unwrap();
            assert_eq!(p.outcome, Outcome::P);
            assert!(p.winning_moves.is_empty());
        }
    }

    #[test]
    fn bad_specs_are_errors() {
        let message = |spec: &str| spec.parse::<GameSpec>().err().unwrap().to_string();
        assert_eq!(
            message("moore"),
            "the game 'moore' needs the parameter 'k': the most heaps one move may take from (K >= 1)"
        );
        assert_eq!(message("moore --k 0"), "invalid value '0' for the parameter 'k': it must be at least 1");
        assert!(Moore::new(0).is_none());
        assert_eq!(
            message("moore --k 2 --max 1"),
            "the parameter 'max' does not apply to the game 'moore' (it takes: k)"
        );
        assert!(moore(2).check_position(&[]).is_err());
    }

    #[test]
    fn misere_is_answered_by_search() {
        let a = moore(2)
            .analyze(
                &trusted(&to_bigs(&[1, 1, 1])),
                &Query::new(Method::Auto, Play::Misere),
                &Budget::default(),
            )
            .unwrap();
        assert!(matches!(a.basis, Basis::Search { .. }));
        assert_eq!(moore(2).theorem(Play::Misere, Lang::En), None);
    }

    proptest! {
        #[test]
        fn construction_reaches_a_p_position(
            heaps in prop::collection::vec(prop::collection::vec(any::<u32>(), 0..12), 1..8),
            k in 1u64..6,
        ) {
            let heaps: Vec<BigUint> = heaps.into_iter().map(BigUint::new).collect();
            match winning_move(&heaps, k) {
                None => prop_assert!(is_p(&heaps, k)),
                Some(to) => {
                    prop_assert!(!is_p(&heaps, k));
                    assert_winning(&heaps, &to, k);
                }
            }
        }
    }
}
