//! A small client of the server: the HTTP API and a table's WebSocket. Tests, the load
//! generator and terminal front ends use it.

use futures_util::{SinkExt, StreamExt};
use mahjong_engine::Action;
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::protocol::ServerMsg;

/// A client-side failure.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// HTTP failed.
    #[error("http: {0}")]
    Http(#[from] reqwest::Error),
    /// The server answered with an error status.
    #[error("{status}: {body}")]
    Status {
        /// Status code.
        status: u16,
        /// The body.
        body: String,
    },
    /// The WebSocket failed.
    #[error("websocket: {0}")]
    Ws(#[from] tokio_tungstenite::tungstenite::Error),
    /// A message was not what the protocol says.
    #[error("protocol: {0}")]
    Protocol(String),
}

/// The server's HTTP API.
#[derive(Clone)]
pub struct Client {
    base: String,
    http: reqwest::Client,
}

impl Client {
    /// A client of the server at `base` (`http://HOST:PORT`).
    pub fn new(base: &str) -> Client {
        Client {
            base: base.trim_end_matches('/').to_string(),
            http: reqwest::Client::new(),
        }
    }

    /// The base URL.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// `GET path` → status and body text.
    pub async fn get(&self, path: &str) -> Result<(u16, String), ClientError> {
        let r = self.http.get(format!("{}{path}", self.base)).send().await?;
        let status = r.status().as_u16();
        Ok((status, r.text().await?))
    }

    /// `POST path` with a JSON body → status and body text.
    pub async fn post(&self, path: &str, body: &Value) -> Result<(u16, String), ClientError> {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .json(body)
            .send()
            .await?;
        let status = r.status().as_u16();
        Ok((status, r.text().await?))
    }

    /// `POST path` with a JSON body and a secret (`Authorization: Bearer TOKEN`: a table's
    /// `host_token` to fill or delete it, a ledger's `token` to add a hand) → status and
    /// body text.
    pub async fn post_with_token(
        &self,
        path: &str,
        body: &Value,
        token: &str,
    ) -> Result<(u16, String), ClientError> {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .bearer_auth(token)
            .json(body)
            .send()
            .await?;
        let status = r.status().as_u16();
        Ok((status, r.text().await?))
    }

    /// `GET path`, expecting 200 and JSON.
    pub async fn get_json(&self, path: &str) -> Result<Value, ClientError> {
        let (status, body) = self.get(path).await?;
        json_of(status, body, 200)
    }

    /// Creates a table (`POST /api/tables`); the answer as JSON.
    pub async fn create_table(&self, request: &Value) -> Result<Value, ClientError> {
        let (status, body) = self.post("/api/tables", request).await?;
        json_of(status, body, 201)
    }

    /// Opens a table's WebSocket, as a seat (with its token) or a spectator.
    pub async fn connect(&self, table: &str, token: Option<&str>) -> Result<Conn, ClientError> {
        let ws_base = self.base.replacen("http", "ws", 1);
        let url = match token {
            Some(t) => format!("{ws_base}/api/tables/{table}/ws?token={t}"),
            None => format!("{ws_base}/api/tables/{table}/ws"),
        };
        let (ws, _) = tokio_tungstenite::connect_async_with_config(url, None, true).await?;
        Ok(Conn { ws })
    }
}

fn json_of(status: u16, body: String, want: u16) -> Result<Value, ClientError> {
    if status != want {
        return Err(ClientError::Status { status, body });
    }
    serde_json::from_str(&body).map_err(|e| ClientError::Protocol(format!("{e}: {body}")))
}

/// One WebSocket connection to a table.
pub struct Conn {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Conn {
    /// Sends raw text (tests send malformed messages with it).
    pub async fn send_text(&mut self, text: &str) -> Result<(), ClientError> {
        self.ws.send(Message::text(text)).await?;
        Ok(())
    }

    /// Sends an action.
    pub async fn act(&mut self, action: Action) -> Result<(), ClientError> {
        let msg = json!({"type": "act", "action": action});
        self.send_text(&msg.to_string()).await
    }

    /// Sends an action with an id, echoed as `ack` in the resulting `state`.
    pub async fn act_with_id(&mut self, action: Action, id: u64) -> Result<(), ClientError> {
        let msg = json!({"type": "act", "action": action, "id": id});
        self.send_text(&msg.to_string()).await
    }

    /// The next text message, `None` when the connection is closed.
    pub async fn recv_text(&mut self) -> Result<Option<String>, ClientError> {
        while let Some(m) = self.ws.next().await {
            match m? {
                Message::Text(t) => return Ok(Some(t.to_string())),
                Message::Close(_) => return Ok(None),
                _ => continue,
            }
        }
        Ok(None)
    }

    /// The next message, parsed.
    pub async fn recv(&mut self) -> Result<Option<ServerMsg>, ClientError> {
        match self.recv_text().await? {
            None => Ok(None),
            Some(t) => serde_json::from_str(&t)
                .map(Some)
                .map_err(|e| ClientError::Protocol(format!("{e}: {t}"))),
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}
