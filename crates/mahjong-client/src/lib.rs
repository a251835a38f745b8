//! The one client of the mahjong server (`docs/protocol.md`, `docs/api.md`): its wire
//! types, the HTTP API and a table's WebSocket.
//!
//! - [`wire`]: the messages and answers, typed with the engine's own serde types
//!   ([`mahjong_engine::Action`], [`mahjong_engine::Event`], [`mahjong_engine::SeatView`]);
//!   the server serializes the same types.
//! - [`Client`] and [`Conn`]: async (tokio, reqwest, tokio-tungstenite), for the load
//!   generator, the server's tests and anything else that runs on tokio.
//! - [`blocking`]: the same client for synchronous front ends (the terminal client): a
//!   blocking HTTP facade and a [`blocking::Seat`] whose thread holds the connection and
//!   reconnects.
//!
//! The TypeScript declarations of the wire types are generated from these Rust types
//! (`web/src/generated/`, see `docs/protocol.md`).

pub mod blocking;
mod client;
#[cfg(test)]
mod ts;
pub mod wire;

pub use client::{parse_join_link, Client, Conn};
pub use wire::{ClientMsg, CreatedTable, ServerMsg, PROTOCOL_VERSION};

/// An error with the causes below it (`error sending request …: connection refused`):
/// reqwest's own text names the request, its causes what went wrong.
fn with_causes(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        let more = c.to_string();
        // A cause that repeats its error's words adds nothing.
        if !text.contains(&more) {
            text.push_str(": ");
            text.push_str(&more);
        }
        cause = c.source();
    }
    text
}

/// A client-side failure.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The server's address is not an `http://` URL.
    #[error("{0:?}: expected an http:// URL such as http://127.0.0.1:8080")]
    BadUrl(String),
    /// HTTP failed.
    #[error("http: {}", with_causes(.0))]
    Http(#[from] reqwest::Error),
    /// The server answered with an error status.
    #[error("{status}: {message}")]
    Status {
        /// Status code.
        status: u16,
        /// The error's `path: message` (or the body when it is not the documented error).
        message: String,
    },
    /// The WebSocket failed.
    #[error("websocket: {0}")]
    Ws(#[from] tokio_tungstenite::tungstenite::Error),
    /// A message was not what the protocol says.
    #[error("protocol: {0}")]
    Protocol(String),
    /// The server refused the connection (an `error` message before the welcome, or a
    /// token that is no seat's).
    #[error("the server refused: {0}")]
    Refused(String),
    /// The server did not answer in time.
    #[error("no answer within {0} s")]
    Timeout(u64),
}
