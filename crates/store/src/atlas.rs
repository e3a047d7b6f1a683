//! The atlas of octal codes: one row per game, resumable, shardable, mergeable.
//!
//! A row is keyed by the game's code (the representative of its aliases, e.g. `0.07`), with a
//! primary key, so a code is stored at most once whatever the pattern or limit that produced it.
//! Each row is committed on its own in WAL mode (a process killed at any point, even by
//! `kill -9`, loses at most the row being written) and [`AtlasStore::is_done`] tells a resumed
//! run what to skip.
//!
//! Recording follows one rule, so runs, resumed runs and merged shards agree: a certified row
//! is final (a second certified row must agree, or the store reports a [`StoreError::Conflict`]);
//! an open row ("no period up to N") is replaced by a certified row or by an open row with a
//! larger N.
//!
//! [`Shard`] splits any list of codes deterministically (`i/n`, `0 <= i < n`, by a stable hash of
//! the code, the same on every machine and version), and [`AtlasStore::merge_from`] combines
//! shard stores into one.

use std::path::Path;
use std::str::FromStr;
use std::sync::{Mutex, MutexGuard};

use rusqlite::{params, Connection, OpenFlags, OptionalExtension, Row};

use crate::{from_sql, lock, open_connection, to_sql, StoreError};

/// One game of the atlas.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AtlasRow {
    /// The game's code, e.g. `0.07`.
    pub code: String,
    /// The codes of the pattern that are the same game, with how (`0.070=same-game`).
    pub aliases: Vec<String>,
    /// True when the period is certified; false for "no period up to `values_computed`".
    pub certified: bool,
    /// The minimal preperiod: certified, or observed when open (`None`: nothing observed).
    pub preperiod: Option<u64>,
    /// The minimal period, likewise.
    pub period: Option<u64>,
    /// The observed saltus of an open row (0 for plain periodicity); `None` when certified or
    /// nothing observed.
    pub saltus: Option<i64>,
    /// Values computed.
    pub values_computed: u64,
    /// The largest value computed.
    pub largest_value: u64,
    /// Rare values of the sparse split, if it was in use.
    pub rare_values: Option<u64>,
    /// Heaps with a rare value, if the split was in use.
    pub rare_positions: Option<u64>,
}

/// What [`AtlasStore::record`] did.
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

/// An open atlas store. It may be shared between threads (rows recorded from a parallel
/// atlas's workers); the connection is behind a lock.
#[derive(Debug)]
pub struct AtlasStore {
    connection: Mutex<Connection>,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS octal_atlas (
    code TEXT PRIMARY KEY,
    aliases TEXT NOT NULL,
    certified INTEGER NOT NULL,
    preperiod INTEGER,
    period INTEGER,
    saltus INTEGER,
    values_computed INTEGER NOT NULL,
    largest_value INTEGER NOT NULL,
    rare_values INTEGER,
    rare_positions INTEGER
) WITHOUT ROWID;
";

const COLUMNS: &str =
    "code, aliases, certified, preperiod, period, saltus, values_computed, largest_value, rare_values, rare_positions";

fn optional_to_sql(n: Option<u64>) -> Result<Option<i64>, StoreError> {
    n.map(to_sql).transpose()
}

fn read_row(row: &Row<'_>) -> rusqlite::Result<AtlasRow> {
    let aliases: String = row.get(1)?;
    let optional =
        |i: usize| -> rusqlite::Result<Option<u64>> { Ok(row.get::<_, Option<i64>>(i)?.map(from_sql)) };
    Ok(AtlasRow {
        code: row.get(0)?,
        aliases: aliases.split_whitespace().map(str::to_string).collect(),
        certified: row.get(2)?,
        preperiod: optional(3)?,
        period: optional(4)?,
        saltus: row.get(5)?,
        values_computed: from_sql(row.get(6)?),
        largest_value: from_sql(row.get(7)?),
        rare_values: optional(8)?,
        rare_positions: optional(9)?,
    })
}

impl AtlasStore {
    /// Opens (creating if needed) the atlas store at `path`, in WAL mode.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] when the file cannot be opened or is not a nimlab store.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        Ok(AtlasStore { connection: Mutex::new(open_connection(path, SCHEMA)?) })
    }

    fn connection(&self) -> MutexGuard<'_, Connection> {
        lock(&self.connection)
    }

    /// The stored row of `code`.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn get(&self, code: &str) -> Result<Option<AtlasRow>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM octal_atlas WHERE code = ?1");
        Ok(self.connection().query_row(&sql, params![code], read_row).optional()?)
    }

    /// True when `code` needs no more work for a run of `upto` values: it is certified, or
    /// open with at least `upto` values computed.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`].
    pub fn is_done(&self, code: &str, upto: u64) -> Result<bool, StoreError> {
        Ok(self.get(code)?.is_some_and(|row| row.certified || row.values_computed >= upto))
    }

    /// Records `row` by the rule of the module doc, committed at once.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when a certified row disagrees with the stored certified row;
    /// [`StoreError::Sqlite`], [`StoreError::TooLarge`].
    pub fn record(&self, row: &AtlasRow) -> Result<Recorded, StoreError> {
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
    pub fn rows(&self) -> Result<Vec<AtlasRow>, StoreError> {
        let connection = self.connection();
        let mut statement =
            connection.prepare(&format!("SELECT {COLUMNS} FROM octal_atlas ORDER BY code"))?;
        let rows = statement.query_map([], read_row)?.collect::<Result<_, _>>()?;
        Ok(rows)
    }

    /// Adds every row of the store at `other` (a shard) by the recording rule, in one
    /// transaction. Merging the same shard twice changes nothing.
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] (e.g. `other` is not an atlas store), [`StoreError::Conflict`].
    pub fn merge_from(&self, other: &Path) -> Result<MergeReport, StoreError> {
        let source = Connection::open_with_flags(other, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        source.busy_timeout(std::time::Duration::from_secs(10))?;
        let mut statement = source.prepare(&format!("SELECT {COLUMNS} FROM octal_atlas ORDER BY code"))?;
        let rows: Vec<AtlasRow> = statement.query_map([], read_row)?.collect::<Result<_, _>>()?;
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

/// The recording rule inside an open transaction.
fn record_in(connection: &Connection, row: &AtlasRow) -> Result<Recorded, StoreError> {
    let stored = connection
        .query_row(&format!("SELECT {COLUMNS} FROM octal_atlas WHERE code = ?1"), params![row.code], read_row)
        .optional()?;
    let outcome = match &stored {
        None => Recorded::Inserted,
        Some(old) if old.certified && row.certified => {
            if (old.preperiod, old.period) != (row.preperiod, row.period) {
                return Err(StoreError::Conflict {
                    code: row.code.clone(),
                    stored: format!("{:?}+{:?}", old.preperiod, old.period),
                    new: format!("{:?}+{:?}", row.preperiod, row.period),
                });
            }
            Recorded::Kept
        }
        Some(old) if old.certified => Recorded::Kept,
        Some(_) if row.certified => Recorded::Replaced,
        Some(old) if row.values_computed > old.values_computed => Recorded::Replaced,
        Some(_) => Recorded::Kept,
    };
    if outcome != Recorded::Kept {
        connection.execute(
            &format!("INSERT OR REPLACE INTO octal_atlas ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"),
            params![
                row.code,
                row.aliases.join(" "),
                row.certified,
                optional_to_sql(row.preperiod)?,
                optional_to_sql(row.period)?,
                row.saltus,
                to_sql(row.values_computed)?,
                to_sql(row.largest_value)?,
                optional_to_sql(row.rare_values)?,
                optional_to_sql(row.rare_positions)?,
            ],
        )?;
    }
    Ok(outcome)
}

/// Shard `index` of `count` (`0 <= index < count`), written `index/count` — the form of an array
/// job's task id (`--array=0-3` under Slurm, a Kubernetes indexed Job's completion index).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// This shard, from 0.
    pub index: u32,
    /// How many shards.
    pub count: u32,
}

impl Shard {
    /// True when `key` (a code) belongs to this shard: FNV-1a (64-bit) of its text, modulo
    /// `count`. Stable across machines and versions; every key belongs to exactly one shard.
    pub fn owns(&self, key: &str) -> bool {
        let hash = key
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
        hash % u64::from(self.count) == u64::from(self.index)
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let bad = || format!("shard `{text}`: write i/n with 0 <= i < n, e.g. 0/4 (the first of four)");
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let index: u32 = index.trim().parse().map_err(|_| bad())?;
        let count: u32 = count.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(code: &str, certified: bool, values: u64) -> AtlasRow {
        AtlasRow {
            code: code.to_string(),
            aliases: vec![format!("{code}0=same-game")],
            certified,
            preperiod: certified.then_some(53),
            period: certified.then_some(34),
            saltus: None,
            values_computed: values,
            largest_value: 9,
            rare_values: Some(3),
            rare_positions: None,
        }
    }

    #[test]
    fn the_recording_rule_keeps_the_best_row_once() {
        let dir = tempfile::tempdir().unwrap();
        let store = AtlasStore::open(&dir.path().join("a.sqlite")).unwrap();
        assert_eq!(store.record(&row("0.6", false, 1000)).unwrap(), Recorded::Inserted);
        assert_eq!(store.record(&row("0.6", false, 500)).unwrap(), Recorded::Kept);
        assert_eq!(store.record(&row("0.6", false, 2000)).unwrap(), Recorded::Replaced);
        assert!(store.is_done("0.6", 2000).unwrap() && !store.is_done("0.6", 2001).unwrap());
        assert_eq!(store.record(&row("0.6", true, 100)).unwrap(), Recorded::Replaced);
        assert_eq!(store.record(&row("0.6", false, 10_000)).unwrap(), Recorded::Kept);
        assert_eq!(store.record(&row("0.6", true, 900)).unwrap(), Recorded::Kept);
        let mut other = row("0.6", true, 100);
        other.period = Some(35);
        assert!(matches!(store.record(&other), Err(StoreError::Conflict { .. })));
        assert!(store.is_done("0.6", u64::MAX).unwrap());
        assert_eq!(store.rows().unwrap(), [row("0.6", true, 100)]);
        assert_eq!(store.get("0.7").unwrap(), None);
    }

    #[test]
    fn merging_shards_is_idempotent() {
        let dir = tempfile::tempdir().unwrap();
        let shard = AtlasStore::open(&dir.path().join("s.sqlite")).unwrap();
        shard.record(&row("0.07", true, 176)).unwrap();
        shard.record(&row("0.6", false, 1000)).unwrap();
        let main = AtlasStore::open(&dir.path().join("m.sqlite")).unwrap();
        main.record(&row("0.6", false, 5000)).unwrap();
        let first = main.merge_from(&dir.path().join("s.sqlite")).unwrap();
        assert_eq!(first, MergeReport { read: 2, inserted: 1, replaced: 0, kept: 1 });
        let again = main.merge_from(&dir.path().join("s.sqlite")).unwrap();
        assert_eq!(again, MergeReport { read: 2, inserted: 0, replaced: 0, kept: 2 });
        assert_eq!(main.rows().unwrap().len(), 2);
        assert!(main.merge_from(&dir.path().join("missing.sqlite")).is_err());
    }

    #[test]
    fn shards_partition_any_list() {
        let shards: Vec<Shard> = (0..4).map(|i| format!("{i}/4").parse().unwrap()).collect();
        for code in ["0.07", "0.77", "0.137", "4.007", "0x0.8", ""] {
            assert_eq!(shards.iter().filter(|s| s.owns(code)).count(), 1, "{code}");
        }
        // Stable: FNV-1a of "0.07" is 2 modulo 4, on every machine and version.
        assert!(shards[2].owns("0.07"));
        assert!(Shard { index: 0, count: 1 }.owns("0.07"));
        for bad in ["4/4", "1/0", "a/2", "3", "-1/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
