//! Atlases of codes: patterns, codes that are the same game, and every game's status in
//! parallel.
//!
//! # Patterns
//! `0.??` is every code with two digits after the point; `?` is any octal digit (any
//! hexadecimal digit after `0x`), `[1-3]` a range, `[157]` a list, `[1-35]` both. A `?` before
//! the point stands for the valid `d0` only (0 and 4; also 8 and C in hexadecimal).
//!
//! # Codes that are the same game
//! * **Same game** — trailing zeros: `0.070` has exactly the moves of `0.07`.
//! * **Same values** — a whole-heap removal (bit 1 of `d_j`) that is redundant: it only adds the
//!   empty position (value 0) to the options of a heap of exactly `j`, so if that heap already
//!   has an option of value 0, `G(j)` and then every later value are unchanged, and every sum of
//!   heaps has the same Grundy value (normal play; misère play may differ). `0.21` and `0.2`
//!   are an example: under `0.2` a heap of 2 already moves to a heap of 1, of value 0.
//!
//! Apart from these, two different codes have different moves (a move's result — how many heaps,
//! how many tokens — names its digit and bit), so they are reported as different games.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;
use serde::Serialize;
use thiserror::Error;

use super::code::OctalCode;
use super::game::MoveMenu;
use super::period::{analyze_with, GameRules, PeriodOutcome, Progress};
use super::sequence::{Sequence, SequenceError, SequenceMethod};
use crate::budget::{Budget, Exhausted};
use crate::error::CodeError;
use crate::lang::{words, Words};

/// A pattern that cannot be expanded, as data; its words in both languages are made from that
/// data when a surface asks ([`AtlasError::words`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AtlasError {
    /// The pattern's syntax is wrong.
    BadPattern {
        /// The pattern as given.
        pattern: String,
        /// What is wrong, and where.
        fault: PatternFault,
    },
    /// An expanded code is not valid.
    BadCode {
        /// The pattern as given.
        pattern: String,
        /// Why the code is invalid.
        source: CodeError,
    },
    /// The pattern has more codes than allowed.
    TooManyCodes {
        /// The pattern as given.
        pattern: String,
        /// How many codes it has (saturating).
        codes: u64,
        /// The limit.
        limit: u64,
    },
}

/// What is wrong in a pattern's syntax; `column` counts characters from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PatternFault {
    /// A character that is not a digit of the notation, `?` or a `[range]`.
    NotDigit {
        /// Where.
        column: usize,
        /// The character.
        found: char,
    },
    /// A `[` never closed.
    Unclosed {
        /// Where the `[` stands.
        column: usize,
    },
    /// A range `[b-a]` with `b > a`.
    Backwards {
        /// Where the range starts.
        column: usize,
    },
    /// An empty `[]`.
    EmptyChoice {
        /// Where the `[` stands.
        column: usize,
    },
    /// A second digit before the point.
    TwoBeforePoint {
        /// Where.
        column: usize,
    },
    /// No point.
    NoPoint,
}

impl AtlasError {
    /// What is wrong, in both languages, from the error's data.
    pub fn words(&self) -> Words {
        match self {
            AtlasError::BadPattern { pattern, fault } => {
                let Words { en, zh } = match *fault {
                    PatternFault::NotDigit { column, found } => words!(
                        "character {column} ('{found}') is not a digit, '?' or a [range]",
                        "第 {column} 个字符（'{found}'）不是数字、'?' 或 [范围]"
                    ),
                    PatternFault::Unclosed { column } => {
                        words!("the [ at character {column} is not closed", "第 {column} 个字符的 [ 没有闭合")
                    }
                    PatternFault::Backwards { column } => {
                        words!(
                            "the range at character {column} runs backwards",
                            "第 {column} 个字符的范围是倒着的"
                        )
                    }
                    PatternFault::EmptyChoice { column } => {
                        words!("the [] at character {column} is empty", "第 {column} 个字符的 [] 是空的")
                    }
                    PatternFault::TwoBeforePoint { column } => words!(
                        "character {column}: only one digit (d0) goes before the point",
                        "第 {column} 个字符：小数点前只能有一位数字（d0）"
                    ),
                    PatternFault::NoPoint => words!(
                        "it has no point; write it like 0.?? or 4.[0-3]7",
                        "它没有小数点；请写成 0.?? 或 4.[0-3]7 这样"
                    ),
                };
                words!("code pattern `{pattern}`: {en}", "代码模式 `{pattern}`：{zh}")
            }
            AtlasError::BadCode { pattern, source } => {
                let Words { en, zh } = source.words();
                words!("code pattern `{pattern}`: {en}", "代码模式 `{pattern}`：{zh}")
            }
            AtlasError::TooManyCodes { pattern, codes, limit } => words!(
                "code pattern `{pattern}` has {codes} codes, more than the limit of {limit}",
                "代码模式 `{pattern}` 有 {codes} 个代码，超过上限 {limit}"
            ),
        }
    }
}

impl std::fmt::Display for AtlasError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words().en)
    }
}

impl std::error::Error for AtlasError {}

/// Every code of `pattern`, in lexicographic order of the digits (the last one fastest), at most
/// `limit` of them. `O(codes × length)`.
///
/// ```
/// use nimlab_engine::octal::expand_pattern;
///
/// let codes = expand_pattern("0.[1-2]7", 100).unwrap();
/// let texts: Vec<String> = codes.iter().map(|c| c.to_string()).collect();
/// assert_eq!(texts, ["0.17", "0.27"]);
/// assert_eq!(expand_pattern("0.??", 100).unwrap().len(), 64);
/// ```
///
/// # Errors
/// [`AtlasError::BadPattern`], [`AtlasError::BadCode`] or [`AtlasError::TooManyCodes`].
pub fn expand_pattern(pattern: &str, limit: u64) -> Result<Vec<OctalCode>, AtlasError> {
    let bad = |fault: PatternFault| AtlasError::BadPattern { pattern: pattern.to_string(), fault };
    let (hexadecimal, body, offset) = match pattern.get(..2) {
        Some("0x" | "0X") => (true, &pattern[2..], 2),
        _ => (false, pattern, 0),
    };
    let radix: u8 = if hexadecimal { 16 } else { 8 };
    let chars: Vec<char> = body.chars().collect();
    let mut choices: Vec<Vec<u8>> = Vec::new();
    let mut point = None;
    let mut i = 0;
    while i < chars.len() {
        let column = offset + i + 1;
        let position = choices.len();
        let digit = |c: char, at: usize| -> Result<u8, AtlasError> {
            match c.to_digit(16) {
                Some(v) if (v as u8) < radix => Ok(v as u8),
                _ => Err(bad(PatternFault::NotDigit { column: at, found: c })),
            }
        };
        match chars[i] {
            '.' if point.is_none() && position <= 1 => {
                if position == 0 {
                    choices.push(vec![0]);
                }
                point = Some(column);
            }
            '?' => choices.push(if position == 0 && point.is_none() {
                if hexadecimal {
                    vec![0, 4, 8, 12]
                } else {
                    vec![0, 4]
                }
            } else {
                (0..radix).collect()
            }),
            '[' => {
                let close = chars[i..]
                    .iter()
                    .position(|&c| c == ']')
                    .ok_or_else(|| bad(PatternFault::Unclosed { column }))?
                    + i;
                let mut set: Vec<u8> = Vec::new();
                let mut k = i + 1;
                while k < close {
                    let low = digit(chars[k], offset + k + 1)?;
                    if k + 2 < close && chars[k + 1] == '-' {
                        let high = digit(chars[k + 2], offset + k + 3)?;
                        if high < low {
                            return Err(bad(PatternFault::Backwards { column: offset + k + 1 }));
                        }
                        set.extend(low..=high);
                        k += 3;
                    } else {
                        set.push(low);
                        k += 1;
                    }
                }
                if set.is_empty() {
                    return Err(bad(PatternFault::EmptyChoice { column }));
                }
                set.sort_unstable();
                set.dedup();
                choices.push(set);
                i = close;
            }
            c => choices.push(vec![digit(c, column)?]),
        }
        if point.is_none() && choices.len() > 1 {
            return Err(bad(PatternFault::TwoBeforePoint { column }));
        }
        i += 1;
    }
    if point.is_none() {
        return Err(bad(PatternFault::NoPoint));
    }
    let count = choices.iter().fold(1u64, |acc, c| acc.saturating_mul(c.len() as u64));
    if count > limit {
        return Err(AtlasError::TooManyCodes { pattern: pattern.to_string(), codes: count, limit });
    }
    let mut codes = Vec::with_capacity(count as usize);
    let mut index = vec![0usize; choices.len()];
    loop {
        let digits: Vec<u8> = index.iter().zip(&choices).map(|(&k, c)| c[k]).collect();
        codes.push(
            OctalCode::from_digits(digits)
                .map_err(|source| AtlasError::BadCode { pattern: pattern.to_string(), source })?,
        );
        // Odometer, last digit fastest.
        let Some(carry) = (0..index.len()).rev().find(|&p| index[p] + 1 < choices[p].len()) else { break };
        index[carry] += 1;
        index[carry + 1..].fill(0);
    }
    Ok(codes)
}

/// How an alias relates to the code it is listed under.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Equivalence {
    /// Exactly the same moves (trailing zeros).
    SameGame,
    /// The same Grundy value for every position under normal play: whole-heap removals of
    /// these `j` are redundant (see the module doc).
    SameValues {
        /// The digits whose bit 1 is redundant.
        digits: Vec<usize>,
    },
}

impl Equivalence {
    /// `same-game` or `same-values`.
    pub fn name(&self) -> &'static str {
        match self {
            Equivalence::SameGame => "same-game",
            Equivalence::SameValues { .. } => "same-values",
        }
    }
}

/// One game of an atlas: the code computed and the other codes of the pattern that are the same
/// game, each an `A`: in normal play with how it is the same ([`Equivalence`]); in misère play
/// a code with trailing zeros ([`crate::misere::atlas::MisereGroup`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CodeGroup<A = (OctalCode, Equivalence)> {
    /// The code computed: without trailing zeros (and, in normal play, redundant whole-heap
    /// removals).
    pub representative: OctalCode,
    /// The other codes of the pattern that are this game.
    pub aliases: Vec<A>,
}

/// The reduced form of `code` and the digits whose whole-heap bit it dropped. Needs `G(0..=t)`.
fn reduce(code: &OctalCode) -> (OctalCode, Vec<usize>) {
    let canonical = code.canonical();
    let t = canonical.max_removal();
    let mut sequence = Sequence::octal(&canonical);
    // t + 1 values: a handful, whatever the code.
    let _ = sequence.extend_to(t as u64 + 1, |_| std::ops::ControlFlow::Continue(()));
    let g = sequence.view();
    let menu = MoveMenu::of_code(&canonical);
    let redundant: Vec<usize> = menu
        .whole
        .iter()
        .copied()
        .filter(|&j| {
            menu.heap_moves(j as u64)
                .into_iter()
                .filter(|(_, leaves)| !leaves.is_empty())
                .any(|(_, leaves)| leaves.iter().fold(0, |x, &h| x ^ g.get(h as usize)) == 0)
        })
        .collect();
    let mut digits = canonical.digits().to_vec();
    for &j in &redundant {
        digits[j] &= !1;
    }
    let reduced = OctalCode::from_digits(digits).map(|c| c.canonical()).unwrap_or(canonical);
    (reduced, redundant)
}

/// Groups `codes` by the game they define, in order of first appearance. `O(Σ t²)`.
///
/// ```
/// use nimlab_engine::octal::{expand_pattern, group_codes};
///
/// let groups = group_codes(&expand_pattern("0.[2-3][0-1]", 100).unwrap());
/// let names: Vec<String> = groups.iter().map(|g| g.representative.to_string()).collect();
/// assert_eq!(names, ["0.2", "0.3", "0.31"]);
/// assert_eq!(groups[0].aliases.len(), 2); // 0.20 (trailing zero) and 0.21 (same values)
/// ```
pub fn group_codes(codes: &[OctalCode]) -> Vec<CodeGroup> {
    let mut groups: Vec<CodeGroup> = Vec::new();
    let mut index: std::collections::HashMap<OctalCode, usize> = std::collections::HashMap::new();
    for code in codes {
        let (reduced, redundant) = reduce(code);
        let slot = *index.entry(reduced.clone()).or_insert_with(|| {
            groups.push(CodeGroup { representative: reduced.clone(), aliases: Vec::new() });
            groups.len() - 1
        });
        if *code != groups[slot].representative && !groups[slot].aliases.iter().any(|(c, _)| c == code) {
            let relation = if redundant.is_empty() {
                Equivalence::SameGame
            } else {
                Equivalence::SameValues { digits: redundant }
            };
            groups[slot].aliases.push((code.clone(), relation));
        }
    }
    groups
}

/// One finished game of an atlas of either play convention: the game with its aliases `A` and
/// what was computed of it, `O`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finished<A, O> {
    /// The game and its aliases.
    pub group: CodeGroup<A>,
    /// What was computed.
    pub outcome: O,
}

/// One finished game of the normal-play atlas: its status, a certified period or what was seen
/// up to the limit.
pub type AtlasEntry = Finished<(OctalCode, Equivalence), PeriodOutcome>;

/// Why an atlas (of either play convention) stopped before every game was computed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AtlasStop<E> {
    /// A game could not be computed: its own error (a sequence beyond the engine's bounds, a
    /// broken invariant of a misère quotient).
    #[error("{0}")]
    Game(E),
    /// The work budget, the deadline or a cancellation stopped the atlas.
    #[error("the atlas stopped after {finished} of {total} games: {cause}")]
    Exhausted {
        /// Games finished (and handed to `on_done`) before it stopped.
        finished: usize,
        /// Games asked for.
        total: usize,
        /// What ran out.
        cause: Exhausted,
    },
}

/// Why the normal-play atlas stopped.
pub type AtlasRunError = AtlasStop<SequenceError>;

/// The one driver of every atlas: computes `game` of each group on rayon's pool, calling
/// `on_done` from the worker as each finishes (so a caller can store it at once), and returns
/// the finished results in the order of `groups`. `game` gets the group and `stop`, which it
/// calls with what ran out when the atlas's budget stopped it (then it returns `Ok(None)`: no
/// result, as a resumed run computes the game again); a group is not started once the budget is
/// spent.
///
/// # Errors
/// [`AtlasStop::Exhausted`] when the budget, its deadline or its cancellation stopped the atlas;
/// the first [`AtlasStop::Game`] error of a game. Either way after every started game has
/// stopped.
pub(crate) fn run_games<G: Sync, T: Send, E: Send>(
    groups: &[G],
    budget: &Budget,
    game: impl Fn(&G, &(dyn Fn(Exhausted) + Sync)) -> Result<Option<T>, E> + Sync,
    on_done: impl Fn(&T) + Sync,
) -> Result<Vec<T>, AtlasStop<E>> {
    let stopped: Mutex<Option<Exhausted>> = Mutex::new(None);
    let stop = |cause: Exhausted| {
        if let Ok(mut slot) = stopped.lock() {
            slot.get_or_insert(cause);
        }
    };
    let results: Vec<Result<Option<T>, E>> = groups
        .par_iter()
        .map(|group| {
            if let Err(cause) = budget.check() {
                stop(cause);
                return Ok(None);
            }
            let finished = game(group, &stop)?;
            if let Some(result) = &finished {
                on_done(result);
            }
            Ok(finished)
        })
        .collect();
    let mut finished = Vec::new();
    for result in results {
        finished.extend(result.map_err(AtlasStop::Game)?);
    }
    match stopped.into_inner().ok().flatten() {
        Some(cause) => Err(AtlasStop::Exhausted { finished: finished.len(), total: groups.len(), cause }),
        None => Ok(finished),
    }
}

/// Computes the status of every group (at most `upto` values each) by [`run_games`], charging
/// the work to `budget` as it is done ([`work_units`](super::work_units), a few milliseconds
/// apart). Time: the sum of the games' [`analyze`](super::analyze) costs, spread over the pool.
///
/// # Errors
/// As [`run_games`]; a game's error is its [`SequenceError`].
pub fn run_atlas(
    groups: &[CodeGroup],
    upto: u64,
    budget: &Budget,
    on_done: impl Fn(&AtlasEntry) + Sync,
) -> Result<Vec<AtlasEntry>, AtlasRunError> {
    // The games running at once hold their sequences together: the memory account is their sum.
    let running = AtomicU64::new(0);
    let game = |group: &CodeGroup,
                stop: &(dyn Fn(Exhausted) + Sync)|
     -> Result<Option<AtlasEntry>, SequenceError> {
        let rules = GameRules::Octal(group.representative.clone());
        let (mut charged, mut held) = (0, 0);
        let keep_going = |progress: Progress| {
            running.fetch_add(progress.held, Ordering::Relaxed);
            let together = running.fetch_sub(held, Ordering::Relaxed) - held;
            held = progress.held;
            let charge = budget.charge(progress.work - charged).and_then(|()| budget.check_memory(together));
            charged = progress.work;
            charge.map_err(stop).is_ok()
        };
        let analyzed = analyze_with(&rules, upto, SequenceMethod::Auto, keep_going);
        running.fetch_sub(held, Ordering::Relaxed);
        let (outcome, _) = analyzed?;
        Ok(outcome.map(|outcome| AtlasEntry { group: group.clone(), outcome }))
    };
    run_games(groups, budget, game, on_done)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(codes: &[OctalCode]) -> Vec<String> {
        codes.iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn patterns_expand_in_order() {
        assert_eq!(
            texts(&expand_pattern("0.?", 10).unwrap()),
            ["0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]
        );
        assert_eq!(texts(&expand_pattern("?.7", 10).unwrap()), ["0.7", "4.7"]);
        assert_eq!(texts(&expand_pattern("0.[1-35]", 10).unwrap()), ["0.1", "0.2", "0.3", "0.5"]);
        assert_eq!(texts(&expand_pattern(".0[67]", 10).unwrap()), ["0.06", "0.07"]);
        assert_eq!(expand_pattern("0x0.?", 100).unwrap().len(), 16);
        assert_eq!(expand_pattern("0.???", 1000).unwrap().len(), 512);
    }

    #[test]
    fn bad_patterns_are_errors() {
        assert!(matches!(expand_pattern("0.8", 10), Err(AtlasError::BadPattern { .. })));
        assert!(matches!(expand_pattern("0.[3-1]", 10), Err(AtlasError::BadPattern { .. })));
        assert!(matches!(expand_pattern("0.[1-3", 10), Err(AtlasError::BadPattern { .. })));
        assert!(matches!(expand_pattern("0.[]", 10), Err(AtlasError::BadPattern { .. })));
        assert!(matches!(expand_pattern("07", 10), Err(AtlasError::BadPattern { .. })));
        assert!(matches!(expand_pattern("1.7", 10), Err(AtlasError::BadCode { .. })));
        assert!(matches!(expand_pattern("0.????", 100), Err(AtlasError::TooManyCodes { codes: 4096, .. })));
    }

    #[test]
    fn aliases_have_the_same_values() {
        let codes = expand_pattern("?.??", 1000).unwrap();
        let groups = group_codes(&codes);
        // Every code is listed exactly once: as a representative or as an alias.
        let mut listed: Vec<&OctalCode> =
            groups.iter().flat_map(|g| g.aliases.iter().map(|(c, _)| c)).collect();
        listed.extend(groups.iter().map(|g| &g.representative).filter(|r| codes.contains(r)));
        listed.sort();
        assert_eq!(listed, codes.iter().collect::<Vec<_>>());
        assert!(groups
            .iter()
            .any(|g| g.aliases.iter().any(|(_, e)| matches!(e, Equivalence::SameValues { .. }))));
        for group in &groups {
            let mut base = Sequence::octal(&group.representative);
            base.extend_to(300, |_| std::ops::ControlFlow::Continue(())).unwrap();
            for (alias, relation) in &group.aliases {
                let mut other = Sequence::octal(alias);
                other.extend_to(300, |_| std::ops::ControlFlow::Continue(())).unwrap();
                assert_eq!(
                    other.view().to_vec(),
                    base.view().to_vec(),
                    "{alias} {relation:?} {}",
                    group.representative
                );
                if *relation == Equivalence::SameGame {
                    assert_eq!(alias.canonical(), group.representative);
                }
            }
        }
    }

    #[test]
    fn atlas_computes_every_group_and_can_be_cancelled() {
        let groups = group_codes(&expand_pattern("0.??", 100).unwrap());
        let done = Mutex::new(0);
        let budget = Budget::new(u64::MAX);
        let entries = run_atlas(&groups, 20_000, &budget, |_| *done.lock().unwrap() += 1).unwrap();
        assert_eq!(entries.len(), groups.len());
        assert_eq!(*done.lock().unwrap(), groups.len());
        assert!(budget.used() > 20_000, "the work is charged");
        let kayles = entries.iter().find(|e| e.group.representative == OctalCode::kayles()).unwrap();
        let PeriodOutcome::Certified(c) = &kayles.outcome else { panic!("Kayles is periodic") };
        assert_eq!((c.preperiod, c.period), (71, 12));
        budget.cancel_handle().cancel();
        let error = run_atlas(&groups, 20_000, &budget, |_| {}).unwrap_err();
        assert_eq!(
            error,
            AtlasStop::Exhausted { finished: 0, total: groups.len(), cause: Exhausted::Cancelled }
        );
        // A small budget stops the atlas part way, with a typed error.
        let error = run_atlas(&groups, 20_000, &Budget::new(1_000_000), |_| {}).unwrap_err();
        assert!(matches!(error, AtlasStop::Exhausted { cause: Exhausted::Work { .. }, .. }), "{error:?}");
    }

    /// Where a kind stands among the samples; a new kind is a new arm (the match is
    /// exhaustive) and needs a sample.
    fn slot(e: &AtlasError) -> usize {
        match e {
            AtlasError::BadPattern { fault: PatternFault::NotDigit { .. }, .. } => 0,
            AtlasError::BadPattern { fault: PatternFault::Unclosed { .. }, .. } => 1,
            AtlasError::BadPattern { fault: PatternFault::Backwards { .. }, .. } => 2,
            AtlasError::BadPattern { fault: PatternFault::EmptyChoice { .. }, .. } => 3,
            AtlasError::BadPattern { fault: PatternFault::TwoBeforePoint { .. }, .. } => 4,
            AtlasError::BadPattern { fault: PatternFault::NoPoint, .. } => 5,
            AtlasError::BadCode { .. } => 6,
            AtlasError::TooManyCodes { .. } => 7,
        }
    }

    #[test]
    fn every_atlas_error_has_its_words_in_both_languages() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let samples = [
            (expand_pattern("0.8", 10).unwrap_err(), s(&["`0.8`", "3", "'8'"])),
            (expand_pattern("0.[1-3", 10).unwrap_err(), s(&["`0.[1-3`", "3"])),
            (expand_pattern("0.[3-1]", 10).unwrap_err(), s(&["`0.[3-1]`", "4"])),
            (expand_pattern("0.[]", 10).unwrap_err(), s(&["`0.[]`", "3"])),
            (expand_pattern("07", 10).unwrap_err(), s(&["`07`", "2"])),
            (expand_pattern("0", 10).unwrap_err(), s(&["`0`", "0.??", "4.[0-3]7"])),
            (expand_pattern("1.7", 10).unwrap_err(), s(&["`1.7`", "'1'"])),
            (expand_pattern("0.??", 10).unwrap_err(), s(&["`0.??`", "64", "10"])),
        ];
        let mut slots: Vec<usize> = samples.iter().map(|(e, _)| slot(e)).collect();
        slots.sort_unstable();
        assert_eq!(slots, (0..8).collect::<Vec<_>>(), "one sample of every kind");
        for (error, data) in &samples {
            crate::error::tests::check_words(&format!("{error:?}"), &error.words(), data);
            assert_eq!(error.to_string(), error.words().en);
        }
    }
}
