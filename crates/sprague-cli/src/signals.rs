//! The program's answers to signals: Ctrl-C raises the flag that searches watch (and ends
//! the program if they do not stop), and a closed pipe ends it quietly.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The exit status of a search stopped by Ctrl-C, as a shell reports a SIGINT.
pub(crate) const INTERRUPTED: u8 = 130;

/// Interruptions closer together than this are one Ctrl-C delivered twice (far quicker than
/// a person presses twice).
const SAME_CTRL_C: Duration = Duration::from_millis(100);

/// Set while a `table --output` run saves its own checkpoint on Ctrl-C: the handler then
/// only raises the flag, and the table saves and stops (a second Ctrl-C still ends it).
pub(crate) static GRACEFUL: AtomicBool = AtomicBool::new(false);

/// Restores the default action of SIGPIPE, which Rust's runtime ignores: `sprague table …
/// | head` then ends quietly when `head` closes the pipe, instead of panicking in `println!`
/// at the first write after it.
pub(crate) fn end_quietly_on_closed_pipes() {
    #[cfg(unix)]
    // SAFETY: called in `main` before any thread starts; it only sets the disposition of
    // one signal to its default.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Installs the program's one Ctrl-C handler and returns the flag it raises.
pub(crate) fn catch_ctrl_c() -> Arc<AtomicBool> {
    // Ctrl-C sets the flag that searches watch, so that they end with a clean error; a
    // loop that does not watch it is ended a second later (or at a second Ctrl-C).
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    let mut first: Option<std::time::Instant> = None;
    let handler = ctrlc::set_handler(move || {
        // `timeout -s INT` (and any signal sent to the process and then to its group)
        // delivers one interruption twice within microseconds: a repeat that close is the
        // same Ctrl-C, not the second one that ends the program at once.
        if first.is_some_and(|t| t.elapsed() < SAME_CTRL_C) {
            return;
        }
        if flag.swap(true, Ordering::Relaxed) {
            std::process::exit(INTERRUPTED.into());
        }
        first = Some(std::time::Instant::now());
        if GRACEFUL.load(Ordering::SeqCst) {
            return;
        }
        std::thread::sleep(Duration::from_secs(1));
        eprintln!("error: interrupted");
        std::process::exit(INTERRUPTED.into());
    });
    if let Err(e) = handler {
        eprintln!("warning: Ctrl-C will end sprague without a message ({e})");
    }
    cancel
}
