//! Random legal classical tables, for benchmarks, property tests and load generation.
//!
//! Everything flows from a seed (ChaCha8), so the same seed gives the same tables.

use mahjong_tiles::{Tile, TileSet, TileSetId, Wind};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

/// A generator of random finished hands in the table JSON format.
pub struct TableSampler {
    rng: ChaCha8Rng,
}

impl TableSampler {
    /// A sampler seeded with `seed`.
    pub fn new(seed: u64) -> TableSampler {
        TableSampler {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// One random table with a legal winner (4 sets + pair, some exposed, kongs sometimes),
    /// three losers holding random tiles, random bonus tiles and a random way of winning.
    pub fn table(&mut self, ruleset: &str) -> Value {
        let rng = &mut self.rng;
        let mut pool = [0u8; 34];
        pool.fill(4);
        let winner = rng.gen_range(0..4usize);
        let mut sets = Vec::new();
        let mut concealed: Vec<Tile> = Vec::new();
        let mut kongs = 0;
        // Four sets, each formed from what is left.
        while sets.len() + concealed.len() / 3 < 4 {
            let roll = rng.gen_range(0..100);
            let k = rng.gen_range(0..34usize);
            let (kind, tiles): (&str, Vec<usize>) = if roll < 55 && k < 27 && k % 9 < 7 {
                ("chow", vec![k, k + 1, k + 2])
            } else if roll < 92 {
                ("pung", vec![k; 3])
            } else {
                ("kong", vec![k; 4])
            };
            let mut need = [0u8; 34];
            for &t in &tiles {
                need[t] += 1;
            }
            if (0..34).any(|t| need[t] > pool[t]) {
                continue;
            }
            for &t in &tiles {
                pool[t] -= 1;
            }
            let codes: Vec<Tile> = tiles.iter().map(|&t| Tile::from_kind(t)).collect();
            if kind == "kong" {
                kongs += 1;
                let how = ["concealed", "claimed", "annexed"][rng.gen_range(0..3)];
                sets.push(json!({"kind": "kong", "tiles": codes, "kong": how}));
            } else if rng.gen_bool(0.35) {
                sets.push(json!({"kind": kind, "tiles": codes, "exposed": true}));
            } else {
                concealed.extend(codes);
            }
        }
        loop {
            let k = rng.gen_range(0..34usize);
            if pool[k] >= 2 {
                pool[k] -= 2;
                concealed.extend([Tile::from_kind(k); 2]);
                break;
            }
        }
        let win_tile = concealed[rng.gen_range(0..concealed.len())];
        let from = match rng.gen_range(0..100) {
            0..=39 => "wall",
            40..=89 => "discard",
            90..=94 if kongs > 0 => "loose",
            90..=94 => "wall",
            _ => "robbed_kong",
        };
        concealed.shuffle(rng);

        let mut rest: Vec<Tile> = Vec::new();
        for (k, &n) in pool.iter().enumerate() {
            for _ in 0..n {
                rest.push(Tile::from_kind(k));
            }
        }
        rest.shuffle(rng);
        let mut bonus: Vec<Tile> = TileSet::new(TileSetId::Classical)
            .tiles()
            .into_iter()
            .filter(|t| t.is_bonus())
            .collect();
        bonus.shuffle(rng);
        let mut seats = serde_json::Map::new();
        for (i, wind) in Wind::ALL.iter().enumerate() {
            let nb = rng.gen_range(0..=2usize).min(bonus.len());
            let b: Vec<Tile> = bonus.drain(..nb).collect();
            let seat = if i == winner {
                json!({"sets": sets, "concealed": concealed, "bonus": b})
            } else {
                let hand: Vec<Tile> = rest.drain(..13).collect();
                json!({"sets": [], "concealed": hand, "bonus": b})
            };
            seats.insert(wind.letter().to_string(), seat);
        }
        let mut win = json!({"tile": win_tile, "from": from});
        if matches!(from, "discard" | "robbed_kong") {
            let s = (winner + rng.gen_range(1..4)) % 4;
            win["supplier"] = json!(Wind::ALL[s].letter().to_string());
        }
        if matches!(from, "wall" | "discard") && rng.gen_bool(0.03) {
            win["last_tile"] = json!(true);
        }
        json!({
            "ruleset": ruleset,
            "prevailing_wind": Wind::ALL[rng.gen_range(0..4)].letter().to_string(),
            "winner": Wind::ALL[winner].letter().to_string(),
            "win": win,
            "discards": [],
            "seats": seats,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{score_input, TableInput};

    #[test]
    fn sampled_tables_are_valid_and_deterministic() {
        let mut a = TableSampler::new(7);
        let mut b = TableSampler::new(7);
        for _ in 0..300 {
            let t = a.table("millington");
            assert_eq!(t, b.table("millington"));
            let input = TableInput::from_json(&t.to_string()).unwrap();
            let (_, _, outcome) = score_input(&input).unwrap_or_else(|e| panic!("{e}: {t}"));
            assert_eq!(outcome.settlement.iter().sum::<i64>(), 0);
        }
    }
}
