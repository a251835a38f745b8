//! Scoring throughput: random legal winning classical tables, arrangement, every double
//! and the settlement included.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use mahjong_hands::Shape;
use mahjong_rules::sample::TableSampler;
use mahjong_rules::{
    score_into, score_seat, score_with_shape, Outcome, Ruleset, SeatScore, Table, TableInput,
};

fn tables(n: usize) -> (Ruleset, Vec<TableInput>, Vec<Table>) {
    let ruleset = Ruleset::preset("millington").unwrap();
    let mut sampler = TableSampler::new(2026);
    let inputs: Vec<TableInput> = (0..n)
        .map(|_| TableInput::from_json(&sampler.table("millington").to_string()).unwrap())
        .collect();
    let tables = inputs
        .iter()
        .map(|i| Table::validate(i, &ruleset).unwrap())
        .collect();
    (ruleset, inputs, tables)
}

fn bench(c: &mut Criterion) {
    let (ruleset, inputs, tables) = tables(4096);
    let shape = Shape::of(&ruleset.tile_set());
    let mut g = c.benchmark_group("score");
    g.throughput(Throughput::Elements(tables.len() as u64));
    g.bench_function("table", |b| {
        let mut out = Outcome::EMPTY;
        b.iter(|| {
            for t in &tables {
                score_into(black_box(t), &ruleset, &shape, &mut out).unwrap();
                black_box(&out);
            }
        })
    });
    g.bench_function("winning-hand", |b| {
        let mut out = SeatScore::ZERO;
        b.iter(|| {
            for t in &tables {
                let w = t.winner.unwrap();
                score_seat(black_box(t), w, &ruleset, &shape, &mut out).unwrap();
                black_box(&out);
            }
        })
    });
    g.bench_function("validate+table", |b| {
        b.iter(|| {
            for i in &inputs {
                let t = Table::validate(black_box(i), &ruleset).unwrap();
                black_box(score_with_shape(&t, &ruleset, &shape).unwrap());
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
