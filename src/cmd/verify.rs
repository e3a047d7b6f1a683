//! `nimlab verify`: closed-form theory against exhaustive search, for the user to see.

use std::io::Write;

use nimlab_engine::rulesets::RULESETS;
use nimlab_engine::verify::VerifyReport;
use nimlab_engine::{build_ruleset, Budget, EngineError, Play};
use serde_json::{json, Value};

use crate::game_args::GameOptions;
use crate::render::{json_numbers, play_name, spaced};
use crate::UsageError;

/// Arguments of `nimlab verify`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Without a game, every closed form is checked: each game's two-player theory in normal and \
                  misère play, and the n-player theorems for 2 to 7 players (or --players N).\n\n\
                  Examples:\n  nimlab verify\n  nimlab verify wythoff --upto 60\n  \
                  nimlab verify bash --max 5 --upto 1000 --misere\n  nimlab verify large-nim --players 3\n  \
                  nimlab verify --json"
)]
pub struct Args {
    /// The game to verify (default: every game, with default parameters, both plays).
    pub game: Option<String>,
    #[command(flatten)]
    pub options: GameOptions,
    /// Check every position whose numbers are all at most N (default: per game).
    #[arg(long, value_name = "N")]
    pub upto: Option<u64>,
    /// Verify the misère theory (default for one game: normal play).
    #[arg(long, conflicts_with = "players")]
    pub misere: bool,
    /// Verify the n-player closed forms for N >= 2 players (standard alliance matrix): the value
    /// and every option's value, on each position where a closed form applies.
    #[arg(long, value_name = "N", value_parser = crate::cmd::players::parse_players)]
    pub players: Option<u32>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// A counterexample found by `verify`: a runtime failure (exit status 1).
#[derive(Debug)]
struct CounterexampleFound;

impl std::fmt::Display for CounterexampleFound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("theory and search disagree (see the counterexample above)")
    }
}

impl std::error::Error for CounterexampleFound {}

/// Runs `nimlab verify`.
///
/// # Errors
/// Usage errors for bad input; a runtime error when a counterexample is found.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut reports = Vec::new();
    match &args.game {
        Some(name) => {
            let game = args.options.game(name)?;
            let bound = args.upto.unwrap_or_else(|| default_bound(name));
            let play = crate::cmd::play(args.misere);
            reports.push(match args.players {
                Some(players) => game.verify_players(bound, players)?,
                None if game.theorem(play).is_none() => {
                    return Err(UsageError(format!(
                        "{} has no two-player closed form to verify under {} play (for n-player theorems add --players N)",
                        game.name(),
                        play_name(play)
                    ))
                    .into())
                }
                None => game.verify(bound, play)?,
            });
        }
        None => {
            let player_counts = args.players.map_or(DEFAULT_PLAYERS, |n| n..=n);
            for info in RULESETS {
                let game = build_ruleset(&(info.default_spec)(), Budget(args.options.budget))?;
                let bound = args.upto.unwrap_or(info.verify_bound);
                if args.players.is_none() {
                    for play in [Play::Normal, Play::Misere] {
                        if game.theorem(play).is_some() {
                            reports.push(game.verify(bound, play)?);
                        }
                    }
                }
                for players in player_counts.clone() {
                    match game.verify_players(bound, players) {
                        Err(EngineError::NoTheory(_)) => {}
                        other => reports.push(other?),
                    }
                }
            }
        }
    }
    if args.json {
        let list: Vec<Value> = reports.iter().map(report_json).collect();
        writeln!(
            out,
            "{}",
            json!({ "reports": list, "all_agree": reports.iter().all(|r| r.counterexample.is_none()) })
        )?;
    } else {
        for report in &reports {
            writeln!(out, "{}", report_text(report))?;
        }
    }
    if reports.iter().any(|r| r.counterexample.is_some()) {
        return Err(CounterexampleFound.into());
    }
    Ok(())
}

/// The player counts `nimlab verify` checks without `--players`: the paper's range.
const DEFAULT_PLAYERS: std::ops::RangeInclusive<u32> = 2..=7;

fn default_bound(name: &str) -> u64 {
    RULESETS.iter().find(|r| r.name == name).map_or(12, |r| r.verify_bound)
}

fn report_text(r: &VerifyReport) -> String {
    let setting = match (r.players, r.play) {
        (Some(players), _) => format!(" with {players} players"),
        (None, Play::Misere) => " (misère)".into(),
        (None, Play::Normal) => String::new(),
    };
    let what = if r.players.is_some() { " (the value and every option's value)" } else { "" };
    let head = format!(
        "{}{setting}: {}\n  checked {} positions with every number <= {} (search memo up to {} states)",
        r.game, r.theorem, r.positions, r.bound, r.search_states
    );
    let mut text = match &r.counterexample {
        None => format!("{head}: theory = search on all of them{what}"),
        Some(c) => format!("{head}\n  COUNTEREXAMPLE at {}: {}", spaced(&c.position), c.problem),
    };
    if r.uncovered > 0 {
        text +=
            &format!("\n  {} more positions in range have no closed form (search answers them)", r.uncovered);
    }
    text
}

fn report_json(r: &VerifyReport) -> Value {
    json!({
        "game": r.game,
        "theorem": r.theorem,
        "play": play_name(r.play),
        "players": r.players,
        "uncovered": r.uncovered,
        "bound": r.bound,
        "positions": r.positions,
        "search_states": r.search_states,
        "agree": r.counterexample.is_none(),
        "counterexample": r.counterexample.as_ref().map(|c| json!({
            "position": json_numbers(&c.position),
            "problem": c.problem,
        })),
    })
}
