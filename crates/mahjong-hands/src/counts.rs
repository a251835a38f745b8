use mahjong_tiles::{Tile, KINDS};

/// Tile counts per playing kind (index = [`Tile::kind`]).
pub type Counts = [u8; KINDS];

/// A set of playing kinds as a bit mask (bit `k` = kind `k`).
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct KindMask(pub u64);

impl KindMask {
    /// The empty set.
    pub const EMPTY: KindMask = KindMask(0);

    /// Whether kind `k` is in the set.
    pub fn contains(self, k: usize) -> bool {
        self.0 >> k & 1 == 1
    }

    /// Adds kind `k`.
    pub fn insert(&mut self, k: usize) {
        self.0 |= 1 << k;
    }

    /// Number of kinds in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kinds in ascending order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..KINDS).filter(move |&k| self.contains(k))
    }

    /// The kinds as tiles, in ascending order.
    pub fn tiles(self) -> impl Iterator<Item = Tile> {
        self.iter().map(Tile::from_kind)
    }
}

impl std::fmt::Debug for KindMask {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.tiles()).finish()
    }
}

/// Counts the playing tiles of a list (bonus tiles and jokers are ignored).
pub fn counts_of(tiles: &[Tile]) -> Counts {
    let mut c = [0u8; KINDS];
    for t in tiles {
        if let Some(k) = t.kind() {
            c[k] += 1;
        }
    }
    c
}
