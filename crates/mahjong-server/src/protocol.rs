//! The WebSocket protocol (`docs/protocol.md`): what clients send, what the server sends,
//! and what each seat may see of an event.

use mahjong_engine::{Action, Event, SeatView};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The protocol version this server speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// A message from a client, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientMsg {
    /// Play an action; `id` (a number or short string) comes back as the `ack` of the
    /// resulting `state`, or the `id` of the `error` refusing it.
    Act {
        /// The action.
        action: Action,
        /// The client's id for it.
        id: Option<Value>,
    },
    /// Ask for a hint.
    Hint,
    /// Keep-alive.
    Ping,
}

/// Why a client message was refused: an `error` message's `code` and `message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtoError {
    /// Machine-readable code (`malformed`, `illegal`, …).
    pub code: &'static str,
    /// What was wrong.
    pub message: String,
}

impl ProtoError {
    /// An error with a code and message.
    pub fn new(code: &'static str, message: impl Into<String>) -> ProtoError {
        ProtoError {
            code,
            message: message.into(),
        }
    }
}

/// Parses a client message; a refused one gets a [`ProtoError`] (never a panic).
pub fn parse_client(text: &str) -> Result<ClientMsg, ProtoError> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| ProtoError::new("malformed", format!("not JSON: {e}")))?;
    let Value::Object(obj) = value else {
        return Err(ProtoError::new("malformed", "a message is a JSON object"));
    };
    match obj.get("v") {
        None => {}
        Some(v) if v.as_u64() == Some(PROTOCOL_VERSION as u64) => {}
        Some(v) => {
            return Err(ProtoError::new(
                "version",
                format!("protocol version {v} (this server speaks {PROTOCOL_VERSION})"),
            ))
        }
    }
    let kind = match obj.get("type") {
        Some(Value::String(s)) => s.as_str(),
        Some(_) => return Err(ProtoError::new("malformed", "type: expected a string")),
        None => return Err(ProtoError::new("malformed", "missing type")),
    };
    match kind {
        "act" => {
            let action = obj
                .get("action")
                .ok_or_else(|| ProtoError::new("malformed", "act: missing action"))?;
            let action: Action = serde_json::from_value(action.clone())
                .map_err(|e| ProtoError::new("malformed", format!("action: {e}")))?;
            let id = match obj.get("id") {
                None | Some(Value::Null) => None,
                Some(v @ Value::Number(_)) => Some(v.clone()),
                Some(Value::String(s)) if s.len() <= 64 => Some(Value::String(s.clone())),
                Some(_) => {
                    return Err(ProtoError::new(
                        "malformed",
                        "id: a number or a string of at most 64 bytes",
                    ))
                }
            };
            Ok(ClientMsg::Act { action, id })
        }
        "hint" => Ok(ClientMsg::Hint),
        "ping" => Ok(ClientMsg::Ping),
        other => Err(ProtoError::new(
            "malformed",
            format!("unknown message type {other:?} (act, hint, ping)"),
        )),
    }
}

/// The form of `event` that `viewer` (a seat, or `None` for a spectator) may see, or
/// `None` when the viewer does not see it at all: other players' decisions are not sent
/// (a pass would tell that the player could have claimed).
pub fn event_for(event: &Event, viewer: Option<usize>) -> Option<Event> {
    match (event, viewer) {
        (Event::Decision { player, .. }, Some(v)) if *player == v => Some(event.clone()),
        (Event::Decision { .. }, _) => None,
        (_, Some(v)) => Some(event.redacted_for(v)),
        // No player has this number: every private tile is removed.
        (_, None) => Some(event.redacted_for(usize::MAX)),
    }
}

/// A player at the table as the protocol shows him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerInfo {
    /// Display name.
    pub name: String,
    /// `human` or the bot's name.
    pub kind: String,
    /// A client holds the seat now (bots always).
    pub connected: bool,
}

/// `state` for a seat: the view and the timer.
#[derive(Serialize)]
pub(crate) struct StateMsg<'a> {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub v: u32,
    pub view: &'a SeatView,
    pub deadline_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ack: Option<&'a Value>,
}

/// `event`.
#[derive(Serialize)]
pub(crate) struct EventMsg<'a> {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub v: u32,
    pub event: &'a Event,
}

/// The public view of a table for a spectator: a seat's view with its private parts
/// removed (`player`, `wind`, `drawn` null; `concealed` and `legal` empty).
pub fn spectator_view(view: &SeatView) -> Value {
    let mut v = serde_json::to_value(view).expect("views serialize");
    if let Value::Object(o) = &mut v {
        o.insert("player".into(), Value::Null);
        o.insert("wind".into(), Value::Null);
        o.insert("drawn".into(), Value::Null);
        o.insert("concealed".into(), Value::Array(vec![]));
        o.insert("legal".into(), Value::Array(vec![]));
    }
    v
}

/// A server message as a client reads it (tests, the load generator, other front ends).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// First message on a connection.
    Welcome {
        /// Table id.
        table: String,
        /// The client's seat (`None`: spectator).
        seat: Option<usize>,
        /// Number of seats.
        seats: usize,
        /// The ruleset.
        ruleset: Value,
        /// Who sits where.
        players: Vec<PlayerInfo>,
        /// `waiting`, `playing` or `finished`.
        status: String,
    },
    /// The current hand's events so far.
    History {
        /// Hand number.
        hand: u32,
        /// Events (redacted for the client).
        events: Vec<Event>,
    },
    /// One event.
    Event {
        /// The event (redacted for the client).
        event: Event,
    },
    /// The client's view after a change.
    State {
        /// The view (a `SeatView`, or the public view for a spectator).
        view: Value,
        /// Milliseconds left on the timer for this client.
        deadline_ms: Option<u64>,
        /// The `id` of this client's action that led to this state.
        #[serde(default)]
        ack: Option<Value>,
    },
    /// Seats connected or changed.
    Players {
        /// Who sits where.
        players: Vec<PlayerInfo>,
        /// Table status.
        status: String,
    },
    /// Answer to `hint`.
    Hint {
        /// Shanten of the held tiles.
        shanten: i32,
        /// Tiles completing a ready hand.
        waits: Vec<String>,
        /// Per discard: shanten after it and useful tiles.
        discards: Vec<Value>,
    },
    /// The game ended.
    GameOver {
        /// Final totals.
        totals: Vec<i64>,
        /// The game's id (`GET /api/games/{id}`).
        game_id: String,
    },
    /// A refused message.
    Error {
        /// Code.
        code: String,
        /// What was wrong.
        message: String,
        /// The `id` of the refused action, if it had one.
        #[serde(default)]
        id: Option<Value>,
    },
    /// Answer to `ping`.
    Pong,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_refuses() {
        assert_eq!(
            parse_client(r#"{"type":"act","v":1,"action":{"type":"pass"}}"#),
            Ok(ClientMsg::Act {
                action: Action::Pass,
                id: None
            })
        );
        assert_eq!(parse_client(r#"{"type":"ping"}"#), Ok(ClientMsg::Ping));
        assert_eq!(parse_client("[1]").unwrap_err().code, "malformed");
        assert_eq!(parse_client("{").unwrap_err().code, "malformed");
        assert_eq!(
            parse_client(r#"{"type":"ping","v":2}"#).unwrap_err().code,
            "version"
        );
        assert_eq!(
            parse_client(r#"{"type":"act","action":{"type":"discard","tile":"ZZ"}}"#)
                .unwrap_err()
                .code,
            "malformed"
        );
        assert_eq!(
            parse_client(r#"{"type":"dance"}"#).unwrap_err().code,
            "malformed"
        );
    }
}
