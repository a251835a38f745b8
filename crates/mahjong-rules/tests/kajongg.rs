//! An independent check of the Kajongg family (presets `dmjl` and `bmja`) against
//! `shared/rules/kajongg-dmjl-bmja.md`: a test per rule of §2–§4 and per difference of §6.
//! Every expected value was computed by hand from the spec; the comments show the
//! arithmetic. Tables go through the public JSON path (`TableInput::from_json` →
//! `score_input`) as users' tables do.
//!
//! Seats: East, South, West, North; the prevailing wind is East; seats not mentioned hold
//! nothing. South's own flower and season are 2F and 2S, West's 3F and 3S.

mod common;

use common::*;
use mahjong_rules::Outcome;

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/// Both presets, for rules they share.
const BOTH: [&str; 2] = ["dmjl", "bmja"];

/// An empty table under `preset`.
fn kj(preset: &str) -> T {
    table().ruleset(preset)
}

/// `seat` wins with `tile` from `from`; a discard or robbed kong comes from `supplier`.
fn win(t: T, seat: &str, tile: &str, from: &str, supplier: &str) -> T {
    let t = t.wins(seat, tile, from);
    if matches!(from, "discard" | "robbed_kong") {
        t.supplier(supplier)
    } else {
        t
    }
}

/// The plain hand, legal in both rulesets: exposed pungs 2B, 6D and 3C, concealed 7D 8D
/// and the pair 5B 5B, completed with 9D (7D 8D waits on 6D or 9D: no KJ-W4, no KJ-W3).
/// 20 (KJ-W1) + 3 × 2 (exposed minor pungs) = 26, one chow, no doubles: 26.
const PLAIN: [&str; 3] = [
    "pung 2B 2B 2B exposed",
    "pung 6D 6D 6D exposed",
    "pung 3C 3C 3C exposed",
];
const PLAIN_CONCEALED: &str = "7D 8D 9D 5B 5B";

/// `seat` goes out with the plain hand on 9D from `from` (a discard comes from West, or
/// from South when West wins).
fn plain(preset: &str, seat: &str, from: &str, bonus: &str) -> T {
    let supplier = if seat == "W" { "S" } else { "W" };
    win(kj(preset), seat, "9D", from, supplier).seat(seat, &PLAIN, PLAIN_CONCEALED, bonus)
}

/// The items of a seat with this rule id and exact name.
fn named<'a>(o: &'a Outcome, s: &str, id: &str, name: &str) -> Vec<&'a mahjong_rules::Item> {
    items(o, s, id)
        .into_iter()
        .filter(|i| i.rule.name == name)
        .collect()
}

/// Asserts exactly `n` items of rule `id` named `name`, each worth `points` and `doubles`.
#[track_caller]
fn item_n(o: &Outcome, s: &str, id: &str, name: &str, n: usize, points: u32, doubles: u32) {
    let its = named(o, s, id, name);
    assert_eq!(
        its.len(),
        n,
        "number of {id} {name:?} items of\n{}",
        describe(o, s)
    );
    for i in its {
        assert_eq!(
            (u32::from(i.points), u32::from(i.doubles)),
            (points, doubles),
            "{id} {name:?} item of\n{}",
            describe(o, s)
        );
    }
}

/// Asserts exactly one item of rule `id` named `name`, worth `points` and `doubles`.
#[track_caller]
fn item(o: &Outcome, s: &str, id: &str, name: &str, points: u32, doubles: u32) {
    item_n(o, s, id, name, 1, points, doubles);
}

/// Asserts the seat has no item of rule `id` named `name`.
#[track_caller]
fn no_item(o: &Outcome, s: &str, id: &str, name: &str) {
    assert!(
        named(o, s, id, name).is_empty(),
        "unexpected {id} {name:?} in\n{}",
        describe(o, s)
    );
}

/// Asserts the seat has no item of the rule id at all.
#[track_caller]
fn no_rule(o: &Outcome, s: &str, id: &str) {
    assert_no(o, s, id);
}

/// Asserts the seat's (points, doubles, score) and that no limit applies.
#[track_caller]
fn plain_score(o: &Outcome, s: &str, points: u64, doubles: u32, score: u64) {
    assert_seat(o, s, points, doubles, score);
    assert_eq!(
        seat(o, s).limit.map(|r| (r.id, r.name)),
        None,
        "limit of\n{}",
        describe(o, s)
    );
}

/// Asserts a limit hand: the seat's limit is rule `id` named `name`, its only item (as
/// Kajongg lists only the limit rule, with no points or doubles), and the score is
/// `score`.
#[track_caller]
fn limit_hand(o: &Outcome, s: &str, id: &str, name: &str, score: u64) {
    let sc = seat(o, s);
    assert_eq!(
        (
            sc.limit.map(|r| (r.id, r.name)),
            sc.score,
            sc.points,
            sc.doubles
        ),
        (Some((id, name)), score, 0, 0),
        "limit of\n{}",
        describe(o, s)
    );
    let its = sc.items.as_slice();
    assert!(
        its.len() == 1 && its[0].limit && its[0].rule.id == id && its[0].rule.name == name,
        "the one limit item {id} {name:?} in\n{}",
        describe(o, s)
    );
}

/// Asserts an ordinary total capped at the limit (KJ-S4): (points, doubles), the score
/// and the limit rule "limit reached".
#[track_caller]
fn capped(o: &Outcome, s: &str, points: u64, doubles: u32, score: u64) {
    assert_seat(o, s, points, doubles, score);
    assert_eq!(
        seat(o, s).limit.map(|r| (r.id, r.name)),
        Some(("KJ-S4", "limit reached")),
        "limit of\n{}",
        describe(o, s)
    );
}

/// Asserts that the table is refused: the error path and a word of its message.
#[track_caller]
fn refused(t: &T, path: &str, word: &str) {
    t.check_physical();
    match t.try_score() {
        Ok(o) => panic!(
            "expected an error at {path}, got a score:\n{}{}",
            describe(&o, "S"),
            t.json()
        ),
        Err(e) => {
            assert_eq!(e.path, path, "error {e}");
            assert!(e.message.contains(word), "error {e} lacks {word:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// §2 meld rules: KJ-M1–M6
// ---------------------------------------------------------------------------------------

#[test]
fn kajongg_m1_pung_points_exposed_and_concealed() {
    // South: exposed pungs 2C, 9C, NW; concealed 3D 3D 3D 4D + West's 4D (before it the
    // hand waited on 2D, 4D or 5D: no KJ-W4). West (loser): concealed pungs 1B and SW (no
    // double: SW is neither West's wind nor the round's) and two odd tiles.
    for preset in BOTH {
        let o = win(kj(preset), "S", "4D", "discard", "W")
            .seat(
                "S",
                &[
                    "pung 2C 2C 2C exposed",
                    "pung 9C 9C 9C exposed",
                    "pung NW NW NW exposed",
                ],
                "3D 3D 3D 4D 4D",
                "",
            )
            .seat("W", &[], "1B 1B 1B SW SW SW 7C 9D", "")
            .score();
        item(&o, "S", "KJ-M1", "Exposed Pung: minor", 2, 0);
        item(&o, "S", "KJ-M1", "Exposed Pung: terminals", 4, 0);
        item(&o, "S", "KJ-M1", "Exposed Pung: honors", 4, 0);
        item(&o, "S", "KJ-M1", "Concealed Pung: minor", 4, 0);
        item(&o, "W", "KJ-M1", "Concealed Pung: terminals", 8, 0);
        item(&o, "W", "KJ-M1", "Concealed Pung: honors", 8, 0);
        item(&o, "S", "KJ-W5", "No Chow", 0, 1);
        if preset == "dmjl" {
            // 20 + 2 + 4 + 4 + 4 (concealed 3D) + 2 (KJ-W3, pair of 4D) = 36; No Chow: 72.
            plain_score(&o, "S", 36, 1, 72);
        } else {
            // 20 + 2 + 4 + 4 + 4 = 34; No Chow: 68.
            plain_score(&o, "S", 34, 1, 68);
        }
        // West: 8 + 8 = 16.
        plain_score(&o, "W", 16, 0, 16);
    }
}

#[test]
fn kajongg_m2_kong_points_exposed_and_concealed() {
    // South: annexed kong 4C, claimed kong 1C (scores as exposed), concealed kong WW;
    // concealed 6D 6D 6D 7D + West's 7D (waits were 5D, 7D, 8D). North (loser): concealed
    // kongs 5B and 9D, annexed kong SW (not North's wind nor the round's).
    for preset in BOTH {
        let o = win(kj(preset), "S", "7D", "discard", "W")
            .seat(
                "S",
                &[
                    "kong 4C 4C 4C 4C annexed",
                    "kong 1C 1C 1C 1C claimed",
                    "kong WW WW WW WW concealed",
                ],
                "6D 6D 6D 7D 7D",
                "",
            )
            .seat(
                "N",
                &[
                    "kong 5B 5B 5B 5B concealed",
                    "kong 9D 9D 9D 9D concealed",
                    "kong SW SW SW SW annexed",
                ],
                "",
                "",
            )
            .score();
        item(&o, "S", "KJ-M2", "Exposed Kong: minor", 8, 0);
        item(&o, "S", "KJ-M2", "Exposed Kong: terminals", 16, 0);
        item(&o, "S", "KJ-M2", "Concealed Kong: honors", 32, 0);
        item(&o, "N", "KJ-M2", "Concealed Kong: minor", 16, 0);
        item(&o, "N", "KJ-M2", "Concealed Kong: terminals", 32, 0);
        item(&o, "N", "KJ-M2", "Exposed Kong: honors", 16, 0);
        if preset == "dmjl" {
            // 20 + 8 + 16 + 32 + 4 (concealed 6D) + 2 (KJ-W3, pair of 7D) = 82; No Chow +
            // Three Concealed Pongs (claimed 1C, concealed WW, 6D) = 2 doubles: 328.
            plain_score(&o, "S", 82, 2, 328);
            item(&o, "S", "KJ-H3", "Three Concealed Pongs", 0, 1);
        } else {
            // 20 + 8 + 16 + 32 + 4 = 80; No Chow: 160.
            plain_score(&o, "S", 80, 1, 160);
        }
        // North: 16 + 32 + 16 = 64 (two concealed kongs only: no KJ-H3).
        plain_score(&o, "N", 64, 0, 64);
    }
}

#[test]
fn kajongg_m3_pairs_own_and_round_wind_both_loser_several_pairs_s7_settlement_dmjl() {
    // East wins on North's 8C: exposed pung 2B, exposed chows 3C4C5C and 6D7D8D, concealed
    // 6C 7C + 8C (waits were 5C, 8C) and a pair of East wind, his own and the round's.
    // South (loser) holds pairs RD, SW (his own) and EW (the round's).
    let o = win(kj("dmjl"), "E", "8C", "discard", "N")
        .seat(
            "E",
            &[
                "pung 2B 2B 2B exposed",
                "chow 3C 4C 5C exposed",
                "chow 6D 7D 8D exposed",
            ],
            "6C 7C 8C EW EW",
            "",
        )
        .seat("S", &[], "RD RD SW SW EW EW 3B 9D", "")
        .score();
    // East: 20 + 2 + 2 (own wind pair) + 2 (round wind pair) = 26.
    item(&o, "E", "KJ-M3", "Pair of Own Wind", 2, 0);
    item(&o, "E", "KJ-M3", "Pair of Round Wind", 2, 0);
    plain_score(&o, "E", 26, 0, 26);
    // South: 2 (dragons) + 2 (own wind) + 2 (round wind) = 6.
    item(&o, "S", "KJ-M3", "Pair of Dragons", 2, 0);
    item(&o, "S", "KJ-M3", "Pair of Own Wind", 2, 0);
    item(&o, "S", "KJ-M3", "Pair of Round Wind", 2, 0);
    plain_score(&o, "S", 6, 0, 6);
    // KJ-S7: East won, so every loser pays 2 × 26 = 52; West and North each pay South 6.
    assert_eq!(paid(&o, "S", "E"), 52);
    assert_eq!(paid(&o, "W", "E"), 52);
    assert_eq!(paid(&o, "N", "E"), 52);
    assert_eq!(paid(&o, "W", "S"), 6);
    assert_eq!(paid(&o, "N", "S"), 6);
    assert_settlement(&o, [156, -40, -58, -58]);
}

#[test]
fn kajongg_m4_flower_and_season_4_points_every_player() {
    // South: the plain hand with 1F and 3S (not his own); West holds 4F (not his own).
    for preset in BOTH {
        let o = plain(preset, "S", "discard", "1F 3S")
            .seat("W", &[], "", "4F")
            .score();
        // 26 + 4 + 4 = 34, no doubles (no KJ-M6 / KJ-H1: neither tile is South's).
        item(&o, "S", "KJ-M4", "Flower", 4, 0);
        item(&o, "S", "KJ-M4", "Season", 4, 0);
        plain_score(&o, "S", 34, 0, 34);
        no_rule(&o, "S", "KJ-M6");
        no_rule(&o, "S", "KJ-H1");
        // A loser's bonus tile scores too.
        item(&o, "W", "KJ-M4", "Flower", 4, 0);
        plain_score(&o, "W", 4, 0, 4);
    }
}

#[test]
fn kajongg_m5_dragon_and_wind_set_doubles_double_wind_earns_both_s7_settlement_dmjl() {
    // East wins on North's 7C: exposed pungs of East wind (own and round) and red dragons,
    // exposed chow 2B3B4B, concealed 5C 6C + 7C (waits were 4C, 7C) and 9D 9D. South
    // (loser) holds a concealed kong of South wind, his own.
    let o = win(kj("dmjl"), "E", "7C", "discard", "N")
        .seat(
            "E",
            &[
                "pung EW EW EW exposed",
                "pung RD RD RD exposed",
                "chow 2B 3B 4B exposed",
            ],
            "5C 6C 7C 9D 9D",
            "",
        )
        .seat("S", &["kong SW SW SW SW concealed"], "", "")
        .score();
    // East: 20 + 4 + 4 = 28; doubles own wind + round wind + dragons = 3: 224.
    item(&o, "E", "KJ-M5", "Pung/Kong of Own Wind", 0, 1);
    item(&o, "E", "KJ-M5", "Pung/Kong of Round Wind", 0, 1);
    item(&o, "E", "KJ-M5", "Pung/Kong of Dragons", 0, 1);
    plain_score(&o, "E", 28, 3, 224);
    // South: 32 (concealed honour kong); own wind: 64.
    item(&o, "S", "KJ-M5", "Pung/Kong of Own Wind", 0, 1);
    no_item(&o, "S", "KJ-M5", "Pung/Kong of Round Wind");
    plain_score(&o, "S", 32, 1, 64);
    // KJ-S7: each loser pays East 2 × 224 = 448; West and North each pay South 64.
    assert_settlement(&o, [1344, -320, -512, -512]);
}

#[test]
fn kajongg_m6_own_flower_own_season_one_double_each_bmja() {
    // South: the plain hand with his own flower 2F and own season 2S; West holds 3F (his
    // own flower).
    let t = |preset| {
        plain(preset, "S", "discard", "2F 2S")
            .seat("W", &[], "", "3F")
            .score()
    };
    let o = t("bmja");
    // 26 + 8 = 34; Own Flower + Own Season = 2 doubles: 136.
    item(&o, "S", "KJ-M6", "Own Flower", 0, 1);
    item(&o, "S", "KJ-M6", "Own Season", 0, 1);
    no_rule(&o, "S", "KJ-H1");
    plain_score(&o, "S", 34, 2, 136);
    // West: 4 points, Own Flower: 8.
    item(&o, "W", "KJ-M6", "Own Flower", 0, 1);
    plain_score(&o, "W", 4, 1, 8);
    // DMJL (M116a as Millington): only both together double, once.
    let o = t("dmjl");
    no_rule(&o, "S", "KJ-M6");
    item(&o, "S", "KJ-H1", "Own Flower and Own Season", 0, 1);
    plain_score(&o, "S", 34, 1, 68);
    no_rule(&o, "W", "KJ-M6");
    plain_score(&o, "W", 4, 0, 4);
}

// ---------------------------------------------------------------------------------------
// §2–§4 hand rules: KJ-H1–H5
// ---------------------------------------------------------------------------------------

#[test]
fn kajongg_h1_own_flower_and_own_season_dmjl() {
    // South: plain hand with 2F 2S; West (loser) holds 3F 3S, his own.
    let o = plain("dmjl", "S", "discard", "2F 2S")
        .seat("W", &[], "", "3F 3S")
        .score();
    // South: 26 + 8 = 34, 1 double: 68.
    item(&o, "S", "KJ-H1", "Own Flower and Own Season", 0, 1);
    plain_score(&o, "S", 34, 1, 68);
    // West (every player): 8 points, 1 double: 16.
    item(&o, "W", "KJ-H1", "Own Flower and Own Season", 0, 1);
    plain_score(&o, "W", 8, 1, 16);
    // Near miss: own flower with another's season: 34, no double.
    let o = plain("dmjl", "S", "discard", "2F 3S").score();
    no_rule(&o, "S", "KJ-H1");
    plain_score(&o, "S", 34, 0, 34);
    // BMJA: no KJ-H1; West's two own tiles double once each (KJ-M6): 8 × 4 = 32.
    let o = plain("bmja", "S", "discard", "")
        .seat("W", &[], "", "3F 3S")
        .score();
    no_rule(&o, "W", "KJ-H1");
    plain_score(&o, "W", 8, 2, 32);
}

#[test]
fn kajongg_h2_all_flowers_all_seasons_dmjl_1_double_bmja_2() {
    // South: plain hand with the four flowers; West (loser) holds the four seasons.
    let t = |preset| {
        plain(preset, "S", "discard", "1F 2F 3F 4F")
            .seat("W", &[], "", "1S 2S 3S 4S")
            .score()
    };
    let o = t("dmjl");
    // South: 26 + 16 = 42; All Flowers 1 double: 84 (own flower alone: nothing).
    item(&o, "S", "KJ-H2", "All Flowers", 0, 1);
    plain_score(&o, "S", 42, 1, 84);
    // West: 16; All Seasons 1 double: 32.
    item(&o, "W", "KJ-H2", "All Seasons", 0, 1);
    plain_score(&o, "W", 16, 1, 32);
    let o = t("bmja");
    // South: 42; Own Flower 1 + All Flowers 2 = 3 doubles: 336.
    item(&o, "S", "KJ-H2", "All Flowers", 0, 2);
    item(&o, "S", "KJ-M6", "Own Flower", 0, 1);
    plain_score(&o, "S", 42, 3, 336);
    // West: 16; Own Season 1 + All Seasons 2 = 3 doubles: 128.
    item(&o, "W", "KJ-H2", "All Seasons", 0, 2);
    item(&o, "W", "KJ-M6", "Own Season", 0, 1);
    plain_score(&o, "W", 16, 3, 128);
}

#[test]
fn kajongg_h3_three_concealed_pongs_claimed_kong_counts_dmjl() {
    // South: claimed kong 5C, concealed pungs 2D and 7B, chow 3B4B + West's 5B (waits were
    // 2B, 5B), pair 9C. West (loser): concealed pungs 1D, 4B, 8C.
    let t = |preset: &str, kong: &str, tile: &str| {
        win(kj(preset), "S", tile, "discard", "W")
            .seat("S", &[kong], "2D 2D 2D 7B 7B 7B 3B 4B 5B 9C 9C", "")
            .seat("W", &[], "1D 1D 1D 4B 4B 4B 8C 8C 8C", "")
            .score()
    };
    let claimed = "kong 5C 5C 5C 5C claimed";
    let o = t("dmjl", claimed, "5B");
    // 20 + 8 (claimed kong scores exposed) + 4 + 4 = 36; KJ-H3 (claimed kong, 2D, 7B): 72.
    item(&o, "S", "KJ-H3", "Three Concealed Pongs", 0, 1);
    plain_score(&o, "S", 36, 1, 72);
    // West (every player): 8 + 4 + 4 = 16; KJ-H3: 32.
    item(&o, "W", "KJ-H3", "Three Concealed Pongs", 0, 1);
    plain_score(&o, "W", 16, 1, 32);
    // Near miss: an annexed kong is exposed: 36, no double.
    let o = t("dmjl", "kong 5C 5C 5C 5C annexed", "5B");
    no_rule(&o, "S", "KJ-H3");
    plain_score(&o, "S", 36, 0, 36);
    // Near miss: the winning discard 2D exposes its pung (waits were 2D, 9C): 20 + 8 + 2
    // (exposed 2D) + 4 (7B) = 34, only two concealed.
    let o = t("dmjl", claimed, "2D");
    no_rule(&o, "S", "KJ-H3");
    plain_score(&o, "S", 34, 0, 34);
    // BMJA has no KJ-H3: 36 and 16.
    let o = t("bmja", claimed, "5B");
    no_rule(&o, "S", "KJ-H3");
    no_rule(&o, "W", "KJ-H3");
    plain_score(&o, "S", 36, 0, 36);
    plain_score(&o, "W", 16, 0, 16);
}

#[test]
fn kajongg_h4_little_and_big_three_dragons_dmjl() {
    // Little: South: exposed pungs RD, GD, chow 2B3B4B; concealed pung 5C and WD + West's WD
    // (only WD completed the hand).
    let little = |preset| {
        win(kj(preset), "S", "WD", "discard", "W")
            .seat(
                "S",
                &[
                    "pung RD RD RD exposed",
                    "pung GD GD GD exposed",
                    "chow 2B 3B 4B exposed",
                ],
                "5C 5C 5C WD WD",
                "",
            )
            .score()
    };
    let o = little("dmjl");
    // 20 + 4 + 4 + 4 (5C) + 2 (dragon pair) + 4 (KJ-W3 honours) + 2 (KJ-W4) = 40;
    // 2 dragon sets + Little Three Dragons = 3 doubles: 320.
    item(&o, "S", "KJ-H4", "Little Three Dragons", 0, 1);
    item_n(&o, "S", "KJ-M5", "Pung/Kong of Dragons", 2, 0, 1);
    plain_score(&o, "S", 40, 3, 320);
    let o = little("bmja");
    // BMJA: 20 + 4 + 4 + 4 + 2 = 34; 2 doubles: 136; no KJ-H4.
    no_rule(&o, "S", "KJ-H4");
    plain_score(&o, "S", 34, 2, 136);
    // Big (every player): West, a loser, holds exposed pungs of all three dragons.
    let big = |preset| {
        plain(preset, "S", "discard", "")
            .seat(
                "W",
                &[
                    "pung RD RD RD exposed",
                    "pung GD GD GD exposed",
                    "pung WD WD WD exposed",
                ],
                "",
                "",
            )
            .score()
    };
    let o = big("dmjl");
    // West: 3 × 4 = 12; 3 dragon sets + Big Three Dragons 2 = 5 doubles: 384.
    item(&o, "W", "KJ-H4", "Big Three Dragons", 0, 2);
    plain_score(&o, "W", 12, 5, 384);
    let o = big("bmja");
    // BMJA: 12, 3 doubles: 96.
    no_rule(&o, "W", "KJ-H4");
    plain_score(&o, "W", 12, 3, 96);
}

#[test]
fn kajongg_h5_little_and_big_four_joys_dmjl() {
    // Little: South: exposed pungs EW, WW, NW; concealed 2B 3B + West's 4B (waits were 1B,
    // 4B) and a pair of South wind (his own).
    let little = |preset| {
        win(kj(preset), "S", "4B", "discard", "W")
            .seat(
                "S",
                &[
                    "pung EW EW EW exposed",
                    "pung WW WW WW exposed",
                    "pung NW NW NW exposed",
                ],
                "2B 3B 4B SW SW",
                "",
            )
            .score()
    };
    let o = little("dmjl");
    // 20 + 3 × 4 + 2 (own wind pair) = 34; round wind pung + Little Four Joys + False
    // Color Game (bamboo and honours) = 3: 272.
    item(&o, "S", "KJ-H5", "Little Four Joys", 0, 1);
    item(&o, "S", "KJ-W9", "False Color Game", 0, 1);
    no_rule(&o, "S", "KJ-L4");
    plain_score(&o, "S", 34, 3, 272);
    let o = little("bmja");
    no_rule(&o, "S", "KJ-H5");
    plain_score(&o, "S", 34, 1, 68);
    // Big (every player): West, a loser, holds exposed pungs of the four winds.
    let big = |preset| {
        plain(preset, "S", "discard", "")
            .seat(
                "W",
                &[
                    "pung EW EW EW exposed",
                    "pung SW SW SW exposed",
                    "pung WW WW WW exposed",
                    "pung NW NW NW exposed",
                ],
                "",
                "",
            )
            .score()
    };
    let o = big("dmjl");
    // West: 16; round wind (EW) + own wind (WW) + Big Four Joys 2 = 4 doubles: 256.
    item(&o, "W", "KJ-H5", "Big Four Joys", 0, 2);
    plain_score(&o, "W", 16, 4, 256);
    let o = big("bmja");
    no_rule(&o, "W", "KJ-H5");
    plain_score(&o, "W", 16, 2, 64);
}

// ---------------------------------------------------------------------------------------
// Winner rules: KJ-W1–W16 (and KJ-S2, KJ-S3)
// ---------------------------------------------------------------------------------------

#[test]
fn kajongg_w1_standard_mah_jongg_20_points() {
    for preset in BOTH {
        let o = plain(preset, "S", "discard", "").score();
        // 20 + 2 + 2 + 2 = 26.
        item(&o, "S", "KJ-W1", "Standard Mah Jongg", 20, 0);
        plain_score(&o, "S", 26, 0, 26);
    }
}

#[test]
fn kajongg_w1_bmja_max_one_chow_two_chow_hand_refused() {
    // South: exposed chows 2B3B4B and 5C6C7C, exposed pung 6D; concealed 7B 8B + West's 9B
    // and 3D 3D.
    let t = |preset| {
        win(kj(preset), "S", "9B", "discard", "W").seat(
            "S",
            &[
                "chow 2B 3B 4B exposed",
                "chow 5C 6C 7C exposed",
                "pung 6D 6D 6D exposed",
            ],
            "7B 8B 9B 3D 3D",
            "",
        )
    };
    // DMJL allows four chows: 20 + 2 = 22.
    let o = t("dmjl").score();
    item(&o, "S", "KJ-W1", "Standard Mah Jongg", 20, 0);
    plain_score(&o, "S", 22, 0, 22);
    // BMJA: two chows cannot go out.
    refused(&t("bmja"), "seats.S", "chow");
}

#[test]
fn kajongg_w1_s3_bmja_takes_the_arrangement_with_one_chow() {
    // South, all concealed: 1B 2B 3B three times, 5C 6C 7C, and 9D + 9D drawn from the wall.
    // As three chows of 1B2B3B it holds four chows (not a BMJA win); as pungs of 1B, 2B
    // and 3B it holds one chow and wins (KJ-S3: a winning arrangement beats a non-winning
    // one).
    let o = win(kj("bmja"), "S", "9D", "wall", "")
        .seat("S", &[], "1B 2B 3B 1B 2B 3B 1B 2B 3B 5C 6C 7C 9D 9D", "")
        .score();
    // 20 + 8 (concealed 1B) + 4 + 4 (concealed 2B, 3B) + 2 (KJ-W2) = 38; Only Concealed
    // Melds: 76.
    item(&o, "S", "KJ-M1", "Concealed Pung: terminals", 8, 0);
    item_n(&o, "S", "KJ-M1", "Concealed Pung: minor", 2, 4, 0);
    item(&o, "S", "KJ-W6", "Only Concealed Melds", 0, 1);
    plain_score(&o, "S", 38, 1, 76);
}

#[test]
fn kajongg_s2_hand_matching_no_mahjong_rule_is_refused() {
    // Seven pairs (with minor tiles) is no Mah-Jongg rule of either ruleset.
    for preset in BOTH {
        let t = win(kj(preset), "S", "RD", "wall", "").seat(
            "S",
            &[],
            "1B 1B 3C 3C 5D 5D 7B 7B 9C 9C EW EW RD RD",
            "",
        );
        t.check_physical();
        assert!(t.try_score().is_err(), "{preset}: seven pairs scored");
    }
}

#[test]
fn kajongg_w2_self_drawn_two_points_loose_tile_included_and_w12_dmjl() {
    for preset in BOTH {
        // The plain hand drawn from the wall: 26 + 2 = 28.
        let o = plain(preset, "S", "wall", "").score();
        item(&o, "S", "KJ-W2", "Won with Last Tile Taken from Wall", 2, 0);
        plain_score(&o, "S", 28, 0, 28);
    }
    // South: annexed kong 6D, exposed pung 2C, exposed chow 2B3B4B; concealed pung 7B and 8B
    // + 8B (waits were 6B, 8B, 9B) drawn as a loose tile.
    let t = |preset, from| {
        win(kj(preset), "S", "8B", from, "")
            .seat(
                "S",
                &[
                    "kong 6D 6D 6D 6D annexed",
                    "pung 2C 2C 2C exposed",
                    "chow 2B 3B 4B exposed",
                ],
                "7B 7B 7B 8B 8B",
                "",
            )
            .score()
    };
    let o = t("dmjl", "loose");
    // DMJL: 20 + 8 + 2 + 4 (7B) + 2 (KJ-W2) + 2 (KJ-W3) = 38; KJ-W12 1 double: 76.
    item(&o, "S", "KJ-W2", "Won with Last Tile Taken from Wall", 2, 0);
    item(&o, "S", "KJ-W12", "Last Tile Taken from Dead Wall", 0, 1);
    plain_score(&o, "S", 38, 1, 76);
    let o = t("bmja", "loose");
    // BMJA: 20 + 8 + 2 + 4 + 2 = 36, no KJ-W12.
    item(&o, "S", "KJ-W2", "Won with Last Tile Taken from Wall", 2, 0);
    no_rule(&o, "S", "KJ-W12");
    plain_score(&o, "S", 36, 0, 36);
    // Near miss (KJ-W12): the same tile from the live wall: 38, no double.
    let o = t("dmjl", "wall");
    no_rule(&o, "S", "KJ-W12");
    plain_score(&o, "S", 38, 0, 38);
}

#[test]
fn kajongg_w3_last_tile_completes_pair_of_2_to_8_dmjl() {
    // South: exposed pungs 2B, 6C, 3C; concealed pung 3D and 4D + West's 4D (waits were 2D,
    // 4D, 5D: no KJ-W4).
    let t = |preset| {
        win(kj(preset), "S", "4D", "discard", "W")
            .seat(
                "S",
                &[
                    "pung 2B 2B 2B exposed",
                    "pung 6C 6C 6C exposed",
                    "pung 3C 3C 3C exposed",
                ],
                "3D 3D 3D 4D 4D",
                "",
            )
            .score()
    };
    let o = t("dmjl");
    // 20 + 6 + 4 (3D) + 2 (KJ-W3) = 32; No Chow: 64.
    item(&o, "S", "KJ-W3", "Last Tile Completes Pair of 2..8", 2, 0);
    no_rule(&o, "S", "KJ-W4");
    plain_score(&o, "S", 32, 1, 64);
    // BMJA has no KJ-W3: 30, No Chow: 60.
    let o = t("bmja");
    no_rule(&o, "S", "KJ-W3");
    plain_score(&o, "S", 30, 1, 60);
}

#[test]
fn kajongg_w3_last_tile_completes_pair_of_terminals_best_set_taken_dmjl() {
    // South: exposed chow 2B3B4B, pung 6D, chow 3D4D5D; concealed 7C 8C 9C 9C + West's 9C
    // (waits were 6C, 9C). The 9C completes either the chow 7C8C9C or the pair 9C9C; the
    // pair gives more (KJ-S3).
    let o = win(kj("dmjl"), "S", "9C", "discard", "W")
        .seat(
            "S",
            &[
                "chow 2B 3B 4B exposed",
                "pung 6D 6D 6D exposed",
                "chow 3D 4D 5D exposed",
            ],
            "7C 8C 9C 9C 9C",
            "",
        )
        .score();
    // 20 + 2 + 4 (KJ-W3 terminals) = 26.
    item(
        &o,
        "S",
        "KJ-W3",
        "Last Tile Completes Pair of Terminals or Honors",
        4,
        0,
    );
    plain_score(&o, "S", 26, 0, 26);
}

#[test]
fn kajongg_w4_only_possible_tile_dmjl_none_in_bmja() {
    // South: exposed pungs 2B, 6C, 3C; concealed 7D 9D (only 8D fits) + West's 8D, pair 5B.
    let t = |preset| {
        win(kj(preset), "S", "8D", "discard", "W")
            .seat(
                "S",
                &[
                    "pung 2B 2B 2B exposed",
                    "pung 6C 6C 6C exposed",
                    "pung 3C 3C 3C exposed",
                ],
                "7D 8D 9D 5B 5B",
                "",
            )
            .score()
    };
    let o = t("dmjl");
    // 20 + 6 + 2 = 28.
    item(&o, "S", "KJ-W4", "Last Tile is Only Possible Tile", 2, 0);
    plain_score(&o, "S", 28, 0, 28);
    // BMJA (§6: no M115c): 26.
    let o = t("bmja");
    no_rule(&o, "S", "KJ-W4");
    plain_score(&o, "S", 26, 0, 26);
}

#[test]
fn kajongg_w4_only_possible_tile_ignores_tiles_seen_dmjl() {
    // South waits on 6D or 9D (7D 8D) and goes out on 9D; all four 6D lie discarded on the
    // table. Kajongg still counts 6D as a possible tile (§6: M115c would not): no KJ-W4.
    let o = win(kj("dmjl"), "S", "9D", "discard", "W")
        .discards("E:6D N:6D E:6D N:6D")
        .seat(
            "S",
            &[
                "pung 2B 2B 2B exposed",
                "pung 6C 6C 6C exposed",
                "pung 3C 3C 3C exposed",
            ],
            "7D 8D 9D 5B 5B",
            "",
        )
        .score();
    // 20 + 6 = 26.
    no_rule(&o, "S", "KJ-W4");
    plain_score(&o, "S", 26, 0, 26);
}

#[test]
fn kajongg_w4_only_possible_tile_excludes_kinds_held_four_times_dmjl() {
    // South: exposed pungs 5D, 2B, 3C; concealed 5D 6D 7D 8D + West's 8D. Before the win
    // 5D 6D 7D 8D waits on 5D or 8D, but the hand itself holds all four 5D (three in the
    // pung, one concealed), so 8D is the only possible tile (§3: only kinds the hand holds
    // all four of are excluded).
    let o = win(kj("dmjl"), "S", "8D", "discard", "W")
        .seat(
            "S",
            &[
                "pung 5D 5D 5D exposed",
                "pung 2B 2B 2B exposed",
                "pung 3C 3C 3C exposed",
            ],
            "5D 6D 7D 8D 8D",
            "",
        )
        .score();
    // 20 + 6 + 2 (KJ-W3, pair of 8D) + 2 (KJ-W4) = 30.
    item(&o, "S", "KJ-W3", "Last Tile Completes Pair of 2..8", 2, 0);
    item(&o, "S", "KJ-W4", "Last Tile is Only Possible Tile", 2, 0);
    plain_score(&o, "S", 30, 0, 30);
}

#[test]
fn kajongg_w5_no_chow() {
    // South: exposed pungs 2B, 6C, 3C, concealed pung 3D and 4D + West's 4D; near miss with
    // an exposed chow 2B3B4B instead of the 2B pung.
    let t = |preset, first: &str| {
        win(kj(preset), "S", "4D", "discard", "W")
            .seat(
                "S",
                &[first, "pung 6C 6C 6C exposed", "pung 3C 3C 3C exposed"],
                "3D 3D 3D 4D 4D",
                "",
            )
            .score()
    };
    let pung = "pung 2B 2B 2B exposed";
    let chow = "chow 2B 3B 4B exposed";
    // DMJL: 20 + 6 + 4 + 2 (KJ-W3) = 32, No Chow: 64; with the chow 30, nothing: 30.
    let o = t("dmjl", pung);
    item(&o, "S", "KJ-W5", "No Chow", 0, 1);
    plain_score(&o, "S", 32, 1, 64);
    let o = t("dmjl", chow);
    no_rule(&o, "S", "KJ-W5");
    plain_score(&o, "S", 30, 0, 30);
    // BMJA: 30, No Chow: 60; with the chow 28.
    let o = t("bmja", pung);
    item(&o, "S", "KJ-W5", "No Chow", 0, 1);
    plain_score(&o, "S", 30, 1, 60);
    let o = t("bmja", chow);
    no_rule(&o, "S", "KJ-W5");
    plain_score(&o, "S", 28, 0, 28);
}

#[test]
fn kajongg_w6_only_concealed_melds_s6_claimed_kong_allowed() {
    // South: chow 2B3B(+4B), pungs 6D, 5C, 8B, pair 9B (waits were 1B, 4B).
    let t = |preset, from, sets: &[&str], concealed| {
        win(kj(preset), "S", "4B", from, "W")
            .seat("S", sets, concealed, "")
            .score()
    };
    let all = "2B 3B 4B 6D 6D 6D 5C 5C 5C 8B 8B 8B 9B 9B";
    let no6d = "2B 3B 4B 5C 5C 5C 8B 8B 8B 9B 9B";
    // All concealed, drawn from the wall. DMJL: 20 + 3 × 4 + 2 (KJ-W2) = 34; Only
    // Concealed Melds + Three Concealed Pongs: 136. BMJA: 34, 1 double: 68.
    let o = t("dmjl", "wall", &[], all);
    item(&o, "S", "KJ-W6", "Only Concealed Melds", 0, 1);
    plain_score(&o, "S", 34, 2, 136);
    let o = t("bmja", "wall", &[], all);
    item(&o, "S", "KJ-W6", "Only Concealed Melds", 0, 1);
    plain_score(&o, "S", 34, 1, 68);
    // Near miss: won on a discard, whose chow is exposed. DMJL: 32, KJ-H3: 64; BMJA: 32.
    let o = t("dmjl", "discard", &[], all);
    no_rule(&o, "S", "KJ-W6");
    plain_score(&o, "S", 32, 1, 64);
    let o = t("bmja", "discard", &[], all);
    no_rule(&o, "S", "KJ-W6");
    plain_score(&o, "S", 32, 0, 32);
    // KJ-S6: a claimed kong of 6D (8 points, as exposed) keeps the hand concealed.
    // DMJL: 20 + 8 + 4 + 4 + 2 = 38; KJ-W6 + KJ-H3: 152. BMJA: 38, KJ-W6: 76.
    let claimed = ["kong 6D 6D 6D 6D claimed"];
    let o = t("dmjl", "wall", &claimed, no6d);
    item(&o, "S", "KJ-W6", "Only Concealed Melds", 0, 1);
    item(&o, "S", "KJ-M2", "Exposed Kong: minor", 8, 0);
    plain_score(&o, "S", 38, 2, 152);
    let o = t("bmja", "wall", &claimed, no6d);
    item(&o, "S", "KJ-W6", "Only Concealed Melds", 0, 1);
    plain_score(&o, "S", 38, 1, 76);
    // An annexed kong is exposed: 38, no doubles in either (DMJL: only two concealed).
    let annexed = ["kong 6D 6D 6D 6D annexed"];
    for preset in BOTH {
        let o = t(preset, "wall", &annexed, no6d);
        no_rule(&o, "S", "KJ-W6");
        plain_score(&o, "S", 38, 0, 38);
    }
}

#[test]
fn kajongg_w7_zero_point_hand_dmjl() {
    // South: exposed chows 2B3B4B, 5C6C7C, 3D4D5D; concealed 7B 8B 9B and a pair.
    let chows = [
        "chow 2B 3B 4B exposed",
        "chow 5C 6C 7C exposed",
        "chow 3D 4D 5D exposed",
    ];
    let t = |tile, from, concealed, bonus| {
        win(kj("dmjl"), "S", tile, from, "W")
            .seat("S", &chows, concealed, bonus)
            .score()
    };
    // On West's 9B (waits were 6B, 9B): 20, Zero Point Hand: 40.
    let o = t("9B", "discard", "7B 8B 9B 6D 6D", "");
    item(&o, "S", "KJ-W7", "Zero Point Hand", 0, 1);
    plain_score(&o, "S", 20, 1, 40);
    // Self-drawn: 20 + 2 (KJ-W2) = 22, still zero point: 44.
    let o = t("9B", "wall", "7B 8B 9B 6D 6D", "");
    item(&o, "S", "KJ-W7", "Zero Point Hand", 0, 1);
    plain_score(&o, "S", 22, 1, 44);
    // Bonus tiles and last-tile points do not spoil it: 1F, 6D completing the pair (the
    // only tile): 20 + 4 + 2 (KJ-W3) + 2 (KJ-W4) = 28; 56.
    let o = t("6D", "discard", "7B 8B 9B 6D 6D", "1F");
    item(&o, "S", "KJ-W7", "Zero Point Hand", 0, 1);
    plain_score(&o, "S", 28, 1, 56);
    // Near miss: a pair of dragons scores 2: 22, no double.
    let o = t("9B", "discard", "7B 8B 9B RD RD", "");
    no_rule(&o, "S", "KJ-W7");
    plain_score(&o, "S", 22, 0, 22);
}

#[test]
fn kajongg_w8_only_terminals_and_honors() {
    // South: exposed pungs 1B, 9C, NW; concealed 1D 1D + West's 1D and WW WW (waits were
    // 1D, WW). WW and NW are neither South's wind nor the round's.
    for preset in BOTH {
        let o = win(kj(preset), "S", "1D", "discard", "W")
            .seat(
                "S",
                &[
                    "pung 1B 1B 1B exposed",
                    "pung 9C 9C 9C exposed",
                    "pung NW NW NW exposed",
                ],
                "1D 1D 1D WW WW",
                "",
            )
            .score();
        // 20 + 4 × 4 (exposed terminal/honour pungs, 1D exposed by the claim) = 36;
        // No Chow + Only Terminals and Honors: 144.
        item(&o, "S", "KJ-W8", "Only Terminals and Honors", 0, 1);
        plain_score(&o, "S", 36, 2, 144);
    }
}

#[test]
fn kajongg_w9_false_color_game_dmjl() {
    // South: exposed pung 2B, chow 3B4B5B, pung RD; concealed pung 7B and 8B + West's 8B
    // (waits were 6B, 8B, 9B).
    let t = |preset| {
        win(kj(preset), "S", "8B", "discard", "W")
            .seat(
                "S",
                &[
                    "pung 2B 2B 2B exposed",
                    "chow 3B 4B 5B exposed",
                    "pung RD RD RD exposed",
                ],
                "7B 7B 7B 8B 8B",
                "",
            )
            .score()
    };
    // DMJL: 20 + 2 + 4 + 4 + 2 (KJ-W3) = 32; dragons + False Color Game: 128.
    let o = t("dmjl");
    item(&o, "S", "KJ-W9", "False Color Game", 0, 1);
    plain_score(&o, "S", 32, 2, 128);
    // BMJA (§6: no M117d): 30, dragons: 60.
    let o = t("bmja");
    no_rule(&o, "S", "KJ-W9");
    plain_score(&o, "S", 30, 1, 60);
}

#[test]
fn kajongg_w10_true_color_game_chows_allowed_dmjl() {
    // South, characters only: exposed chows 1C2C3C, 4C5C6C (claimed on 4C), exposed pung
    // 9C; concealed 7C 8C + West's 6C (waits were 6C, 9C), pair 2C.
    let o = win(kj("dmjl"), "S", "6C", "discard", "W")
        .seat(
            "S",
            &[
                "chow 1C 2C 3C exposed",
                "chow 4C 5C 6C exposed claimed=4C",
                "pung 9C 9C 9C exposed",
            ],
            "2C 2C 6C 7C 8C",
            "",
        )
        .score();
    // 20 + 4 = 24; True Color Game 3 doubles: 192.
    item(&o, "S", "KJ-W10", "True Color Game", 0, 3);
    no_rule(&o, "S", "KJ-L12");
    plain_score(&o, "S", 24, 3, 192);
}

#[test]
fn kajongg_w11_purity_no_chow_bmja_vs_w10_dmjl() {
    // South, characters only: exposed `first`, pungs 4C and 9C; concealed pung 7C and 5C +
    // West's 5C (waits were 5C, 6C).
    let t = |preset, first: &str| {
        win(kj(preset), "S", "5C", "discard", "W")
            .seat(
                "S",
                &[first, "pung 4C 4C 4C exposed", "pung 9C 9C 9C exposed"],
                "5C 5C 7C 7C 7C",
                "",
            )
            .score()
    };
    let pung = "pung 1C 1C 1C exposed";
    let chow = "chow 1C 2C 3C exposed";
    // BMJA, no chow: 20 + 4 + 2 + 4 + 4 = 34; No Chow + Purity 3 = 4 doubles: 544.
    let o = t("bmja", pung);
    item(&o, "S", "KJ-W11", "Purity", 0, 3);
    no_rule(&o, "S", "KJ-W10");
    plain_score(&o, "S", 34, 4, 544);
    // BMJA with one chow (§6 M117e: Purity forbids chows): 20 + 2 + 4 + 4 = 30, nothing.
    let o = t("bmja", chow);
    no_rule(&o, "S", "KJ-W11");
    plain_score(&o, "S", 30, 0, 30);
    // DMJL with the chow: 30 + 2 (KJ-W3) = 32; True Color Game 3: 256.
    let o = t("dmjl", chow);
    item(&o, "S", "KJ-W10", "True Color Game", 0, 3);
    no_rule(&o, "S", "KJ-W11");
    plain_score(&o, "S", 32, 3, 256);
    // DMJL without chow: 36; No Chow + True Color Game = 4: 576, capped at 500 (KJ-S4).
    let o = t("dmjl", pung);
    item(&o, "S", "KJ-W10", "True Color Game", 0, 3);
    capped(&o, "S", 36, 4, 500);
}

#[test]
fn kajongg_w13_last_tile_is_last_tile_of_wall() {
    for preset in BOTH {
        // The plain hand drawn as the last tile of the live wall: 26 + 2 = 28; 1 double: 56.
        let o = plain(preset, "S", "wall", "").flag("last_tile").score();
        item(&o, "S", "KJ-W13", "Last Tile is Last Tile of Wall", 0, 1);
        no_rule(&o, "S", "KJ-W14");
        plain_score(&o, "S", 28, 1, 56);
    }
}

#[test]
fn kajongg_w14_last_tile_is_last_tile_of_wall_discarded() {
    for preset in BOTH {
        // The plain hand on the discard after the last draw: 26; 1 double: 52.
        let o = plain(preset, "S", "discard", "").flag("last_tile").score();
        item(
            &o,
            "S",
            "KJ-W14",
            "Last Tile is Last Tile of Wall Discarded",
            0,
            1,
        );
        no_rule(&o, "S", "KJ-W13");
        plain_score(&o, "S", 26, 1, 52);
    }
}

#[test]
fn kajongg_w15_robbing_the_kong() {
    for preset in BOTH {
        // The plain hand robbing West's 9D as he adds it to his exposed pung of 9D.
        let o = plain(preset, "S", "robbed_kong", "")
            .seat("W", &["pung 9D 9D 9D exposed"], "", "")
            .score();
        // 26; 1 double: 52.
        item(&o, "S", "KJ-W15", "Robbing the Kong", 0, 1);
        plain_score(&o, "S", 26, 1, 52);
        // West keeps his pung: 4.
        plain_score(&o, "W", 4, 0, 4);
    }
}

#[test]
fn kajongg_w16_original_call_fewer_than_three_exposed_sets() {
    for preset in BOTH {
        // South: exposed pung 6D; concealed pungs 2B, 3C, 7D 8D + West's 9D, pair 5B. With
        // the claimed chow two sets are exposed. 20 + 2 + 4 + 4 = 30; 1 double: 60.
        let o = win(kj(preset), "S", "9D", "discard", "W")
            .flag("original_call")
            .seat(
                "S",
                &["pung 6D 6D 6D exposed"],
                "2B 2B 2B 3C 3C 3C 7D 8D 9D 5B 5B",
                "",
            )
            .score();
        item(&o, "S", "KJ-W16", "Original Call", 0, 1);
        plain_score(&o, "S", 30, 1, 60);
        // Two declared exposed sets, self-drawn: 20 + 2 + 2 + 4 + 2 = 30; 60.
        let o = win(kj(preset), "S", "9D", "wall", "")
            .flag("original_call")
            .seat(
                "S",
                &["pung 6D 6D 6D exposed", "pung 3C 3C 3C exposed"],
                "2B 2B 2B 7D 8D 9D 5B 5B",
                "",
            )
            .score();
        item(&o, "S", "KJ-W16", "Original Call", 0, 1);
        plain_score(&o, "S", 30, 1, 60);
        // Near miss: the plain hand has three exposed sets: 26, no double.
        let o = plain(preset, "S", "discard", "")
            .flag("original_call")
            .score();
        no_rule(&o, "S", "KJ-W16");
        plain_score(&o, "S", 26, 0, 26);
    }
}

#[test]
fn kajongg_w16_original_call_claimed_winning_set_is_the_third_exposed_set() {
    // Two declared exposed pungs (6D, 3C) and the winning discard 9D completing the chow
    // 7D8D9D, which the claim exposes (§1): three exposed sets, so no Original Call.
    for preset in BOTH {
        let o = win(kj(preset), "S", "9D", "discard", "W")
            .flag("original_call")
            .seat(
                "S",
                &["pung 6D 6D 6D exposed", "pung 3C 3C 3C exposed"],
                "2B 2B 2B 7D 8D 9D 5B 5B",
                "",
            )
            .score();
        // 20 + 2 + 2 + 4 (concealed 2B) = 28, no double.
        no_rule(&o, "S", "KJ-W16");
        plain_score(&o, "S", 28, 0, 28);
    }
}

// ---------------------------------------------------------------------------------------
// Limit hands: KJ-L1–L21
// ---------------------------------------------------------------------------------------

#[test]
fn kajongg_l1_only_honors() {
    // South: exposed pungs EW, RD, NW; concealed pung GD, SW + West's SW (the only tile).
    let t = |preset| {
        win(kj(preset), "S", "SW", "discard", "W")
            .seat(
                "S",
                &[
                    "pung EW EW EW exposed",
                    "pung RD RD RD exposed",
                    "pung NW NW NW exposed",
                ],
                "GD GD GD SW SW",
                "",
            )
            .score()
    };
    // DMJL: 20 + 4 + 4 + 4 + 8 (GD) + 2 (own wind pair) + 4 (KJ-W3) + 2 (KJ-W4) = 48;
    // doubles EW (round), RD, GD, No Chow, KJ-W8 = 5. Limit hand: 500.
    let o = t("dmjl");
    limit_hand(&o, "S", "KJ-L1", "Only Honors", 500);
    // BMJA: 42, 5 doubles; 1000.
    let o = t("bmja");
    limit_hand(&o, "S", "KJ-L1", "Only Honors", 1000);
}

#[test]
fn kajongg_l2_heads_and_tails() {
    // South: exposed pungs 1B, 9B, 1C; concealed 9C 9C + West's 9C (waits 9C, 1D), pair 1D.
    // 20 + 4 × 4 = 36; No Chow + KJ-W8: 144, below the limit, which replaces it.
    for (preset, limit) in [("dmjl", 500), ("bmja", 1000)] {
        let o = win(kj(preset), "S", "9C", "discard", "W")
            .seat(
                "S",
                &[
                    "pung 1B 1B 1B exposed",
                    "pung 9B 9B 9B exposed",
                    "pung 1C 1C 1C exposed",
                ],
                "9C 9C 9C 1D 1D",
                "",
            )
            .score();
        limit_hand(&o, "S", "KJ-L2", "Heads and Tails", limit);
    }
}

#[test]
fn kajongg_l3_fourfold_plenty() {
    // South: concealed kong 2B, annexed kongs 5C and 3B, claimed kong 7D; 9D + West's 9D
    // (the only tile).
    let t = |preset| {
        win(kj(preset), "S", "9D", "discard", "W")
            .seat(
                "S",
                &[
                    "kong 2B 2B 2B 2B concealed",
                    "kong 5C 5C 5C 5C annexed",
                    "kong 7D 7D 7D 7D claimed",
                    "kong 3B 3B 3B 3B annexed",
                ],
                "9D 9D",
                "",
            )
            .score()
    };
    // DMJL: 20 + 16 + 8 + 8 + 8 + 4 (KJ-W3) + 2 (KJ-W4) = 66; No Chow: 1 double.
    let o = t("dmjl");
    limit_hand(&o, "S", "KJ-L3", "Fourfold Plenty", 500);
    // BMJA: 60, 1 double.
    let o = t("bmja");
    limit_hand(&o, "S", "KJ-L3", "Fourfold Plenty", 1000);
}

#[test]
fn kajongg_l4_four_blessings_hovering_over_the_door() {
    // South: exposed pungs EW, SW, WW; concealed pung NW and 5B + West's 5B (the only tile).
    let t = |preset| {
        win(kj(preset), "S", "5B", "discard", "W")
            .seat(
                "S",
                &[
                    "pung EW EW EW exposed",
                    "pung SW SW SW exposed",
                    "pung WW WW WW exposed",
                ],
                "NW NW NW 5B 5B",
                "",
            )
            .score()
    };
    // DMJL: 20 + 12 + 8 + 2 (KJ-W3) + 2 (KJ-W4) = 44; EW, SW, No Chow, Big Four Joys 2,
    // False Color Game = 6.
    let o = t("dmjl");
    limit_hand(
        &o,
        "S",
        "KJ-L4",
        "Four Blessings Hovering over the Door",
        500,
    );
    // BMJA: 40; 3 doubles.
    let o = t("bmja");
    limit_hand(
        &o,
        "S",
        "KJ-L4",
        "Four Blessings Hovering over the Door",
        1000,
    );
}

#[test]
fn kajongg_l5_imperial_jade_proper_subset_of_the_green_kinds() {
    // South: exposed `first`, pungs 6B and GD; concealed pung 8B and 4B + West's 4B.
    let t = |preset, first: &str| {
        win(kj(preset), "S", "4B", "discard", "W")
            .seat(
                "S",
                &[first, "pung 6B 6B 6B exposed", "pung GD GD GD exposed"],
                "8B 8B 8B 4B 4B",
                "",
            )
            .score()
    };
    // With a pung of 2B the hand holds five green kinds (no 3B): Imperial Jade.
    let pung = "pung 2B 2B 2B exposed";
    // DMJL: 20 + 2 + 2 + 4 + 4 + 2 (KJ-W3) + 2 (KJ-W4) = 36; GD, No Chow, KJ-W9 = 3.
    let o = t("dmjl", pung);
    limit_hand(&o, "S", "KJ-L5", "Imperial Jade", 500);
    // BMJA: 32; GD, No Chow = 2.
    let o = t("bmja", pung);
    limit_hand(&o, "S", "KJ-L5", "Imperial Jade", 1000);
}

#[test]
fn kajongg_l5_all_six_green_kinds_is_not_imperial_jade() {
    // The same with a chow 2B3B4B (claimed on 2B, so the winning 4B completes the pair):
    // all six green kinds, so not Imperial Jade (§2, §6).
    let t = |preset| {
        win(kj(preset), "S", "4B", "discard", "W")
            .seat(
                "S",
                &[
                    "chow 2B 3B 4B exposed claimed=2B",
                    "pung 6B 6B 6B exposed",
                    "pung GD GD GD exposed",
                ],
                "8B 8B 8B 4B 4B",
                "",
            )
            .score()
    };
    // DMJL: 20 + 2 + 4 + 4 + 2 (KJ-W3) + 2 (KJ-W4) = 34; GD + KJ-W9 = 2: 136.
    let o = t("dmjl");
    no_rule(&o, "S", "KJ-L5");
    plain_score(&o, "S", 34, 2, 136);
    // BMJA: 30; GD: 60.
    let o = t("bmja");
    no_rule(&o, "S", "KJ-L5");
    plain_score(&o, "S", 30, 1, 60);
}

#[test]
fn kajongg_l6_twofold_fortune() {
    // South: concealed kongs 2C and 5D, exposed pung 9B, concealed pung 7C, 4B + the
    // second loose tile 4B (the only tile).
    let t = |preset| {
        win(kj(preset), "S", "4B", "loose", "")
            .flag("kong_upon_kong")
            .seat(
                "S",
                &[
                    "kong 2C 2C 2C 2C concealed",
                    "kong 5D 5D 5D 5D concealed",
                    "pung 9B 9B 9B exposed",
                ],
                "7C 7C 7C 4B 4B",
                "",
            )
            .score()
    };
    // DMJL: 20 + 16 + 16 + 4 + 4 + 2 (KJ-W2) + 2 (KJ-W3) + 2 (KJ-W4) = 66; No Chow,
    // KJ-W12, KJ-H3 = 3.
    let o = t("dmjl");
    limit_hand(&o, "S", "KJ-L6", "Twofold Fortune", 500);
    // BMJA: 62; No Chow.
    let o = t("bmja");
    limit_hand(&o, "S", "KJ-L6", "Twofold Fortune", 1000);
}

/// Concealed chow 2B3B4B, pungs 6D, 5C, 8B and the pair 9B (waits were 7B, 9B).
const BLESSING: &str = "2B 3B 4B 6D 6D 6D 5C 5C 5C 8B 8B 8B 9B 9B";

#[test]
fn kajongg_l7_blessing_of_heaven_s7_settlement() {
    // East goes out with his dealt tiles (9B taken last from the wall).
    let t = |preset| {
        win(kj(preset), "E", "9B", "wall", "")
            .flag("heaven")
            .seat("E", &[], BLESSING, "")
            .score()
    };
    // DMJL: 20 + 3 × 4 + 2 (KJ-W2) + 4 (KJ-W3) = 38; KJ-W6, KJ-H3 = 2.
    let o = t("dmjl");
    limit_hand(&o, "E", "KJ-L7", "Blessing of Heaven", 500);
    // Each loser pays East double: 1000.
    assert_settlement(&o, [3000, -1000, -1000, -1000]);
    // BMJA: 34; KJ-W6.
    let o = t("bmja");
    limit_hand(&o, "E", "KJ-L7", "Blessing of Heaven", 1000);
    assert_settlement(&o, [6000, -2000, -2000, -2000]);
}

#[test]
fn kajongg_l8_blessing_of_earth_s7_settlement() {
    // South goes out on East's first discard, 9B.
    let t = |preset| {
        win(kj(preset), "S", "9B", "discard", "E")
            .flag("earth")
            .seat("S", &[], BLESSING, "")
            .score()
    };
    // DMJL: 20 + 12 + 4 (KJ-W3) = 36; KJ-H3.
    let o = t("dmjl");
    limit_hand(&o, "S", "KJ-L8", "Blessing of Earth", 500);
    assert_settlement(&o, [-1000, 2000, -500, -500]);
    // BMJA: 32, no doubles; East pays 2 × 1000.
    let o = t("bmja");
    limit_hand(&o, "S", "KJ-L8", "Blessing of Earth", 1000);
    assert_eq!(paid(&o, "E", "S"), 2000);
    assert_settlement(&o, [-2000, 4000, -1000, -1000]);
}

#[test]
fn kajongg_l9_gathering_the_plum_blossom_from_the_roof() {
    // South: annexed kong 2C, exposed pung 9B, concealed pung 7C, 3D 4D + 5D (waits were
    // 2D, 5D) drawn as the loose tile, pair 6B.
    let t = |preset, from| {
        win(kj(preset), "S", "5D", from, "")
            .seat(
                "S",
                &["kong 2C 2C 2C 2C annexed", "pung 9B 9B 9B exposed"],
                "7C 7C 7C 3D 4D 5D 6B 6B",
                "",
            )
            .score()
    };
    // DMJL: 20 + 8 + 4 + 4 + 2 (KJ-W2) = 38; KJ-W12.
    let o = t("dmjl", "loose");
    limit_hand(
        &o,
        "S",
        "KJ-L9",
        "Gathering the Plum Blossom from the Roof",
        500,
    );
    // BMJA: 38.
    let o = t("bmja", "loose");
    limit_hand(
        &o,
        "S",
        "KJ-L9",
        "Gathering the Plum Blossom from the Roof",
        1000,
    );
    // Near miss: 5D from the live wall: 38, nothing.
    let o = t("dmjl", "wall");
    no_rule(&o, "S", "KJ-L9");
    plain_score(&o, "S", 38, 0, 38);
}

#[test]
fn kajongg_l10_plucking_the_moon_from_the_bottom_of_the_sea() {
    // South: exposed pungs 2C and 9B, concealed pung 7C, 2D 3D + 1D (waits were 1D, 4D)
    // from the wall, pair 6B.
    let t = |preset, last: bool| {
        let t = win(kj(preset), "S", "1D", "wall", "").seat(
            "S",
            &["pung 2C 2C 2C exposed", "pung 9B 9B 9B exposed"],
            "7C 7C 7C 1D 2D 3D 6B 6B",
            "",
        );
        if last {
            t.flag("last_tile").score()
        } else {
            t.score()
        }
    };
    // 20 + 2 + 4 + 4 + 2 (KJ-W2) = 32; KJ-W13 as the last tile.
    for (preset, limit) in [("dmjl", 500), ("bmja", 1000)] {
        let o = t(preset, true);
        limit_hand(
            &o,
            "S",
            "KJ-L10",
            "Plucking the Moon from the Bottom of the Sea",
            limit,
        );
        // Near miss: not the last tile: 32.
        let o = t(preset, false);
        no_rule(&o, "S", "KJ-L10");
        plain_score(&o, "S", 32, 0, 32);
    }
}

#[test]
fn kajongg_l11_scratching_a_carrying_pole() {
    // South: exposed pungs 2C and 9B, concealed pung 7C, 3B 4B + 2B (waits were 2B, 5B)
    // robbed from West's kong, pair 6B.
    for (preset, limit) in [("dmjl", 500), ("bmja", 1000)] {
        let o = win(kj(preset), "S", "2B", "robbed_kong", "W")
            .seat(
                "S",
                &["pung 2C 2C 2C exposed", "pung 9B 9B 9B exposed"],
                "7C 7C 7C 2B 3B 4B 6B 6B",
                "",
            )
            .seat("W", &["pung 2B 2B 2B exposed"], "", "")
            .score();
        // 20 + 2 + 4 + 4 = 30; KJ-W15.
        limit_hand(&o, "S", "KJ-L11", "Scratching a Carrying Pole", limit);
    }
}

#[test]
fn kajongg_l12_concealed_true_color_game_dmjl() {
    // South, characters only, all concealed: 1C2C3C, pair 2C, 4C5C6C, pung 5C, 7C8C + 9C
    // from the wall (waits were 1C, 3C, 6C, 9C).
    let o = win(kj("dmjl"), "S", "9C", "wall", "")
        .seat("S", &[], "1C 2C 3C 4C 5C 6C 7C 8C 9C 5C 5C 5C 2C 2C", "")
        .score();
    // 20 + 4 + 2 (KJ-W2) = 26; KJ-W6 + KJ-W10 3 = 4 doubles: 416, below the limit; the
    // limit hand scores 500.
    limit_hand(&o, "S", "KJ-L12", "Concealed True Color Game", 500);
    // One chow, pungs 2C, 4C, 6C, pair 1C, 9C from the wall (waits were 1C, 6C, 9C).
    let t = |preset| {
        win(kj(preset), "S", "9C", "wall", "")
            .seat("S", &[], "2C 2C 2C 4C 4C 4C 6C 6C 6C 7C 8C 9C 1C 1C", "")
            .score()
    };
    // DMJL: 20 + 12 + 2 = 34; KJ-W6, KJ-W10 3, KJ-H3 = 5 doubles; the limit hand.
    let o = t("dmjl");
    limit_hand(&o, "S", "KJ-L12", "Concealed True Color Game", 500);
    // BMJA has none (and no Purity with the chow): 34, KJ-W6: 68.
    let o = t("bmja");
    no_rule(&o, "S", "KJ-L12");
    plain_score(&o, "S", 34, 1, 68);
    // KJ-S6: a claimed kong keeps the hand concealed. Claimed kong 2C, chows 3C4C5C and
    // 7C8C + 9C from the wall (waits were 1C, 6C, 9C), pung 6C, pair 1C: 20 + 8 + 4 + 2 =
    // 34; KJ-W6 + KJ-W10 3 = 4 (544); the limit hand, 500.
    let k = |kong| {
        win(kj("dmjl"), "S", "9C", "wall", "")
            .seat("S", &[kong], "3C 4C 5C 6C 6C 6C 7C 8C 9C 1C 1C", "")
            .score()
    };
    let o = k("kong 2C 2C 2C 2C claimed");
    limit_hand(&o, "S", "KJ-L12", "Concealed True Color Game", 500);
    // Near miss: an annexed kong is exposed: 34; KJ-W10 3: 272.
    let o = k("kong 2C 2C 2C 2C annexed");
    no_rule(&o, "S", "KJ-L12");
    plain_score(&o, "S", 34, 3, 272);
}

#[test]
fn kajongg_l13_hidden_treasure_self_drawn_claimed_kong_allowed_dmjl() {
    // South: claimed kong 2B; concealed pungs 5C, 8D, WW; 3B + 3B (the only tile).
    let t = |preset, from| {
        win(kj(preset), "S", "3B", from, "W")
            .seat(
                "S",
                &["kong 2B 2B 2B 2B claimed"],
                "5C 5C 5C 8D 8D 8D WW WW WW 3B 3B",
                "",
            )
            .score()
    };
    // From the wall. DMJL: 20 + 8 + 4 + 4 + 8 + 2 (KJ-W2) + 2 (KJ-W3) + 2 (KJ-W4) = 50;
    // No Chow, KJ-W6, KJ-H3 = 3: 400, below the limit; Hidden Treasure: 500.
    let o = t("dmjl", "wall");
    limit_hand(&o, "S", "KJ-L13", "Hidden Treasure", 500);
    // A loose tile counts as self-drawn (KJ-W12 too): 50, 4 doubles; 500.
    let o = t("dmjl", "loose");
    limit_hand(&o, "S", "KJ-L13", "Hidden Treasure", 500);
    // Near miss: on West's discard: 48 (no KJ-W2); No Chow, KJ-H3: 192.
    let o = t("dmjl", "discard");
    no_rule(&o, "S", "KJ-L13");
    plain_score(&o, "S", 48, 2, 192);
    // BMJA (Buried Treasure: one suit, no kong): 20 + 8 + 4 + 4 + 8 + 2 = 46; No Chow,
    // KJ-W6: 184.
    let o = t("bmja", "wall");
    no_rule(&o, "S", "KJ-L13");
    plain_score(&o, "S", 46, 2, 184);
}

#[test]
fn kajongg_l13_buried_treasure_discard_pair_allowed_kong_refused_bmja() {
    // South, bamboo and red dragons: concealed pungs 2B, 5B, 8B, RD and 3B + West's 3B
    // (waits were 1B, 3B, 4B).
    let t = |preset, tile, sets: &[&str], concealed| {
        win(kj(preset), "S", tile, "discard", "W")
            .seat("S", sets, concealed, "")
            .score()
    };
    let hand = "2B 2B 2B 5B 5B 5B 8B 8B 8B RD RD RD 3B 3B";
    // BMJA: 20 + 4 + 4 + 4 + 8 = 40; RD, No Chow: 160; Buried Treasure: 1000.
    let o = t("bmja", "3B", &[], hand);
    limit_hand(&o, "S", "KJ-L13", "Buried Treasure", 1000);
    // DMJL (Hidden Treasure needs a self-drawn tile): 42 (KJ-W3); RD, No Chow, KJ-H3,
    // KJ-W9 = 4: 672, capped at 500.
    let o = t("dmjl", "3B", &[], hand);
    no_rule(&o, "S", "KJ-L13");
    capped(&o, "S", 42, 4, 500);
    // Near miss: a concealed kong of 2B: 20 + 16 + 4 + 4 + 8 = 52; RD, No Chow: 208.
    let o = t(
        "bmja",
        "3B",
        &["kong 2B 2B 2B 2B concealed"],
        "5B 5B 5B 8B 8B 8B RD RD RD 3B 3B",
    );
    no_rule(&o, "S", "KJ-L13");
    plain_score(&o, "S", 52, 2, 208);
    // Near miss: West's 2B completes (and exposes) the 2B pung: 20 + 2 + 4 + 4 + 8 = 38;
    // RD, No Chow: 152.
    let o = t("bmja", "2B", &[], hand);
    no_rule(&o, "S", "KJ-L13");
    plain_score(&o, "S", 38, 2, 152);
}

#[test]
fn kajongg_l14_three_great_scholars_chow_dmjl_yes_bmja_no() {
    // South: exposed pungs of the three dragons; concealed 2B 3B + West's 4B (waits were
    // 1B, 4B), pair 5C.
    let t = |preset, tile, concealed| {
        win(kj(preset), "S", tile, "discard", "W")
            .seat(
                "S",
                &[
                    "pung RD RD RD exposed",
                    "pung GD GD GD exposed",
                    "pung WD WD WD exposed",
                ],
                concealed,
                "",
            )
            .score()
    };
    // With the chow. DMJL: 20 + 12 = 32; 3 dragon sets + Big Three Dragons 2 = 5.
    let o = t("dmjl", "4B", "2B 3B 4B 5C 5C");
    limit_hand(&o, "S", "KJ-L14", "Three Great Scholars", 500);
    // BMJA: no chow allowed: 32, 3 doubles: 256.
    let o = t("bmja", "4B", "2B 3B 4B 5C 5C");
    no_rule(&o, "S", "KJ-L14");
    plain_score(&o, "S", 32, 3, 256);
    // Without chow: concealed pung 7C and 5B + West's 5B (the only tile).
    // DMJL: 20 + 12 + 4 + 2 (KJ-W3) + 2 (KJ-W4) = 40; 3 + 2 + No Chow = 6.
    let o = t("dmjl", "5B", "7C 7C 7C 5B 5B");
    limit_hand(&o, "S", "KJ-L14", "Three Great Scholars", 500);
    // BMJA: 36; 3 + No Chow = 4 (576); the limit hand: 1000.
    let o = t("bmja", "5B", "7C 7C 7C 5B 5B");
    limit_hand(&o, "S", "KJ-L14", "Three Great Scholars", 1000);
}

#[test]
fn kajongg_l15_east_won_nine_times_in_a_row_dmjl() {
    // East goes out with the plain hand (26) after 8 wins in a row: his 9th.
    let o = plain("dmjl", "E", "discard", "").east_wins(8).score();
    limit_hand(&o, "E", "KJ-L15", "East won nine times in a row", 500);
    assert_settlement(&o, [3000, -1000, -1000, -1000]);
    // Near miss: his 8th: 26.
    let o = plain("dmjl", "E", "discard", "").east_wins(7).score();
    plain_score(&o, "E", 26, 0, 26);
    assert_settlement(&o, [156, -52, -52, -52]);
    // BMJA has no such hand.
    let o = plain("bmja", "E", "discard", "").east_wins(8).score();
    no_rule(&o, "E", "KJ-L15");
    plain_score(&o, "E", 26, 0, 26);
}

/// 1112345678999 of characters with a second 5C: 111 234 55 678 999 (the only
/// arrangement). With a duplicate 5 it is also a Squirming Snake (KJ-L17).
const GATES_5: &str = "1C 1C 1C 2C 3C 4C 5C 5C 6C 7C 8C 9C 9C 9C";

/// 1112345678999 of characters with a second 4C: 111 234 456 789 99 (the only
/// arrangement); not a snake.
const GATES_4: &str = "1C 1C 1C 2C 3C 4C 4C 5C 6C 7C 8C 9C 9C 9C";

#[test]
fn kajongg_l16_nine_gates_duplicate_must_be_the_winning_tile_dmjl() {
    // The duplicate 4C drawn from the wall, with Concealed True Color Game switched off
    // so that Nine Gates alone matches.
    let o = win(kj("dmjl"), "S", "4C", "wall", "")
        .option("concealed_true_color_game", false)
        .seat("S", &[], GATES_4, "")
        .score();
    limit_hand(&o, "S", "KJ-L16", "Nine Gates", 500);
    // The duplicate 5C on West's discard, completing the pair, with the Squirming Snake
    // switched off (option `snake`): not Nine Gates, since Kajongg's Nine Gates allows no
    // declared set and the claimed tile exposes the pair it completes. 20 + 8 + 8
    // (concealed pungs 1C, 9C) + 2 (KJ-W3) = 38; KJ-W10 3 doubles: 304.
    let o = win(kj("dmjl"), "S", "5C", "discard", "W")
        .option("snake", "wriggling")
        .seat("S", &[], GATES_5, "")
        .score();
    no_rule(&o, "S", "KJ-L16");
    plain_score(&o, "S", 38, 3, 304);
    // The preset as it is: Nine Gates and Concealed True Color Game both match; one
    // limit, 500.
    let o = win(kj("dmjl"), "S", "4C", "wall", "")
        .seat("S", &[], GATES_4, "")
        .score();
    let sc = seat(&o, "S");
    assert_eq!(sc.score, 500, "{}", describe(&o, "S"));
    assert!(
        matches!(sc.limit.map(|r| r.id), Some("KJ-L16" | "KJ-L12")),
        "{}",
        describe(&o, "S")
    );
    // Near miss: the same tiles on West's 9C: the duplicate 4C is not the winning tile.
    // 9C completes the pair 99 rather than the chow 789 (KJ-S3); waits were 3C, 6C, 9C.
    // 20 + 8 (concealed 1C) + 4 (KJ-W3) = 32; KJ-W10 3: 256.
    let o = win(kj("dmjl"), "S", "9C", "discard", "W")
        .seat("S", &[], GATES_4, "")
        .score();
    no_rule(&o, "S", "KJ-L16");
    plain_score(&o, "S", 32, 3, 256);
    // Near miss: 9C drawn from the wall, Concealed True Color Game off: 20 + 8 + 2 (KJ-W2)
    // + 4 (KJ-W3) = 34; KJ-W6 + KJ-W10 3 = 4: 544, capped at 500, no limit hand.
    let o = win(kj("dmjl"), "S", "9C", "wall", "")
        .option("concealed_true_color_game", false)
        .seat("S", &[], GATES_4, "")
        .score();
    no_rule(&o, "S", "KJ-L16");
    capped(&o, "S", 34, 4, 500);
}

#[test]
fn kajongg_l16_nine_gates_duplicate_terminal_is_concealed_true_color_game_dmjl() {
    // 11112345678999 with 1C drawn from the wall: 111 123 456 789 99.
    // 20 + 8 (concealed 1C) + 2 (KJ-W2) = 30; KJ-W6 + KJ-W10 3 = 4 (480); limit 500.
    let o = win(kj("dmjl"), "S", "1C", "wall", "")
        .seat("S", &[], "1C 1C 1C 1C 2C 3C 4C 5C 6C 7C 8C 9C 9C 9C", "")
        .score();
    limit_hand(&o, "S", "KJ-L12", "Concealed True Color Game", 500);
    no_rule(&o, "S", "KJ-L16");
}

#[test]
fn kajongg_l16_gates_of_heaven_any_winning_tile_bmja() {
    // 9C drawn from the wall (the duplicate is 5C). Two chows, so no Standard Mah Jongg:
    // 8 + 8 (concealed 1C, 9C) + 2 (KJ-W2) = 18; KJ-W6: 36; Gates of Heaven: 1000.
    let o = win(kj("bmja"), "S", "9C", "wall", "")
        .seat("S", &[], GATES_5, "")
        .score();
    limit_hand(&o, "S", "KJ-L16", "Gates of Heaven", 1000);
    no_rule(&o, "S", "KJ-W1");
    // West's 5C completing the pair: 16, no doubles; 1000.
    let o = win(kj("bmja"), "S", "5C", "discard", "W")
        .seat("S", &[], GATES_5, "")
        .score();
    limit_hand(&o, "S", "KJ-L16", "Gates of Heaven", 1000);
}

#[test]
fn kajongg_l16_gates_of_heaven_refused_when_the_claim_exposes_a_pung_bmja() {
    // West's 9C can only complete the pung 9C9C9C, which the claim exposes (§1); Gates of
    // Heaven allows no exposed pung (§4), and with two chows the hand is no BMJA win.
    let t = win(kj("bmja"), "S", "9C", "discard", "W").seat("S", &[], GATES_5, "");
    refused(&t, "seats.S", "chow");
}

#[test]
fn kajongg_l17_squirming_snake_dmjl() {
    // South: exposed pung 9D; concealed 111, 22, 345, 67 + West's 8D (waits were 2D, 3D, 5D,
    // 8D).
    let t = |preset| {
        win(kj(preset), "S", "8D", "discard", "W").seat(
            "S",
            &["pung 9D 9D 9D exposed"],
            "1D 1D 1D 2D 2D 3D 4D 5D 6D 7D 8D",
            "",
        )
    };
    let o = t("dmjl").score();
    limit_hand(&o, "S", "KJ-L17", "Squirming Snake", 500);
    // 1112345567899 + West's 9C: 111, 999 (exposed by the claim), pair of 5, two chows.
    let o = win(kj("dmjl"), "S", "9C", "discard", "W")
        .seat("S", &[], GATES_5, "")
        .score();
    limit_hand(&o, "S", "KJ-L17", "Squirming Snake", 500);
    // BMJA has no Squirming Snake, and two chows cannot go out.
    refused(&t("bmja"), "seats.S", "chow");
}

#[test]
fn kajongg_l17_wriggling_snake_bmja() {
    // South, all concealed: 1B 1B, 2B–9B, the four winds; NW drawn from the wall. Only the
    // winner rules score: 2 (KJ-W2); No Chow + KJ-W6 = 2 doubles: 8; the limit: 1000.
    let t = |preset| {
        win(kj(preset), "S", "NW", "wall", "").seat(
            "S",
            &[],
            "1B 1B 2B 3B 4B 5B 6B 7B 8B 9B EW SW WW NW",
            "",
        )
    };
    let o = t("bmja").score();
    limit_hand(&o, "S", "KJ-L17", "Wriggling Snake", 1000);
    // Not a DMJL hand.
    let t = t("dmjl");
    t.check_physical();
    assert!(t.try_score().is_err(), "Wriggling Snake scored under dmjl");
}

/// Knitted triples 1, 3, 5, 7 and the knitted pair 9B 9C.
const TRIPLE_KNITTING: &str = "1B 1C 1D 3B 3C 3D 5B 5C 5D 7B 7C 7D 9B 9C";

#[test]
fn kajongg_l18_triple_knitting_half_limit_bmja() {
    // 9C drawn from the wall: 2 (KJ-W2); No Chow + KJ-W6: 8; half the limit: 500.
    let o = win(kj("bmja"), "S", "9C", "wall", "")
        .seat("S", &[], TRIPLE_KNITTING, "")
        .score();
    limit_hand(&o, "S", "KJ-L18", "Triple Knitting", 500);
    // On West's 9C (one exposed knitted set is allowed): 0 points, No Chow; 500.
    let o = win(kj("bmja"), "S", "9C", "discard", "W")
        .seat("S", &[], TRIPLE_KNITTING, "")
        .score();
    limit_hand(&o, "S", "KJ-L18", "Triple Knitting", 500);
    // Not a DMJL hand.
    let t = win(kj("dmjl"), "S", "9C", "wall", "").seat("S", &[], TRIPLE_KNITTING, "");
    assert!(t.try_score().is_err(), "Triple Knitting scored under dmjl");
}

/// Seven knitted pairs of bamboo and characters.
const KNITTING: &str = "1B 1C 2B 2C 3B 3C 5B 5C 6B 6C 8B 8C 9B 9C";

#[test]
fn kajongg_l19_knitting_half_limit_bmja() {
    // 9C drawn from the wall: 2; No Chow + KJ-W6: 8; half the limit: 500.
    let o = win(kj("bmja"), "S", "9C", "wall", "")
        .seat("S", &[], KNITTING, "")
        .score();
    limit_hand(&o, "S", "KJ-L19", "Knitting", 500);
    let t = win(kj("dmjl"), "S", "9C", "wall", "").seat("S", &[], KNITTING, "");
    assert!(t.try_score().is_err(), "Knitting scored under dmjl");
}

#[test]
fn kajongg_l20_all_pair_honors_half_limit_only_honors_larger_bmja() {
    // Pairs 1B, 9C, 1D, EW (the round's), RD, GD, NW; NW drawn from the wall.
    // 2 + 2 + 2 (pairs of EW, RD, GD) + 2 (KJ-W2) = 8; No Chow, KJ-W6, KJ-W8 = 3: 64;
    // half the limit: 500.
    let t = |preset| {
        win(kj(preset), "S", "NW", "wall", "").seat(
            "S",
            &[],
            "1B 1B 9C 9C 1D 1D EW EW RD RD GD GD NW NW",
            "",
        )
    };
    let o = t("bmja").score();
    limit_hand(&o, "S", "KJ-L20", "All pair honors", 500);
    let d = t("dmjl");
    assert!(d.try_score().is_err(), "All pair honors scored under dmjl");
    // Seven pairs of honours is also Only Honors (1 L), the larger limit (KJ-S4):
    // pairs EW (round), SW (own), RD, GD, WD = 10 + 2 = 12; 3 doubles; 1000.
    let o = win(kj("bmja"), "S", "WD", "wall", "")
        .seat("S", &[], "EW EW SW SW WW WW NW NW RD RD GD GD WD WD", "")
        .score();
    limit_hand(&o, "S", "KJ-L1", "Only Honors", 1000);
}

#[test]
fn kajongg_l21_thirteen_orphans() {
    // One of each terminal and honour, 1B twice, WD (the only tile) from the wall.
    let t = |preset| {
        win(kj(preset), "S", "WD", "wall", "")
            .seat("S", &[], "1B 1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD", "")
            .score()
    };
    // DMJL: 2 (KJ-W2) + 2 (KJ-W4) = 4; No Chow, KJ-W6, KJ-W8 = 3.
    let o = t("dmjl");
    limit_hand(&o, "S", "KJ-L21", "Thirteen Orphans", 500);
    // BMJA: 2; 3 doubles.
    let o = t("bmja");
    limit_hand(&o, "S", "KJ-L21", "Thirteen Orphans", 1000);
}

// ---------------------------------------------------------------------------------------
// BMJA loser rules: KJ-X1–X3
// ---------------------------------------------------------------------------------------

#[test]
fn kajongg_x1_calling_for_only_honors_0_4_limit_s7_losers_settle_bmja() {
    // South wins with the plain hand (26). West, concealed pungs EW (the round's), SW, RD,
    // pairs GD and NW: one tile (GD or NW) from Only Honors.
    let t = |preset| {
        plain(preset, "S", "discard", "")
            .seat("W", &[], "EW EW EW SW SW SW RD RD RD GD GD NW NW", "")
            .score()
    };
    let o = t("bmja");
    // West: 8 + 8 + 8 + 2 (GD pair) = 26; EW, RD: 104 < 0.4 × 1000 = 400.
    limit_hand(&o, "W", "KJ-X1", "Calling for Only Honors", 400);
    plain_score(&o, "S", 26, 0, 26);
    // South receives 52 + 26 + 26; East pays West 2 × 400, North pays West 400.
    assert_eq!(paid(&o, "E", "W"), 800);
    assert_eq!(paid(&o, "N", "W"), 400);
    assert_settlement(&o, [-852, 104, 1174, -426]);
    // DMJL has no loser rules; West's three concealed pungs add KJ-H3: 26, 3 doubles: 208.
    // East pays West 2 × 208, North pays West 208.
    let o = t("dmjl");
    no_rule(&o, "W", "KJ-X1");
    item(&o, "W", "KJ-H3", "Three Concealed Pongs", 0, 1);
    plain_score(&o, "W", 26, 3, 208);
    assert_settlement(&o, [-468, 104, 598, -234]);
}

/// South's winning hand for the loser tests: exposed pungs 2D, 6D, WW; concealed 7D 8D +
/// West's 9D, pair 5D. 20 + 2 + 2 + 4 = 28, no doubles (BMJA).
fn dots_winner() -> T {
    win(kj("bmja"), "S", "9D", "discard", "W").seat(
        "S",
        &[
            "pung 2D 2D 2D exposed",
            "pung 6D 6D 6D exposed",
            "pung WW WW WW exposed",
        ],
        "7D 8D 9D 5D 5D",
        "",
    )
}

#[test]
fn kajongg_x1_calling_for_buried_treasure_and_gates_of_heaven_bmja() {
    // West: concealed pungs 2B, 5B, 8B, RD and 3B (3B makes Buried Treasure). North:
    // 1112345678999 of characters (any character makes Gates of Heaven).
    let o = dots_winner()
        .seat("W", &[], "2B 2B 2B 5B 5B 5B 8B 8B 8B RD RD RD 3B", "")
        .seat("N", &[], "1C 1C 1C 2C 3C 4C 5C 6C 7C 8C 9C 9C 9C", "")
        .score();
    plain_score(&o, "S", 28, 0, 28);
    // West: 4 + 4 + 4 + 8 = 20; RD: 40 < 400.
    limit_hand(&o, "W", "KJ-X1", "Calling for Buried Treasure", 400);
    // North: 8 + 8 = 16 < 400.
    limit_hand(&o, "N", "KJ-X1", "Calling for Gates of Heaven", 400);
}

#[test]
fn kajongg_x1_calling_for_four_blessings_13_unique_wonders_wriggling_snake_bmja() {
    // South wins with the plain hand (26). West: exposed pungs EW (the round's), SW, WW
    // (his own), pairs NW and 5C: NW makes Four Blessings. At another table, East: one of
    // each terminal and honour: any of them makes the 13 Unique Wonders; North: 1B 1B,
    // 2B–9B, EW SW WW: NW makes the Wriggling Snake.
    let o = plain("bmja", "S", "discard", "")
        .seat(
            "W",
            &[
                "pung EW EW EW exposed",
                "pung SW SW SW exposed",
                "pung WW WW WW exposed",
            ],
            "NW NW 5C 5C",
            "",
        )
        .score();
    // West: 3 × 4 = 12; EW, WW: 48 < 400.
    limit_hand(&o, "W", "KJ-X1", "Calling for Four Blessings", 400);
    let o = plain("bmja", "S", "discard", "")
        .seat("E", &[], "1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD", "")
        .seat("N", &[], "1B 1B 2B 3B 4B 5B 6B 7B 8B 9B EW SW WW", "")
        .score();
    // East and North: nothing of their own; 400.
    limit_hand(&o, "E", "KJ-X1", "Calling for 13 Unique Wonders", 400);
    limit_hand(&o, "N", "KJ-X1", "Calling for Wriggling Snake", 400);
}

#[test]
fn kajongg_x1_calling_for_imperial_jade_proper_subset_bmja() {
    // West: exposed `first`, concealed pungs 6B and 8B, pairs GD and 4B (waits 4B, GD).
    let t = |first| {
        dots_winner()
            .seat("W", &[first], "6B 6B 6B 8B 8B 8B GD GD 4B 4B", "")
            .score()
    };
    // With a pung of 2B the completed hand holds five green kinds: Imperial Jade.
    // West: 2 + 4 + 4 + 2 (GD pair) = 12 < 400.
    let o = t("pung 2B 2B 2B exposed");
    limit_hand(&o, "W", "KJ-X1", "Calling for Imperial Jade", 400);
    // With a chow 2B3B4B it would hold all six green kinds: not Imperial Jade, no calling.
    // 4 + 4 + 2 = 10.
    let o = t("chow 2B 3B 4B exposed");
    no_rule(&o, "W", "KJ-X1");
    plain_score(&o, "W", 10, 0, 10);
}

#[test]
fn kajongg_x2_calling_for_knitting_hands_0_2_limit_bmja() {
    // West: one tile (9C) from Knitting; North: one tile (NW) from All pair honors; East:
    // one tile (9C or 9D) from Triple Knitting.
    let o = dots_winner()
        .seat("W", &[], "1B 1C 2B 2C 3B 3C 5B 5C 6B 6C 8B 8C 9B", "")
        .seat("N", &[], "1B 1B 9C 9C 1D 1D EW EW RD RD GD GD NW", "")
        .seat("E", &[], "1B 1C 1D 3B 3C 3D 5B 5C 5D 7B 7C 7D 9B", "")
        .score();
    // West: nothing of his own; 0.2 × 1000 = 200.
    limit_hand(&o, "W", "KJ-X2", "Calling for Knitting", 200);
    // North: pairs EW (the round's), RD, GD = 6 < 200.
    limit_hand(&o, "N", "KJ-X2", "Calling for All pair honors", 200);
    // East: 0 < 200.
    limit_hand(&o, "E", "KJ-X2", "Calling for Triple Knitting", 200);
}

#[test]
fn kajongg_x3_calling_for_purity_three_doubles_bmja() {
    // West, characters only: exposed pung 2C, concealed pungs 4C and 6C, pairs 8C and 9C:
    // one tile (8C or 9C) from Purity.
    let t = |preset| {
        let t = if preset == "bmja" {
            dots_winner()
        } else {
            dots_winner().ruleset("dmjl")
        };
        t.seat(
            "W",
            &["pung 2C 2C 2C exposed"],
            "4C 4C 4C 6C 6C 6C 8C 8C 9C 9C",
            "",
        )
        .score()
    };
    let o = t("bmja");
    // 2 + 4 + 4 = 10; Calling for Purity 3 doubles: 80.
    item(&o, "W", "KJ-X3", "Calling for Purity", 0, 3);
    plain_score(&o, "W", 10, 3, 80);
    // DMJL: 10.
    let o = t("dmjl");
    no_rule(&o, "W", "KJ-X3");
    plain_score(&o, "W", 10, 0, 10);
}

// ---------------------------------------------------------------------------------------
// KJ-S4 limits, KJ-S5 roof off
// ---------------------------------------------------------------------------------------

/// South's one-suit hand without chow (see the KJ-W11 test): BMJA 34 × 16 = 544, DMJL
/// 36 × 16 = 576.
fn purity_hand(preset: &str) -> T {
    win(kj(preset), "S", "5C", "discard", "W").seat(
        "S",
        &[
            "pung 1C 1C 1C exposed",
            "pung 4C 4C 4C exposed",
            "pung 9C 9C 9C exposed",
        ],
        "5C 5C 7C 7C 7C",
        "",
    )
}

#[test]
fn kajongg_s4_limit_dmjl_500_bmja_1000() {
    // 576 is capped at DMJL's 500; 544 stays under BMJA's 1000.
    let o = purity_hand("dmjl").score();
    capped(&o, "S", 36, 4, 500);
    let o = purity_hand("bmja").score();
    plain_score(&o, "S", 34, 4, 544);
    // The limit is an option.
    let o = purity_hand("dmjl").option("limit", 1000).score();
    plain_score(&o, "S", 36, 4, 576);
}

#[test]
fn kajongg_s4_fractional_limit_only_when_above_the_ordinary_total_bmja() {
    // Knitting with all eight bonus tiles, drawn from the wall: 2 + 8 × 4 = 34; No Chow,
    // KJ-W6, Own Flower, Own Season, All Flowers 2, All Seasons 2 = 8: 8704, capped at
    // 1000, more than half the limit: 1000 as an ordinary capped total.
    let o = win(kj("bmja"), "S", "9C", "wall", "")
        .seat("S", &[], KNITTING, "1F 2F 3F 4F 1S 2S 3S 4S")
        .score();
    capped(&o, "S", 34, 8, 1000);
    // A loser calling for Only Honors whose own hand is worth more than 0.4 L: West
    // with concealed pungs EW (round), WW (own), RD, pairs GD, NW, own flower and season.
    // 8 + 8 + 8 + 2 + 4 + 4 = 34; EW, WW, RD, Own Flower, Own Season = 5: 1088, capped at
    // 1000 > 400.
    let o = plain("bmja", "S", "discard", "")
        .seat("W", &[], "EW EW EW WW WW WW RD RD RD GD GD NW NW", "3F 3S")
        .score();
    capped(&o, "W", 34, 5, 1000);
}

#[test]
fn kajongg_s5_roof_off_ordinary_totals_uncapped_limit_hands_exact() {
    // The DMJL hand worth 576 keeps it.
    let o = purity_hand("dmjl").option("roof_off", true).score();
    plain_score(&o, "S", 36, 4, 576);
    // Only Honors (ordinary 48 × 32 = 1536) still scores exactly the limit, 500.
    let o = win(kj("dmjl"), "S", "SW", "discard", "W")
        .option("roof_off", true)
        .seat(
            "S",
            &[
                "pung EW EW EW exposed",
                "pung RD RD RD exposed",
                "pung NW NW NW exposed",
            ],
            "GD GD GD SW SW",
            "",
        )
        .score();
    limit_hand(&o, "S", "KJ-L1", "Only Honors", 500);
    // BMJA Three Great Scholars (ordinary 36 × 16 = 576): 1000 exactly.
    let o = win(kj("bmja"), "S", "5B", "discard", "W")
        .option("roof_off", true)
        .seat(
            "S",
            &[
                "pung RD RD RD exposed",
                "pung GD GD GD exposed",
                "pung WD WD WD exposed",
            ],
            "7C 7C 7C 5B 5B",
            "",
        )
        .score();
    limit_hand(&o, "S", "KJ-L14", "Three Great Scholars", 1000);
}

// ---------------------------------------------------------------------------------------
// KJ-S7 settlement, KJ-S8 Dangerous Game
// ---------------------------------------------------------------------------------------

#[test]
fn kajongg_s7_settlement_losers_settle_east_doubles_dmjl() {
    // South wins with the plain hand (26). East holds 1F 3F (8), West 4S (4), North nothing.
    let o = plain("dmjl", "S", "discard", "")
        .seat("E", &[], "", "1F 3F")
        .seat("W", &[], "", "4S")
        .score();
    plain_score(&o, "E", 8, 0, 8);
    plain_score(&o, "W", 4, 0, 4);
    // E→S 52, W→S 26, N→S 26; W→E 2 × 4 = 8, N→E 2 × 8 = 16, N→W 4.
    assert_eq!(paid(&o, "E", "S"), 52);
    assert_eq!(paid(&o, "W", "E"), 8);
    assert_eq!(paid(&o, "N", "E"), 16);
    assert_eq!(paid(&o, "N", "W"), 4);
    assert_settlement(&o, [-28, 104, -30, -46]);
}

#[test]
fn kajongg_s8_dangerous_game_discarder_pays_for_everybody() {
    for preset in BOTH {
        // South wins 26 on West's dangerous discard; North holds 1F (4, not his own).
        let o = plain(preset, "S", "discard", "")
            .seat("N", &[], "", "1F")
            .cannon("W")
            .score();
        // West pays 4 × 26 = 104 (East's share doubled); nobody else pays.
        assert_eq!(paid(&o, "W", "S"), 104);
        assert_eq!(o.payments.as_slice().len(), 1, "{:?}", o.payments);
        assert_settlement(&o, [0, 104, -104, 0]);
        // East wins 26 on West's dangerous discard: West pays 6 × 26 = 156.
        let o = plain(preset, "E", "discard", "")
            .seat("N", &[], "", "1F")
            .cannon("W")
            .score();
        assert_settlement(&o, [156, 0, -156, 0]);
        // Without the Dangerous Game: E→S 52, W→S 26, N→S 26; E→N 8, W→N 4.
        let o = plain(preset, "S", "discard", "")
            .seat("N", &[], "", "1F")
            .score();
        assert_settlement(&o, [-60, 104, -30, -14]);
    }
}

// ---------------------------------------------------------------------------------------
// §6: what Kajongg lacks of Millington
// ---------------------------------------------------------------------------------------

#[test]
fn kajongg_diff_no_seven_pairs_or_losers_purity_options() {
    for preset in BOTH {
        for option in ["seven_pairs", "losers_purity"] {
            let t = plain(preset, "S", "discard", "").option(option, true);
            let e = t.try_score().expect_err(option);
            assert_eq!(e.path, format!("options.{option}"), "{e}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Found by running Kajongg's own scorer on the same tables (`tools/kajongg/compare.py`)
// ---------------------------------------------------------------------------------------

/// Scores a table given as JSON text.
fn score_text(text: &str) -> Result<Outcome, mahjong_rules::InputError> {
    let input = mahjong_rules::TableInput::from_json(text)?;
    mahjong_rules::score_input(&input).map(|(_, _, o)| o)
}

#[test]
fn kajongg_l17_wriggling_snake_on_a_claimed_tile_is_no_mah_jongg_bmja() {
    // South's Wriggling Snake completed with East's discarded 5D: the claimed tile would
    // expose a set, and the hand allows none; two chows make no Standard Mah Jongg under
    // BMJA either. Kajongg: not a winning hand.
    let text = r#"{"ruleset":"bmja","prevailing_wind":"E","winner":"S","win":{"tile":"5D","from":"discard","supplier":"E"},"discards":["E:5D"],"seats":{"S":{"concealed":["1D","1D","2D","3D","4D","5D","6D","7D","8D","9D","EW","SW","WW","NW"]},"E":{"concealed":["1B","1B","2B","2B","3B","3B","4C","4C","5C","5C","6C","6C","GD"]},"W":{"concealed":["7B","7B","8B","8B","9B","9B","1C","1C","2C","2C","3C","3C","RD"]},"N":{"concealed":["4B","4B","5B","5B","6B","6B","7C","7C","8C","8C","9C","9C","WD"]}}}"#;
    let e = score_text(text).unwrap_err();
    assert!(
        e.to_string().contains("not a legal Mah-Jongg under bmja"),
        "{e}"
    );
    // Self-drawn it is the limit.
    let o = score_text(&text.replace(r#""from":"discard","supplier":"E""#, r#""from":"wall""#))
        .unwrap();
    limit_hand(&o, "S", "KJ-L17", "Wriggling Snake", 1000);
}

#[test]
fn kajongg_x2_calling_for_knitting_counts_even_when_the_won_hand_would_score_more_bmja() {
    // South holds seven knitted pairs but one (bamboo and characters) and all four
    // flowers: won, the hand's ordinary total would beat half the limit, yet Kajongg still
    // counts the call. 4 × 4 (flowers) = 16; own flower 1 double, all flowers 2: 16 × 8 =
    // 128 < 200, so 0.2 of the limit: 200.
    let o = score_text(r#"{"ruleset":"bmja","prevailing_wind":"E","winner":"E","win":{"tile":"GD","from":"wall"},"discards":[],"seats":{"E":{"sets":[{"kind":"pung","tiles":["RD","RD","RD"],"exposed":true},{"kind":"pung","tiles":["WD","WD","WD"],"exposed":true},{"kind":"pung","tiles":["EW","EW","EW"],"exposed":true}],"concealed":["GD","GD","GD","NW","NW"]},"S":{"concealed":["2C","2B","1C","1B","9C","9B","7B","9C","9B","7C","7B","5C","5B"],"bonus":["1F","2F","3F","4F"]},"W":{"concealed":["1D","1D","2D","2D","3D","3D","4D","4D","5D","5D","6D","6D","SW"]},"N":{"concealed":["3B","3B","4B","4B","6B","6B","8B","8B","3C","3C","4C","4C","WW"]}}}"#).unwrap();
    limit_hand(&o, "S", "KJ-X2", "Calling for Knitting", 200);
}

#[test]
fn kajongg_x1_no_call_for_13_unique_wonders_when_the_tile_is_all_on_the_table_bmja() {
    // North waits on the red dragon for The 13 Unique Wonders, but East's kong holds all
    // four: Kajongg counts no call (nothing could come). North scores nothing.
    let o = score_text(r#"{"ruleset":"bmja","prevailing_wind":"E","winner":"E","win":{"tile":"3C","from":"wall"},"discards":[],"seats":{"E":{"sets":[{"kind":"kong","tiles":["RD","RD","RD","RD"],"kong":"annexed"},{"kind":"pung","tiles":["NW","NW","NW"],"exposed":true}],"concealed":["8C","8C","8C","3C","3C","3C","2C","2C"]},"N":{"concealed":["1B","9B","1C","9C","1D","9D","EW","SW","WW","NW","GD","WD","9B"]},"S":{"concealed":["2B","2B","3B","3B","4B","4B","5B","5B","6B","6B","7B","7B","8B"]},"W":{"concealed":["2D","2D","3D","3D","4D","4D","5D","5D","6D","6D","7D","7D","8D"]}}}"#).unwrap();
    plain_score(&o, "N", 0, 0, 0);
    no_rule(&o, "N", "KJ-X1");
}

// ---------------------------------------------------------------------------------------
// Exposed knitted sets (`kind: knitted`, KJ-L18, KJ-L19) and Long Hand (KJ-S2)
// ---------------------------------------------------------------------------------------

/// Asserts that two outcomes score and settle alike, seat by seat.
#[track_caller]
fn same_outcome(a: &Outcome, b: &Outcome) {
    for s in ["E", "S", "W", "N"] {
        assert_eq!(
            (seat(a, s).score, seat(a, s).points, seat(a, s).doubles),
            (seat(b, s).score, seat(b, s).points, seat(b, s).doubles),
            "seat {s}:\n{}\nagainst\n{}",
            describe(a, s),
            describe(b, s)
        );
        assert_eq!(
            seat(a, s).items.as_slice(),
            seat(b, s).items.as_slice(),
            "items of {s}"
        );
    }
    assert_eq!(a.settlement, b.settlement, "settlement");
}

/// The error of a table that must be refused, with the path and words it must name (the
/// table need not be physically possible).
#[track_caller]
fn refused_table(t: &T, path: &str, words: &str) {
    let e = t.try_score().expect_err("refused");
    assert_eq!(e.path, path, "{e}");
    assert!(e.message.contains(words), "{e}");
}

/// South's Triple Knitting (knitted triples 1, 3, 5, 7 and the knitted pair 9B 9C) won
/// on West's `tile`, with `exposed` listed as the knitted set and the rest concealed.
fn triple_knitting_exposed(preset: &str, tile: &str, exposed: &str, concealed: &str) -> T {
    win(kj(preset), "S", tile, "discard", "W").seat("S", &[exposed], concealed, "")
}

#[test]
fn kajongg_l18_exposed_knitted_pair_or_triple_scores_as_concealed_bmja() {
    // On West's 9C, the knitted pair 9B 9C exposed: as the concealed hand, half the
    // limit (0 points, No Chow: 0 < 500), 500; South receives 500 from West and North,
    // 1,000 from East.
    let exposed = triple_knitting_exposed(
        "bmja",
        "9C",
        "knitted 9B 9C exposed",
        "1B 1C 1D 3B 3C 3D 5B 5C 5D 7B 7C 7D",
    )
    .score();
    let concealed = win(kj("bmja"), "S", "9C", "discard", "W")
        .seat("S", &[], TRIPLE_KNITTING, "")
        .score();
    limit_hand(&exposed, "S", "KJ-L18", "Triple Knitting", 500);
    same_outcome(&exposed, &concealed);
    assert_settlement(&exposed, [-1000, 2000, -500, -500]);
    // A knitted triple exposed by West's 7D, written in any order: the same 500.
    let triple = triple_knitting_exposed(
        "bmja",
        "7D",
        "knitted 7D 7B 7C exposed",
        "1B 1C 1D 3B 3C 3D 5B 5C 5D 9B 9C",
    )
    .score();
    limit_hand(&triple, "S", "KJ-L18", "Triple Knitting", 500);
    let concealed = win(kj("bmja"), "S", "7D", "discard", "W")
        .seat("S", &[], TRIPLE_KNITTING, "")
        .score();
    same_outcome(&triple, &concealed);
    // `exposed` may be left out (a knitted set is always exposed), `winning` and a
    // `claimed` winning tile are allowed.
    let mut t = triple_knitting_exposed(
        "bmja",
        "9C",
        "knitted 9B 9C exposed",
        "1B 1C 1D 3B 3C 3D 5B 5C 5D 7B 7C 7D",
    );
    let set = &mut t.v["seats"]["S"]["sets"][0];
    set.as_object_mut().unwrap().remove("exposed");
    set["winning"] = true.into();
    set["claimed"] = "9C".into();
    same_outcome(&t.score(), &exposed);
}

#[test]
fn kajongg_l19_exposed_knitted_pair_scores_as_concealed_bmja() {
    // Seven knitted pairs of bamboo and characters, 9B 9C exposed by West's 9C: 500 both
    // ways, with flowers: 2 flowers (4 + 4), own flower 1 double: 16 < 500.
    let exposed = win(kj("bmja"), "S", "9C", "discard", "W")
        .seat(
            "S",
            &["knitted 9C 9B exposed"],
            "1B 1C 2B 2C 3B 3C 5B 5C 6B 6C 8B 8C",
            "2F 3F",
        )
        .score();
    let concealed = win(kj("bmja"), "S", "9C", "discard", "W")
        .seat("S", &[], KNITTING, "2F 3F")
        .score();
    limit_hand(&exposed, "S", "KJ-L19", "Knitting", 500);
    same_outcome(&exposed, &concealed);
    // Won on a robbed kong the same.
    let robbed = win(kj("bmja"), "S", "9C", "robbed_kong", "W")
        .seat(
            "S",
            &["knitted 9C 9B exposed"],
            "1B 1C 2B 2C 3B 3C 5B 5C 6B 6C 8B 8C",
            "",
        )
        .score();
    limit_hand(&robbed, "S", "KJ-L19", "Knitting", 500);
}

#[test]
fn kajongg_knitted_set_refused_outside_a_knitting_ruleset_or_win() {
    let rest = "1B 1C 1D 3B 3C 3D 5B 5C 5D 7B 7C 7D";
    // DMJL has no knitting hands; neither has Millington's classical family.
    for preset in ["dmjl", "millington"] {
        refused_table(
            &triple_knitting_exposed(preset, "9C", "knitted 9B 9C exposed", rest),
            "seats.S.sets[0]",
            "a knitted set is only in a ruleset with knitting hands",
        );
    }
    // BMJA with `knitting = false`.
    refused_table(
        &triple_knitting_exposed("bmja", "9C", "knitted 9B 9C exposed", rest)
            .option("knitting", false),
        "seats.S.sets[0]",
        "only in a ruleset with knitting hands",
    );
    // A loser's knitted set.
    let t = plain("bmja", "S", "wall", "").seat("N", &["knitted 9B 9C exposed"], "", "");
    refused_table(&t, "seats.N.sets[0]", "only the winner has a knitted set");
    // A self-drawn win exposes none.
    let t = win(kj("bmja"), "S", "9C", "wall", "").seat("S", &["knitted 9B 9C exposed"], rest, "");
    refused_table(
        &t,
        "seats.S.sets[0]",
        "a self-drawn win exposes no knitted set",
    );
    // Two knitted sets.
    let t = triple_knitting_exposed(
        "bmja",
        "9C",
        "knitted 9B 9C exposed",
        "1B 1C 1D 3B 3C 3D 5B 5C 5D",
    );
    let mut t = t;
    t.v["seats"]["S"]["sets"]
        .as_array_mut()
        .unwrap()
        .push(set("knitted 7B 7C 7D exposed"));
    refused_table(&t, "seats.S.sets[0]", "at most one knitted set");
    // Beside another set.
    let t = win(kj("bmja"), "S", "9C", "discard", "W").seat(
        "S",
        &["knitted 9B 9C exposed", "pung 7B 7B 7B exposed"],
        "1B 1C 1D 3B 3C 3D 5B 5C 5D",
        "",
    );
    refused_table(&t, "seats.S.sets[0]", "the seat's only set");
    // Not holding the winning tile.
    let t = triple_knitting_exposed(
        "bmja",
        "9C",
        "knitted 7B 7C 7D exposed",
        "1B 1C 1D 3B 3C 3D 5B 5C 5D 9B 9C",
    );
    refused_table(&t, "seats.S.sets[0]", "does not hold the winning tile 9C");
    // A claimed tile other than the winning tile.
    let mut t = triple_knitting_exposed("bmja", "9C", "knitted 9B 9C exposed", rest);
    t.v["seats"]["S"]["sets"][0]["claimed"] = "9B".into();
    refused_table(&t, "seats.S.sets[0].claimed", "the winning tile 9C");
    // Concealed.
    let t = triple_knitting_exposed("bmja", "9C", "knitted 9B 9C concealed", rest);
    refused_table(&t, "seats.S.sets[0]", "a knitted set is exposed");
}

#[test]
fn kajongg_knitted_set_tiles_are_one_value_in_different_suits() {
    let rest = "1B 1C 1D 3B 3C 3D 5B 5C 5D 7B 7C 7D";
    for bad in [
        "knitted 9C 9C exposed",
        "knitted 9B 8C exposed",
        "knitted 9C exposed",
        "knitted 9B 9C 9D 9D exposed",
        "knitted EW EW exposed",
        "knitted 9B 9C 9B exposed",
    ] {
        let t = triple_knitting_exposed("bmja", "9C", bad, rest);
        let e = t.try_score().expect_err(bad);
        assert_eq!(e.path, "seats.S.sets[0]", "{bad}: {e}");
        assert!(
            e.message.contains("is not a knitted set") || e.message.contains("copies"),
            "{bad}: {e}"
        );
    }
}

#[test]
fn kajongg_knitted_set_in_a_hand_that_is_no_knitting_hand_is_not_won_bmja() {
    // 9B 9C exposed, but the rest is four pungs: Kajongg's standard rule does not take a
    // knitted set, its knitting rules do not match: not won.
    let t = win(kj("bmja"), "S", "9C", "discard", "W").seat(
        "S",
        &["knitted 9B 9C exposed"],
        "1B 1B 1B 3C 3C 3C 5D 5D 5D 7B 7B 7B",
        "",
    );
    refused_table(
        &t,
        "seats.S",
        "a knitted set is only in Triple Knitting or Knitting (KJ-L18, KJ-L19)",
    );
}

#[test]
fn kajongg_s2_long_hand_loser_scores_0() {
    // North holds 14 tiles (a loser holds 13): Long Hand, 0 and nothing else, though his
    // pung of red dragons would score 4 × 2. South wins with the plain hand from the wall:
    // 26 + 2 (KJ-W2) = 28; East's exposed pung of white dragons: 4 × 2 = 8.
    // South receives 28 from West and North, 56 from East; East receives 8 × 2 from West
    // and from North: E −56 + 32 = −24, S +112, W −28 − 16 = −44, N −44.
    for preset in BOTH {
        let o = plain(preset, "S", "wall", "")
            .seat("E", &["pung WD WD WD exposed"], "", "")
            .seat(
                "N",
                &["pung RD RD RD exposed"],
                "1C 2C 4C 5C 1D 2D 3D 4D 5D 9C 9C",
                "",
            )
            .try_score()
            .unwrap();
        assert_seat(&o, "S", 28, 0, 28);
        assert_seat(&o, "E", 4, 1, 8);
        let n = seat(&o, "N");
        assert_eq!(
            (n.score, n.points, n.doubles, n.limit),
            (0, 0, 0, None),
            "{preset}"
        );
        let its = n.items.as_slice();
        assert_eq!(its.len(), 1, "{}", describe(&o, "N"));
        assert_eq!((its[0].rule.id, its[0].rule.name), ("KJ-S2", "Long Hand"));
        assert_eq!((its[0].points, its[0].doubles), (0, 0));
        assert_settlement(&o, [-24, 112, -44, -44]);
    }
}

#[test]
fn kajongg_s2_long_hand_winner_is_not_won_and_other_families_refuse_long_hands() {
    // The winner with 15 tiles: Kajongg's hand is not won (a winner holds 14).
    for preset in BOTH {
        refused_table(
            &win(kj(preset), "S", "9D", "wall", "").seat("S", &PLAIN, "7D 8D 9D 5B 5B 1C", ""),
            "seats.S",
            "a Long Hand (KJ-S2): 15 tiles (kongs counted as 3), a winner holds 14",
        );
    }
    // Other families refuse a loser's 14 tiles as before.
    let t = plain("millington", "S", "wall", "").seat(
        "N",
        &[],
        "1C 2C 4C 5C 1D 2D 3D 4D 5D 9C 9C RD RD RD",
        "",
    );
    refused_table(&t, "seats.N", "a loser holds at most 13");
    // And more than 18 tiles is refused everywhere.
    let t = plain("bmja", "S", "wall", "").seat(
        "N",
        &["kong RD RD RD RD concealed", "kong GD GD GD GD concealed"],
        "1C 2C 4C 5C 1D 2D 3D 4D 5D 9C 9C 9C 9C",
        "",
    );
    refused_table(
        &t,
        "seats.N",
        "19 tiles (kongs counted as 3): more than a Long Hand",
    );
}

#[test]
fn kajongg_w4_a_claimed_winning_tile_only_in_an_earlier_set_is_refused() {
    for ruleset in ["dmjl", "bmja"] {
        let e = claimed_tile_only_in_an_earlier_set(ruleset).try_score();
        assert_eq!(
            e.map(|_| ()).expect_err("refused").to_string(),
            "win.tile: 6B does not complete any set of the winner's hand",
            "{ruleset}"
        );
    }
}
