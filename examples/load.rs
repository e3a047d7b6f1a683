//! Load checks of `nimlab serve`, in two modes.
//!
//! * **The mix** (`load BASE [REQUESTS] [CLIENTS]`): REQUESTS requests from CLIENTS concurrent
//!   clients (each a keep-alive connection), over a mix of the API's endpoints: GET queries and
//!   the page's own JSON POSTs, answers by theory and small searches, a sum, a listing, nimlab's
//!   move, a table, and a bad request that must get the JSON error object. Prints the
//!   throughput, latency percentiles and the number of errors; exits 1 if any request failed.
//! * **A class** (`load --class BASE [CLIENTS] [SECONDS] [P99_MS]`): CLIENTS pupils play against
//!   nimlab at once for SECONDS, as the page does: for each position the moves with their values
//!   (Show values), the pupil's move (nimlab's move with `mistakes=60`, a seeded weaker player),
//!   then nimlab's reply, game after game over several rulesets (heaps, Cram on 4 x 5, Node-Kayles
//!   on the 4 x 4 grid, Chomp). Before and after, a request naming a foreign host and a POST from
//!   a foreign origin must be refused.
//!   Prints the latency percentiles of the moves and of every request and the number of errors;
//!   exits 1 on any failed request, an accepted foreign request, or a move p99 over P99_MS.
//!   `tests/lan/run.sh` runs it against `nimlab serve --lan` in network namespaces of its own.
//!
//! ```sh
//! cargo build --release && target/release/nimlab serve --port 7878 &
//! cargo run --release --example load -- http://127.0.0.1:7878 10000 32
//! cargo run --release --example load -- --class http://127.0.0.1:7878 40 60 300
//! ```
//!
//! Only loopback and private-network (10/8, 172.16/12, 192.168/16) addresses are accepted: this
//! is a check of a local playground or a classroom's, nothing else.

use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One request of the mix and what it must get.
struct Case {
    /// The path and query.
    path: &'static str,
    /// A JSON body: sent as the page sends it (POST, JSON, its own Origin).
    body: Option<&'static str>,
    /// The status it must get.
    status: u16,
    /// A field the JSON answer must have (`error` for the error object).
    field: &'static str,
}

/// The requests, cycled through.
const CASES: &[Case] = &[
    Case { path: "/api/solve?game=nim&position=3,4,5", body: None, status: 200, field: "winning_moves" },
    Case {
        path: "/api/solve?game=bash&max=3&position=1000000000000000000000",
        body: None,
        status: 200,
        field: "winning_moves",
    },
    Case {
        path: "/api/solve?game=wythoff&position=12,20&method=search",
        body: None,
        status: 200,
        field: "grundy",
    },
    Case {
        path: "/api/solve?part=nim%203%204&part=wythoff%203%205",
        body: None,
        status: 200,
        field: "parts",
    },
    Case { path: "/api/move?game=nim&position=3,4,5", body: None, status: 200, field: "reply" },
    Case { path: "/api/options?game=nim&position=2,3,4", body: None, status: 200, field: "moves" },
    Case { path: "/api/table?game=nim&rows=8&cols=8&outcomes=1", body: None, status: 200, field: "cells" },
    Case { path: "/api/p-positions?game=wythoff&count=20", body: None, status: 200, field: "p_positions" },
    Case { path: "/api/games", body: None, status: 200, field: "games" },
    Case {
        path: "/api/solve",
        body: Some(r#"{"game":"subtraction","set":"1,3,4","position":[10]}"#),
        status: 200,
        field: "winning_moves",
    },
    Case { path: "/api/solve?game=nim&position=3,x", body: None, status: 400, field: "error" },
];

/// The games a class plays: the query naming the game and the start position.
const LESSONS: &[(&str, &str)] = &[
    ("game=nim", "3,4,5"),
    ("game=kayles", "12"),
    ("game=wythoff", "7,11"),
    ("game=subtraction&set=1,3,4", "23"),
    ("game=cram&board=4x5", ""),
    ("game=node-kayles&graph=grid:4x4", ""),
    ("game=kayles", "30"),
    ("game=chomp", "6,5,3"),
    ("game=nim&misere=1", "2,3,4"),
];

/// The pupil's weakness: the chance in percent that the pupil's move is random.
const PUPIL_MISTAKES: u32 = 60;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let class = args.first().is_some_and(|a| a == "--class");
    let args = &args[usize::from(class)..];
    let base = args.first().map_or("http://127.0.0.1:7878", String::as_str).trim_end_matches('/').to_string();
    if !is_local(&base) {
        eprintln!(
            "error: the load check only targets loopback or private-network addresses (http://127.0.0.1:PORT, \
             http://10.x.y.z:PORT, ...), not '{base}'"
        );
        std::process::exit(2);
    }
    let number = |i: usize, default: usize| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let passed = if class {
        class_check(&base, number(1, 40).max(1), number(2, 60), number(3, 300))
    } else {
        mix_check(&base, number(1, 10_000), number(2, 32).max(1))
    };
    if !passed {
        std::process::exit(1);
    }
}

/// Is `base` an http address of this machine or of a private network?
fn is_local(base: &str) -> bool {
    let Some(authority) = base.strip_prefix("http://") else { return false };
    let host = authority.rsplit_once(':').map_or(authority, |(host, _)| host);
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host == "localhost"
        || host.parse::<IpAddr>().is_ok_and(|ip| match ip {
            IpAddr::V4(v4) => v4.is_loopback() || v4.is_private(),
            IpAddr::V6(v6) => v6.is_loopback(),
        })
}

/// A keep-alive client that reads every status as an answer.
fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into()
}

/// GETs `url`: its status and its body as JSON (null when it is not JSON), or why it failed.
fn get(agent: &ureq::Agent, url: &str) -> Result<(u16, serde_json::Value), String> {
    let mut response = agent.get(url).call().map_err(|e| format!("{url}: {e}"))?;
    let body = response.body_mut().read_to_string().unwrap_or_default();
    Ok((response.status().as_u16(), serde_json::from_str(&body).unwrap_or_default()))
}

/// Counts a problem, printing the first five.
fn report(errors: &AtomicUsize, problem: String) {
    if errors.fetch_add(1, Ordering::Relaxed) < 5 {
        eprintln!("error: {problem}");
    }
}

/// The latency at quantile `q` of sorted latencies, in milliseconds.
fn percentile(sorted: &[Duration], q: f64) -> f64 {
    let index = ((sorted.len().max(1) - 1) as f64 * q) as usize;
    sorted.get(index).copied().unwrap_or_default().as_secs_f64() * 1e3
}

/// The mix: `requests` requests from `clients` clients. True when every request got its answer.
fn mix_check(base: &str, requests: usize, clients: usize) -> bool {
    let next = Arc::new(AtomicUsize::new(0));
    let errors = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let workers: Vec<_> = (0..clients)
        .map(|_| {
            let (base, next, errors) = (base.to_string(), Arc::clone(&next), Arc::clone(&errors));
            std::thread::spawn(move || {
                let agent = agent();
                let mut latencies = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= requests {
                        return latencies;
                    }
                    let case = &CASES[i % CASES.len()];
                    let url = format!("{base}{}", case.path);
                    let begun = Instant::now();
                    let answer = match case.body {
                        None => agent.get(&url).call(),
                        Some(body) => agent
                            .post(&url)
                            .header("Content-Type", "application/json")
                            .header("Origin", &base)
                            .send(body),
                    };
                    let problem = match answer {
                        Ok(mut response) => {
                            let status = response.status().as_u16();
                            let body = response.body_mut().read_to_string().unwrap_or_default();
                            let json: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
                            if status != case.status || json.get(case.field).is_none() {
                                Some(format!("{}: status {status}, body {body:.200}", case.path))
                            } else {
                                None
                            }
                        }
                        Err(e) => Some(format!("{}: {e}", case.path)),
                    };
                    latencies.push(begun.elapsed());
                    if let Some(problem) = problem {
                        report(&errors, problem);
                    }
                }
            })
        })
        .collect();
    let mut latencies: Vec<Duration> =
        workers.into_iter().flat_map(|w| w.join().unwrap_or_default()).collect();
    let elapsed = started.elapsed();
    latencies.sort();
    let errors = errors.load(Ordering::Relaxed);
    println!(
        "{} requests, {clients} clients, {:.2} s: {:.0} requests/s; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; errors: {errors}",
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.99),
        percentile(&latencies, 1.0),
    );
    errors == 0 && latencies.len() == requests
}

/// Latencies of one pupil's requests: nimlab's moves (the pupil's and the replies) and the rest.
#[derive(Default)]
struct Timings {
    moves: Vec<Duration>,
    others: Vec<Duration>,
    games: usize,
}

/// A class: `clients` pupils playing for `seconds`. True when no request failed, every foreign
/// request was refused and the moves' p99 is at most `p99_ms`.
fn class_check(base: &str, clients: usize, seconds: usize, p99_ms: usize) -> bool {
    let errors = Arc::new(AtomicUsize::new(0));
    foreign_requests_refused(base, &errors);
    let started = Instant::now();
    let until = started + Duration::from_secs(seconds as u64);
    let pupils: Vec<_> = (0..clients)
        .map(|pupil| {
            let (base, errors) = (base.to_string(), Arc::clone(&errors));
            std::thread::spawn(move || {
                let mut timings = Timings::default();
                let agent = agent();
                let mut lesson = pupil;
                while Instant::now() < until {
                    if let Err(problem) = play_game(&agent, &base, pupil, lesson, until, &mut timings) {
                        report(&errors, problem);
                    }
                    lesson += 1;
                }
                timings
            })
        })
        .collect();
    let (mut moves, mut all, mut games) = (Vec::new(), Vec::new(), 0);
    for pupil in pupils {
        let timings = pupil.join().unwrap_or_default();
        all.extend(&timings.moves);
        all.extend(timings.others);
        moves.extend(timings.moves);
        games += timings.games;
    }
    let elapsed = started.elapsed();
    foreign_requests_refused(base, &errors);
    moves.sort();
    all.sort();
    let errors = errors.load(Ordering::Relaxed);
    let p99 = percentile(&moves, 0.99);
    println!(
        "{clients} pupils, {:.1} s, {games} games finished: {} requests ({:.0}/s), {} of them moves; moves: p50 \
         {:.2} ms, p99 {p99:.2} ms, max {:.2} ms; every request: p99 {:.2} ms; errors: {errors}",
        elapsed.as_secs_f64(),
        all.len(),
        all.len() as f64 / elapsed.as_secs_f64(),
        moves.len(),
        percentile(&moves, 0.5),
        percentile(&moves, 1.0),
        percentile(&all, 0.99),
    );
    if p99 > p99_ms as f64 {
        eprintln!("error: the moves' p99 is {p99:.2} ms, over {p99_ms} ms");
    }
    errors == 0 && !moves.is_empty() && p99 <= p99_ms as f64
}

/// One game of lesson `lesson` (cycling through [`LESSONS`]) until it ends or time is up: the
/// moves with their values, the pupil's move, nimlab's reply.
fn play_game(
    agent: &ureq::Agent,
    base: &str,
    pupil: usize,
    lesson: usize,
    until: Instant,
    timings: &mut Timings,
) -> Result<(), String> {
    let (game, start) = LESSONS[lesson % LESSONS.len()];
    let mut position = start.to_string();
    for turn in 0.. {
        if Instant::now() >= until {
            return Ok(());
        }
        let begun = Instant::now();
        let (status, options) =
            get(agent, &format!("{base}/api/options?{game}&position={position}&values=1"))?;
        timings.others.push(begun.elapsed());
        if status != 200 || options.get("moves").is_none() {
            return Err(format!("options of {game} at '{position}': status {status}, {options:.200}"));
        }
        let mistakes = if turn % 2 == 0 { PUPIL_MISTAKES } else { 0 };
        let seed = pupil * 1_000_003 + lesson * 1_009 + turn;
        let begun = Instant::now();
        let url = format!("{base}/api/move?{game}&position={position}&mistakes={mistakes}&seed={seed}");
        let (status, answer) = get(agent, &url)?;
        timings.moves.push(begun.elapsed());
        if status != 200 {
            return Err(format!("{url}: status {status}, {answer:.200}"));
        }
        let to = answer.pointer("/reply/move/to").and_then(serde_json::Value::as_array);
        match to {
            Some(to) if answer["game_over"] == false => {
                position = to.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
            }
            _ if answer["game_over"] == true => {
                timings.games += 1;
                return Ok(());
            }
            _ => return Err(format!("{url}: no move and the game is not over: {answer:.200}")),
        }
    }
    Ok(())
}

/// A request naming a foreign host must get 421, and a POST from a foreign origin 403.
fn foreign_requests_refused(base: &str, errors: &AtomicUsize) {
    let agent = agent();
    let url = format!("{base}/api/games");
    match agent.get(&url).header("Host", "nimlab.example").call() {
        Ok(response) if response.status().as_u16() == 421 => {}
        Ok(response) => report(errors, format!("a foreign Host got status {}", response.status())),
        Err(e) => report(errors, format!("a foreign Host: {e}")),
    }
    let url = format!("{base}/api/solve");
    let answer = agent
        .post(&url)
        .header("Content-Type", "application/json")
        .header("Origin", "http://nimlab.example")
        .send(r#"{"game":"nim","position":[3,4,5]}"#);
    match answer {
        Ok(response) if response.status().as_u16() == 403 => {}
        Ok(response) => report(errors, format!("a foreign Origin's POST got status {}", response.status())),
        Err(e) => report(errors, format!("a foreign Origin's POST: {e}")),
    }
}
