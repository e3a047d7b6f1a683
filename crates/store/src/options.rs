//! The values of a position's options, one row per option: what `solve --db FILE --shard I/N`
//! records, so that a big position is solved as independent pieces on many machines (each
//! option's value computed once, by the shard that owns it), resumed after a kill, and merged.
//!
//! A row is keyed by a text naming the game, the position and the option (the caller's), so one
//! store can hold several positions; rows follow [`crate::coded`]'s rule: each committed on its
//! own, and two rows of one key must state the same value.

use rusqlite::types::Value;
use rusqlite::Row;

use crate::atlas::number;
use crate::coded::{CodedRow, CodedStore};
use crate::{from_sql, StoreError};

/// The value of one option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionRow {
    /// The game, the position and the option, as one text.
    pub key: String,
    /// The option's Grundy value.
    pub value: u64,
}

/// An open store of options' values.
pub type OptionStore = CodedStore<OptionRow>;

impl CodedRow for OptionRow {
    const TABLE: &'static str = "option_values";
    const SCHEMA: &'static str =
        "CREATE TABLE IF NOT EXISTS option_values (code TEXT PRIMARY KEY, value INTEGER NOT NULL)";
    const COLUMNS: &'static [&'static str] = &["code", "value"];

    fn code(&self) -> &str {
        &self.key
    }

    /// A value, once computed, is final.
    fn certified(&self) -> bool {
        true
    }

    fn reach(&self) -> u64 {
        0
    }

    fn certificate(&self) -> String {
        self.value.to_string()
    }

    fn read(row: &Row<'_>) -> rusqlite::Result<Self> {
        Ok(OptionRow { key: row.get("code")?, value: from_sql(row.get("value")?) })
    }

    fn values(&self) -> Result<Vec<Value>, StoreError> {
        Ok(vec![Value::Text(self.key.clone()), number(self.value)?])
    }
}
