//! The table interchange format (`shared/formats/table-json.md`): a finished hand as the
//! players declared it. [`TableInput`] is the unchecked JSON; [`Table::validate`] turns it
//! into a [`Table`] that the scorer can trust, or an [`InputError`] naming the field.

use std::collections::BTreeMap;

use mahjong_hands::{Counts, KindMask, KongKind, Meld, MeldKind, Shape};
use mahjong_tiles::{Suit, Tile, TileSet, Wind, KINDS};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use crate::Ruleset;

/// Bad input: where (a JSON path such as `seats.S.sets[1]`) and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {message}")]
pub struct InputError {
    /// Where the problem is, as a path into the input (`seats.S.sets[1]`).
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl InputError {
    pub(crate) fn new(path: impl Into<String>, message: impl Into<String>) -> InputError {
        InputError {
            path: path.into(),
            message: message.into(),
        }
    }
}

/// How the winning tile was obtained (`win.from`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum WinFrom {
    /// Drawn from the live wall.
    Wall,
    /// A loose (replacement) tile after a kong or a bonus tile.
    Loose,
    /// Claimed from a discard.
    Discard,
    /// Robbed from a kong being extended.
    RobbedKong,
}

/// `win` in the input.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct WinInput {
    /// The winning tile.
    pub tile: Tile,
    /// Where it came from.
    pub from: WinFrom,
    /// The discarder or the robbed konger.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supplier: Option<String>,
    /// Last tile of the live wall, or the discard right after it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub last_tile: bool,
    /// The winner had declared Original Call (M55).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub original_call: bool,
    /// Kong upon Kong (M122f).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub kong_upon_kong: bool,
    /// Heaven's Blessing (M122a).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub heaven: bool,
    /// Earth's Blessing (M122b); in a family whose [`TableReading::earth`] is
    /// [`Earth::FirstDraw`], a non-dealer's win on his first draw (J3-YM1 Chiihou).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub earth: bool,
    /// Won within one go-round of riichi (Ippatsu, J3-S8; other families ignore it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ippatsu: bool,
}

/// `kind` of a declared set.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SetKindInput {
    /// Three in a row.
    Chow,
    /// Three of a kind.
    Pung,
    /// Four of a kind.
    Kong,
    /// Two of a kind.
    Pair,
    /// Two or three tiles of one value in different suits, exposed by the winning discard
    /// that completed it: only where [`TableReading::knitted`] allows it (Kajongg's BMJA
    /// knitting hands, KJ-L18, KJ-L19). Its tiles are read as the winner's concealed tiles
    /// ([`Table::knitted`] remembers the set).
    Knitted,
}

/// One declared set.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SetInput {
    /// Its shape.
    pub kind: SetKindInput,
    /// Its tiles.
    pub tiles: Vec<Tile>,
    /// Formed with a claimed tile. For kongs `kong` decides this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exposed: Option<bool>,
    /// How a kong was made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kong: Option<KongKind>,
    /// The winner's set that the winning tile completed (M115c rule 4): an exposed set
    /// formed by claiming the winning discard. Without it, the last exposed set of the
    /// winner that holds the winning tile (and whose `claimed` tile, if given, is it), when
    /// the win was claimed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub winning: bool,
    /// Which tile of an exposed set came from a discard (M115c rule 5; meaningful for
    /// chows). Without it, inferred from `discards`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimed: Option<Tile>,
    /// On a claimed kong (`kong: claimed`), the seat that discarded its fourth tile
    /// (MY3-X3: its instant payment is then settled). Not allowed on any other set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supplier: Option<String>,
}

/// One seat's tiles.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SeatInput {
    /// Declared sets.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sets: Vec<SetInput>,
    /// Tiles not yet arranged.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub concealed: Vec<Tile>,
    /// Flowers and seasons declared.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bonus: Vec<Tile>,
    /// The player had declared ready (K3-P9).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ready: bool,
    /// Riichi declared (J3-Y4, J3-Y11; other families ignore it).
    #[serde(default, skip_serializing_if = "Riichi::is_none")]
    pub riichi: Riichi,
    /// The complete bonus groups this seat finished in the opening round (MY3-I1, MY3-X3);
    /// each must be complete in its `bonus`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opening_bonus_groups: Vec<BonusGroup>,
}

/// A group of four bonus tiles (`seats.X.opening_bonus_groups`, MY3-I1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BonusGroup {
    /// Flowers `1F`–`4F`.
    Flowers,
    /// Seasons `1S`–`4S`.
    Seasons,
    /// Animals `1A`–`4A`.
    Animals,
    /// Faces `1H`–`4H`.
    Faces,
}

impl BonusGroup {
    /// Every group, in the order tables list them.
    pub const ALL: [BonusGroup; 4] = [
        BonusGroup::Flowers,
        BonusGroup::Seasons,
        BonusGroup::Animals,
        BonusGroup::Faces,
    ];

    /// Its bit in [`SeatHand::opening_groups`].
    pub const fn bit(self) -> u8 {
        match self {
            BonusGroup::Flowers => SeatHand::FLOWERS,
            BonusGroup::Seasons => SeatHand::SEASONS,
            BonusGroup::Animals => SeatHand::ANIMALS,
            BonusGroup::Faces => SeatHand::FACES,
        }
    }

    /// Its name in the input (`"flowers"`).
    pub const fn name(self) -> &'static str {
        match self {
            BonusGroup::Flowers => "flowers",
            BonusGroup::Seasons => "seasons",
            BonusGroup::Animals => "animals",
            BonusGroup::Faces => "faces",
        }
    }

    /// The seat's tiles of the group held, bit n−1 for tile n.
    pub const fn held(self, hand: &SeatHand) -> u8 {
        match self {
            BonusGroup::Flowers => hand.flowers,
            BonusGroup::Seasons => hand.seasons,
            BonusGroup::Animals => hand.animals,
            BonusGroup::Faces => hand.faces,
        }
    }

    /// Tile n (1–4) of the group.
    pub fn tile(self, n: u8) -> Tile {
        assert!((1..=4).contains(&n));
        let first = match self {
            BonusGroup::Flowers => 34,
            BonusGroup::Seasons => 38,
            BonusGroup::Animals => 42,
            BonusGroup::Faces => 46,
        };
        Tile::from_index(first + n as usize - 1).expect("a bonus tile")
    }
}

/// Whether and how a seat declared riichi (`seats.X.riichi`: J3-Y4, J3-Y11).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Riichi {
    /// No riichi.
    #[default]
    None,
    /// Riichi (J3-Y4).
    Riichi,
    /// Double riichi, on the first turn (J3-Y11).
    Double,
}

impl Riichi {
    /// No riichi declared.
    pub fn is_none(&self) -> bool {
        *self == Riichi::None
    }
}

/// A finished hand as in `table-json.md`, unchecked. Serializes to the same format
/// (fields at their defaults left out), so a table can be written and read back.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TableInput {
    /// A preset name or a path to a ruleset file.
    pub ruleset: String,
    /// Option overrides.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub options: Map<String, Value>,
    /// The prevailing wind (`E`, `S`, `W`, `N`).
    pub prevailing_wind: String,
    /// East's consecutive wins before this hand (for M122r).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub east_consecutive_wins: u32,
    /// The winner, or `null` for a washout. The key must be present.
    #[serde(default, deserialize_with = "present")]
    pub winner: Option<Option<String>>,
    /// How the hand was won.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub win: Option<WinInput>,
    /// Every discard in order, as `SEAT:TILE`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discards: Vec<String>,
    /// The seat liable for letting off a cannon (M90–M96).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cannon: Option<String>,
    /// Each seat's tiles, keyed by seat wind.
    pub seats: BTreeMap<String, SeatInput>,
    /// Drawn hands in a row just before this one (K3-M2 goulash).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub goulash: u32,
    /// The revealed dora indicator (K3-O `dora`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dora_indicator: Option<Tile>,
    /// Dora and kan-dora indicators, each counting (J3-S8; other families ignore them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dora_indicators: Vec<Tile>,
    /// Ura-dora indicators, counted for a winner in riichi (J3-S8).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ura_indicators: Vec<Tile>,
    /// Riichi sticks carried over from earlier hands, taken by the winner (J3-S10).
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub riichi_pot: u64,
    /// Honba counters: hands in a row, just before this one, that ended in a washout or a
    /// dealer's win (J3-S10 option `honba`; other families ignore it).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub honba: u32,
}

/// Largest `goulash`: drawn hands in a row (K3-M2).
const MAX_GOULASH: u64 = 100;
/// Largest `honba`: honba counters (J3-S10).
const MAX_HONBA: u64 = 100;
/// Largest `riichi_pot`: a hundred sticks at the largest riichi stake (J3-S10).
const MAX_RIICHI_POT: u64 = 100_000_000;

/// The counts bounded below their type's largest value, with their bound.
const BOUNDED: [(&str, u64); 3] = [
    ("goulash", MAX_GOULASH),
    ("honba", MAX_HONBA),
    ("riichi_pot", MAX_RIICHI_POT),
];

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_zero_u64(n: &u64) -> bool {
    *n == 0
}

fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

impl TableInput {
    /// Parses the JSON text of one table. Errors name the path (`seats.E.sets[0].tiles[2]`).
    /// A leading byte-order mark is skipped; anything but whitespace after the table is an
    /// error.
    pub fn from_json(text: &str) -> Result<TableInput, InputError> {
        // Editors on Windows save UTF-8 with a byte-order mark; it is not JSON.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // The contract's table is an object; serde would also take an array of the fields
        // in order, and explain a wrong type in its own internal names.
        if let Some(first) = text.trim_start().bytes().next().filter(|&b| b != b'{') {
            return Err(match serde_json::from_str::<serde::de::IgnoredAny>(text) {
                Err(e) => InputError::new("input", e.to_string()),
                Ok(_) => InputError::new(
                    "input",
                    format!(
                        "expected a JSON object (a table), found {}",
                        json_kind(first)
                    ),
                ),
            });
        }
        // Path tracking costs time: parse plainly, and again with paths only to explain an
        // error.
        if let Ok(t) = serde_json::from_str(text) {
            return Ok(t);
        }
        let de = &mut serde_json::Deserializer::from_str(text);
        let e = match serde_path_to_error::deserialize::<_, TableInput>(&mut *de) {
            // The table itself read; what failed the plain parse follows it.
            Ok(t) => {
                return match de.end() {
                    Ok(()) => Ok(t),
                    Err(e) => Err(InputError::new("input", e.to_string())),
                }
            }
            Err(e) => e,
        };
        let path = e.path().to_string();
        let inner = e.into_inner();
        let mut msg = inner.to_string();
        // Syntax errors have a line and column but no meaningful path; data errors have a
        // path, and serde_json's " at line L column C" only repeats it.
        if inner.is_syntax() || inner.is_eof() {
            return Err(InputError::new("input", msg));
        }
        if let Some(i) = msg.rfind(" at line ") {
            msg.truncate(i);
        }
        let number = number_at(text, inner.line(), inner.column());
        let max = BOUNDED.iter().find(|(name, _)| *name == path).map(|b| b.1);
        if let Some(better) = plain_serde_message(&msg, number, max, true) {
            msg = better;
        }
        Err(InputError::new(
            if path == "." { "input".into() } else { path },
            msg,
        ))
    }
}

/// What a JSON value starting with byte `b` is, for a message.
fn json_kind(b: u8) -> &'static str {
    match b {
        b'[' => "an array",
        b'"' => "a string",
        b't' | b'f' => "a boolean",
        b'n' => "null",
        _ => "a number",
    }
}

/// serde's message for a value of the wrong type or out of range, in JSON's words: serde
/// names Rust types and its own (`invalid value: integer `-1`, expected u32`, `invalid
/// type: floating point `1e+23`, expected u32`, `expected a sequence`, `expected struct
/// WinInput`). `number`: the offending number as written in the input, when known (serde
/// writes `99999999999999999999999` as `1e+23`); `max`: a field's own bound, below its
/// type's; `type_range`: whether a whole number's range is said even where it is only its
/// type's and the value was not outside it (the table format's messages say it; an option's
/// say `a whole number, 0 or more`, its own bounds being checked after). `None` for any
/// other message.
///
/// `-1 is out of range: a whole number from 0 to 4294967295 was expected`,
/// `expected an array, found "1D"`, `expected a JSON object, found 42`.
pub(crate) fn plain_serde_message(
    msg: &str,
    number: Option<&str>,
    max: Option<u64>,
    type_range: bool,
) -> Option<String> {
    let (head, expected) = msg.rsplit_once(", expected ")?;
    // serde's words for what it found, as the JSON value (a number as written). A struct
    // read from an array of its fields in order fails on the array's length.
    let number_text = |serde_text: &str| number.unwrap_or(serde_text).to_string();
    let found = if head.starts_with("invalid length ") {
        Found::Other("an array".into())
    } else {
        let unexpected = head
            .strip_prefix("invalid type: ")
            .or_else(|| head.strip_prefix("invalid value: "))?;
        if let Some(n) = backticked(unexpected, "integer ") {
            Found::Number(number_text(n), None)
        } else if let Some(f) = backticked(unexpected, "floating point ") {
            Found::Number(number_text(f), f.parse::<f64>().ok())
        } else if let Some(b) = backticked(unexpected, "boolean ") {
            Found::Other(b.to_string())
        } else if let Some(text) = unexpected.strip_prefix("string ") {
            Found::Other(text.to_string())
        } else {
            Found::Other(
                match unexpected {
                    "null" | "unit value" => "null",
                    "sequence" => "an array",
                    "map" => "an object",
                    other => other,
                }
                .to_string(),
            )
        }
    };
    let Some(mut range) = whole_range(expected) else {
        let expected = match expected {
            _ if expected.starts_with("struct ") => "a JSON object",
            "a sequence" => "an array",
            "a map" => "a JSON object",
            "a string" | "a boolean" => expected,
            "f32" | "f64" => "a number",
            _ => return None,
        };
        let found = match found {
            Found::Number(n, _) => n,
            Found::Other(o) => o,
        };
        return Some(format!("expected {expected}, found {found}"));
    };
    if let Some(max) = max {
        range.1 = range.1.min(max.into());
    }
    let unsigned = range.0 == 0;
    // Whether the range itself is why the value was refused: above it, or (signed) below.
    let mut outside = false;
    let why = match found {
        Found::Number(n, Some(f)) if f.fract() != 0.0 => format!("{n} is not a whole number"),
        // A whole number in range but written as a fraction or with an exponent (`3.0`).
        Found::Number(n, Some(f)) if range.0 as f64 <= f && f < (range.1 + 1) as f64 => {
            format!("{n} is not written as a whole number")
        }
        Found::Number(n, _) => {
            outside = !(unsigned && n.starts_with('-'));
            format!("{n} is out of range")
        }
        Found::Other(o) => format!("{o} is not a number"),
    };
    Some(if type_range || outside || max.is_some() {
        format!(
            "{why}: a whole number from {} to {} was expected",
            range.0, range.1
        )
    } else if unsigned {
        format!("{why}: a whole number, 0 or more was expected")
    } else {
        format!("{why}: a whole number was expected")
    })
}

/// What serde found, for [`plain_serde_message`]: a number as written (and its value when
/// serde read it as a float), or another JSON value.
enum Found {
    Number(String, Option<f64>),
    Other(String),
}

/// The number that ends at `line` and `column` (1-based, as serde_json gives them for a
/// value it refuses) of `text`, as written; `None` if no number ends there.
fn number_at(text: &str, line: usize, column: usize) -> Option<&str> {
    let line = text.split('\n').nth(line.checked_sub(1)?)?;
    let before = line.get(..column)?;
    let start = before
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_ascii_digit() || "+-.eE".contains(c)))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let number = &before[start..];
    let json_number = number.starts_with(|c: char| c == '-' || c.is_ascii_digit())
        && number.ends_with(|c: char| c.is_ascii_digit())
        && serde_json::from_str::<serde_json::Number>(number).is_ok();
    json_number.then_some(number)
}

/// `x` of serde's ``{prefix}`x` ``.
fn backticked<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    text.strip_prefix(prefix)?
        .strip_prefix('`')?
        .strip_suffix('`')
}

/// The least and greatest value of the integer type serde names (`u32`).
fn whole_range(rust_type: &str) -> Option<(i128, i128)> {
    Some(match rust_type {
        "u8" => (0, u8::MAX.into()),
        "u16" => (0, u16::MAX.into()),
        "u32" => (0, u32::MAX.into()),
        "u64" | "usize" => (0, u64::MAX.into()),
        "i8" => (i8::MIN.into(), i8::MAX.into()),
        "i16" => (i16::MIN.into(), i16::MAX.into()),
        "i32" => (i32::MIN.into(), i32::MAX.into()),
        "i64" | "isize" => (i64::MIN.into(), i64::MAX.into()),
        _ => return None,
    })
}

/// The winning tile and how it was won, validated.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Win {
    /// The winning tile: a playing tile, or a drawn joker (`JK`, MY3-X2), which stands
    /// for whatever the scorer arranges.
    pub tile: Tile,
    /// Its playing kind ([`JOKER_WIN_KIND`] for a joker, which has none).
    pub kind: usize,
    /// Where it came from.
    pub from: WinFrom,
    /// Seat index of the discarder or robbed konger.
    pub supplier: Option<usize>,
    /// Last tile of the wall or the discard after it.
    pub last_tile: bool,
    /// Original Call completed.
    pub original_call: bool,
    /// Kong upon Kong.
    pub kong_upon_kong: bool,
    /// Heaven's Blessing.
    pub heaven: bool,
    /// Earth's Blessing, or a first-draw win (see [`TableReading::earth`]).
    pub earth: bool,
    /// Won within one go-round of riichi (J3-S8).
    pub ippatsu: bool,
}

/// [`Win::kind`] of a winning joker: no kind of its own. Only a family whose tile set has
/// jokers reads such a table, and its scorer arranges the joker with the concealed tiles.
pub const JOKER_WIN_KIND: usize = 0;

impl Win {
    /// A win on `tile` (a playing tile) from `from`, supplied by `supplier` for a discard
    /// or a robbed kong, with none of the special circumstances (last tile, Original Call,
    /// kong upon kong, Heaven's or Earth's Blessing, Ippatsu).
    #[inline]
    pub fn new(tile: Tile, from: WinFrom, supplier: Option<usize>) -> Win {
        Win {
            tile,
            kind: tile.kind().expect("a playing tile"),
            from,
            supplier,
            last_tile: false,
            original_call: false,
            kong_upon_kong: false,
            heaven: false,
            earth: false,
            ippatsu: false,
        }
    }

    /// Won by the player's own draw (wall or loose tile).
    pub fn self_drawn(&self) -> bool {
        matches!(self.from, WinFrom::Wall | WinFrom::Loose)
    }
}

/// Most sets a seat can declare: four kongs, or more if a loser lists pairs.
pub const MAX_DECLARED: usize = 8;

/// One seat's validated tiles.
///
/// Jokers (`JK`, MY3-J; only in a tile set that has them) are counted apart from the
/// playing tiles: [`SeatHand::jokers`] among the concealed tiles (not in
/// [`SeatHand::concealed`]), [`SeatHand::bonus_jokers`] exposed as bonus tiles, and
/// [`SeatHand::meld_jokers`] in each declared set, whose [`Meld`] is the set the jokers
/// complete (a pung `5D JK JK` is a pung of 5D, and [`SeatHand::all_tiles`] counts it as
/// three 5D; see [`Table::validate`] for chows and pairs).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SeatHand {
    melds: [Meld; MAX_DECLARED],
    n_melds: u8,
    /// The jokers in each declared set, 2 bits a set.
    meld_jokers: u16,
    /// The supplier of each declared set, 4 bits a set: 0 none, else seat index + 1.
    suppliers: u32,
    /// Concealed, unarranged tiles.
    pub concealed: Counts,
    /// Flowers held, bit n−1 for flower n.
    pub flowers: u8,
    /// Seasons held, bit n−1 for season n.
    pub seasons: u8,
    /// Animals held (MY3-T `1A`–`4A`), bit n−1 for animal n.
    pub animals: u8,
    /// Faces held (MY3-T `1H`–`4H`), bit n−1 for face n.
    pub faces: u8,
    /// Jokers among the concealed tiles (not counted in [`SeatHand::concealed`]).
    pub jokers: u8,
    /// Jokers exposed as bonus tiles (listed in `bonus`, MY3-J6, MY3-X2).
    pub bonus_jokers: u8,
    /// Jokers in the declared sets, all together ([`SeatHand::meld_jokers`] for one set).
    pub set_jokers: u8,
    /// Bonus groups completed in the opening round (`opening_bonus_groups`, MY3-I1):
    /// [`SeatHand::FLOWERS`], [`SeatHand::SEASONS`], [`SeatHand::ANIMALS`],
    /// [`SeatHand::FACES`].
    pub opening_groups: u8,
    /// Red fives held, concealed or in sets (K3-O `red_dora`).
    pub red_fives: u8,
    /// The player declared ready (K3-P9).
    pub ready: bool,
    /// Riichi declared (J3-Y4, J3-Y11).
    pub riichi: Riichi,
    /// Tiles set aside into `bonus` as the family's [`TableReading::set_aside`] allows
    /// (J3-T4: Norths set aside as pei-dora); not flowers or seasons.
    pub set_aside: u8,
    /// The kinds this seat discarded (its `SEAT:TILE` entries in `discards`; J3-S9).
    pub discarded: KindMask,
}

impl SeatHand {
    /// [`SeatHand::opening_groups`]: the flowers.
    pub const FLOWERS: u8 = 1;
    /// [`SeatHand::opening_groups`]: the seasons.
    pub const SEASONS: u8 = 2;
    /// [`SeatHand::opening_groups`]: the animals.
    pub const ANIMALS: u8 = 4;
    /// [`SeatHand::opening_groups`]: the faces.
    pub const FACES: u8 = 8;

    /// Holds a bonus tile: a flower, season, animal or face, or a joker exposed as a bonus
    /// tile (MY3-J6, counted in [`SeatHand::bonus_jokers`]). `false`, and nothing held, for
    /// any other tile.
    #[inline]
    pub fn add_bonus(&mut self, t: Tile) -> bool {
        if t.is_joker() {
            self.bonus_jokers += 1;
            return true;
        }
        match t.bonus_number() {
            Some(b) if t.is_flower() => self.flowers |= 1 << (b - 1),
            Some(b) if t.is_season() => self.seasons |= 1 << (b - 1),
            Some(b) if t.is_animal() => self.animals |= 1 << (b - 1),
            Some(b) if t.is_face() => self.faces |= 1 << (b - 1),
            _ => return false,
        }
        true
    }

    /// An empty hand.
    pub const EMPTY: SeatHand = SeatHand {
        melds: [Meld::new(MeldKind::Pair, 0, false); MAX_DECLARED],
        n_melds: 0,
        meld_jokers: 0,
        suppliers: 0,
        concealed: [0; KINDS],
        flowers: 0,
        seasons: 0,
        animals: 0,
        faces: 0,
        jokers: 0,
        bonus_jokers: 0,
        set_jokers: 0,
        opening_groups: 0,
        red_fives: 0,
        ready: false,
        riichi: Riichi::None,
        set_aside: 0,
        discarded: KindMask::EMPTY,
    };

    /// Its number of tiles, kongs counted as 3 and bonus tiles not at all: 13 for a
    /// player waiting, 14 for a complete hand.
    pub fn size(&self) -> usize {
        self.declared()
            .iter()
            .map(|m| m.len().min(3))
            .sum::<usize>()
            + self.concealed.iter().map(|&c| c as usize).sum::<usize>()
            + self.jokers as usize
    }

    /// Declared sets.
    pub fn declared(&self) -> &[Meld] {
        &self.melds[..self.n_melds as usize]
    }

    /// Adds a declared set.
    pub fn declare(&mut self, m: Meld) {
        self.melds[self.n_melds as usize] = m;
        self.n_melds += 1;
    }

    /// Adds a declared set holding `jokers` jokers (0–3) in place of some of its tiles.
    pub fn declare_with_jokers(&mut self, m: Meld, jokers: u8) {
        debug_assert!(jokers <= 3, "{jokers} jokers in one set");
        let i = self.n_melds as usize;
        self.declare(m);
        self.meld_jokers |= (jokers as u16 & 3) << (2 * i);
        self.set_jokers += jokers;
    }

    /// The jokers in declared set `i` (0 past the declared sets).
    #[inline]
    pub fn meld_jokers(&self, i: usize) -> u8 {
        if i < self.n_melds as usize {
            (self.meld_jokers >> (2 * i) & 3) as u8
        } else {
            0
        }
    }

    /// The seat (index, 0 = East) that supplied declared set `i`: the discarder named by a
    /// claimed kong's `supplier` (MY3-X3); `None` when not given.
    #[inline]
    pub fn supplier(&self, i: usize) -> Option<usize> {
        if i >= self.n_melds as usize {
            return None;
        }
        match self.suppliers >> (4 * i) & 15 {
            0 => None,
            s => Some(s as usize - 1),
        }
    }

    /// Names `seat` (0–3) as the supplier of declared set `i`.
    pub fn set_supplier(&mut self, i: usize, seat: usize) {
        assert!(i < self.n_melds as usize && seat < 4);
        self.suppliers = self.suppliers & !(15 << (4 * i)) | ((seat as u32 + 1) << (4 * i));
    }

    /// Counts of every playing tile the seat holds, declared and concealed.
    pub fn all_tiles(&self) -> Counts {
        let mut c = self.concealed;
        for m in self.declared() {
            m.add_to(&mut c);
        }
        c
    }

    /// The flowers, then the seasons, the animals and the faces held (not the jokers
    /// exposed as bonus tiles).
    pub fn bonus_tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        let held = |bits: u8, make: fn(u8) -> Tile| {
            (0..4u8)
                .filter(move |b| bits >> b & 1 == 1)
                .map(move |b| make(b + 1))
        };
        held(self.flowers, Tile::flower)
            .chain(held(self.seasons, Tile::season))
            .chain(held(self.animals, |n| BonusGroup::Animals.tile(n)))
            .chain(held(self.faces, |n| BonusGroup::Faces.tile(n)))
    }

    /// The groups of four bonus tiles the seat holds whole, as bits like
    /// [`SeatHand::opening_groups`].
    pub fn complete_groups(&self) -> u8 {
        BonusGroup::ALL
            .into_iter()
            .filter(|g| g.held(self) == 0b1111)
            .fold(0, |m, g| m | g.bit())
    }

    /// Number of bonus tiles: flowers, seasons, animals and faces (not the jokers exposed
    /// as bonus tiles, [`SeatHand::bonus_jokers`]).
    pub fn bonus_count(&self) -> u32 {
        self.flowers.count_ones()
            + self.seasons.count_ones()
            + self.animals.count_ones()
            + self.faces.count_ones()
    }
}

/// A validated table: a legal finished hand the scorer can trust. Seats are indexed by seat
/// wind (0 East … 3 North).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// Number of seats (3 or 4).
    pub seats: usize,
    /// Prevailing wind.
    pub prevailing: Wind,
    /// East's consecutive wins before this hand.
    pub east_consecutive_wins: u32,
    /// The winner's seat, `None` for a washout.
    pub winner: Option<usize>,
    /// How the hand was won (meaningful when there is a winner).
    pub win: Option<Win>,
    /// The seat liable for a cannon.
    pub cannon: Option<usize>,
    /// Every seat's tiles.
    pub hands: [SeatHand; 4],
    /// Tiles seen on the table before the winning tile, each physical tile once (M115c
    /// rule 2): discards not claimed (the winning discard is claimed by the winner), every
    /// exposed set and kong; never the winner's loose tiles, so not the set a claimed
    /// winning tile completed.
    pub visible: Counts,
    /// The winner's declared set (index into [`SeatHand::declared`]) that the winning tile
    /// completed, when it is an exposed set made by claiming it; `None` when the winning
    /// tile is among the loose tiles.
    pub winning_set: Option<u8>,
    /// Drawn hands in a row just before this one (K3-M2 goulash).
    pub goulash: u32,
    /// The revealed dora indicator (K3-O `dora`).
    pub dora_indicator: Option<Tile>,
    /// How many times each kind was revealed as a dora or kan-dora indicator (J3-S8).
    pub dora_indicators: Counts,
    /// How many times each kind was revealed as an ura-dora indicator (J3-S8).
    pub ura_indicators: Counts,
    /// Riichi sticks carried over from earlier hands, taken by the winner (J3-S10).
    pub riichi_pot: u64,
    /// Honba counters on the table (J3-S10 option `honba`).
    pub honba: u32,
    /// The winner's exposed knitted set (`kind: knitted`, [`TableReading::knitted`]), whose
    /// tiles are counted among his concealed tiles; `None` in every other table.
    pub knitted: Option<KnittedSet>,
}

/// An exposed knitted set ([`SetKindInput::Knitted`]): one value in two or three suits.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct KnittedSet {
    /// The value, 0 for 1 … 8 for 9.
    pub value: u8,
    /// The suits holding it, bit 0 dots, 1 bamboo, 2 characters (the kind order).
    pub suits: u8,
}

impl KnittedSet {
    /// Whether it holds a tile of `kind`.
    pub fn contains(&self, kind: usize) -> bool {
        kind < 27 && kind % 9 == self.value as usize && self.suits >> (kind / 9) & 1 == 1
    }
}

/// How a family reads the parts of a table whose meaning differs between families
/// ([`crate::Family::table_reading`]). The default is the classical reading.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TableReading {
    /// Kinds a seat may list in `bonus` as tiles set aside (counted in
    /// [`SeatHand::set_aside`]); otherwise `bonus` holds only flowers and seasons.
    pub set_aside: KindMask,
    /// What `win.earth` means.
    pub earth: Earth,
    /// A declared pair may hold jokers: a joker and a natural tile, or two jokers
    /// (MY3-J4 option `joker_in_pair`). Jokers exist only where the tile set has `JK`.
    pub jokers_in_pair: bool,
    /// The winner may list an exposed knitted set (`kind: knitted`: Kajongg's knitting
    /// hands, KJ-L18, KJ-L19); elsewhere the kind is refused.
    pub knitted: bool,
    /// A seat may hold too many tiles, up to 18 tiles (Kajongg's Long Hand,
    /// KJ-S2, which the family scores); elsewhere a seat holds at most 14 and a loser 13.
    pub long_hands: bool,
}

/// Most tiles (kongs counted as 3) a seat may hold where [`TableReading::long_hands`]
/// allows a Long Hand; more is refused everywhere.
pub const MAX_LONG_HAND: usize = 18;

/// The meaning of `win.earth`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Earth {
    /// Earth's Blessing (M122b): won by a non-dealer on East's first discard.
    EastsFirstDiscard,
    /// A non-dealer's win on his first draw, from the wall or a loose tile (J3-YM1 Chiihou).
    FirstDraw,
    /// A non-dealer's win in the first go-around, on a discard or his own draw (MY3-L1,
    /// MY3-X5).
    FirstGoAround,
}

impl TableReading {
    /// Flowers and seasons in `bonus`; Earth's Blessing on East's first discard; no joker
    /// in a pair.
    pub const CLASSICAL: TableReading = TableReading {
        set_aside: KindMask::EMPTY,
        earth: Earth::EastsFirstDiscard,
        jokers_in_pair: false,
        knitted: false,
        long_hands: false,
    };
}

impl Default for TableReading {
    fn default() -> TableReading {
        TableReading::CLASSICAL
    }
}

/// A place in the input, formatted only when an error needs it.
#[derive(Copy, Clone)]
struct Loc<'a> {
    key: &'a str,
    field: &'static str,
    index: usize,
}

impl std::fmt::Display for Loc<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "seats.{}.{}[{}]", self.key, self.field, self.index)
    }
}

/// The seat (index into the ruleset's seat winds, 0 = East) a wind letter names.
fn seat(s: &str, winds: &[Wind], path: &str) -> Result<usize, InputError> {
    match Wind::from_letter(s).and_then(|w| winds.iter().position(|&x| x == w)) {
        Some(i) => Ok(i),
        None => Err(InputError::new(
            path,
            format!(
                "unknown seat {s:?} (expected one of {})",
                seat_names(winds).join(", ")
            ),
        )),
    }
}

fn seat_names(winds: &[Wind]) -> Vec<String> {
    winds.iter().map(|w| w.letter().to_string()).collect()
}

impl Table {
    /// A table of `seats` players holding `hands` (by seat position), nobody out: no
    /// cannon, nothing counted as seen, no winning set named, no consecutive wins or drawn
    /// hands before it, no dora indicator, no riichi pot. Callers set what else they know.
    #[inline]
    pub fn new(seats: usize, prevailing: Wind, hands: [SeatHand; 4]) -> Table {
        Table {
            seats,
            prevailing,
            east_consecutive_wins: 0,
            winner: None,
            win: None,
            cannon: None,
            hands,
            visible: [0; KINDS],
            winning_set: None,
            goulash: 0,
            dora_indicator: None,
            dora_indicators: [0; KINDS],
            ura_indicators: [0; KINDS],
            riichi_pot: 0,
            honba: 0,
            knitted: None,
        }
    }

    /// As [`Table::new`], with `winner` (a seat position) gone out with `win`.
    #[inline]
    pub fn won(
        seats: usize,
        prevailing: Wind,
        hands: [SeatHand; 4],
        winner: usize,
        win: Win,
    ) -> Table {
        Table {
            winner: Some(winner),
            win: Some(win),
            ..Table::new(seats, prevailing, hands)
        }
    }

    /// Checks a table against a ruleset: seats, tiles of the set and their counts, set
    /// shapes, the win. Whether a winner's hand is a legal Mah-Jongg is checked by the scorer.
    ///
    /// Jokers (`JK`, only where the tile set has them; MY3-J, MY3-X1, X2) count against the
    /// set's copies wherever they are (hand, sets, bonus, all seats together). In a declared
    /// set a joker is written where the tile it stands for would be; the set's kind and tile
    /// are read from its natural tiles. Every set holds a natural tile, a pung at most 2
    /// jokers, a chow at most 1, a kong none; a pair holds jokers only where the family
    /// allows it ([`TableReading::jokers_in_pair`]), and a pair of two jokers is read as a
    /// pair of the tile set's first playing kind, a placeholder for the scorer to choose. A
    /// chow's joker fills the gap between its naturals (`3D JK 5D`, in any order); beside two
    /// consecutive naturals it stands where it is written: first, the run's lowest tile
    /// (`JK 3D 4D` is 2-3-4), last, its highest (`3D 4D JK` is 3-4-5); when only one of the
    /// two runs exists, that one (`JK 8D 9D` is 7-8-9); written between them it is refused.
    pub fn validate(input: &TableInput, ruleset: &Ruleset) -> Result<Table, InputError> {
        Table::validate_in(
            input,
            ruleset.seat_winds(),
            &ruleset.tile_set(),
            ruleset.table_reading(),
            Some(ruleset),
        )
    }

    /// As [`Table::validate`], for a family's seat winds and tile set given directly (a
    /// family used without the registry, as in `docs/architecture.md`), read the classical
    /// way ([`TableReading::CLASSICAL`]).
    pub fn validate_with(
        input: &TableInput,
        winds: &[Wind],
        set: &TileSet,
    ) -> Result<Table, InputError> {
        Table::validate_reading(input, winds, set, TableReading::CLASSICAL)
    }

    /// As [`Table::validate_with`], with the family's [`TableReading`].
    pub fn validate_reading(
        input: &TableInput,
        winds: &[Wind],
        set: &TileSet,
        reading: TableReading,
    ) -> Result<Table, InputError> {
        Table::validate_in(input, winds, set, reading, None)
    }

    /// As [`Table::validate_reading`]; `ruleset`, when known, names the tile set in the
    /// errors (`JK is not a tile of the korean-3p set`) and the option that left a tile out.
    fn validate_in(
        input: &TableInput,
        winds: &[Wind],
        set: &TileSet,
        reading: TableReading,
        ruleset: Option<&Ruleset>,
    ) -> Result<Table, InputError> {
        let n = winds.len();
        let shape = Shape::of(set);
        let prevailing = winds[seat(&input.prevailing_wind, winds, "prevailing_wind")?];
        // These counts feed payments (K3-M2, J3-S10): bounded so that, with the options'
        // bounds, no settlement leaves i64 or the ±1e9 of docs/api.md.
        for ((name, max), value) in BOUNDED.into_iter().zip([
            u64::from(input.goulash),
            u64::from(input.honba),
            input.riichi_pot,
        ]) {
            if value > max {
                return Err(InputError::new(name, format!("must be at most {max}")));
            }
        }

        // Each listed seat's index, once (in the input's key order).
        let mut seated: Seated = [None; 4];
        for (j, (key, s)) in input.seats.iter().enumerate() {
            let i = seat(key, winds, &format!("seats.{key}"))?;
            // At most four keys name distinct seats, so a fifth has failed above.
            seated[j] = Some((i, key.as_str(), s));
        }
        for name in seat_names(winds) {
            if !input.seats.contains_key(&name) {
                return Err(InputError::new(
                    format!("seats.{name}"),
                    "missing seat (every seat must be listed)",
                ));
            }
        }

        let mut hands = [SeatHand::EMPTY; 4];
        // Copies of each tile seen so far in hands, to report the place of a 5th copy.
        let mut seen = [0u8; Tile::COUNT];
        let count = |t: Tile, path: Loc, seen: &mut [u8; Tile::COUNT]| {
            seen[t.index()] += 1;
            let allowed = set.copies(t);
            if allowed == 0 {
                return Err(InputError::new(
                    path.to_string(),
                    not_in_set(t, set, ruleset),
                ));
            }
            if seen[t.index()] > allowed {
                return Err(InputError::new(
                    path.to_string(),
                    format!("{} copies of {t}", seen[t.index()]),
                ));
            }
            Ok(())
        };

        let dora_indicator = match input.dora_indicator {
            Some(t) if !set.contains(t) => {
                return Err(InputError::new(
                    "dora_indicator",
                    not_in_set(t, set, ruleset),
                ))
            }
            Some(t) => {
                seen[t.index()] += 1;
                Some(t)
            }
            None => None,
        };
        let dora_indicators = indicators(&input.dora_indicators, "dora_indicators", set, ruleset)?;
        let ura_indicators = indicators(&input.ura_indicators, "ura_indicators", set, ruleset)?;

        let mut sizes = [0usize; 4];
        // The exposed knitted set: its seat, place and tiles.
        let mut knitted: Option<(usize, Loc, KnittedSet, Option<Tile>)> = None;
        for &(i, key, s) in seated.iter().flatten() {
            let hand = &mut hands[i];
            if s.sets.len() > MAX_DECLARED {
                return Err(InputError::new(
                    format!("seats.{key}.sets"),
                    format!("{} sets; at most {MAX_DECLARED}", s.sets.len()),
                ));
            }
            for (j, si) in s.sets.iter().enumerate() {
                let path = Loc {
                    key,
                    field: "sets",
                    index: j,
                };
                for t in &si.tiles {
                    count(*t, path, &mut seen)?;
                    hand.red_fives += t.is_red() as u8;
                }
                if si.kind == SetKindInput::Knitted {
                    let k = validate_knitted(si, path, reading, &s.sets, knitted.is_some())?;
                    for t in &si.tiles {
                        hand.concealed[t.kind().expect("a suit tile")] += 1;
                    }
                    knitted = Some((i, path, k, si.claimed));
                    continue;
                }
                let (m, jokers) = validate_set(si, &shape, path, reading)?;
                hand.declare_with_jokers(m, jokers);
                if let Some(sup) = &si.supplier {
                    let p = format!("{path}.supplier");
                    if m.kind != MeldKind::Kong(KongKind::Claimed) {
                        return Err(InputError::new(
                            p,
                            "only a claimed kong (kong: claimed) names a supplier",
                        ));
                    }
                    let who = seat(sup, winds, &p)?;
                    if who == i {
                        return Err(InputError::new(
                            p,
                            "a seat cannot supply its own kong: name the discarder",
                        ));
                    }
                    hand.set_supplier(j, who);
                }
            }
            for (j, t) in s.concealed.iter().enumerate() {
                let path = Loc {
                    key,
                    field: "concealed",
                    index: j,
                };
                count(*t, path, &mut seen)?;
                hand.red_fives += t.is_red() as u8;
                match t.kind() {
                    Some(k) => hand.concealed[k] += 1,
                    // Only in a tile set with jokers: `count` refuses it elsewhere.
                    None if t.is_joker() => hand.jokers += 1,
                    None => {
                        return Err(InputError::new(
                            path.to_string(),
                            format!("{t} is a bonus tile: list it under bonus"),
                        ))
                    }
                }
            }
            for (j, t) in s.bonus.iter().enumerate() {
                let path = Loc {
                    key,
                    field: "bonus",
                    index: j,
                };
                count(*t, path, &mut seen)?;
                if hand.add_bonus(*t) {
                    continue;
                }
                match t.kind() {
                    Some(k) if reading.set_aside.contains(k) => hand.set_aside += 1,
                    _ if reading.set_aside.is_empty() => {
                        return Err(InputError::new(
                            path.to_string(),
                            format!("{t} is not a flower or season"),
                        ))
                    }
                    _ => {
                        let kinds: Vec<String> = reading
                            .set_aside
                            .iter()
                            .map(|k| Tile::from_kind(k).code().to_string())
                            .collect();
                        return Err(InputError::new(
                            path.to_string(),
                            format!(
                                "{t} is not a flower, a season or a tile set aside ({})",
                                kinds.join(", ")
                            ),
                        ));
                    }
                }
            }
            for (j, &g) in s.opening_bonus_groups.iter().enumerate() {
                let held = g.held(hand);
                if held != 0b1111 {
                    let tiles: Vec<&str> = (1..=4).map(|n| g.tile(n).code()).collect();
                    return Err(InputError::new(
                        format!("seats.{key}.opening_bonus_groups[{j}]"),
                        format!(
                            "{}: the seat's bonus does not hold all four ({})",
                            g.name(),
                            tiles.join(" ")
                        ),
                    ));
                }
                hand.opening_groups |= g.bit();
            }
            hand.ready = s.ready;
            hand.riichi = s.riichi;
            let size = hand.size();
            if size > 14 && !reading.long_hands {
                return Err(InputError::new(
                    format!("seats.{key}"),
                    format!("{size} tiles (kongs counted as 3): more than a hand can hold"),
                ));
            }
            if size > MAX_LONG_HAND {
                return Err(InputError::new(
                    format!("seats.{key}"),
                    format!(
                        "{size} tiles (kongs counted as 3): more than a Long Hand is read \
                         with (at most {MAX_LONG_HAND})"
                    ),
                ));
            }
            sizes[i] = size;
        }

        // Discards, in order.
        let mut discarded = [0u8; KINDS];
        let mut by_seat = [0u8; Tile::COUNT];
        let mut order = [(0u8, 0u8); MAX_DISCARDS];
        let mut n_order = 0;
        for (j, d) in input.discards.iter().enumerate() {
            let path = format!("discards[{j}]");
            let (s, t) = d.split_once(':').ok_or_else(|| {
                InputError::new(&path, format!("{d:?}: expected SEAT:TILE, e.g. \"E:5D\""))
            })?;
            let who = seat(s, winds, &path)?;
            let t: Tile = t
                .parse()
                .map_err(|e| InputError::new(&path, format!("{e}")))?;
            if t.is_joker() && set.contains(t) {
                // A discarded joker (MY3-J7): no kind; claims never take it.
                by_seat[t.index()] += 1;
                if by_seat[t.index()] > set.copies(t) {
                    return Err(InputError::new(
                        &path,
                        format!("{} copies of {t} discarded", by_seat[t.index()]),
                    ));
                }
                if n_order < MAX_DISCARDS {
                    order[n_order] = (who as u8, NO_KIND);
                    n_order += 1;
                }
                continue;
            }
            let Some(k) = t.kind().filter(|_| set.contains(t)) else {
                return Err(InputError::new(&path, format!("{t} cannot be discarded")));
            };
            by_seat[t.index()] += 1;
            if by_seat[t.index()] > set.copies(t) {
                return Err(InputError::new(
                    &path,
                    format!("{} copies of {t} discarded", by_seat[t.index()]),
                ));
            }
            discarded[k] += 1;
            hands[who].discarded.insert(k);
            if n_order < MAX_DISCARDS {
                order[n_order] = (who as u8, k as u8);
                n_order += 1;
            }
        }
        let order = &order[..n_order];

        let winner = match &input.winner {
            None => {
                return Err(InputError::new(
                    "winner",
                    "missing field (a seat, or null for a washout)",
                ))
            }
            Some(None) => None,
            Some(Some(w)) => Some(seat(w, winds, "winner")?),
        };
        for (i, &size) in sizes.iter().enumerate().take(n) {
            if size > 13 && winner != Some(i) && !reading.long_hands {
                return Err(InputError::new(
                    format!("seats.{}", winds[i].letter()),
                    format!("{size} tiles (kongs counted as 3): a loser holds at most 13"),
                ));
            }
        }
        let win = match (winner, &input.win) {
            (None, _) => None,
            (Some(_), None) => {
                return Err(InputError::new("win", "missing: the hand has a winner"))
            }
            (Some(w), Some(wi)) => Some(validate_win(wi, w, winds, set, reading.earth)?),
        };
        if let Some((seat, path, k, claimed)) = knitted {
            check_knitted(seat, path, k, claimed, winner, win.as_ref())?;
        }
        if let (Some(w), Some(win)) = (winner, &win) {
            check_win_place(&hands[w], win)?;
            check_first_turn(win, w, order, reading.earth)?;
        }
        let cannon = match &input.cannon {
            None => None,
            Some(c) => {
                let c = seat(c, winds, "cannon")?;
                if winner.is_none() {
                    return Err(InputError::new("cannon", "a washout has no cannon"));
                }
                if Some(c) == winner {
                    return Err(InputError::new("cannon", "the winner cannot be liable"));
                }
                Some(c)
            }
        };

        let winning_set = winning_set(&seated, &hands, winner, win.as_ref())?;
        let visible = table_tiles(
            &seated,
            n,
            &hands,
            order,
            &discarded,
            &shape,
            winner.zip(winning_set),
            win.as_ref(),
        )?;

        Ok(Table {
            seats: n,
            prevailing,
            east_consecutive_wins: input.east_consecutive_wins,
            goulash: input.goulash,
            dora_indicator,
            dora_indicators,
            ura_indicators,
            riichi_pot: input.riichi_pot,
            honba: input.honba,
            knitted: knitted.map(|(_, _, k, _)| k),
            winner,
            win,
            cannon,
            hands,
            visible,
            winning_set,
        })
    }
}

/// The listed seats: each one's index (0 = East), key and tiles, in the input's key order.
type Seated<'a> = [Option<(usize, &'a str, &'a SeatInput)>; 4];

/// Most discards a table can list: every tile of the largest set.
const MAX_DISCARDS: usize = 144;

/// The kind of a discarded joker in the order of discards: none, so no set claims it.
const NO_KIND: u8 = u8::MAX;

/// The winner's set that the winning tile completed (M115c rule 4): the one marked
/// `winning`, else, for a claimed win, the last exposed set (not a kong) holding the
/// winning tile; `None` when the winning tile is among the loose tiles.
fn winning_set(
    seated: &Seated,
    hands: &[SeatHand; 4],
    winner: Option<usize>,
    win: Option<&Win>,
) -> Result<Option<u8>, InputError> {
    let mut marked = None;
    for &(i, key, s) in seated.iter().flatten() {
        for (j, si) in s.sets.iter().enumerate() {
            // A knitted set is the winning set by definition, and no declared set.
            if !si.winning || si.kind == SetKindInput::Knitted {
                continue;
            }
            let path = format!("seats.{key}.sets[{j}].winning");
            let m = hands[i].declared()[j];
            let Some(win) = win.filter(|_| winner == Some(i)) else {
                return Err(InputError::new(
                    path,
                    "only a set of the winner can be winning",
                ));
            };
            if win.self_drawn() {
                return Err(InputError::new(
                    path,
                    "a drawn winning tile joins the loose tiles: the scorer arranges them, so \
                     no set is marked winning",
                ));
            }
            if !m.exposed || m.is_kong() {
                return Err(InputError::new(
                    path,
                    "the set a claimed winning tile completes is exposed and not a kong",
                ));
            }
            if !m.contains(win.kind) {
                return Err(InputError::new(
                    path,
                    format!("the set does not hold the winning tile {}", win.tile),
                ));
            }
            if marked.is_some() {
                return Err(InputError::new(path, "only one set can be winning"));
            }
            marked = Some(j as u8);
        }
    }
    if marked.is_some() {
        return Ok(marked);
    }
    let (Some(w), Some(win)) = (winner, win) else {
        return Ok(None);
    };
    if win.self_drawn() {
        return Ok(None);
    }
    // A set whose `claimed` tile is another tile was made earlier, with another discard.
    let inputs = seated
        .iter()
        .flatten()
        .find(|(i, _, _)| *i == w)
        .map(|(_, _, s)| *s);
    let claimed_other = |j: usize| {
        inputs
            .and_then(|s| s.sets.get(j))
            .and_then(|si| si.claimed)
            .is_some_and(|t| t.kind() != Some(win.kind))
    };
    Ok(hands[w]
        .declared()
        .iter()
        .enumerate()
        .rposition(|(j, m)| m.exposed && !m.is_kong() && m.contains(win.kind) && !claimed_other(j))
        .map(|j| j as u8))
}

/// What was seen on the table before the winning tile ([`Table::visible`], M115c rule 2):
/// every discard, and the tiles of every exposed set and kong except the winner's winning
/// set, less the discards those sets and the win took. Each claimed set took one discard:
/// its `claimed` tile, its kind for a pung or kong, and for a chow the tile inferred from
/// the order of discards (rule 5); a win on a discard took the winning tile.
#[allow(clippy::too_many_arguments)]
fn table_tiles(
    seated: &Seated,
    n: usize,
    hands: &[SeatHand; 4],
    order: &[(u8, u8)],
    discarded: &Counts,
    shape: &Shape,
    winning: Option<(usize, u8)>,
    win: Option<&Win>,
) -> Result<Counts, InputError> {
    let mut on_table = *discarded; // discards not taken into a set or by the win
    if let Some(w) = win.filter(|w| w.from == WinFrom::Discard) {
        on_table[w.kind] = on_table[w.kind].saturating_sub(1);
    }
    let mut sets = [0u8; KINDS];
    for &(i, key, s) in seated.iter().flatten() {
        // Chows are matched to claim events in order (rule 5).
        let mut next_event = 0;
        // A knitted set is no declared set: its tiles are the winner's loose tiles.
        let declared = s.sets.iter().filter(|si| si.kind != SetKindInput::Knitted);
        for (j, (si, m)) in declared.zip(hands[i].declared()).enumerate() {
            let path = || format!("seats.{key}.sets[{j}].claimed");
            let is_winning = winning == Some((i, j as u8));
            let claimed = m.exposed && m.kind != MeldKind::Kong(KongKind::Concealed);
            if !claimed {
                if si.claimed.is_some() {
                    return Err(InputError::new(
                        path(),
                        "a concealed set has no claimed tile",
                    ));
                }
                if m.is_kong() {
                    m.add_to(&mut sets);
                }
                continue;
            }
            let claimed_tile = match si.claimed {
                Some(t) => {
                    let k = t.kind().filter(|&k| m.contains(k)).ok_or_else(|| {
                        InputError::new(path(), format!("{t} is not a tile of the set"))
                    })?;
                    if let Some(win) = win.filter(|w| is_winning && k != w.kind) {
                        return Err(InputError::new(
                            path(),
                            format!(
                                "the winning set's claimed tile is the winning tile {}",
                                win.tile
                            ),
                        ));
                    }
                    k
                }
                None if m.kind == MeldKind::Chow && !is_winning => {
                    let before = (i + n - 1) % n;
                    let hit = (next_event..order.len().saturating_sub(1)).find(|&e| {
                        order[e].0 as usize == before
                            && order[e + 1].0 as usize == i
                            && m.contains(order[e].1 as usize)
                    });
                    match hit {
                        Some(e) => {
                            next_event = e + 1;
                            order[e].1 as usize
                        }
                        None => m.tile as usize,
                    }
                }
                None => m.tile as usize,
            };
            if is_winning {
                // Its other tiles were loose; its claimed tile is the winning discard.
                continue;
            }
            m.add_to(&mut sets);
            on_table[claimed_tile] = on_table[claimed_tile].saturating_sub(1);
        }
    }
    let mut visible = [0u8; KINDS];
    for k in 0..KINDS {
        visible[k] = (sets[k] + on_table[k]).min(shape.copies[k]);
    }
    Ok(visible)
}

/// Counts each indicator of `list` (field `field`), each a playing tile of the set.
fn indicators(
    list: &[Tile],
    field: &str,
    set: &TileSet,
    ruleset: Option<&Ruleset>,
) -> Result<Counts, InputError> {
    let mut c = [0u8; KINDS];
    for (i, t) in list.iter().enumerate() {
        match t.kind().filter(|_| set.contains(*t)) {
            Some(k) if c[k] < 4 => c[k] += 1,
            Some(_) => {
                return Err(InputError::new(
                    format!("{field}[{i}]"),
                    format!("{t} listed more than 4 times"),
                ))
            }
            None if !set.contains(*t) => {
                return Err(InputError::new(
                    format!("{field}[{i}]"),
                    not_in_set(*t, set, ruleset),
                ))
            }
            None => {
                return Err(InputError::new(
                    format!("{field}[{i}]"),
                    format!("{t} is not a playing tile: an indicator is a suit or honour tile"),
                ))
            }
        }
    }
    Ok(c)
}

/// Why tile `t` is not in play, in the table's words: the set named by its ruleset (without
/// one, by its size), the kind of tile the set has none of, and the option that left `t`
/// out of the ruleset's preset (`2F is not a tile of the millington set: it has no flowers
/// (option flowers = false)`).
fn not_in_set(t: Tile, set: &TileSet, ruleset: Option<&Ruleset>) -> String {
    let name = match ruleset {
        Some(r) if r.name.contains(char::is_whitespace) => format!("{:?}", r.name),
        Some(r) => r.name.clone(),
        None => format!("{}-tile", set.len()),
    };
    let group = tile_group(t);
    let none_of_group = (0..Tile::COUNT)
        .filter_map(Tile::from_index)
        .all(|u| tile_group(u) != group || !set.contains(u));
    let why = match (
        none_of_group,
        ruleset.and_then(|r| option_leaving_out(t, r)),
    ) {
        (true, Some(o)) => format!(": it has no {group} ({o})"),
        (true, None) => format!(": it has no {group}"),
        (false, Some(o)) => format!(": left out by {o}"),
        (false, None) => String::new(),
    };
    format!("{t} is not a tile of the {name} set{why}")
}

/// The kind of tile `t` is, as a plural for [`not_in_set`] (`flowers`, `bamboos`).
fn tile_group(t: Tile) -> &'static str {
    if t.is_joker() {
        "jokers"
    } else if t.is_flower() {
        "flowers"
    } else if t.is_season() {
        "seasons"
    } else if t.is_animal() {
        "animals"
    } else if t.is_face() {
        "faces"
    } else if t.is_red() {
        "red fives"
    } else if let Some(s) = t.suit() {
        match s {
            Suit::Bamboo => "bamboos",
            Suit::Characters => "characters",
            Suit::Circles => "circles",
        }
    } else if t.wind().is_some() {
        "winds"
    } else {
        "dragons"
    }
}

/// The option of `ruleset`, changed from the preset it starts from, whose preset value
/// would put `t` back in the tile set: `option flowers = false`. Only for an error.
fn option_leaving_out(t: Tile, ruleset: &Ruleset) -> Option<String> {
    let (base, changed) = ruleset.table_form();
    let base = serde_json::to_value(&Ruleset::preset(&base).ok()?.options).ok()?;
    changed.iter().find_map(|(name, value)| {
        let mut back = ruleset.clone();
        let mut one = Map::new();
        one.insert(name.clone(), base["options"].get(name)?.clone());
        back.apply(&one).ok()?;
        back.tile_set()
            .contains(t)
            .then(|| format!("option {name} = {value}"))
    })
}

/// A win on the first turn cannot follow discards it would have come after: Heaven's
/// Blessing (Tenhou) before any; a first-draw win (Chiihou) before the winner's own; Earth's
/// Blessing on East's first discard, which is all `discards` may list then. `order`: the
/// table's discards as (seat, kind).
fn check_first_turn(
    win: &Win,
    winner: usize,
    order: &[(u8, u8)],
    earth: Earth,
) -> Result<(), InputError> {
    if win.heaven && !order.is_empty() {
        return Err(InputError::new(
            "win.heaven",
            format!(
                "Heaven's Blessing is East's dealt hand, before any discard, but `discards` \
                 lists {}",
                order.len()
            ),
        ));
    }
    if !win.earth {
        return Ok(());
    }
    let bad = match earth {
        Earth::FirstDraw => order.iter().any(|&(who, _)| who as usize == winner),
        Earth::EastsFirstDiscard => order.len() > 1 || order.iter().any(|&(who, _)| who != 0),
        Earth::FirstGoAround => false,
    };
    if bad {
        return Err(InputError::new(
            "win.earth",
            match earth {
                Earth::FirstDraw => {
                    "a first-draw win comes before the winner's first discard, but `discards` \
                     lists one of his"
                }
                _ => {
                    "Earth's Blessing is won on East's first discard: `discards` may list only that"
                }
            },
        ));
    }
    Ok(())
}

fn validate_win(
    wi: &WinInput,
    winner: usize,
    winds: &[Wind],
    set: &TileSet,
    earth: Earth,
) -> Result<Win, InputError> {
    let kind = match wi.tile.kind() {
        Some(k) if set.contains(wi.tile) => k,
        // MY3-X2: a drawn joker is written `JK` where it stands, the winning tile too.
        None if wi.tile.is_joker() && set.contains(wi.tile) => joker_win_kind(wi)?,
        _ => {
            return Err(InputError::new(
                "win.tile",
                format!("{} cannot be a winning tile", wi.tile),
            ))
        }
    };
    let supplier = match (&wi.supplier, wi.from) {
        (Some(s), WinFrom::Discard | WinFrom::RobbedKong) => {
            let s = seat(s, winds, "win.supplier")?;
            if s == winner {
                return Err(InputError::new(
                    "win.supplier",
                    "the winner cannot supply his own winning tile",
                ));
            }
            Some(s)
        }
        (None, WinFrom::Discard | WinFrom::RobbedKong) => {
            return Err(InputError::new(
                "win.supplier",
                "missing: who discarded or whose kong was robbed",
            ))
        }
        (Some(_), _) => {
            return Err(InputError::new(
                "win.supplier",
                "only a discard or a robbed kong has a supplier",
            ))
        }
        (None, _) => None,
    };
    if wi.heaven && (winner != 0 || !matches!(wi.from, WinFrom::Wall | WinFrom::Loose)) {
        return Err(InputError::new(
            "win.heaven",
            "Heaven's Blessing is East's own dealt hand",
        ));
    }
    match earth {
        Earth::EastsFirstDiscard
            if wi.earth && (winner == 0 || wi.from != WinFrom::Discard || supplier != Some(0)) =>
        {
            return Err(InputError::new(
                "win.earth",
                "Earth's Blessing is won by S, W or N on East's first discard",
            ));
        }
        Earth::FirstDraw if wi.earth && (winner == 0 || !wi.drawn()) => {
            return Err(InputError::new(
                "win.earth",
                "a first-draw win (Chiihou) is a non-dealer's own draw (from: wall or loose)",
            ));
        }
        Earth::FirstGoAround if wi.earth && winner == 0 => {
            return Err(InputError::new(
                "win.earth",
                "the earthly hand is a non-dealer's win in the first go-around",
            ));
        }
        _ => {}
    }
    if wi.kong_upon_kong && wi.from != WinFrom::Loose {
        return Err(InputError::new(
            "win.kong_upon_kong",
            "Kong upon Kong is won with a loose tile (from: loose)",
        ));
    }
    if wi.last_tile && !matches!(wi.from, WinFrom::Wall | WinFrom::Discard) {
        return Err(InputError::new(
            "win.last_tile",
            "the last tile is drawn from the wall or is the discard after it",
        ));
    }
    Ok(Win {
        tile: wi.tile,
        kind,
        from: wi.from,
        supplier,
        last_tile: wi.last_tile,
        original_call: wi.original_call,
        kong_upon_kong: wi.kong_upon_kong,
        heaven: wi.heaven,
        earth: wi.earth,
        ippatsu: wi.ippatsu,
    })
}

/// [`Win::kind`] of a winning joker, which only a drawn one may be (MY3-X2, MY3-J7).
#[cold]
#[inline(never)]
fn joker_win_kind(wi: &WinInput) -> Result<usize, InputError> {
    if wi.drawn() {
        Ok(JOKER_WIN_KIND)
    } else {
        Err(InputError::new(
            "win.tile",
            "a joker wins as JK only when drawn (from: wall or loose); a discarded joker \
             claimed to win (MY3-J7, option claim_discarded_joker) is written as the tile it \
             stands for, and a kong holds none (MY3-J3)",
        ))
    }
}

impl WinInput {
    fn drawn(&self) -> bool {
        matches!(self.from, WinFrom::Wall | WinFrom::Loose)
    }
}

/// The winning tile is the last to come into the hand: drawn from the wall or the dead
/// wall, it is among the concealed tiles (or in a set the player lists as concealed); claimed
/// from a discard or robbed from a kong, it may also be in the set exposed with it. No kong
/// is completed by the winning tile. (A tile not in the hand at all is left to the scorer,
/// which says so.)
fn check_win_place(hand: &SeatHand, win: &Win) -> Result<(), InputError> {
    if win.tile.is_joker() {
        return joker_win_place(hand);
    }
    if hand.concealed[win.kind] > 0 {
        return Ok(());
    }
    let mut found = false;
    for m in hand.declared() {
        let mut c = [0u8; KINDS];
        m.add_to(&mut c);
        if c[win.kind] == 0 {
            continue;
        }
        found = true;
        let kong = matches!(m.kind, MeldKind::Kong(_));
        if !kong && (!m.exposed || !win.self_drawn()) {
            return Ok(());
        }
    }
    if !found {
        return Ok(());
    }
    let msg = match win.from {
        WinFrom::Wall | WinFrom::Loose => format!(
            "{} is drawn {} but is only in an exposed set or a kong: a drawn winning tile \
             is among the concealed tiles",
            win.tile,
            if win.from == WinFrom::Wall {
                "from the wall"
            } else {
                "as a loose tile"
            }
        ),
        WinFrom::Discard | WinFrom::RobbedKong => format!(
            "{} is only in a kong, which no winning tile completes: list it under concealed \
             or in the set it completed",
            win.tile
        ),
    };
    Err(InputError::new("win.tile", msg))
}

/// [`check_win_place`] for a winning joker: among the concealed tiles.
#[cold]
#[inline(never)]
fn joker_win_place(hand: &SeatHand) -> Result<(), InputError> {
    if hand.jokers > 0 {
        Ok(())
    } else {
        Err(InputError::new(
            "win.tile",
            "JK is the winning tile, drawn: list it among the winner's concealed tiles",
        ))
    }
}

/// A knitted set (`kind: knitted`) read alone: allowed by the reading, the seat's only
/// set and the table's first, exposed, 2 or 3 tiles of one value in different suits. That
/// it is the winner's, completed by his winning discard, [`check_knitted`] checks.
fn validate_knitted(
    s: &SetInput,
    loc: Loc,
    reading: TableReading,
    seat_sets: &[SetInput],
    another: bool,
) -> Result<KnittedSet, InputError> {
    let err = |msg: &str| Err(InputError::new(loc.to_string(), msg));
    if !reading.knitted {
        return err(
            "a knitted set is only in a ruleset with knitting hands (Kajongg's BMJA, option \
             knitting; KJ-L18, KJ-L19)",
        );
    }
    let knitted = seat_sets
        .iter()
        .filter(|s| s.kind == SetKindInput::Knitted)
        .count();
    if another || knitted > 1 {
        return err(
            "at most one knitted set: the one the winning discard completed (KJ-L18, KJ-L19)",
        );
    }
    if seat_sets.len() > 1 {
        return err(
            "a knitted set is the seat's only set: a knitting hand exposes nothing else and \
             its other tiles are concealed (KJ-L18, KJ-L19)",
        );
    }
    if s.exposed == Some(false) {
        return err("a knitted set is exposed: write a concealed one as concealed tiles");
    }
    if s.kong.is_some() {
        return err("kong is only for kongs");
    }
    if s.supplier.is_some() {
        return Err(InputError::new(
            format!("{loc}.supplier"),
            "only a claimed kong (kong: claimed) names a supplier",
        ));
    }
    if s.tiles.is_empty() {
        return err("a knitted set needs 2 or 3 tiles; none given");
    }
    let mut value = None;
    let mut suits = 0u8;
    let mut ok = (2..=3).contains(&s.tiles.len());
    for t in &s.tiles {
        match t.kind().filter(|&k| k < 27) {
            Some(k) if value.is_none_or(|v| v == k % 9) && suits >> (k / 9) & 1 == 0 => {
                value = Some(k % 9);
                suits |= 1 << (k / 9);
            }
            _ => ok = false,
        }
    }
    if !ok {
        let codes: Vec<&str> = s.tiles.iter().map(|t| t.code()).collect();
        return Err(InputError::new(
            loc.to_string(),
            format!(
                "{} is not a knitted set: 2 or 3 tiles of one value in different suits \
                 (3B 3C, 3B 3C 3D)",
                codes.join(" ")
            ),
        ));
    }
    let k = KnittedSet {
        value: value.expect("two tiles") as u8,
        suits,
    };
    if let Some(t) = s
        .claimed
        .filter(|t| t.kind().is_none_or(|c| !k.contains(c)))
    {
        return Err(InputError::new(
            format!("{loc}.claimed"),
            format!("{t} is not a tile of the set"),
        ));
    }
    Ok(k)
}

/// A knitted set is the winner's, exposed by the discard (or robbed kong) he won on, so it
/// holds the winning tile, which is its claimed tile (Kajongg: a knitting hand exposes at
/// most the set its claimed winning tile completed; a self-drawn one exposes none).
fn check_knitted(
    seat: usize,
    loc: Loc,
    k: KnittedSet,
    claimed: Option<Tile>,
    winner: Option<usize>,
    win: Option<&Win>,
) -> Result<(), InputError> {
    let err = |msg: String| Err(InputError::new(loc.to_string(), msg));
    let Some(win) = win.filter(|_| winner == Some(seat)) else {
        return err(
            "only the winner has a knitted set: the one his winning discard completed".into(),
        );
    };
    if win.self_drawn() {
        return err(
            "a self-drawn win exposes no knitted set: list its tiles under concealed \
             (KJ-L18, KJ-L19)"
                .into(),
        );
    }
    if !k.contains(win.kind) {
        return err(format!(
            "the knitted set does not hold the winning tile {}: only the set the winning \
             discard completed is exposed",
            win.tile
        ));
    }
    if let Some(t) = claimed.filter(|t| t.kind() != Some(win.kind)) {
        return Err(InputError::new(
            format!("{loc}.claimed"),
            format!(
                "{t}: the knitted set's claimed tile is the winning tile {}",
                win.tile
            ),
        ));
    }
    Ok(())
}

/// A declared set as a [`Meld`], with the jokers (`JK`) it holds: read as
/// [`Table::validate`] says.
fn validate_set(
    s: &SetInput,
    shape: &Shape,
    loc: Loc,
    reading: TableReading,
) -> Result<(Meld, u8), InputError> {
    let err = |msg: String| InputError::new(loc.to_string(), msg);
    let codes = || {
        s.tiles
            .iter()
            .map(|t| t.code())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut kinds = [0usize; 4];
    if s.tiles.is_empty() {
        let needs = match s.kind {
            SetKindInput::Chow => "a chow needs 3 tiles",
            SetKindInput::Pung => "a pung needs 3 tiles",
            SetKindInput::Kong => "a kong needs 4 tiles",
            SetKindInput::Pair => "a pair needs 2 tiles",
            SetKindInput::Knitted => "a knitted set needs 2 or 3 tiles",
        };
        return Err(err(format!("{needs}; none given")));
    }
    if s.tiles.len() > 4 {
        return Err(err(format!("{} tiles in one set", s.tiles.len())));
    }
    // The natural tiles' kinds, and the jokers and where the last one is written.
    let mut naturals = 0;
    let mut jokers = 0u8;
    let mut joker_at = 0;
    for (i, t) in s.tiles.iter().enumerate() {
        if t.is_joker() {
            jokers += 1;
            joker_at = i;
            continue;
        }
        kinds[naturals] = t
            .kind()
            .ok_or_else(|| err(format!("{t} is a bonus tile and cannot be in a set")))?;
        naturals += 1;
    }
    if jokers > 0 {
        check_jokers(s, jokers, naturals, reading).map_err(|m| err(format!("{}: {m}", codes())))?;
        if let Some(t) = s.claimed.filter(|t| t.is_joker() || !s.tiles.contains(t)) {
            return Err(InputError::new(
                format!("{loc}.claimed"),
                format!("{t} is not a natural tile of the set (a joker is never claimed)"),
            ));
        }
    }
    let len = s.tiles.len();
    let kinds = &mut kinds[..naturals];
    kinds.sort_unstable();
    let same = |len_wanted: usize| len == len_wanted && kinds.iter().all(|&k| k == kinds[0]);
    let (kind, exposed) = match s.kind {
        SetKindInput::Chow => {
            let start = match (&*kinds, jokers) {
                (&[a, b, c], 0) => (b == a + 1 && c == a + 2).then_some(a),
                (&[a, b], 1) => joker_chow(a, b, joker_at, shape)
                    .map_err(|m| err(format!("{}: {m}", codes())))?,
                _ => None,
            };
            match start.filter(|&a| shape.chow_starts_at(a)) {
                Some(a) => kinds[0] = a,
                None => return Err(err(format!("{} is not a chow", codes()))),
            }
            (MeldKind::Chow, required_exposed(s, loc)?)
        }
        SetKindInput::Pung if same(3) => (MeldKind::Pung, required_exposed(s, loc)?),
        SetKindInput::Pair if same(2) => (MeldKind::Pair, required_exposed(s, loc)?),
        SetKindInput::Kong if same(4) => {
            let how = match (s.kong, s.exposed) {
                (Some(k), _) => k,
                (None, Some(false)) => KongKind::Concealed,
                (None, Some(true)) => KongKind::Annexed,
                (None, None) => {
                    return Err(err(
                        "missing field kong (concealed, claimed or annexed)".into()
                    ))
                }
            };
            let exposed = how != KongKind::Concealed;
            if let Some(e) = s.exposed.filter(|&e| e != exposed) {
                let kong = serde_json::to_string(&how).expect("a kong kind serializes");
                return Err(err(format!(
                    "\"exposed\": {e} contradicts \"kong\": {kong} (a kong is exposed unless \
                     concealed)"
                )));
            }
            (MeldKind::Kong(how), exposed)
        }
        k => {
            return Err(err(format!(
                "{} is not a {}",
                codes(),
                format!("{k:?}").to_lowercase()
            )))
        }
    };
    if s.kind != SetKindInput::Kong && s.kong.is_some() {
        return Err(err("kong is only for kongs".into()));
    }
    // A pair of two jokers has no natural tile: a placeholder kind (see above).
    let tile = match kinds.first() {
        Some(&k) => k,
        None => shape.kinds.iter().next().unwrap_or(0),
    };
    Ok((Meld::new(kind, tile as u8, exposed), jokers))
}

/// Whether a set of `s.kind` may hold `jokers` jokers beside `naturals` natural tiles
/// (MY3-J2, J3, J4, X1); the reason when it may not.
fn check_jokers(
    s: &SetInput,
    jokers: u8,
    naturals: usize,
    reading: TableReading,
) -> Result<(), &'static str> {
    match s.kind {
        SetKindInput::Kong => Err("a kong holds no joker (MY3-J3)"),
        SetKindInput::Pair if !reading.jokers_in_pair => {
            Err("no joker in a pair under this ruleset (MY3-J4, option joker_in_pair)")
        }
        SetKindInput::Pair => Ok(()),
        _ if naturals == 0 => {
            Err("every set holds a natural tile; a pung at most 2 jokers (MY3-J2, MY3-X1)")
        }
        SetKindInput::Chow if jokers > 1 => Err("a chow holds at most 1 joker (MY3-J2)"),
        _ => Ok(()),
    }
}

/// The first kind of the chow that naturals `a` < `b` and a joker written at place
/// `joker_at` (0–2) make (see [`Table::validate`]); `None` when they make no chow.
fn joker_chow(
    a: usize,
    b: usize,
    joker_at: usize,
    shape: &Shape,
) -> Result<Option<usize>, &'static str> {
    if b == a + 2 {
        return Ok(Some(a));
    }
    if b != a + 1 {
        return Ok(None);
    }
    let below = a.checked_sub(1).filter(|&k| shape.chow_starts_at(k));
    let above = Some(a).filter(|&k| shape.chow_starts_at(k));
    match (below, above) {
        (Some(lo), Some(hi)) => match joker_at {
            0 => Ok(Some(lo)),
            2 => Ok(Some(hi)),
            _ => Err(
                "a joker between two consecutive tiles stands nowhere in the run: \
                      write it first for the lower run or last for the higher",
            ),
        },
        (one, other) => Ok(one.or(other)),
    }
}

fn required_exposed(s: &SetInput, loc: Loc) -> Result<bool, InputError> {
    s.exposed
        .ok_or_else(|| InputError::new(loc.to_string(), "missing field exposed"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_numbers_are_said_as_whole_numbers() {
        let plain = |msg: &str, number: Option<&str>| plain_serde_message(msg, number, None, true);
        let u32s = "a whole number from 0 to 4294967295 was expected";
        let cases = [
            (
                "invalid value: integer `-1`, expected u32",
                None,
                "-1 is out of range",
            ),
            (
                "invalid type: floating point `1e+23`, expected u32",
                Some("99999999999999999999999"),
                "99999999999999999999999 is out of range",
            ),
            // Without the number as written, serde's.
            (
                "invalid type: floating point `1e+23`, expected u32",
                None,
                "1e+23 is out of range",
            ),
            (
                "invalid type: floating point `1.5`, expected u32",
                None,
                "1.5 is not a whole number",
            ),
            (
                "invalid type: floating point `3.0`, expected u32",
                None,
                "3.0 is not written as a whole number",
            ),
            // 2^32 is the first float past u32.
            (
                "invalid type: floating point `4294967296.0`, expected u32",
                None,
                "4294967296.0 is out of range",
            ),
            (
                "invalid type: string \"3\", expected u32",
                None,
                "\"3\" is not a number",
            ),
            (
                "invalid type: boolean `true`, expected u32",
                None,
                "true is not a number",
            ),
            (
                "invalid type: null, expected u32",
                None,
                "null is not a number",
            ),
            (
                "invalid type: unit value, expected u32",
                None,
                "null is not a number",
            ),
            (
                "invalid type: sequence, expected u32",
                None,
                "an array is not a number",
            ),
            (
                "invalid type: map, expected u32",
                None,
                "an object is not a number",
            ),
        ];
        for (msg, number, why) in cases {
            assert_eq!(plain(msg, number), Some(format!("{why}: {u32s}")), "{msg}");
        }
        for (rust, range) in [
            ("u8", "0 to 255"),
            ("u16", "0 to 65535"),
            ("u64", "0 to 18446744073709551615"),
            ("usize", "0 to 18446744073709551615"),
            ("i8", "-128 to 127"),
            ("i32", "-2147483648 to 2147483647"),
            ("i64", "-9223372036854775808 to 9223372036854775807"),
        ] {
            assert_eq!(
                plain(
                    &format!("invalid value: integer `300`, expected {rust}"),
                    None
                ),
                Some(format!(
                    "300 is out of range: a whole number from {range} was expected"
                )),
            );
        }
        // 2^64 as a float is past u64, though u64::MAX as f64 rounds to it.
        assert_eq!(
            plain(
                "invalid type: floating point `1.8446744073709552e19`, expected u64",
                Some("18446744073709551616"),
            ),
            Some(
                "18446744073709551616 is out of range: a whole number from 0 to \
                 18446744073709551615 was expected"
                    .into()
            )
        );
        // A field's own bound.
        assert_eq!(
            plain_serde_message(
                "invalid value: integer `-1`, expected u32",
                None,
                Some(100),
                true
            ),
            Some("-1 is out of range: a whole number from 0 to 100 was expected".into())
        );
    }

    #[test]
    fn serde_collections_are_said_in_json_words() {
        let plain = |msg: &str| plain_serde_message(msg, None, None, true);
        let cases = [
            (
                "invalid type: string \"1D\", expected a sequence",
                "expected an array, found \"1D\"",
            ),
            (
                "invalid type: integer `5`, expected a sequence",
                "expected an array, found 5",
            ),
            (
                "invalid type: sequence, expected a map",
                "expected a JSON object, found an array",
            ),
            (
                "invalid type: integer `1`, expected a string",
                "expected a string, found 1",
            ),
            (
                "invalid type: floating point `1.5`, expected a boolean",
                "expected a boolean, found 1.5",
            ),
            (
                "invalid type: null, expected a boolean",
                "expected a boolean, found null",
            ),
        ];
        for (msg, plain_words) in cases {
            assert_eq!(plain(msg).as_deref(), Some(plain_words), "{msg}");
        }
        // Anything else is left as serde says it.
        for msg in [
            "unknown variant `yes`, expected one of `none`, `riichi`, `double`",
            "missing field `seats`",
            "invalid type: integer `1`, expected a tile code",
        ] {
            assert_eq!(plain(msg), None, "{msg}");
        }
    }

    #[test]
    fn the_number_is_found_where_serde_stopped() {
        let text = "{\n  \"a\": -12.5e3,\n  \"b\": \"x\"}";
        // serde_json's column: the byte after the value.
        assert_eq!(number_at(text, 2, 14), Some("-12.5e3"));
        assert_eq!(number_at(text, 2, 15), None);
        assert_eq!(number_at(text, 3, 10), None);
        assert_eq!(number_at(text, 9, 1), None);
        assert_eq!(number_at(text, 2, 99), None);
        assert_eq!(number_at("[1-]", 1, 3), None);
        // Byte columns; a character of several bytes before the number.
        assert_eq!(number_at("{\"é\":-7}", 1, 8), Some("-7"));
        assert_eq!(number_at("é7", 1, 1), None);
        assert_eq!(number_at("é", 1, 2), None);
    }

    proptest::proptest! {
        #[test]
        fn number_at_never_panics(text in "\\PC{0,40}", line in 0usize..4, column in 0usize..60) {
            if let Some(n) = number_at(&text, line, column) {
                proptest::prop_assert!(text.contains(n));
            }
        }
    }
}
