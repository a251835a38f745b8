//! The options of the Malaysian three-player game (`malaysian-3p.md`). Every choice among
//! the sources and every proposal of the spec is an option, under the spec's own name.
//! Serde names are the public option names; unknown keys are refused.

use mahjong_tiles::{Tile, TileSet, TileSetId};
use serde::{Deserialize, Serialize};

use crate::RulesetError;

/// MY3-B7: what a complete group of four flowers or four seasons scores.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlowerGroup {
    /// +1 fan on top of the group's own flower and number 4 (S4, S3's old JSON).
    PlusOne,
    /// The group scores 4 fan in total, in place of MY3-B5 and B6 (current S3).
    FourTotal,
}

/// MY3-PAY1: how the fan become the base B of the payments.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FanToPoints {
    /// B = 20 × fan (S3, S16).
    Linear,
    /// B = 20 × 2^(fan − 1), the Singapore way (S9, S13).
    Doubling,
}

/// MY3-M1: when the deal passes to the next seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DealerRotation {
    /// The dealer keeps the deal only after his own win (our proposal).
    UnlessDealerWins,
    /// The deal passes after every hand (S16).
    EveryHand,
    /// The dealer keeps the deal after his own win and after a drawn hand.
    UnlessDealerWinsOrDraw,
}

/// The default of an option that is on unless a ruleset says otherwise (options added
/// after records were made: a record without them plays as before).
fn on() -> bool {
    true
}

/// The rule options of preset `malaysian-3p`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MalaysianOptions {
    /// MY3-T: the four Norths are taken out (S6): 80 tiles.
    pub drop_north: bool,
    /// MY3-P3: several players may win on one discard (play; a table has one winner).
    pub multiple_winners: bool,
    /// MY3-P4 \[P\]: a concealed kong may be robbed, by any hand the tile completes, as an
    /// added kong (play; off: never, as the spec proposes).
    #[serde(default)]
    pub rob_concealed_kong: bool,
    /// MY3-J2 \[P\]: concealed sets, like claimed ones, hold at least one natural tile; off:
    /// three jokers may be a concealed pung of any kind (a chow still holds at most one
    /// joker, a kong none).
    #[serde(default = "on")]
    pub joker_concealed_sets_need_natural: bool,
    /// MY3-J4: jokers may stand in the pair (a joker with a natural tile, or two jokers).
    pub joker_in_pair: bool,
    /// MY3-J5: a player may swap the natural tile a joker stands for in his own exposed pung
    /// for that joker (play; on by default in S3).
    #[serde(default = "on")]
    pub joker_swap: bool,
    /// MY3-J6: a starting hand with four jokers wins at once as a self-drawn limit (play
    /// only, MY3-X7).
    pub four_joker_instant_win: bool,
    /// MY3-J7: a discarded joker may be claimed (play; off: never).
    pub claim_discarded_joker: bool,
    /// MY3-J8: +1 fan for a winning hand that holds a joker (S7, a Singapore table).
    pub joker_held_fan: bool,
    /// MY3-J9: at the end of a hand each player is paid 50 points by each opponent for
    /// every joker in his hand or sets (S3's mod).
    pub joker_side_payment: bool,
    /// MY3-B6: the flower and the season numbered 4 (the empty North seat) score for
    /// everybody.
    pub fourth_flower_counts: bool,
    /// MY3-B7: what all four flowers, or all four seasons, score.
    pub flower_group: FlowerGroup,
    /// MY3-I6: instant "bite" payments for a predator with its prey, or one's own flower
    /// with one's own season (Singapore S9–S12).
    pub animal_bite: bool,
    /// MY3-I7: a predator exposed after its prey captures the prey (play: the captured
    /// animal then lies in the captor's `bonus` and scores there).
    pub prey_capture: bool,
    /// MY3-I5 \[P\]: the instant payment of a robbed kong (MY3-I3, or MY3-I4 with
    /// `rob_concealed_kong`) is returned; off: it stands.
    #[serde(default = "on")]
    pub robbed_kong_refund: bool,
    /// MY3-F12: seven different pairs is a complete hand worth 1 fan.
    pub seven_pairs: bool,
    /// MY3-L2: each limit hand of a hand counts 10 fan (S3's mod); off: one limit, 10 fan.
    pub stack_limits: bool,
    /// MY3-L2, MY3-X6: a limit hand pays double (2 × B(10), S16).
    pub limit_payment_double: bool,
    /// MY3-L1, MY3-X5: four concealed pungs is a limit only when self-drawn (S3).
    pub concealed_pungs_self_drawn: bool,
    /// MY3-S1: the fan a win needs, bonus fan included (a limit hand always qualifies).
    pub min_fan: u8,
    /// MY3-PAY1: linear (B = 20 × fan) or doubling (B = 20 × 2^(fan − 1)).
    pub fan_to_points: FanToPoints,
    /// MY3-PAY3: on a win on a discard the discarder pays 3B alone (S16, S12).
    pub shooter_pays_all: bool,
    /// MY3-PAY4 \[P\]: a win by robbing a kong is paid as a win on a discard, the robbed
    /// player the discarder; off: as a self-draw (MY3-PAY2).
    #[serde(default = "on")]
    pub robbed_kong_as_discard: bool,
    /// MY3-PAY5: the dealer pays and receives double (S16).
    pub dealer_double: bool,
    /// MY3-M1: when the deal passes.
    pub dealer_rotation: DealerRotation,
    /// MY3-M2: the prevailing wind moves E → S → W once each seat has dealt (off: East all
    /// game, S3).
    pub rotating_prevailing_wind: bool,
    /// MY3-M3: hands in a match (S3 counts hands, not rounds).
    pub match_hands: u32,
    /// Seconds to claim a discard at a networked table (0: no timer).
    pub claim_seconds: u32,
}

impl MalaysianOptions {
    /// Checks values together, naming the option at fault.
    pub fn check(&self) -> Result<(), RulesetError> {
        let bad = |name: &str, message: &str| {
            Err(RulesetError::BadValue {
                name: name.into(),
                message: message.into(),
            })
        };
        if !(1..=10).contains(&self.min_fan) {
            return bad(
                "min_fan",
                "must be 1 to 10 (MY3-S1: a limit hand, 10 fan, always qualifies)",
            );
        }
        if self.match_hands == 0 {
            return bad("match_hands", "must be at least 1 (MY3-M3)");
        }
        Ok(())
    }
}

/// MY3-T: the 84 tiles (circles and honours ×4, sixteen bonus tiles, four jokers); with
/// `drop_north` the four Norths are taken out, 80 tiles.
pub fn malaysian_tile_set(o: &MalaysianOptions) -> TileSet {
    let mut set = TileSet::new(TileSetId::Malaysian3p);
    if o.drop_north {
        set.set_copies(Tile::NORTH, 0);
    }
    set
}
