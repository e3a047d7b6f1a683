//! Positions as reports carry them: a game with its parameters and a checked position.

use nimlab_engine::bigint::json;
use nimlab_engine::{AnyGame, BigUint, Budget, GameSpec, Params};
use serde::Serialize;

use crate::ReportError;

/// A game (`game` as its spec text, `params` as an object) and a position in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Position {
    /// The game.
    pub game: GameSpec,
    /// The game's parameter values.
    pub params: Params,
    /// The numbers of the position, checked and in full form.
    #[serde(serialize_with = "json::numbers")]
    pub position: Vec<BigUint>,
}

impl Position {
    /// Builds the game and checks `numbers` against it.
    ///
    /// # Errors
    /// [`ReportError::Engine`] for a bad position or a game that cannot be built.
    pub fn new(spec: &GameSpec, numbers: &[BigUint], budget: &Budget) -> Result<(Box<dyn AnyGame>, Position), ReportError> {
        let game = spec.build(budget)?;
        let position = game.check_position(numbers)?;
        Ok((game, Position { game: spec.clone(), params: spec.params().clone(), position }))
    }
}

/// The game part of a report: `game` and `params`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameRef {
    /// The game.
    pub game: GameSpec,
    /// The game's parameter values.
    pub params: Params,
}

impl From<&GameSpec> for GameRef {
    fn from(spec: &GameSpec) -> Self {
        GameRef { game: spec.clone(), params: spec.params().clone() }
    }
}
