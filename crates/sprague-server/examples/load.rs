//! Concurrent requests against the server: `cargo run --release -p sprague-server --example
//! load [-- REQUESTS [ADDRESS]]`. Without an address it starts a server of its own on a free
//! port. Every request is sent at once from its own thread on its own connection; the
//! example prints how many got each status and the time taken, and fails if any was not 200.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::{Arc, Barrier};
use std::time::Instant;

/// A mix of families and routes.
const BODIES: [(&str, &str); 6] = [
    ("/api/v1/solve", r#"{"game": "nim", "position": "3 4 5"}"#),
    (
        "/api/v1/moves",
        r#"{"game": "kayles", "position": "7 8 9", "play": "misere"}"#,
    ),
    (
        "/api/v1/solve",
        r#"{"game": "graph", "position": "a>b>c a>c d>e", "tokens": ["a", "d"]}"#,
    ),
    (
        "/api/v1/moves",
        r#"{"game": "domineering", "position": "....|....|...."}"#,
    ),
    (
        "/api/v1/reply",
        r#"{"game": "nim", "position": "3 4 5", "opponent": {"skill": "3/4"}}"#,
    ),
    (
        "/api/v1/solve",
        r#"{"game": "octal:0.137", "position": "30 40 50"}"#,
    ),
];

fn request(addr: &str, path: &str, body: &str) -> std::io::Result<u16> {
    let mut s = TcpStream::connect(addr)?;
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )?;
    let mut answer = String::new();
    s.read_to_string(&mut answer)?;
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    Ok(status)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args
        .next()
        .map_or(200, |a| a.parse().expect("REQUESTS is a number"));
    let addr = match args.next() {
        Some(a) => a,
        None => {
            let runtime = tokio::runtime::Runtime::new().expect("a runtime");
            let listener = runtime
                .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
                .expect("a free port");
            let addr = listener.local_addr().expect("an address").to_string();
            std::thread::spawn(move || {
                let server = sprague_server::Server::new(sprague_server::Config::default());
                runtime.block_on(sprague_server::serve(
                    listener,
                    server,
                    std::future::pending(),
                ))
            });
            addr
        }
    };
    let start = Arc::new(Barrier::new(n + 1));
    let threads: Vec<_> = (0..n)
        .map(|i| {
            let (addr, start) = (addr.clone(), start.clone());
            std::thread::spawn(move || {
                let (path, body) = BODIES[i % BODIES.len()];
                start.wait();
                let t = Instant::now();
                (request(&addr, path, body), t.elapsed())
            })
        })
        .collect();
    start.wait();
    let t = Instant::now();
    let mut statuses = std::collections::BTreeMap::new();
    let mut slowest = std::time::Duration::ZERO;
    for th in threads {
        let (status, took) = th.join().expect("a client thread");
        let key = match status {
            Ok(s) => s.to_string(),
            Err(e) => format!("connection error ({e})"),
        };
        *statuses.entry(key).or_insert(0u32) += 1;
        slowest = slowest.max(took);
    }
    let all = t.elapsed();
    println!(
        "{n} concurrent requests to {addr}: {statuses:?} in {:.0} ms (slowest answer {:.0} ms)",
        all.as_secs_f64() * 1e3,
        slowest.as_secs_f64() * 1e3
    );
    if statuses.len() != 1 || !statuses.contains_key("200") {
        std::process::exit(1);
    }
}
