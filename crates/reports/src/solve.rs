//! `solve`: one position (two players or `n` players), or a sum of positions.

use nimlab_engine::{analyze_sum, GameId, SumAnalysis, SumPart};
use nimlab_engine::{
    Analysis, AnyGame, BigUint, Budget, CheckedPosition, Exhausted, GameSpec, Lang, Method, MultiAnalysis,
    Play, Query,
};
use serde::Serialize;

use crate::error::{invalid, CommandError};
use crate::loopy::{loopy, loopy_built, no_files, two_players, LoopyGame, LoopyReport, LoopyRequest};
use crate::position::{registered, Position};
use crate::ReportError;

/// What to solve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolveRequest {
    /// The game.
    pub spec: GameId,
    /// The position's numbers, as given.
    pub position: Vec<BigUint>,
    /// Normal or misère play (two players only).
    pub play: Play,
    /// Theory, search, or theory where it exists.
    pub method: Method,
    /// `Some(n)`: `n` players under the standard alliance matrix.
    pub players: Option<u32>,
    /// The most winning moves to list.
    pub max_moves: usize,
    /// The language of the reason and the move texts.
    pub lang: Lang,
}

/// The answer for one position with two players.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SolveReport {
    /// The game and position.
    #[serde(flatten)]
    pub position: Position,
    /// Normal or misère.
    pub play: Play,
    /// The answer.
    #[serde(flatten)]
    pub analysis: Analysis,
}

/// The answer for one position with `n` players.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayersReport {
    /// The game and position.
    #[serde(flatten)]
    pub position: Position,
    /// The answer.
    #[serde(flatten)]
    pub analysis: MultiAnalysis,
}

/// Any answer of `solve`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum SolveAnswer {
    /// Two players.
    Two(SolveReport),
    /// `n` players.
    Players(PlayersReport),
    /// A game whose positions may repeat (the capability `loopy`): the loopy engine's answer.
    Loopy(LoopyReport),
}

/// Solves one position.
///
/// # Errors
/// [`ReportError::Engine`] for a bad position, no theory for `Method::Theory`, or a search that
/// does not fit the budget.
pub fn solve(request: &SolveRequest, budget: &Budget) -> Result<SolveAnswer, ReportError> {
    let (game, position) = Position::new(registered(&request.spec)?, &request.position, budget)?;
    answer_built(game.as_ref(), position, request, budget)
}

/// [`solve`] for a game already built (also one defined outside the registry, in Python): two
/// players, or `n` under the standard alliance matrix when the request names `players`.
///
/// # Errors
/// As for [`solve`]; [`ReportError::Invalid`] for misère play with `players` (the alliance
/// matrix is normal play's).
pub fn answer_built(
    game: &dyn AnyGame,
    position: Position,
    request: &SolveRequest,
    budget: &Budget,
) -> Result<SolveAnswer, ReportError> {
    if let Some(loopy_game) = loopy_ruleset(game)? {
        two_players(&game.name(), request.players)?;
        let numbers: Vec<String> = position.position.iter().map(ToString::to_string).collect();
        let request = LoopyRequest {
            game: loopy_game,
            tokens: vec![numbers.join(" ")],
            play: request.play,
            lang: request.lang,
        };
        return Ok(SolveAnswer::Loopy(loopy(&request, budget)?));
    }
    Ok(match request.players {
        Some(_) if request.play == Play::Misere => return invalid(CommandError::MiserePlayers),
        Some(players) => {
            let analysis =
                game.analyze_players(&position.position, players, request.method, budget, request.lang)?;
            SolveAnswer::Players(PlayersReport { position, analysis })
        }
        None => match solve_built(game, position.clone(), request, budget) {
            // A game defined outside the registry (in Python) whose positions repeat: the
            // search stops at the cycle, and the loopy engine answers over the positions
            // reachable from this one.
            Err(e)
                if matches!(game.spec(), GameId::Custom(_))
                    && matches!(e.exhausted(), Some(Exhausted::Cycle { .. })) =>
            {
                let numbers: Vec<String> = position.position.iter().map(ToString::to_string).collect();
                SolveAnswer::Loopy(loopy_built(
                    game,
                    &[numbers.join(" ")],
                    None,
                    request.play,
                    request.lang,
                    budget,
                )?)
            }
            answer => SolveAnswer::Two(answer?),
        },
    })
}

/// What `solve` asks of a token game on a graph read from a file ([`crate::loopy::graph_file_game`]):
/// the tokens' vertex names, as every surface receives them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokensRequest {
    /// The game, as named (its graph is the [`LoopyGame`] handed beside).
    pub spec: GameSpec,
    /// One vertex name per token (a sum of tokens).
    pub tokens: Vec<String>,
    /// Normal or misère play.
    pub play: Play,
    /// Refused when given: a loopy game has two players.
    pub players: Option<u32>,
    /// The language of the report's texts.
    pub lang: Lang,
}

/// Solves the tokens of `request` on the graph of `game`, by the loopy engine.
///
/// # Errors
/// [`ReportError::Invalid`] for `players` or no token; the loopy engine's (an unknown vertex,
/// the budget).
pub fn solve_tokens(
    request: &TokensRequest,
    game: LoopyGame,
    budget: &Budget,
) -> Result<SolveAnswer, ReportError> {
    let name = request.spec.name();
    two_players(name, request.players)?;
    if request.tokens.is_empty() {
        return invalid(CommandError::NoTokens { game: name.to_string() });
    }
    let loopy_request =
        LoopyRequest { game, tokens: request.tokens.clone(), play: request.play, lang: request.lang };
    Ok(SolveAnswer::Loopy(loopy(&loopy_request, budget)?))
}

/// The loopy engine's game when `game`'s declaration says its positions may repeat, by the rules
/// (a graph read from a file is answered by the command line, which reads files).
fn loopy_ruleset(game: &dyn AnyGame) -> Result<Option<LoopyGame>, ReportError> {
    match game.spec().registered() {
        Some(spec) => LoopyGame::of_spec(spec, None, no_files),
        None => Ok(None),
    }
}

/// Solves a position of a game already built (the playground and `play` keep the game).
///
/// # Errors
/// As for [`solve`].
pub fn solve_built(
    game: &dyn AnyGame,
    position: Position,
    request: &SolveRequest,
    budget: &Budget,
) -> Result<SolveReport, ReportError> {
    let query = Query {
        method: request.method,
        play: request.play,
        max_moves: request.max_moves,
        lang: request.lang,
        outcome_only: false,
    };
    let analysis = game.analyze(&position.position, &query, budget)?;
    Ok(SolveReport { position, play: request.play, analysis })
}

/// A sum to solve: games with positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumRequest {
    /// The parts: each a game and its position's numbers.
    pub parts: Vec<(GameSpec, Vec<BigUint>)>,
    /// Theory, search, or theory where it exists (for every part).
    pub method: Method,
    /// The most winning moves to list.
    pub max_moves: usize,
    /// The language of the reason and the move texts.
    pub lang: Lang,
}

/// The answer for a sum.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumReport {
    /// Always `"sum"`.
    pub game: &'static str,
    /// The answer; the parts are numbered from 1.
    #[serde(flatten)]
    pub analysis: SumAnalysis,
}

/// Solves a disjunctive sum under normal play.
///
/// # Errors
/// [`ReportError::Engine`] for an empty sum, a bad part, or a part whose Grundy value is not
/// known within the budget.
pub fn solve_sum(request: &SumRequest, budget: &Budget) -> Result<SumReport, ReportError> {
    let mut games: Vec<(Box<dyn AnyGame>, CheckedPosition)> = Vec::new();
    for (spec, numbers) in &request.parts {
        let (game, position) = Position::new(spec, numbers, budget)?;
        games.push((game, position.position));
    }
    let parts: Vec<SumPart<'_>> = games
        .iter()
        .map(|(game, position)| SumPart { game: game.as_ref(), position: position.clone() })
        .collect();
    sum_of(&parts, request.method, request.max_moves, budget, request.lang)
}

/// Solves a disjunctive sum of games already built (the Python module's sums, whose parts may be
/// games defined in Python).
///
/// # Errors
/// As [`solve_sum`].
pub fn sum_of(
    parts: &[SumPart<'_>],
    method: Method,
    max_moves: usize,
    budget: &Budget,
    lang: Lang,
) -> Result<SumReport, ReportError> {
    let analysis = analyze_sum(parts, method, max_moves, budget, lang)?;
    Ok(SumReport { game: "sum", analysis })
}
