//! An independent check of the classical scorer against `shared/rules/classical-millington.md`
//! (§11–§14). Every expected value was computed by hand from the spec; the comments show the
//! arithmetic. Tables go through the public JSON path (`TableInput::from_json` →
//! `score_input`) as users' tables do.
//!
//! Seats: 0 East, 1 South, 2 West, 3 North. Unless a test says otherwise the ruleset is
//! `millington` (Mah-Jongg 10, limit 1000), the prevailing wind is East and seats not
//! mentioned hold nothing.

mod common;

use common::*;
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde_json::json;

// ---------------------------------------------------------------------------------------
// Hands used by several tests
// ---------------------------------------------------------------------------------------

const BASE_SETS: [&str; 3] = [
    "chow 2B 3B 4B exposed",
    "chow 5C 6C 7C exposed",
    "pung 6D 6D 6D exposed",
];

/// South's plain winning hand, on West's discard of 9B:
/// chow 2B3B4B (exposed), chow 5C6C7C (exposed), pung 6D (exposed), chow 7B8B9B, pair 3D.
/// Before the win 7B8B waits on 6B or 9B, so no M115c.
/// = 10 (M115a) + 2 (exposed minor pung) = 12, no doubles: 12.
fn base() -> T {
    base_bonus("")
}

/// [`base`] with bonus tiles for South.
fn base_bonus(bonus: &str) -> T {
    table()
        .wins("S", "9B", "discard")
        .supplier("W")
        .seat("S", &BASE_SETS, "7B 8B 9B 3D 3D", bonus)
}

/// South wins on West's discard of 9B with the two chows of [`base`], `third` as the third
/// declared set and `rest` concealed (7B 8B 9B and a pair).
fn south_with(third: &str, rest: &str) -> T {
    table().wins("S", "9B", "discard").supplier("W").seat(
        "S",
        &["chow 2B 3B 4B exposed", "chow 5C 6C 7C exposed", third],
        rest,
        "",
    )
}

/// South: Big Three Dragons with a chow (not a limit hand), own flower and own season.
/// 10 + 3 × 4 (exposed dragon pungs) + 8 (two bonus tiles) = 30;
/// doubles 3 (M116d) + 2 (M116h) + 1 (M116a) = 6; 30 × 64 = 1920.
fn big_dragons_with_bonus() -> T {
    table().wins("S", "9B", "discard").supplier("W").seat(
        "S",
        &[
            "pung RD RD RD exposed",
            "pung GD GD GD exposed",
            "pung WD WD WD exposed",
        ],
        "7B 8B 9B 3D 3D",
        "2F 2S",
    )
}

/// `seat` wins Heads and Tails (M122l) on `supplier`'s discard of 9C. Without a limit it is
/// worth 10 + 4 × 4 (pungs of terminals, the 9C pung exposed by the discard) = 26, doubles
/// M117b + M117f = 2: 104.
fn heads_and_tails(seat: &str, supplier: &str) -> T {
    table().wins(seat, "9C", "discard").supplier(supplier).seat(
        seat,
        &[
            "pung 1B 1B 1B exposed",
            "pung 9B 9B 9B exposed",
            "pung 1C 1C 1C exposed",
        ],
        "9C 9C 9C 1D 1D",
        "",
    )
}

/// South's all-honours hand (M122k) on West's discard of NW (before it: NW NW WD WD, a
/// double-pair wait).
fn all_honours() -> T {
    table().wins("S", "NW", "discard").supplier("W").seat(
        "S",
        &[
            "pung RD RD RD exposed",
            "pung GD GD GD exposed",
            "pung EW EW EW exposed",
        ],
        "NW NW NW WD WD",
        "",
    )
}

/// A fully concealed South hand (chows 2B3B4B 5C6C7C 3D4D5D, pung 6D, pair 9B), won with 4B
/// (2B3B waits on 1B or 4B, so no M115c).
fn concealed_south(from: &str) -> T {
    let t = table().wins("S", "4B", from).seat(
        "S",
        &[],
        "2B 3B 4B 5C 6C 7C 3D 4D 5D 6D 6D 6D 9B 9B",
        "",
    );
    if from == "discard" {
        t.supplier("W")
    } else {
        t
    }
}

/// A complete 14-tile concealed hand for limit hands that allow any composition.
const ANY_HAND: &str = "2B 3B 4B 5C 6C 7C 3D 4D 5D 6D 6D 6D 9B 9B";

/// The worked example of §14 (seed 000).
const SEED000: &str = include_str!("../../../examples/seed000-settlement.json");

fn seed000() -> T {
    T::from_text(SEED000)
}

// ---------------------------------------------------------------------------------------
// M114: basic points
// ---------------------------------------------------------------------------------------

#[test]
fn m114a_each_bonus_tile_scores_4() {
    // South holds 1F and 3S (neither his own: South's are 2F and 2S); West holds 4S.
    let o = base_bonus("1F 3S").seat("W", &[], "", "4S").score();
    // 12 + 2 × 4 = 20, no doubles.
    assert_seat(&o, "S", 20, 0, 20);
    assert_items(&o, "S", "M114a", 2, 4, 0);
    assert_no(&o, "S", "M116a");
    // A loser's bonus tile scores too.
    assert_seat(&o, "W", 4, 0, 4);
    assert_items(&o, "W", "M114a", 1, 4, 0);
    // Near miss: no bonus tiles.
    let o = base().score();
    assert_seat(&o, "S", 12, 0, 12);
    assert_no(&o, "S", "M114a");
}

#[test]
fn m114b_pungs_exposed_concealed_minor_major() {
    let o = base()
        .seat("E", &["pung 1B 1B 1B exposed"], "", "")
        .seat("W", &["pung 4C 4C 4C exposed"], "NW NW NW 2D 7D", "")
        .seat("N", &[], "8C 8C 8C 9D 9D 9D 5D", "")
        .score();
    // Winner's exposed pung of minors: 2.
    assert_seat(&o, "S", 12, 0, 12);
    assert_items(&o, "S", "M114b", 1, 2, 0);
    // Exposed pung of majors: 4.
    assert_seat(&o, "E", 4, 0, 4);
    assert_items(&o, "E", "M114b", 1, 4, 0);
    // Exposed minor 2 + concealed pung of North wind (a major, neither West's own wind nor
    // the prevailing wind) 8; the leftovers 2D 7D score nothing.
    assert_seat(&o, "W", 10, 0, 10);
    assert_eq!(values(&o, "W", "M114b"), vec![(2, 0), (8, 0)]);
    // Concealed minor 4 + concealed major 8.
    assert_seat(&o, "N", 12, 0, 12);
    assert_eq!(values(&o, "N", "M114b"), vec![(4, 0), (8, 0)]);
}

#[test]
fn m114b_pung_completed_by_a_discard_is_exposed() {
    // South: 5B 5B 9C 9C waits on 5B or 9C (M113: the discard makes the pung exposed).
    let t = |from: &str| {
        let t = table()
            .wins("S", "5B", from)
            .seat("S", &BASE_SETS, "5B 5B 5B 9C 9C", "");
        if from == "discard" {
            t.supplier("W")
        } else {
            t
        }
    };
    // 10 + 2 (6D) + 2 (5B exposed) = 14.
    let o = t("discard").score();
    assert_seat(&o, "S", 14, 0, 14);
    assert_eq!(values(&o, "S", "M114b"), vec![(2, 0), (2, 0)]);
    assert_no(&o, "S", "M115d");
    // Drawn from the wall: 10 + 2 + 4 (5B concealed) + 2 (M115b) = 18.
    let o = t("wall").score();
    assert_seat(&o, "S", 18, 0, 18);
    assert_eq!(values(&o, "S", "M114b"), vec![(2, 0), (4, 0)]);
}

#[test]
fn m113_winning_discard_goes_where_it_scores_most() {
    // South holds 4B 4B 4B 5B 6B 9C 9C (waits 4B, 7B, 9C) and claims the fourth 4B: it
    // completes the chow 4B5B6B, which becomes exposed, and the pung of 4B stays concealed.
    let t = |from: &str| {
        let t = table().wins("S", "4B", from).seat(
            "S",
            &["chow 2C 3C 4C exposed", "pung 6D 6D 6D exposed"],
            "4B 4B 4B 4B 5B 6B 9C 9C",
            "",
        );
        if from == "discard" {
            t.supplier("W")
        } else {
            t
        }
    };
    // 10 + 2 (6D) + 4 (4B concealed) = 16.
    let o = t("discard").score();
    assert_seat(&o, "S", 16, 0, 16);
    assert_eq!(values(&o, "S", "M114b"), vec![(2, 0), (4, 0)]);
    assert_no(&o, "S", "M115c");
    // From the wall: + 2 (M115b) = 18.
    assert_seat(&t("wall").score(), "S", 18, 0, 18);
}

#[test]
fn m114c_kongs_exposed_concealed_minor_major() {
    let o = base()
        .seat("E", &["kong 1B 1B 1B 1B claimed"], "", "")
        .seat("W", &["kong 4C 4C 4C 4C annexed"], "", "")
        .seat("N", &["kong 9D 9D 9D 9D concealed"], "", "")
        .score();
    // A claimed kong scores exposed points: major 16.
    assert_seat(&o, "E", 16, 0, 16);
    assert_items(&o, "E", "M114c", 1, 16, 0);
    // Exposed minor kong 8.
    assert_seat(&o, "W", 8, 0, 8);
    assert_items(&o, "W", "M114c", 1, 8, 0);
    // Concealed major kong 32.
    assert_seat(&o, "N", 32, 0, 32);
    assert_items(&o, "N", "M114c", 1, 32, 0);

    let o = base()
        .seat("E", &["kong 8C 8C 8C 8C concealed"], "", "")
        .seat("W", &[], "5D 5D 5D 5D", "")
        .score();
    // Concealed minor kong 16.
    assert_seat(&o, "E", 16, 0, 16);
    assert_items(&o, "E", "M114c", 1, 16, 0);
    // §5: a 4th copy held in hand counts only as a concealed pung: 4.
    assert_seat(&o, "W", 4, 0, 4);
    assert_no(&o, "W", "M114c");
    assert_items(&o, "W", "M114b", 1, 4, 0);
}

#[test]
fn m114e_scoring_pairs() {
    // Prevailing South. South's pair of South wind is own and prevailing: 4.
    let o = table()
        .prevailing("S")
        .wins("S", "9B", "discard")
        .supplier("W")
        .seat("S", &BASE_SETS, "7B 8B 9B SW SW", "")
        .seat("E", &[], "GD GD", "")
        .seat("W", &[], "WW WW", "")
        .seat("N", &[], "SW SW", "")
        .score();
    // 10 + 2 (6D) + 4 = 16.
    assert_seat(&o, "S", 16, 0, 16);
    assert_items(&o, "S", "M114e", 1, 4, 0);
    // Dragons 2 (and no M116d for a pair).
    assert_seat(&o, "E", 2, 0, 2);
    assert_items(&o, "E", "M114e", 1, 2, 0);
    assert_no(&o, "E", "M116d");
    // Own wind 2.
    assert_seat(&o, "W", 2, 0, 2);
    assert_items(&o, "W", "M114e", 1, 2, 0);
    // Prevailing wind 2.
    assert_seat(&o, "N", 2, 0, 2);
    assert_items(&o, "N", "M114e", 1, 2, 0);

    // A loser may score two pairs: red dragons and own wind; 3C 3C scores nothing.
    let o = base().seat("N", &[], "RD RD NW NW 3C 3C 5B", "").score();
    assert_seat(&o, "N", 4, 0, 4);
    assert_items(&o, "N", "M114e", 2, 2, 0);
    // The winner's pair of 3D scores nothing.
    assert_no(&o, "S", "M114e");
}

// ---------------------------------------------------------------------------------------
// M115: winner only
// ---------------------------------------------------------------------------------------

#[test]
fn m115a_going_mahjong_millington_10_bradfield_20() {
    let o = base().score();
    assert_seat(&o, "S", 12, 0, 12);
    assert_items(&o, "S", "M115a", 1, 10, 0);
    let o = base().ruleset("bradfield").score();
    assert_seat(&o, "S", 22, 0, 22);
    assert_items(&o, "S", "M115a", 1, 20, 0);
    // The option overrides the preset.
    let o = base().option("mahjong_points", 30).score();
    assert_seat(&o, "S", 32, 0, 32);
    // Losers never score it.
    let o = base().seat("N", &[], "RD RD", "").score();
    assert_no(&o, "N", "M115a");
}

#[test]
fn m115b_winning_tile_from_the_wall() {
    let o = base().wins("S", "9B", "wall").score();
    // 10 + 2 (6D) + 2 = 14.
    assert_seat(&o, "S", 14, 0, 14);
    assert_items(&o, "S", "M115b", 1, 2, 0);
    assert_no(&o, "S", "M115c");
    let o = base().score();
    assert_no(&o, "S", "M115b");
}

#[test]
fn m115c_filling_the_only_place() {
    // 8B 9B waits only on 7B.
    let o = table()
        .wins("S", "7B", "discard")
        .supplier("W")
        .seat("S", &BASE_SETS, "7B 8B 9B 3D 3D", "")
        .score();
    // 10 + 2 + 2 = 14.
    assert_seat(&o, "S", 14, 0, 14);
    assert_items(&o, "S", "M115c", 1, 2, 0);
    assert_no(&o, "S", "M115d");
}

#[test]
fn m115c_not_awarded_when_a_second_wait_exists() {
    // 7B 8B waits on 6B or 9B.
    let o = base().score();
    assert_seat(&o, "S", 12, 0, 12);
    assert_no(&o, "S", "M115c");
    // Three copies of 6B visible (West's pung claimed East's 6B): 6B still counts.
    let o = base()
        .seat("W", &["pung 6B 6B 6B exposed"], "", "")
        .discards("E:6B")
        .score();
    assert_seat(&o, "S", 12, 0, 12);
    assert_no(&o, "S", "M115c");
}

#[test]
fn m115c_awarded_when_the_other_wait_is_all_visible() {
    // West's exposed pung of 6B (East's discard claimed) and North's discarded 6B: all four
    // copies of 6B are on the table, so 9B filled the only place.
    let o = base()
        .seat("W", &["pung 6B 6B 6B exposed"], "", "")
        .discards("E:6B N:6B W:9B")
        .score();
    // 10 + 2 (6D) + 2 = 14.
    assert_seat(&o, "S", 14, 0, 14);
    assert_items(&o, "S", "M115c", 1, 2, 0);
    assert_seat(&o, "W", 2, 0, 2);
}

#[test]
fn m115d_fishing_the_eyes_minor_2_major_4() {
    // 7B 8B 9B 3D waits only on 3D, claimed for the pair: M115c + M115d.
    let o = table()
        .wins("S", "3D", "discard")
        .supplier("W")
        .seat("S", &BASE_SETS, "7B 8B 9B 3D 3D", "")
        .score();
    // 10 + 2 (6D) + 2 (M115c) + 2 (minor eyes) = 16.
    assert_seat(&o, "S", 16, 0, 16);
    assert_items(&o, "S", "M115d", 1, 2, 0);
    assert_items(&o, "S", "M115c", 1, 2, 0);
    // A pair of 1C (major, but not a scoring pair): 10 + 2 + 2 + 4 = 18.
    let o = table()
        .wins("S", "1C", "discard")
        .supplier("W")
        .seat("S", &BASE_SETS, "7B 8B 9B 1C 1C", "")
        .score();
    assert_seat(&o, "S", 18, 0, 18);
    assert_items(&o, "S", "M115d", 1, 4, 0);
    assert_no(&o, "S", "M114e");
    // 3B 4B 5B 6B waits on 3B or 6B: eyes without the only place. 10 + 2 + 2 = 14.
    let o = table()
        .wins("S", "6B", "discard")
        .supplier("W")
        .seat("S", &BASE_SETS, "3B 4B 5B 6B 6B", "")
        .score();
    assert_seat(&o, "S", 14, 0, 14);
    assert_items(&o, "S", "M115d", 1, 2, 0);
    assert_no(&o, "S", "M115c");
    // Near miss: the winning tile completes a chow.
    assert_no(&base().score(), "S", "M115d");
}

// ---------------------------------------------------------------------------------------
// M116: doubles for all players
// ---------------------------------------------------------------------------------------

#[test]
fn m116a_own_flower_and_own_season() {
    // South's own flower and season: 12 + 8 = 20, 1 double: 40.
    let o = base_bonus("2F 2S").score();
    assert_seat(&o, "S", 20, 1, 40);
    assert_items(&o, "S", "M116a", 1, 0, 1);
    // Near miss: own flower, but not own season.
    let o = base_bonus("2F 3S").score();
    assert_seat(&o, "S", 20, 0, 20);
    assert_no(&o, "S", "M116a");
    // A loser scores it too: North 4F 4S = 8, 1 double: 16.
    let o = base().seat("N", &[], "", "4F 4S").score();
    assert_seat(&o, "N", 8, 1, 16);
    assert_items(&o, "N", "M116a", 1, 0, 1);
}

#[test]
fn m116a_bradfield_own_flower_each() {
    // Bradfield default: own flower alone earns nothing. 20 + 2 + 8 = 30.
    let o = base_bonus("2F 4S").ruleset("bradfield").score();
    assert_seat(&o, "S", 30, 0, 30);
    assert_no(&o, "S", "M116a");
    // own_flower_each = 1: one double for the own flower.
    let o = base_bonus("2F 4S")
        .ruleset("bradfield")
        .option("own_flower_each", 1)
        .score();
    assert_seat(&o, "S", 30, 1, 60);
    assert_items(&o, "S", "M116a", 1, 0, 1);
    // Own flower and own season: 1 each + 1 for both (the options add up): 3 doubles, 240.
    let o = base_bonus("2F 2S")
        .ruleset("bradfield")
        .option("own_flower_each", 1)
        .score();
    assert_seat(&o, "S", 30, 3, 240);
    assert_eq!(values(&o, "S", "M116a"), vec![(0, 1), (0, 1), (0, 1)]);
}

#[test]
fn m116b_all_four_flowers_all_four_seasons() {
    let o = base()
        .seat("E", &[], "", "1F 2F 3F 4F")
        .seat("W", &[], "", "1S 2S 3S 4S")
        .score();
    // 16 points, 1 double (East has his own flower 1F but not 1S: no M116a).
    assert_seat(&o, "E", 16, 1, 32);
    assert_items(&o, "E", "M116b", 1, 0, 1);
    assert_no(&o, "E", "M116a");
    assert_seat(&o, "W", 16, 1, 32);
    assert_items(&o, "W", "M116b", 1, 0, 1);
    // All eight: 32 points, M116b twice + M116a (4F and 4S): 3 doubles, 256.
    let o = base().seat("N", &[], "", "1F 2F 3F 4F 1S 2S 3S 4S").score();
    assert_seat(&o, "N", 32, 3, 256);
    assert_items(&o, "N", "M116b", 2, 0, 1);
    // Near miss: three flowers.
    let o = base().seat("E", &[], "", "1F 2F 3F").score();
    assert_seat(&o, "E", 12, 0, 12);
    assert_no(&o, "E", "M116b");
}

#[test]
fn m116d_each_pung_or_kong_of_dragons() {
    let o = south_with("pung RD RD RD exposed", "7B 8B 9B 3D 3D")
        .seat("N", &[], "GD GD GD 5D", "")
        .seat("E", &["kong WD WD WD WD concealed"], "", "")
        .score();
    // 10 + 4 = 14, 1 double: 28.
    assert_seat(&o, "S", 14, 1, 28);
    assert_items(&o, "S", "M116d", 1, 0, 1);
    assert_no(&o, "S", "M116g");
    // Concealed pung of green: 8, 1 double: 16.
    assert_seat(&o, "N", 8, 1, 16);
    assert_items(&o, "N", "M116d", 1, 0, 1);
    // Concealed kong of white: 32, 1 double: 64.
    assert_seat(&o, "E", 32, 1, 64);
    assert_items(&o, "E", "M116d", 1, 0, 1);
}

#[test]
fn m116e_pung_of_own_wind() {
    let o = south_with("pung SW SW SW exposed", "7B 8B 9B 3D 3D").score();
    // 10 + 4 = 14, 1 double: 28.
    assert_seat(&o, "S", 14, 1, 28);
    assert_items(&o, "S", "M116e", 1, 0, 1);
    assert_no(&o, "S", "M116f");
    // A loser's kong of own wind: North, concealed kong of NW: 32, 1 double.
    let o = base()
        .seat("N", &["kong NW NW NW NW concealed"], "", "")
        .score();
    assert_seat(&o, "N", 32, 1, 64);
    assert_items(&o, "N", "M116e", 1, 0, 1);
}

#[test]
fn m116f_pung_of_prevailing_wind() {
    let o = south_with("pung WW WW WW exposed", "7B 8B 9B 3D 3D")
        .prevailing("W")
        .score();
    // 10 + 4 = 14, 1 double: 28.
    assert_seat(&o, "S", 14, 1, 28);
    assert_items(&o, "S", "M116f", 1, 0, 1);
    assert_no(&o, "S", "M116e");
    // Near miss: the same hand in an East round.
    let o = south_with("pung WW WW WW exposed", "7B 8B 9B 3D 3D").score();
    assert_seat(&o, "S", 14, 0, 14);
    assert_no(&o, "S", "M116f");
}

#[test]
fn m116e_m116f_double_wind_set_earns_both() {
    let o = south_with("pung SW SW SW exposed", "7B 8B 9B 3D 3D")
        .prevailing("S")
        .score();
    // 10 + 4 = 14, 2 doubles: 56.
    assert_seat(&o, "S", 14, 2, 56);
    assert_items(&o, "S", "M116e", 1, 0, 1);
    assert_items(&o, "S", "M116f", 1, 0, 1);
    // A loser: East's concealed pung of East wind in an East round: 8, 2 doubles: 32.
    let o = base().seat("E", &[], "EW EW EW", "").score();
    assert_seat(&o, "E", 8, 2, 32);
    assert_items(&o, "E", "M116e", 1, 0, 1);
    assert_items(&o, "E", "M116f", 1, 0, 1);
}

#[test]
fn m116g_little_three_dragons() {
    let o = table()
        .wins("S", "9B", "discard")
        .supplier("W")
        .seat(
            "S",
            &[
                "chow 5C 6C 7C exposed",
                "pung RD RD RD exposed",
                "pung GD GD GD exposed",
            ],
            "7B 8B 9B WD WD",
            "",
        )
        .score();
    // 10 + 4 + 4 + 2 (pair of dragons) = 20; doubles 2 (M116d) + 1 (M116g) = 3: 160.
    assert_seat(&o, "S", 20, 3, 160);
    assert_items(&o, "S", "M116g", 1, 0, 1);
    assert_items(&o, "S", "M116d", 2, 0, 1);
    assert_no(&o, "S", "M116h");
    assert_no(&o, "S", "M117d");
}

#[test]
fn m116h_big_three_dragons() {
    let o = table()
        .wins("S", "9B", "discard")
        .supplier("W")
        .seat(
            "S",
            &[
                "pung RD RD RD exposed",
                "pung GD GD GD exposed",
                "pung WD WD WD exposed",
            ],
            "7B 8B 9B 3D 3D",
            "",
        )
        .score();
    // With a chow this is not Three Great Scholars. 10 + 12 = 22; doubles 3 + 2 = 5: 704.
    assert_seat(&o, "S", 22, 5, 704);
    assert_items(&o, "S", "M116h", 1, 0, 2);
    assert_items(&o, "S", "M116d", 3, 0, 1);
    assert_no(&o, "S", "M116g");
    assert_eq!(seat(&o, "S").limit, None);
}

#[test]
fn m116i_little_four_joys() {
    // A loser: North, exposed EW and SW, concealed WW pung and a pair of his own wind.
    let o = base()
        .seat(
            "N",
            &["pung EW EW EW exposed", "pung SW SW SW exposed"],
            "WW WW WW NW NW",
            "",
        )
        .score();
    // 4 + 4 + 8 + 2 = 18; doubles M116f (EW) + M116i = 2: 72.
    assert_seat(&o, "N", 18, 2, 72);
    assert_items(&o, "N", "M116i", 1, 0, 1);
    assert_no(&o, "N", "M116j");
    // The winner: South, exposed EW SW WW, chow 7B8B9B, pair NW (neither own nor prevailing).
    let o = table()
        .wins("S", "9B", "discard")
        .supplier("W")
        .seat(
            "S",
            &[
                "pung EW EW EW exposed",
                "pung SW SW SW exposed",
                "pung WW WW WW exposed",
            ],
            "7B 8B 9B NW NW",
            "",
        )
        .score();
    // 10 + 12 = 22; doubles M116f (EW) + M116e (SW) + M116i + M117d (bamboo and honours)
    // = 4: 352.
    assert_seat(&o, "S", 22, 4, 352);
    assert_items(&o, "S", "M116i", 1, 0, 1);
    assert_eq!(seat(&o, "S").limit, None);
}

#[test]
fn m116j_big_four_joys() {
    // A loser (a winner with four wind sets holds Four Blessings o'er the Door, a limit).
    let o = base()
        .seat(
            "N",
            &[
                "pung EW EW EW exposed",
                "pung SW SW SW exposed",
                "pung WW WW WW exposed",
            ],
            "NW NW NW",
            "",
        )
        .score();
    // 4 + 4 + 4 + 8 = 20; doubles M116f (EW) + M116e (NW) + 2 (M116j) = 4: 320.
    assert_seat(&o, "N", 20, 4, 320);
    assert_items(&o, "N", "M116j", 1, 0, 2);
    assert_no(&o, "N", "M116i");
}

#[test]
fn m116k_three_concealed_pungs() {
    // South: exposed chow, concealed pungs 2B 4D 8C, pair 3D; 8C 8C 3D 3D waits on 8C or 3D.
    let t = |from: &str| {
        let t = table().wins("S", "8C", from).seat(
            "S",
            &["chow 5C 6C 7C exposed"],
            "2B 2B 2B 4D 4D 4D 8C 8C 8C 3D 3D",
            "",
        );
        if from == "discard" {
            t.supplier("W")
        } else {
            t
        }
    };
    let o = t("wall")
        .seat("E", &[], "1B 1B 1B 5D 5D 5D 9C 9C 9C", "")
        .seat(
            "W",
            &["kong 7B 7B 7B 7B concealed"],
            "2D 2D 2D 6C 6C 6C",
            "",
        )
        .score();
    // 10 + 3 × 4 + 2 (wall) = 24, 1 double: 48.
    assert_seat(&o, "S", 24, 1, 48);
    assert_items(&o, "S", "M116k", 1, 0, 1);
    // Losers: 8 + 4 + 8 = 20, 1 double: 40.
    assert_seat(&o, "E", 20, 1, 40);
    assert_items(&o, "E", "M116k", 1, 0, 1);
    // A concealed kong counts: 16 + 4 + 4 = 24, 1 double: 48.
    assert_seat(&o, "W", 24, 1, 48);
    assert_items(&o, "W", "M116k", 1, 0, 1);
    // Near miss: won on a discard, the 8C pung is exposed. 10 + 4 + 4 + 2 = 20.
    // West's 1C 1C 1C 2C 2C 2C 3C 3C 3C is three concealed pungs (8 + 4 + 4), not three
    // chows: 16 × 2 = 32.
    let o = t("discard")
        .seat("W", &[], "1C 1C 1C 2C 2C 2C 3C 3C 3C", "")
        .score();
    assert_seat(&o, "S", 20, 0, 20);
    assert_no(&o, "S", "M116k");
    assert_seat(&o, "W", 16, 1, 32);
    assert_items(&o, "W", "M116k", 1, 0, 1);
}

#[test]
fn m116k_claimed_kong_counts_concealed_option() {
    // East (a loser): claimed kong of 8C (exposed points 8), concealed pungs 2B and 4D.
    let t = || base().seat("E", &["kong 8C 8C 8C 8C claimed"], "2B 2B 2B 4D 4D 4D", "");
    // Millington: the claimed kong counts as concealed for M116k. 8 + 4 + 4 = 16 × 2.
    let o = t().score();
    assert_seat(&o, "E", 16, 1, 32);
    assert_items(&o, "E", "M116k", 1, 0, 1);
    // Bradfield: it does not.
    let o = t().ruleset("bradfield").score();
    assert_seat(&o, "E", 16, 0, 16);
    assert_no(&o, "E", "M116k");
    // The option decides, whatever the preset.
    let o = t()
        .ruleset("bradfield")
        .option("claimed_kong_counts_concealed", true)
        .score();
    assert_seat(&o, "E", 16, 1, 32);
    let o = t().option("claimed_kong_counts_concealed", false).score();
    assert_seat(&o, "E", 16, 0, 16);
    // An annexed kong never counts.
    let o = base()
        .seat("E", &["kong 8C 8C 8C 8C annexed"], "2B 2B 2B 4D 4D 4D", "")
        .score();
    assert_seat(&o, "E", 16, 0, 16);
}

// ---------------------------------------------------------------------------------------
// M117: doubles for the winner only
// ---------------------------------------------------------------------------------------

#[test]
fn m117a_no_score_hand() {
    let t = |pair: &str, from: &str| {
        let t = table().wins("S", "9B", from).seat(
            "S",
            &[
                "chow 2B 3B 4B exposed",
                "chow 5C 6C 7C exposed",
                "chow 3D 4D 5D exposed",
            ],
            &format!("7B 8B 9B {pair} {pair}"),
            "1F",
        );
        if from == "discard" {
            t.supplier("W")
        } else {
            t
        }
    };
    // Four chows, pair of 6D; the bonus tile does not spoil it. 10 + 4 = 14, 1 double: 28.
    let o = t("6D", "discard").score();
    assert_seat(&o, "S", 14, 1, 28);
    assert_items(&o, "S", "M117a", 1, 0, 1);
    // Nor do M115 points: from the wall 10 + 4 + 2 = 16, 1 double: 32.
    let o = t("6D", "wall").score();
    assert_seat(&o, "S", 16, 1, 32);
    assert_items(&o, "S", "M117a", 1, 0, 1);
    // Near miss: a scoring pair (red dragons). 10 + 4 + 2 = 16.
    let o = t("RD", "discard").score();
    assert_seat(&o, "S", 16, 0, 16);
    assert_no(&o, "S", "M117a");
    // Near miss: a pung.
    assert_no(&base().score(), "S", "M117a");
}

#[test]
fn m117b_no_chows() {
    // 8B 8B 3D 3D waits on 8B or 3D; the 8B pung is exposed by the discard.
    let o = table()
        .wins("S", "8B", "discard")
        .supplier("W")
        .seat(
            "S",
            &[
                "pung 2B 2B 2B exposed",
                "pung 5C 5C 5C exposed",
                "pung 6D 6D 6D exposed",
            ],
            "8B 8B 8B 3D 3D",
            "",
        )
        .score();
    // 10 + 4 × 2 = 18, 1 double: 36.
    assert_seat(&o, "S", 18, 1, 36);
    assert_items(&o, "S", "M117b", 1, 0, 1);
    assert_no(&base().score(), "S", "M117b");
}

#[test]
fn m117c_concealed_hand() {
    // Fully concealed, from the wall: 10 + 4 (6D) + 2 (wall) = 16, 1 double: 32.
    let o = concealed_south("wall").score();
    assert_seat(&o, "S", 16, 1, 32);
    assert_items(&o, "S", "M117c", 1, 0, 1);
    // Near miss: the winning discard exposes the chow. 10 + 4 = 14.
    let o = concealed_south("discard").score();
    assert_seat(&o, "S", 14, 0, 14);
    assert_no(&o, "S", "M117c");
    // Bradfield defaults: concealed_almost 0. 20 + 4 = 24.
    let o = concealed_south("discard").ruleset("bradfield").score();
    assert_seat(&o, "S", 24, 0, 24);
    assert_no(&o, "S", "M117c");
    // Bradfield with concealed_almost 1: 24, 1 double: 48.
    let o = concealed_south("discard")
        .ruleset("bradfield")
        .option("concealed_almost", 1)
        .score();
    assert_seat(&o, "S", 24, 1, 48);
    assert_items(&o, "S", "M117c", 1, 0, 1);
    // ... and fully concealed still earns concealed_fully only: 20 + 4 + 2 = 26 × 2.
    let o = concealed_south("wall")
        .ruleset("bradfield")
        .option("concealed_almost", 1)
        .score();
    assert_seat(&o, "S", 26, 1, 52);
    assert_items(&o, "S", "M117c", 1, 0, 1);
    // concealed_fully 0 switches it off.
    let o = concealed_south("wall").option("concealed_fully", 0).score();
    assert_seat(&o, "S", 16, 0, 16);
}

#[test]
fn m117c_claimed_kong_counts_concealed_option() {
    // South: claimed kong of 8C, the rest concealed, won from the wall (5D6D waits 4D/7D).
    let t = || {
        table().wins("S", "7D", "wall").seat(
            "S",
            &["kong 8C 8C 8C 8C claimed"],
            "2B 3B 4B 3C 4C 5C 5D 6D 7D 9B 9B",
            "",
        )
    };
    // Millington: counts as concealed. 10 + 8 + 2 = 20, 1 double: 40.
    let o = t().score();
    assert_seat(&o, "S", 20, 1, 40);
    assert_items(&o, "S", "M117c", 1, 0, 1);
    // Bradfield: 20 + 8 + 2 = 30, no double.
    let o = t().ruleset("bradfield").score();
    assert_seat(&o, "S", 30, 0, 30);
    assert_no(&o, "S", "M117c");
}

#[test]
fn m117d_one_suit_with_honours() {
    // 5B 6B 9B×3 3B 3B waits on 4B or 7B.
    let o = table()
        .wins("S", "7B", "discard")
        .supplier("W")
        .seat(
            "S",
            &["chow 2B 3B 4B exposed", "pung RD RD RD exposed"],
            "5B 6B 7B 9B 9B 9B 3B 3B",
            "",
        )
        .score();
    // 10 + 4 (RD) + 8 (9B concealed) = 22; doubles M116d + M117d = 2: 88.
    assert_seat(&o, "S", 22, 2, 88);
    assert_items(&o, "S", "M117d", 1, 0, 1);
    assert_no(&o, "S", "M117e");
}

#[test]
fn m117e_one_suit_only() {
    let o = table()
        .wins("S", "7B", "discard")
        .supplier("W")
        .seat(
            "S",
            &["chow 2B 3B 4B exposed", "pung 8B 8B 8B exposed"],
            "5B 6B 7B 9B 9B 9B 3B 3B",
            "",
        )
        .score();
    // 10 + 2 (8B) + 8 (9B concealed) = 20, 3 doubles: 160.
    assert_seat(&o, "S", 20, 3, 160);
    assert_items(&o, "S", "M117e", 1, 0, 3);
    assert_no(&o, "S", "M117d");
    assert_eq!(seat(&o, "S").limit, None);
}

#[test]
fn m117f_all_majors() {
    // North round: South's pair of East wind scores nothing.
    let o = table()
        .prevailing("N")
        .wins("S", "1D", "discard")
        .supplier("W")
        .seat(
            "S",
            &[
                "pung 1B 1B 1B exposed",
                "pung 9C 9C 9C exposed",
                "pung RD RD RD exposed",
            ],
            "1D 1D 1D EW EW",
            "",
        )
        .score();
    // 10 + 4 × 4 = 26; doubles M116d + M117b + M117f = 3: 208.
    assert_seat(&o, "S", 26, 3, 208);
    assert_items(&o, "S", "M117f", 1, 0, 1);
    assert_eq!(seat(&o, "S").limit, None);
}

#[test]
fn m117g_all_honours_without_limit() {
    let o = all_honours().option("no_limit", true).score();
    // Full value: 10 + 4 × 4 + 2 (pair of white) = 28; doubles 2 (M116d) + 1 (M116f, EW)
    // + 1 (M116g) + 1 (M117b) + 1 (M117f: every tile is a major) + 2 (M117g) = 8: 7168,
    // above the minimum for a limit hand (1000).
    assert_items(&o, "S", "M117g", 1, 0, 2);
    assert_seat(&o, "S", 28, 8, 7168);
    assert_limit(&o, "S", "M122k", 7168);
}

#[test]
fn m117h_winning_with_a_loose_tile() {
    let o = table()
        .wins("S", "9B", "loose")
        .seat(
            "S",
            &[
                "chow 2B 3B 4B exposed",
                "chow 5C 6C 7C exposed",
                "kong 6D 6D 6D 6D annexed",
            ],
            "7B 8B 9B 3D 3D",
            "",
        )
        .score();
    // 10 + 8 (exposed minor kong) = 18 (a loose tile is not from the wall), 1 double: 36.
    assert_seat(&o, "S", 18, 1, 36);
    assert_items(&o, "S", "M117h", 1, 0, 1);
    assert_no(&o, "S", "M115b");
}

#[test]
fn m117i_last_tile_of_the_wall() {
    let o = base().wins("S", "9B", "wall").flag("last_tile").score();
    // 10 + 2 + 2 = 14, 1 double: 28.
    assert_seat(&o, "S", 14, 1, 28);
    assert_items(&o, "S", "M117i", 1, 0, 1);
    assert_no(&o, "S", "M117j");
}

#[test]
fn m117j_discard_after_the_last_draw() {
    let o = base().flag("last_tile").score();
    // 12, 1 double: 24.
    assert_seat(&o, "S", 12, 1, 24);
    assert_items(&o, "S", "M117j", 1, 0, 1);
    assert_no(&o, "S", "M117i");
}

#[test]
fn m117k_robbing_a_kong() {
    // West was extending his pung of 9B; his pung stays on the table.
    let o = base()
        .wins("S", "9B", "robbed_kong")
        .supplier("W")
        .seat("W", &["pung 9B 9B 9B exposed"], "", "")
        .score();
    assert_seat(&o, "S", 12, 1, 24);
    assert_items(&o, "S", "M117k", 1, 0, 1);
    assert_seat(&o, "W", 4, 0, 4);
    assert_no(&base().score(), "S", "M117k");
}

#[test]
fn m117l_completing_original_call() {
    let o = base().flag("original_call").score();
    assert_seat(&o, "S", 12, 1, 24);
    assert_items(&o, "S", "M117l", 1, 0, 1);
    assert_no(&base().score(), "S", "M117l");
}

#[test]
fn losers_purity_option() {
    let t = || {
        base()
            // One suit only (characters), with an exposed set so M117c cannot apply.
            .seat(
                "N",
                &["pung 7C 7C 7C exposed"],
                "1C 1C 1C 4C 5C 6C 9C 9C",
                "",
            )
            // One suit (circles) with honours.
            .seat("W", &["pung RD RD RD exposed"], "2D 3D 4D 8D 8D", "")
            // All majors.
            .seat("E", &["pung 1B 1B 1B exposed"], "9D 9D 9D NW NW", "")
    };
    let o = t().score();
    // Off: 2 + 8 = 10; 4 × 2 (M116d) = 8; 4 + 8 = 12.
    assert_seat(&o, "N", 10, 0, 10);
    assert_seat(&o, "W", 4, 1, 8);
    assert_seat(&o, "E", 12, 0, 12);
    assert_no(&o, "N", "M117e");
    let o = t().option("losers_purity", true).score();
    // On: N + M117e 3 doubles: 80; W + M117d: 16; E + M117f: 24.
    assert_seat(&o, "N", 10, 3, 80);
    assert_items(&o, "N", "M117e", 1, 0, 3);
    assert_seat(&o, "W", 4, 2, 16);
    assert_items(&o, "W", "M117d", 1, 0, 1);
    assert_seat(&o, "E", 12, 1, 24);
    assert_items(&o, "E", "M117f", 1, 0, 1);
    // The winner is unchanged.
    assert_seat(&o, "S", 12, 0, 12);
    // Spec: losers score M117c–g, so a loser with nothing exposed also earns M117c.
    // 8 (1C concealed); doubles M117c + M117e = 4: 128.
    let o = base()
        .option("losers_purity", true)
        .seat("N", &[], "1C 1C 1C 4C 5C 6C 9C 9C", "")
        .score();
    assert_seat(&o, "N", 8, 4, 128);
    assert_items(&o, "N", "M117c", 1, 0, 1);
}

// ---------------------------------------------------------------------------------------
// M118–M120: the limit
// ---------------------------------------------------------------------------------------

#[test]
fn m118_no_limit_roof_off() {
    // An ordinary hand over the limit scores its full value.
    let o = big_dragons_with_bonus().option("no_limit", true).score();
    assert_seat(&o, "S", 30, 6, 1920);
    assert_eq!(seat(&o, "S").limit, None);
    // A limit hand is worth the minimum (default: the limit)…
    let o = heads_and_tails("S", "W").option("no_limit", true).score();
    assert_limit(&o, "S", "M122l", 1000);
    let o = heads_and_tails("S", "W")
        .option("no_limit", true)
        .option("limit_hand_minimum", 500)
        .score();
    assert_limit(&o, "S", "M122l", 500);
    // … or its full value (26 × 4 = 104) if higher.
    let o = heads_and_tails("S", "W")
        .option("no_limit", true)
        .option("limit_hand_minimum", 50)
        .score();
    assert_limit(&o, "S", "M122l", 104);
    assert_seat(&o, "S", 26, 2, 104);
    // Losers are not capped either: North's four concealed wind kongs (Big Four Joys).
    let o = base()
        .option("no_limit", true)
        .seat(
            "N",
            &[
                "kong EW EW EW EW concealed",
                "kong SW SW SW SW concealed",
                "kong WW WW WW WW concealed",
            ],
            "NW NW NW",
            "",
        )
        .score();
    // 3 × 32 + 8 = 104; doubles M116f (EW) + M116e (NW) + 2 (M116j) + 1 (M116k) = 5: 3328.
    assert_seat(&o, "N", 104, 5, 3328);
}

#[test]
fn m119_hand_over_the_limit_scores_the_limit() {
    let o = big_dragons_with_bonus().score();
    assert_seat(&o, "S", 30, 6, 1000);
    assert_limit(&o, "S", "M119", 1000);
    // The limit is an option.
    let o = big_dragons_with_bonus().option("limit", 500).score();
    assert_limit(&o, "S", "M119", 500);
    // Near miss: 704 is under the limit.
    let o = big_dragons_with_bonus().seat(
        "S",
        &[
            "pung RD RD RD exposed",
            "pung GD GD GD exposed",
            "pung WD WD WD exposed",
        ],
        "7B 8B 9B 3D 3D",
        "",
    );
    let o2 = o.score();
    assert_seat(&o2, "S", 22, 5, 704);
    assert_eq!(seat(&o2, "S").limit, None);
}

#[test]
fn m119_east_limit_hand_collects_twice_the_limit_from_each() {
    let o = heads_and_tails("E", "S").score();
    assert_limit(&o, "E", "M122l", 1000);
    for s in ["S", "W", "N"] {
        assert_eq!(paid(&o, s, "E"), 2000, "{s} pays East");
    }
    assert_settlement(&o, [6000, -2000, -2000, -2000]);
}

#[test]
fn m120_losers_over_the_limit_pay_each_other_nothing() {
    let o = base()
        // Big Three Dragons in concealed kongs: 96 points, 6 doubles.
        .seat(
            "W",
            &[
                "kong RD RD RD RD concealed",
                "kong GD GD GD GD concealed",
                "kong WD WD WD WD concealed",
            ],
            "",
            "",
        )
        // Big Four Joys: 104 points, 5 doubles.
        .seat(
            "N",
            &[
                "kong EW EW EW EW concealed",
                "kong SW SW SW SW concealed",
                "kong WW WW WW WW concealed",
            ],
            "NW NW NW",
            "",
        )
        .score();
    assert_limit(&o, "W", "M119", 1000);
    assert_limit(&o, "N", "M119", 1000);
    assert_seat(&o, "S", 12, 0, 12);
    assert_eq!(paid(&o, "W", "N") + paid(&o, "N", "W"), 0);
    // South receives 24 from East, 12 each from West and North. East (0) pays West and
    // North 2 × 1000 each. E −24 − 4000; W −12 + 2000; N the same.
    assert_settlement(&o, [-4024, 48, 1988, 1988]);
}

// ---------------------------------------------------------------------------------------
// M122: special limit hands (each scores the limit, 1000, and names itself)
// ---------------------------------------------------------------------------------------

#[test]
fn m122a_heavens_blessing() {
    let o = table()
        .wins("E", "9B", "wall")
        .flag("heaven")
        .seat("E", &[], ANY_HAND, "")
        .score();
    assert_limit(&o, "E", "M122a", 1000);
    assert_settlement(&o, [6000, -2000, -2000, -2000]);
}

#[test]
fn m122b_earths_blessing() {
    let o = table()
        .wins("S", "9B", "discard")
        .supplier("E")
        .flag("earth")
        .discards("E:9B")
        .seat("S", &[], ANY_HAND, "")
        .score();
    assert_limit(&o, "S", "M122b", 1000);
    // East pays double.
    assert_eq!(paid(&o, "E", "S"), 2000);
    // East's first discard is the only one there can have been.
    let e = table()
        .wins("S", "9B", "discard")
        .supplier("E")
        .flag("earth")
        .discards("E:1C E:9B")
        .seat("S", &[], ANY_HAND, "")
        .try_score()
        .unwrap_err();
    assert_eq!(e.path, "win.earth");
    assert!(e.message.contains("East's first discard"), "{e}");
}

#[test]
fn m122a_heavens_blessing_comes_before_any_discard() {
    let e = table()
        .wins("E", "9B", "wall")
        .flag("heaven")
        .discards("S:1C")
        .seat("E", &[], ANY_HAND, "")
        .try_score()
        .unwrap_err();
    assert_eq!(e.path, "win.heaven");
    assert!(e.message.contains("before any discard"), "{e}");
}

#[test]
fn m122c_gathering_plum_blossom_from_the_roof() {
    // 3D 4D waits on 2D or 5D; 5D as a loose tile after the kong.
    let t = |from: &str| {
        table().wins("S", "5D", from).seat(
            "S",
            &["kong 8B 8B 8B 8B concealed"],
            "2B 3B 4B 5C 6C 7C 3D 4D 5D 9C 9C",
            "",
        )
    };
    let o = t("loose").score();
    assert_limit(&o, "S", "M122c", 1000);
    // Near miss: 5D from the wall. 10 + 16 + 2 = 28, M117c: 56.
    let o = t("wall").score();
    assert_seat(&o, "S", 28, 1, 56);
    assert_eq!(seat(&o, "S").limit, None);
}

#[test]
fn m122d_catching_the_moon_from_the_bottom_of_the_sea() {
    // 2D 3D waits on 1D or 4D.
    let t = || {
        table().wins("S", "1D", "wall").seat(
            "S",
            &[],
            "1D 2D 3D 5C 6C 7C 2B 3B 4B 6D 6D 6D 9B 9B",
            "",
        )
    };
    let o = t().flag("last_tile").score();
    assert_limit(&o, "S", "M122d", 1000);
    // Near miss: not the last tile. 10 + 4 + 2 = 16, M117c: 32.
    let o = t().score();
    assert_seat(&o, "S", 16, 1, 32);
    assert_eq!(seat(&o, "S").limit, None);
    // Near miss: 1D as the discard after the last draw: 10 + 4 = 14, M117j: 28.
    let o = t()
        .wins("S", "1D", "discard")
        .supplier("W")
        .flag("last_tile")
        .score();
    assert_seat(&o, "S", 14, 1, 28);
    assert_eq!(seat(&o, "S").limit, None);
    assert_items(&o, "S", "M117j", 1, 0, 1);
}

#[test]
fn m122e_scratching_a_carrying_pole() {
    // West was extending his exposed pung of 2B; South robs the 2B for 1B2B3B.
    let o = table()
        .wins("S", "2B", "robbed_kong")
        .supplier("W")
        .seat("S", &[], "1B 2B 3B 5C 6C 7C 3D 4D 5D 6D 6D 6D 9C 9C", "")
        .seat("W", &["pung 2B 2B 2B exposed"], "", "")
        .score();
    assert_limit(&o, "S", "M122e", 1000);
}

#[test]
fn m122f_kong_upon_kong() {
    let o = table()
        .wins("S", "7D", "loose")
        .flag("kong_upon_kong")
        .seat(
            "S",
            &["kong 8B 8B 8B 8B concealed", "kong 4C 4C 4C 4C concealed"],
            "5D 6D 7D 1C 2C 3C 9B 9B",
            "",
        )
        .score();
    assert_limit(&o, "S", "M122f", 1000);
}

#[test]
fn m122g_fourfold_plenty() {
    let o = table()
        .wins("S", "9B", "discard")
        .supplier("W")
        .seat(
            "S",
            &[
                "kong 2B 2B 2B 2B annexed",
                "kong 5C 5C 5C 5C concealed",
                "kong 7D 7D 7D 7D claimed",
                "kong RD RD RD RD annexed",
            ],
            "9B 9B",
            "",
        )
        .score();
    assert_limit(&o, "S", "M122g", 1000);
}

#[test]
fn m122h_buried_treasure() {
    // 9B 9B 3D 3D waits on 9B or 3D.
    let t = |from: &str| {
        let t = table().wins("S", "9B", from).seat(
            "S",
            &[],
            "2B 2B 2B 5C 5C 5C 7D 7D 7D 9B 9B 9B 3D 3D",
            "",
        );
        if from == "discard" {
            t.supplier("W")
        } else {
            t
        }
    };
    let o = t("wall").score();
    assert_limit(&o, "S", "M122h", 1000);
    // Near miss: completed by a discard, the 9B pung is exposed.
    // 10 + 3 × 4 + 4 = 26; doubles M116k + M117b = 2: 104.
    let o = t("discard").score();
    assert_seat(&o, "S", 26, 2, 104);
    assert_eq!(seat(&o, "S").limit, None);
    // A claimed kong counts as concealed under Millington …
    let k = || {
        table().wins("S", "9B", "wall").seat(
            "S",
            &["kong 2B 2B 2B 2B claimed"],
            "5C 5C 5C 7D 7D 7D 9B 9B 9B 3D 3D",
            "",
        )
    };
    assert_limit(&k().score(), "S", "M122h", 1000);
    // … not under Bradfield: 20 + 8 + 4 + 4 + 8 + 2 = 46; M116k + M117b: 184.
    let o = k().ruleset("bradfield").score();
    assert_seat(&o, "S", 46, 2, 184);
    assert_eq!(seat(&o, "S").limit, None);
}

#[test]
fn m122i_three_great_scholars() {
    let o = table()
        .wins("S", "5C", "wall")
        .seat(
            "S",
            &[
                "pung RD RD RD exposed",
                "pung GD GD GD exposed",
                "pung WD WD WD exposed",
            ],
            "5C 5C 5C 9B 9B",
            "",
        )
        .score();
    assert_limit(&o, "S", "M122i", 1000);
}

#[test]
fn m122j_four_blessings_oer_the_door() {
    let o = table()
        .wins("S", "5C", "discard")
        .supplier("W")
        .seat(
            "S",
            &[
                "pung EW EW EW exposed",
                "pung SW SW SW exposed",
                "pung WW WW WW exposed",
                "pung NW NW NW exposed",
            ],
            "5C 5C",
            "",
        )
        .score();
    assert_limit(&o, "S", "M122j", 1000);
}

#[test]
fn m122k_all_honours() {
    assert_limit(&all_honours().score(), "S", "M122k", 1000);
}

#[test]
fn m122l_heads_and_tails() {
    assert_limit(&heads_and_tails("S", "W").score(), "S", "M122l", 1000);
}

#[test]
fn m122m_imperial_jade() {
    let o = table()
        .wins("S", "8B", "discard")
        .supplier("W")
        .seat(
            "S",
            &[
                "chow 2B 3B 4B exposed",
                "pung 6B 6B 6B exposed",
                "pung GD GD GD exposed",
            ],
            "8B 8B 8B 3B 3B",
            "",
        )
        .score();
    assert_limit(&o, "S", "M122m", 1000);
}

#[test]
fn m122n_nine_gates() {
    // Won on a discard, so it is not also a Concealed Clear Suit.
    let o = table()
        .wins("S", "5C", "discard")
        .supplier("W")
        .seat("S", &[], "1C 1C 1C 2C 3C 4C 5C 6C 7C 8C 9C 9C 9C 5C", "")
        .score();
    assert_limit(&o, "S", "M122n", 1000);
    // (1112345678999 + 5C is also a Wriggling Snake: 111 234 55 678 999.)
    assert!(has(&o, "S", "M122o"), "{}", describe(&o, "S"));
    // From the wall with 3C (11 123 345 678 999) it is also a Concealed Clear Suit; the
    // more specific Nine Gates is named.
    let o = table()
        .wins("S", "3C", "wall")
        .seat("S", &[], "1C 1C 1C 2C 3C 4C 5C 6C 7C 8C 9C 9C 9C 3C", "")
        .score();
    assert_limit(&o, "S", "M122n", 1000);
    assert!(has(&o, "S", "M122p"), "{}", describe(&o, "S"));
}

#[test]
fn m122o_wriggling_snake() {
    // Pung of 1D, pung of 9D, pair of 2D, chows 345 and 678 (exposed allowed).
    let o = table()
        .wins("S", "7D", "discard")
        .supplier("W")
        .seat(
            "S",
            &["pung 1D 1D 1D exposed", "chow 3D 4D 5D exposed"],
            "6D 7D 8D 9D 9D 9D 2D 2D",
            "",
        )
        .score();
    assert_limit(&o, "S", "M122o", 1000);
}

#[test]
fn m122p_concealed_clear_suit() {
    let t = |from: &str| {
        let t = table().wins("S", "9B", from).seat(
            "S",
            &[],
            "2B 3B 4B 2B 3B 4B 6B 6B 6B 8B 8B 8B 9B 9B",
            "",
        );
        if from == "discard" {
            t.supplier("W")
        } else {
            t
        }
    };
    assert_limit(&t("wall").score(), "S", "M122p", 1000);
    // Near miss: the last tile is a discard. Before it the hand waited on 9B (pair) or 7B
    // (789 with a pair of 8B), so no M115c; 9B is claimed for the pair: M115d major.
    // 10 + 4 (6B) + 4 (8B) + 4 = 22; M117e: 176.
    let o = t("discard").score();
    assert_seat(&o, "S", 22, 3, 176);
    assert_eq!(seat(&o, "S").limit, None);
    assert_no(&o, "S", "M115c");
}

#[test]
fn m122q_thirteen_unique_wonders() {
    let o = table()
        .wins("S", "RD", "discard")
        .supplier("W")
        .seat("S", &[], "1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD RD", "")
        .score();
    assert_limit(&o, "S", "M122q", 1000);
}

#[test]
fn m122r_easts_13th_consecutive_mahjong() {
    let t = || {
        table()
            .wins("E", "9B", "discard")
            .supplier("S")
            .seat("E", &BASE_SETS, "7B 8B 9B 3D 3D", "")
    };
    let o = t().east_wins(12).score();
    assert_limit(&o, "E", "M122r", 1000);
    assert_settlement(&o, [6000, -2000, -2000, -2000]);
    // Near miss: the 12th.
    let o = t().east_wins(11).score();
    assert_seat(&o, "E", 12, 0, 12);
    assert_eq!(seat(&o, "E").limit, None);
    assert_settlement(&o, [72, -24, -24, -24]);
}

// ---------------------------------------------------------------------------------------
// Seven pairs (M29 option)
// ---------------------------------------------------------------------------------------

#[test]
fn seven_pairs_option() {
    let t = || {
        table().wins("S", "8D", "discard").supplier("W").seat(
            "S",
            &[],
            "2B 2B 5B 5B 3C 3C 7C 7C 4D 4D 8D 8D 9D 9D",
            "",
        )
    };
    // Off: not a Mah-Jongg.
    let e = t().try_score().unwrap_err();
    assert_eq!(e.path, "seats.S");
    assert_eq!(
        e.message,
        "not a legal Mah-Jongg under millington: the tiles do not form four sets and a pair"
    );
    // On: 10 + 20 (seven_pairs_points) + 2 (eyes, minor) = 32; 8D was the only place, but
    // seven pairs never fills it (M115c rule 6, docs/rules/only-place.md).
    let o = t().option("seven_pairs", true).score();
    assert_items(&o, "S", "M29", 1, 20, 0);
    assert_items(&o, "S", "M115c", 0, 0, 0);
    assert_seat(&o, "S", 32, 0, 32);
    let o = t()
        .option("seven_pairs", true)
        .option("seven_pairs_points", 30)
        .score();
    assert_items(&o, "S", "M29", 1, 30, 0);
    assert_seat(&o, "S", 42, 0, 42);
}

// ---------------------------------------------------------------------------------------
// Settlement (M107–M111)
// ---------------------------------------------------------------------------------------

#[test]
fn m107_worked_example_seed000() {
    let o = seed000().score();
    assert_seat(&o, "N", 24, 1, 48);
    assert_seat(&o, "E", 20, 0, 20);
    assert_seat(&o, "S", 32, 3, 256);
    assert_seat(&o, "W", 4, 0, 4);
    assert_eq!(paid(&o, "E", "N"), 96);
    assert_eq!(paid(&o, "S", "N"), 48);
    assert_eq!(paid(&o, "W", "N"), 48);
    assert_eq!(paid(&o, "E", "S"), 472);
    assert_eq!(paid(&o, "W", "E"), 32);
    assert_eq!(paid(&o, "W", "S"), 252);
    // E, S, W, N.
    assert_settlement(&o, [-536, 676, -332, 192]);
}

#[test]
fn m109_losers_settle_off() {
    let o = seed000().option("losers_settle", false).score();
    assert_settlement(&o, [-96, -48, -48, 192]);
    assert_eq!(paid(&o, "E", "S"), 0);
}

#[test]
fn m108_east_doubles_off() {
    let o = seed000().option("east_doubles", false).score();
    // N 3 × 48; E pays S 236, gets 16 from W; W pays S 252.
    assert_settlement(&o, [-268, 440, -316, 144]);
}

#[test]
fn discarder_doubles_discard_and_self_drawn() {
    let opts = |t: T| {
        t.option("discarder_doubles", true)
            .option("east_doubles", false)
            .option("losers_settle", false)
    };
    // Self-drawn (seed 000): everybody pays 2 × 48.
    let o = opts(seed000()).score();
    assert_settlement(&o, [-96, -96, -96, 288]);
    // On West's discard of 4B: North 10 + 4 + 8 = 22, 1 double: 44. West pays 88.
    let o = opts(seed000().wins("N", "4B", "discard").supplier("W")).score();
    assert_seat(&o, "N", 22, 1, 44);
    assert_settlement(&o, [-44, -44, -88, 176]);
}

#[test]
fn cannon_pays_for_everybody() {
    let o = seed000()
        .wins("N", "4B", "discard")
        .supplier("W")
        .cannon("W")
        .score();
    // North 44: West pays East's share 88 + South's 44 + his own 44; losers do not settle.
    assert_eq!(paid(&o, "W", "N"), 176);
    assert_eq!(o.payments.as_slice().len(), 1);
    assert_settlement(&o, [0, 0, -176, 176]);
    // East as the cannoneer: the same total.
    let o = seed000()
        .wins("N", "4B", "discard")
        .supplier("E")
        .cannon("E")
        .score();
    assert_settlement(&o, [-176, 0, 0, 176]);
}

#[test]
fn washout_settles_nothing() {
    let o = washout(seed000()).score();
    // §10: no scoring, no settlement.
    for s in SEATS {
        assert_seat(&o, s, 0, 0, 0);
    }
    assert_settlement(&o, [0, 0, 0, 0]);
    assert!(o.payments.as_slice().is_empty());
}

/// The table as a washout: no winner, North back to 13 tiles (without the 4B he drew).
fn washout(mut t: T) -> T {
    t.v["winner"] = json!(null);
    t.v.as_object_mut().unwrap().remove("win");
    t.v["seats"]["N"]["concealed"] =
        json!(["9C", "9C", "9C", "2B", "3B", "6D", "7D", "8D", "5D", "5D"]);
    t
}

// ---------------------------------------------------------------------------------------
// Bad input
// ---------------------------------------------------------------------------------------

#[track_caller]
fn assert_err(t: &T, path: &str, message: &str) {
    let e = t.try_score().expect_err("bad input must be an error");
    assert_eq!((e.path.as_str(), e.message.as_str()), (path, message));
}

#[test]
fn bad_input_five_copies_of_a_tile() {
    let t = table().seat("E", &[], "3C 3C", "").seat(
        "S",
        &["chow 1C 2C 3C exposed", "pung 3C 3C 3C exposed"],
        "",
        "",
    );
    assert_err(&t, "seats.S.sets[1]", "5 copies of 3C");
    assert_eq!(
        t.try_score().unwrap_err().to_string(),
        "seats.S.sets[1]: 5 copies of 3C"
    );
}

#[test]
fn bad_input_winner_without_a_legal_mahjong() {
    let t = table().wins("S", "1B", "wall").seat(
        "S",
        &[],
        "1B 2B 4B 5C 7C 9C 1D 3D 5D EW SW RD GD WD",
        "",
    );
    assert_err(
        &t,
        "seats.S",
        "not a legal Mah-Jongg under millington: the tiles do not form four sets and a pair",
    );
}

#[test]
fn bad_input_win_tile_not_in_the_winners_hand() {
    let t = base().wins("S", "1B", "discard").supplier("W");
    assert_err(&t, "win.tile", "1B is not in the winner's hand");
}

#[test]
fn bad_input_unknown_seat() {
    let mut t = base();
    t.v["seats"]["X"] = json!({ "sets": [], "concealed": [], "bonus": [] });
    assert_err(
        &t,
        "seats.X",
        "unknown seat \"X\" (expected one of E, S, W, N)",
    );
    let mut t = base();
    t.v["winner"] = json!("Q");
    assert_err(
        &t,
        "winner",
        "unknown seat \"Q\" (expected one of E, S, W, N)",
    );
}

#[test]
fn bad_input_unknown_option() {
    let t = base().option("mahjong_pts", 20);
    // Every option of the preset, by its public name (`Options` is {family, options}).
    let all = serde_json::to_value(
        &mahjong_rules::Ruleset::preset("millington")
            .unwrap()
            .options,
    )
    .unwrap();
    let known: Vec<String> = all["options"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    assert!(known.iter().any(|k| k == "mahjong_points"));
    let message = format!("unknown option (known: {})", known.join(", "));
    assert_err(&t, "options.mahjong_pts", &message);
}

// ---------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------

/// Valid tables of every kind above: ordinary hands, limit hands, losers with scores.
fn corpus() -> Vec<T> {
    vec![
        base(),
        base_bonus("2F 2S")
            .seat("N", &[], "RD RD NW NW 3C 3C 5B", "1F")
            .seat("E", &["kong 8C 8C 8C 8C claimed"], "2B 2B 2B 4D 4D 4D", "")
            .seat("W", &["pung 6B 6B 6B exposed"], "EW EW EW 1D 9D", "4S"),
        seed000(),
        seed000().wins("N", "4B", "discard").supplier("W"),
        big_dragons_with_bonus().seat("N", &[], "EW EW EW NW NW 5D 5D 5D", "4F 4S"),
        heads_and_tails("E", "S").seat("W", &[], "RD RD RD 5D 6D 7D WW WW", "3F 3S"),
        all_honours().seat("E", &[], "2B 3B 4B 5B 5B 5B 8C 8C", "1F 1S"),
        concealed_south("wall").seat("N", &["pung RD RD RD exposed"], "1C 1C 9C 9C", ""),
        table()
            .wins("S", "9B", "wall")
            .seat("S", &[], "2B 2B 2B 5C 5C 5C 7D 7D 7D 9B 9B 9B 3D 3D", "")
            .seat("E", &[], "1B 1B 1B 5D 5D 5D 9C 9C 9C", ""),
        table()
            .wins("S", "7B", "discard")
            .supplier("W")
            .seat(
                "S",
                &["chow 2B 3B 4B exposed", "pung RD RD RD exposed"],
                "5B 6B 7B 9B 9B 9B 3B 3B",
                "",
            )
            .seat("N", &[], "GD GD GD WD WD 5C 6C 7C", "2F"),
        base().seat(
            "W",
            &[
                "kong RD RD RD RD concealed",
                "kong GD GD GD GD concealed",
                "kong WD WD WD WD concealed",
            ],
            "",
            "",
        ),
        table()
            .wins("E", "9B", "discard")
            .supplier("N")
            .east_wins(12)
            .seat("E", &BASE_SETS, "7B 8B 9B 3D 3D", "")
            .seat("S", &[], "SW SW SW RD RD", "2S"),
    ]
}

fn shuffled(t: &T, seed: u64) -> T {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut t = t.clone();
    for s in SEATS {
        let c = t.v["seats"][s]["concealed"].as_array_mut().unwrap();
        c.shuffle(&mut rng);
    }
    t
}

#[test]
fn corpus_tables_are_valid() {
    for t in corpus() {
        t.score();
    }
}

proptest! {
    #[test]
    fn scores_do_not_depend_on_the_order_of_concealed_tiles(
        i in 0..corpus().len(),
        seed in any::<u64>(),
    ) {
        let t = &corpus()[i];
        let a = t.score();
        let b = shuffled(t, seed).score();
        prop_assert_eq!(a, b);
    }

    #[test]
    fn settlements_sum_to_zero(
        i in 0..corpus().len(),
        east_doubles in any::<bool>(),
        losers_settle in any::<bool>(),
        discarder_doubles in any::<bool>(),
        no_limit in any::<bool>(),
        limit in 1u64..=2000,
        cannon in 0usize..4,
    ) {
        let mut t = corpus()[i]
            .clone()
            .option("east_doubles", east_doubles)
            .option("losers_settle", losers_settle)
            .option("discarder_doubles", discarder_doubles)
            .option("no_limit", no_limit)
            .option("limit", limit);
        let winner = t.v["winner"].as_str().map(seat_index);
        if winner.is_some_and(|w| w != cannon) {
            t = t.cannon(SEATS[cannon]);
        }
        let o = t.score();
        prop_assert_eq!(o.settlement.iter().sum::<i64>(), 0);
    }

    #[test]
    fn no_score_exceeds_the_limit(i in 0..corpus().len(), limit in 1u64..=2000) {
        let o = corpus()[i].clone().option("limit", limit).score();
        for s in SEATS {
            let sc = seat(&o, s);
            prop_assert!(sc.score <= limit, "{}", describe(&o, s));
            // A limit hand, or a hand capped (M119), scores exactly the limit.
            if sc.limit.is_some() {
                prop_assert_eq!(sc.score, limit, "{}", describe(&o, s));
            }
        }
    }
}
