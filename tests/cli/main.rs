//! Integration tests of the `nimlab` command: one test binary, one module per command.

mod apple;
mod errors;
mod one_heap_and_moore;
mod period;
mod play;
mod players;
mod plot;
mod prove;
mod search;
mod serve;
mod solve;
mod sweep;
mod table;
mod verify;

use assert_cmd::Command;

/// The `nimlab` binary with NO_COLOR set, ready for arguments.
pub fn nimlab() -> Command {
    let mut cmd = Command::cargo_bin("nimlab").expect("the nimlab binary is built");
    cmd.env("NO_COLOR", "1");
    cmd
}

/// Runs nimlab with `args`, expects success, and parses stdout as JSON.
pub fn json(args: &[&str]) -> serde_json::Value {
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
