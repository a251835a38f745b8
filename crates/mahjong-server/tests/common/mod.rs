//! Shared helpers: a server on a temporary SQLite file, and reading messages with a timeout.
#![allow(dead_code)]

use std::path::PathBuf;
use std::time::Duration;

use mahjong_server::client::{Client, Conn};
use mahjong_server::{Server, ServerConfig, ServerMsg};

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

/// A server on 127.0.0.1 (any port) with a new SQLite database.
pub async fn server(tag: &str) -> (Server, Client) {
    let db = temp_dir(tag).join("test.sqlite3");
    let server = Server::start(ServerConfig {
        bind: "127.0.0.1:0".parse().unwrap(),
        db: format!("sqlite://{}", db.display()),
    })
    .await
    .expect("server starts");
    let client = Client::new(&server.url());
    (server, client)
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
