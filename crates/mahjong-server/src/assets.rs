//! The browser client: the files of `web/dist/`, embedded at build time. Paths that are no
//! file get `index.html` (the client routes itself); without a built client, a page says so.

use axum::http::{header, StatusCode, Uri};
use axum::response::{Html, IntoResponse, Response};

#[derive(rust_embed::Embed)]
#[folder = "../../web/dist/"]
#[allow_missing = true]
struct Web;

const NOT_BUILT: &str = "<!doctype html>
<html lang=\"en\"><head><meta charset=\"utf-8\"><title>mahjong</title></head>
<body>
<h1>mahjong server</h1>
<p>The browser client is not built into this server (<code>web/dist/</code> was missing at
build time). The HTTP API is at <code>/api/…</code> (see <code>docs/api.md</code>), and
<code>mahjong play --server URL</code> plays from a terminal.</p>
</body></html>
";

fn file(path: &str) -> Option<Response> {
    let f = Web::get(path)?;
    let mime = f.metadata.mimetype().to_string();
    // Built assets carry a content hash in their names; the page itself must stay fresh.
    let cache = if path.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    Some(
        (
            [
                (header::CONTENT_TYPE, mime),
                (header::CACHE_CONTROL, cache.to_string()),
            ],
            f.data.into_owned(),
        )
            .into_response(),
    )
}

/// Serves a file of the client, `index.html` for other paths, or the not-built page.
pub(crate) async fn serve(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    if !path.is_empty() && !path.ends_with('/') {
        if let Some(r) = file(path) {
            return r;
        }
        if path.starts_with("assets/") {
            return (StatusCode::NOT_FOUND, "not found").into_response();
        }
    }
    file("index.html").unwrap_or_else(|| Html(NOT_BUILT).into_response())
}
