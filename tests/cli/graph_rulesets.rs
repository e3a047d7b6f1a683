//! Green Hackenbush and Vertex Geography on the command line: their theory, each winning move
//! checked by asking again, `verify`, `play`, and bad positions refused as usage errors.

use serde_json::{json, Value};

use crate::errors::usage_error;
use crate::{json, nimlab, text};

/// `solve GAME POSITION... ARGS... --json`.
fn solve(game: &str, position: &[String], args: &[&str]) -> Value {
    let mut all: Vec<&str> = vec!["solve", game];
    all.extend(position.iter().map(String::as_str));
    all.extend(args);
    all.push("--json");
    json(&all)
}

fn numbers(value: &Value) -> Vec<String> {
    value.as_array().unwrap().iter().map(|n| n.to_string()).collect()
}

/// Every winning move of the answer leads to a P-position of value 0.
fn winning_moves_lead_to_zero(game: &str, answer: &Value, args: &[&str]) {
    for m in answer["winning_moves"].as_array().unwrap() {
        let after = solve(game, &numbers(&m["to"]), args);
        assert_eq!(after["outcome"], "P", "{game} {args:?}: {m}");
        assert_eq!(after["grundy"], 0, "{game} {args:?}: {m}");
    }
}

#[test]
fn hackenbush_values_by_fusion_and_the_colon_principle() {
    let args = ["--graph", "edges:g-a,a-b,b-c,c-a,g-d,d-d,g-g", "--ground", "g"];
    let v = solve("hackenbush", &[], &args);
    assert_eq!(v["game"], "hackenbush --graph edges:g-a,a-b,b-c,c-a,g-d,d-d,g-g --ground g");
    assert_eq!(v["params"], json!({ "graph": ["edges:g-a,a-b,b-c,c-a,g-d,d-d,g-g"], "ground": ["g"] }));
    assert_eq!((v["outcome"].as_str(), v["grundy"].as_u64()), (Some("N"), Some(1)));
    assert_eq!(v["basis"], "theory");
    let reason = v["reason"].as_str().unwrap();
    for needle in [
        "the cycles through a, b, c fuse them into one vertex with 3 loops (worth 1)",
        "at the ground g, its loop is worth 1, the branch over g–a is worth 1 + 1 = 2",
        "so the value is 1",
    ] {
        assert!(reason.contains(needle), "{reason}");
    }
    let moves: Vec<&str> =
        v["winning_moves"].as_array().unwrap().iter().map(|m| m["move"].as_str().unwrap()).collect();
    assert_eq!(moves, ["cut the edge a–b", "cut the edge c–a", "cut the loop at g"]);
    winning_moves_lead_to_zero("hackenbush", &v, &args);
    // Repeated edges are kept and told apart; cutting the foot drops what stands on it.
    let args = ["--graph", "edges:g-a,a-a,a-b,a-b", "--ground", "g"];
    let v = solve("hackenbush", &[], &args);
    assert_eq!(v["winning_moves"], json!([{ "move": "cut the edge g–a", "to": [0, 1, 2, 3] }]));
    let v = solve("hackenbush", &["1".into()], &args);
    assert_eq!(v["grundy"], 1, "{v}");
    let moves: Vec<&str> =
        v["winning_moves"].as_array().unwrap().iter().map(|m| m["move"].as_str().unwrap()).collect();
    assert_eq!(moves, ["cut the edge g–a"]);
    for (graph, ground) in [("tree:0,0,1,1,2,3", "0"), ("grid:3x3", "(2,2)"), ("cycle:7", "3")] {
        let args = ["--graph", graph, "--ground", ground];
        let v = solve("hackenbush", &[], &args);
        winning_moves_lead_to_zero("hackenbush", &v, &args);
    }
    let zh =
        text(&["solve", "hackenbush", "--graph", "edges:g-a,a-a,a-b,a-b", "--ground", "g", "--lang", "zh"]);
    assert!(zh.contains("剪断边 g–a"), "{zh}");
}

#[test]
fn geography_outcomes_by_maximum_matchings() {
    let args = ["--graph", "grid:3x3"];
    // The centre of the whole 3 x 3 grid: P; an edge cell: N.
    let v = solve("geography", &["4".into()], &args);
    assert_eq!((v["outcome"].as_str(), v["grundy"].as_u64()), (Some("P"), Some(0)));
    assert!(v["reason"]
        .as_str()
        .unwrap()
        .contains("some maximum matching of the graph left misses the token's vertex (2, 2)"));
    assert!(v["theorem"].as_str().unwrap().contains("Fraenkel, Scheinerman and Ullman"), "{v}");
    let v = solve("geography", &["1".into()], &args);
    assert_eq!(v["outcome"], "N");
    let reason = v["reason"].as_str().unwrap();
    assert!(
        reason.contains("every maximum matching of the graph left covers the token's vertex (1, 2)"),
        "{reason}"
    );
    assert!(
        reason.contains("the player to move wins by moving along a maximum matching, to (1, 1)"),
        "{reason}"
    );
    assert_eq!(
        v["winning_moves"],
        json!([
            { "move": "move the token to (1, 1)", "to": [0, 1] },
            { "move": "move the token to (1, 3)", "to": [2, 1] },
            { "move": "move the token to (2, 2)", "to": [4, 1] },
        ])
    );
    // The Grundy value comes from a search beside the theory.
    assert_eq!(v["grundy"], 1);
    winning_moves_lead_to_zero("geography", &v, &args);
    let position: Vec<String> = ["4", "0", "1"].map(String::from).to_vec();
    let v = solve("geography", &position, &args);
    assert_eq!(v["position"], json!([4, 0, 1]));
    for (graph, token) in [("petersen:5,2", "3"), ("random:12,18,4", "0"), ("grid:3x4", "5")] {
        let args = ["--graph", graph];
        let v = solve("geography", &[token.into()], &args);
        winning_moves_lead_to_zero("geography", &v, &args);
    }
}

#[test]
fn verify_compares_the_theories_with_the_search() {
    for (game, args) in [
        ("hackenbush", &["--graph", "edges:g-a,a-a,a-b,a-b,b-c,c-a,c-c", "--ground", "g"][..]),
        ("hackenbush", &["--graph", "tree:0,0,1,1,2,2,3,3"]),
        ("geography", &["--graph", "petersen:5,2"]),
        ("geography", &["--graph", "grid:3x3"]),
    ] {
        let mut all = vec!["verify", game];
        all.extend(args);
        all.push("--json");
        let v = json(&all);
        let report = &v["reports"][0];
        assert_eq!(report["agree"], true, "{game} {args:?}: {report}");
        assert!(report["positions"].as_u64().unwrap() > 40, "{game} {args:?}: {report}");
        assert!(report["scope"].as_str().unwrap().starts_with("positions with "), "{report}");
    }
    // The text says which positions were checked: vertex sets, not numbers at most a bound.
    let text = crate::text(&["verify", "node-kayles", "--graph", "grid:3x4"]);
    assert!(
        text.contains(" positions with some of the first 12 vertices deleted that the theory answers"),
        "{text}"
    );
    assert!(!text.contains("numbers are all"), "{text}");
}

#[test]
fn play_starts_from_the_whole_graph() {
    let output = nimlab()
        .args(["play", "hackenbush", "--graph", "edges:g-a,a-b,g-c", "--ground", "g"])
        .write_stdin("2\n")
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("you: cut the edge g–c -> 2"), "{out}");
    assert!(out.contains("nimlab made the last move, so nimlab wins"), "{out}");
}

#[test]
fn bad_positions_and_grounds_are_usage_errors() {
    usage_error(
        &["solve", "hackenbush", "--graph", "path:3", "5"],
        "hackenbush names edge 5, but the graph's edges are 0..1",
    );
    usage_error(&["solve", "hackenbush", "--graph", "path:3", "1", "1"], "edge 1 (1–2) is named twice");
    usage_error(
        &["solve", "hackenbush", "--graph", "path:3", "--ground", "x"],
        "the ground 'x' is not a vertex of the graph",
    );
    usage_error(&["solve", "hackenbush", "--graph", "path:3", "--ground", "a-b"], "is not a vertex's name");
    usage_error(&["solve", "geography", "--graph", "path:3"], "geography needs the token's vertex first");
    usage_error(
        &["solve", "geography", "--graph", "path:3", "3"],
        "geography names vertex 3, but the graph's vertices are 0..2",
    );
    usage_error(
        &["solve", "geography", "--graph", "path:3", "1", "1"],
        "vertex 1 (1) holds the token and cannot be deleted",
    );
    usage_error(&["solve", "geography", "--graph", "path:3", "0", "2", "2"], "vertex 2 (2) is named twice");
}
