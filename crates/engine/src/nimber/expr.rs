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
        message: String,
    },
    /// The budget ran out.
    Exhausted(Exhausted),
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExprError::Syntax { column, message } => write!(f, "at column {column}: {message}"),
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
    fn describe(&self) -> String {
        match self {
            Token::Number(n) => format!("the number {n}"),
            Token::Name(name) => format!("'{name}'"),
            Token::Plus => "'+'".into(),
            Token::Times => "'*'".into(),
            Token::Divide => "'/'".into(),
            Token::Caret => "'^'".into(),
            Token::Minus => "'-'".into(),
            Token::Open => "'('".into(),
            Token::Close => "')'".into(),
            Token::End => "the end of the expression".into(),
        }
    }
}

fn syntax<T>(column: usize, message: impl Into<String>) -> Result<T, ExprError> {
    Err(ExprError::Syntax { column, message: message.into() })
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
            let (digits, radix, kind) = if let Some(d) = lower.strip_prefix("0x") {
                (d, 16, "hexadecimal")
            } else if let Some(d) = lower.strip_prefix("0b") {
                (d, 2, "binary")
            } else {
                (lower.as_str(), 10, "decimal")
            };
            match BigUint::from_str_radix(digits, radix) {
                Ok(n) if !digits.is_empty() => out.push((Token::Number(n), column)),
                _ => return syntax(column, format!("'{word}' is not a {kind} number")),
            }
        } else if c.is_alphabetic() {
            let start = i;
            while i < chars.len() && chars[i].is_alphanumeric() {
                i += 1;
            }
            out.push((Token::Name(chars[start..i].iter().collect()), column));
        } else {
            return syntax(column, format!("unexpected character '{c}'"));
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
            (t, column) => syntax(
                column,
                format!("expected ')' to close the '(' at column {open}, found {}", t.describe()),
            ),
        }
    }

    fn sum(&mut self) -> Result<BigUint, ExprError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return syntax(
                self.peek().1,
                format!("more than {MAX_DEPTH} nested parentheses (a fixed limit)"),
            );
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
                        return syntax(column, "division by 0: 0 has no nim-inverse");
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
            (t, column) => {
                return syntax(
                    column,
                    format!("expected an integer exponent after '^' (e.g. ^3, ^-1), found {}", t.describe()),
                )
            }
        };
        if self.peek().0 == Token::Caret {
            return syntax(self.peek().1, "a power of a power needs parentheses: write (a^b)^c");
        }
        let base = if negative {
            match big::inv(&base, self.budget)? {
                Some(inverse) => inverse,
                None => return syntax(caret, "0 has no nim-inverse, so it has no negative power"),
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
                    return syntax(
                        column,
                        format!("unknown function '{name}': the functions are sqrt and inv"),
                    );
                }
                let open = match self.next() {
                    (Token::Open, open) => open,
                    (t, at) => {
                        return syntax(at, format!("expected '(' after {function}, found {}", t.describe()))
                    }
                };
                let argument = self.sum()?;
                self.expect_close(open)?;
                if function == "sqrt" {
                    Ok(big::sqrt(&argument, self.budget)?)
                } else {
                    match big::inv(&argument, self.budget)? {
                        Some(inverse) => Ok(inverse),
                        None => syntax(column, "0 has no nim-inverse"),
                    }
                }
            }
            (Token::Minus, column) => {
                syntax(column, "nimbers are not negative: '-' only follows '^' (as in ^-1)")
            }
            (t, column) => {
                syntax(column, format!("expected a number, '(' or a function, found {}", t.describe()))
            }
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
        return syntax(
            MAX_EXPRESSION + 1,
            format!("the expression has {length} characters; at most {MAX_EXPRESSION} (a fixed limit)"),
        );
    }
    let tokens = tokens(text)?;
    budget.charge(tokens.len() as u64)?;
    let mut parser = Parser { tokens, at: 0, budget, depth: 0 };
    let value = parser.sum()?;
    match parser.peek() {
        (Token::End, _) => Ok(value),
        (Token::Close, column) => syntax(*column, "')' without a matching '('"),
        (t, column) => syntax(*column, format!("expected an operator (+, *, /, ^), found {}", t.describe())),
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
}
