//! The rulesets: one file each, holding the rules ([`crate::Game`]), the position format and
//! the closed-form theory. To add a ruleset, add a file here, one line to [`RULESETS`], and its
//! tests.

pub mod bash;
pub mod fibonacci;
pub mod half;
pub mod moore;
pub mod nim;
pub mod staircase;
pub mod subtraction;
pub mod wythoff;

use num_bigint::BigUint;

use crate::analysis::{AnyGame, Engine};
use crate::error::EngineError;
use crate::solve::Budget;

/// A game as the user names it: the ruleset and its parameters, not yet validated.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameSpec {
    /// The ruleset's name, e.g. `bash`.
    pub name: String,
    /// The most stones one move may take (`bash`).
    pub max: Option<u64>,
    /// The allowed takes (`subtraction`).
    pub set: Option<Vec<u64>>,
    /// The most heaps one move may take from (`moore`).
    pub k: Option<u64>,
}

impl GameSpec {
    /// A specification with only a name.
    pub fn named(name: &str) -> Self {
        GameSpec { name: name.to_string(), ..GameSpec::default() }
    }
}

/// Validates a specification and builds the ruleset with its solvers.
type Builder = fn(&GameSpec, Budget) -> Result<Box<dyn AnyGame>, EngineError>;

/// A ruleset's entry in the registry.
pub struct RulesetInfo {
    /// The name users type.
    pub name: &'static str,
    /// One line: the rules and the position format.
    pub summary: &'static str,
    /// Parameters used when no others are given (by `verify` over every ruleset).
    pub default_spec: fn() -> GameSpec,
    /// The default bound of `verify`: every number of every position up to it is checked.
    pub verify_bound: u64,
    build: Builder,
}

/// Every ruleset nimlab knows, in the order they are listed to users.
pub const RULESETS: &[RulesetInfo] = &[
    RulesetInfo {
        name: "nim",
        summary: nim::SUMMARY,
        default_spec: || GameSpec::named("nim"),
        verify_bound: 12,
        build: nim::build,
    },
    RulesetInfo {
        name: "bash",
        summary: bash::SUMMARY,
        default_spec: || GameSpec { max: Some(3), ..GameSpec::named("bash") },
        verify_bound: 200,
        build: bash::build,
    },
    RulesetInfo {
        name: "subtraction",
        summary: subtraction::SUMMARY,
        default_spec: || GameSpec { set: Some(vec![1, 3, 4]), ..GameSpec::named("subtraction") },
        verify_bound: 200,
        build: subtraction::build,
    },
    RulesetInfo {
        name: "half",
        summary: half::SUMMARY,
        default_spec: || GameSpec::named("half"),
        verify_bound: 1000,
        build: half::build,
    },
    RulesetInfo {
        name: "moore",
        summary: moore::SUMMARY,
        default_spec: || GameSpec { k: Some(2), ..GameSpec::named("moore") },
        verify_bound: 12,
        build: moore::build,
    },
    RulesetInfo {
        name: "wythoff",
        summary: wythoff::SUMMARY,
        default_spec: || GameSpec::named("wythoff"),
        verify_bound: 60,
        build: wythoff::build,
    },
    RulesetInfo {
        name: "fibonacci",
        summary: fibonacci::SUMMARY,
        default_spec: || GameSpec::named("fibonacci"),
        verify_bound: 100,
        build: fibonacci::build,
    },
    RulesetInfo {
        name: "staircase",
        summary: staircase::SUMMARY,
        default_spec: || GameSpec::named("staircase"),
        verify_bound: 12,
        build: staircase::build,
    },
];

/// The names of every ruleset.
pub const RULESET_NAMES: &[&str] =
    &["nim", "bash", "subtraction", "half", "moore", "wythoff", "fibonacci", "staircase"];

/// Validates a specification and builds its ruleset with solvers under `budget`.
///
/// # Errors
/// [`EngineError::InvalidSpec`] for an unknown game, a missing or invalid parameter, or a
/// parameter that does not apply to the game.
pub fn build(spec: &GameSpec, budget: Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    let info = RULESETS.iter().find(|r| r.name == spec.name).ok_or_else(|| {
        let names: Vec<&str> = RULESETS.iter().map(|r| r.name).collect();
        EngineError::InvalidSpec(format!("unknown game '{}'; the games are: {}", spec.name, names.join(", ")))
    })?;
    (info.build)(spec, budget)
}

/// Wraps a ruleset with its solvers.
pub(crate) fn engine<R: crate::Ruleset>(ruleset: R, budget: Budget) -> Box<dyn AnyGame> {
    Box::new(Engine::new(ruleset, budget))
}

/// Fails if `spec` sets a parameter that is not in `allowed`.
pub(crate) fn only_params(spec: &GameSpec, allowed: &[&str]) -> Result<(), EngineError> {
    let given = [("--max", spec.max.is_some()), ("--set", spec.set.is_some()), ("--k", spec.k.is_some())];
    for (flag, present) in given {
        if present && !allowed.contains(&flag) {
            return Err(EngineError::InvalidSpec(format!(
                "{flag} does not apply to the game '{}'",
                spec.name
            )));
        }
    }
    Ok(())
}

/// Fails unless the position has exactly `count` numbers.
pub(crate) fn expect_heaps(
    game: &str,
    numbers: &[BigUint],
    count: usize,
    what: &str,
) -> Result<(), EngineError> {
    if numbers.len() == count {
        Ok(())
    } else {
        Err(EngineError::InvalidPosition(format!(
            "{game} takes {what}, got {} number{}",
            numbers.len(),
            if numbers.len() == 1 { "" } else { "s" }
        )))
    }
}

/// Describes a take-away move between two heap vectors of the same length:
/// "take 2 from the heap of 3", "take 3 from both heaps", ...
pub(crate) fn describe_take(from: &[BigUint], to: &[BigUint]) -> String {
    let changed: Vec<(usize, BigUint)> = from
        .iter()
        .zip(to)
        .enumerate()
        .filter(|(_, (f, t))| f != t)
        .map(|(i, (f, t))| (i, if f > t { f - t } else { t - f }))
        .collect();
    let heap = |i: usize| {
        if from.len() == 1 {
            "the heap".to_string()
        } else {
            format!("the heap of {}", from[i])
        }
    };
    match changed.as_slice() {
        [] => "pass".to_string(),
        [(i, amount)] => format!("take {amount} from {}", heap(*i)),
        [(_, amount), rest @ ..] if rest.iter().all(|(_, a)| a == amount) => {
            let heaps: Vec<String> = changed.iter().map(|(i, _)| from[*i].to_string()).collect();
            if changed.len() == from.len() && from.len() == 2 {
                format!("take {amount} from both heaps")
            } else {
                format!("take {amount} from each of the heaps of {}", heaps.join(", "))
            }
        }
        _ => {
            let parts: Vec<String> = changed.iter().map(|(i, a)| format!("{a} from {}", heap(*i))).collect();
            format!("take {}", parts.join(" and "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bigint::to_bigs;

    #[test]
    fn every_listed_name_builds_or_needs_parameters() {
        assert_eq!(RULESET_NAMES, RULESETS.iter().map(|r| r.name).collect::<Vec<_>>().as_slice());
        let err = build(&GameSpec::named("chess"), Budget::default()).err().unwrap();
        assert!(err.to_string().contains("unknown game 'chess'"));
    }

    #[test]
    fn move_texts() {
        assert_eq!(describe_take(&to_bigs(&[3, 4, 5]), &to_bigs(&[1, 4, 5])), "take 2 from the heap of 3");
        assert_eq!(describe_take(&to_bigs(&[10]), &to_bigs(&[8])), "take 2 from the heap");
        assert_eq!(describe_take(&to_bigs(&[4, 7]), &to_bigs(&[1, 4])), "take 3 from both heaps");
        assert_eq!(
            describe_take(&to_bigs(&[4, 7, 9]), &to_bigs(&[1, 7, 6])),
            "take 3 from each of the heaps of 4, 9"
        );
        assert_eq!(
            describe_take(&to_bigs(&[4, 7]), &to_bigs(&[1, 6])),
            "take 3 from the heap of 4 and 1 from the heap of 7"
        );
    }
}
