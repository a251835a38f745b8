//! Scenario tests: whole hands on explicit walls, checked against
//! `shared/rules/classical-millington.md` (§1–§10, §14). Scores and settlements are
//! worked out by hand from the spec; the arithmetic is in the comments.
//!
//! Unless a test says otherwise: hand 0, player 0 is East (so player i sits at wind i),
//! prevailing wind East, the `millington` preset (dead wall 16 tiles, not replenished),
//! and the players not involved hold "inert" hands (see `common::inert`) that can claim
//! nothing and score nothing.

mod common;

use common::*;
use mahjong_engine::{Action, EngineError, Event, Game, PhaseView, SetKind};
use mahjong_hands::KongKind;
use mahjong_rules::WinFrom;
use mahjong_tiles::Wind;

/// Calling on 2D or 5D: 123B 456B 789C + 2345D (234D + pair 5D, or pair 2D + 345D).
const CALLS_2D_5D: &str = "1B 2B 3B 4B 5B 6B 7C 8C 9C 2D 3D 4D 5D";
/// Calling on 2C or 5C: 123B 789D 456C + 34C, pair 5B.
const CALLS_2C_5C: &str = "1B 2B 3B 4C 5C 6C 7D 8D 9D 5B 5B 3C 4C";

fn turn_of(g: &Game) -> PhaseView {
    g.hand().phase_view()
}

// ---------------------------------------------------------------------------------------
// Claim precedence (§5)
// ---------------------------------------------------------------------------------------

/// Player 3 (North) wins on a 5D with 4 chows and the pair 5D:
/// 10 (M115a) + 2 (M115d, minor eyes) = 12 points; M115c does not apply (2D would also
/// have done); M117a (four chows, non-scoring pair) 1 double → 12 × 2 = 24.
/// North is not East: East pays 2 × 24 = 48, South and West 24 each; the losers score 0
/// and settle nothing among themselves: North +96.
const NORTH_WINS_24: ([u64; 4], [i64; 4]) = ([0, 0, 0, 24], [-48, -24, -24, 96]);

#[test]
fn claim_mahjong_beats_a_nearer_pung() {
    let p0 = inert([1, 2, 3], "EW SW RD GD") + " WD";
    let p1 = inert([2, 3, 1], "EW WW NW RD");
    let p2 = "5D 5D 3B 6B 9B 1C 4C 7C SW WW NW GD WD";
    let wall = WallSpec {
        dealer: 0,
        hands: [&p0, &p1, p2, CALLS_2D_5D],
        draws: "5D",
        pad: 8,
        loose: "",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall], 1);
    discard(&mut g, 0, "WD");
    assert_eq!(g.view(1).drawn, Some(t("5D")));
    g.take_events();

    // South discards 5D: West (nearer) may pung, North may go out.
    act(&mut g, 1, discard_action("5D"));
    assert_eq!(g.pending(), vec![2, 3]);
    assert_eq!(g.legal_actions(2), vec![Action::Pass, Action::Pung]);
    assert_eq!(g.legal_actions(3), vec![Action::Pass, Action::Mahjong]);
    act(&mut g, 2, Action::Pung);
    act(&mut g, 3, Action::Mahjong);

    let ev = g.take_events();
    assert_eq!(
        ev[..5],
        [
            Event::Decision {
                player: 1,
                action: discard_action("5D")
            },
            Event::Discard {
                player: 1,
                tile: t("5D"),
                call: false,
                calling: false,
            },
            Event::Decision {
                player: 2,
                action: Action::Pung
            },
            Event::Decision {
                player: 3,
                action: Action::Mahjong
            },
            Event::Mahjong {
                player: 3,
                tile: t("5D"),
                from: WinFrom::Discard,
                supplier: Some(1),
                dealt: false,
            },
        ]
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::Set { .. })));
    assert!(matches!(ev[5], Event::Reveal { .. }));
    assert!(matches!(ev[6], Event::Scores { .. }));
    assert!(matches!(ev[7], Event::GameEnd { .. }));
    let (scores, limits, settlement, cannon) = scores_of(&ev);
    assert_eq!(scores, NORTH_WINS_24.0);
    assert_eq!(settlement, NORTH_WINS_24.1);
    assert_eq!(limits, vec![None; 4]);
    assert_eq!(cannon, None);
}

#[test]
fn claim_pung_beats_chow_and_only_the_next_player_may_chow() {
    let p0 = inert([1, 2, 3], "EW SW RD GD") + " WD";
    let p1 = inert([2, 3, 1], "EW WW NW RD");
    // West, next after South: 3D 4D for a chow of 5D.
    let p2 = "3D 4D 3B 6B 9B 1C 4C 7C SW WW NW GD WD";
    // North: a pair of 5D, and 4D 6D which would chow 5D were he next.
    let p3 = "5D 5D 4D 6D 1B 4B 7B 2C 5C 8C EW SW WW";
    let wall = WallSpec {
        dealer: 0,
        hands: [&p0, &p1, p2, p3],
        draws: "5D",
        pad: 8,
        loose: "",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall], 1);
    discard(&mut g, 0, "WD");
    g.take_events();

    act(&mut g, 1, discard_action("5D"));
    assert_eq!(g.pending(), vec![2, 3]);
    assert_eq!(
        g.legal_actions(2),
        vec![Action::Pass, Action::Chow { first: t("3D") }]
    );
    // No Chow for North although he holds 4D 6D.
    assert_eq!(g.legal_actions(3), vec![Action::Pass, Action::Pung]);
    let chow = Action::Chow { first: t("4D") };
    assert_eq!(
        g.act(3, chow),
        Err(EngineError::Illegal {
            player: 3,
            action: chow
        })
    );

    // The chow is claimed first; the pung still wins.
    let p2_before = g.hand().players()[2].clone();
    act(&mut g, 2, Action::Chow { first: t("3D") });
    act(&mut g, 3, Action::Pung);
    let ev = g.take_events();
    assert_eq!(
        ev,
        vec![
            Event::Decision {
                player: 1,
                action: discard_action("5D")
            },
            Event::Discard {
                player: 1,
                tile: t("5D"),
                call: false,
                calling: false,
            },
            Event::Decision {
                player: 2,
                action: Action::Chow { first: t("3D") }
            },
            Event::Decision {
                player: 3,
                action: Action::Pung
            },
            Event::Set {
                player: 3,
                kind: SetKind::Pung,
                tile: t("5D"),
                from: Some(1),
                jokers: 0,
            },
        ]
    );
    assert_eq!(turn_of(&g), PhaseView::Turn { player: 3 });
    let v = g.view(3);
    assert_eq!(v.drawn, None);
    assert_eq!(v.public[3].sets.len(), 1);
    let set = v.public[3].sets[0];
    assert_eq!(
        (set.kind, set.tile, set.exposed),
        (SetKind::Pung, t("5D"), true)
    );
    assert_eq!(v.public[1].discards, vec![(t("5D"), true)]);
    assert_eq!(g.hand().players()[2], p2_before, "West keeps his tiles");
    // After a claim only a discard may follow.
    assert!(g
        .legal_actions(3)
        .iter()
        .all(|a| matches!(a, Action::Discard { call: false, .. })));
}

#[test]
fn claim_chow_by_the_next_player() {
    let p0 = inert([1, 2, 3], "EW SW RD GD") + " WD";
    let p1 = inert([2, 3, 1], "EW WW NW RD");
    let p2 = "3D 4D 3B 6B 9B 1C 4C 7C SW WW NW GD WD";
    // North holds every chow partner of 5D but no pair: he is asked nothing.
    let p3 = "3D 4D 6D 7D 1B 4B 7B 2C 5C 8C EW SW WW";
    let wall = WallSpec {
        dealer: 0,
        hands: [&p0, &p1, p2, p3],
        draws: "5D",
        pad: 8,
        loose: "",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall], 1);
    discard(&mut g, 0, "WD");
    g.take_events();

    act(&mut g, 1, discard_action("5D"));
    assert_eq!(g.pending(), vec![2]);
    assert_eq!(g.legal_actions(3), vec![]);
    assert_eq!(
        g.act(3, Action::Chow { first: t("4D") }),
        Err(EngineError::NotYourTurn { player: 3 })
    );
    act(&mut g, 2, Action::Chow { first: t("3D") });
    let ev = g.take_events();
    assert_eq!(
        ev[2..],
        [
            Event::Decision {
                player: 2,
                action: Action::Chow { first: t("3D") }
            },
            Event::Set {
                player: 2,
                kind: SetKind::Chow,
                tile: t("3D"),
                from: Some(1),
                jokers: 0,
            },
        ]
    );
    assert_eq!(turn_of(&g), PhaseView::Turn { player: 2 });
    let v = g.view(2);
    assert_eq!(v.drawn, None);
    assert_eq!(v.concealed.len(), 11);
    assert!(!v.concealed.contains(&t("3D")) && !v.concealed.contains(&t("4D")));
    let set = v.public[2].sets[0];
    assert_eq!(
        (set.kind, set.tile, set.exposed),
        (SetKind::Chow, t("3D"), true)
    );
}

#[test]
fn claim_two_mahjongs_nearest_after_the_discarder_wins() {
    // East calls on 5D (123C 456C 789B 46D 88D) after discarding WD; so does North.
    let p0 = "1C 2C 3C 4C 5C 6C 7B 8B 9B 4D 6D 8D 8D WD";
    let p1 = inert([2, 3, 1], "EW WW NW RD");
    let p2 = inert([3, 1, 2], "SW WW GD WD");
    let wall = WallSpec {
        dealer: 0,
        hands: [p0, &p1, &p2, CALLS_2D_5D],
        draws: "5D",
        pad: 8,
        loose: "",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall], 1);
    discard(&mut g, 0, "WD");
    g.take_events();

    act(&mut g, 1, discard_action("5D"));
    assert_eq!(g.pending(), vec![0, 3]);
    assert_eq!(g.legal_actions(0), vec![Action::Pass, Action::Mahjong]);
    assert_eq!(g.legal_actions(3), vec![Action::Pass, Action::Mahjong]);
    // East (the lower index) claims first; after South come West, North, East: North wins.
    act(&mut g, 0, Action::Mahjong);
    act(&mut g, 3, Action::Mahjong);
    let ev = g.take_events();
    let wins: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e, Event::Mahjong { .. }))
        .collect();
    assert_eq!(
        wins,
        [&Event::Mahjong {
            player: 3,
            tile: t("5D"),
            from: WinFrom::Discard,
            supplier: Some(1),
            dealt: false,
        }]
    );
    let (scores, _, settlement, cannon) = scores_of(&ev);
    // As in `claim_mahjong_beats_a_nearer_pung`; East's 13 tiles score nothing (8D pair
    // is a minor pair).
    assert_eq!(scores, NORTH_WINS_24.0);
    assert_eq!(settlement, NORTH_WINS_24.1);
    assert_eq!(cannon, None);
}

// ---------------------------------------------------------------------------------------
// Robbing a kong (§7)
// ---------------------------------------------------------------------------------------

#[test]
fn rob_annexed_kong_m117k() {
    let p0 = inert([1, 2, 3], "EW SW RD GD") + " 5D";
    let p1 = inert([2, 3, 1], "EW WW NW RD");
    let p2 = "5D 5D 3B 6B 9B 1C 4C 7C SW WW NW GD WD";
    // North: 123B 456B 789C 4D 6D 9D + NW; draws 9D, discards NW: calling on 5D only.
    let p3 = "1B 2B 3B 4B 5B 6B 7C 8C 9C 4D 6D 9D NW";
    let wall = WallSpec {
        dealer: 0,
        hands: [&p0, &p1, p2, p3],
        // North, East, South draw; West draws the fourth 5D.
        draws: "9D 8B 2C 5D",
        pad: 8,
        loose: "WD",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall], 1);
    act(&mut g, 0, discard_action("5D"));
    assert_eq!(g.pending(), vec![2]);
    act(&mut g, 2, Action::Pung);
    discard(&mut g, 2, "WD");
    discard(&mut g, 3, "NW");
    discard_drawn(&mut g, 0);
    discard_drawn(&mut g, 1);
    assert_eq!(g.view(2).drawn, Some(t("5D")));
    assert!(g
        .legal_actions(2)
        .contains(&Action::AnnexKong { tile: t("5D") }));
    g.take_events();

    act(&mut g, 2, Action::AnnexKong { tile: t("5D") });
    assert_eq!(
        turn_of(&g),
        PhaseView::Rob {
            konger: 2,
            tile: t("5D"),
            aside: false
        }
    );
    assert_eq!(g.pending(), vec![3]);
    assert_eq!(g.legal_actions(3), vec![Action::Pass, Action::Mahjong]);
    act(&mut g, 3, Action::Mahjong);
    let ev = g.take_events();
    assert_eq!(
        ev[..4],
        [
            Event::Decision {
                player: 2,
                action: Action::AnnexKong { tile: t("5D") }
            },
            Event::Set {
                player: 2,
                kind: SetKind::Kong(KongKind::Annexed),
                tile: t("5D"),
                from: None,
                jokers: 0,
            },
            Event::Decision {
                player: 3,
                action: Action::Mahjong
            },
            Event::Mahjong {
                player: 3,
                tile: t("5D"),
                from: WinFrom::RobbedKong,
                supplier: Some(2),
                dealt: false,
            },
        ]
    );
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Draw { .. })),
        "no loose tile"
    );
    // North: 123B 456B 789C 456D (exposed by the robbed tile) 99D.
    //   10 (M115a) + 2 (M115c: only 5D fitted 4D_6D) = 12 points;
    //   M117a 1 + M117k 1 = 2 doubles → 48.
    // West keeps an exposed pung of 5D: 2 points (M114b).
    // North +48 × (2 + 1 + 1) = 192; East −96, South −48, West −48;
    // losers: East pays West 2 × (2 − 0) = 4, South pays West 2 − 0 = 2.
    let (scores, _, settlement, cannon) = scores_of(&ev);
    assert_eq!(scores, [0, 0, 2, 48]);
    assert_eq!(settlement, [-100, -50, -42, 192]);
    assert_eq!(cannon, None);
    let items = winner_items(&g);
    assert!(items.contains(&("M117k", 0, 1)), "{items:?}");
    assert!(items.contains(&("M115c", 2, 0)), "{items:?}");
    // The kong went back to a pung.
    let set = g.view(0).public[2].sets[0];
    assert_eq!(
        (set.kind, set.tile, set.exposed),
        (SetKind::Pung, t("5D"), true)
    );
}

#[test]
fn rob_concealed_kong_not_offered_to_a_regular_hand() {
    let p0 = "5D 5D 5D 5D 1B 4B 7B 2C 5C 8C EW SW RD GD";
    let p1 = inert([2, 3, 1], "EW WW NW RD");
    let p2 = inert([3, 1, 3], "SW WW NW GD");
    // North would go out with 5D (456D) on a discard or an annexed kong.
    let p3 = "1B 2B 3B 4B 5B 6B 7C 8C 9C 4D 6D 9D 9D";
    let wall = WallSpec {
        dealer: 0,
        hands: [p0, &p1, &p2, p3],
        draws: "",
        pad: 8,
        loose: "WD",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall], 1);
    g.take_events();
    assert!(g
        .legal_actions(0)
        .contains(&Action::ConcealedKong { tile: t("5D") }));
    act(&mut g, 0, Action::ConcealedKong { tile: t("5D") });
    assert_eq!(
        g.take_events(),
        vec![
            Event::Decision {
                player: 0,
                action: Action::ConcealedKong { tile: t("5D") }
            },
            Event::Set {
                player: 0,
                kind: SetKind::Kong(KongKind::Concealed),
                tile: t("5D"),
                from: None,
                jokers: 0,
            },
            Event::Draw {
                player: 0,
                tile: Some(t("WD")),
                loose: true
            },
        ]
    );
    assert_eq!(g.pending(), vec![0]);
    assert_eq!(turn_of(&g), PhaseView::Turn { player: 0 });
    assert_eq!(g.legal_actions(3), vec![]);
}

/// East declares a concealed kong of 9C; West holds the twelve other majors and a second
/// WD: he robs it for Thirteen Unique Wonders.
fn thirteen_wonders_rob() -> Game {
    let p0 = "9C 9C 9C 9C 2B 3B 5B 8B 2C 5C 8C 2D 5D 8D";
    let p1 = inert([1, 1, 3], "EW SW RD GD");
    let p2 = "1B 9B 1C 1D 9D EW SW WW NW RD GD WD WD";
    let p3 = inert([3, 2, 1], "WW NW RD GD");
    let wall = WallSpec {
        dealer: 0,
        hands: [p0, &p1, p2, &p3],
        draws: "",
        pad: 8,
        loose: "6B",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall], 1);
    g.take_events();
    act(&mut g, 0, Action::ConcealedKong { tile: t("9C") });
    assert_eq!(g.pending(), vec![2]);
    assert_eq!(g.legal_actions(2), vec![Action::Pass, Action::Mahjong]);
    act(&mut g, 2, Action::Mahjong);
    g
}

#[test]
fn rob_concealed_kong_for_thirteen_unique_wonders() {
    let mut g = thirteen_wonders_rob();
    let ev = g.take_events();
    assert_eq!(
        ev[1..4],
        [
            Event::Set {
                player: 0,
                kind: SetKind::Kong(KongKind::Concealed),
                tile: t("9C"),
                from: None,
                jokers: 0,
            },
            Event::Decision {
                player: 2,
                action: Action::Mahjong
            },
            Event::Mahjong {
                player: 2,
                tile: t("9C"),
                from: WinFrom::RobbedKong,
                supplier: Some(0),
                dealt: false,
            },
        ]
    );
    let (scores, limits, _, cannon) = scores_of(&ev);
    assert_eq!(scores[2], 1000);
    assert_eq!(limits[2].as_deref(), Some("M122q"));
    assert_eq!(cannon, None);
    let items = winner_items(&g);
    assert!(items.iter().any(|i| i.0 == "M117k"), "{items:?}");
}

#[test]
fn robbed_concealed_kong_leaves_the_konger_a_concealed_pung() {
    let mut g = thirteen_wonders_rob();
    let ev = g.take_events();
    // East keeps three 9C: a concealed pung of majors, 8 points (M114b), not a kong (32).
    // West +1000 × (2 + 1 + 1) = 4000: East −2000, South −1000, North −1000;
    // losers: South and North each pay East 2 × 8 = 16.
    let (scores, _, settlement, _) = scores_of(&ev);
    assert_eq!(scores, [8, 0, 1000, 0]);
    assert_eq!(settlement, [-1968, -1016, 4000, -1016]);
    // Physically: three 9C left with East (declared or not), one with West.
    let st = &g.hand().players()[0];
    let mut c = [0u8; mahjong_tiles::KINDS];
    st.melds.iter().for_each(|m| m.add_to(&mut c));
    st.concealed()
        .iter()
        .for_each(|x| c[x.kind().unwrap()] += 1);
    assert_eq!(c[t("9C").kind().unwrap()], 3, "{:?}", st.melds);
}

// ---------------------------------------------------------------------------------------
// Kong upon Kong, Heaven's and Earth's Blessings (§13)
// ---------------------------------------------------------------------------------------

#[test]
fn kong_upon_kong_m122f() {
    let p0 = inert([1, 1, 1], "EW SW RD GD") + " NW";
    // South: 2B ×3, 3C ×3, 456D 789D, 5B.
    let p1 = "2B 2B 2B 3C 3C 3C 4D 5D 6D 7D 8D 9D 5B";
    let p2 = inert([3, 2, 2], "WW NW RD GD");
    let p3 = inert([1, 2, 3], "EW SW WW WD");
    let wall = WallSpec {
        dealer: 0,
        hands: [&p0, p1, &p2, &p3],
        draws: "2B",
        pad: 8,
        loose: "3C 5B",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall], 1);
    discard(&mut g, 0, "NW");
    assert_eq!(g.view(1).drawn, Some(t("2B")));
    g.take_events();
    act(&mut g, 1, Action::ConcealedKong { tile: t("2B") });
    act(&mut g, 1, Action::ConcealedKong { tile: t("3C") });
    act(&mut g, 1, Action::Mahjong);
    let ev = g.take_events();
    let ck = |tile| Event::Set {
        player: 1,
        kind: SetKind::Kong(KongKind::Concealed),
        tile,
        from: None,
        jokers: 0,
    };
    let loose = |tile| Event::Draw {
        player: 1,
        tile: Some(tile),
        loose: true,
    };
    let dec = |action| Event::Decision { player: 1, action };
    assert_eq!(
        ev[..8],
        [
            dec(Action::ConcealedKong { tile: t("2B") }),
            ck(t("2B")),
            loose(t("3C")),
            dec(Action::ConcealedKong { tile: t("3C") }),
            ck(t("3C")),
            loose(t("5B")),
            dec(Action::Mahjong),
            Event::Mahjong {
                player: 1,
                tile: t("5B"),
                from: WinFrom::Loose,
                supplier: None,
                dealt: false,
            },
        ]
    );
    // Limit 1000; South is not East: East pays 2000, West and North 1000 each.
    let (scores, limits, settlement, _) = scores_of(&ev);
    assert_eq!(scores, [0, 1000, 0, 0]);
    assert_eq!(limits[1].as_deref(), Some("M122f"));
    assert_eq!(settlement, [-2000, 4000, -1000, -1000]);
}

#[test]
fn heavens_blessing_m122a() {
    // East is dealt 1F and 123B 234B 456C 789D 5D; the flower's replacement, 5D, completes.
    let p0 = "1F 1B 2B 3B 2B 3B 4B 4C 5C 6C 7D 8D 9D 5D";
    let p1 = inert([1, 1, 1], "EW SW RD GD");
    let p2 = inert([2, 2, 2], "WW NW RD GD");
    let p3 = inert([3, 3, 3], "EW SW WW WD");
    let wall = WallSpec {
        dealer: 0,
        hands: [p0, &p1, &p2, &p3],
        draws: "5D",
        pad: 8,
        loose: "",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall], 1);
    let ev = g.take_events();
    assert_eq!(
        ev[0],
        Event::HandStart {
            hand: 0,
            prevailing: Wind::East,
            dealer: 0,
            dice: None,
            dora: None
        }
    );
    assert_eq!(
        ev[5..],
        [
            Event::Bonus {
                player: 0,
                tile: t("1F")
            },
            Event::Draw {
                player: 0,
                tile: Some(t("5D")),
                loose: false
            },
        ]
    );
    assert!(g.legal_actions(0).contains(&Action::Mahjong));
    act(&mut g, 0, Action::Mahjong);
    let ev = g.take_events();
    assert!(matches!(
        ev[1],
        Event::Mahjong {
            player: 0,
            supplier: None,
            ..
        }
    ));
    // Limit 1000; East wins: each pays 2 × 1000.
    let (scores, limits, settlement, _) = scores_of(&ev);
    assert_eq!(scores, [1000, 0, 0, 0]);
    assert_eq!(limits[0].as_deref(), Some("M122a"));
    assert_eq!(settlement, [6000, -2000, -2000, -2000]);
    assert_eq!(g.act(1, Action::Pass), Err(EngineError::Over));
}

#[test]
fn earths_blessing_m122b() {
    let p0 = inert([1, 2, 3], "EW SW RD GD") + " 5D";
    let p1 = inert([2, 3, 1], "EW WW NW RD");
    let p3 = inert([3, 1, 2], "SW WW NW GD");
    let wall = WallSpec {
        dealer: 0,
        hands: [&p0, &p1, CALLS_2D_5D, &p3],
        draws: "",
        pad: 8,
        loose: "",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall], 1);
    act(&mut g, 0, discard_action("5D"));
    assert_eq!(g.pending(), vec![2]);
    act(&mut g, 2, Action::Mahjong);
    let ev = g.take_events();
    assert!(ev.contains(&Event::Mahjong {
        player: 2,
        tile: t("5D"),
        from: WinFrom::Discard,
        supplier: Some(0),
        dealt: false,
    }));
    // Limit 1000; West is not East: East pays 2000, South and North 1000 each.
    let (scores, limits, settlement, cannon) = scores_of(&ev);
    assert_eq!(scores, [0, 0, 1000, 0]);
    assert_eq!(limits[2].as_deref(), Some("M122b"));
    assert_eq!(settlement, [-2000, -1000, 4000, -1000]);
    assert_eq!(cannon, None);
}

#[test]
fn heavens_blessing_after_a_kong_replacement() {
    // M122a counts East's dealt hand "after bonus and kong replacements": East declares
    // his dealt 5D kong before play and the loose tile 9B completes 123B 456C 789D 99B.
    let p0 = "5D 5D 5D 5D 1B 2B 3B 4C 5C 6C 7D 8D 9D 9B";
    let p1 = inert([1, 1, 1], "EW SW RD GD");
    let p2 = inert([2, 2, 3], "WW NW RD GD");
    let p3 = inert([3, 3, 1], "EW SW WW WD");
    let wall = WallSpec {
        dealer: 0,
        hands: [p0, &p1, &p2, &p3],
        draws: "",
        pad: 8,
        loose: "9B",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall], 1);
    act(&mut g, 0, Action::ConcealedKong { tile: t("5D") });
    assert_eq!(g.view(0).drawn, Some(t("9B")));
    act(&mut g, 0, Action::Mahjong);
    let ev = g.take_events();
    // Limit 1000; East collects 2000 from each.
    let (scores, limits, settlement, _) = scores_of(&ev);
    assert_eq!(limits[0].as_deref(), Some("M122a"));
    assert_eq!(scores, [1000, 0, 0, 0]);
    assert_eq!(settlement, [6000, -2000, -2000, -2000]);
}

#[test]
fn earths_blessing_after_easts_concealed_kong() {
    // East declares his dealt RD kong before play (M32), takes the loose tile and makes
    // his first discard, 5D: it is still the first discard of the hand (M122b).
    let p0 = "RD RD RD RD 1B 4B 7B 2C 5C 8C 3D 6D EW 5D";
    let p1 = inert([2, 3, 1], "EW WW NW GD");
    let p3 = inert([3, 1, 2], "SW WW GD WD");
    let wall = WallSpec {
        dealer: 0,
        hands: [p0, &p1, CALLS_2D_5D, &p3],
        draws: "",
        pad: 8,
        loose: "SW",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall], 1);
    act(&mut g, 0, Action::ConcealedKong { tile: t("RD") });
    act(&mut g, 0, discard_action("5D"));
    assert_eq!(g.pending(), vec![2]);
    act(&mut g, 2, Action::Mahjong);
    let ev = g.take_events();
    // West: limit 1000 (East pays 2000, South and North 1000).
    // East as a loser: concealed kong of dragons 32 points, M116d 1 double → 64;
    // South and North each pay him 2 × 64 = 128.
    // East −2000 + 256 = −1744; South and North −1000 − 128 = −1128.
    let (scores, limits, settlement, _) = scores_of(&ev);
    assert_eq!(limits[2].as_deref(), Some("M122b"));
    assert_eq!(scores, [64, 0, 1000, 0]);
    assert_eq!(settlement, [-1744, -1128, 4000, -1128]);
}

// ---------------------------------------------------------------------------------------
// The end of the live wall (M117i, M117j, M90g), washouts (§10)
// ---------------------------------------------------------------------------------------

#[test]
fn last_tile_of_the_live_wall_m117i() {
    let p0 = inert([1, 2, 3], "EW SW RD GD") + " NW";
    let p2 = inert([2, 3, 1], "EW WW NW RD");
    let p3 = inert([3, 1, 2], "SW WW GD WD");
    // Live wall after the deal: exactly 5 tiles; South draws the last one, 2C.
    let wall = WallSpec {
        dealer: 0,
        hands: [&p0, CALLS_2C_5C, &p2, &p3],
        draws: "RD GD WD WD 2C",
        pad: 0,
        loose: "",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall], 1);
    assert_eq!(g.view(0).live_wall, 5);
    discard(&mut g, 0, "NW");
    discard_drawn(&mut g, 1);
    discard_drawn(&mut g, 2);
    discard_drawn(&mut g, 3);
    discard_drawn(&mut g, 0);
    assert_eq!(g.view(1).drawn, Some(t("2C")));
    assert_eq!(g.view(1).live_wall, 0);
    act(&mut g, 1, Action::Mahjong);
    let ev = g.take_events();
    assert!(ev.contains(&Event::Mahjong {
        player: 1,
        tile: t("2C"),
        from: WinFrom::Wall,
        supplier: None,
        dealt: false,
    }));
    // South: 123B 234C 456C 789D 55B, all drawn.
    //   10 (M115a) + 2 (M115b) = 12 points (5C would also have done: no M115c);
    //   M117a 1 + M117c 1 + M117i 1 = 3 doubles → 96.
    // East pays 192, West and North 96: South +384.
    let (scores, _, settlement, cannon) = scores_of(&ev);
    assert_eq!(scores, [0, 96, 0, 0]);
    assert_eq!(settlement, [-192, 384, -96, -96]);
    assert_eq!(cannon, None);
    let items = winner_items(&g);
    assert!(items.contains(&("M117i", 0, 1)), "{items:?}");
    assert!(!items.iter().any(|i| i.0 == "M117j"), "{items:?}");
}

/// West calls on 2C/5C; South draws the last tile of the live wall, 5C, and discards it.
/// East's first discard is `first`.
fn last_discard_game(first: &str) -> Game {
    let p0 = inert([1, 2, 3], "EW SW RD GD") + " " + first;
    let p1 = inert([2, 3, 1], "EW WW NW RD");
    let p3 = inert([3, 1, 2], "SW WW GD WD");
    let wall = WallSpec {
        dealer: 0,
        hands: [&p0, &p1, CALLS_2C_5C, &p3],
        draws: "RD GD WD WD 5C",
        pad: 0,
        loose: "",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall], 1);
    discard(&mut g, 0, first); // (West lets a first 5C go: no Earth's Blessing)
    discard_drawn(&mut g, 1);
    discard_drawn(&mut g, 2);
    discard_drawn(&mut g, 3);
    discard_drawn(&mut g, 0);
    assert_eq!(g.view(1).drawn, Some(t("5C")));
    assert_eq!(g.view(1).live_wall, 0);
    act(&mut g, 1, discard_action("5C"));
    assert_eq!(g.pending(), vec![2]);
    act(&mut g, 2, Action::Mahjong);
    g
}

// West: 123B 345C 456C 789D 55B with South's discard: 10 points (M115a; 2C would also
// have done); M117a 1 + M117j 1 = 2 doubles → 40. East pays 80, South and North 40.
const WEST_WINS_40: [u64; 4] = [0, 0, 40, 0];

#[test]
fn discard_after_the_last_tile_m117j() {
    // A 5C has been discarded already: South's 5C is not an unseen tile (no M90g).
    let mut g = last_discard_game("5C");
    let ev = g.take_events();
    assert!(ev.contains(&Event::Mahjong {
        player: 2,
        tile: t("5C"),
        from: WinFrom::Discard,
        supplier: Some(1),
        dealt: false,
    }));
    let (scores, _, settlement, cannon) = scores_of(&ev);
    assert_eq!(scores, WEST_WINS_40);
    assert_eq!(settlement, [-80, -40, 160, -40]);
    assert_eq!(cannon, None);
    let items = winner_items(&g);
    assert!(items.contains(&("M117j", 0, 1)), "{items:?}");
    assert!(!items.iter().any(|i| i.0 == "M117i"), "{items:?}");
}

#[test]
fn dangerous_m90g_unseen_tile_late_in_the_hand() {
    // No 5C is visible and the live wall is empty (≤ 4): South's 5C, which lets West go
    // out, is dangerous; South pays everything: 2 × 40 + 40 + 40 = 160.
    let mut g = last_discard_game("NW");
    let ev = g.take_events();
    let (scores, _, settlement, cannon) = scores_of(&ev);
    assert_eq!(scores, WEST_WINS_40);
    assert_eq!(cannon, Some(1));
    assert_eq!(settlement, [0, -160, 160, 0]);
}

/// Four inert hands (East one tile more) and `pad` filler tiles in the live wall.
fn washout_wall(dealer: usize, pad: usize) -> Vec<mahjong_tiles::Tile> {
    let mut hands = [
        inert([1, 2, 3], "EW SW RD GD"),
        inert([2, 3, 1], "EW WW NW RD"),
        inert([3, 1, 2], "SW WW NW GD"),
        inert([1, 2, 3], "EW SW WW WD"),
    ];
    hands.rotate_right(dealer);
    hands[dealer] += " WD";
    WallSpec {
        dealer,
        hands: [&hands[0], &hands[1], &hands[2], &hands[3]],
        draws: "",
        pad,
        loose: "",
        dead: 16,
    }
    .build()
}

#[test]
fn washout_east_keeps_the_deal() {
    let mut g = game(ruleset(&[]), vec![washout_wall(0, 4)], 2);
    g.take_events();
    let ev = play_out(&mut g);
    assert_eq!(live_draws(&ev[..ev.len() - 5]), 4);
    let w = ev
        .iter()
        .position(|e| *e == Event::Washout)
        .expect("washout");
    assert!(!ev.iter().any(|e| matches!(e, Event::Mahjong { .. })));
    let (scores, limits, settlement, cannon) = scores_of(&ev[w..]);
    assert_eq!(
        (scores, limits, settlement, cannon),
        (vec![0; 4], vec![None; 4], vec![0; 4], None)
    );
    assert!(matches!(ev[w + 1], Event::Scores { .. }));
    assert!(matches!(
        ev[w + 2],
        Event::HandStart {
            hand: 1,
            prevailing: Wind::East,
            dealer: 0,
            ..
        }
    ));
    assert_eq!(g.totals(), [0; 4]);
    assert_eq!(g.summary().washouts, 1);
    let v = g.view(0);
    assert_eq!(
        (v.dealer, v.wind, v.prevailing),
        (0, Wind::East, Wind::East)
    );
}

// ---------------------------------------------------------------------------------------
// East's title (M11, M12–M13, M122r)
// ---------------------------------------------------------------------------------------

/// A hand where `winner` goes out on the dealer's first discard, 5D (Earth's Blessing,
/// limit 1000).
fn earth_wall(dealer: usize, winner: usize) -> Vec<mahjong_tiles::Tile> {
    let patterns = [
        inert([1, 2, 3], "EW SW RD GD"),
        inert([2, 3, 1], "EW WW NW RD"),
        inert([3, 1, 2], "SW WW NW GD"),
    ];
    let mut hands: Vec<String> = Vec::new();
    let mut next = patterns.iter();
    for p in 0..4 {
        let mut h = if p == winner {
            CALLS_2D_5D.to_string()
        } else {
            next.next().unwrap().clone()
        };
        if p == dealer {
            h += " 5D";
        }
        hands.push(h);
    }
    WallSpec {
        dealer,
        hands: [&hands[0], &hands[1], &hands[2], &hands[3]],
        draws: "",
        pad: 8,
        loose: "",
        dead: 16,
    }
    .build()
}

fn hand_starts(ev: &[Event]) -> Vec<(u32, Wind, usize)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::HandStart {
                hand,
                prevailing,
                dealer,
                ..
            } => Some((*hand, *prevailing, *dealer)),
            _ => None,
        })
        .collect()
}

#[test]
fn east_rotates_after_another_player_wins() {
    // (dealer → winner): 0 → 1, 1 → 3, 2 → 0, 3 → washout, 3 → 1.
    let walls = vec![
        earth_wall(0, 1),
        earth_wall(1, 3),
        earth_wall(2, 0),
        washout_wall(3, 4),
        earth_wall(3, 1),
    ];
    let mut g = game(ruleset(&[]), walls, 6);
    let mut ev = g.take_events();
    for (dealer, winner) in [(0, 1), (1, 3), (2, 0)] {
        act(&mut g, dealer, discard_action("5D"));
        assert_eq!(g.pending(), vec![winner]);
        act(&mut g, winner, Action::Mahjong);
        ev.extend(g.take_events());
    }
    ev.extend(play_out(&mut g)); // the washout: North stays East
    act(&mut g, 3, discard_action("5D"));
    act(&mut g, 1, Action::Mahjong);
    ev.extend(g.take_events());
    use Wind::*;
    assert_eq!(
        hand_starts(&ev),
        [
            (0, East, 0),
            (1, East, 1),
            (2, East, 2),
            (3, East, 3),
            (4, East, 3),
            // All four have been East: the South round begins with player 0.
            (5, South, 0),
        ]
    );
    // Four limit hands (Earth's Blessing): winner +4000, East −2000, others −1000.
    // P0: −2000 −1000 +4000 −1000 = 0;   P1: +4000 −2000 −1000 +4000 = 5000;
    // P2: −1000 −1000 −2000 −1000 = −5000; P3: −1000 +4000 −1000 −2000 = 0.
    assert_eq!(g.totals(), [0, 5000, -5000, 0]);
    assert_eq!(g.summary().washouts, 1);
    assert_eq!(g.summary().wins, [1, 2, 0, 1]);
}

#[test]
fn east_thirteenth_consecutive_win_m122r() {
    // East calls on 2C/5C after discarding NW and draws 2C on his first draw.
    let p0 = CALLS_2C_5C.to_string() + " NW";
    let p1 = inert([2, 3, 1], "EW WW NW RD");
    let p2 = inert([3, 1, 2], "SW WW GD WD");
    let p3 = inert([1, 2, 3], "EW SW RD GD");
    let wall = WallSpec {
        dealer: 0,
        hands: [&p0, &p1, &p2, &p3],
        draws: "RD GD WD 2C",
        pad: 8,
        loose: "",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall; 13], 14);
    g.take_events();
    for hand in 0..13u32 {
        assert_eq!(g.view(0).dealer, 0);
        discard(&mut g, 0, "NW");
        discard_drawn(&mut g, 1);
        discard_drawn(&mut g, 2);
        discard_drawn(&mut g, 3);
        assert_eq!(g.view(0).drawn, Some(t("2C")));
        act(&mut g, 0, Action::Mahjong);
        let ev = g.take_events();
        let (scores, limits, settlement, _) = scores_of(&ev);
        if hand < 12 {
            // 123B 234C 456C 789D 55B self-drawn: 10 + 2 (M115b) = 12 points;
            // M117a + M117c = 2 doubles → 48; East collects 2 × 48 from each.
            assert_eq!(scores, [48, 0, 0, 0], "hand {hand}");
            assert_eq!(limits, vec![None; 4], "hand {hand}");
            assert_eq!(settlement, [288, -96, -96, -96], "hand {hand}");
            assert_eq!(hand_starts(&ev), [(hand + 1, Wind::East, 0)]);
        } else {
            // The 13th in a row is a limit hand; then the title passes to South.
            assert_eq!(scores, [1000, 0, 0, 0]);
            assert_eq!(limits[0].as_deref(), Some("M122r"));
            assert_eq!(settlement, [6000, -2000, -2000, -2000]);
            assert_eq!(hand_starts(&ev), [(13, Wind::East, 1)]);
        }
    }
    // 12 × 288 + 6000 = 9456; the others 12 × −96 − 2000 = −3152.
    assert_eq!(g.totals(), [9456, -3152, -3152, -3152]);
    assert_eq!(g.summary().limit_hands.get("M122r"), Some(&1));
}

// ---------------------------------------------------------------------------------------
// Dangerous discards (§9)
// ---------------------------------------------------------------------------------------

/// West (player 2) claims three pungs from North's discards; North then discards again.
struct Cannon<'a> {
    /// East's 14 tiles, and the tile he discards first.
    p0: &'a str,
    first: &'a str,
    p1: &'a str,
    /// West: pairs of the three pung tiles, three junk tiles and four more.
    p2: &'a str,
    /// North: the pung tiles and the dangerous tiles among his 13.
    p3: &'a str,
    /// South's and West's first draws (discarded), North's four draws (kept), and more.
    draws: &'a str,
    pungs: [&'a str; 3],
    junk: [&'a str; 3],
}

impl Cannon<'_> {
    /// Plays up to North's fourth turn: he has drawn and West has three exposed pungs.
    fn start(&self) -> Game {
        let wall = WallSpec {
            dealer: 0,
            hands: [self.p0, self.p1, self.p2, self.p3],
            draws: self.draws,
            pad: 8,
            loose: "",
            dead: 16,
        }
        .build();
        let mut g = game(ruleset(&[]), vec![wall], 1);
        discard(&mut g, 0, self.first);
        discard_drawn(&mut g, 1);
        discard_drawn(&mut g, 2);
        for (pung, junk) in self.pungs.iter().zip(self.junk) {
            act(&mut g, 3, discard_action(pung));
            claim(&mut g, 2, Action::Pung);
            discard(&mut g, 2, junk);
        }
        assert_eq!(g.view(2).public[2].sets.len(), 3);
        assert_eq!(turn_of(&g), PhaseView::Turn { player: 3 });
        g.take_events();
        g
    }

    /// North discards `x` and West goes out on it.
    fn finish(&self, x: &str) -> (Game, Vec<Event>) {
        let mut g = self.start();
        act(&mut g, 3, discard_action(x));
        claim(&mut g, 2, Action::Mahjong);
        let ev = g.take_events();
        assert!(ev.contains(&Event::Mahjong {
            player: 2,
            tile: t(x),
            from: WinFrom::Discard,
            supplier: Some(3),
            dealt: false,
        }));
        (g, ev)
    }
}

/// West pungs 1B, 5B, 9B (three bamboo sets) and keeps 3B 4B 7B 7B.
fn clear_suit(p3: &'static str, north_draws: &str) -> Cannon<'static> {
    Cannon {
        p0: Box::leak((inert([3, 2, 3], "EW WW RD GD") + " NW").into_boxed_str()),
        first: "NW",
        p1: Box::leak(inert([2, 3, 1], "EW SW WW RD").into_boxed_str()),
        p2: "1B 1B 5B 5B 9B 9B 3B 4B 7B 7B NW WD GD",
        p3,
        draws: Box::leak(format!("8C 7D {north_draws}").into_boxed_str()),
        pungs: ["1B", "5B", "9B"],
        junk: ["NW", "WD", "GD"],
    }
}

/// North holds 2B among suited tiles of other suits: he had a safe choice.
fn clear_suit_with_choice(more_draws: &str) -> Cannon<'static> {
    clear_suit(
        "1B 5B 9B 2B 1C 4C 7C 2D 5D 8D EW SW RD",
        Box::leak(format!("2C 3C 4D 6D {more_draws}").into_boxed_str()),
    )
}

#[test]
fn dangerous_m90a_clear_suit() {
    let (_, ev) = clear_suit_with_choice("").finish("2B");
    // West: exposed pungs 1B (4), 5B (2), 9B (4), 234B exposed by the discard, 77B.
    //   10 + 10 (M115a) = 20 points (5B would also have done: no M115c);
    //   M117e (one suit) 3 doubles → 160.
    // Cannon: North pays what all would: 2 × 160 (East) + 160 + 160 = 640.
    let (scores, _, settlement, cannon) = scores_of(&ev);
    assert_eq!(scores, [0, 0, 160, 0]);
    assert_eq!(cannon, Some(3));
    assert_eq!(settlement, [0, 0, 640, -640]);
}

#[test]
fn dangerous_m90b_four_winds() {
    let c = Cannon {
        p0: &(inert([2, 1, 3], "RD GD WD NW") + " 2D"),
        first: "2D",
        p1: &inert([3, 2, 2], "RD GD WD SW"),
        p2: "EW EW SW SW WW WW NW 2C 3C 4C RD GD WD",
        p3: "EW SW WW NW 1B 4B 7B 1D 4D 7D 6C 9C 5B",
        draws: "9B 1C 3B 6D 8C 9D",
        pungs: ["EW", "SW", "WW"],
        junk: ["RD", "GD", "WD"],
    };
    let (_, ev) = c.finish("NW");
    // West: exposed pungs EW, SW, WW (4 each), 234C concealed, NW NW (not his or the
    // prevailing wind: no points).
    //   12 + 10 (M115a) + 4 (M115d, major eyes) + 2 (M115c, only NW) = 28 points;
    //   M116e (WW) + M116f (EW) + M116i (Little Four Joys) + M117d (one suit and
    //   honours) = 4 doubles → 448.
    // Cannon: 2 × 448 + 448 + 448 = 1792 from North.
    let (scores, _, settlement, cannon) = scores_of(&ev);
    assert_eq!(scores, [0, 0, 448, 0]);
    assert_eq!(cannon, Some(3));
    assert_eq!(settlement, [0, 0, 1792, -1792]);
}

#[test]
fn dangerous_m90c_three_dragons() {
    let c = Cannon {
        p0: &(inert([2, 1, 3], "EW SW WW NW") + " 2D"),
        first: "2D",
        p1: &inert([3, 2, 2], "EW SW WW WD"),
        p2: "RD RD GD GD 2C 2C WD 6C 7C 8C EW SW NW",
        p3: "RD GD 2C WD 1B 4B 7B 1D 4D 7D 3C 9C 5B",
        draws: "9B 1C 3B 6D 8C 9D",
        pungs: ["RD", "GD", "2C"],
        junk: ["EW", "SW", "NW"],
    };
    let (_, ev) = c.finish("WD");
    // West: exposed pungs RD (4), GD (4), 2C (2), 678C concealed, WD WD (2).
    //   12 + 10 (M115a) + 4 (M115d) + 2 (M115c, only WD) = 28 points;
    //   M116d × 2 + M116g (Little Three Dragons) + M117d = 4 doubles → 448.
    let (scores, _, settlement, cannon) = scores_of(&ev);
    assert_eq!(scores, [0, 0, 448, 0]);
    assert_eq!(cannon, Some(3));
    assert_eq!(settlement, [0, 0, 1792, -1792]);
}

#[test]
fn dangerous_m90d_all_honours() {
    let c = Cannon {
        p0: &(inert([3, 1, 3], "WW WD GD RD") + " 2D"),
        first: "2D",
        p1: &inert([2, 2, 2], "WW WD EW SW"),
        p2: "RD RD EW EW NW NW GD GD SW SW 2B 5B 8B",
        p3: "RD EW NW SW 1B 4B 7B 1D 4D 7D 3C 6C 9C",
        draws: "9B 1C 3B 6D 8C 9D",
        pungs: ["RD", "EW", "NW"],
        junk: ["2B", "5B", "8B"],
    };
    // SW: no third dragon, no fourth wind, but any honour completes All Honours.
    let (_, ev) = c.finish("SW");
    // All Honours (M122k), limit 1000; cannon: 2000 + 1000 + 1000 from North.
    let (scores, limits, settlement, cannon) = scores_of(&ev);
    assert_eq!(scores, [0, 0, 1000, 0]);
    assert_eq!(limits[2].as_deref(), Some("M122k"));
    assert_eq!(cannon, Some(3));
    assert_eq!(settlement, [0, 0, 4000, -4000]);
}

#[test]
fn dangerous_m90e_imperial_jade() {
    let c = Cannon {
        p0: &(inert([1, 2, 3], "EW WW NW WD") + " 2D"),
        first: "2D",
        p1: &inert([3, 1, 2], "SW WW NW RD"),
        p2: "6B 6B 8B 8B GD GD 2B 3B 4B 4B 1C 5C 9C",
        p3: "6B 8B GD 4B 1D 4D 7D 3C 6C 8C EW SW RD",
        draws: "9B 2C 5D 9D 1C 9C",
        pungs: ["6B", "8B", "GD"],
        junk: ["1C", "5C", "9C"],
    };
    let (_, ev) = c.finish("4B");
    // Imperial Jade (M122m): 6B 8B GD pungs, 234B, 44B. Cannon 4000.
    let (scores, limits, settlement, cannon) = scores_of(&ev);
    assert_eq!(scores, [0, 0, 1000, 0]);
    assert_eq!(limits[2].as_deref(), Some("M122m"));
    assert_eq!(cannon, Some(3));
    assert_eq!(settlement, [0, 0, 4000, -4000]);
}

#[test]
fn dangerous_m90f_heads_and_tails() {
    let c = Cannon {
        p0: &(inert([2, 2, 3], "WW NW RD GD") + " WD"),
        first: "WD",
        p1: &inert([3, 3, 1], "EW SW WW NW"),
        p2: "1C 1C 9C 9C 1D 1D 9B 9B 1B 1B RD GD WD",
        p3: "1C 9C 1D 1B 3B 6B 2D 5D 8D 4C 7C EW SW",
        draws: "8B 6C 2C 5C 4D 7D",
        pungs: ["1C", "9C", "1D"],
        junk: ["RD", "GD", "WD"],
    };
    let (_, ev) = c.finish("1B");
    // Heads and Tails (M122l): pungs 1C 9C 1D 1B, 99B. Cannon 4000.
    let (scores, limits, settlement, cannon) = scores_of(&ev);
    assert_eq!(scores, [0, 0, 1000, 0]);
    assert_eq!(limits[2].as_deref(), Some("M122l"));
    assert_eq!(cannon, Some(3));
    assert_eq!(settlement, [0, 0, 4000, -4000]);
}

/// West, with three bamboo pungs and 3B 4B 7B 7B, pungs North's dangerous 7B (liability
/// pending) and discards 3B, calling on 4B. Then North and East discard.
fn clear_suit_pung_claimed(east_draw: &str) -> Game {
    let c = Cannon {
        p3: "1B 5B 9B 7B 1C 4C 7C 2D 5D 8D EW SW RD",
        // North's 4 kept draws, North's 5th (discarded), East's, South's, West's.
        draws: Box::leak(format!("8C 7D 2C 3C 4D 6D 9C {east_draw} 3D 4B").into_boxed_str()),
        ..clear_suit("", "")
    };
    let mut g = c.start();
    act(&mut g, 3, discard_action("7B"));
    claim(&mut g, 2, Action::Pung);
    discard(&mut g, 2, "3B");
    discard_drawn(&mut g, 3);
    assert_eq!(g.view(0).drawn, Some(t(east_draw)));
    g
}

#[test]
fn dangerous_pung_claim_then_completion_by_drawing() {
    let mut g = clear_suit_pung_claimed("1D");
    discard_drawn(&mut g, 0);
    discard_drawn(&mut g, 1);
    assert_eq!(g.view(2).drawn, Some(t("4B")));
    act(&mut g, 2, Action::Mahjong);
    let ev = g.take_events();
    // West: exposed pungs 1B (4), 5B (2), 9B (4), 7B (2), 44B drawn.
    //   12 + 10 (M115a) + 2 (M115b) + 2 (M115c) + 2 (M115d) = 28 points;
    //   M117b (no chows) 1 + M117e 3 = 4 doubles → 448.
    // The pung of North's 7B made North liable: he pays 2 × 448 + 448 + 448 = 1792.
    let (scores, _, settlement, cannon) = scores_of(&ev);
    assert_eq!(scores, [0, 0, 448, 0]);
    assert_eq!(cannon, Some(3));
    assert_eq!(settlement, [0, 0, 1792, -1792]);
}

#[test]
fn dangerous_liability_moves_to_the_second_discarder() {
    // East draws 4B and discards it: a second dangerous discard completing the hand.
    let mut g = clear_suit_pung_claimed("4B");
    act(&mut g, 0, discard_action("4B"));
    claim(&mut g, 2, Action::Mahjong);
    let ev = g.take_events();
    // As above without M115b: 26 points × 16 = 416.
    // Only East is liable: 2 × 416 + 416 + 416 = 1664.
    let (scores, _, settlement, cannon) = scores_of(&ev);
    assert_eq!(scores, [0, 0, 416, 0]);
    assert_eq!(cannon, Some(0));
    assert_eq!(settlement, [-1664, 0, 1664, 0]);
}

#[test]
fn dangerous_kong_claim_creates_no_liability() {
    // As above, but West holds three 7B: he claims North's dangerous 7B for a kong.
    let c = Cannon {
        p2: "1B 1B 5B 5B 9B 9B 7B 7B 7B 4B NW WD GD",
        p3: "1B 5B 9B 7B 1C 4C 7C 2D 5D 8D EW SW RD",
        // North's 4 kept draws, North's 5th (discarded), East's, South's, West's.
        draws: "8C 7D 2C 3C 4D 6D 9C 1D 3D 4B",
        ..clear_suit("", "")
    };
    let wall = WallSpec {
        dealer: 0,
        hands: [c.p0, c.p1, c.p2, c.p3],
        draws: c.draws,
        pad: 8,
        loose: "SW",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall], 1);
    discard(&mut g, 0, c.first);
    discard_drawn(&mut g, 1);
    discard_drawn(&mut g, 2);
    for (pung, junk) in c.pungs.iter().zip(c.junk) {
        act(&mut g, 3, discard_action(pung));
        claim(&mut g, 2, Action::Pung);
        discard(&mut g, 2, junk);
    }
    act(&mut g, 3, discard_action("7B"));
    claim(&mut g, 2, Action::Kong);
    assert_eq!(g.view(2).drawn, Some(t("SW")));
    discard(&mut g, 2, "SW");
    discard_drawn(&mut g, 3);
    discard_drawn(&mut g, 0);
    discard_drawn(&mut g, 1);
    assert_eq!(g.view(2).drawn, Some(t("4B")));
    act(&mut g, 2, Action::Mahjong);
    let ev = g.take_events();
    // West: exposed pungs 1B (4), 5B (2), 9B (4), claimed kong 7B (8), 44B drawn.
    //   18 + 10 (M115a) + 2 (M115b) + 2 (M115c) + 2 (M115d) = 34 points;
    //   M117b 1 + M117e 3 = 4 doubles → 544.
    // No cannon: East pays 1088, South and North 544.
    let (scores, _, settlement, cannon) = scores_of(&ev);
    assert_eq!(scores, [0, 0, 544, 0]);
    assert_eq!(cannon, None);
    assert_eq!(settlement, [-1088, -544, 2176, -544]);
}

#[test]
fn dangerous_robbing_an_annexed_kong_makes_the_konger_liable() {
    // East pungs South's 3B early; West later has three bamboo pungs and calls on 3B/6B
    // (4B 5B 8B 8B); East draws the fourth 3B and extends his pung: West robs it.
    // (Not 2B: robbing a kong of 2B would be the limit hand M122e.)
    let p0 = "3B 3B 3C 6C 9C 3D 6D 9D EW WW RD GD NW WD";
    let p1 = inert([1, 3, 1], "EW SW WW RD");
    let p2 = "1B 1B 7B 7B 9B 9B 4B 5B 8B 8B NW WD GD";
    let p3 = "1B 7B 9B 1C 4C 7C 8C 2D 5D 8D EW SW RD";
    let wall = WallSpec {
        dealer: 0,
        hands: [p0, &p1, p2, p3],
        // South (3B, then 8B), West, North ×4 (the last discarded), East's 3B.
        draws: "3B 8B 7D 2C 3C 4D 6D 3B",
        pad: 8,
        loose: "",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall], 1);
    discard(&mut g, 0, "NW");
    act(&mut g, 1, discard_action("3B"));
    claim(&mut g, 0, Action::Pung);
    discard(&mut g, 0, "WD");
    discard_drawn(&mut g, 1);
    discard_drawn(&mut g, 2);
    for (pung, junk) in ["1B", "7B", "9B"].into_iter().zip(["NW", "WD", "GD"]) {
        act(&mut g, 3, discard_action(pung));
        claim(&mut g, 2, Action::Pung);
        discard(&mut g, 2, junk);
    }
    discard_drawn(&mut g, 3);
    assert_eq!(g.view(0).drawn, Some(t("3B")));
    act(&mut g, 0, Action::AnnexKong { tile: t("3B") });
    assert_eq!(g.pending(), vec![2]);
    act(&mut g, 2, Action::Mahjong);
    let ev = g.take_events();
    assert!(ev.contains(&Event::Mahjong {
        player: 2,
        tile: t("3B"),
        from: WinFrom::RobbedKong,
        supplier: Some(0),
        dealt: false,
    }));
    // West: exposed pungs 1B (4), 7B (2), 9B (4), 345B with the robbed tile, 88B.
    //   20 points (6B would also have done: no M115c); M117e 3 + M117k 1 → 320.
    // East keeps an exposed pung of 3B (2 points).
    // East, the konger, pays everything: 2 × 320 + 320 + 320 = 1280.
    let (scores, _, settlement, cannon) = scores_of(&ev);
    assert_eq!(scores, [2, 0, 320, 0]);
    assert_eq!(cannon, Some(0));
    assert_eq!(settlement, [-1280, 0, 1280, 0]);
}

#[test]
fn dangerous_no_choice_is_no_cannon() {
    // North holds only bamboo (and draws only bamboo): every tile he could discard is
    // dangerous once West has three bamboo pungs.
    let c = clear_suit("1B 5B 9B 2B 1B 2B 3B 4B 6B 7B 8B 3B 4B", "2B 6B 7B 8B");
    let (g, ev) = c.finish("2B");
    assert!(g.hand().players()[3]
        .concealed()
        .iter()
        .all(|x| x.suit() == Some(mahjong_tiles::Suit::Bamboo)));
    // West scores 160 as in `dangerous_m90a_clear_suit`; ordinary settlement:
    // East pays 320, South and North 160; North's bamboo pairs score nothing.
    let (scores, _, settlement, cannon) = scores_of(&ev);
    assert_eq!(scores, [0, 0, 160, 0]);
    assert_eq!(cannon, None);
    assert_eq!(settlement, [-320, -160, 640, -160]);
}

// ---------------------------------------------------------------------------------------
// Dead wall and bonus tiles (§3)
// ---------------------------------------------------------------------------------------

#[test]
fn dead_wall_sizes_fix_the_live_draws_before_washout() {
    // 53 dealt tiles, then 37: 21 filler + 16 more at the end.
    let wall = washout_wall(0, 21);
    assert_eq!(wall.len(), 90);
    for (option, live) in [
        ("dead_wall=16-fixed", 21),
        ("dead_wall=14-replenished", 23),
        ("dead_wall=none", 37),
    ] {
        let mut g = game(ruleset(&[option]), vec![wall.clone()], 1);
        assert_eq!(g.view(0).live_wall, live, "{option}");
        let ev = play_out(&mut g);
        assert_eq!(live_draws(&ev), live, "{option}");
        let n = ev.len();
        assert_eq!(ev[n - 3], Event::Washout, "{option}");
        assert!(matches!(ev[n - 2], Event::Scores { .. }));
        assert!(matches!(ev[n - 1], Event::GameEnd { .. }));
        assert_eq!(g.hand().wall().undrawn().len(), 37 - live, "{option}");
    }
}

#[test]
fn dead_wall_after_loose_tiles() {
    // East declares two concealed kongs from his dealt hand (loose tiles NW, GD).
    let p0 = "5B 5B 5B 5B 6C 6C 6C 6C 1D 4D 7D EW SW RD";
    let p1 = inert([1, 1, 2], "EW WW NW RD");
    let p2 = inert([3, 2, 3], "SW WW GD WD");
    let p3 = inert([1, 1, 3], "EW SW NW GD");
    let wall = WallSpec {
        dealer: 0,
        hands: [p0, &p1, &p2, &p3],
        draws: "",
        pad: 21,
        loose: "NW GD",
        dead: 16,
    }
    .build();
    // (live, dead) before the kongs, after one, after two; then live draws to washout.
    for (option, steps, draws) in [
        // Not replenished: loose tiles come out of the 16.
        ("dead_wall=16-fixed", [(21, 16), (21, 15), (21, 14)], 21),
        // Two tiles move over after every two loose tiles.
        (
            "dead_wall=14-replenished",
            [(23, 14), (23, 13), (21, 14)],
            21,
        ),
        // Loose tiles come from the end of the live wall.
        ("dead_wall=none", [(37, 0), (36, 0), (35, 0)], 35),
    ] {
        let mut g = game(ruleset(&[option]), vec![wall.clone()], 1);
        g.take_events();
        let state = |g: &Game| (g.view(0).live_wall, g.hand().wall().dead_remaining());
        assert_eq!(state(&g), steps[0], "{option}");
        act(&mut g, 0, Action::ConcealedKong { tile: t("5B") });
        assert_eq!(state(&g), steps[1], "{option}");
        act(&mut g, 0, Action::ConcealedKong { tile: t("6C") });
        assert_eq!(state(&g), steps[2], "{option}");
        let ev = g.take_events();
        assert!(ev.contains(&Event::Draw {
            player: 0,
            tile: Some(t("NW")),
            loose: true
        }));
        assert!(ev.contains(&Event::Draw {
            player: 0,
            tile: Some(t("GD")),
            loose: true
        }));
        let ev = play_out(&mut g);
        assert_eq!(live_draws(&ev), draws, "{option}");
        assert!(ev.contains(&Event::Washout));
    }
}

/// East is dealt 1F, South 2F. Live wall after the deal: 1S 3C 4C 3F 7C …; loose tiles
/// (from the end): 2S 5C 6C 8C.
fn bonus_wall() -> Vec<mahjong_tiles::Tile> {
    let p0 = inert([1, 2, 3], "EW SW RD GD") + " 1F";
    let p1 = "2F 2B 5B 8B 3C 6C 9C 1D 4D 7D EW WW NW";
    let p2 = inert([3, 1, 2], "SW WW NW GD");
    let p3 = inert([1, 2, 3], "EW SW WW WD");
    WallSpec {
        dealer: 0,
        hands: [&p0, p1, &p2, &p3],
        draws: "1S 3C 4C 3F 7C",
        pad: 8,
        loose: "2S 5C 6C 8C",
        dead: 16,
    }
    .build()
}

fn bonus(player: usize, code: &str) -> Event {
    Event::Bonus {
        player,
        tile: t(code),
    }
}

fn draw(player: usize, code: &str, loose: bool) -> Event {
    Event::Draw {
        player,
        tile: Some(t(code)),
        loose,
    }
}

#[test]
fn bonus_tiles_replaced_from_the_live_wall() {
    bonus_tiles_from_the_live_wall(ruleset(&[]));
    // Kajongg's server does the same: it deals until 13 tiles are not bonus tiles, and a
    // bonus tile drawn in play is replaced from the living wall.
    bonus_tiles_from_the_live_wall(mahjong_rules::Ruleset::preset("dmjl").unwrap());
}

fn bonus_tiles_from_the_live_wall(ruleset: mahjong_rules::Ruleset) {
    let mut g = game(ruleset, vec![bonus_wall()], 1);
    let ev = g.take_events();
    // East first; a replacement that is itself a bonus tile is replaced in turn.
    assert_eq!(
        ev[5..],
        [
            bonus(0, "1F"),
            draw(0, "1S", false),
            bonus(0, "1S"),
            draw(0, "3C", false),
            bonus(1, "2F"),
            draw(1, "4C", false),
        ]
    );
    // 13 live tiles (5 + 8 filler), 3 used for replacements.
    assert_eq!(g.view(0).live_wall, 10);
    assert_eq!(g.view(0).public[0].bonus, ts("1F 1S"));
    assert_eq!(g.view(1).public[1].bonus, ts("2F"));
    assert!(g.view(0).concealed.contains(&t("3C")));
    assert_eq!(g.view(0).concealed.len(), 14);
    assert!(g.view(1).concealed.contains(&t("4C")));
    // A bonus tile drawn in play is declared and replaced from the live wall.
    discard(&mut g, 0, "EW");
    let ev = g.take_events();
    assert_eq!(
        ev[ev.len() - 3..],
        [draw(1, "3F", false), bonus(1, "3F"), draw(1, "7C", false)]
    );
    assert_eq!(g.view(1).drawn, Some(t("7C")));
    assert_eq!(g.view(1).live_wall, 8);
}

#[test]
fn bonus_tiles_replaced_from_loose_tiles() {
    let mut g = game(ruleset(&["bonus_from_loose=true"]), vec![bonus_wall()], 1);
    let ev = g.take_events();
    assert_eq!(
        ev[5..],
        [
            bonus(0, "1F"),
            draw(0, "2S", true),
            bonus(0, "2S"),
            draw(0, "5C", true),
            bonus(1, "2F"),
            draw(1, "6C", true),
        ]
    );
    // The live wall is untouched (the fixed dead wall gave the three tiles).
    assert_eq!(g.view(0).live_wall, 13);
    assert_eq!(g.hand().wall().dead_remaining(), 13);
    assert_eq!(g.view(0).public[0].bonus, ts("1F 2S"));
    discard(&mut g, 0, "EW");
    let ev = g.take_events();
    assert_eq!(
        ev[ev.len() - 3..],
        [draw(1, "1S", false), bonus(1, "1S"), draw(1, "8C", true)]
    );
    assert_eq!(g.view(1).live_wall, 12);
}

// ---------------------------------------------------------------------------------------
// Refused actions
// ---------------------------------------------------------------------------------------

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    let p0 = inert([1, 2, 3], "EW SW RD GD") + " WD";
    let p1 = inert([2, 3, 1], "EW WW NW RD");
    let p2 = "3D 4D 3B 6B 9B 1C 4C 7C SW WW NW GD WD";
    let p3 = "5D 5D 4D 6D 1B 4B 7B 2C 5C 8C EW SW WW";
    let wall = WallSpec {
        dealer: 0,
        hands: [&p0, &p1, p2, p3],
        draws: "5D",
        pad: 8,
        loose: "",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall], 1);
    g.take_events();
    let snapshot = |g: &Game| {
        (
            (0..4).map(|p| g.view(p)).collect::<Vec<_>>(),
            g.hand().players().to_vec(),
            g.hand().wall().clone(),
            g.pending(),
        )
    };
    let refuse = |g: &mut Game, p: usize, a: Action, err: EngineError| {
        let before = snapshot(g);
        assert_eq!(g.act(p, a), Err(err), "player {p} {a:?}");
        assert_eq!(snapshot(g), before, "player {p} {a:?} changed something");
        assert_eq!(g.take_events(), vec![], "player {p} {a:?} made events");
    };
    use EngineError::{Illegal, NotYourTurn};
    let il = |player, action| Illegal { player, action };

    // East's turn.
    refuse(&mut g, 1, discard_action("2B"), NotYourTurn { player: 1 });
    refuse(&mut g, 0, discard_action("5D"), il(0, discard_action("5D")));
    refuse(&mut g, 0, Action::Mahjong, il(0, Action::Mahjong));
    refuse(&mut g, 0, Action::Pung, il(0, Action::Pung));
    refuse(&mut g, 0, Action::Pass, il(0, Action::Pass));
    let kong = Action::ConcealedKong { tile: t("WD") };
    refuse(&mut g, 0, kong, il(0, kong));
    let call = Action::Discard {
        tile: t("WD"),
        call: true,
    };
    refuse(&mut g, 0, call, il(0, call)); // not calling: no Original Call
    refuse(&mut g, 7, Action::Pass, NotYourTurn { player: 7 });

    // Claims on South's 5D: West may chow, North may pung.
    discard(&mut g, 0, "WD");
    act(&mut g, 1, discard_action("5D"));
    g.take_events();
    assert_eq!(g.pending(), vec![2, 3]);
    refuse(&mut g, 1, Action::Pass, NotYourTurn { player: 1 });
    refuse(&mut g, 0, Action::Pung, NotYourTurn { player: 0 });
    let far_chow = Action::Chow { first: t("4D") };
    refuse(&mut g, 3, far_chow, il(3, far_chow));
    refuse(&mut g, 3, Action::Kong, il(3, Action::Kong));
    refuse(&mut g, 2, Action::Pung, il(2, Action::Pung));
    refuse(&mut g, 2, far_chow, il(2, far_chow)); // West has no 6D
    refuse(&mut g, 2, Action::Mahjong, il(2, Action::Mahjong));
    refuse(&mut g, 2, discard_action("3D"), il(2, discard_action("3D")));
    act(&mut g, 2, Action::Pass);
    g.take_events();
    refuse(&mut g, 2, Action::Pass, NotYourTurn { player: 2 });
    assert_eq!(g.pending(), vec![3]);
}

// ---------------------------------------------------------------------------------------
// Original Call (§6, M53–M56)
// ---------------------------------------------------------------------------------------

/// South's calling hand: 123B 456C 789D 34C and the pair 5B, waiting on 2C or 5C.
const SOUTH_CALLS_2C_5C: &str = "1B 2B 3B 4C 5C 6C 7D 8D 9D 5B 5B 3C 4C";

/// East discards WD; South draws NW (his first draw) and discards it, with Original Call if
/// `call`. Then, nobody claiming: West draws and discards 5B (South holds a pair of 5B),
/// North 9B, East 4B (South, next after East, holds 23B), South draws RD, West 9C, North
/// 1C, East GD, and South draws 2C, completing his hand.
fn original_call_game(call: bool) -> Game {
    let mut g = original_call_start("NW 5B 9B 4B RD 9C 1C GD 2C");
    assert_eq!(g.view(1).drawn, Some(t("NW")));
    act(
        &mut g,
        1,
        Action::Discard {
            tile: t("NW"),
            call,
        },
    );
    pass_claims(&mut g);
    g
}

/// South's calling hand dealt, the live wall drawn as `draws`, and East's first discard
/// (WD) made: South's first turn.
fn original_call_start(draws: &str) -> Game {
    let p0 = inert([1, 2, 3], "EW SW RD GD") + " WD";
    let p2 = inert([2, 3, 1], "EW WW NW RD");
    let p3 = inert([3, 1, 2], "SW WW NW GD");
    let wall = WallSpec {
        dealer: 0,
        hands: [&p0, SOUTH_CALLS_2C_5C, &p2, &p3],
        draws,
        pad: 8,
        loose: "",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall], 1);
    discard(&mut g, 0, "WD");
    g
}

/// The discards of `codes` in order, each without Original Call.
fn discards(codes: &str) -> Vec<Action> {
    ts(codes)
        .into_iter()
        .map(|tile| Action::Discard { tile, call: false })
        .collect()
}

#[test]
fn original_call_with_the_first_discard_freezes_the_hand_m55() {
    // South's first turn: only NW leaves him calling (on 2C/5C), so only NW is offered with
    // Original Call, right after the plain discard of NW.
    let g = original_call_start("NW");
    let mut want = discards("1B 2B 3B 5B 3C 4C 5C 6C 7D 8D 9D NW");
    want.push(Action::Discard {
        tile: t("NW"),
        call: true,
    });
    assert_eq!(g.legal_actions(1), want);

    let mut g = original_call_game(true);
    assert!(g.view(0).public[1].original_call, "everybody sees the call");
    assert!(g.take_events().contains(&Event::Discard {
        player: 1,
        tile: t("NW"),
        call: true,
        calling: false,
    }));
    // West's 5B: South holds a pair but is frozen, so nobody is asked (no pung).
    assert_eq!(g.view(2).drawn, Some(t("5B")));
    discard_drawn(&mut g, 2);
    assert_eq!(turn_of(&g), PhaseView::Turn { player: 3 });
    discard_drawn(&mut g, 3); // 9B
                              // East's 4B: South could chow 234B but is frozen: no claim window either.
    discard_drawn(&mut g, 0);
    assert_eq!(turn_of(&g), PhaseView::Turn { player: 1 });
    // M55: only the drawn tile may go; no other discard, no call again.
    assert_eq!(g.view(1).drawn, Some(t("RD")));
    assert_eq!(g.legal_actions(1), discards("RD"));
    let other = discard_action("1B");
    assert_eq!(
        g.act(1, other),
        Err(EngineError::Illegal {
            player: 1,
            action: other
        })
    );
    discard_drawn(&mut g, 1);
    assert!(g.view(1).public[1].original_call, "the call stays");
}

/// The same hand played without the call: the pung and the chow are offered.
#[test]
fn without_original_call_the_same_hand_is_not_frozen() {
    let mut g = original_call_game(false);
    assert!(!g.view(0).public[1].original_call);
    act(&mut g, 2, discard_action("5B"));
    assert_eq!(g.pending(), vec![1]);
    assert_eq!(g.legal_actions(1), vec![Action::Pass, Action::Pung]);
    pass_claims(&mut g);
    discard_drawn(&mut g, 3); // 9B
    act(&mut g, 0, discard_action("4B"));
    assert_eq!(
        g.legal_actions(1),
        vec![
            Action::Pass,
            Action::Chow { first: t("2B") },
            Action::Chow { first: t("3B") },
        ]
    );
}

/// Plays `original_call_game` to South's self-drawn 2C and returns the finished game.
fn complete_original_call(call: bool) -> Game {
    let mut g = original_call_game(call);
    discard_drawn(&mut g, 2); // 5B
    discard_drawn(&mut g, 3); // 9B
    discard_drawn(&mut g, 0); // 4B
    discard_drawn(&mut g, 1); // RD
    discard_drawn(&mut g, 2); // 9C
    discard_drawn(&mut g, 3); // 1C
    discard_drawn(&mut g, 0); // GD
    assert_eq!(g.view(1).drawn, Some(t("2C")));
    let mut want = vec![Action::Mahjong];
    if call {
        // Frozen: Mah-Jongg or the drawn tile.
        want.extend(discards("2C"));
    } else {
        want.extend(discards("1B 2B 3B 5B 2C 3C 4C 5C 6C 7D 8D 9D"));
    }
    assert_eq!(g.legal_actions(1), want);
    g.take_events();
    act(&mut g, 1, Action::Mahjong);
    g
}

#[test]
fn completing_original_call_doubles_the_score_m117l() {
    // 123B 234C 456C 789D + 5B 5B, drawn: M115a 10 + M115b 2 = 12 points (two waits, so no
    // M115c; a chow completed, so no M115d); M117a (four chows, no scoring pair) 1 double,
    // M117c (concealed, self-drawn) 1, M117l 1: 12 × 2³ = 96. South is not East: East pays
    // 2 × 96, West and North 96 each; the losers' inert hands score nothing.
    let mut g = complete_original_call(true);
    let items: Vec<(&str, u16, u8)> = winner_items(&g);
    assert_eq!(
        items,
        [
            ("M115a", 10, 0),
            ("M115b", 2, 0),
            ("M117a", 0, 1),
            ("M117c", 0, 1),
            ("M117l", 0, 1)
        ]
    );
    let (scores, _, settlement, _) = scores_of(&g.take_events());
    assert_eq!(scores, [0, 96, 0, 0]);
    assert_eq!(settlement, [-192, 384, -96, -96]);

    // Without the call the same hand is 12 × 2² = 48.
    let mut g = complete_original_call(false);
    assert!(!winner_items(&g).iter().any(|i| i.0 == "M117l"));
    let (scores, _, settlement, _) = scores_of(&g.take_events());
    assert_eq!(scores, [0, 48, 0, 0]);
    assert_eq!(settlement, [-96, 192, -48, -48]);
}

/// A declaration the rules do not allow is refused and changes nothing: after a set is
/// declared (M55 needs a hand without sets), with a hand that is not calling, and with a
/// later discard (M56).
#[test]
fn original_call_refused_after_a_set_or_when_not_calling_changes_nothing_m56() {
    let snapshot = |g: &Game| {
        (
            (0..4).map(|p| g.view(p)).collect::<Vec<_>>(),
            g.hand().players().to_vec(),
            g.hand().wall().clone(),
            g.pending(),
            (0..4).map(|p| g.legal_actions(p)).collect::<Vec<_>>(),
        )
    };
    let refuse = |g: &mut Game, p: usize, code: &str| {
        let action = Action::Discard {
            tile: t(code),
            call: true,
        };
        let before = snapshot(g);
        assert_eq!(
            g.act(p, action),
            Err(EngineError::Illegal { player: p, action })
        );
        assert_eq!(snapshot(g), before, "{action:?} changed something");
        assert_eq!(g.take_events(), vec![], "{action:?} made events");
    };
    let p0 = inert([1, 2, 3], "EW SW RD GD") + " WD";
    // West and North without NW, so that South can hold all four.
    let p2 = inert([2, 3, 1], "EW WW RD GD");
    let p3 = inert([3, 1, 2], "SW WW RD GD");

    // South draws the fourth NW on his first turn and declares the concealed kong; after
    // the loose WD, discarding WD would leave him calling on 6D/9D with his first discard,
    // but a declared set rules Original Call out (M55).
    let south = "1B 2B 3B 4C 5C 6C 7D 8D 5B 5B NW NW NW";
    let wall = WallSpec {
        dealer: 0,
        hands: [&p0, south, &p2, &p3],
        draws: "NW",
        pad: 8,
        loose: "WD",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall], 1);
    discard(&mut g, 0, "WD");
    act(&mut g, 1, Action::ConcealedKong { tile: t("NW") });
    assert_eq!(g.view(1).drawn, Some(t("WD")));
    assert_eq!(
        g.legal_actions(1),
        discards("1B 2B 3B 5B 4C 5C 6C 7D 8D WD")
    );
    g.take_events();
    refuse(&mut g, 1, "WD");

    // South's first discard leaves no wait (WW drawn; 123B 456C 789D 34C 5B NW WW); his
    // second draw, 5B, makes the hand calling (discard NW: 2C/5C), too late (M56).
    let south = "1B 2B 3B 4C 5C 6C 7D 8D 9D 5B 3C 4C NW";
    let wall = WallSpec {
        dealer: 0,
        hands: [&p0, south, &p2, &p3],
        draws: "WW 9B 1C 4D 5B",
        pad: 8,
        loose: "",
        dead: 16,
    }
    .build();
    let mut g = game(ruleset(&[]), vec![wall], 1);
    discard(&mut g, 0, "WD");
    assert_eq!(
        g.legal_actions(1),
        discards("1B 2B 3B 5B 3C 4C 5C 6C 7D 8D 9D WW NW")
    );
    g.take_events();
    refuse(&mut g, 1, "WW");
    discard_drawn(&mut g, 1); // WW
    discard_drawn(&mut g, 2); // 9B
    discard_drawn(&mut g, 3); // 1C
    discard_drawn(&mut g, 0); // 4D
    assert_eq!(g.view(1).drawn, Some(t("5B")));
    assert_eq!(
        g.legal_actions(1),
        discards("1B 2B 3B 5B 3C 4C 5C 6C 7D 8D 9D NW")
    );
    g.take_events();
    refuse(&mut g, 1, "NW");
    act(&mut g, 1, discard_action("NW"));
    assert!(!g.view(1).public[1].original_call);
}
