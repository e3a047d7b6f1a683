use serde_json::json;

use crate::{json, nimlab, text};

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
    assert_eq!(v["set"], json!([2, 3, 5, 7, 19]));
}

#[test]
fn gcd_and_intervals() {
    let v = json(&["period", "subtraction", "--set", "6,9,15", "--json"]);
    let w = json(&["period", "subtraction", "--set", "2,3,5", "--json"]);
    assert_eq!(v["period"].as_u64().unwrap(), 3 * w["period"].as_u64().unwrap());
    let v = json(&["period", "subtraction", "--set", "2..4", "--json"]);
    assert_eq!(v["set"], json!([2, 3, 4]));
}

#[test]
fn bad_sets_are_usage_errors() {
    for set in ["", "0,3", "2,x", "5..2", "3.."] {
        let output = nimlab().args(["period", "subtraction", "--set", set]).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "--set '{set}'");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "one line for --set '{set}': {stderr}");
    }
    let output = nimlab().args(["period", "nim", "--set", "1,2"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn limit_reached_is_a_runtime_error() {
    let output =
        nimlab().args(["period", "subtraction", "--set", "1,4,1000", "--limit", "500"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
}
