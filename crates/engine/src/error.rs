//! The engine's error types. They name games, parameters and quantities, never a command-line
//! flag: each surface (the command line, the web API, Python) phrases its own advice, from the
//! variant, for its own users.

use thiserror::Error;

pub(crate) use crate::budget::Exhausted;
use crate::lang::Words;
pub(crate) use crate::spec::SpecError;

/// Every way an engine request can fail.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EngineError {
    /// The game specification is invalid (unknown game, parameter or value).
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The position does not fit the ruleset (wrong number of heaps, ...), in every language.
    #[error("{0}")]
    InvalidPosition(Words),
    /// A request the engine cannot serve as asked (an empty sum, a bound beyond a fixed limit).
    #[error("{0}")]
    InvalidRequest(String),
    /// Theory was requested but the ruleset has no closed form for this question.
    #[error("{game} has no closed form for {question} in nimlab")]
    NoTheory {
        /// The game with its parameters.
        game: String,
        /// What was asked: a play convention, `n` players, a listing, a table.
        question: TheoryQuestion,
    },
    /// A number does not fit the search's 64-bit positions: a fixed limit of the search.
    #[error(
        "{position} is too large for the generic search: its numbers must fit in 64 bits (a fixed \
         limit); only a closed form answers heaps this large"
    )]
    TooLargeForSearch {
        /// The game and position.
        position: String,
    },
    /// An output limit of the request was reached (not the work budget): the message names it.
    #[error("{0}")]
    Limit(String),
    /// A computation ran out of budget or time, or was cancelled.
    #[error("{task} stopped: {cause}")]
    Exhausted {
        /// What was being computed, e.g. "the search of nim 3 4 5".
        task: String,
        /// What ran out.
        cause: Exhausted,
    },
}

/// What was asked of a theory that has none for it ([`EngineError::NoTheory`]), as data, so
/// that a surface can tell one question from another without reading its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TheoryQuestion {
    /// A position, or the whole game for `verify`, in normal or misère play; `at_position`: the
    /// ruleset has a theorem in this play, but not one covering this position.
    Play {
        /// Misère play (else normal).
        misere: bool,
        /// Only this position lacks a closed form.
        at_position: bool,
    },
    /// The winning moves to a given Grundy value.
    GrundyValues,
    /// `players` players, at one position (`up_to: None`) or on positions up to a bound.
    Players {
        /// How many players.
        players: u32,
        /// The bound of `verify`'s positions, when it is `verify` that asked.
        up_to: Option<u64>,
    },
    /// A listing of P-positions on `heaps` heaps.
    Listing {
        /// The heaps of the positions listed.
        heaps: usize,
    },
    /// A table: `what` (a sequence, a grid) of Grundy values or outcomes, in normal or misère play.
    Table {
        /// "sequence" or "grid".
        what: &'static str,
        /// Outcomes (else Grundy values).
        outcomes: bool,
        /// Misère play (else normal).
        misere: bool,
    },
}

impl std::fmt::Display for TheoryQuestion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let play = |misere: bool| if misere { "misère play" } else { "normal play" };
        match *self {
            TheoryQuestion::Play { misere, at_position } => {
                write!(f, "{}{}", play(misere), if at_position { " at this position" } else { "" })
            }
            TheoryQuestion::GrundyValues => f.write_str("Grundy values"),
            TheoryQuestion::Players { players, up_to: None } => {
                write!(f, "{players} players at this position")
            }
            TheoryQuestion::Players { players, up_to: Some(bound) } => {
                write!(f, "{players} players on positions up to {bound}")
            }
            TheoryQuestion::Listing { heaps } => {
                write!(f, "listing its P-positions on {heaps} heap{}", if heaps == 1 { "" } else { "s" })
            }
            TheoryQuestion::Table { what, outcomes, misere } => write!(
                f,
                "a {what} of {}{}",
                if outcomes { "outcomes" } else { "Grundy values" },
                if misere { " in misère play" } else { "" }
            ),
        }
    }
}

impl EngineError {
    /// True when the error is the caller's fault (bad specification or request), as opposed to
    /// a computation that could not be completed.
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            EngineError::Spec(_)
                | EngineError::InvalidPosition(_)
                | EngineError::InvalidRequest(_)
                | EngineError::NoTheory { .. }
                | EngineError::TooLargeForSearch { .. }
        )
    }

    /// What ran out, for a computation stopped by its budget, deadline or cancellation.
    pub fn exhausted(&self) -> Option<&Exhausted> {
        match self {
            EngineError::Exhausted { cause, .. } => Some(cause),
            _ => None,
        }
    }
}

/// An error as data, for surfaces that word errors in their own language (the playground's page
/// in English or Chinese): its kind (`code`) and what it names. The English message stays the
/// error's `Display`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "code", rename_all = "kebab-case")]
pub enum ErrorDetail {
    /// No ruleset has this name.
    UnknownGame {
        /// The name given.
        game: String,
    },
    /// The game has no parameter of this name.
    UnknownParam {
        /// The game.
        game: String,
        /// The parameter given.
        param: String,
    },
    /// A required parameter is missing.
    MissingParam {
        /// The game.
        game: String,
        /// The parameter.
        param: String,
    },
    /// A parameter is given more than once.
    RepeatedParam {
        /// The parameter.
        param: String,
    },
    /// A parameter's value is invalid.
    InvalidValue {
        /// The parameter.
        param: String,
        /// The value given.
        value: String,
    },
    /// The parameters are valid one by one but not together.
    InvalidParams {
        /// Why, in every language.
        reason: Words,
    },
    /// The text of a game (a part of a sum) is malformed.
    BadGameText {
        /// The text.
        text: String,
    },
    /// The position does not fit the game.
    InvalidPosition {
        /// Why, in every language.
        reason: Words,
    },
    /// Theory was asked for and the game has none for the question.
    NoTheory {
        /// The game.
        game: String,
    },
    /// A number is beyond the search's 64 bits and no closed form answers.
    TooLargeForSearch,
}

impl SpecError {
    /// The error as data.
    pub fn detail(&self) -> ErrorDetail {
        match self {
            SpecError::UnknownGame { name, .. } => ErrorDetail::UnknownGame { game: name.clone() },
            SpecError::UnknownParam { game, param, .. } => {
                ErrorDetail::UnknownParam { game: game.clone(), param: param.clone() }
            }
            SpecError::MissingParam { game, param, .. } => {
                ErrorDetail::MissingParam { game: game.clone(), param: param.clone() }
            }
            SpecError::Repeated { param } => ErrorDetail::RepeatedParam { param: param.clone() },
            SpecError::InvalidValue { param, value, .. } => {
                ErrorDetail::InvalidValue { param: param.clone(), value: value.clone() }
            }
            SpecError::Invalid(reason) => ErrorDetail::InvalidParams { reason: reason.clone() },
            SpecError::Syntax { text, .. } => ErrorDetail::BadGameText { text: text.clone() },
        }
    }
}

impl EngineError {
    /// The error as data, for the errors a caller causes (`None` for a computation that ran out
    /// or a limit: their kind is [`EngineError::exhausted`]).
    pub fn detail(&self) -> Option<ErrorDetail> {
        match self {
            EngineError::Spec(e) => Some(e.detail()),
            EngineError::InvalidPosition(reason) => {
                Some(ErrorDetail::InvalidPosition { reason: reason.clone() })
            }
            EngineError::NoTheory { game, .. } => Some(ErrorDetail::NoTheory { game: game.clone() }),
            EngineError::TooLargeForSearch { .. } => Some(ErrorDetail::TooLargeForSearch),
            EngineError::InvalidRequest(_) | EngineError::Limit(_) | EngineError::Exhausted { .. } => None,
        }
    }
}

/// Attaches the task's name to a budget error.
pub(crate) trait Stopped<T> {
    /// `Err(Exhausted)` becomes `Err(EngineError::Exhausted { task, .. })`.
    fn during(self, task: impl FnOnce() -> String) -> Result<T, EngineError>;
}

impl<T> Stopped<T> for Result<T, Exhausted> {
    fn during(self, task: impl FnOnce() -> String) -> Result<T, EngineError> {
        self.map_err(|cause| EngineError::Exhausted { task: task(), cause })
    }
}
