//! Disjunctive sums: several games side by side; a move is a move in one of them.
//!
//! Under normal play the Grundy value of a sum is the XOR `X` of its parts' values
//! (Sprague-Grundy theorem). A move in part `i` changes the sum's value to `X ^ g_i ^ g'` where
//! `g'` is the value of the part's new position, so the winning moves are **every** move of any
//! part to an option of value `g_i ^ X`, whether that is below `g_i` or above it (an option of a
//! larger value exists in games other than Nim: in Wythoff's game (3, 5) has value 0 and the
//! option (3, 3) value 6).

use num_bigint::BigUint;
use serde::Serialize;

use super::answer::{Basis, GrundyValue, Method, MoveReport};
use super::engine::{short_position, AnyGame, Query};
use crate::bigint::json;
use crate::budget::Budget;
use crate::error::EngineError;
use crate::game::{Outcome, Play};

/// One part of a sum: a game and a checked position of it.
pub struct SumPart<'a> {
    /// The game.
    pub game: &'a dyn AnyGame,
    /// The position, as numbers.
    pub position: Vec<BigUint>,
}

/// A part of a sum as reported: numbered from 1, with its game, position and Grundy value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumPartReport {
    /// The part's number, from 1 (as in the text: "in part 2").
    pub part: usize,
    /// The game with its parameters.
    pub game: String,
    /// The position.
    #[serde(serialize_with = "json::numbers")]
    pub position: Vec<BigUint>,
    /// The part's Grundy value.
    #[serde(serialize_with = "json::number")]
    pub grundy: BigUint,
    /// Where the part's value came from.
    #[serde(flatten)]
    pub basis: Basis,
}

/// A winning move in a sum: which part, and the move in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumMove {
    /// The part moved in, numbered from 1.
    pub part: usize,
    /// The move within that part; `to` is the part's new position.
    #[serde(flatten)]
    pub report: MoveReport,
}

/// The answer for a sum.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumAnalysis {
    /// The parts, in order.
    pub parts: Vec<SumPartReport>,
    /// Normal play (sums are analysed under normal play only).
    pub play: Play,
    /// Who wins.
    pub outcome: Outcome,
    /// The XOR of the parts' values.
    #[serde(flatten)]
    pub grundy: GrundyValue,
    /// The winning moves listed.
    pub winning_moves: Vec<SumMove>,
    /// How many winning moves there are.
    pub winning_move_count: Option<u64>,
    /// True when `winning_moves` lists every winning move.
    pub moves_complete: bool,
    /// The XOR computation, spelled out.
    pub reason: String,
    /// Theory (the Sprague-Grundy theorem on the parts' values) or search, with the parts'
    /// closed forms.
    #[serde(flatten)]
    pub basis: Basis,
}

/// Solves a sum under normal play, listing at most `max_moves` winning moves.
///
/// # Errors
/// [`EngineError::InvalidRequest`] for an empty sum; any part's analysis error, or
/// [`EngineError::Exhausted`] when a part's Grundy value is not known within the budget.
pub fn analyze_sum(
    parts: &[SumPart<'_>],
    method: Method,
    max_moves: usize,
    budget: &Budget,
) -> Result<SumAnalysis, EngineError> {
    if parts.is_empty() {
        return Err(EngineError::InvalidRequest("a sum needs at least one part".into()));
    }
    let query = Query { method, play: Play::Normal, max_moves: 0 };
    let mut reports = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter().enumerate() {
        let analysis = part.game.analyze(&part.position, &query, budget)?;
        let GrundyValue::Value(grundy) = analysis.grundy else {
            return Err(EngineError::Exhausted {
                task: format!(
                    "the Grundy value of part {} ({} {})",
                    i + 1,
                    part.game.name(),
                    short_position(&part.position)
                ),
                cause: crate::budget::Exhausted::Work { limit: budget.limit() },
            });
        };
        reports.push(SumPartReport {
            part: i + 1,
            game: part.game.name(),
            position: part.position.clone(),
            grundy,
            basis: analysis.basis,
        });
    }
    let total = crate::bigint::xor_all(reports.iter().map(|r| &r.grundy));
    let mut winning_moves = Vec::new();
    let mut count = 0u64;
    if total != BigUint::default() {
        for (part, report) in parts.iter().zip(&reports) {
            let target = &report.grundy ^ &total;
            for m in part.game.moves_to_value(&part.position, &target, method, budget)? {
                count += 1;
                if winning_moves.len() < max_moves {
                    winning_moves.push(SumMove { part: report.part, report: m });
                }
            }
        }
    }
    let outcome = if total == BigUint::default() { Outcome::P } else { Outcome::N };
    let terms = reports.iter().map(|r| r.grundy.to_string()).collect::<Vec<_>>().join(" ^ ");
    let reason = if outcome == Outcome::P {
        format!("the parts have Grundy values {terms} = 0, so every move loses")
    } else {
        format!(
            "the parts have Grundy values {terms} = {total}; a winning move takes a part of value g to an \
             option of value g ^ {total}"
        )
    };
    let basis = if reports.iter().all(|r| matches!(r.basis, Basis::Theory(_))) {
        Basis::Theory("Sprague-Grundy: a sum's value is the XOR of its parts' values".into())
    } else {
        let states = reports.iter().map(|r| if let Basis::Search { states } = r.basis { states } else { 0 }).sum();
        Basis::Search { states }
    };
    Ok(SumAnalysis {
        parts: reports,
        play: Play::Normal,
        outcome,
        grundy: GrundyValue::Value(total),
        moves_complete: winning_moves.len() as u64 == count,
        winning_move_count: Some(count),
        winning_moves,
        reason,
        basis,
    })
}
