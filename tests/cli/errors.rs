//! Every bad input gets a one-line message on stderr and exit status 2 (1 for runtime failures).

use crate::nimlab;

pub(crate) fn usage_error(args: &[&str], needle: &str) {
    let output = nimlab().args(args).output().expect("nimlab runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "nimlab {args:?}: {stderr}");
    assert!(stderr.contains(needle), "nimlab {args:?}: stderr {stderr:?} lacks {needle:?}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "one line: {stderr:?}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(output.stdout.is_empty());
}

#[test]
fn negative_heap() {
    usage_error(&["solve", "nim", "3", "-4"], "'-4' is not a valid heap size");
}

#[test]
fn non_numeric_heap() {
    usage_error(&["solve", "nim", "3", "four"], "'four' is not a valid heap size");
}

#[test]
fn unknown_game() {
    usage_error(&["solve", "chess", "1"], "unknown game 'chess'");
}

#[test]
fn bash_max_zero() {
    usage_error(&["solve", "bash", "10", "--max", "0"], "--max must be at least 1");
}

#[test]
fn bash_without_max() {
    usage_error(&["solve", "bash", "10"], "bash needs --max");
}

#[test]
fn option_of_another_game() {
    usage_error(&["solve", "nim", "3", "--max", "2"], "--max does not apply to the game 'nim'");
}

#[test]
fn missing_game() {
    usage_error(&["solve"], "required");
}

#[test]
fn bad_method() {
    usage_error(&["solve", "nim", "3", "--method", "magic"], "magic");
}

#[test]
fn bad_sum_part() {
    usage_error(&["solve", "--sum", "nim 3", "bash x --max 2"], "'x' is not a valid heap size");
}

#[test]
fn too_large_for_search_is_a_runtime_error_naming_the_budget() {
    let output = nimlab()
        .args(["solve", "bash", "100000", "--max", "3", "--method", "search", "--budget", "1000"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("1000 states (the state budget") && stderr.contains("--budget"), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1);
}

#[test]
fn search_over_budget_stops_with_an_error_naming_the_budget() {
    let output = nimlab()
        .args(["solve", "nim", "30", "30", "30", "--method", "search", "--budget", "1000"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("more than 1000 states (the state budget)") && stderr.contains("--budget"),
        "{stderr}"
    );
    assert_eq!(stderr.trim_end().lines().count(), 1);
}

#[test]
fn help_has_examples() {
    let output = nimlab().args(["solve", "--help"]).output().unwrap();
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stdout).contains("Examples:"));
}

#[test]
fn sets_sweeps_and_limits_too_large_for_memory_are_refused_before_any_work() {
    usage_error(
        &["period", "subtraction", "--set", "1..1000000000"],
        "'1..1000000000' has 1000000000 numbers; a set may have at most 1000000 members",
    );
    usage_error(
        &["period", "subtraction", "--set", "1..600000,700000..1300000"],
        "the set lists 1200001 numbers",
    );
    usage_error(
        &["sweep", "subtraction", "--set", "2,3", "--add", "c=5..1000000000"],
        "a sweep has at most 10000000 sets",
    );
    usage_error(
        &["sweep", "subtraction", "--set", "1..100000", "--add", "c=100001..102000"],
        "the sweep's sets hold more than 100000000 numbers in all",
    );
    for command in ["period", "sweep", "search"] {
        let mut args = vec![command, "subtraction", "--limit", "600000000"];
        match command {
            "period" => args.extend(["--set", "2,3"]),
            "sweep" => args.extend(["--set", "2,3", "--add", "c=5..9"]),
            _ => args.extend(["--size", "2", "--max", "9"]),
        }
        usage_error(&args, "600000000 is not in 1..=500000000");
    }
}
