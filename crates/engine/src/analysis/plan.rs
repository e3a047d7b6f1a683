//! A winning player's whole plan ([`Strategy`]): the opening move, then a reply to every move of
//! the opponent until the game ends, with the replies grouped by a rule where one applies. The
//! types every ruleset answering [`super::Research::WinningPlan`] returns
//! ([`super::Ruleset::winning_plan`]), so that `strategy` asks the game, not a ruleset by name.

use num_bigint::BigUint;
use serde::Serialize;

use super::MoveReport;
use crate::bigint::json;
use crate::budget::HeldBytes;

/// Who wins with best play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// The player to move at the start.
    First,
    /// The other player.
    Second,
}

/// The winning player's plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Strategy {
    /// The starting position.
    #[serde(rename = "position", serialize_with = "json::numbers")]
    pub start: Vec<BigUint>,
    /// Who wins.
    pub winner: Player,
    /// The winner's first move, when the first player wins.
    pub opening: Option<MoveReport>,
    /// The play from the position the loser faces (after the opening, or at the start).
    pub plan: Plan,
}

/// The play from a position where the loser is to move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Plan {
    /// No apple is left: the winner took the last one.
    Over,
    /// A rule answers every move from here to the end.
    Rule(RulePlan),
    /// Every move of the loser, each with the winner's reply and the play after it.
    Lines {
        /// The lines.
        lines: Vec<Line>,
    },
}

/// One move of the loser with the winner's reply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Line {
    /// The loser's move.
    #[serde(rename = "opponent")]
    pub loser: MoveReport,
    /// The winner's reply.
    pub reply: MoveReport,
    /// The play after the reply.
    pub then: Plan,
}

/// A rule that answers every move from a family of positions, with the family kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RulePlan {
    /// Its short name: `mirror`, `multiple` or `bash`.
    #[serde(rename = "rule")]
    pub name: &'static str,
    /// The position where the rule takes over.
    #[serde(serialize_with = "json::numbers")]
    pub position: Vec<BigUint>,
    /// The family of positions the rule keeps, in words.
    pub invariant: String,
    /// Each kind of move of the loser with the winner's answer.
    pub replies: Vec<RuleReply>,
    /// How the play ends.
    pub ends: String,
}

/// A kind of move of the loser and the winner's answer under a rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RuleReply {
    /// The loser's move, e.g. "take s (1 <= s <= 3) from one of the two equal piles".
    #[serde(rename = "opponent")]
    pub loser: String,
    /// The winner's answer, e.g. "take s from the other".
    pub reply: String,
    /// The position after the answer, e.g. "(0, x-s, x-s)".
    pub leads_to: String,
}

impl HeldBytes for Plan {
    fn heap_bytes(&self) -> u64 {
        match self {
            Plan::Over => 0,
            Plan::Rule(rule) => rule.heap_bytes(),
            Plan::Lines { lines } => lines.heap_bytes(),
        }
    }
}

impl HeldBytes for Line {
    fn heap_bytes(&self) -> u64 {
        self.loser.heap_bytes() + self.reply.heap_bytes() + self.then.heap_bytes()
    }
}

impl HeldBytes for RulePlan {
    fn heap_bytes(&self) -> u64 {
        self.position.heap_bytes()
            + self.invariant.heap_bytes()
            + self.replies.heap_bytes()
            + self.ends.heap_bytes()
    }
}

impl HeldBytes for RuleReply {
    fn heap_bytes(&self) -> u64 {
        self.loser.heap_bytes() + self.reply.heap_bytes() + self.leads_to.heap_bytes()
    }
}
