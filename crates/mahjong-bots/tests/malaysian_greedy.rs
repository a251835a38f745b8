//! The greedy bot in the Malaysian three-player game (`malaysian-3p`, issue #21): it
//! counts its jokers in every shanten (MY3-J), keeps them rather than exposing them for a
//! fan (MY3-J6) or discarding them, takes a joker back from its pung when it holds the
//! natural tile (MY3-J5), and beats random play.

use mahjong_bots::{Bot, GreedyBot};
use mahjong_engine::{Action, PhaseView};
use mahjong_rules::Ruleset;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

mod common;
use common::*;

fn malaysian() -> Ruleset {
    Ruleset::preset("malaysian-3p").unwrap()
}

fn greedy() -> GreedyBot {
    GreedyBot::for_ruleset(&malaysian(), 1)
}

fn discard(t: &str) -> Action {
    Action::Discard {
        tile: tile(t),
        call: false,
    }
}

/// Every distinct tile of `concealed` as a discard, and the joker set aside.
fn turn_actions(concealed: &str) -> Vec<Action> {
    let mut ts = tiles(concealed);
    ts.sort();
    ts.dedup();
    let mut v: Vec<Action> = vec![Action::SetAside { tile: tile("JK") }];
    v.extend(ts.iter().map(|&t| Action::Discard {
        tile: t,
        call: false,
    }));
    v
}

/// 1D 2D 3D, 4D 5D 6D, 7D 8D 9D, EW EW, RD GD + JK, on its turn: with the joker the hand
/// is one tile from complete whichever dragon goes; without it, further.
fn joker_hand() -> mahjong_engine::SeatView {
    let hand = "1D 2D 3D 4D 5D 6D 7D 8D 9D EW EW RD GD JK";
    view3(
        hand,
        (&[], ""),
        quiet("E"),
        quiet("W"),
        turn(),
        turn_actions(hand),
    )
}

#[test]
fn keeps_its_joker_and_discards_the_tile_it_does_not_need() {
    let a = greedy().act(&joker_hand());
    assert!(a == discard("RD") || a == discard("GD"), "{a:?}");
}

#[test]
fn takes_a_joker_back_from_its_pung() {
    let hand = "5D 1D 2D 3D 4D 6D 7D 8D 9D EW EW";
    let mut legal = turn_actions(hand);
    legal.remove(0);
    legal.insert(0, Action::SwapJoker { tile: tile("5D") });
    let v = view3(
        hand,
        (&["pung 5D"], ""),
        quiet("E"),
        quiet("W"),
        turn(),
        legal,
    );
    assert_eq!(greedy().act(&v), Action::SwapJoker { tile: tile("5D") });
}

#[test]
fn greedy_beats_random() {
    let t = duel3(
        &malaysian(),
        ["greedy", "random", "random"],
        30,
        7_000,
        Some(4),
    );
    eprintln!("{t:?}");
    let (greedy, random) = (&t[0], &t[1]);
    assert_eq!((greedy.0.as_str(), random.0.as_str()), ("greedy", "random"));
    // Fixed seeds: greedy +386.5 points a seat-hand and 86.7 % of its seat-hands won,
    // random -193.3 and 0.8 %.
    assert!(
        greedy.1 > random.1 + 50.0 && greedy.2 > 2.0 * random.2,
        "{t:?}"
    );
}

#[test]
fn discards_its_joker_when_nothing_else_may_go() {
    // Four pungs down, 5D and a joker held, and only the joker may go (the 5D completes a
    // claimed set's kind): the joker is set aside for a loose tile and a fan (MY3-J6)
    // rather than discarded, by greedy and by strong alike (it used to panic, reading the
    // joker as a playing tile).
    let hand = "5D JK";
    let v = view3(
        hand,
        (&["pung 9D", "pung EW", "pung SW", "pung WW"], ""),
        quiet("E"),
        quiet("W"),
        turn(),
        vec![Action::SetAside { tile: tile("JK") }, discard("JK")],
    );
    let aside = Action::SetAside { tile: tile("JK") };
    assert_eq!(greedy().act(&v), aside);
    let mut strong = mahjong_bots::StrongBot::for_ruleset(&malaysian(), 1);
    assert_eq!(strong.act(&v), aside);
}

#[test]
fn strong_counts_its_joker_in_its_waits_and_keeps_it() {
    // The hand of `keeps_its_joker_and_discards_the_tile_it_does_not_need`, for the strong
    // bot, which decides it itself: its waits and their value count the joker.
    let mut strong = mahjong_bots::StrongBot::for_ruleset(&malaysian(), 1);
    let a = strong.act(&joker_hand());
    assert!(a == discard("RD") || a == discard("GD"), "{a:?}");
}

/// South (next after East) holds 1D–6D, 8D 9D, EW EW, NW RD GD; East discards a joker and
/// the option `claim_discarded_joker` (MY3-J7) offers its pung of east winds and a chow.
fn joker_discarded() -> mahjong_engine::SeatView {
    view3(
        "1D 2D 3D 4D 5D 6D 8D 9D EW EW NW RD GD",
        (&[], ""),
        quiet("E"),
        quiet("W"),
        serde_json::json!({"type": "claims", "discarder": 0, "tile": "JK"}),
        vec![
            Action::Pass,
            Action::JokerPung { tile: tile("EW") },
            Action::Chow { first: tile("7D") },
        ],
    )
}

#[test]
fn claims_a_discarded_joker_for_the_set_it_brings_nearest() {
    // Two from ready. The joker's pung of east winds (the prevailing wind, 1 fan) or the
    // chow 7D 8D 9D (the joker as 7D) each bring it one from ready; the pung is worth
    // more. Strong claims it as greedy does.
    let pung = Action::JokerPung { tile: tile("EW") };
    assert_eq!(greedy().act(&joker_discarded()), pung);
    let mut strong = mahjong_bots::StrongBot::for_ruleset(&malaysian(), 1);
    assert_eq!(strong.act(&joker_discarded()), pung);
    // Only the chow on offer: taken, as a chow of 7D would be.
    let mut v = joker_discarded();
    v.legal = vec![Action::Pass, Action::Chow { first: tile("7D") }];
    assert_eq!(greedy().act(&v), Action::Chow { first: tile("7D") });
}

/// Counts a bot's offers of a discarded joker for a set (`.1`) and its claims (`.2`).
struct JokerClaims<B>(B, Arc<AtomicU32>, Arc<AtomicU32>);

impl<B: Bot> Bot for JokerClaims<B> {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn act(&mut self, view: &mahjong_engine::SeatView) -> Action {
        let a = self.0.act(view);
        let joker = matches!(view.phase, PhaseView::Claims { tile, .. } if tile.is_joker());
        let set = |a: &Action| matches!(a, Action::JokerPung { .. } | Action::Chow { .. });
        if joker && view.legal.iter().any(set) {
            self.1.fetch_add(1, Ordering::Relaxed);
            if set(&a) {
                self.2.fetch_add(1, Ordering::Relaxed);
            }
        }
        a
    }
}

#[test]
fn greedy_and_strong_claim_discarded_jokers_in_play() {
    let mut r = malaysian();
    r.set("claim_discarded_joker=true").unwrap();
    let count = || Arc::new(AtomicU32::new(0));
    let (offers, claims) = (count(), count());
    for seed in 1..=60 {
        // The random seats discard jokers; greedy and strong keep theirs.
        let mut bots: Vec<Box<dyn Bot>> = vec![
            Box::new(mahjong_bots::RandomBot::new(seed)),
            Box::new(mahjong_bots::RandomBot::new(seed + 100)),
            Box::new(mahjong_bots::RandomBot::new(seed + 200)),
        ];
        let (b, o, c) = (seed as usize % 3, offers.clone(), claims.clone());
        bots[b] = if seed % 2 == 0 {
            Box::new(JokerClaims(GreedyBot::for_ruleset(&r, seed), o, c))
        } else {
            Box::new(JokerClaims(
                mahjong_bots::StrongBot::for_ruleset(&r, seed),
                o,
                c,
            ))
        };
        let mut config = mahjong_engine::GameConfig::new(r.clone(), seed);
        config.max_hands = Some(4);
        let mut game = mahjong_engine::Game::new(config);
        mahjong_bots::play_game(&mut game, &mut bots).unwrap();
        assert_eq!(game.totals().iter().sum::<i64>(), 0, "seed {seed}");
    }
    let (offers, claims) = (
        offers.load(Ordering::Relaxed),
        claims.load(Ordering::Relaxed),
    );
    assert!(
        claims >= 5 && claims < offers,
        "{offers} offers, {claims} claims"
    );
}

/// The hint (browser and terminal) counts the joker too: with it the hand is ready after a
/// dragon goes, each dragon leaving the same waits; the joker itself is the worst discard.
#[test]
fn the_hint_counts_a_held_joker() {
    let r = malaysian();
    let play = r.play();
    let shape = mahjong_hands::Shape::of(&r.tile_set());
    let v = joker_hand();
    let h = mahjong_bots::hint::hint_for(&v, &shape, play.seven_pairs, play.jokers);
    assert_eq!(h.shanten, 0, "{h:?}");
    let best: Vec<_> = h.discards.iter().take(2).map(|d| d.tile).collect();
    assert!(
        best.contains(&tile("RD")) && best.contains(&tile("GD")),
        "{h:?}"
    );
    assert!(h.discards[..2].iter().all(|d| d.shanten == 0), "{h:?}");
    let jk = h.discards.iter().find(|d| d.tile == tile("JK")).unwrap();
    assert_eq!(jk.shanten, 1, "{h:?}");
    assert_eq!(h.discards.len(), 13, "one per distinct tile: {h:?}");
    // Without counting jokers the same hand has 13 tiles and no discard to offer.
    let blind = mahjong_bots::hint::hint_for(&v, &shape, play.seven_pairs, None);
    assert!(blind.discards.is_empty(), "{blind:?}");

    // After RD goes: ready, and the joker makes GD a pair or EW a pung: waits on both.
    let hand = "1D 2D 3D 4D 5D 6D 7D 8D 9D EW EW GD JK";
    let v = view3(hand, (&[], ""), quiet("E"), quiet("W"), turn(), Vec::new());
    let h = mahjong_bots::hint::hint_for(&v, &shape, play.seven_pairs, play.jokers);
    assert_eq!(h.shanten, 0, "{h:?}");
    assert!(h.discards.is_empty(), "{h:?}");
    assert!(
        h.waits.contains(&tile("GD")) && h.waits.contains(&tile("EW")),
        "{h:?}"
    );
}
