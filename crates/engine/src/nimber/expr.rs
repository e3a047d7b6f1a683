//! Expressions of nimbers: `(5*7 + 3)^-1`, `sqrt(2^64) * 3`.
//!
//! Grammar (spaces anywhere between tokens):
//!
//! ```text
//! sum     = product { ("+" | "⊕") product }
//! product = power { ("*" | "⊗" | "/") power }
//! power   = atom [ "^" ["-"] integer ]
//! atom    = number | "(" sum ")" | ("sqrt" | "inv") "(" sum ")"
//! number  = decimal digits | "0x" hexadecimal digits | "0b" binary digits
//! ```
//!
//! `+` is the nim-sum, `*` the nim-product, `a / b` is `a ⊗ b^-1`, `^e` a power (`^-1` the
//! inverse, `^-e` the inverse's power), `sqrt` the nim square root. Numbers have any size.
//! Errors name the column (counted in characters from 1) of the fault: a bad token, a missing
//! parenthesis, or an inverse of 0.

use std::fmt;

use num_bigint::BigUint;
use num_traits::Num;

use super::big;
use crate::budget::{Budget, Exhausted};
use crate::lang::{words, Words};

/// The most characters of an expression (a fixed limit, as for numbers on the command line).
pub(crate) const MAX_EXPRESSION: usize = 100_000;

/// Why an expression could not be evaluated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExprError {
    /// The expression is malformed, or asks for an inverse of 0: the column and what is wrong.
    Syntax {
        /// 1-based character column of the fault.
        column: usize,
        /// What is wrong there.
        fault: ExprFault,
    },
    /// The budget ran out.
    Exhausted(Exhausted),
}

/// What is wrong at a column of an expression, as data; [`ExprFault::words`] words it in both
/// languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExprFault {
    /// A word starting with a digit that is not a number of its base.
    BadNumber {
        /// The word.
        word: String,
        /// Its base: 2, 10 or 16.
        radix: u32,
    },
    /// A character outside the grammar.
    UnexpectedCharacter {
        /// The character.
        found: char,
    },
    /// A `(` not closed where it should be.
    ExpectedClose {
        /// The column of the `(`.
        open: usize,
        /// What stands there instead.
        found: Found,
    },
    /// Parentheses nested beyond the fixed limit.
    TooDeep {
        /// The limit.
        max: usize,
    },
    /// A division by 0.
    DivisionByZero,
    /// No integer exponent after `^`.
    ExpectedExponent {
        /// What stands there instead.
        found: Found,
    },
    /// `a^b^c` without parentheses.
    PowerOfPower,
    /// A negative power of 0.
    NegativePowerOfZero,
    /// A name that is not a function.
    UnknownFunction {
        /// The name.
        name: String,
    },
    /// No `(` after a function.
    ExpectedOpen {
        /// The function.
        function: String,
        /// What stands there instead.
        found: Found,
    },
    /// `inv(0)`.
    InverseOfZero,
    /// A `-` that follows no `^`.
    Negative,
    /// No number, `(` or function where one must stand.
    ExpectedAtom {
        /// What stands there instead.
        found: Found,
    },
    /// An expression beyond the fixed limit of characters.
    TooLong {
        /// Its characters.
        length: usize,
        /// The limit.
        max: usize,
    },
    /// A `)` with no `(`.
    UnmatchedClose,
    /// No operator between two operands.
    ExpectedOperator {
        /// What stands there instead.
        found: Found,
    },
}

/// What an expression holds where something else was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// A number, in decimal, as the caller typed it.
    Number(String),
    /// A name, as the caller typed it.
    Name(String),
    /// An operator or parenthesis.
    Symbol(char),
    /// The end of the expression.
    End,
}

impl Found {
    fn words(&self) -> Words {
        match self {
            Found::Number(n) => words!("the number {n}", "数 {n}"),
            Found::Name(name) => words!("'{name}'", "'{name}'"),
            Found::Symbol(c) => words!("'{c}'", "'{c}'"),
            Found::End => words!("the end of the expression", "表达式的结尾"),
        }
    }
}

impl ExprFault {
    /// What is wrong, in both languages, from the fault's data.
    pub fn words(&self) -> Words {
        match self {
            ExprFault::BadNumber { word, radix } => {
                let (en, zh) = match radix {
                    16 => ("hexadecimal", "十六进制"),
                    2 => ("binary", "二进制"),
                    _ => ("decimal", "十进制"),
                };
                words!("'{word}' is not a {en} number", "'{word}' 不是{zh}数")
            }
            ExprFault::UnexpectedCharacter { found } => {
                words!("unexpected character '{found}'", "意外的字符 '{found}'")
            }
            ExprFault::ExpectedClose { open, found } => {
                let Words { en, zh } = found.words();
                words!(
                    "expected ')' to close the '(' at column {open}, found {en}",
                    "应有 ')' 来闭合第 {open} 列的 '('，却是{zh}"
                )
            }
            ExprFault::TooDeep { max } => words!(
                "more than {max} nested parentheses (a fixed limit)",
                "括号嵌套超过 {max} 层（固定上限）"
            ),
            ExprFault::DivisionByZero => {
                words!("division by 0: 0 has no nim-inverse", "除以 0：0 没有尼姆逆元")
            }
            ExprFault::ExpectedExponent { found } => {
                let Words { en, zh } = found.words();
                words!(
                    "expected an integer exponent after '^' (e.g. ^3, ^-1), found {en}",
                    "'^' 后面应有整数指数（例如 ^3、^-1），却是{zh}"
                )
            }
            ExprFault::PowerOfPower => {
                words!("a power of a power needs parentheses: write (a^b)^c", "幂的幂需要括号：请写 (a^b)^c")
            }
            ExprFault::NegativePowerOfZero => words!(
                "0 has no nim-inverse, so it has no negative power",
                "0 没有尼姆逆元，所以没有负数次幂"
            ),
            ExprFault::UnknownFunction { name } => words!(
                "unknown function '{name}': the functions are sqrt and inv",
                "未知的函数 '{name}'：函数只有 sqrt 和 inv"
            ),
            ExprFault::ExpectedOpen { function, found } => {
                let Words { en, zh } = found.words();
                words!("expected '(' after {function}, found {en}", "{function} 后面应有 '('，却是{zh}")
            }
            ExprFault::InverseOfZero => words!("0 has no nim-inverse", "0 没有尼姆逆元"),
            ExprFault::Negative => words!(
                "nimbers are not negative: '-' only follows '^' (as in ^-1)",
                "尼姆数没有负数：'-' 只能跟在 '^' 后面（如 ^-1）"
            ),
            ExprFault::ExpectedAtom { found } => {
                let Words { en, zh } = found.words();
                words!("expected a number, '(' or a function, found {en}", "应有一个数、'(' 或函数，却是{zh}")
            }
            ExprFault::TooLong { length, max } => words!(
                "the expression has {length} characters; at most {max} (a fixed limit)",
                "表达式有 {length} 个字符；至多 {max} 个（固定上限）"
            ),
            ExprFault::UnmatchedClose => words!("')' without a matching '('", "')' 没有对应的 '('"),
            ExprFault::ExpectedOperator { found } => {
                let Words { en, zh } = found.words();
                words!("expected an operator (+, *, /, ^), found {en}", "应有运算符（+、*、/、^），却是{zh}")
            }
        }
    }
}

impl fmt::Display for ExprFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words().en)
    }
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExprError::Syntax { column, fault } => write!(f, "at column {column}: {fault}"),
            ExprError::Exhausted(e) => write!(f, "the evaluation stopped: {e}"),
        }
    }
}

impl std::error::Error for ExprError {}

impl From<Exhausted> for ExprError {
    fn from(e: Exhausted) -> Self {
        ExprError::Exhausted(e)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Number(BigUint),
    Name(String),
    Plus,
    Times,
    Divide,
    Caret,
    Minus,
    Open,
    Close,
    End,
}

impl Token {
    fn found(&self) -> Found {
        match self {
            Token::Number(n) => Found::Number(n.to_string()),
            Token::Name(name) => Found::Name(name.clone()),
            Token::Plus => Found::Symbol('+'),
            Token::Times => Found::Symbol('*'),
            Token::Divide => Found::Symbol('/'),
            Token::Caret => Found::Symbol('^'),
            Token::Minus => Found::Symbol('-'),
            Token::Open => Found::Symbol('('),
            Token::Close => Found::Symbol(')'),
            Token::End => Found::End,
        }
    }
}

fn syntax<T>(column: usize, fault: ExprFault) -> Result<T, ExprError> {
    Err(ExprError::Syntax { column, fault })
}

/// The tokens with their 1-based columns.
fn tokens(text: &str) -> Result<Vec<(Token, usize)>, ExprError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let column = i + 1;
        let single = match c {
            '+' | '⊕' => Some(Token::Plus),
            '*' | '⊗' | '×' => Some(Token::Times),
            '/' => Some(Token::Divide),
            '^' => Some(Token::Caret),
            '-' => Some(Token::Minus),
            '(' => Some(Token::Open),
            ')' => Some(Token::Close),
            _ => None,
        };
        if let Some(t) = single {
            out.push((t, column));
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().filter(|&&c| c != '_').collect();
            let lower = word.to_ascii_lowercase();
            let (digits, radix) = if let Some(d) = lower.strip_prefix("0x") {
                (d, 16)
            } else if let Some(d) = lower.strip_prefix("0b") {
                (d, 2)
            } else {
                (lower.as_str(), 10)
            };
            match BigUint::from_str_radix(digits, radix) {
                Ok(n) if !digits.is_empty() => out.push((Token::Number(n), column)),
                _ => return syntax(column, ExprFault::BadNumber { word, radix }),
            }
        } else if c.is_alphabetic() {
            let start = i;
            while i < chars.len() && chars[i].is_alphanumeric() {
                i += 1;
            }
            out.push((Token::Name(chars[start..i].iter().collect()), column));
        } else {
            return syntax(column, ExprFault::UnexpectedCharacter { found: c });
        }
    }
    out.push((Token::End, chars.len() + 1));
    Ok(out)
}

struct Parser<'a> {
    tokens: Vec<(Token, usize)>,
    at: usize,
    budget: &'a Budget,
    /// Parentheses open around the current token.
    depth: usize,
}

/// The deepest nesting of parentheses (a fixed limit: the parser recurses on them).
pub(crate) const MAX_DEPTH: usize = 1000;

impl Parser<'_> {
    fn peek(&self) -> &(Token, usize) {
        &self.tokens[self.at]
    }

    fn next(&mut self) -> (Token, usize) {
        let t = self.tokens[self.at].clone();
        if self.at + 1 < self.tokens.len() {
            self.at += 1;
        }
        t
    }

    fn expect_close(&mut self, open: usize) -> Result<(), ExprError> {
        match self.next() {
            (Token::Close, _) => Ok(()),
            (t, column) => syntax(column, ExprFault::ExpectedClose { open, found: t.found() }),
        }
    }

    fn sum(&mut self) -> Result<BigUint, ExprError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return syntax(self.peek().1, ExprFault::TooDeep { max: MAX_DEPTH });
        }
        let value = self.terms();
        self.depth -= 1;
        value
    }

    fn terms(&mut self) -> Result<BigUint, ExprError> {
        let mut value = self.product()?;
        while self.peek().0 == Token::Plus {
            self.next();
            value ^= self.product()?;
        }
        Ok(value)
    }

    fn product(&mut self) -> Result<BigUint, ExprError> {
        let mut value = self.power()?;
        loop {
            match self.peek().0 {
                Token::Times => {
                    self.next();
                    let right = self.power()?;
                    value = big::mul(&value, &right, self.budget)?;
                }
                Token::Divide => {
                    let (_, column) = self.next();
                    let right = self.power()?;
                    let Some(inverse) = big::inv(&right, self.budget)? else {
                        return syntax(column, ExprFault::DivisionByZero);
                    };
                    value = big::mul(&value, &inverse, self.budget)?;
                }
                _ => return Ok(value),
            }
        }
    }

    fn power(&mut self) -> Result<BigUint, ExprError> {
        let base = self.atom()?;
        if self.peek().0 != Token::Caret {
            return Ok(base);
        }
        let (_, caret) = self.next();
        let negative = if self.peek().0 == Token::Minus {
            self.next();
            true
        } else {
            false
        };
        let exponent = match self.next() {
            (Token::Number(e), _) => e,
            (t, column) => return syntax(column, ExprFault::ExpectedExponent { found: t.found() }),
        };
        if self.peek().0 == Token::Caret {
            return syntax(self.peek().1, ExprFault::PowerOfPower);
        }
        let base = if negative {
            match big::inv(&base, self.budget)? {
                Some(inverse) => inverse,
                None => return syntax(caret, ExprFault::NegativePowerOfZero),
            }
        } else {
            base
        };
        Ok(big::pow(&base, &exponent, self.budget)?)
    }

    fn atom(&mut self) -> Result<BigUint, ExprError> {
        match self.next() {
            (Token::Number(n), _) => Ok(n),
            (Token::Open, column) => {
                let value = self.sum()?;
                self.expect_close(column)?;
                Ok(value)
            }
            (Token::Name(name), column) => {
                let function = name.to_ascii_lowercase();
                if function != "sqrt" && function != "inv" {
                    return syntax(column, ExprFault::UnknownFunction { name });
                }
                let open = match self.next() {
                    (Token::Open, open) => open,
                    (t, at) => return syntax(at, ExprFault::ExpectedOpen { function, found: t.found() }),
                };
                let argument = self.sum()?;
                self.expect_close(open)?;
                if function == "sqrt" {
                    Ok(big::sqrt(&argument, self.budget)?)
                } else {
                    match big::inv(&argument, self.budget)? {
                        Some(inverse) => Ok(inverse),
                        None => syntax(column, ExprFault::InverseOfZero),
                    }
                }
            }
            (Token::Minus, column) => syntax(column, ExprFault::Negative),
            (t, column) => syntax(column, ExprFault::ExpectedAtom { found: t.found() }),
        }
    }
}

/// Evaluates an expression of nimbers under `budget`.
///
/// # Errors
/// [`ExprError::Syntax`] with the column of the fault, or what ran out of the budget.
pub fn evaluate(text: &str, budget: &Budget) -> Result<BigUint, ExprError> {
    let length = text.chars().count();
    if length > MAX_EXPRESSION {
        return syntax(MAX_EXPRESSION + 1, ExprFault::TooLong { length, max: MAX_EXPRESSION });
    }
    let tokens = tokens(text)?;
    budget.charge(tokens.len() as u64)?;
    let mut parser = Parser { tokens, at: 0, budget, depth: 0 };
    let value = parser.sum()?;
    match parser.peek() {
        (Token::End, _) => Ok(value),
        (Token::Close, column) => syntax(*column, ExprFault::UnmatchedClose),
        (t, column) => syntax(*column, ExprFault::ExpectedOperator { found: t.found() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(text: &str) -> Result<BigUint, ExprError> {
        evaluate(text, &Budget::default())
    }

    fn value(text: &str) -> String {
        eval(text).unwrap_or_else(|e| panic!("{text}: {e}")).to_string()
    }

    fn error(text: &str) -> String {
        eval(text).unwrap_err().to_string()
    }

    #[test]
    fn values() {
        assert_eq!(value("2*2"), "3");
        assert_eq!(value("5 * 7 + 3"), "14");
        assert_eq!(value("(5*7 + 3)^-1"), crate::nimber::inv(14).unwrap().to_string());
        assert_eq!(value("14 * (5*7 + 3)^-1"), "1");
        assert_eq!(value("6 / 3"), crate::nimber::mul(6, crate::nimber::inv(3).unwrap()).to_string());
        assert_eq!(value("sqrt(3)"), "2");
        assert_eq!(value("inv(2)"), "3");
        assert_eq!(value("2^0"), "1");
        assert_eq!(value("0^0"), "1");
        assert_eq!(value("0x10 ⊗ 0b10000"), "24");
        assert_eq!(value("1+2*3^2"), (1 ^ crate::nimber::mul(2, crate::nimber::mul(3, 3))).to_string());
        // 2^64 is the Fermat 2-power F_6: F ⊗ F = F ⊕ F/2.
        assert_eq!(value("18446744073709551616 * 18446744073709551616"), "27670116110564327424");
        assert_eq!(value("sqrt(18446744073709551616)^2"), "18446744073709551616");
        assert_eq!(value("2^-3 * 2^3"), "1");
    }

    #[test]
    fn errors_name_the_column() {
        assert_eq!(
            error("5 * "),
            "at column 5: expected a number, '(' or a function, found the end of the expression"
        );
        assert_eq!(
            error("(5*7 + 3^-1"),
            "at column 12: expected ')' to close the '(' at column 1, found the end of the expression"
        );
        assert_eq!(error("5 7"), "at column 3: expected an operator (+, *, /, ^), found the number 7");
        assert_eq!(error("0^-1"), "at column 2: 0 has no nim-inverse, so it has no negative power");
        assert_eq!(error("3 / (2+2)"), "at column 3: division by 0: 0 has no nim-inverse");
        assert_eq!(
            error("2 ^ x"),
            "at column 5: expected an integer exponent after '^' (e.g. ^3, ^-1), found 'x'"
        );
        assert_eq!(error("2^2^2"), "at column 4: a power of a power needs parentheses: write (a^b)^c");
        assert_eq!(error("cos(2)"), "at column 1: unknown function 'cos': the functions are sqrt and inv");
        assert_eq!(error("12a"), "at column 1: '12a' is not a decimal number");
        assert_eq!(error("0x"), "at column 1: '0x' is not a hexadecimal number");
        assert_eq!(error("1 $ 2"), "at column 3: unexpected character '$'");
        assert_eq!(error("1)"), "at column 2: ')' without a matching '('");
        assert_eq!(error("-1"), "at column 1: nimbers are not negative: '-' only follows '^' (as in ^-1)");
        assert_eq!(
            error(""),
            "at column 1: expected a number, '(' or a function, found the end of the expression"
        );
        assert!(error(&"(".repeat(5000)).starts_with("at column 1001: more than 1000 nested"));
        assert!(matches!(eval(&"1+".repeat(60_000)), Err(ExprError::Syntax { column: 100_001, .. })));
    }

    #[test]
    fn the_budget_stops_an_evaluation() {
        let text = format!("(0x1{} + 3)^-1", "0".repeat(25_000));
        let err = evaluate(&text, &Budget::new(1000)).unwrap_err();
        assert!(matches!(err, ExprError::Exhausted(_)), "{err}");
    }

    /// Where a fault stands among the samples; a new fault is a new arm (the match is
    /// exhaustive) and needs a sample.
    fn slot(fault: &ExprFault) -> usize {
        match fault {
            ExprFault::BadNumber { .. } => 0,
            ExprFault::UnexpectedCharacter { .. } => 1,
            ExprFault::ExpectedClose { .. } => 2,
            ExprFault::TooDeep { .. } => 3,
            ExprFault::DivisionByZero => 4,
            ExprFault::ExpectedExponent { .. } => 5,
            ExprFault::PowerOfPower => 6,
            ExprFault::NegativePowerOfZero => 7,
            ExprFault::UnknownFunction { .. } => 8,
            ExprFault::ExpectedOpen { .. } => 9,
            ExprFault::InverseOfZero => 10,
            ExprFault::Negative => 11,
            ExprFault::ExpectedAtom { .. } => 12,
            ExprFault::TooLong { .. } => 13,
            ExprFault::UnmatchedClose => 14,
            ExprFault::ExpectedOperator { .. } => 15,
        }
    }

    #[test]
    fn every_expression_fault_has_its_words_in_both_languages() {
        let deep = "(".repeat(1001);
        let long = "1+".repeat(60_000);
        let samples: [(&str, &[&str]); 19] = [
            ("0b12", &["'0b12'"]),
            ("1 $ 2", &["'$'"]),
            ("(5*7 + 3^-1", &["')'", "'('", "1"]),
            (&deep, &["1000"]),
            ("3 / (2+2)", &["0"]),
            ("2 ^ x", &["'^'", "^3", "^-1", "'x'"]),
            ("2^2^2", &["(a^b)^c"]),
            ("0^-1", &["0"]),
            ("cos(2)", &["'cos'", "sqrt", "inv"]),
            ("sqrt 2", &["'('", "sqrt", "the number 2"]),
            ("inv(0)", &["0"]),
            ("-1", &["'-'", "'^'", "^-1"]),
            ("5 * ", &["'('"]),
            (&long, &["120000", "100000"]),
            ("1)", &["')'", "'('"]),
            ("5 7", &["the number 7"]),
            ("5 (1)", &["'('"]),
            ("5 x", &["'x'"]),
            ("1 + *", &["'*'"]),
        ];
        let mut slots = Vec::new();
        for (text, data) in samples {
            let Err(ExprError::Syntax { fault, .. }) = eval(text) else { panic!("{text:?} is not a fault") };
            slots.push(slot(&fault));
            // The number's words are the English's own ("the number 7"); the Chinese names the
            // number itself.
            let data: Vec<String> = data.iter().map(|d| d.replace("the number ", "")).collect();
            crate::error::tests::check_words(&format!("{fault:?}"), &fault.words(), &data);
            assert_eq!(fault.to_string(), fault.words().en);
        }
        slots.sort_unstable();
        slots.dedup();
        assert_eq!(slots, (0..16).collect::<Vec<_>>(), "one sample of every fault");
    }
}
