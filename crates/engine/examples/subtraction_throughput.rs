//! Throughput of the streaming Grundy generator, for bench/subtraction-vs-ogsolve.sh.
//!
//! Usage: `subtraction_throughput SET COUNT`, e.g. `2,3,5,7,101 100000000`; prints
//! `values COUNT sum SUM seconds S ns_per_value X` (the sum checks agreement with the baseline).

use std::time::Instant;

use nimlab_engine::periodicity::GrundyStream;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let set: Vec<u64> = args
        .get(1)
        .map_or("2,3,5,7,101", String::as_str)
        .split(',')
        .map(|s| s.trim().parse().map_err(|_| format!("bad set member '{s}'")))
        .collect::<Result<_, _>>()?;
    let count: u64 = args.get(2).map_or(Ok(100_000_000), |s| s.parse()).map_err(|_| "bad count")?;
    let mut stream = GrundyStream::new(&set).map_err(|e| e.to_string())?;
    let mut chunk = vec![0u32; 1 << 13];
    let start = Instant::now();
    let (mut left, mut sum) = (count, 0u64);
    while left > 0 {
        let take = left.min(chunk.len() as u64) as usize;
        stream.fill(&mut chunk[..take]);
        sum += chunk[..take].iter().map(|&v| u64::from(v)).sum::<u64>();
        left -= take as u64;
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "values {count} sum {sum} seconds {seconds:.4} ns_per_value {:.3}",
        seconds * 1e9 / count as f64
    );
    Ok(())
}
