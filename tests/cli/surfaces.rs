//! No surface recognises a game by its name (issue 20): the command line (`src/`), the reports
//! every surface calls (`crates/reports`), the web server (`crates/web`) and the Python module
//! (`crates/python`) compare no
//! ruleset's name outside their tests; what a game can do comes from its declaration
//! (`RulesetInfo::capabilities`, `drawing`, texts). The page's scripts are checked by the browser
//! test. Examples and help texts may name games: only comparisons are looked for.

use std::path::{Path, PathBuf};

use nimlab_engine::RULESETS;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The comparisons of `code` with a quoted `name`: `== "name"`, `!= "name"`, a match arm
/// `"name" =>` or `"name" |`, or a tuple pattern `("name",`.
fn comparisons(code: &str, name: &str) -> Vec<String> {
    let quoted = format!("\"{name}\"");
    let mut found = Vec::new();
    for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
        let Some(at) = line.find(&quoted) else { continue };
        let before = line[..at].trim_end();
        let after = line[at + quoted.len()..].trim_start();
        let compared = before.ends_with("==")
            || before.ends_with("!=")
            || after.starts_with("=>")
            || after.starts_with("| ")
            || (before.ends_with('(') && after.starts_with(',') && line.contains("=>"));
        if compared {
            found.push(line.trim().to_string());
        }
    }
    found
}

#[test]
fn surfaces_compare_no_game_name() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "crates/reports/src", "crates/web/src", "crates/python/src"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 30, "{} files", files.len());
    assert!(files.iter().any(|f| f.ends_with("crates/web/src/api.rs")), "the web server's API is scanned");
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        // Test modules close these files.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for info in RULESETS {
            for line in comparisons(code, info.name) {
                found.push(format!("{}: {line}", file.strip_prefix(root).unwrap().display()));
            }
        }
    }
    assert!(found.is_empty(), "game names compared outside the engine's rulesets:\n{}", found.join("\n"));
}

/// The reader finds the forms it looks for.
#[test]
fn comparisons_are_found() {
    assert_eq!(comparisons("if args.game != \"octal\" {", "octal").len(), 1);
    assert_eq!(comparisons("    \"apple\" => build(),", "apple").len(), 1);
    assert_eq!(comparisons("match (name, row) { (\"wythoff\", Some(r)) => 1 }", "wythoff").len(), 1);
    assert!(comparisons("  nimlab solve nim 3 4 5 \"nim\" in help", "nim").is_empty());
}
