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
    tables_score_as_played(ruleset, seed, |legal, x| {
        if legal.contains(&Action::Mahjong) && x % 2 == 0 {
            Action::Mahjong
        } else {
            legal[(x % legal.len() as u64) as usize]
        }
    })
}

/// Plays a game of `ruleset` from `seed`, `choose` picking each action, and scores every
/// finished hand's table to what the engine paid: (tables, tables holding a joker).
fn tables_score_as_played(
    ruleset: Ruleset,
    seed: u64,
    choose: impl FnMut(&[Action], u64) -> Action,
) -> (usize, usize) {
    let (tables, dealers, paid) = play_keeping_tables(ruleset, seed, None, choose);
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

/// Payments as (from, to, amount).
type Paid = Vec<(usize, usize, u64)>;

/// The scores event of `events`: scores, settlement and payments.
fn scores_of(events: &[Event]) -> (Vec<u64>, Vec<i64>, Paid) {
    events
        .iter()
        .find_map(|e| match e {
            Event::Scores {
                scores,
                settlement,
                payments,
                ..
            } => Some((
                scores.clone(),
                settlement.clone(),
                payments.iter().map(|p| (p.from, p.to, p.amount)).collect(),
            )),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no scores: {events:?}"))
}

fn winners_of(events: &[Event]) -> Vec<usize> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Mahjong { player, .. } => Some(*player),
            _ => None,
        })
        .collect()
}

#[test]
fn my3_p3_both_claimants_win_one_discard_where_multiple_winners_is_on() {
    // East is dealt the four flowers (MY3-I1: 100 from each at the deal) and discards 5D,
    // which South (1D 1D 1D, 2D 3D 4D, 9D 9D 9D, 4D 6D, 7D 7D) and West (2D 2D 2D,
    // 6D 6D 6D, 8D 8D 8D, 3D 4D, WD WD) both wait on. Neither has a bonus tile: each wins
    // the limit (MY3-L1), 10 fan, B = 200; the discarder pays 2B, the other opponent B.
    let east = "1F 2F 3F 4F 5D EW EW EW SW SW RD RD GD NW";
    let south = "1D 1D 1D 2D 3D 4D 4D 6D 7D 7D 9D 9D 9D";
    let west = "2D 2D 2D 3D 4D 6D 6D 6D 8D 8D 8D WD WD";
    for on in [false, true] {
        let mut r = malaysian();
        r.set(&format!("multiple_winners={on}")).unwrap();
        let w = wall3(&r, 0, [east, south, west], "", "", "");
        let mut g = game3(r, vec![w], 1);
        g.take_events();
        act(&mut g, 0, discard_action("5D"));
        for p in [1, 2] {
            assert!(g.legal(p).contains(&Action::Mahjong), "{:?}", g.legal(p));
        }
        act(&mut g, 1, Action::Mahjong);
        act(&mut g, 2, Action::Mahjong);
        assert!(g.is_over());
        let ev = g.take_events();
        let (scores, settlement, payments) = scores_of(&ev);
        let result = g.hand().result().unwrap();
        if !on {
            // The first in turn after the discarder wins alone.
            assert_eq!(winners_of(&ev), [1]);
            assert_eq!(scores, [0, 200, 0]);
            assert_eq!(settlement, [200 - 400, -100 + 600, -100 - 200]);
            assert!(result.more_winners.is_empty());
            continue;
        }
        // Each is paid as if he alone had won; East's flower payments count once:
        // South's win [-200, 500, -300] and West's [-200, -300, 500] less the drawn
        // hand's [200, -100, -100] once.
        assert_eq!(winners_of(&ev), [1, 2]);
        assert_eq!(scores, [0, 200, 200]);
        assert_eq!(settlement, [-600, 300, 300]);
        assert_eq!(payments, [(0, 1, 300), (0, 2, 300)]);
        assert_eq!(
            (result.winner, result.more_winners.clone()),
            (Some(1), vec![2])
        );
        assert_eq!(result.settlement, settlement);
        // The hand's table is the first winner's, and scores his win alone.
        let input = g.hand().table_input().unwrap();
        let (_, _, outcome) = score_input(&input).unwrap();
        assert_eq!(outcome.settlement[..3], [-200, 500, -300]);
        // Both winners' hands are shown; the tile stays with the first.
        assert_eq!(g.hand().players()[1].concealed_len(), 14);
        assert_eq!(g.hand().players()[2].concealed_len(), 13);
    }
}

#[test]
fn my3_p3_whole_games_with_multiple_winners_settle_every_win_and_sum_to_zero() {
    use mahjong_engine::GameConfig;
    let mut r = malaysian();
    r.set("multiple_winners=true").unwrap();
    let (mut hands, mut shared) = (0, 0);
    // Seeds where random play gives two players a win on one discard (about one hand
    // in 1,300), and two without.
    for seed in [1, 2, 55, 90, 98, 122, 252, 988] {
        let mut g = Game::new_keeping_tables(GameConfig {
            ruleset: r.clone(),
            seed,
            walls: vec![],
            max_hands: None,
            record: true,
        });
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        // Per hand with a table: the dealer, the winners, the scores and settlement.
        let mut played = vec![];
        let (mut dealer, mut won) = (0, vec![]);
        let mut totals = [0i64; 3];
        loop {
            for e in g.take_events() {
                match e {
                    Event::HandStart { dealer: d, .. } => (dealer, won) = (d, vec![]),
                    Event::Mahjong { player, dealt, .. } => {
                        won.push(player);
                        if dealt {
                            won.push(usize::MAX);
                        }
                    }
                    Event::Scores {
                        scores, settlement, ..
                    } => {
                        assert_eq!(settlement.iter().sum::<i64>(), 0);
                        for (t, s) in totals.iter_mut().zip(&settlement) {
                            *t += s;
                        }
                        if !won.contains(&usize::MAX) {
                            played.push((dealer, won.clone(), scores, settlement));
                        }
                    }
                    _ => {}
                }
            }
            if g.is_over() {
                break;
            }
            let p = g.pending()[0];
            let legal = g.legal(p).to_vec();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Every win offered is taken, so that two players claim one discard.
            let a = if legal.contains(&Action::Mahjong) {
                Action::Mahjong
            } else {
                legal[(x % legal.len() as u64) as usize]
            };
            g.act(p, a).unwrap();
        }
        assert_eq!(g.totals(), totals);
        let tables = g.take_tables();
        assert_eq!(tables.len(), played.len());
        for (input, (dealer, won, scores, settlement)) in tables.iter().zip(played) {
            hands += 1;
            let (_, _, outcome) = score_input(input).unwrap();
            let by_player: Vec<i64> = (0..3)
                .map(|p| outcome.settlement[(p + 3 - dealer) % 3])
                .collect();
            if won.len() < 2 {
                assert_eq!(by_player, settlement);
                continue;
            }
            shared += 1;
            // Every winner is scored and paid; the table is the first winner's and
            // scores his win as if alone.
            for &w in &won {
                assert!(scores[w] > 0 && settlement[w] > 0, "{won:?} {settlement:?}");
            }
            assert_eq!(
                outcome.scores[(won[0] + 3 - dealer) % 3].score,
                scores[won[0]]
            );
            assert_eq!(
                input.winner,
                Some(Some(["E", "S", "W"][(won[0] + 3 - dealer) % 3].to_string()))
            );
        }
    }
    assert!(hands > 100, "{hands}");
    assert_eq!(shared, 7, "hands with two winners of {hands}");
}

/// West pungs East's 5D and adds the fourth; East (EW, SW and NW pungs, RD RD, 4D 6D) and
/// South both wait on 5D and answer the rob with Mah-Jongg, East first. Neither has a bonus
/// tile: each robs for the limit, 10 fan, B = 200, the robbed West paying 2B (MY3-PAY4) and
/// the other B. The events from the rob on.
fn both_rob_wests_added_kong(r: Ruleset) -> Vec<Event> {
    let east = "5D EW EW EW SW SW SW 4D 6D NW NW RD RD GD";
    let south = "1D 1D 1D 2D 3D 4D 4D 6D 7D 7D 9D 9D 9D";
    let west = "5D 5D 8D 8D 8D 6D 6D 2D 2D 3D 3D GD GD";
    let w = wall3(&r, 0, [east, south, west], "NW 3D 5D", "", "");
    let mut g = game3(r, vec![w], 1);
    act(&mut g, 0, discard_action("5D"));
    act(&mut g, 1, Action::Pass);
    act(&mut g, 2, Action::Pung);
    discard(&mut g, 2, "GD");
    discard(&mut g, 0, "GD");
    discard_drawn(&mut g, 1);
    act(&mut g, 2, Action::AnnexKong { tile: t("5D") });
    g.take_events();
    act(&mut g, 0, Action::Mahjong);
    act(&mut g, 1, Action::Mahjong);
    assert!(g.is_over());
    g.take_events()
}

#[test]
fn my3_p3_p4_both_may_rob_one_added_kong_where_multiple_winners_is_on() {
    for on in [false, true] {
        let mut r = malaysian();
        r.set(&format!("multiple_winners={on}")).unwrap();
        let ev = both_rob_wests_added_kong(r);
        let (scores, settlement, payments) = scores_of(&ev);
        if !on {
            // East, first in turn after West, robs alone.
            assert_eq!(winners_of(&ev), [0]);
            assert_eq!(scores, [200, 0, 0]);
            assert_eq!(settlement, [600, -200, -400]);
            continue;
        }
        assert_eq!(winners_of(&ev), [0, 1]);
        assert_eq!(scores, [200, 200, 0]);
        // East's win [600, -200, -400] and South's [-200, 600, -400]; the added kong's
        // payments went back (MY3-I5).
        assert_eq!(settlement, [400, 400, -800]);
        assert_eq!(payments, [(2, 0, 400), (2, 1, 400)]);
    }
}

#[test]
fn my3_p3_m1_the_dealer_among_the_winners_keeps_the_deal() {
    // East discards GD and then waits on 5D (EW, SW and NW pungs, RD RD, 4D 6D); South
    // draws WD and discards 5D, which East and West (2D, 6D, 8D pungs, 3D 4D, WD WD) both
    // win on.
    let east = "EW EW EW SW SW SW NW NW NW RD RD 4D 6D GD";
    let south = "5D 1D 1D 1D 7D 7D 7D 9D 9D 9D 3D 3D GD";
    let west = "2D 2D 2D 3D 4D 6D 6D 6D 8D 8D 8D WD WD";
    let mut r = malaysian();
    r.set("multiple_winners=true").unwrap();
    let w = wall3(&r, 0, [east, south, west], "WD", "", "");
    let mut g = game3(r, vec![w], 2);
    discard(&mut g, 0, "GD");
    act(&mut g, 1, discard_action("5D"));
    g.take_events();
    act(&mut g, 2, Action::Mahjong);
    act(&mut g, 0, Action::Mahjong);
    let ev = g.take_events();
    // West is first in turn after South; East (the dealer) wins too and keeps the deal
    // (MY3-M1 `unless_dealer_wins`).
    assert_eq!(winners_of(&ev), [2, 0]);
    let (_, settlement, _) = scores_of(&ev);
    assert_eq!(settlement, [400, -800, 400]);
    let next = ev.iter().find_map(|e| match e {
        Event::HandStart { dealer, .. } => Some(*dealer),
        _ => None,
    });
    assert_eq!(next, Some(0));
}

#[test]
fn my3_j7_with_claim_discarded_joker_every_table_scores_as_played() {
    let mut r = malaysian();
    r.set("claim_discarded_joker=true").unwrap();
    let (mut hands, mut joker_pungs) = (0, 0);
    for seed in 1..=40 {
        // A pung of a discarded joker is taken whenever offered, a win half the time.
        let choose = |legal: &[Action], x: u64| {
            if let Some(a) = legal.iter().find(|a| matches!(a, Action::JokerPung { .. })) {
                joker_pungs += 1;
                return *a;
            }
            if legal.contains(&Action::Mahjong) && x.is_multiple_of(2) {
                return Action::Mahjong;
            }
            legal[(x % legal.len() as u64) as usize]
        };
        hands += tables_score_as_played(r.clone(), seed, choose).0;
    }
    // Hands won as dealt (MY3-J6) have no table.
    assert!(hands > 600, "{hands}");
    assert!(joker_pungs > 400, "{joker_pungs}");
}

/// A malaysian-3p game with `claim_discarded_joker` on or off, dealt `hands`.
fn joker_claims(on: bool, hands: [&str; 3]) -> Game {
    let mut r = malaysian();
    r.set(&format!("claim_discarded_joker={on}")).unwrap();
    let w = wall3(&r, 0, hands, "", "", "");
    let mut g = game3(r, vec![w], 1);
    g.take_events();
    g
}

#[test]
fn my3_j7_a_discarded_joker_wins_as_the_tile_it_stands_for_where_the_option_is_on() {
    // South waits on 5D only (1D 1D 1D, 2D 3D 4D, 9D 9D 9D, 4D 6D, 7D 7D); East discards
    // a joker. With no bonus tile South wins the limit, 10 fan, B = 200: 2B from East, B
    // from West.
    let east = "JK 1D 9D EW EW SW WW NW RD GD WD 2D 8D 3D";
    let south = "1D 1D 1D 2D 3D 4D 4D 6D 7D 7D 9D 9D 9D";
    let west = "5D 5D 8D 8D 6D SW WW NW RD GD 2D 3D WD";
    for on in [false, true] {
        let mut g = joker_claims(on, [east, south, west]);
        act(&mut g, 0, discard_action("JK"));
        if !on {
            // Nobody may claim it: South draws.
            assert_eq!(
                g.hand().phase_view(),
                mahjong_engine::PhaseView::Turn { player: 1 }
            );
            continue;
        }
        assert!(g.legal(1).contains(&Action::Mahjong), "{:?}", g.legal(1));
        act(&mut g, 1, Action::Mahjong);
        pass_claims(&mut g);
        let ev = g.take_events();
        assert!(ev.contains(&Event::Mahjong {
            player: 1,
            tile: t("5D"),
            from: mahjong_rules::WinFrom::Discard,
            supplier: Some(0),
            dealt: false,
        }));
        let (scores, settlement, _) = scores_of(&ev);
        assert_eq!(scores, [0, 200, 0]);
        assert_eq!(settlement, [-400, 600, -200]);
        // The hand's table writes the win on the 5D it stood for, and scores it so.
        let input = g.hand().table_input().unwrap();
        assert_eq!(input.discards.last().map(String::as_str), Some("E:JK"));
        let (_, _, outcome) = score_input(&input).unwrap();
        assert_eq!(outcome.settlement[..3], [-400, 600, -200]);
    }
}

#[test]
fn my3_j7_the_next_player_chows_a_discarded_joker_with_two_tiles_he_holds() {
    let south = "2D 4D 1D 9D SW WW NW RD GD WD 7D 7D EW";
    let mut g = joker_claims(true, [EAST.replacen("5D", "JK", 1).as_str(), south, WEST]);
    act(&mut g, 0, discard_action("JK"));
    assert!(
        g.legal(1).contains(&Action::Chow { first: t("2D") }),
        "{:?}",
        g.legal(1)
    );
    act(&mut g, 1, Action::Chow { first: t("2D") });
    pass_claims(&mut g);
    let ev = g.take_events();
    assert!(ev.contains(&Event::Set {
        player: 1,
        kind: SetKind::Chow,
        tile: t("2D"),
        from: Some(0),
        jokers: 1,
    }));
    let south = &g.hand().players()[1];
    assert_eq!((south.concealed_len(), south.jokers()), (11, 0));
    assert_eq!(g.view(2).public[1].sets[0].jokers, 1);
}

#[test]
fn my3_j7_p2_of_two_pungs_of_a_discarded_joker_the_one_with_fewer_jokers_wins() {
    // South could pung 6D with his own joker and the discarded one (two jokers), West 5D
    // with a pair (one joker): West takes it, though South comes first.
    let south = "6D JK 1D 9D SW WW NW RD GD WD 2D 7D EW";
    let west = "5D 5D 4D 3D 1D 9D SW WW NW RD GD 2D 8D";
    let mut g = joker_claims(true, [EAST.replacen("5D", "JK", 1).as_str(), south, west]);
    act(&mut g, 0, discard_action("JK"));
    let six = Action::JokerPung { tile: t("6D") };
    let five = Action::JokerPung { tile: t("5D") };
    assert!(g.legal(1).contains(&six), "{:?}", g.legal(1));
    assert!(g.legal(2).contains(&five), "{:?}", g.legal(2));
    act(&mut g, 1, six);
    act(&mut g, 2, five);
    let ev = g.take_events();
    assert!(ev.contains(&Event::Set {
        player: 2,
        kind: SetKind::Pung,
        tile: t("5D"),
        from: Some(0),
        jokers: 1,
    }));
    assert_eq!(
        g.hand().phase_view(),
        mahjong_engine::PhaseView::Turn { player: 2 }
    );
    assert_eq!(g.hand().players()[1].jokers(), 1, "South keeps his joker");
    assert_eq!(g.hand().players()[2].concealed_len(), 11);
}

/// A malaysian-3p ruleset with `options` (`name=value`) set.
fn malaysian_with(options: &[&str]) -> Ruleset {
    let mut r = malaysian();
    for o in options {
        r.set(o).unwrap();
    }
    r
}

/// The hand's table, written as play wrote it, scores to the settlement play paid.
#[track_caller]
fn table_scores_as_played(g: &Game, settlement: &[i64]) {
    let input = g.hand().table_input().unwrap();
    let (_, _, outcome) = score_input(&input).unwrap();
    assert_eq!(outcome.settlement[..3], settlement[..], "{input:?}");
}

#[test]
fn my3_j5_no_swap_is_offered_where_joker_swap_is_off() {
    // The scene of `my3_j5_a_drawn_natural_tile_takes_the_jokers_place_in_the_pung`: South
    // pungs East's 5D with a joker and later draws a 5D.
    let west = "4D 6D 1D 9D SW WW NW RD GD 2D 8D 3D 7D";
    for on in [true, false] {
        let r = malaysian_with(&[&format!("joker_swap={on}")]);
        let w = wall3(&r, 0, [EAST, SOUTH, west], "NW WD 5D", "", "");
        let mut g = game3(r, vec![w], 1);
        act(&mut g, 0, discard_action("5D"));
        act(&mut g, 1, Action::Pung);
        discard(&mut g, 1, "SW");
        discard(&mut g, 2, "NW");
        discard(&mut g, 0, "WD");
        assert_eq!(g.hand().drawn(1), Some(t("5D")));
        let legal = g.legal(1).to_vec();
        // On (the default) the swap is offered; off it is not, and the pung with its joker
        // takes no fourth tile either (MY3-J3): the 5D may only be kept or discarded.
        assert_eq!(
            legal.contains(&Action::SwapJoker { tile: t("5D") }),
            on,
            "joker_swap={on}: {legal:?}"
        );
        assert!(!legal.contains(&Action::AnnexKong { tile: t("5D") }));
        assert!(legal.contains(&discard_action("5D")));
        if !on {
            assert!(!legal.iter().any(|a| matches!(a, Action::SwapJoker { .. })));
            let err = g.act(1, Action::SwapJoker { tile: t("5D") });
            assert!(err.is_err(), "a swap is refused where joker_swap is off");
        }
    }
}

#[test]
fn my3_p4_a_concealed_kong_is_robbed_where_rob_concealed_kong_is_on() {
    // East declares a concealed kong of 5D at once; South waits on 5D (1D 1D 1D, 2D 3D 4D,
    // 9D 9D 9D, 4D 6D, 7D 7D) with no bonus tile: robbing it is the limit (MY3-L1 no bonus
    // tiles), 10 fan, B = 200, East the discarder (MY3-PAY4) paying 2B, West B.
    let east = "5D 5D 5D 5D 1D 9D EW SW WW NW RD GD WD 2D";
    let south = "1D 1D 1D 2D 3D 4D 4D 6D 7D 7D 9D 9D 9D";
    let west = "2D 3D 3D 6D 6D 8D 8D 8D SW WW NW GD WD";
    let kong_paid = [pay(1, 0, 100, "MY3-I4"), pay(2, 0, 100, "MY3-I4")];
    let paid_back = [
        (0, 1, 100, "MY3-I4".to_string(), true),
        (0, 2, 100, "MY3-I4".to_string(), true),
    ];
    for (options, robbed) in [
        (vec![], false),
        (vec!["rob_concealed_kong=true"], true),
        (
            vec!["rob_concealed_kong=true", "robbed_kong_refund=false"],
            true,
        ),
    ] {
        let r = malaysian_with(&options);
        let w = wall3(&r, 0, [east, south, west], "", "", "");
        let mut g = game3(r, vec![w], 1);
        g.take_events();
        act(&mut g, 0, Action::ConcealedKong { tile: t("5D") });
        let ev = g.take_events();
        assert_eq!(payments(&ev), kong_paid, "{options:?}");
        if !robbed {
            // Off (the default, MY3-P4 [P]): nobody is asked; East draws his loose tile.
            assert_eq!(
                g.hand().phase_view(),
                mahjong_engine::PhaseView::Turn { player: 0 }
            );
            assert!(g.legal(1).is_empty());
            continue;
        }
        assert!(g.legal(1).contains(&Action::Mahjong), "{:?}", g.legal(1));
        act(&mut g, 1, Action::Mahjong);
        pass_claims(&mut g);
        assert!(g.is_over());
        let ev = g.take_events();
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::Mahjong {
                player: 1,
                supplier: Some(0),
                from: mahjong_rules::WinFrom::RobbedKong,
                ..
            }
        )));
        let (scores, settlement, _) = scores_of(&ev);
        assert_eq!(scores, [0, 200, 0]);
        if options.len() == 1 {
            // MY3-I5: the concealed kong's 100 from each goes back.
            assert_eq!(payments(&ev), paid_back);
            assert_eq!(settlement, [-400, 600, -200]);
        } else {
            // `robbed_kong_refund` off: it stands.
            assert!(payments(&ev).is_empty());
            assert_eq!(settlement, [-400 + 200, 600 - 100, -200 - 100]);
        }
        // East keeps a concealed pung where the kong was.
        let east_sets = &g.hand().players()[0].melds;
        assert_eq!(east_sets.len(), 1);
        assert!(!east_sets[0].exposed);
        table_scores_as_played(&g, &settlement);
    }
}

/// The scene of `my3_i3_i5_an_added_kong_is_paid_for_and_paid_back_when_robbed` under
/// `options`, to West's added kong of 5D: the events from the kong to the end.
fn robbed_added_kong(options: &[&str]) -> (Game, Vec<Event>) {
    let east = "5D EW EW EW SW SW SW WW WW NW NW RD RD GD";
    let south = "1D 1D 1D 2D 3D 4D 4D 6D 7D 7D 9D 9D 9D";
    let west = "5D 5D 8D 8D 8D 6D 6D 2D 2D 3D 3D GD GD";
    let r = malaysian_with(options);
    let w = wall3(&r, 0, [east, south, west], "4D 3D 5D", "", "");
    let mut g = game3(r, vec![w], 1);
    act(&mut g, 0, discard_action("5D"));
    act(&mut g, 1, Action::Pass);
    act(&mut g, 2, Action::Pung);
    discard(&mut g, 2, "GD");
    discard_drawn(&mut g, 0);
    discard_drawn(&mut g, 1);
    g.take_events();
    act(&mut g, 2, Action::AnnexKong { tile: t("5D") });
    act(&mut g, 1, Action::Mahjong);
    pass_claims(&mut g);
    assert!(g.is_over());
    let ev = g.take_events();
    (g, ev)
}

#[test]
fn my3_i5_the_robbed_kongs_payment_stands_where_robbed_kong_refund_is_off() {
    // South robs West's added 5D: a full flush and no bonus tile, the limit, 10 fan,
    // B = 200; West (robbed) pays 2B, East B. The added kong was paid 50 by each.
    let added = [pay(0, 2, 50, "MY3-I3"), pay(1, 2, 50, "MY3-I3")];
    // On (the default): paid, then paid back.
    let (g, ev) = robbed_added_kong(&[]);
    let back = [
        (2, 0, 50, "MY3-I3".to_string(), true),
        (2, 1, 50, "MY3-I3".to_string(), true),
    ];
    assert_eq!(payments(&ev), [added.to_vec(), back.to_vec()].concat());
    let (scores, settlement, paid) = scores_of(&ev);
    assert_eq!(scores, [0, 200, 0]);
    assert_eq!(settlement, [-200, 600, -400]);
    assert_eq!(paid, [(0, 1, 200), (2, 1, 400)]);
    table_scores_as_played(&g, &settlement);
    // Off: paid and never paid back; the settlement keeps it.
    let (g, ev) = robbed_added_kong(&["robbed_kong_refund=false"]);
    assert_eq!(payments(&ev), added);
    let (scores, settlement, paid) = scores_of(&ev);
    assert_eq!(scores, [0, 200, 0]);
    assert_eq!(settlement, [-250, 550, -300]);
    assert_eq!(paid, [(0, 1, 200), (0, 2, 50), (1, 2, 50), (2, 1, 400)]);
    table_scores_as_played(&g, &settlement);
}

#[test]
fn my3_pay4_a_robbed_kong_is_paid_as_a_self_draw_where_robbed_kong_as_discard_is_off() {
    // The same rob, B = 200. On (the default): West pays 2B, East B. Off: each 2B.
    for (on, settlement_wanted, paid_wanted) in [
        (true, [-200, 600, -400], vec![(0, 1, 200), (2, 1, 400)]),
        (false, [-400, 800, -400], vec![(0, 1, 400), (2, 1, 400)]),
    ] {
        let (g, ev) = robbed_added_kong(&[&format!("robbed_kong_as_discard={on}")]);
        let (_, settlement, paid) = scores_of(&ev);
        assert_eq!(settlement, settlement_wanted, "robbed_kong_as_discard={on}");
        assert_eq!(paid, paid_wanted);
        table_scores_as_played(&g, &settlement);
    }
}

#[test]
fn my3_j2_three_jokers_win_as_a_pung_of_their_own_where_the_option_is_off() {
    // South is dealt RD RD RD GD GD GD 1D 2D 3D 5D JK JK and an animal, replaced by a
    // third joker; after a go-around he draws 5D. With every concealed set holding a
    // natural (the default) his best is 5D 5D JK and a pair JK JK of WD: small three
    // dragons 3 + half flush 1 + animal 1 = 5 fan, B = 100. With
    // `joker_concealed_sets_need_natural` off JK JK JK is a pung of WD: big three dragons,
    // the limit, B = 200. Self-drawn: 2B from each.
    let east = "EW EW SW SW WW WW NW NW 9D 9D 8D 8D 7D 6D";
    let south = "RD RD RD GD GD GD 1D 2D 3D 5D JK JK 1A";
    let west = "1D 1D 2D 2D 3D 4D 4D 4D 6D 6D 7D 7D 9D";
    for (need_natural, b) in [(true, 100), (false, 200)] {
        let r = malaysian_with(&[&format!("joker_concealed_sets_need_natural={need_natural}")]);
        let w = wall3(&r, 0, [east, south, west], "8D 3D 9D 5D", "JK", "");
        let mut g = game3(r, vec![w], 1);
        assert_eq!(g.hand().players()[1].jokers(), 3);
        discard(&mut g, 0, "NW");
        discard_drawn(&mut g, 1);
        discard_drawn(&mut g, 2);
        discard_drawn(&mut g, 0);
        assert_eq!(g.hand().drawn(1), Some(t("5D")));
        act(&mut g, 1, Action::Mahjong);
        let ev = g.take_events();
        let (scores, settlement, _) = scores_of(&ev);
        assert_eq!(scores, [0, b, 0], "need_natural={need_natural}");
        assert_eq!(settlement, [-2 * b as i64, 4 * b as i64, -2 * b as i64]);
        table_scores_as_played(&g, &settlement);
    }
}

#[test]
fn my3_new_options_every_table_scores_as_played() {
    // Every option of MY3-J2, J5, P4, I5 and PAY4 away from its default at once: play and
    // the scorer agree on every finished hand.
    let r = malaysian_with(&[
        "joker_swap=false",
        "rob_concealed_kong=true",
        "robbed_kong_refund=false",
        "robbed_kong_as_discard=false",
        "joker_concealed_sets_need_natural=false",
    ]);
    for seed in 1..=4 {
        let (hands, _) = every_table_scores_as_played_with(r.clone(), seed);
        assert_eq!(hands, 16, "seed {seed}");
    }
}

#[test]
fn my3_i5_p3_a_kept_robbed_kong_payment_counts_once_among_several_winners() {
    // `both_rob_wests_added_kong` with `robbed_kong_refund` off: East and South both rob
    // West's added 5D, each for the limit (B = 200). Each win alone: [600, -200, -400] and
    // [-200, 600, -400]; West's added kong keeps its 50 from East and from South, once:
    // [350, 350, -700].
    let r = malaysian_with(&["multiple_winners=true", "robbed_kong_refund=false"]);
    let ev = both_rob_wests_added_kong(r);
    assert_eq!(winners_of(&ev), [0, 1]);
    assert!(payments(&ev).is_empty(), "nothing is paid back");
    let (scores, settlement, _) = scores_of(&ev);
    assert_eq!(scores, [200, 200, 0]);
    assert_eq!(settlement, [350, 350, -700]);
}
