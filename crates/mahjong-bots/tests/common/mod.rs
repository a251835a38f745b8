//! Helpers shared by the bot tests: public seats and three-player seat views written as
//! JSON, and three-player duels of bot kinds rotating through the seats.

#![allow(dead_code)]

use mahjong_bots::{play_game, Bot, GreedyBot, RandomBot};
use mahjong_engine::{Action, Game, GameConfig, SeatView};
use mahjong_rules::Ruleset;
use mahjong_tiles::Tile;
use serde_json::{json, Value};

pub fn tiles(s: &str) -> Vec<Tile> {
    Tile::parse_list(s).unwrap()
}

pub fn tile(s: &str) -> Tile {
    s.parse().unwrap()
}

/// One seat's public side: `sets` as "pung RD" (exposed), `discards` as tile codes;
/// `ready`: declared ready (riichi).
pub fn seat(wind: &str, sets: &[&str], discards: &str, ready: bool) -> Value {
    let sets: Vec<Value> = sets
        .iter()
        .map(|s| {
            let (kind, t) = s.split_once(' ').unwrap();
            json!({"kind": kind, "tile": t, "exposed": true})
        })
        .collect();
    let discards: Vec<Value> = tiles(discards).iter().map(|t| json!([t, false])).collect();
    json!({
        "wind": wind, "sets": sets, "bonus": [], "discards": discards,
        "concealed_count": 13, "original_call": ready
    })
}

/// A seat with nothing on the table.
pub fn quiet(wind: &str) -> Value {
    seat(wind, &[], "", false)
}

/// South's turn (player 1).
pub fn turn() -> Value {
    json!({"type": "turn", "player": 1})
}

/// South's view (player 1; East is player 0 and the dealer, prevailing East) in hand 0 of
/// a three-player game: `concealed`, South's own `sets` and `discards`, the opponents'
/// public sides, the phase and the legal actions.
pub fn view3(
    concealed: &str,
    own: (&[&str], &str),
    east: Value,
    west: Value,
    phase: Value,
    legal: Vec<Action>,
) -> SeatView {
    let mut hand = tiles(concealed);
    hand.sort();
    serde_json::from_value(json!({
        "player": 1, "seats": 3, "hand": 0, "dealer": 0, "prevailing": "E", "wind": "S",
        "concealed": hand, "drawn": null,
        "public": [east, seat("S", own.0, own.1, false), west],
        "live_wall": 50, "phase": phase, "legal": legal, "totals": [0, 0, 0]
    }))
    .unwrap()
}

/// Net per seat-hand and win rate of each kind of bot (`greedy`, `blind` = greedy without
/// the family's plan, `random`) over three-player games (of at most `max_hands` hands),
/// the kinds rotating through the seats game by game; sorted by kind.
pub fn duel3(
    ruleset: &Ruleset,
    kinds: [&str; 3],
    games: u64,
    first_seed: u64,
    max_hands: Option<u32>,
) -> Vec<(String, f64, f64)> {
    let mut tally: Vec<(String, i64, u64, u64)> = vec![];
    for g in 0..games {
        let seed = first_seed + g;
        let kind_of = |p: usize| kinds[(p + g as usize) % 3];
        let mut bots: Vec<Box<dyn Bot>> = (0..3)
            .map(|p| -> Box<dyn Bot> {
                let s = seed * 3 + p as u64;
                match kind_of(p) {
                    "greedy" => Box::new(GreedyBot::for_ruleset(ruleset, s)),
                    "blind" => Box::new(GreedyBot::for_ruleset(ruleset, s).without_hand_points()),
                    _ => Box::new(RandomBot::new(s)),
                }
            })
            .collect();
        let mut config = GameConfig::new(ruleset.clone(), seed);
        config.max_hands = max_hands;
        let mut game = Game::new(config);
        play_game(&mut game, &mut bots).unwrap();
        let s = game.summary();
        for p in 0..3 {
            let k = kind_of(p);
            let i = match tally.iter().position(|t| t.0 == k) {
                Some(i) => i,
                None => {
                    tally.push((k.to_string(), 0, 0, 0));
                    tally.len() - 1
                }
            };
            tally[i].1 += game.totals()[p];
            tally[i].2 += s.hands as u64;
            tally[i].3 += s.wins[p] as u64;
        }
    }
    tally.sort_by(|a, b| a.0.cmp(&b.0));
    tally
        .into_iter()
        .map(|(k, net, hands, wins)| (k, net as f64 / hands as f64, wins as f64 / hands as f64))
        .collect()
}
