//! Disjunctive sums: several games side by side, a move is a move in one of them.
//!
//! Under normal play the Grundy value of a sum is the XOR of its parts' values
//! (Sprague-Grundy theorem); a winning move changes one part of value `g_i` to value
//! `g_i ^ X`, where `X` is the value of the sum, which is possible exactly when
//! `g_i ^ X < g_i`.

use num_bigint::BigUint;

use crate::analysis::{AnyGame, Method, MoveReport};
use crate::error::EngineError;
use crate::game::{Outcome, Play};

/// One part of a sum: a game and a checked position of it.
pub struct SumPart<'a> {
    /// The game.
    pub game: &'a dyn AnyGame,
    /// The position, as numbers.
    pub position: Vec<BigUint>,
}

/// A winning move in a sum: which part, and the move in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumMove {
    /// Index of the part that is moved in.
    pub part: usize,
    /// The move within that part.
    pub report: MoveReport,
}

/// The answer for a sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumAnalysis {
    /// Who wins.
    pub outcome: Outcome,
    /// The XOR of the parts' values.
    pub grundy: BigUint,
    /// Each part's Grundy value, in order.
    pub part_values: Vec<BigUint>,
    /// Every winning move.
    pub winning_moves: Vec<SumMove>,
    /// The XOR computation, spelled out.
    pub reason: String,
}

/// Solves a sum under normal play.
///
/// # Errors
/// Any part's analysis error; [`EngineError::NoTheory`] if a part's Grundy value is unknown
/// (no closed form and too large to search).
pub fn analyze_sum(parts: &[SumPart<'_>], method: Method) -> Result<SumAnalysis, EngineError> {
    let mut part_values = Vec::with_capacity(parts.len());
    for part in parts {
        let analysis = part.game.analyze(&part.position, method, Play::Normal)?;
        let value = analysis.grundy.ok_or_else(|| {
            EngineError::NoGrundyValue(format!(
                "the sum needs the Grundy value of {} {}, which has no closed form and is too large to \
                 search within the state budget (raise it with --budget N)",
                part.game.name(),
                crate::bigint::join(&part.position, " ")
            ))
        })?;
        part_values.push(value);
    }
    let total = crate::bigint::xor_all(&part_values);
    let mut winning_moves = Vec::new();
    for (i, (part, value)) in parts.iter().zip(&part_values).enumerate() {
        let target = value ^ &total;
        if target < *value {
            for report in part.game.moves_to_value(&part.position, &target, method)? {
                winning_moves.push(SumMove { part: i, report });
            }
        }
    }
    let outcome = if total == BigUint::default() { Outcome::P } else { Outcome::N };
    let terms = part_values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ^ ");
    let reason = if outcome == Outcome::P {
        format!("the parts have Grundy values {terms} = 0, so every move loses")
    } else {
        format!(
            "the parts have Grundy values {terms} = {total}; move a part of value g to value g ^ {total} < g"
        )
    };
    Ok(SumAnalysis { outcome, grundy: total, part_values, winning_moves, reason })
}
