//! Games on graphs: the graphs ([`Graph`], named families and graph texts in [`family`]), sets
//! of vertices ([`VSet`]), canonical forms of small graphs ([`canon`]), the component engine
//! ([`components`]) that values Node-Kayles, Arc-Kayles and Cram positions by their connected
//! components, their misère search by regions ([`regions`]), and the pictures of positions
//! ([`layout`]). The rulesets (`crate::rulesets::node_kayles`, ...) declare the games on top.

pub(crate) mod canon;
pub(crate) mod chains;
pub(crate) mod components;
pub(crate) mod deletion;
mod exchange;
pub(crate) mod family;
pub(crate) mod geography;
pub(crate) mod graph;
pub(crate) mod hackenbush;
mod huge;
pub(crate) mod layout;
pub(crate) mod regions;
pub(crate) mod set;
mod shape;
pub(crate) mod symmetry;
mod word;

#[cfg(test)]
mod tests;

pub use components::{ComponentSolver, Memo};
pub use deletion::Deletion;
pub(crate) use graph::Graph;
#[cfg(test)]
pub(crate) use graph::Lattice;
pub use layout::{layout, GraphView, Point, Style, Target};
pub(crate) use regions::MisereMemo;
pub(crate) use set::VSet;

use crate::game::Game;

/// A vertex-deletion game on a graph as a plain [`Game`]: a position is the set of vertices left,
/// a move deletes a vertex with its neighbours (Node-Kayles) or the two ends of an edge
/// (Arc-Kayles). The generic search over it knows nothing of components: it is the reference the
/// component engine is checked against.
#[derive(Debug, Clone)]
pub(crate) struct DeletionGame {
    /// The graph.
    pub graph: Graph,
    /// What a move deletes.
    pub deletion: Deletion,
}

impl Game for DeletionGame {
    type Position = VSet;

    fn options(&self, left: &VSet) -> Vec<VSet> {
        self.deletion.moves(&self.graph, left).iter().map(|d| left.minus(d)).collect()
    }
}
