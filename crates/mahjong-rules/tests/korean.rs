//! An independent check of the `korean-3p` scorer against
//! `shared/rules/three-player-korean.md` (seed 004): one test per rule id of K3-S, K3-HP,
//! K3-BP, K3-L, K3-M2 and the scoring K3-O options. Every expected value was computed by
//! hand from the spec (the comments show the arithmetic) and every table goes through the
//! public JSON path (`TableInput::from_json` → `score_input`).
//!
//! Defaults of the `korean-3p` preset used throughout: minimum 3 hand-points, limit 40
//! (half limit 20), limit hands on, the discarder pays double hand-points (`double-hand`),
//! a "ready" opponent is one who is waiting (`ready_discount = "waiting"`), K3-BP6 on,
//! goulash 5 then 10. Seats E S W (0, 1, 2); prevailing East unless a test says otherwise;
//! seats not mentioned hold nothing (so they are not waiting and pay full bonus-points).
//!
//! Notation: HP = hand-points, BP = bonus-points. A win on S's discard pays
//! S: 2×HP + BP, W: BP (K3-S4); a self-drawn win pays HP + BP from each (K3-S3).
//! Items are listed as `RULE [TILE] POINTS` in output order: hand-points, bonus-points,
//! options, limits, then the settlement notes (K3-S5, K3-M2).

mod korean_common;

use korean_common::*;
use serde_json::json;

// ---------------------------------------------------------------------------------------
// Hands used by several tests
// ---------------------------------------------------------------------------------------

const RD_PUNG: &str = "pung RD RD RD exposed";
const WD_PUNG: &str = "pung WD WD WD exposed";

/// E wins on S's 5D with exposed pungs of red and white dragons, 123C 456C and 5D 5D.
/// HP1 1 + 1, HP2 1 = 3 HP; BP1 2.
fn two_dragons(from: &str) -> K {
    let k = korean().wins("E", "5D", from).seat(
        "E",
        &[RD_PUNG, WD_PUNG],
        "1C 2C 3C 4C 5C 6C 5D 5D",
        "",
    );
    if matches!(from, "discard" | "robbed_kong") {
        k.supplier("S")
    } else {
        k
    }
}

const TWO_DRAGON_ITEMS: [&str; 3] = ["K3-HP1 RD 1", "K3-HP1 WD 1", "K3-HP2 1"];

fn with(base: &[&str], more: &[&str]) -> Vec<String> {
    base.iter().chain(more).map(|s| s.to_string()).collect()
}

/// W is waiting, concealed, on 9C alone (tanki): from the wall it would score
/// HP18 1 + HP20 2 + HP21 2 = 5 ≥ 3, so it is a legal wait.
const W_WAITING_9C: &str = "1C 1C 1C 3D 4D 5D 5C 6C 7C 7D 8D 9D 9C";

/// E's concealed all-chows hand, won with 6D: 123C 456D 789C 234D 5C5C.
const ALL_CHOWS: &str = "1C 2C 3C 4D 5D 6D 7C 8C 9C 2D 3D 4D 5C 5C";

// ---------------------------------------------------------------------------------------
// K3-S: the minimum, additivity, payments
// ---------------------------------------------------------------------------------------

/// One dragon pung: HP1 1 only (no other item: exposed, two suits and an honour).
fn one_dragon() -> K {
    korean().wins("E", "5D", "discard").supplier("S").seat(
        "E",
        &[RD_PUNG],
        "1C 2C 3C 4C 5C 6C 7D 8D 9D 5D 5D",
        "",
    )
}

#[test]
fn k3_s1_a_winner_below_the_minimum_is_rejected_and_bonus_points_do_not_count() {
    // 1 HP < 3.
    let e = one_dragon().error();
    assert_eq!(e.path, "winner");
    assert_eq!(e.message, "E: 1 hand-point, below the minimum of 3 (K3-S1)");
    assert_eq!(one_dragon().win_rank(), None);
    // All four flowers: BP7 4 + BP8 4 = 8 bonus-points, still 1 hand-point.
    let flowers = one_dragon().seat(
        "E",
        &[RD_PUNG],
        "1C 2C 3C 4C 5C 6C 7D 8D 9D 5D 5D",
        "1F 2F 3F 4F",
    );
    assert_eq!(
        flowers.error().message,
        "E: 1 hand-point, below the minimum of 3 (K3-S1)"
    );
    // With a minimum of 1 it wins: 1 HP + 2 BP = 3; S pays 2×1 + 2 = 4, W pays 2.
    let low = one_dragon().option("min_hand_points", 1);
    check(
        &low,
        Expect {
            items: &["K3-HP1 RD 1", "K3-BP1 2"],
            hp: 1,
            score: 3,
            pay: &[("S", "E", 4), ("W", "E", 2)],
        },
    );
    assert_eq!(low.win_rank(), Some((1, 2)));
    // A stronger table: 3 HP < 4.
    let e = two_dragons("discard").option("min_hand_points", 4).error();
    assert_eq!(
        (e.path.as_str(), e.message.as_str()),
        ("winner", "E: 3 hand-points, below the minimum of 4 (K3-S1)")
    );
    // At exactly the minimum it wins.
    assert_eq!(two_dragons("discard").win_rank(), Some((3, 2)));
}

#[test]
fn k3_s2_points_add_up_a_kong_of_the_seat_wind_scores_three() {
    // East's claimed kong of East in the South round: HP3 1 + HP4 1 + HP6 1 = 3 HP,
    // BP1 2: score 5; S pays 2×3 + 2 = 8, W 2.
    let k = korean()
        .prevailing("S")
        .wins("E", "5D", "discard")
        .supplier("S")
        .seat(
            "E",
            &["kong EW EW EW EW claimed"],
            "1C 2C 3C 4C 5C 6C 7D 8D 9D 5D 5D",
            "",
        );
    check(
        &k,
        Expect {
            items: &["K3-HP3 EW 1", "K3-HP4 EW 1", "K3-HP6 EW 1", "K3-BP1 2"],
            hp: 3,
            score: 5,
            pay: &[("S", "E", 8), ("W", "E", 2)],
        },
    );
}

#[test]
fn k3_s3_self_drawn_each_opponent_pays_hand_and_bonus_points() {
    // 3 HP; BP1 2 + BP2 1 = 3 BP; score 6 from each.
    let k = two_dragons("wall");
    let o = check(
        &k,
        Expect {
            items: &with(&TWO_DRAGON_ITEMS, &["K3-BP1 2", "K3-BP2 5D 1"])
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>(),
            hp: 3,
            score: 6,
            pay: &[("S", "E", 6), ("W", "E", 6)],
        },
    );
    assert_eq!(o.settlement, [12, -6, -6, 0]);
}

/// A hand of 4 HP and 2 BP won on S's discard: pungs of red dragons (exposed) and a kong
/// of white dragons (claimed): HP1 1 + 1, HP2 1, HP6 1 = 4; BP1 2.
fn four_and_two() -> K {
    korean().wins("E", "5D", "discard").supplier("S").seat(
        "E",
        &[RD_PUNG, "kong WD WD WD WD claimed"],
        "1C 2C 3C 4C 5C 6C 5D 5D",
        "",
    )
}

const FOUR_AND_TWO: [&str; 5] = [
    "K3-HP1 RD 1",
    "K3-HP1 WD 1",
    "K3-HP2 1",
    "K3-HP6 WD 1",
    "K3-BP1 2",
];

#[test]
fn k3_s4_discard_the_discarder_pays_double_hand_points_both_pay_bonus_points() {
    // double-hand: S pays 2×4 + 2 = 10, W pays 2.
    check(
        &four_and_two(),
        Expect {
            items: &FOUR_AND_TWO,
            hp: 4,
            score: 6,
            pay: &[("S", "E", 10), ("W", "E", 2)],
        },
    );
    // bonus-for-other: S pays 4 + his 2 + W's 2 = 8, W pays only the 4 hand-points.
    check(
        &four_and_two().option("discard_payment", "bonus-for-other"),
        Expect {
            items: &FOUR_AND_TWO,
            hp: 4,
            score: 6,
            pay: &[("S", "E", 8), ("W", "E", 4)],
        },
    );
    // With W waiting (K3-S5, W's bonus-points 2 − 2 = 0): double-hand: S 10, W 0 (no
    // payment); bonus-for-other: S 4 + 2 + 0 = 6, W 4.
    let waiting = four_and_two().seat("W", &[], W_WAITING_9C, "");
    let mut its = FOUR_AND_TWO.to_vec();
    its.push("K3-S5 WW 2");
    check(
        &waiting,
        Expect {
            items: &its,
            hp: 4,
            score: 6,
            pay: &[("S", "E", 10)],
        },
    );
    check(
        &waiting.option("discard_payment", "bonus-for-other"),
        Expect {
            items: &its,
            hp: 4,
            score: 6,
            pay: &[("S", "E", 6), ("W", "E", 4)],
        },
    );
    // A robbed kong pays as a discard by the konger: S had a pung of 3C and added the
    // fourth; E robs it: 3 HP, BP1 2 + BP5 1 = 3; S pays 2×3 + 3 = 9, W 3.
    let robbed = korean()
        .wins("E", "3C", "robbed_kong")
        .supplier("S")
        .seat("E", &[RD_PUNG, WD_PUNG], "1C 2C 3C 4C 5C 6C 7D 7D", "")
        .seat("S", &["pung 3C 3C 3C exposed"], "", "");
    check(
        &robbed,
        Expect {
            items: &[
                "K3-HP1 RD 1",
                "K3-HP1 WD 1",
                "K3-HP2 1",
                "K3-BP1 2",
                "K3-BP5 3C 1",
            ],
            hp: 3,
            score: 6,
            pay: &[("S", "E", 9), ("W", "E", 3)],
        },
    );
}

#[test]
fn k3_s5_an_opponent_who_was_ready_pays_two_bonus_points_less() {
    // Self-drawn two dragons: 3 HP + 3 BP = 6; W is waiting (ready_discount = waiting):
    // W pays 6 − 2 = 4, S pays 6.
    let items_w = with(
        &TWO_DRAGON_ITEMS,
        &["K3-BP1 2", "K3-BP2 5D 1", "K3-S5 WW 2"],
    );
    let items_w: Vec<&str> = items_w.iter().map(String::as_str).collect();
    let plain = with(&TWO_DRAGON_ITEMS, &["K3-BP1 2", "K3-BP2 5D 1"]);
    let plain: Vec<&str> = plain.iter().map(String::as_str).collect();
    let w_waits = two_dragons("wall").seat("W", &[], W_WAITING_9C, "");
    check(
        &w_waits,
        Expect {
            items: &items_w,
            hp: 3,
            score: 6,
            pay: &[("S", "E", 6), ("W", "E", 4)],
        },
    );
    // ready_discount = declared: waiting is not enough, the declaration counts.
    check(
        &w_waits.clone().option("ready_discount", "declared"),
        Expect {
            items: &plain,
            hp: 3,
            score: 6,
            pay: &[("S", "E", 6), ("W", "E", 6)],
        },
    );
    check(
        &w_waits
            .clone()
            .option("ready_discount", "declared")
            .ready("W"),
        Expect {
            items: &items_w,
            hp: 3,
            score: 6,
            pay: &[("S", "E", 6), ("W", "E", 4)],
        },
    );
    // In waiting mode a declaration without a waiting hand earns no discount.
    check(
        &two_dragons("wall").ready("W"),
        Expect {
            items: &plain,
            hp: 3,
            score: 6,
            pay: &[("S", "E", 6), ("W", "E", 6)],
        },
    );
    // Footnote 5: a wait on a tile whose every copy is gone is no wait: the other three
    // 9C lie in the discards.
    check(
        &w_waits.clone().discards("E:9C S:9C E:9C"),
        Expect {
            items: &plain,
            hp: 3,
            score: 6,
            pay: &[("S", "E", 6), ("W", "E", 6)],
        },
    );
    // Waiting on a hand below the minimum is no wait: W's exposed 2C pung leaves a wall
    // win on 9C worth HP18 1 < 3.
    check(
        &two_dragons("wall").seat(
            "W",
            &["pung 2C 2C 2C exposed"],
            "3D 4D 5D 6C 7C 8C 7D 8D 9D 9C",
            "",
        ),
        Expect {
            items: &plain,
            hp: 3,
            score: 6,
            pay: &[("S", "E", 6), ("W", "E", 6)],
        },
    );
}

#[test]
fn k3_s6_limit_hands_take_the_limit_from_each_the_discarder_double() {
    // Great Dragons (full limit 40) on S's discard: S pays 80, W 40; hand-points
    // HP1 × 3 + HP2 1 = 4 are reported, the score is the limit.
    let great = |from: &str| {
        let k = korean().wins("E", "5D", from).seat(
            "E",
            &[RD_PUNG, "pung GD GD GD exposed", WD_PUNG],
            "1C 2C 3C 5D 5D",
            "",
        );
        if from == "discard" {
            k.supplier("S")
        } else {
            k
        }
    };
    check_limit(
        &great("discard"),
        "K3-L12",
        Some(4),
        40,
        &[("S", "E", 80), ("W", "E", 40)],
    );
    // Self-drawn: 40 from each.
    check_limit(
        &great("wall"),
        "K3-L12",
        Some(4),
        40,
        &[("S", "E", 40), ("W", "E", 40)],
    );
    // The limit is an option (at least 40): 60, half 30.
    check_limit(
        &great("discard").option("limit", 60),
        "K3-L12",
        Some(4),
        60,
        &[("S", "E", 120), ("W", "E", 60)],
    );
    let little = korean().wins("E", "WD", "discard").supplier("S").seat(
        "E",
        &[RD_PUNG, "pung GD GD GD exposed"],
        "1C 2C 3C 4C 5C 6C WD WD",
        "",
    );
    // Little Dragons in characters: HP1 2 + HP2 1 + HP14 3 = 6 HP.
    check_limit(
        &little.option("limit", 60),
        "K3-L1",
        Some(6),
        30,
        &[("S", "E", 60), ("W", "E", 30)],
    );
    // A limit below 40 is refused.
    let e = great("wall").option("limit", 30).error();
    assert_eq!(e.path, "options.limit");
}

// ---------------------------------------------------------------------------------------
// K3-M2: goulash
// ---------------------------------------------------------------------------------------

#[test]
fn k3_m2_goulash_bonus_after_one_two_and_three_draws_and_the_cap() {
    // Self-drawn two dragons, 6 from each, plus the goulash bonus from each.
    let base = with(&TWO_DRAGON_ITEMS, &["K3-BP1 2", "K3-BP2 5D 1"]);
    let case = |k: K, bonus: u64| {
        let mut its = base.clone();
        if bonus > 0 {
            its.push(format!("K3-M2 {bonus}"));
        }
        let its: Vec<&str> = its.iter().map(String::as_str).collect();
        check(
            &k,
            Expect {
                items: &its,
                hp: 3,
                score: 6,
                pay: &[("S", "E", 6 + bonus), ("W", "E", 6 + bonus)],
            },
        );
    };
    case(two_dragons("wall"), 0);
    // One draw: 5 extra; two in a row: 10.
    case(two_dragons("wall").goulash(1), 5);
    case(two_dragons("wall").goulash(2), 10);
    // Three in a row: the list [5, 10] keeps growing by its last step: 15.
    case(two_dragons("wall").goulash(3), 15);
    // Capped at two draws: 10.
    case(two_dragons("wall").goulash(3).option("goulash_cap", 2), 10);
    // The summary's "1 point": goulash_bonus = [1]: 1, then 2 after two draws.
    case(
        two_dragons("wall")
            .goulash(1)
            .option("goulash_bonus", vec![1]),
        1,
    );
    case(
        two_dragons("wall")
            .goulash(2)
            .option("goulash_bonus", vec![1]),
        2,
    );
    // On a discard: S 2×3 + 2 + 5 = 13, W 2 + 5 = 7.
    check(
        &two_dragons("discard").goulash(1),
        Expect {
            items: &[
                "K3-HP1 RD 1",
                "K3-HP1 WD 1",
                "K3-HP2 1",
                "K3-BP1 2",
                "K3-M2 5",
            ],
            hp: 3,
            score: 5,
            pay: &[("S", "E", 13), ("W", "E", 7)],
        },
    );
    // On a limit hand too: Great Dragons on S's discard after one draw: S 80 + 5, W 40 + 5.
    let great = korean()
        .wins("E", "5D", "discard")
        .supplier("S")
        .goulash(1)
        .seat(
            "E",
            &[RD_PUNG, "pung GD GD GD exposed", WD_PUNG],
            "1C 2C 3C 5D 5D",
            "",
        );
    check_limit(
        &great,
        "K3-L12",
        Some(4),
        40,
        &[("S", "E", 85), ("W", "E", 45)],
    );
    // A washout settles nothing, goulash or not.
    let o = korean().goulash(2).score();
    assert!(o.payments.as_slice().is_empty());
    assert_eq!(o.settlement, [0; 4]);
}

// ---------------------------------------------------------------------------------------
// K3-HP: hand-points
// ---------------------------------------------------------------------------------------

#[test]
fn k3_hp1_each_dragon_pung_or_kong_one() {
    // See k3_s1: one dragon pung is 1 HP (minimum 1 here); a dragon kong is HP1 + HP6.
    check(
        &one_dragon().option("min_hand_points", 1),
        Expect {
            items: &["K3-HP1 RD 1", "K3-BP1 2"],
            hp: 1,
            score: 3,
            pay: &[("S", "E", 4), ("W", "E", 2)],
        },
    );
    // Kong of red: HP1 1 + HP6 1 = 2 HP, BP1 2: S 2×2 + 2 = 6, W 2.
    let kong = korean()
        .option("min_hand_points", 1)
        .wins("E", "5D", "discard")
        .supplier("S")
        .seat(
            "E",
            &["kong RD RD RD RD claimed"],
            "1C 2C 3C 4C 5C 6C 7D 8D 9D 5D 5D",
            "",
        );
    check(
        &kong,
        Expect {
            items: &["K3-HP1 RD 1", "K3-HP6 RD 1", "K3-BP1 2"],
            hp: 2,
            score: 4,
            pay: &[("S", "E", 6), ("W", "E", 2)],
        },
    );
}

#[test]
fn k3_hp2_two_dragon_pungs_one_more() {
    // 1 + 1 + 1 = 3 HP, BP1 2: S 8, W 2.
    check(
        &two_dragons("discard"),
        Expect {
            items: &["K3-HP1 RD 1", "K3-HP1 WD 1", "K3-HP2 1", "K3-BP1 2"],
            hp: 3,
            score: 5,
            pay: &[("S", "E", 8), ("W", "E", 2)],
        },
    );
}

#[test]
fn k3_hp3_each_wind_pung_one() {
    // East's pung of South in the East round: HP3 1 only (minimum 1): S 4, W 2.
    let k = korean()
        .option("min_hand_points", 1)
        .wins("E", "5D", "discard")
        .supplier("S")
        .seat(
            "E",
            &["pung SW SW SW exposed"],
            "1C 2C 3C 4C 5C 6C 7D 8D 9D 5D 5D",
            "",
        );
    check(
        &k,
        Expect {
            items: &["K3-HP3 SW 1", "K3-BP1 2"],
            hp: 1,
            score: 3,
            pay: &[("S", "E", 4), ("W", "E", 2)],
        },
    );
}

#[test]
fn k3_hp4_pung_of_the_seat_wind_one_more() {
    // South wins on W's discard with pungs of South and red: HP1 1 + HP3 1 + HP4 1 = 3,
    // BP1 2: W pays 2×3 + 2 = 8, E 2.
    let k = korean().wins("S", "5D", "discard").supplier("W").seat(
        "S",
        &["pung SW SW SW exposed", RD_PUNG],
        "1C 2C 3C 4C 5C 6C 5D 5D",
        "",
    );
    let o = check(
        &k,
        Expect {
            items: &["K3-HP1 RD 1", "K3-HP3 SW 1", "K3-HP4 SW 1", "K3-BP1 2"],
            hp: 3,
            score: 5,
            pay: &[("E", "S", 2), ("W", "S", 8)],
        },
    );
    assert_eq!(o.settlement, [-2, 10, -8, 0]);
}

#[test]
fn k3_hp5_pung_of_the_prevailing_wind_one_more() {
    // South round, East holds pungs of South and red: HP1 1 + HP3 1 + HP5 1 = 3: S 8, W 2.
    let k = korean()
        .prevailing("S")
        .wins("E", "5D", "discard")
        .supplier("S")
        .seat(
            "E",
            &["pung SW SW SW exposed", RD_PUNG],
            "1C 2C 3C 4C 5C 6C 5D 5D",
            "",
        );
    check(
        &k,
        Expect {
            items: &["K3-HP1 RD 1", "K3-HP3 SW 1", "K3-HP5 SW 1", "K3-BP1 2"],
            hp: 3,
            score: 5,
            pay: &[("S", "E", 8), ("W", "E", 2)],
        },
    );
    // East's pung of East in the East round: seat and prevailing: 1 + 1 + 1 = 3.
    let k = korean().wins("E", "5D", "discard").supplier("S").seat(
        "E",
        &["pung EW EW EW exposed"],
        "1C 2C 3C 4C 5C 6C 7D 8D 9D 5D 5D",
        "",
    );
    check(
        &k,
        Expect {
            items: &["K3-HP3 EW 1", "K3-HP4 EW 1", "K3-HP5 EW 1", "K3-BP1 2"],
            hp: 3,
            score: 5,
            pay: &[("S", "E", 8), ("W", "E", 2)],
        },
    );
}

#[test]
fn k3_hp6_each_kong_one() {
    // A claimed kong of 2C: HP6 1 + HP18 1 (no honours) = 2 HP (minimum 1), BP1 2:
    // S 2×2 + 2 = 6, W 2.
    let k = korean()
        .option("min_hand_points", 1)
        .wins("E", "5D", "discard")
        .supplier("S")
        .seat(
            "E",
            &["kong 2C 2C 2C 2C claimed"],
            "4C 5C 6C 7D 8D 9D 1D 2D 3D 5D 5D",
            "",
        );
    check(
        &k,
        Expect {
            items: &["K3-HP6 2C 1", "K3-HP18 1", "K3-BP1 2"],
            hp: 2,
            score: 4,
            pay: &[("S", "E", 6), ("W", "E", 2)],
        },
    );
}

#[test]
fn k3_hp7_three_kongs_three_more() {
    // Kongs of 2C, 9C, 7D: HP6 3 + HP7 3 + HP18 1 = 7 HP, BP1 2: S 16, W 2.
    let k = korean().wins("E", "5C", "discard").supplier("S").seat(
        "E",
        &[
            "kong 2C 2C 2C 2C claimed",
            "kong 9C 9C 9C 9C annexed",
            "kong 7D 7D 7D 7D claimed",
        ],
        "4D 5D 6D 5C 5C",
        "",
    );
    check(
        &k,
        Expect {
            items: &[
                "K3-HP6 2C 1",
                "K3-HP6 9C 1",
                "K3-HP6 7D 1",
                "K3-HP7 3",
                "K3-HP18 1",
                "K3-BP1 2",
            ],
            hp: 7,
            score: 9,
            pay: &[("S", "E", 16), ("W", "E", 2)],
        },
    );
}

#[test]
fn k3_hp8_pung_of_one_or_nine_bamboo_one() {
    // HP8 1 + HP18 1 = 2 HP (minimum 1): S 6, W 2.
    let k = korean()
        .option("min_hand_points", 1)
        .wins("E", "5D", "discard")
        .supplier("S")
        .seat(
            "E",
            &["pung 1B 1B 1B exposed"],
            "1C 2C 3C 4C 5C 6C 7D 8D 9D 5D 5D",
            "",
        );
    check(
        &k,
        Expect {
            items: &["K3-HP8 1B 1", "K3-HP18 1", "K3-BP1 2"],
            hp: 2,
            score: 4,
            pay: &[("S", "E", 6), ("W", "E", 2)],
        },
    );
}

#[test]
fn k3_hp9_both_one_and_nine_bamboo_four_more() {
    // HP8 1 + 1, HP9 4, HP18 1 = 7 HP: S 16, W 2.
    let k = korean().wins("E", "5D", "discard").supplier("S").seat(
        "E",
        &["pung 1B 1B 1B exposed", "pung 9B 9B 9B exposed"],
        "1C 2C 3C 4C 5C 6C 5D 5D",
        "",
    );
    check(
        &k,
        Expect {
            items: &[
                "K3-HP8 1B 1",
                "K3-HP8 9B 1",
                "K3-HP9 4",
                "K3-HP18 1",
                "K3-BP1 2",
            ],
            hp: 7,
            score: 9,
            pay: &[("S", "E", 16), ("W", "E", 2)],
        },
    );
}

#[test]
fn k3_hp10_two_identical_chows_two() {
    // 234C twice: HP10 2 + HP1 1 = 3 HP: S 8, W 2.
    let k = korean().wins("E", "9D", "discard").supplier("S").seat(
        "E",
        &[RD_PUNG],
        "2C 3C 4C 2C 3C 4C 6D 7D 8D 9D 9D",
        "",
    );
    check(
        &k,
        Expect {
            items: &["K3-HP1 RD 1", "K3-HP10 2C 2", "K3-BP1 2"],
            hp: 3,
            score: 5,
            pay: &[("S", "E", 8), ("W", "E", 2)],
        },
    );
}

#[test]
fn k3_hp11_three_concealed_pungs_three() {
    // Concealed 333C 666C 888D, won on S's 4D completing 234D: HP11 3 + HP18 1 + HP20 2
    // = 6 HP; BP1 2 + BP9 2 = 4; score 10: S 2×6 + 4 = 16, W 4.
    let hand = "3C 3C 3C 6C 6C 6C 8D 8D 8D 2D 3D 4D 5C 5C";
    let k = korean()
        .wins("E", "4D", "discard")
        .supplier("S")
        .seat("E", &[], hand, "");
    check(
        &k,
        Expect {
            items: &[
                "K3-HP11 3",
                "K3-HP18 1",
                "K3-HP20 2",
                "K3-BP1 2",
                "K3-BP9 2",
            ],
            hp: 6,
            score: 10,
            pay: &[("S", "E", 16), ("W", "E", 4)],
        },
    );
    // Won on S's 8D, the discard completes (and exposes) the 8D pung: two concealed
    // pungs, no HP11: HP18 1 + HP20 2 = 3; BP 4: S 10, W 4.
    let k = korean()
        .wins("E", "8D", "discard")
        .supplier("S")
        .seat("E", &[], hand, "");
    check(
        &k,
        Expect {
            items: &["K3-HP18 1", "K3-HP20 2", "K3-BP1 2", "K3-BP9 2"],
            hp: 3,
            score: 7,
            pay: &[("S", "E", 10), ("W", "E", 4)],
        },
    );
}

#[test]
fn k3_hp12_all_pungs_and_a_pair_three() {
    // Pungs 2C 7C 4D (exposed) and 6D, pair 3C: HP12 3 + HP18 1 = 4 HP: S 10, W 2.
    let k = korean().wins("E", "3C", "discard").supplier("S").seat(
        "E",
        &[
            "pung 2C 2C 2C exposed",
            "pung 7C 7C 7C exposed",
            "pung 4D 4D 4D exposed",
        ],
        "6D 6D 6D 3C 3C",
        "",
    );
    check(
        &k,
        Expect {
            items: &["K3-HP12 3", "K3-HP18 1", "K3-BP1 2"],
            hp: 4,
            score: 6,
            pay: &[("S", "E", 10), ("W", "E", 2)],
        },
    );
}

/// Pungs of 1C, 9D, West (exposed) and 1D, pair 9C: all pungs, all terminals and honours.
fn terminal_pungs() -> K {
    korean().wins("E", "9C", "discard").supplier("S").seat(
        "E",
        &[
            "pung 1C 1C 1C exposed",
            "pung 9D 9D 9D exposed",
            "pung WW WW WW exposed",
        ],
        "1D 1D 1D 9C 9C",
        "",
    )
}

#[test]
fn k3_hp13_all_pungs_of_terminals_and_honours_six_more() {
    // Without limit hands: HP3 1 + HP12 3 + HP13 6 = 10 HP, BP1 2: S 22, W 2.
    check(
        &terminal_pungs().option("limit_hands", false),
        Expect {
            items: &["K3-HP3 WW 1", "K3-HP12 3", "K3-HP13 6", "K3-BP1 2"],
            hp: 10,
            score: 12,
            pay: &[("S", "E", 22), ("W", "E", 2)],
        },
    );
}

#[test]
fn k3_hp14_one_suit_with_honours_three() {
    // Characters and a green pung (a red one would be Ruby Dragon, K3-L19):
    // HP1 1 + HP14 3 = 4 HP: S 10, W 2.
    let k = korean().wins("E", "2C", "discard").supplier("S").seat(
        "E",
        &["pung GD GD GD exposed"],
        "1C 2C 3C 5C 6C 7C 7C 8C 9C 2C 2C",
        "",
    );
    check(
        &k,
        Expect {
            items: &["K3-HP1 GD 1", "K3-HP14 3", "K3-BP1 2"],
            hp: 4,
            score: 6,
            pay: &[("S", "E", 10), ("W", "E", 2)],
        },
    );
}

#[test]
fn k3_hp15_one_suit_without_honours_three_more() {
    // Characters only: HP14 3 + HP15 3 + HP18 1 = 7 HP: S 16, W 2.
    let k = korean().wins("E", "2C", "discard").supplier("S").seat(
        "E",
        &["pung 9C 9C 9C exposed"],
        "1C 2C 3C 4C 5C 6C 6C 7C 8C 2C 2C",
        "",
    );
    check(
        &k,
        Expect {
            items: &["K3-HP14 3", "K3-HP15 3", "K3-HP18 1", "K3-BP1 2"],
            hp: 7,
            score: 9,
            pay: &[("S", "E", 16), ("W", "E", 2)],
        },
    );
}

#[test]
fn k3_hp16_seven_pairs_three() {
    // Seven different pairs, concealed, won on S's 9C: HP16 3 + HP20 2 = 5 HP;
    // BP1 2 + BP9 2 = 4: S 2×5 + 4 = 14, W 4.
    let k = korean().wins("E", "9C", "discard").supplier("S").seat(
        "E",
        &[],
        "1C 1C 3C 3C 5D 5D 7D 7D RD RD EW EW 9C 9C",
        "",
    );
    check(
        &k,
        Expect {
            items: &["K3-HP16 3", "K3-HP20 2", "K3-BP1 2", "K3-BP9 2"],
            hp: 5,
            score: 9,
            pay: &[("S", "E", 14), ("W", "E", 4)],
        },
    );
    // Four of a kind are not two of the seven different pairs.
    let e = korean()
        .wins("E", "9C", "discard")
        .supplier("S")
        .seat("E", &[], "1C 1C 1C 1C 5D 5D 7D 7D RD RD EW EW 9C 9C", "")
        .error();
    assert_eq!(e.path, "winner");
    assert!(e.message.contains("not a legal Mah-Jongg"), "{}", e.message);
}

#[test]
fn k3_hp17_one_to_nine_run_in_one_suit_three() {
    // 123D 456D 789D and a red pung: HP1 1 + HP17 3 = 4 HP: S 10, W 2.
    let k = korean().wins("E", "5C", "discard").supplier("S").seat(
        "E",
        &[RD_PUNG],
        "1D 2D 3D 4D 5D 6D 7D 8D 9D 5C 5C",
        "",
    );
    check(
        &k,
        Expect {
            items: &["K3-HP1 RD 1", "K3-HP17 1D 3", "K3-BP1 2"],
            hp: 4,
            score: 6,
            pay: &[("S", "E", 10), ("W", "E", 2)],
        },
    );
}

#[test]
fn k3_hp18_all_suit_tiles_one() {
    // No honours: HP18 1 (minimum 1): S 4, W 2.
    let k = korean()
        .option("min_hand_points", 1)
        .wins("E", "5C", "discard")
        .supplier("S")
        .seat(
            "E",
            &["pung 2C 2C 2C exposed"],
            "3D 4D 5D 6C 7C 8C 7D 8D 9D 5C 5C",
            "",
        );
    check(
        &k,
        Expect {
            items: &["K3-HP18 1", "K3-BP1 2"],
            hp: 1,
            score: 3,
            pay: &[("S", "E", 4), ("W", "E", 2)],
        },
    );
}

/// E's concealed all-chows hand won on S's 6D: HP18 1 + HP19 2 + HP20 2 = 5 HP; BP1 2 +
/// BP9 2 = 4: S 14, W 4.
const ALL_CHOWS_WON: Expect<'static> = Expect {
    items: &[
        "K3-HP18 1",
        "K3-HP19 2",
        "K3-HP20 2",
        "K3-BP1 2",
        "K3-BP9 2",
    ],
    hp: 5,
    score: 9,
    pay: &[("S", "E", 14), ("W", "E", 4)],
};

/// The same hand with the chow the winning 6D completed listed as an exposed set.
fn chow_won() -> K {
    korean().wins("E", "6D", "discard").supplier("S").seat(
        "E",
        &["chow 4D 5D 6D exposed"],
        "1C 2C 3C 7C 8C 9C 2D 3D 4D 5C 5C",
        "",
    )
}

#[test]
fn k3_hp19_all_chows_and_a_suit_pair_two_more() {
    let k = korean()
        .wins("E", "6D", "discard")
        .supplier("S")
        .seat("E", &[], ALL_CHOWS, "");
    check(&k, ALL_CHOWS_WON);
    // The chow claimed with the winning tile may be listed as an exposed set: still a
    // concealed hand (the winning discard is the only claim).
    check(&chow_won(), ALL_CHOWS_WON);
}

#[test]
fn k3_p3_an_exposed_chow_only_as_the_set_the_winning_discard_completed() {
    // The exposed 4D 5D 6D made with the winning 6D scores as in K3-HP19 above; marked
    // `winning` or with `claimed: 6D` it is the same table.
    for (field, value) in [("winning", json!(true)), ("claimed", json!("6D"))] {
        let mut k = chow_won();
        k.v["seats"]["E"]["sets"][0][field] = value;
        check(&k, ALL_CHOWS_WON);
    }
    let refused = |k: &K, path: &str| {
        let e = k.error();
        assert_eq!(e.path, path, "{}", k.json());
        assert_eq!(
            e.message,
            "an exposed chow, claimed other than with the winning discard: a chow is claimed \
             only to win (K3-P3)"
        );
    };
    // The same chow made earlier with its 4D: the 6D won nothing it completes in the open.
    let mut k = chow_won();
    k.v["seats"]["E"]["sets"][0]["claimed"] = json!("4D");
    refused(&k, "seats.E.sets[0]");
    // Won from the wall: no discard completed it.
    let k = korean().wins("E", "3C", "wall").seat(
        "E",
        &["chow 4D 5D 6D exposed"],
        "1C 2C 3C 7C 8C 9C 2D 3D 4D 5C 5C",
        "",
    );
    refused(&k, "seats.E.sets[0]");
    // The winning 5C fills the pair, not the chow: the chow was claimed before.
    let k = korean().wins("E", "5C", "discard").supplier("S").seat(
        "E",
        &["chow 4D 5D 6D exposed"],
        "1C 2C 3C 7C 8C 9C 2D 3D 4D 5C 5C",
        "",
    );
    refused(&k, "seats.E.sets[0]");
    // A loser's exposed chow, and a washout's.
    let k = chow_won().seat(
        "W",
        &["pung 2C 2C 2C exposed", "chow 7D 8D 9D exposed"],
        "1D 1D",
        "",
    );
    refused(&k, "seats.W.sets[1]");
    let k = korean().seat("S", &["chow 1C 2C 3C exposed"], "", "");
    refused(&k, "seats.S.sets[0]");
    // A concealed chow written as a set is no claim.
    let k = korean().wins("E", "3C", "wall").seat(
        "E",
        &["chow 4D 5D 6D"],
        "1C 2C 3C 7C 8C 9C 2D 3D 4D 5C 5C",
        "",
    );
    assert!(k.try_score().is_ok(), "{}", k.json());
}

/// A concealed hand worth only its concealment: 222C 456C 789D 123D and a pair of red.
fn concealed_only(from: &str) -> K {
    let k = korean().wins("E", "RD", from).seat(
        "E",
        &[],
        "2C 2C 2C 4C 5C 6C 7D 8D 9D 1D 2D 3D RD RD",
        "",
    );
    if from == "discard" {
        k.supplier("S")
    } else {
        k
    }
}

#[test]
fn k3_hp20_concealed_hand_two() {
    // Won on a discard: HP20 2 < 3: rejected by default.
    let e = concealed_only("discard").error();
    assert_eq!(
        e.message,
        "E: 2 hand-points, below the minimum of 3 (K3-S1)"
    );
    // Minimum 1: 2 HP; BP1 2 + BP9 2 = 4: S 2×2 + 4 = 8, W 4.
    check(
        &concealed_only("discard").option("min_hand_points", 1),
        Expect {
            items: &["K3-HP20 2", "K3-BP1 2", "K3-BP9 2"],
            hp: 2,
            score: 6,
            pay: &[("S", "E", 8), ("W", "E", 4)],
        },
    );
    // A claimed pung spoils it: exposed 2C pung, no HP20 (and below any minimum but 0).
    let e = korean()
        .option("min_hand_points", 1)
        .wins("E", "RD", "discard")
        .supplier("S")
        .seat(
            "E",
            &["pung 2C 2C 2C exposed"],
            "4C 5C 6C 7D 8D 9D 1D 2D 3D RD RD",
            "",
        )
        .error();
    assert_eq!(
        e.message,
        "E: 0 hand-points, below the minimum of 1 (K3-S1)"
    );
}

#[test]
fn k3_hp21_concealed_hand_completed_from_the_wall_two_more() {
    // From the wall: HP20 2 + HP21 2 = 4 ≥ 3; BP1 2 + BP2 1 + BP9 2 + BP10 2 = 7:
    // score 11 from each.
    check(
        &concealed_only("wall"),
        Expect {
            items: &[
                "K3-HP20 2",
                "K3-HP21 2",
                "K3-BP1 2",
                "K3-BP2 RD 1",
                "K3-BP9 2",
                "K3-BP10 2",
            ],
            hp: 4,
            score: 11,
            pay: &[("S", "E", 11), ("W", "E", 11)],
        },
    );
}

// ---------------------------------------------------------------------------------------
// K3-BP: bonus-points
// ---------------------------------------------------------------------------------------

#[test]
fn k3_bp1_winning_two_from_each_opponent_who_was_not_ready() {
    // One item of 2; a ready opponent pays it not (K3-S5): on S's discard with W waiting,
    // S pays 2×3 + 2 = 8, W 2 − 2 = 0.
    let k = two_dragons("discard").seat("W", &[], W_WAITING_9C, "");
    check(
        &k,
        Expect {
            items: &[
                "K3-HP1 RD 1",
                "K3-HP1 WD 1",
                "K3-HP2 1",
                "K3-BP1 2",
                "K3-S5 WW 2",
            ],
            hp: 3,
            score: 5,
            pay: &[("S", "E", 8)],
        },
    );
}

#[test]
fn k3_bp2_winning_tile_from_the_wall_one() {
    // See k3_s3: 3 HP, BP1 2 + BP2 1: 6 from each.
    let its = with(&TWO_DRAGON_ITEMS, &["K3-BP1 2", "K3-BP2 5D 1"]);
    let its: Vec<&str> = its.iter().map(String::as_str).collect();
    check(
        &two_dragons("wall"),
        Expect {
            items: &its,
            hp: 3,
            score: 6,
            pay: &[("S", "E", 6), ("W", "E", 6)],
        },
    );
}

#[test]
fn k3_bp3_last_tile_of_the_wall_one() {
    // BP1 2 + BP2 1 + BP3 1 = 4, 3 HP: 7 from each.
    let its = with(
        &TWO_DRAGON_ITEMS,
        &["K3-BP1 2", "K3-BP2 5D 1", "K3-BP3 5D 1"],
    );
    let its: Vec<&str> = its.iter().map(String::as_str).collect();
    check(
        &two_dragons("wall").flag("last_tile"),
        Expect {
            items: &its,
            hp: 3,
            score: 7,
            pay: &[("S", "E", 7), ("W", "E", 7)],
        },
    );
    // The discard after the last tile is no tile of the wall: S 8, W 2.
    check(
        &two_dragons("discard").flag("last_tile"),
        Expect {
            items: &["K3-HP1 RD 1", "K3-HP1 WD 1", "K3-HP2 1", "K3-BP1 2"],
            hp: 3,
            score: 5,
            pay: &[("S", "E", 8), ("W", "E", 2)],
        },
    );
}

#[test]
fn k3_bp4_winning_on_a_flower_or_kong_replacement_one() {
    // Kong of red, pung of white, won with the replacement tile: HP1 1 + 1, HP2 1,
    // HP6 1 = 4; BP1 2 + BP2 1 (a replacement is drawn from the wall) + BP4 1 = 4:
    // 8 from each.
    let k = korean().wins("E", "5D", "loose").seat(
        "E",
        &["kong RD RD RD RD claimed", WD_PUNG],
        "1C 2C 3C 4C 5C 6C 5D 5D",
        "",
    );
    check(
        &k,
        Expect {
            items: &[
                "K3-HP1 RD 1",
                "K3-HP1 WD 1",
                "K3-HP2 1",
                "K3-HP6 RD 1",
                "K3-BP1 2",
                "K3-BP2 5D 1",
                "K3-BP4 5D 1",
            ],
            hp: 4,
            score: 8,
            pay: &[("S", "E", 8), ("W", "E", 8)],
        },
    );
}

#[test]
fn k3_bp5_winning_tile_robbed_from_a_kong_one() {
    // See k3_s4: robbing S's kong of 3C: BP1 2 + BP5 1 = 3; S 9, W 3.
    let k = korean()
        .wins("E", "3C", "robbed_kong")
        .supplier("S")
        .seat("E", &[RD_PUNG, WD_PUNG], "1C 2C 3C 4C 5C 6C 7D 7D", "")
        .seat("S", &["pung 3C 3C 3C exposed"], "", "");
    check(
        &k,
        Expect {
            items: &[
                "K3-HP1 RD 1",
                "K3-HP1 WD 1",
                "K3-HP2 1",
                "K3-BP1 2",
                "K3-BP5 3C 1",
            ],
            hp: 3,
            score: 6,
            pay: &[("S", "E", 9), ("W", "E", 3)],
        },
    );
}

/// W is concealed and waiting on 5D alone: a legal wall win (HP18 1 + HP20 2 + HP21 2).
const W_WAITING_5D: &str = "2C 3C 4C 6C 7C 8C 1D 1D 1D 7D 8D 9D 5D";

#[test]
fn k3_bp6_one_for_each_other_player_also_waiting_on_the_winning_tile() {
    // W also waited on 5D: BP6 1. W is also ready (K3-S5). 3 HP; BP1 2 + BP6 1 = 3;
    // S pays 2×3 + 3 = 9, W 3 − 2 = 1.
    let k = two_dragons("discard")
        .discards("S:5D")
        .seat("W", &[], W_WAITING_5D, "");
    check(
        &k,
        Expect {
            items: &[
                "K3-HP1 RD 1",
                "K3-HP1 WD 1",
                "K3-HP2 1",
                "K3-BP1 2",
                "K3-BP6 5D 1",
                "K3-S5 WW 2",
            ],
            hp: 3,
            score: 6,
            pay: &[("S", "E", 9), ("W", "E", 1)],
        },
    );
    // The option off: BP 2; S 8, W 0.
    check(
        &k.clone().option("others_waiting_bonus", false),
        Expect {
            items: &[
                "K3-HP1 RD 1",
                "K3-HP1 WD 1",
                "K3-HP2 1",
                "K3-BP1 2",
                "K3-S5 WW 2",
            ],
            hp: 3,
            score: 5,
            pay: &[("S", "E", 8)],
        },
    );
    // W waiting on 5D with a hand below the minimum (exposed 2C pung: HP18 1): no BP6,
    // not ready either: S 8, W 2.
    let k = two_dragons("discard").discards("S:5D").seat(
        "W",
        &["pung 2C 2C 2C exposed"],
        "6C 7C 8C 1D 1D 1D 7D 8D 9D 5D",
        "",
    );
    check(
        &k,
        Expect {
            items: &["K3-HP1 RD 1", "K3-HP1 WD 1", "K3-HP2 1", "K3-BP1 2"],
            hp: 3,
            score: 5,
            pay: &[("S", "E", 8), ("W", "E", 2)],
        },
    );
}

#[test]
fn k3_bp7_each_flower_one() {
    // Flowers 1 and 3: BP7 1 + 1; BP 4, 3 HP: S 2×3 + 4 = 10, W 4.
    let k = korean().wins("E", "5D", "discard").supplier("S").seat(
        "E",
        &[RD_PUNG, WD_PUNG],
        "1C 2C 3C 4C 5C 6C 5D 5D",
        "1F 3F",
    );
    check(
        &k,
        Expect {
            items: &[
                "K3-HP1 RD 1",
                "K3-HP1 WD 1",
                "K3-HP2 1",
                "K3-BP1 2",
                "K3-BP7 1F 1",
                "K3-BP7 3F 1",
            ],
            hp: 3,
            score: 7,
            pay: &[("S", "E", 10), ("W", "E", 4)],
        },
    );
}

#[test]
fn k3_bp8_all_four_flowers_four_more() {
    // BP7 4 × 1 + BP8 4 + BP1 2 = 10 BP, 3 HP: S 16, W 10.
    let k = korean().wins("E", "5D", "discard").supplier("S").seat(
        "E",
        &[RD_PUNG, WD_PUNG],
        "1C 2C 3C 4C 5C 6C 5D 5D",
        "4F 2F 1F 3F",
    );
    check(
        &k,
        Expect {
            items: &[
                "K3-HP1 RD 1",
                "K3-HP1 WD 1",
                "K3-HP2 1",
                "K3-BP1 2",
                "K3-BP7 1F 1",
                "K3-BP7 2F 1",
                "K3-BP7 3F 1",
                "K3-BP7 4F 1",
                "K3-BP8 4",
            ],
            hp: 3,
            score: 13,
            pay: &[("S", "E", 16), ("W", "E", 10)],
        },
    );
}

#[test]
fn k3_bp9_concealed_hand_two_bonus_points_as_well() {
    // See k3_hp19: a concealed hand won on a discard earns HP20 2 and BP9 2.
    let k = korean()
        .wins("E", "6D", "discard")
        .supplier("S")
        .seat("E", &[], ALL_CHOWS, "");
    let o = k.score();
    let its = items(&o, 0);
    assert!(its.contains(&"K3-HP20 2".to_string()) && its.contains(&"K3-BP9 2".to_string()));
    assert!(!its.iter().any(|i| i.starts_with("K3-BP10")));
    assert_eq!(o.scores[0].score - o.scores[0].points, 4); // BP1 2 + BP9 2
}

#[test]
fn k3_bp10_concealed_hand_won_from_the_wall_two_more() {
    // See k3_hp21: BP9 2 + BP10 2 from the wall.
    let o = concealed_only("wall").score();
    let its = items(&o, 0);
    assert!(its.contains(&"K3-BP9 2".to_string()) && its.contains(&"K3-BP10 2".to_string()));
}

#[test]
fn k3_bp11_declared_ready_two() {
    // E declared ready, won on S's 6D: HP 5 (k3_hp19); BP1 2 + BP9 2 + BP11 2 = 6:
    // S 2×5 + 6 = 16, W 6.
    let k = korean()
        .ready("E")
        .wins("E", "6D", "discard")
        .supplier("S")
        .seat("E", &[], ALL_CHOWS, "");
    check(
        &k,
        Expect {
            items: &[
                "K3-HP18 1",
                "K3-HP19 2",
                "K3-HP20 2",
                "K3-BP1 2",
                "K3-BP9 2",
                "K3-BP11 2",
            ],
            hp: 5,
            score: 11,
            pay: &[("S", "E", 16), ("W", "E", 6)],
        },
    );
}

#[test]
fn k3_bp12_declared_ready_and_won_from_the_wall_two_more() {
    // HP18 1 + HP19 2 + HP20 2 + HP21 2 = 7; BP1 2 + BP2 1 + BP9 2 + BP10 2 + BP11 2
    // + BP12 2 = 11; 18 from each.
    let k = korean()
        .ready("E")
        .wins("E", "6D", "wall")
        .seat("E", &[], ALL_CHOWS, "");
    check(
        &k,
        Expect {
            items: &[
                "K3-HP18 1",
                "K3-HP19 2",
                "K3-HP20 2",
                "K3-HP21 2",
                "K3-BP1 2",
                "K3-BP2 6D 1",
                "K3-BP9 2",
                "K3-BP10 2",
                "K3-BP11 2",
                "K3-BP12 2",
            ],
            hp: 7,
            score: 18,
            pay: &[("S", "E", 18), ("W", "E", 18)],
        },
    );
}

// ---------------------------------------------------------------------------------------
// K3-L: limit hands. Half limit 20 (S pays 40 on his discard, W 20); full limit 40
// (S 80, W 40).
// ---------------------------------------------------------------------------------------

const HALF: &[(&str, &str, u64)] = &[("S", "E", 40), ("W", "E", 20)];
const FULL: &[(&str, &str, u64)] = &[("S", "E", 80), ("W", "E", 40)];

/// E wins on S's discard of `tile` with `sets` declared and `concealed`.
fn on_discard(tile: &str, sets: &[&str], concealed: &str) -> K {
    korean()
        .wins("E", tile, "discard")
        .supplier("S")
        .seat("E", sets, concealed, "")
}

#[test]
fn k3_l1_little_dragons_half_limit() {
    // Pungs of red and green, pair of white; characters: HP1 1 + 1 + HP2 1 + HP14 3 = 6.
    let k = on_discard(
        "WD",
        &[RD_PUNG, "pung GD GD GD exposed"],
        "1C 2C 3C 4C 5C 6C WD WD",
    );
    check_limit(&k, "K3-L1", Some(6), 20, HALF);
}

#[test]
fn k3_l2_little_winds_half_limit() {
    // Pungs of East (seat, prevailing) and South, pair of West; characters:
    // HP3 1 + HP4 1 + HP5 1 + HP3 1 + HP14 3 = 7.
    let k = on_discard(
        "WW",
        &["pung EW EW EW exposed", "pung SW SW SW exposed"],
        "1C 2C 3C 4C 5C 6C WW WW",
    );
    check_limit(&k, "K3-L2", Some(7), 20, HALF);
}

#[test]
fn k3_l3_all_bamboo_and_honours_half_limit() {
    // Needs the 5 bamboo (option): 1 and 9 bamboo are terminals, so without them any such
    // hand is all terminals and honours (K3-L11). Pungs 1B, red, South, East, pair 5B.
    // HP8 1 + HP1 1 + HP3 1 (South) + HP3 1 + HP4 1 + HP5 1 (East) + HP12 3 = 9.
    let k = on_discard(
        "5B",
        &["pung 1B 1B 1B exposed", RD_PUNG, "pung SW SW SW exposed"],
        "EW EW EW 5B 5B",
    )
    .option("five_bamboo", true);
    check_limit(&k, "K3-L3", Some(9), 20, HALF);
}

#[test]
fn k3_l4_a_terminal_or_honour_in_every_set_and_the_pair_half_limit() {
    // 123C 789D 123D, red pung, pair 9C. Only HP1 1 < 3: a limit hand needs no minimum.
    let k = on_discard("9C", &[RD_PUNG], "1C 2C 3C 7D 8D 9D 1D 2D 3D 9C 9C");
    check_limit(&k, "K3-L4", Some(1), 20, HALF);
}

#[test]
fn k3_l5_concealed_one_suit_with_a_dragon_or_wind_pung_half_limit() {
    // Concealed characters with a green pung (won on a discard: still concealed).
    // HP1 1 + HP14 3 + HP20 2 = 6.
    let k = on_discard("9C", &[], "GD GD GD 1C 2C 3C 4C 5C 6C 7C 7C 7C 9C 9C");
    check_limit(&k, "K3-L5", Some(6), 20, HALF);
    // Exposed, it is only one suit with honours: HP1 1 + HP14 3 = 4, BP1 2: S 10, W 2.
    let k = on_discard(
        "9C",
        &["pung GD GD GD exposed"],
        "1C 2C 3C 4C 5C 6C 7C 7C 7C 9C 9C",
    );
    check(
        &k,
        Expect {
            items: &["K3-HP1 GD 1", "K3-HP14 3", "K3-BP1 2"],
            hp: 4,
            score: 6,
            pay: &[("S", "E", 10), ("W", "E", 2)],
        },
    );
}

#[test]
fn k3_l6_four_concealed_pungs_half_limit() {
    // Won on S's 6D completing the pair: the pungs stay concealed.
    // HP11 3 + HP12 3 + HP18 1 + HP20 2 = 9.
    let k = on_discard("6D", &[], "2C 2C 2C 5C 5C 5C 8D 8D 8D 3D 3D 3D 6D 6D");
    check_limit(&k, "K3-L6", Some(9), 20, HALF);
    // Won on S's 3D completing a pung: three concealed, no limit: HP11 3 + HP12 3
    // + HP18 1 + HP20 2 = 9 HP, BP1 2 + BP9 2 = 4: S 22, W 4.
    let k = on_discard("3D", &[], "2C 2C 2C 5C 5C 5C 8D 8D 8D 3D 3D 3D 6D 6D");
    check(
        &k,
        Expect {
            items: &[
                "K3-HP11 3",
                "K3-HP12 3",
                "K3-HP18 1",
                "K3-HP20 2",
                "K3-BP1 2",
                "K3-BP9 2",
            ],
            hp: 9,
            score: 13,
            pay: &[("S", "E", 22), ("W", "E", 4)],
        },
    );
}

#[test]
fn k3_l7_three_kongs_and_a_pair_of_honours_half_limit() {
    // HP6 3 + HP7 3 = 6.
    let k = on_discard(
        "RD",
        &[
            "kong 2C 2C 2C 2C claimed",
            "kong 7D 7D 7D 7D claimed",
            "kong 5C 5C 5C 5C annexed",
        ],
        "3D 4D 5D RD RD",
    );
    check_limit(&k, "K3-L7", Some(6), 20, HALF);
}

#[test]
fn k3_l8_little_jade_dragon_half_limit() {
    // A pair of 5 bamboo (option) with a green pung: HP1 1.
    let k = on_discard(
        "5B",
        &["pung GD GD GD exposed"],
        "1C 2C 3C 4C 5C 6C 7D 8D 9D 5B 5B",
    )
    .option("five_bamboo", true);
    check_limit(&k, "K3-L8", Some(1), 20, HALF);
    // Without the option there is no 5 bamboo.
    let e = on_discard(
        "5B",
        &["pung GD GD GD exposed"],
        "1C 2C 3C 4C 5C 6C 7D 8D 9D 5B 5B",
    )
    .error();
    assert_eq!(e.path, "seats.E.concealed[9]");
}

#[test]
fn k3_l9_three_concealed_kongs_half_limit() {
    // HP6 3 + HP7 3 + HP11 3 + HP18 1 + HP20 2 = 12 HP, BP1 2 + BP9 2: 16 < 20.
    let k = on_discard(
        "9C",
        &[
            "kong 2C 2C 2C 2C concealed",
            "kong 7D 7D 7D 7D concealed",
            "kong 5C 5C 5C 5C concealed",
        ],
        "3D 4D 5D 9C 9C",
    );
    check_limit(&k, "K3-L9", Some(12), 20, HALF);
}

#[test]
fn k3_l10_four_kongs_half_limit() {
    // HP1 1 + HP6 4 + HP7 3 + HP12 3 = 11 HP; 11 + 2 = 13 < 20.
    let k = on_discard(
        "9C",
        &[
            "kong 2C 2C 2C 2C claimed",
            "kong 7D 7D 7D 7D claimed",
            "kong 5C 5C 5C 5C annexed",
            "kong RD RD RD RD claimed",
        ],
        "9C 9C",
    );
    check_limit(&k, "K3-L10", Some(11), 20, HALF);
}

#[test]
fn k3_l11_all_honours_and_terminals_full_limit() {
    // The hand of k3_hp13 with limit hands: HP 10, the limit 40.
    check_limit(&terminal_pungs(), "K3-L11", Some(10), 40, FULL);
}

#[test]
fn k3_l12_great_dragons_full_limit() {
    let k = on_discard(
        "5D",
        &[RD_PUNG, "pung GD GD GD exposed", WD_PUNG],
        "1C 2C 3C 5D 5D",
    );
    check_limit(&k, "K3-L12", Some(4), 40, FULL);
}

#[test]
fn k3_l13_great_winds_full_limit() {
    // HP3 3 + HP4 1 + HP5 1 (East) = 5.
    let k = on_discard(
        "5D",
        &[
            "pung EW EW EW exposed",
            "pung SW SW SW exposed",
            "pung WW WW WW exposed",
        ],
        "1C 2C 3C 5D 5D",
    );
    check_limit(&k, "K3-L13", Some(5), 40, FULL);
}

#[test]
fn k3_l14_pungs_of_one_and_nine_bamboo_and_a_pair_of_five_bamboo_full_limit() {
    // HP8 2 + HP9 4 + HP18 1 = 7 (5B needs the option).
    let k = on_discard(
        "5B",
        &["pung 1B 1B 1B exposed", "pung 9B 9B 9B exposed"],
        "1C 2C 3C 4D 5D 6D 5B 5B",
    )
    .option("five_bamboo", true);
    check_limit(&k, "K3-L14", Some(7), 40, FULL);
    // Two 5 bamboo only, usable as a pair: a third is no tile of the set.
    let e = korean()
        .option("five_bamboo", true)
        .seat("S", &[], "5B 5B 5B", "")
        .error();
    assert_eq!(
        (e.path.as_str(), e.message.as_str()),
        ("seats.S.concealed[2]", "3 copies of 5B")
    );
}

#[test]
fn k3_l15_four_concealed_kongs_full_limit() {
    // Self-drawn: 40 from each (the half-limit L9 and L10 are listed too).
    let k = korean().wins("E", "9C", "wall").seat(
        "E",
        &[
            "kong 2C 2C 2C 2C concealed",
            "kong 7D 7D 7D 7D concealed",
            "kong 5C 5C 5C 5C concealed",
            "kong RD RD RD RD concealed",
        ],
        "9C 9C",
        "",
    );
    let o = check_limit(&k, "K3-L15", None, 40, &[("S", "E", 40), ("W", "E", 40)]);
    let its = items(&o, 0);
    for l in ["K3-L9 limit 20", "K3-L10 limit 20", "K3-L15 limit 40"] {
        assert!(its.contains(&l.to_string()), "{l} in {its:?}");
    }
}

const ORPHANS: &str = "1C 9C 1D 9D 1B 9B EW SW WW NW RD GD WD WD";

#[test]
fn k3_l16_thirteen_orphans_full_limit_only_with_the_north() {
    // With the North option: 40 from each (also all honours and terminals, K3-L11; the
    // more particular hand names the limit).
    let k = korean()
        .option("north", true)
        .wins("E", "WD", "wall")
        .seat("E", &[], ORPHANS, "");
    let o = check_limit(&k, "K3-L16", None, 40, &[("S", "E", 40), ("W", "E", 40)]);
    assert!(items(&o, 0).contains(&"K3-L11 limit 40".to_string()));
    // Without it there is no North tile ...
    let e = korean()
        .wins("E", "WD", "wall")
        .seat("E", &[], ORPHANS, "")
        .error();
    assert_eq!(
        (e.path.as_str(), e.message.as_str()),
        (
            "seats.E.concealed[9]",
            "NW is not a tile of the korean-3p set"
        )
    );
    // ... and the twelve orphans of the set with two more tiles are no hand.
    let e = korean()
        .wins("E", "WD", "wall")
        .seat("E", &[], "1C 9C 1D 9D 1B 9B EW SW WW RD GD WD WD 9C", "")
        .error();
    assert_eq!(e.path, "winner");
    assert!(e.message.contains("not a legal Mah-Jongg"), "{}", e.message);
}

#[test]
fn k3_l17_nine_gates_full_limit() {
    // Concealed 1112345678999 in characters, won on S's 5C.
    let k = on_discard("5C", &[], "1C 1C 1C 2C 3C 4C 5C 6C 7C 8C 9C 9C 9C 5C");
    check_limit(&k, "K3-L17", None, 40, FULL);
}

#[test]
fn k3_l18_pearl_dragon_full_limit() {
    // Circles with a white pung, the pair circles.
    let k = on_discard("9D", &[WD_PUNG], "1D 2D 3D 4D 5D 6D 7D 7D 7D 9D 9D");
    check_limit(&k, "K3-L18", None, 40, FULL);
}

#[test]
fn k3_l19_ruby_dragon_full_limit() {
    // Characters with a red pung, the pair characters.
    let k = on_discard("9C", &[RD_PUNG], "1C 2C 3C 4C 5C 6C 7C 7C 7C 9C 9C");
    check_limit(&k, "K3-L19", None, 40, FULL);
}

#[test]
fn k3_l20_great_jade_dragon_full_limit() {
    // Pungs of 1 and 9 bamboo with green dragons.
    let k = on_discard(
        "5D",
        &[
            "pung 1B 1B 1B exposed",
            "pung 9B 9B 9B exposed",
            "pung GD GD GD exposed",
        ],
        "1C 2C 3C 5D 5D",
    );
    check_limit(&k, "K3-L20", None, 40, FULL);
}

#[test]
fn k3_l_limit_hands_off_or_only_concealed() {
    let great = || {
        on_discard(
            "5D",
            &[RD_PUNG, "pung GD GD GD exposed", WD_PUNG],
            "1C 2C 3C 5D 5D",
        )
    };
    // limit_hands off: Great Dragons is HP1 3 + HP2 1 = 4 HP, BP1 2: S 10, W 2.
    let plain = Expect {
        items: &[
            "K3-HP1 RD 1",
            "K3-HP1 GD 1",
            "K3-HP1 WD 1",
            "K3-HP2 1",
            "K3-BP1 2",
        ],
        hp: 4,
        score: 6,
        pay: &[("S", "E", 10), ("W", "E", 2)],
    };
    check(&great().option("limit_hands", false), plain);
    // limit_hands_concealed_only: the exposed Great Dragons scores as plain too ...
    check(
        &great().option("limit_hands_concealed_only", true),
        Expect {
            items: &[
                "K3-HP1 RD 1",
                "K3-HP1 GD 1",
                "K3-HP1 WD 1",
                "K3-HP2 1",
                "K3-BP1 2",
            ],
            hp: 4,
            score: 6,
            pay: &[("S", "E", 10), ("W", "E", 2)],
        },
    );
    // ... while the concealed four pungs (won on a discard) stay a limit hand.
    let k = on_discard("6D", &[], "2C 2C 2C 5C 5C 5C 8D 8D 8D 3D 3D 3D 6D 6D")
        .option("limit_hands_concealed_only", true);
    check_limit(&k, "K3-L6", Some(9), 20, HALF);
    // A limit hand below the minimum is no win without limit hands: K3-L4's hand.
    let e = on_discard("9C", &[RD_PUNG], "1C 2C 3C 7D 8D 9D 1D 2D 3D 9C 9C")
        .option("limit_hands", false)
        .error();
    assert_eq!(e.message, "E: 1 hand-point, below the minimum of 3 (K3-S1)");
}

#[test]
fn k3_l_an_ordinary_count_above_the_half_limit_scores_as_an_ordinary_hand() {
    // Three concealed kongs (K3-L9, half limit 20) of red, green and East, self-drawn:
    // HP1 1 + 1, HP2 1, HP3 1 + HP4 1 + HP5 1, HP6 3, HP7 3, HP11 3, HP20 2, HP21 2
    // = 19 HP; BP1 2 + BP2 1 + BP9 2 + BP10 2 = 7; 26 > 20: the hand scores 26 from
    // each, as an ordinary hand.
    let k = korean().wins("E", "9C", "wall").seat(
        "E",
        &[
            "kong RD RD RD RD concealed",
            "kong GD GD GD GD concealed",
            "kong EW EW EW EW concealed",
        ],
        "3D 4D 5D 9C 9C",
        "",
    );
    check(
        &k,
        Expect {
            items: &[
                "K3-HP1 RD 1",
                "K3-HP1 GD 1",
                "K3-HP2 1",
                "K3-HP3 EW 1",
                "K3-HP4 EW 1",
                "K3-HP5 EW 1",
                "K3-HP6 RD 1",
                "K3-HP6 GD 1",
                "K3-HP6 EW 1",
                "K3-HP7 3",
                "K3-HP11 3",
                "K3-HP20 2",
                "K3-HP21 2",
                "K3-BP1 2",
                "K3-BP2 9C 1",
                "K3-BP9 2",
                "K3-BP10 2",
            ],
            hp: 19,
            score: 26,
            pay: &[("S", "E", 26), ("W", "E", 26)],
        },
    );
    assert_eq!(k.win_rank(), Some((19, 7)));
}

// ---------------------------------------------------------------------------------------
// K3-O: the scoring options
// ---------------------------------------------------------------------------------------

fn north() -> K {
    korean().option("north", true)
}

#[test]
fn k3_o1_north_pair_two_hand_points() {
    // Red pung and a pair of North: HP1 1 + North pair 2 = 3 HP; BP1 2: S 8, W 2.
    let k = north().wins("E", "NW", "discard").supplier("S").seat(
        "E",
        &[RD_PUNG],
        "1C 2C 3C 4C 5C 6C 7D 8D 9D NW NW",
        "",
    );
    check(
        &k,
        Expect {
            items: &["K3-HP1 RD 1", "K3-BP1 2", "K3-O1 NW 2"],
            hp: 3,
            score: 5,
            pay: &[("S", "E", 8), ("W", "E", 2)],
        },
    );
    // Drawn from the wall: BP1 2 + BP2 1 + winning on a drawn North 2 = 5: 8 from each.
    let k = north().wins("E", "NW", "wall").seat(
        "E",
        &[RD_PUNG],
        "1C 2C 3C 4C 5C 6C 7D 8D 9D NW NW",
        "",
    );
    check(
        &k,
        Expect {
            items: &[
                "K3-HP1 RD 1",
                "K3-BP1 2",
                "K3-BP2 NW 1",
                "K3-O1 NW 2",
                "K3-O1 NW 2",
            ],
            hp: 3,
            score: 8,
            pay: &[("S", "E", 8), ("W", "E", 8)],
        },
    );
}

#[test]
fn k3_o1_north_kong_six_hand_points_and_no_north_pung() {
    // A claimed North kong: North kong 6 + HP6 1 = 7 HP; BP1 2: S 2×7 + 2 = 16, W 2.
    let k = north().wins("E", "5D", "discard").supplier("S").seat(
        "E",
        &["kong NW NW NW NW claimed"],
        "1C 2C 3C 4C 5C 6C 7D 8D 9D 5D 5D",
        "",
    );
    check(
        &k,
        Expect {
            items: &["K3-HP6 NW 1", "K3-BP1 2", "K3-O1 NW 6"],
            hp: 7,
            score: 9,
            pay: &[("S", "E", 16), ("W", "E", 2)],
        },
    );
    // No Mah-Jongg with a North pung, exposed or concealed.
    for sets in [vec!["pung NW NW NW exposed"], vec![]] {
        let conc = if sets.is_empty() {
            "NW NW NW 1C 2C 3C 4C 5C 6C 7D 8D 9D 5D 5D"
        } else {
            "1C 2C 3C 4C 5C 6C 7D 8D 9D 5D 5D"
        };
        let e = north()
            .wins("E", "5D", "discard")
            .supplier("S")
            .seat("E", &sets, conc, "")
            .error();
        assert_eq!(e.path, "winner");
        assert_eq!(
            e.message,
            "E: not a legal Mah-Jongg under korean-3p: North may be a pair or a kong, never a pung (K3-O1)"
        );
    }
}

#[test]
fn k3_o1_north_is_an_honour_but_no_wind() {
    // Pungs of East and South with a pair of North are no Little Winds: HP3 1 + HP4 1
    // + HP5 1 (East) + HP3 1 (South) + North pair 2 = 6 HP; BP1 2: S 14, W 2.
    let k = north().wins("E", "NW", "discard").supplier("S").seat(
        "E",
        &["pung EW EW EW exposed", "pung SW SW SW exposed"],
        "1C 2C 3C 4D 5D 6D NW NW",
        "",
    );
    check(
        &k,
        Expect {
            items: &[
                "K3-HP3 EW 1",
                "K3-HP3 SW 1",
                "K3-HP4 EW 1",
                "K3-HP5 EW 1",
                "K3-BP1 2",
                "K3-O1 NW 2",
            ],
            hp: 6,
            score: 8,
            pay: &[("S", "E", 14), ("W", "E", 2)],
        },
    );
    // It counts for all honours (K3-L11).
    let k = north().wins("E", "NW", "discard").supplier("S").seat(
        "E",
        &[
            "pung EW EW EW exposed",
            "pung SW SW SW exposed",
            RD_PUNG,
            "pung GD GD GD exposed",
        ],
        "NW NW",
        "",
    );
    check_limit(&k, "K3-L11", None, 40, FULL);
}

#[test]
fn k3_o2_west_removed_seats_east_south_north() {
    // North sits third and is a full wind: North's pung of North is his seat wind.
    // HP1 1 + HP3 1 + HP4 1 = 3 HP; BP1 2: E (discarder) pays 2×3 + 2 = 8, S 2.
    let k = korean()
        .west_removed()
        .wins("N", "5D", "discard")
        .supplier("E")
        .seat(
            "N",
            &["pung NW NW NW exposed", RD_PUNG],
            "1C 2C 3C 4C 5C 6C 5D 5D",
            "",
        );
    let o = check(
        &k,
        Expect {
            items: &["K3-HP1 RD 1", "K3-HP3 NW 1", "K3-HP4 NW 1", "K3-BP1 2"],
            hp: 3,
            score: 5,
            pay: &[("E", "N", 8), ("S", "N", 2)],
        },
    );
    assert_eq!(o.settlement, [-8, -2, 10, 0]);
    // The third round is North's: prevailing N adds HP5.
    let o = k.clone().prevailing("N").score();
    assert_eq!((o.scores[2].points, o.scores[2].score), (4, 6));
    // There is no West seat and no West tile.
    let e = korean().west_removed().seat("W", &[], "", "").error();
    assert_eq!(
        (e.path.as_str(), e.message.as_str()),
        ("seats.W", "unknown seat \"W\" (expected one of E, S, N)")
    );
    let e = korean().west_removed().seat("S", &[], "WW", "").error();
    assert_eq!(e.path, "seats.S.concealed[0]");
    // The North option makes no sense then.
    let e = korean().west_removed().option("north", true).error();
    assert_eq!(e.path, "options.north");
}

#[test]
fn k3_o3_all_bamboo_removed() {
    // Two dragons still score 3 + 2 (S 8, W 2); bamboo is no tile of the set.
    let k = two_dragons("discard").option("no_bamboo", true);
    check(
        &k,
        Expect {
            items: &["K3-HP1 RD 1", "K3-HP1 WD 1", "K3-HP2 1", "K3-BP1 2"],
            hp: 3,
            score: 5,
            pay: &[("S", "E", 8), ("W", "E", 2)],
        },
    );
    let e = korean()
        .option("no_bamboo", true)
        .seat("S", &[], "1B", "")
        .error();
    assert_eq!(
        e.message,
        "1B is not a tile of the korean-3p set: it has no bamboos (option no_bamboo = true)"
    );
}

#[test]
fn k3_o4_three_ready_hand_points_only_or_a_draw() {
    let all_ready = || {
        korean()
            .ready("E")
            .ready("S")
            .ready("W")
            .wins("E", "6D", "discard")
            .supplier("S")
            .seat("E", &[], ALL_CHOWS, "")
    };
    // hand-points-only: 5 HP (k3_hp19), no bonus-points: S pays 2×5 = 10, W nothing.
    let k = all_ready().option("three_ready", "hand-points-only");
    check(
        &k,
        Expect {
            items: &[
                "K3-HP18 1",
                "K3-HP19 2",
                "K3-HP20 2",
                "K3-BP1 2",
                "K3-BP9 2",
                "K3-BP11 2",
                "K3-O4 0",
            ],
            hp: 5,
            score: 5,
            pay: &[("S", "E", 10)],
        },
    );
    assert_eq!(k.win_rank(), Some((5, 0)));
    // Self-drawn: 5 + HP21 2 = 7 from each.
    let k = korean()
        .option("three_ready", "hand-points-only")
        .ready("E")
        .ready("S")
        .ready("W")
        .wins("E", "6D", "wall")
        .seat("E", &[], ALL_CHOWS, "");
    let o = k.score();
    assert_eq!(payments(&k, &o), [("S", "E", 7), ("W", "E", 7)]);
    // draw: no winner can be scored.
    let e = all_ready().option("three_ready", "draw").error();
    assert_eq!(
        (e.path.as_str(), e.message.as_str()),
        (
            "winner",
            "every seat declared ready: the hand is a draw (three_ready = \"draw\")"
        )
    );
    assert_eq!(all_ready().option("three_ready", "draw").win_rank(), None);
    // The default plays on: 5 HP + 6 BP; S and W declared but are not waiting (waiting
    // mode): S 16, W 6.
    check(
        &all_ready(),
        Expect {
            items: &[
                "K3-HP18 1",
                "K3-HP19 2",
                "K3-HP20 2",
                "K3-BP1 2",
                "K3-BP9 2",
                "K3-BP11 2",
            ],
            hp: 5,
            score: 11,
            pay: &[("S", "E", 16), ("W", "E", 6)],
        },
    );
}

fn dora() -> K {
    korean().option("dora", true)
}

#[test]
fn k3_o5_dora_one_bonus_point_each_and_the_article_pung_of_three() {
    // Indicator 4C: 5C is dora. E holds three 5C (a chow and a pair): 3 BP.
    // 3 HP; BP1 2 + dora 3 = 5: S 2×3 + 5 = 11, W 5.
    let k = dora()
        .dora("4C")
        .wins("E", "1D", "discard")
        .supplier("S")
        .seat(
            "E",
            &[RD_PUNG, "pung GD GD GD exposed"],
            "1D 2D 3D 4C 5C 6C 5C 5C",
            "",
        );
    check(
        &k,
        Expect {
            items: &[
                "K3-HP1 RD 1",
                "K3-HP1 GD 1",
                "K3-HP2 1",
                "K3-BP1 2",
                "K3-O5 5C 3",
            ],
            hp: 3,
            score: 8,
            pay: &[("S", "E", 11), ("W", "E", 5)],
        },
    );
    // The article's example: a pung of dora is 3 bonus-points; with dora_extra 2 more.
    let pung = || {
        dora()
            .dora("4C")
            .wins("E", "9C", "discard")
            .supplier("S")
            .seat(
                "E",
                &["pung 5C 5C 5C exposed", RD_PUNG, "pung GD GD GD exposed"],
                "1D 2D 3D 9C 9C",
                "",
            )
    };
    check(
        &pung(),
        Expect {
            items: &[
                "K3-HP1 RD 1",
                "K3-HP1 GD 1",
                "K3-HP2 1",
                "K3-BP1 2",
                "K3-O5 5C 3",
            ],
            hp: 3,
            score: 8,
            pay: &[("S", "E", 11), ("W", "E", 5)],
        },
    );
    // dora_extra: pung +2: BP 7: S 13, W 7.
    check(
        &pung().option("dora_extra", true),
        Expect {
            items: &[
                "K3-HP1 RD 1",
                "K3-HP1 GD 1",
                "K3-HP2 1",
                "K3-BP1 2",
                "K3-O5 5C 2",
                "K3-O5 5C 3",
            ],
            hp: 3,
            score: 10,
            pay: &[("S", "E", 13), ("W", "E", 7)],
        },
    );
}

#[test]
fn k3_o5_dora_extra_pair_one_kong_six() {
    // Indicator 8D: 9D is dora. A pair of 9D: 2 + 1 = 3; a kong of 9D: 4 + 6 = 10.
    let pair = dora()
        .option("dora_extra", true)
        .dora("8D")
        .wins("E", "9D", "discard")
        .supplier("S")
        .seat("E", &[RD_PUNG, WD_PUNG], "1C 2C 3C 4C 5C 6C 9D 9D", "");
    check(
        &pair,
        Expect {
            items: &[
                "K3-HP1 RD 1",
                "K3-HP1 WD 1",
                "K3-HP2 1",
                "K3-BP1 2",
                "K3-O5 9D 1",
                "K3-O5 9D 2",
            ],
            hp: 3,
            score: 8,
            pay: &[("S", "E", 11), ("W", "E", 5)],
        },
    );
    // Kong: HP1 1 + 1, HP2 1, HP6 1 = 4 HP; BP1 2 + 6 + 4 = 12: S 2×4 + 12 = 20, W 12.
    let kong = dora()
        .option("dora_extra", true)
        .dora("8D")
        .wins("E", "5D", "discard")
        .supplier("S")
        .seat(
            "E",
            &[RD_PUNG, WD_PUNG, "kong 9D 9D 9D 9D claimed"],
            "1C 2C 3C 5D 5D",
            "",
        );
    check(
        &kong,
        Expect {
            items: &[
                "K3-HP1 RD 1",
                "K3-HP1 WD 1",
                "K3-HP2 1",
                "K3-HP6 9D 1",
                "K3-BP1 2",
                "K3-O5 9D 6",
                "K3-O5 9D 4",
            ],
            hp: 4,
            score: 16,
            pay: &[("S", "E", 20), ("W", "E", 12)],
        },
    );
}

#[test]
fn k3_o5_the_next_tile_in_order_is_dora() {
    use mahjong_hands::Shape;
    use mahjong_rules::families::korean::{dora_of, Dora};
    use mahjong_rules::Ruleset;
    use mahjong_tiles::Tile;
    let shape = |opts: serde_json::Value| {
        let mut r = Ruleset::preset("korean-3p").unwrap();
        r.apply(opts.as_object().unwrap()).unwrap();
        Shape::of(&r.tile_set())
    };
    let t = |c: &str| c.parse::<Tile>().unwrap();
    let kind = |c: &str| Dora::Kind(t(c).kind().unwrap());
    let plain = shape(serde_json::json!({}));
    for (ind, dora) in [
        ("4C", "5C"),
        ("9C", "1C"),
        ("9D", "1D"),
        ("1B", "9B"),
        ("9B", "1B"),
        ("EW", "SW"),
        ("SW", "WW"),
        ("WW", "EW"),
        ("GD", "RD"),
        ("RD", "WD"),
        ("WD", "GD"),
        ("0C", "6C"),
    ] {
        assert_eq!(dora_of(t(ind), &plain), kind(dora), "{ind}");
    }
    assert_eq!(dora_of(t("3F"), &plain), Dora::Flowers);
    // With the North: W → N → E; with the West removed: S → N → E; with 5 bamboo:
    // 1 → 5 → 9.
    let north = shape(serde_json::json!({"north": true}));
    assert_eq!(dora_of(t("WW"), &north), kind("NW"));
    assert_eq!(dora_of(t("NW"), &north), kind("EW"));
    let west = shape(serde_json::json!({"missing_wind": "west"}));
    assert_eq!(dora_of(t("SW"), &west), kind("NW"));
    assert_eq!(dora_of(t("NW"), &west), kind("EW"));
    let five = shape(serde_json::json!({"five_bamboo": true}));
    assert_eq!(dora_of(t("1B"), &five), kind("5B"));
    assert_eq!(dora_of(t("5B"), &five), kind("9B"));
    // Through the table: indicator WW makes East dora; E's pung of East holds 3.
    let k = dora()
        .dora("WW")
        .wins("E", "5D", "discard")
        .supplier("S")
        .seat(
            "E",
            &["pung EW EW EW exposed"],
            "1C 2C 3C 4C 5C 6C 7D 8D 9D 5D 5D",
            "",
        );
    let o = k.score();
    assert!(
        items(&o, 0).contains(&"K3-O5 EW 3".to_string()),
        "{:?}",
        items(&o, 0)
    );
}

#[test]
fn k3_o5_a_flower_indicator_makes_every_flower_worth_two() {
    // Indicator 2F (out of play): E holds the other three: BP7 3 + flower dora 3 + BP8 2
    // = 8 (the usual eight of all the flowers) + BP1 2 = 10; 3 HP: S 16, W 10.
    let k = dora()
        .dora("2F")
        .wins("E", "5D", "discard")
        .supplier("S")
        .seat(
            "E",
            &[RD_PUNG, WD_PUNG],
            "1C 2C 3C 4C 5C 6C 5D 5D",
            "1F 3F 4F",
        );
    check(
        &k,
        Expect {
            items: &[
                "K3-HP1 RD 1",
                "K3-HP1 WD 1",
                "K3-HP2 1",
                "K3-BP1 2",
                "K3-BP7 1F 1",
                "K3-BP7 3F 1",
                "K3-BP7 4F 1",
                "K3-BP8 2",
                "K3-O5 1F 1",
                "K3-O5 3F 1",
                "K3-O5 4F 1",
            ],
            hp: 3,
            score: 13,
            pay: &[("S", "E", 16), ("W", "E", 10)],
        },
    );
    // The indicator is out of play: nobody holds it.
    let e = dora().dora("2F").seat("E", &[], "", "2F").error();
    assert_eq!(e.path, "seats.E.bonus[0]");
    // An indicator without the option is refused.
    let e = two_dragons("discard").dora("4C").error();
    assert_eq!(
        (e.path.as_str(), e.message.as_str()),
        (
            "dora_indicator",
            "the ruleset reveals no dora indicator (option dora is off)"
        )
    );
}

#[test]
fn k3_o6_red_fives_one_or_both_six() {
    // One red 5C: 1 BP; 3 HP, BP 3: S 9, W 3.
    let one = korean()
        .option("red_dora", true)
        .wins("E", "5D", "discard")
        .supplier("S")
        .seat("E", &[RD_PUNG, WD_PUNG], "1C 2C 3C 4C 0C 6C 5D 5D", "");
    check(
        &one,
        Expect {
            items: &[
                "K3-HP1 RD 1",
                "K3-HP1 WD 1",
                "K3-HP2 1",
                "K3-BP1 2",
                "K3-O6 1",
            ],
            hp: 3,
            score: 6,
            pay: &[("S", "E", 9), ("W", "E", 3)],
        },
    );
    // Both: 6 in all; BP 8: S 14, W 8.
    let both = korean()
        .option("red_dora", true)
        .wins("E", "5D", "discard")
        .supplier("S")
        .seat("E", &[RD_PUNG, WD_PUNG], "1C 2C 3C 4C 0C 6C 0D 5D", "");
    check(
        &both,
        Expect {
            items: &[
                "K3-HP1 RD 1",
                "K3-HP1 WD 1",
                "K3-HP2 1",
                "K3-BP1 2",
                "K3-O6 6",
            ],
            hp: 3,
            score: 11,
            pay: &[("S", "E", 14), ("W", "E", 8)],
        },
    );
    // Red dora and an indicator count apart: indicator 4C, the red 5C is also dora:
    // dora 1 + red 1: BP 4.
    let o = one.clone().option("dora", true).dora("4C").score();
    assert_eq!(o.scores[0].score - o.scores[0].points, 4);
    // Without the option there are no red fives.
    let e = korean().seat("S", &[], "0C", "").error();
    assert_eq!(e.path, "seats.S.concealed[0]");
}

#[test]
fn k3_o7_five_bamboo_pair_enables_jade_hands() {
    // See k3_l3, k3_l8, k3_l14. A 5B pair alone scores nothing: 3 HP, BP1 2: S 8, W 2.
    let k = korean()
        .option("five_bamboo", true)
        .wins("E", "5B", "discard")
        .supplier("S")
        .seat("E", &[RD_PUNG, WD_PUNG], "1C 2C 3C 4C 5C 6C 5B 5B", "");
    check(
        &k,
        Expect {
            items: &["K3-HP1 RD 1", "K3-HP1 WD 1", "K3-HP2 1", "K3-BP1 2"],
            hp: 3,
            score: 5,
            pay: &[("S", "E", 8), ("W", "E", 2)],
        },
    );
}

#[test]
fn k3_o8_seat_dragons_one_more_for_the_seat_dragon() {
    // East's dragon is green: HP1 1 + 1 + HP2 1 + seat dragon 1 = 4 HP; BP1 2: S 10, W 2.
    let k = |on: bool| {
        korean()
            .option("seat_dragons", on)
            .wins("E", "5D", "discard")
            .supplier("S")
            .seat(
                "E",
                &["pung GD GD GD exposed", RD_PUNG],
                "1C 2C 3C 4C 5C 6C 5D 5D",
                "",
            )
    };
    check(
        &k(true),
        Expect {
            items: &[
                "K3-HP1 GD 1",
                "K3-HP1 RD 1",
                "K3-HP2 1",
                "K3-BP1 2",
                "K3-O8 GD 1",
            ],
            hp: 4,
            score: 6,
            pay: &[("S", "E", 10), ("W", "E", 2)],
        },
    );
    check(
        &k(false),
        Expect {
            items: &["K3-HP1 GD 1", "K3-HP1 RD 1", "K3-HP2 1", "K3-BP1 2"],
            hp: 3,
            score: 5,
            pay: &[("S", "E", 8), ("W", "E", 2)],
        },
    );
    // South's is red, West's white.
    for (seat, dragon, other) in [("S", "RD", "GD"), ("W", "WD", "RD")] {
        let k = korean()
            .option("seat_dragons", true)
            .wins(seat, "5D", "wall")
            .seat(
                seat,
                &[
                    &format!("pung {dragon} {dragon} {dragon} exposed"),
                    &format!("pung {other} {other} {other} exposed"),
                ],
                "1C 2C 3C 4C 5C 6C 5D 5D",
                "",
            );
        let o = k.score();
        let i = k.index(seat);
        assert!(
            items(&o, i).contains(&format!("K3-O8 {dragon} 1")),
            "{:?}",
            items(&o, i)
        );
        assert_eq!(o.scores[i].points, 4);
    }
}

// ---------------------------------------------------------------------------------------
// Errors and the table format
// ---------------------------------------------------------------------------------------

#[test]
fn bad_winners_are_named() {
    // Incomplete hand.
    let e = korean()
        .wins("E", "5D", "wall")
        .seat("E", &[], "1C 2C 3C 4C 5C 6C 7D 8D 9D 5D 5D 2C 4C 6C", "")
        .error();
    assert_eq!(
        (e.path.as_str(), e.message.as_str()),
        (
            "winner",
            "E: not a legal Mah-Jongg under korean-3p: the tiles do not form four sets and a pair, seven pairs or thirteen orphans"
        )
    );
    // The winning tile must be in the hand.
    let e = two_dragons("wall").wins("E", "9C", "wall").error();
    assert_eq!(
        (e.path.as_str(), e.message.as_str()),
        ("win.tile", "9C is not in the winner's hand")
    );
    // A fourth seat is refused.
    let e = two_dragons("wall").seat("N", &[], "", "").error();
    assert_eq!(
        (e.path.as_str(), e.message.as_str()),
        ("seats.N", "unknown seat \"N\" (expected one of E, S, W)")
    );
}

#[test]
fn every_rule_id_has_a_class_and_items_sort_by_family() {
    use mahjong_rules::families::korean::{class_of, Class, ALL};
    for r in ALL {
        assert!(class_of(r).is_some(), "{}", r.id);
    }
    assert_eq!(
        class_of(&mahjong_rules::families::korean::K3HP20_CONCEALED),
        Some(Class::HandPoints)
    );
    assert_eq!(
        class_of(&mahjong_rules::families::korean::K3O1_NORTH_KONG),
        Some(Class::HandPoints)
    );
    assert_eq!(
        class_of(&mahjong_rules::families::korean::K3O1_NORTH_WIN),
        Some(Class::BonusPoints)
    );
    assert_eq!(
        class_of(&mahjong_rules::families::korean::K3L16),
        Some(Class::Limit)
    );
    assert_eq!(
        class_of(&mahjong_rules::families::korean::K3M2_GOULASH),
        Some(Class::Settlement)
    );
    assert_eq!(
        class_of(&mahjong_rules::families::classical::rules::M29_SEVEN_PAIRS),
        None
    );
    let order = |id: &str| mahjong_rules::Rule::order_of(id);
    assert!(order("K3-HP2") < order("K3-HP10"));
    assert!(order("K3-HP21") < order("K3-BP1"));
    assert!(order("K3-BP12") < order("K3-O1"));
    assert!(order("K3-O8") < order("K3-L1"));
    assert!(order("K3-L20") < order("K3-S5"));
    assert!(order("K3-S5") < order("K3-M2"));
}
