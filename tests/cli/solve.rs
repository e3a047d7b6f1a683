use serde_json::json;

use crate::{json, text};

#[test]
fn nim_3_4_5_json_has_the_contract_fields() {
    let v = json(&["solve", "nim", "3", "4", "5", "--json"]);
    assert_eq!(v["game"], "nim");
    assert_eq!(v["params"], json!({}));
    assert_eq!(v["position"], json!([3, 4, 5]));
    assert_eq!(v["play"], "normal");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 2);
    assert_eq!(v["grundy_status"], "value");
    assert_eq!(v["winning_moves"], json!([{ "move": "take 2 from the heap of 3", "to": [1, 4, 5] }]));
    assert_eq!(v["winning_move_count"], 1);
    assert_eq!(v["moves_complete"], true);
    assert_eq!(v["basis"], "theory");
    assert_eq!(v["search_states"], serde_json::Value::Null);
    assert!(v["theorem"].as_str().unwrap().starts_with("Bouton"), "{v}");
}

#[test]
fn json_is_global_before_or_after_the_command() {
    let after = json(&["solve", "nim", "3", "4", "5", "--json"]);
    assert_eq!(json(&["--json", "solve", "nim", "3", "4", "5"]), after);
    assert_eq!(json(&["solve", "--json", "nim", "3", "4", "5"]), after);
}

#[test]
fn nim_reason_spells_out_the_nim_sum() {
    let out = text(&["solve", "nim", "3", "4", "5"]);
    assert!(out.contains("nim-sum 3^4^5 = 2, so take 2 from the heap of 3"), "{out}");
}

#[test]
fn bash_reason_gives_the_residue() {
    let out = text(&["solve", "bash", "10", "--max", "3"]);
    assert!(out.contains("10 mod 4 = 2"), "{out}");
    let v = json(&["solve", "bash", "10", "--max", "3", "--json"]);
    assert_eq!((v["game"].clone(), v["params"].clone()), (json!("bash --max 3"), json!({ "max": 3 })));
}

#[test]
fn misere_has_null_grundy_with_status_undefined() {
    let v = json(&["solve", "nim", "1", "1", "--misere", "--json"]);
    assert_eq!(v["grundy"], serde_json::Value::Null);
    assert_eq!(v["grundy_status"], "undefined");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["play"], "misere");
}

#[test]
fn numbers_above_2_pow_53_are_strings() {
    let big = "123456789012345678901234567890";
    let v = json(&["solve", "nim", big, "5", "--json"]);
    assert_eq!(v["position"][0], big);
    assert_eq!(v["position"][1], 5);
    assert_eq!(v["grundy"], json!((big.parse::<u128>().unwrap() ^ 5).to_string()));
    // 2^53 itself is still a number; 2^53 + 1 is a string.
    let v = json(&["solve", "nim", "9007199254740992", "9007199254740993", "--json"]);
    assert_eq!(v["position"], json!([9007199254740992_u64, "9007199254740993"]));
    assert_eq!(v["grundy"], 1);
    assert_eq!(v["winning_moves"][0]["to"], json!([9007199254740992_u64, 9007199254740992_u64]));
}

#[test]
fn three_hundred_digit_heaps_are_instant_by_theory() {
    let huge = "9".repeat(300);
    let v = json(&["solve", "nim", &huge, &huge, "--json"]);
    assert_eq!(v["outcome"], "P");
    let v = json(&["solve", "bash", &huge, "--max", "7", "--json"]);
    assert_eq!(v["outcome"], "N");
}

#[test]
fn a_million_stones_by_search() {
    let v = json(&["solve", "bash", "1000000", "--max", "3", "--method", "search", "--json"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["basis"], "search");
    assert_eq!(v["theorem"], serde_json::Value::Null);
    assert!(v["search_states"].as_u64().is_some_and(|n| n > 0), "{v}");
}

#[test]
fn winning_moves_are_capped_at_20_unless_all() {
    // Nim with 25 heaps of 1: nim-sum 1, and emptying any one heap leaves 24 ones (nim-sum 0),
    // so there are 25 winning moves.
    let ones = vec!["1"; 25];
    let mut args = vec!["solve", "nim"];
    args.extend(&ones);
    args.push("--json");
    let capped = json(&args);
    assert_eq!(capped["winning_moves"].as_array().unwrap().len(), 20);
    assert_eq!(capped["winning_move_count"], 25);
    assert_eq!(capped["moves_complete"], false);
    let out = text(&args[..args.len() - 1]);
    assert!(out.contains("and 5 more (--all lists them"), "{out}");
    args.push("--all");
    let all = json(&args);
    assert_eq!(all["winning_moves"].as_array().unwrap().len(), 25);
    assert_eq!(all["winning_move_count"], 25);
    assert_eq!(all["moves_complete"], true);
}

#[test]
fn fibonacci_position_is_heap_and_limit() {
    let v = json(&["solve", "fibonacci", "20", "5", "--json"]);
    assert_eq!(v["position"], json!([20, 5]));
    assert_eq!(
        v["winning_moves"],
        json!([{ "move": "take 2 (the next player may take up to 4)", "to": [18, 4] }])
    );
    // Without a limit, the opening: any take but the whole heap, so the limit is the heap less one.
    let v = json(&["solve", "fibonacci", "20", "--json"]);
    assert_eq!(v["position"], json!([20, 19]));
}

#[test]
fn sum_of_nim_and_bash_numbers_parts_from_1() {
    let v = json(&["solve", "--sum", "nim 3 4", "bash 10 --max 3", "--json"]);
    assert_eq!(v["game"], "sum");
    assert_eq!(v["grundy"], 7 ^ 2);
    assert_eq!(v["grundy_status"], "value");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["play"], "normal");
    let parts = v["parts"].as_array().unwrap();
    assert_eq!(parts.len(), 2);
    assert_eq!((parts[0]["part"].clone(), parts[0]["game"].clone()), (json!(1), json!("nim")));
    assert_eq!((parts[1]["part"].clone(), parts[1]["game"].clone()), (json!(2), json!("bash --max 3")));
    assert_eq!((parts[1]["position"].clone(), parts[1]["grundy"].clone()), (json!([10]), json!(2)));
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["part"], 1);
    assert_eq!(moves[0]["to"], json!([3, 1]));
    // The text numbers the parts the same way.
    let out = text(&["solve", "--sum", "nim 3 4", "bash 10 --max 3"]);
    assert!(out.contains("  1. nim 3 4  (Grundy value 7)"), "{out}");
    assert!(out.contains("in part 1 (nim): take 3 from the heap of 4"), "{out}");
}

/// Issue 11's example: Nim (3, 4) has value 7, Wythoff (3, 5) is a P-position (value 0) and
/// SUB({1,3,4}) from 10 has value G(3) = 1, so the sum has value 7 ^ 0 ^ 1 = 6. A winning move
/// takes a part of value g to value g ^ 6: Nim (3, 4) -> value 1 = (3, 2) (take 2 from the heap
/// of 4); Wythoff (3, 5) -> value 6: (3, 3) has value 6 (take 2 from the heap of 5); the
/// subtraction part would need value 7, which no position of SUB({1,3,4}) has (its values are
/// at most 3).
#[test]
fn sum_of_nim_wythoff_and_subtraction_lists_both_winning_moves() {
    let v = json(&["solve", "--sum", "nim 3 4", "wythoff 3 5", "subtraction 10 --set 1,3,4", "--json"]);
    assert_eq!(v["grundy"], 6);
    assert_eq!(v["outcome"], "N");
    let games: Vec<&str> =
        v["parts"].as_array().unwrap().iter().map(|p| p["game"].as_str().unwrap()).collect();
    assert_eq!(games, ["nim", "wythoff", "subtraction --set 1,3,4"]);
    let values: Vec<u64> =
        v["parts"].as_array().unwrap().iter().map(|p| p["grundy"].as_u64().unwrap()).collect();
    assert_eq!(values, [7, 0, 1]);
    assert_eq!(
        v["winning_moves"],
        json!([
            { "part": 1, "move": "take 2 from the heap of 4", "to": [3, 2] },
            { "part": 2, "move": "take 2 from the heap of 5", "to": [3, 3] },
        ])
    );
    assert_eq!(v["winning_move_count"], 2);
    assert_eq!(v["moves_complete"], true);
    assert_eq!(v["basis"], "theory");
    assert!(v["theorem"].as_str().unwrap().contains("Sprague-Grundy"), "{v}");
    let out = text(&["solve", "--sum", "nim 3 4", "wythoff 3 5", "subtraction 10 --set 1,3,4"]);
    assert!(out.contains("in part 2 (wythoff): take 2 from the heap of 5"), "{out}");
}

#[test]
fn sum_that_is_zero_is_p() {
    let v = json(&["solve", "--sum", "nim 5", "bash 9 --max 4", "--json"]);
    assert_eq!(v["outcome"], "N");
    let v = json(&["solve", "--sum", "nim 4", "bash 9 --max 4", "--json"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["winning_moves"], json!([]));
    assert_eq!(v["winning_move_count"], 0);
}

#[test]
fn the_first_p_position_the_seed_formula_gets_wrong_is_p() {
    let v = json(&["solve", "wythoff", "165580140", "267914295", "--json"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["winning_moves"], serde_json::json!([]));
    assert!(v["reason"].as_str().unwrap().contains("(a_102334155, b_102334155)"), "{v}");
}

#[test]
fn a_row_of_coins_is_read_as_its_heads() {
    let row = json(&["solve", "turning-turtles", "THHTH", "--json"]);
    let heads = json(&["solve", "turning-turtles", "2", "3", "5", "--json"]);
    assert_eq!(row, heads);
    assert_eq!(row["grundy"], 4);
    // Mock Turtles is numbered from 0: the same row is the heads 1, 2 and 4.
    assert_eq!(json(&["solve", "mock-turtles", "THHTH", "--json"])["position"], serde_json::json!([1, 2, 4]));
}

/// What a Chinese keyboard types (full-width digits and commas, the ideographic comma and space)
/// is read as its ASCII form, in a position and in a parameter: the answers of "3,4,5" and
/// "3 4 5" (the reports' one reader, which the web API and the page's worker use too).
#[test]
fn a_chinese_keyboards_numbers_are_read_as_ascii() {
    let ascii = json(&["solve", "nim", "3", "4", "5", "--json"]);
    for typed in [&["３，４，５"][..], &["3,4,5"], &["３", "４", "５"], &["3、4、5"], &["３\u{3000}４，５"]]
    {
        let args = [&["solve", "nim"][..], typed, &["--json"]].concat();
        assert_eq!(json(&args), ascii, "{typed:?}");
    }
    assert_eq!(
        json(&["solve", "subtraction", "--set", "１，３，４", "１０", "--json"]),
        json(&["solve", "subtraction", "--set", "1,3,4", "10", "--json"])
    );
}
