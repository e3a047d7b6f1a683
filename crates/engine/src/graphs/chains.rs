//! Vertex-deletion games on graphs of maximum degree two, of any size: every component of such a
//! graph is a **chain**, a path or a cycle, and its value depends only on its kind and length,
//! so a position is valued by its chains' lengths instead of by sets of vertices.
//!
//! A chain's options come from the deletion rule itself, applied along the chain (vertex `i`'s
//! neighbours are `i - 1` and `i + 1`, wrapping round on a cycle): a move deletes a vertex with
//! its neighbours (Node-Kayles) or the two ends of an edge (Arc-Kayles), and what is left splits
//! into the runs of vertices between the deleted ones, each a path. Nothing of the octal games is
//! used: that Node-Kayles on paths is 0.137 and Arc-Kayles 0.07 is the theory this search checks
//! (tests compare them to 10^4 vertices, and a chain's options to the graph engine's).
//!
//! Values of paths are tabled in order of length; a path of `n` has at most `n` moves, so the
//! values of every path up to `n` cost `O(n²)` moves, each `O(1)`.

use super::deletion::{mex, Deletion};
use crate::budget::{Budget, Exhausted};

/// A connected graph of maximum degree two.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Chain {
    /// A path of this many vertices (at least one).
    Path(usize),
    /// A cycle of this many vertices (at least three).
    Cycle(usize),
}

impl Chain {
    /// How many vertices.
    pub(crate) fn order(self) -> usize {
        match self {
            Chain::Path(n) | Chain::Cycle(n) => n,
        }
    }

    /// The neighbours of vertex `i` along the chain.
    fn neighbours(self, i: usize) -> impl Iterator<Item = usize> {
        let (before, after) = match self {
            Chain::Path(n) => (i.checked_sub(1), (i + 1 < n).then_some(i + 1)),
            Chain::Cycle(n) => (Some((i + n - 1) % n), Some((i + 1) % n)),
        };
        before.into_iter().chain(after)
    }

    /// What each move of the deletion rule deletes, in increasing order of the chain's vertices
    /// (a set two moves delete is listed twice: on a path of two vertices, either vertex).
    pub(crate) fn moves(self, deletion: Deletion) -> impl Iterator<Item = Deleted> {
        let n = self.order();
        let vertex = (deletion == Deletion::Vertex)
            .then_some(0..n)
            .into_iter()
            .flatten()
            .map(move |v| Deleted::of(std::iter::once(v).chain(self.neighbours(v))));
        let edge =
            (deletion == Deletion::Edge).then_some(0..n).into_iter().flatten().flat_map(move |u| {
                self.neighbours(u).filter(move |&v| v > u).map(move |v| Deleted::of([u, v]))
            });
        vertex.chain(edge)
    }

    /// The lengths of the paths left when `deleted` is deleted: the runs of vertices between
    /// deleted ones, along the chain.
    pub(crate) fn rest(self, deleted: &Deleted) -> impl Iterator<Item = usize> + '_ {
        let n = self.order();
        let vertices = deleted.vertices();
        let gaps = vertices.windows(2).map(|pair| pair[1] - pair[0] - 1);
        let (first, last) = (vertices[0], vertices[vertices.len() - 1]);
        let ends = match self {
            Chain::Path(_) => [Some(first), Some(n - 1 - last)],
            Chain::Cycle(_) => [Some(first + (n - 1 - last)), None],
        };
        gaps.chain(ends.into_iter().flatten()).filter(|&len| len > 0)
    }
}

/// The vertices one move deletes from a chain (at most three: a vertex and its two neighbours),
/// in increasing order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Deleted {
    vertices: [usize; 3],
    len: usize,
}

impl Deleted {
    fn of(vertices: impl IntoIterator<Item = usize>) -> Deleted {
        let mut deleted = Deleted { vertices: [0; 3], len: 0 };
        for v in vertices {
            if !deleted.vertices().contains(&v) {
                deleted.vertices[deleted.len] = v;
                deleted.len += 1;
            }
        }
        deleted.vertices[..deleted.len].sort_unstable();
        deleted
    }

    /// The vertices, in increasing order.
    pub(crate) fn vertices(&self) -> &[usize] {
        &self.vertices[..self.len]
    }
}

/// The values of the chains under one deletion rule, tabled by length.
#[derive(Debug, Clone)]
pub(crate) struct ChainValues {
    deletion: Deletion,
    /// `paths[n]`: the value of a path of `n` vertices (`paths[0] = 0`, no vertex).
    paths: Vec<u32>,
}

impl ChainValues {
    /// An empty table for the deletion rule.
    pub(crate) fn new(deletion: Deletion) -> Self {
        ChainValues { deletion, paths: vec![0] }
    }

    /// The value of a path of `n` vertices, tabling every shorter path first: `O(n²)` moves the
    /// first time (each charged one unit of work), a lookup after.
    ///
    /// # Errors
    /// [`Exhausted`] when the budget or the deadline stops the search.
    pub(crate) fn path(&mut self, n: usize, budget: &Budget) -> Result<u32, Exhausted> {
        let mut meter = budget.meter();
        while self.paths.len() <= n {
            let length = self.paths.len();
            // A path and its mirror image are one: the moves of the first half (and the middle)
            // are all the options.
            let mut seen = Vec::<u64>::new();
            let path = Chain::Path(length);
            for deleted in path.moves(self.deletion) {
                let vertices = deleted.vertices();
                if vertices[0] > length - 1 - vertices[vertices.len() - 1] {
                    continue;
                }
                meter.charge(1)?;
                let value = path.rest(&deleted).fold(0, |sum, part| sum ^ self.paths[part]);
                let word = (value / 64) as usize;
                if seen.len() <= word {
                    seen.resize(word + 1, 0);
                }
                seen[word] |= 1 << (value % 64);
            }
            self.paths.push(mex(&seen));
        }
        meter.flush()?;
        Ok(self.paths[n])
    }

    /// The value of a chain. A cycle is the same seen from each of its vertices, so all its
    /// moves are one up to rotation: its value is the mex of its first move's option alone.
    ///
    /// # Errors
    /// As for [`ChainValues::path`].
    pub(crate) fn value(&mut self, chain: Chain, budget: &Budget) -> Result<u32, Exhausted> {
        match chain {
            Chain::Path(n) => self.path(n, budget),
            Chain::Cycle(_) => {
                let Some(deleted) = chain.moves(self.deletion).next() else {
                    return Ok(0);
                };
                let mut option = 0;
                for part in chain.rest(&deleted) {
                    option ^= self.path(part, budget)?;
                }
                Ok(u32::from(option == 0))
            }
        }
    }
}
