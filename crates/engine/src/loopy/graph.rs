//! Finite digraphs in compressed sparse row (CSR) form, `u32` vertex ids: the positions of a
//! loopy game and its moves. Built from an edge list ([`Digraph::from_edges`]), from any
//! [`Game`] whose reachable set is finite ([`explore`]), or as the graph of a sum of graphs
//! ([`sum_graph`], the check of the sum theorem).

use std::collections::VecDeque;
use std::ops::ControlFlow;

use rustc_hash::FxHashMap;

use crate::budget::{Budget, Exhausted, HeldBytes, UNITS_PER_POSITION};
use crate::game::Game;

/// The most vertices a graph may have: vertex ids are `u32`, and two values are reserved by
/// the solvers (a fixed limit).
pub(crate) const MAX_VERTICES: usize = (u32::MAX - 2) as usize;

/// A finite directed graph: vertex `u`'s successors (its options) are
/// `targets[offsets[u]..offsets[u + 1]]`, sorted and without repeats.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Digraph {
    offsets: Vec<usize>,
    targets: Vec<u32>,
}

impl Digraph {
    /// The graph on vertices `0..vertices` with the given edges `(from, to)`; repeated edges
    /// count once. Charges one unit per vertex and per edge, and fails before allocating when
    /// the graph would hold more memory than the budget allows.
    ///
    /// # Errors
    /// [`GraphError::Vertex`] for an edge naming a vertex `>= vertices`, [`GraphError::TooLarge`]
    /// beyond [`MAX_VERTICES`], [`GraphError::Exhausted`] when the budget stops it.
    pub fn from_edges(vertices: usize, edges: &[(u32, u32)], budget: &Budget) -> Result<Self, GraphError> {
        if vertices > MAX_VERTICES {
            return Err(GraphError::TooLarge { vertices });
        }
        if let Some(&(u, v)) = edges.iter().find(|&&(u, v)| u as usize >= vertices || v as usize >= vertices)
        {
            return Err(GraphError::Vertex { from: u, to: v, vertices });
        }
        budget.check_held(csr_bytes(vertices, edges.len()) + edges.len() as u64 * 8)?;
        budget.charge(vertices as u64 + edges.len() as u64)?;
        let mut offsets = vec![0usize; vertices + 1];
        for &(u, _) in edges {
            offsets[u as usize + 1] += 1;
        }
        for i in 0..vertices {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; edges.len()];
        for &(u, v) in edges {
            targets[fill[u as usize]] = v;
            fill[u as usize] += 1;
        }
        let mut graph = Digraph { offsets, targets };
        graph.sort_and_dedup(budget)?;
        Ok(graph)
    }

    /// Sorts every adjacency list and removes repeats (compacting the arrays).
    fn sort_and_dedup(&mut self, budget: &Budget) -> Result<(), Exhausted> {
        let mut meter = budget.meter();
        let mut write = 0usize;
        let mut start = 0usize;
        for u in 0..self.vertex_count() {
            let end = self.offsets[u + 1];
            let list = &mut self.targets[start..end];
            list.sort_unstable();
            meter.charge(list.len() as u64)?;
            let mut last = None;
            for i in start..end {
                let v = self.targets[i];
                if last != Some(v) {
                    self.targets[write] = v;
                    write += 1;
                    last = Some(v);
                }
            }
            start = end;
            self.offsets[u + 1] = write;
        }
        self.targets.truncate(write);
        self.targets.shrink_to_fit();
        meter.flush()
    }

    /// How many vertices.
    pub fn vertex_count(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// How many edges (moves).
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The successors (options) of `u`, sorted.
    #[inline]
    pub fn successors(&self, u: u32) -> &[u32] {
        let u = u as usize;
        &self.targets[self.offsets[u]..self.offsets[u + 1]]
    }

    /// The reversed graph (predecessors), charged one unit per vertex and edge, its memory
    /// checked against the budget first.
    ///
    /// # Errors
    /// [`Exhausted`] when the budget stops it.
    pub fn reverse(&self, budget: &Budget) -> Result<Digraph, Exhausted> {
        let n = self.vertex_count();
        budget.check_held(self.held_bytes() + csr_bytes(n, self.edge_count()))?;
        budget.charge((n + self.edge_count()) as u64)?;
        let mut offsets = vec![0usize; n + 1];
        for &v in &self.targets {
            offsets[v as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; self.edge_count()];
        // Sources in increasing order: each predecessor list comes out sorted.
        for u in 0..n as u32 {
            for &v in self.successors(u) {
                targets[fill[v as usize]] = u;
                fill[v as usize] += 1;
            }
        }
        Ok(Digraph { offsets, targets })
    }

    /// Bytes the graph holds.
    pub fn held_bytes(&self) -> u64 {
        csr_bytes(self.vertex_count(), self.edge_count())
    }
}

/// Bytes of a CSR graph of `n` vertices and `m` edges.
pub(crate) fn csr_bytes(n: usize, m: usize) -> u64 {
    (n as u64 + 1) * std::mem::size_of::<usize>() as u64 + m as u64 * 4
}

/// Why a graph could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    /// An edge names a vertex the graph does not have.
    #[error("the edge {from} -> {to} names a vertex beyond the graph's {vertices} vertices")]
    Vertex {
        /// The edge's tail.
        from: u32,
        /// The edge's head.
        to: u32,
        /// The number of vertices.
        vertices: usize,
    },
    /// More vertices than `u32` ids allow.
    #[error("{vertices} vertices is more than a graph may have ({MAX_VERTICES}, a fixed limit)")]
    TooLarge {
        /// The number of vertices asked for.
        vertices: usize,
    },
    /// The budget stopped the construction.
    #[error(transparent)]
    Exhausted(#[from] Exhausted),
}

/// The positions reachable from `roots` in `game` (canonical forms) and the graph of their
/// moves, vertex `i` being `positions[i]` (the roots first, in order; a repeated root once).
///
/// Breadth-first, each position stored once in a hash map: time linear in the number of
/// (position, option) pairs, one unit per option and [`UNITS_PER_POSITION`] per position,
/// memory (positions by their real size, edges, the map) checked against the budget as it
/// grows. The game may have cycles; only its reachable set must be finite, or the budget stops
/// the exploration.
///
/// # Errors
/// [`GraphError`] when the budget stops it or there are more than [`MAX_VERTICES`] positions.
pub fn explore<G: Game>(
    game: &G,
    roots: &[G::Position],
    budget: &Budget,
) -> Result<(Digraph, Vec<G::Position>), GraphError> {
    let mut index: FxHashMap<G::Position, u32> = FxHashMap::default();
    let mut positions: Vec<G::Position> = Vec::new();
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut queue = VecDeque::new();
    let mut held = 0u64;
    let mut meter = budget.meter();
    let limit = budget.memory_limit();
    // A position's memory: its own buffers twice (the list and the map's key), its slots.
    let slot = 2 * std::mem::size_of::<G::Position>() as u64 + 16;
    let intern = |p: G::Position,
                  index: &mut FxHashMap<G::Position, u32>,
                  positions: &mut Vec<G::Position>,
                  held: &mut u64,
                  meter: &mut crate::budget::Meter<'_>|
     -> Result<(u32, bool), GraphError> {
        if let Some(&i) = index.get(&p) {
            return Ok((i, false));
        }
        if positions.len() >= MAX_VERTICES {
            return Err(GraphError::TooLarge { vertices: positions.len() + 1 });
        }
        *held = held.saturating_add(slot + 2 * p.heap_bytes());
        if *held > limit {
            return Err(budget.memory_exhausted().into());
        }
        meter.charge(UNITS_PER_POSITION)?;
        let i = positions.len() as u32;
        index.insert(p.clone(), i);
        positions.push(p);
        Ok((i, true))
    };
    for root in roots {
        let (i, new) = intern(game.canonical(root), &mut index, &mut positions, &mut held, &mut meter)?;
        if new {
            queue.push_back(i);
        }
    }
    while let Some(u) = queue.pop_front() {
        let position = positions[u as usize].clone();
        let mut options = Vec::new();
        let mut failure = None;
        let _ = game.for_each_option(&position, &mut |o| match meter.charge(1) {
            Ok(()) => {
                options.push(game.canonical(&o));
                ControlFlow::Continue(())
            }
            Err(e) => {
                failure = Some(e);
                ControlFlow::Break(())
            }
        });
        if let Some(e) = failure {
            return Err(e.into());
        }
        for o in options {
            let (v, new) = intern(o, &mut index, &mut positions, &mut held, &mut meter)?;
            if new {
                queue.push_back(v);
            }
            held = held.saturating_add(8);
            if held > limit {
                return Err(budget.memory_exhausted().into());
            }
            edges.push((u, v));
        }
    }
    meter.flush()?;
    budget.note_held(held);
    drop(index);
    let graph = Digraph::from_edges(positions.len(), &edges, budget)?;
    Ok((graph, positions))
}

/// The graph of the disjunctive sum of `parts`: a vertex is a tuple of one vertex per part,
/// numbered in mixed radix (the first part's vertex varies slowest), and a move moves one
/// component. Its size is the product of the parts' sizes, so this is the check of the sum
/// theorem ([`super::sum`]) on small graphs, not the way to answer a sum.
///
/// # Errors
/// [`GraphError`] when the product is too large or the budget stops it.
pub fn sum_graph(parts: &[&Digraph], budget: &Budget) -> Result<Digraph, GraphError> {
    let mut n: usize = 1;
    for part in parts {
        n = n
            .checked_mul(part.vertex_count())
            .filter(|&n| n <= MAX_VERTICES)
            .ok_or(GraphError::TooLarge { vertices: usize::MAX })?;
    }
    // Each vertex has the sum of its components' out-degrees as out-degree.
    let mut edges = Vec::new();
    let mut meter = budget.meter();
    let mut digits = vec![0u32; parts.len()];
    for index in 0..n {
        let mut rest = index;
        for (d, part) in digits.iter_mut().zip(parts).rev() {
            *d = (rest % part.vertex_count()) as u32;
            rest /= part.vertex_count();
        }
        let mut stride = 1usize;
        for (j, part) in parts.iter().enumerate().rev() {
            for &v in part.successors(digits[j]) {
                meter.charge(1)?;
                let to = index - digits[j] as usize * stride + v as usize * stride;
                edges.push((index as u32, to as u32));
            }
            stride *= part.vertex_count();
        }
        budget.check_held(edges.len() as u64 * 8)?;
    }
    meter.flush()?;
    Digraph::from_edges(n, &edges, budget)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_are_sorted_deduplicated_and_reversed() {
        let budget = Budget::default();
        let g = Digraph::from_edges(3, &[(0, 2), (0, 1), (0, 2), (2, 0), (1, 1)], &budget).unwrap();
        assert_eq!(g.successors(0), &[1, 2]);
        assert_eq!(g.successors(1), &[1]);
        assert_eq!(g.edge_count(), 4);
        let r = g.reverse(&budget).unwrap();
        assert_eq!(r.successors(0), &[2]);
        assert_eq!(r.successors(1), &[0, 1]);
        assert_eq!(r.successors(2), &[0]);
    }

    #[test]
    fn a_vertex_beyond_the_graph_is_an_error() {
        let e = Digraph::from_edges(2, &[(0, 2)], &Budget::default()).unwrap_err();
        assert!(matches!(e, GraphError::Vertex { from: 0, to: 2, vertices: 2 }), "{e}");
    }

    #[test]
    fn a_small_budget_stops_the_construction() {
        let edges: Vec<(u32, u32)> = (0..1000).map(|i| (i, (i + 1) % 1000)).collect();
        let e = Digraph::from_edges(1000, &edges, &Budget::new(100)).unwrap_err();
        assert!(matches!(e, GraphError::Exhausted(_)), "{e}");
    }

    #[test]
    fn the_sum_graph_moves_one_component() {
        let budget = Budget::default();
        let a = Digraph::from_edges(2, &[(0, 1), (1, 0)], &budget).unwrap();
        let b = Digraph::from_edges(3, &[(0, 1), (1, 2)], &budget).unwrap();
        let s = sum_graph(&[&a, &b], &budget).unwrap();
        assert_eq!(s.vertex_count(), 6);
        // (0, 0) = 0: to (1, 0) = 3 and (0, 1) = 1.
        assert_eq!(s.successors(0), &[1, 3]);
        // (1, 2) = 5: to (0, 2) = 2 only.
        assert_eq!(s.successors(5), &[2]);
    }

    #[test]
    fn exploring_a_cyclic_game_stores_each_position_once() {
        struct Clock;
        impl Game for Clock {
            type Position = u64;
            fn options(&self, p: &u64) -> Vec<u64> {
                if *p == 5 {
                    vec![]
                } else {
                    vec![(p + 1) % 7, (p + 3) % 7]
                }
            }
        }
        let (g, positions) = explore(&Clock, &[0], &Budget::default()).unwrap();
        assert_eq!(g.vertex_count(), 7);
        assert_eq!(positions[0], 0);
        let five = positions.iter().position(|&p| p == 5).unwrap() as u32;
        assert!(g.successors(five).is_empty());
    }
}
