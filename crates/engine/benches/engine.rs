//! Engine benchmarks: generic search throughput and closed-form answers on huge heaps.
//!
//! Run with `cargo bench -p nimlab-engine --bench engine`; figures go in docs/benchmarks.md.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use nimlab_engine::rulesets::nim::Nim;
use nimlab_engine::{build_ruleset, BigUint, Budget, GameSpec, GrundySolver, Method, Play};

/// Search throughput: solve every position of a 3-heap Nim grid from scratch.
fn search_nim_grid(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    let bound = 20u64;
    // Canonical (sorted, zero-free) positions with three heaps <= 20: C(23, 3) = 1771.
    let states = {
        let mut solver = GrundySolver::new(Nim);
        solver.value(&vec![bound; 3]).expect("within budget");
        solver.states() as u64
    };
    group.throughput(Throughput::Elements(states));
    group.bench_function(BenchmarkId::new("nim-3-heaps", bound), |b| {
        b.iter(|| {
            let mut solver = GrundySolver::new(Nim);
            for x in 0..=bound {
                for y in x..=bound {
                    for z in y..=bound {
                        solver.value(&vec![x, y, z]).expect("within budget");
                    }
                }
            }
            solver.states()
        })
    });
    group.finish();
}

/// Closed forms on 300-digit heaps.
fn theory_huge_heaps(c: &mut Criterion) {
    let mut group = c.benchmark_group("theory-300-digits");
    let huge: BigUint = "7".repeat(300).parse().expect("digits");
    let cases: Vec<(&str, GameSpec, Vec<BigUint>)> = vec![
        ("nim", GameSpec::named("nim"), vec![huge.clone(), &huge + 12345u32, &huge >> 7u8]),
        ("bash", GameSpec { max: Some(1_000_000), ..GameSpec::named("bash") }, vec![huge.clone()]),
    ];
    for (name, spec, position) in cases {
        let game = build_ruleset(&spec, Budget::default()).expect("valid spec");
        group.bench_function(name, |b| {
            b.iter(|| game.analyze(&position, Method::Theory, Play::Normal).expect("theory"))
        });
    }
    group.finish();
}

criterion_group!(benches, search_nim_grid, theory_huge_heaps);
criterion_main!(benches);
