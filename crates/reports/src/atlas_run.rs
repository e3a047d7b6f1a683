//! What the normal-play atlas ([`crate::atlas`]) and the misère atlas ([`crate::misere_atlas`])
//! share: the store and the shards merged into it, the games still to compute, the recording of
//! each game as it finishes (a store failure cancels the run), and the rows of a pattern's games.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use nimlab_engine::analysis::Progress;
use nimlab_engine::{Budget, EngineError, Exhausted};
use nimlab_store::{CodedRow, CodedStore, MergeReport, StoreError};

use crate::atlas::{AtlasRequest, Merged};
use crate::error::invalid;
use crate::ReportError;

/// An atlas run's store, the shards merged into it, and whether it computes.
pub(crate) struct AtlasRun<R> {
    pub store: Option<CodedStore<R>>,
    pub merged: Vec<Merged>,
    /// True unless the request only reports (`--report`) or merges (`--merge`).
    pub computing: bool,
}

impl<R: CodedRow> AtlasRun<R> {
    /// Opens the request's store and merges its shard stores into it.
    pub fn open(request: &AtlasRequest<'_>) -> Result<Self, ReportError> {
        let store = request.db.map(CodedStore::<R>::open).transpose()?;
        let mut merged = Vec::new();
        if !request.merge.is_empty() {
            let Some(store) = &store else {
                return invalid("merging shard stores needs the store to merge into (--db)");
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
    pub fn whole_store(&self) -> Result<Vec<R>, ReportError> {
        let Some(store) = &self.store else {
            return invalid("an atlas needs a pattern of codes (--codes 0.??)");
        };
        if self.computing {
            return invalid("an atlas needs a pattern of codes to compute (--codes 0.??)");
        }
        Ok(store.rows()?)
    }

    /// The groups the store does not hold done for a run to `upto` (every group without a store).
    pub fn pending<G: Clone>(
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
    pub fn record_each<E, T>(
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
    pub fn rows<'g, G>(
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

    /// The budget's stop of the atlas called `what`, saying how many games finished and, with a
    /// store, that running it again resumes.
    pub fn stopped(&self, what: &str, finished: usize, total: usize, cause: Exhausted) -> ReportError {
        let resume = if self.store.is_some() { " and stored; run it again to resume" } else { "" };
        EngineError::Exhausted {
            task: format!("{what} ({finished} of {total} games finished{resume})"),
            cause,
        }
        .into()
    }
}
