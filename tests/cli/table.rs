use serde_json::json;

use crate::errors::usage_error;
use crate::{json, text};

#[test]
fn bash_sequence_json() {
    let v = json(&["table", "bash", "--max", "2", "--upto", "7", "--json"]);
    assert_eq!(v["game"], "bash --max 2");
    assert_eq!(v["params"], json!({ "max": 2 }));
    assert_eq!((v["kind"].clone(), v["shape"].clone()), (json!("grundy"), json!("sequence")));
    assert_eq!(v["upto"], 7);
    assert_eq!(v["values"], json!([0, 1, 2, 0, 1, 2, 0, 1]));
}

#[test]
fn nim_grid_csv() {
    let out = text(&["table", "nim", "--rows", "2", "--cols", "3", "--csv"]);
    assert_eq!(out, "row\\col,0,1,2,3\n0,0,1,2,3\n1,1,0,3,2\n2,2,3,0,1\n");
}

#[test]
fn nim_grid_json_has_rows_cols_and_cells() {
    let v = json(&["table", "nim", "--rows", "1", "--cols", "2", "--json"]);
    assert_eq!((v["kind"].clone(), v["shape"].clone()), (json!("grundy"), json!("grid")));
    assert_eq!((v["rows"].clone(), v["cols"].clone()), (json!(1), json!(2)));
    assert_eq!(v["cells"], json!([[0, 1, 2], [1, 0, 3]]));
    let v = json(&["table", "nim", "--rows", "1", "--cols", "1", "--outcomes", "--json"]);
    assert_eq!(v["kind"], "outcome");
    assert_eq!(v["cells"], json!([["P", "N"], ["N", "P"]]));
}

#[test]
fn misere_table_shows_outcomes() {
    let v = json(&["table", "bash", "--max", "3", "--upto", "5", "--misere", "--json"]);
    assert_eq!(v["play"], "misere");
    assert_eq!(v["kind"], "outcome");
    assert_eq!(v["values"], json!(["N", "P", "N", "N", "N", "P"]));
}

#[test]
fn p_positions_of_wythoff_come_from_theory_and_agree_with_search() {
    let theory = json(&["p-positions", "wythoff", "--count", "1000", "--json"]);
    assert_eq!(theory["basis"], "theory");
    assert_eq!((theory["count"].clone(), theory["heaps"].clone()), (json!(1000), json!(2)));
    assert_eq!((theory["complete"].clone(), theory["stopped"].clone()), (json!(true), json!(null)));
    let listed = theory["p_positions"].as_array().unwrap();
    assert_eq!(listed.len(), 1000);
    // a_999 = floor(999·phi) = 1616, b_999 = 1616 + 999.
    assert_eq!(listed[999], serde_json::json!([1616, 2615]));
    let searched = json(&["p-positions", "wythoff", "--count", "300", "--method", "search", "--json"]);
    assert_eq!(searched["basis"], "search");
    assert!(searched["examined"].as_u64().unwrap() > 300, "{searched}");
    assert_eq!(searched["p_positions"].as_array().unwrap()[..], listed[..300]);
}

#[test]
fn half_p_positions_by_theory_agree_with_search() {
    // Half's P-positions are 2^(k+1) - 2: 0, 2, 6, 14, 30, ...
    let out = text(&["p-positions", "half", "--count", "5"]);
    assert_eq!(
        out,
        "half: the first 5 P-positions (by theory)\n   0  0\n   1  2\n   2  6\n   3  14\n   4  30\n"
    );
    let theory = json(&["p-positions", "half", "--count", "8", "--method", "theory", "--json"]);
    let searched = json(&["p-positions", "half", "--count", "8", "--method", "search", "--json"]);
    assert_eq!(theory["p_positions"], json!([[0], [2], [6], [14], [30], [62], [126], [254]]));
    assert_eq!(searched["p_positions"], theory["p_positions"]);
}

#[test]
fn p_positions_without_a_listing_theory_are_searched() {
    let v = json(&["p-positions", "nim", "--heaps", "3", "--count", "4", "--json"]);
    assert_eq!(v["basis"], "search");
    assert_eq!(v["p_positions"], json!([[0, 0, 0], [0, 1, 1], [0, 2, 2], [0, 3, 3]]));
    usage_error(
        &["p-positions", "nim", "--heaps", "3", "--method", "theory"],
        "nim has no closed form for listing its P-positions on 3 heaps",
    );
    usage_error(&["p-positions", "wythoff", "--count", "0"], "--count");
}

/// A listing stops at the work budget with what it found (exit status 0, `complete` false and
/// `stopped` saying why), instead of holding millions of positions.
#[test]
fn a_long_listing_stops_at_the_budget() {
    let v = json(&["p-positions", "wythoff", "--count", "3000000", "--budget", "1000", "--json"]);
    assert_eq!(v["count"], 3_000_000);
    assert_eq!(v["complete"], false);
    let listed = v["p_positions"].as_array().unwrap().len();
    assert!((1..3_000_000).contains(&listed), "{listed}");
    let stopped = v["stopped"].as_str().unwrap();
    assert!(stopped.contains(&format!("stopped after listing {listed} positions")), "{stopped}");
    assert!(stopped.contains("work budget"), "{stopped}");
}
