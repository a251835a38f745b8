//! A seat at a server's table through mahjong-client (`docs/protocol.md`, version 1), and
//! `POST /api/tables` (`docs/api.md`) to create a table first.
//!
//! The client's [`Seat`] holds the connection on a thread of its own and reconnects with
//! the seat's token when it drops; this module turns what it reports into [`Update`]s.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use mahjong_bots::hint::{DiscardHint, Hint};
use mahjong_client::blocking::{self, Seat, SeatEvent, RECONNECTS};
use mahjong_client::{ClientError, ClientMsg, ServerMsg};
use mahjong_engine::{Action, SeatView};
use serde_json::{json, Map, Value};

pub use mahjong_client::parse_join_link;

use crate::app::{keep_legal_discards, Command, Update};
use crate::text::{self, Lang, Msg};
use crate::Table;

/// Why a server's table could not be reached.
#[derive(Debug, thiserror::Error)]
pub enum RemoteError {
    /// The server address is not an `http://` URL.
    #[error("--server {0:?}: expected an http:// URL such as http://127.0.0.1:8080")]
    BadUrl(String),
    /// The server refused (an `error` message or an HTTP error).
    #[error("the server refused: {0}")]
    Refused(String),
    /// The server could not be reached, or broke the protocol.
    #[error("{server}: {source}")]
    Client {
        /// The server's address.
        server: String,
        /// What went wrong.
        source: ClientError,
    },
}

impl RemoteError {
    fn of(server: &str, e: ClientError) -> RemoteError {
        match e {
            ClientError::BadUrl(u) => RemoteError::BadUrl(u),
            ClientError::Refused(m) | ClientError::Status { message: m, .. } => {
                RemoteError::Refused(m)
            }
            source => RemoteError::Client {
                server: server.to_string(),
                source,
            },
        }
    }
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

/// What one server message means for the client.
fn updates_of(msg: ServerMsg<Box<SeatView>>, seat: usize, known: &mut Known) -> Vec<Update> {
    let Known {
        ruleset,
        table: table_id,
        lang,
        legal,
    } = known;
    let lang = *lang;
    let seated = |names: Vec<String>, ruleset: String, table: String, status: &str| {
        vec![
            Update::Seated {
                player: seat,
                names,
                ruleset,
                table,
            },
            Update::Waiting(status == "waiting"),
        ]
    };
    match msg {
        ServerMsg::Welcome {
            table,
            ruleset: r,
            players,
            status,
            ..
        } => {
            *ruleset = r["name"].as_str().unwrap_or_default().to_string();
            *table_id = text::tr(lang, Msg::TitleTable, &[("id", &table)]);
            let names = players.into_iter().map(|p| p.name).collect();
            seated(names, ruleset.clone(), table_id.clone(), &status)
        }
        ServerMsg::History { events, .. } => events.into_iter().map(Update::Event).collect(),
        ServerMsg::Event { event } => vec![Update::Event(event)],
        ServerMsg::State {
            view, deadline_ms, ..
        } => {
            legal.clone_from(&view.legal);
            vec![Update::State {
                view,
                time_left: deadline_ms.map(Duration::from_millis),
            }]
        }
        ServerMsg::Players { players, status } => {
            let names = players.into_iter().map(|p| p.name).collect();
            seated(names, ruleset.clone(), table_id.clone(), &status)
        }
        ServerMsg::Hint {
            shanten,
            waits,
            discards,
        } => {
            let mut hint = Hint {
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
            // The best discard among those the seat may make now.
            keep_legal_discards(&mut hint, legal);
            vec![Update::Hint {
                text: text::hint_text(&hint, lang),
                tile: hint.discards.first().map(|d| d.tile),
            }]
        }
        ServerMsg::GameOver { totals, .. } => vec![Update::GameOver { totals }],
        ServerMsg::Error { code, message, .. } => {
            vec![Update::Error(format!("{code}: {message}"))]
        }
        ServerMsg::Pong | ServerMsg::Other => vec![],
    }
}

/// What the welcome said that later messages (`players`) do not repeat, and the language
/// of the texts made here.
#[derive(Default)]
struct Known {
    ruleset: String,
    table: String,
    lang: Lang,
    /// The seat's legal actions in the last view (a hint names only legal discards).
    legal: Vec<Action>,
}

/// A seat at a server's table.
pub struct RemoteTable {
    seat: Seat,
    table: String,
    token: String,
    server: String,
    known: Known,
    pending: VecDeque<Update>,
}

impl RemoteTable {
    /// Joins table `id` at `server` with a seat's `token`.
    pub fn join(server: &str, id: &str, token: &str) -> Result<RemoteTable, RemoteError> {
        let client =
            mahjong_client::Client::for_server(server).map_err(|e| RemoteError::of(server, e))?;
        let base = client.base().to_string();
        let seat = Seat::join(client, id, token).map_err(|e| RemoteError::of(server, e))?;
        Ok(RemoteTable {
            seat,
            table: id.to_string(),
            token: token.to_string(),
            server: base,
            known: Known::default(),
            pending: VecDeque::new(),
        })
    }

    /// Creates a table (`POST /api/tables`) with the human's seat and bots, then joins it.
    pub fn create_and_join(server: &str, create: &CreateTable) -> Result<RemoteTable, RemoteError> {
        let (id, token) = create_table(server, create)?;
        RemoteTable::join(server, &id, &token)
    }

    /// The seat this client plays.
    pub fn seat(&self) -> usize {
        self.seat.seat()
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
    let fail = |e| RemoteError::of(server, e);
    let client = blocking::Client::for_server(server).map_err(fail)?;
    let table = client.create_table(&create.body()?).map_err(fail)?;
    let token = table
        .seats
        .get(create.seat)
        .and_then(|s| s.token.clone())
        .ok_or_else(|| {
            fail(ClientError::Protocol(format!(
                "answer without a token for seat {}",
                create.seat
            )))
        })?;
    Ok((table.id, token))
}

impl Table for RemoteTable {
    fn poll(&mut self, _hold: bool, _now: Instant) -> Vec<Update> {
        let mut v: Vec<Update> = self.pending.drain(..).collect();
        let seat = self.seat.seat();
        let lang = self.known.lang;
        for event in self.seat.try_events() {
            match event {
                SeatEvent::Msg(m) => v.extend(updates_of(m, seat, &mut self.known)),
                SeatEvent::Unreadable(e) => v.push(Update::Error(text::tr(
                    lang,
                    Msg::Unreadable,
                    &[("error", &e)],
                ))),
                SeatEvent::SendFailed(e) => v.push(Update::Error(text::tr(
                    lang,
                    Msg::SendFailed,
                    &[("error", &e)],
                ))),
                SeatEvent::Reconnecting { why, attempt } => v.push(Update::Notice(text::tr(
                    lang,
                    Msg::Reconnecting,
                    &[("why", &why), ("attempt", &attempt), ("max", &RECONNECTS)],
                ))),
                SeatEvent::Reconnected => {
                    v.push(Update::Notice(text::tr(lang, Msg::Reconnected, &[])))
                }
                SeatEvent::Closed(why) => v.push(Update::Closed(why)),
            }
        }
        v
    }

    fn send(&mut self, command: Command, _now: Instant) {
        let msg = match command {
            Command::Act(a) => ClientMsg::act(a, None),
            Command::Hint => ClientMsg::hint(),
            Command::Quit => return,
        };
        if !self.seat.send(msg) {
            let closed = text::tr(self.known.lang, Msg::ConnectionClosed, &[]);
            self.pending.push_back(Update::Error(closed));
        }
    }

    fn set_lang(&mut self, lang: Lang) {
        self.known.lang = lang;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mahjong_engine::Event;

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
        let m: ServerMsg<Box<SeatView>> = serde_json::from_str(
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
        let m: ServerMsg<Box<SeatView>> = serde_json::from_str(
            r#"{"type":"error","v":1,"code":"illegal","message":"player 0 may not Pung now"}"#,
        )
        .unwrap();
        assert_eq!(
            updates_of(m, 0, &mut r),
            vec![Update::Error(
                "illegal: player 0 may not Pung now".to_string()
            )]
        );
        let m: ServerMsg<Box<SeatView>> = serde_json::from_str(r#"{"type":"pong","v":1}"#).unwrap();
        assert!(updates_of(m, 0, &mut r).is_empty());
        let m: ServerMsg<Box<SeatView>> = serde_json::from_str(
            r#"{"type":"event","v":1,"event":{"type":"discard","player":2,"tile":"5D"}}"#,
        )
        .unwrap();
        assert_eq!(
            updates_of(m, 0, &mut r),
            vec![Update::Event(Event::Discard {
                player: 2,
                tile: "5D".parse().unwrap(),
                call: false,
                calling: false,
            })]
        );
    }
}
