//! The impartial-game abstraction: a ruleset generates the options of a position.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::ControlFlow;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::budget::HeldBytes;

/// How to answer: by closed-form theory, by search, or theory where it exists. Its one text
/// form (`auto`, `theory`, `search`) is [`Method::name`] and [`FromStr`], which every surface
/// parses through, and serde's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
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

impl Method {
    /// Every method's name, as [`FromStr`] reads it: what a surface offers.
    pub const NAMES: [&'static str; 3] = ["auto", "theory", "search"];

    /// The method's name: `auto`, `theory` or `search`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Theory => "theory",
            Method::Search => "search",
        }
    }

    /// Does this method take an answer found by theory (`by_theory`) or by search? Auto takes
    /// either.
    pub(crate) fn accepts(self, by_theory: bool) -> bool {
        match self {
            Method::Auto => true,
            Method::Theory => by_theory,
            Method::Search => !by_theory,
        }
    }
}

/// A method name nimlab does not know; its text names the three there are.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the method is auto, theory or search, not '{0}'")]
pub struct UnknownMethod(pub String);

impl FromStr for Method {
    type Err = UnknownMethod;

    /// `auto`, `theory` or `search`, exactly.
    fn from_str(text: &str) -> Result<Method, UnknownMethod> {
        match text {
            "auto" => Ok(Method::Auto),
            "theory" => Ok(Method::Theory),
            "search" => Ok(Method::Search),
            _ => Err(UnknownMethod(text.to_string())),
        }
    }
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

/// The winning convention. Its one text form (`normal`, `misere`) is [`Play::name`] and
/// [`FromStr`], and serde's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// The player who makes the last move wins.
    #[default]
    Normal,
    /// The player who makes the last move loses.
    Misere,
}

impl Play {
    /// The convention's name: `normal` or `misere`.
    pub fn name(self) -> &'static str {
        match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        }
    }
}

/// A play convention nimlab does not know; its text names the two there are.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("play is 'normal' or 'misere', not '{0}'")]
pub struct UnknownPlay(pub String);

impl FromStr for Play {
    type Err = UnknownPlay;

    /// `normal` or `misere`, exactly.
    fn from_str(text: &str) -> Result<Play, UnknownPlay> {
        match text {
            "normal" => Ok(Play::Normal),
            "misere" => Ok(Play::Misere),
            _ => Err(UnknownPlay(text.to_string())),
        }
    }
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
pub(crate) fn gather_options<G: Game + ?Sized>(game: &G, position: &G::Position) -> Vec<G::Position> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every name reads back as its method, serde writes and reads the same names, and any
    /// other text is refused with the names there are.
    #[test]
    fn method_names_round_trip() {
        for name in Method::NAMES {
            let method: Method = name.parse().unwrap();
            assert_eq!(method.name(), name);
            assert_eq!(serde_json::to_string(&method).unwrap(), format!("\"{name}\""));
            assert_eq!(serde_json::from_str::<Method>(&format!("\"{name}\"")).unwrap(), method);
        }
        let error = "Theory".parse::<Method>().unwrap_err();
        assert_eq!(error.to_string(), "the method is auto, theory or search, not 'Theory'");
    }
}
