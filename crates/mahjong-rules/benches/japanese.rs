//! japanese-3p scoring speed (issue #16: one winning hand ≤ 1 µs): `win_rank` (what the
//! engine asks before offering a win), the winner's full score (arrangements, yaku, dora)
//! and a whole table with its payments. Random winning tables under the preset's options:
//! a winner with four random sets (chows in bamboo and circles, pungs) and a pair, some in
//! riichi, some with an exposed pung, dora and ura-dora indicators; losers hold random
//! tiles.

use criterion::{criterion_group, criterion_main, Criterion};
use mahjong_rules::Ruleset;
use mahjong_tiles::Tile;
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

mod common;
use common::{codes, count, score_benches, tables, take};

/// Whether a chow may start at kind `k`: bamboo or circles, rank 1–7 (J3-T1: the
/// characters are only 1 and 9).
fn chow_start(k: usize) -> bool {
    (k < 9 || (18..27).contains(&k)) && k % 9 < 7
}

/// Four random sets and a pair from the pool.
fn hand(rng: &mut ChaCha8Rng, pool: &mut Vec<Tile>) -> Option<Vec<Tile>> {
    let mut out = Vec::new();
    let mut sets = 0;
    for _ in 0..200 {
        if sets == 4 {
            break;
        }
        let k = pool.choose(rng)?.kind()?;
        if rng.gen_bool(0.6) && chow_start(k) {
            if (0..3).all(|i| count(pool, k + i) > 0) {
                out.extend((0..3).map(|i| take(pool, k + i).unwrap()));
                sets += 1;
            }
        } else if count(pool, k) >= 3 {
            out.extend((0..3).map(|_| take(pool, k).unwrap()));
            sets += 1;
        }
    }
    let k = (0..34).find(|&k| count(pool, k) >= 2)?;
    out.extend([take(pool, k)?, take(pool, k)?]);
    (sets == 4).then_some(out)
}

fn table(rng: &mut ChaCha8Rng, ruleset: &Ruleset) -> Option<Value> {
    let mut pool = ruleset.tile_set().tiles();
    pool.retain(|t| t.kind().is_some());
    pool.shuffle(rng);
    let letters = ["E", "S", "W"];
    let w = rng.gen_range(0..3);
    let tiles = hand(rng, &mut pool)?;
    let win = *tiles[3..].choose(rng)?;
    let exposed = tiles[0] == tiles[1] && tiles[1] == tiles[2] && rng.gen_bool(0.3);
    let (sets, concealed) = if exposed {
        (
            json!([{"kind": "pung", "tiles": codes(&tiles[..3]), "exposed": true}]),
            tiles[3..].to_vec(),
        )
    } else {
        (json!([]), tiles.clone())
    };
    let riichi = if !exposed && rng.gen_bool(0.6) {
        "riichi"
    } else {
        "none"
    };
    let from = ["wall", "discard"][rng.gen_range(0..2)];
    let dora: Vec<&str> = (0..rng.gen_range(1..=2))
        .filter_map(|_| pool.pop().map(|t| t.code()))
        .collect();
    let ura: Vec<&str> = (0..dora.len())
        .filter_map(|_| pool.pop().map(|t| t.code()))
        .collect();
    let mut v = json!({
        "ruleset": "japanese-3p", "prevailing_wind": "E", "winner": letters[w],
        "win": {"tile": win.code(), "from": from},
        "dora_indicators": dora, "ura_indicators": ura,
        "seats": {},
    });
    if from == "discard" {
        v["win"]["supplier"] = json!(letters[(w + 1) % 3]);
    }
    for (i, l) in letters.iter().enumerate() {
        v["seats"][*l] = if i == w {
            json!({"sets": sets, "concealed": codes(&concealed), "riichi": riichi})
        } else {
            let h: Vec<Tile> = (0..13).filter_map(|_| pool.pop()).collect();
            json!({"concealed": codes(&h)})
        };
    }
    Some(v)
}

fn bench(c: &mut Criterion) {
    let (ruleset, tables) = tables("japanese-3p", 2048, table);
    score_benches(c, "japanese", &ruleset, &tables);
}

criterion_group!(benches, bench);
criterion_main!(benches);
