//! The client for synchronous front ends: the HTTP API on a small runtime of its own, and
//! a seat whose connection lives on a thread of its own. Not for use inside a tokio
//! runtime (it blocks on one).

use std::sync::mpsc as std_mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

use mahjong_engine::SeatView;
use serde_json::Value;
use tokio::runtime::Runtime;
use tokio::sync::mpsc;

use crate::client::{parse, Frame};
use crate::wire::{ClientMsg, CreatedTable, ServerMsg};
use crate::{ClientError, Conn};

/// How long an HTTP call or the welcome may take.
const ANSWER_WITHIN: Duration = Duration::from_secs(15);
/// Attempts to reconnect a dropped seat before giving up.
pub const RECONNECTS: u32 = 5;

fn runtime() -> Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime")
}

async fn within<T>(
    f: impl std::future::Future<Output = Result<T, ClientError>>,
) -> Result<T, ClientError> {
    tokio::time::timeout(ANSWER_WITHIN, f)
        .await
        .unwrap_or(Err(ClientError::Timeout(ANSWER_WITHIN.as_secs())))
}

/// The server's HTTP API, blocking.
pub struct Client {
    inner: crate::Client,
    rt: Runtime,
}

impl Client {
    /// A client of the server a user named (see [`crate::Client::for_server`]).
    pub fn for_server(server: &str) -> Result<Client, ClientError> {
        Ok(Client {
            inner: crate::Client::for_server(server)?,
            rt: runtime(),
        })
    }

    /// The base URL (`http://HOST:PORT`).
    pub fn base(&self) -> &str {
        self.inner.base()
    }

    /// `GET path` → status and body text.
    pub fn get(&self, path: &str) -> Result<(u16, String), ClientError> {
        self.rt.block_on(within(self.inner.get(path)))
    }

    /// Creates a table (`POST /api/tables`).
    pub fn create_table(&self, request: &Value) -> Result<CreatedTable, ClientError> {
        self.rt.block_on(within(self.inner.create_table(request)))
    }

    /// Takes seat `token` at `table`: see [`Seat`].
    pub fn join(&self, table: &str, token: &str) -> Result<Seat, ClientError> {
        Seat::join(self.inner.clone(), table, token)
    }
}

/// What a [`Seat`] reports, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum SeatEvent {
    /// A server message; after a reconnection the welcome, the hand's history and the state
    /// come again.
    Msg(ServerMsg<Box<SeatView>>),
    /// A server message this client cannot read.
    Unreadable(String),
    /// A message could not be sent.
    SendFailed(String),
    /// The connection dropped (why); attempt `attempt` of [`RECONNECTS`] follows.
    Reconnecting {
        /// Why it dropped.
        why: String,
        /// From 1.
        attempt: u32,
    },
    /// Connected again.
    Reconnected,
    /// The connection ended for good (why); nothing follows.
    Closed(String),
}

/// A seat at a table: a thread holds its WebSocket, sends what [`Seat::send`] queues and
/// reports every message as a [`SeatEvent`]. When the connection drops before the game is
/// over it reconnects with the seat's token. Dropping the seat closes the connection.
pub struct Seat {
    seat: usize,
    out: Option<mpsc::UnboundedSender<ClientMsg>>,
    events: std_mpsc::Receiver<SeatEvent>,
    worker: Option<JoinHandle<()>>,
}

impl Seat {
    /// Connects with the seat's `token` and waits for the welcome (which is the first
    /// event). A token that is no seat's is refused: spectators read with [`Conn`].
    pub fn join(client: crate::Client, table: &str, token: &str) -> Result<Seat, ClientError> {
        let (out_tx, out_rx) = mpsc::unbounded_channel();
        let (ev_tx, ev_rx) = std_mpsc::channel();
        let (ready_tx, ready_rx) = std_mpsc::sync_channel(1);
        let (table, token) = (table.to_string(), token.to_string());
        let worker = std::thread::spawn(move || {
            runtime().block_on(async move {
                let first = within(seated(&client, &table, &token, &ev_tx)).await;
                let (conn, seat) = match first {
                    Ok(c) => c,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                let _ = ready_tx.send(Ok(seat));
                hold(conn, &client, &table, &token, out_rx, &ev_tx).await;
            })
        });
        let seat = match ready_rx.recv() {
            Ok(Ok(seat)) => seat,
            Ok(Err(e)) => return Err(e),
            Err(_) => return Err(ClientError::Protocol("the seat's thread ended".into())),
        };
        Ok(Seat {
            seat,
            out: Some(out_tx),
            events: ev_rx,
            worker: Some(worker),
        })
    }

    /// The seat the token holds.
    pub fn seat(&self) -> usize {
        self.seat
    }

    /// Queues a message; `false` when the connection has ended.
    pub fn send(&self, msg: ClientMsg) -> bool {
        self.out.as_ref().is_some_and(|o| o.send(msg).is_ok())
    }

    /// The events so far, without waiting.
    pub fn try_events(&self) -> impl Iterator<Item = SeatEvent> + '_ {
        self.events.try_iter()
    }

    /// The next event, waiting at most `wait`.
    pub fn next_event(&self, wait: Duration) -> Option<SeatEvent> {
        self.events.recv_timeout(wait).ok()
    }
}

impl Drop for Seat {
    fn drop(&mut self) {
        // Closing the queue tells the thread to close the connection and end.
        self.out = None;
        if let Some(w) = self.worker.take() {
            let _ = w.join();
        }
    }
}

/// Connects and reads up to the welcome, reporting each message: the connection and the seat.
async fn seated(
    client: &crate::Client,
    table: &str,
    token: &str,
    events: &std_mpsc::Sender<SeatEvent>,
) -> Result<(Conn, usize), ClientError> {
    let mut conn = client.connect(table, Some(token)).await?;
    loop {
        let text = match conn.recv_frame().await? {
            Some(Frame::Text(t)) => t,
            Some(Frame::Closed(_)) | None => {
                return Err(ClientError::Protocol("closed before the welcome".into()))
            }
        };
        let msg: ServerMsg<Box<SeatView>> = parse(&text)?;
        let seat = match &msg {
            ServerMsg::Welcome { seat: Some(s), .. } => Some(*s),
            ServerMsg::Welcome { seat: None, .. } => {
                return Err(ClientError::Refused(
                    "the token is no seat's (spectating is for the browser)".into(),
                ))
            }
            ServerMsg::Error { code, message, .. } => {
                return Err(ClientError::Refused(format!("{code}: {message}")))
            }
            _ => None,
        };
        let _ = events.send(SeatEvent::Msg(msg));
        if let Some(s) = seat {
            return Ok((conn, s));
        }
    }
}

/// Sends what is queued and reports what comes until the queue closes or the connection
/// is lost for good.
async fn hold(
    mut conn: Conn,
    client: &crate::Client,
    table: &str,
    token: &str,
    mut out: mpsc::UnboundedReceiver<ClientMsg>,
    events: &std_mpsc::Sender<SeatEvent>,
) {
    let mut finished = false;
    loop {
        let dropped = tokio::select! {
            msg = out.recv() => match msg {
                Some(m) => {
                    if let Err(e) = conn.send(&m).await {
                        let _ = events.send(SeatEvent::SendFailed(e.to_string()));
                    }
                    None
                }
                None => {
                    conn.close().await;
                    return;
                }
            },
            frame = conn.recv_frame() => match frame {
                Ok(Some(Frame::Text(text))) => {
                    let event = match parse::<Box<SeatView>>(&text) {
                        Ok(m) => {
                            finished |= matches!(m, ServerMsg::GameOver { .. });
                            SeatEvent::Msg(m)
                        }
                        Err(e) => SeatEvent::Unreadable(e.to_string()),
                    };
                    if events.send(event).is_err() {
                        return;
                    }
                    None
                }
                Ok(Some(Frame::Closed(reason))) if !reason.is_empty() => {
                    Some(format!("the server closed: {reason}"))
                }
                Ok(Some(Frame::Closed(_)) | None) => {
                    Some("the server closed the connection".to_string())
                }
                Err(e) => Some(e.to_string()),
            },
        };
        let Some(why) = dropped else { continue };
        // After the game is over nothing more comes: its connection may simply end.
        let again = if finished {
            None
        } else {
            reconnect(client, table, token, events, &why).await
        };
        match again {
            Some(c) => conn = c,
            None => {
                let _ = events.send(SeatEvent::Closed(why));
                return;
            }
        }
    }
}

async fn reconnect(
    client: &crate::Client,
    table: &str,
    token: &str,
    events: &std_mpsc::Sender<SeatEvent>,
    why: &str,
) -> Option<Conn> {
    for attempt in 1..=RECONNECTS {
        let _ = events.send(SeatEvent::Reconnecting {
            why: why.to_string(),
            attempt,
        });
        tokio::time::sleep(Duration::from_millis(500 * u64::from(attempt))).await;
        if let Ok((conn, _)) = within(seated(client, table, token, events)).await {
            let _ = events.send(SeatEvent::Reconnected);
            return Some(conn);
        }
    }
    None
}
