//! `nimlab play`: a game against nimlab in the terminal, one move per line on standard input.
//!
//! At the prompt a person types the position their move leads to (`1 4 5` from `3 4 5`), or
//! `hint`, `undo`, `help` or `quit`; every number of the position is typed (Fibonacci Nim's take
//! limit too), so that no move is guessed from a part of it.
//! nimlab replies by [`nimlab_reports::play::reply`]. End of input ends the game cleanly. Each of
//! nimlab's answers runs under a fresh `--budget` and `--timeout`.
//!
//! With `--json` the same session speaks JSON lines for programs: no prompts, one object per
//! event on standard output, each with an `"event"` field (`start`, `your_turn`, `move`, `hint`,
//! `undo`, `help`, `error`, `game_over`, `quit`, `end_of_input`).

use std::io::{self, BufRead, Write};

use clap::ValueEnum;
use nimlab_engine::bigint::json;
use nimlab_engine::loopy::LoopyOutcome;
use nimlab_engine::parse_natural;
use nimlab_engine::{
    AnyGame, BigUint, CheckedPosition, EngineError, GameSpec, Lang, MoveReport, Outcome, Params, Play,
};
use nimlab_reports::loopy::no_files;
use nimlab_reports::loopy::LoopyReport;
use nimlab_reports::play::{last_mover_wins, repetitions, reply, ReplyBasis, DRAW_REPETITIONS};
use nimlab_reports::position::Position;
use nimlab_reports::solve::{SolveAnswer, SolveReport};
use serde::Serialize;

use crate::cmd::play;
use crate::game_args::{BudgetArgs, GameArgs};
use crate::text::{destination, play_name, spaced};
use crate::{Context, UsageError};
use nimlab_reports::request::{position_numbers, Answer, Limits, Question, Request};

/// Who moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum First {
    /// The person at the keyboard.
    #[default]
    Me,
    /// nimlab.
    Nimlab,
}

/// Arguments of `nimlab play`.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "At the prompt, type the position your move leads to (from `3 4 5`, type `1 4 5` to take 2 \
                  from the heap of 3), or: hint, undo, help, quit.\n\nWith --json, every event is one JSON object \
                  per line (\"event\": start, your_turn, move, hint, undo, help, error, game_over, quit, \
                  end_of_input, draw) and no prompt is printed: for programs that play.\n\nA game whose positions repeat \
                  (fair-shares, loopy-pattern) may be a draw: nimlab then keeps the draw, and the game ends as a \
                  draw when the same position with the same player to move occurs 3 times.\n\nExamples:\n  \
                  nimlab play nim 3 4 5\n  nimlab play wythoff 4 7 --first nimlab\n  \
                  nimlab play bash 21 --max 3 --misere\n  echo '1 4 5' | nimlab play nim 3 4 5 --json\n  \
                  nimlab play node-kayles --graph grid:2x3   # a graph: type the vertices deleted after your move\n  \
                  printf '2\\n2\\n' | nimlab play loopy-pattern --piles 1 --move one:1 --move one:+1 --cap 2 1"
)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// The starting position: heap sizes (for a game on a graph, the vertices deleted: none for
    /// the whole graph).
    pub position: Vec<String>,
    /// Misère play: whoever makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Me)]
    pub first: First,
}

/// Runs `nimlab play` on standard input.
///
/// # Errors
/// Usage errors for a bad game or a position too large to play; engine and output errors.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    let spec = args.game.spec()?;
    let (game, position) = Position::new(
        &spec,
        &position_numbers(&spec, &args.position, &Limits::default())?,
        &cx.limits.budget(),
    )?;
    let mut session = Session {
        spec,
        game: game.as_ref(),
        play: play(args.misere),
        first: args.first,
        json: cx.json,
        lang: cx.lang,
        limits: cx.limits,
        history: vec![position.position],
        help: String::new(),
    };
    session.start()?;
    let stdin = io::stdin();
    session.run(&mut stdin.lock(), out)
}

/// What a person typed at the prompt.
#[derive(Debug, PartialEq, Eq)]
enum Command {
    /// The position the move leads to.
    Move(Vec<BigUint>),
    Hint,
    Undo,
    Help,
    Quit,
    Empty,
}

/// Parses one line; numbers may be separated by spaces or commas.
fn parse_command(line: &str) -> Result<Command, String> {
    let words: Vec<&str> =
        line.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).collect();
    match words.as_slice() {
        [] => Ok(Command::Empty),
        ["hint" | "h" | "?"] => Ok(Command::Hint),
        ["undo" | "u"] => Ok(Command::Undo),
        ["help"] => Ok(Command::Help),
        ["quit" | "q" | "exit"] => Ok(Command::Quit),
        numbers => numbers
            .iter()
            .map(|w| parse_natural(w))
            .collect::<Result<Vec<_>, _>>()
            .map(Command::Move)
            .map_err(|e| format!("{e}; type the position your move leads to, or help")),
    }
}

/// The commands, after the example of a move.
const COMMANDS: &str = "Commands: hint (the winning moves and why), undo (take back your last move), quit.";

/// How to type a move, the game's own first legal move from `start` as the example (so that a
/// game on a graph shows vertices, not heaps).
fn help_text(start: &[BigUint], example: Option<&MoveReport>) -> String {
    let typed = match example {
        Some(m) if start.is_empty() => {
            format!(", e.g. from the start type `{}` to {}", spaced(&m.to), m.text)
        }
        Some(m) => format!(", e.g. from `{}` type `{}` to {}", spaced(start), spaced(&m.to), m.text),
        None => String::new(),
    };
    format!("Type the position your move leads to{typed}.\n{COMMANDS}")
}

/// One event of a session, as a JSON line.
#[derive(Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
enum Event<'a> {
    Start {
        game: &'a GameSpec,
        params: &'a Params,
        #[serde(serialize_with = "json::numbers")]
        position: &'a [BigUint],
        play: Play,
        first: First,
    },
    YourTurn {
        #[serde(serialize_with = "json::numbers")]
        position: &'a [BigUint],
    },
    Move {
        player: &'static str,
        #[serde(flatten)]
        report: &'a MoveReport,
        #[serde(flatten)]
        basis: Option<ReplyBasis>,
        explanation: Option<String>,
    },
    Hint {
        analysis: Option<Box<SolveReport>>,
        /// A game whose positions repeat: the loopy report (`solve --json`'s) instead.
        #[serde(skip_serializing_if = "Option::is_none")]
        loopy: Option<Box<LoopyReport>>,
        error: Option<String>,
    },
    Undo {
        #[serde(serialize_with = "json::numbers")]
        position: &'a [BigUint],
    },
    Help {
        message: &'a str,
    },
    Error {
        message: &'a str,
    },
    GameOver {
        #[serde(serialize_with = "json::numbers")]
        position: &'a [BigUint],
        last_mover: &'static str,
        winner: &'static str,
        play: Play,
    },
    /// The same position with the same player to move occurred [`DRAW_REPETITIONS`] times.
    Draw {
        #[serde(serialize_with = "json::numbers")]
        position: &'a [BigUint],
        repetitions: usize,
    },
    Quit {
        #[serde(serialize_with = "json::numbers")]
        position: &'a [BigUint],
    },
    EndOfInput {
        #[serde(serialize_with = "json::numbers")]
        position: &'a [BigUint],
    },
}

struct Session<'a> {
    spec: GameSpec,
    game: &'a dyn AnyGame,
    play: Play,
    first: First,
    /// JSON lines instead of text.
    json: bool,
    /// The language of move texts, reasons and nimlab's explanations.
    lang: Lang,
    limits: BudgetArgs,
    /// Every position so far, never empty: the start, then each move's target (the rules' own
    /// positions, so checked); the last is the current one.
    history: Vec<CheckedPosition>,
    /// How to type a move, with the first legal move of the start as the example.
    help: String,
}

impl Session<'_> {
    /// Checks that the starting position can be played (its moves can be listed).
    fn start(&mut self) -> anyhow::Result<()> {
        match self.game.options(self.current(), &self.limits.budget(), self.lang) {
            Ok(moves) => self.help = help_text(self.current(), moves.first()),
            Err(error @ EngineError::TooLargeForSearch { .. }) => {
                return Err(UsageError(format!("this position is too large to play: {error}")).into())
            }
            Err(error @ EngineError::Exhausted { .. }) => {
                return Err(UsageError(format!(
                    "this position is too large to play ({error}); choose smaller heaps or raise --budget"
                ))
                .into())
            }
            Err(other) => return Err(other.into()),
        }
        Ok(())
    }

    /// The current position: the history's last (it starts with the start, and an undo keeps
    /// the start).
    fn current(&self) -> &CheckedPosition {
        self.history.last().expect("the history starts with the start position")
    }

    /// True when the person is to move: they moved first and an even number of moves were made,
    /// or nimlab moved first and an odd number were.
    fn person_to_move(&self) -> bool {
        let moves_made = self.history.len().saturating_sub(1);
        moves_made.is_multiple_of(2) == (self.first == First::Me)
    }

    /// Writes one event: `text` for a person, or the event as one JSON line.
    fn emit(&self, out: &mut dyn Write, text: &str, event: &Event<'_>) -> anyhow::Result<()> {
        if self.json {
            serde_json::to_writer(&mut *out, event)?;
            writeln!(out)?;
        } else {
            writeln!(out, "{text}")?;
        }
        Ok(())
    }

    fn run(&mut self, input: &mut dyn BufRead, out: &mut dyn Write) -> anyhow::Result<()> {
        let convention = match self.play {
            Play::Normal => "normal play: whoever makes the last move wins",
            Play::Misere => "misère play: whoever makes the last move loses",
        };
        let text = format!(
            "{} from {}: you against nimlab ({convention}).\n{}",
            self.spec,
            spaced(self.current()),
            self.help
        );
        let start = Event::Start {
            game: &self.spec,
            params: self.spec.params(),
            position: self.current(),
            play: self.play,
            first: self.first,
        };
        self.emit(out, &text, &start)?;
        loop {
            let moves = self.game.options(self.current(), &self.limits.budget(), self.lang)?;
            if moves.is_empty() {
                return self.game_over(out);
            }
            let repeated = repetitions(self.game, &self.history);
            if repeated >= DRAW_REPETITIONS {
                let text = format!(
                    "{} has occurred {repeated} times with the same player to move: the game is a draw.",
                    spaced(self.current())
                );
                return self.emit(
                    out,
                    &text,
                    &Event::Draw { position: self.current(), repetitions: repeated },
                );
            }
            if !self.person_to_move() {
                self.nimlab_moves(out)?;
                continue;
            }
            if self.json {
                self.emit(out, "", &Event::YourTurn { position: self.current() })?;
            } else {
                write!(out, "position: {}\nyour move> ", spaced(self.current()))?;
            }
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                let event = Event::EndOfInput { position: self.current() };
                self.emit(out, "\nend of input: the game is left unfinished.", &event)?;
                return Ok(());
            }
            match parse_command(&line) {
                Err(message) => self.error(out, &message)?,
                Ok(Command::Empty) => {}
                Ok(Command::Help) => self.emit(out, &self.help, &Event::Help { message: &self.help })?,
                Ok(Command::Quit) => {
                    self.emit(out, "bye.", &Event::Quit { position: self.current() })?;
                    return Ok(());
                }
                Ok(Command::Undo) => self.undo(out)?,
                Ok(Command::Hint) => self.hint(out)?,
                Ok(Command::Move(typed)) => match find_move(&moves, &typed) {
                    Ok(chosen) => {
                        let text =
                            format!("you: {} -> {}", chosen.text, destination(self.current(), &chosen.to));
                        let event =
                            Event::Move { player: "you", report: chosen, basis: None, explanation: None };
                        self.emit(out, &text, &event)?;
                        self.history.push(chosen.to.clone());
                    }
                    Err(message) => self.error(out, &message)?,
                },
            }
        }
    }

    /// A mistake of the person's (a malformed or illegal move); the prompt comes again.
    fn error(&self, out: &mut dyn Write, message: &str) -> anyhow::Result<()> {
        self.emit(out, message, &Event::Error { message })
    }

    fn nimlab_moves(&mut self, out: &mut dyn Write) -> anyhow::Result<()> {
        let Some(chosen) = reply(self.game, self.current(), self.play, &self.limits.budget(), self.lang)?
        else {
            return Ok(());
        };
        let text = format!(
            "nimlab: {} -> {}  ({})",
            chosen.report.text,
            destination(self.current(), &chosen.report.to),
            chosen.explanation
        );
        let event = Event::Move {
            player: "nimlab",
            report: &chosen.report,
            basis: Some(chosen.basis),
            explanation: Some(chosen.explanation.clone()),
        };
        self.emit(out, &text, &event)?;
        self.history.push(chosen.report.to);
        Ok(())
    }

    fn game_over(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        let last_mover_was_person = !self.person_to_move();
        let person_wins = last_mover_was_person == last_mover_wins(self.play);
        let last = if last_mover_was_person { "you" } else { "nimlab" };
        let text = format!(
            "no move is left from {}: {last} made the last move, so {} ({} play).",
            spaced(self.current()),
            if person_wins { "you win" } else { "nimlab wins" },
            play_name(self.play)
        );
        let event = Event::GameOver {
            position: self.current(),
            last_mover: last,
            winner: if person_wins { "you" } else { "nimlab" },
            play: self.play,
        };
        self.emit(out, &text, &event)
    }

    fn undo(&mut self, out: &mut dyn Write) -> anyhow::Result<()> {
        // On the person's turn the last move was nimlab's reply to the person's move: take back
        // both, which needs a position of the person's before them.
        if self.history.len() >= 3 {
            self.history.truncate(self.history.len() - 2);
            let text = format!("undone: back to {}", spaced(self.current()));
            self.emit(out, &text, &Event::Undo { position: self.current() })
        } else {
            self.error(out, "nothing to undo: you have not moved yet")
        }
    }

    fn hint(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        // The hint is the one request of `solve`, decided by its rules and answered by the game
        // being played (a game played here reads no file).
        let request = Request {
            play: self.play,
            lang: self.lang,
            ..Request::new(Question::Solve {
                game: self.spec.clone().into(),
                position: self.current().iter().map(BigUint::to_string).collect(),
            })
        };
        let budget = self.limits.budget();
        let answer = request.decide(&no_files).and_then(|d| d.answer_built(self.game, &no_files, &budget));
        match answer {
            Ok(Answer::Solve(SolveAnswer::Loopy(LoopyReport::Solve(report)))) => {
                let standing = match report.outcome {
                    LoopyOutcome::N => "you are winning (an N-position)",
                    LoopyOutcome::P => {
                        "you are losing against best play (a P-position): every move leaves nimlab a win"
                    }
                    LoopyOutcome::D => {
                        "neither player can force a win (a draw): keep it by moving to another draw position"
                    }
                };
                let mut text = format!("hint: {standing}.\n  why: {}", report.reason);
                let kind = report.moves_kind.unwrap_or("good");
                for m in &report.moves {
                    text += &format!("\n  {kind} move: -> type `{}`", m.to);
                }
                let event = Event::Hint {
                    analysis: None,
                    loopy: Some(Box::new(LoopyReport::Solve(report.clone()))),
                    error: None,
                };
                self.emit(out, &text, &event)
            }
            Ok(Answer::Solve(SolveAnswer::Two(report))) => {
                let analysis = &report.analysis;
                let standing = match analysis.outcome {
                    Outcome::N => "you are winning (an N-position)",
                    Outcome::P => {
                        "you are losing against best play (a P-position): every move leaves nimlab a win"
                    }
                };
                let mut text = format!("hint: {standing}.\n  why: {}", analysis.reason);
                for m in &analysis.winning_moves {
                    text += &format!("\n  winning move: {} -> type `{}`", m.text, typed_form(&m.to));
                }
                let event =
                    Event::Hint { analysis: Some(Box::new(report.clone())), loopy: None, error: None };
                self.emit(out, &text, &event)
            }
            Ok(_) => self.error(out, "nimlab has no hint of this kind for this game"),
            Err(error) => {
                let message = format!("nimlab cannot analyse this position: {error}");
                self.emit(
                    out,
                    &format!("hint: {message}"),
                    &Event::Hint { analysis: None, loopy: None, error: Some(message.clone()) },
                )
            }
        }
    }
}

/// How a position is typed as a move: its heaps, or `0` for no heap at all.
fn typed_form(to: &[BigUint]) -> String {
    if to.is_empty() {
        "0".to_string()
    } else {
        spaced(to)
    }
}

/// The legal move leading exactly to `typed`. A move that leaves no heap at all (the last heap of
/// a take-and-break game taken) is typed `0`.
///
/// # Errors
/// A message naming a few legal moves.
fn find_move<'m>(moves: &'m [MoveReport], typed: &[BigUint]) -> Result<&'m MoveReport, String> {
    if let Some(exact) = moves.iter().find(|m| m.to.numbers() == typed) {
        return Ok(exact);
    }
    let no_heap_left = matches!(typed, [n] if *n == BigUint::ZERO);
    if let Some(emptied) = moves.iter().find(|m| no_heap_left && m.to.is_empty()) {
        return Ok(emptied);
    }
    const SHOWN: usize = 6;
    let examples: Vec<String> =
        moves.iter().take(SHOWN).map(|m| format!("`{}`", typed_form(&m.to))).collect();
    let more = if moves.len() > SHOWN { format!(" and {} more", moves.len() - SHOWN) } else { String::new() };
    Err(format!(
        "`{}` is not a legal move from here; you can move to {}{more}",
        spaced(typed),
        examples.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_positions_parse() {
        assert_eq!(parse_command("  hint \n"), Ok(Command::Hint));
        assert_eq!(parse_command("1, 4 5"), Ok(Command::Move(vec![1u32.into(), 4u32.into(), 5u32.into()])));
        assert_eq!(parse_command("\n"), Ok(Command::Empty));
        assert!(parse_command("take two").unwrap_err().contains("'take' is not a whole number"));
        assert!(parse_command("-3").unwrap_err().contains("negative"));
    }

    #[test]
    fn only_a_whole_position_is_a_move() {
        let to = |ns: &[u32]| ns.iter().map(|&n| BigUint::from(n)).collect::<Vec<_>>();
        let budget = nimlab_engine::Budget::default();
        let nim = GameSpec::named("nim").unwrap().build(&budget).unwrap();
        let moves = nim.options(&nim.check_position(&to(&[1, 4, 5])).unwrap(), &budget, Lang::En).unwrap();
        assert!(find_move(&moves, &to(&[0])).unwrap_err().contains("is not a legal move"));
        assert_eq!(find_move(&moves, &to(&[0, 4, 5])).unwrap().to, to(&[0, 4, 5]));
        let kayles = GameSpec::named("kayles").unwrap().build(&budget).unwrap();
        let last = kayles.options(&kayles.check_position(&to(&[1])).unwrap(), &budget, Lang::En).unwrap();
        assert!(find_move(&last, &to(&[0])).unwrap().to.is_empty());
        assert!(find_move(&last, &to(&[1])).unwrap_err().contains("you can move to `0`"));
    }
}
