//! Misère play of a vertex-deletion game on a board (Cram is Arc-Kayles on a board's cells), by an
//! exact search over positions keyed by their regions.
//!
//! Misère play does not split into nim-sums: the outcome of a sum is not a function of its parts'
//! outcomes or Grundy values. It is still a function of the parts themselves, up to isomorphism:
//! a position is keyed by the sorted multiset of its regions' **shapes** (each region's cells
//! moved to the corner and turned or reflected to the least of the board's eight symmetries,
//! [`board_shape_key`]), so the same regions anywhere on the board, in any orientation, are one entry.
//! Regions in which no move is possible (a single cell of Arc-Kayles) are left out of the key:
//! they never change who moves last.
//!
//! The search keeps its own stack and stops at the first option that is a P-position. Every move
//! tried is charged one unit of work, and the table's bytes are checked against the budget's
//! memory limit as it grows: a board too large for the budget stops with [`Exhausted`].

use rustc_hash::FxHashMap;

use super::deletion::Deletion;
use super::graph::Graph;
use super::set::VSet;
use super::shape::board_shape_key;
use crate::budget::{Budget, Exhausted};
use crate::game::Outcome;

/// A region's shape: the height and width of its box (and the lattice) in the first word, then
/// its cells as bits of the box, row by row.
pub(crate) type Shape = [u64; 5];

/// Bytes a table entry takes beyond its key's shapes (the box, the value, the hash table's share).
const ENTRY_BYTES: u64 = 48;

/// The misère outcomes of positions of one game, by their regions' shapes (see the module doc):
/// shapes do not depend on the board, so one table serves every board of a lattice.
pub(crate) struct MisereMemo {
    deletion: Deletion,
    /// Is the position a P-position (misère)?
    table: FxHashMap<Box<[Shape]>, bool>,
    shapes: u64,
}

impl MisereMemo {
    /// An empty table for a game.
    pub(crate) fn new(deletion: Deletion) -> Self {
        MisereMemo { deletion, table: FxHashMap::default(), shapes: 0 }
    }

    /// Positions held.
    pub(crate) fn states(&self) -> usize {
        self.table.len()
    }

    fn held_bytes(&self) -> u64 {
        self.table.len() as u64 * ENTRY_BYTES + self.shapes * std::mem::size_of::<Shape>() as u64
    }
}

struct Frame {
    key: Box<[Shape]>,
    moves: Vec<VSet>,
    left: VSet,
    next: usize,
}

/// The key of the position `left` (see the module doc): `None` when the graph is not drawn on a
/// board or a region's box is too large for a shape.
fn position_key(
    graph: &Graph,
    deletion: Deletion,
    left: &VSet,
    parts: &mut Vec<VSet>,
) -> Option<Box<[Shape]>> {
    let board = graph.board()?;
    graph.components(left, parts);
    let mut key = Vec::with_capacity(parts.len());
    for part in parts.iter() {
        if deletion == Deletion::Edge && part.len() < 2 {
            continue;
        }
        key.push(board_shape_key(board, part)?);
    }
    key.sort_unstable();
    Some(key.into_boxed_slice())
}

/// Can `position_key` key every position of `graph`? (A board whose box has at most 256 cells.)
pub(crate) fn keys_positions(graph: &Graph) -> bool {
    graph.board().is_some_and(|b| u64::from(b.rows) * u64::from(b.cols) <= 256)
}

/// The misère outcome of the position whose remaining vertices are `left`, on a graph drawn on a
/// board ([`keys_positions`]); `None` for any other graph.
///
/// # Errors
/// [`Exhausted`] when the work, the memory limit, the deadline or a cancellation stops the search.
pub(crate) fn misere_outcome(
    graph: &Graph,
    left: &VSet,
    memo: &mut MisereMemo,
    budget: &Budget,
) -> Option<Result<Outcome, Exhausted>> {
    if !keys_positions(graph) {
        return None;
    }
    Some(search(graph, left, memo, budget))
}

fn search(graph: &Graph, left: &VSet, memo: &mut MisereMemo, budget: &Budget) -> Result<Outcome, Exhausted> {
    let deletion = memo.deletion;
    let mut parts = Vec::new();
    let key = position_key(graph, deletion, left, &mut parts).expect("a board keys its positions");
    if let Some(&p) = memo.table.get(&key) {
        return Ok(if p { Outcome::P } else { Outcome::N });
    }
    let mut meter = budget.meter();
    let moves = deletion.moves(graph, left);
    let mut stack = vec![Frame { key, moves, left: *left, next: 0 }];
    // The outcome of the frame just finished (true: P), handed to the frame below it.
    let mut returned: Option<bool> = None;
    loop {
        let top = stack.last_mut().expect("the stack holds the position being solved");
        // A misère position with no move is won by the player to move (N); otherwise it is P
        // when every option is N.
        let mut p = !top.moves.is_empty();
        if returned.take() == Some(true) {
            p = false;
        } else {
            let mut descend = None;
            while top.next < top.moves.len() {
                let option = top.left.minus(&top.moves[top.next]);
                top.next += 1;
                meter.charge(1)?;
                let key =
                    position_key(graph, deletion, &option, &mut parts).expect("a board keys its positions");
                match memo.table.get(&key) {
                    Some(true) => {
                        p = false;
                        break;
                    }
                    Some(false) => {}
                    None => {
                        descend = Some((key, option));
                        break;
                    }
                }
            }
            if let Some((key, option)) = descend {
                let moves = deletion.moves(graph, &option);
                stack.push(Frame { key, moves, left: option, next: 0 });
                continue;
            }
        }
        let frame = stack.pop().expect("the top frame");
        memo.shapes += frame.key.len() as u64;
        memo.table.insert(frame.key, p);
        if memo.table.len().is_multiple_of(4096) {
            budget.check_held(memo.held_bytes())?;
        }
        if stack.is_empty() {
            meter.flush()?;
            budget.check_held(memo.held_bytes())?;
            return Ok(if p { Outcome::P } else { Outcome::N });
        }
        returned = Some(p);
    }
}
