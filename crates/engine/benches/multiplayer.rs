//! n-player values of Large Nim: the dense sorted-heap table against the memoized search.
//!
//! `cargo bench -p nimlab-engine --bench multiplayer`

use criterion::{criterion_group, criterion_main, Criterion};
use nimlab_engine::kernels::{sorted_heap_table, ByOptions, LargeNim, SortedTuples};
use nimlab_engine::large_nim::explore;
use nimlab_engine::{Budget, MultiplayerSolver, StandardAlliance, Terminal};

fn four_players() -> StandardAlliance {
    StandardAlliance::new(4, Terminal::MoverWins).expect("4 >= 2 players")
}

/// A work budget for the dense tables below: one unit per position and per option, and at
/// least one per position the table holds (the 6-heap table to 30 needs about 6 * 10^7).
const TABLE_WORK: u64 = 1_000_000_000;

/// Every position of at most 6 heaps of at most 30 (1,947,792 multisets, 1,623,160 of exactly
/// 6 heaps) for 4 players, by the dense table.
fn dense_six_heaps_to_30(c: &mut Criterion) {
    let mut group = c.benchmark_group("large-nim n=4");
    group.sample_size(10);
    group.bench_function("dense table, <= 6 heaps <= 30", |b| {
        b.iter(|| {
            let table = sorted_heap_table(&LargeNim, &four_players(), 6, 30, &Budget::new(TABLE_WORK))
                .expect("in budget");
            assert_eq!(table.len(), 1_947_792);
        })
    });
    // The generic path through Game::options against Large Nim's own option listing.
    group.bench_function("dense table via visit_options, <= 6 heaps <= 20", |b| {
        b.iter(|| {
            sorted_heap_table(&LargeNim, &four_players(), 6, 20, &Budget::new(TABLE_WORK)).expect("in budget")
        })
    });
    group.bench_function("dense table via Game::options, <= 6 heaps <= 20", |b| {
        b.iter(|| {
            sorted_heap_table(&ByOptions(&LargeNim), &four_players(), 6, 20, &Budget::new(TABLE_WORK))
                .expect("in budget")
        })
    });
    // The memoized search on a smaller range, for comparison: every position of at most 5 heaps
    // of at most 15 (15,504 multisets).
    let positions: Vec<Vec<u64>> = SortedTuples::new(5, 15).collect();
    group.bench_function("memoized search, <= 5 heaps <= 15", |b| {
        b.iter(|| {
            let mut solver = MultiplayerSolver::multiplayer(LargeNim, four_players());
            let budget = Budget::default();
            for p in &positions {
                solver.value(p, &budget).expect("in budget");
            }
            assert_eq!(solver.states(), positions.len());
        })
    });
    group.bench_function("dense table, <= 5 heaps <= 15", |b| {
        b.iter(|| {
            sorted_heap_table(&LargeNim, &four_players(), 5, 15, &Budget::new(TABLE_WORK)).expect("in budget")
        })
    });
    group.finish();
}

/// The explorer's tables of docs/large-nim.md.
fn explore_tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("explore large-nim");
    group.sample_size(10);
    group.bench_function("n=3 N=6 max 10", |b| {
        b.iter(|| explore(3, 6, 10, &Budget::default()).expect("in budget"))
    });
    group.finish();
}

criterion_group!(benches, dense_six_heaps_to_30, explore_tables);
criterion_main!(benches);
