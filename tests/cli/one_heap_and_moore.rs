//! `solve` on the subtraction, half and Moore rulesets: reasons, huge heaps, bad parameters.

use serde_json::json;

use crate::errors::usage_error;
use crate::{json, text};

#[test]
fn subtraction_reason_reduces_by_the_period() {
    let out = text(&["solve", "subtraction", "10", "--set", "1,3,4"]);
    assert!(out.contains("G(10) = G(10 mod 7) = G(3) = 1"), "{out}");
    assert!(out.contains("SUB({1,3,4}) is periodic from 0 with period 7 (certified)"), "{out}");
    let v = json(&["solve", "subtraction", "10", "--set", "4,1,3,3", "--json"]);
    assert_eq!(v["game"], "subtraction --set 1,3,4");
    assert_eq!(v["params"], json!({ "set": [1, 3, 4] }));
    assert_eq!(
        v["winning_moves"],
        json!([{ "move": "take 1 from the heap", "to": [9] }, { "move": "take 3 from the heap", "to": [7] }])
    );
}

#[test]
fn half_names_its_single_winning_move() {
    let v = json(&["solve", "half", "20", "--json"]);
    assert_eq!(v["grundy"], 5);
    assert_eq!(v["winning_moves"], json!([{ "move": "take 6 from the heap", "to": [14] }]));
    let v = json(&["solve", "half", "22", "--misere", "--json"]);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn three_hundred_digit_heaps_are_answered_by_theory() {
    let huge = "9".repeat(300);
    let v = json(&["solve", "half", &huge, "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["basis"], "theory");
    let v = json(&["solve", "subtraction", &huge, "--set", "1,4,10", "--json"]);
    assert_eq!(v["basis"], "theory");
    let v = json(&["solve", "moore", &huge, "12345", &huge[1..], "--k", "2", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["moves_complete"], false);
    assert_eq!(v["winning_moves"].as_array().map(Vec::len), Some(1));
}

#[test]
fn subtraction_without_a_set() {
    usage_error(
        &["solve", "subtraction", "10"],
        "the game 'subtraction' needs --set: the allowed takes S, e.g. 1,3,4",
    );
}

#[test]
fn subtraction_with_a_zero_take() {
    usage_error(
        &["solve", "subtraction", "10", "--set", "0,2"],
        "invalid value '0,2' for --set: 0 is below 1",
    );
}

#[test]
fn subtraction_with_an_empty_set() {
    usage_error(&["solve", "subtraction", "10", "--set", ""], "invalid value '' for --set");
}

#[test]
fn moore_without_k() {
    usage_error(&["solve", "moore", "3", "4"], "the game 'moore' needs --k");
}

#[test]
fn moore_with_k_zero() {
    usage_error(
        &["solve", "moore", "3", "4", "--k", "0"],
        "invalid value '0' for --k: it must be at least 1",
    );
}
