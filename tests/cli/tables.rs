//! Big tables (issue 13): streamed sequences and grids in every format, their binary output read
//! back and checked against the definition or the generic search, the memory of the Wythoff
//! grid, the rows of Wythoff's game (`period wythoff --row`, `solve wythoff A N`).

use std::io::Read;
use std::process::{Command as Process, Stdio};

use nimlab_engine::kernels::Wythoff;
use nimlab_engine::{Budget, GrundySolver};
use num_bigint::BigUint;
use serde_json::{json, Value};

use crate::{json, nimlab, text};

/// Runs nimlab with `args`, expects success, and returns stdout's bytes.
fn bytes(args: &[&str]) -> Vec<u8> {
    let output = nimlab().args(args).output().expect("nimlab runs");
    assert!(output.status.success(), "nimlab {args:?} failed: {}", String::from_utf8_lossy(&output.stderr));
    output.stdout
}

/// Runs nimlab with `args`, expects exit status `status` and nothing on stdout, and returns
/// stderr.
fn fails(args: &[&str], status: i32) -> String {
    let output = nimlab().args(args).output().expect("nimlab runs");
    let stderr = String::from_utf8(output.stderr).expect("stderr is UTF-8");
    assert_eq!(output.status.code(), Some(status), "nimlab {args:?}: {stderr}");
    assert!(output.stdout.is_empty(), "nimlab {args:?} wrote on stdout");
    stderr
}

/// `G(n)` of SUB({2, 3, 5, 7, 101}) by the definition, `G(n) = mex{G(n - s)}`, over a window of
/// the last 101 values.
struct SubtractionByDefinition {
    window: [u8; 128],
    n: usize,
}

impl SubtractionByDefinition {
    const SET: [usize; 5] = [2, 3, 5, 7, 101];

    fn next_value(&mut self) -> u8 {
        let mut seen = 0u32;
        for s in Self::SET.into_iter().filter(|&s| s <= self.n) {
            seen |= 1 << self.window[(self.n - s) % 128];
        }
        let value = seen.trailing_ones() as u8;
        self.window[self.n % 128] = value;
        self.n += 1;
        value
    }
}

/// The first promise: 10^8 + 1 values of SUB({2,3,5,7,101}) as u8 under the default
/// budget, every byte equal to the definition (so also a prefix and the length).
#[test]
fn hundred_million_values_of_a_subtraction_game_as_u8() {
    let file = tempfile::NamedTempFile::new().expect("a temporary file");
    let status = Process::new(assert_cmd::cargo::cargo_bin("nimlab"))
        .args(["table", "subtraction", "--set", "2,3,5,7,101", "--upto", "100000000", "--format", "u8"])
        .stdout(file.reopen().expect("the file reopens"))
        .status()
        .expect("nimlab runs");
    assert!(status.success());
    let written = std::fs::read(file.path()).expect("the table is readable");
    assert_eq!(written.len(), 100_000_001);
    let mut definition = SubtractionByDefinition { window: [0; 128], n: 0 };
    assert_eq!(written[..12], [0, 0, 1, 1, 2, 2, 3, 3, 4, 0, 0, 1]);
    for (n, &value) in written.iter().enumerate() {
        assert_eq!(value, definition.next_value(), "G({n})");
    }
}

/// The peak resident memory (VmHWM) of a running process, in kB.
fn peak_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc is readable");
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).expect("VmHWM is reported");
    line.split_whitespace().nth(1).and_then(|kb| kb.parse().ok()).expect("VmHWM in kB")
}

/// The second promise: Wythoff's grid 3999 x 3999 as u16 under 100 MB, equal to the
/// generic search where it reaches. The peak memory is read from `/proc` while nimlab writes its
/// last rows (it blocks on the pipe with everything it allocates already allocated).
#[test]
fn wythoff_grid_3999_as_u16_in_under_100_mb() {
    let side = 4000usize;
    let mut child = Process::new(assert_cmd::cargo::cargo_bin("nimlab"))
        .args(["table", "wythoff", "--rows", "3999", "--cols", "3999", "--format", "u16"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("nimlab starts");
    let mut stdout = child.stdout.take().expect("piped");
    let total = side * side * 2;
    let mut grid = vec![0u8; total];
    let held_back = 1 << 20;
    stdout.read_exact(&mut grid[..total - held_back]).expect("most of the grid");
    let peak = peak_kb(child.id());
    stdout.read_exact(&mut grid[total - held_back..]).expect("the rest of the grid");
    assert_eq!(stdout.read(&mut [0u8; 1]).expect("the end"), 0, "exactly the grid");
    let output = child.wait_with_output().expect("nimlab ends");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(peak < 100 * 1024, "peak resident memory {peak} kB");
    let value = |r: usize, c: usize| {
        u64::from(u16::from_le_bytes([grid[2 * (r * side + c)], grid[2 * (r * side + c) + 1]]))
    };
    // Symmetric, and the P-positions are the Beatty pairs (a_k, b_k) for every k with b_k < 4000.
    for (r, c) in [(0, 3999), (17, 3000), (3999, 3998), (2500, 2501)] {
        assert_eq!(value(r, c), value(c, r), "({r}, {c})");
    }
    let p_cells: usize = (0..side).map(|r| (0..side).filter(|&c| value(r, c) == 0).count()).sum();
    // The pairs (a_k, a_k + k), a_k the least number not in an earlier pair.
    let (mut used, mut pairs) = (vec![false; 2 * side], 0);
    let mut a = 1;
    for k in 1.. {
        while used[a] {
            a += 1;
        }
        if a + k >= side {
            break;
        }
        used[a] = true;
        used[a + k] = true;
        pairs += 1;
    }
    assert_eq!(p_cells, 1 + 2 * pairs);
    // The generic search on the corner it reaches quickly.
    let mut search = GrundySolver::new(Wythoff);
    let budget = Budget::default();
    for r in 0..=150u64 {
        for c in 0..=150u64 {
            let searched = u64::from(search.value(&(r, c), &budget).expect("the search fits"));
            assert_eq!(value(r as usize, c as usize), searched, "G({r}, {c})");
        }
    }
}

#[test]
fn a_width_the_values_may_not_fit_is_refused_up_front() {
    let stderr = fails(&["table", "wythoff", "--rows", "3999", "--cols", "3999", "--format", "u8"], 2);
    assert!(stderr.starts_with("error: the values of this table may reach 11997 (line kernel"), "{stderr}");
    assert!(stderr.contains("more than u8 holds (at most 255): use --format u16"), "{stderr}");
    let stderr = fails(&["table", "nim", "--upto", "256", "--format", "u8"], 2);
    assert!(
        stderr.contains("may reach 256 (Nim: G(n) = n), more than u8 holds (at most 255): use --format u16"),
        "{stderr}"
    );
    assert_eq!(bytes(&["table", "nim", "--upto", "255", "--format", "u8"]), (0..=255u8).collect::<Vec<u8>>());
    let wide = bytes(&["table", "nim", "--upto", "65536", "--format", "u32"]);
    assert_eq!(wide.len(), 4 * 65537);
    assert_eq!(wide[4 * 65536..], 65536u32.to_le_bytes());
}

/// Little-endian, row-major, and outcomes 0 (P) / 1 (N) in every width.
#[test]
fn raw_formats_are_little_endian_and_row_major() {
    let grid = bytes(&["table", "wythoff", "--rows", "2", "--cols", "3", "--format", "u16"]);
    let values: Vec<u16> = grid.chunks(2).map(|b| u16::from_le_bytes([b[0], b[1]])).collect();
    assert_eq!(values, [0, 1, 2, 3, 1, 2, 0, 4, 2, 0, 1, 5]);
    let outcomes =
        bytes(&["table", "wythoff", "--rows", "2", "--cols", "3", "--outcomes", "--format", "u64"]);
    let values: Vec<u64> = outcomes.chunks(8).map(|b| u64::from_le_bytes(b.try_into().unwrap())).collect();
    assert_eq!(values, [0, 1, 1, 1, 1, 1, 0, 1, 1, 0, 1, 1]);
}

#[test]
fn json_lines_give_one_object_per_value_or_row() {
    let out = text(&["table", "bash", "--max", "3", "--upto", "5", "--misere", "--format", "jsonl"]);
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0], json!({ "n": 0, "value": "N" }));
    assert_eq!(lines[5], json!({ "n": 5, "value": "P" }));
    assert_eq!(lines.len(), 6);
    let out = text(&["table", "nim", "--rows", "2", "--cols", "3", "--format", "jsonl"]);
    let rows: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(
        rows,
        [
            json!({ "row": 0, "values": [0, 1, 2, 3] }),
            json!({ "row": 1, "values": [1, 0, 3, 2] }),
            json!({ "row": 2, "values": [2, 3, 0, 1] })
        ]
    );
    let out = text(&["table", "apple", "--max", "3", "--m", "3..4", "--n", "1..2", "--format", "jsonl"]);
    assert_eq!(out, "{\"m\":3,\"values\":[1,1]}\n{\"m\":4,\"values\":[0,0]}\n");
}

/// The old cap of 10^6 cells is gone for the streaming formats; one JSON report still holds at
/// most 10^6 cells, and says how to stream larger tables.
#[test]
fn streams_have_no_cap_but_the_budget() {
    let csv = text(&["table", "subtraction", "--set", "1,3,4", "--upto", "2000000", "--csv"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 2_000_002);
    assert_eq!((lines[0], lines[1], *lines.last().unwrap()), ("n,grundy", "0,0", "2000000,0"));
    let error = crate::json_error(&["table", "nim", "--upto", "1000000"], 2, "usage");
    assert!(
        error["error"].as_str().unwrap().contains("stream it with --format jsonl, csv or u8/u16/u32/u64"),
        "{error}"
    );
    let report = json(&["table", "nim", "--upto", "999999", "--json"]);
    assert_eq!(report["values"].as_array().unwrap().len(), 1_000_000);
    assert_eq!((report["basis"].clone(), report["method"].clone()), (json!("theory"), json!("closed-form")));
    // The budget and the time limit stop a stream, and say which option raises them.
    // A stream stops where the budget runs out, with the values before written.
    let output = nimlab()
        .args(["table", "nim", "--upto", "10000000000", "--format", "u64", "--budget", "100000"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("the sequence stopped at heap") && stderr.contains("--budget N"), "{stderr}");
    let written = output.stdout.len() / 8;
    assert!(written > 1_000_000 && output.stdout.len().is_multiple_of(8), "{written}");
    assert_eq!(output.stdout[8 * (written - 1)..], (written as u64 - 1).to_le_bytes());
    let output = nimlab()
        .args(["table", "subtraction", "--set", "2,3,5,7,101", "--upto", "100000000000", "--format", "u8"])
        .args(["--budget", "100000000000", "--timeout", "0.5"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("time limit of 0.5 s") && stderr.contains("--timeout SECONDS"), "{stderr}");
    let stderr = fails(
        &["table", "wythoff", "--rows", "3999", "--cols", "3999", "--format", "u16", "--budget", "100000"],
        1,
    );
    assert!(stderr.contains("bytes of memory") && stderr.contains("--budget N"), "{stderr}");
}

#[test]
fn json_reports_say_how_the_table_was_made() {
    let v = json(&["table", "wythoff", "--rows", "20", "--cols", "30", "--json"]);
    assert_eq!((v["basis"].clone(), v["method"].clone()), (json!("search"), json!("line-kernel")));
    let v = json(&["table", "wythoff", "--rows", "5", "--cols", "30", "--json"]);
    assert_eq!((v["basis"].clone(), v["method"].clone()), (json!("theory"), json!("certified-period")));
    let v = json(&["table", "subtraction", "--set", "2,3,5,7,101", "--upto", "30", "--json"]);
    assert_eq!(v["method"], "certified-period");
    let searched =
        json(&["table", "wythoff", "--rows", "20", "--cols", "30", "--method", "search", "--json"]);
    assert_eq!(searched["method"], "dense");
    let kernel = json(&["table", "wythoff", "--rows", "20", "--cols", "30", "--json"]);
    assert_eq!(searched["cells"], kernel["cells"]);
    let stderr = fails(&["table", "wythoff", "--rows", "20", "--cols", "30", "--method", "theory"], 2);
    assert!(stderr.contains("wythoff has no closed form for a grid of Grundy values"), "{stderr}");
}

#[test]
fn p_positions_are_the_p_cells_of_the_outcome_table() {
    let by_table =
        json(&["p-positions", "subtraction", "--set", "2,3,5,7,101", "--count", "100000", "--json"]);
    assert_eq!((by_table["basis"].clone(), by_table["complete"].clone()), (json!("theory"), json!(true)));
    let listed = by_table["p_positions"].as_array().unwrap();
    assert_eq!(listed.len(), 100_000);
    let searched = json(&[
        "p-positions",
        "subtraction",
        "--set",
        "2,3,5,7,101",
        "--count",
        "300",
        "--method",
        "search",
        "--json",
    ]);
    assert_eq!(searched["basis"], "search");
    assert_eq!(searched["p_positions"].as_array().unwrap()[..], listed[..300]);
    let pattern = [
        "p-positions",
        "pattern",
        "--piles",
        "2",
        "--move",
        "one:1..3",
        "--move",
        "all:1..",
        "--count",
        "40",
    ];
    let by_table = json(&[&pattern[..], &["--json"]].concat());
    let searched = json(&[&pattern[..], &["--method", "search", "--json"]].concat());
    assert_eq!(by_table["p_positions"], searched["p_positions"]);
}

#[test]
fn period_of_wythoff_row_five() {
    let v = json(&["period", "wythoff", "--row", "5", "--json"]);
    assert_eq!(v["game"], "wythoff");
    assert_eq!(
        (v["row"].clone(), v["preperiod"].clone(), v["period"].clone()),
        (json!(5), json!(27), json!(24))
    );
    assert_eq!((v["saltus"].clone(), v["status"].clone()), (json!(24), json!("certified")));
    assert_eq!(
        v["certificate"],
        json!({ "from": 27, "span": 24, "lower_lcm": 12, "lower_start": 10, "window": 10 })
    );
    let values: Vec<u64> = serde_json::from_value(v["values"].clone()).unwrap();
    assert_eq!(values.len(), 27 + 24);
    // The values are the search's, and the additive period holds on the columns search reaches.
    let mut search = GrundySolver::new(Wythoff);
    let budget = Budget::default();
    for n in 0..400u64 {
        let expected = if n < 51 {
            values[n as usize]
        } else {
            values[(27 + (n - 27) % 24) as usize] + 24 * ((n - 27) / 24)
        };
        assert_eq!(u64::from(search.value(&(5, n), &budget).unwrap()), expected, "G(5, {n})");
    }
    let out = text(&["period", "wythoff", "--row", "5"]);
    assert!(out.starts_with("Wythoff's game, row 5: G(5, n + 24) = G(5, n) + 24 for every n >= 27"), "{out}");
    assert!(out.contains("certified: the window state"), "{out}");
    // Too few columns: observed, not certified (row 6's state repeats at columns 51 and 75).
    let observed = json(&["period", "wythoff", "--row", "6", "--limit", "75", "--json"]);
    assert_eq!(
        (observed["status"].clone(), observed["certificate"].clone()),
        (json!("observed"), json!(null))
    );
    assert_eq!(observed["columns"], 75);
    assert!(fails(&["period", "wythoff"], 2).contains("--row"));
    assert!(fails(&["period", "nim", "--row", "3"], 2)
        .contains("'nim' is not among the games with additively periodic rows"));
    let stderr = fails(&["period", "wythoff", "--row", "6", "--limit", "40"], 1);
    assert!(
        stderr.contains("no additive period within 40 columns") && stderr.contains("--limit"),
        "{stderr}"
    );
}

#[test]
fn solve_wythoff_row_five_at_a_hundred_digits() {
    let n: BigUint = format!("9{}", "1".repeat(99)).parse().unwrap();
    let v = json(&["solve", "wythoff", "5", &n.to_string(), "--json"]);
    assert_eq!((v["basis"].clone(), v["grundy_status"].clone()), (json!("theory"), json!("value")));
    // G(5, n) = G(5, 27 + r) + 24 k with n - 27 = 24 k + r, the values from the certified row.
    let row = json(&["period", "wythoff", "--row", "5", "--json"]);
    let values: Vec<u64> = serde_json::from_value(row["values"].clone()).unwrap();
    let (k, r) = ((&n - 27u8) / 24u8, u64::try_from((&n - 27u8) % 24u8).unwrap());
    let expected = k * 24u8 + values[(27 + r) as usize];
    assert_eq!(v["grundy"], json!(expected.to_string()));
    let reason = v["reason"].as_str().unwrap();
    assert!(
        reason.contains("row 5 of the Grundy table is additively periodic from column 27 with period 24"),
        "{reason}"
    );
    assert!(reason.contains("certified by a repeated window state"), "{reason}");
    // The same answer as search on the prefix, in both orders of the heaps.
    let mut search = GrundySolver::new(Wythoff);
    let budget = Budget::default();
    for n in (0..=120u64).step_by(7) {
        let expected = u64::from(search.value(&(5, n), &budget).unwrap());
        for heaps in [["5".to_string(), n.to_string()], [n.to_string(), "5".to_string()]] {
            let v = json(&["solve", "wythoff", &heaps[0], &heaps[1], "--json"]);
            assert_eq!(v["grundy"], json!(expected), "{heaps:?}");
        }
    }
    let verified = json(&["verify", "wythoff", "--json"]);
    assert_eq!(verified["all_agree"], true);
}
