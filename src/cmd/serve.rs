//! `nimlab serve`: the local web playground (the `nimlab-web` crate, [`nimlab_web`]).

use std::io::Write;

use nimlab_web::{Limits, Playground, SERVER_TIMEOUT, SERVER_WORK};

use crate::game_args::BudgetArgs;
use crate::Context;

/// Arguments of `nimlab serve`.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "The server listens on 127.0.0.1 only and prints its address; with --lan it listens on this \
                  machine's address on the local network instead, so that pupils' devices can open the page \
                  (requests naming another host are still refused, the API stays read-only and the limits \
                  are the same). The page works offline. Every answer is computed under --budget (default \
                  for the server: 20000000 units) and --timeout (default 10 s).\n\nExamples:\n  nimlab \
                  serve\n  nimlab serve --port 8080\n  nimlab serve --lan --port 8080\n  nimlab serve --lan \
                  192.168.1.20\n  nimlab serve --json"
)]
pub struct Args {
    /// The port on 127.0.0.1 (default: a free port chosen by the system).
    #[arg(long, default_value_t = 0, value_parser = crate::game_args::port)]
    pub port: u16,
    /// Serve the local network: listen on this machine's address there (the one its default route
    /// leaves from), or on ADDRESS, one of this machine's addresses, instead of 127.0.0.1.
    #[arg(long, num_args = 0..=1, default_missing_value = "auto", value_name = "ADDRESS")]
    pub lan: Option<String>,
    /// How many expensive answers may be computed at once.
    #[arg(long, default_value_t = 2, value_parser = crate::game_args::workers)]
    pub workers: u16,
}

/// Runs `nimlab serve` until the process is stopped.
///
/// # Errors
/// When the port cannot be bound, or the address cannot be printed.
pub fn run(args: &Args, cx: &Context, out: &mut dyn Write) -> anyhow::Result<()> {
    let limits = limits(&cx.limits);
    let lan = args.lan.as_deref().map(lan_address).transpose()?;
    let playground = Playground::start(args.port, usize::from(args.workers), limits, lan)?;
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

/// The server's limits from `--budget`, `--timeout` and `--memory` (defaults: [`SERVER_WORK`],
/// [`SERVER_TIMEOUT`], the command line's memory rule, read when the server starts).
fn limits(args: &BudgetArgs) -> Limits {
    Limits {
        work: args.budget.unwrap_or(SERVER_WORK),
        timeout: args.timeout.unwrap_or(SERVER_TIMEOUT),
        memory: args.memory_ceiling(),
    }
}

/// The address `--lan` listens on: the one given, or (`auto`) the address this machine's default
/// route leaves from, found by a UDP socket "connected" to a documentation address (no packet is
/// sent).
fn lan_address(given: &str) -> anyhow::Result<std::net::IpAddr> {
    let ip = if given == "auto" {
        let socket = std::net::UdpSocket::bind(("0.0.0.0", 0))?;
        socket.connect(("192.0.2.1", 9)).map_err(|e| {
            anyhow::anyhow!(
                "--lan: this machine has no route to a local network ({e}); name the address: --lan ADDRESS"
            )
        })?;
        socket.local_addr()?.ip()
    } else {
        given
            .parse()
            .map_err(|_| anyhow::anyhow!("--lan takes an IP address of this machine, not '{given}'"))?
    };
    if ip.is_loopback() || ip.is_unspecified() || ip.is_multicast() {
        anyhow::bail!("--lan needs this machine's address on the local network, not {ip}");
    }
    Ok(ip)
}
