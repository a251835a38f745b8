//! The Western points-and-doubles game (`western.md`, seed 002): preset `western`.

mod options;
mod score;

use mahjong_hands::Shape;
use mahjong_tiles::{TileSet, TileSetId, Wind};

pub use options::{DealtComplete, WesternOptions};
pub use score::*;

use super::{Family, PresetFile};
use crate::danger::{Dangers, Flag, Shows, DRAGONS, GREEN, HONOURS, SUITS, TERMINALS, WINDS};
use crate::score::{Payments, Rule, SeatScore};
use crate::table::{InputError, Table};
use crate::{HandEnd, PlayHooks, PlayRules, PlayTable, RulesetError};

/// The Western family's play hooks: the game plays as classical §3–§7, so Original Call
/// with the first discard (M55) and nothing else (no dangerous discards, §9).
#[derive(Copy, Clone, Debug, Default)]
pub struct WesternPlay;

impl PlayHooks for WesternPlay {
    #[inline]
    fn may_declare_ready<T: PlayTable>(&self, t: &T, p: usize) -> bool {
        t.discards(p).is_empty() && t.melds(p).is_empty()
    }
}

/// The hands declared sets show on the way to one suit (W-D3) or a special hand (W-L2–L6),
/// read as the classical game reads them (M90a–f): a discard that helps one is dangerous,
/// though nobody pays for it more (§9).
const FLAGS: &[Flag] = &[
    Flag {
        rule: "W-D3",
        shows: Shows::Within {
            kinds: SUITS[0],
            sets: 3,
        },
    },
    Flag {
        rule: "W-D3",
        shows: Shows::Within {
            kinds: SUITS[1],
            sets: 3,
        },
    },
    Flag {
        rule: "W-D3",
        shows: Shows::Within {
            kinds: SUITS[2],
            sets: 3,
        },
    },
    Flag {
        rule: "W-L6",
        shows: Shows::AllButOne { kinds: WINDS },
    },
    Flag {
        rule: "W-L5",
        shows: Shows::AllButOne { kinds: DRAGONS },
    },
    Flag {
        rule: "W-L2",
        shows: Shows::Within {
            kinds: HONOURS,
            sets: 3,
        },
    },
    Flag {
        rule: "W-L4",
        shows: Shows::Within {
            kinds: GREEN,
            sets: 3,
        },
    },
    Flag {
        rule: "W-L3",
        shows: Shows::Within {
            kinds: TERMINALS,
            sets: 3,
        },
    },
];

/// The Western family.
pub struct Western;

impl Family for Western {
    const NAME: &'static str = "western";
    type Options = WesternOptions;
    type Play = WesternPlay;

    fn presets() -> &'static [PresetFile] {
        &[PresetFile {
            name: "western",
            text: include_str!("presets/western.toml"),
        }]
    }

    fn check(o: &WesternOptions) -> Result<(), RulesetError> {
        o.check()
    }

    fn seat_winds(_o: &WesternOptions) -> &'static [Wind] {
        &Wind::ALL
    }

    fn tile_set(o: &WesternOptions) -> TileSet {
        TileSet::new(if o.flowers {
            TileSetId::Classical
        } else {
            TileSetId::ClassicalNoFlowers
        })
    }

    fn discard_dangers(_o: &WesternOptions) -> Option<Dangers> {
        Some(Dangers {
            flags: FLAGS,
            liable: false,
        })
    }

    fn play(o: &WesternOptions) -> PlayRules {
        PlayRules {
            seats: 4,
            rounds: o.rounds,
            dead_wall: o.dead_wall,
            bonus_from_loose: o.bonus_from_loose,
            seven_pairs: false,
            annex_claimed_pung: o.annex_claimed_pung,
            show_on_washout: o.show_on_washout,
            claim_seconds: o.claim_seconds,
            ..PlayRules::four_seats()
        }
    }

    fn play_hooks(_o: &WesternOptions) -> WesternPlay {
        WesternPlay
    }

    fn dealer_keeps(o: &WesternOptions, end: HandEnd) -> bool {
        match end {
            // W-G1: a draw passes the deal under `draw_rotates`.
            HandEnd::Washout { .. } => !o.draw_rotates,
            // W-G2: East keeps the deal whenever he wins.
            HandEnd::DealerWon { .. } => true,
            HandEnd::OtherWon => false,
        }
    }

    fn prevailing_wind_scores(o: &WesternOptions) -> bool {
        o.prevailing_wind
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
        o: &WesternOptions,
        shape: &Shape,
        name: &str,
        out: &mut SeatScore,
    ) -> Result<(), InputError> {
        score::score_one_seat(table, seat, o, shape, name, out)
    }

    fn settle(table: &Table, scores: &[SeatScore; 4], o: &WesternOptions) -> Payments {
        settle_western(table, &scores.map(|s| s.score), o)
    }

    fn settle_values(table: &Table, values: &[u64; 4], o: &WesternOptions) -> Option<Payments> {
        Some(settle_western(table, values, o))
    }
}
