//! Properties of the `korean-3p` scorer over random legal-looking tables: random options,
//! a winner holding four random sets and a pair (some declared, exposed or concealed
//! kongs), random flowers, ready flags, goulash and dora, losers one tile from a random
//! hand or holding random tiles.
//!
//! - the settlement sums to zero and only the winner receives;
//! - a winning hand's score is at least its hand-points, losers score nothing;
//! - `win_rank` is `Some` exactly when the winner scores, and equals `(score, 0)` for a
//!   limit hand, `(points, score − points)` otherwise.

use mahjong_hands::Shape;
use mahjong_rules::{score, win_rank, Ruleset, Table, TableInput};
use mahjong_tiles::Tile;
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Map, Value};

/// The tiles left to deal, by playing kind (red fives are their kind).
struct Pool {
    tiles: Vec<Tile>,
}

impl Pool {
    fn count(&self, k: usize) -> usize {
        self.tiles.iter().filter(|t| t.kind() == Some(k)).count()
    }

    fn take(&mut self, k: usize) -> Tile {
        let i = self
            .tiles
            .iter()
            .position(|t| t.kind() == Some(k))
            .expect("counted");
        self.tiles.swap_remove(i)
    }
}

/// One set: its kind name and tiles.
type Set = (&'static str, Vec<Tile>);

/// A random set of the pool: a chow (characters or circles), a pung or a kong.
fn random_set(rng: &mut ChaCha8Rng, pool: &mut Pool, kongs: bool) -> Option<Set> {
    for _ in 0..40 {
        let t = *pool.tiles.choose(rng)?;
        let Some(k) = t.kind() else { continue };
        match rng.gen_range(0..10) {
            0..=4 if (9..27).contains(&k) && k % 9 < 7 && (0..3).all(|i| pool.count(k + i) > 0) => {
                let tiles = (0..3).map(|i| pool.take(k + i)).collect();
                return Some(("chow", tiles));
            }
            9 if kongs && pool.count(k) >= 4 => {
                return Some(("kong", (0..4).map(|_| pool.take(k)).collect()));
            }
            _ if pool.count(k) >= 3 => {
                return Some(("pung", (0..3).map(|_| pool.take(k)).collect()));
            }
            _ => {}
        }
    }
    None
}

fn random_pair(rng: &mut ChaCha8Rng, pool: &mut Pool) -> Option<Set> {
    for _ in 0..40 {
        let t = *pool.tiles.choose(rng)?;
        if let Some(k) = t.kind().filter(|&k| pool.count(k) >= 2) {
            return Some(("pair", vec![pool.take(k), pool.take(k)]));
        }
    }
    None
}

fn codes(tiles: &[Tile]) -> Vec<String> {
    tiles.iter().map(|t| t.code().to_string()).collect()
}

/// A random table as JSON, or `None` when the pool could not supply a hand.
fn random_table(seed: u64) -> Option<Value> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let north = rng.gen_bool(0.3);
    let west = !north && rng.gen_bool(0.15);
    let mut opts = Map::new();
    opts.insert("north".into(), json!(north));
    if west {
        opts.insert("missing_wind".into(), json!("west"));
    }
    let five = rng.gen_bool(0.3);
    opts.insert("five_bamboo".into(), json!(five));
    opts.insert("red_dora".into(), json!(rng.gen_bool(0.3)));
    let dora = rng.gen_bool(0.3);
    opts.insert("dora".into(), json!(dora));
    opts.insert("dora_extra".into(), json!(rng.gen_bool(0.5)));
    opts.insert("seat_dragons".into(), json!(rng.gen_bool(0.3)));
    opts.insert("limit_hands".into(), json!(rng.gen_bool(0.85)));
    opts.insert(
        "limit_hands_concealed_only".into(),
        json!(rng.gen_bool(0.2)),
    );
    opts.insert("others_waiting_bonus".into(), json!(rng.gen_bool(0.8)));
    opts.insert("min_hand_points".into(), json!(rng.gen_range(1..=5)));
    let pick = |rng: &mut ChaCha8Rng, v: &[&str]| json!(v[rng.gen_range(0..v.len())]);
    let dp = pick(&mut rng, &["double-hand", "bonus-for-other"]);
    opts.insert("discard_payment".into(), dp);
    let rd = pick(&mut rng, &["waiting", "declared"]);
    opts.insert("ready_discount".into(), rd);
    let tr = pick(&mut rng, &["play-on", "draw", "hand-points-only"]);
    opts.insert("three_ready".into(), tr);
    let mut ruleset = Ruleset::preset("korean-3p").unwrap();
    ruleset.apply(&opts).unwrap();
    let letters = if west {
        ["E", "S", "N"]
    } else {
        ["E", "S", "W"]
    };

    let mut pool = Pool {
        tiles: ruleset.tile_set().tiles(),
    };
    pool.tiles.shuffle(&mut rng);
    let mut v = json!({
        "ruleset": "korean-3p",
        "options": Value::Object(opts),
        "prevailing_wind": letters[rng.gen_range(0..3)],
        "goulash": rng.gen_range(0..4),
        "seats": {},
    });
    if dora {
        let t = pool.tiles.pop()?;
        v["dora_indicator"] = json!(t.code());
    }

    // The winner: four sets and a pair, or seven pairs.
    let w = rng.gen_range(0..3);
    let mut declared = Vec::new();
    let mut concealed: Vec<Tile> = Vec::new();
    if rng.gen_bool(0.1) {
        for _ in 0..7 {
            let (_, p) = random_pair(&mut rng, &mut pool)?;
            concealed.extend(p);
        }
    } else {
        for _ in 0..4 {
            let (kind, tiles) = random_set(&mut rng, &mut pool, true)?;
            let how = rng.gen_range(0..3);
            match (kind, how) {
                ("kong", _) => {
                    let k = ["concealed", "claimed", "annexed"][rng.gen_range(0..3)];
                    declared.push(json!({"kind": "kong", "tiles": codes(&tiles), "kong": k}));
                }
                ("pung", 0) => {
                    declared.push(json!({"kind": "pung", "tiles": codes(&tiles), "exposed": true}))
                }
                _ => concealed.extend(tiles),
            }
        }
        concealed.extend(random_pair(&mut rng, &mut pool)?.1);
    }
    let win_tile = *concealed.choose(&mut rng)?;
    let from = ["wall", "discard", "loose", "robbed_kong"][rng.gen_range(0..4)];
    let mut win = json!({"tile": win_tile.code(), "from": from});
    if matches!(from, "discard" | "robbed_kong") {
        win["supplier"] = json!(letters[(w + rng.gen_range(1..3)) % 3]);
    }
    if matches!(from, "wall" | "discard") && rng.gen_bool(0.1) {
        win["last_tile"] = json!(true);
    }
    v["winner"] = json!(letters[w]);
    v["win"] = win;

    for (i, letter) in letters.iter().enumerate() {
        let mut flowers = Vec::new();
        for n in 1..=4u8 {
            let f = Tile::flower(n);
            if rng.gen_bool(0.15) {
                if let Some(j) = pool.tiles.iter().position(|&t| t == f) {
                    flowers.push(pool.tiles.swap_remove(j));
                }
            }
        }
        let seat = if i == w {
            json!({"sets": declared, "concealed": codes(&concealed)})
        } else if rng.gen_bool(0.6) {
            // One tile from a random hand: often waiting.
            let mut hand = Vec::new();
            for _ in 0..4 {
                match random_set(&mut rng, &mut pool, false) {
                    Some((_, t)) => hand.extend(t),
                    None => break,
                }
            }
            if let Some((_, p)) = random_pair(&mut rng, &mut pool) {
                hand.extend(p);
            }
            if !hand.is_empty() {
                let j = rng.gen_range(0..hand.len());
                pool.tiles.push(hand.swap_remove(j));
            }
            hand.truncate(13);
            json!({"concealed": codes(&hand)})
        } else {
            let mut hand = Vec::new();
            while hand.len() < 13 {
                let Some(j) = pool.tiles.iter().position(|t| t.kind().is_some()) else {
                    break;
                };
                hand.push(pool.tiles.swap_remove(j));
            }
            json!({"concealed": codes(&hand)})
        };
        v["seats"][*letter] = seat;
        v["seats"][*letter]["bonus"] = json!(codes(&flowers));
        v["seats"][*letter]["ready"] = json!(rng.gen_bool(0.3));
    }
    let discards: Vec<String> = pool
        .tiles
        .iter()
        .filter(|t| t.kind().is_some())
        .take(rng.gen_range(0..8))
        .map(|t| format!("{}:{}", letters[rng.gen_range(0..3)], t.code()))
        .collect();
    v["discards"] = json!(discards);
    Some(v)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn korean_scoring_properties(seed in any::<u64>()) {
        let Some(v) = random_table(seed) else { return Ok(()) };
        let input = TableInput::from_json(&v.to_string()).unwrap();
        let ruleset = mahjong_rules::ruleset_of(&input).unwrap();
        let table = match Table::validate(&input, &ruleset) {
            Ok(t) => t,
            Err(e) => panic!("generated an invalid table ({e}): {v}"),
        };
        let shape = Shape::of(&ruleset.tile_set());
        let w = table.winner.unwrap();
        let rank = win_rank(&table, w, &ruleset, &shape);
        match score(&table, &ruleset) {
            Ok(o) => {
                prop_assert_eq!(o.settlement.iter().sum::<i64>(), 0);
                for p in o.payments.as_slice() {
                    prop_assert_eq!(p.to, w);
                    prop_assert!(p.amount > 0);
                }
                let sc = &o.scores[w];
                prop_assert!(sc.score >= sc.points, "score {} < hand-points {}: {}", sc.score, sc.points, v);
                for (i, s) in o.scores.iter().enumerate() {
                    if i != w {
                        prop_assert_eq!((s.points, s.score), (0, 0));
                    }
                }
                let expected = match sc.limit {
                    Some(_) => (sc.score, 0),
                    None => (sc.points, sc.score - sc.points),
                };
                prop_assert_eq!(rank, Some(expected), "{}", v);
            }
            Err(e) => {
                prop_assert_eq!(rank, None, "{} but win_rank {:?}: {}", e, rank, v);
                prop_assert!(e.path == "winner" || e.path == "win.tile", "{}", e);
            }
        }
    }
}
