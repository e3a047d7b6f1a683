//! Coin-turning games: closed forms against the recursion over a head's moves, theory (values
//! and every winning move) against a search of every row as a bitmask, and the Tartan theorem
//! against the recursion over the two-dimensional moves.

use num_bigint::BigUint;

use super::product::TWINS;
use super::*;
use crate::bigint::to_bigs;
#[allow(unused_imports)]
use crate::test_prelude::*;
use crate::Method;

fn rule(first: u64, most: Option<u64>, exactly: bool, consecutive: bool, span: Option<u64>) -> CoinRule {
    CoinRule { first, most, exactly, consecutive, span }
}

/// Every rule with a closed form the module proves, and some without.
fn closed_rules() -> Vec<CoinRule> {
    let mut rules = vec![
        turning_turtles::RULE,
        mock_turtles::RULE,
        ruler::RULE,
        TWINS,
        rule(1, Some(1), false, false, None),
        rule(1, Some(3), false, false, None),
        rule(1, Some(2), true, true, None),
        rule(1, Some(3), true, false, Some(2)),
    ];
    for s in [2, 3, 5] {
        rules.push(rule(1, Some(2), false, false, Some(s)));
        rules.push(rule(0, Some(2), true, false, Some(s)));
    }
    for k in [2, 3, 4, 5, 7, 8, 9] {
        rules.push(rule(1, Some(k), false, true, None));
        rules.push(rule(1, None, false, true, Some(k)));
        rules.push(rule(1, Some(k + 3), false, true, Some(k)));
    }
    rules
}

/// The closed form equals the recursion `G(n) = mex { XOR G(A) }` over the moves of a head:
/// up to coin 1000 for consecutive rules, 128 for the others.
#[test]
fn closed_forms_equal_the_recursion() {
    for r in closed_rules() {
        let form = r.closed_form().unwrap_or_else(|| panic!("{r:?} has no closed form"));
        let upto = if r.consecutive { 1000 } else { 128 };
        let values = head_values(&r, upto, &Budget::default()).unwrap();
        for (n, &v) in values.iter().enumerate() {
            let closed = r.closed_value(&BigUint::from(n)).unwrap();
            assert_eq!(closed, BigUint::from(v), "{r:?} ({form:?}) at coin {n}");
        }
    }
}

#[test]
fn the_known_sequences() {
    let values = |r: CoinRule, upto| head_values(&r, upto, &Budget::default()).unwrap();
    // Mock Turtles from coin 0: the odious numbers.
    assert_eq!(values(mock_turtles::RULE, 7), [1, 2, 4, 7, 8, 11, 13, 14]);
    // Ruler from coin 1 (coin 0 a dummy): the marks of a ruler.
    assert_eq!(values(ruler::RULE, 8), [0, 1, 2, 1, 4, 1, 2, 1, 8]);
    assert_eq!(values(turning_turtles::RULE, 5), [0, 1, 2, 3, 4, 5]);
    assert_eq!(values(TWINS, 4), [0, 1, 2, 3, 4]);
    // No closed form: up to four coins.
    assert!(rule(1, Some(4), false, false, None).closed_form().is_none());
}

/// The values of `rule` by the recursion equal those of a search of the single head: the
/// decomposition's recursion is checked against the rules themselves.
#[test]
fn the_recursion_equals_a_search_of_single_heads() {
    let mut rules = closed_rules();
    rules.extend([
        rule(1, Some(4), false, false, None),
        rule(1, Some(3), false, false, Some(4)),
        rule(1, Some(4), true, false, None),
        rule(1, Some(3), true, true, None),
        rule(0, Some(5), false, false, Some(6)),
    ]);
    for r in rules {
        let row = Row::new(r, Named { en: "test", zh: "test" });
        let mut solver = crate::solve::GrundySolver::new(row.clone());
        let values = head_values(&r, 12, &Budget::default()).unwrap();
        for n in 0..=12u64 {
            let searched = solver.value(&(1u128 << n), &Budget::default()).unwrap();
            assert_eq!(u64::from(searched), values[n as usize], "{r:?} at coin {n}");
        }
    }
}

/// `verify`: theory (decomposition, closed form or recursion, every winning move) against a
/// search of every row of the coins up to the bound, as bitmasks.
#[test]
fn theory_equals_search_on_every_row() {
    for (spec, bound) in [
        ("turning-turtles", 10),
        ("mock-turtles", 9),
        ("ruler", 10),
        ("coins --turn 4", 9),
        ("coins --turn 3 --span 4", 9),
        ("coins --turn 3 --consecutive", 10),
        ("coins --turn 2 --exactly --span 3", 10),
        ("coins --turn 4 --exactly", 9),
    ] {
        let report = test_game(spec).verify(bound, Play::Normal, &Budget::default(), &no_progress).unwrap();
        assert_eq!(report.counterexample, None, "{spec}");
        assert!(report.positions >= 1 << bound, "{spec}: {}", report.positions);
    }
}

#[test]
fn moves_in_words_and_rows() {
    let game = test_game("turning-turtles");
    let a = game
        .analyze(&trusted(&to_bigs(&[3, 5, 7])), &Query::new(Method::Auto, Play::Normal), &Budget::default())
        .unwrap();
    // 3 ^ 5 ^ 7 = 1: turn coin 7 and coin 6 (worth 6 = 7 ^ 1), or 5 and 4, or 3 and 2.
    assert_eq!(a.grundy, GrundyValue::Value(BigUint::from(1u8)));
    let texts: Vec<&str> = a.winning_moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["turn coins 6 and 7", "turn coins 4 and 5", "turn coins 2 and 3"]);
    assert_eq!(a.winning_moves[0].to, to_bigs(&[3, 5, 6]));
    assert!(a.moves_complete);
    let zh = game
        .analyze(
            &trusted(&to_bigs(&[3, 5, 7])),
            &Query { lang: Lang::Zh, ..Query::new(Method::Auto, Play::Normal) },
            &Budget::default(),
        )
        .unwrap();
    assert_eq!(zh.winning_moves[0].text, "翻转第 6、7 枚硬币");
    let drawing = turning_turtles::RULESET.drawing;
    assert_eq!(drawing.row_position("THHTH"), Some(to_bigs(&[2, 3, 5])));
    assert_eq!(mock_turtles::RULESET.drawing.row_position("THHTH"), Some(to_bigs(&[1, 2, 4])));
    assert_eq!(drawing.row_position("THX"), None);
    assert_eq!(crate::spec::Drawing::HEAPS.row_position("HT"), None);
    assert_eq!(drawing.typed_row(&["THHTH"]), Some(to_bigs(&[2, 3, 5])));
    assert_eq!(drawing.typed_row(&["2", "3"]), None);
    assert_eq!(drawing.typed_row(&["HT", "TH"]), None);
    assert_eq!(crate::spec::Drawing::HEAPS.typed_row(&["HT"]), None);
    let twice = game.check_position(&to_bigs(&[3, 3])).unwrap_err();
    assert!(twice.to_string().contains("coin 3 is named twice"), "{twice}");
}

/// Heads far beyond any search: the closed forms' values, and winning moves that reach 0.
#[test]
fn huge_rows_by_theory() {
    let big = |s: &str| -> BigUint { s.parse().unwrap() };
    for spec in [
        "turning-turtles",
        "mock-turtles",
        "ruler",
        "coins --turn 2 --span 7",
        "coins --turn 5 --consecutive",
    ] {
        let game = test_game(spec);
        let heads = vec![big("1000000000000000000000"), big("123456789123456789"), big("98765432123")];
        let query = Query::new(Method::Theory, Play::Normal);
        let a = game.analyze(&trusted(&heads), &query, &Budget::default()).unwrap();
        assert_eq!(a.outcome == Outcome::N, !a.winning_moves.is_empty(), "{spec}: {a:?}");
        for m in a.winning_moves.iter().take(20) {
            let after = game.analyze(&trusted(&m.to), &query, &Budget::default()).unwrap();
            assert_eq!(after.grundy, GrundyValue::Value(BigUint::zero()), "{spec}: {}", m.text);
        }
    }
    // Ruler: a head at 2^100 is worth 2^100.
    let ruler = test_game("ruler");
    let two_100 = BigUint::from(1u8) << 100u32;
    let a = ruler
        .analyze(
            &trusted(std::slice::from_ref(&two_100)),
            &Query::new(Method::Theory, Play::Normal),
            &Budget::default(),
        )
        .unwrap();
    assert_eq!(a.grundy, GrundyValue::Value(two_100));
}

/// The value of a single head at `(x, y)` of the product of `left` and `right` by the
/// recursion over the two-dimensional moves (the decomposition only, no nim product), for
/// `x, y < side`.
fn product_by_recursion(left: &CoinRule, right: &CoinRule, side: u64) -> Vec<Vec<u64>> {
    let moves = |r: &CoinRule, n: u64| {
        let mut all = Vec::new();
        r.for_each_move(n, &mut |others| {
            let mut coins = others.to_vec();
            coins.push(n);
            all.push(coins);
            true
        });
        all
    };
    let mut g = vec![vec![0u64; side as usize]; side as usize];
    for x in 0..side {
        let xs = moves(left, x);
        for y in 0..side {
            let mut seen = std::collections::BTreeSet::new();
            for a in &xs {
                for b in moves(right, y) {
                    let mut v = 0;
                    for &i in a {
                        for &j in &b {
                            if (i, j) != (x, y) {
                                v ^= g[i as usize][j as usize];
                            }
                        }
                    }
                    seen.insert(v);
                }
            }
            g[x as usize][y as usize] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
    }
    g
}

/// Turning Corners: a head at `(a, b)` is worth `a ⊗ b` for all `a, b < 64`, by the recursion
/// over rectangles (an independent check of the nim product).
#[test]
fn turning_corners_is_nim_multiplication() {
    let g = product_by_recursion(&TWINS, &TWINS, 64);
    for a in 0..64u64 {
        for b in 0..64u64 {
            assert_eq!(g[a as usize][b as usize], crate::nimber::mul(a, b), "({a}, {b})");
        }
    }
    let game = test_game("turning-corners");
    let a = game
        .analyze(&trusted(&to_bigs(&[2, 2])), &Query::new(Method::Theory, Play::Normal), &Budget::default())
        .unwrap();
    assert_eq!(a.grundy, GrundyValue::Value(BigUint::from(3u8)));
    assert_eq!(a.winning_moves.len() as u64, a.winning_move_count.unwrap());
}

/// The Tartan theorem on products of the one-dimensional games: the theory's value of every
/// single head of a 16 × 16 board equals the recursion over the product's moves.
#[test]
fn products_equal_the_recursion_on_16_by_16_boards() {
    for of in [
        "ruler,mock-turtles",
        "turning-turtles,ruler",
        "mock-turtles,mock-turtles",
        "coins:4,ruler",
        "twins,coins:3:span=4",
    ] {
        let spec = format!("product --of {of}");
        let game = test_game(&spec);
        let (a, b) = of.split_once(',').unwrap();
        let side = |t: &str| match t {
            "ruler" => ruler::RULE,
            "mock-turtles" => mock_turtles::RULE,
            "turning-turtles" => turning_turtles::RULE,
            "twins" => TWINS,
            "coins:4" => rule(1, Some(4), false, false, None),
            _ => rule(1, Some(3), false, false, Some(4)),
        };
        let g = product_by_recursion(&side(a), &side(b), 16);
        for x in 0..16u64 {
            for y in 0..16u64 {
                let query = Query::new(Method::Theory, Play::Normal);
                let v = game.analyze(&trusted(&to_bigs(&[x, y])), &query, &Budget::default()).unwrap();
                assert_eq!(
                    v.grundy,
                    GrundyValue::Value(BigUint::from(g[x as usize][y as usize])),
                    "{spec} ({x}, {y})"
                );
            }
        }
    }
}

/// Theory (values and every winning move) against a search of every position of a small board:
/// Turning Corners on 3 × 3 (512 positions), the products on boards of 12 coins (4,096).
#[test]
fn products_theory_equals_search_on_small_boards() {
    for (spec, bound) in [
        ("turning-corners", 2),
        ("product --of ruler,mock-turtles", 3),
        ("product --of mock-turtles,turning-turtles", 2),
        ("product --of coins:4,twins", 3),
    ] {
        let report = test_game(spec).verify(bound, Play::Normal, &Budget::default(), &no_progress).unwrap();
        assert_eq!(report.counterexample, None, "{spec}");
        assert!(report.positions >= 64, "{spec}: {}", report.positions);
    }
}

#[test]
fn product_moves_in_words_and_bad_positions() {
    let game = test_game("turning-corners");
    let a = game
        .analyze(&trusted(&to_bigs(&[1, 1])), &Query::new(Method::Auto, Play::Normal), &Budget::default())
        .unwrap();
    assert_eq!(a.winning_moves[0].text, "turn coins (0,0), (0,1), (1,0) and (1,1)");
    assert!(game.check_position(&to_bigs(&[1, 2, 3])).unwrap_err().to_string().contains("pairs"));
    assert!(game.check_position(&to_bigs(&[1, 2, 1, 2])).unwrap_err().to_string().contains("named twice"));
    let bad: Result<crate::spec::GameSpec, _> = "product --of ruler,chess".parse();
    assert!(bad.unwrap_err().to_string().contains("'chess' is not a coin-turning game"));
}
