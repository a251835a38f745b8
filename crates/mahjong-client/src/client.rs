//! The async client: the HTTP API ([`Client`]) and a table's WebSocket ([`Conn`]).

use futures_util::{SinkExt, StreamExt};
use mahjong_engine::Action;
use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use serde::de::DeserializeOwned;
use serde_json::Value;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::wire::{ApiErrorBody, ClientMsg, CreatedTable, ServerMsg};
use crate::ClientError;

/// The server's HTTP API.
#[derive(Clone, Debug)]
pub struct Client {
    base: String,
    http: reqwest::Client,
}

impl Client {
    /// A client of the server at `base` (`http://HOST:PORT`), taken as it is.
    pub fn new(base: &str) -> Client {
        Client {
            base: base.trim_end_matches('/').to_string(),
            http: reqwest::Client::new(),
        }
    }

    /// A client of the server a user named: `http://HOST:PORT`, with or without a path, or
    /// just `HOST:PORT`. Other schemes are refused (the server speaks plain HTTP).
    pub fn for_server(server: &str) -> Result<Client, ClientError> {
        Ok(Client::new(&server_base(server)?))
    }

    /// The base URL.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// `GET path` → status and body text.
    pub async fn get(&self, path: &str) -> Result<(u16, String), ClientError> {
        self.send(self.http.get(self.url(path))).await
    }

    /// `POST path` with a JSON body → status and body text.
    pub async fn post(&self, path: &str, body: &Value) -> Result<(u16, String), ClientError> {
        self.send(self.http.post(self.url(path)).json(body)).await
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
        let req = self.http.post(self.url(path)).bearer_auth(token).json(body);
        self.send(req).await
    }

    /// `GET path`, expecting 200 and JSON.
    pub async fn get_json(&self, path: &str) -> Result<Value, ClientError> {
        let (status, body) = self.get(path).await?;
        answer(status, body, 200)
    }

    /// Creates a table (`POST /api/tables`, `docs/api.md`).
    pub async fn create_table(&self, request: &Value) -> Result<CreatedTable, ClientError> {
        let (status, body) = self.post("/api/tables", request).await?;
        answer(status, body, 201)
    }

    /// Opens a table's WebSocket, as a seat (with its token) or a spectator.
    pub async fn connect(&self, table: &str, token: Option<&str>) -> Result<Conn, ClientError> {
        let (ws, _) = tokio_tungstenite::connect_async_with_config(
            ws_url(&self.base, table, token),
            None,
            true,
        )
        .await?;
        Ok(Conn { ws })
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    async fn send(&self, req: reqwest::RequestBuilder) -> Result<(u16, String), ClientError> {
        let r = req.send().await?;
        let status = r.status().as_u16();
        Ok((status, r.text().await?))
    }
}

/// The body as JSON of type `T` when the status is `want`; otherwise the server's error.
fn answer<T: DeserializeOwned>(status: u16, body: String, want: u16) -> Result<T, ClientError> {
    if status != want {
        let message = serde_json::from_str::<ApiErrorBody>(&body)
            .map(|e| e.error.text())
            .unwrap_or_else(|_| body.trim().to_string());
        return Err(ClientError::Status { status, message });
    }
    serde_json::from_str(&body).map_err(|e| ClientError::Protocol(format!("{e}: {body}")))
}

/// `http://HOST` of what a user named as the server (see [`Client::for_server`]).
fn server_base(server: &str) -> Result<String, ClientError> {
    let bad = || ClientError::BadUrl(server.to_string());
    let rest = match server.split_once("://") {
        Some(("http", rest)) => rest,
        Some(_) => return Err(bad()),
        None => server,
    };
    let host = rest.split('/').next().unwrap_or(rest);
    if host.is_empty() {
        return Err(bad());
    }
    Ok(format!("http://{host}"))
}

/// A table's WebSocket URL on the server at `base` (`http://HOST`).
fn ws_url(base: &str, table: &str, token: Option<&str>) -> String {
    let ws_base = base.replacen("http", "ws", 1);
    let mut url = format!("{ws_base}/api/tables/{}/ws", encode(table));
    if let Some(t) = token {
        url.push_str("?token=");
        url.push_str(&encode(t));
    }
    url
}

/// Everything but RFC 3986's unreserved characters.
const RESERVED: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

/// Percent-encodes a path segment or query value.
fn encode(s: &str) -> String {
    utf8_percent_encode(s, RESERVED).to_string()
}

/// A join link (`http://HOST:PORT/table/ID?token=T`, the `join_url` of a seat on its
/// server) split into the server's base, the table and the token.
pub fn parse_join_link(link: &str) -> Option<(String, String, String)> {
    let base = server_base(link).ok()?;
    let rest = link.split_once("/table/")?.1;
    let (id, query) = rest.split_once('?')?;
    let token = query.split('&').find_map(|kv| kv.strip_prefix("token="))?;
    (!id.is_empty() && !token.is_empty()).then(|| (base, id.to_string(), token.to_string()))
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

    /// Sends a message.
    pub async fn send(&mut self, msg: &ClientMsg) -> Result<(), ClientError> {
        let text = serde_json::to_string(msg).expect("client messages serialize");
        self.send_text(&text).await
    }

    /// Sends an action.
    pub async fn act(&mut self, action: Action) -> Result<(), ClientError> {
        self.send(&ClientMsg::act(action, None)).await
    }

    /// Sends an action with an id, echoed as `ack` in the resulting `state`.
    pub async fn act_with_id(&mut self, action: Action, id: u64) -> Result<(), ClientError> {
        self.send(&ClientMsg::act(action, Some(id))).await
    }

    /// The next text message, `None` when the connection is closed.
    pub async fn recv_text(&mut self) -> Result<Option<String>, ClientError> {
        Ok(self.recv_frame().await?.and_then(|f| match f {
            Frame::Text(t) => Some(t),
            Frame::Closed(_) => None,
        }))
    }

    /// The next text message or the close frame's reason; `None` when the stream ended
    /// without one.
    pub(crate) async fn recv_frame(&mut self) -> Result<Option<Frame>, ClientError> {
        while let Some(m) = self.ws.next().await {
            match m? {
                Message::Text(t) => return Ok(Some(Frame::Text(t.to_string()))),
                Message::Close(f) => {
                    return Ok(Some(Frame::Closed(
                        f.map(|f| f.reason.to_string()).unwrap_or_default(),
                    )))
                }
                _ => continue,
            }
        }
        Ok(None)
    }

    /// The next message, with a `state`'s view read as [`Value`]; `None` when the
    /// connection is closed.
    pub async fn recv(&mut self) -> Result<Option<ServerMsg>, ClientError> {
        self.recv_as().await
    }

    /// The next message, with a `state`'s view read as `V` (a seat's
    /// [`mahjong_engine::SeatView`]); `None` when the connection is closed.
    pub async fn recv_as<V: DeserializeOwned>(
        &mut self,
    ) -> Result<Option<ServerMsg<V>>, ClientError> {
        match self.recv_text().await? {
            None => Ok(None),
            Some(t) => parse(&t).map(Some),
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// A text message or a close (with its reason, possibly empty).
pub(crate) enum Frame {
    Text(String),
    Closed(String),
}

/// A server message from its text.
pub(crate) fn parse<V: DeserializeOwned>(text: &str) -> Result<ServerMsg<V>, ClientError> {
    serde_json::from_str(text).map_err(|e| ClientError::Protocol(format!("{e}: {text}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_urls() {
        assert_eq!(
            Client::for_server("http://127.0.0.1:8080/").unwrap().base(),
            "http://127.0.0.1:8080"
        );
        assert_eq!(
            Client::for_server("localhost:9").unwrap().base(),
            "http://localhost:9"
        );
        assert!(matches!(
            Client::for_server("https://example.org"),
            Err(ClientError::BadUrl(_))
        ));
        assert_eq!(
            ws_url("http://h:1", "a b/c", Some("t")),
            "ws://h:1/api/tables/a%20b%2Fc/ws?token=t"
        );
        assert_eq!(
            parse_join_link("http://127.0.0.1:8080/table/abc?token=9f0c"),
            Some((
                "http://127.0.0.1:8080".to_string(),
                "abc".to_string(),
                "9f0c".to_string()
            ))
        );
        assert_eq!(parse_join_link("http://127.0.0.1:8080/"), None);
    }
}
