//! Octal and hexadecimal codes in Winning Ways' notation `d0.d1d2...dk`.
//!
//! Digit `d_j` says how `j` tokens may be removed from a heap: bit 1 when they are the whole
//! heap, bit 2 leaving one non-empty heap, bit 4 leaving two non-empty heaps, bit 8 leaving three
//! non-empty heaps (hexadecimal codes, as CGSuite and Howse–Nowakowski write them, with digits
//! `A`–`F` for 10–15). `d0` describes splitting a heap without removing anything, so only its
//! bits 4 and 8 mean something: `4.07` may split a heap in two. Bit 1 of `d0` (remove nothing,
//! leave nothing) is void and bit 2 (remove nothing, leave the heap) would be a pass that makes
//! the game loopy, so `d0` must be 0 or 4 (or 8 or C in hexadecimal).
//!
//! # How hexadecimal is asked for
//! A code is octal unless it starts with `0x` (or `0X`): `0.8` is an error naming the digit 8,
//! `0x0.8` is the hexadecimal code "remove one token and split the rest into three heaps". So a
//! typo in an octal code is never silently read as a different game. [`OctalCode`]'s `Display`
//! writes the prefix exactly when a digit uses bit 8, so printing and parsing round-trip.
//!
//! Codes have any number of digits. Trailing zeros are kept as written (`0.070` displays as
//! `0.070`) but define the same game as without them; [`OctalCode::canonical`] drops them.

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

/// A take-and-break code `d0.d1d2...dk` (octal, or hexadecimal with bit 8 = three heaps).
///
/// ```
/// use nimlab_engine::octal::OctalCode;
///
/// let kayles: OctalCode = "0.77".parse().unwrap();
/// assert_eq!(kayles, OctalCode::kayles());
/// assert_eq!(kayles.to_string(), "0.77");
/// assert_eq!(kayles.max_removal(), 2);
/// assert!("0.8".parse::<OctalCode>().is_err());
/// assert_eq!("0x0.8".parse::<OctalCode>().unwrap().to_string(), "0x0.8");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OctalCode {
    /// `digits[j]` is `d_j`; `digits[0]` is `d0`. Never empty.
    digits: Vec<u8>,
}

use crate::error::CodeError;

impl OctalCode {
    /// The code with these digits (`digits[0]` is `d0`).
    ///
    /// # Errors
    /// [`CodeError::Empty`] for no digits, [`CodeError::NotHexadecimal`] for a digit above 15,
    /// [`CodeError::BadFirstDigit`] when `d0` has bit 1 or 2.
    pub(crate) fn from_digits(digits: Vec<u8>) -> Result<Self, CodeError> {
        let code = OctalCode { digits };
        let text = || code.digits.iter().map(|d| format!("{d:X}")).collect::<String>();
        match code.digits.first() {
            None => return Err(CodeError::Empty),
            Some(d0) if d0 & 3 != 0 => {
                let found = char::from_digit(u32::from(*d0 & 15), 16).unwrap_or('?').to_ascii_uppercase();
                return Err(CodeError::BadFirstDigit { code: text(), column: 1, found });
            }
            _ => {}
        }
        if let Some(j) = code.digits.iter().position(|&d| d > 15) {
            return Err(CodeError::NotHexadecimal { code: text(), column: j + 1, found: '?', digit: j });
        }
        Ok(code)
    }

    /// Kayles, `0.77`: knock down one pin or two adjacent pins from a row.
    pub fn kayles() -> Self {
        OctalCode { digits: vec![0, 7, 7] }
    }

    /// Dawson's Kayles, `0.07`: knock down two adjacent pins.
    pub fn dawson_kayles() -> Self {
        OctalCode { digits: vec![0, 0, 7] }
    }

    /// Dawson's chess, `0.137`: pawns on a 3 × n board, as an octal game.
    pub(crate) fn dawsons_chess() -> Self {
        OctalCode { digits: vec![0, 1, 3, 7] }
    }

    #[cfg(test)]
    /// The subtraction game SUB(`set`) as an octal code: digit 3 at each member (take `s` from
    /// a heap, leaving it empty or not), 0 elsewhere. Members 0 are ignored.
    pub(crate) fn from_subtraction_set(set: &[u64]) -> Self {
        let top = set.iter().copied().max().unwrap_or(0) as usize;
        let mut digits = vec![0; top + 1];
        for &s in set.iter().filter(|&&s| s > 0) {
            digits[s as usize] = 3;
        }
        OctalCode { digits }
    }

    /// `d0, d1, ..., dk` as written (trailing zeros included).
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// `d_j` (0 beyond the last digit).
    pub fn digit(&self, j: usize) -> u8 {
        self.digits.get(j).copied().unwrap_or(0)
    }

    /// True when some digit uses bit 8 (a move may leave three heaps).
    pub(crate) fn is_hexadecimal(&self) -> bool {
        self.digits.iter().any(|&d| d & 8 != 0)
    }

    /// The largest number of tokens a move removes: the index of the last non-zero digit
    /// (`t` of the periodicity theorem; 0 for a code like `4.` that only splits).
    pub fn max_removal(&self) -> usize {
        self.digits.iter().rposition(|&d| d != 0).unwrap_or(0)
    }

    /// The most heaps one move leaves from one heap: 3 with bit 8, 2 with bit 4, else 1.
    pub fn max_heaps_left(&self) -> usize {
        let bits = self.digits.iter().fold(0, |acc, &d| acc | d);
        if bits & 8 != 0 {
            3
        } else if bits & 4 != 0 {
            2
        } else {
            1
        }
    }

    /// The same game written without trailing zeros (`0.070` → `0.07`; `0.0` → `0.`).
    pub fn canonical(&self) -> OctalCode {
        let len = self.max_removal() + 1;
        OctalCode { digits: self.digits[..len].to_vec() }
    }
}

impl fmt::Display for OctalCode {
    /// `0.77`, `4.07`, or `0x0.8F` when a digit uses bit 8 (hexadecimal digits in upper case).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_hexadecimal() {
            f.write_str("0x")?;
        }
        for (j, d) in self.digits.iter().enumerate() {
            if j == 1 {
                f.write_str(".")?;
            }
            write!(f, "{d:X}")?;
        }
        if self.digits.len() == 1 {
            f.write_str(".")?;
        }
        Ok(())
    }
}

impl Serialize for OctalCode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl FromStr for OctalCode {
    type Err = CodeError;

    /// Parses `d0.d1d2...` (octal), `.d1d2...` (`d0 = 0`, as Winning Ways writes `·07`), or
    /// `0x` followed by the same in hexadecimal. Errors name the character and the digit.
    fn from_str(text: &str) -> Result<Self, CodeError> {
        if text.is_empty() {
            return Err(CodeError::Empty);
        }
        let owned = || text.to_string();
        let (hexadecimal, body, offset) = match text.get(..2) {
            Some("0x" | "0X") => (true, &text[2..], 2),
            _ => (false, text, 0),
        };
        if !body.contains('.') {
            if let Some((i, found)) = body.char_indices().find(|(_, c)| !c.is_ascii_hexdigit()) {
                let column = offset + body[..i].chars().count() + 1;
                return Err(CodeError::BadCharacter { code: owned(), column, found });
            }
            return Err(CodeError::MissingPoint { code: owned() });
        }
        let radix = if hexadecimal { 16 } else { 8 };
        let mut digits: Vec<u8> = Vec::new();
        let mut seen_point = false;
        for (i, found) in body.chars().enumerate() {
            let column = offset + i + 1;
            if found == '.' {
                if seen_point || digits.len() > 1 {
                    return Err(CodeError::Misplaced { code: owned(), column, found });
                }
                if digits.is_empty() {
                    digits.push(0);
                }
                seen_point = true;
                continue;
            }
            if !seen_point && !digits.is_empty() {
                return Err(CodeError::Misplaced { code: owned(), column, found });
            }
            let index = if seen_point { digits.len() } else { 0 };
            let Some(value) = found.to_digit(16) else {
                return Err(CodeError::BadCharacter { code: owned(), column, found });
            };
            if value >= radix {
                return Err(CodeError::NotOctal { code: owned(), column, found, digit: index });
            }
            if index == 0 && value & 3 != 0 {
                return Err(CodeError::BadFirstDigit { code: owned(), column, found });
            }
            digits.push(value as u8);
        }
        Ok(OctalCode { digits })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn parse(text: &str) -> Result<OctalCode, CodeError> {
        text.parse()
    }

    #[test]
    fn named_games_and_notation() {
        assert_eq!(parse("0.77").unwrap(), OctalCode::kayles());
        assert_eq!(parse(".07").unwrap(), OctalCode::dawson_kayles());
        assert_eq!(parse("0.137").unwrap(), OctalCode::dawsons_chess());
        assert_eq!(parse("4.07").unwrap().digits(), [4, 0, 7]);
        assert_eq!(parse("4.").unwrap().to_string(), "4.");
        assert_eq!(parse("0x4.8F").unwrap().to_string(), "0x4.8F");
        assert_eq!(parse("0x0.77").unwrap().to_string(), "0.77");
        assert_eq!(parse("0.070").unwrap().to_string(), "0.070");
        assert_eq!(parse("0.070").unwrap().canonical().to_string(), "0.07");
        assert_eq!(parse("0.000").unwrap().canonical().to_string(), "0.");
        assert_eq!(OctalCode::from_subtraction_set(&[2, 3, 5, 7]).to_string(), "0.0330303");
        assert_eq!(parse("0x0.8").unwrap().max_heaps_left(), 3);
        assert_eq!(OctalCode::kayles().max_heaps_left(), 2);
        assert_eq!(parse("0.33").unwrap().max_heaps_left(), 1);
        assert_eq!(parse("4.").unwrap().max_removal(), 0);
    }

    #[test]
    fn malformed_codes_name_the_bad_digit() {
        assert_eq!(parse(""), Err(CodeError::Empty));
        assert!(matches!(parse("0.8"), Err(CodeError::NotOctal { column: 3, found: '8', digit: 1, .. })));
        assert!(matches!(parse("0.178"), Err(CodeError::NotOctal { column: 5, digit: 3, .. })));
        assert!(matches!(parse("1.2"), Err(CodeError::BadFirstDigit { column: 1, found: '1', .. })));
        assert!(matches!(parse("0.7a"), Err(CodeError::NotOctal { column: 4, found: 'a', digit: 2, .. })));
        assert!(matches!(parse("0.7z"), Err(CodeError::BadCharacter { column: 4, found: 'z', .. })));
        assert!(matches!(parse("0x0.7g"), Err(CodeError::BadCharacter { column: 6, found: 'g', .. })));
        assert!(matches!(parse("kayles"), Err(CodeError::BadCharacter { column: 1, found: 'k', .. })));
        assert!(matches!(parse("077"), Err(CodeError::MissingPoint { .. })));
        // The example a missing point suggests parses, in either base.
        for (code, example) in [("77", "0.77"), ("0x7f", "0x0.7f")] {
            let message = parse(code).unwrap_err().to_string();
            assert!(message.ends_with(&format!("e.g. {example}")), "{message}");
            assert!(parse(example).is_ok(), "{example}");
        }
        assert!(matches!(parse("0.7.7"), Err(CodeError::Misplaced { column: 4, .. })));
        assert!(matches!(parse("40.7"), Err(CodeError::Misplaced { column: 2, .. })));
        assert!(matches!(parse("0x2.8"), Err(CodeError::BadFirstDigit { column: 3, .. })));
        let message = parse("0.8").unwrap_err().to_string();
        assert!(
            message.contains("character 3") && message.contains("d1") && message.contains("0x0.8"),
            "{message}"
        );
        assert!(OctalCode::from_digits(vec![]).is_err());
        assert!(OctalCode::from_digits(vec![1, 7]).is_err());
        assert!(OctalCode::from_digits(vec![0, 16]).is_err());
        assert_eq!(OctalCode::from_digits(vec![4, 0, 15]).unwrap().to_string(), "0x4.0F");
    }

    proptest! {
        #[test]
        fn display_and_parse_round_trip(d0 in prop::sample::select(vec![0u8, 4, 8, 12]), rest in prop::collection::vec(0u8..16, 0..40)) {
            let mut digits = vec![d0];
            digits.extend(rest);
            let code = OctalCode::from_digits(digits).unwrap();
            let text = code.to_string();
            prop_assert_eq!(parse(&text).unwrap(), code.clone());
            prop_assert_eq!(text.starts_with("0x"), code.is_hexadecimal());
            prop_assert_eq!(parse(&code.canonical().to_string()).unwrap().canonical(), code.canonical());
        }
    }
}
