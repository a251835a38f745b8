//! Classical Chinese as KDE Kajongg scores it (`kajongg-dmjl-bmja.md`): presets `dmjl`
//! (Deutsche Mah Jongg Liga) and `bmja` (British Mah-Jong Association).
//!
//! A family of the classical tradition: it shares the classical family's search for the
//! winner's best arrangement and its settlement, and scores with Kajongg's own rules
//! (every player's hand, fractional limits, the DMJL and BMJA hands).

mod options;
mod play;
pub mod rules;
mod score;

use mahjong_hands::Shape;
use mahjong_tiles::{TileSet, Wind};

pub use options::{KajonggOptions, NineGates, Snake, Treasure};
pub use play::KajonggPlay;

use super::classical::classical_tile_set;
use super::classical::settle::settle_points;
use super::{Family, PresetFile};
use crate::danger::Dangers;
use crate::plan::{Form, Plan};
use crate::score::{Payments, Rule, SeatScore};
use crate::table::{InputError, Table, TableReading};
use crate::{HandEnd, PlayRules, RulesetError};

/// A typical winner's total, for weighing waits (a few pungs and a double or two).
const TYPICAL_WIN: u64 = 100;

/// What a win brings in: the family ranks every legal win alike, so the takings are the
/// typical total from each opponent (East's doubling aside).
fn takings(_rank: (u64, u64), _self_drawn: bool, others: u64) -> u64 {
    others * TYPICAL_WIN
}

/// The Kajongg family.
pub struct Kajongg;

impl Family for Kajongg {
    const NAME: &'static str = "kajongg";
    type Options = KajonggOptions;
    type Play = KajonggPlay;

    /// KJ-S4: every hand is capped at the limit, unless the roof is off (KJ-S5).
    fn score_cap(o: &KajonggOptions) -> Option<u64> {
        (!o.roof_off).then_some(o.limit)
    }

    fn presets() -> &'static [PresetFile] {
        &[
            PresetFile {
                name: "dmjl",
                text: include_str!("presets/dmjl.toml"),
            },
            PresetFile {
                name: "bmja",
                text: include_str!("presets/bmja.toml"),
            },
        ]
    }

    fn check(o: &KajonggOptions) -> Result<(), RulesetError> {
        o.check()
    }

    fn seat_winds(_o: &KajonggOptions) -> &'static [Wind] {
        &Wind::ALL
    }

    fn tile_set(o: &KajonggOptions) -> TileSet {
        classical_tile_set(o.flowers)
    }

    fn play(o: &KajonggOptions) -> PlayRules {
        PlayRules {
            seats: 4,
            rounds: o.rounds,
            dead_wall: o.dead_wall,
            bonus_from_loose: o.bonus_from_loose,
            claim_seconds: o.claim_seconds,
            ..PlayRules::four_seats()
        }
    }

    /// A seat may hold a Long Hand (KJ-S2, scored 0), and under `knitting` the winner may
    /// list the knitted set his winning discard exposed (KJ-L18, KJ-L19).
    fn table_reading(o: &KajonggOptions) -> TableReading {
        TableReading {
            knitted: o.knitting,
            long_hands: true,
            ..TableReading::CLASSICAL
        }
    }

    fn play_hooks(o: &KajonggOptions) -> KajonggPlay {
        KajonggPlay::new(o)
    }

    /// KJ-W1: with fewer than four chows allowed, players steer toward pungs and at most
    /// one chow (a hand of more cannot go out); otherwise every complete hand wins.
    fn bot_plan(o: &KajonggOptions) -> Option<Plan> {
        (o.max_chows < 4).then(|| {
            let form = if o.max_chows == 0 {
                Form::AllPungs
            } else {
                Form::OneChow
            };
            Plan::new(Shape::of(&Self::tile_set(o)), 1, takings, TYPICAL_WIN).form(form)
        })
    }

    fn discard_dangers(_o: &KajonggOptions) -> Option<Dangers> {
        Some(Dangers {
            flags: play::KJ_S8,
            liable: true,
        })
    }

    /// KJ-S9: East keeps the deal after his win or a washout; after his win in a row that
    /// is a limit hand (`east_wins_limit`) the winds rotate.
    fn dealer_keeps(o: &KajonggOptions, end: HandEnd) -> bool {
        match end {
            HandEnd::Washout { .. } => true,
            HandEnd::DealerWon { streak } => o.east_wins_limit == 0 || streak < o.east_wins_limit,
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
        o: &KajonggOptions,
        shape: &Shape,
        name: &str,
        out: &mut SeatScore,
    ) -> Result<(), InputError> {
        score::score_one_seat(table, seat, o, shape, name, out)
    }

    /// KJ-S7, KJ-S8: the winner receives his total from each loser, losers settle their
    /// differences, every payment with East doubled; the liable discarder pays for all.
    fn settle(table: &Table, scores: &[SeatScore; 4], _o: &KajonggOptions) -> Payments {
        settle_points(table, &scores.map(|s| s.score), true, true, false)
    }

    fn settle_values(table: &Table, values: &[u64; 4], _o: &KajonggOptions) -> Option<Payments> {
        Some(settle_points(table, values, true, true, false))
    }
}
