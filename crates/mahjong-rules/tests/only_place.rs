//! "Filling the only place" as a real table judges it (M115c in `millington` and
//! `bradfield`, W-B4 in `western`): which tiles are fixed, which places count, which set
//! the winning tile completed and which tile of a chow was claimed. The rules and these
//! examples are stated in `docs/rules/only-place.md`; every expected value was worked out
//! by hand from the specs before running the scorer (arithmetic in the comments).
//!
//! Seats: 0 East, 1 South, 2 West, 3 North; prevailing East. Millington: Mah-Jongg 10,
//! winning from the wall 2, only place 2, eyes 2 minor / 4 major. Bradfield: Mah-Jongg 20.
//! Western: Mah-Jongg 20 (W-B1), from the wall 2 (W-B3), only tile 2 (W-B4). East pays and
//! receives double in all three.

mod common;

use common::*;

// ---------------------------------------------------------------------------------------
// Rule 1: only sets made with a claimed tile, and kongs, are fixed
// ---------------------------------------------------------------------------------------

/// South lists `first`, 456D, 789D, 555D and the pair 9D 9D, all as concealed sets, and
/// draws 9D from the wall.
fn circles(ruleset: &str, first: &str) -> T {
    table().ruleset(ruleset).wins("S", "9D", "wall").seat(
        "S",
        &[
            first,
            "chow 4D 5D 6D",
            "chow 7D 8D 9D",
            "pung 5D 5D 5D",
            "pair 9D 9D",
        ],
        "",
        "",
    )
}

/// [`circles`] with 123C: loose, the 13 tiles before the 9D are 123C 4555567899D, which
/// wait on 3D (555D 678D 99D + 45D), 6D and 9D: three places, no "only place".
fn rule1(ruleset: &str) -> T {
    circles(ruleset, "chow 1C 2C 3C")
}

#[test]
fn rule1_listed_concealed_sets_are_loose_millington() {
    let o = rule1("millington").score();
    assert_no(&o, "S", "M115c");
    // 10 (M115a) + 2 (M115b) + 4 (concealed pung of 5D, M114b) + 4 (9D completes the
    // pair of majors, M115d) = 20; fully concealed self-drawn hand 1 double (M117c): 40.
    assert_items(&o, "S", "M115d", 1, 4, 0);
    assert_items(&o, "S", "M117c", 1, 0, 1);
    assert_seat(&o, "S", 20, 1, 40);
    // East pays double: 80 + 40 + 40.
    assert_settlement(&o, [-80, 160, -40, -40]);
}

#[test]
fn rule1_listed_concealed_sets_are_loose_bradfield() {
    let o = rule1("bradfield").score();
    assert_no(&o, "S", "M115c");
    // 20 + 2 + 4 + 4 = 30, 1 double: 60.
    assert_seat(&o, "S", 30, 1, 60);
    assert_settlement(&o, [-120, 240, -60, -60]);
}

#[test]
fn rule1_listed_concealed_sets_are_loose_western() {
    let o = rule1("western").score();
    assert_no(&o, "S", "W-B4");
    // 20 (W-B1) + 2 (W-B3) + 4 (concealed pung of 5D, W-P5) = 26; pair of 9D 0 (W-P2).
    assert_seat(&o, "S", 26, 0, 26);
    assert_settlement(&o, [-52, 104, -26, -26]);
}

#[test]
fn rule1_the_pure_circles_example() {
    // The example: 123D 456D 789D 555D 9D9D, 9D from the wall. Loose, 1234555567899D
    // waits on several tiles, so no M115c; the hand is a Concealed Clear Suit (M122p).
    let o = circles("millington", "chow 1D 2D 3D").score();
    assert_no(&o, "S", "M115c");
    assert_limit(&o, "S", "M122p", 1000);
    let o = circles("western", "chow 1D 2D 3D").score();
    assert_no(&o, "S", "W-B4");
}

#[test]
fn rule1_a_concealed_kong_stays_fixed() {
    // South: concealed kong of 1C, exposed chows 2B3B4B and 5C6C7C, concealed 8B 9B 3D 3D,
    // wins on West's 7B. The kong is fixed, so the hand before waited on 7B only: M115c.
    let o = table()
        .wins("S", "7B", "discard")
        .supplier("W")
        .seat(
            "S",
            &[
                "kong 1C 1C 1C 1C concealed",
                "chow 2B 3B 4B exposed",
                "chow 5C 6C 7C exposed",
            ],
            "7B 8B 9B 3D 3D",
            "",
        )
        .score();
    // 10 + 32 (concealed kong of majors, M114c) + 2 (M115c) = 44.
    assert_items(&o, "S", "M115c", 1, 2, 0);
    assert_seat(&o, "S", 44, 0, 44);
    assert_settlement(&o, [-88, 176, -44, -44]);
}

// ---------------------------------------------------------------------------------------
// Rule 2: which places count
// ---------------------------------------------------------------------------------------

/// South: exposed 456D and a White pung, concealed 123C 5B5B 8D8D, wins on East's 8D
/// (listed among the concealed tiles: the scorer makes its pung exposed, M113). Waits 5B
/// and 8D; West and North each discarded a 5B.
fn rule2(ruleset: &str) -> T {
    table()
        .ruleset(ruleset)
        .wins("S", "8D", "discard")
        .supplier("E")
        .discards("W:5B N:5B E:8D")
        .seat(
            "S",
            &["chow 4D 5D 6D exposed", "pung WD WD WD exposed"],
            "1C 2C 3C 5B 5B 8D 8D 8D",
            "",
        )
}

#[test]
fn rule2_own_loose_tiles_are_not_seen_millington() {
    // Two 5B are on the table, South's own two are not counted: 5B is still a place.
    let o = rule2("millington").score();
    assert_no(&o, "S", "M115c");
    // 10 + 4 (exposed White pung) + 2 (8D pung, exposed by the claim, M113) = 16;
    // 1 double for the dragon pung (M116d): 32.
    assert_seat(&o, "S", 16, 1, 32);
    assert_settlement(&o, [-64, 128, -32, -32]);
}

#[test]
fn rule2_own_loose_tiles_are_not_seen_bradfield_and_western() {
    let o = rule2("bradfield").score();
    assert_no(&o, "S", "M115c");
    // 20 + 4 + 2 = 26, 1 double: 52.
    assert_seat(&o, "S", 26, 1, 52);
    let o = rule2("western").score();
    assert_no(&o, "S", "W-B4");
    // 20 + 4 (W-P7 exposed dragon pung) + 2 (W-P5 exposed pung of 8D) = 26, × 2 (W-D2): 52.
    assert_seat(&o, "S", 26, 1, 52);
}

/// South's plain hand (2B3B4B, 5C6C7C, 6D pung exposed; 7B 8B 9B 3D 3D), on West's 9B.
/// 7B 8B waits on 6B or 9B.
fn plain(ruleset: &str) -> T {
    table()
        .ruleset(ruleset)
        .wins("S", "9B", "discard")
        .supplier("W")
        .seat(
            "S",
            &[
                "chow 2B 3B 4B exposed",
                "chow 5C 6C 7C exposed",
                "pung 6D 6D 6D exposed",
            ],
            "7B 8B 9B 3D 3D",
            "",
        )
}

#[test]
fn rule2_all_four_in_a_concealed_kong_are_seen() {
    // East's concealed kong of 6B shows all four: 9B was the only place.
    let o = plain("millington")
        .seat("E", &["kong 6B 6B 6B 6B concealed"], "", "")
        .score();
    // 10 + 2 (exposed pung of 6D) + 2 (M115c) = 14; East pays 28, West and North 14. East's
    // concealed kong of minors scores 16 as a loser: West and North each pay East 2 × 16.
    assert_items(&o, "S", "M115c", 1, 2, 0);
    assert_seat(&o, "S", 14, 0, 14);
    assert_settlement(&o, [-28 + 64, 56, -14 - 32, -14 - 32]);
    let o = plain("western")
        .seat("E", &["kong 6B 6B 6B 6B concealed"], "", "")
        .score();
    // 20 + 2 (W-P5) + 2 (W-B4) = 24.
    assert_items(&o, "S", "W-B4", 1, 2, 0);
    assert_seat(&o, "S", 24, 0, 24);
}

#[test]
fn rule2_a_claimed_tile_is_counted_once() {
    // West's exposed pung of 6B took East's 6B: the discard and the pung are three copies,
    // not four, so 6B is still a place.
    let o = plain("millington")
        .seat("W", &["pung 6B 6B 6B exposed"], "", "")
        .discards("E:6B W:9B")
        .score();
    assert_no(&o, "S", "M115c");
    assert_seat(&o, "S", 12, 0, 12);
    // North's discarded 6B is the fourth: 9B filled the only place.
    let o = plain("millington")
        .seat("W", &["pung 6B 6B 6B exposed"], "", "")
        .discards("E:6B N:6B W:9B")
        .score();
    assert_items(&o, "S", "M115c", 1, 2, 0);
    assert_seat(&o, "S", 14, 0, 14);
}

// ---------------------------------------------------------------------------------------
// Rule 3: a claimed winning tile stays in its exposed set
// ---------------------------------------------------------------------------------------

/// North: exposed Red pung, concealed 789C 234B EW EW 5C 6C, wins on West's 7C, declared
/// as the exposed chow 567C. Before the win the hand waited on 4C and 7C: two places.
fn rule3(ruleset: &str) -> T {
    table()
        .ruleset(ruleset)
        .wins("N", "7C", "discard")
        .supplier("W")
        .discards("W:7C")
        .seat(
            "N",
            &["pung RD RD RD exposed", "chow 5C 6C 7C exposed"],
            "7C 8C 9C 2B 3B 4B EW EW",
            "",
        )
}

#[test]
fn rule3_the_winning_set_is_loose_before_the_win_millington() {
    let o = rule3("millington").score();
    assert_no(&o, "N", "M115c");
    // 10 + 4 (exposed Red pung) + 2 (pair of the prevailing wind, M114e) = 16; 1 double
    // (M116d): 32. East pays 64, South and West 32.
    assert_seat(&o, "N", 16, 1, 32);
    assert_settlement(&o, [-64, -32, -32, 128]);
}

#[test]
fn rule3_the_winning_set_is_loose_before_the_win_bradfield_and_western() {
    let o = rule3("bradfield").score();
    assert_no(&o, "N", "M115c");
    // 20 + 4 + 2 = 26, 1 double: 52.
    assert_seat(&o, "N", 26, 1, 52);
    assert_settlement(&o, [-104, -52, -52, 208]);
    let o = rule3("western").score();
    assert_no(&o, "N", "W-B4");
    // 20 + 4 (W-P7); the East pair scores nothing without prevailing-wind scoring (W-G3):
    // 24, × 2 (W-D2): 48.
    assert_seat(&o, "N", 24, 1, 48);
    assert_settlement(&o, [-96, -48, -48, 192]);
}

// ---------------------------------------------------------------------------------------
// Rule 4: which set the winning tile completed
// ---------------------------------------------------------------------------------------

/// South: exposed chows 2D3D4D and 4D5D6D, concealed 7B8B9B 2C2C2C RD RD, wins on East's
/// 4D. West's exposed pung of 7D (East's 7D claimed) and North's discarded 7D show every
/// 7D.
fn rule4(first: &str, second: &str) -> T {
    table()
        .wins("S", "4D", "discard")
        .supplier("E")
        .discards("E:7D N:7D E:4D")
        .seat("W", &["pung 7D 7D 7D exposed"], "", "")
        .seat("S", &[first, second], "7B 8B 9B 2C 2C 2C RD RD", "")
}

#[test]
fn rule4_the_last_exposed_set_with_the_winning_tile_by_default() {
    // 4D5D6D (listed last) was completed: before, 5D6D waited on 4D or 7D, and every 7D is
    // seen: 4D was the only place.
    let o = rule4("chow 2D 3D 4D exposed", "chow 4D 5D 6D exposed").score();
    // 10 + 4 (concealed pung of 2C) + 2 (Red pair) + 2 (M115c) = 18.
    assert_items(&o, "S", "M115c", 1, 2, 0);
    assert_seat(&o, "S", 18, 0, 18);
    // Losers: West 2 (exposed pung of 7D), East and North 0. South gets 36 + 18 + 18;
    // East pays West 2 × 2, North pays West 2.
    assert_settlement(&o, [-36 - 4, 72, -18 + 4 + 2, -18 - 2]);
}

#[test]
fn rule4_winning_marks_the_set() {
    // 2D3D4D marked winning: before, 2D3D waited on 1D or 4D, two places.
    let o = rule4("chow 2D 3D 4D exposed winning", "chow 4D 5D 6D exposed").score();
    assert_no(&o, "S", "M115c");
    assert_seat(&o, "S", 16, 0, 16);
    assert_settlement(&o, [-32 - 4, 64, -16 + 4 + 2, -16 - 2]);
    // The same order without the mark: 2D3D4D is listed last, so it is the winning set.
    let o = rule4("chow 4D 5D 6D exposed", "chow 2D 3D 4D exposed").score();
    assert_no(&o, "S", "M115c");
    assert_seat(&o, "S", 16, 0, 16);
    // And marked the other way round.
    let o = rule4("chow 4D 5D 6D exposed winning", "chow 2D 3D 4D exposed").score();
    assert_items(&o, "S", "M115c", 1, 2, 0);
    assert_seat(&o, "S", 18, 0, 18);
}

#[test]
fn rule4_bradfield() {
    let o = rule4("chow 2D 3D 4D exposed", "chow 4D 5D 6D exposed")
        .ruleset("bradfield")
        .score();
    // 20 + 4 + 2 + 2 (M115c) = 28: East 56, West 28, North 28; West's pung (2) as before.
    assert_items(&o, "S", "M115c", 1, 2, 0);
    assert_seat(&o, "S", 28, 0, 28);
    assert_settlement(&o, [-56 - 4, 112, -28 + 4 + 2, -28 - 2]);
    let o = rule4("chow 2D 3D 4D exposed winning", "chow 4D 5D 6D exposed")
        .ruleset("bradfield")
        .score();
    assert_no(&o, "S", "M115c");
    assert_seat(&o, "S", 26, 0, 26);
}

#[test]
fn rule4_western() {
    let with = |first: &str, second: &str| rule4(first, second).ruleset("western").score();
    // 20 + 4 (W-P5 concealed pung of 2C) + 2 (Red pair, W-P1) + 2 (W-B4) = 28.
    let o = with("chow 2D 3D 4D exposed", "chow 4D 5D 6D exposed");
    assert_items(&o, "S", "W-B4", 1, 2, 0);
    assert_seat(&o, "S", 28, 0, 28);
    let o = with("chow 2D 3D 4D exposed winning", "chow 4D 5D 6D exposed");
    assert_no(&o, "S", "W-B4");
    assert_seat(&o, "S", 26, 0, 26);
}

#[test]
fn rule4_a_bad_winning_mark_is_an_error() {
    let e = rule4(
        "chow 2D 3D 4D exposed winning",
        "chow 4D 5D 6D exposed winning",
    )
    .try_score()
    .unwrap_err();
    assert_eq!(e.path, "seats.S.sets[1].winning");
    assert_eq!(e.message, "only one set can be winning");
    let e = plain("millington")
        .seat("W", &["pung 6B 6B 6B exposed winning"], "", "")
        .try_score()
        .unwrap_err();
    assert_eq!(e.path, "seats.W.sets[0].winning");
    assert_eq!(e.message, "only a set of the winner can be winning");
    let e = table()
        .wins("S", "9B", "discard")
        .supplier("W")
        .seat(
            "S",
            &[
                "chow 2B 3B 4B exposed winning",
                "chow 5C 6C 7C exposed",
                "pung 6D 6D 6D exposed",
            ],
            "7B 8B 9B 3D 3D",
            "",
        )
        .try_score()
        .unwrap_err();
    assert_eq!(e.path, "seats.S.sets[0].winning");
    assert_eq!(e.message, "the set does not hold the winning tile 9B");
    // A concealed set, and a drawn winning tile.
    let marked = || {
        table().wins("S", "9D", "wall").seat(
            "S",
            &[
                "chow 1C 2C 3C",
                "chow 4D 5D 6D",
                "chow 7D 8D 9D winning",
                "pung 5D 5D 5D",
                "pair 9D 9D",
            ],
            "",
            "",
        )
    };
    let e = marked()
        .wins("S", "9D", "discard")
        .supplier("W")
        .try_score()
        .unwrap_err();
    assert_eq!(e.path, "seats.S.sets[2].winning");
    assert_eq!(
        e.message,
        "the set a claimed winning tile completes is exposed and not a kong"
    );
    let e = marked().try_score().unwrap_err();
    assert_eq!(e.path, "seats.S.sets[2].winning");
    assert!(e
        .message
        .starts_with("a drawn winning tile joins the loose tiles"));
}

// ---------------------------------------------------------------------------------------
// Rule 5: which tile of an exposed chow was claimed
// ---------------------------------------------------------------------------------------

/// [`plain`] with West's exposed chow 6B7B8B. South discarded a 6B that West let pass
/// (West drew and discarded 1C), later a 7B that West claimed (and discarded 2C); East and
/// North discarded the other 6Bs. Every 6B is seen only if the chow took the 7B.
fn rule5(chow: &str, discards: &str) -> T {
    plain("millington")
        .seat("W", &[chow], "", "")
        .discards(discards)
}

#[test]
fn rule5_the_claimed_field_decides() {
    let seq = "S:6B W:1C E:6B N:6B S:7B W:2C W:9B";
    // With "claimed": 7B: the discards show three 6B and the chow the fourth: M115c.
    let o = rule5("chow 6B 7B 8B exposed claimed=7B", seq).score();
    assert_items(&o, "S", "M115c", 1, 2, 0);
    // 10 + 2 + 2 = 14: East 28, West 14, North 14.
    assert_seat(&o, "S", 14, 0, 14);
    assert_settlement(&o, [-28, 56, -14, -14]);
    // Claimed 6B: the chow's 6B is the discarded one, so only three are seen.
    let o = rule5("chow 6B 7B 8B exposed claimed=6B", seq).score();
    assert_no(&o, "S", "M115c");
    assert_seat(&o, "S", 12, 0, 12);
}

#[test]
fn rule5_inferred_from_the_order_of_discards() {
    // Without the field: the first discard by the player before West (South) of a tile of
    // the chow that West's own discard followed. Here that is South's 6B, so only three 6B
    // are seen (the table cannot tell that West let it pass).
    let o = rule5(
        "chow 6B 7B 8B exposed",
        "S:6B W:1C E:6B N:6B S:7B W:2C W:9B",
    )
    .score();
    assert_no(&o, "S", "M115c");
    // When the 7B came first, it is the claimed tile: M115c.
    let o = rule5(
        "chow 6B 7B 8B exposed",
        "S:7B W:2C S:6B W:1C E:6B N:6B W:9B",
    )
    .score();
    assert_items(&o, "S", "M115c", 1, 2, 0);
    // A chow with no such discard takes its lowest tile (6B): three seen.
    let o = rule5("chow 6B 7B 8B exposed", "S:6B E:6B N:6B W:9B").score();
    assert_no(&o, "S", "M115c");
}

#[test]
fn rule5_bradfield() {
    let seq = "S:6B W:1C E:6B N:6B S:7B W:2C W:9B";
    let with = |chow: &str| rule5(chow, seq).ruleset("bradfield").score();
    // 20 + 2 (exposed pung of 6D) + 2 (M115c) = 24: East 48, West 24, North 24.
    let o = with("chow 6B 7B 8B exposed claimed=7B");
    assert_items(&o, "S", "M115c", 1, 2, 0);
    assert_seat(&o, "S", 24, 0, 24);
    assert_settlement(&o, [-48, 96, -24, -24]);
    let o = with("chow 6B 7B 8B exposed");
    assert_no(&o, "S", "M115c");
    assert_seat(&o, "S", 22, 0, 22);
}

#[test]
fn rule5_western() {
    let seq = "S:6B W:1C E:6B N:6B S:7B W:2C W:9B";
    let o = rule5("chow 6B 7B 8B exposed claimed=7B", seq)
        .ruleset("western")
        .score();
    // 20 + 2 (W-P5 exposed pung of 6D) + 2 (W-B4) = 24.
    assert_items(&o, "S", "W-B4", 1, 2, 0);
    assert_seat(&o, "S", 24, 0, 24);
    let o = rule5("chow 6B 7B 8B exposed", seq)
        .ruleset("western")
        .score();
    assert_no(&o, "S", "W-B4");
    assert_seat(&o, "S", 22, 0, 22);
}

#[test]
fn rule5_a_bad_claimed_tile_is_an_error() {
    let e = rule5("chow 6B 7B 8B exposed claimed=9B", "")
        .try_score()
        .unwrap_err();
    assert_eq!(e.path, "seats.W.sets[0].claimed");
    assert_eq!(e.message, "9B is not a tile of the set");
    let e = rule5("chow 6B 7B 8B claimed=7B", "")
        .try_score()
        .unwrap_err();
    assert_eq!(e.path, "seats.W.sets[0].claimed");
    assert_eq!(e.message, "a concealed set has no claimed tile");
}

// ---------------------------------------------------------------------------------------
// Rule 6: only a regular hand
// ---------------------------------------------------------------------------------------

/// South holds 2B 2B 5B 5B 3C 3C 7C 7C 4D 4D 8D 9D 9D, which waits only on 8D, and wins on
/// West's 8D with seven pairs.
fn rule6(ruleset: &str) -> T {
    table()
        .ruleset(ruleset)
        .option("seven_pairs", true)
        .wins("S", "8D", "discard")
        .supplier("W")
        .seat("S", &[], "2B 2B 5B 5B 3C 3C 7C 7C 4D 4D 8D 8D 9D 9D", "")
}

#[test]
fn rule6_never_seven_pairs() {
    // Seven pairs do not fill the only place: 10 + 20 (M29) + 2 (minor eyes) = 32.
    let o = rule6("millington").score();
    assert_no(&o, "S", "M115c");
    assert_seat(&o, "S", 32, 0, 32);
    assert_settlement(&o, [-64, 128, -32, -32]);
    // Bradfield: 20 + 20 + 2 = 42.
    let o = rule6("bradfield").score();
    assert_no(&o, "S", "M115c");
    assert_seat(&o, "S", 42, 0, 42);
    // The Western game has no seven pairs: the hand is not a Mah-Jongg there.
    let e = table()
        .ruleset("western")
        .wins("S", "8D", "discard")
        .supplier("W")
        .seat("S", &[], "2B 2B 5B 5B 3C 3C 7C 7C 4D 4D 8D 8D 9D 9D", "")
        .try_score()
        .unwrap_err();
    assert_eq!(e.path, "seats.S");
}

#[test]
fn a_claimed_winning_tile_only_in_an_earlier_set_is_refused() {
    for ruleset in ["millington", "bradfield", "western"] {
        let e = claimed_tile_only_in_an_earlier_set(ruleset).try_score();
        assert_eq!(
            e.map(|_| ()).expect_err("refused").to_string(),
            "win.tile: 6B does not complete any set of the winner's hand",
            "{ruleset}"
        );
    }
}
