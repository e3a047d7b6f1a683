use serde_json::json;

use crate::{json, text};

#[test]
fn bash_sequence_json() {
    let v = json(&["table", "bash", "--max", "2", "--upto", "7", "--json"]);
    assert_eq!(v["values"], json!([0, 1, 2, 0, 1, 2, 0, 1]));
}

#[test]
fn nim_grid_csv() {
    let out = text(&["table", "nim", "--rows", "2", "--cols", "3", "--csv"]);
    assert_eq!(out, "row\\col,0,1,2,3\n0,0,1,2,3\n1,1,0,3,2\n2,2,3,0,1\n");
}

#[test]
fn misere_table_shows_outcomes() {
    let v = json(&["table", "bash", "--max", "3", "--upto", "5", "--misere", "--json"]);
    assert_eq!(v["values"], json!(["N", "P", "N", "N", "N", "P"]));
}

#[test]
fn p_positions_of_wythoff_come_from_theory_and_agree_with_search() {
    let theory = json(&["p-positions", "wythoff", "--count", "1000", "--json"]);
    assert_eq!(theory["basis"], "theory");
    let listed = theory["p_positions"].as_array().unwrap();
    assert_eq!(listed.len(), 1000);
    // a_999 = floor(999·phi) = 1616, b_999 = 1616 + 999.
    assert_eq!(listed[999], serde_json::json!([1616, 2615]));
    let searched = json(&["p-positions", "wythoff", "--count", "300", "--method", "search", "--json"]);
    assert_eq!(searched["basis"], "search");
    assert_eq!(searched["p_positions"].as_array().unwrap()[..], listed[..300]);
}

#[test]
fn p_positions_without_a_listing_theory_are_searched() {
    let out = text(&["p-positions", "half", "--count", "5"]);
    assert_eq!(
        out,
        "half: the first 5 P-positions (by search)\n   0  0\n   1  2\n   2  6\n   3  14\n   4  30\n"
    );
    crate::errors::usage_error(
        &["p-positions", "half", "--method", "theory"],
        "half has no closed form listing",
    );
    crate::errors::usage_error(&["p-positions", "wythoff", "--count", "0"], "--count");
    crate::errors::usage_error(
        &["p-positions", "wythoff", "--count", "20000000"],
        "20000000 is not in 1..=10000000",
    );
}
