//! The local playground: an HTTP server on 127.0.0.1 serving one page (embedded, offline) and a
//! JSON API under `/api/` whose answers are exactly what the commands print with `--json`.
//!
//! Built on axum (hyper and tokio). Connections are handled asynchronously, so an idle keep-alive
//! connection costs no thread; the engine's answers are blocking and CPU-bound, so each runs on
//! tokio's blocking pool, at most `workers` at a time. Every request is validated and bounded
//! (see [`api`]); a handler that panics answers 500 and the server goes on.

mod api;

use std::net::{SocketAddr, TcpListener};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use axum::body::{to_bytes, Body};
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::serve::ListenerExt;
use axum::Router;
use serde_json::json;
use tokio::sync::Semaphore;

/// The largest request body read (a POST to `/api/move` needs a few hundred bytes).
const MAX_BODY: usize = 8 * 1024;
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

impl IntoResponse for Reply {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let headers = [
            (header::CONTENT_TYPE, HeaderValue::from_static(self.content_type)),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        ];
        (status, headers, self.body).into_response()
    }
}

const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const STYLE_CSS: &str = include_str!("assets/style.css");

/// A bound server, not yet serving: its listening socket and how many answers may be computed
/// at once.
pub struct Playground {
    listener: TcpListener,
    workers: usize,
}

impl Playground {
    /// Binds 127.0.0.1:`port` (0: a free port chosen by the system); `workers` answers may be
    /// computed at once.
    ///
    /// # Errors
    /// When the port cannot be bound.
    pub fn start(port: u16, workers: usize) -> anyhow::Result<Playground> {
        let listener = TcpListener::bind(("127.0.0.1", port))
            .and_then(|listener| listener.set_nonblocking(true).map(|()| listener))
            .map_err(|e| anyhow::anyhow!("cannot listen on 127.0.0.1:{port}: {e}"))?;
        Ok(Playground { listener, workers: workers.max(1) })
    }

    /// The address the server listens on.
    pub fn address(&self) -> Option<SocketAddr> {
        self.listener.local_addr().ok()
    }

    /// Serves until the process is stopped.
    ///
    /// # Errors
    /// When the runtime cannot start or the listener fails.
    pub fn wait(self) -> anyhow::Result<()> {
        let runtime = tokio::runtime::Builder::new_multi_thread().enable_io().build()?;
        let computing = Arc::new(Semaphore::new(self.workers));
        runtime.block_on(async move {
            // Nagle's algorithm would hold back the last segment of a response until the
            // client's delayed ACK (40 ms on Linux); answers are written whole, so turn it off.
            let listener = tokio::net::TcpListener::from_std(self.listener)?.tap_io(|stream| {
                let _ = stream.set_nodelay(true);
            });
            let app = Router::new().fallback(move |method: Method, uri: Uri, body: Body| {
                serve_one(Arc::clone(&computing), method, uri, body)
            });
            axum::serve(listener, app).await
        })?;
        Ok(())
    }
}

/// Answers one request; never panics. The answer is computed on the blocking pool once one of
/// the `computing` permits is free.
async fn serve_one(computing: Arc<Semaphore>, method: Method, uri: Uri, body: Body) -> Reply {
    let url = uri.path_and_query().map_or_else(|| uri.path().to_string(), ToString::to_string);
    if url.len() > MAX_URL {
        return Reply::error(414, format!("the URL is longer than {MAX_URL} bytes"));
    }
    let Ok(bytes) = to_bytes(body, MAX_BODY).await else {
        return Reply::error(413, format!("the request body is larger than {MAX_BODY} bytes"));
    };
    let Ok(body) = String::from_utf8(bytes.to_vec()) else {
        return Reply::error(400, "the request body is not UTF-8 text");
    };
    let Ok(permit) = computing.acquire_owned().await else {
        return Reply::error(503, "the server is shutting down");
    };
    let answer = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        guarded(|| route(&method, &url, &body))
    });
    answer.await.unwrap_or_else(|_| Reply::error(500, "internal error while answering this request"))
}

/// The reply of `answer`, or a 500 reply if it panics (the server lives on).
fn guarded(answer: impl FnOnce() -> Reply) -> Reply {
    catch_unwind(AssertUnwindSafe(answer)).unwrap_or_else(|_| {
        Reply::error(500, "internal error while answering this request; the server keeps serving")
    })
}

fn route(method: &Method, url: &str, body: &str) -> Reply {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let is_get = *method == Method::GET || *method == Method::HEAD;
    match (path, is_get) {
        ("/" | "/index.html", true) => Reply::asset("text/html; charset=utf-8", INDEX_HTML),
        ("/app.js", true) => Reply::asset("text/javascript; charset=utf-8", APP_JS),
        ("/style.css", true) => Reply::asset("text/css; charset=utf-8", STYLE_CSS),
        ("/api/move", _) if is_get || *method == Method::POST => {
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
        assert_eq!(route(&Method::GET, "/", "").status, 200);
        assert_eq!(route(&Method::GET, "/app.js", "").content_type, "text/javascript; charset=utf-8");
        assert_eq!(route(&Method::POST, "/api/solve", "").status, 405);
        assert_eq!(route(&Method::POST, "/api/move", "game=nim&position=1").status, 200);
        assert_eq!(route(&Method::GET, "/../etc/passwd", "").status, 404);
    }
}
