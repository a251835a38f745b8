//! Cheap necessary conditions, on bit masks of the tiles held, for a hand to be waiting,
//! so that the exact analysis ([`mahjong_hands::waits`]) runs only for hands that may be.

use mahjong_hands::Shape;

/// Rank bits of the three suits (kind `9 * suit + rank - 1`).
const fn ranks(r: u32) -> u64 {
    1 << (r - 1) | 1 << (r + 8) | 1 << (r + 17)
}

/// The kinds of the suits in which chows can be formed.
pub(crate) fn chow_kinds(shape: &Shape) -> u64 {
    (0..3)
        .filter(|&s| shape.chow_suits[s])
        .fold(0, |m, s| m | 0x1FF << (9 * s))
}

/// Held kinds with another held tile at most two ranks away in the same chow suit: the
/// only kinds a chow can join.
#[inline]
fn near(held: u64, chow_kinds: u64) -> u64 {
    let up = (held << 1 & !ranks(1)) | (held << 2 & !(ranks(1) | ranks(2)));
    let down = (held >> 1 & !ranks(9)) | (held >> 2 & !(ranks(8) | ranks(9)));
    (up | down) & chow_kinds
}

/// Whether a hand of 13 tiles (declared sets counted as three) with these count `levels`
/// (`levels[i]`: kinds held at least `i + 1` times) can be one tile from complete.
///
/// A single tile with no other tile of its suit within two ranks (or a single honour, or a
/// single of a suit without chows) can only become the pair, with the winning tile itself,
/// so two such singles rule out the regular form; they rule out seven pairs too (two odd
/// counts). Thirteen Unique Wonders holds only orphans and no declared set.
#[inline]
pub(crate) fn may_wait(levels: &[u64; 4], declared: usize, chow_kinds: u64, shape: &Shape) -> bool {
    let held = levels[0];
    let isolated = isolated(levels, chow_kinds);
    // At most one isolated single.
    isolated & isolated.wrapping_sub(1) == 0 || (declared == 0 && held & !shape.orphans.0 == 0)
}

/// The isolated singles of [`may_wait`]: kinds held once with no other held tile of
/// their suit within two ranks (every single honour).
#[inline]
fn isolated(levels: &[u64; 4], chow_kinds: u64) -> u64 {
    let held = levels[0];
    held & !levels[1] & !near(held, chow_kinds)
}

/// Whether no single discard from this hand (of 14 tiles, sets counted 3) can leave one
/// that [`may_wait`] lets through, judged once for the whole hand.
///
/// Taking a tile away never leaves fewer than one isolated single fewer (a pair split
/// adds one; a single taken away can only isolate its neighbours), and leaves only
/// orphans only if at most one kind held is not one.
#[inline]
pub(crate) fn no_discard_may_wait(
    levels: &[u64; 4],
    declared: usize,
    chow_kinds: u64,
    shape: &Shape,
) -> bool {
    isolated(levels, chow_kinds).count_ones() >= 3
        && !(declared == 0 && (levels[0] & !shape.orphans.0).count_ones() <= 1)
}

/// `levels` with one tile of kind `k` (held `count` times, at least once) taken away.
#[inline]
pub(crate) fn without(levels: &[u64; 4], k: usize, count: u8) -> [u64; 4] {
    let mut l = *levels;
    if (1..=4).contains(&count) {
        l[count as usize - 1] &= !(1 << k);
    }
    l
}

#[cfg(test)]
mod tests {
    use super::*;
    use mahjong_hands::{counts_of, waits, Counts};
    use mahjong_tiles::{Tile, TileSet, TileSetId, KINDS};
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};

    fn levels(c: &Counts) -> [u64; 4] {
        let mut l = [0u64; 4];
        for (k, &n) in c.iter().enumerate() {
            for (i, level) in l.iter_mut().enumerate() {
                if n as usize > i {
                    *level |= 1 << k;
                }
            }
        }
        l
    }

    /// The filter never rules out a hand that has a wait (random and clumped hands of
    /// every tile set, with and without declared sets and seven pairs).
    #[test]
    fn never_rules_out_a_waiting_hand() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for id in [
            TileSetId::Classical,
            TileSetId::Korean3p,
            TileSetId::Japanese3p,
        ] {
            let set = TileSet::new(id);
            let shape = Shape::of(&set);
            let chows = chow_kinds(&shape);
            let kinds: Vec<usize> = shape.kinds.iter().collect();
            let (mut waiting, mut ruled_out) = (0, 0);
            for i in 0..40_000 {
                let declared = rng.gen_range(0..5);
                let n = 13 - 3 * declared;
                let mut c = [0u8; KINDS];
                if i % 2 == 0 {
                    let mut tiles = set.tiles();
                    tiles.retain(|t| t.kind().is_some());
                    tiles.shuffle(&mut rng);
                    c = counts_of(&tiles[..n]);
                } else {
                    let mut left = n;
                    while left > 0 {
                        let k = *kinds.choose(&mut rng).unwrap();
                        let add = rng.gen_range(1..=3).min(left).min((4 - c[k]) as usize);
                        c[k] += add as u8;
                        left -= add;
                    }
                }
                for seven in [false, true] {
                    let w = waits(&c, declared, &shape, seven, None);
                    let may = may_wait(&levels(&c), declared, chows, &shape);
                    if !w.is_empty() {
                        waiting += 1;
                        assert!(may, "{id:?} {c:?} declared {declared} waits {w:?}");
                    } else if !may {
                        ruled_out += 1;
                    }
                }
            }
            assert!(
                waiting > 1000 && ruled_out > 20_000,
                "{waiting} {ruled_out}"
            );
        }
    }

    /// When the whole-hand judgement says no discard may leave a waiting hand, no single
    /// discard passes [`may_wait`] (random 14-tile hands, sets counted 3).
    #[test]
    fn no_discard_may_wait_is_sound() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
        let set = TileSet::new(TileSetId::Classical);
        let shape = Shape::of(&set);
        let chows = chow_kinds(&shape);
        let mut tiles = set.tiles();
        tiles.retain(|t| t.kind().is_some());
        let (mut judged, mut some_may) = (0, 0);
        for i in 0..40_000 {
            let declared = rng.gen_range(0..4);
            tiles.shuffle(&mut rng);
            let mut c = counts_of(&tiles[..14 - 3 * declared]);
            if i % 3 == 0 {
                // Clumped: more pairs and runs.
                for n in c.iter_mut() {
                    *n = (*n).min(2);
                }
            }
            let l = levels(&c);
            let any = (0..KINDS)
                .filter(|&k| c[k] > 0)
                .any(|k| may_wait(&without(&l, k, c[k]), declared, chows, &shape));
            if no_discard_may_wait(&l, declared, chows, &shape) {
                judged += 1;
                assert!(!any, "{c:?} declared {declared}");
            } else if any {
                some_may += 1;
            }
        }
        assert!(judged > 10_000 && some_may > 1_000, "{judged} {some_may}");
    }

    #[test]
    fn without_takes_one_tile() {
        let c = counts_of(&Tile::parse_list("1B 1B 2B").unwrap());
        assert_eq!(
            without(&levels(&c), 0, 2),
            levels(&counts_of(&Tile::parse_list("1B 2B").unwrap()))
        );
        assert_eq!(
            without(&levels(&c), 1, 1),
            levels(&counts_of(&Tile::parse_list("1B 1B").unwrap()))
        );
    }
}
