//! `nimlab solve`: one position (two or more players), or a sum of positions.

use std::io::Write;
use std::path::PathBuf;

use nimlab_engine::{Lang, Method, MultiMove};
use nimlab_reports::request::{Answer, Decided, Limits, Players, Question, Request};
use nimlab_reports::shards::{merge_shards, solve_sharded, ShardReport};
use nimlab_reports::solve::{PlayersReport, SolveAnswer, SolveReport, SumReport};
use nimlab_reports::{ReportError, DEFAULT_MAX_MOVES};
use nimlab_store::Shard;

use crate::cmd::loopy::read_graph;
use crate::cmd::{method_parser, play};
use crate::game_args::GameParams;
use crate::text::{basis_line, destination, grundy_words, moves_text, outcome_words, padded, position_text};
use crate::{usage, write_json, Context};

/// Arguments of `nimlab solve`.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "Examples:\n  nimlab solve nim 3 4 5\n  nimlab solve wythoff 165580140 267914295\n  nimlab solve bash 10 --max 3 --misere\n  nimlab solve subtraction 10 --set 1,3,4 --method search\n  nimlab solve nim 3 4 5 --json\n  nimlab solve large-nim 1 2 3 4 --players 3\n  nimlab solve turning-turtles THHTH\n  nimlab solve --sum \"nim 3 4\" \"wythoff 3 5\" \"subtraction 10 --set 1,3,4\"\n  nimlab solve cram --board 3x5 --db 3x5.sqlite --shard 0/2\n  nimlab solve cram --board 3x5 --db 3x5.sqlite --shard 1/2"
)]
pub struct Args {
    /// The game (see `nimlab games`).
    #[arg(required_unless_present = "sum")]
    pub game: Option<String>,
    /// The position: heap sizes (or what the game's numbers are: `nimlab games`), non-negative
    /// integers of any size; for a row of coins also the row as one word, e.g. THHTH.
    pub position: Vec<String>,
    #[command(flatten)]
    pub params: GameParams,
    /// Misère play: whoever makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// Answer by closed-form theory, by search, or theory where it exists.
    #[arg(long, default_value = "auto", value_parser = method_parser())]
    pub method: Method,
    /// Play with N >= 2 players P_0..P_{N-1} under the standard alliance matrix (P_0 moves).
    #[arg(long, value_name = "N", value_parser = parse_players)]
    pub players: Option<Players>,
    /// A disjunctive sum: each value is one game and its position, quoted, e.g. "nim 3 4".
    #[arg(long, num_args = 1.., value_name = "PART", conflicts_with_all = ["game", "position"])]
    pub sum: Option<Vec<String>>,
    /// List every winning move (default: the first 20, and how many there are).
    #[arg(long)]
    pub all: bool,
    /// Value the position's options one by one into this SQLite store (resumed where it stops),
    /// and answer from it once it holds every option.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["sum", "players", "misere"])]
    pub db: Option<PathBuf>,
    /// With --db: value only shard I of N (0 <= I < N) of the options, a stable split by option.
    #[arg(long, value_name = "I/N", requires = "db", value_parser = parse_shard)]
    pub shard: Option<Shard>,
    /// With --db: first merge these shards' stores into it.
    #[arg(long, num_args = 1.., value_name = "FILE", requires = "db")]
    pub merge: Vec<PathBuf>,
}

fn parse_shard(text: &str) -> Result<Shard, String> {
    text.parse()
}

/// Parses `--players` through the reports' one text form.
fn parse_players(text: &str) -> Result<Players, String> {
    text.parse().map_err(|e: nimlab_reports::CommandError| e.to_string())
}

/// Runs `nimlab solve`: the arguments as one [`Request`], decided by the reports.
///
/// # Errors
/// Usage errors for bad input; report errors when a search fails.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    let max_moves = if args.all { usize::MAX } else { DEFAULT_MAX_MOVES };
    let budget = &cx.budget;
    let question = match &args.sum {
        Some(parts) => {
            if !args.params.is_empty() {
                return usage(
                    "with --sum, give each part's parameters inside its quotes, e.g. \"bash 10 --max 3\"",
                );
            }
            let parts = parts.iter().map(|p| p.parse()).collect::<Result<Vec<_>, ReportError>>()?;
            Question::Sum { parts }
        }
        None => Question::Solve {
            game: args.params.spec(args.game.as_deref().unwrap_or_default())?.into(),
            position: args.position.clone(),
        },
    };
    let request = Request {
        question,
        play: play(args.misere),
        players: args.players,
        method: args.method,
        lang: cx.lang,
        limits: Limits { max_moves, ..Limits::default() },
    };
    // A graph read from a file: the command line reads it (the reports read no files).
    let decided = request.decide(&read_graph)?;
    if let (Some(db), Decided::Solve(request)) = (&args.db, &decided) {
        if !args.merge.is_empty() {
            let (read, added) = merge_shards(db, &args.merge)?;
            eprintln!(
                "merged {} stores into {}: {read} options read, {added} new",
                args.merge.len(),
                db.display()
            );
        }
        let report = solve_sharded(request, db, args.shard, budget)?;
        return if cx.json { write_json(out, &report) } else { Ok(write!(out, "{}", shard_text(&report))?) };
    }
    match decided.answer(&read_graph, budget)? {
        Answer::Solve(answer) => write_answer(answer, cx, out),
        Answer::Sum(report) if !cx.json => Ok(write!(out, "{}", sum_text(&report))?),
        // A sum's JSON; a table is not asked by `solve`, and would be its JSON too.
        answer => write_json(out, &answer),
    }
}

/// The text report of a sharded run: what it did, then the answer once every class is stored.
fn shard_text(report: &ShardReport) -> String {
    let p = &report.position;
    let mut text = format!("{} {}", p.game, position_text(&p.position)).trim_end().to_string();
    text.push('\n');
    let shard = report.shard.as_deref().map_or_else(|| "every class".to_string(), |s| format!("shard {s}"));
    text.push_str(&format!(
        "{} options in {} classes under the position's symmetries (one option of each valued)\n",
        report.options, report.classes
    ));
    text.push_str(&format!(
        "{shard}: {} of the {} classes owned, {} valued now; the store holds {} of {}\n",
        report.owned, report.classes, report.computed, report.stored, report.classes
    ));
    match report.grundy {
        Some(value) => {
            text.push_str(&format!("Grundy value: {value} (the mex of the classes' values)\n"));
            let winning: Vec<&str> =
                report.values.iter().filter(|v| v.value == 0).map(|v| v.to.text.as_str()).collect();
            text.push_str(&format!(
                "winning moves: {}\n",
                if winning.is_empty() { "none".to_string() } else { winning.join("; ") }
            ));
        }
        None => text.push_str("Grundy value: not yet (run the other shards, then --merge their stores)\n"),
    }
    text
}

/// Writes any answer of `solve` (text or `--json`).
fn write_answer(answer: SolveAnswer, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    if cx.json {
        return write_json(out, &answer);
    }
    let text = match answer {
        SolveAnswer::Two(report) => solve_text(&report),
        SolveAnswer::Players(report) => players_text(&report),
        SolveAnswer::Loopy(report) => return super::loopy::write_report(report, cx, out),
    };
    write!(out, "{text}")?;
    Ok(())
}

/// The text report for one position.
pub fn solve_text(report: &SolveReport) -> String {
    let (a, p) = (&report.analysis, &report.position);
    let mut text = format!("{} {}", p.game, position_text(&p.position)).trim_end().to_string();
    if report.play == nimlab_engine::Play::Misere {
        text.push_str(" (misère play: whoever takes the last stone loses)");
    }
    text.push('\n');
    text.push_str(&format!("outcome: {}\n", outcome_words(a.outcome)));
    text.push_str(&format!("Grundy value: {}\n", grundy_words(&a.grundy)));
    text.push_str(&format!("reason: {}\n", a.reason));
    text.push_str(&moves_text(
        "winning moves",
        &p.position,
        &a.winning_moves,
        a.winning_move_count,
        a.moves_complete,
        |m| m.text.clone(),
    ));
    text.push_str(&basis_line(&a.basis));
    text
}

/// The text report for a sum; parts are numbered from 1, as in the JSON.
fn sum_text(report: &SumReport) -> String {
    let a = &report.analysis;
    let mut text = String::from("sum of:\n");
    for part in &a.parts {
        text.push_str(&format!(
            "  {}. {} {}  (Grundy value {})\n",
            part.part,
            part.game,
            position_text(&part.position),
            part.grundy
        ));
    }
    text.push_str(&format!("outcome: {}\n", outcome_words(a.outcome)));
    text.push_str(&format!("Grundy value: {}\n", grundy_words(&a.grundy)));
    text.push_str(&format!("reason: {}\n", a.reason));
    if a.winning_moves.is_empty() {
        text.push_str("winning moves: none\n");
    } else {
        text.push_str("winning moves:\n");
        for m in &a.winning_moves {
            let part = &a.parts[m.part - 1];
            let label = format!("in part {} ({}): {}", m.part, part.game, m.report.text);
            text.push_str(&format!(
                "  {} -> {}\n",
                padded(&label, 50),
                destination(&part.position, &m.report.to)
            ));
        }
        let more = a.winning_move_count.unwrap_or(0).saturating_sub(a.winning_moves.len() as u64);
        if more > 0 {
            text.push_str(&format!(
                "  ... and {more} more (--all lists them; a very long list needs a larger --budget)\n"
            ));
        }
    }
    text.push_str(&basis_line(&a.basis));
    text
}

fn multi_moves_text(heading: &str, from: &[nimlab_engine::BigUint], moves: &[&MultiMove]) -> String {
    let mut text = format!("{heading}:\n");
    if moves.is_empty() {
        text.push_str("  none\n");
    }
    for m in moves {
        text.push_str(&format!(
            "  {} -> {} (value {})\n",
            padded(&m.text, 40),
            destination(from, &m.to),
            m.value
        ));
    }
    text
}

/// The text report of an `n`-player answer.
fn players_text(report: &PlayersReport) -> String {
    let (a, p) = (&report.analysis, &report.position);
    let n = a.players;
    let mut text = format!(
        "{} {} with {n} players P_0..P_{} (P_0 moves; {})\n",
        p.game,
        position_text(&p.position),
        n - 1,
        a.terminal.describe(Lang::En)
    );
    text.push_str(&format!("value: g = {}, so P_{} wins\n", a.value, a.winner()));
    if !a.measures.is_empty() {
        let measures: Vec<String> = a.measures.iter().map(|m| format!("{} = {}", m.name, m.value)).collect();
        text.push_str(&format!("{}\n", measures.join(", ")));
    }
    text.push_str(&format!("reason: {}\n", a.reason));
    let optimal: Vec<&MultiMove> = a.optimal_moves().collect();
    text.push_str(&multi_moves_text("optimal moves", &p.position, &optimal));
    let all: Vec<&MultiMove> = a.moves.iter().collect();
    let heading = if a.moves_complete { "all moves" } else { "all moves (one per class of equal options)" };
    if !all.is_empty() {
        text.push_str(&multi_moves_text(heading, &p.position, &all));
    }
    text.push_str(&basis_line(&a.basis));
    text
}
