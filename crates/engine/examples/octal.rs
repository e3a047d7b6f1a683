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
//! octal handover CODE COUNT          the same pairs spread over the heaps, recorded in heap order
//!                                    by one thread and by two taking heaps in turn: what handing
//!                                    the values between the cores costs the bare loop
//! ```
//! `CODE` is an octal code (`0.07`, `0x0.8`) or `grundy`; `METHOD` is auto, direct or sparse;
//! `THREADS` is auto (the engine's choice), 1 or 2 (wherever the rules allow it).

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU16, AtomicUsize, Ordering};
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
    let usage = "usage: octal values|print|period|limit|handover CODE COUNT [auto|direct|sparse [auto|1|2]]";
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
            let (g, pairs, size) = recorded(&rules, method, count)?;
            let mut marks = vec![0u32; size];
            // The pairs (i, m - i) of every heap m from the top down, one fresh stamp per heap.
            let start = Instant::now();
            let (mut done, mut stamp) = (0u64, 0u32);
            'heaps: loop {
                for m in (2..g.len()).rev() {
                    stamp = stamp.wrapping_add(1);
                    let half = m / 2;
                    stamp_bare(&g[1..=half], &g[m - half..m], |&v| v, &mut marks, stamp);
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
        "handover" => {
            let GameRules::Octal(code) = &rules else { return Err("handover takes an octal code".into()) };
            let (g, pairs, size) = recorded(&rules, method, count)?;
            let turns = Turns::of(code, &g, pairs)?;
            let (one, check_one) = turns.run(&g, size, 1);
            let (two, check_two) = turns.run(&g, size, 2);
            println!(
                "game {rules} values {count} pairs {} per_heap {} other {} one_thread_seconds {one:.4} two_threads_seconds {two:.4} check {check_one} {check_two}",
                turns.per_heap.iter().map(|&k| u64::from(k)).sum::<u64>(),
                turns.per_heap.last().copied().unwrap_or(0),
                turns.other,
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

/// `COUNT` values of the rules by `method`, as 16-bit values, with the pairs the engine recorded
/// for them (the stores the method cannot avoid; its vectorized comparisons are left out, so a
/// loop over them is a lower bound of its time) and a power of two above every nim-sum.
fn recorded(rules: &GameRules, method: SequenceMethod, count: u64) -> Result<(Vec<u16>, u64, usize), String> {
    let mut sequence = rules.sequence().with_method(method);
    sequence.extend_to(count, |_| ControlFlow::Continue(())).map_err(|e| e.to_string())?;
    let stats = sequence.stats();
    let g = sequence
        .view()
        .iter()
        .map(|v| u16::try_from(v).map_err(|_| "values above 16 bits".to_string()))
        .collect::<Result<_, _>>()?;
    let size = (stats.largest_value as usize + 1).next_power_of_two();
    Ok((g, stats.rare_pairs + stats.recorded_pairs, size))
}

/// The bare record of the pairs `(low[k], high[high.len() - 1 - k])`: one load from each end,
/// one xor, one store, nothing else, eight pairs a step as the engine records them. `marks` has
/// a power-of-two length.
fn stamp_bare<C>(low: &[C], high: &[C], value: impl Fn(&C) -> u16, marks: &mut [u32], stamp: u32) {
    let mask = marks.len() - 1;
    let (lows, low_rest) = low.as_chunks::<8>();
    let (high_rest, highs) = high.as_rchunks::<8>();
    for (a, b) in lows.iter().zip(highs.iter().rev()) {
        for i in 0..8 {
            marks[usize::from(value(&a[i]) ^ value(&b[7 - i])) & mask] = stamp;
        }
    }
    for (x, y) in low_rest.iter().zip(high_rest.iter().rev()) {
        marks[usize::from(value(x) ^ value(y)) & mask] = stamp;
    }
}

/// The bare loop of heaps in order: heap `n` records `per_heap[n]` pairs `(i, n - split - i)`
/// of its first two-heap split (from `i = 1`, as nimlab's candidate pairs) and its one-heap
/// options `G(n - j)`, nothing else. On two threads taking heaps in turn (as nimlab's two threads
/// do, the only way two cores share a sequence whose heaps read their nearest predecessors), a
/// heap records first the pairs reading only values already there, then waits until the other
/// thread has written the nearest heap of its own the heap reads (`n - other`), then records the
/// rest: the order that waits least.
struct Turns {
    take: Vec<usize>,
    split: usize,
    other: usize,
    per_heap: Vec<u32>,
}

impl Turns {
    /// `pairs` spread over the heaps: each records as many as it has, up to one count for all.
    fn of(code: &OctalCode, g: &[u16], pairs: u64) -> Result<Turns, String> {
        let with_bit =
            |bit: u8| (1..code.digits().len()).filter(|&j| code.digit(j) & bit != 0).collect::<Vec<_>>();
        let take = with_bit(2);
        let split = (0..code.digits().len())
            .find(|&j| code.digit(j) & 4 != 0)
            .ok_or("handover needs a code that splits heaps")?;
        // The nearest heap of the other parity a heap reads: a one-heap option at an odd
        // distance, or the newest value the split reads (`n - split - 1`) made odd.
        let odd_take = take.iter().copied().filter(|j| j % 2 == 1);
        let other = odd_take.chain([(split + 1) | 1]).min().unwrap_or(usize::MAX);
        if other < 3 {
            return Err("heap n reads heap n - 1: two threads cannot take heaps in turn".into());
        }
        let available = |n: usize| n.saturating_sub(split) / 2;
        let spread = |k: usize| (0..g.len()).map(|n| available(n).min(k) as u64).sum::<u64>();
        // The least count per heap that reaches `pairs`.
        let (mut low, mut high) = (0, g.len());
        while low < high {
            let k = (low + high) / 2;
            if spread(k) >= pairs {
                high = k;
            } else {
                low = k + 1;
            }
        }
        let per_heap = (0..g.len()).map(|n| available(n).min(low) as u32).collect();
        Ok(Turns { take, split, other, per_heap })
    }

    /// Wall seconds and a checksum of the marks, on `threads` (1 or 2) threads.
    fn run(&self, g: &[u16], size: usize, threads: usize) -> (f64, u64) {
        let values: Vec<AtomicU16> = g.iter().map(|&v| AtomicU16::new(v)).collect();
        let first = self.other;
        for v in &values[first..] {
            v.store(0, Ordering::Relaxed);
        }
        let next: Vec<AtomicUsize> = (0..threads).map(|lane| AtomicUsize::new(first + lane)).collect();
        let start = Instant::now();
        let checks: Vec<u64> = std::thread::scope(|scope| {
            let lanes: Vec<_> = (0..threads)
                .map(|lane| {
                    let (values, next) = (&values, &next);
                    scope.spawn(move || self.lane(g, values, next, lane, threads, size))
                })
                .collect();
            lanes.into_iter().map(|lane| lane.join().expect("a lane panicked")).collect()
        });
        (start.elapsed().as_secs_f64(), checks.iter().sum())
    }

    fn lane(
        &self,
        g: &[u16],
        values: &[AtomicU16],
        next: &[AtomicUsize],
        lane: usize,
        threads: usize,
        size: usize,
    ) -> u64 {
        let mut marks = vec![0u32; size];
        let mask = size - 1;
        let load = |v: &AtomicU16| v.load(Ordering::Relaxed);
        // Pairs `(i, m - i)` for `i` in `from..=to`.
        let record = |marks: &mut [u32], m: usize, from: usize, to: usize, stamp: u32| {
            if from <= to {
                stamp_bare(&values[from..=to], &values[m - to..=m - from], load, marks, stamp);
            }
        };
        // The pairs reading `G(n - other)` or newer: `i <= newest`. Every other value they read
        // is of this thread or was published before the last wait.
        let newest = self.other - self.split;
        let mut check = 0u64;
        let mut n = self.other + lane;
        while n < g.len() {
            let stamp = n as u32;
            let m = n.saturating_sub(self.split);
            let k = self.per_heap[n] as usize;
            // The best order for two threads: first what does not wait, then the wait, then
            // the pairs and options reading the other thread's newest value.
            record(&mut marks, m, newest + 1, k, stamp);
            if threads == 2 {
                let heap = n - self.other;
                while next[1 - lane].load(Ordering::Acquire) <= heap {
                    std::hint::spin_loop();
                }
            }
            record(&mut marks, m, 1, k.min(newest), stamp);
            for &j in &self.take {
                if n > j {
                    marks[usize::from(load(&values[n - j])) & mask] = stamp;
                }
            }
            check = check.wrapping_add(u64::from(marks[usize::from(g[n]) & mask]));
            values[n].store(g[n], Ordering::Relaxed);
            n += threads;
            next[lane].store(n, Ordering::Release);
        }
        check
    }
}
