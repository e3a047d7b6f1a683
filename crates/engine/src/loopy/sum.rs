//! Sums of loopy games by the generalized Sprague-Grundy theorem (Smith 1966; Fraenkel and
//! Yesha 1986; Winning Ways ch. 12): the value of a sum follows from its components' values
//!
//! * `a ⊕ b` (nim-sum) when every component is finite,
//! * ∞(K ⊕ a) = ∞({k ⊕ a : k ∈ K}) when one component is ∞(K) and the others' nim-sum is `a`,
//! * ∞(∅), a draw, when two or more components are ∞;
//!
//! and the outcome follows from the value ([`LoopyValue::outcome`]). The moves of a sum are the
//! moves of its components, so its winning moves (to a P-sum) and its drawing moves (from a
//! D-sum to a D-sum) come from the components' values too: time linear in the components'
//! options, without the sum's graph (whose size is the product of theirs). The tests check the
//! theorem against a retrograde analysis of [`super::sum_graph`].

use super::{Digraph, LoopyOutcome, LoopyValue, Solution};

/// The value of the sum of components of the given values.
pub(crate) fn sum_value<'a>(values: impl IntoIterator<Item = &'a LoopyValue>) -> LoopyValue {
    let mut nim = 0u32;
    let mut infinite: Option<&[u32]> = None;
    let mut infinities = 0;
    for value in values {
        match value {
            LoopyValue::Nimber(n) => nim ^= n,
            LoopyValue::Infinite(k) => {
                infinities += 1;
                infinite = Some(k);
            }
        }
    }
    match (infinities, infinite) {
        (0, _) => LoopyValue::Nimber(nim),
        (1, Some(k)) => {
            let mut k: Vec<u32> = k.iter().map(|x| x ^ nim).collect();
            k.sort_unstable();
            k.dedup();
            LoopyValue::Infinite(k)
        }
        _ => LoopyValue::Infinite(Vec::new()),
    }
}

/// One component of a sum: its graph, its solution (normal play) and the token's vertex.
#[derive(Debug, Clone, Copy)]
pub struct Component<'a> {
    /// The component's graph.
    pub graph: &'a Digraph,
    /// Its solution under normal play (with the generalized Sprague-Grundy function).
    pub solution: &'a Solution,
    /// The vertex of its token.
    pub vertex: u32,
}

/// A move of a sum and the sum it leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumMove {
    /// Which component moves.
    pub component: usize,
    /// The component's new vertex.
    pub to: u32,
    /// The value of the sum after the move.
    pub value: LoopyValue,
}

/// The value of a sum.
///
/// # Panics
/// If a component's solution has no generalized Sprague-Grundy function (misère play).
pub fn value_of(parts: &[Component<'_>]) -> LoopyValue {
    let values: Vec<LoopyValue> = parts.iter().map(|p| component_value(p, p.vertex)).collect();
    sum_value(&values)
}

fn component_value(part: &Component<'_>, u: u32) -> LoopyValue {
    part.solution.value(part.graph, u).expect("a sum's components are solved under normal play")
}

/// Every move of the sum with the value it leads to, component by component.
///
/// # Panics
/// As for [`value_of`].
pub(crate) fn moves(parts: &[Component<'_>]) -> Vec<SumMove> {
    let values: Vec<LoopyValue> = parts.iter().map(|p| component_value(p, p.vertex)).collect();
    let mut out = Vec::new();
    for (j, part) in parts.iter().enumerate() {
        for &v in part.graph.successors(part.vertex) {
            let after = component_value(part, v);
            let value = sum_value(values.iter().enumerate().map(|(i, x)| if i == j { &after } else { x }));
            out.push(SumMove { component: j, to: v, value });
        }
    }
    out
}

/// The moves to play in a sum: from an N-sum the moves to a P-sum (winning), from a D-sum the
/// moves to a D-sum (keeping the draw), from a P-sum none.
///
/// # Panics
/// As for [`value_of`].
pub fn good_moves(parts: &[Component<'_>]) -> Vec<SumMove> {
    let want = match value_of(parts).outcome() {
        LoopyOutcome::N => LoopyOutcome::P,
        LoopyOutcome::D => LoopyOutcome::D,
        LoopyOutcome::P => return Vec::new(),
    };
    moves(parts).into_iter().filter(|m| m.value.outcome() == want).collect()
}
