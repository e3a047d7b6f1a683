//! nimlab's local playground (`nimlab serve`): an HTTP server on 127.0.0.1 serving one page (embedded, offline) and a
//! JSON API under `/api/` whose answers are the same reports the commands print with `--json`
//! (it calls the report functions directly; see [`api`]).
//!
//! Built on hyper and axum with tower and tower-http layers. What keeps it serving:
//! * every request head is checked before hyper parses it ([`guard`]), so oversized URLs and
//!   heads get the JSON error object too;
//! * `Host` must name the loopback address (DNS rebinding), a POST must come from the page's
//!   own origin with a JSON body (cross-site requests), and every answer carries a
//!   Content-Security-Policy without inline script, `frame-ancestors 'none'` and a
//!   Referrer-Policy;
//! * static files and `/api/games` are answered on the async runtime at once; every other
//!   answer is computed on the blocking pool in two lanes: first with a small budget (a cheap
//!   request is done there within milliseconds), then, only if that runs out, in the slow lane
//!   of at most `workers` answers at once, under the server's budget and deadline; a client
//!   that goes away cancels its computation, and memory is handed back to the system after each
//!   slow answer;
//! * every error is one JSON object `{"error", "kind", "status"}`.
//!
//! The server is the `server` feature (on by default). Without it the crate is the API alone
//! ([`api`], [`respond`]): the request-to-report layer that the playground's WebAssembly build
//! (crates/wasm) runs in a Web Worker, so that the page gets the same answers from the worker as
//! from the server.

pub mod api;
#[cfg(feature = "server")]
mod guard;
#[cfg(feature = "server")]
mod server;

use std::time::Duration;

use nimlab_engine::Budget;
#[cfg(feature = "server")]
pub use server::Playground;

/// The server's default work budget per request.
pub const SERVER_WORK: u64 = 20_000_000;
/// The server's default time limit per request.
pub const SERVER_TIMEOUT: Duration = Duration::from_secs(10);

/// The budget and deadline of every answer (`nimlab serve` builds them from `--budget`,
/// `--timeout` and `--memory`, with [`SERVER_WORK`] and [`SERVER_TIMEOUT`] as defaults).
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Work units per request.
    pub work: u64,
    /// Wall-clock time per request (waiting for a worker included).
    pub timeout: Duration,
    /// The memory ceiling of each request, in bytes.
    pub memory: u64,
}

impl Limits {
    /// A request's budget of `work` units (at most the server's), stopping `timeout` from now,
    /// under the server's memory ceiling.
    pub fn budget(&self, work: u64, timeout: Duration) -> Budget {
        Budget::with_timeout(work.min(self.work), timeout).with_memory_ceiling(self.memory)
    }
}

/// An answer: status and a JSON body.
#[derive(Debug)]
pub struct Reply {
    status: u16,
    body: String,
}

impl Reply {
    /// The HTTP status: 200, or the error's (400 usage, 422 a limit reached, 500 a failure ...).
    pub fn status(&self) -> u16 {
        self.status
    }

    /// The JSON body: the report, or the error object `{"error", "kind", "status", "detail"}`.
    pub fn body(&self) -> &str {
        &self.body
    }

    fn json(status: u16, body: String) -> Reply {
        Reply { status, body }
    }

    fn error(status: u16, kind: &str, message: impl Into<String>) -> Reply {
        Reply::error_with(status, kind, message, None)
    }

    /// An error with its `detail`: the error as data (`code` and what it names), which the page
    /// words in its own language.
    fn error_with(
        status: u16,
        kind: &str,
        message: impl Into<String>,
        detail: Option<serde_json::Value>,
    ) -> Reply {
        let mut body = serde_json::json!({ "error": message.into(), "kind": kind, "status": status });
        if let Some(detail) = detail {
            body["detail"] = detail;
        }
        Reply { status, body: body.to_string() }
    }
}

/// The answer to `/api/ENDPOINT?QUERY` computed at once under `budget`, as the server's slow lane
/// computes it: `games` answers the declarations, every other endpoint goes to [`api::answer`].
/// The playground's Web Worker answers the page with this function, the same requests and the
/// same JSON as the server.
pub fn respond(endpoint: &str, query: &str, budget: &Budget) -> Reply {
    if endpoint == "games" {
        return api::games();
    }
    let params = match api::Params::from_query(query) {
        Ok(params) => params,
        Err(reply) => return reply,
    };
    match api::answer(endpoint, &params, budget, api::Lane::Final) {
        api::Answer::Done(reply) => reply,
        api::Answer::OutOfBudget => {
            Reply::error(500, "failure", "internal error: the final lane gave no answer")
        }
    }
}
