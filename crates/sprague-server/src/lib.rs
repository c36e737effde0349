//! The HTTP JSON API of sprague (`sprague serve`): a thin layer over the `sprague` library,
//! like the command line. Every answer is the library's typed answer serialised as the
//! command line's `--json` prints it; the API is documented in `docs/api.md`.
//!
//! Analyses run on tokio's blocking threads (never on the threads that serve connections),
//! at most [`Config::jobs`] at a time, each bounded by [`Config::max_positions`] and
//! [`Config::timeout`], and each cancelled when its client goes away: the handler holds a
//! guard that raises the search's cancellation flag when the handler is dropped.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! let server = sprague_server::Server::new(sprague_server::Config::default());
//! sprague_server::serve(listener, server, std::future::pending()).await
//! # }
//! ```

#![warn(missing_docs)]

mod assets;
mod body;
mod plot;
mod request;

pub use assets::paths as page_paths;
pub use request::{for_the_api, ApiError};

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use sprague::catalogue;
use sprague_games::interface::SolveOptions;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// What bounds the server's work.
#[derive(Debug, Clone)]
pub struct Config {
    /// The most positions one analysis may search (`--max-positions`).
    pub max_positions: u64,
    /// How long one analysis may run (`--timeout`).
    pub timeout: Duration,
    /// The largest request body, in bytes; a larger one is answered 413 (at once when its
    /// `Content-Length` says so). A body must arrive within `timeout`, or it is answered 408.
    pub body_limit: usize,
    /// How many analyses may run at once; later requests wait for a turn. Each analysis
    /// may hold up to `max_positions` positions in memory, so this bounds the memory too.
    pub jobs: usize,
    /// How long a client may take to send a request's headers before its connection is
    /// closed ([`serve`]).
    pub header_timeout: Duration,
}

impl Config {
    /// The default search limit of one request: a few hundred megabytes at most.
    pub const DEFAULT_MAX_POSITIONS: u64 = 2_000_000;
    /// The default timeout of one request.
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
    /// The default body limit: 64 KiB.
    pub const DEFAULT_BODY_LIMIT: usize = 64 * 1024;
}

impl Default for Config {
    /// The defaults above, and twice as many analyses at once as the machine has cores.
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Config {
            max_positions: Config::DEFAULT_MAX_POSITIONS,
            timeout: Config::DEFAULT_TIMEOUT,
            body_limit: Config::DEFAULT_BODY_LIMIT,
            jobs: 2 * cores,
            header_timeout: HEADER_READ_TIMEOUT,
        }
    }
}

/// The server's shared state: its limits, the turns of the analyses, and how many are
/// running.
#[derive(Debug, Clone)]
pub struct Server {
    config: Arc<Config>,
    turns: Arc<Semaphore>,
    running: Arc<AtomicUsize>,
}

impl Server {
    /// A server with these limits.
    pub fn new(config: Config) -> Server {
        Server {
            turns: Arc::new(Semaphore::new(config.jobs.max(1))),
            config: Arc::new(config),
            running: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// How many analyses are running now (on blocking threads, including those whose
    /// client has gone and which are stopping).
    pub fn running(&self) -> usize {
        self.running.load(Ordering::SeqCst)
    }

    /// The routes: the page (`GET /` and its files, [`page_paths`]), `GET /api/v1/games`,
    /// `POST /api/v1/{solve,moves,reply,apply}`, `GET /api/v1/plot/{grundy,p-positions,thermograph}`
    /// (pictures); other paths are answered 404, other methods 405, both with a JSON error.
    pub fn router(&self) -> Router {
        assets::routes(Router::new())
            .route("/api/v1/games", get(games))
            .route("/api/v1/solve", post(solve))
            .route("/api/v1/moves", post(moves))
            .route("/api/v1/reply", post(reply))
            .route("/api/v1/apply", post(apply))
            .route("/api/v1/plot/grundy", get(plot::grundy))
            .route("/api/v1/plot/p-positions", get(plot::p_positions))
            .route("/api/v1/plot/thermograph", get(plot::thermograph))
            .fallback(not_found)
            .method_not_allowed_fallback(method_not_allowed)
            .layer(DefaultBodyLimit::max(self.config.body_limit))
            .layer(axum::middleware::from_fn_with_state(
                self.clone(),
                body::read,
            ))
            .with_state(self.clone())
    }
}

/// How many connections may wait to be accepted. The system's default for a listener (128)
/// overflows when a few hundred clients connect at once, and the connections dropped then
/// are retried by their clients only after a second or more.
pub const BACKLOG: u32 = 1024;

/// Listens on 127.0.0.1 at `port` (0: a free port) with a queue of [`BACKLOG`] connections.
pub fn listen_local(port: u16) -> std::io::Result<tokio::net::TcpListener> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.set_reuseaddr(true)?;
    socket.bind(std::net::SocketAddr::from(([127, 0, 0, 1], port)))?;
    socket.listen(BACKLOG)
}

/// How long a client may take by default to send a request's headers (from the connection,
/// or from the previous answer on a kept-alive connection) before the connection is closed
/// ([`Config::header_timeout`]). A client sending its headers a byte at a time would
/// otherwise hold a connection forever.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a stopped server waits for the requests in flight before it closes their
/// connections.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(30);

/// Serves `server`'s routes on `listener` (HTTP/1.1) until `stop` completes, then lets the
/// requests in flight finish (for at most half a minute).
///
/// The accept loop is the server's own rather than `axum::serve`, which sets no deadline on
/// reading a request's headers: here a connection whose headers take longer than
/// [`Config::header_timeout`] is closed. Bodies are timed by the server's `--timeout`.
pub async fn serve(
    listener: tokio::net::TcpListener,
    server: Server,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    let router = server.router();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(server.config.header_timeout);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    tokio::pin!(stop);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of file descriptors, or a connection reset before it was accepted:
                // the listener itself is fine; pause a moment rather than spin.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let _ = stream.set_nodelay(true);
        let service = hyper_util::service::TowerToHyperService::new(router.clone());
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            // A connection's end (the client left, a header deadline) is not the server's.
            let _ = connection.await;
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await;
    Ok(())
}

/// An answer with a JSON body.
fn json_response(status: StatusCode, body: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
        body,
    )
        .into_response()
}

async fn not_found(method: Method, uri: Uri) -> ApiError {
    ApiError {
        status: StatusCode::NOT_FOUND,
        message: format!("no such resource: {method} {}", uri.path()),
    }
}

async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError {
        status: StatusCode::METHOD_NOT_ALLOWED,
        message: format!("{} does not accept {method}", uri.path()),
    }
}

/// `GET /api/v1/games`: what `sprague list --json` prints.
async fn games() -> Response {
    let list: Vec<_> = catalogue::entries()
        .iter()
        .map(sprague_games::interface::Entry::summary_info)
        .collect();
    match serde_json::to_string(&list) {
        Ok(body) => json_response(StatusCode::OK, body),
        Err(e) => internal(e),
    }
}

fn internal(e: impl std::fmt::Display) -> Response {
    internal_error(e).into_response()
}

/// Which analysis a request asks for.
#[derive(Debug, Clone, Copy)]
enum Ask {
    Solve,
    Moves,
    Reply,
    Apply,
}

async fn solve(State(s): State<Server>, body: Result<Bytes, BytesRejection>) -> Response {
    answer(s, body, Ask::Solve).await
}

async fn moves(State(s): State<Server>, body: Result<Bytes, BytesRejection>) -> Response {
    answer(s, body, Ask::Moves).await
}

async fn reply(State(s): State<Server>, body: Result<Bytes, BytesRejection>) -> Response {
    answer(s, body, Ask::Reply).await
}

/// `POST /api/v1/apply`: the position after a move a person typed (its label, the position
/// after it, or its number), checked against the legal moves: `{"position": "..."}`.
async fn apply(State(s): State<Server>, body: Result<Bytes, BytesRejection>) -> Response {
    answer(s, body, Ask::Apply).await
}

/// Reads the body, runs the analysis off the async threads and answers its JSON.
async fn answer(s: Server, body: Result<Bytes, BytesRejection>, ask: Ask) -> Response {
    let body = match body {
        Ok(b) => b,
        // Too large (413) or not readable (400).
        Err(r) => {
            return ApiError {
                status: r.status(),
                message: r.body_text(),
            }
            .into_response()
        }
    };
    let route = match ask {
        Ask::Solve | Ask::Moves => request::Route::Analysis,
        Ask::Reply => request::Route::Reply,
        Ask::Apply => request::Route::Apply,
    };
    let req = match request::parse(&body, route) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    // A seed from the clock when none is given; the answer says which, to replay it.
    let seed = req.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let result = s
        .run(move |options| {
            let options = SolveOptions {
                max_positions: options.max_positions,
                deadline: options.deadline,
                cancel: options.cancel,
                ..req.options
            };
            let game = match &req.script {
                Some(text) => sprague_games::script::game::game_from_script(&req.game, text)?,
                None => catalogue::lookup(&req.game)?,
            };
            let json = match ask {
                Ask::Solve => serde_json::to_string(&game.solve(&req.words, &options)?),
                Ask::Moves => serde_json::to_string(&game.moves(&req.words, &options)?),
                Ask::Reply => serde_json::to_string(&sprague::play::reply(
                    &*game,
                    &req.words,
                    &options,
                    req.opponent,
                    req.side,
                    seed,
                )?),
                Ask::Apply => {
                    let chosen = req.chosen.as_deref().unwrap_or_default();
                    let position = game.apply(&req.words, chosen, &options)?;
                    serde_json::to_string(&Applied { position })
                }
            };
            json.map_err(|e| sprague_core::Error::unsupported(format!("internal error: {e}")))
        })
        .await;
    match result {
        Ok(body) => json_response(StatusCode::OK, body),
        Err(e) => e.into_response(),
    }
}

/// The answer of `POST /api/v1/apply`: the position after the chosen move.
#[derive(serde::Serialize)]
struct Applied {
    position: String,
}

/// Raises a search's cancellation flag when dropped: when the handler's future is dropped
/// because its client went away, the search stops at its next check.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Counts an analysis as running while it lives.
struct Running(Arc<AtomicUsize>);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Server {
    /// Runs `work` on a blocking thread when a turn is free, with the server's limits in
    /// the options it is given (positions, deadline, and a cancellation flag raised when
    /// this future is dropped).
    async fn run<F, T>(&self, work: F) -> Result<T, ApiError>
    where
        F: FnOnce(SolveOptions) -> sprague_core::Result<T> + Send + 'static,
        T: Send + 'static,
    {
        // Waiting for a turn ends, with nothing started, if the client goes away.
        let turn = self
            .turns
            .clone()
            .acquire_owned()
            .await
            .map_err(internal_error)?;
        let cancel = Arc::new(AtomicBool::new(false));
        let _guard = CancelOnDrop(cancel.clone());
        let timeout = self.config.timeout;
        let options = SolveOptions {
            max_positions: self.config.max_positions,
            deadline: sprague_core::limits::Deadline::after(timeout),
            cancel: Some(cancel),
            ..SolveOptions::default()
        };
        self.running.fetch_add(1, Ordering::SeqCst);
        let running = Running(self.running.clone());
        let task = tokio::task::spawn_blocking(move || {
            // The turn and the count are given back when the work ends, not when the
            // answer is sent: a search that outlives its answer still holds its memory.
            let _turn = turn;
            let _running = running;
            work(options)
        });
        // Every engine watches the deadline; the grace covers freeing a large memo, and a
        // loop that does not watch it is answered for here (it stops at the flag).
        let grace = timeout + Duration::from_secs(2) + timeout / 4;
        match tokio::time::timeout(grace, task).await {
            Ok(Ok(result)) => result.map_err(ApiError::from),
            Ok(Err(e)) => Err(internal_error(e)),
            Err(_) => Err(ApiError {
                status: StatusCode::SERVICE_UNAVAILABLE,
                message: format!(
                    "stopped after {} s (the server's time limit)",
                    sprague_core::error::seconds(&timeout)
                ),
            }),
        }
    }
}

fn internal_error(e: impl std::fmt::Display) -> ApiError {
    ApiError {
        status: StatusCode::INTERNAL_SERVER_ERROR,
        message: format!("internal error: {e}"),
    }
}
