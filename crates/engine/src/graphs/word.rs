//! A component of a grid board held in one machine word: its cells row by row, `width` bits a
//! row, in the orientation of its shape key (see [`super::components`]). Its moves and the
//! components of each option are found by shifts of that word, with no graph at all, so the
//! component engine searches small grid shapes (every component of a board of at most 64 cells,
//! and the small parts of larger ones) in words, the way Beling's igs searches Cram; the tables
//! are the shapes' tables, shared with components held as vertex sets.

use super::deletion::Deletion;
use super::shape::{rows_shape_key, GRID_LATTICE};

/// A grid component in one word (see the module doc): bit `r * width + c` is the cell in row `r`
/// and column `c` of its box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Word {
    pub(super) bits: u64,
    height: u32,
    width: u32,
}

impl Word {
    /// The component whose shape key is `key`, when it is a grid lattice's and its box fits a
    /// word (at most 64 cells, rows of at most 63).
    pub(super) fn from_key(key: &[u64; 5]) -> Option<Word> {
        let (lattice, height, width) = (key[0] >> 32, key[0] >> 16 & 0xffff, key[0] & 0xffff);
        (lattice == GRID_LATTICE && height * width <= 64 && width < 64).then(|| Word {
            bits: key[1],
            height: height as u32,
            width: width as u32,
        })
    }

    /// Its number of cells.
    pub(super) fn len(self) -> usize {
        self.bits.count_ones() as usize
    }

    /// The first column of the box.
    fn first_column(self) -> u64 {
        (0..self.height).fold(0, |column, r| column | 1 << (r * self.width))
    }

    /// The cells each move deletes, one word a move: for Arc-Kayles (Cram) the two cells of
    /// each domino, across then down; for Node-Kayles each cell with its neighbours.
    pub(super) fn moves(self, deletion: Deletion) -> Vec<u64> {
        let first = self.first_column();
        let last = first << (self.width - 1);
        let cells = self.bits;
        let mut moves = Vec::new();
        match deletion {
            Deletion::Edge => {
                // In the order of [`centre_first`] (a word's box is never higher than wide).
                let push_all = |moves: &mut Vec<u64>, mut these: u64, step: u32| {
                    while these != 0 {
                        let cell = these & these.wrapping_neg();
                        moves.push(cell | cell << step);
                        these &= these - 1;
                    }
                };
                let down = cells & (cells >> self.width);
                centre_out(self.width, |a, b| {
                    push_all(&mut moves, down & (first << a | first << b), self.width)
                });
                let across = cells & (cells >> 1) & !last;
                let row = (1u64 << self.width) - 1;
                centre_out(self.height, |a, b| {
                    push_all(&mut moves, across & (row << (a * self.width) | row << (b * self.width)), 1);
                });
            }
            Deletion::Vertex => {
                let mut rest = cells;
                while rest != 0 {
                    let cell = rest & rest.wrapping_neg();
                    moves.push(self.grow(cell, first, last) & cells);
                    rest &= rest - 1;
                }
                moves.sort_unstable();
                moves.dedup();
            }
        }
        moves
    }

    /// `cells` with their neighbours in the box.
    #[inline]
    fn grow(self, cells: u64, first: u64, last: u64) -> u64 {
        cells | (cells << 1 & !first) | (cells >> 1 & !last) | cells << self.width | cells >> self.width
    }

    /// The connected components of `cells` (cells of this box), in order of their least cell.
    pub(super) fn components(self, mut cells: u64, out: &mut Vec<u64>) {
        out.clear();
        let first = self.first_column();
        let last = first << (self.width - 1);
        while cells != 0 {
            let mut component = cells & cells.wrapping_neg();
            loop {
                let grown = self.grow(component, first, last) & cells;
                if grown == component {
                    break;
                }
                component = grown;
            }
            cells &= !component;
            out.push(component);
        }
    }

    /// For Arc-Kayles (Cram), the cells of a component `cells` of this box (three or more) with
    /// those taken away that do not change its game (Beling's reductions of Cram):
    /// * of the leaves (cells with one neighbour) next to one centre, all but one: a move on any
    ///   of them deletes the centre and leaves the others alone, and no other move touches them;
    /// * a cell that is neither a leaf nor a centre and whose neighbours are all centres: a move
    ///   on it and a centre `c` reaches the game of the move on `c` and its leaf (where, by
    ///   induction on the size, the cell can be dropped too), and no other move changes that.
    ///
    /// Checked against the plain search on random boards (tests).
    pub(super) fn reduced(self, cells: u64) -> u64 {
        let first = self.first_column();
        let last = first << (self.width - 1);
        // The cells with a neighbour to the right, left, below and above.
        let right = cells & (cells >> 1) & !last;
        let left = cells & (cells << 1) & !first;
        let below = cells & (cells >> self.width);
        let above = cells & (cells << self.width);
        let two = (right & left) | ((right | left) & (below | above)) | (below & above);
        let leaves = (right | left | below | above) & !two;
        // Each leaf's centre, direction by direction; a leaf whose centre has one already goes.
        let mut kept = cells;
        let mut centres = 0;
        let w = self.width;
        // Each direction's leaves moved onto their centres, and the way back (a shift left by
        // `step`, or right by `-step`).
        let reached: [(u64, i32); 4] = [
            ((leaves & right) << 1, 1),
            ((leaves & left) >> 1, -1),
            ((leaves & below) << w, w as i32),
            ((leaves & above) >> w, -(w as i32)),
        ];
        for (at, step) in reached {
            let taken = at & centres;
            kept &= !if step > 0 { taken >> step } else { taken << -step };
            centres |= at;
        }
        let others = cells & !centres;
        let next_to_others =
            (others << 1 & !first) | (others >> 1 & !last) | others << self.width | others >> self.width;
        kept & !(others & !leaves & !next_to_others)
    }

    /// The shape key of `cells`, a set of this box's cells that is not empty.
    pub(super) fn shape_key(self, cells: u64) -> Option<[u64; 5]> {
        let mask = (1u64 << self.width) - 1;
        let mut rows = [0u64; 16];
        let (top, bottom) = (cells.trailing_zeros() / self.width, (63 - cells.leading_zeros()) / self.width);
        for (row, r) in rows.iter_mut().zip(top..=bottom) {
            *row = cells >> (r * self.width) & mask;
        }
        rows_shape_key(GRID_LATTICE, &mut rows[..(bottom - top + 1) as usize])
    }
}

/// Calls `each` with the indices `0..span` from the middle outwards, two at a time (the two at
/// one distance from the middle, the lower first; the middle itself twice when `span` is odd).
fn centre_out(span: u32, mut each: impl FnMut(u32, u32)) {
    let (low, high) = ((span - 1) / 2, span / 2);
    for d in 0..=low {
        each(low - d, high + d);
    }
}

/// The order in which the search tries the dominoes of a box of `height` x `width` cells (the
/// cells `a` and `b`, as row and column in the box): first those across the box's long side, from
/// its middle outwards, which cut it in two, then those along it, from the middle row outwards.
/// Beling's igs tries Cram's moves so; on the 4 x 9 board it leaves a third of the components to
/// value that the board's own order does.
pub(super) fn centre_first(height: u32, width: u32, a: (u32, u32), b: (u32, u32)) -> (bool, u32) {
    let off = |twice: u32, span: u32| twice.abs_diff(span - 1);
    if height <= width {
        if a.1 == b.1 {
            (false, off(2 * a.1, width))
        } else {
            (true, off(2 * a.0, height))
        }
    } else if a.0 == b.0 {
        (false, off(2 * a.0, height))
    } else {
        (true, off(2 * a.1, width))
    }
}
