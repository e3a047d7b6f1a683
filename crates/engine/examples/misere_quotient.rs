//! The misère quotient `Q_n` of take-and-break codes, timed in-process (for
//! bench/misere-vs-miseresolver.sh).
//!
//! ```text
//! cargo run --release --locked -p nimlab-engine --example misere_quotient -- 0.07 30 3
//! ```
//!
//! For each code: `code |Q| |P| reached wall-ms cpu-ms`: the wall-clock and thread-CPU
//! milliseconds of the least of `reps` runs (thread CPU time is what a loaded machine disturbs
//! least; the computation runs on the calling thread).

use std::time::Instant;

use nimlab_engine::misere::compute;
use nimlab_engine::octal::OctalCode;
use nimlab_engine::Budget;

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
        let (mut best, mut best_cpu) = (f64::INFINITY, f64::INFINITY);
        let mut last = None;
        for _ in 0..reps {
            let start = Instant::now();
            let cpu = thread_cpu_ms();
            let q = match compute(&code, Some(upto), &Budget::new(50_000_000_000)) {
                Ok(q) => q,
                Err(e) => {
                    eprintln!("misere_quotient: {text}: {e}");
                    std::process::exit(1);
                }
            };
            best = best.min(start.elapsed().as_secs_f64() * 1000.0);
            best_cpu = best_cpu.min(thread_cpu_ms() - cpu);
            last = Some(q);
        }
        if let Some(q) = last {
            let stopped = q.stopped.as_ref().map(|e| format!(" (stopped: {e})")).unwrap_or_default();
            println!(
                "{text} {} {} {} {best:.3} {best_cpu:.3}{stopped}",
                q.quotient.order(),
                q.quotient.p_portion().len(),
                q.reached()
            );
        }
    }
}

/// The calling thread's CPU time in milliseconds (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`).
#[cfg(target_os = "linux")]
fn thread_cpu_ms() -> f64 {
    #[repr(C)]
    struct Timespec {
        seconds: i64,
        nanoseconds: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut time = Timespec { seconds: 0, nanoseconds: 0 };
    // SAFETY: clock_gettime writes one timespec (two 64-bit fields on 64-bit Linux) to `time`.
    let status = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    if status != 0 {
        return f64::NAN;
    }
    time.seconds as f64 * 1000.0 + time.nanoseconds as f64 / 1e6
}

/// Elsewhere no thread CPU time: NaN.
#[cfg(not(target_os = "linux"))]
fn thread_cpu_ms() -> f64 {
    f64::NAN
}
