//! The options every command shares, derived from data: each ruleset's parameter declarations
//! become `--NAME` options (with their help), and the budget options bound the work.

use std::time::Duration;

use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};
use nimlab_engine::parse_count;
use nimlab_engine::{not_answered, unknown_game};
use nimlab_engine::{Budget, GameSpec, ParamKind, Research, RulesetInfo, RULESETS};

/// Every parameter name declared by some ruleset, with the rulesets that use it and their help,
/// in registry order.
fn declared_params() -> Vec<(&'static str, ParamKind, Vec<String>)> {
    let mut params: Vec<(&'static str, ParamKind, Vec<String>)> = Vec::new();
    for info in RULESETS {
        for p in info.params {
            let help = format!("{}: {}", info.name, p.help);
            match params.iter_mut().find(|(name, _, _)| *name == p.name) {
                Some((_, _, helps)) => helps.push(help),
                None => params.push((p.name, p.kind, vec![help])),
            }
        }
    }
    params
}

/// The id of a game parameter's option (distinct from the commands' own options).
fn arg_id(name: &str) -> String {
    format!("param:{name}")
}

/// The game parameters as typed: `(name, value)` pairs, in the order declared (repeated
/// parameters in the order given).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameParams {
    given: Vec<(String, String)>,
}

impl GameParams {
    /// The game `name` with these parameters.
    ///
    /// # Errors
    /// A spec error (unknown game, a parameter that does not apply, a bad value).
    ///
    /// A text parameter's value `@FILE` is the file's text (a graph's edge list or DOT file):
    /// the command line reads files, the engine never does.
    pub fn spec(&self, name: &str) -> Result<GameSpec, nimlab_engine::SpecError> {
        let mut given: Vec<(&str, std::borrow::Cow<'_, str>)> = Vec::new();
        for (param, value) in &self.given {
            let text = match value.strip_prefix('@') {
                Some(path) if !path.is_empty() => std::fs::read_to_string(path)
                    .map_err(|e| nimlab_engine::SpecError::InvalidValue {
                        param: param.clone(),
                        value: value.clone(),
                        // The system's message is its own, in both languages.
                        why: Box::new(nimlab_engine::ValueWhy::Words(nimlab_engine::Words {
                            en: format!("cannot read the file {path}: {e}"),
                            zh: format!("无法读取文件 {path}：{e}"),
                        })),
                    })?
                    .into(),
                _ => value.as_str().into(),
            };
            given.push((param, text));
        }
        let pairs: Vec<(&str, &str)> = given.iter().map(|(n, v)| (*n, v.as_ref())).collect();
        GameSpec::from_pairs(name, &pairs)
    }

    /// True when no parameter was given.
    pub fn is_empty(&self) -> bool {
        self.given.is_empty()
    }
}

impl FromArgMatches for GameParams {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut given = Vec::new();
        for (name, kind, _) in declared_params() {
            let id = arg_id(name);
            match kind {
                ParamKind::Flag => {
                    if matches.get_flag(&id) {
                        given.push((name.to_string(), "true".to_string()));
                    }
                }
                _ => {
                    if let Some(values) = matches.get_many::<String>(&id) {
                        given.extend(values.map(|v| (name.to_string(), v.clone())));
                    }
                }
            }
        }
        Ok(GameParams { given })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for GameParams {
    fn augment_args(mut cmd: Command) -> Command {
        for (name, kind, helps) in declared_params() {
            let arg =
                Arg::new(arg_id(name)).long(name).help(helps.join("; ")).help_heading("Game parameters");
            let arg = match kind {
                ParamKind::Flag => arg.action(ArgAction::SetTrue),
                ParamKind::Text { repeatable: true, .. } => {
                    arg.action(ArgAction::Append).value_name(name.to_uppercase())
                }
                _ => arg.action(ArgAction::Set).value_name(name.to_uppercase()).allow_hyphen_values(true),
            };
            cmd = cmd.arg(arg);
        }
        cmd
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

/// Which game, with its parameters: the game's name as a positional argument.
#[derive(clap::Args, Debug, Clone)]
pub struct GameArgs {
    /// The game (see `nimlab games`).
    pub game: String,
    #[command(flatten)]
    pub params: GameParams,
}

impl GameArgs {
    /// The validated game.
    ///
    /// # Errors
    /// A spec error.
    pub fn spec(&self) -> Result<GameSpec, nimlab_engine::SpecError> {
        self.params.spec(&self.game)
    }
}

/// The work budget, the memory ceiling and the time limit of a command.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct BudgetArgs {
    /// The work budget in units (one per option generated or value computed, 20 per position
    /// stored): it bounds time, and memory at 4 bytes per unit (positions counted by their real
    /// size). Default: 150000000 (about 10 to 25 s of work).
    #[arg(long, value_name = "N", global = true, value_parser = crate::game_args::positive)]
    pub budget: Option<u64>,
    /// The memory ceiling: a computation holds at most SIZE, however large --budget is. SIZE is
    /// bytes, or a number with K, M, G or T (powers of 1024): 512M, 1.5G, 8G. Default: the
    /// smaller of 2G and half of the machine's memory (or of what `ulimit -v` leaves).
    #[arg(long, value_name = "SIZE", global = true, value_parser = nimlab_reports::memory::parse_size)]
    pub memory: Option<u64>,
    /// Stop after SECONDS of wall-clock time (default: no limit).
    #[arg(long, value_name = "SECONDS", global = true, value_parser = parse_timeout)]
    pub timeout: Option<Duration>,
    /// After the command, print one more line to standard error: the units of work it spent
    /// and the peak of its memory account, in bytes (`stats: units=N budget=N memory_peak=N
    /// memory_ceiling=N`; bench/calibrate.sh reads it).
    #[arg(long, global = true)]
    pub stats: bool,
}

impl BudgetArgs {
    /// A fresh budget with these limits.
    pub fn budget(&self) -> Budget {
        let work = self.budget.unwrap_or(Budget::DEFAULT_WORK);
        let budget = match self.timeout {
            Some(timeout) => Budget::with_timeout(work, timeout),
            None => Budget::new(work),
        };
        budget.with_memory_ceiling(self.memory_ceiling())
    }

    /// The memory ceiling in bytes: `--memory`, or the default rule
    /// ([`nimlab_reports::memory::memory_ceiling`]).
    pub fn memory_ceiling(&self) -> u64 {
        nimlab_reports::memory::memory_ceiling(self.memory)
    }
}

/// Parses a count option: a whole number that fits in 64 bits (clap's own messages are a
/// parser's words).
///
/// # Errors
/// A sentence for clap to print.
pub fn count(text: &str) -> Result<u64, String> {
    parse_count(text)
}

/// Parses a count of at least 1.
///
/// # Errors
/// A sentence for clap to print.
pub fn positive(text: &str) -> Result<u64, String> {
    match parse_count(text)? {
        0 => Err("it must be at least 1".into()),
        n => Ok(n),
    }
}

/// Parses a small count of at least 1 (heaps of an exploration).
///
/// # Errors
/// A sentence for clap to print.
pub fn positive_u16(text: &str) -> Result<u16, String> {
    let n = positive(text)?;
    u16::try_from(n).map_err(|_| format!("{n} is too large: at most {}", u16::MAX))
}

/// Parses a TCP port, 0 (any free port) to 65535.
///
/// # Errors
/// A sentence for clap to print.
pub fn port(text: &str) -> Result<u16, String> {
    let n = parse_count(text)?;
    u16::try_from(n).map_err(|_| format!("{n} is not a port: ports go from 0 (any free port) to 65535"))
}

/// Parses a number of workers: 1 to 64.
///
/// # Errors
/// A sentence for clap to print.
pub fn workers(text: &str) -> Result<u16, String> {
    match positive(text)? {
        n if n > 64 => Err(format!("{n} workers is more than 64, the most the server runs (a fixed limit)")),
        n => Ok(n as u16),
    }
}

/// Parses a number of heaps: 1 to 64.
///
/// # Errors
/// A sentence for clap to print.
pub fn heap_count(text: &str) -> Result<u64, String> {
    match positive(text)? {
        n if n > 64 => Err(format!("{n} heaps is more than 64, the most a listing takes (a fixed limit)")),
        n => Ok(n),
    }
}

/// Parses `--timeout`: seconds, possibly with a fraction (`2.5`).
fn parse_timeout(text: &str) -> Result<Duration, String> {
    let bad = || format!("'{text}' is not a number of seconds, e.g. 10 or 2.5");
    let (whole, fraction) = text.trim().split_once('.').unwrap_or((text.trim(), ""));
    if whole.is_empty() && fraction.is_empty() {
        return Err(bad());
    }
    let seconds: u64 = if whole.is_empty() { 0 } else { whole.parse().map_err(|_| bad())? };
    if fraction.len() > 9 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let nanos: u32 =
        if fraction.is_empty() { 0 } else { format!("{fraction:0<9}").parse().map_err(|_| bad())? };
    let timeout = Duration::new(seconds, nanos);
    if timeout.is_zero() {
        return Err("the time limit must be above 0 seconds".into());
    }
    Ok(timeout)
}

/// A clap error as one line: its first paragraph with the lines joined.
pub fn clap_error_line(error: &clap::Error) -> String {
    let rendered = error.render().to_string();
    let first_paragraph = rendered.split("\n\n").next().unwrap_or_default();
    let line = first_paragraph.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" ");
    line.strip_prefix("error: ").map(str::to_string).unwrap_or(line)
}

/// Fails with a usage error naming the games `question` applies to unless `game` (a name as
/// typed) declares it: how research commands find their games, from the declarations.
pub fn asks(game: &str, question: Research) -> anyhow::Result<()> {
    match RulesetInfo::find(game) {
        Some(info) if info.capabilities.answers(question) => Ok(()),
        Some(_) => crate::usage(not_answered(question, game).to_string()),
        None => crate::usage(unknown_game(game).to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timeouts_parse() {
        assert_eq!(parse_timeout("10"), Ok(Duration::from_secs(10)));
        assert_eq!(parse_timeout("2.5"), Ok(Duration::from_millis(2500)));
        assert_eq!(parse_timeout(".25"), Ok(Duration::from_millis(250)));
        assert!(parse_timeout("0").is_err());
        assert!(parse_timeout("-1").is_err());
        assert!(parse_timeout("1e3").is_err());
    }
}
