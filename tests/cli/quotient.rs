//! `nimlab quotient` and misère `solve` from the quotient (issue 22).

use crate::errors::usage_error;
use crate::{json, text};

#[test]
fn dot_75_is_an_order_8_certified_quotient() {
    let out = text(&["quotient", "octal", "--code", "0.75"]);
    assert!(out.starts_with("misère quotient of 0.75\n"), "{out}");
    assert!(out.contains("presentation: ⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩"), "{out}");
    assert!(out.contains("|Q| = 8, |P| = 2\nP = {a, b²}"), "{out}");
    assert!(out.contains("Φ: preperiod 8, period 2 (certified)"), "{out}");
    assert!(out.contains("wild:"), "{out}");
    assert!(out.contains("presentation last changed at heap 5"), "{out}");
    assert!(out.contains("certified: Φ(h + 2) = Φ(h) for 8 ≤ h ≤ 21 − 2"), "{out}");
}

#[test]
fn kayles_is_certified_with_phi_period_12_from_heap_71() {
    let v = json(&["quotient", "kayles", "--json"]);
    assert_eq!(v["status"], "certified");
    assert_eq!((v["order"].as_u64(), v["p_portion"].as_array().map(Vec::len)), (Some(40), Some(9)));
    assert_eq!(v["phi_period"]["preperiod"], 71);
    assert_eq!(v["phi_period"]["period"], 12);
    assert_eq!(v["phi_period"]["certified"], true);
    assert_eq!(v["tameness"]["tame"], false);
    assert_eq!(v["table"].as_array().map(Vec::len), Some(40));
}

#[test]
fn partial_quotients_say_so_and_never_solved() {
    let out = text(&["quotient", "dawson-kayles", "--upto", "12"]);
    assert!(out.starts_with("partial quotient Q_12 of Dawson's Kayles (0.07)"), "{out}");
    assert!(out.contains("not certified: partial quotient Q_12 of order 12"), "{out}");
    assert!(!out.contains("solved"), "{out}");
    let out = text(&["quotient", "kayles", "--budget", "1500"]);
    assert!(out.starts_with("partial quotient Q_"), "{out}");
    assert!(out.contains("stopped at heap"), "{out}");
}

#[test]
fn subtraction_sets_are_codes_and_tame_quotients_are_named() {
    let out = text(&["quotient", "subtraction", "--set", "1,2"]);
    assert!(out.starts_with("misère quotient of Subtraction game (0.33)"), "{out}");
    assert!(out.contains("tame: Q is the tame quotient T_2"), "{out}");
}

#[test]
fn games_without_a_code_are_refused() {
    usage_error(&["quotient", "wythoff"], "wythoff has no misère quotient");
    usage_error(&["quotient", "grundy-game"], "grundy-game has no misère quotient");
}

#[test]
fn misere_solve_answers_from_the_quotient_with_every_winning_move() {
    let v = json(&["solve", "kayles", "100", "200", "300", "--misere", "--json", "--all"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["basis"], "theory");
    let reason = v["reason"].as_str().unwrap();
    assert!(reason.starts_with("misère quotient: Φ(100)·Φ(200)·Φ(300) = "), "{reason}");
    assert!(reason.contains("∉ P"), "{reason}");
    assert_eq!(v["moves_complete"], true);
    assert_eq!(v["winning_moves"].as_array().map(Vec::len), Some(56));
    let v = json(&["solve", "octal", "--code", "0.75", "1000000", "12345", "--misere", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["basis"], "theory");
    assert_eq!(v["winning_move_count"], 2);
}

/// The misère table of Kayles comes from the quotient at once (it searched each cell and
/// stopped at cell 59 before); its first cells equal the search's.
#[test]
fn misere_tables_come_from_the_quotient_and_equal_the_search() {
    let v = json(&["table", "kayles", "--upto", "100", "--misere", "--json"]);
    assert_eq!((v["basis"].as_str(), v["method"].as_str()), (Some("theory"), Some("misere-quotient")));
    let values = v["values"].as_array().unwrap();
    assert_eq!(values.len(), 101);
    let searched = json(&["table", "kayles", "--upto", "16", "--misere", "--method", "search", "--json"]);
    assert_eq!(searched["method"], "search");
    assert_eq!(&values[..17], searched["values"].as_array().unwrap().as_slice());
    // Misère Kayles: P at 1, 4, 9, 12, 20, ... and no heap from the periodic part on.
    let p: Vec<usize> = (0..values.len()).filter(|&h| values[h] == "P").collect();
    assert_eq!(&p[..5], [1, 4, 9, 12, 20]);
    assert!(p.iter().all(|&h| h < 71), "{p:?}");
    // Subtraction games too: SUB{1,2,3} is a misère P-position exactly at 1 mod 4.
    let v = json(&["table", "subtraction", "--set", "1,2,3", "--upto", "12", "--misere", "--json"]);
    assert_eq!(v["method"], "misere-quotient");
    let p: Vec<usize> = (0..13).filter(|&h| v["values"][h] == "P").collect();
    assert_eq!(p, [1, 5, 9]);
}

/// P-positions of misère Kayles from the quotient: one heap by its table (every one there is:
/// the periodic part holds none), sums position by position from the quotient; both equal the
/// search's on small heaps.
#[test]
fn misere_p_positions_come_from_the_quotient_and_equal_the_search() {
    let v = json(&["p-positions", "kayles", "--misere", "--count", "20", "--json"]);
    assert_eq!(v["basis"], "theory");
    let heaps: Vec<u64> =
        v["p_positions"].as_array().unwrap().iter().map(|p| p[0].as_u64().unwrap()).collect();
    assert!(heaps.len() < 20 && heaps.starts_with(&[1, 4, 9, 12, 20]), "{heaps:?}");
    assert!(v["stopped"].as_str().unwrap().contains("no other heap is a P-position"), "{v}");
    let args = ["p-positions", "kayles", "--misere", "--count", "12", "--heaps", "3", "--json"];
    let by_quotient = json(&args);
    let by_search = json(&[&args[..], &["--method", "search"]].concat());
    assert_eq!(by_quotient["p_positions"], by_search["p_positions"]);
    assert_eq!(by_quotient["p_positions"].as_array().map(Vec::len), Some(12));
}

/// Misère subtraction games from their code's quotient, at any size, with the winning take.
#[test]
fn misere_subtraction_games_answer_at_any_size() {
    let v = json(&["solve", "subtraction", "--set", "1,2,3", "10000000000000", "--misere", "--json"]);
    assert_eq!((v["outcome"].as_str(), v["basis"].as_str()), (Some("N"), Some("theory")));
    assert_eq!(v["winning_moves"][0]["to"], serde_json::json!([9_999_999_999_997u64]));
    assert!(v["reason"].as_str().unwrap().contains("Φ(10000000000000) = Φ(4)"), "{v}");
}

/// `verify --misere`: the quotient against the brute-force search on every sum of at most 24
/// tokens, and its structure.
#[test]
fn verify_misere_checks_the_quotient_against_brute_force() {
    let out = text(&["verify", "kayles", "--misere"]);
    assert!(out.contains("checked 7338 sums of heaps with at most 24 tokens in all"), "{out}");
    assert!(out.contains("even order (40)") && out.contains("quotient = search on all of them"), "{out}");
    let v = json(&["verify", "subtraction", "--set", "1,3,4", "--misere", "--upto", "20", "--json"]);
    assert_eq!(v["all_agree"], true);
    let r = &v["reports"][0];
    assert_eq!(
        (r["bound"].as_u64(), r["positions"].as_u64(), r["play"].as_str()),
        (Some(20), Some(2714), Some("misere"))
    );
    assert_eq!(r["quotient"]["certified"], true);
    assert!(r["quotient"]["structure"].as_array().unwrap().iter().any(|s| s == "commutative"), "{r}");
}
