//! The options of the Japanese three-player game (`three-player-japanese.md`, J3-T5, J3-P,
//! J3-S). Serde names are the public option names; unknown keys are refused.

use mahjong_tiles::{Suit, Tile, TileSet, TileSetId};
use serde::{Deserialize, Serialize};

use crate::RulesetError;

/// The rule options of preset `japanese-3p`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JapaneseOptions {
    /// J3-S5: Chanta, Ittsu, Hon'itsu, Junchan and Chin'itsu lose 1 han when open.
    pub open_reductions: bool,
    /// J3-S6: a concealed self-draw is a 1-han yaku (Menzen tsumo; off by the seed).
    pub menzen_tsumo: bool,
    /// J3-S9: 13 han or more without yakuman pays as one yakuman (off: capped at sanbaiman).
    pub counted_yakuman: bool,
    /// J3-S9: the most yakuman a hand is paid for (1–3).
    pub yakuman_cap: u8,
    /// J3-T5, J3-S8: one red five in bamboo and in circles, each 1 dora.
    pub red_fives: bool,
    /// J3-T5: a kan-dora indicator is revealed after each kong (play; the scorer counts every
    /// indicator listed in `dora_indicators`).
    pub kan_dora: bool,
    /// J3-T5, J3-S8: ura-dora count for a winner in riichi.
    pub ura_dora: bool,
    /// J3-T5: a kan-ura-dora indicator lies under each kan-dora indicator (play; the scorer
    /// counts every indicator listed in `ura_indicators`).
    pub kan_ura_dora: bool,
    /// J3-S1 (the seed: "flowers optional"): four flowers join the set as bonus tiles,
    /// each replaced by a loose tile when drawn and worth 1 han of dora to its holder
    /// (J3-S8; our reading, as a North set aside).
    #[serde(default)]
    pub flowers: bool,
    /// J3-T4: when all four Norths are set aside, a further dora indicator is revealed (play).
    pub north_indicator: bool,
    /// J3-S13: Suukantsu needs a pair, as in standard riichi (off: four kongs win at once).
    pub suukantsu_needs_pair: bool,
    /// J3-S10: the riichi stake each declarer pays into the pot.
    pub riichi_stake: u32,
    /// J3-P (our reading, the seed is silent): points the players not ready pay the ready
    /// ones at a washout, split evenly on both sides (0: nothing paid).
    pub noten_penalty: u32,
    /// J3-P: each player's points at the start of a match.
    pub starting_points: u32,
    /// J3-P: rounds in a match (2: East and South).
    pub rounds: u32,
    /// J3-P (our reading, common practice): riichi stakes still in the pot when the match
    /// ends go to the leader (the first player from the first dealer on a tie); off, they
    /// are lost.
    pub pot_to_leader: bool,
    /// J3-S10 (not in the seed, so 0 by default): points per honba counter that the winner
    /// takes on top of the hand: all from the discarder on a win on a discard or a robbed
    /// kong, half from each other seat on a self-draw. A multiple of 200, so that a
    /// self-draw splits it into hundreds (common three-player values: 200, 1,000).
    #[serde(default)]
    pub honba: u32,
    /// Seconds to claim a discard at a networked table (0: no timer).
    pub claim_seconds: u32,
}

impl JapaneseOptions {
    /// Checks values together, naming the option at fault.
    pub fn check(&self) -> Result<(), RulesetError> {
        let bad = |name: &str, message: &str| {
            Err(RulesetError::BadValue {
                name: name.into(),
                message: message.into(),
            })
        };
        if !(1..=3).contains(&self.yakuman_cap) {
            return bad("yakuman_cap", "must be 1, 2 or 3 (J3-S9)");
        }
        if self.kan_ura_dora && !(self.kan_dora && self.ura_dora) {
            return bad("kan_ura_dora", "needs kan_dora and ura_dora");
        }
        if self.rounds == 0 || self.rounds > 2 {
            return bad("rounds", "must be 1 (East) or 2 (East and South)");
        }
        if !self.honba.is_multiple_of(200) {
            return bad(
                "honba",
                "must be a multiple of 200 (a self-draw splits it between the two payers)",
            );
        }
        // J3-S10: the stake and the honba are added to payments; bounded (as Kajongg's limit,
        // KJ-S4, and Korean's, K3-S6) so a settlement stays far inside i64 and the ±1e9 of
        // docs/api.md.
        if self.riichi_stake > 1_000_000 {
            return bad("riichi_stake", "must be at most 1000000");
        }
        if self.noten_penalty > 1_000_000 {
            return bad("noten_penalty", "must be at most 1000000");
        }
        if self.honba > 10_000 {
            return bad("honba", "must be at most 10000");
        }
        if self.starting_points == 0 {
            return bad("starting_points", "must be at least 1");
        }
        Ok(())
    }
}

/// J3-T1: the 108 tiles; with `red_fives` off every five is an ordinary five.
pub fn japanese_tile_set(o: &JapaneseOptions) -> TileSet {
    let mut set = TileSet::new(TileSetId::Japanese3p);
    if !o.red_fives {
        for s in [Suit::Bamboo, Suit::Circles] {
            set.set_copies(Tile::suited(s, 5), 4);
            set.set_copies(Tile::red_five(s), 0);
        }
    }
    if o.flowers {
        for n in 1..=4 {
            set.set_copies(Tile::flower(n), 1);
        }
    }
    set
}
