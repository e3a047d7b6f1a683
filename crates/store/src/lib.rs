//! Resumable storage of sweep results in SQLite; [`atlas`] holds the atlas of octal codes and
//! [`misere_atlas`] their misère quotients, both stores of rows keyed by code ([`coded`]), and
//! [`options`] the values of a position's options, recorded shard by shard.
//!
//! A sweep is identified by its **definition** (the family's shape, e.g.
//! `subtraction {2,3,5,7,c}`), independent of the parameter ranges, so that a longer range reuses
//! the rows a shorter one computed. Each row is keyed by `(sweep, outer, c)` — `outer` is the
//! first parameter of a two-parameter family and 0 for a one-parameter family — with a primary
//! key, so a row can never be stored twice.
//!
//! Each row is committed on its own as soon as it is recorded, in WAL mode: a process killed at
//! any point (even `kill -9`) loses at most the row being written, and the next run skips every
//! committed row.

pub mod atlas;
pub mod coded;
pub mod misere_atlas;
pub mod options;

pub use atlas::{AtlasRow, AtlasStore, Shard};
pub use coded::{CodedRow, CodedStore, MergeReport, Recorded};
pub use misere_atlas::{MisereAtlasStore, MisereRow};
pub use options::{OptionRow, OptionStore};

use std::path::Path;
use std::sync::{Mutex, MutexGuard};

use rusqlite::{params, Connection, OptionalExtension};
use thiserror::Error;

/// A failure of the store.
#[derive(Debug, Error)]
pub enum StoreError {
    /// SQLite reported an error (cannot open the file, disk full, not a nimlab database...): a
    /// third-party library's error, whose message is its own.
    #[error("sweep store: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A number does not fit SQLite's signed 64-bit integers.
    #[error("sweep store: the number {0} is too large to store (the limit is 2^63 - 1)")]
    TooLarge(u64),
    /// Two certified results for the same code disagree (a corrupt or foreign store).
    #[error("atlas store: code {code} is stored as certified {stored} but a new result says {new}")]
    Conflict {
        /// The code.
        code: String,
        /// The stored (preperiod, period).
        stored: String,
        /// The new one.
        new: String,
    },
    /// The sweep definition is not in the store: the sweep's name as its caller gave it.
    #[error("sweep store: no results for {0}; run the sweep with --db first")]
    UnknownSweep(String),
}

/// One stored result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredRow {
    /// The outer parameter (0 for a one-parameter family).
    pub outer: u64,
    /// The inner parameter.
    pub c: u64,
    /// The set, written `a,b,c`.
    pub members: String,
    /// The certified minimal preperiod.
    pub preperiod: u64,
    /// The certified minimal period.
    pub period: u64,
}

/// An open store. It may be shared between threads (rows recorded from a parallel sweep's
/// workers); the connection is behind a lock.
#[derive(Debug)]
pub struct SweepStore {
    connection: Mutex<Connection>,
}

/// A sweep's id in the store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SweepId(i64);

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS sweeps (
    id INTEGER PRIMARY KEY,
    definition TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS rows (
    sweep INTEGER NOT NULL REFERENCES sweeps(id),
    outer_value INTEGER NOT NULL,
    c INTEGER NOT NULL,
    members TEXT NOT NULL,
    preperiod INTEGER NOT NULL,
    period INTEGER NOT NULL,
    PRIMARY KEY (sweep, outer_value, c)
) WITHOUT ROWID;
";

fn to_sql(n: u64) -> Result<i64, StoreError> {
    i64::try_from(n).map_err(|_| StoreError::TooLarge(n))
}

fn from_sql(n: i64) -> u64 {
    // Every stored number went through `to_sql`, so it is non-negative.
    n.unsigned_abs()
}

/// Opens (creating if needed) the SQLite file at `path` in WAL mode and creates `schema`.
fn open_connection(path: &Path, schema: &str) -> Result<Connection, StoreError> {
    let connection = Connection::open(path)?;
    connection.busy_timeout(std::time::Duration::from_secs(10))?;
    connection.pragma_update(None, "journal_mode", "WAL")?;
    connection.pragma_update(None, "synchronous", "NORMAL")?;
    connection.execute_batch(schema)?;
    Ok(connection)
}

/// The connection; a panic in another holder cannot leave it inconsistent (every write is its own
/// transaction), so a poisoned lock is taken over.
fn lock(connection: &Mutex<Connection>) -> MutexGuard<'_, Connection> {
    connection.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl SweepStore {
    /// Opens (creating if needed) the store at `path`, in WAL mode.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] when the file cannot be opened or is not a nimlab store.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        Ok(SweepStore { connection: Mutex::new(open_connection(path, SCHEMA)?) })
    }

    fn connection(&self) -> MutexGuard<'_, Connection> {
        lock(&self.connection)
    }

    /// The id of the sweep `definition`, creating it if new.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn sweep(&self, definition: &str) -> Result<SweepId, StoreError> {
        self.connection()
            .execute("INSERT OR IGNORE INTO sweeps (definition) VALUES (?1)", params![definition])?;
        self.existing_sweep(definition)?.ok_or_else(|| StoreError::UnknownSweep(definition.to_string()))
    }

    /// The id of the sweep `definition` if the store has it.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn existing_sweep(&self, definition: &str) -> Result<Option<SweepId>, StoreError> {
        let id = self
            .connection()
            .query_row("SELECT id FROM sweeps WHERE definition = ?1", params![definition], |row| row.get(0))
            .optional()?;
        Ok(id.map(SweepId))
    }

    /// Records one finished row, committed at once. A row already stored is left as it is
    /// (results are deterministic, so the first one stays).
    ///
    /// # Errors
    /// [`StoreError::Sqlite`], [`StoreError::TooLarge`].
    pub fn record(&self, sweep: SweepId, row: &StoredRow) -> Result<(), StoreError> {
        self.connection().execute(
            "INSERT OR IGNORE INTO rows (sweep, outer_value, c, members, preperiod, period)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                sweep.0,
                to_sql(row.outer)?,
                to_sql(row.c)?,
                row.members,
                to_sql(row.preperiod)?,
                to_sql(row.period)?
            ],
        )?;
        Ok(())
    }

    /// Every stored row of `sweep`, by `(outer, c)`.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn rows(&self, sweep: SweepId) -> Result<Vec<StoredRow>, StoreError> {
        let connection = self.connection();
        let mut statement = connection.prepare(
            "SELECT outer_value, c, members, preperiod, period FROM rows WHERE sweep = ?1 ORDER BY outer_value, c",
        )?;
        let rows = statement.query_map(params![sweep.0], |row| {
            Ok(StoredRow {
                outer: from_sql(row.get(0)?),
                c: from_sql(row.get(1)?),
                members: row.get(2)?,
                preperiod: from_sql(row.get(3)?),
                period: from_sql(row.get(4)?),
            })
        })?;
        let rows = rows.collect::<Result<_, _>>()?;
        Ok(rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(c: u64) -> StoredRow {
        StoredRow { outer: 0, c, members: format!("2,3,5,7,{c}"), preperiod: c, period: 9 }
    }

    #[test]
    fn rows_survive_reopening_and_are_never_duplicated() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.sqlite");
        {
            let store = SweepStore::open(&path).unwrap();
            let id = store.sweep("subtraction {2,3,5,7,c}").unwrap();
            for c in 11..20 {
                store.record(id, &row(c)).unwrap();
            }
            store.record(id, &row(11)).unwrap();
        }
        let store = SweepStore::open(&path).unwrap();
        let id = store.existing_sweep("subtraction {2,3,5,7,c}").unwrap().unwrap();
        assert_eq!(store.sweep("subtraction {2,3,5,7,c}").unwrap(), id);
        let rows = store.rows(id).unwrap();
        assert_eq!(rows.len(), 9);
        assert_eq!(rows[0], row(11));
        assert!(store.existing_sweep("other").unwrap().is_none());
        let other = store.sweep("other").unwrap();
        assert!(store.rows(other).unwrap().is_empty());
        assert!(matches!(store.record(other, &row(u64::MAX)), Err(StoreError::TooLarge(_))));
    }
}
