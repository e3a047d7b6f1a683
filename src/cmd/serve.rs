//! `nimlab serve`: the local web playground (see [`crate::web`]).

use std::io::Write;

use crate::web::Playground;

/// Arguments of `nimlab serve`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "The server listens on 127.0.0.1 only and prints its address. The page works offline.\n\n\
                  Examples:\n  nimlab serve\n  nimlab serve --port 8080\n  nimlab serve --json"
)]
pub struct Args {
    /// The port on 127.0.0.1 (default: a free port chosen by the system).
    #[arg(long, default_value_t = 0)]
    pub port: u16,
    /// How many answers may be computed at once (each on a thread of its own).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub workers: u16,
    /// Print the address as one JSON object (`{"address": ...}`) instead of a line of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `nimlab serve` until the process is stopped.
///
/// # Errors
/// When the port cannot be bound, or the address cannot be printed.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let playground = Playground::start(args.port, usize::from(args.workers))?;
    let address = playground.address().ok_or_else(|| anyhow::anyhow!("the server has no IP address"))?;
    let url = format!("http://{address}/");
    if args.json {
        writeln!(out, "{}", serde_json::json!({ "address": url }))?;
    } else {
        writeln!(out, "listening on {url}")?;
    }
    out.flush()?;
    playground.wait()
}
