//! Positions as reports carry them: a game with its parameters and a checked position.

use crate::error::CommandError;
use nimlab_engine::bigint::json;
use nimlab_engine::{
    AnyGame, BigUint, Budget, CheckedPosition, EngineError, GameId, GameSpec, Params, SpecError, Words,
};
use serde::Serialize;

use crate::ReportError;

/// A game (`game` as its spec text, `params` as an object) and a position in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Position {
    /// The game.
    pub game: GameId,
    /// The game's parameter values.
    pub params: Params,
    /// The numbers of the position, checked by the game and in full form.
    #[serde(serialize_with = "json::numbers")]
    pub position: CheckedPosition,
}

impl Position {
    /// Builds the game and checks `numbers` against it.
    ///
    /// # Errors
    /// [`ReportError::Engine`] for a bad position or a game that cannot be built.
    pub fn new(
        spec: &GameSpec,
        numbers: &[BigUint],
        budget: &Budget,
    ) -> Result<(Box<dyn AnyGame>, Position), ReportError> {
        let game = spec.build(budget)?;
        let position = game.check_position(numbers)?;
        let id = GameId::Registered(spec.clone());
        Ok((game, Position { game: id, params: spec.params().clone(), position }))
    }
}

/// The spec of a registered game, from which the reports build it. A caller's game is built by
/// its caller (Python keeps it built and asks through
/// [`crate::request::Decided::answer_built`]), never from the registry.
///
/// # Errors
/// [`ReportError::Engine`] for a caller's game, which has no spec.
pub(crate) fn registered(game: &GameId) -> Result<&GameSpec, ReportError> {
    match game {
        GameId::Registered(spec) => Ok(spec),
        GameId::Custom(_) => {
            let name = game.name();
            Err(EngineError::Spec(SpecError::Invalid(Words {
                en: format!("the game '{name}' is defined by its caller, which builds it"),
                zh: format!("游戏“{name}”由调用者自己定义并构建"),
            }))
            .into())
        }
    }
}

/// The game part of a report: `game` and `params`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameRef {
    /// The game.
    pub game: GameId,
    /// The game's parameter values.
    pub params: Params,
}

impl From<&GameId> for GameRef {
    fn from(game: &GameId) -> Self {
        GameRef { game: game.clone(), params: game.params().clone() }
    }
}

impl From<&GameSpec> for GameRef {
    fn from(spec: &GameSpec) -> Self {
        GameRef { game: GameId::Registered(spec.clone()), params: spec.params().clone() }
    }
}

/// A typed position as the reports read it (`request::position_numbers`), with no search and no
/// check against the game's rules: what a surface shows of what a person typed before a game
/// starts (the playground's `/api/position`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReadPosition {
    /// The game.
    #[serde(flatten)]
    pub game: GameRef,
    /// The numbers read, in the order typed.
    #[serde(serialize_with = "json::numbers")]
    pub position: Vec<BigUint>,
}

/// Parses a game with its position written together, as a sum's part is: `nim 3 4`,
/// `subtraction 10 --set 1,3,4`, `apple 1 5 5 --max 3 --bounded-equal` (the numbers are the
/// position, the rest the game's spec).
///
/// # Errors
/// [`ReportError::Invalid`] for an empty text or a bad number; spec errors.
pub fn parse_part(text: &str) -> Result<(GameSpec, Vec<BigUint>), ReportError> {
    // A Chinese keyboard's full-width digits and spaces read as ASCII ("nim　３　４").
    let ascii = nimlab_engine::ascii_forms(text);
    let mut words = ascii.split_whitespace();
    let name = words.next().ok_or(ReportError::Invalid(CommandError::PartWithoutGame))?;
    let info = nimlab_engine::RulesetInfo::find(name)
        .ok_or_else(|| nimlab_engine::EngineError::Spec(nimlab_engine::unknown_game(name)))?;
    let mut spec_words = vec![name.to_string()];
    let mut numbers = Vec::new();
    let mut expecting_value = false;
    for word in words {
        if expecting_value {
            spec_words.push(word.to_string());
            expecting_value = false;
        } else if let Some(param) = word.strip_prefix("--") {
            spec_words.push(word.to_string());
            let is_flag = info.param(param).is_some_and(|p| matches!(p.kind, nimlab_engine::ParamKind::Flag));
            expecting_value = !param.contains('=') && !is_flag;
        } else {
            let n = nimlab_engine::parse_natural(word)
                .map_err(|reason| CommandError::BadPartNumber { part: text.to_string(), reason })?;
            numbers.push(n);
        }
    }
    let spec: GameSpec = spec_words.join(" ").parse().map_err(nimlab_engine::EngineError::Spec)?;
    Ok((spec, numbers))
}
