//! Scenario tests of the Malaysian three-player game's play with jokers (`malaysian-3p.md`
//! MY3-J, MY3-P, MY3-P6) on explicit walls, and whole games whose every finished hand,
//! written as a table, scores to what the engine paid. Hand 0, player 0 is East.

mod common;

use common::*;
use mahjong_engine::{Action, Event, Game, SetKind};
use mahjong_rules::{score_input, Ruleset};

fn malaysian() -> Ruleset {
    Ruleset::preset("malaysian-3p").unwrap()
}

// East discards 5D first; South holds one 5D and a joker, West two 5Ds.
const EAST: &str = "5D 1D 9D EW EW SW WW NW RD GD WD 2D 8D 3D";
const SOUTH: &str = "5D JK 1D 9D SW WW NW RD GD WD 2D 7D EW";
const WEST: &str = "5D 5D 4D 6D 1D 9D SW WW NW RD GD 2D 8D";

fn start(hands: [&str; 3]) -> Game {
    start_with(hands, "")
}

/// The deal, then `draws` in order from the wall.
fn start_with(hands: [&str; 3], draws: &str) -> Game {
    let r = malaysian();
    let w = wall3(&r, 0, hands, draws, "", "");
    let mut g = game3(r, vec![w], 1);
    g.take_events();
    g
}

#[test]
fn my3_j2_a_pung_is_claimed_with_a_joker_for_the_missing_tile() {
    let mut g = start([EAST, SOUTH, "4D 6D 1D 9D SW WW NW RD GD 2D 8D 3D 7D"]);
    act(&mut g, 0, discard_action("5D"));
    assert!(g.legal(1).contains(&Action::Pung), "{:?}", g.legal(1));
    // West holds no 5D and no joker: he has no claim.
    assert!(g.legal(2).is_empty());
    act(&mut g, 1, Action::Pung);
    let ev = g.take_events();
    assert!(ev.contains(&Event::Set {
        player: 1,
        kind: SetKind::Pung,
        tile: t("5D"),
        from: Some(0),
        jokers: 1,
    }));
    let south = &g.hand().players()[1];
    assert_eq!(south.jokers(), 0);
    assert_eq!(south.concealed_len(), 11);
    assert_eq!(g.view(2).public[1].sets[0].jokers, 1);
}

#[test]
fn my3_j5_a_drawn_natural_tile_takes_the_jokers_place_in_the_pung() {
    let west = "4D 6D 1D 9D SW WW NW RD GD 2D 8D 3D 7D";
    let mut g = start_with([EAST, SOUTH, west], "NW WD 5D");
    act(&mut g, 0, discard_action("5D"));
    act(&mut g, 1, Action::Pung);
    discard(&mut g, 1, "SW");
    pass_claims(&mut g);
    discard(&mut g, 2, "NW");
    pass_claims(&mut g);
    discard(&mut g, 0, "WD");
    pass_claims(&mut g);
    // South draws a 5D: it may take the joker's place in his pung.
    assert_eq!(g.hand().drawn(1), Some(t("5D")));
    assert!(g.legal(1).contains(&Action::SwapJoker { tile: t("5D") }));
    g.take_events();
    act(&mut g, 1, Action::SwapJoker { tile: t("5D") });
    let ev = g.take_events();
    assert!(ev.contains(&Event::Swap {
        player: 1,
        tile: t("5D"),
    }));
    let south = &g.hand().players()[1];
    assert_eq!(south.jokers(), 1);
    assert_eq!(south.meld_info[0].jokers, 0);
    assert_eq!(g.view(0).public[1].sets[0].jokers, 0);
    // Still South's turn: the joker is his last tile, and no second swap is offered.
    assert_eq!(g.hand().drawn(1), Some(t("JK")));
    assert!(!g
        .legal(1)
        .iter()
        .any(|a| matches!(a, Action::SwapJoker { .. })));
    assert!(g.legal(1).contains(&discard_action("JK")));
}

#[test]
fn my3_p2_of_two_pung_claims_the_one_with_fewer_jokers_wins() {
    let mut g = start([EAST, SOUTH, WEST]);
    act(&mut g, 0, discard_action("5D"));
    // South is first in turn, but his pung needs a joker; West's needs none.
    act(&mut g, 1, Action::Pung);
    act(&mut g, 2, Action::Pung);
    let ev = g.take_events();
    assert!(ev.contains(&Event::Set {
        player: 2,
        kind: SetKind::Pung,
        tile: t("5D"),
        from: Some(0),
        jokers: 0,
    }));
    assert_eq!(g.hand().players()[1].jokers(), 1);
}

#[test]
fn my3_j6_j7_a_joker_may_be_set_aside_for_a_loose_tile_or_discarded_and_never_claimed() {
    let mut g = start(["JK 5D 1D 9D EW EW SW WW NW RD GD WD 2D 8D", SOUTH, WEST]);
    let legal = g.legal(0).to_vec();
    assert!(legal.contains(&Action::SetAside { tile: t("JK") }));
    assert!(legal.contains(&discard_action("JK")));
    act(&mut g, 0, discard_action("JK"));
    // Nobody may claim a discarded joker (MY3-J7): South draws at once.
    assert_eq!(g.hand().players()[0].jokers(), 0);
    assert!(matches!(
        g.hand().phase_view(),
        mahjong_engine::PhaseView::Turn { player: 1 }
    ));
    // South sets his joker aside as a bonus tile and draws a loose tile for it.
    act(&mut g, 1, Action::SetAside { tile: t("JK") });
    let south = &g.hand().players()[1];
    assert_eq!(south.bonus.last(), Some(&t("JK")));
    assert_eq!(south.concealed_len(), 14);
    assert_eq!(south.jokers(), 0);
}

/// Plays a whole game of random legal actions (from a seed) and checks that every
/// finished hand, written as a table, scores to the settlement the engine recorded.
/// Returns the hands played and how many of their tables hold a joker.
fn every_table_scores_as_played(seed: u64) -> (usize, usize) {
    every_table_scores_as_played_with(malaysian(), seed)
}

/// [`every_table_scores_as_played`] under `ruleset`; a win is taken whenever offered, so
/// that seven pairs (an option) turn up.
fn every_table_scores_as_played_with(ruleset: Ruleset, seed: u64) -> (usize, usize) {
    let (tables, dealers, paid) = play_keeping_tables(ruleset, seed, None, |legal, x| {
        if legal.contains(&Action::Mahjong) && x % 2 == 0 {
            Action::Mahjong
        } else {
            legal[(x % legal.len() as u64) as usize]
        }
    });
    let mut with_jokers = 0;
    for (i, input) in tables.iter().enumerate() {
        let text = serde_json::to_string(input).unwrap();
        with_jokers += usize::from(text.contains("JK"));
        let (_, _, outcome) = score_input(input).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let by_player: Vec<i64> = (0..3)
            .map(|p| outcome.settlement[(p + 3 - dealers[i]) % 3])
            .collect();
        assert_eq!(by_player, paid[i], "hand {i} of seed {seed}: {text}");
    }
    (tables.len(), with_jokers)
}

#[test]
fn my3_m3_whole_games_end_after_16_hands_and_every_table_scores_as_played() {
    let mut total = 0;
    let mut jokers = 0;
    for seed in 1..=6 {
        let (hands, with_jokers) = every_table_scores_as_played(seed);
        assert_eq!(hands, 16, "seed {seed}");
        total += hands;
        jokers += with_jokers;
    }
    assert_eq!(total, 96);
    assert!(jokers > 0, "some tables hold jokers");
}

#[test]
fn my3_f12_with_seven_pairs_on_every_table_scores_as_played() {
    let mut r = malaysian();
    r.set("seven_pairs=true").unwrap();
    // Random play seldom makes seven pairs (the scenario above does): this checks that
    // the option leaves every other table as the scorer has it.
    for seed in 1..=4 {
        let (hands, _) = every_table_scores_as_played_with(r.clone(), seed);
        assert_eq!(hands, 16, "seed {seed}");
    }
}

/// The payments made during play among `events` (MY3-I), as (from, to, amount, rule,
/// returned).
fn payments(events: &[Event]) -> Vec<(usize, usize, u64, String, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Payment {
                from,
                to,
                amount,
                rule,
                returned,
            } => Some((*from, *to, *amount, rule.clone(), *returned)),
            _ => None,
        })
        .collect()
}

fn pay(from: usize, to: usize, amount: u64, rule: &str) -> (usize, usize, u64, String, bool) {
    (from, to, amount, rule.to_string(), false)
}

#[test]
fn my3_i4_a_concealed_kong_is_paid_by_each_opponent_as_it_is_declared() {
    let mut g = start([
        "5D 5D 5D 5D 1D 9D EW SW WW NW RD GD WD 2D",
        "4D 6D 1D 9D SW WW NW RD GD 2D 8D 3D 7D",
        "1D 9D 2D 8D 3D 7D 4D 6D SW WW NW GD WD",
    ]);
    assert!(payments(&g.take_events()).is_empty());
    act(&mut g, 0, Action::ConcealedKong { tile: t("5D") });
    assert_eq!(
        payments(&g.take_events()),
        [pay(1, 0, 100, "MY3-I4"), pay(2, 0, 100, "MY3-I4")]
    );
}

#[test]
fn my3_i2_a_kong_claimed_from_a_discard_is_paid_by_the_discarder() {
    let south = "5D 5D 5D 1D 9D SW WW NW RD GD WD 2D 7D";
    let west = "4D 6D 1D 9D SW WW NW RD GD 2D 8D 3D 7D";
    let mut g = start(["5D 1D 9D EW EW SW WW NW RD GD WD 2D 8D 3D", south, west]);
    act(&mut g, 0, discard_action("5D"));
    act(&mut g, 1, Action::Kong);
    let ev = g.take_events();
    assert_eq!(payments(&ev), [pay(0, 1, 100, "MY3-I2")]);
    // Paid once: South's next sets change nothing.
    discard(&mut g, 1, "SW");
    assert!(payments(&g.take_events()).is_empty());
}

#[test]
fn my3_i1_a_bonus_group_is_paid_at_the_deal_or_as_it_is_completed() {
    // East is dealt the four flowers: complete in the opening round, 100 from each.
    let r = malaysian();
    let w = wall3(
        &r,
        0,
        ["1F 2F 3F 4F 1D 9D EW SW WW NW RD GD WD 2D", SOUTH, WEST],
        "",
        "",
        "",
    );
    let mut g = game3(r, vec![w], 1);
    assert_eq!(
        payments(&g.take_events()),
        [pay(1, 0, 100, "MY3-I1"), pay(2, 0, 100, "MY3-I1")]
    );
    // South holds three seasons and draws the fourth in play: 50 from each.
    let r = malaysian();
    let w = wall3(
        &r,
        0,
        [EAST, "1S 2S 3S 9D SW WW NW RD GD WD 2D 7D EW", WEST],
        "4S",
        "",
        "",
    );
    let mut g = game3(r, vec![w], 1);
    let dealt = payments(&g.take_events());
    assert!(dealt.is_empty(), "{dealt:?}");
    discard(&mut g, 0, "3D");
    assert_eq!(
        payments(&g.take_events()),
        [pay(0, 1, 50, "MY3-I1"), pay(2, 1, 50, "MY3-I1")]
    );
}

#[test]
fn my3_i3_i5_an_added_kong_is_paid_for_and_paid_back_when_robbed() {
    let east = "5D EW EW EW SW SW SW WW WW NW NW RD RD GD";
    // South waits on 5D (1D 1D 1D, 2D 3D 4D, 9D 9D 9D, 4D 6D, 7D 7D).
    let south = "1D 1D 1D 2D 3D 4D 4D 6D 7D 7D 9D 9D 9D";
    let west = "5D 5D 8D 8D 8D 6D 6D 2D 2D 3D 3D GD GD";
    let mut g = start_with([east, south, west], "4D 3D 5D");
    act(&mut g, 0, discard_action("5D"));
    // South lets it go; West pungs it.
    act(&mut g, 1, Action::Pass);
    act(&mut g, 2, Action::Pung);
    discard(&mut g, 2, "GD");
    discard_drawn(&mut g, 0);
    discard_drawn(&mut g, 1);
    assert_eq!(g.hand().drawn(2), Some(t("5D")));
    g.take_events();
    act(&mut g, 2, Action::AnnexKong { tile: t("5D") });
    assert_eq!(
        payments(&g.take_events()),
        [pay(0, 2, 50, "MY3-I3"), pay(1, 2, 50, "MY3-I3")]
    );
    // South robs the kong: West's payments go back (MY3-I5).
    assert!(g.legal(1).contains(&Action::Mahjong), "{:?}", g.legal(1));
    act(&mut g, 1, Action::Mahjong);
    pass_claims(&mut g);
    let ev = g.take_events();
    assert_eq!(
        payments(&ev),
        [
            (2, 0, 50, "MY3-I3".to_string(), true),
            (2, 1, 50, "MY3-I3".to_string(), true)
        ]
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Mahjong { player: 1, .. })));
}

#[test]
fn my3_f12_seven_pairs_with_a_joker_win_in_play_where_the_option_is_on() {
    // South: six pairs and a joker. East's 9D pairs with the joker standing for a 9D:
    // seven different pairs (MY3-J4 joker in a pair). No four sets and a pair take it.
    let south = "1D 1D 2D 2D 3D 3D 4D 4D 6D 6D EW EW JK";
    let east = "9D 5D 7D 8D SW SW WW WW NW RD GD WD 5D 7D";
    let west = "8D 9D 1D 2D 3D 4D 5D 7D 8D SW WW NW RD";
    for (on, offered) in [(true, true), (false, false)] {
        let mut r = malaysian();
        r.set(&format!("seven_pairs={on}")).unwrap();
        let w = wall3(&r, 0, [east, south, west], "", "", "");
        let mut g = game3(r, vec![w], 1);
        act(&mut g, 0, discard_action("9D"));
        // Without seven pairs nobody may claim the 9D: South draws at once.
        assert_eq!(
            g.hand().phase_view() == mahjong_engine::PhaseView::Turn { player: 1 },
            !offered,
            "seven_pairs={on}"
        );
        if offered {
            assert!(g.legal(1).contains(&Action::Mahjong), "{:?}", g.legal(1));
            act(&mut g, 1, Action::Mahjong);
            pass_claims(&mut g);
            let ev = g.take_events();
            assert!(ev.iter().any(|e| matches!(
                e,
                Event::Mahjong {
                    player: 1,
                    supplier: Some(0),
                    ..
                }
            )));
        }
    }
}

#[test]
fn my3_j6_four_jokers_dealt_win_at_once_as_a_self_drawn_limit_where_the_option_is_on() {
    // South is dealt all four jokers; East is dealt the four flowers (MY3-I1: 100 from each
    // at the deal, which stands).
    let east = "1F 2F 3F 4F 1D 9D EW SW WW NW RD GD WD 2D";
    let south = "JK JK JK JK 1D 9D SW WW NW RD GD 2D 7D";
    for on in [true, false] {
        let mut r = malaysian();
        r.set(&format!("four_joker_instant_win={on}")).unwrap();
        let w = wall3(&r, 0, [east, south, WEST], "", "", "");
        let mut g = game3(r, vec![w], 1);
        let ev = g.take_events();
        let won = ev
            .iter()
            .find(|e| matches!(e, Event::Mahjong { .. }))
            .cloned();
        if !on {
            // The hand plays on: East discards first, South keeps his jokers.
            assert_eq!(won, None);
            assert!(!g.is_over());
            assert_eq!(g.hand().players()[1].jokers(), 4);
            assert!(g.legal(0).contains(&discard_action("2D")));
            continue;
        }
        assert_eq!(
            won,
            Some(Event::Mahjong {
                player: 1,
                tile: t("JK"),
                from: mahjong_rules::WinFrom::Wall,
                supplier: None,
                dealt: true,
            })
        );
        assert!(g.is_over());
        let Some(Event::Scores {
            scores,
            limits,
            items,
            settlement,
            ..
        }) = ev
            .iter()
            .find(|e| matches!(e, Event::Scores { .. }))
            .cloned()
        else {
            panic!("no scores: {ev:?}")
        };
        // The limit, 10 fan: B = 200; self-drawn, 2B from each (MY3-PAY2). East's
        // flowers: 100 from each at the deal.
        assert_eq!(scores, [0, 200, 0]);
        assert_eq!(limits, [None, Some("MY3-L1".to_string()), None]);
        assert_eq!(items[1].len(), 1);
        assert_eq!(
            items[1][0].name.as_deref(),
            Some("four jokers in the starting hand")
        );
        assert_eq!((items[1][0].points, items[1][0].limit), (10, true));
        assert_eq!(settlement, [-400 + 200, 800 - 100, -400 - 100]);
        // A table cannot write such a win (MY3-X7): none is kept for it.
        assert!(g.hand().table_input().is_none());
    }
}

#[test]
fn my3_j6_the_dealt_win_is_paid_as_any_limit_hand_under_the_payment_options() {
    // East, the dealer, holds the four jokers: doubling B(10) = 20 × 2^9 = 10,240, doubled
    // again as a limit (limit_payment_double), and again between dealer and others
    // (dealer_double).
    let east = "JK JK JK JK 1D 9D EW SW WW NW RD GD WD 2D";
    let mut r = malaysian();
    for o in [
        "fan_to_points=doubling",
        "limit_payment_double=true",
        "dealer_double=true",
    ] {
        r.set(o).unwrap();
    }
    let south = "5D 4D 1D 9D SW WW NW RD GD WD 2D 7D EW";
    let w = wall3(&r, 0, [east, south, WEST], "", "", "");
    let mut g = game3(r, vec![w], 1);
    let ev = g.take_events();
    let settlement = ev
        .iter()
        .find_map(|e| match e {
            Event::Scores { settlement, .. } => Some(settlement.clone()),
            _ => None,
        })
        .unwrap();
    let each = 2 * 2 * 2 * 10_240;
    assert_eq!(settlement, [2 * each, -each, -each]);
}
