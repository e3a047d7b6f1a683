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

/// Parses a count: a whole number that fits in 64 bits.
///
/// # Errors
/// A sentence saying why `text` is not one (empty, not digits, negative, too large).
pub fn parse_count(text: &str) -> Result<u64, String> {
    let digits = text.trim();
    if digits.is_empty() {
        return Err("expected a whole number, got nothing".into());
    }
    if let Some(rest) = digits.strip_prefix('-') {
        if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("'{digits}' is negative; expected a whole number of at least 0"));
        }
    }
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("'{digits}' is not a whole number"));
    }
    digits.parse().map_err(|_| format!("'{digits}' is too large: at most {} (2^64 - 1)", u64::MAX))
}

/// Why a text is not a natural number, as data: the text, and whether it was negative. Its
/// words in both languages are made from it ([`NaturalError::words`]; `Display` is the English).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NaturalError {
    /// A negative number.
    #[error("'{0}' is negative; expected a whole number of at least 0")]
    Negative(String),
    /// Anything else that is not decimal digits.
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
    let text = text.trim();
    let (low, high) = match text.split_once("..") {
        None => (text, text),
        Some((low, high)) => (low, high.strip_prefix('=').unwrap_or(high)),
    };
    if low.trim().is_empty() || high.trim().is_empty() {
        return Err(format!("'{text}' is not a range like 3..6 (both ends included)"));
    }
    let low = parse_count(low)?;
    let high = parse_count(high)?;
    if low > high {
        return Err(format!("the range {low}..{high} is empty: it needs {low} <= {high}"));
    }
    Ok((low, high))
}

/// Parses a set `3..6,20`: sorted, without duplicates, every member at least `min`.
///
/// # Errors
/// A sentence for a malformed item, a member below `min`, an empty set, or more than
/// [`MAX_SET_MEMBERS`] members.
pub fn parse_set(text: &str, min: u64) -> Result<Vec<u64>, String> {
    let mut members = Vec::new();
    for item in text.split(',') {
        if item.trim().is_empty() {
            return Err(format!("'{text}' has an empty item; write members like 1,3,4 or 3..6,20"));
        }
        let (low, high) = parse_range(item)?;
        if low < min {
            return Err(format!("{low} is below {min}: every member must be at least {min}"));
        }
        let count = (high - low).saturating_add(1);
        if (members.len() as u64).saturating_add(count) > MAX_SET_MEMBERS {
            return Err(format!("the set has more than {MAX_SET_MEMBERS} members (a fixed limit)"));
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
