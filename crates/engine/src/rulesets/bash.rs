//! Bash's game: one heap, a move takes 1..=m stones.
//!
//! Theory: the Grundy value of a heap of n is `n mod (m+1)`. By induction, the options n-s
//! (1 <= s <= min(m, n)) have the values `(n - s) mod (m+1)`: never n's own residue, and every
//! residue below it (take s = 1..=r), so the mex is r. Hence n is P iff `m+1` divides n, and
//! the winning move takes `n mod (m+1)`.
//!
//! Misère: the player who takes the last stone loses. Then n is P iff `n mod (m+1) = 1`: a heap
//! of 1 forces the mover to take the last stone, and from any other residue the mover takes
//! `(n - 1) mod (m+1)` stones (between 1 and m) to leave a P-position, while from a P-position
//! every take leaves a residue other than 1. A heap of 0 is an N-position: the previous player
//! took the last stone and lost.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

use crate::analysis::{Analysis, Basis, MoveReport, Ruleset};
use crate::bigint::big;
use crate::error::EngineError;
use crate::game::{Game, Outcome, Play};
use crate::rulesets::{describe_take, engine, expect_heaps, only_params, GameSpec};
use crate::solve::Budget;
use crate::tables::{per_residue, Sequence, SequenceRequest, TableBasis, TableError, TableValues, N_CELL};
use crate::verify::heap_box;
use crate::AnyGame;

pub(crate) const SUMMARY: &str = "one heap; take 1..M stones (--max M)";

/// Bash's game with takes of 1..=`max`.
#[derive(Debug, Clone, Copy)]
pub struct Bash {
    max: u64,
}

impl Bash {
    /// Bash's game taking 1..=`max`; `None` for `max = 0`.
    pub fn new(max: u64) -> Option<Self> {
        (max > 0).then_some(Bash { max })
    }
}

pub(crate) fn build(spec: &GameSpec, budget: Budget) -> Result<Box<dyn AnyGame>, EngineError> {
    only_params(spec, &["--max"])?;
    let max = spec
        .max
        .ok_or_else(|| EngineError::InvalidSpec("bash needs --max M, the most stones a move takes".into()))?;
    let bash = Bash::new(max).ok_or_else(|| EngineError::InvalidSpec("--max must be at least 1".into()))?;
    Ok(engine(bash, budget))
}

impl Game for Bash {
    type Position = u64;

    fn options(&self, n: &u64) -> Vec<u64> {
        (1..=self.max.min(*n)).map(|s| n - s).collect()
    }
}

impl Bash {
    fn take(&self, n: &BigUint, s: &BigUint) -> MoveReport {
        let to = vec![n - s];
        MoveReport { text: describe_take(std::slice::from_ref(n), &to), to }
    }

    fn modulus(&self) -> BigUint {
        big(self.max) + 1u8
    }
}

impl Ruleset for Bash {
    fn name(&self) -> String {
        format!("bash --max {}", self.max)
    }

    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        expect_heaps("bash", numbers, 1, "one heap size")?;
        Ok(numbers.to_vec())
    }

    fn search_position(&self, numbers: &[BigUint]) -> Option<u64> {
        numbers.first()?.to_u64()
    }

    fn numbers(&self, n: &u64) -> Vec<BigUint> {
        vec![big(*n)]
    }

    fn theorem(&self, play: Play) -> Option<String> {
        Some(match play {
            Play::Normal => format!("Bash: G(n) = n mod {}", self.max + 1),
            Play::Misere => format!("misère Bash: P iff n mod {} = 1", self.max + 1),
        })
    }

    fn theory(&self, numbers: &[BigUint], play: Play) -> Option<Analysis> {
        let n = &numbers[0];
        let q = self.modulus();
        let r = n.mod_floor(&q);
        let basis = Basis::Theory(self.theorem(play)?);
        Some(match play {
            Play::Normal => {
                let moves: Vec<MoveReport> = if r.is_zero() { vec![] } else { vec![self.take(n, &r)] };
                let reason = if r.is_zero() {
                    format!("{n} mod {q} = 0: whatever the mover takes, the other player restores a multiple of {q}")
                } else {
                    format!("{n} mod {q} = {r}, so take {r} to leave a multiple of {q}")
                };
                Analysis {
                    outcome: if r.is_zero() { Outcome::P } else { Outcome::N },
                    grundy: Some(r),
                    winning_moves: moves,
                    moves_complete: true,
                    reason,
                    basis,
                }
            }
            Play::Misere => {
                let one = BigUint::from(1u8);
                let p = r == one;
                let reason = if n.is_zero() {
                    "misère: no stone is left, so the previous player took the last one and lost".to_string()
                } else if p {
                    format!("misère: {n} mod {q} = 1: every take leaves a heap the other player can bring back to 1 mod {q}")
                } else {
                    let s = (n - &one).mod_floor(&q);
                    format!("misère: {n} mod {q} = {r}, so take {s} to leave 1 mod {q}")
                };
                let moves =
                    if n.is_zero() || p { vec![] } else { vec![self.take(n, &(n - &one).mod_floor(&q))] };
                Analysis {
                    outcome: if p { Outcome::P } else { Outcome::N },
                    grundy: None,
                    winning_moves: moves,
                    moves_complete: true,
                    reason,
                    basis,
                }
            }
        })
    }

    fn theory_moves_to_value(&self, numbers: &[BigUint], target: &BigUint) -> Option<Vec<MoveReport>> {
        let n = &numbers[0];
        let q = self.modulus();
        let g = n.mod_floor(&q);
        if *target >= q || *target == g {
            return Some(vec![]);
        }
        let s = (&g + &q - target).mod_floor(&q);
        Some(if s <= *n { vec![self.take(n, &s)] } else { vec![] })
    }

    /// The heaps `n ≡ 0` (misère: `n ≡ 1`) modulo `max + 1`, in increasing order.
    fn theory_p_positions(&self, count: usize, play: Play) -> Option<Vec<Vec<BigUint>>> {
        let first = BigUint::from(u8::from(play == Play::Misere));
        let step = BigUint::from(self.max) + 1u8;
        Some((0..count as u64).map(|i| vec![&first + &step * i]).collect())
    }

    /// `G(n) = n mod (M + 1)`; P iff the residue is 0 (misère: 1); by counting residues.
    fn fast_sequence(&self, request: &SequenceRequest) -> Result<Option<Sequence>, TableError> {
        let Some(q) = self.max.checked_add(1) else { return Ok(None) };
        let (source, basis) = match (request.values, request.play) {
            (TableValues::Grundy, _) => {
                (per_residue(q, |r| r), TableBasis::closed_form(format!("Bash: G(n) = n mod {q}"), self.max))
            }
            (TableValues::Outcomes, Play::Normal) => (
                per_residue(q, |r| u64::from(r != 0)),
                TableBasis::closed_form(format!("Bash: P iff n mod {q} = 0"), N_CELL),
            ),
            (TableValues::Outcomes, Play::Misere) => (
                per_residue(q, |r| u64::from(r != 1)),
                TableBasis::closed_form(format!("misère Bash: P iff n mod {q} = 1"), N_CELL),
            ),
        };
        Ok(Some(Sequence::new(source, basis, request.upto)))
    }

    fn verification_positions(&self, bound: u64) -> Vec<Vec<BigUint>> {
        heap_box(1, bound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Method;

    fn bash(max: u64) -> Box<dyn AnyGame> {
        build(&GameSpec { max: Some(max), ..GameSpec::named("bash") }, Budget::default()).unwrap()
    }

    #[test]
    fn theory_matches_search_up_to_30() {
        for max in 1..=6 {
            for play in [Play::Normal, Play::Misere] {
                let report = bash(max).verify(30, play).unwrap();
                assert_eq!(report.positions, 31);
                assert_eq!(report.counterexample, None, "max {max} {play:?}");
            }
        }
    }

    #[test]
    fn ten_with_max_three() {
        let a = bash(3).analyze(&[big(10)], Method::Auto, Play::Normal).unwrap();
        assert_eq!(a.reason, "10 mod 4 = 2, so take 2 to leave a multiple of 4");
        assert_eq!(a.winning_moves[0].to, vec![big(8)]);
    }

    #[test]
    fn million_stones_by_search() {
        let a = bash(3).analyze(&[big(1_000_000)], Method::Search, Play::Normal).unwrap();
        assert_eq!(a.outcome, Outcome::P);
    }

    #[test]
    fn zero_max_and_missing_max_are_errors() {
        assert!(build(&GameSpec { max: Some(0), ..GameSpec::named("bash") }, Budget::default()).is_err());
        assert!(build(&GameSpec::named("bash"), Budget::default()).is_err());
        assert!(build(&GameSpec { k: Some(2), max: Some(3), ..GameSpec::named("bash") }, Budget::default())
            .is_err());
    }

    #[test]
    fn moves_to_every_other_value() {
        let game = bash(4);
        for n in 0..20u64 {
            for t in 0..5u64 {
                let moves = game.moves_to_value(&[big(n)], &big(t), Method::Theory).unwrap();
                let searched = game.moves_to_value(&[big(n)], &big(t), Method::Search).unwrap();
                assert_eq!(moves, searched, "n {n} target {t}");
            }
        }
    }
}
