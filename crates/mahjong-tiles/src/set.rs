use serde::{Deserialize, Serialize};

use crate::{Suit, Tile, KINDS};

/// The tile sets named in the specs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TileSetId {
    /// 144 tiles: 136 playing tiles + 4 flowers + 4 seasons (M1–M8).
    Classical,
    /// 136 tiles: the classical set without bonus tiles (option `flowers` off).
    ClassicalNoFlowers,
    /// 108 tiles of the Korean three-player game (K3-T): no North, bamboo 1 and 9 only,
    /// no seasons.
    Korean3p,
    /// 108 tiles of the Japanese three-player game (J3-T1): characters 1 and 9 only, red
    /// fives replacing one five of each remaining suit.
    Japanese3p,
    /// 84 tiles of the Malaysian three-player set: circles, honours, 16 bonus tiles, jokers.
    Malaysian3p,
}

/// A tile set: which tiles exist and how many copies of each, plus the facts hand
/// analysis needs (which suits can form chows, which tiles count as orphans).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileSet {
    id: TileSetId,
    copies: [u8; Tile::COUNT],
    chow_suits: [bool; 3],
}

impl TileSet {
    /// The tile set with the given id.
    pub fn new(id: TileSetId) -> TileSet {
        let mut copies = [0u8; Tile::COUNT];
        let mut chow_suits = [true; 3];
        let suit_range = |s: Suit| (s.index() * 9)..(s.index() * 9 + 9);
        let bonus = |copies: &mut [u8; Tile::COUNT], range: std::ops::Range<usize>| {
            for c in &mut copies[range] {
                *c = 1;
            }
        };
        match id {
            TileSetId::Classical | TileSetId::ClassicalNoFlowers => {
                copies[..KINDS].fill(4);
                if id == TileSetId::Classical {
                    bonus(&mut copies, 34..42);
                }
            }
            TileSetId::Korean3p => {
                copies[..KINDS].fill(4);
                // K3-T: no North, bamboo 2–8 removed, flowers kept, seasons removed.
                copies[Tile::NORTH.index()] = 0;
                copies[1..8].fill(0);
                chow_suits[Suit::Bamboo.index()] = false;
                bonus(&mut copies, 34..38);
            }
            TileSetId::Japanese3p => {
                copies[..KINDS].fill(4);
                // J3-T1: characters 2–8 removed; one red five in each remaining suit.
                for k in suit_range(Suit::Characters).skip(1).take(7) {
                    copies[k] = 0;
                }
                chow_suits[Suit::Characters.index()] = false;
                for s in [Suit::Bamboo, Suit::Circles] {
                    copies[Tile::suited(s, 5).index()] = 3;
                    copies[Tile::red_five(s).index()] = 1;
                }
            }
            TileSetId::Malaysian3p => {
                // K3-13: circles and honours ×4 (North included in the tile set), flowers,
                // seasons, animals and faces ×1, four jokers: 36 + 28 + 16 + 4 = 84.
                for k in suit_range(Suit::Circles) {
                    copies[k] = 4;
                }
                copies[27..KINDS].fill(4);
                chow_suits = [false, false, true];
                bonus(&mut copies, 34..50);
                copies[Tile::JOKER.index()] = 4;
            }
        }
        TileSet {
            id,
            copies,
            chow_suits,
        }
    }

    /// Changes how many copies of `tile` the set holds (rule options that add or remove
    /// tiles, e.g. K3-O). The id stays the same.
    pub fn set_copies(&mut self, tile: Tile, copies: u8) {
        self.copies[tile.index()] = copies;
    }

    /// Which set this is.
    pub fn id(&self) -> TileSetId {
        self.id
    }

    /// How many copies of `tile` the set holds (0 if it is not part of the set).
    pub fn copies(&self, tile: Tile) -> u8 {
        self.copies[tile.index()]
    }

    /// How many copies of a playing kind the set holds, red fives included.
    pub fn kind_copies(&self, kind: usize) -> u8 {
        let t = Tile::from_kind(kind);
        let mut n = self.copies[kind];
        if let (Some(s), Some(5)) = (t.suit(), t.rank()) {
            n += self.copies[Tile::red_five(s).index()];
        }
        n
    }

    /// Whether the set contains the tile.
    pub fn contains(&self, tile: Tile) -> bool {
        self.copies(tile) > 0
    }

    /// Whether chows can be formed in a suit (false where the suit's middle tiles are
    /// removed: those tiles then behave like honours in hand analysis).
    pub fn chows_in(&self, suit: Suit) -> bool {
        self.chow_suits[suit.index()]
    }

    /// Total number of tiles.
    pub fn len(&self) -> usize {
        self.copies.iter().map(|&c| c as usize).sum()
    }

    /// Always false: every tile set has tiles.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Every tile of the set, each copy once, in index order (the unshuffled wall).
    pub fn tiles(&self) -> Vec<Tile> {
        let mut v = Vec::with_capacity(self.len());
        for (i, &c) in self.copies.iter().enumerate() {
            for _ in 0..c {
                v.push(Tile::from_index(i).expect("index in range"));
            }
        }
        v
    }

    /// The playing kinds that exist in the set.
    pub fn kinds(&self) -> impl Iterator<Item = usize> + '_ {
        (0..KINDS).filter(|&k| self.kind_copies(k) > 0)
    }

    /// Orphans for Thirteen Unique Wonders: the terminals and honours of the set.
    pub fn orphans(&self) -> impl Iterator<Item = usize> + '_ {
        self.kinds().filter(|&k| Tile::from_kind(k).is_major())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_match_the_specs() {
        assert_eq!(TileSet::new(TileSetId::Classical).len(), 144);
        assert_eq!(TileSet::new(TileSetId::ClassicalNoFlowers).len(), 136);
        assert_eq!(TileSet::new(TileSetId::Korean3p).len(), 108);
        assert_eq!(TileSet::new(TileSetId::Japanese3p).len(), 108);
        assert_eq!(TileSet::new(TileSetId::Malaysian3p).len(), 84);
    }

    #[test]
    fn korean_set_contents() {
        let s = TileSet::new(TileSetId::Korean3p);
        let t = |c: &str| c.parse::<Tile>().unwrap();
        assert_eq!(s.copies(t("1B")), 4);
        assert_eq!(s.copies(t("5B")), 0);
        assert_eq!(s.copies(t("NW")), 0);
        assert_eq!(s.copies(t("1F")), 1);
        assert_eq!(s.copies(t("1S")), 0);
        assert!(!s.chows_in(Suit::Bamboo) && s.chows_in(Suit::Circles));
        // 1C 9C 1D 9D 1B 9B EW SW WW RD GD WD
        assert_eq!(s.orphans().count(), 12);
    }

    #[test]
    fn japanese_set_has_red_fives() {
        let s = TileSet::new(TileSetId::Japanese3p);
        let t = |c: &str| c.parse::<Tile>().unwrap();
        assert_eq!(s.copies(t("5D")), 3);
        assert_eq!(s.copies(t("0D")), 1);
        assert_eq!(s.kind_copies(t("5D").kind().unwrap()), 4);
        assert_eq!(s.copies(t("5C")), 0);
        assert_eq!(s.copies(t("0C")), 0);
        assert_eq!(s.copies(t("NW")), 4);
        assert_eq!(s.orphans().count(), 13);
    }

    #[test]
    fn malaysian_set_contents() {
        let s = TileSet::new(TileSetId::Malaysian3p);
        assert_eq!(s.copies(Tile::JOKER), 4);
        assert_eq!(s.tiles().iter().filter(|t| t.is_bonus()).count(), 16);
        assert_eq!(s.kinds().count(), 16);
    }
}
