//! `nimlab plot`: the pictures are written, and the JSON summary says what they show.

use serde_json::json;

use crate::{json, nimlab};

/// A path for `name` in a fresh temporary directory (removed when the guard is dropped).
fn temp_file(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join(name);
    (dir, path)
}

#[test]
fn a_two_heap_nim_grid_has_its_p_positions_on_the_diagonal() {
    let (_dir, file) = temp_file("nim.png");
    let v = json(&["plot", "nim", "--rows", "7", "--cols", "7", "-o", file.to_str().unwrap(), "--json"]);
    assert_eq!(v["kind"], "grid");
    assert_eq!((v["game"].clone(), v["play"].clone()), (json!("nim"), json!("normal")));
    assert_eq!((v["rows"].clone(), v["cols"].clone(), v["cell"].clone()), (json!(7), json!(7), json!("r c")));
    assert_eq!(v["file"], file.to_str().unwrap());
    let diagonal: Vec<[u64; 2]> = (0..=7).map(|i| [i, i]).collect();
    assert_eq!(v["p_positions"], json!(diagonal));
    let bytes = std::fs::read(&file).expect("the PNG is written");
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
}

#[test]
fn a_cell_template_draws_a_slice_of_a_three_heap_game() {
    // Nim (r, c, c) is P exactly when r = 0: the apple game's (M, N, N) table has this shape.
    let (_dir, file) = temp_file("slice.svg");
    let v = json(&[
        "plot",
        "nim",
        "--cell",
        "r c c",
        "--rows",
        "4",
        "--cols",
        "4",
        "--outcomes",
        "-o",
        file.to_str().unwrap(),
        "--json",
    ]);
    let row_zero: Vec<[u64; 2]> = (0..=4).map(|c| [0, c]).collect();
    assert_eq!(v["p_positions"], json!(row_zero));
    let svg = std::fs::read_to_string(&file).expect("the SVG is written");
    assert!(
        svg.starts_with("<svg") && svg.contains("P-positions of (r, c, c)"),
        "{}",
        &svg[..200.min(svg.len())]
    );
}

#[test]
fn a_subtraction_sequence_has_its_certified_period_marked() {
    let (_dir, file) = temp_file("sub.svg");
    let v = json(&[
        "plot",
        "subtraction",
        "--set",
        "1,3,4",
        "--upto",
        "30",
        "-o",
        file.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(
        (v["period"].clone(), v["preperiod"].clone(), v["certified"].clone()),
        (json!(7), json!(0), json!(true))
    );
    assert_eq!(v["values"].as_array().unwrap()[..7], json!([0, 1, 0, 1, 2, 3, 2]).as_array().unwrap()[..]);
    let svg = std::fs::read_to_string(&file).expect("the SVG is written");
    assert!(svg.contains("period 7 from n = 0 (certified)"));
}

#[test]
fn other_one_heap_games_get_the_observed_period() {
    let (_dir, file) = temp_file("bash.png");
    let v = json(&["plot", "bash", "--max", "3", "--upto", "30", "-o", file.to_str().unwrap(), "--json"]);
    assert_eq!(v["kind"], "sequence");
    assert_eq!((v["period"].clone(), v["certified"].clone()), (json!(4), json!(false)));
    // An observed period must repeat over at least three periods: 0..=10 is 11 values, less than
    // 3 x 4, so none is claimed; 0..=11 is 12 values, enough.
    let v = json(&["plot", "bash", "--max", "3", "--upto", "10", "-o", file.to_str().unwrap(), "--json"]);
    assert_eq!((v["period"].clone(), v["preperiod"].clone()), (json!(null), json!(null)));
    let v = json(&["plot", "bash", "--max", "3", "--upto", "11", "-o", file.to_str().unwrap(), "--json"]);
    assert_eq!((v["period"].clone(), v["preperiod"].clone()), (json!(4), json!(0)));
}

/// A bad request is refused before anything is written: no file appears, and an existing file
/// of that name is left as it was.
#[test]
fn bad_plot_requests_are_usage_errors_and_write_nothing() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for (args, needle) in [
        (&["plot", "nim", "--rows", "3", "--cols", "3", "-o", "x.gif"][..], "must be a .svg or .png file"),
        (
            &["plot", "nim", "--rows", "3", "--cols", "3", "--cell", "r 5", "-o", "a.svg"],
            "must use both r and c",
        ),
        (&["plot", "nim", "-o", "a.svg"], "plot needs --upto N (one heap) or --rows R --cols C (a grid)"),
        (
            &["plot", "bash", "--max", "3", "--upto", "10", "--misere", "-o", "a.svg"],
            "misère play does not have",
        ),
        (&["plot", "bash", "--upto", "10", "-o", "a.svg"], "the game 'bash' needs --max"),
        (&["plot", "nim", "--rows", "3000", "--cols", "3000", "-o", "a.svg"], "at most 250000 cells"),
    ] {
        let output = nimlab().current_dir(dir.path()).args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
        let written: Vec<_> =
            std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert!(written.is_empty(), "nimlab {args:?} wrote {written:?}");
    }
    let kept = dir.path().join("kept.svg");
    std::fs::write(&kept, "<svg/>").unwrap();
    let output = nimlab().current_dir(dir.path()).args(["plot", "nim", "-o", "kept.svg"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "<svg/>", "a refused request truncated the file");
}

#[test]
fn the_apple_table_is_one_call_with_the_cell_template() {
    // (M, N, N) with S = 3 (seed 000's closed form, rows M and columns N): P exactly when M = 0
    // (mirror the equal piles), or when M is a multiple of S + 1 = 4 and N < 4.
    let (_dir, file) = temp_file("apple.svg");
    let v = json(&[
        "plot",
        "apple",
        "--max",
        "3",
        "--cell",
        "r c c",
        "--rows",
        "9",
        "--cols",
        "9",
        "--outcomes",
        "-o",
        file.to_str().unwrap(),
        "--json",
    ]);
    let mut expected: Vec<[u64; 2]> = (0..=9).map(|c| [0, c]).collect();
    expected.extend([4, 8].iter().flat_map(|&m| (0..=3).map(move |n| [m, n])));
    assert_eq!(v["p_positions"], json!(expected));
}
