//! `nimlab solve`: one position, or a sum of positions.

use std::io::Write;

use clap::Parser;
use nimlab_engine::solve::{analyze_sum, SumPart};
use nimlab_engine::{AnyGame, BigUint, Method};

use crate::cmd::{play, MethodArg};
use crate::game_args::{clap_error_line, GameOptions};
use crate::render;
use crate::UsageError;

/// Arguments of `nimlab solve`.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "Examples:\n  nimlab solve nim 3 4 5\n  nimlab solve wythoff 165580140 267914295\n  nimlab solve bash 10 --max 3 --misere\n  nimlab solve subtraction 10 --set 1,3,4 --method search\n  nimlab solve nim 3 4 5 --json\n  nimlab solve --sum \"nim 3 4\" \"bash 10 --max 3\" \"subtraction 10 --set 1,3,4\""
)]
pub struct Args {
    /// The game (see `nimlab games`).
    #[arg(required_unless_present = "sum")]
    pub game: Option<String>,
    /// The position: heap sizes, non-negative integers of any size.
    pub position: Vec<String>,
    #[command(flatten)]
    pub options: GameOptions,
    /// Misère play: whoever makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// Answer by closed-form theory, by search, or theory where it exists.
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    pub method: MethodArg,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// A disjunctive sum: each value is one game and its position, quoted, e.g. "nim 3 4".
    #[arg(long, num_args = 1.., value_name = "PART", conflicts_with_all = ["game", "position", "misere"])]
    pub sum: Option<Vec<String>>,
}

/// One part of a sum, parsed from its quoted text.
#[derive(Parser, Debug)]
#[command(no_binary_name = true, allow_negative_numbers = true)]
struct Part {
    game: String,
    position: Vec<String>,
    #[command(flatten)]
    options: GameOptions,
}

/// Runs `nimlab solve`.
///
/// # Errors
/// Usage errors for bad input; engine errors when a search fails.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    if let Some(parts) = &args.sum {
        return run_sum(parts, args, out);
    }
    let game_name = args.game.as_deref().unwrap_or_default();
    let (game, position) = args.options.build(game_name, &args.position)?;
    let play = play(args.misere);
    let analysis = game.analyze(&position, args.method.into(), play)?;
    if args.json {
        writeln!(out, "{}", render::analysis_json(&game.name(), &position, play, &analysis))?;
    } else {
        write!(out, "{}", render::analysis_text(&game.name(), &position, play, &analysis))?;
    }
    Ok(())
}

fn run_sum(texts: &[String], args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut games: Vec<(Box<dyn AnyGame>, Vec<BigUint>)> = Vec::new();
    for text in texts {
        let part = Part::try_parse_from(text.split_whitespace())
            .map_err(|e| UsageError(format!("in the sum part \"{text}\": {}", clap_error_line(&e))))?;
        let mut options = part.options.clone();
        options.budget = args.options.budget;
        games.push(options.build(&part.game, &part.position)?);
    }
    if games.is_empty() {
        return Err(UsageError(
            "--sum needs at least one part, e.g. --sum \"nim 3 4\" \"bash 5 --max 2\"".into(),
        )
        .into());
    }
    let parts: Vec<SumPart<'_>> = games
        .iter()
        .map(|(game, position)| SumPart { game: game.as_ref(), position: position.clone() })
        .collect();
    let method: Method = args.method.into();
    let sum = analyze_sum(&parts, method)?;
    let named: Vec<(String, Vec<BigUint>)> = games.iter().map(|(g, p)| (g.name(), p.clone())).collect();
    if args.json {
        writeln!(out, "{}", render::sum_json(&named, &sum))?;
    } else {
        write!(out, "{}", render::sum_text(&named, &sum))?;
    }
    Ok(())
}
