//! Bots head to head in `korean-3p`: net per hand, wins, self-drawn wins and discards
//! that others won on, by kind of bot, the kinds rotating through the seats game by game.
//!
//! ```sh
//! cargo run --release -p mahjong-bots --example korean_duel -- GAMES SEED KIND,KIND,KIND
//! ```
//!
//! Kinds: `greedy`, `blind` (greedy playing for speed alone, blind to hand-points) and
//! `random`. Defaults: 300 games, seed 1, `greedy,blind,blind`.

use std::collections::BTreeMap;

use mahjong_bots::{play_game, Bot, GreedyBot, RandomBot};
use mahjong_engine::{Event, Game, GameConfig};
use mahjong_rules::{Ruleset, WinFrom};

/// Per kind: net, seat-hands, wins, self-drawn wins, discards won on.
#[derive(Default)]
struct Tally {
    net: i64,
    seat_hands: u64,
    wins: u64,
    self_drawn: u64,
    dealt_in: u64,
}

fn bot(kind: &str, ruleset: &Ruleset, seed: u64) -> Box<dyn Bot> {
    match kind {
        "greedy" => Box::new(GreedyBot::for_ruleset(ruleset, seed)),
        "blind" => Box::new(GreedyBot::for_ruleset(ruleset, seed).without_hand_points()),
        "random" => Box::new(RandomBot::new(seed)),
        other => {
            eprintln!("unknown kind {other:?} (greedy, blind, random)");
            std::process::exit(2);
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let number = |i: usize, default: u64| {
        args.get(i).map_or(default, |s| {
            s.parse().unwrap_or_else(|_| {
                eprintln!("argument {i}: {s:?} is not a number");
                std::process::exit(2);
            })
        })
    };
    let games = number(1, 300);
    let seed = number(2, 1);
    let kinds: Vec<&str> = args
        .get(3)
        .map_or("greedy,blind,blind", String::as_str)
        .split(',')
        .collect();
    if kinds.len() != 3 {
        eprintln!("three kinds, one per seat");
        std::process::exit(2);
    }
    let ruleset = Ruleset::preset("korean-3p").expect("preset");
    let mut by: BTreeMap<&str, Tally> = BTreeMap::new();
    let (mut hands, mut draws) = (0u64, 0u64);
    let start = std::time::Instant::now();
    for g in 0..games {
        let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(g);
        let kind_of = |p: usize| kinds[(p + g as usize) % 3];
        let mut bots: Vec<Box<dyn Bot>> = (0..3)
            .map(|p| bot(kind_of(p), &ruleset, game_seed * 3 + p as u64))
            .collect();
        let mut config = GameConfig::new(ruleset.clone(), game_seed);
        config.record = true;
        let mut game = Game::new(config);
        play_game(&mut game, &mut bots).expect("bots play legally");
        for e in game.take_events() {
            if let Event::Mahjong {
                player,
                from,
                supplier,
                ..
            } = e
            {
                if matches!(from, WinFrom::Wall | WinFrom::Loose) {
                    by.entry(kind_of(player)).or_default().self_drawn += 1;
                }
                if let Some(q) = supplier {
                    by.entry(kind_of(q)).or_default().dealt_in += 1;
                }
            }
        }
        let s = game.summary();
        hands += s.hands as u64;
        draws += s.washouts as u64;
        for p in 0..3 {
            let t = by.entry(kind_of(p)).or_default();
            t.net += game.totals()[p];
            t.seat_hands += s.hands as u64;
            t.wins += s.wins[p] as u64;
        }
    }
    println!(
        "{games} games, {hands} hands, draws {:.1}%, {:.1} s",
        100.0 * draws as f64 / hands.max(1) as f64,
        start.elapsed().as_secs_f64()
    );
    for (kind, t) in by {
        let per = |n: u64| 100.0 * n as f64 / t.seat_hands.max(1) as f64;
        println!(
            "{kind:<7} net per hand {:+7.2}   wins {:5.1}%   self-drawn {:5.1}%   dealt in {:5.1}%",
            t.net as f64 / t.seat_hands.max(1) as f64,
            per(t.wins),
            per(t.self_drawn),
            per(t.dealt_in)
        );
    }
}
