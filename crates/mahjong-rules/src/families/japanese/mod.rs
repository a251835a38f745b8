//! The Japanese three-player game (`three-player-japanese.md`, seed 004 "Honshu"): preset
//! `japanese-3p`. This module is the family's scorer (J3-Y yaku and yakuman, J3-P payments,
//! J3-S conventions), its play rules as engine hooks ([`JapanesePlay`]: riichi, furiten,
//! Norths set aside, the indicators, tenpai payments; J3-T4–T7) and the match (J3-P: the
//! dealer's repeat, points from 35,000, a player going bust).

mod options;
mod plan;
mod play;
mod score;
mod sheet;

use mahjong_hands::{KindMask, Shape};
use mahjong_tiles::{Tile, TileSet, Wind};

pub use options::{japanese_tile_set, JapaneseOptions};
pub use play::JapanesePlay;
pub use score::*;

use super::{Family, PresetFile};
use crate::score::{Outcome, Payments, Rule, ScoreFields, SeatScore};
use crate::table::{Earth, InputError, Table, TableReading};
use crate::{DeadWall, HandEnd, PlayRules, RulesetError};

/// The Japanese three-player family.
pub struct Japanese;

impl Family for Japanese {
    const NAME: &'static str = "japanese";
    type Options = JapaneseOptions;
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
            // J3-T2: the 14-tile dead wall with the indicators. Loose tiles come from the
            // end of the live wall, as a replenished dead wall would give them.
            dead_wall: DeadWall::Unused14,
            bonus_from_loose: true,
            seven_pairs: true,
            annex_claimed_pung: false,
            show_on_washout: true,
            claim_seconds: o.claim_seconds,
            winds: [Wind::East, Wind::South, Wind::West, Wind::North],
            // J3-T3: chows are never claimed.
            chow_claims: false,
            single_throw: true,
            // J3-T4: a North is set aside.
            set_aside: true,
            // Everything else as the four-seat games (no jokers, rounds not hands).
            ..PlayRules::four_seats()
        }
    }

    fn bot_plan(o: &JapaneseOptions) -> Option<crate::plan::Plan> {
        Some(plan::plan(o))
    }

    fn play_hooks(o: &JapaneseOptions) -> JapanesePlay {
        JapanesePlay::new(o)
    }

    /// J3-P: the dealer repeats after his win and after a washout with his hand ready
    /// (tenpai); otherwise the deal passes.
    fn dealer_keeps(_o: &JapaneseOptions, end: HandEnd) -> bool {
        match end {
            HandEnd::DealerWon { .. } => true,
            HandEnd::Washout { dealer_ready } => dealer_ready,
            HandEnd::OtherWon => false,
        }
    }

    /// J3-P: 35,000 points each by default.
    fn starting_score(o: &JapaneseOptions) -> i64 {
        i64::from(o.starting_points)
    }

    /// J3-P (common practice): the match ends when a player's points go below zero.
    fn game_over(o: &JapaneseOptions, totals: &[i64]) -> bool {
        totals.iter().any(|t| i64::from(o.starting_points) + t < 0)
    }

    /// J3-P (option `pot_to_leader`): the leader takes what is left in the pot; the first
    /// player from the first dealer wins a tie.
    fn pot_at_end(o: &JapaneseOptions, totals: &[i64]) -> Option<usize> {
        let top = *totals.iter().max()?;
        o.pot_to_leader
            .then(|| totals.iter().position(|&t| t == top))
            .flatten()
    }

    fn table_reading(_o: &JapaneseOptions) -> TableReading {
        // J3-T4: a North set aside (pei-dora) is listed in `bonus`; J3-YM1: `win.earth` is
        // Chiihou, a non-dealer's win on his first draw.
        let mut set_aside = KindMask::EMPTY;
        set_aside.insert(Tile::NORTH.kind().expect("a playing tile"));
        TableReading {
            set_aside,
            earth: Earth::FirstDraw,
            ..TableReading::CLASSICAL
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

    fn sheet(
        _o: &JapaneseOptions,
        name: &str,
        winds: &[Wind],
        table: &Table,
        outcome: &Outcome,
        lang: crate::catalogue::Lang,
    ) -> String {
        sheet::sheet(name, winds, table, outcome, lang)
    }
}
