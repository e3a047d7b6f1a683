//! Long sequence runs survive (issue 21): `period --checkpoint FILE`, killed with `kill -9` in
//! the middle of a run and started again with the same command, goes on from the values the
//! file holds and prints the report of a run that was never stopped. The game is 0.354, whose
//! certificate (Flammenkamp: preperiod 10,061,916, period 1180) takes 5 to 6 s of CPU here
//! (2026-11-28), long enough for a save (every 2 s) before the kill and more after it.

use std::path::Path;
use std::process::{Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use crate::harness::binary;

const GAME: [&str; 4] = ["period", "octal", "--code", "0.354"];

/// The report of `period octal --code 0.354` with `extra` options, as text (its JSON, with
/// 7.9 million exceptions listed, is 400 MB).
fn report(extra: &[&str]) -> String {
    let output = Command::new(binary()).args(GAME).args(extra).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

fn size(path: &Path) -> u64 {
    std::fs::metadata(path).map(|m| m.len()).unwrap_or(0)
}

#[test]
#[ignore = "release suite: see main.rs"]
fn a_run_killed_and_started_again_reaches_the_same_certificate() {
    let dir = std::env::temp_dir().join(format!("nimlab-checkpoint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("0.354.ckpt");
    let _ = std::fs::remove_file(&file);
    let file_arg = file.to_str().unwrap();

    // Kill the first run once the file holds more than a million values (4 MB), and well before
    // the certificate (about 20 million values).
    let mut child = Command::new(binary())
        .args(GAME)
        .args(["--checkpoint", file_arg])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while size(&file) < 4_000_000 {
        assert!(child.try_wait().unwrap().is_none(), "the first run ended before its first save");
        assert!(started.elapsed() < Duration::from_secs(120), "no save within two minutes");
        sleep(Duration::from_millis(50));
    }
    child.kill().unwrap(); // SIGKILL
    let status = child.wait().unwrap();
    assert!(!status.success(), "the first run was killed, not finished");
    let saved = size(&file);
    assert!(saved < 80_000_000, "the kill came after the certificate: {saved} bytes");

    let resumed = report(&["--checkpoint", file_arg]);
    let grown = size(&file);
    assert!(grown > saved, "the resumed run saved what it computed: {saved} bytes before it, {grown} after");
    let uninterrupted = report(&[]);
    assert!(resumed == uninterrupted, "the resumed run's report differs from an uninterrupted run's");
    assert_eq!(resumed.lines().next(), Some("0.354: preperiod 10061916, period 1180 (certified)"));

    // A file of another game is refused with one line and exit status 2.
    let other = Command::new(binary()).args(["period", "kayles", "--checkpoint", file_arg]).output().unwrap();
    assert_eq!(other.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&other.stderr);
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("holds the sequence of 0.354"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
