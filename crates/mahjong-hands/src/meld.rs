use mahjong_tiles::Tile;
use serde::{Deserialize, Serialize};

/// How a kong was made (M46–M52). It decides whether the kong is exposed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum KongKind {
    /// Four drawn tiles, declared: concealed.
    Concealed,
    /// A discard added to a concealed pung: exposed for points.
    Claimed,
    /// A drawn tile added to an exposed pung: exposed.
    Annexed,
}

/// The shape of a set.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MeldKind {
    /// Three consecutive tiles of one suit.
    Chow,
    /// Three identical tiles.
    Pung,
    /// Four identical tiles.
    Kong(KongKind),
    /// Two identical tiles.
    Pair,
}

/// A set of tiles: its shape, its lowest tile kind and whether it is exposed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    /// The shape.
    pub kind: MeldKind,
    /// The (lowest) playing kind, 0–33.
    pub tile: u8,
    /// Formed with a claimed tile (M113).
    pub exposed: bool,
}

impl Meld {
    /// A set of `kind` starting at playing kind `tile`.
    #[inline]
    pub const fn new(kind: MeldKind, tile: u8, exposed: bool) -> Meld {
        Meld {
            kind,
            tile,
            exposed,
        }
    }

    /// The (lowest) tile of the set.
    #[inline]
    pub fn first(&self) -> Tile {
        Tile::from_kind(self.tile as usize)
    }

    /// Pung or kong.
    #[inline]
    pub fn is_pung_or_kong(&self) -> bool {
        matches!(self.kind, MeldKind::Pung | MeldKind::Kong(_))
    }

    /// Any kong.
    #[inline]
    pub fn is_kong(&self) -> bool {
        matches!(self.kind, MeldKind::Kong(_))
    }

    /// Number of tiles in the set.
    #[inline]
    pub fn len(&self) -> usize {
        match self.kind {
            MeldKind::Pair => 2,
            MeldKind::Chow | MeldKind::Pung => 3,
            MeldKind::Kong(_) => 4,
        }
    }

    /// Never true: a set has tiles.
    #[inline]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Whether the set contains playing kind `k`.
    #[inline]
    pub fn contains(&self, k: usize) -> bool {
        let t = self.tile as usize;
        match self.kind {
            MeldKind::Chow => (t..t + 3).contains(&k),
            _ => t == k,
        }
    }

    /// Adds the set's tiles to `counts`.
    #[inline]
    pub fn add_to(&self, counts: &mut crate::Counts) {
        let t = self.tile as usize;
        match self.kind {
            MeldKind::Chow => {
                counts[t] += 1;
                counts[t + 1] += 1;
                counts[t + 2] += 1;
            }
            _ => counts[t] += self.len() as u8,
        }
    }

    /// The set's tiles (ordinary tiles, no red fives).
    #[inline]
    pub fn tiles(&self) -> impl Iterator<Item = Tile> {
        let t = self.tile as usize;
        let chow = self.kind == MeldKind::Chow;
        (0..self.len()).map(move |i| Tile::from_kind(if chow { t + i } else { t }))
    }
}
