//! Engine-level time of the sweep {2,3,5,7} ∪ {c}, for bench/subtraction-vs-ogsolve.sh.
//!
//! Usage: `subtraction_sweep LOW HIGH`; prints `sets N seconds S` (the time of
//! `sweep_periods` alone, without process start, parsing or printing). The thread pool is started
//! before the clock starts, as ogsolve's own "calculation time" excludes its start-up too; the
//! sweep itself runs once, cold.

use std::time::Instant;

use nimlab_engine::periodicity::sweep_periods;
use nimlab_engine::Budget;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let bound =
        |i: usize, default: u64| args.get(i).map_or(Ok(default), |s| s.parse().map_err(|_| "bad bound"));
    let (low, high) = (bound(1, 11)?, bound(2, 2000)?);
    let members: Vec<(u64, Vec<u64>)> = (low..=high).map(|c| (c, vec![2, 3, 5, 7, c])).collect();
    rayon::broadcast(|_| ());
    let start = Instant::now();
    // Unlimited work: the value limit of 2^30 per set bounds each certification, as before.
    let results = sweep_periods(&members, 1 << 30, &Budget::new(u64::MAX), |_, _| {});
    let seconds = start.elapsed().as_secs_f64();
    if let Some(error) = results.into_iter().find_map(Result::err) {
        return Err(error.to_string());
    }
    println!("sets {} seconds {seconds:.6}", members.len());
    Ok(())
}
