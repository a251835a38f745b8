//! The Korean/Japanese three-player hand-points game (`three-player-korean.md`, seed 004):
//! preset `korean-3p`.

mod options;
mod plan;
mod score;
mod sheet;

use mahjong_hands::Shape;
use mahjong_tiles::{TileSet, Wind};

pub use options::{DiscardPayment, KoreanOptions, MissingWind, ReadyDiscount, ThreeReady};
pub use score::*;

use super::{Family, PresetFile};
use crate::score::{Outcome, Payments, Rule, SeatScore};
use crate::table::{InputError, Table};
use crate::{DeadWall, HandEnd, PlayHooks, PlayRules, PlayTable, RulesetError, WinTies};

/// The three-player game's play hooks: the sacred discard (K3-P8), declaring ready while
/// concealed (K3-P9), wins checked against the minimum (K3-S1) and ranked by points
/// (K3-P7), the dora indicator and the hand drawn when all three are ready (K3-O).
#[derive(Copy, Clone, Debug)]
pub struct KoreanPlay {
    dora: bool,
    all_ready_draw: bool,
}

impl PlayHooks for KoreanPlay {
    fn dora_indicator(&self, unused: &[mahjong_tiles::Tile]) -> Option<mahjong_tiles::Tile> {
        if self.dora {
            unused.first().copied()
        } else {
            None
        }
    }

    #[inline]
    fn may_declare_ready<T: PlayTable>(&self, t: &T, p: usize) -> bool {
        t.is_concealed(p)
    }

    #[inline]
    fn may_claim_win<T: PlayTable>(
        &self,
        t: &T,
        p: usize,
        _discarder: usize,
        tile: mahjong_tiles::Tile,
    ) -> bool {
        // K3-P8: not on a tile of a kind he has discarded in this hand.
        tile.kind().is_some_and(|k| !t.has_discarded(p, k))
    }

    fn checks_wins(&self) -> bool {
        true
    }

    fn win_ties(&self) -> WinTies {
        WinTies::Points
    }

    #[inline]
    fn unclaimed_ends_hand<T: PlayTable>(&self, t: &T) -> bool {
        self.all_ready_draw && (0..t.seats()).all(|p| t.ready(p))
    }
}

/// The Korean three-player family.
pub struct Korean;

impl Family for Korean {
    const NAME: &'static str = "korean";
    type Options = KoreanOptions;
    type Play = KoreanPlay;

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
            claim_seconds: o.claim_seconds,
            winds: [w[0], w[1], w[2], Wind::North],
            chow_claims: false,
            single_throw: true,
            // Everything else as the four-seat games (no jokers, rounds not hands).
            ..PlayRules::four_seats()
        }
    }

    fn play_hooks(o: &KoreanOptions) -> KoreanPlay {
        KoreanPlay {
            dora: o.dora,
            all_ready_draw: o.three_ready == ThreeReady::Draw,
        }
    }

    fn bot_plan(o: &KoreanOptions) -> Option<crate::plan::Plan> {
        Some(plan::plan(o))
    }

    fn dealer_keeps(_o: &KoreanOptions, _end: HandEnd) -> bool {
        // K3-M: the deal passes after every hand, whatever the result.
        false
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

    fn sheet(
        _o: &KoreanOptions,
        name: &str,
        winds: &[Wind],
        table: &Table,
        outcome: &Outcome,
        lang: crate::catalogue::Lang,
    ) -> String {
        sheet::sheet(name, winds, table, outcome, lang)
    }
}
