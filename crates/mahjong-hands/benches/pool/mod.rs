//! Hand pools the benches share: fixed-size pools drawn with a fixed seed, so runs (and
//! the two benches) are comparable.

use mahjong_hands::{Counts, Shape};
use mahjong_tiles::KINDS;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Hands per pool; criterion's "elem/s" is hands per second.
pub const POOL: usize = 4096;

/// Every playing tile of the shape, as kinds.
pub fn wall(shape: &Shape) -> Vec<usize> {
    (0..KINDS)
        .flat_map(|k| (0..shape.copies[k]).map(move |_| k))
        .collect()
}

/// `POOL` hands of `n` tiles, each drawn from a freshly shuffled wall.
pub fn random_hands(shape: &Shape, n: usize, seed: u64) -> Vec<Counts> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut wall = wall(shape);
    (0..POOL)
        .map(|_| {
            wall.shuffle(&mut rng);
            let mut c = [0u8; KINDS];
            for &k in &wall[..n] {
                c[k] += 1;
            }
            c
        })
        .collect()
}
