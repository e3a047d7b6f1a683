//! Engine benchmarks for the core: generic search throughput (positions per second) on Wythoff
//! and on a 3-heap Nim grid, the dense-table path, and closed-form answers on 300-digit heaps.
//!
//! Run with `cargo bench -p nimlab-engine --bench engine`; figures go in docs/benchmarks.md.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use nimlab_engine::kernels::{dense_grundy_table, Nim, Wythoff};
use nimlab_engine::{BigUint, Budget, Game, GameSpec, GrundySolver, Method, Play, Query};

/// Solves every listed position from scratch with the memoized search, under one default
/// budget; returns the states.
fn solve_all<G: Game>(game: G, positions: &[G::Position]) -> usize {
    let mut solver = GrundySolver::new(game);
    let budget = Budget::default();
    for position in positions {
        solver.value(position, &budget).expect("within budget");
    }
    solver.states()
}

fn search_throughput(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);

    let bound = 100u64;
    let wythoff: Vec<(u64, u64)> = (0..=bound).flat_map(|x| (0..=bound).map(move |y| (x, y))).collect();
    let states = solve_all(Wythoff, &wythoff);
    group.throughput(Throughput::Elements(states as u64));
    group.bench_function(BenchmarkId::new("wythoff", format!("heaps <= {bound}, {states} states")), |b| {
        b.iter(|| solve_all(Wythoff, &wythoff))
    });

    let bound = 20u64;
    let nim: Vec<Vec<u64>> = (0..=bound)
        .flat_map(|x| (0..=bound).flat_map(move |y| (0..=bound).map(move |z| vec![x, y, z])))
        .collect();
    let states = solve_all(Nim, &nim);
    group.throughput(Throughput::Elements(states as u64));
    group
        .bench_function(BenchmarkId::new("nim-3-heaps", format!("heaps <= {bound}, {states} states")), |b| {
            b.iter(|| solve_all(Nim, &nim))
        });
    group.finish();
}

fn dense_throughput(c: &mut Criterion) {
    let mut group = c.benchmark_group("dense");
    group.sample_size(10);
    let nim = [20u64, 20, 20];
    group.throughput(Throughput::Elements(21 * 21 * 21));
    group.bench_function("nim 3 heaps <= 20", |b| {
        b.iter(|| dense_grundy_table(&Nim, &nim, &Budget::default()).expect("fits").len())
    });
    group.finish();
}

/// Closed forms on 300-digit heaps, for every ruleset whose theory answers them.
fn theory_huge_heaps(c: &mut Criterion) {
    let mut group = c.benchmark_group("theory-300-digits");
    let huge: BigUint = "7".repeat(300).parse().expect("digits");
    let spec = |text: &str| text.parse::<GameSpec>().expect("a valid spec");
    let cases: Vec<(&str, GameSpec, Vec<BigUint>)> = vec![
        ("nim", spec("nim"), vec![huge.clone(), &huge + 12345u32, &huge >> 7u8]),
        ("nim misere", spec("nim"), vec![huge.clone(), &huge + 12345u32, &huge >> 7u8]),
        ("bash", spec("bash --max 1000000"), vec![huge.clone()]),
        ("half", spec("half"), vec![huge.clone()]),
        ("moore k=2", spec("moore --k 2"), vec![huge.clone(), &huge + 1u8, &huge >> 3u8]),
        ("wythoff", spec("wythoff"), vec![huge.clone(), &huge + (&huge >> 1u8)]),
        ("fibonacci", spec("fibonacci"), vec![huge.clone(), &huge - 1u8]),
        ("staircase", spec("staircase"), vec![huge.clone(), &huge >> 2u8, &huge + 9u8]),
    ];
    // Theory charges no work, so one budget serves every iteration.
    let budget = Budget::default();
    for (name, spec, position) in cases {
        let game = spec.build(&budget).expect("valid spec");
        let position = game.check_position(&position).expect("a valid position");
        let play = if name.ends_with("misere") { Play::Misere } else { Play::Normal };
        let query = Query::new(Method::Theory, play);
        group.bench_function(name, |b| b.iter(|| game.analyze(&position, &query, &budget).expect("theory")));
    }
    group.finish();
}

criterion_group!(benches, search_throughput, dense_throughput, theory_huge_heaps);
criterion_main!(benches);
