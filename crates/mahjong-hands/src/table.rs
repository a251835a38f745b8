//! Lookup tables for one chow-capable suit, shared by shanten, waits and completeness.
//!
//! A suit's nine counts (each 0–4) read as a base-5 number identify its content. For
//! every content of at most 14 tiles the distance table stores, for every target of `m`
//! sets (0–4) and `p` pairs (0–1) inside the suit, the fewest tiles that must be added so
//! the suit contains that target. Hands then combine a handful of these small vectors
//! instead of searching arrangements, which keeps the hot paths allocation-free and in
//! the tens of nanoseconds.
//!
//! The tables are computed at build time (`build.rs`, by [`crate::table_gen`]) and embedded
//! in the binary: the 405,350 suit contents that fit a hand share only 126 distinct
//! distance vectors, so each content is one byte naming its vector (396 KB), and the
//! completeness bits take 50 KB. Both are indexed by a slot numbering only the contents
//! that fit a hand ([`table_gen::slot`]), not by the base-5 number (1.9 MB and 240 KB),
//! so they stay in the second-level cache.
//! For the three-player sets each of the 126 vectors is also stored combined with the
//! kinds without chows (their 1 and 9 and the honours) of each of 56 classes of levels,
//! for every number of sets (560 KB), so such a hand combines no vectors. Nothing is built
//! when a process starts. The smaller tables (kinds without chows) are computed by the
//! compiler.
//!
//! The vector operations use SSE2 on x86-64 (part of its baseline); the public entry
//! points are compiled a second time for AVX2, chosen at run time, whose three-operand
//! and broadcast forms make them markedly faster. Other processors get plain loops.

#[cfg(test)]
use crate::table_gen::LOWS;
use crate::table_gen::{self, SLOTS_PADDED, VECTOR_IDS, WIDE_CLASSES};
use crate::Counts;

#[cfg(test)]
pub(crate) use crate::table_gen::ENTRIES;
#[cfg(any(test, not(target_arch = "x86_64")))]
pub(crate) use crate::table_gen::P1;
pub(crate) use crate::table_gen::{isolated_key, INF, MAX_TILES, POW5};

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
    #[cfg(test)]
    pub(crate) fn index(self) -> usize {
        self.low + LOWS * self.high
    }

    /// The key with one tile of rank `r` (0–8) more (`add`) or fewer.
    #[inline(always)]
    pub(crate) fn step(mut self, r: usize, add: bool) -> SuitKey {
        let (low, high) = STEP[r];
        if add {
            self.low += low;
            self.high += high;
        } else {
            self.low -= low;
            self.high -= high;
        }
        self
    }

    /// Where the content sits in the tables ([`table_gen::slot`]). The suit must hold at
    /// most [`MAX_TILES`] tiles; any other content has a slot in bounds with a
    /// meaningless entry.
    #[inline(always)]
    pub(crate) fn slot(self) -> usize {
        table_gen::slot(self.low, self.high)
    }
}

/// The change of a suit key's low and high parts for one tile of each rank.
const STEP: [(usize, usize); 9] = {
    let mut out = [(0, 0); 9];
    let mut r = 0;
    while r < 9 {
        out[r] = if r < 4 {
            (POW5[r], 0)
        } else {
            (0, POW5[r - 4])
        };
        r += 1;
    }
    out
};

/// The per-suit tables.
pub(crate) struct Tables {
    /// Which distinct distance vector each suit content has, by its slot
    /// ([`SuitKey::slot`]; the padding names any vector).
    ids: &'static [u8; SLOTS_PADDED],
    /// The distinct distance vectors, by id (the ids past the last are never used).
    vectors: [Dist; 256],
    /// Distances of the kinds that form only pungs and pairs, by [`isolated_key`] (kept
    /// for tests; the hot paths use the reversed forms).
    #[cfg(test)]
    isolated: [Dist; ISOLATED_KEYS],
    /// The same, reversed for a final step of `S` sets: lane `i` holds the distance of
    /// (S − i sets, pair) and lane `P1 + i` that of (S − i sets, no pair), so adding a
    /// vector lines up complementary shares (see [`finish`]).
    isolated_rev: [Dist; 5 * ISOLATED_KEYS],
    /// `isolated_rev` for the seven honours of the classical set, by packed honour
    /// levels ([`honour_levels`]): the packed value is the key, with no capping.
    honours_rev: [[Dist; 512]; 5],
    /// `isolated_rev` for five or more kinds without chows, by their levels packed wide
    /// ([`wide_levels`]), so that up to fifteen kinds fit: the three-player sets' two
    /// ends and honours.
    wide_rev: [[Dist; WIDE_KEYS]; 5],
    /// The class of wide packed levels: the levels capped at 5 (only the fullest five
    /// kinds matter), numbered 0 to [`WIDE_CLASSES`] − 1.
    wide_class: [u8; WIDE_KEYS],
    /// A suit and five or more kinds without chows combined ([`combine_rev`]) ahead of
    /// time: by `S`, then the class of the kinds' levels and the suit's vector id
    /// ([`Tables::pair_rev`]). The three-player shapes then combine nothing per hand.
    pair_rev: &'static [[Dist; PAIR_REV_LEN]; 5],
}

/// Keys of the wide isolated-kinds table: levels packed as `ge1 | ge2 << 4 | ge3 << 7`
/// (at most 15, 7 and 3 or 4), so below 1,024.
const WIDE_KEYS: usize = 1024;

/// Keys of the isolated-kinds table.
const ISOLATED_KEYS: usize = 6 * 6 * 6 * 6;

/// The distinct suit distance vectors written by the build script.
const SUIT_VECTORS: &[Dist] = &include!(concat!(env!("OUT_DIR"), "/suit_vectors.rs"));

/// Every table, computed before the program runs.
static TABLES: Tables = Tables {
    // The length is checked by the type: a stale file would not compile.
    ids: include_bytes!(concat!(env!("OUT_DIR"), "/suit_ids.bin")),
    vectors: {
        let mut out = [UNUSED; 256];
        let mut i = 0;
        while i < SUIT_VECTORS.len() {
            out[i] = SUIT_VECTORS[i];
            i += 1;
        }
        out
    },
    #[cfg(test)]
    isolated: build_isolated().0,
    isolated_rev: build_isolated().1,
    honours_rev: build_honours(&build_isolated().1),
    wide_rev: build_wide(&build_isolated().1),
    wide_class: build_wide_class(),
    pair_rev: {
        // SAFETY: `Dist` is sixteen bytes aligned to sixteen (`repr(C)`); the bytes are
        // aligned to sixteen and exactly as many as the array holds (the type of
        // `PAIR_REV_BYTES` checks the length).
        unsafe { &*(&PAIR_REV_BYTES as *const Aligned<_>).cast::<[[Dist; PAIR_REV_LEN]; 5]>() }
    },
};

/// Bytes aligned to sixteen, for an embedded table of [`Dist`]s.
#[repr(C, align(16))]
struct Aligned<T>(T);

/// Entries of [`Tables::pair_rev`] for one `S`.
const PAIR_REV_LEN: usize = WIDE_CLASSES * VECTOR_IDS;

/// [`Tables::pair_rev`] as written by the build script
/// ([`table_gen::generate_pair_rev`]).
static PAIR_REV_BYTES: Aligned<[u8; 5 * PAIR_REV_LEN * 16]> =
    Aligned(*include_bytes!(concat!(env!("OUT_DIR"), "/pair_rev.bin")));

/// Whether each suit content, by slot ([`SuitKey::slot`]), is exactly sets plus at most
/// one pair (at most 14 tiles), one bit each, written by the build script.
static COMPLETE: &[u8; SLOTS_PADDED.div_ceil(8)] =
    include_bytes!(concat!(env!("OUT_DIR"), "/complete.bin"));

/// Whether the suit content at this slot is exactly sets plus at most one pair. The
/// content must hold at most [`MAX_TILES`] tiles. Waits and completeness need only this.
#[inline(always)]
pub(crate) fn suit_is_complete(slot: usize) -> bool {
    COMPLETE[slot / 8] >> (slot % 8) & 1 == 1
}

impl Tables {
    /// The shared tables.
    #[inline(always)]
    pub(crate) fn get() -> &'static Tables {
        &TABLES
    }

    /// The distances at a slot.
    #[inline(always)]
    pub(crate) fn dist(&self, slot: usize) -> Dist {
        self.vectors[self.ids[slot] as usize]
    }

    /// The id of the distances at a slot, for [`Tables::pair_rev`].
    #[inline(always)]
    pub(crate) fn id(&self, slot: usize) -> usize {
        self.ids[slot] as usize
    }

    /// The distances with this id ([`Tables::id`]).
    #[inline(always)]
    pub(crate) fn vector(&self, id: usize) -> Dist {
        self.vectors[id & 255]
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

    /// The same for five or more kinds without chows, by wide packed levels
    /// ([`wide_levels`]).
    #[inline(always)]
    pub(crate) fn wide_rev<const S: usize>(&self, packed: usize) -> Dist {
        self.wide_rev[S][packed & (WIDE_KEYS - 1)]
    }

    /// `combine_rev::<S>(the suit vector with this id, wide_rev::<S>(packed))`, looked
    /// up.
    #[inline(always)]
    pub(crate) fn pair_rev<const S: usize>(&self, id: usize, packed: usize) -> Dist {
        let class = self.wide_class[packed & (WIDE_KEYS - 1)] as usize;
        self.pair_rev[S][class * VECTOR_IDS + (id & (VECTOR_IDS - 1))]
    }
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

/// As [`honour_levels`], packed wide: `ge1 | ge2 << 4 | ge3 << 7`, so that further kinds
/// can be added with [`WIDE_LEVEL`] (at most fifteen kinds, or 7 with two tiles).
#[inline(always)]
pub(crate) fn wide_levels(counts: &Counts, present: u32) -> usize {
    lanes::wide_levels(counts, present)
}

/// The wide packed levels of one kind, by the tiles it holds (0–4; the entries above are
/// there so that a masked index needs no bounds check).
pub(crate) const WIDE_LEVEL: [u16; 8] = {
    const L3: u16 = 1 + 16 + 128;
    [0, 1, 1 + 16, L3, L3, L3, L3, L3]
};

/// The kinds with four copies, if every kind has none or four (else `None`): the shape
/// checks of the fast paths, on [`crate::Shape::copies`].
#[inline(always)]
pub(crate) fn fours_only(copies: &Counts) -> Option<u64> {
    lanes::fours_only(copies)
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
pub(crate) const fn unpack_levels(packed: usize) -> [u32; 3] {
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
        packed_levels::<8, 64>(counts, present)
    }

    #[inline(always)]
    pub(super) fn wide_levels(counts: &Counts, present: u32) -> usize {
        packed_levels::<16, { 128u8 as i8 }>(counts, present)
    }

    /// The honours' levels packed as `ge1 + W2·ge2 + W3·ge3` (weights as bytes).
    #[inline(always)]
    fn packed_levels<const W2: i8, const W3: i8>(counts: &Counts, present: u32) -> usize {
        // SAFETY: SSE2 is part of the x86-64 baseline.
        unsafe {
            // Lanes 9–15 are the honours 27–33.
            let c = counts_at(counts, 18);
            // 0xFF in the lanes of present honours: lane 9 + i tests bit i + 1 of the
            // shifted mask, the other lanes its bit 0, which is clear.
            let bits = _mm_set1_epi8((present << 1) as u8 as i8);
            let select = _mm_setr_epi8(1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 4, 8, 16, 32, 64, -128);
            let here = _mm_cmpeq_epi8(_mm_and_si128(bits, select), select);
            // Each present honour weighs 1 + W2·[≥ 2] + W3·[≥ 3] if it holds a tile; the
            // byte sums of the upper half then pack the three counts.
            let level = |k: i8, w: i8| {
                _mm_and_si128(_mm_cmpgt_epi8(c, _mm_set1_epi8(k - 1)), _mm_set1_epi8(w))
            };
            let v = _mm_or_si128(_mm_or_si128(level(1, 1), level(2, W2)), level(3, W3));
            let sums = _mm_sad_epu8(_mm_and_si128(v, here), _mm_setzero_si128());
            _mm_extract_epi16::<4>(sums) as usize
        }
    }

    #[inline(always)]
    pub(super) fn fours_only(copies: &Counts) -> Option<u64> {
        // SAFETY: SSE2 is part of the x86-64 baseline.
        unsafe {
            let a = counts_at(copies, 0);
            let b = counts_at(copies, 16);
            let four = _mm_set1_epi8(4);
            // Every byte is 0 or 4 exactly when no bit but bit 2 is set.
            let other = _mm_andnot_si128(four, _mm_or_si128(a, b));
            let tail = u16::from_le_bytes([copies[32], copies[33]]);
            let clean = (_mm_movemask_epi8(_mm_cmpeq_epi8(other, _mm_setzero_si128())) == 0xFFFF)
                & (tail & !0x0404 == 0);
            let lo = _mm_movemask_epi8(_mm_cmpeq_epi8(a, four)) as u32 as u64;
            let hi = _mm_movemask_epi8(_mm_cmpeq_epi8(b, four)) as u32 as u64;
            let tail = u64::from(tail >> 2 & 1 | tail >> 9 & 2);
            clean.then_some(lo | hi << 16 | tail << 32)
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
        packed_levels(counts, present, 8, 64)
    }

    pub(super) fn wide_levels(counts: &Counts, present: u32) -> usize {
        packed_levels(counts, present, 16, 128)
    }

    fn packed_levels(counts: &Counts, present: u32, w2: usize, w3: usize) -> usize {
        let mut out = 0;
        for (i, &c) in counts[27..].iter().enumerate() {
            if present >> i & 1 == 1 {
                out += usize::from(c >= 1) + w2 * usize::from(c >= 2) + w3 * usize::from(c >= 3);
            }
        }
        out
    }

    pub(super) fn fours_only(copies: &Counts) -> Option<u64> {
        let mut fours = 0;
        for (k, &c) in copies.iter().enumerate() {
            match c {
                0 => {}
                4 => fours |= 1 << k,
                _ => return None,
            }
        }
        Some(fours)
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

/// The isolated-kinds distances for every key ([`table_gen::isolated_lanes`]), as they
/// are and reversed for each last step.
const fn build_isolated() -> ([Dist; ISOLATED_KEYS], [Dist; 5 * ISOLATED_KEYS]) {
    let mut out = [UNUSED; ISOLATED_KEYS];
    let mut rev = [Dist([255; 16]); 5 * ISOLATED_KEYS];
    let mut key = 0;
    while key < ISOLATED_KEYS {
        out[key] = Dist(table_gen::isolated_lanes(key));
        let mut s = 0;
        while s < 5 {
            rev[s * ISOLATED_KEYS + key] = Dist(table_gen::reversed(s, &out[key].0));
            s += 1;
        }
        key += 1;
    }
    (out, rev)
}

/// [`Tables::wide_rev`], copied from the general isolated table (five kinds or more).
const fn build_wide(isolated_rev: &[Dist; 5 * ISOLATED_KEYS]) -> [[Dist; WIDE_KEYS]; 5] {
    let mut out = [[Dist([255; 16]); WIDE_KEYS]; 5];
    let mut packed = 0;
    while packed < WIDE_KEYS {
        let p = packed as u32;
        let (ge3, ge2, ge1) = (p >> 7, p >> 4 & 7, p & 15);
        if ge3 <= ge2 && ge2 <= ge1 {
            let key = isolated_key(ge3, ge2, ge1, 5);
            let mut s = 0;
            while s < 5 {
                out[s][packed] = isolated_rev[s * ISOLATED_KEYS + key];
                s += 1;
            }
        }
        packed += 1;
    }
    out
}

/// [`Tables::wide_class`]: each wide packed value's class (0 for values no hand has).
const fn build_wide_class() -> [u8; WIDE_KEYS] {
    let mut out = [0u8; WIDE_KEYS];
    let mut packed = 0;
    while packed < WIDE_KEYS {
        if let Some(class) = table_gen::wide_class(packed) {
            out[packed] = class as u8;
        }
        packed += 1;
    }
    out
}

/// [`Tables::honours_rev`], copied from the general isolated table.
const fn build_honours(isolated_rev: &[Dist; 5 * ISOLATED_KEYS]) -> [[Dist; 512]; 5] {
    let mut out = [[Dist([255; 16]); 512]; 5];
    let mut packed = 0;
    while packed < 512 {
        let [ge3, ge2, ge1] = unpack_levels(packed);
        if ge3 <= ge2 && ge2 <= ge1 && ge1 <= 7 {
            let key = isolated_key(ge3, ge2, ge1, 7);
            let mut s = 0;
            while s < 5 {
                out[s][packed] = isolated_rev[s * ISOLATED_KEYS + key];
                s += 1;
            }
        }
        packed += 1;
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

    fn slot(suit: [u8; 9]) -> usize {
        suit_key(&hand(suit), 2).slot()
    }

    fn dist(suit: [u8; 9]) -> [u8; 16] {
        let t = Tables::get();
        t.dist(suit_key(&hand(suit), 2).slot()).0
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

    /// The slots number exactly the suit contents that fit a hand, each once, and any
    /// content (even of more tiles) has a slot in bounds.
    #[test]
    fn slots_number_the_contents_that_fit_a_hand() {
        for index in 0..ENTRIES {
            let at = table_gen::slot(index % LOWS, index / LOWS);
            assert!(at < table_gen::SLOTS_PADDED, "{index}");
        }
        let mut seen = vec![false; table_gen::SLOTS];
        for (index, at) in table_gen::slots() {
            assert!(!std::mem::replace(&mut seen[at], true), "{index}");
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(table_gen::SLOTS, 405_350);
        assert_eq!(slot([0; 9]), 0);
        // The empty low part comes first in every row.
        assert_eq!(
            slot([0, 0, 0, 0, 1, 0, 0, 0, 0]),
            table_gen::LOW_FITS[14] as usize
        );
    }

    #[test]
    fn completeness_bits() {
        assert!(suit_is_complete(0));
        assert!(suit_is_complete(slot([3, 1, 1, 1, 2, 1, 1, 1, 3])));
        assert!(suit_is_complete(slot([2, 0, 0, 0, 0, 0, 0, 0, 0])));
        assert!(suit_is_complete(slot([1, 1, 1, 0, 0, 0, 0, 0, 2])));
        assert!(!suit_is_complete(slot([4, 0, 0, 0, 0, 0, 0, 0, 0])));
        assert!(!suit_is_complete(slot([2, 2, 0, 0, 0, 0, 0, 0, 0])));
        assert!(!suit_is_complete(slot([1, 1, 0, 0, 0, 0, 0, 0, 0])));
        assert!(suit_is_complete(slot([3, 3, 3, 3, 2, 0, 0, 0, 0])));
        assert!(suit_is_complete(slot([0, 0, 0, 0, 2, 3, 3, 3, 3])));
        assert!(suit_is_complete(slot([0, 0, 0, 1, 1, 3, 3, 3, 3])));
        assert!(!suit_is_complete(slot([0, 0, 1, 0, 1, 3, 3, 3, 3])));
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
            .map(|&s| t.dist(suit_key(&hand(s), 2).slot()))
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
            assert_eq!(lanes::fours_only(&c), portable::fours_only(&c), "{c:?}");
            // Shapes' copies: none or four of each kind, now and then one other count.
            let mut copies = [0u8; mahjong_tiles::KINDS];
            for x in &mut copies {
                *x = 4 * u8::from(rng.gen_bool(0.8));
            }
            if rng.gen_bool(0.5) {
                copies[rng.gen_range(0..copies.len())] = rng.gen_range(0..16);
            }
            assert_eq!(lanes::fours_only(&copies), portable::fours_only(&copies));
            if c.iter().all(|&x| x <= 4) {
                let present = rng.gen_range(0..128);
                assert_eq!(
                    lanes::honour_levels(&c, present),
                    portable::honour_levels(&c, present)
                );
                assert_eq!(
                    lanes::wide_levels(&c, present),
                    portable::wide_levels(&c, present)
                );
                for s in 0..3 {
                    assert_eq!(lanes::suit_key(&c, s), portable::suit_key(&c, s));
                }
            }
            if !fits(&c) {
                continue;
            }
            let v: Vec<Dist> = (0..3).map(|s| t.dist(suit_key(&c, s).slot())).collect();
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
}

/// The embedded tables against a fresh computation.
#[cfg(test)]
mod embedded {
    use super::*;
    use crate::table_gen::{self, digit_sum};

    /// Every suit content that fits a hand, looked up as the hot paths look it up (the
    /// byte at its key's slot, the vector it names), has the distances computed directly
    /// for its index; the completeness bits are those of the generator and those derived
    /// from the distances' "contains" masks.
    #[test]
    fn embedded_tables_equal_the_computed_ones() {
        let contains = table_gen::build_contains();
        let full = table_gen::build_dist(&contains);
        let t = Tables::get();
        let mut checked = 0;
        for (index, v) in full.iter().enumerate() {
            if digit_sum(index) <= MAX_TILES {
                let key = SuitKey {
                    low: index % LOWS,
                    high: index / LOWS,
                };
                assert_eq!(t.dist(key.slot()).0, table_gen::lanes(v), "{index}");
                checked += 1;
            }
        }
        assert_eq!(checked, 405_350);
        assert_eq!(ENTRIES, full.len());
        let derived = table_gen::derive_complete(&contains);
        assert_eq!(&COMPLETE[..], &table_gen::bits_by_slot(&derived)[..]);
        assert_eq!(&derived, &table_gen::generate_complete());
    }

    /// The three-player tables: each wide packed value of levels names the isolated
    /// distances of its capped levels, and the embedded combinations are those of the
    /// vector operations (the last step, [`finish`], agrees on every suit vector).
    #[test]
    fn three_player_tables_are_the_combinations() {
        let t = Tables::get();
        let ids = SUIT_VECTORS.len();
        for packed in 0..WIDE_KEYS {
            let (ge3, ge2, ge1) = (packed >> 7, packed >> 4 & 7, packed & 15);
            if !(ge3 <= ge2 && ge2 <= ge1) {
                continue;
            }
            let key = isolated_key(ge3 as u32, ge2 as u32, ge1 as u32, 9);
            fn check<const S: usize>(t: &Tables, packed: usize, key: usize, ids: usize) {
                assert_eq!(t.wide_rev::<S>(packed), t.isolated_rev::<S>(key));
                for id in 0..ids {
                    let b = t.vectors[id];
                    let plain = portable::combine_rev::<S>(b, t.isolated_rev::<S>(key));
                    let pair = t.pair_rev::<S>(id, packed);
                    assert_eq!(pair, plain, "{S} {packed} {id}");
                    for a in &t.vectors[..ids] {
                        let lanes = combine_rev::<S>(b, t.wide_rev::<S>(packed));
                        assert_eq!(finish(*a, pair), finish(*a, lanes));
                    }
                }
            }
            check::<4>(t, packed, key, ids);
            check::<3>(t, packed, key, ids);
            check::<2>(t, packed, key, ids);
            check::<1>(t, packed, key, ids);
            check::<0>(t, packed, key, ids);
        }
    }

    /// The small tables the compiler computes match plain loops over their definition.
    #[test]
    fn honours_table_is_the_isolated_one_for_seven_kinds() {
        let t = Tables::get();
        for packed in 0..512 {
            let [ge3, ge2, ge1] = unpack_levels(packed);
            if ge3 <= ge2 && ge2 <= ge1 && ge1 <= 7 {
                let key = isolated_key(ge3, ge2, ge1, 7);
                assert_eq!(t.honours_rev::<4>(packed), t.isolated_rev::<4>(key));
                assert_eq!(t.honours_rev::<0>(packed), t.isolated_rev::<0>(key));
            }
        }
    }
}
