//! Rulesets as data: a preset plus options, loadable from TOML and overridable per call.
//!
//! Option names are public (JSON `options`, TOML `[options]`): they are the names used in
//! `shared/rules/classical-millington.md`. Unknown options and wrong types are errors that
//! name the option.

use std::path::Path;

use mahjong_tiles::Wind;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Why a ruleset could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesetError {
    /// The preset name is not known.
    #[error("unknown ruleset {0:?} (presets: {presets})", presets = PRESETS.join(", "))]
    UnknownPreset(String),
    /// An option name is not known to the ruleset's family.
    #[error("options.{name}: unknown option (known: {known})")]
    UnknownOption {
        /// The unknown name.
        name: String,
        /// The options the family has.
        known: String,
    },
    /// An option has a value of the wrong type or out of range.
    #[error("options.{name}: {message}")]
    BadValue {
        /// The option.
        name: String,
        /// What is wrong.
        message: String,
    },
    /// A ruleset file could not be read or parsed.
    #[error("{path}: {message}")]
    File {
        /// The file.
        path: String,
        /// What went wrong.
        message: String,
    },
}

/// The preset names (public interface).
pub const PRESETS: &[&str] = &["millington", "bradfield", "western", "korean-3p"];

/// The dead wall (M22).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DeadWall {
    /// 16 tiles at the end of the wall, not replenished (Millington).
    #[serde(rename = "16-fixed")]
    Fixed16,
    /// 14 tiles, two moved from the live wall after every two loose tiles (Bradfield).
    #[serde(rename = "14-replenished")]
    Replenished14,
    /// No dead wall: loose tiles come from the end of the live wall.
    #[serde(rename = "none")]
    None,
    /// The last 13 tiles are never drawn (K3-D `ghost_wall`, the K3-O dora wall); loose
    /// tiles come from the end of the rest.
    #[serde(rename = "13-unused")]
    Unused13,
}

/// Which tiles count as "not yet visible" for the late-game dangerous discard (M90g).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnseenRule {
    /// No copy visible on the table, in discards or exposed sets (Millington).
    Table,
    /// Counting discards only, at most one copy discarded counts as unseen (Bradfield).
    DiscardsAtMostOne,
}

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
    /// Millington's rules as written (the values marked **M**).
    pub fn millington() -> ClassicalOptions {
        ClassicalOptions {
            flowers: true,
            rounds: 4,
            dead_wall: DeadWall::Fixed16,
            bonus_from_loose: false,
            seven_pairs: false,
            seven_pairs_points: 20,
            claimed_kong_counts_concealed: true,
            annex_claimed_pung: false,
            mahjong_points: 10,
            own_flower_and_season: 1,
            own_flower_each: 0,
            bouquet: 1,
            concealed_fully: 1,
            concealed_almost: 0,
            losers_purity: false,
            limit: 1000,
            no_limit: false,
            limit_hand_minimum: None,
            all_terminals_doubles: 0,
            show_on_washout: false,
            east_doubles: true,
            losers_settle: true,
            discarder_doubles: false,
            dangerous_unseen: UnseenRule::Table,
            claim_seconds: 10,
        }
    }

    /// The defaults of J. C. Bradfield's mj-server 1.11 (§15, the values marked **B**).
    pub fn bradfield() -> ClassicalOptions {
        ClassicalOptions {
            mahjong_points: 20,
            dead_wall: DeadWall::Replenished14,
            claimed_kong_counts_concealed: false,
            annex_claimed_pung: true,
            all_terminals_doubles: 2,
            dangerous_unseen: UnseenRule::DiscardsAtMostOne,
            claim_seconds: 10,
            ..ClassicalOptions::millington()
        }
    }

    fn check(&self) -> Result<(), RulesetError> {
        let bad = |name: &str, message: &str| {
            Err(RulesetError::BadValue {
                name: name.into(),
                message: message.into(),
            })
        };
        if !(self.rounds == 1
            || self.rounds == 2
            || (self.rounds > 0 && self.rounds.is_multiple_of(4)))
        {
            return bad("rounds", "must be 1, 2 or a multiple of 4");
        }
        if self.limit == 0 {
            return bad("limit", "must be at least 1");
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
    /// The defaults of `western.md`.
    pub fn western() -> WesternOptions {
        WesternOptions {
            flowers: true,
            rounds: 4,
            dead_wall: DeadWall::Fixed16,
            bonus_from_loose: false,
            annex_claimed_pung: false,
            show_on_washout: false,
            mahjong_points: 20,
            prevailing_wind: false,
            pairs_concealed_only: false,
            great_blessings_sets: 4,
            nine_sons_any_suit: false,
            dealt_complete: DealtComplete::Special,
            payment_limit: 300,
            east_limit_factor: 2,
            east_doubles: true,
            losers_settle: true,
            draw_rotates: true,
            claim_seconds: 10,
        }
    }

    fn check(&self) -> Result<(), RulesetError> {
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
        if self.payment_limit == 0 {
            return bad("payment_limit", "must be at least 1");
        }
        if self.east_limit_factor == 0 {
            return bad("east_limit_factor", "must be at least 1");
        }
        if self.mahjong_points > 10_000 {
            return bad("mahjong_points", "must be at most 10000");
        }
        Ok(())
    }
}

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
    /// The vanilla rules of seed 004 (`korean-3p`).
    pub fn korean() -> KoreanOptions {
        KoreanOptions {
            min_hand_points: 3,
            limit: 40,
            limit_hands: true,
            limit_hands_concealed_only: false,
            discard_payment: DiscardPayment::DoubleHand,
            ready_discount: ReadyDiscount::Waiting,
            others_waiting_bonus: true,
            matches: 1,
            goulash_bonus: vec![5, 10],
            goulash_cap: 0,
            ghost_wall: false,
            missing_wind: MissingWind::North,
            north: false,
            no_bamboo: false,
            three_ready: ThreeReady::PlayOn,
            dora: false,
            dora_extra: false,
            red_dora: false,
            five_bamboo: false,
            seat_dragons: false,
            claim_seconds: 10,
        }
    }

    fn check(&self) -> Result<(), RulesetError> {
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

fn check_rounds(rounds: u32) -> Result<(), RulesetError> {
    if rounds == 1 || rounds == 2 || (rounds > 0 && rounds.is_multiple_of(4)) {
        Ok(())
    } else {
        Err(RulesetError::BadValue {
            name: "rounds".into(),
            message: "must be 1, 2 or a multiple of 4".into(),
        })
    }
}

/// What the game engine needs from a ruleset, whatever its family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayRules {
    /// Number of players.
    pub seats: usize,
    /// Rounds in a game.
    pub rounds: u32,
    /// The dead wall.
    pub dead_wall: DeadWall,
    /// Bonus tiles replaced from the dead wall.
    pub bonus_from_loose: bool,
    /// Seven pairs is a complete hand.
    pub seven_pairs: bool,
    /// A just-claimed pung may be extended.
    pub annex_claimed_pung: bool,
    /// Hands are revealed after a washout.
    pub show_on_washout: bool,
    /// Dangerous discards and cannon liability (M90–M96) apply.
    pub dangerous_discards: bool,
    /// M90g counting.
    pub dangerous_unseen: UnseenRule,
    /// A washout passes the deal (W-G1); otherwise East keeps it (M11).
    pub washout_rotates: bool,
    /// After this many consecutive wins East passes the deal anyway (M122r: 13).
    pub east_streak_limit: Option<u32>,
    /// Seconds to claim a discard at a networked table (0: no timer); local play ignores it.
    pub claim_seconds: u32,
    /// Seat winds in seating order from the dealer (the first `seats` are used); the
    /// prevailing wind of round `r` is entry `r % seats`.
    pub winds: [Wind; 4],
    /// A discard may be claimed for a chow (K3-P3: not in the three-player game, except to
    /// win).
    pub chow_claims: bool,
    /// K3-P8: no winning on another's discard of a tile one has discarded in this hand.
    pub sacred_discard: bool,
    /// When a player may declare a frozen, waiting hand (`call` on a discard).
    pub declare_ready: DeclareReady,
    /// How ties between players claiming the same discard to win are broken.
    pub win_ties: WinTies,
    /// Every win is checked by the scorer before it is offered (K3-S1: the minimum).
    pub win_check: bool,
    /// K3-M: the deal passes after every hand, whatever the result.
    pub deal_always_passes: bool,
    /// The dealer's throw alone breaks the wall (K3-D); otherwise a second throw adds to it.
    pub single_throw: bool,
    /// K3-O dora: the first tile of the unused dead wall is revealed as the dora indicator.
    pub dora_indicator: bool,
    /// K3-O: when every player has declared ready and nobody wins the discard, the hand is
    /// a draw.
    pub all_ready_draw: bool,
}

/// When a player may declare his hand ready and frozen (`call` on a discard).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DeclareReady {
    /// M55 Original Call: with the first discard, before any set is declared.
    FirstDiscard,
    /// K3-P9: at any discard while the hand is concealed.
    Concealed,
}

/// Who wins a discard several players claim for Mah-Jongg.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WinTies {
    /// The first in turn after the discarder (M-rules).
    Nearest,
    /// K3-P7: more hand-points, then more bonus-points, then the first in turn.
    Points,
}

fn default_claim_seconds() -> u32 {
    10
}

impl PlayRules {
    /// The four-seat play of the classical and Western games, for fields a family does not
    /// set itself.
    fn four_seats() -> PlayRules {
        PlayRules {
            seats: 4,
            rounds: 4,
            dead_wall: DeadWall::Fixed16,
            bonus_from_loose: false,
            seven_pairs: false,
            annex_claimed_pung: false,
            show_on_washout: false,
            dangerous_discards: true,
            dangerous_unseen: UnseenRule::Table,
            washout_rotates: false,
            east_streak_limit: Some(13),
            claim_seconds: 10,
            winds: Wind::ALL,
            chow_claims: true,
            sacred_discard: false,
            declare_ready: DeclareReady::FirstDiscard,
            win_ties: WinTies::Nearest,
            win_check: false,
            deal_always_passes: false,
            single_throw: false,
            dora_indicator: false,
            all_ready_draw: false,
        }
    }
}

/// The K3-T tile set with the K3-O options that change it.
fn korean_tile_set(o: &KoreanOptions) -> mahjong_tiles::TileSet {
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

/// The scoring family of a ruleset: which scorer and settlement apply. This is data carried
/// by the ruleset; code dispatches on it, never on a preset's name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "family", content = "options", rename_all = "kebab-case")]
pub enum Options {
    /// Classical Chinese by Millington's numbered rules.
    Classical(ClassicalOptions),
    /// The Western points-and-doubles game with a payment limit.
    Western(WesternOptions),
    /// The Korean/Japanese three-player hand-points game.
    Korean(KoreanOptions),
}

/// A ruleset: a name, the preset it starts from, and every option's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruleset {
    /// Display name (the preset's, or the `name` of a ruleset file).
    pub name: String,
    /// The preset the options start from.
    pub preset: String,
    /// Family and option values.
    #[serde(flatten)]
    pub options: Options,
}

/// A ruleset file: `preset = "..."`, optional `name`, and an `[options]` table.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesetFile {
    name: Option<String>,
    preset: String,
    #[serde(default)]
    options: Map<String, Value>,
}

impl Ruleset {
    /// A named preset with its default options.
    pub fn preset(name: &str) -> Result<Ruleset, RulesetError> {
        let options = match name {
            "millington" => Options::Classical(ClassicalOptions::millington()),
            "bradfield" => Options::Classical(ClassicalOptions::bradfield()),
            "western" => Options::Western(WesternOptions::western()),
            "korean-3p" => Options::Korean(KoreanOptions::korean()),
            _ => return Err(RulesetError::UnknownPreset(name.to_string())),
        };
        Ok(Ruleset {
            name: name.to_string(),
            preset: name.to_string(),
            options,
        })
    }

    /// A preset name, or else a path to a ruleset file.
    pub fn named_or_file(name: &str) -> Result<Ruleset, RulesetError> {
        match Ruleset::preset(name) {
            Ok(r) => Ok(r),
            Err(e) if !Path::new(name).exists() => Err(e),
            Err(_) => Ruleset::load(Path::new(name)),
        }
    }

    /// Reads a ruleset file (TOML).
    pub fn load(path: &Path) -> Result<Ruleset, RulesetError> {
        let text = std::fs::read_to_string(path).map_err(|e| RulesetError::File {
            path: path.display().to_string(),
            message: e.to_string(),
        })?;
        Ruleset::from_toml(&text).map_err(|e| match e {
            RulesetError::File { message, .. } => RulesetError::File {
                path: path.display().to_string(),
                message,
            },
            other => other,
        })
    }

    /// Parses a ruleset from TOML text:
    ///
    /// ```toml
    /// name = "our club"
    /// preset = "bradfield"
    /// [options]
    /// mahjong_points = 30
    /// ```
    pub fn from_toml(text: &str) -> Result<Ruleset, RulesetError> {
        let file: RulesetFile = toml::from_str(text).map_err(|e| RulesetError::File {
            path: "<toml>".into(),
            message: e.message().to_string(),
        })?;
        let mut r = Ruleset::preset(&file.preset)?;
        r.apply(&file.options)?;
        if let Some(name) = file.name {
            r.name = name;
        }
        Ok(r)
    }

    /// This ruleset as a TOML file that [`Ruleset::from_toml`] reads back.
    pub fn to_toml(&self) -> String {
        match &self.options {
            Options::Classical(o) => toml_file(&self.name, &self.preset, o),
            Options::Western(o) => toml_file(&self.name, &self.preset, o),
            Options::Korean(o) => toml_file(&self.name, &self.preset, o),
        }
    }

    /// Overrides options by name. Every name must be an option of the ruleset's family and
    /// every value of the option's type; on error nothing is changed.
    pub fn apply(&mut self, overrides: &Map<String, Value>) -> Result<(), RulesetError> {
        if overrides.is_empty() {
            return Ok(());
        }
        self.options = match &self.options {
            Options::Classical(o) => {
                let merged = merge(o, overrides)?;
                merged.check()?;
                Options::Classical(merged)
            }
            Options::Western(o) => {
                let merged = merge(o, overrides)?;
                merged.check()?;
                Options::Western(merged)
            }
            Options::Korean(o) => {
                let merged = merge(o, overrides)?;
                merged.check()?;
                Options::Korean(merged)
            }
        };
        Ok(())
    }

    /// Overrides one option from `key=value` text (as on a command line). The value is read
    /// as JSON if it parses, otherwise as a string.
    pub fn set(&mut self, assignment: &str) -> Result<(), RulesetError> {
        let (k, v) = assignment
            .split_once('=')
            .ok_or_else(|| RulesetError::BadValue {
                name: assignment.to_string(),
                message: "expected key=value".into(),
            })?;
        let value = serde_json::from_str(v).unwrap_or_else(|_| Value::String(v.to_string()));
        let mut m = Map::new();
        m.insert(k.trim().to_string(), value);
        self.apply(&m)
    }

    /// The classical options.
    ///
    /// # Panics
    /// If the ruleset is of another family; use [`Ruleset::play`] for what every family has.
    pub fn classical(&self) -> &ClassicalOptions {
        match &self.options {
            Options::Classical(o) => o,
            other => panic!("not a classical ruleset: {other:?}"),
        }
    }

    /// Number of seats the ruleset plays with.
    pub fn seats(&self) -> usize {
        match self.options {
            Options::Classical(_) | Options::Western(_) => 4,
            Options::Korean(_) => 3,
        }
    }

    /// The Korean options.
    ///
    /// # Panics
    /// If the ruleset is of another family.
    pub fn korean(&self) -> &KoreanOptions {
        match &self.options {
            Options::Korean(o) => o,
            other => panic!("not a korean-3p ruleset: {other:?}"),
        }
    }

    /// Seat winds in seating order from the dealer: E S W N, or the three-player set's.
    pub fn seat_winds(&self) -> &'static [Wind] {
        match &self.options {
            Options::Classical(_) | Options::Western(_) => &Wind::ALL,
            Options::Korean(o) => match o.missing_wind {
                MissingWind::North => &[Wind::East, Wind::South, Wind::West],
                MissingWind::West => &[Wind::East, Wind::South, Wind::North],
            },
        }
    }

    /// The tile set the ruleset plays with.
    pub fn tile_set(&self) -> mahjong_tiles::TileSet {
        use mahjong_tiles::{TileSet, TileSetId};
        let flowers = match &self.options {
            Options::Classical(o) => o.flowers,
            Options::Western(o) => o.flowers,
            Options::Korean(o) => return korean_tile_set(o),
        };
        TileSet::new(if flowers {
            TileSetId::Classical
        } else {
            TileSetId::ClassicalNoFlowers
        })
    }

    /// Whether the prevailing wind scores (pairs and pungs), for players that value hands.
    pub fn prevailing_wind_scores(&self) -> bool {
        match &self.options {
            Options::Classical(_) => true,
            Options::Western(o) => o.prevailing_wind,
            Options::Korean(_) => true,
        }
    }

    /// What the engine needs to play this ruleset.
    pub fn play(&self) -> PlayRules {
        match &self.options {
            Options::Classical(o) => PlayRules {
                seats: 4,
                rounds: o.rounds,
                dead_wall: o.dead_wall,
                bonus_from_loose: o.bonus_from_loose,
                seven_pairs: o.seven_pairs,
                annex_claimed_pung: o.annex_claimed_pung,
                show_on_washout: o.show_on_washout,
                dangerous_discards: true,
                dangerous_unseen: o.dangerous_unseen,
                washout_rotates: false,
                east_streak_limit: Some(13),
                claim_seconds: o.claim_seconds,
                ..PlayRules::four_seats()
            },
            Options::Western(o) => PlayRules {
                seats: 4,
                rounds: o.rounds,
                dead_wall: o.dead_wall,
                bonus_from_loose: o.bonus_from_loose,
                seven_pairs: false,
                annex_claimed_pung: o.annex_claimed_pung,
                show_on_washout: o.show_on_washout,
                // Seed 002 has no dangerous-discard rules.
                dangerous_discards: false,
                dangerous_unseen: UnseenRule::Table,
                washout_rotates: o.draw_rotates,
                // W-G2: East keeps the deal whenever he wins.
                east_streak_limit: None,
                claim_seconds: o.claim_seconds,
                ..PlayRules::four_seats()
            },
            Options::Korean(o) => {
                let w = self.seat_winds();
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
                    dangerous_discards: false,
                    dangerous_unseen: UnseenRule::Table,
                    washout_rotates: true,
                    east_streak_limit: None,
                    claim_seconds: o.claim_seconds,
                    winds: [w[0], w[1], w[2], Wind::North],
                    chow_claims: false,
                    sacred_discard: true,
                    declare_ready: DeclareReady::Concealed,
                    win_ties: WinTies::Points,
                    win_check: true,
                    deal_always_passes: true,
                    single_throw: true,
                    dora_indicator: o.dora,
                    all_ready_draw: o.three_ready == ThreeReady::Draw,
                }
            }
        }
    }
}

/// Overrides the options of one family: each override is checked alone so an error names
/// the option at fault.
fn merge<T: Serialize + serde::de::DeserializeOwned>(
    current: &T,
    overrides: &Map<String, Value>,
) -> Result<T, RulesetError> {
    let mut value = serde_json::to_value(current).expect("options serialize");
    let fields = value.as_object_mut().expect("options are an object");
    let known = || {
        let v = serde_json::to_value(current).expect("options serialize");
        v.as_object()
            .expect("object")
            .keys()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (k, v) in overrides {
        if !fields.contains_key(k) {
            return Err(RulesetError::UnknownOption {
                name: k.clone(),
                known: known(),
            });
        }
        let mut single = serde_json::to_value(current).expect("options serialize");
        single[k] = v.clone();
        serde_json::from_value::<T>(single).map_err(|e| RulesetError::BadValue {
            name: k.clone(),
            message: e.to_string(),
        })?;
        fields.insert(k.clone(), v.clone());
    }
    serde_json::from_value(value).map_err(|e| RulesetError::BadValue {
        name: "?".into(),
        message: e.to_string(),
    })
}

/// A ruleset file for any family's options.
fn toml_file<T: Serialize>(name: &str, preset: &str, options: &T) -> String {
    #[derive(Serialize)]
    struct File<'a, T> {
        name: &'a str,
        preset: &'a str,
        options: &'a T,
    }
    toml::to_string(&File {
        name,
        preset,
        options,
    })
    .expect("options serialize to TOML")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn map(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn presets_differ_where_the_spec_says() {
        let m = Ruleset::preset("millington").unwrap();
        let b = Ruleset::preset("bradfield").unwrap();
        assert_eq!(m.classical().mahjong_points, 10);
        assert_eq!(b.classical().mahjong_points, 20);
        assert_eq!(m.classical().dead_wall, DeadWall::Fixed16);
        assert_eq!(b.classical().dead_wall, DeadWall::Replenished14);
        assert!(m.classical().claimed_kong_counts_concealed);
        assert!(!b.classical().claimed_kong_counts_concealed);
        assert_eq!(b.classical().limit, 1000);
        assert_eq!(m.seats(), 4);
        assert_eq!(m.tile_set().len(), 144);
    }

    #[test]
    fn unknown_preset_and_option_are_named() {
        assert_eq!(
            Ruleset::preset("nope").unwrap_err().to_string(),
            "unknown ruleset \"nope\" (presets: millington, bradfield, western, korean-3p)"
        );
        let mut r = Ruleset::preset("millington").unwrap();
        let e = r.apply(&map(json!({"mahjong_pts": 20}))).unwrap_err();
        assert!(e
            .to_string()
            .starts_with("options.mahjong_pts: unknown option (known: "));
        let e = r.apply(&map(json!({"mahjong_points": "x"}))).unwrap_err();
        assert_eq!(
            e.to_string(),
            "options.mahjong_points: invalid type: string \"x\", expected u32"
        );
        let e = r.apply(&map(json!({"dead_wall": "12"}))).unwrap_err();
        assert!(e
            .to_string()
            .starts_with("options.dead_wall: unknown variant `12`"));
        let e = r.apply(&map(json!({"rounds": 3}))).unwrap_err();
        assert_eq!(
            e.to_string(),
            "options.rounds: must be 1, 2 or a multiple of 4"
        );
        // Nothing changed by the failed calls.
        assert_eq!(r, Ruleset::preset("millington").unwrap());
    }

    #[test]
    fn overrides_apply() {
        let mut r = Ruleset::preset("millington").unwrap();
        r.apply(&map(json!({"mahjong_points": 20, "dead_wall": "none"})))
            .unwrap();
        assert_eq!(r.classical().mahjong_points, 20);
        assert_eq!(r.classical().dead_wall, DeadWall::None);
        r.set("limit=500").unwrap();
        r.set("dead_wall=14-replenished").unwrap();
        assert_eq!(r.classical().limit, 500);
        assert_eq!(r.classical().dead_wall, DeadWall::Replenished14);
        assert!(r.set("limit").is_err());
    }

    #[test]
    fn toml_round_trip() {
        let r = Ruleset::from_toml(
            "name = \"club\"\npreset = \"bradfield\"\n[options]\nmahjong_points = 30\nseven_pairs = true\n",
        )
        .unwrap();
        assert_eq!(r.name, "club");
        assert_eq!(r.preset, "bradfield");
        assert_eq!(r.classical().mahjong_points, 30);
        assert!(r.classical().seven_pairs);
        assert_eq!(r.classical().dead_wall, DeadWall::Replenished14);
        let back = Ruleset::from_toml(&r.to_toml()).unwrap();
        assert_eq!(back, r);
        let e = Ruleset::from_toml("preset = \"millington\"\n[options]\nlimt = 5\n").unwrap_err();
        assert!(e.to_string().starts_with("options.limt: unknown option"));
        let e = Ruleset::from_toml("preset = \"millington\"\nbogus = 1\n").unwrap_err();
        assert!(e.to_string().contains("unknown field `bogus`"), "{e}");
        assert!(Ruleset::from_toml("preset = ").is_err());
    }

    proptest::proptest! {
        #[test]
        fn toml_parser_never_panics(s in "\\PC{0,200}") {
            let _ = Ruleset::from_toml(&s);
        }

        #[test]
        fn toml_like_input_never_panics(
            key in "[a-z_]{1,20}",
            val in proptest::prop_oneof![
                "[0-9]{1,25}".prop_map(|s| s),
                "\"[a-z0-9-]{0,16}\"".prop_map(|s| s),
                proptest::strategy::Just("true".to_string()),
                proptest::strategy::Just("-1".to_string()),
                proptest::strategy::Just("[1, 2]".to_string()),
            ],
        ) {
            let text = format!("preset = \"millington\"\n[options]\n{key} = {val}\n");
            let _ = Ruleset::from_toml(&text);
        }
    }
}
