//! Waits: which tiles complete a hand.

use crate::{for_each_arrangement, Counts, KindMask, Shape};

/// Whether concealed `counts` plus `declared` declared sets form a complete hand (regular,
/// seven pairs if allowed, or Thirteen Unique Wonders).
pub fn is_complete(counts: &Counts, declared: usize, shape: &Shape, seven_pairs: bool) -> bool {
    if declared > 4 {
        return false;
    }
    let mut found = false;
    for_each_arrangement(counts, 4 - declared, shape, seven_pairs, |_| found = true);
    found
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
    let mut out = KindMask::EMPTY;
    let mut c = *counts;
    for k in shape.kinds.iter() {
        if c[k] >= shape.copies[k] || visible.is_some_and(|v| v[k] >= shape.copies[k]) {
            continue;
        }
        c[k] += 1;
        if is_complete(&c, declared, shape, seven_pairs) {
            out.insert(k);
        }
        c[k] -= 1;
    }
    out
}
