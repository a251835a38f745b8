//! An independent check of the Western points-and-doubles scorer against
//! `shared/rules/western.md` (seed 002). Every expected value was computed by hand from the
//! spec before running the scorer; the comments show the arithmetic. Tables go through the
//! public JSON path (`TableInput::from_json` → `score_input`) with `"ruleset": "western"`.
//!
//! Defaults of the `western` preset used throughout: Mah-Jongg 20 points, payment limit 300
//! (600 to or from East), East pays and receives double, losers settle their differences,
//! no prevailing-wind scoring, pairs score however completed, Great Blessings needs four
//! wind sets, Nine United Sons only in characters, a dealt complete hand is a special hand.
//!
//! Seats: 0 East, 1 South, 2 West, 3 North; own flower/season numbers 1, 2, 3, 4. Unless a
//! test says otherwise the prevailing wind is East and seats not mentioned hold nothing.
//! Score = points × 2^doubles (× 2 = 1 double, × 4 = 2, × 8 = 3); a special hand (W-L)
//! scores the payment limit.

mod common;

use common::*;

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/// An empty table under the `western` preset.
fn western() -> T {
    table().ruleset("western")
}

const CHOW_2B: &str = "chow 2B 3B 4B exposed";
const CHOW_5C: &str = "chow 5C 6C 7C exposed";
const CHOW_3D: &str = "chow 3D 4D 5D exposed";

/// South wins on West's discard of 9B with the exposed chows 2B3B4B and 5C6C7C, `third`
/// as the third declared set, and `rest` concealed (7B 8B 9B and a pair, 5 tiles).
/// Before the win 7B 8B waits on 6B or 9B: no W-B4.
fn south_with(third: &str, rest: &str) -> T {
    western().wins("S", "9B", "discard").supplier("W").seat(
        "S",
        &[CHOW_2B, CHOW_5C, third],
        rest,
        "",
    )
}

/// As [`south_with`] with only the two chows declared and 8 tiles concealed.
fn south_two(rest: &str) -> T {
    western()
        .wins("S", "9B", "discard")
        .supplier("W")
        .seat("S", &[CHOW_2B, CHOW_5C], rest, "")
}

/// South's plain hand: chows 2B3B4B, 5C6C7C, 3D4D5D (exposed), 7B8B9B, pair 6D, on West's
/// 9B. 20 (W-B1) + 10 (W-B2: only chows and a non-scoring pair) = 30, no doubles.
fn base() -> T {
    south_with(CHOW_3D, "7B 8B 9B 6D 6D")
}

/// [`base`] with bonus tiles for South.
fn base_bonus(bonus: &str) -> T {
    western().wins("S", "9B", "discard").supplier("W").seat(
        "S",
        &[CHOW_2B, CHOW_5C, CHOW_3D],
        "7B 8B 9B 6D 6D",
        bonus,
    )
}

/// The same 14 tiles as [`base`], all concealed.
const BASE_CONCEALED: &str = "2B 3B 4B 5C 6C 7C 3D 4D 5D 7B 8B 9B 6D 6D";

/// Asserts the amount `from` pays `to`.
#[track_caller]
fn assert_paid(o: &mahjong_rules::Outcome, from: &str, to: &str, amount: u64) {
    assert_eq!(
        paid(o, from, to),
        amount,
        "{from} pays {to}; payments {:?}",
        o.payments
    );
}

/// Asserts a special hand: `limit` is the rule id, score the payment limit, and the points
/// and doubles counted on the way.
#[track_caller]
fn assert_special(
    o: &mahjong_rules::Outcome,
    s: &str,
    id: &str,
    points: u64,
    doubles: u32,
    score: u64,
) {
    assert_limit(o, s, id, score);
    assert_seat(o, s, points, doubles, score);
}

/// Asserts a seat is not a special hand.
#[track_caller]
fn assert_no_limit(o: &mahjong_rules::Outcome, s: &str) {
    assert_eq!(seat(o, s).limit, None, "limit of\n{}", describe(o, s));
}

/// The rule ids of a seat's items, in order.
fn ids(o: &mahjong_rules::Outcome, s: &str) -> Vec<&'static str> {
    seat(o, s)
        .items
        .as_slice()
        .iter()
        .map(|i| i.rule.id)
        .collect()
}

// ---------------------------------------------------------------------------------------
// W-P: points for sets (all players)
// ---------------------------------------------------------------------------------------

#[test]
fn w_p1_pair_of_dragons_or_own_wind() {
    // South's pair of red dragons; East holds a pair of red dragons too, West a pair of
    // his own wind, North a pair of West wind (not his own).
    let o = south_with(CHOW_3D, "7B 8B 9B RD RD")
        .seat("E", &[], "RD RD", "")
        .seat("W", &[], "WW WW", "")
        .seat("N", &[], "WW WW", "")
        .score();
    // South: 20 + 2 (W-P1) = 22; a scoring pair means no W-B2.
    assert_seat(&o, "S", 22, 0, 22);
    assert_items(&o, "S", "W-P1", 1, 2, 0);
    assert_no(&o, "S", "W-B2");
    assert_seat(&o, "E", 2, 0, 2);
    assert_items(&o, "E", "W-P1", 1, 2, 0);
    assert_seat(&o, "W", 2, 0, 2);
    assert_items(&o, "W", "W-P1", 1, 2, 0);
    assert_seat(&o, "N", 0, 0, 0);
    assert_no(&o, "N", "W-P1");
    // Winner: E pays 2 × 22 = 44, W 22, N 22. Losers: E = W (2): nothing; N pays E
    // 2 × (2 − 0) = 4 and W 2.
    // E −44 + 4 = −40; S +88; W −22 + 2 = −20; N −22 − 4 − 2 = −28.
    assert_settlement(&o, [-40, 88, -20, -28]);

    // South's own wind: 22; West wind (not South's own) is an ordinary pair: 20 + 10 = 30.
    let o = south_with(CHOW_3D, "7B 8B 9B SW SW").score();
    assert_seat(&o, "S", 22, 0, 22);
    assert_items(&o, "S", "W-P1", 1, 2, 0);
    let o = south_with(CHOW_3D, "7B 8B 9B WW WW").score();
    assert_seat(&o, "S", 30, 0, 30);
    assert_no(&o, "S", "W-P1");

    // The pair completed by West's discard of RD (7B8B9B RD waits only on RD: W-B4).
    let pair_on_discard = || {
        western().wins("S", "RD", "discard").supplier("W").seat(
            "S",
            &[CHOW_2B, CHOW_5C, CHOW_3D],
            "7B 8B 9B RD RD",
            "",
        )
    };
    // Default: the pair scores however completed: 20 + 2 + 2 (W-B4) = 24.
    let o = pair_on_discard().score();
    assert_seat(&o, "S", 24, 0, 24);
    assert_items(&o, "S", "W-P1", 1, 2, 0);
    assert_items(&o, "S", "W-B4", 1, 2, 0);
    // pairs_concealed_only: the claimed pair scores nothing, so the hand has no scoring
    // set: 20 + 10 (W-B2) + 2 (W-B4) = 32.
    let o = pair_on_discard()
        .option("pairs_concealed_only", true)
        .score();
    assert_seat(&o, "S", 32, 0, 32);
    assert_no(&o, "S", "W-P1");
    assert_items(&o, "S", "W-B2", 1, 10, 0);
    // A concealed pair still scores under the option (winner 22, loser East 2).
    let o = south_with(CHOW_3D, "7B 8B 9B RD RD")
        .seat("E", &[], "RD RD", "")
        .option("pairs_concealed_only", true)
        .score();
    assert_seat(&o, "S", 22, 0, 22);
    assert_seat(&o, "E", 2, 0, 2);
}

#[test]
fn w_p2_any_other_pair_scores_nothing() {
    // The base hand's pair of 6D: 20 + 10 = 30, no pair item.
    let o = base()
        .seat("W", &[], "EW EW", "")
        .seat("N", &[], "5C 5C", "")
        .score();
    assert_seat(&o, "S", 30, 0, 30);
    assert_no(&o, "S", "W-P1");
    assert_no(&o, "S", "W-P2");
    // West's pair of East wind (neither his own nor, by default, scoring as prevailing)
    // and North's pair of 5C: 0.
    assert_seat(&o, "W", 0, 0, 0);
    assert_seat(&o, "N", 0, 0, 0);
    // A pair of North wind for South: still 30.
    let o = south_with(CHOW_3D, "7B 8B 9B NW NW").score();
    assert_seat(&o, "S", 30, 0, 30);
    // Terminal pair for South: 30.
    let o = south_with(CHOW_3D, "7B 8B 9B 1D 1D").score();
    assert_seat(&o, "S", 30, 0, 30);
}

#[test]
fn w_p3_chows_score_nothing_exposed_or_concealed() {
    // Exposed chows: 20 + 10 = 30; items only W-B1 and W-B2.
    let o = base().seat("W", &[], "1C 2C 3C", "").score();
    assert_seat(&o, "S", 30, 0, 30);
    assert_eq!(ids(&o, "S"), ["W-B1", "W-B2"], "{}", describe(&o, "S"));
    // Concealed chows (the 9B claimed completes 7B8B9B): still 30 (no concealed bonus).
    let o = western()
        .wins("S", "9B", "discard")
        .supplier("W")
        .seat("S", &[], BASE_CONCEALED, "")
        .score();
    assert_seat(&o, "S", 30, 0, 30);
    assert_eq!(ids(&o, "S"), ["W-B1", "W-B2"], "{}", describe(&o, "S"));
    // A loser's concealed chow: 0.
    let o = base().seat("W", &[], "1C 2C 3C", "").score();
    assert_seat(&o, "W", 0, 0, 0);
}

#[test]
fn w_p4_pung_of_terminals_exposed_4_concealed_8() {
    let o = south_with("pung 1C 1C 1C exposed", "7B 8B 9B 6D 6D")
        .seat("W", &["pung 9D 9D 9D exposed"], "", "")
        .seat("N", &[], "9C 9C 9C", "")
        .score();
    // South: 20 + 4 = 24 (a pung: no W-B2).
    assert_seat(&o, "S", 24, 0, 24);
    assert_items(&o, "S", "W-P4", 1, 4, 0);
    assert_no(&o, "S", "W-B2");
    assert_seat(&o, "W", 4, 0, 4);
    assert_items(&o, "W", "W-P4", 1, 4, 0);
    assert_seat(&o, "N", 8, 0, 8);
    assert_items(&o, "N", "W-P4", 1, 8, 0);
    // Concealed in the winner's hand: 20 + 8 = 28.
    let o = south_two("1C 1C 1C 7B 8B 9B 6D 6D").score();
    assert_seat(&o, "S", 28, 0, 28);
    assert_items(&o, "S", "W-P4", 1, 8, 0);
}

#[test]
fn w_p5_pung_of_minors_exposed_2_concealed_4() {
    let o = south_with("pung 5D 5D 5D exposed", "7B 8B 9B 6D 6D")
        .seat("W", &["pung 2C 2C 2C exposed"], "", "")
        .seat("N", &[], "8D 8D 8D", "")
        .score();
    // South: 20 + 2 = 22.
    assert_seat(&o, "S", 22, 0, 22);
    assert_items(&o, "S", "W-P5", 1, 2, 0);
    assert_seat(&o, "W", 2, 0, 2);
    assert_items(&o, "W", "W-P5", 1, 2, 0);
    assert_seat(&o, "N", 4, 0, 4);
    assert_items(&o, "N", "W-P5", 1, 4, 0);
    // Concealed: 20 + 4 = 24.
    let o = south_two("5D 5D 5D 7B 8B 9B 6D 6D").score();
    assert_seat(&o, "S", 24, 0, 24);
    assert_items(&o, "S", "W-P5", 1, 4, 0);
}

#[test]
fn w_p6_pung_of_winds_exposed_4_concealed_8() {
    // West wind is not South's own (and the prevailing wind does not score by default).
    let o = south_with("pung WW WW WW exposed", "7B 8B 9B 6D 6D")
        .seat("W", &["pung SW SW SW exposed"], "", "")
        .seat("N", &[], "EW EW EW", "")
        .score();
    // South: 20 + 4 = 24, no doubles.
    assert_seat(&o, "S", 24, 0, 24);
    assert_items(&o, "S", "W-P6", 1, 4, 0);
    assert_no(&o, "S", "W-D1");
    assert_seat(&o, "W", 4, 0, 4);
    assert_items(&o, "W", "W-P6", 1, 4, 0);
    // North's concealed pung of the prevailing East wind: 8, no double by default.
    assert_seat(&o, "N", 8, 0, 8);
    assert_items(&o, "N", "W-P6", 1, 8, 0);
    // Concealed North wind for South: 20 + 8 = 28.
    let o = south_two("NW NW NW 7B 8B 9B 6D 6D").score();
    assert_seat(&o, "S", 28, 0, 28);
    assert_items(&o, "S", "W-P6", 1, 8, 0);
}

#[test]
fn w_p7_pung_of_dragons_exposed_4_concealed_8() {
    let o = south_with("pung GD GD GD exposed", "7B 8B 9B 6D 6D")
        .seat("W", &["pung WD WD WD exposed"], "", "")
        .score();
    // South: (20 + 4) × 2 (W-D2) = 48.
    assert_seat(&o, "S", 24, 1, 48);
    assert_items(&o, "S", "W-P7", 1, 4, 0);
    assert_items(&o, "S", "W-D2", 1, 0, 1);
    // West: 4 × 2 = 8.
    assert_seat(&o, "W", 4, 1, 8);
    assert_items(&o, "W", "W-P7", 1, 4, 0);
    // Concealed: (20 + 8) × 2 = 56.
    let o = south_two("RD RD RD 7B 8B 9B 6D 6D").score();
    assert_seat(&o, "S", 28, 1, 56);
    assert_items(&o, "S", "W-P7", 1, 8, 0);
}

#[test]
fn w_p8_kong_of_terminals_exposed_16_concealed_32() {
    let o = south_with("kong 9C 9C 9C 9C claimed", "7B 8B 9B 6D 6D")
        .seat("W", &["kong 9D 9D 9D 9D concealed"], "", "")
        .seat("N", &["kong 1C 1C 1C 1C claimed"], "", "")
        .score();
    // South: 20 + 16 = 36.
    assert_seat(&o, "S", 36, 0, 36);
    assert_items(&o, "S", "W-P8", 1, 16, 0);
    assert_seat(&o, "W", 32, 0, 32);
    assert_items(&o, "W", "W-P8", 1, 32, 0);
    assert_seat(&o, "N", 16, 0, 16);
    assert_items(&o, "N", "W-P8", 1, 16, 0);
    // Concealed kong: 20 + 32 = 52; annexed (exposed): 20 + 16 = 36.
    let o = south_with("kong 1D 1D 1D 1D concealed", "7B 8B 9B 6D 6D").score();
    assert_seat(&o, "S", 52, 0, 52);
    assert_items(&o, "S", "W-P8", 1, 32, 0);
    let o = south_with("kong 1B 1B 1B 1B annexed", "7B 8B 9B 6D 6D").score();
    assert_seat(&o, "S", 36, 0, 36);
    assert_items(&o, "S", "W-P8", 1, 16, 0);
}

#[test]
fn w_p9_kong_of_minors_exposed_8_concealed_16() {
    let o = south_with("kong 5D 5D 5D 5D claimed", "7B 8B 9B 6D 6D")
        .seat("W", &["kong 2C 2C 2C 2C annexed"], "", "")
        .seat("N", &["kong 4C 4C 4C 4C concealed"], "", "")
        .score();
    // South: 20 + 8 = 28.
    assert_seat(&o, "S", 28, 0, 28);
    assert_items(&o, "S", "W-P9", 1, 8, 0);
    assert_seat(&o, "W", 8, 0, 8);
    assert_items(&o, "W", "W-P9", 1, 8, 0);
    assert_seat(&o, "N", 16, 0, 16);
    assert_items(&o, "N", "W-P9", 1, 16, 0);
    // Concealed: 20 + 16 = 36.
    let o = south_with("kong 8D 8D 8D 8D concealed", "7B 8B 9B 6D 6D").score();
    assert_seat(&o, "S", 36, 0, 36);
    assert_items(&o, "S", "W-P9", 1, 16, 0);
}

#[test]
fn w_p10_kong_of_winds_exposed_16_concealed_32() {
    let o = south_with("kong NW NW NW NW claimed", "7B 8B 9B 6D 6D")
        .seat("W", &["kong EW EW EW EW claimed"], "", "")
        .seat("N", &["kong SW SW SW SW concealed"], "", "")
        .score();
    // South: 20 + 16 = 36 (North wind is not South's own).
    assert_seat(&o, "S", 36, 0, 36);
    assert_items(&o, "S", "W-P10", 1, 16, 0);
    assert_seat(&o, "W", 16, 0, 16);
    assert_items(&o, "W", "W-P10", 1, 16, 0);
    assert_seat(&o, "N", 32, 0, 32);
    assert_items(&o, "N", "W-P10", 1, 32, 0);
    // Concealed West wind for South: 20 + 32 = 52.
    let o = south_with("kong WW WW WW WW concealed", "7B 8B 9B 6D 6D").score();
    assert_seat(&o, "S", 52, 0, 52);
    assert_items(&o, "S", "W-P10", 1, 32, 0);
}

#[test]
fn w_p11_kong_of_dragons_exposed_16_concealed_32() {
    let o = south_with("kong RD RD RD RD claimed", "7B 8B 9B 6D 6D")
        .seat("W", &["kong WD WD WD WD claimed"], "", "")
        .score();
    // South: (20 + 16) × 2 = 72.
    assert_seat(&o, "S", 36, 1, 72);
    assert_items(&o, "S", "W-P11", 1, 16, 0);
    assert_items(&o, "S", "W-D2", 1, 0, 1);
    // West: 16 × 2 = 32.
    assert_seat(&o, "W", 16, 1, 32);
    // Concealed: (20 + 32) × 2 = 104.
    let o = south_with("kong GD GD GD GD concealed", "7B 8B 9B 6D 6D").score();
    assert_seat(&o, "S", 52, 1, 104);
    assert_items(&o, "S", "W-P11", 1, 32, 0);
}

// ---------------------------------------------------------------------------------------
// W-B: bonuses for the winner only
// ---------------------------------------------------------------------------------------

#[test]
fn w_b1_going_mahjong_20() {
    let o = base().seat("W", &[], "RD RD", "").score();
    assert_seat(&o, "S", 30, 0, 30);
    assert_items(&o, "S", "W-B1", 1, 20, 0);
    // Losers never score it.
    assert_no(&o, "W", "W-B1");
    // The option changes it: 10 + 10 = 20.
    let o = base().option("mahjong_points", 10).score();
    assert_seat(&o, "S", 20, 0, 20);
    assert_items(&o, "S", "W-B1", 1, 10, 0);
}

#[test]
fn w_b2_no_scoring_sets_10() {
    let o = base().seat("W", &[], "1C 2C 3C 8C 8C", "").score();
    assert_seat(&o, "S", 30, 0, 30);
    assert_items(&o, "S", "W-B2", 1, 10, 0);
    // Not for a loser.
    assert_no(&o, "W", "W-B2");
    // Flowers are not sets: 30 + 4 (1F, not South's own) = 34 with W-B2.
    let o = base_bonus("1F").score();
    assert_seat(&o, "S", 34, 0, 34);
    assert_items(&o, "S", "W-B2", 1, 10, 0);
    // Near miss: one minor pung: 20 + 2 = 22, no W-B2.
    let o = south_with("pung 5D 5D 5D exposed", "7B 8B 9B 6D 6D").score();
    assert_seat(&o, "S", 22, 0, 22);
    assert_no(&o, "S", "W-B2");
}

#[test]
fn w_b3_winning_tile_from_the_wall_2() {
    // 20 + 10 + 2 = 32.
    let o = base().wins("S", "9B", "wall").score();
    assert_seat(&o, "S", 32, 0, 32);
    assert_items(&o, "S", "W-B3", 1, 2, 0);
    assert_no(&o, "S", "W-B4");
    // Claimed: 30, no W-B3.
    let o = base().score();
    assert_no(&o, "S", "W-B3");
}

#[test]
fn w_b4_the_only_tile_2() {
    // Middle of a chow: 7B 9B waits only on 8B; claimed, it still counts: 20 + 10 + 2 = 32.
    let o = western()
        .wins("S", "8B", "discard")
        .supplier("W")
        .seat("S", &[CHOW_2B, CHOW_5C, CHOW_3D], "7B 8B 9B 6D 6D", "")
        .score();
    assert_seat(&o, "S", 32, 0, 32);
    assert_items(&o, "S", "W-B4", 1, 2, 0);
    // Drawn: 20 + 10 + 2 (W-B3) + 2 (W-B4) = 34.
    let o = western()
        .wins("S", "8B", "wall")
        .seat("S", &[CHOW_2B, CHOW_5C, CHOW_3D], "7B 8B 9B 6D 6D", "")
        .score();
    assert_seat(&o, "S", 34, 0, 34);
    assert_items(&o, "S", "W-B4", 1, 2, 0);
    // Edge of a chow: 1B 2B waits only on 3B: 32.
    let o = western()
        .wins("S", "3B", "discard")
        .supplier("W")
        .seat("S", &[CHOW_2B, CHOW_5C, CHOW_3D], "1B 2B 3B 6D 6D", "")
        .score();
    assert_seat(&o, "S", 32, 0, 32);
    assert_items(&o, "S", "W-B4", 1, 2, 0);
    // Near miss: 7B 8B waits on 6B or 9B: 30, no W-B4.
    let o = base().score();
    assert_seat(&o, "S", 30, 0, 30);
    assert_no(&o, "S", "W-B4");
}

#[test]
fn w_b5_loose_tile_after_a_kong_10() {
    // South has declared an exposed kong of 8C and wins with the loose tile 9B:
    // 20 + 8 (W-P9) + 2 (W-B3: drawn, not claimed) + 10 (W-B5) = 40.
    let kong_hand = |from: &str| {
        western().wins("S", "9B", from).seat(
            "S",
            &["kong 8C 8C 8C 8C claimed", CHOW_2B, CHOW_5C],
            "7B 8B 9B 6D 6D",
            "",
        )
    };
    let o = kong_hand("loose").score();
    assert_seat(&o, "S", 40, 0, 40);
    assert_items(&o, "S", "W-B5", 1, 10, 0);
    assert_items(&o, "S", "W-B3", 1, 2, 0);
    assert_no_limit(&o, "S");
    // From the live wall: 20 + 8 + 2 = 30.
    let o = kong_hand("wall").score();
    assert_seat(&o, "S", 30, 0, 30);
    assert_no(&o, "S", "W-B5");
    // A loose tile after a flower, no kong: 20 + 10 + 2 + 4 (1F) = 36, no W-B5.
    let o = base_bonus("1F").wins("S", "9B", "loose").score();
    assert_seat(&o, "S", 36, 0, 36);
    assert_no(&o, "S", "W-B5");
}

#[test]
fn w_b6_no_chows_10() {
    // Pungs 5D, 2C, 8B (exposed), 9B completed by West's discard (exposed), pair 6D;
    // 9B 9B 6D 6D waits on 9B or 6D (no W-B4).
    // 20 + 2 + 2 + 2 + 4 + 10 = 40.
    let o = western()
        .wins("S", "9B", "discard")
        .supplier("W")
        .seat(
            "S",
            &[
                "pung 5D 5D 5D exposed",
                "pung 2C 2C 2C exposed",
                "pung 8B 8B 8B exposed",
            ],
            "9B 9B 9B 6D 6D",
            "",
        )
        .score();
    assert_seat(&o, "S", 40, 0, 40);
    assert_items(&o, "S", "W-B6", 1, 10, 0);
    assert_no(&o, "S", "W-B4");
    assert_no_limit(&o, "S");
    // Near miss: chows.
    assert_no(&base().score(), "S", "W-B6");
}

// ---------------------------------------------------------------------------------------
// W-F: flowers and seasons (all players)
// ---------------------------------------------------------------------------------------

#[test]
fn w_f1_each_flower_or_season_4() {
    // Nobody holds his own number (E 1, S 2, W 3, N 4).
    let o = base_bonus("1F 3S")
        .seat("E", &[], "", "2S")
        .seat("W", &[], "", "4S")
        .seat("N", &[], "", "1S")
        .score();
    // South: 30 + 2 × 4 = 38.
    assert_seat(&o, "S", 38, 0, 38);
    assert_items(&o, "S", "W-F1", 2, 4, 0);
    for s in ["E", "W", "N"] {
        assert_seat(&o, s, 4, 0, 4);
        assert_items(&o, s, "W-F1", 1, 4, 0);
    }
    // E pays 2 × 38 = 76, W and N 38; the losers are equal.
    assert_settlement(&o, [-76, 152, -38, -38]);
}

#[test]
fn w_f2_own_flower_or_season_doubles() {
    let o = base_bonus("2F")
        .seat("E", &[], "", "1F")
        .seat("W", &[], "", "3S")
        .score();
    // South: (30 + 4) × 2 = 68.
    assert_seat(&o, "S", 34, 1, 68);
    assert_items(&o, "S", "W-F2", 1, 0, 1);
    // East (own 1F) and West (own 3S): 4 × 2 = 8.
    assert_seat(&o, "E", 4, 1, 8);
    assert_seat(&o, "W", 4, 1, 8);
    // Winner: E 136, W 68, N 68. Losers: N pays E 2 × 8 = 16 and W 8; E = W.
    // E −136 + 16 = −120; S +272; W −68 + 8 = −60; N −68 − 16 − 8 = −92.
    assert_settlement(&o, [-120, 272, -60, -92]);
    // One own tile among others: (30 + 8) × 2 = 76.
    let o = base_bonus("2F 3F").score();
    assert_seat(&o, "S", 38, 1, 76);
}

#[test]
fn w_f3_own_flower_and_own_season_quadruple() {
    let o = base_bonus("2F 2S").seat("W", &[], "", "3F 3S").score();
    // South: (30 + 8) × 4 = 152; × 4 replaces × 2 (not × 2 × 4).
    assert_seat(&o, "S", 38, 2, 152);
    assert_items(&o, "S", "W-F3", 1, 0, 2);
    assert_no(&o, "S", "W-F2");
    // West: 8 × 4 = 32.
    assert_seat(&o, "W", 8, 2, 32);
    assert_items(&o, "W", "W-F3", 1, 0, 2);
}

#[test]
fn w_f4_all_four_flowers_or_seasons() {
    // South: all four flowers, his own 2F among them: (30 + 16) × 2 (W-F2) × 8 (W-F4)
    // = 46 × 16 = 736. West: all four seasons, his own 3S among them: 16 × 16 = 256.
    let o = base_bonus("1F 2F 3F 4F")
        .seat("W", &[], "", "1S 2S 3S 4S")
        .score();
    assert_seat(&o, "S", 46, 4, 736);
    assert_items(&o, "S", "W-F4", 1, 0, 3);
    assert_items(&o, "S", "W-F2", 1, 0, 1);
    assert_seat(&o, "W", 16, 4, 256);
    assert_items(&o, "W", "W-F4", 1, 0, 3);
    // Payments capped (W-S3): E → S min(2 × 736, 600) = 600, W → S min(736, 300) = 300,
    // N → S 300; E → W min(2 × 256, 600) = 512, N → W 256.
    assert_paid(&o, "E", "S", 600);
    assert_paid(&o, "W", "S", 300);
    assert_paid(&o, "N", "S", 300);
    assert_paid(&o, "E", "W", 512);
    assert_paid(&o, "N", "W", 256);
    // E −600 − 512 = −1112; S +1200; W −300 + 512 + 256 = 468; N −300 − 256 = −556.
    assert_settlement(&o, [-1112, 1200, 468, -556]);

    // All eight: (30 + 32) × 4 (W-F3) × 8 × 8 = 62 × 256 = 15872.
    let o = base_bonus("1F 2F 3F 4F 1S 2S 3S 4S").score();
    assert_seat(&o, "S", 62, 8, 15872);
    assert_eq!(values(&o, "S", "W-F4"), [(0, 3), (0, 3)]);
}

// ---------------------------------------------------------------------------------------
// W-D: multipliers
// ---------------------------------------------------------------------------------------

#[test]
fn w_d1_pung_or_kong_of_own_wind_doubles() {
    let o = south_with("pung SW SW SW exposed", "7B 8B 9B 6D 6D")
        .seat("W", &[], "WW WW WW", "")
        .score();
    // South: (20 + 4) × 2 = 48.
    assert_seat(&o, "S", 24, 1, 48);
    assert_items(&o, "S", "W-D1", 1, 0, 1);
    // West (all players): 8 × 2 = 16.
    assert_seat(&o, "W", 8, 1, 16);
    assert_items(&o, "W", "W-D1", 1, 0, 1);
    // A concealed kong: (20 + 32) × 2 = 104.
    let o = south_with("kong SW SW SW SW concealed", "7B 8B 9B 6D 6D").score();
    assert_seat(&o, "S", 52, 1, 104);
    assert_items(&o, "S", "W-D1", 1, 0, 1);
    // Near miss: another player's wind (W-P6 only): 24.
    let o = south_with("pung WW WW WW exposed", "7B 8B 9B 6D 6D").score();
    assert_seat(&o, "S", 24, 0, 24);
    assert_no(&o, "S", "W-D1");
}

#[test]
fn w_d2_each_dragon_pung_or_kong_doubles() {
    let o = western()
        .wins("S", "9B", "discard")
        .supplier("W")
        .seat(
            "S",
            &["pung RD RD RD exposed", "pung GD GD GD exposed", CHOW_5C],
            "7B 8B 9B 6D 6D",
            "",
        )
        .seat("N", &["kong WD WD WD WD concealed"], "", "")
        .score();
    // South: (20 + 4 + 4) × 2 × 2 = 112 (two dragon sets: not W-L5).
    assert_seat(&o, "S", 28, 2, 112);
    assert_items(&o, "S", "W-D2", 2, 0, 1);
    assert_no_limit(&o, "S");
    // North: 32 × 2 = 64.
    assert_seat(&o, "N", 32, 1, 64);
    // Winner: E 224, W 112, N 112. Losers: E pays N 2 × 64 = 128, W pays N 64.
    // E −352; S +448; W −176; N −112 + 128 + 64 = 80.
    assert_settlement(&o, [-352, 448, -176, 80]);
}

#[test]
fn w_d3_all_one_suit_times_8() {
    // Bamboo only: chows 1B2B3B, 4B5B6B, pung 2B (exposed), 7B8B9B, pair 5B on West's 9B.
    // (20 + 2) × 8 = 176.
    let o = western()
        .wins("S", "9B", "discard")
        .supplier("W")
        .seat(
            "S",
            &[
                "chow 1B 2B 3B exposed",
                "chow 4B 5B 6B exposed",
                "pung 2B 2B 2B exposed",
            ],
            "7B 8B 9B 5B 5B",
            "",
        )
        .seat("W", &["pung 3C 3C 3C exposed"], "4C 4C 4C", "")
        .score();
    assert_seat(&o, "S", 22, 3, 176);
    assert_items(&o, "S", "W-D3", 1, 0, 3);
    assert_no_limit(&o, "S");
    // Winner only: West's characters-only sets: 2 + 4 = 6, no doubles.
    assert_seat(&o, "W", 6, 0, 6);
    assert_no(&o, "W", "W-D3");
    // Near miss: one suit with honours (pair of West wind): 22, no W-D3.
    let o = western()
        .wins("S", "9B", "discard")
        .supplier("W")
        .seat(
            "S",
            &[
                "chow 1B 2B 3B exposed",
                "chow 4B 5B 6B exposed",
                "pung 2B 2B 2B exposed",
            ],
            "7B 8B 9B WW WW",
            "",
        )
        .score();
    assert_seat(&o, "S", 22, 0, 22);
    assert_no(&o, "S", "W-D3");
}

/// South: pungs RD, EW, WW (exposed), NW completed by West's discard, pair GD.
/// NW NW GD GD waited on NW or GD (no W-B4).
fn honours_hand() -> T {
    western().wins("S", "NW", "discard").supplier("W").seat(
        "S",
        &[
            "pung RD RD RD exposed",
            "pung EW EW EW exposed",
            "pung WW WW WW exposed",
        ],
        "NW NW NW GD GD",
        "",
    )
}

#[test]
fn w_d4_only_dragons_and_winds_times_8() {
    // Such a hand is always All Honours (W-L2) as well: the multiplier is counted but the
    // hand is worth the payment limit.
    // Points: 20 + 4 × 4 (exposed pungs) + 2 (pair GD) + 10 (W-B6) = 48;
    // doubles: 1 (W-D2, RD) + 3 (W-D4) = 4; score 300 (W-L2).
    let o = honours_hand().score();
    assert_special(&o, "S", "W-L2", 48, 4, 300);
    assert_items(&o, "S", "W-D4", 1, 0, 3);
    // Near miss: a pung of 1B instead of West wind: (20 + 16 + 2 + 10) × 2 = 96.
    let o = western()
        .wins("S", "NW", "discard")
        .supplier("W")
        .seat(
            "S",
            &[
                "pung RD RD RD exposed",
                "pung EW EW EW exposed",
                "pung 1B 1B 1B exposed",
            ],
            "NW NW NW GD GD",
            "",
        )
        .score();
    assert_seat(&o, "S", 48, 1, 96);
    assert_no(&o, "S", "W-D4");
    assert_no_limit(&o, "S");
}

#[test]
fn w_d5_original_mahjong_times_8_with_option() {
    // East's dealt hand is complete (all chows, pair 6D; drawn 9B as the 14th):
    // 20 + 10 (W-B2) + 2 (W-B3) = 32.
    let heaven = || {
        western()
            .wins("E", "9B", "wall")
            .flag("heaven")
            .seat("E", &[], BASE_CONCEALED, "")
    };
    // dealt_complete = multiplier: 32 × 8 = 256; each pays East min(2 × 256, 600) = 512.
    let o = heaven().option("dealt_complete", "multiplier").score();
    assert_seat(&o, "E", 32, 3, 256);
    assert_items(&o, "E", "W-D5", 1, 0, 3);
    assert_no_limit(&o, "E");
    assert_settlement(&o, [1536, -512, -512, -512]);
    // Default (special): Heavenly Peace, 300; each pays 600.
    let o = heaven().score();
    assert_no(&o, "E", "W-D5");
    assert_limit(&o, "E", "W-L10", 300);
    assert_settlement(&o, [1800, -600, -600, -600]);
    // Another player's dealt hand completed by East's first discard, as a multiplier:
    // 20 + 10 = 30, × 8 = 240: E pays min(480, 600) = 480, W and N 240.
    let o = western()
        .wins("S", "9B", "discard")
        .supplier("E")
        .flag("earth")
        .seat("S", &[], BASE_CONCEALED, "")
        .option("dealt_complete", "multiplier")
        .score();
    assert_seat(&o, "S", 30, 3, 240);
    assert_items(&o, "S", "W-D5", 1, 0, 3);
    assert_settlement(&o, [-480, 960, -240, -240]);
}

// ---------------------------------------------------------------------------------------
// W-L: special hands (worth the payment limit)
// ---------------------------------------------------------------------------------------

/// South's concealed pungs 2D 4D 6D 8D and pair 9D, completed by 9D `from` (waits 9D, 7D).
fn hidden_treasure(from: &str) -> T {
    let t = western().wins("S", "9D", from).seat(
        "S",
        &[],
        "2D 2D 2D 4D 4D 4D 6D 6D 6D 8D 8D 8D 9D 9D",
        "",
    );
    if from == "discard" {
        t.supplier("W")
    } else {
        t
    }
}

#[test]
fn w_l1_hidden_treasure() {
    // Points 20 + 4 × 4 + 2 (W-B3) + 10 (W-B6) = 48; doubles 3 (W-D3); worth 300.
    let o = hidden_treasure("wall").score();
    assert_special(&o, "S", "W-L1", 48, 3, 300);
    // E pays min(2 × 300, 600) = 600, W and N 300.
    assert_settlement(&o, [-600, 1200, -300, -300]);
    // A concealed kong among the sets still counts.
    let o = western()
        .wins("S", "9D", "wall")
        .seat(
            "S",
            &["kong 2D 2D 2D 2D concealed"],
            "4D 4D 4D 6D 6D 6D 8D 8D 8D 9D 9D",
            "",
        )
        .score();
    assert_limit(&o, "S", "W-L1", 300);
    // Near miss: the last tile claimed: (20 + 16 + 10) × 8 = 368, not special.
    let o = hidden_treasure("discard").score();
    assert_seat(&o, "S", 46, 3, 368);
    assert_no_limit(&o, "S");
    // Near miss: one pung exposed: (20 + 2 + 12 + 2 + 10) × 8 = 368.
    let o = western()
        .wins("S", "9D", "wall")
        .seat(
            "S",
            &["pung 2D 2D 2D exposed"],
            "4D 4D 4D 6D 6D 6D 8D 8D 8D 9D 9D",
            "",
        )
        .score();
    assert_seat(&o, "S", 46, 3, 368);
    assert_no_limit(&o, "S");
}

#[test]
fn w_l2_all_honours() {
    let o = honours_hand().score();
    assert_special(&o, "S", "W-L2", 48, 4, 300);
    assert_settlement(&o, [-600, 1200, -300, -300]);
}

#[test]
fn w_l3_all_terminals() {
    // Pungs 1B, 9B, 1C (exposed), 9C completed by West's discard, pair 1D
    // (9C 9C 1D 1D waited on both): 20 + 4 × 4 + 10 (W-B6) = 46, worth 300.
    let terminals = |pair: &str| {
        western().wins("S", "9C", "discard").supplier("W").seat(
            "S",
            &[
                "pung 1B 1B 1B exposed",
                "pung 9B 9B 9B exposed",
                "pung 1C 1C 1C exposed",
            ],
            &format!("9C 9C 9C {pair} {pair}"),
            "",
        )
    };
    let o = terminals("1D").score();
    assert_special(&o, "S", "W-L3", 46, 0, 300);
    // Near miss: a pair of East wind (not South's own): 46, not special.
    let o = terminals("EW").score();
    assert_seat(&o, "S", 46, 0, 46);
    assert_no_limit(&o, "S");
}

#[test]
fn w_l4_all_green() {
    // Chows 2B3B4B twice, pung 6B (exposed), 8B pung concealed, pair of green dragons
    // completed by West's GD (8B 8B 8B GD waits only on GD: W-B4).
    // 20 + 2 + 4 + 2 (W-P1) + 2 (W-B4) = 30, worth 300.
    let green = |second: &str| {
        western().wins("S", "GD", "discard").supplier("W").seat(
            "S",
            &[CHOW_2B, second, "pung 6B 6B 6B exposed"],
            "8B 8B 8B GD GD",
            "",
        )
    };
    let o = green(CHOW_2B).score();
    assert_special(&o, "S", "W-L4", 30, 0, 300);
    // Near miss: 5B is not green: 30, not special.
    let o = green("chow 3B 4B 5B exposed").score();
    assert_seat(&o, "S", 30, 0, 30);
    assert_no_limit(&o, "S");
}

#[test]
fn w_l5_three_great_scholars() {
    // Pungs of all three dragons (exposed), 7B8B9B, pair 6D:
    // (20 + 12) × 2 × 2 × 2 = 256, worth 300.
    let o = western()
        .wins("S", "9B", "discard")
        .supplier("W")
        .seat(
            "S",
            &[
                "pung RD RD RD exposed",
                "pung GD GD GD exposed",
                "pung WD WD WD exposed",
            ],
            "7B 8B 9B 6D 6D",
            "",
        )
        .score();
    assert_special(&o, "S", "W-L5", 32, 3, 300);
    assert_items(&o, "S", "W-D2", 3, 0, 1);
}

#[test]
fn w_l6_great_blessings() {
    // Four wind pungs (NW completed by West's discard) and a pair of 5D:
    // 20 + 16 + 10 (W-B6) = 46, × 2 (W-D1, South wind); worth 300.
    let four = || {
        western().wins("S", "NW", "discard").supplier("W").seat(
            "S",
            &[
                "pung EW EW EW exposed",
                "pung SW SW SW exposed",
                "pung WW WW WW exposed",
            ],
            "NW NW NW 5D 5D",
            "",
        )
    };
    let o = four().score();
    assert_special(&o, "S", "W-L6", 46, 1, 300);
    // Three wind pungs and a chow: by default not special: (20 + 12) × 2 = 64.
    let three = || {
        western().wins("S", "9B", "discard").supplier("W").seat(
            "S",
            &[
                "pung EW EW EW exposed",
                "pung SW SW SW exposed",
                "pung WW WW WW exposed",
            ],
            "7B 8B 9B 5D 5D",
            "",
        )
    };
    let o = three().score();
    assert_seat(&o, "S", 32, 1, 64);
    assert_no_limit(&o, "S");
    // great_blessings_sets = 3: special.
    let o = three().option("great_blessings_sets", 3).score();
    assert_special(&o, "S", "W-L6", 32, 1, 300);
    let o = four().option("great_blessings_sets", 3).score();
    assert_limit(&o, "S", "W-L6", 300);
}

#[test]
fn w_l7_all_kongs() {
    // Kongs 2B (claimed), 5C (concealed), 8D (annexed), RD (claimed), pair 9C completed by
    // West's discard (W-B4): 20 + 8 + 16 + 8 + 16 + 2 + 10 (W-B6) = 80, × 2 (W-D2);
    // worth 300.
    let o = western()
        .wins("S", "9C", "discard")
        .supplier("W")
        .seat(
            "S",
            &[
                "kong 2B 2B 2B 2B claimed",
                "kong 5C 5C 5C 5C concealed",
                "kong 8D 8D 8D 8D annexed",
                "kong RD RD RD RD claimed",
            ],
            "9C 9C",
            "",
        )
        .score();
    assert_special(&o, "S", "W-L7", 80, 1, 300);
    // Near miss: three kongs and a pung: 20 + 8 + 16 + 8 + 4 + 2 + 10 = 68, × 2 = 136.
    let o = western()
        .wins("S", "9C", "discard")
        .supplier("W")
        .seat(
            "S",
            &[
                "kong 2B 2B 2B 2B claimed",
                "kong 5C 5C 5C 5C concealed",
                "kong 8D 8D 8D 8D annexed",
                "pung RD RD RD exposed",
            ],
            "9C 9C",
            "",
        )
        .score();
    assert_seat(&o, "S", 68, 1, 136);
    assert_no_limit(&o, "S");
}

#[test]
fn w_l8_nine_united_sons() {
    // 1112345678999 + 5, all concealed, the 5 drawn: arranged 111 234 55 678 999:
    // 20 + 8 + 8 + 2 (W-B3) = 38 (the 13 tiles wait on every tile: no W-B4), × 8 (W-D3).
    let sons = |suit: &str| {
        let tiles: Vec<String> = [1, 1, 1, 2, 3, 4, 5, 5, 6, 7, 8, 9, 9, 9]
            .iter()
            .map(|n| format!("{n}{suit}"))
            .collect();
        western()
            .wins("S", &format!("5{suit}"), "wall")
            .seat("S", &[], &tiles.join(" "), "")
    };
    // Characters: special.
    let o = sons("C").score();
    assert_special(&o, "S", "W-L8", 38, 3, 300);
    // Bamboo: by default an ordinary hand: 38 × 8 = 304.
    let o = sons("B").score();
    assert_seat(&o, "S", 38, 3, 304);
    assert_no_limit(&o, "S");
    // nine_sons_any_suit: special in any suit.
    let o = sons("B").option("nine_sons_any_suit", true).score();
    assert_special(&o, "S", "W-L8", 38, 3, 300);
    let o = sons("D").option("nine_sons_any_suit", true).score();
    assert_limit(&o, "S", "W-L8", 300);
}

#[test]
fn w_l9_thirteen_unique_wonders() {
    // A repeated terminal (1B); the thirteenth different tile, WD, claimed from West.
    let o = western()
        .wins("S", "WD", "discard")
        .supplier("W")
        .seat("S", &[], "1B 1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD", "")
        .score();
    assert_limit(&o, "S", "W-L9", 300);
    assert_settlement(&o, [-600, 1200, -300, -300]);
    // Drawn, the extra tile an honour (the digest: "one more of any of them").
    let o = western()
        .wins("S", "RD", "wall")
        .seat("S", &[], "1B 9B 1C 9C 1D 9D EW SW WW NW RD RD GD WD", "")
        .score();
    assert_limit(&o, "S", "W-L9", 300);
}

#[test]
fn w_l10_heavenly_peace() {
    let o = western()
        .wins("E", "9B", "wall")
        .flag("heaven")
        .seat("E", &[], BASE_CONCEALED, "")
        .score();
    // 20 + 10 + 2 = 32 points, worth 300; East receives 2 × 300 = 600 from each.
    assert_special(&o, "E", "W-L10", 32, 0, 300);
    assert_settlement(&o, [1800, -600, -600, -600]);
}

#[test]
fn w_l11_earthly_peace() {
    // South's dealt hand completed by East's first discard: 20 + 10 = 30 points, worth 300.
    let o = western()
        .wins("S", "9B", "discard")
        .supplier("E")
        .flag("earth")
        .seat("S", &[], BASE_CONCEALED, "")
        .score();
    assert_special(&o, "S", "W-L11", 30, 0, 300);
    assert_settlement(&o, [-600, 1200, -300, -300]);
}

#[test]
fn w_l12_moon_from_the_bottom_of_the_sea() {
    // 1D 2D 3D 6D 6D + three exposed chows; 2D 3D waits on 1D or 4D.
    let moon = |tile: &str, from: &str, last: bool| {
        let rest = if tile == "1D" {
            "1D 2D 3D 6D 6D"
        } else {
            "2D 3D 4D 6D 6D"
        };
        let mut t = western().wins("S", tile, from).seat(
            "S",
            &[CHOW_2B, CHOW_5C, "chow 7B 8B 9B exposed"],
            rest,
            "",
        );
        if from == "discard" {
            t = t.supplier("W");
        }
        if last {
            t = t.flag("last_tile");
        }
        t
    };
    // The last tile of the wall, 1D: 20 + 10 + 2 = 32 points, worth 300.
    let o = moon("1D", "wall", true).score();
    assert_special(&o, "S", "W-L12", 32, 0, 300);
    // Near misses: not the last tile (32); the last tile but 4D (32); 1D claimed after the
    // last tile (20 + 10 = 30).
    let o = moon("1D", "wall", false).score();
    assert_seat(&o, "S", 32, 0, 32);
    assert_no_limit(&o, "S");
    let o = moon("4D", "wall", true).score();
    assert_seat(&o, "S", 32, 0, 32);
    assert_no_limit(&o, "S");
    let o = moon("1D", "discard", true).score();
    assert_seat(&o, "S", 30, 0, 30);
    assert_no_limit(&o, "S");
}

#[test]
fn w_l13_plum_blossom_on_the_roof() {
    // Kong 8C, two exposed chows, 3D 4D 5D 6D 6D; 3D 4D waits on 2D or 5D.
    let plum = |kong: &str, from: &str| {
        western()
            .wins("S", "5D", from)
            .seat("S", &[kong, CHOW_2B, CHOW_5C], "3D 4D 5D 6D 6D", "")
    };
    // Loose tile 5D: 20 + 8 + 2 (W-B3) + 10 (W-B5) = 40 points, worth 300.
    let o = plum("kong 8C 8C 8C 8C claimed", "loose").score();
    assert_special(&o, "S", "W-L13", 40, 0, 300);
    // After a concealed kong: 20 + 16 + 2 + 10 = 48 points, worth 300.
    let o = plum("kong 8C 8C 8C 8C concealed", "loose").score();
    assert_special(&o, "S", "W-L13", 48, 0, 300);
    // Near miss: 5D from the live wall: 20 + 8 + 2 = 30.
    let o = plum("kong 8C 8C 8C 8C claimed", "wall").score();
    assert_seat(&o, "S", 30, 0, 30);
    assert_no_limit(&o, "S");
}

// ---------------------------------------------------------------------------------------
// W-S: settlement
// ---------------------------------------------------------------------------------------

#[test]
fn w_s1_winner_paid_by_all_east_double() {
    // South wins 30: East pays 2 × 30 = 60, West and North 30.
    let o = base().score();
    assert_paid(&o, "E", "S", 60);
    assert_paid(&o, "W", "S", 30);
    assert_paid(&o, "N", "S", 30);
    assert_settlement(&o, [-60, 120, -30, -30]);
    // East wins the same hand: everybody pays him 2 × 30 = 60.
    let o = western()
        .wins("E", "9B", "discard")
        .supplier("W")
        .seat("E", &[CHOW_2B, CHOW_5C, CHOW_3D], "7B 8B 9B 6D 6D", "")
        .score();
    assert_seat(&o, "E", 30, 0, 30);
    for s in ["S", "W", "N"] {
        assert_paid(&o, s, "E", 60);
    }
    assert_settlement(&o, [180, -60, -60, -60]);
}

#[test]
fn w_s2_losers_settle_differences() {
    // South 30; East 2 (exposed pung 2C), West 4 (exposed pung 1C), North 8 (concealed
    // pung 9D).
    let o = base()
        .seat("E", &["pung 2C 2C 2C exposed"], "", "")
        .seat("W", &["pung 1C 1C 1C exposed"], "", "")
        .seat("N", &[], "9D 9D 9D", "")
        .score();
    assert_seat(&o, "E", 2, 0, 2);
    assert_seat(&o, "W", 4, 0, 4);
    assert_seat(&o, "N", 8, 0, 8);
    // East pays West 2 × (4 − 2) = 4 and North 2 × (8 − 2) = 12; West pays North 4.
    assert_paid(&o, "E", "W", 4);
    assert_paid(&o, "E", "N", 12);
    assert_paid(&o, "W", "N", 4);
    // E −60 − 4 − 12 = −76; S +120; W −30 + 4 − 4 = −30; N −30 + 12 + 4 = −14.
    assert_settlement(&o, [-76, 120, -30, -14]);

    // East the higher loser receives double: East 8, West 4, North 0.
    let o = base()
        .seat("E", &[], "9D 9D 9D", "")
        .seat("W", &["pung 1C 1C 1C exposed"], "", "")
        .score();
    // N pays E 2 × 8 = 16, W pays E 2 × 4 = 8, N pays W 4.
    assert_paid(&o, "N", "E", 16);
    assert_paid(&o, "W", "E", 8);
    assert_paid(&o, "N", "W", 4);
    // E −60 + 16 + 8 = −36; S +120; W −30 − 8 + 4 = −34; N −30 − 16 − 4 = −50.
    assert_settlement(&o, [-36, 120, -34, -50]);
}

#[test]
fn w_s3_payment_limit_300_east_600() {
    // South wins 368 (W-L1's near miss): W and N pay min(368, 300) = 300, East
    // min(736, 600) = 600.
    let o = hidden_treasure("discard").score();
    assert_seat(&o, "S", 46, 3, 368);
    assert_paid(&o, "E", "S", 600);
    assert_paid(&o, "W", "S", 300);
    assert_paid(&o, "N", "S", 300);
    assert_settlement(&o, [-600, 1200, -300, -300]);
    // East wins 368: each pays min(736, 600) = 600.
    let o = western()
        .wins("E", "9D", "discard")
        .supplier("S")
        .seat("E", &[], "2D 2D 2D 4D 4D 4D 6D 6D 6D 8D 8D 8D 9D 9D", "")
        .score();
    assert_seat(&o, "E", 46, 3, 368);
    assert_settlement(&o, [1800, -600, -600, -600]);
    // Two losers: West holds all four seasons (own 3S) and a concealed red dragon pung:
    // (16 + 8) × 2 (W-F2) × 8 (W-F4) × 2 (W-D2) = 24 × 32 = 768.
    let o = base().seat("W", &[], "RD RD RD", "1S 2S 3S 4S").score();
    assert_seat(&o, "W", 24, 5, 768);
    // North pays West min(768, 300) = 300; East pays West min(2 × 768, 600) = 600.
    assert_paid(&o, "N", "W", 300);
    assert_paid(&o, "E", "W", 600);
    // E −60 − 600 = −660; S +120; W −30 + 600 + 300 = 870; N −30 − 300 = −330.
    assert_settlement(&o, [-660, 120, 870, -330]);
}

#[test]
fn w_s4_special_hand_worth_the_payment_limit() {
    // South: Three Great Scholars (W-L5); West a loser with 4 (exposed pung 1C).
    let scholars = |s: &str, supplier: &str| {
        western().wins(s, "9B", "discard").supplier(supplier).seat(
            s,
            &[
                "pung RD RD RD exposed",
                "pung GD GD GD exposed",
                "pung WD WD WD exposed",
            ],
            "7B 8B 9B 6D 6D",
            "",
        )
    };
    let o = scholars("S", "W")
        .seat("W", &["pung 1C 1C 1C exposed"], "", "")
        .score();
    assert_limit(&o, "S", "W-L5", 300);
    // Each loser pays 300, East 600; losers then settle: E pays W 2 × 4 = 8, N pays W 4.
    assert_paid(&o, "E", "S", 600);
    assert_paid(&o, "W", "S", 300);
    assert_paid(&o, "N", "S", 300);
    // E −608; S +1200; W −300 + 12 = −288; N −304.
    assert_settlement(&o, [-608, 1200, -288, -304]);
    // East's special hand: each pays 600.
    let o = scholars("E", "S").score();
    assert_limit(&o, "E", "W-L5", 300);
    assert_settlement(&o, [1800, -600, -600, -600]);
    // Another agreed limit: 500 (East 1000).
    let o = scholars("S", "W").option("payment_limit", 500).score();
    assert_limit(&o, "S", "W-L5", 500);
    assert_settlement(&o, [-1000, 2000, -500, -500]);
}

// ---------------------------------------------------------------------------------------
// W-G3: the prevailing wind
// ---------------------------------------------------------------------------------------

#[test]
fn w_g3_prevailing_wind_scores_only_with_option() {
    // Prevailing East; South holds an exposed pung of East wind.
    let pung = || south_with("pung EW EW EW exposed", "7B 8B 9B 6D 6D").prevailing("E");
    // Default: only W-P6: 20 + 4 = 24.
    let o = pung().score();
    assert_seat(&o, "S", 24, 0, 24);
    assert_no(&o, "S", "W-D1");
    // prevailing_wind = true: × 2 as for the own wind: 48.
    let o = pung().option("prevailing_wind", true).score();
    assert_seat(&o, "S", 24, 1, 48);
    assert_items(&o, "S", "W-D1", 1, 0, 1);
    // A pair of the prevailing wind: default 20 + 10 (W-B2) = 30; with the option it
    // scores 2 and the hand is no longer without scoring sets: 22.
    let pair = || south_with(CHOW_3D, "7B 8B 9B EW EW").prevailing("E");
    let o = pair().score();
    assert_seat(&o, "S", 30, 0, 30);
    let o = pair().option("prevailing_wind", true).score();
    assert_seat(&o, "S", 22, 0, 22);
    assert_items(&o, "S", "W-P1", 1, 2, 0);
    // Losers too: West's concealed pung of South wind in the South round: 8, × 2 with
    // the option.
    let loser = || base().prevailing("S").seat("W", &[], "SW SW SW", "");
    let o = loser().score();
    assert_seat(&o, "W", 8, 0, 8);
    let o = loser().option("prevailing_wind", true).score();
    assert_seat(&o, "W", 8, 1, 16);
}
