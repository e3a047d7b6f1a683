//! The JSON Schemas of `docs/schema/` (draft 2020-12, one per command) checked against real
//! output of every command, and shown to reject documents that break the contract.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use jsonschema::{Retrieve, Uri, Validator};
use serde_json::{json, Value};

use crate::{json, json_error, nimlab};

fn schema_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs").join("schema")
}

/// The schema files used by the tests so far (to check that none is left untested).
static USED: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());

/// Resolves a `$ref` to another file of `docs/schema/`, and to nothing else (no network).
struct SchemaFiles;

impl Retrieve for SchemaFiles {
    fn retrieve(&self, uri: &Uri<String>) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        let prefix = format!("file://{}/", schema_dir().display());
        let name = uri
            .as_str()
            .strip_prefix(&prefix)
            .filter(|name| name.ends_with(".schema.json") && !name.contains('/'))
            .ok_or_else(|| format!("{} is not a schema of docs/schema", uri.as_str()))?;
        USED.lock().unwrap().insert(name.to_string());
        Ok(serde_json::from_str(&std::fs::read_to_string(schema_dir().join(name))?)?)
    }
}

/// The validator of `docs/schema/NAME`, after checking the schema against the draft 2020-12
/// meta-schema.
fn validator(name: &str) -> Validator {
    let path = schema_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let schema: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name} is not JSON: {e}"));
    assert_eq!(schema["$schema"], "https://json-schema.org/draft/2020-12/schema", "{name}");
    if let Err(error) = jsonschema::meta::validate(&schema) {
        panic!("{name} is not a valid JSON Schema: {error}");
    }
    USED.lock().unwrap().insert(name.to_string());
    jsonschema::draft202012::options()
        .with_base_uri(format!("file://{}", path.display()))
        .with_retriever(SchemaFiles)
        .build(&schema)
        .unwrap_or_else(|e| panic!("{name} does not compile: {e}"))
}

fn assert_valid(validator: &Validator, document: &Value, what: &str) {
    let errors: Vec<String> =
        validator.iter_errors(document).map(|e| format!("{e} (at {})", e.instance_path())).collect();
    assert!(errors.is_empty(), "{what} breaks its schema: {errors:#?}\n{document}");
}

/// Checks `nimlab ARGS --json` for each `ARGS` against `docs/schema/NAME`.
fn check(name: &str, commands: &[&[&str]]) {
    let validator = validator(name);
    for args in commands {
        let mut with_json = args.to_vec();
        with_json.push("--json");
        assert_valid(&validator, &json(&with_json), &format!("nimlab {}", with_json.join(" ")));
    }
}

#[test]
fn loopy() {
    let file = format!("{}/examples/loopy.txt", env!("CARGO_MANIFEST_DIR"));
    check(
        "loopy.schema.json",
        &[
            &["loopy", "--file", &file],
            &["loopy", "--file", &file, "start"],
            &["loopy", "--file", &file, "a", "d"],
            &["loopy", "--file", &file, "a", "c", "--misere"],
            &["loopy", "--fair-shares", "6"],
        ],
    );
    let validator = validator("loopy.schema.json");
    let mut broken = json(&["loopy", "--file", &file, "--json"]);
    broken["rows"][0]["value"] = json!({"infinite": [1, 1]});
    assert!(!validator.is_valid(&broken), "K with a repeat is refused");
    broken["rows"][0]["value"] = json!("∞");
    assert!(!validator.is_valid(&broken), "∞ as a string is refused");
}

#[test]
fn games() {
    check("games.schema.json", &[&["games"]]);
}

#[test]
fn solve_two_players() {
    let huge = "9".repeat(300);
    check(
        "solve.schema.json",
        &[
            &["solve", "nim", "3", "4", "5"],
            &["solve", "nim", "1", "1", "--misere"],
            &["solve", "nim", "123456789012345678901234567890", "5"],
            &["solve", "nim", &huge, "12", &huge],
            &["solve", "wythoff", "165580140", "267914295"],
            &["solve", "subtraction", "7", "--set", "2,5", "--method", "search"],
            &["solve", "fibonacci", "20", "5"],
            &["solve", "moore", &huge, "12345", "7", "--k", "2"],
            &["solve", "apple", "1", "5", "5", "--max", "3", "--bounded-equal"],
            &["solve", "pattern", "3", "5", "--piles", "2", "--move", "one:1..", "--move", "all:1.."],
            &[
                "solve", "nim", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1",
                "1", "1", "1", "1", "1", "1",
            ],
        ],
    );
}

#[test]
fn solve_players() {
    check(
        "solve-players.schema.json",
        &[
            &["solve", "nim", "1", "2", "3", "--players", "3"],
            &["solve", "large-nim", "1", "2", "3", "4", "--players", "3"],
            &["solve", "large-nim", "3", &"9".repeat(100), &"9".repeat(100), "--players", "4"],
            &["solve", "bash", "20", "--max", "2", "--players", "4"],
        ],
    );
}

#[test]
fn solve_sum() {
    check(
        "solve-sum.schema.json",
        &[
            &["solve", "--sum", "nim 3 4", "wythoff 3 5", "subtraction 10 --set 1,3,4"],
            &["solve", "--sum", "nim 4", "bash 9 --max 4"],
            &["solve", "--sum", "half 20", "subtraction 9 --set 2,5", "--method", "search"],
        ],
    );
}

#[test]
fn table() {
    check(
        "table.schema.json",
        &[
            &["table", "subtraction", "--set", "3..6,20", "--upto", "12"],
            &["table", "bash", "--max", "3", "--upto", "5", "--misere"],
            &["table", "kayles", "--upto", "20", "--misere"],
            &["table", "nim", "--rows", "2", "--cols", "3"],
            &["table", "nim", "--rows", "2", "--cols", "3", "--outcomes"],
            &["table", "apple", "--max", "3", "--m", "3..5", "--n", "1..3"],
            &["table", "apple", "--max", "3", "--m", "3..5", "--n", "1..3", "--grundy"],
            &["table", "apple", "--max", "3", "--m", "3..5", "--n", "1..3", "--outcomes"],
        ],
    );
}

#[test]
fn p_positions() {
    check(
        "p-positions.schema.json",
        &[
            &["p-positions", "wythoff", "--count", "5"],
            &["p-positions", "nim", "--heaps", "3", "--count", "4"],
            &["p-positions", "nim", "--heaps", "3", "--count", "200", "--budget", "1000"],
            &["p-positions", "staircase", "--count", "3", "--budget", "100000"],
        ],
    );
}

#[test]
fn verify() {
    check(
        "verify.schema.json",
        &[
            &["verify", "nim", "--upto", "3"],
            &["verify", "large-nim", "--players", "3"],
            &["verify", "bash", "--max", "3", "--misere"],
            &["verify", "kayles", "--misere", "--upto", "10"],
        ],
    );
}

#[test]
fn period() {
    check(
        "period.schema.json",
        &[
            &["period", "subtraction", "--set", "2,3,5,7"],
            &["period", "subtraction", "--set", "2,3,5,7,19"],
            &["period", "kayles"],
            &["period", "octal", "--code", "0.6", "--upto", "20000"],
            &["period", "octal", "--code", "0x0.8", "--upto", "300"],
            &["period", "grundy-game", "--upto", "1000"],
            &["period", "pattern", "--piles", "1", "--move", "one:1", "--move", "one:3", "--move", "one:4"],
            &["period", "nim", "--upto", "100"],
            &["period", "half", "--upto", "13"],
        ],
    );
}

#[test]
fn sweep() {
    check(
        "sweep.schema.json",
        &[
            &["sweep", "subtraction", "--set", "2,3,5,7", "--add", "c=11..100"],
            &["sweep", "subtraction", "--set", "3,5", "--add", "6..20"],
            &["sweep", "subtraction", "--set", "2a", "--add", "a=2..3", "--add", "c=2a+1..40"],
            &["sweep", "octal", "--codes", "0.?[1-3]", "--upto", "3000"],
            &["sweep", "octal", "--codes", "0.??", "--upto", "1000", "--shard", "1/3"],
            &["sweep", "octal", "--codes", "0.7?", "--misere", "--upto", "12"],
        ],
    );
}

#[test]
fn search() {
    check(
        "search.schema.json",
        &[
            &["search", "subtraction", "--size", "2", "--max", "9"],
            &["search", "subtraction", "--size", "3", "--max", "12", "--period", "3"],
        ],
    );
}

#[test]
fn explore() {
    check(
        "explore.schema.json",
        &[&["explore", "large-nim", "--players", "3", "--heaps", "4", "--max", "6"]],
    );
}

#[test]
fn prove() {
    check(
        "prove.schema.json",
        &[
            &["prove", "large-nim", "--players", "3", "--heaps", "4"],
            &["prove", "large-nim", "--players", "2..5", "--heaps", "1..5"],
        ],
    );
}

#[test]
fn strategy() {
    check(
        "strategy.schema.json",
        &[
            &["strategy", "apple", "1", "5", "5", "--max", "3"],
            &["strategy", "apple", "8", "2", "2", "--max", "3"],
            &["strategy", "apple", "1", "2", "4", "--max", "2"],
            &["strategy", "apple", "0", "0", "0", "--max", "2"],
        ],
    );
}

#[test]
fn plot() {
    let validator = validator("plot.schema.json");
    let dir = tempfile::tempdir().expect("a temporary directory");
    for args in [
        &["plot", "nim", "--rows", "3", "--cols", "3", "-o", "grid.svg"][..],
        &["plot", "nim", "--cell", "r c c", "--rows", "3", "--cols", "3", "--outcomes", "-o", "slice.png"],
        &["plot", "subtraction", "--set", "1,3,4", "--upto", "20", "-o", "sequence.svg"],
        &["plot", "bash", "--max", "3", "--upto", "10", "-o", "short.png"],
    ] {
        let output = nimlab().current_dir(dir.path()).args(args).arg("--json").output().unwrap();
        assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
        assert_valid(&validator, &serde_json::from_slice(&output.stdout).unwrap(), &format!("{args:?}"));
    }
}

#[test]
fn play_events() {
    let validator = validator("play.schema.json");
    for (args, input) in [
        (&["play", "bash", "5", "--max", "3"][..], "4\nhint\nx\nhelp\nundo\n2\n"),
        (&["play", "wythoff", "4", "7", "--first", "nimlab"], "undo\nquit\n"),
        (&["play", "nim", "400", "400"], "400 399\nquit\n"),
        (&["play", "bash", "2", "--max", "3", "--misere"], "1\n"),
        (&["play", "nim", "3", "4", "5"], ""),
        // A game whose positions repeat: nimlab keeps the draw, a hint, the draw by repetition.
        (
            &[
                "play",
                "loopy-pattern",
                "--piles",
                "1",
                "--move",
                "one:1",
                "--move",
                "one:+1",
                "--cap",
                "2",
                "1",
            ],
            "hint\n2\n2\n",
        ),
        (&["play", "fair-shares", "4", "2", "1", "--first", "nimlab"], "hint\n1 1 1 1 1 2\n"),
    ] {
        let output = nimlab().args(args).arg("--json").write_stdin(input).output().unwrap();
        assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
        for line in String::from_utf8(output.stdout).unwrap().lines() {
            let event: Value = serde_json::from_str(line).expect("one JSON object per line");
            assert_valid(&validator, &event, &format!("{args:?}: {line}"));
        }
    }
}

#[test]
fn serve_address() {
    let validator = validator("serve.schema.json");
    assert_valid(&validator, &crate::serve_json_start_up(), "serve --json");
}

#[test]
fn errors() {
    let validator = validator("error.schema.json");
    for (args, status, kind) in [
        (&["solve", "bash", "10"][..], 2, "usage"),
        (&["table", "nim"], 2, "usage"),
        (&["solve", "nim", "30", "30", "30", "--method", "search", "--budget", "1000"], 1, "budget"),
        (&["solve", "nim", "200", "200", "200", "--method", "search", "--timeout", "0.001"], 1, "deadline"),
        (&["period", "subtraction", "--set", "1,4,1000", "--limit", "500"], 1, "failure"),
    ] {
        assert_valid(&validator, &json_error(args, status, kind), &format!("{args:?}"));
    }
}

/// The schemas can fail: documents that break the contract in the ways issue 10 lists (and a
/// few more) are rejected.
#[test]
fn wrong_documents_are_rejected() {
    let solve = validator("solve.schema.json");
    let good = json(&["solve", "nim", "3", "4", "5", "--json"]);
    assert_valid(&solve, &good, "the unchanged answer");
    type Change = fn(&mut Value);
    let wrong: [(&str, Change); 12] = [
        ("a small number as a string", |v| v["grundy"] = json!("2")),
        ("the position as prose", |v| v["position"] = json!("(3, 4, 5)")),
        ("a position mixing numbers and prose", |v| v["position"] = json!([3, "4 heaps", 5])),
        ("a number above 2^53 as a number", |v| v["position"] = json!([9_007_199_254_740_993_u64, 4, 5])),
        ("an outcome other than N or P", |v| v["outcome"] = json!("first player")),
        ("a missing field", |v| drop(v.as_object_mut().unwrap().remove("moves_complete"))),
        ("a field of the old contract", |v| v["start"] = json!([3, 4, 5])),
        ("a P-position with a winning move", |v| v["outcome"] = json!("P")),
        ("a value with status unknown", |v| v["grundy_status"] = json!("unknown")),
        ("theory without its theorem", |v| v["theorem"] = Value::Null),
        ("params as text", |v| v["params"] = json!("--max 3")),
        ("play as a flag", |v| v["play"] = json!(true)),
    ];
    for (what, change) in wrong {
        let mut document = good.clone();
        change(&mut document);
        assert!(!solve.is_valid(&document), "solve's schema accepts {what}: {document}");
    }
    let sum = validator("solve-sum.schema.json");
    let mut parts_from_0 = json(&["solve", "--sum", "nim 3 4", "bash 10 --max 3", "--json"]);
    assert_valid(&sum, &parts_from_0, "the unchanged sum");
    parts_from_0["winning_moves"][0]["part"] = json!(0);
    assert!(!sum.is_valid(&parts_from_0), "parts numbered from 0 are accepted");
    let table = validator("table.schema.json");
    let mut mixed = json(&["table", "nim", "--rows", "1", "--cols", "1", "--outcomes", "--json"]);
    mixed["cells"][0][0] = json!(0);
    assert!(!table.is_valid(&mixed), "an outcome table with a number is accepted");
    let players = validator("solve-players.schema.json");
    let mut old = json(&["solve", "nim", "1", "2", "3", "--players", "3", "--json"]);
    old["optimal_moves"] = old["winning_moves"].take();
    assert!(!players.is_valid(&old), "the old optimal_moves field is accepted");
    let error = validator("error.schema.json");
    for wrong in [
        json!({ "error": "bad", "kind": "usage", "exit_status": 1 }),
        json!({ "error": "two\nlines", "kind": "budget", "exit_status": 1 }),
        json!({ "error": "bad", "kind": "oops", "exit_status": 1 }),
        json!({ "error": "bad", "kind": "usage", "exit_status": 2, "status": 400 }),
    ] {
        assert!(!error.is_valid(&wrong), "the error schema accepts {wrong}");
    }
}

#[test]
fn nimber() {
    check(
        "nimber.schema.json",
        &[&["nimber", "(5*7 + 3)^-1"], &["nimber", "0x10000000000000000 * 3"], &["nimber", "0"]],
    );
}

#[test]
fn census() {
    check("census.schema.json", &[&["census", "--upto", "130"], &["census", "--upto", "12", "--full"]]);
}

#[test]
fn table_rectangles() {
    check(
        "table-rectangles.schema.json",
        &[&["table", "chomp", "--rectangles", "--rows", "3", "--cols", "4"]],
    );
}

#[test]
fn solve_shards() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("shards.sqlite").display().to_string();
    check(
        "solve-shards.schema.json",
        &[
            &["solve", "cram", "--board", "2x3", "--db", &db, "--shard", "0/2"],
            &["solve", "cram", "--board", "2x3", "--db", &db, "--shard", "1/2"],
            &["solve", "chomp", "4", "3", "2", "--db", &db],
        ],
    );
}

#[test]
fn quotient() {
    check(
        "quotient.schema.json",
        &[
            &["quotient", "octal", "--code", "0.75"],
            &["quotient", "subtraction", "--set", "1,2"],
            &["quotient", "dawson-kayles", "--upto", "12"],
        ],
    );
}

/// Every schema file is used by some test here (so none describes output nobody checks).
#[test]
fn every_schema_file_is_tested() {
    let files: BTreeSet<String> = std::fs::read_dir(schema_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".schema.json"))
        .collect();
    let tested = [
        "common.schema.json",
        "games.schema.json",
        "solve.schema.json",
        "solve-players.schema.json",
        "solve-sum.schema.json",
        "table.schema.json",
        "p-positions.schema.json",
        "verify.schema.json",
        "period.schema.json",
        "sweep.schema.json",
        "search.schema.json",
        "explore.schema.json",
        "strategy.schema.json",
        "plot.schema.json",
        "prove.schema.json",
        "play.schema.json",
        "serve.schema.json",
        "nimber.schema.json",
        "error.schema.json",
        "loopy.schema.json",
        "quotient.schema.json",
        "census.schema.json",
        "solve-shards.schema.json",
        "table-rectangles.schema.json",
    ];
    assert_eq!(files, tested.iter().map(|s| s.to_string()).collect(), "update this list and add a test");
    // The shared definitions resolve through the retriever, the others compile on their own.
    for name in &tested[1..] {
        validator(name);
    }
    assert!(USED.lock().unwrap().contains("common.schema.json"), "no schema refers to common.schema.json");
}
