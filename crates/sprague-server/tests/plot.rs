//! The picture routes in process (`tower::ServiceExt::oneshot`): the bytes are the
//! library's picture for the same request, with its media type; bad queries are 4xx with a
//! JSON error.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use sprague_games::interface::SolveOptions;
use sprague_plot::{grid, grundy, thermo, Format, PlotOptions};
use sprague_server::{Config, Server};
use tower::ServiceExt;

fn server() -> Server {
    Server::new(Config {
        max_positions: 1_000_000,
        ..Config::default()
    })
}

/// Status, content type and body of `GET path`.
async fn get(s: &Server, path: &str) -> (StatusCode, String, Vec<u8>) {
    let req = Request::builder()
        .method("GET")
        .uri(path)
        .body(Body::empty())
        .unwrap();
    let resp = s.router().oneshot(req).await.unwrap();
    let status = resp.status();
    let kind = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, kind, bytes.to_vec())
}

/// The `error` of a JSON error body.
fn error(body: &[u8]) -> String {
    let v: serde_json::Value = serde_json::from_slice(body).expect("a JSON error body");
    v["error"].as_str().expect("an error message").to_string()
}

#[tokio::test]
async fn grundy_route_answers_the_library_picture() {
    let s = server();
    let (status, kind, body) = get(
        &s,
        "/api/v1/plot/grundy?game=kayles&upto=300&period=true&format=svg",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&body));
    assert_eq!(kind, "image/svg+xml");
    let lib = grundy::plot(
        "kayles",
        300,
        true,
        &SolveOptions::default(),
        &PlotOptions::new(Format::Svg),
    )
    .unwrap();
    assert_eq!(body, lib.bytes);
    assert!(String::from_utf8(body).unwrap().contains("preperiod 71"));

    // Percent-encoded parameters, PNG of a chosen size.
    let (status, kind, body) = get(
        &s,
        "/api/v1/plot/grundy?game=subtraction%3A1%2C3%2C4&upto=50&format=png&width=300&height=200",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&body));
    assert_eq!(kind, "image/png");
    assert_eq!(&body[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&body[16..24], &[0, 0, 1, 44, 0, 0, 0, 200]);
}

#[tokio::test]
async fn p_positions_and_thermograph_routes() {
    let s = server();
    let (status, kind, body) = get(&s, "/api/v1/plot/p-positions?game=wythoff&size=60").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(kind, "image/svg+xml");
    let lib = grid::plot(
        "wythoff",
        60,
        &SolveOptions::default(),
        &PlotOptions::new(Format::Svg),
    )
    .unwrap();
    assert_eq!(body, lib.bytes);

    // `{3|-1}` percent-encoded.
    let (status, kind, body) = get(&s, "/api/v1/plot/thermograph?value=%7B3%7C-1%7D").await;
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&body));
    assert_eq!(kind, "image/svg+xml");
    let lib = thermo::plot("{3|-1}", &PlotOptions::new(Format::Svg)).unwrap();
    assert_eq!(body, lib.bytes);

    let (status, _, body) = get(
        &s,
        "/api/v1/plot/thermograph?game=domineering&position=...%7C...&format=png",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&body));
    assert_eq!(&body[..4], b"\x89PNG");
}

#[tokio::test]
async fn bad_queries_are_4xx_with_a_json_error() {
    let s = server();
    for (path, status, says) in [
        (
            "/api/v1/plot/grundy",
            StatusCode::BAD_REQUEST,
            "`game` is required",
        ),
        (
            "/api/v1/plot/grundy?game=kayles&colour=red",
            StatusCode::BAD_REQUEST,
            "unknown parameter `colour`",
        ),
        (
            "/api/v1/plot/grundy?game=kayles&game=nim",
            StatusCode::BAD_REQUEST,
            "given twice",
        ),
        (
            "/api/v1/plot/grundy?game=kayles&upto=-3",
            StatusCode::BAD_REQUEST,
            "whole number",
        ),
        (
            "/api/v1/plot/grundy?game=kayles&upto=99999999999999999999999",
            StatusCode::BAD_REQUEST,
            "too large",
        ),
        (
            "/api/v1/plot/grundy?game=kayles&period=maybe",
            StatusCode::BAD_REQUEST,
            "true or false",
        ),
        (
            "/api/v1/plot/grundy?game=kayles&format=gif",
            StatusCode::BAD_REQUEST,
            "svg or png",
        ),
        (
            "/api/v1/plot/grundy?game=k%ZZ",
            StatusCode::BAD_REQUEST,
            "percent-encoded",
        ),
        (
            "/api/v1/plot/grundy?game=kayles&upto=100001",
            StatusCode::UNPROCESSABLE_ENTITY,
            "at most 100000",
        ),
        (
            "/api/v1/plot/grundy?game=wythoff",
            StatusCode::UNPROCESSABLE_ENTITY,
            "not single heaps",
        ),
        (
            "/api/v1/plot/grundy?game=nosuchgame",
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown game",
        ),
        (
            "/api/v1/plot/grundy?game=kayles&width=10000",
            StatusCode::UNPROCESSABLE_ENTITY,
            "between 200 and 4096",
        ),
        (
            "/api/v1/plot/p-positions?game=nim&size=1000",
            StatusCode::UNPROCESSABLE_ENTITY,
            "1 to 100",
        ),
        (
            "/api/v1/plot/thermograph?value=%7B1%7C",
            StatusCode::UNPROCESSABLE_ENTITY,
            "",
        ),
        (
            "/api/v1/plot/thermograph?value=1&game=nim",
            StatusCode::BAD_REQUEST,
            "either `value`",
        ),
        (
            "/api/v1/plot/thermograph?game=nim&position=3",
            StatusCode::UNPROCESSABLE_ENTITY,
            "no partizan values",
        ),
        // The server reads no files: a rules script is named on the command line only
        // (`sprague solve rules:FILE`, `sprague value --rules NAME=FILE`).
        (
            "/api/v1/plot/thermograph?game=rules:examples/rules/domineering.luau&position=..",
            StatusCode::UNPROCESSABLE_ENTITY,
            "rules",
        ),
        (
            "/api/v1/plot/thermograph?value=rules(%22examples/rules/domineering.luau%22)",
            StatusCode::UNPROCESSABLE_ENTITY,
            "rules",
        ),
    ] {
        let (got, kind, body) = get(&s, path).await;
        assert_eq!(got, status, "{path}: {}", String::from_utf8_lossy(&body));
        assert!(kind.starts_with("application/json"), "{path}: {kind}");
        let e = error(&body);
        assert!(e.contains(says), "{path}: {e}");
    }
    // POST is not a picture route's method.
    let req = Request::builder()
        .method("POST")
        .uri("/api/v1/plot/grundy?game=kayles")
        .body(Body::empty())
        .unwrap();
    let resp = s.router().oneshot(req).await.unwrap();
    assert_eq!(resp.status(), StatusCode::METHOD_NOT_ALLOWED);
    // A query longer than the server reads.
    let small = Server::new(Config {
        body_limit: 100,
        ..Config::default()
    });
    let long = format!("/api/v1/plot/thermograph?value={}", "1".repeat(200));
    let (got, _, _) = get(&small, &long).await;
    assert_eq!(got, StatusCode::URI_TOO_LONG);
}

#[tokio::test]
async fn p_positions_stop_at_the_server_deadline() {
    // Moore's Nim with two heaps is searched cell by cell: a tiny timeout stops it.
    let s = Server::new(Config {
        timeout: std::time::Duration::from_millis(50),
        ..Config::default()
    });
    let (status, _, body) = get(&s, "/api/v1/plot/p-positions?game=moore-nim:2&size=100").await;
    assert_eq!(
        status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        String::from_utf8_lossy(&body)
    );
    assert!(error(&body).contains("stopped after"));
    // A take-and-break game whose 10^5 values take minutes stops at the deadline too.
    let (status, _, body) = get(&s, "/api/v1/plot/grundy?game=hex:0.1b&upto=100000").await;
    assert_eq!(
        status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        String::from_utf8_lossy(&body)
    );
    assert!(error(&body).contains("heaps computed"), "{}", error(&body));
}
