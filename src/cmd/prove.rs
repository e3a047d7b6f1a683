//! `nimlab prove large-nim --players N --heaps K`: the theorem "the value depends only on the
//! order pattern" for N players and at most K heaps of any size, proved by a finite induction
//! over order patterns (the engine's `large_nim::prove`), printed as piecewise formulas.

use std::io::Write;

use nimlab_engine::large_nim::{ProofReport, RefinementOutcome};
use nimlab_engine::parse_range;
use nimlab_reports::prove::{prove, ProveRequest};

use crate::cmd::explore::formula_text;
use crate::errors::Failure;
use crate::{write_json, Context, UsageError};

/// Arguments of `nimlab prove`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "A range A..B includes both ends. For each number of players the proof covers every position \
                  of at most B heaps; the theorem is printed for the heap counts A..B.\n\n\
                  Examples:\n  nimlab prove large-nim --players 3 --heaps 4\n  \
                  nimlab prove large-nim --players 2..13 --heaps 1..12 --budget 1000000000 --json"
)]
pub struct Args {
    /// The game: only `large-nim` has a prover.
    pub game: String,
    /// The number of players (at least 2), or a range like 2..13.
    #[arg(long, value_name = "N|A..B")]
    pub players: String,
    /// The most heaps (at least 1), or a range like 1..12.
    #[arg(long, value_name = "K|A..B")]
    pub heaps: String,
}

/// Runs `nimlab prove`.
///
/// # Errors
/// Usage errors for another game or bad ranges; the budget when a proof is too large; a failure
/// when a check fails.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    crate::game_args::asks(&args.game, nimlab_engine::Research::OrderPatterns)?;
    let range = |text: &str, flag: &str| parse_range(text).map_err(|e| UsageError(format!("{flag}: {e}")));
    let (players_low, players_high) = range(&args.players, "--players")?;
    let (heaps_low, heaps_high) = range(&args.heaps, "--heaps")?;
    let small =
        |n: u64, flag: &str| u32::try_from(n).map_err(|_| UsageError(format!("{flag} {n} is too large")));
    let request = ProveRequest {
        players: (small(players_low, "--players")?, small(players_high, "--players")?),
        heaps: (small(heaps_low, "--heaps")? as usize, small(heaps_high, "--heaps")? as usize),
    };
    let report = prove(&request, &cx.budget)?;
    if cx.json {
        write_json(out, &report)?;
    } else {
        for proof in &report.proofs {
            write!(out, "{}", report_text(proof))?;
        }
    }
    if !report.all_proved {
        return Err(Failure(
            "the order-pattern theorem is not proved for every case asked (see above)".into(),
        )
        .into());
    }
    Ok(())
}

/// Microseconds as microseconds, milliseconds or seconds, for reading.
fn duration_text(micros: u64) -> String {
    if micros < 1000 {
        format!("{micros} µs")
    } else if micros < 1_000_000 {
        format!("{}.{:01} ms", micros / 1000, micros % 1000 / 100)
    } else {
        format!("{}.{:02} s", micros / 1_000_000, micros % 1_000_000 / 10_000)
    }
}

/// Each gap of a profile: `x1 - 1 = 1`, `x3 - x2 >= 2` (a gap at the cap stands for all larger).
fn profile_text(profile: &[u64], cap: u64) -> String {
    let gaps: Vec<String> = profile
        .iter()
        .enumerate()
        .map(|(i, &d)| {
            let below = if i == 0 { "1".to_string() } else { format!("x{i}") };
            let relation = if d == cap { ">=" } else { "=" };
            format!("x{} - {below} {relation} {d}", i + 1)
        })
        .collect();
    gaps.join(", ")
}

fn plural(count: usize, word: &str) -> String {
    format!("{count} {word}{}", if count == 1 { "" } else { "s" })
}

fn report_text(r: &ProofReport) -> String {
    let status =
        if r.proved { "PROVED".to_string() } else { format!("NOT PROVED beyond {} heaps", r.proved_heaps) };
    let mut text = format!(
        "large-nim with {} players, at most {} of any size: {status} (finite induction over order patterns)\n",
        r.players,
        plural(r.heaps, "heap")
    );
    text.push_str(&format!(
        "  conjecture: the value of the least position of each of the {} order patterns, by the rules ({})\n",
        r.representatives,
        duration_text(r.conjecture_micros)
    ));
    text.push_str(&format!(
        "  check: {} patterns, {} profiles, {} options: {} ({})\n",
        r.patterns,
        r.profiles,
        r.options,
        if r.proved { "every profile agrees" } else { "a profile fails" },
        duration_text(r.check_micros)
    ));
    for t in &r.theorem {
        let paper = t.paper.map_or("new".to_string(), |p| format!("the paper's {p}"));
        text.push_str(&format!(
            "{} ({} patterns, {} profiles, {}; {paper}):\n{}",
            plural(t.heaps, "heap"),
            t.patterns,
            t.profiles,
            duration_text(t.micros),
            formula_text(&t.formula)
        ));
    }
    let disagree: Vec<String> =
        r.theorem.iter().filter(|t| !t.law_agrees).map(|t| t.heaps.to_string()).collect();
    if disagree.is_empty() {
        text.push_str("  the general law (docs/large-nim.md) gives the same value on every pattern\n");
    } else {
        text.push_str(&format!(
            "  the general law (docs/large-nim.md) DISAGREES at {} heaps\n",
            disagree.join(", ")
        ));
    }
    if let Some(failure) = &r.failure {
        let f = &failure.check;
        text.push_str(&format!(
            "  FAILS at {} heaps: pattern {}, profile {} (least position ({})): the conjecture says {}, its options \
             give {}\n",
            f.heaps,
            failure.pattern,
            profile_text(&f.profile, 2),
            f.representative.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(", "),
            f.claimed,
            f.from_options
        ));
    }
    if let Some(refinement) = &r.refinement {
        let head = format!(
            "  refinement (classes: gaps capped at {}; profiles: gaps capped at {})",
            refinement.cap, refinement.profile_cap
        );
        text.push_str(&match &refinement.outcome {
            RefinementOutcome::Proved { classes, profiles, micros } => format!(
                "{head}: PROVED for at most {} ({classes} classes, {profiles} profiles, {})\n",
                plural(r.heaps, "heap"),
                duration_text(*micros)
            ),
            RefinementOutcome::Failed { proved_heaps, failure } => format!(
                "{head}: holds up to {proved_heaps} heaps, fails at profile {}: {} claimed, {} from the options\n",
                profile_text(&failure.profile, 2 * refinement.cap),
                failure.claimed,
                failure.from_options
            ),
            RefinementOutcome::TooLarge { message } => format!("{head}: not tried: {message}\n"),
        });
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profiles_and_durations_read_well() {
        assert_eq!(profile_text(&[2, 0, 1], 2), "x1 - 1 >= 2, x2 - x1 = 0, x3 - x2 = 1");
        assert_eq!(duration_text(13), "13 µs");
        assert_eq!(duration_text(1234), "1.2 ms");
        assert_eq!(duration_text(2_345_678), "2.34 s");
    }
}
