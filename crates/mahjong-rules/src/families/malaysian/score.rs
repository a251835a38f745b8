//! The scorer of the Malaysian three-player game (`malaysian-3p.md`): the fan of the bonus
//! tiles (MY3-B) and of the hand (MY3-F), the joker fan (MY3-J8), the limit hands and the
//! cap (MY3-L), the minimum (MY3-S1), read as MY3-X says.
//!
//! The winner's [`SeatScore`]: `points` = the fan after the cap (10, or 10 per limit hand
//! with `stack_limits`), `score` = the base B of the payments (MY3-PAY1: 20 points a fan,
//! or doubling; a limit hand doubled with `limit_payment_double`), `limit` = the limit hand
//! (a `MY3-L1` variant) or `MY3-L2` when ordinary fan were capped. Each item's `points` is
//! its fan (`limit` set on a limit hand's items, 10 fan each). Losers score nothing: bonus
//! tiles score only for their owner's win. Scoring never allocates (only an error message
//! does).
//!
//! Jokers stand for whatever gives the hand its highest score (MY3-X1): the winner's
//! concealed tiles and jokers are arranged every way the joker limits allow
//! ([`for_each_joker_arrangement`]), each arrangement is scored with the declared sets, and
//! the best counts (most value, then most limit hands, then most fan).

use mahjong_hands::{for_each_joker_arrangement, Counts, Form, KongKind, Meld, MeldKind, Shape};
use mahjong_tiles::{Tile, Wind, KINDS};

use super::{FanToPoints, FlowerGroup, MalaysianOptions};
use crate::score::{rules, Item, Rule, SeatScore};
use crate::table::{BonusGroup, InputError, SeatHand, Table, WinFrom};

rules! {
    ALL;
    F1_DRAGON = "MY3-F1", "pung of dragons";
    F2_SEAT_WIND = "MY3-F2", "pung of own wind";
    F3_NORTH = "MY3-F3", "pung of North";
    F4_PREVAILING = "MY3-F4", "pung of the prevailing wind";
    F5_SMALL_DRAGONS = "MY3-F5", "small three dragons";
    F6_HALF_FLUSH = "MY3-F6", "half flush";
    F7_FULL_FLUSH = "MY3-F7", "full flush";
    F8_ALL_PUNGS = "MY3-F8", "all pungs";
    F9_ALL_CHOWS = "MY3-F9", "four chows and a circles pair";
    F10_KONG_LOOSE = "MY3-F10", "win on a kong replacement";
    F11_ROBBING = "MY3-F11", "robbing a kong";
    F12_SEVEN_PAIRS = "MY3-F12", "seven pairs";
    B1_FACE = "MY3-B1", "face";
    B2_FACES = "MY3-B2", "all four faces";
    B3_ANIMAL = "MY3-B3", "animal";
    B4_ANIMALS = "MY3-B4", "all four animals";
    B5_OWN = "MY3-B5", "own flower or season";
    B6_FOURTH = "MY3-B6", "flower or season number 4";
    B7_FLOWERS = "MY3-B7", "all four flowers", named;
    B7_SEASONS = "MY3-B7", "all four seasons", named;
    B8_JOKER = "MY3-B8", "joker exposed as a bonus tile";
    B9_BONUS_LOOSE = "MY3-B9", "win on a bonus-tile replacement";
    J8_JOKER_HELD = "MY3-J8", "joker held";
    L1_BIG_DRAGONS = "MY3-L1", "big three dragons", named;
    L1_SMALL_WINDS = "MY3-L1", "small four winds", named;
    L1_BIG_WINDS = "MY3-L1", "big four winds", named;
    L1_FOUR_KONGS = "MY3-L1", "four kongs", named;
    L1_KONG_UPON_KONG = "MY3-L1", "kong upon kong", named;
    L1_CONCEALED_PUNGS = "MY3-L1", "four concealed pungs", named;
    L1_HEAVEN = "MY3-L1", "heavenly hand", named;
    L1_EARTH = "MY3-L1", "earthly hand", named;
    L1_LAST_TILE = "MY3-L1", "last tile of the wall", named;
    L1_FOUR_JOKERS = "MY3-L1", "four jokers exposed", named;
    L1_FOUR_JOKERS_DEALT = "MY3-L1", "four jokers in the starting hand", named;
    L1_NO_BONUS = "MY3-L1", "no bonus tiles", named;
    L1_ALL_BONUS = "MY3-L1", "all sixteen bonus tiles", named;
    L1_ALL_HONOURS = "MY3-L1", "all honours", named;
    L1_NINE_GATES = "MY3-L1", "Nine Gates", named;
    L2_CAP = "MY3-L2", "limit reached";
    I1_GROUP = "MY3-I1", "group of four bonus tiles";
    I2_CLAIMED_KONG = "MY3-I2", "kong claimed from a discard";
    I3_ADDED_KONG = "MY3-I3", "added kong";
    I4_CONCEALED_KONG = "MY3-I4", "concealed kong";
}

/// Fan a limit hand counts (MY3-L1, L2).
pub const LIMIT_FAN: u32 = 10;
/// Points a fan (MY3-PAY1: 20 points = 1 fan).
pub const POINTS_PER_FAN: u64 = 20;

const CIRCLES: std::ops::Range<usize> = 18..27;
const EAST: usize = 27;
const NORTH: usize = 30;
const RED: usize = 31;
const WHITE: usize = 33;

fn is_wind(k: usize) -> bool {
    (EAST..=NORTH).contains(&k)
}

fn is_dragon(k: usize) -> bool {
    (RED..=WHITE).contains(&k)
}

/// MY3-PAY1, MY3-X6: the base B of `fan` (saturating: stacked limits under doubling).
pub fn base(fan: u32, how: FanToPoints) -> u64 {
    match how {
        FanToPoints::Linear => POINTS_PER_FAN * fan as u64,
        FanToPoints::Doubling if fan == 0 => 0,
        FanToPoints::Doubling => POINTS_PER_FAN.saturating_mul(2u64.saturating_pow(fan - 1)),
    }
}

/// A scored element before it becomes an [`Item`]: rule, fan, a limit hand, tile.
type Part = (&'static Rule, u8, bool, Option<Tile>);

/// The fan and limit hands of one part of the hand (the arrangement-free part, or one
/// arrangement), with their items.
#[derive(Copy, Clone)]
struct Eval {
    parts: [Part; 32],
    n: usize,
    fan: u32,
    limits: u32,
    dragon_pungs: u8,
    wind_pungs: u8,
}

impl Eval {
    const EMPTY: Eval = Eval {
        parts: [(&F1_DRAGON, 0, false, None); 32],
        n: 0,
        fan: 0,
        limits: 0,
        dragon_pungs: 0,
        wind_pungs: 0,
    };

    fn fan(&mut self, rule: &'static Rule, fan: u8, tile: Option<Tile>) {
        if self.n < self.parts.len() {
            self.parts[self.n] = (rule, fan, false, tile);
            self.n += 1;
        }
        self.fan += fan as u32;
    }

    fn limit(&mut self, rule: &'static Rule) {
        if self.n < self.parts.len() {
            self.parts[self.n] = (rule, LIMIT_FAN as u8, true, None);
            self.n += 1;
        }
        self.limits += 1;
    }
}

/// The value of a hand of `limits` limit hands and `fan` ordinary fan (MY3-L2): 10 (or 10
/// per limit hand when they stack) for a limit hand, else the fan capped at 10.
fn capped(limits: u32, fan: u32, o: &MalaysianOptions) -> u32 {
    match limits {
        0 => fan.min(LIMIT_FAN),
        n if o.stack_limits => n * LIMIT_FAN,
        _ => LIMIT_FAN,
    }
}

/// One arrangement of the winner's hand: every set (declared, then arranged) with the
/// jokers in it, and its form.
struct Reading {
    sets: [(Meld, u8); 8],
    len: usize,
    form: Form,
}

/// The facts every arrangement of the winner's hand shares.
struct Ctx<'a> {
    table: &'a Table,
    o: &'a MalaysianOptions,
    seat: usize,
    self_drawn: bool,
    win_kind: usize,
    /// Whether the winning tile was claimed into a declared set (`table.winning_set`).
    win_declared: bool,
    /// Only concealed sets declared (no exposed set, no kong): Nine Gates is possible.
    concealed_hand: bool,
}

impl Ctx<'_> {
    /// MY3-F, MY3-L1: the fan and limit hands one arrangement gives.
    fn eval(&self, r: &Reading) -> Eval {
        let mut e = Eval::EMPTY;
        let sets = &r.sets[..r.len];
        let mut all = [0u8; KINDS];
        let mut pungs = [false; KINDS];
        let mut n_pungs = 0;
        let mut n_chows = 0;
        let mut concealed_pungs = 0;
        let mut pair: Option<(usize, u8)> = None;
        for &(m, jokers) in sets {
            m.add_to(&mut all);
            let t = m.tile as usize;
            match m.kind {
                MeldKind::Chow => n_chows += 1,
                MeldKind::Pair => pair = Some((t, jokers)),
                MeldKind::Pung | MeldKind::Kong(_) => {
                    pungs[t] = true;
                    n_pungs += 1;
                    concealed_pungs += !m.exposed as u32;
                }
            }
        }
        let regular = r.form == Form::Regular;
        let circles = CIRCLES.clone().any(|k| all[k] > 0);
        let honours = (EAST..KINDS).any(|k| all[k] > 0);
        let dragons = (RED..=WHITE).filter(|&k| pungs[k]).count() as u8;
        let winds = (EAST..=NORTH).filter(|&k| pungs[k]).count() as u8;
        let pair_kind = pair.map(|(k, _)| k);
        e.dragon_pungs = dragons;
        e.wind_pungs = winds;

        // MY3-L1: the limit hands an arrangement decides.
        if dragons == 3 {
            e.limit(&L1_BIG_DRAGONS);
        }
        if winds == 4 {
            e.limit(&L1_BIG_WINDS);
        } else if winds == 3 && pair_kind.is_some_and(is_wind) {
            e.limit(&L1_SMALL_WINDS);
        }
        if regular && n_pungs == 4 {
            // MY3-X5: a pung the winning discard completed is not concealed; the winning
            // tile goes into the pair when the pair holds a natural one.
            let into_pair = pair.is_some_and(|(k, j)| k == self.win_kind && j < 2);
            let mut concealed = concealed_pungs;
            if !self.self_drawn && !self.win_declared && !into_pair {
                concealed = concealed.saturating_sub(1);
            }
            if concealed == 4 && (self.self_drawn || !self.o.concealed_pungs_self_drawn) {
                e.limit(&L1_CONCEALED_PUNGS);
            }
        }
        if !circles {
            e.limit(&L1_ALL_HONOURS);
        }
        if regular && self.concealed_hand && self.self_drawn && nine_gates(&all) {
            e.limit(&L1_NINE_GATES);
        }

        // MY3-F: the fan of the hand.
        if dragons == 2 && pair_kind.is_some_and(is_dragon) {
            e.fan(&F5_SMALL_DRAGONS, 3, None);
        } else {
            for k in (RED..=WHITE).filter(|&k| pungs[k]) {
                e.fan(&F1_DRAGON, 1, Some(Tile::from_kind(k)));
            }
        }
        let own = EAST + self.seat;
        let prevailing = EAST + self.table.prevailing.index();
        if pungs[own] {
            e.fan(&F2_SEAT_WIND, 1, Some(Tile::from_kind(own)));
        }
        if pungs[NORTH] {
            e.fan(&F3_NORTH, 1, Some(Tile::NORTH));
        }
        if pungs[prevailing] {
            e.fan(&F4_PREVAILING, 1, Some(Tile::from_kind(prevailing)));
        }
        if circles && honours {
            e.fan(&F6_HALF_FLUSH, 1, None);
        } else if circles {
            e.fan(&F7_FULL_FLUSH, 3, None);
        }
        if regular && n_pungs == 4 {
            e.fan(&F8_ALL_PUNGS, 2, None);
        }
        if regular && n_chows == 4 && pair_kind.is_some_and(|k| CIRCLES.contains(&k)) {
            e.fan(&F9_ALL_CHOWS, 1, None);
        }
        if r.form == Form::SevenPairs {
            e.fan(&F12_SEVEN_PAIRS, 1, None);
        }
        e
    }
}

/// MY3-L1 (S3): 1112345678999 of circles and one more circle.
fn nine_gates(all: &Counts) -> bool {
    let total: u8 = all.iter().sum();
    let inside: u8 = all[CIRCLES].iter().sum();
    let s = CIRCLES.start;
    total == 14
        && inside == 14
        && all[s] >= 3
        && all[s + 8] >= 3
        && (s + 1..s + 8).all(|k| all[k] >= 1)
}

/// MY3-B, MY3-J8, MY3-F10/F11, MY3-B9 and the limit hands no arrangement changes (MY3-L1:
/// four kongs, kong upon kong, the timing hands, the bonus-tile hands).
fn fixed_part(table: &Table, seat: usize, o: &MalaysianOptions) -> Eval {
    let mut e = Eval::EMPTY;
    let hand = &table.hands[seat];
    let win = table.win.expect("a winner has a win");
    let kongs = hand.declared().iter().filter(|m| m.is_kong()).count();

    // MY3-L1.
    if kongs == 4 {
        e.limit(&L1_FOUR_KONGS);
    }
    if win.kong_upon_kong {
        e.limit(&L1_KONG_UPON_KONG);
    }
    if win.heaven {
        e.limit(&L1_HEAVEN);
    }
    if win.earth {
        e.limit(&L1_EARTH);
    }
    if win.last_tile && win.from == WinFrom::Wall {
        e.limit(&L1_LAST_TILE);
    }
    if hand.bonus_jokers >= 4 {
        e.limit(&L1_FOUR_JOKERS);
    }
    if hand.bonus_count() == 0 {
        e.limit(&L1_NO_BONUS);
    }
    if hand.bonus_count() == 16 {
        e.limit(&L1_ALL_BONUS);
    }

    // MY3-F10, F11, B9 (MY3-X6: a replacement tile is a kong's when the winner has a kong).
    match win.from {
        WinFrom::Loose if kongs > 0 => e.fan(&F10_KONG_LOOSE, 1, None),
        WinFrom::Loose => e.fan(&B9_BONUS_LOOSE, 1, None),
        WinFrom::RobbedKong => e.fan(&F11_ROBBING, 1, None),
        _ => {}
    }

    // MY3-B1–B4: faces and animals, anyone's.
    for (group, each, all4) in [
        (BonusGroup::Faces, &B1_FACE, &B2_FACES),
        (BonusGroup::Animals, &B3_ANIMAL, &B4_ANIMALS),
    ] {
        let held = group.held(hand);
        for n in (1..=4u8).filter(|n| held >> (n - 1) & 1 == 1) {
            e.fan(each, 1, Some(group.tile(n)));
        }
        if held == 0b1111 {
            e.fan(all4, 1, None);
        }
    }
    // MY3-B5–B7: flowers and seasons of one's seat number, number 4, whole groups.
    let own = seat as u8 + 1;
    for (group, whole) in [
        (BonusGroup::Flowers, &B7_FLOWERS),
        (BonusGroup::Seasons, &B7_SEASONS),
    ] {
        let held = group.held(hand);
        if held == 0b1111 && o.flower_group == FlowerGroup::FourTotal {
            e.fan(whole, 4, None);
            continue;
        }
        if held >> (own - 1) & 1 == 1 {
            e.fan(&B5_OWN, 1, Some(group.tile(own)));
        }
        if held & 0b1000 != 0 && o.fourth_flower_counts {
            e.fan(&B6_FOURTH, 1, Some(group.tile(4)));
        }
        if held == 0b1111 {
            e.fan(whole, 1, None);
        }
    }
    // MY3-B8: each joker exposed as a bonus tile.
    for _ in 0..hand.bonus_jokers {
        e.fan(&B8_JOKER, 1, Some(Tile::JOKER));
    }
    // MY3-J8 (option): a joker held in the hand or its sets.
    if o.joker_held_fan && hand.jokers + hand.set_jokers > 0 {
        e.fan(&J8_JOKER_HELD, 1, Some(Tile::JOKER));
    }
    e
}

/// Scores seat `seat`: nothing for a loser (MY3-B: bonus tiles score only for a win); the
/// winner's fan, limit and base (MY3-X1, X6), refused below the minimum (MY3-S1).
pub(crate) fn score_one_seat(
    table: &Table,
    seat: usize,
    o: &MalaysianOptions,
    shape: &Shape,
    out: &mut SeatScore,
) -> Result<(), InputError> {
    *out = SeatScore::ZERO;
    let key = ["E", "S", "W", "N"][seat];
    if seat == 0 && table.prevailing != Wind::East && !o.rotating_prevailing_wind {
        return Err(InputError::new(
            "prevailing_wind",
            "the prevailing wind stays East all game (MY3-M2; option rotating_prevailing_wind)",
        ));
    }
    if table.winner != Some(seat) {
        return Ok(());
    }
    let hand = &table.hands[seat];
    let win = table.win.expect("a winner has a win");
    let kongs = hand.declared().iter().filter(|m| m.is_kong()).count();
    if win.kong_upon_kong && kongs < 2 {
        return Err(InputError::new(
            "win.kong_upon_kong",
            "a win on the replacement after two or more kongs in a row (MY3-L1): the winner \
             declared fewer than two kongs",
        ));
    }

    // The declared sets stay as declared; a declared pair goes back among the tiles the
    // scorer arranges.
    let mut pool = hand.concealed;
    let mut pool_jokers = hand.jokers;
    let mut reading = Reading {
        sets: [(Meld::new(MeldKind::Pair, 0, false), 0); 8],
        len: 0,
        form: Form::Regular,
    };
    let mut concealed_hand = true;
    for (j, m) in hand.declared().iter().enumerate() {
        let jokers = hand.meld_jokers(j);
        if m.kind == MeldKind::Pair {
            pool[m.tile as usize] += 2 - jokers.min(2);
            pool_jokers += jokers;
            continue;
        }
        concealed_hand &= !m.exposed && !m.is_kong();
        reading.sets[reading.len] = (*m, jokers);
        reading.len += 1;
    }
    let fixed = reading.len;
    if fixed > 4 {
        return Err(InputError::new(
            format!("seats.{key}.sets"),
            format!("{fixed} sets: a winning hand has four sets and a pair"),
        ));
    }
    let ctx = Ctx {
        table,
        o,
        seat,
        self_drawn: win.self_drawn(),
        win_kind: win.kind,
        win_declared: table.winning_set.is_some(),
        concealed_hand,
    };
    let base_part = fixed_part(table, seat, o);
    let rules = super::joker_rules(o);
    let mut best: Option<(u32, u32, u32, Eval)> = None;
    for_each_joker_arrangement(
        &pool,
        pool_jokers,
        4 - fixed,
        shape,
        rules,
        o.seven_pairs && fixed == 0,
        |a| {
            reading.len = fixed;
            for s in a.sets() {
                reading.sets[reading.len] = (s.meld, s.jokers);
                reading.len += 1;
            }
            reading.form = a.form;
            let e = ctx.eval(&reading);
            let limits = base_part.limits + e.limits;
            let fan = base_part.fan + e.fan;
            let key = (capped(limits, fan, o), limits, fan);
            if best.as_ref().is_none_or(|b| key > (b.0, b.1, b.2)) {
                best = Some((key.0, key.1, key.2, e));
            }
        },
    );
    let Some((value, limits, fan, hand_part)) = best else {
        return Err(InputError::new(
            format!("seats.{key}"),
            "the winner's tiles are not a complete hand: four sets and a pair, jokers within \
             MY3-J (every set a natural tile, a pung at most 2 jokers, a chow 1, a kong none)",
        ));
    };
    if let Some(c) = table.cannon {
        if hand_part.dragon_pungs < 3 && hand_part.wind_pungs < 4 {
            return Err(InputError::new(
                "cannon",
                format!(
                    "{} is liable (MY3-L3) only for the discard that gave the third dragon pung \
                     or the fourth wind pung: the winner holds neither",
                    ["E", "S", "W", "N"][c]
                ),
            ));
        }
    }
    if limits == 0 && fan < o.min_fan as u32 {
        return Err(InputError::new(
            format!("seats.{key}"),
            format!(
                "{fan} fan, below the minimum of {} (MY3-S1): not a legal win",
                o.min_fan
            ),
        ));
    }

    let mut first_limit = None;
    for part in [&hand_part, &base_part] {
        for &(rule, points, limit, tile) in &part.parts[..part.n] {
            // A limit hand is paid by its limit hands alone (MY3-L2, MY3-X6).
            if limits > 0 && !limit {
                continue;
            }
            if limit && first_limit.is_none() {
                first_limit = Some(rule);
            }
            out.items.push(Item {
                rule,
                points: points as u16,
                doubles: 0,
                limit,
                tile,
            });
        }
    }
    out.points = value as u64;
    out.limit = match first_limit {
        Some(r) => Some(r),
        None if fan > LIMIT_FAN => Some(&L2_CAP),
        None => None,
    };
    let double = limits > 0 && o.limit_payment_double;
    out.score = base(value, o.fan_to_points) * if double { 2 } else { 1 };
    Ok(())
}

/// MY3-J6 (option `four_joker_instant_win`): a starting hand with four jokers wins at once
/// as a self-drawn limit hand. Its one item is that limit (10 fan, and B as any limit
/// hand: doubled with `limit_payment_double`); nothing else is scored, as no hand was
/// made. Losers score nothing.
pub(crate) fn score_dealt_win(
    table: &Table,
    seat: usize,
    o: &MalaysianOptions,
    scores: &mut [SeatScore; 4],
) -> Result<(), InputError> {
    let key = ["E", "S", "W", "N"][seat.min(3)];
    if !o.four_joker_instant_win {
        return Err(InputError::new(
            "options.four_joker_instant_win",
            "a hand wins as dealt only with option four_joker_instant_win (MY3-J6)",
        ));
    }
    if seat >= table.seats || table.hands[seat].jokers != 4 {
        return Err(InputError::new(
            format!("seats.{key}"),
            "a hand wins as dealt only with four jokers among its concealed tiles (MY3-J6)",
        ));
    }
    *scores = [SeatScore::ZERO; 4];
    let out = &mut scores[seat];
    out.items.push(Item {
        rule: &L1_FOUR_JOKERS_DEALT,
        points: LIMIT_FAN as u16,
        doubles: 0,
        limit: true,
        tile: Some(Tile::JOKER),
    });
    out.points = LIMIT_FAN as u64;
    out.limit = Some(&L1_FOUR_JOKERS_DEALT);
    let double = if o.limit_payment_double { 2 } else { 1 };
    out.score = base(LIMIT_FAN, o.fan_to_points) * double;
    Ok(())
}

/// An instant payment the table shows (MY3-I1–I4, MY3-X3): `seat` is paid `amount` by
/// `from`, or by each opponent when `from` is `None`; `tile` names the kong or the group's
/// first tile.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Instant {
    /// MY3-I1, I2, I3 or I4.
    pub rule: &'static Rule,
    /// The seat paid.
    pub seat: usize,
    /// The paying seat, or `None`: each opponent.
    pub from: Option<usize>,
    /// Points from each payer.
    pub amount: u64,
    /// The kong's tile, or the group's first tile.
    pub tile: Tile,
}

/// At most: four kongs and four groups a seat.
const MAX_INSTANT: usize = 24;

/// The instant payments of MY3-I1–I4 the table shows (MY3-X3), in seat order: completed
/// bonus groups (100 from each opponent when finished in the opening round, 50 during play),
/// claimed kongs with their `supplier` (100 from the discarder), added kongs (50 from each)
/// and concealed kongs (100 from each). A robbed kong is no kong on the table, so its
/// payment is not made (MY3-I5: made and returned) unless `refund` is off
/// (`robbed_kong_refund`): then the kong the table's win robbed (`win.from` `robbed_kong`,
/// the `supplier`'s pung of the winning tile) is paid as the kong it was, an added kong
/// (an exposed pung, MY3-I3) or a concealed one (a concealed pung, MY3-I4, with
/// `rob_concealed_kong`).
pub fn instant_payments(table: &Table, refund: bool) -> ([Instant; MAX_INSTANT], usize) {
    let none = Instant {
        rule: &I1_GROUP,
        seat: 0,
        from: None,
        amount: 0,
        tile: Tile::JOKER,
    };
    let mut list = [none; MAX_INSTANT];
    let mut n = 0;
    // The robbed kong, as (the robbed seat, its kind), when its payment stands.
    let robbed = match table.win {
        Some(w) if !refund && w.from == WinFrom::RobbedKong => w.supplier.map(|s| (s, w.kind)),
        _ => None,
    };
    let mut push = |i: Instant| {
        if n < MAX_INSTANT {
            list[n] = i;
            n += 1;
        }
    };
    for (seat, hand) in table.hands.iter().enumerate().take(table.seats) {
        for group in BonusGroup::ALL {
            if group.held(hand) == 0b1111 {
                let opening = hand.opening_groups & group.bit() != 0;
                push(Instant {
                    rule: &I1_GROUP,
                    seat,
                    from: None,
                    amount: if opening { 100 } else { 50 },
                    tile: group.tile(1),
                });
            }
        }
        for (j, m) in hand.declared().iter().enumerate() {
            let robbed = m.kind == MeldKind::Pung && robbed == Some((seat, m.tile as usize));
            let (rule, from, amount) = match m.kind {
                MeldKind::Kong(KongKind::Concealed) => (&I4_CONCEALED_KONG, None, 100),
                MeldKind::Kong(KongKind::Annexed) => (&I3_ADDED_KONG, None, 50),
                // MY3-I5 (`robbed_kong_refund` off): the robbed kong's payment stands.
                MeldKind::Pung if robbed && m.exposed => (&I3_ADDED_KONG, None, 50),
                MeldKind::Pung if robbed => (&I4_CONCEALED_KONG, None, 100),
                MeldKind::Kong(KongKind::Claimed) => match hand.supplier(j) {
                    Some(d) => (&I2_CLAIMED_KONG, Some(d), 100),
                    None => continue,
                },
                _ => continue,
            };
            push(Instant {
                rule,
                seat,
                from,
                amount,
                tile: m.first(),
            });
        }
    }
    (list, n)
}

/// MY3-I6 (option `animal_bite`): the units each opponent pays seat `hand`'s holder for its
/// bites: all four animals 2, else 1 for each predator with its prey (1A+2A, 3A+4A); a
/// complete group of flowers or of seasons 2, and 1 for one's own flower with one's own
/// season. (The table does not tell which tiles were in the opening hand, so a pair is
/// paid 1 unit.)
pub fn bite_units(hand: &SeatHand, seat: usize) -> u64 {
    let mut units = 0;
    if hand.animals == 0b1111 {
        units += 2;
    } else {
        units += (hand.animals & 0b0011 == 0b0011) as u64;
        units += (hand.animals & 0b1100 == 0b1100) as u64;
    }
    let own = 1u8 << seat;
    units += (hand.flowers & own != 0 && hand.seasons & own != 0) as u64;
    units += 2 * (hand.flowers == 0b1111) as u64;
    units += 2 * (hand.seasons == 0b1111) as u64;
    units
}

/// Points of one bite unit (MY3-I6, our reading: the during-play rate of MY3-I1).
pub const BITE_UNIT: u64 = 50;
/// Points each opponent pays for each joker held (MY3-J9).
pub const JOKER_SIDE_PAYMENT: u64 = 50;
