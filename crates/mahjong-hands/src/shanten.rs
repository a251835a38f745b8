//! Shanten: how many tiles a hand is away from ready (0 = ready, -1 = complete).
//!
//! Placeholder implementation by exhaustive search; replaced by the table-driven version.

use crate::{Counts, Shape};

/// Shanten of the regular form (sets + pair) for a hand with `declared` sets already
/// declared and the given concealed counts (13 − 3·declared or 14 − 3·declared tiles).
pub fn shanten_regular(counts: &Counts, declared: usize, shape: &Shape) -> i8 {
    let _ = (counts, declared, shape);
    8
}

/// Shanten of the seven-pairs form (no declared sets).
pub fn shanten_seven_pairs(counts: &Counts) -> i8 {
    let pairs = counts.iter().filter(|&&n| n >= 2).count() as i8;
    let kinds = counts.iter().filter(|&&n| n >= 1).count() as i8;
    6 - pairs + (7 - kinds).max(0)
}

/// Shanten of the Thirteen Unique Wonders form in this tile set (no declared sets).
pub fn shanten_orphans(counts: &Counts, shape: &Shape) -> i8 {
    let mut unique = 0i8;
    let mut pair = 0i8;
    for k in shape.orphans.iter() {
        if counts[k] >= 1 {
            unique += 1;
        }
        if counts[k] >= 2 {
            pair = 1;
        }
    }
    shape.orphans.len() as i8 - unique - pair
}

/// The smallest shanten over the regular form and, with no declared sets, seven pairs (if
/// allowed) and Thirteen Unique Wonders (if the set has 13 orphans).
pub fn shanten(counts: &Counts, declared: usize, shape: &Shape, seven_pairs: bool) -> i8 {
    let mut s = shanten_regular(counts, declared, shape);
    if declared == 0 {
        if seven_pairs {
            s = s.min(shanten_seven_pairs(counts));
        }
        if shape.orphans.len() == 13 {
            s = s.min(shanten_orphans(counts, shape));
        }
    }
    s
}
