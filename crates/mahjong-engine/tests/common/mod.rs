//! Helpers for scenario tests: explicit walls built from per-player deals, and short ways
//! to drive a [`Game`] through a scripted hand.

#![allow(dead_code)]

use mahjong_engine::{Action, Event, Game, GameConfig, PhaseView};
use mahjong_rules::Ruleset;
use mahjong_tiles::Tile;

/// One tile from its code (`5D`, `EW`, `1F` …).
pub fn t(code: &str) -> Tile {
    code.parse()
        .unwrap_or_else(|e| panic!("bad tile code {code:?}: {e}"))
}

/// Tiles from codes separated by spaces.
pub fn ts(codes: &str) -> Vec<Tile> {
    Tile::parse_list(codes).unwrap_or_else(|e| panic!("bad tile list {codes:?}: {e}"))
}

/// A hand that can never claim anything and scores nothing as a loser: in each suit three
/// tiles three ranks apart (`res` = the lowest rank, 1–3, for bamboo, characters,
/// circles: no two tiles can take part in one chow), plus four distinct honours.
/// Three such hands with different `res` use every suited tile once.
pub fn inert(res: [u8; 3], honours: &str) -> String {
    assert_eq!(ts(honours).len(), 4, "four honours");
    let mut s = String::new();
    for (r, suit) in res.iter().zip(['B', 'C', 'D']) {
        assert!((1..=3).contains(r));
        for k in 0..3 {
            s += &format!("{}{} ", r + 3 * k, suit);
        }
    }
    s + honours
}

/// Discarding `code` (without Original Call).
pub fn discard_action(code: &str) -> Action {
    Action::Discard {
        tile: t(code),
        call: false,
    }
}

/// An explicit wall described by what each player is dealt and what is drawn after.
///
/// The wall is laid out in draw order as `Hand::new` deals it: starting with the dealer,
/// each player takes 4 tiles, three times; then 1 each; then the dealer 1 more. Then come
/// `draws` (bonus replacements from the live wall first, then the draws of play), `pad`
/// filler tiles, and the dead part: `dead` tiles (at least `loose.len()`) whose end holds
/// the loose tiles, the first loose tile last.
pub struct WallSpec<'a> {
    /// The player who is East.
    pub dealer: usize,
    /// Each player's dealt tiles, by player index (the dealer's has 14).
    pub hands: [&'a str; 4],
    /// Live-wall tiles after the deal, in draw order.
    pub draws: &'a str,
    /// Filler tiles appended to the live wall after `draws`.
    pub pad: usize,
    /// Loose tiles, in the order they are taken.
    pub loose: &'a str,
    /// Size of the dead part at the end of the wall (16 for `16-fixed`).
    pub dead: usize,
}

impl WallSpec<'_> {
    /// The wall; panics when a tile kind would occur more often than the tile set has it.
    pub fn build(&self) -> Vec<Tile> {
        let hands: Vec<Vec<Tile>> = self.hands.iter().map(|h| ts(h)).collect();
        for (p, h) in hands.iter().enumerate() {
            let want = if p == self.dealer { 14 } else { 13 };
            assert_eq!(h.len(), want, "player {p} is dealt {want} tiles");
        }
        let mut wall = Vec::new();
        for round in 0..4 {
            for i in 0..4 {
                let p = (self.dealer + i) % 4;
                let r = if round < 3 {
                    4 * round..4 * round + 4
                } else {
                    12..13
                };
                wall.extend_from_slice(&hands[p][r]);
            }
        }
        wall.push(hands[self.dealer][13]);
        wall.extend(ts(self.draws));
        let loose = ts(self.loose);
        let mut count = [0u8; Tile::COUNT];
        for &x in wall.iter().chain(&loose) {
            count[x.index()] += 1;
        }
        for (i, &n) in count.iter().enumerate() {
            let tile = Tile::from_index(i).unwrap();
            let max = if tile.is_bonus() { 1 } else { 4 };
            assert!(n <= max, "{n} copies of {tile} in the scenario");
        }
        let dead = self.dead.max(loose.len());
        let fill = filler(&mut count, self.pad + dead - loose.len());
        wall.extend_from_slice(&fill[..self.pad]);
        wall.extend_from_slice(&fill[self.pad..]);
        wall.extend(loose.iter().rev());
        wall
    }
}

/// `n` playing tiles not yet used four times, spread over the kinds (never bonus tiles).
fn filler(count: &mut [u8; Tile::COUNT], n: usize) -> Vec<Tile> {
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let before = out.len();
        for (k, c) in count.iter_mut().enumerate().take(mahjong_tiles::KINDS) {
            if out.len() == n {
                break;
            }
            if *c < 4 {
                *c += 1;
                out.push(Tile::from_kind(k));
            }
        }
        assert!(out.len() > before, "no tiles left for filler");
    }
    out
}

/// The `millington` preset with `key=value` overrides.
pub fn ruleset(options: &[&str]) -> Ruleset {
    let mut r = Ruleset::preset("millington").unwrap();
    for o in options {
        r.set(o).unwrap_or_else(|e| panic!("{o}: {e}"));
    }
    r
}

/// A game over explicit walls, stopping after `max_hands` hands.
pub fn game(ruleset: Ruleset, walls: Vec<Vec<Tile>>, max_hands: u32) -> Game {
    Game::new(GameConfig {
        ruleset,
        seed: 7,
        walls,
        max_hands: Some(max_hands),
        record: true,
    })
}

/// Applies an action that must be legal.
pub fn act(g: &mut Game, p: usize, a: Action) {
    if let Err(e) = g.act(p, a) {
        panic!(
            "player {p} {a:?}: {e}; legal {:?}, phase {:?}",
            g.legal_actions(p),
            g.hand().phase_view()
        );
    }
}

/// Every player asked about a discard or a kong passes.
pub fn pass_claims(g: &mut Game) {
    while matches!(
        g.hand().phase_view(),
        PhaseView::Claims { .. } | PhaseView::Rob { .. }
    ) && !g.is_over()
    {
        let Some(&p) = g.pending().first() else {
            break;
        };
        act(g, p, Action::Pass);
    }
}

/// `p` discards `code`; nobody claims it (the next player draws).
pub fn discard(g: &mut Game, p: usize, code: &str) {
    act(g, p, discard_action(code));
    pass_claims(g);
}

/// `p` discards the tile he just drew; nobody claims it.
pub fn discard_drawn(g: &mut Game, p: usize) {
    assert_eq!(g.hand().phase_view(), PhaseView::Turn { player: p });
    let d = g.view(p).drawn.expect("a drawn tile");
    act(
        g,
        p,
        Action::Discard {
            tile: d,
            call: false,
        },
    );
    pass_claims(g);
}

/// `p` claims the discard (or robs the kong) with `a`; everybody else asked passes.
pub fn claim(g: &mut Game, p: usize, a: Action) {
    assert!(g.pending().contains(&p), "player {p} is asked");
    for q in g.pending() {
        if q != p {
            act(g, q, Action::Pass);
        }
    }
    act(g, p, a);
}

/// Plays the current hand to its end: every player discards what he drew (the dealer's
/// first discard is his first concealed tile) and nobody claims. Returns the events.
pub fn play_out(g: &mut Game) -> Vec<Event> {
    let number = g.hand().setup().number;
    let mut steps = 0;
    while !g.is_over() && g.hand().setup().number == number {
        match g.hand().phase_view() {
            PhaseView::Turn { player } => {
                let v = g.view(player);
                let tile = v.drawn.unwrap_or(v.concealed[0]);
                act(g, player, Action::Discard { tile, call: false });
            }
            PhaseView::Claims { .. } | PhaseView::Rob { .. } => pass_claims(g),
            PhaseView::Over => break,
        }
        steps += 1;
        assert!(steps < 1000);
    }
    g.take_events()
}

/// The hand's `Scores` event: (scores, limits, settlement, cannon), by player.
pub fn scores_of(events: &[Event]) -> (Vec<u64>, Vec<Option<String>>, Vec<i64>, Option<usize>) {
    events
        .iter()
        .find_map(|e| match e {
            Event::Scores {
                scores,
                limits,
                settlement,
                cannon,
                ..
            } => Some((scores.clone(), limits.clone(), settlement.clone(), *cannon)),
            _ => None,
        })
        .expect("a Scores event")
}

/// Number of draws from the live wall (not loose tiles) among `events`.
pub fn live_draws(events: &[Event]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::Draw { loose: false, .. }))
        .count()
}

/// The rule ids of the winner's items in the finished hand (the game must be over, so the
/// hand is still there).
pub fn winner_items(g: &Game) -> Vec<(&'static str, u16, u8)> {
    let h = g.hand();
    let r = h.result().expect("a finished hand");
    let w = r.winner.expect("a winner");
    r.outcome.scores[h.pos_of(w)]
        .items
        .as_slice()
        .iter()
        .map(|i| (i.rule.id, i.points, i.doubles))
        .collect()
}

/// A three-player wall in draw order: the deal (dealer first, 4 tiles three times, 1 each,
/// the dealer 1 more), `draws`, filler up to `len - tail` tiles with the loose tiles at
/// the end (first loose tile last), then `tail` more filler tiles (the unused 13 of
/// `ghost_wall` / `dora`). The filler uses tiles of `ruleset`'s set not used up.
pub fn wall3(
    ruleset: &Ruleset,
    dealer: usize,
    hands: [&str; 3],
    draws: &str,
    loose: &str,
    tail: &str,
) -> Vec<Tile> {
    let set = ruleset.tile_set();
    let hands: Vec<Vec<Tile>> = hands.iter().map(|h| ts(h)).collect();
    for (p, h) in hands.iter().enumerate() {
        assert_eq!(h.len(), if p == dealer { 14 } else { 13 }, "player {p}");
    }
    let mut wall = Vec::new();
    for round in 0..4 {
        for i in 0..3 {
            let p = (dealer + i) % 3;
            let r = if round < 3 {
                4 * round..4 * round + 4
            } else {
                12..13
            };
            wall.extend_from_slice(&hands[p][r]);
        }
    }
    wall.push(hands[dealer][13]);
    wall.extend(ts(draws));
    let loose = ts(loose);
    let tail = ts(tail);
    let mut left = [0u8; Tile::COUNT];
    for t in set.tiles() {
        left[t.index()] += 1;
    }
    for x in wall.iter().chain(&loose).chain(&tail) {
        assert!(left[x.index()] > 0, "too many {x} for the set");
        left[x.index()] -= 1;
    }
    // Filler: the playing tiles left, in index order.
    let mut fill = vec![];
    for (i, n) in left.iter().enumerate() {
        let tile = Tile::from_index(i).unwrap();
        if tile.kind().is_some() {
            fill.extend(std::iter::repeat_n(tile, *n as usize));
        }
    }
    // Every playing tile of the set is in the wall (bonus tiles are left out).
    let playing = set.tiles().iter().filter(|t| t.kind().is_some()).count();
    let body = playing - tail.len() - loose.len() - wall.len();
    wall.extend_from_slice(&fill[..body.min(fill.len())]);
    wall.extend(loose.iter().rev());
    wall.extend(tail);
    wall
}

pub fn game3(ruleset: Ruleset, walls: Vec<Vec<Tile>>, max_hands: u32) -> Game {
    Game::new(GameConfig {
        ruleset,
        seed: 7,
        walls,
        max_hands: Some(max_hands),
        record: true,
    })
}

/// Plays a whole game of `ruleset` from `seed` to its end, `choose` picking each action
/// from the legal ones (given a fresh pseudo-random number), keeping every finished hand
/// as a table. Returns the tables with each hand's dealer and the settlement the engine
/// recorded for it, by player.
#[allow(dead_code)]
pub fn play_keeping_tables(
    ruleset: Ruleset,
    seed: u64,
    max_hands: Option<u32>,
    mut choose: impl FnMut(&[Action], u64) -> Action,
) -> (Vec<mahjong_rules::TableInput>, Vec<usize>, Vec<Vec<i64>>) {
    let mut g = Game::new_keeping_tables(GameConfig {
        ruleset,
        seed,
        walls: vec![],
        max_hands,
        record: true,
    });
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut dealers = vec![];
    let mut paid: Vec<Vec<i64>> = vec![];
    // A hand won as dealt (MY3-J6) has no table (MY3-X7): its scores are left out too.
    let mut dealt_win = false;
    let mut collect = |g: &mut Game| {
        for e in g.take_events() {
            match e {
                Event::HandStart { dealer, .. } => {
                    dealers.push(dealer);
                    dealt_win = false;
                }
                Event::Mahjong { dealt: true, .. } => {
                    dealers.pop();
                    dealt_win = true;
                }
                Event::Scores { settlement, .. } if !dealt_win => paid.push(settlement),
                _ => {}
            }
        }
    };
    while !g.is_over() {
        collect(&mut g);
        let p = g.pending()[0];
        let legal = g.legal(p).to_vec();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        g.act(p, choose(&legal, x)).unwrap();
    }
    collect(&mut g);
    let tables = g.take_tables();
    assert_eq!(tables.len(), paid.len());
    (tables, dealers, paid)
}
