//! The scorer of the Japanese three-player game (`three-player-japanese.md`): yaku and
//! yakuman (J3-Y), dora of every kind and Bazoro (J3-S8), the han → payment table with its
//! caps (J3-P, J3-S9) and the settlement with riichi sticks and the pot (J3-S10).
//!
//! The winner's [`SeatScore`]: `points` = han (0 for a yakuman hand), `doubles` = yakuman
//! count after the cap, `score` = the payment value (the ron amount or the sum of the
//! self-draw payments, sticks excluded), `limit` = the payment band from mangan up
//! (`J3-P`). Each item's `points` is its han and `doubles` its yakuman count. Losers score
//! nothing. Scoring never allocates (only an error message does).

use mahjong_hands::{for_each_arrangement, waits, Counts, Form, KindMask, Meld, MeldKind, Shape};
use mahjong_tiles::{Tile, Wind, KINDS};

use super::JapaneseOptions;
use crate::score::{rules, Item, Payments, Rule, SeatScore};
use crate::table::{InputError, Riichi, SeatHand, Table, WinFrom};

rules! {
    ALL;
    Y1_YAKUHAI = "J3-Y1", "Yakuhai";
    Y2_IIPEIKOU = "J3-Y2", "Iipeikou";
    Y3_PINFU = "J3-Y3", "Pinfu";
    Y4_RIICHI = "J3-Y4", "Riichi";
    Y5_TANYAO = "J3-Y5", "Tanyao";
    Y6_HAITEI = "J3-Y6", "Haitei", named;
    Y6_HOUTEI = "J3-Y6", "Houtei", named;
    Y7_RINSHAN = "J3-Y7", "Rinshan kaihou";
    Y8_CHANKAN = "J3-Y8", "Chankan";
    Y9_CHANTA = "J3-Y9", "Chanta";
    Y10_CHIITOITSU = "J3-Y10", "Chiitoitsu";
    Y11_DOUBLE_RIICHI = "J3-Y11", "Double riichi";
    Y12_ITTSU = "J3-Y12", "Ittsu";
    Y13_SANANKOU = "J3-Y13", "San'ankou";
    Y14_SANKANTSU = "J3-Y14", "Sankantsu";
    Y15_ISSHOKU_SANJUN = "J3-Y15", "Isshoku sanjun";
    Y16_TOITOI = "J3-Y16", "Toitoi";
    Y17_HONITSU = "J3-Y17", "Hon'itsu";
    Y18_JUNCHAN = "J3-Y18", "Junchan";
    Y19_SANRENKOU = "J3-Y19", "Sanrenkou";
    Y20_SHOUSANGEN = "J3-Y20", "Shousangen";
    Y21_HONROUTOU = "J3-Y21", "Honroutou";
    Y22_CHINITSU = "J3-Y22", "Chin'itsu";
    YM1_CHIIHOU = "J3-YM1", "Chiihou";
    YM2_CHINROUTOU = "J3-YM2", "Chinroutou";
    YM3_CHUUREN = "J3-YM3", "Chuuren poutou";
    YM4_DAISANGEN = "J3-YM4", "Daisangen";
    YM5_SUUSHIIHOU = "J3-YM5", "Suushiihou";
    YM6_KOKUSHI = "J3-YM6", "Kokushi musou";
    YM7_PAARENCHAN = "J3-YM7", "Paarenchan";
    YM8_RYUUIISOU = "J3-YM8", "Ryuuiisou";
    YM9_SUUKANTSU = "J3-YM9", "Suukantsu";
    YM10_SUUANKOU = "J3-YM10", "Suuankou";
    YM11_TSUUIISOU = "J3-YM11", "Tsuuiisou";
    YM12_TENHOU = "J3-YM12", "Tenhou";
    S6_MENZEN_TSUMO = "J3-S6", "Menzen tsumo";
    S8_BAZORO = "J3-S8", "Bazoro", named;
    S8_DORA = "J3-S8", "dora", named;
    S8_URA = "J3-S8", "ura-dora", named;
    S8_PEI = "J3-S8", "pei-dora", named;
    S8_RED = "J3-S8", "red five", named;
    S8_IPPATSU = "J3-S8", "Ippatsu", named;
    S8_FLOWER = "J3-S8", "flower", named;
    P_MANGAN = "J3-P", "mangan", named;
    P_HANEMAN = "J3-P", "haneman", named;
    P_BAIMAN = "J3-P", "baiman", named;
    P_SANBAIMAN = "J3-P", "sanbaiman", named;
    P_COUNTED = "J3-P", "counted yakuman", named;
    P_YAKUMAN = "J3-P", "yakuman", named;
    P_NOTEN = "J3-P", "noten payment", named;
    S10_STICK = "J3-S10", "riichi stick", named;
}

const EAST: usize = 27;
const NORTH: usize = 30;
const RED: usize = 31;
const GREEN: usize = 32;
const WHITE: usize = 33;
/// J3-YM8: 2, 3, 4, 6, 8 bamboo and the green dragon.
const GREENS: [usize; 6] = [1, 2, 3, 5, 7, GREEN];

fn honour(k: usize) -> bool {
    k >= 27
}

fn terminal(k: usize) -> bool {
    k < 27 && matches!(k % 9, 0 | 8)
}

fn yaochu(k: usize) -> bool {
    honour(k) || terminal(k)
}

/// J3-T5, J3-S8: the dora an indicator of kind `k` names.
pub fn dora_after(k: usize) -> usize {
    match k {
        // Characters hold only 1 and 9: each points to the other.
        9 => 17,
        17 => 9,
        0..=26 if k % 9 == 8 => k - 8,
        0..=26 => k + 1,
        27..=30 => 27 + (k - 27 + 1) % 4,
        GREEN => RED,
        RED => WHITE,
        _ => GREEN,
    }
}

fn wind_kind(w: Wind) -> usize {
    EAST + w.index()
}

/// One way of reading the winner's hand: every set (declared and arranged, the pair(s)
/// included), its form and the set the winning tile completed.
#[derive(Copy, Clone)]
struct Reading {
    sets: [Meld; 7],
    len: usize,
    form: Form,
    /// Index into `sets` of the set the winning tile completed (`None` for Kokushi).
    win_in: Option<usize>,
}

/// What one reading is worth: yakuman count (before the cap), yaku han, the items and the
/// yaku the hand held before its winning tile (J3-S11).
#[derive(Copy, Clone)]
struct Eval {
    yakuman: u8,
    han: u8,
    items: [(&'static Rule, u8, u8, Option<Tile>); 24],
    n: usize,
    /// Some yaku or yakuman held before the winning tile (J3-S11).
    before: bool,
}

impl Eval {
    const EMPTY: Eval = Eval {
        yakuman: 0,
        han: 0,
        items: [(&Y1_YAKUHAI, 0, 0, None); 24],
        n: 0,
        before: false,
    };

    fn yaku(&mut self, r: &'static Rule, han: u8, tile: Option<Tile>, before: bool) {
        self.items[self.n] = (r, han, 0, tile);
        self.n += 1;
        self.han += han;
        self.before |= before;
    }

    fn yakuman(&mut self, r: &'static Rule, count: u8) {
        self.items[self.n] = (r, 0, count, None);
        self.n += 1;
        self.yakuman += count;
        self.before = true;
    }

    fn better_than(&self, other: &Eval) -> bool {
        (self.yakuman, self.han) > (other.yakuman, other.han)
    }
}

/// The facts of the hand every reading shares.
struct Ctx<'a> {
    table: &'a Table,
    o: &'a JapaneseOptions,
    hand: &'a SeatHand,
    seat: usize,
    open: bool,
    self_drawn: bool,
    win_kind: usize,
    all: Counts,
    seat_wind: usize,
    prevailing: usize,
}

impl Ctx<'_> {
    /// J3-Y, J3-YM, J3-S2–S7: the yaku and yakuman of one reading.
    fn eval(&self, r: &Reading) -> Eval {
        let mut e = Eval::EMPTY;
        let all = &self.all;
        let closed = !self.open;
        let reduce = |han: u8| {
            if self.open && self.o.open_reductions {
                han - 1
            } else {
                han
            }
        };
        let kinds = || (0..KINDS).filter(|&k| all[k] > 0);
        let sets = &r.sets[..r.len];
        let regular = r.form == Form::Regular;
        let mut chows = [0u8; KINDS];
        let mut n_chows = 0;
        let mut pungs = [false; KINDS];
        let mut n_pungs = 0;
        let mut kongs = 0;
        let mut ankou = 0;
        let mut pair = None;
        for (i, m) in sets.iter().enumerate() {
            let t = m.tile as usize;
            match m.kind {
                MeldKind::Chow => {
                    chows[t] += 1;
                    n_chows += 1;
                }
                MeldKind::Pair => pair = Some(t),
                MeldKind::Pung | MeldKind::Kong(_) => {
                    pungs[t] = true;
                    n_pungs += 1;
                    kongs += m.is_kong() as u8;
                    // J3-S4: a pung completed by a discard or a robbed kong is not concealed.
                    let by_other = r.win_in == Some(i) && !self.self_drawn;
                    if !m.exposed && !by_other {
                        ankou += 1;
                    }
                }
            }
        }
        let win_pair = r.win_in.is_some_and(|i| sets[i].kind == MeldKind::Pair);
        let win = self.table.win.expect("a winner has a win");

        // Yakuman (J3-YM, J3-S9), in the order of their ids.
        let winds = (EAST..=NORTH).filter(|&k| pungs[k]).count();
        let chuuren = (regular && self.hand.declared().is_empty())
            .then(|| nine_gates_suit(all))
            .flatten();
        if win.earth {
            e.yakuman(&YM1_CHIIHOU, 1);
        }
        if kinds().all(terminal) {
            e.yakuman(&YM2_CHINROUTOU, 1);
        }
        if let Some(suit) = chuuren {
            let pure = !(suit..suit + 9).any(|k| self.hand.discarded.contains(k));
            e.yakuman(&YM3_CHUUREN, if pure { 3 } else { 1 });
        }
        if regular && pungs[RED] && pungs[GREEN] && pungs[WHITE] {
            e.yakuman(&YM4_DAISANGEN, 1);
        }
        if regular
            && (winds == 4 || winds == 3 && pair.is_some_and(|p| (EAST..=NORTH).contains(&p)))
        {
            e.yakuman(&YM5_SUUSHIIHOU, 1);
        }
        if r.form == Form::ThirteenOrphans {
            let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
            let pure = self.hand.set_aside == 0
                && !orphans.iter().any(|&k| self.hand.discarded.contains(k));
            e.yakuman(&YM6_KOKUSHI, if pure { 2 } else { 1 });
        }
        if self.seat == 0 && self.table.east_consecutive_wins >= 7 {
            e.yakuman(&YM7_PAARENCHAN, 1);
        }
        if kinds().all(|k| GREENS.contains(&k)) {
            e.yakuman(&YM8_RYUUIISOU, 1);
        }
        if regular && kongs == 4 {
            e.yakuman(&YM9_SUUKANTSU, 1);
        }
        if regular && ankou == 4 {
            e.yakuman(&YM10_SUUANKOU, if win_pair { 2 } else { 1 });
        }
        if kinds().all(honour) {
            e.yakuman(&YM11_TSUUIISOU, 1);
        }
        if win.heaven {
            e.yakuman(&YM12_TENHOU, 3);
        }

        // Yaku (J3-Y; exclusions J3-S3), in the order of their ids.
        let yakuhai = |k: usize| {
            (k >= RED) as u8 + (k == self.seat_wind) as u8 + (k == self.prevailing) as u8
        };
        for (i, m) in sets.iter().enumerate() {
            let t = m.tile as usize;
            if m.is_pung_or_kong() {
                // J3-S11: a pung the winning discard completed was not held before.
                let held = r.win_in != Some(i) || self.self_drawn;
                for _ in 0..yakuhai(t) {
                    e.yaku(&Y1_YAKUHAI, 1, Some(Tile::from_kind(t)), held);
                }
            }
        }
        let twins = chows.iter().any(|&c| c >= 2);
        let triplets = chows.iter().any(|&c| c >= 3);
        if closed && twins && !triplets {
            e.yaku(&Y2_IIPEIKOU, 1, None, true);
        }
        if closed && regular && n_chows == 4 && pair.is_some_and(|p| yakuhai(p) == 0) {
            let two_sided = r.win_in.is_some_and(|i| {
                let m = sets[i];
                let t = m.tile as usize;
                m.kind == MeldKind::Chow
                    && (self.win_kind == t && t % 9 != 6
                        || self.win_kind == t + 2 && !t.is_multiple_of(9))
            });
            if two_sided {
                e.yaku(&Y3_PINFU, 1, None, true);
            }
        }
        if self.hand.riichi == Riichi::Riichi {
            e.yaku(&Y4_RIICHI, 1, None, true);
        }
        if kinds().all(|k| !yaochu(k)) {
            e.yaku(&Y5_TANYAO, 1, None, true);
        }
        if win.last_tile && win.from == WinFrom::Wall {
            e.yaku(&Y6_HAITEI, 1, None, true);
        }
        if win.last_tile && win.from == WinFrom::Discard {
            e.yaku(&Y6_HOUTEI, 1, None, false);
        }
        if win.from == WinFrom::Loose {
            e.yaku(&Y7_RINSHAN, 1, None, true);
        }
        if win.from == WinFrom::RobbedKong {
            e.yaku(&Y8_CHANKAN, 1, None, false);
        }
        let outside = regular && n_chows > 0 && sets.iter().all(holds_yaochu);
        let honours = kinds().any(honour);
        if outside && honours {
            e.yaku(&Y9_CHANTA, reduce(2), None, true);
        }
        if r.form == Form::SevenPairs {
            e.yaku(&Y10_CHIITOITSU, 2, None, true);
        }
        if self.hand.riichi == Riichi::Double {
            e.yaku(&Y11_DOUBLE_RIICHI, 2, None, true);
        }
        if [0, 18]
            .iter()
            .any(|&s| chows[s] > 0 && chows[s + 3] > 0 && chows[s + 6] > 0)
        {
            e.yaku(&Y12_ITTSU, reduce(2), None, true);
        }
        if ankou == 3 {
            e.yaku(&Y13_SANANKOU, 2, None, true);
        }
        if kongs == 3 {
            e.yaku(&Y14_SANKANTSU, 2, None, true);
        }
        if triplets {
            e.yaku(&Y15_ISSHOKU_SANJUN, 2, None, true);
        }
        if regular && n_pungs == 4 {
            e.yaku(&Y16_TOITOI, 2, None, true);
        }
        let suits = kinds()
            .filter(|&k| k < 27)
            .fold(0u8, |acc, k| acc | 1 << (k / 9));
        if suits.count_ones() == 1 && honours {
            e.yaku(&Y17_HONITSU, reduce(3), None, true);
        }
        if outside && !honours {
            e.yaku(&Y18_JUNCHAN, reduce(3), None, true);
        }
        if (0..27).any(|k| k % 9 <= 6 && pungs[k] && pungs[k + 1] && pungs[k + 2]) {
            e.yaku(&Y19_SANRENKOU, 3, None, true);
        }
        let dragon_pungs = (RED..=WHITE).filter(|&k| pungs[k]).count();
        if regular && dragon_pungs == 2 && pair.is_some_and(|p| p >= RED) {
            e.yaku(&Y20_SHOUSANGEN, 4, None, true);
        }
        if kinds().all(yaochu) && honours && kinds().any(terminal) {
            e.yaku(&Y21_HONROUTOU, 5, None, true);
        }
        if suits.count_ones() == 1 && !honours {
            e.yaku(&Y22_CHINITSU, reduce(6), None, true);
        }
        if self.o.menzen_tsumo && closed && self.self_drawn {
            e.yaku(&S6_MENZEN_TSUMO, 1, None, true);
        }
        e
    }
}

fn holds_yaochu(m: &Meld) -> bool {
    let t = m.tile as usize;
    match m.kind {
        MeldKind::Chow => terminal(t) || terminal(t + 2),
        _ => yaochu(t),
    }
}

/// J3-YM3: the suit of a nine-gates hand (1112345678999 of one suit plus one of them).
fn nine_gates_suit(all: &Counts) -> Option<usize> {
    let total: u8 = all.iter().sum();
    [0, 18].into_iter().find(|&s| {
        let inside: u8 = all[s..s + 9].iter().sum();
        inside == total
            && total == 14
            && all[s] >= 3
            && all[s + 8] >= 3
            && (s + 1..s + 8).all(|k| all[k] >= 1)
    })
}

/// Calls `f` with every reading of a hand: `declared` sets plus `concealed` tiles arranged,
/// and each choice of the set the winning tile `win_kind` completed (`fixed`: that declared
/// set, when the winning discard was claimed into it).
fn for_each_reading(
    declared: &[Meld],
    concealed: &Counts,
    shape: &Shape,
    win_kind: usize,
    fixed: Option<usize>,
    mut f: impl FnMut(&Reading),
) {
    let need = 4 - declared.len().min(4);
    for_each_arrangement(concealed, need, shape, declared.is_empty(), |a| {
        let mut r = Reading {
            sets: [Meld::new(MeldKind::Pair, 0, false); 7],
            len: 0,
            form: a.form,
            win_in: None,
        };
        for m in declared.iter().chain(a.sets()) {
            r.sets[r.len] = *m;
            r.len += 1;
        }
        if a.form == Form::ThirteenOrphans {
            f(&r);
            return;
        }
        if let Some(j) = fixed {
            r.win_in = Some(j);
            f(&r);
            return;
        }
        for i in 0..r.len {
            let m = r.sets[i];
            // Declared kongs and exposed sets were complete before the winning tile.
            let candidate = m.contains(win_kind) && !m.is_kong() && !m.exposed;
            // Identical sets give identical readings.
            let repeat = r.sets[..i].contains(&m);
            if candidate && !repeat {
                r.win_in = Some(i);
                f(&r);
            }
        }
    });
}

/// Scores seat `seat` (J3-S12 checks for every seat; the winner's hand for the winner).
pub(crate) fn score_one_seat(
    table: &Table,
    seat: usize,
    o: &JapaneseOptions,
    shape: &Shape,
    out: &mut SeatScore,
) -> Result<(), InputError> {
    *out = SeatScore::ZERO;
    let hand = &table.hands[seat];
    let key = ["E", "S", "W", "N"][seat];
    if !matches!(table.prevailing, Wind::East | Wind::South) {
        return Err(InputError::new(
            "prevailing_wind",
            "the prevailing wind is E or S (J3-S1)",
        ));
    }
    for (j, m) in hand.declared().iter().enumerate() {
        if m.kind == MeldKind::Chow && m.exposed {
            return Err(InputError::new(
                format!("seats.{key}.sets[{j}]"),
                "a chow cannot be claimed in this game (J3-T3): an exposed chow",
            ));
        }
    }
    let open = hand.declared().iter().any(|m| m.exposed);
    if open && hand.riichi != Riichi::None {
        return Err(InputError::new(
            format!("seats.{key}.riichi"),
            "riichi needs a concealed hand (J3-Y4, J3-S13)",
        ));
    }
    if seat == 0 {
        check_copies(table, shape)?;
    }
    if table.winner != Some(seat) {
        return Ok(());
    }
    let win = table.win.expect("a winner has a win");
    if win.ippatsu && hand.riichi == Riichi::None {
        return Err(InputError::new(
            "win.ippatsu",
            "Ippatsu needs riichi (J3-S8, J3-S13)",
        ));
    }
    if hand.declared().iter().any(|m| m.kind == MeldKind::Pair) {
        return Err(InputError::new(
            format!("seats.{key}.sets"),
            "the winner's pair goes under concealed (the scorer arranges it)",
        ));
    }
    let seat_winds = [Wind::East, Wind::South, Wind::West];
    let ctx = Ctx {
        table,
        o,
        hand,
        seat,
        open,
        self_drawn: win.self_drawn(),
        win_kind: win.kind,
        all: hand.all_tiles(),
        seat_wind: wind_kind(seat_winds[seat.min(2)]),
        prevailing: wind_kind(table.prevailing),
    };

    let mut best = Eval::EMPTY;
    let mut complete = false;
    let fixed = table.winning_set.map(|j| j as usize);
    for_each_reading(
        hand.declared(),
        &hand.concealed,
        shape,
        win.kind,
        fixed,
        |r| {
            let e = ctx.eval(r);
            if !complete || e.better_than(&best) {
                best = e;
            }
            complete = true;
        },
    );
    // J3-S13: by the seed, declaring a fourth kong wins at once, pair or not.
    let kongs = hand.declared().iter().filter(|m| m.is_kong()).count();
    let lone: u8 = hand.concealed.iter().sum();
    if !complete && kongs == 4 && lone == 1 && ctx.self_drawn && !o.suukantsu_needs_pair {
        best = Eval::EMPTY;
        best.yakuman(&YM9_SUUKANTSU, 1);
        complete = true;
    }
    if !complete {
        return Err(InputError::new(
            format!("seats.{key}"),
            "the winner's tiles are not a complete hand (J3-S12)",
        ));
    }
    if best.yakuman == 0 && best.han == 0 {
        return Err(InputError::new(
            format!("seats.{key}"),
            "no yaku: a win needs at least one yaku (J3-T6, J3-S11)",
        ));
    }
    if best.yakuman == 0
        && !ctx.self_drawn
        && hand.riichi == Riichi::None
        && !yaku_before(&ctx, shape)
    {
        return Err(InputError::new(
            "win",
            "no yaku before the winning tile (atozuke-nashi, J3-T6, J3-S11)",
        ));
    }

    for &(rule, han, ykm, tile) in &best.items[..best.n] {
        // A yakuman hand is paid by its yakuman alone (J3-S9).
        if best.yakuman > 0 && ykm == 0 {
            continue;
        }
        out.items.push(Item {
            rule,
            points: han as u16,
            doubles: ykm,
            limit: ykm > 0,
            tile,
        });
    }
    let dealer = seat == 0;
    if best.yakuman > 0 {
        let n = best.yakuman.min(o.yakuman_cap);
        out.doubles = n as u32;
        out.limit = Some(&P_YAKUMAN);
        out.score = value(Band::Yakuman(n), dealer, ctx.self_drawn);
        return Ok(());
    }

    // J3-S8: Bazoro, dora, ura-dora, pei-dora, red fives, Ippatsu.
    let mut han = best.han as u32;
    let mut bonus = |rule: &'static Rule, n: u32| {
        if n > 0 {
            out.items.push(Item {
                rule,
                points: n as u16,
                doubles: 0,
                limit: false,
                tile: None,
            });
            han += n;
        }
    };
    bonus(&S8_BAZORO, 2);
    let count = |indicators: &Counts| -> u32 {
        (0..KINDS)
            .filter(|&k| indicators[k] > 0)
            .map(|k| {
                let d = dora_after(k);
                let set_aside = if d == NORTH { hand.set_aside as u32 } else { 0 };
                let held = ctx.all[d] as u32 + set_aside;
                held * indicators[k] as u32
            })
            .sum()
    };
    bonus(&S8_DORA, count(&table.dora_indicators));
    if hand.riichi != Riichi::None && o.ura_dora {
        bonus(&S8_URA, count(&table.ura_indicators));
    }
    bonus(&S8_PEI, hand.set_aside as u32);
    if o.red_fives {
        bonus(&S8_RED, hand.red_fives as u32);
    }
    bonus(&S8_IPPATSU, win.ippatsu as u32);
    bonus(&S8_FLOWER, hand.flowers.count_ones());

    let band = match han {
        0..=5 => Band::Han(han as u8),
        6..=7 => Band::Mangan,
        8..=9 => Band::Haneman,
        10..=12 => Band::Baiman,
        _ if o.counted_yakuman => Band::Yakuman(1),
        _ => Band::Sanbaiman,
    };
    out.points = han as u64;
    out.limit = match band {
        Band::Han(_) => None,
        Band::Mangan => Some(&P_MANGAN),
        Band::Haneman => Some(&P_HANEMAN),
        Band::Baiman => Some(&P_BAIMAN),
        Band::Sanbaiman => Some(&P_SANBAIMAN),
        Band::Yakuman(_) => Some(&P_COUNTED),
    };
    out.score = value(band, dealer, ctx.self_drawn);
    Ok(())
}

/// J3-S12: at most the set's copies of a tile over every hand, set, North set aside and
/// indicator (the table's reader has counted all but the indicators).
fn check_copies(table: &Table, shape: &Shape) -> Result<(), InputError> {
    let mut c = [0u8; KINDS];
    for h in &table.hands[..table.seats] {
        for (n, a) in c.iter_mut().zip(h.all_tiles()) {
            *n += a;
        }
        c[NORTH] += h.set_aside;
    }
    for (k, held) in c.iter().enumerate() {
        let n = held + table.dora_indicators[k] + table.ura_indicators[k];
        if n > shape.copies[k] {
            return Err(InputError::new(
                "dora_indicators",
                format!("{n} copies of {} with the indicators", Tile::from_kind(k)),
            ));
        }
    }
    Ok(())
}

/// J3-S11 (atozuke-nashi): whether the hand before its winning tile held a yaku that every
/// tile completing it would give (a yakuhai only for a pung already held; Houtei and Chankan
/// never).
fn yaku_before(ctx: &Ctx, shape: &Shape) -> bool {
    let hand = ctx.hand;
    let mut declared = [Meld::new(MeldKind::Pair, 0, false); 8];
    let mut nd = 0;
    let mut concealed = hand.concealed;
    for (j, m) in hand.declared().iter().enumerate() {
        let concealed_set = !m.exposed && !m.is_kong();
        if ctx.table.winning_set == Some(j as u8) || concealed_set {
            // The set the winning discard was claimed into was a part of the waiting hand,
            // and a concealed set listed as a set is only concealed tiles.
            m.add_to(&mut concealed);
        } else {
            declared[nd] = *m;
            nd += 1;
        }
    }
    // The reader has placed the winning tile among these; if not, there is no hand before.
    let Some(left) = concealed[ctx.win_kind].checked_sub(1) else {
        return false;
    };
    concealed[ctx.win_kind] = left;
    let declared = &declared[..nd];
    let waiting: KindMask = waits(&concealed, nd, shape, nd == 0, None);
    let mut all13 = ctx.all;
    all13[ctx.win_kind] -= 1;
    waiting.iter().all(|w| {
        let mut with = concealed;
        with[w] += 1;
        let mut all = all13;
        all[w] += 1;
        let c = Ctx {
            table: ctx.table,
            o: ctx.o,
            hand,
            seat: ctx.seat,
            open: ctx.open,
            self_drawn: false,
            win_kind: w,
            all,
            seat_wind: ctx.seat_wind,
            prevailing: ctx.prevailing,
        };
        let mut any = false;
        for_each_reading(declared, &with, shape, w, None, |r| any |= c.eval(r).before);
        any
    })
}

/// A row of the J3-P table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Band {
    Han(u8),
    Mangan,
    Haneman,
    Baiman,
    Sanbaiman,
    Yakuman(u8),
}

/// J3-P: (ron by ko, ron by oya, ko's tsumo: each ko pays, ko's tsumo: oya pays = oya's
/// tsumo: each pays).
fn row(band: Band) -> [u64; 4] {
    match band {
        Band::Han(0..=3) => [1000, 1500, 300, 500],
        Band::Han(4) => [2000, 3000, 500, 1000],
        Band::Han(_) => [4000, 6000, 1000, 2000],
        Band::Mangan => [8000, 12000, 2000, 4000],
        Band::Haneman => [12000, 18000, 3000, 6000],
        Band::Baiman => [16000, 24000, 4000, 8000],
        Band::Sanbaiman => [24000, 36000, 6000, 12000],
        Band::Yakuman(n) => [32000, 48000, 8000, 16000].map(|v| v * n as u64),
    }
}

/// The payment value of a hand (J3-S10): the ron amount, or the sum of the self-draw
/// payments of the two other seats.
fn value(band: Band, dealer: bool, self_drawn: bool) -> u64 {
    let [ron_ko, ron_oya, tsumo_ko, tsumo_oya] = row(band);
    match (self_drawn, dealer) {
        (false, false) => ron_ko,
        (false, true) => ron_oya,
        (true, false) => tsumo_ko + tsumo_oya,
        (true, true) => 2 * tsumo_oya,
    }
}

/// The seat index that stands for the riichi pot in [`Payments`]: no seat of a three-player
/// table, so [`Payments::net`] leaves it out of the settlement.
pub const POT: usize = 3;

/// J3-S10: the winner's payments (ron: the supplier pays; self-draw: each other seat its
/// column) with every other declarer's riichi stake, the honba (option `honba` per
/// counter: all from the supplier, or half from each on a self-draw), and the pot (carried
/// sticks) from [`POT`]. A washout pays nothing: the sticks stay on the table.
pub fn settle_japanese(table: &Table, scores: &[SeatScore; 4], o: &JapaneseOptions) -> Payments {
    let mut p = Payments::EMPTY;
    let (Some(w), Some(win)) = (table.winner, table.win) else {
        return p;
    };
    let sc = &scores[w];
    let is = |r: &Rule| sc.limit.is_some_and(|l| std::ptr::eq(l, r));
    let band = if sc.doubles > 0 {
        Band::Yakuman(sc.doubles as u8)
    } else if is(&P_MANGAN) {
        Band::Mangan
    } else if is(&P_HANEMAN) {
        Band::Haneman
    } else if is(&P_BAIMAN) {
        Band::Baiman
    } else if is(&P_SANBAIMAN) {
        Band::Sanbaiman
    } else if is(&P_COUNTED) {
        Band::Yakuman(1)
    } else {
        Band::Han(sc.points as u8)
    };
    let [_, _, tsumo_ko, tsumo_oya] = row(band);
    let stake = o.riichi_stake as u64;
    let honba = o.honba as u64 * table.honba as u64;
    for i in (0..table.seats).filter(|&i| i != w) {
        let hand_pay = if win.self_drawn() {
            let column = if w == 0 || i == 0 {
                tsumo_oya
            } else {
                tsumo_ko
            };
            column + honba / 2
        } else if win.supplier == Some(i) {
            sc.score + honba
        } else {
            0
        };
        let stick = if table.hands[i].riichi != Riichi::None {
            stake
        } else {
            0
        };
        p.push(i, w, hand_pay + stick);
    }
    p.push(POT, w, table.riichi_pot);
    p
}
