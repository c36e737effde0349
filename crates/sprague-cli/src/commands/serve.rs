//! `sprague serve`: the HTTP JSON API of `sprague-server` on 127.0.0.1.

use crate::signals::GRACEFUL;
use crate::watch::parse_seconds;
use anyhow::{bail, Context, Result};
use sprague_server::{Config, Server};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The arguments of `sprague serve`.
#[derive(clap::Args, Debug)]
pub(crate) struct ServeArgs {
    /// The port on 127.0.0.1 (0: a free port, which the first line printed names).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The most positions one request's analysis may search.
    #[arg(long, value_name = "N", default_value_t = Config::DEFAULT_MAX_POSITIONS)]
    max_positions: u64,
    /// Stop one request's analysis after SECONDS (a whole or decimal number).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, default_value = "10")]
    timeout: Duration,
    /// How many analyses may run at once; later requests wait for a turn (default: twice
    /// the number of cores).
    #[arg(long, value_name = "N")]
    jobs: Option<usize>,
    #[arg(long, value_name = "N", help = crate::threads::HELP)]
    pub(crate) threads: Option<usize>,
}

/// Serves until Ctrl-C, then lets the requests in flight finish (a second Ctrl-C ends at
/// once). The first line printed is `listening on http://127.0.0.1:PORT`.
pub(crate) fn run(args: ServeArgs, cancel: Arc<AtomicBool>) -> Result<()> {
    if args.max_positions == 0 {
        bail!("`--max-positions` must be at least 1");
    }
    let mut config = Config {
        max_positions: args.max_positions,
        timeout: args.timeout,
        ..Config::default()
    };
    if let Some(jobs) = args.jobs {
        if jobs == 0 {
            bail!("`--jobs` must be at least 1");
        }
        config.jobs = jobs;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the server's runtime")?;
    runtime.block_on(async move {
        let listener = sprague_server::listen_local(args.port)
            .with_context(|| format!("listening on 127.0.0.1 port {}", args.port))?;
        let port = listener.local_addr()?.port();
        let mut out = std::io::stdout().lock();
        writeln!(out, "listening on http://127.0.0.1:{port}")?;
        out.flush()?;
        drop(out);
        // Ctrl-C raises the flag and leaves the ending to the server.
        GRACEFUL.store(true, Ordering::SeqCst);
        let stop = async move {
            while !cancel.load(Ordering::Relaxed) {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        };
        sprague_server::serve(listener, Server::new(config), stop)
            .await
            .context("serving")
    })
}
