//! The engine's hooks: what a family decides while a hand is played.
//!
//! The engine's state machine (deal, draws, discards, claims, kongs, robbing, the end of a
//! hand) is the same for every family. What differs comes through [`PlayHooks`], which each
//! family implements in its folder with its own per-hand state: dangerous discards and
//! cannon liability (classical M90–M96), the sacred discard (K3-P8), when a hand may be
//! declared ready and frozen (M55, K3-P9), a dora indicator (K3-O), a hand that ends when
//! every player is ready (K3-O), whether wins pass the family's scorer first (K3-S1) and
//! how claims to win the same discard are ranked (K3-P7).
//!
//! Hooks read the table through [`PlayTable`], a narrow read-only view the engine builds
//! from its own state: declared sets, concealed tiles by kind, discards, waits, the live
//! wall. Nothing in it is the engine's type, so the rules crate stays below the engine.
//!
//! The hooks are generic over the view and dispatched through [`FamilyPlay`] (one `match`
//! per call, no `dyn`): they run on the engine's hot paths (every draw and discard).

use crate::InstantPayment;
use std::fmt::Debug;

use mahjong_hands::{Counts, KindMask, Meld, Shape};
use mahjong_tiles::Tile;

use crate::Table;

pub use crate::families::FamilyPlay;

/// The table as a family's hooks may read it during play. Seats are the engine's player
/// indices (not positions from the dealer).
pub trait PlayTable {
    /// Number of players.
    fn seats(&self) -> usize;
    /// A player's declared sets, in order.
    fn melds(&self, p: usize) -> &[Meld];
    /// A player's concealed tiles by kind.
    fn concealed(&self, p: usize) -> &Counts;
    /// The kinds a player holds concealed, as a bit mask (bit `k` for kind `k`).
    fn concealed_kinds(&self, p: usize) -> u64;
    /// A player's discards in order, each with whether it was claimed.
    fn discards(&self, p: usize) -> &[(Tile, bool)];
    /// A player's winning tiles while his hand holds 13 tiles (sets counted 3).
    fn waits(&self, p: usize) -> KindMask;
    /// Whether a player has declared his hand ready (and frozen).
    fn ready(&self, p: usize) -> bool;
    /// Tiles left in the live wall.
    fn live_remaining(&self) -> usize;
    /// The tile set's shape.
    fn shape(&self) -> &Shape;
    /// Whether seven pairs is a complete hand.
    fn seven_pairs(&self) -> bool;
    /// A player's points at the start of the hand: the family's starting score plus his
    /// total (J3-T7: a riichi stake must be covered).
    fn points(&self, p: usize) -> i64;
    /// Jokers among a player's concealed tiles (MY3-J; none in a tile set without them).
    fn jokers(&self, _p: usize) -> u8 {
        0
    }

    /// Whether a player has declared no exposed set (concealed kongs keep a hand concealed).
    fn is_concealed(&self, p: usize) -> bool {
        self.melds(p).iter().all(|m| !m.exposed)
    }

    /// Whether a player has discarded a tile of kind `k` in this hand.
    fn has_discarded(&self, p: usize, k: usize) -> bool {
        self.discards(p).iter().any(|(t, _)| t.kind() == Some(k))
    }
}

/// Who wins a discard several players claim for Mah-Jongg.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WinTies {
    /// The first in turn after the discarder (M-rules).
    Nearest,
    /// K3-P7: more hand-points, then more bonus-points, then the first in turn (the
    /// family's scorer ranks the wins).
    Points,
    /// Every claimant wins (MY3-P3, option `multiple_winners`): each is scored on his own
    /// table as if he alone had won, and the payments are added up (what was paid during
    /// play counted once).
    All,
}

/// How a hand ended, for the deal's rotation ([`crate::Ruleset::dealer_keeps`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HandEnd {
    /// Nobody won; `dealer_ready` when the dealer's hand was waiting (J3: the dealer
    /// repeats on tenpai).
    Washout {
        /// The dealer's hand was one tile from complete.
        dealer_ready: bool,
    },
    /// The dealer won; `streak` counts his consecutive wins with this one.
    DealerWon {
        /// Consecutive wins of the dealer, this one included.
        streak: u32,
    },
    /// Another player won.
    OtherWon,
}

/// What a family decides during play; the engine calls these at its natural points. The
/// value is the family's per-hand state (reset by [`PlayHooks::start_hand`]); the defaults
/// are a family with no play rules of its own.
pub trait PlayHooks: Clone + Debug + Send + Sync + 'static {
    /// A new hand is about to be dealt to `seats` players: forget the last hand.
    fn start_hand(&mut self, _seats: usize) {}

    /// The revealed dora indicator, given the tiles that are never drawn (K3-O).
    fn dora_indicator(&self, _unused: &[Tile]) -> Option<Tile> {
        None
    }

    /// Whether player `p`, in his turn after a draw, may declare his hand ready with his
    /// discard (the engine offers it only with a discard that leaves the hand waiting).
    fn may_declare_ready<T: PlayTable>(&self, _t: &T, _p: usize) -> bool {
        false
    }

    /// Whether waiting player `p` may claim `discarder`'s `tile`, which completes his
    /// hand, to win (before the scorer's check, if any).
    fn may_claim_win<T: PlayTable>(
        &self,
        _t: &T,
        _p: usize,
        _discarder: usize,
        _tile: Tile,
    ) -> bool {
        true
    }

    /// Whether every win must pass the family's scorer before it is offered (a minimum,
    /// a required yaku): then the engine offers only wins the scorer accepts.
    fn checks_wins(&self) -> bool {
        false
    }

    /// Whether a hand declared ready must have a winning tile that makes a legal win
    /// without the declaration (K3-P9 under the K3-S1 minimum). A family where declaring
    /// is itself a yaku (J3 riichi) says no.
    fn ready_needs_legal_win(&self) -> bool {
        self.checks_wins()
    }

    /// Whether the family has complete hands beyond the shape's forms (four sets and a
    /// pair, seven pairs, Thirteen Orphans): BMJA's knitting hands and Wriggling Snake
    /// (KJ-L17–L20). Then the engine asks [`PlayHooks::special_waits`] for every concealed
    /// hand of 13 tiles.
    fn special_hands(&self) -> bool {
        false
    }

    /// The tiles that make a concealed 13-tile hand `c` with no declared set one of the
    /// family's special hands ([`PlayHooks::special_hands`]), beside the shape's waits;
    /// `held` has bit `k` when `c[k] > 0`.
    fn special_waits(&self, _c: &Counts, _held: u64) -> KindMask {
        KindMask::EMPTY
    }

    /// Whether player `p`'s hand as dealt, after the opening round's bonus tiles are
    /// replaced, wins at once with no winning tile (MY3-J6's four jokers, by option). The
    /// engine asks once a hand, for each player from the dealer, and settles such a win
    /// through [`crate::score_dealt_win`]. By default no hand does.
    fn wins_as_dealt<T: PlayTable>(&self, _t: &T, _p: usize) -> bool {
        false
    }

    /// Whether Mah-Jongg needs a calling hand declared first (KJ-S10, Kajongg's "must
    /// declare calling hand"). The engine then declares a hand calling, for every player
    /// to see, with the first discard that leaves it one tile from a legal win, and offers
    /// Mah-Jongg only to a player who has declared or has not discarded yet.
    fn must_declare_calling(&self) -> bool {
        false
    }

    /// How claims of the same discard to win are ranked.
    fn win_ties(&self) -> WinTies {
        WinTies::Nearest
    }

    /// Whether a discard nobody claims ends the hand as a washout (instead of the next
    /// draw).
    fn unclaimed_ends_hand<T: PlayTable>(&self, _t: &T) -> bool {
        false
    }

    /// Player `p` drew a tile (live or loose) and holds it.
    fn on_draw<T: PlayTable>(&mut self, _t: &T, _p: usize) {}

    /// Player `p` discarded `tile` (already among his discards; his waits are those of
    /// the hand after it).
    fn on_discard<T: PlayTable>(&mut self, _t: &T, _p: usize, _tile: Tile) {}

    /// Player `p`'s declared sets changed (a claim, a kong, an added tile).
    fn on_sets<T: PlayTable>(&mut self, _t: &T, _p: usize) {}

    /// Player `q` claimed `discarder`'s `tile` for a set (already declared).
    fn on_claim<T: PlayTable>(&mut self, _t: &T, _q: usize, _discarder: usize, _tile: Tile) {}

    /// `robber` robs `konger`'s kong of `tile` (the kong is back to a pung; the robber does
    /// not hold the tile yet).
    fn on_rob<T: PlayTable>(&mut self, _t: &T, _konger: usize, _robber: usize, _tile: Tile) {}

    /// The kinds player `p` may set aside in his turn (after a draw, not after a claim),
    /// each replaced by a loose tile (J3-T4: a North as pei-dora). The engine offers only
    /// kinds held, and while the hand is frozen only the tile just drawn.
    fn may_set_aside<T: PlayTable>(&self, _t: &T, _p: usize) -> u64 {
        0
    }

    /// Player `p` set `tile` aside (already among his bonus tiles; the loose draw follows).
    fn on_set_aside<T: PlayTable>(&mut self, _t: &T, _p: usize, _tile: Tile) {}

    /// Whether a tile set aside may be robbed before its loose draw, by the hands that may
    /// rob a concealed kong (Thirteen Unique Wonders, as M57–M60; J3-S13: Kokushi robs a
    /// North set aside). The robber wins as on a robbed kong, from the player who set it
    /// aside.
    fn set_aside_robbable(&self) -> bool {
        false
    }

    /// A further indicator revealed now, after a kong was declared or a tile set aside
    /// (J3-T5 kan-dora), given the tiles that are never drawn. The engine announces it.
    fn reveal_indicator<T: PlayTable>(&mut self, _t: &T, _unused: &[Tile]) -> Option<Tile> {
        None
    }

    /// Writes what the family knows about the hand into the table the engine made for the
    /// scorer (riichi, Ippatsu, the dora indicators, a first-draw win…): called for the
    /// finished hand and for every win the engine checks. `pos[p]` is player `p`'s seat
    /// position from the dealer (the table's seat index).
    fn fill_table<T: PlayTable>(
        &self,
        _t: &T,
        _unused: &[Tile],
        _pos: &[usize; 4],
        _table: &mut Table,
    ) {
    }

    /// The indicators turned over once player `p` has won, for him to count, pushed onto
    /// `out` in the order they lie (J3-S8: the ura-dora indicators, for a riichi winner);
    /// none by default. The engine shows them with the hands at the end.
    fn ura_indicators<T: PlayTable>(
        &self,
        _t: &T,
        _unused: &[Tile],
        _p: usize,
        _out: &mut Vec<Tile>,
    ) {
    }

    /// The payments of a washout, each under its rule, pushed onto `out` (J3: the noten
    /// payments, the riichi sticks into the pot); none by default. A payment `to` the
    /// number of seats goes into the pot, taken by the next winner. The engine settles
    /// the hand from them and lists them on the hand's scores.
    fn washout_payments<T: PlayTable>(&self, _t: &T, _out: &mut Vec<InstantPayment>) {}

    /// Whether the family pays for kongs and bonus groups as they happen (MY3-I): the
    /// engine then writes each claimed kong's supplier and the bonus groups complete after
    /// the opening round on the table, and scores a washout as a table with no winner so
    /// that those payments stand (MY3-P6), instead of by
    /// [`PlayHooks::washout_payments`].
    fn instant_payments(&self) -> bool {
        false
    }

    /// Whether `p`, his hand frozen by a ready declaration, may still declare a concealed
    /// kong of the tile just drawn; the engine offers it only when the waits stay the same
    /// (J3-T7 riichi). Classical Original Call allows none (M55).
    fn kong_when_ready<T: PlayTable>(&self, _t: &T, _p: usize) -> bool {
        false
    }

    /// Player `p` may not win on a discard now (J3-T7 furiten), shown to him as a warning.
    fn furiten<T: PlayTable>(&self, _t: &T, _p: usize) -> bool {
        false
    }

    /// Points staked on the table during this hand and not yet settled (J3 riichi sticks),
    /// shown with the pot.
    fn stakes<T: PlayTable>(&self, _t: &T) -> u64 {
        0
    }

    /// The part of [`PlayHooks::stakes`] that `seat` put in (asked only when the stakes
    /// are not 0): his points now are his total less this.
    fn staked<T: PlayTable>(&self, _t: &T, _seat: usize) -> u64 {
        0
    }

    /// The player liable for the whole payment when `winner` goes out (a cannon), given
    /// who supplied the winning tile.
    fn liable<T: PlayTable>(
        &self,
        _t: &T,
        _winner: usize,
        _supplier: Option<usize>,
    ) -> Option<usize> {
        None
    }
}

/// The hooks of a family with no play rules of its own (every default).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct NoHooks;

impl PlayHooks for NoHooks {}
