//! Load and faults against the server:
//!
//! ```text
//! cargo run --release -p sprague-server --example load -- \
//!     [--clients N] [--requests M] [--address HOST:PORT] [--fast-clients F]
//! ```
//!
//! Without `--address` it starts a server of its own (the default limits) on a free port.
//! Three phases, each client a thread of its own, every request on its own connection:
//!
//! 1. **load**: N clients (default 200) at once, each sending M requests (default 10) of a
//!    mix of games and routes (solve, moves, reply, the catalogue, the page, a picture);
//!    every answer must be 200.
//! 2. **hostile**: the same clients sending requests that must be refused (huge numbers,
//!    huge boards, deep expressions, wrong methods, oversized bodies, malformed JSON...);
//!    every answer must be the 4xx status listed for it, and the server must still answer
//!    afterwards.
//! 3. **slow beside fast**: one request that searches until the server's timeout or its limit on positions, and F
//!    clients (default 20) sending quick requests meanwhile; the quick ones must all be
//!    answered 200, the slowest of them in less than a fifth of the slow one's time.
//!
//! Each phase prints the requests per second, the latencies (p50, p99, max) and the count
//! of errors; the example exits with status 1 if any check fails.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

/// One request: what to send and the status it must get.
#[derive(Clone)]
struct Req {
    name: &'static str,
    method: &'static str,
    path: String,
    body: Vec<u8>,
    /// A `Content-Length` to claim instead of the body's length.
    claimed_length: Option<u64>,
    expect: u16,
}

fn post(name: &'static str, path: &str, body: impl Into<Vec<u8>>, expect: u16) -> Req {
    Req {
        name,
        method: "POST",
        path: path.to_string(),
        body: body.into(),
        claimed_length: None,
        expect,
    }
}

fn get(name: &'static str, path: impl Into<String>, expect: u16) -> Req {
    Req {
        name,
        method: "GET",
        path: path.into(),
        body: Vec::new(),
        claimed_length: None,
        expect,
    }
}

/// Percent-encodes a query value.
fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The mix of phase 1: families, routes and conventions, all answered 200.
fn ordinary() -> Vec<Req> {
    let solve = "/api/v1/solve";
    let moves = "/api/v1/moves";
    vec![
        post("nim", solve, r#"{"game": "nim", "position": "3 4 5"}"#, 200),
        post(
            "kayles misere",
            moves,
            r#"{"game": "kayles", "position": "7 8 9", "play": "misere"}"#,
            200,
        ),
        post(
            "graph",
            solve,
            r#"{"game": "graph", "position": "a>b>c a>c d>e", "tokens": ["a", "d"]}"#,
            200,
        ),
        post(
            "domineering",
            moves,
            r#"{"game": "domineering", "position": "....|....|...."}"#,
            200,
        ),
        post(
            "reply skill",
            "/api/v1/reply",
            r#"{"game": "nim", "position": "3 4 5", "opponent": {"skill": "3/4"}}"#,
            200,
        ),
        post(
            "octal",
            solve,
            r#"{"game": "octal:0.137", "position": "30 40 50"}"#,
            200,
        ),
        post(
            "hackenbush",
            moves,
            r#"{"game": "hackenbush", "position": "0-1:B 1-2:R 2-0:G 0-3:B"}"#,
            200,
        ),
        get("catalogue", "/api/v1/games", 200),
        get("page", "/", 200),
        get(
            "thermograph",
            format!("/api/v1/plot/thermograph?value={}", encode("{3||2*|1*}")),
            200,
        ),
    ]
}

/// The mix of phase 2: requests the server must refuse, each with its status.
fn hostile() -> Vec<Req> {
    let solve = "/api/v1/solve";
    let digits = |n: usize| "9".repeat(n);
    let body =
        |game: &str, position: &str| format!(r#"{{"game": "{game}", "position": "{position}"}}"#);
    let board = |row: &str, rows: usize| vec![row; rows].join("|");
    let deep_value = format!("{}{}", "{".repeat(3000), "|}".repeat(3000));
    let deep_json = format!(
        r#"{{"game": "nim", "position": {}"3"{}}}"#,
        "[".repeat(5000),
        "]".repeat(5000)
    );
    let mut oversized = post(
        "oversized body",
        solve,
        body("nim", &"1 ".repeat(40_000)),
        413,
    );
    oversized.name = "oversized body (80 KB)";
    let mut claimed = post("claimed length", solve, body("nim", "1"), 413);
    claimed.name = "claimed length 10^12";
    claimed.claimed_length = Some(1_000_000_000_000);
    let wrong = |name, method, path: &str| {
        let mut r = get(name, path, 405);
        r.method = method;
        r
    };
    vec![
        // Huge numbers.
        post("huge heap", solve, body("grundy-game", &digits(5000)), 422),
        post(
            "huge parameter",
            solve,
            body(&format!("bash:{}", digits(40)), "5"),
            422,
        ),
        post(
            "huge coordinate",
            solve,
            body("queens", &format!("{},5", digits(30))),
            422,
        ),
        post(
            "huge cake",
            solve,
            body("cutcake", &format!("{0}x{0}", digits(30))),
            422,
        ),
        post(
            "huge seed",
            "/api/v1/reply",
            format!(
                r#"{{"game": "nim", "position": "3 4 5", "seed": 1{}}}"#,
                digits(30)
            ),
            400,
        ),
        get(
            "huge upto",
            format!("/api/v1/plot/grundy?game=kayles&upto={}", digits(30)),
            400,
        ),
        get(
            "large upto",
            "/api/v1/plot/grundy?game=kayles&upto=100000000",
            422,
        ),
        // Huge boards.
        post(
            "huge domineering",
            solve,
            body("domineering", &board(&".".repeat(100), 100)),
            422,
        ),
        post(
            "huge clobber",
            solve,
            body("clobber", &board(&"xo".repeat(20), 40)),
            422,
        ),
        post(
            "huge strip",
            solve,
            body("toads-and-frogs", &format!("{}f", "t.".repeat(2000))),
            422,
        ),
        post(
            "6x6 domineering",
            solve,
            body("domineering", &board("......", 6)),
            422,
        ),
        // Deep expressions.
        get(
            "deep thermograph",
            format!("/api/v1/plot/thermograph?value={}", encode(&deep_value)),
            422,
        ),
        post("deep JSON", solve, deep_json, 400),
        // Wrong methods and paths.
        wrong("GET solve", "GET", solve),
        wrong("DELETE reply", "DELETE", "/api/v1/reply"),
        wrong("PUT games", "PUT", "/api/v1/games"),
        wrong("POST picture", "POST", "/api/v1/plot/grundy?game=kayles"),
        get("no such path", "/api/v2/solve", 404),
        get("dot dot", "/../../etc/passwd", 404),
        // Oversized bodies and queries.
        oversized,
        claimed,
        get(
            "long query",
            format!("/api/v1/plot/thermograph?value={}", "1".repeat(70_000)),
            414,
        ),
        // Bodies that are not requests, and requests the library refuses.
        post(
            "malformed JSON",
            solve,
            r#"{"game": "nim", "position": "#,
            400,
        ),
        post("not UTF-8", solve, vec![b'{', 0xff, 0xfe, b'}'], 400),
        post(
            "unknown key",
            solve,
            r#"{"game": "nim", "heaps": "1 2"}"#,
            400,
        ),
        post(
            "unknown play",
            solve,
            r#"{"game": "nim", "play": "sideways"}"#,
            400,
        ),
        post("unknown game", solve, body("nimm", "1"), 422),
        post("finished game", "/api/v1/reply", body("nim", "0 0"), 422),
        post("bad position", solve, body("domineering", "..|..x"), 422),
    ]
}

/// Sends one request on a connection of its own; answers the status (0: no status line).
fn send(addr: &str, r: &Req) -> std::io::Result<u16> {
    let mut s = TcpStream::connect(addr)?;
    s.set_read_timeout(Some(Duration::from_secs(120)))?;
    let length = r.claimed_length.unwrap_or(r.body.len() as u64);
    let mut head = format!(
        "{} {} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n",
        r.method, r.path
    );
    if r.method != "GET" {
        head.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {length}\r\n"
        ));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes())?;
    // A server that refuses the body may close before reading it all: the answer it wrote
    // first is read all the same.
    let wrote = s.write_all(&r.body);
    let mut answer = Vec::new();
    let read = s.read_to_end(&mut answer);
    let status = std::str::from_utf8(&answer[..answer.len().min(32)])
        .ok()
        .and_then(|t| t.split_whitespace().nth(1))
        .and_then(|c| c.parse().ok());
    match (status, wrote, read) {
        (Some(code), _, _) => Ok(code),
        (None, Err(e), _) | (None, _, Err(e)) => Err(e),
        (None, Ok(()), Ok(_)) => Ok(0),
    }
}

/// What one phase saw.
#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    /// The latencies of each kind of request.
    by_name: std::collections::BTreeMap<&'static str, Vec<Duration>>,
    /// Requests that did not get their status: name, what they got.
    wrong: Vec<(String, String)>,
    statuses: std::collections::BTreeMap<u16, u32>,
    elapsed: Duration,
}

impl Tally {
    fn add(&mut self, r: &Req, got: std::io::Result<u16>, took: Duration) {
        self.latencies.push(took);
        self.by_name.entry(r.name).or_default().push(took);
        match got {
            Ok(code) => {
                *self.statuses.entry(code).or_insert(0) += 1;
                if code != r.expect {
                    self.wrong
                        .push((r.name.to_string(), format!("{code}, not {}", r.expect)));
                }
            }
            Err(e) => self
                .wrong
                .push((r.name.to_string(), format!("connection error: {e}"))),
        }
    }

    fn percentile(&self, q: f64) -> Duration {
        percentile(&self.latencies, q)
    }

    fn report(&self, phase: &str) {
        let n = self.latencies.len();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "{phase}: {n} requests in {:.2} s = {:.0} requests/s; latency p50 {:.1} ms, p99 {:.1} ms, \
             max {:.1} ms; statuses {:?}; errors {}",
            self.elapsed.as_secs_f64(),
            n as f64 / self.elapsed.as_secs_f64().max(1e-9),
            ms(self.percentile(0.50)),
            ms(self.percentile(0.99)),
            ms(self.percentile(1.0)),
            self.statuses,
            self.wrong.len()
        );
        // The kinds of request that waited longest, by their p99.
        let mut kinds: Vec<_> = self
            .by_name
            .iter()
            .map(|(name, v)| (percentile(v, 0.99), percentile(v, 0.5), *name))
            .collect();
        kinds.sort();
        if kinds.len() > 1 {
            let slowest: Vec<_> = kinds
                .iter()
                .rev()
                .take(3)
                .map(|(p99, p50, name)| {
                    format!("{name} (p50 {:.1}, p99 {:.1} ms)", ms(*p50), ms(*p99))
                })
                .collect();
            println!("  slowest kinds: {}", slowest.join(", "));
        }
        let mut seen = std::collections::BTreeSet::new();
        for (name, what) in &self.wrong {
            if seen.insert((name, what)) {
                println!("  {name}: {what}");
            }
        }
    }
}

/// The `q`-th quantile of `v` (the largest for 1).
fn percentile(v: &[Duration], q: f64) -> Duration {
    let mut v = v.to_vec();
    v.sort();
    v.get(((v.len() as f64 * q) as usize).min(v.len().saturating_sub(1)))
        .copied()
        .unwrap_or_default()
}

/// `clients` threads at once, client `i` sending `per_client` requests of `mix` in turn.
fn phase(addr: &str, clients: usize, per_client: usize, mix: &[Req]) -> Tally {
    let start = Arc::new(Barrier::new(clients + 1));
    let threads: Vec<_> = (0..clients)
        .map(|i| {
            let (addr, start, mix) = (addr.to_string(), start.clone(), mix.to_vec());
            std::thread::spawn(move || {
                start.wait();
                (0..per_client)
                    .map(|k| {
                        let r = &mix[(i * per_client + k) % mix.len()];
                        let t = Instant::now();
                        let got = send(&addr, r);
                        (r.clone(), got, t.elapsed())
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    start.wait();
    let t = Instant::now();
    let mut tally = Tally::default();
    for th in threads {
        for (r, got, took) in th.join().expect("a client thread") {
            tally.add(&r, got, took);
        }
    }
    tally.elapsed = t.elapsed();
    tally
}

/// Phase 3: one slow request, and `clients` clients sending quick ones until it is answered.
fn slow_beside_fast(addr: &str, clients: usize) -> (Tally, Duration, std::io::Result<u16>) {
    // Clobber on 4 × 5 searches for long: it ends at the server's timeout or its limit on
    // positions, whichever comes first.
    let slow = post(
        "slow clobber",
        "/api/v1/solve",
        r#"{"game": "clobber", "position": "xoxox|oxoxo|xoxox|oxoxo"}"#,
        503,
    );
    let fast = post(
        "quick nim",
        "/api/v1/solve",
        r#"{"game": "nim", "position": "3 4 5"}"#,
        200,
    );
    let done = Arc::new(AtomicBool::new(false));
    let t = Instant::now();
    let slow_thread = {
        let (addr, done) = (addr.to_string(), done.clone());
        std::thread::spawn(move || {
            let t = Instant::now();
            let got = send(&addr, &slow);
            done.store(true, Ordering::SeqCst);
            (got, t.elapsed())
        })
    };
    // The quick requests start once the slow one is surely running.
    std::thread::sleep(Duration::from_millis(300));
    let threads: Vec<_> = (0..clients)
        .map(|_| {
            let (addr, done, fast) = (addr.to_string(), done.clone(), fast.clone());
            std::thread::spawn(move || {
                let mut out = Vec::new();
                while !done.load(Ordering::SeqCst) {
                    let t = Instant::now();
                    let got = send(&addr, &fast);
                    out.push((got, t.elapsed()));
                    std::thread::sleep(Duration::from_millis(20));
                }
                out
            })
        })
        .collect();
    let (slow_got, slow_took) = slow_thread.join().expect("the slow client");
    let mut tally = Tally::default();
    for th in threads {
        for (got, took) in th.join().expect("a quick client") {
            tally.add(&fast, got, took);
        }
    }
    tally.elapsed = t.elapsed();
    (tally, slow_took, slow_got)
}

fn main() {
    let mut clients = 200;
    let mut per_client = 10;
    let mut fast_clients = 20;
    let mut address = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |what: &str| args.next().unwrap_or_else(|| panic!("{a} needs {what}"));
        let number = |v: String| -> usize {
            v.parse()
                .unwrap_or_else(|_| panic!("{a}: `{v}` is not a number"))
        };
        match a.as_str() {
            "--clients" => clients = number(value("a number")),
            "--requests" => per_client = number(value("a number")),
            "--fast-clients" => fast_clients = number(value("a number")),
            "--address" => address = Some(value("HOST:PORT")),
            other => panic!("unknown argument `{other}` (see the example's documentation)"),
        }
    }
    let addr = match address {
        Some(a) => a,
        None => {
            let runtime = tokio::runtime::Runtime::new().expect("a runtime");
            let listener = runtime
                .block_on(async { sprague_server::listen_local(0) })
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
    println!("server {addr}; {clients} clients, {per_client} requests each");
    let mut failed = false;

    let load = phase(&addr, clients, per_client, &ordinary());
    load.report("load");
    failed |= !load.wrong.is_empty();

    let faults = phase(&addr, clients, per_client, &hostile());
    faults.report("hostile");
    failed |= !faults.wrong.is_empty();
    let alive = send(&addr, &get("catalogue", "/api/v1/games", 200));
    println!("after the hostile requests, GET /api/v1/games: {alive:?}");
    failed |= !matches!(alive, Ok(200));

    let (quick, slow_took, slow_got) = slow_beside_fast(&addr, fast_clients);
    println!(
        "slow request: {slow_got:?} after {:.2} s; meanwhile from {fast_clients} clients:",
        slow_took.as_secs_f64()
    );
    quick.report("  quick");
    let unblocked = quick.percentile(1.0) < slow_took / 5 && !quick.latencies.is_empty();
    println!(
        "  the quick requests were {}blocked by the slow one",
        if unblocked { "not " } else { "" }
    );
    // The slow search ends at the server's timeout (503) or at its --max-positions (422).
    failed |= !quick.wrong.is_empty() || !unblocked || !matches!(slow_got, Ok(422 | 503));
    if failed {
        println!("FAILED");
        std::process::exit(1);
    }
}
