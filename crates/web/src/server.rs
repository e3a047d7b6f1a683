//! The HTTP server of the playground (the `server` feature): routes, the checks of every request
//! and the two lanes of computation described in the crate's documentation.

use std::net::{IpAddr, SocketAddr, TcpListener};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::{to_bytes, Body};
use axum::extract::{Path, RawQuery, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use nimlab_engine::{Budget, CancelHandle};
use tokio::sync::Semaphore;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::{api, guard, Limits, Reply};

/// The largest request body read (a POST needs a few hundred bytes; a graph's text up to
/// [`api::MAX_GRAPH_BYTES`]).
const MAX_BODY: usize = api::MAX_GRAPH_BYTES + 8 * 1024;
/// The work budget of the fast lane: a request that fits it is answered at once.
const FAST_WORK: u64 = 1_000_000;
/// Answers computed at once in the fast lane.
const FAST_WORKERS: usize = 8;

impl IntoResponse for Reply {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        (
            status,
            [(header::CONTENT_TYPE, HeaderValue::from_static("application/json; charset=utf-8"))],
            self.body,
        )
            .into_response()
    }
}

const INDEX_HTML: &str = include_str!("../assets/index.html");
const APP_JS: &str = include_str!("../assets/app.js");
const I18N_JS: &str = include_str!("../assets/i18n.js");
const DRAW_JS: &str = include_str!("../assets/draw.js");
const ENGINE_JS: &str = include_str!("../assets/engine.js");
const STYLE_CSS: &str = include_str!("../assets/style.css");

/// A bound server, not yet serving.
pub struct Playground {
    listener: TcpListener,
    workers: usize,
    limits: Limits,
    lan: Option<IpAddr>,
}

/// What the handlers share.
struct Shared {
    limits: Limits,
    port: u16,
    /// The local-network address served besides loopback names (`nimlab serve --lan`).
    lan: Option<IpAddr>,
    fast: Semaphore,
    slow: Semaphore,
}

impl Playground {
    /// Binds 127.0.0.1:`port` (0: a free port chosen by the system), or `lan`:`port` to serve
    /// the local network; `workers` expensive answers may be computed at once.
    ///
    /// # Errors
    /// When the port cannot be bound.
    pub fn start(
        port: u16,
        workers: usize,
        limits: Limits,
        lan: Option<IpAddr>,
    ) -> anyhow::Result<Playground> {
        let ip = lan.unwrap_or(IpAddr::from([127, 0, 0, 1]));
        let listener = TcpListener::bind((ip, port))
            .and_then(|listener| listener.set_nonblocking(true).map(|()| listener))
            .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", SocketAddr::new(ip, port)))?;
        Ok(Playground { listener, workers: workers.max(1), limits, lan })
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
        let port = self.address().map_or(0, |a| a.port());
        let shared = Arc::new(Shared {
            limits: self.limits,
            port,
            lan: self.lan,
            fast: Semaphore::new(FAST_WORKERS),
            slow: Semaphore::new(self.workers),
        });
        let runtime = tokio::runtime::Builder::new_multi_thread().enable_io().enable_time().build()?;
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(self.listener)?;
            let app = router(shared);
            loop {
                let Ok((stream, _)) = listener.accept().await else { continue };
                // Answers are written whole: Nagle's algorithm would only delay them.
                let _ = stream.set_nodelay(true);
                let service = TowerToHyperService::new(app.clone());
                tokio::spawn(async move {
                    let io = TokioIo::new(guard::Guarded::new(stream));
                    let _ = hyper::server::conn::http1::Builder::new()
                        .max_buf_size(256 * 1024)
                        .serve_connection(io, service)
                        .await;
                });
            }
        })
    }
}

/// The routes with their layers.
fn router(shared: Arc<Shared>) -> Router {
    let asset = |content_type: &'static str, body: &'static str| {
        move || async move { ([(header::CONTENT_TYPE, HeaderValue::from_static(content_type))], body) }
    };
    let html = asset("text/html; charset=utf-8", INDEX_HTML);
    Router::new()
        .route("/", get(html))
        .route("/index.html", get(html))
        .route("/app.js", get(asset("text/javascript; charset=utf-8", APP_JS)))
        .route("/i18n.js", get(asset("text/javascript; charset=utf-8", I18N_JS)))
        .route("/draw.js", get(asset("text/javascript; charset=utf-8", DRAW_JS)))
        .route("/engine.js", get(asset("text/javascript; charset=utf-8", ENGINE_JS)))
        .route("/style.css", get(asset("text/css; charset=utf-8", STYLE_CSS)))
        .route("/api/games", get(|| async { api::games() }))
        .route("/api/{endpoint}", get(api_get).post(api_post))
        .fallback(|uri: axum::http::Uri| async move {
            Reply::error(404, "usage", format!("nothing at {}; the playground is at /", uri.path()))
        })
        .layer(middleware::map_response(json_errors))
        .layer(middleware::from_fn_with_state(Arc::clone(&shared), check_request))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(
                "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                 connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
            ),
        ))
        .layer(SetResponseHeaderLayer::overriding(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
        .with_state(shared)
}

/// True when `host` (a Host header or an Origin's authority) names this server: on loopback, or
/// at its local-network address `lan` (`nimlab serve --lan`; no other name is accepted, so DNS
/// rebinding is still refused).
fn is_own_host(host: &str, port: u16, lan: Option<IpAddr>) -> bool {
    if is_loopback(host, port) {
        return true;
    }
    let Some(lan) = lan else { return false };
    let (name, host_port) = match host.rsplit_once(':') {
        Some((name, p)) if !name.ends_with(']') || host.starts_with('[') => (name, p.parse::<u16>().ok()),
        _ => (host, None),
    };
    let name = name.trim_start_matches('[').trim_end_matches(']');
    name.parse::<IpAddr>().is_ok_and(|ip| ip == lan) && host_port.is_none_or(|p| p == port)
}

/// True when `host` (a Host header or an Origin's authority) names this server on loopback.
fn is_loopback(host: &str, port: u16) -> bool {
    let (name, host_port) = match host.rsplit_once(':') {
        Some((name, p)) if !name.ends_with(']') || host.starts_with('[') => (name, p.parse::<u16>().ok()),
        _ => (host, None),
    };
    let name = name.trim_start_matches('[').trim_end_matches(']');
    let loopback = name == "localhost" || name.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback());
    loopback && host_port.is_none_or(|p| p == port)
}

/// Refuses requests for another host (DNS rebinding) and cross-site POSTs.
async fn check_request(State(shared): State<Arc<Shared>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default();
    if !is_own_host(host, shared.port, shared.lan) {
        let served = shared.lan.map_or_else(|| "localhost".to_string(), |ip| format!("localhost and {ip}"));
        return Reply::error(
            421,
            "usage",
            format!("this server answers for {served} only, not for '{host}'"),
        )
        .into_response();
    }
    if request.method() == axum::http::Method::POST {
        if let Some(problem) = cross_site(headers, shared.port, shared.lan) {
            return Reply::error(403, "usage", problem).into_response();
        }
    }
    next.run(request).await
}

/// Why a POST is refused, if it is: another origin, or not a JSON body.
fn cross_site(headers: &HeaderMap, port: u16, lan: Option<IpAddr>) -> Option<String> {
    if let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) {
        let authority = origin.strip_prefix("http://").unwrap_or("");
        if !is_own_host(authority, port, lan) {
            return Some(format!("POST is accepted from the playground's own page only, not from {origin}"));
        }
    }
    if headers.get("sec-fetch-site").and_then(|s| s.to_str().ok()).is_some_and(|s| s == "cross-site") {
        return Some("POST is accepted from the playground's own page only".into());
    }
    let json = headers.get(header::CONTENT_TYPE).and_then(|c| c.to_str().ok()).is_some_and(|c| {
        c.split(';').next().is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
    });
    (!json).then(|| "a POST body must be JSON (Content-Type: application/json)".into())
}

/// Turns every error answer without a JSON body (a 405 from the router, say) into the JSON
/// error object, keeping its status and headers (`Allow`).
async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|c| c.to_str().ok())
        .is_some_and(|c| c.starts_with("application/json"));
    if !status.is_client_error() && !status.is_server_error() || is_json {
        return response;
    }
    let (mut parts, _) = response.into_parts();
    let reason = status.canonical_reason().unwrap_or("error").to_lowercase();
    let message = match parts.headers.get(header::ALLOW).and_then(|a| a.to_str().ok()) {
        Some(allow) => format!("{reason}: this address accepts {allow}"),
        None => reason,
    };
    let kind = if status.is_client_error() { "usage" } else { "failure" };
    let reply = Reply::error(status.as_u16(), kind, message);
    parts.headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json; charset=utf-8"));
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(reply.body))
}

async fn api_get(
    State(shared): State<Arc<Shared>>,
    Path(endpoint): Path<String>,
    RawQuery(query): RawQuery,
) -> Reply {
    match api::Params::from_query(query.as_deref().unwrap_or("")) {
        Ok(params) => compute(shared, endpoint, params).await,
        Err(reply) => reply,
    }
}

async fn api_post(State(shared): State<Arc<Shared>>, Path(endpoint): Path<String>, body: Body) -> Reply {
    let Ok(bytes) = to_bytes(body, MAX_BODY).await else {
        return Reply::error(413, "usage", format!("the request body is larger than {MAX_BODY} bytes"));
    };
    match api::Params::from_json(&bytes) {
        Ok(params) => compute(shared, endpoint, params).await,
        Err(reply) => reply,
    }
}

/// Cancels a computation when dropped: the handler's future is dropped when its client goes
/// away, and the computation stops at its next budget check.
struct CancelOnDrop(CancelHandle);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// Answers an API request: first in the fast lane under a small budget, then, if that runs
/// out, in the slow lane under the server's budget and what is left of its deadline.
async fn compute(shared: Arc<Shared>, endpoint: String, params: api::Params) -> Reply {
    let started = Instant::now();
    let deadline = started + shared.limits.timeout;
    let params = Arc::new(params);
    {
        let Ok(_permit) = shared.fast.acquire().await else {
            return Reply::error(503, "failure", "the server is shutting down");
        };
        let lane = if FAST_WORK < shared.limits.work { api::Lane::Fast } else { api::Lane::Final };
        let budget = shared.limits.budget(FAST_WORK, shared.limits.timeout);
        match run_blocking(&endpoint, &params, budget, lane).await {
            api::Answer::Done(reply) => return reply,
            api::Answer::OutOfBudget => {}
        }
    }
    let remaining = deadline.saturating_duration_since(Instant::now());
    let Ok(Ok(_permit)) = tokio::time::timeout(remaining, shared.slow.acquire()).await else {
        return Reply::error(
            503,
            "deadline",
            format!(
                "the server is busy with other questions and could not start this one within its time limit of {} s; \
                 try again",
                shared.limits.timeout.as_secs_f64()
            ),
        );
    };
    let remaining = deadline.saturating_duration_since(Instant::now()).max(Duration::from_millis(1));
    let budget = shared.limits.budget(shared.limits.work, remaining);
    let reply = match run_blocking(&endpoint, &params, budget, api::Lane::Final).await {
        api::Answer::Done(reply) => reply,
        api::Answer::OutOfBudget => {
            Reply::error(500, "failure", "internal error: the final lane gave no answer")
        }
    };
    // An expensive answer may have grown the heap by hundreds of MiB: give it back.
    release_memory();
    reply
}

/// Computes the answer on the blocking pool; a panic answers 500 and the server goes on.
async fn run_blocking(
    endpoint: &str,
    params: &Arc<api::Params>,
    budget: Budget,
    lane: api::Lane,
) -> api::Answer {
    let _cancel = CancelOnDrop(budget.cancel_handle());
    let (endpoint, params) = (endpoint.to_string(), Arc::clone(params));
    tokio::task::spawn_blocking(move || api::answer(&endpoint, &params, &budget, lane)).await.unwrap_or_else(
        |_| api::Answer::Done(Reply::error(500, "failure", "internal error while answering this request")),
    )
}

/// Returns freed heap memory to the system (glibc keeps it otherwise).
fn release_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks the allocator's own free lists.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_hosts() {
        assert!(is_loopback("127.0.0.1:8080", 8080));
        assert!(is_loopback("localhost:8080", 8080));
        assert!(is_loopback("[::1]:8080", 8080));
        assert!(is_loopback("localhost", 8080));
        assert!(!is_loopback("localhost:9999", 8080));
        assert!(!is_loopback("evil.example.com", 8080));
        assert!(!is_loopback("evil.example.com:8080", 8080));
        assert!(!is_loopback("", 8080));
        assert!(!is_loopback("127.0.0.1.evil.example.com:8080", 8080));
        assert!(is_loopback("127.0.0.2:8080", 8080));
        // `nimlab serve --lan`: its own address too, and still nothing else.
        let lan = Some(IpAddr::from([192, 168, 1, 20]));
        assert!(is_own_host("192.168.1.20:8080", 8080, lan));
        assert!(is_own_host("localhost:8080", 8080, lan));
        assert!(!is_own_host("192.168.1.20:8080", 8080, None));
        assert!(!is_own_host("192.168.1.21:8080", 8080, lan));
        assert!(!is_own_host("192.168.1.20:9999", 8080, lan));
        assert!(!is_own_host("evil.example.com:8080", 8080, lan));
        assert!(!is_own_host("192.168.1.20.evil.example.com:8080", 8080, lan));
    }
}
