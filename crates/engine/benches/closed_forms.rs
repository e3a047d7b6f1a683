//! Closed-form answers of subtraction, half and Moore's Nim on 300-digit heaps, and the
//! certified period search of subtraction games.
//!
//! Run: `cargo bench -p nimlab-engine --bench closed_forms`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use nimlab_engine::periodicity::certify_period;
use nimlab_engine::{AnyGame, BigUint, Budget, GameSpec, Method, Play, Query};

fn huge(seed: u32) -> BigUint {
    let digits: String = (0..300).map(|i| char::from(b'0' + ((i * 7 + seed * 3 + 1) % 10) as u8)).collect();
    format!("9{digits}").parse().expect("a decimal literal")
}

/// The game a spec text names, built under the default budget.
fn game(spec: &str) -> Box<dyn AnyGame> {
    let spec: GameSpec = spec.parse().expect("a valid spec");
    spec.build(&Budget::default()).expect("the game builds")
}

fn closed_forms(c: &mut Criterion) {
    // Theory charges no work, so one budget serves every iteration.
    let budget = Budget::default();
    let theory = |play| Query::new(Method::Theory, play);
    let half = game("half");
    let heap = half.check_position(&[huge(1)]).expect("a valid heap");
    c.bench_function("half: one 300-digit heap, theory", |b| {
        b.iter(|| half.analyze(black_box(&heap), &theory(Play::Normal), &budget))
    });
    c.bench_function("half misère: one 300-digit heap, theory", |b| {
        b.iter(|| half.analyze(black_box(&heap), &theory(Play::Misere), &budget))
    });

    let subtraction = game("subtraction --set 1,4,10");
    let heap = subtraction.check_position(&heap).expect("a valid heap");
    c.bench_function("subtraction {1,4,10}: one 300-digit heap, theory", |b| {
        b.iter(|| subtraction.analyze(black_box(&heap), &theory(Play::Normal), &budget))
    });

    let heaps: Vec<BigUint> = (1..=7).map(huge).collect();
    for k in [2, 5] {
        let moore = game(&format!("moore --k {k}"));
        let heaps = moore.check_position(&heaps).expect("valid heaps");
        c.bench_function(&format!("moore k={k}: seven 300-digit heaps, theory"), |b| {
            b.iter(|| moore.analyze(black_box(&heaps), &theory(Play::Normal), &budget))
        });
    }
}

/// Each certification runs under a fresh default budget, as one request would.
fn periods(c: &mut Criterion) {
    let sets: [&[u64]; 3] = [&[1, 4, 10], &[2, 3, 5, 7, 19], &[7, 13, 2000]];
    for set in sets {
        c.bench_function(&format!("certify_period {set:?}"), |b| {
            b.iter(|| certify_period(black_box(set), 10_000_000, &Budget::default()))
        });
    }
    let mut group = c.benchmark_group("slow periods");
    group.sample_size(10);
    group.bench_function("certify_period [1, 100000]", |b| {
        b.iter(|| certify_period(black_box(&[1, 100_000]), 10_000_000, &Budget::default()))
    });
    group.bench_function("certify_period [1, 9999999] (no certificate within 10^7 values)", |b| {
        b.iter(|| certify_period(black_box(&[1, 9_999_999]), 10_000_000, &Budget::default()))
    });
    group.finish();
}

criterion_group!(benches, closed_forms, periods);
criterion_main!(benches);
