//! `--threads N`: the worker threads of every long computation. The command line sets the
//! size of rayon's pool once, before the command runs (the libraries keep no global state
//! and run in whatever pool they are called from). The results never depend on the number
//! of threads.

use anyhow::{bail, Result};

/// The most threads `--threads` accepts.
pub(crate) const MAX_THREADS: usize = 1_024;

/// The help of every command's `--threads`.
pub(crate) const HELP: &str =
    "Worker threads of the parallel computations (Grundy sequences of take-and-break games, quotient sweeps, tables of rules scripts, the canonical-form searches of partizan games on at most 16, Ski-Jumps on one; default: one per core); the results are the same whatever N";

/// The number of threads a `--threads` value asks for (`None`: one per core), checked.
pub(crate) fn count(threads: Option<usize>) -> Result<usize> {
    match threads {
        Some(0) => bail!("`--threads` needs at least 1"),
        Some(n) if n > MAX_THREADS => bail!("`--threads {n}`: at most {MAX_THREADS} threads"),
        Some(n) => Ok(n),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// Sizes the process's rayon pool: `threads` workers, or one per core. Called once, by
/// `main`, before any command computes; every thread that computes (the command's own,
/// the server's request threads) then shares these workers.
pub(crate) fn configure(threads: Option<usize>) -> Result<()> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(count(threads)?)
        .thread_name(|i| format!("sprague-worker-{i}"))
        .build_global()?;
    Ok(())
}

/// Runs `work` on one of the pool's workers, so that the parallel loops inside it share
/// the workers directly (called from outside the pool, each loop would be handed over and
/// the caller put to sleep and woken). With one worker there is nothing to share, and the
/// work stays on the calling thread: a worker that allocates gets its own malloc arena,
/// 0.3 MB more memory (Officers to 10⁶ on one thread).
pub(crate) fn on_worker<T: Send>(work: impl FnOnce() -> Result<T> + Send) -> Result<T> {
    if rayon::current_num_threads() == 1 {
        return work();
    }
    rayon::scope(|_| work())
}
