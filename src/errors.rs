//! Errors as the command line says them: one line naming the option to change, an exit status
//! (2 for the user's mistakes, 1 for everything else), and with `--json` one JSON object on
//! standard error.

use nimlab_engine::periodicity::PeriodicityError;
use nimlab_engine::tables::RowError;
use nimlab_engine::TheoryQuestion;
use nimlab_engine::{EngineError, Exhausted, Lang, RulesetInfo, SpecError, Words};
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

/// The options of a game, as flags: ` (it takes --max, --set)`, in both languages.
fn takes(game: &str) -> Words {
    match RulesetInfo::find(game) {
        Some(info) if info.params.is_empty() => {
            Words { en: " (it takes no parameters)".into(), zh: "（它没有参数）".into() }
        }
        Some(info) => {
            let flags: Vec<String> = info.params.iter().map(|p| format!("--{}", p.name)).collect();
            let flags = flags.join(", ");
            Words { en: format!(" (it takes {flags})"), zh: format!("（它的参数：{flags}）") }
        }
        None => Words { en: String::new(), zh: String::new() },
    }
}

/// A spec error phrased with flags, in both languages (the rest as the engine words it).
fn spec_words(error: &SpecError) -> Words {
    match error {
        SpecError::UnknownParam { game, param, .. } => {
            let takes = takes(game);
            Words {
                en: format!("--{param} does not apply to the game '{game}'{}", takes.en),
                zh: format!("--{param} 不适用于游戏“{game}”{}", takes.zh),
            }
        }
        SpecError::MissingParam { game, param, help } => {
            // The parameter's help in Chinese is the declaration's, when it has one.
            let help_zh = RulesetInfo::find(game)
                .and_then(|info| info.zh.params.iter().find(|p| p.name == param.as_str()))
                .map_or(String::new(), |p| format!("：{}", p.help));
            Words {
                en: format!("the game '{game}' needs --{param}: {help}"),
                zh: format!("游戏“{game}”需要 --{param}{help_zh}"),
            }
        }
        SpecError::Repeated { param } => Words {
            en: format!("--{param} is given more than once"),
            zh: format!("--{param} 给了不止一次"),
        },
        SpecError::InvalidValue { param, value, why } => {
            let why = why.words();
            Words {
                en: format!("invalid value '{value}' for --{param}: {}", why.en),
                zh: format!("“{value}”不是 --{param} 的有效值：{}", why.zh),
            }
        }
        other => other.words(),
    }
}

/// What ran out, with the option that raises it, in both languages.
fn exhausted_hint(cause: &Exhausted) -> Words {
    let (en, zh) = match cause {
        Exhausted::Work { .. } | Exhausted::Memory { .. } => {
            ("; raise it with --budget N", "；用 --budget N 提高上限")
        }
        Exhausted::Deadline { .. } => {
            ("; raise it with --timeout SECONDS", "；用 --timeout SECONDS 延长时限")
        }
        Exhausted::MachineMemory { .. } => (
            "; raise it with --memory SIZE (e.g. --memory 8G)",
            "；用 --memory SIZE 提高上限（例如 --memory 8G）",
        ),
        Exhausted::Cancelled | Exhausted::Cycle { .. } => ("", ""),
    };
    Words { en: en.into(), zh: zh.into() }
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

/// `words` followed by the command line's advice `(en, zh)`.
fn advised(words: Words, en: &str, zh: &str) -> Words {
    Words { en: format!("{}{en}", words.en), zh: format!("{}{zh}", words.zh) }
}

/// A report error phrased for the command line, in both languages: the error's words from its
/// data, and the options of the subcommand `command` that change the answer.
fn report_words(error: &ReportError, command: &str) -> Words {
    let words = error.words();
    match error {
        ReportError::Engine(EngineError::Spec(spec)) => spec_words(spec),
        ReportError::Engine(EngineError::NoTheory { question, .. }) => match command {
            "solve" | "table" | "p-positions" => {
                advised(words, "; use --method search", "；请用 --method search")
            }
            "verify" if matches!(question, TheoryQuestion::Play { .. }) => advised(
                words,
                " to verify (for its n-player theorems add --players N)",
                "，无法验证（要验证它的 n 人定理，请加 --players N）",
            ),
            _ => words,
        },
        ReportError::Periodicity(PeriodicityError::LimitReached { .. })
        | ReportError::WythoffRows(RowError::NoPeriod { .. }) => {
            advised(words, "; raise it with --limit N", "；用 --limit N 提高上限")
        }
        ReportError::Periodicity(PeriodicityError::TooManySets { .. }) => advised(
            words,
            " (raise it with --max-sets N, or lower --size or --max)",
            "（用 --max-sets N 提高上限，或降低 --size 或 --max）",
        ),
        ReportError::Engine(EngineError::Limit(_)) => {
            advised(words, "; raise it with --lines N", "；用 --lines N 提高上限")
        }
        _ => match error.exhausted() {
            Some(cause) => {
                let hint = exhausted_hint(cause);
                advised(words, &hint.en, &hint.zh)
            }
            None => words,
        },
    }
}

/// How the error of the subcommand `command` is reported, in `lang`.
pub fn describe(error: &anyhow::Error, command: &str, lang: Lang) -> ErrorReport {
    for cause in error.chain() {
        if let Some(e) = cause.downcast_ref::<ReportError>() {
            let usage = e.is_usage();
            return ErrorReport {
                error: report_words(e, command).get(lang).to_string(),
                kind: if usage { "usage" } else { kind_of(e.exhausted()) },
                exit_status: if usage { EXIT_USAGE } else { EXIT_FAILURE },
            };
        }
        if let Some(e) = cause.downcast_ref::<EngineError>() {
            return describe(&anyhow::Error::new(ReportError::Engine(e.clone())), command, lang);
        }
        if let Some(e) = cause.downcast_ref::<SpecError>() {
            return ErrorReport {
                error: spec_words(e).get(lang).to_string(),
                kind: "usage",
                exit_status: EXIT_USAGE,
            };
        }
        if let Some(e) = cause.downcast_ref::<UsageError>() {
            return ErrorReport { error: e.0.clone(), kind: "usage", exit_status: EXIT_USAGE };
        }
        if let Some(stopped) = written_until(cause) {
            let (cause, hint) = (stopped.words(), exhausted_hint(stopped));
            let words = Words {
                en: format!(
                    "the answer was stopped while it was being written (what was written is incomplete): {}{}",
                    cause.en, hint.en
                ),
                zh: format!("答案在写出时被停止了（已写出的部分不完整）：{}{}", cause.zh, hint.zh),
            };
            return ErrorReport {
                error: words.get(lang).to_string(),
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
