//! Classical scoring by Millington's rules (M113–M122) for every seat.

use mahjong_hands::{for_each_arrangement, waits, Counts, Form, KongKind, Meld, MeldKind, Shape};
use mahjong_tiles::{Tile, Wind};

use super::rules::*;
use super::ClassicalOptions;
use crate::score::{Item, Items, Rule, SeatScore};
use crate::table::{InputError, SeatHand, Table, Win, WinFrom};

/// Largest number of sets a scored hand can hold (declared + arranged).
const MAX_MELDS: usize = 16;

/// Sets of one seat, in a fixed buffer.
#[derive(Copy, Clone)]
pub(crate) struct Melds {
    buf: [Meld; MAX_MELDS],
    len: usize,
}

impl Melds {
    pub(crate) fn new() -> Melds {
        Melds {
            buf: [Meld::new(MeldKind::Pair, 0, false); MAX_MELDS],
            len: 0,
        }
    }
    pub(crate) fn push(&mut self, m: Meld) {
        if self.len < MAX_MELDS {
            self.buf[self.len] = m;
            self.len += 1;
        }
    }
    pub(crate) fn as_slice(&self) -> &[Meld] {
        &self.buf[..self.len]
    }
}

/// Who is being scored.
struct Seat<'a> {
    o: &'a ClassicalOptions,
    wind: Wind,
    prevailing: Wind,
}

pub(crate) fn item(rule: &'static Rule, points: u32, doubles: u32, tile: Option<Tile>) -> Item {
    Item {
        rule,
        points: points.min(u16::MAX as u32) as u16,
        doubles: doubles.min(u8::MAX as u32) as u8,
        limit: false,
        tile,
    }
}

/// Whether a set counts as concealed for M116k, M117c, M122h and M122p.
fn concealed_for_doubles(m: &Meld, o: &ClassicalOptions) -> bool {
    !m.exposed || (m.kind == MeldKind::Kong(KongKind::Claimed) && o.claimed_kong_counts_concealed)
}

/// M114e: points of a pair.
fn pair_rule(k: usize, s: &Seat) -> Option<(&'static Rule, u32)> {
    let t = Tile::from_kind(k);
    if t.dragon_kind().is_some() {
        return Some((&M114E_DRAGONS, 2));
    }
    let w = t.wind()?;
    match (w == s.wind, w == s.prevailing) {
        (true, true) => Some((&M114E_DOUBLE_WIND, 4)),
        (true, false) => Some((&M114E_OWN_WIND, 2)),
        (false, true) => Some((&M114E_PREVAILING_WIND, 2)),
        (false, false) => None,
    }
}

/// M114b/c: points of a pung or kong.
fn set_rule(m: &Meld) -> Option<(&'static Rule, u32)> {
    let major = m.first().is_major();
    let rule: (&'static Rule, u32) = match (m.kind, m.exposed, major) {
        (MeldKind::Pung, true, false) => (&M114B_EXPOSED_MINOR, 2),
        (MeldKind::Pung, false, false) => (&M114B_CONCEALED_MINOR, 4),
        (MeldKind::Pung, true, true) => (&M114B_EXPOSED_MAJOR, 4),
        (MeldKind::Pung, false, true) => (&M114B_CONCEALED_MAJOR, 8),
        (MeldKind::Kong(_), true, false) => (&M114C_EXPOSED_MINOR, 8),
        (MeldKind::Kong(_), false, false) => (&M114C_CONCEALED_MINOR, 16),
        (MeldKind::Kong(_), true, true) => (&M114C_EXPOSED_MAJOR, 16),
        (MeldKind::Kong(_), false, true) => (&M114C_CONCEALED_MAJOR, 32),
        _ => return None,
    };
    Some(rule)
}

/// What kinds of tiles a hand holds (for M117d–g and the limit hands).
#[derive(Copy, Clone)]
pub(crate) struct Purity {
    pub suits: u8,
    pub honours: bool,
    pub minors: bool,
    pub terminals: bool,
    pub all_green: bool,
    pub any: bool,
}

pub(crate) fn purity(c: &Counts) -> Purity {
    let mut p = Purity {
        suits: 0,
        honours: false,
        minors: false,
        terminals: false,
        all_green: true,
        any: false,
    };
    for (k, &n) in c.iter().enumerate() {
        if n == 0 {
            continue;
        }
        p.any = true;
        let t = Tile::from_kind(k);
        if k < 27 {
            p.suits |= 1 << (k / 9);
            if t.is_terminal() {
                p.terminals = true;
            } else {
                p.minors = true;
            }
        } else {
            p.honours = true;
        }
        p.all_green &= t.is_green();
    }
    p
}

/// Facts about a seat's sets gathered in one pass, shared by M116, M117 and M122.
#[derive(Copy, Clone, Default)]
struct Stats {
    chows: u8,
    kongs: u8,
    /// Pungs and kongs that count as concealed (M116k, M122h).
    concealed_sets: u8,
    /// Bit per dragon (red, green, white) with a pung or kong.
    dragon_sets: u8,
    /// Bit per wind with a pung or kong.
    wind_sets: u8,
    dragon_pairs: u8,
    wind_pairs: u8,
    /// Some pair scores M114e points (spoils M117a).
    scoring_pair: bool,
}

fn stats(melds: &[Meld], s: &Seat) -> Stats {
    let mut st = Stats::default();
    for m in melds {
        let k = m.tile as usize;
        match m.kind {
            MeldKind::Chow => st.chows += 1,
            MeldKind::Pair => {
                if k >= 31 {
                    st.dragon_pairs |= 1 << (k - 31);
                } else if k >= 27 {
                    st.wind_pairs |= 1 << (k - 27);
                }
                st.scoring_pair |= pair_rule(k, s).is_some();
            }
            MeldKind::Pung | MeldKind::Kong(_) => {
                st.kongs += m.is_kong() as u8;
                st.concealed_sets += concealed_for_doubles(m, s.o) as u8;
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

/// Points, doubles and items being added up for one seat.
pub(crate) struct Acc<'a> {
    pub points: u64,
    pub doubles: u32,
    pub items: &'a mut Items,
}

impl Acc<'_> {
    #[inline]
    pub(crate) fn add(&mut self, it: Item) {
        self.points += it.points as u64;
        self.doubles += it.doubles as u32;
        self.items.push(it);
    }

    #[inline]
    pub(crate) fn double(&mut self, rule: &'static Rule, n: u32, tile: Option<Tile>) {
        self.add(item(rule, 0, n, tile));
    }
}

/// M114a–e: basic points every player scores.
fn score_points(melds: &[Meld], hand: &SeatHand, s: &Seat, acc: &mut Acc) {
    for t in hand.bonus_tiles() {
        acc.add(item(&M114A_BONUS, 4, 0, Some(t)));
    }
    for m in melds {
        let rule = match m.kind {
            MeldKind::Pair => pair_rule(m.tile as usize, s),
            MeldKind::Chow => None,
            _ => set_rule(m),
        };
        if let Some((r, p)) = rule {
            acc.add(item(r, p, 0, Some(m.first())));
        }
    }
}

/// M116a–k: doubles every player scores.
fn score_doubles(melds: &[Meld], hand: &SeatHand, s: &Seat, st: &Stats, acc: &mut Acc) {
    let o = s.o;
    let own = 1u8 << s.wind.index();
    if o.own_flower_and_season > 0 && hand.flowers & own != 0 && hand.seasons & own != 0 {
        acc.double(&M116A_OWN_BOTH, o.own_flower_and_season, None);
    }
    if o.own_flower_each > 0 {
        let n = s.wind.index() as u8 + 1;
        if hand.flowers & own != 0 {
            acc.double(&M116A_OWN_EACH, o.own_flower_each, Some(Tile::flower(n)));
        }
        if hand.seasons & own != 0 {
            acc.double(&M116A_OWN_EACH, o.own_flower_each, Some(Tile::season(n)));
        }
    }
    if o.bouquet > 0 && hand.flowers == 0b1111 {
        acc.double(&M116B_FLOWERS, o.bouquet, None);
    }
    if o.bouquet > 0 && hand.seasons == 0b1111 {
        acc.double(&M116B_SEASONS, o.bouquet, None);
    }
    if st.dragon_sets | st.wind_sets != 0 {
        for m in melds.iter().filter(|m| m.is_pung_or_kong()) {
            let t = m.first();
            if m.tile >= 31 {
                acc.double(&M116D_DRAGONS, 1, Some(t));
            } else if let Some(w) = t.wind() {
                if w == s.wind {
                    acc.double(&M116E_OWN_WIND, 1, Some(t));
                }
                if w == s.prevailing {
                    acc.double(&M116F_PREVAILING, 1, Some(t));
                }
            }
        }
    }
    let missing_dragon = !st.dragon_sets & 0b111;
    if st.dragon_sets.count_ones() == 2 && st.dragon_pairs & missing_dragon != 0 {
        acc.double(&M116G_LITTLE_DRAGONS, 1, None);
    }
    if st.dragon_sets.count_ones() == 3 {
        acc.double(&M116H_BIG_DRAGONS, 2, None);
    }
    let missing_wind = !st.wind_sets & 0b1111;
    if st.wind_sets.count_ones() == 3 && st.wind_pairs & missing_wind != 0 {
        acc.double(&M116I_LITTLE_JOYS, 1, None);
    }
    if st.wind_sets.count_ones() == 4 {
        acc.double(&M116J_BIG_JOYS, 2, None);
    }
    if st.concealed_sets >= 3 {
        acc.double(&M116K_THREE_CONCEALED, 1, None);
    }
}

/// M117d–g: purity doubles (winner; losers with `losers_purity`).
fn score_purity(p: &Purity, acc: &mut Acc) {
    if p.suits.count_ones() == 1 && p.honours {
        acc.double(&M117D_ONE_SUIT_HONOURS, 1, None);
    }
    if p.suits.count_ones() == 1 && !p.honours {
        acc.double(&M117E_ONE_SUIT, 3, None);
    }
    if p.any && !p.minors {
        acc.double(&M117F_ALL_MAJORS, 1, None);
    }
    if p.any && p.suits == 0 {
        acc.double(&M117G_ALL_HONOURS, 2, None);
    }
}

/// Applies the limit (M118–M120) and fills in the value; `out.items` already holds the
/// items.
fn finish(
    points: u64,
    doubles: u32,
    limit_hand: Option<&'static Rule>,
    o: &ClassicalOptions,
    out: &mut SeatScore,
) {
    // Items are added in rule order; a rare option (all_terminals_doubles) may not be.
    out.items.sort_by_rule();
    let raw = points.saturating_mul(1u64 << doubles.min(40));
    let (score, limit) = match (limit_hand, o.no_limit) {
        (Some(r), false) => (o.limit, Some(r)),
        (Some(r), true) => (raw.max(o.limit_hand_minimum.unwrap_or(o.limit)), Some(r)),
        (None, false) if raw > o.limit => (o.limit, Some(&M119_LIMIT)),
        (None, _) => (raw, None),
    };
    out.points = points;
    out.doubles = doubles;
    out.limit = limit;
    out.score = score;
}

/// Scores a losing seat: declared sets plus the best sets among its concealed tiles.
fn score_loser(hand: &SeatHand, s: &Seat, out: &mut SeatScore) {
    let melds = loser_melds(hand);
    score_loser_melds(hand, s, out, melds);
}

/// A loser's sets: declared ones plus the best sets among his concealed tiles.
pub(crate) fn loser_melds(hand: &SeatHand) -> Melds {
    let mut melds = Melds::new();
    for m in hand.declared() {
        melds.push(*m);
    }
    // Every pung scores and every honour pair may (M114e) or completes a double (M116g, i),
    // and no choice for one kind spoils another, so taking each greedily is the best.
    for (k, &n) in hand.concealed.iter().enumerate() {
        if n >= 3 {
            melds.push(Meld::new(MeldKind::Pung, k as u8, false));
        } else if n == 2 && k >= 27 {
            melds.push(Meld::new(MeldKind::Pair, k as u8, false));
        }
    }
    melds
}

fn score_loser_melds(hand: &SeatHand, s: &Seat, out: &mut SeatScore, melds: Melds) {
    let melds = melds.as_slice();
    out.items.clear();
    let mut acc = Acc {
        points: 0,
        doubles: 0,
        items: &mut out.items,
    };
    score_points(melds, hand, s, &mut acc);
    score_doubles(melds, hand, s, &stats(melds, s), &mut acc);
    if s.o.losers_purity {
        let all_concealed = melds.iter().all(|m| concealed_for_doubles(m, s.o));
        if s.o.concealed_fully > 0 && all_concealed {
            acc.double(&M117C_CONCEALED, s.o.concealed_fully, None);
        }
        score_purity(&purity(&hand.all_tiles()), &mut acc);
    }
    let (points, doubles) = (acc.points, acc.doubles);
    finish(points, doubles, None, s.o, out)
}

/// Facts about the win shared by every arrangement.
struct WinFacts<'a> {
    win: &'a Win,
    table: &'a Table,
    all: Counts,
    purity: Purity,
}

/// Scores one arrangement of the winner's hand with the winning tile in `melds[completed]`
/// (`usize::MAX` when it completed no set, as in Thirteen Unique Wonders).
fn score_winner_arrangement(
    c: Candidate,
    hand: &SeatHand,
    f: &WinFacts,
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
    let win = f.win;
    out.items.clear();
    let mut acc = Acc {
        points: 0,
        doubles: 0,
        items: &mut out.items,
    };
    let st = stats(melds, s);

    // Items go in rule order: M29, M114, M115, M116, M117, M122.
    if form == Form::SevenPairs {
        acc.add(item(&M29_SEVEN_PAIRS, o.seven_pairs_points, 0, None));
    }
    score_points(melds, hand, s, &mut acc);
    acc.add(item(&M115A_MAHJONG, o.mahjong_points, 0, None));
    if win.from == WinFrom::Wall {
        acc.add(item(&M115B_FROM_WALL, 2, 0, None));
    }
    if only_place {
        acc.add(item(&M115C_ONLY_PLACE, 2, 0, Some(win.tile)));
    }
    if melds
        .get(completed)
        .is_some_and(|m| m.kind == MeldKind::Pair)
    {
        let (r, p) = if win.tile.is_major() {
            (&M115D_EYES_MAJOR, 4)
        } else {
            (&M115D_EYES_MINOR, 2)
        };
        acc.add(item(r, p, 0, Some(win.tile)));
    }
    score_doubles(melds, hand, s, &st, &mut acc);

    // M117: winner's doubles.
    let chows = st.chows as usize;
    if form == Form::Regular {
        if chows == 4 && !st.scoring_pair {
            acc.double(&M117A_NO_SCORE, 1, None);
        }
        if chows == 0 {
            acc.double(&M117B_NO_CHOWS, 1, None);
        }
    }
    let concealed_except = |skip: usize| {
        melds
            .iter()
            .enumerate()
            .all(|(i, m)| i == skip || m.kind == MeldKind::Pair || concealed_for_doubles(m, o))
    };
    let fully_concealed = win.self_drawn() && concealed_except(usize::MAX);
    if fully_concealed {
        if o.concealed_fully > 0 {
            acc.double(&M117C_CONCEALED, o.concealed_fully, None);
        }
    } else if o.concealed_almost > 0 && !win.self_drawn() && concealed_except(completed) {
        acc.double(&M117C_ALMOST, o.concealed_almost, None);
    }
    score_purity(&f.purity, &mut acc);
    match win.from {
        WinFrom::Loose => acc.double(&M117H_LOOSE, 1, None),
        WinFrom::Wall if win.last_tile => acc.double(&M117I_LAST_WALL, 1, None),
        WinFrom::Discard if win.last_tile => acc.double(&M117J_LAST_DISCARD, 1, None),
        WinFrom::RobbedKong => acc.double(&M117K_ROB, 1, None),
        _ => {}
    }
    if win.original_call {
        acc.double(&M117L_ORIGINAL_CALL, 1, None);
    }
    let p = &f.purity;
    let heads_and_tails = p.any && !p.minors && !p.honours;
    if o.no_limit && o.all_terminals_doubles > 0 && heads_and_tails {
        acc.double(&M122L_ALL_TERMINALS, o.all_terminals_doubles, None);
    }
    let (points, doubles) = (acc.points, acc.doubles);
    let items = &mut *acc.items;

    // M122: limit hands.
    let mut first_limit: Option<&'static Rule> = None;
    let mut limit = |r: &'static Rule, items: &mut Items| {
        first_limit.get_or_insert(r);
        items.push(Item {
            limit: true,
            ..item(r, 0, 0, None)
        });
    };
    let k = win.kind;
    let regular = form == Form::Regular;
    let dragons = st.dragon_sets.count_ones();
    let winds = st.wind_sets.count_ones();
    let self_drawn = win.self_drawn();
    if win.heaven {
        limit(&M122A, items);
    }
    if win.earth {
        limit(&M122B, items);
    }
    if win.from == WinFrom::Loose && k == 22 {
        limit(&M122C, items);
    }
    if win.from == WinFrom::Wall && win.last_tile && k == 18 {
        limit(&M122D, items);
    }
    if win.from == WinFrom::RobbedKong && k == 1 {
        limit(&M122E, items);
    }
    if win.kong_upon_kong {
        limit(&M122F, items);
    }
    if regular && st.kongs == 4 {
        limit(&M122G, items);
    }
    if regular && self_drawn && st.concealed_sets == 4 {
        limit(&M122H, items);
    }
    if regular && dragons == 3 && chows == 0 {
        limit(&M122I, items);
    }
    if regular && winds == 4 {
        limit(&M122J, items);
    }
    if p.any && p.suits == 0 {
        limit(&M122K, items);
    }
    if heads_and_tails {
        limit(&M122L, items);
    }
    if p.any && p.all_green {
        limit(&M122M, items);
    }
    if p.suits.count_ones() == 1 && !p.honours {
        let base = p.suits.trailing_zeros() as usize * 9;
        let c = &f.all[base..base + 9];
        if fixed == 0 {
            let mut before = [0u8; 9];
            before.copy_from_slice(c);
            before[k - base] -= 1;
            if before == [3, 1, 1, 1, 1, 1, 1, 1, 3] {
                limit(&M122N, items);
            }
        }
        let snake = |pair: usize| {
            (3..=4).contains(&c[0])
                && (3..=4).contains(&c[8])
                && (1..8).all(|r| c[r] == if r == pair { 2 } else { 1 })
        };
        if regular && (snake(1) || snake(4) || snake(7)) {
            limit(&M122O, items);
        }
        if self_drawn && concealed_except(usize::MAX) {
            limit(&M122P, items);
        }
    }
    if form == Form::ThirteenOrphans {
        limit(&M122Q, items);
    }
    if s.wind == Wind::East && f.table.east_consecutive_wins >= 12 {
        limit(&M122R, items);
    }
    finish(points, doubles, first_limit, o, out)
}

/// Whether `a` beats `b` as the winner's choice of arrangement.
fn better(a: &SeatScore, b: &SeatScore) -> bool {
    let raw = |s: &SeatScore| s.points.saturating_mul(1u64 << s.doubles.min(40));
    (a.score, a.limit.is_some() as u8, raw(a)) > (b.score, b.limit.is_some() as u8, raw(b))
}

/// Scores the winner: the highest-scoring legal Mah-Jongg over every arrangement of the
/// concealed tiles and every set the winning tile may have completed.
fn score_winner(
    table: &Table,
    w: usize,
    s: &Seat,
    shape: &Shape,
    ruleset_name: &str,
    best: &mut SeatScore,
) -> Result<(), InputError> {
    let hand = &table.hands[w];
    let all = hand.all_tiles();
    let facts = WinFacts {
        win: table.win.as_ref().expect("a winner has a win"),
        table,
        all,
        purity: purity(&all),
    };
    let seven = s.o.seven_pairs;
    best_winner(table, w, shape, seven, ruleset_name, best, |args, out| {
        score_winner_arrangement(args, hand, &facts, s, out)
    })
}

/// One candidate for the winner's hand.
#[derive(Copy, Clone)]
pub(crate) struct Candidate<'a> {
    /// All its sets: the fixed ones first, then the arrangement of the loose tiles.
    pub melds: &'a [Meld],
    /// The index of the set the winning tile completed (`usize::MAX`: none).
    pub completed: usize,
    /// The form of the hand.
    pub form: Form,
    /// The winning tile filled the only place (M115c, W-B4).
    pub only_place: bool,
    /// How many of `melds` are fixed (made with a claimed tile, or kongs).
    pub fixed: usize,
}

/// The winner's best score over every arrangement of his loose tiles and every set the
/// winning tile may have completed (M113), with `eval` scoring one candidate. Shared by the
/// scoring families.
///
/// Fixed are the sets made with a claimed tile and the kongs; every other tile (concealed
/// sets as listed, a concealed pair, the concealed tiles) is loose, and the best
/// arrangement of the loose tiles is scored (M115c rule 1, `docs/rules/only-place.md`).
pub(crate) fn best_winner<F: FnMut(Candidate, &mut SeatScore)>(
    table: &Table,
    w: usize,
    shape: &Shape,
    seven_pairs: bool,
    ruleset_name: &str,
    best: &mut SeatScore,
    mut eval: F,
) -> Result<(), InputError> {
    let hand = &table.hands[w];
    let win = table.win.as_ref().expect("a winner has a win");
    let seat_path = format!("seats.{}", Wind::ALL[w].letter());
    let all = hand.all_tiles();
    if all[win.kind] == 0 {
        return Err(InputError::new(
            "win.tile",
            format!("{} is not in the winner's hand", win.tile),
        ));
    }
    let not_legal = |why: &str| {
        InputError::new(
            &seat_path,
            format!("not a legal Mah-Jongg under {ruleset_name}: {why}"),
        )
    };
    // Fixed sets first, in the order listed; the loose tiles in `conc`.
    let mut fixed = Melds::new();
    let mut conc = hand.concealed;
    let mut winning = usize::MAX; // index of the winning set among the fixed ones
    for (i, m) in hand.declared().iter().enumerate() {
        if m.exposed || m.is_kong() {
            if table.winning_set == Some(i as u8) {
                winning = fixed.len;
            }
            fixed.push(*m);
        } else {
            m.add_to(&mut conc);
        }
    }
    let fixed = fixed;
    let fixed_sets = fixed.as_slice();
    let f_sets = fixed_sets
        .iter()
        .filter(|m| m.kind != MeldKind::Pair)
        .count();
    if f_sets > 4 {
        return Err(not_legal("more than four sets"));
    }
    if fixed_sets.len() - f_sets > 1 {
        return Err(not_legal("more than one pair"));
    }
    // A fixed pair (exposed with the winning discard) stands in for the arrangement's pair:
    // add its tiles to the loose ones and keep only arrangements whose pair is of that kind.
    let fixed_pair = fixed_sets
        .iter()
        .find(|m| m.kind == MeldKind::Pair)
        .copied();
    let mut arrange = conc;
    if let Some(p) = fixed_pair {
        arrange[p.tile as usize] += 2;
    }
    let claimed = !win.self_drawn();
    let seven = seven_pairs && fixed_sets.is_empty();

    // M115c: the hand just before the winning tile is the loose tiles (with the winning
    // set's other tiles, when the winning tile completed a fixed set) and the other fixed
    // sets. Its places are the tile kinds that complete it, except kinds whose four copies
    // were all seen; the winning tile's kind always is one.
    let only_place = {
        let mut before = conc;
        let mut sets = f_sets;
        if let Some(m) = fixed_sets.get(winning) {
            m.add_to(&mut before);
            sets -= (m.kind != MeldKind::Pair) as usize;
        }
        // A winning tile in no set it could have completed (only in a set made earlier with
        // another discard) leaves no hand before it: the search below refuses the hand.
        match before[win.kind].checked_sub(1) {
            None => false,
            Some(left) => {
                before[win.kind] = left;
                let mut seen = table.visible;
                seen[win.kind] = 0;
                let places = waits(&before, sets, shape, seven, Some(&seen));
                places.contains(win.kind) && places.len() == 1
            }
        }
    };

    let mut have_best = false;
    let mut scratch = SeatScore::ZERO;
    let mut any_arrangement = false;
    for_each_arrangement(&arrange, 4 - f_sets, shape, seven, |a| {
        if let Some(p) = fixed_pair {
            let ok = a.form == Form::Regular
                && a.sets()
                    .iter()
                    .any(|m| m.kind == MeldKind::Pair && m.tile == p.tile);
            if !ok {
                return;
            }
        }
        any_arrangement = true;
        let mut melds = fixed;
        for m in a.sets() {
            if fixed_pair.is_some() && m.kind == MeldKind::Pair {
                continue; // the fixed pair is already listed
            }
            melds.push(*m);
        }
        // M115c rule 6: only a regular hand fills the only place.
        let op = only_place && a.form == Form::Regular;
        let mut consider = |melds: &Melds, completed: usize| {
            let c = Candidate {
                melds: melds.as_slice(),
                completed,
                form: a.form,
                only_place: op,
                fixed: fixed_sets.len(),
            };
            eval(c, &mut scratch);
            scratch.completed = melds
                .as_slice()
                .get(completed)
                .copied()
                .filter(|_| a.form == Form::Regular);
            if !have_best || better(&scratch, best) {
                *best = scratch;
                have_best = true;
            }
        };
        if a.form == Form::ThirteenOrphans {
            consider(&melds, usize::MAX);
            return;
        }
        if winning != usize::MAX {
            consider(&melds, winning);
            return;
        }
        // Identical arranged sets (two equal chows) are one choice, not two.
        let mut tried = [(MeldKind::Pair, u8::MAX); MAX_MELDS];
        let mut n_tried = 0;
        for (i, &m) in melds.as_slice().iter().enumerate().skip(fixed_sets.len()) {
            if !m.contains(win.kind) || tried[..n_tried].contains(&(m.kind, m.tile)) {
                continue;
            }
            tried[n_tried] = (m.kind, m.tile);
            n_tried += 1;
            let mut placed = melds;
            if claimed {
                // M113: the winning tile from a discard exposes the set it completes.
                placed.buf[i].exposed = true;
            }
            consider(&placed, i);
        }
    });
    if !any_arrangement {
        return Err(not_legal("the tiles do not form four sets and a pair"));
    }
    if !have_best {
        return Err(InputError::new(
            "win.tile",
            format!(
                "{} does not complete any set of the winner's hand",
                win.tile
            ),
        ));
    }
    Ok(())
}

/// Scores one seat of a validated classical table (a washout scores nothing).
pub(crate) fn score_one_seat(
    table: &Table,
    i: usize,
    o: &ClassicalOptions,
    shape: &Shape,
    ruleset_name: &str,
    out: &mut SeatScore,
) -> Result<(), InputError> {
    out.points = 0;
    out.doubles = 0;
    out.limit = None;
    out.completed = None;
    out.score = 0;
    out.items.clear();
    if table.winner.is_none() {
        return Ok(()); // M97: a washout scores nothing
    }
    let s = Seat {
        o,
        wind: Wind::ALL[i],
        prevailing: table.prevailing,
    };
    if table.winner == Some(i) {
        score_winner(table, i, &s, shape, ruleset_name, out)
    } else {
        score_loser(&table.hands[i], &s, out);
        Ok(())
    }
}

/// Scores every seat of a validated classical table.
pub(crate) fn score_seats(
    table: &Table,
    o: &ClassicalOptions,
    shape: &Shape,
    ruleset_name: &str,
    scores: &mut [SeatScore; 4],
) -> Result<(), InputError> {
    for (i, sc) in scores.iter_mut().enumerate() {
        if i < table.seats {
            score_one_seat(table, i, o, shape, ruleset_name, sc)?;
        } else {
            *sc = SeatScore::ZERO;
        }
    }
    Ok(())
}
