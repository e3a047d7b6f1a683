//! A bounded adversarial run of every subcommand: random and edge arguments (numbers around
//! 2^64, negative, empty, unicode, thousands of heaps, every game of `nimlab games --json` with
//! random parameters), seeded and reproducible. Each run is under 1 GiB of address space and the
//! suite's deadline; the test fails on any panic, signal, deadline miss, exit status other than
//! 0/1/2, or an error that is not one line in words ([`Defect`]).
//!
//! Run `i` of seed `s` draws its arguments from its own generator seeded by `(s, i)`, so a failing
//! run is reproduced alone with `NIMLAB_RELIABILITY_SEED=s NIMLAB_RELIABILITY_ONLY=i`. The number
//! of runs is `NIMLAB_RELIABILITY_RUNS` (default [`DEFAULT_RUNS`], a few minutes on two cores);
//! give more for a longer local run.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::harness::{run_with, Defect, Ending, Run, WALL_LIMIT};

/// Runs in the CI: a few minutes on two cores.
const DEFAULT_RUNS: usize = 3000;
/// The default seed (any value reproduces its own sequence).
const DEFAULT_SEED: u64 = 11;
/// How long a `serve` that started successfully is left running before it is stopped.
const SERVE_WALL: Duration = Duration::from_secs(2);

/// SplitMix64 (a small, fast, well-mixed generator; enough for drawing test arguments), and
/// whether this run is hostile: a hostile run puts malformed words anywhere, a well-formed run
/// only well-formed (but possibly huge or many) numbers, so that most runs get past parsing.
struct Rng {
    state: u64,
    hostile: bool,
}

impl Rng {
    fn new(seed: u64, index: u64) -> Rng {
        let mut rng = Rng { state: seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15), hostile: false };
        rng.hostile = rng.chance(35);
        rng
    }

    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `low..=high`.
    fn range(&mut self, low: u64, high: u64) -> u64 {
        low + self.next() % (high - low + 1)
    }

    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.next() as usize % items.len()]
    }

    /// `hostile` in a hostile run, otherwise `fine`.
    fn either(
        &mut self,
        hostile: impl FnOnce(&mut Rng) -> String,
        fine: impl FnOnce(&mut Rng) -> String,
    ) -> String {
        if self.hostile {
            hostile(self)
        } else {
            fine(self)
        }
    }

    /// An edge word in a hostile run, otherwise `fine`.
    fn edge(&mut self, fine: impl FnOnce(&mut Rng) -> String) -> String {
        self.either(|rng| rng.pick(EDGE_NUMBERS).to_string(), fine)
    }
}

/// Words that are not well-formed numbers, or numbers at the edges of 64 bits.
const EDGE_NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "4294967295",
    "4294967296",
    "9007199254740993",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "18446744073709551617",
    "340282366920938463463374607431768211457",
    "-1",
    "-0",
    "-18446744073709551617",
    "",
    " ",
    "x",
    "1e9",
    "0x10",
    "+5",
    "007",
    "1.5",
    "1_000",
    "３",
    "٣",
    "∞",
    "NaN",
    "1..",
    "..",
    "3..1",
    "\u{1b}[2J",
    "💥",
];

/// A count: mostly small, sometimes an edge word, sometimes huge.
fn count(rng: &mut Rng) -> String {
    match rng.range(0, 9) {
        0..=4 => rng.range(0, 12).to_string(),
        5 | 6 => rng.range(0, 2000).to_string(),
        7 => rng.edge(|rng| rng.range(0, 5).to_string()),
        8 => rng.next().to_string(),
        _ => "9".repeat(rng.range(20, 400) as usize),
    }
}

/// A heap: mostly small, sometimes large, huge (up to thousands of digits) or an edge word.
fn heap(rng: &mut Rng) -> String {
    match rng.range(0, 19) {
        0..=11 => rng.range(0, 40).to_string(),
        12 | 13 => rng.range(0, 1_000_000).to_string(),
        14 => rng.next().to_string(),
        15 => {
            let digits = rng.range(20, 3000) as usize;
            (0..digits).map(|i| char::from(b'0' + ((rng.next() % 9) as u8 + u8::from(i == 0)))).collect()
        }
        _ => rng.edge(|rng| rng.range(0, 5).to_string()),
    }
}

/// A position: usually a few heaps, sometimes none or thousands.
fn position(rng: &mut Rng) -> Vec<String> {
    let length = match rng.range(0, 19) {
        0 => 0,
        1..=15 => rng.range(1, 5),
        16 | 17 => rng.range(6, 70),
        _ => rng.range(100, 5000),
    };
    let same = rng.chance(15).then(|| heap(rng));
    (0..length).map(|_| same.clone().unwrap_or_else(|| heap(rng))).collect()
}

/// A range `A..B` in the grammar, or a malformed one.
fn range_text(rng: &mut Rng) -> String {
    match rng.range(0, 9) {
        0..=5 => {
            let low = rng.range(0, 30);
            format!("{low}..{}", low + rng.range(0, 30))
        }
        6 => format!("{}..={}", rng.range(0, 5), rng.range(0, 50)),
        7 => format!("1..{}", rng.edge(|rng| rng.next().to_string())),
        8 => format!("{}..{}", count(rng), count(rng)),
        _ => rng.edge(|rng| rng.range(0, 9).to_string()),
    }
}

/// A set in the grammar (`1,3,4`, `3..6,20`), or a malformed or huge one.
fn set_text(rng: &mut Rng) -> String {
    match rng.range(0, 11) {
        0..=6 => {
            let items = rng.range(1, 5);
            let members: Vec<String> = (0..items)
                .map(|_| {
                    if rng.chance(25) {
                        let low = rng.range(1, 20);
                        format!("{low}..{}", low + rng.range(0, 10))
                    } else {
                        rng.range(1, 25).to_string()
                    }
                })
                .collect();
            members.join(",")
        }
        7 => format!("1..{}", rng.pick(&["1000", "100000", "1000000", "1000001", "18446744073709551615"])),
        8 => format!("{},{}", rng.edge(|rng| rng.range(1, 99).to_string()), rng.range(1, 9)),
        9 => format!("{}", rng.next()),
        10 => {
            rng.either(|rng| rng.pick(&["1,,2", ",", "0", "1,0", "5..3", "2 3", "a"]).to_string(), set_text)
        }
        _ => range_text(rng),
    }
}

/// A take-pattern move `PATTERN:AMOUNTS`, or a malformed one.
fn pattern_move(rng: &mut Rng) -> String {
    let pattern = match rng.range(0, 7) {
        0 | 1 => "one".to_string(),
        2 => "all".to_string(),
        3 => format!("any{}", rng.range(0, 6)),
        4 => {
            let piles: Vec<String> = (0..rng.range(1, 3)).map(|_| rng.range(0, 5).to_string()).collect();
            piles.join(",")
        }
        5 => rng.edge(|_| "one".to_string()),
        _ => rng.either(
            |rng| rng.pick(&["none", "any", "ALL", "one one", "1..2", ""]).to_string(),
            |_| "all".into(),
        ),
    };
    let low = if rng.hostile { rng.range(0, 4) } else { rng.range(1, 4) };
    let amounts = match rng.range(0, 6) {
        0 => low.to_string(),
        1 => format!("{low}.."),
        2 => format!("{low}..{}", low + rng.range(0, 4)),
        3 => format!("{low}..={}", low + rng.range(0, 4)),
        4 => rng.edge(|rng| format!("{low}..{}", rng.next())),
        _ => format!("{}..{}", count(rng), count(rng)),
    };
    if rng.hostile && rng.chance(10) {
        pattern
    } else {
        format!("{pattern}:{amounts}")
    }
}

/// A number in `1..=high`, log-uniform (each decade about as likely as the next).
fn log_uniform(rng: &mut Rng, high: u64) -> u64 {
    let decades = f64::from(high.ilog10()) + 1.0;
    let exponent = (rng.next() % 1_000_000) as f64 / 1_000_000.0 * decades;
    (10f64.powf(exponent) as u64).clamp(1, high)
}

/// A declared game parameter, from `nimlab games --json`.
#[derive(Debug, Clone)]
struct Param {
    name: String,
    kind: String,
    required: bool,
    min: Option<u64>,
    max: Option<u64>,
}

/// A game and its parameters.
#[derive(Debug, Clone)]
struct Game {
    name: String,
    params: Vec<Param>,
}

/// The games nimlab lists, with their declared parameters.
fn games() -> Vec<Game> {
    let run = crate::harness::run(&["games", "--json"]);
    assert_eq!(run.code(), Some(0), "{}", run.describe());
    let v: Value = serde_json::from_slice(&run.stdout.head).expect("games --json is JSON");
    v["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| Game {
            name: g["name"].as_str().expect("name").to_string(),
            params: g["params"]
                .as_array()
                .expect("params")
                .iter()
                .map(|p| Param {
                    name: p["name"].as_str().expect("name").to_string(),
                    kind: p["kind"].as_str().expect("kind").to_string(),
                    required: p["required"].as_bool().unwrap_or(false),
                    min: p["min"].as_u64(),
                    max: p["max"].as_u64(),
                })
                .collect(),
        })
        .collect()
}

/// A value for a parameter: mostly in its declared range, sometimes at or past its ends.
fn param_value(rng: &mut Rng, param: &Param) -> Vec<String> {
    let flag = format!("--{}", param.name);
    match param.kind.as_str() {
        "flag" => vec![flag],
        "set" => vec![flag, set_text(rng)],
        "text" => {
            let mut words = Vec::new();
            for _ in 0..rng.range(1, 3) {
                words.push(flag.clone());
                words.push(pattern_move(rng));
            }
            words
        }
        _ => {
            let min = param.min.unwrap_or(0);
            let value = match rng.range(0, 9) {
                0..=5 => rng.range(min, min.saturating_add(6).min(param.max.unwrap_or(u64::MAX))).to_string(),
                6 => rng
                    .either(|_| min.saturating_sub(1).to_string(), |rng| rng.range(min, min + 1).to_string()),
                7 => param.max.map_or_else(|| count(rng), |m| m.to_string()),
                8 if rng.hostile => param.max.map_or_else(|| count(rng), |m| (u128::from(m) + 1).to_string()),
                _ => count(rng),
            };
            vec![flag, value]
        }
    }
}

/// A game name and parameters: usually a known game with its required parameters, sometimes a
/// parameter missing, one of another game, or an unknown game.
fn game_words(rng: &mut Rng, games: &[Game]) -> Vec<String> {
    let game = rng.pick(games).clone();
    let mut words = vec![match rng.range(0, 19) {
        0 if rng.hostile => rng.pick(&["chess", "", "NIM", "nim ", "größe", "--json"]).to_string(),
        _ => game.name.clone(),
    }];
    for param in &game.params {
        let give = if param.required { !rng.hostile || rng.chance(90) } else { rng.chance(40) };
        if give {
            words.extend(param_value(rng, param));
        }
    }
    if rng.hostile && rng.chance(10) {
        let other = rng.pick(games);
        if let Some(param) = other.params.first() {
            words.extend(param_value(rng, param));
        }
    }
    words
}

fn play_options(rng: &mut Rng, words: &mut Vec<String>) {
    if rng.chance(25) {
        words.push("--misere".into());
    }
    if rng.chance(20) {
        words.push("--method".into());
        let methods: &[&str] = if rng.hostile {
            &["auto", "theory", "search", "magic", ""]
        } else {
            &["auto", "theory", "search"]
        };
        words.push(rng.pick(methods).to_string());
    }
}

/// A sum part `"GAME POSITION... --PARAM VALUE"`.
fn sum_part(rng: &mut Rng, games: &[Game]) -> String {
    let mut words = game_words(rng, games);
    let params = words.split_off(1);
    words.extend((0..rng.range(0, 3)).map(|_| heap(rng)));
    words.extend(params);
    words.join(" ")
}

/// The arguments of one run and its standard input.
fn draw(rng: &mut Rng, games: &[Game], scratch: &std::path::Path, index: usize) -> (Vec<String>, Vec<u8>) {
    let mut words: Vec<String> = Vec::new();
    let mut input = Vec::new();
    let command = *rng.pick(&[
        "solve",
        "solve",
        "solve",
        "solve",
        "table",
        "table",
        "p-positions",
        "p-positions",
        "verify",
        "verify",
        "strategy",
        "games",
        "play",
        "play",
        "plot",
        "serve",
        "explore",
        "period",
        "sweep",
        "sweep",
        "search",
        "completions",
        "man",
        "junk",
    ]);
    match command {
        "solve" => {
            words.push("solve".into());
            if rng.chance(12) {
                words.push("--sum".into());
                for _ in 0..rng.range(0, 5) {
                    words.push(sum_part(rng, games));
                }
            } else {
                words.extend(game_words(rng, games));
                words.extend(position(rng));
            }
            play_options(rng, &mut words);
            if rng.chance(15) {
                words.push("--players".into());
                words.push(if rng.chance(80) { rng.range(2, 6).to_string() } else { count(rng) });
            }
            if rng.chance(15) {
                words.push("--all".into());
            }
        }
        "table" => {
            words.push("table".into());
            words.extend(game_words(rng, games));
            match rng.range(0, 3) {
                0 => words.extend(["--upto".to_string(), count(rng)]),
                1 => words.extend(["--rows".to_string(), count(rng), "--cols".to_string(), count(rng)]),
                2 => words.extend(["--m".to_string(), range_text(rng), "--n".to_string(), range_text(rng)]),
                _ => {}
            }
            for flag in ["--grundy", "--outcomes", "--csv"] {
                if rng.chance(20) {
                    words.push(flag.into());
                }
            }
            play_options(rng, &mut words);
        }
        "p-positions" => {
            words.push("p-positions".into());
            words.extend(game_words(rng, games));
            if rng.chance(70) {
                words.extend(["--count".to_string(), count(rng)]);
            }
            if rng.chance(50) {
                words.extend([
                    "--heaps".to_string(),
                    if rng.chance(80) { rng.range(0, 6).to_string() } else { count(rng) },
                ]);
            }
            if rng.chance(20) {
                words.push("--all-orders".into());
            }
            play_options(rng, &mut words);
        }
        "verify" => {
            words.push("verify".into());
            if rng.chance(85) {
                words.extend(game_words(rng, games));
            }
            if rng.chance(70) {
                words.extend([
                    "--upto".to_string(),
                    if rng.chance(60) { rng.range(0, 30).to_string() } else { count(rng) },
                ]);
            }
            if rng.chance(25) {
                words.push("--misere".into());
            }
            if rng.chance(20) {
                words.extend(["--players".to_string(), rng.range(0, 6).to_string()]);
            }
        }
        "strategy" => {
            words.push("strategy".into());
            if rng.chance(70) {
                words.extend(["apple".to_string(), "--max".to_string(), rng.range(0, 4).to_string()]);
            } else {
                words.extend(game_words(rng, games));
            }
            words.extend(position(rng));
            if rng.chance(30) {
                words.extend(["--lines".to_string(), count(rng)]);
            }
        }
        "games" => words.push("games".into()),
        "play" => {
            words.push("play".into());
            words.extend(game_words(rng, games));
            let start = position(rng);
            words.extend(start.iter().cloned());
            play_options(rng, &mut words);
            if rng.chance(40) {
                words.extend(["--first".to_string(), rng.pick(&["me", "nimlab", "you", ""]).to_string()]);
            }
            for _ in 0..rng.range(0, 8) {
                let line = match rng.range(0, 9) {
                    0..=4 => {
                        // A plausible move: one number lowered.
                        let mut next = start.clone();
                        if !next.is_empty() {
                            let i = rng.next() as usize % next.len();
                            next[i] =
                                next[i].parse::<u64>().map_or_else(|_| "0".into(), |h| (h / 2).to_string());
                        }
                        next.join(" ")
                    }
                    5 => "hint".into(),
                    6 => "undo".into(),
                    7 => "help".into(),
                    8 => rng.edge(|_| "hint".into()),
                    _ => "quit".into(),
                };
                input.extend_from_slice(line.as_bytes());
                input.push(b'\n');
            }
        }
        "plot" => {
            words.push("plot".into());
            words.extend(game_words(rng, games));
            match rng.range(0, 2) {
                0 => words.extend(["--upto".to_string(), count(rng)]),
                1 => words.extend(["--rows".to_string(), count(rng), "--cols".to_string(), count(rng)]),
                _ => {}
            }
            if rng.chance(25) {
                words.extend([
                    "--cell".to_string(),
                    rng.pick(&["r c", "r c 3", "1 r c", "c", "r r", "x", ""]).to_string(),
                ]);
            }
            for flag in ["--outcomes", "--misere"] {
                if rng.chance(20) {
                    words.push(flag.into());
                }
            }
            if rng.chance(95) {
                let extension = rng.pick(&["svg", "png", "png", "txt", ""]);
                let file = match rng.range(0, 9) {
                    0 => "/nonexistent/plot.png".to_string(),
                    1 => scratch.display().to_string(),
                    _ => scratch.join(format!("plot-{index}.{extension}")).display().to_string(),
                };
                words.extend(["-o".to_string(), file]);
            }
        }
        "serve" => {
            words.push("serve".into());
            if rng.chance(60) {
                words.extend([
                    "--port".to_string(),
                    rng.pick(&["0", "0", "1", "70000", "-1", "x", ""]).to_string(),
                ]);
            }
            if rng.chance(50) {
                words.extend([
                    "--workers".to_string(),
                    rng.pick(&["0", "1", "2", "64", "65", "x"]).to_string(),
                ]);
            }
        }
        "explore" => {
            words.push("explore".into());
            words.push(if rng.chance(85) { "large-nim".into() } else { rng.pick(games).name.clone() });
            for (flag, small) in [("--players", 6), ("--heaps", 5), ("--max", 12)] {
                if rng.chance(85) {
                    words.extend([
                        flag.to_string(),
                        if rng.chance(80) { rng.range(0, small).to_string() } else { count(rng) },
                    ]);
                }
            }
        }
        "period" => {
            words.push("period".into());
            if rng.chance(85) {
                words.extend(["subtraction".to_string(), "--set".to_string(), set_text(rng)]);
            } else {
                words.extend(game_words(rng, games));
            }
            if rng.chance(30) {
                words.extend(["--limit".to_string(), count(rng)]);
            }
        }
        "sweep" => {
            words.push("sweep".into());
            words.push(if rng.chance(90) { "subtraction".into() } else { rng.pick(games).name.clone() });
            if rng.chance(85) {
                let items: Vec<String> = (0..rng.range(0, 3))
                    .map(|_| match rng.range(0, 4) {
                        0 => rng.range(1, 20).to_string(),
                        1 => format!("{}a", rng.range(1, 4)),
                        2 => format!("a+{}", rng.range(0, 5)),
                        3 => format!("{}..{}", rng.range(1, 5), rng.range(5, 12)),
                        _ => {
                            format!("{}{}", rng.edge(|rng| rng.next().to_string()), rng.pick(&["a", "c", ""]))
                        }
                    })
                    .collect();
                words.extend(["--set".to_string(), items.join(",")]);
            }
            for name in ["a", "c", "b"].iter().take(rng.range(0, 3) as usize) {
                let low = rng.range(0, 10);
                let text = match rng.range(0, 4) {
                    0..=2 => format!("{name}={low}..{}", low + rng.range(0, 12)),
                    3 => format!("{name}={}..{}:{}", rng.range(1, 3), count(rng), count(rng)),
                    _ => format!("{name}=1..2a+{}", rng.range(0, 3)),
                };
                words.extend(["--add".to_string(), text]);
            }
            if rng.chance(30) {
                words.extend(["--limit".to_string(), count(rng)]);
            }
            if rng.chance(15) {
                words.extend([
                    "--db".to_string(),
                    scratch.join(format!("sweep-{index}.sqlite")).display().to_string(),
                ]);
                if rng.chance(40) {
                    words.push("--report".into());
                }
            }
        }
        "search" => {
            words.push("search".into());
            words.push(if rng.chance(90) { "subtraction".into() } else { rng.pick(games).name.clone() });
            for (flag, low, high, percent) in [
                ("--size", 0, 5, 90),
                ("--max", 0, 40, 90),
                ("--period", 0, 12, 50),
                ("--limit", 0, 5000, 40),
                ("--max-sets", 0, 100_000, 20),
            ] {
                if rng.chance(percent) {
                    words.extend([
                        flag.to_string(),
                        if rng.chance(80) { rng.range(low, high).to_string() } else { count(rng) },
                    ]);
                }
            }
        }
        "completions" => {
            words.push("completions".into());
            words.push(rng.pick(&["bash", "zsh", "fish", "elvish", "powershell", "cmd", ""]).to_string());
        }
        "man" => words.push("man".into()),
        _ => words.extend(
            [rng.pick(&["", "--help", "--version", "solve --help", "frobnicate", "help solve", "-x"])
                .to_string()]
            .into_iter()
            .flat_map(|w| w.split(' ').map(str::to_string).collect::<Vec<_>>()),
        ),
    }
    // The run's own limits: mostly a small budget (log-uniform up to 2*10^6 units), so that
    // thousands of runs fit in minutes; sometimes only a time limit, sometimes the defaults. A
    // budget above the default always comes with a time limit, so that the command's own limits
    // promise an end within the suite's deadline.
    match rng.range(0, 99) {
        0..=61 => words.extend(["--budget".to_string(), log_uniform(rng, 2_000_000).to_string()]),
        62..=73 => words.extend(["--timeout".to_string(), rng.pick(&["0.5", "1", "2"]).to_string()]),
        74..=81 => {
            words.extend([
                "--budget".to_string(),
                rng.pick(&["18446744073709551615", "1000000000000"]).to_string(),
            ]);
            words.extend(["--timeout".to_string(), rng.pick(&["0.5", "1", "3"]).to_string()]);
        }
        82..=91 if rng.hostile => words.extend([
            rng.pick(&["--budget", "--timeout"]).to_string(),
            rng.pick(&["0", "-1", "", "1e400", "NaN", "inf", "18446744073709551616", "0.000000001", "٣"])
                .to_string(),
        ]),
        92..=96 => words.extend([
            "--budget".to_string(),
            log_uniform(rng, 100_000_000).to_string(),
            "--timeout".to_string(),
            rng.pick(&["0.001", "0.1", "1"]).to_string(),
        ]),
        _ => {}
    }
    if rng.chance(30) {
        words.push("--json".into());
    }
    (words, input)
}

/// What the whole run saw.
#[derive(Default)]
struct Tally {
    runs: usize,
    by_status: BTreeMap<String, usize>,
    defects: BTreeMap<Defect, Vec<String>>,
    peak_rss_kib: u64,
    peak_run: String,
    max_cpu: Duration,
    max_cpu_run: String,
    max_wall: Duration,
    total_cpu: Duration,
}

impl Tally {
    fn add(&mut self, index: usize, run: &Run, defect: Option<Defect>) {
        self.runs += 1;
        let status = match run.ending {
            Ending::Exited(code) => format!("exit {code}"),
            Ending::Signalled(signal) => format!("signal {signal}"),
            Ending::TimedOut => "killed at the wall-clock limit".into(),
        };
        *self.by_status.entry(status).or_default() += 1;
        if let Some(defect) = defect {
            self.defects.entry(defect).or_default().push(format!("run {index}: {}", run.describe()));
        }
        if run.peak_rss_kib > self.peak_rss_kib {
            self.peak_rss_kib = run.peak_rss_kib;
            self.peak_run = format!("run {index}: {}", run.describe());
        }
        if run.cpu > self.max_cpu {
            self.max_cpu = run.cpu;
            self.max_cpu_run = format!("run {index}: {}", run.describe());
        }
        self.max_wall = self.max_wall.max(run.elapsed);
        self.total_cpu += run.cpu;
    }
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().map(|v| v.parse().unwrap_or_else(|_| panic!("{name}={v} is not a number")))
}

/// The run's defect: [`Run::defect`], and with `--json` an answer that is not JSON (JSON lines
/// for `play`) or an error that is not the error object. A `serve` that started and was still
/// serving when stopped (after [`SERVE_WALL`]) is a success, not a deadline miss.
fn judge(words: &[String], run: &Run) -> Option<Defect> {
    let command = words.first().map_or("", String::as_str);
    if command == "serve" && run.ending == Ending::TimedOut {
        let started = run.stdout.text().contains("127.0.0.1:") && !run.stderr.text().contains("panicked");
        return if started { None } else { Some(Defect::DeadlineMiss) };
    }
    if let Some(defect) = run.defect() {
        return Some(defect);
    }
    let json = words.iter().any(|w| w == "--json");
    let help = words.iter().any(|w| w == "--help" || w == "--version" || w == "help");
    if !json
        || help
        || ["completions", "man"].contains(&command)
        || run.stdout.total > run.stdout.head.len() as u64
    {
        return None;
    }
    let is_json = |text: &str| serde_json::from_str::<Value>(text).is_ok();
    let fine = match run.code() {
        Some(0) if command == "play" => run.stdout.text().lines().all(is_json),
        Some(0) => is_json(&run.stdout.text()),
        Some(code) => serde_json::from_str::<Value>(&run.stderr.text()).is_ok_and(|v| {
            v["error"].is_string()
                && v["kind"].is_string()
                && v["exit_status"].as_i64() == Some(i64::from(code))
        }),
        None => true,
    };
    (!fine).then_some(Defect::BadJson)
}

#[test]
#[ignore = "release suite: see main.rs"]
fn every_subcommand_with_random_and_edge_arguments() {
    let seed = env_number("NIMLAB_RELIABILITY_SEED").unwrap_or(DEFAULT_SEED);
    let runs = env_number("NIMLAB_RELIABILITY_RUNS").map_or(DEFAULT_RUNS, |n| n as usize);
    let only = env_number("NIMLAB_RELIABILITY_ONLY").map(|i| i as usize);
    let workers = env_number("NIMLAB_RELIABILITY_WORKERS").map_or(2, |n| n.max(1) as usize);
    let games = games();
    let scratch = tempfile::tempdir().expect("a scratch directory");
    let indices: Vec<usize> = only.map_or_else(|| (0..runs).collect(), |i| vec![i]);
    let next = AtomicUsize::new(0);
    let tally = Mutex::new(Tally::default());
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let Some(&index) = indices.get(next.fetch_add(1, Ordering::Relaxed)) else { return };
                let mut rng = Rng::new(seed, index as u64);
                let (words, input) = draw(&mut rng, &games, scratch.path(), index);
                let wall = if words.first().is_some_and(|w| w == "serve") { SERVE_WALL } else { WALL_LIMIT };
                let run = run_with(&words, &input, wall);
                let defect = judge(&words, &run);
                if only.is_some() {
                    eprintln!("{}", run.describe());
                }
                tally.lock().unwrap().add(index, &run, defect);
            });
        }
    });
    let tally = tally.into_inner().unwrap();
    let elapsed = started.elapsed();
    eprintln!(
        "adversarial run: seed {seed}, {} runs in {:.1} s on {workers} workers; statuses {:?}",
        tally.runs,
        elapsed.as_secs_f64(),
        tally.by_status
    );
    eprintln!("peak RSS {} MiB ({})", tally.peak_rss_kib / 1024, tally.peak_run);
    eprintln!(
        "CPU {:.1} s in all; max CPU {:.2} s ({}); max wall {:.2} s",
        tally.total_cpu.as_secs_f64(),
        tally.max_cpu.as_secs_f64(),
        tally.max_cpu_run,
        tally.max_wall.as_secs_f64()
    );
    let mut report = String::new();
    for (defect, runs) in &tally.defects {
        eprintln!("{defect:?}: {} runs", runs.len());
        report.push_str(&format!("\n{defect:?}: {} runs, e.g.\n", runs.len()));
        for run in runs.iter().take(8) {
            report.push_str(&format!("  {run}\n"));
        }
    }
    assert!(tally.defects.is_empty(), "defects (seed {seed}):{report}");
}
