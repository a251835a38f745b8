//! Hot-path timings: shanten and waits over fixed pools of random hands.
//!
//! Each benchmark walks a pool of hands per iteration and reports throughput in hands, so
//! criterion's "elem/s" converts directly into time per hand.

use std::hint::black_box;
use std::time::Instant;

use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};
use mahjong_hands::{
    is_complete, is_complete_with_jokers, shanten, shanten_regular, shanten_with_jokers, waits,
    waits_with_jokers, Counts, JokerRules, KindMask, Shape,
};
use mahjong_tiles::{TileSet, TileSetId, KINDS};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

mod pool;

use pool::{random_hands, POOL};

/// `POOL` ready 13-tile hands: random complete hands (four sets and a pair) with one tile
/// taken out, so every call has waits to find.
fn ready_hands(shape: &Shape, seed: u64) -> Vec<Counts> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(POOL);
    while out.len() < POOL {
        let mut c = [0u8; KINDS];
        let pair = rand::Rng::gen_range(&mut rng, 0..KINDS);
        c[pair] += 2;
        for _ in 0..4 {
            let k = rand::Rng::gen_range(&mut rng, 0..KINDS);
            if shape.chow_starts_at(k) && rand::Rng::gen_bool(&mut rng, 0.6) {
                c[k] += 1;
                c[k + 1] += 1;
                c[k + 2] += 1;
            } else {
                c[k] += 3;
            }
        }
        if c.iter().zip(&shape.copies).any(|(&n, &cap)| n > cap) {
            continue;
        }
        let held: Vec<usize> = (0..KINDS).filter(|&k| c[k] > 0).collect();
        c[*held.choose(&mut rng).unwrap()] -= 1;
        out.push(c);
    }
    out
}

fn bench_shanten(c: &mut Criterion) {
    let mut g = c.benchmark_group("shanten");
    g.throughput(Throughput::Elements(POOL as u64));
    // The classical set, then the three-player Korean one (no 2–8 of one suit, no North).
    let shapes = [
        ("", Shape::classical()),
        ("-3p", Shape::of(&TileSet::new(TileSetId::Korean3p))),
    ];
    for (suffix, shape) in shapes {
        let hands = random_hands(&shape, 14, 1);
        g.bench_function(format!("14-tile{suffix}"), |b| {
            b.iter(|| {
                let mut sum = 0i32;
                for h in &hands {
                    sum += i32::from(shanten_regular(black_box(h), 0, &shape));
                }
                sum
            })
        });
        g.bench_function(format!("14-tile-all-forms{suffix}"), |b| {
            b.iter(|| {
                let mut sum = 0i32;
                for h in &hands {
                    sum += i32::from(shanten(black_box(h), 0, &shape, true));
                }
                sum
            })
        });
        // What a bot asks before discarding: the shanten after each possible discard.
        g.bench_function(format!("14-tile-each-discard{suffix}"), |b| {
            b.iter(|| {
                let mut sum = 0i32;
                for h in &hands {
                    let held = KindMask(
                        h.iter()
                            .enumerate()
                            .fold(0, |m, (k, &n)| m | u64::from(n > 0) << k),
                    );
                    let each = shape.shanten_each_removed(black_box(h), 0, true, held);
                    sum += i32::from(each[0]) + i32::from(each[20]);
                }
                sum
            })
        });
    }
    g.finish();
}

fn bench_waits(c: &mut Criterion) {
    let shape = Shape::classical();
    let pools = [
        ("13-tile", random_hands(&shape, 13, 2)),
        ("13-tile-ready", ready_hands(&shape, 3)),
    ];
    let mut g = c.benchmark_group("waits");
    g.throughput(Throughput::Elements(POOL as u64));
    for (name, hands) in &pools {
        g.bench_with_input(BenchmarkId::from_parameter(name), hands, |b, hands| {
            b.iter(|| {
                let mut n = 0u32;
                for h in hands {
                    n += waits(black_box(h), 0, &shape, true, None).len() as u32;
                }
                n
            })
        });
    }
    g.finish();
}

fn bench_is_complete(c: &mut Criterion) {
    let shape = Shape::classical();
    let hands = random_hands(&shape, 14, 4);
    let mut g = c.benchmark_group("is_complete");
    g.throughput(Throughput::Elements(POOL as u64));
    g.bench_function("14-tile", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for h in &hands {
                n += u32::from(is_complete(black_box(h), 0, &shape, true));
            }
            n
        })
    });
    g.finish();
}

/// Malaysian hands (circles and honours) with one or two of their tiles turned into
/// jokers: `(naturals, jokers)`.
fn joker_hands(hands: &[Counts], seed: u64) -> Vec<(Counts, u8)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    hands
        .iter()
        .map(|h| {
            let mut c = *h;
            let n = rand::Rng::gen_range(&mut rng, 1..=2u8);
            for _ in 0..n {
                let held: Vec<usize> = (0..KINDS).filter(|&k| c[k] > 0).collect();
                c[*held.choose(&mut rng).unwrap()] -= 1;
            }
            (c, n)
        })
        .collect()
}

fn bench_jokers(c: &mut Criterion) {
    let shape = Shape::of(&TileSet::new(TileSetId::Malaysian3p));
    let rules = JokerRules {
        in_pair: true,
        all_joker_pung: false,
    };
    let random = joker_hands(&random_hands(&shape, 14, 5), 5);
    let ready = joker_hands(&ready_hands(&shape, 6), 6);
    let mut g = c.benchmark_group("jokers");
    g.throughput(Throughput::Elements(POOL as u64));
    g.bench_function("shanten-14-tile", |b| {
        b.iter(|| {
            let mut n = 0i32;
            for (h, j) in &random {
                n += i32::from(shanten_with_jokers(black_box(h), *j, 4, &shape, rules));
            }
            n
        })
    });
    g.bench_function("is-complete-14-tile", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for (h, j) in &random {
                n += u32::from(is_complete_with_jokers(black_box(h), *j, 4, &shape, rules));
            }
            n
        })
    });
    g.bench_function("waits-13-tile-ready", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for (h, j) in &ready {
                n += waits_with_jokers(black_box(h), *j, 4, &shape, rules).len();
            }
            n
        })
    });
    g.finish();
}

criterion_group!(
    benches,
    bench_shanten,
    bench_waits,
    bench_is_complete,
    bench_jokers
);

fn main() {
    // The tables are embedded in the binary: the first use only pages them in.
    let start = Instant::now();
    black_box(shanten_regular(&[0; KINDS], 0, &Shape::classical()));
    eprintln!("first use of the tables: {:?}", start.elapsed());
    benches();
    Criterion::default().configure_from_args().final_summary();
}
