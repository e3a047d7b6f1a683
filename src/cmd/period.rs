//! `nimlab period`: the certified preperiod and period of SUB(S) and its Grundy sequence.

use std::io::Write;

use nimlab_engine::periodicity::{certify_period, set_text, Grundy, Periodicity};
use serde_json::json;

use crate::family::parse_set;
use crate::UsageError;

/// Arguments of `nimlab period`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "The sequence is printed as in the slides: runs compressed (0^2 = 0 0), the preperiod, then \
the period in parentheses followed by \"...\" (it repeats forever). The certificate is the checked range: \
G(n + p) = G(n) for l <= n < l + max(S), which proves periodicity from l.\n\nExamples:\n  nimlab period subtraction --set 2,3,5,7\n  nimlab period subtraction --set 2,3,5,7,19 --json\n  nimlab period subtraction --set 3..6,20"
)]
pub struct Args {
    /// The game: only `subtraction` has a period to certify.
    pub game: String,
    /// The allowed takes, comma-separated; intervals allowed (2..5 = 2,3,4,5).
    #[arg(long, value_name = "S")]
    pub set: String,
    /// The most Grundy values to compute before giving up.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_LIMIT,
          value_parser = clap::value_parser!(u64).range(1..=MAX_LIMIT))]
    pub limit: u64,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Default value budget of `period` and `sweep`: 8 bytes of memory per value while certifying.
pub const DEFAULT_LIMIT: u64 = 50_000_000;
/// The largest `--limit`: certification keeps 8 bytes per value (the value and its KMP
/// failure entry), so this bounds one set's memory to 4 GB.
pub const MAX_LIMIT: u64 = 500_000_000;

/// Checks that the game is `subtraction`.
///
/// # Errors
/// A usage error naming the only supported game.
pub fn require_subtraction(game: &str, command: &str) -> Result<(), UsageError> {
    if game == "subtraction" {
        Ok(())
    } else {
        Err(UsageError(format!("{command} works on the game 'subtraction' only, not '{game}'")))
    }
}

/// Runs `nimlab period`.
///
/// # Errors
/// Usage errors for bad input; a runtime error when the limit is reached.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    require_subtraction(&args.game, "period")?;
    let set = parse_set(&args.set)?;
    let periodicity = certify_period(&set, args.limit)?;
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&period_json(&periodicity))?)?;
    } else {
        write!(out, "{}", period_text(&periodicity))?;
    }
    Ok(())
}

/// Values in the slides' notation, runs compressed: `0^2 1^2 2^2 3^2 4`.
pub fn runs(values: &[Grundy]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < values.len() {
        let run = values[i..].iter().take_while(|&&v| v == values[i]).count();
        parts.push(if run == 1 { values[i].to_string() } else { format!("{}^{run}", values[i]) });
        i += run;
    }
    parts.join(" ")
}

fn period_text(p: &Periodicity) -> String {
    let pre = runs(p.preperiod_values());
    let period = runs(p.period_values());
    let sequence = if pre.is_empty() { format!("({period}) ...") } else { format!("{pre} ({period}) ...") };
    let mut text = format!(
        "SUB({{{}}}): preperiod {}, period {}\nG = {sequence}\n",
        set_text(&p.set),
        p.preperiod,
        p.period
    );
    let c = &p.certificate;
    text.push_str(&format!(
        "certificate: G(n + {}) = G(n) for {} <= n < {} ({} values computed)",
        p.period, c.checked_from, c.checked_to, c.values_computed
    ));
    if let Some(w) = c.preperiod_witness {
        text.push_str(&format!("; G({w}) != G({}), so the preperiod is minimal", w + p.period));
    }
    text.push('\n');
    text
}

fn period_json(p: &Periodicity) -> serde_json::Value {
    let c = &p.certificate;
    json!({
        "game": "subtraction",
        "set": p.set,
        "preperiod": p.preperiod,
        "period": p.period,
        "values": p.values,
        "notation": { "preperiod": runs(p.preperiod_values()), "period": runs(p.period_values()) },
        "certificate": {
            "checked_from": c.checked_from,
            "checked_to": c.checked_to,
            "preperiod_witness": c.preperiod_witness,
            "values_computed": c.values_computed,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::runs;

    #[test]
    fn runs_compress_like_the_slides() {
        assert_eq!(runs(&[0, 0, 1, 1, 2, 2, 3, 3, 4]), "0^2 1^2 2^2 3^2 4");
        assert_eq!(runs(&[]), "");
        assert_eq!(runs(&[10, 10, 1]), "10^2 1");
    }
}
