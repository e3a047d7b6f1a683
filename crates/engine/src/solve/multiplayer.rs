//! Impartial games for `n >= 2` players under Krawec's standard alliance matrix.
//!
//! Players `P_0, ..., P_{n-1}` move in turn, cyclically. Krawec (*Analyzing n-player impartial
//! games*, IJGT 2012) assigns every position a value `g` in `0..n`: when `P_i` faces a position of
//! value `g`, player `P_{i+g}` (indices mod `n`) wins. With the standard alliance matrix the
//! value follows from the option values as
//!
//! ```text
//! g(G) = min over options G' of ((g(G') + 1) mod n)
//! ```
//!
//! — the mover moves to an option that makes the player as close after them as possible the
//! winner (`g(G') = n - 1` hands the win back to the mover). Only the value of a terminal
//! position depends on the winning convention ([`Terminal`]).
//!
//! For `n = 2` the value is a two-player outcome: under [`Terminal::LastMoverWins`] (normal
//! play) `g = 0` exactly for N-positions and `g = 1` for P-positions; under
//! [`Terminal::MoverWins`] (the player who cannot move wins: misère play) `g = 0` exactly for
//! misère N-positions.

use serde::Serialize;

use crate::error::EngineError;
use crate::lang::Lang;
use crate::solve::{Solver, Valuation};
use crate::Game;

/// Who wins when the player to move has no move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Terminal {
    /// The player who cannot move wins (Large Nim's convention): a terminal position has value 0.
    MoverWins,
    /// The player who made the last move wins (normal play): a terminal position has value
    /// `n - 1`, the player just before the mover.
    LastMoverWins,
}

impl Terminal {
    /// A short description of the convention, in `lang`.
    pub fn describe(self, lang: Lang) -> &'static str {
        match self {
            Terminal::MoverWins => {
                lang.pick("the first player who cannot move wins", "第一个无法走子的玩家获胜")
            }
            Terminal::LastMoverWins => {
                lang.pick("the player who makes the last move wins", "走最后一步的玩家获胜")
            }
        }
    }
}

/// Game values for `players` players under the standard alliance matrix (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StandardAlliance {
    players: u32,
    terminal: Terminal,
}

impl StandardAlliance {
    /// The valuation for `players` players under the `terminal` convention.
    ///
    /// # Errors
    /// [`EngineError::InvalidRequest`] when `players < 2`.
    pub fn new(players: u32, terminal: Terminal) -> Result<Self, EngineError> {
        if players < 2 {
            return Err(EngineError::InvalidRequest(crate::error::RequestError::TooFewPlayers { players }));
        }
        Ok(StandardAlliance { players, terminal })
    }

    /// The number of players.
    pub fn players(&self) -> u32 {
        self.players
    }

    /// The terminal convention.
    pub fn terminal(&self) -> Terminal {
        self.terminal
    }

    /// The value of a position without options.
    pub(crate) fn terminal_value(&self) -> u32 {
        match self.terminal {
            Terminal::MoverWins => 0,
            Terminal::LastMoverWins => self.players - 1,
        }
    }

    /// What an option of value `option_value` is worth to the mover: `(option_value + 1) mod n`.
    pub fn through(&self, option_value: u32) -> u32 {
        (option_value + 1) % self.players
    }
}

impl Valuation for StandardAlliance {
    type Value = u32;

    /// `O(options)`.
    fn evaluate(&self, option_values: &[u32]) -> u32 {
        option_values.iter().map(|&v| self.through(v)).min().unwrap_or_else(|| self.terminal_value())
    }
}

/// Memoized, stack-safe search of `n`-player values.
pub type MultiplayerSolver<G> = Solver<G, StandardAlliance>;

impl<G: Game> Solver<G, StandardAlliance> {
    /// An `n`-player solver.
    pub fn multiplayer(game: G, valuation: StandardAlliance) -> Self {
        Solver::with_valuation(game, valuation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use crate::rulesets::nim::Nim;
    use crate::solve::{GrundySolver, MisereSolver};
    #[allow(unused_imports)]
    use crate::test_prelude::*;

    /// Take 1 or 2 from one heap.
    struct OneOrTwo;
    impl Game for OneOrTwo {
        type Position = u64;
        fn options(&self, n: &u64) -> Vec<u64> {
            [1, 2].iter().filter(|&&s| s <= *n).map(|s| n - s).collect()
        }
    }

    fn solver<G: Game>(game: G, players: u32, terminal: Terminal) -> MultiplayerSolver<G> {
        Solver::multiplayer(game, StandardAlliance::new(players, terminal).unwrap())
    }

    #[test]
    fn fewer_than_two_players_is_an_error() {
        for players in [0, 1] {
            let err = StandardAlliance::new(players, Terminal::MoverWins).unwrap_err();
            assert!(err.to_string().contains("at least 2"), "{err}");
        }
    }

    #[test]
    fn two_players_last_mover_wins_is_normal_play() {
        let mut multi = solver(Nim, 2, Terminal::LastMoverWins);
        let mut grundy = GrundySolver::new(Nim);
        for a in 0..6u64 {
            for b in 0..6 {
                for c in 0..6 {
                    let p = vec![a, b, c];
                    let g = multi.value(&p, &Budget::default()).unwrap();
                    assert_eq!(g == 1, grundy.value(&p, &Budget::default()).unwrap() == 0, "{p:?}");
                }
            }
        }
        let mut multi = solver(OneOrTwo, 2, Terminal::LastMoverWins);
        for n in 0..40u64 {
            assert_eq!(multi.value(&n, &Budget::default()).unwrap(), u32::from(n % 3 == 0), "n = {n}");
        }
    }

    #[test]
    fn two_players_mover_wins_is_misere_play() {
        let mut multi = solver(Nim, 2, Terminal::MoverWins);
        let mut misere = MisereSolver::misere(Nim);
        for a in 0..6u64 {
            for b in 0..6 {
                for c in 0..6 {
                    let p = vec![a, b, c];
                    let g = multi.value(&p, &Budget::default()).unwrap();
                    assert_eq!(g == 0, misere.value(&p, &Budget::default()).unwrap() == Outcome::N, "{p:?}");
                }
            }
        }
    }

    /// Take 1 or 2 with three players, last mover wins; values computed by hand.
    #[test]
    fn three_players_take_one_or_two() {
        // g(0) = 2 (the previous player made the last move). g(1) = (2+1)%3 = 0.
        // g(2) = min((0+1)%3, (2+1)%3) = 0. g(3) = min(1, 1) = 1. g(4) = min(2, 1) = 1.
        // g(5) = min(2, 2) = 2. g(6) = min(0, 2) = 0. g(7) = min(1, 0) = 0: period 5 from n = 1.
        let mut multi = solver(OneOrTwo, 3, Terminal::LastMoverWins);
        let values: Vec<u32> = (0..14).map(|n| multi.value(&n, &Budget::default()).unwrap()).collect();
        assert_eq!(values, [2, 0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 0, 0, 1]);
    }

    /// Through the registry: with two players, each ruleset's value matches its two-player
    /// outcome under its own terminal convention (normal play for nim, bash, subtraction, half
    /// and moore; misère for large-nim, whose first player unable to move wins).
    #[test]
    fn two_players_agree_with_two_player_outcomes_for_every_ruleset() {
        use crate::bigint::to_bigs;
        use crate::spec::GameSpec;
        let spec = |text: &str| text.parse::<GameSpec>().unwrap();
        let large_nim = spec("large-nim");
        let cases = [
            (spec("nim"), heap_box(3, 5), Play::Normal),
            (spec("bash --max 3"), heap_box(1, 30), Play::Normal),
            (spec("subtraction --set 1,3,4"), heap_box(1, 40), Play::Normal),
            (spec("half"), heap_box(1, 60), Play::Normal),
            (spec("moore --k 2"), heap_box(3, 4), Play::Normal),
            (large_nim.clone(), heap_box(4, 4), Play::Misere),
        ];
        for (spec, positions, play) in cases {
            let game = spec.build(&Budget::default()).unwrap();
            for numbers in positions {
                let numbers = game.check_position(&numbers).unwrap();
                let multi =
                    game.analyze_players(&numbers, 2, Method::Search, &Budget::default(), Lang::En).unwrap();
                let two =
                    game.analyze(&numbers, &Query::new(Method::Search, play), &Budget::default()).unwrap();
                let mover_wins = two.outcome == Outcome::N;
                assert_eq!(multi.value == 0, mover_wins, "{spec} {numbers:?}");
                let optimal: Vec<_> = multi.optimal_moves().map(|m| m.to.clone()).collect();
                if mover_wins {
                    let winning: Vec<_> = two.winning_moves.iter().map(|m| m.to.clone()).collect();
                    assert_eq!(optimal, winning, "{spec} {numbers:?}");
                }
            }
        }
        let game = large_nim.build(&Budget::default()).unwrap();
        let numbers = to_bigs(&[2, 3]);
        assert_eq!(
            game.analyze_players(&trusted(&numbers), 2, Method::Search, &Budget::default(), Lang::En)
                .unwrap()
                .terminal,
            Terminal::MoverWins
        );
    }

    #[test]
    fn deep_chain_is_stack_safe() {
        let mut multi = solver(OneOrTwo, 5, Terminal::MoverWins);
        assert!(multi.value(&500_000, &Budget::default()).unwrap() < 5);
        assert_eq!(multi.states(), 500_001);
    }
}
