//! The greedy bot never makes a dangerous discard (M90a–f) while it has a safe one.
//!
//! Dangerous tiles are judged here by a separate reading of the rules (§9 of
//! `classical-millington.md`), not by the crate's own functions, which are checked
//! against it.

use mahjong_bots::{danger_toward, dangerous_kinds, play_game, shown, Bot, GreedyBot};
use mahjong_engine::{Action, Game, GameConfig, PhaseView, PublicSeat, SeatView, SetKind};
use mahjong_rules::{Dangers, Ruleset};
use mahjong_tiles::{Tile, KINDS};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

fn tiles(s: &str) -> Vec<Tile> {
    Tile::parse_list(s).unwrap()
}

fn tile(s: &str) -> Tile {
    s.parse().unwrap()
}

/// M90a–f by the rules' words: is discarding `t` dangerous toward a player whose declared
/// sets are `sets`?
fn rules_say_dangerous(sets: &[(SetKind, Tile)], t: Tile) -> bool {
    let set_tiles = |&(kind, first): &(SetKind, Tile)| -> Vec<Tile> {
        let k = first.kind().unwrap();
        match kind {
            SetKind::Chow => (k..k + 3).map(Tile::from_kind).collect(),
            SetKind::Pung => vec![first; 3],
            SetKind::Kong(_) => vec![first; 4],
        }
    };
    let all: Vec<Tile> = sets.iter().flat_map(set_tiles).collect();
    let three_sets_all = |p: &dyn Fn(Tile) -> bool| sets.len() >= 3 && all.iter().all(|&x| p(x));
    let pungs_of = |p: &dyn Fn(Tile) -> bool| -> Vec<Tile> {
        sets.iter()
            .filter(|(k, f)| *k != SetKind::Chow && p(*f))
            .map(|&(_, f)| f)
            .collect()
    };
    // a: a clear suit.
    let a = t.suit().is_some() && three_sets_all(&|x| x.suit() == t.suit());
    // b: three wind sets, the fourth wind.
    let winds = pungs_of(&|x| x.wind().is_some());
    let b = t.wind().is_some() && winds.len() >= 3 && !winds.contains(&t);
    // c: two dragon sets, the third dragon.
    let dragons = pungs_of(&|x| x.dragon_kind().is_some());
    let c = t.dragon_kind().is_some() && dragons.len() >= 2 && !dragons.contains(&t);
    // d, e, f: all honours, Imperial Jade, Heads and Tails.
    let d = t.is_honour() && three_sets_all(&|x| x.is_honour());
    let e = t.is_green() && three_sets_all(&|x| x.is_green());
    let f = t.is_terminal() && three_sets_all(&|x| x.is_terminal());
    a || b || c || d || e || f
}

/// Kinds dangerous toward any opponent of the viewer, by [`rules_say_dangerous`].
fn rules_dangerous_kinds(view: &SeatView) -> Vec<bool> {
    (0..KINDS)
        .map(|k| {
            view.public.iter().enumerate().any(|(q, seat)| {
                let sets: Vec<(SetKind, Tile)> =
                    seat.sets.iter().map(|s| (s.kind, s.tile)).collect();
                q != view.player && rules_say_dangerous(&sets, Tile::from_kind(k))
            })
        })
        .collect()
}

/// A public seat with the given sets (`"pung 1B"`, `"chow 2C"`, `"kong RD"`) and discards.
fn seat(wind: &str, sets: &[&str], discards: &str, concealed_count: usize) -> Value {
    let sets: Vec<Value> = sets
        .iter()
        .map(|s| {
            let (kind, t) = s.split_once(' ').unwrap();
            let kind = match kind {
                "kong" => json!({"kong": "claimed"}),
                k => json!(k),
            };
            json!({"kind": kind, "tile": t, "exposed": true})
        })
        .collect();
    let discards: Vec<Value> = tiles(discards).iter().map(|t| json!([t, false])).collect();
    json!({
        "wind": wind, "sets": sets, "bonus": [], "discards": discards,
        "concealed_count": concealed_count, "original_call": false
    })
}

/// West's view on his turn (player 2, East is player 0) with `concealed` (drawn tile
/// included) and the other seats' sets.
fn west_view(concealed: &str, opponents: [&[&str]; 3], live_wall: usize) -> SeatView {
    let mut hand = tiles(concealed);
    hand.sort();
    let mut legal: Vec<Tile> = hand.clone();
    legal.dedup();
    let legal: Vec<Value> = legal
        .iter()
        .map(|t| json!({"type": "discard", "tile": t}))
        .collect();
    let public = vec![
        seat("E", opponents[0], "1C 9D", 13 - 3 * opponents[0].len()),
        seat("S", opponents[1], "NW 2D", 13 - 3 * opponents[1].len()),
        seat("W", &[], "WW", hand.len()),
        seat("N", opponents[2], "9C", 13 - 3 * opponents[2].len()),
    ];
    serde_json::from_value(json!({
        "player": 2, "seats": 4, "hand": 0, "dealer": 0, "prevailing": "E", "wind": "W",
        "concealed": hand, "drawn": hand[0], "public": public, "live_wall": live_wall,
        "phase": {"type": "turn", "player": 2}, "legal": legal, "totals": [0, 0, 0, 0]
    }))
    .unwrap()
}

/// A preset's dangerous discards.
fn dangers(preset: &str) -> Option<Dangers> {
    Ruleset::preset(preset).unwrap().discard_dangers()
}

fn discarded(bot: &mut GreedyBot, view: &SeatView) -> Tile {
    let a = bot.choose_discard(view).unwrap();
    assert!(view.legal.contains(&a), "{a:?}");
    // The full decision agrees (no Mah-Jongg or kong is legal in these views).
    assert_eq!(bot.clone().act(view), a);
    match a {
        Action::Discard { tile, .. } => tile,
        other => panic!("not a discard: {other:?}"),
    }
}

#[test]
fn crate_danger_agrees_with_the_rules() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let pick = |rng: &mut rand_chacha::ChaCha8Rng| -> (SetKind, Tile) {
        // Bias toward the flagged classes so that every flag comes up.
        let k = match rng.gen_range(0..6) {
            0 => rng.gen_range(27..34),
            1 => [1, 2, 3, 5, 7, 32][rng.gen_range(0..6)],
            2 => [0, 8, 9, 17, 18, 26][rng.gen_range(0..6)],
            3 => rng.gen_range(0..9),
            _ => rng.gen_range(0..34),
        };
        let chow = k < 27 && k % 9 < 7 && rng.gen_bool(0.3);
        let kind = if chow {
            SetKind::Chow
        } else if rng.gen_bool(0.2) {
            SetKind::Kong(mahjong_hands::KongKind::Concealed)
        } else {
            SetKind::Pung
        };
        (kind, Tile::from_kind(k))
    };
    let classical = dangers("millington").unwrap();
    assert_eq!(dangers("bradfield"), Some(classical));
    // The Western game has no cannon (§9) but reads the sets the same way, citing its own
    // hands; the three-player games have no dangerous discards.
    let western = dangers("western").unwrap();
    assert!(classical.liable && !western.liable);
    assert_eq!(dangers("korean-3p"), None);
    assert_eq!(dangers("japanese-3p"), None);
    let mut seen: Vec<(&str, &str)> = vec![];
    for _ in 0..20_000 {
        let n = rng.gen_range(0..5);
        let sets: Vec<(SetKind, Tile)> = (0..n).map(|_| pick(&mut rng)).collect();
        // Only possible tables: at most four copies of a kind.
        let mut used = [0u8; KINDS];
        for &(kind, t) in &sets {
            let k = t.kind().unwrap();
            match kind {
                SetKind::Chow => (k..k + 3).for_each(|x| used[x] += 1),
                SetKind::Pung => used[k] += 3,
                SetKind::Kong(_) => used[k] += 4,
            }
        }
        if used.iter().any(|&u| u > 4) {
            continue;
        }
        let mut v = seat("S", &[], "", 13);
        v["sets"] = sets
            .iter()
            .map(|&(kind, t)| json!({"kind": kind, "tile": t, "exposed": true}))
            .collect();
        let s: PublicSeat = serde_json::from_value(v).unwrap();
        let mask = classical.kinds(&shown(&s));
        assert_eq!(western.kinds(&shown(&s)), mask, "{sets:?}");
        for k in 0..KINDS {
            let t = Tile::from_kind(k);
            let rules = rules_say_dangerous(&sets, t);
            let d = danger_toward(&classical, &s, t);
            assert_eq!(d.is_some(), rules, "{sets:?} {t}");
            assert_eq!(mask >> k & 1 == 1, rules, "{sets:?} {t}");
            if let Some(d) = d {
                assert!(d.liable);
                let w = danger_toward(&western, &s, t).unwrap();
                assert!(!w.liable);
                if !seen.contains(&(d.rule, w.rule)) {
                    seen.push((d.rule, w.rule));
                }
            }
        }
    }
    seen.sort();
    assert_eq!(
        seen,
        [
            ("M90a", "W-D3"),
            ("M90b", "W-L6"),
            ("M90c", "W-L5"),
            ("M90d", "W-L2"),
            ("M90e", "W-L4"),
            ("M90f", "W-L3")
        ],
        "flags a–f all come up, each the same hand in both games"
    );
}

#[test]
fn greedy_keeps_a_clear_suit_tile_when_it_has_a_safe_discard() {
    // Ready by throwing 9B (7D 8D waits, 2D pair); South shows three bamboo pungs (M90a).
    let hand = "2C 3C 4C 6C 7C 8C 3D 4D 5D 7D 8D 2D 2D 9B";
    let mut bot = GreedyBot::new(1);
    let calm = west_view(hand, [&[], &["pung 1C", "chow 2D"], &[]], 60);
    assert_eq!(discarded(&mut bot, &calm), tile("9B"));
    let v = west_view(hand, [&[], &["pung 1B", "pung 5B", "chow 6B"], &[]], 60);
    assert!(
        dangerous_kinds(dangers("millington").as_ref(), &v).contains(tile("9B").kind().unwrap())
    );
    let t = discarded(&mut bot, &v);
    assert_ne!(t.suit(), Some(mahjong_tiles::Suit::Bamboo), "{t}");
}

#[test]
fn greedy_keeps_the_third_dragon_and_the_fourth_wind() {
    // One from ready by throwing WD; otherwise it breaks a set or a pair.
    let hand = "2C 3C 4C 6C 7C 8C 3D 4D 5D 7D 8D 2B 3B WD";
    let mut bot = GreedyBot::new(2);
    let calm = west_view(hand, [&["pung RD"], &[], &["pung EW"]], 60);
    assert_eq!(discarded(&mut bot, &calm), tile("WD"));
    // M90c: East has two dragon pungs.
    let v = west_view(hand, [&["pung RD", "kong GD"], &[], &[]], 60);
    assert_ne!(discarded(&mut bot, &v), tile("WD"));
    // M90b: North has three wind pungs; NW is the fourth wind.
    let hand = "2C 3C 4C 6C 7C 8C 3D 4D 5D 7D 8D 2B 3B NW";
    let calm = west_view(hand, [&[], &[], &["pung EW", "pung SW"]], 60);
    assert_eq!(discarded(&mut bot, &calm), tile("NW"));
    let v = west_view(hand, [&[], &[], &["pung EW", "pung SW", "pung WW"]], 60);
    assert_ne!(discarded(&mut bot, &v), tile("NW"));
}

#[test]
fn greedy_keeps_honours_greens_and_terminals_from_matching_hands() {
    let mut bot = GreedyBot::new(3);
    // M90d: all honours (an isolated SW is the natural discard).
    let hand = "2C 3C 4C 6C 7C 8C 3D 4D 5D 7D 8D 2D 2D SW";
    let v = west_view(hand, [&["pung EW", "pung RD", "pung NW"], &[], &[]], 60);
    assert_eq!(
        discarded(&mut bot, &west_view(hand, [&[], &[], &[]], 60)),
        tile("SW")
    );
    assert_ne!(discarded(&mut bot, &v), tile("SW"));
    // M90e: Imperial Jade (6B isolated).
    let hand = "2C 3C 4C 6C 7C 8C 3D 4D 5D 7D 8D 2D 2D 6B";
    let v = west_view(hand, [&[], &["pung 2B", "chow 2B", "pung GD"], &[]], 60);
    assert_eq!(
        discarded(&mut bot, &west_view(hand, [&[], &[], &[]], 60)),
        tile("6B")
    );
    assert_ne!(discarded(&mut bot, &v), tile("6B"));
    // M90f: Heads and Tails (1C isolated).
    let hand = "1C 4C 5C 6C 7C 8C 3D 4D 5D 7D 8D 2D 2D 6B";
    let hand = hand.replace("6B", "6C");
    let v = west_view(&hand, [&[], &[], &["pung 1B", "pung 9D", "pung 9C"]], 60);
    assert_eq!(
        discarded(&mut bot, &west_view(&hand, [&[], &[], &[]], 60)),
        tile("1C")
    );
    assert_ne!(discarded(&mut bot, &v), tile("1C"));
}

#[test]
fn greedy_with_no_safe_tile_still_discards() {
    // Nothing but bamboo against a bamboo clear suit: no choice, any bamboo will do.
    let hand = "1B 1B 2B 3B 4B 4B 5B 6B 7B 8B 8B 9B 9B 9B";
    let v = west_view(hand, [&[], &["pung 1B", "pung 5B", "chow 6B"], &[]], 60);
    let mut bot = GreedyBot::new(4);
    let t = discarded(&mut bot, &v);
    assert_eq!(t.suit(), Some(mahjong_tiles::Suit::Bamboo));
}

/// A wall in draw order: the deal (blocks of four from East for three rounds, one each,
/// one more for East), then `draws`, then every other tile of the 136.
fn wall(hands: [&str; 4], draws: &str) -> Vec<Tile> {
    let hands: Vec<Vec<Tile>> = hands.iter().map(|h| tiles(h)).collect();
    assert_eq!(
        hands.iter().map(Vec::len).collect::<Vec<_>>(),
        [14, 13, 13, 13]
    );
    let mut w = Vec::new();
    for round in 0..3 {
        for h in &hands {
            w.extend_from_slice(&h[4 * round..4 * round + 4]);
        }
    }
    for h in &hands {
        w.push(h[12]);
    }
    w.push(hands[0][13]);
    w.extend(tiles(draws));
    let mut left = [4u8; KINDS];
    for t in &w {
        let k = t.kind().unwrap();
        assert!(left[k] > 0, "too many {t}");
        left[k] -= 1;
    }
    for (k, &n) in left.iter().enumerate() {
        w.extend(std::iter::repeat_n(Tile::from_kind(k), n as usize));
    }
    assert_eq!(w.len(), 136);
    w
}

#[test]
fn scripted_wall_greedy_avoids_a_clear_suit() {
    // South pungs East's 1B, 5B and 9B (North pungs South's winds so that the turn keeps
    // coming back to East); then West, greedy, draws 8D holding 4B and 9B.
    let hands = [
        "1B 5B 9B 2B 3B 6B 7B 8B 2C 5C 9C 1D 2D 6D",
        "1B 1B 5B 5B 9B 9B EW SW RD 1C 9C 4D 9D",
        "2C 3C 4C 6C 7C 8C 3D 4D 5D 7D 8D 4B 9B",
        "EW EW SW SW NW WW 3C 5C 7C 1D 5D 6D GD",
    ];
    let mut config = GameConfig::new(Ruleset::preset("millington").unwrap(), 0);
    config.walls = vec![wall(hands, "WD WD 8D")];
    config.max_hands = Some(1);
    let mut game = Game::new(config);
    let mut script: [Vec<Tile>; 4] = [tiles("1B 5B 9B"), tiles("EW SW RD"), vec![], tiles("NW WW")];
    let pungs: [Vec<Tile>; 4] = [vec![], tiles("1B 5B 9B"), vec![], tiles("EW SW")];
    let mut greedy = GreedyBot::new(9);
    let mut checked = None;
    while checked.is_none() {
        let p = game.pending()[0];
        let view = game.view(p);
        let action = if p == 2 {
            let a = greedy.act(&view);
            if let (PhaseView::Turn { .. }, Action::Discard { tile, .. }) = (view.phase, a) {
                checked = Some((view.clone(), tile));
            }
            a
        } else {
            match view.phase {
                PhaseView::Turn { .. } => Action::Discard {
                    tile: script[p].remove(0),
                    call: false,
                },
                PhaseView::Claims { tile, .. } if pungs[p].contains(&tile) => Action::Pung,
                _ => Action::Pass,
            }
        };
        game.act(p, action).unwrap();
    }
    let (view, t) = checked.unwrap();
    assert_eq!(view.drawn, Some(tile("8D")));
    let south: Vec<Tile> = view.public[1].sets.iter().map(|s| s.tile).collect();
    assert_eq!(south, tiles("1B 5B 9B"));
    assert!(view.concealed.contains(&tile("4B")) && view.concealed.contains(&tile("9B")));
    assert_ne!(t.suit(), Some(mahjong_tiles::Suit::Bamboo), "discarded {t}");
    // Without South's sets the same hand throws a bamboo.
    let mut calm = view.clone();
    calm.public[1].sets.clear();
    let calm_tile = match GreedyBot::new(9).choose_discard(&calm).unwrap() {
        Action::Discard { tile, .. } => tile,
        a => panic!("{a:?}"),
    };
    assert_eq!(calm_tile.suit(), Some(mahjong_tiles::Suit::Bamboo));
}

/// Greedy, checking each of its discards against the rules' dangerous tiles.
struct Watched {
    bot: GreedyBot,
    /// Discards made while some legal discard was dangerous, and of those, the ones with
    /// no safe discard.
    counts: Arc<[AtomicU64; 2]>,
}

impl Bot for Watched {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn act(&mut self, view: &SeatView) -> Action {
        let a = self.bot.act(view);
        if let Action::Discard { tile, .. } = a {
            let danger = rules_dangerous_kinds(view);
            let is_dangerous = |t: Tile| danger[t.kind().unwrap()];
            let discards: Vec<Tile> = view
                .legal
                .iter()
                .filter_map(|a| match a {
                    Action::Discard { tile, .. } => Some(*tile),
                    _ => None,
                })
                .collect();
            if discards.iter().any(|&t| is_dangerous(t)) {
                self.counts[0].fetch_add(1, Relaxed);
                let safe_exists = discards.iter().any(|&t| !is_dangerous(t));
                if !safe_exists {
                    self.counts[1].fetch_add(1, Relaxed);
                }
                assert!(
                    !is_dangerous(tile) || !safe_exists,
                    "dangerous {tile} with safe choices: {view:?}"
                );
            }
        }
        a
    }
}

#[test]
fn greedy_never_discards_dangerously_in_play() {
    let counts = Arc::new([AtomicU64::new(0), AtomicU64::new(0)]);
    for seed in 0..60 {
        let mut config = GameConfig::new(Ruleset::preset("millington").unwrap(), seed);
        config.max_hands = Some(10);
        let mut game = Game::new(config);
        let mut bots: Vec<Box<dyn Bot>> = (0..4)
            .map(|p| {
                Box::new(Watched {
                    bot: GreedyBot::new(seed * 4 + p),
                    counts: counts.clone(),
                }) as Box<dyn Bot>
            })
            .collect();
        play_game(&mut game, &mut bots).unwrap();
    }
    let tested = counts[0].load(Relaxed);
    eprintln!(
        "{tested} discards with a dangerous tile among the choices, {} with no safe one",
        counts[1].load(Relaxed)
    );
    assert!(
        tested >= 20,
        "only {tested} situations: the test would prove little"
    );
}
