//! Waits: which tiles complete a hand.
//!
//! A hand is regular-complete when every group (each chow suit, and all other kinds
//! together) is exactly sets plus at most one pair, with one pair in all. A suit's verdict
//! is one bit of the suit table; the other kinds only need a histogram. Adding a tile
//! changes a single group, so a wait search only re-examines that group, and only when
//! every other group is already complete.

use mahjong_tiles::KINDS;

use crate::table;
use crate::{for_each_arrangement, Counts, KindMask, Shape};

/// Whether concealed `counts` plus `declared` declared sets form a complete hand (regular,
/// seven pairs if allowed, or Thirteen Unique Wonders).
pub fn is_complete(counts: &Counts, declared: usize, shape: &Shape, seven_pairs: bool) -> bool {
    #[cfg(target_arch = "x86_64")]
    if table::fast_available() {
        // SAFETY: the processor has the features `fast` is compiled for.
        return unsafe { fast::is_complete(counts, declared, shape, seven_pairs) };
    }
    complete(counts, declared, shape, seven_pairs)
}

/// The tile kinds that would complete a hand of concealed `counts` (13 − 3·`declared`
/// tiles) with `declared` sets already declared. A kind is left out when the hand already
/// holds every copy, or when `visible` (tiles the player can see, own hand included) shows
/// every copy of it.
pub fn waits(
    counts: &Counts,
    declared: usize,
    shape: &Shape,
    seven_pairs: bool,
    visible: Option<&Counts>,
) -> KindMask {
    #[cfg(target_arch = "x86_64")]
    if table::fast_available() {
        // SAFETY: the processor has the features `fast` is compiled for.
        return unsafe { fast::waits(counts, declared, shape, seven_pairs, visible) };
    }
    waiting(counts, declared, shape, seven_pairs, visible)
}

/// The entry points compiled for AVX2 and POPCNT (see [`table::fast_available`]).
#[cfg(target_arch = "x86_64")]
mod fast {
    use crate::{Counts, KindMask, Shape};

    #[target_feature(enable = "avx2,popcnt")]
    pub(super) unsafe fn is_complete(
        counts: &Counts,
        declared: usize,
        shape: &Shape,
        seven_pairs: bool,
    ) -> bool {
        super::complete(counts, declared, shape, seven_pairs)
    }

    #[target_feature(enable = "avx2,popcnt")]
    pub(super) unsafe fn waits(
        counts: &Counts,
        declared: usize,
        shape: &Shape,
        seven_pairs: bool,
        visible: Option<&Counts>,
    ) -> KindMask {
        super::waiting(counts, declared, shape, seven_pairs, visible)
    }
}

/// [`is_complete`], by group verdicts from the tables and kind masks for the special
/// forms; hands with more than four of a kind go to the search.
#[inline(always)]
fn complete(counts: &Counts, declared: usize, shape: &Shape, seven_pairs: bool) -> bool {
    if declared > 4 {
        return false;
    }
    let Some(total) = table::small_total(counts) else {
        return is_complete_slow(counts, declared, shape, seven_pairs);
    };
    if total + 3 * declared != 14 {
        return false;
    }
    let levels = table::levels(counts);
    let g = Groups::of(counts, shape, &levels);
    if g.incomplete == 0 && g.pairs == 1 {
        return true;
    }
    if declared != 0 {
        return false;
    }
    let [one, two, three, _] = levels;
    let seven = seven_pairs && three == 0 && two.count_ones() == 7 && one == two;
    let orphans = shape.orphans.0;
    let wonders =
        orphans.count_ones() == 13 && three == 0 && one == orphans && two.count_ones() == 1;
    seven || wonders
}

/// [`waits`]: the regular waits from the one group that is not yet complete (or the
/// groups holding a spare pair), the special forms from kind masks, then the exclusions.
#[inline(always)]
fn waiting(
    counts: &Counts,
    declared: usize,
    shape: &Shape,
    seven_pairs: bool,
    visible: Option<&Counts>,
) -> KindMask {
    if declared > 4 {
        return KindMask::EMPTY;
    }
    let Some(total) = table::small_total(counts) else {
        return waits_slow(counts, declared, shape, seven_pairs, visible);
    };
    if total + 3 * declared != 13 {
        return KindMask::EMPTY;
    }
    if !copies_fit(shape) {
        return waits_slow(counts, declared, shape, seven_pairs, visible);
    }
    let levels = table::levels(counts);
    let mut out = regular_waits(counts, shape, &levels);
    if declared == 0 {
        out |= special_waits(&levels, shape, seven_pairs);
    }
    // Keep kinds of the set that still have a copy the player has not seen.
    out &= shape.kinds.0;
    let mut left = out;
    while left != 0 {
        let k = left.trailing_zeros() as usize;
        left &= left - 1;
        let copies = shape.copies[k];
        if counts[k] >= copies || visible.is_some_and(|v| v[k] >= copies) {
            out &= !(1 << k);
        }
    }
    KindMask(out)
}

/// Whether no kind has more than four copies, so a wait never needs a fifth tile.
#[inline(always)]
fn copies_fit(shape: &Shape) -> bool {
    let c = &shape.copies;
    let word = |i: usize| u64::from_le_bytes(c[8 * i..8 * i + 8].try_into().unwrap());
    let big = |w: u64| {
        w & 0xF8F8_F8F8_F8F8_F8F8 != 0
            || ((w & 0x0707_0707_0707_0707) + 0x0303_0303_0303_0303) & 0x0808_0808_0808_0808 != 0
    };
    !(0..4).any(|i| big(word(i))) & (c[32] <= 4) & (c[33] <= 4)
}

/// The completeness of each group of a hand: every chow suit, and the other kinds
/// together. Counts must be at most 4.
struct Groups {
    /// Table key of each chow suit (unused for the others).
    keys: [table::SuitKey; 3],
    /// Tiles in each group (3 = the other kinds).
    sum: [u32; 4],
    /// Bit `s`: suit `s` is a chow suit.
    chows: u8,
    /// Bit `g`: group `g` is complete.
    complete: u8,
    /// Groups that are not complete.
    incomplete: u32,
    /// Pairs in the complete groups.
    pairs: u32,
    /// The kinds that form only pungs and pairs.
    isolated: u64,
}

impl Groups {
    #[inline(always)]
    fn of(counts: &Counts, shape: &Shape, levels: &[u64; 4]) -> Groups {
        let tiles = |mask: u64| levels.iter().map(|l| (l & mask).count_ones()).sum::<u32>();
        let mut g = Groups {
            keys: [table::SuitKey { low: 0, high: 0 }; 3],
            sum: [0; 4],
            chows: 0,
            complete: 0,
            incomplete: 0,
            pairs: 0,
            isolated: 0x7F << 27,
        };
        for s in 0..3 {
            let suit = 0x1FF << (9 * s);
            if shape.chow_suits[s] {
                g.chows |= 1 << s;
                g.keys[s] = table::suit_key(counts, s);
                g.sum[s] = tiles(suit);
                if table::suit_is_complete(g.keys[s].slot()) {
                    g.complete |= 1 << s;
                    g.pairs += u32::from(g.sum[s] % 3 == 2);
                } else {
                    g.incomplete += 1;
                }
            } else {
                g.isolated |= suit;
            }
        }
        // Only pungs and pairs: complete when no kind holds one or four tiles, and at
        // most one holds two (the pair).
        let [one, two, three, four] = levels.map(|l| l & g.isolated);
        g.sum[3] = tiles(g.isolated);
        if one == two && four == 0 && (two & !three).count_ones() <= 1 {
            g.complete |= 1 << 3;
            g.pairs += (two & !three).count_ones();
        } else {
            g.incomplete += 1;
        }
        g
    }

    /// Whether adding a tile to group `g` can complete the hand (every other group is
    /// complete and the pairs can come to exactly one), and if so whether the group must
    /// then hold the pair.
    #[inline(always)]
    fn needs(&self, g: usize) -> Option<bool> {
        let complete = self.complete >> g & 1 == 1;
        if self.incomplete != u32::from(!complete) {
            return None;
        }
        let sum = self.sum[g];
        let pair_here = complete && sum % 3 == 2;
        let others = self.pairs - u32::from(pair_here);
        match ((sum + 1) % 3, others) {
            (0, 1) => Some(false),
            (2, 0) => Some(true),
            _ => None,
        }
    }
}

/// Kinds completing the regular form. Counts must be at most 4.
#[inline(always)]
fn regular_waits(counts: &Counts, shape: &Shape, levels: &[u64; 4]) -> u64 {
    let g = Groups::of(counts, shape, levels);
    if g.incomplete > 1 {
        return 0;
    }
    let mut out = 0u64;
    for s in 0..3 {
        if g.chows >> s & 1 == 0 || g.needs(s).is_none() {
            continue;
        }
        // A fifth copy is never a wait (and has no table entry).
        let mut ranks = !levels[3] >> (9 * s) & 0x1FF;
        while ranks != 0 {
            let i = ranks.trailing_zeros() as usize;
            ranks &= ranks - 1;
            // Without a branch: whether a rank completes the suit is hard to predict.
            let complete = table::suit_is_complete(g.keys[s].step(i, true).slot());
            out |= u64::from(complete) << (9 * s + i);
        }
    }
    if let Some(pair) = g.needs(3) {
        // A single becomes the pair, or a pair a pung; nothing else helps. The group
        // then needs no singles or fours left, and exactly `pair` pairs.
        let [one, two, three, four] = levels.map(|l| l & g.isolated);
        let (singles, pairs) = ((one & !two).count_ones(), (two & !three).count_ones());
        if four == 0 {
            if pair && singles == 1 && pairs == 0 {
                out |= one & !two;
            }
            if singles == 0 && pairs == u32::from(pair) + 1 {
                out |= two & !three;
            }
        }
    }
    out
}

/// Kinds completing seven pairs (if allowed) or Thirteen Unique Wonders, for a hand of 13
/// tiles with no declared sets, from [`table::levels`].
#[inline(always)]
fn special_waits(&[one, two, three, _]: &[u64; 4], shape: &Shape, seven_pairs: bool) -> u64 {
    let single = one & !two;
    let mut out = 0;
    // Six different pairs and a single: the single's kind makes the seventh pair.
    if seven_pairs && three == 0 && two.count_ones() == 6 && single.count_ones() == 1 {
        out |= single;
    }
    let orphans = shape.orphans.0;
    if orphans.count_ones() == 13 && three == 0 && one & !orphans == 0 {
        match two.count_ones() {
            // One of each: any orphan pairs up.
            0 if one == orphans => out |= orphans,
            // A pair already: the missing orphan.
            1 if one.count_ones() == 12 => out |= orphans & !one,
            _ => {}
        }
    }
    out
}

/// The search-based completeness test, for hands the tables cannot encode (more than
/// four of a kind).
fn is_complete_slow(counts: &Counts, declared: usize, shape: &Shape, seven_pairs: bool) -> bool {
    let mut found = false;
    for_each_arrangement(counts, 4 - declared, shape, seven_pairs, |_| found = true);
    found
}

/// The search-based waits, for hands or tile sets beyond four copies of a kind.
fn waits_slow(
    counts: &Counts,
    declared: usize,
    shape: &Shape,
    seven_pairs: bool,
    visible: Option<&Counts>,
) -> KindMask {
    let mut out = KindMask::EMPTY;
    let mut c = *counts;
    for k in 0..KINDS {
        if !shape.kinds.contains(k)
            || c[k] >= shape.copies[k]
            || visible.is_some_and(|v| v[k] >= shape.copies[k])
        {
            continue;
        }
        c[k] += 1;
        if is_complete_slow(&c, declared, shape, seven_pairs) {
            out.insert(k);
        }
        c[k] -= 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counts_of;
    use mahjong_tiles::Tile;

    fn counts(s: &str) -> Counts {
        counts_of(&Tile::parse_list(s).unwrap())
    }

    fn codes(m: KindMask) -> String {
        m.tiles()
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn fast_and_slow_agree_on_classics() {
        let shape = Shape::classical();
        for h in [
            "1B 1B 1B 2B 3B 4B 5B 6B 7B 8B 9B 9B 9B",
            "1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD",
            "1B 1B 3B 3B 5C 5C 7C 7C EW EW RD RD 9D",
            "EW EW EW EW 1B 2B 3B 4C 5C 6C 7D 8D 9D",
            "1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW RD RD",
            "2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D 5D 6D",
        ] {
            let c = counts(h);
            for seven in [false, true] {
                let fast = waits(&c, 0, &shape, seven, None);
                let slow = waits_slow(&c, 0, &shape, seven, None);
                assert_eq!(fast, slow, "{h}");
            }
        }
        assert_eq!(
            codes(waits(
                &counts("2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D 5D 6D"),
                0,
                &shape,
                false,
                None
            )),
            "1D 3D 4D 5D 6D 7D"
        );
    }

    /// The public functions run the AVX2 build where the processor has it; the baseline
    /// build (called directly here) must agree.
    #[test]
    fn baseline_and_fast_builds_agree() {
        use mahjong_tiles::{TileSet, TileSetId};
        use rand::seq::SliceRandom;
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for id in [
            TileSetId::Classical,
            TileSetId::Korean3p,
            TileSetId::Japanese3p,
        ] {
            let shape = Shape::of(&TileSet::new(id));
            let kinds: Vec<usize> = shape.kinds.iter().collect();
            for _ in 0..3000 {
                let declared = rng.gen_range(0..5);
                let n = 13 - 3 * declared;
                // Clumps of one to three copies, so that waits are common.
                let mut c = [0u8; KINDS];
                let mut left = n;
                while left > 0 {
                    let k = *kinds.choose(&mut rng).unwrap();
                    let add = rng.gen_range(1..=3).min(left).min((4 - c[k]) as usize);
                    c[k] += add as u8;
                    left -= add;
                }
                for seven in [false, true] {
                    assert_eq!(
                        waiting(&c, declared, &shape, seven, None),
                        waits(&c, declared, &shape, seven, None)
                    );
                    let mut d = c;
                    d[*kinds.choose(&mut rng).unwrap()] += 1;
                    assert_eq!(
                        complete(&d, declared, &shape, seven),
                        is_complete(&d, declared, &shape, seven)
                    );
                }
            }
        }
    }

    #[test]
    fn five_of_a_kind_uses_the_search() {
        let shape = Shape::classical();
        // Invalid in play, but the answer must match the search: 11111 = pung + pair.
        let c = counts("1B 1B 1B 1B 1B 2C 3C 4C 5C 6C 7C 8C 9C");
        assert_eq!(
            waits(&c, 0, &shape, false, None),
            waits_slow(&c, 0, &shape, false, None)
        );
        let mut c = c;
        c[9] += 1;
        assert!(is_complete(&c, 0, &shape, false));
    }
}
