//! What watches a command's search: `--timeout` read as a deadline, the flag that Ctrl-C
//! sets, the spinner that shows the library's progress on a terminal, and the watchdog that
//! ends a search that overruns its deadline.

use anyhow::Result;
use std::sync::atomic::{AtomicBool, Ordering};
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
/// and the counts that the spinner shows.
pub(crate) struct Watch {
    pub(crate) deadline: Option<sprague_core::limits::Deadline>,
    pub(crate) cancel: Arc<AtomicBool>,
    measures: Arc<Mutex<Measures>>,
}

/// What a search has counted so far, measure by measure (positions, comparisons,
/// components), each at the most it reached. A search may report several measures in turn,
/// and a parallel one reports from each thread: the spinner shows them all, and a count
/// never goes back.
#[derive(Default)]
struct Measures(Vec<(String, u64)>);

impl Measures {
    /// Notes `count` of `what` (kept if more than before).
    fn note(&mut self, count: u64, what: &str) {
        match self.0.iter_mut().find(|(w, _)| w == what) {
            Some((_, n)) => *n = (*n).max(count),
            None => self.0.push((what.to_string(), count)),
        }
    }

    /// The spinner's message: every measure counted so far, the smallest count first (the
    /// positions or components of a search before the comparisons of its canonical forms,
    /// which are many more: a line too long for the terminal is cut at its end).
    fn message(&self) -> String {
        let mut counted: Vec<&(String, u64)> = self.0.iter().filter(|(_, n)| *n > 0).collect();
        counted.sort_by_key(|(_, n)| *n);
        let shown: Vec<String> = counted.iter().map(|(w, n)| format!("{n} {w}")).collect();
        if shown.is_empty() {
            "searching".to_string()
        } else {
            shown.join(", ")
        }
    }
}

impl Watch {
    pub(crate) fn new(timeout: Option<Duration>, cancel: Arc<AtomicBool>) -> Watch {
        Watch {
            deadline: timeout.and_then(sprague_core::limits::Deadline::after),
            cancel,
            measures: Arc::new(Mutex::new(Measures::default())),
        }
    }

    /// The callback the library calls every few thousand positions: it only records the
    /// count, which the spinner's thread reads. (A count that finds the lock taken is
    /// dropped: the next one comes a few thousand steps later.)
    pub(crate) fn progress(&self) -> sprague_core::limits::ProgressFn {
        let measures = self.measures.clone();
        sprague_core::limits::ProgressFn::new(move |p| {
            if let Ok(mut m) = measures.try_lock() {
                m.note(p.searched, p.what);
            }
        })
    }

    /// Shows `count` of `what` alone, in place of what was shown (a command's own count,
    /// such as the cases a stress test has run).
    pub(crate) fn show(&self, count: u64, what: String) {
        if let Ok(mut m) = self.measures.lock() {
            m.0 = vec![(what, count)];
        }
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
            let measures = self.measures.clone();
            std::thread::spawn(move || {
                let start = std::time::Instant::now();
                let mut bar: Option<indicatif::ProgressBar> = None;
                while !done.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(100));
                    if start.elapsed() < Duration::from_secs(1) {
                        continue;
                    }
                    // The message is cut to the terminal's width (`wide_msg`): several
                    // measures side by side may not fit, and a line that wraps is
                    // redrawn below itself.
                    let b = bar.get_or_insert_with(|| {
                        let b = indicatif::ProgressBar::new_spinner();
                        b.set_style(
                            indicatif::ProgressStyle::with_template(
                                "{spinner} {wide_msg} ({elapsed})",
                            )
                            .expect("valid template"),
                        );
                        b
                    });
                    if let Ok(m) = measures.lock() {
                        b.set_message(m.message());
                    }
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

#[cfg(test)]
mod tests {
    use super::Measures;

    /// Each measure keeps the most it reached, and the smallest is shown first; the
    /// threads of a parallel search, reporting in turn, never make a count go back.
    #[test]
    fn measures_only_grow_and_are_all_shown() {
        let mut m = Measures::default();
        assert_eq!(m.message(), "searching");
        m.note(0, "positions searched");
        assert_eq!(m.message(), "searching");
        m.note(8192, "comparisons");
        m.note(4096, "domineering components");
        m.note(4096, "comparisons");
        assert_eq!(m.message(), "4096 domineering components, 8192 comparisons");
        m.note(12288, "comparisons");
        m.note(2048, "domineering components");
        assert_eq!(
            m.message(),
            "4096 domineering components, 12288 comparisons"
        );
    }
}
