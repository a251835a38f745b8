//! The `malaysian-3p` scorer and settlement against `shared/rules/malaysian-3p.md` (MY3-B
//! bonus fan, MY3-F hand fan, MY3-J jokers, MY3-L limits, MY3-S minimum, MY3-PAY payments,
//! MY3-I instant payments, MY3-X readings), one test per rule id and per option.
//!
//! Tables are written as the JSON of `table-json.md` with its Malaysian fields (`JK`,
//! animals `1A`–`4A`, faces `1H`–`4H`, `supplier` on a claimed kong,
//! `opening_bonus_groups`, `cannon`) and scored through the public API
//! (`mahjong_rules::score_input`, the whole of `mahjong score`) with the options each test
//! sets. Every expected value is worked out in a comment. Seats E S W (0, 1, 2; E is the
//! dealer); bonus numbers E 1, S 2, W 3; prevailing East; seats not mentioned hold
//! nothing. B = 20 × fan (MY3-PAY1); on a self-draw each opponent pays 2B, on a discard the
//! discarder 2B and the other B. Most tests set `min_fan` to 1 to look at one item, and
//! give the winner one animal (`1A`, 1 fan), since a hand without bonus tiles is a limit
//! hand (MY3-L1).

use mahjong_rules::{
    score_input, HandEnd, InputError, Outcome, Ruleset, Table, TableInput, WinFrom,
};
use serde_json::{json, Map, Value};

/// A table being built.
struct T {
    v: Value,
}

fn seat_key(s: &str) -> usize {
    ["E", "S", "W"].iter().position(|x| *x == s).unwrap()
}

fn list(s: &str) -> Value {
    Value::Array(
        s.split_whitespace()
            .map(|t| Value::String(t.into()))
            .collect(),
    )
}

/// A declared set: `"pung RD RD JK exposed"`, `"chow 3D JK 5D exposed"`, `"pair GD JK"`,
/// `"kong 9D 9D 9D 9D concealed|annexed|claimed [SUPPLIER]"`.
fn set(s: &str) -> Value {
    let w: Vec<&str> = s.split_whitespace().collect();
    let n = match w[0] {
        "kong" => 4,
        "pair" => 2,
        _ => 3,
    };
    let tiles = list(&w[1..=n].join(" "));
    let rest = &w[n + 1..];
    if w[0] == "kong" {
        let mut v = json!({"kind": "kong", "tiles": tiles, "kong": rest[0]});
        if let Some(sup) = rest.get(1) {
            v["supplier"] = json!(sup);
        }
        v
    } else {
        json!({"kind": w[0], "tiles": tiles, "exposed": rest.first() == Some(&"exposed")})
    }
}

/// `winner` wins on `tile` from `from`: `wall`, `loose`, `discard:E`, `robbed_kong:E`.
fn win(winner: &str, tile: &str, from: &str) -> T {
    let mut w = json!({"tile": tile});
    match from.split_once(':') {
        Some((f, s)) => {
            w["from"] = json!(f);
            w["supplier"] = json!(s);
        }
        None => w["from"] = json!(from),
    }
    T {
        v: json!({
            "ruleset": "malaysian-3p", "options": {}, "prevailing_wind": "E",
            "winner": winner, "win": w,
            "seats": {"E": {}, "S": {}, "W": {}}
        }),
    }
}

/// A drawn hand (no winner).
fn washout() -> T {
    T {
        v: json!({
            "ruleset": "malaysian-3p", "options": {}, "prevailing_wind": "E",
            "winner": null, "seats": {"E": {}, "S": {}, "W": {}}
        }),
    }
}

impl T {
    /// A seat's declared sets, concealed tiles and bonus tiles.
    fn seat(mut self, seat: &str, sets: &[&str], concealed: &str, bonus: &str) -> T {
        self.v["seats"][seat] = json!({
            "sets": sets.iter().map(|s| set(s)).collect::<Vec<_>>(),
            "concealed": list(concealed),
            "bonus": list(bonus),
        });
        self
    }
    fn opt(mut self, name: &str, value: Value) -> T {
        self.v["options"][name] = value;
        self
    }
    fn clone_with(&self, name: &str, value: Value) -> T {
        T { v: self.v.clone() }.opt(name, value)
    }
    /// `min_fan` 1: one item is enough to win.
    fn any_fan(self) -> T {
        self.opt("min_fan", json!(1))
    }
    fn flag(mut self, name: &str) -> T {
        self.v["win"][name] = json!(true);
        self
    }
    fn top(mut self, name: &str, value: Value) -> T {
        self.v[name] = value;
        self
    }
    fn opening(mut self, seat: &str, groups: &[&str]) -> T {
        self.v["seats"][seat]["opening_bonus_groups"] = json!(groups);
        self
    }
    fn score(&self) -> Result<(Ruleset, Table, Outcome), InputError> {
        let input = TableInput::from_json(&self.v.to_string())?;
        score_input(&input)
    }
    #[track_caller]
    fn ok(&self) -> Outcome {
        match self.score() {
            Ok((_, _, o)) => o,
            Err(e) => panic!("{e}\n{}", self.v),
        }
    }
    #[track_caller]
    fn refused(&self, needles: &[&str]) -> InputError {
        match self.score() {
            Ok((_, _, o)) => panic!("scored {:?}\n{}", o.scores[..3].to_vec(), self.v),
            Err(e) => {
                let text = e.to_string();
                for n in needles {
                    assert!(text.contains(n), "{n:?} not in {text:?}");
                }
                e
            }
        }
    }
}

/// A seat's items as `RULE name [tile] fan`.
fn items(o: &Outcome, seat: &str) -> Vec<String> {
    o.scores[seat_key(seat)]
        .items
        .as_slice()
        .iter()
        .map(|it| {
            let tile = it.tile.map(|t| format!(" {t}")).unwrap_or_default();
            format!("{} {}{tile} {}", it.rule.id, it.rule.name, it.points)
        })
        .collect()
}

/// (fan, base B) of a seat.
fn fan_base(o: &Outcome, seat: &str) -> (u64, u64) {
    let s = &o.scores[seat_key(seat)];
    (s.points, s.score)
}

fn net(o: &Outcome) -> [i64; 3] {
    [o.settlement[0], o.settlement[1], o.settlement[2]]
}

fn limit(o: &Outcome, seat: &str) -> Option<&'static str> {
    o.scores[seat_key(seat)].limit.map(|r| r.name)
}

/// The payments as `(from, to, amount)` with seat letters.
fn payments(o: &Outcome) -> Vec<(char, char, u64)> {
    let l = |i: usize| ['E', 'S', 'W'][i];
    o.payments
        .as_slice()
        .iter()
        .map(|p| (l(p.from), l(p.to), p.amount))
        .collect()
}

/// 123 456 789 of circles, a pung of red dragons and a pair of 5D: MY3-F1 RD 1 + MY3-F6 1.
const H0: &str = "1D 2D 3D 4D 5D 6D 7D 8D 9D RD RD RD 5D 5D";

// ---- MY3-T, MY3-D: tiles and seats

#[test]
fn t1_tile_set_84_or_80_without_north() {
    let r = Ruleset::preset("malaysian-3p").unwrap();
    assert_eq!(r.tile_set().len(), 84);
    let mut r = r;
    r.set("drop_north=true").unwrap();
    assert_eq!(r.tile_set().len(), 80);
    // A North under drop_north is no tile of the set.
    win("S", "5D", "wall")
        .any_fan()
        .opt("drop_north", json!(true))
        .seat("S", &[], "1D 2D 3D 4D 5D 6D 7D 8D 9D NW NW NW 5D 5D", "1A")
        .refused(&["NW is not a tile"]);
}

#[test]
fn t2_animal_face_and_joker_codes() {
    // S: H0 with animals 1A 3A, faces 2H 4H, a joker exposed: F1 1 + F6 1 + 2 + 2 + B8 1
    // = 7 fan.
    let o = win("S", "5D", "wall")
        .seat("S", &[], H0, "1A 3A 2H 4H JK")
        .ok();
    assert_eq!(
        items(&o, "S"),
        [
            "MY3-F1 pung of dragons RD 1",
            "MY3-F6 half flush 1",
            "MY3-B1 face 2H 1",
            "MY3-B1 face 4H 1",
            "MY3-B3 animal 1A 1",
            "MY3-B3 animal 3A 1",
            "MY3-B8 joker exposed as a bonus tile JK 1",
        ]
    );
    assert_eq!(fan_base(&o, "S"), (7, 140));
}

#[test]
fn t3_only_circles_and_honours() {
    win("S", "5D", "wall")
        .any_fan()
        .seat("S", &[], "1B 2B 3B 4D 5D 6D 7D 8D 9D RD RD RD 5D 5D", "1A")
        .refused(&["1B is not a tile"]);
}

#[test]
fn d1_three_seats_east_south_west() {
    let r = Ruleset::preset("malaysian-3p").unwrap();
    assert_eq!(r.seats(), 3);
    assert_eq!(
        r.seat_winds()
            .iter()
            .map(|w| w.letter())
            .collect::<String>(),
        "ESW"
    );
    win("N", "5D", "wall")
        .seat("S", &[], H0, "1A")
        .refused(&["winner", "unknown seat"]);
}

// ---- MY3-B: bonus tiles

#[test]
fn b1_each_face_one_fan() {
    // H0 (2) + faces 1H 3H (2) = 4 fan, B 80; self-drawn: 160 from each.
    let o = win("S", "5D", "wall")
        .any_fan()
        .seat("S", &[], H0, "1H 3H")
        .ok();
    assert_eq!(fan_base(&o, "S"), (4, 80));
    assert!(items(&o, "S").contains(&"MY3-B1 face 3H 1".to_string()));
    assert_eq!(net(&o), [-160, 320, -160]);
}

#[test]
fn b2_all_four_faces_five_fan() {
    // H0 (2) + 4 faces (4) + B2 (1) = 7 fan, B 140; self-drawn 280 from each; the group
    // finished during play: 50 more from each (MY3-I1).
    let o = win("S", "5D", "wall")
        .seat("S", &[], H0, "1H 2H 3H 4H")
        .ok();
    assert_eq!(fan_base(&o, "S"), (7, 140));
    assert_eq!(items(&o, "S").last().unwrap(), "MY3-B2 all four faces 1");
    assert_eq!(net(&o), [-330, 660, -330]);
}

#[test]
fn b3_each_animal_one_fan() {
    // H0 (2) + 2A 4A (2) = 4 fan.
    let o = win("S", "5D", "wall")
        .any_fan()
        .seat("S", &[], H0, "2A 4A")
        .ok();
    assert_eq!(fan_base(&o, "S"), (4, 80));
    assert!(items(&o, "S").contains(&"MY3-B3 animal 4A 1".to_string()));
}

#[test]
fn b4_all_four_animals_five_fan() {
    // H0 (2) + 4 animals (4) + B4 (1) = 7 fan.
    let o = win("S", "5D", "wall")
        .seat("S", &[], H0, "1A 2A 3A 4A")
        .ok();
    assert_eq!(fan_base(&o, "S"), (7, 140));
    assert_eq!(items(&o, "S").last().unwrap(), "MY3-B4 all four animals 1");
}

#[test]
fn b5_own_flower_and_season_only() {
    // South is number 2: 2F and 2S score 1 each; 1F and 3S (East's and West's) nothing.
    // H0 (2) + 2 = 4 fan.
    let o = win("S", "5D", "wall")
        .any_fan()
        .seat("S", &[], H0, "1F 2F 2S 3S")
        .ok();
    assert_eq!(fan_base(&o, "S"), (4, 80));
    let it = items(&o, "S");
    assert!(it.contains(&"MY3-B5 own flower or season 2F 1".to_string()));
    assert!(it.contains(&"MY3-B5 own flower or season 2S 1".to_string()));
    assert_eq!(it.len(), 4);
    // East's own are 1F and 1S.
    let o = win("E", "5D", "wall")
        .any_fan()
        .seat("E", &[], H0, "1F 2F 2S 3S")
        .ok();
    assert_eq!(fan_base(&o, "E"), (3, 60));
}

#[test]
fn b6_number_four_for_everybody_option_fourth_flower_counts() {
    // 4F and 4S: 1 fan each for any seat: H0 (2) + 2 = 4 fan.
    let t = win("W", "5D", "wall").any_fan().seat("W", &[], H0, "4F 4S");
    let o = t.ok();
    assert_eq!(fan_base(&o, "W"), (4, 80));
    assert!(items(&o, "W").contains(&"MY3-B6 flower or season number 4 4S 1".to_string()));
    // fourth_flower_counts off: they score nothing (and are still bonus tiles: no limit).
    let o = t.opt("fourth_flower_counts", json!(false)).ok();
    assert_eq!(fan_base(&o, "W"), (2, 40));
}

#[test]
fn b7_flower_group_plus_one_or_four_total() {
    // All four flowers to South: plus_one: 2F 1 + 4F 1 + group 1 = 3; H0 2: 5 fan.
    let t = win("S", "5D", "wall").seat("S", &[], H0, "1F 2F 3F 4F");
    let o = t.ok();
    assert_eq!(fan_base(&o, "S"), (5, 100));
    assert_eq!(items(&o, "S").last().unwrap(), "MY3-B7 all four flowers 1");
    // four_total: the group scores 4 in all, in place of 2F and 4F: 6 fan.
    let o = t.opt("flower_group", json!("four_total")).any_fan().ok();
    assert_eq!(fan_base(&o, "S"), (6, 120));
    assert_eq!(
        items(&o, "S")[2..],
        ["MY3-B7 all four flowers 4".to_string()]
    );
    // Seasons the same way (plus_one, East: 1S, 4S, group = 3).
    let o = win("E", "5D", "wall")
        .seat("E", &[], H0, "1S 2S 3S 4S")
        .ok();
    assert_eq!(items(&o, "E").last().unwrap(), "MY3-B7 all four seasons 1");
    assert_eq!(fan_base(&o, "E"), (5, 100));
}

#[test]
fn b8_joker_exposed_as_a_bonus_tile() {
    // Two jokers exposed (2) + 1A (1) + H0 (2) = 5 fan: the minimum.
    let o = win("S", "5D", "wall").seat("S", &[], H0, "JK JK 1A").ok();
    assert_eq!(fan_base(&o, "S"), (5, 100));
    assert_eq!(
        items(&o, "S")
            .iter()
            .filter(|i| i.starts_with("MY3-B8"))
            .count(),
        2
    );
}

#[test]
fn b9_win_on_a_bonus_tile_replacement() {
    // A loose tile without a kong is a bonus tile's replacement (MY3-X6): H0 2 + 1A 1 +
    // B9 1 = 4 fan.
    let o = win("S", "5D", "loose")
        .any_fan()
        .seat("S", &[], H0, "1A")
        .ok();
    assert_eq!(fan_base(&o, "S"), (4, 80));
    assert!(items(&o, "S").contains(&"MY3-B9 win on a bonus-tile replacement 1".to_string()));
}

// ---- MY3-F: the hand

#[test]
fn f1_each_dragon_pung() {
    // RD and WD pungs: 1 each; F6 1; 1A 1 = 4 fan.
    let o = win("S", "9D", "wall")
        .any_fan()
        .seat("S", &[], "1D 2D 3D 4D 5D 6D RD RD RD WD WD WD 9D 9D", "1A")
        .ok();
    assert_eq!(
        items(&o, "S")[..3],
        [
            "MY3-F1 pung of dragons RD 1",
            "MY3-F1 pung of dragons WD 1",
            "MY3-F6 half flush 1"
        ]
    );
    assert_eq!(fan_base(&o, "S"), (4, 80));
}

#[test]
fn f2_own_wind_pung() {
    // South's SW pung 1 + F6 1 + 1A 1 = 3; West's SW pung scores nothing but the flush.
    let hand = "1D 2D 3D 4D 5D 6D 7D 8D 9D SW SW SW 5D 5D";
    let o = win("S", "5D", "wall")
        .any_fan()
        .seat("S", &[], hand, "1A")
        .ok();
    assert_eq!(items(&o, "S")[0], "MY3-F2 pung of own wind SW 1");
    assert_eq!(fan_base(&o, "S"), (3, 60));
    let o = win("W", "5D", "wall")
        .any_fan()
        .seat("W", &[], hand, "1A")
        .ok();
    assert_eq!(fan_base(&o, "W"), (2, 40));
}

#[test]
fn f3_north_pung_for_everyone() {
    // NW pung 1 + F6 1 + 1A 1 = 3, for West as for the others.
    let o = win("W", "5D", "wall")
        .any_fan()
        .seat("W", &[], "1D 2D 3D 4D 5D 6D 7D 8D 9D NW NW NW 5D 5D", "1A")
        .ok();
    assert_eq!(items(&o, "W")[0], "MY3-F3 pung of North NW 1");
    assert_eq!(fan_base(&o, "W"), (3, 60));
}

#[test]
fn f4_east_pung_the_dealer_scores_two() {
    let hand = "1D 2D 3D 4D 5D 6D 7D 8D 9D EW EW EW 5D 5D";
    // South: the prevailing wind 1 + F6 1 + 1A 1 = 3.
    let o = win("S", "5D", "wall")
        .any_fan()
        .seat("S", &[], hand, "1A")
        .ok();
    assert_eq!(items(&o, "S")[0], "MY3-F4 pung of the prevailing wind EW 1");
    assert_eq!(fan_base(&o, "S"), (3, 60));
    // East: his own wind and the prevailing wind, 2, + F6 1 + 1A 1 = 4.
    let o = win("E", "5D", "wall")
        .any_fan()
        .seat("E", &[], hand, "1A")
        .ok();
    assert_eq!(
        items(&o, "E")[..2],
        [
            "MY3-F2 pung of own wind EW 1",
            "MY3-F4 pung of the prevailing wind EW 1"
        ]
    );
    assert_eq!(fan_base(&o, "E"), (4, 80));
}

#[test]
fn f5_small_three_dragons_replaces_the_dragon_pungs() {
    // RD, WD pungs and a GD pair: 3 in all (no MY3-F1) + F6 1 + 1A 1 = 5 fan.
    let o = win("S", "GD", "discard:E")
        .seat("S", &[], "1D 2D 3D 4D 5D 6D RD RD RD WD WD WD GD GD", "1A")
        .ok();
    assert_eq!(
        items(&o, "S"),
        [
            "MY3-F5 small three dragons 3",
            "MY3-F6 half flush 1",
            "MY3-B3 animal 1A 1"
        ]
    );
    assert_eq!(fan_base(&o, "S"), (5, 100));
    // E pays 2B 200, W B 100.
    assert_eq!(net(&o), [-200, 300, -100]);
}

#[test]
fn f6_half_flush_f7_full_flush() {
    // Circles and honours: H0 has F6 1.
    let o = win("S", "5D", "wall")
        .any_fan()
        .seat("S", &[], H0, "1A")
        .ok();
    assert!(items(&o, "S").contains(&"MY3-F6 half flush 1".to_string()));
    // Circles only: F7 3 in place of F6 + 1A 1 = 4.
    let o = win("S", "5D", "wall")
        .any_fan()
        .seat("S", &[], "1D 2D 3D 4D 5D 6D 7D 8D 9D 2D 2D 2D 5D 5D", "1A")
        .ok();
    assert_eq!(
        items(&o, "S"),
        ["MY3-F7 full flush 3", "MY3-B3 animal 1A 1"]
    );
}

#[test]
fn f8_all_pungs() {
    // Exposed 1D, 3D pungs, concealed RD, EW pungs and a 5D pair, won on W's 5D: F1 RD 1,
    // F4 EW 1, F6 1, F8 2, 1A 1 = 6 fan, B 120: W pays 240, E 120.
    let o = win("S", "5D", "discard:W")
        .seat(
            "S",
            &["pung 1D 1D 1D exposed", "pung 3D 3D 3D exposed"],
            "RD RD RD EW EW EW 5D 5D",
            "1A",
        )
        .ok();
    assert_eq!(
        items(&o, "S"),
        [
            "MY3-F1 pung of dragons RD 1",
            "MY3-F4 pung of the prevailing wind EW 1",
            "MY3-F6 half flush 1",
            "MY3-F8 all pungs 2",
            "MY3-B3 animal 1A 1"
        ]
    );
    assert_eq!(net(&o), [-120, 360, -240]);
}

#[test]
fn f9_four_chows_and_a_circles_pair() {
    // 123 456 789 234 + 5D pair: F7 3 + F9 1 + 1A 1 = 5.
    let o = win("S", "5D", "wall")
        .seat("S", &[], "1D 2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D 5D", "1A")
        .ok();
    assert_eq!(
        items(&o, "S")[..2],
        [
            "MY3-F7 full flush 3",
            "MY3-F9 four chows and a circles pair 1"
        ]
    );
    // With an East pair: no F9 (F6 1 + 1A 1 = 2).
    let o = win("S", "EW", "wall")
        .any_fan()
        .seat("S", &[], "1D 2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D EW EW", "1A")
        .ok();
    assert_eq!(fan_base(&o, "S"), (2, 40));
}

#[test]
fn f10_win_on_a_kong_replacement() {
    // A concealed 9D kong, won on its replacement: F1 RD 1 + F6 1 + F10 1 + 1A 1 = 4 fan,
    // B 80: 160 from each; the concealed kong (MY3-I4): 100 from each.
    let o = win("S", "5D", "loose")
        .any_fan()
        .seat(
            "S",
            &["kong 9D 9D 9D 9D concealed"],
            "1D 2D 3D 4D 5D 6D RD RD RD 5D 5D",
            "1A",
        )
        .ok();
    assert!(items(&o, "S").contains(&"MY3-F10 win on a kong replacement 1".to_string()));
    assert_eq!(fan_base(&o, "S"), (4, 80));
    assert_eq!(net(&o), [-260, 520, -260]);
}

#[test]
fn f11_robbing_a_kong_pays_as_a_discard() {
    // MY3-F11 and MY3-PAY4: S robs E's added 7D: H0-like hand with 7D: F1 1 + F6 1 + F11
    // 1 + 1A 1 = 4 fan, B 80: E (robbed) pays 160, W 80. E's pung stays a pung: no
    // instant payment for the kong (MY3-I5).
    let o = win("S", "7D", "robbed_kong:E")
        .any_fan()
        .seat("E", &["pung 7D 7D 7D exposed"], "", "")
        .seat("S", &[], "1D 2D 3D 4D 5D 6D 7D 8D 9D RD RD RD 5D 5D", "1A")
        .ok();
    assert!(items(&o, "S").contains(&"MY3-F11 robbing a kong 1".to_string()));
    assert_eq!(fan_base(&o, "S"), (4, 80));
    assert_eq!(payments(&o), [('E', 'S', 160), ('W', 'S', 80)]);
}

#[test]
fn f12_seven_pairs_option() {
    let t = win("S", "EW", "wall").any_fan().seat(
        "S",
        &[],
        "1D 1D 3D 3D 5D 5D 7D 7D 9D 9D RD RD EW EW",
        "1A",
    );
    // Off (the default): not a complete hand.
    t.refused(&["not a complete hand"]);
    // On: F6 1 + F12 1 + 1A 1 = 3.
    let o = t.opt("seven_pairs", json!(true)).ok();
    assert_eq!(
        items(&o, "S"),
        [
            "MY3-F6 half flush 1",
            "MY3-F12 seven pairs 1",
            "MY3-B3 animal 1A 1"
        ]
    );
    // Jokers pair single tiles (RD + JK, EW + JK).
    let o = win("S", "EW", "wall")
        .any_fan()
        .opt("seven_pairs", json!(true))
        .seat("S", &[], "1D 1D 3D 3D 5D 5D 7D 7D 9D 9D RD JK EW JK", "1A")
        .ok();
    assert_eq!(fan_base(&o, "S"), (3, 60));
}

// ---- MY3-J: jokers

#[test]
fn j1_a_joker_stands_in_sets() {
    // An exposed pung RD RD JK is a pung of red dragons; a chow 3D JK 5D is 3-4-5:
    // F1 1 + F6 1 + 1A 1 = 3.
    let o = win("S", "9D", "wall")
        .any_fan()
        .seat(
            "S",
            &["pung RD RD JK exposed", "chow 3D JK 5D exposed"],
            "6D 7D 8D 1D 2D 3D 9D 9D",
            "1A",
        )
        .ok();
    assert_eq!(fan_base(&o, "S"), (3, 60));
    assert_eq!(items(&o, "S")[0], "MY3-F1 pung of dragons RD 1");
}

#[test]
fn j2_j3_joker_limits_in_sets() {
    let t = |s: &str| {
        win("S", "9D", "wall")
            .any_fan()
            .seat("S", &[s], "1D 2D 3D 4D 5D 6D 7D 8D 9D 9D 9D", "1A")
    };
    t("pung JK JK JK exposed").refused(&["natural tile"]);
    t("chow 3D JK JK exposed").refused(&["at most 1 joker"]);
    t("kong RD RD RD JK claimed").refused(&["kong holds no joker"]);
    // Two jokers with the discard in a pung are allowed (MY3-J2).
    let o = t("pung RD JK JK exposed").ok();
    assert_eq!(items(&o, "S")[0], "MY3-F1 pung of dragons RD 1");
}

#[test]
fn my3_j2_option_joker_concealed_sets_need_natural() {
    // S declared pungs of RD and GD and a chow 1D 2D 3D, and holds 5D 5D JK JK JK, won on
    // the drawn 5D with one animal.
    let t = win("S", "5D", "wall").seat(
        "S",
        &[
            "pung RD RD RD exposed",
            "pung GD GD GD exposed",
            "chow 1D 2D 3D exposed",
        ],
        "5D 5D JK JK JK",
        "1A",
    );
    // On (the default, MY3-J2 [P]): every concealed set holds a natural, so the jokers go
    // 5D 5D JK and JK JK, a pair of WD: small three dragons F5 3 + F6 1 + 1A 1 = 5 fan,
    // B 100, 200 from each.
    let o = t.ok();
    assert_eq!(
        items(&o, "S"),
        [
            "MY3-F5 small three dragons 3",
            "MY3-F6 half flush 1",
            "MY3-B3 animal 1A 1"
        ]
    );
    assert_eq!(fan_base(&o, "S"), (5, 100));
    assert_eq!(net(&o), [-200, 400, -200]);
    // Off: JK JK JK is a pung of its own, of WD, beside the pair 5D 5D: big three dragons,
    // the limit, 10 fan, B 200, 400 from each.
    let o = t
        .clone_with("joker_concealed_sets_need_natural", json!(false))
        .ok();
    assert_eq!(limit(&o, "S"), Some("big three dragons"));
    assert_eq!(fan_base(&o, "S"), (10, 200));
    assert_eq!(net(&o), [-400, 800, -400]);
    // A declared set still needs a natural (claimed sets, MY3-J2 [S]).
    win("S", "9D", "wall")
        .any_fan()
        .opt("joker_concealed_sets_need_natural", json!(false))
        .seat(
            "S",
            &["pung JK JK JK exposed"],
            "1D 2D 3D 4D 5D 6D 7D 8D 9D 9D 9D",
            "1A",
        )
        .refused(&["natural tile"]);
}

#[test]
fn j4_jokers_in_the_pair_option_joker_in_pair() {
    // The only pair is EW + JK.
    let t = win("S", "EW", "wall").any_fan().seat(
        "S",
        &[],
        "1D 2D 3D 4D 5D 6D 7D 8D 9D RD RD RD EW JK",
        "1A",
    );
    // On (the default): F1 1 + F6 1 + 1A 1 = 3.
    assert_eq!(fan_base(&t.ok(), "S"), (3, 60));
    // Off: no complete hand.
    t.opt("joker_in_pair", json!(false))
        .refused(&["not a complete hand"]);
    // A declared pair with a joker is refused when the option is off.
    win("S", "EW", "wall")
        .any_fan()
        .opt("joker_in_pair", json!(false))
        .seat(
            "S",
            &["pair EW JK"],
            "1D 2D 3D 4D 5D 6D 7D 8D 9D RD RD RD",
            "1A",
        )
        .refused(&["joker_in_pair"]);
}

#[test]
fn j6_four_jokers_exposed_is_a_limit() {
    // MY3-J6 and MY3-L1: four jokers as bonus tiles.
    let o = win("S", "5D", "wall")
        .seat("S", &[], H0, "JK JK JK JK 1A")
        .ok();
    assert_eq!(items(&o, "S"), ["MY3-L1 four jokers exposed 10"]);
    assert_eq!(fan_base(&o, "S"), (10, 200));
    assert_eq!(limit(&o, "S"), Some("four jokers exposed"));
}

#[test]
fn j8_joker_held_fan_option() {
    // A joker in the hand: nothing by default; +1 with joker_held_fan.
    let t = win("S", "5D", "wall").any_fan().seat(
        "S",
        &[],
        "1D 2D 3D 4D 5D 6D 7D 8D 9D RD RD JK 5D 5D",
        "1A",
    );
    assert_eq!(fan_base(&t.ok(), "S"), (3, 60));
    let o = t.opt("joker_held_fan", json!(true)).ok();
    assert_eq!(fan_base(&o, "S"), (4, 80));
    assert_eq!(items(&o, "S").last().unwrap(), "MY3-J8 joker held JK 1");
}

#[test]
fn j9_joker_side_payment_option() {
    // S wins (H0 with a joker in the RD pung, 3 fan with 1A, B 60: 120 from each) and
    // holds one joker; W holds two jokers among his concealed tiles. With the side
    // payment each opponent pays 50 a joker: S +50 from E and W, W +100 from E and S.
    let t = win("S", "5D", "wall")
        .any_fan()
        .seat("S", &[], "1D 2D 3D 4D 5D 6D 7D 8D 9D RD RD JK 5D 5D", "1A")
        .seat("W", &[], "JK JK", "");
    assert_eq!(net(&t.ok()), [-120, 240, -120]);
    let o = t.opt("joker_side_payment", json!(true)).ok();
    // E: -120 - 50 - 100; S: +240 + 100 - 100; W: -120 - 50 + 200.
    assert_eq!(net(&o), [-270, 240, 30]);
}

// ---- MY3-I: instant payments

#[test]
fn i1_group_of_four_opening_or_in_play() {
    // W (a loser) holds all four seasons, finished in play: 50 from E and S; E holds all
    // four animals, finished in the opening round: 100 from S and W. The hand: S, H0 + 1A?
    // (1A is E's) -> S holds 1H: 3 fan, B 60, 120 from each.
    let t = win("S", "5D", "wall")
        .any_fan()
        .seat("S", &[], H0, "1H")
        .seat("E", &[], "", "1A 2A 3A 4A")
        .seat("W", &[], "", "1S 2S 3S 4S")
        .opening("E", &["animals"]);
    let o = t.ok();
    // E: -120 + 200 - 50 = 30; S: +240 - 100 - 50 = 90; W: -120 - 100 + 100 = -120.
    assert_eq!(net(&o), [30, 90, -120]);
    // Listed as opening without holding the group: refused.
    win("S", "5D", "wall")
        .any_fan()
        .seat("S", &[], H0, "1H")
        .seat("W", &[], "", "1S 2S")
        .opening("W", &["seasons"])
        .refused(&["opening_bonus_groups"]);
}

#[test]
fn i2_claimed_kong_paid_by_its_supplier() {
    // W's kong of GD claimed from E's discard: E pays W 100, only when the set names its
    // supplier (MY3-X3).
    let t = |sup: &str| {
        win("S", "5D", "wall")
            .any_fan()
            .seat("S", &[], H0, "1H")
            .seat("W", &[&format!("kong GD GD GD GD claimed {sup}")], "", "")
    };
    // The win: 3 fan, B 60: 120 from each.
    assert_eq!(net(&t("E").ok()), [-220, 240, -20]);
    assert_eq!(net(&t("").ok()), [-120, 240, -120]);
}

#[test]
fn i3_added_kong_fifty_from_each() {
    // E's added kong of WW: 50 from S and W.
    let o = win("S", "5D", "wall")
        .any_fan()
        .seat("S", &[], H0, "1H")
        .seat("E", &["kong WW WW WW WW annexed"], "", "")
        .ok();
    assert_eq!(net(&o), [-20, 190, -170]);
}

#[test]
fn i4_concealed_kong_hundred_from_each() {
    // W's concealed kong of GD: 100 from E and S.
    let o = win("S", "5D", "wall")
        .any_fan()
        .seat("S", &[], H0, "1H")
        .seat("W", &["kong GD GD GD GD concealed"], "", "")
        .ok();
    assert_eq!(net(&o), [-220, 140, 80]);
}

#[test]
fn i5_a_robbed_kong_pays_no_instant_payment() {
    // The robbed seat's set stays a pung: no MY3-I3 payment, as made and returned. S robs
    // E's 7D: 4 fan (F1, F6, F11, 1A), B 80; E pays 160, W 80.
    let o = win("S", "7D", "robbed_kong:E")
        .any_fan()
        .seat("E", &["pung 7D 7D 7D exposed"], "", "")
        .seat("S", &[], H0, "1A")
        .ok();
    assert_eq!(net(&o), [-160, 240, -80]);
}

#[test]
fn my3_i5_option_robbed_kong_refund() {
    // S robs E's added 7D (E's exposed pung): 4 fan (F1, F6, F11, 1A), B 80; E pays 160,
    // W 80 (MY3-PAY4).
    let t = win("S", "7D", "robbed_kong:E")
        .any_fan()
        .seat("E", &["pung 7D 7D 7D exposed"], "", "")
        .seat("S", &[], H0, "1A");
    // On (the default): the added kong's 50 from each went back.
    let o = t.ok();
    assert_eq!(payments(&o), [('E', 'S', 160), ('W', 'S', 80)]);
    assert_eq!(net(&o), [-160, 240, -80]);
    // Off: it stands, 50 from S and from W to E (MY3-I3), and the sheet lists it.
    let (r, table, o) = t
        .clone_with("robbed_kong_refund", json!(false))
        .score()
        .unwrap();
    let sheet = r.sheet(&table, &o);
    assert!(sheet.contains("MY3-I3   added kong 7D"), "{sheet}");
    let (r0, table0, o0) = t.score().unwrap();
    assert!(!r0.sheet(&table0, &o0).contains("MY3-I3"));
    assert_eq!(
        payments(&o),
        [
            ('E', 'S', 160),
            ('S', 'E', 50),
            ('W', 'E', 50),
            ('W', 'S', 80)
        ]
    );
    assert_eq!(net(&o), [-60, 190, -130]);
    // A robbed concealed kong (`rob_concealed_kong`) is E's concealed pung: its 100 from
    // each (MY3-I4) stands the same way.
    let t = win("S", "7D", "robbed_kong:E")
        .any_fan()
        .opt("rob_concealed_kong", json!(true))
        .seat("E", &["pung 7D 7D 7D"], "", "")
        .seat("S", &[], H0, "1A");
    assert_eq!(net(&t.ok()), [-160, 240, -80]);
    let o = t.clone_with("robbed_kong_refund", json!(false)).ok();
    assert_eq!(net(&o), [40, 140, -180]);
    // No other pung pays: the payment is the robbed kong's only (the pung of the winning
    // tile held by the robbed player).
    let o = win("S", "7D", "robbed_kong:E")
        .any_fan()
        .opt("robbed_kong_refund", json!(false))
        .seat("E", &["pung 7D 7D 7D exposed"], "", "")
        .seat("W", &["pung WW WW WW exposed"], "", "")
        .seat("S", &[], H0, "1A")
        .ok();
    assert_eq!(net(&o), [-60, 190, -130]);
}

#[test]
fn i6_animal_bite_option() {
    // W holds cat and rat (1A 2A): 1 unit; E holds 1F with 1S (his own): 1 unit; S holds
    // 3A 4A: 1 unit. Each opponent pays 50 a unit; off by default.
    let t = win("S", "5D", "wall")
        .any_fan()
        .seat("S", &[], H0, "3A 4A")
        .seat("E", &[], "", "1F 1S")
        .seat("W", &[], "", "1A 2A");
    // The win: H0 2 + 2 animals = 4 fan, B 80: 160 from each.
    assert_eq!(net(&t.ok()), [-160, 320, -160]);
    let o = t.opt("animal_bite", json!(true)).ok();
    // Each seat gets 100 and pays 100 to the two others: net unchanged.
    assert_eq!(net(&o), [-160, 320, -160]);
    // All four animals: 2 units; a complete flower group 2 units, with the own flower and
    // season 1 more.
    let o = win("S", "5D", "wall")
        .any_fan()
        .opt("animal_bite", json!(true))
        .seat("S", &[], H0, "1A 2A 3A 4A")
        .seat("W", &[], "", "1F 2F 3F 4F 3S")
        .ok();
    // S: 7 fan, B 140: 280 from each; animals group (MY3-I1) 50 from each; bite 100 from
    // each. W: flowers group 50 from each; bites 2 + 1 = 3 units, 150 from each.
    // E: -280 - 50 - 100 - 50 - 150 = -630; S: 560 + 100 + 200 - 50 - 150 = 660;
    // W: -280 - 50 - 100 + 100 + 300 = -30.
    assert_eq!(net(&o), [-630, 660, -30]);
}

#[test]
fn i7_prey_capture_option_scores_where_the_tiles_lie() {
    // A captured prey lies in its captor's bonus and scores there (MY3-I7): the option
    // changes nothing the scorer sees.
    let t = win("S", "5D", "wall").any_fan().seat("S", &[], H0, "1A 2A");
    let a = t.ok();
    let b = t.opt("prey_capture", json!(true)).ok();
    assert_eq!(fan_base(&a, "S"), (4, 80));
    assert_eq!(net(&a), net(&b));
}

// ---- MY3-L: limits, the cap, liability

#[test]
fn l1_limit_hands() {
    let check = |t: T, name: &str| {
        let o = t.ok();
        assert_eq!(limit(&o, "S"), Some(name), "{name}");
        assert_eq!(fan_base(&o, "S"), (10, 200), "{name}");
        assert_eq!(items(&o, "S"), [format!("MY3-L1 {name} 10")], "{name}");
    };
    let s = |sets: &[&str], hand: &str, from: &str, tile: &str| {
        win("S", tile, from).seat("S", sets, hand, "1A")
    };
    check(
        s(
            &[],
            "RD RD RD GD GD GD WD WD WD 1D 2D 3D 5D 5D",
            "wall",
            "5D",
        ),
        "big three dragons",
    );
    check(
        s(
            &[],
            "EW EW EW SW SW SW WW WW WW NW NW 1D 2D 3D",
            "wall",
            "3D",
        ),
        "small four winds",
    );
    check(
        s(
            &["pung EW EW EW exposed"],
            "SW SW SW WW WW WW NW NW NW 5D 5D",
            "wall",
            "5D",
        ),
        "big four winds",
    );
    check(
        s(
            &[
                "kong 1D 1D 1D 1D concealed",
                "kong 3D 3D 3D 3D annexed",
                "kong 5D 5D 5D 5D annexed",
                "kong 7D 7D 7D 7D annexed",
            ],
            "9D 9D",
            "wall",
            "9D",
        ),
        "four kongs",
    );
    check(
        s(
            &["kong 1D 1D 1D 1D concealed", "kong 3D 3D 3D 3D concealed"],
            "5D 6D 7D RD RD RD 9D 9D",
            "loose",
            "9D",
        )
        .flag("kong_upon_kong"),
        "kong upon kong",
    );
    check(
        s(
            &[],
            "1D 1D 1D 3D 3D 3D RD RD RD EW EW EW 5D 5D",
            "wall",
            "5D",
        ),
        "four concealed pungs",
    );
    check(s(&[], H0, "wall", "5D").flag("earth"), "earthly hand");
    check(
        s(&[], H0, "wall", "5D").flag("last_tile"),
        "last tile of the wall",
    );
    check(
        win("S", "5D", "wall").seat("S", &[], H0, ""),
        "no bonus tiles",
    );
    // Jokers exposed are no bonus tiles here.
    let o = win("S", "5D", "wall").seat("S", &[], H0, "JK").ok();
    assert_eq!(limit(&o, "S"), Some("no bonus tiles"));
    check(
        win("S", "5D", "wall").seat(
            "S",
            &[],
            H0,
            "1F 2F 3F 4F 1S 2S 3S 4S 1A 2A 3A 4A 1H 2H 3H 4H",
        ),
        "all sixteen bonus tiles",
    );
    check(
        s(
            &["pung EW EW EW exposed"],
            "SW SW SW RD RD RD GD GD GD WD WD",
            "wall",
            "WD",
        ),
        "all honours",
    );
    check(
        s(
            &[],
            "1D 1D 1D 2D 3D 4D 5D 6D 7D 8D 9D 9D 9D 5D",
            "wall",
            "5D",
        ),
        "Nine Gates",
    );
    // Heavenly hand: the dealer's.
    let o = win("E", "5D", "wall")
        .seat("E", &[], H0, "1A")
        .flag("heaven")
        .ok();
    assert_eq!(limit(&o, "E"), Some("heavenly hand"));
    // Kong upon kong needs two kongs.
    s(
        &["kong 1D 1D 1D 1D concealed"],
        "3D 3D 3D 5D 6D 7D RD RD RD 9D 9D",
        "loose",
        "9D",
    )
    .flag("kong_upon_kong")
    .refused(&["win.kong_upon_kong"]);
}

#[test]
fn l1_timing_and_concealment_readings_x5() {
    // MY3-X5: the last tile counts only self-drawn; on a discard it is nothing (H0 2 + 1A
    // = 3 fan).
    let o = win("S", "5D", "discard:E")
        .any_fan()
        .seat("S", &[], H0, "1A")
        .flag("last_tile")
        .ok();
    assert_eq!(fan_base(&o, "S"), (3, 60));
    // Nine Gates needs a self-draw: on a discard it is a full flush (3) + 1A = 4.
    let o = win("S", "5D", "discard:E")
        .any_fan()
        .seat("S", &[], "1D 1D 1D 2D 3D 4D 5D 6D 7D 8D 9D 9D 9D 5D", "1A")
        .ok();
    assert_eq!(fan_base(&o, "S"), (4, 80));
}

#[test]
fn l1_four_concealed_pungs_option_concealed_pungs_self_drawn() {
    // Won on E's 5D into the pair: by default not the limit (F1 RD, F4 EW, F6, F8 2, 1A:
    // 6 fan); with the option off, the limit.
    let t = win("S", "5D", "discard:E").seat(
        "S",
        &[],
        "1D 1D 1D 3D 3D 3D RD RD RD EW EW EW 5D 5D",
        "1A",
    );
    let o = t.ok();
    assert_eq!(fan_base(&o, "S"), (6, 120));
    let o = t.opt("concealed_pungs_self_drawn", json!(false)).ok();
    assert_eq!(limit(&o, "S"), Some("four concealed pungs"));
    // Won on a discard completing a pung (5D pung, 1D pair): never four concealed.
    let o = win("S", "5D", "discard:E")
        .opt("concealed_pungs_self_drawn", json!(false))
        .seat("S", &[], "5D 5D 5D 3D 3D 3D RD RD RD EW EW EW 1D 1D", "1A")
        .ok();
    assert_eq!(limit(&o, "S"), None);
}

#[test]
fn l2_cap_at_ten_and_options_stack_limits_limit_payment_double() {
    // 4 faces 5 + 4 animals 5 + full flush 3 = 13 fan, capped at 10 (MY3-L2): B 200.
    let o = win("S", "5D", "wall")
        .seat(
            "S",
            &[],
            "1D 2D 3D 4D 5D 6D 7D 8D 9D 2D 2D 2D 5D 5D",
            "1A 2A 3A 4A 1H 2H 3H 4H",
        )
        .ok();
    assert_eq!(fan_base(&o, "S"), (10, 200));
    assert_eq!(limit(&o, "S"), Some("limit reached"));
    assert_eq!(items(&o, "S").len(), 11);
    // Two limit hands (big three dragons, no bonus tiles): 10, or 20 when they stack.
    let t = win("S", "5D", "wall").seat("S", &[], "RD RD RD GD GD GD WD WD WD 1D 2D 3D 5D 5D", "");
    let o = t.ok();
    assert_eq!(fan_base(&o, "S"), (10, 200));
    assert_eq!(items(&o, "S").len(), 2);
    let o = t.opt("stack_limits", json!(true)).ok();
    assert_eq!(fan_base(&o, "S"), (20, 400));
    // limit_payment_double: a limit hand's base is doubled, 400: 800 from each.
    let o = win("S", "5D", "wall")
        .opt("limit_payment_double", json!(true))
        .seat("S", &[], H0, "")
        .ok();
    assert_eq!(fan_base(&o, "S"), (10, 400));
    assert_eq!(net(&o), [-800, 1600, -800]);
}

#[test]
fn l3_liability_for_the_third_dragon() {
    // Big three dragons won on E's discard, W liable (his discard gave the third dragon
    // pung): W pays all of 2B + B = 600.
    let t = win("S", "5D", "discard:E").seat(
        "S",
        &["pung WD WD WD exposed"],
        "RD RD RD GD GD GD 1D 2D 3D 5D 5D",
        "1A",
    );
    assert_eq!(net(&t.ok()), [-400, 600, -200]);
    let o = t.top("cannon", json!("W")).ok();
    assert_eq!(payments(&o), [('W', 'S', 600)]);
    // Self-drawn with E liable: 2B + 2B = 800 from E.
    let o = win("S", "5D", "wall")
        .top("cannon", json!("E"))
        .seat(
            "S",
            &["pung WD WD WD exposed"],
            "RD RD RD GD GD GD 1D 2D 3D 5D 5D",
            "1A",
        )
        .ok();
    assert_eq!(payments(&o), [('E', 'S', 800)]);
    // A liable seat for a hand without the third dragon or fourth wind: refused.
    win("S", "5D", "discard:E")
        .any_fan()
        .top("cannon", json!("W"))
        .seat("S", &[], H0, "1A")
        .refused(&["cannon", "MY3-L3"]);
}

// ---- MY3-S: the minimum

#[test]
fn s1_below_five_fan_is_no_win_option_min_fan() {
    // H0 + 1A 2H = 4 fan: refused; with 2F too, 5 fan: the minimum.
    let t = win("S", "5D", "discard:E").seat("S", &[], H0, "1A 2H");
    let e = t.refused(&["4 fan", "minimum of 5", "MY3-S1"]);
    assert_eq!(e.path, "seats.S");
    let o = win("S", "5D", "discard:E")
        .seat("S", &[], H0, "1A 2H 2F")
        .ok();
    assert_eq!(fan_base(&o, "S"), (5, 100));
    assert_eq!(net(&o), [-200, 300, -100]);
    // min_fan 4: 4 fan win.
    assert_eq!(fan_base(&t.opt("min_fan", json!(4)).ok(), "S"), (4, 80));
    // A limit always qualifies, whatever the minimum.
    let o = win("S", "5D", "wall")
        .opt("min_fan", json!(10))
        .seat("S", &[], H0, "")
        .ok();
    assert_eq!(fan_base(&o, "S"), (10, 200));
}

// ---- MY3-PAY: payments

#[test]
fn pay1_linear_or_doubling_option_fan_to_points() {
    // 5 fan: linear B 100; doubling 20 × 2^4 = 320.
    let t = win("S", "5D", "wall").seat("S", &[], H0, "1A 2H 2F");
    assert_eq!(fan_base(&t.ok(), "S"), (5, 100));
    let o = t.opt("fan_to_points", json!("doubling")).ok();
    assert_eq!(fan_base(&o, "S"), (5, 320));
    assert_eq!(net(&o), [-640, 1280, -640]);
}

#[test]
fn pay2_self_draw_two_b_from_each() {
    let o = win("W", "5D", "wall").seat("W", &[], H0, "1A 2H 3F").ok();
    // W's own is 3F: 5 fan, B 100: 200 from each.
    assert_eq!(payments(&o), [('E', 'W', 200), ('S', 'W', 200)]);
}

#[test]
fn pay3_discard_and_option_shooter_pays_all() {
    let t = win("S", "5D", "discard:W").seat("S", &[], H0, "1A 2H 2F");
    // W (discarder) 2B 200, E B 100.
    assert_eq!(payments(&t.ok()), [('E', 'S', 100), ('W', 'S', 200)]);
    let o = t.opt("shooter_pays_all", json!(true)).ok();
    assert_eq!(payments(&o), [('W', 'S', 300)]);
}

#[test]
fn my3_pay4_option_robbed_kong_as_discard() {
    // S robs W's added 7D: 4 fan (F1, F6, F11, 1A), B 80.
    let t = win("S", "7D", "robbed_kong:W")
        .any_fan()
        .seat("W", &["pung 7D 7D 7D exposed"], "", "")
        .seat("S", &[], H0, "1A");
    // On (the default): W is the discarder, 2B = 160, E B = 80; with shooter_pays_all W
    // pays 3B = 240 alone.
    assert_eq!(payments(&t.ok()), [('E', 'S', 80), ('W', 'S', 160)]);
    let o = t.clone_with("shooter_pays_all", json!(true)).ok();
    assert_eq!(payments(&o), [('W', 'S', 240)]);
    // Off: paid as a self-draw (MY3-PAY2), 2B = 160 from each, shooter_pays_all or not
    // (there is no shooter). The fan stay: F11 still scores.
    let off = t.clone_with("robbed_kong_as_discard", json!(false));
    let o = off.ok();
    assert!(items(&o, "S").contains(&"MY3-F11 robbing a kong 1".to_string()));
    assert_eq!(fan_base(&o, "S"), (4, 80));
    assert_eq!(payments(&o), [('E', 'S', 160), ('W', 'S', 160)]);
    let o = off.clone_with("shooter_pays_all", json!(true)).ok();
    assert_eq!(payments(&o), [('E', 'S', 160), ('W', 'S', 160)]);
}

#[test]
fn pay5_no_dealer_bonus_option_dealer_double() {
    // S wins on W's discard, 5 fan, B 100: W 200, E 100; dealer_double: E pays 200.
    let t = win("S", "5D", "discard:W").seat("S", &[], H0, "1A 2H 2F");
    assert_eq!(net(&t.ok()), [-100, 300, -200]);
    assert_eq!(
        net(&t.opt("dealer_double", json!(true)).ok()),
        [-200, 400, -200]
    );
    // The dealer's self-draw, 5 fan (1F his own): 400 from each with dealer_double.
    let o = win("E", "5D", "wall")
        .opt("dealer_double", json!(true))
        .seat("E", &[], H0, "1A 2H 1F")
        .ok();
    assert_eq!(net(&o), [800, -400, -400]);
}

// ---- MY3-P6: a drawn hand

#[test]
fn p6_drawn_hand_pays_only_the_instant_payments() {
    // Nobody wins: E's concealed kong 100 from each, W's faces finished in play 50 from
    // each; a full hand with bonus tiles scores nothing.
    let o = washout()
        .seat("E", &["kong WD WD WD WD concealed"], "1D 2D 3D", "1F")
        .seat("S", &[], "1D 2D 3D 4D 5D 6D 7D 8D 9D RD RD RD 5D", "2F 2S")
        .seat("W", &[], "", "1H 2H 3H 4H")
        .ok();
    assert_eq!(net(&o), [150, -150, 0]);
    for s in ["E", "S", "W"] {
        assert_eq!(fan_base(&o, s), (0, 0));
    }
}

// ---- MY3-M: dealer and match

#[test]
fn m1_dealer_rotation_option() {
    let keeps = |rot: &str| {
        let mut r = Ruleset::preset("malaysian-3p").unwrap();
        r.set(&format!("dealer_rotation={rot}")).unwrap();
        [
            r.dealer_keeps(HandEnd::DealerWon { streak: 1 }),
            r.dealer_keeps(HandEnd::Washout {
                dealer_ready: false,
            }),
            r.dealer_keeps(HandEnd::OtherWon),
        ]
    };
    assert_eq!(keeps("unless_dealer_wins"), [true, false, false]);
    assert_eq!(keeps("every_hand"), [false, false, false]);
    assert_eq!(keeps("unless_dealer_wins_or_draw"), [true, true, false]);
}

#[test]
fn m2_east_prevails_option_rotating_prevailing_wind() {
    let t = win("S", "5D", "wall")
        .any_fan()
        .top("prevailing_wind", json!("S"))
        .seat("S", &[], "1D 2D 3D 4D 5D 6D 7D 8D 9D SW SW SW 5D 5D", "1A");
    t.refused(&["prevailing_wind", "MY3-M2"]);
    // Rotating, South prevails: South's SW pung is his wind and the prevailing one:
    // 2 + F6 1 + 1A 1 = 4.
    let o = t.opt("rotating_prevailing_wind", json!(true)).ok();
    assert_eq!(fan_base(&o, "S"), (4, 80));
}

#[test]
fn m3_match_hands_option() {
    let mut r = Ruleset::preset("malaysian-3p").unwrap();
    assert_eq!(r.play().rounds, 6);
    r.set("match_hands=9").unwrap();
    assert_eq!(r.play().rounds, 3);
    let e = r.set("match_hands=0").unwrap_err();
    assert!(e.to_string().contains("options.match_hands"), "{e}");
}

// ---- MY3-X: readings

#[test]
fn x1_jokers_stand_for_the_best_score() {
    // 1D–9D, 2D 2D 5D and two jokers. Read as 123 456 789, 2D 2D JK and 5D JK it is a full
    // flush (3) + 1A = 4; read as 123, 4-5-JK(6), 5-6-7, 8-9-JK(7) and the 2D pair it is
    // four chows and a circles pair too: F7 3 + F9 1 + 1A 1 = 5, the best.
    let o = win("S", "5D", "wall")
        .seat("S", &[], "1D 2D 3D 4D 5D 6D 7D 8D 9D 2D 2D JK 5D JK", "1A")
        .ok();
    assert_eq!(
        items(&o, "S"),
        [
            "MY3-F7 full flush 3",
            "MY3-F9 four chows and a circles pair 1",
            "MY3-B3 animal 1A 1"
        ]
    );
    // RD RD JK and GD GD JK with a WD pair: small three dragons (3) + F6 1 + 1A 1 = 5.
    let o = win("S", "6D", "wall")
        .seat("S", &[], "RD RD JK GD GD JK 1D 2D 3D 4D 5D 6D WD WD", "1A")
        .ok();
    assert_eq!(items(&o, "S")[0], "MY3-F5 small three dragons 3");
    assert_eq!(fan_base(&o, "S"), (5, 100));
    // Two jokers in the hand make a big three dragons limit.
    let o = win("S", "5D", "wall")
        .seat("S", &[], "RD RD JK GD GD GD WD WD JK 1D 2D 3D 5D 5D", "1A")
        .ok();
    assert_eq!(limit(&o, "S"), Some("big three dragons"));
}

#[test]
fn x2_an_exposed_joker_is_listed_in_bonus() {
    // JK in bonus is a joker exposed (MY3-B8), not a bonus tile for MY3-L1 "no bonus".
    let o = win("S", "5D", "wall")
        .any_fan()
        .seat("S", &[], H0, "JK 1A")
        .ok();
    assert_eq!(fan_base(&o, "S"), (4, 80));
}

#[test]
fn x3_instant_payments_from_the_table() {
    // Every kind at once: E concealed kong (100 each), S added kong (50 each), W claimed
    // kong from S (100 from S), W's faces at the opening rate (100 each). S wins with 3
    // fan... S: kong 8D annexed + 1D 2D 3D 4D 5D 6D RD RD RD 5D 5D: F1, F6, 1A = 3, B 60:
    // 120 from each.
    let o = win("S", "5D", "wall")
        .any_fan()
        .seat("E", &["kong 9D 9D 9D 9D concealed"], "", "")
        .seat(
            "S",
            &["kong 8D 8D 8D 8D annexed"],
            "1D 2D 3D 4D 5D 6D RD RD RD 5D 5D",
            "1A",
        )
        .seat("W", &["kong 7D 7D 7D 7D claimed S"], "", "1H 2H 3H 4H")
        .opening("W", &["faces"])
        .ok();
    // E: -120 + 200 - 50 - 100 = -70; S: +240 - 100 + 100 - 100 - 100 = 40;
    // W: -120 - 100 - 50 + 100 + 200 = 30.
    assert_eq!(net(&o), [-70, 40, 30]);
}

#[test]
fn x6_replacement_fan_once() {
    // A kong replacement (MY3-F10) or a bonus replacement (MY3-B9), never both.
    let o = win("S", "5D", "loose")
        .any_fan()
        .seat(
            "S",
            &["kong 9D 9D 9D 9D concealed"],
            "1D 2D 3D 4D 5D 6D RD RD RD 5D 5D",
            "1A",
        )
        .ok();
    let it = items(&o, "S");
    assert!(it.iter().any(|i| i.starts_with("MY3-F10")));
    assert!(!it.iter().any(|i| i.starts_with("MY3-B9")));
}

#[test]
fn x7_four_jokers_in_hand_are_no_win_for_the_scorer() {
    // Option four_joker_instant_win is play only: four jokers and ten tiles that do not
    // make a hand are refused.
    win("S", "5D", "wall")
        .seat("S", &[], "JK JK JK JK 1D 3D 5D 7D 9D EW SW WW RD 5D", "1A")
        .opt("four_joker_instant_win", json!(true))
        .refused(&["not a complete hand"]);
}

/// The win of `seat`'s hand as dealt (MY3-J6) on a table with no winner, as play asks.
fn dealt_win(t: &T, seat: usize) -> Result<Outcome, InputError> {
    let (ruleset, table, _) = t.score()?;
    let mut out = Outcome::EMPTY;
    mahjong_rules::score_dealt_win(&table, seat, &ruleset, &mut out)?;
    Ok(out)
}

#[test]
fn j6_four_jokers_dealt_are_a_self_drawn_limit_for_play_only() {
    let t = washout()
        .seat("S", &[], "JK JK JK JK 1D 3D 5D 7D 9D EW SW WW RD", "1A")
        .seat(
            "E",
            &[],
            "1D 2D 3D 4D 5D 6D 7D 8D 9D EW SW WW RD",
            "1F 2F 3F 4F",
        )
        .opening("E", &["flowers"]);
    let o = dealt_win(&t, 1).unwrap();
    assert_eq!(
        items(&o, "S"),
        ["MY3-L1 four jokers in the starting hand JK 10"]
    );
    assert_eq!(limit(&o, "S"), Some("four jokers in the starting hand"));
    assert_eq!(fan_base(&o, "S"), (10, 200));
    assert_eq!(fan_base(&o, "E"), (0, 0));
    // 2B from each, as self-drawn (MY3-PAY2); East's flowers stand (MY3-I1, 100 each).
    assert_eq!(net(&o), [-400 + 200, 800 - 100, -400 - 100]);
    // With joker_side_payment, the four jokers held are paid too (MY3-J9: 50 each).
    let o = dealt_win(&t.clone_with("joker_side_payment", json!(true)), 1).unwrap();
    assert_eq!(net(&o), [-600 + 200, 1200 - 100, -600 - 100]);
    // No such win with the option off, for a hand without four jokers, or in a family
    // without it.
    let off = t.clone_with("four_joker_instant_win", json!(false));
    assert!(dealt_win(&off, 1)
        .unwrap_err()
        .to_string()
        .contains("four_joker_instant_win"));
    assert!(dealt_win(&t, 0)
        .unwrap_err()
        .to_string()
        .contains("four jokers"));
    let (_, table, _) = t.score().unwrap();
    let mut out = Outcome::EMPTY;
    let classical = Ruleset::preset("millington").unwrap();
    assert!(mahjong_rules::score_dealt_win(&table, 1, &classical, &mut out).is_err());
}

#[test]
fn x8_fan_and_base_for_every_seat() {
    let o = win("S", "5D", "discard:E")
        .seat("S", &[], H0, "1A 2H 2F")
        .ok();
    assert_eq!(o.fields, mahjong_rules::ScoreFields::Fan);
    assert_eq!(fan_base(&o, "S"), (5, 100));
    assert_eq!(fan_base(&o, "E"), (0, 0));
    assert!(items(&o, "E").is_empty());
    // The JSON: `fan` per seat.
    let v: Value = serde_json::to_value(mahjong_rules::output::ScoreJson(&o)).unwrap();
    assert_eq!(v["seats"]["S"]["fan"], 5);
    assert_eq!(v["seats"]["W"]["fan"], 0);
}

// ---- options: play-only options are accepted; checks name the option

#[test]
fn options_for_play_are_accepted_and_change_no_score() {
    let t = win("S", "5D", "discard:E").seat("S", &[], H0, "1A 2H 2F");
    let base = net(&t.ok());
    for (name, value) in [
        ("multiple_winners", json!(true)),
        ("rob_concealed_kong", json!(true)),
        ("joker_swap", json!(false)),
        ("claim_discarded_joker", json!(true)),
        ("four_joker_instant_win", json!(false)),
        ("claim_seconds", json!(0)),
    ] {
        let t = win("S", "5D", "discard:E")
            .seat("S", &[], H0, "1A 2H 2F")
            .opt(name, value);
        assert_eq!(net(&t.ok()), base, "{name}");
    }
    let mut r = Ruleset::preset("malaysian-3p").unwrap();
    r.set("claim_seconds=25").unwrap();
    assert_eq!(r.play().claim_seconds, 25);
}

#[test]
fn options_of_play_are_played() {
    use mahjong_rules::{PlayHooks, WinTies};
    let mut r = Ruleset::preset("malaysian-3p").unwrap();
    assert_eq!(r.play_hooks().win_ties(), WinTies::Nearest);
    assert!(!r.play().claim_jokers);
    assert!(r.play().joker_swap);
    assert!(!r.play().rob_concealed_kong);
    assert!(!r.play().jokers.unwrap().all_joker_pung);
    // MY3-P3: every claimant of the win wins; MY3-J7: a discarded joker may be claimed;
    // MY3-J5: no swap; MY3-P4: a concealed kong may be robbed; MY3-J2: a concealed pung
    // may be three jokers.
    r.set("multiple_winners=true").unwrap();
    r.set("claim_discarded_joker=true").unwrap();
    r.set("joker_swap=false").unwrap();
    r.set("rob_concealed_kong=true").unwrap();
    r.set("joker_concealed_sets_need_natural=false").unwrap();
    assert!(r.playable());
    assert_eq!(r.play_hooks().win_ties(), WinTies::All);
    assert!(r.play().claim_jokers);
    assert!(!r.play().joker_swap);
    assert!(r.play().rob_concealed_kong);
    assert!(r.play().jokers.unwrap().all_joker_pung);
}

#[test]
fn options_are_checked_by_name() {
    let mut r = Ruleset::preset("malaysian-3p").unwrap();
    for (o, needle) in [
        ("min_fan=0", "options.min_fan"),
        ("min_fan=11", "options.min_fan"),
        ("flower_group=\"five\"", "options.flower_group"),
        ("fan_to_points=\"squared\"", "options.fan_to_points"),
        ("dealer_rotation=\"never\"", "options.dealer_rotation"),
        ("no_such=1", "options.no_such"),
    ] {
        let e = r.set(o).unwrap_err();
        assert!(e.to_string().contains(needle), "{o}: {e}");
    }
    let mut m = Map::new();
    m.insert("min_fan".into(), json!(3));
    r.apply(&m).unwrap();
}

#[test]
fn preset_file_has_every_option_and_reads_back() {
    let r = Ruleset::preset("malaysian-3p").unwrap();
    assert_eq!(r.family(), "malaysian");
    let back = Ruleset::from_toml(&r.to_toml()).unwrap();
    assert_eq!(back, r);
    // Every preset is playable, this one included.
    for p in mahjong_rules::PRESETS.iter() {
        assert!(Ruleset::preset(p).unwrap().playable(), "{p}");
    }
    let _ = WinFrom::Wall;
}

#[test]
fn x2_a_drawn_joker_is_written_jk_as_the_winning_tile() {
    // 123 456 789 EW-EW RD-RD and a drawn joker: it stands for EW or RD (a pung either way,
    // MY3-X1). Written JK, the win scores as the same 14 tiles with a natural winning tile.
    const HAND: &str = "1D 2D 3D 4D 5D 6D 7D 8D 9D EW EW RD RD JK";
    let won_on = |tile: &str| win("S", tile, "wall").seat("S", &[], HAND, "1A 2H 3H").ok();
    let (as_jk, as_rd) = (won_on("JK"), won_on("RD"));
    assert_eq!(items(&as_jk, "S"), items(&as_rd, "S"));
    assert_eq!(fan_base(&as_jk, "S"), fan_base(&as_rd, "S"));
    assert_eq!(net(&as_jk), net(&as_rd));
    assert!(fan_base(&as_jk, "S").0 >= 5);
    // A discarded joker claimed to win is written as the tile it stands for (MY3-J7).
    win("S", "JK", "discard:E")
        .seat(
            "S",
            &[],
            "1D 2D 3D 4D 5D 6D 7D 8D 9D EW EW RD RD JK",
            "1A 2H 3H",
        )
        .refused(&["win.tile", "MY3-J7"]);
    win("S", "JK", "wall")
        .seat(
            "S",
            &[],
            "1D 2D 3D 4D 5D 6D 7D 8D 9D EW EW RD RD RD",
            "1A 2H",
        )
        .refused(&["win.tile", "concealed"]);
}
