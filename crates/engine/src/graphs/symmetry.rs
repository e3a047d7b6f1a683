//! The symmetries of a position on a board: the turns and reflections of the board's rectangle
//! (the identity, the half turn and the two mirrors; on a square board the two quarter turns and
//! the two diagonal reflections too) that map the cells still in play onto themselves. Every one
//! of them keeps the board's lattice (cells at offset `(dr, dc)` go to cells at a turned or
//! reflected offset, which the lattice relates alike), so it is an isomorphism of the position's
//! graph: two options that one maps onto the other have equal values. The shards' split values
//! one option per class ([`least_image`]).

use super::graph::Board;
use super::set::VSet;

/// Where the eight turns and reflections of a `rows x cols` rectangle take the cell `(r, c)`:
/// `which` 0 is the identity, 1 the half turn, 2 and 3 the mirrors (rows reversed, columns
/// reversed), 4 to 7 the transpose, the anti-transpose and the two quarter turns (a square only).
fn map(which: u8, rows: u16, cols: u16, (r, c): (u16, u16)) -> (u16, u16) {
    match which {
        0 => (r, c),
        1 => (rows - 1 - r, cols - 1 - c),
        2 => (rows - 1 - r, c),
        3 => (r, cols - 1 - c),
        4 => (c, r),
        5 => (cols - 1 - c, rows - 1 - r),
        6 => (c, rows - 1 - r),
        _ => (cols - 1 - c, r),
    }
}

/// The board's symmetries that map `left` onto itself, the identity first: each as the image of
/// every vertex of `left` (`usize::MAX` outside it).
pub(crate) fn board_symmetries(board: &Board, left: &VSet, order: usize) -> Vec<Vec<usize>> {
    let (rows, cols) = (board.rows, board.cols);
    let at: std::collections::HashMap<(u16, u16), usize> =
        board.cells.iter().enumerate().map(|(v, &cell)| (cell, v)).collect();
    let count = if rows == cols { 8 } else { 4 };
    let mut found = Vec::new();
    'maps: for which in 0..count {
        let mut image = vec![usize::MAX; order];
        for v in left.iter() {
            match at.get(&map(which, rows, cols, board.cells[v])) {
                Some(&w) if left.contains(w) => image[v] = w,
                _ => continue 'maps,
            }
        }
        found.push(image);
    }
    found
}

/// The least image of `set` (a subset of the cells the symmetries were found for) under
/// `symmetries`: one representative of the sets that a symmetry of the position maps onto each
/// other.
pub(crate) fn least_image(symmetries: &[Vec<usize>], set: &VSet) -> VSet {
    symmetries.iter().map(|image| set.iter().map(|v| image[v]).collect::<VSet>()).min().unwrap_or(*set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graphs::family::Picture;

    fn board(picture: &str) -> (crate::graphs::Graph, VSet) {
        let picture = Picture::parse(picture).unwrap();
        (picture.graph().unwrap(), picture.free())
    }

    #[test]
    fn a_rectangle_has_four_symmetries_and_a_square_eight() {
        for (text, count) in [("5x7", 4), ("4x4", 8), ("1x1", 8), ("3x1", 4)] {
            let (graph, free) = board(text);
            assert_eq!(board_symmetries(graph.board().unwrap(), &free, graph.order()).len(), count, "{text}");
        }
    }

    #[test]
    fn blocked_and_covered_cells_keep_only_their_symmetries() {
        // A blocked corner: on a square only the diagonal through it (and the identity) is left.
        let (graph, free) = board("#.../..../..../....");
        let found = board_symmetries(graph.board().unwrap(), &free, graph.order());
        assert_eq!(found.len(), 2);
        // Two opposite corners covered on a square: the half turn and both diagonals survive.
        let (graph, mut free) = board("4x4");
        free.remove(0);
        free.remove(15);
        assert_eq!(board_symmetries(graph.board().unwrap(), &free, graph.order()).len(), 4);
        // A pinwheel: symmetric under the quarter turns only (no reflection, no involution but
        // the half turn), so the group has four members.
        let (graph, mut free) = board("4x4");
        for v in [1, 7, 14, 8] {
            free.remove(v);
        }
        let found = board_symmetries(graph.board().unwrap(), &free, graph.order());
        assert_eq!(found.len(), 4);
        assert!(found.iter().all(|image| free.iter().all(|v| free.contains(image[v]))));
    }

    #[test]
    fn least_image_is_one_per_class() {
        let (graph, free) = board("3x4");
        let found = board_symmetries(graph.board().unwrap(), &free, graph.order());
        // The four corners are one class: each alone is mapped to the same least image.
        let corners: Vec<VSet> = [0, 3, 8, 11].iter().map(|&v| free.minus(&VSet::single(v))).collect();
        let least: Vec<VSet> = corners.iter().map(|set| least_image(&found, set)).collect();
        assert!(least.iter().all(|l| *l == least[0]));
        // A middle cell and a corner are not.
        assert_ne!(least_image(&found, &free.minus(&VSet::single(1))), least[0]);
    }
}
