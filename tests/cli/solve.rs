use serde_json::json;

use crate::{json, text};

#[test]
fn nim_3_4_5_json_has_the_contract_fields() {
    let v = json(&["solve", "nim", "3", "4", "5", "--json"]);
    assert_eq!(v["game"], "nim");
    assert_eq!(v["position"], json!([3, 4, 5]));
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 2);
    assert_eq!(v["winning_moves"], json!([{ "move": "take 2 from the heap of 3", "to": [1, 4, 5] }]));
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
}

#[test]
fn misere_has_null_grundy() {
    let v = json(&["solve", "nim", "1", "1", "--misere", "--json"]);
    assert_eq!(v["grundy"], serde_json::Value::Null);
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
}

#[test]
fn sum_of_nim_and_bash() {
    let v = json(&["solve", "--sum", "nim 3 4", "bash 10 --max 3", "--json"]);
    assert_eq!(v["grundy"], 7 ^ 2);
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["part"], 0);
    assert_eq!(moves[0]["to"], json!([3, 1]));
}

#[test]
fn sum_that_is_zero_is_p() {
    let v = json(&["solve", "--sum", "nim 5", "bash 9 --max 4", "--json"]);
    assert_eq!(v["outcome"], "N");
    let v = json(&["solve", "--sum", "nim 4", "bash 9 --max 4", "--json"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["winning_moves"], json!([]));
}

#[test]
fn the_first_p_position_the_seed_formula_gets_wrong_is_p() {
    let v = json(&["solve", "wythoff", "165580140", "267914295", "--json"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["winning_moves"], serde_json::json!([]));
    assert!(v["reason"].as_str().unwrap().contains("(a_102334155, b_102334155)"), "{v}");
}
