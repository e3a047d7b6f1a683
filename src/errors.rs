//! Errors as the command line says them: one line naming the option to change, an exit status
//! (2 for the user's mistakes, 1 for everything else), and with `--json` one JSON object on
//! standard error.

use nimlab_engine::periodicity::PeriodicityError;
use nimlab_engine::tables::RowError;
use nimlab_engine::TheoryQuestion;
use nimlab_engine::{EngineError, Exhausted, Lang, RulesetInfo, SpecError};
use nimlab_reports::ReportError;
use serde::Serialize;

/// Exit status for a usage error (bad arguments, unknown game, invalid position).
pub const EXIT_USAGE: u8 = 2;
/// Exit status for a runtime failure (budget exceeded, a counterexample found, I/O).
pub const EXIT_FAILURE: u8 = 1;

/// An error in what the user asked for: reported with exit status 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// A failure already explained on standard output (a counterexample): exit status 1.
#[derive(Debug)]
pub struct Failure(pub String);

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Failure {}

/// An error as printed: the message, what kind it is, and the exit status.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ErrorReport {
    /// One line.
    pub error: String,
    /// `usage`, `budget`, `deadline`, `cancelled` or `failure`.
    pub kind: &'static str,
    /// The process's exit status.
    pub exit_status: u8,
}

/// The options of a game, as flags: ` (it takes --max, --set)`.
fn takes(game: &str) -> String {
    match RulesetInfo::find(game) {
        Some(info) if info.params.is_empty() => " (it takes no parameters)".into(),
        Some(info) => {
            let flags: Vec<String> = info.params.iter().map(|p| format!("--{}", p.name)).collect();
            format!(" (it takes {})", flags.join(", "))
        }
        None => String::new(),
    }
}

/// A spec error phrased with flags.
fn spec_message(error: &SpecError) -> String {
    match error {
        SpecError::UnknownParam { game, param, .. } => {
            format!("--{param} does not apply to the game '{game}'{}", takes(game))
        }
        SpecError::MissingParam { game, param, help } => format!("the game '{game}' needs --{param}: {help}"),
        SpecError::Repeated { param } => format!("--{param} is given more than once"),
        SpecError::InvalidValue { param, value, reason, .. } => {
            format!("invalid value '{value}' for --{param}: {reason}")
        }
        other => other.to_string(),
    }
}

/// What ran out, with the option that raises it.
fn exhausted_hint(cause: &Exhausted) -> &'static str {
    match cause {
        Exhausted::Work { .. } | Exhausted::Memory { .. } => "; raise it with --budget N",
        Exhausted::Deadline { .. } => "; raise it with --timeout SECONDS",
        Exhausted::MachineMemory { .. } => "; raise it with --memory SIZE (e.g. --memory 8G)",
        Exhausted::Cancelled | Exhausted::Cycle { .. } => "",
    }
}

fn kind_of(cause: Option<&Exhausted>) -> &'static str {
    match cause {
        Some(Exhausted::Work { .. } | Exhausted::Memory { .. }) => "budget",
        Some(Exhausted::Deadline { .. }) => "deadline",
        Some(Exhausted::Cancelled) => "cancelled",
        Some(Exhausted::Cycle { .. }) => "cycle",
        Some(Exhausted::MachineMemory { .. }) => "memory",
        None => "failure",
    }
}

/// A report error phrased for the command line; `command` is the subcommand's name, for the
/// options it has. With `--lang zh`, an error that has its words in both languages (a request's
/// fault, an invalid position, a limit reached) is said in Chinese.
fn report_message(error: &ReportError, command: &str, lang: Lang) -> String {
    if let (Lang::Zh, Some(words)) = (lang, error.words()) {
        return match error {
            ReportError::Engine(EngineError::Limit(_)) => format!("{}；用 --lines N 提高上限", words.zh),
            _ => words.zh,
        };
    }
    match error {
        ReportError::Engine(EngineError::Spec(spec)) => spec_message(spec),
        ReportError::Engine(EngineError::NoTheory { question, .. }) => match command {
            "solve" | "table" | "p-positions" => format!("{error}; use --method search"),
            "verify" if matches!(question, TheoryQuestion::Play { .. }) => {
                format!("{error} to verify (for its n-player theorems add --players N)")
            }
            _ => error.to_string(),
        },
        ReportError::Periodicity(PeriodicityError::LimitReached { .. }) => {
            format!("{error}; raise it with --limit N")
        }
        ReportError::Periodicity(PeriodicityError::TooManySets { .. }) => {
            format!("{error} (raise it with --max-sets N, or lower --size or --max)")
        }
        ReportError::Engine(EngineError::Limit(_)) => format!("{error}; raise it with --lines N"),
        ReportError::WythoffRows(RowError::NoPeriod { .. }) => format!("{error}; raise it with --limit N"),
        _ => match error.exhausted() {
            Some(cause) => format!("{error}{}", exhausted_hint(cause)),
            None => error.to_string(),
        },
    }
}

/// How the error of the subcommand `command` is reported, in `lang` where the error has its
/// words in it.
pub fn describe(error: &anyhow::Error, command: &str, lang: Lang) -> ErrorReport {
    for cause in error.chain() {
        if let Some(e) = cause.downcast_ref::<ReportError>() {
            let usage = e.is_usage();
            return ErrorReport {
                error: report_message(e, command, lang),
                kind: if usage { "usage" } else { kind_of(e.exhausted()) },
                exit_status: if usage { EXIT_USAGE } else { EXIT_FAILURE },
            };
        }
        if let Some(e) = cause.downcast_ref::<EngineError>() {
            return describe(&anyhow::Error::new(ReportError::Engine(e.clone())), command, lang);
        }
        if let Some(e) = cause.downcast_ref::<SpecError>() {
            return ErrorReport { error: spec_message(e), kind: "usage", exit_status: EXIT_USAGE };
        }
        if let Some(e) = cause.downcast_ref::<UsageError>() {
            return ErrorReport { error: e.0.clone(), kind: "usage", exit_status: EXIT_USAGE };
        }
        if let Some(stopped) = written_until(cause) {
            return ErrorReport {
                error: format!(
                    "the answer was stopped while it was being written (what was written is incomplete): {stopped}{}",
                    exhausted_hint(stopped)
                ),
                kind: kind_of(Some(stopped)),
                exit_status: EXIT_FAILURE,
            };
        }
    }
    let mut message = error.to_string();
    for cause in error.chain().skip(1) {
        message.push_str(": ");
        message.push_str(&cause.to_string());
    }
    ErrorReport { error: message, kind: "failure", exit_status: EXIT_FAILURE }
}

/// The deadline or cancellation that stopped writing an answer to standard output, if that is
/// what this error is.
fn written_until<'a>(cause: &'a (dyn std::error::Error + 'static)) -> Option<&'a Exhausted> {
    cause.downcast_ref::<std::io::Error>()?.get_ref()?.downcast_ref::<Exhausted>()
}

/// True when the error is a closed pipe on standard output (the reader went away): quiet.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|c| {
        c.downcast_ref::<std::io::Error>().is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
