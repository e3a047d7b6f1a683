//! The component engine: the Grundy value of a vertex-deletion game on a graph (Node-Kayles,
//! Arc-Kayles, and Cram, which is Arc-Kayles on a board's cells) by splitting every position into
//! its connected components, whose values nim-sum (Sprague–Grundy), and looking each component
//! up in a transposition table by a key that isomorphic components share.
//!
//! A component's keys, cheapest first:
//! * its **shape**, for a graph drawn on a board whose edges follow from the cells' offsets
//!   ([`Lattice`]): the cells moved to the corner and turned or reflected to the least of the
//!   board's eight symmetries, so the same shape anywhere on any board of that lattice, of any
//!   size, is one entry;
//! * its **form** ([`canon::canonical_form`]), for components of at most
//!   [`canon::MAX_FORM_VERTICES`] vertices: every isomorphic component is one entry, whatever
//!   the graph it came from;
//! * otherwise its vertex set in this graph.
//!
//! Shapes and forms do not depend on the graph, so one [`Memo`] serves a whole family (the
//! `3 x n` grids for every `n`). The tables count their bytes in the budget's memory account
//! and never pass their share of the memory limit: when full, the older half is dropped (two
//! generations; an entry found in the older one is kept), so a long run slows down rather than
//! stopping.
//!
//! The search keeps its own stack (a frame per component being solved; each is a proper
//! subgraph of the one below it, so the stack holds at most as many frames as the graph has
//! vertices). Every move tried is charged one unit of work.

use std::hash::Hash;

use rustc_hash::FxHashMap;

use super::canon::{self, SmallGraph, MAX_FORM_VERTICES};
use super::graph::{Graph, Lattice};
use super::set::VSet;
use crate::budget::{Budget, Exhausted};

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
    fn small_value(self, size: usize) -> Option<u32> {
        match (self, size) {
            (Deletion::Vertex, 1) | (_, 2) => Some(1),
            (Deletion::Edge, 1) => Some(0),
            _ => None,
        }
    }
}

/// Bytes one table entry takes, key, value and the hash table's share (measured with
/// hashbrown's layout: a key, a value, a control byte, at a load of 7/8).
const SHAPE_ENTRY_BYTES: u64 = 56;
const FORM_ENTRY_BYTES: u64 = 48;

/// A table of two generations (see the module doc).
struct Generations<K> {
    hot: FxHashMap<K, u32>,
    cold: FxHashMap<K, u32>,
    /// Entries the hot generation may hold before it becomes the cold one.
    capacity: usize,
    evicted: u64,
}

impl<K: Hash + Eq> Generations<K> {
    fn new() -> Self {
        Generations {
            hot: FxHashMap::default(),
            cold: FxHashMap::default(),
            capacity: usize::MAX,
            evicted: 0,
        }
    }

    fn get(&mut self, key: &K) -> Option<u32>
    where
        K: Clone,
    {
        if let Some(&v) = self.hot.get(key) {
            return Some(v);
        }
        let v = self.cold.remove(key)?;
        self.insert(key.clone(), v);
        Some(v)
    }

    fn insert(&mut self, key: K, value: u32) {
        if self.hot.len() >= self.capacity {
            self.evicted += self.cold.len() as u64;
            self.cold = std::mem::take(&mut self.hot);
        }
        self.hot.insert(key, value);
    }

    fn len(&self) -> usize {
        self.hot.len() + self.cold.len()
    }
}

/// What a family's graphs share: the values of shapes and forms (see the module doc).
pub struct Memo {
    deletion: Deletion,
    shapes: Generations<[u64; 5]>,
    forms: Generations<Box<[u64]>>,
    form_words: u64,
    /// Components solved (not found in a table).
    pub solved: u64,
}

impl Memo {
    /// An empty memo for a game.
    pub fn new(deletion: Deletion) -> Self {
        Memo { deletion, shapes: Generations::new(), forms: Generations::new(), form_words: 0, solved: 0 }
    }

    /// The game.
    pub fn deletion(&self) -> Deletion {
        self.deletion
    }

    /// Entries held.
    pub fn states(&self) -> usize {
        self.shapes.len() + self.forms.len()
    }

    /// Entries dropped to stay within the memory share.
    pub fn evicted(&self) -> u64 {
        self.shapes.evicted + self.forms.evicted
    }

    /// Bytes held, by the tables' sizes.
    pub fn held_bytes(&self) -> u64 {
        self.shapes.len() as u64 * SHAPE_ENTRY_BYTES
            + self.forms.len() as u64 * FORM_ENTRY_BYTES
            + self.form_words * 8
    }

    /// Sets the tables' capacities so that they hold at most `bytes` (each generation half).
    fn limit(&mut self, bytes: u64) {
        let per_generation = bytes / 2;
        self.shapes.capacity = (per_generation / 2 / SHAPE_ENTRY_BYTES).max(64) as usize;
        // A form of k vertices is about k + 2 words.
        self.forms.capacity = (per_generation / 2 / (FORM_ENTRY_BYTES + 8 * 24)).max(64) as usize;
    }
}

/// The keys of one component.
struct Keys {
    shape: Option<[u64; 5]>,
    form: Option<Box<[u64]>>,
    /// The vertex set, for a component with neither (kept in the solver's own table).
    own: Option<VSet>,
}

struct Frame {
    component: VSet,
    keys: Keys,
    moves: Vec<VSet>,
    next_move: usize,
    /// The values of the options seen so far, as bits.
    seen: Vec<u64>,
    /// The components of the option being valued, and how far it has got.
    parts: Vec<VSet>,
    part: usize,
    sum: u32,
}

/// The Grundy values of positions of one graph (see the module doc).
pub struct ComponentSolver<'m> {
    graph: Graph,
    memo: &'m mut Memo,
    own: FxHashMap<VSet, u32>,
    /// The most vertices a component gets a canonical form for.
    form_limit: usize,
    rows: Vec<u64>,
    colours: Vec<u8>,
}

/// How many leaves the canonical form's search may have before the component is keyed by its
/// vertex set instead.
const LEAF_LIMIT: usize = 512;

/// The most vertices a component of a board graph gets a canonical form for.
const BOARD_FORM_VERTICES: usize = 12;

impl<'m> ComponentSolver<'m> {
    /// A solver for positions of `graph`, with the family's `memo`.
    pub fn new(graph: Graph, memo: &'m mut Memo) -> Self {
        // On a board, shapes already join the copies of a component moved, turned or reflected,
        // and larger components rarely have another isomorphic shape: forms cost more than they
        // save there (measured on the 3 x n grids, docs/graphs.md).
        let form_limit = if graph.board().is_some() { BOARD_FORM_VERTICES } else { MAX_FORM_VERTICES };
        ComponentSolver {
            graph,
            memo,
            own: FxHashMap::default(),
            form_limit,
            rows: Vec::new(),
            colours: Vec::new(),
        }
    }

    /// Keys components by shape and vertex set only (no canonical forms): a second, independent
    /// way to compute the same values, for confirming records.
    #[must_use]
    pub fn without_forms(mut self) -> Self {
        self.form_limit = 0;
        self
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// Entries held (the memo's and this graph's own).
    pub fn states(&self) -> usize {
        self.memo.states() + self.own.len()
    }

    /// The value of the position whose remaining vertices are `left`: the nim-sum of its
    /// components' values.
    ///
    /// # Errors
    /// [`Exhausted`] when the budget, the deadline or a cancellation stops the search.
    pub fn value(&mut self, left: &VSet, budget: &Budget) -> Result<u32, Exhausted> {
        self.memo.limit(budget.memory_limit() / 2);
        let mut parts = Vec::new();
        self.graph.components(left, &mut parts);
        let mut sum = 0;
        for part in parts {
            sum ^= self.component_value(part, budget)?;
        }
        Ok(sum)
    }

    fn lookup(&mut self, component: &VSet) -> Result<u32, Keys> {
        if let Some(v) = self.memo.deletion.small_value(component.len()) {
            return Ok(v);
        }
        let shape = self.shape_key(component);
        if let Some(key) = &shape {
            if let Some(v) = self.memo.shapes.get(key) {
                return Ok(v);
            }
        }
        let form = self.form_key(component);
        if let Some(key) = &form {
            if let Some(v) = self.memo.forms.get(key) {
                if let Some(shape) = shape {
                    self.memo.shapes.insert(shape, v);
                }
                return Ok(v);
            }
        }
        let own = (shape.is_none() && form.is_none()).then_some(*component);
        if let Some(v) = own.and_then(|set| self.own.get(&set).copied()) {
            return Ok(v);
        }
        Err(Keys { shape, form, own })
    }

    fn store(&mut self, keys: Keys, value: u32) {
        if let Some(shape) = keys.shape {
            self.memo.shapes.insert(shape, value);
        }
        if let Some(form) = keys.form {
            self.memo.form_words += form.len() as u64;
            self.memo.forms.insert(form, value);
        }
        if let Some(set) = keys.own {
            self.own.insert(set, value);
        }
    }

    fn frame(&self, component: VSet, keys: Keys) -> Frame {
        Frame {
            component,
            keys,
            moves: self.memo.deletion.moves(&self.graph, &component),
            next_move: 0,
            seen: Vec::new(),
            parts: Vec::new(),
            part: 0,
            sum: 0,
        }
    }

    fn component_value(&mut self, component: VSet, budget: &Budget) -> Result<u32, Exhausted> {
        let keys = match self.lookup(&component) {
            Ok(v) => return Ok(v),
            Err(keys) => keys,
        };
        let mut meter = budget.meter();
        let mut stack = vec![self.frame(component, keys)];
        let mut returned: Option<u32> = None;
        let mut scratch = Vec::new();
        let mut checked_at = 0usize;
        loop {
            let depth = stack.len();
            let top = stack.last_mut().expect("the stack holds the component being solved");
            // Value the components of the current option.
            let mut descend = None;
            while top.part < top.parts.len() {
                let part = top.parts[top.part];
                let value = match returned.take() {
                    Some(v) => v,
                    None => match self.lookup(&part) {
                        Ok(v) => v,
                        Err(keys) => {
                            descend = Some((part, keys));
                            break;
                        }
                    },
                };
                top.sum ^= value;
                top.part += 1;
            }
            if let Some((part, keys)) = descend {
                let frame = self.frame(part, keys);
                stack.push(frame);
                continue;
            }
            if top.next_move > 0 {
                // The option set up last is valued: record it.
                let word = (top.sum / 64) as usize;
                if top.seen.len() <= word {
                    top.seen.resize(word + 1, 0);
                }
                top.seen[word] |= 1 << (top.sum % 64);
                top.parts.clear();
                top.part = 0;
                top.sum = 0;
            }
            if top.next_move < top.moves.len() {
                let rest = top.component.minus(&top.moves[top.next_move]);
                top.next_move += 1;
                self.graph.components(&rest, &mut scratch);
                std::mem::swap(&mut top.parts, &mut scratch);
                meter.charge(1)?;
                if self.memo.solved as usize >= checked_at + 4096 {
                    checked_at = self.memo.solved as usize;
                    budget.note_held(self.memo.held_bytes() + self.own.len() as u64 * 64);
                }
                continue;
            }
            let value = mex(&top.seen);
            let frame = stack.pop().expect("the top frame");
            self.memo.solved += 1;
            self.store(frame.keys, value);
            if depth == 1 {
                meter.flush()?;
                budget.note_held(self.memo.held_bytes() + self.own.len() as u64 * 64);
                return Ok(value);
            }
            returned = Some(value);
        }
    }

    /// The least of the component's cells under the board's eight symmetries, moved to the
    /// corner (see the module doc). The key's first word is the box's height and width, and
    /// it is compared first, so only the turns giving the least box are tried: the four that
    /// keep the rows as rows when the box is wider than high, all eight for a square box.
    fn shape_key(&self, component: &VSet) -> Option<[u64; 5]> {
        let board = self.graph.board()?;
        let (mut r0, mut c0, mut r1, mut c1) = (u16::MAX, u16::MAX, 0, 0);
        for v in component.iter() {
            let (r, c) = board.cells[v];
            r0 = r0.min(r);
            c0 = c0.min(c);
            r1 = r1.max(r);
            c1 = c1.max(c);
        }
        let (h, w) = (u64::from(r1 - r0 + 1), u64::from(c1 - c0 + 1));
        if h * w > 256 {
            return None;
        }
        let lattice = match board.lattice {
            Lattice::Grid => 1u64,
            Lattice::Queens => 2,
        };
        let turns = if h < w {
            0..4
        } else if h > w {
            4..8
        } else {
            0..8
        };
        let mut best: Option<[u64; 5]> = None;
        for t in turns {
            // Rows and columns of the turned box.
            let (rows, cols) = if t & 4 != 0 { (w, h) } else { (h, w) };
            let mut key = [lattice << 32 | rows << 16 | cols, 0, 0, 0, 0];
            for v in component.iter() {
                let (r, c) = board.cells[v];
                let (r, c) = (u64::from(r - r0), u64::from(c - c0));
                let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
                let r = if t & 1 != 0 { rows - 1 - r } else { r };
                let c = if t & 2 != 0 { cols - 1 - c } else { c };
                let bit = (r * cols + c) as usize;
                key[1 + bit / 64] |= 1 << (bit % 64);
            }
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
        best
    }

    fn form_key(&mut self, component: &VSet) -> Option<Box<[u64]>> {
        let k = component.len();
        if k > self.form_limit {
            return None;
        }
        let mut index = [0u8; super::set::MAX_VERTICES];
        for (i, v) in component.iter().enumerate() {
            index[v] = i as u8;
        }
        self.rows.clear();
        for v in component.iter() {
            let mut row = 0u64;
            for u in self.graph.neighbours(v).and(component).iter() {
                row |= 1 << index[u];
            }
            self.rows.push(row);
        }
        self.colours.clear();
        self.colours.resize(k, 0);
        canon::canonical_form(&SmallGraph { rows: &self.rows, colours: &self.colours }, LEAF_LIMIT)
    }
}

/// The least value not among the bits of `seen`.
fn mex(seen: &[u64]) -> u32 {
    for (i, &w) in seen.iter().enumerate() {
        if w != u64::MAX {
            return (i * 64) as u32 + (!w).trailing_zeros();
        }
    }
    (seen.len() * 64) as u32
}
