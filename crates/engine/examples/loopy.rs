//! Timing of the loopy engine (docs/benchmarks.md): the generalized Sprague-Grundy function
//! and the retrograde outcomes of a random digraph, against the straightforward fixed-point
//! iteration of the same stages (`nimlab_engine::loopy::gsg_fixed_point`), which must
//! give the same values.
//!
//! `cargo run --release -p nimlab-engine --example loopy -- VERTICES EDGES [FIXED_POINT_SECONDS
//! [BACK_PER_MILLE]]`
//!
//! The graph (xorshift64*, seed 1): each edge's tail is drawn uniformly; its head is drawn
//! below the tail (toward vertex 0, a dead end but for back edges) except for `BACK_PER_MILLE` edges in a thousand
//! (default 20), whose head is drawn uniformly: cycles and self-loops among a mostly acyclic
//! graph, so that values are large, draws exist and the stages have work; the vertex ids are
//! then shuffled. With
//! `BACK_PER_MILLE = 1000` every head is uniform (nearly every vertex is then ∞).

use std::time::{Duration, Instant};

use nimlab_engine::loopy::gsg_fixed_point;
use nimlab_engine::loopy::{generalized_sprague_grundy, retrograde, Digraph, LoopyOutcome, INFINITE};
use nimlab_engine::{Budget, Play};

fn peak_rss_mib() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM"))
                .map(|l| l.split_whitespace().nth(1).unwrap_or("?").to_string())
        })
        .and_then(|kb| kb.parse::<u64>().ok())
        .map_or("?".into(), |kb| format!("{} MiB", kb / 1024))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1_000_000);
    let m: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10_000_000);
    let fixed_secs: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(600);
    let back: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(20);
    let mut state = 1u64;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    let mut edges: Vec<(u32, u32)> = Vec::with_capacity(m);
    while edges.len() < m {
        let u = next() % n as u64;
        let v = if next() % 1000 < back {
            next() % n as u64
        } else if u > 0 {
            next() % u
        } else {
            continue;
        };
        edges.push((u as u32, v as u32));
    }
    // Vertex ids shuffled (Fisher-Yates), so that no algorithm meets the vertices in the
    // order of the graph's construction (a sweep from 0 up would follow it topologically).
    let mut id: Vec<u32> = (0..n as u32).collect();
    for i in (1..n).rev() {
        id.swap(i, (next() % (i as u64 + 1)) as usize);
    }
    for e in &mut edges {
        *e = (id[e.0 as usize], id[e.1 as usize]);
    }
    let budget = Budget::new(u64::MAX);
    let t = Instant::now();
    let graph = Digraph::from_edges(n, &edges, &budget).expect("the graph");
    drop(edges);
    println!("back edges: {back} per mille");
    println!(
        "graph: {} vertices, {} edges, built in {:.2} s, {} MiB",
        graph.vertex_count(),
        graph.edge_count(),
        t.elapsed().as_secs_f64(),
        graph.held_bytes() >> 20
    );
    let t = Instant::now();
    let gsg = generalized_sprague_grundy(&graph, &budget).expect("the values");
    let gsg_time = t.elapsed().as_secs_f64();
    let infinite = gsg.values.iter().filter(|&&v| v == INFINITE).count();
    println!(
        "generalized Sprague-Grundy (retrograde): {gsg_time:.2} s, largest finite value {:?}, {infinite} vertices ∞, {} units",
        gsg.largest_finite(),
        budget.used()
    );
    let t = Instant::now();
    let reverse = graph.reverse(&budget).expect("the reverse");
    let outcomes = retrograde(&graph, &reverse, Play::Normal, &budget).expect("the outcomes");
    let draws = outcomes.outcome.iter().filter(|&&o| o == LoopyOutcome::D).count();
    println!(
        "outcomes and remoteness (retrograde, reverse included): {:.2} s, {draws} draws",
        t.elapsed().as_secs_f64()
    );
    println!("peak resident memory so far: {}", peak_rss_mib());
    let t = Instant::now();
    let limited = Budget::with_timeout(u64::MAX, Duration::from_secs(fixed_secs));
    match gsg_fixed_point(&graph, &limited) {
        Ok(values) => {
            let fixed = t.elapsed().as_secs_f64();
            assert_eq!(values, gsg.values, "the fixed-point iteration agrees");
            println!("fixed-point iteration: {fixed:.2} s (same values), ratio {:.1}", fixed / gsg_time);
        }
        Err(e) => println!("fixed-point iteration: stopped after {:.0} s ({e})", t.elapsed().as_secs_f64()),
    }
}
