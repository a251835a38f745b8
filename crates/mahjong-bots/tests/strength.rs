//! Greedy plays clearly better than random.

use mahjong_bots::{bot_by_name, play_game, Bot};
use mahjong_engine::{Game, GameConfig};
use mahjong_rules::Ruleset;

/// Per kind (greedy, random): net total, seat-hands, wins.
#[derive(Debug, Default)]
struct Tally {
    net: [i64; 2],
    seat_hands: [u64; 2],
    wins: [u64; 2],
    hands: u32,
}

impl Tally {
    fn mean_net(&self, i: usize) -> f64 {
        self.net[i] as f64 / self.seat_hands[i] as f64
    }

    fn win_rate(&self, i: usize) -> f64 {
        self.wins[i] as f64 / self.seat_hands[i] as f64
    }
}

/// Games of 16 hands, seats alternating greedy and random (swapped every other game).
fn greedy_against_random(first_seed: u64, games: u64) -> Tally {
    let kinds = ["greedy", "random"];
    let mut t = Tally::default();
    for seed in first_seed..first_seed + games {
        let kind_of = |p: usize| (p + seed as usize) % 2;
        let mut bots: Vec<Box<dyn Bot>> = (0..4)
            .map(|p| bot_by_name(kinds[kind_of(p)], seed * 4 + p as u64).unwrap())
            .collect();
        let mut config = GameConfig::new(Ruleset::preset("millington").unwrap(), seed);
        config.max_hands = Some(16);
        let mut game = Game::new(config);
        play_game(&mut game, &mut bots).unwrap();
        let s = game.summary();
        for p in 0..4 {
            t.net[kind_of(p)] += game.totals()[p];
            t.seat_hands[kind_of(p)] += s.hands as u64;
            t.wins[kind_of(p)] += s.wins[p] as u64;
        }
        t.hands += s.hands;
    }
    t
}

#[test]
fn greedy_wins_clearly_more_than_random() {
    // 25 games of 16 hands: 400 hands, 800 seat-hands of each kind.
    let t = greedy_against_random(1_000, 25);
    eprintln!(
        "{} hands: greedy {:+.1}/hand, wins {:.1}%; random {:+.1}/hand, wins {:.1}%",
        t.hands,
        t.mean_net(0),
        100.0 * t.win_rate(0),
        t.mean_net(1),
        100.0 * t.win_rate(1),
    );
    assert_eq!(t.hands, 400);
    // Measured over 10,000 hands: about +67 and -67 per seat per hand, greedy winning
    // 48% of hands per seat and random 0.1%; over 30 windows of 400 hands the difference
    // ranged from 110 to 149 points. The seeds are fixed, so this is also a regression
    // check on strength.
    assert!(
        t.mean_net(0) - t.mean_net(1) > 60.0,
        "greedy {:+.1} vs random {:+.1} per hand",
        t.mean_net(0),
        t.mean_net(1)
    );
    assert!(t.win_rate(0) > 0.35, "greedy wins {:.3}", t.win_rate(0));
    assert!(t.win_rate(1) < 0.05, "random wins {:.3}", t.win_rate(1));
}
