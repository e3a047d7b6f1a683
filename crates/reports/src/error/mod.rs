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
        /// What could not be done.
        action: FileAction,
        /// What the system says (its own message, in its own language).
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

    /// The error's words in both languages, from its data (the English is its `Display`): every
    /// kind has them, so that a surface says any error in the question's language. A message
    /// from outside nimlab (the system's, SQLite's, the drawing library's) is quoted as it is in
    /// both.
    pub fn words(&self) -> Words {
        match self {
            ReportError::Engine(e) => e.words(),
            ReportError::Periodicity(e) => e.words(),
            ReportError::Prove(e) => e.words(),
            #[cfg(feature = "store")]
            ReportError::Store(e) => store_words(e),
            ReportError::Table(e) => e.words(),
            ReportError::WythoffRows(e) => e.words(),
            ReportError::Invalid(e) => e.words(),
            ReportError::Checkpoint { path, action, cause } => {
                let zh = match action {
                    FileAction::Open => "打开",
                    FileAction::Read => "读取",
                    FileAction::Write => "写入",
                };
                Words {
                    en: self.to_string(), zh: format!("检查点文件“{path}”：无法{zh}：{cause}")
                }
            }
            #[cfg(feature = "pictures")]
            ReportError::Draw(e) => {
                Words { en: e.to_string(), zh: format!("无法绘制图片：{}", e.cause()) }
            }
        }
    }

    /// True when the engine has no closed form for what was asked (a surface may suggest
    /// the search).
    pub fn is_no_theory(&self) -> bool {
        matches!(self, ReportError::Engine(EngineError::NoTheory { .. }))
    }
}

/// What could not be done to a file ([`ReportError::Checkpoint`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum FileAction {
    /// Open (or create) it.
    #[error("open it")]
    Open,
    /// Read it.
    #[error("read it")]
    Read,
    /// Write it.
    #[error("write it")]
    Write,
}

/// A store's failure in both languages (SQLite's own message quoted as it is).
#[cfg(feature = "store")]
fn store_words(error: &StoreError) -> Words {
    let zh = match error {
        StoreError::Sqlite(e) => format!("扫描数据库：{e}"),
        StoreError::TooLarge(n) => format!("扫描数据库：数 {n} 太大，无法存储（上限是 2^63 - 1）"),
        StoreError::Conflict { code, stored, new } => {
            format!("图谱数据库：代码 {code} 存为已证明的 {stored}，新的结果却是 {new}")
        }
        StoreError::UnknownSweep(sweep) => {
            format!("扫描数据库：没有 {sweep} 的结果；请先用 --db 运行这次扫描")
        }
    };
    Words { en: error.to_string(), zh }
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

#[cfg(test)]
mod tests {
    use super::*;
    use nimlab_engine::large_nim::ProofStage;
    use nimlab_engine::{LimitReached, RequestError, Task};

    /// Both languages from the error's data, naming every value of `data`, and the English
    /// the error's own `Display`.
    fn check(error: &ReportError, data: &[String]) {
        let data: Vec<&str> = data.iter().map(String::as_str).collect();
        command::tests::check_words(&format!("{error:?}"), &error.words(), &data);
        assert_eq!(error.to_string(), error.words().en, "{error:?}");
    }

    /// Where a report error stands; a new kind must be added here (the match is exhaustive)
    /// and given a sample in the test below, so that it cannot lack its Chinese.
    fn slot(error: &ReportError) -> usize {
        match error {
            ReportError::Engine(_) => 0,
            ReportError::Periodicity(_) => 1,
            ReportError::Prove(ProveError::TooFewPlayers(_)) => 2,
            ReportError::Prove(ProveError::Stopped { .. }) => 3,
            #[cfg(feature = "store")]
            ReportError::Store(_) => 4,
            ReportError::Table(TableError::InvalidRequest(_)) => 5,
            ReportError::Table(TableError::Exhausted { .. }) => 6,
            ReportError::Table(TableError::Engine(_)) => 7,
            ReportError::WythoffRows(RowError::NoPeriod { .. }) => 8,
            ReportError::WythoffRows(RowError::Exhausted { .. }) => 9,
            ReportError::Invalid(_) => 10,
            ReportError::Checkpoint { .. } => 11,
            #[cfg(feature = "pictures")]
            ReportError::Draw(_) => 12,
        }
    }

    #[test]
    fn every_report_error_kind_has_its_words_in_both_languages() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let work = || Exhausted::Work { limit: 500 };
        let mut samples: Vec<(ReportError, Vec<String>)> = vec![
            (ReportError::Engine(EngineError::Limit(LimitReached::PlanLines { limit: 9 })), s(&["9"])),
            (
                ReportError::Periodicity(PeriodicityError::TooManySets { sets: 70, budget: 50 }),
                s(&["70", "50"]),
            ),
            (ReportError::Prove(ProveError::TooFewPlayers(1)), s(&["1"])),
            (ReportError::Table(TableError::InvalidRequest(RequestError::NoHeaps)), vec![]),
            (
                ReportError::Table(TableError::Exhausted {
                    task: Box::new(Task::GridRow { row: 12 }),
                    cause: work(),
                }),
                s(&["12", "500"]),
            ),
            (
                ReportError::Table(TableError::Engine(EngineError::Internal { what: "a check".into() })),
                s(&["a check"]),
            ),
            (ReportError::WythoffRows(RowError::NoPeriod { row: 7, columns: 4000 }), s(&["7", "4000"])),
            (
                ReportError::WythoffRows(RowError::Exhausted { row: 7, column: 300, cause: work() }),
                s(&["7", "300", "500"]),
            ),
            (ReportError::Invalid(CommandError::NoStoredRows { family: "2,c".into() }), s(&["2,c"])),
        ];
        for what in [
            ProofStage::OrderPatterns,
            ProofStage::Classes,
            ProofStage::Profiles,
            ProofStage::Check,
            ProofStage::Formula,
        ] {
            let error = ReportError::Prove(ProveError::Stopped { heaps: 12, what, cause: work() });
            samples.push((error, s(&["12", "500"])));
        }
        for action in [FileAction::Open, FileAction::Read, FileAction::Write] {
            let cause = std::io::Error::other("disk on fire");
            let error = ReportError::Checkpoint { path: "/tmp/x.ckpt".into(), action, cause };
            samples.push((error, s(&["/tmp/x.ckpt", "disk on fire"])));
        }
        #[cfg(feature = "store")]
        {
            let sqlite =
                nimlab_store::SweepStore::open(std::path::Path::new("/nonexistent/dir/x.db")).err().unwrap();
            let message = match &sqlite {
                StoreError::Sqlite(e) => e.to_string(),
                other => panic!("{other:?}"),
            };
            samples.push((ReportError::Store(sqlite), vec![message]));
            samples.push((ReportError::Store(StoreError::TooLarge(u64::MAX)), s(&["18446744073709551615"])));
            samples.push((
                ReportError::Store(StoreError::Conflict {
                    code: "0.07".into(),
                    stored: "(53, 34)".into(),
                    new: "(1, 2)".into(),
                }),
                s(&["0.07", "(53, 34)", "(1, 2)"]),
            ));
            samples.push((ReportError::Store(StoreError::UnknownSweep("sub 2,c".into())), s(&["sub 2,c"])));
        }
        #[cfg(feature = "pictures")]
        {
            let draw = crate::plot::drawing_error::<std::io::Error>(
                plotters::drawing::DrawingAreaErrorKind::LayoutError,
            );
            let message = draw.cause().to_string();
            samples.push((ReportError::Draw(draw), vec![message]));
        }
        let mut slots: Vec<usize> = samples.iter().map(|(e, _)| slot(e)).collect();
        slots.sort_unstable();
        slots.dedup();
        let mut expected: Vec<usize> = (0..=11).collect();
        if !cfg!(feature = "store") {
            expected.retain(|&k| k != 4);
        }
        if cfg!(feature = "pictures") {
            expected.push(12);
        }
        assert_eq!(slots, expected, "a sample of every kind");
        for (error, data) in &samples {
            check(error, data);
        }
    }
}
