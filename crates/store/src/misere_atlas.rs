//! The misère atlas of take-and-break codes: one row per game, resumable, shardable, mergeable
//! (a [`CodedStore`] like [`crate::atlas`], in its own table of the same kind of store file).
//!
//! A row holds the misère quotient's status: certified (the quotient of all heaps: `|Q|`,
//! `|P|`, `Φ`'s preperiod and period, the presentation) or partial (`Q_n` of the heaps up to
//! `reached`, where the heap bound or the code's budget stopped it). Recording rule: a certified
//! row is final (a second certified row must agree on `|Q|`, `|P|`, preperiod and period, else
//! [`StoreError::Conflict`]); a partial row is replaced by a certified one or by a partial one
//! that reached a larger heap.

use rusqlite::types::Value;
use rusqlite::Row;

use crate::atlas::{number, optional_number, read_optional};
use crate::coded::{CodedRow, CodedStore};
use crate::{from_sql, StoreError};

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
pub type MisereAtlasStore = CodedStore<MisereRow>;

impl CodedRow for MisereRow {
    const TABLE: &'static str = "misere_atlas";
    const SCHEMA: &'static str = "
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
    const COLUMNS: &'static [&'static str] = &[
        "code",
        "aliases",
        "certified",
        "quotient_order",
        "p_size",
        "preperiod",
        "period",
        "reached",
        "expansions",
        "presentation",
    ];

    fn code(&self) -> &str {
        &self.code
    }

    fn certified(&self) -> bool {
        self.certified
    }

    fn reach(&self) -> u64 {
        self.reached
    }

    fn certificate(&self) -> String {
        format!("|Q|={} |P|={} Φ {:?}+{:?}", self.order, self.p_size, self.preperiod, self.period)
    }

    fn read(row: &Row<'_>) -> rusqlite::Result<Self> {
        let aliases: String = row.get("aliases")?;
        Ok(MisereRow {
            code: row.get("code")?,
            aliases: aliases.split_whitespace().map(str::to_string).collect(),
            certified: row.get("certified")?,
            order: from_sql(row.get("quotient_order")?),
            p_size: from_sql(row.get("p_size")?),
            preperiod: read_optional(row, "preperiod")?,
            period: read_optional(row, "period")?,
            reached: from_sql(row.get("reached")?),
            expansions: row.get("expansions")?,
            presentation: row.get("presentation")?,
        })
    }

    fn values(&self) -> Result<Vec<Value>, StoreError> {
        Ok(vec![
            Value::Text(self.code.clone()),
            Value::Text(self.aliases.join(" ")),
            Value::Integer(self.certified.into()),
            number(self.order)?,
            number(self.p_size)?,
            optional_number(self.preperiod)?,
            optional_number(self.period)?,
            number(self.reached)?,
            Value::Text(self.expansions.clone()),
            Value::Text(self.presentation.clone()),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coded::{MergeReport, Recorded};

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
