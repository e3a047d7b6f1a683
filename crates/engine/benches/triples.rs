//! The dense sorted-triple solver: every three-pile position with piles <= 200 (1,373,701
//! sorted triples) for the apple game with S = 3, unbounded and bounded take from every pile.

use criterion::{criterion_group, criterion_main, Criterion};
use nimlab_engine::kernels::Apple;
use nimlab_engine::Budget;

fn apple_triples(c: &mut Criterion) {
    let mut group = c.benchmark_group("triples");
    group.sample_size(10);
    for bounded in [false, true] {
        let game = Apple::new(3, bounded).expect("S = 3 is valid");
        let name = if bounded { "apple_s3_bounded_piles_200" } else { "apple_s3_piles_200" };
        group.bench_function(name, |b| {
            b.iter(|| {
                // One unit per position and per option: about 10^8 units for piles <= 200.
                let table = game.triple_table(200, &Budget::new(1_000_000_000)).expect("fits the budget");
                assert_eq!(table.len(), 1_373_701);
                table
            })
        });
    }
    group.finish();
}

criterion_group!(benches, apple_triples);
criterion_main!(benches);
