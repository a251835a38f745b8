//! Helpers for the `korean-3p` tests: build three-seat table JSON from compact strings,
//! score it the way users do (`TableInput::from_json` → `score_input`) and read the result.
#![allow(dead_code)]

use mahjong_hands::Shape;
use mahjong_rules::{InputError, Outcome, Ruleset, Table, TableInput};
use serde_json::{json, Value};

/// One declared set from a compact string: `"pung RD RD RD exposed"`, `"chow 4D 5D 6D
/// exposed"`, `"pair 5D 5D"` (concealed), `"kong 3D 3D 3D 3D claimed"` (or `annexed`,
/// `concealed`). A pung, chow or pair without a last word is concealed.
pub fn set(s: &str) -> Value {
    let words: Vec<&str> = s.split_whitespace().collect();
    let kind = words[0];
    assert!(
        matches!(kind, "chow" | "pung" | "kong" | "pair"),
        "bad set kind in {s:?}"
    );
    let last = *words.last().unwrap();
    let qualifier = matches!(last, "exposed" | "concealed" | "claimed" | "annexed");
    let tiles: Vec<&str> = if qualifier {
        words[1..words.len() - 1].to_vec()
    } else {
        words[1..].to_vec()
    };
    if kind == "kong" {
        assert!(
            qualifier && last != "exposed",
            "a kong needs concealed, claimed or annexed: {s:?}"
        );
        json!({ "kind": kind, "tiles": tiles, "kong": last })
    } else {
        json!({ "kind": kind, "tiles": tiles, "exposed": last == "exposed" })
    }
}

fn tiles(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_string).collect()
}

/// A three-seat table under construction: `korean-3p`, prevailing East, washout, seats
/// `E S W` empty.
#[derive(Clone, Debug)]
pub struct K {
    pub v: Value,
    /// Seat letters in seat order (E S W, or E S N with the West removed).
    pub letters: [&'static str; 3],
}

/// A new table (see [`K`]).
pub fn korean() -> K {
    K {
        v: json!({
            "ruleset": "korean-3p",
            "options": {},
            "prevailing_wind": "E",
            "winner": null,
            "discards": [],
            "seats": { "E": {}, "S": {}, "W": {} }
        }),
        letters: ["E", "S", "W"],
    }
}

impl K {
    /// K3-O2: the West removed, seats E S N.
    pub fn west_removed(mut self) -> K {
        self.v["options"]["missing_wind"] = json!("west");
        self.v["seats"] = json!({ "E": {}, "S": {}, "N": {} });
        self.letters = ["E", "S", "N"];
        self
    }

    pub fn option(mut self, name: &str, value: impl Into<Value>) -> K {
        self.v["options"][name] = value.into();
        self
    }

    pub fn prevailing(mut self, wind: &str) -> K {
        self.v["prevailing_wind"] = json!(wind);
        self
    }

    /// `seat` wins with `tile` taken `from` (`wall`, `loose`, `discard`, `robbed_kong`).
    pub fn wins(mut self, seat: &str, tile: &str, from: &str) -> K {
        self.v["winner"] = json!(seat);
        self.v["win"] = json!({ "tile": tile, "from": from });
        self
    }

    /// The discarder of the winning tile (or the robbed konger).
    pub fn supplier(mut self, seat: &str) -> K {
        self.v["win"]["supplier"] = json!(seat);
        self
    }

    /// Sets a boolean flag of `win` (`last_tile`).
    pub fn flag(mut self, name: &str) -> K {
        self.v["win"][name] = json!(true);
        self
    }

    /// Discards as `"E:6C S:6C"`.
    pub fn discards(mut self, list: &str) -> K {
        self.v["discards"] = json!(tiles(list));
        self
    }

    /// One seat's declared sets (see [`set`]), concealed tiles and flowers.
    pub fn seat(mut self, seat: &str, sets: &[&str], concealed: &str, bonus: &str) -> K {
        let ready = self.v["seats"][seat]["ready"].as_bool().unwrap_or(false);
        self.v["seats"][seat] = json!({
            "sets": sets.iter().map(|s| set(s)).collect::<Vec<_>>(),
            "concealed": tiles(concealed),
            "bonus": tiles(bonus),
        });
        if ready {
            self.v["seats"][seat]["ready"] = json!(true);
        }
        self
    }

    /// The seat declared ready (K3-P9).
    pub fn ready(mut self, seat: &str) -> K {
        self.v["seats"][seat]["ready"] = json!(true);
        self
    }

    /// Drawn hands in a row before this one (K3-M2).
    pub fn goulash(mut self, n: u32) -> K {
        self.v["goulash"] = json!(n);
        self
    }

    /// The revealed dora indicator (K3-O5).
    pub fn dora(mut self, tile: &str) -> K {
        self.v["dora_indicator"] = json!(tile);
        self
    }

    pub fn json(&self) -> String {
        serde_json::to_string_pretty(&self.v).unwrap()
    }

    /// Parses and scores the table as users do.
    pub fn try_score(&self) -> Result<Outcome, InputError> {
        let input = TableInput::from_json(&self.json())?;
        mahjong_rules::score_input(&input).map(|(_, _, o)| o)
    }

    /// Scores the table (panics on an error).
    pub fn score(&self) -> Outcome {
        self.check_physical();
        match self.try_score() {
            Ok(o) => o,
            Err(e) => panic!("{e}\n{}", self.json()),
        }
    }

    /// The error scoring gives (panics if it scores).
    pub fn error(&self) -> InputError {
        match self.try_score() {
            Ok(o) => panic!(
                "scored, expected an error: {:?}\n{}",
                o.settlement,
                self.json()
            ),
            Err(e) => e,
        }
    }

    /// The validated table, its ruleset and shape (for `win_rank`).
    pub fn validated(&self) -> (Ruleset, Table, Shape) {
        let input = TableInput::from_json(&self.json()).unwrap();
        let ruleset = mahjong_rules::ruleset_of(&input).unwrap();
        let table = Table::validate(&input, &ruleset).unwrap();
        let shape = Shape::of(&ruleset.tile_set());
        (ruleset, table, shape)
    }

    /// `mahjong_rules::win_rank` for the table's winner.
    pub fn win_rank(&self) -> Option<(u64, u64)> {
        let (ruleset, table, shape) = self.validated();
        let w = table.winner.expect("a winner");
        mahjong_rules::win_rank(&table, w, &ruleset, &shape)
    }

    /// Seat index of a seat letter.
    pub fn index(&self, s: &str) -> usize {
        self.letters
            .iter()
            .position(|&x| x == s)
            .unwrap_or_else(|| panic!("bad seat {s}"))
    }

    /// The winner holds 14 tiles (kongs as 3) including the winning tile.
    pub fn check_physical(&self) {
        let Some(w) = self.v["winner"].as_str() else {
            return;
        };
        let seat = &self.v["seats"][w];
        let win_tile = self.v["win"]["tile"].as_str().unwrap();
        let mut size = 0;
        let mut has = false;
        for st in seat["sets"].as_array().into_iter().flatten() {
            let ts = st["tiles"].as_array().unwrap();
            size += ts.len().min(3);
            has |= ts.iter().any(|t| t == win_tile);
        }
        for t in seat["concealed"].as_array().into_iter().flatten() {
            size += 1;
            has |= t == win_tile;
        }
        assert_eq!(size, 14, "winner {w} holds {size} tiles\n{}", self.json());
        assert!(has, "winner {w} lacks the winning tile {win_tile}");
    }
}

/// A seat's items as `"K3-HP1 RD 1"`, `"K3-BP1 2"`, `"K3-L12 limit 40"` in output order.
pub fn items(o: &Outcome, seat: usize) -> Vec<String> {
    o.scores[seat]
        .items
        .as_slice()
        .iter()
        .map(|i| {
            let mut s = i.rule.id.to_string();
            if let Some(t) = i.tile {
                s += &format!(" {t}");
            }
            if i.limit {
                s += " limit";
            }
            s += &format!(" {}", i.points);
            s
        })
        .collect()
}

/// The payments as `(from, to, amount)` with seat letters, in order.
pub fn payments(k: &K, o: &Outcome) -> Vec<(&'static str, &'static str, u64)> {
    o.payments
        .as_slice()
        .iter()
        .map(|p| (k.letters[p.from], k.letters[p.to], p.amount))
        .collect()
}

/// What a test expects of a scored table.
pub struct Expect<'a> {
    /// The winner's items (see [`items`]).
    pub items: &'a [&'a str],
    /// Hand-points (`SeatScore::points`).
    pub hp: u64,
    /// `SeatScore::score`.
    pub score: u64,
    /// Payments `(from, to, amount)`.
    pub pay: &'a [(&'a str, &'a str, u64)],
}

/// Scores the table and checks the winner's items, hand-points, score, limit (none), the
/// payments, that the settlement is their sum, and that losers score nothing.
#[track_caller]
pub fn check(k: &K, e: Expect) -> Outcome {
    let o = k.score();
    let w = k.index(k.v["winner"].as_str().unwrap());
    let got = items(&o, w);
    assert_eq!(got, e.items, "items\n{}", k.json());
    let sc = &o.scores[w];
    assert_eq!(
        (sc.points, sc.score),
        (e.hp, e.score),
        "(hand-points, score) {got:?}"
    );
    assert_eq!(sc.limit, None, "no limit hand expected");
    assert_eq!(payments(k, &o), e.pay, "payments {got:?}");
    check_settlement(k, &o);
    o
}

/// The settlement is the payments' sum, sums to zero, and losers score nothing.
#[track_caller]
pub fn check_settlement(k: &K, o: &Outcome) {
    let mut net = [0i64; 4];
    for p in o.payments.as_slice() {
        net[p.from] -= p.amount as i64;
        net[p.to] += p.amount as i64;
    }
    assert_eq!(o.settlement, net);
    assert_eq!(o.settlement.iter().sum::<i64>(), 0);
    assert_eq!(o.seats, 3);
    for (i, sc) in o.scores.iter().enumerate() {
        if Some(k.letters.get(i).copied().unwrap_or("-")) != k.v["winner"].as_str() {
            assert_eq!((sc.points, sc.score), (0, 0), "seat {i} is no winner");
            assert!(sc.items.as_slice().is_empty());
        }
    }
}

/// Scores a limit hand and checks its rule, hand-points (if given), value and payments.
#[track_caller]
pub fn check_limit(
    k: &K,
    rule: &str,
    hp: Option<u64>,
    value: u64,
    pay: &[(&str, &str, u64)],
) -> Outcome {
    let o = k.score();
    let w = k.index(k.v["winner"].as_str().unwrap());
    let sc = &o.scores[w];
    let got = items(&o, w);
    assert_eq!(
        (sc.limit.map(|r| r.id), sc.score),
        (Some(rule), value),
        "limit {got:?}\n{}",
        k.json()
    );
    assert!(
        got.contains(&format!("{rule} limit {value}")),
        "{rule} item worth {value} in {got:?}"
    );
    if let Some(hp) = hp {
        assert_eq!(sc.points, hp, "hand-points {got:?}");
    }
    assert_eq!(payments(k, &o), pay, "payments {got:?}");
    check_settlement(k, &o);
    // win_rank: a limit hand ranks by its value, with no bonus-points.
    assert_eq!(k.win_rank(), Some((value, 0)));
    o
}
