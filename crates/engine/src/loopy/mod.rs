//! Loopy impartial games: finite games whose positions may repeat, where best play may never
//! end (a draw). docs/loopy.md gives the theory with its references.
//!
//! * [`graph`] — the game graph: [`Digraph`] (CSR, `u32` vertex ids), built from edges, from any
//!   [`crate::Game`] with a finite reachable set ([`explore`]), or as the graph of a sum.
//! * [`gsg`] — the generalized Sprague-Grundy function (Smith; Fraenkel and Yesha) by
//!   retrograde analysis, `O((V + E)(M + 2))` for the largest finite value `M`; its check
//!   against the definition, and the straightforward fixed-point iteration as a reference.
//! * [`retrograde`] — outcomes (P, N, D) and remoteness, normal and misère play, `O(V + E)`.
//! * [`sum`] — the generalized Sprague-Grundy theorem: the value, outcome and winning or drawing
//!   moves of a sum from its components' values, without the sum's graph.
//! * [`text`] — the graph file formats (edge lists, Graphviz DOT's simple subset).
//! * [`fair_shares`] — Fair Shares and Varied Pairs (Winning Ways, ch. 12).
//!
//! [`solve`] runs the analyses a question needs and returns a [`Solution`]: per vertex, the
//! value (normal play), the outcome, the remoteness, the winning moves and the moves that keep
//! a draw. Every function runs under a [`Budget`], charging its work and checking its memory.

pub(crate) mod fair_shares;
pub(crate) mod graph;
pub(crate) mod gsg;
pub(crate) mod retrograde;
pub(crate) mod sum;
pub(crate) mod text;

#[cfg(test)]
mod tests;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

pub use fair_shares::{partitions, FairShares};
pub(crate) use graph::GraphError;
pub use graph::{explore, sum_graph, Digraph};
#[cfg(test)]
pub(crate) use gsg::check_definition;
pub(crate) use gsg::Gsg;
pub use gsg::{check_vertex, generalized_sprague_grundy, gsg_fixed_point, INFINITE};
pub(crate) use retrograde::Outcomes;
pub use retrograde::{outcomes_fixed_point, retrograde, LoopyOutcome};
pub use sum::{good_moves as sum_good_moves, value_of as sum_value, Component};
pub use text::{parse_graph, ParseError, SyntaxFault};

use crate::budget::{Budget, Exhausted};
use crate::game::Play;

/// A value of the generalized Sprague-Grundy function: a nimber, or ∞(K) with `K` the finite
/// values of the position's options.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    /// A nimber `*n`.
    Nimber(u32),
    /// ∞(K): `K` sorted, without repeats.
    Infinite(Vec<u32>),
}

impl LoopyValue {
    /// The outcome the value gives: `0` is P, another nimber N, ∞(K) is N when `0 ∈ K` and a
    /// draw otherwise.
    pub fn outcome(&self) -> LoopyOutcome {
        match self {
            LoopyValue::Nimber(0) => LoopyOutcome::P,
            LoopyValue::Nimber(_) => LoopyOutcome::N,
            LoopyValue::Infinite(k) if k.first() == Some(&0) => LoopyOutcome::N,
            LoopyValue::Infinite(_) => LoopyOutcome::D,
        }
    }
}

impl std::fmt::Display for LoopyValue {
    /// `3`, or `∞(0,2)`, `∞()`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoopyValue::Nimber(n) => write!(f, "{n}"),
            LoopyValue::Infinite(k) => {
                let k: Vec<String> = k.iter().map(u32::to_string).collect();
                write!(f, "∞({})", k.join(","))
            }
        }
    }
}

impl Serialize for LoopyValue {
    /// A nimber is a JSON number; ∞(K) is `{"infinite": [K...]}` (docs/json.md).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            LoopyValue::Nimber(n) => serializer.serialize_u32(*n),
            LoopyValue::Infinite(k) => {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("infinite", k)?;
                map.end()
            }
        }
    }
}

/// The analysis of every vertex of a graph under one convention.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The convention.
    pub play: Play,
    /// The generalized Sprague-Grundy function (normal play only; misère play has none).
    pub gsg: Option<Gsg>,
    /// Outcomes and remoteness by retrograde analysis.
    pub outcomes: Outcomes,
}

/// Everything about every vertex of `graph` under `play`: under normal play the generalized
/// Sprague-Grundy function and the retrograde outcomes with remoteness (whose outcomes agree:
/// checked in the tests), under misère play the retrograde outcomes. Time
/// `O((V + E)(M + 2))` (normal) or `O(V + E)` (misère).
///
/// # Errors
/// [`Exhausted`] when the budget stops it.
pub fn solve(graph: &Digraph, play: Play, budget: &Budget) -> Result<Solution, Exhausted> {
    let reverse = graph.reverse(budget)?;
    let gsg = match play {
        Play::Normal => Some(gsg::gsg_with_reverse(graph, &reverse, budget)?),
        Play::Misere => None,
    };
    let outcomes = retrograde(graph, &reverse, play, budget)?;
    Ok(Solution { play, gsg, outcomes })
}

impl Solution {
    /// The value of `u` (normal play).
    pub fn value(&self, graph: &Digraph, u: u32) -> Option<LoopyValue> {
        let gsg = self.gsg.as_ref()?;
        Some(match gsg.values[u as usize] {
            INFINITE => LoopyValue::Infinite(gsg.finite_follower_values(graph, u)),
            n => LoopyValue::Nimber(n),
        })
    }

    /// The outcome of `u`.
    pub fn outcome(&self, u: u32) -> LoopyOutcome {
        self.outcomes.outcome[u as usize]
    }

    /// The remoteness of `u`, unless it is a draw.
    pub fn remoteness(&self, u: u32) -> Option<u32> {
        Some(self.outcomes.remoteness[u as usize]).filter(|&r| r != u32::MAX)
    }

    /// The moves the player to move should consider: from an N-vertex every move to a
    /// P-vertex (each wins), from a D-vertex every move to a D-vertex (each keeps the draw),
    /// from a P-vertex nothing.
    pub fn good_moves<'g>(&'g self, graph: &'g Digraph, u: u32) -> impl Iterator<Item = u32> + 'g {
        let want = match self.outcome(u) {
            LoopyOutcome::N => Some(LoopyOutcome::P),
            LoopyOutcome::D => Some(LoopyOutcome::D),
            LoopyOutcome::P => None,
        };
        graph.successors(u).iter().copied().filter(move |&v| Some(self.outcome(v)) == want)
    }

    /// The move nimlab plays from `u`: the fastest win from an N-vertex, a move that keeps the
    /// draw from a D-vertex, the slowest loss from a P-vertex; `None` at a terminal vertex.
    pub fn best_move(&self, graph: &Digraph, u: u32) -> Option<u32> {
        let succ = graph.successors(u);
        let r = |v: u32| self.outcomes.remoteness[v as usize];
        match self.outcome(u) {
            LoopyOutcome::N => self.good_moves(graph, u).min_by_key(|&v| r(v)),
            LoopyOutcome::D => self.good_moves(graph, u).next(),
            LoopyOutcome::P => succ.iter().copied().max_by_key(|&v| r(v)),
        }
    }
}

/// A graph error as an engine error: a budget stop stays one, the rest are usage errors.
impl From<GraphError> for crate::error::EngineError {
    fn from(e: GraphError) -> Self {
        match e {
            GraphError::Exhausted(cause) => crate::error::EngineError::Exhausted {
                task: Box::new(crate::error::Task::LoopyAnalysis),
                cause,
            },
            GraphError::Vertex { from, to, vertices } => {
                crate::error::EngineError::InvalidRequest(crate::error::RequestError::EdgeBeyondGraph {
                    from,
                    to,
                    vertices,
                })
            }
            GraphError::TooLarge { vertices } => {
                crate::error::EngineError::InvalidRequest(crate::error::RequestError::TooManyVertices {
                    vertices,
                    max: graph::MAX_VERTICES,
                })
            }
        }
    }
}
