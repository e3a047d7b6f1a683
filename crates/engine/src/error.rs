//! The engine's error types. They name games, parameters and quantities, never a command-line
//! flag: each surface (the command line, the web API, Python) phrases its own advice, from the
//! variant, for its own users.

use thiserror::Error;

mod code;
mod request;

pub(crate) use crate::budget::Exhausted;
use crate::lang::{words, Words};
pub(crate) use crate::spec::SpecError;
pub use code::CodeError;
pub use request::{LimitReached, RequestError};

/// Every way an engine request can fail.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EngineError {
    /// The game specification is invalid (unknown game, parameter or value).
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The position does not fit the ruleset (wrong number of heaps, ...), in every language.
    #[error("{0}")]
    InvalidPosition(Words),
    /// A request the engine cannot serve as asked (an empty sum, a bound beyond a fixed limit),
    /// as data.
    #[error("{0}")]
    InvalidRequest(RequestError),
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
    /// An output limit of the request was reached (not the work budget): which one, as data.
    #[error("{0}")]
    Limit(LimitReached),
    /// An invariant of a method failed: a bug in nimlab, reported rather than answered wrongly
    /// (never the caller's fault).
    #[error("internal error (a bug in nimlab): {what}")]
    Internal {
        /// The invariant that failed.
        what: String,
    },
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

    /// The words of an error that the caller caused or a limit reached, in both languages, from
    /// its data (`None` for the kinds a surface words from their kind alone: a computation that
    /// ran out, a specification error, which surfaces phrase with their own flags or keys).
    pub fn words(&self) -> Option<Words> {
        match self {
            EngineError::InvalidRequest(e) => Some(e.words()),
            EngineError::Limit(limit) => Some(limit.words()),
            EngineError::InvalidPosition(reason) => Some(reason.clone()),
            EngineError::Internal { what } => {
                Some(words!("internal error (a bug in nimlab): {what}", "内部错误（nimlab 的缺陷）：{what}"))
            }
            EngineError::Spec(_)
            | EngineError::NoTheory { .. }
            | EngineError::TooLargeForSearch { .. }
            | EngineError::Exhausted { .. } => None,
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
        /// Why, in every language, where the check words it so (a text in a ruleset's own
        /// grammar: an octal code, a take pattern, a graph); absent otherwise.
        #[serde(skip_serializing_if = "Option::is_none")]
        reason: Option<Words>,
        /// Why, as data, for a count, a set or a flag (`{"kind": "out-of-bounds", "min": 1,
        /// "max": null}`, ...), which each surface words in its languages; absent otherwise.
        #[serde(skip_serializing_if = "Option::is_none")]
        fault: Option<crate::spec::grammar::ValueFault>,
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
    /// A request that cannot be served as asked: its kind (`fault`, a stable code) and its words.
    InvalidRequest {
        /// The kind, e.g. `too-few-players`.
        fault: &'static str,
        /// What is wrong, in every language.
        reason: Words,
    },
    /// An output limit the answer reached: which one and its words.
    Limit {
        /// The limit, e.g. `plan-lines`.
        limit: &'static str,
        /// Which limit, in every language.
        reason: Words,
    },
}

impl RequestError {
    /// The error as data.
    pub fn detail(&self) -> ErrorDetail {
        ErrorDetail::InvalidRequest { fault: self.code(), reason: self.words() }
    }
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
            SpecError::InvalidValue { param, value, words, fault, .. } => ErrorDetail::InvalidValue {
                param: param.clone(),
                value: value.clone(),
                reason: words.as_deref().cloned(),
                fault: fault.as_deref().cloned(),
            },
            SpecError::Invalid(reason) => ErrorDetail::InvalidParams { reason: reason.clone() },
            SpecError::Syntax { text, .. } => ErrorDetail::BadGameText { text: text.clone() },
        }
    }
}

impl EngineError {
    /// The error as data, for the errors a caller causes and a limit reached (`None` for a
    /// computation that ran out, whose kind is [`EngineError::exhausted`], or a bug).
    pub fn detail(&self) -> Option<ErrorDetail> {
        match self {
            EngineError::Spec(e) => Some(e.detail()),
            EngineError::InvalidPosition(reason) => {
                Some(ErrorDetail::InvalidPosition { reason: reason.clone() })
            }
            EngineError::NoTheory { game, .. } => Some(ErrorDetail::NoTheory { game: game.clone() }),
            EngineError::TooLargeForSearch { .. } => Some(ErrorDetail::TooLargeForSearch),
            EngineError::InvalidRequest(e) => Some(e.detail()),
            EngineError::Limit(limit) => {
                Some(ErrorDetail::Limit { limit: limit.code(), reason: limit.words() })
            }
            EngineError::Internal { .. } | EngineError::Exhausted { .. } => None,
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Words that may stay in a Chinese text: commands and flags as typed, and the program's
    /// name (anything else in Latin letters, once the data is taken out, is English left behind).
    const COMMAND_WORDS: &[&str] = &[
        "nimlab", "solve", "table", "explore", "prove", "strategy", "sweep", "search", "period", "graph",
        "file", "row", "codes", "grid", "board", "VERTEX",
    ];

    /// Checks one kind's words: both non-empty, the Chinese really Chinese with no English left
    /// once `data` (the values the error carries) is taken out, and both naming every value.
    pub(crate) fn check_words(kind: &str, words: &Words, data: &[String]) {
        assert!(!words.en.trim().is_empty() && !words.zh.trim().is_empty(), "{kind}: empty words");
        assert!(
            words.zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{kind}: the Chinese is not Chinese: {}",
            words.zh
        );
        let mut zh = words.zh.clone();
        let mut data: Vec<&String> = data.iter().collect();
        data.sort_by_key(|d| std::cmp::Reverse(d.len()));
        for d in data {
            assert!(words.en.contains(d.as_str()), "{kind}: the English does not name {d}: {}", words.en);
            assert!(words.zh.contains(d.as_str()), "{kind}: the Chinese does not name {d}: {}", words.zh);
            zh = zh.replace(d.as_str(), " ");
        }
        let english: Vec<&str> = zh
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| w.len() >= 3 && !COMMAND_WORDS.contains(w))
            .collect();
        assert!(english.is_empty(), "{kind}: English left in the Chinese ({english:?}): {}", words.zh);
    }

    /// Where a request error stands in [`request_samples`]; a new kind must be added here (the
    /// match is exhaustive) and given a sample.
    fn slot(e: &RequestError) -> usize {
        match e {
            RequestError::NoHeapListing { .. } => 0,
            RequestError::NoHeapTable { .. } => 1,
            RequestError::NoHeaps => 2,
            RequestError::GrundyInMisere => 3,
            RequestError::EmptySet => 4,
            RequestError::ZeroTake => 5,
            RequestError::CoinValueTooWide => 6,
            RequestError::TableNeedsFamily { .. } => 7,
            RequestError::FamilyBeyond { .. } => 8,
            RequestError::MemberTooLarge { .. } => 9,
            RequestError::MemberEmpty { .. } => 10,
            RequestError::HeapsBeyondEngine { .. } => 11,
            RequestError::GraphFileGame { .. } => 12,
            RequestError::ExploreNeedsHeaps => 13,
            RequestError::TooManyValues { .. } => 14,
            RequestError::TokensBeyondSearch { .. } => 15,
            RequestError::EdgeBeyondGraph { .. } => 16,
            RequestError::TooManyVertices { .. } => 17,
            RequestError::NotAnswered { .. } => 18,
            RequestError::EmptySum => 19,
            RequestError::Code(_) => 20,
            RequestError::TakeBeyondQuotient { .. } => 21,
            RequestError::BadTakeSet => 22,
            RequestError::SequenceBeyond { .. } => 23,
            RequestError::GridBeyond { .. } => 24,
            RequestError::NotOneHeap { .. } => 25,
            RequestError::NotTwoHeaps { .. } => 26,
            RequestError::TooFewPlayers { .. } => 27,
        }
    }
    const REQUEST_KINDS: usize = 28;

    fn reason() -> Words {
        words!("two heaps are given", "给了两堆")
    }

    /// Every request error kind with sample data, and the data its words must name.
    pub(crate) fn request_samples() -> Vec<(RequestError, Vec<String>)> {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        vec![
            (RequestError::NoHeapListing { game: "geography".into(), why: reason() }, s(&["geography"])),
            (RequestError::NoHeapTable { game: "hackenbush".into(), why: reason() }, s(&["hackenbush"])),
            (RequestError::NoHeaps, vec![]),
            (RequestError::GrundyInMisere, vec![]),
            (RequestError::EmptySet, vec![]),
            (RequestError::ZeroTake, vec![]),
            (RequestError::CoinValueTooWide, vec![]),
            (
                RequestError::TableNeedsFamily {
                    game: "node-kayles".into(),
                    param: "graph",
                    example: "grid:3xn",
                    grid: false,
                },
                s(&["node-kayles", "--graph", "grid:3xn"]),
            ),
            (RequestError::FamilyBeyond { max: 4096 }, s(&["4096"])),
            (
                RequestError::MemberTooLarge {
                    member: "grid:3x90".into(),
                    count: 270,
                    edges: false,
                    max: 256,
                },
                s(&["grid:3x90", "270", "256"]),
            ),
            (RequestError::MemberEmpty { member: "path:0".into() }, s(&["path:0"])),
            (RequestError::HeapsBeyondEngine { max: 4294967294 }, s(&["4294967294", "4294967295"])),
            (RequestError::GraphFileGame { game: "graph".into() }, s(&["graph"])),
            (RequestError::ExploreNeedsHeaps, vec![]),
            (
                RequestError::TooManyValues { requested: 5000000000, max: 4294967295 },
                s(&["5000000000", "4294967295"]),
            ),
            (RequestError::TokensBeyondSearch { tokens: 5000000000 }, s(&["5000000000"])),
            (RequestError::EdgeBeyondGraph { from: 3, to: 9, vertices: 5 }, s(&["3 -> 9", "5"])),
            (
                RequestError::TooManyVertices { vertices: 4294967295, max: 4294967293 },
                s(&["4294967295", "4294967293"]),
            ),
            (
                RequestError::NotAnswered {
                    game: "nim".into(),
                    question: words!("the winner's whole plan (strategy)", "胜者的完整策略（strategy）"),
                    games: vec!["apple"],
                },
                s(&["nim", "apple"]),
            ),
            (RequestError::EmptySum, vec![]),
            (RequestError::Code(CodeError::Empty), vec![]),
            (RequestError::TakeBeyondQuotient { take: 1001, max: 1000 }, s(&["1001", "1000"])),
            (RequestError::BadTakeSet, vec![]),
            (RequestError::SequenceBeyond { max: 4611686018427387903 }, s(&["4611686018427387903"])),
            (RequestError::GridBeyond { max: 4611686018427387903 }, s(&["4611686018427387903"])),
            (RequestError::NotOneHeap { game: "wythoff".into(), reason: reason() }, s(&["wythoff"])),
            (RequestError::NotTwoHeaps { game: "nim".into(), reason: reason() }, s(&["nim"])),
            (RequestError::TooFewPlayers { players: 1 }, s(&["1"])),
        ]
    }

    /// Every kind of a malformed code with sample data.
    fn code_samples() -> Vec<(CodeError, Vec<String>)> {
        let at = |code: &str, column: usize, found: char| {
            vec![format!("`{code}`"), column.to_string(), format!("'{found}'")]
        };
        vec![
            (CodeError::Empty, vec![]),
            (CodeError::MissingPoint { code: "77".into() }, vec!["`77`".into(), "0.77".into()]),
            (CodeError::BadCharacter { code: "0.7z".into(), column: 4, found: 'z' }, at("0.7z", 4, 'z')),
            (CodeError::NotOctal { code: "0.8".into(), column: 3, found: '8', digit: 1 }, at("0.8", 3, '8')),
            (
                CodeError::NotHexadecimal { code: "0x0.G".into(), column: 5, found: 'G', digit: 1 },
                at("0x0.G", 5, 'G'),
            ),
            (CodeError::BadFirstDigit { code: "1.7".into(), column: 1, found: '1' }, at("1.7", 1, '1')),
            (CodeError::Misplaced { code: "0.7.7".into(), column: 4, found: '.' }, at("0.7.7", 4, '.')),
        ]
    }

    #[test]
    fn every_request_error_has_its_words_in_both_languages() {
        let samples = request_samples();
        let mut slots: Vec<usize> = samples.iter().map(|(e, _)| slot(e)).collect();
        slots.sort_unstable();
        assert_eq!(slots, (0..REQUEST_KINDS).collect::<Vec<_>>(), "one sample of every kind");
        let mut codes: Vec<&str> = samples.iter().map(|(e, _)| e.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), REQUEST_KINDS, "every kind has its own code");
        for (error, data) in &samples {
            check_words(error.code(), &error.words(), data);
            assert_eq!(error.to_string(), error.words().en);
            let engine = EngineError::InvalidRequest(error.clone());
            assert!(engine.is_usage());
            assert_eq!(engine.words().as_ref(), Some(&error.words()));
            assert_eq!(
                engine.detail(),
                Some(ErrorDetail::InvalidRequest { fault: error.code(), reason: error.words() })
            );
        }
    }

    #[test]
    fn every_code_error_and_limit_and_bug_has_its_words_in_both_languages() {
        for (error, data) in code_samples() {
            check_words(&format!("{error:?}"), &error.words(), &data);
            assert_eq!(error.to_string(), error.words().en);
        }
        // One limit kind: a new one is a new arm here.
        let limit = LimitReached::PlanLines { limit: 12 };
        let data = match &limit {
            LimitReached::PlanLines { limit } => vec![limit.to_string()],
        };
        check_words(limit.code(), &limit.words(), &data);
        let engine = EngineError::Limit(limit.clone());
        assert!(!engine.is_usage());
        assert_eq!(engine.to_string(), limit.words().en);
        let bug = EngineError::Internal { what: "an invariant".into() };
        assert!(!bug.is_usage() && bug.detail().is_none());
        check_words("internal", &bug.words().unwrap(), &["an invariant".to_string()]);
        assert_eq!(bug.to_string(), bug.words().unwrap().en);
    }

    /// The English of a kind is what it was before the kinds were typed (tests and scripts
    /// read it).
    #[test]
    fn the_english_is_unchanged() {
        let english = |e: RequestError| e.to_string();
        assert_eq!(
            english(RequestError::TableNeedsFamily {
                game: "domineering".into(),
                param: "board",
                example: "3xn",
                grid: false,
            }),
            "a table of domineering lists the members of a family: write n in the board, e.g. --board 3xn"
        );
        assert_eq!(
            english(RequestError::HeapsBeyondEngine { max: 4294967294 }),
            "the sequence engine computes heaps below 4294967295; ask for a table up to at most 4294967294"
        );
        assert_eq!(
            LimitReached::PlanLines { limit: 1 }.to_string(),
            "the plan needs more than 1 line (the line limit)"
        );
    }
}
