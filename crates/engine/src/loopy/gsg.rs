//! The generalized Sprague-Grundy function γ of a finite digraph (Smith 1966; Fraenkel and
//! Yesha 1986), by retrograde analysis.
//!
//! γ(u) is a nimber `n` or ∞. With a counter `c` on the finitely valued vertices (here: the
//! order in which the algorithm labels them), γ(u) = n exactly when
//!
//! * (A) no follower of `u` has value `n`;
//! * (B) for every `m < n` some follower has value `m`;
//! * (C) every follower `v` with γ(v) = ∞ has a follower `w` with γ(w) = n and `c(w) < c(u)`;
//!
//! and γ(u) = ∞ when no `n` qualifies. Writing `K(u)` for the finite values of the followers,
//! such a vertex is written ∞(K). The function exists and is unique (the counter makes (C)
//! well founded).
//!
//! # Algorithm
//!
//! Stage `i = 0, 1, 2, ...` over the vertices still unlabeled:
//! 1. label `i` every unlabeled vertex `u` with no follower labeled `i` and whose every follower
//!    that is unlabeled or ∞ has a follower labeled `i`, until no more qualify;
//! 2. label ∞ every unlabeled vertex with no follower labeled `i`.
//!
//! Step 1 is a retrograde analysis with counters: `cnt(u)` is the number of followers of `u`
//! not finitely labeled; when a vertex is labeled `i`, each predecessor `w` gets "a follower
//! labeled `i`" (once per stage, by a stage stamp) and, if `w` is unlabeled or ∞, the counters
//! of `w`'s predecessors drop by one; a vertex whose counter reaches 0 without a follower
//! labeled `i` is labeled `i`. A stage costs `O(V + E)` (each vertex is stamped once, each edge
//! into it scanned once), and there are at most `M + 2` stages where `M` is the largest finite
//! value: time `O((V + E)(M + 2))`, memory the graph, its reverse and 28 bytes a vertex. Every
//! vertex still unlabeled after a stage has followers of every value below it, so stages end.

use super::graph::Digraph;
use crate::budget::{Budget, Exhausted};

/// The value of an ∞ vertex in [`Gsg::values`].
pub const INFINITE: u32 = u32::MAX;
const UNLABELED: u32 = u32::MAX - 1;

/// The generalized Sprague-Grundy function of a graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gsg {
    /// γ(u) for each vertex: a nimber, or [`INFINITE`].
    pub values: Vec<u32>,
    /// The counter: the order in which finitely valued vertices were labeled ([`INFINITE`]
    /// for ∞ vertices).
    pub counter: Vec<u32>,
}

impl Gsg {
    /// The finite values of `u`'s followers, sorted, without repeats: `K` of ∞(K).
    pub(crate) fn finite_follower_values(&self, graph: &Digraph, u: u32) -> Vec<u32> {
        let mut k: Vec<u32> =
            graph.successors(u).iter().map(|&v| self.values[v as usize]).filter(|&x| x != INFINITE).collect();
        k.sort_unstable();
        k.dedup();
        k
    }

    /// The largest finite value, if any vertex has one.
    pub fn largest_finite(&self) -> Option<u32> {
        self.values.iter().copied().filter(|&v| v != INFINITE).max()
    }
}

/// The generalized Sprague-Grundy function of `graph` (see the module doc for the algorithm and
/// its complexity). Charges one unit per vertex per stage and per edge scanned; the memory (the
/// reversed graph and 28 bytes a vertex) is checked against the budget before it is allocated.
///
/// # Errors
/// [`Exhausted`] when the budget, its deadline or a cancellation stops it.
pub fn generalized_sprague_grundy(graph: &Digraph, budget: &Budget) -> Result<Gsg, Exhausted> {
    let reverse = graph.reverse(budget)?;
    gsg_with_reverse(graph, &reverse, budget)
}

/// [`generalized_sprague_grundy`] with the reversed graph already built.
///
/// # Errors
/// As for [`generalized_sprague_grundy`].
pub(crate) fn gsg_with_reverse(
    graph: &Digraph,
    reverse: &Digraph,
    budget: &Budget,
) -> Result<Gsg, Exhausted> {
    let n = graph.vertex_count();
    budget.check_held(graph.held_bytes() + reverse.held_bytes() + 28 * n as u64)?;
    let mut meter = budget.meter();
    let mut values = vec![UNLABELED; n];
    let mut counter = vec![INFINITE; n];
    // Followers not finitely labeled (permanent); `count` is its working copy in a stage.
    let mut open: Vec<u32> = (0..n as u32).map(|u| graph.successors(u).len() as u32).collect();
    let mut count = vec![0u32; n];
    // The last stage in which the vertex got a follower labeled with the stage's value.
    let mut stamp = vec![UNLABELED; n];
    let mut unlabeled: Vec<u32> = (0..n as u32).collect();
    let mut queue: Vec<u32> = Vec::new();
    let mut next = 0u32;
    let mut stage = 0u32;
    while !unlabeled.is_empty() {
        meter.charge(unlabeled.len() as u64)?;
        queue.clear();
        for &u in &unlabeled {
            count[u as usize] = open[u as usize];
            if open[u as usize] == 0 {
                queue.push(u);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let u = queue[head];
            head += 1;
            if values[u as usize] != UNLABELED || stamp[u as usize] == stage {
                continue;
            }
            values[u as usize] = stage;
            counter[u as usize] = next;
            next += 1;
            for &w in reverse.successors(u) {
                meter.charge(1)?;
                open[w as usize] -= 1;
                if stamp[w as usize] == stage {
                    continue;
                }
                stamp[w as usize] = stage;
                let value = values[w as usize];
                if value == UNLABELED || value == INFINITE {
                    for &x in reverse.successors(w) {
                        meter.charge(1)?;
                        if values[x as usize] == UNLABELED {
                            count[x as usize] -= 1;
                            if count[x as usize] == 0 {
                                queue.push(x);
                            }
                        }
                    }
                }
            }
        }
        for &u in &unlabeled {
            if values[u as usize] == UNLABELED && stamp[u as usize] != stage {
                values[u as usize] = INFINITE;
            }
        }
        unlabeled.retain(|&u| values[u as usize] == UNLABELED);
        stage += 1;
    }
    meter.flush()?;
    Ok(Gsg { values, counter })
}

#[cfg(test)]
/// Checks that `gsg` satisfies the definition at every vertex (conditions A, B, C with its
/// counter for finite values; for ∞ vertices, that no `n` satisfies A, B and C without a
/// counter: with `n = mex K` some ∞ follower has no follower of value `n`). The independent
/// check of [`generalized_sprague_grundy`]; `O(V + E · d)` for out-degree `d`.
///
/// # Errors
/// The first vertex where the definition fails, in words.
pub(crate) fn check_definition(graph: &Digraph, gsg: &Gsg) -> Result<(), String> {
    (0..graph.vertex_count() as u32).try_for_each(|u| check_vertex(graph, gsg, u))
}

/// [`check_definition`] at the vertex `u`.
///
/// # Errors
/// How the definition fails at `u`, in words.
pub fn check_vertex(graph: &Digraph, gsg: &Gsg, u: u32) -> Result<(), String> {
    let values = &gsg.values;
    let followers = graph.successors(u);
    let k = gsg.finite_follower_values(graph, u);
    let mex = k.iter().enumerate().find(|&(i, &x)| i as u32 != x).map_or(k.len() as u32, |(i, _)| i as u32);
    let has_value = |v: u32, n: u32, before: Option<u32>| {
        graph
            .successors(v)
            .iter()
            .any(|&w| values[w as usize] == n && before.is_none_or(|c| gsg.counter[w as usize] < c))
    };
    let n = values[u as usize];
    if n == INFINITE {
        let blocked = followers.iter().any(|&v| values[v as usize] == INFINITE && !has_value(v, mex, None));
        if !blocked {
            return Err(format!("vertex {u} is ∞ but {mex} satisfies the definition"));
        }
    } else {
        if n != mex {
            return Err(format!(
                "vertex {u} has value {n} but the mex of its followers' finite values is {mex}"
            ));
        }
        let c = gsg.counter[u as usize];
        for &v in followers {
            if values[v as usize] == INFINITE && !has_value(v, n, Some(c)) {
                return Err(format!(
                    "vertex {u} has value {n} but its ∞ follower {v} has no earlier follower of value {n}"
                ));
            }
        }
    }
    Ok(())
}

/// The straightforward fixed-point iteration of the same stages: in each stage, sweep every
/// vertex again and again, labeling those that qualify, until a sweep changes nothing. Time
/// `O(V · E)` per stage in the worst case. It is the reference of the tests and the benchmark
/// (docs/benchmarks.md), not a path the engine takes.
///
/// # Errors
/// [`Exhausted`] when the budget stops it (one unit per edge examined).
pub fn gsg_fixed_point(graph: &Digraph, budget: &Budget) -> Result<Vec<u32>, Exhausted> {
    let n = graph.vertex_count();
    let mut meter = budget.meter();
    let mut values = vec![UNLABELED; n];
    let mut stage = 0u32;
    while values.contains(&UNLABELED) {
        loop {
            let mut changed = false;
            for u in 0..n as u32 {
                if values[u as usize] != UNLABELED {
                    continue;
                }
                meter.charge(1 + graph.successors(u).len() as u64)?;
                let succ = graph.successors(u);
                if succ.iter().any(|&v| values[v as usize] == stage) {
                    continue;
                }
                let ok = succ.iter().all(|&v| {
                    let value = values[v as usize];
                    (value != UNLABELED && value != INFINITE)
                        || graph.successors(v).iter().any(|&w| values[w as usize] == stage)
                });
                if ok {
                    values[u as usize] = stage;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for u in 0..n {
            if values[u] == UNLABELED
                && !graph.successors(u as u32).iter().any(|&v| values[v as usize] == stage)
            {
                values[u] = INFINITE;
            }
        }
        stage += 1;
    }
    meter.flush()?;
    Ok(values)
}
