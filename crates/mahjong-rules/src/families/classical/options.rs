//! Options of the classical family (Millington's rules, `classical-millington.md`).

use serde::{Deserialize, Serialize};

use crate::ruleset::{check_rounds, default_claim_seconds};
use crate::{DeadWall, RulesetError};

/// Which tiles count as "not yet visible" for the late-game dangerous discard (M90g).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnseenRule {
    /// No copy visible on the table, in discards or exposed sets (Millington).
    Table,
    /// Counting discards only, at most one copy discarded counts as unseen (Bradfield).
    DiscardsAtMostOne,
}

/// Largest `limit` and `limit_hand_minimum` (M118), as Kajongg's `limit` (KJ-S4).
const MAX_LIMIT: u64 = 1_000_000;

/// Options of the classical family (Millington's rules, `classical-millington.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassicalOptions {
    /// M1: play with the 8 bonus tiles (144 tiles); off: 136.
    pub flowers: bool,
    /// M12–M13: rounds in a game (1, 2 or a multiple of 4).
    pub rounds: u32,
    /// M22: the dead wall.
    pub dead_wall: DeadWall,
    /// M31: bonus tiles are replaced from the dead wall instead of the live wall.
    pub bonus_from_loose: bool,
    /// M29: seven pairs is a Mah-Jongg hand.
    pub seven_pairs: bool,
    /// Extra points for a seven-pairs hand.
    pub seven_pairs_points: u32,
    /// M46–M52: a claimed kong counts as concealed for M116k, M117c, M122h/p.
    pub claimed_kong_counts_concealed: bool,
    /// M51 (Bradfield): a pung just claimed may be extended to a kong in the same turn.
    pub annex_claimed_pung: bool,
    /// M115a: points for going Mah-Jongg.
    pub mahjong_points: u32,
    /// M116a: doubles for holding both own flower and own season.
    pub own_flower_and_season: u32,
    /// M116a (Bradfield): doubles for each own flower or own season.
    pub own_flower_each: u32,
    /// M116b: doubles for all four flowers, and again for all four seasons.
    pub bouquet: u32,
    /// M117c: doubles for a fully concealed hand.
    pub concealed_fully: u32,
    /// M117c (Bradfield): doubles for a hand concealed but for the winning discard.
    pub concealed_almost: u32,
    /// Losers also score M117c–g.
    pub losers_purity: bool,
    /// M118: the limit.
    pub limit: u64,
    /// M118: "roof off": no limit; limit hands score `limit_hand_minimum` or their full
    /// value if higher.
    pub no_limit: bool,
    /// M118: with `no_limit`, the least a limit hand is worth (default: `limit`).
    pub limit_hand_minimum: Option<u64>,
    /// (Bradfield): doubles for a hand of only terminals (Heads and Tails) when there is no limit.
    pub all_terminals_doubles: u32,
    /// M97–M99: hands are shown after a washout.
    pub show_on_washout: bool,
    /// M108: East pays and receives double.
    pub east_doubles: bool,
    /// M109: losers settle their differences among themselves.
    pub losers_settle: bool,
    /// Singapore style: the discarder pays double; on a self-drawn win all pay double.
    pub discarder_doubles: bool,
    /// M90g: which tiles count as unseen.
    pub dangerous_unseen: UnseenRule,
    /// Seconds a player has to claim a discard at a networked table (0: no timer).
    #[serde(default = "default_claim_seconds")]
    pub claim_seconds: u32,
}

impl ClassicalOptions {
    pub(crate) fn check(&self) -> Result<(), RulesetError> {
        let bad = |name: &str, message: &str| {
            Err(RulesetError::BadValue {
                name: name.into(),
                message: message.into(),
            })
        };
        check_rounds(self.rounds)?;
        // M118: the limit is bounded as in Kajongg (KJ-S4), so a settlement (a score times at
        // most 4, from three losers) stays far inside i64 and the ±1e9 of docs/api.md.
        if self.limit == 0 || self.limit > MAX_LIMIT {
            return bad("limit", "must be between 1 and 1000000");
        }
        if self.limit_hand_minimum.is_some_and(|m| m > MAX_LIMIT) {
            return bad("limit_hand_minimum", "must be at most 1000000");
        }
        // Items store points as u16 and doubles as u8 (fixed-size, allocation-free scoring).
        for (name, v) in [
            ("mahjong_points", self.mahjong_points),
            ("seven_pairs_points", self.seven_pairs_points),
        ] {
            if v > 10_000 {
                return bad(name, "must be at most 10000");
            }
        }
        for (name, v) in [
            ("own_flower_and_season", self.own_flower_and_season),
            ("own_flower_each", self.own_flower_each),
            ("bouquet", self.bouquet),
            ("concealed_fully", self.concealed_fully),
            ("concealed_almost", self.concealed_almost),
            ("all_terminals_doubles", self.all_terminals_doubles),
        ] {
            if v > 20 {
                return bad(name, "must be at most 20 doubles");
            }
        }
        Ok(())
    }
}
