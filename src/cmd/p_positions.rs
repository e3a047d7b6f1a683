//! `nimlab p-positions`: the first P-positions of a game, in order of their largest heap.

use std::io::Write;

use nimlab_engine::{AnyGame, BigUint, Method, Outcome, Play};
use serde_json::json;

use crate::cmd::{play, MethodArg};
use crate::game_args::GameOptions;
use crate::render::{json_numbers, play_name, spaced};
use crate::UsageError;

/// Arguments of `nimlab p-positions`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Where a closed form lists the P-positions (wythoff, bash; nim on one heap) they come from \
                  it, for any count; otherwise positions are searched in order of their largest heap, at most \
                  2,000,000 of them.\n\nExamples:\n  nimlab p-positions wythoff --count 10\n  \
                  nimlab p-positions wythoff --count 100000 --json\n  nimlab p-positions half --count 8\n  \
                  nimlab p-positions nim --heaps 3 --count 10 --json"
)]
pub struct Args {
    /// The game (see `nimlab games`).
    pub game: String,
    #[command(flatten)]
    pub options: GameOptions,
    /// How many P-positions to list.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=MAX_COUNT))]
    pub count: u64,
    /// How many heaps a position has (default: 1, or 2 for games that need two).
    #[arg(long)]
    pub heaps: Option<usize>,
    /// List every order of the heaps, not only non-decreasing ones.
    #[arg(long)]
    pub all_orders: bool,
    /// Misère play.
    #[arg(long)]
    pub misere: bool,
    /// List by closed-form theory, by search, or theory where it can list them.
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    pub method: MethodArg,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The most positions one listing examines.
const MAX_EXAMINED: usize = 2_000_000;
/// The most P-positions one listing may ask for.
const MAX_COUNT: u64 = 10_000_000;

/// Runs `nimlab p-positions`.
///
/// # Errors
/// Usage errors for bad input; engine errors when a search fails.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = args.options.game(&args.game)?;
    let play = play(args.misere);
    let heaps = match args.heaps {
        Some(0) => return Err(UsageError("--heaps must be at least 1".into()).into()),
        Some(h) => h,
        None if game.check_position(&[BigUint::default()]).is_ok() => 1,
        None => 2,
    };
    let count = args.count as usize;
    let by_theory = match args.method {
        MethodArg::Search => None,
        // Closed forms list non-decreasing positions on the default number of heaps.
        _ if args.heaps.is_some() || args.all_orders => None,
        _ => game.theory_p_positions(count, play),
    };
    if by_theory.is_none() && args.method == MethodArg::Theory {
        return Err(UsageError(format!(
            "{} has no closed form listing its P-positions here; use --method search or auto",
            game.name()
        ))
        .into());
    }
    let basis = if by_theory.is_some() { "theory" } else { "search" };
    let found = match by_theory {
        Some(found) => {
            if found.len() < count {
                eprintln!("note: there are no P-positions other than these {}", found.len());
            }
            found
        }
        None => search_p_positions(game.as_ref(), heaps, count, !args.all_orders, play)?,
    };
    if args.json {
        let list: Vec<_> = found.iter().map(|p| json_numbers(p)).collect();
        writeln!(
            out,
            "{}",
            json!({ "game": game.name(), "play": play_name(play), "basis": basis, "p_positions": list })
        )?;
    } else {
        writeln!(out, "{}: the first {} P-positions (by {basis})", game.name(), found.len())?;
        for (i, p) in found.iter().enumerate() {
            writeln!(out, "{i:>4}  {}", spaced(p))?;
        }
    }
    Ok(())
}

/// The first `count` P-positions of `heaps` heaps by search, in order of the largest heap,
/// examining at most [`MAX_EXAMINED`] positions.
fn search_p_positions(
    game: &dyn AnyGame,
    heaps: usize,
    count: usize,
    sorted: bool,
    play: Play,
) -> anyhow::Result<Vec<Vec<BigUint>>> {
    let mut found: Vec<Vec<BigUint>> = Vec::new();
    let mut largest: u64 = 0;
    let mut examined = 0usize;
    while found.len() < count {
        if examined >= MAX_EXAMINED {
            eprintln!(
                "note: stopped after examining {examined} positions (every heap < {largest}); found {}",
                found.len()
            );
            break;
        }
        for tuple in tuples_with_max(heaps, largest, sorted) {
            examined += 1;
            let numbers = game.check_position(&tuple)?;
            if game.analyze(&numbers, Method::Auto, play)?.outcome == Outcome::P {
                found.push(numbers);
                if found.len() == count {
                    break;
                }
            }
        }
        largest += 1;
    }
    Ok(found)
}

/// Every `len`-tuple of numbers whose largest is exactly `max`, in lexicographic order
/// (non-decreasing ones only when `sorted`).
fn tuples_with_max(len: usize, max: u64, sorted: bool) -> Vec<Vec<BigUint>> {
    let mut out = Vec::new();
    let mut current = vec![0u64; len];
    loop {
        let ok = current.contains(&max) && (!sorted || current.windows(2).all(|w| w[0] <= w[1]));
        if ok {
            out.push(current.iter().map(|&n| BigUint::from(n)).collect());
        }
        let mut i = len;
        loop {
            if i == 0 {
                return out;
            }
            i -= 1;
            if current[i] < max {
                current[i] += 1;
                break;
            }
            current[i] = 0;
        }
    }
}
