//! The examples of `docs/json.md` are what the binary prints: each code block that starts with
//! `$ nimlab ARGS` and holds one JSON value is run and compared (wall-clock `*micros` fields
//! aside). Excerpts (`# .games[1]`) and sessions (`printf ... |`) are not compared whole.

use serde_json::Value;

use crate::nimlab;

/// Splits a shell line as the examples write it: words, and 'single-quoted' words.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut rest = line.trim();
    while !rest.is_empty() {
        if let Some(quoted) = rest.strip_prefix('\'') {
            let end = quoted.find('\'').expect("a closing quote");
            words.push(quoted[..end].to_string());
            rest = quoted[end + 1..].trim_start();
        } else {
            let end = rest.find(' ').unwrap_or(rest.len());
            words.push(rest[..end].to_string());
            rest = rest[end..].trim_start();
        }
    }
    words
}

/// Replaces every `*micros` field (a wall-clock time) by null.
fn without_times(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, field) in map.iter_mut() {
                if key.ends_with("micros") {
                    *field = Value::Null;
                } else {
                    without_times(field);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(without_times),
        _ => {}
    }
}

#[test]
fn json_md_examples_are_real_output() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs").join("json.md");
    let doc = std::fs::read_to_string(&path).expect("docs/json.md");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut compared = 0;
    for block in doc.split("```\n").skip(1).step_by(2) {
        let Some((first, body)) = block.split_once('\n') else { continue };
        let Some(command) = first.strip_prefix("$ nimlab ") else { continue };
        let (command, comment) = command.split_once("   # ").unwrap_or((command, ""));
        if comment.starts_with('.') || command.starts_with("serve") {
            continue;
        }
        let mut documented: Value =
            serde_json::from_str(body).unwrap_or_else(|e| panic!("{first}: not one JSON value ({e})"));
        let output = nimlab().current_dir(dir.path()).args(words(command)).output().unwrap();
        let printed = if comment.starts_with("standard error") { &output.stderr } else { &output.stdout };
        let mut actual: Value = serde_json::from_slice(printed)
            .unwrap_or_else(|e| panic!("{first}: {e}: {}", String::from_utf8_lossy(&output.stderr)));
        if let Some(status) = comment.strip_prefix("standard error, exit status ") {
            assert_eq!(output.status.code().map(|c| c.to_string()).as_deref(), Some(status), "{first}");
        }
        without_times(&mut documented);
        without_times(&mut actual);
        assert_eq!(actual, documented, "docs/json.md's example `{first}` is not what nimlab prints");
        compared += 1;
    }
    assert!(compared >= 20, "only {compared} examples compared");
}
