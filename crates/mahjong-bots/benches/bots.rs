//! Whole hands per second, single thread: four random bots, four greedy bots, four strong
//! bots.
//!
//! Each iteration plays one game of `HANDS` hands (`max_hands`; a four-round game has at
//! least 16 hands, so every game plays exactly `HANDS`) with a fresh seed, through
//! [`play_game`] (which gives `random` only the legal actions and the others the whole view),
//! so the engine's cost is included; events are not recorded, as in `mahjong simulate`
//! without `--record`. Criterion's "elem/s" is hands per second.

use criterion::{criterion_group, Criterion, Throughput};
use mahjong_bots::{bot_by_name, play_game, Bot};
use mahjong_engine::{Game, GameConfig};
use mahjong_rules::Ruleset;

const HANDS: u32 = 16;

fn bench_bots(c: &mut Criterion) {
    let ruleset = Ruleset::preset("millington").unwrap();
    let mut g = c.benchmark_group("bots");
    g.throughput(Throughput::Elements(HANDS as u64));
    for kind in ["random", "greedy", "strong"] {
        let mut seed = 0u64;
        g.bench_function(format!("{kind}-x4-hands"), |b| {
            b.iter(|| {
                seed += 1;
                let mut bots: Vec<Box<dyn Bot>> = (0..4)
                    .map(|i| bot_by_name(kind, seed * 4 + i).unwrap())
                    .collect();
                let mut config = GameConfig::new(ruleset.clone(), seed);
                config.max_hands = Some(HANDS);
                config.record = false;
                let mut game = Game::new(config);
                play_game(&mut game, &mut bots).unwrap();
                assert_eq!(game.summary().hands, HANDS);
                game.summary().hands
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(5));
    targets = bench_bots
}

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
