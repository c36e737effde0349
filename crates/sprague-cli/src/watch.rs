//! What watches a command's search: `--timeout` read as a deadline, the flag that Ctrl-C
//! sets, the spinner that shows the library's progress on a terminal, and the watchdog that
//! ends a search that overruns its deadline.

use anyhow::Result;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Reads `--timeout`: seconds as a whole or decimal number, exact to the millisecond
/// (no floating point: `2.5` is 2500 ms).
pub(crate) fn parse_seconds(text: &str) -> std::result::Result<Duration, String> {
    let bad = || {
        format!(
            "`{text}` is not a number of seconds (write e.g. `10` or `2.5`, at most 3 decimals)"
        )
    };
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() && frac.is_empty()
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
        || frac.len() > 3
        || (text.contains('.') && frac.is_empty())
    {
        return Err(bad());
    }
    let secs: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| bad())?
    };
    let millis: u32 = format!("{frac:0<3}").parse().map_err(|_| bad())?;
    let d = Duration::new(secs, millis * 1_000_000);
    if d.is_zero() {
        return Err(format!("`{text}`: the timeout must be more than 0 seconds"));
    }
    Ok(d)
}

/// What watches a command's search: the deadline (`--timeout`), the flag that Ctrl-C sets,
/// and the count of positions searched that the spinner shows.
pub(crate) struct Watch {
    pub(crate) deadline: Option<sprague_core::limits::Deadline>,
    pub(crate) cancel: Arc<AtomicBool>,
    pub(crate) searched: Arc<AtomicU64>,
    pub(crate) what: Arc<Mutex<String>>,
}

impl Watch {
    pub(crate) fn new(timeout: Option<Duration>, cancel: Arc<AtomicBool>) -> Watch {
        Watch {
            deadline: timeout.and_then(sprague_core::limits::Deadline::after),
            cancel,
            searched: Arc::new(AtomicU64::new(0)),
            what: Arc::new(Mutex::new(String::new())),
        }
    }

    /// The callback the library calls every few thousand positions: it only records the
    /// count, which the spinner's thread reads.
    pub(crate) fn progress(&self) -> sprague_core::limits::ProgressFn {
        let searched = self.searched.clone();
        let what = self.what.clone();
        sprague_core::limits::ProgressFn::new(move |p| {
            searched.store(p.searched, Ordering::Relaxed);
            if let Ok(mut w) = what.try_lock() {
                if *w != p.what {
                    p.what.clone_into(&mut w);
                }
            }
        })
    }

    /// Runs `work`, with a spinner on standard error after a second of it when standard
    /// error is a terminal (never with `--json`), and, when there is a deadline, a
    /// watchdog that ends the process shortly after it if a loop that does not watch the
    /// deadline is still running.
    pub(crate) fn run<T>(&self, json: bool, work: impl FnOnce() -> Result<T>) -> Result<T> {
        use std::io::IsTerminal;
        if let Some(d) = self.deadline {
            std::thread::spawn(move || {
                // The library stops at the deadline, then frees what it stored (a second
                // or more for a large memo) before its error is printed: the grace leaves
                // it that time.
                let grace = d.timeout + Duration::from_secs(2) + d.timeout / 4;
                std::thread::sleep(grace);
                eprintln!(
                    "error: stopped after {} s (--timeout {})",
                    sprague_core::error::seconds(&d.timeout),
                    sprague_core::error::seconds(&d.timeout)
                );
                std::process::exit(1);
            });
        }
        if json || !std::io::stderr().is_terminal() {
            return work();
        }
        let done = Arc::new(AtomicBool::new(false));
        let spinner = {
            let done = done.clone();
            let searched = self.searched.clone();
            let what = self.what.clone();
            std::thread::spawn(move || {
                let start = std::time::Instant::now();
                let mut bar: Option<indicatif::ProgressBar> = None;
                while !done.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(100));
                    if start.elapsed() < Duration::from_secs(1) {
                        continue;
                    }
                    let b = bar.get_or_insert_with(|| {
                        let b = indicatif::ProgressBar::new_spinner();
                        b.set_style(
                            indicatif::ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
                                .expect("valid template"),
                        );
                        b
                    });
                    let n = searched.load(Ordering::Relaxed);
                    let w = what.lock().map(|w| w.clone()).unwrap_or_default();
                    b.set_message(if n == 0 {
                        "searching".to_string()
                    } else {
                        format!("{n} {w}")
                    });
                    b.tick();
                }
                if let Some(b) = bar {
                    b.finish_and_clear();
                }
            })
        };
        let result = work();
        done.store(true, Ordering::Relaxed);
        let _ = spinner.join();
        result
    }
}
