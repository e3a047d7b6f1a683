//! The loopy engine against its definitions: the generalized Sprague-Grundy function checked
//! vertex by vertex and against the fixed-point iteration, outcomes against the values, sums
//! against a retrograde analysis of the sum's graph, on random digraphs with cycles.

use proptest::prelude::*;

use super::fair_shares::{partitions, FairShares};
use super::gsg::gsg_fixed_point;
use super::sum::{self, Component};
use super::*;

fn graph(n: usize, edges: &[(u32, u32)]) -> Digraph {
    let edges: Vec<(u32, u32)> = edges.iter().map(|&(u, v)| (u % n as u32, v % n as u32)).collect();
    Digraph::from_edges(n, &edges, &Budget::default()).unwrap()
}

/// A random digraph of 1..=`max` vertices and up to `degree` edges a vertex on average,
/// self-loops and cycles included.
fn digraph(max: usize, degree: usize) -> impl Strategy<Value = Digraph> {
    (1..=max).prop_flat_map(move |n| {
        proptest::collection::vec((0..n as u32, 0..n as u32), 0..=degree * n).prop_map(move |e| graph(n, &e))
    })
}

/// Remoteness by its definition at every decided vertex.
fn check_remoteness(g: &Digraph, s: &Solution) -> Result<(), String> {
    for u in 0..g.vertex_count() as u32 {
        let succ = g.successors(u);
        let r = s.remoteness(u);
        let expected = match s.outcome(u) {
            LoopyOutcome::D => None,
            _ if succ.is_empty() => Some(0),
            LoopyOutcome::N => succ
                .iter()
                .filter(|&&v| s.outcome(v) == LoopyOutcome::P)
                .map(|&v| s.remoteness(v).unwrap() + 1)
                .min(),
            LoopyOutcome::P => succ.iter().map(|&v| s.remoteness(v).unwrap() + 1).max(),
        };
        if r != expected {
            return Err(format!("vertex {u}: remoteness {r:?}, expected {expected:?}"));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_value_satisfies_the_definition(g in digraph(300, 3)) {
        let budget = Budget::default();
        let s = solve(&g, Play::Normal, &budget).unwrap();
        let gsg = s.gsg.as_ref().unwrap();
        prop_assert_eq!(check_definition(&g, gsg), Ok(()));
        prop_assert_eq!(&gsg_fixed_point(&g, &budget).unwrap(), &gsg.values);
        let naive = outcomes_fixed_point(&g, Play::Normal, &budget).unwrap();
        for u in 0..g.vertex_count() as u32 {
            prop_assert_eq!(s.value(&g, u).unwrap().outcome(), s.outcome(u), "vertex {}", u);
            prop_assert_eq!(naive[u as usize], s.outcome(u));
        }
        prop_assert_eq!(check_remoteness(&g, &s), Ok(()));
    }

    #[test]
    fn misere_outcomes_follow_their_definition(g in digraph(200, 3)) {
        let s = solve(&g, Play::Misere, &Budget::default()).unwrap();
        prop_assert!(s.gsg.is_none());
        prop_assert_eq!(s.outcomes.outcome.clone(), outcomes_fixed_point(&g, Play::Misere, &Budget::default()).unwrap());
        for u in 0..g.vertex_count() as u32 {
            if g.successors(u).is_empty() {
                prop_assert_eq!(s.outcome(u), LoopyOutcome::N);
                prop_assert_eq!(s.remoteness(u), Some(0));
            }
        }
    }

    #[test]
    fn sums_from_values_equal_the_sum_graph(
        parts in proptest::collection::vec(digraph(24, 2), 2..=3),
    ) {
        let budget = Budget::default();
        let refs: Vec<&Digraph> = parts.iter().collect();
        let whole = sum_graph(&refs, &budget).unwrap();
        let whole_solution = solve(&whole, Play::Normal, &budget).unwrap();
        let solutions: Vec<Solution> = parts.iter().map(|g| solve(g, Play::Normal, &budget).unwrap()).collect();
        let sizes: Vec<usize> = parts.iter().map(Digraph::vertex_count).collect();
        for index in 0..whole.vertex_count() {
            let mut rest = index;
            let mut vertices = vec![0u32; parts.len()];
            for j in (0..parts.len()).rev() {
                vertices[j] = (rest % sizes[j]) as u32;
                rest /= sizes[j];
            }
            let comps: Vec<Component<'_>> = (0..parts.len())
                .map(|j| Component { graph: &parts[j], solution: &solutions[j], vertex: vertices[j] })
                .collect();
            let value = sum::value_of(&comps);
            prop_assert_eq!(value.outcome(), whole_solution.outcome(index as u32), "sum vertex {} = {:?}", index, vertices);
            // The sum's value is its generalized Sprague-Grundy value.
            prop_assert_eq!(Some(value), whole_solution.value(&whole, index as u32));
            // Its good moves are the whole graph's good moves.
            let strides: Vec<usize> = (0..parts.len()).map(|j| sizes[j + 1..].iter().product()).collect();
            let mut from_values: Vec<u32> = sum::good_moves(&comps)
                .iter()
                .map(|m| (index - vertices[m.component] as usize * strides[m.component] + m.to as usize * strides[m.component]) as u32)
                .collect();
            from_values.sort_unstable();
            // Moves of two components may reach the same sum (two self-loops).
            from_values.dedup();
            let from_graph: Vec<u32> = whole_solution.good_moves(&whole, index as u32).collect();
            prop_assert_eq!(from_values, from_graph);
        }
    }
}

#[test]
fn a_cycle_is_a_draw_and_an_exit_decides_it() {
    let budget = Budget::default();
    let two_cycle = graph(2, &[(0, 1), (1, 0)]);
    let s = solve(&two_cycle, Play::Normal, &budget).unwrap();
    assert_eq!(s.value(&two_cycle, 0), Some(LoopyValue::Infinite(vec![])));
    assert_eq!(s.outcome(0), LoopyOutcome::D);
    assert_eq!(s.good_moves(&two_cycle, 0).collect::<Vec<_>>(), [1]);
    // a <-> b, a -> t: b must move to a, from where t wins: a = 1, b = 0, t = 0.
    let exit = graph(3, &[(0, 1), (1, 0), (0, 2)]);
    let s = solve(&exit, Play::Normal, &budget).unwrap();
    let values: Vec<String> = (0..3).map(|u| s.value(&exit, u).unwrap().to_string()).collect();
    assert_eq!(values, ["1", "0", "0"]);
    assert_eq!(s.remoteness(1), Some(2));
    // With a self-loop on b, b can stall forever: b = ∞(1)? b's followers are b (∞) and a.
    let stall = graph(3, &[(0, 1), (1, 0), (0, 2), (1, 1)]);
    let s = solve(&stall, Play::Normal, &budget).unwrap();
    assert_eq!(s.value(&stall, 1).unwrap().to_string(), "∞()");
    assert_eq!(s.value(&stall, 0).unwrap().to_string(), "∞(0)");
    assert_eq!(s.outcome(0), LoopyOutcome::N);
    assert_eq!(s.outcome(1), LoopyOutcome::D);
    assert_eq!(s.best_move(&stall, 1), Some(1));
    assert_eq!(s.best_move(&stall, 0), Some(2));
}

#[test]
fn the_json_form_of_infinity() {
    assert_eq!(serde_json::to_string(&LoopyValue::Nimber(3)).unwrap(), "3");
    assert_eq!(serde_json::to_string(&LoopyValue::Infinite(vec![0, 2])).unwrap(), r#"{"infinite":[0,2]}"#);
}

#[test]
fn the_budget_stops_every_analysis() {
    let n = 20_000u32;
    let edges: Vec<(u32, u32)> = (0..n).flat_map(|i| [(i, (i + 1) % n), (i, (i * 7 + 3) % n)]).collect();
    let g = Digraph::from_edges(n as usize, &edges, &Budget::default()).unwrap();
    for play in [Play::Normal, Play::Misere] {
        let e = solve(&g, play, &Budget::new(30_000)).unwrap_err();
        assert!(e.is_budget(), "{e}");
    }
    let e = explore(&FairShares, &[vec![60]], &Budget::new(10_000)).unwrap_err();
    assert!(matches!(e, GraphError::Exhausted(_)), "{e}");
}

/// Every position of Fair Shares and Varied Pairs with up to 16 coins: the values satisfy the
/// definition, and the outcomes equal a retrograde analysis of the whole position graph.
#[test]
fn fair_shares_up_to_16_coins() {
    let budget = Budget::default();
    let roots: Vec<Vec<u64>> = (1..=16).flat_map(partitions).collect();
    let (g, positions) = explore(&FairShares, &roots, &budget).unwrap();
    assert_eq!(g.vertex_count(), roots.len(), "every partition, nothing else");
    let s = solve(&g, Play::Normal, &budget).unwrap();
    assert_eq!(check_definition(&g, s.gsg.as_ref().unwrap()), Ok(()));
    let naive = outcomes_fixed_point(&g, Play::Normal, &budget).unwrap();
    let mut draws = 0;
    for u in 0..g.vertex_count() as u32 {
        assert_eq!(s.value(&g, u).unwrap().outcome(), naive[u as usize], "{:?}", positions[u as usize]);
        draws += usize::from(naive[u as usize] == LoopyOutcome::D);
    }
    // The row of single coins is the only end; a single heap of a prime p > 1 can only split
    // into p coins, a P-position, so it is N (value 1 or more).
    let one = |p: Vec<u64>| s.value(&g, positions.iter().position(|x| *x == p).unwrap() as u32).unwrap();
    assert_eq!(one(vec![1; 5]), LoopyValue::Nimber(0));
    assert_eq!(one(vec![7]).outcome(), LoopyOutcome::N);
    assert!(draws > 0, "Fair Shares and Varied Pairs has draws");
}
