use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Number of playing tile kinds (3 suits × 9, 4 winds, 3 dragons): the length of a counts
/// array in hand analysis.
pub const KINDS: usize = 34;

/// A suit of numbered tiles.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Bamboo (`B`).
    Bamboo,
    /// Characters (`C`).
    Characters,
    /// Circles, also called dots (`D`).
    Circles,
}

impl Suit {
    /// All suits in index order.
    pub const ALL: [Suit; 3] = [Suit::Bamboo, Suit::Characters, Suit::Circles];

    /// The suit's letter in tile codes.
    #[inline]
    pub fn letter(self) -> char {
        match self {
            Suit::Bamboo => 'B',
            Suit::Characters => 'C',
            Suit::Circles => 'D',
        }
    }

    /// 0 for bamboo, 1 characters, 2 circles.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A wind, in seating order East, South, West, North. Serialized as its letter (`"E"`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Wind {
    /// East, the dealer's seat.
    #[serde(rename = "E")]
    East,
    /// South.
    #[serde(rename = "S")]
    South,
    /// West.
    #[serde(rename = "W")]
    West,
    /// North.
    #[serde(rename = "N")]
    North,
}

impl Wind {
    /// All winds in turn order.
    pub const ALL: [Wind; 4] = [Wind::East, Wind::South, Wind::West, Wind::North];

    /// 0 East … 3 North.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The wind with the given index (taken modulo 4).
    #[inline]
    pub fn from_index(i: usize) -> Wind {
        Wind::ALL[i % 4]
    }

    /// The one-letter name used for seats in JSON (`E`, `S`, `W`, `N`).
    #[inline]
    pub fn letter(self) -> char {
        ['E', 'S', 'W', 'N'][self.index()]
    }

    /// Parses a seat letter (`E`, `S`, `W`, `N`).
    #[inline]
    pub fn from_letter(s: &str) -> Option<Wind> {
        match s {
            "E" => Some(Wind::East),
            "S" => Some(Wind::South),
            "W" => Some(Wind::West),
            "N" => Some(Wind::North),
            _ => None,
        }
    }

    /// The wind tile of this wind.
    #[inline]
    pub fn tile(self) -> Tile {
        Tile(Tile::EAST.0 + self as u8)
    }

    /// The next wind in turn order, wrapping after `seats` seats.
    #[inline]
    pub fn next(self, seats: usize) -> Wind {
        Wind::from_index((self.index() + 1) % seats)
    }
}

/// A dragon.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dragon {
    /// Red dragon (`RD`).
    Red,
    /// Green dragon (`GD`).
    Green,
    /// White dragon (`WD`).
    White,
}

/// One tile, as a small index.
///
/// | index | tiles | codes |
/// |---|---|---|
/// | 0–8 | bamboo 1–9 | `1B`–`9B` |
/// | 9–17 | characters 1–9 | `1C`–`9C` |
/// | 18–26 | circles 1–9 | `1D`–`9D` |
/// | 27–30 | winds E S W N | `EW SW WW NW` |
/// | 31–33 | dragons red, green, white | `RD GD WD` |
/// | 34–37 | flowers 1–4 | `1F`–`4F` |
/// | 38–41 | seasons 1–4 | `1S`–`4S` |
/// | 42–45 | Malaysian animals (cat, mouse, cockerel, centipede) | `1A`–`4A` |
/// | 46–49 | Malaysian faces | `1H`–`4H` |
/// | 50–52 | red fives of bamboo, characters, circles | `0B 0C 0D` |
/// | 53 | joker (Malaysian) | `JK` |
///
/// Red fives are written `0B`/`0C`/`0D` (the common convention in Japanese records); for
/// hand shape they are fives ([`Tile::kind`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
// Serialized as its code (`"5D"`), so TypeScript sees a string.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
pub struct Tile(u8);

/// Why a tile code could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown tile code {code:?} (expected e.g. 5D, EW, RD, 1F)")]
pub struct ParseTileError {
    /// The text that was not a tile code.
    pub code: String,
}

impl Tile {
    /// Number of distinct tile values.
    pub const COUNT: usize = 54;
    /// East wind.
    pub const EAST: Tile = Tile(27);
    /// North wind.
    pub const NORTH: Tile = Tile(30);
    /// Red dragon.
    pub const RED: Tile = Tile(31);
    /// Green dragon.
    pub const GREEN: Tile = Tile(32);
    /// White dragon.
    pub const WHITE: Tile = Tile(33);
    /// The joker.
    pub const JOKER: Tile = Tile(53);

    /// The tile with this index, if it exists.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Tile> {
        if i < Self::COUNT {
            Some(Tile(i as u8))
        } else {
            None
        }
    }

    /// The index of the tile (see the table on [`Tile`]).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// A numbered tile. `rank` is 1–9.
    #[inline]
    pub fn suited(suit: Suit, rank: u8) -> Tile {
        assert!((1..=9).contains(&rank), "rank {rank} out of 1..=9");
        Tile(suit as u8 * 9 + rank - 1)
    }

    /// A dragon tile.
    #[inline]
    pub fn dragon(d: Dragon) -> Tile {
        Tile(Self::RED.0 + d as u8)
    }

    /// Flower `n` (1–4).
    #[inline]
    pub fn flower(n: u8) -> Tile {
        assert!((1..=4).contains(&n));
        Tile(33 + n)
    }

    /// Season `n` (1–4).
    #[inline]
    pub fn season(n: u8) -> Tile {
        assert!((1..=4).contains(&n));
        Tile(37 + n)
    }

    /// The red five of a suit.
    #[inline]
    pub fn red_five(suit: Suit) -> Tile {
        Tile(50 + suit as u8)
    }

    /// The playing kind (0–33) used for hand analysis: red fives are fives; bonus tiles
    /// and the joker have none.
    #[inline]
    pub const fn kind(self) -> Option<usize> {
        match self.0 {
            0..=33 => Some(self.0 as usize),
            50..=52 => Some((self.0 as usize - 50) * 9 + 4),
            _ => None,
        }
    }

    /// The ordinary tile of a playing kind (0–33).
    #[inline]
    pub fn from_kind(kind: usize) -> Tile {
        assert!(kind < KINDS, "kind {kind} out of range");
        Tile(kind as u8)
    }

    /// The suit of a numbered tile (red fives included).
    #[inline]
    pub fn suit(self) -> Option<Suit> {
        match self.kind()? {
            0..=8 => Some(Suit::Bamboo),
            9..=17 => Some(Suit::Characters),
            18..=26 => Some(Suit::Circles),
            _ => None,
        }
    }

    /// The rank 1–9 of a numbered tile.
    #[inline]
    pub fn rank(self) -> Option<u8> {
        let k = self.kind()?;
        (k < 27).then(|| (k % 9) as u8 + 1)
    }

    /// The wind of a wind tile.
    #[inline]
    pub fn wind(self) -> Option<Wind> {
        matches!(self.0, 27..=30).then(|| Wind::from_index(self.0 as usize - 27))
    }

    /// The dragon of a dragon tile.
    #[inline]
    pub fn dragon_kind(self) -> Option<Dragon> {
        match self.0 {
            31 => Some(Dragon::Red),
            32 => Some(Dragon::Green),
            33 => Some(Dragon::White),
            _ => None,
        }
    }

    /// Winds and dragons.
    #[inline]
    pub fn is_honour(self) -> bool {
        matches!(self.kind(), Some(27..=33))
    }

    /// 1s and 9s of a suit.
    #[inline]
    pub fn is_terminal(self) -> bool {
        matches!(self.rank(), Some(1 | 9))
    }

    /// Major tiles: terminals and honours.
    #[inline]
    pub fn is_major(self) -> bool {
        self.is_honour() || self.is_terminal()
    }

    /// Minor tiles: suit tiles 2–8.
    #[inline]
    pub fn is_minor(self) -> bool {
        matches!(self.rank(), Some(2..=8))
    }

    /// Flowers, seasons and the Malaysian animals and faces: set aside when drawn.
    #[inline]
    pub fn is_bonus(self) -> bool {
        matches!(self.0, 34..=49)
    }

    /// A flower (`1F`–`4F`).
    #[inline]
    pub fn is_flower(self) -> bool {
        matches!(self.0, 34..=37)
    }

    /// A season (`1S`–`4S`).
    #[inline]
    pub fn is_season(self) -> bool {
        matches!(self.0, 38..=41)
    }

    /// A Malaysian animal (`1A`–`4A`, MY3-T).
    #[inline]
    pub fn is_animal(self) -> bool {
        matches!(self.0, 42..=45)
    }

    /// A Malaysian face (`1H`–`4H`, MY3-T).
    #[inline]
    pub fn is_face(self) -> bool {
        matches!(self.0, 46..=49)
    }

    /// The joker (`JK`, MY3-J).
    #[inline]
    pub fn is_joker(self) -> bool {
        self.0 == Self::JOKER.0
    }

    /// A red five.
    #[inline]
    pub fn is_red(self) -> bool {
        matches!(self.0, 50..=52)
    }

    /// The number 1–4 of a bonus tile (its seat for flowers and seasons).
    #[inline]
    pub fn bonus_number(self) -> Option<u8> {
        self.is_bonus().then(|| (self.0 - 34) % 4 + 1)
    }

    /// Green tiles for Imperial Jade: 2, 3, 4, 6, 8 bamboo and the green dragon (M8).
    #[inline]
    pub fn is_green(self) -> bool {
        matches!(self.kind(), Some(1 | 2 | 3 | 5 | 7 | 32))
    }

    /// The tile's code, e.g. `5D`, `EW`, `RD`, `1F`.
    #[inline]
    pub fn code(self) -> &'static str {
        CODES[self.index()]
    }

    /// The next tile of a run in the same suit (`None` after a 9 or for honours).
    #[inline]
    pub fn succ(self) -> Option<Tile> {
        let k = self.kind()?;
        (k < 27 && k % 9 < 8).then(|| Tile(k as u8 + 1))
    }
}

const CODES: [&str; Tile::COUNT] = [
    "1B", "2B", "3B", "4B", "5B", "6B", "7B", "8B", "9B", //
    "1C", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", //
    "1D", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", //
    "EW", "SW", "WW", "NW", "RD", "GD", "WD", //
    "1F", "2F", "3F", "4F", "1S", "2S", "3S", "4S", //
    "1A", "2A", "3A", "4A", "1H", "2H", "3H", "4H", //
    "0B", "0C", "0D", "JK",
];

impl FromStr for Tile {
    type Err = ParseTileError;

    /// Parses a tile code. Codes are case-insensitive (`5d` = `5D`); surrounding spaces are
    /// not allowed.
    fn from_str(s: &str) -> Result<Tile, ParseTileError> {
        let b = s.as_bytes();
        if b.len() == 2 {
            let up = [b[0].to_ascii_uppercase(), b[1].to_ascii_uppercase()];
            if let Some(i) = CODES.iter().position(|c| c.as_bytes() == up) {
                return Ok(Tile(i as u8));
            }
        }
        Err(ParseTileError {
            code: s.to_string(),
        })
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl Serialize for Tile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for Tile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Tile, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Parses a whitespace- or comma-separated list of tile codes (`"1B 2B 3B"`, `"1B,2B"`).
pub fn parse_tiles(s: &str) -> Result<Vec<Tile>, ParseTileError> {
    s.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(str::parse)
        .collect()
}

impl Tile {
    /// Parses a list of tile codes separated by spaces or commas.
    #[inline]
    pub fn parse_list(s: &str) -> Result<Vec<Tile>, ParseTileError> {
        parse_tiles(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_round_trips() {
        for i in 0..Tile::COUNT {
            let t = Tile::from_index(i).unwrap();
            assert_eq!(t.code().parse::<Tile>().unwrap(), t);
            assert_eq!(t.to_string(), t.code());
        }
    }

    #[test]
    fn classification() {
        let t = |s: &str| s.parse::<Tile>().unwrap();
        assert!(t("1B").is_terminal() && t("1B").is_major() && !t("1B").is_honour());
        assert!(t("5D").is_minor() && !t("5D").is_major());
        assert!(t("EW").is_honour() && t("WD").is_major());
        assert_eq!(t("SW").wind(), Some(Wind::South));
        assert_eq!(t("3F").bonus_number(), Some(3));
        assert_eq!(t("4S").bonus_number(), Some(4));
        assert_eq!(t("0D").kind(), t("5D").kind());
        assert!(t("0D").is_red() && t("0D").is_minor());
        assert!(t("GD").is_green() && t("6B").is_green() && !t("5B").is_green());
        assert_eq!(t("JK").kind(), None);
        assert_eq!(t("2A").bonus_number(), Some(2));
        assert!(t("2A").is_animal() && t("2A").is_bonus() && !t("2A").is_face());
        assert!(t("3H").is_face() && t("3H").is_bonus() && t("3H").bonus_number() == Some(3));
        assert!(t("JK").is_joker() && !t("JK").is_bonus() && !t("1A").is_joker());
        assert_eq!(t("9C").succ(), None);
        assert_eq!(t("8C").succ(), Some(t("9C")));
        assert_eq!(t("rd"), Tile::RED);
    }

    #[test]
    fn bad_codes_are_errors() {
        for bad in ["", "5", "10B", "5X", "XW", "5D ", "\u{e9}\u{e9}", "ZZZ"] {
            let e = bad.parse::<Tile>().unwrap_err();
            assert_eq!(e.code, bad);
        }
        assert_eq!(
            parse_tiles("1B, 2B 3x").unwrap_err().to_string(),
            "unknown tile code \"3x\" (expected e.g. 5D, EW, RD, 1F)"
        );
    }

    #[test]
    fn serde_uses_codes() {
        let v: Vec<Tile> = serde_json::from_str(r#"["1B","RD","4S"]"#).unwrap();
        assert_eq!(serde_json::to_string(&v).unwrap(), r#"["1B","RD","4S"]"#);
        assert!(serde_json::from_str::<Tile>(r#""QQ""#).is_err());
    }

    proptest::proptest! {
        #[test]
        fn parsing_never_panics(s in ".{0,8}") {
            let _ = s.parse::<Tile>();
            let _ = parse_tiles(&s);
        }
    }
}
