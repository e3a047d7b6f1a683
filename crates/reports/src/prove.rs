//! `prove`: multi-player Large Nim's order-pattern theorems, proved by a finite induction over
//! order patterns for heaps of any size.

use nimlab_engine::large_nim::{prove as run, ProofReport};
use nimlab_engine::Budget;
use serde::Serialize;

use crate::error::{invalid, CommandError};
use crate::ReportError;

/// The most player counts one request proves (each proof is bounded by the budget; this bounds
/// their number).
pub const MAX_PLAYER_COUNTS: u32 = 100;

/// What to prove: every player count and heap count of two inclusive ranges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProveRequest {
    /// Players, at least 2.
    pub players: (u32, u32),
    /// Heaps, at least 1: each proof covers every position of at most the largest; the theorem
    /// is reported for the heap counts of the range.
    pub heaps: (usize, usize),
}

/// The proofs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProveAllReport {
    /// Always `"large-nim"`.
    pub game: &'static str,
    /// One proof per number of players.
    pub proofs: Vec<ProofReport>,
    /// True when every proof holds.
    pub all_proved: bool,
}

/// Proves the theorems asked for.
///
/// # Errors
/// [`ReportError::Invalid`] for fewer than 2 players, no heaps, or more than
/// [`MAX_PLAYER_COUNTS`] player counts; [`ReportError::Prove`] when a proof does not fit the
/// budget.
pub fn prove(request: &ProveRequest, budget: &Budget) -> Result<ProveAllReport, ReportError> {
    let ((players_low, players_high), (heaps_low, heaps_high)) = (request.players, request.heaps);
    if players_low < 2 {
        return invalid(CommandError::TooFewPlayers { players: players_low });
    }
    if heaps_low < 1 {
        return invalid(CommandError::HeapsFromOne);
    }
    if players_high - players_low >= MAX_PLAYER_COUNTS {
        return invalid(CommandError::TooManyProofs {
            low: players_low,
            high: players_high,
            max: MAX_PLAYER_COUNTS,
        });
    }
    let mut proofs = Vec::new();
    for players in players_low..=players_high {
        let mut report = run(players, heaps_high, budget)?;
        report.theorem.retain(|t| t.heaps >= heaps_low);
        proofs.push(report);
    }
    let all_proved = proofs.iter().all(|r| r.proved);
    Ok(ProveAllReport { game: "large-nim", proofs, all_proved })
}
