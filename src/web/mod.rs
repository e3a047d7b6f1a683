//! The local playground: an HTTP server on 127.0.0.1 serving one page (embedded, offline) and a
//! JSON API under `/api/` whose answers are exactly what the commands print with `--json`.
//!
//! Built on `tiny_http` (blocking, few dependencies, quick to compile) with a fixed pool of
//! worker threads, which suits the engine's blocking, CPU-bound answers. Every request is
//! validated and bounded (see [`api`]); a handler that panics answers 500 and the worker goes on.

mod api;

use std::io::Read;
use std::net::SocketAddr;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use serde_json::json;
use tiny_http::{Header, Method, Request, Response, Server};

/// The largest request body read (a POST to `/api/move` needs a few hundred bytes).
const MAX_BODY: u64 = 8 * 1024;
/// The longest URL accepted.
const MAX_URL: usize = 8 * 1024;

/// An answer: status, content type and body.
pub struct Reply {
    status: u16,
    content_type: &'static str,
    body: String,
}

impl Reply {
    fn json(status: u16, value: &serde_json::Value) -> Reply {
        Reply { status, content_type: "application/json; charset=utf-8", body: value.to_string() }
    }

    fn error(status: u16, message: impl Into<String>) -> Reply {
        Reply::json(status, &json!({ "error": message.into(), "status": status }))
    }

    fn asset(content_type: &'static str, body: &'static str) -> Reply {
        Reply { status: 200, content_type, body: body.to_string() }
    }
}

const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const STYLE_CSS: &str = include_str!("assets/style.css");

/// A running server: its address and its worker threads.
pub struct Playground {
    server: Arc<Server>,
    workers: Vec<std::thread::JoinHandle<()>>,
}

impl Playground {
    /// Binds 127.0.0.1:`port` (0: a free port chosen by the system) and starts `workers` threads.
    ///
    /// # Errors
    /// When the port cannot be bound.
    pub fn start(port: u16, workers: usize) -> anyhow::Result<Playground> {
        let server = Server::http(("127.0.0.1", port))
            .map_err(|e| anyhow::anyhow!("cannot listen on 127.0.0.1:{port}: {e}"))?;
        let server = Arc::new(server);
        let workers = (0..workers.max(1))
            .map(|_| {
                let server = Arc::clone(&server);
                std::thread::spawn(move || {
                    // `recv` fails only when the server is shut down.
                    while let Ok(request) = server.recv() {
                        serve_one(request);
                    }
                })
            })
            .collect();
        Ok(Playground { server, workers })
    }

    /// The address the server listens on.
    pub fn address(&self) -> Option<SocketAddr> {
        self.server.server_addr().to_ip()
    }

    /// Serves until the process is stopped.
    pub fn wait(self) {
        for worker in self.workers {
            let _ = worker.join();
        }
    }
}

/// Answers one request; never panics.
fn serve_one(mut request: Request) {
    let reply = match read_request(&mut request) {
        Ok((method, url, body)) => guarded(|| route(&method, &url, &body)),
        Err(reply) => reply,
    };
    let mut response = Response::from_string(reply.body).with_status_code(reply.status);
    for (name, value) in [
        ("Content-Type", reply.content_type),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
    ] {
        if let Ok(header) = Header::from_bytes(name, value) {
            response.add_header(header);
        }
    }
    // The client may have gone away; nothing to do about it.
    let _ = request.respond(response);
}

/// The reply of `answer`, or a 500 reply if it panics (the worker thread lives on).
fn guarded(answer: impl FnOnce() -> Reply) -> Reply {
    catch_unwind(AssertUnwindSafe(answer)).unwrap_or_else(|_| {
        Reply::error(500, "internal error while answering this request; the server keeps serving")
    })
}

/// The method, URL and body of a request, or the error reply for an oversized one.
fn read_request(request: &mut Request) -> Result<(Method, String, String), Reply> {
    let url = request.url().to_string();
    if url.len() > MAX_URL {
        return Err(Reply::error(414, format!("the URL is longer than {MAX_URL} bytes")));
    }
    if request.body_length().is_some_and(|n| n as u64 > MAX_BODY) {
        return Err(Reply::error(413, format!("the request body is larger than {MAX_BODY} bytes")));
    }
    let mut body = String::new();
    let read = request.as_reader().take(MAX_BODY + 1).read_to_string(&mut body);
    if read.is_err() {
        return Err(Reply::error(400, "the request body is not UTF-8 text"));
    }
    if body.len() as u64 > MAX_BODY {
        return Err(Reply::error(413, format!("the request body is larger than {MAX_BODY} bytes")));
    }
    Ok((request.method().clone(), url, body))
}

fn route(method: &Method, url: &str, body: &str) -> Reply {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let is_get = *method == Method::Get || *method == Method::Head;
    match (path, is_get) {
        ("/" | "/index.html", true) => Reply::asset("text/html; charset=utf-8", INDEX_HTML),
        ("/app.js", true) => Reply::asset("text/javascript; charset=utf-8", APP_JS),
        ("/style.css", true) => Reply::asset("text/css; charset=utf-8", STYLE_CSS),
        ("/api/move", _) if is_get || *method == Method::Post => {
            // POST takes the parameters as a form body, GET (and POST too) in the query.
            let joined = match (query.is_empty(), body.trim().is_empty()) {
                (_, true) => query.to_string(),
                (true, false) => body.trim().to_string(),
                (false, false) => format!("{query}&{}", body.trim()),
            };
            api::answer("/api/move", &joined)
        }
        (path, true) if path.starts_with("/api/") => api::answer(path, query),
        (path, false) if path.starts_with("/api/") || matches!(path, "/" | "/app.js" | "/style.css") => {
            Reply::error(405, format!("{path} does not accept {method}"))
        }
        (path, _) => Reply::error(404, format!("nothing at {path}; the playground is at /")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panicking_handler_answers_500() {
        let reply = guarded(|| panic!("a bug in a handler"));
        assert_eq!(reply.status, 500);
        assert!(reply.body.contains("the server keeps serving"));
        assert_eq!(guarded(|| Reply::error(400, "bad")).status, 400);
    }

    #[test]
    fn routes() {
        assert_eq!(route(&Method::Get, "/", "").status, 200);
        assert_eq!(route(&Method::Get, "/app.js", "").content_type, "text/javascript; charset=utf-8");
        assert_eq!(route(&Method::Post, "/api/solve", "").status, 405);
        assert_eq!(route(&Method::Post, "/api/move", "game=nim&position=1").status, 200);
        assert_eq!(route(&Method::Get, "/../etc/passwd", "").status, 404);
    }
}
