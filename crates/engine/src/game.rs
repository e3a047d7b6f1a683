//! The impartial-game abstraction: a ruleset generates the options of a position.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::ControlFlow;

use serde::Serialize;

use crate::budget::HeldBytes;

/// How to answer: by closed-form theory, by search, or theory where it exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// Theory when the ruleset has a closed form for the question, otherwise search.
    #[default]
    Auto,
    /// Only theory; an error if there is none.
    Theory,
    /// Only the generic search.
    Search,
}

/// Who wins from a position, with the player to move as reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Outcome {
    /// The next player (the one to move) wins.
    N,
    /// The previous player wins: every move loses.
    P,
}

impl Outcome {
    /// `"N"` or `"P"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::N => "N",
            Outcome::P => "P",
        }
    }
}

/// The winning convention.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// The player who makes the last move wins.
    #[default]
    Normal,
    /// The player who makes the last move loses.
    Misere,
}

/// The rules of an impartial game: which positions are reachable in one move.
///
/// Games must be finite: every sequence of moves ends. Positions need not be canonical;
/// [`Game::canonical`] maps equivalent positions (for example heaps in another order) to one
/// representative, which the solvers use as the memo key.
pub trait Game {
    /// A position of the game; [`HeldBytes`] says how much memory a search holding it takes.
    type Position: Clone + Eq + Hash + Debug + HeldBytes;

    /// Every position reachable in one move. No options means the game is over.
    fn options(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// Hands the options to `visit` one at a time, stopping when it breaks. The solvers use
    /// this, charging each option as it comes; a game whose positions can have very many
    /// options overrides it to generate them lazily (default: from [`Game::options`]).
    fn for_each_option(
        &self,
        position: &Self::Position,
        visit: &mut dyn FnMut(Self::Position) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for option in self.options(position) {
            visit(option)?;
        }
        ControlFlow::Continue(())
    }

    /// The representative of the position's equivalence class (default: the position itself).
    fn canonical(&self, position: &Self::Position) -> Self::Position {
        position.clone()
    }
}

/// Every option of a position gathered from [`Game::for_each_option`]: the `options` of a game
/// that generates its options lazily.
pub fn gather_options<G: Game + ?Sized>(game: &G, position: &G::Position) -> Vec<G::Position> {
    let mut options = Vec::new();
    let _ = game.for_each_option(position, &mut |option| {
        options.push(option);
        ControlFlow::Continue(())
    });
    options
}

impl<G: Game + ?Sized> Game for &G {
    type Position = G::Position;
    fn options(&self, position: &Self::Position) -> Vec<Self::Position> {
        (**self).options(position)
    }
    fn for_each_option(
        &self,
        position: &Self::Position,
        visit: &mut dyn FnMut(Self::Position) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (**self).for_each_option(position, visit)
    }
    fn canonical(&self, position: &Self::Position) -> Self::Position {
        (**self).canonical(position)
    }
}
