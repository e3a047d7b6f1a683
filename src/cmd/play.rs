//! `nimlab play`: a game against nimlab in the terminal, one move per line on standard input.
//!
//! At the prompt a person types the position their move leads to (`1 4 5` from `3 4 5`), or
//! `hint`, `undo`, `help` or `quit`. When the position has more numbers than the heaps moved
//! (Fibonacci Nim's take limit), typing the first numbers is enough if only one move fits.
//! nimlab replies by [`crate::opponent::reply`]. End of input ends the game cleanly.
//!
//! With `--json` the same session speaks JSON lines for programs: no prompts, one object per
//! event on standard output, each with an `"event"` field (`start`, `your_turn`, `move`, `hint`,
//! `undo`, `help`, `error`, `game_over`, `quit`, `end_of_input`).

use std::io::{self, BufRead, Write};

use clap::ValueEnum;
use nimlab_engine::{AnyGame, BigUint, EngineError, Method, MoveReport, Outcome, Play};
use serde_json::{json, Value};

use crate::cmd::play;
use crate::game_args::{parse_number, GameOptions};
use crate::opponent::{last_mover_wins, reply};
use crate::render::{analysis_json, json_numbers, move_json, play_name, spaced};
use crate::UsageError;

/// Who moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
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
    after_help = "At the prompt, type the position your move leads to (from `3 4 5`, type `1 4 5` to take 2 \
                  from the heap of 3), or: hint, undo, help, quit.\n\nWith --json, every event is one JSON object \
                  per line (\"event\": start, your_turn, move, hint, undo, help, error, game_over, quit, \
                  end_of_input) and no prompt is printed: for programs that play.\n\nExamples:\n  \
                  nimlab play nim 3 4 5\n  nimlab play wythoff 4 7 --first nimlab\n  \
                  nimlab play bash 21 --max 3 --misere\n  echo '1 4 5' | nimlab play nim 3 4 5 --json"
)]
pub struct Args {
    /// The game (see `nimlab games`).
    pub game: String,
    /// The starting position: heap sizes.
    #[arg(required = true)]
    pub position: Vec<String>,
    #[command(flatten)]
    pub options: GameOptions,
    /// Misère play: whoever makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Me)]
    pub first: First,
    /// Print one JSON object per event (JSON lines) instead of text and prompts.
    #[arg(long)]
    pub json: bool,
}

/// Runs `nimlab play` on standard input.
///
/// # Errors
/// Usage errors for a bad game or a position too large to play; engine and output errors.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let (game, position) = args.options.build(&args.game, &args.position)?;
    let stdin = io::stdin();
    let mut session = Session {
        game: game.as_ref(),
        play: play(args.misere),
        first: args.first,
        json: args.json,
        history: vec![],
    };
    session.start(position)?;
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
            .map(|w| parse_number(w, "heap size").map_err(|e| e.to_string()))
            .collect::<Result<Vec<_>, _>>()
            .map(Command::Move)
            .map_err(|e| format!("{e}; type the position your move leads to, or help")),
    }
}

const HELP: &str = "Type the position your move leads to, e.g. from `3 4 5` type `1 4 5` to take 2 from the heap \
                    of 3.\nCommands: hint (the winning moves and why), undo (take back your last move), quit.";

struct Session<'a> {
    game: &'a dyn AnyGame,
    play: Play,
    first: First,
    /// JSON lines instead of text.
    json: bool,
    /// Every position so far; the last is the current one.
    history: Vec<Vec<BigUint>>,
}

impl Session<'_> {
    /// Checks that the starting position can be played (its moves can be listed).
    fn start(&mut self, position: Vec<BigUint>) -> anyhow::Result<()> {
        match self.game.options(&position) {
            Ok(_) => {}
            Err(error @ EngineError::TooLargeForSearch { .. }) => {
                return Err(UsageError(format!(
                    "this position is too large to play ({error}); choose smaller heaps or raise --budget"
                ))
                .into())
            }
            Err(other) => return Err(other.into()),
        }
        self.history.push(position);
        Ok(())
    }

    fn current(&self) -> &[BigUint] {
        self.history.last().map_or(&[], Vec::as_slice)
    }

    /// True when the person is to move: they moved first and an even number of moves were made,
    /// or nimlab moved first and an odd number were.
    fn person_to_move(&self) -> bool {
        let moves_made = self.history.len().saturating_sub(1);
        moves_made.is_multiple_of(2) == (self.first == First::Me)
    }

    /// Writes one event: `text` for a person, or the JSON object `event` as one line.
    fn emit(&self, out: &mut dyn Write, text: &str, event: Value) -> io::Result<()> {
        if self.json {
            writeln!(out, "{event}")
        } else {
            writeln!(out, "{text}")
        }
    }

    fn run(&mut self, input: &mut dyn BufRead, out: &mut dyn Write) -> anyhow::Result<()> {
        let convention = match self.play {
            Play::Normal => "normal play: whoever makes the last move wins",
            Play::Misere => "misère play: whoever makes the last move loses",
        };
        let start = json!({
            "event": "start",
            "game": self.game.name(),
            "position": json_numbers(self.current()),
            "play": play_name(self.play),
            "first": if self.first == First::Me { "you" } else { "nimlab" },
        });
        let text = format!(
            "{} from {}: you against nimlab ({convention}).\n{HELP}",
            self.game.name(),
            spaced(self.current())
        );
        self.emit(out, &text, start)?;
        loop {
            let moves = self.game.options(self.current())?;
            if moves.is_empty() {
                return self.game_over(out);
            }
            if !self.person_to_move() {
                self.nimlab_moves(out)?;
                continue;
            }
            if self.json {
                writeln!(
                    out,
                    "{}",
                    json!({ "event": "your_turn", "position": json_numbers(self.current()) })
                )?;
            } else {
                write!(out, "position: {}\nyour move> ", spaced(self.current()))?;
            }
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                let event = json!({ "event": "end_of_input", "position": json_numbers(self.current()) });
                self.emit(out, "\nend of input: the game is left unfinished.", event)?;
                return Ok(());
            }
            match parse_command(&line) {
                Err(message) => self.error(out, &message)?,
                Ok(Command::Empty) => {}
                Ok(Command::Help) => self.emit(out, HELP, json!({ "event": "help", "message": HELP }))?,
                Ok(Command::Quit) => {
                    self.emit(
                        out,
                        "bye.",
                        json!({ "event": "quit", "position": json_numbers(self.current()) }),
                    )?;
                    return Ok(());
                }
                Ok(Command::Undo) => self.undo(out)?,
                Ok(Command::Hint) => self.hint(out)?,
                Ok(Command::Move(typed)) => match find_move(&moves, &typed) {
                    Ok(chosen) => {
                        let text = format!("you: {} -> {}", chosen.text, spaced(&chosen.to));
                        self.emit(out, &text, move_event("you", chosen))?;
                        self.history.push(chosen.to.clone());
                    }
                    Err(message) => self.error(out, &message)?,
                },
            }
        }
    }

    /// A mistake of the person's (a malformed or illegal move); the prompt comes again.
    fn error(&self, out: &mut dyn Write, message: &str) -> io::Result<()> {
        self.emit(out, message, json!({ "event": "error", "message": message }))
    }

    fn nimlab_moves(&mut self, out: &mut dyn Write) -> anyhow::Result<()> {
        let Some(chosen) = reply(self.game, self.current(), self.play)? else {
            return Ok(());
        };
        let text = format!(
            "nimlab: {} -> {}  ({})",
            chosen.report.text,
            spaced(&chosen.report.to),
            chosen.basis.explanation()
        );
        let mut event = move_event("nimlab", &chosen.report);
        event["basis"] = json!(chosen.basis.name());
        event["explanation"] = json!(chosen.basis.explanation());
        self.emit(out, &text, event)?;
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
        let event = json!({
            "event": "game_over",
            "position": json_numbers(self.current()),
            "last_mover": last,
            "winner": if person_wins { "you" } else { "nimlab" },
            "play": play_name(self.play),
        });
        self.emit(out, &text, event)?;
        Ok(())
    }

    fn undo(&mut self, out: &mut dyn Write) -> anyhow::Result<()> {
        // On the person's turn the last move was nimlab's reply to the person's move: take back
        // both, which needs a position of the person's before them.
        if self.history.len() >= 3 {
            self.history.truncate(self.history.len() - 2);
            let text = format!("undone: back to {}", spaced(self.current()));
            self.emit(out, &text, json!({ "event": "undo", "position": json_numbers(self.current()) }))?;
        } else {
            self.error(out, "nothing to undo: you have not moved yet")?;
        }
        Ok(())
    }

    fn hint(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        match self.game.analyze(self.current(), Method::Auto, self.play) {
            Ok(analysis) => {
                let standing = match analysis.outcome {
                    Outcome::N => "you are winning (an N-position)",
                    Outcome::P => {
                        "you are losing against best play (a P-position): every move leaves nimlab a win"
                    }
                };
                let mut text = format!("hint: {standing}.\n  why: {}", analysis.reason);
                for m in &analysis.winning_moves {
                    text += &format!("\n  winning move: {} -> type `{}`", m.text, spaced(&m.to));
                }
                let solved = analysis_json(&self.game.name(), self.current(), self.play, &analysis);
                self.emit(out, &text, json!({ "event": "hint", "analysis": solved }))?;
            }
            Err(error) => {
                let message = format!("nimlab cannot analyse this position: {error}");
                self.emit(out, &format!("hint: {message}"), json!({ "event": "hint", "error": message }))?;
            }
        }
        Ok(())
    }
}

/// The JSON event of a move by `player` ("you" or "nimlab").
fn move_event(player: &str, report: &MoveReport) -> Value {
    let mut event = move_json(report);
    event["event"] = json!("move");
    event["player"] = json!(player);
    event
}

/// The legal move a person meant: the one leading exactly to `typed`, or the only one whose
/// position starts with `typed` (for positions with a trailing parameter).
///
/// # Errors
/// A message naming a few legal moves.
fn find_move<'m>(moves: &'m [MoveReport], typed: &[BigUint]) -> Result<&'m MoveReport, String> {
    if let Some(exact) = moves.iter().find(|m| m.to == typed) {
        return Ok(exact);
    }
    let prefixed: Vec<&MoveReport> = moves.iter().filter(|m| m.to.starts_with(typed)).collect();
    if let [only] = prefixed.as_slice() {
        return Ok(only);
    }
    const SHOWN: usize = 6;
    let examples: Vec<String> = moves.iter().take(SHOWN).map(|m| format!("`{}`", spaced(&m.to))).collect();
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
        assert!(parse_command("take two").unwrap_err().contains("'take' is not a valid heap size"));
        assert!(parse_command("-3").unwrap_err().contains("must not be negative"));
    }
}
