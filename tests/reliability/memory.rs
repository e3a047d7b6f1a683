//! The memory ceiling (issue 21): a search whose positions hold hundreds of heaps each stops with
//! one line naming memory and `--memory` when it reaches the ceiling, and the process's peak
//! resident memory stays under the ceiling plus [`MARGIN_MIB`]. The search is Dawson's-Kayles-like
//! `octal --code 0.04` from one heap of 2977, which grew past 1 GB under `--budget 10000000`
//! before positions were counted by their size.

use crate::harness::{run, Run};

/// What the process may hold beyond its memory ceiling: the binary, the allocator's spare and
/// freed-but-kept pages, and what the ceiling does not count (the answer's text, clap, stdio).
pub const MARGIN_MIB: u64 = 64;

/// The search of the issue, with these options before the command.
fn octal_search(options: &[&str]) -> Run {
    let args = [options, &["solve", "octal", "--code", "0.04", "2977", "--method", "search"]].concat();
    let run = run(&args);
    eprintln!("{}", run.describe());
    assert!(run.defect().is_none(), "{:?}: {}", run.defect(), run.describe());
    run
}

/// The run stopped with exit status 1, one line containing every needle, and a peak resident
/// memory under `ceiling_mib` + [`MARGIN_MIB`].
fn stopped_under(run: &Run, ceiling_mib: u64, needles: &[&str]) {
    assert_eq!(run.code(), Some(1), "{}", run.describe());
    let stderr = run.stderr.text();
    assert_eq!(stderr.trim_end().lines().count(), 1, "{}", run.describe());
    for needle in needles {
        assert!(stderr.contains(needle), "stderr lacks {needle:?}: {}", run.describe());
    }
    assert!(run.peak_rss_kib < (ceiling_mib + MARGIN_MIB) * 1024, "{}", run.describe());
}

#[test]
#[ignore = "release suite: see main.rs"]
fn the_memory_option_stops_a_search_at_its_ceiling() {
    // A work budget that pays for 4 TB: only --memory stops it.
    let run = octal_search(&["--budget", "1000000000000", "--memory", "200M"]);
    stopped_under(&run, 200, &["200 MiB in memory, the memory ceiling", "raise it with --memory SIZE"]);
    let run = octal_search(&["--json", "--budget", "1000000000000", "--memory", "200M"]);
    let error: serde_json::Value = serde_json::from_slice(&run.stderr.head).expect("a JSON error");
    assert_eq!(error["kind"], "memory", "{}", run.describe());
    stopped_under(&run, 200, &[]);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn the_work_budget_pays_for_real_bytes() {
    // 10^7 units pay for 40 MB; the search used to hold 1.13 GB under this budget.
    let run = octal_search(&["--budget", "10000000"]);
    stopped_under(
        &run,
        39,
        &["38 MiB in memory at once (4 bytes per unit of the work budget)", "--budget N"],
    );
}

#[test]
#[ignore = "release suite: see main.rs"]
fn the_default_ceiling_leaves_room_under_the_address_space_limit() {
    // Under the suite's 1 GiB address-space limit the default ceiling is half of what the
    // process does not map yet: under 512 MiB, and the search stops there without an abort.
    let run = octal_search(&["--budget", "1000000000000"]);
    stopped_under(&run, 512, &["in memory, the memory ceiling", "--memory"]);
}
