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
    usage_error(&["period", "nim"], "period certifies the Grundy sequences of one-heap games");
}

#[test]
fn limit_reached_is_a_runtime_error() {
    runtime_error(
        &["period", "subtraction", "--set", "1,4,1000", "--limit", "500"],
        "failure",
        &["no certified period within the first 500 values of SUB({1,4,1000})", "--limit"],
    );
}
