//! Hints for a seat, from its view only: shanten, waits, and what each discard leaves. The
//! analysis is [`mahjong_bots::hint`] (shared with the terminal client).

use axum::extract::ws::Utf8Bytes;
use mahjong_engine::Game;
use mahjong_hands::Shape;

pub use mahjong_bots::hint::{hint_for, DiscardHint, Hint};

use crate::protocol::PROTOCOL_VERSION;

/// The `hint` message for a seat of a game.
pub(crate) fn hint_text(game: &Game, seat: usize) -> Utf8Bytes {
    let view = game.view(seat);
    let shape = Shape::of(&game.ruleset().tile_set());
    let play = game.ruleset().play();
    let h = hint_for(&view, &shape, play.seven_pairs, play.jokers);
    serde_json::json!({
        "type": "hint", "v": PROTOCOL_VERSION, "shanten": h.shanten,
        "waits": h.waits, "discards": h.discards,
    })
    .to_string()
    .into()
}
