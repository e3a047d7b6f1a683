//! The default work budget is sized so that ordinary research requests finish (issue 21): the
//! published certified periods of 0.376 (Gangolli and Plambeck: preperiod 2,268,248, period 4)
//! and Grundy's game to 10^6 answer with the default limits, and a larger request stops at the
//! budget with one line naming `--budget`, inside the suite's deadline. 0.354 (Flammenkamp:
//! preperiod 10,061,916, period 1180) certifies with the defaults in [`crate::checkpoint`], whose
//! uninterrupted run uses them.

use crate::harness::{run, Run};

/// Runs `args` with the default limits and fails on any defect (deadline included).
fn checked(args: &[&str]) -> Run {
    let run = run(args);
    eprintln!("{}", run.describe().lines().next().unwrap_or_default());
    assert!(run.defect().is_none(), "{:?}: {}", run.defect(), run.describe());
    run
}

#[test]
#[ignore = "release suite: see main.rs"]
fn the_default_budget_certifies_0_376() {
    let run = checked(&["period", "octal", "--code", "0.376"]);
    assert_eq!(run.code(), Some(0), "{}", run.describe());
    let text = run.stdout.text();
    assert_eq!(
        text.lines().next(),
        Some("0.376: preperiod 2268248, period 4 (certified)"),
        "{}",
        run.describe()
    );
}

#[test]
#[ignore = "release suite: see main.rs"]
fn the_default_budget_computes_grundys_game_to_a_million() {
    let run = checked(&["table", "grundy-game", "--upto", "1000000", "--format", "u16"]);
    assert_eq!(run.code(), Some(0), "{}", run.describe());
    assert_eq!(run.stdout.total, 2 * 1_000_001, "{}", run.describe());
    // G(0..=8) of Grundy's game (OEIS A002188).
    let values: Vec<u16> =
        run.stdout.head[..18].chunks(2).map(|b| u16::from_le_bytes([b[0], b[1]])).collect();
    assert_eq!(values, [0, 0, 0, 1, 0, 2, 1, 0, 2]);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn a_larger_request_stops_at_the_default_budget_inside_the_deadline() {
    // 0.1777 certifies only after 4.4·10^8 values; the default budget stops it with one line.
    let run = checked(&["period", "octal", "--code", "0.1777", "--upto", "450000000"]);
    assert_eq!(run.code(), Some(1), "{}", run.describe());
    let stderr = run.stderr.text();
    assert_eq!(stderr.trim_end().lines().count(), 1, "{}", run.describe());
    assert!(stderr.contains("--budget"), "{}", run.describe());
}
