//! Games on boards on the command line (docs/boards.md): Cram on a board given as `RxC` or as a
//! picture, its theory and moves, misère play, a family's table, `verify`, `play`, and bad input.

use crate::errors::usage_error;
use crate::{json, nimlab, text};

#[test]
fn cram_boards_are_answered_with_moves_on_the_board() {
    // Even x even: P by the half turn.
    let square = json(&["solve", "cram", "--board", "4x4", "--json"]);
    assert_eq!(square["grundy"], 0);
    assert_eq!(square["basis"], "theory");
    assert!(square["reason"].as_str().unwrap().contains("half turn"));
    // Even x odd: the central domino, and the list says it is not every winning move.
    let odd = json(&["solve", "cram", "--board", "2x5", "--json"]);
    assert_eq!(odd["outcome"], "N");
    assert_eq!(odd["winning_moves"][0]["move"], "place a domino on c1–c2");
    assert_eq!(odd["moves_complete"], false);
    // A picture with blocked cells, by the component engine; every winning move leads to 0.
    let picture = json(&["solve", "cram", "--board", "..#./..../....", "--json"]);
    assert_eq!(picture["game"], "cram --board ..#./..../....");
    assert_eq!(picture["grundy"], 3);
    assert!(picture["reason"].as_str().unwrap().starts_with("search by components"));
    for mv in picture["winning_moves"].as_array().unwrap() {
        let to: Vec<String> = mv["to"].as_array().unwrap().iter().map(|n| n.to_string()).collect();
        let mut args = vec!["solve", "cram", "--board", "..#./..../...."];
        args.extend(to.iter().map(String::as_str));
        args.extend(["--method", "search", "--json"]);
        assert_eq!(json(&args)["grundy"], 0, "{mv}");
    }
    // A board written out in full is the same game as RxC.
    assert_eq!(json(&["solve", "cram", "--board", "..../....", "--json"])["game"], "cram --board 2x4");
    // Covered cells by their names, as the moves name them: the same position as their numbers.
    let named = json(&["solve", "cram", "--board", "3x4", "b1", "c1", "--json"]);
    assert_eq!(named["position"], serde_json::json!([1, 2]));
    assert_eq!(named, json(&["solve", "cram", "--board", "3x4", "1", "2", "--json"]));
}

#[test]
fn cram_misere_is_searched_by_regions() {
    let by_regions = json(&["solve", "cram", "--board", "3x4", "--misere", "--json"]);
    let plain = json(&["solve", "cram", "--board", "3x4", "--misere", "--method", "search", "--json"]);
    assert_eq!(by_regions["outcome"], plain["outcome"]);
    assert_eq!(by_regions["winning_moves"], plain["winning_moves"]);
}

#[test]
fn cram_has_a_table_of_boards_and_verify() {
    // 2 x n: P for even n (the half turn), N for odd n (the central domino).
    let table = json(&["table", "cram", "--board", "2xn", "--upto", "8", "--outcomes", "--json"]);
    let cells: Vec<&str> = table["values"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert_eq!(cells, ["P", "N", "P", "N", "P", "N", "P", "N", "P"]);
    let values = json(&["table", "cram", "--board", "4xn", "--upto", "7", "--json"]);
    let values: Vec<u64> = values["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    // igs's table (github.com/beling/impartial-games, README.md): 4 x 4 .. 4 x 7 are 0, 2, 0, 3.
    assert_eq!(values[4..], [0, 2, 0, 3]);
    let report = json(&["verify", "cram", "--board", "4x3", "--json"]);
    assert_eq!(report["all_agree"], true);
}

/// `--method search` values every member of a family by the component engine, the boards the
/// symmetry strategy answers among them, and gives the default table; `--method theory`, which
/// a family has not, points to it.
#[test]
fn cram_tables_by_search_alone_equal_the_default() {
    let values = |args: &[&str], method: &str| {
        let mut args = args.to_vec();
        args.extend(["--method", method, "--json"]);
        json(&args)
    };
    let by_search = values(&["table", "cram", "--board", "2xn", "--upto", "12"], "search");
    assert_eq!(
        by_search["values"],
        values(&["table", "cram", "--board", "2xn", "--upto", "12"], "auto")["values"]
    );
    assert_eq!(by_search["detail"], "the component engine, member by member (grid:2xn with n = 0, 1, ...)");
    let grid = ["table", "cram", "--board", "mxn", "--rows", "4", "--cols", "4"];
    assert_eq!(values(&grid, "search")["cells"], values(&grid, "auto")["cells"]);
    usage_error(
        &["table", "cram", "--board", "2xn", "--upto", "4", "--method", "theory"],
        "use --method search",
    );
}

/// An even x odd board's outcome is the symmetry strategy's; its value is a by-product search
/// within a share of the budget, which a small budget leaves too small (the reason names the
/// share) and a larger one fills.
#[test]
fn cram_values_beside_the_theory_take_their_share_of_the_budget() {
    let small = json(&["solve", "cram", "--board", "3x12", "--budget", "300000", "--json"]);
    assert_eq!(small["outcome"], "N");
    assert_eq!(small["grundy"], serde_json::Value::Null);
    let reason = small["reason"].as_str().unwrap();
    assert!(reason.contains("its search ran out of its share of the budget"), "{reason}");
    let larger = json(&["solve", "cram", "--board", "3x12", "--budget", "5000000", "--json"]);
    assert_eq!(larger["grundy"], 1);
    assert_eq!(larger["basis"], "theory");
}

/// `--board mxn`: the grid of every R x C board, each row the one-number family's table, the
/// grid symmetric (a board and its transpose are one game), and a grid of a one-number family
/// refused with the family it needs.
#[test]
fn cram_has_a_grid_of_every_board() {
    let grid = json(&["table", "cram", "--board", "mxn", "--rows", "4", "--cols", "5", "--json"]);
    assert_eq!(grid["shape"], "grid");
    let cells: Vec<Vec<u64>> = grid["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row.as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect())
        .collect();
    assert_eq!(cells.len(), 5);
    assert!(cells[0].iter().all(|&v| v == 0), "no cell, no move");
    for (m, row) in cells.iter().enumerate().skip(1) {
        let family = format!("{m}xn");
        let table = json(&["table", "cram", "--board", &family, "--upto", "5", "--json"]);
        let want: Vec<u64> =
            table["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
        assert_eq!(row, &want, "row {m}");
    }
    for (m, row) in cells.iter().enumerate() {
        for (n, &cell) in row.iter().enumerate().take(5) {
            assert_eq!(cell, cells[n][m], "{m} x {n}");
        }
    }
    // igs's table: 4 x 4 is 0, 4 x 5 is 2.
    assert_eq!(cells[4][4..], [0, 2]);
    let text = text(&["table", "cram", "--board", "mxn", "--rows", "2", "--cols", "3", "--outcomes"]);
    assert!(text.contains("rows = the members' m = 0..=2, columns = n = 0..=3"), "{text}");
    // Stopped by the budget, the grid keeps the rows it finished (3 x 9 takes about 80,000
    // units, 4 x 9 about 9,000,000).
    let out = nimlab()
        .args(["table", "cram", "--board", "mxn", "--rows", "4", "--cols", "9", "--budget", "200000"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stopped = String::from_utf8_lossy(&out.stdout);
    assert!(stopped.contains("3 |   0   1   1   0   1   1   4   1   3   1"), "{stopped}");
    assert!(!stopped.contains("4 |"), "{stopped}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("the grid stopped at row 4"));
    usage_error(&["table", "cram", "--board", "3xn", "--rows", "2", "--cols", "3"], "--board mxn");
    usage_error(&["table", "cram", "--board", "mxn", "--upto", "3"], "--board 3xn");
    usage_error(&["solve", "cram", "--board", "mxn"], "give m and n values");
}

#[test]
fn cram_is_played_in_the_terminal() {
    let out = nimlab()
        .args(["play", "cram", "--board", "2x2", "--first", "nimlab"])
        .write_stdin("")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("nimlab: place a domino on a1–b1 -> 0 1"), "{text}");
}

#[test]
fn bad_boards_and_positions_are_usage_errors() {
    usage_error(&["solve", "cram", "--board", "3x"], "is not a board");
    usage_error(&["solve", "cram", "--board", "..#/.."], "row 2 of the board has 2 cells");
    usage_error(&["solve", "cram", "--board", "17x17"], "at most 256");
    usage_error(&["solve", "cram", "--board", "..#./....", "2"], "is blocked");
    usage_error(&["solve", "cram", "--board", "2x2", "4"], "the board's cells are 0..3");
    usage_error(&["solve", "cram", "--board", "2xn"], "family");
}

/// The census of three-rowed Chomp: every column certified, the P-positions it names are P by
/// `solve` (the census's theory) for a few pairs, and its JSON contract's fields.
#[test]
fn chomp_census_lists_certified_periods() {
    let census = json(&["census", "--upto", "130", "--json"]);
    assert_eq!(census["upto"], 130);
    let columns = census["columns"].as_array().unwrap();
    assert_eq!(columns.len(), 131);
    // The second row from which each third row repeats, and periods 1 and 2 (c = 120).
    assert_eq!(columns[0]["offsets"], serde_json::json!([1]));
    assert_eq!(columns[1]["offsets"], serde_json::json!([null]));
    assert_eq!(columns[120]["period"], 2);
    let periods: Vec<u64> =
        census["periods"].as_array().unwrap().iter().map(|p| p["period"].as_u64().unwrap()).collect();
    assert_eq!(periods, [1, 2]);
    for c in [2u64, 5, 11, 120] {
        let column = &columns[c as usize];
        let (from, period) = (column["from"].as_u64().unwrap(), column["period"].as_u64().unwrap());
        for b in [from, from + 1, from + period + 3] {
            let k = ((b - from) % period) as usize;
            if let Some(offset) = column["offsets"][k].as_u64() {
                let rows = [(b + offset).to_string(), b.to_string(), c.to_string()];
                let answer = json(&["solve", "chomp", &rows[0], &rows[1], &rows[2], "--json"]);
                assert_eq!(answer["outcome"], "P", "{rows:?}");
            }
        }
    }
    let text = text(&["census", "--upto", "12", "--full"]);
    assert!(
        text.starts_with("Three-rowed Chomp, third rows 0..=12: every column certified periodic"),
        "{text}"
    );
    assert!(text.contains("\n1\t"), "{text}");
}

/// A board solved as shards: each shard values its own options into its store, a second run of
/// a shard values nothing, the merged store answers with the value and winning moves of the plain
/// `solve`, and a run killed with SIGKILL and started again finishes from what it stored.
#[test]
fn cram_boards_split_into_shards_and_resume() {
    let dir = tempfile::tempdir().unwrap();
    let db = |name: &str| dir.path().join(name).display().to_string();
    let plain = json(&["solve", "cram", "--board", "3x5", "--all", "--json"]);
    let mut stores = Vec::new();
    let mut owned = 0;
    for shard in ["0/3", "1/3", "2/3"] {
        let store = db(&format!("{}.sqlite", shard.replace('/', "-")));
        let run = json(&["solve", "cram", "--board", "3x5", "--db", &store, "--shard", shard, "--json"]);
        assert_eq!(run["computed"], run["owned"], "{run}");
        owned += run["owned"].as_u64().unwrap();
        let again = json(&["solve", "cram", "--board", "3x5", "--db", &store, "--shard", shard, "--json"]);
        assert_eq!(again["computed"], 0, "{again}");
        stores.push(store);
    }
    let all = db("all.sqlite");
    let mut args = vec!["solve", "cram", "--board", "3x5", "--db", &all, "--json", "--merge"];
    args.extend(stores.iter().map(String::as_str));
    let merged = json(&args);
    assert_eq!(merged["classes"].as_u64(), Some(owned));
    assert_eq!((merged["computed"].as_u64(), merged["stored"].as_u64()), (Some(0), Some(owned)));
    // 3 x 5 has 22 dominoes; under its half turn and two mirrors the dominoes of the middle row
    // and of the middle column come in pairs and the others in fours: 4 + 3 classes.
    assert_eq!((merged["options"].as_u64(), merged["classes"].as_u64()), (Some(22), Some(7)));
    assert_eq!(merged["values"].as_array().unwrap().len(), 22);
    assert_eq!(merged["grundy"], plain["grundy"]);
    let winning: Vec<&serde_json::Value> =
        merged["values"].as_array().unwrap().iter().filter(|v| v["value"] == 0).map(|v| &v["move"]).collect();
    let expected: Vec<&serde_json::Value> =
        plain["winning_moves"].as_array().unwrap().iter().map(|m| &m["move"]).collect();
    assert_eq!(winning, expected);
    // Killed while valuing, then resumed: the same answer as the plain solve.
    let killed = db("killed.sqlite");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("nimlab"))
        .args(["solve", "cram", "--board", "5x6", "--db", &killed])
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    child.kill().unwrap();
    child.wait().unwrap();
    let resumed = json(&["solve", "cram", "--board", "5x6", "--db", &killed, "--json"]);
    assert_eq!(resumed["stored"], resumed["classes"]);
    assert_eq!(resumed["grundy"], json(&["solve", "cram", "--board", "5x6", "--json"])["grundy"]);
}

/// `table chomp --rectangles`: each rectangle's winning first moves are those of `solve
/// --method search` of the rectangle, a 2 x n rectangle's is the top-right square, an n x n
/// square's the square at (2, 2); other games, misère play and a one-number table are refused.
#[test]
fn chomp_rectangles_table() {
    let table = json(&["table", "chomp", "--rectangles", "--rows", "4", "--cols", "5", "--json"]);
    let rectangles = table["rectangles"].as_array().unwrap();
    assert_eq!(rectangles.len(), 20);
    for rectangle in rectangles {
        let (rows, cols) = (rectangle["rows"].as_u64().unwrap(), rectangle["cols"].as_u64().unwrap());
        let cols_text = cols.to_string();
        let mut args = vec!["solve", "chomp"];
        args.extend(std::iter::repeat_n(cols_text.as_str(), rows as usize));
        args.extend(["--method", "search", "--all", "--json"]);
        let searched = json(&args);
        assert_eq!(rectangle["outcome"], searched["outcome"], "{rows} x {cols}");
        assert_eq!(rectangle["grundy"], searched["grundy"], "{rows} x {cols}");
        assert_eq!(rectangle["winning_moves"], searched["winning_moves"], "{rows} x {cols}");
        let moves: Vec<&str> = rectangle["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["move"].as_str().unwrap())
            .collect();
        if rows == 2 {
            assert_eq!(moves, [format!("take the square at row 2, column {cols}")]);
        }
        if rows == cols && rows >= 2 {
            assert!(moves.contains(&"take the square at row 2, column 2"), "{moves:?}");
        }
    }
    let text = text(&["table", "chomp", "--rectangles", "--rows", "2", "--cols", "3"]);
    assert!(text.contains("\n1 x 1: none (P)\n"), "{text}");
    assert!(text.contains("\n2 x 3: take the square at row 2, column 3\n"), "{text}");
    usage_error(&["table", "nim", "--rectangles", "--rows", "2", "--cols", "2"], "rectangles");
    usage_error(&["table", "chomp", "--rectangles", "--rows", "2", "--cols", "2", "--misere"], "normal play");
    usage_error(&["table", "chomp", "--rectangles", "--upto", "3"], "--rows R and --cols C");
}

#[test]
fn chomp_is_answered_by_theory_and_search() {
    let two = json(&["solve", "chomp", "7", "3", "--json"]);
    assert_eq!(two["winning_moves"][0]["move"], "take the square at row 1, column 5");
    assert_eq!(two["basis"], "theory");
    let rectangle = json(&["solve", "chomp", "5", "5", "5", "5", "--json"]);
    assert_eq!(rectangle["outcome"], "N");
    assert_eq!(rectangle["winning_moves"].as_array().unwrap().len(), 0);
    assert!(rectangle["reason"].as_str().unwrap().contains("strategy stealing"));
    // By search: every winning move leads to value 0.
    let searched = json(&["solve", "chomp", "5", "4", "3", "1", "--json"]);
    assert_eq!(searched["basis"], "search");
    for mv in searched["winning_moves"].as_array().unwrap() {
        let to: Vec<String> = mv["to"].as_array().unwrap().iter().map(|n| n.to_string()).collect();
        let mut args = vec!["solve", "chomp"];
        args.extend(to.iter().map(String::as_str));
        args.push("--json");
        assert_eq!(json(&args)["outcome"], "P", "{mv}");
    }
    assert_eq!(json(&["verify", "chomp", "--json"])["all_agree"], true);
    // Two rows as a grid: P exactly at (c + 1, c) and (c, c + 1).
    let grid = json(&["table", "chomp", "--rows", "5", "--cols", "5", "--outcomes", "--json"]);
    let rows = grid["cells"].as_array().unwrap();
    assert_eq!(rows[3][2], "P");
    assert_eq!(rows[3][3], "N");
}
