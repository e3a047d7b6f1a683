//! Chomp's theory against the search, the search against a plain exhaustive search with no
//! memo keys of its own, winning moves that lead to value 0, and the moves' words.

use std::collections::HashMap;

use num_bigint::BigUint;
use proptest::prelude::*;

use super::*;
use crate::bigint::to_bigs;
use crate::solve::GrundySolver;
#[allow(unused_imports)]
use crate::test_prelude::*;

fn game() -> Box<dyn AnyGame> {
    test_game("chomp")
}

/// A plain exhaustive search: every square of every diagram, memoized on the rows as they are,
/// knowing nothing of the ruleset's canonical form.
fn plain(rows: &[u64], memo: &mut HashMap<Vec<u64>, u32>) -> u32 {
    if let Some(&v) = memo.get(rows) {
        return v;
    }
    let mut seen = Vec::new();
    for (i, &len) in rows.iter().enumerate() {
        for column in 1..=len {
            if (i, column) == (0, 1) {
                continue;
            }
            let after: Vec<u64> = rows
                .iter()
                .enumerate()
                .map(|(r, &l)| if r >= i { l.min(column - 1) } else { l })
                .filter(|&l| l > 0)
                .collect();
            seen.push(plain(&after, memo));
        }
    }
    let value = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(rows.to_vec(), value);
    value
}

#[test]
fn theory_equals_the_search() {
    let report = game().verify(7, Play::Normal, &Budget::default(), &no_progress).unwrap();
    assert!(report.agree, "{:?}", report.counterexample);
    assert!(report.positions >= 100, "{}", report.positions);
}

#[test]
fn the_theory_answers_as_it_should() {
    let game = game();
    let ask =
        |rows: &[u64]| game.analyze(&trusted(&to_bigs(rows)), &Query::default(), &Budget::default()).unwrap();
    // The poisoned square alone: no move, P.
    let alone = ask(&[1]);
    assert_eq!((alone.outcome, alone.grundy.clone()), (Outcome::P, GrundyValue::Value(big(0))));
    // Two rows: (7, 6) is P; (7, 3) moves to (4, 3).
    assert_eq!(ask(&[7, 6]).outcome, Outcome::P);
    let two = ask(&[7, 3]);
    assert_eq!(two.winning_moves[0].text, "take the square at row 1, column 5");
    assert_eq!(two.winning_moves[0].to, to_bigs(&[4, 3]));
    // A square: take (2, 2).
    let square = ask(&[4, 4, 4, 4]);
    assert_eq!(square.winning_moves[0].text, "take the square at row 2, column 2");
    assert!(!square.moves_complete);
    // Three rows by the census: (5, 5, 3) is P; the 3 x 5 rectangle's winning moves are all
    // listed, and each leads to a P-position.
    assert_eq!(ask(&[5, 5, 3]).outcome, Outcome::P);
    let three = ask(&[5, 5, 5]);
    assert!(three.moves_complete && !three.winning_moves.is_empty());
    for mv in &three.winning_moves {
        assert_eq!(ask(&mv.to.iter().map(|n| n.to_u64().unwrap()).collect::<Vec<_>>()).outcome, Outcome::P);
    }
    // A rectangle of more rows: N, no move named.
    let rectangle = ask(&[5, 5, 5, 5]);
    assert_eq!(rectangle.outcome, Outcome::N);
    assert!(rectangle.winning_moves.is_empty() && !rectangle.moves_complete);
    assert!(rectangle.reason.contains("strategy stealing"));
    // L-shapes are Nim of the arms, at any size.
    let huge = BigUint::from(10u32).pow(30);
    let l = game
        .analyze(&trusted(&[huge.clone(), big(1), big(1)]), &Query::default(), &Budget::default())
        .unwrap();
    assert_eq!(l.grundy, GrundyValue::Value((&huge - 1u8) ^ big(2)));
    assert_eq!(l.winning_moves[0].to, to_bigs(&[3, 1, 1]));
    // Rows in another order, or with empty rows, are the same diagram.
    assert_eq!(ask(&[3, 5, 5, 0]).grundy, ask(&[5, 5, 3]).grundy);
}

#[test]
fn every_option_is_worded_and_unique() {
    let moves = game().options(&trusted(&to_bigs(&[3, 2])), &Budget::default(), Lang::En).unwrap();
    let texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "take the square at row 1, column 2",
            "take the square at row 1, column 3",
            "take the square at row 2, column 1",
            "take the square at row 2, column 2"
        ]
    );
    assert_eq!(
        game().options(&trusted(&to_bigs(&[3, 2])), &Budget::default(), Lang::Zh).unwrap()[0].text,
        "吃掉第 1 行第 2 列的方格"
    );
}

/// Three-rowed Chomp: for each pair of shorter rows (b, c) at most one first row makes a
/// P-position, and for (3, 1) none: every (a, 3, 1) moves to (2, 2, 1) (issue 39's
/// example), which is P.
#[test]
fn three_rows_have_at_most_one_p_position_per_pair() {
    let mut solver = GrundySolver::new(Chomp);
    assert_eq!(solver.value(&vec![2, 2, 1], &Budget::default()).unwrap(), 0);
    for b in 1..=6u64 {
        for c in 1..=b {
            let firsts: Vec<u64> = (b..=24)
                .filter(|&a| solver.value(&vec![a, b, c], &Budget::default()).unwrap() == 0)
                .collect();
            assert!(firsts.len() <= 1, "({b}, {c}): {firsts:?}");
            if (b, c) == (3, 1) {
                assert!(firsts.is_empty());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Diagrams of up to 20 squares: the ruleset's answer (theory or search) equals the plain
    /// search, and every winning move listed leads to a position of value 0.
    #[test]
    fn answers_equal_the_plain_search(rows in proptest::collection::vec(1u64..=8, 1..=6)) {
        let mut rows = sorted_rows(&rows);
        while rows.iter().sum::<u64>() > 20 {
            rows.pop();
        }
        let want = plain(&rows, &mut HashMap::new());
        let game = game();
        let numbers = to_bigs(&rows);
        let answer = game.analyze(&trusted(&numbers), &Query::default(), &Budget::default()).unwrap();
        prop_assert_eq!(answer.outcome == Outcome::P, want == 0, "{:?}", rows);
        if let GrundyValue::Value(v) = &answer.grundy {
            prop_assert_eq!(v.clone(), big(u64::from(want)), "{:?}", rows);
        }
        for m in &answer.winning_moves {
            let to: Vec<u64> = m.to.iter().map(|n| n.to_u64().unwrap()).collect();
            prop_assert_eq!(plain(&sorted_rows(&to), &mut HashMap::new()), 0, "{:?}: {}", rows, m.text);
        }
        let search = game.analyze(&trusted(&numbers), &Query::new(Method::Search, Play::Normal), &Budget::default()).unwrap();
        prop_assert_eq!(search.grundy, GrundyValue::Value(big(u64::from(want))));
    }
}

/// A rectangle is `rows` rows of `cols` squares; its winning first moves by the search are
/// exactly the squares whose diagram the plain search values 0, and the known facts hold: a
/// 2 x n rectangle's only winning move takes the top-right square, an n x n square's winning
/// moves include the square at row 2, column 2, and only the 1 x 1 rectangle is P.
#[test]
fn rectangles_winning_first_moves_equal_the_plain_search() {
    let game = game();
    let query = Query { method: Method::Search, ..Query::default() };
    let budget = Budget::default();
    let mut memo = HashMap::new();
    assert_eq!(game.rectangle(0, 4), Some(Vec::new()));
    assert_eq!(game.rectangle(3, 0), Some(Vec::new()));
    for rows in 1..=5u64 {
        for cols in 1..=6u64 {
            let position = game.rectangle(rows, cols).unwrap();
            assert_eq!(position, to_bigs(&vec![cols; rows as usize]));
            let analysis = game.analyze(&trusted(&position), &query, &budget).unwrap();
            assert_eq!(analysis.outcome == Outcome::P, (rows, cols) == (1, 1), "{rows} x {cols}");
            let mut winning: Vec<Vec<u64>> = analysis
                .winning_moves
                .iter()
                .map(|m| m.to.iter().map(|n| u64::try_from(n).unwrap()).collect())
                .collect();
            winning.sort();
            let rectangle = vec![cols; rows as usize];
            let mut expected = Vec::new();
            for row in 1..=rows as usize {
                for column in 1..=cols {
                    if (row, column) != (1, 1) {
                        let after = chomp(&rectangle, row, column);
                        if plain(&after, &mut memo) == 0 {
                            expected.push(after);
                        }
                    }
                }
            }
            expected.sort();
            assert_eq!(winning, expected, "{rows} x {cols}");
            let texts: Vec<&str> = analysis.winning_moves.iter().map(|m| m.text.as_str()).collect();
            if rows == 2 {
                assert_eq!(texts, [format!("take the square at row 2, column {cols}")], "2 x {cols}");
            }
            if rows == cols && rows >= 2 {
                assert!(texts.contains(&"take the square at row 2, column 2"), "{rows} x {rows}: {texts:?}");
            }
        }
    }
}

/// A typed diagram is read longest row first, empty rows left out, as its moves' targets are
/// written: `3 4 5` is `5 4 3`.
#[test]
fn a_position_is_checked_longest_row_first() {
    let game = game();
    assert_eq!(game.check_position(&to_bigs(&[3, 4, 5])).unwrap(), to_bigs(&[5, 4, 3]));
    assert_eq!(game.check_position(&to_bigs(&[2, 0, 6])).unwrap(), to_bigs(&[6, 2]));
    assert_eq!(game.check_position(&to_bigs(&[0])).unwrap(), to_bigs(&[]));
}
