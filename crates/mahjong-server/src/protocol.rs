//! The WebSocket protocol (`docs/protocol.md`): what clients send, what the server sends,
//! and what each seat may see of an event.

use mahjong_engine::{Action, Event, SeatView};
use serde::Serialize;
use serde_json::Value;

pub use mahjong_client::wire::{PlayerInfo, PROTOCOL_VERSION};

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
    /// The client has shown the last hand's result and its player has dismissed it. A
    /// connection that sends it once is waited for at every later hand's end: the table
    /// holds the next hand (no bot moves, no timer runs) until it sends `ready` again, for
    /// at most [`crate::table::READING_LIMIT`]. Clients that never send it are not waited for.
    Ready,
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
        "ready" => Ok(ClientMsg::Ready),
        other => Err(ProtoError::new(
            "malformed",
            format!("unknown message type {other:?} (act, hint, ping, ready)"),
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
/// removed (`player`, `wind`, `drawn` null; `concealed` and `legal` empty; `furiten` false,
/// since it tells about the seat's waits).
pub fn spectator_view(view: &SeatView) -> Value {
    let mut v = serde_json::to_value(view).expect("views serialize");
    if let Value::Object(o) = &mut v {
        o.insert("player".into(), Value::Null);
        o.insert("wind".into(), Value::Null);
        o.insert("drawn".into(), Value::Null);
        o.insert("concealed".into(), Value::Array(vec![]));
        o.insert("legal".into(), Value::Array(vec![]));
        o.insert("furiten".into(), Value::Bool(false));
    }
    v
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
        assert_eq!(
            parse_client(r#"{"type":"ready","v":1}"#),
            Ok(ClientMsg::Ready)
        );
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
