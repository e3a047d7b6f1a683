//! `solve --players N` (n-player values under the standard alliance matrix) and `explore`.
//! Expected values are computed by hand in the comments.

use serde_json::json;

use crate::errors::usage_error;
use crate::{json, text};

/// Nim (1, 2, 3) with 3 players, the last mover winning (terminal value 2). By hand:
/// g(1) = g(2) = 0 (take everything), g(1,1) = 1 (forced: P_1 takes the last),
/// g(1,1,1) = g(1,1) + 1 = 2, g(1,2) = 1 (every option has value 0 or 1, worth 1 or 2),
/// g(1,1,2) = 0 (move to (1,1,1), value 2, worth 0). From (1,2,3) no option has value 2 (checked
/// by an independent script too), and (1,1,2) = taking 2 from the 3 and (1,1,3) = taking 1 from
/// the 2 have value 0: g = 1, P_1 wins.
#[test]
fn nim_1_2_3_with_three_players() {
    let v = json(&["solve", "nim", "1", "2", "3", "--players", "3", "--json"]);
    assert_eq!(v["game"], "nim");
    assert_eq!(v["params"], json!({}));
    assert_eq!(v["players"], 3);
    assert_eq!(v["position"], json!([1, 2, 3]));
    assert_eq!(v["value"], 1);
    assert_eq!(v["winner"], 1);
    // P_1 wins: neither the player to move (N) nor the one who moved last (P).
    assert_eq!(v["outcome"], "O");
    assert_eq!(v["terminal"], "last-mover-wins");
    assert_eq!(v["basis"], "search");
    assert_eq!(v["moves_complete"], true);
    let options = v["options"].as_array().unwrap();
    assert_eq!(options.len(), 6);
    let optimal: Vec<&serde_json::Value> =
        options.iter().filter(|m| m["optimal"] == true).map(|m| &m["to"]).collect();
    assert_eq!(optimal, [&json!([1, 1, 3]), &json!([1, 2, 1])]);
    for m in options {
        let expected = if m["optimal"] == true { 0 } else { 1 };
        assert_eq!(m["value"], expected, "{m}");
    }
    // winning_moves are exactly the optimal options.
    let optimal_options: Vec<&serde_json::Value> = options.iter().filter(|m| m["optimal"] == true).collect();
    assert_eq!(v["winning_moves"].as_array().unwrap().iter().collect::<Vec<_>>(), optimal_options);
}

/// The outcome letter follows the value: g = 0 means the player to move wins (N), g = n - 1 the
/// player who moved last (P). Nim (1) with 3 players: P_0 takes the last stone and wins, g = 0.
/// Nim (1, 1) with 2 players is a P-position: g = 1 = n - 1.
#[test]
fn players_outcome_is_n_p_or_o() {
    let v = json(&["solve", "nim", "1", "--players", "3", "--json"]);
    assert_eq!((v["value"].clone(), v["outcome"].clone()), (json!(0), json!("N")));
    let v = json(&["solve", "nim", "1", "1", "--players", "2", "--json"]);
    assert_eq!((v["value"].clone(), v["outcome"].clone()), (json!(1), json!("P")));
    // The contract: with --players, winning_moves are the mover's optimal moves, even when the
    // mover loses (here both moves, each worth the same).
    assert_eq!(v["winning_moves"], v["options"]);
}

#[test]
fn two_heaps_of_one_with_three_players_text() {
    let out = text(&["solve", "nim", "1", "1", "--players", "3"]);
    assert!(out.contains("value: g = 1, so P_1 wins"), "{out}");
    assert!(out.contains("the player who makes the last move wins"), "{out}");
}

/// Take 1 or 2 from a heap of 20 with 4 players, the last mover winning (terminal value 3).
/// By hand: g(1) = 0, g(2) = 0, g(3) = g(4) = 1, g(5) = g(6) = 2, g(7) = 3, g(8) = 0, and then
/// period 7: g(n) = [0,0,1,1,2,2,3][(n-1) mod 7] for n >= 1. So g(20) = 2 (P_2 wins), g(19) = 2
/// and g(18) = 1: the optimal move takes 2 (to 18, worth 1 + 1 = 2; 19 is worth 3).
fn take_one_or_two_from_twenty(args: &[&str]) {
    let v = json(args);
    assert_eq!(v["value"], 2);
    assert_eq!(v["winner"], 2);
    assert_eq!(v["players"], 4);
    assert_eq!(v["position"], json!([20]));
    assert_eq!(v["outcome"], "O");
    assert_eq!(
        v["options"],
        json!([
            { "move": "take 1 from the heap", "to": [19], "value": 2, "optimal": false, "winner": 3 },
            { "move": "take 2 from the heap", "to": [18], "value": 1, "optimal": true, "winner": 2 },
        ])
    );
    assert_eq!(
        v["winning_moves"],
        json!([{ "move": "take 2 from the heap", "to": [18], "value": 1, "optimal": true, "winner": 2 }])
    );
}

#[test]
fn subtraction_20_set_1_2_with_four_players() {
    take_one_or_two_from_twenty(&["solve", "subtraction", "20", "--set", "1,2", "--players", "4", "--json"]);
}

#[test]
fn bash_20_take_one_or_two_with_four_players() {
    take_one_or_two_from_twenty(&["solve", "bash", "20", "--max", "2", "--players", "4", "--json"]);
}

#[test]
fn large_nim_1_2_3_4_with_three_players() {
    let out = text(&["solve", "large-nim", "1", "2", "3", "4", "--players", "3"]);
    assert!(out.contains("value: g = 1, so P_1 wins"), "{out}");
    assert!(out.contains("P(G) = 4, m(G) = 1, beta(G) = 1"), "{out}");
    assert!(out.contains("the first player who cannot move wins"), "{out}");
    assert!(out.contains("take 2 from the largest heap (of 4)"), "{out}");
    assert!(out.contains("basis: theory (formula (5))"), "{out}");
    let v = json(&["solve", "large-nim", "4", "3", "2", "1", "--players", "3", "--json"]);
    assert_eq!(v["position"], json!([1, 2, 3, 4]));
    assert_eq!(
        v["measures"],
        json!([{ "name": "P(G)", "value": 4 }, { "name": "m(G)", "value": 1 }, { "name": "beta(G)", "value": 1 }])
    );
    assert_eq!(v["theorem"], "formula (5)");
    assert_eq!(v["basis"], "theory");
    assert_eq!(
        v["winning_moves"],
        json!([{
            "move": "take 2 from the largest heap (of 4)",
            "to": [1, 2, 2, 3],
            "value": 0,
            "optimal": true,
            "winner": 1
        }])
    );
}

#[test]
fn large_nim_theorems_and_search() {
    // Theorem 1: 7 players, 3 heaps: g = 3.
    let v = json(&["solve", "large-nim", "2", "5", "9", "--players", "7", "--json"]);
    assert_eq!((v["value"].clone(), v["theorem"].clone()), (json!(3), json!("Theorem 1")));
    // Theorem 2: 4 players, 3 heaps, m = 1, beta = 1: g = 3 - 1 - 1 = 1.
    let v = json(&["solve", "large-nim", "1", "5", "9", "--players", "4", "--json"]);
    assert_eq!((v["value"].clone(), v["theorem"].clone()), (json!(1), json!("Theorem 2")));
    // Theorem 3: 3 players, (x, x, x) with x > 1: g = 2.
    let v = json(&["solve", "large-nim", "6", "6", "6", "--players", "3", "--json"]);
    assert_eq!((v["value"].clone(), v["theorem"].clone()), (json!(2), json!("Theorem 3")));
    // n = 3, N = 5: no theorem of the paper, but the order-pattern theorem `nimlab prove` proves
    // for every position of at most 12 heaps; the search agrees.
    let v = json(&["solve", "large-nim", "1", "1", "2", "2", "3", "--players", "3", "--json"]);
    assert_eq!(v["basis"], "theory");
    assert!(v["theorem"].as_str().unwrap().contains("nimlab prove"), "{v}");
    let searched = json(&[
        "solve",
        "large-nim",
        "1",
        "1",
        "2",
        "2",
        "3",
        "--players",
        "3",
        "--method",
        "search",
        "--json",
    ]);
    assert_eq!((searched["basis"].as_str(), &searched["value"]), (Some("search"), &v["value"]));
    // n = 3, N = 13: beyond every theorem, search.
    let v = json(&[&["solve", "large-nim"][..], &THIRTEEN_HEAPS, &["--players", "3", "--json"]].concat());
    assert_eq!(v["basis"], "search");
    assert_eq!(v["theorem"], serde_json::Value::Null);
}

/// Thirteen heaps: beyond every theorem for 3 players (`nimlab prove` covers at most 12 heaps).
const THIRTEEN_HEAPS: [&str; 13] = ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6", "7"];

#[test]
fn large_nim_huge_heaps_by_theory() {
    let huge = "9".repeat(100);
    let v = json(&["solve", "large-nim", "3", &huge, &huge, "--players", "4", "--json"]);
    // Theorem 2 (n = N + 1 = 4), m = 3 > 1: g = N - 1 = 2.
    assert_eq!(v["value"], 2);
    assert_eq!(v["moves_complete"], false);
    assert_eq!(v["position"][2], huge.as_str());
}

#[test]
fn too_few_or_non_numeric_players_are_usage_errors() {
    usage_error(&["solve", "nim", "1", "2", "--players", "1"], "a game needs at least 2 players, got 1");
    usage_error(&["solve", "--sum", "nim 1", "nim 2", "--players", "3"], "a sum is answered for two players");
    usage_error(&["solve", "nim", "1", "2", "--players", "0"], "a game needs at least 2 players, got 0");
    usage_error(&["solve", "nim", "1", "2", "--players", "three"], "'three' is not a number of players");
    usage_error(&["solve", "nim", "1", "2", "--players", "3", "--misere"], "misère play is for two players");
    usage_error(
        &["explore", "large-nim", "--players", "1", "--heaps", "4", "--max", "5"],
        "at least 2 players",
    );
    usage_error(
        &["explore", "nim", "--players", "3", "--heaps", "4", "--max", "5"],
        "is not among the games with values by order pattern",
    );
    usage_error(
        &[&["solve", "large-nim"][..], &THIRTEEN_HEAPS, &["--players", "3", "--method", "theory"]].concat(),
        "large-nim has no closed form for 3 players at this position",
    );
}

#[test]
fn explore_reproduces_formula_5() {
    let out = text(&["explore", "large-nim", "--players", "3", "--heaps", "4", "--max", "10"]);
    assert!(out.contains("715 positions in 16 order patterns"), "{out}");
    assert!(out.contains("g = 2 if 1 <= x1 < x2 = x3 = x4"), "{out}");
    assert!(!out.contains("NOT CONSTANT"), "{out}");
    let v = json(&["explore", "large-nim", "--players", "3", "--heaps", "4", "--max", "10", "--json"]);
    assert_eq!(v["non_constant"], 0);
    assert_eq!(
        v["formula"],
        json!([
            { "value": 0, "cases": ["1 < x1 = x2 = x3 <= x4", "1 <= x1 < x2 = x3 < x4"] },
            { "value": 1, "cases": ["1 = x1 = x2 <= x3 <= x4", "1 <= x1 <= x2 < x3 <= x4"] },
            { "value": 2, "cases": ["1 <= x1 < x2 = x3 = x4"] },
        ])
    );
}
