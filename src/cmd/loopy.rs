//! `nimlab loopy`: loopy impartial games — positions that repeat, draws — by retrograde
//! analysis: a token game on a graph file, or Fair Shares and Varied Pairs.

use std::io::Write;
use std::path::PathBuf;

use nimlab_reports::loopy::{loopy, LoopyGame, LoopyPosition, LoopyReport, LoopyRequest};
use nimlab_reports::CommandError;

use crate::{write_json, Context};

/// Arguments of `nimlab loopy`.
#[derive(clap::Args, Debug)]
#[command(
    group(clap::ArgGroup::new("game").required(true).args(["file", "fair_shares"])),
    after_help = "Examples:\n  nimlab loopy --file examples/loopy.txt\n  nimlab loopy --file examples/loopy.txt b c\n  nimlab loopy --fair-shares 16 --json\n\nA position is one token per vertex name (a sum of tokens); without tokens every position is listed.\nValues: a nimber, or ∞(K) (K: the finite values of the options); outcomes P, N or D (a draw)."
)]
pub struct Args {
    /// A graph: an edge list (`u v` per line, `#` comments) or Graphviz DOT (`digraph { a -> b; }`).
    #[arg(long, value_name = "G")]
    pub file: Option<PathBuf>,
    /// Fair Shares and Varied Pairs (Winning Ways, ch. 12) with every number of coins up to COINS.
    #[arg(long, value_name = "COINS")]
    pub fair_shares: Option<u64>,
    /// Misère play: a player with no move wins.
    #[arg(long)]
    pub misere: bool,
    /// The tokens' vertices (Fair Shares: heaps joined by `+`, largest first, e.g. 4+2+1).
    pub tokens: Vec<String>,
}

/// Runs `nimlab loopy`.
///
/// # Errors
/// A bad file or vertex (usage, exit 2), the budget, output errors.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = match (&args.file, args.fair_shares) {
        (Some(path), _) => {
            let text = read_graph(&path.display().to_string())?;
            LoopyGame::Graph { source: path.display().to_string(), text }
        }
        (None, Some(coins)) => LoopyGame::FairShares { coins },
        (None, None) => unreachable!("clap requires --file or --fair-shares"),
    };
    let request =
        LoopyRequest { game, tokens: args.tokens.clone(), play: super::play(args.misere), lang: cx.lang };
    answer(&request, cx, out)
}

/// Reads a graph file for the loopy engine (the engine reads no files).
///
/// # Errors
/// A usage error naming the file when it cannot be read.
pub fn read_graph(path: &str) -> Result<String, nimlab_reports::ReportError> {
    std::fs::read_to_string(path)
        .map_err(|e| CommandError::UnreadableFile { path: path.to_string(), reason: e.to_string() }.into())
}

/// Answers a loopy request and writes its report (text or `--json`).
///
/// # Errors
/// A bad file or vertex (usage, exit 2), the budget, output errors.
pub fn answer(request: &LoopyRequest, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    write_report(loopy(request, &cx.budget)?, cx, out)
}

/// Writes a loopy report (text or `--json`).
///
/// # Errors
/// Output errors.
pub fn write_report(report: LoopyReport, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    if cx.json {
        return write_json(out, &report);
    }
    let value = |p: &LoopyPosition| p.value.as_ref().map_or_else(|| "-".to_string(), ToString::to_string);
    let remote = |r: Option<u32>| r.map_or_else(|| "-".to_string(), |r| r.to_string());
    match report {
        LoopyReport::Table(t) => {
            writeln!(
                out,
                "{}, {} play: {} positions, {} moves; {} P, {} N, {} D",
                t.game,
                play_name(t.play),
                t.positions,
                t.moves,
                t.counts.p,
                t.counts.n,
                t.counts.d
            )?;
            writeln!(out, "{:<16} {:<12} {:<7} {:<10} moves", "position", "value", "outcome", "remoteness")?;
            for r in &t.rows {
                let moves = match r.moves_kind {
                    Some(kind) => format!("{kind}: {}", r.moves.join(", ")),
                    None => String::new(),
                };
                writeln!(
                    out,
                    "{:<16} {:<12} {:<7} {:<10} {moves}",
                    r.position,
                    value(r),
                    r.outcome.as_str(),
                    remote(r.remoteness)
                )?;
            }
        }
        LoopyReport::Solve(s) => {
            writeln!(out, "{}, {} play", s.game, play_name(s.play))?;
            if s.tokens.len() > 1 {
                for (i, t) in s.tokens.iter().enumerate() {
                    writeln!(
                        out,
                        "token {}: {}  value {}  outcome {}  remoteness {}",
                        i + 1,
                        t.position,
                        value(t),
                        t.outcome.as_str(),
                        remote(t.remoteness)
                    )?;
                }
            }
            let v = s.value.as_ref().map_or_else(|| "-".to_string(), ToString::to_string);
            let who = match s.outcome.as_str() {
                "P" => "the player who moved last wins",
                "N" => "the player to move wins",
                _ => "a draw: neither player can force a win",
            };
            writeln!(
                out,
                "value {v}  outcome {} ({who})  remoteness {}",
                s.outcome.as_str(),
                remote(s.remoteness)
            )?;
            writeln!(out, "{}", s.reason)?;
            match s.moves_kind {
                Some(kind) => {
                    writeln!(out, "{kind} moves ({}):", s.moves.len())?;
                    for m in &s.moves {
                        let after = m
                            .value_after
                            .as_ref()
                            .map_or_else(String::new, |v| format!("  (value after: {v})"));
                        writeln!(out, "  token {}: {} -> {}{after}", m.token + 1, m.from, m.to)?;
                    }
                }
                None => writeln!(out, "no good move: every move loses against best play")?,
            }
        }
    }
    Ok(())
}

fn play_name(play: nimlab_engine::Play) -> &'static str {
    match play {
        nimlab_engine::Play::Normal => "normal",
        nimlab_engine::Play::Misere => "misère",
    }
}
