//! `nimlab solve GAME POSITION --players N`: the `n`-player answer under the standard alliance
//! matrix, as text or JSON.

use std::io::Write;

use nimlab_engine::{AnyGame, Basis, BigUint, Method, MultiAnalysis, MultiMove, Terminal};
use serde_json::{json, Map, Value};

use crate::render::{json_number, json_numbers, spaced};

/// Parses `--players`: an integer of at least 2.
///
/// # Errors
/// A message for clap (which exits with status 2) for anything else.
pub fn parse_players(text: &str) -> Result<u32, String> {
    let players: u32 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of players: expected an integer of at least 2"))?;
    if players < 2 {
        return Err(format!("a game needs at least 2 players, got {players}"));
    }
    Ok(players)
}

/// Answers for `players` players and writes the report.
///
/// # Errors
/// Engine errors (no theory for `--method theory`, too large or too deep to search); I/O.
pub fn run(
    game: &dyn AnyGame,
    position: &[BigUint],
    players: u32,
    method: Method,
    json: bool,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let analysis = game.analyze_players(position, players, method)?;
    if json {
        writeln!(out, "{}", analysis_json(&game.name(), position, &analysis))?;
    } else {
        write!(out, "{}", analysis_text(&game.name(), position, &analysis))?;
    }
    Ok(())
}

/// `"mover-wins"` or `"last-mover-wins"`.
fn terminal_name(terminal: Terminal) -> &'static str {
    match terminal {
        Terminal::MoverWins => "mover-wins",
        Terminal::LastMoverWins => "last-mover-wins",
    }
}

fn move_json(m: &MultiMove) -> Value {
    json!({ "move": m.text, "to": json_numbers(&m.to), "value": m.value, "optimal": m.optimal })
}

/// The JSON object of an `n`-player answer.
fn analysis_json(game: &str, position: &[BigUint], a: &MultiAnalysis) -> Value {
    let (basis, theorem, states) = match &a.basis {
        Basis::Theory(theorem) => (json!("theory"), json!(theorem), Value::Null),
        Basis::Search { states } => (json!("search"), Value::Null, json!(states)),
    };
    let measures: Map<String, Value> = a.measures.iter().map(|(k, v)| (k.clone(), json_number(v))).collect();
    json!({
        "game": game,
        "position": json_numbers(position),
        "players": a.players,
        "terminal": terminal_name(a.terminal),
        "value": a.value,
        "winner": a.winner(),
        "measures": measures,
        "moves": a.moves.iter().map(move_json).collect::<Vec<_>>(),
        "optimal_moves": a.optimal_moves().map(move_json).collect::<Vec<_>>(),
        "moves_complete": a.moves_complete,
        "reason": a.reason,
        "basis": basis,
        "theorem": theorem,
        "search_states": states,
    })
}

fn moves_text(heading: &str, moves: &[&MultiMove]) -> String {
    let mut text = format!("{heading}:\n");
    if moves.is_empty() {
        text.push_str("  none\n");
    }
    for m in moves {
        text.push_str(&format!("  {:<40} -> {} (value {})\n", m.text, spaced(&m.to), m.value));
    }
    text
}

/// The text report of an `n`-player answer.
fn analysis_text(game: &str, position: &[BigUint], a: &MultiAnalysis) -> String {
    let n = a.players;
    let mut text = format!(
        "{game} {} with {n} players P_0..P_{} (P_0 moves; {})\n",
        spaced(position),
        n - 1,
        a.terminal.describe()
    );
    text.push_str(&format!("value: g = {}, so P_{} wins\n", a.value, a.winner()));
    if !a.measures.is_empty() {
        let measures: Vec<String> = a.measures.iter().map(|(k, v)| format!("{k} = {v}")).collect();
        text.push_str(&format!("{}\n", measures.join(", ")));
    }
    text.push_str(&format!("reason: {}\n", a.reason));
    let optimal: Vec<&MultiMove> = a.optimal_moves().collect();
    text.push_str(&moves_text("optimal moves", &optimal));
    let all: Vec<&MultiMove> = a.moves.iter().collect();
    let heading = if a.moves_complete { "all moves" } else { "all moves (one per class of equal options)" };
    if !all.is_empty() {
        text.push_str(&moves_text(heading, &all));
    }
    text.push_str(&match &a.basis {
        Basis::Theory(theorem) => format!("basis: theory ({theorem})\n"),
        Basis::Search { states } => format!("basis: search ({states} states in memory)\n"),
    });
    text
}

#[cfg(test)]
mod tests {
    use super::parse_players;

    #[test]
    fn players_parse() {
        assert_eq!(parse_players("3"), Ok(3));
        assert!(parse_players("1").unwrap_err().contains("at least 2 players"));
        assert!(parse_players("0").unwrap_err().contains("at least 2 players"));
        assert!(parse_players("three").unwrap_err().contains("'three' is not a number of players"));
        assert!(parse_players("-2").is_err());
    }
}
