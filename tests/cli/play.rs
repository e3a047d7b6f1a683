//! `nimlab play`, driven through standard input.

use crate::nimlab;

/// Runs `nimlab play ARGS` with `input` on stdin; expects exit 0 and returns stdout.
fn play(args: &[&str], input: &str) -> String {
    let output = nimlab().arg("play").args(args).write_stdin(input).output().expect("nimlab runs");
    assert!(output.status.success(), "play {args:?} failed: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

#[test]
fn nimlab_moving_first_from_an_n_position_wins() {
    // bash --max 3 from 5: nimlab takes 1 (to 4); whatever the person takes, nimlab takes the rest.
    let out = play(&["bash", "5", "--max", "3", "--first", "nimlab"], "3\n");
    assert!(out.contains("nimlab: take 1 from the heap -> 4"), "{out}");
    assert!(out.contains("nimlab: take 3 from the heap -> 0"), "{out}");
    assert!(out.contains("nimlab makes the last move"), "{out}");
    assert!(out.trim_end().ends_with("nimlab made the last move, so nimlab wins (normal play)."), "{out}");
}

#[test]
fn the_person_wins_with_winning_moves_while_nimlab_stalls() {
    // From 5 the person takes 1 (to 4, a P-position); nimlab, losing, takes 1 to last longest.
    let out = play(&["bash", "5", "--max", "3"], "4\n0\n");
    assert!(out.contains("you: take 1 from the heap -> 4"), "{out}");
    assert!(
        out.contains("nimlab: take 1 from the heap -> 3  (nimlab is losing against best play, so it stalls"),
        "{out}"
    );
    assert!(out.contains("you made the last move, so you win (normal play)"), "{out}");
}

#[test]
fn a_full_game_of_nim_the_person_wins() {
    // 3 4 5 -> 1 4 5 (nim-sum 0); nimlab stalls with 0 4 5; then mirror to equal heaps.
    let mut input = String::from("1 4 5\n0 4 4\n");
    let mut transcript = play(&["nim", "3", "4", "5"], &input);
    assert!(transcript.contains("nimlab: take 1 from the heap of 1 -> 0 4 5"), "{transcript}");
    // Keep mirroring: after nimlab leaves 0 a b, answer 0 m m with m = min(a, b).
    for _ in 0..8 {
        if transcript.contains("you win") {
            break;
        }
        let last = transcript.lines().rev().find(|l| l.starts_with("nimlab: ")).expect("nimlab moved");
        let to: Vec<u64> = last
            .split("-> ")
            .nth(1)
            .unwrap()
            .split("  (")
            .next()
            .unwrap()
            .split(' ')
            .map(|n| n.parse().unwrap())
            .collect();
        let m = to[1].min(to[2]);
        input.push_str(&format!("0 {m} {m}\n"));
        transcript = play(&["nim", "3", "4", "5"], &input);
    }
    assert!(transcript.contains("you made the last move, so you win"), "{transcript}");
}

#[test]
fn hint_shows_the_winning_move_and_why() {
    let out = play(&["nim", "3", "4", "5"], "hint\n");
    assert!(out.contains("hint: you are winning"), "{out}");
    assert!(out.contains("nim-sum 3^4^5 = 2, so take 2 from the heap of 3"), "{out}");
    assert!(out.contains("winning move: take 2 from the heap of 3 -> type `1 4 5`"), "{out}");
}

#[test]
fn illegal_and_malformed_moves_get_a_message_and_the_prompt_again() {
    let out = play(&["nim", "3", "4", "5"], "3 4 6\nthree\n-1 4 5\n\n1 4 5\n");
    assert!(out.contains("`3 4 6` is not a legal move from here; you can move to `0 4 5`"), "{out}");
    assert!(out.contains("'three' is not a whole number"), "{out}");
    assert!(out.contains("'-1' is negative"), "{out}");
    assert!(out.contains("you: take 2 from the heap of 3 -> 1 4 5"), "{out}");
    assert_eq!(out.matches("your move> ").count(), 6, "{out}");
}

/// A move is typed as the whole position it leads to: a prefix that only one move matches (`1 4`
/// for `1 4 5`) is not a move.
#[test]
fn a_move_is_the_whole_position() {
    let out = play(&["nim", "3", "4", "5"], "1 4\n1\n1 4 5\n");
    assert!(out.contains("`1 4` is not a legal move from here; you can move to `0 4 5`, `1 4 5`"), "{out}");
    assert!(out.contains("`1` is not a legal move from here"), "{out}");
    assert_eq!(out.matches("you: ").count(), 1, "{out}");
    assert!(out.contains("you: take 2 from the heap of 3 -> 1 4 5"), "{out}");
}

#[test]
fn undo_takes_back_the_move_and_the_reply() {
    let out = play(&["nim", "3", "4", "5"], "undo\n0 4 5\nundo\n");
    assert!(out.contains("nothing to undo"), "{out}");
    assert!(out.contains("nimlab: take 1 from the heap of 5 -> 0 4 4"), "{out}");
    assert!(out.contains("undone: back to 3 4 5"), "{out}");
}

#[test]
fn quit_and_end_of_input_end_the_game_cleanly() {
    assert!(play(&["nim", "3", "4", "5"], "quit\n").contains("bye."));
    assert!(play(&["nim", "3", "4", "5"], "").contains("end of input: the game is left unfinished."));
}

#[test]
fn misere_play_makes_the_last_mover_lose() {
    // Misère bash --max 3 from 2: take 1 (to 1) leaves nimlab the last stone, which loses.
    let out = play(&["bash", "2", "--max", "3", "--misere"], "1\n");
    assert!(out.contains("nimlab: take 1 from the heap -> 0"), "{out}");
    assert!(out.contains("nimlab made the last move, so you win (misere play)"), "{out}");
}

#[test]
fn positions_too_large_to_play_are_a_usage_error() {
    nimlab()
        .args(["play", "nim", "100000000000000000000", "3"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("too large to play"));
}

/// The events of `nimlab play ARGS --json` with `input` on stdin, one JSON object per line.
fn play_events(args: &[&str], input: &str) -> Vec<serde_json::Value> {
    let mut with_json = args.to_vec();
    with_json.push("--json");
    play(&with_json, input)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}")))
        .collect()
}

#[test]
fn json_lines_report_every_event_of_a_won_game() {
    let events = play_events(&["bash", "5", "--max", "3"], "4\nhint\nx\n0\n");
    let kinds: Vec<&str> = events.iter().map(|e| e["event"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        [
            "start",
            "your_turn",
            "move",
            "move",
            "your_turn",
            "hint",
            "your_turn",
            "error",
            "your_turn",
            "move",
            "game_over"
        ]
    );
    assert_eq!(events[0]["game"], "bash --max 3");
    assert_eq!(events[0]["params"], serde_json::json!({ "max": 3 }));
    assert_eq!(events[0]["position"], serde_json::json!([5]));
    assert_eq!((events[0]["play"].as_str(), events[0]["first"].as_str()), (Some("normal"), Some("me")));
    assert_eq!(events[1]["position"], serde_json::json!([5]));
    assert_eq!(events[2]["player"], "you");
    assert_eq!(events[2]["to"], serde_json::json!([4]));
    assert_eq!(events[3]["player"], "nimlab");
    assert_eq!(events[3]["to"], serde_json::json!([3]));
    assert_eq!(events[3]["basis"], "remoteness");
    // nimlab is left a P-position: it loses against best play, and says so.
    assert_eq!((events[3]["outcome"].as_str(), events[3]["remoteness"].as_u64()), (Some("P"), Some(2)));
    assert!(events[3]["explanation"].as_str().unwrap().contains("nimlab is losing"), "{}", events[3]);
    // The hint carries exactly what `nimlab solve bash 3 --max 3 --json` prints.
    assert_eq!(events[5]["analysis"], crate::json(&["solve", "bash", "3", "--max", "3", "--json"]));
    assert_eq!(events[5]["error"], serde_json::Value::Null);
    assert!(events[7]["message"].as_str().unwrap().contains("'x' is not a whole number"), "{}", events[7]);
    assert_eq!(events[10]["winner"], "you");
    assert_eq!(events[10]["last_mover"], "you");
    assert_eq!(events[10]["position"], serde_json::json!([0]));
    assert_eq!(events[10]["play"], "normal");
}

#[test]
fn json_lines_end_cleanly_on_quit_and_on_end_of_input() {
    let events = play_events(&["wythoff", "4", "7", "--first", "nimlab"], "undo\nquit\n");
    assert_eq!(events[1]["player"], "nimlab");
    assert_eq!(events[3]["event"], "error");
    assert_eq!(events.last().unwrap()["event"], "quit");
    let events = play_events(&["nim", "3", "4", "5"], "");
    assert_eq!(events.last().unwrap()["event"], "end_of_input");
    assert_eq!(events.last().unwrap()["position"], serde_json::json!([3, 4, 5]));
}

/// A game whose positions repeat: nimlab keeps the draw, and the game ends as a draw when a
/// position recurs three times with the same player to move; in an N-position of Fair Shares
/// nimlab plays the loopy engine's fastest win.
#[test]
fn loopy_games_keep_the_draw_and_end_by_repetition() {
    let game = ["loopy-pattern", "--piles", "1", "--move", "one:1", "--move", "one:+1", "--cap", "2", "1"];
    let out = play(&game, "2\n2\n");
    assert_eq!(
        out.matches("nimlab: take 1 from pile 1 -> 1  (neither player can force a win").count(),
        2,
        "{out}"
    );
    assert!(
        out.trim_end().ends_with("1 has occurred 3 times with the same player to move: the game is a draw."),
        "{out}"
    );
    let json = play(&[&game[..], &["--json"]].concat(), "2\n2\n");
    let events: Vec<serde_json::Value> = json.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let nimlab = events.iter().find(|e| e["player"] == "nimlab").unwrap();
    assert_eq!(
        (&nimlab["basis"], &nimlab["outcome"]),
        (&serde_json::json!("loopy"), &serde_json::json!("D"))
    );
    assert_eq!(
        events.last().unwrap(),
        &serde_json::json!({"event": "draw", "position": [1], "repetitions": 3})
    );
    let hint = play(&game, "hint\n");
    assert!(hint.contains("hint: neither player can force a win (a draw)"), "{hint}");
    // Fair Shares 4 2 1 has value 1: nimlab, moving first, wins in 3 moves, the person's move between.
    let out = play(&["fair-shares", "4", "2", "1", "--first", "nimlab"], "1 1 1 1 1 2\n");
    assert!(out.contains("(nimlab is winning: its fastest win, 2 more moves after this one"), "{out}");
    assert!(out.trim_end().ends_with("so nimlab wins (normal play)."), "{out}");
}
