//! Classical Chinese by Millington's numbered rules (`classical-millington.md`): presets
//! `millington` (the rules as written) and `bradfield` (mj-server's defaults).

pub(crate) mod danger;
mod options;
pub mod rules;
pub(crate) mod score;
pub(crate) mod settle;

use mahjong_hands::Shape;
use mahjong_tiles::{TileSet, TileSetId, Wind};

pub use danger::{ClassicalPlay, Danger90};
pub use options::{ClassicalOptions, UnseenRule};
pub use settle::settle_classical;

use super::{Family, PresetFile};
use crate::danger::Dangers;
use crate::score::{Payments, Rule, SeatScore};
use crate::table::{InputError, Table};
use crate::{HandEnd, PlayRules, RulesetError};

/// The 144 classical tiles, or 136 without the bonus tiles (M1).
pub(crate) fn classical_tile_set(flowers: bool) -> TileSet {
    TileSet::new(if flowers {
        TileSetId::Classical
    } else {
        TileSetId::ClassicalNoFlowers
    })
}

/// The classical family.
pub struct Classical;

impl Family for Classical {
    const NAME: &'static str = "classical";
    type Options = ClassicalOptions;
    type Play = ClassicalPlay;

    /// M119: every hand, a loser's too, is capped at the limit, unless `no_limit`.
    fn score_cap(o: &ClassicalOptions) -> Option<u64> {
        (!o.no_limit).then_some(o.limit)
    }

    fn presets() -> &'static [PresetFile] {
        &[
            PresetFile {
                name: "millington",
                text: include_str!("presets/millington.toml"),
            },
            PresetFile {
                name: "bradfield",
                text: include_str!("presets/bradfield.toml"),
            },
        ]
    }

    fn check(o: &ClassicalOptions) -> Result<(), RulesetError> {
        o.check()
    }

    fn seat_winds(_o: &ClassicalOptions) -> &'static [Wind] {
        &Wind::ALL
    }

    fn tile_set(o: &ClassicalOptions) -> TileSet {
        classical_tile_set(o.flowers)
    }

    fn play(o: &ClassicalOptions) -> PlayRules {
        PlayRules {
            seats: 4,
            rounds: o.rounds,
            dead_wall: o.dead_wall,
            bonus_from_loose: o.bonus_from_loose,
            seven_pairs: o.seven_pairs,
            annex_claimed_pung: o.annex_claimed_pung,
            show_on_washout: o.show_on_washout,
            claim_seconds: o.claim_seconds,
            ..PlayRules::four_seats()
        }
    }

    fn play_hooks(o: &ClassicalOptions) -> ClassicalPlay {
        ClassicalPlay::new(o.dangerous_unseen)
    }

    fn discard_dangers(_o: &ClassicalOptions) -> Option<Dangers> {
        // M90a–f: a discard helping a flagged hand shown by the sets is a cannon (M91–M96).
        Some(Dangers {
            flags: danger::M90,
            liable: true,
        })
    }

    fn dealer_keeps(_o: &ClassicalOptions, end: HandEnd) -> bool {
        match end {
            // M11: East keeps the deal after a washout.
            HandEnd::Washout { .. } => true,
            // M122r: after East's 13th consecutive Mah-Jongg the title passes on.
            HandEnd::DealerWon { streak } => streak < 13,
            HandEnd::OtherWon => false,
        }
    }

    fn rules() -> &'static [&'static Rule] {
        rules::ALL
    }

    fn catalogue() -> &'static str {
        include_str!("catalogue.toml")
    }

    fn score_seat(
        table: &Table,
        seat: usize,
        o: &ClassicalOptions,
        shape: &Shape,
        name: &str,
        out: &mut SeatScore,
    ) -> Result<(), InputError> {
        score::score_one_seat(table, seat, o, shape, name, out)
    }

    fn score_seats(
        table: &Table,
        o: &ClassicalOptions,
        shape: &Shape,
        name: &str,
        out: &mut [SeatScore; 4],
    ) -> Result<(), InputError> {
        score::score_seats(table, o, shape, name, out)
    }

    fn settle(table: &Table, scores: &[SeatScore; 4], o: &ClassicalOptions) -> Payments {
        settle_classical(table, &scores.map(|s| s.score), o)
    }

    fn settle_values(table: &Table, values: &[u64; 4], o: &ClassicalOptions) -> Option<Payments> {
        Some(settle_classical(table, values, o))
    }
}
