//! Disjunctive sums: several games side by side; a move is a move in one of them.
//!
//! Under normal play the Grundy value of a sum is the XOR `X` of its parts' values
//! (Sprague-Grundy theorem). A move in part `i` changes the sum's value to `X ^ g_i ^ g'` where
//! `g'` is the value of the part's new position, so the winning moves are **every** move of any
//! part to an option of value `g_i ^ X`, whether that is below `g_i` or above it (an option of a
//! larger value exists in games other than Nim: in Wythoff's game (3, 5) has value 0 and the
//! option (3, 3) value 6).

use num_bigint::BigUint;
use serde::Serialize;

use super::answer::{Basis, GrundyValue, MoveReport};
use super::checked::CheckedPosition;
use super::engine::{short_position, AnyGame, Query};
use crate::bigint::json;
use crate::budget::Budget;
use crate::error::EngineError;
use crate::game::Method;
use crate::game::{Outcome, Play};
use crate::lang::{say, Lang};

/// One part of a sum: a game and a checked position of it.
pub struct SumPart<'a> {
    /// The game.
    pub game: &'a dyn AnyGame,
    /// The position, checked by the part's game.
    pub position: CheckedPosition,
}

/// A part of a sum as reported: numbered from 1, with its game, position and Grundy value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumPartReport {
    /// The part's number, from 1 (as in the text: "in part 2").
    pub part: usize,
    /// The game with its parameters.
    pub game: String,
    /// The position.
    #[serde(serialize_with = "json::numbers")]
    pub position: Vec<BigUint>,
    /// The part's Grundy value.
    #[serde(serialize_with = "json::number")]
    pub grundy: BigUint,
    /// Where the part's value came from.
    #[serde(flatten)]
    pub basis: Basis,
}

/// A winning move in a sum: which part, and the move in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumMove {
    /// The part moved in, numbered from 1.
    pub part: usize,
    /// The move within that part; `to` is the part's new position.
    #[serde(flatten)]
    pub report: MoveReport,
}

/// The answer for a sum.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumAnalysis {
    /// The parts, in order.
    pub parts: Vec<SumPartReport>,
    /// Normal play (sums are analysed under normal play only).
    pub play: Play,
    /// Who wins.
    pub outcome: Outcome,
    /// The XOR of the parts' values.
    #[serde(flatten)]
    pub grundy: GrundyValue,
    /// The winning moves listed.
    pub winning_moves: Vec<SumMove>,
    /// How many winning moves there are.
    pub winning_move_count: Option<u64>,
    /// True when `winning_moves` lists every winning move.
    pub moves_complete: bool,
    /// The XOR computation, spelled out.
    pub reason: String,
    /// Theory (the Sprague-Grundy theorem on the parts' values) or search, with the parts'
    /// closed forms.
    #[serde(flatten)]
    pub basis: Basis,
}

/// Solves a sum under normal play, listing at most `max_moves` winning moves.
///
/// # Errors
/// [`EngineError::InvalidRequest`] for an empty sum; any part's analysis error, or
/// [`EngineError::Exhausted`] when a part's Grundy value is not known within the budget.
pub fn analyze_sum(
    parts: &[SumPart<'_>],
    method: Method,
    max_moves: usize,
    budget: &Budget,
    lang: Lang,
) -> Result<SumAnalysis, EngineError> {
    if parts.is_empty() {
        return Err(EngineError::InvalidRequest(crate::error::RequestError::EmptySum));
    }
    let query = Query { method, play: Play::Normal, max_moves: 0, lang, outcome_only: false };
    let mut reports = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter().enumerate() {
        let analysis = part.game.analyze(&part.position, &query, budget)?;
        let GrundyValue::Value(grundy) = analysis.grundy else {
            return Err(EngineError::Exhausted {
                task: Box::new(crate::error::Task::SumPart {
                    part: i + 1,
                    game: part.game.name().to_string(),
                    position: short_position(&part.position),
                }),
                cause: crate::budget::Exhausted::Work { limit: budget.limit() },
            });
        };
        reports.push(SumPartReport {
            part: i + 1,
            game: part.game.name(),
            position: part.position.to_vec(),
            grundy,
            basis: analysis.basis,
        });
    }
    let longest = parts.iter().map(|p| p.position.len()).max().unwrap_or(0);
    let max_moves = max_moves.min(budget.listable_moves(longest));
    let total = crate::bigint::xor_all(reports.iter().map(|r| &r.grundy));
    let mut winning_moves = Vec::new();
    let mut count = 0u64;
    if total != BigUint::default() {
        for (part, report) in parts.iter().zip(&reports) {
            let target = &report.grundy ^ &total;
            for m in part.game.moves_to_value(&part.position, &target, method, budget, lang)? {
                count += 1;
                if winning_moves.len() < max_moves {
                    winning_moves.push(SumMove { part: report.part, report: m });
                }
            }
        }
    }
    let outcome = if total == BigUint::default() { Outcome::P } else { Outcome::N };
    let terms = reports.iter().map(|r| r.grundy.to_string()).collect::<Vec<_>>().join(" ^ ");
    let reason = if outcome == Outcome::P {
        say!(
            lang,
            "the parts have Grundy values {terms} = 0, so every move loses",
            "各部分的 SG 值为 {terms} = 0，所以任何一步都会输"
        )
    } else {
        say!(
            lang,
            "the parts have Grundy values {terms} = {total}; a winning move takes a part of value g to an \
             option of value g ^ {total}",
            "各部分的 SG 值为 {terms} = {total}；必胜的一步把某个 SG 值为 g 的部分走到 SG 值为 g ^ {total} 的后继局面"
        )
    };
    let basis = if reports.iter().all(|r| matches!(r.basis, Basis::Theory(_))) {
        Basis::Theory(say!(
            lang,
            "Sprague-Grundy: a sum's value is the XOR of its parts' values",
            "SG 定理：游戏和的 SG 值是各部分 SG 值的异或"
        ))
    } else {
        let states =
            reports.iter().map(|r| if let Basis::Search { states } = r.basis { states } else { 0 }).sum();
        Basis::Search { states }
    };
    Ok(SumAnalysis {
        parts: reports,
        play: Play::Normal,
        outcome,
        grundy: GrundyValue::Value(total),
        moves_complete: winning_moves.len() as u64 == count,
        winning_move_count: Some(count),
        winning_moves,
        reason,
        basis,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bigint::{big, to_bigs, to_u64s};
    use crate::game::Game;
    use crate::solve::GrundySolver;
    #[allow(unused_imports)]
    use crate::test_prelude::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;
    use std::sync::OnceLock;

    /// A sum written as a [`Game`] from the parts' rules alone: a position is the tuple of the
    /// parts' positions (as numbers), a move is a move in one part. Searching it checks the
    /// sum's answer without the Sprague-Grundy theorem.
    struct WholeSum<'a> {
        parts: Vec<&'a dyn AnyGame>,
    }

    impl Game for WholeSum<'_> {
        type Position = Vec<Vec<u64>>;
        fn options(&self, position: &Vec<Vec<u64>>) -> Vec<Vec<Vec<u64>>> {
            let budget = Budget::default();
            let mut options = Vec::new();
            for (i, (game, part)) in self.parts.iter().zip(position).enumerate() {
                for m in game.options(&trusted(&to_bigs(part)), &budget, Lang::En).unwrap() {
                    let mut next = position.clone();
                    next[i] = to_u64s(&m.to).unwrap();
                    options.push(next);
                }
            }
            options
        }
    }

    /// The games the random sums draw from, built once.
    fn games() -> &'static [Box<dyn AnyGame>] {
        static GAMES: OnceLock<Vec<Box<dyn AnyGame>>> = OnceLock::new();
        GAMES.get_or_init(|| {
            ["nim", "wythoff", "bash --max 3", "subtraction --set 1,3,4"].into_iter().map(test_game).collect()
        })
    }

    /// The sum of `parts` (index into [`games`], position) under `method`, every move listed.
    fn sum_of(parts: &[(usize, Vec<u64>)], method: Method) -> SumAnalysis {
        let games = games();
        let sum_parts: Vec<SumPart<'_>> = parts
            .iter()
            .map(|(g, position)| SumPart { game: games[*g].as_ref(), position: trusted(&to_bigs(position)) })
            .collect();
        analyze_sum(&sum_parts, method, usize::MAX, &Budget::default(), Lang::En).unwrap()
    }

    /// Checks the sum of `parts` under `method` against the search of the whole sum: the Grundy
    /// value and exactly the same winning moves, each listed once.
    fn check_against_whole_search(parts: &[(usize, Vec<u64>)], method: Method) -> Result<(), TestCaseError> {
        let games = games();
        let sum = sum_of(parts, method);
        let whole = WholeSum { parts: parts.iter().map(|(g, _)| games[*g].as_ref()).collect() };
        let position: Vec<Vec<u64>> = parts.iter().map(|(_, p)| p.clone()).collect();
        let mut solver = GrundySolver::new(whole);
        let budget = Budget::default();
        let value = solver.value(&position, &budget).unwrap();
        let searched: BTreeSet<Vec<Vec<u64>>> = solver
            .option_values(&position, &budget)
            .unwrap()
            .into_iter()
            .filter(|(_, v)| *v == 0)
            .map(|(option, _)| option)
            .collect();
        let listed: Vec<Vec<Vec<u64>>> = sum
            .winning_moves
            .iter()
            .map(|m| {
                let mut next = position.clone();
                next[m.part - 1] = to_u64s(&m.report.to).unwrap();
                next
            })
            .collect();
        let names: Vec<String> = sum.parts.iter().map(|p| format!("{} {:?}", p.game, p.position)).collect();
        prop_assert_eq!(&sum.grundy, &GrundyValue::Value(big(u64::from(value))), "{:?}", names);
        prop_assert_eq!(sum.outcome == Outcome::P, value == 0, "{:?}", names);
        prop_assert_eq!(listed.len(), searched.len(), "{:?} lists a move twice or misses one", names);
        prop_assert_eq!(listed.into_iter().collect::<BTreeSet<_>>(), searched, "{:?} {:?}", names, method);
        prop_assert_eq!(sum.winning_move_count, Some(sum.winning_moves.len() as u64));
        prop_assert!(sum.moves_complete);
        Ok(())
    }

    /// A random part: nim on 1 or 2 heaps, wythoff, bash --max 3 or subtraction --set 1,3,4.
    fn part() -> impl Strategy<Value = (usize, Vec<u64>)> {
        prop_oneof![
            prop::collection::vec(0u64..8, 1..=2).prop_map(|heaps| (0, heaps)),
            (0u64..8, 0u64..8).prop_map(|(a, b)| (1, vec![a, b])),
            (0u64..16).prop_map(|n| (2, vec![n])),
            (0u64..16).prop_map(|n| (3, vec![n])),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]
        #[test]
        fn winning_moves_are_those_of_the_whole_sums_search(parts in prop::collection::vec(part(), 1..=3)) {
            check_against_whole_search(&parts, Method::Auto)?;
            check_against_whole_search(&parts, Method::Search)?;
        }
    }

    #[test]
    fn a_winning_move_may_raise_a_parts_value() {
        // nim 3 4 (value 7) + wythoff 3 5 (value 0) + subtraction 10 (value 1): the sum has value
        // 6, and one winning move takes the Wythoff part from value 0 up to value 6, at (3, 3).
        let parts = [(0, vec![3, 4]), (1, vec![3, 5]), (3, vec![10])];
        for method in [Method::Auto, Method::Search] {
            check_against_whole_search(&parts, method).unwrap();
            let sum = sum_of(&parts, method);
            let values: Vec<BigUint> = sum.parts.iter().map(|p| p.grundy.clone()).collect();
            assert_eq!(values, to_bigs(&[7, 0, 1]));
            assert_eq!(sum.grundy, GrundyValue::Value(big(6)));
            let raise = SumMove {
                part: 2,
                report: MoveReport {
                    text: "take 2 from the heap of 5".into(),
                    to: trusted(&to_bigs(&[3, 3])),
                },
            };
            assert!(sum.winning_moves.contains(&raise), "{method:?}: {:?}", sum.winning_moves);
            assert_eq!(sum.parts.iter().map(|p| p.part).collect::<Vec<_>>(), [1, 2, 3]);
        }
    }

    #[test]
    fn max_moves_limits_the_list_and_keeps_the_count() {
        let games = games();
        // Nim 3 5 6 7 (value 7) has three winning moves; the empty Bash heap has none.
        let parts = [
            SumPart { game: games[0].as_ref(), position: trusted(&to_bigs(&[3, 5, 6, 7])) },
            SumPart { game: games[2].as_ref(), position: trusted(&to_bigs(&[0])) },
        ];
        let all = analyze_sum(&parts, Method::Auto, usize::MAX, &Budget::default(), Lang::En).unwrap();
        let count = all.winning_moves.len();
        assert_eq!(count, 3);
        assert!(all.winning_moves.iter().all(|m| m.part == 1));
        let one = analyze_sum(&parts, Method::Auto, 1, &Budget::default(), Lang::En).unwrap();
        assert_eq!(one.winning_moves, all.winning_moves[..1]);
        assert_eq!(one.winning_move_count, Some(count as u64));
        assert!(!one.moves_complete);
    }

    #[test]
    fn empty_sums_are_refused() {
        let err = analyze_sum(&[], Method::Auto, usize::MAX, &Budget::default(), Lang::En).unwrap_err();
        assert!(matches!(err, EngineError::InvalidRequest(_)), "{err}");
    }
}
