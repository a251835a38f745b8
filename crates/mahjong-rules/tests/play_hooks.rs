//! The families' play hooks on a table of our own (a `PlayTable` written here, not the
//! engine's): what each family decides during play, asked the way the engine asks it. The
//! same rules are played end to end in the engine's tests (`scenarios.rs`, `korean_play.rs`,
//! `western_play.rs`); these show the hooks need nothing but the narrow view.

use mahjong_hands::{Counts, KindMask, Meld, MeldKind, Shape};
use mahjong_rules::{FamilyPlay, HandEnd, PlayHooks, PlayTable, Ruleset, WinTies};
use mahjong_tiles::{Tile, KINDS};

/// A table with every field settable.
struct Fake {
    melds: Vec<Vec<Meld>>,
    counts: Vec<Counts>,
    discards: Vec<Vec<(Tile, bool)>>,
    waits: Vec<KindMask>,
    ready: Vec<bool>,
    live: usize,
    shape: Shape,
    points: Vec<i64>,
}

impl Fake {
    fn new(ruleset: &Ruleset) -> Fake {
        let n = ruleset.seats();
        Fake {
            melds: vec![vec![]; n],
            counts: vec![[0; KINDS]; n],
            discards: vec![vec![]; n],
            waits: vec![KindMask::EMPTY; n],
            ready: vec![false; n],
            live: 60,
            shape: Shape::of(&ruleset.tile_set()),
            points: vec![ruleset.starting_score(); n],
        }
    }

    fn hold(&mut self, p: usize, tiles: &str) {
        for t in mahjong_tiles::parse_tiles(tiles).unwrap() {
            self.counts[p][t.kind().unwrap()] += 1;
        }
    }

    fn pung(&mut self, p: usize, tile: &str) {
        let k = tile.parse::<Tile>().unwrap().kind().unwrap() as u8;
        self.melds[p].push(Meld::new(MeldKind::Pung, k, true));
    }

    fn discard(&mut self, p: usize, tile: &str) {
        self.discards[p].push((tile.parse().unwrap(), false));
    }
}

impl PlayTable for Fake {
    fn seats(&self) -> usize {
        self.melds.len()
    }
    fn melds(&self, p: usize) -> &[Meld] {
        &self.melds[p]
    }
    fn concealed(&self, p: usize) -> &Counts {
        &self.counts[p]
    }
    fn concealed_kinds(&self, p: usize) -> u64 {
        (0..KINDS)
            .filter(|&k| self.counts[p][k] > 0)
            .fold(0, |m, k| m | 1 << k)
    }
    fn discards(&self, p: usize) -> &[(Tile, bool)] {
        &self.discards[p]
    }
    fn waits(&self, p: usize) -> KindMask {
        self.waits[p]
    }
    fn ready(&self, p: usize) -> bool {
        self.ready[p]
    }
    fn live_remaining(&self) -> usize {
        self.live
    }
    fn shape(&self) -> &Shape {
        &self.shape
    }
    fn seven_pairs(&self) -> bool {
        false
    }
    fn points(&self, p: usize) -> i64 {
        self.points[p]
    }
}

fn hooks(preset: &str) -> (Ruleset, FamilyPlay) {
    let r = Ruleset::preset(preset).unwrap();
    let mut h = r.play_hooks();
    h.start_hand(r.seats());
    (r, h)
}

fn tile(code: &str) -> Tile {
    code.parse().unwrap()
}

#[test]
fn m55_original_call_only_with_the_first_discard_and_no_set() {
    let (r, h) = hooks("millington");
    let mut t = Fake::new(&r);
    assert!(h.may_declare_ready(&t, 1));
    t.discard(1, "9B");
    assert!(!h.may_declare_ready(&t, 1), "after a discard");
    t.pung(2, "RD");
    assert!(!h.may_declare_ready(&t, 2), "after a set");
    assert!(!h.checks_wins());
    assert_eq!(h.win_ties(), WinTies::Nearest);
}

#[test]
fn k3_p9_ready_while_concealed_k3_p8_sacred_discard_k3_p7_ties_by_points() {
    let (r, h) = hooks("korean-3p");
    let mut t = Fake::new(&r);
    t.discard(1, "9B");
    t.discard(1, "5D");
    assert!(h.may_declare_ready(&t, 1), "K3-P9: discards do not matter");
    t.pung(1, "RD");
    assert!(
        !h.may_declare_ready(&t, 1),
        "K3-P9: not after an exposed set"
    );
    // K3-P8: no win on a tile of a kind he discarded (any copy), other tiles are fine.
    assert!(!h.may_claim_win(&t, 1, 0, tile("5D")));
    assert!(h.may_claim_win(&t, 1, 0, tile("6D")));
    assert!(h.checks_wins(), "K3-S1: wins pass the scorer's minimum");
    assert_eq!(h.win_ties(), WinTies::Points);
}

#[test]
fn k3_o_three_ready_draw_and_the_dora_indicator_are_options() {
    let (r, h) = hooks("korean-3p");
    let mut t = Fake::new(&r);
    t.ready = vec![true; 3];
    assert!(!h.unclaimed_ends_hand(&t), "play-on by default");
    assert_eq!(h.dora_indicator(&[tile("3D"), tile("4D")]), None);

    let mut r = Ruleset::preset("korean-3p").unwrap();
    let o = serde_json::json!({"three_ready": "draw", "dora": true});
    r.apply(o.as_object().unwrap()).unwrap();
    let h = r.play_hooks();
    assert!(h.unclaimed_ends_hand(&t));
    t.ready[2] = false;
    assert!(!h.unclaimed_ends_hand(&t), "only when all three are ready");
    assert_eq!(
        h.dora_indicator(&[tile("3D"), tile("4D")]),
        Some(tile("3D"))
    );
}

#[test]
fn m90c_a_discard_of_the_third_dragon_makes_its_discarder_liable() {
    let (r, mut h) = hooks("millington");
    let mut t = Fake::new(&r);
    // South has exposed pungs of red and green dragons: a white dragon is dangerous
    // (M90c). West holds a safe tile too, so he is not excused.
    t.pung(1, "RD");
    t.pung(1, "GD");
    h.on_sets(&t, 1);
    t.hold(2, "WD 1B 2B");
    h.on_draw(&t, 2);
    t.discard(2, "WD");
    h.on_discard(&t, 2, tile("WD"));
    // South goes out on it: three dragon pungs, Big Three Dragons.
    t.hold(1, "WD WD WD 5C 5C");
    assert_eq!(h.liable(&t, 1, Some(2)), Some(2));
    // The same win on a tile from another discarder is nobody's cannon.
    assert_eq!(h.liable(&t, 1, Some(3)), None);
    // A new hand forgets it.
    h.start_hand(4);
    assert_eq!(h.liable(&t, 1, Some(2)), None);
}

#[test]
fn m90_no_choice_excuses_the_discarder() {
    let (r, mut h) = hooks("millington");
    let mut t = Fake::new(&r);
    t.pung(1, "RD");
    t.pung(1, "GD");
    h.on_sets(&t, 1);
    // West holds nothing but white dragons after his draw: he had no choice.
    t.hold(2, "WD WD");
    h.on_draw(&t, 2);
    h.on_discard(&t, 2, tile("WD"));
    t.hold(1, "WD WD WD 5C 5C");
    assert_eq!(h.liable(&t, 1, Some(2)), None);
}

#[test]
fn kj_s8_dangerous_game_kajonggs_situations() {
    for preset in ["dmjl", "bmja"] {
        let (r, mut h) = hooks(preset);
        let mut t = Fake::new(&r);
        // Two dragon sets make the third dragon dangerous; West holds a safe tile too.
        t.pung(1, "RD");
        t.pung(1, "GD");
        h.on_sets(&t, 1);
        t.hold(2, "WD 1B 2B");
        h.on_draw(&t, 2);
        t.discard(2, "WD");
        h.on_discard(&t, 2, tile("WD"));
        assert_eq!(h.liable(&t, 1, Some(2)), Some(2), "{preset}");
        assert_eq!(h.liable(&t, 1, Some(3)), None, "{preset}");
        // Not toward another player, and not once the next player has drawn.
        assert_eq!(h.liable(&t, 3, Some(2)), None, "{preset}");
        h.on_draw(&t, 3);
        assert_eq!(h.liable(&t, 1, Some(2)), None, "{preset}");
    }
    // Without a safe tile the discarder had no choice.
    let (r, mut h) = hooks("dmjl");
    let mut t = Fake::new(&r);
    t.pung(1, "RD");
    t.pung(1, "GD");
    t.hold(2, "WD");
    h.on_discard(&t, 2, tile("WD"));
    assert_eq!(h.liable(&t, 1, Some(2)), None);
}

#[test]
fn kj_s8_three_exposed_sets_of_one_suit_and_the_last_five_tiles() {
    let (r, mut h) = hooks("dmjl");
    let mut t = Fake::new(&r);
    // Three exposed pungs of bamboo (nine suit tiles): every bamboo is dangerous, a
    // character is not (Millington's M90a would say the same; the wall rule differs).
    t.pung(1, "2B");
    t.pung(1, "5B");
    t.pung(1, "8B");
    t.hold(2, "9B 1C");
    h.on_discard(&t, 2, tile("9B"));
    assert_eq!(h.liable(&t, 1, Some(2)), Some(2));
    h.on_discard(&t, 2, tile("1C"));
    assert_eq!(h.liable(&t, 1, Some(2)), None);
    // With five tiles left in the live wall, a tile nobody has seen is dangerous toward
    // everybody; one seen in a discard is not. With six left, neither.
    let (r, mut h) = hooks("bmja");
    let mut t = Fake::new(&r);
    t.discard(0, "3C");
    t.hold(2, "3C 7C 1D");
    t.live = 5;
    h.on_discard(&t, 2, tile("7C"));
    assert_eq!(h.liable(&t, 0, Some(2)), Some(2));
    h.on_discard(&t, 2, tile("3C"));
    assert_eq!(h.liable(&t, 0, Some(2)), None);
    t.live = 6;
    h.on_discard(&t, 2, tile("7C"));
    assert_eq!(h.liable(&t, 0, Some(2)), None);
}

#[test]
fn the_families_without_dangerous_discards_have_no_cannon() {
    for preset in ["western", "korean-3p"] {
        let (r, mut h) = hooks(preset);
        let mut t = Fake::new(&r);
        t.pung(1, "RD");
        t.pung(1, "GD");
        h.on_sets(&t, 1);
        t.hold(2, "WD 1C");
        h.on_draw(&t, 2);
        h.on_discard(&t, 2, tile("WD"));
        t.hold(1, "WD WD WD 5C 5C");
        assert_eq!(h.liable(&t, 1, Some(2)), None, "{preset}");
    }
}

#[test]
fn the_deal_moves_as_each_family_says() {
    let keeps = |preset: &str, end| Ruleset::preset(preset).unwrap().dealer_keeps(end);
    let won = |streak| HandEnd::DealerWon { streak };
    // M11: East keeps the deal on a washout and on his win; M122r: not after his 13th.
    assert!(keeps(
        "millington",
        HandEnd::Washout {
            dealer_ready: false
        }
    ));
    assert!(keeps("millington", won(12)));
    assert!(!keeps("millington", won(13)));
    assert!(!keeps("millington", HandEnd::OtherWon));
    // W-G1: a draw passes the deal; W-G2: East keeps it on every win.
    assert!(!keeps(
        "western",
        HandEnd::Washout {
            dealer_ready: false
        }
    ));
    assert!(keeps("western", won(13)));
    assert!(!keeps("western", HandEnd::OtherWon));
    // K3-M: the deal passes after every hand.
    assert!(!keeps(
        "korean-3p",
        HandEnd::Washout {
            dealer_ready: false
        }
    ));
    assert!(!keeps("korean-3p", won(1)));
    // KJ-S9: DMJL passes the deal after East's ninth win in a row (KJ-L15); BMJA never.
    assert!(keeps("dmjl", won(8)));
    assert!(!keeps("dmjl", won(9)));
    assert!(keeps("bmja", won(20)));
    assert!(keeps(
        "bmja",
        HandEnd::Washout {
            dealer_ready: false
        }
    ));
    assert!(!keeps("bmja", HandEnd::OtherWon));
}

#[test]
fn j3_t7_riichi_needs_the_points_for_its_stake() {
    let (r, h) = hooks("japanese-3p");
    let mut t = Fake::new(&r);
    assert!(h.may_declare_ready(&t, 1));
    t.points[1] = 1000;
    assert!(h.may_declare_ready(&t, 1), "exactly the stake");
    t.points[1] = 999;
    assert!(!h.may_declare_ready(&t, 1), "less than the 1,000 stake");
    t.discard(2, "9B");
    t.pung(2, "RD");
    assert!(!h.may_declare_ready(&t, 2), "an open hand");
}

/// M119, KJ-S4: what a hand scores at most, for scores typed in by hand (the server's
/// `/api/settle`); none where the limit is off (KJ-S5 roof off, `no_limit`) or caps
/// payments instead (Western).
#[test]
fn a_hand_scores_at_most_the_limit_where_the_family_caps_hands() {
    let cap = |preset: &str, opt: Option<&str>| {
        let mut r = Ruleset::preset(preset).unwrap();
        if let Some(o) = opt {
            r.set(o).unwrap();
        }
        r.score_cap()
    };
    assert_eq!(cap("millington", None), Some(1000));
    assert_eq!(cap("millington", Some("limit=500")), Some(500));
    assert_eq!(cap("millington", Some("no_limit=true")), None);
    assert_eq!(cap("dmjl", None), Some(500));
    assert_eq!(cap("bmja", None), Some(1000));
    assert_eq!(cap("bmja", Some("roof_off=true")), None);
    assert_eq!(cap("western", None), None);
    assert_eq!(cap("korean-3p", None), None);
}
