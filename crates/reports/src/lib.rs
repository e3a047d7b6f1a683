//! nimlab's commands as functions: each takes a validated request and a [`Budget`] and returns a
//! typed report (a serde `Serialize` struct whose field names are nimlab's JSON contract,
//! `docs/json.md`). The command line renders these reports as text, JSON or CSV; the web
//! playground and the Python module call the same functions and serialize the same reports, so
//! no surface re-parses another's output.
//!
//! Requests hold engine types that were validated at the edge ([`GameSpec`], positions as
//! [`BigUint`]s); errors are [`ReportError`]s that name what is wrong in the engine's terms,
//! which each surface phrases for its users (a flag on the command line, a key in the web API).

#[cfg(feature = "store")]
pub mod atlas;
#[cfg(feature = "store")]
mod atlas_run;
pub mod census;
pub mod checkpoint;
pub mod emit;
pub mod error;
pub mod explore;
pub mod games;
pub mod grid;
pub mod layout;
pub mod loopy;
pub mod memory;
#[cfg(feature = "store")]
pub mod misere_atlas;
pub mod nimber;
pub mod p_positions;
pub mod period;
pub mod play;
#[cfg(feature = "pictures")]
pub mod plot;
pub mod position;
pub mod prove;
pub mod quotient;
pub mod rectangles;
pub mod request;
pub mod search;
#[cfg(feature = "store")]
pub mod shards;
pub mod solve;
pub mod strategy;
#[cfg(feature = "store")]
pub mod sweep;
pub mod table;
pub mod verify;

pub use error::{CommandError, ReportError};
pub use nimlab_engine::{BigUint, Budget, GameSpec, Method, Play};
pub use position::Position;

/// How many winning moves a report lists unless asked for all of them.
pub const DEFAULT_MAX_MOVES: usize = 20;
