use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::errors::usage_error;
use crate::{json, nimlab, text};

const FORMULA_L: &str = "2c - 4 if c ≡ 1 (mod 18); c + 5 if c ≡ 10 (mod 18); 0 otherwise";
const FORMULA_P: &str = "c + 2 if c ≡ 0, 8, 9, 10, 17 (mod 18); 4 if c ≡ 1 (mod 18); 9 otherwise";

/// The slides' piecewise formula for {2,3,5,7} ∪ {c}.
fn slides(c: u64) -> (u64, u64) {
    let r = c % 18;
    let l = match r {
        1 => 2 * c - 4,
        10 => c + 5,
        _ => 0,
    };
    let p = match r {
        0 | 8 | 9 | 10 | 17 => c + 2,
        1 => 4,
        _ => 9,
    };
    (l, p)
}

#[test]
fn two_three_five_seven_recovers_the_slides_formula() {
    let v = json(&["sweep", "subtraction", "--set", "2,3,5,7", "--add", "11..500", "--json"]);
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 490);
    for row in rows {
        let c = row["c"].as_u64().unwrap();
        assert_eq!(
            (row["preperiod"].as_u64().unwrap(), row["period"].as_u64().unwrap()),
            slides(c),
            "c = {c}"
        );
    }
    assert!(rows.iter().all(|row| row["outer"].is_null()), "one parameter: no outer value");
    assert_eq!(v["game"], "subtraction");
    assert_eq!(v["parameters"], json!(["c"]));
    assert_eq!(v["missing"], 0);
    let fits = v["fits"].as_array().unwrap();
    assert_eq!(fits.len(), 1);
    let fit = &fits[0];
    assert_eq!(fit["outer"], Value::Null);
    assert_eq!((fit["found"].clone(), fit["reason"].clone()), (json!(true), Value::Null));
    assert_eq!(fit["modulus"], 18);
    assert_eq!(fit["threshold"], 11);
    assert_eq!(fit["preperiod_formula"], FORMULA_L);
    assert_eq!(fit["period_formula"], FORMULA_P);
    assert_eq!(fit["exceptions"], json!([]));
    let classes = fit["classes"].as_array().unwrap();
    assert_eq!(classes.len(), 18);
    assert_eq!(
        classes[1],
        json!({
            "residue": 1,
            "preperiod": { "slope": "2", "intercept": "-4", "text": "2c - 4" },
            "period": { "slope": "0", "intercept": "4", "text": "4" },
            "support": 27,
        })
    );
    let out = text(&["sweep", "subtraction", "--set", "2,3,5,7", "--add", "c=11..500"]);
    assert!(out.contains(&format!("l = {FORMULA_L}")), "{out}");
    assert!(out.contains(&format!("p = {FORMULA_P}")), "{out}");
}

#[test]
fn two_parameters_fit_per_outer_value() {
    // {a, 2a, c}: p = c + a on r = 0 or r > 2a (slides), here for a = 2, 3.
    let v =
        json(&["sweep", "subtraction", "--set", "2a", "--add", "a=2..3", "--add", "c=2a+1..120", "--json"]);
    assert_eq!(v["parameters"], json!(["a", "c"]));
    let fits = v["fits"].as_array().unwrap();
    assert_eq!(fits.len(), 2);
    assert_eq!((fits[0]["outer"].clone(), fits[1]["outer"].clone()), (json!(2), json!(3)));
    assert_eq!(fits[0]["modulus"], 6);
    assert_eq!(fits[1]["modulus"], 9);
    assert_eq!(fits[1]["preperiod_formula"], "c + 2 if c ≡ 1 (mod 9); c + 1 if c ≡ 2 (mod 9); 0 otherwise");
    let row = v["rows"].as_array().unwrap().iter().find(|r| r["outer"] == 3 && r["c"] == 20).unwrap();
    assert_eq!(row["set"], json!([3, 6, 20]));
}

#[test]
fn no_fit_is_stated() {
    let out = text(&["sweep", "subtraction", "--set", "3,5", "--add", "6..20"]);
    assert!(out.contains("no fit:"), "{out}");
    let v = json(&["sweep", "subtraction", "--set", "3,5", "--add", "6..20", "--json"]);
    let fit = &v["fits"][0];
    assert_eq!(fit["found"], false);
    assert!(fit["reason"].as_str().is_some_and(|r| !r.is_empty()), "{fit}");
    assert_eq!((fit["modulus"].clone(), fit["classes"].clone()), (Value::Null, json!([])));
}

#[test]
fn malformed_ranges_are_usage_errors() {
    for (add, needle) in [
        ("11..", "the parameter range '11..'"),
        ("c=..5", "the parameter range 'c=..5'"),
        ("c=1..9:0", "the step must be at least 1"),
        ("C=1..5", "the name must be lowercase letters"),
        ("c=b..9", "unknown parameter 'b'"),
    ] {
        usage_error(&["sweep", "subtraction", "--set", "2,3", "--add", add], needle);
    }
    usage_error(&["sweep", "subtraction", "--set", "0", "--add", "5..9"], "every member must be at least 1");
    usage_error(
        &["sweep", "nim", "--set", "2", "--add", "5..9"],
        "sweep runs over families (subtraction: sweep NAME --add ...)",
    );
}

#[test]
fn report_reads_the_store_without_computing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("r.sqlite");
    let db = db.to_str().unwrap();
    let base = ["sweep", "subtraction", "--set", "2,3,5,7", "--add", "c=11..200", "--db", db];
    let computed = json(&[&base[..], &["--json"]].concat());
    let reported = json(&[&base[..], &["--json", "--report"]].concat());
    assert_eq!(computed, reported);
    // A longer range reuses the stored rows; --report on it shows only what is stored.
    let output = nimlab()
        .args([
            "sweep",
            "subtraction",
            "--set",
            "2,3,5,7",
            "--add",
            "c=11..300",
            "--db",
            db,
            "--report",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let partial: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(partial["rows"].as_array().unwrap().len(), 190);
    assert_eq!(partial["missing"], 100);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("100 sets of the family are not in the store yet"), "{stderr}");
}

fn stored_rows(db: &std::path::Path) -> (i64, i64) {
    let connection = rusqlite::Connection::open(db).unwrap();
    connection
        .query_row("SELECT count(*), count(DISTINCT c) FROM rows", [], |row| Ok((row.get(0)?, row.get(1)?)))
        .unwrap_or((0, 0))
}

/// A sweep killed with SIGKILL mid-way and run again stores every row exactly once.
#[test]
fn kill_9_then_resume_stores_every_row_exactly_once() {
    const HIGH: u64 = 12_000;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.sqlite");
    let range = format!("c=11..{HIGH}");
    // The work budget is shared by the whole sweep: this one needs more than the default.
    let args = [
        "sweep",
        "subtraction",
        "--set",
        "2,3,5,7",
        "--add",
        &range,
        "--db",
        db.to_str().unwrap(),
        "--budget",
        "10000000000",
    ];
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("nimlab"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until some rows are committed, then kill -9 while the sweep is still running.
    let started = Instant::now();
    loop {
        std::thread::sleep(Duration::from_millis(20));
        if db.exists() && stored_rows(&db).0 >= 200 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(120), "no rows stored");
    }
    assert!(child.try_wait().unwrap().is_none(), "the sweep finished before it could be killed; raise HIGH");
    child.kill().unwrap(); // SIGKILL on Unix
    child.wait().unwrap();
    let (after_kill, _) = stored_rows(&db);
    assert!(after_kill < (HIGH - 10) as i64, "the kill came too late to test anything");

    let output = nimlab().args(args).arg("--json").output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let v: Value = serde_json::from_slice(&output.stdout).unwrap();
    let (count, distinct) = stored_rows(&db);
    assert_eq!((count, distinct), ((HIGH - 10) as i64, (HIGH - 10) as i64));
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), (HIGH - 10) as usize);
    for (row, c) in rows.iter().zip(11..) {
        assert_eq!(row["c"], c);
        assert_eq!(
            (row["preperiod"].as_u64().unwrap(), row["period"].as_u64().unwrap()),
            slides(c),
            "c = {c}"
        );
    }
    assert_eq!(v["fits"][0]["preperiod_formula"], FORMULA_L);
}
