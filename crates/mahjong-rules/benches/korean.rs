//! korean-3p scoring speed: `win_rank` (what the engine asks before offering every
//! Mah-Jongg, for ties and for declaring ready), the winner's full score, and a whole
//! table with its settlement. Random winning tables under the preset's options: a winner
//! with four random sets and a pair (some declared), losers one tile from a random hand
//! (so the "waiting" checks of K3-BP6 and K3-S5 do real work) or holding random tiles.

use criterion::{criterion_group, criterion_main, Criterion};
use mahjong_rules::Ruleset;
use mahjong_tiles::Tile;
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

mod common;
use common::{codes, count, score_benches, tables, take};

/// Four random sets (chows in characters and circles, pungs) and a pair.
fn hand(rng: &mut ChaCha8Rng, pool: &mut Vec<Tile>) -> Option<Vec<Tile>> {
    let mut out = Vec::new();
    let mut sets = 0;
    for _ in 0..200 {
        if sets == 4 {
            break;
        }
        let k = pool.choose(rng)?.kind()?;
        if rng.gen_bool(0.5) && (9..27).contains(&k) && k % 9 < 7 {
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
    let win = *tiles.choose(rng)?;
    // The first set declared exposed when it is a pung.
    let (sets, concealed) = if tiles[0] == tiles[1] && tiles[1] == tiles[2] && rng.gen_bool(0.4) {
        (
            json!([{"kind": "pung", "tiles": codes(&tiles[..3]), "exposed": true}]),
            tiles[3..].to_vec(),
        )
    } else {
        (json!([]), tiles.clone())
    };
    let from = ["wall", "discard"][rng.gen_range(0..2)];
    let mut v = json!({
        "ruleset": "korean-3p", "prevailing_wind": "E", "winner": letters[w],
        "win": {"tile": win.code(), "from": from},
        "seats": {},
    });
    if from == "discard" {
        v["win"]["supplier"] = json!(letters[(w + 1) % 3]);
    }
    for (i, l) in letters.iter().enumerate() {
        v["seats"][*l] = if i == w {
            json!({"sets": sets, "concealed": codes(&concealed)})
        } else {
            let mut h = hand(rng, &mut pool).unwrap_or_default();
            if !h.is_empty() {
                let j = rng.gen_range(0..h.len());
                h.swap_remove(j);
            }
            json!({"concealed": codes(&h)})
        };
    }
    Some(v)
}

fn bench(c: &mut Criterion) {
    let (ruleset, tables) = tables("korean-3p", 2048, table);
    score_benches(c, "korean", &ruleset, &tables);
}

criterion_group!(benches, bench);
criterion_main!(benches);
