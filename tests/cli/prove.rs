//! `prove large-nim`: nimlab's theorems for n-player Large Nim on heaps of any size.

use serde_json::json;

use crate::errors::{runtime_error, usage_error};
use crate::{json, text};

/// The seed's formula (5) (n = 3, N = 4), as docs/large-nim.md and explore's test record it,
/// printed as proved.
#[test]
fn three_players_four_heaps_prints_formula_5_as_proved() {
    let out = text(&["prove", "large-nim", "--players", "3", "--heaps", "4"]);
    assert!(out.starts_with("large-nim with 3 players, at most 4 heaps of any size: PROVED"), "{out}");
    assert!(out.contains("check: 31 patterns, 121 profiles"), "{out}");
    let formula_5 = "4 heaps (16 patterns, 81 profiles, ";
    let at = out.find(formula_5).expect("the 4-heap theorem");
    let block: Vec<&str> = out[at..].lines().collect();
    assert!(block[0].ends_with("the paper's formula (5)):"), "{out}");
    assert_eq!(
        block[1..6],
        [
            "  g = 0 if 1 < x1 = x2 = x3 <= x4",
            "        or 1 <= x1 < x2 = x3 < x4",
            "  g = 1 if 1 = x1 = x2 <= x3 <= x4",
            "        or 1 <= x1 <= x2 < x3 <= x4",
            "  g = 2 if 1 <= x1 < x2 = x3 = x4",
        ]
    );
    assert!(
        out.contains("the general law (docs/large-nim.md) gives the same value on every pattern"),
        "{out}"
    );
}

#[test]
fn ranges_prove_each_player_count_and_print_each_heap_count() {
    let v = json(&["prove", "large-nim", "--players", "2..4", "--heaps", "5..6", "--json"]);
    assert_eq!(v["all_proved"], true);
    let proofs = v["proofs"].as_array().unwrap();
    assert_eq!(proofs.len(), 3);
    for (proof, players) in proofs.iter().zip(2..) {
        assert_eq!(proof["players"], players);
        assert_eq!((proof["heaps"].clone(), proof["proved_heaps"].clone()), (json!(6), json!(6)));
        // Every pattern and profile of at most 6 heaps: 2^7 - 1 and (3^7 - 1) / 2.
        assert_eq!((proof["patterns"].clone(), proof["profiles"].clone()), (json!(127), json!(1093)));
        let heaps: Vec<u64> =
            proof["theorem"].as_array().unwrap().iter().map(|t| t["heaps"].as_u64().unwrap()).collect();
        assert_eq!(heaps, [5, 6]);
        assert_eq!(proof["failure"], serde_json::Value::Null);
        assert_eq!(proof["refinement"], serde_json::Value::Null);
    }
    // n = 4, N = 5 as explore found it: g = 3 if 1 <= x1 < x2 = x3 = x4 = x5.
    let five = &proofs[2]["theorem"][0];
    assert_eq!(five["paper"], serde_json::Value::Null);
    assert_eq!(five["law_agrees"], true);
    assert_eq!(five["formula"][3], json!({ "value": 3, "cases": ["1 <= x1 < x2 = x3 = x4 = x5"] }));
    assert_eq!(proofs[0]["theorem"][0]["patterns"], 32);
    assert_eq!(proofs[0]["theorem"][0]["profiles"], 243);
}

#[test]
fn bad_requests() {
    usage_error(
        &["prove", "nim", "--players", "3", "--heaps", "4"],
        "is not among the games with values by order pattern",
    );
    usage_error(&["prove", "large-nim", "--players", "1..3", "--heaps", "4"], "at least 2 players, got 1");
    usage_error(&["prove", "large-nim", "--players", "3", "--heaps", "0"], "the heaps start at 1");
    usage_error(&["prove", "large-nim", "--players", "3", "--heaps", "5..4"], "is empty");
    usage_error(
        &["prove", "large-nim", "--players", "x", "--heaps", "4"],
        "--players: 'x' is not a whole number",
    );
    usage_error(&["prove", "large-nim", "--players", "2..1000", "--heaps", "4"], "more than 100 proofs");
    // Too many profiles for the budget: a runtime failure, exit status 1, one line.
    runtime_error(
        &["prove", "large-nim", "--players", "3", "--heaps", "9", "--budget", "5000"],
        "budget",
        &["proving 9 heaps stopped", "more than 5000 units of work", "--budget"],
    );
}

/// `solve` answers five heaps of 100 digits with 3 players from the proved theorem, instantly.
#[test]
fn solve_uses_the_proved_theorem_for_huge_heaps() {
    let huge = "9".repeat(100);
    let lower = format!("{}2", "9".repeat(99));
    let v = json(&["solve", "large-nim", &lower, &lower, &huge, &huge, &huge, "--players", "3", "--json"]);
    // 1 < x1 = x2 < x3 = x4 = x5: value 2 (n = 3, N = 5).
    assert_eq!(v["value"], 2);
    assert_eq!(v["basis"], "theory");
    assert_eq!(v["theorem"], "proved: finite induction over order patterns (nimlab prove)");
    assert_eq!(v["moves_complete"], false);
    assert!(v["winning_moves"].as_array().is_some_and(|m| !m.is_empty()));
}

/// `verify --players 2` compares every proved value (and every option's) with search: no
/// position of at most 5 heaps is left to search alone.
#[test]
fn verify_compares_the_proved_theorems_with_search() {
    let v = json(&["verify", "large-nim", "--players", "2", "--json"]);
    let report = &v["reports"][0];
    assert_eq!(report["agree"], true);
    assert_eq!(report["uncovered"], 0);
    assert_eq!(report["positions"], 1287);
    assert!(report["theorem"]
        .as_str()
        .unwrap()
        .contains("proved: finite induction over order patterns (nimlab prove) ("));
}
