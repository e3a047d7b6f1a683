//! `nimlab loopy`: loopy games from a graph file and Fair Shares; values ∞(K), draws, errors.

use serde_json::{json, Value};

use crate::{json, json_error, nimlab, text};

fn example() -> String {
    format!("{}/examples/loopy.txt", env!("CARGO_MANIFEST_DIR"))
}

fn row<'a>(table: &'a Value, position: &str) -> &'a Value {
    table["rows"].as_array().unwrap().iter().find(|r| r["position"] == position).unwrap()
}

#[test]
fn loopy_example_file() {
    let file = example();
    let table = json(&["loopy", "--file", &file, "--json"]);
    assert_eq!(table["positions"], 6);
    assert_eq!(table["counts"], json!({"P": 2, "N": 2, "D": 2}));
    let expect = [
        ("start", json!({"infinite": []}), "D", Value::Null, json!(["b"])),
        ("a", json!({"infinite": [0]}), "N", json!(1), json!(["end"])),
        ("b", json!({"infinite": []}), "D", Value::Null, json!(["b"])),
        ("end", json!(0), "P", json!(0), json!([])),
        ("c", json!(0), "P", json!(2), json!([])),
        ("d", json!(1), "N", json!(1), json!(["end", "c"])),
    ];
    for (name, value, outcome, remoteness, moves) in expect {
        let r = row(&table, name);
        assert_eq!(
            (&r["value"], &r["outcome"], &r["remoteness"], &r["moves"]),
            (&value, &json!(outcome), &remoteness, &moves),
            "{name}: {r}"
        );
    }
    // One token on start: a draw, kept by moving to b.
    let out = text(&["loopy", "--file", &file, "start"]);
    assert!(out.contains("value ∞()  outcome D (a draw: neither player can force a win)"), "{out}");
    assert!(out.contains("drawing moves (1):\n  token 1: start -> b"), "{out}");
    // Sums from the values: a + c = ∞(0) (N), a + d = ∞(1) (a draw).
    let sum = json(&["loopy", "--file", &file, "a", "c", "--json"]);
    assert_eq!((&sum["value"], &sum["outcome"]), (&json!({"infinite": [0]}), &json!("N")));
    assert_eq!(sum["moves"], json!([{"token": 0, "from": "a", "to": "end", "value_after": 0}]));
    let sum = json(&["loopy", "--file", &file, "a", "d", "--json"]);
    assert_eq!(
        (&sum["value"], &sum["outcome"], &sum["moves_kind"]),
        (&json!({"infinite": [1]}), &json!("D"), &json!("drawing"))
    );
}

#[test]
fn loopy_fair_shares_up_to_16_coins() {
    let table = json(&["loopy", "--fair-shares", "16", "--json"]);
    assert_eq!(table["positions"], 914, "the partitions of 1 to 16: 1 + 2 + 3 + 5 + ... + 231");
    assert_eq!(row(&table, "1+1+1+1")["value"], 0);
    assert_eq!(row(&table, "7")["outcome"], "N", "7 can only be shared into 7 single coins");
}

#[test]
fn loopy_bad_files_are_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "a b\nb c d\n").unwrap();
    let bad = bad.display().to_string();
    let e = json_error(&["loopy", "--file", &bad], 2, "usage");
    assert_eq!(
        e["error"],
        format!("{bad}: line 2, column 5: expected an edge `u v` (two vertex names), found a third word `d`")
    );
    let dot = dir.path().join("bad.dot");
    std::fs::write(&dot, "digraph {\n  a -> ;\n}\n").unwrap();
    let dot = dot.display().to_string();
    let e = json_error(&["loopy", "--file", &dot], 2, "usage");
    assert_eq!(e["error"], format!("{dot}: line 2, column 8: expected a vertex name after `->`"));
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, "# nothing\n").unwrap();
    let e = json_error(&["loopy", "--file", &empty.display().to_string()], 2, "usage");
    assert!(e["error"].as_str().unwrap().ends_with("the graph is empty: it has no vertices"), "{e}");
    let e = json_error(&["loopy", "--file", &example(), "nowhere"], 2, "usage");
    assert!(e["error"].as_str().unwrap().ends_with("has no position named `nowhere`"), "{e}");
    let e = json_error(&["loopy", "--file", "/nonexistent/graph.txt"], 2, "usage");
    assert!(
        e["error"].as_str().unwrap().starts_with("cannot read the graph file /nonexistent/graph.txt"),
        "{e}"
    );
    // Text mode: one line on stderr, exit 2.
    let output = nimlab().args(["loopy", "--file", &bad]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8(output.stderr).unwrap().lines().count(), 1);
}

#[test]
fn loopy_stops_at_the_budget_with_one_line() {
    let e = json_error(&["loopy", "--fair-shares", "30", "--budget", "1000"], 1, "budget");
    assert!(e["error"].as_str().unwrap().contains("work budget"), "{e}");
}

/// `graph` and `fair-shares` are rulesets: `solve` and `table` answer them by the loopy engine,
/// found through the declaration's capability.
#[test]
fn solve_and_table_answer_the_loopy_rulesets() {
    let file = example();
    let out = text(&["solve", "graph", "--file", &file, "start"]);
    assert!(out.contains("value ∞()  outcome D (a draw: neither player can force a win)"), "{out}");
    assert!(out.contains("drawing moves (1):\n  token 1: start -> b"), "{out}");
    let out = text(&["solve", "graph", "--file", &file, "d"]);
    assert!(out.contains("value 1  outcome N (the player to move wins)  remoteness 1"), "{out}");
    assert!(
        out.contains("winning moves (2):\n  token 1: d -> end  (value after: 0)\n  token 1: d -> c"),
        "{out}"
    );
    // A sum of tokens, as `loopy` answers it.
    assert_eq!(
        json(&["solve", "graph", "--file", &file, "a", "d", "--json"]),
        json(&["loopy", "--file", &file, "a", "d", "--json"])
    );
    // The table of a graph is every vertex, as `loopy --file` lists it.
    let table = json(&["table", "graph", "--file", &file, "--json"]);
    let listed = json(&["loopy", "--file", &file, "--json"]);
    assert_eq!(table["rows"], listed["rows"]);
    assert_eq!(table["counts"], json!({"P": 2, "N": 2, "D": 2}));
    // Fair Shares: 4+2+1 has value 1; three moves to a 0.
    let r = json(&["solve", "fair-shares", "4", "2", "1", "--json"]);
    assert_eq!((&r["value"], &r["outcome"], &r["remoteness"]), (&json!(1), &json!("N"), &json!(3)));
    let to: Vec<&str> = r["moves"].as_array().unwrap().iter().map(|m| m["to"].as_str().unwrap()).collect();
    assert_eq!(to, ["1 2 2 2", "3 4", "2 5"]);
}

/// `nimlab table fair-shares`: every position of 1 to 16 coins (914), the same values and
/// outcomes as `loopy --fair-shares 16` (the whole graph of every partition).
#[test]
fn table_fair_shares_is_every_position_up_to_16_coins() {
    let table = json(&["table", "fair-shares", "--json"]);
    assert_eq!(table["positions"], 914);
    let whole = json(&["loopy", "--fair-shares", "16", "--json"]);
    assert_eq!(table["counts"], whole["counts"]);
    let name = |p: &str| {
        let mut parts: Vec<&str> = p.split('+').collect();
        parts.reverse();
        parts.join(" ")
    };
    let by_name: std::collections::HashMap<String, &Value> = whole["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (name(r["position"].as_str().unwrap()), r))
        .collect();
    for r in table["rows"].as_array().unwrap() {
        let w = by_name[r["position"].as_str().unwrap()];
        assert_eq!(
            (&r["value"], &r["outcome"], &r["remoteness"]),
            (&w["value"], &w["outcome"], &w["remoteness"])
        );
    }
}

#[test]
fn solve_graph_bad_files_are_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "a b\nb c d\n").unwrap();
    let bad = bad.display().to_string();
    let e = json_error(&["solve", "graph", "--file", &bad, "a"], 2, "usage");
    assert_eq!(
        e["error"],
        format!("{bad}: line 2, column 5: expected an edge `u v` (two vertex names), found a third word `d`")
    );
    let e = json_error(&["table", "graph", "--file", &bad], 2, "usage");
    assert!(e["error"].as_str().unwrap().contains("line 2, column 5"), "{e}");
    let e = json_error(&["solve", "graph", "--file", &example(), "nowhere"], 2, "usage");
    assert!(e["error"].as_str().unwrap().ends_with("has no position named `nowhere`"), "{e}");
    let e = json_error(&["solve", "graph", "--file", &example()], 2, "usage");
    assert!(e["error"].as_str().unwrap().starts_with("give a position of graph"), "{e}");
    let e = json_error(&["solve", "fair-shares", "3", "0"], 2, "usage");
    assert!(e["error"].as_str().unwrap().contains("at least one coin"), "{e}");
    let output = nimlab().args(["solve", "graph", "--file", &bad, "a"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8(output.stderr).unwrap().lines().count(), 1);
}

#[test]
fn loopy_reasons_follow_the_language() {
    let file = example();
    let zh = json(&["--lang", "zh", "loopy", "--file", &file, "start", "--json"]);
    assert_eq!(
        zh["reason"],
        "广义 Sprague-Grundy 值 ∞()：值为 ∞(K) 且 0 不属于 K：和局（没有必胜的走法，而不想输的一方总能避免输）"
    );
    let misere = json(&["--lang", "zh", "solve", "fair-shares", "4", "3", "--misere", "--json"]);
    assert!(misere["reason"].as_str().unwrap().starts_with("反常规则（无路可走的一方获胜）"), "{misere}");
    let en = json(&["loopy", "--file", &file, "start", "d", "--json"]);
    assert!(en["reason"].as_str().unwrap().starts_with("the sum's value by the generalized"), "{en}");
}

/// A loopy take pattern's moves are written as the positions they reach, in the numbering of the
/// position asked about (not the sorted form its graph names a vertex by): from 2 3, taking 2
/// from pile 1 reaches 2 1; from 3 2 the same moves, mirrored.
#[test]
fn loopy_pattern_moves_keep_the_positions_numbering() {
    let game =
        ["solve", "loopy-pattern", "--piles", "2", "--move", "one:1..2", "--move", "one:+1", "--cap", "6"];
    for (position, from, moves) in [
        (["2", "3"], "2 3", ["1 3", "0 3", "2 2", "2 1", "3 3", "2 4"]),
        (["3", "2"], "3 2", ["3 1", "3 0", "2 2", "1 2", "3 3", "4 2"]),
    ] {
        let out = text(&[&game[..], &position[..]].concat());
        for to in moves {
            assert!(out.contains(&format!("token 1: {from} -> {to}  ")), "{from} -> {to}: {out}");
        }
        let report = json(&[&game[..], &position[..], &["--json"]].concat());
        assert_eq!(report["tokens"][0]["position"], from, "{report}");
        assert_eq!(report["tokens"][0]["moves"], json!(moves), "{report}");
        let tos: Vec<&Value> = report["moves"].as_array().unwrap().iter().map(|m| &m["to"]).collect();
        assert_eq!(tos, moves.iter().map(|m| json!(m)).collect::<Vec<_>>().iter().collect::<Vec<_>>());
    }
}
