//! The picture routes (docs/api.md, "Pictures"): `GET /api/v1/plot/grundy`,
//! `/api/v1/plot/p-positions` and `/api/v1/plot/thermograph`, answering SVG or PNG from
//! `sprague-plot`. The query is read strictly (an unknown or repeated parameter is a 400);
//! the picture is made on a blocking thread with the server's limits, like any analysis.

use crate::{ApiError, Server};
use axum::extract::State;
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use sprague_plot::{grid, grundy, thermo, Format, Picture, PlotOptions};
use std::collections::BTreeMap;

/// The parameters of a query, each given at most once.
struct Query(BTreeMap<String, String>);

impl Query {
    /// Reads `uri`'s query: `key=value` pairs, percent-decoded (`+` is a space), only the
    /// keys in `allowed`, none twice, at most `limit` bytes in all.
    fn read(uri: &Uri, allowed: &[&str], limit: usize) -> Result<Query, ApiError> {
        let raw = uri.query().unwrap_or("");
        if raw.len() > limit {
            return Err(ApiError {
                status: StatusCode::URI_TOO_LONG,
                message: format!(
                    "the query has {} bytes; at most {limit} are read",
                    raw.len()
                ),
            });
        }
        let mut map = BTreeMap::new();
        for pair in raw.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            let (k, v) = (decode(k)?, decode(v)?);
            if !allowed.contains(&k.as_str()) {
                return Err(ApiError::bad_request(format!(
                    "unknown parameter `{k}` (this route reads {})",
                    allowed.join(", ")
                )));
            }
            if map.insert(k.clone(), v).is_some() {
                return Err(ApiError::bad_request(format!(
                    "the parameter `{k}` is given twice"
                )));
            }
        }
        Ok(Query(map))
    }

    fn text(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }

    fn required(&self, key: &str) -> Result<&str, ApiError> {
        self.text(key)
            .ok_or_else(|| ApiError::bad_request(format!("the parameter `{key}` is required")))
    }

    /// A whole number (decimal digits only), or `default` when absent.
    fn number<T: std::str::FromStr>(&self, key: &str, default: T) -> Result<T, ApiError> {
        match self.text(key) {
            None => Ok(default),
            Some(v) if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => v
                .parse()
                .map_err(|_| ApiError::bad_request(format!("`{key}` is too large: `{v}`"))),
            Some(v) => Err(ApiError::bad_request(format!(
                "`{key}` must be a whole number, not `{v}`"
            ))),
        }
    }

    fn flag(&self, key: &str) -> Result<bool, ApiError> {
        match self.text(key) {
            None | Some("false" | "0") => Ok(false),
            Some("true" | "1" | "") => Ok(true),
            Some(v) => Err(ApiError::bad_request(format!(
                "`{key}` must be true or false, not `{v}`"
            ))),
        }
    }

    /// The format (default SVG) and size of the picture.
    fn picture(&self) -> Result<PlotOptions, ApiError> {
        let format = match self.text("format") {
            None => Format::Svg,
            Some(f) => Format::parse(f).map_err(|e| ApiError::bad_request(e.to_string()))?,
        };
        Ok(PlotOptions {
            format,
            width: self.number("width", 0)?,
            height: self.number("height", 0)?,
        })
    }
}

/// Percent-decoding of one key or value of a query.
fn decode(s: &str) -> Result<String, ApiError> {
    let bad = || {
        ApiError::bad_request(format!(
            "the query text `{s}` is not valid percent-encoded UTF-8"
        ))
    };
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = bytes.get(i + 1..i + 3).ok_or_else(bad)?;
                let hex = std::str::from_utf8(hex).map_err(|_| bad())?;
                out.push(u8::from_str_radix(hex, 16).map_err(|_| bad())?);
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).map_err(|_| bad())
}

/// The parameters every picture reads.
const PICTURE: [&str; 3] = ["format", "width", "height"];

fn allowed(own: &[&'static str]) -> Vec<&'static str> {
    own.iter().copied().chain(PICTURE).collect()
}

/// Makes a picture on a blocking thread with the server's limits and answers it.
async fn answer<F>(s: Server, make: F) -> Response
where
    F: FnOnce(sprague_games::interface::SolveOptions) -> sprague_core::Result<Picture>
        + Send
        + 'static,
{
    match s.run(make).await {
        Ok(p) => (
            StatusCode::OK,
            [(header::CONTENT_TYPE, p.media_type())],
            p.bytes,
        )
            .into_response(),
        Err(e) => e.into_response(),
    }
}

/// `GET /api/v1/plot/grundy?game=kayles&upto=1000&period=true&format=svg`.
pub(crate) async fn grundy(State(s): State<Server>, uri: Uri) -> Response {
    let q = match Query::read(
        &uri,
        &allowed(&["game", "upto", "period"]),
        s.config.body_limit,
    ) {
        Ok(q) => q,
        Err(e) => return e.into_response(),
    };
    let read = || -> Result<_, ApiError> {
        Ok((
            q.required("game")?.to_string(),
            q.number("upto", 1000u64)?,
            q.flag("period")?,
            q.picture()?,
        ))
    };
    let (game, upto, period, opts) = match read() {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    answer(s, move |options| {
        grundy::plot(&game, upto, period, &options, &opts)
    })
    .await
}

/// `GET /api/v1/plot/p-positions?game=wythoff&size=60`.
pub(crate) async fn p_positions(State(s): State<Server>, uri: Uri) -> Response {
    let q = match Query::read(&uri, &allowed(&["game", "size"]), s.config.body_limit) {
        Ok(q) => q,
        Err(e) => return e.into_response(),
    };
    let read = || -> Result<_, ApiError> {
        Ok((
            q.required("game")?.to_string(),
            q.number("size", 40u64)?,
            q.picture()?,
        ))
    };
    let (game, size, opts) = match read() {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    answer(s, move |options| grid::plot(&game, size, &options, &opts)).await
}

/// `GET /api/v1/plot/thermograph?value={3|-1}` or `?game=domineering&position=...|...`.
pub(crate) async fn thermograph(State(s): State<Server>, uri: Uri) -> Response {
    let q = match Query::read(
        &uri,
        &allowed(&["value", "game", "position"]),
        s.config.body_limit,
    ) {
        Ok(q) => q,
        Err(e) => return e.into_response(),
    };
    enum Subject {
        Value(String),
        Position(String, Vec<String>),
    }
    let read = || -> Result<_, ApiError> {
        let subject = match (q.text("value"), q.text("game"), q.text("position")) {
            (Some(v), None, None) => Subject::Value(v.to_string()),
            (None, Some(g), p) => {
                Subject::Position(g.to_string(), sprague::play::words(p.unwrap_or("")))
            }
            _ => {
                return Err(ApiError::bad_request(
                    "give either `value` (an expression) or `game` and `position`",
                ))
            }
        };
        Ok((subject, q.picture()?))
    };
    let (subject, opts) = match read() {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    answer(s, move |options| {
        let data = match subject {
            Subject::Value(v) => thermo::from_expression(&v)?,
            Subject::Position(g, words) => thermo::from_position(&g, &words, &options)?,
        };
        data.picture(&opts)
    })
    .await
}
