//! A seat at a server's table: the WebSocket protocol of `docs/protocol.md` (version 1),
//! and `POST /api/tables` (`docs/api.md`) to create a table first.
//!
//! A thread owns the socket: it sends what the client queued and turns every server
//! message into [`Update`]s. When the connection drops it reconnects with the seat's token
//! (the server then sends the welcome, the hand's history and the state again).

use std::collections::VecDeque;
use std::io::ErrorKind;
use std::net::TcpStream;
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use mahjong_bots::hint::{DiscardHint, Hint};
use mahjong_engine::{Event, SeatView};
use mahjong_tiles::Tile;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

use crate::app::{Command, Update};
use crate::Table;

/// Why a server's table could not be reached.
#[derive(Debug, thiserror::Error)]
pub enum RemoteError {
    /// The server address is not an `http://` URL.
    #[error("--server {0:?}: expected an http:// URL such as http://127.0.0.1:8080")]
    BadUrl(String),
    /// The HTTP request failed.
    #[error("{url}: {message}")]
    Http {
        /// The request's URL.
        url: String,
        /// What went wrong.
        message: String,
    },
    /// The server refused (an `error` message or an HTTP error).
    #[error("the server refused: {0}")]
    Refused(String),
    /// The WebSocket could not be opened or broke before the welcome.
    #[error("{url}: {message}")]
    Socket {
        /// The WebSocket URL (token left out).
        url: String,
        /// What went wrong.
        message: String,
    },
}

/// What `POST /api/tables` asks for when no table is given.
#[derive(Clone, Debug, PartialEq)]
pub struct CreateTable {
    /// A preset name.
    pub ruleset: String,
    /// Option overrides by name.
    pub options: Map<String, Value>,
    /// Number of seats of the ruleset.
    pub seats: usize,
    /// The human's seat.
    pub seat: usize,
    /// Bots for the other seats, in seat order (one name for all, or one per seat).
    pub bots: Vec<String>,
    /// The game's seed (the server picks one when absent).
    pub seed: Option<u64>,
    /// End the game after this many hands.
    pub max_hands: Option<u32>,
    /// The server's bots wait this long before acting.
    pub bot_delay_ms: u64,
    /// The human's display name.
    pub name: Option<String>,
}

impl CreateTable {
    /// The request body of `POST /api/tables`.
    pub fn body(&self) -> Result<Value, RemoteError> {
        let others = self.seats.saturating_sub(1);
        let bots: Vec<&str> = match self.bots.len() {
            0 => vec!["greedy"; others],
            1 => vec![self.bots[0].as_str(); others],
            n if n == others => self.bots.iter().map(String::as_str).collect(),
            n => {
                return Err(RemoteError::Refused(format!(
                    "--bots: {n} names for {others} other seats"
                )))
            }
        };
        if self.seat >= self.seats {
            return Err(RemoteError::Refused(format!(
                "--seat {}: the table has seats 0 to {}",
                self.seat,
                self.seats - 1
            )));
        }
        let mut bots = bots.into_iter();
        let seats: Vec<&str> = (0..self.seats)
            .map(|p| {
                if p == self.seat {
                    "human"
                } else {
                    bots.next().unwrap_or("greedy")
                }
            })
            .collect();
        let mut body = json!({
            "ruleset": self.ruleset,
            "options": self.options,
            "seats": seats,
            "bot_delay_ms": self.bot_delay_ms,
        });
        if let Some(s) = self.seed {
            body["seed"] = json!(s);
        }
        if let Some(m) = self.max_hands {
            body["max_hands"] = json!(m);
        }
        if let Some(n) = &self.name {
            let mut names = vec![Value::Null; self.seats];
            names[self.seat] = json!(n);
            body["names"] = Value::Array(names);
        }
        Ok(body)
    }
}

/// Where to connect: the server's base (`http://host:port`) as a WebSocket base.
fn ws_base(server: &str) -> Result<(String, String), RemoteError> {
    let s = server.trim_end_matches('/');
    let (http, rest) = if let Some(r) = s.strip_prefix("http://") {
        ("http://", r)
    } else if s.contains("://") {
        return Err(RemoteError::BadUrl(server.to_string()));
    } else {
        ("http://", s)
    };
    if rest.is_empty() {
        return Err(RemoteError::BadUrl(server.to_string()));
    }
    let host = rest.split('/').next().unwrap_or(rest);
    Ok((format!("{http}{host}"), format!("ws://{host}")))
}

/// A join link (`http://host:port/table/ID?token=T`) split into server, table and token.
pub fn parse_join_link(link: &str) -> Option<(String, String, String)> {
    let (base, _) = ws_base(link).ok()?;
    let rest = link.split_once("/table/")?.1;
    let (id, query) = rest.split_once('?')?;
    let token = query
        .split('&')
        .find_map(|kv| kv.strip_prefix("token="))?
        .to_string();
    (!id.is_empty() && !token.is_empty()).then(|| (base, id.to_string(), token))
}

fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[derive(Deserialize)]
struct PlayerInfo {
    name: String,
}

#[derive(Deserialize)]
struct RulesetInfo {
    name: String,
}

#[derive(Deserialize)]
struct HintDiscard {
    tile: Tile,
    shanten: i32,
    useful: u32,
}

/// A server message (`docs/protocol.md`); fields the client does not use are skipped.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum ServerMsg {
    Welcome {
        table: String,
        seat: Option<usize>,
        ruleset: RulesetInfo,
        players: Vec<PlayerInfo>,
        status: String,
    },
    History {
        events: Vec<Event>,
    },
    Event {
        event: Event,
    },
    State {
        view: Box<SeatView>,
        deadline_ms: Option<u64>,
    },
    Players {
        players: Vec<PlayerInfo>,
        status: String,
    },
    Hint {
        shanten: i32,
        #[serde(default)]
        waits: Vec<Tile>,
        #[serde(default)]
        discards: Vec<HintDiscard>,
    },
    GameOver {
        totals: Vec<i64>,
    },
    Error {
        code: String,
        message: String,
    },
    #[serde(other)]
    Other,
}

fn status_notice(status: &str) -> Option<Update> {
    Some(Update::Waiting(status == "waiting"))
}

/// What one server message means for the client.
fn updates_of(msg: ServerMsg, seat: usize, known: &mut Known) -> Vec<Update> {
    let Known {
        ruleset,
        table: table_id,
    } = known;
    match msg {
        ServerMsg::Welcome {
            table,
            ruleset: r,
            players,
            status,
            ..
        } => {
            ruleset.clone_from(&r.name);
            *table_id = format!("table {table}");
            let mut v = vec![Update::Seated {
                player: seat,
                names: players.into_iter().map(|p| p.name).collect(),
                ruleset: r.name,
                table: table_id.clone(),
            }];
            v.extend(status_notice(&status));
            v
        }
        ServerMsg::History { events } => events.into_iter().map(Update::Event).collect(),
        ServerMsg::Event { event } => vec![Update::Event(event)],
        ServerMsg::State { view, deadline_ms } => vec![Update::State {
            view,
            time_left: deadline_ms.map(Duration::from_millis),
        }],
        ServerMsg::Players { players, status } => {
            let mut v = vec![Update::Seated {
                player: seat,
                names: players.into_iter().map(|p| p.name).collect(),
                ruleset: ruleset.clone(),
                table: table_id.clone(),
            }];
            v.extend(status_notice(&status));
            v
        }
        ServerMsg::Hint {
            shanten,
            waits,
            discards,
        } => {
            let hint = Hint {
                shanten: shanten.clamp(-1, 99) as i8,
                waits,
                discards: discards
                    .iter()
                    .map(|d| DiscardHint {
                        tile: d.tile,
                        shanten: d.shanten.clamp(-1, 99) as i8,
                        useful: d.useful,
                    })
                    .collect(),
            };
            let text = hint.text();
            vec![Update::Hint {
                text,
                tile: discards.first().map(|d| d.tile),
            }]
        }
        ServerMsg::GameOver { totals } => vec![Update::GameOver { totals }],
        ServerMsg::Error { code, message } => vec![Update::Error(format!("{code}: {message}"))],
        ServerMsg::Other => vec![],
    }
}

/// What the welcome said that later messages (`players`) do not repeat.
#[derive(Default)]
struct Known {
    ruleset: String,
    table: String,
}

type Socket = WebSocket<MaybeTlsStream<TcpStream>>;

fn connect(url: &str, shown: &str) -> Result<Socket, RemoteError> {
    let (ws, _) = tungstenite::connect(url).map_err(|e| RemoteError::Socket {
        url: shown.to_string(),
        message: e.to_string(),
    })?;
    Ok(ws)
}

fn set_timeout(ws: &Socket, t: Option<Duration>) {
    if let MaybeTlsStream::Plain(s) = ws.get_ref() {
        let _ = s.set_read_timeout(t);
    }
}

/// Reads messages until the welcome: the seat (a spectator's `null` is refused) and the
/// messages read so far.
fn await_welcome(ws: &mut Socket, shown: &str) -> Result<(usize, Vec<ServerMsg>), RemoteError> {
    set_timeout(ws, Some(Duration::from_secs(10)));
    let fail = |message: String| RemoteError::Socket {
        url: shown.to_string(),
        message,
    };
    loop {
        let msg = ws.read().map_err(|e| fail(e.to_string()))?;
        let Message::Text(text) = msg else {
            if let Message::Close(_) = msg {
                return Err(fail("closed before the welcome".to_string()));
            }
            continue;
        };
        let parsed: ServerMsg = serde_json::from_str(text.as_str())
            .map_err(|e| fail(format!("unexpected message: {e}")))?;
        match parsed {
            ServerMsg::Welcome { seat: Some(s), .. } => return Ok((s, vec![parsed])),
            ServerMsg::Welcome { seat: None, .. } => {
                return Err(RemoteError::Refused(
                    "the token is no seat's (spectating is for the browser)".to_string(),
                ))
            }
            ServerMsg::Error { code, message } => {
                return Err(RemoteError::Refused(format!("{code}: {message}")))
            }
            _ => {}
        }
    }
}

/// A seat at a server's table.
pub struct RemoteTable {
    seat: usize,
    table: String,
    token: String,
    server: String,
    out: Sender<String>,
    updates: Receiver<Update>,
    pending: VecDeque<Update>,
    worker: Option<JoinHandle<()>>,
}

impl RemoteTable {
    /// Joins table `id` at `server` with a seat's `token`.
    pub fn join(server: &str, id: &str, token: &str) -> Result<RemoteTable, RemoteError> {
        let (base, ws) = ws_base(server)?;
        let url = format!("{ws}/api/tables/{}/ws?token={}", encode(id), encode(token));
        let shown = format!("{ws}/api/tables/{id}/ws");
        let mut socket = connect(&url, &shown)?;
        let (seat, first) = await_welcome(&mut socket, &shown)?;
        let mut known = Known::default();
        let mut pending = VecDeque::new();
        for m in first {
            pending.extend(updates_of(m, seat, &mut known));
        }
        let (out_tx, out_rx) = mpsc::channel::<String>();
        let (up_tx, up_rx) = mpsc::channel::<Update>();
        let worker = std::thread::spawn(move || {
            socket_loop(socket, url, shown, seat, known, out_rx, up_tx);
        });
        Ok(RemoteTable {
            seat,
            table: id.to_string(),
            token: token.to_string(),
            server: base,
            out: out_tx,
            updates: up_rx,
            pending,
            worker: Some(worker),
        })
    }

    /// Creates a table (`POST /api/tables`) with the human's seat and bots, then joins it.
    pub fn create_and_join(server: &str, create: &CreateTable) -> Result<RemoteTable, RemoteError> {
        let (id, token) = create_table(server, create)?;
        RemoteTable::join(server, &id, &token)
    }

    /// The seat this client plays.
    pub fn seat(&self) -> usize {
        self.seat
    }

    /// The table's id (the game's id once it is recorded).
    pub fn table_id(&self) -> &str {
        &self.table
    }

    /// How to come back to this seat: `--server URL --table ID --token T`.
    pub fn rejoin_args(&self) -> String {
        format!(
            "--server {} --table {} --token {}",
            self.server, self.table, self.token
        )
    }
}

/// `POST /api/tables`: the new table's id and the human seat's token.
pub fn create_table(server: &str, create: &CreateTable) -> Result<(String, String), RemoteError> {
    let (base, _) = ws_base(server)?;
    let url = format!("{base}/api/tables");
    let body = create.body()?.to_string();
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(15)))
        .build()
        .into();
    let http = |message: String| RemoteError::Http {
        url: url.clone(),
        message,
    };
    let mut resp = agent
        .post(&url)
        .header("content-type", "application/json")
        .send(body.as_bytes())
        .map_err(|e| http(e.to_string()))?;
    let status = resp.status().as_u16();
    let text = resp
        .body_mut()
        .read_to_string()
        .map_err(|e| http(e.to_string()))?;
    let v: Value = serde_json::from_str(&text)
        .map_err(|_| http(format!("status {status}, not JSON: {}", text.trim())))?;
    if status != 201 && status != 200 {
        let msg = match (v["error"]["path"].as_str(), v["error"]["message"].as_str()) {
            (Some(p), Some(m)) if !p.is_empty() => format!("{p}: {m}"),
            (_, Some(m)) => m.to_string(),
            _ => format!("status {status}: {}", text.trim()),
        };
        return Err(RemoteError::Refused(msg));
    }
    let id = v["id"]
        .as_str()
        .ok_or_else(|| http("answer without an id".to_string()))?;
    let token = v["seats"]
        .as_array()
        .and_then(|s| s.get(create.seat))
        .and_then(|s| s["token"].as_str())
        .ok_or_else(|| http(format!("answer without a token for seat {}", create.seat)))?;
    Ok((id.to_string(), token.to_string()))
}

/// How often the socket thread looks at the client's queue while no message comes.
const TICK: Duration = Duration::from_millis(20);
/// Attempts to reconnect before giving up.
const RECONNECTS: u32 = 5;

fn socket_loop(
    mut ws: Socket,
    url: String,
    shown: String,
    seat: usize,
    mut known: Known,
    out: Receiver<String>,
    updates: Sender<Update>,
) {
    set_timeout(&ws, Some(TICK));
    let mut finished = false;
    loop {
        // Everything the client queued goes out first.
        loop {
            match out.try_recv() {
                Ok(text) => {
                    if let Err(e) = ws.send(Message::text(text)) {
                        let _ = updates.send(Update::Error(format!("send: {e}")));
                    }
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    let _ = ws.close(None);
                    let _ = ws.flush();
                    return;
                }
            }
        }
        let dropped = match ws.read() {
            Ok(Message::Text(text)) => {
                match serde_json::from_str::<ServerMsg>(text.as_str()) {
                    Ok(m) => {
                        finished |= matches!(m, ServerMsg::GameOver { .. });
                        for u in updates_of(m, seat, &mut known) {
                            if updates.send(u).is_err() {
                                return;
                            }
                        }
                    }
                    Err(e) => {
                        let _ = updates.send(Update::Error(format!(
                            "a server message the client cannot read: {e}"
                        )));
                    }
                }
                None
            }
            Ok(Message::Close(frame)) => Some(match frame {
                Some(f) if !f.reason.is_empty() => format!("the server closed: {}", f.reason),
                _ => "the server closed the connection".to_string(),
            }),
            Ok(_) => None,
            Err(tungstenite::Error::Io(e))
                if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) =>
            {
                None
            }
            Err(e) => Some(e.to_string()),
        };
        if let Some(why) = dropped {
            if finished {
                // Nothing more to come: a finished game's connection may simply end.
                let _ = updates.send(Update::Closed(why));
                return;
            }
            match reconnect(&url, &shown, &updates, &why) {
                Some(new) => {
                    ws = new;
                    set_timeout(&ws, Some(TICK));
                }
                None => {
                    let _ = updates.send(Update::Closed(why));
                    return;
                }
            }
        }
    }
}

fn reconnect(url: &str, shown: &str, updates: &Sender<Update>, why: &str) -> Option<Socket> {
    for attempt in 1..=RECONNECTS {
        let _ = updates.send(Update::Notice(format!(
            "connection lost ({why}); reconnecting ({attempt}/{RECONNECTS})…"
        )));
        std::thread::sleep(Duration::from_millis(500 * u64::from(attempt)));
        if let Ok(mut ws) = connect(url, shown) {
            // The server starts again with the welcome: the full view comes back.
            if let Ok((seat, first)) = await_welcome(&mut ws, shown) {
                let mut known = Known::default();
                for m in first {
                    for u in updates_of(m, seat, &mut known) {
                        let _ = updates.send(u);
                    }
                }
                let _ = updates.send(Update::Notice("reconnected".to_string()));
                return Some(ws);
            }
        }
    }
    None
}

impl Table for RemoteTable {
    fn poll(&mut self, _hold: bool, _now: Instant) -> Vec<Update> {
        let mut v: Vec<Update> = self.pending.drain(..).collect();
        v.extend(self.updates.try_iter());
        v
    }

    fn send(&mut self, command: Command, _now: Instant) {
        let msg = match command {
            Command::Act(a) => json!({"type": "act", "v": 1, "action": a}),
            Command::Hint => json!({"type": "hint", "v": 1}),
            Command::Quit => return,
        };
        if self.out.send(msg.to_string()).is_err() {
            self.pending
                .push_back(Update::Error("the connection is closed".to_string()));
        }
    }
}

impl Drop for RemoteTable {
    fn drop(&mut self) {
        // Closing the queue tells the socket thread to close the connection and end.
        let (dead, _) = mpsc::channel();
        self.out = dead;
        if let Some(w) = self.worker.take() {
            let _ = w.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_urls() {
        assert_eq!(
            ws_base("http://127.0.0.1:8080/").unwrap(),
            (
                "http://127.0.0.1:8080".to_string(),
                "ws://127.0.0.1:8080".to_string()
            )
        );
        assert_eq!(
            ws_base("localhost:9").unwrap().1,
            "ws://localhost:9".to_string()
        );
        assert!(matches!(
            ws_base("https://example.org"),
            Err(RemoteError::BadUrl(_))
        ));
        assert_eq!(
            parse_join_link("http://127.0.0.1:8080/table/abc?token=9f0c"),
            Some((
                "http://127.0.0.1:8080".to_string(),
                "abc".to_string(),
                "9f0c".to_string()
            ))
        );
        assert_eq!(parse_join_link("http://127.0.0.1:8080/"), None);
        assert_eq!(encode("a b/c"), "a%20b%2Fc");
    }

    #[test]
    fn create_body_puts_the_human_and_bots_in_their_seats() {
        let c = CreateTable {
            ruleset: "millington".into(),
            options: Map::new(),
            seats: 4,
            seat: 2,
            bots: vec!["random".into(), "greedy".into(), "random".into()],
            seed: Some(9),
            max_hands: Some(2),
            bot_delay_ms: 250,
            name: Some("Ann".into()),
        };
        assert_eq!(
            c.body().unwrap(),
            json!({"ruleset":"millington","options":{},"seats":["random","greedy","human","random"],
                   "bot_delay_ms":250,"seed":9,"max_hands":2,"names":[null,null,"Ann",null]})
        );
        let bad = CreateTable {
            bots: vec!["a".into(), "b".into()],
            ..c
        };
        assert!(bad.body().is_err());
    }

    #[test]
    fn server_messages_become_updates() {
        let mut r = Known::default();
        let m: ServerMsg = serde_json::from_str(
            r#"{"type":"hint","v":1,"shanten":1,"waits":[],"discards":[{"tile":"9D","shanten":1,"useful":12}]}"#,
        )
        .unwrap();
        assert_eq!(
            updates_of(m, 0, &mut r),
            vec![Update::Hint {
                text: "1 from ready · best discard 9D (then 1 from ready, 12 useful tiles)"
                    .to_string(),
                tile: Some("9D".parse().unwrap())
            }]
        );
        let m: ServerMsg = serde_json::from_str(
            r#"{"type":"error","v":1,"code":"illegal","message":"player 0 may not Pung now"}"#,
        )
        .unwrap();
        assert_eq!(
            updates_of(m, 0, &mut r),
            vec![Update::Error(
                "illegal: player 0 may not Pung now".to_string()
            )]
        );
        let m: ServerMsg = serde_json::from_str(r#"{"type":"pong","v":1}"#).unwrap();
        assert!(updates_of(m, 0, &mut r).is_empty());
        let m: ServerMsg = serde_json::from_str(
            r#"{"type":"event","v":1,"event":{"type":"discard","player":2,"tile":"5D"}}"#,
        )
        .unwrap();
        assert_eq!(
            updates_of(m, 0, &mut r),
            vec![Update::Event(Event::Discard {
                player: 2,
                tile: "5D".parse().unwrap(),
                call: false
            })]
        );
    }
}
