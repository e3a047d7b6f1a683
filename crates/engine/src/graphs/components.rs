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
//! A graph of maximum degree two is a union of paths and cycles, and its components are valued
//! by their lengths alone ([`super::chains`]), at any length.
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
use super::chains::{Chain, ChainValues};
use super::deletion::mex;
use super::deletion::Deletion;
use super::graph::{Board, Graph, Lattice};
use super::set::VSet;
use crate::budget::{Budget, Exhausted, Meter};

/// A table entry with this bit set holds no value but the bits (`1 << k`, `k < 31`) of values
/// the component is known not to have (the pruned search's findings); any other entry is the
/// component's value.
const EXCLUDED: u32 = 1 << 31;

/// Bytes one table entry takes, key, value and the hash table's share (measured with
/// hashbrown's layout: a key, a value, a control byte, at a load of 7/8).
const SHAPE_ENTRY_BYTES: u64 = 56;
const SMALL_SHAPE_ENTRY_BYTES: u64 = 29;
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
    /// Shapes of at most [`SMALL_SHAPE_CELLS`] cells in their box, in two words.
    small_shapes: Generations<[u64; 2]>,
    shapes: Generations<[u64; 5]>,
    forms: Generations<Box<[u64]>>,
    form_words: u64,
    /// The values of paths and cycles, for graphs of maximum degree two.
    chains: ChainValues,
    /// Components solved (not found in a table).
    pub solved: u64,
}

impl Memo {
    /// An empty memo for a game.
    pub fn new(deletion: Deletion) -> Self {
        Memo {
            deletion,
            small_shapes: Generations::new(),
            shapes: Generations::new(),
            forms: Generations::new(),
            form_words: 0,
            chains: ChainValues::new(deletion),
            solved: 0,
        }
    }

    /// The game.
    pub fn deletion(&self) -> Deletion {
        self.deletion
    }

    /// Entries held.
    pub fn states(&self) -> usize {
        self.small_shapes.len() + self.shapes.len() + self.forms.len()
    }

    /// Entries dropped to stay within the memory share.
    pub fn evicted(&self) -> u64 {
        self.small_shapes.evicted + self.shapes.evicted + self.forms.evicted
    }

    /// Bytes held, by the tables' sizes.
    pub fn held_bytes(&self) -> u64 {
        self.small_shapes.len() as u64 * SMALL_SHAPE_ENTRY_BYTES
            + self.shapes.len() as u64 * SHAPE_ENTRY_BYTES
            + self.forms.len() as u64 * FORM_ENTRY_BYTES
            + self.form_words * 8
    }

    /// Sets the tables' capacities so that they hold at most `bytes` (each generation half).
    fn limit(&mut self, bytes: u64) {
        let per_generation = bytes / 2;
        self.small_shapes.capacity = (per_generation / 4 / SMALL_SHAPE_ENTRY_BYTES).max(64) as usize;
        self.shapes.capacity = (per_generation / 4 / SHAPE_ENTRY_BYTES).max(64) as usize;
        // A form of k vertices is about k + 2 words.
        self.forms.capacity = (per_generation / 2 / (FORM_ENTRY_BYTES + 8 * 24)).max(64) as usize;
    }
}

/// The most cells a shape's box may have for its key to fit two words (with 16 bits for the
/// lattice and the box's height and width).
const SMALL_SHAPE_CELLS: u64 = 112;

/// A shape's key (see [`ComponentSolver::shape_key`]), in two words when its box is small.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Shape {
    Small([u64; 2]),
    Large([u64; 5]),
}

impl Shape {
    /// `key`: the box's lattice, height and width in its first word (16 bits each), then the
    /// cells' bits.
    fn new(key: [u64; 5]) -> Shape {
        let (lattice, h, w) = (key[0] >> 32, key[0] >> 16 & 0xffff, key[0] & 0xffff);
        if h * w <= SMALL_SHAPE_CELLS {
            Shape::Small([key[1], key[2] | (lattice << 14 | h << 7 | w) << 48])
        } else {
            Shape::Large(key)
        }
    }
}

impl Memo {
    fn shape_value(&mut self, shape: &Shape) -> Option<u32> {
        match shape {
            Shape::Small(key) => self.small_shapes.get(key),
            Shape::Large(key) => self.shapes.get(key),
        }
    }

    fn store_shape(&mut self, shape: Shape, value: u32) {
        match shape {
            Shape::Small(key) => self.small_shapes.insert(key, value),
            Shape::Large(key) => self.shapes.insert(key, value),
        }
    }
}

/// The keys of one component. Components with equal keys are isomorphic, so have one value.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Keys {
    shape: Option<Shape>,
    form: Option<Box<[u64]>>,
    /// The vertex set, for a component with neither (kept in the solver's own table).
    own: Option<VSet>,
}

/// A component of an option, with its keys.
#[derive(Clone)]
struct Part {
    set: VSet,
    keys: Keys,
}

/// An option of the component being settled: the nim-sum of its parts the tables value, and
/// the others, `parts[start..end]` of its [`Options`].
struct Span {
    sum: u32,
    start: usize,
    end: usize,
    /// Has an earlier option the same parts and sum (so this one is skipped)?
    copy: bool,
}

/// The options of a component being settled, split into parts as far as a search has needed:
/// the option of `moves[i]` is `spans[i]`, its parts not valued kept in `parts`, option after
/// option.
struct Options {
    component: VSet,
    moves: Vec<VSet>,
    parts: Vec<Part>,
    spans: Vec<Span>,
}

impl Options {
    /// Marks every option whose sum and parts' keys (sorted) equal an earlier one's as a copy.
    fn mark_copies(&mut self) {
        let parts = &self.parts;
        let key = |span: &Span| (span.sum, parts[span.start..span.end].iter().map(|p| &p.keys));
        let mut order: Vec<usize> = (0..self.spans.len()).collect();
        order.sort_by(|&a, &b| {
            let (x, y) = (key(&self.spans[a]), key(&self.spans[b]));
            x.0.cmp(&y.0).then_with(|| x.1.cmp(y.1)).then(a.cmp(&b))
        });
        for w in 1..order.len() {
            let (x, y) = (key(&self.spans[order[w - 1]]), key(&self.spans[order[w]]));
            if x.0 == y.0 && x.1.eq(y.1) {
                self.spans[order[w]].copy = true;
            }
        }
    }
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
    /// `memo.solved` when the memory account was last told the tables' size.
    noted_at: usize,
    /// Is every vertex of degree at most two, so that positions are valued by their chains?
    chains: bool,
}

/// How many leaves the canonical form's search may have before the component is keyed by its
/// vertex set instead.
const LEAF_LIMIT: usize = 512;

impl<'m> ComponentSolver<'m> {
    /// A solver for positions of `graph`, with the family's `memo`.
    pub fn new(graph: Graph, memo: &'m mut Memo) -> Self {
        // On a board, shapes already join the copies of a component moved, turned or reflected,
        // and other isomorphic components are too rare to pay for their forms: with forms of up
        // to 12 vertices, queens boards took twice the time and the 3 x n grids the same
        // (docs/graphs.md), so boards key by shape alone.
        let form_limit = if graph.board().is_some() { 0 } else { MAX_FORM_VERTICES };
        let chains = graph.adjacency().iter().all(|neighbours| neighbours.len() <= 2);
        ComponentSolver {
            chains,
            graph,
            memo,
            own: FxHashMap::default(),
            form_limit,
            rows: Vec::new(),
            colours: Vec::new(),
            noted_at: 0,
        }
    }

    /// Keys components by shape and vertex set only (no canonical forms): a second, independent
    /// way to compute the same values, for confirming records.
    #[must_use]
    pub fn without_forms(mut self) -> Self {
        self.form_limit = 0;
        self
    }

    #[cfg(test)]
    /// Values graphs of maximum degree two by the general search too, not by their chains
    /// ([`super::chains`]): for checking the one against the other.
    #[must_use]
    pub(crate) fn without_chains(mut self) -> Self {
        self.chains = false;
        self
    }

    /// The value of `left`'s components by their chains, when the graph's degrees are at most
    /// two: a component of `k` vertices is a path when it has `k - 1` edges, else a cycle.
    fn chains_value(&mut self, left: &VSet, budget: &Budget) -> Option<Result<u32, Exhausted>> {
        if !self.chains {
            return None;
        }
        let mut parts = Vec::new();
        self.graph.components(left, &mut parts);
        let mut sum = 0;
        for part in parts {
            let edges: usize = part.iter().map(|v| self.graph.degree_in(v, &part)).sum::<usize>() / 2;
            let chain = if edges < part.len() { Chain::Path(part.len()) } else { Chain::Cycle(part.len()) };
            match self.memo.chains.value(chain, budget) {
                Ok(value) => sum ^= value,
                Err(stop) => return Some(Err(stop)),
            }
        }
        Some(Ok(sum))
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
        if let Some(value) = self.chains_value(left, budget) {
            return value;
        }
        self.memo.limit(budget.memory_limit() / 2);
        let mut parts = Vec::new();
        self.graph.components(left, &mut parts);
        let mut sum = 0;
        for part in parts {
            sum ^= self.component_value(part, budget)?;
        }
        Ok(sum)
    }

    /// The component's value if a table holds it, else its keys (an entry that only excludes
    /// values counts as not held).
    fn lookup(&mut self, component: &VSet) -> Result<u32, Keys> {
        self.probe(component).map_err(|(_, keys)| keys)
    }

    /// The component's value if a table holds it, else what the tables know ([`EXCLUDED`] with
    /// the bits of values it is known not to have) and its keys.
    fn probe(&mut self, component: &VSet) -> Result<u32, (u32, Keys)> {
        if let Some(v) = self.memo.deletion.small_value(component.len()) {
            return Ok(v);
        }
        let shape = self.shape_key(component);
        let form = if shape.is_some() { None } else { self.form_key(component) };
        let own = (shape.is_none() && form.is_none()).then_some(*component);
        let keys = Keys { shape, form, own };
        self.known(&keys).map_err(|known| (known, keys))
    }

    /// What the tables hold for a component with these keys: its value, or ([`EXCLUDED`] with
    /// bits) the values it is known not to have. A component keyed once is looked up again by
    /// its keys alone, without finding them again.
    fn known(&mut self, keys: &Keys) -> Result<u32, u32> {
        let mut known = EXCLUDED;
        match keys.shape.as_ref().and_then(|key| self.memo.shape_value(key)) {
            Some(v) if v < EXCLUDED => return Ok(v),
            Some(excluded) => known |= excluded,
            None => {}
        }
        match keys.form.as_ref().and_then(|key| self.memo.forms.get(key)) {
            Some(v) if v < EXCLUDED => return Ok(v),
            Some(excluded) => known |= excluded,
            None => {}
        }
        match keys.own.and_then(|set| self.own.get(&set).copied()) {
            Some(v) if v < EXCLUDED => return Ok(v),
            Some(excluded) => known |= excluded,
            None => {}
        }
        Err(known)
    }

    /// Records a component's value, or ([`EXCLUDED`] with bits) the values it does not have.
    fn store(&mut self, keys: &Keys, entry: u32) {
        if let Some(shape) = &keys.shape {
            self.memo.store_shape(shape.clone(), entry);
        }
        if let Some(form) = &keys.form {
            self.memo.form_words += form.len() as u64;
            self.memo.forms.insert(form.clone(), entry);
        }
        if let Some(set) = keys.own {
            self.own.insert(set, entry);
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
            self.store(&frame.keys, value);
            if depth == 1 {
                meter.flush()?;
                budget.note_held(self.memo.held_bytes() + self.own.len() as u64 * 64);
                return Ok(value);
            }
            returned = Some(value);
        }
    }

    /// [`ComponentSolver::value`] by Beling and Rogalski's pruned search: a component's value
    /// is the least `k` for which "the component plus a nim-heap `*k`" is a P-position, and
    /// each such question stops at its first witness (an option of value `k` proves it is not
    /// `k`), so most components are never valued exactly, only shown not to have some values.
    /// The values equal [`ComponentSolver::value`]'s (tested): the two searches confirm each
    /// other's records.
    ///
    /// # Errors
    /// As for [`ComponentSolver::value`].
    pub fn value_pruned(&mut self, left: &VSet, budget: &Budget) -> Result<u32, Exhausted> {
        if let Some(value) = self.chains_value(left, budget) {
            return value;
        }
        self.memo.limit(budget.memory_limit() / 2);
        let mut parts = Vec::new();
        self.graph.components(left, &mut parts);
        let mut meter = budget.meter();
        let mut sum = 0;
        for part in parts {
            sum ^= self.settle(part, None, &mut meter, budget)?.expect("a component has a value");
        }
        meter.flush()?;
        budget.note_held(self.memo.held_bytes() + self.own.len() as u64 * 64);
        Ok(sum)
    }

    /// The component's value, found by testing `k = 0, 1, ...` in turn (when every smaller
    /// value is excluded, the value is `k` exactly when no option has value `k`); or `None` once
    /// it is shown not to be `upto` without being found (it is more, or was excluded before).
    fn settle(
        &mut self,
        component: VSet,
        upto: Option<u32>,
        meter: &mut Meter<'_>,
        budget: &Budget,
    ) -> Result<Option<u32>, Exhausted> {
        match self.probe(&component) {
            Ok(v) => Ok(Some(v)),
            Err((known, keys)) => self.settle_open(Part { set: component, keys }, known, upto, meter, budget),
        }
    }

    /// [`ComponentSolver::settle`] for a part already keyed, looked up again by its keys.
    fn settle_part(
        &mut self,
        part: Part,
        upto: Option<u32>,
        meter: &mut Meter<'_>,
        budget: &Budget,
    ) -> Result<Option<u32>, Exhausted> {
        match self.known(&part.keys) {
            Ok(v) => Ok(Some(v)),
            Err(known) => self.settle_open(part, known, upto, meter, budget),
        }
    }

    /// [`ComponentSolver::settle`] for a component the tables do not value (`known`: what they
    /// know of it). Its options are split into parts and keyed once, for every `k` tried. Asked
    /// about `upto`, an option of that value is looked for first (Beling and Rogalski's
    /// question "is the component plus `*upto` a P-position?" needs one such option to be
    /// answered no); only when there is none are the smaller values tried in turn.
    fn settle_open(
        &mut self,
        part: Part,
        mut known: u32,
        upto: Option<u32>,
        meter: &mut Meter<'_>,
        budget: &Budget,
    ) -> Result<Option<u32>, Exhausted> {
        if upto.is_some_and(|u| u < 31 && known & 1 << u != 0) {
            return Ok(None);
        }
        let mut options = self.options(&part.set);
        // Asked whether the value is `u`: one option of value `u` shows it is not, without
        // finding options of every smaller value first.
        let mut lacks = None;
        if let Some(u) = upto.filter(|&u| u < 31) {
            if !self.no_option_has(&mut options, u, meter, budget)? {
                self.store(&part.keys, known | 1 << u);
                return Ok(None);
            }
            lacks = Some(u);
        }
        let mut k = 0;
        loop {
            if upto.is_some_and(|u| k > u) {
                return Ok(None);
            }
            if k >= 31 {
                // Beyond the bits an entry holds: value it exactly.
                meter.flush()?;
                return self.component_value(part.set, budget).map(Some);
            }
            if known & 1 << k == 0 {
                if lacks == Some(k) || self.no_option_has(&mut options, k, meter, budget)? {
                    self.memo.solved += 1;
                    self.store(&part.keys, k);
                    return Ok(Some(k));
                }
                known |= 1 << k;
                self.store(&part.keys, known);
            }
            k += 1;
        }
    }

    /// The options of `component`, not yet split (see [`Options`]).
    fn options(&self, component: &VSet) -> Options {
        Options {
            component: *component,
            moves: self.memo.deletion.moves(&self.graph, component),
            parts: Vec::new(),
            spans: Vec::new(),
        }
    }

    /// Splits the next move's option into its components and keys them, one move charged:
    /// the option's span, or `None` when every move is split. Once the last is, options whose
    /// parts have equal keys (moves the component's symmetries exchange, or that leave
    /// isomorphic parts) are made one.
    fn split_next(
        &mut self,
        options: &mut Options,
        meter: &mut Meter<'_>,
    ) -> Result<Option<usize>, Exhausted> {
        let Some(deleted) = options.moves.get(options.spans.len()) else {
            return Ok(None);
        };
        meter.charge(1)?;
        let mut split = Vec::new();
        self.graph.components(&options.component.minus(deleted), &mut split);
        let start = options.parts.len();
        let mut sum = 0;
        for &set in &split {
            match self.probe(&set) {
                Ok(v) => sum ^= v,
                Err((_, keys)) => options.parts.push(Part { set, keys }),
            }
        }
        options.parts[start..].sort_unstable_by(|a, b| a.keys.cmp(&b.keys));
        options.spans.push(Span { sum, start, end: options.parts.len(), copy: false });
        let index = options.spans.len() - 1;
        if options.spans.len() == options.moves.len() {
            options.mark_copies();
        }
        Ok(Some(index))
    }

    /// Has no option the value `k`? The options whose parts the tables value are checked first,
    /// so that a witness is found without a search when there is one (moves are split only as
    /// far as the first witness); then the others, those with the fewest vertices left to value
    /// first. Parts the tables value are folded into their option's sum as they are found, so
    /// later `k` skip them.
    fn no_option_has(
        &mut self,
        options: &mut Options,
        k: u32,
        meter: &mut Meter<'_>,
        budget: &Budget,
    ) -> Result<bool, Exhausted> {
        // The options not valued by the tables: (vertices left to value, the option).
        let mut open = Vec::new();
        let mut i = 0;
        loop {
            if i == options.spans.len() {
                match self.split_next(options, meter)? {
                    Some(next) => i = next,
                    None => break,
                }
            } else {
                meter.charge(1)?;
            }
            let span = &mut options.spans[i];
            i += 1;
            if span.copy {
                continue;
            }
            let mut size = 0;
            let mut end = span.start;
            for j in span.start..span.end {
                match self.known(&options.parts[j].keys) {
                    Ok(v) => span.sum ^= v,
                    Err(_) => {
                        size += options.parts[j].set.len();
                        options.parts.swap(end, j);
                        end += 1;
                    }
                }
            }
            span.end = end;
            if span.start == end {
                if span.sum == k {
                    return Ok(false);
                }
            } else {
                open.push((size, i - 1));
            }
        }
        if self.memo.solved as usize >= self.noted_at + 4096 {
            self.noted_at = self.memo.solved as usize;
            budget.note_held(self.memo.held_bytes() + self.own.len() as u64 * 64);
        }
        open.sort_unstable();
        for (_, i) in open {
            if options.spans[i].copy {
                continue;
            }
            let span = &options.spans[i];
            let parts = options.parts[span.start..span.end].to_vec();
            if self.sum_is(parts, k ^ span.sum, meter, budget)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Is the nim-sum of the values of `parts` equal to `k`? The parts the tables value are
    /// added in; of the others, all but the largest are valued, and the largest is asked
    /// whether it has the value that makes the sum `k`.
    fn sum_is(
        &mut self,
        mut parts: Vec<Part>,
        k: u32,
        meter: &mut Meter<'_>,
        budget: &Budget,
    ) -> Result<bool, Exhausted> {
        let mut target = k;
        parts.retain(|part| match self.known(&part.keys) {
            Ok(v) => {
                target ^= v;
                false
            }
            Err(_) => true,
        });
        parts.sort_unstable_by_key(|part| part.set.len());
        let Some(largest) = parts.pop() else {
            return Ok(target == 0);
        };
        for part in parts {
            target ^= self.settle_part(part, None, meter, budget)?.expect("a component has a value");
        }
        Ok(self.settle_part(largest, Some(target), meter, budget)? == Some(target))
    }

    /// The least of the component's cells under the board's eight symmetries, moved to the
    /// corner (see the module doc). The key's first word is the box's height and width, and
    /// it is compared first, so only the turns giving the least box are tried: the four that
    /// keep the rows as rows when the box is wider than high, all eight for a square box.
    fn shape_key(&self, component: &VSet) -> Option<Shape> {
        let board = self.graph.board()?;
        board_shape_key(board, component).map(Shape::new)
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

/// The key of a set of a board's cells: the cells moved to the corner and turned or reflected to
/// the least of the board's eight symmetries, the box's lattice, height and width in the first
/// word (see [`ComponentSolver::shape_key`]); `None` for no cell or a box of over 256 cells.
pub(crate) fn board_shape_key(board: &Board, cells: &VSet) -> Option<[u64; 5]> {
    if cells.is_empty() {
        return None;
    }
    dense_shape_key(board, cells).or_else(|| general_shape_key(board, cells))
}

/// [`ComponentSolver::shape_key`] cell by cell, for any board.
pub(super) fn general_shape_key(board: &Board, component: &VSet) -> Option<[u64; 5]> {
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

/// [`ComponentSolver::shape_key`] by shifts, for a component of a dense board: the four turns
/// that keep rows as rows on the rows themselves when the box is not higher than wide, the four
/// that exchange them on the transposed rows when it is not wider than high. `None` for a board
/// that is not dense, which the general path keys. Equal to the general path's key (tested).
pub(super) fn dense_shape_key(board: &Board, component: &VSet) -> Option<[u64; 5]> {
    let mut rows = [0u64; 16];
    if !board.dense_rows(component, &mut rows) {
        return None;
    }
    let cols = usize::from(board.cols);
    let r0 = component.least()? / cols;
    let r1 = component.greatest()? / cols;
    let rows = &mut rows[r0..=r1];
    let all = rows.iter().fold(0, |a, &r| a | r);
    let c0 = all.trailing_zeros();
    let w = (64 - all.leading_zeros() - c0) as usize;
    let h = rows.len();
    if h * w > 256 {
        return None;
    }
    let lattice = match board.lattice {
        Lattice::Grid => 1u64,
        Lattice::Queens => 2,
    };
    for row in rows.iter_mut() {
        *row >>= c0;
    }
    let mut best: Option<[u64; 5]> = None;
    if h <= w {
        best = least_turn(lattice, rows, w, best);
    }
    if h >= w {
        // Box columns are at most 16 here (h * w <= 256 and w <= h).
        let mut columns = [0u64; 16];
        for (r, &row) in rows.iter().enumerate() {
            for (c, column) in columns.iter_mut().enumerate().take(w) {
                *column |= (row >> c & 1) << r;
            }
        }
        best = least_turn(lattice, &mut columns[..w], h, best);
    }
    best
}

/// The least of `best` and the keys of `rows` (each `width` bits) reflected top to bottom, left
/// to right, both or neither.
fn least_turn(lattice: u64, rows: &mut [u64], width: usize, mut best: Option<[u64; 5]>) -> Option<[u64; 5]> {
    let mut reversed = [0u64; 16];
    for (row, back) in rows.iter().zip(&mut reversed) {
        *back = row.reverse_bits() >> (64 - width);
    }
    let height = rows.len();
    let head = lattice << 32 | (height as u64) << 16 | width as u64;
    for t in 0..4 {
        let source = if t & 2 != 0 { &reversed[..height] } else { &*rows };
        let key = if height * width <= 64 {
            // One word: the rows put together by shifts alone.
            let mut bits = 0u64;
            for (r, &row) in source.iter().enumerate() {
                let r = if t & 1 != 0 { height - 1 - r } else { r };
                bits |= row << (r * width);
            }
            [head, bits, 0, 0, 0]
        } else {
            let mut bits = VSet::EMPTY;
            for (r, &row) in source.iter().enumerate() {
                let r = if t & 1 != 0 { height - 1 - r } else { r };
                bits.put_bits(r * width, row);
            }
            let [a, b, c, d] = bits.0;
            [head, a, b, c, d]
        };
        if best.is_none_or(|k| key < k) {
            best = Some(key);
        }
    }
    best
}
