//! The Japanese three-player game (`three-player-japanese.md`, seed 004 "Honshu"): preset
//! `japanese-3p`. This module is the family's scorer (J3-Y yaku and yakuman, J3-P payments,
//! J3-S conventions) and the generic parts of its play (J3-T1 tiles, J3-T2 seats, J3-T3 no
//! chow claims). Its own play rules (riichi, furiten, setting Norths aside, the match) come
//! with the engine work; until then its hooks ([`JapanesePlay`]) only make the engine ask
//! the scorer before offering a win (J3-T6: a win needs a yaku).

mod options;
mod score;
mod sheet;

use mahjong_hands::{KindMask, Shape};
use mahjong_tiles::{Tile, TileSet, Wind};

pub use options::{japanese_tile_set, JapaneseOptions};
pub use score::*;

use super::{Family, PresetFile};
use crate::score::{Outcome, Payments, Rule, ScoreFields, SeatScore};
use crate::table::{Earth, InputError, Table, TableReading};
use crate::{DeadWall, PlayHooks, PlayRules, RulesetError};

/// The family's play hooks until riichi, furiten and pei come with the engine work: every
/// default, but a win is offered only when the scorer accepts it (J3-T6, J3-S11: a win
/// needs a yaku), so the engine never offers a hand the scorer refuses.
#[derive(Copy, Clone, Debug, Default)]
pub struct JapanesePlay;

impl PlayHooks for JapanesePlay {
    fn checks_wins(&self) -> bool {
        true
    }
}

/// The Japanese three-player family.
pub struct Japanese;

impl Family for Japanese {
    const NAME: &'static str = "japanese";
    type Options = JapaneseOptions;
    // Riichi, furiten and pei come with the engine work.
    type Play = JapanesePlay;

    fn presets() -> &'static [PresetFile] {
        &[PresetFile {
            name: "japanese-3p",
            text: include_str!("presets/japanese-3p.toml"),
        }]
    }

    fn check(o: &JapaneseOptions) -> Result<(), RulesetError> {
        o.check()
    }

    fn seat_winds(_o: &JapaneseOptions) -> &'static [Wind] {
        // J3-T2: East (dealer), South, West.
        &[Wind::East, Wind::South, Wind::West]
    }

    fn tile_set(o: &JapaneseOptions) -> TileSet {
        japanese_tile_set(o)
    }

    fn play(o: &JapaneseOptions) -> PlayRules {
        PlayRules {
            seats: 3,
            rounds: o.rounds,
            // J3-T2 wants the 14-tile riichi dead wall; until the engine has it, the
            // nearest generic wall: 13 tiles never drawn, loose tiles from the end.
            dead_wall: DeadWall::Unused13,
            bonus_from_loose: true,
            seven_pairs: true,
            annex_claimed_pung: false,
            show_on_washout: true,
            claim_seconds: o.claim_seconds,
            winds: [Wind::East, Wind::South, Wind::West, Wind::North],
            // J3-T3: chows are never claimed.
            chow_claims: false,
            single_throw: true,
        }
    }

    fn play_hooks(_o: &JapaneseOptions) -> JapanesePlay {
        JapanesePlay
    }

    fn table_reading(_o: &JapaneseOptions) -> TableReading {
        // J3-T4: a North set aside (pei-dora) is listed in `bonus`; J3-YM1: `win.earth` is
        // Chiihou, a non-dealer's win on his first draw.
        let mut set_aside = KindMask::EMPTY;
        set_aside.insert(Tile::NORTH.kind().expect("a playing tile"));
        TableReading {
            set_aside,
            earth: Earth::FirstDraw,
        }
    }

    fn score_fields(_o: &JapaneseOptions) -> ScoreFields {
        ScoreFields::HanYakuman
    }

    fn rules() -> &'static [&'static Rule] {
        ALL
    }

    fn catalogue() -> &'static str {
        include_str!("catalogue.toml")
    }

    fn score_seat(
        table: &Table,
        seat: usize,
        o: &JapaneseOptions,
        shape: &Shape,
        _name: &str,
        out: &mut SeatScore,
    ) -> Result<(), InputError> {
        score::score_one_seat(table, seat, o, shape, out)
    }

    fn settle(table: &Table, scores: &[SeatScore; 4], o: &JapaneseOptions) -> Payments {
        settle_japanese(table, scores, o)
    }

    fn sheet(name: &str, winds: &[Wind], table: &Table, outcome: &Outcome) -> String {
        sheet::sheet(name, winds, table, outcome)
    }
}
