use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::time::Duration;

use num_bigint::BigUint;

use super::known::Known;
use super::*;
use crate::analysis::no_progress;
use crate::bigint::{big, to_bigs};
use crate::octal::expand_pattern;
#[allow(unused_imports)]
use crate::test_prelude::*;
use crate::Method;

fn query(method: Method) -> Query {
    Query::new(method, Play::Normal)
}

fn solve(game: &dyn AnyGame, heaps: &[u64]) -> Analysis {
    game.analyze(&trusted(&to_bigs(heaps)), &query(Method::Auto), &Budget::default()).unwrap()
}

fn targets(analysis: &Analysis) -> BTreeSet<Vec<BigUint>> {
    analysis.winning_moves.iter().map(|m| m.to.to_vec()).collect()
}

/// A position as a multiset of non-empty heaps: a subtraction game writes an emptied heap as
/// 0, a take-and-break game drops it.
fn heaps_of(position: &[BigUint]) -> Vec<BigUint> {
    let mut heaps: Vec<BigUint> = position.iter().filter(|h| **h != BigUint::ZERO).cloned().collect();
    heaps.sort();
    heaps
}

/// Theory against the generic search on every position of at most two heaps up to `bound`:
/// outcome, value and the set of winning moves (removals and splits).
fn assert_verified(spec: &str, bound: u64) {
    let game = test_game(spec);
    let report = game.verify(bound, Play::Normal, &Budget::default(), &no_progress).unwrap();
    assert_eq!(report.counterexample, None, "{spec}");
    assert_eq!(report.positions as u64, SortedTuples::count(2, bound), "{spec}");
}

#[test]
fn theory_matches_search_on_every_code_of_two_digits_up_to_10() {
    for code in expand_pattern("?.??", 1000).unwrap() {
        assert_verified(&format!("octal --code {code}"), 10);
    }
}

#[test]
fn theory_matches_search_for_named_hexadecimal_and_grundy_games_up_to_16() {
    for spec in ["kayles", "dawson-kayles", "dawsons-chess", "grundy-game", "octal --code 4.07"] {
        assert_verified(spec, 16);
    }
    for code in ["0x0.8", "0x4.8", "0x0.F", "0x0.48", "0xC.1", "0x0.0F", "0.1337", "0.6", "0.16"] {
        assert_verified(&format!("octal --code {code}"), 12);
    }
}

#[test]
fn subtraction_games_and_their_codes_give_the_same_answers() {
    for set in [&[1u64, 3, 4][..], &[2, 3, 5, 7], &[1, 4, 10], &[3], &[2, 5, 6]] {
        let text: Vec<String> = set.iter().map(u64::to_string).collect();
        let subtraction = test_game(&format!("subtraction --set {}", text.join(",")));
        let octal = test_game(&format!("octal --code {}", OctalCode::from_subtraction_set(set)));
        for n in 0..300u64 {
            let (a, b) = (solve(subtraction.as_ref(), &[n]), solve(octal.as_ref(), &[n]));
            assert_eq!((a.outcome, &a.grundy), (b.outcome, &b.grundy), "{set:?} heap {n}");
            let multisets = |a: &Analysis| -> BTreeSet<Vec<BigUint>> {
                a.winning_moves.iter().map(|m| heaps_of(&m.to)).collect()
            };
            assert_eq!(multisets(&a), multisets(&b), "{set:?} heap {n}");
            for t in 0..4u64 {
                let moves = |g: &dyn AnyGame| -> BTreeSet<Vec<BigUint>> {
                    let all = g
                        .moves_to_value(
                            &trusted(&[big(n)]),
                            &big(t),
                            Method::Auto,
                            &Budget::default(),
                            Lang::En,
                        )
                        .unwrap();
                    all.into_iter().map(|m| heaps_of(&m.to)).collect()
                };
                assert_eq!(moves(subtraction.as_ref()), moves(octal.as_ref()), "{set:?} heap {n} to {t}");
            }
        }
    }
}

/// The game of `code` with its period certified, and the same values as a plain prefix of
/// `len` values.
fn periodic_and_prefix(code: &str, len: u64) -> (TakeAndBreak, Known) {
    let rules = GameRules::Octal(code.parse().unwrap());
    let game = TakeAndBreak::new(rules.clone(), BUILD_LIMIT, &Budget::new(u64::MAX)).unwrap();
    assert!(game.period().is_some(), "{code} is certified");
    let mut sequence = rules.sequence();
    sequence.extend_to(len, |_| ControlFlow::Continue(())).unwrap();
    (game, Known::Prefix(sequence))
}

#[test]
fn winning_splits_by_residue_classes_match_the_values_one_by_one() {
    for code in ["0.77", "0.07", "0.137", "4.07", "0.51", "0.15"] {
        let (game, prefix) = periodic_and_prefix(code, 2_000);
        let (l, p) = game.period().unwrap();
        // Heaps well past l + p, where the classes apply, and around the boundary.
        let start = (2 * (l + p)).saturating_sub(20);
        for heap in (start..start + 150).chain([1_999]) {
            let heap = big(heap);
            for target in 0..=10 {
                let by_classes = game.known().moves_to(&game.menu, &heap, target, usize::MAX).unwrap();
                let one_by_one = prefix.moves_to(&game.menu, &heap, target, usize::MAX).unwrap();
                assert_eq!(by_classes.listed, one_by_one.listed, "{code} heap {heap} to {target}");
                assert_eq!(by_classes.count, one_by_one.count, "{code} heap {heap} to {target}");
                // A shorter list is the start of the full one, with the same count.
                let first = game.known().moves_to(&game.menu, &heap, target, 3).unwrap();
                assert_eq!(first.listed[..], one_by_one.listed[..first.listed.len()]);
                assert_eq!(first.count, one_by_one.count);
            }
        }
    }
}

#[test]
fn dawson_kayles_sum_reason_and_moves_in_words() {
    let game = test_game("dawson-kayles");
    let a = solve(game.as_ref(), &[5, 8, 13]);
    assert_eq!(a.grundy, GrundyValue::Value(big(3)));
    assert_eq!(a.outcome, Outcome::N);
    assert!(a.reason.starts_with("G(5) ^ G(8) ^ G(13) = 0 ^ 1 ^ 2 = 3, so "), "{}", a.reason);
    assert!(
        matches!(&a.basis, Basis::Theory(t) if t.starts_with("Dawson's Kayles (0.07) is periodic from 53 with period 34"))
    );
    // Every winning move leaves a position of value 0, and the search finds the same ones.
    let search =
        game.analyze(&trusted(&to_bigs(&[5, 8, 13])), &query(Method::Search), &Budget::default()).unwrap();
    assert_eq!(targets(&a), targets(&search));
    assert!(a.moves_complete);
    assert_eq!(a.winning_move_count, Some(a.winning_moves.len() as u64));
    let texts: Vec<&str> = a.winning_moves.iter().map(|m| m.text.as_str()).collect();
    assert!(texts.iter().any(|t| t.contains(", leaving rows of ")), "{texts:?}");
    // The user's order is kept: the moved heap is replaced in place.
    for m in &a.winning_moves {
        assert_eq!(m.text, game_describe(&[5, 8, 13], &m.to), "{m:?}");
    }
}

/// The search's move text for `from -> to` (what `describe_move` says).
fn game_describe(from: &[u64], to: &[BigUint]) -> String {
    let game =
        TakeAndBreak::new(GameRules::Octal(OctalCode::dawson_kayles()), 1000, &Budget::default()).unwrap();
    game.describe_move(&to_bigs(from), to, Lang::En)
}

#[test]
fn move_texts_of_the_search() {
    let kayles = TakeAndBreak::new(GameRules::Octal(OctalCode::kayles()), 1000, &Budget::default()).unwrap();
    let text = |from: &[u64], to: &[u64]| kayles.describe_move(&to_bigs(from), &to_bigs(to), Lang::En);
    assert_eq!(text(&[3, 7], &[3, 2, 4]), "knock down 1 pin from the row of 7, leaving rows of 2 and 4");
    assert_eq!(text(&[3, 7], &[1, 7]), "knock down 2 pins at the end of the row of 3");
    assert_eq!(text(&[1, 7], &[7]), "knock down the whole row of 1");
    assert_eq!(text(&[4, 4], &[4, 1, 1]), "knock down 2 pins from the row of 4, leaving rows of 1 and 1");
    let grundy = TakeAndBreak::new(GameRules::GrundyGame, 1000, &Budget::default()).unwrap();
    assert_eq!(
        grundy.describe_move(&to_bigs(&[6]), &to_bigs(&[1, 5]), Lang::En),
        "split the heap of 6 into heaps of 1 and 5"
    );
}

/// The Chinese theorems, reasons and move texts (N and P, one heap and sums, periodic and
/// computed values, removals and splits): the same answers as in English, in the seeds' terms,
/// no English word left.
#[test]
fn chinese_reasons_theorems_and_moves_in_words() {
    let zh = Query { lang: Lang::Zh, ..query(Method::Auto) };
    let dawson = test_game("dawson-kayles");
    let a = dawson.analyze(&trusted(&to_bigs(&[5, 8, 13])), &zh, &Budget::default()).unwrap();
    assert!(a.reason.starts_with("G(5) ^ G(8) ^ G(13) = 0 ^ 1 ^ 2 = 3，所以"), "{}", a.reason);
    assert!(a.reason.ends_with("，走到 SG 值为 0 的必败态（P）"), "{}", a.reason);
    let Basis::Theory(theorem) = &a.basis else { panic!("theory basis") };
    assert!(
        theorem.starts_with(
            "Dawson 的 Kayles（0.07）：SG 值从 53 起以 34 为周期（由 Guy–Smith 周期性定理证明，检验到 "
        ),
        "{theorem}"
    );
    assert!(theorem.ends_with("）；几堆之和的 SG 值是各堆 SG 值的异或和"), "{theorem}");
    let grundy = test_game("grundy-game");
    let p = grundy.analyze(&trusted(&to_bigs(&[20])), &zh, &Budget::default()).unwrap();
    assert_eq!(p.reason, "G(20) = 0：没有一步能走到 SG 值为 0 的局面，这是必败态（P）");
    let theorem = grundy.theorem(Play::Normal, Lang::Zh).unwrap();
    assert!(theorem.starts_with("Grundy 博弈：SG 值由序列引擎精确算出"), "{theorem}");
    assert!(theorem.contains("（没有适用的周期性定理）；"), "{theorem}");
    let kayles = test_game("kayles");
    let pair = kayles.analyze(&trusted(&to_bigs(&[4, 4])), &zh, &Budget::default()).unwrap();
    assert_eq!(
        pair.reason,
        "G(4) ^ G(4) = 1 ^ 1 = 0：每一步都会改变异或和，所以没有一步能走到 SG 值 0，这是必败态（P）"
    );
    let unlisted = Query { max_moves: 0, ..zh };
    let n = kayles.analyze(&trusted(&to_bigs(&[4])), &unlisted, &Budget::default()).unwrap();
    assert_eq!(n.reason, "G(4) = 1，不为 0，所以有一步能走到 SG 值为 0 的必败态（P）");
    let huge: BigUint = BigUint::from(10u32).pow(40) + 7u8;
    let listed = Query { max_moves: 3, ..zh };
    let h = kayles.analyze(&trusted(std::slice::from_ref(&huge)), &listed, &Budget::default()).unwrap();
    let reduced = 71 + ((&huge - 71u8) % 12u8).to_u64().unwrap();
    assert!(h.reason.contains(&format!("（周期 12，从 71 开始：G({huge}) = G({reduced})）")), "{}", h.reason);
    let many = kayles.analyze(&trusted(&to_bigs(&[1; 14])), &zh, &Budget::default()).unwrap();
    assert!(many.reason.contains(" ^ ...（共 14 堆）"), "{}", many.reason);
    // Every kind of move, and a position no single move reaches.
    let kayles_rules =
        TakeAndBreak::new(GameRules::Octal(OctalCode::kayles()), 1000, &Budget::default()).unwrap();
    let text = |game: &TakeAndBreak, from: &[u64], to: &[u64]| {
        game.describe_move(&to_bigs(from), &to_bigs(to), Lang::Zh)
    };
    assert_eq!(text(&kayles_rules, &[3, 7], &[3, 2, 4]), "从 7 个瓶子的那排击倒 1 个，剩下 2 个和 4 个两排");
    assert_eq!(text(&kayles_rules, &[3, 7], &[1, 7]), "从 3 个瓶子的那排一端击倒 2 个");
    assert_eq!(text(&kayles_rules, &[1, 7], &[7]), "击倒 1 个瓶子的那一整排");
    assert_eq!(text(&kayles_rules, &[3, 7], &[9]), "走到 9");
    let grundy_rules = TakeAndBreak::new(GameRules::GrundyGame, 1000, &Budget::default()).unwrap();
    assert_eq!(text(&grundy_rules, &[6], &[1, 5]), "把 6 个那堆分成 1 个和 5 个两堆");
    let three =
        TakeAndBreak::new(GameRules::Octal("0x0.8".parse().unwrap()), 1000, &Budget::default()).unwrap();
    assert_eq!(text(&three, &[7], &[1, 2, 3]), "从 7 个瓶子的那排击倒 1 个，剩下 1 个、2 个和 3 个三排");
    assert_eq!(
        describe_heap_move(&big(7), 0, &to_bigs(&[1, 2, 4]), Lang::Zh),
        "把 7 个那堆分成 1 个、2 个和 4 个三堆"
    );
    assert_eq!(
        describe_heap_move(&big(7), 0, &to_bigs(&[1, 2, 4]), Lang::En),
        "split the heap of 7 into heaps of 1, 2 and 4"
    );
    // The same answers as in English; every Chinese text free of English words.
    let to_value = dawson
        .moves_to_value(
            &trusted(&to_bigs(&[5, 8, 13])),
            &big(2),
            Method::Theory,
            &Budget::default(),
            Lang::Zh,
        )
        .unwrap();
    let english_to_value = dawson
        .moves_to_value(
            &trusted(&to_bigs(&[5, 8, 13])),
            &big(2),
            Method::Theory,
            &Budget::default(),
            Lang::En,
        )
        .unwrap();
    let to = |moves: &[MoveReport]| moves.iter().map(|m| m.to.to_vec()).collect::<Vec<_>>();
    assert_eq!(to(&to_value), to(&english_to_value));
    let english =
        dawson.analyze(&trusted(&to_bigs(&[5, 8, 13])), &query(Method::Auto), &Budget::default()).unwrap();
    assert_eq!(
        (english.outcome, &english.grundy, to(&english.winning_moves)),
        (a.outcome, &a.grundy, to(&a.winning_moves))
    );
    assert!(english.reason.starts_with("G(5) ^ G(8) ^ G(13) = 0 ^ 1 ^ 2 = 3, so "), "{}", english.reason);
    let prefix =
        TakeAndBreak::new(GameRules::Octal("0.16".parse().unwrap()), BUILD_LIMIT, &Budget::new(200_000))
            .unwrap();
    let prefix_theorem = prefix.theorem(Play::Normal, Lang::Zh).unwrap();
    assert!(prefix_theorem.starts_with("0.16：SG 值由序列引擎精确算出"), "{prefix_theorem}");
    assert!(prefix_theorem.contains("（尚未证明周期）"), "{prefix_theorem}");
    let analyses = [&a, &p, &pair, &n, &h, &many];
    let reasons =
        analyses.iter().flat_map(|x| [&x.reason].into_iter().chain(x.winning_moves.iter().map(|m| &m.text)));
    let theorems: Vec<String> = [&kayles, &dawson, &grundy]
        .iter()
        .map(|g| g.theorem(Play::Normal, Lang::Zh).unwrap())
        .chain([prefix_theorem])
        .collect();
    for text in reasons.chain(to_value.iter().map(|m| &m.text)).chain(&theorems) {
        assert_eq!(english_words(text), Vec::<&str>::new(), "{text}");
    }
    assert_eq!(title(&GameRules::Octal(OctalCode::dawsons_chess()), Lang::Zh), "Dawson 象棋（0.137）");
    assert_eq!(title(&GameRules::Octal(OctalCode::kayles()), Lang::Zh), "Kayles 游戏（0.77）");
    assert_eq!(title(&GameRules::Octal(OctalCode::kayles()), Lang::En), "Kayles (0.77)");
}

#[test]
fn huge_heaps_by_the_period() {
    let game = test_game("kayles");
    let n: BigUint = BigUint::from(10u32).pow(40) + 7u8;
    let listed = Query { max_moves: 20, ..query(Method::Auto) };
    let a = game.analyze(&trusted(std::slice::from_ref(&n)), &listed, &Budget::default()).unwrap();
    let kayles = TakeAndBreak::new(GameRules::Octal(OctalCode::kayles()), 1000, &Budget::default()).unwrap();
    let reduced = 71 + ((&n - 71u8) % 12u8).to_u64().unwrap();
    assert_eq!(a.grundy, GrundyValue::Value(big(u64::from(kayles.heap_value(&big(reduced)).unwrap()))));
    assert!(a.reason.contains(&format!("(period 12 from 71: G({n}) = G({reduced}))")), "{}", a.reason);
    // A heap this large has about 10^39 winning splits: 20 are listed, all are counted.
    assert_eq!(a.winning_moves.len(), 20);
    assert!(!a.moves_complete);
    assert_eq!(a.winning_move_count, None, "more than 2^64");
    for m in &a.winning_moves {
        let value = m.to.iter().fold(0, |x, h| x ^ kayles.heap_value(h).unwrap());
        assert_eq!(value, 0, "{}", m.text);
    }
    // Two huge heaps: the sum is their nim-sum.
    let b =
        game.analyze(&trusted(&[n.clone(), n.clone()]), &query(Method::Auto), &Budget::default()).unwrap();
    assert_eq!(b.outcome, Outcome::P);
    assert_eq!(b.winning_move_count, Some(0));
}

#[test]
fn grundy_game_is_answered_from_its_computed_values() {
    let game = test_game("grundy-game");
    let a = solve(game.as_ref(), &[20]);
    assert_eq!(a.outcome, Outcome::P);
    assert_eq!(a.reason, "G(20) = 0: no move leads to value 0");
    let theorem = game.theorem(Play::Normal, Lang::En).unwrap();
    assert!(
        theorem.starts_with("Grundy's game: values computed exactly by the sequence engine"),
        "{theorem}"
    );
    assert!(theorem.contains("no periodicity theorem applies"));
    let b = solve(game.as_ref(), &[3, 7, 12]);
    let grundy = [0u32, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3];
    assert_eq!(b.grundy, GrundyValue::Value(big(u64::from(grundy[3] ^ grundy[7] ^ grundy[12]))));
}

#[test]
fn a_small_budget_keeps_the_values_it_computed_and_searches_beyond() {
    // 0.16 needs half a million values for its certificate: not within 2·10^5 units.
    let rules = GameRules::Octal("0.16".parse().unwrap());
    let game = TakeAndBreak::new(rules, BUILD_LIMIT, &Budget::new(200_000)).unwrap();
    assert_eq!(game.period(), None);
    let computed = game.values_computed().unwrap();
    assert!(computed > 1_000, "{computed}");
    let theorem = game.theorem(Play::Normal, Lang::En).unwrap();
    assert!(theorem.contains("no period certified yet"), "{theorem}");
    let analysis = game.theory(&[big(900)], Play::Normal, 20, Lang::En).unwrap();
    assert!(matches!(analysis.grundy, GrundyValue::Value(_)));
    assert!(
        game.theory(&[big(computed)], Play::Normal, 20, Lang::En).is_none(),
        "beyond the values: no theory"
    );
    // A question on a larger heap computes the sequence up to it under its own budget: one too
    // small for the certificate is an error, not a search.
    let engine = crate::rulesets::engine(&"octal --code 0.16".parse().unwrap(), game);
    let error = engine
        .analyze(&trusted(&[big(10_000_000)]), &query(Method::Auto), &Budget::new(100_000))
        .unwrap_err();
    assert!(matches!(error, EngineError::Exhausted { .. }), "{error}");
    // A deadline that has passed is an error, not a shorter sequence.
    let late = Budget::with_timeout(u64::MAX, Duration::from_nanos(1));
    std::thread::sleep(Duration::from_millis(2));
    let error = TakeAndBreak::new(GameRules::GrundyGame, BUILD_LIMIT, &late).unwrap_err();
    assert!(matches!(error, EngineError::Exhausted { cause: Exhausted::Deadline { .. }, .. }), "{error}");
}

#[test]
fn the_build_charges_its_budget() {
    let budget = Budget::new(10_000_000);
    "dawson-kayles".parse::<GameSpec>().unwrap().build(&budget).unwrap();
    // 176 values of the direct method: a few hundred engine operations, a few units.
    let used = budget.used();
    assert!((1..2_000).contains(&used), "{used}");
}

#[test]
fn misere_by_the_quotient_or_search_when_asked_and_several_players_by_search() {
    let game = test_game("kayles");
    // Less than the quotient's work left: out of budget (a fast lane hands the question on to
    // its full budget), so that every surface answers from the same quotient; the search only
    // when asked for.
    let small = Budget::new(crate::rulesets::misere::MISERE_WORK - 1);
    let error = game.analyze(&trusted(&to_bigs(&[1])), &Query::play(Play::Misere), &small).unwrap_err();
    assert!(error.exhausted().is_some_and(|e| e.is_budget()), "{error}");
    let searched = Query::new(Method::Search, Play::Misere);
    let misere = game.analyze(&trusted(&to_bigs(&[1])), &searched, &small).unwrap();
    assert_eq!(misere.outcome, Outcome::P);
    assert!(matches!(misere.basis, Basis::Search { .. }));
    // With the budget, from the quotient (0.75's is computed at once).
    let dot_75 = test_game("octal --code 0.75");
    let misere =
        dot_75.analyze(&trusted(&to_bigs(&[1])), &Query::play(Play::Misere), &Budget::default()).unwrap();
    assert_eq!(misere.outcome, Outcome::P);
    assert!(matches!(misere.basis, Basis::Theory(_)));
    // Misère Kayles: a row of 4 loses (every move leaves 3, 1 + 2, 2 or 1 + 1, each of which
    // can be taken to a lone pin), while it wins under normal play (G(4) = 1).
    let four = game.analyze(&trusted(&to_bigs(&[4])), &searched, &small).unwrap();
    assert_eq!(four.outcome, Outcome::P);
    assert_eq!(solve(game.as_ref(), &[4]).outcome, Outcome::N);
    let players = game
        .analyze_players(&trusted(&to_bigs(&[5, 3])), 3, Method::Auto, &Budget::default(), Lang::En)
        .unwrap();
    assert!(matches!(players.basis, Basis::Search { .. }));
    assert!(!players.moves.is_empty());
}

#[test]
fn codes_are_checked_with_the_digit_named() {
    let error = GameSpec::from_pairs("octal", &[("code", "0.8")]).unwrap_err().to_string();
    assert!(
        error.starts_with(
            "invalid value '0.8' for the parameter 'code': octal code `0.8`: character 3 ('8', digit d1)"
        ),
        "{error}"
    );
    for bad in ["1.2", "", "0.7z", "077"] {
        assert!(GameSpec::from_pairs("octal", &[("code", bad)]).is_err(), "{bad}");
    }
    let spec: GameSpec = "octal --code .07".parse().unwrap();
    assert_eq!(spec.to_string(), "octal --code 0.07");
    let spec: GameSpec = "octal --code 0x0.8f".parse().unwrap();
    assert_eq!(spec.to_string(), "octal --code 0x0.8F");
}

#[test]
fn search_costs_bound_the_search() {
    assert_eq!(partition_sums(5).unwrap(), [1, 2, 4, 7, 12, 19]);
    // p(100) = 190,569,292.
    let sums = partition_sums(100).unwrap();
    assert_eq!(sums[100] - sums[99], 190_569_292);
    assert_eq!(partition_sums(4_000).unwrap()[4_000], u128::MAX);
    assert_eq!(partition_sums(4_001), None);
    let kayles = TakeAndBreak::new(GameRules::Octal(OctalCode::kayles()), 1000, &Budget::default()).unwrap();
    let cost = kayles.search_cost(&to_bigs(&[10]));
    // A heap of 10 under Kayles: 2 takes and 4 + 4 splits.
    assert_eq!(cost.at_least, big(10 + 10 * UNITS_PER_POSITION));
    assert!(cost.at_most.is_some());
    // The search of a heap of a million is refused before it starts.
    let engine = crate::rulesets::engine(&"kayles".parse().unwrap(), kayles);
    let error = engine
        .analyze(&trusted(&[big(1_000_000)]), &query(Method::Search), &Budget::new(1_000_000))
        .unwrap_err();
    assert!(matches!(error, EngineError::Exhausted { .. }), "{error}");
}

#[test]
fn a_heap_beyond_the_built_values_extends_them_under_the_question_budget() {
    // Built under a small budget, 0.16 has a short prefix and no period; a question on a heap of
    // a million computes the sequence (certifying the period on the way), never a search.
    let spec: GameSpec = "octal --code 0.16".parse().unwrap();
    let built =
        TakeAndBreak::new(GameRules::Octal("0.16".parse().unwrap()), BUILD_LIMIT, &Budget::new(200_000));
    let game = built.unwrap();
    assert_eq!(game.period(), None);
    let engine = crate::rulesets::engine(&spec, game.clone());
    let answer =
        engine.analyze(&trusted(&[big(1_000_000)]), &query(Method::Auto), &Budget::default()).unwrap();
    assert!(matches!(answer.basis, Basis::Theory(_)), "{:?}", answer.basis);
    let fresh = test_game("octal --code 0.16");
    assert_eq!(answer.grundy, solve(fresh.as_ref(), &[1_000_000]).grundy);
    assert!(game.period().is_some(), "the clone shares what the question computed");

    // Grundy's game has no period: its values grow as far as the question needs, and agree with
    // a sequence computed from scratch.
    let grundy = TakeAndBreak::new(GameRules::GrundyGame, BUILD_LIMIT, &Budget::new(20_000)).unwrap();
    let before = grundy.values_computed().unwrap();
    let heap = before + 5_000;
    let engine = crate::rulesets::engine(&"grundy-game".parse().unwrap(), grundy.clone());
    let answer = engine.analyze(&trusted(&[big(heap)]), &query(Method::Theory), &Budget::default()).unwrap();
    let mut reference = GameRules::GrundyGame.sequence();
    reference.extend_to(heap + 1, |_| ControlFlow::Continue(())).unwrap();
    assert_eq!(answer.grundy, GrundyValue::Value(big(u64::from(reference.value(heap).unwrap()))));
    assert!(grundy.values_computed().unwrap() > heap);

    // A budget too small for the values needed is one clear error naming them.
    let small = TakeAndBreak::new(GameRules::GrundyGame, BUILD_LIMIT, &Budget::new(20_000)).unwrap();
    let engine = crate::rulesets::engine(&"grundy-game".parse().unwrap(), small);
    let error = engine
        .analyze(&trusted(&[big(5_000_000)]), &query(Method::Auto), &Budget::new(1_000_000))
        .unwrap_err();
    assert!(error.to_string().contains("Grundy values of Grundy's game up to heap 5000000"), "{error}");
}

#[test]
fn tables_stream_from_the_engine_under_the_budget() {
    use crate::tables::{SequenceRequest, TableMethod, TableValues};
    let game = test_game("grundy-game");
    let request = SequenceRequest::new(3_000, TableValues::Grundy, Play::Normal);
    let mut sequence = game.sequence(&request, &Budget::default()).unwrap();
    assert_eq!(sequence.basis().method, TableMethod::SequenceEngine);
    let table = sequence.collect_rest().unwrap();
    let mut reference = GameRules::GrundyGame.sequence();
    reference.extend_to(3_001, |_| ControlFlow::Continue(())).unwrap();
    assert!(table.iter().zip(reference.view().iter()).all(|(&a, b)| a == u64::from(b)));
    // A long table stops at the budget, naming the heap it reached.
    let small = Budget::new(3_000_000);
    let request = SequenceRequest::new(50_000_000, TableValues::Grundy, Play::Normal);
    let mut long = game.sequence(&request, &small).unwrap();
    let mut chunk = vec![0; 1 << 16];
    let error = loop {
        match long.fill(&mut chunk) {
            Ok(0) => panic!("the table should not fit the budget"),
            Ok(_) => {}
            Err(error) => break error,
        }
    };
    assert!(error.to_string().starts_with("the sequence stopped at heap "), "{error}");
    assert!(error.exhausted().is_some_and(Exhausted::is_budget));
}

/// Every multiset of non-empty heaps (non-increasing) with at most `total` tokens.
fn sums_up_to(total: u64) -> Vec<Vec<u64>> {
    fn grow(left: u64, largest: u64, current: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.push(current.clone());
        for h in (1..=largest.min(left)).rev() {
            current.push(h);
            grow(left - h, h, current, out);
            current.pop();
        }
    }
    let mut out = Vec::new();
    grow(total, total, &mut Vec::new(), &mut out);
    out
}

/// Misère answers from the quotient (outcome and the set of winning moves, as multisets of
/// heaps) equal the misère search on every sum of at most 10 tokens, for five codes.
#[test]
fn misere_quotient_answers_equal_the_misere_search() {
    // Codes whose quotient is certified within a fraction of a second (0.56 and Dawson's chess
    // are not: their first misère question spends the quotient's whole work).
    for spec in ["octal --code 0.75", "kayles", "octal --code 0.3", "octal --code 0.71", "octal --code 0.34"]
    {
        let game = test_game(spec);
        for heaps in sums_up_to(10) {
            let numbers = to_bigs(&heaps);
            let ask = |method| {
                game.analyze(&trusted(&numbers), &Query::new(method, Play::Misere), &Budget::default())
                    .unwrap()
            };
            let (theory, search) = (ask(Method::Theory), ask(Method::Search));
            assert!(matches!(theory.basis, crate::analysis::Basis::Theory(_)), "{spec} {heaps:?}");
            assert_eq!(theory.outcome, search.outcome, "{spec} {heaps:?}");
            let moves = |a: &Analysis| -> BTreeSet<Vec<BigUint>> {
                a.winning_moves.iter().map(|m| heaps_of(&m.to)).collect()
            };
            assert_eq!(moves(&theory), moves(&search), "{spec} {heaps:?}");
            assert!(theory.moves_complete, "{spec} {heaps:?}");
        }
    }
}

/// Kayles' quotient is certified, so heaps of any size are answered at once with their moves.
#[test]
fn misere_kayles_answers_large_heaps_from_the_quotient() {
    let game = test_game("kayles");
    let query = Query::new(Method::Auto, Play::Misere);
    let analysis = game.analyze(&trusted(&to_bigs(&[100, 200, 300])), &query, &Budget::default()).unwrap();
    assert!(analysis.reason.starts_with("misère quotient: Φ(100)·Φ(200)·Φ(300) = "), "{}", analysis.reason);
    assert!(matches!(analysis.basis, crate::analysis::Basis::Theory(_)));
    assert!(analysis.moves_complete);
    assert_eq!(analysis.winning_move_count, Some(analysis.winning_moves.len() as u64));
    let huge = BigUint::from(10u32).pow(30);
    let analysis = game.analyze(&trusted(&[huge.clone(), huge]), &query, &Budget::default()).unwrap();
    assert!(!analysis.moves_complete || analysis.outcome == Outcome::P);
}

/// `verify --misere`: the quotient against the brute-force search on every sum of at most 16
/// tokens (the partitions of 0..=16), with its structure; a partial quotient lowers the total to
/// the heaps it covers.
#[test]
fn the_misere_quotient_verifies_against_brute_force() {
    use crate::rulesets::misere::verify;
    let kayles: OctalCode = "0.77".parse().unwrap();
    let report = verify("kayles".into(), "Kayles", &kayles, 16, &Budget::default(), &no_progress).unwrap();
    assert!(report.agree, "{:?}", report.counterexample);
    assert_eq!(
        (report.positions, report.bound, report.play),
        (1 + 1 + 2 + 3 + 5 + 7 + 11 + 15 + 22 + 30 + 42 + 56 + 77 + 101 + 135 + 176 + 231, 16, Play::Misere)
    );
    let checks = report.quotient.expect("the quotient's checks");
    assert!(checks.certified);
    assert_eq!((checks.order, checks.p_portion), (40, 9));
    assert!(checks.structure.iter().any(|s| s == "even order (40)"), "{:?}", checks.structure);
    assert!(report.theorem.starts_with("the misère quotient of Kayles: order 40"), "{}", report.theorem);
    // Dawson's Kayles is not certified within the quotient's work: its partial quotient covers
    // the heaps it reached, and no more tokens are checked than that.
    let dawson: OctalCode = "0.07".parse().unwrap();
    let report = verify("dawson-kayles".into(), "0.07", &dawson, 1000, &Budget::default(), &no_progress);
    let report = report.unwrap();
    let checks = report.quotient.unwrap();
    assert!(!checks.certified);
    assert_eq!(report.bound, checks.reached.min(1000));
    assert!(report.bound < 1000);
    // Too little budget for the quotient's fixed work is an error, not a search.
    let err = verify("kayles".into(), "Kayles", &kayles, 16, &Budget::new(1000), &no_progress).unwrap_err();
    assert!(err.exhausted().is_some_and(|e| e.is_budget()), "{err}");
}
