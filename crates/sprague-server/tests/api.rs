//! The HTTP API in process: each request goes through the router with
//! `tower::ServiceExt::oneshot`, and each answer is compared with what the library (and so
//! the command line's `--json`) gives for the same request.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{json, Value};
use sprague::catalogue::lookup;
use sprague_games::interface::SolveOptions;
use sprague_server::{Config, Server};
use std::time::Duration;
use tower::ServiceExt;

fn server() -> Server {
    Server::new(Config {
        max_positions: 1_000_000,
        ..Config::default()
    })
}

async fn send(s: &Server, method: &str, path: &str, body: impl Into<Body>) -> (StatusCode, Value) {
    let req = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(body.into())
        .unwrap();
    let resp = s.router().oneshot(req).await.unwrap();
    let status = resp.status();
    let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX)
        .await
        .unwrap();
    let v = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, v)
}

async fn post(s: &Server, path: &str, body: Value) -> (StatusCode, Value) {
    send(s, "POST", path, body.to_string()).await
}

fn words(t: &str) -> Vec<String> {
    t.split_whitespace().map(String::from).collect()
}

/// The verdict the library gives, serialised as `--json` prints it.
fn library(spec: &str, position: &str, options: SolveOptions, all: bool) -> Value {
    let g = lookup(spec).unwrap();
    let v = if all {
        g.moves(&words(position), &options)
    } else {
        g.solve(&words(position), &options)
    }
    .unwrap();
    serde_json::to_value(&v).unwrap()
}

#[tokio::test]
async fn the_catalogue_is_what_list_json_prints() {
    let (status, v) = send(&server(), "GET", "/api/v1/games", Body::empty()).await;
    assert_eq!(status, StatusCode::OK);
    let list: Vec<_> = sprague::catalogue::entries()
        .iter()
        .map(sprague_games::interface::Entry::summary_info)
        .collect();
    assert_eq!(v, serde_json::to_value(&list).unwrap());
    assert!(v.as_array().unwrap().iter().any(|g| g["name"] == "kayles"));
}

#[tokio::test]
async fn solve_and_moves_answer_the_verdict_of_four_families() {
    let s = server();
    let (status, v) = post(
        &s,
        "/api/v1/solve",
        json!({"game": "nim", "position": "3 4 5"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v, library("nim", "3 4 5", SolveOptions::default(), false));
    assert_eq!(v["winning_moves"], json!(["1 4 5"]));

    let misere = SolveOptions {
        misere: true,
        ..SolveOptions::default()
    };
    let body = json!({"game": "kayles", "position": ["3", "4"], "play": "misere"});
    let (status, v) = post(&s, "/api/v1/moves", body).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v, library("kayles", "3 4", misere, true));
    assert_eq!(v["play"], "misere");

    let tokens = SolveOptions {
        tokens: vec!["a".into(), "d".into()],
        ..SolveOptions::default()
    };
    let body = json!({"game": "graph", "position": "a>b>c a>c d>e", "tokens": ["a", "d"]});
    let (status, v) = post(&s, "/api/v1/solve", body).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v, library("graph", "a>b>c a>c d>e", tokens, false));

    let body = json!({"game": "domineering", "position": "...|..."});
    let (status, v) = post(&s, "/api/v1/moves", body).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(
        v,
        library("domineering", "...|...", SolveOptions::default(), true)
    );
    assert_eq!(v["listing"], "all");
}

async fn reply(s: &Server, body: Value) -> Value {
    let (status, v) = post(s, "/api/v1/reply", body).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    v
}

#[tokio::test]
async fn reply_with_each_opponent() {
    let s = server();
    let v = reply(
        &s,
        json!({"game": "nim", "position": "3 4 5", "opponent": "perfect"}),
    )
    .await;
    assert_eq!(
        (v["label"].as_str(), v["position"].as_str()),
        (Some("take 2 from heap 1"), Some("1 4 5"))
    );
    assert_eq!(v["choice"], "best");
    assert_eq!(
        v["verdict"],
        library("nim", "1 4 5", SolveOptions::default(), true)
    );
    assert!(v["seed"].is_u64(), "a seed is chosen and reported: {v}");

    let legal: Vec<String> = lookup("nim")
        .unwrap()
        .legal_moves(&words("3 4 5"), &SolveOptions::default())
        .unwrap()
        .into_iter()
        .map(|m| m.position)
        .collect();
    let body = json!({"game": "nim", "position": "3 4 5", "opponent": "random", "seed": 12});
    let a = reply(&s, body.clone()).await;
    assert_eq!(
        a,
        reply(&s, body).await,
        "the same seed chooses the same move"
    );
    assert_eq!(
        (a["seed"].as_u64(), a["choice"].as_str()),
        (Some(12), Some("random"))
    );
    assert!(legal.iter().any(|p| a["position"] == *p), "{a}");

    for skill in [
        json!({"skill": "1"}),
        json!({"skill": 1}),
        json!("skill:1.0"),
    ] {
        let v = reply(
            &s,
            json!({"game": "nim", "position": "3 4 5", "opponent": skill}),
        )
        .await;
        assert_eq!(
            (v["position"].as_str(), v["opponent"].as_str()),
            (Some("1 4 5"), Some("skill:1"))
        );
    }
    let v = reply(
        &s,
        json!({"game": "nim", "position": "3 4 5", "opponent": {"skill": "0.75"}, "seed": 1}),
    )
    .await;
    assert_eq!(v["opponent"], "skill:3/4");

    let v = reply(
        &s,
        json!({"game": "nim", "position": "1 2", "opponent": "misere-minded"}),
    )
    .await;
    assert_eq!(v["position"], "1 0");

    let v = reply(
        &s,
        json!({"game": "domineering", "position": "..|..", "side": "right"}),
    )
    .await;
    assert_eq!(v["side"], "right");
    assert!(
        v["label"].as_str().unwrap().starts_with("horizontal"),
        "{v}"
    );
}

async fn refused(
    s: &Server,
    method: &str,
    path: &str,
    body: impl Into<Body>,
) -> (StatusCode, String) {
    let (status, v) = send(s, method, path, body).await;
    assert!(status.is_client_error(), "{status} {v}");
    let message = v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error message: {v}"));
    (status, message.to_string())
}

#[tokio::test]
async fn bad_requests_are_4xx_with_the_message() {
    let s = server();
    let solve = "/api/v1/solve";
    let cases: Vec<(&str, &str, String, StatusCode, &str)> = vec![
        (
            "POST",
            solve,
            json!({"game": "nimm", "position": "1"}).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown game `nimm`",
        ),
        (
            "POST",
            solve,
            json!({"game": "nim", "position": "1 x"}).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "`x`",
        ),
        (
            "POST",
            solve,
            "{\"game\": \"nim\", ".into(),
            StatusCode::BAD_REQUEST,
            "the body is not a request",
        ),
        (
            "POST",
            solve,
            "".into(),
            StatusCode::BAD_REQUEST,
            "the body is not a request",
        ),
        (
            "POST",
            solve,
            json!({"game": "nim", "positions": "1"}).to_string(),
            StatusCode::BAD_REQUEST,
            "unknown field `positions`",
        ),
        (
            "POST",
            solve,
            json!({"game": "nim", "play": "loopy"}).to_string(),
            StatusCode::BAD_REQUEST,
            "unknown play `loopy`",
        ),
        (
            "POST",
            solve,
            json!({"game": "nim", "position": "1", "opponent": "random"}).to_string(),
            StatusCode::BAD_REQUEST,
            "reply only",
        ),
        (
            "POST",
            solve,
            json!({"game": "grundy-game", "position": "1000000000000000000000"}).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "search limit reached",
        ),
        (
            "POST",
            "/api/v1/reply",
            r#"{"game": "nim", "position": "3", "seed": 1e30}"#.into(),
            StatusCode::BAD_REQUEST,
            "seed",
        ),
        (
            "POST",
            "/api/v1/reply",
            r#"{"game": "nim", "position": "3", "seed": 100000000000000000000000}"#.into(),
            StatusCode::BAD_REQUEST,
            "seed",
        ),
        (
            "POST",
            "/api/v1/reply",
            json!({"game": "nim", "position": "3", "opponent": {"skill": 0.75}}).to_string(),
            StatusCode::BAD_REQUEST,
            "as a string",
        ),
        (
            "POST",
            "/api/v1/reply",
            json!({"game": "nim", "position": "3", "opponent": "skill:5/4"}).to_string(),
            StatusCode::BAD_REQUEST,
            "not a probability",
        ),
        (
            "POST",
            "/api/v1/reply",
            json!({"game": "nim", "position": "0 0"}).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "the game is over",
        ),
        (
            "GET",
            solve,
            String::new(),
            StatusCode::METHOD_NOT_ALLOWED,
            "does not accept GET",
        ),
        (
            "POST",
            "/api/v1/games",
            String::new(),
            StatusCode::METHOD_NOT_ALLOWED,
            "does not accept POST",
        ),
        (
            "GET",
            "/api/v2/solve",
            String::new(),
            StatusCode::NOT_FOUND,
            "no such resource",
        ),
    ];
    for (method, path, body, status, needle) in cases {
        let (got, message) = refused(&s, method, path, body.clone()).await;
        assert_eq!(got, status, "{method} {path} {body}: {message}");
        assert!(
            message.contains(needle),
            "{method} {path} {body}: {message}"
        );
    }
    // A body over the limit, whether its length is announced or not.
    let big = format!(
        "{{\"game\": \"nim\", \"position\": \"{}\"}}",
        "1 ".repeat(40_000)
    );
    let (status, message) = refused(&s, "POST", solve, big.clone()).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{message}");
    let chunks = futures_stream(big);
    let (status, message) = refused(&s, "POST", solve, chunks).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{message}");
}

/// A body sent in pieces, with no length announced.
fn futures_stream(text: String) -> Body {
    let pieces: Vec<Vec<u8>> = text.into_bytes().chunks(1000).map(<[u8]>::to_vec).collect();
    Body::from_stream(Pieces(pieces.into_iter()))
}

/// A stream over a list of pieces.
struct Pieces(std::vec::IntoIter<Vec<u8>>);

impl futures_core::Stream for Pieces {
    type Item = Result<Vec<u8>, std::io::Error>;
    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        std::task::Poll::Ready(self.0.next().map(Ok))
    }
}

#[tokio::test]
async fn a_search_past_the_timeout_is_503() {
    let s = Server::new(Config {
        max_positions: 1_000_000_000,
        timeout: Duration::ZERO,
        ..Config::default()
    });
    let body = json!({"game": "kayles", "position": "20 21 22 23 24 25", "play": "misere"});
    let (status, v) = post(&s, "/api/v1/solve", body).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("stopped after 0 s"),
        "{v}"
    );
}

/// Waits (at most a minute) until `ok` holds; no timing is asserted, only that it happens.
async fn eventually(what: &str, ok: impl Fn() -> bool) {
    for _ in 0..600 {
        if ok() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("never: {what}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_search_blocks_no_one_and_stops_when_its_client_goes() {
    let s = Server::new(Config {
        max_positions: 1_000_000_000,
        timeout: Duration::from_secs(3600),
        ..Config::default()
    });
    // A misère sum that takes far longer than the test may wait (Dawson's Kayles: its
    // quotient outgrows its bounds before heap 60, and the search of the sum is huge).
    let slow = json!({"game": "dawson-kayles", "position": "20 21 22 23 24 25 26 27 28 29 30 60", "play": "misere"});
    let task = {
        let s = s.clone();
        tokio::spawn(async move { post(&s, "/api/v1/solve", slow).await })
    };
    eventually("the slow search starts", || s.running() == 1).await;
    let (status, v) = post(
        &s,
        "/api/v1/solve",
        json!({"game": "nim", "position": "3 4 5"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(s.running(), 1, "the slow search still runs");
    // The client goes away: its handler is dropped, and the search stops at the flag.
    task.abort();
    eventually("the abandoned search stops", || s.running() == 0).await;
}

/// A body that never comes: its stream is pending for ever.
struct Never;

impl futures_core::Stream for Never {
    type Item = Result<Vec<u8>, std::io::Error>;
    fn poll_next(
        self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        std::task::Poll::Pending
    }
}

#[tokio::test]
async fn a_body_announced_too_large_or_never_sent_holds_nothing() {
    // A terabyte announced, nothing sent: refused from the header, without waiting.
    let s = server();
    let req = Request::builder()
        .method("POST")
        .uri("/api/v1/solve")
        .header("content-length", "1000000000000")
        .body(Body::from_stream(Never))
        .unwrap();
    let resp = s.router().oneshot(req).await.unwrap();
    assert_eq!(resp.status(), StatusCode::PAYLOAD_TOO_LARGE);
    // A body that does not arrive within the timeout: 408.
    let s = Server::new(Config {
        timeout: Duration::from_millis(50),
        ..Config::default()
    });
    let (status, v) = refused(&s, "POST", "/api/v1/solve", Body::from_stream(Never)).await;
    assert_eq!(status, StatusCode::REQUEST_TIMEOUT, "{v}");
    assert!(v.contains("did not arrive"), "{v}");
}

/// Over a real socket: a client that sends half its headers and then nothing has its
/// connection closed after the header deadline, while a whole request on another
/// connection is answered; a stopped server ends its loop.
#[tokio::test]
async fn slow_headers_are_cut_off_over_a_socket() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = sprague_server::listen_local(0).unwrap();
    let address = listener.local_addr().unwrap();
    let s = Server::new(Config {
        header_timeout: Duration::from_millis(300),
        ..Config::default()
    });
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let served = tokio::spawn(sprague_server::serve(listener, s, async {
        let _ = stop_rx.await;
    }));
    let mut slow = tokio::net::TcpStream::connect(address).await.unwrap();
    slow.write_all(b"GET /api/v1/games HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    // A whole request meanwhile.
    let mut quick = tokio::net::TcpStream::connect(address).await.unwrap();
    quick
        .write_all(b"GET /api/v1/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = Vec::new();
    quick.read_to_end(&mut answer).await.unwrap();
    assert!(
        answer.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&answer)
    );
    // The slow client: closed (perhaps after a 408) well within a few seconds.
    let mut rest = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), slow.read_to_end(&mut rest)).await;
    assert!(read.is_ok(), "the slow connection was still open after 5 s");
    assert!(
        !rest.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&rest)
    );
    stop_tx.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(5), served)
        .await
        .expect("the server stops")
        .unwrap()
        .unwrap();
}

#[tokio::test]
async fn a_malformed_field_is_named_with_what_it_should_be() {
    let s = server();
    for (body, says) in [
        (
            json!({"game": "nim", "position": 3}),
            "`position` must be a string of words or an array of words, got 3",
        ),
        (
            json!({"game": "nim", "position": [3, {"a": 1}]}),
            "`position` must be a string of words",
        ),
        (json!({"game": 7}), "`game` must be a string naming a game"),
        (json!({"position": "3"}), "the request names no game"),
        (
            json!({"game": "nim", "tokens": "a"}),
            "`tokens` must be an array of strings",
        ),
        (
            json!({"game": "nim", "play": 1}),
            "`play` must be one of \"normal\"",
        ),
        (json!(["nim", "3"]), "must be a JSON object"),
        (
            json!({"game": "nim", "positions": "1"}),
            "unknown field `positions`: a request has the fields `game`, `position`",
        ),
    ] {
        let (status, v) = post(&s, "/api/v1/solve", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let message = v["error"].as_str().unwrap();
        assert!(message.contains(says), "{body}: {message}");
        for rust in ["untagged", "enum", "invalid type", "Vec<", "String"] {
            assert!(
                !message.contains(rust),
                "{body}: a Rust word `{rust}` in {message}"
            );
        }
    }
    // Numbers are words: [3, 4, 5] is the position "3 4 5".
    let (status, v) = post(
        &s,
        "/api/v1/solve",
        json!({"game": "nim", "position": [3, 4, 5]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v, library("nim", "3 4 5", SolveOptions::default(), false));
}

#[tokio::test]
async fn no_message_tells_an_api_user_to_pass_a_flag() {
    // A search the server's limit refuses: the library's message names `--max-positions`.
    let s = Server::new(Config {
        max_positions: 50,
        ..Config::default()
    });
    let (status, v) = post(
        &s,
        "/api/v1/solve",
        json!({"game": "domineering", "position": "......|......|......|......|......"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    let message = v["error"].as_str().unwrap();
    assert!(!message.contains("--"), "{message}");
    assert!(message.contains("search limit"), "{message}");
}

#[test]
fn flags_in_library_messages_are_reworded() {
    use sprague_server::for_the_api;
    let m = for_the_api("stopped after 1.5 s (--timeout 1.5); 7 positions searched");
    assert_eq!(
        m,
        "stopped after 1.5 s (the server's time limit of 1.5 s); 7 positions searched"
    );
    let m = for_the_api("x; `--max-positions 5000` is enough for every position");
    assert_eq!(
        m,
        "x; a search limit of 5000 positions (this server's limit is set when it is started) is enough for every position"
    );
    let m = for_the_api(
        "far beyond a search of at most 9 positions (`--max-positions` raises the limit)",
    );
    assert!(!m.contains("--"), "{m}");
    assert_eq!(for_the_api("a -- b --"), "a -- b --");
}

#[tokio::test]
async fn apply_checks_a_typed_move_against_the_legal_moves() {
    let s = server();
    let game = lookup("nim").unwrap();
    let legal = game
        .legal_moves(&words("3 4 5"), &SolveOptions::default())
        .unwrap();
    // By the position after it, by its label, by its number: the library's answer.
    for chosen in [
        legal[2].position.clone(),
        legal[2].label.clone(),
        "3".to_string(),
    ] {
        let (status, v) = post(
            &s,
            "/api/v1/apply",
            json!({"game": "nim", "position": "3 4 5", "move": chosen}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{chosen}: {v}");
        assert_eq!(v, json!({"position": legal[2].position}), "{chosen}");
    }
    let (status, v) = post(
        &s,
        "/api/v1/apply",
        json!({"game": "nim", "position": "3 4 5", "move": "9 9 9"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    let (status, v) = post(
        &s,
        "/api/v1/apply",
        json!({"game": "nim", "position": "3 4 5"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(v["error"].as_str().unwrap().contains("needs `move`"), "{v}");
    let (status, v) = post(
        &s,
        "/api/v1/solve",
        json!({"game": "nim", "position": "3", "move": "1"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(v["error"].as_str().unwrap().contains("apply only"), "{v}");
}

#[tokio::test]
async fn a_rules_script_comes_as_text_in_the_request() {
    let s = server();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/rules/domineering.luau"
    ))
    .unwrap();
    let body = |position: &str| json!({"game": "rules:domineering.luau", "script": text, "position": position});
    for board in ["...|...|...", "..#...|..#..."] {
        let (status, v) = post(&s, "/api/v1/solve", body(board)).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        let catalogue = library("domineering", board, SolveOptions::default(), false);
        assert_eq!(v["value"], catalogue["value"], "{board}");
        assert_eq!(
            v["details"]["temperature"],
            catalogue["details"]["temperature"]
        );
        assert_eq!(v["game"], "rules:domineering.luau");
    }
    let (status, v) = post(&s, "/api/v1/moves", body("..|..")).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["moves"].as_array().unwrap().len(), 4, "{v}");
    // The computer answers a move in a partizan script game.
    let mut reply = body("...|...");
    reply["side"] = json!("right");
    let (status, v) = post(&s, "/api/v1/reply", reply).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    // Impartial scripts too, in Rhai.
    let (status, v) = post(
        &s,
        "/api/v1/solve",
        json!({"game": "rules:nim.rhai", "script": "fn options(n) { let o = []; for k in 0..n { o.push(k); } o }", "position": "3 + 5"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["value"], "6", "{v}");
    // No file is read: a script without its text, text without a script's name, a
    // script that fails or loops, each named.
    let (status, v) = post(
        &s,
        "/api/v1/solve",
        json!({"game": "rules:x.luau", "position": "1"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("`script`"), "{v}");
    let (status, v) = post(
        &s,
        "/api/v1/solve",
        json!({"game": "nim", "script": "fn options(n) { [] }", "position": "1"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("rules:NAME"), "{v}");
    let (status, v) = post(
        &s,
        "/api/v1/solve",
        json!({"game": "rules:loop.luau", "script": "function left_options(n)\n  while true do end\nend\nfunction right_options(n) return {} end", "position": "1"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let e = v["error"].as_str().unwrap();
    assert!(e.contains("operations") && e.contains("line 2"), "{v}");
}
