//! The misère quotient `Q_n` of take-and-break codes, timed in-process (for
//! bench/misere-vs-miseresolver.sh).
//!
//! ```text
//! cargo run --release --locked -p nimlab-engine --example misere_quotient -- 0.07 30 3
//! ```
//!
//! For each code: `code |Q| |P| reached milliseconds`, the milliseconds the least of `reps` runs.

use std::time::Instant;

use nimlab_engine::budget::Budget;
use nimlab_engine::misere::compute;
use nimlab_engine::octal::OctalCode;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: misere_quotient CODE[,CODE...] UPTO [REPS]");
        std::process::exit(2);
    }
    let Ok(upto) = args[1].parse::<u64>() else {
        eprintln!("misere_quotient: UPTO must be a number");
        std::process::exit(2);
    };
    let reps: u32 = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(1).max(1);
    for text in args[0].split(',') {
        let code: OctalCode = match text.parse() {
            Ok(c) => c,
            Err(e) => {
                eprintln!("misere_quotient: {text}: {e}");
                std::process::exit(2);
            }
        };
        let mut best = f64::INFINITY;
        let mut last = None;
        for _ in 0..reps {
            let start = Instant::now();
            let q = match compute(&code, Some(upto), &Budget::new(50_000_000_000)) {
                Ok(q) => q,
                Err(e) => {
                    eprintln!("misere_quotient: {text}: {e}");
                    std::process::exit(1);
                }
            };
            best = best.min(start.elapsed().as_secs_f64() * 1000.0);
            last = Some(q);
        }
        if let Some(q) = last {
            let stopped = q.stopped.map(|e| format!(" (stopped: {e})")).unwrap_or_default();
            println!(
                "{text} {} {} {} {best:.3}{stopped}",
                q.quotient.order(),
                q.quotient.p_portion().len(),
                q.reached()
            );
        }
    }
}
