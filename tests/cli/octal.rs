//! Octal and take-and-break games (issue 12) on the command line: certified periods against the
//! published values, sums of heaps, Grundy's game, play, malformed codes, SUB(S) as an octal code,
//! and the atlas of codes (kill -9 and resume, shards and merge).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::errors::usage_error;
use crate::{json, nimlab, text};

/// `nimlab period ARGS --json`, checked to be certified with `preperiod` and `period`, its
/// values and run notation consistent, and its certificate covering the Guy–Smith range.
fn certified(args: &[&str], preperiod: u64, period: u64) -> Value {
    let mut with_json = vec!["period"];
    with_json.extend_from_slice(args);
    with_json.push("--json");
    let v = json(&with_json);
    assert_eq!(v["status"], "certified", "{v}");
    assert_eq!((v["preperiod"].as_u64(), v["period"].as_u64()), (Some(preperiod), Some(period)), "{args:?}");
    assert_eq!(v["values"].as_array().map(Vec::len), Some((preperiod + period) as usize));
    let c = &v["certificate"];
    let (k, t) = (c["max_heaps"].as_u64().unwrap(), c["max_removal"].as_u64().unwrap());
    assert_eq!(c["checked_from"], preperiod);
    assert_eq!(c["checked_to"], k * preperiod.max(1) + (k - 1) * period + t, "{c}");
    assert_eq!(c["preperiod_witness"], preperiod - 1, "{c}");
    assert!(c["values_computed"].as_u64().unwrap() >= c["checked_to"].as_u64().unwrap() + period);
    assert!(c["theorem"].as_str().unwrap().starts_with("Guy–Smith periodicity theorem"), "{c}");
    v
}

#[test]
fn kayles_period_12_from_71() {
    let v = certified(&["kayles"], 71, 12);
    assert_eq!(v["title"], "Kayles (0.77)");
    assert_eq!(v["notation"]["period"], "7 4 1 2 8 1 4 7 2 1 8 2");
    // It stops as soon as the certificate holds: 2·71 + 2·12 + 2 values.
    assert_eq!(v["certificate"]["values_computed"], 168);
    let out = text(&["period", "kayles"]);
    assert!(out.starts_with("Kayles (0.77): preperiod 71, period 12 (certified)\n"), "{out}");
    assert!(out.contains("(7 4 1 2 8 1 4 7 2 1 8 2) ..."), "{out}");
    assert!(out.contains("certificate: G(n + 12) = G(n) for 71 <= n < 156"), "{out}");
    assert!(out.contains("G(70) != G(82), so the preperiod is minimal"), "{out}");
}

#[test]
fn dawson_kayles_period_34_from_53() {
    let v = certified(&["dawson-kayles"], 53, 34);
    assert_eq!(v["title"], "Dawson's Kayles (0.07)");
    let same = certified(&["octal", "--code", "0.07"], 53, 34);
    assert_eq!(v["values"], same["values"]);
}

#[test]
fn dawsons_chess_period_34_from_52() {
    let v = certified(&["octal", "--code", "0.137"], 52, 34);
    let named = certified(&["dawsons-chess"], 52, 34);
    assert_eq!(v["values"], named["values"]);
    // Dawson's chess is Dawson's Kayles shifted by one heap: G_0.137(n - 1) = G_0.07(n).
    let kayles = certified(&["dawson-kayles"], 53, 34);
    let (chess, dawson) = (v["values"].as_array().unwrap(), kayles["values"].as_array().unwrap());
    assert_eq!(chess[..85], dawson[1..86]);
}

/// Gangolli and Plambeck (1989): 0.16 has preperiod 105,351 and period 149,459 (about 3 s in a
/// debug build: 509,622 values).
#[test]
fn zero_point_one_six_gangolli_plambeck() {
    let v = certified(&["octal", "--code", "0.16"], 105_351, 149_459);
    assert_eq!(v["certificate"]["values_computed"], 509_622);
    let out = text(&["period", "octal", "--code", "0.16"]);
    assert!(out.starts_with("0.16: preperiod 105351, period 149459 (certified)\n"), "{out}");
    assert!(out.contains("--json lists them all"), "the text shortens 254,810 values: {}", out.len());
}

#[test]
fn upto_gives_up_honestly() {
    let out = text(&["period", "octal", "--code", "0.6", "--upto", "20000"]);
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("0.6: no period up to 20000; largest value so far "), "{out}");
    assert!(first.ends_with(" rare values"), "{out}");
    let v = json(&["period", "octal", "--code", "0.6", "--upto", "20000", "--json"]);
    assert_eq!(v["status"], "open");
    assert_eq!(v["values_computed"], 20000);
    assert!(v["preperiod"].is_null() && v["period"].is_null() && v["certificate"].is_null(), "{v}");
    assert!(first.contains(&format!("largest value so far {};", v["largest_value"])), "{out}");
    assert!(first.contains(&format!("; {} rare values", v["rare_values"])), "{out}");
    // The same code certifies when the limit reaches its certificate; 0.16 does not by 100,000.
    let out = text(&["period", "octal", "--code", "0.16", "--upto", "100000"]);
    assert!(out.starts_with("0.16: no period up to 100000; "), "{out}");
}

#[test]
fn grundy_game_is_only_observed() {
    let v = json(&["period", "grundy-game", "--upto", "3000", "--json"]);
    assert_eq!(v["status"], "open");
    assert_eq!(v["covered_by_theorem"], false);
    let out = text(&["period", "grundy-game", "--upto", "3000"]);
    assert!(out.contains("no periodicity theorem covers this game"), "{out}");
}

#[test]
fn a_hexadecimal_saltus_is_observed_not_certified() {
    // 0x0.8: take one token and split the rest into three heaps; G(n + 3) = G(n) + 1.
    let v = json(&["period", "octal", "--code", "0x0.8", "--upto", "300", "--json"]);
    assert_eq!(v["status"], "open");
    assert_eq!(v["observed"]["period"], 3, "{v}");
    assert_eq!(v["observed"]["saltus"], 1, "{v}");
    let out = text(&["period", "octal", "--code", "0x0.8", "--upto", "300"]);
    assert!(out.contains("observed (not proved): arithmetic periodicity G(n + 3) = G(n) + 1"), "{out}");
}

#[test]
fn dawson_kayles_sum_with_every_winning_move_in_words() {
    let out = text(&["solve", "octal", "--code", "0.07", "5", "8", "13"]);
    assert!(out.contains("Grundy value: 3"), "{out}");
    assert!(out.contains("reason: G(5) ^ G(8) ^ G(13) = 0 ^ 1 ^ 2 = 3"), "{out}");
    assert!(
        out.contains("knock down 2 pins from the row of 13, leaving rows of 2 and 9 -> 5 8 2 9"),
        "{out}"
    );
    let v = json(&["solve", "octal", "--code", "0.07", "5", "8", "13", "--all", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["basis"], "theory");
    assert_eq!(v["moves_complete"], true);
    // Every winning move listed leads to a P-position, checked by the generic search.
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len() as u64, v["winning_move_count"].as_u64().unwrap());
    for m in moves {
        let to: Vec<String> = m["to"].as_array().unwrap().iter().map(|h| h.to_string()).collect();
        let mut args = vec!["solve", "octal", "--code", "0.07", "--method", "search", "--json"];
        args.extend(to.iter().map(String::as_str));
        assert_eq!(json(&args)["outcome"], "P", "{m}");
    }
}

#[test]
fn grundy_game_twenty() {
    let v = json(&["solve", "grundy-game", "20", "--json"]);
    assert_eq!((v["outcome"].as_str(), v["grundy"].as_u64()), (Some("P"), Some(0)));
    let search = json(&["solve", "grundy-game", "20", "--method", "search", "--json"]);
    assert_eq!(search["grundy"], 0);
    // G(8) = 2; of its splits (1, 7), (2, 6), (3, 5) only 1 and 7 have values 0 ^ 0.
    let out = text(&["solve", "grundy-game", "8"]);
    assert!(out.contains("winning moves:\n  split the heap of 8 into heaps of 1 and 7 -> 1 7\n"), "{out}");
}

/// The position `to` of the last move `player` made in a `play --json` transcript.
fn last_move(transcript: &str, player: &str) -> Option<Vec<u64>> {
    transcript
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .rev()
        .find(|event| event["event"] == "move" && event["player"] == player)
        .map(|event| event["to"].as_array().unwrap().iter().map(|h| h.as_u64().unwrap()).collect())
}

/// The mirror answer to a move from `before` (heaps in pairs) to `after`: the same move on the
/// other heap of the pair, so that the heaps are in pairs again.
fn mirror(before: &[u64], after: &[u64]) -> Vec<u64> {
    let prefix = before.iter().zip(after).take_while(|(a, b)| a == b).count();
    let room = before.len() - 1 - prefix;
    let suffix = before.iter().rev().zip(after.iter().rev()).take(room).take_while(|(a, b)| a == b).count();
    let heap = before[prefix];
    let left = &after[prefix..after.len() - suffix];
    let twin = after.iter().position(|&h| h == heap).expect("the twin heap");
    let mut answer = after[..twin].to_vec();
    answer.extend_from_slice(left);
    answer.extend_from_slice(&after[twin + 1..]);
    answer
}

#[test]
fn play_kayles_ten_and_win_by_symmetry() {
    // Take the middle two of ten (4 and 4 left), then copy every move of nimlab's on the twin heap.
    let mut input = String::from("4 4\n");
    let mut ours = vec![4, 4];
    for _ in 0..12 {
        let output =
            nimlab().args(["play", "kayles", "10", "--json"]).write_stdin(input.as_str()).output().unwrap();
        assert!(output.status.success());
        let transcript = String::from_utf8(output.stdout).unwrap();
        assert!(!transcript.contains("\"event\":\"error\""), "{transcript}");
        if transcript.contains("\"event\":\"game_over\"") {
            let over: Value = serde_json::from_str(transcript.lines().last().unwrap()).unwrap();
            assert_eq!(over["event"], "game_over", "{transcript}");
            assert_eq!(over["winner"], "you", "{transcript}");
            let out = text(&["play", "kayles", "10"]);
            assert!(out.starts_with("kayles from 10: you against nimlab"), "{out}");
            return;
        }
        let theirs = last_move(&transcript, "nimlab").expect("nimlab moved");
        ours = mirror(&ours, &theirs);
        let heaps: Vec<String> = ours.iter().map(u64::to_string).collect();
        // Taking the last heap leaves no heap at all, typed `0`.
        let line = if heaps.is_empty() { "0".to_string() } else { heaps.join(" ") };
        input.push_str(&line);
        input.push('\n');
    }
    panic!("the game did not end within 12 moves: {input}");
}

#[test]
fn malformed_codes_name_the_bad_digit() {
    for (code, needle) in [
        ("0.8", "character 3 ('8', digit d1) is not an octal digit"),
        ("1.2", "character 1 ('1', digit d0)"),
        ("0.7z", "character 4 ('z') is not a digit"),
        ("40.7", "character 2 ('0') is not allowed there"),
        ("077", "has no point"),
        ("", "empty octal code"),
    ] {
        usage_error(&["solve", "octal", "--code", code, "5"], needle);
        usage_error(&["period", "octal", "--code", code], needle);
    }
    usage_error(&["solve", "octal", "5"], "--code");
    usage_error(&["sweep", "octal", "--codes", "0.8"], "character 3 ('8')");
}

#[test]
fn subtraction_and_its_octal_code_agree() {
    // SUB({2,3,5,7}) = 0.0330303 and SUB({1,4}) = 0.3003.
    for (set, code) in [("2,3,5,7", "0.0330303"), ("1,4", "0.3003")] {
        let sub = json(&["table", "subtraction", "--set", set, "--upto", "200", "--json"]);
        let oct = json(&["table", "octal", "--code", code, "--upto", "200", "--json"]);
        assert_eq!(sub["values"], oct["values"], "{set}");
        for heap in 0..=40 {
            let heap = heap.to_string();
            let sub = json(&["solve", "subtraction", "--set", set, &heap, "--json"]);
            let oct = json(&["solve", "octal", "--code", code, &heap, "--json"]);
            for key in ["outcome", "grundy", "winning_move_count"] {
                assert_eq!(sub[key], oct[key], "{set} at {heap}: {key}");
            }
            // A heap taken whole is 0 in subtraction and gone in octal: compare the non-empty heaps.
            let targets = |v: &Value| -> Vec<Vec<u64>> {
                let mut to: Vec<Vec<u64>> = v["winning_moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| {
                        m["to"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .filter_map(Value::as_u64)
                            .filter(|&h| h > 0)
                            .collect()
                    })
                    .collect();
                to.sort();
                to
            };
            assert_eq!(targets(&sub), targets(&oct), "{set} at {heap}");
        }
    }
}

/// Every row of an atlas store: code -> (aliases and figures), via `sweep octal --report`.
fn stored_atlas(db: &Path) -> BTreeMap<String, Value> {
    let v = json(&["sweep", "octal", "--store", db.to_str().unwrap(), "--report", "--json"]);
    v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["code"].as_str().unwrap().to_string(), r.clone()))
        .collect()
}

/// Every code a report lists (representatives of the pattern and aliases), with its count.
fn listed_codes(rows: &[Value], pattern_codes: usize) -> BTreeMap<String, usize> {
    let mut codes = BTreeMap::new();
    for row in rows {
        for alias in row["aliases"].as_array().unwrap() {
            *codes.entry(alias["code"].as_str().unwrap().to_string()).or_insert(0) += 1;
        }
        *codes.entry(row["code"].as_str().unwrap().to_string()).or_insert(0) += 1;
    }
    assert!(codes.len() >= pattern_codes);
    codes
}

fn atlas_rows(db: &Path) -> i64 {
    let connection = rusqlite::Connection::open(db).unwrap();
    connection.query_row("SELECT count(*) FROM octal_atlas", [], |row| row.get(0)).unwrap_or(0)
}

/// An atlas killed with SIGKILL mid-way and run again lists every code exactly once, and equals
/// an uninterrupted run.
#[test]
fn atlas_kill_9_then_resume_equals_an_uninterrupted_run() {
    const PATTERN: &str = "0.???";
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("atlas.sqlite");
    let args = ["sweep", "octal", "--codes", PATTERN, "--upto", "10000", "--budget", "100000000000"];
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("nimlab"))
        .args(args)
        .args(["--store", db.to_str().unwrap()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    loop {
        std::thread::sleep(Duration::from_millis(20));
        if db.exists() && atlas_rows(&db) >= 20 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(120), "no rows stored");
    }
    assert!(child.try_wait().unwrap().is_none(), "the atlas finished before it could be killed");
    child.kill().unwrap(); // SIGKILL on Unix
    child.wait().unwrap();
    let after_kill = atlas_rows(&db);

    let mut resumed_args = args.to_vec();
    resumed_args.extend(["--store", db.to_str().unwrap(), "--json"]);
    let resumed = json(&resumed_args);
    let mut whole_args = args.to_vec();
    whole_args.push("--json");
    let whole = json(&whole_args);

    let games = whole["counts"]["games"].as_u64().unwrap();
    assert!(after_kill < games as i64, "the kill came too late to test anything");
    assert_eq!(resumed["counts"]["computed"].as_u64().unwrap(), games - after_kill as u64);
    assert_eq!(resumed["rows"], whole["rows"]);
    assert_eq!(resumed["counts"]["codes"], 512);
    assert_eq!(atlas_rows(&db), games as i64);
    // Every code of the pattern is listed exactly once, as a game or as an alias.
    let listed = listed_codes(resumed["rows"].as_array().unwrap(), 512);
    assert!(listed.values().all(|&n| n == 1), "{listed:?}");
    let of_pattern = listed.keys().filter(|c| c.len() == 5).count();
    assert_eq!(of_pattern, 512, "0.000 .. 0.777");
}

#[test]
fn four_shards_merged_equal_the_unsharded_atlas() {
    const PATTERN: &str = "0.??";
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.sqlite");
    let base = ["sweep", "octal", "--codes", PATTERN, "--upto", "3000"];
    let run = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        args.push("--json");
        json(&args)
    };
    run(&["--store", whole.to_str().unwrap()]);
    let mut shards = Vec::new();
    let mut games = 0;
    for index in 0..4 {
        let file = dir.path().join(format!("shard-{index}.sqlite"));
        let report = run(&["--shard", &format!("{index}/4"), "--store", file.to_str().unwrap()]);
        assert_eq!(report["shard"], format!("{index}/4"));
        games += report["counts"]["games"].as_u64().unwrap();
        shards.push(file.to_str().unwrap().to_string());
    }
    let merged = dir.path().join("merged.sqlite");
    let mut args = vec!["sweep", "octal", "--store", merged.to_str().unwrap(), "--merge"];
    args.extend(shards.iter().map(String::as_str));
    args.push("--json");
    let report = json(&args);
    let inserted: u64 =
        report["merged"].as_array().unwrap().iter().map(|m| m["inserted"].as_u64().unwrap()).sum();
    let overlap: u64 = report["merged"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["replaced"].as_u64().unwrap() + m["kept"].as_u64().unwrap())
        .sum();
    assert_eq!((inserted, overlap), (games, 0), "the shards are disjoint");
    let (whole, merged) = (stored_atlas(&whole), stored_atlas(&merged));
    assert_eq!(whole.len() as u64, games);
    assert_eq!(whole, merged);
}

#[test]
fn a_bad_shard_is_a_usage_error() {
    usage_error(&["sweep", "octal", "--codes", "0.?", "--shard", "4/4"], "write i/n with 0 <= i < n");
    usage_error(
        &["sweep", "subtraction", "--add", "1..3", "--codes", "0.?"],
        "--codes is for atlases of octal codes",
    );
}

fn misere_rows(db: &Path) -> i64 {
    let connection = rusqlite::Connection::open(db).unwrap();
    connection.query_row("SELECT count(*) FROM misere_atlas", [], |row| row.get(0)).unwrap_or(0)
}

/// The misère atlas (heaps up to 12): 0.75's quotient of order 8, codes equal up to trailing zeros
/// once; killed with SIGKILL mid-way and run again, every game is stored once and the result
/// equals an uninterrupted run; two shards merged equal it too.
#[test]
fn misere_atlas_resumes_after_kill_9_and_its_shards_merge() {
    const PATTERN: &str = "0.[1-7]?";
    let dir = tempfile::tempdir().unwrap();
    let base = ["sweep", "octal", "--codes", PATTERN, "--misere", "--upto", "12", "--budget", "1000000000"];
    let run = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        args.push("--json");
        json(&args)
    };
    let whole = run(&[]);
    let games = whole["counts"]["games"].as_u64().unwrap();
    assert_eq!(whole["counts"]["codes"], 56);
    let rows = whole["rows"].as_array().unwrap();
    let dot75 = rows.iter().find(|r| r["code"] == "0.75").unwrap();
    assert_eq!(dot75["order"].as_u64(), Some(8));
    assert_eq!(dot75["expansions"], serde_json::json!([1, 2, 5]));
    let kayles = rows.iter().find(|r| r["code"] == "0.77").unwrap();
    assert_eq!((kayles["status"].as_str(), kayles["reached"].as_u64()), (Some("partial"), Some(12)));
    assert!(whole["counts"]["certified"].as_u64().unwrap() > 0);

    // Killed mid-way, then resumed.
    let db = dir.path().join("misere.sqlite");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("nimlab"))
        .args(base)
        .args(["--store", db.to_str().unwrap()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let mut killed_mid_way = false;
    loop {
        std::thread::sleep(Duration::from_millis(5));
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if db.exists() && misere_rows(&db) >= 3 {
            child.kill().unwrap(); // SIGKILL on Unix
            killed_mid_way = true;
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(120), "no rows stored");
    }
    child.wait().unwrap();
    let after_kill = misere_rows(&db);
    let resumed = run(&["--store", db.to_str().unwrap()]);
    assert_eq!(resumed["counts"]["computed"].as_u64().unwrap(), games - after_kill as u64);
    assert!(killed_mid_way && after_kill < games as i64, "the kill came too late to test anything");
    assert_eq!(resumed["rows"], whole["rows"]);
    assert_eq!(misere_rows(&db), games as i64);

    // Two shards merged.
    let mut shards = Vec::new();
    for index in 0..2 {
        let file = dir.path().join(format!("misere-{index}.sqlite"));
        run(&["--shard", &format!("{index}/2"), "--store", file.to_str().unwrap()]);
        shards.push(file.to_str().unwrap().to_string());
    }
    let merged = dir.path().join("merged.sqlite");
    let mut args = vec!["sweep", "octal", "--misere", "--store", merged.to_str().unwrap(), "--merge"];
    args.extend(shards.iter().map(String::as_str));
    args.push("--json");
    let report = json(&args);
    let inserted: u64 =
        report["merged"].as_array().unwrap().iter().map(|m| m["inserted"].as_u64().unwrap()).sum();
    assert_eq!(inserted, games, "the shards are disjoint and cover the pattern");
    let stored = |db: &Path| {
        json(&["sweep", "octal", "--misere", "--store", db.to_str().unwrap(), "--report", "--json"])["rows"]
            .clone()
    };
    assert_eq!(stored(&merged), stored(&db));
}
