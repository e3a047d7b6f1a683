//! The atlas of octal codes: one row per game, resumable, shardable, mergeable.
//!
//! Rows are kept in a [`CodedStore`] (one row per code, committed on its own, the recording rule
//! of [`crate::coded`]): a certified row is final (a second certified row must agree on the
//! preperiod and period); an open row ("no period up to N") is replaced by a certified row or by
//! an open row with a larger N.
//!
//! [`Shard`] splits any list of codes deterministically (`i/n`, `0 <= i < n`, by a stable hash of
//! the code, the same on every machine and version), and [`CodedStore::merge_from`] combines
//! shard stores into one.

use std::str::FromStr;

use rusqlite::types::Value;
use rusqlite::Row;

use crate::coded::{CodedRow, CodedStore};
use crate::{from_sql, to_sql, StoreError};

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

/// An open atlas store.
pub type AtlasStore = CodedStore<AtlasRow>;

/// A number column.
pub(crate) fn number(n: u64) -> Result<Value, StoreError> {
    Ok(Value::Integer(to_sql(n)?))
}

/// A nullable number column.
pub(crate) fn optional_number(n: Option<u64>) -> Result<Value, StoreError> {
    n.map_or(Ok(Value::Null), number)
}

/// Reads the nullable number of column `i`.
pub(crate) fn read_optional(row: &Row<'_>, column: &str) -> rusqlite::Result<Option<u64>> {
    Ok(row.get::<_, Option<i64>>(column)?.map(from_sql))
}

impl CodedRow for AtlasRow {
    const TABLE: &'static str = "octal_atlas";
    const SCHEMA: &'static str = "
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
    const COLUMNS: &'static [&'static str] = &[
        "code",
        "aliases",
        "certified",
        "preperiod",
        "period",
        "saltus",
        "values_computed",
        "largest_value",
        "rare_values",
        "rare_positions",
    ];

    fn code(&self) -> &str {
        &self.code
    }

    fn certified(&self) -> bool {
        self.certified
    }

    fn reach(&self) -> u64 {
        self.values_computed
    }

    fn certificate(&self) -> String {
        format!("{:?}+{:?}", self.preperiod, self.period)
    }

    fn read(row: &Row<'_>) -> rusqlite::Result<Self> {
        let aliases: String = row.get("aliases")?;
        Ok(AtlasRow {
            code: row.get("code")?,
            aliases: aliases.split_whitespace().map(str::to_string).collect(),
            certified: row.get("certified")?,
            preperiod: read_optional(row, "preperiod")?,
            period: read_optional(row, "period")?,
            saltus: row.get("saltus")?,
            values_computed: from_sql(row.get("values_computed")?),
            largest_value: from_sql(row.get("largest_value")?),
            rare_values: read_optional(row, "rare_values")?,
            rare_positions: read_optional(row, "rare_positions")?,
        })
    }

    fn values(&self) -> Result<Vec<Value>, StoreError> {
        Ok(vec![
            Value::Text(self.code.clone()),
            Value::Text(self.aliases.join(" ")),
            Value::Integer(self.certified.into()),
            optional_number(self.preperiod)?,
            optional_number(self.period)?,
            self.saltus.map_or(Value::Null, Value::Integer),
            number(self.values_computed)?,
            number(self.largest_value)?,
            optional_number(self.rare_values)?,
            optional_number(self.rare_positions)?,
        ])
    }
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
    use crate::coded::{MergeReport, Recorded};

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
