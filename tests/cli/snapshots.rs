//! The `--json` output of every command, pinned with insta on small positions and ranges. A
//! snapshot that changes is a change of the JSON contract (`docs/json.md`): review it, and say it
//! in CHANGELOG.md. Each snapshot's description is the command that made it.
//!
//! Update after an intended change: `INSTA_UPDATE=always cargo test --test cli snapshots`, then
//! review the diff of `tests/cli/snapshots/`.

use serde_json::Value;

use crate::{json, nimlab};

/// Pins `nimlab ARGS --json` as the snapshot `name`.
fn pin(name: &str, args: &[&str]) {
    let mut with_json = args.to_vec();
    with_json.push("--json");
    pin_value(name, args, &json(&with_json));
}

fn pin_value(name: &str, args: &[&str], value: &Value) {
    let quoted: Vec<String> =
        args.iter().map(|a| if a.contains(' ') { format!("\"{a}\"") } else { a.to_string() }).collect();
    insta::with_settings!({ description => format!("nimlab {} --json", quoted.join(" ")), omit_expression => true }, {
        insta::assert_json_snapshot!(name, value);
    });
}

#[test]
fn games() {
    pin("games", &["games"]);
}

#[test]
fn solve_two_players() {
    pin("solve_nim", &["solve", "nim", "3", "4", "5"]);
    pin("solve_misere", &["solve", "bash", "6", "--max", "3", "--misere"]);
    pin("solve_search", &["solve", "subtraction", "7", "--set", "2,5", "--method", "search"]);
    pin("solve_big_numbers", &["solve", "nim", "123456789012345678901234567890", "5"]);
    pin(
        "solve_capped_moves",
        &[
            "solve", "nim", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1",
            "1", "1", "1", "1", "1",
        ],
    );
}

#[test]
fn solve_players() {
    pin("solve_players_search", &["solve", "nim", "1", "2", "3", "--players", "3"]);
    pin("solve_players_theory", &["solve", "large-nim", "1", "2", "3", "4", "--players", "3"]);
}

#[test]
fn solve_sum() {
    pin("solve_sum", &["solve", "--sum", "nim 3 4", "wythoff 3 5", "subtraction 10 --set 1,3,4"]);
}

#[test]
fn quotient() {
    pin("quotient_dot_75", &["quotient", "octal", "--code", "0.75"]);
}

#[test]
fn table() {
    pin("table_sequence", &["table", "subtraction", "--set", "3..6,20", "--upto", "12"]);
    pin("table_grid", &["table", "nim", "--rows", "2", "--cols", "3", "--outcomes"]);
    pin("table_mnn", &["table", "apple", "--max", "3", "--m", "3..5", "--n", "1..3"]);
}

#[test]
fn p_positions() {
    pin("p_positions_theory", &["p-positions", "wythoff", "--count", "5"]);
    pin("p_positions_search", &["p-positions", "nim", "--heaps", "3", "--count", "4"]);
}

#[test]
fn verify() {
    pin("verify_one_game", &["verify", "nim", "--upto", "3"]);
}

#[test]
fn period() {
    pin("period", &["period", "subtraction", "--set", "2,3,5,7"]);
    pin("period_octal", &["period", "kayles"]);
    pin("period_octal_open", &["period", "octal", "--code", "0.6", "--upto", "40"]);
    pin(
        "period_observed",
        &[
            "period", "pattern", "--piles", "1", "--move", "one:1", "--move", "one:3", "--move", "one:4",
            "--upto", "30",
        ],
    );
}

#[test]
fn octal() {
    pin("solve_octal_sum", &["solve", "octal", "--code", "0.07", "5", "8", "13"]);
    pin("sweep_octal", &["sweep", "octal", "--codes", "0.[0-7]", "--upto", "500"]);
}

#[test]
fn sweep() {
    pin("sweep_one_parameter", &["sweep", "subtraction", "--set", "2,3", "--add", "c=5..14"]);
    pin(
        "sweep_two_parameters",
        &["sweep", "subtraction", "--set", "2a", "--add", "a=2..3", "--add", "c=2a+1..12"],
    );
}

#[test]
fn search() {
    pin("search", &["search", "subtraction", "--size", "2", "--max", "9"]);
}

#[test]
fn explore() {
    pin("explore", &["explore", "large-nim", "--players", "3", "--heaps", "3", "--max", "4"]);
}

/// Wall-clock times (`*micros`) vary from run to run: each is checked to be a count and pinned
/// as "[micros]".
#[test]
fn prove() {
    fn redact_times(value: &mut Value) {
        match value {
            Value::Object(map) => {
                for (key, field) in map.iter_mut() {
                    if key.ends_with("micros") {
                        assert!(field.is_u64(), "{key}: {field}");
                        *field = "[micros]".into();
                    } else {
                        redact_times(field);
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(redact_times),
            _ => {}
        }
    }
    let args = ["prove", "large-nim", "--players", "3", "--heaps", "1..3"];
    let mut proof = json(&[&args[..], &["--json"]].concat());
    redact_times(&mut proof);
    pin_value("prove", &args, &proof);
}

#[test]
fn strategy() {
    pin("strategy_rule", &["strategy", "apple", "1", "5", "5", "--max", "3"]);
    pin("strategy_lines", &["strategy", "apple", "1", "2", "4", "--max", "2"]);
    pin("strategy_over", &["strategy", "apple", "0", "0", "0", "--max", "2"]);
}

/// The plot's JSON summary (the picture itself is tested in `plot.rs`); run in a temporary
/// directory so that `file` is the relative name given.
#[test]
fn plot() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for (name, args) in [
        ("plot_grid", &["plot", "nim", "--rows", "3", "--cols", "3", "-o", "grid.svg"][..]),
        ("plot_sequence", &["plot", "subtraction", "--set", "1,3,4", "--upto", "20", "-o", "sequence.png"]),
    ] {
        let output = nimlab().current_dir(dir.path()).args(args).arg("--json").output().unwrap();
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        pin_value(name, args, &serde_json::from_slice(&output.stdout).unwrap());
    }
}

/// A scripted session: a move, nimlab's reply, a hint, a bad line, help, undo, and a move that
/// loses (nimlab takes the last stones).
#[test]
fn play() {
    let args = ["play", "bash", "5", "--max", "3"];
    let output =
        nimlab().args(args).arg("--json").write_stdin("4\nhint\nx\nhelp\nundo\n2\n").output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let events: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
        .collect();
    pin_value("play_session", &args, &Value::Array(events));
}

/// `serve --json` prints its address; the port is the system's choice, so only the shape is
/// pinned.
#[test]
fn serve() {
    let mut started = crate::serve_json_start_up();
    let address = started["address"].as_str().expect("an address");
    let port = address.strip_prefix("http://127.0.0.1:").and_then(|rest| rest.strip_suffix('/'));
    assert!(port.is_some_and(|p| p.parse::<u16>().is_ok_and(|p| p > 0)), "{address}");
    started["address"] = "http://127.0.0.1:[port]/".into();
    pin_value("serve", &["serve"], &started);
}

/// Errors under `--json`: one object on stderr.
#[test]
fn errors() {
    for (name, args, status) in [
        ("error_usage", &["solve", "bash", "10"][..], 2),
        ("error_budget", &["solve", "nim", "30", "30", "30", "--method", "search", "--budget", "1000"], 1),
        (
            "error_deadline",
            &["solve", "nim", "200", "200", "200", "--method", "search", "--timeout", "0.001"],
            1,
        ),
    ] {
        let kind = match status {
            2 => "usage",
            _ if name.ends_with("budget") => "budget",
            _ => "deadline",
        };
        pin_value(name, args, &crate::json_error(args, status, kind));
    }
}
