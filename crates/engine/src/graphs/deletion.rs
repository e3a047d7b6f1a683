//! [`Deletion`]: what a move of a vertex-deletion game deletes (Node-Kayles: a vertex and its
//! neighbours; Arc-Kayles and Cram: the two ends of an edge), shared by the component engine and
//! the chains, and the mex of a set of values held as bits.

use super::graph::Graph;
use super::set::VSet;

/// Which vertices a move deletes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Deletion {
    /// Node-Kayles: a vertex and its neighbours.
    Vertex,
    /// Arc-Kayles (and Cram): the two ends of an edge.
    Edge,
}

impl Deletion {
    /// The sets a move deletes from the component `within`, each once.
    pub fn moves(self, graph: &Graph, within: &VSet) -> Vec<VSet> {
        let mut moves: Vec<VSet> = Vec::new();
        match self {
            Deletion::Vertex => {
                for v in within.iter() {
                    let mut closed = graph.neighbours(v).and(within);
                    closed.insert(v);
                    moves.push(closed);
                }
                moves.sort_unstable();
                moves.dedup();
            }
            Deletion::Edge => {
                for u in within.iter() {
                    for v in graph.neighbours(u).and(within).iter().filter(|&v| v > u) {
                        let mut pair = VSet::single(u);
                        pair.insert(v);
                        moves.push(pair);
                    }
                }
            }
        }
        moves
    }

    /// The value of a component of one vertex or one edge, the two that need no table.
    pub(super) fn small_value(self, size: usize) -> Option<u32> {
        match (self, size) {
            (Deletion::Vertex, 1) | (_, 2) => Some(1),
            (Deletion::Edge, 1) => Some(0),
            _ => None,
        }
    }
}

/// The least value not among the bits of `seen`.
pub(super) fn mex(seen: &[u64]) -> u32 {
    for (i, &w) in seen.iter().enumerate() {
        if w != u64::MAX {
            return (i * 64) as u32 + (!w).trailing_zeros();
        }
    }
    (seen.len() * 64) as u32
}
