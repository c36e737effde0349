//! The page's files: each is served with its content type, the modules import only files
//! the server serves, and nothing is fetched from elsewhere. (The page's behaviour is
//! tested in a browser: `tests/browser/` at the top of the repository.)

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use sprague_server::{page_paths, Config, Server};
use tower::ServiceExt;

async fn get(path: &str) -> (StatusCode, String, String) {
    let req = Request::builder().uri(path).body(Body::empty()).unwrap();
    let resp = Server::new(Config::default())
        .router()
        .oneshot(req)
        .await
        .unwrap();
    let status = resp.status();
    let content_type = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX)
        .await
        .unwrap();
    (
        status,
        content_type,
        String::from_utf8(bytes.to_vec()).unwrap(),
    )
}

#[tokio::test]
async fn every_file_of_the_page_is_served_with_its_type() {
    let paths: Vec<_> = page_paths().collect();
    assert!(paths.contains(&"/") && paths.contains(&"/app.js") && paths.contains(&"/app.css"));
    for path in paths {
        let (status, content_type, body) = get(path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        let want = match path.rsplit('.').next() {
            Some("js") => "text/javascript",
            Some("css") => "text/css",
            _ => "text/html",
        };
        assert!(content_type.starts_with(want), "{path}: {content_type}");
        assert!(!body.is_empty(), "{path}");
    }
}

#[tokio::test]
async fn the_page_uses_only_its_own_files_and_the_api() {
    let served: Vec<_> = page_paths().collect();
    let mut api_routes = Vec::new();
    for path in &served {
        let (_, _, body) = get(path).await;
        // No external resources: the only absolute URL is SVG's namespace name.
        let outside = body
            .replace("\"http://www.w3.org/2000/svg\"", "")
            .contains("://");
        assert!(!outside, "{path} names an address outside the server");
        // Every module a file imports is one the server serves.
        for line in body.lines() {
            if let Some(rest) = line.trim().strip_prefix("import ") {
                let module = rest.rsplit("from ").next().unwrap().trim();
                let module = module.trim_end_matches(';').trim_matches('"');
                let module = module.strip_prefix('.').unwrap_or(module);
                assert!(served.contains(&module), "{path} imports {module}");
            }
        }
        for route in ["/api/v1/games", "/api/v1/moves", "/api/v1/reply"] {
            if body.contains(route) {
                api_routes.push(route);
            }
        }
    }
    api_routes.sort_unstable();
    api_routes.dedup();
    assert_eq!(
        api_routes.len(),
        3,
        "the page calls the API: {api_routes:?}"
    );
    let (_, _, index) = get("/").await;
    assert!(index.contains("src=\"/app.js\"") && index.contains("href=\"/app.css\""));
}

/// The page knows editors, not games: every game's examples, editor, players and pictures
/// come from the catalogue (`GET /api/v1/games`), so a new game needs no page code. No
/// string in the page's files may be a catalogue name or alias.
#[tokio::test]
async fn no_catalogue_game_is_named_in_the_page_code() {
    let mut names: Vec<&str> = Vec::new();
    for e in sprague::catalogue::entries() {
        names.push(e.name);
        names.extend(e.aliases.iter().copied());
    }
    let mut found = Vec::new();
    for path in page_paths() {
        let (_, _, body) = get(path).await;
        for (line_no, line) in body.lines().enumerate() {
            for quote in ['"', '\'', '`'] {
                // The text between each pair of quotes on the line.
                for (i, piece) in line.split(quote).enumerate() {
                    if i % 2 == 1 && names.contains(&piece) {
                        found.push(format!("{path}:{}: {quote}{piece}{quote}", line_no + 1));
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "the page names catalogue games (read them from the catalogue instead):\n{}",
        found.join("\n")
    );
}
