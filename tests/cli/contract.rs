//! What every command promises (issues 10 and 11): one grammar for sets, one JSON error object
//! and exit status per outcome, generated completions and man pages, and every declared game
//! parameter reaching the command line.

use std::io::Read;
use std::process::Stdio;

use serde_json::{json, Value};

use crate::errors::usage_error;
use crate::{json, json_error, nimlab, text};

/// The same set written as ranges, as a list, in another order and with overlaps.
const SPELLINGS: [&str; 4] = ["3,4,5,6,20", "20,6,5,4,3", "3..4,5..6,20", "3..5,4..6,20,20"];
const RANGED: &str = "3..6,20";

/// `--set 3..6,20` means {3, 4, 5, 6, 20} in solve, table, plot, period and sweep: each command
/// answers exactly as for the set written out, and the commands agree with each other.
#[test]
fn set_ranges_mean_the_same_in_every_command() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let picture = dir.path().join("s.svg");
    let picture = picture.to_str().unwrap();
    let commands = |set: &str| -> Vec<Vec<String>> {
        let owned = |args: &[&str]| args.iter().map(|a| a.to_string()).collect::<Vec<_>>();
        vec![
            owned(&["solve", "subtraction", "10", "--set", set, "--json"]),
            owned(&["solve", "subtraction", "27", "--set", set, "--players", "3", "--json"]),
            owned(&["solve", "--sum", &format!("subtraction 10 --set {set}"), "nim 3", "--json"]),
            owned(&["table", "subtraction", "--set", set, "--upto", "60", "--json"]),
            owned(&["p-positions", "subtraction", "--set", set, "--count", "5", "--json"]),
            owned(&["plot", "subtraction", "--set", set, "--upto", "60", "-o", picture, "--json"]),
            owned(&["period", "subtraction", "--set", set, "--json"]),
        ]
    };
    let run = |args: &[String]| json(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let ranged: Vec<Value> = commands(RANGED).iter().map(|args| run(args)).collect();
    for spelling in SPELLINGS {
        for (args, expected) in commands(spelling).iter().zip(&ranged) {
            assert_eq!(&run(args), expected, "nimlab {args:?}");
        }
    }
    let members = json!([3, 4, 5, 6, 20]);
    for (report, command) in
        ranged.iter().zip(["solve", "players", "sum", "table", "p-positions", "plot", "period"])
    {
        let (game, params) = match command {
            "sum" => (&report["parts"][0]["game"], None),
            _ => (&report["game"], Some(&report["params"])),
        };
        assert_eq!(game, "subtraction --set 3..6,20", "{command}: {report}");
        if let Some(params) = params {
            assert_eq!(params, &json!({ "set": members }), "{command}: {report}");
        }
    }
    // The commands agree: the table is the certified period repeated, and solve's value is it.
    let (table, period) = (&ranged[3]["values"], &ranged[6]);
    assert_eq!((period["preperiod"].clone(), period["period"].clone()), (json!(0), json!(26)));
    let cycle = period["values"].as_array().unwrap();
    for (n, value) in table.as_array().unwrap().iter().enumerate() {
        assert_eq!(value, &cycle[n % 26], "G({n})");
    }
    assert_eq!(ranged[0]["grundy"], cycle[10]);
    assert_eq!(&ranged[5]["values"], table);
    assert_eq!((ranged[5]["period"].clone(), ranged[5]["certified"].clone()), (json!(26), json!(true)));
}

/// `sweep --set 3..6,20` sweeps the sets {3, 4, 5, 6, 20, c}: the same rows and fits as the set
/// written out, each row as `period` certifies it.
#[test]
fn sweep_set_ranges_mean_the_same() {
    let sweep = |set: &str| json(&["sweep", "subtraction", "--set", set, "--add", "c=21..40", "--json"]);
    let ranged = sweep(RANGED);
    for spelling in SPELLINGS {
        let other = sweep(spelling);
        assert_eq!(other["rows"], ranged["rows"], "--set {spelling}");
        assert_eq!(other["fits"], ranged["fits"], "--set {spelling}");
        assert_eq!(other["parameters"], ranged["parameters"], "--set {spelling}");
    }
    let rows = ranged["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 20);
    for row in rows.iter().step_by(7) {
        let c = row["c"].as_u64().unwrap();
        assert_eq!(row["set"], json!([3, 4, 5, 6, 20, c]));
        let certified = json(&["period", "subtraction", "--set", &format!("{RANGED},{c}"), "--json"]);
        assert_eq!(
            (&row["preperiod"], &row["period"]),
            (&certified["preperiod"], &certified["period"]),
            "c = {c}"
        );
    }
}

#[test]
fn malformed_sets_are_the_same_usage_error_everywhere() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let picture = dir.path().join("never.svg");
    let picture = picture.to_str().unwrap();
    for set in ["3..", "6..3", "0..4", "3,x"] {
        let needle = format!("invalid value '{set}' for --set");
        usage_error(&["solve", "subtraction", "10", "--set", set], &needle);
        usage_error(&["table", "subtraction", "--set", set, "--upto", "5"], &needle);
        usage_error(&["period", "subtraction", "--set", set], &needle);
        usage_error(&["plot", "subtraction", "--set", set, "--upto", "5", "-o", picture], &needle);
    }
}

/// Exit status 0 with JSON on stdout and nothing on stderr; 2 for a usage error of any command;
/// 1 when the work budget or the time limit runs out; with `--json` each error is one object.
#[test]
fn exit_statuses_and_json_errors() {
    let output = nimlab().args(["solve", "nim", "1", "2", "--json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stderr.is_empty());
    serde_json::from_slice::<Value>(&output.stdout).expect("one JSON value");
    for args in [
        &["solve", "nim", "x"][..],
        &["table", "nim"],
        &["p-positions", "nim", "--count", "0"],
        &["verify", "chess"],
        &["strategy", "nim", "1", "2"],
        &["games", "--bogus"],
        &["play", "nim"],
        &["plot", "nim", "--rows", "2", "--cols", "2", "-o", "x.gif"],
        &["serve", "--workers", "0"],
        &["explore", "nim", "--players", "3", "--heaps", "2", "--max", "3"],
        &["period", "pattern", "--piles", "2", "--move", "one:1.."],
        &["sweep", "subtraction", "--set", "2", "--add", "c=..5"],
        &["search", "subtraction", "--size", "0", "--max", "5"],
        &["completions", "tcsh"],
        &["man", "nosuch"],
        &["prove", "nim", "--players", "3", "--heaps", "2"],
        &["nosuch"],
    ] {
        json_error(args, 2, "usage");
    }
    let budget = json_error(
        &["solve", "nim", "30", "30", "30", "--method", "search", "--budget", "1000"],
        1,
        "budget",
    );
    assert!(budget["error"].as_str().unwrap().contains("--budget"), "{budget}");
    let deadline = json_error(
        &["solve", "nim", "200", "200", "200", "--method", "search", "--timeout", "0.001"],
        1,
        "deadline",
    );
    let message = deadline["error"].as_str().unwrap();
    assert!(message.contains("time limit of 0.001 s") && message.contains("--timeout"), "{deadline}");
    // The text form of the same failures: one line, the same exit status.
    for (args, status) in [
        (&["solve", "nim", "200", "200", "200", "--method", "search", "--timeout", "0.001"][..], 1),
        (&["table", "nim"], 2),
    ] {
        let output = nimlab().args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(status), "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: ") && stderr.trim_end().lines().count() == 1, "{stderr}");
    }
}

/// The work budget is global: it bounds every command that computes.
#[test]
fn the_budget_bounds_every_computing_command() {
    for args in [
        &["table", "nim", "--rows", "60", "--cols", "60", "--method", "search"][..],
        &["p-positions", "nim", "--heaps", "3", "--count", "200"],
        &["verify", "nim", "--upto", "20"],
        &["explore", "large-nim", "--players", "3", "--heaps", "4", "--max", "30"],
        &["period", "subtraction", "--set", "1,4,1000"],
        &["sweep", "subtraction", "--set", "2,3,5,7", "--add", "c=11..200"],
        &["search", "subtraction", "--size", "3", "--max", "30"],
    ] {
        let mut with_budget = args.to_vec();
        with_budget.extend(["--budget", "1000"]);
        let output = nimlab().args(&with_budget).arg("--json").output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        if output.status.success() {
            // A listing stops with what it found and says why.
            let v: Value = serde_json::from_slice(&output.stdout).unwrap();
            assert_eq!(v["complete"], false, "{with_budget:?}: {v}");
            assert!(v["stopped"].as_str().unwrap().contains("work budget"), "{with_budget:?}: {v}");
        } else {
            let error: Value =
                serde_json::from_str(&stderr).unwrap_or_else(|_| panic!("{with_budget:?}: {stderr}"));
            assert_eq!(
                (error["kind"].as_str(), output.status.code()),
                (Some("budget"), Some(1)),
                "{with_budget:?}: {error}"
            );
        }
    }
}

/// `nimlab completions SHELL` prints a script naming every command and every game parameter.
#[test]
fn completions_name_the_commands_and_the_game_parameters() {
    let params = declared_params();
    for shell in ["bash", "zsh", "fish"] {
        let script = text(&["completions", shell]);
        assert!(script.len() > 1000, "{shell}: {} bytes", script.len());
        for command in COMMANDS {
            assert!(script.contains(command), "{shell} completions lack the command {command}");
        }
        for name in &params {
            let option = if shell == "fish" { format!("-l {name}") } else { format!("--{name}") };
            assert!(script.contains(&option), "{shell} completions lack {option}");
        }
    }
}

/// `nimlab man` prints nimlab's page (roff) naming every command; `nimlab man solve` names every
/// game parameter.
#[test]
fn man_pages_name_the_commands_and_the_game_parameters() {
    let page = text(&["man"]);
    assert!(page.contains(".TH nimlab 1"), "{}", &page[..200.min(page.len())]);
    for command in COMMANDS {
        assert!(
            page.contains(&format!("nimlab\\-{}(1)", command.replace('-', "\\-"))),
            "man lacks {command}"
        );
    }
    let solve = text(&["man", "solve"]);
    assert!(solve.contains(".TH nimlab-solve 1"), "{}", &solve[..200.min(solve.len())]);
    for name in declared_params() {
        let option = format!("\\-\\-{}", name.replace('-', "\\-"));
        assert!(solve.contains(&option), "man solve lacks {option}");
    }
}

/// Every ruleset of `nimlab games --json`: each declared parameter is an option of
/// `nimlab solve --help` and is accepted by `nimlab solve` with its example value, and the game's
/// spec text read back gives the same answer. (The other two surfaces of issue 10's walk are
/// tested elsewhere: /api/games and the API's accepted keys in `crates/web/src/api.rs`'s tests, and
/// the page's inputs in the browser test, `tests/browser`.)
#[test]
fn every_declared_parameter_reaches_the_command_line() {
    let games = json(&["games", "--json"]);
    let help = text(&["solve", "--help"]);
    let games = games["games"].as_array().unwrap();
    assert!(games.len() >= 11, "{}", games.len());
    for game in games {
        let name = game["name"].as_str().unwrap();
        let position: Vec<&str> = game["example_position"].as_str().unwrap().split_whitespace().collect();
        let params = game["params"].as_array().unwrap();
        let option = |p: &Value| -> Vec<String> {
            let flag = format!("--{}", p["name"].as_str().unwrap());
            match p["kind"].as_str().unwrap() {
                "flag" => vec![flag],
                _ => vec![flag, p["example"].as_str().unwrap().to_string()],
            }
        };
        let required: Vec<String> =
            params.iter().filter(|p| p["required"] == true).flat_map(option).collect();
        let solve = |extra: &[String]| {
            let mut args = vec!["solve", name];
            args.extend(&position);
            args.extend(required.iter().map(String::as_str));
            args.extend(extra.iter().map(String::as_str));
            args.push("--json");
            json(&args)
        };
        let plain = solve(&[]);
        if !game["capabilities"]["loopy"].is_null() {
            // A loopy game answers with the loopy report (docs/loopy.md): its game, no params.
            assert!(!plain["outcome"].is_null(), "{name}: {plain}");
            for p in params {
                let param = p["name"].as_str().unwrap();
                assert!(help.contains(&format!("--{param} ")), "solve --help lacks --{param}");
            }
            continue;
        }
        assert_eq!(plain["game"].as_str().unwrap().split(' ').next(), Some(name), "{plain}");
        let keys: Vec<&str> = plain["params"].as_object().unwrap().keys().map(String::as_str).collect();
        for p in params {
            let param = p["name"].as_str().unwrap();
            assert!(
                help.contains(&format!("--{param} ")) || help.contains(&format!("--{param}\n")),
                "solve --help lacks --{param}"
            );
            assert!(keys.contains(&param), "{name}: params {keys:?} lack {param}");
            if p["required"] == true {
                continue;
            }
            let answer = solve(&option(p));
            match p["kind"].as_str().unwrap() {
                "flag" => assert_eq!(answer["params"][param], true, "{name} --{param}: {answer}"),
                _ => assert!(!answer["params"][param].is_null(), "{name} --{param}: {answer}"),
            }
            assert!(answer["game"].as_str().unwrap().contains(&format!("--{param}")), "{answer}");
        }
        for p in params.iter().filter(|p| p["kind"] == "count" && p["required"] == true) {
            let example: u64 = p["example"].as_str().unwrap().parse().unwrap();
            assert_eq!(plain["params"][p["name"].as_str().unwrap()], example, "{name}: {plain}");
        }
        // The spec text is itself a command line: read back, it names the same game.
        let spec = plain["game"].as_str().unwrap();
        let mut args: Vec<&str> = vec!["solve"];
        args.extend(spec.split(' '));
        args.extend(&position);
        args.push("--json");
        assert_eq!(json(&args), plain, "nimlab {args:?}");
    }
}

/// The commands `nimlab --help` lists.
const COMMANDS: [&str; 20] = [
    "solve",
    "census",
    "table",
    "p-positions",
    "verify",
    "strategy",
    "games",
    "play",
    "plot",
    "serve",
    "explore",
    "period",
    "sweep",
    "search",
    "completions",
    "man",
    "prove",
    "nimber",
    "loopy",
    "quotient",
];

#[test]
fn the_command_list_is_complete() {
    let help = text(&["--help"]);
    let listed: Vec<&str> = help
        .split("Commands:\n")
        .nth(1)
        .expect("a command list")
        .lines()
        .take_while(|line| line.starts_with("  "))
        .filter(|line| !line.starts_with("   ")) // a description's continuation
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    let mut expected = COMMANDS.to_vec();
    expected.sort_unstable();
    let mut listed_sorted = listed.clone();
    listed_sorted.sort_unstable();
    assert_eq!(listed_sorted, expected, "{help}");
}

/// Every parameter name some ruleset declares, from `nimlab games --json`.
fn declared_params() -> Vec<String> {
    let games = json(&["games", "--json"]);
    let mut names: Vec<String> = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["params"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_string()))
        .collect();
    names.sort();
    names.dedup();
    assert!(names.len() >= 6, "{names:?}");
    names
}

/// A reader that goes away early (`| head`) ends nimlab quietly with status 0, with or without
/// `--json`, and in `play` too.
#[test]
fn a_closed_pipe_ends_quietly() {
    let table = ["table", "nim", "--rows", "400", "--cols", "400"];
    let play = ["play", "nim", "3", "4", "5"];
    for (args, json_flag) in [(&table[..], false), (&table, true), (&play, false), (&play, true)] {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("nimlab"))
            .args(args)
            .args(json_flag.then_some("--json"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("nimlab starts");
        // Thousands of hints: far more output than a pipe holds.
        let mut stdin = child.stdin.take().expect("piped");
        let feeder = std::thread::spawn(move || {
            use std::io::Write;
            let _ = stdin.write_all("hint\n".repeat(20_000).as_bytes());
        });
        let mut first = [0u8; 16];
        child.stdout.take().expect("piped").read_exact(&mut first).expect("some output");
        // The read end is closed here; the rest of the output meets a broken pipe.
        let output = child.wait_with_output().expect("nimlab ends");
        feeder.join().expect("the feeder ends");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.is_empty(), "{args:?} --json {json_flag}: {stderr}");
        assert_eq!(output.status.code(), Some(0), "{args:?} --json {json_flag}");
    }
}
