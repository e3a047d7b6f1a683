//! Green Hackenbush on a rooted graph: its value in polynomial time by the colon and fusion
//! principles (Berlekamp, Conway and Guy, *Winning Ways*, ch. 7), its winning cuts, and the
//! plain [`HackenbushGame`] the theory is checked against.
//!
//! # Rules
//!
//! A [`Graph`] with one vertex called the ground. Its edges are the edges as given
//! ([`Graph::edges`]), loops and repeated edges included, numbered by their place in that list; a
//! position is the set of edges still standing, a [`VSet`] of edge numbers (so at most
//! [`MAX_VERTICES`] edges: [`all_edges`] refuses more). A move cuts one standing edge; every
//! edge no longer connected to the ground by standing edges falls with it. The player who cannot
//! move (nothing stands) loses. Edges of a set that are not connected to the ground are ignored
//! by every function here: they would have fallen.
//!
//! # Theory
//!
//! * **Stalks.** A path of `n` edges rising from the ground is Nim's heap of `n` (a cut leaves
//!   any shorter path), value `*n`; a loop at the ground is a stalk of one edge, `*1`.
//! * **Sums.** Parts that meet only at the ground are a disjunctive sum (a cut in one leaves the
//!   others as they were): their values nim-sum.
//! * **Colon principle.** If the graphs `H` and `H'`, each rooted at a vertex, have the same value,
//!   then attaching either at the vertex `v` of any graph `G` gives two graphs `G:H` and `G:H'`
//!   of the same value. Proof: the sum `G:H + G:H'` is a second-player win. A cut in `H` or `H'`
//!   is answered by the winning reply of the sum `H + H'` (a P-position, since the values are
//!   equal), which leaves two graphs again in the principle's form, smaller; a cut in one copy
//!   of `G` is answered by the same cut in the other, which either drops both `H` and `H'`
//!   (the two copies are then equal, value 0) or neither (smaller, by induction).
//! * **Trees.** With the colon principle, a subtree resting on `v` of value `x` may be replaced
//!   by a stalk of `x` edges, so an edge from `v` up to a subtree of value `x` is a stalk of
//!   `x + 1`, and the branches at `v` nim-sum: `value(v) = XOR over children c of (value(c) + 1)`.
//!   The last bit of a nim-sum is the last bit of the ordinary sum, so the value of a tree has the
//!   parity of its number of edges (the parity principle).
//! * **Fusion principle.** The vertices of a cycle may be fused into one vertex without changing
//!   the value; each edge of the cycle becomes a loop there. It is proved in *Winning Ways*;
//!   the proof is long: it argues from a smallest counterexample, with the colon and parity
//!   principles as its tools (a full account: mathbeveridge.github.io/games, § 4.5, "Proof of the
//!   Fusion Principle"). It is not reproved here, and the tests check it against the plain
//!   search on every random multigraph they draw.
//!
//! Every edge that is not a bridge lies on a cycle, so fusing cycle after cycle fuses each
//! 2-edge-connected part (the vertices joined by non-bridge edges) into one vertex and turns its
//! edges (loops and repeated edges included) into loops there. What is left is a tree whose
//! edges are the bridges, with loops at its vertices: each loop is a stalk of one edge, so
//!
//! `value(v) = (number of loops at v mod 2) XOR (XOR over children c of (value(c) + 1))`,
//!
//! and the value of the position is the value of the ground's part. [`reduction`] gives that
//! tree ([`Reduction`]: the fused groups, each bridge and each part's value) for a reason text.
//!
//! # Complexity
//!
//! With `n` vertices and `m` edges: [`standing`] and [`value`] take `O(n + m)` (incidence lists,
//! one depth-first search for the bridges by Tarjan's low points, one pass for the groups, one
//! for the values); [`winning_cuts`] values the position after each of the `m` cuts,
//! `O(m (n + m))`. Each valuation charges `n + m` units of work.

use super::graph::{Graph, GraphError};
use super::set::{VSet, MAX_VERTICES};
use crate::budget::{Budget, Exhausted, Meter};
use crate::game::Game;

const NONE: usize = usize::MAX;

/// Every edge of the graph, the starting position.
///
/// # Errors
/// [`GraphError::TooLarge`] for more than [`MAX_VERTICES`] edges (a position would not hold them).
pub(crate) fn all_edges(graph: &Graph) -> Result<VSet, GraphError> {
    let count = graph.edges().len();
    if count > MAX_VERTICES {
        return Err(GraphError::TooLarge { count, what: "edges" });
    }
    Ok(VSet::first(count))
}

/// The edges still connected to the ground after the edges of `cut` are removed from the whole
/// graph (of at most [`MAX_VERTICES`] edges, see [`all_edges`]). `O(n + m)`.
///
/// # Panics
/// When `ground` is not a vertex of the graph.
pub(crate) fn standing(graph: &Graph, ground: usize, cut: &VSet) -> VSet {
    let all = VSet::first(graph.edges().len().min(MAX_VERTICES));
    Incidence::new(graph, &all.minus(cut)).connected(graph, ground)
}

/// The non-loop edges of a set, by vertex: `(edge, other end)`.
struct Incidence {
    edges: Vec<Vec<(usize, usize)>>,
    within: VSet,
}

impl Incidence {
    fn new(graph: &Graph, within: &VSet) -> Self {
        let mut edges = vec![Vec::new(); graph.order()];
        for e in within.iter() {
            let (u, v) = graph.edges()[e];
            let (u, v) = (usize::from(u), usize::from(v));
            if u != v {
                edges[u].push((e, v));
                edges[v].push((e, u));
            }
        }
        Incidence { edges, within: *within }
    }

    /// The vertices reached from `start` by the edges of `through`.
    fn reach(&self, start: usize, through: impl Fn(usize) -> bool) -> VSet {
        let mut reached = VSet::single(start);
        let mut queue = vec![start];
        while let Some(v) = queue.pop() {
            for &(e, w) in &self.edges[v] {
                if through(e) && !reached.contains(w) {
                    reached.insert(w);
                    queue.push(w);
                }
            }
        }
        reached
    }

    /// The edges of the set connected to `ground`: those with an end reached from it.
    fn connected(&self, graph: &Graph, ground: usize) -> VSet {
        let reached = self.reach(ground, |_| true);
        self.within.iter().filter(|&e| reached.contains(usize::from(graph.edges()[e].0))).collect()
    }

    /// The bridges of the part reached from `ground`: Tarjan's low points, by an iterative
    /// depth-first search (a tree edge `p–v` is a bridge when nothing below `v` reaches above it;
    /// the edge a vertex was entered by is skipped by its number, so a repeated edge is no bridge).
    fn bridges(&self, ground: usize) -> VSet {
        let n = self.edges.len();
        let (mut found, mut low) = (vec![NONE; n], vec![NONE; n]);
        let mut bridges = VSet::EMPTY;
        found[ground] = 0;
        low[ground] = 0;
        let mut time = 1;
        // (vertex, the edge it was entered by, the next incidence to look at)
        let mut stack = vec![(ground, NONE, 0usize)];
        while let Some(top) = stack.last_mut() {
            let (v, entered_by) = (top.0, top.1);
            if let Some(&(e, w)) = self.edges[v].get(top.2) {
                top.2 += 1;
                if e == entered_by {
                    continue;
                }
                if found[w] == NONE {
                    found[w] = time;
                    low[w] = time;
                    time += 1;
                    stack.push((w, e, 0));
                } else {
                    low[v] = low[v].min(found[w]);
                }
            } else {
                stack.pop();
                if let Some(&(p, _, _)) = stack.last() {
                    low[p] = low[p].min(low[v]);
                    if low[v] > found[p] {
                        bridges.insert(entered_by);
                    }
                }
            }
        }
        bridges
    }
}

/// A bridge of the reduced tree: the edge that joins a group to the group below it (nearer the
/// ground).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bridge {
    /// The edge's number.
    pub edge: usize,
    /// The group below, by its index in [`Reduction::groups`].
    pub below: usize,
}

/// One vertex of the reduced tree: a 2-edge-connected part fused into one vertex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Fused {
    /// The vertices fused (one vertex when it lies on no cycle).
    pub vertices: VSet,
    /// The edges that became loops at the fused vertex: every standing edge between its vertices
    /// (the edges of its cycles, loops and repeated edges).
    pub loops: VSet,
    /// The bridge down to the group below, `None` for the ground's group.
    pub bridge: Option<Bridge>,
    /// The value of what rests on the fused vertex (its loops and the groups above it), as if the
    /// fused vertex were the ground; with its bridge, the branch is a stalk of `value + 1`.
    pub value: u32,
}

/// The reduction of a position by the fusion principle (see the module doc): the groups of the
/// reduced tree, the ground's first, each other group after the group below it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Reduction {
    /// The groups; `groups[0]` holds the ground.
    pub groups: Vec<Fused>,
}

impl Reduction {
    /// The value of the position: the ground's group's.
    pub(crate) fn value(&self) -> u32 {
        self.groups[0].value
    }
}

/// The reduced tree of the position `standing` (its edges not connected to the ground ignored),
/// with every part's value (see the module doc). `O(n + m)`.
///
/// # Errors
/// [`Exhausted`] when the budget runs out.
///
/// # Panics
/// When `ground` is not a vertex of the graph.
pub(crate) fn reduction(
    graph: &Graph,
    ground: usize,
    standing: &VSet,
    budget: &Budget,
) -> Result<Reduction, Exhausted> {
    reduce(graph, ground, standing, &mut budget.meter())
}

fn reduce(graph: &Graph, ground: usize, standing: &VSet, meter: &mut Meter) -> Result<Reduction, Exhausted> {
    meter.charge((graph.order() + graph.edges().len()) as u64)?;
    let incidence = Incidence::new(graph, standing);
    let standing = incidence.connected(graph, ground);
    let bridges = incidence.bridges(ground);
    // The groups in breadth-first order from the ground's, each reached by its bridge.
    let mut group_of = vec![NONE; graph.order()];
    let mut groups: Vec<Fused> = Vec::new();
    let mut add = |start: usize, bridge: Option<Bridge>, groups: &mut Vec<Fused>| {
        let vertices = incidence.reach(start, |e| !bridges.contains(e));
        for v in vertices.iter() {
            group_of[v] = groups.len();
        }
        groups.push(Fused { vertices, loops: VSet::EMPTY, bridge, value: 0 });
    };
    add(ground, None, &mut groups);
    let mut next = 0;
    while next < groups.len() {
        let (vertices, down) = (groups[next].vertices, groups[next].bridge);
        for v in vertices.iter() {
            for &(edge, w) in &incidence.edges[v] {
                // Every bridge but the one down leads up to a new group.
                if bridges.contains(edge) && down.is_none_or(|b| b.edge != edge) {
                    add(w, Some(Bridge { edge, below: next }), &mut groups);
                }
            }
        }
        next += 1;
    }
    for e in standing.minus(&bridges).iter() {
        let group = group_of[usize::from(graph.edges()[e].0)];
        groups[group].loops.insert(e);
    }
    // Children come after their group, so each group's value is complete when it is passed down.
    for g in (0..groups.len()).rev() {
        groups[g].value ^= (groups[g].loops.len() % 2) as u32;
        if let Some(bridge) = groups[g].bridge {
            groups[bridge.below].value ^= groups[g].value + 1;
        }
    }
    Ok(Reduction { groups })
}

#[cfg(test)]
/// The Grundy value of the position `standing` (its edges not connected to the ground ignored),
/// by the fusion and colon principles. `O(n + m)`.
///
/// # Errors
/// [`Exhausted`] when the budget runs out.
///
/// # Panics
/// When `ground` is not a vertex of the graph.
pub(crate) fn value(
    graph: &Graph,
    ground: usize,
    standing: &VSet,
    budget: &Budget,
) -> Result<u32, Exhausted> {
    Ok(reduction(graph, ground, standing, budget)?.value())
}

/// Every standing edge whose cut leaves a position of value 0, in increasing order: the position
/// is valued again after each cut, `O(m (n + m))`.
///
/// # Errors
/// [`Exhausted`] when the budget runs out.
///
/// # Panics
/// When `ground` is not a vertex of the graph.
pub(crate) fn winning_cuts(
    graph: &Graph,
    ground: usize,
    standing: &VSet,
    budget: &Budget,
) -> Result<Vec<usize>, Exhausted> {
    let mut meter = budget.meter();
    let standing = Incidence::new(graph, standing).connected(graph, ground);
    let mut cuts = Vec::new();
    for e in standing.iter() {
        let mut rest = standing;
        rest.remove(e);
        if reduce(graph, ground, &rest, &mut meter)?.value() == 0 {
            cuts.push(e);
        }
    }
    Ok(cuts)
}

/// Green Hackenbush as a plain [`Game`]: a position is the set of standing edges, a move cuts one
/// and drops what falls with it. The generic search over it knows nothing of the theory: it is
/// the reference [`value`] and [`winning_cuts`] are checked against.
#[derive(Debug, Clone)]
pub(crate) struct HackenbushGame {
    /// The graph (at most [`MAX_VERTICES`] edges, see [`all_edges`]).
    pub graph: Graph,
    /// The ground vertex.
    pub ground: usize,
}

impl Game for HackenbushGame {
    type Position = VSet;

    fn options(&self, standing: &VSet) -> Vec<VSet> {
        standing
            .iter()
            .map(|e| {
                let mut rest = *standing;
                rest.remove(e);
                Incidence::new(&self.graph, &rest).connected(&self.graph, self.ground)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::graphs::family;
    use crate::solve::GrundySolver;

    fn searched(graph: &Graph, ground: usize, standing: &VSet) -> u32 {
        let mut solver = GrundySolver::new(HackenbushGame { graph: graph.clone(), ground });
        solver.value(standing, &Budget::default()).unwrap()
    }

    /// The value by the theory, checked against the search.
    fn checked(text: &str, ground: &str) -> u32 {
        let graph = family::build(text).unwrap();
        let ground = graph.vertex(ground).unwrap();
        let all = all_edges(&graph).unwrap();
        let got = value(&graph, ground, &all, &Budget::default()).unwrap();
        assert_eq!(got, searched(&graph, ground, &all), "{text}");
        got
    }

    #[test]
    fn stalks_are_nim_heaps() {
        for n in 1..=9 {
            assert_eq!(checked(&format!("path:{n}"), "0"), n as u32 - 1);
        }
        // Grounded in the middle: two stalks of 2.
        assert_eq!(checked("path:5", "2"), 0);
        assert_eq!(checked("path:6", "2"), 2 ^ 3);
    }

    #[test]
    fn loops_are_single_edges() {
        assert_eq!(checked("edges:g-g", "g"), 1);
        assert_eq!(checked("edges:g-g,g-g", "g"), 0);
        // A loop at the top of a stalk of 1: the colon principle makes it a stalk of 2.
        assert_eq!(checked("edges:g-a,a-a", "g"), 2);
    }

    /// Winning Ways: a circuit on the ground of odd length is worth a single edge, of even length
    /// nothing (its vertices fuse into the ground, its edges into loops).
    #[test]
    fn cycles_on_the_ground_fuse_into_loops() {
        assert_eq!(checked("edges:g-a,g-a", "g"), 0);
        assert_eq!(checked("edges:g-a,g-a,g-a", "g"), 1);
        for n in 3..=8 {
            assert_eq!(checked(&format!("cycle:{n}"), "0"), n as u32 % 2);
        }
    }

    #[test]
    fn trees_and_fused_parts_follow_the_colon_principle() {
        // Vertex 1 on the ground carries vertex 3: a branch of 2; vertex 2 a branch of 1.
        assert_eq!(checked("tree:0,0,1", "0"), 3);
        // A triangle on a stalk of 1: three loops at the fused vertex, value 1, so a branch of 2.
        assert_eq!(checked("edges:g-a,a-b,b-c,c-a", "g"), 2);
        // A square on the ground with a stalk of 2 at its far corner: the square fuses into the
        // ground (four loops, nothing) and the stalk stays.
        assert_eq!(checked("edges:g-a,a-b,b-c,c-g,b-d,d-e", "g"), 2);
        // A stalk of 1, a triangle, a bridge, a triangle: the upper triangle is worth 1 and with
        // its bridge 2; the lower one's loops give 1, so 1 XOR 2 = 3 at its vertex, and 4 with
        // the stalk below.
        assert_eq!(checked("edges:g-a,a-b,b-c,c-a,c-d,d-e,e-f,f-d", "g"), 4);
    }

    #[test]
    fn the_reduction_names_groups_bridges_and_values() {
        let graph = family::build("edges:g-a,a-b,b-c,c-a").unwrap();
        let all = all_edges(&graph).unwrap();
        let reduced = reduction(&graph, 0, &all, &Budget::default()).unwrap();
        let (a, b, c) = (graph.vertex("a").unwrap(), graph.vertex("b").unwrap(), graph.vertex("c").unwrap());
        assert_eq!(reduced.value(), 2);
        assert_eq!(
            reduced.groups,
            vec![
                Fused { vertices: VSet::single(0), loops: VSet::EMPTY, bridge: None, value: 2 },
                Fused {
                    vertices: [a, b, c].into_iter().collect(),
                    loops: [1, 2, 3].into_iter().collect(),
                    bridge: Some(Bridge { edge: 0, below: 0 }),
                    value: 1,
                },
            ]
        );
    }

    #[test]
    fn winning_cuts_leave_zero() {
        // A stalk of 3 and a stalk of 1 on the ground: value 2; cutting the stalk of 3 to 1 wins.
        let graph = family::build("edges:g-a,a-b,b-c,g-d").unwrap();
        let all = all_edges(&graph).unwrap();
        assert_eq!(winning_cuts(&graph, 0, &all, &Budget::default()).unwrap(), vec![1]);
        // Cutting the stalk's foot drops the rest.
        assert_eq!(standing(&graph, 0, &VSet::single(0)), VSet::single(3));
    }

    #[test]
    fn too_many_edges_are_refused() {
        let edges = vec![(0, 0); MAX_VERTICES + 1];
        let graph = Graph::new(vec!["g".into()], edges).unwrap();
        assert!(matches!(all_edges(&graph), Err(GraphError::TooLarge { what: "edges", .. })));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Random rooted multigraphs of up to 12 edges (loops and repeated edges drawn often),
        /// whole and after some cuts: the value is the search's, has the parity of the standing
        /// edges, and the winning cuts are exactly the cuts the search values 0.
        #[test]
        fn theory_equals_the_search(
            n in 1usize..=7,
            ground in 0usize..7,
            edges in proptest::collection::vec((0usize..7, 0usize..7), 0..=12),
            cut in proptest::collection::vec(0usize..12, 0..4),
        ) {
            let names = (0..n).map(|i| i.to_string()).collect();
            let edges = edges.iter().map(|&(u, v)| ((u % n) as u16, (v % n) as u16)).collect();
            let graph = Graph::new(names, edges).unwrap();
            let ground = ground % n;
            let cut: VSet = cut.into_iter().collect();
            let budget = Budget::default();
            let mut solver = GrundySolver::new(HackenbushGame { graph: graph.clone(), ground });
            for position in [standing(&graph, ground, &VSet::EMPTY), standing(&graph, ground, &cut)] {
                let got = value(&graph, ground, &position, &budget).unwrap();
                prop_assert_eq!(got, solver.value(&position, &budget).unwrap(), "{:?} on {:?}", position, graph.edges());
                prop_assert_eq!(got % 2, position.len() as u32 % 2);
                // The options come in the order of the edges cut.
                let options = solver.option_values(&position, &budget).unwrap();
                let want: Vec<usize> =
                    position.iter().zip(options).filter(|(_, (_, v))| *v == 0).map(|(e, _)| e).collect();
                prop_assert_eq!(winning_cuts(&graph, ground, &position, &budget).unwrap(), want);
            }
        }
    }
}
