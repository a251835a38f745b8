//! Scenario tests of the three-player game's play (`three-player-korean.md` K3-T, K3-D,
//! K3-P, K3-M) on explicit walls. The `korean-3p` preset unless a test says otherwise;
//! hand 0, player 0 is East.

mod common;

use common::*;
use mahjong_engine::{Action, Event, Game, GameConfig, PhaseView, SetKind};
use mahjong_hands::KongKind;
use mahjong_rules::Ruleset;
use mahjong_tiles::{Tile, Wind};

/// `korean-3p` with `key=value` overrides.
fn korean(options: &[&str]) -> Ruleset {
    let mut r = Ruleset::preset("korean-3p").unwrap();
    for o in options {
        r.set(o).unwrap_or_else(|e| panic!("{o}: {e}"));
    }
    r
}

/// A three-player wall in draw order: the deal (dealer first, 4 tiles three times, 1 each,
/// the dealer 1 more), `draws`, filler up to `len - tail` tiles with the loose tiles at
/// the end (first loose tile last), then `tail` more filler tiles (the unused 13 of
/// `ghost_wall` / `dora`). The filler uses tiles of `ruleset`'s set not used up.
fn wall3(
    ruleset: &Ruleset,
    dealer: usize,
    hands: [&str; 3],
    draws: &str,
    loose: &str,
    tail: &str,
) -> Vec<Tile> {
    let set = ruleset.tile_set();
    let hands: Vec<Vec<Tile>> = hands.iter().map(|h| ts(h)).collect();
    for (p, h) in hands.iter().enumerate() {
        assert_eq!(h.len(), if p == dealer { 14 } else { 13 }, "player {p}");
    }
    let mut wall = Vec::new();
    for round in 0..4 {
        for i in 0..3 {
            let p = (dealer + i) % 3;
            let r = if round < 3 {
                4 * round..4 * round + 4
            } else {
                12..13
            };
            wall.extend_from_slice(&hands[p][r]);
        }
    }
    wall.push(hands[dealer][13]);
    wall.extend(ts(draws));
    let loose = ts(loose);
    let tail = ts(tail);
    let mut left = [0u8; Tile::COUNT];
    for t in set.tiles() {
        left[t.index()] += 1;
    }
    for x in wall.iter().chain(&loose).chain(&tail) {
        assert!(left[x.index()] > 0, "too many {x} for the set");
        left[x.index()] -= 1;
    }
    // Filler: the playing tiles left, in index order.
    let mut fill = vec![];
    for (i, n) in left.iter().enumerate() {
        let tile = Tile::from_index(i).unwrap();
        if tile.kind().is_some() {
            fill.extend(std::iter::repeat_n(tile, *n as usize));
        }
    }
    let body = 108 - 4 - tail.len() - loose.len() - wall.len();
    wall.extend_from_slice(&fill[..body.min(fill.len())]);
    wall.extend(loose.iter().rev());
    wall.extend(tail);
    wall
}

fn game3(ruleset: Ruleset, walls: Vec<Vec<Tile>>, max_hands: u32) -> Game {
    Game::new(GameConfig {
        ruleset,
        seed: 7,
        walls,
        max_hands: Some(max_hands),
        record: true,
    })
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
    let sizes: Vec<usize> = h.players().iter().map(|p| p.concealed.len()).collect();
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
            from: Some(0)
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
                from: None
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
                from: None
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
                from: Some(0)
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
