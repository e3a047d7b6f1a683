//! `nimlab p-positions`: the first P-positions of a game, in order of their largest heap.

use std::io::Write;

use nimlab_engine::listing::PRequest;
use nimlab_engine::Method;
use nimlab_reports::p_positions::p_positions;

use crate::cmd::{method_parser, play};
use crate::game_args::GameArgs;
use crate::progress;
use crate::text::spaced;
use crate::{write_json, Context};

/// Arguments of `nimlab p-positions`.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "Where a closed form lists the P-positions (wythoff, bash, half; nim on one heap) they come \
                  from it; otherwise positions are examined in order of their largest heap, each answered by \
                  theory where the game has a closed form and by search otherwise, until the count is reached \
                  or the budget runs out (then the positions found are listed and the reason is given).\n\n\
                  Examples:\n  nimlab p-positions wythoff --count 10\n  \
                  nimlab p-positions wythoff --count 100000 --json\n  nimlab p-positions half --count 8\n  \
                  nimlab p-positions nim --heaps 3 --count 10 --json"
)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// How many P-positions to list.
    #[arg(long, default_value_t = 10, value_parser = crate::game_args::positive)]
    pub count: u64,
    /// How many heaps a position has (default: 1, or 2 for games that need two).
    #[arg(long, value_parser = crate::game_args::heap_count)]
    pub heaps: Option<u64>,
    /// List every order of the heaps, not only non-decreasing ones.
    #[arg(long)]
    pub all_orders: bool,
    /// Misère play.
    #[arg(long)]
    pub misere: bool,
    /// List by closed-form theory, by search, or theory where it can list them.
    #[arg(long, default_value = "auto", value_parser = method_parser())]
    pub method: Method,
}

/// Runs `nimlab p-positions`.
///
/// # Errors
/// Usage errors for bad input; report errors.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    let request = PRequest {
        count: usize::try_from(args.count).unwrap_or(usize::MAX),
        heaps: args.heaps.map(|h| h as usize),
        all_orders: args.all_orders,
        play: play(args.misere),
        method: args.method,
    };
    let bar = progress::bar("P-positions");
    let report = p_positions(&args.game.spec()?, &request, &cx.budget, &progress::update(&bar))?;
    bar.finish_and_clear();
    if cx.json {
        return write_json(out, &report);
    }
    let listing = &report.listing;
    let basis = match listing.basis {
        nimlab_engine::listing::ListingBasis::Theory => "by theory",
        nimlab_engine::listing::ListingBasis::Search => "by search",
    };
    let found = match listing.p_positions.len() {
        1 => "the first P-position".to_string(),
        n => format!("the first {n} P-positions"),
    };
    writeln!(out, "{}: {found} ({basis})", report.game.game)?;
    for (i, p) in listing.p_positions.iter().enumerate() {
        // The page writes the position without heaps as ∅ too.
        let position = if p.is_empty() { "∅ (no heaps)".to_string() } else { spaced(p) };
        writeln!(out, "{i:>4}  {position}")?;
    }
    if let Some(stopped) = &listing.stopped {
        writeln!(out, "note: {stopped}")?;
    }
    Ok(())
}
