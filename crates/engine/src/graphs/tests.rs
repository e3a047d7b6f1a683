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
                // Asked whether the value is at most each bound, with a fresh memo and with one
                // that already holds the other answers.
                let mut shared = Memo::new(deletion);
                for bound in 0..=fast + 1 {
                    let mut memo = Memo::new(deletion);
                    let at_most = ComponentSolver::new(graph.clone(), &mut memo).value_at_most(&graph.vertices(), bound, &Budget::default()).unwrap();
                    prop_assert_eq!(at_most, (fast <= bound).then_some(fast), "bound {}", bound);
                    let again = ComponentSolver::new(graph.clone(), &mut shared).value_at_most(&graph.vertices(), bound, &Budget::default()).unwrap();
                    prop_assert_eq!(again, at_most);
                }
            }
        }
    }
}

/// A graph of maximum degree two: the chains `(length, closed)` one after the other, a closed
/// chain of three or more vertices a cycle, any other a path.
fn chains_graph(chains: &[(usize, bool)]) -> Graph {
    let (mut edges, mut first) = (Vec::new(), 0);
    for &(length, closed) in chains {
        edges.extend((first..first + length - 1).map(|v| (v, v + 1)));
        if closed && length >= 3 {
            edges.push((first + length - 1, first));
        }
        first += length;
    }
    random_graph(first, &edges)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Graphs of maximum degree two (unions of paths and cycles, after some deletions), valued
    /// by their chains' lengths: the plain search's values, and the general component engine's.
    #[test]
    fn chains_equal_the_plain_search(
        chains in proptest::collection::vec((1usize..=7, any::<bool>()), 1..=3),
        deleted in proptest::collection::vec(0usize..14, 0..3),
    ) {
        let graph = chains_graph(&chains);
        let mut left = graph.vertices();
        for v in deleted.into_iter().filter(|&v| v < graph.order()) {
            left.remove(v);
        }
        for deletion in [Deletion::Vertex, Deletion::Edge] {
            let mut memo = Memo::new(deletion);
            let by_chains = ComponentSolver::new(graph.clone(), &mut memo).value(&left, &Budget::default()).unwrap();
            prop_assert_eq!(by_chains, plain(&graph, deletion, &left), "{:?} on {:?}", deletion, chains);
            let mut memo = Memo::new(deletion);
            let general = ComponentSolver::new(graph.clone(), &mut memo).without_chains().value_pruned(&left, &Budget::default()).unwrap();
            prop_assert_eq!(general, by_chains);
        }
    }
}

/// A chain's moves are the graph's: on every path of up to 12 vertices and every cycle of 3 to
/// 12, the deletion rule applied along the chain leaves the same components (by their sizes) as
/// the graph engine's moves on `path:N` and `cycle:N`.
#[test]
fn chain_moves_are_the_graph_moves() {
    use super::chains::Chain;
    for deletion in [Deletion::Vertex, Deletion::Edge] {
        for (chain, text) in (1..=12)
            .map(|n| (Chain::Path(n), format!("path:{n}")))
            .chain((3..=12).map(|n| (Chain::Cycle(n), format!("cycle:{n}"))))
        {
            let graph = family::build(&text).unwrap();
            let mut by_graph: Vec<Vec<usize>> = deletion
                .moves(&graph, &graph.vertices())
                .iter()
                .map(|deleted| {
                    let mut parts = Vec::new();
                    graph.components(&graph.vertices().minus(deleted), &mut parts);
                    let mut sizes: Vec<usize> = parts.iter().map(VSet::len).collect();
                    sizes.sort_unstable();
                    sizes
                })
                .collect();
            let mut by_chain: Vec<Vec<usize>> = chain
                .moves(deletion)
                .map(|deleted| {
                    let mut sizes: Vec<usize> = chain.rest(&deleted).collect();
                    sizes.sort_unstable();
                    sizes
                })
                .collect();
            for list in [&mut by_graph, &mut by_chain] {
                list.sort_unstable();
            }
            // The graph lists a set two moves delete once (a path of two vertices), the chain
            // twice: compare the options as sets.
            by_chain.dedup();
            by_graph.dedup();
            assert_eq!(by_chain, by_graph, "{deletion:?}, {text}");
        }
    }
}

/// Node-Kayles and Arc-Kayles on paths of up to 10^4 vertices, valued by their chains, are
/// Dawson's chess (0.137) and Dawson's Kayles (0.07) as the octal engine computes them; cycles
/// of up to 10^4 are 1 exactly when the path a move leaves (of `n - 3`, resp. `n - 2`) is 0.
#[test]
fn chains_are_the_octal_games_to_ten_thousand() {
    use super::chains::{Chain, ChainValues};
    const LONGEST: usize = 10_000;
    for (deletion, code, cut) in [(Deletion::Vertex, "0.137", 3), (Deletion::Edge, "0.07", 2)] {
        let mut octal = crate::octal::Sequence::octal(&code.parse().unwrap());
        octal.extend_to(LONGEST as u64 + 1, |_| std::ops::ControlFlow::Continue(())).unwrap();
        let mut chains = ChainValues::new(deletion);
        let budget = Budget::default();
        for n in 1..=LONGEST {
            assert_eq!(
                chains.value(Chain::Path(n), &budget).unwrap(),
                octal.value(n as u64).unwrap(),
                "{code}, path of {n}"
            );
            if n >= 3 {
                let leaves = octal.value((n - cut) as u64).unwrap();
                assert_eq!(
                    chains.value(Chain::Cycle(n), &budget).unwrap(),
                    u32::from(leaves == 0),
                    "{code}, cycle of {n}"
                );
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
                    if let Some(key) = shape::dense_shape_key(board, part) {
                        prop_assert_eq!(Some(key), shape::general_shape_key(board, part));
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
/// heap of n, Arc-Kayles is Dawson's Kayles (0.07). The general component engine's two
/// searches (without chains) give their values on paths drawn as one-row boards (`grid:1xN`,
/// keyed by shape) of up to 256 vertices (the most a graph holds), one in every five, and on
/// paths keyed by canonical form (`path:N`) up to 40.
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
            let mut solver = ComponentSolver::new(graph.clone(), memo).without_chains();
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

/// Node-Kayles on the scalloped paths (`scalloped:N`: a path with each vertex also joined to the
/// third next) is OEIS A317367 (offset 4), by the pruned and the full search, n = 4..=40.
#[test]
fn scalloped_paths_are_as_published() {
    const A317367: [u32; 37] = [
        0, 2, 1, 3, 0, 1, 1, 3, 0, 2, 3, 3, 2, 2, 3, 4, 2, 4, 0, 4, 2, 5, 3, 2, 2, 3, 3, 2, 0, 3, 1, 1, 0, 3,
        1, 2, 0,
    ];
    let mut memo = Memo::new(Deletion::Vertex);
    for (n, &want) in (4..).zip(&A317367) {
        let graph = family::build(&format!("scalloped:{n}")).unwrap();
        let mut solver = ComponentSolver::new(graph.clone(), &mut memo);
        assert_eq!(
            solver.value_pruned(&graph.vertices(), &Budget::default()).unwrap(),
            want,
            "scalloped:{n}"
        );
        assert_eq!(
            solver.value(&graph.vertices(), &Budget::default()).unwrap(),
            want,
            "scalloped:{n} (full)"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Boards with holes made symmetric under the half turn or a mirror: whenever the symmetry
    /// strategy's check says the second player wins, the plain search values the board 0, and
    /// the pruned search (which answers such a component and such options by the check) equals
    /// the exact one.
    #[test]
    fn mirrored_boards_are_zero(rows in 1u16..=4, cols in 1u16..=5, holes in any::<u32>(), which in 0usize..3) {
        let image = |r: u16, c: u16| match which {
            0 => (rows - 1 - r, cols - 1 - c),
            1 => (rows - 1 - r, c),
            _ => (r, cols - 1 - c),
        };
        let blocked = |r: u16, c: u16| holes >> (r * 5 + c) & 1 == 1;
        let cells: Vec<(u16, u16)> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| { let (r2, c2) = image(r, c); !blocked(r, c) && !blocked(r2, c2) })
            .collect();
        prop_assume!(!cells.is_empty());
        for lattice in [Lattice::Grid, Lattice::Queens] {
            let graph = Graph::on_board(lattice, rows, cols, cells.clone()).unwrap();
            for deletion in [Deletion::Vertex, Deletion::Edge] {
                let mut memo = Memo::new(deletion);
                let solver = ComponentSolver::new(graph.clone(), &mut memo);
                if solver.mirrored(&graph.vertices()) {
                    prop_assert_eq!(plain(&graph, deletion, &graph.vertices()), 0, "{:?} {:?}", deletion, cells);
                }
                let mut memo = Memo::new(deletion);
                let exact = ComponentSolver::new(graph.clone(), &mut memo).value(&graph.vertices(), &Budget::default()).unwrap();
                let mut memo = Memo::new(deletion);
                let pruned = ComponentSolver::new(graph.clone(), &mut memo).value_pruned(&graph.vertices(), &Budget::default()).unwrap();
                prop_assert_eq!(pruned, exact);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A grid component held in a word ([`super::word::Word`]) has the graph's moves: for each
    /// game, the options' parts (as shape keys, sorted) are the same multiset by the word's shifts
    /// as by the graph, on random subsets of grid boards of up to 64 cells.
    #[test]
    fn words_have_the_graphs_options(rows in 1u16..=8, cols in 1u16..=16, bits in any::<u64>(), more in any::<u64>()) {
        let cols = cols.min(64 / rows);
        let cells = (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).collect();
        let graph = Graph::on_board(Lattice::Grid, rows, cols, cells).unwrap();
        let board = graph.board().unwrap();
        let within = VSet([bits | more, 0, 0, 0]).and(&graph.vertices());
        let mut parts = Vec::new();
        graph.components(&within, &mut parts);
        for part in parts {
            let key = shape::board_shape_key(board, &part).unwrap();
            let Some(word) = super::word::Word::from_key(&key) else { continue };
            prop_assert_eq!(word.len(), part.len());
            let key_of = |part: super::word::Word| [part.head(), part.bits, 0, 0, 0];
            prop_assert_eq!(key_of(word.part(word.bits)), key);
            for deletion in [Deletion::Vertex, Deletion::Edge] {
                let mut by_graph: Vec<Vec<[u64; 5]>> = deletion
                    .moves(&graph, &part)
                    .iter()
                    .map(|deleted| {
                        let mut split = Vec::new();
                        graph.components(&part.minus(deleted), &mut split);
                        let mut keys: Vec<_> = split.iter().map(|p| shape::board_shape_key(board, p).unwrap()).collect();
                        keys.sort_unstable();
                        keys
                    })
                    .collect();
                let mut moves = Vec::new();
                word.moves(deletion, &mut moves);
                let mut by_word: Vec<Vec<[u64; 5]>> = moves
                    .iter()
                    .map(|&deleted| {
                        let mut split = Vec::new();
                        word.components(word.bits & !deleted, &mut split);
                        let mut keys: Vec<_> = split.iter().map(|&p| key_of(word.part(p))).collect();
                        keys.sort_unstable();
                        keys
                    })
                    .collect();
                if deletion == Deletion::Edge {
                    // The word lists its dominoes in the order of `centre_first`.
                    let (w, h) = (u32::from(key[0] as u16), u32::from((key[0] >> 16) as u16));
                    let at = |cell: u32| (cell / w, cell % w);
                    let mut sorted = moves.clone();
                    sorted.sort_by_key(|m| super::shape::centre_first(h, w, at(m.trailing_zeros()), at(63 - m.leading_zeros())));
                    prop_assert_eq!(moves, sorted);
                }
                by_graph.sort_unstable();
                by_word.sort_unstable();
                prop_assert_eq!(by_word, by_graph, "{:?}", deletion);
            }
        }
    }
}

/// The dominoes across that another move copies ([`super::word::Word::copied_across`]) in the
/// square `a b / c d` of the board `... / ..# / .##`: `a` and `d` have no neighbour but `b` and
/// `c`, so `a`–`b` and `c`–`d` are cut, which leaves two paths of three cells (each 1).
#[test]
fn copied_dominoes_are_cut() {
    let cells = vec![(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 0)];
    let graph = Graph::on_board(Lattice::Grid, 3, 3, cells).unwrap();
    let key = shape::board_shape_key(graph.board().unwrap(), &graph.vertices()).unwrap();
    let word = super::word::Word::from_key(&key).unwrap();
    let cut = word.copied_across(word.bits);
    assert_eq!(cut.count_ones(), 2, "the two dominoes across the square");
    let mut parts = Vec::new();
    word.components_cut(word.bits, cut, &mut parts);
    assert_eq!(parts.iter().map(|p| p.count_ones()).collect::<Vec<_>>(), [3, 3]);
    assert_eq!(plain(&graph, Deletion::Edge, &graph.vertices()), 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Cram on dense random boards of up to 5 x 6 cells (a quarter of them holes, at most 15
    /// cells free), where the squares whose dominoes across are cut come often: the pruned
    /// search in words equals the plain search, and so does every option's value.
    #[test]
    fn cut_boards_equal_the_plain_search(rows in 2u16..=5, cols in 2u16..=6, a in any::<u32>(), b in any::<u32>()) {
        let holes = a & b;
        let mut cells: Vec<(u16, u16)> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| holes >> (r * 6 + c) & 1 == 0)
            .collect();
        cells.truncate(15);
        prop_assume!(!cells.is_empty());
        let graph = Graph::on_board(Lattice::Grid, rows, cols, cells).unwrap();
        let all = graph.vertices();
        let mut memo = Memo::new(Deletion::Edge);
        let mut solver = ComponentSolver::new(graph.clone(), &mut memo);
        prop_assert_eq!(solver.value_pruned(&all, &Budget::default()).unwrap(), plain(&graph, Deletion::Edge, &all));
        for deleted in Deletion::Edge.moves(&graph, &all) {
            let option = all.minus(&deleted);
            prop_assert_eq!(solver.value_pruned(&option, &Budget::default()).unwrap(), plain(&graph, Deletion::Edge, &option));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Boards of 24 to 28 cells (a 4 x 7 board with up to four holes), where a component's
    /// options are searched by several threads: two and three threads give one thread's value,
    /// and so do two threads whose shared table starts at 1 KiB and grows fourfold to 64 KiB.
    #[test]
    fn threads_give_one_threads_value(holes in proptest::collection::vec((0u16..4, 0u16..7), 0..=4)) {
        let cells: Vec<(u16, u16)> =
            (0..4).flat_map(|r| (0..7).map(move |c| (r, c))).filter(|cell| !holes.contains(cell)).collect();
        let graph = Graph::on_board(Lattice::Grid, 4, 7, cells).unwrap();
        let value = |memo: Memo| {
            let mut memo = memo;
            ComponentSolver::new(graph.clone(), &mut memo).value_pruned(&graph.vertices(), &Budget::default()).unwrap()
        };
        let threads = |workers| Memo::new(Deletion::Edge).with_workers(workers);
        let one = value(threads(1));
        prop_assert_eq!(value(threads(2)), one);
        prop_assert_eq!(value(threads(3)), one);
        prop_assert_eq!(value(threads(2).with_exchange_sizes(1 << 10, 1 << 16)), one);
    }
}

/// The values a word's component has without search, on every connected set of cells of a 4 x 4
/// board under both rules: a set whose cells have at most two neighbours each is a path (one
/// domino fewer than cells) or a cycle, valued by the chains' table; under Arc-Kayles the one
/// other set of four cells, the T, is 1. Both equal the plain search.
#[test]
fn chains_and_the_tee_have_the_searchs_values() {
    let cells: Vec<(u16, u16)> = (0..4).flat_map(|r| (0..4).map(move |c| (r, c))).collect();
    let graph = Graph::on_board(Lattice::Grid, 4, 4, cells).unwrap();
    let key = shape::board_shape_key(graph.board().unwrap(), &graph.vertices()).unwrap();
    let word = super::word::Word::from_key(&key).unwrap();
    for deletion in [Deletion::Vertex, Deletion::Edge] {
        let memo = Memo::new(deletion);
        let mut search = GrundySolver::new(DeletionGame { graph: graph.clone(), deletion });
        let (mut paths, mut cycles, mut tees) = (0, 0, 0);
        for bits in 1u64..1 << 16 {
            let set = VSet([bits, 0, 0, 0]);
            let mut parts = Vec::new();
            graph.components(&set, &mut parts);
            if parts.len() != 1 {
                continue;
            }
            let degrees: Vec<usize> = set.iter().map(|v| graph.degree_in(v, &set)).collect();
            let plain = search.value(&set, &Budget::default()).unwrap();
            match word.chain(bits) {
                Some(chain) => {
                    assert!(degrees.iter().all(|&d| d <= 2), "cells {bits:#x}");
                    let dominoes = degrees.iter().sum::<usize>() / 2;
                    if dominoes < set.len() {
                        assert_eq!(chain, chains::Chain::Path(set.len()), "cells {bits:#x}");
                        paths += 1;
                    } else {
                        assert_eq!(chain, chains::Chain::Cycle(set.len()), "cells {bits:#x}");
                        cycles += 1;
                    }
                    assert_eq!(memo.word_chain_value(chain), plain, "{deletion:?}, cells {bits:#x}");
                }
                None => {
                    assert!(degrees.iter().any(|&d| d > 2), "cells {bits:#x}");
                    if deletion == Deletion::Edge && set.len() == 4 {
                        assert_eq!(plain, 1, "cells {bits:#x}");
                        tees += 1;
                    }
                }
            }
        }
        // The connected sets of a 4 x 4 board include its 9 squares (cycles of four), 80
        // paths of four cells and 24 Ts.
        assert!(cycles >= 9 && paths >= 80);
        assert_eq!(tees, if deletion == Deletion::Edge { 24 } else { 0 });
    }
}
