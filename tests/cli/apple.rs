//! The apple game of seed 000 and user-defined take-pattern games.

use serde_json::json;

use crate::errors::usage_error;
use crate::{json, text};

/// The paper's tables, rows M = 1..9 and columns N = 1..9 (1: the first player wins).
const PAPER_S3: &str = "M\\N,1,2,3,4,5,6,7,8,9\n\
    1,1,1,1,1,1,1,1,1,1\n2,1,1,1,1,1,1,1,1,1\n3,1,1,1,1,1,1,1,1,1\n4,0,0,0,1,1,1,1,1,1\n\
    5,1,1,1,1,1,1,1,1,1\n6,1,1,1,1,1,1,1,1,1\n7,1,1,1,1,1,1,1,1,1\n8,0,0,0,1,1,1,1,1,1\n\
    9,1,1,1,1,1,1,1,1,1\n";
const PAPER_S4: &str = "M\\N,1,2,3,4,5,6,7,8,9\n\
    1,1,1,1,1,1,1,1,1,1\n2,1,1,1,1,1,1,1,1,1\n3,1,1,1,1,1,1,1,1,1\n4,1,1,1,1,1,1,1,1,1\n\
    5,0,0,0,0,1,1,1,1,1\n6,1,1,1,1,1,1,1,1,1\n7,1,1,1,1,1,1,1,1,1\n8,1,1,1,1,1,1,1,1,1\n\
    9,1,1,1,1,1,1,1,1,1\n";

#[test]
fn paper_table_s3_rows_m_columns_n() {
    assert_eq!(text(&["table", "apple", "--max", "3", "--m", "1..9", "--n", "1..9", "--csv"]), PAPER_S3);
    let out = text(&["table", "apple", "--max", "3", "--m", "1..9", "--n", "1..9"]);
    assert!(out.contains("rows M = 1..=9, columns N = 1..=9"), "{out}");
    assert!(out.contains("  4 | 0 0 0 1 1 1 1 1 1\n"), "{out}");
}

#[test]
fn paper_table_s4_rows_m_columns_n() {
    assert_eq!(text(&["table", "apple", "--max", "4", "--m", "1..9", "--n", "1..9", "--csv"]), PAPER_S4);
}

#[test]
fn pattern_form_prints_the_same_tables() {
    let args = ["table", "pattern", "--piles", "3", "--move", "one:1..3", "--move", "all:1..", "--m", "1..9"];
    assert_eq!(text(&[&args[..], &["--n", "1..9", "--csv"]].concat()), PAPER_S3);
}

#[test]
fn table_json_has_f_outcomes_and_grundy() {
    // The default cells are f (1: the first player wins), as in the paper's tables.
    let v = json(&["table", "apple", "--max", "3", "--m", "3..4", "--n", "1..2", "--json"]);
    assert_eq!(v["game"], "apple --max 3");
    assert_eq!(v["params"], json!({ "max": 3, "bounded-equal": false }));
    assert_eq!((v["kind"].clone(), v["shape"].clone()), (json!("f"), json!("mnn")));
    assert_eq!(v["m"], json!([3, 4]));
    assert_eq!(v["n"], json!([1, 2]));
    assert_eq!(v["cells"], json!([[1, 1], [0, 0]]));
    let v = json(&["table", "apple", "--max", "3", "--m", "3..4", "--n", "1..2", "--outcomes", "--json"]);
    assert_eq!(v["kind"], "outcome");
    assert_eq!(v["cells"], json!([["N", "N"], ["P", "P"]]));
    let v = json(&["table", "apple", "--max", "3", "--m", "3..4", "--n", "1..2", "--grundy", "--json"]);
    assert_eq!(v["kind"], "grundy");
    assert_eq!(v["cells"], json!([[3, 3], [0, 0]]));
}

#[test]
fn bounded_table_differs() {
    let out =
        text(&["table", "apple", "--max", "3", "--bounded-equal", "--m", "4..4", "--n", "1..9", "--csv"]);
    assert_eq!(out, "M\\N,1,2,3,4,5,6,7,8,9\n4,0,0,0,0,0,0,0,0,0\n");
    let v =
        json(&["table", "apple", "--max", "3", "--bounded-equal", "--m", "4..4", "--n", "1..2", "--json"]);
    assert_eq!(v["game"], "apple --max 3 --bounded-equal");
    assert_eq!(v["params"], json!({ "max": 3, "bounded-equal": true }));
    assert_eq!(v["cells"], json!([[0, 0]]));
}

#[test]
fn question_one_first_move_and_mirror() {
    let out = text(&["solve", "apple", "1", "5", "5", "--max", "3"]);
    assert!(out.contains("take 1 from every pile to (0, 4, 4), then mirror"), "{out}");
    let v = json(&["solve", "apple", "1", "5", "5", "--max", "3", "--json"]);
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(moves.iter().any(|m| m["to"] == json!([0, 4, 4])));
}

#[test]
fn huge_apple_piles_by_theory() {
    let big = "9".repeat(60);
    let v = json(&["solve", "apple", "8", &big, &big, "--max", "3", "--json"]);
    assert_eq!(v["outcome"], "N");
}

#[test]
fn strategy_question_one() {
    let out = text(&["strategy", "apple", "1", "5", "5", "--max", "3"]);
    assert!(out.contains("the first player wins"), "{out}");
    assert!(out.contains("(1, 5, 5) -> (0, 4, 4): take 1 from every pile"), "{out}");
    assert!(out.contains("mirror rule"), "{out}");
    let v = json(&["strategy", "apple", "1", "5", "5", "--max", "3", "--json"]);
    assert_eq!(v["winner"], "first");
    assert_eq!(v["position"], json!([1, 5, 5]));
    assert_eq!(v["params"], json!({ "max": 3, "bounded-equal": false }));
    assert_eq!(v["opening"]["to"], json!([0, 4, 4]));
    assert_eq!(v["plan"]["rule"], "mirror");
}

#[test]
fn strategy_second_player_multiple_rule_and_searched_lines() {
    let v = json(&["strategy", "apple", "8", "2", "2", "--max", "3", "--json"]);
    assert_eq!(v["winner"], "second");
    assert_eq!(v["opening"], json!(null));
    assert_eq!(v["plan"]["rule"], "multiple");
    let v = json(&["strategy", "apple", "3", "5", "7", "--max", "2", "--json"]);
    assert_eq!(v["plan"]["kind"], "lines");
}

#[test]
fn pattern_solve() {
    let v = json(&[
        "solve", "pattern", "--piles", "3", "--move", "one:1..3", "--move", "all:1..", "1", "5", "5",
        "--json",
    ]);
    assert_eq!(v["outcome"], "N");
    assert!(v["winning_moves"].as_array().unwrap().iter().any(|m| m["to"] == json!([0, 4, 4])));
    // Wythoff's game as a pattern game: (3, 5) is a P-position.
    let v = json(&[
        "solve", "pattern", "--piles", "2", "--move", "one:1..", "--move", "all:1..", "3", "5", "--json",
    ]);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn bad_input_exits_2() {
    usage_error(
        &["solve", "pattern", "--piles", "3", "--move", "0,3:1..", "1", "5", "5"],
        "names pile 3, but the game has piles 0..=2",
    );
    usage_error(&["solve", "pattern", "--piles", "3", "--move", "one:3..1", "1", "5", "5"], "3..1 is empty");
    usage_error(
        &["solve", "apple", "1", "5", "5", "--max", "0"],
        "invalid value '0' for --max: it must be at least 1",
    );
    usage_error(
        &["table", "apple", "--max", "0", "--m", "1..9", "--n", "1..9"],
        "invalid value '0' for --max",
    );
    usage_error(&["strategy", "apple", "1", "5", "5", "--max", "0"], "invalid value '0' for --max");
    usage_error(&["solve", "pattern", "--piles", "3", "--move", "one:1..0", "1", "5", "5"], "1..0 is empty");
    usage_error(&["solve", "pattern", "--piles", "3", "1", "5", "5"], "the game 'pattern' needs --move");
    usage_error(&["solve", "pattern", "--piles", "3", "--move", "one:1..", "1", "5"], "3 pile sizes");
    usage_error(
        &["table", "apple", "--max", "3", "--m", "9..1", "--n", "1..9"],
        "--m: the range 9..1 is empty",
    );
    usage_error(&["table", "nim", "--m", "1..3", "--n", "1..3"], "with tables of three-pile positions");
    usage_error(
        &["strategy", "nim", "1", "2"],
        "'nim' is not among the games with the winner's whole plan (strategy): apple",
    );
    usage_error(&["solve", "nim", "1", "2", "--bounded-equal"], "--bounded-equal does not apply");
}
