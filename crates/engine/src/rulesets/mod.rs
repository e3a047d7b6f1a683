//! The rulesets: one file (or folder) each, holding the declaration
//! ([`crate::analysis::RulesetInfo`]: name, rules, parameters as data), the rules
//! ([`crate::Game`]), the position format and the closed-form theory; and what they share. To add
//! a ruleset, add a file here with its `RULESET` declaration and its tests, its `mod` line here
//! and one line to the registry (`crate::registry::RULESETS`): every surface derives the rest.

pub(crate) mod apple;
pub(crate) mod arc_kayles;
pub(crate) mod bash;
pub(crate) mod chomp;
pub(crate) mod coins;
pub(crate) mod cram;
pub(crate) mod fair_shares;
pub(crate) mod fibonacci;
pub(crate) mod geography;
pub(crate) mod graph;
pub(crate) mod graph_games;
pub(crate) mod hackenbush;
pub(crate) mod half;
pub(crate) mod large_nim;
pub(crate) mod loopy_pattern;
pub(crate) mod misere;
pub(crate) mod moore;
pub(crate) mod nim;
pub(crate) mod node_kayles;
pub(crate) mod octal;
pub(crate) mod pattern;
pub(crate) mod staircase;
pub(crate) mod subtraction;
pub(crate) mod wythoff;

use num_bigint::BigUint;

use num_traits::ToPrimitive;

pub(crate) use crate::analysis::ruleset::describe_take;
use crate::analysis::{AnyGame, Engine, Ruleset, SearchCost};
use crate::budget::UNITS_PER_POSITION;
use crate::error::EngineError;
use crate::spec::GameSpec;

/// Wraps the ruleset `spec` names with its solvers.
pub(crate) fn engine<R: Ruleset>(spec: &GameSpec, ruleset: R) -> Box<dyn AnyGame> {
    Box::new(Engine::new(spec.clone(), ruleset))
}

/// The search cost of a take-away game on heaps where no move raises a heap and the root has
/// `root_options` options: at least those, at most one stored position for each heap vector
/// below the position (`Π (n_i + 1)`), each with at most `root_options` options. Saturating
/// arithmetic: only comparisons with budgets matter.
pub(crate) fn box_search_cost(numbers: &[BigUint], root_options: BigUint) -> SearchCost {
    let saturate = |n: &BigUint| n.to_u128().unwrap_or(u128::MAX);
    let positions = numbers.iter().fold(1u128, |p, n| p.saturating_mul(saturate(n).saturating_add(1)));
    let per_position = saturate(&root_options).saturating_add(u128::from(UNITS_PER_POSITION));
    SearchCost {
        at_least: root_options,
        at_most: Some(BigUint::from(positions.saturating_mul(per_position))),
    }
}

/// The error for values that are valid one by one but not together.
pub(crate) fn invalid(reason: crate::lang::Words) -> EngineError {
    EngineError::Spec(crate::spec::SpecError::Invalid(reason))
}

/// Fails unless the position has exactly `count` numbers; `what` says what they are, in every
/// language ("one heap size").
pub(crate) fn expect_heaps(
    game: &str,
    numbers: &[BigUint],
    count: usize,
    what: crate::lang::Words,
) -> Result<(), EngineError> {
    if numbers.len() == count {
        Ok(())
    } else {
        let (got, plural) = (numbers.len(), if numbers.len() == 1 { "" } else { "s" });
        let (what_en, what_zh) = (what.en, what.zh);
        Err(EngineError::InvalidPosition(crate::lang::words!(
            "{game} takes {what_en}, got {got} number{plural}",
            "{game} 的局面是{what_zh}，这里给了 {got} 个数"
        )))
    }
}
