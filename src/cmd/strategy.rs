//! `nimlab strategy apple 1 5 5 --max 3`: the winning player's whole plan, turn by turn, like
//! the paper's step table: the opening move, then the reply to every move of the opponent until
//! the game ends, grouped by rule where a rule applies.

use std::io::Write;

use nimlab_engine::rulesets::apple::strategy::{Line, Plan, Player, RulePlan, Strategy, DEFAULT_LINE_LIMIT};
use nimlab_reports::strategy::strategy;

use crate::game_args::{parse_position, GameArgs};
use crate::{write_json, Context};

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
    let position = parse_position(&args.position, &spec.info().drawing)?;
    let lines = usize::try_from(args.lines).unwrap_or(usize::MAX);
    let report = strategy(&spec, &position, lines, &cx.budget)?;
    if cx.json {
        write_json(out, &report)
    } else {
        Ok(write!(out, "{}", strategy_text(&report.game.game.to_string(), &report.strategy))?)
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

fn strategy_text(game: &str, s: &Strategy) -> String {
    let winner = player(s.winner);
    let mut text = format!("{game}, start {}: the {winner} player wins\n", tuple(&s.start));
    text.push_str("step  player  move\n");
    let mut step = 1;
    if let Some(opening) = &s.opening {
        text.push_str(&format!(
            "{step:<5} {winner:<7} {} -> {}: {}\n",
            tuple(&s.start),
            tuple(&opening.to),
            opening.text
        ));
        step += 1;
    }
    plan_text(&mut text, &s.plan, s.winner, step, 0);
    text
}

fn rule_text(text: &mut String, rule: &RulePlan, winner: Player, step: usize, indent: &str) {
    let loser = player(other(winner));
    let winner = player(winner);
    text.push_str(&format!(
        "{indent}from {} on, the {winner} player follows the {} rule: {}\n",
        tuple(&rule.position),
        rule.name,
        rule.invariant
    ));
    for (i, reply) in rule.replies.iter().enumerate() {
        let either = if rule.replies.len() == 1 {
            ""
        } else if i == 0 {
            "either "
        } else {
            "or "
        };
        text.push_str(&format!("{indent}{step:<5} {loser:<7} {either}{}\n", reply.loser));
        text.push_str(&format!(
            "{indent}{:<5} {winner:<7} {} -> {}\n",
            step + 1,
            reply.reply,
            reply.leads_to
        ));
    }
    text.push_str(&format!("{indent}...   repeat steps {step}-{} until the end: {}\n", step + 1, rule.ends));
}

fn plan_text(text: &mut String, plan: &Plan, winner: Player, step: usize, depth: usize) {
    let indent = "  ".repeat(depth);
    match plan {
        Plan::Over => text.push_str(&format!(
            "{indent}the game is over: the {} player took the last apple\n",
            player(winner)
        )),
        Plan::Rule(rule) => rule_text(text, rule, winner, step, &indent),
        Plan::Lines { lines } => {
            for Line { loser, reply, then } in lines {
                text.push_str(&format!(
                    "{indent}{step:<5} {:<7} -> {}: {}\n",
                    player(other(winner)),
                    tuple(&loser.to),
                    loser.text
                ));
                text.push_str(&format!(
                    "{indent}{:<5} {:<7} -> {}: {}\n",
                    step + 1,
                    player(winner),
                    tuple(&reply.to),
                    reply.text
                ));
                plan_text(text, then, winner, step + 2, depth + 1);
            }
        }
    }
}
