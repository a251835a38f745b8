//! Tiles, their codes and the tile sets of every rule family.
//!
//! A [`Tile`] is one byte. The first 34 values are the *playing kinds* (suits, winds,
//! dragons) that hand analysis works on as counts; bonus tiles, Malaysian extras, red fives
//! and the joker follow. Codes are those of `shared/rules/README.md`: `1B`–`9B`, `1C`–`9C`,
//! `1D`–`9D`, `EW SW WW NW`, `RD GD WD`, `1F`–`4F`, `1S`–`4S`; extensions for the
//! three-player sets are documented on [`Tile`].

mod set;
mod tile;

pub use set::{TileSet, TileSetId};
pub use tile::{parse_tiles, Dragon, ParseTileError, Suit, Tile, Wind, KINDS};
