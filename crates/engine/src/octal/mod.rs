//! Octal and take-and-break games: Kayles (`0.77`), Dawson's Kayles (`0.07`), Dawson's chess
//! (`0.137`), any code `d0.d1d2...dk` (hexadecimal too), and Grundy's game.
//!
//! * [`code`] — [`OctalCode`]: Winning Ways' notation, parsed and printed (round-trip), with
//!   errors naming the bad digit; `0x` asks for hexadecimal.
//! * [`game`] — [`OctalGame`] and [`GrundyGame`] as [`crate::Game`]s on sums of heaps (sorted
//!   `Vec<u64>`), for the generic search, and [`HeapMove`] with its text in words.
//! * [`sequence`] — [`Sequence`]: the exact Grundy sequence of one heap, streamed in chunks,
//!   2 bytes per value, by the direct or the sparse-space (rare/common) method, chosen and
//!   revised automatically.
//! * [`period`] — [`analyze`]: the minimal preperiod and period certified by the Guy–Smith
//!   periodicity theorem (generalized to three-heap moves), stopping as soon as the certificate
//!   holds, or an honest "no period up to N" with what was observed.
//! * [`atlas`] — patterns of codes (`0.??`, `0.[1-3]7`), codes that are the same game, and
//!   every code's status computed in parallel.
//!
//! Everything is exact integer arithmetic; nothing here prints or touches files.

pub(crate) mod atlas;
pub(crate) mod code;
pub(crate) mod game;
mod kernels;
pub(crate) mod period;
pub(crate) mod sequence;

pub(crate) use atlas::run_games;
pub use atlas::{
    expand_pattern, group_codes, run_atlas, AtlasEntry, AtlasError, AtlasRunError, AtlasStop, CodeGroup,
    Equivalence, Finished, PatternFault,
};
pub use code::OctalCode;
pub(crate) use game::{describe_heap_move, describe_row_move};
pub use game::{GrundyGame, HeapMove, OctalGame};
pub use period::{
    analyze, analyze_from, analyze_with, Certificate, CertifiedPeriod, GameRules, Observed, PeriodOutcome,
};
pub(crate) use period::{work_units, OPERATIONS_PER_UNIT};
pub(crate) use sequence::MAX_VALUES;
pub use sequence::{
    ActiveMethod, Sequence, SequenceError, SequenceMethod, SequenceStats, Threads, Values, ValuesView,
};
