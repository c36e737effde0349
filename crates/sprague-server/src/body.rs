//! Reading request bodies before any handler runs, so that a hostile client holds nothing:
//! a body whose `Content-Length` is over the limit is refused at once (413) without being
//! read (a client that announces a terabyte and sends nothing is not waited for), one that
//! grows past the limit is refused as soon as it does, and one that has not arrived within
//! the server's timeout is answered 408. The handlers get the body whole.

use crate::{ApiError, Server};
use axum::body::{Body, HttpBody};
use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The middleware: checks the announced length, reads the body within the limits, and
/// passes the request on with the body read.
pub(crate) async fn read(State(s): State<Server>, req: Request, next: Next) -> Response {
    let limit = s.config.body_limit;
    let announced = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if let Some(n) = announced {
        if n > limit as u64 {
            return too_large(limit).into_response();
        }
    }
    let (parts, body) = req.into_parts();
    let timeout = s.config.timeout;
    match tokio::time::timeout(timeout, collect(body, limit)).await {
        Ok(Ok(bytes)) => {
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
        Ok(Err(e)) => e.into_response(),
        Err(_) => ApiError {
            status: StatusCode::REQUEST_TIMEOUT,
            message: format!(
                "the request body did not arrive within {} s (the server's time limit)",
                sprague_core::error::seconds(&timeout)
            ),
        }
        .into_response(),
    }
}

fn too_large(limit: usize) -> ApiError {
    ApiError {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        message: format!("the request body is over the limit of {limit} bytes"),
    }
}

/// The body's bytes, refused as soon as they pass `limit`.
async fn collect(mut body: Body, limit: usize) -> Result<Vec<u8>, ApiError> {
    let mut bytes = Vec::new();
    while let Some(frame) =
        std::future::poll_fn(|cx| std::pin::Pin::new(&mut body).poll_frame(cx)).await
    {
        let frame =
            frame.map_err(|e| ApiError::bad_request(format!("the body could not be read: {e}")))?;
        if let Ok(data) = frame.into_data() {
            if bytes.len() + data.len() > limit {
                return Err(too_large(limit));
            }
            bytes.extend_from_slice(&data);
        }
    }
    Ok(bytes)
}
