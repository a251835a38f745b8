//! The three-player game's plan toward a win that has a yaku (J3-T6), for players
//! ([`crate::plan`]).
//!
//! The minimum is one han of yaku: Bazoro, dora and pei-dora are not yaku (J3-S8), so
//! they never make a hand legal. A concealed hand can always get there by declaring riichi
//! (J3-Y4) once it is ready, or with Chiitoitsu (J3-Y10); there is no Menzen tsumo by
//! default (J3-S6), so the plan says that the declaration, not the concealed hand itself,
//! makes the minimum. Once a discard is claimed (only pungs and kongs, J3-T3) riichi is
//! gone and the hand needs a yaku that an open hand keeps (J3-S5):
//!
//! - Yakuhai (J3-Y1): a pung or kong of a dragon, of the seat's own wind or of the
//!   prevailing wind (a double wind counts twice, J3-S2; North is never one, J3-S1);
//! - Toitoi (J3-Y16): all pungs;
//! - Hon'itsu (J3-Y17) or Chin'itsu (J3-Y22): one suit, bamboo or circles, with honours
//!   (the characters are only 1 and 9, J3-T1, and a hand of them and honours is all pungs
//!   anyway);
//! - Tanyao (J3-Y5): only simples, which J3-S5 lets an open hand keep;
//! - Sankantsu (J3-Y14) and San'ankou (J3-Y13), as combinations of sets.
//!
//! The rarer open yaku (Chanta, Ittsu, Sanrenkou, Honroutou, Isshoku sanjun) are left
//! out: the plan is a guide for steering, and the engine asks the scorer before it offers
//! a win. A seat in riichi cannot win on a tile he discarded or, after declaring, on a
//! discard he let pass (furiten, J3-T7), so his opponents can fold against him.

use mahjong_hands::Shape;

use super::options::japanese_tile_set;
use super::JapaneseOptions;
use crate::plan::{Combo, Count, Form, Plan};

/// Kinds by suit index (0 bamboo, 1 characters, 2 circles).
const BAMBOO: u64 = 0x1FF;
const CIRCLES: u64 = 0x1FF << 18;
/// The suits by `Suit::index`.
const BAMBOO_SUIT: usize = 0;
const CIRCLES_SUIT: usize = 2;
const HONOURS: u64 = 0x7F << 27;
const DRAGONS: u64 = 0b111 << 31;
/// East, South and West: the seat winds (J3-T2) and so the only winds that can be
/// yakuhai (J3-S1).
const SEAT_WINDS: u64 = 0b111 << 27;
/// 2–8 of bamboo and circles (the characters have no simples, J3-T1).
const SIMPLES: u64 = 0x0FE | 0x0FE << 18;
const ALL: u64 = (1 << 34) - 1;

/// Every legal win counts alike: the family ranks wins only as legal or not (the han are
/// the scorer's, J3-P), so a wait is weighed by its live tiles that win legally.
fn takings(_rank: (u64, u64), _self_drawn: bool, _others: u64) -> u64 {
    1
}

/// The plan of the game under options `o`.
pub(super) fn plan(o: &JapaneseOptions) -> Plan {
    Plan::new(Shape::of(&japanese_tile_set(o)), 1, takings, 1)
        // J3-Y1: a dragon pung or kong is one yakuhai.
        .sets(DRAGONS, 1, 1)
        // J3-Y1, J3-S2: the seat's own and the prevailing wind one each.
        .winds(SEAT_WINDS, 1, 1)
        // J3-Y14: three kongs.
        .combo(Combo {
            of: Count::Kongs,
            kinds: ALL,
            at_least: 3,
            value: 2,
        })
        // J3-Y13: three concealed pungs, open hand or not.
        .combo(Combo {
            of: Count::Concealed,
            kinds: ALL,
            at_least: 3,
            value: 2,
        })
        // J3-Y4 riichi (J3-Y10 Chiitoitsu too): a concealed hand gets its yaku by
        // declaring ready (J3-S6 Menzen tsumo, an option, adds one from the wall only).
        .concealed_wins(true)
        .declaring_meets_minimum()
        // J3-P: the takings above rank every legal win alike.
        .legal_wins_alike()
        // J3-T7: furiten; a riichi player cannot win on what he let pass.
        .passes_bind_ready()
        // J3-Y16.
        .form(Form::AllPungs)
        // J3-Y17, Y22.
        .form(Form::Within {
            kinds: BAMBOO | HONOURS,
            suit: Some(BAMBOO_SUIT),
            special: 0,
        })
        .form(Form::Within {
            kinds: CIRCLES | HONOURS,
            suit: Some(CIRCLES_SUIT),
            special: 0,
        })
        // J3-Y5, open under J3-S5.
        .form(Form::Within {
            kinds: SIMPLES,
            suit: None,
            special: 0,
        })
}
