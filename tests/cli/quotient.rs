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
