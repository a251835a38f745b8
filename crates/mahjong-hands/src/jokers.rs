//! Hand analysis with jokers (the Malaysian game's Fei, MY3-J): wild tiles that stand for
//! any playing tile in a set, within limits.
//!
//! The limits (MY3-J2–J4, MY3-X1): every set holds at least one natural tile, so a pung
//! takes at most two jokers (unless [`JokerRules::all_joker_pung`] lets a concealed pung be
//! three jokers); a chow takes at most one; a concealed kong is never formed (a kong holds
//! no joker); a pair may hold jokers (one or both) only when [`JokerRules::in_pair`] allows
//! it.
//!
//! Jokers are counted apart from the natural tiles' [`Counts`]. Everything here is a
//! search over the naturals, lowest kind first: a three-player Malaysian hand has only
//! circles and honours (16 kinds), so the search stays small. The joker-free analysis
//! elsewhere in this crate is untouched.

use mahjong_tiles::KINDS;

use crate::{Counts, Form, KindMask, Meld, MeldKind, Shape};

/// How jokers may be used beyond the fixed limits.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct JokerRules {
    /// Jokers may stand in the pair: a joker with a natural tile, or two jokers (MY3-J4
    /// option `joker_in_pair`).
    pub in_pair: bool,
    /// A concealed pung may be three jokers, standing for any kind (MY3-J2 with option
    /// `joker_concealed_sets_need_natural` off); by default every set holds a natural tile.
    /// Like a pair of two jokers, such a pung is arranged once the naturals are placed.
    pub all_joker_pung: bool,
}

/// One set of an arrangement with jokers: the set it stands for and how many of its tiles
/// are jokers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct JokerSet {
    /// The set the tiles stand for (concealed).
    pub meld: Meld,
    /// Jokers among its tiles.
    pub jokers: u8,
}

const NO_SET: JokerSet = JokerSet {
    meld: Meld::new(MeldKind::Pair, 0, false),
    jokers: 0,
};

/// One way of arranging concealed naturals and jokers into sets and a pair (or seven
/// pairs). Fixed size: no allocation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct JokerArrangement {
    sets: [JokerSet; 7],
    len: u8,
    /// The form of the hand ([`Form::Regular`] or [`Form::SevenPairs`]).
    pub form: Form,
}

impl JokerArrangement {
    fn empty(form: Form) -> JokerArrangement {
        JokerArrangement {
            sets: [NO_SET; 7],
            len: 0,
            form,
        }
    }

    fn push(&mut self, meld: Meld, jokers: u8) {
        self.sets[self.len as usize] = JokerSet { meld, jokers };
        self.len += 1;
    }

    /// The sets and the pair, in ascending order of their lowest natural tile (a pair of two
    /// jokers last: the arrangement is given once for every kind it may stand for).
    pub fn sets(&self) -> &[JokerSet] {
        &self.sets[..self.len as usize]
    }

    /// Jokers used in the arrangement.
    pub fn jokers(&self) -> u8 {
        self.sets().iter().map(|s| s.jokers).sum()
    }
}

/// The ways a set or the pair can take the lowest natural tile `k` left, each used at most
/// once in a row so that every arrangement is found once: (shape, first kind relative to
/// `k`, naturals of `k`, naturals of `k+1`, naturals of `k+2`, jokers).
#[derive(Copy, Clone)]
struct Take {
    kind: MeldKind,
    /// The set starts at `k - back`.
    back: u8,
    /// Naturals taken at `k`, `k+1`, `k+2`.
    take: [u8; 3],
    jokers: u8,
}

const fn take(kind: MeldKind, back: u8, take: [u8; 3], jokers: u8) -> Take {
    Take {
        kind,
        back,
        take,
        jokers,
    }
}

const TAKES: [Take; 9] = [
    take(MeldKind::Pair, 0, [2, 0, 0], 0),
    take(MeldKind::Pair, 0, [1, 0, 0], 1),
    take(MeldKind::Pung, 0, [3, 0, 0], 0),
    take(MeldKind::Pung, 0, [2, 0, 0], 1),
    take(MeldKind::Pung, 0, [1, 0, 0], 2),
    take(MeldKind::Chow, 0, [1, 1, 1], 0),
    take(MeldKind::Chow, 0, [1, 0, 1], 1),
    take(MeldKind::Chow, 0, [1, 1, 0], 1),
    take(MeldKind::Chow, 1, [1, 1, 0], 1),
];

/// Whether take `t` fits at kind `k` with `c` naturals and `j` jokers left.
#[inline]
fn fits(
    t: &Take,
    k: usize,
    c: &Counts,
    j: u8,
    have_pair: bool,
    shape: &Shape,
    rules: JokerRules,
) -> bool {
    if t.jokers > j {
        return false;
    }
    let fits_kind = match t.kind {
        MeldKind::Pair => !have_pair && (t.jokers == 0 || rules.in_pair),
        MeldKind::Chow => k
            .checked_sub(t.back as usize)
            .is_some_and(|start| shape.chow_starts_at(start)),
        _ => true,
    };
    fits_kind && (0..3).all(|i| t.take[i] == 0 || (k + i < KINDS && c[k + i] >= t.take[i]))
}

// The search's state, passed down as it is (a struct would only rename it).
#[allow(clippy::too_many_arguments)]
fn regular<F: FnMut(&JokerArrangement)>(
    c: &mut Counts,
    j: u8,
    from: usize,
    min_take: usize,
    have_pair: bool,
    shape: &Shape,
    rules: JokerRules,
    arr: &mut JokerArrangement,
    f: &mut F,
) {
    let Some(k) = (from..KINDS).find(|&k| c[k] > 0) else {
        // Every natural is placed: the jokers left can only be a pair of their own, or
        // (`all_joker_pung`) a pung of their own, which may stand for any kind (the scorer
        // takes the best).
        match (have_pair, j) {
            (true, 0) => f(arr),
            (true, 3) if rules.all_joker_pung => {
                let mark = arr.len;
                for p in shape.kinds.iter() {
                    arr.push(Meld::new(MeldKind::Pung, p as u8, false), 3);
                    f(arr);
                    arr.len = mark;
                }
            }
            (false, 2) if rules.in_pair => {
                let mark = arr.len;
                for p in shape.kinds.iter() {
                    arr.push(Meld::new(MeldKind::Pair, p as u8, false), 2);
                    f(arr);
                    arr.len = mark;
                }
            }
            _ => {}
        }
        return;
    };
    // The takes at one kind are chosen in the order of TAKES (each set of takes once).
    let first = if k == from { min_take } else { 0 };
    for (i, t) in TAKES.iter().enumerate().skip(first) {
        if !fits(t, k, c, j, have_pair, shape, rules) {
            continue;
        }
        for d in 0..3 {
            if t.take[d] > 0 {
                c[k + d] -= t.take[d];
            }
        }
        let mark = arr.len;
        arr.push(
            Meld::new(t.kind, (k - t.back as usize) as u8, false),
            t.jokers,
        );
        regular(
            c,
            j - t.jokers,
            k,
            i,
            have_pair || t.kind == MeldKind::Pair,
            shape,
            rules,
            arr,
            f,
        );
        arr.len = mark;
        for d in 0..3 {
            if t.take[d] > 0 {
                c[k + d] += t.take[d];
            }
        }
    }
}

/// Calls `f` once for every distinct arrangement of concealed naturals `counts` and
/// `jokers` into `sets_needed` sets (chows and pungs) plus one pair, and, when
/// `sets_needed` is 4 and `seven_pairs` holds, as seven pairs of different kinds (a joker
/// pairs a single natural, two jokers pair each other, with [`JokerRules::in_pair`]).
/// Arrangements that differ only in where the jokers stand are distinct (`JK 3D 4D` as
/// 2-3-4 and as 3-4-5). Does nothing if the tiles do not form a complete hand.
pub fn for_each_joker_arrangement<F: FnMut(&JokerArrangement)>(
    counts: &Counts,
    jokers: u8,
    sets_needed: usize,
    shape: &Shape,
    rules: JokerRules,
    seven_pairs: bool,
    mut f: F,
) {
    let naturals: usize = counts.iter().map(|&c| c as usize).sum();
    if naturals + jokers as usize != sets_needed * 3 + 2 {
        return;
    }
    let mut c = *counts;
    let mut arr = JokerArrangement::empty(Form::Regular);
    regular(&mut c, jokers, 0, 0, false, shape, rules, &mut arr, &mut f);
    if sets_needed == 4 && seven_pairs {
        if let Some(a) = seven_pairs_with_jokers(counts, jokers, shape, rules) {
            f(&a);
        }
    }
}

/// Seven pairs of different kinds with jokers (the naturals' pairs, each single natural
/// with a joker, the jokers left paired on kinds the hand lacks).
fn seven_pairs_with_jokers(
    counts: &Counts,
    jokers: u8,
    shape: &Shape,
    rules: JokerRules,
) -> Option<JokerArrangement> {
    let mut singles = 0u8;
    for &n in counts.iter() {
        match n {
            0 | 2 => {}
            1 => singles += 1,
            _ => return None,
        }
    }
    if jokers > 0 && !rules.in_pair || singles > jokers || (jokers - singles) % 2 == 1 {
        return None;
    }
    let mut a = JokerArrangement::empty(Form::SevenPairs);
    for (k, &n) in counts.iter().enumerate() {
        if n > 0 {
            a.push(Meld::new(MeldKind::Pair, k as u8, false), 2 - n);
        }
    }
    let mut free = shape.kinds.iter().filter(|&k| counts[k] == 0);
    for _ in 0..(jokers - singles) / 2 {
        a.push(Meld::new(MeldKind::Pair, free.next()? as u8, false), 2);
    }
    Some(a)
}

/// Whether concealed naturals `counts` and `jokers` (14 tiles, no declared set) are seven
/// pairs of different kinds, jokers pairing single naturals or each other as
/// [`JokerRules::in_pair`] allows.
pub fn is_seven_pairs_with_jokers(
    counts: &Counts,
    jokers: u8,
    shape: &Shape,
    rules: JokerRules,
) -> bool {
    let naturals: usize = counts.iter().map(|&c| c as usize).sum();
    naturals + jokers as usize == 14
        && seven_pairs_with_jokers(counts, jokers, shape, rules).is_some()
}

/// The kinds of `shape` whose natural tile makes concealed `counts` and `jokers` (13
/// tiles, no declared set) seven pairs of different kinds ([`is_seven_pairs_with_jokers`]).
pub fn seven_pairs_waits_with_jokers(
    counts: &Counts,
    jokers: u8,
    shape: &Shape,
    rules: JokerRules,
) -> KindMask {
    let naturals: usize = counts.iter().map(|&c| c as usize).sum();
    if naturals + jokers as usize != 13 {
        return KindMask::EMPTY;
    }
    // Only a kind held once can become a pair; with a joker to spare, any kind not held.
    completing_kinds(counts, shape, 2, |c| {
        seven_pairs_with_jokers(c, jokers, shape, rules).is_some()
    })
}

/// The kinds of `shape` held fewer than `below` times whose tile, added to `counts`,
/// makes a hand that `complete` accepts.
#[inline]
fn completing_kinds(
    counts: &Counts,
    shape: &Shape,
    below: u8,
    complete: impl Fn(&Counts) -> bool,
) -> KindMask {
    let mut out = KindMask::EMPTY;
    let mut c = *counts;
    for k in shape.kinds.iter() {
        if c[k] >= below {
            continue;
        }
        c[k] += 1;
        if complete(&c) {
            out.insert(k);
        }
        c[k] -= 1;
    }
    out
}

/// Whether concealed naturals `counts` and `jokers` form `sets_needed` sets and a pair.
pub fn is_complete_with_jokers(
    counts: &Counts,
    jokers: u8,
    sets_needed: usize,
    shape: &Shape,
    rules: JokerRules,
) -> bool {
    let mut found = false;
    for_each_joker_arrangement(counts, jokers, sets_needed, shape, rules, false, |_| {
        found = true
    });
    found
}

/// The kinds of `shape` whose natural tile would complete concealed `counts` and `jokers`
/// (13 − 3·`sets_needed`… tiles, one short of a complete hand) with `sets_needed` sets to
/// make. A kind the hand holds four of is left out.
pub fn waits_with_jokers(
    counts: &Counts,
    jokers: u8,
    sets_needed: usize,
    shape: &Shape,
    rules: JokerRules,
) -> KindMask {
    // Most hands a player asks about are not ready: one shanten says so.
    if shanten_with_jokers(counts, jokers, sets_needed, shape, rules) != 0 {
        return KindMask::EMPTY;
    }
    completing_kinds(counts, shape, 4, |c| {
        is_complete_with_jokers(c, jokers, sets_needed, shape, rules)
    })
}

/// Most blocks a decomposition keeps: four sets and the pair.
const MAX_BLOCKS: usize = 5;
/// Reachable block counts: bit `state(n1, n2, n3, p)`, where `n1`–`n3` count blocks of one,
/// two and three naturals meant as sets or the pair, and `p` whether one of the twos is a
/// pair of one kind (so it can be the pair).
type States = [u64; 7];

#[inline]
const fn state(n1: usize, n2: usize, n3: usize, p: usize) -> usize {
    ((n1 * 6 + n2) * 6 + n3) * 2 + p
}

#[inline]
fn set(s: &mut States, i: usize) {
    s[i / 64] |= 1 << (i % 64);
}

/// Adds the blocks `(n1, n2, n3, p)` to every state of `from`, into `to`, keeping at most
/// `limit` blocks.
fn add(from: &States, to: &mut States, d: (usize, usize, usize, usize), limit: usize) {
    for (n1, n2, n3, p) in each(from) {
        let (a, b, c) = (n1 + d.0, n2 + d.1, n3 + d.2);
        if a + b + c <= limit {
            set(to, state(a, b, c, p.max(d.3)));
        }
    }
}

/// Every state of `s` as `(n1, n2, n3, p)`.
fn each(s: &States) -> impl Iterator<Item = (usize, usize, usize, usize)> + '_ {
    s.iter().enumerate().flat_map(|(w, &bits)| {
        let mut bits = bits;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let (p, r) = (i % 2, i / 2);
                let (n3, r) = (r % 6, r / 6);
                (r / 6, r % 6, n3, p)
            })
        })
    })
}

/// The regular-form shanten of concealed naturals `counts` and `jokers` with
/// `sets_needed` sets to make: −1 when complete, 0 when one natural tile short, and so
/// on. It counts natural tiles to draw: a joker is never better than the natural tile it
/// would stand for. Like [`crate::shanten`] it does not count the copies a hand holds (a
/// wait on a kind held four times counts).
///
/// The naturals are cut into blocks (sets of three, twos that want a tile, single tiles,
/// tiles to discard): kind by kind for tiles without chows, by a search within each suit
/// with chows; what is reachable is a small set of block counts, and each is priced by the
/// natural draws it still lacks.
pub fn shanten_with_jokers(
    counts: &Counts,
    jokers: u8,
    sets_needed: usize,
    shape: &Shape,
    rules: JokerRules,
) -> i8 {
    let limit = (sets_needed + 1).min(MAX_BLOCKS);
    let mut states: States = [0; 7];
    set(&mut states, state(0, 0, 0, 0));
    for suit in 0..4 {
        let kinds = if suit < 3 {
            suit * 9..suit * 9 + 9
        } else {
            27..KINDS
        };
        if kinds.clone().all(|k| counts[k] == 0) {
            continue;
        }
        if suit < 3 && shape.chow_suits[suit] {
            let mut suit_counts = [0u8; 9];
            suit_counts.copy_from_slice(&counts[kinds.clone()]);
            let found = suit_states(&suit_counts, limit);
            let mut next: States = [0; 7];
            for d in each(&found) {
                add(&states, &mut next, d, limit);
            }
            states = next;
        } else {
            for k in kinds {
                let n = counts[k] as usize;
                if n == 0 {
                    continue;
                }
                let mut next: States = [0; 7];
                for threes in 0..=n / 3 {
                    for twos in 0..=(n - 3 * threes) / 2 {
                        for ones in 0..=(n - 3 * threes - 2 * twos) {
                            let p = usize::from(twos > 0);
                            add(&states, &mut next, (ones, twos, threes, p), limit);
                        }
                    }
                }
                states = next;
            }
        }
    }
    each(&states)
        .map(|(n1, n2, n3, p)| draws([n1, n2, n3], p == 1, jokers, sets_needed, rules))
        .filter(|&d| d != u8::MAX)
        .map(|d| d as i8 - 1)
        .min()
        .unwrap_or(i8::MAX)
}

/// Every way of cutting the naturals `c` of one suit with chows into at most `limit`
/// blocks, as the block counts reachable. Results are kept per thread by suit content
/// (a small direct-mapped cache): players ask about the same suits over and over.
fn suit_states(c: &[u8; 9], limit: usize) -> States {
    const SLOTS: usize = 4096;
    thread_local! {
        static CACHE: std::cell::RefCell<Vec<(u64, States)>> =
            const { std::cell::RefCell::new(Vec::new()) };
    }
    // Counts above 4 (a test's fifth copy) get keys of their own too.
    let key = c.iter().fold(0u64, |k, &n| k * 16 + u64::from(n.min(15))) * 8 + limit as u64;
    let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 52) as usize % SLOTS;
    // Keys are stored plus one so that an empty slot (0) matches nothing.
    if let Some(hit) = CACHE.with(|m| {
        let m = m.borrow();
        m.get(slot).filter(|e| e.0 == key + 1).map(|e| e.1)
    }) {
        return hit;
    }
    let mut cc = *c;
    let found = suit_search(&mut cc, limit);
    CACHE.with(|m| {
        let mut m = m.borrow_mut();
        if m.is_empty() {
            m.resize(SLOTS, (0, [0; 7]));
        }
        m[slot] = (key + 1, found);
    });
    found
}

/// The block counts reachable from the naturals of `c`, at most `limit` blocks: every way
/// of using its lowest tile, each with what the rest reaches ([`suit_states`], cached).
fn suit_search(c: &mut [u8; 9], limit: usize) -> States {
    let mut out: States = [0; 7];
    let Some(r) = (0..9).find(|&r| c[r] > 0) else {
        set(&mut out, state(0, 0, 0, 0));
        return out;
    };
    let mut go = |c: &mut [u8; 9], take: &[usize], size: usize, pair: bool| {
        for &d in take {
            c[r + d] -= 1;
        }
        let rest = suit_states(c, limit);
        let d = match size {
            0 => (0, 0, 0, 0),
            1 => (1, 0, 0, 0),
            2 => (0, 1, 0, usize::from(pair)),
            _ => (0, 0, 1, 0),
        };
        add(&rest, &mut out, d, limit);
        for &d in take {
            c[r + d] += 1;
        }
    };
    if c[r] >= 3 {
        go(c, &[0, 0, 0], 3, false);
    }
    if r < 7 && c[r + 1] > 0 && c[r + 2] > 0 {
        go(c, &[0, 1, 2], 3, false);
    }
    if c[r] >= 2 {
        go(c, &[0, 0], 2, true);
    }
    if r < 8 && c[r + 1] > 0 {
        go(c, &[0, 1], 2, false);
    }
    if r < 7 && c[r + 2] > 0 {
        go(c, &[0, 2], 2, false);
    }
    go(c, &[0], 1, false);
    // Or the tile is left over, to be discarded.
    go(c, &[0], 0, false);
    out
}

/// Natural tiles to draw to finish the sets and the pair from blocks of one, two and three
/// naturals (`n`; `pair`: one of the twos is a pair of one kind): the pair from that two,
/// from a one or from nothing; the sets from the rest and from empty blocks; each joker
/// fills a gap a joker may fill (an empty set keeps one place for a natural unless
/// [`JokerRules::all_joker_pung`]; the pair's places only with [`JokerRules::in_pair`]).
/// `u8::MAX` when the blocks do not fit.
fn draws(n: [usize; 3], pair: bool, jokers: u8, sets: usize, rules: JokerRules) -> u8 {
    let mut best = usize::MAX;
    for pair_n in [2usize, 1, 0] {
        let mut n = n;
        match pair_n {
            2 if pair => n[1] -= 1,
            1 if n[0] > 0 => n[0] -= 1,
            0 => {}
            _ => continue,
        }
        let placed = n[0] + n[1] + n[2];
        if placed > sets {
            continue;
        }
        let empty = sets - placed;
        let set_gaps = 2 * n[0] + n[1] + 3 * empty;
        let pair_gaps = 2 - pair_n;
        let empty_room = if rules.all_joker_pung { 3 } else { 2 } * empty;
        let room = 2 * n[0] + n[1] + empty_room + if rules.in_pair { pair_gaps } else { 0 };
        best = best.min(set_gaps + pair_gaps - (jokers as usize).min(room));
    }
    best.min(u8::MAX as usize) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use mahjong_tiles::{Tile, TileSet, TileSetId};

    fn shape() -> Shape {
        Shape::of(&TileSet::new(TileSetId::Malaysian3p))
    }

    /// Naturals and jokers of a hand written in tile codes (`JK` for a joker).
    fn hand(s: &str) -> (Counts, u8) {
        let mut c = [0u8; KINDS];
        let mut j = 0;
        for t in Tile::parse_list(s).unwrap() {
            match t.kind() {
                Some(k) => c[k] += 1,
                None => j += 1,
            }
        }
        (c, j)
    }

    /// Seven different pairs by trying every kind for every joker (the reference).
    fn seven_pairs_brute(c: &Counts, jokers: u8, shape: &Shape, rules: JokerRules) -> bool {
        if jokers == 0 {
            return c.iter().map(|&n| n as usize).sum::<usize>() == 14
                && c.iter().all(|&n| n == 0 || n == 2);
        }
        if !rules.in_pair {
            return false;
        }
        shape.kinds.iter().any(|k| {
            let mut d = *c;
            d[k] += 1;
            seven_pairs_brute(&d, jokers - 1, shape, rules)
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        #[test]
        fn seven_pairs_with_jokers_equal_every_substitution(
            kinds in proptest::collection::vec(0usize..16, 14),
            jokers in 0u8..=4,
            in_pair in proptest::bool::ANY,
            short in proptest::bool::ANY,
        ) {
            let shape = shape();
            let rules = JokerRules { in_pair, all_joker_pung: false };
            let all: Vec<usize> = shape.kinds.iter().collect();
            // Mostly pairs: each drawn kind twice, then cut to size.
            let mut c = [0u8; KINDS];
            let want = if short { 13 } else { 14 } - jokers as usize;
            let mut held = 0;
            'fill: for k in kinds {
                for _ in 0..2 {
                    if held == want {
                        break 'fill;
                    }
                    if c[all[k]] < 4 {
                        c[all[k]] += 1;
                        held += 1;
                    }
                }
            }
            proptest::prop_assume!(held == want);
            if short {
                let mut brute = KindMask::EMPTY;
                for k in shape.kinds.iter().filter(|&k| c[k] < 4) {
                    let mut d = c;
                    d[k] += 1;
                    if seven_pairs_brute(&d, jokers, &shape, rules) {
                        brute.insert(k);
                    }
                }
                proptest::prop_assert_eq!(seven_pairs_waits_with_jokers(&c, jokers, &shape, rules), brute);
            } else {
                proptest::prop_assert_eq!(
                    is_seven_pairs_with_jokers(&c, jokers, &shape, rules),
                    seven_pairs_brute(&c, jokers, &shape, rules)
                );
            }
        }
    }

    const PAIR_OK: JokerRules = JokerRules {
        in_pair: true,
        all_joker_pung: false,
    };
    const PAIR_NO: JokerRules = JokerRules {
        in_pair: false,
        all_joker_pung: false,
    };
    /// MY3-J2 with `joker_concealed_sets_need_natural` off: a pung may be three jokers.
    const BARE_OK: JokerRules = JokerRules {
        in_pair: true,
        all_joker_pung: true,
    };
    const BARE_NO: JokerRules = JokerRules {
        in_pair: false,
        all_joker_pung: true,
    };
    /// Every combination of the rules, for the brute-force comparisons.
    const ALL_RULES: [JokerRules; 4] = [PAIR_OK, PAIR_NO, BARE_OK, BARE_NO];

    fn arrangements(s: &str, sets: usize, rules: JokerRules, seven: bool) -> Vec<JokerArrangement> {
        let (c, j) = hand(s);
        let mut v = Vec::new();
        for_each_joker_arrangement(&c, j, sets, &shape(), rules, seven, |a| v.push(*a));
        v
    }

    #[test]
    fn a_joker_completes_a_chow_a_pung_or_the_pair() {
        let sh = shape();
        let (c, j) = hand("1D 2D JK 4D 4D 4D RD RD JK EW EW EW 9D 9D");
        assert!(is_complete_with_jokers(&c, j, 4, &sh, PAIR_OK));
        // 1D 2D JK is the only way to use the first joker; RD RD JK a pung.
        let v = arrangements(
            "1D 2D JK 4D 4D 4D RD RD JK EW EW EW 9D 9D",
            4,
            PAIR_OK,
            false,
        );
        assert!(!v.is_empty());
        for a in &v {
            assert_eq!(a.jokers(), 2);
            assert_eq!(a.sets().len(), 5);
        }
    }

    #[test]
    fn every_set_needs_a_natural_and_a_chow_one_joker_at_most() {
        let sh = shape();
        // Three jokers can never be a pung of their own: EW EW with them is complete only
        // as EW JK JK and EW JK, a joker in the pair.
        let (c, j) = hand("JK JK JK EW EW");
        assert!(!is_complete_with_jokers(&c, j, 1, &sh, PAIR_NO));
        assert!(is_complete_with_jokers(&c, j, 1, &sh, PAIR_OK));
        let (c, j) = hand("JK JK JK 1D 1D 1D 2D 2D 2D 3D 3D 3D 5D 5D");
        assert!(is_complete_with_jokers(&c, j, 4, &sh, PAIR_NO));
        // A single natural with two jokers is a pung, never a chow.
        let v = arrangements(
            "5D JK JK 1D 1D 1D 2D 2D 2D EW EW EW RD RD",
            4,
            PAIR_NO,
            false,
        );
        assert!(v.iter().all(|a| a
            .sets()
            .iter()
            .all(|s| s.meld.kind != MeldKind::Chow || s.jokers <= 1)));
        assert!(v.iter().any(|a| a
            .sets()
            .iter()
            .any(|s| s.meld.kind == MeldKind::Pung && s.jokers == 2)));
    }

    #[test]
    fn all_joker_pung_only_with_the_option() {
        let sh = shape();
        // MY3-J2 [P]: one set and the pair left to make from JK JK JK EW EW. Every set holds a
        // natural (the default): EW JK JK and EW JK would put a joker in the pair, refused
        // here. With `all_joker_pung` the three jokers are a pung of their own.
        let s = "JK JK JK EW EW";
        let (c, j) = hand(s);
        assert!(!is_complete_with_jokers(&c, j, 1, &sh, PAIR_NO));
        assert!(is_complete_with_jokers(&c, j, 1, &sh, BARE_NO));
        // The bare pung may stand for any kind, each arrangement once; it comes last.
        let v = arrangements(s, 1, BARE_NO, false);
        assert_eq!(v.len(), sh.kinds.iter().count());
        for a in &v {
            let last = a.sets().last().unwrap();
            assert_eq!((last.meld.kind, last.jokers), (MeldKind::Pung, 3));
        }
        // With natural sets to spare, three jokers also join them (a pung split into
        // 9D 9D JK and 9D JK JK): the bare pung is one arrangement more, standing for any
        // kind (a dragon, say), which the scorer may prefer.
        let s = "1D 2D 3D 4D 5D 6D 9D 9D 9D EW EW JK JK JK";
        let plain = arrangements(s, 4, PAIR_NO, false);
        let bare = arrangements(s, 4, BARE_NO, false);
        assert!(!plain.is_empty());
        assert!(plain.iter().all(|a| a.sets().iter().all(|s| s.jokers < 3)));
        assert!(bare
            .iter()
            .any(|a| a.sets().iter().any(|s| s.meld.tile == 31 && s.jokers == 3)));
        // One tile short: EW waits for its pair only with the option.
        let (c, j) = hand("JK JK JK EW");
        assert_eq!(shanten_with_jokers(&c, j, 1, &sh, BARE_NO), 0);
        assert!(shanten_with_jokers(&c, j, 1, &sh, PAIR_NO) > 0);
        let w = waits_with_jokers(&c, j, 1, &sh, BARE_NO);
        assert_eq!(w.iter().collect::<Vec<_>>(), [27]);
        assert!(waits_with_jokers(&c, j, 1, &sh, PAIR_NO).is_empty());
    }

    #[test]
    fn jokers_in_the_pair_only_with_the_option() {
        let sh = shape();
        let (c, j) = hand("1D 2D 3D 4D 5D 6D 7D 8D 9D EW EW EW RD JK");
        assert!(is_complete_with_jokers(&c, j, 4, &sh, PAIR_OK));
        assert!(!is_complete_with_jokers(&c, j, 4, &sh, PAIR_NO));
        let (c, j) = hand("1D 2D 3D 4D 5D 6D 7D 8D 9D EW EW EW JK JK");
        assert!(is_complete_with_jokers(&c, j, 4, &sh, PAIR_OK));
        // Without the option the two jokers go into a set: EW JK JK beside the pair EW EW.
        let v = arrangements(
            "1D 2D 3D 4D 5D 6D 7D 8D 9D EW EW EW JK JK",
            4,
            PAIR_NO,
            false,
        );
        assert!(!v.is_empty());
        assert!(v.iter().all(|a| a
            .sets()
            .iter()
            .all(|s| s.meld.kind != MeldKind::Pair || s.jokers == 0)));
        // With it, a pair of two jokers may stand for any of the set's 16 kinds.
        let v = arrangements(
            "1D 2D 3D 4D 5D 6D 7D 8D 9D EW EW EW JK JK",
            4,
            PAIR_OK,
            false,
        );
        let joker_pairs = v
            .iter()
            .filter(|a| {
                a.sets()
                    .iter()
                    .any(|s| s.meld.kind == MeldKind::Pair && s.jokers == 2)
            })
            .count();
        assert_eq!(joker_pairs, 16);
    }

    #[test]
    fn where_a_joker_stands_is_part_of_the_arrangement() {
        // JK 3D 4D: 2-3-4 or 3-4-5, each listed once.
        let v = arrangements("JK 3D 4D EW EW", 1, PAIR_NO, false);
        let mut starts: Vec<u8> = v
            .iter()
            .map(|a| {
                a.sets()
                    .iter()
                    .find(|s| s.meld.kind == MeldKind::Chow)
                    .unwrap()
                    .meld
                    .tile
            })
            .collect();
        starts.sort();
        let three = Tile::parse_list("3D").unwrap()[0].kind().unwrap() as u8;
        assert_eq!(starts, vec![three - 1, three]);
    }

    #[test]
    fn seven_pairs_with_jokers() {
        let v = arrangements(
            "1D 1D 3D 3D 5D JK 7D 7D EW EW RD RD JK JK",
            4,
            PAIR_OK,
            true,
        );
        let sp: Vec<_> = v.iter().filter(|a| a.form == Form::SevenPairs).collect();
        assert_eq!(sp.len(), 1);
        assert_eq!(sp[0].sets().len(), 7);
        assert_eq!(sp[0].jokers(), 3);
        // Four of a kind is not two different pairs.
        let v = arrangements(
            "1D 1D 1D 1D 5D 5D 7D 7D EW EW RD RD GD GD",
            4,
            PAIR_OK,
            true,
        );
        assert!(v.iter().all(|a| a.form != Form::SevenPairs));
    }

    #[test]
    fn shanten_and_waits_on_examples() {
        let sh = shape();
        let (c, j) = hand("1D 2D JK 4D 4D 4D RD RD JK EW EW EW 9D");
        assert_eq!(shanten_with_jokers(&c, j, 4, &sh, PAIR_NO), 0);
        let w = waits_with_jokers(&c, j, 4, &sh, PAIR_NO);
        assert!(w.contains(Tile::parse_list("9D").unwrap()[0].kind().unwrap()));
        assert_eq!(shanten_with_jokers(&c, j, 4, &sh, PAIR_OK), 0);
        let (c, j) = hand("1D 5D 9D EW SW WW NW RD GD WD JK JK JK");
        assert!(shanten_with_jokers(&c, j, 4, &sh, PAIR_OK) >= 2);
    }

    /// A small deterministic generator (no dependency for a test's random hands).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    /// A random hand of `n` tiles from the Malaysian set's 16 kinds and 4 jokers.
    fn random_hand(r: &mut Rng, n: usize, sh: &Shape) -> (Counts, u8) {
        let kinds: Vec<usize> = sh.kinds.iter().collect();
        let mut c = [0u8; KINDS];
        let mut j = 0u8;
        let mut left = n;
        while left > 0 {
            let x = r.next() % (kinds.len() as u64 * 4 + 4);
            if x < 4 {
                if j < 4 && r.next().is_multiple_of(3) {
                    j += 1;
                    left -= 1;
                }
                continue;
            }
            let k = kinds[(x as usize - 4) / 4];
            if c[k] < 4 {
                c[k] += 1;
                left -= 1;
            }
        }
        (c, j)
    }

    /// A complete hand of `sets` sets and a pair with up to four of its tiles turned into
    /// jokers, and sometimes one tile changed: near-complete hands, where the cases lie.
    fn near_complete(r: &mut Rng, sets: usize, sh: &Shape) -> (Counts, u8) {
        let kinds: Vec<usize> = sh.kinds.iter().collect();
        'again: loop {
            let mut c = [0u8; KINDS];
            for i in 0..=sets {
                let k = kinds[(r.next() % kinds.len() as u64) as usize];
                let tiles: Vec<usize> = if i == sets {
                    vec![k; 2]
                } else if sh.chow_starts_at(k) && r.next().is_multiple_of(2) {
                    vec![k, k + 1, k + 2]
                } else {
                    vec![k; 3]
                };
                for t in tiles {
                    c[t] += 1;
                    if c[t] > 4 {
                        continue 'again;
                    }
                }
            }
            let mut j = 0u8;
            for _ in 0..r.next() % 5 {
                let held: Vec<usize> = (0..KINDS).filter(|&k| c[k] > 0).collect();
                c[held[(r.next() % held.len() as u64) as usize]] -= 1;
                j += 1;
            }
            if r.next().is_multiple_of(3) {
                let held: Vec<usize> = (0..KINDS).filter(|&k| c[k] > 0).collect();
                if !held.is_empty() {
                    c[held[(r.next() % held.len() as u64) as usize]] -= 1;
                    let k = kinds[(r.next() % kinds.len() as u64) as usize];
                    c[k] += 1;
                }
            }
            return (c, j);
        }
    }

    /// Brute force: every substitution of the jokers by kinds, every plain arrangement of
    /// the result, and a check that the jokers can be placed within the limits.
    fn complete_by_substitution(
        c: &Counts,
        j: u8,
        sets: usize,
        sh: &Shape,
        rules: JokerRules,
    ) -> bool {
        if c.iter().map(|&n| n as usize).sum::<usize>() + j as usize != sets * 3 + 2 {
            return false;
        }
        #[allow(clippy::too_many_arguments)]
        fn go(
            c: &mut Counts,
            subst: &mut Counts,
            j: u8,
            from: usize,
            sh: &Shape,
            rules: JokerRules,
            orig: &Counts,
        ) -> bool {
            if j == 0 {
                let mut sets_found = Vec::new();
                return plain(c, 0, false, sh, &mut sets_found, &mut |a| {
                    // Place the jokers: each set gets some of the substituted copies of
                    // its kinds; try every split (tiny).
                    placeable(a, subst, orig, rules)
                });
            }
            // A joker may stand for a fifth copy of a kind.
            for k in sh.kinds.iter().filter(|&k| k >= from) {
                c[k] += 1;
                subst[k] += 1;
                let r = go(c, subst, j - 1, k, sh, rules, orig);
                c[k] -= 1;
                subst[k] -= 1;
                if r {
                    return true;
                }
            }
            false
        }
        let mut cc = *c;
        let mut subst = [0u8; KINDS];
        go(&mut cc, &mut subst, j, 0, sh, rules, c)
    }

    /// Every plain arrangement of `c` into sets and one pair (any number of copies of a
    /// kind: a joker may stand for a fifth), until `f` says yes.
    fn plain(
        c: &mut Counts,
        from: usize,
        have_pair: bool,
        sh: &Shape,
        sets: &mut Vec<Meld>,
        f: &mut dyn FnMut(&[Meld]) -> bool,
    ) -> bool {
        let Some(k) = (from..KINDS).find(|&k| c[k] > 0) else {
            return have_pair && f(sets);
        };
        let mut tries: Vec<(MeldKind, Vec<usize>)> = vec![(MeldKind::Pung, vec![k; 3])];
        if !have_pair {
            tries.push((MeldKind::Pair, vec![k; 2]));
        }
        if sh.chow_starts_at(k) {
            tries.push((MeldKind::Chow, vec![k, k + 1, k + 2]));
        }
        for (kind, tiles) in tries {
            if tiles.iter().any(|&t| c[t] == 0)
                || (kind != MeldKind::Chow && c[k] < tiles.len() as u8)
            {
                continue;
            }
            for &t in &tiles {
                c[t] -= 1;
            }
            sets.push(Meld::new(kind, k as u8, false));
            let ok = plain(c, k, have_pair || kind == MeldKind::Pair, sh, sets, f);
            sets.pop();
            for &t in &tiles {
                c[t] += 1;
            }
            if ok {
                return true;
            }
        }
        false
    }

    /// Whether the substituted copies `subst` can be spread over `sets` so that every set
    /// keeps a natural (a pung need not with `all_joker_pung`), a chow holds at most one
    /// joker and the pair none unless allowed.
    fn placeable(sets: &[Meld], subst: &Counts, orig: &Counts, rules: JokerRules) -> bool {
        fn rec(
            sets: &[Meld],
            i: usize,
            subst: &mut Counts,
            nat: &mut Counts,
            rules: JokerRules,
        ) -> bool {
            if i == sets.len() {
                return subst.iter().all(|&n| n == 0);
            }
            let m = sets[i];
            let kinds: Vec<usize> = match m.kind {
                MeldKind::Chow => (0..3).map(|d| m.tile as usize + d).collect(),
                MeldKind::Pung => vec![m.tile as usize; 3],
                MeldKind::Pair => vec![m.tile as usize; 2],
                MeldKind::Kong(_) => vec![m.tile as usize; 4],
            };
            // Choose for each tile of the set joker or natural.
            let n = kinds.len();
            for mask in 0..(1u32 << n) {
                let jk = mask.count_ones() as usize;
                let allowed = match m.kind {
                    MeldKind::Pair => jk == 0 || rules.in_pair,
                    MeldKind::Chow => jk <= 1,
                    MeldKind::Pung if rules.all_joker_pung => true,
                    _ => jk < n,
                };
                if !allowed {
                    continue;
                }
                let mut ok = true;
                for (b, &k) in kinds.iter().enumerate() {
                    let pool = if mask >> b & 1 == 1 {
                        &mut *subst
                    } else {
                        &mut *nat
                    };
                    if pool[k] == 0 {
                        ok = false;
                    }
                    pool[k] = pool[k].wrapping_sub(1);
                }
                if ok && rec(sets, i + 1, subst, nat, rules) {
                    return true;
                }
                for (b, &k) in kinds.iter().enumerate() {
                    let pool = if mask >> b & 1 == 1 {
                        &mut *subst
                    } else {
                        &mut *nat
                    };
                    pool[k] = pool[k].wrapping_add(1);
                }
            }
            false
        }
        let mut s = *subst;
        let mut nat = *orig;
        rec(sets, 0, &mut s, &mut nat, rules)
    }

    #[test]
    fn completeness_agrees_with_every_substitution() {
        let sh = shape();
        let mut r = Rng(0x9e37_79b9_7f4a_7c15);
        let mut complete = 0;
        for i in 0..3000 {
            let sets = 1 + i % 4;
            let rules = ALL_RULES[i % 4];
            let (c, j) = if i % 3 == 0 {
                random_hand(&mut r, sets * 3 + 2, &sh)
            } else {
                near_complete(&mut r, sets, &sh)
            };
            let ours = is_complete_with_jokers(&c, j, sets, &sh, rules);
            let brute = complete_by_substitution(&c, j, sets, &sh, rules);
            assert_eq!(ours, brute, "{c:?} jokers {j} sets {sets} {rules:?}");
            complete += ours as u32;
        }
        // The near-complete hands reach both answers often.
        assert!((800..2200).contains(&complete), "{complete} complete");
    }

    #[test]
    fn shanten_is_minus_one_exactly_when_complete_and_steps_by_one() {
        let sh = shape();
        let mut r = Rng(0x1234_5678_9abc_def1);
        for i in 0..1500 {
            let sets = 1 + i % 4;
            let rules = ALL_RULES[i % 4];
            // A hand one tile short: its shanten is one more than the best after a draw.
            let (c, j) = if i % 2 == 0 {
                random_hand(&mut r, sets * 3 + 1, &sh)
            } else {
                // A near-complete hand less one tile.
                let (mut c, mut j) = near_complete(&mut r, sets, &sh);
                match (0..KINDS).find(|&k| c[k] > 0) {
                    Some(k) if j == 0 || r.next().is_multiple_of(2) => c[k] -= 1,
                    _ => j -= 1,
                }
                (c, j)
            };
            let s13 = shanten_with_jokers(&c, j, sets, &sh, rules);
            let mut best14 = i8::MAX;
            let mut completing = KindMask::EMPTY;
            let mut cc = c;
            // Shanten, like the joker-free one, does not count the copies a hand holds: a
            // fifth natural is drawn here too.
            for k in sh.kinds.iter() {
                cc[k] += 1;
                let s14 = if is_complete_with_jokers(&cc, j, sets, &sh, rules) {
                    if c[k] < 4 {
                        completing.insert(k);
                    }
                    -1
                } else {
                    // The best discard's shanten (naturals or a joker).
                    let mut b = i8::MAX;
                    for d in sh.kinds.iter() {
                        if cc[d] == 0 {
                            continue;
                        }
                        cc[d] -= 1;
                        b = b.min(shanten_with_jokers(&cc, j, sets, &sh, rules));
                        cc[d] += 1;
                    }
                    if j > 0 {
                        b = b.min(shanten_with_jokers(&cc, j - 1, sets, &sh, rules));
                    }
                    b
                };
                assert_eq!(
                    shanten_with_jokers(&cc, j, sets, &sh, rules),
                    s14,
                    "14 tiles {cc:?} jokers {j} sets {sets} {rules:?}"
                );
                best14 = best14.min(s14);
                cc[k] -= 1;
            }
            assert_eq!(
                s13,
                best14 + 1,
                "13 tiles {c:?} jokers {j} sets {sets} {rules:?}"
            );
            assert_eq!(
                waits_with_jokers(&c, j, sets, &sh, rules),
                completing,
                "{c:?} jokers {j}"
            );
        }
    }
}
