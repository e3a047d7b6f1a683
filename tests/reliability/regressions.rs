//! Every command-line case under "What was found" in issue 11, with its expected outcome under
//! the work budget: answered (exit 0, and the answer checked against an independent rule where
//! one is cheap), or stopped with one clear line and exit status 1 (budget, deadline) or 2
//! (usage). Each runs under 1 GiB of address space and the suite's deadline ([`harness`]); the
//! API cases are in [`crate::server`].

use num_bigint::BigUint;
use serde_json::Value;

use crate::harness::{run, Run};

/// Runs the case and fails on any defect (panic, signal, deadline, status, message).
fn checked(args: &[&str]) -> Run {
    let run = run(args);
    // The figures of every case, shown with --nocapture (docs/reliability.md quotes them).
    eprintln!("{}", run.describe().lines().next().unwrap_or_default());
    if let Some(defect) = run.defect() {
        panic!("{defect:?}: {}", run.describe());
    }
    run
}

/// The case must answer (exit 0); returns its standard output as JSON (the args have `--json`).
fn answer(args: &[&str]) -> Value {
    let run = checked(args);
    assert_eq!(run.code(), Some(0), "expected an answer: {}", run.describe());
    serde_json::from_slice(&run.stdout.head).unwrap_or_else(|e| panic!("not JSON ({e}): {}", run.describe()))
}

/// The case must stop with exit `status` and one line on stderr containing every needle.
fn stop(args: &[&str], status: i32, needles: &[&str]) -> Run {
    let run = checked(args);
    assert_eq!(run.code(), Some(status), "expected exit {status}: {}", run.describe());
    let stderr = run.stderr.text();
    for needle in needles {
        assert!(stderr.contains(needle), "stderr lacks {needle:?}: {}", run.describe());
    }
    assert!(run.stdout.total == 0, "a stopped command prints nothing on stdout: {}", run.describe());
    run
}

/// A JSON number or decimal string as u64.
fn number(value: &Value) -> u64 {
    match value {
        Value::Number(n) => n.as_u64().expect("a whole number"),
        Value::String(s) => s.parse().expect("a decimal string"),
        other => panic!("not a number: {other}"),
    }
}

fn numbers(value: &Value) -> Vec<u64> {
    value.as_array().expect("an array").iter().map(number).collect()
}

/// Moore's Nim_k (Moore 1910): P iff in every binary column the count of ones is a multiple of
/// k + 1.
fn moore_is_p(heaps: &[u64], k: u64) -> bool {
    (0..64).all(|bit| (heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() as u64).is_multiple_of(k + 1))
}

/// A legal Moore move: some heaps lowered, none raised, at most k of them changed.
fn moore_move(from: &[u64], to: &[u64], k: u64) -> bool {
    let changed = from.iter().zip(to).filter(|(f, t)| t < f).count() as u64;
    from.len() == to.len() && from.iter().zip(to).all(|(f, t)| t <= f) && (1..=k).contains(&changed)
}

/// Checks a Moore answer: the outcome by Moore's rule, every listed move legal and to a
/// P-position.
fn check_moore(heaps: &[u64], k: u64) {
    let mut args: Vec<String> =
        vec!["solve".into(), "moore".into(), "--k".into(), k.to_string(), "--json".into()];
    args.extend(heaps.iter().map(u64::to_string));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let v = answer(&args);
    let p = moore_is_p(heaps, k);
    assert_eq!(v["outcome"], if p { "P" } else { "N" }, "{v}");
    let moves = v["winning_moves"].as_array().expect("winning_moves");
    assert_eq!(moves.is_empty(), p, "{v}");
    for m in moves {
        let to = numbers(&m["to"]);
        assert!(moore_move(heaps, &to, k) && moore_is_p(&to, k), "not a winning move: {m}");
    }
}

#[test]
#[ignore = "release suite: see main.rs"]
fn moore_k5_ten_heaps_of_ten() {
    check_moore(&[10; 10], 5);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn moore_k2_three_heaps_of_2000() {
    check_moore(&[2000; 3], 2);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn moore_k2_three_heaps_of_5000() {
    check_moore(&[5000; 3], 2);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn moore_k3_large_heaps() {
    check_moore(&[398_078, 145_078, 287_988], 3);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn moore_four_players_stops_at_the_budget() {
    stop(
        &["solve", "moore", "19793", "83167", "25931", "35378", "--k", "2", "--players", "4"],
        1,
        &["--budget"],
    );
}

#[test]
#[ignore = "release suite: see main.rs"]
fn verify_nim_upto_1000_stops_at_the_budget() {
    stop(&["verify", "nim", "--upto", "1000"], 1, &["--budget"]);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn verify_nim_upto_100_stops_at_the_budget() {
    stop(&["verify", "nim", "--upto", "100"], 1, &["--budget"]);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn verify_half_upto_10_8_stops_at_the_budget() {
    stop(&["verify", "half", "--upto", "100000000"], 1, &["--budget"]);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn verify_bash_upto_2_64_minus_1_stops_at_the_budget() {
    stop(&["verify", "bash", "--max", "3", "--upto", "18446744073709551615"], 1, &["--budget"]);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn verify_large_nim_three_players_stops_at_the_budget() {
    stop(&["verify", "large-nim", "--players", "3", "--upto", "100"], 1, &["--budget"]);
}

/// A p-positions listing: exit 0, and the positions found start with `first`.
fn listing(args: &[&str], first: &[&[u64]]) -> Value {
    let mut args = args.to_vec();
    args.push("--json");
    let v = answer(&args);
    let found: Vec<Vec<u64>> =
        v["p_positions"].as_array().expect("p_positions").iter().map(numbers).collect();
    assert!(found.len() >= first.len(), "fewer P-positions than {first:?}: {v}");
    for (got, want) in found.iter().zip(first) {
        assert_eq!(got, want, "{v}");
    }
    v
}

#[test]
#[ignore = "release suite: see main.rs"]
fn p_positions_staircase_defaults() {
    listing(&["p-positions", "staircase"], &[&[0]]);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn p_positions_half_count_20() {
    // Half (take at most half, at least one): P iff n + 2 is a power of two.
    let v = listing(&["p-positions", "half", "--count", "20"], &[]);
    let found: Vec<u64> = v["p_positions"].as_array().unwrap().iter().map(|p| numbers(p)[0]).collect();
    let expected: Vec<u64> = (1..=20).map(|k| (1u64 << k) - 2).collect();
    assert_eq!(found, expected);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn p_positions_apple_count_2() {
    listing(&["p-positions", "apple", "--max", "3", "--count", "2"], &[&[0]]);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn p_positions_moore_three_heaps_count_2() {
    listing(&["p-positions", "moore", "--k", "3", "--heaps", "3", "--count", "2"], &[&[0, 0, 0]]);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn p_positions_nim_by_search_count_11() {
    listing(&["p-positions", "nim", "--count", "11", "--method", "search"], &[&[0]]);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn p_positions_large_nim_all_orders_count_5() {
    // Large Nim writes a position as its sorted non-empty heaps: the end of the game is [].
    listing(&["p-positions", "large-nim", "--count", "5", "--all-orders"], &[&[]]);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn p_positions_subtraction_2_4_count_100000() {
    // SUB({2,4}): P iff n mod 6 is 0 or 1.
    let v = listing(&["p-positions", "subtraction", "--set", "2,4", "--count", "100000"], &[]);
    let found: Vec<u64> = v["p_positions"].as_array().unwrap().iter().map(|p| numbers(p)[0]).collect();
    let expected: Vec<u64> = (0..).filter(|n| n % 6 < 2).take(100_000).collect();
    assert_eq!(found, expected);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn p_positions_nim_forty_heaps_count_5() {
    let v = listing(&["p-positions", "nim", "--heaps", "40", "--count", "5"], &[]);
    let found = v["p_positions"].as_array().unwrap();
    assert_eq!(found.len(), 5, "{v}");
    for p in found {
        let heaps = numbers(p);
        assert_eq!(heaps.len(), 40);
        assert_eq!(heaps.iter().fold(0, |x, h| x ^ h), 0, "not a P-position: {p}");
    }
}

#[test]
#[ignore = "release suite: see main.rs"]
fn p_positions_one_heap_with_finitely_many() {
    for (misere, only) in [(false, 0), (true, 1)] {
        let mut args = vec!["p-positions", "nim", "--heaps", "1", "--count", "3"];
        if misere {
            args.push("--misere");
        }
        let v = listing(&args, &[&[only]]);
        assert_eq!(v["p_positions"].as_array().unwrap().len(), 1, "{v}");
        assert_eq!(v["complete"], true, "{v}");
    }
}

fn one_to(n: u64) -> Vec<String> {
    (1..=n).map(|h| h.to_string()).collect()
}

#[test]
#[ignore = "release suite: see main.rs"]
fn nim_30000_heaps_bounded_output() {
    let heaps = one_to(30_000);
    let mut args = vec!["solve", "nim"];
    args.extend(heaps.iter().map(String::as_str));
    let run = checked(&args);
    assert_eq!(run.code(), Some(0), "{}", run.describe());
    // The nim-sum of 1..=30000 is 30000 (n = 0 mod 4); the winning moves are from the 13617
    // heaps with bit 2^14 set, and only the first few are printed.
    let text = run.stdout.text();
    assert!(text.contains("Grundy value: 30000"), "{text}");
    assert!(run.stdout.total < 64 * 1024, "{} bytes of output", run.stdout.total);
    let mut json = args.clone();
    json.push("--json");
    let v = answer(&json);
    assert_eq!(v["winning_move_count"], 13_617);
    assert_eq!(v["moves_complete"], false);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn nim_30000_heaps_all_moves() {
    let heaps = one_to(30_000);
    let mut args = vec!["solve", "nim", "--all"];
    args.extend(heaps.iter().map(String::as_str));
    let run = checked(&args);
    assert_eq!(run.code(), Some(0), "{}", run.describe());
    // Each listed move holds its whole position (30000 numbers), so --all lists as many of the
    // 13617 as the default budget's memory pays for, each shown as the change, and says how
    // many more there are and what raises the limit.
    let text = run.stdout.text();
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("  take ")).collect();
    assert!(lines.len() > 20 && lines.len() < 13_617, "{}", run.describe());
    assert!(lines.iter().all(|l| l.len() < 100), "{}", run.describe());
    let more = format!("... and {} more", 13_617 - lines.len());
    assert!(text.contains(&more) && text.contains("--budget"), "{text:.2000}");
}

/// True when `n` is a Fibonacci number: 5n^2 + 4 or 5n^2 - 4 is a square.
fn is_fibonacci(n: &BigUint) -> bool {
    let five_n2 = BigUint::from(5u8) * n * n;
    let square = |m: &BigUint| {
        let r = m.sqrt();
        &r * &r == *m
    };
    square(&(&five_n2 + 4u8)) || (five_n2 >= BigUint::from(4u8) && square(&(five_n2 - 4u8)))
}

#[test]
#[ignore = "release suite: see main.rs"]
fn fibonacci_heaps_of_10000_and_30000_digits() {
    for digits in [10_000, 30_000] {
        let heap = "7".repeat(digits);
        let v = answer(&["solve", "fibonacci", &heap, "--json"]);
        // With no limit yet (the first move may take all but one), the mover wins iff the heap is
        // not a Fibonacci number.
        let fibonacci = is_fibonacci(&heap.parse().unwrap());
        assert_eq!(v["outcome"], if fibonacci { "P" } else { "N" }, "{digits} digits");
    }
}

#[test]
#[ignore = "release suite: see main.rs"]
fn period_of_1_to_100000_stops_at_the_budget() {
    stop(&["period", "subtraction", "--set", "1..100000"], 1, &["--budget"]);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn period_of_1_to_1000000_stops_at_the_budget() {
    stop(&["period", "subtraction", "--set", "1..1000000"], 1, &["--budget"]);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn strategy_apple_300_500_700_stops_at_the_budget() {
    stop(&["strategy", "apple", "300", "500", "700", "--max", "2"], 1, &["--budget"]);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn pattern_search_100_200_300_stops_at_the_budget() {
    stop(
        &["solve", "pattern", "--piles", "3", "--move", "one:1..3", "--move", "all:1..", "100", "200", "300"],
        1,
        &["--budget"],
    );
}

#[test]
#[ignore = "release suite: see main.rs"]
fn readme_sum_lists_both_winning_moves() {
    let v = answer(&["solve", "--sum", "nim 3 4", "wythoff 3 5", "subtraction 10 --set 1,3,4", "--json"]);
    assert_eq!(v["grundy"], 6);
    assert_eq!(v["moves_complete"], true, "{v}");
    let moves: Vec<(u64, Vec<u64>)> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (number(&m["part"]), numbers(&m["to"])))
        .collect();
    // nim 3 4 (value 7) to value 1: 3 2; wythoff 3 5 (value 0) to value 6: 3 3 (G(3,3) = 6).
    assert_eq!(moves, [(1, vec![3, 2]), (2, vec![3, 3])], "{v}");
}

/// The Grundy value of Wythoff's game at (a, b), by the table of every smaller position.
fn wythoff_grundy(a: usize, b: usize) -> u64 {
    let mut g = vec![vec![0u64; b + 1]; a + 1];
    for i in 0..=a {
        for j in 0..=b {
            let mut seen = vec![false; i + j + 2];
            let mut mark = |v: u64| {
                if let Some(s) = seen.get_mut(v as usize) {
                    *s = true;
                }
            };
            (0..i).for_each(|x| mark(g[x][j]));
            (0..j).for_each(|y| mark(g[i][y]));
            (1..=i.min(j)).for_each(|d| mark(g[i - d][j - d]));
            g[i][j] = seen.iter().position(|s| !s).unwrap() as u64;
        }
    }
    g[a][b]
}

#[test]
#[ignore = "release suite: see main.rs"]
fn wythoff_250_250_by_search_with_a_raised_budget() {
    let v =
        answer(&["solve", "wythoff", "250", "250", "--method", "search", "--budget", "5000000000", "--json"]);
    assert_eq!(number(&v["grundy"]), wythoff_grundy(250, 250));
}

/// Misère staircase by brute force: true when the player to move wins.
fn staircase_misere_wins(steps: &mut Vec<u64>, memo: &mut std::collections::HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(steps.as_slice()) {
        return known;
    }
    let mut any_move = false;
    let mut wins = false;
    'search: for i in 0..steps.len() {
        for take in 1..=steps[i] {
            any_move = true;
            steps[i] -= take;
            if i > 0 {
                steps[i - 1] += take;
            }
            let opponent_wins = staircase_misere_wins(steps, memo);
            steps[i] += take;
            if i > 0 {
                steps[i - 1] -= take;
            }
            if !opponent_wins {
                wins = true;
                break 'search;
            }
        }
    }
    // Misère: with no move left, the previous player made the last move and lost.
    let result = !any_move || wins;
    memo.insert(steps.clone(), result);
    result
}

#[test]
#[ignore = "release suite: see main.rs"]
fn staircase_misere_by_search() {
    let start = vec![0, 0, 2, 2, 1, 1, 1, 2];
    let v = answer(&["solve", "staircase", "0", "0", "2", "2", "1", "1", "1", "2", "--misere", "--json"]);
    let mut memo = std::collections::HashMap::new();
    let wins = staircase_misere_wins(&mut start.clone(), &mut memo);
    assert_eq!(v["outcome"], if wins { "N" } else { "P" });
    for m in v["winning_moves"].as_array().unwrap() {
        assert!(!staircase_misere_wins(&mut numbers(&m["to"]), &mut memo), "not a winning move: {m}");
    }
}

#[test]
#[ignore = "release suite: see main.rs"]
fn strategy_line_limit_is_named_as_such() {
    let run = stop(&["strategy", "apple", "3", "5", "7", "--max", "2", "--lines", "1"], 1, &["--lines"]);
    assert!(!run.stderr.text().contains("budget"), "the line limit is not the budget: {}", run.describe());
}

#[test]
#[ignore = "release suite: see main.rs"]
fn apple_table_too_large_stops_at_the_budget() {
    // Tables have no fixed cap since issue 13: the dense solver's memory is refused up front.
    stop(&["table", "apple", "--max", "3", "--m", "1..1000000", "--n", "1..9"], 1, &["--budget"]);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn search_with_limit_1_prints_a_bounded_list() {
    let run = checked(&["search", "subtraction", "--size", "3", "--max", "40", "--limit", "1"]);
    assert_eq!(run.code(), Some(0), "{}", run.describe());
    assert!(run.stdout.total < 4096, "{}", run.describe());
    assert!(run.stdout.text().contains("more"), "{}", run.describe());
}

#[test]
#[ignore = "release suite: see main.rs"]
fn sweep_member_beyond_2_64_is_an_error() {
    stop(&["sweep", "subtraction", "--add", "a=1..3", "--set", "18446744073709551617a,2"], 2, &["2^64"]);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn bash_with_max_2_64_minus_1() {
    let v = answer(&["solve", "bash", "7", "--max", "18446744073709551615", "--json"]);
    assert_eq!(v["grundy"], 7);
    assert!(!v["reason"].as_str().unwrap().contains("mod 0"), "{v}");
    assert_eq!(numbers(&v["winning_moves"][0]["to"]), [0]);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn plot_to_a_missing_directory() {
    stop(
        &["plot", "nim", "--rows", "4", "--cols", "4", "-o", "/nonexistent/x.png"],
        1,
        &["/nonexistent/x.png"],
    );
}

/// Out-of-range numbers get a sentence, never a parser's words (checked by `Run::defect`).
#[test]
#[ignore = "release suite: see main.rs"]
fn out_of_range_numbers_are_usage_errors_in_words() {
    let cases: &[&[&str]] = &[
        &["solve", "nim", "3", "--players", "0"],
        &["solve", "nim", "3", "--players", "18446744073709551616"],
        &["solve", "nim", "3", "--budget", "0"],
        &["solve", "nim", "3", "--budget", "18446744073709551616"],
        &["solve", "nim", "3", "--timeout", "-1"],
        &["solve", "bash", "3", "--max", "0"],
        &["solve", "bash", "3", "--max", "18446744073709551616"],
        &["table", "nim", "--upto", "18446744073709551616"],
        &["explore", "large-nim", "--players", "3", "--heaps", "0", "--max", "3"],
        &["serve", "--port", "70000"],
        &["serve", "--workers", "0"],
        &["period", "subtraction", "--set", "1,3,4", "--limit", "0"],
        &["search", "subtraction", "--size", "0", "--max", "4"],
        &["p-positions", "nim", "--count", "18446744073709551616"],
    ];
    for args in cases {
        let run = stop(args, 2, &[]);
        assert!(!run.stderr.text().contains(" is not in "), "a range check's words: {}", run.describe());
    }
}

// Found by this suite (the adversarial run and the cases above), beyond the list.

#[test]
#[ignore = "release suite: see main.rs"]
fn fibonacci_with_a_long_zeckendorf_sum() {
    // 4180 = 2584 + 987 + 377 + 144 + 55 + 21 + 8 + 3 + 1: the first heap whose reason shows the
    // sum shortened ("... + ...").
    let v = answer(&["solve", "fibonacci", "4180", "--json"]);
    assert_eq!(v["outcome"], if is_fibonacci(&BigUint::from(4180u32)) { "P" } else { "N" });
}

#[test]
#[ignore = "release suite: see main.rs"]
fn p_positions_fibonacci_count_100() {
    // The lost openings are the empty heap and the Fibonacci numbers 1, 2, 3, 5, ...: the
    // 100th is beyond 2^64, so the numbers are read as big integers.
    let v = answer(&["p-positions", "fibonacci", "--count", "100", "--json"]);
    let found: Vec<BigUint> = v["p_positions"]
        .as_array()
        .expect("p_positions")
        .iter()
        .map(|p| match &p[0] {
            Value::Number(n) => BigUint::from(n.as_u64().expect("a whole number")),
            Value::String(s) => s.parse().expect("a decimal string"),
            other => panic!("not a number: {other}"),
        })
        .collect();
    assert_eq!(found.len(), 100, "{v}");
    assert!(found[0] == BigUint::from(0u8) && found[1..].iter().all(is_fibonacci), "{v}");
    assert!(found.windows(2).all(|w| w[0] < w[1]), "{v}");
}

#[test]
#[ignore = "release suite: see main.rs"]
fn p_positions_half_count_100000_is_bounded() {
    // The k-th P-position 2^k - 2 has k bits: listing 100000 of them writes 1.5 GB unless the
    // budget pays for their size. Answered (perhaps stopped early, with a note) within the deadline.
    let run = checked(&["p-positions", "half", "--count", "100000"]);
    assert_eq!(run.code(), Some(0), "{}", run.describe());
}

#[test]
#[ignore = "release suite: see main.rs"]
fn sweep_of_ten_million_sets_stops_at_its_limits() {
    let run = checked(&["sweep", "subtraction", "--add", "c=1..10000000", "--set", "1", "--budget", "1000"]);
    assert!(matches!(run.code(), Some(1 | 2)), "{}", run.describe());
}

#[test]
#[ignore = "release suite: see main.rs"]
fn serve_port_that_is_not_a_number() {
    // `Run::defect` refuses the parser's words ("invalid digit found in string").
    stop(&["serve", "--port", "x"], 2, &["--port"]);
    stop(&["serve", "--workers", ""], 2, &["--workers"]);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn large_nim_reports_write_the_multiset_sorted() {
    // A Large Nim position is a multiset: nimlab writes it sorted, without empty heaps.
    let v = answer(&["solve", "large-nim", "5", "0", "3", "--json"]);
    assert_eq!(numbers(&v["position"]), [3, 5], "{v}");
    for m in v["winning_moves"].as_array().unwrap() {
        let to = numbers(&m["to"]);
        assert!(to.windows(2).all(|w| w[0] <= w[1]) && !to.contains(&0), "{m}");
    }
}
