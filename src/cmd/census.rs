//! `nimlab census`: the P-positions of three-rowed Chomp by pairs of shorter rows, each third
//! row's first rows certified periodic.

use std::io::Write;

use nimlab_reports::census::{census, CensusReport};

use crate::{write_json, Context};

/// Arguments of `nimlab census`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Three-rowed Chomp (rows a >= b >= c): for each pair of shorter rows (b, c) there is at most \
one first row a that makes (a, b, c) a P-position, and for some pairs none. For every third row c up to --upto, \
nimlab computes that a = A(b, c) for b = c, c + 1, ... until A(b, c) - b is provably periodic in b, and prints, \
one line per c, the second row from which it repeats, the least period and A(b, c) - b over one period (- for \
none). The proof: the column's state (its first rows beyond b) repeats while every shorter column repeats; see \
docs/boards.md.\n\n\
Examples:\n  nimlab census --upto 200\n  nimlab census --upto 1000 --json\n  nimlab census --upto 50 --full"
)]
pub struct Args {
    /// The largest third row c.
    #[arg(long, value_name = "C", default_value_t = 100)]
    pub upto: u64,
    /// Also list A(b, c) - b for every b before the period starts.
    #[arg(long)]
    pub full: bool,
}

/// Runs `nimlab census`.
///
/// # Errors
/// What ran out of the budget.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    let report = census(args.upto, args.full, &cx.budget)?;
    if cx.json {
        return write_json(out, &report);
    }
    write_text(&report, out)
}

/// "1 third row", "3 third rows".
fn third_rows(count: u64) -> String {
    if count == 1 {
        "1 third row".to_string()
    } else {
        format!("{count} third rows")
    }
}

fn write_text(report: &CensusReport, out: &mut dyn Write) -> anyhow::Result<()> {
    let periods: Vec<String> =
        report.periods.iter().map(|p| format!("period {}: {}", p.period, third_rows(p.columns))).collect();
    writeln!(
        out,
        "Three-rowed Chomp, third rows 0..={}: every column certified periodic (all from b = {} at the latest); {}",
        report.upto,
        report.periodic_from,
        periods.join(", ")
    )?;
    writeln!(out, "c\tfrom b\tperiod\tA(b, c) - b over one period")?;
    let word = |o: &Option<u64>| o.map_or_else(|| "-".to_string(), |o| o.to_string());
    for column in &report.columns {
        let offsets: Vec<String> = column.offsets.iter().map(word).collect();
        write!(out, "{}\t{}\t{}\t{}", column.third, column.from, column.period, offsets.join(" "))?;
        if let Some(before) = &column.before {
            let before: Vec<String> = before.iter().map(word).collect();
            write!(out, "\t(b = {}..{}: {})", column.third, column.from, before.join(" "))?;
        }
        writeln!(out)?;
    }
    Ok(())
}
