//! Pieces of the text layout shared by the commands.

use nimlab_engine::{Basis, BigUint, GrundyValue, MoveReport, Outcome, Play};

/// Positions longer than this are shown by their first numbers, and a move by its change.
const SHOWN_NUMBERS: usize = 12;

/// Numbers separated by spaces.
pub fn spaced(ns: &[BigUint]) -> String {
    ns.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" ")
}

/// A position for a heading: every number, or the first ones and the count for a long one.
pub fn position_text(ns: &[BigUint]) -> String {
    if ns.len() <= SHOWN_NUMBERS {
        spaced(ns)
    } else {
        format!("{} ... ({} numbers)", spaced(&ns[..SHOWN_NUMBERS]), ns.len())
    }
}

/// `text` followed by spaces to fill `width` columns of a terminal: Chinese characters take two
/// columns each, so `format!("{:<40}")`, which counts characters, would misalign them.
pub fn padded(text: &str, width: usize) -> String {
    let columns = unicode_width::UnicodeWidthStr::width(text);
    format!("{text}{}", " ".repeat(width.saturating_sub(columns)))
}

/// Where a move leads: the whole position, or for a long one only what changed
/// ("number 17: 3 -> 1").
pub fn destination(from: &[BigUint], to: &[BigUint]) -> String {
    if to.len() <= SHOWN_NUMBERS || from.len() != to.len() {
        return position_text(to);
    }
    let changes: Vec<String> = from
        .iter()
        .zip(to)
        .enumerate()
        .filter(|(_, (f, t))| f != t)
        .map(|(i, (f, t))| format!("number {}: {f} -> {t}", i + 1))
        .collect();
    changes.join(", ")
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

/// A Grundy value in words.
pub fn grundy_words(grundy: &GrundyValue) -> String {
    match grundy {
        GrundyValue::Value(g) => g.to_string(),
        GrundyValue::Undefined => "undefined under misère play".into(),
        GrundyValue::Unknown => "unknown (no closed form, and a search would not fit the budget)".into(),
    }
}

/// The basis line.
pub fn basis_line(basis: &Basis) -> String {
    match basis {
        Basis::Theory(theorem) => format!("basis: theory ({theorem})\n"),
        Basis::Search { states } => format!("basis: search ({states} states in memory)\n"),
    }
}

/// A list of moves under a heading, with "... and K more" when the list was cut.
pub fn moves_text(
    heading: &str,
    from: &[BigUint],
    moves: &[MoveReport],
    count: Option<u64>,
    complete: bool,
    label: impl Fn(&MoveReport) -> String,
) -> String {
    if moves.is_empty() {
        return format!("{heading}: none\n");
    }
    let more = count.map_or(0, |c| c.saturating_sub(moves.len() as u64));
    let heading =
        if complete || more > 0 { heading.to_string() } else { format!("{heading} (some of them)") };
    let mut text = format!("{heading}:\n");
    for m in moves {
        text.push_str(&format!("  {} -> {}\n", padded(&label(m), 40), destination(from, &m.to)));
    }
    if more > 0 {
        text.push_str(&format!(
            "  ... and {more} more (--all lists them; a very long list needs a larger --budget)\n"
        ));
    }
    text
}
