//! `solve --db FILE [--shard I/N]`: a position too big for one run, solved as independent
//! pieces. Its value is the mex of its options' values, and each option is valued on its own.
//! Options that a symmetry of the position maps onto each other (a board's turns and reflections
//! that keep its cells in play, [`AnyGame::symmetric_options`]) have equal values, so the options
//! are first grouped into classes and one option of each class is valued. The classes are split
//! into shards (by a stable hash of the class's key, the same on every machine), each shard values
//! its own classes and records each value in an SQLite store as soon as it is known (one row a
//! class, committed on its own: a run killed at any point, even by `kill -9`, loses at most the
//! option being valued, and a run started again skips what is stored). Shards' stores are merged
//! into one (`--merge`); once the store holds every class, the position's value (the mex over the
//! classes' values), its winning moves and every option's value are the answer.
//!
//! Normal play only (the value of a misère position is not the mex of its options' values).

use std::path::Path;

use nimlab_engine::{mex, AnyGame, BigUint, Budget, CheckedPosition, GrundyValue, MoveReport, Play, Query};
/// One of `n` parts of a position's options (`I/N`), as every surface names it.
pub use nimlab_store::Shard;
use nimlab_store::{OptionRow, OptionStore};
use num_traits::ToPrimitive;
use serde::Serialize;

use crate::error::{invalid, CommandError};
use crate::position::{registered, Position};
use crate::solve::SolveRequest;
use crate::ReportError;

/// What a sharded run did and, once every option is stored, the answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShardReport {
    /// The game and position.
    #[serde(flatten)]
    pub position: Position,
    /// This run's shard, `I/N` (`null`: every option).
    pub shard: Option<String>,
    /// The position's options.
    pub options: u64,
    /// The options' classes under the position's symmetries: one option of each is valued.
    pub classes: u64,
    /// The classes this run owns.
    pub owned: u64,
    /// The classes this run valued (the others it owns were in the store already).
    pub computed: u64,
    /// The classes whose values the store holds now.
    pub stored: u64,
    /// The position's Grundy value, once every class is stored.
    pub grundy: Option<u64>,
    /// Each option whose class is stored: its move, where it goes and its value, in the order of
    /// the moves.
    pub values: Vec<OptionValue>,
}

/// One option and its value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OptionValue {
    /// The move.
    #[serde(flatten)]
    pub to: MoveReport,
    /// The option's Grundy value.
    pub value: u64,
}

/// Values one option of each class of the options of `request`'s position that `shard` owns
/// (every class without one), records each in the store at `db`, and answers from the store.
///
/// # Errors
/// [`ReportError::Invalid`] for misère play or players; the store's errors; what ran out of the
/// budget (the classes valued before are stored).
pub fn solve_sharded(
    request: &SolveRequest,
    db: &Path,
    shard: Option<Shard>,
    budget: &Budget,
) -> Result<ShardReport, ReportError> {
    if request.play == Play::Misere || request.players.is_some() {
        return invalid(CommandError::ShardsNormalPlay);
    }
    let (game, position) = Position::new(registered(&request.spec)?, &request.position, budget)?;
    let store = OptionStore::open(db)?;
    let moves = game.options(&position.position, budget, request.lang)?;
    let targets: Vec<CheckedPosition> = moves.iter().map(|m| m.to.clone()).collect();
    // Each option's class, named by its representative.
    let representatives = game.symmetric_options(&position.position, &targets);
    // The game as typed (its parameters that differ from their defaults), the position, the
    // class's representative: one store can hold the options of several positions.
    let words = |numbers: &[BigUint]| numbers.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
    let prefix = format!("{} {}", position.game, words(&position.position));
    let key = |to: &[BigUint]| format!("{prefix} -> {}", words(to));
    let mut classes: Vec<&CheckedPosition> = Vec::new();
    for representative in &representatives {
        if !classes.contains(&representative) {
            classes.push(representative);
        }
    }
    let (mut owned, mut computed, mut stored) = (0u64, 0u64, 0u64);
    let mut class_values = Vec::new();
    for representative in &classes {
        let key = key(representative);
        let mine = shard.is_none_or(|s| s.owns(&key));
        owned += u64::from(mine);
        let value = match store.get(&key)? {
            Some(row) => Some(row.value),
            None if mine => {
                let value = option_value(game.as_ref(), representative, request, budget)?;
                store.record(&OptionRow { key, value })?;
                computed += 1;
                Some(value)
            }
            None => None,
        };
        stored += u64::from(value.is_some());
        class_values.extend(value);
    }
    let mut values = Vec::new();
    for (to, representative) in moves.iter().zip(&representatives) {
        if let Some(row) = store.get(&key(representative))? {
            values.push(OptionValue { to: to.clone(), value: row.value });
        }
    }
    let complete = stored == classes.len() as u64;
    Ok(ShardReport {
        position,
        shard: shard.map(|s| format!("{}/{}", s.index, s.count)),
        options: moves.len() as u64,
        classes: classes.len() as u64,
        owned,
        computed,
        stored,
        grundy: complete.then(|| mex(class_values)),
        values,
    })
}

/// An option's Grundy value by the engine's own path for that game.
fn option_value(
    game: &dyn AnyGame,
    to: &CheckedPosition,
    request: &SolveRequest,
    budget: &Budget,
) -> Result<u64, ReportError> {
    let query = Query {
        method: request.method,
        play: Play::Normal,
        max_moves: 0,
        lang: request.lang,
        outcome_only: false,
    };
    match game.analyze(to, &query, budget)?.grundy {
        GrundyValue::Value(value) => match value.to_u64() {
            Some(value) => Ok(value),
            None => invalid(CommandError::OptionValueBeyondStore { value: value.to_string() }),
        },
        _ => invalid(CommandError::OptionValueUnknown),
    }
}

/// Merges shard stores into the store at `db`; returns how many rows were read and added.
///
/// # Errors
/// The stores' errors (a file that is not a store; two stores with different values for one
/// option).
pub fn merge_shards(db: &Path, others: &[std::path::PathBuf]) -> Result<(u64, u64), ReportError> {
    let store = OptionStore::open(db)?;
    let (mut read, mut added) = (0, 0);
    for other in others {
        let merged = store.merge_from(other)?;
        read += merged.read;
        added += merged.inserted;
    }
    Ok((read, added))
}
