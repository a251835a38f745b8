//! How the per-suit tables are computed. The build script (`build.rs`) runs this once and
//! writes the results into the build's output directory, from where the crate embeds them
//! (see [`crate::table`]); the crate's tests run it again and check the embedded tables
//! against it. Only `std` is used, so the build script can include this file as it is.
//!
//! A suit's nine counts (each 0–4) read as a base-5 number (rank 1 lowest) identify its
//! content. For every content the distance table gives, for every target of `m` sets
//! (0–4) and `p` pairs (0–1) inside the suit, the fewest tiles that must be added so the
//! suit contains that target.

// The build script and the crate each use part of this file.
#![allow(dead_code)]

/// Number of nine-digit base-5 numbers: every suit content with at most 4 of a kind.
pub const ENTRIES: usize = 1_953_125;

/// Powers of five: the index step of one more tile of each rank.
pub const POW5: [usize; 9] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390_625];

/// Values of the low part of a suit key (ranks 1–4).
pub const LOWS: usize = 625;

/// Values of the high part of a suit key (ranks 5–9).
pub const HIGHS: usize = 3125;

/// The lows (ranks 1–4 as a base-5 number) ordered by their tiles, then by value: each
/// low's place in that order ([`LOW_RANK`]) and how many lows have at most `t` tiles, by
/// `t` (0–16, [`LOW_FITS`]).
const LOWS_BY_TILES: ([u16; 1024], [u16; 17]) = {
    let (mut rank, mut fits) = ([0u16; 1024], [0u16; 17]);
    let mut next = 0u16;
    let mut t = 0;
    while t <= 16 {
        let mut low = 0;
        while low < LOWS {
            if digit_sum(low) == t {
                rank[low] = next;
                next += 1;
            }
            low += 1;
        }
        fits[t] = next;
        t += 1;
    }
    (rank, fits)
};

/// Lows with at most `t` tiles, by `t` (0–16).
pub const LOW_FITS: [u16; 17] = LOWS_BY_TILES.1;

/// Each low's place when the lows are ordered by their tiles, then by value: the lows
/// that fit beside a high part of `h` tiles are then the first `LOW_FITS[MAX_TILES − h]`.
/// Padded to 1,024 (zeros) so that a masked index needs no bounds check.
pub const LOW_RANK: [u16; 1024] = LOWS_BY_TILES.0;

/// Where each high part's row of lows starts in the slots: the rows of the highs before
/// it, each as long as the lows that fit beside it (none for a high of more than
/// [`MAX_TILES`] tiles). Padded to 4,096 (with [`SLOTS`]) for masked indexes.
pub const HIGH_BASE: [u32; 4096] = {
    let mut out = [0u32; 4096];
    let mut next = 0u32;
    let mut high = 0;
    while high < 4096 {
        out[high] = next;
        if high < HIGHS && digit_sum(high) <= MAX_TILES {
            let room = MAX_TILES - digit_sum(high);
            next += LOW_FITS[if room > 16 { 16 } else { room }] as u32;
        }
        high += 1;
    }
    out
};

/// The suit contents of at most [`MAX_TILES`] tiles: one slot each.
pub const SLOTS: usize = HIGH_BASE[4095] as usize;

/// Slots of the tables indexed by [`slot`]: one per suit content that fits a hand, then
/// room for the slot of any other content (a high's row start plus a low's rank), whose
/// entry is meaningless but in bounds.
pub const SLOTS_PADDED: usize = SLOTS + LOWS;

/// The slot of the suit content with this low part (ranks 1–4) and high part (ranks 5–9):
/// contents of at most [`MAX_TILES`] tiles have distinct slots below [`SLOTS`]. Four times
/// smaller than indexing by the whole base-5 number, so the tables stay in the second-level
/// cache; the cost is two small lookups (13 KB) instead of a multiply.
#[inline(always)]
pub const fn slot(low: usize, high: usize) -> usize {
    HIGH_BASE[high & 4095] as usize + LOW_RANK[low & 1023] as usize
}

/// Every suit content that fits a hand (at most [`MAX_TILES`] tiles): its base-5 index and
/// its slot.
pub fn slots() -> impl Iterator<Item = (usize, usize)> {
    (0..ENTRIES)
        .filter(|&index| digit_sum(index) <= MAX_TILES)
        .map(|index| (index, slot(index % LOWS, index / LOWS)))
}

/// The bytes `dense` (one per base-5 index) rearranged by [`slot`], the padding zero.
pub fn by_slot(dense: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; SLOTS_PADDED];
    for (index, at) in slots() {
        out[at] = dense[index];
    }
    out
}

/// Bits `dense` (bit `index`, lowest bit first) rearranged by [`slot`], the padding zero.
pub fn bits_by_slot(dense: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; SLOTS_PADDED.div_ceil(8)];
    for (index, at) in slots() {
        out[at / 8] |= (dense[index / 8] >> (index % 8) & 1) << (at % 8);
    }
    out
}

/// Most tiles a suit can hold in a hand (four sets and a pair). Only suit contents up to
/// this size are looked up.
pub const MAX_TILES: usize = 14;

/// Lane of the (0 sets, 1 pair) target in a sixteen-lane distance vector; lane `m` is
/// (m sets, no pair), lane `P1 + m` (m sets, one pair). The lanes between (5–8) and after
/// (14–15) hold 255, so that shifting a vector by up to four lanes never moves a no-pair
/// value into a pair lane.
pub const P1: usize = 9;

/// Bit of the (m sets, p pairs) target in the "contains" masks. Sets and pairs sit in
/// separate bytes so adding a set is a shift that cannot spill into the pair byte.
pub const fn bit(m: usize, p: usize) -> u16 {
    1 << (m + 8 * p)
}

/// The lanes that are real targets (m ≤ 4) in the "contains" masks.
pub const VALID: u16 = 0x1F1F;

/// The sum of the base-5 digits of `x`: the tiles of a (part of a) suit content.
pub const fn digit_sum(mut x: usize) -> usize {
    let mut s = 0;
    while x > 0 {
        s += x % 5;
        x /= 5;
    }
    s
}

/// Advances base-5 digits by one (little-endian).
pub fn increment(d: &mut [u8; 9]) {
    for x in d.iter_mut() {
        if *x < 4 {
            *x += 1;
            return;
        }
        *x = 0;
    }
}

/// Steps base-5 digits back by one (little-endian).
pub fn decrement(d: &mut [u8; 9]) {
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
pub fn build_contains() -> Vec<u16> {
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

/// The distances of every entry, lanes `m + 5·p`: 0 where the target is contained, else
/// one more than the best entry reachable by adding one tile (some added tile always lies
/// on an optimal target). Adding tiles raises the index, so descending order sees every
/// neighbour first.
pub fn build_dist(contains: &[u16]) -> Vec<[u8; 10]> {
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

/// A distance entry (lanes `m + 5·p`) in the sixteen-lane layout (see [`P1`]).
pub fn lanes(v: &[u8; 10]) -> [u8; 16] {
    let mut out = [255u8; 16];
    out[..5].copy_from_slice(&v[..5]);
    out[P1..P1 + 5].copy_from_slice(&v[5..]);
    out
}

/// The distances of every content in lane layout, by index; contents of more than
/// [`MAX_TILES`] tiles (never looked up) get the first entry's.
pub fn dense(full: &[[u8; 10]]) -> Vec<[u8; 16]> {
    (0..ENTRIES)
        .map(|i| lanes(&full[if digit_sum(i) <= MAX_TILES { i } else { 0 }]))
        .collect()
}

/// The distinct distance vectors of `entries` (in order of first appearance), and each
/// entry's position among them. Suits have few distinct vectors (126 among the 405,350
/// contents of at most [`MAX_TILES`] tiles), so the tables keep one byte per content.
pub fn distinct(entries: &[[u8; 16]]) -> (Vec<[u8; 16]>, Vec<u8>) {
    let mut vectors: Vec<[u8; 16]> = Vec::new();
    let mut seen = std::collections::HashMap::new();
    let ids = entries
        .iter()
        .map(|v| {
            *seen.entry(*v).or_insert_with(|| {
                vectors.push(*v);
                u8::try_from(vectors.len() - 1).expect("at most 256 distinct vectors")
            })
        })
        .collect();
    (vectors, ids)
}

/// Whether each suit content (bit `index` of the bytes, lowest bit first) is exactly sets
/// plus at most one pair (at most 14 tiles), found by generating every content of at most
/// four sets (pungs and chows, at most four copies of a rank) with or without one pair.
pub fn generate_complete() -> Vec<u8> {
    fn mark(c: &[u8; 9], out: &mut [u8]) {
        let idx: usize = c.iter().zip(POW5).map(|(&n, p)| n as usize * p).sum();
        out[idx / 8] |= 1 << (idx % 8);
    }
    /// Adds sets of type `from..16` (0–8 pungs, 9–15 chows), at most `left` more.
    fn sets(from: usize, left: usize, c: &mut [u8; 9], out: &mut [u8]) {
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
    let mut out = vec![0u8; ENTRIES.div_ceil(8)];
    sets(0, 4, &mut [0; 9], &mut out);
    out
}

/// The completeness bits derived from the "contains" masks instead: an entry with `3m`
/// tiles must contain m sets, one with `3m + 2` tiles m sets and a pair (so every tile is
/// used). Kept to check [`generate_complete`] against.
pub fn derive_complete(contains: &[u16]) -> Vec<u8> {
    let mut out = vec![0u8; ENTRIES.div_ceil(8)];
    let mut d = [0u8; 9];
    for (idx, &bits) in contains.iter().enumerate() {
        let sum: usize = d.iter().map(|&x| x as usize).sum();
        let want = match sum % 3 {
            0 if sum <= 12 => bit(sum / 3, 0),
            2 if sum <= 14 => bit((sum - 2) / 3, 1),
            _ => 0,
        };
        if bits & want != 0 {
            out[idx / 8] |= 1 << (idx % 8);
        }
        increment(&mut d);
    }
    out
}

/// Distance of a target a group cannot form: above any real distance (at most 14), and
/// small enough that sums of three never reach 255.
pub const INF: u8 = 40;

/// The key of the isolated-kinds table: how many kinds hold at least 3, 2 and 1 tiles,
/// and how many kinds there are. Only the fullest five kinds can matter (four pungs and a
/// pair), so each number is capped at 5.
#[inline(always)]
pub const fn isolated_key(ge3: u32, ge2: u32, ge1: u32, kinds: u32) -> usize {
    const fn c(x: u32) -> usize {
        (if x < 5 { x } else { 5 }) as usize
    }
    c(ge3) + 6 * (c(ge2) + 6 * (c(ge1) + 6 * c(kinds)))
}

/// The distances of kinds that form only pungs and pairs, by [`isolated_key`], in lane
/// layout. With the kinds sorted by tiles held, pungs go to the first m and the pair to
/// the next (moving a pung to a fuller kind and the pair to an emptier one never costs
/// more). The k-th kind's pung costs one tile per threshold (3, 2, 1 held) it falls short
/// of, its pair one per threshold (2, 1).
pub const fn isolated_lanes(key: usize) -> [u8; 16] {
    const fn short(k: u32, t: u32) -> u8 {
        (k >= t) as u8
    }
    const fn capped(x: u8) -> u8 {
        if x < INF {
            x
        } else {
            INF
        }
    }
    let k = key as u32;
    let (ge3, ge2, ge1, kinds) = (k % 6, k / 6 % 6, k / 36 % 6, k / 216);
    let mut v = [255u8; 16];
    let mut pungs = 0u8;
    let mut m = 0u32;
    while m < 5 {
        v[m as usize] = if m > kinds { INF } else { capped(pungs) };
        v[P1 + m as usize] = if m >= kinds {
            INF
        } else {
            capped(pungs + short(m, ge2) + short(m, ge1))
        };
        pungs += short(m, ge3) + short(m, ge2) + short(m, ge1);
        m += 1;
    }
    v
}

/// A group's lanes reversed for a last step of `s` sets: lane `i` holds the distance of
/// (s − i sets, pair) and lane `P1 + i` that of (s − i sets, no pair); 255 elsewhere.
pub const fn reversed(s: usize, v: &[u8; 16]) -> [u8; 16] {
    let mut r = [255u8; 16];
    let mut i = 0;
    while i <= s {
        r[i] = v[P1 + s - i];
        r[P1 + i] = v[s - i];
        i += 1;
    }
    r
}

/// Classes of the wide packed levels of five or more kinds without chows: the levels
/// (ge3 ≤ ge2 ≤ ge1) capped at 5.
pub const WIDE_CLASSES: usize = 56;

/// Room for the ids of the distinct suit vectors (126 are used).
pub const VECTOR_IDS: usize = 128;

/// The capped levels (ge3, ge2, ge1) of each class, in class order.
pub const fn class_levels() -> [(u32, u32, u32); WIDE_CLASSES] {
    let mut out = [(0, 0, 0); WIDE_CLASSES];
    let mut n = 0;
    let mut ge1 = 0;
    while ge1 <= 5 {
        let mut ge2 = 0;
        while ge2 <= ge1 {
            let mut ge3 = 0;
            while ge3 <= ge2 {
                out[n] = (ge3, ge2, ge1);
                n += 1;
                ge3 += 1;
            }
            ge2 += 1;
        }
        ge1 += 1;
    }
    out
}

/// The class of wide packed levels (`ge1 | ge2 << 4 | ge3 << 7`), if they are levels
/// (ge3 ≤ ge2 ≤ ge1).
pub const fn wide_class(packed: usize) -> Option<usize> {
    const fn c(x: usize) -> u32 {
        (if x < 5 { x } else { 5 }) as u32
    }
    let (ge3, ge2, ge1) = (packed >> 7, packed >> 4 & 7, packed & 15);
    if !(ge3 <= ge2 && ge2 <= ge1) {
        return None;
    }
    let want = (c(ge3), c(ge2), c(ge1));
    let levels = class_levels();
    let mut n = 0;
    while n < WIDE_CLASSES {
        let (a, b, d) = levels[n];
        if a == want.0 && b == want.1 && d == want.2 {
            return Some(n);
        }
        n += 1;
    }
    None
}

/// Min-plus combination of a group `b` and a group given reversed for `s` sets
/// ([`reversed`]), itself reversed: lane `s − m` holds (m sets, pair), lane `P1 + s − m`
/// (m sets, no pair); 255 elsewhere.
pub fn combine_rev(s: usize, b: &[u8; 16], rev: &[u8; 16]) -> [u8; 16] {
    // The group as it is, from its reversed lanes.
    let mut g = [255u8; 16];
    for i in 0..=s {
        g[s - i] = rev[P1 + i];
        g[P1 + s - i] = rev[i];
    }
    let mut out = [255u8; 16];
    for m in 0..=s {
        let (mut none, mut pair) = (u8::MAX, u8::MAX);
        for i in 0..=m {
            let j = m - i;
            none = none.min(b[i].saturating_add(g[j]));
            pair = pair
                .min(b[i].saturating_add(g[P1 + j]))
                .min(b[P1 + i].saturating_add(g[j]));
        }
        out[P1 + s - m] = none;
        out[s - m] = pair;
    }
    out
}

/// Each distinct suit vector combined with the distances of five or more kinds without
/// chows of each class, reversed for each last step of `s` sets: sixteen bytes each, by
/// `s`, then class, then the vector's id (ids past the last hold 255).
pub fn generate_pair_rev(vectors: &[[u8; 16]]) -> Vec<u8> {
    assert!(vectors.len() <= VECTOR_IDS);
    let mut out = Vec::with_capacity(5 * WIDE_CLASSES * VECTOR_IDS * 16);
    for s in 0..5 {
        for (ge3, ge2, ge1) in class_levels() {
            let rev = reversed(s, &isolated_lanes(isolated_key(ge3, ge2, ge1, 5)));
            for id in 0..VECTOR_IDS {
                match vectors.get(id) {
                    Some(v) => out.extend(combine_rev(s, v, &rev)),
                    None => out.extend([255u8; 16]),
                }
            }
        }
    }
    out
}
