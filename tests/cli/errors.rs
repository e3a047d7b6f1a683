//! Every bad input gets a one-line message on stderr and exit status 2 (1 for runtime failures);
//! with `--json`, the same message as one JSON object on stderr with the same exit status.

use crate::{json_error, nimlab};

/// Checks that `args` is a usage error: exit status 2, nothing on stdout, one line on stderr
/// containing `needle`; and with `--json`, one JSON object whose `error` contains `needle` too.
pub(crate) fn usage_error(args: &[&str], needle: &str) {
    let output = nimlab().args(args).write_stdin("").output().expect("nimlab runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "nimlab {args:?}: {stderr}");
    assert!(stderr.contains(needle), "nimlab {args:?}: stderr {stderr:?} lacks {needle:?}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "one line: {stderr:?}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(output.stdout.is_empty());
    let error = json_error(args, 2, "usage");
    let message = error["error"].as_str().unwrap();
    assert!(message.contains(needle), "nimlab {args:?} --json: {message:?} lacks {needle:?}");
    assert_eq!(format!("error: {message}"), stderr.trim_end(), "the same message with and without --json");
}

/// Checks that `args` fails at run time (exit status 1) with one line containing every needle,
/// and with `--json` as one JSON object of this `kind`.
pub(crate) fn runtime_error(args: &[&str], kind: &str, needles: &[&str]) {
    let output = nimlab().args(args).output().expect("nimlab runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "nimlab {args:?}: {stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "one line: {stderr:?}");
    assert!(output.stdout.is_empty());
    let error = json_error(args, 1, kind);
    for needle in needles {
        assert!(stderr.contains(needle), "nimlab {args:?}: stderr {stderr:?} lacks {needle:?}");
        assert!(error["error"].as_str().unwrap().contains(needle), "{error}");
    }
}

#[test]
fn negative_heap() {
    usage_error(&["solve", "nim", "3", "-4"], "'-4' is negative");
}

#[test]
fn non_numeric_heap() {
    usage_error(&["solve", "nim", "3", "four"], "'four' is not a whole number");
}

#[test]
fn unknown_game() {
    usage_error(&["solve", "chess", "1"], "unknown game 'chess'");
}

#[test]
fn bash_max_zero() {
    usage_error(&["solve", "bash", "10", "--max", "0"], "invalid value '0' for --max: it must be at least 1");
}

#[test]
fn bash_without_max() {
    usage_error(&["solve", "bash", "10"], "the game 'bash' needs --max");
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
fn unknown_flag() {
    usage_error(&["solve", "nim", "3", "--bogus"], "--bogus");
}

#[test]
fn bad_sum_part() {
    usage_error(
        &["solve", "--sum", "nim 3", "bash x --max 2"],
        "in \"bash x --max 2\": 'x' is not a whole number",
    );
    usage_error(&["solve", "--sum", "nim 3", "chess 2"], "unknown game 'chess'");
    usage_error(&["solve", "--sum", "nim 3", "bash 4"], "the game 'bash' needs --max");
}

#[test]
fn fibonacci_limit_flag_is_gone_the_limit_is_part_of_the_position() {
    usage_error(&["solve", "fibonacci", "20", "--limit", "5"], "--limit");
}

#[test]
fn bad_budget_and_timeout() {
    usage_error(&["solve", "nim", "3", "--budget", "0"], "--budget");
    usage_error(&["solve", "nim", "3", "--budget", "lots"], "--budget");
    usage_error(&["solve", "nim", "3", "--timeout", "0"], "the time limit must be above 0 seconds");
    usage_error(&["solve", "nim", "3", "--timeout", "-1"], "--timeout");
    usage_error(&["solve", "nim", "3", "--timeout", "1e3"], "'1e3' is not a number of seconds");
}

#[test]
fn bad_memory_sizes() {
    for bad in ["lots", "12Q", "-1G", "1.G", "1 G", "1.5", ""] {
        usage_error(&["solve", "nim", "3", &format!("--memory={bad}")], "is not a memory size");
    }
    usage_error(&["solve", "nim", "3", "--memory", "0"], "at least 1 byte");
    usage_error(&["solve", "nim", "3", "--memory", "99999999T"], "too large");
}

#[test]
fn the_memory_ceiling_stops_a_search_of_long_positions() {
    // Positions of many heaps are counted by their size: a 1 MiB ceiling stops this search
    // although the work budget pays for 4 TB.
    runtime_error(
        &[
            "solve",
            "octal",
            "--code",
            "0.04",
            "400",
            "--method",
            "search",
            "--budget",
            "1000000000000",
            "--memory",
            "1M",
        ],
        "memory",
        &[
            "the search of octal --code 0.04 400 stopped",
            "1.0 MiB in memory, the memory ceiling",
            "raise it with --memory SIZE",
        ],
    );
    // A small search fits a small ceiling.
    let output = crate::nimlab()
        .args(["solve", "nim", "3", "4", "5", "--method", "search", "--memory", "1.5M"])
        .output()
        .expect("nimlab runs");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
}

#[test]
fn too_large_for_search_is_a_runtime_error_naming_the_budget() {
    runtime_error(
        &["solve", "bash", "100000", "--max", "3", "--method", "search", "--budget", "1000"],
        "budget",
        &["the search of bash --max 3 100000 stopped", "more than 1000 units of work", "--budget"],
    );
}

#[test]
fn search_over_budget_stops_with_an_error_naming_the_budget() {
    runtime_error(
        &["solve", "nim", "30", "30", "30", "--method", "search", "--budget", "1000"],
        "budget",
        &["the search of nim 30 30 30 stopped", "more than 1000 units of work", "--budget"],
    );
}

#[test]
fn help_has_examples() {
    let output = nimlab().args(["solve", "--help"]).output().unwrap();
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stdout).contains("Examples:"));
}

#[test]
fn sets_and_sweeps_too_large_for_memory_are_refused_before_any_work() {
    usage_error(
        &["period", "subtraction", "--set", "1..1000000000"],
        "invalid value '1..1000000000' for --set: the set has more than 1000000 members",
    );
    usage_error(
        &["period", "subtraction", "--set", "1..600000,700000..1300000"],
        "the set has more than 1000000 members",
    );
    usage_error(
        &["solve", "subtraction", "5", "--set", "1..1000000000"],
        "the set has more than 1000000 members",
    );
    usage_error(
        &["sweep", "subtraction", "--set", "2,3", "--add", "c=5..1000000000"],
        "a sweep has at most 1000000 sets",
    );
    usage_error(
        &["sweep", "subtraction", "--set", "1..100000", "--add", "c=100001..102000"],
        "the sweep's sets hold more than 10000000 numbers in all",
    );
}

/// `--limit` no longer has a fixed ceiling: the work budget bounds every computation, so a huge
/// limit stops at the budget (exit status 1) at once instead of running out of memory.
#[test]
fn huge_value_limits_stop_at_the_work_budget() {
    for command in ["period", "sweep", "search"] {
        let mut args = vec![command, "subtraction", "--limit", "600000000", "--budget", "1000"];
        match command {
            "period" => args.extend(["--set", "1,4,1000"]),
            "sweep" => args.extend(["--set", "2,3", "--add", "c=5..9"]),
            _ => args.extend(["--size", "2", "--max", "9"]),
        }
        runtime_error(&args, "budget", &["more than 1000 units of work", "--budget"]);
    }
}
