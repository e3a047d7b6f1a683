//! `nimlab strategy apple 1 5 5 --max 3`: the winning player's whole plan, turn by turn, like
//! the paper's step table: the opening move, then the reply to every move of the opponent until
//! the game ends, grouped by rule where a rule applies.

use std::io::{self, Write};

use nimlab_engine::{Line, Plan, Player, RulePlan, Strategy};
use nimlab_reports::strategy::{strategy, DEFAULT_LINE_LIMIT};

use crate::game_args::GameArgs;
use crate::{write_json, Context};
use nimlab_reports::request::{position_numbers, Limits};

/// Arguments of `nimlab strategy`.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "Examples:\n  nimlab strategy apple 1 5 5 --max 3\n  nimlab strategy apple 8 2 2 --max 3 --json\n  nimlab strategy apple 3 5 7 --max 2"
)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// The position: pile sizes.
    #[arg(required = true)]
    pub position: Vec<String>,
    /// The most opponent moves listed one by one where no rule applies.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_LINE_LIMIT as u64, value_parser = crate::game_args::count)]
    pub lines: u64,
}

/// Runs `nimlab strategy`.
///
/// # Errors
/// Usage errors for bad input; a failure when the plan needs more lines than `--lines` or a
/// search exceeds the budget.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    let spec = args.game.spec()?;
    let position = position_numbers(&spec, &args.position, &Limits::default())?;
    let lines = usize::try_from(args.lines).unwrap_or(usize::MAX);
    let report = strategy(&spec, &position, lines, &cx.budget)?;
    if cx.json {
        write_json(out, &report)
    } else {
        Ok(write_strategy(out, &report.game.game.to_string(), &report.strategy)?)
    }
}

fn player(p: Player) -> &'static str {
    match p {
        Player::First => "first",
        Player::Second => "second",
    }
}

fn other(p: Player) -> Player {
    match p {
        Player::First => Player::Second,
        Player::Second => Player::First,
    }
}

fn tuple(piles: &[nimlab_engine::BigUint]) -> String {
    let parts: Vec<String> = piles.iter().map(ToString::to_string).collect();
    format!("({})", parts.join(", "))
}

/// Writes the plan as text, line by line (a plan of a million lines is not built as one string).
fn write_strategy(out: &mut dyn Write, game: &str, s: &Strategy) -> io::Result<()> {
    let winner = player(s.winner);
    writeln!(out, "{game}, start {}: the {winner} player wins", tuple(&s.start))?;
    writeln!(out, "step  player  move")?;
    let mut step = 1;
    if let Some(opening) = &s.opening {
        writeln!(
            out,
            "{step:<5} {winner:<7} {} -> {}: {}",
            tuple(&s.start),
            tuple(&opening.to),
            opening.text
        )?;
        step += 1;
    }
    write_plan(out, &s.plan, s.winner, step, 0)
}

fn write_rule(
    out: &mut dyn Write,
    rule: &RulePlan,
    winner: Player,
    step: usize,
    indent: &str,
) -> io::Result<()> {
    let loser = player(other(winner));
    let winner = player(winner);
    writeln!(
        out,
        "{indent}from {} on, the {winner} player follows the {} rule: {}",
        tuple(&rule.position),
        rule.name,
        rule.invariant
    )?;
    for (i, reply) in rule.replies.iter().enumerate() {
        let either = if rule.replies.len() == 1 {
            ""
        } else if i == 0 {
            "either "
        } else {
            "or "
        };
        writeln!(out, "{indent}{step:<5} {loser:<7} {either}{}", reply.loser)?;
        writeln!(out, "{indent}{:<5} {winner:<7} {} -> {}", step + 1, reply.reply, reply.leads_to)?;
    }
    writeln!(out, "{indent}...   repeat steps {step}-{} until the end: {}", step + 1, rule.ends)
}

fn write_plan(out: &mut dyn Write, plan: &Plan, winner: Player, step: usize, depth: usize) -> io::Result<()> {
    let indent = "  ".repeat(depth);
    match plan {
        Plan::Over => {
            writeln!(out, "{indent}the game is over: the {} player took the last apple", player(winner))
        }
        Plan::Rule(rule) => write_rule(out, rule, winner, step, &indent),
        Plan::Lines { lines } => {
            for Line { loser, reply, then } in lines {
                writeln!(
                    out,
                    "{indent}{step:<5} {:<7} -> {}: {}",
                    player(other(winner)),
                    tuple(&loser.to),
                    loser.text
                )?;
                writeln!(
                    out,
                    "{indent}{:<5} {:<7} -> {}: {}",
                    step + 1,
                    player(winner),
                    tuple(&reply.to),
                    reply.text
                )?;
                write_plan(out, then, winner, step + 2, depth + 1)?;
            }
            Ok(())
        }
    }
}
