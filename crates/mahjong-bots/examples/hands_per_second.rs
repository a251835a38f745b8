//! Hands per second with four bots of one kind, in games of 16 hands: a plain loop
//! without criterion, handy under `perf record`.
//!
//! `cargo run --release -p mahjong-bots --example hands_per_second [random|greedy] [HANDS]`
use mahjong_bots::{bot_by_name, play_game, Bot};
use mahjong_engine::{Game, GameConfig};
use mahjong_rules::Ruleset;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let kind = args.next().unwrap_or_else(|| "random".into());
    let target: u32 = args.next().map_or(20_000, |a| a.parse().unwrap());
    let ruleset = Ruleset::preset("millington").unwrap();
    let start = Instant::now();
    let (mut hands, mut seed, mut wash) = (0u32, 0u64, 0u32);
    while hands < target {
        let mut bots: Vec<Box<dyn Bot>> = (0..4)
            .map(|i| bot_by_name(&kind, seed * 4 + i).unwrap())
            .collect();
        let mut config = GameConfig::new(ruleset.clone(), seed);
        config.max_hands = Some(16);
        let mut game = Game::new(config);
        play_game(&mut game, &mut bots).unwrap();
        hands += game.summary().hands;
        wash += game.summary().washouts;
        seed += 1;
    }
    let s = start.elapsed().as_secs_f64();
    println!(
        "{kind}: {hands} hands ({wash} washouts) in {s:.3} s = {:.0} hands/s",
        hands as f64 / s
    );
}
