//! Scenario tests of the three-player game's play (`three-player-korean.md` K3-T, K3-D,
//! K3-P, K3-M) on explicit walls. The `korean-3p` preset unless a test says otherwise;
//! hand 0, player 0 is East.

mod common;

use common::*;
use mahjong_engine::{Action, Event, Game, PhaseView, SetKind};
use mahjong_hands::KongKind;
use mahjong_rules::Ruleset;
use mahjong_tiles::Wind;

/// `korean-3p` with `key=value` overrides.
fn korean(options: &[&str]) -> Ruleset {
    let mut r = Ruleset::preset("korean-3p").unwrap();
    for o in options {
        r.set(o).unwrap_or_else(|e| panic!("{o}: {e}"));
    }
    r
}

/// Thirteen different tiles: can claim nothing, complete nothing.
const INERT_1: &str = "2C 3C 6C 9C 1D 4D 7D 9B SW WW RD GD WD";
const INERT_2: &str = "5C 8C 3D 6D 9D 1B EW SW WW RD GD WD 2D";
const DEALER: &str = "4C 1C 7C 2D 5D 8D 1B EW SW RD GD WD 9B 3D";

// K3-T, K3-D ---------------------------------------------------------------------------

#[test]
fn k3_t_k3_d_a_shuffled_hand_deals_14_13_13_from_108_tiles_with_one_throw() {
    let mut g = game3(korean(&[]), vec![], 1);
    let ev = g.take_events();
    let Event::HandStart { dice, dora, .. } = &ev[0] else {
        panic!("{:?}", ev[0])
    };
    // K3-D: the dealer's two dice alone break the wall.
    let dice = dice.expect("a shuffled wall has dice");
    assert!(dice.second.is_none());
    assert!(dice.first.iter().all(|d| (1..=6).contains(d)));
    assert_eq!(*dora, None);
    let h = g.hand();
    let bonus: usize = h.players().iter().map(|p| p.bonus.len()).sum();
    let sizes: Vec<usize> = h.players().iter().map(|p| p.concealed().len()).collect();
    assert_eq!(sizes, vec![14, 13, 13]);
    // K3-D: no dead wall by default: 108 − 40 dealt − the flower replacements.
    assert_eq!(h.live_remaining(), 108 - 40 - bonus);
    assert_eq!(g.view(0).wind, Wind::East);
    assert_eq!(g.view(2).wind, Wind::West);
}

#[test]
fn k3_d_ghost_wall_leaves_the_last_13_tiles_unused() {
    let r = korean(&["ghost_wall=true"]);
    let tail = "1C 1C 1C 2C 2C 2C 3C 3C 3C 4C 4C 4C 5C";
    let w = wall3(&r, 0, [DEALER, INERT_1, INERT_2], "", "", tail);
    assert_eq!(w.len(), 104);
    let g = game3(r, vec![w], 1);
    // 104 − 40 dealt − 13 unused.
    assert_eq!(g.hand().live_remaining(), 51);
    assert_eq!(g.hand().wall().unused(), &ts(tail)[..]);
}

#[test]
fn k3_o_dora_reveals_the_first_unused_tile_as_the_indicator() {
    let r = korean(&["dora=true"]);
    let tail = "7D 1C 1C 2C 2C 2C 3C 3C 3C 4C 4C 4C 5C";
    let w = wall3(&r, 0, [DEALER, INERT_1, INERT_2], "", "", tail);
    let mut g = game3(r, vec![w], 1);
    assert_eq!(g.hand().live_remaining(), 51);
    let ev = g.take_events();
    assert!(matches!(ev[0], Event::HandStart { dora: Some(d), .. } if d == t("7D")));
}

// K3-P ---------------------------------------------------------------------------------

#[test]
fn k3_p1_dealer_starts_with_14_and_discards_first() {
    let w = wall3(&korean(&[]), 0, [DEALER, INERT_1, INERT_2], "7D", "", "");
    let mut g = game3(korean(&[]), vec![w], 1);
    assert_eq!(g.hand().phase_view(), PhaseView::Turn { player: 0 });
    assert_eq!(g.pending(), vec![0]);
    assert_eq!(g.view(0).concealed.len(), 14);
    assert_eq!(g.view(0).drawn, None);
    // Anticlockwise: South (player 1) draws next.
    discard(&mut g, 0, "4C");
    assert_eq!(g.hand().phase_view(), PhaseView::Turn { player: 1 });
    assert_eq!(g.view(1).drawn, Some(t("7D")));
}

#[test]
fn k3_p2_a_dealt_flower_is_replaced_from_the_end_of_the_wall() {
    let p1 = "2C 3C 6C 9C 1D 4D 7D 9B SW WW RD GD 2F";
    let w = wall3(&korean(&[]), 0, [DEALER, p1, INERT_2], "", "WD", "");
    assert_eq!(*w.last().unwrap(), t("WD"));
    let mut g = game3(korean(&[]), vec![w], 1);
    let ev = g.take_events();
    let i = ev
        .iter()
        .position(|e| {
            *e == Event::Bonus {
                player: 1,
                tile: t("2F"),
            }
        })
        .expect("flower declared");
    assert_eq!(
        ev[i + 1],
        Event::Draw {
            player: 1,
            tile: Some(t("WD")),
            loose: true
        }
    );
    assert_eq!(g.hand().players()[1].bonus, vec![t("2F")]);
    assert!(g.view(1).concealed.contains(&t("WD")));
}

#[test]
fn k3_p3_no_chow_claim_from_a_discard() {
    // South, next after East, holds 2C 3C for a chow of 4C but may not claim it.
    let w = wall3(&korean(&[]), 0, [DEALER, INERT_1, INERT_2], "7D", "", "");
    let mut g = game3(korean(&[]), vec![w], 1);
    act(&mut g, 0, discard_action("4C"));
    assert!(g
        .legal_actions(1)
        .iter()
        .all(|a| !matches!(a, Action::Chow { .. })));
    // Nobody could claim: South draws at once.
    assert_eq!(g.hand().phase_view(), PhaseView::Turn { player: 1 });
}

#[test]
fn k3_p4_a_pung_is_claimed_from_any_discard_and_the_claimer_discards() {
    // West (not next after East) holds a pair of 4C.
    let p2 = "4C 4C 3D 6D 9D 1B EW SW WW RD GD WD 2D";
    let w = wall3(&korean(&[]), 0, [DEALER, INERT_1, p2], "7D", "", "");
    let mut g = game3(korean(&[]), vec![w], 1);
    act(&mut g, 0, discard_action("4C"));
    assert_eq!(g.pending(), vec![2]);
    assert_eq!(g.legal_actions(2), vec![Action::Pass, Action::Pung]);
    g.take_events();
    act(&mut g, 2, Action::Pung);
    let ev = g.take_events();
    assert_eq!(
        ev[1],
        Event::Set {
            player: 2,
            kind: SetKind::Pung,
            tile: t("4C"),
            from: Some(0),
            jokers: 0,
        }
    );
    // The claimer discards (no Mah-Jongg, no kong on a claimed tile).
    assert_eq!(g.hand().phase_view(), PhaseView::Turn { player: 2 });
    assert!(g
        .legal_actions(2)
        .iter()
        .all(|a| matches!(a, Action::Discard { call: false, .. })));
    discard(&mut g, 2, "3D");
    // Play goes on from the claimer: East draws.
    assert_eq!(g.hand().phase_view(), PhaseView::Turn { player: 0 });
}

#[test]
fn k3_p5_a_drawn_fourth_tile_is_annexed_to_an_exposed_pung_with_a_loose_tile_from_the_end() {
    let p2 = "4C 4C 3D 6D 9D 1B EW SW WW RD GD WD 2D";
    let w = wall3(&korean(&[]), 0, [DEALER, INERT_1, p2], "7D 8D 4C", "9D", "");
    let mut g = game3(korean(&[]), vec![w], 1);
    act(&mut g, 0, discard_action("4C"));
    act(&mut g, 2, Action::Pung);
    discard(&mut g, 2, "3D");
    discard_drawn(&mut g, 0);
    discard_drawn(&mut g, 1);
    assert_eq!(g.view(2).drawn, Some(t("4C")));
    assert!(g
        .legal_actions(2)
        .contains(&Action::AnnexKong { tile: t("4C") }));
    g.take_events();
    act(&mut g, 2, Action::AnnexKong { tile: t("4C") });
    let ev = g.take_events();
    assert_eq!(
        ev[1..],
        [
            Event::Set {
                player: 2,
                kind: SetKind::Kong(KongKind::Annexed),
                tile: t("4C"),
                from: None,
                jokers: 0,
            },
            Event::Draw {
                player: 2,
                tile: Some(t("9D")),
                loose: true
            }
        ]
    );
}

#[test]
fn k3_p5_kongs_concealed_and_claimed_onto_a_concealed_pung_but_never_onto_an_exposed_one() {
    // East: four WD (a concealed kong on his first turn). South: three 7C (claims East's
    // 7C for a kong). West: a pair of 2D, pungs the 2D East draws and discards; the
    // fourth 2D, discarded by East later, cannot be claimed onto the exposed pung.
    let dealer = "WD WD WD WD 7C 2D 1C 4C 8D 1B EW SW RD GD";
    let p1 = "7C 7C 7C 3C 6C 9C 1D 4D 9B SW WW RD GD";
    let p2 = "2D 2D 5C 8C 3D 6D 9D 1B EW SW WW RD GD";
    let w = wall3(&korean(&[]), 0, [dealer, p1, p2], "1D 2D 8C", "9C 9D", "");
    let mut g = game3(korean(&[]), vec![w], 1);
    assert!(g
        .legal_actions(0)
        .contains(&Action::ConcealedKong { tile: t("WD") }));
    g.take_events();
    act(&mut g, 0, Action::ConcealedKong { tile: t("WD") });
    let ev = g.take_events();
    assert_eq!(
        ev[1..],
        [
            Event::Set {
                player: 0,
                kind: SetKind::Kong(KongKind::Concealed),
                tile: t("WD"),
                from: None,
                jokers: 0,
            },
            // The replacement is the last tile of the wall.
            Event::Draw {
                player: 0,
                tile: Some(t("9C")),
                loose: true
            }
        ]
    );
    // East discards 7C: South claims it onto his concealed pung.
    act(&mut g, 0, discard_action("7C"));
    assert_eq!(
        g.legal_actions(1),
        vec![Action::Pass, Action::Pung, Action::Kong]
    );
    g.take_events();
    act(&mut g, 1, Action::Kong);
    let ev = g.take_events();
    assert_eq!(
        ev[1..],
        [
            Event::Set {
                player: 1,
                kind: SetKind::Kong(KongKind::Claimed),
                tile: t("7C"),
                from: Some(0),
                jokers: 0,
            },
            Event::Draw {
                player: 1,
                tile: Some(t("9D")),
                loose: true
            }
        ]
    );
    discard(&mut g, 1, "3C");
    discard_drawn(&mut g, 2); // West: 1D
    assert_eq!(g.view(0).drawn, Some(t("2D")));
    act(&mut g, 0, discard_action("2D"));
    act(&mut g, 2, Action::Pung);
    discard(&mut g, 2, "5C");
    assert_eq!(g.view(0).drawn, Some(t("8C")));
    g.take_events();
    act(&mut g, 0, discard_action("2D"));
    // Nobody may claim the fourth 2D: South draws at once.
    let ev = g.take_events();
    assert!(
        matches!(
            ev[2],
            Event::Draw {
                player: 1,
                loose: false,
                ..
            }
        ),
        "{ev:?}"
    );
    assert_eq!(g.hand().phase_view(), PhaseView::Turn { player: 1 });
}

// K3-M ---------------------------------------------------------------------------------

/// Plays a whole game of washouts (everybody discards what he draws); returns each hand's
/// (dealer, prevailing wind, drawn hands in a row before it).
fn washout_game(r: Ruleset) -> Vec<(usize, Wind, u32)> {
    let mut g = game3(r, vec![], 100);
    let mut hands = vec![];
    while !g.is_over() {
        let setup = g.hand().setup();
        hands.push((setup.dealer, setup.prevailing, setup.goulash));
        play_out(&mut g);
    }
    hands
}

#[test]
fn k3_m_the_deal_passes_after_every_hand_three_rounds_of_three_hands() {
    use Wind::*;
    let hands = washout_game(korean(&[]));
    let dealers: Vec<usize> = hands.iter().map(|h| h.0).collect();
    let winds: Vec<Wind> = hands.iter().map(|h| h.1).collect();
    assert_eq!(dealers, [0, 1, 2, 0, 1, 2, 0, 1, 2]);
    assert_eq!(
        winds,
        [East, East, East, South, South, South, West, West, West]
    );
    // K3-M2: every hand here follows drawn hands in a row.
    let goulash: Vec<u32> = hands.iter().map(|h| h.2).collect();
    assert_eq!(goulash, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
}

#[test]
fn k3_m_two_matches_are_18_hands_and_without_west_the_winds_are_east_south_north() {
    use Wind::*;
    let hands = washout_game(korean(&["matches=2", "missing_wind=west"]));
    assert_eq!(hands.len(), 18);
    let winds: Vec<Wind> = hands.iter().map(|h| h.1).collect();
    let one = [East, East, East, South, South, South, North, North, North];
    assert_eq!(winds[..9], one);
    assert_eq!(winds[9..], one);
    let mut g = game3(korean(&["missing_wind=west"]), vec![], 1);
    assert_eq!(
        (0..3).map(|p| g.view(p).wind).collect::<Vec<_>>(),
        [East, South, North]
    );
    g.take_events();
}

// Wins: K3-P6–P9, K3-S1 ----------------------------------------------------------------

/// The rule ids of the finished hand's winner's items.
fn winner_rules(g: &Game) -> Vec<&'static str> {
    winner_items(g).into_iter().map(|i| i.0).collect()
}

#[test]
fn k3_p7_two_win_claims_go_to_more_hand_points_not_to_the_nearer_seat() {
    // South: all chows and a pair of 9C, concealed (HP18 1 + HP19 2 + HP20 2 = 5).
    // West: pungs of RD, GD, 1C concealed, 34D, pair 9C... (HP1 ×2, HP2, HP11 3, HP20 2 =
    // 8). Both wait on 2D/5D; East discards 5D.
    let dealer = "5D EW SW WW 2C 5C 8C 6D 7D 8D 1B 9B 9B WD";
    let p1 = "1C 2C 3C 4C 5C 6C 7D 8D 9D 3D 4D 9C 9C";
    let p2 = "RD RD RD GD GD GD 7C 7C 1C 1C 1C 3D 4D";
    let w = wall3(&korean(&[]), 0, [dealer, p1, p2], "", "", "");
    let mut g = game3(korean(&[]), vec![w], 1);
    act(&mut g, 0, discard_action("5D"));
    assert_eq!(g.pending(), vec![1, 2]);
    assert!(g.legal_actions(1).contains(&Action::Mahjong));
    assert!(g.legal_actions(2).contains(&Action::Mahjong));
    act(&mut g, 1, Action::Mahjong);
    act(&mut g, 2, Action::Mahjong);
    let ev = g.take_events();
    assert!(ev.contains(&Event::Mahjong {
        player: 2,
        tile: t("5D"),
        from: mahjong_rules::WinFrom::Discard,
        supplier: Some(0),
        dealt: false,
    }));
}

#[test]
fn k3_p8_no_win_on_anothers_discard_of_a_tile_one_discarded_but_by_drawing_it() {
    // South waits on 2D/5D with a legal hand (5 hand-points concealed); he draws 5D,
    // declines the win and discards it. When East discards the other 5D, South may not
    // claim it; he then draws 2D and may go out.
    let dealer = "5D EW SW WW 2C 5C 8C 6D 7D 8D 1B 9B 9B WD";
    let p1 = "1C 2C 3C 4C 5C 6C 7D 8D 9D 3D 4D 9C 9C";
    let w = wall3(
        &korean(&[]),
        0,
        [dealer, p1, INERT_2],
        "5D RD GD 2D",
        "",
        "",
    );
    let mut g = game3(korean(&[]), vec![w], 1);
    discard(&mut g, 0, "EW");
    assert_eq!(g.view(1).drawn, Some(t("5D")));
    assert!(g.legal_actions(1).contains(&Action::Mahjong));
    discard(&mut g, 1, "5D");
    discard_drawn(&mut g, 2); // RD
    act(&mut g, 0, discard_action("5D"));
    // South was not asked (sacred discard), nor anybody else: he draws at once, 2D, and
    // may go out with it.
    assert_eq!(g.hand().phase_view(), PhaseView::Turn { player: 1 });
    assert_eq!(g.view(1).drawn, Some(t("2D")));
    assert!(g.legal_actions(1).contains(&Action::Mahjong));
    act(&mut g, 1, Action::Mahjong);
    assert!(g.is_over());
    let r = g.hand().result().unwrap();
    assert_eq!(r.winner, Some(1));
}

#[test]
fn k3_p9_declare_ready_freezes_the_hand_and_scores_the_ready_bonus() {
    // South draws EW, discards it declaring ready (waiting on 2D/5D); from then on he may
    // only discard what he draws (RD) or go out (2D, from the wall).
    let dealer = "5D EW SW WW 2C 5C 8C 6D 7D 8D 1B 9B 9B WD";
    let p1 = "1C 2C 3C 4C 5C 6C 7D 8D 9D 3D 4D 9C 9C";
    let w = wall3(
        &korean(&[]),
        0,
        [dealer, p1, INERT_2],
        "EW 1B 7C RD 1B 9B 2D",
        "",
        "",
    );
    let mut g = game3(korean(&[]), vec![w], 1);
    discard(&mut g, 0, "WD");
    let ready = Action::Discard {
        tile: t("EW"),
        call: true,
    };
    assert!(g.legal_actions(1).contains(&ready));
    // A discard that leaves no wait cannot be a declaration.
    assert!(!g.legal_actions(1).contains(&Action::Discard {
        tile: t("1C"),
        call: true
    }));
    act(&mut g, 1, ready);
    pass_claims(&mut g);
    assert!(g.view(1).public[1].original_call);
    discard_drawn(&mut g, 2); // 1B
    discard_drawn(&mut g, 0); // 7C
    assert_eq!(g.view(1).drawn, Some(t("RD")));
    assert_eq!(
        g.legal_actions(1),
        vec![Action::Discard {
            tile: t("RD"),
            call: false
        }]
    );
    discard_drawn(&mut g, 1);
    discard_drawn(&mut g, 2); // 1B
    discard_drawn(&mut g, 0); // 9B
    assert_eq!(g.view(1).drawn, Some(t("2D")));
    assert_eq!(
        g.legal_actions(1),
        vec![
            Action::Mahjong,
            Action::Discard {
                tile: t("2D"),
                call: false
            }
        ]
    );
    g.take_events();
    act(&mut g, 1, Action::Mahjong);
    // Hand-points: HP18 all suit tiles 1 + HP19 all chows and a suit pair 2 + HP20
    // concealed 2 + HP21 from the wall 2 = 7. Bonus-points: BP1 2 + BP2 1 + BP9 2 + BP10 2
    // + BP11 2 + BP12 2 = 11. Self-drawn (K3-S3), neither opponent waiting: each pays
    // 7 + 11 = 18.
    let rules = winner_rules(&g);
    assert_eq!(
        rules,
        [
            "K3-HP18", "K3-HP19", "K3-HP20", "K3-HP21", "K3-BP1", "K3-BP2", "K3-BP9", "K3-BP10",
            "K3-BP11", "K3-BP12"
        ]
    );
    let (scores, _, settlement, _) = scores_of(&g.take_events());
    assert_eq!(scores, [0, 18, 0]);
    assert_eq!(settlement, [-18, 36, -18]);
}

#[test]
fn k3_s1_a_complete_hand_below_the_minimum_is_never_offered_as_a_win() {
    // South pungs East's 2C (exposed, no hand-points) and waits on 2D/5D with chows and a
    // pair of 9C: only K3-HP18 (1 point) — below 3. Neither East's 5D nor a drawn 2D is
    // offered as a win.
    let dealer = "2C 5D SW WW 2C 5C 8C 6D 7D 8D 1B 9B 9B WD";
    let p1 = "2C 2C 4C 5C 6C 7D 8D 9D 3D 4D 9C 9C 1D";
    let w = wall3(&korean(&[]), 0, [dealer, p1, INERT_2], "EW RD 2D", "", "");
    let mut g = game3(korean(&[]), vec![w], 1);
    act(&mut g, 0, discard_action("2C"));
    act(&mut g, 1, Action::Pung);
    discard(&mut g, 1, "1D");
    discard_drawn(&mut g, 2); // EW
                              // East still holds his dealt 5D... he draws RD and discards 5D.
    act(&mut g, 0, discard_action("5D"));
    assert_eq!(g.hand().phase_view(), PhaseView::Turn { player: 1 });
    assert_eq!(g.view(1).drawn, Some(t("2D")));
    assert!(!g.legal_actions(1).contains(&Action::Mahjong));
    // With a minimum of 1 the same hand may go out.
    let r = korean(&["min_hand_points=1"]);
    let w = wall3(&r, 0, [dealer, p1, INERT_2], "EW RD 2D", "", "");
    let mut g = game3(r, vec![w], 1);
    act(&mut g, 0, discard_action("2C"));
    act(&mut g, 1, Action::Pung);
    discard(&mut g, 1, "1D");
    discard_drawn(&mut g, 2);
    act(&mut g, 0, discard_action("5D"));
    assert_eq!(g.legal_actions(1), vec![Action::Pass, Action::Mahjong]);
}

#[test]
fn k3_p6_a_player_waiting_on_the_tile_robs_an_annexed_kong() {
    // South pungs East's 5C and later draws the fourth 5C; West, waiting on 5C with a
    // concealed RD pung (HP1 1 + HP20 2 = 3), robs it.
    let dealer = "5C 1C EW SW 2C 8C 6D 7D 8D 1B 9B 9B WD 2D";
    let p1 = "5C 5C 3C 6C 9C 1D 4D 7D 9B SW WW GD 3D";
    let p2 = "4C 6C 1D 2D 3D 7D 8D 9D RD RD RD 9C 9C";
    let w = wall3(&korean(&[]), 0, [dealer, p1, p2], "EW 1B 5C", "", "");
    let mut g = game3(korean(&[]), vec![w], 1);
    act(&mut g, 0, discard_action("5C"));
    // West could win this 5C but lets it go; South pungs it.
    assert!(g.legal_actions(2).contains(&Action::Mahjong));
    claim(&mut g, 1, Action::Pung);
    discard(&mut g, 1, "3D");
    discard_drawn(&mut g, 2); // EW
    discard_drawn(&mut g, 0); // 1B
    assert_eq!(g.view(1).drawn, Some(t("5C")));
    act(&mut g, 1, Action::AnnexKong { tile: t("5C") });
    assert_eq!(
        g.hand().phase_view(),
        PhaseView::Rob {
            konger: 1,
            tile: t("5C"),
            aside: false
        }
    );
    assert_eq!(g.legal_actions(2), vec![Action::Pass, Action::Mahjong]);
    g.take_events();
    act(&mut g, 2, Action::Mahjong);
    let ev = g.take_events();
    assert!(ev.contains(&Event::Mahjong {
        player: 2,
        tile: t("5C"),
        from: mahjong_rules::WinFrom::RobbedKong,
        supplier: Some(1),
        dealt: false,
    }));
    // Hand-points: HP1 (RD pung) 1 + HP20 concealed 2 = 3, the minimum. Bonus-points:
    // BP1 2 + BP5 robbed 1 + BP9 concealed 2 = 5. The robbed player pays as the
    // discarder (K3-S4): 2 × 3 + 5 = 11; East pays the bonus-points, 5.
    assert_eq!(
        winner_rules(&g),
        ["K3-HP1", "K3-HP20", "K3-BP1", "K3-BP5", "K3-BP9"]
    );
    let (scores, _, settlement, _) = scores_of(&ev);
    assert_eq!(scores, [0, 0, 8]);
    assert_eq!(settlement, [-5, -11, 16]);
}

#[test]
fn k3_o_three_ready_draw_ends_the_hand_when_all_have_declared() {
    // Each player declares ready with his first discard; with `three_ready = "draw"`
    // the hand is drawn once nobody takes West's discard. East: 1–9C, 123D, waits 5D.
    // South: 1–9D, 234C, waits 9C. West: pungs RD WD 6D, 7D 7D GD GD.
    let dealer = "1C 2C 3C 4C 5C 6C 7C 8C 9C 1D 2D 3D 5D EW";
    let p1 = "1D 2D 3D 4D 5D 6D 7D 8D 9D 2C 3C 4C 9C";
    let p2 = "RD RD RD WD WD WD 6D 6D 6D 7D 7D GD GD";
    let play = |r: Ruleset| {
        let w = wall3(&r, 0, [dealer, p1, p2], "SW EW 1B", "", "");
        let mut g = game3(r, vec![w], 1);
        for (p, tile) in [(0, "EW"), (1, "SW"), (2, "EW")] {
            act(
                &mut g,
                p,
                Action::Discard {
                    tile: t(tile),
                    call: true,
                },
            );
            pass_claims(&mut g);
        }
        g
    };
    let g = play(korean(&["three_ready=\"draw\""]));
    assert!(g.is_over());
    assert_eq!(g.hand().result().unwrap().winner, None);
    // Off by default: East draws.
    let g = play(korean(&[]));
    assert_eq!(g.hand().phase_view(), PhaseView::Turn { player: 0 });
    assert_eq!(g.view(0).drawn, Some(t("1B")));
}
