//! Games on graphs on the command line: graphs named by family, inline and by file, theory and
//! the component engine, a family's table and period, a checkpointed family run killed with
//! SIGKILL and resumed, and the errors.

use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::{json, nimlab};

/// A316632: Node-Kayles on the 3 x n grid, n = 1..16.
const A316632: [u64; 16] = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];

#[test]
fn graphs_by_family_inline_and_file_are_answered() {
    // Even x even: P by the symmetry strategy.
    let answer = json(&["solve", "node-kayles", "--graph", "grid:4x4", "--json"]);
    assert_eq!(answer["grundy"], 0);
    assert_eq!(answer["basis"], "theory");
    // A path is Dawson's chess: a path of 5 vertices has value 3 (0.137), whatever its names.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("path.txt");
    std::fs::write(&file, "# a path\na b\nb c\nc d\nd e\n").unwrap();
    let by_file = json(&["solve", "node-kayles", "--graph", &format!("@{}", file.display()), "--json"]);
    assert_eq!(by_file["grundy"], 3);
    assert_eq!(by_file["game"], "node-kayles --graph edges:a-b,b-c,c-d,d-e");
    let dot = dir.path().join("path.dot");
    std::fs::write(&dot, "graph P { a -- b -- c -- d -- e; }\n").unwrap();
    let by_dot = json(&["solve", "node-kayles", "--graph", &format!("@{}", dot.display()), "--json"]);
    assert_eq!(by_dot["game"], by_file["game"]);
    // The component engine on a board no theory covers, against the generic search.
    let fast = json(&["solve", "node-kayles", "--graph", "grid:3x6", "--json"]);
    let slow = json(&["solve", "node-kayles", "--graph", "grid:3x6", "--method", "search", "--json"]);
    assert_eq!(fast["grundy"], 3);
    assert_eq!(fast["grundy"], slow["grundy"]);
    assert_eq!(fast["winning_moves"], slow["winning_moves"]);
    assert!(fast["reason"].as_str().unwrap().starts_with("search by components"));
    // Each listed winning move leads to a position of value 0.
    for mv in fast["winning_moves"].as_array().unwrap() {
        let to: Vec<String> = mv["to"].as_array().unwrap().iter().map(|n| n.to_string()).collect();
        let mut args = vec!["solve", "node-kayles", "--graph", "grid:3x6"];
        args.extend(to.iter().map(String::as_str));
        args.push("--json");
        assert_eq!(json(&args)["grundy"], 0, "{mv}");
    }
    // Arc-Kayles: a move names its edge.
    let arc = json(&["solve", "arc-kayles", "--graph", "path:10", "2", "3", "--json"]);
    assert_eq!(arc["winning_moves"][0]["move"], "take the edge 5–6");
}

#[test]
fn a_family_has_a_table_and_an_observed_period() {
    let table = json(&["table", "node-kayles", "--graph", "grid:3xn", "--upto", "12", "--json"]);
    let values: Vec<u64> = table["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(values[0], 0, "the empty grid");
    assert_eq!(values[1..], A316632[..12]);
    let table = crate::text(&["table", "node-kayles", "--graph", "grid:3xn", "--upto", "12"]);
    assert!(
        table
            .starts_with("node-kayles --graph grid:3xn: Grundy values for the family's members n = 0..=12\n"),
        "{table}"
    );
    let period = json(&["period", "node-kayles", "--graph", "ladder:n", "--upto", "24", "--json"]);
    assert_eq!(period["status"], "observed");
    assert_eq!(period["observed"]["period"], 2);
}

/// A family run killed with SIGKILL and run again with its checkpoint continues where the file
/// ends and gives the published values.
#[test]
fn a_family_run_killed_with_sigkill_resumes_from_its_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("grid.ckpt");
    let path = file.to_str().unwrap();
    let header = "nimlab checkpoint 1: node-kayles --graph grid:3xn\n".len() as u64;
    let saved = || std::fs::metadata(&file).map_or(0, |m| m.len().saturating_sub(header) / 4);
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("nimlab"))
        .args(["period", "node-kayles", "--graph", "grid:3xn", "--upto", "60", "--checkpoint", path])
        .args(["--budget", "100000000000000"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while saved() < 10 {
        std::thread::sleep(Duration::from_millis(10));
        assert!(started.elapsed() < Duration::from_secs(120), "no values saved");
    }
    assert!(child.try_wait().unwrap().is_none(), "the run finished before it could be killed");
    child.kill().unwrap(); // SIGKILL on Unix
    child.wait().unwrap();
    let before = saved();
    assert!((10..17).contains(&before), "{before} values saved before the kill");
    let resumed = json(&[
        "period",
        "node-kayles",
        "--graph",
        "grid:3xn",
        "--upto",
        "17",
        "--checkpoint",
        path,
        "--json",
    ]);
    let values: Vec<u64> =
        resumed["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(values[1..], A316632);
    assert_eq!(saved(), 17);
}

#[test]
fn bad_graphs_and_positions_are_usage_errors() {
    for (args, says) in [
        (&["solve", "node-kayles", "--graph", "grid:3x4", "12"][..], "vertices are 0..11"),
        (&["solve", "node-kayles", "--graph", "grid:3x4", "2", "2"][..], "named twice"),
        (&["solve", "node-kayles", "--graph", "grid:3xn"][..], "family of graphs"),
        (&["solve", "node-kayles", "--graph", "grid:3"][..], "two whole numbers"),
        (&["solve", "node-kayles", "--graph", "queens:17"][..], "at most 256"),
        (&["solve", "node-kayles", "--graph", "@/nonexistent/graph.txt"][..], "cannot read the file"),
        (&["table", "node-kayles", "--graph", "grid:3x4", "--upto", "5"][..], "write n in the graph"),
    ] {
        let out = nimlab().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
    // The budget: one line naming what ran out and how to raise it, exit 1.
    let out = nimlab()
        .args(["solve", "node-kayles", "--graph", "random:60,90,1", "--budget", "20000"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("raise it with --budget"), "{err}");
}

/// `play` starts from the whole graph when no position is given; a move is typed as the
/// vertices deleted after it.
#[test]
fn a_graph_game_is_played_in_the_terminal() {
    let out = nimlab()
        .args(["play", "node-kayles", "--graph", "path:7"])
        .write_stdin("1 2 3\nquit\n")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("you: pick vertex 2 -> 1 2 3"), "{text}");
    // The help's example is the game's own first move, not a heap's.
    assert!(text.contains("e.g. from the start type `0 1` to pick vertex 0."), "{text}");
    // nimlab answers with the winning move: the two paths left are equal.
    assert!(
        text.contains("nimlab: pick vertex 4 -> 1 2 3 4 5") || text.contains("nimlab: pick vertex 5"),
        "{text}"
    );
}
