//! A bounded loopback load check of `nimlab serve`: REQUESTS requests from CLIENTS concurrent
//! clients (each a keep-alive connection), over a mix of the API's endpoints: GET queries and the
//! page's own JSON POSTs, answers by theory and small searches, a sum, a listing, nimlab's move,
//! a table, and a bad request that must get the JSON error object. Prints the throughput, latency
//! percentiles and the number of errors; exits 1 if any request failed.
//!
//! ```sh
//! cargo build --release && target/release/nimlab serve --port 7878 &
//! cargo run --release --example load -- http://127.0.0.1:7878 10000 32
//! ```
//!
//! Only loopback addresses are accepted: this is a check of the local playground, nothing else.

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

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let base = args.get(1).map_or("http://127.0.0.1:7878", String::as_str).trim_end_matches('/').to_string();
    let requests: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let clients: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(32).max(1);
    let loopback = ["http://127.0.0.1:", "http://localhost:", "http://[::1]:"];
    if !loopback.iter().any(|prefix| base.starts_with(prefix)) {
        eprintln!("error: the load test only targets loopback addresses (http://127.0.0.1:PORT)");
        std::process::exit(2);
    }
    let next = Arc::new(AtomicUsize::new(0));
    let errors = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let workers: Vec<_> = (0..clients)
        .map(|_| {
            let (base, next, errors) = (base.clone(), Arc::clone(&next), Arc::clone(&errors));
            std::thread::spawn(move || {
                let agent: ureq::Agent = ureq::Agent::config_builder()
                    .http_status_as_error(false)
                    .timeout_global(Some(Duration::from_secs(30)))
                    .build()
                    .into();
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
                        if errors.fetch_add(1, Ordering::Relaxed) < 5 {
                            eprintln!("error: {problem}");
                        }
                    }
                }
            })
        })
        .collect();
    let mut latencies: Vec<Duration> =
        workers.into_iter().flat_map(|w| w.join().unwrap_or_default()).collect();
    let elapsed = started.elapsed();
    latencies.sort();
    let percentile =
        |q: f64| latencies.get(((latencies.len() as f64 - 1.0) * q) as usize).copied().unwrap_or_default();
    let errors = errors.load(Ordering::Relaxed);
    println!(
        "{} requests, {clients} clients, {:.2} s: {:.0} requests/s; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; errors: {errors}",
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        percentile(0.5).as_secs_f64() * 1e3,
        percentile(0.99).as_secs_f64() * 1e3,
        percentile(1.0).as_secs_f64() * 1e3,
    );
    if errors > 0 || latencies.len() != requests {
        std::process::exit(1);
    }
}
