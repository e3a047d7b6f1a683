//! The misère atlas of take-and-break codes: one row per game, resumable, shardable, mergeable
//! (the same rules as [`crate::atlas`], in its own table of the same kind of store file).
//!
//! A row holds the misère quotient's status: certified (the quotient of all heaps: `|Q|`,
//! `|P|`, `Φ`'s preperiod and period, the presentation) or partial (`Q_n` of the heaps up to
//! `reached`, where the heap bound or the code's budget stopped it). Recording rule: a certified
//! row is final (a second certified row must agree on `|Q|`, `|P|`, preperiod and period, else
//! [`StoreError::Conflict`]); a partial row is replaced by a certified one or by a partial one
//! that reached a larger heap. Each row is committed on its own in WAL mode, so a run killed
//! even by `kill -9` loses at most the row being written.

use std::path::Path;
use std::sync::{Mutex, MutexGuard};

use rusqlite::{params, Connection, OpenFlags, OptionalExtension, Row};

use crate::atlas::{MergeReport, Recorded};
use crate::{from_sql, lock, open_connection, to_sql, StoreError};

/// One game of the misère atlas.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereRow {
    /// The game's code without trailing zeros, e.g. `0.07`.
    pub code: String,
    /// The codes of the pattern that are the same game (trailing zeros).
    pub aliases: Vec<String>,
    /// True when `Q` is certified the quotient of all heaps.
    pub certified: bool,
    /// `|Q_n|` (`n` = `reached`).
    pub order: u64,
    /// `|P|`.
    pub p_size: u64,
    /// `Φ`'s preperiod: certified, or observed on a partial row (`None`: not seen).
    pub preperiod: Option<u64>,
    /// `Φ`'s period, likewise.
    pub period: Option<u64>,
    /// The last heap of `Q_n`.
    pub reached: u64,
    /// The heaps where the presentation changed, space-separated.
    pub expansions: String,
    /// The presentation `⟨a, b | ...⟩`.
    pub presentation: String,
}

/// An open misère atlas store (shareable between threads).
#[derive(Debug)]
pub struct MisereAtlasStore {
    connection: Mutex<Connection>,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS misere_atlas (
    code TEXT PRIMARY KEY,
    aliases TEXT NOT NULL,
    certified INTEGER NOT NULL,
    quotient_order INTEGER NOT NULL,
    p_size INTEGER NOT NULL,
    preperiod INTEGER,
    period INTEGER,
    reached INTEGER NOT NULL,
    expansions TEXT NOT NULL,
    presentation TEXT NOT NULL
) WITHOUT ROWID;
";

const COLUMNS: &str =
    "code, aliases, certified, quotient_order, p_size, preperiod, period, reached, expansions, presentation";

fn read_row(row: &Row<'_>) -> rusqlite::Result<MisereRow> {
    let aliases: String = row.get(1)?;
    let optional =
        |i: usize| -> rusqlite::Result<Option<u64>> { Ok(row.get::<_, Option<i64>>(i)?.map(from_sql)) };
    Ok(MisereRow {
        code: row.get(0)?,
        aliases: aliases.split_whitespace().map(str::to_string).collect(),
        certified: row.get(2)?,
        order: from_sql(row.get(3)?),
        p_size: from_sql(row.get(4)?),
        preperiod: optional(5)?,
        period: optional(6)?,
        reached: from_sql(row.get(7)?),
        expansions: row.get(8)?,
        presentation: row.get(9)?,
    })
}

impl MisereAtlasStore {
    /// Opens (creating if needed) the store at `path`, in WAL mode.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] when the file cannot be opened or is not a nimlab store.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        Ok(MisereAtlasStore { connection: Mutex::new(open_connection(path, SCHEMA)?) })
    }

    fn connection(&self) -> MutexGuard<'_, Connection> {
        lock(&self.connection)
    }

    /// The stored row of `code`.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn get(&self, code: &str) -> Result<Option<MisereRow>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM misere_atlas WHERE code = ?1");
        Ok(self.connection().query_row(&sql, params![code], read_row).optional()?)
    }

    /// True when `code` needs no more work for a run to heap `upto`: certified, or partial
    /// having reached `upto`.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn is_done(&self, code: &str, upto: u64) -> Result<bool, StoreError> {
        Ok(self.get(code)?.is_some_and(|row| row.certified || row.reached >= upto))
    }

    /// Records `row` by the rule of the module doc, committed at once.
    ///
    /// # Errors
    /// [`StoreError::Conflict`], [`StoreError::Sqlite`], [`StoreError::TooLarge`].
    pub fn record(&self, row: &MisereRow) -> Result<Recorded, StoreError> {
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
    pub fn rows(&self) -> Result<Vec<MisereRow>, StoreError> {
        let connection = self.connection();
        let mut statement =
            connection.prepare(&format!("SELECT {COLUMNS} FROM misere_atlas ORDER BY code"))?;
        let rows = statement.query_map([], read_row)?.collect::<Result<_, _>>()?;
        Ok(rows)
    }

    /// Adds every row of the store at `other` (a shard) by the recording rule, in one
    /// transaction.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] (e.g. `other` has no misère atlas), [`StoreError::Conflict`].
    pub fn merge_from(&self, other: &Path) -> Result<MergeReport, StoreError> {
        let source = Connection::open_with_flags(other, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        source.busy_timeout(std::time::Duration::from_secs(10))?;
        let mut statement = source.prepare(&format!("SELECT {COLUMNS} FROM misere_atlas ORDER BY code"))?;
        let rows: Vec<MisereRow> = statement.query_map([], read_row)?.collect::<Result<_, _>>()?;
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

fn summary(row: &MisereRow) -> String {
    format!("|Q|={} |P|={} Φ {:?}+{:?}", row.order, row.p_size, row.preperiod, row.period)
}

fn record_in(connection: &Connection, row: &MisereRow) -> Result<Recorded, StoreError> {
    let stored = connection
        .query_row(
            &format!("SELECT {COLUMNS} FROM misere_atlas WHERE code = ?1"),
            params![row.code],
            read_row,
        )
        .optional()?;
    let outcome = match &stored {
        None => Recorded::Inserted,
        Some(old) if old.certified && row.certified => {
            if summary(old) != summary(row) {
                return Err(StoreError::Conflict {
                    code: row.code.clone(),
                    stored: summary(old),
                    new: summary(row),
                });
            }
            Recorded::Kept
        }
        Some(old) if old.certified => Recorded::Kept,
        Some(_) if row.certified => Recorded::Replaced,
        Some(old) if row.reached > old.reached => Recorded::Replaced,
        Some(_) => Recorded::Kept,
    };
    if outcome != Recorded::Kept {
        connection.execute(
            &format!("INSERT OR REPLACE INTO misere_atlas ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"),
            params![
                row.code,
                row.aliases.join(" "),
                row.certified,
                to_sql(row.order)?,
                to_sql(row.p_size)?,
                row.preperiod.map(to_sql).transpose()?,
                row.period.map(to_sql).transpose()?,
                to_sql(row.reached)?,
                row.expansions,
                row.presentation,
            ],
        )?;
    }
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(code: &str, certified: bool, reached: u64) -> MisereRow {
        MisereRow {
            code: code.to_string(),
            aliases: vec![format!("{code}0")],
            certified,
            order: 8,
            p_size: 2,
            preperiod: Some(8),
            period: Some(2),
            reached,
            expansions: "1 2 5".into(),
            presentation: "⟨a⟩".into(),
        }
    }

    #[test]
    fn misere_rows_are_kept_once_by_the_recording_rule_and_merge() {
        let dir = tempfile::tempdir().unwrap();
        let store = MisereAtlasStore::open(&dir.path().join("m.sqlite")).unwrap();
        assert_eq!(store.record(&row("0.75", false, 20)).unwrap(), Recorded::Inserted);
        assert_eq!(store.record(&row("0.75", false, 10)).unwrap(), Recorded::Kept);
        assert!(store.is_done("0.75", 20).unwrap() && !store.is_done("0.75", 21).unwrap());
        assert_eq!(store.record(&row("0.75", true, 21)).unwrap(), Recorded::Replaced);
        assert_eq!(store.record(&row("0.75", false, 500)).unwrap(), Recorded::Kept);
        let mut other = row("0.75", true, 40);
        other.order = 10;
        assert!(matches!(store.record(&other), Err(StoreError::Conflict { .. })));
        let shard = MisereAtlasStore::open(&dir.path().join("s.sqlite")).unwrap();
        shard.record(&row("0.75", true, 30)).unwrap();
        shard.record(&row("0.07", false, 30)).unwrap();
        let merged = store.merge_from(&dir.path().join("s.sqlite")).unwrap();
        assert_eq!(merged, MergeReport { read: 2, inserted: 1, replaced: 0, kept: 1 });
        assert_eq!(store.rows().unwrap().len(), 2);
    }
}
