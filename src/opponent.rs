//! nimlab as a player: the move it makes from a position. Shared by `nimlab play` and the
//! playground, so that both play by the same rules.
//!
//! nimlab plays the move of Smith's remoteness (win fastest from an N-position, lose slowest
//! from a P-position) when the position is small enough to search. Otherwise it plays a
//! winning move from the closed-form theory, and failing that the legal move whose result has
//! the largest numbers (in take-away games the smallest move, which tends to keep the game
//! going longest).

use nimlab_engine::{AnyGame, BigUint, EngineError, Method, MoveReport, Outcome, Play};

/// Why nimlab chose its move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplyBasis {
    /// The remoteness search: who wins from the position before the move, and how many moves
    /// the game lasts from there with best play on both sides.
    Remoteness {
        /// Who wins, with nimlab (the mover) as reference.
        outcome: Outcome,
        /// Moves left in the game, counting this one.
        remoteness: u32,
    },
    /// A winning move given by the closed-form theory (the position is too large to search).
    Theory,
    /// No winning move is known and the position is too large to search: a legal move.
    AnyLegalMove,
}

impl ReplyBasis {
    /// The stable name used in JSON: "remoteness", "theory" or "any legal move".
    pub fn name(&self) -> &'static str {
        match self {
            ReplyBasis::Remoteness { .. } => "remoteness",
            ReplyBasis::Theory => "theory",
            ReplyBasis::AnyLegalMove => "any legal move",
        }
    }

    /// A sentence on why nimlab made this move.
    pub fn explanation(&self) -> String {
        match self {
            ReplyBasis::Remoteness { outcome: Outcome::N, remoteness: 1 } => {
                "nimlab makes the last move".into()
            }
            ReplyBasis::Remoteness { outcome: Outcome::N, remoteness } => format!(
                "nimlab is winning: this is its fastest win, {} more move{} after this one with best play",
                remoteness - 1,
                plural(remoteness - 1)
            ),
            ReplyBasis::Remoteness { outcome: Outcome::P, remoteness } => format!(
                "nimlab is losing against best play, so it stalls: {} more move{} if you play perfectly",
                remoteness.saturating_sub(1),
                plural(remoteness.saturating_sub(1))
            ),
            ReplyBasis::Theory => "a winning move by the closed-form theory".into(),
            ReplyBasis::AnyLegalMove => {
                "nimlab knows no winning move here (too large to search), so it takes as little as it can"
                    .into()
            }
        }
    }
}

fn plural(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// nimlab's move and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The move.
    pub report: MoveReport,
    /// Why this move.
    pub basis: ReplyBasis,
}

/// nimlab's move from a checked position; `None` when the game is over.
///
/// # Errors
/// [`EngineError::TooLargeForSearch`] when the position is too large both to search and to list
/// its moves and the theory gives no winning move; other engine errors as they come.
pub fn reply(game: &dyn AnyGame, numbers: &[BigUint], play: Play) -> Result<Option<Reply>, EngineError> {
    match game.best_move(numbers, play) {
        Ok(best) => {
            return Ok(best.map(|best| Reply {
                report: best.report,
                basis: ReplyBasis::Remoteness { outcome: best.outcome, remoteness: best.remoteness },
            }))
        }
        Err(EngineError::Budget(_) | EngineError::TooLargeForSearch { .. }) => {}
        Err(other) => return Err(other),
    }
    // Theory only: the automatic method could fall back to a search of this large position.
    if game.theorem(play).is_some() {
        let analysis = game.analyze(numbers, Method::Theory, play)?;
        if let Some(first) = analysis.winning_moves.into_iter().next() {
            return Ok(Some(Reply { report: first, basis: ReplyBasis::Theory }));
        }
    }
    let options = game.options(numbers)?;
    let smallest_move = options.into_iter().max_by_key(|m| m.to.iter().sum::<BigUint>());
    Ok(smallest_move.map(|report| Reply { report, basis: ReplyBasis::AnyLegalMove }))
}

/// Who made the last move wins under normal play and loses under misère play.
pub fn last_mover_wins(play: Play) -> bool {
    play == Play::Normal
}
