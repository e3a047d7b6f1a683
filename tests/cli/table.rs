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
