//! Undirected Vertex Geography: who wins, and how, by maximum matchings (Fraenkel, Scheinerman
//! and Ullman, *Undirected edge geography*, Theoret. Comput. Sci. 112, 1993), with Edmonds'
//! blossom algorithm for the matchings and the plain [`GeographyGame`] the theory is checked
//! against.
//!
//! # Rules
//!
//! A [`Graph`], a set of vertices still left and a token on one of them. A move takes the token
//! to a neighbour that is still left, and the vertex it leaves is deleted. The player who cannot
//! move loses. (The token's own vertex counts as left whether or not the set holds it: nobody
//! can move onto it, and it is deleted when the token leaves.)
//!
//! # Theory
//!
//! Let `G` be the graph induced by the vertices left and `v` the token's vertex. **The player to
//! move wins if and only if every maximum matching of `G` covers `v`**, that is, iff `G - v` has
//! a smaller maximum matching than `G`. By induction on the number of vertices:
//!
//! * If every maximum matching covers `v`, take one, `M`, and move along its edge `vu`. Then
//!   `M - vu` is a matching of `G - v` of size `ν(G) - 1`, which is `ν(G - v)` (less than `ν(G)`,
//!   and at least `ν(G) - 1`): a maximum matching of `G - v` that misses `u`. By induction the
//!   opponent, to move from `u` in `G - v`, loses.
//! * If some maximum matching `M` misses `v`, then `M` lies in `G - v`, so `ν(G - v) = ν(G)`. Let
//!   the mover go to any `u`. Were there a maximum matching `M'` of `G - v` missing `u`, then
//!   `M' + vu` would be a matching of `G` of size `ν(G) + 1`: impossible. So every maximum
//!   matching of `G - v` covers `u`, and by induction the opponent wins.
//!
//! The proof is also the strategy: a winner moves along a maximum matching's edge
//! ([`matching_move`]), and the winning moves are the neighbours `u` some maximum matching of
//! `G - v` misses ([`winning_moves`]). The theorem gives the outcome only, not the Grundy value
//! that sums need, and no rule for the values is used here (on directed graphs even the outcome
//! is PSPACE-complete, Schaefer 1978): the values come from the generic search over
//! [`GeographyGame`].
//!
//! Whether a vertex `x` is missed by some maximum matching needs one more search, not a new
//! matching: take a maximum matching `M` of `G`; if it misses `x`, yes; otherwise remove `x` and
//! look for an augmenting path from its partner `w` in `G - x` with `M - xw`. One exists iff
//! `ν(G - x) = ν(G)`, and it must end at `w` (a path joining two vertices `M` misses would augment
//! `M` itself).
//!
//! # Complexity
//!
//! With `n` vertices in the graph: a search for an augmenting path (Edmonds' blossoms, contracted by
//! relabelling their base) takes `O(n²)`, a maximum matching `n` searches, `O(n³)`.
//! [`first_player_wins`] and [`matching_move`] take one maximum matching and one search,
//! [`winning_moves`] one maximum matching and one search per neighbour: `O(n³)` each. Every
//! edge looked at costs one unit of work, and every blossom contracted `2n` (the walk to its base
//! and the relabelling).

use super::graph::Graph;
use super::set::VSet;
use crate::budget::{Budget, Exhausted, HeldBytes, Meter};
use crate::game::Game;

const NONE: usize = usize::MAX;

/// A matching: each vertex's partner, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Matching {
    mate: Vec<usize>,
}

impl Matching {
    #[cfg(test)]
    /// The partner of `v`, if `v` is matched.
    pub(crate) fn partner(&self, v: usize) -> Option<usize> {
        self.mate.get(v).copied().filter(|&u| u != NONE)
    }

    /// How many edges.
    pub(crate) fn size(&self) -> usize {
        self.pairs().len()
    }

    /// The edges `(u, v)`, `u < v`, in order of `u`.
    pub(crate) fn pairs(&self) -> Vec<(usize, usize)> {
        self.mate.iter().enumerate().filter(|&(u, &v)| v != NONE && u < v).map(|(u, &v)| (u, v)).collect()
    }
}

/// Edmonds' blossom algorithm on the subgraph induced by `within`: a matching and the search's
/// arrays (the e-maxx formulation: blossoms contracted by giving their vertices a common base).
#[derive(Clone)]
struct Blossoms<'g> {
    graph: &'g Graph,
    within: VSet,
    mate: Vec<usize>,
    /// The search tree: each odd vertex's parent (`NONE` when not reached).
    parent: Vec<usize>,
    /// Each vertex's blossom base.
    base: Vec<usize>,
    /// The even vertices of the search tree.
    even: Vec<bool>,
    /// Scratch: the bases of the blossom being contracted, and the first path of a common-base
    /// walk.
    marked: Vec<bool>,
    queue: Vec<usize>,
}

impl<'g> Blossoms<'g> {
    /// The empty matching of `graph[within]`.
    fn new(graph: &'g Graph, within: &VSet) -> Self {
        let n = graph.order();
        Blossoms {
            graph,
            within: *within,
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            base: (0..n).collect(),
            even: vec![false; n],
            marked: vec![false; n],
            queue: Vec::new(),
        }
    }

    /// Augments from every unmatched vertex in turn: a maximum matching (a vertex with no
    /// augmenting path keeps none after later augmentations, so one pass suffices).
    fn maximise(&mut self, meter: &mut Meter) -> Result<(), Exhausted> {
        let within = self.within;
        for root in within.iter() {
            if self.mate[root] == NONE {
                if let Some(end) = self.search(root, meter)? {
                    self.augment(end);
                }
            }
        }
        Ok(())
    }

    /// Can the matching, which must be maximum, stay as large without `x`? True when it misses
    /// `x`, or when `x`'s partner has an augmenting path in the graph without `x` (see the module
    /// doc).
    fn spares(&self, x: usize, meter: &mut Meter) -> Result<bool, Exhausted> {
        let w = self.mate[x];
        if w == NONE {
            return Ok(true);
        }
        let mut without = self.clone();
        without.within.remove(x);
        without.mate[x] = NONE;
        without.mate[w] = NONE;
        Ok(without.search(w, meter)?.is_some())
    }

    /// Searches for an augmenting path from the unmatched `root`; returns its other end, with the
    /// path in `parent` and `mate`.
    fn search(&mut self, root: usize, meter: &mut Meter) -> Result<Option<usize>, Exhausted> {
        let n = self.graph.order();
        self.parent.fill(NONE);
        self.even.fill(false);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.even[root] = true;
        self.queue.clear();
        self.queue.push(root);
        let mut head = 0;
        while let Some(&v) = self.queue.get(head) {
            head += 1;
            let neighbours = self.graph.neighbours(v).and(&self.within);
            for to in neighbours.iter() {
                meter.charge(1)?;
                if self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE) {
                    // `to` is even too: the edge closes an odd cycle, a blossom. Contract it.
                    meter.charge(2 * n as u64)?;
                    let base = self.common_base(v, to);
                    self.marked.fill(false);
                    self.mark_path(v, base, to);
                    self.mark_path(to, base, v);
                    let within = self.within;
                    for i in within.iter() {
                        if self.marked[self.base[i]] {
                            self.base[i] = base;
                            if !self.even[i] {
                                self.even[i] = true;
                                self.queue.push(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        return Ok(Some(to));
                    }
                    let next = self.mate[to];
                    self.even[next] = true;
                    self.queue.push(next);
                }
            }
        }
        Ok(None)
    }

    /// The base where the tree paths of the even vertices `a` and `b` meet.
    fn common_base(&mut self, mut a: usize, mut b: usize) -> usize {
        self.marked.fill(false);
        loop {
            a = self.base[a];
            self.marked[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if self.marked[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    /// Marks the blossom's bases on the path from `v` down to `base`, pointing the odd vertices
    /// on it back across the blossom (towards `child`) so that an augmenting path can go round it.
    fn mark_path(&mut self, mut v: usize, base: usize, mut child: usize) {
        while self.base[v] != base {
            self.marked[self.base[v]] = true;
            self.marked[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }

    /// Flips the augmenting path ending at `end`.
    fn augment(&mut self, mut end: usize) {
        while end != NONE {
            let before = self.parent[end];
            let next = self.mate[before];
            self.mate[end] = before;
            self.mate[before] = end;
            end = next;
        }
    }
}

/// A maximum matching of the subgraph induced by `within`, by Edmonds' blossom algorithm,
/// `O(n³)`.
///
/// # Errors
/// [`Exhausted`] when the budget runs out.
pub(crate) fn maximum_matching(graph: &Graph, within: &VSet, budget: &Budget) -> Result<Matching, Exhausted> {
    let mut blossoms = Blossoms::new(graph, within);
    blossoms.maximise(&mut budget.meter())?;
    Ok(Matching { mate: blossoms.mate })
}

/// The maximum matching of the position's graph, and whether the mover wins (every maximum
/// matching covers the token).
fn analyse<'g>(
    graph: &'g Graph,
    left: &VSet,
    token: usize,
    meter: &mut Meter,
) -> Result<(Blossoms<'g>, bool), Exhausted> {
    let mut left = *left;
    left.insert(token);
    let mut blossoms = Blossoms::new(graph, &left);
    blossoms.maximise(meter)?;
    let wins = !blossoms.spares(token, meter)?;
    Ok((blossoms, wins))
}

/// Does the player to move win with the token on `token` and the vertices `left`? Yes iff every
/// maximum matching covers the token (see the module doc). `O(n³)`.
///
/// # Errors
/// [`Exhausted`] when the budget runs out.
///
/// # Panics
/// When `token` is not a vertex of the graph.
pub(crate) fn first_player_wins(
    graph: &Graph,
    left: &VSet,
    token: usize,
    budget: &Budget,
) -> Result<bool, Exhausted> {
    Ok(analyse(graph, left, token, &mut budget.meter())?.1)
}

/// The winning strategy's move: the token's partner in a maximum matching, when the player to
/// move wins; `None` when every move loses. `O(n³)`.
///
/// # Errors
/// [`Exhausted`] when the budget runs out.
///
/// # Panics
/// When `token` is not a vertex of the graph.
pub(crate) fn matching_move(
    graph: &Graph,
    left: &VSet,
    token: usize,
    budget: &Budget,
) -> Result<Option<usize>, Exhausted> {
    let (blossoms, wins) = analyse(graph, left, token, &mut budget.meter())?;
    Ok(if wins { Some(blossoms.mate[token]) } else { None })
}

/// Every winning move, in increasing order: the neighbours `u` of the token that are left and
/// that some maximum matching of the graph without the token misses (the opponent, to move from
/// `u`, loses). `O(n³)`.
///
/// # Errors
/// [`Exhausted`] when the budget runs out.
///
/// # Panics
/// When `token` is not a vertex of the graph.
pub(crate) fn winning_moves(
    graph: &Graph,
    left: &VSet,
    token: usize,
    budget: &Budget,
) -> Result<Vec<usize>, Exhausted> {
    let mut meter = budget.meter();
    let mut rest = *left;
    rest.remove(token);
    let mut blossoms = Blossoms::new(graph, &rest);
    blossoms.maximise(&mut meter)?;
    let mut moves = Vec::new();
    for u in graph.neighbours(token).and(&rest).iter() {
        if blossoms.spares(u, &mut meter)? {
            moves.push(u);
        }
    }
    Ok(moves)
}

/// A position of [`GeographyGame`]: the vertices left and the token's vertex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Spot {
    /// The vertices left (the token's own vertex included or not: see the module doc).
    pub left: VSet,
    /// The token's vertex.
    pub token: u16,
}

impl HeldBytes for Spot {
    fn heap_bytes(&self) -> u64 {
        0
    }
}

/// Undirected Vertex Geography as a plain [`Game`]: a move takes the token to a neighbour left
/// and deletes the vertex it leaves. The generic search over it gives the Grundy values the theory
/// does not, and is the reference the theory is checked against.
#[derive(Debug, Clone)]
pub(crate) struct GeographyGame {
    /// The graph.
    pub graph: Graph,
}

impl Game for GeographyGame {
    type Position = Spot;

    fn options(&self, spot: &Spot) -> Vec<Spot> {
        let token = usize::from(spot.token);
        let mut left = spot.left;
        left.remove(token);
        self.graph.neighbours(token).and(&left).iter().map(|u| Spot { left, token: u as u16 }).collect()
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::graphs::family;
    use crate::solve::GrundySolver;

    fn random_graph(n: usize, edges: &[(usize, usize)]) -> Graph {
        let names = (0..n).map(|i| i.to_string()).collect();
        Graph::new(names, edges.iter().map(|&(u, v)| ((u % n) as u16, (v % n) as u16)).collect()).unwrap()
    }

    /// The size of a maximum matching by trying everything: the least vertex is matched to each
    /// neighbour in turn, or to none.
    fn brute_matching(graph: &Graph, within: VSet) -> usize {
        let Some(v) = within.least() else { return 0 };
        let mut rest = within;
        rest.remove(v);
        let mut best = brute_matching(graph, rest);
        for u in graph.neighbours(v).and(&rest).iter() {
            let mut smaller = rest;
            smaller.remove(u);
            best = best.max(1 + brute_matching(graph, smaller));
        }
        best
    }

    /// The outcome by the theory, checked against the search.
    fn wins(text: &str, token: usize) -> bool {
        let graph = family::build(text).unwrap();
        let budget = Budget::default();
        let got = first_player_wins(&graph, &graph.vertices(), token, &budget).unwrap();
        let spot = Spot { left: graph.vertices(), token: token as u16 };
        let searched = GrundySolver::new(GeographyGame { graph }).value(&spot, &budget).unwrap();
        assert_eq!(got, searched != 0, "{text} from {token}");
        got
    }

    /// Paths from an end, cycles and complete graphs last `n - 1` moves whatever is played: the
    /// mover wins iff `n` is even, as their maximum matchings say.
    #[test]
    fn forced_lengths() {
        for n in 1..=10 {
            assert_eq!(wins(&format!("path:{n}"), 0), n % 2 == 0, "path:{n}");
            assert_eq!(wins(&format!("complete:{n}"), n / 2), n % 2 == 0, "complete:{n}");
        }
        for n in 3..=10 {
            assert_eq!(wins(&format!("cycle:{n}"), 1), n % 2 == 0, "cycle:{n}");
        }
    }

    #[test]
    fn stars_and_the_petersen_graph() {
        for k in 1..=6 {
            // From the centre: go to a leaf, which has nowhere to go.
            assert!(wins(&format!("star:{k}"), 0));
            // From a leaf: to the centre, whence the opponent takes another leaf if there is one.
            assert_eq!(wins(&format!("star:{k}"), 1), k == 1);
        }
        // A perfect matching and no vertex spared by one: the mover wins from anywhere.
        for v in 0..10 {
            assert!(wins("petersen:5,2", v));
        }
    }

    #[test]
    fn the_strategy_follows_the_matching() {
        let graph = family::build("path:4").unwrap();
        let budget = Budget::default();
        let all = graph.vertices();
        assert_eq!(maximum_matching(&graph, &all, &budget).unwrap().pairs(), vec![(0, 1), (2, 3)]);
        // From vertex 1: moving to 0 ends the game; moving to 2 leaves the opponent a last move.
        assert_eq!(winning_moves(&graph, &all, 1, &budget).unwrap(), vec![0]);
        assert_eq!(matching_move(&graph, &all, 1, &budget).unwrap(), Some(0));
        assert_eq!(matching_move(&graph, &all, 0, &budget).unwrap(), Some(1));
        let three = VSet::first(3);
        assert_eq!(matching_move(&graph, &three, 0, &budget).unwrap(), None);
        assert!(winning_moves(&graph, &three, 0, &budget).unwrap().is_empty());
    }

    /// The only augmenting path from `r` goes round the blossom `r, a, b, d, c` (matched `a = b`,
    /// `c = d`, the edge `b – d` joining two even vertices) and leaves it at `a` for `e`: a search
    /// that did not contract blossoms would find nothing.
    #[test]
    fn a_search_goes_round_a_blossom() {
        let graph = family::build("edges:r-a,a-b,r-c,c-d,b-d,a-e").unwrap();
        let id = |name| graph.vertex(name).unwrap();
        let mut blossoms = Blossoms::new(&graph, &graph.vertices());
        for (u, v) in [("a", "b"), ("c", "d")] {
            blossoms.mate[id(u)] = id(v);
            blossoms.mate[id(v)] = id(u);
        }
        let budget = Budget::default();
        let end = blossoms.search(id("r"), &mut budget.meter()).unwrap();
        assert_eq!(end, Some(id("e")));
        blossoms.augment(id("e"));
        let mut pairs = Matching { mate: blossoms.mate }.pairs();
        pairs.sort_unstable();
        let mut want: Vec<(usize, usize)> = [("r", "c"), ("d", "b"), ("a", "e")]
            .iter()
            .map(|&(u, v)| (id(u).min(id(v)), id(u).max(id(v))))
            .collect();
        want.sort_unstable();
        assert_eq!(pairs, want);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Blossoms on random graphs of up to 12 vertices and any vertex set: a matching of the
        /// induced subgraph, as large as the exhaustive search's; and a vertex is spared (a
        /// single search from its partner) exactly when the graph without it matches as many.
        #[test]
        fn matchings_are_maximum(
            n in 1usize..=12,
            edges in proptest::collection::vec((0usize..12, 0usize..12), 0..40),
            mask in any::<u16>(),
        ) {
            let graph = random_graph(n, &edges);
            let within: VSet = (0..n).filter(|&v| mask >> v & 1 == 1).collect();
            let matching = maximum_matching(&graph, &within, &Budget::default()).unwrap();
            for (u, v) in matching.pairs() {
                prop_assert!(within.contains(u) && within.contains(v) && graph.neighbours(u).contains(v));
                prop_assert_eq!(matching.partner(v), Some(u));
            }
            let size = brute_matching(&graph, within);
            prop_assert_eq!(matching.size(), size);
            let mut blossoms = Blossoms::new(&graph, &within);
            let budget = Budget::default();
            let mut meter = budget.meter();
            blossoms.maximise(&mut meter).unwrap();
            for x in within.iter() {
                let mut rest = within;
                rest.remove(x);
                prop_assert_eq!(blossoms.spares(x, &mut meter).unwrap(), brute_matching(&graph, rest) == size);
            }
        }

        /// Random graphs of up to 14 vertices, any vertices left and any token: the outcome, the
        /// winning moves and the matching move agree with the plain search.
        #[test]
        fn theory_equals_the_search(
            n in 1usize..=14,
            edges in proptest::collection::vec((0usize..14, 0usize..14), 0..45),
            mask in any::<u16>(),
            token in 0usize..14,
        ) {
            let graph = random_graph(n, &edges);
            let token = token % n;
            let mut left: VSet = (0..n).filter(|&v| mask >> v & 1 == 1).collect();
            left.insert(token);
            let budget = Budget::default();
            let spot = Spot { left, token: token as u16 };
            let mut solver = GrundySolver::new(GeographyGame { graph: graph.clone() });
            let value = solver.value(&spot, &budget).unwrap();
            let wins = first_player_wins(&graph, &left, token, &budget).unwrap();
            prop_assert_eq!(wins, value != 0, "{:?} from {} on {:?}", left, token, graph.simple_edges());
            let searched: Vec<usize> = solver
                .option_values(&spot, &budget)
                .unwrap()
                .into_iter()
                .filter(|(_, v)| *v == 0)
                .map(|(o, _)| usize::from(o.token))
                .collect();
            let moves = winning_moves(&graph, &left, token, &budget).unwrap();
            prop_assert_eq!(&moves, &searched);
            match matching_move(&graph, &left, token, &budget).unwrap() {
                Some(u) => prop_assert!(wins && moves.contains(&u)),
                None => prop_assert!(!wins),
            }
        }
    }
}
