//! Greedy against random: whole games with the seats alternating greedy, random, greedy,
//! random (and the other way round every other game, so both kinds sit as East first),
//! over several seeds, until 10,000 hands are played. Prints the mean net result per hand
//! of one seat of each kind, and how often each kind wins.
//!
//! `cargo run --release -p mahjong-bots --example greedy_vs_random [HANDS] [PRESET]`

use std::time::Instant;

use mahjong_bots::{bot_by_name, play_game, Bot};
use mahjong_engine::{Game, GameConfig};
use mahjong_rules::Ruleset;

fn main() {
    let mut args = std::env::args().skip(1);
    let target: u32 = args.next().map_or(10_000, |a| a.parse().expect("HANDS"));
    let preset = args.next().unwrap_or_else(|| "millington".into());
    let ruleset = Ruleset::preset(&preset).expect("preset");
    let kinds = ["greedy", "random"];
    // Per kind: net total, seat-hands played, wins.
    let mut net = [0i64; 2];
    let mut seat_hands = [0u64; 2];
    let mut wins = [0u64; 2];
    let (mut hands, mut washouts, mut games) = (0u32, 0u32, 0u64);
    let start = Instant::now();
    while hands < target {
        let seed = games;
        let kind_of = |p: usize| (p + seed as usize) % 2;
        let mut bots: Vec<Box<dyn Bot>> = (0..4)
            .map(|p| bot_by_name(kinds[kind_of(p)], seed * 4 + p as u64).unwrap())
            .collect();
        let mut config = GameConfig::new(ruleset.clone(), seed);
        config.max_hands = Some(target - hands);
        let mut game = Game::new(config);
        play_game(&mut game, &mut bots).expect("game");
        let s = game.summary();
        for p in 0..4 {
            net[kind_of(p)] += game.totals()[p];
            seat_hands[kind_of(p)] += s.hands as u64;
            wins[kind_of(p)] += s.wins[p] as u64;
        }
        hands += s.hands;
        washouts += s.washouts;
        games += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!("{hands} hands in {games} games ({preset}), {washouts} washouts, {secs:.2} s");
    for (i, kind) in kinds.iter().enumerate() {
        println!(
            "{kind:>7}: mean net per seat per hand {:+8.2}, wins {:5.1}% of hands (per seat)",
            net[i] as f64 / seat_hands[i] as f64,
            100.0 * wins[i] as f64 / seat_hands[i] as f64,
        );
    }
}
