//! The game engine: a state machine for whole games, generic over the number of seats and
//! the tile set. Decisions go in as [`Action`]s, everything that happens comes out as
//! [`Event`]s (the protocol, and the lines of a game record); each player sees a
//! [`SeatView`] holding only what he may know.

mod game;
mod hand;
mod legal;
mod player;
mod protocol;
mod quick;
mod record;
mod tiles;
mod view;
mod wall;

pub use game::{Game, GameConfig, GameSummary, Settled};
pub use hand::{EngineError, Hand, HandResult, HandSetup, PhaseView, Seats};
pub use legal::{LegalSet, MAX_LEGAL};
pub use player::{MeldInfo, PlayerState};
pub use protocol::{
    chow_joker_stands_for, Action, Event, PaymentRecord, PotTaken, ScoredItem, SetKind,
};
pub use record::{replay, replay_tables, RecordHeader, ReplayError, ReplaySummary};
pub use tiles::{TileList, TILE_LIST_CAP};
pub use view::{PublicSeat, PublicSet, SeatView};
pub use wall::{Dice, Wall};
