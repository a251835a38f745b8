//! Invariants over many random games: every tile accounted for at every step, legal hand
//! sizes, only legal actions accepted, views that hide what they must, determinism.

use mahjong_engine::{Action, Event, Game, GameConfig, PhaseView, PlayerState, SeatView, Wall};
use mahjong_rules::Ruleset;
use mahjong_tiles::Tile;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn config(preset: &str, seed: u64, options: &[&str]) -> GameConfig {
    let mut r = Ruleset::preset(preset).unwrap();
    for o in options {
        r.set(o).unwrap();
    }
    GameConfig {
        max_hands: Some(6),
        ..GameConfig::new(r, seed)
    }
}

/// Every tile of the set is in exactly one place: wall, a hand, a set, a discard, bonus.
fn check_accounting(g: &Game) {
    let hand = g.hand();
    let mut all: Vec<Tile> = hand.wall().undrawn().to_vec();
    all.extend(hand.wall().unused());
    for p in hand.players() {
        all.extend(p.concealed().iter());
        all.extend(&p.bonus);
        for m in &p.melds {
            all.extend(m.tiles());
        }
        all.extend(p.discards.iter().filter(|d| !d.1).map(|d| d.0));
    }
    // Sets record kinds, so red fives are counted as fives.
    let plain = |t: Tile| t.kind().map_or(t, Tile::from_kind);
    let mut all: Vec<Tile> = all.into_iter().map(plain).collect();
    all.sort();
    let mut set: Vec<Tile> = g
        .ruleset()
        .tile_set()
        .tiles()
        .into_iter()
        .map(plain)
        .collect();
    set.sort();
    assert_eq!(all, set, "tiles not accounted for");
}

fn check_sizes(g: &Game) {
    let hand = g.hand();
    let turn = match hand.phase_view() {
        PhaseView::Turn { player } => Some(player),
        _ => None,
    };
    for (q, p) in hand.players().iter().enumerate() {
        let size = p.concealed().len() + 3 * p.melds.len();
        assert_eq!(p.concealed_len(), p.concealed().len());
        let expected = if turn == Some(q) { 14 } else { 13 };
        if !hand.is_over() {
            assert_eq!(size, expected, "player {q} holds {size} tiles");
        } else {
            assert!(size == 13 || size == 14);
        }
    }
}

fn check_views(g: &Game) {
    for q in 0..g.seats() {
        let v = g.view(q);
        assert_eq!(v.concealed[..], g.hand().players()[q].concealed()[..]);
        for (r, seat) in v.public.iter().enumerate() {
            assert_eq!(
                seat.concealed_count,
                g.hand().players()[r].concealed().len()
            );
        }
        let json = serde_json::to_value(&v).unwrap();
        // The only tile lists in a view are the player's own, public sets, bonus and discards.
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(|k| k.as_str())
            .collect();
        assert!(!keys.contains(&"wall"));
        for seat in json["public"].as_array().unwrap() {
            assert!(seat.get("concealed").is_none());
        }
    }
}

/// The kinds of illegal action tried: each is drawn at random where the seat has one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Wrong {
    /// Discarding a tile one does not hold (with or without a call).
    UnheldDiscard,
    /// Original Call where it is not allowed (a held tile; the hand not calling, not the
    /// first discard, a set declared, frozen, or not one's turn).
    Declare,
    /// A discard of a held tile out of turn or while asked about a claim.
    Discard,
    /// Mah-Jongg without a complete hand (or below the minimum).
    FalseMahjong,
    Pung,
    Kong,
    Chow,
    ConcealedKong,
    AnnexKong,
    /// Passing where there is nothing to pass on (one's own turn) or nothing asked.
    Pass,
    /// Another seat makes the acting seat's legal move.
    OtherSeat,
    /// A seat that is not at the table.
    NoSeat,
}

const WRONG: [Wrong; 12] = [
    Wrong::UnheldDiscard,
    Wrong::Declare,
    Wrong::Discard,
    Wrong::FalseMahjong,
    Wrong::Pung,
    Wrong::Kong,
    Wrong::Chow,
    Wrong::ConcealedKong,
    Wrong::AnnexKong,
    Wrong::Pass,
    Wrong::OtherSeat,
    Wrong::NoSeat,
];

/// An action of kind `w` that is illegal for the seat that tries it, with that seat; `None`
/// where the kind has no illegal instance now (Mah-Jongg when it is legal, …). `p` is a seat
/// that has a decision.
fn wrong_action(g: &Game, p: usize, w: Wrong, rng: &mut ChaCha8Rng) -> Option<(usize, Action)> {
    let seats = g.seats();
    // Half the time the seat that has a decision (the interesting refusals: a wrong
    // choice), else any seat (mostly acting out of turn).
    let q = if rng.gen_bool(0.5) {
        p
    } else {
        rng.gen_range(0..seats)
    };
    let held: Vec<Tile> = g.view(q).concealed.to_vec();
    let (seat, a) = match w {
        Wrong::UnheldDiscard => {
            let unheld: Vec<Tile> = (0..34)
                .map(Tile::from_kind)
                .filter(|t| !held.contains(t))
                .collect();
            let tile = unheld[rng.gen_range(0..unheld.len())];
            let call = rng.gen_bool(0.5);
            (q, Action::Discard { tile, call })
        }
        Wrong::Declare | Wrong::Discard => {
            let tile = *held.get(rng.gen_range(0..held.len().max(1)))?;
            let call = w == Wrong::Declare;
            (q, Action::Discard { tile, call })
        }
        Wrong::FalseMahjong => (q, Action::Mahjong),
        Wrong::Pung => (q, Action::Pung),
        Wrong::Kong => (q, Action::Kong),
        Wrong::Chow => {
            let first = Tile::from_kind(rng.gen_range(0..27));
            (q, Action::Chow { first })
        }
        Wrong::ConcealedKong => (
            q,
            Action::ConcealedKong {
                tile: Tile::from_kind(rng.gen_range(0..34)),
            },
        ),
        Wrong::AnnexKong => (
            q,
            Action::AnnexKong {
                tile: Tile::from_kind(rng.gen_range(0..34)),
            },
        ),
        Wrong::Pass => (q, Action::Pass),
        Wrong::OtherSeat => {
            let legal = g.legal_actions(p);
            let a = legal[rng.gen_range(0..legal.len())];
            let other = (p + rng.gen_range(1..seats)) % seats;
            (other, a)
        }
        Wrong::NoSeat => {
            let legal = g.legal_actions(p);
            (seats + rng.gen_range(0..4), legal[0])
        }
    };
    let legal = if seat < seats {
        g.legal_actions(seat)
    } else {
        vec![]
    };
    (!legal.contains(&a)).then_some((seat, a))
}

/// Everything an action could change: every seat's view and legal actions, the players'
/// full state, the wall, who is asked, the events so far and the totals.
type Snapshot = (
    Vec<SeatView>,
    Vec<Vec<Action>>,
    Vec<PlayerState>,
    Wall,
    PhaseView,
    Vec<usize>,
    usize,
    Vec<i64>,
);

fn snapshot(g: &Game) -> Snapshot {
    let seats = 0..g.seats();
    (
        seats.clone().map(|q| g.view(q)).collect(),
        seats.map(|q| g.legal_actions(q)).collect(),
        g.hand().players().to_vec(),
        g.hand().wall().clone(),
        g.hand().phase_view(),
        g.pending(),
        g.hand().events().len(),
        g.totals().to_vec(),
    )
}

/// Tries `w` (if it has an illegal instance now): refused, and nothing changed. Returns
/// whether it was tried.
fn refuse(g: &mut Game, p: usize, w: Wrong, rng: &mut ChaCha8Rng) -> bool {
    let Some((seat, a)) = wrong_action(g, p, w, rng) else {
        return false;
    };
    let before = snapshot(g);
    assert!(g.act(seat, a).is_err(), "{w:?}: seat {seat} {a:?} accepted");
    assert!(
        snapshot(g) == before,
        "{w:?}: seat {seat} {a:?} changed the game"
    );
    true
}

fn play(cfg: GameConfig, seed: u64, checks: bool) -> Vec<Event> {
    let mut g = Game::new(cfg);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut events = g.take_events();
    while !g.is_over() {
        if checks {
            check_accounting(&g);
            check_sizes(&g);
            check_views(&g);
        }
        let pending = g.pending();
        let p = pending[rng.gen_range(0..pending.len())];
        if checks {
            // One kind of illegal action at each step (all of them: `every_kind_of_…`).
            let w = WRONG[rng.gen_range(0..WRONG.len())];
            refuse(&mut g, p, w, &mut rng);
            let outsider = (0..g.seats()).find(|q| g.legal_actions(*q).is_empty());
            if let Some(o) = outsider {
                assert!(g.act(o, Action::Pass).is_err());
            }
        }
        let legal = g.legal_actions(p);
        // Prefer going out and claiming now and then, so games reach scoring.
        let a = if legal.contains(&Action::Mahjong) && rng.gen_bool(0.9) {
            Action::Mahjong
        } else {
            legal[rng.gen_range(0..legal.len())]
        };
        g.act(p, a).unwrap();
        events.extend(g.take_events());
    }
    assert_eq!(g.totals().iter().sum::<i64>(), 0);
    // One settled hand per hand played, adding up to the totals and the wins.
    let settled = g.settled();
    assert_eq!(settled.len() as u32, g.summary().hands);
    for p in 0..g.seats() {
        let net: i64 = settled.iter().map(|h| h.net[p]).sum();
        assert_eq!(net, g.totals()[p]);
        let wins = settled.iter().filter(|h| h.winners.contains(p)).count();
        assert_eq!(wins as u32, g.summary().wins[p]);
    }
    let washouts = settled.iter().filter(|h| h.winners.is_empty()).count();
    assert_eq!(washouts as u32, g.summary().washouts);
    events
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn invariants_hold_in_random_games(
        seed in any::<u64>(),
        preset in prop::sample::select(vec!["millington", "bradfield"]),
        options in prop::sample::subsequence(vec![
            "dead_wall=\"none\"", "bonus_from_loose=true", "seven_pairs=true",
            "annex_claimed_pung=true", "flowers=false",
        ], 0..3),
    ) {
        play(config(preset, seed, &options), seed, true);
    }

    #[test]
    fn invariants_hold_in_random_korean_games(
        seed in any::<u64>(),
        options in prop::sample::subsequence(vec![
            "ghost_wall=true", "red_dora=true", "north=true", "no_bamboo=true",
            "five_bamboo=true", "three_ready=\"draw\"", "dora=true", "missing_wind=\"west\"",
        ], 0..3),
    ) {
        let mut r2 = Ruleset::preset("korean-3p").unwrap();
        // Skip combinations the ruleset refuses (e.g. dora with ghost_wall).
        for o in &options {
            if r2.set(o).is_err() {
                return Ok(());
            }
        }
        play(config("korean-3p", seed, &options), seed, true);
    }
}

#[test]
fn same_seed_same_game() {
    let a = play(config("millington", 42, &[]), 7, false);
    let b = play(config("millington", 42, &[]), 7, false);
    assert_eq!(
        serde_json::to_string(&a).unwrap(),
        serde_json::to_string(&b).unwrap()
    );
    let c = play(config("millington", 43, &[]), 7, false);
    assert_ne!(a, c);
}

#[test]
fn redacted_events_hide_other_players_tiles() {
    let events = play(config("millington", 5, &[]), 5, false);
    for e in &events {
        for viewer in 0..4 {
            match e.redacted_for(viewer) {
                Event::Deal {
                    player,
                    tiles,
                    count,
                } if player != viewer => {
                    assert!(tiles.is_empty());
                    assert!(count >= 13);
                }
                Event::Draw { player, tile, .. } if player != viewer => assert_eq!(tile, None),
                _ => {}
            }
        }
    }
}

#[test]
fn a_wall_too_short_for_the_deal_is_a_washout_not_a_panic() {
    let tiles: Vec<Tile> = (0..20).map(|i| Tile::from_kind(i % 34)).collect();
    let mut g = Game::new(GameConfig {
        walls: vec![tiles],
        max_hands: Some(1),
        ..GameConfig::new(Ruleset::preset("millington").unwrap(), 1)
    });
    assert!(g.is_over());
    let events = g.take_events();
    assert!(events.contains(&Event::Washout));
    assert_eq!(g.totals(), &[0, 0, 0, 0]);
}

/// Every kind of illegal action at every decision of seeded games of each family: each is
/// refused and changes nothing, and each kind is tried many times (so the test cannot pass
/// by trying nothing).
#[test]
fn every_kind_of_illegal_action_is_refused_and_changes_nothing() {
    let mut tried: std::collections::BTreeMap<Wrong, usize> = Default::default();
    for (preset, options) in [
        ("millington", &[][..]),
        ("bradfield", &["annex_claimed_pung=true"][..]),
        ("korean-3p", &["north=true"][..]),
    ] {
        for seed in 0..8 {
            let mut g = Game::new(GameConfig {
                max_hands: Some(2),
                ..config(preset, seed, options)
            });
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while !g.is_over() {
                let pending = g.pending();
                let p = pending[rng.gen_range(0..pending.len())];
                for w in WRONG {
                    if refuse(&mut g, p, w, &mut rng) {
                        *tried.entry(w).or_default() += 1;
                    }
                }
                let legal = g.legal_actions(p);
                let a = if legal.contains(&Action::Mahjong) {
                    Action::Mahjong
                } else {
                    legal[rng.gen_range(0..legal.len())]
                };
                g.act(p, a).unwrap();
            }
        }
    }
    for w in WRONG {
        let n = tried.get(&w).copied().unwrap_or(0);
        assert!(n >= 200, "{w:?} tried only {n} times: {tried:?}");
    }
}
