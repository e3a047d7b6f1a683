//! Tameness: whether a misère quotient is one of the *tame* quotients `T_k`, the quotients of
//! misère Nim (Plambeck–Siegel; Conway's tame games, Winning Ways ch. 13).
//!
//! `T_1 = ⟨a | a² = 1⟩` with `P = {a}` (the heaps 0 and 1 of Nim), and for `k ≥ 2`
//!
//! ```text
//! T_k = ⟨a, b₁, ..., b_{k-1} | a² = 1, b_i³ = b_i, b_i² = b_j²⟩,   P = {a, b₁²},
//! ```
//!
//! the quotient of Nim heaps below `2^k` (`a` the heap 1, `b_i` the heap `2^i`). Its elements
//! are `a^e·B` with `e ∈ {0, 1}` and `B` one of `1`, `z = b₁²`, or `b_S = ∏_{i ∈ S} b_i` for a
//! non-empty `S ⊆ {1..k-1}`, so `|T_k| = 2^k + 2` (and `|T_1| = 2`); `z·b_S = b_S`,
//! `b_S·b_T = b_{S△T}` (`z` when `S = T`). `T_0` is the trivial quotient (no moves at all).
//!
//! [`tame_index`] decides `Q ≅ T_k` (as monoids with their P-portions) by trying every choice of
//! images of the generators `a`, `b_i` among the elements that satisfy the defining relations,
//! and checking that the map of normal forms is a bijection, a homomorphism, and sends `P` to `P`.

use super::quotient::Quotient;

/// The normal form `a^e·B` of an element of `T_k`: `e`, and `B` as `None` for `1`, `Some(0)`
/// for `z`, `Some(S)` (a non-zero bitset) for `b_S`.
type Normal = (bool, Option<u32>);

/// The product of two normal forms in `T_k`.
fn multiply(x: Normal, y: Normal) -> Normal {
    let b = match (x.1, y.1) {
        (None, b) | (b, None) => b,
        (Some(s), Some(t)) => Some(s ^ t),
    };
    (x.0 ^ y.0, b)
}

/// `k` when `q` is isomorphic to the tame quotient `T_k` (P-portions included), else `None`.
pub(crate) fn tame_index(q: &Quotient) -> Option<u32> {
    let n = q.order();
    if n == 1 {
        return (!q.is_p(0)).then_some(0);
    }
    if q.p_portion().len() != if n == 2 { 1 } else { 2 } {
        return None;
    }
    let k = if n == 2 {
        1
    } else {
        let m = n.checked_sub(2)?;
        if !m.is_power_of_two() || m < 4 {
            return None;
        }
        m.trailing_zeros()
    };
    let alphas: Vec<u32> = (1..n as u32).filter(|&x| q.mul(x, x) == 0 && q.is_p(x)).collect();
    let betas: Vec<u32> = (1..n as u32)
        .filter(|&x| {
            let x2 = q.mul(x, x);
            q.mul(x2, x) == x && x2 != 0 && x2 != x
        })
        .collect();
    let count = (k - 1) as usize;
    for &alpha in &alphas {
        let mut chosen = Vec::with_capacity(count);
        if choose(q, k, alpha, &betas, 0, &mut chosen) {
            return Some(k);
        }
    }
    None
}

/// Tries every increasing choice of `k - 1` images of the `b_i` from `betas[from..]` (the `b_i`
/// are interchangeable), all with the same square.
fn choose(q: &Quotient, k: u32, alpha: u32, betas: &[u32], from: usize, chosen: &mut Vec<u32>) -> bool {
    if chosen.len() == (k - 1) as usize {
        return isomorphism(q, k, alpha, chosen);
    }
    for i in from..betas.len() {
        let b = betas[i];
        if chosen.first().is_some_and(|&c| q.mul(c, c) != q.mul(b, b)) {
            continue;
        }
        chosen.push(b);
        if choose(q, k, alpha, betas, i + 1, chosen) {
            return true;
        }
        chosen.pop();
    }
    false
}

/// True when `a ↦ alpha`, `b_i ↦ betas[i]` extends to an isomorphism `T_k → Q`.
fn isomorphism(q: &Quotient, k: u32, alpha: u32, betas: &[u32]) -> bool {
    let mut normals: Vec<Normal> = vec![(false, None)];
    if k >= 2 {
        normals.push((false, Some(0)));
        normals.extend((1..1u32 << (k - 1)).map(|s| (false, Some(s))));
    }
    let with_a: Vec<Normal> = normals.iter().map(|&(_, b)| (true, b)).collect();
    normals.extend(with_a);
    let image = |(e, b): Normal| -> u32 {
        let base = match b {
            None => 0,
            Some(0) => q.mul(betas[0], betas[0]),
            Some(s) => q.product((0..k - 1).filter(|i| s >> i & 1 == 1).map(|i| betas[i as usize])),
        };
        if e {
            q.mul(alpha, base)
        } else {
            base
        }
    };
    let images: Vec<u32> = normals.iter().map(|&x| image(x)).collect();
    let mut seen = vec![false; q.order()];
    for &y in &images {
        if std::mem::replace(&mut seen[y as usize], true) {
            return false;
        }
    }
    if images.len() != q.order() {
        return false;
    }
    let index = |x: Normal| normals.iter().position(|&y| y == x);
    for (i, &x) in normals.iter().enumerate() {
        let in_p = matches!(x, (true, None) | (false, Some(0)));
        if q.is_p(images[i]) != in_p {
            return false;
        }
        for (j, &y) in normals.iter().enumerate() {
            let Some(xy) = index(multiply(x, y)) else { return false };
            if q.mul(images[i], images[j]) != images[xy] {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use crate::misere::compute;
    use crate::octal::OctalCode;

    fn index_of(code: &str, upto: u64) -> Option<u32> {
        let code: OctalCode = code.parse().unwrap();
        let q = compute(&code, Some(upto), &Budget::default()).unwrap();
        tame_index(&q.quotient)
    }

    #[test]
    fn nim_heaps_below_4_and_8_are_t2_and_t3() {
        // 0.333: take 1, 2 or 3 (heaps below 4 behave as Nim's); the quotient of heaps up to 3 is
        // that of Nim heaps 0..3, T_2; 0.3333333 up to heap 7 is T_3.
        assert_eq!(index_of("0.333", 3), Some(2));
        assert_eq!(index_of("0.3333333", 7), Some(3));
        assert_eq!(index_of("0.3", 10), Some(1));
    }

    #[test]
    fn wild_quotients_are_not_tame() {
        assert_eq!(index_of("0.75", 30), None);
        assert_eq!(index_of("0.77", 12), None);
    }
}
