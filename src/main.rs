//! `nimlab`: the command line over the nimlab engine and its reports. Parse, call a report
//! function, render text, JSON or CSV; nothing else lives here.

mod cmd;
mod errors;
mod game_args;
mod progress;
mod text;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};
use nimlab_engine::{Budget, Lang};

pub use crate::errors::UsageError;
use crate::errors::{describe, is_broken_pipe, EXIT_USAGE};
use crate::game_args::BudgetArgs;

#[derive(Parser)]
#[command(
    name = "nimlab",
    version,
    about = "Impartial games of Nim's family: who wins, Grundy values, every winning move, and why",
    after_help = "Examples:\n  nimlab solve wythoff 3 5\n  nimlab solve nim 3 4 5 --json\n  nimlab solve bash 10 --max 3 --misere\n  nimlab table subtraction --set 1,3,4 --upto 30\n  nimlab verify\n  nimlab games\n  nimlab solve large-nim 1 2 3 4 --players 3\n  nimlab explore large-nim --players 3 --heaps 4 --max 10\n  nimlab prove large-nim --players 3 --heaps 4\n\nEvery command takes --json (one contract, docs/json.md; errors as one JSON object on standard error),\n--budget N (work units), --memory SIZE (the memory ceiling, e.g. 8G) and --timeout SECONDS. Exit status: 0 success, 1 failure, 2 usage error."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Print JSON instead of text (errors as one JSON object on standard error).
    #[arg(long, global = true)]
    json: bool,
    /// The language of reasons and move texts: en (English) or zh (Chinese, 中文).
    #[arg(long, global = true, value_name = "LANG", default_value = "en", value_parser = parse_lang)]
    lang: Lang,
    #[command(flatten)]
    limits: BudgetArgs,
}

fn parse_lang(code: &str) -> Result<Lang, String> {
    code.parse().map_err(|e: nimlab_engine::UnknownLang| e.to_string())
}

#[derive(Subcommand)]
enum Command {
    /// Who wins from a position, its Grundy value, every winning move and why.
    Solve(cmd::solve::Args),
    /// Grundy values or P/N outcomes over a range of positions.
    Table(cmd::table::Args),
    /// The first P-positions of a game.
    PPositions(cmd::p_positions::Args),
    /// Check closed-form theory against exhaustive search.
    Verify(cmd::verify::Args),
    /// The winning player's whole plan (apple): the reply to every opponent move, turn by turn.
    Strategy(cmd::strategy::Args),
    /// List the games nimlab knows, with their parameters.
    Games(cmd::games::Args),
    /// Play a game against nimlab in the terminal.
    Play(cmd::play::Args),
    /// Loopy games (positions that repeat, draws): a graph file or Fair Shares, by retrograde analysis.
    Loopy(cmd::loopy::Args),
    /// Pictures: the P-positions or Grundy values of a grid, or a one-heap sequence with its period.
    Plot(cmd::plot::Args),
    /// The local web playground on 127.0.0.1.
    Serve(cmd::serve::Args),
    /// Multi-player Large Nim values grouped by order pattern, as a piecewise formula.
    Explore(cmd::explore::Args),
    /// Prove multi-player Large Nim's order-pattern theorems for heaps of any size.
    Prove(cmd::prove::Args),
    /// The certified preperiod and period of a subtraction game, and its Grundy sequence.
    Period(cmd::period::Args),
    /// The misère quotient of a take-and-break game: presentation, P-portion, Φ, certificate.
    Quotient(cmd::quotient::Args),
    /// Preperiod and period over a family of subtraction sets, with the conjecture's fit.
    Sweep(cmd::sweep::Args),
    /// Subtraction sets of a given size whose Grundy sequence has a given period.
    Search(cmd::search::Args),
    /// Three-rowed Chomp's P-positions by pairs of shorter rows, each third row certified periodic.
    Census(cmd::census::Args),
    /// Nim arithmetic: evaluate an expression of nimbers, or nim-products read from standard input.
    Nimber(cmd::nimber::Args),
    /// Shell completions for bash, zsh, fish, elvish or PowerShell, on standard output.
    Completions(cmd::completions::Args),
    /// The manual page (roff), on standard output.
    Man(cmd::completions::ManArgs),
}

/// What every command gets besides its own arguments.
pub struct Context {
    /// `--json`.
    pub json: bool,
    /// `--lang`: the language of the engine's reasons and move texts.
    pub lang: Lang,
    /// `--budget` and `--timeout`.
    pub limits: BudgetArgs,
    /// The command's budget (a session of `play` makes a fresh one per answer).
    pub budget: nimlab_engine::Budget,
}

impl Command {
    /// The subcommand's name as typed.
    fn name(&self) -> &'static str {
        match self {
            Command::Solve(_) => "solve",
            Command::Table(_) => "table",
            Command::PPositions(_) => "p-positions",
            Command::Verify(_) => "verify",
            Command::Strategy(_) => "strategy",
            Command::Games(_) => "games",
            Command::Play(_) => "play",
            Command::Loopy(_) => "loopy",
            Command::Plot(_) => "plot",
            Command::Serve(_) => "serve",
            Command::Explore(_) => "explore",
            Command::Prove(_) => "prove",
            Command::Period(_) => "period",
            Command::Quotient(_) => "quotient",
            Command::Sweep(_) => "sweep",
            Command::Search(_) => "search",
            Command::Census(_) => "census",
            Command::Nimber(_) => "nimber",
            Command::Completions(_) => "completions",
            Command::Man(_) => "man",
        }
    }

    /// True for the commands that draw their own progress bar (counting positions or sets)
    /// or none at all; the others get one that follows the work budget.
    fn own_progress(&self) -> bool {
        matches!(
            self,
            Command::Verify(_)
                | Command::PPositions(_)
                | Command::Sweep(_)
                | Command::Search(_)
                | Command::Play(_)
                | Command::Serve(_)
                | Command::Games(_)
                | Command::Nimber(_)
                | Command::Completions(_)
                | Command::Man(_)
        )
    }
}

/// Standard output under the command's deadline: writing an answer counts as part of its work
/// (writing a long list of huge numbers in decimal can take longer than finding them), so a
/// write after the deadline fails with the budget's reason instead of running on.
struct DeadlineWriter<W> {
    inner: W,
    budget: Option<Budget>,
}

impl<W: Write> Write for DeadlineWriter<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if let Some(budget) = &self.budget {
            budget.check().map_err(io::Error::other)?;
        }
        self.inner.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

fn run(cli: &Cli, budget: Budget, out: &mut dyn Write) -> anyhow::Result<()> {
    let context = Context { json: cli.json, lang: cli.lang, limits: cli.limits, budget };
    let _progress =
        if cli.command.own_progress() { None } else { progress::WorkProgress::start(&context.budget) };
    let cx = &context;
    match &cli.command {
        Command::Solve(args) => cmd::solve::run(args, cx, out),
        Command::Table(args) => cmd::table::run(args, cx, out),
        Command::PPositions(args) => cmd::p_positions::run(args, cx, out),
        Command::Verify(args) => cmd::verify::run(args, cx, out),
        Command::Strategy(args) => cmd::strategy::run(args, cx, out),
        Command::Games(args) => cmd::games::run(args, cx, out),
        Command::Play(args) => cmd::play::run(args, cx, out),
        Command::Loopy(args) => cmd::loopy::run(args, cx, out),
        Command::Plot(args) => cmd::plot::run(args, cx, out),
        Command::Serve(args) => cmd::serve::run(args, cx, out),
        Command::Explore(args) => cmd::explore::run(args, cx, out),
        Command::Prove(args) => cmd::prove::run(args, cx, out),
        Command::Period(args) => cmd::period::run(args, cx, out),
        Command::Quotient(args) => cmd::quotient::run(args, cx, out),
        Command::Sweep(args) => cmd::sweep::run(args, cx, out),
        Command::Search(args) => cmd::search::run(args, cx, out),
        Command::Census(args) => cmd::census::run(args, cx, out),
        Command::Nimber(args) => cmd::nimber::run(args, cx, out),
        Command::Completions(args) => cmd::completions::run(args, &mut Cli::command(), out),
        Command::Man(args) => cmd::completions::man(args, &Cli::command(), out),
    }
}

/// Prints an error as one line of text, or as one JSON object with `--json`.
fn report_error(report: &errors::ErrorReport, json: bool) {
    if json {
        eprintln!("{}", serde_json::to_string(report).unwrap_or_else(|_| report.error.clone()));
    } else {
        eprintln!("error: {}", report.error);
    }
}

fn main() -> ExitCode {
    let wants_json = std::env::args().any(|a| a == "--json");
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if !error.use_stderr() => {
            // --help and --version: print as clap formats them.
            let _ = error.print();
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            let report = errors::ErrorReport {
                error: game_args::clap_error_line(&error),
                kind: "usage",
                exit_status: EXIT_USAGE,
            };
            report_error(&report, wants_json);
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let budget = cli.limits.budget();
    // `play` and `serve` run for as long as their user wants; their limits apply per answer.
    let one_answer = !matches!(cli.command, Command::Play(_) | Command::Serve(_));
    let stdout = DeadlineWriter { inner: io::stdout().lock(), budget: one_answer.then(|| budget.clone()) };
    let mut out = io::BufWriter::new(stdout);
    let account = budget.clone();
    let result = run(&cli, budget, &mut out);
    // What was produced before a stop (the rows of a table before the one that ran out) is kept:
    // the buffer, at most its capacity, is written whatever ran out.
    out.get_mut().budget = None;
    let result = result.and_then(|()| out.flush().map_err(anyhow::Error::from));
    if result.is_err() {
        let _ = out.flush();
    }
    let print_stats = || {
        if cli.limits.stats {
            eprintln!(
                "stats: units={} budget={} memory_peak={} memory_ceiling={}",
                account.used(),
                account.limit(),
                account.peak_held(),
                account.memory_ceiling()
            );
        }
    };
    match result {
        Ok(()) => {
            print_stats();
            ExitCode::SUCCESS
        }
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            let report = describe(&error, cli.command.name(), cli.lang);
            report_error(&report, cli.json);
            print_stats();
            ExitCode::from(report.exit_status)
        }
    }
}

/// The usage error for these words.
pub fn usage<T>(message: impl Into<String>) -> anyhow::Result<T> {
    Err(UsageError(message.into()).into())
}

/// Writes a report as one line of JSON.
pub fn write_json<T: serde::Serialize>(out: &mut dyn Write, report: &T) -> anyhow::Result<()> {
    serde_json::to_writer(&mut *out, report).map_err(io::Error::from)?; // keeps a broken pipe an io::Error
    writeln!(out)?;
    Ok(())
}
