//! The HTTP API (`docs/api.md`), the WebSocket endpoint and the browser client's files.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::ws::CloseFrame;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::DefaultBodyLimit;
use axum::extract::{ConnectInfo, Path, Query, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{any, get, post};
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use mahjong_client::wire::{
    ApiErrorBody, ApiErrorDetail, CreatedSeat, CreatedTable, GameListEntry, RulesetInfo,
};
use mahjong_engine::RecordHeader;
use mahjong_rules::{
    output::ScoreJson, Ruleset, SeatHand, Table as HandTable, TableInput, Win, WinFrom,
};
use mahjong_tiles::{Tile, Wind};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use tokio::sync::{mpsc, oneshot};

use crate::db::{DbError, LedgerHand, LedgerRow, Store};
use crate::limits::{check_name, Kill, Limits, Outbox};
use crate::peer::{client_ip, ClientIpKey};
use crate::protocol::{parse_client, ClientMsg, ProtoError, PROTOCOL_VERSION};
use crate::table::{
    error_text, same_secret, CapRefusal, Cmd, HostRefusal, Registry, Table, TableConfig, TableInfo,
};
use crate::{assets, new_id, new_token, now_ms};

/// Shared state of the handlers.
#[derive(Clone)]
pub(crate) struct App {
    pub store: Store,
    pub registry: Arc<Registry>,
    /// Ordered when the server shuts down: every WebSocket closes (1001).
    pub closing: Arc<Kill>,
    /// WebSocket connections open.
    pub connections: Arc<tokio::sync::watch::Sender<usize>>,
}

/// An API error: status, and where in the input.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    path: String,
    message: String,
}

impl ApiError {
    fn bad(path: impl Into<String>, message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            path: path.into(),
            message: message.into(),
        }
    }

    fn status(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            path: String::new(),
            message: message.into(),
        }
    }
}

impl From<DbError> for ApiError {
    fn from(e: DbError) -> ApiError {
        tracing::error!("{e}");
        ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(ApiErrorBody {
                error: ApiErrorDetail {
                    message: self.message,
                    path: self.path,
                },
            }),
        )
            .into_response()
    }
}

type ApiResult<T> = Result<T, ApiError>;

impl App {
    fn limits(&self) -> &Limits {
        &self.registry.limits
    }
}

/// The router of the whole server.
pub(crate) fn router(app: App) -> Router {
    let body_limit = app.limits().body_bytes;
    let rate = rate_limit(app.limits());
    let routes = Router::new()
        .route("/api/health", get(health))
        .route("/api/tables", post(create_table).get(list_tables))
        .route("/api/tables/{id}", get(table_info).delete(delete_table))
        .route("/api/tables/{id}/join", post(join_table))
        .route("/api/tables/{id}/fill", post(fill_table))
        .route("/api/tables/{id}/ws", get(ws))
        .route("/api/games", get(list_games))
        .route("/api/games/{id}", get(game_record))
        .route("/api/score", post(score))
        .route("/api/settle", post(settle))
        .route("/api/rules", get(rules))
        .route("/api/rulesets", get(rulesets))
        .route("/api/ledgers", post(create_ledger).get(list_ledgers))
        .route("/api/ledgers/{id}", get(ledger))
        .route("/api/ledgers/{id}/hands", post(add_ledger_hand))
        // Every other `/api` path is a JSON 404 whatever the method, never the client's
        // page; the wildcard does not match `/api` nor `/api/`.
        .route("/api", any(api_404))
        .route("/api/", any(api_404))
        .route("/api/{*rest}", any(api_404))
        .route("/play", post(play).get(play_page))
        .fallback(assets::serve)
        .layer(axum::middleware::from_fn_with_state(
            app.clone(),
            writes_from_us,
        ))
        .layer(DefaultBodyLimit::max(body_limit))
        .with_state(app);
    // Around the whole router, not each route: axum adds a 405's `Allow` header after the
    // route's own layers have run, and the error message lists the methods it allows.
    let router = Router::new()
        .fallback_service(routes)
        .layer(axum::middleware::map_response(json_errors));
    match rate {
        Some(layer) => router.layer(layer),
        None => router,
    }
}

type RateLayer = tower_governor::GovernorLayer<
    ClientIpKey,
    governor::middleware::NoOpMiddleware<governor::clock::QuantaInstant>,
    axum::body::Body,
>;

/// The rate limit per client address (`--rate-per-second`, `--rate-burst`; `None` when
/// off): tower_governor's GCRA limiter keyed by the client's IP address (the peer's, or
/// behind a trusted proxy the one it forwards: [`crate::client_ip`]), refusing with 429 in
/// the API's error shape and a `Retry-After` header. Addresses not seen for a minute are
/// forgotten, so the limiter's memory follows the clients of the last minute.
fn rate_limit(limits: &Limits) -> Option<RateLayer> {
    if limits.rate_per_second == 0 || limits.rate_burst == 0 {
        return None;
    }
    let config = tower_governor::governor::GovernorConfigBuilder::default()
        .key_extractor(ClientIpKey {
            proxies: limits.trusted_proxies.clone().into(),
            header: limits.proxy_header,
        })
        .per_nanosecond((1_000_000_000 / limits.rate_per_second as u64).max(1))
        .burst_size(limits.rate_burst)
        .finish()?;
    let limiter = Arc::downgrade(config.limiter());
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(std::time::Duration::from_secs(60)).await;
            let Some(l) = limiter.upgrade() else { break };
            l.retain_recent();
        }
    });
    Some(
        tower_governor::GovernorLayer::new(config).error_handler(|e| {
            let (status, wait) = match &e {
                // The limiter gives whole seconds rounded down (0 for any wait under a
                // second): one more rounds up, so a client that waits that long is let in.
                tower_governor::GovernorError::TooManyRequests { wait_time, .. } => {
                    (StatusCode::TOO_MANY_REQUESTS, Some(wait_time + 1))
                }
                _ => (StatusCode::INTERNAL_SERVER_ERROR, None),
            };
            let message = match wait {
                Some(w) => format!("too many requests from your address: wait {w} s"),
                None => "the client's address is unknown".to_string(),
            };
            tracing::info!(status = status.as_u16(), "refused: {message}");
            let mut r = ApiError::status(status, message).into_response();
            if let Some(w) = wait {
                r.headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from(w));
            }
            r
        }),
    )
}

/// Methods that change nothing: no content type or origin is asked of them.
fn is_safe(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// Writes only from our own clients (cross-site request forgery): a `POST` must say its
/// body is `application/json` — a page on another site can send `text/plain` or a form
/// without asking the browser's permission, but not JSON — and a write or a WebSocket
/// upgrade that carries an `Origin` (every browser request does) must come from this
/// server's own origin or one of `--allow-origin`. Requests without `Origin` (curl, the
/// CLI) pass: they are not a visitor's browser acting for another site.
async fn writes_from_us(State(app): State<App>, req: Request, next: Next) -> Response {
    let method = req.method().clone();
    let headers = req.headers();
    let upgrade = headers
        .get(header::UPGRADE)
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"websocket"));
    // Only POST: no route takes PUT or PATCH, and asking them for a content type would
    // answer 415 where the method itself is wrong (405, with `Allow`).
    if method == Method::POST {
        let json = headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"));
        if !json {
            return ApiError::status(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "a request that changes something sends its body as JSON (Content-Type: application/json)",
            )
            .into_response();
        }
    }
    if !is_safe(&method) || upgrade {
        if let Some(origin) = headers.get(header::ORIGIN) {
            // HTTP/2 names the host in the URI's authority instead of a Host header.
            let authority = req
                .uri()
                .authority()
                .and_then(|a| HeaderValue::from_str(a.as_str()).ok());
            let host = headers.get(header::HOST).or(authority.as_ref());
            if !origin_allowed(origin, host, &app.limits().allow_origins) {
                let shown = String::from_utf8_lossy(origin.as_bytes()).into_owned();
                return ApiError::status(
                    StatusCode::FORBIDDEN,
                    format!("pages from {shown} may not change anything here"),
                )
                .into_response();
            }
        }
    }
    next.run(req).await
}

/// Whether a page from `origin` may write: the server's own origin (`Host`, over http or
/// https), or one allowed by name.
fn origin_allowed(origin: &HeaderValue, host: Option<&HeaderValue>, allowed: &[String]) -> bool {
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    let origin = origin.trim_end_matches('/');
    if allowed
        .iter()
        .any(|a| a.trim_end_matches('/').eq_ignore_ascii_case(origin))
    {
        return true;
    }
    let rest = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    match (rest, host.and_then(|h| h.to_str().ok())) {
        (Some(o), Some(h)) => o.eq_ignore_ascii_case(h),
        _ => false,
    }
}

/// The token of `Authorization: Bearer TOKEN`, if any.
fn bearer(headers: &HeaderMap) -> Option<String> {
    let v = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = v.trim().split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim().to_string())
        .filter(|t| !t.is_empty())
}

/// Every API error in the documented shape (axum's own answers — 405, 413, a WebSocket
/// upgrade refused — are plain text), and each logged.
async fn json_errors(method: Method, uri: Uri, response: Response) -> Response {
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let api = uri.path() == "/api" || uri.path().starts_with("/api/");
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if api && is_json {
        // Ours: log its message too (the body is a small JSON value already in memory).
        let (parts, body) = response.into_parts();
        let bytes = axum::body::to_bytes(body, 1 << 20)
            .await
            .unwrap_or_default();
        let message = serde_json::from_slice::<Value>(&bytes)
            .ok()
            .and_then(|v| v["error"]["message"].as_str().map(str::to_string))
            .unwrap_or_default();
        tracing::info!(%method, path = %uri.path(), status = status.as_u16(), "refused: {message}");
        return Response::from_parts(parts, axum::body::Body::from(bytes));
    }
    if !api {
        if status.is_client_error() {
            tracing::info!(%method, path = %uri.path(), status = status.as_u16(), "refused");
        }
        return response;
    }
    let allow = response.headers().get(header::ALLOW).cloned();
    let text = match axum::body::to_bytes(response.into_body(), 4096).await {
        Ok(b) => String::from_utf8_lossy(&b).trim().to_string(),
        Err(_) => String::new(),
    };
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => "the request body is too large".to_string(),
        StatusCode::METHOD_NOT_ALLOWED => format!(
            "{method} is not allowed here{}",
            allow
                .as_ref()
                .and_then(|a| a.to_str().ok())
                .map(|a| format!(" (allowed: {a})"))
                .unwrap_or_default()
        ),
        _ if text.is_empty() => status.canonical_reason().unwrap_or("error").to_lowercase(),
        _ => text,
    };
    tracing::info!(%method, path = %uri.path(), status = status.as_u16(), "refused: {message}");
    let mut out = ApiError::status(status, message).into_response();
    if let Some(a) = allow {
        out.headers_mut().insert(header::ALLOW, a);
    }
    out
}

/// Refuses a body that is not a JSON object (serde would take an array for a struct),
/// saying what it is instead.
fn object_body(body: &[u8]) -> ApiResult<()> {
    if body.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{') {
        return Ok(());
    }
    let what = match serde_json::from_slice::<Value>(body) {
        _ if body.iter().all(|b| b.is_ascii_whitespace()) => "it is empty".to_string(),
        Ok(Value::Array(_)) => "it is an array".to_string(),
        Ok(Value::String(_)) => "it is a string".to_string(),
        Ok(Value::Number(_)) => "it is a number".to_string(),
        Ok(Value::Bool(_)) => "it is a boolean".to_string(),
        Ok(_) => "it is null".to_string(),
        // serde's own words, as the other errors of a body give them.
        Err(e) => format!("it is not JSON: {e}"),
    };
    Err(ApiError::bad(
        "",
        format!("the body must be a JSON object ({{…}}): {what}"),
    ))
}

/// Parses a JSON body (an object), naming the place of an error.
fn parse_body<T: DeserializeOwned>(body: &[u8]) -> ApiResult<T> {
    object_body(body)?;
    let de = &mut serde_json::Deserializer::from_slice(body);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        // "." is the body itself, "?" a place serde could not name (a syntax error): both
        // are the body as a whole, path "" (docs/api.md).
        let path = if path == "." || path == "?" {
            String::new()
        } else {
            path
        };
        ApiError::bad(path, e.into_inner().to_string())
    })
}

/// A query string's parameters. One that does not parse is refused as an API error naming
/// the parameter (axum's own answer is plain text); its message reads
/// `Failed to deserialize query string: PARAM: WHAT`.
fn query<T>(q: Result<Query<T>, QueryRejection>) -> ApiResult<T> {
    q.map(|Query(t)| t).map_err(|e| {
        let text = e.body_text();
        let detail = text
            .strip_prefix("Failed to deserialize query string: ")
            .unwrap_or(&text);
        match detail.split_once(": ") {
            Some((param, what)) if !param.contains(' ') => ApiError::bad(param, what),
            _ => ApiError::bad("", detail),
        }
    })
}

async fn health(State(app): State<App>) -> Json<Value> {
    let tables = app.registry.tables.read().expect("registry").len();
    Json(json!({
        "status": "ok", "version": env!("CARGO_PKG_VERSION"),
        "tables": tables, "rss_bytes": rss_bytes(),
    }))
}

/// The process's resident memory (Linux; `null` elsewhere).
fn rss_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

async fn api_404(uri: Uri) -> ApiError {
    ApiError::status(
        StatusCode::NOT_FOUND,
        format!("no such API: {}", uri.path()),
    )
}

/// `POST /api/tables`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CreateTable {
    #[serde(default = "default_ruleset")]
    ruleset: String,
    #[serde(default)]
    options: Map<String, Value>,
    #[serde(default)]
    seats: Option<Vec<String>>,
    #[serde(default)]
    names: Option<Vec<Option<String>>>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    max_hands: Option<u32>,
    #[serde(default)]
    bot_delay_ms: u64,
    #[serde(default)]
    turn_seconds: u32,
}

fn default_ruleset() -> String {
    "millington".into()
}

/// A preset by name; an unknown name's error already lists the presets.
fn preset(name: &str) -> ApiResult<Ruleset> {
    Ruleset::preset(name).map_err(|e| ApiError::bad("ruleset", e.to_string()))
}

/// A preset a table can be played with: one whose family the engine plays (a family that
/// is only scored yet is refused, 400 naming `ruleset`).
fn playable_preset(name: &str) -> ApiResult<Ruleset> {
    let ruleset = preset(name)?;
    ruleset
        .check_playable()
        .map_err(|e| ApiError::bad("ruleset", e))?;
    Ok(ruleset)
}

/// Checks a table request and makes its configuration.
fn table_config(req: CreateTable, limits: &Limits) -> ApiResult<TableConfig> {
    let mut ruleset = playable_preset(&req.ruleset)?;
    ruleset
        .apply(&req.options)
        .map_err(|e| ApiError::bad("options", e.to_string()))?;
    // An option whose play is not built is refused, naming it.
    ruleset
        .check_playable()
        .map_err(|e| ApiError::bad("options", e))?;
    let n = ruleset.seats();
    let kinds = req.seats.unwrap_or_else(|| {
        std::iter::once("human".to_string())
            .chain(std::iter::repeat_n("greedy".to_string(), n - 1))
            .collect()
    });
    if kinds.len() != n {
        return Err(ApiError::bad(
            "seats",
            format!("{} seats given, the ruleset has {n}", kinds.len()),
        ));
    }
    for (i, k) in kinds.iter().enumerate() {
        if k != "human" && k != "open" && !mahjong_bots::BOT_NAMES.contains(&k.as_str()) {
            return Err(ApiError::bad(
                format!("seats[{i}]"),
                format!(
                    "unknown seat kind {k:?} (known: human, open, {})",
                    mahjong_bots::BOT_NAMES.join(", ")
                ),
            ));
        }
    }
    // An open seat is a human seat that `join` hands out; its token is made then.
    let open: Vec<bool> = kinds.iter().map(|k| k == "open").collect();
    let kinds: Vec<String> = kinds
        .into_iter()
        .map(|k| if k == "open" { "human".into() } else { k })
        .collect();
    let names = match req.names {
        None => vec![None; n],
        Some(v) if v.len() == n => v,
        Some(v) => {
            return Err(ApiError::bad(
                "names",
                format!("{} names given, the ruleset has {n} seats", v.len()),
            ))
        }
    };
    let names = names
        .into_iter()
        .zip(&kinds)
        .enumerate()
        .map(|(i, (name, kind))| match name {
            Some(s) => match check_name(&s, limits.name_chars) {
                Ok(()) => Ok(s),
                Err(m) => Err(ApiError::bad(format!("names[{i}]"), m)),
            },
            None => Ok(kind.clone()),
        })
        .collect::<ApiResult<Vec<_>>>()?;
    if req.max_hands == Some(0) {
        return Err(ApiError::bad("max_hands", "at least 1"));
    }
    if req.bot_delay_ms > 60_000 {
        return Err(ApiError::bad("bot_delay_ms", "at most 60000"));
    }
    let tokens = kinds
        .iter()
        .zip(&open)
        .map(|(k, &o)| (k == "human" && !o).then(new_token))
        .collect();
    Ok(TableConfig {
        ruleset,
        seed: req.seed.unwrap_or_else(rand::random),
        max_hands: req.max_hands,
        kinds,
        names,
        tokens,
        open: if open.contains(&true) { open } else { vec![] },
        host_token: Some(new_token()),
        bot_delay_ms: req.bot_delay_ms,
        turn_seconds: req.turn_seconds,
    })
}

/// Makes a table for the client at `owner`, within the caps on tables.
async fn new_table(
    app: &App,
    config: TableConfig,
    owner: IpAddr,
) -> ApiResult<(String, TableConfig)> {
    app.registry.reserve(Some(owner)).map_err(|r| match r {
        CapRefusal::Server(n) => ApiError::status(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the server is full ({n} tables): try again later"),
        ),
        CapRefusal::Client(n) => ApiError::status(
            StatusCode::TOO_MANY_REQUESTS,
            format!("you already have {n} tables open: finish or delete one first"),
        ),
    })?;
    let id = new_id();
    let made = Table::create(
        id.clone(),
        config.clone(),
        app.store.clone(),
        app.registry.clone(),
        Some(owner),
    )
    .await;
    app.registry.settled();
    if let Err(e) = made {
        app.registry.release(Some(owner));
        return Err(e.into());
    }
    tracing::info!(table = %id, ruleset = %config.ruleset.name, seats = ?config.kinds, "table created");
    Ok((id, config))
}

fn created(id: &str, config: &TableConfig) -> CreatedTable {
    let seats = (0..config.kinds.len())
        .map(|s| {
            let token = config.tokens[s].clone();
            CreatedSeat {
                join_url: token.as_ref().map(|t| format!("/table/{id}?token={t}")),
                kind: config.kinds[s].clone(),
                name: config.names[s].clone(),
                open: config.is_open(s),
                seat: s,
                token,
            }
        })
        .collect();
    CreatedTable {
        host_token: config.host_token.clone(),
        id: id.to_string(),
        seats,
        spectate_url: format!("/table/{id}"),
        ws_url: format!("/api/tables/{id}/ws"),
    }
}

async fn create_table(
    State(app): State<App>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Response> {
    let req: CreateTable = parse_body(&body)?;
    let config = table_config(req, app.limits())?;
    let owner = client_ip(
        peer.ip(),
        &headers,
        &app.limits().trusted_proxies,
        app.limits().proxy_header,
    );
    let (id, config) = new_table(&app, config, owner).await?;
    Ok((StatusCode::CREATED, Json(created(&id, &config))).into_response())
}

/// `POST /play` body: `{"ruleset": NAME, "bots": N}`, both optional.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlayQuery {
    #[serde(default)]
    ruleset: Option<String>,
    #[serde(default)]
    bots: Option<usize>,
}

/// How long `/play`'s bots pause before acting: a human at the table can follow them (the
/// browser's quick play and its table-for-friends form use the same pause).
const PLAY_BOT_DELAY_MS: u64 = 400;

/// `GET /play` makes nothing (a link or a prefetch must not create tables): it leads to the
/// home page, whose quick-play button sends the `POST`.
async fn play_page() -> Redirect {
    Redirect::to("/")
}

async fn play(
    State(app): State<App>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Response> {
    let q: PlayQuery = if body.iter().all(|b| b.is_ascii_whitespace()) {
        PlayQuery::default()
    } else {
        parse_body(&body)?
    };
    let ruleset = playable_preset(q.ruleset.as_deref().unwrap_or("millington"))?;
    let n = ruleset.seats();
    let bots = q.bots.unwrap_or(n - 1);
    if bots > n - 1 {
        return Err(ApiError::bad(
            "bots",
            format!("at most {} beside the player at a {n}-seat table", n - 1),
        ));
    }
    let seats = (0..n)
        .map(|s| {
            if s == 0 || s > bots {
                "human"
            } else {
                "greedy"
            }
            .to_string()
        })
        .collect();
    let config = table_config(
        CreateTable {
            ruleset: ruleset.name.clone(),
            options: Map::new(),
            seats: Some(seats),
            names: None,
            seed: None,
            max_hands: None,
            bot_delay_ms: PLAY_BOT_DELAY_MS,
            turn_seconds: 0,
        },
        app.limits(),
    )?;
    let owner = client_ip(
        peer.ip(),
        &headers,
        &app.limits().trusted_proxies,
        app.limits().proxy_header,
    );
    let (id, config) = new_table(&app, config, owner).await?;
    let token = config.tokens[0].as_ref().expect("seat 0 is human");
    Ok(Redirect::to(&format!("/table/{id}?token={token}")).into_response())
}

async fn ask<T>(app: &App, id: &str, make: impl FnOnce(oneshot::Sender<T>) -> Cmd) -> Option<T> {
    let table = app.registry.get(id)?;
    let (tx, rx) = oneshot::channel();
    table.send(make(tx)).ok()?;
    rx.await.ok()
}

/// A table's information: live, or from the database when it is no longer in memory.
async fn info_of(app: &App, id: &str) -> ApiResult<TableInfo> {
    if let Some(info) = ask(app, id, |reply| Cmd::Info { reply }).await {
        return Ok(info);
    }
    let row = app
        .store
        .game(id)
        .await?
        .ok_or_else(|| ApiError::status(StatusCode::NOT_FOUND, format!("no table {id}")))?;
    let config: TableConfig = serde_json::from_str(&row.config)
        .map_err(|e| ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    Ok(TableInfo {
        id: row.id,
        ruleset: config.ruleset.name.clone(),
        status: row.status,
        hand: row.hands.unwrap_or(1).saturating_sub(1) as u32,
        seats: (0..config.kinds.len())
            .map(|s| crate::table::SeatInfo {
                seat: s,
                kind: config.kinds[s].clone(),
                name: config.names[s].clone(),
                connected: false,
                joined: true,
                open: config.is_open(s),
            })
            .collect(),
        totals: row
            .totals
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_else(|| vec![0; config.kinds.len()]),
        spectators: 0,
        created_at: row.created_at,
    })
}

async fn table_info(State(app): State<App>, Path(id): Path<String>) -> ApiResult<Json<TableInfo>> {
    Ok(Json(info_of(&app, &id).await?))
}

/// `?limit=N&cursor=C` of a list: `limit` is clamped to 1..=`page_max`; `cursor` is the
/// `X-Next-Cursor` header of the page before.
#[derive(Deserialize)]
struct PageQuery {
    limit: Option<i64>,
    cursor: Option<String>,
}

/// A page's size and where it starts (after the item of the cursor: its time and id).
struct Page {
    limit: usize,
    after: Option<(i64, String)>,
}

impl Page {
    /// The store's form of the cursor: (time, id) of the last row already sent.
    fn after(&self) -> Option<(i64, &str)> {
        self.after.as_ref().map(|(t, id)| (*t, id.as_str()))
    }
}

fn page(q: PageQuery, limits: &Limits) -> ApiResult<Page> {
    let limit = q
        .limit
        .unwrap_or(limits.page_default as i64)
        .clamp(1, limits.page_max as i64) as usize;
    let after = match q.cursor.as_deref() {
        None | Some("") => None,
        Some(c) => Some(
            c.split_once('_')
                .and_then(|(t, id)| Some((t.parse().ok()?, id.to_string())))
                .ok_or_else(|| ApiError::bad("cursor", "not a cursor this server gave"))?,
        ),
    };
    Ok(Page { limit, after })
}

/// A list page: the items, and when the page is full the cursor of the next one.
fn paged<T: Serialize>(items: Vec<T>, limit: usize, last: Option<(i64, String)>) -> Response {
    let full = items.len() >= limit;
    let mut r = Json(items).into_response();
    if full {
        if let Some((t, id)) = last {
            if let Ok(v) = HeaderValue::from_str(&format!("{t}_{id}")) {
                r.headers_mut().insert("x-next-cursor", v);
            }
        }
    }
    r
}

async fn list_tables(
    State(app): State<App>,
    q: Result<Query<PageQuery>, QueryRejection>,
) -> ApiResult<Response> {
    let p = page(query(q)?, app.limits())?;
    let ids: Vec<String> = app
        .registry
        .tables
        .read()
        .expect("registry")
        .keys()
        .cloned()
        .collect();
    let mut out = Vec::new();
    for id in ids {
        if let Some(info) = ask(&app, &id, |reply| Cmd::Info { reply }).await {
            if info.status != "finished" {
                out.push(info);
            }
        }
    }
    out.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(a.id.cmp(&b.id)));
    let out: Vec<TableInfo> = out
        .into_iter()
        .filter(|t| match &p.after {
            None => true,
            Some((at, id)) => t.created_at < *at || (t.created_at == *at && t.id > *id),
        })
        .take(p.limit)
        .collect();
    let last = out.last().map(|t| (t.created_at, t.id.clone()));
    let items = out
        .iter()
        .map(|t| serde_json::to_value(t).expect("serializes"))
        .collect();
    Ok(paged(items, p.limit, last))
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct JoinReq {
    #[serde(default)]
    name: Option<String>,
}

async fn join_table(
    State(app): State<App>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult<Json<Value>> {
    let req: JoinReq = if body.iter().all(|b| b.is_ascii_whitespace()) {
        JoinReq::default()
    } else {
        parse_body(&body)?
    };
    if let Some(n) = &req.name {
        check_name(n, app.limits().name_chars).map_err(|m| ApiError::bad("name", m))?;
    }
    let not_found = || ApiError::status(StatusCode::NOT_FOUND, format!("no open table {id}"));
    let answer = ask(&app, &id, |reply| Cmd::Join {
        name: req.name,
        reply,
    })
    .await
    .ok_or_else(not_found)?;
    let j = answer.ok_or_else(|| {
        ApiError::status(StatusCode::CONFLICT, "every human seat has been joined")
    })?;
    Ok(Json(serde_json::to_value(j).expect("serializes")))
}

/// A refusal of something only the table's host may do.
fn host_refused(r: HostRefusal, what: &str) -> ApiError {
    match r {
        HostRefusal::NoToken => ApiError::status(
            StatusCode::UNAUTHORIZED,
            format!(
                "only the table's host may {what}: send its host_token as Authorization: Bearer …"
            ),
        ),
        HostRefusal::NotHost => ApiError::status(
            StatusCode::FORBIDDEN,
            format!("only the table's host may {what}: this is not its host_token"),
        ),
    }
}

async fn fill_table(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<TableInfo>> {
    let host = bearer(&headers);
    let answer = ask(&app, &id, |reply| Cmd::Fill { host, reply })
        .await
        .ok_or_else(|| ApiError::status(StatusCode::NOT_FOUND, format!("no open table {id}")))?;
    answer
        .map(Json)
        .map_err(|r| host_refused(r, "fill its seats with bots"))
}

/// `DELETE /api/tables/{id}`: the host ends a table that is in memory (waiting or in play).
async fn delete_table(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<StatusCode> {
    let host = bearer(&headers);
    let answer = ask(&app, &id, |reply| Cmd::Delete { host, reply })
        .await
        .ok_or_else(|| ApiError::status(StatusCode::NOT_FOUND, format!("no open table {id}")))?;
    answer
        .map(|()| StatusCode::NO_CONTENT)
        .map_err(|r| host_refused(r, "delete it"))
}

async fn list_games(
    State(app): State<App>,
    q: Result<Query<PageQuery>, QueryRejection>,
) -> ApiResult<Response> {
    let p = page(query(q)?, app.limits())?;
    let rows = app.store.finished_page(p.limit as i64, p.after()).await?;
    let last = rows
        .last()
        .map(|r| (r.finished_at.unwrap_or(0), r.id.clone()));
    let out = rows
        .into_iter()
        .filter_map(|r| {
            let c: TableConfig = serde_json::from_str(&r.config).ok()?;
            let totals = r
                .totals
                .as_deref()
                .and_then(|t| serde_json::from_str(t).ok());
            Some(GameListEntry {
                id: r.id,
                ruleset: c.ruleset.name,
                players: c.names,
                kinds: c.kinds,
                hands: r.hands,
                started_at: r.created_at,
                finished_at: r.finished_at,
                totals,
            })
        })
        .collect();
    Ok(paged(out, p.limit, last))
}

/// The record of a game: header and every stored event.
pub(crate) async fn record_text(store: &Store, id: &str) -> ApiResult<String> {
    let row = store
        .game(id)
        .await?
        .ok_or_else(|| ApiError::status(StatusCode::NOT_FOUND, format!("no game {id}")))?;
    if row.status != "finished" {
        return Err(ApiError::status(
            StatusCode::CONFLICT,
            format!("game {id} is still in play"),
        ));
    }
    let config: TableConfig = serde_json::from_str(&row.config)
        .map_err(|e| ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let header = RecordHeader::new(&config.game_config(), config.kinds.clone());
    let mut out = serde_json::to_string(&header).expect("serializes");
    out.push('\n');
    for line in store.events(id).await? {
        out.push_str(&line);
        out.push('\n');
    }
    Ok(out)
}

async fn game_record(State(app): State<App>, Path(id): Path<String>) -> ApiResult<Response> {
    let text = record_text(&app.store, &id).await?;
    Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], text).into_response())
}

async fn score(body: Bytes) -> ApiResult<Response> {
    object_body(&body)?;
    let text = std::str::from_utf8(&body).map_err(|_| ApiError::bad("", "not UTF-8"))?;
    let outcome = scored(text)?;
    let mut s = serde_json::to_string_pretty(&ScoreJson(&outcome)).expect("serializes");
    s.push('\n');
    Ok(([(header::CONTENT_TYPE, "application/json")], s).into_response())
}

/// A table's JSON text scored as `POST /api/score` scores it; errors name the field.
fn scored(text: &str) -> ApiResult<mahjong_rules::Outcome> {
    let input = TableInput::from_json(text).map_err(|e| ApiError::bad(e.path, e.message))?;
    // Over HTTP a ruleset is a preset: never a path on the server.
    preset(&input.ruleset)?;
    let (_, _, outcome) =
        mahjong_rules::score_input(&input).map_err(|e| ApiError::bad(e.path, e.message))?;
    Ok(outcome)
}

/// `POST /api/settle` body: typed scores and how the hand was won.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SettleRequest {
    ruleset: String,
    #[serde(default)]
    options: Map<String, Value>,
    winner: Option<String>,
    #[serde(default)]
    win: Option<SettleWin>,
    #[serde(default)]
    cannon: Option<String>,
    scores: std::collections::BTreeMap<String, u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SettleWin {
    from: WinFrom,
    #[serde(default)]
    supplier: Option<String>,
}

/// What typed scores pay (the scoring assistant, when a table counts its scores aloud
/// instead of entering the tiles): the ruleset's own settlement, as `mahjong score` gives it.
async fn settle(State(app): State<App>, body: Bytes) -> ApiResult<Json<Value>> {
    let req: SettleRequest = parse_body(&body)?;
    let mut ruleset = preset(&req.ruleset)?;
    ruleset
        .apply(&req.options)
        .map_err(|e| ApiError::bad("options", e.to_string()))?;
    let seats = ruleset.seats();
    let seat = |s: &str, path: &str| -> ApiResult<usize> {
        Wind::from_letter(s)
            .map(|w| w.index())
            .filter(|&i| i < seats)
            .ok_or_else(|| ApiError::bad(path, format!("unknown seat {s:?}")))
    };
    let mut scores = [0u64; 4];
    let max = app.limits().max_value;
    // A typed score counts at most what the scorer would cap it at (M119, KJ-S4).
    let cap = ruleset.score_cap();
    for (k, &v) in &req.scores {
        if v > max as u64 {
            return Err(ApiError::bad(
                format!("scores.{k}"),
                format!("a score is at most {max}"),
            ));
        }
        scores[seat(k, &format!("scores.{k}"))?] = cap.map_or(v, |c| v.min(c));
    }
    if let Some(w) = Wind::ALL[..seats]
        .iter()
        .find(|w| !req.scores.contains_key(&w.letter().to_string()))
    {
        return Err(ApiError::bad(
            "scores",
            format!("no score for {}", w.letter()),
        ));
    }
    let winner = req
        .winner
        .as_deref()
        .map(|w| seat(w, "winner"))
        .transpose()?;
    let win = match winner {
        None => None,
        Some(w) => {
            let win = req
                .win
                .as_ref()
                .ok_or_else(|| ApiError::bad("win", "a winner needs win.from"))?;
            let supplier = win
                .supplier
                .as_deref()
                .map(|s| seat(s, "win.supplier"))
                .transpose()?;
            let needs = matches!(win.from, WinFrom::Discard | WinFrom::RobbedKong);
            match supplier {
                None if needs => {
                    return Err(ApiError::bad(
                        "win.supplier",
                        "required for a discard or a robbed kong",
                    ))
                }
                Some(_) if !needs => {
                    return Err(ApiError::bad(
                        "win.supplier",
                        "only for a discard or a robbed kong",
                    ))
                }
                Some(s) if s == w => {
                    return Err(ApiError::bad(
                        "win.supplier",
                        "the winner cannot supply his own tile",
                    ))
                }
                _ => {}
            }
            // Settlement reads only how the hand was won, never the tile.
            Some(Win::new(Tile::EAST, win.from, supplier))
        }
    };
    let cannon = req
        .cannon
        .as_deref()
        .map(|c| seat(c, "cannon"))
        .transpose()?;
    if cannon.is_some() && (winner.is_none() || cannon == winner) {
        return Err(ApiError::bad(
            "cannon",
            "a seat other than the winner, when there is one",
        ));
    }
    let table = HandTable {
        winner,
        win,
        cannon,
        ..HandTable::new(seats, Wind::East, [SeatHand::EMPTY; 4])
    };
    let Some(payments) = mahjong_rules::settle_values(&table, &scores, &ruleset) else {
        return Err(ApiError::bad(
            "ruleset",
            "typed scores settle the classical and Western games; a three-player hand needs its tiles",
        ));
    };
    let net = payments.net(seats);
    let letter = |i: usize| Wind::from_index(i).letter().to_string();
    // A settlement beyond the bound could not be kept in a ledger (`max_value`). Payments
    // grow with the scores, so the highest score (the first of equal ones) is named.
    let over = (0..seats)
        .map(|i| net[i].unsigned_abs())
        .chain(payments.as_slice().iter().map(|p| p.amount))
        .any(|v| v > max as u64);
    if over {
        let top = (0..seats).rev().max_by_key(|&i| scores[i]).unwrap_or(0);
        let (most, whose) = (0..seats)
            .map(|i| (net[i], i))
            .max_by_key(|&(n, _)| n.unsigned_abs())
            .unwrap_or((0, 0));
        return Err(ApiError::bad(
            format!("scores.{}", letter(top)),
            format!(
                "these scores settle {most} for {}: a settlement is at most {max} either way",
                letter(whose)
            ),
        ));
    }
    Ok(Json(json!({
        "settlement": (0..seats).map(|i| (letter(i), json!(net[i]))).collect::<Map<String, Value>>(),
        "payments": payments.as_slice().iter()
            .map(|p| json!({"from": letter(p.from), "to": letter(p.to), "amount": p.amount}))
            .collect::<Vec<_>>(),
    })))
}

/// The rule catalogue of every family (as `mahjong rules --json`).
async fn rules() -> Json<&'static [mahjong_rules::catalogue::Entry]> {
    Json(mahjong_rules::catalogue::catalogue())
}

async fn rulesets() -> Json<Vec<RulesetInfo>> {
    Json(
        mahjong_rules::PRESETS
            .iter()
            .filter_map(|p| Ruleset::preset(p).ok())
            .map(|r| {
                let mut v = serde_json::to_value(&r.options).expect("serializes");
                // Every copy of each tile in index order: one of each kind.
                let mut tiles = r.tile_set().tiles();
                tiles.dedup();
                RulesetInfo {
                    tiles,
                    seats: r.seats(),
                    family: r.options.family().to_string(),
                    options: v["options"].take(),
                    name: r.name,
                    preset: r.preset,
                }
            })
            .collect(),
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewLedger {
    name: String,
    players: Vec<String>,
}

async fn create_ledger(State(app): State<App>, body: Bytes) -> ApiResult<Response> {
    let req: NewLedger = parse_body(&body)?;
    let max = app.limits().name_chars;
    if req.name.trim().is_empty() {
        return Err(ApiError::bad("name", "a ledger needs a name"));
    }
    check_name(&req.name, max).map_err(|m| ApiError::bad("name", m))?;
    if !(2..=4).contains(&req.players.len()) {
        return Err(ApiError::bad("players", "2 to 4 players"));
    }
    if let Some(i) = req.players.iter().position(|p| p.trim().is_empty()) {
        return Err(ApiError::bad(
            format!("players[{i}]"),
            "a player needs a name",
        ));
    }
    for (i, p) in req.players.iter().enumerate() {
        check_name(p, max).map_err(|m| ApiError::bad(format!("players[{i}]"), m))?;
        // Totals are shown by name: two players of one name could not be told apart.
        if let Some(j) = req.players[..i].iter().position(|q| q.trim() == p.trim()) {
            return Err(ApiError::bad(
                format!("players[{i}]"),
                format!("{p:?} is players[{j}] already: each player needs a name of his own"),
            ));
        }
    }
    let row = LedgerRow {
        id: new_id(),
        name: req.name,
        players: serde_json::to_string(&req.players).expect("serializes"),
        created_at: now_ms(),
    };
    let token = new_token();
    app.store.insert_ledger(&row, &token).await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({"id": row.id, "token": token})),
    )
        .into_response())
}

fn totals_of(players: usize, hands: &[LedgerHand]) -> Vec<i64> {
    let mut t = vec![0i64; players];
    for h in hands {
        let s: Vec<i64> = serde_json::from_str(&h.settlement).unwrap_or_default();
        for (a, b) in t.iter_mut().zip(s) {
            // Stored values are bounded (`max_value`): this never saturates in practice.
            *a = a.saturating_add(b);
        }
    }
    t
}

async fn ledger_json(store: &Store, id: &str) -> ApiResult<Value> {
    let row = store
        .ledger(id)
        .await?
        .ok_or_else(|| ApiError::status(StatusCode::NOT_FOUND, format!("no ledger {id}")))?;
    let players: Vec<String> = serde_json::from_str(&row.players).unwrap_or_default();
    let hands = store.ledger_hands(id).await?;
    let totals = totals_of(players.len(), &hands);
    let hands: Vec<Value> = hands
        .iter()
        .map(|h| {
            json!({
                "settlement": serde_json::from_str::<Value>(&h.settlement).unwrap_or(Value::Null),
                "table": h.table.as_deref().and_then(|t| serde_json::from_str::<Value>(t).ok()),
                "at": h.at,
            })
        })
        .collect();
    Ok(json!({
        "id": row.id, "name": row.name, "players": players, "hands": hands,
        "totals": totals, "created_at": row.created_at,
    }))
}

async fn list_ledgers(
    State(app): State<App>,
    q: Result<Query<PageQuery>, QueryRejection>,
) -> ApiResult<Response> {
    let p = page(query(q)?, app.limits())?;
    let rows = app.store.ledgers_page(p.limit as i64, p.after()).await?;
    let last = rows.last().map(|r| (r.created_at, r.id.clone()));
    let mut out = Vec::new();
    for row in rows {
        let players: Vec<String> = serde_json::from_str(&row.players).unwrap_or_default();
        let hands = app.store.ledger_hands(&row.id).await?;
        out.push(json!({
            "id": row.id, "name": row.name, "players": players, "hands": hands.len(),
            "totals": totals_of(players.len(), &hands), "created_at": row.created_at,
        }));
    }
    Ok(paged(out, p.limit, last))
}

async fn ledger(State(app): State<App>, Path(id): Path<String>) -> ApiResult<Json<Value>> {
    Ok(Json(ledger_json(&app.store, &id).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewHand {
    settlement: Vec<i64>,
    #[serde(default)]
    table: Option<Value>,
}

/// A ledger hand's table as stored: only one that `POST /api/score` would score, so that
/// every stored table can be scored again (and shown) later. Errors name the field under
/// `table.`. The settlement is not compared with the table's: a ledger's settlement is by
/// player, the table's by seat, and a table may agree on adjustments of its own.
fn scorable_table(table: &Value) -> ApiResult<String> {
    let text = table.to_string();
    scored(&text).map_err(|e| ApiError {
        // The parser names the whole input `input`: here that is the table.
        path: if e.path.is_empty() || e.path == "input" {
            "table".to_string()
        } else {
            format!("table.{}", e.path)
        },
        ..e
    })?;
    Ok(text)
}

async fn add_ledger_hand(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Response> {
    let row = app
        .store
        .ledger(&id)
        .await?
        .ok_or_else(|| ApiError::status(StatusCode::NOT_FOUND, format!("no ledger {id}")))?;
    // Only whoever created the ledger (and those he gave its token) adds hands to it.
    let Some(given) = bearer(&headers) else {
        tracing::warn!(ledger = %id, "refused a hand: no token");
        return Err(ApiError::status(
            StatusCode::UNAUTHORIZED,
            "adding a hand needs the ledger's token: Authorization: Bearer …",
        ));
    };
    let stored = app.store.ledger_token(&id).await?;
    if !stored.as_deref().is_some_and(|t| same_secret(t, &given)) {
        tracing::warn!(ledger = %id, "refused a hand: wrong token");
        return Err(ApiError::status(
            StatusCode::FORBIDDEN,
            "this is not the ledger's token",
        ));
    }
    let req: NewHand = parse_body(&body)?;
    let players: Vec<String> = serde_json::from_str(&row.players).unwrap_or_default();
    if req.settlement.len() != players.len() {
        return Err(ApiError::bad(
            "settlement",
            format!(
                "{} entries for {} players",
                req.settlement.len(),
                players.len()
            ),
        ));
    }
    let max = app.limits().max_value;
    if let Some(i) = req
        .settlement
        .iter()
        .position(|v| v.unsigned_abs() > max as u64)
    {
        return Err(ApiError::bad(
            format!("settlement[{i}]"),
            format!("no game settles more than {max}"),
        ));
    }
    let sum: i128 = req.settlement.iter().map(|&s| s as i128).sum();
    if sum != 0 {
        return Err(ApiError::bad(
            "settlement",
            format!("a settlement sums to 0, this one to {sum}"),
        ));
    }
    let table = match req.table {
        None | Some(Value::Null) => None,
        Some(t @ Value::Object(_)) => Some(scorable_table(&t)?),
        Some(_) => return Err(ApiError::bad("table", "a table is a JSON object or null")),
    };
    let hand = LedgerHand {
        settlement: serde_json::to_string(&req.settlement).expect("serializes"),
        table,
        at: now_ms(),
    };
    app.store.add_ledger_hand(&id, &hand).await?;
    Ok((
        StatusCode::CREATED,
        Json(ledger_json(&app.store, &id).await?),
    )
        .into_response())
}

#[derive(Deserialize)]
struct WsQuery {
    token: Option<String>,
}

async fn ws(
    State(app): State<App>,
    Path(id): Path<String>,
    q: Result<Query<WsQuery>, QueryRejection>,
    upgrade: WebSocketUpgrade,
) -> ApiResult<Response> {
    let q = query(q)?;
    let max = app.limits().ws_message_bytes;
    // Messages are small: small buffers keep a connection's memory low.
    Ok(upgrade
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_message_size(max)
        .max_frame_size(max)
        .on_upgrade(move |socket| connection(socket, app, id, q.token)))
}

/// Close codes (RFC 6455).
const CLOSE_POLICY: u16 = 1008;
const CLOSE_TOO_BIG: u16 = 1009;

/// Sends an `error` message, then closes with `code` and the error's message as reason.
async fn refuse(sink: &mut futures_util::stream::SplitSink<WebSocket, Message>, e: ProtoError) {
    let _ = sink.send(Message::Text(error_text(&e))).await;
    let _ = sink
        .send(Message::Close(Some(CloseFrame {
            code: CLOSE_POLICY,
            reason: close_reason(&e.message).into(),
        })))
        .await;
}

/// A close frame's reason: at most 123 bytes (RFC 6455), cut at a character boundary.
fn close_reason(text: &str) -> String {
    let mut end = text.len().min(123);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_string()
}

/// One client's connection: a reader (parses, forwards to the table) and a writer (sends
/// what the table queues for this client, through a bounded queue).
async fn connection(socket: WebSocket, app: App, id: String, token: Option<String>) {
    app.connections.send_modify(|n| *n += 1);
    connection_inner(socket, &app, id, token).await;
    app.connections.send_modify(|n| *n -= 1);
}

async fn connection_inner(socket: WebSocket, app: &App, id: String, token: Option<String>) {
    let (mut sink, mut stream) = socket.split();
    let Some(table) = app.registry.get(&id) else {
        let msg = match app.store.game(&id).await {
            Ok(Some(g)) if g.status == "expired" => {
                format!("table {id} has expired: nobody joined it")
            }
            Ok(Some(g)) if g.status == "deleted" => {
                format!("table {id} was ended by its host")
            }
            Ok(Some(_)) => format!("table {id} is over: its record is at /api/games/{id}"),
            _ => format!("no table {id}"),
        };
        tracing::info!(table = %id, "refused a connection: {msg}");
        refuse(&mut sink, ProtoError::new("unknown_table", msg)).await;
        return;
    };
    let (tx, rx, kill) = Outbox::new(app.limits().ws_queue);
    let (reply, answer) = oneshot::channel();
    let sent = table.send(Cmd::Connect {
        token,
        tx: tx.clone(),
        reply,
    });
    let conn = match (sent, answer.await) {
        (Ok(()), Ok(Ok(c))) => c,
        (Ok(()), Ok(Err(e))) => {
            refuse(&mut sink, e).await;
            return;
        }
        _ => {
            let e = ProtoError::new("unknown_table", format!("no table {id}"));
            refuse(&mut sink, e).await;
            return;
        }
    };
    let writer = tokio::spawn(write_loop(sink, rx, kill.clone()));
    let pong: axum::extract::ws::Utf8Bytes = json!({"type": "pong", "v": PROTOCOL_VERSION})
        .to_string()
        .into();
    loop {
        let msg = tokio::select! {
            m = stream.next() => m,
            _ = kill.ordered() => break,
            _ = app.closing.ordered() => {
                kill.close(1001, "the server is shutting down");
                break;
            }
        };
        let msg = match msg {
            Some(Ok(m)) => m,
            Some(Err(e)) => {
                let text = e.to_string();
                if text.contains("too long") || text.contains("Space limit") {
                    tracing::warn!(table = %id, "closing a connection: {text}");
                    kill.close(CLOSE_TOO_BIG, "message too big");
                }
                break;
            }
            None => break,
        };
        let parsed = match msg {
            Message::Text(t) => parse_client(t.as_str()),
            Message::Binary(_) => Err(ProtoError::new("malformed", "messages are JSON text")),
            Message::Close(_) => break,
            _ => continue,
        };
        let sent = match parsed {
            Ok(ClientMsg::Act { action, id }) => table.send(Cmd::Act { conn, action, id }).is_ok(),
            Ok(ClientMsg::Hint) => table.send(Cmd::Hint { conn }).is_ok(),
            Ok(ClientMsg::Ping) => tx.send(pong.clone()).is_ok(),
            Ok(ClientMsg::Ready) => table.send(Cmd::Ready { conn }).is_ok(),
            Err(e) => tx.send(error_text(&e)).is_ok(),
        };
        if !sent {
            break;
        }
    }
    let _ = table.send(Cmd::Disconnect { conn });
    drop(tx);
    drop(stream);
    let _ = writer.await;
}

/// Sends the queued messages until the queue ends or the connection is to be closed (a
/// client that does not read, a message too big): then a close frame, given a second.
async fn write_loop(
    mut sink: futures_util::stream::SplitSink<WebSocket, Message>,
    mut rx: mpsc::Receiver<axum::extract::ws::Utf8Bytes>,
    kill: std::sync::Arc<Kill>,
) {
    loop {
        let next = tokio::select! {
            biased;
            _ = kill.ordered() => break,
            m = rx.recv() => m,
        };
        let Some(text) = next else {
            let _ = sink.close().await;
            return;
        };
        tokio::select! {
            biased;
            _ = kill.ordered() => break,
            r = sink.send(Message::Text(text)) => if r.is_err() { return },
        }
    }
    if let Some(r) = kill.reason() {
        let frame = Message::Close(Some(CloseFrame {
            code: r.code,
            reason: r.reason.into(),
        }));
        let _ = tokio::time::timeout(std::time::Duration::from_secs(1), sink.send(frame)).await;
    }
}
