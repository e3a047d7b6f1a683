//! Smith's remoteness: who wins, and how many moves the game lasts when the winner hurries and
//! the loser stalls. This is what a program needs to *play*: from an N-position take a move to a
//! P-position of least remoteness (win fast), from a P-position take a move of greatest
//! remoteness (lose slowly, giving the opponent the most chances to err).
//!
//! Rule (C. A. B. Smith 1966), for a position with options of remoteness `r_i`:
//! * a terminal position has remoteness 0 (its outcome is given by the play convention);
//! * an N-position has remoteness `1 + min r_i` over its P-options;
//! * a P-position has remoteness `1 + max r_i` over all its options (all N).
//!
//! The remoteness is the length of the game under that best play, in moves (plies).

use crate::game::{Outcome, Play};
use crate::solve::Valuation;

/// A position's outcome with its remoteness.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Remote {
    /// Who wins, with the player to move as reference.
    pub outcome: Outcome,
    /// How many moves the game lasts when the winner hurries and the loser stalls.
    pub remoteness: u32,
}

/// The [`Valuation`] computing [`Remote`] values under a play convention.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Remoteness {
    /// Normal play (a terminal position is P) or misère play (a terminal position is N).
    pub play: Play,
}

impl Valuation for Remoteness {
    type Value = Remote;

    /// `O(options)`.
    fn evaluate(&self, option_values: &[Remote]) -> Remote {
        if option_values.is_empty() {
            let outcome = match self.play {
                Play::Normal => Outcome::P,
                Play::Misere => Outcome::N,
            };
            return Remote { outcome, remoteness: 0 };
        }
        let fastest_win =
            option_values.iter().filter(|o| o.outcome == Outcome::P).map(|o| o.remoteness).min();
        match fastest_win {
            Some(r) => Remote { outcome: Outcome::N, remoteness: r.saturating_add(1) },
            None => {
                let slowest_loss = option_values.iter().map(|o| o.remoteness).max().unwrap_or(0);
                Remote { outcome: Outcome::P, remoteness: slowest_loss.saturating_add(1) }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::solve::{GrundySolver, MisereSolver, Solver};
    #[allow(unused_imports)]
    use crate::test_prelude::*;

    /// Nim on two heaps, small enough to check by hand.
    struct TwoHeapNim;
    impl Game for TwoHeapNim {
        type Position = (u64, u64);
        fn options(&self, &(a, b): &(u64, u64)) -> Vec<(u64, u64)> {
            (0..a).map(|x| (x, b)).chain((0..b).map(|y| (a, y))).collect()
        }
    }

    fn solver(play: Play) -> Solver<TwoHeapNim, Remoteness> {
        Solver::with_valuation(TwoHeapNim, Remoteness { play })
    }

    #[test]
    fn two_heap_nim_by_hand() {
        let mut s = solver(Play::Normal);
        let budget = Budget::default();
        let mut value = |p: (u64, u64)| s.value(&p, &budget).unwrap();
        assert_eq!(value((0, 0)), Remote { outcome: Outcome::P, remoteness: 0 });
        // (0, 5): take the heap, one move.
        assert_eq!(value((0, 5)), Remote { outcome: Outcome::N, remoteness: 1 });
        // (1, 1): the only move leaves (0, 1), and the opponent takes the last stone.
        assert_eq!(value((1, 1)), Remote { outcome: Outcome::P, remoteness: 2 });
        // (2, 2): the loser stalls by taking one stone; the game lasts 4 moves.
        assert_eq!(value((2, 2)), Remote { outcome: Outcome::P, remoteness: 4 });
        // (1, 3): the fastest win is to (1, 1), then 2 more moves.
        assert_eq!(value((1, 3)), Remote { outcome: Outcome::N, remoteness: 3 });
    }

    #[test]
    fn outcomes_agree_with_grundy_and_misere_solvers() {
        let mut normal = solver(Play::Normal);
        let mut misere = solver(Play::Misere);
        let mut grundy = GrundySolver::new(TwoHeapNim);
        let mut misere_outcome = MisereSolver::misere(TwoHeapNim);
        for a in 0..15 {
            for b in 0..15 {
                let g = grundy.value(&(a, b), &Budget::default()).unwrap();
                assert_eq!(
                    normal.value(&(a, b), &Budget::default()).unwrap().outcome == Outcome::P,
                    g == 0,
                    "({a}, {b})"
                );
                assert_eq!(
                    misere.value(&(a, b), &Budget::default()).unwrap().outcome,
                    misere_outcome.value(&(a, b), &Budget::default()).unwrap()
                );
            }
        }
    }

    #[test]
    fn remoteness_parity_matches_the_outcome() {
        // Under normal play a winner makes the last move: N-positions have odd remoteness,
        // P-positions even (a known property of Smith's remoteness).
        let mut s = solver(Play::Normal);
        for a in 0..12 {
            for b in 0..12 {
                let v = s.value(&(a, b), &Budget::default()).unwrap();
                assert_eq!(v.remoteness % 2 == 1, v.outcome == Outcome::N, "({a}, {b}): {v:?}");
            }
        }
    }
}
