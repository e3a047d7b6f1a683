//! `nimlab verify`: closed-form theory against exhaustive search, for the user to see.

use std::io::Write;

use nimlab_engine::{Play, VerifyReport};
use nimlab_reports::verify::{verify, VerifyRequest};

use crate::cmd::parse_players;
use crate::errors::Failure;
use crate::game_args::GameParams;
use crate::text::spaced;
use crate::{progress, write_json, Context};

/// Arguments of `nimlab verify`.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "Without a game, every closed form is checked: each game's two-player theory in normal and \
                  misère play, and the n-player theorems for 2 to 7 players (or --players N).\n\n\
                  Examples:\n  nimlab verify\n  nimlab verify wythoff --upto 60\n  \
                  nimlab verify bash --max 5 --upto 1000 --misere\n  nimlab verify large-nim --players 3\n  \
                  nimlab verify --json"
)]
pub struct Args {
    /// The game to verify (default: every game, with example parameters, both plays).
    pub game: Option<String>,
    #[command(flatten)]
    pub params: GameParams,
    /// Check every position whose numbers are all at most N (default: per game).
    #[arg(long, value_name = "N", value_parser = crate::game_args::count)]
    pub upto: Option<u64>,
    /// Verify the misère theory (default for one game: normal play).
    #[arg(long, conflicts_with = "players")]
    pub misere: bool,
    /// Verify the n-player closed forms for N >= 2 players (standard alliance matrix): the value
    /// and every option's value, on each position where a closed form applies.
    #[arg(long, value_name = "N", value_parser = parse_players)]
    pub players: Option<u32>,
}

/// Runs `nimlab verify`.
///
/// # Errors
/// Usage errors for bad input; a failure when a counterexample is found.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    let spec = match &args.game {
        Some(name) => Some(args.params.spec(name)?),
        None if !args.params.is_empty() => {
            return crate::usage("game parameters need a game, e.g. nimlab verify bash --max 5")
        }
        None => None,
    };
    let request =
        VerifyRequest { spec, bound: args.upto, play: crate::cmd::play(args.misere), players: args.players };
    let bar = progress::bar("positions");
    let report = verify(&request, &cx.budget, &progress::update(&bar))?;
    bar.finish_and_clear();
    if cx.json {
        write_json(out, &report)?;
    } else {
        for r in &report.reports {
            writeln!(out, "{}", report_text(r))?;
        }
    }
    if !report.all_agree {
        return Err(Failure("theory and search disagree (see the counterexample above)".into()).into());
    }
    Ok(())
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
