//! `sprague serve` and `sprague play` as a user runs them: the server's first line and its
//! answers over a real connection (equal to what `--json` prints), and scripted games.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Output, Stdio};

fn sprague() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sprague"))
}

/// Ends the server when the test ends, passed or failed.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// One HTTP/1.1 request on a new connection; the status and the body of the answer.
fn http(port: u16, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("the server accepts");
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("a status line");
    (status, body.to_string())
}

fn cli_json(args: &[&str]) -> serde_json::Value {
    let o = sprague().args(args).stdin(Stdio::null()).output().unwrap();
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn serve_prints_where_it_listens_and_answers_as_the_cli_does() {
    let mut child = sprague()
        .args(["serve", "--port", "0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the sprague binary runs");
    let stdout = child.stdout.take().unwrap();
    let _server = Running(child);
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).unwrap();
    let port: u16 = line
        .trim_end()
        .strip_prefix("listening on http://127.0.0.1:")
        .unwrap_or_else(|| panic!("first line: {line:?}"))
        .parse()
        .unwrap();
    assert_ne!(port, 0);
    let cases: [(&str, &str, &[&str]); 4] = [
        (
            "/api/v1/solve",
            r#"{"game": "nim", "position": "3 4 5"}"#,
            &["solve", "nim", "3", "4", "5", "--json"],
        ),
        (
            "/api/v1/moves",
            r#"{"game": "kayles", "position": "3 4", "play": "misere"}"#,
            &["moves", "kayles", "3", "4", "--misere", "--json"],
        ),
        (
            "/api/v1/solve",
            r#"{"game": "graph", "position": "a>b>c a>c d>e", "tokens": ["a", "d"]}"#,
            &[
                "solve",
                "graph",
                "a>b>c a>c d>e",
                "--token",
                "a",
                "--token",
                "d",
                "--json",
            ],
        ),
        (
            "/api/v1/moves",
            r#"{"game": "domineering", "position": "...|..."}"#,
            &["moves", "domineering", "...|...", "--json"],
        ),
    ];
    for (path, body, args) in cases {
        let (status, answer) = http(port, "POST", path, body);
        assert_eq!(status, 200, "{body}: {answer}");
        let answer: serde_json::Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(answer, cli_json(args), "{body}");
    }
    let (status, answer) = http(port, "GET", "/nowhere", "");
    assert_eq!(status, 404, "{answer}");
    assert!(answer.contains("\"error\""), "{answer}");
}

fn play(args: &[&str], input: &str) -> Output {
    let mut child = sprague()
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The game may end before every line is read: a closed pipe is no failure.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

/// The lines of a game's record: the moves, undo and redo, and the end (the boards drawn
/// between them are left out).
fn record(out: &str) -> String {
    out.lines()
        .filter(|l| {
            ["you:", "computer:", "undone:", "redone:", "game over"]
                .iter()
                .any(|p| l.starts_with(p))
        })
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn play_reads_moves_from_a_pipe_and_plays_to_the_end() {
    let args = ["nim", "1", "2", "--computer", "second"];
    let input = "take 1 from heap 2\n1\n";
    let o = play(&args, input);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(
        record(&out),
        "you: take 1 from heap 2 → 1 1\n\
         computer: take 1 from heap 2 → 1 0\n\
         you: take 1 from heap 1 → 0 0\n\
         game over at 0 0: the computer (second player) cannot move; you (first player) win \
         (the player who cannot move loses)\n"
    );
    // A piped game draws the board before each of the user's moves and at the end, plain
    // (no colour codes in a pipe), without hints unless asked.
    assert!(
        out.starts_with(
            "\nposition: 1 2\nheap 1 │ ● 1\nheap 2 │ ●● 2\nto move: you (first player)\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("position: 0 0\nheap 1 │  0\nheap 2 │  0\ngame over"),
        "{out}"
    );
    assert!(!out.contains('\x1b') && !out.contains("outcome:"), "{out}");
    assert_eq!(
        play(&args, input).stdout,
        out.as_bytes(),
        "the same game again"
    );
}

#[test]
fn play_draws_boards_and_says_the_outcome_from_the_users_side() {
    // Domineering: a grid with its coordinates.
    let o = play(&["domineering", ".#..|.###|....", "--computer", "none"], "");
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.contains("1  · # · ·\n2  · # # #\n3  · · · ·\n   a b c d\n"),
        "{out}"
    );
    // Wythoff: a queen on a chessboard.
    let o = play(&["wythoff", "7", "4", "--computer", "none"], "");
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("4  · · · · · · · Q ·"), "{out}");
    // With the computer first at a P-position, the user (second player) is winning: the
    // hints say so, not "second player wins" beside "you (second player)" alone.
    let o = play(&["nim", "1", "2", "--computer", "first", "--hints"], "");
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("to move: you (second player)\n"), "{out}");
    assert!(
        out.contains("outcome: you are losing (the computer is winning)"),
        "{out}"
    );
    let o = play(&["nim", "2", "2", "--computer", "first", "--hints"], "");
    let out = String::from_utf8(o.stdout).unwrap();
    // Lost, the computer keeps the game going: 2 1 or 1 2, never 2 0.
    assert!(out.starts_with("computer: take 1 from heap"), "{out}");
    assert!(out.contains("outcome: you are winning"), "{out}");
}

#[test]
fn play_with_the_computer_first_undo_bad_moves_and_misere() {
    // The computer wins 1 2 at once (to 1 1); a bad line is refused and play goes on.
    let o = play(&["nim", "1", "2", "--computer", "first"], "take 9\n1\n");
    assert!(o.status.success());
    let out = String::from_utf8(o.stdout).unwrap();
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("`take 9` is not a legal move"), "{err}");
    assert_eq!(
        record(&out),
        "computer: take 1 from heap 2 → 1 1\n\
         you: take 1 from heap 1 → 0 1\n\
         computer: take 1 from heap 2 → 0 0\n\
         game over at 0 0: you (second player) cannot move; the computer (first player) wins \
         (the player who cannot move loses)\n"
    );
    // Undo goes back to the human's previous turn (before the computer's reply too), redo
    // forward again, and `q` quits.
    let o = play(&["nim", "3", "4", "5"], "1\nu\nr\nu\n2\nq\n");
    assert!(o.status.success());
    let out = record(&String::from_utf8(o.stdout).unwrap());
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    assert_eq!(lines[0], "you: take 1 from heap 1 → 2 4 5");
    assert!(lines[1].starts_with("computer: "), "{out}");
    assert_eq!(lines[2], "undone: back to 3 4 5");
    assert!(
        lines[3].starts_with("redone: back to ") && lines[1].ends_with(&lines[3][16..]),
        "{out}"
    );
    assert_eq!(lines[4], "undone: back to 3 4 5");
    assert_eq!(lines[5], "you: take 2 from heap 1 → 1 4 5");
    assert!(lines[6].starts_with("computer: "), "{out}");
    // Misère: the perfect computer leaves the last counter to the human, who must take it.
    let o = play(&["nim", "2", "--misere", "--computer", "first"], "1\n");
    let out = record(&String::from_utf8(o.stdout).unwrap());
    assert!(
        out.starts_with("computer: take 1 from heap 1 → 1\n"),
        "{out}"
    );
    assert!(
        out.ends_with(
            "the computer (first player) wins (misère play: the player who cannot move wins)\n"
        ),
        "{out}"
    );
    let o = play(&["nim", "1", "--opponent", "clever"], "");
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown opponent `clever`"));
}
