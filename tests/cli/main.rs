//! Integration tests of the `nimlab` command: one test binary, one module per command, plus the
//! promises every command shares (`contract`), the `--json` snapshots (`snapshots`), the JSON
//! Schemas of `docs/schema/` checked against real output (`schemas`) and the examples of
//! `docs/json.md` (`docs`).

mod apple;
mod boards;
mod contract;
mod docs;
mod emit;
mod errors;
mod graph_rulesets;
mod graphs;
mod lang;
mod loopy;
mod nimber;
mod octal;
mod one_heap_and_moore;
mod period;
mod play;
mod players;
mod plot;
mod prove;
mod quotient;
mod schemas;
mod search;
mod serve;
mod snapshots;
mod solve;
mod surfaces;
mod sweep;
mod table;
mod tables;
mod verify;

use assert_cmd::Command;
use serde_json::Value;

/// The `nimlab` binary with NO_COLOR set, ready for arguments.
pub fn nimlab() -> Command {
    let mut cmd = Command::cargo_bin("nimlab").expect("the nimlab binary is built");
    cmd.env("NO_COLOR", "1");
    cmd
}

/// Runs nimlab with `args`, expects success, and parses stdout as one JSON value.
pub fn json(args: &[&str]) -> Value {
    let output = nimlab().args(args).output().expect("nimlab runs");
    assert!(output.status.success(), "nimlab {args:?} failed: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("stdout is one JSON value")
}

/// Runs nimlab with `args`, expects success, and returns stdout.
pub fn text(args: &[&str]) -> String {
    let output = nimlab().args(args).output().expect("nimlab runs");
    assert!(output.status.success(), "nimlab {args:?} failed: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

/// Runs nimlab with `args` and `--json`, expects it to fail with `exit_status`, and returns the
/// error object. Checks the contract of errors under `--json`: nothing on stdout, and on stderr
/// exactly one line holding one JSON object with exactly `error` (one non-empty line), `kind` and
/// `exit_status` (the process's own exit status).
pub fn json_error(args: &[&str], exit_status: i32, kind: &str) -> Value {
    let output = nimlab().args(args).arg("--json").write_stdin("").output().expect("nimlab runs");
    let stderr = String::from_utf8(output.stderr).expect("stderr is UTF-8");
    assert_eq!(output.status.code(), Some(exit_status), "nimlab {args:?} --json: {stderr}");
    assert!(output.stdout.is_empty(), "nimlab {args:?} --json printed on stdout");
    assert_eq!(stderr.lines().count(), 1, "one line on stderr: {stderr:?}");
    let error: Value =
        serde_json::from_str(&stderr).unwrap_or_else(|e| panic!("not one JSON object ({e}): {stderr}"));
    let keys: Vec<&str> = error.as_object().expect("an object").keys().map(String::as_str).collect();
    assert_eq!(keys.len(), 3, "{error}");
    assert_eq!(error["kind"], kind, "{error}");
    assert_eq!(error["exit_status"], exit_status, "{error}");
    let message = error["error"].as_str().expect("error is a string");
    assert!(!message.is_empty() && !message.contains('\n'), "{error}");
    assert!(!message.starts_with("error:"), "the message has no 'error:' prefix: {error}");
    error
}

/// Starts `nimlab serve --json`, reads the line it prints once it listens, stops it, and returns
/// that line as JSON.
pub fn serve_json_start_up() -> Value {
    use std::io::BufRead;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("nimlab"))
        .args(["serve", "--json"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("nimlab serve starts");
    let mut line = String::new();
    let read = std::io::BufReader::new(child.stdout.take().expect("piped")).read_line(&mut line);
    let _ = child.kill();
    let _ = child.wait();
    read.expect("a line");
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("not one JSON object ({e}): {line}"))
}
