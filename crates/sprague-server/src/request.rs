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
            message: for_the_api(&e.to_string()),
        }
    }
}

/// The library's message in the API's words: the command line's limit flags become the
/// server's limits, which a request cannot raise (no JSON field does), so that no message
/// tells an API user to pass a flag.
pub fn for_the_api(message: &str) -> String {
    let message = message.replace(
        "`--max-positions` raises the limit",
        "a server started with a larger search limit allows more",
    );
    let mut out = String::with_capacity(message.len());
    let mut rest = message.as_str();
    while let Some(at) = rest.find("--") {
        let (before, from) = rest.split_at(at);
        let flag_len = from[2..]
            .find(|c: char| !(c.is_ascii_lowercase() || c == '-'))
            .map_or(from.len(), |n| n + 2);
        let flag = &from[..flag_len];
        let after = &from[flag_len..];
        // The flag's value, when one follows (`--max-positions 5000`, `--timeout 1.5`).
        let value_len = after
            .strip_prefix(' ')
            .map(|v| {
                v.find(|c: char| !(c.is_ascii_digit() || c == '.'))
                    .unwrap_or(v.len())
            })
            .filter(|&n| n > 0)
            .map_or(0, |n| n + 1);
        let value = after.get(1..value_len).unwrap_or("");
        let (before, quoted) = match before.strip_suffix('`') {
            Some(b) if after[value_len..].starts_with('`') => (b, true),
            _ => (before, false),
        };
        out.push_str(before);
        let words = match (flag, value.is_empty()) {
            ("--max-positions", false) => format!("a search limit of {value} positions (this server's limit is set when it is started)"),
            ("--max-positions", true) => "the server's search limit".to_string(),
            ("--timeout", false) => format!("the server's time limit of {value} s"),
            ("--timeout", true) => "the server's time limit".to_string(),
            _ => flag.to_string(),
        };
        out.push_str(&words);
        rest = &after[value_len..];
        if quoted {
            rest = &rest[1..];
        }
    }
    out.push_str(rest);
    out
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message }).to_string();
        crate::json_response(self.status, body)
    }
}

/// A position: one string split at white space ([`sprague::play::words`]), or the words
/// (strings, or whole numbers written as their digits).
#[derive(Debug)]
enum Position {
    Text(String),
    Words(Vec<String>),
}

impl Default for Position {
    fn default() -> Self {
        Position::Words(Vec::new())
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let bad = || {
            serde::de::Error::custom(
                "`position` must be a string of words (\"3 4 5\") or an array of words or \
                 whole numbers ([\"3\", 4, 5])",
            )
        };
        match serde_json::Value::deserialize(d)? {
            serde_json::Value::String(t) => Ok(Position::Text(t)),
            serde_json::Value::Null => Ok(Position::default()),
            serde_json::Value::Array(items) => items
                .into_iter()
                .map(|w| match w {
                    serde_json::Value::String(s) => Ok(s),
                    serde_json::Value::Number(n) if n.is_u64() || n.is_i64() => Ok(n.to_string()),
                    _ => Err(bad()),
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Position::Words),
            _ => Err(bad()),
        }
    }
}

/// The fields of a request body and what each must be, in the words of the error messages.
const FIELDS: &[(&str, &str)] = &[
    (
        "game",
        "a string naming a game, e.g. \"nim\" or \"subtraction:1,2,3\"",
    ),
    ("position", "a string of words or an array of words"),
    ("play", "one of \"normal\", \"misere\" or \"every\""),
    ("tokens", "an array of strings"),
    ("start", "a string naming a vertex"),
    ("ground", "a string naming a vertex"),
    (
        "opponent",
        "\"perfect\", \"random\", \"misere-minded\", \"skill:P\" or {\"skill\": \"P\"}",
    ),
    ("seed", "a whole number"),
    (
        "script",
        "a string: the text of the rules script that `game` (`rules:NAME.luau` or `rules:NAME.rhai`) names",
    ),
    ("side", "\"left\" or \"right\""),
    (
        "move",
        "a string: the move's label, the position after it, or its number in the list of moves",
    ),
];

/// Checks the body's shape before it is read into [`Body`], so that each message names the
/// field that is wrong and what it should be (serde's own would name Rust types).
fn check_shape(body: &[u8]) -> Result<(), ApiError> {
    let v: serde_json::Value = serde_json::from_slice(body).map_err(|e| {
        ApiError::bad_request(format!(
            "the body is not a request: it must be a JSON object such as \
             {{\"game\": \"nim\", \"position\": \"3 4 5\"}} ({e})"
        ))
    })?;
    let serde_json::Value::Object(map) = v else {
        return Err(ApiError::bad_request(
            "the body is not a request: it must be a JSON object such as \
             {\"game\": \"nim\", \"position\": \"3 4 5\"}",
        ));
    };
    for (key, value) in &map {
        let Some((_, what)) = FIELDS.iter().find(|(k, _)| k == key) else {
            let names: Vec<_> = FIELDS.iter().map(|(k, _)| format!("`{k}`")).collect();
            return Err(ApiError::bad_request(format!(
                "unknown field `{key}`: a request has the fields {}",
                names.join(", ")
            )));
        };
        use serde_json::Value as V;
        let fits = match (key.as_str(), value) {
            (_, V::Null) => key != "game",
            ("game" | "play" | "start" | "ground" | "side" | "move" | "script", v) => v.is_string(),
            ("position", V::String(_)) => true,
            ("position", V::Array(items)) => items
                .iter()
                .all(|w| w.is_string() || w.is_i64() || w.is_u64()),
            ("tokens", V::Array(items)) => items.iter().all(V::is_string),
            // Checked with their own messages when read.
            ("opponent" | "seed", _) => true,
            _ => false,
        };
        if !fits {
            return Err(ApiError::bad_request(format!(
                "`{key}` must be {what}, got {}",
                shown(value)
            )));
        }
    }
    if !map.contains_key("game") {
        return Err(ApiError::bad_request(
            "the request names no game: `game` must be a string naming a game, e.g. \"nim\"",
        ));
    }
    Ok(())
}

/// A JSON value as the person wrote it, cut short when long.
fn shown(v: &serde_json::Value) -> String {
    let t = v.to_string();
    if t.chars().count() > 60 {
        format!("{}…", t.chars().take(57).collect::<String>())
    } else {
        t
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
    #[serde(rename = "move")]
    chosen: Option<String>,
    script: Option<String>,
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
    /// `apply` only: the move chosen (its label, the position after it, or its number).
    pub chosen: Option<String>,
    /// The text of the rules script `game` names (`rules:NAME.luau`): the server reads
    /// no files, so a script comes in the request, and runs sandboxed under its limits.
    pub script: Option<String>,
}

/// Which route reads a body: each allows its own fields besides the common ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// `solve` and `moves`.
    Analysis,
    /// `reply`: `opponent`, `seed`, `side`.
    Reply,
    /// `apply`: `move`, which it needs.
    Apply,
}

/// Reads a body; `route` says which fields besides the common ones are allowed.
pub fn parse(body: &[u8], route: Route) -> Result<Request, ApiError> {
    check_shape(body)?;
    let b: Body = serde_json::from_slice(body)
        .map_err(|e| ApiError::bad_request(format!("the body is not a request: {e}")))?;
    if route != Route::Reply {
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
    match (route, &b.chosen) {
        (Route::Apply, None) => {
            return Err(ApiError::bad_request(
                "/api/v1/apply needs `move`: the move's label, the position after it, or its \
                 number in the list of moves",
            ))
        }
        (Route::Apply, Some(_)) | (_, None) => {}
        (_, Some(_)) => {
            return Err(ApiError::bad_request(
                "`move` is a field of /api/v1/apply only",
            ))
        }
    }
    let is_script = sprague_games::script::game::is_script_spec(&b.game);
    match (is_script, &b.script) {
        (true, None) => {
            return Err(ApiError::bad_request(format!(
                "`{}` names a rules script: send its text in `script` (the server reads no files)",
                b.game
            )))
        }
        (false, Some(_)) => {
            return Err(ApiError::bad_request(format!(
                "`script` is the text of a rules script, and `game` must then name it as \
                 `rules:NAME.luau` or `rules:NAME.rhai` (the extension picks the language), \
                 not `{}`",
                b.game
            )))
        }
        _ => {}
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
        chosen: b.chosen,
        script: b.script,
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
