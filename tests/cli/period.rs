use serde_json::json;

use crate::errors::{runtime_error, usage_error};
use crate::{json, text};

#[test]
fn two_three_five_seven_in_the_slides_notation() {
    let out = text(&["period", "subtraction", "--set", "2,3,5,7"]);
    assert!(out.contains("preperiod 0, period 9"), "{out}");
    assert!(out.contains("G = (0^2 1^2 2^2 3^2 4) ..."), "{out}");
    assert!(out.contains("certificate: G(n + 9) = G(n) for 0 <= n < 7"), "{out}");
}

#[test]
fn json_has_preperiod_period_values_and_certificate() {
    let v = json(&["period", "subtraction", "--set", "2,3,5,7,19", "--json"]);
    assert_eq!(v["preperiod"], 34);
    assert_eq!(v["period"], 4);
    assert_eq!(v["values"].as_array().map(Vec::len), Some(38));
    assert_eq!(v["notation"]["period"], "0 2 1 3");
    assert_eq!(v["certificate"]["checked_from"], 34);
    assert_eq!(v["certificate"]["checked_to"], 53);
    assert_eq!(v["certificate"]["preperiod_witness"], 33);
    assert_eq!(v["game"], "subtraction --set 2,3,5,7,19");
    assert_eq!(v["params"], json!({ "set": [2, 3, 5, 7, 19] }));
}

#[test]
fn gcd_and_intervals() {
    let v = json(&["period", "subtraction", "--set", "6,9,15", "--json"]);
    let w = json(&["period", "subtraction", "--set", "2,3,5", "--json"]);
    assert_eq!(v["period"].as_u64().unwrap(), 3 * w["period"].as_u64().unwrap());
    let v = json(&["period", "subtraction", "--set", "2..4", "--json"]);
    assert_eq!(v["params"]["set"], json!([2, 3, 4]));
    assert_eq!(v["game"], "subtraction --set 2..4");
}

#[test]
fn bad_sets_are_usage_errors() {
    for set in ["", "0,3", "2,x", "5..2", "3.."] {
        usage_error(&["period", "subtraction", "--set", set], &format!("invalid value '{set}' for --set"));
    }
    usage_error(&["period", "nim", "--set", "1,2"], "--set does not apply to the game 'nim'");
    usage_error(
        &["period", "pattern", "--piles", "2", "--move", "one:1.."],
        "period needs a game whose positions are one heap; pattern --piles 2 --move one:1..:",
    );
}

/// SUB({1,3,4}) written as a take pattern: no theorem is applied, the period is observed.
#[test]
fn a_take_pattern_equal_to_sub_134_has_the_observed_period_7() {
    let game = ["period", "pattern", "--piles", "1", "--move", "one:1", "--move", "one:3", "--move", "one:4"];
    let v = json(&[&game[..], &["--upto", "500", "--json"]].concat());
    assert_eq!(v["status"], "observed");
    assert_eq!(v["covered_by_theorem"], false);
    assert_eq!(v["observed"], json!({"preperiod": 0, "period": 7, "saltus": 0, "certificate_needs": null}));
    assert_eq!(v["notation"], json!({"preperiod": "", "period": "0 1 0 1 2 3 2"}));
    assert_eq!(v["values_computed"], 500);
    let values = v["values"].as_array().unwrap();
    assert_eq!(values.len(), 500);
    assert!(values.iter().enumerate().all(|(n, g)| g == &json!([0, 1, 0, 1, 2, 3, 2][n % 7])));
    // The same values as the certified subtraction game.
    let sub = json(&["period", "subtraction", "--set", "1,3,4", "--json"]);
    assert_eq!((sub["preperiod"].clone(), sub["period"].clone()), (json!(0), json!(7)));
    let out = text(&[&game[..], &["--upto", "500"]].concat());
    assert!(out.contains("observed: preperiod 0, period 7, saltus 0, over n < 500"), "{out}");
    assert!(out.contains("G = (0 1 0 1 2 3 2) ..."), "{out}");
    assert!(!out.contains("certified"), "{out}");
}

/// Nim's G(n) = n is arithmetic-periodic: period 1, saltus 1, by its closed form and as a take
/// pattern (every value from the rules).
#[test]
fn nim_has_the_saltus_1() {
    for game in [&["nim"][..], &["pattern", "--piles", "1", "--move", "one:1.."]] {
        let v = json(&[&["period"], game, &["--upto", "300", "--json"]].concat());
        assert_eq!(v["status"], "observed", "{game:?}");
        assert_eq!(v["observed"]["preperiod"], 0, "{game:?}");
        assert_eq!((v["observed"]["period"].clone(), v["observed"]["saltus"].clone()), (json!(1), json!(1)));
        assert_eq!((v["largest_value"].clone(), v["distinct_values"].clone()), (json!(299), json!(300)));
        let out = text(&[&["period"], game, &["--upto", "300"]].concat());
        assert!(out.contains("observed: preperiod 0, period 1, saltus 1, over n < 300"), "{out}");
        assert!(out.contains("(each period adds 1)"), "{out}");
    }
    // Bash with --max 3: period 4 from 0 (G(n) = n mod 4), plain.
    let v = json(&["period", "bash", "--max", "3", "--upto", "100", "--json"]);
    assert_eq!(v["observed"], json!({"preperiod": 0, "period": 4, "saltus": 0, "certificate_needs": null}));
}

/// Half's G(n) = (o - 1)/2 with n + 2 = 2^j·o, o odd, repeats nothing: "none seen".
#[test]
fn nothing_repeating_is_none_seen() {
    let v = json(&["period", "half", "--upto", "200", "--json"]);
    assert_eq!(v["status"], "none-seen");
    assert_eq!((v["observed"].clone(), v["notation"].clone()), (json!(null), json!(null)));
    assert_eq!(v["values"].as_array().map(Vec::len), Some(200));
    assert_eq!(v["basis"]["method"], "closed-form");
    let out = text(&["period", "half", "--upto", "200"]);
    assert!(out.contains("half: none seen: no period or saltus over n < 200"), "{out}");
    assert!(out.contains("G(0..40) = 0 1 0 2 1 3 0 4 2 5 1 6 3 7 0 8"), "{out}");
    assert!(out.contains("[160 more; --json lists them all]"), "{out}");
}

/// Kayles (preperiod 71, period 12): the exceptions before the period are Winning Ways' 14 heaps,
/// each with its value and the one the period gives there.
#[test]
fn kayles_lists_its_exceptions() {
    let v = json(&["period", "kayles", "--json"]);
    let values = v["values"].as_array().unwrap();
    let exceptions = v["exceptions"].as_array().unwrap();
    let heaps: Vec<u64> = exceptions.iter().map(|e| e["heap"].as_u64().unwrap()).collect();
    assert_eq!(heaps, [0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]);
    for e in exceptions {
        let n = e["heap"].as_u64().unwrap() as usize;
        // The period's value at n: G(n + 12k) for the least k with n + 12k >= 71.
        let periodic = &values[n + (71 - n).div_ceil(12) * 12];
        assert_eq!((&e["value"], &e["period_value"]), (&values[n], periodic));
        assert_ne!(e["value"], e["period_value"]);
    }
    let out = text(&["period", "kayles"]);
    assert!(
        out.contains("exceptions: 14 heaps n < 71 whose value is not the period's: G(0) = 0 (the period gives 4); G(3) = 3"),
        "{out}"
    );
    // Preperiod 1: one exception, heap 0.
    let v = json(&["period", "octal", "--code", "0.35", "--json"]);
    assert_eq!(v["exceptions"], json!([{"heap": 0, "value": 0, "period_value": 2}]));
}

#[test]
fn limit_reached_is_a_runtime_error() {
    runtime_error(
        &["period", "subtraction", "--set", "1,4,1000", "--limit", "500"],
        "failure",
        &["no certified period within the first 500 values of SUB({1,4,1000})", "--limit"],
    );
}

/// An open octal game exports every value computed and each rare value with its heaps.
#[test]
fn an_open_octal_game_lists_its_values_and_rare_values_with_heaps() {
    let v = json(&["period", "octal", "--code", "0.16", "--upto", "3000", "--json"]);
    assert_eq!((v["status"].clone(), v["exceptions"].clone()), (json!("open"), json!(null)));
    let values = v["values"].as_array().unwrap();
    assert_eq!(values.len(), 3000);
    assert_eq!(values[..12], json!([0, 1, 0, 0, 1, 2, 2, 1, 4, 0, 1, 4]).as_array().unwrap()[..]);
    let rare = v["rare"].as_array().unwrap();
    assert_eq!(Some(rare.len() as u64), v["rare_values"].as_u64());
    let mut heaps = 0;
    for r in rare {
        for heap in r["heaps"].as_array().unwrap() {
            assert_eq!(values[heap.as_u64().unwrap() as usize], r["value"], "{r}");
            heaps += 1;
        }
    }
    assert_eq!(Some(heaps), v["rare_positions"].as_u64());
    assert_eq!(rare.last().unwrap(), &json!({"value": 16, "heaps": [1513, 1522]}));
    let out = text(&["period", "octal", "--code", "0.16", "--upto", "3000"]);
    assert!(out.contains("rare values (heaps n >= 1): 0 at 2, 3, 9, 15, 23, 837; 1 at 1, 4, 7"), "{out}");
    assert!(out.contains("G(0..40) = 0 1 0 0 1 2 2 1 4 0 1 4"), "{out}");
}

/// A certified run with `--checkpoint` saves every value it computed, the last ones too (its
/// report then keeps only the preperiod and the period), and a run started again on the file
/// computes nothing more and prints the same report.
#[test]
fn a_certified_run_saves_every_value_it_computed() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("0.16.ckpt");
    let args = ["period", "octal", "--code", "0.16", "--checkpoint", file.to_str().unwrap()];
    let first = text(&args);
    assert!(first.starts_with("0.16: preperiod 105351, period 149459 (certified)"), "{first}");
    assert!(first.contains("(509622 values computed)"), "{first}");
    let header = "nimlab checkpoint 1: 0.16\n".len() as u64;
    let saved = std::fs::metadata(&file).unwrap().len();
    assert_eq!(saved, header + 4 * 509_622, "4 bytes a value after the header line");
    assert_eq!(text(&args), first);
    assert_eq!(std::fs::metadata(&file).unwrap().len(), saved);
}
