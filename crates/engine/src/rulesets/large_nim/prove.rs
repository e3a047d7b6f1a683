//! Theorems for `n`-player Large Nim on at most `N` heaps of **any** size, proved by a finite
//! induction over order patterns (`nimlab prove large-nim`).
//!
//! 1. **Conjecture** a value `F(π)` for every order pattern `π` of at most `N` heaps: the value,
//!    by the rules, of the least position of the pattern (`x_1` is 1 or 2, each step 0 or 1).
//!    These `2^(N+1) - 1` positions are closed under moves (a move only splits or drops gaps),
//!    so they form a dense table of their own, filled in order of chip count.
//! 2. **Check** `F` with [`check`](super::check::check), which sees only the table and the rules:
//!    for every pattern and every profile consistent with it (`3^k` of `k` heaps), the options'
//!    values give `F`. By induction on the number of chips, `g(G) = F(pattern(G))` for every
//!    position of at most `N` heaps (the argument is in [`super::check`]).
//! 3. If a heap count fails, the pattern theorem is false there (the failing profile's least
//!    position, or a smaller one, is a counterexample); the prover then tries the finer classes
//!    (gaps capped at 2, profiles at 4) within the budget and reports what happened.
//!
//! The theorem is reported per heap count as a piecewise formula in the style of the paper's
//! formula (5), merged as `explore` merges, with the paper's result for that heap count and
//! whether the general law ([`super::law`]) agrees.
//!
//! `solve` uses the same proof through [`proved_table`]: recomputed on demand (at most
//! [`SOLVE_HEAPS`] heaps, a fraction of a second) and kept for the process, so every answer rests
//! on a check this process ran rather than on a shipped table.

use crate::clock::Instant;
use crate::lang::{words, Words};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use serde::Serialize;
use thiserror::Error;

use super::check::{check, profile_count, CheckFailure, CheckOutcome, HeapCountCheck};
use super::classes::{representative, ClassTable, GapClasses};
use super::explore::{formula, Chain, FormulaCase};
use super::{law, LargeNim, Source};
use crate::budget::{Budget, Exhausted, ALLOCATION_OVERHEAD};
use crate::solve::{HeapMultisetGame, StandardAlliance, Terminal, Valuation};

/// The gap cap of order patterns.
const PATTERN_CAP: u64 = 1;
/// The gap cap of the refinement tried when patterns fail.
const REFINED_CAP: u64 = 2;

/// The most heaps `solve` proves a theorem for on demand: 797,161 profiles, well under a second.
pub(crate) const SOLVE_HEAPS: usize = 12;

/// Why a proof could not be attempted.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProveError {
    /// Fewer than two players.
    #[error("a game needs at least 2 players, got {0}")]
    TooFewPlayers(u32),
    /// The classes or profiles do not fit the budget, or the check ran out of it (or of time).
    #[error("proving {heaps} heaps stopped ({what}): {cause}")]
    Stopped {
        /// The number of heaps asked for.
        heaps: usize,
        /// What did not fit, or ran out.
        what: ProofStage,
        /// What ran out.
        cause: Exhausted,
    },
}

/// The stage of a proof that did not fit the budget or ran out of it ([`ProveError::Stopped`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum ProofStage {
    /// The order patterns (the tables at the pattern cap).
    #[error("order patterns")]
    OrderPatterns,
    /// The gap classes (a refined table).
    #[error("classes")]
    Classes,
    /// The profiles the check goes through.
    #[error("profiles")]
    Profiles,
    /// The check itself.
    #[error("the check")]
    Check,
    /// The formula merged from the values.
    #[error("the formula")]
    Formula,
}

impl ProveError {
    /// The error's words in both languages, from its data (the English is its `Display`).
    pub fn words(&self) -> Words {
        match self {
            ProveError::TooFewPlayers(players) => {
                words!(
                    "a game needs at least 2 players, got {players}",
                    "一局游戏至少需要 2 名玩家，这里是 {players} 名"
                )
            }
            ProveError::Stopped { heaps, what, cause } => {
                let what = match what {
                    ProofStage::OrderPatterns => "序型",
                    ProofStage::Classes => "间隔类",
                    ProofStage::Profiles => "轮廓",
                    ProofStage::Check => "检验",
                    ProofStage::Formula => "公式",
                };
                let zh = cause.words().zh;
                Words {
                    en: self.to_string(), zh: format!("证明 {heaps} 堆的定理停止了（{what}）：{zh}")
                }
            }
        }
    }
}

/// The theorem for the positions of one number of heaps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HeapCountTheorem {
    /// The number of heaps `k`.
    pub heaps: usize,
    /// The order patterns of `k` heaps, `2^k`.
    pub patterns: usize,
    /// The profiles of `k` heaps checked, `3^k`.
    pub profiles: usize,
    /// The options looked up by the check of these profiles.
    pub options: u64,
    /// Wall time of this heap count's check, in microseconds.
    pub micros: u64,
    /// The value on every pattern, merged into a piecewise formula.
    pub formula: Vec<FormulaCase>,
    /// The paper's result for `k` heaps and this many players, if it has one.
    pub paper: Option<&'static str>,
    /// True when the general law gives the same value on every pattern of `k` heaps.
    pub law_agrees: bool,
}

/// A failing profile, with the order pattern it belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProofFailure {
    /// The order pattern.
    pub pattern: Chain,
    /// The profile and the two values.
    #[serde(flatten)]
    pub check: CheckFailure,
}

/// What the finer classes gave after the order patterns failed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum RefinementOutcome {
    /// The values depend only on the gaps capped at the cap, for every heap count asked.
    Proved {
        /// Classes of at most `N` heaps.
        classes: usize,
        /// Profiles checked.
        profiles: usize,
        /// Wall time of conjecture and check, in microseconds.
        micros: u64,
    },
    /// The finer classes fail too.
    Failed {
        /// The most heaps for which they hold.
        proved_heaps: usize,
        /// The first failing profile.
        failure: CheckFailure,
    },
    /// The finer classes do not fit the budget.
    TooLarge {
        /// The budget's message ([`ProveError`]'s English: `prove` is a research report, which
        /// stays English, and its JSON carries the sentence).
        message: String,
    },
}

/// The attempt with finer classes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Refinement {
    /// The class of a position: its gaps capped at this.
    pub cap: u64,
    /// The profile of a position: its gaps capped at this (twice the cap).
    pub profile_cap: u64,
    /// What happened.
    pub outcome: RefinementOutcome,
}

/// The result of `nimlab prove large-nim --players n --heaps N`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProofReport {
    /// The number of players `n`.
    pub players: u32,
    /// The most heaps asked for, `N`.
    pub heaps: usize,
    /// True when the theorem holds for every position of at most `N` heaps.
    pub proved: bool,
    /// The most heaps for which it is proved (`N` when `proved`).
    pub proved_heaps: usize,
    /// Positions valued by the rules to conjecture `F`: one per pattern, `2^(N+1) - 1`.
    pub representatives: usize,
    /// Wall time of the conjecture, in microseconds.
    pub conjecture_micros: u64,
    /// The theorem for each proved heap count `1..=proved_heaps`.
    pub theorem: Vec<HeapCountTheorem>,
    /// Order patterns checked in all (the empty position included).
    pub patterns: usize,
    /// Profiles checked in all.
    pub profiles: usize,
    /// Options looked up in all.
    pub options: u64,
    /// Wall time of the whole check, in microseconds.
    pub check_micros: u64,
    /// The first failing profile, if any.
    pub failure: Option<ProofFailure>,
    /// The finer classes tried after a failure.
    pub refinement: Option<Refinement>,
}

/// Conjectures and checks the order-pattern theorem for `players` and at most `heaps` heaps, and
/// on failure tries finer classes, all within `budget` classes and profiles.
///
/// `O(3^N × N^2)` time for the check (see [`check`](super::check::check)), `O(2^N)` memory.
///
/// # Errors
/// [`ProveError::TooFewPlayers`]; [`ProveError::TooLarge`] when the patterns or profiles of
/// `heaps` heaps exceed `budget`.
pub fn prove(players: u32, heaps: usize, budget: &Budget) -> Result<ProofReport, ProveError> {
    prove_with(players, heaps, budget, conjecture)
}

/// [`prove`] with the conjecture of the order patterns supplied (tests pass a wrong one to see
/// the failure and the refinement).
fn prove_with(
    players: u32,
    heaps: usize,
    budget: &Budget,
    conjecture_patterns: fn(u32, GapClasses) -> ClassTable,
) -> Result<ProofReport, ProveError> {
    let (table, conjecture_micros, outcome) =
        conjecture_and_check(players, PATTERN_CAP, heaps, budget, conjecture_patterns)?;
    let classes = table.classes();
    // The heap counts that passed, 0 included.
    let passed = outcome.checked.len() - usize::from(outcome.failure.is_some());
    let theorem = outcome
        .checked
        .iter()
        .take(passed)
        .skip(1)
        .map(|counts| heap_count_theorem(&table, counts, budget))
        .collect::<Result<_, _>>()
        .map_err(|cause| ProveError::Stopped { heaps, what: ProofStage::Formula, cause })?;
    let failure = outcome.failure.clone().map(|check| {
        let index = classes.index_of_gaps(&check.class).expect("the failing class is in the table");
        ProofFailure { pattern: classes.chain(index), check }
    });
    let refinement = failure.is_some().then(|| refine(players, heaps, budget));
    Ok(ProofReport {
        players,
        heaps,
        proved: failure.is_none(),
        proved_heaps: passed.saturating_sub(1),
        representatives: classes.len(),
        conjecture_micros,
        theorem,
        patterns: outcome.checked.iter().map(|c| c.classes).sum(),
        profiles: outcome.checked.iter().map(|c| c.profiles).sum(),
        options: outcome.checked.iter().map(|c| c.options).sum(),
        check_micros: outcome.checked.iter().map(|c| c.micros).sum(),
        failure,
        refinement,
    })
}

/// The conjectured table at `cap` for at most `heaps` heaps, the conjecture's time in
/// microseconds, and the check's outcome.
fn conjecture_and_check(
    players: u32,
    cap: u64,
    heaps: usize,
    budget: &Budget,
    conjecture_classes: fn(u32, GapClasses) -> ClassTable,
) -> Result<(ClassTable, u64, CheckOutcome), ProveError> {
    StandardAlliance::new(players, Terminal::MoverWins).map_err(|_| ProveError::TooFewPlayers(players))?;
    let too_large =
        |what| ProveError::Stopped { heaps, what, cause: Exhausted::Work { limit: budget.limit() } };
    let room = usize::try_from(budget.remaining()).unwrap_or(usize::MAX);
    let what = if cap == PATTERN_CAP { ProofStage::OrderPatterns } else { ProofStage::Classes };
    let classes = GapClasses::new(cap, heaps, room).ok_or_else(|| too_large(what))?;
    match profile_count(cap, heaps) {
        Some(profiles) if profiles <= room => {}
        _ => return Err(too_large(ProofStage::Profiles)),
    }
    budget.check_held(conjecture_bytes(&classes)).map_err(|cause| ProveError::Stopped {
        heaps,
        what,
        cause,
    })?;
    let started = Instant::now();
    let table = conjecture_classes(players, classes);
    let micros = micros_since(started);
    let outcome = check(&table, budget).map_err(|cause| ProveError::Stopped {
        heaps,
        what: ProofStage::Check,
        cause,
    })?;
    Ok((table, micros, outcome))
}

/// The finer classes (gaps capped at [`REFINED_CAP`]) conjectured and checked.
fn refine(players: u32, heaps: usize, budget: &Budget) -> Refinement {
    let started = Instant::now();
    let outcome = match conjecture_and_check(players, REFINED_CAP, heaps, budget, conjecture) {
        Err(error) => RefinementOutcome::TooLarge { message: error.to_string() },
        Ok((table, _, outcome)) => match outcome.failure {
            None => RefinementOutcome::Proved {
                classes: table.classes().len(),
                profiles: outcome.checked.iter().map(|c| c.profiles).sum(),
                micros: micros_since(started),
            },
            Some(failure) => {
                RefinementOutcome::Failed { proved_heaps: outcome.checked.len().saturating_sub(2), failure }
            }
        },
    };
    Refinement { cap: REFINED_CAP, profile_cap: 2 * REFINED_CAP, outcome }
}

fn micros_since(started: Instant) -> u64 {
    u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX)
}

/// Bytes [`conjecture`] holds at once for `classes` (the check beside it holds `O(N)`): each
/// class's least position (a vector of at most `N` heaps), its place in the order of chips, its
/// value while computed and in the table.
fn conjecture_bytes(classes: &GapClasses) -> u64 {
    let least = std::mem::size_of::<Vec<u64>>() as u64 + ALLOCATION_OVERHEAD + 8 * classes.heaps() as u64;
    let per_class = least + std::mem::size_of::<usize>() as u64 + 2 + 1;
    classes.len() as u64 * per_class
}

/// `F` for every class: the value, by the rules of Large Nim, of the class's least position
/// (every gap equal to its capped value). Those positions are closed under moves (a move drops
/// the largest heap's gap or splits one gap into two smaller ones), so each option's value is
/// already known when positions are taken in increasing order of chips.
///
/// `O(C × (x_max × N + log C))` for `C` classes, `x_max <= 1 + cap × N`.
pub(crate) fn conjecture(players: u32, classes: GapClasses) -> ClassTable {
    let valuation = StandardAlliance::new(players, Terminal::MoverWins).expect("at least 2 players");
    let least: Vec<Vec<u64>> = (0..classes.len()).map(|i| representative(&classes.gaps(i))).collect();
    let mut order: Vec<usize> = (0..classes.len()).collect();
    order.sort_by_key(|&i| least[i].iter().sum::<u64>());
    let mut values: Vec<Option<u8>> = vec![None; classes.len()];
    let mut scratch = Vec::new();
    for i in order {
        scratch.clear();
        LargeNim.visit_options(&least[i], &mut |option| {
            let j = classes.index(option).expect("an option has fewer heaps or as many");
            scratch.push(u32::from(values[j].expect("an option has fewer chips: valued before")));
        });
        let value = valuation.evaluate(&scratch);
        values[i] = Some(u8::try_from(value).expect("a value is at most the number of heaps"));
    }
    let values = values.into_iter().map(|v| v.expect("every class valued")).collect();
    ClassTable::new(players, classes, values)
}

/// The paper's result for `heaps` heaps and `players` players, if any.
fn paper_result(players: u32, heaps: usize) -> Option<&'static str> {
    let (n, k) = (players as usize, heaps);
    let source = if n > k + 1 {
        Source::Theorem1
    } else if n == k + 1 {
        Source::Theorem2
    } else if n == k {
        Source::Theorem3
    } else if (n, k) == (3, 4) {
        Source::Formula5
    } else {
        return None;
    };
    Some(source.name())
}

/// The theorem for one checked heap count of an order-pattern table.
fn heap_count_theorem(
    table: &ClassTable,
    counts: &HeapCountCheck,
    budget: &Budget,
) -> Result<HeapCountTheorem, Exhausted> {
    let classes = table.classes();
    let valued: Vec<(Chain, u32)> =
        classes.of_heaps(counts.heaps).map(|i| (classes.chain(i), table.value_at(i))).collect();
    let law_agrees = valued.iter().all(|(chain, v)| law::value(chain, table.players()) == *v);
    Ok(HeapCountTheorem {
        heaps: counts.heaps,
        patterns: counts.classes,
        profiles: counts.profiles,
        options: counts.options,
        micros: counts.micros,
        formula: formula(valued, budget)?,
        paper: paper_result(table.players(), counts.heaps),
        law_agrees,
    })
}

/// Proved order-pattern tables (`None`: the check failed) by number of players and heaps.
type ProvedTables = BTreeMap<(u32, usize), Option<Arc<ClassTable>>>;

/// The tables proved so far in this process.
static PROVED: Mutex<ProvedTables> = Mutex::new(BTreeMap::new());

/// The order-pattern table of `players` players for at most `heaps` heaps, proved on first use
/// (conjecture and check, as [`prove`]) and kept for the process; `None` for more than
/// [`SOLVE_HEAPS`] heaps or if the check fails.
///
/// A proof of `k` heaps costs `O(3^k × k^2)`: microseconds for 5 heaps, a fraction of a second
/// for 12; a table proved for more heaps answers for fewer. At most `SOLVE_HEAPS^2` tables of at
/// most 8 KB each are kept, since only `n <= N - 1` needs them.
pub(crate) fn proved_table(players: u32, heaps: usize) -> Option<Arc<ClassTable>> {
    if heaps > SOLVE_HEAPS {
        return None;
    }
    let mut proved = PROVED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(table) = proved.range((players, heaps)..=(players, SOLVE_HEAPS)).find_map(|(_, t)| t.clone())
    {
        return Some(table);
    }
    let table = conjecture_and_check(players, PATTERN_CAP, heaps, &Budget::default(), conjecture)
        .ok()
        .filter(|(_, _, outcome)| outcome.failure.is_none())
        .map(|(table, _, _)| Arc::new(table));
    proved.insert((players, heaps), table.clone());
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::positions::SortedTuples;
    use crate::rulesets::large_nim::explore::{explore, formula_lines};
    use crate::rulesets::large_nim::theory_value;
    use crate::solve::sorted_heap_table;

    #[test]
    fn formula_5_is_proved() {
        let report = prove(3, 4, &Budget::default()).unwrap();
        assert!(report.proved);
        assert_eq!(
            (report.proved_heaps, report.representatives, report.patterns, report.profiles),
            (4, 31, 31, 121)
        );
        assert_eq!(report.failure, None);
        assert_eq!(report.refinement, None);
        let four = &report.theorem[3];
        assert_eq!((four.heaps, four.patterns, four.profiles, four.paper), (4, 16, 81, Some("formula (5)")));
        assert!(four.law_agrees);
        // The same text as explore's (and the paper's formula (5), see explore's test).
        assert_eq!(
            formula_lines(&four.formula),
            [
                "0: 1 < x1 = x2 = x3 <= x4 or 1 <= x1 < x2 = x3 < x4",
                "1: 1 = x1 = x2 <= x3 <= x4 or 1 <= x1 <= x2 < x3 <= x4",
                "2: 1 <= x1 < x2 = x3 = x4",
            ]
        );
        let papers: Vec<Option<&str>> = report.theorem.iter().map(|t| t.paper).collect();
        assert_eq!(papers, [Some("Theorem 1"), Some("Theorem 2"), Some("Theorem 3"), Some("formula (5)")]);
    }

    /// The conjecture from the least positions equals the classes of the dense table of
    /// `explore` (every position of `N` heaps up to 9), for 2..=6 players and 1..=5 heaps.
    #[test]
    fn conjecture_agrees_with_explore() {
        for players in 2..=6u32 {
            for heaps in 1..=5usize {
                let table = conjecture(players, GapClasses::new(1, heaps, usize::MAX).unwrap());
                let exploration = explore(players, heaps, 9, &Budget::default()).unwrap();
                assert_eq!(exploration.classes.len(), 1 << heaps);
                for class in &exploration.classes {
                    let index = table.classes().index(&class.values[0].example).unwrap();
                    assert_eq!(class.constant(), Some(table.value_at(index)), "{}", class.pattern);
                }
            }
        }
    }

    /// Every (n, N) the docs table lists up to 9 heaps is proved, and the proved values equal the
    /// dense table's (exhaustive evaluation by the rules) on every position of at most N heaps of
    /// size at most 9: C(18, 9) = 48,620 positions for each of 2..=10 players.
    #[test]
    fn proved_values_match_every_position_of_nine_heaps_up_to_9() {
        for players in 2..=10u32 {
            let report = prove(players, 9, &Budget::default()).unwrap();
            assert!(report.proved, "n = {players}");
            assert!(report.theorem.iter().all(|t| t.law_agrees), "n = {players}");
            let table = proved_table(players, 9).unwrap();
            let valuation = StandardAlliance::new(players, Terminal::MoverWins).unwrap();
            let dense = sorted_heap_table(&LargeNim, &valuation, 9, 9, &Budget::default()).unwrap();
            assert_eq!(dense.len(), 48_620);
            for (position, value) in dense.iter() {
                assert_eq!(table.value(&position), Some(value), "{position:?}, n = {players}");
            }
        }
    }

    /// For 10 to 12 heaps, the proved values against the dense table on every position of at most
    /// 12 heaps of size at most 4 (1,820 positions), for 2..=13 players.
    #[test]
    fn twelve_heaps_are_proved_and_match_small_heaps() {
        let positions: Vec<Vec<u64>> = SortedTuples::new(12, 4).collect();
        assert_eq!(positions.len(), 1820); // C(16, 4)
        for players in 2..=13u32 {
            let table = proved_table(players, 12).expect("proved");
            let valuation = StandardAlliance::new(players, Terminal::MoverWins).unwrap();
            let dense = sorted_heap_table(&LargeNim, &valuation, 12, 4, &Budget::default()).unwrap();
            for (position, value) in dense.iter() {
                assert_eq!(table.value(&position), Some(value), "{position:?}, n = {players}");
            }
        }
    }

    /// Where the paper has a result, the proved table agrees with it on every pattern.
    #[test]
    fn proved_tables_contain_the_paper() {
        for players in 2..=8u32 {
            let table = proved_table(players, 7).unwrap();
            let classes = table.classes();
            for i in 0..classes.len() {
                let least: Vec<_> =
                    representative(&classes.gaps(i)).into_iter().map(num_bigint::BigUint::from).collect();
                if let Some((value, _, _)) = theory_value(&least, players) {
                    assert_eq!(table.value_at(i), value, "{least:?}, n = {players}");
                }
            }
        }
    }

    /// A wrong conjecture (one pattern's value changed) fails the check at that heap count, is
    /// reported with its pattern, profile and both values, and the refinement (gaps capped at 2,
    /// conjectured honestly) then proves the finer theorem.
    #[test]
    fn a_wrong_conjecture_fails_and_the_refinement_is_tried() {
        fn wrong(players: u32, classes: GapClasses) -> ClassTable {
            let honest = conjecture(players, classes.clone());
            let mut values: Vec<u8> = (0..classes.len()).map(|i| honest.value_at(i) as u8).collect();
            // 1 < x1 < x2 = x3 (least position (2, 3, 3)) has value 1 for 3 players (Theorem 3).
            let index = classes.index(&[2, 3, 3]).unwrap();
            values[index] = 2;
            ClassTable::new(players, classes, values)
        }
        let report = prove_with(3, 4, &Budget::default(), wrong).unwrap();
        assert!(!report.proved);
        assert_eq!(report.proved_heaps, 2);
        assert_eq!(report.theorem.len(), 2);
        // Profiles run with x1 - 1 changing fastest: (1,1,1), (2,2,2), then (3,3,3), whose option
        // (2, 3, 3) now claims 2, worth (2 + 1) mod 3 = 0, while (3, 3, 3) has value 2.
        let failure = report.failure.expect("the wrong value is found");
        assert_eq!(failure.pattern.to_string(), "1 < x1 = x2 = x3");
        assert_eq!(failure.check.representative, [3, 3, 3]);
        assert_eq!(failure.check.profile, [2, 0, 0]);
        assert_eq!((failure.check.claimed, failure.check.from_options), (2, 0));
        let refinement = report.refinement.expect("tried");
        assert_eq!((refinement.cap, refinement.profile_cap), (2, 4));
        assert!(matches!(refinement.outcome, RefinementOutcome::Proved { classes: 121, profiles: 781, .. }));
        // Out of budget, the refinement says so instead.
        let RefinementOutcome::TooLarge { message } = refine(3, 4, &Budget::new(200)).outcome else {
            panic!()
        };
        assert!(message.contains("stopped (profiles)"), "{message}");
    }

    #[test]
    fn budgets_and_players_are_checked_up_front() {
        assert_eq!(prove(1, 3, &Budget::default()), Err(ProveError::TooFewPlayers(1)));
        let err = prove(3, 12, &Budget::new(100_000)).unwrap_err();
        assert_eq!(
            err,
            ProveError::Stopped {
                heaps: 12,
                what: ProofStage::Profiles,
                cause: Exhausted::Work { limit: 100_000 }
            }
        );
        let err = prove(3, 12, &Budget::new(1000)).unwrap_err();
        assert!(err.to_string().contains("stopped (order patterns)"), "{err}");
        // The check itself is metered: a budget that admits the profiles but not their options.
        let err = prove(3, 12, &Budget::new(1_000_000)).unwrap_err();
        assert!(matches!(err, ProveError::Stopped { what: ProofStage::Check, .. }), "{err}");
        assert!(proved_table(3, SOLVE_HEAPS + 1).is_none());
    }
}
