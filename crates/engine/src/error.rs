//! The engine's error types. They name games, parameters and quantities, never a command-line
//! flag: each surface (the command line, the web API, Python) phrases its own advice, from the
//! variant, for its own users.

use thiserror::Error;

mod code;
mod request;
mod task;

pub(crate) use crate::budget::Exhausted;
use crate::lang::{words, Words};
pub(crate) use crate::spec::SpecError;
pub use code::CodeError;
pub use request::{LimitReached, RequestError};
pub use task::{Holder, Task};

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
        /// The invariant that failed, in English for whoever fixes the bug (a bug is never the
        /// caller's fault; both languages say "internal error" around it).
        what: String,
    },
    /// A computation ran out of budget or time, or was cancelled.
    #[error("{task} stopped: {cause}")]
    Exhausted {
        /// What was being computed, e.g. the search of nim 3 4 5, as data (boxed: the error
        /// stays small beside the answers it stands for).
        task: Box<Task>,
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

impl TheoryQuestion {
    /// The question in both languages (the English is its `Display`), for
    /// [`EngineError::NoTheory`]'s words.
    pub fn words(&self) -> Words {
        let play = |misere: bool| if misere { "反常规则" } else { "正常规则" };
        let zh = match *self {
            TheoryQuestion::Play { misere, at_position } => {
                format!("{}{}", if at_position { "这个局面，" } else { "" }, play(misere))
            }
            TheoryQuestion::GrundyValues => "SG 函数值".to_string(),
            TheoryQuestion::Players { players, up_to: None } => format!("这个局面上的 {players} 人游戏"),
            TheoryQuestion::Players { players, up_to: Some(bound) } => {
                format!("不超过 {bound} 的局面上的 {players} 人游戏")
            }
            TheoryQuestion::Listing { heaps } => format!("列出 {heaps} 堆上的 P 局面"),
            TheoryQuestion::Table { what, outcomes, misere } => format!(
                "{}{}的{}",
                if misere { "反常规则下" } else { "" },
                if outcomes { "胜负" } else { "SG 函数值" },
                if what == "grid" { "网格" } else { "序列" }
            ),
        };
        Words { en: self.to_string(), zh }
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

    /// The error's words in both languages, from its data (the English is its `Display`): every
    /// kind has them, so a surface says any error in the question's language; the advice that
    /// names a surface's own flags or keys stays the surface's.
    pub fn words(&self) -> Words {
        match self {
            EngineError::Spec(e) => e.words(),
            EngineError::InvalidRequest(e) => e.words(),
            EngineError::Limit(limit) => limit.words(),
            EngineError::InvalidPosition(reason) => reason.clone(),
            EngineError::NoTheory { game, question } => {
                let Words { en, zh } = question.words();
                words!("{game} has no closed form for {en} in nimlab", "nimlab 没有 {game} 的公式解（{zh}）")
            }
            EngineError::TooLargeForSearch { position } => words!(
                "{position} is too large for the generic search: its numbers must fit in 64 bits (a fixed \
                 limit); only a closed form answers heaps this large",
                "{position} 对通用搜索来说太大：其中的数必须在 64 位以内（固定上限）；这么大的堆只有公式解能回答"
            ),
            EngineError::Internal { what } => {
                words!("internal error (a bug in nimlab): {what}", "内部错误（nimlab 的缺陷）：{what}")
            }
            EngineError::Exhausted { task, cause } => {
                let (task, cause) = (task.words(), cause.words());
                Words { en: format!("{} stopped: {}", task.en, cause.en), zh: format!("{}停止了：{}", task.zh, cause.zh) }
            }
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
            SpecError::InvalidValue { param, value, why } => {
                let (reason, fault) = match why.as_ref() {
                    crate::spec::ValueWhy::Words(words) => (Some(words.clone()), None),
                    crate::spec::ValueWhy::Fault(fault) => (None, Some(fault.clone())),
                };
                ErrorDetail::InvalidValue { param: param.clone(), value: value.clone(), reason, fault }
            }
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
    fn during(self, task: impl FnOnce() -> Task) -> Result<T, EngineError>;
}

impl<T> Stopped<T> for Result<T, Exhausted> {
    fn during(self, task: impl FnOnce() -> Task) -> Result<T, EngineError> {
        self.map_err(|cause| EngineError::Exhausted { task: Box::new(task()), cause })
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
            assert_eq!(engine.words(), error.words());
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
        check_words("internal", &bug.words(), &["an invariant".to_string()]);
        assert_eq!(bug.to_string(), bug.words().en);
    }

    /// Where an engine error stands in [`engine_samples`]; a new kind must be added here (the
    /// match is exhaustive) and given a sample, so that it cannot lack its Chinese.
    fn engine_slot(e: &EngineError) -> usize {
        match e {
            EngineError::Spec(_) => 0,
            EngineError::InvalidPosition(_) => 1,
            EngineError::InvalidRequest(_) => 2,
            EngineError::NoTheory { .. } => 3,
            EngineError::TooLargeForSearch { .. } => 4,
            EngineError::Limit(_) => 5,
            EngineError::Internal { .. } => 6,
            EngineError::Exhausted { .. } => 7,
        }
    }
    const ENGINE_KINDS: usize = 8;

    /// Where a specification error stands in [`spec_samples`] (exhaustive, as [`engine_slot`]).
    fn spec_slot(e: &SpecError) -> usize {
        match e {
            SpecError::UnknownGame { .. } => 0,
            SpecError::UnknownParam { .. } => 1,
            SpecError::MissingParam { .. } => 2,
            SpecError::Repeated { .. } => 3,
            SpecError::InvalidValue { .. } => 4,
            SpecError::Invalid(_) => 5,
            SpecError::Syntax { .. } => 6,
        }
    }
    const SPEC_KINDS: usize = 7;

    /// Every kind of refused value with sample data, and the data its words must name; the
    /// match in the test is exhaustive, so a new kind needs its Chinese.
    fn fault_samples() -> Vec<(crate::ValueFault, Vec<String>)> {
        use crate::ValueFault as F;
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        vec![
            (F::Empty, vec![]),
            (F::Negative { text: "-3".into() }, s(&["-3"])),
            (F::NotWhole { text: "x7".into() }, s(&["x7"])),
            (
                F::TooLarge { text: "99999999999999999999".into() },
                s(&["99999999999999999999", "18446744073709551615"]),
            ),
            (F::NotRange { text: "3..".into() }, s(&["3..", "3..6"])),
            (F::EmptyRange { low: 6, high: 3 }, s(&["6..3", "6 <= 3"])),
            (F::EmptyItem { text: "1,,3".into() }, s(&["1,,3", "3..6,20"])),
            (F::BelowMin { member: 0, min: 1 }, s(&["0", "1"])),
            (F::TooManyMembers { max: 4096 }, s(&["4096"])),
            (F::OutOfBounds { min: 1, max: Some(40) }, s(&["1..40"])),
            (F::OutOfBounds { min: 1, max: None }, s(&["1"])),
            (F::NotFlag, vec![]),
        ]
    }

    /// Every specification error kind with sample data, and the data its words must name.
    fn spec_samples() -> Vec<(SpecError, Vec<String>)> {
        use crate::spec::{SyntaxFault, ValueWhy};
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let mut samples = vec![
            (
                SpecError::UnknownGame { name: "chess".into(), games: vec!["nim", "bash"] },
                s(&["chess", "nim, bash"]),
            ),
            (
                SpecError::UnknownParam { game: "bash".into(), param: "colour".into(), takes: vec!["max"] },
                s(&["bash", "colour", "max"]),
            ),
            (
                SpecError::UnknownParam { game: "nim".into(), param: "max".into(), takes: vec![] },
                s(&["nim", "max"]),
            ),
            (
                SpecError::MissingParam { game: "bash".into(), param: "max".into(), help: "the most taken" },
                s(&["bash", "max"]),
            ),
            (SpecError::Repeated { param: "max".into() }, s(&["max"])),
            (
                SpecError::InvalidValue {
                    param: "code".into(),
                    value: "0x7f".into(),
                    why: Box::new(ValueWhy::Words(words!("no point in {}", "没有小数点：{}", "0x7f"))),
                },
                s(&["code", "0x7f"]),
            ),
            (SpecError::Invalid(words!("too many heaps", "堆太多")), vec![]),
            (SpecError::Syntax { text: String::new(), fault: SyntaxFault::Empty }, vec![]),
            (
                SpecError::Syntax {
                    text: "bash 3".into(),
                    fault: SyntaxFault::NotAParameter { word: "3".into() },
                },
                s(&["bash 3", "--"]),
            ),
            (
                SpecError::Syntax {
                    text: "bash --max".into(),
                    fault: SyntaxFault::NeedsValue { param: "max".into() },
                },
                s(&["bash --max", "max"]),
            ),
        ];
        for (fault, mut data) in fault_samples() {
            data.extend(s(&["max", "v"]));
            let why = Box::new(ValueWhy::Fault(fault));
            samples.push((SpecError::InvalidValue { param: "max".into(), value: "v".into(), why }, data));
        }
        samples
    }

    /// Every kind of what ran out, with sample data and the data its words must name.
    fn exhausted_samples() -> Vec<(Exhausted, Vec<String>)> {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let samples = vec![
            (Exhausted::Work { limit: 1000 }, s(&["1000"])),
            (Exhausted::Memory { bytes: 4096 }, s(&["4.0 KiB", "4"])),
            (Exhausted::MachineMemory { bytes: 1 << 30 }, s(&["1.0 GiB"])),
            (Exhausted::Deadline { after: std::time::Duration::from_millis(1500) }, s(&["1.5"])),
            (Exhausted::Cancelled, vec![]),
            (Exhausted::Cycle { depth: 12 }, s(&["12"])),
        ];
        for (cause, _) in &samples {
            // Exhaustive: a new kind is a new arm, and a sample above.
            match cause {
                Exhausted::Work { .. }
                | Exhausted::Memory { .. }
                | Exhausted::MachineMemory { .. }
                | Exhausted::Deadline { .. }
                | Exhausted::Cancelled
                | Exhausted::Cycle { .. } => {}
            }
        }
        samples
    }

    /// Every question a theory may lack, with the data its words must name (exhaustive below).
    fn question_samples() -> Vec<(TheoryQuestion, Vec<String>)> {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let samples = vec![
            (TheoryQuestion::Play { misere: false, at_position: false }, vec![]),
            (TheoryQuestion::Play { misere: true, at_position: true }, vec![]),
            (TheoryQuestion::GrundyValues, vec![]),
            (TheoryQuestion::Players { players: 3, up_to: None }, s(&["3"])),
            (TheoryQuestion::Players { players: 3, up_to: Some(20) }, s(&["3", "20"])),
            (TheoryQuestion::Listing { heaps: 4 }, s(&["4"])),
            (TheoryQuestion::Table { what: "sequence", outcomes: true, misere: true }, vec![]),
            (TheoryQuestion::Table { what: "grid", outcomes: false, misere: false }, vec![]),
        ];
        for (question, _) in &samples {
            match question {
                TheoryQuestion::Play { .. }
                | TheoryQuestion::GrundyValues
                | TheoryQuestion::Players { .. }
                | TheoryQuestion::Listing { .. }
                | TheoryQuestion::Table { .. } => {}
            }
        }
        samples
    }

    /// Every engine error kind with sample data (each kind's own kinds inside), and the data its
    /// words must name.
    fn engine_samples() -> Vec<(EngineError, Vec<String>)> {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let mut samples: Vec<(EngineError, Vec<String>)> = Vec::new();
        samples.extend(spec_samples().into_iter().map(|(e, data)| (EngineError::Spec(e), data)));
        samples.push((EngineError::InvalidPosition(words!("{} heaps", "{} 堆", 3)), s(&["3"])));
        samples.extend(request_samples().into_iter().map(|(e, data)| (EngineError::InvalidRequest(e), data)));
        for (question, mut data) in question_samples() {
            data.push("kayles".into());
            samples.push((EngineError::NoTheory { game: "kayles".into(), question }, data));
        }
        samples.push((
            EngineError::TooLargeForSearch { position: "nim 99999999999999999999".into() },
            s(&["nim 99999999999999999999"]),
        ));
        samples.push((EngineError::Limit(LimitReached::PlanLines { limit: 12 }), s(&["12"])));
        samples.push((EngineError::Internal { what: "an invariant".into() }, s(&["an invariant"])));
        for (cause, mut data) in exhausted_samples() {
            data.push("nim 3 4 5".into());
            let task = Box::new(Task::Search { game: "nim".into(), position: "3 4 5".into() });
            samples.push((EngineError::Exhausted { task, cause }, data));
        }
        samples
    }

    /// Every engine error kind, and every kind inside one (a specification's, a refused
    /// value's, what ran out, the question a theory lacks), has its words in both languages
    /// from its data, and the English is the error's own `Display`.
    #[test]
    fn every_engine_error_kind_has_its_words_in_both_languages() {
        let samples = engine_samples();
        let mut slots: Vec<usize> = samples.iter().map(|(e, _)| engine_slot(e)).collect();
        slots.sort_unstable();
        slots.dedup();
        assert_eq!(slots, (0..ENGINE_KINDS).collect::<Vec<_>>(), "a sample of every kind");
        let mut spec: Vec<usize> = spec_samples().iter().map(|(e, _)| spec_slot(e)).collect();
        spec.sort_unstable();
        spec.dedup();
        assert_eq!(spec, (0..SPEC_KINDS).collect::<Vec<_>>(), "a sample of every specification error");
        for (fault, _) in fault_samples() {
            use crate::ValueFault as F;
            match fault {
                F::Empty
                | F::Negative { .. }
                | F::NotWhole { .. }
                | F::TooLarge { .. }
                | F::NotRange { .. }
                | F::EmptyRange { .. }
                | F::EmptyItem { .. }
                | F::BelowMin { .. }
                | F::TooManyMembers { .. }
                | F::OutOfBounds { .. }
                | F::NotFlag => {}
            }
        }
        for (error, data) in &samples {
            let words = error.words();
            check_words(&format!("{error:?}"), &words, data);
            assert_eq!(words.en, error.to_string(), "{error:?}");
        }
        for (cause, data) in exhausted_samples() {
            check_words(&format!("{cause:?}"), &cause.words(), &data);
            assert_eq!(cause.words().en, cause.to_string());
        }
    }

    /// Where a task stands in [`task_samples`]; a new kind must be added here (the match is
    /// exhaustive) and given a sample.
    fn task_slot(task: &Task) -> usize {
        match task {
            Task::Search { .. } => 0,
            Task::PlayersSearch { .. } => 1,
            Task::BestMove { .. } => 2,
            Task::ListMoves { .. } => 3,
            Task::Verify { .. } => 4,
            Task::ListP { .. } => 5,
            Task::PCells => 6,
            Task::TableCell { .. } => 7,
            Task::GridRow { .. } => 8,
            Task::SequenceHeap { .. } => 9,
            Task::Memory { .. } => 10,
            Task::Holding { .. } => 11,
            Task::PlanSearch { .. } => 12,
            Task::Plan { .. } => 13,
            Task::FactorValues => 14,
            Task::CoinValues { .. } => 15,
            Task::CertifyPeriod => 16,
            Task::GrundyValues { .. } => 17,
            Task::ComputeGrundyValues { .. } => 18,
            Task::ComputeSequence { .. } => 19,
            Task::Sequence { .. } => 20,
            Task::PeriodUnseen { .. } => 21,
            Task::Checkpoint { .. } => 22,
            Task::NimTable { .. } => 23,
            Task::NimFormula { .. } => 24,
            Task::MisereQuotient { .. } => 25,
            Task::VerifyQuotient { .. } => 26,
            Task::LoopyAnalysis => 27,
            Task::SumPart { .. } => 28,
            Task::Evaluation { .. } => 29,
            Task::NimProducts { .. } => 30,
            Task::NimArithmetic => 31,
            Task::Census { .. } => 32,
            Task::GridOfValues => 33,
            Task::GridPicture => 34,
            Task::Atlas { .. } => 35,
            Task::AtlasRun { .. } => 36,
            Task::Retrograde { .. } => 37,
            Task::FixedPoint { .. } => 38,
            Task::TablePositions => 39,
            Task::TripleTable { .. } => 40,
            Task::WriteTable => 41,
        }
    }
    const TASK_KINDS: usize = 42;

    /// Where a holder stands in [`holder_samples`] (exhaustive, as [`task_slot`]).
    fn holder_slot(holder: &Holder) -> usize {
        match holder {
            Holder::GridVector => 0,
            Holder::SequenceVector => 1,
            Holder::SubtractionWindow => 2,
            Holder::GrundyCopy => 3,
            Holder::DenseTable { .. } => 4,
            Holder::GridRow => 5,
            Holder::LineKernel { .. } => 6,
            Holder::FactorValues => 7,
            Holder::PeriodSearch => 8,
            Holder::Array { .. } => 9,
        }
    }
    const HOLDER_KINDS: usize = 10;

    /// Every holder of memory with sample data, and the data its words must name.
    fn holder_samples() -> Vec<(Holder, Vec<String>)> {
        vec![
            (Holder::GridVector, vec![]),
            (Holder::SequenceVector, vec![]),
            (Holder::SubtractionWindow, vec![]),
            (Holder::GrundyCopy, vec![]),
            (Holder::DenseTable { cells: 1331 }, vec!["1331".into()]),
            (Holder::GridRow, vec![]),
            (Holder::LineKernel { triangle: true }, vec![]),
            (Holder::LineKernel { triangle: false }, vec![]),
            (Holder::FactorValues, vec![]),
            (Holder::PeriodSearch, vec![]),
            (Holder::Array { width: "uint16".into(), cells: 4096 }, vec!["uint16".into(), "4096".into()]),
        ]
    }

    /// Every task kind with sample data, and the data its words must name. A game named in both
    /// languages is sampled with one text for both (a code), so that both must name it.
    fn task_samples() -> Vec<(Task, Vec<String>)> {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let code = || Words { en: "0.07".into(), zh: "0.07".into() };
        let at = |game: &str, position: &str| (game.to_string(), position.to_string());
        let (game, position) = at("nim", "3 4 5");
        vec![
            (Task::Search { game: game.clone(), position: position.clone() }, s(&["nim 3 4 5"])),
            (Task::Search { game: "nim".into(), position: String::new() }, s(&["nim"])),
            (
                Task::PlayersSearch { players: 3, game: game.clone(), position: position.clone() },
                s(&["nim 3 4 5", "3"]),
            ),
            (Task::BestMove { game: game.clone(), position: position.clone() }, s(&["nim 3 4 5"])),
            (Task::ListMoves { game: game.clone(), position: position.clone() }, s(&["nim 3 4 5"])),
            (Task::Verify { game: "wythoff".into() }, s(&["wythoff"])),
            (Task::ListP { game: "kayles".into() }, s(&["kayles"])),
            (Task::PCells, vec![]),
            (Task::TableCell { search: false, game: "nim".into(), cell: 17 }, s(&["nim", "17"])),
            (Task::TableCell { search: true, game: "nim".into(), cell: 17 }, s(&["nim", "17"])),
            (Task::GridRow { row: 12 }, s(&["12"])),
            (Task::SequenceHeap { heap: 99 }, s(&["99"])),
            (
                Task::Memory { holder: Holder::GridRow, bytes: 80000, units: 20000, left: 1000 },
                s(&["80000", "20000", "1000"]),
            ),
            (Task::Holding { holder: Holder::GrundyCopy, bytes: 8192 }, s(&["8192"])),
            (Task::PlanSearch { position: "3 5 7".into() }, s(&["3 5 7"])),
            (Task::Plan { position: "3 5 7".into(), lines: 40 }, s(&["3 5 7", "40"])),
            (Task::FactorValues, vec![]),
            (Task::CoinValues { game: code(), upto: Some(64) }, s(&["0.07", "64"])),
            (Task::CoinValues { game: code(), upto: None }, s(&["0.07"])),
            (Task::CertifyPeriod, vec![]),
            (Task::GrundyValues { game: code(), largest: 500 }, s(&["0.07", "500"])),
            (Task::ComputeGrundyValues { game: "0.07".into(), largest: 500 }, s(&["0.07", "500"])),
            (Task::ComputeSequence { game: "0.07".into() }, s(&["0.07"])),
            (Task::Sequence { game: "0.07".into() }, s(&["0.07"])),
            (
                Task::PeriodUnseen { game: code(), values: 1000, largest: 17, rare: Some(3) },
                s(&["0.07", "1000", "17", "3"]),
            ),
            (
                Task::PeriodUnseen { game: code(), values: 1000, largest: 17, rare: None },
                s(&["0.07", "1000", "17"]),
            ),
            (Task::Checkpoint { game: "0.07".into() }, s(&["0.07"])),
            (Task::NimTable { heaps: 3, max: 40 }, s(&["3", "40"])),
            (Task::NimFormula { heaps: 3 }, s(&["3"])),
            (Task::MisereQuotient { code: "0.77".into() }, s(&["0.77"])),
            (Task::VerifyQuotient { game: "0.77".into() }, s(&["0.77"])),
            (Task::LoopyAnalysis, vec![]),
            (
                Task::SumPart { part: 2, game: "wythoff".into(), position: "3 5".into() },
                s(&["2", "wythoff", "3 5"]),
            ),
            (Task::Evaluation { expression: "*3 * *5".into() }, s(&["'*3 * *5'"])),
            (Task::NimProducts { pairs: 8 }, s(&["8"])),
            (Task::NimArithmetic, vec![]),
            (Task::Census { upto: 30 }, s(&["30"])),
            (Task::GridOfValues, vec![]),
            (Task::GridPicture, vec![]),
            (Task::Atlas { misere: false }, vec![]),
            (Task::Atlas { misere: true }, vec![]),
            (Task::AtlasRun { misere: false, finished: 7, total: 64, stored: true }, s(&["7", "64"])),
            (Task::AtlasRun { misere: true, finished: 7, total: 64, stored: false }, s(&["7", "64"])),
            (Task::Retrograde { graph: Some("cycle".into()) }, s(&["cycle"])),
            (Task::Retrograde { graph: None }, vec![]),
            (Task::FixedPoint { graph: "cycle".into() }, s(&["cycle"])),
            (Task::TablePositions, vec![]),
            (Task::TripleTable { game: "nim".into(), bound: 20 }, s(&["nim", "20"])),
            (Task::WriteTable, vec![]),
        ]
    }

    #[test]
    fn every_task_and_holder_has_its_words_in_both_languages() {
        let samples = task_samples();
        let mut slots: Vec<usize> = samples.iter().map(|(t, _)| task_slot(t)).collect();
        slots.sort_unstable();
        slots.dedup();
        assert_eq!(slots, (0..TASK_KINDS).collect::<Vec<_>>(), "a sample of every task kind");
        for (task, data) in &samples {
            check_words(&format!("{task:?}"), &task.words(), data);
            assert_eq!(task.to_string(), task.words().en);
            let error = EngineError::Exhausted { task: Box::new(task.clone()), cause: Exhausted::Cancelled };
            assert!(!error.is_usage());
            assert_eq!(error.to_string(), format!("{} stopped: {}", task.words().en, Exhausted::Cancelled));
        }
        let holders = holder_samples();
        let mut slots: Vec<usize> = holders.iter().map(|(h, _)| holder_slot(h)).collect();
        slots.sort_unstable();
        slots.dedup();
        assert_eq!(slots, (0..HOLDER_KINDS).collect::<Vec<_>>(), "a sample of every holder");
        for (holder, data) in holders {
            check_words(&format!("{holder:?}"), &holder.words(), &data);
            let task = Task::Memory { holder: holder.clone(), bytes: 64, units: 16, left: 2 };
            let mut named = data.clone();
            named.extend(["64", "16", "2"].map(String::from));
            check_words(&format!("{task:?}"), &task.words(), &named);
        }
    }

    /// The English of a task is what the engine wrote before tasks were typed (the command
    /// line's and the web API's messages and snapshots hold it).
    #[test]
    fn the_english_of_a_task_is_unchanged() {
        let english = |task: Task| task.to_string();
        assert_eq!(
            english(Task::Search { game: "nim".into(), position: "3 4 5".into() }),
            "the search of nim 3 4 5"
        );
        assert_eq!(
            english(Task::Search { game: "nim".into(), position: String::new() }),
            "the search of nim"
        );
        assert_eq!(
            english(Task::PlayersSearch { players: 3, game: "nim".into(), position: "1 2".into() }),
            "the 3-player search of nim 1 2"
        );
        assert_eq!(
            english(Task::Memory { holder: Holder::DenseTable { cells: 1000000 }, bytes: 4000000, units: 1000000, left: 1000 }),
            "the dense table of 1000000 cells needs 4000000 bytes of memory (1000000 units at 4 bytes a unit) and 1000 \
             units are left"
        );
        assert_eq!(
            english(Task::Holding { holder: Holder::Array { width: "uint8".into(), cells: 10 }, bytes: 10 }),
            "the uint8 array of 10 values (10 bytes)"
        );
        assert_eq!(
            english(Task::AtlasRun { misere: true, finished: 3, total: 9, stored: true }),
            "the misère atlas (3 of 9 games finished and stored; run it again to resume)"
        );
        assert_eq!(
            english(Task::PeriodUnseen {
                game: Words { en: "0.07".into(), zh: "0.07".into() },
                values: 100,
                largest: 4,
                rare: Some(2)
            }),
            "the period of 0.07 (no period in the 100 values computed; largest value 4; 2 rare values)"
        );
        assert_eq!(
            english(Task::SumPart { part: 1, game: "nim".into(), position: "3".into() }),
            "the Grundy value of part 1 (nim 3)"
        );
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
