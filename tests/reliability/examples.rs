//! Every example a user is shown works with the default limits (issue 21): each `$ nimlab ...`
//! line of README.md and docs/*.md, and each line of an `Examples:` section of `nimlab -h` and
//! of every subcommand's `-h`, is run with no limit but what its own text sets. An example
//! succeeds, unless the text shows it failing: a shown output whose first line is `error: ...`
//! (the run must fail with that line), or a comment `# ... exit status N` (the run must exit with
//! N). The examples of a file run in order in one directory of their own, so that a file an
//! example writes is there for the next (the shards that `--merge` reads), with the repository's
//! `examples/` in it, as in the repository.
//!
//! Left out: `nimlab serve` (it serves until it is stopped; the server suite drives it), an
//! example whose comment says it `takes minutes` (a record run, measured in the docs by hand;
//! the test lists them), and what follows a `|` (another program reading nimlab's output:
//! nimlab's part runs).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::harness::binary;

/// One example: where it is shown, the command line, and what its text says it does.
#[derive(Debug)]
struct Example {
    place: String,
    line: String,
    expect: Expect,
}

#[derive(Debug, PartialEq)]
enum Expect {
    Success,
    /// A long run the test leaves out (its comment says it takes minutes).
    Skipped,
    /// Fails with exit status 1 or 2 and this first line on stderr.
    Error(String),
    /// Exits with this status.
    Status(i32),
}

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The `$ nimlab` lines of a Markdown file, with their shown outputs.
fn markdown_examples(path: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let name = path.strip_prefix(repository()).unwrap().display().to_string();
    let mut examples = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(command) = line.strip_prefix("$ nimlab ") else { continue };
        let shown = lines.get(i + 1).copied().unwrap_or("");
        let (command, comment) = split_comment(command);
        let expect = if comment.contains("takes minutes") {
            Expect::Skipped
        } else if let Some(error) = shown.strip_prefix("error: ") {
            Expect::Error(format!("error: {}", error.trim_end_matches("...").trim_end()))
        } else {
            status_in(comment).map_or(Expect::Success, Expect::Status)
        };
        examples.push(Example {
            place: format!("{name}:{}", i + 1),
            line: format!("nimlab {command}"),
            expect,
        });
    }
    examples
}

/// The line without a trailing `# comment` (outside quotes), and the comment.
fn split_comment(line: &str) -> (&str, &str) {
    let mut quote = None;
    for (i, c) in line.char_indices() {
        match (c, quote) {
            ('\'' | '"', None) => quote = Some(c),
            (c, Some(q)) if c == q => quote = None,
            ('#', None) if line[..i].ends_with(' ') => return (line[..i].trim_end(), &line[i..]),
            _ => {}
        }
    }
    (line, "")
}

/// `N` of "exit status N" in a comment.
fn status_in(comment: &str) -> Option<i32> {
    let rest = &comment[comment.find("exit status ")? + "exit status ".len()..];
    rest.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

/// The examples of `nimlab -h` and of every subcommand's `-h`.
fn help_examples() -> Vec<Example> {
    let help = |args: &[&str]| {
        let output = Command::new(binary()).args(args).arg("--help").output().unwrap();
        assert!(output.status.success(), "nimlab {args:?} --help");
        String::from_utf8(output.stdout).unwrap()
    };
    let top = help(&[]);
    let commands: Vec<String> = top
        .split("Commands:")
        .nth(1)
        .unwrap_or("")
        .lines()
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect();
    assert!(commands.len() > 10, "the commands of nimlab -h: {commands:?}");
    let mut examples = Vec::new();
    for command in std::iter::once(None).chain(commands.iter().map(Some)) {
        let text = help(command.map(|c| vec![c.as_str()]).unwrap_or_default().as_slice());
        let Some(section) = text.split("Examples:").nth(1) else { continue };
        for line in section.lines().map(str::trim).filter(|l| l.starts_with("nimlab ")) {
            let place = format!("nimlab {} -h", command.map_or("", String::as_str));
            examples.push(Example { place, line: line.to_string(), expect: Expect::Success });
        }
    }
    examples
}

/// Runs an example in `dir` (also its home), nimlab's part of a pipeline only; returns the exit
/// status and the first line of stderr.
fn run(example: &Example, dir: &Path) -> (Option<i32>, String, Duration) {
    let line = example.line.split(" | ").next().unwrap();
    // Make the folders the example writes into.
    let words: Vec<&str> = line.split_whitespace().collect();
    for pair in words.windows(2) {
        if matches!(pair[0], ">" | "-o" | "--output" | "--store") {
            let target = dir.join(pair[1].trim_start_matches("~/"));
            std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        }
    }
    let script = format!("{} {}", binary(), &line["nimlab ".len()..]);
    let started = Instant::now();
    let output = Command::new("bash")
        .args(["-c", &format!("{script} > /dev/null")])
        .current_dir(dir)
        .env("HOME", dir)
        .env_remove("NO_COLOR")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).lines().next().unwrap_or("").to_string();
    (output.status.code(), stderr, started.elapsed())
}

fn failure(example: &Example, status: Option<i32>, stderr: &str) -> Option<String> {
    let ok = match &example.expect {
        Expect::Success => status == Some(0),
        Expect::Skipped => true,
        Expect::Status(code) => status == Some(*code),
        Expect::Error(line) => matches!(status, Some(1 | 2)) && stderr.starts_with(line.as_str()),
    };
    (!ok).then(|| {
        format!(
            "{}: {}\n    expected {:?}, got status {status:?}: {stderr}",
            example.place, example.line, example.expect
        )
    })
}

#[test]
#[ignore = "release suite: see main.rs"]
fn every_example_shown_to_users_works_with_the_default_limits() {
    let root = std::env::temp_dir().join(format!("nimlab-examples-{}", std::process::id()));
    let mut files: Vec<PathBuf> = vec![repository().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(repository().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    let mut groups: Vec<(String, Vec<Example>)> =
        files.iter().map(|f| (f.display().to_string(), markdown_examples(f))).collect();
    groups.push(("-h".into(), help_examples()));
    let (mut failures, mut count, mut slowest) = (Vec::new(), 0, (Duration::ZERO, String::new()));
    for (index, (_, examples)) in groups.iter().enumerate() {
        let dir = root.join(index.to_string());
        std::fs::create_dir_all(&dir).unwrap();
        // Examples read the repository's example files (`examples/loopy.txt`) by their path.
        std::os::unix::fs::symlink(repository().join("examples"), dir.join("examples")).unwrap();
        for example in examples.iter().filter(|e| !e.line.starts_with("nimlab serve")) {
            if example.expect == Expect::Skipped {
                eprintln!("skipped (takes minutes): {}  {}", example.place, example.line);
                continue;
            }
            let (status, stderr, took) = run(example, &dir);
            eprintln!("{:>7.2} s  {}  {}", took.as_secs_f64(), example.place, example.line);
            count += 1;
            if took > slowest.0 {
                slowest = (took, example.line.clone());
            }
            failures.extend(failure(example, status, &stderr));
        }
    }
    let _ = std::fs::remove_dir_all(&root);
    eprintln!("{count} examples; the slowest took {:.1} s: {}", slowest.0.as_secs_f64(), slowest.1);
    assert!(count > 100, "only {count} examples found");
    assert!(failures.is_empty(), "{} of {count} examples fail:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn comments_and_statuses_are_read() {
    assert_eq!(
        split_comment("solve bash 10 --json   # standard error, exit status 2"),
        ("solve bash 10 --json", "# standard error, exit status 2")
    );
    assert_eq!(split_comment("sweep octal --codes '0.#?'"), ("sweep octal --codes '0.#?'", ""));
    assert_eq!(status_in("# standard error, exit status 2"), Some(2));
    assert_eq!(status_in("# all_proved: true"), None);
}
