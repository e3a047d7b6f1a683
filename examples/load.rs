//! A bounded loopback load test of `nimlab serve`: REQUESTS requests from CLIENTS concurrent
//! clients (each a keep-alive connection), over a mix of the API's endpoints. Prints the
//! throughput, latency percentiles and the number of errors; exits 1 if any request failed.
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

/// The requests, cycled through: analysis by theory, a small search, nimlab's move, a table.
const PATHS: &[&str] = &[
    "/api/solve?game=nim&position=3,4,5",
    "/api/solve?game=bash&max=3&position=1000000000000000000000",
    "/api/move?game=nim&position=3,4,5",
    "/api/options?game=nim&position=2,3,4",
    "/api/table?game=nim&rows=8&cols=8&outcomes=1",
    "/api/games",
    "/api/solve?game=nim&position=3,x",
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
                    let path = PATHS[i % PATHS.len()];
                    // The last path is a bad request on purpose: it must answer 400.
                    let expected = if path.ends_with(",x") { 400 } else { 200 };
                    let begun = Instant::now();
                    let ok = match agent.get(&format!("{base}{path}")).call() {
                        Ok(mut response) => {
                            let status = response.status().as_u16();
                            let body = response.body_mut().read_to_string();
                            status == expected && body.is_ok_and(|b| b.starts_with('{'))
                        }
                        Err(_) => false,
                    };
                    latencies.push(begun.elapsed());
                    if !ok {
                        errors.fetch_add(1, Ordering::Relaxed);
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
