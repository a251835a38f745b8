//! The strong bot: only legal actions in every preset, the same record for the same seed,
//! and specific decisions on constructed views.

use mahjong_bots::{bot_for_ruleset, dangerous_kinds, play_game, Bot, GreedyBot, StrongBot};
use mahjong_engine::{Action, Game, GameConfig, SeatView};
use mahjong_rules::{presets, Ruleset};
use mahjong_tiles::Tile;
use serde_json::{json, Value};

/// Wraps a bot and checks every answer against the view's legal actions.
struct Checked(Box<dyn Bot>);

impl Bot for Checked {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn act(&mut self, view: &SeatView) -> Action {
        let a = self.0.act(view);
        assert!(view.legal.contains(&a), "{a:?} not in {:?}", view.legal);
        a
    }
}

fn table(ruleset: &Ruleset, kinds: &[&str], seed: u64) -> Vec<Box<dyn Bot>> {
    (0..ruleset.seats())
        .map(|p| {
            let name = kinds[p % kinds.len()];
            let b = bot_for_ruleset(name, ruleset, seed * 8 + p as u64).unwrap();
            Box::new(Checked(b)) as Box<dyn Bot>
        })
        .collect()
}

fn play(preset: &str, kinds: &[&str], seed: u64, hands: u32) -> Game {
    let ruleset = Ruleset::preset(preset).unwrap();
    let mut config = GameConfig::new(ruleset.clone(), seed);
    config.max_hands = Some(hands);
    let mut game = Game::new(config);
    let mut bots = table(&ruleset, kinds, seed);
    play_game(&mut game, &mut bots).unwrap_or_else(|e| panic!("{preset} seed {seed}: {e}"));
    game
}

#[test]
fn strong_plays_only_legal_actions_in_every_preset() {
    // Every preset the engine plays (a family only scored yet is left out).
    let names: Vec<&str> = presets()
        .iter()
        .map(|p| p.name)
        .filter(|name| Ruleset::preset(name).unwrap().playable())
        .collect();
    assert!(names.len() >= 4, "{names:?}");
    for preset in names {
        let mut hands = 0;
        let mut wins = 0;
        for seed in 0..6 {
            let kinds: &[&str] = match seed % 3 {
                0 => &["strong"],
                1 => &["strong", "greedy"],
                _ => &["strong", "random", "greedy"],
            };
            let g = play(preset, kinds, seed, 8);
            assert!(g.is_over());
            // What is not in the totals waits in the pot (J3 riichi stakes).
            let sum = g.totals().iter().sum::<i64>() + g.pot() as i64;
            assert_eq!(sum, 0, "{preset} seed {seed}");
            hands += g.summary().hands;
            wins += g.summary().wins.iter().sum::<u32>();
        }
        // Eight hands a game, or fewer where a game ends sooner (japanese-3p: two rounds
        // of three deals, or a player bust).
        assert!(hands >= 36, "{preset}: {hands} hands");
        // Strong bots finish hands: most end in a win.
        assert!(wins * 2 > hands, "{preset}: {wins} wins in {hands} hands");
    }
}

#[test]
fn the_same_seed_gives_the_same_record() {
    for preset in ["millington", "western", "korean-3p"] {
        let run = |seed| {
            let mut g = play(preset, &["strong", "greedy"], seed, 4);
            (g.take_events(), g.totals().to_vec())
        };
        let a = run(5);
        assert!(!a.0.is_empty());
        assert_eq!(a, run(5), "{preset}");
        assert_ne!(a.0, run(6).0, "{preset}");
    }
}

#[test]
fn it_folds_only_where_the_discarder_pays_more() {
    let folds = |p: &str| StrongBot::for_ruleset(&Ruleset::preset(p).unwrap(), 1).folds();
    // Every loser pays the winner alike in the classical and Western games; in the
    // hand-points game the discarder pays double (K3-S4).
    assert!(!folds("millington"));
    assert!(!folds("bradfield"));
    assert!(!folds("western"));
    assert!(folds("korean-3p"));
}

fn tiles(s: &str) -> Vec<Tile> {
    Tile::parse_list(s).unwrap()
}

fn tile(s: &str) -> Tile {
    s.parse().unwrap()
}

/// A public seat with the given sets (`"pung 1B"`, `"chow 2C"`) and discards.
fn seat(wind: &str, sets: &[&str], discards: &str, concealed_count: usize) -> Value {
    let sets: Vec<Value> = sets
        .iter()
        .map(|s| {
            let (kind, t) = s.split_once(' ').unwrap();
            json!({"kind": kind, "tile": t, "exposed": true})
        })
        .collect();
    let discards: Vec<Value> = tiles(discards).iter().map(|t| json!([t, false])).collect();
    json!({
        "wind": wind, "sets": sets, "bonus": [], "discards": discards,
        "concealed_count": concealed_count, "original_call": false
    })
}

/// West's view (player 2, East is player 0) with `concealed` and the other seats' sets
/// and discards; on his turn (`claim`: None) or on a discard of North's.
fn west_view(
    concealed: &str,
    opponents: [(&[&str], &str); 3],
    claim: Option<(&str, Vec<Value>)>,
) -> SeatView {
    let mut hand = tiles(concealed);
    hand.sort();
    let (phase, legal, drawn) = match claim {
        None => {
            let mut kinds = hand.clone();
            kinds.dedup();
            let legal: Vec<Value> = kinds
                .iter()
                .map(|t| json!({"type": "discard", "tile": t}))
                .collect();
            (json!({"type": "turn", "player": 2}), legal, json!(hand[0]))
        }
        Some((t, legal)) => (
            json!({"type": "claims", "discarder": 1, "tile": t}),
            legal,
            Value::Null,
        ),
    };
    let public = vec![
        seat(
            "E",
            opponents[0].0,
            opponents[0].1,
            13 - 3 * opponents[0].0.len(),
        ),
        seat(
            "S",
            opponents[1].0,
            opponents[1].1,
            13 - 3 * opponents[1].0.len(),
        ),
        seat("W", &[], "WW", hand.len()),
        seat(
            "N",
            opponents[2].0,
            opponents[2].1,
            13 - 3 * opponents[2].0.len(),
        ),
    ];
    serde_json::from_value(json!({
        "player": 2, "seats": 4, "hand": 0, "dealer": 0, "prevailing": "E", "wind": "W",
        "concealed": hand, "drawn": drawn, "public": public, "live_wall": 60,
        "phase": phase, "legal": legal, "totals": [0, 0, 0, 0]
    }))
    .unwrap()
}

fn strong(preset: &str) -> StrongBot {
    StrongBot::for_ruleset(&Ruleset::preset(preset).unwrap(), 1)
}

fn discard_of(a: Action) -> Tile {
    match a {
        Action::Discard { tile, .. } => tile,
        other => panic!("not a discard: {other:?}"),
    }
}

#[test]
fn it_does_not_discard_a_tile_dangerous_under_m90_while_it_has_a_safe_one() {
    // Ready by throwing 9B (7D 8D waits, 2D pair); South shows three bamboo sets (M90a:
    // any bamboo is dangerous).
    let hand = "2C 3C 4C 6C 7C 8C 3D 4D 5D 7D 8D 2D 2D 9B";
    let calm = west_view(
        hand,
        [
            (&[], "1C 9D"),
            (&["pung 1C", "chow 2D"], "NW 2D"),
            (&[], "9C"),
        ],
        None,
    );
    assert_eq!(discard_of(strong("millington").act(&calm)), tile("9B"));
    let hot = west_view(
        hand,
        [
            (&[], "1C 9D"),
            (&["pung 1B", "pung 5B", "chow 6B"], "NW 2D"),
            (&[], "9C"),
        ],
        None,
    );
    for preset in ["millington", "bradfield"] {
        let dangers = Ruleset::preset(preset).unwrap().discard_dangers();
        let danger = dangerous_kinds(dangers.as_ref(), &hot);
        assert!(danger.contains(tile("9B").kind().unwrap()));
        let t = discard_of(strong(preset).act(&hot));
        assert_ne!(t, tile("9B"), "{preset}");
        assert!(!danger.contains(t.kind().unwrap()));
    }
}

#[test]
fn it_keeps_the_wait_for_a_pure_suit_though_fewer_tiles_are_left() {
    // Four bamboo chows and two loose tiles. Throwing 3C leaves a hand all in bamboo
    // (doubles, by the scorer) waiting on 3B, 6B or 9B, of which the table shows all but
    // two; throwing 9B leaves an ordinary hand waiting on 3C, three of them unseen. Speed
    // alone would keep 3C.
    let hand = "1B 2B 3B 4B 5B 6B 7B 8B 9B 2B 3B 4B 9B 3C";
    let v = west_view(
        hand,
        [(&[], "3B 6B 1C"), (&[], "NW 3B 6B"), (&[], "9B 9C")],
        None,
    );
    for preset in ["millington", "bradfield", "western"] {
        assert_eq!(discard_of(strong(preset).act(&v)), tile("3C"), "{preset}");
    }
}

#[test]
fn it_passes_a_chow_that_does_not_bring_the_hand_closer_and_takes_one_that_does() {
    // 4C 5C 6C complete already: a chow of 4C 5C 6C on South's 6C breaks nothing new and
    // gains nothing (the 6C is a spare); 7D makes 6D 7D 8D from the 6D 8D gap.
    let hand = "1B 2B 3B 4C 5C 6C 6D 8D 2C 2C EW SW NW";
    let chow = |first: &str| json!({"type": "chow", "first": first});
    let pass = json!({"type": "pass"});
    let none = [(&[][..], "1C"), (&[][..], "9D"), (&[][..], "9C")];
    let v = west_view(hand, none, Some(("6C", vec![pass.clone(), chow("4C")])));
    assert_eq!(strong("millington").act(&v), Action::Pass);
    let v = west_view(hand, none, Some(("7D", vec![pass, chow("6D")])));
    assert!(matches!(strong("millington").act(&v), Action::Chow { .. }));
}

#[test]
fn it_claims_a_pung_of_dragons_that_keeps_the_hand_as_fast() {
    // A pair of red dragons: punging South's red dragon adds doubles at no cost in speed.
    let hand = "1B 2B 3B 4C 5C 6C 6D 7D 8D RD RD 2C 9C";
    let none = [(&[][..], "1C"), (&[][..], "9D"), (&[][..], "9C")];
    let legal = vec![json!({"type": "pass"}), json!({"type": "pung"})];
    let v = west_view(hand, none, Some(("RD", legal)));
    assert_eq!(strong("millington").act(&v), Action::Pung);
}

#[test]
fn it_declines_a_pung_that_keeps_it_ready_on_fewer_tiles() {
    // Ready on 1C or 4C (seven live) with a pair of 5B. Punging South's 5B keeps the hand
    // ready, but on a single tile (2C or 3C, three live) for a few more points.
    let hand = "1B 2B 3B 4C 5C 6C 7D 8D 9D 2C 3C 5B 5B";
    let none = [(&[][..], "1D"), (&[][..], "9B"), (&[][..], "9C")];
    let legal = vec![json!({"type": "pass"}), json!({"type": "pung"})];
    let v = west_view(hand, none, Some(("5B", legal)));
    assert_eq!(strong("millington").act(&v), Action::Pass);
}

mod common;

#[test]
fn it_folds_one_tile_from_ready_against_a_riichi_where_passes_bind_him() {
    // One from ready (1B2B3B 4D5D6D 7D8D 2D2D 5B5B, with a loose WD and 9B) against East's
    // riichi (J3-Y4). Greedy folds only from two tiles away and keeps playing for the
    // hand; strong throws East's own discard 5B, which he cannot win on (furiten, J3-T7),
    // though it breaks a pair.
    let hand = "1B 2B 3B 4D 5D 6D 7D 8D 2D 2D 5B 5B WD 9B";
    let japanese = Ruleset::preset("japanese-3p").unwrap();
    let mut kinds = tiles(hand);
    kinds.sort();
    kinds.dedup();
    let legal: Vec<Action> = kinds
        .iter()
        .map(|&tile| Action::Discard { tile, call: false })
        .collect();
    let at = |ready: bool| {
        common::view3(
            hand,
            (&[], ""),
            common::seat("E", &[], "5B", ready),
            common::quiet("W"),
            common::turn(),
            legal.clone(),
        )
    };
    let strong = |v: &SeatView| discard_of(StrongBot::for_ruleset(&japanese, 10).act(v));
    let greedy = |v: &SeatView| discard_of(GreedyBot::for_ruleset(&japanese, 10).act(v));
    let riichi = at(true);
    assert_eq!(strong(&riichi), tile("5B"));
    let pushed = greedy(&riichi);
    assert!(pushed == tile("WD") || pushed == tile("9B"), "{pushed:?}");
    // No declaration: strong plays on for the hand, as greedy does.
    let calm = strong(&at(false));
    assert!(calm == tile("WD") || calm == tile("9B"), "{calm:?}");
}

#[test]
fn where_every_loser_pays_alike_it_folds_late_but_not_for_a_threat() {
    // BMJA (one chow at most): two or more from ready, with pairs of 5B, 4D, 6C and 8C and
    // three loose tiles. East has two pungs down (a threat) and threw 5B himself, the
    // safest tile. Greedy folds on the threat and breaks the pair; strong, where the
    // discarder pays no more than the others, plays on; late in the hand both fold.
    let bmja = Ruleset::preset("bmja").unwrap();
    assert!(!StrongBot::for_ruleset(&bmja, 1).folds());
    let hand = "1B 2B 3B 5B 5B 4D 4D 6C 6C 8C 8C 2D 7D RD";
    let mut view = west_view(
        hand,
        [(&["pung 7C", "pung 3B"], "5B"), (&[], "NW 9D"), (&[], "1C")],
        None,
    );
    let strong = |v: &SeatView| discard_of(StrongBot::for_ruleset(&bmja, 3).act(v));
    let greedy = |v: &SeatView| discard_of(GreedyBot::for_ruleset(&bmja, 3).act(v));
    assert_eq!(greedy(&view), tile("5B"));
    let on = strong(&view);
    assert!([tile("2D"), tile("7D"), tile("RD")].contains(&on), "{on:?}");
    view.live_wall = 12;
    assert_eq!(strong(&view), tile("5B"));
    assert_eq!(greedy(&view), tile("5B"));
}

#[test]
fn toward_a_minimum_it_claims_any_pung_that_brings_a_concealed_hand_closer() {
    // BMJA (one chow at most): far from ready with one pair, 5B. A pung of 5B is worth
    // little and leaves the hand well short of one tile from ready: greedy keeps the
    // hand concealed, strong takes the step.
    let bmja = Ruleset::preset("bmja").unwrap();
    let hand = "1B 2B 3B 5B 5B 4D 6C 8C 2D 7D RD WD 9C";
    let none = [(&[][..], "1C"), (&[][..], "9D"), (&[][..], "NW")];
    let pass = json!({"type": "pass"});
    let pung = json!({"type": "pung"});
    let v = west_view(hand, none, Some(("5B", vec![pass, pung])));
    assert_eq!(GreedyBot::for_ruleset(&bmja, 3).act(&v), Action::Pass);
    assert_eq!(StrongBot::for_ruleset(&bmja, 3).act(&v), Action::Pung);
}
