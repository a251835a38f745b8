//! Our shanten, waits and completeness beside two published Rust crates on the same hands:
//! `xiangting` (exact replacement numbers and necessary tiles) and `riichienv-core` (a
//! riichi engine's shanten, waits and winning-hand test). Both are development
//! dependencies only. Before timing, every hand's answers are checked to agree.
//!
//! All three count the same three forms in the classical 136-tile set (four sets and a
//! pair, seven pairs, thirteen orphans), so our side asks for all forms. For three
//! players the peers use the Japanese set (2–8 of the first suit removed, North kept):
//! our Korean shape with North and its orphan added is the same set.
//!
//! `cargo bench -p mahjong-hands --bench peers`; criterion's "elem/s" is hands per second.

use std::hint::black_box;

use criterion::{criterion_group, Criterion, Throughput};
use mahjong_hands::{is_complete, shanten, waits, Counts, Shape};
use mahjong_tiles::{TileSet, TileSetId, KINDS};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use riichienv_core::hand_evaluator::HandEvaluator;
use riichienv_core::types::Hand;
use xiangting::PlayerCount;

mod pool;

use pool::{random_hands, POOL};

/// `POOL` complete 14-tile hands (four sets and a pair), of the classical set.
fn complete_hands(shape: &Shape, seed: u64) -> Vec<Counts> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(POOL);
    while out.len() < POOL {
        let mut c = [0u8; KINDS];
        c[rng.gen_range(0..KINDS)] += 2;
        for _ in 0..4 {
            let k = rng.gen_range(0..KINDS);
            if shape.chow_starts_at(k) && rng.gen_bool(0.6) {
                c[k] += 1;
                c[k + 1] += 1;
                c[k + 2] += 1;
            } else {
                c[k] += 3;
            }
        }
        if c.iter().all(|&n| n <= 4) {
            out.push(c);
        }
    }
    out
}

/// Ready 13-tile hands: complete hands with one held tile taken out.
fn ready_hands(shape: &Shape, seed: u64) -> Vec<Counts> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    complete_hands(shape, seed ^ 1)
        .into_iter()
        .map(|mut c| {
            let held: Vec<usize> = (0..KINDS).filter(|&k| c[k] > 0).collect();
            c[*held.choose(&mut rng).unwrap()] -= 1;
            c
        })
        .collect()
}

/// A kind mask as xiangting and we both write it: bit k for kind k.
fn mask_of(kinds: impl IntoIterator<Item = usize>) -> u64 {
    kinds.into_iter().fold(0, |m, k| m | 1 << k)
}

/// riichienv's evaluator for a concealed hand (tile ids are 4·kind + copy).
fn evaluator(c: &Counts) -> HandEvaluator {
    let tiles = (0..KINDS)
        .flat_map(|k| (0..c[k]).map(move |i| (4 * k) as u8 + i))
        .collect();
    HandEvaluator::new(tiles, Vec::new())
}

fn bench_shanten(c: &mut Criterion) {
    let classical = Shape::classical();
    let mut three = Shape::of(&TileSet::new(TileSetId::Korean3p));
    three.copies[30] = 4;
    three.kinds.insert(30);
    three.orphans.insert(30);
    let mut g = c.benchmark_group("peers-shanten");
    g.throughput(Throughput::Elements(POOL as u64));
    for (name, shape, players) in [
        ("4p", classical, PlayerCount::Four),
        ("3p", three, PlayerCount::Three),
    ] {
        let hands = random_hands(&shape, 14, 1);
        let peer = |h: &Counts| match players {
            PlayerCount::Four => riichienv_core::shanten::calc_shanten_from_counts(h, 4),
            PlayerCount::Three => riichienv_core::shanten::calc_shanten_from_counts_3p(h, 4),
        };
        for h in &hands {
            let ours = shanten(h, 0, &shape, true);
            let x = xiangting::calculate_replacement_number(h, players).unwrap() as i8 - 1;
            assert_eq!(ours, x, "xiangting {h:?}");
            assert_eq!(ours, peer(h), "riichienv {h:?}");
        }
        g.bench_function(format!("{name}/ours"), |b| {
            b.iter(|| {
                hands
                    .iter()
                    .map(|h| i32::from(shanten(black_box(h), 0, &shape, true)))
                    .sum::<i32>()
            })
        });
        g.bench_function(format!("{name}/xiangting"), |b| {
            b.iter(|| {
                hands
                    .iter()
                    .map(|h| {
                        i32::from(
                            xiangting::calculate_replacement_number(black_box(h), players).unwrap(),
                        )
                    })
                    .sum::<i32>()
            })
        });
        g.bench_function(format!("{name}/riichienv-core"), |b| {
            b.iter(|| {
                hands
                    .iter()
                    .map(|h| i32::from(peer(black_box(h))))
                    .sum::<i32>()
            })
        });
    }
    g.finish();
}

fn bench_waits(c: &mut Criterion) {
    let shape = Shape::classical();
    let hands = ready_hands(&shape, 3);
    let evaluators: Vec<HandEvaluator> = hands.iter().map(evaluator).collect();
    for (h, e) in hands.iter().zip(&evaluators) {
        let ours = waits(h, 0, &shape, true, None).0;
        let (r, necessary) = xiangting::calculate_necessary_tiles(h, PlayerCount::Four).unwrap();
        // Every hand is ready, so its necessary tiles are its waits.
        assert_eq!(r, 1, "{h:?}");
        assert_eq!(
            ours,
            necessary & !mask_of((0..KINDS).filter(|&k| h[k] == 4)),
            "{h:?}"
        );
        assert_eq!(
            ours,
            mask_of(e.get_waits_u8().into_iter().map(usize::from)),
            "{h:?}"
        );
    }
    let mut g = c.benchmark_group("peers-waits");
    g.throughput(Throughput::Elements(POOL as u64));
    g.bench_function("ready-13-tile/ours", |b| {
        b.iter(|| {
            hands
                .iter()
                .map(|h| waits(black_box(h), 0, &shape, true, None).0.count_ones())
                .sum::<u32>()
        })
    });
    g.bench_function("ready-13-tile/xiangting", |b| {
        b.iter(|| {
            hands
                .iter()
                .map(|h| {
                    let (_, n) =
                        xiangting::calculate_necessary_tiles(black_box(h), PlayerCount::Four)
                            .unwrap();
                    n.count_ones()
                })
                .sum::<u32>()
        })
    });
    g.bench_function("ready-13-tile/riichienv-core", |b| {
        b.iter(|| {
            evaluators
                .iter()
                .map(|e| black_box(e).get_waits_u8().len() as u32)
                .sum::<u32>()
        })
    });
    g.finish();
}

fn bench_complete(c: &mut Criterion) {
    let shape = Shape::classical();
    // Half complete, half random.
    let mut hands = complete_hands(&shape, 4);
    hands.truncate(POOL / 2);
    hands.extend(random_hands(&shape, 14, 5).into_iter().take(POOL / 2));
    for h in &hands {
        let ours = is_complete(h, 0, &shape, true);
        let x = xiangting::calculate_replacement_number(h, PlayerCount::Four).unwrap() == 0;
        assert_eq!(ours, x, "xiangting {h:?}");
        assert_eq!(
            ours,
            riichienv_core::agari::is_agari(&mut Hand { counts: *h }),
            "{h:?}"
        );
    }
    let mut g = c.benchmark_group("peers-complete");
    g.throughput(Throughput::Elements(POOL as u64));
    g.bench_function("14-tile/ours", |b| {
        b.iter(|| {
            hands
                .iter()
                .filter(|h| is_complete(black_box(h), 0, &shape, true))
                .count()
        })
    });
    g.bench_function("14-tile/xiangting", |b| {
        b.iter(|| {
            hands
                .iter()
                .filter(|h| {
                    xiangting::calculate_replacement_number(black_box(h), PlayerCount::Four)
                        .unwrap()
                        == 0
                })
                .count()
        })
    });
    g.bench_function("14-tile/riichienv-core", |b| {
        b.iter(|| {
            hands
                .iter()
                .filter(|h| {
                    riichienv_core::agari::is_agari(&mut Hand {
                        counts: **black_box(h),
                    })
                })
                .count()
        })
    });
    g.finish();
}

criterion_group!(benches, bench_shanten, bench_waits, bench_complete);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
