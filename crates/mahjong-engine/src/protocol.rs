//! Actions (what a player decides) and events (what happens): the engine's protocol, also
//! the lines of a game record.

use mahjong_hands::KongKind;
use mahjong_rules::WinFrom;
use mahjong_tiles::{Tile, Wind};
use serde::{Deserialize, Serialize};

use crate::wall::Dice;

/// A player's decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Action {
    /// Discard a tile; `call` declares Original Call with it (M55).
    Discard {
        /// The tile.
        tile: Tile,
        /// Declare Original Call.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        call: bool,
    },
    /// Declare four concealed tiles as a kong (M46).
    ConcealedKong {
        /// The kong's tile.
        tile: Tile,
    },
    /// Add the drawn fourth tile to an exposed pung (M48).
    AnnexKong {
        /// The pung's tile.
        tile: Tile,
    },
    /// Set a tile aside in one's turn and draw a loose tile for it, where the family
    /// allows it (J3-T4: a North as pei-dora).
    SetAside {
        /// The tile.
        tile: Tile,
    },
    /// Take a joker back out of one's own exposed pung, putting the natural tile it stands
    /// for in its place (MY3-J5).
    SwapJoker {
        /// The pung's tile, held.
        tile: Tile,
    },
    /// Go out: on one's own turn, or claiming a discard or robbing a kong.
    Mahjong,
    /// Let a discard or a kong go.
    Pass,
    /// Claim the discard for a chow (next player only): the three tiles of the chow.
    Chow {
        /// The chow's lowest tile.
        first: Tile,
    },
    /// Claim the discard for a pung.
    Pung,
    /// Claim the discard for a kong (added to a concealed pung).
    Kong,
    /// Claim a discarded joker for a pung of `tile`, with one or two of them from the hand
    /// and jokers for the rest (MY3-J7, option `claim_discarded_joker`).
    JokerPung {
        /// The pung's tile.
        tile: Tile,
    },
}

/// In words, for messages (`player 0 may not discard EW now`; the server's `you may not
/// pung now`); the protocol's form is the JSON.
impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Action::Discard { tile, call: false } => write!(f, "discard {tile}"),
            Action::Discard { tile, call: true } => write!(f, "discard {tile} with Original Call"),
            Action::ConcealedKong { tile } => write!(f, "declare a concealed kong of {tile}"),
            Action::AnnexKong { tile } => write!(f, "add {tile} to the exposed pung"),
            Action::SetAside { tile } if tile.is_joker() => {
                f.write_str("expose the joker as a bonus tile for a loose tile")
            }
            Action::SetAside { tile } => write!(f, "set {tile} aside for a loose tile"),
            Action::SwapJoker { tile } => write!(f, "swap {tile} for the joker in the pung"),
            Action::Mahjong => f.write_str("go Mahjong"),
            Action::Pass => f.write_str("pass"),
            Action::Chow { first } => write!(f, "chow from {first}"),
            Action::Pung => f.write_str("pung"),
            Action::Kong => f.write_str("claim a kong"),
            Action::JokerPung { tile } => write!(f, "pung {tile} with the joker"),
        }
    }
}

/// The tile a discarded joker stands for in the chow from `first` (a kind) claimed with
/// it (MY3-J7) by a player holding `held`: the one of the three he lacks, or the highest
/// when he holds all three.
pub fn chow_joker_stands_for(held: &mahjong_hands::Counts, first: usize) -> usize {
    (first..first + 3)
        .find(|&x| held[x] == 0)
        .unwrap_or(first + 2)
}

/// A set as everybody sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum SetKind {
    /// Three in a row.
    Chow,
    /// Three of a kind.
    Pung,
    /// Four of a kind, made as given.
    Kong(KongKind),
}

/// Something that happened. Private events (`deal`, `draw`) are seen only by their player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "GameEvent"))]
pub enum Event {
    /// A hand begins.
    HandStart {
        /// Hand number in the game, from 0.
        hand: u32,
        /// Prevailing wind.
        prevailing: Wind,
        /// The player who is East.
        dealer: usize,
        /// The dice (none for an explicit wall).
        dice: Option<Dice>,
        /// The revealed dora indicator (K3-O `dora`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        dora: Option<Tile>,
    },
    /// A player's dealt tiles (private: others see only how many).
    Deal {
        /// Player.
        player: usize,
        /// How many tiles.
        count: usize,
        /// The tiles (empty in other players' views).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tiles: Vec<Tile>,
    },
    /// A draw (private: others see that a tile was drawn, not which).
    Draw {
        /// Player.
        player: usize,
        /// The tile (absent in other players' views).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        tile: Option<Tile>,
        /// A loose tile from the dead wall.
        loose: bool,
    },
    /// A flower or season declared and set aside (M32), or a tile the family lets a player
    /// set aside (J3-T4: a North).
    Bonus {
        /// Player.
        player: usize,
        /// The tile.
        tile: Tile,
    },
    /// A player took a joker back from his exposed pung of `tile`, putting that tile in
    /// its place (MY3-J5).
    Swap {
        /// Player.
        player: usize,
        /// The pung's tile.
        tile: Tile,
    },
    /// A payment made during play, as it happens (MY3-I: a kong, a completed bonus
    /// group). The hand's `scores` settlement counts it again, with everything else.
    Payment {
        /// Paying player.
        from: usize,
        /// Receiving player.
        to: usize,
        /// Amount.
        amount: u64,
        /// The rule it is paid under (its id).
        rule: String,
        /// Paid back: the kong it was paid for was robbed (MY3-I5).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
        returned: bool,
    },
    /// A further dora indicator revealed during the hand (J3-T5: kan-dora).
    Indicator {
        /// The indicator.
        tile: Tile,
    },
    /// A discard.
    Discard {
        /// Player.
        player: usize,
        /// The tile.
        tile: Tile,
        /// With Original Call.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        call: bool,
        /// The discard leaves the hand calling, declared so for everybody (KJ-S10, where
        /// the family asks for it; once a hand).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
        calling: bool,
    },
    /// A set declared: claimed (`from` = discarder) or from the player's own tiles.
    Set {
        /// Player.
        player: usize,
        /// Kind.
        kind: SetKind,
        /// Lowest tile.
        tile: Tile,
        /// The discarder, for a claimed set.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        from: Option<usize>,
        /// Jokers among its tiles (MY3-J2), standing in for natural tiles.
        #[serde(default, skip_serializing_if = "no_jokers")]
        #[cfg_attr(feature = "ts", ts(as = "Option<u8>", optional))]
        jokers: u8,
    },
    /// A player decided (recorded so a replay can re-enact the game).
    Decision {
        /// Player.
        player: usize,
        /// What they decided.
        action: Action,
    },
    /// A player goes out.
    Mahjong {
        /// The winner.
        player: usize,
        /// The winning tile.
        tile: Tile,
        /// Where it came from.
        from: WinFrom,
        /// The discarder or robbed konger.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        supplier: Option<usize>,
        /// Won by the hand as dealt, with no winning tile (MY3-J6: four jokers); `tile`
        /// is then a joker and `from` the wall.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
        dealt: bool,
    },
    /// The live wall ran out with no winner (M97).
    Washout,
    /// Every hand shown at the end: each player's concealed tiles, and the indicators
    /// turned over for the winner.
    Reveal {
        /// Concealed tiles per player.
        hands: Vec<Vec<Tile>>,
        /// The ura-dora indicators turned over for a riichi winner, in the order they lie
        /// (J3-S8; record version 3).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        #[cfg_attr(feature = "ts", ts(as = "Option<Vec<Tile>>", optional))]
        ura_indicators: Vec<Tile>,
    },
    /// The hand's scores and settlement, per player.
    Scores {
        /// Each player's score.
        scores: Vec<u64>,
        /// Each player's limit hand or cap (rule id).
        limits: Vec<Option<String>>,
        /// Each player's scored items.
        items: Vec<Vec<ScoredItem>>,
        /// Each player's net result.
        settlement: Vec<i64>,
        /// The individual payments, between players.
        payments: Vec<PaymentRecord>,
        /// The player liable for a cannon (M90–M96).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        cannon: Option<usize>,
    },
    /// The game is over.
    GameEnd {
        /// Cumulative totals per player (the pot taken included).
        totals: Vec<i64>,
        /// The pot left at the end, and who took it (J3: the leader).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        pot: Option<PotTaken>,
    },
}

/// Points left in the pot at the end of a game, taken by one player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PotTaken {
    /// Who took it.
    pub player: usize,
    /// How many points.
    pub points: u64,
}

/// One scored item in a record: rule id, points, doubles, whether it is a limit hand, and
/// the item's name where the id does not tell it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScoredItem {
    /// Rule id, e.g. `M116d`.
    pub rule: String,
    /// Points.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub points: u32,
    /// Doubles.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub doubles: u32,
    /// A limit hand.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub limit: bool,
    /// The tile of the set or bonus tile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub tile: Option<Tile>,
    /// The scorer's English name of the item, when the rule id covers several cases (the
    /// catalogue's variants) that the tile and points do not tell apart: J3-S8's `Bazoro`,
    /// `dora`, `Ippatsu`. Absent for every other item, so records stay short.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub name: Option<String>,
}

fn is_zero(v: &u32) -> bool {
    *v == 0
}

/// One payment between players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PaymentRecord {
    /// Paying player, or the number of players for the pot (J3-S10: riichi sticks carried
    /// from earlier hands, taken by the winner).
    pub from: usize,
    /// Receiving player, or the number of players for the pot (J3-S10: a riichi stick put
    /// in at a washout).
    pub to: usize,
    /// Amount.
    pub amount: u64,
    /// The rule it is paid under, where the hand's items do not tell it: a washout's
    /// payments (J3-P's noten payment, J3-S10's riichi stick). Record version 2.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rule: Option<String>,
    /// The rule's English name, when the id covers several cases (as
    /// [`ScoredItem::name`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub name: Option<String>,
}

impl Event {
    /// Whether only `player` may see this event as it is (others see a redacted form).
    pub fn private_to(&self) -> Option<usize> {
        match self {
            Event::Deal { player, .. } | Event::Draw { player, .. } => Some(*player),
            _ => None,
        }
    }

    /// The event as `viewer` may see it: another player's deal and draw lose their tiles.
    pub fn redacted_for(&self, viewer: usize) -> Event {
        match self {
            Event::Deal { player, count, .. } if *player != viewer => Event::Deal {
                player: *player,
                count: *count,
                tiles: vec![],
            },
            Event::Draw { player, loose, .. } if *player != viewer => Event::Draw {
                player: *player,
                tile: None,
                loose: *loose,
            },
            e => e.clone(),
        }
    }
}

/// Serde: a set's joker count is left out when it holds none.
fn no_jokers(n: &u8) -> bool {
    *n == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EngineError;

    #[test]
    fn a_refused_action_reads_as_words() {
        let t = |s: &str| s.parse::<Tile>().unwrap();
        let refused = EngineError::Illegal {
            player: 0,
            action: Action::Discard {
                tile: t("EW"),
                call: false,
            },
        };
        assert_eq!(refused.to_string(), "player 0 may not discard EW now");
        assert_eq!(Action::Chow { first: t("3B") }.to_string(), "chow from 3B");
        assert_eq!(Action::Pass.to_string(), "pass");
        assert_eq!(
            Action::Discard {
                tile: t("RD"),
                call: true
            }
            .to_string(),
            "discard RD with Original Call"
        );
    }
}
