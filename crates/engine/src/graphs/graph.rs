//! [`Graph`]: an undirected graph of at most [`MAX_VERTICES`] vertices with its vertices'
//! names, its edges as given (loops and repeated edges kept, for Green Hackenbush), its simple
//! adjacency as [`VSet`]s, and, for the families drawn on a board, its cells and the lattice
//! whose moves make the edges (so that a component can be keyed by its shape).

use super::set::{VSet, MAX_VERTICES};

/// How the edges of a graph drawn on a board follow from its cells: the same relation for every
/// pair of cells at the same offset, preserved by the board's eight symmetries (rotations and
/// reflections), so that a set of cells moved or turned keeps its induced graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lattice {
    /// Cells one step apart in a row or a column (grids, ladders, Cram boards).
    Grid,
    /// Cells in one row, column or diagonal (the queens graph).
    Queens,
}

impl Lattice {
    /// Are cells at offset `(dr, dc)` adjacent?
    pub fn adjacent(self, dr: i32, dc: i32) -> bool {
        match self {
            Lattice::Grid => dr.abs() + dc.abs() == 1,
            Lattice::Queens => (dr, dc) != (0, 0) && (dr == 0 || dc == 0 || dr.abs() == dc.abs()),
        }
    }
}

/// Where the vertices of a board graph are: each vertex's cell `(row, column)`, 0-based.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// The relation that makes the edges.
    pub lattice: Lattice,
    /// Each vertex's cell.
    pub cells: Vec<(u16, u16)>,
    /// The board's rows.
    pub rows: u16,
    /// The board's columns.
    pub cols: u16,
    /// Is every cell of the rectangle a vertex, numbered row by row (vertex `r * cols + c` is
    /// cell `(r, c)`)? Then a set of vertices is the board's bitboard, and components and shapes
    /// are found by shifts (see [`Board::dense_rows`]).
    dense: bool,
}

impl Board {
    /// The rows of `set` as bitboards (bit `c` of row `r` is cell `(r, c)`), when the board is
    /// dense and small enough (at most 16 rows of at most 64 columns) for the shift paths.
    #[inline]
    pub fn dense_rows(&self, set: &VSet, rows: &mut [u64; 16]) -> bool {
        if !self.dense || self.rows > 16 || self.cols > 64 {
            return false;
        }
        let cols = usize::from(self.cols);
        for (r, row) in rows.iter_mut().enumerate().take(usize::from(self.rows)) {
            *row = set.bits(r * cols, cols);
        }
        true
    }
}

/// Why a graph cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    /// More vertices (or edges, where edges are the moves) than a position holds.
    #[error("the graph has {count} {what}; a graph game has at most {MAX_VERTICES}")]
    TooLarge {
        /// How many.
        count: usize,
        /// "vertices" or "edges".
        what: &'static str,
    },
    /// No vertex.
    #[error("the graph is empty: it has no vertices")]
    Empty,
}

/// An undirected graph (see the module doc).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graph {
    names: Vec<String>,
    edges: Vec<(u16, u16)>,
    adj: Vec<VSet>,
    board: Option<Board>,
    /// For a generalized Petersen graph P(n, k): n, its first n vertices the outer ring.
    rings: Option<usize>,
}

impl Graph {
    /// The graph with these vertices and edges (pairs of vertex ids; loops and repeats kept as
    /// edges, left out of the adjacency).
    ///
    /// # Errors
    /// [`GraphError`] for no vertex or more than [`MAX_VERTICES`].
    pub fn new(names: Vec<String>, edges: Vec<(u16, u16)>) -> Result<Graph, GraphError> {
        if names.is_empty() {
            return Err(GraphError::Empty);
        }
        if names.len() > MAX_VERTICES {
            return Err(GraphError::TooLarge { count: names.len(), what: "vertices" });
        }
        let mut adj = vec![VSet::EMPTY; names.len()];
        for &(u, v) in &edges {
            debug_assert!((u as usize) < names.len() && (v as usize) < names.len());
            if u != v {
                adj[u as usize].insert(v as usize);
                adj[v as usize].insert(u as usize);
            }
        }
        Ok(Graph { names, edges, adj, board: None, rings: None })
    }

    /// The graph of the cells of a board under a lattice: a vertex per cell, named
    /// `(row, column)` counted from 1, and an edge between every two related cells.
    ///
    /// # Errors
    /// As for [`Graph::new`].
    pub fn on_board(
        lattice: Lattice,
        rows: u16,
        cols: u16,
        cells: Vec<(u16, u16)>,
    ) -> Result<Graph, GraphError> {
        if cells.len() > MAX_VERTICES {
            return Err(GraphError::TooLarge { count: cells.len(), what: "vertices" });
        }
        let names = cells.iter().map(|&(r, c)| format!("({}, {})", r + 1, c + 1)).collect();
        let mut edges = Vec::new();
        for (i, &(r1, c1)) in cells.iter().enumerate() {
            for (j, &(r2, c2)) in cells.iter().enumerate().skip(i + 1) {
                if lattice.adjacent(i32::from(r2) - i32::from(r1), i32::from(c2) - i32::from(c1)) {
                    edges.push((i as u16, j as u16));
                }
            }
        }
        let mut graph = Graph::new(names, edges)?;
        let dense = cells.len() == usize::from(rows) * usize::from(cols)
            && cells
                .iter()
                .enumerate()
                .all(|(v, &(r, c))| v == usize::from(r) * usize::from(cols) + usize::from(c));
        graph.board = Some(Board { lattice, cells, rows, cols, dense });
        Ok(graph)
    }

    /// The same graph with its vertices renamed (`names` by vertex id, as many as the vertices):
    /// a board game names its cells its own way (Cram's `b3`).
    #[must_use]
    pub(crate) fn with_names(mut self, names: Vec<String>) -> Graph {
        debug_assert_eq!(names.len(), self.names.len());
        self.names = names;
        self
    }

    /// How many vertices.
    pub fn order(&self) -> usize {
        self.names.len()
    }

    /// Every vertex.
    pub fn vertices(&self) -> VSet {
        VSet::first(self.order())
    }

    /// The name of vertex `v`.
    pub fn name(&self, v: usize) -> &str {
        &self.names[v]
    }

    /// The names, by vertex id.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The vertex named `name`.
    pub fn vertex(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// The edges as given, loops and repeats included.
    pub fn edges(&self) -> &[(u16, u16)] {
        &self.edges
    }

    #[cfg(test)]
    /// The edges of the simple graph, each once, `u < v`.
    pub(crate) fn simple_edges(&self) -> Vec<(usize, usize)> {
        let mut edges = Vec::new();
        for u in 0..self.order() {
            for v in self.adj[u].iter().filter(|&v| v > u) {
                edges.push((u, v));
            }
        }
        edges
    }

    /// The neighbours of `v` (not `v` itself).
    #[inline]
    pub fn neighbours(&self, v: usize) -> &VSet {
        &self.adj[v]
    }

    /// The adjacency, by vertex.
    pub fn adjacency(&self) -> &[VSet] {
        &self.adj
    }

    /// The board the graph is drawn on, for the families that have one.
    pub fn board(&self) -> Option<&Board> {
        self.board.as_ref()
    }

    /// The same graph drawn as two rings of `n` vertices each, the first `n` vertices outside
    /// (a generalized Petersen graph).
    pub fn with_rings(mut self, n: usize) -> Graph {
        debug_assert_eq!(2 * n, self.order());
        self.rings = Some(n);
        self
    }

    /// The size of each ring, for a graph drawn as two rings ([`Graph::with_rings`]).
    pub fn rings(&self) -> Option<usize> {
        self.rings
    }

    /// The connected components of the subgraph induced by `within`, each as its vertex set,
    /// in order of their least vertex. `O(|within| · words)`.
    pub fn components(&self, within: &VSet, out: &mut Vec<VSet>) {
        out.clear();
        if let Some(board) = self.board.as_ref().filter(|b| b.lattice == Lattice::Grid) {
            let mut rows = [0u64; 16];
            if board.dense_rows(within, &mut rows) {
                grid_components(&mut rows[..usize::from(board.rows)], usize::from(board.cols), out);
                return;
            }
        }
        self.flood_components(within, out);
    }

    /// [`Graph::components`] by flooding along the adjacency, for any graph.
    pub(super) fn flood_components(&self, within: &VSet, out: &mut Vec<VSet>) {
        out.clear();
        let mut left = *within;
        while let Some(start) = left.least() {
            let mut component = VSet::single(start);
            let mut frontier = component;
            while !frontier.is_empty() {
                let mut reached = VSet::EMPTY;
                for u in frontier.iter() {
                    reached = reached.or(&self.adj[u]);
                }
                frontier = reached.and(&left).minus(&component);
                component = component.or(&frontier);
            }
            left = left.minus(&component);
            out.push(component);
        }
    }

    /// How many neighbours `v` has in `within`.
    #[inline]
    pub(crate) fn degree_in(&self, v: usize, within: &VSet) -> usize {
        self.adj[v].and(within).len()
    }
}

/// The components of a dense grid board's cells `rows` (emptied), in order of their least
/// vertex: from a component's least cell, its runs of cells along rows are filled, then the cells
/// next to them in the rows above and below, until nothing is added. `O(rows · turns · log cols)`
/// word operations for a component whose paths change rows `turns` times.
fn grid_components(rows: &mut [u64], cols: usize, out: &mut Vec<VSet>) {
    let mut component = [0u64; 16];
    while let Some(first) = rows.iter().position(|&r| r != 0) {
        let component = &mut component[..rows.len()];
        component.fill(0);
        component[first] = fill_runs(rows[first], rows[first] & rows[first].wrapping_neg(), cols);
        let mut changed = true;
        while changed {
            changed = false;
            for r in 0..rows.len() {
                let above = if r > 0 { component[r - 1] } else { 0 };
                let below = component.get(r + 1).copied().unwrap_or(0);
                let reached = (above | below) & rows[r] & !component[r];
                if reached != 0 {
                    component[r] = fill_runs(rows[r], component[r] | reached, cols);
                    changed = true;
                }
            }
        }
        let mut set = VSet::EMPTY;
        for (r, &part) in component.iter().enumerate() {
            set.put_bits(r * cols, part);
            rows[r] &= !part;
        }
        out.push(set);
    }
}

/// The runs of consecutive bits of `row` (of `cols` bits) that hold a bit of `seeds` (within
/// `row`): upwards from each run's least seed by a carry, downwards by doubling shifts.
#[inline]
fn fill_runs(row: u64, seeds: u64, cols: usize) -> u64 {
    let up = (row.wrapping_add(seeds) ^ row | seeds) & row;
    let (mut down, mut open) = (seeds, row);
    let mut shift = 1;
    while shift < cols {
        down |= open & (down >> shift);
        open &= open >> shift;
        shift <<= 1;
    }
    up | down
}
