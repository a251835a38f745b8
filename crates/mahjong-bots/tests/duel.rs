//! Duplicate duels for tuning (ignored by default; run with `--ignored --nocapture`):
//! `DUEL_PRESET`, `DUEL_DEALS`, `DUEL_A`, `DUEL_B` choose the match. Every deal is played
//! once per seat of bot A among copies of bot B, and A's mean net over the seats is one
//! sample.

use mahjong_bots::{bot_for_ruleset, play_game, Bot};
use mahjong_engine::{Game, GameConfig};
use mahjong_rules::Ruleset;

fn env(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_string())
}

#[test]
#[ignore]
fn duel() {
    let preset = env("DUEL_PRESET", "millington");
    let deals: u64 = env("DUEL_DEALS", "1000").parse().unwrap();
    let first: u64 = env("DUEL_SEED", "1").parse().unwrap();
    let a = env("DUEL_A", "strong");
    let b = env("DUEL_B", "greedy");
    let ruleset = Ruleset::preset(&preset).unwrap();
    let seats = ruleset.seats();
    let mut samples = Vec::with_capacity(deals as usize);
    let mut wins = 0u64;
    let start = std::time::Instant::now();
    for seed in first..first + deals {
        let mut sum = 0i64;
        for r in 0..seats {
            let mut bots: Vec<Box<dyn Bot>> = (0..seats)
                .map(|p| {
                    let name = if p == r { &a } else { &b };
                    bot_for_ruleset(name, &ruleset, seed * 8 + p as u64).unwrap()
                })
                .collect();
            let mut config = GameConfig::new(ruleset.clone(), seed);
            config.max_hands = Some(1);
            let mut game = Game::new(config);
            play_game(&mut game, &mut bots).unwrap();
            sum += game.totals()[r];
            wins += game.summary().wins[r] as u64;
        }
        samples.push(sum as f64 / seats as f64);
    }
    let n = samples.len() as f64;
    let mean = samples.iter().sum::<f64>() / n;
    let var = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = 1.96 * (var / n).sqrt();
    eprintln!(
        "{preset}: {a} vs {b}: {deals} deals ({} hands): {mean:+.2} ± {half:.2} per hand, {a} won {:.1}% ({:.1}s)",
        deals * seats as u64,
        100.0 * wins as f64 / (deals * seats as u64) as f64,
        start.elapsed().as_secs_f64()
    );
}
