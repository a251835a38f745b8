//! The greedy bot in the three-player hand-points game (`korean-3p`): claims only toward a
//! hand that meets the minimum (K3-S1), declares ready (K3-P9), knows the sacred discard
//! (K3-P8), and beats random play and its own hand-points-blind self.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

use mahjong_bots::{play_game, Bot, GreedyBot};
use mahjong_engine::{Action, Game, GameConfig, PhaseView, SeatView};
use mahjong_hands::{shanten_regular, Counts, Shape};
use mahjong_rules::Ruleset;
use mahjong_tiles::Tile;
use serde_json::{json, Value};

mod common;
use common::*;

fn korean() -> Ruleset {
    Ruleset::preset("korean-3p").unwrap()
}

fn claims(t: &str) -> Value {
    json!({"type": "claims", "discarder": 0, "tile": t})
}

/// Every distinct tile of `concealed` as a discard, and as a ready declaration for those
/// in `ready`.
fn discards(concealed: &str, ready: &[&str]) -> Vec<Action> {
    let mut ts = tiles(concealed);
    ts.sort();
    ts.dedup();
    let mut v: Vec<Action> = ts
        .iter()
        .map(|&tile| Action::Discard { tile, call: false })
        .collect();
    for t in ready {
        v.push(Action::Discard {
            tile: tile(t),
            call: true,
        });
    }
    v
}

fn greedy(seed: u64) -> GreedyBot {
    GreedyBot::for_ruleset(&korean(), seed)
}

#[test]
fn passes_a_pung_that_scores_nothing_for_a_concealed_hand() {
    // One from ready: 1C2C3C 4D5D6D, 7D8D waiting, pairs 5C and 2D, a loose EW. A pung of
    // 5C would make it ready, but a 5C pung scores no hand-point and an open hand of runs
    // can never reach 3 (no concealed hand, no all pungs, no one suit).
    let hand = "1C 2C 3C 4D 5D 6D 7D 8D 5C 5C 2D 2D EW";
    let v = view3(
        hand,
        (&[], ""),
        quiet("E"),
        quiet("W"),
        claims("5C"),
        vec![Action::Pass, Action::Pung],
    );
    assert_eq!(greedy(1).act(&v), Action::Pass);
    // The same bot blind to hand-points takes it (it is a step toward ready).
    assert_eq!(greedy(1).without_hand_points().act(&v), Action::Pung);
}

#[test]
fn claims_a_pung_that_makes_the_minimum() {
    // A concealed green-dragon pung and a red pair: the red pung makes two dragon pungs,
    // 1 + 1 + 1 = 3 hand-points (K3-HP1, HP2) however the hand ends, and makes it ready
    // (throwing 7D: 4D5D and an 8D pair).
    let hand = "GD GD GD RD RD 1C 2C 3C 4D 5D 7D 8D 8D";
    let v = view3(
        hand,
        (&[], ""),
        quiet("E"),
        quiet("W"),
        claims("RD"),
        vec![Action::Pass, Action::Pung],
    );
    assert_eq!(greedy(2).act(&v), Action::Pung);
}

/// Shanten of concealed counts toward all pungs or one suit of characters, with `d`
/// declared sets (the plans open to a hand whose sets score nothing).
fn pungs_or_characters(c: &Counts, d: usize) -> i8 {
    let shape = Shape::of(&korean().tile_set());
    let mut pungs = shape;
    pungs.chow_suits = [false; 3];
    let mut m = *c;
    for (k, n) in m.iter_mut().enumerate() {
        if !(9..18).contains(&k) && k < 27 {
            *n = 0;
        }
    }
    shanten_regular(c, d, &pungs).min(shanten_regular(&m, d, &shape))
}

fn counts_after(hand: &str, thrown: Tile) -> Counts {
    let mut c: Counts = [0; 34];
    for x in tiles(hand) {
        c[x.kind().unwrap()] += 1;
    }
    c[thrown.kind().unwrap()] -= 1;
    c
}

#[test]
fn an_open_hand_keeps_to_a_plan_that_meets_the_minimum() {
    // South has claimed a pung of 5C, which scores nothing: only all pungs or one suit
    // (characters, honours allowed) can still reach 3 hand-points. Throwing EW or 9C would
    // leave a run of circles and be ready at once, but for a hand that can never be won
    // (1 hand-point, K3-HP18). The bot lets a circle go: two from ready in characters.
    let hand = "1C 2C 3C 6C 7C 8C 9C 3D 4D 5D EW";
    let v = view3(
        hand,
        (&["pung 5C"], "WW"),
        quiet("E"),
        quiet("W"),
        turn(),
        discards(hand, &[]),
    );
    let Action::Discard { tile: t, .. } = greedy(3).act(&v) else {
        panic!("a discard")
    };
    assert_eq!(t.suit(), Some(mahjong_tiles::Suit::Circles), "threw {t}");
    assert_eq!(pungs_or_characters(&counts_after(hand, t), 1), 2);
    let Action::Discard { tile: b, .. } = greedy(3).without_hand_points().act(&v) else {
        panic!("a discard")
    };
    assert!(b == tile("EW") || b == tile("9C"), "blind threw {b}");
    assert_eq!(pungs_or_characters(&counts_after(hand, b), 1), 3);
}

#[test]
fn declares_ready_on_a_wide_wait() {
    // Throwing EW leaves 1C–9C runs, 7D8D9D and 2D3D with a 5D pair: 1D or 4D, eight live.
    let hand = "1C 2C 3C 4C 5C 6C 7D 8D 9D 2D 3D 5D 5D EW";
    let v = view3(
        hand,
        (&[], "WW"),
        quiet("E"),
        quiet("W"),
        turn(),
        discards(hand, &["EW"]),
    );
    assert_eq!(
        greedy(4).act(&v),
        Action::Discard {
            tile: tile("EW"),
            call: true
        }
    );
}

#[test]
fn does_not_freeze_a_hand_on_a_nearly_dead_wait() {
    // Throwing EW leaves 2D4D: only 3D wins, and East and West have discarded two of the
    // four; two live tiles are too few to freeze the hand for.
    let hand = "1C 2C 3C 4C 5C 6C 7D 8D 9D 2D 4D 5D 5D EW";
    let v = view3(
        hand,
        (&[], "WW"),
        seat("E", &[], "3D", false),
        seat("W", &[], "3D", false),
        turn(),
        discards(hand, &["EW"]),
    );
    assert_eq!(
        greedy(5).act(&v),
        Action::Discard {
            tile: tile("EW"),
            call: false
        }
    );
}

#[test]
fn prefers_a_wait_it_may_win_from_a_discard() {
    // Three character runs, then 5D5D 6D 8D8D. Throwing 6D waits on 5D or 8D (shanpon;
    // East has discarded one of each, two live), throwing 8D on 7D (5D pair, 6D_8D; three
    // live). But South has discarded 4D and 7D earlier, so a 7D discard cannot be his
    // (K3-P8): that wait wins only from the wall, a third of the chances, while the
    // shanpon also wins from a discard.
    let hand = "1C 2C 3C 4C 5C 6C 7C 8C 9C 5D 5D 6D 8D 8D";
    let v = view3(
        hand,
        (&[], "4D 7D"),
        seat("E", &[], "5D 8D", false),
        quiet("W"),
        turn(),
        discards(hand, &[]),
    );
    let a = greedy(6).act(&v);
    assert_eq!(
        a,
        Action::Discard {
            tile: tile("6D"),
            call: false
        }
    );
    // Counting live tiles alone, the kanchan looks better.
    let blind = greedy(6).without_hand_points().act(&v);
    assert!(
        matches!(blind, Action::Discard { tile: t, .. } if t == tile("8D")),
        "{blind:?}"
    );
}

#[test]
fn defends_with_a_ready_opponents_own_discards() {
    // Far from ready (a scattered hand) while East has declared ready: the only tiles
    // East cannot win on are those he discarded himself (K3-P8): 7C here. West has thrown
    // three 4D, so the bot's own 4D is the last copy: dead for a wait of East's on a pair
    // of it, yet East may still wait on it in a run (3D_5D) or alone.
    let hand = "1C 4C 7C 2D 4D 8D 3C 6D 9D RD GD WD EW SW";
    let v = view3(
        hand,
        (&[], ""),
        seat("E", &[], "7C 2C", true),
        seat("W", &[], "4D 4D 4D", false),
        turn(),
        discards(hand, &[]),
    );
    assert_eq!(
        greedy(7).act(&v),
        Action::Discard {
            tile: tile("7C"),
            call: false
        }
    );
    // Counting copies alone, the last 4D looks safest.
    assert_eq!(
        greedy(7).without_hand_points().act(&v),
        Action::Discard {
            tile: tile("4D"),
            call: false
        }
    );
}

/// Wraps a greedy bot and checks each pung or kong it claims while concealed (as South,
/// East, West): the set scores hand-points, or the hand after it is at most one tile from
/// ready toward a hand that meets the minimum without the concealed hand's points: all
/// pungs, one suit, or scoring triplets already held.
struct Checked {
    bot: GreedyBot,
    shape: Shape,
    /// Claims of sets that score, and of sets that do not, made from a concealed hand.
    counts: Arc<[AtomicU32; 2]>,
}

/// Hand-points of a pung of `k` for a seat with wind kind `own` in round `prevailing`.
fn pung_hp(k: usize, own: usize, prevailing: usize) -> u32 {
    match k {
        0 | 8 | 31..=33 => 1,
        27..=29 => 1 + u32::from(k == own) + u32::from(k == prevailing),
        _ => 0,
    }
}

impl Checked {
    /// The lowest shanten of concealed counts `c` over the plans open to a hand with `d`
    /// declared sets, one of them the just-claimed pung or kong of `k`.
    fn plans(&self, c: &Counts, d: usize, k: usize, view: &SeatView) -> i8 {
        let own = view.wind.tile().kind().unwrap();
        let prevailing = view.prevailing.tile().kind().unwrap();
        let mut pungs = self.shape;
        pungs.chow_suits = [false; 3];
        let mut best = shanten_regular(c, d, &pungs);
        if (9..27).contains(&k) {
            let suit = k / 9;
            let mut m = *c;
            for (y, n) in m.iter_mut().enumerate().take(27) {
                if y / 9 != suit {
                    *n = 0;
                }
            }
            best = best.min(shanten_regular(&m, d, &self.shape));
        }
        let mut hp = 0;
        let mut dragons = 0;
        for (y, &n) in c.iter().enumerate() {
            if n >= 3 {
                hp += pung_hp(y, own, prevailing);
                dragons += u32::from(y >= 31);
            }
        }
        if hp + u32::from(dragons >= 2) >= 3 {
            best = best.min(shanten_regular(c, d, &self.shape));
        }
        best
    }
}

impl Bot for Checked {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn act(&mut self, view: &SeatView) -> Action {
        let a = self.bot.act(view);
        let me = &view.public[view.player];
        let concealed = me.sets.iter().all(|s| !s.exposed);
        if let (Action::Pung | Action::Kong, PhaseView::Claims { tile, .. }) = (a, &view.phase) {
            let k = tile.kind().unwrap();
            let own = view.wind.tile().kind().unwrap();
            let prevailing = view.prevailing.tile().kind().unwrap();
            if concealed {
                let scores = pung_hp(k, own, prevailing) > 0;
                self.counts[usize::from(!scores)].fetch_add(1, Ordering::Relaxed);
                if !scores {
                    let mut c: Counts = [0; 34];
                    for t in &view.concealed {
                        c[t.kind().unwrap()] += 1;
                    }
                    let d = me.sets.len() + 1;
                    let best = if a == Action::Kong {
                        // A kong: the replacement tile comes before any discard.
                        c[k] -= 3;
                        self.plans(&c, d, k, view)
                    } else {
                        c[k] -= 2;
                        let mut best = i8::MAX;
                        for x in 0..34 {
                            if c[x] > 0 {
                                c[x] -= 1;
                                best = best.min(self.plans(&c, d, k, view));
                                c[x] += 1;
                            }
                        }
                        best
                    };
                    assert!(
                        best <= 1,
                        "claimed a {a:?} of {tile} that scores nothing, {best} from ready: {:?}",
                        view.concealed
                    );
                }
            }
        }
        a
    }
}

#[test]
fn in_play_a_concealed_hand_claims_only_sets_that_score_or_lead_to_the_minimum() {
    let ruleset = korean();
    let shape = Shape::of(&ruleset.tile_set());
    let counts = Arc::new([AtomicU32::new(0), AtomicU32::new(0)]);
    let mut hands = 0;
    for seed in 0..30u64 {
        let mut game = Game::new(GameConfig::new(ruleset.clone(), 500 + seed));
        let mut bots: Vec<Box<dyn Bot>> = (0..3)
            .map(|p| -> Box<dyn Bot> {
                Box::new(Checked {
                    bot: GreedyBot::for_ruleset(&ruleset, seed * 3 + p),
                    shape,
                    counts: counts.clone(),
                })
            })
            .collect();
        play_game(&mut game, &mut bots).unwrap();
        hands += game.summary().hands;
    }
    let scoring = counts[0].load(Ordering::Relaxed);
    let plain = counts[1].load(Ordering::Relaxed);
    eprintln!("{hands} hands: concealed hands claimed {scoring} scoring sets, {plain} others");
    assert_eq!(hands, 270);
    // Fixed seeds: the checker saw both kinds of claim.
    assert!(scoring >= 20, "{scoring}");
    assert!(plain >= 1, "{plain}");
}

/// Net per seat-hand and win rate of each kind of bot (`greedy`, `blind` = greedy without
/// hand-points play, `random`) over korean-3p games of 9 hands, the kinds rotating
/// through the seats game by game.
fn duel(kinds: [&str; 3], games: u64, first_seed: u64) -> Vec<(String, f64, f64)> {
    duel3(&korean(), kinds, games, first_seed, None)
}

#[test]
fn greedy_beats_random() {
    // 34 games of 9 hands: 306 hands; one greedy against two random bots.
    let t = duel(["greedy", "random", "random"], 34, 7_000);
    eprintln!("{t:?}");
    let (greedy, random) = (&t[0], &t[1]);
    assert_eq!((greedy.0.as_str(), random.0.as_str()), ("greedy", "random"));
    // Fixed seeds: greedy +23.9 per hand, winning 80.4% of its seat-hands; random -12.0,
    // 0.7%. Random bots almost never reach a hand that meets the minimum.
    assert!(greedy.1 >= 15.0, "greedy {:+.2} per hand", greedy.1);
    assert!(greedy.1 > random.1 + 20.0, "{t:?}");
    assert!(greedy.2 > 0.5 && random.2 < 0.02, "{t:?}");
}

#[test]
fn greedy_beats_itself_blind_to_hand_points() {
    // 200 games of 9 hands: 1,800 hands, one greedy against two greedy bots that play
    // for speed alone.
    let t = duel(["greedy", "blind", "blind"], 200, 9_000);
    eprintln!("{t:?}");
    let (blind, greedy) = (&t[0], &t[1]);
    assert_eq!((greedy.0.as_str(), blind.0.as_str()), ("greedy", "blind"));
    // Fixed seeds: greedy +2.71 per hand (35.3% wins), blind -1.35 (30.6%). Over
    // 13,500 hands (`examples/korean_duel`, seed 7) the gap is 5.0 points a hand.
    assert!(greedy.1 > blind.1 + 3.0, "{t:?}");
    assert!(greedy.2 > blind.2, "{t:?}");
}

#[test]
fn the_summary_counts_items_gains_and_seat_positions() {
    let ruleset = korean();
    let mut game = Game::new(GameConfig::new(ruleset.clone(), 42));
    let mut bots: Vec<Box<dyn Bot>> = (0..3)
        .map(|p| -> Box<dyn Bot> { Box::new(GreedyBot::for_ruleset(&ruleset, p)) })
        .collect();
    play_game(&mut game, &mut bots).unwrap();
    let s = game.summary();
    let wins: u32 = s.wins.iter().sum();
    assert_eq!(s.hands, 9);
    assert_eq!(wins + s.washouts, 9);
    assert_eq!(s.wins_by_position.iter().sum::<u32>(), wins);
    // Every win scores K3-BP1 once; every winner collects what the others lose.
    assert_eq!(s.items.get("K3-BP1"), Some(&wins));
    assert_eq!(s.item_gains.get("K3-BP1"), Some(&s.winner_gain_sum));
    assert_eq!(game.totals().iter().sum::<i64>(), 0);
    // Concealed-hand items come in pairs: K3-HP20 with K3-BP9, K3-HP21 with K3-BP10.
    assert_eq!(s.items.get("K3-HP20"), s.items.get("K3-BP9"));
    assert_eq!(s.items.get("K3-HP21"), s.items.get("K3-BP10"));
}
