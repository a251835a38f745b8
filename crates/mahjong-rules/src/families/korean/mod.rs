//! The Korean/Japanese three-player hand-points game (`three-player-korean.md`, seed 004):
//! preset `korean-3p`.

mod options;
mod score;
mod sheet;

use mahjong_hands::Shape;
use mahjong_tiles::{TileSet, Wind};

pub use options::{DiscardPayment, KoreanOptions, MissingWind, ReadyDiscount, ThreeReady};
pub use score::*;

use super::{Family, PresetFile};
use crate::score::{Outcome, Payments, Rule, SeatScore};
use crate::table::{InputError, Table};
use crate::{DeadWall, DeclareReady, PlayRules, RulesetError, UnseenRule, WinTies};

/// The Korean three-player family.
pub struct Korean;

impl Family for Korean {
    const NAME: &'static str = "korean";
    type Options = KoreanOptions;

    fn presets() -> &'static [PresetFile] {
        &[PresetFile {
            name: "korean-3p",
            text: include_str!("presets/korean-3p.toml"),
        }]
    }

    fn check(o: &KoreanOptions) -> Result<(), RulesetError> {
        o.check()
    }

    fn seat_winds(o: &KoreanOptions) -> &'static [Wind] {
        match o.missing_wind {
            MissingWind::North => &[Wind::East, Wind::South, Wind::West],
            MissingWind::West => &[Wind::East, Wind::South, Wind::North],
        }
    }

    fn tile_set(o: &KoreanOptions) -> TileSet {
        options::korean_tile_set(o)
    }

    fn play(o: &KoreanOptions) -> PlayRules {
        let w = Self::seat_winds(o);
        PlayRules {
            seats: 3,
            rounds: 3 * o.matches,
            dead_wall: if o.ghost_wall || o.dora {
                DeadWall::Unused13
            } else {
                DeadWall::None
            },
            // K3-P2: flowers are replaced from the end of the wall.
            bonus_from_loose: true,
            seven_pairs: true,
            annex_claimed_pung: false,
            show_on_washout: true,
            dangerous_discards: false,
            dangerous_unseen: UnseenRule::Table,
            washout_rotates: true,
            east_streak_limit: None,
            claim_seconds: o.claim_seconds,
            winds: [w[0], w[1], w[2], Wind::North],
            chow_claims: false,
            sacred_discard: true,
            declare_ready: DeclareReady::Concealed,
            win_ties: WinTies::Points,
            win_check: true,
            deal_always_passes: true,
            single_throw: true,
            dora_indicator: o.dora,
            all_ready_draw: o.three_ready == ThreeReady::Draw,
        }
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
        o: &KoreanOptions,
        shape: &Shape,
        name: &str,
        out: &mut SeatScore,
    ) -> Result<(), InputError> {
        score::score_one_seat(table, seat, o, shape, name, out)
    }

    fn settle(table: &Table, scores: &[SeatScore; 4], o: &KoreanOptions) -> Payments {
        settle_korean(table, scores, o)
    }

    fn win_rank(
        table: &Table,
        seat: usize,
        o: &KoreanOptions,
        shape: &Shape,
    ) -> Option<(u64, u64)> {
        score::win_rank(table, seat, o, shape)
    }

    fn sheet(name: &str, winds: &[Wind], table: &Table, outcome: &Outcome) -> String {
        sheet::sheet(name, winds, table, outcome)
    }
}
