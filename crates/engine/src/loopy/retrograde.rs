//! Outcomes and remoteness of every vertex of a finite digraph by retrograde analysis, under
//! normal play (a player with no move loses) or misère play (a player with no move wins).
//!
//! The vertices whose outcome is decided by the end of the game are labeled from the terminal
//! vertices backwards, in order of remoteness: a vertex with a P-follower is N, one more move
//! than its nearest P-follower (the winner hurries); a vertex whose followers are all N is P,
//! one more move than its most remote follower (the loser stalls). A FIFO queue hands out the
//! labels in non-decreasing remoteness, and a counter per vertex of followers not yet known to
//! be N tells when a vertex becomes P. What is never labeled is a draw (D): neither player can
//! force the end. Time `O(V + E)`, memory the reversed graph and 9 bytes a vertex.

use serde::Serialize;

use super::graph::Digraph;
use crate::budget::{Budget, Exhausted};
use crate::game::Play;

/// Who wins a loopy game with the player to move as reference: or nobody.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum LoopyOutcome {
    /// The player to move wins.
    N,
    /// The player who moved last wins.
    P,
    /// A draw: with best play the game never ends.
    D,
}

impl LoopyOutcome {
    /// `"N"`, `"P"` or `"D"`.
    pub fn as_str(self) -> &'static str {
        match self {
            LoopyOutcome::N => "N",
            LoopyOutcome::P => "P",
            LoopyOutcome::D => "D",
        }
    }
}

/// Outcome and remoteness of every vertex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcomes {
    /// The outcome of each vertex.
    pub outcome: Vec<LoopyOutcome>,
    /// The remoteness of each P- or N-vertex: how many moves the game lasts when the winner
    /// hurries and the loser stalls; `u32::MAX` for a draw.
    pub remoteness: Vec<u32>,
}

/// Outcomes and remoteness of every vertex of `graph` under `play`, with `reverse` its reversed
/// graph (see the module doc). Charges one unit per vertex and per edge scanned.
///
/// # Errors
/// [`Exhausted`] when the budget, its deadline or a cancellation stops it.
pub fn retrograde(
    graph: &Digraph,
    reverse: &Digraph,
    play: Play,
    budget: &Budget,
) -> Result<Outcomes, Exhausted> {
    let n = graph.vertex_count();
    budget.check_held(graph.held_bytes() + reverse.held_bytes() + 13 * n as u64)?;
    let mut meter = budget.meter();
    let mut outcome = vec![LoopyOutcome::D; n];
    let mut remoteness = vec![u32::MAX; n];
    let mut pending: Vec<u32> = (0..n as u32).map(|u| graph.successors(u).len() as u32).collect();
    let mut queue: Vec<u32> = Vec::new();
    let terminal = match play {
        Play::Normal => LoopyOutcome::P,
        Play::Misere => LoopyOutcome::N,
    };
    for u in 0..n as u32 {
        if pending[u as usize] == 0 {
            outcome[u as usize] = terminal;
            remoteness[u as usize] = 0;
            queue.push(u);
        }
    }
    meter.charge(n as u64)?;
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        let r = remoteness[v as usize] + 1;
        let p = outcome[v as usize] == LoopyOutcome::P;
        for &u in reverse.successors(v) {
            meter.charge(1)?;
            if remoteness[u as usize] != u32::MAX {
                continue;
            }
            if p {
                outcome[u as usize] = LoopyOutcome::N;
                remoteness[u as usize] = r;
                queue.push(u);
            } else {
                pending[u as usize] -= 1;
                if pending[u as usize] == 0 {
                    outcome[u as usize] = LoopyOutcome::P;
                    remoteness[u as usize] = r;
                    queue.push(u);
                }
            }
        }
    }
    meter.flush()?;
    Ok(Outcomes { outcome, remoteness })
}

/// The outcomes by the straightforward fixed-point iteration of their definition, with neither
/// the reversed graph nor counters: sweep every vertex again and again, calling a vertex N when
/// some follower is P (or, under misère play, when it has no follower), P when it has followers
/// under normal play none, or all of them N, until a sweep changes nothing; the rest are draws.
/// Time `O(V · E)` in the worst case. The independent check of [`retrograde`] (`verify`), not a
/// path the engine takes.
///
/// # Errors
/// [`Exhausted`] when the budget stops it (one unit per edge examined).
pub fn outcomes_fixed_point(
    graph: &Digraph,
    play: Play,
    budget: &Budget,
) -> Result<Vec<LoopyOutcome>, Exhausted> {
    let n = graph.vertex_count();
    let mut meter = budget.meter();
    let mut known: Vec<Option<LoopyOutcome>> = vec![None; n];
    loop {
        let mut changed = false;
        for u in 0..n as u32 {
            if known[u as usize].is_some() {
                continue;
            }
            let succ = graph.successors(u);
            meter.charge(1 + succ.len() as u64)?;
            let label = if succ.is_empty() {
                Some(if play == Play::Normal { LoopyOutcome::P } else { LoopyOutcome::N })
            } else if succ.iter().any(|&v| known[v as usize] == Some(LoopyOutcome::P)) {
                Some(LoopyOutcome::N)
            } else if succ.iter().all(|&v| known[v as usize] == Some(LoopyOutcome::N)) {
                Some(LoopyOutcome::P)
            } else {
                None
            };
            if label.is_some() {
                known[u as usize] = label;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    meter.flush()?;
    Ok(known.into_iter().map(|o| o.unwrap_or(LoopyOutcome::D)).collect())
}
