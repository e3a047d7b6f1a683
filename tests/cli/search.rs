use serde_json::json;

use crate::errors::{runtime_error, usage_error};
use crate::{json, text};

#[test]
fn ultimately_bipartite_triples_contain_the_slides_families() {
    let v = json(&["search", "subtraction", "--size", "3", "--max", "60", "--period", "2", "--json"]);
    let found: Vec<serde_json::Value> =
        v["found"].as_array().unwrap().iter().map(|f| f["set"].clone()).collect();
    // The slides' families with every member at most 60 (a ≥ 3 odd, t ≥ 1).
    let mut expected = vec![json!([3, 5, 9]), json!([3, 5, 17]), json!([3, 5, 33])];
    for a in (3..=19u64).step_by(2) {
        expected.push(json!([a, a + 2, 2 * a + 3]));
        expected.push(json!([a, 2 * a + 1, 3 * a]));
        for t in 1..=20u64 {
            expected.push(json!([a, a + 2, (2 * a + 2) * t + 1]));
            expected.push(json!([a, 2 * a + 1, (3 * a + 1) * t - 1]));
            expected.push(json!([a, 2 * a - 1, (3 * a - 1) * t + a - 2]));
        }
    }
    let in_range = |s: &serde_json::Value| s.as_array().unwrap().iter().all(|m| m.as_u64().unwrap() <= 60);
    for set in expected.iter().filter(|s| in_range(s)) {
        assert!(found.contains(set), "{set} missing");
    }
    // No set with an even member has period 2.
    assert!(found.iter().all(|s| s.as_array().unwrap().iter().all(|m| m.as_u64().unwrap() % 2 == 1)));
    assert!(v["undetermined"].as_array().unwrap().is_empty());
}

#[test]
fn text_lists_sets() {
    let out = text(&["search", "subtraction", "--size", "2", "--max", "9", "--period", "2"]);
    assert!(out.contains("{1,3}  preperiod 0"), "{out}");
}

#[test]
fn json_names_the_search() {
    let v = json(&["search", "subtraction", "--size", "2", "--max", "9", "--period", "2", "--json"]);
    assert_eq!(v["game"], "subtraction");
    assert_eq!((v["size"].clone(), v["max"].clone(), v["period"].clone()), (json!(2), json!(9), json!(2)));
    assert_eq!(v["limit"], 1_000_000);
    let found: Vec<&serde_json::Value> = v["found"].as_array().unwrap().iter().map(|f| &f["set"]).collect();
    assert_eq!(found, [&json!([1, 3]), &json!([1, 5]), &json!([1, 7]), &json!([1, 9])]);
    assert_eq!((v["examined"].clone(), v["excluded"].clone()), (json!(10), json!(26)));
}

#[test]
fn bad_search_is_a_usage_error() {
    usage_error(
        &["search", "subtraction", "--size", "0", "--max", "5"],
        "--size must be between 1 and --max (5); it is 0",
    );
    usage_error(
        &["search", "subtraction", "--size", "6", "--max", "5"],
        "--size must be between 1 and --max (5); it is 6",
    );
    usage_error(&["search", "nim", "--size", "2", "--max", "5"], "nim");
}

#[test]
fn a_search_over_too_many_sets_stops_at_once_naming_the_budget() {
    runtime_error(
        &["search", "subtraction", "--size", "10", "--max", "60", "--period", "2"],
        "failure",
        &["the search covers 75394027566 sets, more than its limit of 10000000 sets", "--max-sets"],
    );
    // Raised, the same kind of search runs.
    let out = crate::text(&["search", "subtraction", "--size", "3", "--max", "20", "--max-sets", "1140"]);
    assert!(out.starts_with("55 sets of 3 members in 1..=20 have period 2"), "{out}");
}
