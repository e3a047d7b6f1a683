//! Shape keys: a set of a board's cells moved to the corner and turned or reflected to the least
//! of the board's eight symmetries, so that the same shape anywhere on any board of a lattice is
//! one key (see [`super::components`]). Shifts for dense boards and words, cell by cell otherwise.

use super::graph::{Board, Lattice};
use super::set::VSet;

/// The key of a set of a board's cells: the cells moved to the corner and turned or reflected to
/// the least of the board's eight symmetries, the box's lattice, height and width in the first
/// word; `None` for no cell or a box of over 256 cells. The first word is compared first, so
/// only the turns giving the least box are tried: the four that keep the rows as rows when the
/// box is wider than high, all eight for a square box.
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
    let lattice = lattice_code(board.lattice);
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
    rows_shape_key(lattice_code(board.lattice), &mut rows[r0..=r1])
}

/// The shape key of the cells `rows` (bit `c` of each row is column `c`; the first and last rows
/// hold a cell) of a board of this lattice: see [`dense_shape_key`].
pub(super) fn rows_shape_key(lattice: u64, rows: &mut [u64]) -> Option<[u64; 5]> {
    let all = rows.iter().fold(0, |a, &r| a | r);
    let c0 = all.trailing_zeros();
    let w = (64 - all.leading_zeros() - c0) as usize;
    let h = rows.len();
    if h * w > 256 {
        return None;
    }
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

/// The grid lattice's number in a shape key.
pub(super) const GRID_LATTICE: u64 = 1;

/// A lattice's number in a shape key.
fn lattice_code(lattice: Lattice) -> u64 {
    match lattice {
        Lattice::Grid => GRID_LATTICE,
        Lattice::Queens => 2,
    }
}

/// The least of `best` and the keys of `rows` (each `width` bits) reflected top to bottom, left
/// to right, both or neither.
fn least_turn(lattice: u64, rows: &mut [u64], width: usize, mut best: Option<[u64; 5]>) -> Option<[u64; 5]> {
    let height = rows.len();
    let head = lattice << 32 | (height as u64) << 16 | width as u64;
    let cells = height * width;
    if cells <= 64 {
        // One word: the rows put together by shifts, and reflected left to right row by row; the
        // half turns of those two are their bits reversed (top to bottom then comes for free).
        let (mut bits, mut mirrored) = (0u64, 0u64);
        for (r, &row) in rows.iter().enumerate() {
            bits |= row << (r * width);
            mirrored |= (row.reverse_bits() >> (64 - width)) << (r * width);
        }
        let turned = |word: u64| word.reverse_bits() >> (64 - cells);
        for word in [bits, mirrored, turned(bits), turned(mirrored)] {
            let key = [head, word, 0, 0, 0];
            if best.is_none_or(|k| key < k) {
                best = Some(key);
            }
        }
        return best;
    }
    let mut reversed = [0u64; 16];
    for (row, back) in rows.iter().zip(&mut reversed) {
        *back = row.reverse_bits() >> (64 - width);
    }
    for t in 0..4 {
        let source = if t & 2 != 0 { &reversed[..height] } else { &*rows };
        let mut bits = VSet::EMPTY;
        for (r, &row) in source.iter().enumerate() {
            let r = if t & 1 != 0 { height - 1 - r } else { r };
            bits.put_bits(r * width, row);
        }
        let [a, b, c, d] = bits.0;
        let key = [head, a, b, c, d];
        if best.is_none_or(|k| key < k) {
            best = Some(key);
        }
    }
    best
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
