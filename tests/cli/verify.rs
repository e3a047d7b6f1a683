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
    assert!(out.contains("checked 343 positions with every number <= 6"), "{out}");
    assert!(out.contains("theory = search"), "{out}");
}
