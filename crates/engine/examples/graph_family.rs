//! Times the component engine on a one-parameter family of graphs, for docs/graphs.md:
//! `cargo run --release --example graph_family -- vertex grid:3xn 1 20 [forms|shapes|pruned|pruned-shapes]`
//! (`shapes`: no canonical forms; `pruned`: Beling and Rogalski's pruned search).
//! Prints each term with the seconds it took and the tables' entries.

use std::time::Instant;

use nimlab_engine::graphs::{ComponentSolver, Deletion, Memo};
use nimlab_engine::kernels::{build_graph, instantiate_family};
use nimlab_engine::Budget;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let deletion =
        if args.first().map(String::as_str) == Some("edge") { Deletion::Edge } else { Deletion::Vertex };
    let template = args.get(1).map_or("grid:3xn", String::as_str);
    let from: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let to: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(16);
    let way = args.get(4).map_or("forms", String::as_str);
    let forms = !way.ends_with("shapes");
    let pruned = way.starts_with("pruned");
    let budget = Budget::new(u64::MAX / 4).with_memory_ceiling(8 << 30);
    let mut memo = Memo::new(deletion);
    let start = Instant::now();
    for n in from..=to {
        let text = instantiate_family(template, n).expect("a template with n");
        let graph = build_graph(&text).expect("a graph");
        let t = Instant::now();
        let solver = ComponentSolver::new(graph.clone(), &mut memo);
        let mut solver = if forms { solver } else { solver.without_forms() };
        let value = if pruned {
            solver.value_pruned(&graph.vertices(), &budget)
        } else {
            solver.value(&graph.vertices(), &budget)
        }
        .expect("within the budget");
        let states = solver.states();
        println!(
            "{text}\t{value}\t{:.3} s\t(total {:.3} s)\t{states} entries\t{} solved\t{} evicted",
            t.elapsed().as_secs_f64(),
            start.elapsed().as_secs_f64(),
            memo.solved,
            memo.evicted()
        );
    }
}
