//! Stores of rows keyed by a game's code, one table per kind of row: the atlas of octal codes
//! ([`crate::atlas`]) and of their misère quotients ([`crate::misere_atlas`]) share the file
//! format, the recording rule, resuming and merging, and differ only in their columns.
//!
//! A row is keyed by the game's code (the representative of its aliases, e.g. `0.07`), with a
//! primary key, so a code is stored at most once whatever the pattern or limit that produced it.
//! Each row is committed on its own in WAL mode (a process killed at any point, even by
//! `kill -9`, loses at most the row being written) and [`CodedStore::is_done`] tells a resumed
//! run what to skip.
//!
//! Recording follows one rule, so runs, resumed runs and merged shards agree: a certified row
//! is final (a second certified row must state the same [`CodedRow::certificate`], or the store
//! reports a [`StoreError::Conflict`]); an open row is replaced by a certified row or by an open
//! row that reached further ([`CodedRow::reach`]).

use std::marker::PhantomData;
use std::path::Path;
use std::sync::{Mutex, MutexGuard};

use rusqlite::types::Value;
use rusqlite::{params, params_from_iter, Connection, OpenFlags, OptionalExtension, Row};

use crate::{lock, open_connection, StoreError};

/// A kind of row of a [`CodedStore`]: its table, how it is read and written, and what the
/// recording rule compares.
pub trait CodedRow: Sized {
    /// The table's name.
    const TABLE: &'static str;
    /// `CREATE TABLE IF NOT EXISTS` of the table, keyed by `code`.
    const SCHEMA: &'static str;
    /// The columns, in the order of [`CodedRow::read`] and [`CodedRow::values`], `code` first.
    const COLUMNS: &'static [&'static str];

    /// The game's code, the row's key.
    fn code(&self) -> &str;
    /// True when the row is final.
    fn certified(&self) -> bool;
    /// How far an open row reached (values computed, the last heap): a further one replaces it.
    fn reach(&self) -> u64;
    /// What a certified row states; two certified rows of one code must state the same.
    fn certificate(&self) -> String;
    /// The row from a query of [`CodedRow::COLUMNS`].
    ///
    /// # Errors
    /// A column of the wrong type.
    fn read(row: &Row<'_>) -> rusqlite::Result<Self>;
    /// The row's columns, in the order of [`CodedRow::COLUMNS`].
    ///
    /// # Errors
    /// [`StoreError::TooLarge`] for a number beyond SQLite's integers.
    fn values(&self) -> Result<Vec<Value>, StoreError>;
}

/// What [`CodedStore::record`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recorded {
    /// The code was new.
    Inserted,
    /// The new row supersedes the stored one (certified over open, or a longer open run).
    Replaced,
    /// The stored row stays (it is at least as good).
    Kept,
}

/// Rows added by a merge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MergeReport {
    /// Rows read from the other store.
    pub read: u64,
    /// New codes.
    pub inserted: u64,
    /// Stored rows superseded.
    pub replaced: u64,
    /// Rows already stored as well or better.
    pub kept: u64,
}

/// An open store of rows `R`. It may be shared between threads (rows recorded from a parallel
/// atlas's workers); the connection is behind a lock.
#[derive(Debug)]
pub struct CodedStore<R> {
    connection: Mutex<Connection>,
    rows: PhantomData<fn() -> R>,
}

impl<R: CodedRow> CodedStore<R> {
    /// Opens (creating if needed) the store at `path`, in WAL mode.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] when the file cannot be opened or is not a nimlab store.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        Ok(CodedStore { connection: Mutex::new(open_connection(path, R::SCHEMA)?), rows: PhantomData })
    }

    fn connection(&self) -> MutexGuard<'_, Connection> {
        lock(&self.connection)
    }

    /// The stored row of `code`.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn get(&self, code: &str) -> Result<Option<R>, StoreError> {
        get_in(&self.connection(), code)
    }

    /// True when `code` needs no more work for a run that reaches `upto`: it is certified, or
    /// open and already reached `upto`.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn is_done(&self, code: &str, upto: u64) -> Result<bool, StoreError> {
        Ok(self.get(code)?.is_some_and(|row| row.certified() || row.reach() >= upto))
    }

    /// Records `row` by the rule of the module doc, committed at once.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when a certified row disagrees with the stored certified row;
    /// [`StoreError::Sqlite`], [`StoreError::TooLarge`].
    pub fn record(&self, row: &R) -> Result<Recorded, StoreError> {
        let mut connection = self.connection();
        let transaction = connection.transaction()?;
        let recorded = record_in(&transaction, row)?;
        transaction.commit()?;
        Ok(recorded)
    }

    /// Every row, by code.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn rows(&self) -> Result<Vec<R>, StoreError> {
        all_rows(&self.connection())
    }

    /// Adds every row of the store at `other` (a shard) by the recording rule, in one
    /// transaction. Merging the same shard twice changes nothing.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] (e.g. `other` has no such table), [`StoreError::Conflict`].
    pub fn merge_from(&self, other: &Path) -> Result<MergeReport, StoreError> {
        let source = Connection::open_with_flags(other, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        source.busy_timeout(std::time::Duration::from_secs(10))?;
        let rows: Vec<R> = all_rows(&source)?;
        let mut connection = self.connection();
        let transaction = connection.transaction()?;
        let mut report = MergeReport::default();
        for row in &rows {
            report.read += 1;
            match record_in(&transaction, row)? {
                Recorded::Inserted => report.inserted += 1,
                Recorded::Replaced => report.replaced += 1,
                Recorded::Kept => report.kept += 1,
            }
        }
        transaction.commit()?;
        Ok(report)
    }
}

fn columns<R: CodedRow>() -> String {
    R::COLUMNS.join(", ")
}

fn get_in<R: CodedRow>(connection: &Connection, code: &str) -> Result<Option<R>, StoreError> {
    let sql = format!("SELECT {} FROM {} WHERE code = ?1", columns::<R>(), R::TABLE);
    Ok(connection.query_row(&sql, params![code], R::read).optional()?)
}

fn all_rows<R: CodedRow>(connection: &Connection) -> Result<Vec<R>, StoreError> {
    let mut statement =
        connection.prepare(&format!("SELECT {} FROM {} ORDER BY code", columns::<R>(), R::TABLE))?;
    let rows = statement.query_map([], R::read)?.collect::<Result<_, _>>()?;
    Ok(rows)
}

/// The recording rule inside an open transaction.
fn record_in<R: CodedRow>(connection: &Connection, row: &R) -> Result<Recorded, StoreError> {
    let stored: Option<R> = get_in(connection, row.code())?;
    let outcome = match &stored {
        None => Recorded::Inserted,
        Some(old) if old.certified() && row.certified() => {
            let (stored, new) = (old.certificate(), row.certificate());
            if stored != new {
                return Err(StoreError::Conflict { code: row.code().to_string(), stored, new });
            }
            Recorded::Kept
        }
        Some(old) if old.certified() => Recorded::Kept,
        Some(_) if row.certified() => Recorded::Replaced,
        Some(old) if row.reach() > old.reach() => Recorded::Replaced,
        Some(_) => Recorded::Kept,
    };
    if outcome != Recorded::Kept {
        let placeholders: Vec<String> = (1..=R::COLUMNS.len()).map(|i| format!("?{i}")).collect();
        let sql = format!(
            "INSERT OR REPLACE INTO {} ({}) VALUES ({})",
            R::TABLE,
            columns::<R>(),
            placeholders.join(", ")
        );
        connection.execute(&sql, params_from_iter(row.values()?))?;
    }
    Ok(outcome)
}
