//! Every finished hand written as a table ([`Hand::table_input`], `mahjong replay --tables`)
//! scores through the public JSON path (`TableInput::from_json` → `score_input`) to exactly
//! the engine's result: the same items, scores and settlement, for every preset and for
//! three-player options. This ties the scorer's reading of a table — what was seen, which set
//! the winning tile completed, a chow's claimed tile (`docs/rules/only-place.md`) — to what
//! happened in play.
//!
//! [`Hand::table_input`]: mahjong_engine::Hand::table_input

use mahjong_bots::{bot_for_ruleset, play_game, Bot};
use mahjong_engine::{Event, Game, GameConfig};
use mahjong_rules::{Ruleset, TableInput};

/// Plays `games` games of `preset` with `options` (greedy bots, one seat random in every
/// other game for odd claims) and checks every hand's table. Returns (hands, wins, exposed
/// chows written with `claimed`, sets written `winning`).
fn check(preset: &str, options: &[&str], games: u64) -> (usize, usize, usize, usize) {
    let mut counts = (0, 0, 0, 0);
    for seed in 0..games {
        let mut ruleset = Ruleset::preset(preset).unwrap();
        for o in options {
            ruleset.set(o).unwrap();
        }
        let mut bots: Vec<Box<dyn Bot>> = (0..ruleset.seats())
            .map(|p| {
                let kind = if p == 0 && seed % 2 == 1 {
                    "random"
                } else {
                    "greedy"
                };
                bot_for_ruleset(kind, &ruleset, seed * 4 + p as u64).unwrap()
            })
            .collect();
        let config = GameConfig {
            max_hands: Some(8),
            ..GameConfig::new(ruleset, seed)
        };
        let mut g = Game::new_keeping_tables(config);
        play_game(&mut g, &mut bots).unwrap();
        let events = g.take_events();
        let tables = g.take_tables();
        let scores: Vec<(usize, &Event)> = {
            let mut dealer = 0;
            let mut dealt_win = false;
            events
                .iter()
                .filter_map(|e| match e {
                    Event::HandStart { dealer: d, .. } => {
                        dealer = *d;
                        None
                    }
                    // A hand won as dealt (MY3-J6) has no table (MY3-X7).
                    Event::Mahjong { dealt: true, .. } => {
                        dealt_win = true;
                        None
                    }
                    Event::Scores { .. } if std::mem::take(&mut dealt_win) => None,
                    Event::Scores { .. } => Some((dealer, e)),
                    _ => None,
                })
                .collect()
        };
        assert_eq!(
            tables.len(),
            scores.len(),
            "{preset} seed {seed}: one table per hand"
        );
        for (h, (t, (dealer, e))) in tables.iter().zip(&scores).enumerate() {
            counts.0 += 1;
            counts.1 += t.winner.as_ref().is_some_and(|w| w.is_some()) as usize;
            for s in t.seats.values() {
                counts.2 += s.sets.iter().filter(|x| x.claimed.is_some()).count();
                counts.3 += s.sets.iter().filter(|x| x.winning).count();
            }
            same_result(t, *dealer, e, &format!("{preset} seed {seed} hand {h}"));
        }
    }
    counts
}

/// The table, written as JSON and scored as a user would, gives the recorded result.
fn same_result(t: &TableInput, dealer: usize, e: &Event, what: &str) {
    let Event::Scores {
        scores,
        items,
        settlement,
        ..
    } = e
    else {
        unreachable!()
    };
    let json = serde_json::to_string(t).unwrap();
    let input = TableInput::from_json(&json).unwrap_or_else(|e| panic!("{what}: {e}\n{json}"));
    let (_, _, o) =
        mahjong_rules::score_input(&input).unwrap_or_else(|e| panic!("{what}: {e}\n{json}"));
    let n = scores.len();
    for p in 0..n {
        let pos = (p + n - dealer) % n;
        let s = &o.scores[pos];
        let mut got: Vec<(String, u32, u32, bool)> = s
            .items
            .as_slice()
            .iter()
            .map(|i| {
                (
                    i.rule.id.to_string(),
                    i.points as u32,
                    i.doubles as u32,
                    i.limit,
                )
            })
            .collect();
        let mut want: Vec<(String, u32, u32, bool)> = items[p]
            .iter()
            .map(|i| (i.rule.clone(), i.points, i.doubles, i.limit))
            .collect();
        got.sort();
        want.sort();
        assert_eq!(got, want, "{what}: items of player {p}\n{json}");
        assert_eq!(s.score, scores[p], "{what}: score of player {p}\n{json}");
        assert_eq!(
            o.settlement[pos], settlement[p],
            "{what}: settlement of player {p}\n{json}"
        );
    }
}

#[test]
fn millington_tables_score_as_played() {
    let (hands, wins, claimed, winning) = check("millington", &[], 40);
    // The checks above ran on real variety: wins, chows claimed, winning sets exposed.
    assert!(hands > 200 && wins > 50 && claimed > 100 && winning > 20);
}

#[test]
fn bradfield_tables_score_as_played() {
    let (hands, wins, claimed, winning) = check("bradfield", &["seven_pairs=true"], 40);
    assert!(hands > 200 && wins > 50 && claimed > 100 && winning > 20);
}

#[test]
fn western_tables_score_as_played() {
    let (hands, wins, claimed, winning) = check("western", &[], 40);
    assert!(hands > 200 && wins > 50 && claimed > 100 && winning > 20);
}

#[test]
fn korean_tables_score_as_played() {
    let (hands, wins, _, _) = check("korean-3p", &[], 30);
    assert!(hands > 100 && wins > 30);
    let (hands, wins, _, _) = check(
        "korean-3p",
        &[
            "red_dora=true",
            "dora=true",
            "north=true",
            "ready_discount=\"waiting\"",
        ],
        30,
    );
    assert!(hands > 100 && wins > 30);
}
