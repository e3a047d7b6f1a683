//! Rendering engine answers as text and JSON. The JSON field names are a stable contract.

use nimlab_engine::solve::SumAnalysis;
use nimlab_engine::{Analysis, Basis, BigUint, MoveReport, Outcome, Play};
use num_traits::ToPrimitive;
use serde_json::{json, Value};

/// The largest integer every JSON reader represents exactly (2^53).
const JSON_SAFE: u64 = 1 << 53;

/// A number as JSON: a number up to 2^53, a decimal string above.
pub fn json_number(n: &BigUint) -> Value {
    match n.to_u64() {
        Some(v) if v <= JSON_SAFE => json!(v),
        _ => json!(n.to_string()),
    }
}

/// A list of numbers as JSON.
pub fn json_numbers(ns: &[BigUint]) -> Value {
    Value::Array(ns.iter().map(json_number).collect())
}

/// Numbers separated by spaces.
pub fn spaced(ns: &[BigUint]) -> String {
    ns.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" ")
}

/// "normal" or "misere".
pub fn play_name(play: Play) -> &'static str {
    match play {
        Play::Normal => "normal",
        Play::Misere => "misere",
    }
}

/// Who wins, in words.
pub fn outcome_words(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::N => "N (the player to move wins)",
        Outcome::P => "P (the player to move loses: the second player wins)",
    }
}

/// One move as JSON: `{"move": text, "to": position}`.
pub fn move_json(m: &MoveReport) -> Value {
    json!({ "move": m.text, "to": json_numbers(&m.to) })
}

fn basis_json(basis: &Basis) -> (Value, Value, Value) {
    match basis {
        Basis::Theory(theorem) => (json!("theory"), json!(theorem), Value::Null),
        Basis::Search { states } => (json!("search"), Value::Null, json!(states)),
    }
}

/// The JSON object for one analysed position.
pub fn analysis_json(game: &str, position: &[BigUint], play: Play, analysis: &Analysis) -> Value {
    let (basis, theorem, states) = basis_json(&analysis.basis);
    json!({
        "game": game,
        "position": json_numbers(position),
        "play": play_name(play),
        "outcome": analysis.outcome.as_str(),
        "grundy": analysis.grundy.as_ref().map_or(Value::Null, json_number),
        "winning_moves": analysis.winning_moves.iter().map(move_json).collect::<Vec<_>>(),
        "moves_complete": analysis.moves_complete,
        "reason": analysis.reason,
        "basis": basis,
        "theorem": theorem,
        "search_states": states,
    })
}

/// The text report for one analysed position.
pub fn analysis_text(game: &str, position: &[BigUint], play: Play, analysis: &Analysis) -> String {
    let mut text = format!("{game} {}", spaced(position));
    if play == Play::Misere {
        text.push_str(" (misère play: whoever takes the last stone loses)");
    }
    text.push('\n');
    text.push_str(&format!("outcome: {}\n", outcome_words(analysis.outcome)));
    let grundy = match (&analysis.grundy, play) {
        (Some(g), _) => g.to_string(),
        (None, Play::Misere) => "undefined under misère play".into(),
        (None, Play::Normal) => "unknown (no closed form, and too large to search)".into(),
    };
    text.push_str(&format!("Grundy value: {grundy}\n"));
    text.push_str(&format!("reason: {}\n", analysis.reason));
    text.push_str(&moves_text(&analysis.winning_moves, analysis.moves_complete));
    text.push_str(&match &analysis.basis {
        Basis::Theory(theorem) => format!("basis: theory ({theorem})\n"),
        Basis::Search { states } => format!("basis: search ({states} states in memory)\n"),
    });
    text
}

fn moves_text(moves: &[MoveReport], complete: bool) -> String {
    if moves.is_empty() {
        return "winning moves: none\n".into();
    }
    let heading = if complete { "winning moves" } else { "winning moves (some of them)" };
    let mut text = format!("{heading}:\n");
    for m in moves {
        text.push_str(&format!("  {:<40} -> {}\n", m.text, spaced(&m.to)));
    }
    text
}

/// The JSON object for a sum; `parts` are (game name, position) pairs.
pub fn sum_json(parts: &[(String, Vec<BigUint>)], sum: &SumAnalysis) -> Value {
    json!({
        "game": "sum",
        "parts": parts.iter().zip(&sum.part_values).map(|((game, position), value)| json!({
            "game": game,
            "position": json_numbers(position),
            "grundy": json_number(value),
        })).collect::<Vec<_>>(),
        "position": parts.iter().map(|(_, p)| json_numbers(p)).collect::<Vec<_>>(),
        "play": "normal",
        "outcome": sum.outcome.as_str(),
        "grundy": json_number(&sum.grundy),
        "winning_moves": sum.winning_moves.iter().map(|m| json!({
            "part": m.part,
            "move": format!("in part {} ({}): {}", m.part + 1, parts[m.part].0, m.report.text),
            "to": json_numbers(&m.report.to),
        })).collect::<Vec<_>>(),
        "reason": sum.reason,
    })
}

/// The text report for a sum.
pub fn sum_text(parts: &[(String, Vec<BigUint>)], sum: &SumAnalysis) -> String {
    let mut text = String::from("sum of:\n");
    for (i, ((game, position), value)) in parts.iter().zip(&sum.part_values).enumerate() {
        text.push_str(&format!("  {}. {game} {}  (Grundy value {value})\n", i + 1, spaced(position)));
    }
    text.push_str(&format!("outcome: {}\n", outcome_words(sum.outcome)));
    text.push_str(&format!("Grundy value: {}\n", sum.grundy));
    text.push_str(&format!("reason: {}\n", sum.reason));
    if sum.winning_moves.is_empty() {
        text.push_str("winning moves: none\n");
    } else {
        text.push_str("winning moves:\n");
        for m in &sum.winning_moves {
            let label = format!("in part {} ({}): {}", m.part + 1, parts[m.part].0, m.report.text);
            text.push_str(&format!("  {label:<50} -> {}\n", spaced(&m.report.to)));
        }
    }
    text
}

/// The JSON object listing every legal move of a position (`/api/options`).
pub fn options_json(game: &str, position: &[BigUint], play: Play, moves: &[MoveReport]) -> Value {
    json!({
        "game": game,
        "position": json_numbers(position),
        "play": play_name(play),
        "moves": moves.iter().map(move_json).collect::<Vec<_>>(),
    })
}

/// The JSON object for nimlab's reply from a position (`/api/move`): the move (null when the
/// game is over), why, and whether the game is over after it.
pub fn reply_json(
    game: &str,
    position: &[BigUint],
    play: Play,
    reply: Option<&crate::opponent::Reply>,
    game_over_after: bool,
) -> Value {
    let (outcome, remoteness) = match reply.map(|r| &r.basis) {
        Some(crate::opponent::ReplyBasis::Remoteness { outcome, remoteness }) => {
            (json!(outcome.as_str()), json!(remoteness))
        }
        _ => (Value::Null, Value::Null),
    };
    json!({
        "game": game,
        "position": json_numbers(position),
        "play": play_name(play),
        "move": reply.map_or(Value::Null, |r| move_json(&r.report)),
        "basis": reply.map_or(Value::Null, |r| json!(r.basis.name())),
        "explanation": reply.map_or(Value::Null, |r| json!(r.basis.explanation())),
        "outcome": outcome,
        "remoteness": remoteness,
        "game_over": reply.is_none() || game_over_after,
    })
}
