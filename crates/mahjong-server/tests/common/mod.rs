//! Shared helpers: a server on a temporary SQLite file, and reading messages with a timeout.
#![allow(dead_code)]

use std::path::PathBuf;
use std::time::Duration;

use mahjong_server::client::{Client, Conn};
use mahjong_server::{Limits, Server, ServerConfig, ServerMsg};

/// A fresh directory under the system's temp dir.
pub fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "mahjong-server-{tag}-{}-{}",
        std::process::id(),
        rand_suffix()
    ));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn rand_suffix() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
}

/// The URL of a new SQLite database in a fresh directory.
pub fn sqlite_url(tag: &str) -> String {
    format!("sqlite://{}", temp_dir(tag).join("test.sqlite3").display())
}

/// A server on 127.0.0.1 (any port) with a new SQLite database.
pub async fn server(tag: &str) -> (Server, Client) {
    server_on(&sqlite_url(tag)).await
}

/// The next message, failing the test after 10 s.
pub async fn next(conn: &mut Conn) -> ServerMsg {
    tokio::time::timeout(Duration::from_secs(10), conn.recv())
        .await
        .expect("a message within 10 s")
        .expect("readable")
        .expect("connection open")
}

/// The next raw text message, failing the test after 10 s.
pub async fn next_text(conn: &mut Conn) -> String {
    tokio::time::timeout(Duration::from_secs(10), conn.recv_text())
        .await
        .expect("a message within 10 s")
        .expect("readable")
        .expect("connection open")
}

/// The PostgreSQL server the database and route tests also run on (a URL such as
/// `postgres://mahjong@localhost/postgres?host=/tmp/pg`); `scripts/test` starts a throwaway
/// cluster and sets it.
pub const POSTGRES_ENV: &str = "MAHJONG_TEST_POSTGRES_URL";

/// A test's own database: a new SQLite file, or a new schema on the PostgreSQL server of
/// [`POSTGRES_ENV`] (dropped again by [`Db::finish`]).
pub struct Db {
    /// The URL to give the server or the store.
    pub url: String,
    /// PostgreSQL: the server's URL and the schema.
    pg: Option<(String, String)>,
}

impl Db {
    /// A new SQLite file in a fresh temporary directory.
    pub fn sqlite(tag: &str) -> Db {
        let file = temp_dir(tag).join("test.sqlite3");
        Db {
            url: format!("sqlite://{}", file.display()),
            pg: None,
        }
    }

    /// A new schema on the PostgreSQL server of [`POSTGRES_ENV`]; `None` (the test is
    /// skipped, with a note) when it is not set, except under `CI=true`, where that fails.
    pub async fn postgres(tag: &str) -> Option<Db> {
        use sqlx::Connection;
        let Ok(base) = std::env::var(POSTGRES_ENV) else {
            assert_ne!(
                std::env::var("CI").as_deref(),
                Ok("true"),
                "{POSTGRES_ENV} is not set, and under CI the PostgreSQL tests must run \
                 (scripts/test starts a server and sets it)"
            );
            eprintln!("{POSTGRES_ENV} is not set: the PostgreSQL test is skipped");
            return None;
        };
        let tag: String = tag
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .take(32)
            .collect();
        let schema = format!(
            "t_{tag}_{}_{}",
            std::process::id(),
            rand_suffix() % 1_000_000_007
        );
        let mut conn = sqlx::PgConnection::connect(&base)
            .await
            .unwrap_or_else(|e| panic!("{POSTGRES_ENV}={base}: {e}"));
        sqlx::query(&format!("CREATE SCHEMA {schema}"))
            .execute(&mut conn)
            .await
            .expect("a schema for the test");
        let _ = conn.close().await;
        let sep = if base.contains('?') { '&' } else { '?' };
        Some(Db {
            url: format!("{base}{sep}options[search_path]={schema}"),
            pg: Some((base, schema)),
        })
    }

    /// Removes the test's database: the SQLite file's directory, or the PostgreSQL schema.
    pub async fn finish(self) {
        use sqlx::Connection;
        if let Some(path) = self.url.strip_prefix("sqlite://") {
            if let Some(dir) = std::path::Path::new(path).parent() {
                let _ = std::fs::remove_dir_all(dir);
            }
        }
        if let Some((base, schema)) = self.pg {
            if let Ok(mut conn) = sqlx::PgConnection::connect(&base).await {
                let _ = sqlx::query(&format!("DROP SCHEMA {schema} CASCADE"))
                    .execute(&mut conn)
                    .await;
                let _ = conn.close().await;
            }
        }
    }
}

/// Declares each listed `async fn NAME(db: &str)` (`db`: a database URL) as two tests:
/// `sqlite::NAME` on a new SQLite file and `postgres::NAME` on a new PostgreSQL schema
/// (see [`Db::postgres`]).
#[macro_export]
macro_rules! on_both_databases {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let db = $crate::common::Db::sqlite(stringify!($name));
                    super::$name(&db.url).await;
                    db.finish().await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    if let Some(db) = $crate::common::Db::postgres(stringify!($name)).await {
                        super::$name(&db.url).await;
                        db.finish().await;
                    }
                }
            )*
        }
    };
}

/// A server on 127.0.0.1 (any port) on the database at `url`.
pub async fn server_on(url: &str) -> (Server, Client) {
    server_with(url, Limits::default()).await
}

/// A server on 127.0.0.1 (any port) on the database at `url`, with these limits.
pub async fn server_with(url: &str, limits: Limits) -> (Server, Client) {
    let server = Server::start(ServerConfig {
        bind: "127.0.0.1:0".parse().unwrap(),
        db: url.to_string(),
        limits,
    })
    .await
    .expect("server starts");
    let client = Client::new(&server.url());
    (server, client)
}

/// The seat a link's token opens at table `id` (the `welcome` message's seat).
pub async fn welcome_seat(client: &Client, id: &str, token: Option<&str>) -> Option<usize> {
    let mut conn = client.connect(id, token).await.unwrap();
    match next(&mut conn).await {
        ServerMsg::Welcome { seat, .. } => seat,
        other => panic!("{other:?}"),
    }
}

/// The documented error body `{"error": {"path", "message"}}` (exactly those keys, a
/// non-empty message): its path and message. Panics on any other shape.
pub fn error_of(body: &str) -> (String, String) {
    let v: serde_json::Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"));
    let outer = v.as_object().expect("an object");
    assert_eq!(outer.keys().collect::<Vec<_>>(), ["error"], "{body}");
    let inner = v["error"].as_object().expect("error is an object");
    let mut keys: Vec<&String> = inner.keys().collect();
    keys.sort();
    assert_eq!(keys, ["message", "path"], "{body}");
    let path = v["error"]["path"].as_str().expect("path is a string");
    let message = v["error"]["message"].as_str().expect("message is a string");
    assert!(!message.is_empty(), "{body}");
    (path.to_string(), message.to_string())
}

/// The path of the documented error body (see [`error_of`]).
pub fn error_path(body: &str) -> String {
    error_of(body).0
}
