//! The greedy bot's other decisions on hand-built views: Original Call, kongs, claims.

use mahjong_bots::{Bot, GreedyBot};
use mahjong_engine::{Action, SeatView};
use serde_json::{json, Value};

mod common;
use common::{seat, tile, tiles};

/// West's view (player 2; East is player 0, prevailing East) with `concealed`, the given
/// phase and legal actions; West has no sets and, unless `discards` says so, no discards.
fn view(concealed: &str, west_discards: &str, phase: Value, legal: Vec<Action>) -> SeatView {
    let mut hand = tiles(concealed);
    hand.sort();
    serde_json::from_value(json!({
        "player": 2, "seats": 4, "hand": 0, "dealer": 0, "prevailing": "E", "wind": "W",
        "concealed": hand, "drawn": null,
        "public": [seat("E", &[], "1C", false), seat("S", &[], "NW", false),
                   seat("W", &[], west_discards, false), seat("N", &[], "9C", false)],
        "live_wall": 70, "phase": phase, "legal": legal, "totals": [0, 0, 0, 0]
    }))
    .unwrap()
}

/// Every distinct tile of `concealed` as a discard, plus Original Call with `callable`.
fn discards(concealed: &str, callable: &[&str]) -> Vec<Action> {
    let mut ts = tiles(concealed);
    ts.sort();
    ts.dedup();
    let mut v: Vec<Action> = ts
        .iter()
        .map(|&tile| Action::Discard { tile, call: false })
        .collect();
    for c in callable {
        v.push(Action::Discard {
            tile: tile(c),
            call: true,
        });
    }
    v
}

fn turn() -> Value {
    json!({"type": "turn", "player": 2})
}

#[test]
fn original_call_only_on_a_wait_of_two_kinds() {
    let mut bot = GreedyBot::new(1);
    // Throwing 9B leaves 7D 8D: 6D or 9D.
    let two = "2C 3C 4C 6C 7C 8C 3D 4D 5D 7D 8D 2D 2D 9B";
    let v = view(two, "", turn(), discards(two, &["9B"]));
    assert_eq!(
        bot.act(&v),
        Action::Discard {
            tile: tile("9B"),
            call: true
        }
    );
    // Throwing 9B leaves 7D 9D: only 8D.
    let one = "2C 3C 4C 6C 7C 8C 3D 4D 5D 7D 9D 2D 2D 9B";
    let v = view(one, "", turn(), discards(one, &["9B"]));
    assert_eq!(
        bot.act(&v),
        Action::Discard {
            tile: tile("9B"),
            call: false
        }
    );
}

#[test]
fn declares_a_concealed_kong_that_keeps_the_hand() {
    let hand = "2C 3C 4C 6C 7C 8C 3D 4D 5D 7D 8D RD RD RD RD";
    let mut legal = discards(hand, &[]);
    legal.push(Action::ConcealedKong { tile: tile("RD") });
    let v = view(hand, "WW", turn(), legal);
    assert_eq!(
        GreedyBot::new(2).act(&v),
        Action::ConcealedKong { tile: tile("RD") }
    );
    // Four 5C that are better as runs: 3C4C5C 5C6C7C 5C5C, a kong would break them.
    let hand = "3C 4C 5C 5C 5C 5C 6C 7C 2D 3D 4D 7D 8D EW";
    let mut legal = discards(hand, &[]);
    legal.push(Action::ConcealedKong { tile: tile("5C") });
    let v = view(hand, "WW", turn(), legal);
    assert!(matches!(GreedyBot::new(2).act(&v), Action::Discard { .. }));
}

#[test]
fn claims_a_dragon_pung_but_not_a_useless_chow() {
    // One from ready. A red dragon pair: the pung keeps the hand as far from ready and
    // scores a double.
    let hand = "2C 3C 4C 6C 7C 8C 3D 4D 7D 8D RD RD EW";
    let claims = |t: &str| json!({"type": "claims", "discarder": 1, "tile": t});
    let v = view(hand, "WW", claims("RD"), vec![Action::Pass, Action::Pung]);
    assert_eq!(GreedyBot::new(3).act(&v), Action::Pung);
    // 5C completes 6C 7C? Already a run: 5C 6C 7C would not bring the hand closer.
    let v = view(
        hand,
        "WW",
        claims("5C"),
        vec![Action::Pass, Action::Chow { first: tile("5C") }],
    );
    assert_eq!(GreedyBot::new(3).act(&v), Action::Pass);
    // 6D completes 7D 8D: the chow makes the hand ready (throwing EW).
    let v = view(
        hand,
        "WW",
        claims("6D"),
        vec![Action::Pass, Action::Chow { first: tile("6D") }],
    );
    assert_eq!(
        GreedyBot::new(3).act(&v),
        Action::Chow { first: tile("6D") }
    );
}
