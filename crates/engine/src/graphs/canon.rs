//! Canonical forms of small graphs (at most 64 vertices, with vertex colours), so that the
//! component engine looks up every graph isomorphic to one it has solved.
//!
//! The method is individualization–refinement, as in McKay's nauty, without its automorphism
//! group machinery: colour refinement to the coarsest equitable partition, then, in the first
//! cell of more than one vertex, each vertex in turn is given a colour of its own and the
//! partition refined again, down to discrete partitions; each discrete partition orders the
//! vertices, and the least adjacency matrix so ordered is the canonical form. Refinement and the
//! choice of the cell depend only on the colours, never on the vertices' labels, so isomorphic
//! graphs reach the same set of leaves and the same least matrix. Two vertices of one cell with
//! the same neighbours apart from each other (twins) are swapped by an automorphism, so only one
//! of them is tried: this keeps cliques, stars and complete bipartite graphs to one branch.
//!
//! A graph whose search tree has more than `leaf_limit` leaves gets no form ([`canonical_form`]
//! returns `None`); its caller keys it by its vertex set instead, which is exact too, only less
//! often shared. So correctness never rests on the form being found: a form is the whole
//! adjacency matrix, and equal forms are isomorphic graphs.
//!
//! Cost: a refinement is `O(k · cells)` per round and at most `k` rounds for `k` vertices; the
//! tree has at most `leaf_limit` leaves.

/// The most vertices a canonical form is computed for.
pub(crate) const MAX_FORM_VERTICES: usize = 64;

/// A graph on `0..k` (`k <= 64`): `rows[v]` has bit `u` set when `u` and `v` are adjacent.
pub(crate) struct SmallGraph<'a> {
    /// The adjacency rows.
    pub rows: &'a [u64],
    /// Each vertex's colour (all equal when the graph has none).
    pub colours: &'a [u8],
}

/// Refines `colour` (ranks `0..cells`) to the coarsest equitable partition finer than it;
/// returns the number of cells.
fn refine(g: &SmallGraph<'_>, colour: &mut [u32], scratch: &mut Vec<(u32, Vec<u32>, usize)>) -> u32 {
    let k = colour.len();
    let mut cells = colour.iter().copied().max().map_or(0, |m| m + 1);
    loop {
        scratch.clear();
        for v in 0..k {
            let mut counts = vec![0u32; cells as usize];
            let mut row = g.rows[v];
            while row != 0 {
                let u = row.trailing_zeros() as usize;
                row &= row - 1;
                counts[colour[u] as usize] += 1;
            }
            scratch.push((colour[v], counts, v));
        }
        scratch.sort_unstable();
        let mut rank = 0u32;
        for i in 0..k {
            if i > 0 && (scratch[i].0 != scratch[i - 1].0 || scratch[i].1 != scratch[i - 1].1) {
                rank += 1;
            }
            colour[scratch[i].2] = rank;
        }
        let now = rank + 1;
        if now == cells {
            return cells;
        }
        cells = now;
    }
}

/// The canonical form of `g` (its adjacency under the canonical order, with its colours), or
/// `None` when the search needs more than `leaf_limit` leaves. See the module doc.
pub(crate) fn canonical_form(g: &SmallGraph<'_>, leaf_limit: usize) -> Option<Box<[u64]>> {
    let k = g.rows.len();
    debug_assert!(k <= MAX_FORM_VERTICES && g.colours.len() == k);
    // Start from the colours, ranked.
    let mut distinct: Vec<u8> = g.colours.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let mut colour: Vec<u32> =
        g.colours.iter().map(|c| distinct.binary_search(c).unwrap_or(0) as u32).collect();
    let mut scratch = Vec::with_capacity(k);
    refine(g, &mut colour, &mut scratch);
    let mut best: Option<Vec<u64>> = None;
    let mut leaves = 0usize;
    // Depth-first over the tree, with an explicit stack of (partition, candidates left).
    let mut stack: Vec<(Vec<u32>, Vec<usize>)> = Vec::new();
    let mut node = Some(colour);
    loop {
        if let Some(colour) = node.take() {
            let cells = colour.iter().copied().max().map_or(0, |m| m + 1) as usize;
            if cells == k {
                leaves += 1;
                if leaves > leaf_limit {
                    return None;
                }
                let code = leaf_code(g, &colour);
                if best.as_ref().is_none_or(|b| code < *b) {
                    best = Some(code);
                }
            } else {
                let target = first_big_cell(&colour, cells);
                let candidates = untwinned(g, &colour, target);
                stack.push((colour, candidates));
            }
        }
        let Some((parent, candidates)) = stack.last_mut() else { break };
        let Some(v) = candidates.pop() else {
            stack.pop();
            continue;
        };
        let mut child: Vec<u32> = parent.iter().map(|&c| 2 * c + 1).collect();
        child[v] -= 1;
        // Ranks again (0..cells), then refined.
        let mut ranks: Vec<u32> = child.clone();
        ranks.sort_unstable();
        ranks.dedup();
        for c in &mut child {
            *c = ranks.binary_search(c).unwrap_or(0) as u32;
        }
        refine(g, &mut child, &mut scratch);
        node = Some(child);
    }
    let mut form = best?;
    form.push(k as u64);
    Some(form.into_boxed_slice())
}

/// The least colour whose cell has more than one vertex.
fn first_big_cell(colour: &[u32], cells: usize) -> u32 {
    let mut size = vec![0u32; cells];
    for &c in colour {
        size[c as usize] += 1;
    }
    size.iter().position(|&s| s > 1).unwrap_or(0) as u32
}

/// The vertices of cell `target`, one of each class of twins.
fn untwinned(g: &SmallGraph<'_>, colour: &[u32], target: u32) -> Vec<usize> {
    let mut chosen: Vec<usize> = Vec::new();
    for v in (0..colour.len()).filter(|&v| colour[v] == target) {
        let twin = chosen.iter().any(|&u| g.rows[u] & !(1 << v) == g.rows[v] & !(1 << u));
        if !twin {
            chosen.push(v);
        }
    }
    chosen.reverse();
    chosen
}

/// The adjacency rows and colours under the order of a discrete partition.
fn leaf_code(g: &SmallGraph<'_>, colour: &[u32]) -> Vec<u64> {
    let k = colour.len();
    let mut at = vec![0usize; k];
    for (v, &c) in colour.iter().enumerate() {
        at[c as usize] = v;
    }
    let mut code = Vec::with_capacity(k + k.div_ceil(8) + 1);
    for &v in &at {
        let mut row = 0u64;
        let mut bits = g.rows[v];
        while bits != 0 {
            let u = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            row |= 1 << colour[u];
        }
        code.push(row);
    }
    for chunk in at.chunks(8) {
        code.push(chunk.iter().enumerate().fold(0u64, |w, (i, &v)| w | u64::from(g.colours[v]) << (8 * i)));
    }
    code
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn relabel(rows: &[u64], perm: &[usize]) -> Vec<u64> {
        let k = rows.len();
        let mut out = vec![0u64; k];
        for v in 0..k {
            for u in 0..k {
                if rows[v] >> u & 1 == 1 {
                    out[perm[v]] |= 1 << perm[u];
                }
            }
        }
        out
    }

    fn graph(k: usize, edges: &[(usize, usize)]) -> Vec<u64> {
        let mut rows = vec![0u64; k];
        for &(u, v) in edges {
            if u != v {
                rows[u] |= 1 << v;
                rows[v] |= 1 << u;
            }
        }
        rows
    }

    fn form(rows: &[u64]) -> Option<Box<[u64]>> {
        canonical_form(&SmallGraph { rows, colours: &vec![0; rows.len()] }, 100_000)
    }

    proptest! {
        /// Relabelled graphs have one form; the form is never shared by two graphs with
        /// different degree sequences.
        #[test]
        fn isomorphic_graphs_share_their_form(
            k in 1usize..12,
            edges in proptest::collection::vec((0usize..12, 0usize..12), 0..30),
            seed in any::<u64>(),
        ) {
            let edges: Vec<(usize, usize)> = edges.into_iter().filter(|&(u, v)| u < k && v < k).collect();
            let rows = graph(k, &edges);
            let mut perm: Vec<usize> = (0..k).collect();
            let mut s = seed;
            for i in (1..k).rev() {
                s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                perm.swap(i, (s >> 33) as usize % (i + 1));
            }
            let other = relabel(&rows, &perm);
            prop_assert_eq!(form(&rows), form(&other));
        }
    }

    #[test]
    fn forms_tell_apart_graphs_with_equal_degrees() {
        // Two 3-regular graphs on 6 vertices: the prism and K_{3,3}.
        let prism = graph(6, &[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3), (0, 3), (1, 4), (2, 5)]);
        let k33 = graph(6, &[(0, 3), (0, 4), (0, 5), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)]);
        assert_ne!(form(&prism), form(&k33));
        // A cycle of 6 against two triangles.
        let c6 = graph(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0)]);
        let two = graph(6, &[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)]);
        assert_ne!(form(&c6), form(&two));
    }

    #[test]
    fn twins_keep_cliques_to_one_branch() {
        let k = 40;
        let edges: Vec<(usize, usize)> = (0..k).flat_map(|i| (i + 1..k).map(move |j| (i, j))).collect();
        let rows = graph(k, &edges);
        assert!(canonical_form(&SmallGraph { rows: &rows, colours: &vec![0; k] }, 1).is_some());
    }

    #[test]
    fn colours_are_part_of_the_form() {
        let rows = graph(3, &[(0, 1), (1, 2)]);
        let end = canonical_form(&SmallGraph { rows: &rows, colours: &[1, 0, 0] }, 100);
        let other_end = canonical_form(&SmallGraph { rows: &rows, colours: &[0, 0, 1] }, 100);
        let middle = canonical_form(&SmallGraph { rows: &rows, colours: &[0, 1, 0] }, 100);
        assert_eq!(end, other_end);
        assert_ne!(end, middle);
    }
}
