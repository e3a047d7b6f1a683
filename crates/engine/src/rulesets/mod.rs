//! The rulesets: one file (or folder) each, holding the declaration ([`RulesetInfo`]: name,
//! rules, parameters as data), the rules ([`crate::Game`]), the position format and the
//! closed-form theory. To add a ruleset, add a file here with its `RULESET` declaration and its
//! tests, and one line to [`RULESETS`] (with its `mod` line): every surface derives the rest.

pub mod apple;
pub mod bash;
pub mod fibonacci;
pub mod half;
pub mod large_nim;
pub mod moore;
pub mod nim;
pub mod octal;
pub mod pattern;
pub mod staircase;
pub mod subtraction;
pub mod wythoff;

use num_bigint::BigUint;

use num_traits::ToPrimitive;

use crate::analysis::{AnyGame, Engine, Ruleset, SearchCost};
use crate::budget::UNITS_PER_POSITION;
use crate::error::EngineError;
use crate::lang::{say, Lang};
use crate::spec::{GameSpec, RulesetInfo};

/// Every ruleset nimlab knows, in the order they are listed to users: one line each.
pub const RULESETS: &[&RulesetInfo] = &[
    &nim::RULESET,
    &bash::RULESET,
    &subtraction::RULESET,
    &half::RULESET,
    &moore::RULESET,
    &wythoff::RULESET,
    &fibonacci::RULESET,
    &staircase::RULESET,
    &large_nim::RULESET,
    &apple::RULESET,
    &pattern::RULESET,
    &octal::OCTAL,
    &octal::KAYLES,
    &octal::DAWSON_KAYLES,
    &octal::DAWSONS_CHESS,
    &octal::GRUNDY_GAME,
];

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
pub(crate) fn invalid(message: impl Into<String>) -> EngineError {
    EngineError::Spec(crate::spec::SpecError::Invalid(message.into()))
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
/// "take 2 from the heap of 3", "take 3 from both heaps", ... ("从 3 个那堆取走 2 个").
pub(crate) fn describe_take(from: &[BigUint], to: &[BigUint], lang: Lang) -> String {
    let changed: Vec<(usize, BigUint)> = from
        .iter()
        .zip(to)
        .enumerate()
        .filter(|(_, (f, t))| f != t)
        .map(|(i, (f, t))| (i, if f > t { f - t } else { t - f }))
        .collect();
    let heap = |i: usize| {
        if from.len() == 1 {
            lang.pick("the heap", "这堆").to_string()
        } else {
            say!(lang, "the heap of {}", " {} 个那堆", from[i])
        }
    };
    match changed.as_slice() {
        [] => lang.pick("pass", "不走").to_string(),
        [(i, amount)] => say!(lang, "take {amount} from {}", "从{}取走 {amount} 个", heap(*i)),
        [(_, amount), rest @ ..] if rest.iter().all(|(_, a)| a == amount) => {
            let heaps: Vec<String> = changed.iter().map(|(i, _)| from[*i].to_string()).collect();
            if changed.len() == from.len() && from.len() == 2 {
                say!(lang, "take {amount} from both heaps", "从两堆各取走 {amount} 个")
            } else {
                say!(
                    lang,
                    "take {amount} from each of the heaps of {}",
                    "从 {} 个那几堆各取走 {amount} 个",
                    heaps.join(lang.pick(", ", "、"))
                )
            }
        }
        _ => {
            let parts: Vec<String> =
                changed.iter().map(|(i, a)| say!(lang, "{a} from {}", "从{}取走 {a} 个", heap(*i))).collect();
            say!(lang, "take {}", "{}", parts.join(lang.pick(" and ", "，并")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Basis;
    use crate::bigint::to_bigs;
    #[allow(unused_imports)]
    use crate::test_prelude::*;

    #[test]
    fn every_ruleset_builds_from_its_example_and_names_itself() {
        for info in RULESETS {
            let spec = info.example_spec();
            let game = spec.build(&Budget::default()).unwrap_or_else(|e| panic!("{}: {e}", info.name));
            assert_eq!(game.spec(), &spec);
            let example: Vec<BigUint> =
                info.example_position.split_whitespace().map(|n| n.parse().unwrap()).collect();
            game.check_position(&example).unwrap_or_else(|e| panic!("{}: {e}", info.name));
        }
        let err = GameSpec::named("chess").unwrap_err();
        assert!(err.to_string().contains("unknown game 'chess'"));
    }

    /// Every declaration names its game, says how its positions are drawn and gives its texts
    /// in Chinese: the name, the rules, the position and a label and help for each parameter
    /// (the playground takes them from `/api/games`; no surface keeps a second copy).
    #[test]
    fn every_declaration_has_a_title_and_its_chinese_texts() {
        let chinese = |text: &str| text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
        for info in RULESETS {
            assert!(!info.title.is_empty(), "{}: no title", info.name);
            let zh = &info.zh;
            for (what, text) in [("title", zh.title), ("rules", zh.rules), ("position", zh.position)] {
                assert!(chinese(text), "{}: the Chinese {what} {text:?}", info.name);
            }
            let declared: Vec<&str> = info.params.iter().map(|p| p.name).collect();
            let translated: Vec<&str> = zh.params.iter().map(|p| p.name).collect();
            assert_eq!(declared, translated, "{}: the Chinese parameters", info.name);
            for p in zh.params {
                assert!(chinese(p.label) && chinese(p.help), "{}: {}", info.name, p.name);
            }
            assert_eq!(info.title_in(Lang::Zh), zh.title);
            assert_eq!(info.title_in(Lang::En), info.title);
        }
    }

    #[test]
    fn move_texts() {
        assert_eq!(
            describe_take(&to_bigs(&[3, 4, 5]), &to_bigs(&[1, 4, 5]), Lang::En),
            "take 2 from the heap of 3"
        );
        assert_eq!(describe_take(&to_bigs(&[10]), &to_bigs(&[8]), Lang::En), "take 2 from the heap");
        assert_eq!(describe_take(&to_bigs(&[4, 7]), &to_bigs(&[1, 4]), Lang::En), "take 3 from both heaps");
        assert_eq!(
            describe_take(&to_bigs(&[4, 7, 9]), &to_bigs(&[1, 7, 6]), Lang::En),
            "take 3 from each of the heaps of 4, 9"
        );
        assert_eq!(
            describe_take(&to_bigs(&[4, 7]), &to_bigs(&[1, 6]), Lang::En),
            "take 3 from the heap of 4 and 1 from the heap of 7"
        );
        let zh = |from: &[u64], to: &[u64]| describe_take(&to_bigs(from), &to_bigs(to), Lang::Zh);
        assert_eq!(zh(&[3, 4, 5], &[1, 4, 5]), "从 3 个那堆取走 2 个");
        assert_eq!(zh(&[10], &[8]), "从这堆取走 2 个");
        assert_eq!(zh(&[4, 7], &[1, 4]), "从两堆各取走 3 个");
        assert_eq!(zh(&[4, 7, 9], &[1, 7, 6]), "从 4、9 个那几堆各取走 3 个");
        assert_eq!(zh(&[4, 7], &[1, 6]), "从 4 个那堆取走 3 个，并从 7 个那堆取走 1 个");
    }

    /// Every text beside an answer, for every ruleset at its example position and a few more:
    /// in Chinese, written in Chinese (no English words left), and the same answer as in
    /// English. Covers theory and search, normal and misère play, two and three players, and
    /// the legal moves' texts.
    #[test]
    fn every_ruleset_writes_its_texts_in_chinese() {
        let budget = Budget::default();
        let chinese = |what: &str, text: &str| {
            assert!(
                text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "{what}: {text:?} is not Chinese"
            );
            assert_eq!(english_words(text), Vec::<&str>::new(), "{what}: {text:?}");
        };
        for info in RULESETS {
            let game = info.example_spec().build(&budget).unwrap();
            let example: Vec<BigUint> =
                info.example_position.split_whitespace().map(|n| n.parse().unwrap()).collect();
            let numbers = game.check_position(&example).unwrap();
            for play in [Play::Normal, Play::Misere] {
                for method in [Method::Auto, Method::Search] {
                    let what = format!("{} {} {play:?} {method:?}", info.name, info.example_position);
                    let ask = |lang| Query { lang, ..Query::new(method, play) };
                    let (Ok(en), Ok(zh)) = (
                        game.analyze(&numbers, &ask(Lang::En), &budget),
                        game.analyze(&numbers, &ask(Lang::Zh), &budget),
                    ) else {
                        continue;
                    };
                    assert_eq!(
                        (&en.outcome, &en.grundy, en.winning_moves.len()),
                        (&zh.outcome, &zh.grundy, zh.winning_moves.len()),
                        "{what}"
                    );
                    chinese(&format!("{what}: reason"), &zh.reason);
                    if let Basis::Theory(theorem) = &zh.basis {
                        chinese(&format!("{what}: theorem"), theorem);
                    }
                    for m in &zh.winning_moves {
                        chinese(&format!("{what}: move"), &m.text);
                    }
                }
                if let Some(theorem) = game.theorem(play, Lang::Zh) {
                    chinese(&format!("{} theorem", info.name), &theorem);
                }
            }
            if let Ok(moves) = game.options(&numbers, &budget, Lang::Zh) {
                for m in moves {
                    chinese(&format!("{} option", info.name), &m.text);
                }
            }
            for method in [Method::Auto, Method::Search] {
                if let Ok(three) = game.analyze_players(&numbers, 3, method, &budget, Lang::Zh) {
                    chinese(&format!("{} 3 players {method:?}: reason", info.name), &three.reason);
                    for m in &three.moves {
                        chinese(&format!("{} 3 players: move", info.name), &m.text);
                    }
                }
            }
        }
    }
}
