//! A component of a grid board held in one machine word: its cells row by row, `width` bits a
//! row, in the orientation of its shape key (see [`super::components`]). Its moves and the
//! components of each option are found by shifts of that word, with no graph at all, so the
//! component engine searches small grid shapes (every component of a board of at most 64 cells,
//! and the small parts of larger ones) in words, the way Beling's igs searches Cram; the tables
//! are the shapes' tables, shared with components held as vertex sets.

use super::chains::Chain;
use super::deletion::Deletion;
use super::shape::GRID_LATTICE;

/// A grid component in one word (see the module doc): bit `r * width + c` is the cell in row `r`
/// and column `c` of its box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Word {
    pub(super) bits: u64,
    height: u32,
    width: u32,
    /// The box's first column, which every shift to the left or right masks.
    first: u64,
}

impl Word {
    /// The word of `bits` in a box of `height` x `width` cells (`height * width <= 64`,
    /// `width < 64`).
    fn new(bits: u64, height: u32, width: u32) -> Word {
        let first = (0..height).fold(0, |column, r| column | 1 << (r * width));
        Word { bits, height, width, first }
    }

    /// The component whose shape key is `key`, when it is a grid lattice's and its box fits a
    /// word (at most 64 cells, rows of at most 63).
    pub(super) fn from_key(key: &[u64; 5]) -> Option<Word> {
        let (lattice, height, width) = (key[0] >> 32, key[0] >> 16 & 0xffff, key[0] & 0xffff);
        (lattice == GRID_LATTICE && height * width <= 64 && width < 64)
            .then(|| Word::new(key[1], height as u32, width as u32))
    }

    /// The shape key's first word (lattice, height and width; see [`board_shape_key`](super::shape::board_shape_key)).
    pub(super) fn head(self) -> u64 {
        GRID_LATTICE << 32 | u64::from(self.height) << 16 | u64::from(self.width)
    }

    /// Its number of cells.
    pub(super) fn len(self) -> usize {
        self.bits.count_ones() as usize
    }

    /// The cells each move deletes, one word a move, into `moves` (emptied first; its room is
    /// reused): for Arc-Kayles (Cram) the two cells of each domino, centre first; for
    /// Node-Kayles each cell with its neighbours.
    pub(super) fn moves(self, deletion: Deletion, moves: &mut Vec<u64>) {
        let first = self.first;
        let last = first << (self.width - 1);
        let cells = self.bits;
        moves.clear();
        match deletion {
            Deletion::Edge => {
                // In the order of [`centre_first`](super::shape::centre_first) (a word's box is never higher than wide).
                let push_all = |moves: &mut Vec<u64>, mut these: u64, step: u32| {
                    while these != 0 {
                        let cell = these & these.wrapping_neg();
                        moves.push(cell | cell << step);
                        these &= these - 1;
                    }
                };
                let down = cells & (cells >> self.width);
                centre_out(self.width, |a, b| push_all(moves, down & (first << a | first << b), self.width));
                let across = cells & (cells >> 1) & !last;
                let row = (1u64 << self.width) - 1;
                centre_out(self.height, |a, b| {
                    push_all(moves, across & (row << (a * self.width) | row << (b * self.width)), 1);
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
    }

    /// `cells` with their neighbours in the box.
    #[inline]
    fn grow(self, cells: u64, first: u64, last: u64) -> u64 {
        cells | (cells << 1 & !first) | (cells >> 1 & !last) | cells << self.width | cells >> self.width
    }

    /// The connected components of `cells` (cells of this box), in order of their least cell.
    pub(super) fn components(self, cells: u64, out: &mut Vec<u64>) {
        self.components_cut(cells, 0, out);
    }

    /// For Arc-Kayles (Cram), the left cells of the dominoes across that another move copies
    /// (Beling's igs cuts them so): in a square of cells `a b / c d` where `a`'s and `d`'s only
    /// neighbours are `b` and `c` (or `b`'s and `c`'s only ones are `a` and `d`), the domino
    /// `a`–`b` leaves what `b`–`d` leaves with `a` and `d` exchanged, and `c`–`d` what `a`–`c`
    /// leaves, and no other move is changed by the two: the game is the same without the
    /// edges `a`–`b` and `c`–`d`, which may then cut the component in two. Checked against the
    /// plain search on random boards (tests).
    pub(super) fn copied_across(self, cells: u64) -> u64 {
        let (first, w) = (self.first, self.width);
        let last = first << (w - 1);
        let right = (cells & !first) >> 1;
        let left = (cells & !last) << 1;
        let (above, below) = (cells << w, cells >> w);
        // Empty to the right and not to the left, and the other ways round.
        let closed_left = cells & right & !left;
        let closed_right = cells & left & !right;
        let closed_top = below & !above;
        let closed_bottom = above & !below;
        // The bottom left cell of each square, in its two ways.
        let corners = ((closed_left & closed_top) << w) & ((closed_right & closed_bottom) >> 1);
        let crossed = ((closed_right & closed_top) << (w - 1)) & closed_left & closed_bottom;
        let bottom = corners | crossed;
        bottom | bottom >> w
    }

    /// The connected components of `cells` (cells of this box) without the edges across from
    /// the cells `cut` to their right, in order of their least cell.
    pub(super) fn components_cut(self, mut cells: u64, cut: u64, out: &mut Vec<u64>) {
        out.clear();
        let first = self.first;
        let last = first << (self.width - 1);
        let to_right = !cut & !last;
        let to_left = to_right << 1;
        // The cells joined to the cell on their right.
        let links = cells & to_right & cells >> 1;
        while cells != 0 {
            let mut component = cells & cells.wrapping_neg();
            loop {
                // To the right along each row at once: adding a cell to the links carries through
                // the links after it and stops at the cell after the last, so the bits the sum
                // changes are the cells that cell reaches to its right.
                let rightwards = links.wrapping_add(component & links) ^ links;
                let grown = (component
                    | rightwards
                    | (component & to_left) >> 1
                    | component << self.width
                    | component >> self.width)
                    & cells;
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
        let first = self.first;
        let last = first << (self.width - 1);
        let Sides { right, left, below, above } = self.sides(cells);
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

    /// The connected cells `cells` of this box as a chain, when none has more than two
    /// neighbours among them: a path, or a cycle when they hold as many dominoes as cells.
    pub(super) fn chain(self, cells: u64) -> Option<Chain> {
        let Sides { right, left, below, above } = self.sides(cells);
        if (right & left & (below | above)) | ((right | left) & below & above) != 0 {
            return None;
        }
        let n = cells.count_ones() as usize;
        let dominoes = (right.count_ones() + below.count_ones()) as usize;
        Some(if dominoes < n { Chain::Path(n) } else { Chain::Cycle(n) })
    }

    /// Of the cells `cells` of this box, those with a neighbour among them to the right, left,
    /// below and above.
    fn sides(self, cells: u64) -> Sides {
        let first = self.first;
        let last = first << (self.width - 1);
        Sides {
            right: cells & (cells >> 1) & !last,
            left: cells & (cells << 1) & !first,
            below: cells & (cells >> self.width),
            above: cells & (cells << self.width),
        }
    }

    /// The cells `cells` of this box (not empty) as a word of their own, in their shape key's
    /// orientation: moved to the corner, then the least of the turns and reflections that keep
    /// the box no higher than wide (as [`rows_shape_key`](super::shape::rows_shape_key) orders
    /// them; tested equal), all by shifts of the word.
    pub(super) fn part(self, cells: u64) -> Word {
        let stride = self.width;
        let row = (1u64 << stride) - 1;
        // Up to the first row with a cell, by shifts (a division by the width takes longer).
        let mut at_top = cells;
        while at_top & row == 0 {
            at_top >>= stride;
        }
        let (mut columns, mut rest, mut height) = (0, at_top, 0);
        while rest != 0 {
            columns |= rest & row;
            rest >>= stride;
            height += 1;
        }
        let left = columns.trailing_zeros();
        let width = 64 - columns.leading_zeros() - left;
        let mut bits = at_top >> left;
        if width < stride {
            bits = (0..height)
                .fold(0, |packed, r| packed | (bits >> (r * stride) & ((1 << width) - 1)) << (r * width));
        }
        let mut best = None;
        if height <= width {
            best = Some(Word::new(least_reflection(bits, height, width), height, width));
        }
        if height >= width {
            let turned = least_reflection(transposed(bits, height, width), width, height);
            if best.is_none_or(|word: Word| turned < word.bits) {
                best = Some(Word::new(turned, width, height));
            }
        }
        best.expect("a box is no higher than wide or no wider than high")
    }
}

/// The cells of a set with a neighbour in the set on each side ([`Word::sides`]).
struct Sides {
    right: u64,
    left: u64,
    below: u64,
    above: u64,
}

/// How many cells `cells` holds, counted up to `most` (`most` standing for `most` or more), by
/// clearing the lowest cell: cheaper than a population count, which x86-64's baseline lacks,
/// when `most` is small.
pub(super) fn count_up_to(mut cells: u64, most: u32) -> u32 {
    let mut count = 0;
    while cells != 0 && count < most {
        cells &= cells - 1;
        count += 1;
    }
    count
}

/// The least of `bits` (a box of `height` x `width` cells, row by row) reflected top to bottom,
/// left to right, both or neither: the half turn is the word's bits reversed, and the left to
/// right reflection the half turn of the top to bottom one.
fn least_reflection(bits: u64, height: u32, width: u32) -> u64 {
    let row = (1u64 << width) - 1;
    let flipped =
        (0..height).fold(0, |out, r| out | (bits >> (r * width) & row) << ((height - 1 - r) * width));
    let half_turn = |word: u64| word.reverse_bits() >> (64 - height * width);
    bits.min(flipped).min(half_turn(bits)).min(half_turn(flipped))
}

/// `bits` (a box of `height` x `width` cells, row by row) with rows and columns exchanged: a box
/// of `width` x `height`.
fn transposed(bits: u64, height: u32, width: u32) -> u64 {
    let row = (1u64 << width) - 1;
    let mut out = 0;
    for r in 0..height {
        let mut cells = bits >> (r * width) & row;
        while cells != 0 {
            let c = cells.trailing_zeros();
            cells &= cells - 1;
            out |= 1 << (c * height + r);
        }
    }
    out
}

/// Calls `each` with the indices `0..span` from the middle outwards, two at a time (the two at
/// one distance from the middle, the lower first; the middle itself twice when `span` is odd).
fn centre_out(span: u32, mut each: impl FnMut(u32, u32)) {
    let (low, high) = ((span - 1) / 2, span / 2);
    for d in 0..=low {
        each(low - d, high + d);
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::Word;

    /// The components of `cells` in a box `width` wide, cell by cell: a cell joins its
    /// neighbours above and below, and the one to its right unless it is in the last column or
    /// among `cut`.
    fn components_by_cells(cells: u64, cut: u64, width: u32) -> Vec<u64> {
        let mut left = cells;
        let mut out = Vec::new();
        while left != 0 {
            let mut component = 0u64;
            let mut stack = vec![left.trailing_zeros()];
            while let Some(at) = stack.pop() {
                if component >> at & 1 == 1 || left >> at & 1 == 0 {
                    continue;
                }
                component |= 1 << at;
                let column = at % width;
                if column + 1 < width && cut >> at & 1 == 0 {
                    stack.push(at + 1);
                }
                if column > 0 && cut >> (at - 1) & 1 == 0 {
                    stack.push(at - 1);
                }
                stack.extend(at.checked_sub(width));
                if at + width < 64 {
                    stack.push(at + width);
                }
            }
            left &= !component;
            out.push(component);
        }
        out
    }

    proptest! {
        /// The flood fill by shifts, whose rows are filled to the right by carries, finds the
        /// components cell by cell search finds, with edges across cut or not.
        #[test]
        fn components_are_found_cell_by_cell(height in 1u32..=8, width in 1u32..=8, cells: u64, cut: u64) {
            let inside = if height * width == 64 { u64::MAX } else { (1 << (height * width)) - 1 };
            let word = Word::new(cells & inside, height, width);
            let mut found = Vec::new();
            word.components_cut(word.bits, cut & inside, &mut found);
            prop_assert_eq!(found, components_by_cells(word.bits, cut & inside, width));
        }
    }
}
