//! [`CodeError`]: a malformed take-and-break code, as data, worded in both languages at the edge.
//! It lives beside the engine's errors (below `octal/`, which re-exports it) so that
//! [`super::RequestError::Code`] can carry it.

use std::fmt;

use crate::lang::{words, Words};

/// A malformed code. `column` counts characters from 1; `digit` is the index `j` of `d_j`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeError {
    /// Nothing was given.
    Empty,
    /// The code has no point.
    MissingPoint {
        /// The code as given.
        code: String,
    },
    /// A character that is not a digit of the notation.
    BadCharacter {
        /// The code as given.
        code: String,
        /// Position of the character, from 1.
        column: usize,
        /// The character.
        found: char,
    },
    /// A digit above 7 in an octal code.
    NotOctal {
        /// The code as given.
        code: String,
        /// Position of the character, from 1.
        column: usize,
        /// The character.
        found: char,
        /// The digit's index `j`.
        digit: usize,
    },
    /// A character that is not a hexadecimal digit in a `0x` code.
    NotHexadecimal {
        /// The code as given.
        code: String,
        /// Position of the character, from 1.
        column: usize,
        /// The character.
        found: char,
        /// The digit's index `j`.
        digit: usize,
    },
    /// `d0` has bit 1 or 2 set.
    BadFirstDigit {
        /// The code as given.
        code: String,
        /// Position of the character, from 1.
        column: usize,
        /// The character.
        found: char,
    },
    /// More than one digit before the point, or a second point.
    Misplaced {
        /// The code as given.
        code: String,
        /// Position of the character, from 1.
        column: usize,
        /// The character.
        found: char,
    },
}

impl CodeError {
    /// What is wrong, in both languages, from the error's data.
    pub fn words(&self) -> Words {
        match self {
            CodeError::Empty => words!(
                "empty octal code; write it as d0.d1d2..., e.g. 0.77 (Kayles) or 0.07 (Dawson's Kayles)",
                "八进制代码是空的；写成 d0.d1d2... 的形式，例如 0.77（凯尔斯）或 0.07（道森凯尔斯）"
            ),
            CodeError::MissingPoint { code } => {
                // The digits after a point of d0 = 0, in the code's own base: `77` is 0.77, `0x7f` 0x0.7f.
                let example = match code.get(..2) {
                    Some(prefix @ ("0x" | "0X")) => format!("{prefix}0.{}", &code[2..]),
                    _ => format!("0.{code}"),
                };
                words!(
                    "octal code `{code}` has no point; write it as d0.d1d2..., e.g. {example}",
                    "八进制代码 `{code}` 没有小数点；写成 d0.d1d2... 的形式，例如 {example}"
                )
            }
            CodeError::BadCharacter { code, column, found } => words!(
                "octal code `{code}`: character {column} ('{found}') is not a digit; write d0.d1d2..., e.g. 0.77",
                "八进制代码 `{code}`：第 {column} 个字符（'{found}'）不是数字；写成 d0.d1d2... 的形式，例如 0.77"
            ),
            CodeError::NotOctal { code, column, found, digit } => words!(
                "octal code `{code}`: character {column} ('{found}', digit d{digit}) is not an octal digit (0-7); \
                 for a hexadecimal code (bit 8: leave three heaps) write it with 0x, e.g. 0x{code}",
                "八进制代码 `{code}`：第 {column} 个字符（'{found}'，数位 d{digit}）不是八进制数字（0-7）；\
                 十六进制代码（位 8：留下三堆）要加前缀 0x，例如 0x{code}"
            ),
            CodeError::NotHexadecimal { code, column, found, digit } => words!(
                "hexadecimal code `{code}`: character {column} ('{found}', digit d{digit}) is not a hexadecimal \
                 digit (0-9, A-F)",
                "十六进制代码 `{code}`：第 {column} 个字符（'{found}'，数位 d{digit}）不是十六进制数字（0-9，A-F）"
            ),
            CodeError::BadFirstDigit { code, column, found } => words!(
                "octal code `{code}`: character {column} ('{found}', digit d0) is not allowed before the point: \
                 d0 says how a heap splits without removing anything, so it is 0 or 4 (or 8 or C in \
                 hexadecimal); 1 and 2 would remove nothing and leave nothing or the same heap",
                "八进制代码 `{code}`：第 {column} 个字符（'{found}'，数位 d0）不能放在小数点前：d0 表示不取走任何东西时\
                 一堆怎样分开，所以它是 0 或 4（十六进制还可以是 8 或 C）；1 和 2 表示什么也不取走、\
                 留下空堆或原来那一堆"
            ),
            CodeError::Misplaced { code, column, found } => words!(
                "octal code `{code}`: character {column} ('{found}') is not allowed there; only one digit (d0) \
                 goes before the point and the code has one point",
                "八进制代码 `{code}`：第 {column} 个字符（'{found}'）不能出现在这里；小数点前只有一个数位（d0），\
                 代码只有一个小数点"
            ),
        }
    }
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words().en)
    }
}

impl std::error::Error for CodeError {}
