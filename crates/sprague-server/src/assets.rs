//! The page served at `/` and its files, compiled into the binary: plain HTML, CSS and
//! JavaScript modules in `web/`, with no build step and nothing fetched from elsewhere.

use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

/// One file of the page: its path, its content type, its text.
struct Asset {
    path: &'static str,
    content_type: &'static str,
    body: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

/// A file of `web/` served at `/NAME`.
macro_rules! asset {
    ($name:literal, $content_type:expr) => {
        Asset {
            path: concat!("/", $name),
            content_type: $content_type,
            body: include_str!(concat!("../web/", $name)),
        }
    };
}

/// Every file of the page. The modules import each other by these paths.
const ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        content_type: HTML,
        body: include_str!("../web/index.html"),
    },
    asset!("app.css", CSS),
    asset!("app.js", JS),
    asset!("api.js", JS),
    asset!("dom.js", JS),
    asset!("values.js", JS),
    asset!("editors.js", JS),
    asset!("graph.js", JS),
    asset!("chart.js", JS),
    asset!("board.js", JS),
    asset!("pictures.js", JS),
];

/// The paths of the page's files (`/`, `/app.js`, ...).
pub fn paths() -> impl Iterator<Item = &'static str> {
    ASSETS.iter().map(|a| a.path)
}

/// Adds a `GET` route for every file of the page.
pub fn routes<S: Clone + Send + Sync + 'static>(mut router: Router<S>) -> Router<S> {
    for asset in ASSETS {
        let (content_type, body) = (asset.content_type, asset.body);
        router = router.route(
            asset.path,
            get(move || async move { file(content_type, body) }),
        );
    }
    router
}

fn file(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            // A new build of the server may change the page: browsers check before reusing it.
            (header::CACHE_CONTROL, "no-cache"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            // The page uses only its own files and the API; pictures may be data or blob URLs.
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'",
            ),
        ],
        body,
    )
        .into_response()
}
