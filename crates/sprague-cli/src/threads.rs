//! `--threads N`: the rayon pool a long computation runs in. Built here, by the command
//! line, and installed around the library call, which takes whatever pool it runs in (the
//! libraries keep no global state). The results never depend on the number of threads.

use anyhow::{bail, Result};

/// The most threads `--threads` accepts.
pub(crate) const MAX_THREADS: usize = 1_024;

/// The help of every command's `--threads`.
pub(crate) const HELP: &str =
    "Worker threads for the computation (default: one per core); the results are the same whatever N";

/// A pool of `threads` workers (`None`: one per core).
pub(crate) fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool> {
    let n = match threads {
        Some(0) => bail!("`--threads` needs at least 1"),
        Some(n) if n > MAX_THREADS => bail!("`--threads {n}`: at most {MAX_THREADS} threads"),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    Ok(rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .thread_name(|i| format!("sprague-worker-{i}"))
        .build()?)
}

/// Runs `work` in a pool of `threads` workers (see [`pool`]).
pub(crate) fn install<T: Send>(
    threads: Option<usize>,
    work: impl FnOnce() -> Result<T> + Send,
) -> Result<T> {
    pool(threads)?.install(work)
}
