//! The one grammar for numbers, sets and ranges, wherever a user writes them (game parameters,
//! `--players 2..13`, `--m 1..9`, positions).
//!
//! * a number: decimal digits, `0` to `2^64 - 1` where a 64-bit count is meant (heaps in positions
//!   are unbounded, see [`parse_natural`]);
//! * a range: `A..B` or `A..=B` (both ends included), or a single number `A` (= `A..A`);
//! * a set: ranges and numbers separated by commas, `3..6,20` = {3, 4, 5, 6, 20}.
//!
//! Spaces around items are ignored. Errors say what is wrong in words, never a parser's text.

use std::fmt::Write as _;

use num_bigint::BigUint;

use crate::lang::Words;

/// The most members a written set may expand to: a fixed limit, so `1..10^18` is refused
/// before any memory is taken.
pub const MAX_SET_MEMBERS: u64 = 1_000_000;

/// `text` with what a Chinese keyboard types for digits and separators in their ASCII forms:
/// full-width digits `０`-`９`, the full-width comma `，` and the ideographic comma `、` (a comma),
/// the full-width full stop `．` (a point, as in `3．．6`) and the ideographic space. Every reader
/// of numbers a person types (a position, a parameter, a sum's part) reads through it, so that
/// "３，４，５" is "3,4,5" on every surface.
pub fn ascii_forms(text: &str) -> std::borrow::Cow<'_, str> {
    let wide = |c: char| matches!(c, '０'..='９' | '，' | '、' | '．' | '\u{3000}');
    if !text.contains(wide) {
        return text.into();
    }
    text.chars()
        .map(|c| match c {
            '０'..='９' => char::from_digit(c as u32 - '０' as u32, 10).unwrap_or(c),
            '，' | '、' => ',',
            '．' => '.',
            '\u{3000}' => ' ',
            other => other,
        })
        .collect::<String>()
        .into()
}

/// Why a written count, range, set or flag is not one, as data (a parameter's value given as
/// typed): its `Display` is the English sentence, and each surface words it in its languages from
/// the kind and what it names (the playground's `value.*` texts).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum ValueFault {
    /// Nothing where a number was expected.
    #[error("expected a whole number, got nothing")]
    Empty,
    /// A negative number.
    #[error("'{text}' is negative; expected a whole number of at least 0")]
    Negative {
        /// The text.
        text: String,
    },
    /// Not decimal digits.
    #[error("'{text}' is not a whole number")]
    NotWhole {
        /// The text.
        text: String,
    },
    /// A number beyond 64 bits.
    #[error("'{text}' is too large: at most {max} (2^64 - 1)", max = u64::MAX)]
    TooLarge {
        /// The text.
        text: String,
    },
    /// A range with a missing end.
    #[error("'{text}' is not a range like 3..6 (both ends included)")]
    NotRange {
        /// The text.
        text: String,
    },
    /// A range whose first end is above its last.
    #[error("the range {low}..{high} is empty: it needs {low} <= {high}")]
    EmptyRange {
        /// The first end.
        low: u64,
        /// The last end.
        high: u64,
    },
    /// A set with an empty item (`1,,3`).
    #[error("'{text}' has an empty item; write members like 1,3,4 or 3..6,20")]
    EmptyItem {
        /// The set's text.
        text: String,
    },
    /// A member of a set below the least allowed.
    #[error("{member} is below {min}: every member must be at least {min}")]
    BelowMin {
        /// The member.
        member: u64,
        /// The least member allowed.
        min: u64,
    },
    /// A set of more than [`MAX_SET_MEMBERS`] members.
    #[error("the set has more than {max} members (a fixed limit)")]
    TooManyMembers {
        /// [`MAX_SET_MEMBERS`].
        max: u64,
    },
    /// A count outside the parameter's bounds (`max` absent: no upper bound).
    #[error("it must be {}", match max { Some(max) => format!("{min}..{max}"), None => format!("at least {min}") })]
    OutOfBounds {
        /// The least value.
        min: u64,
        /// The largest value, if any.
        max: Option<u64>,
    },
    /// A flag's value that is neither on nor off.
    #[error("a flag is true or false")]
    NotFlag,
}

impl ValueFault {
    /// Why, in English (its `Display`) and Chinese, from its data (the page words the same kinds
    /// in its `value.*` texts).
    pub fn words(&self) -> Words {
        let zh = match self {
            ValueFault::Empty => "应为非负整数，却什么也没有".to_string(),
            ValueFault::Negative { text } => format!("“{text}”是负数；应为不小于 0 的整数"),
            ValueFault::NotWhole { text } => format!("“{text}”不是非负整数"),
            ValueFault::TooLarge { text } => format!("“{text}”太大：至多为 {}（2^64 - 1）", u64::MAX),
            ValueFault::NotRange { text } => format!("“{text}”不是 3..6 这样的范围（含两端）"),
            ValueFault::EmptyRange { low, high } => {
                format!("范围 {low}..{high} 是空的：需要 {low} <= {high}")
            }
            ValueFault::EmptyItem { text } => format!("“{text}”里有空项；请写成 1,3,4 或 3..6,20 这样"),
            ValueFault::BelowMin { member, min } => format!("{member} 小于 {min}：每个成员都至少为 {min}"),
            ValueFault::TooManyMembers { max } => format!("这个集合超过 {max} 个成员（固定上限）"),
            ValueFault::OutOfBounds { min, max: Some(max) } => format!("应在 {min}..{max} 之间"),
            ValueFault::OutOfBounds { min, max: None } => format!("应不小于 {min}"),
            ValueFault::NotFlag => "开关只能是开或关（1 或 0）".to_string(),
        };
        Words { en: self.to_string(), zh }
    }
}

/// Parses a count: a whole number that fits in 64 bits.
///
/// # Errors
/// A sentence saying why `text` is not one (empty, not digits, negative, too large).
pub fn parse_count(text: &str) -> Result<u64, String> {
    count_value(text).map_err(|fault| fault.to_string())
}

/// [`parse_count`] with its fault as data.
///
/// # Errors
/// [`ValueFault::Empty`], [`ValueFault::Negative`], [`ValueFault::NotWhole`],
/// [`ValueFault::TooLarge`].
pub(crate) fn count_value(text: &str) -> Result<u64, ValueFault> {
    let digits = text.trim();
    if digits.is_empty() {
        return Err(ValueFault::Empty);
    }
    if let Some(rest) = digits.strip_prefix('-') {
        if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ValueFault::Negative { text: digits.to_string() });
        }
    }
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ValueFault::NotWhole { text: digits.to_string() });
    }
    digits.parse().map_err(|_| ValueFault::TooLarge { text: digits.to_string() })
}

/// Why a text is not a natural number, as data: the text, and whether it was negative. Its
/// words in both languages are made from it ([`NaturalError::words`]; `Display` is the English).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NaturalError {
    /// A negative number: the text as the caller typed it.
    #[error("'{0}' is negative; expected a whole number of at least 0")]
    Negative(String),
    /// Anything else that is not decimal digits: the text as the caller typed it.
    #[error("'{0}' is not a whole number")]
    NotWhole(String),
}

impl NaturalError {
    /// The text that is not a natural number (trimmed).
    pub fn text(&self) -> &str {
        match self {
            NaturalError::Negative(text) | NaturalError::NotWhole(text) => text,
        }
    }

    /// The reason in English and Chinese.
    pub fn words(&self) -> Words {
        match self {
            NaturalError::Negative(text) => Words {
                en: self.to_string(),
                zh: format!("“{text}”是负数；应为不小于 0 的整数"),
            },
            NaturalError::NotWhole(text) => {
                Words { en: self.to_string(), zh: format!("“{text}”不是非负整数") }
            }
        }
    }
}

/// Parses a natural number of any size (a heap).
///
/// # Errors
/// [`NaturalError`]: why `text` is not one.
pub fn parse_natural(text: &str) -> Result<BigUint, NaturalError> {
    let digits = text.trim();
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        if let Ok(n) = digits.parse() {
            return Ok(n);
        }
    }
    if digits.starts_with('-') {
        Err(NaturalError::Negative(digits.to_string()))
    } else {
        Err(NaturalError::NotWhole(digits.to_string()))
    }
}

/// Parses an inclusive range `A..B`, `A..=B` or a single `A`.
///
/// # Errors
/// A sentence for a malformed or empty range.
pub fn parse_range(text: &str) -> Result<(u64, u64), String> {
    range_value(text).map_err(|fault| fault.to_string())
}

/// [`parse_range`] with its fault as data.
///
/// # Errors
/// [`ValueFault::NotRange`], [`ValueFault::EmptyRange`], or an end's fault.
pub(crate) fn range_value(text: &str) -> Result<(u64, u64), ValueFault> {
    let text = text.trim();
    let (low, high) = match text.split_once("..") {
        None => (text, text),
        Some((low, high)) => (low, high.strip_prefix('=').unwrap_or(high)),
    };
    if low.trim().is_empty() || high.trim().is_empty() {
        return Err(ValueFault::NotRange { text: text.to_string() });
    }
    let low = count_value(low)?;
    let high = count_value(high)?;
    if low > high {
        return Err(ValueFault::EmptyRange { low, high });
    }
    Ok((low, high))
}

/// Parses a set `3..6,20`: sorted, without duplicates, every member at least `min`.
///
/// # Errors
/// A sentence for a malformed item, a member below `min`, an empty set, or more than
/// [`MAX_SET_MEMBERS`] members.
pub fn parse_set(text: &str, min: u64) -> Result<Vec<u64>, String> {
    set_value(text, min).map_err(|fault| fault.to_string())
}

/// [`parse_set`] with its fault as data.
///
/// # Errors
/// [`ValueFault::EmptyItem`], [`ValueFault::BelowMin`], [`ValueFault::TooManyMembers`], or an
/// item's fault.
pub(crate) fn set_value(text: &str, min: u64) -> Result<Vec<u64>, ValueFault> {
    let mut members = Vec::new();
    for item in text.split(',') {
        if item.trim().is_empty() {
            return Err(ValueFault::EmptyItem { text: text.to_string() });
        }
        let (low, high) = range_value(item)?;
        if low < min {
            return Err(ValueFault::BelowMin { member: low, min });
        }
        let count = (high - low).saturating_add(1);
        if (members.len() as u64).saturating_add(count) > MAX_SET_MEMBERS {
            return Err(ValueFault::TooManyMembers { max: MAX_SET_MEMBERS });
        }
        members.extend(low..=high);
    }
    members.sort_unstable();
    members.dedup();
    Ok(members)
}

/// Writes a sorted set in the grammar, runs of three or more as ranges: `1..5,9,11`.
pub fn set_text(members: &[u64]) -> String {
    let mut runs: Vec<(u64, u64)> = Vec::new();
    for &member in members {
        match runs.last_mut() {
            Some((_, last)) if last.checked_add(1) == Some(member) => *last = member,
            _ => runs.push((member, member)),
        }
    }
    runs_text(&runs)
}

/// The text of a set given as sorted, disjoint, non-adjacent runs `(first, last)`: a run of
/// one number is `7`, of two `7,8`, of more `7..9`. `set_text` of the run's members.
pub(crate) fn runs_text(runs: &[(u64, u64)]) -> String {
    let mut text = String::new();
    for &(first, last) in runs {
        if !text.is_empty() {
            text.push(',');
        }
        match last - first {
            0 => write!(text, "{first}"),
            1 => write!(text, "{first},{last}"),
            _ => write!(text, "{first}..{last}"),
        }
        .expect("writing to a String does not fail");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use crate::test_prelude::*;
    use proptest::prelude::*;

    #[test]
    fn a_natural_numbers_faults_are_worded_in_both_languages() {
        for (text, fault, shown) in [
            ("-3", NaturalError::Negative("-3".into()), "-3"),
            (" x7 ", NaturalError::NotWhole("x7".into()), "x7"),
            ("", NaturalError::NotWhole(String::new()), ""),
        ] {
            assert_eq!(parse_natural(text), Err(fault.clone()));
            let words = fault.words();
            assert_eq!(words.en, fault.to_string());
            assert!(words.en.contains(&format!("'{shown}'")) && words.zh.contains(&format!("“{shown}”")));
            let zh = words.zh.replace(shown, "");
            assert!(zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{zh}");
            assert!(!zh.chars().any(|c| c.is_ascii_alphabetic()), "English left in the Chinese: {zh}");
        }
        assert_eq!(parse_natural("007"), Ok(BigUint::from(7u32)));
    }

    #[test]
    fn faults_are_data_whose_english_is_the_sentence() {
        assert_eq!(count_value(" "), Err(ValueFault::Empty));
        assert_eq!(count_value("-3"), Err(ValueFault::Negative { text: "-3".into() }));
        assert_eq!(count_value("3x"), Err(ValueFault::NotWhole { text: "3x".into() }));
        let huge = "99999999999999999999";
        assert_eq!(count_value(huge), Err(ValueFault::TooLarge { text: huge.into() }));
        assert_eq!(range_value("..3"), Err(ValueFault::NotRange { text: "..3".into() }));
        assert_eq!(set_value("5..2", 1), Err(ValueFault::EmptyRange { low: 5, high: 2 }));
        assert_eq!(set_value("1,,3", 1), Err(ValueFault::EmptyItem { text: "1,,3".into() }));
        assert_eq!(set_value("0,1", 1), Err(ValueFault::BelowMin { member: 0, min: 1 }));
        let many = set_value("1..2000000", 1);
        assert_eq!(many, Err(ValueFault::TooManyMembers { max: MAX_SET_MEMBERS }));
        assert_eq!(parse_set("0,1", 1).unwrap_err(), "0 is below 1: every member must be at least 1");
        assert_eq!(parse_count("").unwrap_err(), "expected a whole number, got nothing");
        let json = serde_json::to_value(ValueFault::OutOfBounds { min: 1, max: Some(9) }).unwrap();
        assert_eq!(json, serde_json::json!({"kind": "out-of-bounds", "min": 1, "max": 9}));
    }

    #[test]
    fn a_chinese_keyboards_digits_and_separators_read_as_ascii() {
        assert_eq!(ascii_forms("３，４、５\u{3000}６．．９"), "3,4,5 6..9");
        assert!(matches!(ascii_forms("3 4"), std::borrow::Cow::Borrowed("3 4")));
        assert_eq!(ascii_forms("三，x"), "三,x");
    }

    #[test]
    fn sets_and_ranges() {
        assert_eq!(parse_set("3..6,20", 1).unwrap(), [3, 4, 5, 6, 20]);
        assert_eq!(parse_set(" 4, 1,3 ,1", 1).unwrap(), [1, 3, 4]);
        assert_eq!(parse_set("2..=4", 1).unwrap(), [2, 3, 4]);
        assert!(parse_set("0,1", 1).unwrap_err().contains("at least 1"));
        assert!(parse_set("1,,2", 1).unwrap_err().contains("empty item"));
        assert!(parse_set("6..3", 1).unwrap_err().contains("empty"));
        assert!(parse_set("1..1000000000000", 1).unwrap_err().contains("fixed limit"));
        assert!(parse_set("18446744073709551617", 1).unwrap_err().contains("too large"));
        assert!(parse_set("x", 1).unwrap_err().contains("not a whole number"));
        assert_eq!(parse_range("7").unwrap(), (7, 7));
        assert!(parse_range("3..").is_err());
        assert!(parse_count("-3").unwrap_err().contains("negative"));
        assert_eq!(set_text(&[1, 2, 3, 4, 5, 9, 11, 12]), "1..5,9,11,12");
    }

    proptest! {
        #[test]
        fn set_text_round_trips(mut members in proptest::collection::vec(1u64..200, 1..40)) {
            members.sort_unstable();
            members.dedup();
            prop_assert_eq!(parse_set(&set_text(&members), 1).unwrap(), members);
        }
    }
}
