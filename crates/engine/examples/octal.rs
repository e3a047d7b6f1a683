//! The driver of bench/octal-crosscheck.sh and bench/octal-vs-ogsolve.sh (the command line gets
//! the octal rulesets later). One line of `key value` pairs per run.
//!
//! ```text
//! octal values CODE COUNT [METHOD [THREADS]]
//!                                    G(0..COUNT): checksum (ogsolve's Fletcher-32), time, figures
//! octal print CODE COUNT             G(0..COUNT), one value per line
//! octal period CODE UPTO [METHOD]    certified preperiod and period (stops at the certificate)
//! octal limit CODE COUNT             the bare recording loop over as many pairs as `values`
//!                                    records: a lower bound of the method's time
//! ```
//! `CODE` is an octal code (`0.07`, `0x0.8`) or `grundy`; `METHOD` is auto, direct or sparse;
//! `THREADS` is auto (the engine's choice), 1 or 2 (wherever the rules allow it).

use std::ops::ControlFlow;
use std::time::Instant;

use nimlab_engine::octal::{analyze, GameRules, OctalCode, PeriodOutcome, SequenceMethod, Threads};

fn rules(text: &str) -> Result<GameRules, String> {
    if text == "grundy" {
        return Ok(GameRules::GrundyGame);
    }
    text.parse::<OctalCode>().map(GameRules::Octal).map_err(|e| e.to_string())
}

/// The choice named by `text` among `choices` (the first when absent), or why it is unknown.
fn choose<T: Copy>(what: &str, text: Option<&String>, choices: &[(&str, T)]) -> Result<T, String> {
    let Some(text) = text else { return Ok(choices[0].1) };
    choices.iter().find(|(name, _)| name == text).map(|&(_, choice)| choice).ok_or_else(|| {
        let names: Vec<&str> = choices.iter().map(|(name, _)| *name).collect();
        format!("unknown {what} '{text}' ({})", names.join(", "))
    })
}

/// ogsolve's checksum: Fletcher-32 over the values as 16-bit words.
fn fletcher(values: impl Iterator<Item = u32>) -> u32 {
    let (mut low, mut high) = (0u16, 0u16);
    for v in values {
        low = low.wrapping_add(v as u16);
        high = high.wrapping_add(low);
    }
    (u32::from(high) << 16) | u32::from(low)
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: octal values|print|period|limit CODE COUNT [auto|direct|sparse [auto|1|2]]";
    let (mode, code, count) = match args.as_slice() {
        [mode, code, count, ..] => (mode.as_str(), code.as_str(), count),
        _ => return Err(usage.to_string()),
    };
    let count: u64 = count.parse().map_err(|_| format!("bad count '{count}'"))?;
    let rules = rules(code)?;
    let method = choose(
        "method",
        args.get(3),
        &[
            ("auto", SequenceMethod::Auto),
            ("direct", SequenceMethod::Direct),
            ("sparse", SequenceMethod::Sparse),
        ],
    )?;
    let threads =
        choose("threads", args.get(4), &[("auto", Threads::Auto), ("1", Threads::One), ("2", Threads::Two)])?;
    match mode {
        "values" | "print" => {
            let mut sequence = rules.sequence().with_method(method).with_threads(threads);
            let start = Instant::now();
            sequence.extend_to(count, |_| ControlFlow::Continue(())).map_err(|e| e.to_string())?;
            let seconds = start.elapsed().as_secs_f64();
            let view = sequence.view();
            if mode == "print" {
                let lines: Vec<String> = view.iter().map(|v| v.to_string()).collect();
                println!("{}", lines.join("\n"));
                return Ok(());
            }
            let stats = sequence.stats();
            println!(
                "game {rules} values {count} checksum {:X} last {} seconds {seconds:.4} largest {} rare_values {} rare_positions {} method {:?} rebuilds {} rare_pairs {} recorded_pairs {} compared_pairs {}",
                fletcher(view.iter()),
                view.iter().last().unwrap_or(0),
                stats.largest_value,
                stats.rare_values.map_or("-".into(), |r| r.to_string()),
                stats.rare_positions.map_or("-".into(), |r| r.to_string()),
                stats.method,
                stats.split_rebuilds,
                stats.rare_pairs,
                stats.recorded_pairs,
                stats.compared_pairs,
            );
        }
        "limit" => {
            let mut sequence = rules.sequence().with_method(method);
            sequence.extend_to(count, |_| ControlFlow::Continue(())).map_err(|e| e.to_string())?;
            let stats = sequence.stats();
            // The stores the method cannot avoid: every pair it recorded (the vectorized comparisons
            // are left out, so this is a lower bound of its time).
            let pairs = stats.rare_pairs + stats.recorded_pairs;
            let g: Vec<u16> = sequence
                .view()
                .iter()
                .map(|v| u16::try_from(v).map_err(|_| "values above 16 bits"))
                .collect::<Result<_, _>>()?;
            let mut marks = vec![0u32; (stats.largest_value as usize + 1).next_power_of_two()];
            let mask = marks.len() - 1;
            // The pairs (i, m - i) of every heap m from the top down, one fresh stamp per heap:
            // one load from each end, one xor, one store, nothing else, eight pairs a step as
            // the engine records them.
            let start = Instant::now();
            let (mut done, mut stamp) = (0u64, 0u32);
            'heaps: loop {
                for m in (2..g.len()).rev() {
                    stamp = stamp.wrapping_add(1);
                    let half = m / 2;
                    let (lows, low_rest) = g[1..=half].as_chunks::<8>();
                    let (high_rest, highs) = g[m - half..m].as_rchunks::<8>();
                    for (a, b) in lows.iter().zip(highs.iter().rev()) {
                        for i in 0..8 {
                            marks[usize::from(a[i] ^ b[7 - i]) & mask] = stamp;
                        }
                    }
                    for (&x, &y) in low_rest.iter().zip(high_rest.iter().rev()) {
                        marks[usize::from(x ^ y) & mask] = stamp;
                    }
                    done += half as u64;
                    if done >= pairs {
                        break 'heaps;
                    }
                }
            }
            let seconds = start.elapsed().as_secs_f64();
            println!(
                "game {rules} values {count} pairs {pairs} bare_seconds {seconds:.4} ns_per_pair {:.4} check {}",
                seconds * 1e9 / done as f64,
                marks.iter().map(|&m| u64::from(m)).sum::<u64>()
            );
        }
        "period" => {
            let start = Instant::now();
            let outcome = analyze(&rules, count, method).map_err(|e| e.to_string())?;
            let seconds = start.elapsed().as_secs_f64();
            match outcome {
                PeriodOutcome::Certified(c) => println!(
                    "game {rules} status certified preperiod {} period {} values_computed {} seconds {seconds:.4} largest {}",
                    c.preperiod, c.period, c.certificate.values_computed, c.stats.largest_value
                ),
                PeriodOutcome::Open(o) => println!(
                    "game {rules} status open values_computed {} seconds {seconds:.4} largest {} rare_values {} observed {}",
                    o.values_computed,
                    o.stats.largest_value,
                    o.stats.rare_values.map_or("-".into(), |r| r.to_string()),
                    o.observed.map_or("-".into(), |x| format!("{}+{}s{}", x.preperiod, x.period, x.saltus)),
                ),
            }
        }
        _ => return Err(usage.to_string()),
    }
    Ok(())
}
