//! The registry: every ruleset nimlab knows ([`RULESETS`]), and games found by name — parsing a
//! [`GameSpec`] from its text, and building it. The top of the engine: it sees every ruleset,
//! and nothing below it sees the list.

use crate::error::RequestError;
use std::str::FromStr;

use crate::analysis::{AnyGame, Capabilities, Research, RulesetInfo};
use crate::budget::Budget;
use crate::error::EngineError;
use crate::rulesets;
use crate::spec::{GameId, GameSpec, SpecError};

/// Every ruleset nimlab knows, in the order they are listed to users: one line each.
pub const RULESETS: &[&RulesetInfo] = &[
    &rulesets::nim::RULESET,
    &rulesets::bash::RULESET,
    &rulesets::subtraction::RULESET,
    &rulesets::half::RULESET,
    &rulesets::moore::RULESET,
    &rulesets::wythoff::RULESET,
    &rulesets::fibonacci::RULESET,
    &rulesets::staircase::RULESET,
    &rulesets::large_nim::RULESET,
    &rulesets::apple::RULESET,
    &rulesets::pattern::RULESET,
    &rulesets::loopy_pattern::RULESET,
    &rulesets::octal::OCTAL,
    &rulesets::octal::KAYLES,
    &rulesets::octal::DAWSON_KAYLES,
    &rulesets::octal::DAWSONS_CHESS,
    &rulesets::octal::GRUNDY_GAME,
    &rulesets::fair_shares::RULESET,
    &rulesets::coins::turning_turtles::RULESET,
    &rulesets::coins::mock_turtles::RULESET,
    &rulesets::coins::ruler::RULESET,
    &rulesets::coins::family::RULESET,
    &rulesets::coins::turning_corners::RULESET,
    &rulesets::coins::product::RULESET,
    &rulesets::graph::RULESET,
    &rulesets::node_kayles::RULESET,
    &rulesets::arc_kayles::RULESET,
    &rulesets::hackenbush::RULESET,
    &rulesets::geography::RULESET,
    &rulesets::cram::RULESET,
    &rulesets::chomp::RULESET,
];

impl RulesetInfo {
    /// The registered ruleset called `name`.
    pub fn find(name: &str) -> Option<&'static RulesetInfo> {
        RULESETS.iter().copied().find(|r| r.name == name)
    }
}

/// The rulesets a research question applies to (their capabilities say so), by name.
pub fn answering(question: Research) -> Vec<&'static str> {
    RULESETS.iter().filter(|r| r.capabilities.answers(question)).map(|r| r.name).collect()
}

/// The usage error for a research question asked of a game it does not apply to, naming the
/// games it applies to.
pub fn not_answered(question: Research, game: &str) -> EngineError {
    EngineError::InvalidRequest(RequestError::NotAnswered {
        game: game.to_string(),
        question: question.words(),
        games: answering(question),
    })
}

/// The error for a game no ruleset is called: it lists the games there are.
pub fn unknown_game(name: &str) -> SpecError {
    SpecError::UnknownGame { name: name.into(), games: RULESETS.iter().map(|r| r.name).collect() }
}

impl GameId {
    /// What the game declares it can do: a registered ruleset's capabilities; none for a
    /// caller's game, which takes no fast path and answers no research question (its answers
    /// are the generic search's).
    pub fn capabilities(&self) -> Capabilities {
        self.registered().map_or(Capabilities::NONE, |spec| spec.info().capabilities)
    }

    /// The bound `verify` and a table of every position use by default: the declaration's; 0
    /// for a caller's game, which declares none.
    pub fn verify_bound(&self) -> u64 {
        self.registered().map_or(0, |spec| spec.info().verify_bound)
    }
}

fn find(name: &str) -> Result<&'static RulesetInfo, SpecError> {
    RulesetInfo::find(name).ok_or_else(|| unknown_game(name))
}

impl GameSpec {
    /// The registered game `name` with parameters given as `(name, value)` pairs, as typed (see
    /// [`GameSpec::from_decls`]).
    ///
    /// # Errors
    /// [`SpecError`] for an unknown game or parameter, a bad or missing value, or a
    /// parameter given twice.
    pub fn from_pairs(name: &str, pairs: &[(&str, &str)]) -> Result<GameSpec, SpecError> {
        let info = find(name)?;
        GameSpec::from_decls(info.name, info.params, pairs)
    }

    /// The game `name` with every parameter at its default.
    ///
    /// # Errors
    /// As for [`GameSpec::from_pairs`] (a required parameter is missing).
    pub fn named(name: &str) -> Result<GameSpec, SpecError> {
        GameSpec::from_pairs(name, &[])
    }

    /// The ruleset's declaration: only the registry makes a spec, so its name is registered.
    pub fn info(&self) -> &'static RulesetInfo {
        RulesetInfo::find(self.name()).expect("a spec names a registered ruleset")
    }

    /// Builds the ruleset with its solvers, charging the work of building to `budget`.
    ///
    /// # Errors
    /// [`EngineError::Spec`] when the values do not fit together (the ruleset's own check).
    pub fn build(&self, budget: &Budget) -> Result<Box<dyn AnyGame>, EngineError> {
        (self.info().build)(self, budget)
    }
}

impl FromStr for GameSpec {
    type Err = SpecError;

    /// Parses `NAME [--PARAM VALUE | --PARAM=VALUE | --FLAG]...`.
    fn from_str(text: &str) -> Result<GameSpec, SpecError> {
        let mut words = text.split_whitespace();
        let name = words
            .next()
            .ok_or_else(|| SpecError::Syntax { text: text.into(), fault: crate::spec::SyntaxFault::Empty })?;
        let info = find(name)?;
        let words: Vec<&str> = words.collect();
        GameSpec::from_words(info.name, info.params, &words, text)
    }
}

impl FromStr for GameId {
    type Err = SpecError;

    /// A game's text names a registered ruleset (see [`GameSpec`]'s `FromStr`): a caller's game
    /// has no text to be read from.
    fn from_str(text: &str) -> Result<GameId, SpecError> {
        text.parse().map(GameId::Registered)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{Basis, MoveReport};
    use crate::bigint::to_bigs;
    use crate::lang::Lang;
    use crate::rulesets::describe_take;
    #[allow(unused_imports)]
    use crate::test_prelude::*;
    use num_bigint::BigUint;

    /// A game whose graph the surface reads from a file: it has no `AnyGame`.
    fn from_file(info: &RulesetInfo) -> bool {
        matches!(info.capabilities.loopy, Some(crate::analysis::LoopyPositions::GraphFile { .. }))
    }

    #[test]
    fn every_ruleset_builds_from_its_example_and_names_itself() {
        for info in RULESETS {
            let spec = info.example_spec();
            if from_file(info) {
                assert!(
                    spec.build(&Budget::default()).is_err(),
                    "{}: read from a file by the surface",
                    info.name
                );
                continue;
            }
            let game = spec.build(&Budget::default()).unwrap_or_else(|e| panic!("{}: {e}", info.name));
            assert_eq!(game.spec().registered(), Some(&spec));
            let example: Vec<BigUint> =
                info.example_position.split_whitespace().map(|n| n.parse().unwrap()).collect();
            game.check_position(&example).unwrap_or_else(|e| panic!("{}: {e}", info.name));
        }
        let err = GameSpec::named("chess").unwrap_err();
        assert!(err.to_string().contains("unknown game 'chess'"));
    }

    /// A move's target is a `CheckedPosition` because the rules built it: for every ruleset, on
    /// its example and its first verification positions, every legal move's and every winning
    /// move's target (the theory's and the search's, both plays) is what the ruleset's check
    /// makes of it, so a session goes on from it without checking again.
    #[test]
    fn every_move_target_is_what_the_check_makes_of_it() {
        let budget = Budget::default();
        for info in RULESETS.iter().filter(|info| !from_file(info)) {
            let game = info.example_spec().build(&budget).unwrap();
            let example: Vec<BigUint> =
                info.example_position.split_whitespace().map(|n| n.parse().unwrap()).collect();
            let positions = std::iter::once(example).chain(game.verification_positions(6).take(40));
            for numbers in positions {
                let Ok(position) = game.check_position(&numbers) else { continue };
                let mut targets: Vec<MoveReport> =
                    game.options(&position, &budget, Lang::En).unwrap_or_default();
                for play in [Play::Normal, Play::Misere] {
                    for method in [Method::Theory, Method::Search] {
                        if let Ok(a) = game.analyze(&position, &Query::new(method, play), &budget) {
                            targets.extend(a.winning_moves);
                        }
                    }
                }
                for m in targets {
                    let checked = game.check_position(&m.to).unwrap_or_else(|e| {
                        panic!("{} {numbers:?}: the move {:?} leaves {:?}: {e}", info.name, m.text, m.to)
                    });
                    assert_eq!(checked, m.to, "{} {numbers:?}: {}", info.name, m.text);
                }
            }
        }
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

    /// Each declaration's fast paths are the ones its ruleset takes: a table of its example
    /// game (one heap, or two) comes from a fast path exactly when the declaration says so.
    #[test]
    fn declared_fast_paths_are_the_paths_taken() {
        use crate::tables::TableError;
        use crate::tables::{GridRequest, SequenceRequest, TableMethod, TableValues};
        let generic = |method: TableMethod| matches!(method, TableMethod::Dense | TableMethod::Search);
        // A table's method, or none when its cells stop being positions before the table ends (a
        // graph game's numbers name the graph's vertices or edges): the generic path then.
        let fast_path = |method: Result<TableMethod, TableError>, name: &str| match method {
            Ok(method) => !generic(method),
            Err(TableError::Engine(EngineError::InvalidPosition(_))) => false,
            Err(e) => panic!("{name}: {e}"),
        };
        for info in RULESETS {
            if info.capabilities.loopy.is_some() {
                // Answered by the loopy engine, which has no fast table paths.
                assert!(!info.capabilities.fast_sequence && !info.capabilities.fast_grid, "{}", info.name);
                continue;
            }
            let game = info.example_spec().build(&Budget::default()).unwrap();
            let budget = Budget::default();
            let kinds = [TableValues::Grundy, TableValues::Outcomes];
            if game.check_position(&[BigUint::from(0u32)]).is_ok() {
                // A game whose positions are not heaps (a graph's deleted vertices) refuses a
                // one-heap table: no path is taken.
                let fast = kinds.iter().any(|&values| {
                    let request = SequenceRequest::new(30, values, Play::Normal);
                    game.sequence(&request, &budget).is_ok_and(|s| !generic(s.basis().method))
                });
                assert_eq!(info.capabilities.fast_sequence, fast, "{}: one-heap tables", info.name);
            }
            if game.check_position(&[BigUint::from(0u32), BigUint::from(0u32)]).is_ok() {
                let fast = kinds.iter().any(|&values| {
                    let request = GridRequest::new(8, 8, values, Play::Normal);
                    fast_path(game.grid(&request, &budget).map(|g| g.basis().method), info.name)
                });
                assert_eq!(info.capabilities.fast_grid, fast, "{}: two-heap tables", info.name);
            }
        }
        assert_eq!(answering(Research::OrderPatterns), ["large-nim"]);
    }

    /// Each declaration's size and sum theories hold: its example position with 10^30 added to
    /// every number is answered by theory (an outcome) exactly when the declaration says
    /// `any_size`, and a game declared a sum of heaps has, on every position of two or three
    /// heaps up to 9, the nim-sum of its heaps' values by search.
    #[test]
    fn declared_size_and_sum_theories_hold() {
        use crate::analysis::{GrundyValue, Query};
        use crate::game::Method;
        let budget = Budget::default();
        let search = Query { method: Method::Search, ..Query::default() };
        let theory = Query { method: Method::Theory, max_moves: 1, ..Query::default() };
        let huge = BigUint::from(10u32).pow(30);
        for info in RULESETS {
            let caps = info.capabilities;
            if caps.loopy.is_some() {
                // The loopy engine answers over a finite graph: no closed form, no nim-sums.
                assert!(!caps.any_size && !caps.nim_sum_of_heaps, "{}", info.name);
                continue;
            }
            if info.example_position.trim().is_empty() {
                // A graph game's example is the whole graph: no number to make huge, no heaps.
                assert!(!caps.any_size && !caps.nim_sum_of_heaps, "{}", info.name);
                continue;
            }
            let game = info.example_spec().build(&budget).unwrap();
            let example: Vec<BigUint> = info
                .example_position
                .split_whitespace()
                .map(|n| n.parse::<BigUint>().unwrap() + &huge)
                .collect();
            match game.check_position(&example) {
                // Nothing grew (a graph game's whole graph), or the numbers name vertices or edges
                // of a graph: the game has no positions of any size.
                _ if example.is_empty() => assert!(!caps.any_size, "{}", info.name),
                Err(_) => assert!(!caps.any_size, "{}: refuses its example grown", info.name),
                Ok(example) => {
                    let answered = game.analyze(&example, &theory, &budget).is_ok();
                    assert_eq!(answered, caps.any_size, "{}: positions of any size", info.name);
                }
            }
            if !caps.nim_sum_of_heaps {
                continue;
            }
            let value = |heaps: &[u64]| match game
                .analyze(&trusted(&to_bigs(heaps)), &search, &budget)
                .unwrap()
                .grundy
            {
                GrundyValue::Value(v) => v,
                other => panic!("{}: {heaps:?} has no value ({other:?})", info.name),
            };
            let single: Vec<BigUint> = (0..=9).map(|h| value(&[h])).collect();
            for a in 0..=9u64 {
                for b in a..=9 {
                    assert_eq!(
                        value(&[a, b]),
                        &single[a as usize] ^ &single[b as usize],
                        "{} {a} {b}",
                        info.name
                    );
                    for c in (b..=9).step_by(3) {
                        let sum = &single[a as usize] ^ &single[b as usize] ^ &single[c as usize];
                        assert_eq!(value(&[a, b, c]), sum, "{} {a} {b} {c}", info.name);
                    }
                }
            }
        }
    }

    /// Each declaration's period sequence is what its game answers: the take-and-break rules
    /// (or subtraction takes) `period` reads from the capabilities give, heap by heap, the values
    /// the built game's search gives; a theorem declared is never dropped to an observed period;
    /// and a game with a take-and-break code (its misère quotient) always names its rules, so
    /// that no named take-and-break game falls silently to "observed".
    #[test]
    fn declared_period_sequences_are_the_games_sequences() {
        use crate::analysis::{CodeSource, GrundyValue, PeriodSequence, PeriodTheorem, Query, RulesSource};
        use crate::game::Method;
        let budget = Budget::default();
        let search = Query { method: Method::Search, ..Query::default() };
        let mut certified = Vec::new();
        for info in RULESETS {
            let caps = info.capabilities;
            let spec = info.example_spec();
            let sequence = caps.period_sequence(&spec).unwrap();
            let coded =
                matches!(caps.misere_quotient, Some(CodeSource::Param { .. } | CodeSource::Fixed { .. }));
            match (&sequence, caps.certified_period) {
                (Some(PeriodSequence::TakeAndBreak(_)), Some(PeriodTheorem::GuySmith) | None) => {}
                (Some(PeriodSequence::Subtraction(_)), Some(PeriodTheorem::SubtractionWindow { .. })) => {}
                (None, None) => assert!(!coded, "{}: a take-and-break code without its rules", info.name),
                (sequence, theorem) => panic!("{}: {sequence:?} declared with {theorem:?}", info.name),
            }
            if let Some(RulesSource::Code(source)) = caps.take_and_break {
                assert_eq!(caps.misere_quotient, Some(source), "{}: one code for both", info.name);
            }
            let Some(sequence) = sequence else { continue };
            certified.push(info.name);
            let expected: Vec<u32> = match sequence {
                PeriodSequence::TakeAndBreak(rules) => {
                    let mut values = rules.sequence();
                    values.extend_to(25, |_| std::ops::ControlFlow::Continue(())).unwrap();
                    values.view().to_vec()
                }
                PeriodSequence::Subtraction(set) => {
                    let mut values: Vec<u32> = Vec::new();
                    for h in 0..25u64 {
                        let options: Vec<u32> =
                            set.iter().filter(|&&s| s <= h).map(|&s| values[(h - s) as usize]).collect();
                        values.push((0..).find(|v| !options.contains(v)).unwrap());
                    }
                    values
                }
            };
            let game = spec.build(&budget).unwrap();
            for (h, &value) in expected.iter().enumerate() {
                let answer = game.analyze(&trusted(&[BigUint::from(h)]), &search, &budget).unwrap();
                assert_eq!(answer.grundy, GrundyValue::Value(value.into()), "{} heap {h}", info.name);
            }
        }
        certified.sort_unstable();
        assert_eq!(
            certified,
            ["dawson-kayles", "dawsons-chess", "grundy-game", "kayles", "octal", "subtraction"],
            "the games whose sequence period computes by a certificate's engine"
        );
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
        for info in RULESETS.iter().filter(|info| !from_file(info)) {
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
