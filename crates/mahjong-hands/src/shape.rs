use mahjong_tiles::{Suit, Tile, TileSet, KINDS};

use crate::KindMask;

/// What hand analysis needs to know about a tile set: which kinds exist, which suits form
/// chows, which kinds are orphans. Built once from a [`TileSet`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Kinds that exist in the set.
    pub kinds: KindMask,
    /// Suits (by [`Suit::index`]) in which chows can be formed.
    pub chow_suits: [bool; 3],
    /// Kinds that count for Thirteen Unique Wonders.
    pub orphans: KindMask,
    /// Copies of each kind in the set.
    pub copies: [u8; KINDS],
}

impl Shape {
    /// The shape of a tile set.
    pub fn of(set: &TileSet) -> Shape {
        let mut kinds = KindMask::EMPTY;
        let mut orphans = KindMask::EMPTY;
        let mut copies = [0u8; KINDS];
        for k in set.kinds() {
            kinds.insert(k);
            copies[k] = set.kind_copies(k);
        }
        for k in set.orphans() {
            orphans.insert(k);
        }
        Shape {
            kinds,
            chow_suits: Suit::ALL.map(|s| set.chows_in(s)),
            orphans,
            copies,
        }
    }

    /// The 136-tile classical shape (all 34 kinds, chows in every suit).
    pub fn classical() -> Shape {
        Shape::of(&TileSet::new(mahjong_tiles::TileSetId::ClassicalNoFlowers))
    }

    /// Whether a chow can start at playing kind `k`.
    #[inline]
    pub fn chow_starts_at(&self, k: usize) -> bool {
        k < 27 && k % 9 < 7 && self.chow_suits[k / 9]
    }

    /// Whether the kind exists in the set.
    pub fn has(&self, t: Tile) -> bool {
        t.kind().is_some_and(|k| self.kinds.contains(k))
    }
}
