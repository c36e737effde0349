//! Reading a request body into a game, its position words and options, and the JSON errors
//! the API answers with.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use sprague::play::{Opponent, Probability};
use sprague_core::value::Side;
use sprague_games::interface::SolveOptions;

/// An error answered as `{"error": "..."}` with a 4xx or 5xx status.
#[derive(Debug)]
pub struct ApiError {
    /// The status of the answer.
    pub status: StatusCode,
    /// The message, as the command line prints it.
    pub message: String,
}

impl ApiError {
    /// A request whose body is not a request of the documented shape (400).
    pub fn bad_request(message: impl Into<String>) -> Self {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }
}

/// The library's errors: what it refuses in a well-formed request is 422; a search stopped
/// by the server's deadline, or by the client going away, is 503 (the same request may
/// succeed later or with a smaller position).
impl From<sprague_core::Error> for ApiError {
    fn from(e: sprague_core::Error) -> Self {
        let status = match e {
            sprague_core::Error::Timeout { .. } | sprague_core::Error::Interrupted { .. } => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        };
        ApiError {
            status,
            message: e.to_string(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message }).to_string();
        crate::json_response(self.status, body)
    }
}

/// A position: one string split at white space ([`sprague::play::words`]), or the words.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Position {
    Text(String),
    Words(Vec<String>),
}

impl Default for Position {
    fn default() -> Self {
        Position::Words(Vec::new())
    }
}

/// The body of `solve`, `moves` and `reply`, as documented in `docs/api.md`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Body {
    game: String,
    #[serde(default)]
    position: Position,
    play: Option<String>,
    #[serde(default)]
    tokens: Vec<String>,
    start: Option<String>,
    ground: Option<String>,
    opponent: Option<serde_json::Value>,
    #[serde(default, deserialize_with = "seed")]
    seed: Option<u64>,
    side: Option<String>,
}

/// A seed: a whole number that fits in 64 bits; the message names the field.
fn seed<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    let v = serde_json::Value::deserialize(d)?;
    match v.as_u64() {
        Some(n) => Ok(Some(n)),
        None if v.is_null() => Ok(None),
        None => Err(serde::de::Error::custom(format!(
            "`seed` must be a whole number from 0 to {}, got {v}",
            u64::MAX
        ))),
    }
}

/// A request read and checked: the game's spec, the position's words, the options of the
/// request (the server adds its limits), and, for `reply`, how the computer plays.
#[derive(Debug)]
pub struct Request {
    /// The game spec, e.g. `nim` or `bash:3`.
    pub game: String,
    /// The position's words.
    pub words: Vec<String>,
    /// Play convention, tokens, start and ground.
    pub options: SolveOptions,
    /// `reply` only: the opponent (default perfect).
    pub opponent: Opponent,
    /// `reply` only: the seed, if given.
    pub seed: Option<u64>,
    /// `reply` only: the player to move in a partizan game.
    pub side: Option<Side>,
}

/// Reads a body; `reply` says whether the reply's fields are allowed.
pub fn parse(body: &[u8], reply: bool) -> Result<Request, ApiError> {
    let b: Body = serde_json::from_slice(body)
        .map_err(|e| ApiError::bad_request(format!("the body is not a request: {e}")))?;
    if !reply {
        for (field, given) in [
            ("opponent", b.opponent.is_some()),
            ("seed", b.seed.is_some()),
            ("side", b.side.is_some()),
        ] {
            if given {
                return Err(ApiError::bad_request(format!(
                    "`{field}` is a field of /api/v1/reply only"
                )));
            }
        }
    }
    let (misere, every) = match b.play.as_deref() {
        None | Some("normal") => (false, false),
        Some("misere") | Some("misère") => (true, false),
        Some("every") => (false, true),
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "unknown play `{other}`: choose normal, misere or every"
            )))
        }
    };
    let words = match b.position {
        Position::Text(t) => sprague::play::words(&t),
        Position::Words(w) => w,
    };
    let opponent = match &b.opponent {
        None => Opponent::Perfect,
        Some(v) => opponent(v)?,
    };
    let side = match b.side.as_deref() {
        None => None,
        Some("left") => Some(Side::Left),
        Some("right") => Some(Side::Right),
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "unknown side `{other}`: choose left or right"
            )))
        }
    };
    Ok(Request {
        game: b.game,
        words,
        options: SolveOptions {
            misere,
            every,
            tokens: b.tokens,
            start: b.start,
            ground: b.ground,
            ..SolveOptions::default()
        },
        opponent,
        seed: b.seed,
        side,
    })
}

/// `"perfect"`, `"random"`, `"misere-minded"`, `"skill:P"` or `{"skill": P}` with P a
/// string (`"0.75"`, `"3/4"`) or the integer 0 or 1: never a JSON fraction, which would
/// have to be read as a floating-point number.
fn opponent(v: &serde_json::Value) -> Result<Opponent, ApiError> {
    let bad = |e: sprague_core::Error| ApiError::bad_request(e.to_string());
    match v {
        serde_json::Value::String(s) => s.parse().map_err(bad),
        serde_json::Value::Object(m) if m.len() == 1 && m.contains_key("skill") => {
            let p: Probability = match &m["skill"] {
                serde_json::Value::String(s) => s.parse().map_err(bad)?,
                serde_json::Value::Number(n) if n.is_u64() => n.to_string().parse().map_err(bad)?,
                other => {
                    return Err(ApiError::bad_request(format!(
                        "skill `{other}`: give the probability as a string, e.g. \"0.75\" or \
                         \"3/4\", so that it is read exactly"
                    )))
                }
            };
            Ok(Opponent::Skill(p))
        }
        other => Err(ApiError::bad_request(format!(
            "unknown opponent `{other}`: choose \"perfect\", \"random\", \"misere-minded\" or \
             {{\"skill\": \"P\"}}"
        ))),
    }
}
