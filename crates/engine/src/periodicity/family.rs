//! Families of subtraction sets (what `nimlab sweep` walks): fixed items and one or two
//! parameters, parsed and expanded into concrete sets.
//!
//! Grammar:
//! * the fixed items, comma-separated: an integer `7`, an interval `2..5` (= 2,3,4,5), or a
//!   linear term in the parameters `2a`, `a+2`, `3a-1`;
//! * a parameter `[NAME=]LO..HI[:STEP]` ranges over `LO, LO+STEP, ..., ≤ HI` (both ends
//!   inclusive) and joins the set. `LO` and `HI` may be terms in parameters declared before. An
//!   unnamed parameter is `c`. At most two: the first is the outer parameter, the last is the
//!   one the conjecture's fit varies.
//!
//! Arithmetic is checked: a member beyond `2^64 - 1` is an error, never a wrap.

use std::fmt;

use crate::lang::{words, Words};

/// A malformed family, or one that is too large, as data; its words in both languages are made
/// from that data when a surface asks ([`FamilyError::words`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FamilyError {
    /// A text that is neither a number nor a linear term.
    BadTerm {
        /// The text.
        text: String,
    },
    /// A term names a parameter not declared before it.
    UnknownParameter {
        /// The parameter's name.
        name: String,
    },
    /// A term's value beyond 128 bits at a parameter's value.
    TermOverflow {
        /// The term, canonical.
        term: String,
        /// The parameter.
        name: String,
        /// Its value.
        value: u64,
    },
    /// A malformed parameter range (`[NAME=]LO..HI[:STEP]`).
    BadParameter {
        /// The range as given.
        text: String,
        /// What is wrong with it.
        fault: ParameterFault,
    },
    /// A parameter whose first value is below 1.
    StartsBelowOne {
        /// The parameter.
        name: String,
        /// Its first value.
        low: i128,
    },
    /// A parameter reaching beyond 64 bits.
    ParameterBeyond {
        /// The parameter.
        name: String,
        /// The value it reaches.
        value: i128,
    },
    /// A parameter with more values than a sweep has sets.
    ParameterTooWide {
        /// The parameter.
        name: String,
        /// Its number of values.
        count: u64,
        /// The most sets of a sweep.
        max: usize,
    },
    /// Not one or two parameters.
    ParameterCount,
    /// Two parameters with one name.
    DeclaredTwice {
        /// The name.
        name: String,
    },
    /// More sets than a sweep may have.
    TooManySets {
        /// The most sets of a sweep.
        max: usize,
    },
    /// More numbers in all the sets than a sweep may hold.
    TooManyNumbers {
        /// The most numbers of a sweep.
        max: usize,
    },
    /// A member below 1 at some parameters' values.
    MemberBelowOne {
        /// The member's term, canonical.
        member: String,
        /// Its value there.
        value: i128,
        /// The parameters' values, `a=1, c=3`.
        at: String,
    },
    /// A member beyond 64 bits.
    MemberBeyond {
        /// The member's term, canonical.
        member: String,
        /// Its value.
        value: i128,
    },
    /// An item with `..` that is not an interval of numbers.
    BadInterval {
        /// The item.
        item: String,
    },
    /// An interval whose ends are 0 or in the wrong order.
    BackwardInterval {
        /// The item.
        item: String,
    },
    /// An interval with more numbers than a set may have.
    IntervalTooLarge {
        /// The item.
        item: String,
        /// Its numbers.
        numbers: u128,
        /// The most members of a set.
        max: u64,
    },
    /// A term where only a number may stand (a plain set).
    NotANumber {
        /// The item.
        item: String,
    },
    /// A number below 1.
    MemberNotPositive {
        /// The item.
        item: String,
    },
    /// A set listing more numbers than a set may have.
    SetTooLarge {
        /// Its numbers.
        numbers: u128,
        /// The most members of a set.
        max: u64,
    },
    /// Every parameter range is empty.
    EmptyRanges,
    /// A plain set with no member.
    EmptySet,
}

/// What is wrong with a parameter range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParameterFault {
    /// The name is not lowercase letters.
    Name,
    /// The step is not a number.
    Step,
    /// The step is 0.
    ZeroStep,
    /// No `..` between the ends.
    NoDots,
    /// An end is neither a number nor a term.
    End {
        /// The end as given.
        text: String,
    },
}

impl ParameterFault {
    fn words(&self) -> Words {
        match self {
            ParameterFault::Name => words!("the name must be lowercase letters", "名字必须是小写字母"),
            ParameterFault::Step => words!("bad step", "步长写得不对"),
            ParameterFault::ZeroStep => words!("the step must be at least 1", "步长至少是 1"),
            ParameterFault::NoDots => words!("no '..' in the range", "范围里没有“..”"),
            ParameterFault::End { text } => words!(
                "'{text}' is not a number or a term like 2a, a+2, 3a-1",
                "“{text}”不是数，也不是 2a、a+2、3a-1 这样的项"
            ),
        }
    }
}

impl FamilyError {
    /// What is wrong, in both languages, from the error's data.
    pub fn words(&self) -> Words {
        match self {
            FamilyError::BadTerm { text } => ParameterFault::End { text: text.clone() }.words(),
            FamilyError::UnknownParameter { name } => words!(
                "unknown parameter '{name}'; declare it as {name}=LO..HI first",
                "未知的参数“{name}”；请先声明 {name}=LO..HI"
            ),
            FamilyError::TermOverflow { term, name, value } => words!(
                "the term {term} overflows at {name}={value}",
                "项 {term} 在 {name}={value} 时溢出"
            ),
            FamilyError::BadParameter { text, fault } => {
                let Words { en, zh } = fault.words();
                words!(
                    "the parameter range '{text}': {en}; expected [NAME=]LO..HI[:STEP], e.g. c=11..500",
                    "参数范围“{text}”：{zh}；应写成 [NAME=]LO..HI[:STEP]，例如 c=11..500"
                )
            }
            FamilyError::StartsBelowOne { name, low } => words!(
                "parameter {name} starts at {low}; members must be at least 1",
                "参数 {name} 从 {low} 开始；成员至少是 1"
            ),
            FamilyError::ParameterBeyond { name, value } => words!(
                "parameter {name} reaches {value}, more than 2^64 - 1",
                "参数 {name} 达到 {value}，超过 2^64 - 1"
            ),
            FamilyError::ParameterTooWide { name, count, max } => words!(
                "parameter {name} takes {count} values; a sweep has at most {max} sets (a fixed limit), so narrow the range",
                "参数 {name} 取 {count} 个值；一次扫描至多 {max} 个集合（固定上限），请缩小范围"
            ),
            FamilyError::ParameterCount => words!(
                "a family needs one or two parameters, e.g. c=11..500",
                "一个集合族需要一个或两个参数，例如 c=11..500"
            ),
            FamilyError::DeclaredTwice { name } => {
                words!("the parameter '{name}' is declared twice", "参数“{name}”声明了两次")
            }
            FamilyError::TooManySets { max } => words!(
                "the sweep has more than {max} sets (a fixed limit); narrow the ranges",
                "这次扫描超过 {max} 个集合（固定上限）；请缩小范围"
            ),
            FamilyError::TooManyNumbers { max } => words!(
                "the sweep's sets hold more than {max} numbers in all (a fixed limit); narrow the ranges",
                "这次扫描的集合总共超过 {max} 个数（固定上限）；请缩小范围"
            ),
            FamilyError::MemberBelowOne { member, value, at } => words!(
                "the member {member} is {value} at {at}; members must be at least 1",
                "成员 {member} 在 {at} 时是 {value}；成员至少是 1"
            ),
            FamilyError::MemberBeyond { member, value } => words!(
                "the member {member} is {value}, more than 2^64 - 1",
                "成员 {member} 是 {value}，超过 2^64 - 1"
            ),
            FamilyError::BadInterval { item } => {
                words!("'{item}' is not an interval like 2..5", "“{item}”不是 2..5 这样的区间")
            }
            FamilyError::BackwardInterval { item } => {
                words!("'{item}': an interval needs 1 ≤ LO ≤ HI", "“{item}”：区间需要 1 ≤ LO ≤ HI")
            }
            FamilyError::IntervalTooLarge { item, numbers, max } => words!(
                "'{item}' has {numbers} numbers; a set may have at most {max} members",
                "“{item}”有 {numbers} 个数；一个集合至多 {max} 个成员"
            ),
            FamilyError::NotANumber { item } => words!("'{item}' is not a number", "“{item}”不是数"),
            FamilyError::MemberNotPositive { item } => {
                words!("'{item}': every member must be at least 1", "“{item}”：每个成员至少是 1")
            }
            FamilyError::SetTooLarge { numbers, max } => words!(
                "the set lists {numbers} numbers; a set may have at most {max} members",
                "这个集合列了 {numbers} 个数；一个集合至多 {max} 个成员"
            ),
            FamilyError::EmptyRanges => words!("the parameter ranges are empty", "参数的范围是空的"),
            FamilyError::EmptySet => words!(
                "the set is empty; give at least one positive take, e.g. 2,3,5,7",
                "集合是空的；请至少给一个正的取数，例如 2,3,5,7"
            ),
        }
    }
}

impl fmt::Display for FamilyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words().en)
    }
}

impl std::error::Error for FamilyError {}

/// `coefficient × parameter + constant`, or a plain constant when `parameter` is `None`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Term {
    coefficient: i128,
    parameter: Option<String>,
    constant: i128,
}

impl Term {
    /// Parses `7`, `c`, `2a`, `a+2`, `3a-1`, `-1`.
    fn parse(text: &str) -> Result<Term, FamilyError> {
        let text = text.trim();
        let bad = || FamilyError::BadTerm { text: text.to_string() };
        if text.is_empty() {
            return Err(bad());
        }
        let name_start = text.find(|ch: char| ch.is_ascii_alphabetic());
        let Some(name_start) = name_start else {
            let constant: i128 = text.parse().map_err(|_| bad())?;
            return Ok(Term { coefficient: 0, parameter: None, constant });
        };
        let coefficient = match &text[..name_start] {
            "" => 1,
            "-" => -1,
            digits => digits.parse().map_err(|_| bad())?,
        };
        let rest = &text[name_start..];
        let name_end = rest.find(|ch: char| !ch.is_ascii_alphabetic()).unwrap_or(rest.len());
        let (name, tail) = rest.split_at(name_end);
        let constant = match tail.chars().next() {
            None => 0,
            Some('+') => tail[1..].parse().map_err(|_| bad())?,
            Some('-') => -tail[1..].parse::<i128>().map_err(|_| bad())?,
            Some(_) => return Err(bad()),
        };
        Ok(Term { coefficient, parameter: Some(name.to_string()), constant })
    }

    /// The value under the parameter values `bound` (name, value).
    fn evaluate(&self, bound: &[(String, u64)]) -> Result<i128, FamilyError> {
        match &self.parameter {
            None => Ok(self.constant),
            Some(name) => {
                let value = bound
                    .iter()
                    .find(|(n, _)| n == name)
                    .map(|(_, v)| *v)
                    .ok_or_else(|| FamilyError::UnknownParameter { name: name.clone() })?;
                self.coefficient
                    .checked_mul(i128::from(value))
                    .and_then(|v| v.checked_add(self.constant))
                    .ok_or_else(|| FamilyError::TermOverflow {
                        term: self.canonical(),
                        name: name.clone(),
                        value,
                    })
            }
        }
    }

    /// The canonical text: `2a+1`, `c`, `7`.
    fn canonical(&self) -> String {
        match &self.parameter {
            None => self.constant.to_string(),
            Some(name) => {
                let coefficient = match self.coefficient {
                    1 => String::new(),
                    -1 => "-".to_string(),
                    k => k.to_string(),
                };
                let constant = match self.constant {
                    0 => String::new(),
                    k if k > 0 => format!("+{k}"),
                    k => k.to_string(),
                };
                format!("{coefficient}{name}{constant}")
            }
        }
    }
}

/// One `--add`: a named parameter with its range.
#[derive(Debug, Clone)]
pub struct Parameter {
    /// The name, e.g. `c`.
    pub name: String,
    low: Term,
    high: Term,
    step: u64,
}

impl Parameter {
    /// Parses `[NAME=]LO..HI[:STEP]`.
    ///
    /// # Errors
    /// A usage error describing the expected form.
    pub fn parse(text: &str) -> Result<Parameter, FamilyError> {
        let bad = |fault: ParameterFault| FamilyError::BadParameter { text: text.to_string(), fault };
        let (name, range) = match text.split_once('=') {
            Some((name, range)) => (name.trim(), range),
            None => ("c", text),
        };
        if name.is_empty() || !name.chars().all(|ch| ch.is_ascii_lowercase()) {
            return Err(bad(ParameterFault::Name));
        }
        let (range, step) = match range.split_once(':') {
            Some((range, step)) => {
                (range, step.trim().parse::<u64>().map_err(|_| bad(ParameterFault::Step))?)
            }
            None => (range, 1),
        };
        if step == 0 {
            return Err(bad(ParameterFault::ZeroStep));
        }
        let (low, high) = range.split_once("..").ok_or_else(|| bad(ParameterFault::NoDots))?;
        let end = |text: &str| {
            Term::parse(text).map_err(|_| bad(ParameterFault::End { text: text.trim().to_string() }))
        };
        let (low, high) = (end(low)?, end(high.trim_start_matches('='))?);
        Ok(Parameter { name: name.to_string(), low, high, step })
    }

    /// The values of this parameter given the earlier parameters' values.
    fn values(&self, bound: &[(String, u64)]) -> Result<Vec<u64>, FamilyError> {
        let (low, high, _) = self.span(bound)?;
        Ok((low..=high).step_by(self.step as usize).collect())
    }

    /// The first and last value and how many values there are (at most [`MAX_MEMBERS`]),
    /// counted without listing them.
    fn span(&self, bound: &[(String, u64)]) -> Result<(u64, u64, u64), FamilyError> {
        let (low, high) = (self.low.evaluate(bound)?, self.high.evaluate(bound)?);
        if low < 1 {
            return Err(FamilyError::StartsBelowOne { name: self.name.clone(), low });
        }
        let too_large = |value: i128| FamilyError::ParameterBeyond { name: self.name.clone(), value };
        let low = u64::try_from(low).map_err(|_| too_large(low))?;
        let high = if high < 0 { 0 } else { u64::try_from(high).map_err(|_| too_large(high))? };
        let count = if high < low { 0 } else { (high - low) / self.step + 1 };
        if count > MAX_MEMBERS as u64 {
            return Err(FamilyError::ParameterTooWide { name: self.name.clone(), count, max: MAX_MEMBERS });
        }
        Ok((low, high, count))
    }
}

/// A `--set` item.
#[derive(Debug, Clone)]
enum Item {
    Interval(u64, u64),
    Term(Term),
}

/// A family: fixed items, 0 to 2 parameters.
#[derive(Debug, Clone)]
pub struct Family {
    items: Vec<Item>,
    /// The parameters, outer first.
    pub parameters: Vec<Parameter>,
}

/// One concrete member of a family.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// The outer parameter's value (0 when there is one parameter).
    pub outer: u64,
    /// The inner parameter's value.
    pub c: u64,
    /// The set, sorted, without duplicates.
    pub set: Vec<u64>,
}

/// The most sets one sweep may have: the sets are listed before the sweep starts (about 100
/// bytes each), so this fixed limit keeps the list near 100 MB.
const MAX_MEMBERS: usize = 1_000_000;
/// The most members one set may have (an interval like `1..1000` counts each of its numbers).
const MAX_SET_SIZE: u64 = 1_000_000;
/// The most numbers all the sets of one sweep may hold together (8 bytes each: 80 MB).
const MAX_SWEEP_NUMBERS: usize = 10_000_000;

impl Family {
    /// Parses `--set` (may be empty) and the `--add`s.
    ///
    /// # Errors
    /// A usage error for a malformed item or range, or a bad number of parameters.
    pub fn parse(set: &str, adds: &[String]) -> Result<Family, FamilyError> {
        let parameters = adds.iter().map(|a| Parameter::parse(a)).collect::<Result<Vec<_>, _>>()?;
        if parameters.is_empty() || parameters.len() > 2 {
            return Err(FamilyError::ParameterCount);
        }
        if parameters.len() == 2 && parameters[0].name == parameters[1].name {
            return Err(FamilyError::DeclaredTwice { name: parameters[0].name.clone() });
        }
        let items = parse_items(set, true)?;
        Ok(Family { items, parameters })
    }

    /// The fixed intervals of `--set`, merged: sorted, disjoint and not adjacent.
    fn fixed_intervals(&self) -> Vec<(u64, u64)> {
        let mut intervals: Vec<(u64, u64)> = self
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Interval(a, b) => Some((*a, *b)),
                Item::Term(_) => None,
            })
            .collect();
        intervals.sort_unstable();
        let mut merged: Vec<(u64, u64)> = Vec::with_capacity(intervals.len());
        for (a, b) in intervals {
            match merged.last_mut() {
                Some((_, last)) if a <= last.saturating_add(1) => *last = (*last).max(b),
                _ => merged.push((a, b)),
            }
        }
        merged
    }

    /// Checks the family's size against the fixed limits by counting, before any set is
    /// built: the number of sets, and the numbers they hold together (each set holds at least
    /// the fixed intervals). Costs one step per value of the outer parameter.
    fn check_size(&self) -> Result<(), FamilyError> {
        let inner = self.parameters.last().ok_or(FamilyError::ParameterCount)?;
        let sets = if self.parameters.len() == 2 {
            let outer = &self.parameters[0];
            let (low, high, _) = outer.span(&[])?;
            let mut sets = 0u64;
            for value in (low..=high).step_by(outer.step as usize) {
                sets += inner.span(&[(outer.name.clone(), value)])?.2;
                if sets > MAX_MEMBERS as u64 {
                    break;
                }
            }
            sets
        } else {
            inner.span(&[])?.2
        };
        if sets > MAX_MEMBERS as u64 {
            return Err(FamilyError::TooManySets { max: MAX_MEMBERS });
        }
        let fixed: u64 = self.fixed_intervals().iter().map(|(a, b)| b - a + 1).sum();
        if u128::from(sets) * u128::from(fixed) > MAX_SWEEP_NUMBERS as u128 {
            return Err(too_many_numbers());
        }
        Ok(())
    }

    /// The definition that names this family in the store: its shape without the ranges.
    /// The fixed numbers are written as one sorted set (`3..6,20` and `20,3,4,5,6` name the
    /// same family), then the terms in canonical form, then the parameters.
    pub fn definition(&self) -> String {
        let mut terms: Vec<String> = self
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Term(t) => Some(t.canonical()),
                Item::Interval(..) => None,
            })
            .collect();
        terms.sort();
        terms.dedup();
        let mut items: Vec<String> = Vec::new();
        let numbers = self.fixed_intervals();
        if !numbers.is_empty() {
            items.push(crate::spec::grammar::runs_text(&numbers));
        }
        items.extend(terms);
        items.extend(self.parameters.iter().map(|p| p.name.clone()));
        format!("subtraction {{{}}} over {}", items.join(","), self.names().join(","))
    }

    /// The parameter names, outer first.
    pub fn names(&self) -> Vec<String> {
        self.parameters.iter().map(|p| p.name.clone()).collect()
    }

    /// Every member, by outer value then c.
    ///
    /// # Errors
    /// A usage error when a member is 0 or negative, a term uses an undeclared parameter, or
    /// the family is too large.
    pub fn members(&self) -> Result<Vec<Member>, FamilyError> {
        self.check_size()?;
        let outer_values: Vec<Option<u64>> = if self.parameters.len() == 2 {
            self.parameters[0].values(&[])?.into_iter().map(Some).collect()
        } else {
            vec![None]
        };
        let inner = self.parameters.last().ok_or(FamilyError::ParameterCount)?;
        let mut members = Vec::new();
        let mut numbers = 0usize;
        for outer in outer_values {
            let mut bound: Vec<(String, u64)> = Vec::new();
            if let Some(v) = outer {
                bound.push((self.parameters[0].name.clone(), v));
            }
            for c in inner.values(&bound)? {
                let mut bound = bound.clone();
                bound.push((inner.name.clone(), c));
                let mut set: Vec<u64> = bound.iter().map(|(_, v)| *v).collect();
                for item in &self.items {
                    match item {
                        Item::Interval(a, b) => set.extend(*a..=*b),
                        Item::Term(t) => {
                            let v = t.evaluate(&bound)?;
                            if v < 1 {
                                return Err(FamilyError::MemberBelowOne {
                                    member: t.canonical(),
                                    value: v,
                                    at: bound
                                        .iter()
                                        .map(|(n, v)| format!("{n}={v}"))
                                        .collect::<Vec<_>>()
                                        .join(", "),
                                });
                            }
                            let v = u64::try_from(v)
                                .map_err(|_| FamilyError::MemberBeyond { member: t.canonical(), value: v })?;
                            set.push(v);
                        }
                    }
                }
                set.sort_unstable();
                set.dedup();
                numbers += set.len();
                if numbers > MAX_SWEEP_NUMBERS {
                    return Err(too_many_numbers());
                }
                members.push(Member { outer: outer.unwrap_or(0), c, set });
                if members.len() > MAX_MEMBERS {
                    return Err(FamilyError::TooManySets { max: MAX_MEMBERS });
                }
            }
        }
        if members.is_empty() {
            return Err(FamilyError::EmptyRanges);
        }
        Ok(members)
    }
}

fn too_many_numbers() -> FamilyError {
    FamilyError::TooManyNumbers { max: MAX_SWEEP_NUMBERS }
}

/// Parses a comma-separated list of items; with `terms`, linear terms in parameters are allowed.
fn parse_items(text: &str, terms: bool) -> Result<Vec<Item>, FamilyError> {
    let mut items = Vec::new();
    for piece in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        if let Some((a, b)) = piece.split_once("..") {
            let parse = |s: &str| {
                s.trim().parse::<u64>().map_err(|_| FamilyError::BadInterval { item: piece.to_string() })
            };
            let (a, b) = (parse(a)?, parse(b)?);
            if a == 0 || a > b {
                return Err(FamilyError::BackwardInterval { item: piece.to_string() });
            }
            if b - a >= MAX_SET_SIZE {
                return Err(FamilyError::IntervalTooLarge {
                    item: piece.to_string(),
                    numbers: u128::from(b - a) + 1,
                    max: MAX_SET_SIZE,
                });
            }
            items.push(Item::Interval(a, b));
        } else {
            let term = Term::parse(piece)?;
            if term.parameter.is_some() && !terms {
                return Err(FamilyError::NotANumber { item: piece.to_string() });
            }
            if term.parameter.is_none() {
                let v = u64::try_from(term.constant)
                    .ok()
                    .filter(|&v| v >= 1)
                    .ok_or_else(|| FamilyError::MemberNotPositive { item: piece.to_string() })?;
                items.push(Item::Interval(v, v));
            } else {
                items.push(Item::Term(term));
            }
        }
    }
    let numbers: u128 = items
        .iter()
        .map(|item| match item {
            Item::Interval(a, b) => u128::from(b - a) + 1,
            Item::Term(_) => 1,
        })
        .sum();
    if numbers > u128::from(MAX_SET_SIZE) {
        return Err(FamilyError::SetTooLarge { numbers, max: MAX_SET_SIZE });
    }
    Ok(items)
}

/// Parses a plain set (`2,3,5,7`, intervals allowed) for `nimlab period`.
///
/// # Errors
/// A usage error for an empty set, 0, or a malformed item.
pub fn parse_set(text: &str) -> Result<Vec<u64>, FamilyError> {
    let mut set = Vec::new();
    for item in parse_items(text, false)? {
        if let Item::Interval(a, b) = item {
            set.extend(a..=b);
        }
    }
    if set.is_empty() {
        return Err(FamilyError::EmptySet);
    }
    set.sort_unstable();
    set.dedup();
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_parse_and_print() {
        for (text, canonical) in [("2a", "2a"), ("a+2", "a+2"), ("3a-1", "3a-1"), ("c", "c"), ("7", "7")] {
            assert_eq!(Term::parse(text).unwrap().canonical(), canonical);
        }
        assert!(Term::parse("2a*").is_err());
        assert!(Term::parse("").is_err());
    }

    #[test]
    fn two_parameter_family_expands() {
        let family = Family::parse("2a", &["a=1..3".into(), "c=2a+1..2a+2".into()]).unwrap();
        let members = family.members().unwrap();
        assert_eq!(members.len(), 6);
        assert_eq!(members[0], Member { outer: 1, c: 3, set: vec![1, 2, 3] });
        assert_eq!(members[5], Member { outer: 3, c: 8, set: vec![3, 6, 8] });
        assert_eq!(family.definition(), "subtraction {2a,a,c} over a,c");
        let spelled = |set: &str| Family::parse(set, &["c=21..30".into()]).unwrap().definition();
        assert_eq!(spelled("3..6,20"), spelled("20,6,5,4,3"));
        assert_eq!(spelled("3..6,20"), "subtraction {3..6,20,c} over c");
    }

    #[test]
    fn bad_input_is_rejected() {
        assert!(parse_set("").is_err());
        assert!(parse_set("0,3").is_err());
        assert!(parse_set("3..1").is_err());
        assert!(Parameter::parse("c=11..").is_err());
        assert!(Parameter::parse("c=11..50:0").is_err());
        assert!(Family::parse("2,3", &[]).is_err());
        assert!(Family::parse("2,b", &["c=1..5".into()]).unwrap().members().is_err());
        assert_eq!(parse_set("2..4,7").unwrap(), vec![2, 3, 4, 7]);
    }

    #[test]
    fn fixed_limits_are_checked_by_counting_before_any_set_is_built() {
        // 6,052 sets of at least 7,714 fixed numbers each: 46.7 million numbers.
        let wide = Family::parse("1..2013,151..7714", &["952..7003".into()]).unwrap();
        assert_eq!(wide.members().unwrap_err(), too_many_numbers());
        assert_eq!(wide.definition(), "subtraction {1..7714,c} over c");
        // 2,000 outer values with 1,000 inner values each: 2 million sets.
        let many = Family::parse("1", &["a=1..2000".into(), "c=a..a+999".into()]).unwrap();
        assert_eq!(many.members().unwrap_err(), FamilyError::TooManySets { max: MAX_MEMBERS });
        let overlapping = Family::parse("5..8,3..6,20,9", &["c=30..31".into()]).unwrap();
        assert_eq!(overlapping.definition(), "subtraction {3..9,20,c} over c");
        assert_eq!(overlapping.members().unwrap()[0].set, [3, 4, 5, 6, 7, 8, 9, 20, 30]);
    }

    #[test]
    fn members_beyond_64_bits_are_errors_not_wraps() {
        let family = Family::parse("18446744073709551617a,2", &["a=1..3".into()]).unwrap();
        let error = family.members().unwrap_err();
        assert!(matches!(error, FamilyError::MemberBeyond { .. }), "{error}");
        assert!(error.to_string().contains("more than 2^64 - 1"), "{error}");
        let huge = Family::parse("2", &["c=18446744073709551615..18446744073709551616".into()]);
        assert!(huge.is_err() || huge.unwrap().members().is_err());
    }

    /// Where a kind stands among [`samples`]; a new kind is a new arm (the match is
    /// exhaustive) and needs a sample.
    fn slot(e: &FamilyError) -> usize {
        match e {
            FamilyError::BadTerm { .. } => 0,
            FamilyError::UnknownParameter { .. } => 1,
            FamilyError::TermOverflow { .. } => 2,
            FamilyError::BadParameter { fault: ParameterFault::Name, .. } => 3,
            FamilyError::BadParameter { fault: ParameterFault::Step, .. } => 4,
            FamilyError::BadParameter { fault: ParameterFault::ZeroStep, .. } => 5,
            FamilyError::BadParameter { fault: ParameterFault::NoDots, .. } => 6,
            FamilyError::BadParameter { fault: ParameterFault::End { .. }, .. } => 7,
            FamilyError::StartsBelowOne { .. } => 8,
            FamilyError::ParameterBeyond { .. } => 9,
            FamilyError::ParameterTooWide { .. } => 10,
            FamilyError::ParameterCount => 11,
            FamilyError::DeclaredTwice { .. } => 12,
            FamilyError::TooManySets { .. } => 13,
            FamilyError::TooManyNumbers { .. } => 14,
            FamilyError::MemberBelowOne { .. } => 15,
            FamilyError::MemberBeyond { .. } => 16,
            FamilyError::BadInterval { .. } => 17,
            FamilyError::BackwardInterval { .. } => 18,
            FamilyError::IntervalTooLarge { .. } => 19,
            FamilyError::NotANumber { .. } => 20,
            FamilyError::MemberNotPositive { .. } => 21,
            FamilyError::SetTooLarge { .. } => 22,
            FamilyError::EmptyRanges => 23,
            FamilyError::EmptySet => 24,
        }
    }
    const KINDS: usize = 25;

    /// Every kind, made by the parser where a text makes it, with the data its words name.
    pub(crate) fn samples() -> Vec<(FamilyError, Vec<String>)> {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let range = |text: &str| Parameter::parse(text).unwrap_err();
        let template = |v: &[&str]| [s(v), s(&["[NAME=]LO..HI[:STEP]", "c=11..500"])].concat();
        let members = |set: &str, adds: &[&str]| {
            let adds: Vec<String> = adds.iter().map(|a| a.to_string()).collect();
            Family::parse(set, &adds).and_then(|f| f.members()).unwrap_err()
        };
        vec![
            (Term::parse("2a*").unwrap_err(), s(&["2a*"])),
            (members("2,b", &["c=1..5"]), s(&["b", "b=LO..HI"])),
            (FamilyError::TermOverflow { term: "2a".into(), name: "a".into(), value: 7 }, s(&["2a", "a=7"])),
            (range("C=1..5"), template(&["C=1..5"])),
            (range("c=1..5:x"), template(&["c=1..5:x"])),
            (range("c=1..5:0"), template(&["c=1..5:0"])),
            (range("c=15"), template(&["c=15", ".."])),
            (range("c=1..x*"), template(&["c=1..x*", "x*", "2a"])),
            (members("1", &["c=0..5"]), s(&["c", "0"])),
            (members("1", &["c=1..18446744073709551616"]), s(&["c", "18446744073709551616", "2^64 - 1"])),
            (members("1", &["c=1..2000000"]), s(&["c", "2000000", "1000000"])),
            (Family::parse("1", &[]).unwrap_err(), s(&["c=11..500"])),
            (Family::parse("1", &["c=1..2".into(), "c=3..4".into()]).unwrap_err(), s(&["c"])),
            (members("1", &["a=1..2000", "c=a..a+999"]), s(&["1000000"])),
            (members("1..2013,151..7714", &["952..7003"]), s(&["10000000"])),
            (members("a-5", &["a=1..3"]), s(&["a-5", "-4", "a=1"])),
            (members("18446744073709551617a", &["a=1..3"]), s(&["18446744073709551617a", "2^64 - 1"])),
            (parse_set("2..x").unwrap_err(), s(&["2..x", "2..5"])),
            (parse_set("5..2").unwrap_err(), s(&["5..2", "1 ≤ LO ≤ HI"])),
            (parse_set("1..2000000").unwrap_err(), s(&["1..2000000", "2000000", "1000000"])),
            (parse_set("2,c").unwrap_err(), s(&["c"])),
            (parse_set("0,3").unwrap_err(), s(&["0"])),
            (parse_set("1..600000,700001..1400000").unwrap_err(), s(&["1300000", "1000000"])),
            (members("1", &["c=5..2"]), vec![]),
            (parse_set("").unwrap_err(), s(&["2,3,5,7"])),
        ]
    }

    #[test]
    fn every_family_error_has_its_words_in_both_languages() {
        let samples = samples();
        let mut slots: Vec<usize> = samples.iter().map(|(e, _)| slot(e)).collect();
        slots.sort_unstable();
        assert_eq!(slots, (0..KINDS).collect::<Vec<_>>(), "one sample of every kind");
        for (error, data) in &samples {
            crate::error::tests::check_words(&format!("{error:?}"), &error.words(), data);
            assert_eq!(error.to_string(), error.words().en);
        }
    }
}
