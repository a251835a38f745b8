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
