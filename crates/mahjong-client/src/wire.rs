//! The server's wire types (`docs/protocol.md`, `docs/api.md`) that are not the engine's
//! own: what the server sends on a table's WebSocket, what a client sends, and the tables of
//! the HTTP API. The server serializes the same types, so both sides agree by construction;
//! their TypeScript declarations are generated from them (`web/src/generated/`).

use mahjong_engine::{Action, Event};
use mahjong_tiles::Tile;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The protocol version this client and the server speak.
pub const PROTOCOL_VERSION: u32 = 1;

/// A player at the table as the protocol shows him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PlayerInfo {
    /// Display name.
    pub name: String,
    /// `human` or the bot's name.
    pub kind: String,
    /// A client holds the seat now (bots always).
    pub connected: bool,
}

/// A message to the server (the server reads `v` when present; this client always sends it).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum ClientMsg {
    /// Play an action; `id` comes back as the `ack` of the resulting `state`, or as the `id`
    /// of the `error` refusing it.
    Act {
        /// The protocol version.
        v: u32,
        /// The action.
        action: Action,
        /// The client's id for it (the server also takes a short string).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(type = "number | string"))]
        id: Option<u64>,
    },
    /// Ask for a hint.
    Hint {
        /// The protocol version.
        v: u32,
    },
    /// Keep-alive.
    Ping {
        /// The protocol version.
        v: u32,
    },
    /// The player has read the last hand's score sheet. A connection that has sent this
    /// once is waited for (at most 120 s) at each later hand's end before the next hand's
    /// bots and timers run.
    Ready {
        /// The protocol version.
        v: u32,
    },
}

impl ClientMsg {
    /// `act`, with an id or without.
    pub fn act(action: Action, id: Option<u64>) -> ClientMsg {
        ClientMsg::Act {
            v: PROTOCOL_VERSION,
            action,
            id,
        }
    }

    /// `hint`.
    pub fn hint() -> ClientMsg {
        ClientMsg::Hint {
            v: PROTOCOL_VERSION,
        }
    }
}

/// What a discard leaves, in a `hint` message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct HintDiscard {
    /// The tile to discard.
    pub tile: Tile,
    /// Tiles from ready after it.
    pub shanten: i32,
    /// Tiles that would bring the hand closer.
    pub useful: u32,
}

/// A server message. `V` is how a `state`'s view is read: [`Value`] reads every view (a
/// spectator's has no seat: `player`, `wind` and `drawn` are null), a seat may read
/// [`mahjong_engine::SeatView`] at once.
///
/// In TypeScript the view is a `SeatView` (a spectator's with the null fields above).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(concrete(V = mahjong_engine::SeatView)))]
pub enum ServerMsg<V = Value> {
    /// First message on a connection.
    Welcome {
        /// Table id.
        table: String,
        /// The client's seat (`None`: spectator).
        seat: Option<usize>,
        /// Number of seats.
        seats: usize,
        /// The ruleset (its `name`, `family` and options).
        #[cfg_attr(test, ts(type = "{ name: string, [k: string]: unknown }"))]
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
        /// The view.
        view: V,
        /// Milliseconds left on the timer for this client.
        deadline_ms: Option<u64>,
        /// The `id` of this client's action that led to this state.
        #[serde(default)]
        #[cfg_attr(test, ts(type = "number | string | null", optional))]
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
        /// Tiles from ready of the held tiles.
        shanten: i32,
        /// Tiles completing a ready hand.
        #[serde(default)]
        waits: Vec<Tile>,
        /// Per discard: tiles from ready after it and useful tiles, best first.
        #[serde(default)]
        discards: Vec<HintDiscard>,
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
        #[cfg_attr(test, ts(type = "number | string | null", optional))]
        id: Option<Value>,
    },
    /// Answer to `ping`.
    Pong,
    /// A message type this client does not know (a newer server's).
    #[serde(other)]
    #[cfg_attr(test, ts(skip))]
    Other,
}

/// One seat of a new table (`POST /api/tables`). Fields in name order: the server wrote
/// this answer as a JSON object, whose keys come out sorted, and the bytes stay the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CreatedSeat {
    /// The link that plays the seat (human seats).
    pub join_url: Option<String>,
    /// `human` or the bot's name.
    pub kind: String,
    /// Display name.
    pub name: String,
    /// An open seat: `join` hands it out.
    pub open: bool,
    /// Seat number.
    pub seat: usize,
    /// The seat's secret (human seats that are not open).
    pub token: Option<String>,
}

/// The answer to `POST /api/tables` (fields in name order, as [`CreatedSeat`]'s).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CreatedTable {
    /// The host's secret: fills waiting seats with bots, deletes the table.
    pub host_token: Option<String>,
    /// Table id.
    pub id: String,
    /// Every seat.
    pub seats: Vec<CreatedSeat>,
    /// The page that watches the table.
    pub spectate_url: String,
    /// The table's WebSocket.
    pub ws_url: String,
}

/// One seat as `GET /api/tables/{id}` shows it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SeatInfo {
    /// Seat number.
    pub seat: usize,
    /// `human` or bot name.
    pub kind: String,
    /// Display name.
    pub name: String,
    /// A client holds the seat (bots always).
    pub connected: bool,
    /// The seat is taken: its player has connected, or `join` handed it out (bots always).
    pub joined: bool,
    /// An open human seat: `join` may hand it out while nobody has taken it.
    #[serde(default)]
    pub open: bool,
}

/// A table as `GET /api/tables/{id}` shows it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TableInfo {
    /// Id.
    pub id: String,
    /// Ruleset name.
    pub ruleset: String,
    /// `waiting`, `playing`, `finished`.
    pub status: String,
    /// Hand number in play.
    pub hand: u32,
    /// Seats.
    pub seats: Vec<SeatInfo>,
    /// Cumulative totals.
    pub totals: Vec<i64>,
    /// Spectators connected.
    pub spectators: usize,
    /// Created, ms since the epoch.
    pub created_at: i64,
}

/// A seat handed out by `POST /api/tables/{id}/join`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct JoinInfo {
    /// Seat.
    pub seat: usize,
    /// Its token.
    pub token: String,
    /// Link to play it.
    pub join_url: String,
}

/// The body of every HTTP error: `{"error": {"path", "message"}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ApiErrorBody {
    /// What went wrong.
    pub error: ApiErrorDetail,
}

/// Where and what in an [`ApiErrorBody`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ApiErrorDetail {
    /// What was wrong. (Fields in name order, as [`CreatedSeat`]'s.)
    pub message: String,
    /// The offending field's path in the request (`seats[2]`), empty when it is not one
    /// field's fault.
    pub path: String,
}

impl ApiErrorDetail {
    /// `path: message`, or the message alone.
    pub fn text(&self) -> String {
        if self.path.is_empty() {
            self.message.clone()
        } else {
            format!("{}: {}", self.path, self.message)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_created_table_is_the_bytes_of_the_servers_object() {
        let seat = json!({"seat": 1, "kind": "human", "name": "Ann", "token": "t",
                          "join_url": "/table/x?token=t", "open": false});
        let table = json!({"id": "x", "seats": [seat], "spectate_url": "/table/x",
                           "ws_url": "/api/tables/x/ws", "host_token": null});
        let typed: CreatedTable = serde_json::from_value(table.clone()).unwrap();
        assert_eq!(serde_json::to_string(&typed).unwrap(), table.to_string());
        let error = json!({"error": {"path": "seats[1]", "message": "unknown bot"}});
        let typed: ApiErrorBody = serde_json::from_value(error.clone()).unwrap();
        assert_eq!(serde_json::to_string(&typed).unwrap(), error.to_string());
    }

    #[test]
    fn client_messages() {
        let a = ClientMsg::act(Action::Pass, Some(3));
        assert_eq!(
            serde_json::to_string(&a).unwrap(),
            r#"{"type":"act","v":1,"action":{"type":"pass"},"id":3}"#
        );
        assert_eq!(
            serde_json::to_string(&ClientMsg::hint()).unwrap(),
            r#"{"type":"hint","v":1}"#
        );
    }

    #[test]
    fn unknown_server_messages_are_other() {
        let m: ServerMsg = serde_json::from_str(r#"{"type":"news","v":1}"#).unwrap();
        assert_eq!(m, ServerMsg::Other);
    }
}

/// A built-in ruleset as `GET /api/rulesets` lists it: the resolved ruleset (as a game
/// record stores it) and its number of seats.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RulesetInfo {
    /// The preset's name.
    pub name: String,
    /// The preset it starts from (itself for a built-in preset).
    pub preset: String,
    /// Its family (`classical`, `western`, `korean`).
    pub family: String,
    /// Every option's value, by the public option names.
    #[cfg_attr(test, ts(type = "Record<string, unknown>"))]
    pub options: Value,
    /// Number of players.
    pub seats: usize,
    /// The tiles of its set, each kind once (red fives, bonus tiles and jokers included
    /// where the set has them), in the set's order: what a hand of this ruleset can hold.
    pub tiles: Vec<Tile>,
}

/// A finished game as `GET /api/games` lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct GameListEntry {
    /// The game's id (its record is `GET /api/games/{id}`).
    pub id: String,
    /// The ruleset's name.
    pub ruleset: String,
    /// Display names per seat.
    pub players: Vec<String>,
    /// `human` or a bot name, per seat.
    pub kinds: Vec<String>,
    /// Hands played.
    pub hands: Option<i64>,
    /// Created, ms since the epoch.
    pub started_at: i64,
    /// Finished, ms since the epoch.
    pub finished_at: Option<i64>,
    /// Final totals per seat.
    pub totals: Option<Vec<i64>>,
}
