//! The answers the engine gives: who wins, the Grundy value, the moves, the reason and where
//! the answer came from. They serialize with the field names of nimlab's JSON contract
//! (`docs/json.md`), so every surface renders the same data.

use num_bigint::BigUint;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use super::checked::CheckedPosition;
use crate::bigint::json;
use crate::budget::HeldBytes;
use crate::game::Outcome;
use crate::solve::Terminal;

/// One move: what it does and the position it leads to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveReport {
    /// What the move does, e.g. "take 2 from the heap of 3".
    #[serde(rename = "move")]
    pub text: String,
    /// The resulting position, in the same numbers as the input position: built by the rules,
    /// so checked, and the next question's position as it is.
    #[serde(serialize_with = "json::numbers")]
    pub to: CheckedPosition,
}

impl HeldBytes for MoveReport {
    /// Its text and its position's numbers: what a report listing many moves holds for each.
    fn heap_bytes(&self) -> u64 {
        self.text.heap_bytes() + self.to.heap_bytes()
    }
}

/// The move a player should make to win fastest or, when losing, to lose slowest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BestMove {
    /// The move.
    pub report: MoveReport,
    /// Who wins from the position before the move, with its mover as reference.
    pub outcome: Outcome,
    /// The remoteness of the position before the move: how many moves the game lasts when the
    /// winner hurries and the loser stalls.
    pub remoteness: u32,
}

/// Where an answer came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Basis {
    /// A closed form (or a theorem proved by nimlab): its name, already written by the ruleset
    /// in the question's language (not an error: a text shown beside the answer, as every
    /// reason is).
    Theory(String),
    /// The generic search, and how many states its memo holds.
    Search {
        /// States stored by the solver when the answer was found.
        states: usize,
    },
}

impl Serialize for Basis {
    /// Three fields, flattened into the answer: `basis` ("theory" or "search"), `theorem` (the
    /// closed form's name, or null) and `search_states` (or null).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        match self {
            Basis::Theory(theorem) => {
                map.serialize_entry("basis", "theory")?;
                map.serialize_entry("theorem", theorem)?;
                map.serialize_entry("search_states", &None::<usize>)?;
            }
            Basis::Search { states } => {
                map.serialize_entry("basis", "search")?;
                map.serialize_entry("theorem", &None::<String>)?;
                map.serialize_entry("search_states", states)?;
            }
        }
        map.end()
    }
}

/// A Sprague-Grundy value: known, undefined (misère play has none), or unknown (no closed
/// form, and a search would not fit the budget).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GrundyValue {
    /// The value.
    Value(BigUint),
    /// Misère play: Grundy values do not describe misère games.
    Undefined,
    /// Not known within the budget.
    Unknown,
}

impl GrundyValue {
    /// The value, when known.
    pub fn value(&self) -> Option<&BigUint> {
        match self {
            GrundyValue::Value(v) => Some(v),
            _ => None,
        }
    }

    /// `"value"`, `"undefined"` or `"unknown"`.
    pub fn status(&self) -> &'static str {
        match self {
            GrundyValue::Value(_) => "value",
            GrundyValue::Undefined => "undefined",
            GrundyValue::Unknown => "unknown",
        }
    }
}

impl Serialize for GrundyValue {
    /// Two fields, flattened into the answer: `grundy` (a number, or null) and `grundy_status`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        match self {
            GrundyValue::Value(v) => map.serialize_entry("grundy", &json::Number(v))?,
            _ => map.serialize_entry("grundy", &None::<u64>)?,
        }
        map.serialize_entry("grundy_status", self.status())?;
        map.end()
    }
}

/// The answer to "who wins from here, and how".
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// Who wins with the player to move as reference.
    pub outcome: Outcome,
    /// The Sprague-Grundy value.
    #[serde(flatten)]
    pub grundy: GrundyValue,
    /// The winning moves listed (empty for a P-position; at most the request's limit).
    pub winning_moves: Vec<MoveReport>,
    /// How many winning moves there are, when known (it may exceed the number listed).
    pub winning_move_count: Option<u64>,
    /// True when `winning_moves` lists every winning move; false when it lists some of them (a
    /// construction for heaps too large to enumerate, or a list cut at the request's limit).
    pub moves_complete: bool,
    /// A short explanation: the theorem applied, or what the search found.
    pub reason: String,
    /// Theory or search.
    #[serde(flatten)]
    pub basis: Basis,
}

impl Analysis {
    /// Keeps the first `limit` winning moves, recording how many there were.
    pub(crate) fn limit_moves(&mut self, limit: usize) {
        if self.moves_complete && self.winning_move_count.is_none() {
            self.winning_move_count = Some(self.winning_moves.len() as u64);
        }
        if self.winning_moves.len() > limit {
            self.winning_moves.truncate(limit);
            self.moves_complete = false;
        }
    }
}

/// One move of an `n`-player analysis: where it goes and that option's game value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MultiMove {
    /// What the move does, e.g. "take 2 from the largest heap (of 5)".
    #[serde(rename = "move")]
    pub text: String,
    /// The resulting position, in the same numbers as the input position: built by the rules,
    /// so checked, and the next question's position as it is.
    #[serde(serialize_with = "json::numbers")]
    pub to: CheckedPosition,
    /// The option's game value `g(G')`.
    pub value: u32,
    /// True when `(value + 1) mod n` is the position's value: the move is optimal for the mover.
    pub optimal: bool,
}

/// A named quantity of a position that a theory uses, e.g. `P(G) = 4`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Measure {
    /// The name, e.g. "P(G)".
    pub name: String,
    /// The value.
    #[serde(serialize_with = "json::number")]
    pub value: BigUint,
}

/// The answer for `n` players under the standard alliance matrix
/// (see [`crate::solve::StandardAlliance`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MultiAnalysis {
    /// The number of players `n >= 2`.
    pub players: u32,
    /// Who wins when the player to move has no move.
    pub terminal: Terminal,
    /// The game value `g` in `0..n`: when `P_i` is to move, `P_{i+g}` wins.
    pub value: u32,
    /// Named quantities of the position the theory uses.
    pub measures: Vec<Measure>,
    /// The options with their values (one per distinct resulting position).
    pub moves: Vec<MultiMove>,
    /// True when `moves` lists every option; false when it lists one representative of each
    /// class of equally valued options (heaps too large to enumerate).
    pub moves_complete: bool,
    /// A short explanation: the theorem applied, or what the search found.
    pub reason: String,
    /// Theory or search.
    pub basis: Basis,
}

impl MultiAnalysis {
    /// The winner's seat counted from the player to move: when `P_i` moves, `P_{i + winner}`
    /// wins. Under the standard alliance matrix it is the game value.
    pub fn winner(&self) -> u32 {
        self.value
    }

    /// Who wins, as for two players: `N` when the player to move wins (`g = 0`), `P` when the
    /// player who moved last does (`g = n - 1`), `O` for another player.
    pub fn outcome(&self) -> &'static str {
        match self.value {
            0 => "N",
            v if v + 1 == self.players => "P",
            _ => "O",
        }
    }

    /// The optimal moves of the player to move.
    pub fn optimal_moves(&self) -> impl Iterator<Item = &MultiMove> {
        self.moves.iter().filter(|m| m.optimal)
    }
}

impl Serialize for MultiAnalysis {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// A move with who wins after it, counted in seats from the player making it: the
        /// player after the mover is to move there, so the winner is `(value + 1) mod n` seats on.
        #[derive(Serialize)]
        struct Judged<'a> {
            #[serde(flatten)]
            mv: &'a MultiMove,
            winner: u32,
        }
        #[derive(Serialize)]
        struct Fields<'a> {
            players: u32,
            terminal: Terminal,
            outcome: &'static str,
            value: u32,
            winner: u32,
            measures: &'a [Measure],
            winning_moves: Vec<Judged<'a>>,
            options: Vec<Judged<'a>>,
            moves_complete: bool,
            reason: &'a str,
            #[serde(flatten)]
            basis: &'a Basis,
        }
        let n = self.players;
        fn judged(mv: &MultiMove, n: u32) -> Judged<'_> {
            Judged { mv, winner: (mv.value + 1) % n }
        }
        Fields {
            players: self.players,
            terminal: self.terminal,
            outcome: self.outcome(),
            value: self.value,
            winner: self.winner(),
            measures: &self.measures,
            winning_moves: self.optimal_moves().map(|m| judged(m, n)).collect(),
            options: self.moves.iter().map(|m| judged(m, n)).collect(),
            moves_complete: self.moves_complete,
            reason: &self.reason,
            basis: &self.basis,
        }
        .serialize(serializer)
    }
}
