//! `nimlab serve`: the local web playground (see [`crate::web`]).

use std::io::Write;

use crate::web::Playground;
use crate::Context;

/// Arguments of `nimlab serve`.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "The server listens on 127.0.0.1 only and prints its address. The page works offline. Every \
                  answer is computed under --budget (default for the server: 20000000 units) and --timeout \
                  (default 10 s).\n\nExamples:\n  nimlab serve\n  nimlab serve --port 8080\n  nimlab serve --json"
)]
pub struct Args {
    /// The port on 127.0.0.1 (default: a free port chosen by the system).
    #[arg(long, default_value_t = 0, value_parser = crate::game_args::port)]
    pub port: u16,
    /// How many expensive answers may be computed at once.
    #[arg(long, default_value_t = 2, value_parser = crate::game_args::workers)]
    pub workers: u16,
}

/// Runs `nimlab serve` until the process is stopped.
///
/// # Errors
/// When the port cannot be bound, or the address cannot be printed.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    let limits = crate::web::Limits::from_args(&cx.limits);
    let playground = Playground::start(args.port, usize::from(args.workers), limits)?;
    let address = playground.address().ok_or_else(|| anyhow::anyhow!("the server has no IP address"))?;
    let url = format!("http://{address}/");
    if cx.json {
        writeln!(out, "{}", serde_json::json!({ "address": url }))?;
    } else {
        writeln!(out, "listening on {url}")?;
    }
    out.flush()?;
    playground.wait()
}
