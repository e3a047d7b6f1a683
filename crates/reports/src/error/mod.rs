//! [`ReportError`]: every way a report can fail, in the engine's terms.

use nimlab_engine::large_nim::ProveError;
use nimlab_engine::periodicity::PeriodicityError;
use nimlab_engine::tables::{RowError, TableError};
use nimlab_engine::{EngineError, Exhausted};
use nimlab_engine::{ErrorDetail, Words};
#[cfg(feature = "store")]
use nimlab_store::StoreError;
use thiserror::Error;

mod command;

pub use command::CommandError;

/// Why a report could not be made.
#[derive(Debug, Error)]
pub enum ReportError {
    /// The engine refused or could not finish.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// A periodicity computation failed.
    #[error(transparent)]
    Periodicity(#[from] PeriodicityError),
    /// A proof could not be made.
    #[error(transparent)]
    Prove(#[from] ProveError),
    /// The sweep store failed.
    #[cfg(feature = "store")]
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A table could not be produced (its memory or work beyond the budget, a deadline, a
    /// request the game cannot answer); engine errors inside it become [`ReportError::Engine`].
    #[error(transparent)]
    Table(TableError),
    /// The rows of Wythoff's game could not be swept.
    #[error(transparent)]
    WythoffRows(#[from] RowError),
    /// The request is invalid in a way only the command sees (a range, a count, a template), as
    /// data.
    #[error("{0}")]
    Invalid(CommandError),
    /// A checkpoint file cannot be read or written (a runtime failure: the disk, permissions).
    #[error("checkpoint '{path}': cannot {action}: {cause}")]
    Checkpoint {
        /// The file.
        path: String,
        /// What could not be done: "open it", "read it", "write it".
        action: &'static str,
        /// What the system says.
        cause: std::io::Error,
    },
    /// A picture could not be drawn or encoded (a runtime failure).
    #[cfg(feature = "pictures")]
    #[error(transparent)]
    Draw(#[from] crate::plot::DrawError),
}

impl ReportError {
    /// True when the error is the caller's fault (exit status 2, HTTP 400), as opposed to a
    /// computation that could not be completed or failed (exit status 1, HTTP 422/500).
    pub fn is_usage(&self) -> bool {
        match self {
            ReportError::Engine(e) => e.is_usage(),
            ReportError::Periodicity(e) => matches!(
                e,
                PeriodicityError::EmptySet
                    | PeriodicityError::ZeroInSet
                    | PeriodicityError::SizeOutOfRange { .. }
                    | PeriodicityError::ZeroPeriod
            ),
            ReportError::Prove(e) => matches!(e, ProveError::TooFewPlayers(_)),
            ReportError::WythoffRows(_) | ReportError::Checkpoint { .. } => false,
            #[cfg(feature = "store")]
            ReportError::Store(_) => false,
            #[cfg(feature = "pictures")]
            ReportError::Draw(_) => false,
            ReportError::Table(e) => e.is_usage(),
            ReportError::Invalid(_) => true,
        }
    }

    /// What ran out, when the budget, the deadline or a cancellation stopped the work.
    pub fn exhausted(&self) -> Option<&Exhausted> {
        match self {
            ReportError::Engine(e) => e.exhausted(),
            ReportError::Periodicity(PeriodicityError::Exhausted(e)) => Some(e),
            ReportError::Prove(ProveError::Stopped { cause, .. }) => Some(cause),
            ReportError::Table(e) => e.exhausted(),
            ReportError::WythoffRows(e) => e.exhausted(),
            _ => None,
        }
    }

    /// The error as data (its kind and what it names) when the caller caused it, or a limit
    /// was reached.
    pub fn detail(&self) -> Option<ErrorDetail> {
        match self {
            ReportError::Engine(e) => e.detail(),
            ReportError::Table(TableError::InvalidRequest(e)) => Some(e.detail()),
            ReportError::Invalid(e) => {
                Some(ErrorDetail::InvalidRequest { fault: e.code(), reason: e.words() })
            }
            _ => None,
        }
    }

    /// The words of a request's fault, an invalid position or a limit reached, in both
    /// languages, from the error's data (`None` for the kinds surfaces word from their kind:
    /// what ran out, a specification error, a runtime failure).
    pub fn words(&self) -> Option<Words> {
        match self {
            ReportError::Engine(e) => e.words(),
            ReportError::Table(TableError::InvalidRequest(e)) => Some(e.words()),
            ReportError::Invalid(e) => Some(e.words()),
            ReportError::Periodicity(e) => e.words(),
            _ => None,
        }
    }

    /// True when the engine has no closed form for what was asked (a surface may suggest
    /// the search).
    pub fn is_no_theory(&self) -> bool {
        matches!(self, ReportError::Engine(EngineError::NoTheory { .. }))
    }
}

impl From<TableError> for ReportError {
    fn from(error: TableError) -> Self {
        match error {
            TableError::Engine(e) => ReportError::Engine(e),
            other => ReportError::Table(other),
        }
    }
}

/// `Err(ReportError::Invalid(error))`.
pub(crate) fn invalid<T>(error: CommandError) -> Result<T, ReportError> {
    Err(ReportError::Invalid(error))
}

impl From<CommandError> for ReportError {
    fn from(error: CommandError) -> Self {
        ReportError::Invalid(error)
    }
}
