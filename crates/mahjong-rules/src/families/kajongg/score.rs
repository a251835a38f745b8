//! Scoring as KDE Kajongg's classical rulesets do (`kajongg-dmjl-bmja.md` §1–§4): meld
//! and hand rules for every player, the Mah-Jongg pattern and winner rules for the
//! winner, loser rules for the others, limits with fractions.
//!
//! The winner's arrangements come from the classical family's search
//! ([`best_winner`]); what Kajongg scores differently is all here.

use mahjong_hands::{is_complete, waits, Counts, Form, KongKind, Meld, MeldKind, Shape};
use mahjong_tiles::{Tile, Wind, KINDS};

use super::options::{KajonggOptions, NineGates, Snake, Treasure};
use super::rules::*;
use crate::families::classical::score::{
    best_winner, item, loser_melds, purity, Acc, Candidate, Purity,
};
use crate::score::{Item, Rule, SeatScore};
use crate::table::{InputError, SeatHand, Table, Win, WinFrom};

/// A limit as tenths of the ruleset's limit: 10 is one limit, 5 half of it (KJ-S4).
type Tenths = u64;

/// Who is being scored.
struct Seat<'a> {
    o: &'a KajonggOptions,
    wind: Wind,
    prevailing: Wind,
}

/// The Mah-Jongg pattern a winner's hand is scored as (KJ-S2).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Pattern {
    /// Four sets and a pair (KJ-W1 when its chows are allowed; the nine gates and snake
    /// hands of this shape are patterns of their own, checked on the tiles).
    Standard,
    /// KJ-L21.
    Orphans,
    /// KJ-L17 under `snake = "wriggling"`.
    Wriggling,
    /// KJ-L18.
    TripleKnitting,
    /// KJ-L19.
    Knitting,
    /// KJ-L20.
    PairHonors,
}

/// Whether a set counts as concealed for Only Concealed Melds, Three Concealed Pongs,
/// Hidden Treasure and Concealed True Color Game (KJ-S6: a claimed kong does).
fn concealed_set(m: &Meld) -> bool {
    !m.exposed || m.kind == MeldKind::Kong(KongKind::Claimed)
}

/// KJ-M3: the pair rules a pair earns (own and round wind both when they are one wind).
fn pair_rules(k: usize, s: &Seat, mut f: impl FnMut(&'static Rule)) {
    let t = Tile::from_kind(k);
    if t.dragon_kind().is_some() {
        f(&KJ_M3_DRAGONS);
    } else if let Some(w) = t.wind() {
        if w == s.wind {
            f(&KJ_M3_OWN_WIND);
        }
        if w == s.prevailing {
            f(&KJ_M3_ROUND_WIND);
        }
    }
}

/// KJ-M1, KJ-M2: points of a pung or kong.
fn set_rule(m: &Meld) -> Option<(&'static Rule, u32)> {
    let class = if m.tile >= 27 {
        2
    } else if m.first().is_terminal() {
        1
    } else {
        0
    };
    const PUNGS: [[(&Rule, u32); 3]; 2] = [
        [
            (&KJ_M1_EXPOSED_MINOR, 2),
            (&KJ_M1_EXPOSED_TERMINALS, 4),
            (&KJ_M1_EXPOSED_HONORS, 4),
        ],
        [
            (&KJ_M1_CONCEALED_MINOR, 4),
            (&KJ_M1_CONCEALED_TERMINALS, 8),
            (&KJ_M1_CONCEALED_HONORS, 8),
        ],
    ];
    const KONGS: [[(&Rule, u32); 3]; 2] = [
        [
            (&KJ_M2_EXPOSED_MINOR, 8),
            (&KJ_M2_EXPOSED_TERMINALS, 16),
            (&KJ_M2_EXPOSED_HONORS, 16),
        ],
        [
            (&KJ_M2_CONCEALED_MINOR, 16),
            (&KJ_M2_CONCEALED_TERMINALS, 32),
            (&KJ_M2_CONCEALED_HONORS, 32),
        ],
    ];
    let concealed = !m.exposed as usize;
    match m.kind {
        MeldKind::Pung => Some(PUNGS[concealed][class]),
        MeldKind::Kong(_) => Some(KONGS[concealed][class]),
        _ => None,
    }
}

/// Facts about a seat's sets gathered in one pass.
#[derive(Copy, Clone, Default)]
struct Stats {
    chows: u8,
    kongs: u8,
    pungs: u8,
    /// Pungs and kongs that count as concealed (KJ-H3, KJ-L13).
    concealed_sets: u8,
    /// Pungs (not kongs) that are concealed (KJ-L13 Buried Treasure).
    concealed_pungs: u8,
    /// Bit per dragon (red, green, white) with a pung or kong.
    dragon_sets: u8,
    /// Bit per wind with a pung or kong.
    wind_sets: u8,
    dragon_pairs: u8,
    wind_pairs: u8,
    /// Some pair or set earned points (spoils KJ-W7).
    scoring: bool,
    /// Every set counts as concealed (KJ-W6, KJ-L12).
    all_concealed: bool,
}

fn stats(melds: &[Meld], s: &Seat) -> Stats {
    let mut st = Stats {
        all_concealed: true,
        ..Stats::default()
    };
    for m in melds {
        let k = m.tile as usize;
        st.all_concealed &= concealed_set(m);
        match m.kind {
            MeldKind::Chow => st.chows += 1,
            MeldKind::Pair => {
                if k >= 31 {
                    st.dragon_pairs |= 1 << (k - 31);
                } else if k >= 27 {
                    st.wind_pairs |= 1 << (k - 27);
                }
                pair_rules(k, s, |_| st.scoring = true);
            }
            MeldKind::Pung | MeldKind::Kong(_) => {
                st.scoring = true;
                if m.is_kong() {
                    st.kongs += 1;
                } else {
                    st.pungs += 1;
                    st.concealed_pungs += !m.exposed as u8;
                }
                st.concealed_sets += concealed_set(m) as u8;
                if k >= 31 {
                    st.dragon_sets |= 1 << (k - 31);
                } else if k >= 27 {
                    st.wind_sets |= 1 << (k - 27);
                }
            }
        }
    }
    st
}

/// KJ-M1–M6 and KJ-H1–H5: what every player scores for his sets, pairs and bonus tiles.
fn score_common(melds: &[Meld], hand: &SeatHand, s: &Seat, st: &Stats, acc: &mut Acc) {
    let o = s.o;
    for t in hand.bonus_tiles() {
        let r = if t.is_season() {
            &KJ_M4_SEASON
        } else {
            &KJ_M4_FLOWER
        };
        acc.add(item(r, 4, 0, Some(t)));
    }
    for m in melds {
        match m.kind {
            MeldKind::Pair => pair_rules(m.tile as usize, s, |r| {
                acc.add(item(r, 2, 0, Some(m.first())));
            }),
            MeldKind::Chow => {}
            _ => {
                if let Some((r, p)) = set_rule(m) {
                    acc.add(item(r, p, 0, Some(m.first())));
                }
            }
        }
    }
    for m in melds.iter().filter(|m| m.is_pung_or_kong() && m.tile >= 27) {
        let t = m.first();
        if m.tile >= 31 {
            acc.double(&KJ_M5_DRAGONS, 1, Some(t));
        } else if let Some(w) = t.wind() {
            if w == s.wind {
                acc.double(&KJ_M5_OWN_WIND, 1, Some(t));
            }
            if w == s.prevailing {
                acc.double(&KJ_M5_ROUND_WIND, 1, Some(t));
            }
        }
    }
    let own = 1u8 << s.wind.index();
    if o.own_flower_each > 0 {
        let n = s.wind.index() as u8 + 1;
        if hand.flowers & own != 0 {
            acc.double(&KJ_M6_OWN_FLOWER, o.own_flower_each, Some(Tile::flower(n)));
        }
        if hand.seasons & own != 0 {
            acc.double(&KJ_M6_OWN_SEASON, o.own_flower_each, Some(Tile::season(n)));
        }
    }
    if o.own_flower_and_season > 0 && hand.flowers & own != 0 && hand.seasons & own != 0 {
        acc.double(&KJ_H1, o.own_flower_and_season, None);
    }
    if o.bouquet > 0 && hand.flowers == 0b1111 {
        acc.double(&KJ_H2_FLOWERS, o.bouquet, None);
    }
    if o.bouquet > 0 && hand.seasons == 0b1111 {
        acc.double(&KJ_H2_SEASONS, o.bouquet, None);
    }
    if o.three_concealed_pongs > 0 && st.concealed_sets >= 3 {
        acc.double(&KJ_H3, o.three_concealed_pongs, None);
    }
    if o.dragons_and_joys {
        let dragons = st.dragon_sets.count_ones();
        if dragons == 2 && st.dragon_pairs & !st.dragon_sets & 0b111 != 0 {
            acc.double(&KJ_H4_LITTLE, 1, None);
        }
        if dragons == 3 {
            acc.double(&KJ_H4_BIG, 2, None);
        }
        let winds = st.wind_sets.count_ones();
        if winds == 3 && st.wind_pairs & !st.wind_sets & 0b1111 != 0 {
            acc.double(&KJ_H5_LITTLE, 1, None);
        }
        if winds == 4 {
            acc.double(&KJ_H5_BIG, 2, None);
        }
    }
}

/// The total of `points` and `doubles` under a limit, with the best limit hand matched
/// (KJ-S4, KJ-S5): a whole limit replaces everything, items included (Kajongg then lists
/// only the limit hand); a fraction does so only when it is more than the ordinary capped
/// total.
fn finish(
    points: u64,
    doubles: u32,
    limit_hand: Option<(&'static Rule, Tenths)>,
    o: &KajonggOptions,
    out: &mut SeatScore,
) {
    let raw = points.saturating_mul(1u64 << doubles.min(40));
    let (score, limit) = if !o.roof_off && raw > o.limit {
        (o.limit, Some(&KJ_S4))
    } else {
        (raw, None)
    };
    if let Some((r, tenths)) = limit_hand {
        let value = o.limit.saturating_mul(tenths) / 10;
        if tenths >= 10 || value > score {
            out.items.clear();
            out.items.push(Item {
                limit: true,
                ..item(r, 0, 0, None)
            });
            out.points = 0;
            out.doubles = 0;
            out.limit = Some(r);
            out.score = value;
            return;
        }
    }
    out.points = points;
    out.doubles = doubles;
    out.limit = limit;
    out.score = score;
}

/// Keeps the larger of two limit hands (the first on a tie).
fn larger(
    a: Option<(&'static Rule, Tenths)>,
    r: &'static Rule,
    t: Tenths,
) -> Option<(&'static Rule, Tenths)> {
    match a {
        Some((_, u)) if u >= t => a,
        _ => Some((r, t)),
    }
}

/// Adds a limit hand worth one limit.
fn full(lim: &mut Option<(&'static Rule, Tenths)>, r: &'static Rule) {
    *lim = larger(*lim, r, 10);
}

/// Facts about the win shared by every arrangement.
struct WinFacts<'a> {
    win: &'a Win,
    table: &'a Table,
    all: Counts,
    purity: Purity,
    /// Distinct green kinds held (KJ-L5's proper subset).
    green_kinds: u32,
    /// KJ-W4 holds.
    only_possible: bool,
}

/// The 9 counts of the hand's one suit when it has one suit and no honours.
fn one_suit(f: &WinFacts) -> Option<[u8; 9]> {
    let p = &f.purity;
    (p.suits.count_ones() == 1 && !p.honours).then(|| {
        let base = p.suits.trailing_zeros() as usize * 9;
        let mut c = [0u8; 9];
        c.copy_from_slice(&f.all[base..base + 9]);
        c
    })
}

/// KJ-L16: 1112345678999 and one more of 2–8.
fn gates(c: &[u8; 9]) -> Option<usize> {
    let extra = (1..8).find(|&r| c[r] == 2)?;
    let mut rest = *c;
    rest[extra] -= 1;
    (rest == [3, 1, 1, 1, 1, 1, 1, 1, 3]).then_some(extra)
}

/// KJ-L17 Squirming Snake: 111, 999, a pair of 2, 5 or 8, the other values once (no kong).
fn squirming(c: &[u8; 9]) -> bool {
    [1, 4, 7].iter().any(|&pair| {
        c[0] == 3 && c[8] == 3 && (1..8).all(|r| c[r] == if r == pair { 2 } else { 1 })
    })
}

/// One candidate: its sets, the set the winning tile completed (`usize::MAX`: none) and
/// its pattern.
#[derive(Copy, Clone)]
struct Cand<'a> {
    melds: &'a [Meld],
    completed: usize,
    pattern: Pattern,
}

/// Scores one arrangement of the winner's hand; an arrangement no Mah-Jongg rule accepts
/// (KJ-S2) scores nothing and has no items.
fn score_winner_candidate(c: Cand, hand: &SeatHand, f: &WinFacts, s: &Seat, out: &mut SeatScore) {
    let o = s.o;
    let win = f.win;
    let melds = c.melds;
    let st = stats(melds, s);
    let p = &f.purity;
    let suit = one_suit(f);
    let k = win.kind;
    let self_drawn = win.self_drawn();

    // KJ-S2: the Mah-Jongg rules of the ruleset.
    let nine_gates = suit.as_ref().and_then(gates).filter(|&extra| {
        hand.declared().is_empty()
            && match o.nine_gates {
                // DMJL: the duplicate is the winning tile, and no set is exposed, so a
                // claimed tile (which exposes the pair it completes) does not do.
                NineGates::NineGates => k % 9 == extra && self_drawn,
                // BMJA: no exposed set of three; a claimed 1 or 9 exposes a pung.
                NineGates::GatesOfHeaven => self_drawn || !matches!(k % 9, 0 | 8),
            }
    });
    let snake = o.snake == Snake::Squirming
        && c.pattern == Pattern::Standard
        && suit.as_ref().is_some_and(squirming);
    let standard = c.pattern == Pattern::Standard && st.chows <= o.max_chows;
    let legal = standard
        || nine_gates.is_some()
        || snake
        || match c.pattern {
            Pattern::Standard => false,
            // Nothing exposed: a claimed tile would expose the set it completes.
            Pattern::Wriggling => self_drawn,
            _ => true,
        };
    out.items.clear();
    out.completed = None;
    if !legal {
        out.points = 0;
        out.doubles = 0;
        out.limit = None;
        out.score = 0;
        return;
    }
    let mut acc = Acc {
        points: 0,
        doubles: 0,
        items: &mut out.items,
    };
    score_common(melds, hand, s, &st, &mut acc);
    if standard {
        acc.add(item(&KJ_W1, o.mahjong_points, 0, None));
    }
    if self_drawn {
        // KJ-W2: a loose tile is self-drawn too.
        acc.add(item(&KJ_W2, 2, 0, None));
    }
    if o.last_tile_pair {
        if let Some(m) = melds.get(c.completed).filter(|m| m.kind == MeldKind::Pair) {
            let (r, pts) = if m.first().is_major() {
                (&KJ_W3_MAJOR, 4)
            } else {
                (&KJ_W3_MINOR, 2)
            };
            acc.add(item(r, pts, 0, Some(win.tile)));
        }
    }
    if o.only_possible_tile && f.only_possible {
        acc.add(item(&KJ_W4, 2, 0, Some(win.tile)));
    }
    if st.chows == 0 {
        acc.double(&KJ_W5, 1, None);
    }
    // KJ-W6: a claimed winning tile exposes its set, so only a self-drawn win qualifies.
    let only_concealed = self_drawn && st.all_concealed;
    if only_concealed {
        acc.double(&KJ_W6, 1, None);
    }
    if o.zero_point_hand > 0 && c.pattern == Pattern::Standard && !st.scoring {
        acc.double(&KJ_W7, o.zero_point_hand, None);
    }
    if p.any && !p.minors {
        acc.double(&KJ_W8, 1, None);
    }
    let one_suit_honours = p.suits.count_ones() == 1 && p.honours;
    if o.false_color_game > 0 && one_suit_honours {
        acc.double(&KJ_W9, o.false_color_game, None);
    }
    if suit.is_some() {
        if o.true_color_game > 0 {
            acc.double(&KJ_W10, o.true_color_game, None);
        }
        if o.purity > 0 && st.chows == 0 {
            acc.double(&KJ_W11, o.purity, None);
        }
    }
    match win.from {
        WinFrom::Loose if o.dead_wall_double > 0 => acc.double(&KJ_W12, o.dead_wall_double, None),
        WinFrom::Wall if win.last_tile => acc.double(&KJ_W13, 1, None),
        WinFrom::Discard if win.last_tile => acc.double(&KJ_W14, 1, None),
        WinFrom::RobbedKong => acc.double(&KJ_W15, 1, None),
        _ => {}
    }
    // Kajongg counts the exposed sets as scored, the one a claimed tile completed too.
    if win.original_call && melds.iter().filter(|m| m.exposed).count() < 3 {
        acc.double(&KJ_W16, 1, None);
    }
    let (points, doubles) = (acc.points, acc.doubles);

    // KJ-L: limit hands, the largest kept; on a tie the first in Kajongg's order, which
    // names the Mah-Jongg pattern first, then the winner rules as its rulesets list them
    // (each ruleset's own variant of a rule where that ruleset adds it).
    let mut lim: Option<(&'static Rule, Tenths)> = None;
    let regular = c.pattern == Pattern::Standard;
    let dragons = st.dragon_sets.count_ones();
    if nine_gates.is_some() {
        full(
            &mut lim,
            match o.nine_gates {
                NineGates::NineGates => &KJ_L16_NINE_GATES,
                NineGates::GatesOfHeaven => &KJ_L16_GATES_OF_HEAVEN,
            },
        );
    }
    if snake {
        full(&mut lim, &KJ_L17_SQUIRMING);
    }
    match c.pattern {
        Pattern::Orphans => full(&mut lim, &KJ_L21),
        // Legal only self-drawn (above).
        Pattern::Wriggling => full(&mut lim, &KJ_L17_WRIGGLING),
        Pattern::TripleKnitting => lim = larger(lim, &KJ_L18, 5),
        Pattern::Knitting => lim = larger(lim, &KJ_L19, 5),
        Pattern::PairHonors => lim = larger(lim, &KJ_L20, 5),
        Pattern::Standard => {}
    }
    if win.kong_upon_kong {
        full(&mut lim, &KJ_L6);
    }
    if win.heaven {
        full(&mut lim, &KJ_L7);
    }
    if win.earth {
        full(&mut lim, &KJ_L8);
    }
    if o.east_wins_limit > 0
        && s.wind == Wind::East
        && f.table.east_consecutive_wins + 1 >= o.east_wins_limit
    {
        full(&mut lim, &KJ_L15);
    }
    if o.concealed_true_color_game && suit.is_some() && only_concealed {
        // DMJL: also a nine-gates hand whose duplicate is not the winning tile.
        full(&mut lim, &KJ_L12);
    }
    if p.any && p.suits == 0 {
        full(&mut lim, &KJ_L1);
    }
    let treasure = match o.treasure {
        Treasure::Hidden => regular && self_drawn && st.concealed_sets == 4,
        Treasure::Buried => {
            regular && st.kongs == 0 && st.concealed_pungs == 4 && p.suits.count_ones() == 1
        }
    };
    if treasure && o.treasure == Treasure::Hidden {
        full(&mut lim, &KJ_L13_HIDDEN);
    }
    if p.any && !p.minors && !p.honours {
        full(&mut lim, &KJ_L2);
    }
    if regular && st.kongs == 4 {
        full(&mut lim, &KJ_L3);
    }
    let scholars = regular && dragons == 3 && (o.three_great_scholars_chow || st.chows == 0);
    if scholars && o.three_great_scholars_chow {
        full(&mut lim, &KJ_L14);
    }
    if regular && st.wind_sets.count_ones() == 4 {
        full(&mut lim, &KJ_L4);
    }
    if p.any && p.all_green && f.green_kinds < 6 {
        // Kajongg's test: the kinds held are a proper subset of the six green kinds.
        full(&mut lim, &KJ_L5);
    }
    if win.from == WinFrom::Loose && k == 22 {
        full(&mut lim, &KJ_L9);
    }
    if win.from == WinFrom::Wall && win.last_tile && k == 18 {
        full(&mut lim, &KJ_L10);
    }
    if win.from == WinFrom::RobbedKong && k == 1 {
        full(&mut lim, &KJ_L11);
    }
    if treasure && o.treasure == Treasure::Buried {
        full(&mut lim, &KJ_L13_BURIED);
    }
    if scholars && !o.three_great_scholars_chow {
        full(&mut lim, &KJ_L14);
    }
    finish(points, doubles, lim, o, out);
    out.completed = melds
        .get(c.completed)
        .copied()
        .filter(|_| c.pattern == Pattern::Standard);
}

/// The special patterns of a fully concealed hand of 14 tiles that are not four sets and
/// a pair (KJ-L17 Wriggling Snake, KJ-L18–L20), with the pairs they score as sets.
pub(super) fn special_pattern(
    c: &Counts,
    o: &KajonggOptions,
    pairs: &mut [Meld; 7],
) -> Option<Pattern> {
    if c.iter().map(|&n| n as usize).sum::<usize>() != 14 {
        return None;
    }
    let honours = c[27..].iter().any(|&n| n > 0);
    let mut suits = 0u8;
    for s in 0..3 {
        if c[s * 9..s * 9 + 9].iter().any(|&n| n > 0) {
            suits |= 1 << s;
        }
    }
    if o.snake == Snake::Wriggling && suits.count_ones() == 1 {
        let b = suits.trailing_zeros() as usize * 9;
        let mut want = [0u8; KINDS];
        want[b] = 2;
        want[b + 1..b + 9].fill(1);
        want[27..31].fill(1);
        if *c == want {
            pairs[0] = Meld::new(MeldKind::Pair, b as u8, false);
            return Some(Pattern::Wriggling);
        }
    }
    if o.all_pair_honors
        && c.iter().all(|&n| n == 0 || n == 2)
        && (0..KINDS).all(|k| c[k] == 0 || Tile::from_kind(k).is_major())
    {
        let kinds = c.iter().enumerate().filter(|(_, &n)| n == 2);
        for (slot, (k, _)) in pairs.iter_mut().zip(kinds) {
            *slot = Meld::new(MeldKind::Pair, k as u8, false);
        }
        return Some(Pattern::PairHonors);
    }
    if !o.knitting || honours {
        return None;
    }
    // Triple Knitting: per value, the triples are the least count over the suits and
    // what is left is nothing or the knitted pair (one tile in two suits).
    let mut triples = 0;
    let mut pair = 0;
    let mut ok = true;
    for v in 0..9 {
        let n = [c[v], c[9 + v], c[18 + v]];
        let t = *n.iter().min().expect("three suits");
        triples += t;
        match n.map(|x| x - t) {
            [0, 0, 0] => {}
            [a, b, c] if a <= 1 && b <= 1 && c <= 1 && a + b + c == 2 => pair += 1,
            _ => ok = false,
        }
    }
    if ok && triples == 4 && pair == 1 {
        return Some(Pattern::TripleKnitting);
    }
    // Knitting: two suits with the same count of every value.
    if suits.count_ones() == 2 {
        let a = suits.trailing_zeros() as usize * 9;
        let b = (7 - suits.leading_zeros() as usize) * 9;
        if (0..9).all(|v| c[a + v] == c[b + v]) {
            return Some(Pattern::Knitting);
        }
    }
    None
}

/// KJ-W4: with the winning tile taken out, exactly one kind completes the hand (any
/// Mah-Jongg rule of the shape); only kinds the hand holds all four of are left out, tiles
/// seen on the table count for nothing; never when a kong holds the winning kind.
fn only_possible(table: &Table, w: usize, shape: &Shape) -> bool {
    let hand = &table.hands[w];
    let win = table.win.as_ref().expect("a winner has a win");
    if hand
        .declared()
        .iter()
        .any(|m| m.is_kong() && m.tile as usize == win.kind)
    {
        return false;
    }
    let (mut loose, sets) = loose_and_fixed(hand, table.winning_set);
    // The winning tile only in a set made earlier: no hand before it (the search refuses it).
    let Some(left) = loose[win.kind].checked_sub(1) else {
        return false;
    };
    loose[win.kind] = left;
    let mut own = hand.all_tiles();
    own[win.kind] -= 1;
    let places = waits(&loose, sets, shape, false, Some(&own));
    places.len() == 1 && places.contains(win.kind)
}

/// A hand's loose tiles (concealed, with its concealed sets other than kongs and the set
/// `also_loose`) and how many fixed sets it has (exposed sets and kongs), as the
/// arrangement search splits it ([`best_winner`]).
fn loose_and_fixed(hand: &SeatHand, also_loose: Option<u8>) -> (Counts, usize) {
    let mut loose = hand.concealed;
    let mut sets = 0;
    for (i, m) in hand.declared().iter().enumerate() {
        if also_loose == Some(i as u8) || !(m.exposed || m.is_kong()) {
            m.add_to(&mut loose);
        } else {
            sets += 1;
        }
    }
    (loose, sets)
}

fn facts<'a>(table: &'a Table, w: usize, shape: &Shape, o: &KajonggOptions) -> WinFacts<'a> {
    let hand = &table.hands[w];
    let all = hand.all_tiles();
    let green_kinds = (0..KINDS)
        .filter(|&k| all[k] > 0 && Tile::from_kind(k).is_green())
        .count() as u32;
    WinFacts {
        win: table.win.as_ref().expect("a winner has a win"),
        table,
        all,
        purity: purity(&all),
        green_kinds,
        only_possible: o.only_possible_tile && only_possible(table, w, shape),
    }
}

/// Scores the winner: the best over every arrangement of four sets and a pair, and the
/// special patterns of a concealed hand.
fn score_winner(
    table: &Table,
    w: usize,
    s: &Seat,
    shape: &Shape,
    name: &str,
    best: &mut SeatScore,
) -> Result<(), InputError> {
    let hand = &table.hands[w];
    let not_won = |why: String| {
        Err(InputError::new(
            format!("seats.{}", Wind::ALL[w].letter()),
            format!("not a legal Mah-Jongg under {name}: {why}"),
        ))
    };
    let size = hand.size();
    if size > 14 {
        // Kajongg: a winner's hand of more than 14 tiles is not won (Long Hand, KJ-S2).
        return not_won(format!(
            "a Long Hand (KJ-S2): {size} tiles (kongs counted as 3), a winner holds 14"
        ));
    }
    let f = facts(table, w, shape, s.o);
    let mut special = SeatScore::ZERO;
    let mut pairs = [Meld::new(MeldKind::Pair, 0, false); 7];
    let special_pattern_found = if hand.declared().is_empty() {
        special_pattern(&hand.concealed, s.o, &mut pairs).inspect(|&pattern| {
            let n = if pattern == Pattern::PairHonors {
                7
            } else {
                (pattern == Pattern::Wriggling) as usize
            };
            let c = Cand {
                melds: &pairs[..n],
                completed: usize::MAX,
                pattern,
            };
            score_winner_candidate(c, hand, &f, s, &mut special);
        })
    } else {
        None
    };
    // A pattern no Mah-Jongg rule accepts as won (a Wriggling Snake on a claimed tile)
    // scored nothing and has no items.
    let special_found = special_pattern_found
        .filter(|_| !special.items.as_slice().is_empty())
        .map(|_| ());
    if table.knitted.is_some() {
        // An exposed knitted set: Kajongg's knitting rules alone accept it (as the set the
        // winning discard completed), never four sets and a pair.
        let knitting = matches!(
            special_pattern_found,
            Some(Pattern::TripleKnitting | Pattern::Knitting)
        );
        if knitting && special_found.is_some() {
            *best = special;
            return Ok(());
        }
        return not_won(
            "a knitted set is only in Triple Knitting or Knitting (KJ-L18, KJ-L19)".into(),
        );
    }
    let regular = best_winner(table, w, shape, false, name, best, |c: Candidate, out| {
        let pattern = match c.form {
            Form::ThirteenOrphans => Pattern::Orphans,
            _ => Pattern::Standard,
        };
        let cand = Cand {
            melds: c.melds,
            completed: c.completed,
            pattern,
        };
        score_winner_candidate(cand, hand, &f, s, out);
    });
    let regular_legal = regular.is_ok() && !best.items.as_slice().is_empty();
    match (special_found, regular_legal) {
        (Some(()), false) => {
            *best = special;
            Ok(())
        }
        (Some(()), true) => {
            if special.score > best.score {
                *best = special;
            }
            Ok(())
        }
        (None, true) => Ok(()),
        (None, false) => {
            let why = if special_pattern_found.is_some() {
                "nothing may be exposed, and a claimed tile exposes the set it completes"
                    .to_string()
            } else {
                regular?;
                format!(
                    "more than {} chow{}",
                    s.o.max_chows,
                    if s.o.max_chows == 1 { "" } else { "s" }
                )
            };
            not_won(why)
        }
    }
}

/// KJ-X1, KJ-X2: the limit hands a loser may be calling for, the loser rule and its
/// share of the limit.
static CALLING: [(&Rule, &Rule, Tenths); 13] = [
    (&KJ_L1, &KJ_X1_ONLY_HONORS, 4),
    (&KJ_L17_WRIGGLING, &KJ_X1_WRIGGLING, 4),
    (&KJ_L16_GATES_OF_HEAVEN, &KJ_X1_GATES, 4),
    (&KJ_L5, &KJ_X1_JADE, 4),
    (&KJ_L21, &KJ_X1_ORPHANS, 4),
    (&KJ_L14, &KJ_X1_SCHOLARS, 4),
    (&KJ_L2, &KJ_X1_HEADS, 4),
    (&KJ_L4, &KJ_X1_BLESSINGS, 4),
    (&KJ_L13_BURIED, &KJ_X1_TREASURE, 4),
    (&KJ_L3, &KJ_X1_PLENTY, 4),
    (&KJ_L18, &KJ_X2_TRIPLE_KNITTING, 2),
    (&KJ_L19, &KJ_X2_KNITTING, 2),
    (&KJ_L20, &KJ_X2_PAIR_HONORS, 2),
];

/// KJ-X1–X3: the loser rules. For every tile that would complete the loser's hand, the
/// limit hands it would make; the largest is the loser's "calling for", and Purity adds
/// its doubles.
fn calling_for(
    table: &Table,
    l: usize,
    s: &Seat,
    shape: &Shape,
) -> (Option<(&'static Rule, Tenths)>, bool) {
    let hand = &table.hands[l];
    let all = hand.all_tiles();
    let (loose, sets) = loose_and_fixed(hand, None);
    let mut best: Option<(&'static Rule, Tenths)> = None;
    let mut purity = false;
    let mut pairs = [Meld::new(MeldKind::Pair, 0, false); 7];
    let mut trial = SeatScore::ZERO;
    for k in 0..KINDS {
        if all[k] >= 4 {
            continue;
        }
        let mut c = loose;
        c[k] += 1;
        let mut full = all;
        full[k] += 1;
        let special = if hand.declared().is_empty() {
            special_pattern(&full, s.o, &mut pairs)
        } else {
            None
        };
        if !is_complete(&c, sets, shape, false) && special.is_none() {
            continue;
        }
        // Kajongg counts a knitting hand called for even when, won, its ordinary total
        // would beat half the limit.
        let knitted = match special {
            Some(Pattern::TripleKnitting) => Some(&KJ_X2_TRIPLE_KNITTING),
            Some(Pattern::Knitting) => Some(&KJ_X2_KNITTING),
            Some(Pattern::PairHonors) => Some(&KJ_X2_PAIR_HONORS),
            _ => None,
        };
        if let Some(r) = knitted {
            best = larger(best, r, 2);
        }
        let mut t = table.clone();
        t.winner = Some(l);
        t.cannon = None;
        t.winning_set = None;
        t.knitted = None;
        t.hands[l].concealed[k] += 1;
        t.win = Some(Win::new(Tile::from_kind(k), WinFrom::Wall, None));
        if score_winner(&t, l, s, shape, "", &mut trial).is_err() {
            continue;
        }
        for it in trial.items.as_slice() {
            purity |= std::ptr::eq(it.rule, &KJ_W11);
            if let Some(&(_, r, t)) = CALLING.iter().find(|(l, _, _)| std::ptr::eq(it.rule, *l)) {
                // Kajongg calls for Thirteen Orphans only while a copy of the missing tile
                // may still come: not when all four are on the table.
                if std::ptr::eq(r, &KJ_X1_ORPHANS) && table.visible[k] >= 4 {
                    continue;
                }
                best = larger(best, r, t);
            }
        }
    }
    (best, purity)
}

/// Scores a losing seat: its declared sets and the best sets among its concealed tiles,
/// meld and hand rules, and the loser rules (KJ-X) when the ruleset has them.
fn score_loser(table: &Table, l: usize, s: &Seat, shape: &Shape, out: &mut SeatScore) {
    let hand = &table.hands[l];
    if hand.size() > 13 {
        // KJ-S2 Long Hand: Kajongg's absolute rule, 0 and nothing else.
        *out = SeatScore::ZERO;
        out.items.push(item(&KJ_S2_LONG, 0, 0, None));
        return;
    }
    let melds = loser_melds(hand);
    let melds = melds.as_slice();
    out.items.clear();
    out.completed = None;
    let mut acc = Acc {
        points: 0,
        doubles: 0,
        items: &mut out.items,
    };
    score_common(melds, hand, s, &stats(melds, s), &mut acc);
    let mut lim = None;
    if s.o.calling_for {
        let (called, purity) = calling_for(table, l, s, shape);
        if purity && s.o.purity > 0 {
            acc.double(&KJ_X3, s.o.purity, None);
        }
        lim = called;
    }
    let (points, doubles) = (acc.points, acc.doubles);
    finish(points, doubles, lim, s.o, out);
}

/// Scores one seat of a validated table (a washout scores nothing).
pub(crate) fn score_one_seat(
    table: &Table,
    i: usize,
    o: &KajonggOptions,
    shape: &Shape,
    name: &str,
    out: &mut SeatScore,
) -> Result<(), InputError> {
    *out = SeatScore::ZERO;
    if table.winner.is_none() {
        return Ok(());
    }
    let s = Seat {
        o,
        wind: Wind::ALL[i],
        prevailing: table.prevailing,
    };
    if table.winner == Some(i) {
        score_winner(table, i, &s, shape, name, out)
    } else {
        score_loser(table, i, &s, shape, out);
        Ok(())
    }
}
