//! The one atlas, generic over its play convention: the normal-play atlas ([`crate::atlas`]) and
//! the misère atlas ([`crate::misere_atlas`]) are each a [`Convention`] (how codes group into
//! games, how a game is computed, stored and reported) driven by [`drive`]: the store and the
//! shards merged into it, the games still to compute, the recording of each game as it finishes
//! (a store failure cancels the run), the rows of a pattern's games and their counts.

use std::collections::HashSet;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use nimlab_engine::octal::{expand_pattern, AtlasStop, CodeGroup, Finished, OctalCode};
use nimlab_engine::Progress;
use nimlab_engine::{Budget, EngineError, Exhausted, Task};
use nimlab_store::{CodedRow, CodedStore, MergeReport, StoreError};
use serde::Serialize;

use crate::atlas::{AtlasRequest, Merged, MAX_CODES};
use crate::error::{invalid, CommandError};
use crate::ReportError;

/// What makes an atlas of one play convention; [`drive`] does the rest.
pub(crate) trait Convention {
    /// How a code of the pattern is listed under the game it is.
    type Alias: Clone + Sync + Send;
    /// What the engine computes of a game.
    type Outcome: Send;
    /// Its row in the store.
    type Row: CodedRow + Sync;
    /// Its row in the report, which names the games not certified in the counts.
    type Game: Uncertified;
    /// Misère play (else normal): which atlas a run the budget stopped names.
    const MISERE: bool;

    /// The games of `codes`, in the order of their first code.
    fn groups(codes: &[OctalCode]) -> Vec<CodeGroup<Self::Alias>>;
    /// The codes a stored row lists (its own and its aliases').
    fn row_codes(row: &Self::Row) -> usize;
    /// The store's row of a finished game.
    fn row_of(entry: &Finished<Self::Alias, Self::Outcome>) -> Self::Row;
    /// The report's row of a stored row, with the group of the current pattern when there is one.
    fn game(row: &Self::Row, group: Option<&CodeGroup<Self::Alias>>) -> Self::Game;
}

/// The engine's atlas of a convention: computes the pending games, handing each finished one to
/// the callback as it finishes.
pub(crate) type Compute<'a, A, O, F> = &'a dyn Fn(
    &[CodeGroup<A>],
    &(dyn Fn(&Finished<A, O>) + Sync),
) -> Result<Vec<Finished<A, O>>, AtlasStop<F>>;

/// The parts of an atlas report every convention shares (after its own header).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AtlasRows<C, G> {
    /// The shard, `i/n`, or null.
    pub shard: Option<String>,
    /// The shard stores merged first.
    pub merged: Vec<Merged>,
    /// The counts.
    pub counts: C,
    /// The games (pattern order when a pattern is given, else by code).
    pub rows: Vec<G>,
}

/// The name an atlas's counts give its games not certified, said by the type of its rows:
/// `open` in normal play (no period up to the values computed), `partial` in misère play (a
/// quotient `Q_n`).
pub trait Uncertified {
    /// The name, a key of the JSON contract.
    const NAME: &'static str;
}

/// The counts of an atlas whose rows are `U`s (which name its games not certified).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counts<U> {
    /// Codes of the pattern (in a shard: its games' codes; for a whole store: every code stored).
    pub codes: usize,
    /// Games reported (rows).
    pub games: usize,
    /// Games certified.
    pub certified: usize,
    /// Games not certified (written under `U`'s name).
    pub uncertified: usize,
    /// Games of the pattern (and shard) not in the store (when reporting without computing).
    pub missing: usize,
    /// Games computed by this run.
    pub computed: usize,
    /// The convention that names the games not certified.
    convention: PhantomData<U>,
}

impl<U: Uncertified> Serialize for Counts<U> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut counts = serializer.serialize_struct("Counts", 6)?;
        counts.serialize_field("codes", &self.codes)?;
        counts.serialize_field("games", &self.games)?;
        counts.serialize_field("certified", &self.certified)?;
        counts.serialize_field(U::NAME, &self.uncertified)?;
        counts.serialize_field("missing", &self.missing)?;
        counts.serialize_field("computed", &self.computed)?;
        counts.end()
    }
}

/// Computes (by `compute`, the engine's atlas; a game's failure is `failure`'s report error) or
/// reports the atlas `request` asks for, in the convention `C`; `progress(done, total)` counts
/// the games computed.
///
/// # Errors
/// [`ReportError::Invalid`] for a bad pattern, `--merge` or `--report` without a store, or
/// nothing to report; store errors; [`ReportError::Engine`] when the budget, the deadline or a
/// cancellation stops the atlas (every game finished before is in the store); a game's failure.
pub(crate) fn drive<C: Convention, F>(
    request: &AtlasRequest<'_>,
    budget: &Budget,
    progress: Progress<'_>,
    compute: Compute<'_, C::Alias, C::Outcome, F>,
    failure: impl FnOnce(F) -> ReportError,
) -> Result<AtlasRows<Counts<C::Game>, C::Game>, ReportError> {
    let run = AtlasRun::<C::Row>::open(request)?;
    let mut tally = Counts {
        codes: 0,
        games: 0,
        certified: 0,
        uncertified: 0,
        missing: 0,
        computed: 0,
        convention: PhantomData,
    };
    let Some(pattern) = &request.codes else {
        let rows = run.whole_store()?;
        tally.codes = rows.iter().map(C::row_codes).sum();
        tally.certified = rows.iter().filter(|row| row.certified()).count();
        let games = rows.iter().map(|row| C::game(row, None)).collect();
        return finish(request, run, tally, games);
    };
    let codes = expand_pattern(pattern, MAX_CODES).map_err(CommandError::BadPattern)?;
    let groups: Vec<CodeGroup<C::Alias>> = C::groups(&codes)
        .into_iter()
        .filter(|g| request.shard.is_none_or(|shard| shard.owns(&g.representative.to_string())))
        .collect();
    // Every code of the pattern is listed once: as its game's representative or as an alias.
    let named: HashSet<&OctalCode> = codes.iter().collect();
    tally.codes =
        groups.iter().map(|g| usize::from(named.contains(&g.representative)) + g.aliases.len()).sum();
    let code = |group: &CodeGroup<C::Alias>| group.representative.to_string();
    let pending = run.pending(&groups, code, request.upto)?;
    let mut computed: Vec<Finished<C::Alias, C::Outcome>> = Vec::new();
    if run.computing {
        let result = run
            .record_each(pending.len(), budget, progress, C::row_of, |on_done| compute(&pending, on_done))?;
        computed = result.map_err(|stop| match stop {
            AtlasStop::Exhausted { finished, total, cause } => run.stopped(C::MISERE, finished, total, cause),
            AtlasStop::Game(error) => failure(error),
        })?;
        tally.computed = computed.len();
    } else {
        tally.missing = pending.len();
    }
    let computed_row = |group: &CodeGroup<C::Alias>| {
        computed.iter().find(|e| e.group.representative == group.representative).map(C::row_of)
    };
    let mut games = Vec::new();
    for (row, group) in run.rows(&groups, code, computed_row)? {
        tally.certified += usize::from(row.certified());
        games.push(C::game(&row, Some(group)));
    }
    finish(request, run, tally, games)
}

/// The games with their counts; a report of nothing is refused.
fn finish<R, U, G>(
    request: &AtlasRequest<'_>,
    run: AtlasRun<R>,
    mut counts: Counts<U>,
    rows: Vec<G>,
) -> Result<AtlasRows<Counts<U>, G>, ReportError> {
    if rows.is_empty() && counts.missing > 0 {
        return invalid(CommandError::NothingStored);
    }
    counts.games = rows.len();
    counts.uncertified = counts.games - counts.certified;
    Ok(AtlasRows {
        shard: request.shard.map(|s| format!("{}/{}", s.index, s.count)),
        merged: run.merged,
        counts,
        rows,
    })
}

/// An atlas run's store, the shards merged into it, and whether it computes.
struct AtlasRun<R> {
    store: Option<CodedStore<R>>,
    merged: Vec<Merged>,
    /// True unless the request only reports (`--report`) or merges (`--merge`).
    computing: bool,
}

impl<R: CodedRow> AtlasRun<R> {
    /// Opens the request's store and merges its shard stores into it.
    fn open(request: &AtlasRequest<'_>) -> Result<Self, ReportError> {
        let store = request.db.map(CodedStore::<R>::open).transpose()?;
        let mut merged = Vec::new();
        if !request.merge.is_empty() {
            let Some(store) = &store else {
                return invalid(CommandError::MergeNeedsStore);
            };
            for file in &request.merge {
                let MergeReport { read, inserted, replaced, kept } = store.merge_from(file)?;
                merged.push(Merged { file: file.display().to_string(), read, inserted, replaced, kept });
            }
        }
        let computing = !request.report_only && request.merge.is_empty();
        Ok(AtlasRun { store, merged, computing })
    }

    /// Every stored row, for a request without a pattern (a report of the whole store).
    fn whole_store(&self) -> Result<Vec<R>, ReportError> {
        let Some(store) = &self.store else {
            return invalid(CommandError::AtlasNeedsPattern { compute: false });
        };
        if self.computing {
            return invalid(CommandError::AtlasNeedsPattern { compute: true });
        }
        Ok(store.rows()?)
    }

    /// The groups the store does not hold done for a run to `upto` (every group without a store).
    fn pending<G: Clone>(
        &self,
        groups: &[G],
        code: impl Fn(&G) -> String,
        upto: u64,
    ) -> Result<Vec<G>, ReportError> {
        let mut pending = Vec::new();
        for group in groups {
            let done = match &self.store {
                Some(store) => store.is_done(&code(group), upto)?,
                None => false,
            };
            if !done {
                pending.push(group.clone());
            }
        }
        Ok(pending)
    }

    /// Runs the engine's atlas `run` of `total` games, handing it the callback for each finished
    /// game: its row (`row_of`) is recorded in the store and `progress` counts it. A store
    /// failure cancels the run and is the error.
    fn record_each<E, T>(
        &self,
        total: usize,
        budget: &Budget,
        progress: Progress<'_>,
        row_of: impl Fn(&E) -> R + Sync,
        run: impl FnOnce(&(dyn Fn(&E) + Sync)) -> T,
    ) -> Result<T, ReportError> {
        let total = total as u64;
        let finished = AtomicU64::new(0);
        let store_error: Mutex<Option<StoreError>> = Mutex::new(None);
        progress(0, total);
        let on_done = |entry: &E| {
            if let Some(store) = &self.store {
                if let Err(error) = store.record(&row_of(entry)) {
                    if let Ok(mut slot) = store_error.lock() {
                        slot.get_or_insert(error);
                    }
                    // Stop: nothing more could be stored.
                    budget.cancel_handle().cancel();
                }
            }
            progress(finished.fetch_add(1, Ordering::Relaxed) + 1, total);
        };
        let result = run(&on_done);
        match store_error.into_inner().ok().flatten() {
            Some(error) => Err(error.into()),
            None => Ok(result),
        }
    }

    /// The row of each group that has one: the store's, or without a store the computed one.
    fn rows<'g, G>(
        &self,
        groups: &'g [G],
        code: impl Fn(&G) -> String,
        computed: impl Fn(&G) -> Option<R>,
    ) -> Result<Vec<(R, &'g G)>, ReportError> {
        let mut rows = Vec::new();
        for group in groups {
            let row = match &self.store {
                Some(store) => store.get(&code(group))?,
                None => computed(group),
            };
            rows.extend(row.map(|row| (row, group)));
        }
        Ok(rows)
    }

    /// The budget's stop of the atlas (misère or normal), saying how many games finished and,
    /// with a store, that running it again resumes.
    fn stopped(&self, misere: bool, finished: usize, total: usize, cause: Exhausted) -> ReportError {
        let stored = self.store.is_some();
        EngineError::Exhausted { task: Box::new(Task::AtlasRun { misere, finished, total, stored }), cause }
            .into()
    }
}
