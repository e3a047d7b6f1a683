//! The subtraction-game laboratory: Grundy sequences of SUB(S), their certified preperiod and
//! period, family sweeps that test the eventual-linearity conjecture, and searches for sets of a
//! given period.
//!
//! SUB(S) is one heap from which a move takes any `s` in the finite set `S`; its Grundy sequence
//! is `G(n) = mex{G(n - s) : s ∈ S, s ≤ n}`. Every value is at most `|S|` (a mex of at most `|S|`
//! values) and `G(n)` depends only on the `max(S)` values before it, so the sequence is
//! ultimately periodic (pigeonhole on windows of `max(S)` values).
//!
//! * [`generator`] — [`GrundyStream`], a streaming generator in memory bounded by the window,
//!   with a one-hot bitset mex and unrolled kernels for small sets; it uses the reduction
//!   `G_{dS}(n) = G_S(⌊n/d⌋)` for `d = gcd(S)`.
//! * [`certify`] — [`certify_period`]: the minimal preperiod and minimal period, certified by
//!   the slides' criterion, in time linear in `ℓ + p + max(S)`.
//! * [`fit`] — [`fit_conjecture`]: the piecewise-linear form `ℓ, p = α_r c + β_r` on residue
//!   classes `c ≡ r (mod q)`, `c ≥ N`, or an honest "no fit".
//! * [`sweep`] — [`sweep_periods`] over many sets in parallel and [`search_period`], the
//!   search for sets with a given period (period 2: "ultimately bipartite").
//!
//! Everything is exact integer arithmetic; nothing here prints or touches files: long runs report
//! progress through a closure.

pub(crate) mod certify;
pub(crate) mod family;
pub(crate) mod fit;
pub(crate) mod generator;
pub(crate) mod observed;
pub(crate) mod sweep;

pub use certify::{certify_period, Periodicity};
pub use family::parse_set as parse_family_set;
pub use family::{Family, FamilyError, Member, ParameterFault};
pub use fit::{fit_conjecture, ConjectureFit, FitRow, LinearForm, NoFit, Quantity};
pub use generator::{grundy_values, GrundyStream};
pub use observed::{observed_period, Evidence};
pub use sweep::{search_period, sweep_periods, PeriodSummary};

use thiserror::Error;

use crate::lang::{words, Words};

/// A Grundy value of SUB(S); at most `|S|`.
pub(crate) type Grundy = u32;

/// Why a periodicity computation failed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PeriodicityError {
    /// The subtraction set is empty.
    #[error("the subtraction set is empty; give at least one positive take, e.g. 2,3,5,7")]
    EmptySet,
    /// The subtraction set contains 0 (a move must take at least one stone).
    #[error("the subtraction set contains 0; every take must be at least 1")]
    ZeroInSet,
    /// The certificate needs more values than the limit allows.
    #[error("no certified period within the first {limit} values of SUB({{{set}}}) (the value limit)")]
    LimitReached {
        /// The set, written `a,b,c`.
        set: String,
        /// The limit, in values computed.
        limit: u64,
    },
    /// The work budget, the deadline or a cancellation stopped the computation.
    #[error("the computation stopped: {0}")]
    Exhausted(#[from] crate::budget::Exhausted),
    /// A search's set size is 0 or beyond its largest member.
    #[error("--size must be between 1 and --max ({max}); it is {size}")]
    SizeOutOfRange {
        /// The size asked for.
        size: usize,
        /// The largest member.
        max: u64,
    },
    /// A search for period 0.
    #[error("--period must be at least 1")]
    ZeroPeriod,
    /// A search would examine more sets than its budget allows.
    #[error("the search covers {sets} sets, more than its limit of {budget} sets")]
    TooManySets {
        /// How many sets the search covers (`u64::MAX` when more than that).
        sets: u64,
        /// The most sets allowed.
        budget: u64,
    },
}

impl PeriodicityError {
    /// The error's words in both languages, from its data (the English is its `Display`).
    pub fn words(&self) -> Words {
        match self {
            PeriodicityError::EmptySet => words!(
                "the subtraction set is empty; give at least one positive take, e.g. 2,3,5,7",
                "减法集合是空的；请至少给一个正的取数，例如 2,3,5,7"
            ),
            PeriodicityError::ZeroInSet => words!(
                "the subtraction set contains 0; every take must be at least 1",
                "减法集合里有 0；每次至少取 1"
            ),
            PeriodicityError::SizeOutOfRange { size, max } => words!(
                "--size must be between 1 and --max ({max}); it is {size}",
                "--size 必须在 1 和 --max（{max}）之间；这里是 {size}"
            ),
            PeriodicityError::ZeroPeriod => words!("--period must be at least 1", "--period 至少是 1"),
            PeriodicityError::LimitReached { set, limit } => words!(
                "no certified period within the first {limit} values of SUB({{{set}}}) (the value limit)",
                "SUB({{{set}}}) 的前 {limit} 个值里没有经过证明的周期（值的上限）"
            ),
            PeriodicityError::Exhausted(cause) => {
                let Words { en, zh } = cause.words();
                words!("the computation stopped: {en}", "计算停止了：{zh}")
            }
            PeriodicityError::TooManySets { sets, budget } => words!(
                "the search covers {sets} sets, more than its limit of {budget} sets",
                "这次搜索涉及 {sets} 个集合，超过了 {budget} 个集合的上限"
            ),
        }
    }
}

/// The set sorted, without duplicates, checked to be non-empty and free of 0.
///
/// # Errors
/// [`PeriodicityError::EmptySet`], [`PeriodicityError::ZeroInSet`].
pub(crate) fn normalize_set(set: &[u64]) -> Result<Vec<u64>, PeriodicityError> {
    if set.is_empty() {
        return Err(PeriodicityError::EmptySet);
    }
    if set.contains(&0) {
        return Err(PeriodicityError::ZeroInSet);
    }
    let mut sorted = set.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    Ok(sorted)
}

/// The set written as the slides do, without braces: `2,3,5,7`.
pub fn set_text(set: &[u64]) -> String {
    set.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

/// Values in the slides' notation, runs compressed: `0^2 1^2 2^2 3^2 4`.
pub fn runs<T: PartialEq + std::fmt::Display>(values: &[T]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < values.len() {
        let run = values[i..].iter().take_while(|&v| *v == values[i]).count();
        parts.push(if run == 1 { values[i].to_string() } else { format!("{}^{run}", values[i]) });
        i += run;
    }
    parts.join(" ")
}

/// The greatest common divisor of the members (0 for an empty slice).
pub(crate) fn gcd_of(set: &[u64]) -> u64 {
    set.iter().fold(0, |g, &s| num_integer::gcd(g, s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_compress_like_the_slides() {
        assert_eq!(runs(&[0, 0, 1, 1, 2, 2, 3, 3, 4]), "0^2 1^2 2^2 3^2 4");
        assert_eq!(runs::<u32>(&[]), "");
        assert_eq!(runs(&[10, 10, 1]), "10^2 1");
    }

    /// Every kind has its words in both languages, and the English is the error's own.
    #[test]
    fn every_kind_has_its_words_in_both_languages() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let samples = [
            (PeriodicityError::EmptySet, s(&["2,3,5,7"])),
            (PeriodicityError::ZeroInSet, s(&["0"])),
            (PeriodicityError::SizeOutOfRange { size: 9, max: 5 }, s(&["--size", "--max", "9", "5"])),
            (PeriodicityError::ZeroPeriod, s(&["--period"])),
            (PeriodicityError::LimitReached { set: "1,4".into(), limit: 10 }, s(&["SUB({1,4})", "10"])),
            (PeriodicityError::Exhausted(crate::budget::Exhausted::Work { limit: 77 }), s(&["77"])),
            (PeriodicityError::TooManySets { sets: 9, budget: 5 }, s(&["9", "5"])),
        ];
        for (error, data) in &samples {
            // Exhaustive: a new kind is a new arm, and has its words.
            match error {
                PeriodicityError::EmptySet
                | PeriodicityError::ZeroInSet
                | PeriodicityError::SizeOutOfRange { .. }
                | PeriodicityError::ZeroPeriod
                | PeriodicityError::LimitReached { .. }
                | PeriodicityError::Exhausted(_)
                | PeriodicityError::TooManySets { .. } => {}
            }
            let words = error.words();
            crate::error::tests::check_words(&format!("{error:?}"), &words, data);
            assert_eq!(words.en, error.to_string());
        }
    }
}
