//! `--lang zh`: the engine's texts (reasons, moves, theorems, nimlab's explanations) in Chinese,
//! the same answers otherwise; an unknown language is a usage error.

use serde_json::Value;

use crate::errors::usage_error;
use crate::{json, nimlab, text};

/// The answer with its texts blanked: what must not depend on the language.
fn without_texts(mut v: Value) -> Value {
    for key in ["reason", "theorem"] {
        v[key] = Value::Null;
    }
    if let Some(moves) = v["winning_moves"].as_array_mut() {
        for m in moves {
            m["move"] = Value::Null;
        }
    }
    v
}

#[test]
fn solve_in_chinese_gives_the_same_answer_in_chinese_words() {
    for args in [
        &["solve", "nim", "3", "4", "5"][..],
        &["solve", "wythoff", "3", "5"],
        &["solve", "bash", "10", "--max", "3", "--misere"],
        &["solve", "subtraction", "10", "--set", "1,3,4", "--method", "search"],
    ] {
        let en = json(&[args, &["--json"]].concat());
        let zh = json(&[args, &["--json", "--lang", "zh"]].concat());
        assert_eq!(without_texts(zh.clone()), without_texts(en), "{args:?}");
        assert!(
            zh["reason"].as_str().unwrap().chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{zh}"
        );
    }
    let zh = json(&["--lang", "zh", "solve", "nim", "3", "4", "5", "--json"]);
    assert_eq!(zh["winning_moves"][0]["move"], "从 3 个那堆取走 2 个");
    assert!(zh["reason"].as_str().unwrap().contains("异或和"), "{zh}");
    let out = text(&["solve", "nim", "3", "4", "5", "--lang", "zh"]);
    assert!(out.contains("从 3 个那堆取走 2 个"), "{out}");
    let sum = json(&["solve", "--sum", "nim 3 4", "wythoff 3 5", "--lang", "zh", "--json"]);
    assert!(sum["reason"].as_str().unwrap().contains("SG 值"), "{sum}");
}

#[test]
fn play_explains_nimlabs_moves_in_chinese() {
    let output = nimlab()
        .args(["play", "nim", "0", "2", "--first", "nimlab", "--json", "--lang", "zh"])
        .write_stdin("")
        .output()
        .expect("nimlab runs");
    let events = String::from_utf8(output.stdout).unwrap();
    assert!(events.contains("nimlab 走了最后一步"), "{events}");
    assert!(events.contains("从这堆取走 2 个") || events.contains("从 2 个那堆取走 2 个"), "{events}");
}

#[test]
fn games_lists_the_languages_and_unknown_ones_are_usage_errors() {
    assert_eq!(json(&["games", "--json"])["languages"], serde_json::json!(["en", "zh"]));
    usage_error(&["solve", "nim", "3", "--lang", "fr"], "unknown language 'fr'");
}

/// An error that has its words in both languages (here a request's fault) is said in Chinese
/// with `--lang zh`, with the same exit status and JSON form; in English otherwise.
#[test]
fn request_errors_are_said_in_the_language_asked() {
    usage_error(&["table", "wythoff", "--upto", "5", "--lang", "zh"], "序列需要一堆上的游戏；wythoff");
    usage_error(&["table", "wythoff", "--upto", "5"], "a sequence needs a game on one heap; wythoff");
    usage_error(
        &["prove", "large-nim", "--players", "1..3", "--heaps", "4", "--lang", "zh"],
        "至少要有 2 个玩家",
    );
}

/// Every kind of error is said in Chinese with `--lang zh`, the command line's advice about its
/// options too: a specification's error (with flags), a theory the game lacks, a computation that
/// ran out; the kind and exit status are the language's neither.
#[test]
fn every_kind_of_error_is_said_in_the_language_asked() {
    let zh = |args: &[&str], status: i32, kind: &str| {
        let error = crate::json_error(&[args, &["--lang", "zh"]].concat(), status, kind);
        let english = crate::json_error(args, status, kind);
        assert_ne!(error["error"], english["error"], "{error}");
        error["error"].as_str().unwrap().to_string()
    };
    let missing = zh(&["solve", "bash", "5"], 2, "usage");
    assert!(missing.starts_with("游戏“bash”需要 --max"), "{missing}");
    let value = zh(&["solve", "bash", "5", "--max", "0"], 2, "usage");
    assert_eq!(value, "“0”不是 --max 的有效值：应不小于 1");
    let unknown = zh(&["solve", "nimm", "5"], 2, "usage");
    assert!(unknown.starts_with("没有名为“nimm”的游戏；游戏有：nim, "), "{unknown}");
    let theory =
        zh(&["solve", "moore", "3", "4", "5", "--k", "2", "--misere", "--method", "theory"], 2, "usage");
    assert!(
        theory.starts_with("nimlab 没有 moore --k 2 的公式解（反常规则）")
            && theory.ends_with("；请用 --method search"),
        "{theory}"
    );
    let budget = zh(
        &["solve", "subtraction", "100000", "--set", "1,3,4", "--method", "search", "--budget", "100"],
        1,
        "budget",
    );
    assert!(budget.contains("停止了：") && budget.ends_with("；用 --budget N 提高上限"), "{budget}");
}
