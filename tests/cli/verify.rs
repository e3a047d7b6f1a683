use serde_json::json;

use crate::{json, text};

#[test]
fn verify_every_game_agrees() {
    let v = json(&["verify", "--json"]);
    assert_eq!(v["all_agree"], true);
    assert!(v["reports"].as_array().unwrap().len() >= 4);
}

#[test]
fn verify_one_game_states_what_was_checked() {
    let out = text(&["verify", "nim", "--upto", "6"]);
    assert!(out.contains("checked 343 positions whose numbers are all <= 6"), "{out}");
    assert!(out.contains("theory = search"), "{out}");
}

#[test]
fn verify_without_a_game_checks_the_n_player_theorems_for_2_to_7_players() {
    let v = json(&["verify", "--json"]);
    let players: Vec<u64> = v["reports"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["game"] == "large-nim")
        .map(|r| r["players"].as_u64().expect("an n-player report"))
        .collect();
    assert_eq!(players, [2, 3, 4, 5, 6, 7]);
}

#[test]
fn verify_large_nim_with_three_players_names_each_theorem_and_what_it_covered() {
    let v = json(&["verify", "large-nim", "--players", "3", "--json"]);
    let report = &v["reports"][0];
    assert_eq!(report["agree"], true);
    assert_eq!(report["bound"], 8);
    // Every sorted position of at most 5 heaps of at most 8: C(13, 5) = 1287 in all.
    let (checked, uncovered) = (report["positions"].as_u64().unwrap(), report["uncovered"].as_u64().unwrap());
    assert_eq!(checked + uncovered, 1287);
    let theorem = report["theorem"].as_str().unwrap();
    for name in ["Lemma 1", "Theorem 1", "Theorem 2", "Theorem 3", "formula (5)"] {
        assert!(theorem.contains(name), "{theorem}");
    }
    let out = text(&["verify", "large-nim", "--players", "7"]);
    assert!(out.contains("large-nim with 7 players: "), "{out}");
    assert!(out.contains("checked 1287 positions whose numbers are all <= 8"), "{out}");
    assert!(out.contains("theory = search on all of them (the value and every option's value)"), "{out}");
}

#[test]
fn verify_asks_for_players_where_only_n_player_theorems_exist() {
    crate::errors::usage_error(&["verify", "large-nim"], "--players N");
    crate::errors::usage_error(&["verify", "nim", "--players", "3"], "nim has no closed form for 3 players");
    crate::errors::usage_error(&["verify", "large-nim", "--players", "1"], "at least 2 players");
    // verify has no --method: its messages must not suggest one.
    for args in [&["verify", "large-nim"][..], &["verify", "nim", "--players", "3"]] {
        let output = crate::nimlab().args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("--method"), "nimlab {args:?}: {stderr}");
    }
}

#[test]
fn verify_json_reports_what_was_checked() {
    let v = json(&["verify", "nim", "--upto", "3", "--json"]);
    assert_eq!(v["all_agree"], true);
    let reports = v["reports"].as_array().unwrap();
    assert_eq!(reports.len(), 1);
    let r = &reports[0];
    assert_eq!(
        (r["game"].clone(), r["play"].clone(), r["players"].clone()),
        (json!("nim"), json!("normal"), json!(null))
    );
    // Nim is verified on 3 heaps of 0..=3: 4^3 = 64 positions.
    assert_eq!(
        (r["bound"].clone(), r["positions"].clone(), r["uncovered"].clone()),
        (json!(3), json!(64), json!(0))
    );
    assert_eq!((r["agree"].clone(), r["counterexample"].clone()), (json!(true), json!(null)));
    let v = json(&["verify", "bash", "--max", "3", "--misere", "--upto", "20", "--json"]);
    assert_eq!(v["reports"][0]["game"], "bash --max 3");
    assert_eq!(v["reports"][0]["play"], "misere");
}
