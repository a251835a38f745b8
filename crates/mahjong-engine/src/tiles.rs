//! A short list of tiles in a fixed buffer: a player's concealed tiles written out from his
//! counts, without allocating.

use std::fmt;
use std::ops::Deref;

use mahjong_tiles::Tile;

/// Most tiles a [`TileList`] holds: a hand's 14 and then some.
pub const TILE_LIST_CAP: usize = 18;

/// Up to [`TILE_LIST_CAP`] tiles, in a fixed buffer; reads as a slice.
#[derive(Copy, Clone)]
pub struct TileList {
    len: u8,
    tiles: [Tile; TILE_LIST_CAP],
}

impl TileList {
    /// No tiles.
    pub const fn new() -> TileList {
        TileList {
            len: 0,
            tiles: [Tile::EAST; TILE_LIST_CAP],
        }
    }

    /// Appends `n` copies of a tile (as many as fit).
    #[inline]
    pub(crate) fn push_n(&mut self, tile: Tile, n: usize) {
        for _ in 0..n {
            if (self.len as usize) < TILE_LIST_CAP {
                self.tiles[self.len as usize] = tile;
                self.len += 1;
            }
        }
    }
}

impl TileList {
    /// Appends `n` copies of a tile, as [`TileList::push_n`]; for a kind's copies (at
    /// most 4), where four more fit, four are written and `n` kept: no loop per tile.
    #[inline]
    pub(crate) fn push_few(&mut self, tile: Tile, n: u8) {
        let at = self.len as usize;
        match self.tiles.get_mut(at..at + 4) {
            Some(four) if n <= 4 => {
                four.copy_from_slice(&[tile; 4]);
                self.len += n;
            }
            _ => self.push_n(tile, n as usize),
        }
    }

    /// Sorts the tiles.
    pub(crate) fn sort(&mut self) {
        let n = self.len as usize;
        self.tiles[..n].sort_unstable();
    }

    /// Drops the first tile (if any).
    pub(crate) fn remove_first(&mut self) {
        let n = self.len as usize;
        if n > 0 {
            self.tiles.copy_within(1..n, 0);
            self.len -= 1;
        }
    }
}

impl Default for TileList {
    fn default() -> TileList {
        TileList::new()
    }
}

impl Deref for TileList {
    type Target = [Tile];

    fn deref(&self) -> &[Tile] {
        &self.tiles[..self.len as usize]
    }
}

impl PartialEq for TileList {
    fn eq(&self, other: &TileList) -> bool {
        **self == **other
    }
}

impl Eq for TileList {}

impl fmt::Debug for TileList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a TileList {
    type Item = &'a Tile;
    type IntoIter = std::slice::Iter<'a, Tile>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
