//! The Korean/Japanese three-player hand-points game (`three-player-korean.md`, seed 004):
//! hand-points (K3-HP), bonus-points (K3-BP), limit hands (K3-L), the minimum (K3-S1) and
//! payments (K3-S3–S6, K3-M2 goulash).
//!
//! Only the winner scores. A seat's [`SeatScore`]: `points` = hand-points, `score` =
//! hand-points + bonus-points (what an opponent who was not ready pays on a self-drawn
//! win), or the limit / half limit for a limit hand (`limit` names it). Items cite their
//! rule; [`class_of`] tells hand-points from bonus-points. Options of K3-O are cited as
//! `K3-O1` … `K3-O8`, numbered in the order of the spec's K3-O list (1 North, 2 West
//! removed, 3 no bamboo, 4 three ready, 5 dora indicator, 6 red dora, 7 five bamboo,
//! 8 seat dragons).
//!
//! Two kinds of items describe the settlement rather than the hand, and count in neither
//! `points` nor `score`: `K3-S5` (an opponent who was ready pays 2 bonus-points less; the
//! item's tile is that opponent's seat wind) and `K3-M2` (the goulash bonus each opponent
//! pays on top). [`settle_korean`] reads the `K3-S5` items.
//!
//! Everything here works on fixed buffers: [`crate::win_rank`] and scoring never allocate
//! (only an error message does).

use mahjong_hands::{for_each_arrangement, waits, Counts, Form, KongKind, Meld, MeldKind, Shape};
use mahjong_tiles::{Tile, Wind};

use super::{DiscardPayment, KoreanOptions, MissingWind, ReadyDiscount, ThreeReady};
use crate::score::{Item, Items, Payments, Rule, SeatScore};
use crate::table::{InputError, SeatHand, Table, Win, WinFrom};

use crate::score::rules;

rules! {
    ALL;
    K3HP1_DRAGON = "K3-HP1", "dragon pung or kong";
    K3HP2_TWO_DRAGONS = "K3-HP2", "two dragon pungs or kongs";
    K3HP3_WIND = "K3-HP3", "wind pung or kong";
    K3HP4_SEAT_WIND = "K3-HP4", "pung or kong of the seat wind";
    K3HP5_PREVAILING = "K3-HP5", "pung or kong of the prevailing wind";
    K3HP6_KONG = "K3-HP6", "kong";
    K3HP7_THREE_KONGS = "K3-HP7", "three kongs";
    K3HP8_BAMBOO = "K3-HP8", "pung or kong of 1 or 9 bamboo";
    K3HP9_BOTH_BAMBOO = "K3-HP9", "pungs or kongs of both 1 and 9 bamboo";
    K3HP10_TWIN_CHOWS = "K3-HP10", "two identical chows";
    K3HP11_THREE_CONCEALED = "K3-HP11", "three concealed pungs or kongs";
    K3HP12_ALL_PUNGS = "K3-HP12", "all pungs or kongs and a pair";
    K3HP13_ALL_MAJOR_PUNGS = "K3-HP13", "all pungs, all terminals and honours";
    K3HP14_ONE_SUIT_HONOURS = "K3-HP14", "one suit with honours";
    K3HP15_ONE_SUIT = "K3-HP15", "one suit without honours";
    K3HP16_SEVEN_PAIRS = "K3-HP16", "seven pairs";
    K3HP17_RUN = "K3-HP17", "1-9 run in one suit";
    K3HP18_ALL_SUITS = "K3-HP18", "all suit tiles";
    K3HP19_ALL_CHOWS = "K3-HP19", "all chows and a pair of suit tiles";
    K3HP20_CONCEALED = "K3-HP20", "concealed hand";
    K3HP21_CONCEALED_WALL = "K3-HP21", "concealed hand completed from the wall";
    K3BP1_WINNING = "K3-BP1", "winning (from each opponent who was not ready)";
    K3BP2_WALL = "K3-BP2", "winning tile from the wall";
    K3BP3_LAST = "K3-BP3", "winning tile was the last of the wall";
    K3BP4_REPLACEMENT = "K3-BP4", "winning on a flower or kong replacement";
    K3BP5_ROB = "K3-BP5", "robbing a kong";
    K3BP6_ALSO_WAITING = "K3-BP6", "another player was also waiting on the winning tile";
    K3BP7_FLOWER = "K3-BP7", "flower";
    K3BP8_ALL_FLOWERS = "K3-BP8", "all the flowers";
    K3BP9_CONCEALED = "K3-BP9", "concealed hand bonus";
    K3BP10_CONCEALED_WALL = "K3-BP10", "concealed hand won from the wall";
    K3BP11_READY = "K3-BP11", "declared ready";
    K3BP12_READY_WALL = "K3-BP12", "declared ready and won from the wall";
    K3L1 = "K3-L1", "Little Dragons";
    K3L2 = "K3-L2", "Little Winds";
    K3L3 = "K3-L3", "all bamboo and honours";
    K3L4 = "K3-L4", "a terminal or honour in every set and the pair";
    K3L5 = "K3-L5", "concealed one suit with a dragon or wind pung";
    K3L6 = "K3-L6", "four concealed pungs";
    K3L7 = "K3-L7", "three kongs and a pair of honours";
    K3L8 = "K3-L8", "Little Jade Dragon";
    K3L9 = "K3-L9", "three concealed kongs";
    K3L10 = "K3-L10", "four kongs";
    K3L11 = "K3-L11", "all honours and terminals";
    K3L12 = "K3-L12", "Great Dragons";
    K3L13 = "K3-L13", "Great Winds";
    K3L14 = "K3-L14", "pungs of 1 and 9 bamboo and a pair of 5 bamboo";
    K3L15 = "K3-L15", "four concealed kongs";
    K3L16 = "K3-L16", "Thirteen Orphans";
    K3L17 = "K3-L17", "Nine Gates";
    K3L18 = "K3-L18", "Pearl Dragon";
    K3L19 = "K3-L19", "Ruby Dragon";
    K3L20 = "K3-L20", "Great Jade Dragon";
    K3O1_NORTH_PAIR = "K3-O1", "pair of North", named;
    K3O1_NORTH_KONG = "K3-O1", "kong of North", named;
    K3O1_NORTH_WIN = "K3-O1", "winning on a drawn or robbed North", named;
    K3O4_HAND_POINTS_ONLY = "K3-O4", "all three declared ready";
    K3O5_DORA = "K3-O5", "dora", named;
    K3O5_DORA_PAIR = "K3-O5", "pair of dora", named;
    K3O5_DORA_PUNG = "K3-O5", "pung of dora", named;
    K3O5_DORA_KONG = "K3-O5", "kong of dora", named;
    K3O5_FLOWER_DORA = "K3-O5", "flower dora", named;
    K3O6_RED_FIVE = "K3-O6", "red five", named;
    K3O6_RED_FIVES = "K3-O6", "both red fives", named;
    K3O8_SEAT_DRAGON = "K3-O8", "pung or kong of the seat dragon";
    K3S5_READY_OPPONENT = "K3-S5", "opponent was ready: pays 2 bonus-points less";
    K3M2_GOULASH = "K3-M2", "goulash bonus from each opponent";
}

/// What an item of this game counts toward.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Class {
    /// Hand-points (K3-HP, the North pair and kong, the seat dragon): they count toward the
    /// minimum (K3-S1) and the discarder pays them double.
    HandPoints,
    /// Bonus-points (K3-BP, dora, red fives, winning on a North): both opponents pay them.
    BonusPoints,
    /// A limit or half-limit hand (K3-L): its points are the hand's value.
    Limit,
    /// A note on the settlement (K3-S5 ready opponent, K3-M2 goulash, K3-O4 three ready),
    /// not part of the hand's value.
    Settlement,
}

/// The class of one of this game's rules, `None` for another family's.
pub fn class_of(rule: &Rule) -> Option<Class> {
    let id = rule.id;
    let is = |r: &Rule| std::ptr::eq(rule, r);
    if id.starts_with("K3-HP") {
        Some(Class::HandPoints)
    } else if id.starts_with("K3-BP") {
        Some(Class::BonusPoints)
    } else if id.starts_with("K3-L") {
        Some(Class::Limit)
    } else if id.starts_with("K3-S") || id.starts_with("K3-M") || is(&K3O4_HAND_POINTS_ONLY) {
        Some(Class::Settlement)
    } else if is(&K3O1_NORTH_PAIR) || is(&K3O1_NORTH_KONG) || is(&K3O8_SEAT_DRAGON) {
        Some(Class::HandPoints)
    } else if id.starts_with("K3-O") {
        Some(Class::BonusPoints)
    } else {
        None
    }
}

const NORTH: usize = 30;
const RED: usize = 31;
const GREEN: usize = 32;
const WHITE: usize = 33;
const BAMBOO_1: usize = 0;
const BAMBOO_5: usize = 4;
const BAMBOO_9: usize = 8;
/// Suit bits of [`Facts::suits`].
const BAMBOO: u8 = 1;
const CHARACTERS: u8 = 2;
const CIRCLES: u8 = 4;

/// The seat winds of the three-player set, by seat (0 = East).
pub fn seat_winds(o: &KoreanOptions) -> [Wind; 3] {
    match o.missing_wind {
        MissingWind::North => [Wind::East, Wind::South, Wind::West],
        MissingWind::West => [Wind::East, Wind::South, Wind::North],
    }
}

/// The dora (K3-O5) a revealed indicator names: the next tile of the set in order (9 → 1
/// of the suit, bamboo 1 → 9, winds in compass order through the set's winds, dragons
/// green → red → white → green), or every flower when the indicator is a flower.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dora {
    /// No indicator (or the option is off).
    None,
    /// The dora's playing kind.
    Kind(usize),
    /// A flower was revealed: every flower is worth 2 bonus-points.
    Flowers,
}

/// The dora named by `indicator` in a set of shape `shape`.
pub fn dora_of(indicator: Tile, shape: &Shape) -> Dora {
    if indicator.is_flower() {
        return Dora::Flowers;
    }
    let Some(k) = indicator.kind() else {
        return Dora::None;
    };
    let next_in = |base: usize, len: usize| {
        (1..=len)
            .map(|step| base + (k - base + step) % len)
            .find(|&r| shape.kinds.contains(r))
            .map_or(Dora::None, Dora::Kind)
    };
    match k {
        0..=26 => next_in(k / 9 * 9, 9),
        27..=30 => next_in(27, 4),
        GREEN => Dora::Kind(RED),
        RED => Dora::Kind(WHITE),
        _ => Dora::Kind(GREEN),
    }
}

/// What scoring needs besides the table: the options, the set's shape, the seat winds.
struct Ctx<'a> {
    table: &'a Table,
    o: &'a KoreanOptions,
    shape: &'a Shape,
    winds: [Wind; 3],
    dora: Dora,
}

impl<'a> Ctx<'a> {
    fn new(table: &'a Table, o: &'a KoreanOptions, shape: &'a Shape) -> Ctx<'a> {
        let dora = match table.dora_indicator {
            Some(t) if o.dora => dora_of(t, shape),
            _ => Dora::None,
        };
        Ctx {
            table,
            o,
            shape,
            winds: seat_winds(o),
            dora,
        }
    }

    fn letter(&self, seat: usize) -> char {
        self.winds[seat % 3].letter()
    }

    /// The index among the seat winds of a wind tile that scores as a wind (HP3–HP5, L2,
    /// L13). The optional North (K3-O1) is an honour but no wind.
    fn wind_of(&self, k: usize) -> Option<usize> {
        let w = Tile::from_kind(k).wind()?;
        self.winds.iter().position(|&x| x == w)
    }

    /// The optional North of K3-O1: usable only as a pair or a kong.
    fn is_north_honour(&self, k: usize) -> bool {
        self.o.north && k == NORTH
    }

    /// Whether every seat declared ready (K3-O4).
    fn all_ready(&self) -> bool {
        self.table.hands[..self.table.seats].iter().all(|h| h.ready)
    }
}

/// How far to go: decide legality only, rank (hand-points and bonus-points), or score
/// with every item.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Mode {
    Legal,
    Rank,
    Full,
}

/// Facts about a hand's tiles that do not depend on how they are arranged.
struct Facts {
    all: Counts,
    /// Suit bits ([`BAMBOO`], [`CHARACTERS`], [`CIRCLES`]) with any tile.
    suits: u8,
    honours: bool,
    /// Every tile a terminal or an honour.
    all_major: bool,
}

fn facts(hand: &SeatHand) -> Facts {
    let all = hand.all_tiles();
    let mut suits = 0u8;
    let mut honours = false;
    let mut all_major = true;
    for (k, &n) in all.iter().enumerate() {
        if n == 0 {
            continue;
        }
        if k < 27 {
            suits |= 1 << (k / 9);
            all_major &= k % 9 == 0 || k % 9 == 8;
        } else {
            honours = true;
        }
    }
    Facts {
        all,
        suits,
        honours,
        all_major,
    }
}

fn one_suit(f: &Facts) -> bool {
    f.suits == CHARACTERS || f.suits == CIRCLES
}

/// Hand-points, bonus-points, the limit and the items of one candidate.
struct Acc<'a> {
    hp: u32,
    bp: u32,
    limit: Option<(&'static Rule, u64)>,
    /// How many items there were before the first limit item.
    limit_at: Option<usize>,
    /// Where items go; `None` when only the numbers count (no buffer to fill).
    items: Option<&'a mut Items>,
}

impl Acc<'_> {
    #[inline]
    fn push(&mut self, rule: &'static Rule, points: u64, limit: bool, tile: Option<Tile>) {
        if let Some(items) = self.items.as_deref_mut() {
            items.push(Item {
                rule,
                points: points.min(u16::MAX as u64) as u16,
                doubles: 0,
                limit,
                tile,
            });
        }
    }

    #[inline]
    fn hp(&mut self, rule: &'static Rule, points: u32, tile: Option<Tile>) {
        self.hp += points;
        self.push(rule, points as u64, false, tile);
    }

    #[inline]
    fn bp(&mut self, rule: &'static Rule, points: u32, tile: Option<Tile>) {
        self.bp += points;
        self.push(rule, points as u64, false, tile);
    }

    #[inline]
    fn limit(&mut self, rule: &'static Rule, value: u64) {
        let len = self.items.as_deref().map_or(0, |i| i.as_slice().len());
        self.limit_at.get_or_insert(len);
        // Of equal values the later (more particular) hand names the limit: Thirteen
        // Orphans rather than all honours and terminals.
        if self.limit.is_none_or(|(_, v)| value >= v) {
            self.limit = Some((rule, value));
        }
        self.push(rule, value, true, None);
    }
}

/// One seat's point of view: its wind, its seat dragon.
#[derive(Copy, Clone)]
struct Who {
    wind: Wind,
    /// The seat dragon's kind (K3-O8: East green, South red, West white).
    dragon: usize,
}

fn who(c: &Ctx, seat: usize) -> Who {
    Who {
        wind: c.winds[seat % 3],
        dragon: [GREEN, RED, WHITE][seat % 3],
    }
}

/// Scores one arrangement (`melds`, the winning tile in `melds[completed]`, `usize::MAX`
/// for none) into `acc`: hand-points, the bonus-points that depend on the arrangement
/// (K3-BP9/10, dora sets) and the limit hands. `false` when the arrangement is no legal
/// Mah-Jongg (a pung of the optional North, K3-O1).
#[allow(clippy::too_many_arguments)]
fn candidate(
    c: &Ctx,
    w: &Who,
    hand: &SeatHand,
    win: &Win,
    f: &Facts,
    melds: &[Meld],
    completed: usize,
    form: Form,
    acc: &mut Acc,
) -> bool {
    let o = c.o;
    let self_drawn = win.self_drawn();
    let regular = form == Form::Regular;
    let mut chows = 0u32;
    let mut kongs = 0u32;
    let mut concealed_kongs = 0u32;
    let mut concealed_sets = 0u32;
    let mut dragon_sets = 0u8;
    let mut wind_sets = 0u8;
    let mut honour_sets = 0u32;
    let mut bamboo_sets = 0u8;
    let mut pair: Option<usize> = None;
    let mut concealed = true;
    let mut every_set_major = true;
    for (i, m) in melds.iter().enumerate() {
        let k = m.tile as usize;
        // K3-HP20: no discard claimed before going out; the winning tile may be one.
        if m.exposed && (self_drawn || i != completed) {
            concealed = false;
        }
        match m.kind {
            MeldKind::Chow => {
                chows += 1;
                every_set_major &= k.is_multiple_of(9) || k % 9 == 6;
            }
            MeldKind::Pair => {
                pair = Some(k);
                every_set_major &= Tile::from_kind(k).is_major();
                if c.is_north_honour(k) {
                    acc.hp(&K3O1_NORTH_PAIR, 2, Some(m.first()));
                }
            }
            MeldKind::Pung | MeldKind::Kong(_) => {
                let kong = m.is_kong();
                if c.is_north_honour(k) && !kong {
                    return false;
                }
                every_set_major &= Tile::from_kind(k).is_major();
                kongs += kong as u32;
                concealed_kongs += (m.kind == MeldKind::Kong(KongKind::Concealed)) as u32;
                concealed_sets += !m.exposed as u32;
                let t = Some(m.first());
                if k >= RED {
                    dragon_sets |= 1 << (k - RED);
                    honour_sets += 1;
                    acc.hp(&K3HP1_DRAGON, 1, t);
                    if o.seat_dragons && k == w.dragon {
                        acc.hp(&K3O8_SEAT_DRAGON, 1, t);
                    }
                } else if let Some(wi) = c.wind_of(k) {
                    wind_sets |= 1 << wi;
                    honour_sets += 1;
                    acc.hp(&K3HP3_WIND, 1, t);
                    if c.winds[wi] == w.wind {
                        acc.hp(&K3HP4_SEAT_WIND, 1, t);
                    }
                    if c.winds[wi] == c.table.prevailing {
                        acc.hp(&K3HP5_PREVAILING, 1, t);
                    }
                } else if c.is_north_honour(k) {
                    acc.hp(&K3O1_NORTH_KONG, 6, t);
                }
                if kong {
                    acc.hp(&K3HP6_KONG, 1, t);
                }
                if k == BAMBOO_1 || k == BAMBOO_9 {
                    bamboo_sets |= if k == BAMBOO_1 { 1 } else { 2 };
                    acc.hp(&K3HP8_BAMBOO, 1, t);
                }
            }
        }
    }
    if dragon_sets.count_ones() >= 2 {
        acc.hp(&K3HP2_TWO_DRAGONS, 1, None);
    }
    if kongs >= 3 {
        acc.hp(&K3HP7_THREE_KONGS, 3, None);
    }
    if bamboo_sets == 0b11 {
        acc.hp(&K3HP9_BOTH_BAMBOO, 4, None);
    }
    // K3-HP10: 2 for each two identical chows (three alike are one such two).
    for (i, m) in melds.iter().enumerate() {
        if m.kind != MeldKind::Chow || melds[..i].iter().any(|x| same_chow(x, m)) {
            continue;
        }
        let n = melds.iter().filter(|x| same_chow(x, m)).count() as u32;
        for _ in 0..n / 2 {
            acc.hp(&K3HP10_TWIN_CHOWS, 2, Some(m.first()));
        }
    }
    if concealed_sets >= 3 {
        acc.hp(&K3HP11_THREE_CONCEALED, 3, None);
    }
    let all_pungs = regular && chows == 0;
    if all_pungs {
        acc.hp(&K3HP12_ALL_PUNGS, 3, None);
        if f.all_major {
            acc.hp(&K3HP13_ALL_MAJOR_PUNGS, 6, None);
        }
    }
    if one_suit(f) {
        acc.hp(&K3HP14_ONE_SUIT_HONOURS, 3, None);
        if !f.honours {
            acc.hp(&K3HP15_ONE_SUIT, 3, None);
        }
    }
    if form == Form::SevenPairs {
        acc.hp(&K3HP16_SEVEN_PAIRS, 3, None);
    }
    let has_chow = |k: usize| {
        melds
            .iter()
            .any(|m| m.kind == MeldKind::Chow && m.tile as usize == k)
    };
    for base in [9, 18] {
        if has_chow(base) && has_chow(base + 3) && has_chow(base + 6) {
            acc.hp(&K3HP17_RUN, 3, Some(Tile::from_kind(base)));
        }
    }
    if !f.honours {
        acc.hp(&K3HP18_ALL_SUITS, 1, None);
        if regular && chows == 4 {
            acc.hp(&K3HP19_ALL_CHOWS, 2, None);
        }
    }
    if concealed {
        acc.hp(&K3HP20_CONCEALED, 2, None);
        if self_drawn {
            acc.hp(&K3HP21_CONCEALED_WALL, 2, None);
        }
        acc.bp(&K3BP9_CONCEALED, 2, None);
        if self_drawn {
            acc.bp(&K3BP10_CONCEALED_WALL, 2, None);
        }
    }
    if let (true, Dora::Kind(d)) = (o.dora_extra, c.dora) {
        for m in melds.iter().filter(|m| m.tile as usize == d) {
            let t = Some(m.first());
            match m.kind {
                MeldKind::Pair => acc.bp(&K3O5_DORA_PAIR, 1, t),
                MeldKind::Pung => acc.bp(&K3O5_DORA_PUNG, 2, t),
                MeldKind::Kong(_) => acc.bp(&K3O5_DORA_KONG, 6, t),
                MeldKind::Chow => {}
            }
        }
    }

    // K3-L: limit hands (K3-S6), optionally only when concealed.
    if !o.limit_hands || (o.limit_hands_concealed_only && !concealed) {
        return true;
    }
    let half = o.limit / 2;
    let full = o.limit;
    let all = &f.all;
    let pair_is = |pred: &dyn Fn(usize) -> bool| pair.is_some_and(pred);
    if regular && dragon_sets.count_ones() == 2 && pair_is(&|k| k >= RED) {
        acc.limit(&K3L1, half);
    }
    if regular && wind_sets.count_ones() == 2 && pair_is(&|k| c.wind_of(k).is_some()) {
        acc.limit(&K3L2, half);
    }
    if f.suits == BAMBOO {
        acc.limit(&K3L3, half);
    }
    if regular && every_set_major {
        acc.limit(&K3L4, half);
    }
    if regular && one_suit(f) && honour_sets > 0 && concealed {
        acc.limit(&K3L5, half);
    }
    if regular && concealed_sets == 4 {
        acc.limit(&K3L6, half);
    }
    if regular && kongs >= 3 && pair_is(&|k| k >= 27) {
        acc.limit(&K3L7, half);
    }
    if o.five_bamboo && pair == Some(BAMBOO_5) && dragon_sets & (1 << (GREEN - RED)) != 0 {
        acc.limit(&K3L8, half);
    }
    if concealed_kongs >= 3 {
        acc.limit(&K3L9, half);
    }
    if kongs == 4 {
        acc.limit(&K3L10, half);
    }
    if f.all_major {
        acc.limit(&K3L11, full);
    }
    if dragon_sets == 0b111 {
        acc.limit(&K3L12, full);
    }
    if wind_sets.count_ones() == 3 {
        acc.limit(&K3L13, full);
    }
    if o.five_bamboo && bamboo_sets == 0b11 && pair == Some(BAMBOO_5) {
        acc.limit(&K3L14, full);
    }
    if concealed_kongs == 4 {
        acc.limit(&K3L15, full);
    }
    if form == Form::ThirteenOrphans {
        acc.limit(&K3L16, full);
    }
    if hand.declared().is_empty() && one_suit(f) && !f.honours {
        let base = if f.suits == CHARACTERS { 9 } else { 18 };
        let mut before = [0u8; 9];
        before.copy_from_slice(&all[base..base + 9]);
        if let Some(x) = win.kind.checked_sub(base).filter(|&x| x < 9) {
            before[x] = before[x].saturating_sub(1);
            if before == [3, 1, 1, 1, 1, 1, 1, 1, 3] {
                acc.limit(&K3L17, full);
            }
        }
    }
    // K3-L18/L19: one suit, the dragon's pung or kong, no other honour, the pair in the suit.
    let dragon_hand = |suit: u8, base: usize, dragon: usize| {
        regular
            && f.suits == suit
            && dragon_sets == 1 << (dragon - RED)
            && (27..34).all(|k| k == dragon || all[k] == 0)
            && pair_is(&|k| (base..base + 9).contains(&k))
    };
    if dragon_hand(CIRCLES, 18, WHITE) {
        acc.limit(&K3L18, full);
    }
    if dragon_hand(CHARACTERS, 9, RED) {
        acc.limit(&K3L19, full);
    }
    if bamboo_sets == 0b11 && dragon_sets & (1 << (GREEN - RED)) != 0 {
        acc.limit(&K3L20, full);
    }
    true
}

fn same_chow(a: &Meld, b: &Meld) -> bool {
    a.kind == MeldKind::Chow && b.kind == MeldKind::Chow && a.tile == b.tile
}

/// The bonus-points that do not depend on the arrangement, with their items when `acc`
/// records them (K3-BP6 looks at the other seats' waits).
fn common_bonus(c: &Ctx, seat: usize, hand: &SeatHand, win: &Win, f: &Facts, acc: &mut Acc) {
    let o = c.o;
    let self_drawn = win.self_drawn();
    acc.bp(&K3BP1_WINNING, 2, None);
    if self_drawn {
        acc.bp(&K3BP2_WALL, 1, Some(win.tile));
    }
    if win.from == WinFrom::Wall && win.last_tile {
        acc.bp(&K3BP3_LAST, 1, Some(win.tile));
    }
    if win.from == WinFrom::Loose {
        acc.bp(&K3BP4_REPLACEMENT, 1, Some(win.tile));
    }
    if win.from == WinFrom::RobbedKong {
        acc.bp(&K3BP5_ROB, 1, Some(win.tile));
    }
    if o.others_waiting_bonus {
        for q in (0..c.table.seats).filter(|&q| q != seat) {
            if waits_on(c, q, win.kind) {
                acc.bp(&K3BP6_ALSO_WAITING, 1, Some(win.tile));
            }
        }
    }
    for t in hand.bonus_tiles().filter(|t| t.is_flower()) {
        acc.bp(&K3BP7_FLOWER, 1, Some(t));
    }
    let held = hand.flowers.count_ones();
    match c.dora {
        // K3-O5: the revealed flower is out of play; holding the other three earns what
        // all four would (8 in all: 3 × 2 + 2).
        Dora::Flowers if held == 3 => acc.bp(&K3BP8_ALL_FLOWERS, 2, None),
        _ if hand.flowers == 0b1111 => acc.bp(&K3BP8_ALL_FLOWERS, 4, None),
        _ => {}
    }
    if hand.ready {
        acc.bp(&K3BP11_READY, 2, None);
        if self_drawn {
            acc.bp(&K3BP12_READY_WALL, 2, None);
        }
    }
    if o.north
        && win.kind == NORTH
        && matches!(
            win.from,
            WinFrom::Wall | WinFrom::Loose | WinFrom::RobbedKong
        )
    {
        acc.bp(&K3O1_NORTH_WIN, 2, Some(win.tile));
    }
    match c.dora {
        Dora::Kind(d) if f.all[d] > 0 => {
            acc.bp(&K3O5_DORA, f.all[d] as u32, Some(Tile::from_kind(d)));
        }
        Dora::Flowers => {
            for t in hand.bonus_tiles().filter(|t| t.is_flower()) {
                acc.bp(&K3O5_FLOWER_DORA, 1, Some(t));
            }
        }
        _ => {}
    }
    if o.red_dora {
        match hand.red_fives {
            0 => {}
            1 => acc.bp(&K3O6_RED_FIVE, 1, None),
            _ => acc.bp(&K3O6_RED_FIVES, 6, None),
        }
    }
}

/// The best arrangement found by [`search`]: its hand-points, bonus-points (from
/// [`search`] those of the arrangement only; from [`score_winner`] all of them) and limit.
#[derive(Copy, Clone)]
struct Found {
    hp: u32,
    bp: u32,
    limit: Option<(&'static Rule, u64)>,
}

/// Why a hand is not a legal win.
#[derive(Copy, Clone, Debug)]
enum NotLegal {
    /// The winning tile is not among the hand's tiles.
    TileMissing,
    /// No four sets and a pair, seven pairs or thirteen orphans.
    NoShape,
    /// The tiles form a hand, but no set holds the winning tile.
    TileFitsNoSet,
    /// Every arrangement holds a pung of the optional North (K3-O1).
    NorthPung,
    /// The most hand-points any arrangement makes, below the minimum (K3-S1).
    Below(u32),
}

/// Sets of one candidate, in a fixed buffer.
const MAX_MELDS: usize = 16;

/// Searches every arrangement of `hand` and placement of the winning tile for the best
/// legal win (a limit hand, or at least the minimum of hand-points), comparing by the
/// value an opponent pays (`score`), then a limit hand first, then hand-points.
/// `common` is the bonus-points that do not depend on the arrangement. With
/// `Mode::Legal` it stops at the first legal candidate; with `items` the best candidate's
/// items are left there.
#[allow(clippy::too_many_arguments)]
fn search(
    c: &Ctx,
    seat: usize,
    hand: &SeatHand,
    f: &Facts,
    win: &Win,
    mode: Mode,
    common: u32,
    mut items: Option<&mut Items>,
) -> Result<Found, NotLegal> {
    if f.all[win.kind] == 0 {
        return Err(NotLegal::TileMissing);
    }
    let declared = hand.declared();
    let d_sets = declared.iter().filter(|m| m.kind != MeldKind::Pair).count();
    let d_pairs = declared.len() - d_sets;
    if d_sets > 4 || d_pairs > 1 {
        return Err(NotLegal::NoShape);
    }
    // A declared pair stands in for the arrangement's pair.
    let declared_pair = declared.iter().find(|m| m.kind == MeldKind::Pair).copied();
    let mut conc = hand.concealed;
    if let Some(p) = declared_pair {
        conc[p.tile as usize] += 2;
    }
    let claimed = !win.self_drawn();
    let w = who(c, seat);
    let hp_only = c.o.three_ready == ThreeReady::HandPointsOnly && c.all_ready();
    let min = c.o.min_hand_points;

    let mut any_shape = false;
    let mut any_placement = false;
    let mut best: Option<(Found, (u64, bool, u32))> = None;
    let mut max_hp: Option<u32> = None;
    // Only a caller that wants items pays for a buffer.
    let mut scratch = items.is_some().then_some(Items::EMPTY);
    for_each_arrangement(&conc, 4 - d_sets, c.shape, declared.is_empty(), |a| {
        if mode == Mode::Legal && best.is_some() {
            return;
        }
        if let Some(p) = declared_pair {
            let ok = a.form == Form::Regular
                && a.sets()
                    .iter()
                    .any(|m| m.kind == MeldKind::Pair && m.tile == p.tile);
            if !ok {
                return;
            }
        }
        any_shape = true;
        let mut melds = [Meld::new(MeldKind::Pair, 0, false); MAX_MELDS];
        let mut n = 0;
        for m in declared {
            melds[n] = *m;
            n += 1;
        }
        for m in a.sets() {
            if declared_pair.is_some() && m.kind == MeldKind::Pair {
                continue; // the declared pair is already listed
            }
            melds[n] = *m;
            n += 1;
        }
        let mut consider = |melds: &[Meld], completed: usize| {
            any_placement = true;
            if let Some(s) = scratch.as_mut() {
                s.clear();
            }
            let mut acc = Acc {
                hp: 0,
                bp: 0,
                limit: None,
                limit_at: None,
                items: scratch.as_mut(),
            };
            if !candidate(c, &w, hand, win, f, melds, completed, a.form, &mut acc) {
                return;
            }
            let limit_at = acc.limit_at;
            let mut found = Found {
                hp: acc.hp,
                bp: acc.bp,
                limit: acc.limit,
            };
            max_hp = max_hp.max(Some(found.hp));
            let enough = found.hp >= min;
            if found.limit.is_none() && !enough {
                return;
            }
            let ordinary = if hp_only {
                found.hp as u64
            } else {
                (found.hp + found.bp + common) as u64
            };
            // A limit hand is worth at least the limit: one whose ordinary count (meeting
            // the minimum) is higher scores as an ordinary hand.
            let score = match found.limit {
                Some((_, v)) if !enough || ordinary <= v => v,
                Some(_) => {
                    found.limit = None;
                    if let (Some(at), Some(s)) = (limit_at, scratch.as_mut()) {
                        s.truncate(at);
                    }
                    ordinary
                }
                None => ordinary,
            };
            let key = (score, found.limit.is_some(), found.hp);
            if best.is_none_or(|(_, k)| key > k) {
                best = Some((found, key));
                if let (Some(out), Some(s)) = (items.as_deref_mut(), scratch.as_ref()) {
                    *out = *s;
                }
            }
        };
        if a.form == Form::ThirteenOrphans {
            consider(&melds[..n], usize::MAX);
            return;
        }
        // Identical arranged sets (two equal chows) are one choice, not two.
        let mut tried = [(MeldKind::Pair, u8::MAX); MAX_MELDS];
        let mut n_tried = 0;
        for i in 0..n {
            let m = melds[i];
            if !m.contains(win.kind) {
                continue;
            }
            let declared_set = i < declared.len();
            if !declared_set {
                if tried[..n_tried].contains(&(m.kind, m.tile)) {
                    continue;
                }
                tried[n_tried] = (m.kind, m.tile);
                n_tried += 1;
            }
            let mut placed = melds;
            if claimed && !declared_set {
                // The winning tile from a discard exposes the set it completes.
                placed[i].exposed = true;
            }
            consider(&placed[..n], i);
        }
    });
    match (best, max_hp) {
        (Some((found, _)), _) => Ok(found),
        _ if !any_shape => Err(NotLegal::NoShape),
        _ if !any_placement => Err(NotLegal::TileFitsNoSet),
        (None, None) => Err(NotLegal::NorthPung),
        (None, Some(hp)) => Err(NotLegal::Below(hp)),
    }
}

/// Whether seat `q` (not the winner) is one tile from a legal hand by drawing tile kind
/// `k`: the K3-P9 / footnote-5 "waiting" (a legal hand meeting the minimum; judged as a
/// win from the wall, the most a player can make of that tile).
fn completes_legally(c: &Ctx, q: usize, hand: &SeatHand, k: usize) -> bool {
    let mut h = *hand;
    h.concealed[k] += 1;
    let win = Win::new(Tile::from_kind(k), WinFrom::Wall, None);
    search(c, q, &h, &facts(&h), &win, Mode::Legal, 0, None).is_ok()
}

/// The tile kinds seat `q`'s hand waits on (shape only), all copies seen by `visible`
/// left out.
fn raw_waits(c: &Ctx, q: usize, visible: Option<&Counts>) -> mahjong_hands::KindMask {
    let hand = &c.table.hands[q];
    let declared = hand.declared();
    let d_sets = declared.iter().filter(|m| m.kind != MeldKind::Pair).count();
    let mut conc = hand.concealed;
    let mut pairs = 0;
    for m in declared.iter().filter(|m| m.kind == MeldKind::Pair) {
        conc[m.tile as usize] += 2;
        pairs += 1;
    }
    if d_sets > 4 || pairs > 1 {
        return mahjong_hands::KindMask::EMPTY;
    }
    waits(&conc, d_sets, c.shape, declared.is_empty(), visible)
}

/// K3-BP6: seat `q` was also waiting on the winning tile kind `k`.
fn waits_on(c: &Ctx, q: usize, k: usize) -> bool {
    raw_waits(c, q, None).contains(k) && completes_legally(c, q, &c.table.hands[q], k)
}

/// K3-S5 (`ready_discount = "waiting"`): seat `q` was one tile from a legal hand meeting
/// the minimum, on a tile not all of whose copies are seen (footnote 5: a wait on a tile
/// already gone is no wait).
fn is_waiting(c: &Ctx, q: usize) -> bool {
    let hand = &c.table.hands[q];
    let mut visible = c.table.visible;
    for (v, &n) in visible.iter_mut().zip(hand.concealed.iter()) {
        *v = v.saturating_add(n);
    }
    raw_waits(c, q, Some(&visible))
        .iter()
        .any(|k| completes_legally(c, q, hand, k))
}

/// Whether seat `q` counts as ready for K3-S5.
fn was_ready(c: &Ctx, q: usize) -> bool {
    match c.o.ready_discount {
        ReadyDiscount::Declared => c.table.hands[q].ready,
        ReadyDiscount::Waiting => is_waiting(c, q),
    }
}

/// Scores the winner: hand-points, all bonus-points and the limit, with the items in
/// `out` when given.
fn score_winner(c: &Ctx, seat: usize, mut out: Option<&mut Items>) -> Result<Found, NotLegal> {
    let hand = &c.table.hands[seat];
    let win = c.table.win.as_ref().expect("a winner has a win");
    let f = facts(hand);
    let mut common_items = out.is_some().then_some(Items::EMPTY);
    let mut acc = Acc {
        hp: 0,
        bp: 0,
        limit: None,
        limit_at: None,
        items: common_items.as_mut(),
    };
    common_bonus(c, seat, hand, win, &f, &mut acc);
    let common = acc.bp;
    let mode = if out.is_some() {
        Mode::Full
    } else {
        Mode::Rank
    };
    let found = search(c, seat, hand, &f, win, mode, common, out.as_deref_mut())?;
    if let (Some(out), Some(common)) = (out, common_items) {
        for it in common.as_slice() {
            out.push(*it);
        }
    }
    Ok(Found {
        bp: found.bp + common,
        ..found
    })
}

fn not_legal_error(c: &Ctx, seat: usize, why: NotLegal, ruleset_name: &str) -> InputError {
    let win = c.table.win.as_ref().expect("a winner has a win");
    let l = c.letter(seat);
    let illegal = |what: &str| {
        InputError::new(
            "winner",
            format!("{l}: not a legal Mah-Jongg under {ruleset_name}: {what}"),
        )
    };
    match why {
        NotLegal::TileMissing => InputError::new(
            "win.tile",
            format!("{} is not in the winner's hand", win.tile),
        ),
        NotLegal::TileFitsNoSet => InputError::new(
            "win.tile",
            format!(
                "{} does not complete any set of the winner's hand",
                win.tile
            ),
        ),
        NotLegal::NoShape => {
            illegal("the tiles do not form four sets and a pair, seven pairs or thirteen orphans")
        }
        NotLegal::NorthPung => illegal("North may be a pair or a kong, never a pung (K3-O1)"),
        NotLegal::Below(hp) => InputError::new(
            "winner",
            format!(
                "{l}: {hp} hand-point{}, below the minimum of {} (K3-S1)",
                if hp == 1 { "" } else { "s" },
                c.o.min_hand_points
            ),
        ),
    }
}

/// How a possible win ranks (K3-P7: hand-points, then bonus-points), or `None` when the
/// hand is not a legal win (not complete, below the minimum K3-S1, a North pung K3-O1, or
/// every seat declared ready with `three_ready = "draw"`).
///
/// For a limit hand the first number is the limit or half limit and the second 0 (no
/// other points); with `three_ready = "hand-points-only"` and every seat ready the second
/// is 0. Equal to `(score, 0)` for a limit hand and `(points, score − points)` otherwise,
/// of what [`crate::score_seat`] gives the same seat.
pub(crate) fn win_rank(
    table: &Table,
    seat: usize,
    o: &KoreanOptions,
    shape: &Shape,
) -> Option<(u64, u64)> {
    let c = Ctx::new(table, o, shape);
    if table.winner != Some(seat) || table.win.is_none() {
        return None;
    }
    if o.three_ready == ThreeReady::Draw && c.all_ready() {
        return None;
    }
    let Found { hp, bp, limit } = score_winner(&c, seat, None).ok()?;
    let hp_only = o.three_ready == ThreeReady::HandPointsOnly && c.all_ready();
    Some(match limit {
        Some((_, v)) => (v, 0),
        None if hp_only => (hp as u64, 0),
        None => (hp as u64, bp as u64),
    })
}

/// K3-P3: a chow is never claimed but with the winning tile, so a seat's only exposed chow
/// is the winner's set that the winning discard completed (`Table::winning_set`).
fn check_chows(table: &Table, seat: usize) -> Result<(), InputError> {
    let winning = match (table.winner, table.win.as_ref()) {
        (Some(w), Some(win)) if w == seat && !win.self_drawn() => table.winning_set,
        _ => None,
    };
    for (j, m) in table.hands[seat].declared().iter().enumerate() {
        if m.kind == MeldKind::Chow && m.exposed && winning != Some(j as u8) {
            let key = ["E", "S", "W", "N"][seat];
            return Err(InputError::new(
                format!("seats.{key}.sets[{j}]"),
                "an exposed chow, claimed other than with the winning discard: a chow is \
                 claimed only to win (K3-P3)",
            ));
        }
    }
    Ok(())
}

/// Scores one seat: the winner's items, or nothing for a loser (only the winner scores).
pub(crate) fn score_one_seat(
    table: &Table,
    seat: usize,
    o: &KoreanOptions,
    shape: &Shape,
    ruleset_name: &str,
    out: &mut SeatScore,
) -> Result<(), InputError> {
    *out = SeatScore::ZERO;
    check_chows(table, seat)?;
    if table.winner != Some(seat) {
        return Ok(());
    }
    let c = Ctx::new(table, o, shape);
    if table.dora_indicator.is_some() && !o.dora {
        return Err(InputError::new(
            "dora_indicator",
            "the ruleset reveals no dora indicator (option dora is off)",
        ));
    }
    let all_ready = c.all_ready();
    if o.three_ready == ThreeReady::Draw && all_ready {
        return Err(InputError::new(
            "winner",
            "every seat declared ready: the hand is a draw (three_ready = \"draw\")",
        ));
    }
    let Found { hp, bp, limit } = score_winner(&c, seat, Some(&mut out.items))
        .map_err(|why| not_legal_error(&c, seat, why, ruleset_name))?;
    let hp_only = o.three_ready == ThreeReady::HandPointsOnly && all_ready;
    let note = |out: &mut SeatScore, rule: &'static Rule, points: u64, tile: Option<Tile>| {
        out.items.push(Item {
            rule,
            points: points.min(u16::MAX as u64) as u16,
            doubles: 0,
            limit: false,
            tile,
        })
    };
    if hp_only {
        note(out, &K3O4_HAND_POINTS_ONLY, 0, None);
    }
    // K3-S5: ready opponents pay 2 bonus-points less (the bonus-points K3-BP1 counts);
    // only where bonus-points are paid.
    if limit.is_none() && !hp_only {
        for q in (0..table.seats).filter(|&q| q != seat) {
            if was_ready(&c, q) {
                note(out, &K3S5_READY_OPPONENT, 2, Some(c.winds[q].tile()));
            }
        }
    }
    let goulash = o.goulash_for(table.goulash);
    if goulash > 0 {
        note(out, &K3M2_GOULASH, goulash, None);
    }
    out.items.sort_by_rule();
    out.points = hp as u64;
    out.doubles = 0;
    out.limit = limit.map(|(r, _)| r);
    out.score = match limit {
        Some((_, v)) => v,
        None if hp_only => hp as u64,
        None => (hp + bp) as u64,
    };
    Ok(())
}

/// Payments K3-S3–S6 and the K3-M2 goulash bonus, from the winner's score.
///
/// - K3-S3 self-drawn: each opponent pays hand-points + bonus-points.
/// - K3-S4 on a discard (a robbed kong counts as the konger's discard): `double-hand`: the
///   discarder pays double the hand-points and his bonus-points, the other his
///   bonus-points; `bonus-for-other`: the discarder pays the hand-points, his bonus-points
///   and the other's, the other only the hand-points.
/// - K3-S5: an opponent named by a `K3-S5` item pays 2 bonus-points less (the discarder's
///   payment for him too).
/// - K3-S6 limit hands: the limit value from each opponent, double from the discarder.
/// - K3-M2: the goulash bonus from each opponent on top.
///
/// A washout settles nothing.
pub fn settle_korean(table: &Table, scores: &[SeatScore; 4], o: &KoreanOptions) -> Payments {
    let mut pay = Payments::EMPTY;
    let (Some(w), Some(win)) = (table.winner, table.win.as_ref()) else {
        return pay;
    };
    let winds = seat_winds(o);
    let sc = &scores[w];
    let limit = sc.limit.is_some();
    let (hp, bp) = if limit {
        (sc.score, 0)
    } else {
        (sc.points, sc.score.saturating_sub(sc.points))
    };
    let ready = |q: usize| {
        sc.items.as_slice().iter().any(|it| {
            std::ptr::eq(it.rule, &K3S5_READY_OPPONENT) && it.tile == Some(winds[q].tile())
        })
    };
    let bp_of = |q: usize| {
        if ready(q) {
            bp.saturating_sub(2)
        } else {
            bp
        }
    };
    let discarder = match win.from {
        WinFrom::Discard | WinFrom::RobbedKong => win.supplier,
        WinFrom::Wall | WinFrom::Loose => None,
    };
    let goulash = o.goulash_for(table.goulash);
    let losers = || (0..table.seats.min(4)).filter(|&q| q != w);
    for q in losers() {
        let owed = match discarder {
            None => hp.saturating_add(bp_of(q)),
            Some(d) if limit => {
                if q == d {
                    hp.saturating_mul(2)
                } else {
                    hp
                }
            }
            Some(d) => match (o.discard_payment, q == d) {
                (DiscardPayment::DoubleHand, true) => hp.saturating_mul(2).saturating_add(bp_of(q)),
                (DiscardPayment::DoubleHand, false) => bp_of(q),
                (DiscardPayment::BonusForOther, true) => {
                    hp.saturating_add(losers().map(bp_of).sum::<u64>())
                }
                (DiscardPayment::BonusForOther, false) => hp,
            },
        };
        pay.push(q, w, owed.saturating_add(goulash));
    }
    pay
}
