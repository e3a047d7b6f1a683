//! The component engine: the Grundy value of a vertex-deletion game on a graph (Node-Kayles,
//! Arc-Kayles, and Cram, which is Arc-Kayles on a board's cells) by splitting every position into
//! its connected components, whose values nim-sum (Sprague–Grundy), and looking each component
//! up in a transposition table by a key that isomorphic components share.
//!
//! A component's keys, cheapest first:
//! * its **shape**, for a graph drawn on a board whose edges follow from the cells' offsets
//!   ([`Lattice`](super::graph::Lattice)): the cells moved to the corner and turned or reflected to the least of the
//!   board's eight symmetries, so the same shape anywhere on any board of that lattice, of any
//!   size, is one entry (a grid shape of at most 58 cells in its box keyed by one word, its
//!   cells and its width, so that the table Cram's search probes most holds 16-byte entries);
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
//! stopping. What the pruned search finds a word shape's value not to be is kept apart, in a
//! small table of fixed size that keeps each slot's latest entry ([`Exclusions`]), so that the
//! table of word shapes holds values only.
//!
//! A component of at least [`PARALLEL_CELLS`] cells is searched by up to [`MOST_WORKERS`]
//! threads ([`ComponentSolver::rounds_together`]), each with its own tables, sharing the values
//! they find of word shapes through a lock-free table that starts small and is replaced by a
//! larger one as it fills ([`super::exchange`]).
//!
//! The search keeps its own stack (a frame per component being solved; each is a proper
//! subgraph of the one below it, so the stack holds at most as many frames as the graph has
//! vertices). Every move tried is charged one unit of work.

use std::hash::Hash;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::canon::{self, SmallGraph, MAX_FORM_VERTICES};
use super::chains::{Chain, ChainValues};
use super::deletion::mex;
use super::deletion::Deletion;
use super::exchange::{fibonacci_slot, Exchange, Exchanges};
use super::graph::Graph;
use super::huge::Table;
use super::set::VSet;
use super::shape::{board_shape_key, centre_first, GRID_LATTICE};
use super::word::{count_up_to, Word};
use crate::budget::{Budget, Exhausted, Meter};

/// A table entry with this bit set holds no value but the bits (`1 << k`, `k < 31`) of values
/// the component is known not to have (the pruned search's findings); any other entry is the
/// component's value.
const EXCLUDED: u32 = 1 << 31;

/// Bytes one table entry takes, key, value and the hash table's share (measured with
/// hashbrown's layout: a key, a value, a control byte, at a load of 7/8).
const SHAPE_ENTRY_BYTES: u64 = 56;
const SMALL_SHAPE_ENTRY_BYTES: u64 = 29;
const WORD_SHAPE_ENTRY_BYTES: u64 = 20;
const FORM_ENTRY_BYTES: u64 = 48;

/// A table of two generations (see the module doc); the [`Memo`] turns the hot generations of
/// all its tables into the cold ones at once ([`Memo::make_room`]).
#[derive(Clone)]
struct Generations<K> {
    hot: Table<K>,
    cold: Table<K>,
    evicted: u64,
}

impl<K: Hash + Eq> Generations<K> {
    fn new() -> Self {
        Generations { hot: Table::default(), cold: Table::default(), evicted: 0 }
    }

    fn get(&mut self, key: &K) -> Option<u32>
    where
        K: Clone,
    {
        if let Some(&v) = self.hot.get(key) {
            return Some(v);
        }
        if self.cold.is_empty() {
            return None;
        }
        let v = self.cold.remove(key)?;
        self.insert(key.clone(), v);
        Some(v)
    }

    fn insert(&mut self, key: K, value: u32) {
        self.hot.insert(key, value);
    }

    /// Drops the cold generation; the hot one becomes the cold.
    fn rotate(&mut self) {
        self.evicted += self.cold.len() as u64;
        self.cold = std::mem::take(&mut self.hot);
    }

    fn len(&self) -> usize {
        self.hot.len() + self.cold.len()
    }
}

/// What the pruned search found a word shape's value not to be ([`EXCLUDED`] with bits), in a
/// small table that keeps the latest entry of each slot: such a finding saves a search only when
/// the same question comes again soon, and kept in the main tables it made Cram's entries seven
/// or eight times as many as its values (4 x 11: 2.8 million instead of 342,000) and its large
/// boards slower, more probes missing the caches (docs/boards.md, tenth pass).
#[derive(Default)]
struct Exclusions {
    /// Empty until the first entry; then [`EXCLUSION_SLOTS`] of (key, entry), key 0 for none (a
    /// word key holds its shape's width above its cells, so is never 0).
    slots: Vec<(u64, u32)>,
}

/// The slots of [`Exclusions`]: 1 MiB, which on Cram's 4 x 9 and 5 x 8 and Node-Kayles' 5 x 11
/// was as fast as 16,384 slots or faster, and faster than 262,144.
const EXCLUSION_SLOTS: usize = 1 << 16;

impl Exclusions {
    fn slot(key: u64) -> usize {
        fibonacci_slot(key, EXCLUSION_SLOTS.trailing_zeros())
    }

    fn get(&self, key: u64) -> Option<u32> {
        self.slots.get(Self::slot(key)).and_then(|&(held, entry)| (held == key).then_some(entry))
    }

    fn put(&mut self, key: u64, entry: u32) {
        debug_assert_ne!(key, 0, "0 marks an empty slot");
        if self.slots.is_empty() {
            self.slots = vec![(0, 0); EXCLUSION_SLOTS];
        }
        self.slots[Self::slot(key)] = (key, entry);
    }

    fn bytes(&self) -> u64 {
        (self.slots.len() * std::mem::size_of::<(u64, u32)>()) as u64
    }
}

/// What a family's graphs share: the values of shapes and forms (see the module doc).
pub struct Memo {
    deletion: Deletion,
    /// Grid shapes of at most [`WORD_SHAPE_CELLS`] cells in their box, in one word: their
    /// values only (what the search rules out is kept in `exclusions`).
    word_shapes: Generations<u64>,
    exclusions: Exclusions,
    /// Shapes of at most [`SMALL_SHAPE_CELLS`] cells in their box, in two words.
    small_shapes: Generations<[u64; 2]>,
    shapes: Generations<[u64; 5]>,
    forms: Generations<Box<[u64]>>,
    form_words: u64,
    /// Bytes the tables' hot generations may hold together ([`Memo::make_room`]).
    generation_bytes: u64,
    /// The values of paths and cycles, for graphs of maximum degree two.
    chains: ChainValues,
    /// The values of the chains a word can hold ([`Word::chain`]; see [`word_chains`]).
    word_chains: Box<[u32]>,
    /// Components solved (not found in a table).
    pub solved: u64,
    /// How many threads may search one component's options at once (see
    /// [`ComponentSolver::value_pruned`]).
    workers: usize,
    /// The other threads' memos, kept from one search to the next.
    helpers: Vec<Memo>,
    /// The tables the threads share, once there are helpers, and the one this thread uses
    /// with the generation it is ([`Memo::refresh_exchange`]).
    exchanges: Option<Arc<Exchanges>>,
    exchange: Option<Arc<Exchange>>,
    exchange_generation: u64,
    /// Bytes of the first shared table and the most it grows to ([`FIRST_EXCHANGE_BYTES`],
    /// [`EXCHANGE_BYTES`]; smaller in a test, to make it grow).
    exchange_sizes: (u64, u64),
}

/// The values of the paths of 0 to 64 vertices, then of the cycles of 0 to 64 (0 below three
/// vertices, where there is no cycle): every chain a word holds. A few thousand moves, so
/// not charged to a budget.
fn word_chains(deletion: Deletion) -> Box<[u32]> {
    let mut chains = ChainValues::new(deletion);
    let unbounded = Budget::new(u64::MAX);
    let mut value =
        |chain| chains.value(chain, &unbounded).expect("a few thousand moves are within any budget");
    let paths: Vec<u32> = (0..=64).map(|n| value(Chain::Path(n))).collect();
    let cycles = (0..=64).map(|n| if n < 3 { 0 } else { value(Chain::Cycle(n)) });
    paths.into_iter().chain(cycles).collect()
}

/// The most threads a search uses.
const MOST_WORKERS: usize = 4;

/// The fewest cells a component must have for its options to be searched by several threads:
/// smaller ones take a few milliseconds, and their counts of entries stay the same from run to
/// run.
const PARALLEL_CELLS: usize = 24;

/// The bytes of the first shared table: Cram's 4 x 9 and 5 x 8 boards took 15 % more time with
/// 16 MiB (on 4 KiB pages), and no less with 1 or 2 MiB.
const FIRST_EXCHANGE_BYTES: u64 = 4 << 20;

/// The most bytes the shared table grows to, and at most an eighth of the tables' memory: growing
/// to 512 MiB, Cram's 6 x 7 on two threads took 482 s instead of 721 s with 4 MiB, the threads
/// no longer repeating each other's searches (docs/boards.md, twelfth pass).
const EXCHANGE_BYTES: u64 = 512 << 20;

impl Memo {
    /// An empty memo for a game.
    pub fn new(deletion: Deletion) -> Self {
        Memo {
            deletion,
            word_shapes: Generations::new(),
            exclusions: Exclusions::default(),
            small_shapes: Generations::new(),
            shapes: Generations::new(),
            forms: Generations::new(),
            form_words: 0,
            generation_bytes: u64::MAX,
            chains: ChainValues::new(deletion),
            word_chains: word_chains(deletion),
            solved: 0,
            workers: std::thread::available_parallelism().map_or(1, |n| n.get()).min(MOST_WORKERS),
            helpers: Vec::new(),
            exchanges: None,
            exchange: None,
            exchange_generation: 0,
            exchange_sizes: (FIRST_EXCHANGE_BYTES, EXCHANGE_BYTES),
        }
    }

    /// Searches with at most `workers` threads (at least one).
    #[must_use]
    pub fn with_workers(mut self, workers: usize) -> Self {
        self.workers = workers.clamp(1, MOST_WORKERS);
        self
    }

    /// Starts the shared table at `first` bytes and lets it grow to `most`.
    #[cfg(test)]
    pub(super) fn with_exchange_sizes(mut self, first: u64, most: u64) -> Self {
        self.exchange_sizes = (first, most);
        self
    }

    /// Makes the other threads' memos and the table they share, when there are none yet; each
    /// starts with this memo's word shapes (found before there were threads to share them).
    fn hire(&mut self, bytes: u64) {
        if self.helpers.len() + 1 >= self.workers {
            return;
        }
        let (first, most) = self.exchange_sizes;
        let exchanges = Arc::new(Exchanges::new(first, (bytes / 8).min(most)));
        while self.helpers.len() + 1 < self.workers {
            let mut helper = Memo::new(self.deletion).with_workers(1);
            helper.exchanges = Some(Arc::clone(&exchanges));
            helper.word_shapes = self.word_shapes.clone();
            self.helpers.push(helper);
        }
        self.exchanges = Some(exchanges);
        self.limit(bytes);
    }

    /// Takes the shared table the threads use now, when it has been replaced by a larger one
    /// since this thread last looked (and this memo's helpers too).
    fn refresh_exchange(&mut self) {
        if let Some(exchanges) = &self.exchanges {
            let generation = exchanges.generation();
            if self.exchange.is_none() || generation != self.exchange_generation {
                self.exchange = Some(exchanges.current());
                self.exchange_generation = generation;
            }
        }
        for helper in &mut self.helpers {
            helper.refresh_exchange();
        }
    }

    /// The value of a chain of at most 64 vertices.
    pub(super) fn word_chain_value(&self, chain: Chain) -> u32 {
        self.word_chains[match chain {
            Chain::Path(n) => n,
            Chain::Cycle(n) => 65 + n,
        }]
    }

    /// The game.
    pub fn deletion(&self) -> Deletion {
        self.deletion
    }

    /// Entries held.
    pub fn states(&self) -> usize {
        let own = self.word_shapes.len() + self.small_shapes.len() + self.shapes.len() + self.forms.len();
        own + self.helpers.iter().map(Memo::states).sum::<usize>()
    }

    /// Entries dropped to stay within the memory share.
    pub fn evicted(&self) -> u64 {
        let own =
            self.word_shapes.evicted + self.small_shapes.evicted + self.shapes.evicted + self.forms.evicted;
        own + self.helpers.iter().map(Memo::evicted).sum::<u64>()
    }

    /// Bytes held, by the tables' sizes.
    pub fn held_bytes(&self) -> u64 {
        self.word_shapes.len() as u64 * WORD_SHAPE_ENTRY_BYTES
            + self.small_shapes.len() as u64 * SMALL_SHAPE_ENTRY_BYTES
            + self.shapes.len() as u64 * SHAPE_ENTRY_BYTES
            + self.forms.len() as u64 * FORM_ENTRY_BYTES
            + self.form_words * 8
            + self.exclusions.bytes()
            + self.helpers.iter().map(Memo::held_bytes).sum::<u64>()
            + self.exchange_bytes(Exchanges::bytes)
    }

    /// Bytes of the shared table (`size`: its current or its most), counted by the memo that
    /// hired the helpers only.
    fn exchange_bytes(&self, size: fn(&Exchanges) -> u64) -> u64 {
        match &self.exchanges {
            Some(exchanges) if !self.helpers.is_empty() => size(exchanges),
            _ => 0,
        }
    }

    /// Sets the tables' room so that they hold at most `bytes`, each generation half, less the
    /// most the shared table may grow to, the rest split among the threads. The tables share it:
    /// a game that keys its components one way (Cram's by word shapes) has all of it for that
    /// table.
    fn limit(&mut self, bytes: u64) {
        let bytes = bytes.saturating_sub(self.exchange_bytes(Exchanges::most_bytes))
            / (1 + self.helpers.len() as u64);
        for helper in &mut self.helpers {
            helper.limit(bytes);
        }
        self.generation_bytes = (bytes / 2).max(64 * SHAPE_ENTRY_BYTES);
    }

    /// Bytes the tables' hot generations hold.
    fn hot_bytes(&self) -> u64 {
        self.word_shapes.hot.len() as u64 * WORD_SHAPE_ENTRY_BYTES
            + self.small_shapes.hot.len() as u64 * SMALL_SHAPE_ENTRY_BYTES
            + self.shapes.hot.len() as u64 * SHAPE_ENTRY_BYTES
            + self.forms.hot.len() as u64 * FORM_BYTES
    }

    /// Before an entry is stored: when the hot generations are full, every table's hot
    /// generation becomes its cold one and the cold entries are dropped.
    fn make_room(&mut self) {
        if self.hot_bytes() >= self.generation_bytes {
            self.word_shapes.rotate();
            self.small_shapes.rotate();
            self.shapes.rotate();
            self.forms.rotate();
        }
    }
}

/// Bytes a form's entry takes with its key: a form of k vertices is about k + 2 words, counted
/// as 24.
const FORM_BYTES: u64 = FORM_ENTRY_BYTES + 8 * 24;

/// The most cells a shape's box may have for its key to fit two words (with 16 bits for the
/// lattice and the box's height and width).
const SMALL_SHAPE_CELLS: u64 = 112;

/// The most cells a grid shape's box may have for its key to fit one word: its cells' bits
/// below bit 58 and its width above. Its height needs no bits: the box is the shape's own, so
/// its last row holds the shape's last cell.
const WORD_SHAPE_CELLS: u64 = 58;

/// A shape's key (see [`board_shape_key`]), in two words when its box is small.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Shape {
    Word(u64),
    Small([u64; 2]),
    Large(Box<[u64; 5]>),
}

impl Shape {
    /// `key`: the box's lattice, height and width in its first word (16 bits each), then the
    /// cells' bits.
    fn new(key: [u64; 5]) -> Shape {
        let (lattice, h, w) = (key[0] >> 32, key[0] >> 16 & 0xffff, key[0] & 0xffff);
        if lattice == GRID_LATTICE && h * w <= WORD_SHAPE_CELLS {
            Shape::Word(key[1] | w << WORD_SHAPE_CELLS)
        } else if h * w <= SMALL_SHAPE_CELLS {
            Shape::Small([key[1], key[2] | (lattice << 14 | h << 7 | w) << 48])
        } else {
            Shape::Large(Box::new(key))
        }
    }
}

impl Memo {
    fn shape_value(&mut self, shape: &Shape) -> Option<u32> {
        match shape {
            Shape::Word(key) => self.word_shapes.get(key),
            Shape::Small(key) => self.small_shapes.get(key),
            Shape::Large(key) => self.shapes.get(key),
        }
    }

    fn store_shape(&mut self, shape: Shape, value: u32) {
        self.make_room();
        match shape {
            Shape::Word(key) => self.word_shapes.insert(key, value),
            Shape::Small(key) => self.small_shapes.insert(key, value),
            Shape::Large(key) => self.shapes.insert(*key, value),
        }
    }

    fn store_form(&mut self, form: Box<[u64]>, value: u32) {
        self.form_words += form.len() as u64;
        self.make_room();
        self.forms.insert(form, value);
    }
}

/// The key of one component, the cheapest it has (see the module doc). Components with equal
/// keys are isomorphic, so have one value.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Keys {
    Shape(Shape),
    Form(Box<[u64]>),
    /// The vertex set, for a component with neither (kept in the solver's own table).
    Own(VSet),
}

/// A component of an option, with its keys.
#[derive(Clone)]
struct Part {
    cells: Cells,
    keys: Keys,
}

/// A component's cells: vertices of the graph, or a grid shape in one word ([`Word`]), whose
/// moves and options are found by shifts.
#[derive(Clone, Copy)]
enum Cells {
    Graph(VSet),
    Word(Word),
}

impl Cells {
    fn len(&self) -> usize {
        match self {
            Cells::Graph(set) => set.len(),
            Cells::Word(word) => word.len(),
        }
    }
}

/// A component's moves, each the cells it deletes, with the component.
enum Moves {
    Graph(VSet, Vec<VSet>),
    Word(Word, Vec<u64>),
}

impl Moves {
    fn len(&self) -> usize {
        match self {
            Moves::Graph(_, moves) => moves.len(),
            Moves::Word(_, moves) => moves.len(),
        }
    }
}

/// An option of the component being valued: the nim-sum of its parts the tables value, the
/// others `parts[start..end]` of its [`Options`].
struct Span {
    sum: u32,
    start: usize,
    end: usize,
    /// Has an earlier option the same parts and sum (so the same value)?
    copy: bool,
}

/// The options of a component being valued, each split into its parts and keyed (pairs of
/// isomorphic parts dropped, as their values cancel): the option of the `i`-th move is
/// `spans[i]`, its parts kept in `parts`, option after option.
struct Options {
    parts: Vec<Part>,
    spans: Vec<Span>,
}

impl Options {
    /// Ends the option whose parts were pushed from `start` on, with the nim-sum `sum` of the
    /// parts the tables value: its parts sorted by their keys, pairs of equal keys dropped
    /// (isomorphic parts' values cancel).
    fn close(&mut self, start: usize, sum: u32) {
        if self.parts.len() <= start + 1 {
            self.spans.push(Span { sum, start, end: self.parts.len(), copy: false });
            return;
        }
        self.parts[start..].sort_unstable_by(|a, b| a.keys.cmp(&b.keys));
        let mut kept = start;
        let mut j = start;
        while j < self.parts.len() {
            if j + 1 < self.parts.len() && self.parts[j].keys == self.parts[j + 1].keys {
                j += 2;
            } else {
                self.parts.swap(kept, j);
                kept += 1;
                j += 1;
            }
        }
        self.parts.truncate(kept);
        self.spans.push(Span { sum, start, end: kept, copy: false });
    }

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

/// A set of values below 128, as bits: the values a component may still have, and the values a
/// question of the pruned search asks about.
type Values = u128;

/// Every value below 128.
const ALL: Values = u128::MAX;

/// The values `0..=n` (`n < 128`).
fn up_to(n: u32) -> Values {
    if n >= 127 {
        ALL
    } else {
        (1 << (n + 1)) - 1
    }
}

/// The greatest value of a set that is not empty.
fn greatest(values: Values) -> u32 {
    127 - values.leading_zeros()
}

/// `{v ^ s : v in values}`, the values below 128 only.
fn xor_each(values: Values, s: u32) -> Values {
    if s == 0 {
        return values;
    }
    let mut out = 0;
    let mut rest = values;
    while rest != 0 {
        let v = rest.trailing_zeros() ^ s;
        rest &= rest - 1;
        if v < 128 {
            out |= 1 << v;
        }
    }
    out
}

/// How hard an option's parts are to value, for trying the easiest options first: the sum of
/// their squared sizes, so that options that split a component come before those that do not.
fn difficulty(parts: &[Part]) -> usize {
    parts.iter().map(|p| p.cells.len().pow(2)).sum()
}

/// The candidates left once one more option is seen to have the value `v`: `v` is dropped
/// when it is a candidate, the greatest candidate otherwise (see
/// [`ComponentSolver::value_in`]).
fn drop_seen(candidates: Values, v: u32) -> Values {
    if v < 128 && candidates >> v & 1 == 1 {
        candidates & !(1 << v)
    } else {
        candidates & !(1 << greatest(candidates))
    }
}

/// The vectors one call of [`ComponentSolver::value_in`] fills, kept empty between calls so that
/// their room is reused rather than allocated again (a search makes millions of calls).
#[derive(Default)]
struct Room {
    moves: Vec<u64>,
    parts: Vec<Part>,
    spans: Vec<Span>,
    open: Vec<(usize, usize)>,
}

impl Room {
    /// The room of a finished call's vectors, emptied.
    fn reuse(moves: Moves, mut options: Options, mut open: Vec<(usize, usize)>) -> Room {
        let mut moves = match moves {
            Moves::Word(_, moves) => moves,
            Moves::Graph(..) => Vec::new(),
        };
        moves.clear();
        options.parts.clear();
        options.spans.clear();
        open.clear();
        Room { moves, parts: options.parts, spans: options.spans, open }
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
    /// Components of an option being split, kept to reuse their room.
    scratch: Vec<VSet>,
    word_scratch: Vec<u64>,
    /// The components of a part of `word_scratch` after Cram's reductions.
    pieces: Vec<u64>,
    /// Room [`ComponentSolver::value_in`]'s calls have finished with, for the next calls.
    rooms: Vec<Room>,
    /// Is every vertex of degree at most two, so that positions are valued by their chains?
    chains: bool,
    /// Set when another thread has answered the round this one works on
    /// ([`ComponentSolver::ask_together`]): its searches stop with [`Exhausted::Cancelled`].
    stop: Option<Arc<AtomicBool>>,
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
            scratch: Vec::new(),
            word_scratch: Vec::new(),
            pieces: Vec::new(),
            rooms: Vec::new(),
            stop: None,
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
        self.probe(component).map_err(|part| part.keys)
    }

    /// The component's value if a table holds it (an entry that only excludes values counts as
    /// not held), else the component with its keys (its cells in a word when it is a grid shape
    /// that fits one).
    fn probe(&mut self, component: &VSet) -> Result<u32, Part> {
        if let Some(v) = self.memo.deletion.small_value(component.len()) {
            return Ok(v);
        }
        let key = self.graph.board().and_then(|board| board_shape_key(board, component));
        let cells = key.as_ref().and_then(Word::from_key).map_or(Cells::Graph(*component), Cells::Word);
        let keys = match key.map(Shape::new) {
            Some(shape) => Keys::Shape(shape),
            None => self.form_key(component).map_or(Keys::Own(*component), Keys::Form),
        };
        self.known(&keys).map_err(|_| Part { cells, keys })
    }

    /// [`ComponentSolver::probe`] for the cells `cells` of a word's box, which make a word too.
    fn probe_word(&mut self, word: Word, cells: u64) -> Result<u32, Part> {
        if let Some(v) = self.memo.deletion.small_value(count_up_to(cells, 3) as usize) {
            return Ok(v);
        }
        if let Some(chain) = word.chain(cells) {
            return Ok(self.memo.word_chain_value(chain));
        }
        // Of four cells only the T is no chain; each of its dominoes leaves two single cells.
        if self.memo.deletion == Deletion::Edge && count_up_to(cells, 5) == 4 {
            return Ok(1);
        }
        let part = word.part(cells);
        let keys = Keys::Shape(Shape::new([part.head(), part.bits, 0, 0, 0]));
        self.known(&keys).map_err(|_| Part { cells: Cells::Word(part), keys })
    }

    /// What the tables hold for a component with these keys: its value, or ([`EXCLUDED`] with
    /// bits) the values it is known not to have. A component keyed once is looked up again by
    /// its keys alone, without finding them again.
    fn known(&mut self, keys: &Keys) -> Result<u32, u32> {
        let entry = match keys {
            Keys::Shape(shape) => self.shared_value(shape),
            Keys::Form(form) => self.memo.forms.get(form),
            Keys::Own(set) => self.own.get(set).copied(),
        };
        match entry {
            Some(v) if v < EXCLUDED => Ok(v),
            Some(excluded) => Err(excluded),
            None => Err(EXCLUDED),
        }
    }

    /// What this thread's tables hold for a shape; for a word shape they do not value, the
    /// value the shared table holds (kept in this thread's own), else what the exclusions hold.
    fn shared_value(&mut self, shape: &Shape) -> Option<u32> {
        let held = self.memo.shape_value(shape);
        let Shape::Word(key) = shape else { return held };
        if held.is_some() {
            return held;
        }
        if let Some(value) = self.memo.exchange.as_ref().and_then(|exchange| exchange.get(*key)) {
            self.memo.word_shapes.insert(*key, value);
            return Some(value);
        }
        self.memo.exclusions.get(*key)
    }

    /// Records a component's value, or ([`EXCLUDED`] with bits) the values it does not have.
    fn store(&mut self, keys: &Keys, entry: u32) {
        match keys {
            Keys::Shape(Shape::Word(key)) if entry >= EXCLUDED => self.memo.exclusions.put(*key, entry),
            Keys::Shape(shape) => {
                if let (Shape::Word(key), Some(exchanges), Some(exchange)) =
                    (shape, &self.memo.exchanges, &self.memo.exchange)
                {
                    exchanges.put(exchange, *key, entry);
                }
                self.memo.store_shape(shape.clone(), entry);
            }
            Keys::Form(form) => self.memo.store_form(form.clone(), entry),
            Keys::Own(set) => {
                self.own.insert(*set, entry);
            }
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
                self.finish(meter, budget)?;
                return Ok(value);
            }
            returned = Some(value);
        }
    }

    /// [`ComponentSolver::value`] by Beling and Rogalski's pruned search: each component is
    /// asked for its value only when it lies in a set of values that matter (see
    /// [`ComponentSolver::value_in`]), so most components are never valued exactly, only shown
    /// not to have the values asked about. The values equal [`ComponentSolver::value`]'s
    /// (tested): the two searches confirm each other's records.
    ///
    /// # Errors
    /// As for [`ComponentSolver::value`].
    pub fn value_pruned(&mut self, left: &VSet, budget: &Budget) -> Result<u32, Exhausted> {
        if let Some(value) = self.chains_value(left, budget) {
            return value;
        }
        let (mut sum, open) = self.probe_components(left, budget);
        let mut meter = budget.meter();
        for (set, part) in open {
            sum ^= self.value_aspired(&set, &part.keys, &mut meter, budget)?;
        }
        self.finish(meter, budget)?;
        Ok(sum)
    }

    /// The nim-sum of the components of `left` the tables value, and the others with their
    /// keys; the tables' room set from the budget's memory first.
    fn probe_components(&mut self, left: &VSet, budget: &Budget) -> (u32, Vec<(VSet, Part)>) {
        self.memo.limit(budget.memory_limit() / 2);
        let mut sets = Vec::new();
        self.graph.components(left, &mut sets);
        let mut sum = 0;
        let mut open = Vec::new();
        for set in sets {
            match self.probe(&set) {
                Ok(v) => sum ^= v,
                Err(part) => open.push((set, part)),
            }
        }
        (sum, open)
    }

    /// Charges the meter's last units and tells the budget the tables' size.
    fn finish(&self, mut meter: Meter<'_>, budget: &Budget) -> Result<(), Exhausted> {
        meter.flush()?;
        budget.note_held(self.memo.held_bytes() + self.own.len() as u64 * 64);
        Ok(())
    }

    /// The value of the position `left` when it is at most `bound`, else `None`: all its components but the
    /// largest valued, and the largest asked ([`ComponentSolver::value_in`]) for the values that
    /// make the nim-sum at most `bound`, so that most of its search is cut off. Equal to
    /// [`ComponentSolver::value_pruned`] compared with `bound` (tested).
    ///
    /// # Errors
    /// As for [`ComponentSolver::value`].
    pub fn value_at_most(
        &mut self,
        left: &VSet,
        bound: u32,
        budget: &Budget,
    ) -> Result<Option<u32>, Exhausted> {
        if bound >= 127 || self.chains {
            return self.value_pruned(left, budget).map(|v| (v <= bound).then_some(v));
        }
        let (mut sum, open) = self.probe_components(left, budget);
        let open: Vec<Part> = open.into_iter().map(|(_, part)| part).collect();
        let mut meter = budget.meter();
        let largest = (0..open.len()).max_by_key(|&j| open[j].cells.len());
        let value = match largest {
            None => Some(sum),
            Some(largest) => {
                for (_, part) in open.iter().enumerate().filter(|&(j, _)| j != largest) {
                    sum ^= self.exact(part, &mut meter, budget)?;
                }
                self.value_in(&open[largest], xor_each(up_to(bound), sum), &mut meter, budget)?
                    .map(|v| v ^ sum)
            }
        };
        self.finish(meter, budget)?;
        Ok(value.filter(|&v| v <= bound))
    }

    /// The value of a component the tables do not know, by Beling's aspiration: is it `0`,
    /// then `1`, and so on? For each value `k` in turn, every option not yet valued is asked
    /// whether its value is `k` ([`ComponentSolver::value_in`] with `k` alone, so that the
    /// questions below it concern values up to `k` only); an option that answers with its
    /// value (`k` or another) is not asked again, and its value is skipped. The first `k` no
    /// option has is the value.
    fn value_aspired(
        &mut self,
        set: &VSet,
        keys: &Keys,
        meter: &mut Meter<'_>,
        budget: &Budget,
    ) -> Result<u32, Exhausted> {
        if let Ok(v) = self.known(keys) {
            return Ok(v);
        }
        if self.mirrored(set) {
            self.store(keys, 0);
            return Ok(0);
        }
        let moves = self.graph_moves(set);
        if moves.len() >= 128 {
            meter.flush()?;
            return self.component_value(*set, budget);
        }
        // An option the symmetry strategy shows to be 0 spares the search for one.
        let mut seen: Values = 0;
        if moves.iter().any(|deleted| self.mirrored(&set.minus(deleted))) {
            seen |= 1;
        }
        let mut options = self.split_options(set, &moves, meter)?;
        let mut open = self.open_options(&mut options, |v| seen |= 1 << v);
        let mut k = 0;
        while seen >> k & 1 == 1 {
            k += 1;
        }
        if self.memo.workers > 1 && set.len() >= PARALLEL_CELLS && open.len() > 1 {
            self.memo.hire(budget.memory_limit() / 2);
            let k = self.rounds_together(&options, open, seen, meter, budget)?;
            self.memo.solved += 1;
            self.store(keys, k);
            return Ok(k);
        }
        'values: while !open.is_empty() {
            let mut i = 0;
            while i < open.len() {
                meter.charge(1)?;
                let (sum, largest) = self.reduce_to_largest(&mut options, open[i], meter, budget)?;
                if k ^ sum < 128 {
                    if let Some(v) = self.value_in(&options.parts[largest], 1 << (k ^ sum), meter, budget)? {
                        open.remove(i);
                        if v ^ sum == k {
                            seen |= 1 << k;
                            while seen >> k & 1 == 1 {
                                k += 1;
                            }
                            continue 'values;
                        }
                        if v ^ sum < 128 {
                            seen |= 1 << (v ^ sum);
                        }
                        continue;
                    }
                }
                i += 1;
            }
            break;
        }
        self.memo.solved += 1;
        self.store(keys, k);
        Ok(k)
    }

    /// [`ComponentSolver::value_aspired`]'s rounds with the memo's helpers: in each, every
    /// option still open (`open`, indices of `options`) is asked whether its value is `k`, the
    /// least value not `seen`, by whichever thread is free, until one has it. The options that
    /// answer with their value are closed and their values seen; when one has `k`, the next
    /// round asks about the next value not seen, and when none has it, `k` is the value. The
    /// threads share what they find through the memo's shared table.
    fn rounds_together(
        &mut self,
        options: &Options,
        mut open: Vec<usize>,
        mut seen: Values,
        meter: &mut Meter<'_>,
        budget: &Budget,
    ) -> Result<u32, Exhausted> {
        let mut k = seen.trailing_ones();
        while !open.is_empty() {
            let answers = self.ask_together(options, &open, k, meter, budget)?;
            let mut answered = vec![false; open.len()];
            for (j, value) in answers {
                if let Some(v) = value {
                    answered[j] = true;
                    if v < 128 {
                        seen |= 1 << v;
                    }
                }
            }
            let mut j = 0;
            open.retain(|_| {
                j += 1;
                !answered[j - 1]
            });
            if seen >> k & 1 == 0 {
                break;
            }
            k = seen.trailing_ones();
        }
        Ok(k)
    }

    /// One round of [`ComponentSolver::rounds_together`]: the options' answers, by their place
    /// in `open` (`None`: not `k`); the round stops early once an option has the value `k`.
    fn ask_together(
        &mut self,
        options: &Options,
        open: &[usize],
        k: u32,
        meter: &mut Meter<'_>,
        budget: &Budget,
    ) -> Result<Vec<(usize, Option<u32>)>, Exhausted> {
        let next = AtomicUsize::new(0);
        let found = Arc::new(AtomicBool::new(false));
        // A thread's question about one option; `Cancelled` when another thread's option has `k`.
        let question = |solver: &mut ComponentSolver<'_>, meter: &mut Meter<'_>, i: usize| {
            meter.charge(1)?;
            let (sum, largest) = solver.value_all_but_largest(options, i, meter, budget)?;
            if k ^ sum >= 128 {
                return Ok(None);
            }
            Ok(solver.value_in(&options.parts[largest], 1 << (k ^ sum), meter, budget)?.map(|v| v ^ sum))
        };
        let answer_all = |solver: &mut ComponentSolver<'_>, meter: &mut Meter<'_>| {
            let mut answers = Vec::new();
            while !found.load(Ordering::Relaxed) {
                let j = next.fetch_add(1, Ordering::Relaxed);
                let Some(&i) = open.get(j) else { break };
                let value = match question(solver, meter, i) {
                    Err(Exhausted::Cancelled) if found.load(Ordering::Relaxed) => break,
                    answer => answer?,
                };
                if value == Some(k) {
                    found.store(true, Ordering::Relaxed);
                }
                answers.push((j, value));
            }
            Ok::<_, Exhausted>(answers)
        };
        let ask = |solver: &mut ComponentSolver<'_>, meter: &mut Meter<'_>| {
            solver.stop = Some(Arc::clone(&found));
            let answers = answer_all(solver, meter);
            solver.stop = None;
            answers
        };
        self.memo.refresh_exchange();
        let mut helpers = std::mem::take(&mut self.memo.helpers);
        let graphs: Vec<Graph> = helpers.iter().map(|_| self.graph.clone()).collect();
        let answers = std::thread::scope(|scope| {
            let ask = &ask;
            let threads: Vec<_> = helpers
                .iter_mut()
                .zip(graphs)
                .map(|(memo, graph)| {
                    scope.spawn(move || {
                        let mut solver = ComponentSolver::new(graph, memo);
                        let mut meter = budget.meter();
                        let answers = ask(&mut solver, &mut meter)?;
                        meter.flush()?;
                        Ok(answers)
                    })
                })
                .collect();
            let mut answers = ask(self, meter);
            for thread in threads {
                let theirs = thread.join().expect("a search thread does not panic");
                answers = answers.and_then(|mut mine| {
                    mine.extend(theirs?);
                    Ok(mine)
                });
            }
            answers
        });
        self.memo.helpers = helpers;
        answers
    }

    /// The options the tables do not value, easiest first ([`difficulty`]): the copies are left
    /// out, the parts the tables value are folded into their option's sum, and `seen` is told
    /// the values of the options the tables value in full.
    fn open_options(&mut self, options: &mut Options, mut seen: impl FnMut(u32)) -> Vec<usize> {
        let mut open = Vec::new();
        for (i, span) in options.spans.iter_mut().enumerate().filter(|(_, span)| !span.copy) {
            let mut end = span.start;
            for j in span.start..span.end {
                match self.known(&options.parts[j].keys) {
                    Ok(v) => span.sum ^= v,
                    Err(_) => {
                        options.parts.swap(end, j);
                        end += 1;
                    }
                }
            }
            span.end = end;
            if span.start == end {
                seen(span.sum);
            } else {
                open.push((difficulty(&options.parts[span.start..end]), i));
            }
        }
        open.sort_unstable();
        open.into_iter().map(|(_, i)| i).collect()
    }

    /// Values all parts of option `i` but the largest, folding their values into its sum, which
    /// is returned with the largest part's index; the option is left as that part and sum.
    fn reduce_to_largest(
        &mut self,
        options: &mut Options,
        i: usize,
        meter: &mut Meter<'_>,
        budget: &Budget,
    ) -> Result<(u32, usize), Exhausted> {
        let (sum, largest) = self.value_all_but_largest(options, i, meter, budget)?;
        let start = options.spans[i].start;
        options.parts.swap(start, largest);
        options.spans[i].sum = sum;
        options.spans[i].end = start + 1;
        Ok((sum, start))
    }

    /// The nim-sum of option `i`'s sum and the values of all its parts but the largest, with the
    /// largest part's index; the option is not changed (the threads of
    /// [`ComponentSolver::ask_together`] share the options).
    fn value_all_but_largest(
        &mut self,
        options: &Options,
        i: usize,
        meter: &mut Meter<'_>,
        budget: &Budget,
    ) -> Result<(u32, usize), Exhausted> {
        let Span { mut sum, start, end, .. } = options.spans[i];
        let largest =
            (start..end).max_by_key(|&j| options.parts[j].cells.len()).expect("an open option has a part");
        for j in (start..end).filter(|&j| j != largest) {
            sum ^= self.exact(&options.parts[j], meter, budget)?;
        }
        Ok((sum, largest))
    }

    /// The value of a part, asked with every value.
    fn exact(&mut self, part: &Part, meter: &mut Meter<'_>, budget: &Budget) -> Result<u32, Exhausted> {
        Ok(self.value_in(part, ALL, meter, budget)?.expect("asked about every value, a part has one of them"))
    }

    /// The part's value when it is in `wanted`, or at least when the tables know it; `None`
    /// when it is not in `wanted` (and the tables record the values the search ruled out, those
    /// of `wanted` among them, for values below 31).
    ///
    /// Beling and Rogalski's search: a component with `d` distinct options has a value in
    /// `0..=d`, the candidates. Each option seen drops one candidate: its value if that is a
    /// candidate, else the greatest one. With the options' values known, the one candidate
    /// left is the least value no option has, since a value below it could only have been
    /// dropped as the value of an option, and it was never dropped. So an option is asked only
    /// whether its value is one of the candidates but the greatest (and at most the greatest
    /// value wanted); when it is not, the greatest goes, as if it had been that value. The
    /// candidate left is then the value unless it is above every value wanted, and once no
    /// candidate is wanted the search stops with `None`. Options the tables value are seen
    /// first; the others easiest first (the least sum of their parts' squared sizes, so that
    /// moves that split the component come early), and of an option's parts all but the
    /// largest are valued and the largest is asked the question, its values shifted by the
    /// others' nim-sum. Values of 128 and more lie beyond the sets: a component of 128 options
    /// or more is valued in full ([`ComponentSolver::component_value`]).
    fn value_in(
        &mut self,
        part: &Part,
        wanted: Values,
        meter: &mut Meter<'_>,
        budget: &Budget,
    ) -> Result<Option<u32>, Exhausted> {
        if self.stop.as_ref().is_some_and(|stop| stop.load(Ordering::Relaxed)) {
            return Err(Exhausted::Cancelled);
        }
        let excluded = match self.known(&part.keys) {
            Ok(v) => return Ok(Some(v)),
            Err(known) => Values::from(known & !EXCLUDED),
        };
        let wanted = wanted & !excluded;
        if wanted == 0 {
            return Ok(None);
        }
        let mut room = self.rooms.pop().unwrap_or_default();
        let moves = match part.cells {
            Cells::Graph(set) => Moves::Graph(set, self.graph_moves(&set)),
            Cells::Word(word) => {
                word.moves(self.memo.deletion, &mut room.moves);
                Moves::Word(word, std::mem::take(&mut room.moves))
            }
        };
        if let (Moves::Graph(set, all), true) = (&moves, moves.len() >= 128) {
            debug_assert!(all.len() >= 128);
            meter.flush()?;
            return self.component_value(*set, budget).map(Some);
        }
        let asked = up_to(greatest(wanted));
        let most = moves.len() as u32;
        let mut candidates = up_to(most);
        // Options are split one by one, so that one the tables value may end the search before
        // the others are split.
        let mut options =
            Options { parts: std::mem::take(&mut room.parts), spans: std::mem::take(&mut room.spans) };
        let mut open = std::mem::take(&mut room.open);
        for m in 0..moves.len() {
            if candidates & wanted == 0 {
                break;
            }
            meter.charge(1)?;
            self.split_move(&mut options, &moves, m);
            let i = options.spans.len() - 1;
            let Span { sum, start, end, .. } = options.spans[i];
            if start == end {
                candidates = drop_seen(candidates, sum);
            } else {
                open.push((difficulty(&options.parts[start..end]), i));
            }
        }
        if candidates & wanted != 0 {
            open.sort_unstable();
        }
        if self.memo.solved as usize >= self.noted_at + 4096 {
            self.noted_at = self.memo.solved as usize;
            self.memo.refresh_exchange();
            budget.note_held(self.memo.held_bytes() + self.own.len() as u64 * 64);
        }
        let mut exact = true;
        for &(_, i) in &open {
            if candidates & wanted == 0 {
                break;
            }
            meter.charge(1)?;
            let question = candidates & !(1 << greatest(candidates)) & asked;
            let (sum, largest) = self.reduce_to_largest(&mut options, i, meter, budget)?;
            match self.value_in(&options.parts[largest], xor_each(question, sum), meter, budget)? {
                Some(v) => candidates = drop_seen(candidates, v ^ sum),
                None => {
                    candidates &= !(1 << greatest(candidates));
                    exact = false;
                }
            }
        }
        self.rooms.push(Room::reuse(moves, options, open));
        let value = candidates.trailing_zeros();
        if candidates.count_ones() == 1 && (exact || value <= greatest(wanted)) {
            self.memo.solved += 1;
            self.store(&part.keys, value);
            return Ok(Some(value));
        }
        // The value is at most the number of moves, and, when it is at most the greatest value
        // wanted, still a candidate (see the comment on the candidates above): every value up
        // to that one that is no longer a candidate is ruled out, not only the values wanted.
        let ruled_out = (up_to(greatest(wanted)) & !candidates) | !up_to(most);
        let bits = (excluded | wanted | ruled_out) as u32 & !EXCLUDED;
        self.store(&part.keys, EXCLUDED | bits);
        Ok(None)
    }

    /// The moves of a component held as vertices; on a board, dominoes in the order of
    /// [`centre_first`] within the component's box, as a word's.
    fn graph_moves(&self, set: &VSet) -> Vec<VSet> {
        let mut moves = self.memo.deletion.moves(&self.graph, set);
        if let (Some(board), Deletion::Edge) = (self.graph.board(), self.memo.deletion) {
            let (mut r0, mut c0, mut r1, mut c1) = (u16::MAX, u16::MAX, 0, 0);
            for v in set.iter() {
                let (r, c) = board.cells[v];
                (r0, c0, r1, c1) = (r0.min(r), c0.min(c), r1.max(r), c1.max(c));
            }
            let (height, width) = (u32::from(r1 - r0 + 1), u32::from(c1 - c0 + 1));
            let at = |v: usize| {
                let (r, c) = board.cells[v];
                (u32::from(r - r0), u32::from(c - c0))
            };
            moves.sort_by_cached_key(|pair| {
                let (a, b) = (pair.least().expect("a domino"), pair.greatest().expect("a domino"));
                centre_first(height, width, at(a), at(b))
            });
        }
        moves
    }

    /// Does the second player win the position `set` by the symmetry strategy: is it mapped
    /// onto itself by the half turn or a mirror of its box on the board, with no vertex fixed
    /// and none next to its image? Then every move (a vertex with its neighbours, or an edge)
    /// has a mirror image disjoint from it and still in play, and answering each move by its
    /// image keeps the position symmetric, so the second player makes the last move: value 0.
    /// The board's symmetries keep its lattice's edges, so the image of a move is a move.
    pub(super) fn mirrored(&self, set: &VSet) -> bool {
        let Some(board) = self.graph.board() else { return false };
        let at: FxHashMap<(u16, u16), usize> = set.iter().map(|v| (board.cells[v], v)).collect();
        let (mut r0, mut c0, mut r1, mut c1) = (u16::MAX, u16::MAX, 0, 0);
        for v in set.iter() {
            let (r, c) = board.cells[v];
            (r0, c0, r1, c1) = (r0.min(r), c0.min(c), r1.max(r), c1.max(c));
        }
        (0..3).any(|which| {
            set.iter().all(|v| {
                let (r, c) = board.cells[v];
                let image = match which {
                    0 => (r0 + r1 - r, c0 + c1 - c),
                    1 => (r0 + r1 - r, c),
                    _ => (r, c0 + c1 - c),
                };
                at.get(&image).is_some_and(|&w| w != v && !self.graph.neighbours(v).contains(w))
            })
        })
    }

    /// The options of `component`, each split into its parts and keyed, one unit charged a
    /// move; options of equal parts and sum marked as copies.
    fn split_options(
        &mut self,
        component: &VSet,
        moves: &[VSet],
        meter: &mut Meter<'_>,
    ) -> Result<Options, Exhausted> {
        let mut options = Options { parts: Vec::new(), spans: Vec::with_capacity(moves.len()) };
        for deleted in moves {
            meter.charge(1)?;
            self.split_option(&mut options, component, deleted);
        }
        options.mark_copies();
        Ok(options)
    }

    /// Adds to `options` the option of the `m`-th of `moves`.
    fn split_move(&mut self, options: &mut Options, moves: &Moves, m: usize) {
        match moves {
            Moves::Graph(component, deleted) => self.split_option(options, component, &deleted[m]),
            Moves::Word(word, deleted) => {
                let mut split = std::mem::take(&mut self.word_scratch);
                let mut pieces = std::mem::take(&mut self.pieces);
                let rest = word.bits & !deleted[m];
                if self.memo.deletion == Deletion::Edge {
                    word.components_cut(rest, word.copied_across(rest), &mut split);
                    let mut i = 0;
                    while i < split.len() {
                        let cells = split[i];
                        let kept = if count_up_to(cells, 3) == 3 { word.reduced(cells) } else { cells };
                        if kept == cells {
                            i += 1;
                        } else {
                            word.components_cut(kept, word.copied_across(kept), &mut pieces);
                            split.swap_remove(i);
                            split.extend_from_slice(&pieces);
                        }
                    }
                } else {
                    word.components(rest, &mut split);
                }
                let start = options.parts.len();
                let mut sum = 0;
                for &cells in &split {
                    match self.probe_word(*word, cells) {
                        Ok(v) => sum ^= v,
                        Err(part) => options.parts.push(part),
                    }
                }
                self.word_scratch = split;
                self.pieces = pieces;
                options.close(start, sum);
            }
        }
    }

    /// Adds to `options` the option of deleting `deleted` from `component`: its parts the
    /// tables value folded into its sum, the others keyed and sorted by their keys, pairs of
    /// isomorphic parts dropped (their values cancel in the nim-sum).
    fn split_option(&mut self, options: &mut Options, component: &VSet, deleted: &VSet) {
        let mut split = std::mem::take(&mut self.scratch);
        self.graph.components(&component.minus(deleted), &mut split);
        let start = options.parts.len();
        let mut sum = 0;
        for set in &split {
            match self.probe(set) {
                Ok(v) => sum ^= v,
                Err(part) => options.parts.push(part),
            }
        }
        self.scratch = split;
        options.close(start, sum);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exclusions_answer_only_for_the_key_last_put_in_a_slot() {
        let mut exclusions = Exclusions::default();
        assert_eq!(exclusions.get(7), None, "an empty table holds nothing");
        assert_eq!(exclusions.bytes(), 0, "and takes no room");
        exclusions.put(7, EXCLUDED | 0b101);
        assert_eq!(exclusions.get(7), Some(EXCLUDED | 0b101));
        assert_eq!(exclusions.get(8), None);
        let same_slot = (8..).find(|&key| Exclusions::slot(key) == Exclusions::slot(7)).expect("a key");
        exclusions.put(same_slot, EXCLUDED | 1);
        assert_eq!(exclusions.get(same_slot), Some(EXCLUDED | 1));
        assert_eq!(exclusions.get(7), None, "the slot's older entry is gone");
        assert_eq!(exclusions.bytes(), 16 * EXCLUSION_SLOTS as u64);
    }
}
