//! `nimlab`: the command line over the nimlab engine. Parse, call the engine, render text or
//! JSON; nothing else lives here.

mod cmd;
mod family;
mod game_args;
mod opponent;
mod render;
mod web;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Exit status for a usage error (bad arguments, unknown game, invalid position).
const EXIT_USAGE: u8 = 2;
/// Exit status for a runtime failure (budget exceeded, a counterexample found, I/O).
const EXIT_FAILURE: u8 = 1;

#[derive(Parser)]
#[command(
    name = "nimlab",
    version,
    about = "Impartial games of Nim's family: who wins, Grundy values, every winning move, and why",
    after_help = "Examples:\n  nimlab solve wythoff 3 5\n  nimlab solve nim 3 4 5 --json\n  nimlab solve bash 10 --max 3 --misere\n  nimlab table subtraction --set 1,3,4 --upto 30\n  nimlab verify\n  nimlab games\n  nimlab solve large-nim 1 2 3 4 --players 3\n  nimlab explore large-nim --players 3 --heaps 4 --max 10\n  nimlab prove large-nim --players 3 --heaps 4"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
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
    /// List the games nimlab knows.
    Games(cmd::games::Args),
    /// Play a game against nimlab in the terminal.
    Play(cmd::play::Args),
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
    /// Preperiod and period over a family of subtraction sets, with the conjecture's fit.
    Sweep(cmd::sweep::Args),
    /// Subtraction sets of a given size whose Grundy sequence has a given period.
    Search(cmd::search::Args),
}

/// An error in what the user asked for: reported with exit status 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

fn run(cli: &Cli, out: &mut dyn Write) -> anyhow::Result<()> {
    match &cli.command {
        Command::Solve(args) => cmd::solve::run(args, out),
        Command::Table(args) => cmd::table::run(args, out),
        Command::PPositions(args) => cmd::p_positions::run(args, out),
        Command::Verify(args) => cmd::verify::run(args, out),
        Command::Strategy(args) => cmd::strategy::run(args, out),
        Command::Games(args) => cmd::games::run(args, out),
        Command::Play(args) => cmd::play::run(args, out),
        Command::Plot(args) => cmd::plot::run(args, out),
        Command::Serve(args) => cmd::serve::run(args, out),
        Command::Explore(args) => cmd::explore::run(args, out),
        Command::Prove(args) => cmd::prove::run(args, out),
        Command::Period(args) => cmd::period::run(args, out),
        Command::Sweep(args) => cmd::sweep::run(args, out),
        Command::Search(args) => cmd::search::run(args, out),
    }
}

/// Exit status for an error: 2 for the user's mistakes, 1 for everything else.
fn exit_status(error: &anyhow::Error) -> u8 {
    let usage = error.chain().any(|cause| {
        cause.downcast_ref::<UsageError>().is_some()
            || cause.downcast_ref::<nimlab_engine::EngineError>().is_some_and(|e| e.is_usage())
    });
    if usage {
        EXIT_USAGE
    } else {
        EXIT_FAILURE
    }
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .chain()
        .any(|c| c.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe))
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if !error.use_stderr() => {
            // --help and --version: print as clap formats them.
            let _ = error.print();
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            eprintln!("{}", game_args::clap_error_line(&error));
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = run(&cli, &mut out).and_then(|()| out.flush().map_err(anyhow::Error::from));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            let mut message = error.to_string();
            for cause in error.chain().skip(1) {
                message.push_str(": ");
                message.push_str(&cause.to_string());
            }
            eprintln!("error: {message}");
            ExitCode::from(exit_status(&error))
        }
    }
}
