//! The parsers of what users and clients send, each as one function over raw bytes: the
//! entry points of the fuzz targets (`fuzz/`) and of the stable test that replays their
//! corpora (`tests/fuzz_corpora.rs`). Each returns normally for any input: a refusal is an
//! `Err` inside, never a panic; where a parse succeeds, what it gives is checked too.

use mahjong_rules::{output::ScoreJson, Ruleset, TableInput};
use mahjong_tiles::{parse_tiles, Tile};

use crate::protocol::{parse_client, ClientMsg};

/// The bytes as text, when they are UTF-8 (every parser here reads text).
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// A table as `mahjong score` and `POST /api/score` read it: parsed, and when its ruleset
/// is a preset, validated and scored, and the result written out.
pub fn table_json(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(input) = TableInput::from_json(text) else {
        return;
    };
    // A ruleset that is not a preset would be a path on this machine: the server never
    // reads those (it checks for a preset first, as here).
    if Ruleset::preset(&input.ruleset).is_err() {
        return;
    }
    if let Ok((_, _, outcome)) = mahjong_rules::score_input(&input) {
        serde_json::to_string(&ScoreJson(&outcome)).expect("a score serializes");
    }
}

/// A ruleset file (TOML), as `--ruleset FILE` reads it; a ruleset it gives serializes.
pub fn ruleset_file(data: &[u8]) {
    let Some(text) = text(data) else { return };
    // `base` may name another file: a path (anything with a `/`) could be a device that
    // never ends; the fuzzer keeps to presets and names relative to where it runs.
    if text.contains('/') {
        return;
    }
    if let Ok(r) = Ruleset::from_toml(text) {
        serde_json::to_string(&r).expect("a ruleset serializes");
        assert!((3..=4).contains(&r.seats()), "{} seats", r.seats());
    }
}

/// Tile notation (`"1B 2B,RD"`): every tile parsed reads back the same from its code.
pub fn tile_notation(data: &[u8]) {
    let Some(text) = text(data) else { return };
    if let Ok(tiles) = parse_tiles(text) {
        for t in tiles {
            assert_eq!(t.code().parse::<Tile>().ok(), Some(t), "{t} round-trips");
        }
    }
    let _ = text.parse::<Tile>();
}

/// A WebSocket message from a client: parsed, and an action it carries serializes back to
/// the same action.
pub fn client_message(data: &[u8]) {
    let Some(text) = text(data) else { return };
    if let Ok(ClientMsg::Act { action, .. }) = parse_client(text) {
        let again = serde_json::to_string(&action).expect("an action serializes");
        let back: mahjong_engine::Action =
            serde_json::from_str(&again).expect("an action reads back");
        assert_eq!(back, action);
    }
}

/// The lines of a game record (`mahjong replay`): every game replayed against the engine.
pub fn record_lines(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let _ = mahjong_engine::replay(text.lines());
    for line in text.lines() {
        if let Ok(e) = serde_json::from_str::<mahjong_engine::Event>(line) {
            serde_json::to_string(&e).expect("an event serializes");
        }
    }
}
