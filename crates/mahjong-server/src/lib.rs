//! The mahjong game server: tables played over WebSocket (`docs/protocol.md`), an HTTP API
//! (`docs/api.md`), persistence in SQLite or PostgreSQL, and the browser client's files.
//!
//! The server is authoritative: each table is one task running the engine
//! ([`mahjong_engine::Game`]) and its bots; clients send actions and receive the events
//! and the view of their own seat. Every event is stored before it is sent, so after a
//! crash the unfinished tables resume from the database.
//!
//! The other side is the `mahjong-client` crate (re-exported as [`client`]: the wire types,
//! the HTTP and WebSocket client of the tests and front ends) and [`load`], the load
//! generator behind `mahjong simulate --server`, which plays through it.

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use std::time::{SystemTime, UNIX_EPOCH};

use rand::Rng;
use tokio::net::TcpListener;
use tokio::sync::oneshot;

mod assets;
pub mod db;
pub mod hint;
mod http;
pub mod inputs;
pub mod limits;
pub mod load;
mod peer;
pub mod protocol;
pub mod table;

pub use db::{db_url, Store};
pub use ipnet::IpNet;
pub use limits::Limits;
/// The client of this server (its own crate, so front ends need not build the server).
pub use mahjong_client as client;
pub use mahjong_client::wire::TableInfo;
pub use mahjong_client::wire::{ServerMsg, PROTOCOL_VERSION};
pub use peer::{client_ip, parse_trusted_proxy, ProxyHeader};
pub use table::{derive_seed, TableConfig};

/// How to run the server.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Address to listen on (port 0: any free port).
    pub bind: SocketAddr,
    /// Database URL (`sqlite://PATH`, `sqlite::memory:`, `postgres://…`), see [`db_url`].
    pub db: String,
    /// What the server accepts (sizes, names, numbers, pages, expiry).
    pub limits: Limits,
}

impl ServerConfig {
    /// A server on `bind` with the database `db` and the default limits.
    pub fn new(bind: SocketAddr, db: impl Into<String>) -> ServerConfig {
        ServerConfig {
            bind,
            db: db.into(),
            limits: Limits::default(),
        }
    }
}

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The database could not be opened.
    #[error(transparent)]
    Db(#[from] db::DbError),
    /// The address could not be bound.
    #[error("{addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// Serving failed.
    #[error("serving: {0}")]
    Io(#[from] std::io::Error),
}

/// The default database: `mahjong.sqlite3` in the user's data directory (created).
pub fn default_db_path() -> PathBuf {
    let dir = directories::ProjectDirs::from("", "", "mahjong")
        .map(|d| d.data_dir().to_path_buf())
        .unwrap_or_else(|| PathBuf::from("."));
    let _ = std::fs::create_dir_all(&dir);
    dir.join("mahjong.sqlite3")
}

/// A running server (for tests and embedding): its address and a way to stop it.
pub struct Server {
    /// The address it listens on.
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    done: tokio::task::JoinHandle<Result<(), ServerError>>,
}

impl Server {
    /// Opens the database, resumes unfinished tables, binds and starts serving.
    pub async fn start(config: ServerConfig) -> Result<Server, ServerError> {
        let (stop, stopped) = oneshot::channel::<()>();
        let (addr_tx, addr_rx) = oneshot::channel();
        let done = tokio::spawn(run(config, Some(addr_tx), async {
            let _ = stopped.await;
        }));
        match addr_rx.await {
            Ok(addr) => Ok(Server {
                addr,
                stop: Some(stop),
                done,
            }),
            Err(_) => Err(done
                .await
                .map_err(|e| ServerError::Io(std::io::Error::other(e)))?
                .err()
                .unwrap_or_else(|| ServerError::Io(std::io::Error::other("server stopped")))),
        }
    }

    /// The base URL (`http://127.0.0.1:PORT`).
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Stops accepting connections and waits for the server to end.
    pub async fn stop(mut self) -> Result<(), ServerError> {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        self.done
            .await
            .map_err(|e| ServerError::Io(std::io::Error::other(e)))?
    }
}

/// Runs the server until `shutdown` completes (e.g. Ctrl-C).
pub async fn serve(
    config: ServerConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServerError> {
    run(config, None, shutdown).await
}

async fn run(
    config: ServerConfig,
    bound: Option<oneshot::Sender<SocketAddr>>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServerError> {
    let store = Store::open(&config.db).await?;
    let registry = Arc::new(table::Registry {
        tables: Default::default(),
        limits: config.limits.clone(),
        owners: Default::default(),
    });
    let mut resumed = 0;
    for row in store.unfinished().await? {
        match table::Table::resume(&row, store.clone(), registry.clone()).await {
            Ok(_) => resumed += 1,
            Err(e) => tracing::error!("not resumed: {e}"),
        }
    }
    if resumed > 0 {
        tracing::info!("resumed {resumed} unfinished tables");
    }
    let listener = TcpListener::bind(config.bind)
        .await
        .map_err(|source| ServerError::Bind {
            addr: config.bind,
            source,
        })?;
    let addr = listener.local_addr()?;
    tracing::info!(%addr, db = %redact_url(&config.db), "listening on http://{addr}");
    if let Some(b) = bound {
        let _ = b.send(addr);
    }
    let closing = Arc::new(limits::Kill::new());
    let connections = Arc::new(tokio::sync::watch::Sender::new(0usize));
    let app = http::App {
        store: store.clone(),
        registry,
        closing: closing.clone(),
        connections: connections.clone(),
    };
    let shutdown = async move {
        shutdown.await;
        tracing::info!("shutting down: no new connections; closing the WebSockets");
        closing.close(1001, "the server is shutting down");
    };
    // Small messages go out at once (Nagle's algorithm would hold them back ~40 ms).
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::warn!("TCP_NODELAY: {e}");
        }
    });
    // The client's address (`ConnectInfo`) is what the rate limit and the table caps count by.
    let service = http::router(app).into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, service)
        .with_graceful_shutdown(shutdown)
        .await?;
    // The WebSockets close (each sends its close frame, given a second).
    // (Woken by the count, not by polling: a paused clock in tests never fires a poll.)
    let mut open = connections.subscribe();
    let _ = tokio::time::timeout(Duration::from_secs(3), open.wait_for(|n| *n == 0)).await;
    store.close().await;
    tracing::info!("shut down: database closed");
    Ok(())
}

/// A database URL without its password, for logs and errors.
pub(crate) fn redact_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => format!("{}://…{}", &url[..s], &url[at..]),
        _ => url.to_string(),
    }
}

/// Milliseconds since the Unix epoch.
pub(crate) fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// A table or ledger id: 12 random lowercase letters and digits.
pub(crate) fn new_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut rng = rand::thread_rng();
    (0..12)
        .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char)
        .collect()
}

/// A seat's secret: 128 random bits in hex.
pub(crate) fn new_token() -> String {
    let bits: u128 = rand::random();
    format!("{bits:032x}")
}
