//! Options of the Western points-and-doubles game (`western.md`, seed 002).

use serde::{Deserialize, Serialize};

use crate::ruleset::{check_rounds, default_claim_seconds};
use crate::{DeadWall, RulesetError};

/// How a dealt complete hand scores in the Western game: W-L10/W-L11 special hands, or the
/// W-D5 "original Mah-Jongg" multiplier (the source lists both).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DealtComplete {
    /// Heavenly / Earthly Peace, worth the maximum payment.
    Special,
    /// × 8 (W-D5).
    Multiplier,
}

/// Options of the Western points-and-doubles game (`western.md`, seed 002).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WesternOptions {
    /// 144 tiles with flowers and seasons (off: 136).
    pub flowers: bool,
    /// Rounds in a game (1, 2 or a multiple of 4).
    pub rounds: u32,
    /// The dead wall, as in the classical game.
    pub dead_wall: DeadWall,
    /// Bonus tiles replaced from the dead wall.
    pub bonus_from_loose: bool,
    /// A pung just claimed may be extended to a kong in the same turn.
    pub annex_claimed_pung: bool,
    /// Hands are shown after a draw.
    pub show_on_washout: bool,
    /// W-B1: points for going Mah-Jongg.
    pub mahjong_points: u32,
    /// W-G3: score a prevailing wind (pair 2 points, pung × 2) as for the own wind.
    pub prevailing_wind: bool,
    /// W-P1: a pair scores only when concealed (the source's "–" for exposed pairs).
    pub pairs_concealed_only: bool,
    /// W-L6: wind sets needed for Great Blessings (4, or 3 as the source's text says).
    pub great_blessings_sets: u32,
    /// W-L8: Nine United Sons in any suit (default: characters only).
    pub nine_sons_any_suit: bool,
    /// W-L10/11 against W-D5 for a dealt complete hand.
    pub dealt_complete: DealtComplete,
    /// W-S3: the payment limit.
    pub payment_limit: u64,
    /// W-S3: payments to or from East may reach this many times the limit.
    pub east_limit_factor: u64,
    /// W-S1: East pays and receives double.
    pub east_doubles: bool,
    /// W-S2: losers settle their differences.
    pub losers_settle: bool,
    /// W-G1: a draw passes the deal (off: East keeps it, as in Millington).
    pub draw_rotates: bool,
    /// Seconds a player has to claim a discard at a networked table (0: no timer).
    #[serde(default = "default_claim_seconds")]
    pub claim_seconds: u32,
}

impl WesternOptions {
    pub(crate) fn check(&self) -> Result<(), RulesetError> {
        let bad = |name: &str, message: &str| {
            Err(RulesetError::BadValue {
                name: name.into(),
                message: message.into(),
            })
        };
        check_rounds(self.rounds)?;
        if !(3..=4).contains(&self.great_blessings_sets) {
            return bad("great_blessings_sets", "must be 3 or 4");
        }
        // W-S3: every payment is at most payment_limit × east_limit_factor; bounding both (the
        // limit as Kajongg's, KJ-S4) keeps a settlement far inside i64 and the ±1e9 of
        // docs/api.md.
        if self.payment_limit == 0 || self.payment_limit > 1_000_000 {
            return bad("payment_limit", "must be between 1 and 1000000");
        }
        if !(1..=10).contains(&self.east_limit_factor) {
            return bad("east_limit_factor", "must be between 1 and 10");
        }
        if self.mahjong_points > 10_000 {
            return bad("mahjong_points", "must be at most 10000");
        }
        Ok(())
    }
}
