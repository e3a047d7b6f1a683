//! Playing: every legal move of a position, and nimlab's reply, shared by `nimlab play` and the
//! playground so that both play alike.
//!
//! nimlab plays the move of Smith's remoteness (win fastest from an N-position, lose slowest
//! from a P-position) when the position can be searched within the budget. Otherwise it plays a
//! winning move from the closed-form theory, and failing that the legal move whose result has
//! the largest numbers (in take-away games the smallest move, which tends to keep the game
//! going longest).
//!
//! A weaker nimlab ([`Strength`], the playground's "nimlab's strength") makes a mistake with a
//! chosen probability: with chance `mistakes` percent it plays a legal move drawn uniformly at
//! random instead of the move above; a draw that happens to be that very move is reported as
//! the move above, not as a mistake. The draw is a pure function of the request's `seed`, so the
//! same request always gets the same move.
//!
//! In a sum of games ([`sum_reply_report`]) nimlab plays a winning move of the sum's analysis
//! (the Sprague-Grundy theorem on the parts' values) when there is one, else, losing, its own
//! reply in the first part with a move left; a weaker nimlab draws among every part's moves.

use nimlab_engine::loopy::{solve, LoopyOutcome};
use nimlab_engine::{analyze_sum, SumPart};
use nimlab_engine::{
    AnyGame, BigUint, Board, Budget, CheckedPosition, EngineError, Exhausted, GameSpec, Lang, Method,
    MoveReport, Outcome, Play, Query, Task,
};
use serde::Serialize;

use crate::layout::{graph_layout, GraphLayout};
use crate::position::Position;
use crate::ReportError;

/// Why nimlab chose its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "basis", rename_all = "kebab-case")]
pub enum ReplyBasis {
    /// The remoteness search: who wins from the position before the move, and how many moves
    /// the game lasts from there with best play on both sides.
    Remoteness {
        /// Who wins, with nimlab (the mover) as reference.
        outcome: Outcome,
        /// Moves left in the game, counting this one.
        remoteness: u32,
    },
    /// A winning move given by the closed-form theory (the position is too large to search).
    Theory,
    /// No winning move is known and the position is too large to search: a legal move.
    AnyLegalMove,
    /// A weaker nimlab's mistake ([`Strength`]): a legal move drawn at random.
    Random,
    /// A game whose positions repeat, by the loopy engine's retrograde analysis of the
    /// positions reachable from this one: the fastest win from an N-position, a move that keeps
    /// the draw from a D-position, the slowest loss from a P-position.
    Loopy {
        /// Who wins from the position before the move (nimlab the mover), or `D`: a draw.
        outcome: LoopyOutcome,
        /// Moves left in the game, counting this one; null for a draw.
        remoteness: Option<u32>,
    },
    /// A sum of games, by the Sprague-Grundy theorem on its parts' values: from an N-position a
    /// move that makes the nim-sum 0; from a P-position (nimlab loses against best play) nimlab's
    /// reply in the first part with a move left.
    Sum {
        /// Who wins from the sum before the move, with nimlab (the mover) as reference.
        outcome: Outcome,
    },
}

/// How well nimlab plays: perfectly (`mistakes` 0), or, with chance `mistakes` percent at each
/// of its moves, a legal move drawn uniformly at random instead of its best one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Strength {
    /// The chance of a random move, in percent (0 to 100).
    pub mistakes: u8,
    /// The seed of the draw: the same seed draws the same move.
    pub seed: u64,
}

impl Strength {
    /// The largest `mistakes`.
    pub const MAX_MISTAKES: u8 = 100;

    /// SplitMix64 (Steele, Lea and Flood, 2014): the `k`-th 64-bit draw of the seed.
    fn draw(&self, k: u64) -> u64 {
        let mut z = self.seed.wrapping_add(0x9E37_79B9_7F4A_7C15_u64.wrapping_mul(k.wrapping_add(1)));
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// True when this move is a mistake: the first draw, modulo 100, is below `mistakes`.
    pub fn errs(&self) -> bool {
        self.draw(0) % 100 < u64::from(self.mistakes.min(Self::MAX_MISTAKES))
    }

    /// The index of the random move among `count` legal moves (`count` > 0): the second draw
    /// modulo `count` (its bias, below `count` / 2^64, does not matter here).
    pub fn pick(&self, count: usize) -> usize {
        (self.draw(1) % count.max(1) as u64) as usize
    }
}

impl ReplyBasis {
    /// A sentence on why nimlab made this move, in `lang`.
    pub fn explanation(&self, lang: Lang) -> String {
        let plural = |n: u32| if n == 1 { "" } else { "s" };
        match (*self, lang) {
            (ReplyBasis::Remoteness { outcome: Outcome::N, remoteness: 1 }, Lang::En) => {
                "nimlab makes the last move".into()
            }
            (ReplyBasis::Remoteness { outcome: Outcome::N, remoteness: 1 }, Lang::Zh) => {
                "nimlab 走了最后一步".into()
            }
            (ReplyBasis::Remoteness { outcome: Outcome::N, remoteness }, Lang::En) => format!(
                "nimlab is winning: this is its fastest win, {} more move{} after this one with best play",
                remoteness - 1,
                plural(remoteness - 1)
            ),
            (ReplyBasis::Remoteness { outcome: Outcome::N, remoteness }, Lang::Zh) => format!(
                "nimlab 处于必胜态：这是最快的取胜走法，双方都走最优时这步之后还有 {} 步",
                remoteness - 1
            ),
            (ReplyBasis::Remoteness { outcome: Outcome::P, remoteness }, Lang::En) => format!(
                "nimlab is losing against best play, so it stalls: {} more move{} if you play perfectly",
                remoteness.saturating_sub(1),
                plural(remoteness.saturating_sub(1))
            ),
            (ReplyBasis::Remoteness { outcome: Outcome::P, remoteness }, Lang::Zh) => format!(
                "nimlab 面对最优走法必败，所以尽量拖延：如果你走得完美，还有 {} 步",
                remoteness.saturating_sub(1)
            ),
            (ReplyBasis::Theory, lang) => {
                lang.pick("a winning move by the closed-form theory", "由公式理论给出的必胜走法").into()
            }
            (ReplyBasis::Random, lang) => lang
                .pick(
                    "a weaker nimlab's mistake: a legal move drawn at random",
                    "较弱的 nimlab 走错了：随机选的一步合法走法",
                )
                .into(),
            (ReplyBasis::Loopy { outcome: LoopyOutcome::D, .. }, lang) => lang
                .pick(
                    "neither player can force a win (a draw): nimlab keeps the draw, moving where you cannot force a win either",
                    "双方都无法强制取胜（和局）：nimlab 保持和局，走到你也无法强制取胜的局面",
                )
                .into(),
            (ReplyBasis::Loopy { outcome: LoopyOutcome::N, remoteness: Some(1) }, Lang::En) => {
                "nimlab makes the last move".into()
            }
            (ReplyBasis::Loopy { outcome: LoopyOutcome::N, remoteness: Some(1) }, Lang::Zh) => {
                "nimlab 走了最后一步".into()
            }
            (ReplyBasis::Loopy { outcome: LoopyOutcome::N, remoteness }, Lang::En) => format!(
                "nimlab is winning: its fastest win, {} more move{} after this one with best play",
                remoteness.unwrap_or(1).saturating_sub(1),
                plural(remoteness.unwrap_or(1).saturating_sub(1))
            ),
            (ReplyBasis::Loopy { outcome: LoopyOutcome::N, remoteness }, Lang::Zh) => format!(
                "nimlab 处于必胜态：这是最快的取胜走法，双方都走最优时这步之后还有 {} 步",
                remoteness.unwrap_or(1).saturating_sub(1)
            ),
            (ReplyBasis::Loopy { outcome: LoopyOutcome::P, remoteness }, Lang::En) => format!(
                "nimlab is losing against best play, so it stalls: {} more move{} if you play perfectly",
                remoteness.unwrap_or(1).saturating_sub(1),
                plural(remoteness.unwrap_or(1).saturating_sub(1))
            ),
            (ReplyBasis::Loopy { outcome: LoopyOutcome::P, remoteness }, Lang::Zh) => format!(
                "nimlab 面对最优走法必败，所以尽量拖延：如果你走得完美，还有 {} 步",
                remoteness.unwrap_or(1).saturating_sub(1)
            ),
            (ReplyBasis::Sum { outcome: Outcome::N }, lang) => lang
                .pick(
                    "nimlab is winning: this move makes the nim-sum of the games' Grundy values 0",
                    "nimlab 处于必胜态：这步使各游戏 SG 值的异或为 0",
                )
                .into(),
            (ReplyBasis::Sum { outcome: Outcome::P }, lang) => lang
                .pick(
                    "nimlab is losing against best play (the nim-sum of the games' Grundy values is 0), so it plays on in the first game with a move left",
                    "nimlab 面对最优走法必败（各游戏 SG 值的异或为 0），所以在第一个还能走的游戏里接着走",
                )
                .into(),
            (ReplyBasis::AnyLegalMove, lang) => lang
                .pick(
                    "nimlab knows no winning move here (too large to search), so it takes as little as it can",
                    "nimlab 在这里不知道必胜走法（局面太大，无法搜索），所以尽量少取",
                )
                .into(),
        }
    }
}

/// nimlab's move and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reply {
    /// The move.
    #[serde(rename = "move")]
    pub report: MoveReport,
    /// Why this move.
    #[serde(flatten)]
    pub basis: ReplyBasis,
    /// The reason in words.
    pub explanation: String,
}

/// nimlab's move from a checked position; `None` when the game is over.
///
/// # Errors
/// [`EngineError::TooLargeForSearch`] or [`EngineError::Exhausted`] when the position is too
/// large both to search and to list its moves and the theory gives no winning move.
pub fn reply(
    game: &dyn AnyGame,
    numbers: &CheckedPosition,
    play: Play,
    budget: &Budget,
    lang: Lang,
) -> Result<Option<Reply>, EngineError> {
    let basis_reply =
        |report: MoveReport, basis: ReplyBasis| Reply { report, basis, explanation: basis.explanation(lang) };
    let spec = game.spec();
    if spec.capabilities().loopy.is_some() {
        return loopy_reply(game, numbers, play, budget, lang);
    }
    // Misère play of a game with a misère quotient: the quotient's winning move, at once and at
    // any size (a remoteness search of large heaps would spend half the budget first). A losing
    // position, or heaps the quotient does not cover, go on to the search below.
    // The theory's first winning move (only the theory: the automatic method could fall back to
    // a search of a large position).
    let theory_move = || {
        let query = Query { method: Method::Theory, play, max_moves: 1, lang, outcome_only: false };
        let analysis = game.analyze(numbers, &query, budget).ok()?;
        let first = analysis.winning_moves.into_iter().next()?;
        Some(basis_reply(first, ReplyBasis::Theory))
    };
    if play == Play::Misere && spec.capabilities().misere_quotient.is_some() {
        if let Some(reply) = theory_move() {
            return Ok(Some(reply));
        }
    }
    // The search gets part of the budget, so that the fallbacks still have some.
    let searching = budget.sub_budget(budget.remaining() / 2);
    match game.best_move(numbers, play, &searching, lang) {
        // A game of one's own whose positions repeat: the loopy engine.
        Err(EngineError::Exhausted { cause: Exhausted::Cycle { .. }, .. }) => {
            return loopy_reply(game, numbers, play, budget, lang)
        }
        Ok(best) => {
            return Ok(best.map(|best| {
                basis_reply(
                    best.report,
                    ReplyBasis::Remoteness { outcome: best.outcome, remoteness: best.remoteness },
                )
            }))
        }
        Err(EngineError::Exhausted { cause, .. }) if cause.is_budget() => {}
        Err(EngineError::TooLargeForSearch { .. }) => {}
        Err(other) => return Err(other),
    }
    if game.theorem(play, lang).is_some() {
        if let Some(reply) = theory_move() {
            return Ok(Some(reply));
        }
    }
    let options = game.options(numbers, budget, lang)?;
    let smallest_move = options.into_iter().max_by_key(|m| m.to.iter().sum::<BigUint>());
    Ok(smallest_move.map(|report| basis_reply(report, ReplyBasis::AnyLegalMove)))
}

/// nimlab's move in a game whose positions repeat: the loopy engine's [`Solution::best_move`]
/// over the positions reachable from `numbers` (explored with the legal moves' positions as
/// roots too, so that the chosen vertex names its move).
///
/// # Errors
/// As for [`reply`]: the moves cannot be listed, or the graph does not fit the budget.
fn loopy_reply(
    game: &dyn AnyGame,
    numbers: &CheckedPosition,
    play: Play,
    budget: &Budget,
    lang: Lang,
) -> Result<Option<Reply>, EngineError> {
    let options = game.options(numbers, budget, lang)?;
    let mut roots = vec![numbers.clone()];
    roots.extend(options.iter().map(|m| m.to.clone()));
    let explored = game.position_graph(&roots, budget)?;
    let s = solve(&explored.graph, play, budget).map_err(|cause| EngineError::Exhausted {
        task: Box::new(Task::Retrograde { graph: None }),
        cause,
    })?;
    let here = explored.roots[0];
    let Some(to) = s.best_move(&explored.graph, here) else { return Ok(None) };
    let Some(index) = explored.roots[1..].iter().position(|&v| v == to) else { return Ok(None) };
    let basis = ReplyBasis::Loopy { outcome: s.outcome(here), remoteness: s.remoteness(here) };
    Ok(Some(Reply { report: options[index].clone(), basis, explanation: basis.explanation(lang) }))
}

/// A play session ends in a draw when the same position, with the same player to move, occurs
/// this many times (a game whose positions repeat may otherwise never end).
pub const DRAW_REPETITIONS: usize = 3;

/// How many times the last position of `history` (every position of a game so far, the first
/// the start) has occurred with the same player to move: positions an even number of moves
/// apart that the game counts as one ([`repetition_key`]: "4 2 1" and "1 2 4" in Fair Shares).
/// A session ends in a draw when this reaches [`DRAW_REPETITIONS`].
pub fn repetitions(game: &dyn AnyGame, history: &[CheckedPosition]) -> usize {
    let Some(last) = history.last() else { return 0 };
    let last = repetition_key(game, last);
    history.iter().rev().step_by(2).filter(|p| repetition_key(game, p) == last).count()
}

/// A position as the draw by repetition counts it: the representative of the positions the
/// rules treat as one (the engine's canonical form, e.g. piles sorted), or the numbers as they
/// are where the game has none (a position too large to search).
pub fn repetition_key(game: &dyn AnyGame, numbers: &CheckedPosition) -> Vec<BigUint> {
    game.canonical_numbers(numbers).unwrap_or_else(|_| numbers.to_vec())
}

/// True for a game whose positions repeat, answered by the loopy engine (its declaration's
/// loopy capability; a game defined outside the registry shows it by a cycle in the search).
fn repeats(game: &dyn AnyGame) -> bool {
    let spec = game.spec();
    spec.capabilities().loopy.is_some()
}

/// Who made the last move wins under normal play and loses under misère play.
pub fn last_mover_wins(play: Play) -> bool {
    play == Play::Normal
}

/// Every legal move of a position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OptionsReport {
    /// The game and position.
    #[serde(flatten)]
    pub position: Position,
    /// Normal or misère.
    pub play: Play,
    /// The legal moves, in the ruleset's order.
    pub moves: Vec<MoveReport>,
    /// The position's picture, for a game on a graph (each vertex and edge with the index of
    /// the move a click on it makes); absent for other games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layout: Option<GraphLayout>,
    /// For a game whose positions repeat: the position as the draw by repetition counts it
    /// ([`repetition_key`]); two positions with equal keys and the same player to move are the
    /// same position. Absent for other games.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "optional_numbers")]
    pub repetition_key: Option<Vec<BigUint>>,
    /// For a game drawn as coins: the coins showing heads and those each move turns over.
    /// Absent for other games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coins: Option<CoinBoard>,
}

/// A position on a board of coins as the engine reads it (`Drawing::heads`), so that a page
/// draws and plays it without knowing how a position encodes its coins.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CoinBoard {
    /// The first coin of a row (1, or 0 on a row from 0); 0 on a grid, whose corner is (0, 0).
    pub first: u64,
    /// True for coins on a grid: each coin is `[x, y]`; else `[n]`, its number in the row.
    pub grid: bool,
    /// The coins showing heads.
    #[serde(serialize_with = "coin_lists")]
    pub heads: Vec<Vec<BigUint>>,
    /// For each move (in the order of `moves`), the coins it turns over, sorted.
    #[serde(serialize_with = "coin_lists_each")]
    pub turns: Vec<Vec<Vec<BigUint>>>,
}

impl CoinBoard {
    /// The coins of a position and of its moves; `None` for a game not drawn as coins.
    fn of(game: &dyn AnyGame, numbers: &[BigUint], moves: &[MoveReport]) -> Option<CoinBoard> {
        let drawing = game.spec().registered()?.info().drawing;
        let turns = moves.iter().map(|m| drawing.turned(numbers, &m.to)).collect::<Option<_>>()?;
        Some(CoinBoard {
            first: drawing.first_coin()?,
            grid: drawing.board == Board::CoinGrid,
            heads: drawing.heads(numbers)?,
            turns,
        })
    }
}

/// Coins as lists of numbers in their JSON form.
fn coin_lists<S: serde::Serializer>(coins: &[Vec<BigUint>], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    let mut seq = s.serialize_seq(Some(coins.len()))?;
    for coin in coins {
        seq.serialize_element(&Coin(coin))?;
    }
    seq.end()
}

/// One list of coins per move.
fn coin_lists_each<S: serde::Serializer>(lists: &[Vec<Vec<BigUint>>], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    let mut seq = s.serialize_seq(Some(lists.len()))?;
    for coins in lists {
        seq.serialize_element(&Coins(coins))?;
    }
    seq.end()
}

/// A coin's coordinates, serialized as numbers.
struct Coin<'a>(&'a [BigUint]);

impl Serialize for Coin<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        nimlab_engine::bigint::json::numbers(self.0, s)
    }
}

/// A list of coins, serialized as lists of numbers.
struct Coins<'a>(&'a [Vec<BigUint>]);

impl Serialize for Coins<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        coin_lists(self.0, s)
    }
}

/// Optional numbers in their JSON form (strings of digits), for a field skipped when absent.
fn optional_numbers<S: serde::Serializer>(numbers: &Option<Vec<BigUint>>, s: S) -> Result<S::Ok, S::Error> {
    match numbers {
        Some(numbers) => nimlab_engine::bigint::json::numbers(numbers, s),
        None => s.serialize_none(),
    }
}

/// The legal moves of a position.
///
/// # Errors
/// Engine errors: a bad position, or one too large to list its moves within the budget.
pub fn options(
    spec: &GameSpec,
    numbers: &[BigUint],
    play: Play,
    budget: &Budget,
    lang: Lang,
) -> Result<OptionsReport, ReportError> {
    let (game, position) = Position::new(spec, numbers, budget)?;
    Ok(options_of(game.as_ref(), position, play, budget, lang)?)
}

/// The legal moves of a checked position of a built game, with its picture where it has one.
///
/// # Errors
/// As for [`AnyGame::options`].
pub fn options_of(
    game: &dyn AnyGame,
    position: Position,
    play: Play,
    budget: &Budget,
    lang: Lang,
) -> Result<OptionsReport, EngineError> {
    let moves = game.options(&position.position, budget, lang)?;
    let layout = graph_layout(game, &position.position, &moves);
    let repetition_key = repeats(game).then(|| repetition_key(game, &position.position));
    let coins = CoinBoard::of(game, &position.position, &moves);
    Ok(OptionsReport { position, play, moves, layout, repetition_key, coins })
}

/// Who wins from a position, with its player to move as reference, and in how many moves with
/// best play (Smith's remoteness: the winner hurries, the loser stalls).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PositionValue {
    /// Who wins, with the player to move there as reference: N, P, or D (a draw: with best play
    /// the game never ends; only in a game whose positions repeat).
    pub outcome: LoopyOutcome,
    /// Smith's remoteness; null for a draw.
    pub remoteness: Option<u32>,
}

impl PositionValue {
    /// The value of a game that ends: its outcome and remoteness.
    fn ending(outcome: Outcome, remoteness: u32) -> PositionValue {
        let outcome = match outcome {
            Outcome::N => LoopyOutcome::N,
            Outcome::P => LoopyOutcome::P,
        };
        PositionValue { outcome, remoteness: Some(remoteness) }
    }
}

/// A legal move with the value of the position it leads to (for the player to move there).
#[derive(Debug, Serialize)]
pub struct ValuedMove {
    /// The move.
    #[serde(flatten)]
    pub report: MoveReport,
    /// The value of the position it leads to.
    pub value: Option<PositionValue>,
}

/// `/api/options` with `values=1`: the position's value and every move's.
#[derive(Debug, Serialize)]
pub struct ValuedOptions {
    /// The game and position.
    #[serde(flatten)]
    pub position: Position,
    /// Normal or misère.
    pub play: Play,
    /// The value of the position itself; null when it could not be searched.
    pub value: Option<PositionValue>,
    /// Every legal move with its value.
    pub moves: Vec<ValuedMove>,
    /// Why the values are missing, if they are.
    pub values_error: Option<String>,
    /// The position's picture, as in [`OptionsReport`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layout: Option<GraphLayout>,
    /// The position as the draw by repetition counts it, as in [`OptionsReport`].
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "optional_numbers")]
    pub repetition_key: Option<Vec<BigUint>>,
    /// The coins, as in [`OptionsReport`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coins: Option<CoinBoard>,
}

impl ValuedOptions {
    /// The moves of `report` without values, and why: the moves are still worth showing when
    /// their values cannot be had.
    pub fn unvalued(report: OptionsReport, error: &ReportError) -> ValuedOptions {
        ValuedOptions {
            value: None,
            moves: report.moves.into_iter().map(|report| ValuedMove { report, value: None }).collect(),
            values_error: Some(error.to_string()),
            position: report.position,
            play: report.play,
            layout: report.layout,
            repetition_key: report.repetition_key,
            coins: report.coins,
        }
    }
}

/// The value of a checked position by the remoteness search; a position without moves has
/// remoteness 0 and the outcome its rules give it (lost under normal play, won under misère).
fn position_value(
    game: &dyn AnyGame,
    numbers: &CheckedPosition,
    play: Play,
    budget: &Budget,
) -> Result<PositionValue, EngineError> {
    // Only the values are kept: the move texts are not shown.
    if let Some(best) = game.best_move(numbers, play, budget, Lang::En)? {
        return Ok(PositionValue::ending(best.outcome, best.remoteness));
    }
    let analysis = game.analyze(numbers, &Query { max_moves: 0, ..Query::play(play) }, budget)?;
    Ok(PositionValue::ending(analysis.outcome, 0))
}

/// The values of a position of a game whose positions repeat and of each of its moves' targets,
/// by the loopy engine's retrograde analysis of the positions reachable from them: P, N or D,
/// with the remoteness of a P- or N-position.
fn loopy_values(
    game: &dyn AnyGame,
    report: &OptionsReport,
    budget: &Budget,
) -> Result<(PositionValue, Vec<PositionValue>), EngineError> {
    let mut roots = vec![report.position.position.clone()];
    roots.extend(report.moves.iter().map(|m| m.to.clone()));
    let explored = game.position_graph(&roots, budget)?;
    let s = solve(&explored.graph, report.play, budget).map_err(|cause| EngineError::Exhausted {
        task: Box::new(Task::Retrograde { graph: None }),
        cause,
    })?;
    let value = |v: u32| PositionValue { outcome: s.outcome(v), remoteness: s.remoteness(v) };
    Ok((value(explored.roots[0]), explored.roots[1..].iter().map(|&v| value(v)).collect()))
}

/// The values of a position and of each of its options (one remoteness search: the game's memo
/// is shared, so this costs about one search of the position; for a game whose positions
/// repeat, one retrograde analysis, with draws): `/api/options?values=1`.
///
/// # Errors
/// Engine errors: the search does not fit the budget.
pub fn option_values(
    game: &dyn AnyGame,
    report: &OptionsReport,
    budget: &Budget,
) -> Result<ValuedOptions, ReportError> {
    let searched = || -> Result<(PositionValue, Vec<PositionValue>), EngineError> {
        let value = position_value(game, &report.position.position, report.play, budget)?;
        let moves = report
            .moves
            .iter()
            .map(|m| position_value(game, &m.to, report.play, budget))
            .collect::<Result<Vec<_>, EngineError>>()?;
        Ok((value, moves))
    };
    let (value, values) = if repeats(game) {
        loopy_values(game, report, budget)?
    } else {
        match searched() {
            // A game of one's own whose positions repeat: the loopy engine.
            Err(EngineError::Exhausted { cause: Exhausted::Cycle { .. }, .. }) => {
                loopy_values(game, report, budget)?
            }
            other => other?,
        }
    };
    let moves = report
        .moves
        .iter()
        .zip(values)
        .map(|(m, value)| ValuedMove { report: m.clone(), value: Some(value) })
        .collect();
    Ok(ValuedOptions {
        position: report.position.clone(),
        play: report.play,
        value: Some(value),
        moves,
        values_error: None,
        layout: report.layout.clone(),
        repetition_key: report.repetition_key.clone(),
        coins: report.coins.clone(),
    })
}

/// nimlab's reply from a position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReplyReport {
    /// The game and position.
    #[serde(flatten)]
    pub position: Position,
    /// Normal or misère.
    pub play: Play,
    /// The reply, or null when the game is already over.
    pub reply: Option<Reply>,
    /// True when no move is left after the reply (or before it).
    pub game_over: bool,
}

/// nimlab's reply from a position at `strength`, and whether the game is over after it.
///
/// # Errors
/// As for [`reply`], and a bad position.
pub fn reply_report(
    spec: &GameSpec,
    numbers: &[BigUint],
    play: Play,
    strength: Strength,
    budget: &Budget,
    lang: Lang,
) -> Result<ReplyReport, ReportError> {
    let (game, position) = Position::new(spec, numbers, budget)?;
    let chosen = if strength.errs() {
        let mut options = game.options(&position.position, budget, lang)?;
        let pick = strength.pick(options.len());
        let drawn = (!options.is_empty()).then(|| options.swap_remove(pick));
        not_a_mistake(drawn, || reply(game.as_ref(), &position.position, play, budget, lang), lang)
    } else {
        reply(game.as_ref(), &position.position, play, budget, lang)?
    };
    let game_over = match &chosen {
        Some(r) => !game.has_moves(&r.report.to)?,
        None => true,
    };
    Ok(ReplyReport { position, play, reply: chosen, game_over })
}

/// A weaker nimlab's drawn move as reported: nimlab's own reply (`best`, with its basis) when the
/// draw happens to be that move, else [`ReplyBasis::Random`]. When the best move cannot be had
/// within the budget, the drawn move stays a random one.
fn not_a_mistake(
    drawn: Option<MoveReport>,
    best: impl FnOnce() -> Result<Option<Reply>, EngineError>,
    lang: Lang,
) -> Option<Reply> {
    let drawn = drawn?;
    if let Ok(Some(best)) = best() {
        if best.report.to == drawn.to {
            return Some(best);
        }
    }
    let basis = ReplyBasis::Random;
    Some(Reply { report: drawn, basis, explanation: basis.explanation(lang) })
}

/// nimlab's reply in one part of a sum: the part (numbered from 1) and the move within it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumReply {
    /// The part moved in, numbered from 1.
    pub part: usize,
    /// The move within that part (`to` is the part's new position), and why.
    #[serde(flatten)]
    pub reply: Reply,
}

/// nimlab's reply in a sum of games (normal play).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumReplyReport {
    /// Always `"sum"`.
    pub game: &'static str,
    /// The parts, in order: each game with its checked position.
    pub parts: Vec<Position>,
    /// Always normal play (sums are played under normal play only).
    pub play: Play,
    /// The reply, or null when no part has a move left.
    pub reply: Option<SumReply>,
    /// True when no move is left after the reply (or before it).
    pub game_over: bool,
}

/// nimlab's reply in the sum of `parts` (each a game and its position's numbers) at `strength`.
///
/// # Errors
/// A bad part; the sum's analysis when a part's value is not known within the budget; as for
/// [`reply`] in the part nimlab stalls in.
pub fn sum_reply_report(
    parts: &[(GameSpec, Vec<BigUint>)],
    strength: Strength,
    budget: &Budget,
    lang: Lang,
) -> Result<SumReplyReport, ReportError> {
    let mut games = Vec::with_capacity(parts.len());
    for (spec, numbers) in parts {
        games.push(Position::new(spec, numbers, budget)?);
    }
    let best = || sum_best_move(&games, budget, lang);
    let chosen = if strength.errs() {
        let mut options = Vec::new();
        for (i, (game, position)) in games.iter().enumerate() {
            options.extend(game.options(&position.position, budget, lang)?.into_iter().map(|m| (i + 1, m)));
        }
        let pick = strength.pick(options.len());
        match (!options.is_empty()).then(|| options.swap_remove(pick)) {
            None => None,
            Some((part, drawn)) => {
                let best = || Ok::<_, EngineError>(best()?.filter(|b| b.part == part).map(|b| b.reply));
                not_a_mistake(Some(drawn), best, lang).map(|reply| SumReply { part, reply })
            }
        }
    } else {
        best()?
    };
    let game_over = match &chosen {
        None => true,
        Some(chosen) => {
            let mut over = true;
            for (i, (game, position)) in games.iter().enumerate() {
                let numbers = if i + 1 == chosen.part { &chosen.reply.report.to } else { &position.position };
                over &= !game.has_moves(numbers)?;
            }
            over
        }
    };
    let parts = games.into_iter().map(|(_, position)| position).collect();
    Ok(SumReplyReport { game: "sum", parts, play: Play::Normal, reply: chosen, game_over })
}

/// nimlab's best move in a sum: the sum's first winning move, or, from a P-position, its reply
/// in the first part with a move left; `None` when no part has one.
fn sum_best_move(
    games: &[(Box<dyn AnyGame>, Position)],
    budget: &Budget,
    lang: Lang,
) -> Result<Option<SumReply>, EngineError> {
    let parts: Vec<SumPart<'_>> = games
        .iter()
        .map(|(game, position)| SumPart { game: game.as_ref(), position: position.position.clone() })
        .collect();
    let analysis = analyze_sum(&parts, Method::Auto, 1, budget, lang)?;
    let basis = ReplyBasis::Sum { outcome: analysis.outcome };
    if let Some(first) = analysis.winning_moves.into_iter().next() {
        let reply = Reply { report: first.report, basis, explanation: basis.explanation(lang) };
        return Ok(Some(SumReply { part: first.part, reply }));
    }
    for (i, (game, position)) in games.iter().enumerate() {
        if let Some(stall) = reply(game.as_ref(), &position.position, Play::Normal, budget, lang)? {
            let reply = Reply { report: stall.report, basis, explanation: basis.explanation(lang) };
            return Ok(Some(SumReply { part: i + 1, reply }));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nim_reply(strength: Strength) -> ReplyReport {
        let spec = GameSpec::named("nim").unwrap();
        let position: Vec<BigUint> = [3u32, 4, 5].into_iter().map(BigUint::from).collect();
        reply_report(&spec, &position, Play::Normal, strength, &Budget::default(), Lang::En).unwrap()
    }

    /// Perfect play is the remoteness move; a weaker nimlab errs at about the chosen rate, with
    /// legal moves only, the same move for the same seed, several moves over many seeds, and a
    /// draw of the perfect move reported as that move.
    #[test]
    fn a_weaker_nimlab_errs_at_its_rate() {
        let perfect = nim_reply(Strength::default()).reply.unwrap();
        assert!(matches!(perfect.basis, ReplyBasis::Remoteness { outcome: Outcome::N, .. }));
        let errs = (0..2000).filter(|&seed| Strength { mistakes: 25, seed }.errs()).count();
        assert!((400..600).contains(&errs), "{errs} mistakes in 2000 at 25%");
        assert_eq!((0..200).filter(|&seed| Strength { mistakes: 0, seed }.errs()).count(), 0);
        assert_eq!((0..200).filter(|&seed| Strength { mistakes: 100, seed }.errs()).count(), 200);
        let spec = GameSpec::named("nim").unwrap();
        let (game, position) =
            Position::new(&spec, &[3u32, 4, 5].map(BigUint::from), &Budget::default()).unwrap();
        let legal: Vec<CheckedPosition> = game
            .options(&position.position, &Budget::default(), Lang::En)
            .unwrap()
            .into_iter()
            .map(|m| m.to)
            .collect();
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..40 {
            let strength = Strength { mistakes: 100, seed };
            let chosen = nim_reply(strength).reply.unwrap();
            // A draw of the very move perfect play makes is that move, not a mistake.
            if chosen.report.to == perfect.report.to {
                assert_eq!(chosen, perfect);
            } else {
                assert_eq!(chosen.basis, ReplyBasis::Random);
            }
            assert!(legal.contains(&chosen.report.to));
            assert_eq!(nim_reply(strength).reply.unwrap().report.to, chosen.report.to);
            seen.insert(chosen.report.to);
        }
        assert!(seen.len() >= 5, "{} distinct random moves of 12", seen.len());
    }
}
