//! Options of the Kajongg family (`kajongg-dmjl-bmja.md`): every value and rule that DMJL
//! and BMJA set differently is one option here, so each preset is only data.

use serde::{Deserialize, Serialize};

use crate::ruleset::check_rounds;
use crate::ruleset::default_claim_seconds;
use crate::{DeadWall, RulesetError};

/// Which hand of four concealed pungs is a limit hand (KJ-L13).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Treasure {
    /// DMJL "Hidden Treasure": four pungs or kongs and a pair, nothing exposed (claimed
    /// kongs allowed), won with a self-drawn tile.
    Hidden,
    /// BMJA "Buried Treasure": one suit with any honours, exactly four concealed pungs (no
    /// kong) and a pair; the winning tile may be a discard completing the pair.
    Buried,
}

/// Which "nine gates" hand is a limit hand (KJ-L16).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NineGates {
    /// DMJL "Nine Gates": concealed 1112345678999 of one suit and a duplicate of 2–8 that
    /// is the winning tile.
    NineGates,
    /// BMJA "Gates of Heaven": 1112345678999 of one suit and a duplicate of 2–8, no set
    /// declared, any winning tile.
    GatesOfHeaven,
}

/// Which snake is a limit hand (KJ-L17).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Snake {
    /// DMJL "Squirming Snake": one suit, 111, 999, a pair of 2, 5 or 8 and the other
    /// values once; exposed sets allowed.
    Squirming,
    /// BMJA "Wriggling Snake": nothing exposed, a pair of 1s, one each of 2–9 of the same
    /// suit and one of each wind.
    Wriggling,
}

/// Options of the Kajongg family: KDE Kajongg's classical rulesets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KajonggOptions {
    /// KJ-M4: play with the 8 bonus tiles.
    pub flowers: bool,
    /// Rounds in a game (1, 2 or a multiple of 4).
    pub rounds: u32,
    /// The kong box (DMJL 16 tiles, BMJA 14).
    pub dead_wall: DeadWall,
    /// Bonus tiles are replaced from the kong box.
    pub bonus_from_loose: bool,
    /// Seconds a player has to claim a discard at a networked table (0: no timer).
    #[serde(default = "default_claim_seconds")]
    pub claim_seconds: u32,
    /// KJ-S4: the limit (DMJL 500, BMJA 1000).
    pub limit: u64,
    /// KJ-S5: "roof off": ordinary totals are not capped; limit hands still score exactly
    /// their share of the limit.
    pub roof_off: bool,
    /// KJ-W1: points for Standard Mah Jongg.
    pub mahjong_points: u32,
    /// KJ-W1: chows a winning hand may hold (DMJL 4, BMJA 1).
    pub max_chows: u8,
    /// KJ-S10: a player must declare his calling hand (BMJA). The engine's players
    /// declare Original Call only; see `docs/rules/kajongg.md`.
    pub must_declare_calling: bool,
    /// KJ-H1: doubles for holding both own flower and own season (DMJL 1).
    pub own_flower_and_season: u32,
    /// KJ-M6: doubles for each own flower and each own season (BMJA 1).
    pub own_flower_each: u32,
    /// KJ-H2: doubles for all four flowers, and again for all four seasons (DMJL 1,
    /// BMJA 2).
    pub bouquet: u32,
    /// KJ-H3: doubles for three concealed pungs (DMJL 1, BMJA 0).
    pub three_concealed_pongs: u32,
    /// KJ-H4, KJ-H5: Little/Big Three Dragons and Little/Big Four Joys score (DMJL).
    pub dragons_and_joys: bool,
    /// KJ-W3: points when the last tile completes the pair (DMJL).
    pub last_tile_pair: bool,
    /// KJ-W4: Last Tile is Only Possible Tile (DMJL).
    pub only_possible_tile: bool,
    /// KJ-W7: doubles for a Zero Point Hand (DMJL 1).
    pub zero_point_hand: u32,
    /// KJ-W9: doubles for False Color Game, one suit with honours (DMJL 1).
    pub false_color_game: u32,
    /// KJ-W10: doubles for True Color Game, one suit, chows allowed (DMJL 3).
    pub true_color_game: u32,
    /// KJ-W11: doubles for Purity, one suit without chows (BMJA 3).
    pub purity: u32,
    /// KJ-W12: doubles for winning with a tile from the kong box (DMJL 1).
    pub dead_wall_double: u32,
    /// KJ-L12: Concealed True Color Game is a limit hand (DMJL).
    pub concealed_true_color_game: bool,
    /// KJ-L13: Hidden (DMJL) or Buried (BMJA) Treasure.
    pub treasure: Treasure,
    /// KJ-L14: Three Great Scholars may hold a chow (DMJL).
    pub three_great_scholars_chow: bool,
    /// KJ-L15: East's win in a row that is a limit hand and passes the deal (DMJL 9;
    /// 0: none).
    pub east_wins_limit: u32,
    /// KJ-L16: Nine Gates (DMJL) or Gates of Heaven (BMJA).
    pub nine_gates: NineGates,
    /// KJ-L17: Squirming (DMJL) or Wriggling (BMJA) Snake.
    pub snake: Snake,
    /// KJ-L18, KJ-L19: Triple Knitting and Knitting (BMJA, half the limit).
    pub knitting: bool,
    /// KJ-L20: All pair honors (BMJA, half the limit).
    pub all_pair_honors: bool,
    /// KJ-X1–X3: losers score "calling for" a limit hand or Purity (BMJA).
    pub calling_for: bool,
}

impl KajonggOptions {
    pub(crate) fn check(&self) -> Result<(), RulesetError> {
        let bad = |name: &str, message: &str| {
            Err(RulesetError::BadValue {
                name: name.into(),
                message: message.into(),
            })
        };
        check_rounds(self.rounds)?;
        if self.limit == 0 || self.limit > 1_000_000 {
            return bad("limit", "must be between 1 and 1000000");
        }
        if self.max_chows > 4 {
            return bad("max_chows", "must be at most 4");
        }
        if self.mahjong_points > 10_000 {
            return bad("mahjong_points", "must be at most 10000");
        }
        for (name, v) in [
            ("own_flower_and_season", self.own_flower_and_season),
            ("own_flower_each", self.own_flower_each),
            ("bouquet", self.bouquet),
            ("three_concealed_pongs", self.three_concealed_pongs),
            ("zero_point_hand", self.zero_point_hand),
            ("false_color_game", self.false_color_game),
            ("true_color_game", self.true_color_game),
            ("purity", self.purity),
            ("dead_wall_double", self.dead_wall_double),
        ] {
            if v > 20 {
                return bad(name, "must be at most 20 doubles");
            }
        }
        Ok(())
    }
}
