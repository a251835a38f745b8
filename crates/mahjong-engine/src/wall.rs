//! The wall: shuffle, dice and break (M16–M19), live and dead wall (M22).

use mahjong_rules::DeadWall;
use mahjong_tiles::{Tile, TileSet};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// The dice of a hand: East's throw (which wall) and the second throw (where it breaks).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Dice {
    /// East's two dice.
    pub first: [u8; 2],
    /// The indicated player's two dice (none where one throw breaks the wall, K3-D).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub second: Option<[u8; 2]>,
}

/// Fisher–Yates exactly as `rand` 0.8's `SliceRandom::shuffle` (each index from
/// `gen_range(0..i + 1)` on `u32`: widening multiply, rejection zone), so walls stay the
/// same for a seed, without the generic sampling layers.
///
/// The random words are taken in blocks with `fill_bytes` (the same words, in the same
/// order, as one `next_u32` each), never more than the steps left need, so the generator
/// ends exactly where one word per draw would leave it.
fn shuffle<T, R: Rng>(v: &mut [T], rng: &mut R) {
    const BLOCK: usize = 64;
    let mut bytes = [0u8; 4 * BLOCK];
    let mut i = v.len().saturating_sub(1);
    while i > 0 {
        // Every step takes at least one word, and `i` steps are left.
        let want = i.min(BLOCK);
        rng.fill_bytes(&mut bytes[..4 * want]);
        for word in bytes[..4 * want].chunks_exact(4) {
            let x = u32::from_le_bytes([word[0], word[1], word[2], word[3]]);
            let range = (i + 1) as u32;
            let zone = (range << range.leading_zeros()).wrapping_sub(1);
            let m = u64::from(x) * u64::from(range);
            // Up to half the words are rejected, at random: without a branch, a rejected
            // word swaps tile `i` with itself and leaves `i` as it is.
            let accept = m as u32 <= zone;
            let j = std::hint::select_unpredictable(accept, (m >> 32) as usize, i);
            v.swap(i, j);
            i -= usize::from(accept);
        }
    }
}

/// The tiles of one hand in draw order: live draws from the front, loose tiles from the
/// back (the dead wall).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    tiles: Vec<Tile>,
    front: usize,
    back: usize,
    loose_taken: usize,
    /// [`Wall::live_limit`], kept up to date.
    live_limit: usize,
    /// The tail never drawn ([`DeadWall::unused`]).
    unused: Vec<Tile>,
    dead: DeadWall,
    /// The dice thrown to break the wall (none for an explicit wall).
    pub dice: Option<Dice>,
}

impl Wall {
    /// A shuffled wall broken where the dice say. Walls are counted anticlockwise from
    /// East's (1, 5, 9 East; 2, 6, 10 South; …), four walls of `len / 8` stacks.
    ///
    /// With `single_throw` (K3-D) the dealer's throw alone counts: the wall it names
    /// (the fourth, unseated one for 4, 8, 12 with three players) is broken that many stacks in.
    pub fn shuffled<R: Rng>(
        set: &TileSet,
        rng: &mut R,
        dead: DeadWall,
        single_throw: bool,
    ) -> Wall {
        Wall::shuffled_from(&set.tiles(), Vec::new(), rng, dead, single_throw)
    }

    /// [`Wall::shuffled`] from the set's tiles `base` (in [`TileSet::tiles`] order), built
    /// in `buf` (a previous wall's buffer: no allocation).
    pub(crate) fn shuffled_from<R: Rng>(
        base: &[Tile],
        buf: Vec<Tile>,
        rng: &mut R,
        dead: DeadWall,
        single_throw: bool,
    ) -> Wall {
        let mut tiles = buf;
        tiles.clear();
        tiles.extend_from_slice(base);
        shuffle(&mut tiles, rng);
        let d = |rng: &mut R| rng.gen_range(1..=6u8);
        let first = [d(rng), d(rng)];
        let second = if single_throw {
            None
        } else {
            Some([d(rng), d(rng)])
        };
        let dice = Dice { first, second };
        let sum1 = (dice.first[0] + dice.first[1]) as usize;
        let sum2 = dice.second.map_or(0, |s| (s[0] + s[1]) as usize);
        let wall_len = tiles.len() / 4;
        // Break `sum1 + sum2` stacks (two tiles each) into wall `(sum1 - 1) % 4`.
        let start = ((sum1 - 1) % 4 * wall_len + 2 * (sum1 + sum2)) % tiles.len();
        tiles.rotate_left(start);
        Wall::from_parts(tiles, dead, Some(dice))
    }

    /// The tile buffer, for reuse; the wall is left empty.
    pub(crate) fn take_tiles(&mut self) -> Vec<Tile> {
        self.front = 0;
        self.back = 0;
        self.live_limit = 0;
        std::mem::take(&mut self.tiles)
    }

    /// A wall given tile by tile in draw order (the deal first); loose tiles come from
    /// the end.
    pub fn explicit(tiles: Vec<Tile>, dead: DeadWall) -> Wall {
        Wall::from_parts(tiles, dead, None)
    }

    fn from_parts(tiles: Vec<Tile>, dead: DeadWall, dice: Option<Dice>) -> Wall {
        let mut tiles = tiles;
        let unused = tiles.split_off(tiles.len().saturating_sub(dead.unused()));
        let back = tiles.len();
        let mut wall = Wall {
            tiles,
            front: 0,
            back,
            loose_taken: 0,
            live_limit: 0,
            unused,
            dead,
            dice,
        };
        wall.live_limit = wall.live_limit();
        wall
    }

    /// Where the live wall ends (exclusive).
    #[inline]
    fn live_end(&self) -> usize {
        self.live_limit.max(self.front)
    }

    /// Where the live wall ends (exclusive) as far as loose tiles decide it: kept in
    /// `live_limit`, updated when a loose tile is taken.
    fn live_limit(&self) -> usize {
        match self.dead {
            // Not replenished: once its 16 tiles are used, loose tiles come from the live end.
            DeadWall::Fixed16 => self.tiles.len().saturating_sub(16).min(self.back),
            // Two tiles move over after every two loose tiles taken.
            DeadWall::Replenished14 => self.back.saturating_sub(14 - self.loose_taken % 2),
            DeadWall::None | DeadWall::Unused13 | DeadWall::Unused14 => self.back,
        }
    }

    /// Tiles left in the live wall.
    #[inline]
    pub fn live_remaining(&self) -> usize {
        self.live_end() - self.front
    }

    /// Tiles left in the dead wall.
    pub fn dead_remaining(&self) -> usize {
        self.back - self.live_end()
    }

    /// Draws from the live wall; `None` when it is exhausted (washout).
    #[inline]
    pub fn draw(&mut self) -> Option<Tile> {
        (self.live_remaining() > 0).then(|| {
            self.front += 1;
            self.tiles[self.front - 1]
        })
    }

    /// Draws a loose tile from the end; `None` when no tile is left at all.
    #[inline]
    pub fn draw_loose(&mut self) -> Option<Tile> {
        (self.back > self.front).then(|| {
            self.back -= 1;
            self.loose_taken += 1;
            self.live_limit = self.live_limit();
            self.tiles[self.back]
        })
    }

    /// Whether a loose tile can still be drawn (a kong needs one).
    #[inline]
    pub fn draw_loose_possible(&self) -> bool {
        self.back > self.front
    }

    /// Every tile not yet drawn (live and dead, not the unused tail), for accounting
    /// checks.
    pub fn undrawn(&self) -> &[Tile] {
        &self.tiles[self.front..self.back]
    }

    /// The tiles never drawn under [`DeadWall::Unused13`] or [`DeadWall::Unused14`] (empty
    /// otherwise); the first is
    /// the dora indicator where one is revealed.
    pub fn unused(&self) -> &[Tile] {
        &self.unused
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mahjong_tiles::TileSetId;
    use rand::SeedableRng;

    fn wall(dead: DeadWall) -> Wall {
        let tiles: Vec<Tile> = (0..40).map(|i| Tile::from_kind(i % 34)).collect();
        Wall::explicit(tiles, dead)
    }

    #[test]
    fn fixed_dead_wall_is_not_replenished() {
        let mut w = wall(DeadWall::Fixed16);
        assert_eq!((w.live_remaining(), w.dead_remaining()), (24, 16));
        assert_eq!(w.draw_loose(), Some(Tile::from_kind(5)));
        assert_eq!((w.live_remaining(), w.dead_remaining()), (24, 15));
    }

    #[test]
    fn replenished_dead_wall_takes_two_after_every_two() {
        let mut w = wall(DeadWall::Replenished14);
        assert_eq!((w.live_remaining(), w.dead_remaining()), (26, 14));
        w.draw_loose();
        assert_eq!((w.live_remaining(), w.dead_remaining()), (26, 13));
        w.draw_loose();
        assert_eq!((w.live_remaining(), w.dead_remaining()), (24, 14));
    }

    #[test]
    fn no_dead_wall_takes_loose_tiles_from_the_live_end() {
        let mut w = wall(DeadWall::None);
        assert_eq!(w.live_remaining(), 40);
        assert_eq!(w.draw(), Some(Tile::from_kind(0)));
        w.draw_loose();
        assert_eq!(w.live_remaining(), 38);
        for _ in 0..38 {
            assert!(w.draw().is_some());
        }
        assert_eq!(w.draw(), None);
        assert_eq!(w.draw_loose(), None);
    }

    #[test]
    fn shuffle_is_rands() {
        use rand::seq::SliceRandom;
        for seed in 0..50 {
            for len in [0, 1, 2, 13, 108, 136, 144, 1000] {
                let mut a: Vec<u32> = (0..len).collect();
                let mut b = a.clone();
                let mut r1 = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                let mut r2 = r1.clone();
                a.shuffle(&mut r1);
                shuffle(&mut b, &mut r2);
                assert_eq!(a, b);
                assert_eq!(r1.gen::<u64>(), r2.gen::<u64>());
            }
        }
    }

    #[test]
    fn shuffled_walls_are_seeded() {
        let set = TileSet::new(TileSetId::Classical);
        let a = Wall::shuffled(
            &set,
            &mut rand_chacha::ChaCha8Rng::seed_from_u64(3),
            DeadWall::Fixed16,
            false,
        );
        let b = Wall::shuffled(
            &set,
            &mut rand_chacha::ChaCha8Rng::seed_from_u64(3),
            DeadWall::Fixed16,
            false,
        );
        assert_eq!(a, b);
        assert_eq!(a.undrawn().len(), 144);
        let d = a.dice.unwrap();
        assert!(d
            .first
            .iter()
            .chain(&d.second.unwrap())
            .all(|&x| (1..=6).contains(&x)));
    }
}
