//! Hand analysis on tile counts: sets, every arrangement of concealed tiles, waits and
//! shanten, for every tile set.
//!
//! Everything here works on [`Counts`], a fixed array of 34 counts (one per playing kind,
//! see [`mahjong_tiles::Tile`]), so the hot paths never allocate.

mod arrange;
mod counts;
mod jokers;
mod meld;
mod shanten;
mod shape;
mod table;
mod table_gen;
mod waits;

pub use arrange::{
    for_each_arrangement, is_regular_complete, is_seven_pairs, is_thirteen_orphans, Arrangement,
    Form,
};
pub use counts::{counts_of, Counts, KindMask};
pub use jokers::{
    for_each_joker_arrangement, is_complete_with_jokers, is_seven_pairs_with_jokers,
    seven_pairs_waits_with_jokers, shanten_with_jokers, waits_with_jokers, JokerArrangement,
    JokerRules, JokerSet,
};
pub use meld::{KongKind, Meld, MeldKind};
pub use shanten::{shanten, shanten_orphans, shanten_regular, shanten_seven_pairs};
pub use shape::Shape;
pub use waits::{is_complete, waits};
