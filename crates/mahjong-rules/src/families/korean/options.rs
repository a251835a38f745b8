//! Options of the Korean/Japanese three-player hand-points game (`three-player-korean.md`).

use serde::{Deserialize, Serialize};

use crate::ruleset::default_claim_seconds;
use crate::RulesetError;

/// K3-S4: who pays what on a win from a discard.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DiscardPayment {
    /// The discarder pays double the hand-points, both opponents pay the bonus-points.
    DoubleHand,
    /// The later paragraph: the discarder pays the hand-points and the other's
    /// bonus-points; the other pays only hand-points.
    BonusForOther,
}

/// K3-S5: which opponents count as "ready" and pay 2 bonus-points less.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReadyDiscount {
    /// Any opponent one tile from a legal hand meeting the minimum (declared or not).
    Waiting,
    /// Only an opponent who declared ready (K3-P9).
    Declared,
}

/// K3-O: what happens when all three players have declared ready.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ThreeReady {
    /// Nothing special (the option is off).
    PlayOn,
    /// The hand is a draw.
    Draw,
    /// Play on; the winner takes hand-points only.
    HandPointsOnly,
}

/// The missing wind of the three-player set (K3-T, K3-O).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MissingWind {
    /// No North (seats E, S, W).
    North,
    /// No West instead, for Western tables (seats E, S, N).
    West,
}

/// Options of the Korean/Japanese three-player hand-points game (`three-player-korean.md`,
/// seed 004). Every K3-O rule is an option, off by default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KoreanOptions {
    /// K3-S1: hand-points a win needs (bonus-points excluded): 3, or 4–7 for strong tables.
    pub min_hand_points: u32,
    /// K3-S6: the limit (at least 40); half-limit hands take half of it.
    pub limit: u64,
    /// K3-L: limit hands are played (the group is optional).
    pub limit_hands: bool,
    /// K3-L: every limit hand must be concealed (the article's summary).
    pub limit_hands_concealed_only: bool,
    /// K3-S4: payments on a win from a discard.
    pub discard_payment: DiscardPayment,
    /// K3-S5: which opponents pay 2 bonus-points less.
    pub ready_discount: ReadyDiscount,
    /// K3-BP6: 1 bonus-point for each other player also waiting on the winning tile.
    pub others_waiting_bonus: bool,
    /// K3-M: matches of 9 hands (1, 2 or 3), points carrying over.
    pub matches: u32,
    /// K3-M2: the goulash bonus from each player after 1, 2, … draws in a row; more draws
    /// than listed keep adding the last step.
    pub goulash_bonus: Vec<u32>,
    /// K3-M2: count at most this many draws in a row for the goulash bonus (0: no cap).
    pub goulash_cap: u32,
    /// K3-D: the last 13 tiles of the wall are not used.
    pub ghost_wall: bool,
    /// K3-O: which wind the set lacks (`north`, or `west` for Western tables).
    pub missing_wind: MissingWind,
    /// K3-O: North kept as a tile usable only as a pair or a kong (not with `missing_wind = west`).
    pub north: bool,
    /// K3-O: all bamboo removed.
    pub no_bamboo: bool,
    /// K3-O: when all three players have declared ready.
    pub three_ready: ThreeReady,
    /// K3-O: a dead wall of 13 unused tiles with a revealed dora indicator.
    pub dora: bool,
    /// K3-O: a dora pair, pung and kong earn the article's extra +1 / +2 / +6.
    pub dora_extra: bool,
    /// K3-O: one red 5 circles and one red 5 characters (bonus-points when held).
    pub red_dora: bool,
    /// K3-O: two 5 bamboo, usable only as a pair (enables K3-L8, K3-L14).
    pub five_bamboo: bool,
    /// K3-T/K3-O: seat dragons (East green, South red, West white).
    pub seat_dragons: bool,
    /// Seconds a player has to claim a discard at a networked table (0: no timer).
    #[serde(default = "default_claim_seconds")]
    pub claim_seconds: u32,
}

impl KoreanOptions {
    pub(crate) fn check(&self) -> Result<(), RulesetError> {
        let bad = |name: &str, message: &str| {
            Err(RulesetError::BadValue {
                name: name.into(),
                message: message.into(),
            })
        };
        if !(1..=20).contains(&self.min_hand_points) {
            return bad("min_hand_points", "must be 1 to 20");
        }
        if !(40..=10_000).contains(&self.limit) {
            return bad("limit", "must be 40 to 10000");
        }
        if !(1..=3).contains(&self.matches) {
            return bad("matches", "must be 1, 2 or 3");
        }
        if self.goulash_bonus.len() > 8 || self.goulash_bonus.iter().any(|&b| b > 1000) {
            return bad("goulash_bonus", "at most 8 entries, each at most 1000");
        }
        if self.north && self.missing_wind == MissingWind::West {
            return bad(
                "north",
                "North is already a full wind when the West is removed (missing_wind = west)",
            );
        }
        if self.five_bamboo && self.no_bamboo {
            return bad("five_bamboo", "needs bamboo (no_bamboo is on)");
        }
        if self.dora && self.ghost_wall {
            return bad(
                "dora",
                "the dora dead wall already leaves 13 tiles unused (ghost_wall)",
            );
        }
        Ok(())
    }

    /// The goulash bonus each player pays the winner after `draws` drawn hands in a row.
    pub fn goulash_for(&self, draws: u32) -> u64 {
        let n = if self.goulash_cap > 0 {
            draws.min(self.goulash_cap)
        } else {
            draws
        } as usize;
        let b = &self.goulash_bonus;
        match (n, b.len()) {
            (0, _) | (_, 0) => 0,
            (n, len) if n <= len => b[n - 1] as u64,
            (n, len) => {
                let last = b[len - 1] as u64;
                let step = if len >= 2 {
                    last.saturating_sub(b[len - 2] as u64)
                } else {
                    last
                };
                last + step * (n - len) as u64
            }
        }
    }
}

/// The K3-T tile set with the K3-O options that change it.
pub(super) fn korean_tile_set(o: &KoreanOptions) -> mahjong_tiles::TileSet {
    use mahjong_tiles::{Suit, Tile, TileSet, TileSetId};
    let mut set = TileSet::new(TileSetId::Korean3p);
    match o.missing_wind {
        MissingWind::North if o.north => set.set_copies(Tile::NORTH, 4),
        MissingWind::North => {}
        MissingWind::West => {
            set.set_copies(Tile::from_kind(29), 0); // West
            set.set_copies(Tile::NORTH, 4);
        }
    }
    if o.no_bamboo {
        set.set_copies(Tile::suited(Suit::Bamboo, 1), 0);
        set.set_copies(Tile::suited(Suit::Bamboo, 9), 0);
    }
    if o.five_bamboo {
        set.set_copies(Tile::suited(Suit::Bamboo, 5), 2);
    }
    if o.red_dora {
        for s in [Suit::Characters, Suit::Circles] {
            set.set_copies(Tile::suited(s, 5), 3);
            set.set_copies(Tile::red_five(s), 1);
        }
    }
    set
}
