//! `table GAME --rectangles --rows R --cols C`: the winning first moves of every `r x c`
//! rectangle, `1 <= r <= R`, `1 <= c <= C`, of a game played on a board of squares whose start
//! is a rectangle (the capability `rectangles`: Chomp). Strategy stealing proves a Chomp
//! rectangle a first-player win without naming a move; the moves are known only by search, so
//! every rectangle is searched (the generic memoized search, one memo for the whole table, under
//! the budget) and every winning move is listed.

use nimlab_engine::{
    not_answered, Budget, GameSpec, GrundyValue, Lang, Method, MoveReport, Outcome, Play, Query, Research,
};
use serde::Serialize;

use crate::error::{invalid, CommandError};
use crate::position::GameRef;
use crate::ReportError;

/// The rectangles asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RectanglesRequest {
    /// The game.
    pub spec: GameSpec,
    /// The most rows.
    pub rows: u64,
    /// The most columns.
    pub cols: u64,
    /// The language of the moves' texts.
    pub lang: Lang,
}

/// The most rectangles one table lists (a fixed limit: each is a search).
pub const MAX_RECTANGLES: u64 = 10_000;

/// Every rectangle's winning first moves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RectanglesReport {
    /// The game.
    #[serde(flatten)]
    pub game: GameRef,
    /// The most rows.
    pub rows: u64,
    /// The most columns.
    pub cols: u64,
    /// Each rectangle, row count by row count, then column count by column count.
    pub rectangles: Vec<Rectangle>,
}

/// One rectangle and its winning first moves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rectangle {
    /// Its rows.
    pub rows: u64,
    /// Its columns.
    pub cols: u64,
    /// Who wins it.
    pub outcome: Outcome,
    /// Its Grundy value (as in `solve`'s JSON).
    #[serde(flatten)]
    pub grundy: GrundyValue,
    /// Every winning first move (none for a P-position).
    pub winning_moves: Vec<MoveReport>,
}

/// The winning first moves of every rectangle of `request`, by search.
///
/// # Errors
/// [`nimlab_engine::EngineError::InvalidRequest`] (`not-answered`) for a game with no
/// rectangles; [`CommandError::TableTooLarge`] beyond [`MAX_RECTANGLES`]; what ran out of the
/// budget.
pub fn rectangles(request: &RectanglesRequest, budget: &Budget) -> Result<RectanglesReport, ReportError> {
    let spec = &request.spec;
    if !spec.info().capabilities.answers(Research::Rectangles) {
        return Err(not_answered(Research::Rectangles, spec.name()).into());
    }
    if request.rows.saturating_mul(request.cols) > MAX_RECTANGLES {
        return invalid(CommandError::TableTooLarge { max: MAX_RECTANGLES });
    }
    let game = spec.build(budget)?;
    let query = Query {
        method: Method::Search,
        play: Play::Normal,
        max_moves: usize::MAX,
        lang: request.lang,
        outcome_only: false,
    };
    let mut rectangles = Vec::new();
    for rows in 1..=request.rows {
        for cols in 1..=request.cols {
            let Some(position) = game.rectangle(rows, cols) else {
                return Err(not_answered(Research::Rectangles, spec.name()).into());
            };
            let position = game.check_position(&position)?;
            let analysis = game.analyze(&position, &query, budget)?;
            rectangles.push(Rectangle {
                rows,
                cols,
                outcome: analysis.outcome,
                grundy: analysis.grundy,
                winning_moves: analysis.winning_moves,
            });
        }
    }
    Ok(RectanglesReport { game: GameRef::from(spec), rows: request.rows, cols: request.cols, rectangles })
}
