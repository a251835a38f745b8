//! Shanten: how many tiles a hand is away from ready (0 = ready, -1 = complete).
//!
//! The regular form uses the exact replacement-number definition: the fewest tiles that
//! must be drawn (each replacing one held tile) to reach some complete hand the tile set
//! allows, minus one. The hand is split into independent groups — each chow-capable suit,
//! and all remaining kinds together (honours and suits without chows, where only pungs and
//! pairs exist). Each group yields a vector of distances for every (sets, pairs) target,
//! and a min-plus convolution of the vectors gives the distance of the whole hand.

use mahjong_tiles::KINDS;

use crate::table::{self, Tables, EMPTY_GROUP, INF, MAX_TILES};
use crate::{Counts, KindMask, Shape};

/// Shanten of the regular form (sets + pair) for a hand with `declared` sets already
/// declared and the given concealed counts (13 − 3·`declared` or 14 − 3·`declared`
/// tiles). More than four declared sets count as four. Returns `i8::MAX` if the tile set
/// cannot form any complete hand.
pub fn shanten_regular(counts: &Counts, declared: usize, shape: &Shape) -> i8 {
    #[cfg(target_arch = "x86_64")]
    if table::fast_available() {
        // SAFETY: the processor has the features `fast` is compiled for.
        return unsafe { fast::regular(counts, declared, shape) };
    }
    regular(counts, declared, shape, other_shapes)
}

/// Shanten of the seven-pairs form (no declared sets): seven different pairs, so a fourth
/// copy of a kind is no second pair.
pub fn shanten_seven_pairs(counts: &Counts) -> i8 {
    seven_pairs_of(table::levels(counts))
}

/// Shanten of the Thirteen Unique Wonders form in this tile set (no declared sets).
pub fn shanten_orphans(counts: &Counts, shape: &Shape) -> i8 {
    orphans_of(table::levels(counts), shape)
}

/// The smallest shanten over the regular form and, with no declared sets, seven pairs (if
/// allowed) and Thirteen Unique Wonders (if the set has 13 orphans).
pub fn shanten(counts: &Counts, declared: usize, shape: &Shape, seven_pairs: bool) -> i8 {
    #[cfg(target_arch = "x86_64")]
    if table::fast_available() {
        // SAFETY: the processor has the features `fast` is compiled for.
        return unsafe { fast::all_forms(counts, declared, shape, seven_pairs) };
    }
    all_forms(counts, declared, shape, seven_pairs, other_shapes)
}

/// Shanten of many hands that differ from one hand by a single tile: the groups a kind
/// does not touch are looked up and combined once, so a batch costs a fraction of a call
/// per kind. Each entry equals the single-hand function's value exactly.
impl Shape {
    /// [`shanten_regular`] of `counts` with one more tile of each kind in `kinds`: entry
    /// `k` for each `k` in `kinds`, `i8::MAX` for the other kinds.
    pub fn shanten_regular_each_added(
        &self,
        counts: &Counts,
        declared: usize,
        kinds: KindMask,
    ) -> [i8; KINDS] {
        each_dispatch(counts, declared, self, None, kinds.0, true)
    }

    /// [`shanten_regular`] of `counts` with one tile fewer of each kind in `kinds` (a kind
    /// not held leaves the counts unchanged): entry `k` for each `k` in `kinds`,
    /// `i8::MAX` for the other kinds.
    pub fn shanten_regular_each_removed(
        &self,
        counts: &Counts,
        declared: usize,
        kinds: KindMask,
    ) -> [i8; KINDS] {
        each_dispatch(counts, declared, self, None, kinds.0, false)
    }

    /// [`shanten`] of `counts` with one more tile of each kind in `kinds`: entry `k` for
    /// each `k` in `kinds`, `i8::MAX` for the other kinds.
    pub fn shanten_each_added(
        &self,
        counts: &Counts,
        declared: usize,
        seven_pairs: bool,
        kinds: KindMask,
    ) -> [i8; KINDS] {
        each_dispatch(counts, declared, self, Some(seven_pairs), kinds.0, true)
    }

    /// [`shanten`] of `counts` with one tile fewer of each kind in `kinds` (a kind not
    /// held leaves the counts unchanged): entry `k` for each `k` in `kinds`, `i8::MAX`
    /// for the other kinds.
    pub fn shanten_each_removed(
        &self,
        counts: &Counts,
        declared: usize,
        seven_pairs: bool,
        kinds: KindMask,
    ) -> [i8; KINDS] {
        each_dispatch(counts, declared, self, Some(seven_pairs), kinds.0, false)
    }
}

/// The batch entry points' dispatch: `forms` is `None` for the regular form alone, else
/// whether seven pairs are allowed.
#[inline(always)]
fn each_dispatch(
    counts: &Counts,
    declared: usize,
    shape: &Shape,
    forms: Option<bool>,
    kinds: u64,
    add: bool,
) -> [i8; KINDS] {
    #[cfg(target_arch = "x86_64")]
    if table::fast_available() {
        // SAFETY: the processor has the features `fast` is compiled for.
        return unsafe {
            if add {
                fast::each::<true>(counts, declared, shape, forms, kinds)
            } else {
                fast::each::<false>(counts, declared, shape, forms, kinds)
            }
        };
    }
    each(counts, declared, shape, forms, kinds, add, other_shapes)
}

/// The entry points compiled for AVX2 and POPCNT, which nearly every x86-64 processor in
/// use has: three-operand and broadcast instructions shorten the convolutions, and
/// popcounts become single instructions.
#[cfg(target_arch = "x86_64")]
mod fast {
    use crate::{Counts, Shape};

    #[target_feature(enable = "avx2,popcnt")]
    pub(super) unsafe fn regular(counts: &Counts, declared: usize, shape: &Shape) -> i8 {
        super::regular(counts, declared, shape, other_shapes)
    }

    #[target_feature(enable = "avx2,popcnt")]
    pub(super) unsafe fn all_forms(
        counts: &Counts,
        declared: usize,
        shape: &Shape,
        seven_pairs: bool,
    ) -> i8 {
        super::all_forms(counts, declared, shape, seven_pairs, other_shapes)
    }

    /// Generic in the direction, so each copy steps the counts one way without testing it
    /// per kind (the batch is not inlined into its callers).
    #[target_feature(enable = "avx2,popcnt")]
    pub(super) unsafe fn each<const ADD: bool>(
        counts: &Counts,
        declared: usize,
        shape: &Shape,
        forms: Option<bool>,
        kinds: u64,
    ) -> [i8; mahjong_tiles::KINDS] {
        super::each(counts, declared, shape, forms, kinds, ADD, other_shapes)
    }

    /// [`super::other_shapes`], also compiled for AVX2.
    #[allow(unused_unsafe)] // calling it is safe on newer compilers only
    fn other_shapes(counts: &Counts, declared: usize, shape: &Shape) -> i8 {
        #[target_feature(enable = "avx2,popcnt")]
        #[inline(never)]
        unsafe fn run(counts: &Counts, declared: usize, shape: &Shape) -> i8 {
            super::other_shapes_inline(counts, declared, shape)
        }
        // SAFETY: only reached from the functions above, which already required the
        // features.
        unsafe { run(counts, declared, shape) }
    }
}

/// The regular shanten of a hand in a shape other than the classical one, or of an
/// unusual hand: signature of the out-of-line part of [`regular`].
type Other = fn(&Counts, usize, &Shape) -> i8;

/// Calls `$f::<S>(…)` with `S` the sets still to make (4 − `declared`, at least 0): the
/// table functions take it as a const parameter.
macro_rules! with_sets {
    ($declared:expr, $f:ident($($arg:expr),*)) => {
        match $declared {
            0 => $f::<4>($($arg),*),
            1 => $f::<3>($($arg),*),
            2 => $f::<2>($($arg),*),
            3 => $f::<1>($($arg),*),
            _ => $f::<0>($($arg),*),
        }
    };
}

#[inline(always)]
fn all_forms(
    counts: &Counts,
    declared: usize,
    shape: &Shape,
    seven_pairs: bool,
    other: Other,
) -> i8 {
    let mut s = regular(counts, declared, shape, other);
    if declared == 0 {
        let levels = table::levels(counts);
        if seven_pairs {
            s = s.min(seven_pairs_of(levels));
        }
        if shape.orphans.len() == 13 {
            s = s.min(orphans_of(levels, shape));
        }
    }
    s
}

/// `counts` with one tile more (`add`) or fewer of kind `k`, saturating at zero.
#[inline(always)]
fn step(counts: &Counts, k: usize, add: bool) -> Counts {
    let mut c = *counts;
    if add {
        c[k] += 1;
    } else {
        c[k] = c[k].saturating_sub(1);
    }
    c
}

/// The batches: [`regular`] (and with `forms`, [`all_forms`]) of `counts` stepped by one
/// tile of each kind in `kinds`. In the classical shape every kind whose stepped hand the
/// tables cover takes [`classical_each`]; any other kind is computed on its own.
#[inline(always)]
fn each(
    counts: &Counts,
    declared: usize,
    shape: &Shape,
    forms: Option<bool>,
    kinds: u64,
    add: bool,
    other: Other,
) -> [i8; KINDS] {
    let kinds = kinds & ((1 << KINDS) - 1);
    let mut out = [i8::MAX; KINDS];
    let mut rest = kinds;
    if declared <= 4 {
        let fours = table::fours_only(&shape.copies);
        let classical = fours.is_some_and(|f| is_classical(shape, f));
        let three = match fours {
            Some(f) if !classical => ThreePlayer::of_fours(shape, f),
            _ => None,
        };
        if let (Some(total), true) = (table::small_total(counts), classical || three.is_some()) {
            // The stepped hand must fit the tables, as [`regular`] asks of each.
            let fits = if add {
                total < MAX_TILES
            } else {
                total <= MAX_TILES + 1
            };
            if fits {
                let [held, _, _, four] = table::levels(counts);
                // Kinds outside the set take the single-hand path.
                let ok = rest & shape.kinds.0 & if add { !four } else { held };
                match three {
                    None => with_sets!(declared, classical_each(counts, ok, add, &mut out)),
                    Some(l) => {
                        with_sets!(declared, three_player_each(counts, &l, ok, add, &mut out))
                    }
                }
                rest &= !ok;
            }
        }
    }
    while rest != 0 {
        let k = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        out[k] = regular(&step(counts, k, add), declared, shape, other);
    }
    if let Some(seven_pairs) = forms {
        if declared == 0 && (seven_pairs || shape.orphans.len() == 13) {
            let mut bits = kinds;
            while bits != 0 {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let levels = table::levels(&step(counts, k, add));
                let mut s = out[k];
                if seven_pairs {
                    s = s.min(seven_pairs_of(levels));
                }
                if shape.orphans.len() == 13 {
                    s = s.min(orphans_of(levels, shape));
                }
                out[k] = s;
            }
        }
    }
    out
}

/// [`classical`] of `counts` stepped by one tile of each kind in `kinds` (each stepped
/// hand must fit the tables), into `out`.
///
/// The groups a kind does not touch are combined once, reversed as [`table::finish`]
/// takes them, so a suited kind costs one lookup and a finish. Combining is an exact
/// min-plus convolution in any order (a reversed vector keeps 255 in the lanes of more
/// than `S` sets, so no lane outside the targets takes part), hence the same values as
/// [`classical`].
#[inline(always)]
fn classical_each<const S: usize>(counts: &Counts, kinds: u64, add: bool, out: &mut [i8; KINDS]) {
    const SUIT: u64 = 0x1FF;
    let t = Tables::get();
    let keys = [0, 1, 2].map(|s| table::suit_key(counts, s));
    let d = keys.map(|key| t.dist(key.slot()));
    let honours = t.honours_rev::<S>(table::honour_levels(counts, 0x7F));
    // The other groups of each suit, reversed; only for suits with kinds to step.
    let high = table::combine_rev::<S>(d[2], honours);
    let mut others = [high; 3];
    if kinds & SUIT != 0 {
        others[0] = table::combine_rev::<S>(d[1], high);
    }
    if kinds & SUIT << 9 != 0 {
        others[1] = table::combine_rev::<S>(d[0], high);
    }
    if kinds & SUIT << 18 != 0 {
        others[2] = table::combine_rev::<S>(d[1], table::combine_rev::<S>(d[0], honours));
    }
    let mut bits = kinds & ((1 << 27) - 1);
    while bits != 0 {
        let k = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let s = k / 9;
        // One tile of the rank changes one digit of the low or the high part.
        let key = keys[s].step(k % 9, add);
        out[k] = table::finish(t.dist(key.slot()), others[s]) as i8 - 1;
    }
    let mut bits = kinds >> 27;
    if bits != 0 {
        let low = table::combine::<S>(d[0], d[1]);
        while bits != 0 {
            let k = 27 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let c = step(counts, k, add);
            let h = t.honours_rev::<S>(table::honour_levels(&c, 0x7F));
            out[k] = table::finish(low, table::combine_rev::<S>(d[2], h)) as i8 - 1;
        }
    }
}

/// [`three_player`] of `counts` stepped by one tile of each kind in `kinds` (each stepped
/// hand must fit the tables, and each kind exist in the set), into `out`: as
/// [`classical_each`], the groups a kind does not touch are combined once.
#[inline(always)]
fn three_player_each<const S: usize>(
    counts: &Counts,
    l: &ThreePlayer,
    kinds: u64,
    add: bool,
    out: &mut [i8; KINDS],
) {
    let t = Tables::get();
    let keys = l.suits.map(|s| table::suit_key(counts, s));
    let ids = keys.map(|key| t.id(key.slot()));
    let isolated = l.isolated_key(counts);
    for (i, &s) in l.suits.iter().enumerate() {
        let mut bits = kinds >> (9 * s) & 0x1FF;
        if bits == 0 {
            continue;
        }
        let others = t.pair_rev::<S>(ids[1 - i], isolated);
        while bits != 0 {
            let r = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let key = keys[i].step(r, add);
            out[9 * s + r] = table::finish(t.dist(key.slot()), others) as i8 - 1;
        }
    }
    let mut bits = kinds & l.isolated;
    if bits != 0 {
        let [a, b] = ids.map(|id| t.vector(id));
        let suits = table::combine::<S>(a, b);
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let key = l.isolated_key(&step(counts, k, add));
            out[k] = table::finish(suits, t.wide_rev::<S>(key)) as i8 - 1;
        }
    }
}

/// Seven-pairs shanten from [`table::levels`]: the kinds held and the pairs among them.
#[inline(always)]
fn seven_pairs_of([one, two, ..]: [u64; 4]) -> i8 {
    let pairs = two.count_ones() as i8;
    let kinds = one.count_ones() as i8;
    6 - pairs + (7 - kinds).max(0)
}

/// Thirteen Unique Wonders shanten from [`table::levels`]: the orphans missing, one less
/// if one of them is paired.
#[inline(always)]
fn orphans_of([one, two, ..]: [u64; 4], shape: &Shape) -> i8 {
    let orphans = shape.orphans.0;
    let unique = (one & orphans).count_ones() as i8;
    let pair = i8::from(two & orphans != 0);
    orphans.count_ones() as i8 - unique - pair
}

/// The classical and three-player shapes with a real hand inline; everything else out of
/// line (`other`), so the common cases need no stack frame.
#[inline(always)]
fn regular(counts: &Counts, declared: usize, shape: &Shape, other: Other) -> i8 {
    if declared <= 4 && table::fits(counts) {
        // One look at the copies serves both checks.
        if let Some(fours) = table::fours_only(&shape.copies) {
            if is_classical(shape, fours) {
                // Every target exists in the classical set, so the distance is finite.
                let d = with_sets!(declared, classical(counts));
                return d as i8 - 1;
            }
            if let Some(l) = ThreePlayer::of_fours(shape, fours) {
                let d = with_sets!(declared, three_player(counts, &l));
                return d as i8 - 1;
            }
        }
    }
    other(counts, declared, shape)
}

/// [`regular`] out of line.
#[inline(never)]
fn other_shapes(counts: &Counts, declared: usize, shape: &Shape) -> i8 {
    other_shapes_inline(counts, declared, shape)
}

/// [`regular`] for other shapes by tables where they cover the shape, else by the
/// general search.
#[inline(always)]
fn other_shapes_inline(counts: &Counts, declared: usize, shape: &Shape) -> i8 {
    if declared <= 4 && table::fits(counts) {
        if let Some(layout) = Layout::of(shape) {
            let d = with_sets!(declared, distance(counts, &layout));
            return if d >= INF { i8::MAX } else { d as i8 - 1 };
        }
    }
    regular_other(counts, declared, shape)
}

/// [`regular`] for shapes and hands the tables do not cover, and more than four
/// declared sets (counted as four).
#[inline(never)]
fn regular_other(counts: &Counts, declared: usize, shape: &Shape) -> i8 {
    if declared > 4 {
        return shanten_regular(counts, 4, shape);
    }
    let d = distance_general(counts, 4 - declared, shape);
    if d >= INF {
        i8::MAX
    } else {
        d as i8 - 1
    }
}

/// Whether the shape is the full 34-kind set with chows in every suit (the common case,
/// which skips the layout analysis), given the kinds with four copies of a shape whose
/// kinds all have none or four ([`table::fours_only`]).
#[inline(always)]
fn is_classical(shape: &Shape, fours: u64) -> bool {
    const ALL: u64 = (1 << KINDS) - 1;
    (fours == ALL) & (shape.kinds.0 == ALL) & (shape.chow_suits == [true; 3])
}

/// Fewest tiles to add for `S` sets and a pair in the classical shape: three suits by
/// table, the seven honours by their histogram.
#[inline(always)]
fn classical<const S: usize>(counts: &Counts) -> u8 {
    let t = Tables::get();
    let honours = t.honours_rev::<S>(table::honour_levels(counts, 0x7F));
    let low = table::combine::<S>(suit(t, counts, 0), suit(t, counts, 1));
    let high = table::combine_rev::<S>(suit(t, counts, 2), honours);
    table::finish(low, high)
}

/// The distances of suit `s`.
#[inline(always)]
fn suit(t: &Tables, counts: &Counts, s: usize) -> table::Dist {
    t.dist(table::suit_key(counts, s).slot())
}

/// A three-player shape (the Korean and Japanese sets): one suit holds only its 1 and 9
/// (no chows), the other two are whole and form chows, each honour has four copies or
/// none, and at least three honours exist (so the kinds without chows, five or more,
/// take the wide table, [`Tables::wide_rev`]). The general [`Layout`] covers these too,
/// but working it out costs more than the lookups; this check is a few vector compares.
#[derive(Copy, Clone)]
struct ThreePlayer {
    /// The two suits with chows.
    suits: [usize; 2],
    /// The kinds that form only pungs and pairs: the other suit's 1 and 9, the honours.
    isolated: u64,
    /// The other suit's 1 and 9.
    ends: [usize; 2],
    /// The honours that exist (bit k − 27 for kind k).
    honours: u32,
}

impl ThreePlayer {
    #[cfg(test)]
    fn of(shape: &Shape) -> Option<ThreePlayer> {
        ThreePlayer::of_fours(shape, table::fours_only(&shape.copies)?)
    }

    /// The three-player layout of a shape whose kinds all have none or four copies,
    /// `fours` those with four ([`table::fours_only`]).
    #[inline(always)]
    fn of_fours(shape: &Shape, fours: u64) -> Option<ThreePlayer> {
        const SUITS: u64 = (1 << 27) - 1;
        let (reduced, suits) = match shape.chow_suits {
            [false, true, true] => (0, [1, 2]),
            [true, false, true] => (1, [0, 2]),
            [true, true, false] => (2, [0, 1]),
            _ => return None,
        };
        // Ranks 2–8 of the reduced suit are missing; every other suited kind is there.
        let suited = SUITS & !(0xFE << (9 * reduced));
        let honours = (fours >> 27) as u32;
        let fits =
            (fours == shape.kinds.0) & (fours & SUITS == suited) & (honours.count_ones() >= 3);
        fits.then_some(ThreePlayer {
            suits,
            isolated: fours & !(SUITS & !(0x1FF << (9 * reduced))),
            ends: [9 * reduced, 9 * reduced + 8],
            honours,
        })
    }

    /// The wide packed levels of the kinds without chows ([`table::wide_levels`]): the
    /// honours', and the two ends'.
    #[inline(always)]
    fn isolated_key(&self, counts: &Counts) -> usize {
        // (Written out: `map` on the pair is not always inlined.)
        let end = |k: usize| usize::from(table::WIDE_LEVEL[counts[k] as usize & 7]);
        table::wide_levels(counts, self.honours) + end(self.ends[0]) + end(self.ends[1])
    }
}

/// Fewest tiles to add for `S` sets and a pair in a [`ThreePlayer`] shape: two suits by
/// table, the kinds without chows by their histogram. Always finite: the two whole suits
/// alone can form any target.
#[inline(always)]
fn three_player<const S: usize>(counts: &Counts, l: &ThreePlayer) -> u8 {
    let t = Tables::get();
    // The second suit and the kinds without chows, combined ahead of time.
    let id = t.id(table::suit_key(counts, l.suits[1]).slot());
    let rest = t.pair_rev::<S>(id, l.isolated_key(counts));
    table::finish(suit(t, counts, l.suits[0]), rest)
}

/// Eight little-endian bytes from `b[at..]`.
#[inline(always)]
fn word(b: &[u8; KINDS], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().unwrap())
}

/// How the fast path splits a tile set into groups.
struct Layout {
    /// Suits analysed with the table: chows allowed and all nine kinds with four copies.
    table: [bool; 3],
    /// The honours that exist (bit k − 27 for kind k).
    honours: u32,
    /// Kinds of suits without chows that exist: only pungs and pairs, like honours.
    suit_isolated: u64,
    /// Number of kinds that form only pungs and pairs.
    isolated: u32,
}

/// Four in every byte.
const FOURS: u64 = 0x0404_0404_0404_0404;

impl Layout {
    /// The layout of a shape, or `None` if it needs the general search: the fast path
    /// assumes every kind has 0 or 4 copies (true of every tile set; red fives are folded
    /// into their kind), existence agrees with `kinds`, and chow suits are complete.
    fn of(shape: &Shape) -> Option<Layout> {
        let c = &shape.copies;
        let mut exists = 0u64;
        for i in 0..4 {
            let w = word(c, 8 * i);
            if w & !FOURS != 0 {
                return None;
            }
            // Gather the low bit of each byte into bit i (the multiply places byte i's
            // bit at 56 + i without carries).
            let bits = ((w >> 2).wrapping_mul(0x0102_0408_1020_4080)) >> 56;
            exists |= bits << (8 * i);
        }
        for (k, &n) in c.iter().enumerate().skip(32) {
            match n {
                0 => {}
                4 => exists |= 1 << k,
                _ => return None,
            }
        }
        if exists != shape.kinds.0 {
            return None;
        }
        let mut table = [false; 3];
        let mut suit_isolated = exists & ((1 << 27) - 1);
        for (s, t) in table.iter_mut().enumerate() {
            if shape.chow_suits[s] {
                let suit = 0x1FFu64 << (9 * s);
                if exists & suit != suit {
                    return None;
                }
                *t = true;
                suit_isolated &= !suit;
            }
        }
        let honours = (exists >> 27) as u32;
        Some(Layout {
            table,
            honours,
            suit_isolated,
            isolated: honours.count_ones() + suit_isolated.count_ones(),
        })
    }
}

/// Fewest tiles to add for `S` sets and a pair, by tables, for any layout.
#[inline(always)]
fn distance<const S: usize>(counts: &Counts, layout: &Layout) -> u8 {
    let t = Tables::get();
    let mut acc = None;
    for s in 0..3 {
        if layout.table[s] {
            let v = suit(t, counts, s);
            acc = Some(acc.map_or(v, |a| table::combine::<S>(a, v)));
        }
    }
    let acc = acc.unwrap_or(EMPTY_GROUP);
    // Kinds without chows: how many hold at least 3, 2, 1 tiles.
    let mut ge = table::unpack_levels(table::honour_levels(counts, layout.honours));
    let mut rest = layout.suit_isolated;
    while rest != 0 {
        let n = counts[rest.trailing_zeros() as usize];
        rest &= rest - 1;
        ge[0] += u32::from(n >= 3);
        ge[1] += u32::from(n >= 2);
        ge[2] += u32::from(n >= 1);
    }
    let key = table::isolated_key(ge[0], ge[1], ge[2], layout.isolated);
    table::finish(acc, t.isolated_rev::<S>(key))
}

/// Fewest tiles to add for `sets` sets and a pair, for any shape: a dynamic programme over
/// the kinds in order whose state is the sets and pair chosen so far and the chows still
/// running into this kind. Used only for shapes the tables do not cover.
fn distance_general(counts: &Counts, sets: usize, shape: &Shape) -> u8 {
    // dp[m][p][x][y]: m sets and p pairs chosen, x chows started one kind back (still
    // needing this kind and the next), y started two kinds back (needing this kind).
    type Dp = [[[[u8; 5]; 5]; 2]; 5];
    let mut dp: Dp = [[[[INF; 5]; 5]; 2]; 5];
    dp[0][0][0][0] = 0;
    for (k, &held) in counts.iter().enumerate() {
        let mut next: Dp = [[[[INF; 5]; 5]; 2]; 5];
        let cap = if shape.kinds.contains(k) {
            shape.copies[k] as usize
        } else {
            0
        };
        let max_chows = if shape.chow_starts_at(k) { 4 } else { 0 };
        for (m, by_pair) in dp.iter().enumerate().take(sets + 1) {
            for (p, by_x) in by_pair.iter().enumerate() {
                for (x, by_y) in by_x.iter().enumerate() {
                    for (y, &here) in by_y.iter().enumerate() {
                        if here >= INF {
                            continue;
                        }
                        for z in 0..=max_chows.min(sets - m) {
                            for pung in 0..=usize::from(m + z < sets) {
                                for pair in 0..=(1 - p) {
                                    let t = x + y + z + 3 * pung + 2 * pair;
                                    if t > cap {
                                        continue;
                                    }
                                    let cost = t.saturating_sub(held as usize) as u8;
                                    let cell = &mut next[m + z + pung][p + pair][z][x];
                                    *cell = (*cell).min(here + cost);
                                }
                            }
                        }
                    }
                }
            }
        }
        dp = next;
    }
    dp[sets][1][0][0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counts_of;
    use mahjong_tiles::{Tile, TileSet, TileSetId};

    fn counts(s: &str) -> Counts {
        counts_of(&Tile::parse_list(s).unwrap())
    }

    fn shapes() -> [Shape; 4] {
        [
            Shape::classical(),
            Shape::of(&TileSet::new(TileSetId::Korean3p)),
            Shape::of(&TileSet::new(TileSetId::Japanese3p)),
            Shape::of(&TileSet::new(TileSetId::Malaysian3p)),
        ]
    }

    #[test]
    fn every_tile_set_takes_the_fast_path() {
        for shape in shapes() {
            assert!(Layout::of(&shape).is_some(), "{shape:?}");
        }
        let k = Layout::of(&shapes()[1]).unwrap();
        assert_eq!(k.table, [false, true, true]);
        // 1B 9B and six honours (no North).
        assert_eq!(k.isolated, 8);
        assert_eq!(k.honours, 0b111_0111);
    }

    #[test]
    fn three_player_sets_take_their_own_path() {
        let [_, korean, japanese, malaysian] = shapes();
        let k = ThreePlayer::of(&korean).unwrap();
        assert_eq!(k.suits, [1, 2]);
        // 1B 9B and six honours (no North).
        assert_eq!(k.isolated, 1 | 1 << 8 | 0b111_0111 << 27);
        let j = ThreePlayer::of(&japanese).unwrap();
        assert_eq!(j.suits, [0, 2]);
        assert_eq!(j.isolated, 1 << 9 | 1 << 17 | 0x7F << 27);
        assert!(ThreePlayer::of(&malaysian).is_none());
        assert!(ThreePlayer::of(&Shape::classical()).is_none());
        // With North the Korean set is still three-player; with 5B back it is not.
        let mut north = korean;
        north.copies[30] = 4;
        north.kinds.insert(30);
        assert!(ThreePlayer::of(&north).is_some());
        let mut five = korean;
        five.copies[4] = 4;
        assert!(ThreePlayer::of(&five).is_none());
        five.kinds.insert(4);
        assert!(ThreePlayer::of(&five).is_none());
        let mut three = korean;
        three.copies[20] = 3;
        assert!(ThreePlayer::of(&three).is_none());
        // Two honours only: too few kinds without chows for the wide table, so the
        // general layout takes the shape.
        let mut few = korean;
        for k in 29..KINDS {
            few.copies[k] = 0;
            few.kinds.0 &= !(1 << k);
        }
        assert!(ThreePlayer::of(&few).is_none());
        assert!(Layout::of(&few).is_some());
    }

    /// The public functions, which take the three-player path for these shapes, give the
    /// general layout's values and the general search's, on many random hands: drawn
    /// from the wall, or made of pairs and pungs of the kinds without chows (the wide
    /// table's keys), for every number of declared sets.
    #[test]
    fn three_player_shanten_equals_the_general_paths() {
        use rand::seq::SliceRandom;
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20);
        let [_, korean, japanese, _] = shapes();
        let mut north = korean;
        north.copies[30] = 4;
        north.kinds.insert(30);
        let hands = std::env::var("THREE_PLAYER_HANDS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(20_000);
        for shape in [korean, japanese, north] {
            let l = ThreePlayer::of(&shape).unwrap();
            let layout = Layout::of(&shape).unwrap();
            let kinds: Vec<usize> = shape.kinds.iter().collect();
            let isolated: Vec<usize> = KindMask(l.isolated).iter().collect();
            let mut wall: Vec<usize> = kinds.iter().flat_map(|&k| [k; 4]).collect();
            for i in 0..hands {
                let declared = rng.gen_range(0..5);
                let n = 13 + rng.gen_range(0..2) - 3 * declared;
                let mut c = [0u8; KINDS];
                if i % 3 == 0 {
                    // Pairs and pungs of the kinds without chows, the rest from the wall.
                    let mut left = n;
                    while left > 0 && rng.gen_bool(0.8) {
                        let k = *isolated.choose(&mut rng).unwrap();
                        let add = rng.gen_range(1..=3).min(left).min(4 - c[k] as usize);
                        c[k] += add as u8;
                        left -= add;
                    }
                    while left > 0 {
                        let k = *kinds.choose(&mut rng).unwrap();
                        if c[k] < 4 {
                            c[k] += 1;
                            left -= 1;
                        }
                    }
                } else {
                    wall.shuffle(&mut rng);
                    for &k in &wall[..n] {
                        c[k] += 1;
                    }
                }
                let general = distance_general(&c, 4 - declared, &shape) as i8 - 1;
                let by_layout = with_sets!(declared, distance(&c, &layout)) as i8 - 1;
                assert_eq!(by_layout, general, "{c:?} {declared}");
                assert_eq!(
                    shanten_regular(&c, declared, &shape),
                    general,
                    "{c:?} {declared}"
                );
                assert_eq!(regular(&c, declared, &shape, other_shapes), general);
                for seven in [false, true] {
                    let all = all_forms(&c, declared, &shape, seven, |c, d, s| {
                        with_sets!(d, distance(c, &Layout::of(s).unwrap())) as i8 - 1
                    });
                    assert_eq!(
                        shanten(&c, declared, &shape, seven),
                        all,
                        "{c:?} {declared}"
                    );
                }
            }
        }
    }

    /// The three-player path gives the general search's distances.
    #[test]
    fn three_player_path_agrees_with_the_general_search() {
        use rand::seq::SliceRandom;
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let [_, korean, japanese, _] = shapes();
        let mut north = korean;
        north.copies[30] = 4;
        north.kinds.insert(30);
        for shape in [korean, japanese, north] {
            let l = ThreePlayer::of(&shape).unwrap();
            let mut wall: Vec<usize> = (0..KINDS)
                .flat_map(|k| (0..shape.copies[k]).map(move |_| k))
                .collect();
            for _ in 0..3000 {
                let sets = rng.gen_range(0..5);
                let n = 3 * sets + 1 + rng.gen_range(0..2);
                wall.shuffle(&mut rng);
                let mut c = [0u8; KINDS];
                for &k in &wall[..n] {
                    c[k] += 1;
                }
                // Now and then a tile of a kind outside the set, which can only be thrown.
                if n < 14 && rng.gen_bool(0.1) {
                    let missing: Vec<usize> =
                        (0..KINDS).filter(|&k| shape.copies[k] == 0).collect();
                    c[*missing.choose(&mut rng).unwrap()] += 1;
                }
                let fast = match sets {
                    4 => three_player::<4>(&c, &l),
                    3 => three_player::<3>(&c, &l),
                    2 => three_player::<2>(&c, &l),
                    1 => three_player::<1>(&c, &l),
                    _ => three_player::<0>(&c, &l),
                };
                assert_eq!(fast, distance_general(&c, sets, &shape), "{c:?} {sets}");
            }
        }
    }

    #[test]
    fn odd_shapes_take_the_general_path() {
        let mut shape = Shape::classical();
        shape.copies[31] = 3;
        assert!(Layout::of(&shape).is_none());
        // A red-dragon pung and pair would need five copies: with three, still fine.
        let c = counts("1B 2B 3B 4C 5C 6C 7D 8D 9D RD RD RD EW EW");
        assert_eq!(shanten_regular(&c, 0, &shape), -1);
        shape.copies[31] = 2;
        assert_eq!(shanten_regular(&c, 0, &shape), 0);
    }

    #[test]
    fn general_path_agrees_with_tables() {
        let hands = [
            "1B 1B 1B 1B 2B 3B 4B 5B 6B 7B 8B 9B 9B 9B",
            "1B 4B 7B 1C 4C 7C 1D 4D 7D EW SW WW NW",
            "EW EW EW EW 1B 2B 3B 4C 5C 6C 7D 8D 9D",
            "1C 1C 9C 9C 2D 3D 4D 5D RD RD RD GD GD",
            "5B 5B 5B 5B 5D 5D 5D 5D 1B 9B 1D 9D EW",
        ];
        for shape in shapes() {
            let layout = Layout::of(&shape).unwrap();
            for h in hands {
                let c = counts(h);
                for sets in [4, 3, 1, 0] {
                    let fast = match sets {
                        4 => distance::<4>(&c, &layout),
                        3 => distance::<3>(&c, &layout),
                        1 => distance::<1>(&c, &layout),
                        _ => distance::<0>(&c, &layout),
                    };
                    assert_eq!(fast, distance_general(&c, sets, &shape), "{h} {sets}");
                }
            }
        }
    }

    /// The public functions run the AVX2 build where the processor has it; the baseline
    /// build (called directly here) must agree.
    #[test]
    fn baseline_and_fast_builds_agree() {
        use rand::seq::SliceRandom;
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for shape in shapes() {
            let mut wall: Vec<usize> = (0..KINDS)
                .flat_map(|k| (0..shape.copies[k]).map(move |_| k))
                .collect();
            for _ in 0..3000 {
                let declared = rng.gen_range(0..5);
                let n = 13 + rng.gen_range(0..2) - 3 * declared;
                wall.shuffle(&mut rng);
                let mut c = [0u8; KINDS];
                for &k in &wall[..n] {
                    c[k] += 1;
                }
                assert_eq!(
                    regular(&c, declared, &shape, other_shapes),
                    shanten_regular(&c, declared, &shape)
                );
                for seven in [false, true] {
                    assert_eq!(
                        all_forms(&c, declared, &shape, seven, other_shapes),
                        shanten(&c, declared, &shape, seven)
                    );
                }
            }
        }
    }

    /// Every batch entry equals the single-hand function on the stepped hand.
    #[test]
    fn batches_agree_with_single_calls() {
        use rand::seq::SliceRandom;
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for shape in shapes() {
            let mut wall: Vec<usize> = (0..KINDS)
                .flat_map(|k| (0..shape.copies[k]).map(move |_| k))
                .collect();
            let iterations = std::env::var("BATCH_ITERATIONS")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(4000);
            for i in 0..iterations {
                let declared = rng.gen_range(0..6);
                let n = (14 - 3 * declared.min(4)) as isize + rng.gen_range(-1..2);
                let mut c = [0u8; KINDS];
                if i % 2 == 0 {
                    wall.shuffle(&mut rng);
                    for &k in &wall[..n.max(0) as usize] {
                        c[k] += 1;
                    }
                } else {
                    // Near a complete hand: sets and a pair, then a few tiles changed.
                    let kinds: Vec<usize> = shape.kinds.iter().collect();
                    let mut placed = 0;
                    while placed + 3 <= n - 2 {
                        let k = kinds[rng.gen_range(0..kinds.len())];
                        if shape.chow_starts_at(k) && rng.gen_bool(0.6) {
                            if c[k] < 4 && c[k + 1] < 4 && c[k + 2] < 4 {
                                c[k] += 1;
                                c[k + 1] += 1;
                                c[k + 2] += 1;
                                placed += 3;
                            }
                        } else if c[k] + 3 <= shape.copies[k] {
                            c[k] += 3;
                            placed += 3;
                        }
                    }
                    while placed < n {
                        let k = kinds[rng.gen_range(0..kinds.len())];
                        if c[k] < shape.copies[k] {
                            c[k] += 1;
                            placed += 1;
                        }
                    }
                    for _ in 0..rng.gen_range(0..3) {
                        let from = kinds[rng.gen_range(0..kinds.len())];
                        let to = kinds[rng.gen_range(0..kinds.len())];
                        if c[from] > 0 && c[to] < shape.copies[to] {
                            c[from] -= 1;
                            c[to] += 1;
                        }
                    }
                }
                let kinds = KindMask(rng.gen::<u64>());
                for add in [true, false] {
                    let single = |k: usize, forms: Option<bool>| {
                        let mut x = c;
                        if add {
                            x[k] += 1;
                        } else {
                            x[k] = x[k].saturating_sub(1);
                        }
                        match forms {
                            None => shanten_regular(&x, declared, &shape),
                            Some(seven) => shanten(&x, declared, &shape, seven),
                        }
                    };
                    let (reg, seven, plain) = if add {
                        (
                            shape.shanten_regular_each_added(&c, declared, kinds),
                            shape.shanten_each_added(&c, declared, true, kinds),
                            shape.shanten_each_added(&c, declared, false, kinds),
                        )
                    } else {
                        (
                            shape.shanten_regular_each_removed(&c, declared, kinds),
                            shape.shanten_each_removed(&c, declared, true, kinds),
                            shape.shanten_each_removed(&c, declared, false, kinds),
                        )
                    };
                    for k in 0..KINDS {
                        if !kinds.contains(k) {
                            assert_eq!((reg[k], seven[k], plain[k]), (i8::MAX, i8::MAX, i8::MAX));
                            continue;
                        }
                        assert_eq!(reg[k], single(k, None), "{c:?} {declared} {k} {add}");
                        assert_eq!(seven[k], single(k, Some(true)), "{c:?} {declared} {k}");
                        assert_eq!(plain[k], single(k, Some(false)), "{c:?} {declared} {k}");
                    }
                    // The baseline build agrees too.
                    let base = each(&c, declared, &shape, Some(true), kinds.0, add, other_shapes);
                    assert_eq!(base, seven);
                }
            }
        }
    }

    #[test]
    fn simple_values() {
        let shape = Shape::classical();
        let s = |h: &str, d: usize| shanten_regular(&counts(h), d, &shape);
        assert_eq!(s("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD RD", 0), -1);
        assert_eq!(s("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD", 0), 0);
        assert_eq!(s("1B 4B 7B 1C 4C 7C 1D 4D 7D EW SW WW NW", 0), 8);
        // A fourth copy is no pair: the held East cannot be waited on.
        assert_eq!(s("EW EW EW EW 1B 2B 3B 4C 5C 6C 7D 8D 9D", 0), 1);
        assert_eq!(s("5C 5C 7D 8D", 3), 0);
        assert_eq!(s("EW EW", 4), -1);
        assert_eq!(s("EW", 4), 0);
    }

    #[test]
    fn other_forms() {
        let shape = Shape::classical();
        let c = counts("EW EW SW SW WW WW NW NW RD RD GD GD WD");
        assert_eq!(shanten_regular(&c, 0, &shape), 3);
        assert_eq!(shanten_seven_pairs(&c), 0);
        assert_eq!(shanten_orphans(&c, &shape), 5);
        assert_eq!(shanten(&c, 0, &shape, true), 0);
        assert_eq!(shanten(&c, 0, &shape, false), 3);
        let c = counts("1B 9B 1C 9C 1D 9D EW SW WW NW RD GD 5D");
        assert_eq!(shanten(&c, 0, &shape, false), 1);
        let c = counts("1B 9B 1C 9C 1D 9D EW SW WW NW RD GD GD");
        assert_eq!(shanten(&c, 0, &shape, false), 0);
    }
}
