//! Whole hands of the Western game (`shared/rules/western.md`, seed 002) on explicit walls:
//! the end of a hand and the passing of the deal (W-G1, W-G2). Scores and settlements are
//! worked out by hand from the spec; the arithmetic is in the comments.
//!
//! Unless a test says otherwise: hand 0, player 0 is East (so player i sits at wind i),
//! prevailing wind East, the `western` preset (payment limit 300, 600 to or from East; dead
//! wall 16 tiles), and the players not involved hold "inert" hands (see `common::inert`)
//! that can claim nothing and score nothing.

mod common;

use common::*;
use mahjong_engine::{Action, Event, Game};
use mahjong_rules::Ruleset;
use mahjong_tiles::Wind;

/// The `western` preset with `key=value` overrides.
fn western(options: &[&str]) -> Ruleset {
    let mut r = Ruleset::preset("western").unwrap();
    for o in options {
        r.set(o).unwrap_or_else(|e| panic!("{o}: {e}"));
    }
    r
}

/// Calling on 2D or 5D: 123B 456B 789C + 2345D.
const CALLS_2D_5D: &str = "1B 2B 3B 4B 5B 6B 7C 8C 9C 2D 3D 4D 5D";

/// A hand that ends in a draw after `pad` live draws. The dealer holds a concealed pung of
/// white dragons (worth 8 × 2 = 16 to a loser, were the hand scored); the others are
/// inert.
fn draw_wall(dealer: usize, pad: usize) -> Vec<mahjong_tiles::Tile> {
    let mut hands = [
        "1B 4B 7B 2C 5C 8C 3D 6D 9D WD WD WD EW SW".to_string(),
        inert([2, 3, 1], "EW WW NW RD"),
        inert([3, 1, 2], "SW WW NW GD"),
        inert([1, 2, 3], "EW SW WW WD"),
    ];
    hands.rotate_right(dealer);
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

/// East (`dealer`) is dealt a complete hand: 123B 234B 456C 789D, pair 5D.
fn heaven_wall(dealer: usize) -> Vec<mahjong_tiles::Tile> {
    let mut hands = [
        "1B 2B 3B 2B 3B 4B 4C 5C 6C 7D 8D 9D 5D 5D".to_string(),
        inert([1, 1, 1], "EW SW RD GD"),
        inert([2, 2, 2], "WW NW RD GD"),
        inert([3, 3, 3], "EW SW WW WD"),
    ];
    hands.rotate_right(dealer);
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

/// `winner` goes out on the dealer's first discard, 5D (Earthly Peace, W-L11).
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

/// Plays a draw hand on [`draw_wall`] with `options`; returns the game and its events.
fn play_draw(options: &[&str]) -> (Game, Vec<Event>) {
    let mut g = game(western(options), vec![draw_wall(0, 4)], 2);
    let mut ev = g.take_events();
    ev.extend(play_out(&mut g));
    (g, ev)
}

#[test]
fn w_g1_draw_pays_nothing_and_rotates_the_deal() {
    let (g, ev) = play_draw(&[]);
    let w = ev
        .iter()
        .position(|e| *e == Event::Washout)
        .expect("a draw");
    assert!(!ev.iter().any(|e| matches!(e, Event::Mahjong { .. })));
    assert_eq!(live_draws(&ev[..w]), 4);
    // Nobody pays anybody, although East holds a pung of white dragons.
    let (scores, limits, settlement, cannon) = scores_of(&ev[w..]);
    assert_eq!(
        (scores, limits, settlement, cannon),
        (vec![0; 4], vec![None; 4], vec![0; 4], None)
    );
    assert_eq!(g.totals(), [0; 4]);
    assert_eq!(g.summary().washouts, 1);
    // The winds rotate: old South (player 1) becomes East and deals.
    assert_eq!(
        hand_starts(&ev),
        [(0, Wind::East, 0), (1, Wind::East, 1)],
        "hand starts"
    );
    assert_eq!(g.view(1).wind, Wind::East);
    assert_eq!(g.view(2).wind, Wind::South);
    assert_eq!(g.view(0).wind, Wind::North);
    assert_eq!(g.view(0).dealer, 1);

    // Near miss: draw_rotates = false keeps the deal with East (as in Millington).
    let (g, ev) = play_draw(&["draw_rotates=false"]);
    assert_eq!(
        hand_starts(&ev),
        [(0, Wind::East, 0), (1, Wind::East, 0)],
        "hand starts"
    );
    assert_eq!(g.totals(), [0; 4]);
}

#[test]
fn w_g2_east_keeps_the_deal_when_he_wins_else_it_passes() {
    // Hand 0: East is dealt a complete hand (Heavenly Peace, W-L10): worth 300, each pays
    // him 2 × 300 = 600. Hand 1: East deals again; South goes out on his first discard
    // (Earthly Peace, W-L11): 300; East pays 600, West and North 300. Hand 2: South deals.
    let walls = vec![heaven_wall(0), earth_wall(0, 1), draw_wall(1, 4)];
    let mut g = game(western(&[]), walls, 3);
    let mut ev = g.take_events();
    assert!(g.legal_actions(0).contains(&Action::Mahjong));
    act(&mut g, 0, Action::Mahjong);
    let ev0 = g.take_events();
    let (scores, limits, settlement, _) = scores_of(&ev0);
    assert_eq!(scores, [300, 0, 0, 0]);
    assert_eq!(limits[0].as_deref(), Some("W-L10"));
    assert_eq!(settlement, [1800, -600, -600, -600]);
    ev.extend(ev0);

    act(&mut g, 0, discard_action("5D"));
    assert_eq!(g.pending(), vec![1]);
    act(&mut g, 1, Action::Mahjong);
    let ev1 = g.take_events();
    let (scores, limits, settlement, _) = scores_of(&ev1);
    assert_eq!(scores, [0, 300, 0, 0]);
    assert_eq!(limits[1].as_deref(), Some("W-L11"));
    assert_eq!(settlement, [-600, 1200, -300, -300]);
    ev.extend(ev1);

    use Wind::*;
    assert_eq!(hand_starts(&ev), [(0, East, 0), (1, East, 0), (2, East, 1)]);
    // P0 +1800 − 600 = 1200; P1 −600 + 1200 = 600; P2 and P3 −600 − 300 = −900.
    assert_eq!(g.totals(), [1200, 600, -900, -900]);
    assert_eq!(g.summary().wins, [1, 1, 0, 0]);
}

#[test]
fn w_g2_east_keeps_the_deal_after_thirteen_consecutive_wins() {
    // W-G2: East keeps the deal whenever he wins; the Western rules have no counterpart of
    // M122r. Thirteen Heavenly Peace hands in a row, then East deals the 14th hand too.
    let walls: Vec<_> = (0..15).map(|_| heaven_wall(0)).collect();
    let mut g = game(western(&[]), walls, 15);
    let mut ev = g.take_events();
    for _ in 0..13 {
        act(&mut g, 0, Action::Mahjong);
        ev.extend(g.take_events());
    }
    let starts = hand_starts(&ev);
    assert_eq!(starts.len(), 14);
    assert_eq!(starts[13], (13, Wind::East, 0), "the 14th hand's dealer");
    // Each hand: +1800 for East, −600 for each other player.
    assert_eq!(g.totals(), [13 * 1800, -13 * 600, -13 * 600, -13 * 600]);
}
