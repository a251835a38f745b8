//! Hands per second with uniformly random decisions (no bot crate), for profiling the engine.
//! `cargo run --release -p mahjong-engine --example random_speed -- [HANDS]`

use mahjong_engine::{Game, GameConfig};
use mahjong_rules::Ruleset;
use rand::{Rng, SeedableRng};

fn main() {
    let target: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let ruleset = Ruleset::preset("millington").unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let start = std::time::Instant::now();
    let (mut hands, mut seed) = (0u64, 0u64);
    let mut decisions = 0u64;
    while hands < target {
        let mut g = Game::new(GameConfig {
            record: false,
            ..GameConfig::new(ruleset.clone(), seed)
        });
        seed += 1;
        while !g.is_over() {
            // Allocation-free: who must decide and the legal actions as bit sets.
            let p = g.pending_seats().next().expect("somebody decides");
            let legal = g.legal_set(p);
            let a = legal.get(rng.gen_range(0..legal.len())).expect("in range");
            g.act(p, a).unwrap();
            decisions += 1;
        }
        hands += g.summary().hands as u64;
    }
    let s = start.elapsed().as_secs_f64();
    println!("{hands} hands in {s:.2} s: {:.0} hands/s", hands as f64 / s);
    println!("{:.1} decisions per hand", decisions as f64 / hands as f64);
}
