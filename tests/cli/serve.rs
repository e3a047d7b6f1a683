//! `nimlab serve`: a real server on a free loopback port, asked over HTTP.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};

use crate::text;

/// A running `nimlab serve`, stopped when dropped.
struct Server {
    child: Child,
    base: String,
    agent: ureq::Agent,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("nimlab"))
            .arg("serve")
            .stdout(Stdio::piped())
            .spawn()
            .expect("nimlab serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout is piped")).read_line(&mut line).expect("a line");
        let base = line
            .trim()
            .strip_prefix("listening on ")
            .expect("the address line")
            .trim_end_matches('/')
            .to_string();
        assert!(base.starts_with("http://127.0.0.1:"), "{line}");
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(30)))
            .build()
            .into();
        Server { child, base, agent }
    }

    /// GET `path`: the status and the body as JSON.
    fn get(&self, path: &str) -> (u16, Value) {
        let mut response =
            self.agent.get(&format!("{}{path}", self.base)).call().expect("the server answers");
        let status = response.status().as_u16();
        let body = response.body_mut().read_to_string().expect("a body");
        (status, serde_json::from_str(&body).unwrap_or(Value::String(body)))
    }

    /// POST `body` as JSON to `path`, from the page's own origin: the status and the body.
    fn post_json(&self, path: &str, body: &str) -> (u16, Value) {
        let mut response = self
            .agent
            .post(&format!("{}{path}", self.base))
            .header("Origin", &self.base)
            .content_type("application/json")
            .send(body)
            .expect("the server answers");
        let status = response.status().as_u16();
        let body = response.body_mut().read_to_string().expect("a body");
        (status, serde_json::from_str(&body).unwrap_or(Value::String(body)))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_api_answers_exactly_what_json_prints() {
    let server = Server::start();
    let cli = |args: &[&str]| serde_json::from_str::<Value>(&text(args)).unwrap();
    assert_eq!(server.get("/api/games"), (200, cli(&["games", "--json"])));
    assert_eq!(
        server.get("/api/solve?game=nim&position=3,4,5"),
        (200, cli(&["solve", "nim", "3", "4", "5", "--json"]))
    );
    assert_eq!(
        server.get("/api/solve?game=bash&max=3&position=10&misere=1"),
        (200, cli(&["solve", "bash", "10", "--max", "3", "--misere", "--json"]))
    );
    assert_eq!(
        server.get("/api/table?game=nim&rows=5&cols=5&outcomes=1"),
        (200, cli(&["table", "nim", "--rows", "5", "--cols", "5", "--outcomes", "--json"]))
    );
    assert_eq!(
        server.get("/api/solve?game=subtraction&set=3..6,20&position=10"),
        (200, cli(&["solve", "subtraction", "10", "--set", "3..6,20", "--json"]))
    );
    assert_eq!(
        server.get("/api/solve?game=nim&position=1,2,3&players=3"),
        (200, cli(&["solve", "nim", "1", "2", "3", "--players", "3", "--json"]))
    );
    assert_eq!(
        server.get("/api/solve?part=nim%203%204&part=wythoff%203%205&part=subtraction%2010%20--set%201,3,4"),
        (200, cli(&["solve", "--sum", "nim 3 4", "wythoff 3 5", "subtraction 10 --set 1,3,4", "--json"]))
    );
    assert_eq!(
        server.get("/api/p-positions?game=wythoff&count=5"),
        (200, cli(&["p-positions", "wythoff", "--count", "5", "--json"]))
    );
}

#[test]
fn move_and_options_serve_play() {
    let server = Server::start();
    let (status, answer) = server.get("/api/move?game=nim&position=3,4,5");
    assert_eq!(status, 200);
    assert_eq!((answer["game"].as_str(), answer["position"].clone()), (Some("nim"), json!([3, 4, 5])));
    let reply = &answer["reply"];
    assert_eq!(reply["move"]["to"], json!([1, 4, 5]));
    assert_eq!((reply["basis"].as_str(), reply["outcome"].as_str()), (Some("remoteness"), Some("N")));
    assert_eq!(answer["game_over"], false);
    // nimlab takes the last stone: the game is over after its reply.
    let (_, answer) = server.get("/api/move?game=nim&position=0,1");
    assert_eq!(
        (answer["reply"]["move"]["to"].clone(), answer["game_over"].clone()),
        (json!([0, 0]), json!(true))
    );
    // Nothing to move: no reply.
    let (_, answer) = server.get("/api/move?game=nim&position=0,0");
    assert_eq!((answer["reply"].clone(), answer["game_over"].clone()), (Value::Null, json!(true)));
    // Too large to search: any legal move, said so.
    let (status, answer) = server.get("/api/move?game=nim&position=400,400");
    assert_eq!(status, 200);
    assert_eq!(answer["reply"]["basis"], "any-legal-move");
    let (_, options) = server.get("/api/options?game=bash&max=3&position=3");
    assert_eq!(options["params"], json!({ "max": 3 }));
    assert_eq!(options["moves"].as_array().map(Vec::len), Some(3));
    // POST with a JSON body from the page's origin.
    let (status, answer) = server.post_json("/api/move", r#"{"game": "nim", "position": "2,2"}"#);
    assert_eq!(status, 200);
    assert_eq!(
        (answer["reply"]["outcome"].as_str(), answer["reply"]["move"]["to"].clone()),
        (Some("P"), json!([1, 2]))
    );
    // A form body is refused: POST takes JSON only.
    let response = server
        .agent
        .post(&format!("{}/api/move", server.base))
        .content_type("application/x-www-form-urlencoded")
        .send("game=nim&position=2,2")
        .expect("the server answers");
    assert_eq!(response.status().as_u16(), 403);
}

#[test]
fn bad_requests_get_4xx_with_a_message_and_the_server_keeps_serving() {
    let server = Server::start();
    for (path, status) in [
        ("/api/solve?game=nim", 400),
        ("/api/solve?game=nim&position=3,four", 400),
        ("/api/solve?game=nope&position=3", 400),
        ("/api/solve?game=nim&position=3&budget=999999999", 400),
        ("/api/table?game=nim&rows=1000&cols=1000", 400),
        ("/api/solve?game=staircase&position=1000000,1000000,1000000&method=search", 422),
        ("/api/solve?game=nim&position=%FF%FE", 400),
        ("/api/unknown", 404),
        ("/nothing-here", 404),
    ] {
        let (got, body) = server.get(path);
        assert_eq!(got, status, "{path}: {body}");
        assert!(body["error"].as_str().is_some_and(|m| !m.is_empty()), "{path}: {body}");
        assert_eq!(body["status"], status, "{path}: {body}");
        let kind = if status == 422 { "budget" } else { "usage" };
        assert_eq!(body["kind"], kind, "{path}: {body}");
    }
    // An oversized URL, and a request that is not HTTP at all.
    let (status, _) = server.get(&format!("/api/solve?game=nim&position={}", "1".repeat(9000)));
    assert_eq!(status, 414);
    let (status, body) = server.post_json(
        "/api/move",
        &format!(r#"{{"game": "nim", "position": "1,2", "pad": "{}"}}"#, "x".repeat(9000)),
    );
    assert_eq!(status, 413);
    assert!(body["error"].as_str().unwrap().contains("larger than 8192 bytes"), "{body}");
    let address = server.base.trim_start_matches("http://");
    let mut raw = TcpStream::connect(address).expect("connect");
    raw.write_all(b"\x16\x03\x01 this is not HTTP\r\n\r\n").expect("write");
    drop(raw);
    // Still serving.
    assert_eq!(server.get("/api/solve?game=nim&position=1,2,3").0, 200);
    let (status, page) = server.get("/");
    assert_eq!(status, 200);
    assert!(page.as_str().is_some_and(|html| html.contains("nimlab playground")));
}

#[test]
fn json_start_up_prints_the_address_as_an_object() {
    let started = crate::serve_json_start_up();
    let address = started["address"].as_str().expect("an address");
    assert!(address.starts_with("http://127.0.0.1:") && address.ends_with('/'), "{started}");
}

/// 40 clients connect at the same moment and keep their connections open: every one is
/// answered. (tiny_http, the playground's first server, left one such request unanswered until
/// another connection closed, in two of five rounds tried.)
#[test]
fn simultaneous_keep_alive_connections_are_all_answered() {
    use std::io::Read;
    use std::sync::{Arc, Barrier};
    const CLIENTS: usize = 40;
    let server = Server::start();
    let address = server.base.trim_start_matches("http://").to_string();
    for round in 0..3 {
        let (start, done) = (Arc::new(Barrier::new(CLIENTS)), Arc::new(Barrier::new(CLIENTS)));
        let clients: Vec<_> = (0..CLIENTS)
            .map(|_| {
                let (address, start, done) = (address.clone(), Arc::clone(&start), Arc::clone(&done));
                std::thread::spawn(move || {
                    start.wait();
                    let mut stream = TcpStream::connect(&address).expect("connect");
                    stream.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
                    stream.write_all(b"GET /api/games HTTP/1.1\r\nHost: localhost\r\n\r\n").expect("write");
                    let mut head = [0u8; 12];
                    let answered = stream.read_exact(&mut head).is_ok() && head.starts_with(b"HTTP/1.1 200");
                    done.wait(); // every connection stays open until all clients have their answer
                    answered
                })
            })
            .collect();
        let answered = clients.into_iter().map(|c| c.join().unwrap_or(false)).filter(|&ok| ok).count();
        assert_eq!(answered, CLIENTS, "round {round}");
    }
}
