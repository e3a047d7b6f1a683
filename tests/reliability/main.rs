//! The reliability suite of issue 11: every command under a 1 GiB address-space limit and a
//! deadline, on the release binary.
//!
//! * [`regressions`]: every case the issue found, command line and API, with its expected outcome
//!   (answered, or stopped with one clear line and exit status 1 or 2);
//! * [`adversarial`]: a seeded run of every subcommand with random and edge arguments;
//! * [`memory`]: the memory ceiling (`--memory`, the default rule) stops a search whose positions
//!   are long, with the process's peak memory under the ceiling plus a margin;
//! * [`defaults`]: the default budget certifies 0.376 and computes Grundy's game to 10^6;
//! * [`checkpoint`]: `period --checkpoint` killed with `kill -9` and resumed gives the same
//!   certificate;
//! * [`examples`]: every example of README.md, docs/ and `-h` works with the default limits;
//! * [`server`]: `nimlab serve` on loopback under a burst of expensive requests, with the
//!   latency of cheap ones, its memory afterwards, and the security cases.
//!
//! Every test is `#[ignore]`d in the workspace's test run: the suite needs the release binary, so
//! `.ci/run` runs it on its own (see `docs/reliability.md`):
//!
//! ```sh
//! cargo test --release --locked --test reliability -- --ignored --skip server
//! cargo test --release --locked --test reliability -- --ignored server --test-threads 1
//! ```

mod adversarial;
mod checkpoint;
mod defaults;
mod examples;
mod harness;
mod memory;
mod regressions;
mod server;
