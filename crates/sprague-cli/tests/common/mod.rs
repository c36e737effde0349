//! Helpers shared by the CLI tests that run `sprague` and judge it by status and message.
#![allow(dead_code)] // each test file uses some of them

use std::process::{Command, Output, Stdio};

/// Runs `sprague ARGS` with no standard input.
pub fn sprague(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the sprague binary runs")
}

/// Runs a command that must end with a clear error (status 1); returns its message.
pub fn refused(args: &[&str]) -> String {
    let o = sprague(args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(
        o.status.code(),
        Some(1),
        "`sprague {}`: {err}",
        args.join(" ")
    );
    assert!(err.starts_with("error: "), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// Runs a command that must succeed; returns its output.
pub fn answered(args: &[&str]) -> String {
    let o = sprague(args);
    assert!(
        o.status.success(),
        "`sprague {}`: {}",
        args.join(" "),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}
