//! What the family scoring benches share: drawing tiles from a shuffled pool, building
//! valid tables from a generator, and timing `win_rank`, the winner's score and a whole
//! table on them.

use criterion::{black_box, Criterion, Throughput};
use mahjong_hands::Shape;
use mahjong_rules::{
    score_into, score_seat, win_rank, Outcome, Ruleset, SeatScore, Table, TableInput,
};
use mahjong_tiles::Tile;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

/// Takes a tile of kind `k` from the pool.
pub fn take(pool: &mut Vec<Tile>, k: usize) -> Option<Tile> {
    let i = pool.iter().position(|t| t.kind() == Some(k))?;
    Some(pool.swap_remove(i))
}

/// Tiles of kind `k` in the pool.
pub fn count(pool: &[Tile], k: usize) -> usize {
    pool.iter().filter(|t| t.kind() == Some(k)).count()
}

/// The tiles' codes, for the table JSON.
pub fn codes(t: &[Tile]) -> Vec<&'static str> {
    t.iter().map(|t| t.code()).collect()
}

/// `n` valid tables of preset `name` from `table` (a table JSON, or `None` to try again),
/// seeded so that every run times the same tables.
pub fn tables(
    name: &str,
    n: usize,
    table: fn(&mut ChaCha8Rng, &Ruleset) -> Option<Value>,
) -> (Ruleset, Vec<Table>) {
    let ruleset = Ruleset::preset(name).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut out = Vec::new();
    while out.len() < n {
        let Some(v) = table(&mut rng, &ruleset) else {
            continue;
        };
        let input = TableInput::from_json(&v.to_string()).unwrap();
        if let Ok(t) = Table::validate(&input, &ruleset) {
            out.push(t);
        }
    }
    (ruleset, out)
}

/// Times, in group `group`: `win_rank` on every table, then the winner's score and a
/// whole table with its settlement on the legal wins.
pub fn score_benches(c: &mut Criterion, group: &str, ruleset: &Ruleset, tables: &[Table]) {
    let shape = Shape::of(&ruleset.tile_set());
    let legal: Vec<&Table> = tables
        .iter()
        .filter(|t| win_rank(t, t.winner.unwrap(), ruleset, &shape).is_some())
        .collect();
    eprintln!(
        "{group} bench: {} tables, {} legal wins",
        tables.len(),
        legal.len()
    );
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(tables.len() as u64));
    g.bench_function("win_rank", |b| {
        b.iter(|| {
            for t in tables {
                black_box(win_rank(black_box(t), t.winner.unwrap(), ruleset, &shape));
            }
        })
    });
    g.throughput(Throughput::Elements(legal.len() as u64));
    g.bench_function("winning-hand", |b| {
        let mut out = SeatScore::ZERO;
        b.iter(|| {
            for t in &legal {
                score_seat(black_box(t), t.winner.unwrap(), ruleset, &shape, &mut out).unwrap();
                black_box(&out);
            }
        })
    });
    g.bench_function("table", |b| {
        let mut out = Outcome::EMPTY;
        b.iter(|| {
            for t in &legal {
                score_into(black_box(t), ruleset, &shape, &mut out).unwrap();
                black_box(&out);
            }
        })
    });
    g.finish();
}
