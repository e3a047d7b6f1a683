//! Prints the additive period of each row of Wythoff's Grundy table, for docs/wythoff-rows.md.
//!
//! Usage: `wythoff_rows LAST_ROW COLUMNS [BUDGET]`, e.g. `40 2000000` (the work budget in units,
//! default `10^10`); one line per row: the row, its
//! least preperiod and period, whether certified, the columns of the repeated state, the lcm of
//! the lower rows' periods; then the time.

use std::time::Instant;

use nimlab_engine::tables::{wythoff_rows, RowStatus};
use nimlab_engine::Budget;

fn main() -> Result<(), String> {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().map_err(|_| format!("bad number '{a}'")))
        .collect::<Result<_, _>>()?;
    let (last, columns) = (args.first().copied().unwrap_or(20), args.get(1).copied().unwrap_or(1_000_000));
    let start = Instant::now();
    let budget = Budget::new(args.get(2).copied().unwrap_or(10_000_000_000));
    let rows = wythoff_rows(last, columns, &budget).map_err(|e| e.to_string())?;
    let seconds = start.elapsed().as_secs_f64();
    println!("| row a | preperiod | period | status | repeated state at columns | lcm of lower periods |");
    println!("|---|---|---|---|---|---|");
    for row in &rows {
        match &row.status {
            RowStatus::Certified(c) => println!(
                "| {} | {} | {} | certified | {} and {} | {} |",
                row.row,
                row.preperiod,
                row.period,
                c.from,
                c.from + c.span,
                c.lower_lcm
            ),
            RowStatus::Observed { columns } => {
                println!(
                    "| {} | {} | {} | observed on {columns} columns | — | — |",
                    row.row, row.preperiod, row.period
                )
            }
        }
    }
    println!("seconds {seconds:.3}");
    Ok(())
}
