//! Measures what one unit of the work budget costs in time on each of the engine's paths: each
//! workload runs under a budget too large to stop it, and the units it charged are divided into
//! its wall-clock time. The cost model (docs/reliability.md) asks that the largest figure be at
//! most 4 times the smallest, so that one default budget bounds time on every path.
//!
//! Run: `cargo run --release -p nimlab-engine --example calibrate` (about a minute).

use std::time::Instant;

use nimlab_engine::bigint::to_bigs;
use nimlab_engine::octal::{analyze_with, GameRules, SequenceMethod};
use nimlab_engine::tables::{GridRequest, SequenceRequest, TableValues};
use nimlab_engine::Query;
use nimlab_engine::{Budget, GameSpec, Method, Play};

/// A workload: what it is, and the run that charges `budget`.
struct Workload {
    path: &'static str,
    what: &'static str,
    run: fn(&Budget),
}

fn built(spec: &str, budget: &Budget) -> Box<dyn nimlab_engine::AnyGame> {
    spec.parse::<GameSpec>().expect("a valid spec").build(budget).expect("builds")
}

fn search(spec: &str, heaps: &[u64], play: Play, budget: &Budget) {
    let game = built(spec, budget);
    let numbers = game.check_position(&to_bigs(heaps)).expect("a valid position");
    game.analyze(&numbers, &Query { max_moves: 1, ..Query::new(Method::Search, play) }, budget)
        .expect("fits");
}

fn sequence(spec: &str, upto: u64, method: Method, budget: &Budget) {
    let game = built(spec, budget);
    let request = SequenceRequest { method, ..SequenceRequest::new(upto, TableValues::Grundy, Play::Normal) };
    let mut table = game.sequence(&request, budget).expect("a sequence");
    let mut chunk = vec![0; 1 << 16];
    while table.fill(&mut chunk).expect("fits") > 0 {}
}

fn grid(spec: &str, side: u64, method: Method, budget: &Budget) {
    let game = built(spec, budget);
    let request = GridRequest { method, ..GridRequest::new(side, side, TableValues::Grundy, Play::Normal) };
    let mut table = game.grid(&request, budget).expect("a grid");
    let mut row = vec![0; table.row_len()];
    while table.next_row(&mut row).expect("fits").is_some() {}
}

/// The rules of an octal code.
fn code(code: &str) -> GameRules {
    GameRules::Octal(code.parse().expect("a code"))
}

/// The octal engine as `nimlab period` runs it: the certificate, or `upto` values.
fn octal(rules: GameRules, upto: u64, method: SequenceMethod, budget: &Budget) {
    let mut charged = 0;
    analyze_with(&rules, upto, method, |progress| {
        budget.charge(progress.work - charged).expect("fits");
        charged = progress.work;
        true
    })
    .expect("computes");
}

const WORKLOADS: &[Workload] = &[
    Workload {
        path: "search (normal play)",
        what: "solve kayles 9 11 13 --method search",
        run: |b| search("kayles", &[9, 11, 13], Play::Normal, b),
    },
    Workload {
        path: "search (misère play)",
        what: "solve kayles 8 10 12 --misere",
        run: |b| search("kayles", &[8, 10, 12], Play::Misere, b),
    },
    Workload {
        path: "search (take pattern)",
        what: "solve pattern --piles 3 --move one:1..3 --move all:1.. 30 40 50 --method search",
        run: |b| search("pattern --piles 3 --move one:1..3 --move all:1..", &[30, 40, 50], Play::Normal, b),
    },
    Workload {
        path: "dense table",
        what: "table moore --k 2 --rows 100 --cols 100 --method search",
        run: |b| grid("moore --k 2", 100, Method::Search, b),
    },
    Workload {
        path: "octal engine (sparse)",
        what: "period octal --code 0.16 (to its certificate)",
        run: |b| octal(code("0.16"), u64::from(u32::MAX) - 1, SequenceMethod::Auto, b),
    },
    Workload {
        path: "octal engine (sparse)",
        what: "period grundy-game --upto 300000",
        run: |b| octal(GameRules::GrundyGame, 300_000, SequenceMethod::Auto, b),
    },
    Workload {
        path: "octal engine (direct)",
        what: "period octal --code 0.16 --upto 60000 (direct method)",
        run: |b| octal(code("0.16"), 60_000, SequenceMethod::Direct, b),
    },
    Workload {
        path: "octal table stream",
        what: "table grundy-game --upto 300000",
        run: |b| sequence("grundy-game", 300_000, Method::Auto, b),
    },
    Workload {
        path: "SUB(S) stream",
        what: "table subtraction --set 1,3,4 --upto 10^8",
        run: |b| sequence("subtraction --set 1,3,4", 100_000_000, Method::Auto, b),
    },
    Workload {
        path: "line kernel",
        what: "table wythoff --rows 3000 --cols 3000",
        run: |b| grid("wythoff", 3000, Method::Auto, b),
    },
    Workload {
        path: "dense sequence",
        what: "table pattern --piles 1 --move one:2..900 --upto 20000",
        run: |b| sequence("pattern --piles 1 --move one:2..900", 20_000, Method::Auto, b),
    },
];

fn main() {
    println!("{:<24} {:>14} {:>10} {:>9}  workload", "path", "units", "seconds", "ns/unit");
    let mut rates = Vec::new();
    for workload in WORKLOADS {
        let budget = Budget::new(u64::MAX / 4);
        let start = Instant::now();
        (workload.run)(&budget);
        let seconds = start.elapsed().as_secs_f64();
        let units = budget.used();
        let rate = seconds * 1e9 / units.max(1) as f64;
        rates.push(rate);
        println!("{:<24} {:>14} {:>10.3} {:>9.2}  {}", workload.path, units, seconds, rate, workload.what);
    }
    let max = rates.iter().copied().fold(f64::MIN, f64::max);
    let min = rates.iter().copied().fold(f64::MAX, f64::min);
    println!("largest / smallest ns per unit: {:.2}", max / min);
}
