//! `nimlab serve` on loopback under the issue's requests: a burst of expensive requests (more
//! than `--workers`) while `GET /` and a cheap `/api/solve` are timed throughout, the server's
//! resident memory after the burst, a client that goes away, every request the issue found, and
//! the security cases. The server runs under the suite's 1 GiB address-space limit, with its
//! default budget and deadline.
//!
//! Requests are written by hand on a fresh TCP connection each (the security cases need exact
//! control of the request line and headers).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::harness::limited;

/// The server's default time limit per request (`nimlab serve --help`).
const SERVER_DEADLINE: Duration = Duration::from_secs(10);
/// Slack on the server's deadline: the answer is written and read after it passes.
const DEADLINE_SLACK: Duration = Duration::from_secs(1);
/// The most a cheap request may take while expensive ones run.
const CHEAP_LATENCY: Duration = Duration::from_millis(100);
/// The resident memory the server must be back under after the burst.
const RSS_AFTER_BURST_KIB: u64 = 128 * 1024;
/// How often the prober asks during the burst.
const PROBE_EVERY: Duration = Duration::from_millis(50);

/// The expensive requests of the issue: Moore k = 5 on ten heaps of 10 (solve, options, move),
/// and Large Nim searches that run out of the server's budget (about 2 s of CPU each).
const EXPENSIVE: &[&str] = &[
    "/api/solve?game=moore&k=5&position=10,10,10,10,10,10,10,10,10,10",
    "/api/options?game=moore&k=5&position=10,10,10,10,10,10,10,10,10,10",
    "/api/move?game=moore&k=5&position=10,10,10,10,10,10,10,10,10,10",
    "/api/solve?game=large-nim&position=30,31,32,33,34,35",
    "/api/solve?game=large-nim&position=30,31,32,33,34,36",
    "/api/solve?game=large-nim&position=30,31,32,33,34,37",
    "/api/solve?game=large-nim&position=30,31,32,33,34,38",
    "/api/solve?game=large-nim&position=30,31,32,33,34,39",
];

/// The cheap requests timed during the burst.
const CHEAP: &[&str] = &["/", "/api/solve?game=nim&position=3,4,5"];

/// A running `nimlab serve`, killed when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start() -> Server {
        Server::start_with(&[])
    }

    /// `nimlab serve --json` with more options.
    fn start_with(options: &[&str]) -> Server {
        let mut child = limited(&[&["serve", "--json"], options].concat())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped")).read_line(&mut line).expect("the address line");
        let v: Value = serde_json::from_str(&line).expect("serve --json prints an object");
        let address = v["address"].as_str().expect("address");
        let port = address
            .strip_prefix("http://127.0.0.1:")
            .and_then(|rest| rest.trim_end_matches('/').parse().ok())
            .unwrap_or_else(|| panic!("a loopback address: {address}"));
        Server { child, port }
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }

    /// True while the process runs.
    fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The process state from /proc/PID/status ("R (running)", "Z (zombie)" once it died).
    fn state(&self) -> String {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).unwrap_or_default();
        status.lines().find_map(|l| l.strip_prefix("State:")).unwrap_or("gone").trim().to_string()
    }

    /// A field of /proc/PID/status in KiB (VmRSS, VmHWM).
    fn status_kib(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or_else(|| {
                panic!("no {field} for the server: it is no longer running ({})", self.state())
            })
    }

    /// CPU time used so far (user + system), from /proc/PID/stat.
    fn cpu(&self) -> Duration {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.pid())).expect("the server runs");
        let after_name = &stat[stat.rfind(')').expect("stat has the name in parentheses") + 2..];
        let fields: Vec<&str> = after_name.split(' ').collect();
        // Fields 14 and 15 of stat (utime, stime) are 11 and 12 after the name and state.
        let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
        // SAFETY: sysconf has no preconditions.
        let per_second = u64::try_from(unsafe { libc::sysconf(libc::_SC_CLK_TCK) }).unwrap_or(100);
        Duration::from_millis(ticks * 1000 / per_second)
    }

    fn get(&self, path: &str) -> Response {
        self.send(&format!(
            "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
            self.port
        ))
    }

    fn send(&self, request: &str) -> Response {
        send(self.port, request.as_bytes()).unwrap_or_else(|e| {
            panic!("no answer to {request:.200}: {e}; the server's state: {}", self.state())
        })
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer.
#[derive(Debug)]
struct Response {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
    elapsed: Duration,
}

impl Response {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {self:?}"))
    }

    /// The playground's error object with this status.
    fn assert_error(&self, status: u16) {
        assert_eq!(self.status, status, "{self:?}");
        let v = self.json();
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{self:?}");
        assert_eq!(v["status"], status, "{self:?}");
    }
}

/// Writes `request` on a new connection and reads the whole answer (the request asks the server
/// to close). Bodies are read to the end of the stream.
fn send(port: u16, request: &[u8]) -> std::io::Result<Response> {
    let started = Instant::now();
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(SERVER_DEADLINE * 3))?;
    stream.set_nodelay(true)?;
    stream.write_all(request)?;
    let mut raw = Vec::new();
    match stream.read_to_end(&mut raw) {
        Ok(_) => {}
        // The server may close after answering a request whose body it did not read.
        Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset && !raw.is_empty() => {}
        Err(e) => return Err(e),
    }
    let elapsed = started.elapsed();
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("no status line in {text:.300}")))?;
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
        .collect();
    Ok(Response { status, headers, body: body.to_string(), elapsed })
}

/// Median and maximum of some durations.
fn median_and_max(samples: &mut [Duration]) -> (Duration, Duration) {
    samples.sort();
    (samples[samples.len() / 2], samples[samples.len() - 1])
}

#[test]
#[ignore = "release suite: see main.rs"]
fn server_burst_keeps_cheap_requests_fast_and_memory_returns() {
    let mut server = Server::start();
    for path in CHEAP {
        assert_eq!(server.get(path).status, 200);
    }
    let rss_before = server.status_kib("VmRSS");
    let done = Arc::new(AtomicBool::new(false));
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let prober = {
        let (done, latencies, port) = (Arc::clone(&done), Arc::clone(&latencies), server.port);
        thread::spawn(move || {
            let mut slow = Vec::new();
            for i in 0.. {
                if done.load(Ordering::Relaxed) {
                    break;
                }
                let path = CHEAP[i % CHEAP.len()];
                let request =
                    format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
                match send(port, request.as_bytes()) {
                    Ok(r) if r.status == 200 => {
                        if r.elapsed > CHEAP_LATENCY {
                            slow.push(format!("{path}: {:?}", r.elapsed));
                        }
                        latencies.lock().unwrap().push((path, r.elapsed));
                    }
                    Ok(r) => slow.push(format!("{path}: status {} {}", r.status, r.body)),
                    Err(e) => slow.push(format!("{path}: {e}")),
                }
                thread::sleep(PROBE_EVERY);
            }
            slow
        })
    };
    let burst_started = Instant::now();
    let clients: Vec<_> = EXPENSIVE
        .iter()
        .map(|path| {
            let port = server.port;
            thread::spawn(move || {
                let request =
                    format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
                (path, send(port, request.as_bytes()))
            })
        })
        .collect();
    let mut problems = Vec::new();
    for client in clients {
        let (path, answer) = client.join().unwrap();
        match answer {
            Ok(r) => {
                let json = serde_json::from_str::<Value>(&r.body).is_ok();
                if ![200, 422, 503].contains(&r.status)
                    || !json
                    || r.elapsed > SERVER_DEADLINE + DEADLINE_SLACK
                {
                    problems
                        .push(format!("{path}: status {} after {:?}: {:.300}", r.status, r.elapsed, r.body));
                }
                eprintln!("{path}: {} after {:.2} s", r.status, r.elapsed.as_secs_f64());
            }
            Err(e) => problems.push(format!("{path}: {e}")),
        }
    }
    let burst = burst_started.elapsed();
    done.store(true, Ordering::Relaxed);
    let slow = prober.join().unwrap();
    assert!(
        server.alive(),
        "the server died during the burst (under the 1 GiB address-space limit): {problems:#?}"
    );
    let peak = server.status_kib("VmHWM");
    // Memory is handed back after each slow answer; allow the last one a moment.
    thread::sleep(Duration::from_secs(1));
    let rss_after = server.status_kib("VmRSS");
    let samples = latencies.lock().unwrap().clone();
    for path in CHEAP {
        let mut times: Vec<Duration> = samples.iter().filter(|(p, _)| p == path).map(|(_, t)| *t).collect();
        let (median, max) = median_and_max(&mut times);
        eprintln!(
            "during the burst, {path}: {} answers, median {:.1} ms, max {:.1} ms",
            times.len(),
            median.as_secs_f64() * 1e3,
            max.as_secs_f64() * 1e3
        );
    }
    eprintln!(
        "burst of {} expensive requests: {:.1} s; server RSS before {} KiB, peak {} KiB, after {} KiB",
        EXPENSIVE.len(),
        burst.as_secs_f64(),
        rss_before,
        peak,
        rss_after
    );
    assert!(problems.is_empty(), "expensive requests: {problems:#?}");
    assert!(
        slow.is_empty(),
        "cheap requests slower than {CHEAP_LATENCY:?} or failed during the burst: {slow:#?}"
    );
    assert!(rss_after < RSS_AFTER_BURST_KIB, "RSS after the burst: {rss_after} KiB");
}

#[test]
#[ignore = "release suite: see main.rs"]
fn server_stops_the_work_of_a_client_that_went_away() {
    let server = Server::start();
    for path in EXPENSIVE.iter().take(4) {
        let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        write!(stream, "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n", server.port)
            .unwrap();
        thread::sleep(Duration::from_millis(1500));
        drop(stream);
        // Cancellation is noticed at the next budget check; then the server idles.
        thread::sleep(Duration::from_millis(500));
        let before = server.cpu();
        thread::sleep(Duration::from_secs(2));
        let used = server.cpu() - before;
        assert!(
            used < Duration::from_millis(200),
            "{path}: {used:?} of CPU in the 2 s after its client left"
        );
        assert_eq!(server.get("/").status, 200);
    }
}

#[test]
#[ignore = "release suite: see main.rs"]
fn server_survives_each_request_of_the_issue() {
    let mut server = Server::start();
    let cases: &[(&str, &[u16])] = &[
        // Moore's theory answers; listing every option does not fit the server's budget.
        ("/api/solve?game=moore&k=5&position=10,10,10,10,10,10,10,10,10,10", &[200]),
        ("/api/options?game=moore&k=5&position=10,10,10,10,10,10,10,10,10,10", &[200, 422]),
        ("/api/move?game=moore&k=5&position=10,10,10,10,10,10,10,10,10,10", &[200]),
        ("/api/table?game=nim&rows=4294967295&cols=4294967295", &[400]),
        ("/api/table?game=nim&rows=18446744073709551615&cols=2", &[400]),
        // Three players: the theory answers; two players: the search runs out of budget or time.
        ("/api/solve?game=large-nim&players=3&position=30,31,32,33,34,35", &[200]),
        ("/api/solve?game=large-nim&position=30,31,32,33,34,35", &[422, 503]),
        ("/api/p-positions?game=staircase&count=10000", &[200, 422]),
        ("/api/solve?game=fibonacci&position=7777777777", &[200]),
    ];
    for (path, statuses) in cases {
        let r = server.get(path);
        assert!(statuses.contains(&r.status), "{path}: {} {:.300}", r.status, r.body);
        r.json();
        assert!(r.elapsed <= SERVER_DEADLINE + DEADLINE_SLACK, "{path}: {:?}", r.elapsed);
        assert!(server.alive(), "the server died on {path}");
        eprintln!(
            "{path}: {} after {:.2} s; server peak RSS so far {} KiB",
            r.status,
            r.elapsed.as_secs_f64(),
            server.status_kib("VmHWM")
        );
        assert_eq!(server.get("/").status, 200, "GET / after {path}");
    }
    let solved = server.get("/api/move?game=moore&k=5&position=10,10,10,10,10,10,10,10,10,10").json();
    let to: Vec<u64> =
        solved["reply"]["move"]["to"].as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).collect();
    assert!(
        (0..64).all(|bit| to.iter().filter(|&&h| h >> bit & 1 == 1).count() % 6 == 0),
        "nimlab's reply from an N-position is a winning move: {solved}"
    );
}

#[test]
#[ignore = "release suite: see main.rs"]
fn server_stops_a_request_at_its_memory_ceiling() {
    // A work budget that pays for 4 TB: only `--memory` stops the search, whose positions of
    // hundreds of heaps grew past 1 GB before they were counted by size.
    let mut server = Server::start_with(&["--memory", "100M", "--budget", "1000000000000"]);
    let r = server.get("/api/solve?game=octal&code=0.04&position=2977&method=search");
    r.assert_error(422);
    let v = r.json();
    assert_eq!(v["kind"], "memory", "{r:?}");
    let error = v["error"].as_str().unwrap();
    assert!(error.contains("100 MiB in memory, the memory ceiling") && error.contains("--memory"), "{error}");
    assert!(!error.contains('\n'), "{error}");
    let peak = server.status_kib("VmHWM");
    eprintln!(
        "memory ceiling 100 MiB: {} after {:.2} s, server peak RSS {peak} KiB",
        r.status,
        r.elapsed.as_secs_f64()
    );
    assert!(peak < (100 + crate::memory::MARGIN_MIB) * 1024, "peak RSS {peak} KiB");
    assert!(server.alive());
    assert_eq!(server.get("/api/solve?game=nim&position=3,4,5").status, 200);
}

#[test]
#[ignore = "release suite: see main.rs"]
fn server_security_cases() {
    let mut server = Server::start();
    let port = server.port;
    let body = r#"{"game":"nim","position":"3,4,5"}"#;
    let post = |headers: &str| {
        server.send(&format!(
            "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ))
    };
    // DNS rebinding: another Host is refused.
    server.send("GET / HTTP/1.1\r\nHost: evil.example.com\r\nConnection: close\r\n\r\n").assert_error(421);
    server
        .send(&format!("GET /api/solve?game=nim&position=3 HTTP/1.1\r\nHost: evil.example.com:{port}\r\nConnection: close\r\n\r\n"))
        .assert_error(421);
    for host in [format!("127.0.0.1:{port}"), format!("localhost:{port}")] {
        let r = server.send(&format!("GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"));
        assert_eq!(r.status, 200, "Host: {host}");
    }
    // Cross-site POSTs and non-JSON bodies are refused; the page's own POST is answered.
    post("Origin: http://evil.example.com\r\nContent-Type: application/json\r\n").assert_error(403);
    post("Content-Type: text/plain\r\n").assert_error(403);
    post(&format!("Origin: http://127.0.0.1:{port}\r\nContent-Type: text/plain;charset=UTF-8\r\n"))
        .assert_error(403);
    post("Sec-Fetch-Site: cross-site\r\nContent-Type: application/json\r\n").assert_error(403);
    let own = post(&format!("Origin: http://127.0.0.1:{port}\r\nContent-Type: application/json\r\n"));
    assert_eq!(own.status, 200, "{own:?}");
    assert_eq!(own.json()["outcome"], "N");
    // Oversized request lines and heads get the JSON error object.
    let long = format!("/api/solve?game=nim&position={}", "1,".repeat(50_000));
    server.get(&long).assert_error(414);
    let many: String = (0..200).map(|i| format!("X-Filler-{i}: {}\r\n", "y".repeat(100))).collect();
    server
        .send(&format!("GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{many}Connection: close\r\n\r\n"))
        .assert_error(431);
    // A method the address does not take: 405 with Allow.
    let r = server
        .send(&format!("DELETE /api/solve HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"));
    r.assert_error(405);
    assert!(r.header("allow").is_some_and(|a| a.contains("GET")), "{r:?}");
    // The page's headers: a CSP without inline script, no framing, no referrer.
    let page = server.get("/");
    let csp = page.header("content-security-policy").unwrap_or_else(|| panic!("no CSP: {page:?}"));
    assert!(csp.contains("frame-ancestors 'none'") && csp.contains("script-src 'self'"), "{csp}");
    assert!(!csp.contains("unsafe-inline"), "{csp}");
    assert!(page.header("referrer-policy").is_some(), "{page:?}");
    assert_eq!(page.header("x-content-type-options"), Some("nosniff"));
    assert!(server.alive());
    assert_eq!(server.get("/api/solve?game=nim&position=3,4,5").status, 200);
}
