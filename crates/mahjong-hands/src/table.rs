//! Lookup tables for one chow-capable suit, shared by shanten, waits and completeness.
//!
//! A suit's nine counts (each 0–4) read as a base-5 number identify its content. For
//! every content of at most 14 tiles the distance table stores, for every target of `m`
//! sets (0–4) and `p` pairs (0–1) inside the suit, the fewest tiles that must be added so
//! the suit contains that target. Hands then combine a handful of these small vectors
//! instead of searching arrangements, which keeps the hot paths allocation-free and in
//! the tens of nanoseconds.
//!
//! The tables are built once, at first use, in about a hundred milliseconds.
//!
//! The vector operations use SSE2 on x86-64 (part of its baseline); the public entry
//! points are compiled a second time for AVX2, chosen at run time, whose three-operand
//! and broadcast forms make them markedly faster. Other processors get plain loops.

use std::sync::OnceLock;

use crate::Counts;

/// Number of nine-digit base-5 numbers: every suit content with at most 4 of a kind.
pub(crate) const ENTRIES: usize = 1_953_125;

/// Powers of five: the index step of one more tile of each rank.
pub(crate) const POW5: [usize; 9] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390_625];

/// Values of the low part of a suit key (ranks 1–4).
const LOWS: usize = 625;
/// Values of the high part of a suit key (ranks 5–9).
const HIGHS: usize = 3125;

/// Most tiles a suit can hold in a hand (four sets and a pair). Only suit contents up to
/// this size are kept, which shrinks the distance table fivefold.
pub(crate) const MAX_TILES: usize = 14;

/// Distance of a target a group cannot form: above any real distance (at most 14), and
/// small enough that sums of three never reach 255.
pub(crate) const INF: u8 = 40;

/// Lane of the (0 sets, 1 pair) target; lane `m` is (m sets, no pair), lane `P1 + m`
/// (m sets, one pair). The lanes between (5–8) and after (14–15) hold 255, so that
/// shifting a vector by up to four lanes never moves a no-pair value into a pair lane.
pub(crate) const P1: usize = 9;

/// Sixteen distances (or 255 in unused lanes), one per target: see [`P1`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(C, align(16))]
pub(crate) struct Dist(pub(crate) [u8; 16]);

/// 255 in the unused lanes.
const UNUSED: Dist = Dist([0, 0, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 0, 255, 255]);

/// 255 everywhere but the pair lanes.
const NO_PAIR_LANES: Dist = Dist([
    255, 255, 255, 255, 255, 255, 255, 255, 255, 0, 0, 0, 0, 0, 255, 255,
]);

/// 255 everywhere but lanes 0–4.
const LOW_LANES_ONLY: Dist = Dist([
    0, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
]);

/// The distances of a group with no kinds: only the empty target is free.
pub(crate) const EMPTY_GROUP: Dist = Dist([
    0, INF, INF, INF, INF, 255, 255, 255, 255, INF, INF, INF, INF, INF, 255, 255,
]);

/// Where a suit's content sits in the tables: its ranks 1–4 and 5–9 as base-5 numbers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct SuitKey {
    pub(crate) low: usize,
    pub(crate) high: usize,
}

impl SuitKey {
    /// The whole content as one base-5 number (rank 1 lowest).
    #[inline(always)]
    pub(crate) fn index(self) -> usize {
        self.low + LOWS * self.high
    }
}

/// The per-suit tables.
pub(crate) struct Tables {
    /// Distances of every suit content of at most [`MAX_TILES`] tiles, at
    /// `offset[high] + rank[low]` (see [`Tables::slot`]).
    dist: Box<[Dist]>,
    /// Position of each low part among low parts sorted by tile count, so that the low
    /// parts fitting beside a given high part form a prefix.
    rank: Box<[u16; 1024]>,
    /// Start of each high part's run of entries.
    offset: Box<[u32; 4096]>,
    /// Distances of the kinds that form only pungs and pairs, by [`isolated_key`] (kept
    /// for tests; the hot paths use the reversed forms).
    #[cfg(test)]
    isolated: Box<[Dist]>,
    /// The same, reversed for a final step of `S` sets: lane `i` holds the distance of
    /// (S − i sets, pair) and lane `P1 + i` that of (S − i sets, no pair), so adding a
    /// vector lines up complementary shares (see [`finish`]).
    isolated_rev: Box<[Dist]>,
    /// `isolated_rev` for the seven honours of the classical set, by packed honour
    /// levels ([`honour_levels`]): the packed value is the key, with no capping.
    honours_rev: Box<[[Dist; 512]; 5]>,
}

/// Keys of the isolated-kinds table.
const ISOLATED_KEYS: usize = 6 * 6 * 6 * 6;

static TABLES: OnceLock<Tables> = OnceLock::new();

static COMPLETE: OnceLock<Box<[u64]>> = OnceLock::new();

/// Whether the suit with this content index is exactly sets plus at most one pair (at most
/// 14 tiles). Waits and completeness need only this, so it is built on its own, in about a
/// millisecond: scoring one table does not pay for the shanten tables.
#[inline(always)]
pub(crate) fn suit_is_complete(index: usize) -> bool {
    let bits = COMPLETE.get_or_init(generate_complete);
    bits[index / 64] >> (index % 64) & 1 == 1
}

/// The completeness bits, by generating every suit content of at most four sets (pungs and
/// chows, at most four copies of a rank) with or without one pair.
fn generate_complete() -> Box<[u64]> {
    fn mark(c: &[u8; 9], out: &mut [u64]) {
        let idx: usize = c.iter().zip(POW5).map(|(&n, p)| n as usize * p).sum();
        out[idx / 64] |= 1 << (idx % 64);
    }
    /// Adds sets of type `from..16` (0–8 pungs, 9–15 chows), at most `left` more.
    fn sets(from: usize, left: usize, c: &mut [u8; 9], out: &mut [u64]) {
        mark(c, out);
        for r in 0..9 {
            if c[r] <= 2 {
                c[r] += 2;
                mark(c, out);
                c[r] -= 2;
            }
        }
        if left == 0 {
            return;
        }
        for t in from..16 {
            let ranks: &[usize] = if t < 9 {
                &[t, t, t]
            } else {
                &[t - 9, t - 8, t - 7]
            };
            if ranks.iter().all(|&r| c[r] < 4) && (t >= 9 || c[t] <= 1) {
                for &r in ranks {
                    c[r] += 1;
                }
                sets(t, left - 1, c, out);
                for &r in ranks {
                    c[r] -= 1;
                }
            }
        }
    }
    let mut out = vec![0u64; ENTRIES.div_ceil(64)];
    sets(0, 4, &mut [0; 9], &mut out);
    out.into_boxed_slice()
}

/// Bit of the (m sets, p pairs) target in the build-time "contains" masks. Sets and pairs
/// sit in separate bytes so adding a set is a shift that cannot spill into the pair byte.
const fn bit(m: usize, p: usize) -> u16 {
    1 << (m + 8 * p)
}

/// The lanes that are real targets (m ≤ 4) in the "contains" masks.
const VALID: u16 = 0x1F1F;

impl Tables {
    /// The shared tables, built on first use.
    #[inline(always)]
    pub(crate) fn get() -> &'static Tables {
        TABLES.get_or_init(Tables::build)
    }

    /// Builds the tables from scratch.
    pub(crate) fn build() -> Tables {
        let contains = build_contains();
        let full = build_dist(&contains);
        drop(contains);
        let (dist, rank, offset) = compact(&full);
        #[cfg_attr(not(test), allow(unused_variables))]
        let (isolated, isolated_rev) = build_isolated();
        let honours_rev = build_honours(&isolated_rev);
        Tables {
            dist,
            rank,
            offset,
            #[cfg(test)]
            isolated,
            isolated_rev,
            honours_rev,
        }
    }

    /// Where a suit's distances are. The suit must hold at most [`MAX_TILES`] tiles.
    #[inline(always)]
    pub(crate) fn slot(&self, key: SuitKey) -> usize {
        // The masks keep in-range keys unchanged and spare the bounds checks.
        self.offset[key.high & 4095] as usize + self.rank[key.low & 1023] as usize
    }

    /// The distances at a slot.
    #[inline(always)]
    pub(crate) fn dist(&self, slot: usize) -> Dist {
        self.dist[slot]
    }

    /// The distances of the kinds that form only pungs and pairs.
    #[cfg(test)]
    pub(crate) fn isolated(&self, key: usize) -> Dist {
        self.isolated[key]
    }

    /// The same, reversed for a last step of `S` sets.
    #[inline(always)]
    pub(crate) fn isolated_rev<const S: usize>(&self, key: usize) -> Dist {
        self.isolated_rev[S * ISOLATED_KEYS + key]
    }

    /// The same for the seven classical honours, by packed honour levels.
    #[inline(always)]
    pub(crate) fn honours_rev<const S: usize>(&self, packed: usize) -> Dist {
        self.honours_rev[S][packed & 511]
    }
}

/// The key of the isolated-kinds table: how many kinds hold at least 3, 2 and 1 tiles,
/// and how many kinds there are. Only the fullest five kinds can matter (four pungs and a
/// pair), so each number is capped at 5.
#[inline(always)]
pub(crate) fn isolated_key(ge3: u32, ge2: u32, ge1: u32, kinds: u32) -> usize {
    let c = |x: u32| x.min(5) as usize;
    c(ge3) + 6 * (c(ge2) + 6 * (c(ge1) + 6 * c(kinds)))
}

/// The key of suit `s` (0–2), whose counts must be at most 4.
#[inline(always)]
pub(crate) fn suit_key(counts: &Counts, s: usize) -> SuitKey {
    lanes::suit_key(counts, s)
}

/// Whether a hand suits the tables: at most four of a kind and at most [`MAX_TILES`]
/// tiles (every real hand). Others take the general search.
#[inline(always)]
pub(crate) fn fits(counts: &Counts) -> bool {
    small_total(counts).is_some_and(|total| total <= MAX_TILES)
}

/// How many honours (kinds 27–33) hold at least 1, 2 and 3 tiles, packed in three bits
/// each (`ge1 | ge2 << 3 | ge3 << 6`), for the kinds in `present` (bit k − 27 for kind
/// k). Counts must be at most 4.
#[inline(always)]
pub(crate) fn honour_levels(counts: &Counts, present: u32) -> usize {
    lanes::honour_levels(counts, present)
}

/// The kinds holding at least 1, 2, 3 and 4 tiles, as masks (bit k for kind k).
#[inline(always)]
pub(crate) fn levels(counts: &Counts) -> [u64; 4] {
    lanes::levels(counts)
}

/// The number of tiles, if no kind has more than 4 (else `None`).
#[inline(always)]
pub(crate) fn small_total(counts: &Counts) -> Option<usize> {
    lanes::small_total(counts)
}

/// Whether the processor has AVX2 and POPCNT, for which the hot entry points are
/// compiled a second time (detected once, then cached).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn fast_available() -> bool {
    std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("popcnt")
}

/// Splits packed honour levels into (ge3, ge2, ge1).
#[inline(always)]
pub(crate) fn unpack_levels(packed: usize) -> [u32; 3] {
    let p = packed as u32;
    [p >> 6, p >> 3 & 7, p & 7]
}

/// Min-plus convolution for targets of up to `S` sets: the best split of every target
/// between two independent groups. Lanes above `S` sets are left unspecified.
///
/// Both inputs must be non-decreasing in the number of sets and have 0 for the empty
/// target, which holds for every distance vector.
#[inline(always)]
pub(crate) fn combine<const S: usize>(a: Dist, b: Dist) -> Dist {
    lanes::combine::<S>(a, b)
}

/// [`combine`] of a group `b` and a group given reversed for `S` sets, itself reversed:
/// lane `j` holds the distance of (S − j sets, pair), lane `P1 + j` that of (S − j sets,
/// no pair). Splitting the work into two independent combinations before [`finish`]
/// shortens the chain of dependent steps.
#[inline(always)]
pub(crate) fn combine_rev<const S: usize>(b: Dist, rev: Dist) -> Dist {
    lanes::combine_rev::<S>(b, rev)
}

/// The distance of `S` sets and a pair split between `acc` and a group whose vector is
/// given reversed ([`Tables::isolated_rev`]): the smallest lane of their sum.
#[inline(always)]
pub(crate) fn finish(acc: Dist, rev: Dist) -> u8 {
    lanes::finish(acc, rev)
}

/// SSE2 versions of the hot operations (every x86-64 processor has SSE2).
#[cfg(target_arch = "x86_64")]
#[allow(unused_unsafe)] // the intrinsics are safe functions on newer compilers only
mod lanes {
    use std::arch::x86_64::*;

    use super::{Dist, SuitKey, LOW_LANES_ONLY, NO_PAIR_LANES, UNUSED};
    use crate::Counts;

    #[inline(always)]
    fn load(d: &Dist) -> __m128i {
        // SAFETY: `Dist` is 16 bytes aligned to 16.
        unsafe { _mm_load_si128(d.0.as_ptr().cast()) }
    }

    #[inline(always)]
    fn store(v: __m128i) -> Dist {
        let mut d = UNUSED;
        // SAFETY: as in `load`.
        unsafe { _mm_store_si128(d.0.as_mut_ptr().cast(), v) };
        d
    }

    /// Sixteen counts from `at` (at most 18, so the read stays inside the 34 counts).
    #[inline(always)]
    fn counts_at(counts: &Counts, at: usize) -> __m128i {
        let bytes: &[u8; 16] = counts[at..at + 16].try_into().unwrap();
        // SAFETY: an unaligned load of 16 bytes that exist.
        unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) }
    }

    #[inline(always)]
    pub(super) fn suit_key(counts: &Counts, s: usize) -> SuitKey {
        // SAFETY: SSE2 is part of the x86-64 baseline.
        unsafe {
            let c = counts_at(counts, 9 * s);
            let words = _mm_unpacklo_epi8(c, _mm_setzero_si128());
            // Ranks 1–8 in pairs: r1 + 5·r2, 25·r3 + 125·r4, r5 + 5·r6, 25·r7 + 125·r8.
            let pairs = _mm_madd_epi16(words, _mm_setr_epi16(1, 5, 25, 125, 1, 5, 25, 125));
            let sums = _mm_add_epi32(pairs, _mm_shuffle_epi32::<0b10_11_00_01>(pairs));
            let low = _mm_cvtsi128_si32(sums) as usize;
            let mid = _mm_extract_epi16::<4>(sums) as usize;
            SuitKey {
                low,
                high: mid + 625 * counts[9 * s + 8] as usize,
            }
        }
    }

    #[inline(always)]
    pub(super) fn small_total(counts: &Counts) -> Option<usize> {
        // SAFETY: SSE2 is part of the x86-64 baseline.
        unsafe {
            let a = counts_at(counts, 0);
            let b = counts_at(counts, 16);
            let zero = _mm_setzero_si128();
            let over = _mm_subs_epu8(_mm_max_epu8(a, b), _mm_set1_epi8(4));
            let fine = _mm_movemask_epi8(_mm_cmpeq_epi8(over, zero)) == 0xFFFF;
            let sums = _mm_add_epi64(_mm_sad_epu8(a, zero), _mm_sad_epu8(b, zero));
            let sum = _mm_add_epi64(sums, _mm_unpackhi_epi64(sums, sums));
            let (x, y) = (counts[32], counts[33]);
            let total = _mm_cvtsi128_si32(sum) as usize + x as usize + y as usize;
            // Counts above 4 (not a real hand) would break the base-5 keys.
            (fine & (x.max(y) <= 4)).then_some(total)
        }
    }

    #[inline(always)]
    pub(super) fn levels(counts: &Counts) -> [u64; 4] {
        // SAFETY: SSE2 is part of the x86-64 baseline.
        unsafe {
            let a = counts_at(counts, 0);
            let b = counts_at(counts, 16);
            let mask = |x: __m128i| _mm_movemask_epi8(x) as u32 as u64;
            // Unsigned x ≥ k exactly when max(x, k) = x.
            let at_least = |k: i8| {
                let kk = _mm_set1_epi8(k);
                let lo = mask(_mm_cmpeq_epi8(_mm_max_epu8(a, kk), a));
                let hi = mask(_mm_cmpeq_epi8(_mm_max_epu8(b, kk), b));
                let tail = u64::from(counts[32] >= k as u8) | u64::from(counts[33] >= k as u8) << 1;
                lo | hi << 16 | tail << 32
            };
            [at_least(1), at_least(2), at_least(3), at_least(4)]
        }
    }

    #[inline(always)]
    pub(super) fn honour_levels(counts: &Counts, present: u32) -> usize {
        // SAFETY: SSE2 is part of the x86-64 baseline.
        unsafe {
            // Lanes 9–15 are the honours 27–33.
            let c = counts_at(counts, 18);
            // 0xFF in the lanes of present honours: lane 9 + i tests bit i + 1 of the
            // shifted mask, the other lanes its bit 0, which is clear.
            let bits = _mm_set1_epi8((present << 1) as u8 as i8);
            let select = _mm_setr_epi8(1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 4, 8, 16, 32, 64, -128);
            let here = _mm_cmpeq_epi8(_mm_and_si128(bits, select), select);
            // Each present honour weighs 1 + 8·[≥ 2] + 64·[≥ 3] if it holds a tile; the
            // byte sums of the upper half then pack the three counts.
            let level = |k: i8, w: i8| {
                _mm_and_si128(_mm_cmpgt_epi8(c, _mm_set1_epi8(k - 1)), _mm_set1_epi8(w))
            };
            let v = _mm_or_si128(_mm_or_si128(level(1, 1), level(2, 8)), level(3, 64));
            let sums = _mm_sad_epu8(_mm_and_si128(v, here), _mm_setzero_si128());
            _mm_extract_epi16::<4>(sums) as usize
        }
    }

    /// For each share `i` of the sets one side holds without the pair, broadcast that
    /// side's distance and add it to the other side shifted up by `i` lanes. The zeros a
    /// shift lets in only produce candidates no better than a real split (the vectors are
    /// non-decreasing), so they need no masking.
    #[inline(always)]
    pub(super) fn combine<const S: usize>(a: Dist, b: Dist) -> Dist {
        // SAFETY: SSE2 is part of the x86-64 baseline.
        unsafe {
            let av = load(&a);
            let bv = load(&b);
            // a's share holds the pair (its pair lanes only) …
            let a_pair = _mm_or_si128(av, load(&NO_PAIR_LANES));
            // … with b's empty share (cost 0), or b holds everything (a's share empty).
            let mut out = _mm_min_epu8(bv, a_pair);
            // Bytes 0–3 repeated four times per 32-bit lane, and byte 4 in lane 0: one
            // 32-bit shuffle then broadcasts any of them.
            let aw = _mm_unpacklo_epi8(av, av);
            let bw = _mm_unpacklo_epi8(bv, bv);
            let (a03, a4) = (_mm_unpacklo_epi16(aw, aw), _mm_unpackhi_epi16(aw, aw));
            let (b03, b4) = (_mm_unpacklo_epi16(bw, bw), _mm_unpackhi_epi16(bw, bw));
            macro_rules! step {
                ($i:literal, $a:expr, $b:expr, $lane:literal) => {
                    if S >= $i {
                        // a holds i sets and no pair; b the rest, pair or not.
                        let x = _mm_adds_epu8(
                            _mm_bslli_si128::<$i>(bv),
                            _mm_shuffle_epi32::<$lane>($a),
                        );
                        // b holds i sets and no pair; a the rest, with the pair.
                        let y = _mm_adds_epu8(
                            _mm_bslli_si128::<$i>(a_pair),
                            _mm_shuffle_epi32::<$lane>($b),
                        );
                        out = _mm_min_epu8(out, _mm_min_epu8(x, y));
                    }
                };
            }
            step!(1, a03, b03, 0x55);
            step!(2, a03, b03, 0xAA);
            step!(3, a03, b03, 0xFF);
            step!(4, a4, b4, 0x00);
            store(_mm_or_si128(out, load(&UNUSED)))
        }
    }

    /// As [`combine`], with the reversed side shifted down instead of up. The zeros a
    /// shift lets in at the top again only produce candidates no better than a real
    /// split; the values shifted from pair lanes into no-pair lanes are masked.
    #[inline(always)]
    pub(super) fn combine_rev<const S: usize>(b: Dist, rev: Dist) -> Dist {
        // SAFETY: SSE2 is part of the x86-64 baseline.
        unsafe {
            let bv = load(&b);
            let r = load(&rev);
            let keep_low = load(&LOW_LANES_ONLY);
            // b's share is empty (cost 0), or b holds the pair and no sets.
            let r_pair = _mm_or_si128(_mm_bsrli_si128::<9>(r), keep_low);
            let mut out = _mm_min_epu8(r, _mm_adds_epu8(r_pair, splat::<9>(bv)));
            macro_rules! step {
                ($i:literal, $p:literal) => {
                    if S >= $i {
                        // b holds i sets and no pair.
                        let x = _mm_adds_epu8(_mm_bsrli_si128::<$i>(r), splat::<$i>(bv));
                        // b holds i sets and the pair.
                        let shifted = _mm_or_si128(_mm_bsrli_si128::<$p>(r), keep_low);
                        let y = _mm_adds_epu8(shifted, splat::<$p>(bv));
                        out = _mm_min_epu8(out, _mm_min_epu8(x, y));
                    }
                };
            }
            step!(1, 10);
            step!(2, 11);
            step!(3, 12);
            step!(4, 13);
            store(out)
        }
    }

    /// Lane `L` of `v` in every lane.
    #[inline(always)]
    fn splat<const L: usize>(v: __m128i) -> __m128i {
        // SAFETY: SSE2 is part of the x86-64 baseline.
        unsafe {
            let w = if L < 8 {
                _mm_unpacklo_epi8(v, v)
            } else {
                _mm_unpackhi_epi8(v, v)
            };
            let d = if L % 8 < 4 {
                _mm_unpacklo_epi16(w, w)
            } else {
                _mm_unpackhi_epi16(w, w)
            };
            match L % 4 {
                0 => _mm_shuffle_epi32::<0x00>(d),
                1 => _mm_shuffle_epi32::<0x55>(d),
                2 => _mm_shuffle_epi32::<0xAA>(d),
                _ => _mm_shuffle_epi32::<0xFF>(d),
            }
        }
    }

    #[inline(always)]
    pub(super) fn finish(acc: Dist, rev: Dist) -> u8 {
        // SAFETY: SSE2 is part of the x86-64 baseline.
        unsafe {
            let mut x = _mm_adds_epu8(load(&acc), load(&rev));
            x = _mm_min_epu8(x, _mm_bsrli_si128::<8>(x));
            x = _mm_min_epu8(x, _mm_bsrli_si128::<4>(x));
            x = _mm_min_epu8(x, _mm_bsrli_si128::<2>(x));
            x = _mm_min_epu8(x, _mm_bsrli_si128::<1>(x));
            _mm_cvtsi128_si32(x) as u8
        }
    }
}

/// Plain versions of the hot operations, for other processors (and, in tests, to check
/// the SSE2 versions against).
#[cfg(any(test, not(target_arch = "x86_64")))]
mod portable {
    use super::{Dist, SuitKey, P1};
    use crate::Counts;

    pub(super) fn suit_key(counts: &Counts, s: usize) -> SuitKey {
        let c = |i: usize| counts[9 * s + i] as usize;
        SuitKey {
            low: c(0) + 5 * (c(1) + 5 * (c(2) + 5 * c(3))),
            high: c(4) + 5 * (c(5) + 5 * (c(6) + 5 * (c(7) + 5 * c(8)))),
        }
    }

    pub(super) fn small_total(counts: &Counts) -> Option<usize> {
        counts
            .iter()
            .all(|&c| c <= 4)
            .then(|| counts.iter().map(|&c| c as usize).sum())
    }

    pub(super) fn levels(counts: &Counts) -> [u64; 4] {
        let mut out = [0; 4];
        for (k, &c) in counts.iter().enumerate() {
            for (level, m) in out.iter_mut().enumerate() {
                *m |= u64::from(c > level as u8) << k;
            }
        }
        out
    }

    pub(super) fn honour_levels(counts: &Counts, present: u32) -> usize {
        let mut out = 0;
        for (i, &c) in counts[27..].iter().enumerate() {
            if present >> i & 1 == 1 {
                out += usize::from(c >= 1) + 8 * usize::from(c >= 2) + 64 * usize::from(c >= 3);
            }
        }
        out
    }

    pub(super) fn combine<const S: usize>(a: Dist, b: Dist) -> Dist {
        let mut r = Dist([255; 16]);
        for m in 0..=S {
            let (mut none, mut pair) = (u8::MAX, u8::MAX);
            for i in 0..=m {
                let j = m - i;
                none = none.min(a.0[i].saturating_add(b.0[j]));
                pair = pair
                    .min(a.0[i].saturating_add(b.0[P1 + j]))
                    .min(a.0[P1 + i].saturating_add(b.0[j]));
            }
            r.0[m] = none;
            r.0[P1 + m] = pair;
        }
        r
    }

    pub(super) fn combine_rev<const S: usize>(b: Dist, rev: Dist) -> Dist {
        // Undo the reversal, combine, and reverse again.
        let mut g = Dist([255; 16]);
        for i in 0..=S {
            g.0[S - i] = rev.0[P1 + i];
            g.0[P1 + S - i] = rev.0[i];
        }
        let c = combine::<S>(b, g);
        let mut out = Dist([255; 16]);
        for j in 0..=S {
            out.0[j] = c.0[P1 + S - j];
            out.0[P1 + j] = c.0[S - j];
        }
        out
    }

    pub(super) fn finish(acc: Dist, rev: Dist) -> u8 {
        (0..16)
            .map(|l| acc.0[l].saturating_add(rev.0[l]))
            .min()
            .unwrap()
    }
}

#[cfg(not(target_arch = "x86_64"))]
use portable as lanes;

/// Advances base-5 digits by one (little-endian).
fn increment(d: &mut [u8; 9]) {
    for x in d.iter_mut() {
        if *x < 4 {
            *x += 1;
            return;
        }
        *x = 0;
    }
}

/// Steps base-5 digits back by one (little-endian).
fn decrement(d: &mut [u8; 9]) {
    for x in d.iter_mut() {
        if *x > 0 {
            *x -= 1;
            return;
        }
        *x = 4;
    }
}

/// For every entry, the set of (m, p) targets it contains. A target is contained if some
/// set or pair can be removed leaving a smaller contained target; removing tiles only
/// lowers the index, so ascending order sees every sub-entry first.
fn build_contains() -> Vec<u16> {
    let mut out = vec![0u16; ENTRIES];
    let mut d = [0u8; 9];
    for idx in 0..ENTRIES {
        let mut bits = bit(0, 0);
        for i in 0..9 {
            if d[i] >= 2 {
                // A pair can only be added to a target without one.
                bits |= (out[idx - 2 * POW5[i]] & 0x1F) << 8;
                if d[i] >= 3 {
                    bits |= (out[idx - 3 * POW5[i]] << 1) & VALID;
                }
            }
        }
        for i in 0..7 {
            if d[i] > 0 && d[i + 1] > 0 && d[i + 2] > 0 {
                bits |= (out[idx - POW5[i] - POW5[i + 1] - POW5[i + 2]] << 1) & VALID;
            }
        }
        out[idx] = bits;
        increment(&mut d);
    }
    out
}

/// The completeness bits: an entry with `3m` tiles must contain m sets, one with `3m + 2`
/// tiles m sets and a pair (so every tile is used).
#[cfg(test)]
fn build_complete(contains: &[u16]) -> Box<[u64]> {
    let mut out = vec![0u64; ENTRIES.div_ceil(64)];
    let mut d = [0u8; 9];
    for (idx, &bits) in contains.iter().enumerate() {
        let sum: usize = d.iter().map(|&x| x as usize).sum();
        let want = match sum % 3 {
            0 if sum <= 12 => bit(sum / 3, 0),
            2 if sum <= 14 => bit((sum - 2) / 3, 1),
            _ => 0,
        };
        if bits & want != 0 {
            out[idx / 64] |= 1 << (idx % 64);
        }
        increment(&mut d);
    }
    out.into_boxed_slice()
}

/// The distances of every entry, lanes `m + 5·p`: 0 where the target is contained, else
/// one more than the best entry reachable by adding one tile (some added tile always lies
/// on an optimal target). Adding tiles raises the index, so descending order sees every
/// neighbour first.
fn build_dist(contains: &[u16]) -> Vec<[u8; 10]> {
    let mut out = vec![[0u8; 10]; ENTRIES];
    let mut d = [4u8; 9];
    for idx in (0..ENTRIES).rev() {
        let bits = contains[idx];
        let mut best = [u8::MAX; 10];
        for i in 0..9 {
            if d[i] < 4 {
                let n = &out[idx + POW5[i]];
                for l in 0..10 {
                    best[l] = best[l].min(n[l]);
                }
            }
        }
        let mut v = [0u8; 10];
        for l in 0..10 {
            if bits & bit(l % 5, l / 5) == 0 {
                // Only the all-fours entry has no neighbour, and it contains every target.
                v[l] = best[l].saturating_add(1);
            }
        }
        out[idx] = v;
        decrement(&mut d);
    }
    out
}

/// The compacted distances with their `rank` and `offset` indexes.
type Compact = (Box<[Dist]>, Box<[u16; 1024]>, Box<[u32; 4096]>);

/// Keeps the entries of at most [`MAX_TILES`] tiles, in lane layout, with their index.
fn compact(full: &[[u8; 10]]) -> Compact {
    let digit_sum = |mut x: usize| {
        let mut s = 0;
        while x > 0 {
            s += x % 5;
            x /= 5;
        }
        s
    };
    let mut lows: Vec<usize> = (0..LOWS).collect();
    lows.sort_by_key(|&l| digit_sum(l));
    let mut rank = Box::new([0u16; 1024]);
    for (r, &l) in lows.iter().enumerate() {
        rank[l] = r as u16;
    }
    let mut offset = Box::new([0u32; 4096]);
    let mut dist = Vec::new();
    for (high, off) in offset.iter_mut().enumerate().take(HIGHS) {
        *off = dist.len() as u32;
        let Some(room) = MAX_TILES.checked_sub(digit_sum(high)) else {
            continue;
        };
        for &low in lows.iter().take_while(|&&l| digit_sum(l) <= room) {
            let v = &full[SuitKey { low, high }.index()];
            let mut lanes = UNUSED;
            lanes.0[..5].copy_from_slice(&v[..5]);
            lanes.0[P1..P1 + 5].copy_from_slice(&v[5..]);
            dist.push(lanes);
        }
    }
    (dist.into_boxed_slice(), rank, offset)
}

/// The isolated-kinds distances for every key, as they are and reversed for each last
/// step. With the kinds sorted by tiles held, pungs go to the first m and the pair to the
/// next (moving a pung to a fuller kind and the pair to an emptier one never costs more).
/// The k-th kind's pung costs one tile per threshold (3, 2, 1 held) it falls short of,
/// its pair one per threshold (2, 1).
fn build_isolated() -> (Box<[Dist]>, Box<[Dist]>) {
    let mut out = vec![UNUSED; ISOLATED_KEYS];
    let mut rev = vec![Dist([255; 16]); 5 * ISOLATED_KEYS];
    for kinds in 0..6u32 {
        for ge1 in 0..6u32 {
            for ge2 in 0..6u32 {
                for ge3 in 0..6u32 {
                    let short = |k: u32, t: u32| u8::from(k >= t);
                    let key = isolated_key(ge3, ge2, ge1, kinds);
                    let v = &mut out[key].0;
                    let mut pungs = 0u8;
                    for m in 0..5u32 {
                        v[m as usize] = if m > kinds { INF } else { pungs.min(INF) };
                        v[P1 + m as usize] = if m >= kinds {
                            INF
                        } else {
                            (pungs + short(m, ge2) + short(m, ge1)).min(INF)
                        };
                        pungs += short(m, ge3) + short(m, ge2) + short(m, ge1);
                    }
                    for s in 0..5 {
                        let r = &mut rev[s * ISOLATED_KEYS + key].0;
                        for i in 0..=s {
                            r[i] = v[P1 + s - i];
                            r[P1 + i] = v[s - i];
                        }
                    }
                }
            }
        }
    }
    (out.into_boxed_slice(), rev.into_boxed_slice())
}

/// [`Tables::honours_rev`], copied from the general isolated table.
fn build_honours(isolated_rev: &[Dist]) -> Box<[[Dist; 512]; 5]> {
    let mut out = Box::new([[Dist([255; 16]); 512]; 5]);
    for packed in 0..512 {
        let [ge3, ge2, ge1] = unpack_levels(packed);
        if ge3 <= ge2 && ge2 <= ge1 && ge1 <= 7 {
            let key = isolated_key(ge3, ge2, ge1, 7);
            for s in 0..5 {
                out[s][packed] = isolated_rev[s * ISOLATED_KEYS + key];
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts with `suit` as circles (the last suit, so the 16-byte reads stay inside).
    fn hand(suit: [u8; 9]) -> Counts {
        let mut c = [0u8; mahjong_tiles::KINDS];
        c[18..27].copy_from_slice(&suit);
        c
    }

    fn idx(suit: [u8; 9]) -> usize {
        suit_key(&hand(suit), 2).index()
    }

    fn dist(suit: [u8; 9]) -> [u8; 16] {
        let t = Tables::get();
        t.dist(t.slot(suit_key(&hand(suit), 2))).0
    }

    fn lane(m: usize, p: usize) -> usize {
        m + P1 * p
    }

    #[test]
    fn keys_are_base_five() {
        assert_eq!(idx([0; 9]), 0);
        assert_eq!(idx([4; 9]), ENTRIES - 1);
        assert_eq!(idx([1, 0, 0, 0, 0, 0, 0, 0, 2]), 1 + 2 * POW5[8]);
        assert_eq!(idx([0, 0, 0, 0, 0, 3, 0, 0, 0]), 3 * POW5[5]);
        let mut c = [0u8; mahjong_tiles::KINDS];
        c[..9].copy_from_slice(&[1, 2, 3, 4, 0, 1, 2, 3, 4]);
        c[9..18].copy_from_slice(&[4, 3, 2, 1, 0, 4, 3, 2, 1]);
        let key = |s| suit_key(&c, s);
        assert_eq!(
            key(0).index(),
            1 + 2 * 5 + 3 * 25 + 4 * 125 + 625 * (5 + 50 + 375 + 2500)
        );
        assert_eq!(
            key(1).index(),
            4 + 15 + 50 + 125 + 625 * (20 + 75 + 250 + 625)
        );
        assert_eq!(key(2).index(), 0);
    }

    #[test]
    fn hand_checks() {
        let mut c = [0u8; mahjong_tiles::KINDS];
        assert!(fits(&c));
        c[33] = 4;
        c[0] = 4;
        c[17] = 4;
        assert!(fits(&c));
        c[33] = 5;
        assert!(!fits(&c));
        c[33] = 0;
        c[20] = 5;
        assert!(!fits(&c));
        c[20] = 3;
        assert!(fits(&c));
        c[21] = 4;
        assert!(!fits(&c));
        c[21] = 0;
        c[27] = 3;
        c[28] = 2;
        c[30] = 1;
        assert_eq!(unpack_levels(honour_levels(&c, 0x7F)), [1, 2, 3]);
        assert_eq!(unpack_levels(honour_levels(&c, 0x7F & !1)), [0, 1, 2]);
        assert_eq!(unpack_levels(honour_levels(&c, 0x7F & !8)), [1, 2, 2]);
    }

    #[test]
    fn distances_of_small_suits() {
        // Empty suit: a set costs 3, a pair 2.
        let e = dist([0; 9]);
        assert_eq!(e[lane(0, 0)], 0);
        assert_eq!(e[lane(1, 0)], 3);
        assert_eq!(e[lane(0, 1)], 2);
        assert_eq!(e[lane(4, 1)], 14);
        // 1 2: a chow needs one tile (the 3), a pair one tile, both three.
        let v = dist([1, 1, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(v[lane(1, 0)], 1);
        assert_eq!(v[lane(0, 1)], 1);
        assert_eq!(v[lane(1, 1)], 3);
        // 1111: a pung is there, but a pung and a pair of 1 would need a fifth copy.
        let v = dist([4, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(v[lane(1, 0)], 0);
        assert_eq!(v[lane(0, 1)], 0);
        assert_eq!(v[lane(1, 1)], 2);
        // 111 + 123.
        assert_eq!(v[lane(2, 0)], 2);
    }

    #[test]
    fn completeness_bits() {
        assert!(suit_is_complete(0));
        assert!(suit_is_complete(idx([3, 1, 1, 1, 2, 1, 1, 1, 3])));
        assert!(suit_is_complete(idx([2, 0, 0, 0, 0, 0, 0, 0, 0])));
        assert!(suit_is_complete(idx([1, 1, 1, 0, 0, 0, 0, 0, 2])));
        assert!(!suit_is_complete(idx([4, 0, 0, 0, 0, 0, 0, 0, 0])));
        assert!(!suit_is_complete(idx([2, 2, 0, 0, 0, 0, 0, 0, 0])));
        assert!(!suit_is_complete(idx([1, 1, 0, 0, 0, 0, 0, 0, 0])));
        // Five sets do not fit a hand.
        assert!(!suit_is_complete(idx([3, 3, 3, 3, 3, 0, 0, 0, 0])));
    }

    #[test]
    fn slots_cover_every_suit_that_fits_a_hand() {
        let t = Tables::get();
        let mut seen = vec![false; t.dist.len()];
        let mut d = [0u8; 9];
        let mut n = 0;
        for _ in 0..ENTRIES {
            if d.iter().map(|&x| x as usize).sum::<usize>() <= MAX_TILES {
                let slot = t.slot(suit_key(&hand(d), 2));
                assert!(!seen[slot], "{d:?}");
                seen[slot] = true;
                n += 1;
            }
            increment(&mut d);
        }
        assert_eq!(n, t.dist.len());
    }

    /// Min-plus convolution by definition, on lane vectors.
    fn combine_reference(a: &Dist, b: &Dist, sets: usize) -> Dist {
        let mut out = UNUSED;
        for m in 0..=sets {
            for p in 0..2 {
                let mut best = 255u32;
                for i in 0..=m {
                    for q in 0..=p {
                        let x = a.0[lane(i, q)] as u32 + b.0[lane(m - i, p - q)] as u32;
                        best = best.min(x);
                    }
                }
                out.0[lane(m, p)] = best.min(255) as u8;
            }
        }
        out
    }

    fn sample_vectors() -> Vec<Dist> {
        let t = Tables::get();
        let suits = [
            [0u8; 9],
            [1, 1, 0, 0, 0, 0, 0, 0, 0],
            [4, 0, 0, 0, 0, 0, 0, 0, 4],
            [3, 1, 1, 1, 2, 1, 1, 1, 3],
            [0, 2, 0, 1, 0, 1, 0, 0, 1],
        ];
        suits
            .iter()
            .map(|&s| t.dist(t.slot(suit_key(&hand(s), 2))))
            .chain([
                t.isolated(isolated_key(1, 2, 4, 7)),
                t.isolated(isolated_key(0, 0, 0, 2)),
                EMPTY_GROUP,
            ])
            .collect()
    }

    fn check_combine<const S: usize>(a: &Dist, b: &Dist) {
        let want = combine_reference(a, b, S);
        let got = combine::<S>(*a, *b);
        for m in 0..=S {
            for p in 0..2 {
                assert_eq!(got.0[lane(m, p)], want.0[lane(m, p)], "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn combine_matches_its_definition() {
        let v = sample_vectors();
        for a in &v {
            for b in &v {
                check_combine::<4>(a, b);
                check_combine::<3>(a, b);
                check_combine::<2>(a, b);
                check_combine::<1>(a, b);
                check_combine::<0>(a, b);
            }
        }
    }

    fn check_finish<const S: usize>(acc: &Dist, key: usize) {
        let t = Tables::get();
        let want = combine_reference(acc, &t.isolated(key), S).0[lane(S, 1)];
        assert_eq!(finish(*acc, t.isolated_rev::<S>(key)), want);
    }

    #[test]
    fn finish_is_the_last_lane_of_a_combination() {
        for acc in sample_vectors() {
            for key in [
                isolated_key(1, 2, 4, 7),
                isolated_key(0, 0, 0, 2),
                isolated_key(0, 3, 3, 5),
            ] {
                check_finish::<4>(&acc, key);
                check_finish::<3>(&acc, key);
                check_finish::<2>(&acc, key);
                check_finish::<1>(&acc, key);
                check_finish::<0>(&acc, key);
            }
        }
    }

    #[test]
    fn isolated_kinds() {
        let t = Tables::get();
        // Seven empty honours: 3 per pung, 2 for the pair.
        let v = t.isolated(isolated_key(0, 0, 0, 7)).0;
        assert_eq!(v[lane(4, 1)], 14);
        // East pung, South pair, West single: pung-pung-pair costs 0 + 1 + 1.
        let v = t.isolated(isolated_key(1, 2, 3, 7)).0;
        assert_eq!(v[lane(1, 1)], 0);
        assert_eq!(v[lane(2, 1)], 2);
        assert_eq!(v[lane(3, 0)], 3);
        // Two kinds only: no third set.
        let v = t.isolated(isolated_key(0, 0, 0, 2)).0;
        assert_eq!(v[lane(2, 0)], 6);
        assert!(v[lane(2, 1)] >= INF);
    }

    /// The SSE2 operations agree with the plain ones.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn lanes_match_the_portable_versions() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let t = Tables::get();
        for _ in 0..20_000 {
            let mut c = [0u8; mahjong_tiles::KINDS];
            let n = rng.gen_range(0..18);
            for _ in 0..n {
                let k = rng.gen_range(0..c.len());
                c[k] += if rng.gen_bool(0.02) { 5 } else { 1 };
            }
            assert_eq!(lanes::small_total(&c), portable::small_total(&c), "{c:?}");
            assert_eq!(lanes::levels(&c), portable::levels(&c), "{c:?}");
            if c.iter().all(|&x| x <= 4) {
                let present = rng.gen_range(0..128);
                assert_eq!(
                    lanes::honour_levels(&c, present),
                    portable::honour_levels(&c, present)
                );
                for s in 0..3 {
                    assert_eq!(lanes::suit_key(&c, s), portable::suit_key(&c, s));
                }
            }
            if !fits(&c) {
                continue;
            }
            let v: Vec<Dist> = (0..3).map(|s| t.dist(t.slot(suit_key(&c, s)))).collect();
            let levels = unpack_levels(honour_levels(&c, 0x7F));
            let key = isolated_key(levels[0], levels[1], levels[2], 7);
            fn same<const S: usize>(a: Dist, b: Dist, rev: Dist) {
                let fast = lanes::combine::<S>(a, b);
                let plain = portable::combine::<S>(a, b);
                for m in 0..=S {
                    assert_eq!(fast.0[m], plain.0[m]);
                    assert_eq!(fast.0[P1 + m], plain.0[P1 + m]);
                }
                let fast = lanes::combine_rev::<S>(a, rev);
                let plain = portable::combine_rev::<S>(a, rev);
                assert_eq!(lanes::finish(b, fast), portable::finish(b, plain));
                assert_eq!(lanes::finish(b, rev), portable::finish(b, rev));
            }
            same::<4>(v[0], v[1], t.isolated_rev::<4>(key));
            same::<3>(v[1], v[2], t.isolated_rev::<3>(key));
            same::<2>(v[2], v[0], t.isolated_rev::<2>(key));
            same::<1>(v[0], v[2], t.isolated_rev::<1>(key));
            same::<0>(v[1], v[0], t.isolated_rev::<0>(key));
        }
    }

    /// Prints how long a fresh build takes (`cargo test --release -p mahjong-hands --lib
    /// -- --ignored --nocapture table_build_time`).
    #[test]
    #[ignore]
    fn table_build_time() {
        let start = std::time::Instant::now();
        let t = Tables::build();
        eprintln!("table build: {:?}", start.elapsed());
        assert_eq!(t.dist(0).0[lane(4, 1)], 14);
    }
}

#[cfg(test)]
mod generated_complete {
    #[test]
    fn generated_bits_equal_the_derived_ones() {
        let derived = super::build_complete(&super::build_contains());
        assert_eq!(super::generate_complete(), derived);
    }
}
