//! The Western points-and-doubles game (`western.md`, seed 002): points (W-P, W-B, W-F1),
//! multipliers (W-F2–4, W-D), special hands worth the maximum payment (W-L), and
//! settlement with a payment limit (W-S).

use mahjong_hands::{Counts, Form, Meld, MeldKind, Shape};
use mahjong_tiles::{Tile, Wind};

use super::WesternOptions;
use crate::families::classical::score::{best_winner, loser_melds, Candidate};
use crate::score::{Item, Payments, Rule, SeatScore};
use crate::table::{InputError, SeatHand, Table, WinFrom};

use crate::score::rules;

rules! {
    ALL;
    WP1_PAIR = "W-P1", "pair of dragons or own wind";
    WP1_PREVAILING = "W-P1", "pair of prevailing wind";
    WP4_TERMINAL_PUNG = "W-P4", "pung of 1s or 9s";
    WP5_MINOR_PUNG = "W-P5", "pung of 2-8";
    WP6_WIND_PUNG = "W-P6", "pung of winds";
    WP7_DRAGON_PUNG = "W-P7", "pung of dragons";
    WP8_TERMINAL_KONG = "W-P8", "kong of 1s or 9s";
    WP9_MINOR_KONG = "W-P9", "kong of 2-8";
    WP10_WIND_KONG = "W-P10", "kong of winds";
    WP11_DRAGON_KONG = "W-P11", "kong of dragons";
    WB1_MAHJONG = "W-B1", "going Mah-Jongg";
    WB2_NO_SCORE = "W-B2", "no scoring sets";
    WB3_FROM_WALL = "W-B3", "winning tile drawn from the wall";
    WB4_ONLY_TILE = "W-B4", "the only tile that could complete the hand";
    WB5_LOOSE = "W-B5", "winning with the loose tile after a kong";
    WB6_NO_CHOWS = "W-B6", "no chows";
    WF1_BONUS = "W-F1", "flower or season";
    WF2_OWN = "W-F2", "own flower or season";
    WF3_OWN_BOTH = "W-F3", "own flower and own season";
    WF4_FLOWERS = "W-F4", "all four flowers";
    WF4_SEASONS = "W-F4", "all four seasons";
    WD1_OWN_WIND = "W-D1", "pung of own wind";
    WD1_PREVAILING = "W-D1", "pung of prevailing wind";
    WD2_DRAGONS = "W-D2", "pung of dragons";
    WD3_ONE_SUIT = "W-D3", "all one suit";
    WD4_HONOURS = "W-D4", "only dragons and winds";
    WD5_ORIGINAL = "W-D5", "original Mah-Jongg";
    WL1 = "W-L1", "Hidden Treasure";
    WL2 = "W-L2", "All Honours";
    WL3 = "W-L3", "All Terminals";
    WL4 = "W-L4", "All Green";
    WL5 = "W-L5", "Three Great Scholars";
    WL6 = "W-L6", "Great Blessings";
    WL7 = "W-L7", "All Kongs";
    WL8 = "W-L8", "Nine United Sons";
    WL9 = "W-L9", "Thirteen Unique Wonders";
    WL10 = "W-L10", "Heavenly Peace";
    WL11 = "W-L11", "Earthly Peace";
    WL12 = "W-L12", "Moon from the Bottom of the Sea";
    WL13 = "W-L13", "Plum Blossom on the Roof";
}

fn item(rule: &'static Rule, points: u32, doubles: u32, tile: Option<Tile>) -> Item {
    Item {
        rule,
        points: points.min(u16::MAX as u32) as u16,
        doubles: doubles.min(u8::MAX as u32) as u8,
        limit: false,
        tile,
    }
}

struct Seat<'a> {
    o: &'a WesternOptions,
    wind: Wind,
    prevailing: Wind,
}

impl Seat<'_> {
    /// How a wind scores (W-P1, W-D1): as the seat wind, or as the prevailing wind when
    /// W-G3's option is on; `(pair rule, pung rule)`.
    fn scoring_wind(&self, w: Wind) -> Option<(&'static Rule, &'static Rule)> {
        if w == self.wind {
            Some((&WP1_PAIR, &WD1_OWN_WIND))
        } else if self.o.prevailing_wind && w == self.prevailing {
            Some((&WP1_PREVAILING, &WD1_PREVAILING))
        } else {
            None
        }
    }

    fn pair_points(&self, m: &Meld) -> Option<&'static Rule> {
        if self.o.pairs_concealed_only && m.exposed {
            return None;
        }
        let t = m.first();
        if t.dragon_kind().is_some() {
            return Some(&WP1_PAIR);
        }
        self.scoring_wind(t.wind()?).map(|(pair, _)| pair)
    }
}

fn set_points(m: &Meld) -> Option<(&'static Rule, u32)> {
    let t = m.first();
    let concealed = !m.exposed;
    let (rule, exposed_points) = match (m.kind, t) {
        (MeldKind::Pung, t) if t.dragon_kind().is_some() => (&WP7_DRAGON_PUNG, 4),
        (MeldKind::Pung, t) if t.wind().is_some() => (&WP6_WIND_PUNG, 4),
        (MeldKind::Pung, t) if t.is_terminal() => (&WP4_TERMINAL_PUNG, 4),
        (MeldKind::Pung, _) => (&WP5_MINOR_PUNG, 2),
        (MeldKind::Kong(_), t) if t.dragon_kind().is_some() => (&WP11_DRAGON_KONG, 16),
        (MeldKind::Kong(_), t) if t.wind().is_some() => (&WP10_WIND_KONG, 16),
        (MeldKind::Kong(_), t) if t.is_terminal() => (&WP8_TERMINAL_KONG, 16),
        (MeldKind::Kong(_), _) => (&WP9_MINOR_KONG, 8),
        _ => return None,
    };
    Some((
        rule,
        if concealed {
            exposed_points * 2
        } else {
            exposed_points
        },
    ))
}

/// Points, multipliers and items being added up.
struct Acc<'a> {
    points: u64,
    doubles: u32,
    out: &'a mut SeatScore,
}

impl Acc<'_> {
    fn add(&mut self, it: Item) {
        self.points += it.points as u64;
        self.doubles += it.doubles as u32;
        self.out.items.push(it);
    }
}

/// W-P, W-F and W-D1–2: what every player scores.
fn score_common(melds: &[Meld], hand: &SeatHand, s: &Seat, acc: &mut Acc) {
    for t in hand.bonus_tiles() {
        acc.add(item(&WF1_BONUS, 4, 0, Some(t)));
    }
    for m in melds {
        match m.kind {
            MeldKind::Pair => {
                if let Some(r) = s.pair_points(m) {
                    acc.add(item(r, 2, 0, Some(m.first())));
                }
            }
            MeldKind::Chow => {}
            _ => {
                if let Some((r, p)) = set_points(m) {
                    acc.add(item(r, p, 0, Some(m.first())));
                }
            }
        }
    }
    let own = 1u8 << s.wind.index();
    let (f, se) = (hand.flowers & own != 0, hand.seasons & own != 0);
    if f && se {
        acc.add(item(&WF3_OWN_BOTH, 0, 2, None));
    } else if f || se {
        acc.add(item(&WF2_OWN, 0, 1, None));
    }
    if hand.flowers == 0b1111 {
        acc.add(item(&WF4_FLOWERS, 0, 3, None));
    }
    if hand.seasons == 0b1111 {
        acc.add(item(&WF4_SEASONS, 0, 3, None));
    }
    for m in melds.iter().filter(|m| m.is_pung_or_kong()) {
        let t = m.first();
        if let Some((_, r)) = t.wind().and_then(|w| s.scoring_wind(w)) {
            acc.add(item(r, 0, 1, Some(t)));
        }
        if t.dragon_kind().is_some() {
            acc.add(item(&WD2_DRAGONS, 0, 1, Some(t)));
        }
    }
}

fn finish(
    points: u64,
    doubles: u32,
    special: Option<&'static Rule>,
    o: &WesternOptions,
    out: &mut SeatScore,
) {
    out.items.sort_by_rule();
    out.points = points;
    out.doubles = doubles;
    // W-S4: special hands are worth the maximum payment; W-S3 caps payments, not scores.
    out.score = match special {
        Some(_) => o.payment_limit,
        None => points.saturating_mul(1u64 << doubles.min(40)),
    };
    out.limit = special;
}

fn only(c: &Counts, pred: impl Fn(Tile) -> bool) -> bool {
    c.iter()
        .enumerate()
        .all(|(k, &n)| n == 0 || pred(Tile::from_kind(k)))
}

fn score_winner_candidate(
    c: Candidate,
    hand: &SeatHand,
    table: &Table,
    all: &Counts,
    s: &Seat,
    out: &mut SeatScore,
) {
    let Candidate {
        melds,
        completed,
        form,
        only_place,
        fixed,
    } = c;
    let o = s.o;
    let win = table.win.as_ref().expect("a winner has a win");
    out.items.clear();
    let mut acc = Acc {
        points: 0,
        doubles: 0,
        out,
    };
    score_common(melds, hand, s, &mut acc);
    let sets = || melds.iter().filter(|m| m.kind != MeldKind::Pair);
    let chows = sets().filter(|m| m.kind == MeldKind::Chow).count();
    let scoring_sets = sets().any(|m| m.is_pung_or_kong())
        || melds
            .iter()
            .any(|m| m.kind == MeldKind::Pair && s.pair_points(m).is_some());
    acc.add(item(&WB1_MAHJONG, o.mahjong_points, 0, None));
    if form == Form::Regular && !scoring_sets {
        acc.add(item(&WB2_NO_SCORE, 10, 0, None));
    }
    if win.self_drawn() {
        acc.add(item(&WB3_FROM_WALL, 2, 0, Some(win.tile)));
    }
    if only_place {
        acc.add(item(&WB4_ONLY_TILE, 2, 0, Some(win.tile)));
    }
    let kongs = sets().filter(|m| m.is_kong()).count();
    if win.from == WinFrom::Loose && kongs > 0 {
        acc.add(item(&WB5_LOOSE, 10, 0, Some(win.tile)));
    }
    if form == Form::Regular && chows == 0 {
        acc.add(item(&WB6_NO_CHOWS, 10, 0, None));
    }
    let suits = (0..3)
        .filter(|&s| all[s * 9..s * 9 + 9].iter().any(|&n| n > 0))
        .count();
    let honours = all[27..].iter().any(|&n| n > 0);
    if suits == 1 && !honours {
        acc.add(item(&WD3_ONE_SUIT, 0, 3, None));
    }
    if suits == 0 {
        acc.add(item(&WD4_HONOURS, 0, 3, None));
    }
    let dealt = win.heaven || win.earth;
    if dealt && o.dealt_complete == super::DealtComplete::Multiplier {
        acc.add(item(&WD5_ORIGINAL, 0, 3, None));
    }

    // W-L: special hands.
    let mut special: Option<&'static Rule> = None;
    let mut mark = |r: &'static Rule, acc: &mut Acc| {
        special.get_or_insert(r);
        acc.out.items.push(Item {
            limit: true,
            ..item(r, 0, 0, None)
        });
    };
    let regular = form == Form::Regular;
    let all_pungs = regular && chows == 0;
    // W-L1: every set concealed (a claimed kong was formed with a discard: not concealed).
    let concealed_sets = sets().all(|m| !m.exposed);
    let one_suit = suits == 1 && !honours;
    if all_pungs
        && one_suit
        && win.self_drawn()
        && concealed_sets
        && melds.get(completed).is_none_or(|m| !m.exposed)
    {
        mark(&WL1, &mut acc);
    }
    if all_pungs && only(all, |t| t.is_honour()) {
        mark(&WL2, &mut acc);
    }
    if all_pungs && only(all, |t| t.is_terminal()) {
        mark(&WL3, &mut acc);
    }
    if regular && only(all, |t| t.is_green()) {
        mark(&WL4, &mut acc);
    }
    let dragon_sets = sets()
        .filter(|m| m.is_pung_or_kong() && m.first().dragon_kind().is_some())
        .count();
    if regular && dragon_sets == 3 {
        mark(&WL5, &mut acc);
    }
    let wind_sets = sets()
        .filter(|m| m.is_pung_or_kong() && m.first().wind().is_some())
        .count();
    if regular && wind_sets as u32 >= o.great_blessings_sets {
        mark(&WL6, &mut acc);
    }
    if regular && kongs == 4 {
        mark(&WL7, &mut acc);
    }
    if fixed == 0 && suits == 1 && !honours {
        let base = (0..3)
            .find(|&s| all[s * 9..s * 9 + 9].iter().any(|&n| n > 0))
            .unwrap_or(0)
            * 9;
        let suit_ok = o.nine_sons_any_suit || base == 9;
        let mut before = [0u8; 9];
        before.copy_from_slice(&all[base..base + 9]);
        if let Some(x) = win.kind.checked_sub(base).filter(|&x| x < 9) {
            before[x] -= 1;
            if suit_ok && before == [3, 1, 1, 1, 1, 1, 1, 1, 3] {
                mark(&WL8, &mut acc);
            }
        }
    }
    if form == Form::ThirteenOrphans {
        mark(&WL9, &mut acc);
    }
    if o.dealt_complete == super::DealtComplete::Special {
        if win.heaven {
            mark(&WL10, &mut acc);
        }
        if win.earth {
            mark(&WL11, &mut acc);
        }
    }
    if win.from == WinFrom::Wall && win.last_tile && win.kind == 18 {
        mark(&WL12, &mut acc);
    }
    if win.from == WinFrom::Loose && kongs > 0 && win.kind == 22 {
        mark(&WL13, &mut acc);
    }
    let (points, doubles) = (acc.points, acc.doubles);
    finish(points, doubles, special, o, out);
}

/// Scores one seat of a validated Western table.
pub(crate) fn score_one_seat(
    table: &Table,
    i: usize,
    o: &WesternOptions,
    shape: &Shape,
    ruleset_name: &str,
    out: &mut SeatScore,
) -> Result<(), InputError> {
    *out = SeatScore::ZERO;
    if table.winner.is_none() {
        return Ok(()); // W-G1: a draw pays nothing
    }
    let s = Seat {
        o,
        wind: Wind::ALL[i],
        prevailing: table.prevailing,
    };
    let hand = &table.hands[i];
    if table.winner == Some(i) {
        let all = hand.all_tiles();
        return best_winner(table, i, shape, false, ruleset_name, out, |c, sc| {
            score_winner_candidate(c, hand, table, &all, &s, sc)
        });
    }
    let melds = loser_melds(hand);
    let mut acc = Acc {
        points: 0,
        doubles: 0,
        out,
    };
    score_common(melds.as_slice(), hand, &s, &mut acc);
    let (points, doubles) = (acc.points, acc.doubles);
    finish(points, doubles, None, o, out);
    Ok(())
}

/// W-S1–W-S4: the winner is paid by all (East pays and receives double), losers settle
/// their differences, and no single payment exceeds the limit (East's: the limit × the
/// East factor).
pub fn settle_western(table: &Table, scores: &[u64; 4], o: &WesternOptions) -> Payments {
    let mut pay = Payments::EMPTY;
    let Some(w) = table.winner else {
        return pay;
    };
    let east = |a: usize, b: usize| a == 0 || b == 0;
    let amount = |a: usize, b: usize, value: u64| {
        let e = east(a, b);
        let doubled = if e && o.east_doubles {
            value.saturating_mul(2)
        } else {
            value
        };
        let cap = if e {
            o.payment_limit.saturating_mul(o.east_limit_factor)
        } else {
            o.payment_limit
        };
        doubled.min(cap)
    };
    for l in (0..table.seats).filter(|&l| l != w) {
        pay.push(l, w, amount(l, w, scores[w]));
    }
    if o.losers_settle {
        for a in 0..table.seats {
            for b in a + 1..table.seats {
                if a == w || b == w || scores[a] == scores[b] {
                    continue;
                }
                let (lo, hi) = if scores[a] < scores[b] {
                    (a, b)
                } else {
                    (b, a)
                };
                pay.push(lo, hi, amount(lo, hi, scores[hi] - scores[lo]));
            }
        }
    }
    pay
}
