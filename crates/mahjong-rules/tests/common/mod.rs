//! Helpers for the classical rules tests: build table JSON from compact strings, score it
//! the way users do (`TableInput::from_json` → `score_input`), and read the results by seat.
#![allow(dead_code)]

use std::collections::BTreeMap;

use mahjong_rules::{InputError, Item, Outcome, SeatScore, TableInput};
use serde_json::{json, Map, Value};

/// Seat letters by seat index (0 East … 3 North).
pub const SEATS: [&str; 4] = ["E", "S", "W", "N"];

/// Seat index of a seat letter.
pub fn seat_index(s: &str) -> usize {
    SEATS
        .iter()
        .position(|&x| x == s)
        .unwrap_or_else(|| panic!("bad seat {s}"))
}

/// One declared set from a compact string: `"pung RD RD RD exposed"`, `"chow 1B 2B 3B
/// exposed"`, `"pair 5D 5D"` (concealed), `"kong 3D 3D 3D 3D annexed"` (or `claimed`,
/// `concealed`). A pung, chow or pair without a qualifier is concealed. Optional trailing
/// words: `winning` (the set the winning tile completed) and `claimed=5D` (the tile taken
/// from a discard).
pub fn set(s: &str) -> Value {
    let mut words: Vec<&str> = s.split_whitespace().collect();
    let mut winning = false;
    let mut claimed = None;
    while let Some(&w) = words.last() {
        if w == "winning" {
            winning = true;
        } else if let Some(t) = w.strip_prefix("claimed=") {
            claimed = Some(t);
        } else {
            break;
        }
        words.pop();
    }
    let kind = words[0];
    assert!(
        matches!(kind, "chow" | "pung" | "kong" | "pair" | "knitted"),
        "bad set kind in {s:?}"
    );
    let last = *words.last().unwrap();
    let qualifier = matches!(last, "exposed" | "concealed" | "claimed" | "annexed");
    let tiles: Vec<&str> = if qualifier {
        words[1..words.len() - 1].to_vec()
    } else {
        words[1..].to_vec()
    };
    let mut v = if kind == "kong" {
        let how = if qualifier && last != "exposed" {
            last
        } else {
            panic!("a kong needs concealed, claimed or annexed: {s:?}")
        };
        json!({ "kind": kind, "tiles": tiles, "kong": how })
    } else {
        assert!(
            !matches!(last, "claimed" | "annexed"),
            "only kongs are claimed/annexed: {s:?}"
        );
        json!({ "kind": kind, "tiles": tiles, "exposed": last == "exposed" })
    };
    if winning {
        v["winning"] = json!(true);
    }
    if let Some(t) = claimed {
        v["claimed"] = json!(t);
    }
    v
}

fn tiles(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_string).collect()
}

/// A table under construction. Starts as: `millington`, prevailing East, washout, every seat
/// empty, no discards.
#[derive(Clone, Debug)]
pub struct T {
    pub v: Value,
}

/// A new table (see [`T`]).
pub fn table() -> T {
    let empty = || json!({ "sets": [], "concealed": [], "bonus": [] });
    T {
        v: json!({
            "ruleset": "millington",
            "options": {},
            "prevailing_wind": "E",
            "east_consecutive_wins": 0,
            "winner": null,
            "discards": [],
            "cannon": null,
            "seats": { "E": empty(), "S": empty(), "W": empty(), "N": empty() }
        }),
    }
}

impl T {
    /// Parses a whole table from JSON text.
    pub fn from_text(text: &str) -> T {
        T {
            v: serde_json::from_str(text).expect("valid JSON"),
        }
    }

    pub fn ruleset(mut self, name: &str) -> T {
        self.v["ruleset"] = json!(name);
        self
    }

    pub fn option(mut self, name: &str, value: impl Into<Value>) -> T {
        self.v["options"][name] = value.into();
        self
    }

    pub fn prevailing(mut self, wind: &str) -> T {
        self.v["prevailing_wind"] = json!(wind);
        self
    }

    pub fn east_wins(mut self, n: u32) -> T {
        self.v["east_consecutive_wins"] = json!(n);
        self
    }

    /// `seat` wins with `tile` taken `from` (`wall`, `loose`, `discard`, `robbed_kong`).
    pub fn wins(mut self, seat: &str, tile: &str, from: &str) -> T {
        self.v["winner"] = json!(seat);
        self.v["win"] = json!({ "tile": tile, "from": from });
        self
    }

    /// The discarder of the winning tile (or the robbed konger).
    pub fn supplier(mut self, seat: &str) -> T {
        self.v["win"]["supplier"] = json!(seat);
        self
    }

    /// Sets a boolean flag of `win` (`last_tile`, `original_call`, `heaven` …).
    pub fn flag(mut self, name: &str) -> T {
        self.v["win"][name] = json!(true);
        self
    }

    /// Discards as `"E:6B N:6B"`.
    pub fn discards(mut self, list: &str) -> T {
        self.v["discards"] = json!(tiles(list));
        self
    }

    pub fn cannon(mut self, seat: &str) -> T {
        self.v["cannon"] = json!(seat);
        self
    }

    /// One seat's declared sets (compact strings, see [`set`]), concealed tiles and bonus
    /// tiles (space-separated codes).
    pub fn seat(mut self, seat: &str, sets: &[&str], concealed: &str, bonus: &str) -> T {
        self.v["seats"][seat] = json!({
            "sets": sets.iter().map(|s| set(s)).collect::<Vec<_>>(),
            "concealed": tiles(concealed),
            "bonus": tiles(bonus),
        });
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

    /// Checks that the table is physically possible, then scores it (panics on error).
    pub fn score(&self) -> Outcome {
        self.check_physical();
        match self.try_score() {
            Ok(o) => o,
            Err(e) => panic!("{e}\n{}", self.json()),
        }
    }

    /// Asserts what a real table allows: at most 4 copies of each tile (1 of each bonus
    /// tile) across all seats and the unclaimed discards; losers hold at most 13 tiles,
    /// the winner exactly 14 (kongs counted as 3) including the winning tile.
    pub fn check_physical(&self) {
        let mut count: BTreeMap<String, i32> = BTreeMap::new();
        let mut claimed: BTreeMap<String, i32> = BTreeMap::new();
        let winner = self.v["winner"].as_str().map(str::to_string);
        for s in SEATS {
            let seat = &self.v["seats"][s];
            let mut size = 0;
            let mut has_win_tile = false;
            let win_tile = self.v["win"]["tile"].as_str().unwrap_or("");
            for st in seat["sets"].as_array().unwrap() {
                let ts = st["tiles"].as_array().unwrap();
                size += ts.len().min(3);
                let exposed = st["exposed"].as_bool().unwrap_or(false)
                    || matches!(st["kong"].as_str(), Some("claimed" | "annexed"));
                let mut first = true;
                if let Some(t) = st["claimed"].as_str() {
                    *claimed.entry(t.to_string()).or_default() += 1;
                    first = false;
                }
                for t in ts {
                    let t = t.as_str().unwrap().to_string();
                    has_win_tile |= t == win_tile;
                    if exposed && first {
                        *claimed.entry(t.clone()).or_default() += 1;
                        first = false;
                    }
                    *count.entry(t).or_default() += 1;
                }
            }
            for t in seat["concealed"].as_array().unwrap() {
                let t = t.as_str().unwrap().to_string();
                has_win_tile |= t == win_tile;
                size += 1;
                *count.entry(t).or_default() += 1;
            }
            for t in seat["bonus"].as_array().unwrap() {
                let t = t.as_str().unwrap().to_string();
                *count.entry(t.clone()).or_default() += 1;
                assert!(count[&t] <= 1, "two copies of bonus tile {t}");
            }
            if winner.as_deref() == Some(s) {
                assert_eq!(size, 14, "winner {s} holds {size} tiles");
                assert!(has_win_tile, "winner {s} lacks the winning tile");
            } else {
                assert!(size <= 13, "loser {s} holds {size} tiles");
            }
        }
        if matches!(
            self.v["win"]["from"].as_str(),
            Some("discard" | "robbed_kong")
        ) {
            let t = self.v["win"]["tile"].as_str().unwrap().to_string();
            *claimed.entry(t).or_default() += 1;
        }
        let mut discarded: BTreeMap<String, i32> = BTreeMap::new();
        for d in self.v["discards"].as_array().unwrap() {
            let (_, t) = d.as_str().unwrap().split_once(':').unwrap();
            *discarded.entry(t.to_string()).or_default() += 1;
        }
        for (t, n) in &count {
            assert!(*n <= 4, "{n} copies of {t}");
        }
        for (t, d) in &discarded {
            let on_table = d - claimed.get(t).copied().unwrap_or(0).min(*d);
            let total = count.get(t).copied().unwrap_or(0) + on_table;
            assert!(total <= 4, "{total} copies of {t} with the discards");
        }
    }
}

/// Options as a JSON object, for building tables by hand.
pub fn options(pairs: &[(&str, Value)]) -> Map<String, Value> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect()
}

/// A seat's score by letter.
pub fn seat<'a>(o: &'a Outcome, s: &str) -> &'a SeatScore {
    &o.scores[seat_index(s)]
}

/// The items of a seat with the given rule id.
pub fn items<'a>(o: &'a Outcome, s: &str, id: &str) -> Vec<&'a Item> {
    seat(o, s)
        .items
        .as_slice()
        .iter()
        .filter(|i| i.rule.id == id)
        .collect()
}

/// The (points, doubles) of a seat's items with the rule id, sorted.
pub fn values(o: &Outcome, s: &str, id: &str) -> Vec<(u32, u32)> {
    let mut v: Vec<(u32, u32)> = items(o, s, id)
        .iter()
        .map(|i| (u32::from(i.points), u32::from(i.doubles)))
        .collect();
    v.sort_unstable();
    v
}

/// Whether the seat has an item with the rule id.
pub fn has(o: &Outcome, s: &str, id: &str) -> bool {
    !items(o, s, id).is_empty()
}

/// A readable dump of a seat's score for assertion messages.
pub fn describe(o: &Outcome, s: &str) -> String {
    let sc = seat(o, s);
    let mut out = format!(
        "{s}: points {} doubles {} limit {:?} score {}\n",
        sc.points,
        sc.doubles,
        sc.limit.map(|r| r.id),
        sc.score
    );
    for i in sc.items.as_slice() {
        out += &format!(
            "  {} {:<45} points {:>3} doubles {} limit {} tile {:?}\n",
            i.rule.id, i.rule.name, i.points, i.doubles, i.limit, i.tile
        );
    }
    out
}

/// Asserts a seat's basic points, doubles and final score.
#[track_caller]
pub fn assert_seat(o: &Outcome, s: &str, points: u64, doubles: u32, score: u64) {
    let sc = seat(o, s);
    assert_eq!(
        (sc.points, sc.doubles, sc.score),
        (points, doubles, score),
        "(points, doubles, score) of\n{}",
        describe(o, s)
    );
}

/// Asserts the seat has exactly `n` items of the rule, each worth `points` and `doubles`.
#[track_caller]
pub fn assert_items(o: &Outcome, s: &str, id: &str, n: usize, points: u32, doubles: u32) {
    let its = items(o, s, id);
    assert_eq!(its.len(), n, "number of {id} items of\n{}", describe(o, s));
    for i in its {
        assert_eq!(
            (u32::from(i.points), u32::from(i.doubles)),
            (points, doubles),
            "{id} item of\n{}",
            describe(o, s)
        );
    }
}

/// Asserts the seat has no item of the rule.
#[track_caller]
pub fn assert_no(o: &Outcome, s: &str, id: &str) {
    assert!(!has(o, s, id), "unexpected {id} in\n{}", describe(o, s));
}

/// Asserts a limit hand: the score and the rule id of `limit`.
#[track_caller]
pub fn assert_limit(o: &Outcome, s: &str, id: &str, score: u64) {
    let sc = seat(o, s);
    assert_eq!(
        (sc.limit.map(|r| r.id), sc.score),
        (Some(id), score),
        "limit of\n{}",
        describe(o, s)
    );
}

/// Asserts the settlement, in seat order E, S, W, N.
#[track_caller]
pub fn assert_settlement(o: &Outcome, expected: [i64; 4]) {
    assert_eq!(
        o.settlement, expected,
        "settlement; payments {:?}",
        o.payments
    );
}

/// The amount `from` pays `to` (0 if no payment).
pub fn paid(o: &Outcome, from: &str, to: &str) -> u64 {
    let (f, t) = (seat_index(from), seat_index(to));
    o.payments
        .as_slice()
        .iter()
        .filter(|p| p.from == f && p.to == t)
        .map(|p| p.amount)
        .sum()
}

/// North wins on East's 6B, which only his exposed chow 5B-6B-7B holds; that chow was made
/// earlier with a 7B (`claimed`), so no set could have taken the 6B and the hand is refused.
/// The searches for "filling the only place" (M115c, KJ-W4) took one 6B out of the loose
/// tiles, which hold none: an overflow (found by fuzzing the mj-server client's audit).
pub fn claimed_tile_only_in_an_earlier_set(ruleset: &str) -> T {
    T {
        v: json!({
            "ruleset": ruleset, "prevailing_wind": "E", "winner": "N",
            "win": { "tile": "6B", "from": "discard", "supplier": "E" },
            "discards": ["E:7B", "S:1D", "W:9D", "N:2B", "E:6B"],
            "seats": {
                "E": {}, "S": {}, "W": {},
                "N": {
                    "sets": [{ "kind": "chow", "tiles": ["5B", "6B", "7B"], "exposed": true,
                               "claimed": "7B" }],
                    "concealed": ["2D", "3D", "4D", "3C", "3C", "3C", "8C", "8C", "8C", "1C",
                                  "1C"]
                }
            }
        }),
    }
}
