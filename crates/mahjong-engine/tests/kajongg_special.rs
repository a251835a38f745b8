//! Kajongg's special hands and its calling declaration in play (`kajongg-dmjl-bmja.md`
//! §4): BMJA's knitting hands and Wriggling Snake are offered as wins although they are no
//! four sets and a pair (KJ-L17–L20), and under BMJA's "must declare calling hand" (KJ-S10)
//! a discard that leaves a hand calling declares it for everybody, and only a declared hand
//! (or one that has not discarded yet) goes out.

mod common;

use common::{act, claim, discard, discard_drawn, game, pass_claims, t, WallSpec};
use mahjong_engine::{Action, Event, Game, PhaseView};
use mahjong_rules::Ruleset;

/// A preset with `key=value` overrides.
fn preset(name: &str, options: &[&str]) -> Ruleset {
    let mut r = Ruleset::preset(name).unwrap();
    for o in options {
        r.set(o).unwrap_or_else(|e| panic!("{o}: {e}"));
    }
    r
}

/// One hand over `wall`, East = player 0.
fn one_hand(ruleset: Ruleset, wall: &WallSpec) -> Game {
    game(ruleset, vec![wall.build()], 1)
}

/// The hand's scores and limit rules, by seat position from the dealer.
fn scores(g: &mut Game) -> (Vec<u64>, Vec<Option<String>>) {
    g.take_events()
        .into_iter()
        .find_map(|e| match e {
            Event::Scores { scores, limits, .. } => Some((scores, limits)),
            _ => None,
        })
        .expect("the hand was scored")
}

/// The discards each player declared calling with, in order.
fn calling_discards(events: &[Event]) -> Vec<(usize, String)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Discard {
                player,
                tile,
                calling: true,
                ..
            } => Some((*player, tile.to_string())),
            _ => None,
        })
        .collect()
}

/// South holds six knitted pairs of bamboo and characters and a stray 9D; he draws 7B,
/// discards 9D and waits for 7C (Knitting, KJ-L19), which West discards.
fn knitting_wall() -> WallSpec<'static> {
    WallSpec {
        dealer: 0,
        hands: [
            "7D 8D 9D EW EW SW SW WW WW NW NW RD RD GD",
            "1B 1C 2B 2C 3B 3C 4B 4C 5B 5C 6B 6C 9D",
            "7C 8B 8B 8C 8C 9B 9B 9C 9C 1D 2D 3D 4D",
            "5D 5D 6D 6D 1D 2D 3D 4D GD GD RD WD WD",
        ],
        draws: "7B 2B",
        pad: 8,
        loose: "",
        dead: 14,
    }
}

/// Plays the knitting wall to West's discard of 7C.
fn to_wests_seven(g: &mut Game) {
    discard(g, 0, "GD");
    assert_eq!(g.view(1).drawn, Some(t("7B")));
    discard(g, 1, "9D");
    assert_eq!(g.view(2).drawn, Some(t("2B")));
    act(
        g,
        2,
        Action::Discard {
            tile: t("7C"),
            call: false,
        },
    );
}

#[test]
fn bmja_offers_knitting_on_a_discard_and_scores_half_the_limit() {
    let mut g = one_hand(preset("bmja", &[]), &knitting_wall());
    to_wests_seven(&mut g);
    assert!(g.legal_actions(1).contains(&Action::Mahjong));
    claim(&mut g, 1, Action::Mahjong);
    assert!(g.is_over());
    let (scores, limits) = scores(&mut g);
    // KJ-L19 Knitting: 0.5 of BMJA's limit of 1000.
    assert_eq!(scores[1], 500);
    assert_eq!(limits[1].as_deref(), Some("KJ-L19"));
}

#[test]
fn dmjl_has_no_knitting_so_the_same_discard_is_no_win() {
    let mut g = one_hand(preset("dmjl", &[]), &knitting_wall());
    to_wests_seven(&mut g);
    // Nobody can use 7C: the claim window closes at once and North draws.
    assert_eq!(g.hand().phase_view(), PhaseView::Turn { player: 3 });
}

#[test]
fn bmja_declares_the_knitting_hand_calling_with_the_discard_that_makes_it() {
    let mut g = one_hand(preset("bmja", &[]), &knitting_wall());
    discard(&mut g, 0, "GD");
    assert!(!g.view(2).public[1].calling);
    discard(&mut g, 1, "9D");
    // Every player sees the declaration.
    for q in 0..4 {
        assert!(g.view(q).public[1].calling, "seen by {q}");
    }
    assert!(!g.view(2).public[0].calling);
    let events = g.take_events();
    assert_eq!(calling_discards(&events), vec![(1, "9D".to_string())]);

    // Without the rule, nothing is declared.
    let mut g = one_hand(
        preset("bmja", &["must_declare_calling=false"]),
        &knitting_wall(),
    );
    discard(&mut g, 0, "GD");
    discard(&mut g, 1, "9D");
    assert!(!g.view(2).public[1].calling);
    assert!(calling_discards(&g.take_events()).is_empty());
}

#[test]
fn east_dealt_a_wriggling_snake_goes_out_before_any_discard() {
    let wall = WallSpec {
        dealer: 0,
        hands: [
            "1B 1B 2B 3B 4B 5B 6B 7B 8B 9B EW SW WW NW",
            "1C 1C 2C 2C 3C 3C 4C 4C RD RD GD GD WD",
            "5C 5C 6C 6C 7C 7C 8C 8C 9C 9C 1D 1D WD",
            "2D 2D 3D 3D 4D 4D 5D 5D 6D 6D 7D 7D RD",
        ],
        draws: "",
        pad: 8,
        loose: "",
        dead: 14,
    };
    // Not four sets and a pair, yet complete under BMJA (KJ-L17); East has not
    // discarded, so no declaration is needed (KJ-S10).
    let mut g = one_hand(preset("bmja", &[]), &wall);
    assert!(g.legal_actions(0).contains(&Action::Mahjong));
    act(&mut g, 0, Action::Mahjong);
    let (scores, limits) = scores(&mut g);
    // One limit: Blessing of Heaven and Wriggling Snake are both 1 L; the first listed counts.
    assert_eq!(scores[0], 1000);
    assert!(limits[0].is_some());
    // DMJL's snake is the Squirming one (four sets and a pair): no win here.
    let g = one_hand(preset("dmjl", &[]), &wall);
    assert!(!g.legal_actions(0).contains(&Action::Mahjong));
}

/// South keeps four 1D after his discard: a hand that is not calling (it would wait for a
/// fifth 1D). He then draws EW, declares the kong of 1D and draws EW from the kong box:
/// complete, but under KJ-S10 never declared calling.
fn kong_wall() -> WallSpec<'static> {
    WallSpec {
        dealer: 0,
        hands: [
            "1B 4B 7B 2C 5C 9C 3D 6D 9D SW WW RD GD NW",
            "1D 1D 1D 1D 2B 2B 2B 5C 5C 5C 8C 8C NW",
            "3B 6B 9B 1C 4C 7C 2D 5D 8D SW WW RD GD",
            "2B 5B 8B 3C 6C 9C 4D 7D SW WW RD GD WD",
        ],
        draws: "8C 9B 8B 3B EW",
        pad: 8,
        loose: "EW",
        dead: 14,
    }
}

/// Plays the kong wall to South's kong and loose draw.
fn to_the_loose_tile(g: &mut Game) {
    discard(g, 0, "NW");
    discard(g, 1, "NW");
    discard_drawn(g, 2);
    discard_drawn(g, 3);
    discard_drawn(g, 0);
    assert_eq!(g.view(1).drawn, Some(t("EW")));
    act(g, 1, Action::ConcealedKong { tile: t("1D") });
    pass_claims(g);
    assert_eq!(g.hand().phase_view(), PhaseView::Turn { player: 1 });
    assert_eq!(g.view(1).drawn, Some(t("EW")));
}

#[test]
fn an_undeclared_hand_does_not_go_out_under_must_declare_calling() {
    let mut g = one_hand(preset("bmja", &[]), &kong_wall());
    to_the_loose_tile(&mut g);
    assert!(!g.view(1).public[1].calling);
    assert!(!g.legal_actions(1).contains(&Action::Mahjong));
    // The same hand goes out where no declaration is asked for.
    let mut g = one_hand(
        preset("bmja", &["must_declare_calling=false"]),
        &kong_wall(),
    );
    to_the_loose_tile(&mut g);
    assert!(g.legal_actions(1).contains(&Action::Mahjong));
}
