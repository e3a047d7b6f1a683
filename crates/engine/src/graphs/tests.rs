//! The component engine against the plain search, on random graphs and on families whose values
//! are known (paths are octal games).

use proptest::prelude::*;

use super::*;
use crate::budget::Budget;
use crate::solve::GrundySolver;

fn random_graph(n: usize, edges: &[(usize, usize)]) -> Graph {
    let names = (0..n).map(|i| i.to_string()).collect();
    let edges = edges.iter().filter(|&&(u, v)| u < n && v < n).map(|&(u, v)| (u as u16, v as u16)).collect();
    Graph::new(names, edges).unwrap()
}

fn plain(graph: &Graph, deletion: Deletion, left: &VSet) -> u32 {
    let mut solver = GrundySolver::new(DeletionGame { graph: graph.clone(), deletion });
    solver.value(left, &Budget::default()).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Node-Kayles and Arc-Kayles on random graphs of up to 14 vertices, from the whole graph and
    /// from a position after some deletions: the component engine equals the plain search.
    #[test]
    fn components_equal_the_plain_search(
        n in 1usize..=14,
        edges in proptest::collection::vec((0usize..14, 0usize..14), 0..40),
        deleted in proptest::collection::vec(0usize..14, 0..4),
    ) {
        let graph = random_graph(n, &edges);
        let mut left = graph.vertices();
        for v in deleted.into_iter().filter(|&v| v < n) {
            left.remove(v);
        }
        for deletion in [Deletion::Vertex, Deletion::Edge] {
            let mut memo = Memo::new(deletion);
            let fast = ComponentSolver::new(graph.clone(), &mut memo).value(&left, &Budget::default()).unwrap();
            prop_assert_eq!(fast, plain(&graph, deletion, &left), "{:?} on {:?}", deletion, graph.simple_edges());
            let mut memo = Memo::new(deletion);
            let unformed = ComponentSolver::new(graph.clone(), &mut memo).without_forms().value(&left, &Budget::default()).unwrap();
            prop_assert_eq!(unformed, fast);
            let mut memo = Memo::new(deletion);
            let pruned = ComponentSolver::new(graph.clone(), &mut memo).value_pruned(&left, &Budget::default()).unwrap();
            prop_assert_eq!(pruned, fast);
        }
    }

    /// Boards: shapes keyed by the lattice give the plain search's values on grids with holes.
    #[test]
    fn shapes_equal_the_plain_search(rows in 1u16..=4, cols in 1u16..=4, holes in any::<u16>()) {
        let cells: Vec<(u16, u16)> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| holes >> (r * 4 + c) & 1 == 0 || (r, c) == (0, 0))
            .collect();
        for lattice in [Lattice::Grid, Lattice::Queens] {
            let graph = Graph::on_board(lattice, rows, cols, cells.clone()).unwrap();
            for deletion in [Deletion::Vertex, Deletion::Edge] {
                let mut memo = Memo::new(deletion);
                let fast = ComponentSolver::new(graph.clone(), &mut memo).value(&graph.vertices(), &Budget::default()).unwrap();
                prop_assert_eq!(fast, plain(&graph, deletion, &graph.vertices()));
                let mut memo = Memo::new(deletion);
                let pruned = ComponentSolver::new(graph.clone(), &mut memo).value_pruned(&graph.vertices(), &Budget::default()).unwrap();
                prop_assert_eq!(pruned, fast);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The shift paths of dense boards (components of a grid, shapes on grid and queens boards) equal
    /// the general paths (flooding along the adjacency, keying cell by cell), on random subsets
    /// of boards up to 16 rows and 64 columns (and a few beyond, which take the general paths).
    #[test]
    fn dense_board_shifts_equal_the_general_paths(
        rows in 1u16..=16,
        cols in 1u16..=72,
        words in any::<[u64; 4]>(),
        sparse in any::<[u64; 4]>(),
    ) {
        let cols = cols.min(256 / rows);
        let cells = (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).collect();
        let graph = Graph::on_board(Lattice::Grid, rows, cols, cells).unwrap();
        // Dense and sparse subsets: with about 3/4 and 1/4 of the cells.
        for bits in [VSet(std::array::from_fn(|i| words[i] | sparse[i])), VSet(std::array::from_fn(|i| words[i] & sparse[i]))] {
            let within = bits.and(&graph.vertices());
            let (mut fast, mut general) = (Vec::new(), Vec::new());
            graph.components(&within, &mut fast);
            graph.flood_components(&within, &mut general);
            prop_assert_eq!(&fast, &general);
            let queens = Graph::on_board(Lattice::Queens, rows, cols, graph.board().unwrap().cells.clone()).unwrap();
            for board in [graph.board().unwrap(), queens.board().unwrap()] {
                for part in &fast {
                    if let Some(key) = components::dense_shape_key(board, part) {
                        prop_assert_eq!(Some(key), components::general_shape_key(board, part));
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Misère play on boards with holes (grid and queens lattices, both games): the search by
    /// regions' shapes equals the plain misère search.
    #[test]
    fn misere_regions_equal_the_plain_search(rows in 1u16..=4, cols in 1u16..=4, holes in any::<u16>()) {
        let cells: Vec<(u16, u16)> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| holes >> (r * 4 + c) & 1 == 0 || (r, c) == (0, 0))
            .collect();
        for lattice in [Lattice::Grid, Lattice::Queens] {
            let graph = Graph::on_board(lattice, rows, cols, cells.clone()).unwrap();
            for deletion in [Deletion::Vertex, Deletion::Edge] {
                let plain = crate::solve::MisereSolver::misere(DeletionGame { graph: graph.clone(), deletion })
                    .value(&graph.vertices(), &Budget::default())
                    .unwrap();
                let mut memo = MisereMemo::new(deletion);
                let by_regions =
                    regions::misere_outcome(&graph, &graph.vertices(), &mut memo, &Budget::default()).unwrap().unwrap();
                prop_assert_eq!(by_regions, plain, "{:?} {:?}", lattice, deletion);
            }
        }
    }
}

/// A316632 (Node-Kayles on the 3 x n grid) for n = 1..16, as published; the 2 x n grids
/// alternate 1, 0 and the 4 x n grids are 0 (the comments of A316632).
#[test]
fn node_kayles_on_grids_is_as_published() {
    let published = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];
    // The full search, then the pruned one on a memo of its own.
    for pruned in [false, true] {
        let mut memo = Memo::new(Deletion::Vertex);
        for (n, &value) in published.iter().enumerate() {
            let graph = family::build(&format!("grid:3x{}", n + 1)).unwrap();
            let mut solver = ComponentSolver::new(graph.clone(), &mut memo);
            let got = if pruned {
                solver.value_pruned(&graph.vertices(), &Budget::default())
            } else {
                solver.value(&graph.vertices(), &Budget::default())
            };
            assert_eq!(got.unwrap(), value, "3 x {} (pruned: {pruned})", n + 1);
        }
    }
    let mut memo = Memo::new(Deletion::Vertex);
    for n in 1..=12 {
        for (rows, value) in [(2, n % 2), (4, 0)] {
            let graph = family::build(&format!("grid:{rows}x{n}")).unwrap();
            let got = ComponentSolver::new(graph.clone(), &mut memo)
                .value(&graph.vertices(), &Budget::default())
                .unwrap();
            assert_eq!(got, value as u32, "{rows} x {n}");
        }
    }
}

#[test]
fn a_full_table_evicts_instead_of_failing() {
    let graph = family::build("grid:3x10").unwrap();
    let mut roomy = Memo::new(Deletion::Vertex);
    let want =
        ComponentSolver::new(graph.clone(), &mut roomy).value(&graph.vertices(), &Budget::default()).unwrap();
    // A memory limit that leaves the tables their least capacity.
    let tight = Budget::new(u64::MAX / 8).with_memory_ceiling(20_000);
    let mut memo = Memo::new(Deletion::Vertex);
    let got = ComponentSolver::new(graph.clone(), &mut memo).value(&graph.vertices(), &tight).unwrap();
    assert_eq!(got, want);
    assert!(memo.evicted() > 0, "the tables never filled: {} states", memo.states());
    assert!(memo.states() < roomy.states());
}

/// A344227 (Node-Kayles on the n x n queens graph, the non-attacking queens game) for
/// n = 1..8, as published.
#[test]
fn node_kayles_on_queens_graphs_is_as_published() {
    let published = [1, 1, 2, 1, 3, 1, 2, 3];
    let mut memo = Memo::new(Deletion::Vertex);
    for (n, &value) in published.iter().enumerate() {
        let graph = family::build(&format!("queens:{}", n + 1)).unwrap();
        let got = ComponentSolver::new(graph.clone(), &mut memo)
            .value(&graph.vertices(), &Budget::default())
            .unwrap();
        assert_eq!(got, value, "queens {}", n + 1);
        let mut pruned = Memo::new(Deletion::Vertex);
        let got = ComponentSolver::new(graph.clone(), &mut pruned)
            .value_pruned(&graph.vertices(), &Budget::default())
            .unwrap();
        assert_eq!(got, value, "queens {} (pruned)", n + 1);
    }
}

/// Paths are octal games: Node-Kayles on a path of n vertices is Dawson's chess (0.137) on a
/// heap of n, Arc-Kayles is Dawson's Kayles (0.07). The component engine's two searches give
/// their values on paths drawn as one-row boards (`grid:1xN`, keyed by shape) of up to 256
/// vertices (the most a graph holds), one in every five, and on paths keyed by canonical form
/// (`path:N`) up to 40.
#[test]
fn paths_are_the_octal_games() {
    for (deletion, code) in [(Deletion::Vertex, "0.137"), (Deletion::Edge, "0.07")] {
        let mut octal = crate::octal::Sequence::octal(&code.parse().unwrap());
        octal.extend_to(257, |_| std::ops::ControlFlow::Continue(())).unwrap();
        let (mut boards, mut forms) = (Memo::new(deletion), Memo::new(deletion));
        let members = (1..=256)
            .filter(|n| n % 5 == 1 || *n == 256)
            .map(|n| (n, format!("grid:1x{n}")))
            .chain((1..=40).map(|n| (n, format!("path:{n}"))));
        for (n, text) in members {
            let graph = family::build(&text).unwrap();
            let want = octal.value(n as u64).unwrap();
            let memo = if text.starts_with("grid") { &mut boards } else { &mut forms };
            let mut solver = ComponentSolver::new(graph.clone(), memo);
            assert_eq!(
                solver.value_pruned(&graph.vertices(), &Budget::default()).unwrap(),
                want,
                "{code}, {text}"
            );
            assert_eq!(
                solver.value(&graph.vertices(), &Budget::default()).unwrap(),
                want,
                "{code}, {text} (full)"
            );
        }
    }
}
