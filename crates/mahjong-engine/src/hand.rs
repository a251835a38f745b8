//! One hand of classical play (M20–M65, M90–M99): deal, bonus tiles, turns, claims,
//! kongs and loose tiles, robbing, Mah-Jongg or washout, scoring and settlement.

use std::sync::{Arc, OnceLock};

use mahjong_hands::{
    is_complete, is_thirteen_orphans, waits, Counts, KindMask, KongKind, Meld, MeldKind, Shape,
};
use mahjong_rules::{
    score_into, win_rank, DeclareReady, Outcome, PlayRules, Ruleset, SeatHand, Table, Win, WinFrom,
    WinTies,
};
use mahjong_tiles::{Suit, Tile, Wind, KINDS};
use serde::{Deserialize, Serialize};

use crate::danger::Danger;
use crate::legal::{ActionList, DiscardOffers, LegalSet};
use crate::protocol::{Action, Event, PaymentRecord, ScoredItem, SetKind};
use crate::quick;
use crate::tiles::TileList;
use crate::wall::Wall;

mod export;

/// Records an event when the hand records events; the event is not even built otherwise.
macro_rules! emit {
    ($hand:expr, $event:expr) => {
        if $hand.setup.record {
            let e = $event;
            $hand.events.push(e);
        }
    };
}

/// Why an action was refused. Nothing changes when an action is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The player has no decision to make now.
    #[error("player {player} has nothing to decide now")]
    NotYourTurn {
        /// Who tried.
        player: usize,
    },
    /// The action is not among the player's legal actions.
    #[error("player {player} may not {action:?} now")]
    Illegal {
        /// Who tried.
        player: usize,
        /// What.
        action: Action,
    },
    /// The hand or game is over.
    #[error("the game is over")]
    Over,
    /// A recorded game does not match the engine.
    #[error("replay: {0}")]
    Replay(String),
}

/// Everything a hand needs to know from the game around it.
#[derive(Clone, Debug)]
pub struct HandSetup {
    /// The ruleset.
    pub ruleset: Arc<Ruleset>,
    /// Number of players.
    pub seats: usize,
    /// The player who is East.
    pub dealer: usize,
    /// Prevailing wind.
    pub prevailing: Wind,
    /// East's consecutive wins before this hand.
    pub east_streak: u32,
    /// Drawn hands in a row just before this one (K3-M2 goulash).
    pub goulash: u32,
    /// Hand number in the game.
    pub number: u32,
    /// The tile set's shape (computed once per game).
    pub shape: Shape,
    /// Build events (records, views of the past); off for fast simulation.
    pub record: bool,
}

/// One player's tiles in a hand.
///
/// The concealed tiles are kept as counts only (what play needs, and no list to keep in
/// order); [`PlayerState::concealed`] writes them out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerState {
    /// Declared sets.
    pub melds: Vec<Meld>,
    /// For each declared set, in step with `melds`: the tile claimed from a discard, and
    /// the red fives it holds (for writing the hand as a table).
    pub meld_info: Vec<MeldInfo>,
    /// Flowers and seasons set aside.
    pub bonus: Vec<Tile>,
    /// Discards in order, with whether each was claimed.
    pub discards: Vec<(Tile, bool)>,
    /// Original Call declared (M55): the hand is frozen.
    pub original_call: bool,
    /// Red fives in declared sets (K3-O `red_dora`); those concealed are in `reds`.
    pub reds_melded: u8,
    /// Concealed tiles by kind (a red five counts as a five).
    counts: Counts,
    /// `levels[i]`: the kinds held at least `i + 1` times (kept in step with `counts`), so
    /// pairs, singles and fours are bit masks.
    pub(crate) levels: [u64; 4],
    /// Concealed red fives by suit (also counted in `counts`).
    reds: [u8; 3],
    /// Number of concealed tiles.
    len: u8,
    /// The kinds of the declared pungs (not kongs), kept by `Hand::sets_changed`.
    pungs: u64,
}

impl Default for PlayerState {
    fn default() -> PlayerState {
        PlayerState {
            melds: vec![],
            meld_info: vec![],
            bonus: vec![],
            discards: vec![],
            original_call: false,
            reds_melded: 0,
            counts: [0; KINDS],
            levels: [0; 4],
            reds: [0; 3],
            len: 0,
            pungs: 0,
        }
    }
}

/// What a declared set's tiles were (see [`PlayerState::meld_info`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MeldInfo {
    /// The tile taken from a discard (`None` for a concealed kong).
    pub claimed: Option<Tile>,
    /// Red fives among its tiles.
    pub reds: u8,
}

/// The suit of a five's kind, for red fives.
#[inline]
fn five_suit(k: usize) -> Option<usize> {
    (k < 27 && k % 9 == 4).then_some(k / 9)
}

impl PlayerState {
    /// The concealed tiles, sorted (red fives after every other tile).
    pub fn concealed(&self) -> TileList {
        let mut out = TileList::new();
        let mut kinds = self.levels[0];
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let red = five_suit(k).map_or(0, |s| self.reds[s]);
            out.push_n(Tile::from_kind(k), (self.counts[k] - red) as usize);
        }
        for (s, suit) in Suit::ALL.into_iter().enumerate() {
            out.push_n(Tile::red_five(suit), self.reds[s] as usize);
        }
        out
    }

    /// Number of concealed tiles.
    pub fn concealed_len(&self) -> usize {
        self.len as usize
    }

    /// The concealed tiles by kind.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// Adds what this player shows on the table to `counts`: discards not claimed, and
    /// (with `sets`) his declared sets, concealed kongs included.
    pub(crate) fn add_table_tiles(&self, counts: &mut Counts, sets: bool) {
        for (t, claimed) in &self.discards {
            if !claimed {
                counts[t.kind().expect("playing tile")] += 1;
            }
        }
        if sets {
            for m in &self.melds {
                m.add_to(counts);
            }
        }
    }

    /// Holds nothing (keeping the buffers).
    fn clear(&mut self) {
        self.melds.clear();
        self.meld_info.clear();
        self.bonus.clear();
        self.discards.clear();
        self.original_call = false;
        self.reds_melded = 0;
        self.counts = [0; KINDS];
        self.levels = [0; 4];
        self.reds = [0; 3];
        self.len = 0;
        self.pungs = 0;
    }

    /// One more tile of kind `k` in `counts` and `levels`.
    #[inline]
    fn count_in(&mut self, k: usize) {
        // The count is stored before the level: read once, not again after the store.
        let c = self.counts[k];
        self.counts[k] = c + 1;
        self.len += 1;
        if c < 4 {
            self.levels[c as usize] |= 1 << k;
        }
    }

    /// One tile of kind `k` fewer in `counts` and `levels`.
    #[inline]
    fn count_out(&mut self, k: usize) {
        self.counts[k] -= 1;
        self.len -= 1;
        let c = self.counts[k] as usize;
        if c < 4 {
            self.levels[c] &= !(1 << k);
        }
    }

    /// Whether the player holds this tile (a red five is not a plain five).
    fn holds(&self, tile: Tile) -> bool {
        match tile.kind() {
            Some(k) => match five_suit(k) {
                Some(s) if tile.is_red() => self.reds[s] > 0,
                Some(s) => self.counts[k] > self.reds[s],
                None => self.counts[k] > 0,
            },
            None => false,
        }
    }

    /// Takes one `tile` out of the hand (a discard, checked legal before).
    #[inline]
    fn remove(&mut self, tile: Tile) {
        debug_assert!(self.holds(tile), "tile checked before removal");
        let k = tile.kind().expect("playing tile");
        if tile.is_red() {
            self.reds[five_suit(k).expect("a five")] -= 1;
        }
        self.count_out(k);
    }

    /// Removes `n` tiles of a playing kind into a set, plain fives before red ones; the
    /// red fives moved are counted in `reds_melded`.
    fn meld_kind(&mut self, tile: Tile, n: usize) {
        let k = tile.kind().expect("playing tile");
        for _ in 0..n {
            assert!(self.counts[k] > 0, "tile checked before removal");
            if let Some(s) = five_suit(k) {
                if self.counts[k] == self.reds[s] {
                    self.reds[s] -= 1;
                    self.reds_melded += 1;
                }
            }
            self.count_out(k);
        }
    }

    /// Red fives held, concealed or declared.
    pub fn red_fives(&self) -> u8 {
        self.reds_melded + self.reds.iter().sum::<u8>()
    }

    /// Whether every declared set is a concealed kong (K3-P9: the hand is concealed).
    fn is_concealed(&self) -> bool {
        self.melds.iter().all(|m| !m.exposed)
    }

    /// Whether the player has discarded a tile of this kind in this hand (K3-P8).
    fn has_discarded(&self, k: usize) -> bool {
        self.discards.iter().any(|(t, _)| t.kind() == Some(k))
    }

    /// Adds a playing tile to the concealed hand (bonus tiles are set aside before).
    fn add(&mut self, tile: Tile) {
        let k = tile.kind().expect("only playing tiles are held");
        if tile.is_red() {
            self.reds[five_suit(k).expect("a five")] += 1;
        }
        self.count_in(k);
    }
}

/// A set of players, in seat order; iterating yields them from the lowest seat. Small and
/// `Copy`, so listing who must decide allocates nothing ([`Hand::pending_seats`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Seats(u8);

impl Seats {
    /// Adds a player (0–7).
    pub fn insert(&mut self, p: usize) {
        self.0 |= 1 << p;
    }

    /// Removes a player.
    pub fn remove(&mut self, p: usize) {
        if p < 8 {
            self.0 &= !(1 << p);
        }
    }

    /// Whether the player is in the set.
    pub fn contains(self, p: usize) -> bool {
        p < 8 && self.0 >> p & 1 == 1
    }

    /// Number of players in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl Iterator for Seats {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let p = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(p)
    }
}

/// How the current turn's last tile came.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Source {
    /// East's dealt hand.
    Deal,
    /// The live wall.
    Wall,
    /// A loose or replacement tile.
    Loose,
    /// A claimed discard (chow or pung): only a discard may follow.
    Claim,
}

#[derive(Copy, Clone, Debug)]
enum Phase {
    Turn {
        player: usize,
        drawn: Option<Tile>,
        source: Source,
        /// Kongs declared in this turn (M122f).
        kongs: u8,
        /// The pung just claimed (may be annexed under `annex_claimed_pung`).
        claimed_pung: Option<u8>,
    },
    Claims {
        discarder: usize,
        tile: Tile,
        responses: [Option<Action>; 4],
    },
    Rob {
        konger: usize,
        tile: Tile,
        concealed: bool,
        kongs: u8,
        responses: [Option<Action>; 4],
    },
    Over,
}

/// How a hand ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandResult {
    /// The winner, or `None` for a washout.
    pub winner: Option<usize>,
    /// Scores and settlement by *seat wind* index (0 = East).
    pub outcome: Outcome,
    /// Net result per player.
    pub settlement: Vec<i64>,
    /// The player liable for a cannon.
    pub cannon: Option<usize>,
    /// How the hand was won, as scored.
    pub win: Option<Win>,
}

/// A hand in progress.
#[derive(Clone, Debug)]
pub struct Hand {
    setup: HandSetup,
    options: PlayRules,
    shape: Shape,
    wall: Wall,
    players: Vec<PlayerState>,
    phase: Phase,
    events: Vec<Event>,
    danger: Danger,
    /// Each player's legal actions at the current decision point (computed once).
    legal: [LegalSet; 4],
    /// The same written out, made only when asked for ([`Hand::legal`]).
    lists: [OnceLock<ActionList>; 4],
    /// The players whose legal actions are not empty.
    pending: Seats,
    /// Each waiting player's winning tiles, kept up to date when his hand changes (at his
    /// discard), so checking a claim for Mah-Jongg is a bit test.
    waits: [KindMask; 4],
    /// The kinds of the suits that form chows (for [`quick::may_wait`]).
    chow_kinds: u64,
    /// The kinds where a chow can start.
    chow_starts: u64,
    /// Discards made so far in the hand (for Earth's Blessing).
    discard_count: u32,
    /// Every discard in order, by player (to write the hand as a table).
    discard_log: Vec<(u8, Tile)>,
    result: Option<HandResult>,
}

impl Hand {
    /// Deals a hand from `wall`: East 14, the others 13, then bonus tiles declared and
    /// replaced, East first (M32).
    pub fn new(setup: HandSetup, wall: Wall) -> Hand {
        let options = setup.ruleset.play();
        let shape = setup.shape;
        let n = setup.seats;
        let mut hand = Hand {
            danger: Danger::new(n),
            legal: [LegalSet::EMPTY; 4],
            lists: Default::default(),
            pending: Seats::default(),
            waits: [KindMask::EMPTY; 4],
            chow_kinds: quick::chow_kinds(&shape),
            chow_starts: (0..KINDS)
                .filter(|&k| shape.chow_starts_at(k))
                .fold(0, |m, k| m | 1 << k),
            options,
            shape,
            wall,
            players: vec![PlayerState::default(); n],
            phase: Phase::Over,
            events: Vec::new(),
            discard_count: 0,
            discard_log: Vec::new(),
            result: None,
            setup,
        };
        hand.deal();
        hand
    }

    /// Deals the next hand of the same game in place, reusing this hand's buffers (the
    /// same as [`Hand::new`] with `setup` and `wall`).
    pub(crate) fn redeal(&mut self, setup: HandSetup, wall: Wall) {
        debug_assert!(Arc::ptr_eq(&self.setup.ruleset, &setup.ruleset));
        debug_assert_eq!(self.setup.seats, setup.seats);
        self.setup = setup;
        self.wall = wall;
        for p in &mut self.players {
            p.clear();
        }
        self.phase = Phase::Over;
        self.events.clear();
        self.danger = Danger::new(self.setup.seats);
        self.legal = [LegalSet::EMPTY; 4];
        self.pending = Seats::default();
        self.clear_lists();
        self.waits = [KindMask::EMPTY; 4];
        self.discard_count = 0;
        self.discard_log.clear();
        self.result = None;
        self.deal();
    }

    /// The wall's tile buffer, for the next hand's wall; the wall is left empty.
    pub(crate) fn take_wall_tiles(&mut self) -> Vec<Tile> {
        self.wall.take_tiles()
    }

    /// Deals from the wall: East 14, the others 13, then bonus tiles declared and replaced,
    /// East first (M32). The players hold nothing yet.
    fn deal(&mut self) {
        let n = self.setup.seats;
        emit!(
            self,
            Event::HandStart {
                hand: self.setup.number,
                prevailing: self.setup.prevailing,
                dealer: self.setup.dealer,
                dice: self.wall.dice,
                dora: self.dora_indicator(),
            }
        );
        // Deal: three rounds of four, one each, East one more.
        let dealer = self.setup.dealer;
        let order = |i: usize| {
            if dealer + i >= n {
                dealer + i - n
            } else {
                dealer + i
            }
        };
        if self.wall.live_remaining() < 13 * n + 1 {
            // An explicit wall too short for the deal: nothing can be played.
            self.washout();
            return;
        }
        // Each tile straight into its hand (bonus tiles aside); the record also lists
        // the dealt hands.
        let record = self.setup.record;
        let mut dealt = [TileList::new(); 4];
        let mut bonus = [TileList::new(); 4];
        for round in 0..4 {
            for i in 0..n {
                let p = order(i);
                let take = if round < 3 { 4 } else { 1 };
                for _ in 0..take {
                    if let Some(t) = self.wall.draw() {
                        self.deal_tile(p, t, record, &mut dealt, &mut bonus);
                    }
                }
            }
        }
        if let Some(t) = self.wall.draw() {
            self.deal_tile(dealer, t, record, &mut dealt, &mut bonus);
        }
        // Bonus tiles in each hand, declared smallest first (M32).
        for i in 0..n {
            let p = order(i);
            if record {
                dealt[p].sort();
            }
            emit!(
                self,
                Event::Deal {
                    player: p,
                    count: dealt[p].len(),
                    tiles: dealt[p].to_vec(),
                }
            );
            bonus[p].sort();
        }
        for i in 0..n {
            let p = order(i);
            while let Some(b) = bonus[p].first().copied() {
                bonus[p].remove_first();
                self.players[p].bonus.push(b);
                emit!(self, Event::Bonus { player: p, tile: b });
                let replacement = if self.options.bonus_from_loose {
                    self.wall.draw_loose()
                } else {
                    self.wall.draw()
                };
                match replacement {
                    Some(t) => {
                        emit!(
                            self,
                            Event::Draw {
                                player: p,
                                tile: Some(t),
                                loose: self.options.bonus_from_loose,
                            }
                        );
                        if t.is_bonus() {
                            bonus[p].push_n(t, 1);
                            bonus[p].sort();
                        } else {
                            self.players[p].add(t);
                        }
                    }
                    None => {
                        self.washout();
                        return;
                    }
                }
            }
        }
        for p in 0..n {
            self.update_waits(p);
        }
        self.phase = Phase::Turn {
            player: dealer,
            drawn: None,
            source: Source::Deal,
            kongs: 0,
            claimed_pung: None,
        };
        self.refresh_legal();
    }

    /// One dealt tile: into the hand, or aside as a bonus tile (and listed for the record).
    #[inline]
    fn deal_tile(
        &mut self,
        p: usize,
        t: Tile,
        record: bool,
        dealt: &mut [TileList; 4],
        bonus: &mut [TileList; 4],
    ) {
        if record {
            dealt[p].push_n(t, 1);
        }
        if t.is_bonus() {
            bonus[p].push_n(t, 1);
        } else {
            self.players[p].add(t);
        }
    }

    /// Computes every player's legal actions for the decision point just reached.
    fn refresh_legal(&mut self) {
        let before = self.pending;
        for p in before {
            self.legal[p] = LegalSet::EMPTY;
            // Only a player with actions can have had them written out.
            if self.lists[p].get().is_some() {
                self.lists[p] = OnceLock::new();
            }
        }
        self.pending = Seats::default();
        match self.phase {
            // A turn (the common case): one player, worked out directly.
            Phase::Turn {
                player,
                drawn,
                source,
                claimed_pung,
                ..
            } => {
                let set = self.turn_legal(player, drawn, source, claimed_pung);
                if !set.is_empty() {
                    self.legal[player] = set;
                    self.pending.insert(player);
                }
            }
            Phase::Claims {
                discarder,
                tile,
                responses,
            } => {
                for (q, r) in responses.iter().enumerate().take(self.seats()) {
                    if r.is_none() && q != discarder {
                        let set = self.claim_legal(q, discarder, tile);
                        self.legal[q] = set;
                        self.pending.insert(q);
                    }
                }
            }
            Phase::Rob { responses, .. } => {
                for (q, r) in responses.iter().enumerate().take(self.seats()) {
                    if r.is_none() {
                        let set = self.rob_legal(q);
                        if !set.is_empty() {
                            self.legal[q] = set;
                            self.pending.insert(q);
                        }
                    }
                }
            }
            Phase::Over => {}
        }
    }

    /// Forgets the written-out action lists (the decision point moved on).
    #[inline]
    fn clear_lists(&mut self) {
        for l in &mut self.lists {
            if l.get().is_some() {
                *l = OnceLock::new();
            }
        }
    }

    /// Number of players.
    pub fn seats(&self) -> usize {
        self.setup.seats
    }

    /// The setup this hand was dealt with.
    pub fn setup(&self) -> &HandSetup {
        &self.setup
    }

    /// Seat wind of a player.
    pub fn wind_of(&self, player: usize) -> Wind {
        self.options.winds[self.pos_of(player)]
    }

    /// A player's seat position from the dealer (0 = East): the scorer's seat index.
    pub fn pos_of(&self, player: usize) -> usize {
        let n = self.setup.seats;
        let d = self.setup.dealer;
        // Without a division: this runs for every seat of every view.
        match player {
            p if p < n && p >= d => p - d,
            p if p < d => p + n - d,
            p => (p + n - d) % n,
        }
    }

    /// The player at a seat position from the dealer (0 = East).
    pub fn player_at(&self, pos: usize) -> usize {
        let (n, d) = (self.setup.seats, self.setup.dealer);
        if pos < n && d + pos >= n {
            d + pos - n
        } else if pos < n {
            d + pos
        } else {
            (d + pos) % n
        }
    }

    /// Every player's tiles (for tests and accounting; never sent to a seat).
    pub fn players(&self) -> &[PlayerState] {
        &self.players
    }

    /// The wall (for tests and accounting; never sent to a seat).
    pub fn wall(&self) -> &Wall {
        &self.wall
    }

    /// Events since the last call, in order.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// Events not yet taken.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The result, once the hand is over.
    pub fn result(&self) -> Option<&HandResult> {
        self.result.as_ref()
    }

    /// Whether the hand is over.
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }

    /// Players who must decide now.
    pub fn pending(&self) -> Vec<usize> {
        self.pending_seats().collect()
    }

    /// Players who must decide now, without allocating.
    pub fn pending_seats(&self) -> Seats {
        self.pending
    }

    /// What the turn or claim is about, publicly.
    pub fn phase_view(&self) -> PhaseView {
        match &self.phase {
            Phase::Turn { player, .. } => PhaseView::Turn { player: *player },
            Phase::Claims {
                discarder, tile, ..
            } => PhaseView::Claims {
                discarder: *discarder,
                tile: *tile,
            },
            Phase::Rob { konger, tile, .. } => PhaseView::Rob {
                konger: *konger,
                tile: *tile,
            },
            Phase::Over => PhaseView::Over,
        }
    }

    /// The tile a player drew this turn, if it is his turn.
    pub fn drawn(&self, player: usize) -> Option<Tile> {
        match &self.phase {
            Phase::Turn {
                player: p, drawn, ..
            } if *p == player => *drawn,
            _ => None,
        }
    }

    /// The revealed dora indicator (K3-O `dora`), if the ruleset reveals one.
    pub fn dora_indicator(&self) -> Option<Tile> {
        if self.options.dora_indicator {
            self.wall.unused().first().copied()
        } else {
            None
        }
    }

    /// Tiles left in the live wall.
    pub fn live_remaining(&self) -> usize {
        self.wall.live_remaining()
    }

    fn declared_sets(&self, p: usize) -> usize {
        self.players[p].melds.len()
    }

    /// Recomputes a player's winning tiles (none unless his hand holds 13 tiles, sets
    /// counted 3). Called whenever his hand changes to 13 tiles (deal, discard, kong), so
    /// on his turn they are the waits of his hand before the draw.
    fn update_waits(&mut self, p: usize) {
        let me = &self.players[p];
        let declared = me.melds.len();
        // Concealed tiles are all playing tiles here (bonus tiles are set aside at once).
        debug_assert_eq!(
            me.counts.iter().map(|&x| x as usize).sum::<usize>(),
            me.concealed_len()
        );
        let held = me.concealed_len() + 3 * declared;
        self.waits[p] =
            if held == 13 && quick::may_wait(&me.levels, declared, self.chow_kinds, &self.shape) {
                waits(
                    &me.counts,
                    declared,
                    &self.shape,
                    self.options.seven_pairs,
                    None,
                )
            } else {
                debug_assert!(
                    held != 13
                        || waits(
                            &me.counts,
                            declared,
                            &self.shape,
                            self.options.seven_pairs,
                            None
                        )
                        .is_empty()
                );
                KindMask::EMPTY
            };
    }

    /// Whether a waiting player (not in turn) goes out with `tile`.
    fn complete_with(&self, p: usize, tile: Tile) -> bool {
        tile.kind().is_some_and(|k| self.waits[p].contains(k))
    }

    /// A player's legal actions now (empty when he has nothing to decide).
    pub fn legal_actions(&self, p: usize) -> Vec<Action> {
        self.legal(p).to_vec()
    }

    /// A player's legal actions now, borrowed (no allocation: written out once per
    /// decision point, when first asked for).
    pub fn legal(&self, p: usize) -> &[Action] {
        match (self.legal.get(p), self.lists.get(p)) {
            (Some(set), Some(list)) if !set.is_empty() => {
                list.get_or_init(|| set.list()).as_slice()
            }
            _ => &[],
        }
    }

    /// A player's legal actions now as bit sets, in the order of [`Hand::legal`]: count
    /// them, pick one or test one without a list.
    pub fn legal_set(&self, p: usize) -> &LegalSet {
        self.legal.get(p).unwrap_or(&LegalSet::EMPTY)
    }

    /// The legal actions of `p` in a rob window (turns and claim windows have their own,
    /// [`Hand::turn_legal`] and [`Hand::claim_legal`]).
    fn rob_legal(&self, p: usize) -> LegalSet {
        let mut v = LegalSet::EMPTY;
        let Phase::Rob {
            konger,
            tile,
            concealed,
            responses,
            ..
        } = &self.phase
        else {
            return v;
        };
        if p >= self.seats() || *konger == p || responses[p].is_some() {
            return v;
        }
        v.add_pass();
        let robbable = if *concealed {
            // M57–M60: a concealed kong only for Thirteen Unique Wonders.
            let mut c = self.players[p].counts();
            c[tile.kind().expect("playing tile")] += 1;
            self.players[p].melds.is_empty() && is_thirteen_orphans(&c, &self.shape)
        } else {
            self.complete_with(p, *tile)
        };
        if robbable && self.may_win(p, *tile, WinFrom::RobbedKong, Some(*konger)) {
            v.add_mahjong();
        }
        v
    }

    /// The legal actions of `p` on `discarder`'s `tile` (he has not answered yet).
    #[inline(always)]
    fn claim_legal(&self, p: usize, discarder: usize, tile: Tile) -> LegalSet {
        let mut v = LegalSet::EMPTY;
        v.add_pass();
        if self.may_claim_win(p, discarder, tile) {
            v.add_mahjong();
        }
        let me = &self.players[p];
        if me.original_call {
            return v;
        }
        let k = tile.kind().expect("playing tile");
        let n = me.counts[k];
        if n >= 2 {
            v.add_pung();
        }
        if n >= 3 && self.wall.draw_loose_possible() {
            v.add_kong();
        }
        if self.options.chow_claims && self.next_after(discarder) == p {
            v.add_chows(self.chow_starts_with(me, k));
        }
        v
    }

    /// The legal actions of `p` in his turn.
    #[inline(always)]
    fn turn_legal(
        &self,
        p: usize,
        drawn: Option<Tile>,
        source: Source,
        claimed_pung: Option<u8>,
    ) -> LegalSet {
        let mut v = LegalSet::EMPTY;
        let me = &self.players[p];
        let c = &me.counts;
        let complete = match source {
            Source::Claim => false,
            // A complete hand leaves a waiting one whatever tile goes, so the cheap
            // whole-hand judgement rules most dealt hands out first.
            Source::Deal => {
                !quick::no_discard_may_wait(
                    &me.levels,
                    me.melds.len(),
                    self.chow_kinds,
                    &self.shape,
                ) && is_complete(
                    c,
                    self.declared_sets(p),
                    &self.shape,
                    self.options.seven_pairs,
                )
            }
            // The waits are those of the hand before this draw.
            Source::Wall | Source::Loose => drawn
                .and_then(Tile::kind)
                .is_some_and(|k| self.waits[p].contains(k)),
        };
        debug_assert_eq!(
            complete,
            source != Source::Claim
                && is_complete(
                    &me.counts(),
                    self.declared_sets(p),
                    &self.shape,
                    self.options.seven_pairs
                )
        );
        if complete {
            let tile = drawn.unwrap_or_else(|| *me.concealed().last().expect("tiles"));
            let from = if source == Source::Loose {
                WinFrom::Loose
            } else {
                WinFrom::Wall
            };
            if self.may_win(p, tile, from, None) {
                v.add_mahjong();
            }
        }
        if me.original_call {
            // M55: the hand is frozen; only the drawn tile may go.
            if let Some(t) = drawn {
                v.add_discard(t, false);
            }
            return v;
        }
        let can_kong = source != Source::Claim && self.wall.draw_loose_possible();
        if can_kong {
            v.add_concealed_kongs(me.levels[3]);
        }
        // Only a pung whose fourth tile is held (rare): then in the order of the sets.
        if me.pungs & me.levels[0] != 0 {
            for m in &me.melds {
                let annexable =
                    can_kong || (self.options.annex_claimed_pung && claimed_pung == Some(m.tile));
                if m.kind == MeldKind::Pung && c[m.tile as usize] > 0 && annexable {
                    v.add_annex(m.tile);
                }
            }
        }
        let may_declare = source != Source::Claim
            && match self.options.declare_ready {
                // M55: Original Call with the first discard.
                DeclareReady::FirstDiscard => me.discards.is_empty() && me.melds.is_empty(),
                // K3-P9: any time while the hand is concealed.
                DeclareReady::Concealed => me.is_concealed(),
            }
            // Most hands are too far from ready for any discard to call.
            && !quick::no_discard_may_wait(
                &me.levels,
                me.melds.len(),
                self.chow_kinds,
                &self.shape,
            );
        if !may_declare && me.reds == [0; 3] {
            // No red fives: the distinct tiles are the kinds held.
            v.add_discards(me.levels[0]);
        } else {
            // Returned, not written through a reference, so that `v` can stay in
            // registers: a set stored field by field and read back whole stalls.
            let offers = self.discard_offers(p, may_declare);
            v.add_discard_offers(offers);
        }
        v
    }

    /// The discards of `p` one by one (red fives apart from plain fives), with Original
    /// Call where `may_declare` and the discard leaves a hand that may declare ready.
    #[inline(never)]
    fn discard_offers(&self, p: usize, may_declare: bool) -> DiscardOffers {
        let me = &self.players[p];
        let c = &me.counts;
        let mut out = DiscardOffers::default();
        let mut kinds = me.levels[0];
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            if five_suit(k).is_none_or(|s| me.counts[k] > me.reds[s]) {
                out.plain |= 1 << k;
                if may_declare && self.ready_after(p, c, Tile::from_kind(k)) {
                    out.calls |= 1 << k;
                }
            }
        }
        for (s, suit) in Suit::ALL.into_iter().enumerate() {
            if me.reds[s] > 0 {
                out.reds |= 1 << s;
                if may_declare && self.ready_after(p, c, Tile::red_five(suit)) {
                    out.reds |= 1 << (s + 3);
                }
            }
        }
        out
    }

    /// Applies a player's action. An illegal action is refused and changes nothing.
    pub fn act(&mut self, p: usize, action: Action) -> Result<(), EngineError> {
        if self.is_over() {
            return Err(EngineError::Over);
        }
        let legal = self.legal_set(p);
        if legal.is_empty() {
            return Err(EngineError::NotYourTurn { player: p });
        }
        if !legal.contains(action) {
            return Err(EngineError::Illegal { player: p, action });
        }
        emit!(self, Event::Decision { player: p, action });
        let was_window = matches!(self.phase, Phase::Claims { .. } | Phase::Rob { .. });
        match self.phase {
            Phase::Turn {
                drawn,
                source,
                kongs,
                ..
            } => self.turn_action(p, action, drawn, source, kongs),
            Phase::Claims {
                discarder,
                tile,
                responses,
            } => {
                // Changed without an indexed store and stored whole: the window is read
                // back whole, and a narrow store read back wide stalls.
                let responses =
                    std::array::from_fn(|q| if q == p { Some(action) } else { responses[q] });
                self.phase = Phase::Claims {
                    discarder,
                    tile,
                    responses,
                };
                self.resolve_claims();
            }
            Phase::Rob { .. } => {
                if let Phase::Rob { responses, .. } = &mut self.phase {
                    responses[p] = Some(action);
                }
                self.resolve_rob();
            }
            Phase::Over => unreachable!("checked above"),
        }
        let still_open = match &self.phase {
            Phase::Claims { responses, .. } | Phase::Rob { responses, .. } => {
                responses.iter().any(Option::is_none)
            }
            _ => false,
        };
        if was_window && still_open {
            // The same window is still open: only this player's choice is used up.
            self.legal[p] = LegalSet::EMPTY;
            self.pending.remove(p);
            if self.lists[p].get().is_some() {
                self.lists[p] = OnceLock::new();
            }
        } else {
            self.refresh_legal();
        }
        Ok(())
    }

    fn turn_action(
        &mut self,
        p: usize,
        action: Action,
        drawn: Option<Tile>,
        source: Source,
        kongs: u8,
    ) {
        // Discards first, by a plain test (see `LegalSet::contains`).
        if let Action::Discard { tile, call } = action {
            self.discard(p, tile, call);
            return;
        }
        match action {
            Action::Mahjong => {
                let tile =
                    drawn.unwrap_or_else(|| *self.players[p].concealed().last().expect("tiles"));
                let from = match source {
                    Source::Loose => WinFrom::Loose,
                    _ => WinFrom::Wall,
                };
                // M122a: East's dealt hand, after bonus and kong replacements.
                let heaven = p == self.setup.dealer && self.discard_count == 0;
                let last = source == Source::Wall && self.wall.live_remaining() == 0;
                self.win(
                    p,
                    tile,
                    from,
                    None,
                    WinFlags {
                        last_tile: last,
                        heaven,
                        earth: false,
                        kong_upon_kong: kongs >= 2 && source == Source::Loose,
                    },
                );
            }
            Action::ConcealedKong { tile } => {
                let me = &mut self.players[p];
                let reds = me.reds_melded;
                me.meld_kind(tile, 4);
                let k = tile.kind().expect("playing tile") as u8;
                me.melds
                    .push(Meld::new(MeldKind::Kong(KongKind::Concealed), k, false));
                let reds = me.reds_melded - reds;
                me.meld_info.push(MeldInfo {
                    claimed: None,
                    reds,
                });
                emit!(
                    self,
                    Event::Set {
                        player: p,
                        kind: SetKind::Kong(KongKind::Concealed),
                        tile,
                        from: None,
                    }
                );
                self.update_waits(p);
                self.sets_changed(p);
                self.open_rob(p, tile, true, kongs + 1);
            }
            Action::AnnexKong { tile } => {
                let me = &mut self.players[p];
                let reds = me.reds_melded;
                me.meld_kind(tile, 1);
                let k = tile.kind().expect("playing tile") as u8;
                let i = me
                    .melds
                    .iter()
                    .position(|m| m.kind == MeldKind::Pung && m.tile == k)
                    .expect("annexable pung");
                me.melds[i].kind = MeldKind::Kong(KongKind::Annexed);
                me.meld_info[i].reds += me.reds_melded - reds;
                emit!(
                    self,
                    Event::Set {
                        player: p,
                        kind: SetKind::Kong(KongKind::Annexed),
                        tile,
                        from: None,
                    }
                );
                self.update_waits(p);
                self.sets_changed(p);
                self.open_rob(p, tile, false, kongs + 1);
            }
            _ => unreachable!("turn actions are checked"),
        }
    }

    /// A discard: the claim window opens for those who can claim, else the next draw.
    #[inline(always)]
    fn discard(&mut self, p: usize, tile: Tile, call: bool) {
        let me = &mut self.players[p];
        me.remove(tile);
        me.discards.push((tile, false));
        self.discard_log.push((p as u8, tile));
        if call {
            me.original_call = true;
        }
        self.discard_count += 1;
        self.update_waits(p);
        emit!(
            self,
            Event::Discard {
                player: p,
                tile,
                call,
            }
        );
        if self.options.dangerous_discards {
            let live = self.wall.live_remaining();
            if self.danger.quiet(live) {
                self.danger.on_quiet_discard(p);
            } else {
                self.danger.on_discard(
                    p,
                    tile,
                    &self.players,
                    &self.waits,
                    &self.shape,
                    live,
                    &self.options,
                );
            }
        }
        let who = self.claimants(p, tile);
        if who.is_empty() {
            // Nobody can claim (the common case): the window closes at once, as
            // `resolve_claims` closes it when everybody passes.
            self.after_unclaimed(p);
            return;
        }
        let responses = std::array::from_fn(|q| (!who.contains(q)).then_some(Action::Pass));
        self.phase = Phase::Claims {
            discarder: p,
            tile,
            responses,
        };
    }

    /// The player after `p` in turn order.
    #[inline]
    fn next_after(&self, p: usize) -> usize {
        if p + 1 == self.seats() {
            0
        } else {
            p + 1
        }
    }

    /// The kinds where a chow holding `me`'s tiles and one of kind `k` can start, as a bit
    /// mask (`k` itself need not be held).
    #[inline]
    fn chow_starts_with(&self, me: &PlayerState, k: usize) -> u64 {
        let held = me.levels[0] | 1 << k;
        let runs = held & held >> 1 & held >> 2 & self.chow_starts;
        // Chows holding `k` start at k - 2, k - 1 or k.
        runs & (0b111 << k) >> 2
    }

    /// The players with any choice but to pass on `discarder`'s `tile` (cheap: bit
    /// tests, no action list).
    fn claimants(&self, discarder: usize, tile: Tile) -> Seats {
        let k = tile.kind().expect("playing tile");
        let mut who = Seats::default();
        for (q, me) in self.players.iter().enumerate() {
            // A pair of the kind (not frozen by Original Call), or a wait on it.
            let pung = me.levels[1] >> k & 1 == 1 && !me.original_call;
            if (pung || self.waits[q].contains(k))
                && q != discarder
                && (pung || self.may_claim_win(q, discarder, tile))
            {
                who.insert(q);
            }
        }
        if self.options.chow_claims {
            let next = self.next_after(discarder);
            let me = &self.players[next];
            if !me.original_call && self.chow_starts_with(me, k) != 0 {
                who.insert(next);
            }
        }
        who
    }

    /// After a discard nobody claims: the next player draws (or, K3-O, three players
    /// ready and the discard untaken, the hand is drawn).
    fn after_unclaimed(&mut self, discarder: usize) {
        if self.options.all_ready_draw && self.players.iter().all(|p| p.original_call) {
            self.washout();
            return;
        }
        self.draw_for(self.next_after(discarder), false, 0);
    }

    /// Whether a player has any choice but to pass in the current rob window.
    /// In a rob window, players whose only choice is to pass do so at once; seats beyond
    /// the table pass. (A claim window is opened with its claimants already known.)
    fn auto_pass_rob(&mut self) {
        let n = self.seats();
        let Phase::Rob { konger, .. } = self.phase else {
            return;
        };
        let mut passes = [false; 4];
        for (q, pass) in passes.iter_mut().enumerate() {
            *pass = q >= n || q == konger || self.rob_legal(q).len() <= 1;
        }
        if let Phase::Rob { responses, .. } = &mut self.phase {
            for (r, pass) in responses.iter_mut().zip(passes) {
                if pass {
                    *r = Some(Action::Pass);
                }
            }
        }
    }

    fn open_rob(&mut self, konger: usize, tile: Tile, concealed: bool, kongs: u8) {
        self.phase = Phase::Rob {
            konger,
            tile,
            concealed,
            kongs,
            responses: [None; 4],
        };
        self.auto_pass_rob();
        self.resolve_rob();
    }

    /// The first player after `from` in turn order for whom `pred` holds.
    fn nearest_after(&self, from: usize, pred: impl Fn(usize) -> bool) -> Option<usize> {
        (1..self.seats())
            .map(|i| {
                let q = from + i;
                if q >= self.seats() {
                    q - self.seats()
                } else {
                    q
                }
            })
            .find(|&q| pred(q))
    }

    fn resolve_rob(&mut self) {
        let Phase::Rob {
            konger,
            tile,
            kongs,
            responses,
            ..
        } = self.phase
        else {
            return;
        };
        if responses[..self.seats()].iter().any(Option::is_none) {
            return;
        }
        if let Some(robber) = self.nearest_after(konger, |q| responses[q] == Some(Action::Mahjong))
        {
            // The kong goes back to a pung; the robbed tile completes the robber's hand.
            let k = tile.kind().expect("playing tile") as u8;
            if let Some(m) = self.players[konger]
                .melds
                .iter_mut()
                .find(|m| m.tile == k && m.is_kong())
            {
                // An annexed kong goes back to the exposed pung, a concealed one to a
                // concealed pung.
                m.kind = MeldKind::Pung;
            }
            self.players[konger].pungs |= 1 << k;
            self.danger.on_rob(
                konger,
                robber,
                tile,
                &self.players,
                &self.shape,
                self.wall.live_remaining(),
                &self.options,
            );
            self.players[robber].add(tile);
            let last = false;
            self.win(
                robber,
                tile,
                WinFrom::RobbedKong,
                Some(konger),
                WinFlags {
                    last_tile: last,
                    heaven: false,
                    earth: false,
                    kong_upon_kong: false,
                },
            );
            return;
        }
        self.draw_for(konger, true, kongs);
    }

    fn resolve_claims(&mut self) {
        let Phase::Claims {
            discarder,
            tile,
            responses,
        } = self.phase
        else {
            return;
        };
        let n = self.seats();
        let answered = &responses[..n];
        if answered.iter().any(Option::is_none) {
            return;
        }
        if answered.iter().all(|r| *r == Some(Action::Pass)) {
            // Nobody claims: straight to the next draw.
            self.after_unclaimed(discarder);
            return;
        }
        let last_discard = self.wall.live_remaining() == 0;
        let claims_win = |q: usize| responses[q] == Some(Action::Mahjong);
        let winner = match self.options.win_ties {
            WinTies::Nearest => self.nearest_after(discarder, claims_win),
            // K3-P7: more hand-points, then bonus-points, then the first in turn.
            WinTies::Points => {
                let mut best: Option<(usize, (u64, u64))> = None;
                for q in (1..n)
                    .map(|i| (discarder + i) % n)
                    .filter(|&q| claims_win(q))
                {
                    let mut c = self.players[q].counts();
                    c[tile.kind().expect("playing tile")] += 1;
                    let rank = self
                        .win_value(q, c, tile, WinFrom::Discard, Some(discarder))
                        .unwrap_or((0, 0));
                    if best.is_none_or(|(_, r)| rank > r) {
                        best = Some((q, rank));
                    }
                }
                best.map(|(q, _)| q)
            }
        };
        if let Some(w) = winner {
            self.mark_claimed(discarder);
            self.players[w].add(tile);
            let earth =
                self.discard_count == 1 && discarder == self.setup.dealer && w != self.setup.dealer;
            self.win(
                w,
                tile,
                WinFrom::Discard,
                Some(discarder),
                WinFlags {
                    last_tile: last_discard,
                    heaven: false,
                    earth,
                    kong_upon_kong: false,
                },
            );
            return;
        }
        let k = tile.kind().expect("playing tile") as u8;
        if let Some(q) = self.nearest_after(discarder, |q| {
            matches!(responses[q], Some(Action::Pung | Action::Kong))
        }) {
            self.mark_claimed(discarder);
            let kong = responses[q] == Some(Action::Kong);
            let me = &mut self.players[q];
            let reds = me.reds_melded;
            me.meld_kind(tile, if kong { 3 } else { 2 });
            me.reds_melded += tile.is_red() as u8;
            me.meld_info.push(MeldInfo {
                claimed: Some(tile),
                reds: me.reds_melded - reds,
            });
            let (kind, set) = if kong {
                (
                    MeldKind::Kong(KongKind::Claimed),
                    SetKind::Kong(KongKind::Claimed),
                )
            } else {
                (MeldKind::Pung, SetKind::Pung)
            };
            me.melds.push(Meld::new(kind, k, true));
            emit!(
                self,
                Event::Set {
                    player: q,
                    kind: set,
                    tile,
                    from: Some(discarder),
                }
            );
            self.sets_changed(q);
            self.danger.on_claim(q, discarder, tile, &self.players);
            if kong {
                self.update_waits(q);
                self.draw_for(q, true, 1);
            } else {
                self.phase = Phase::Turn {
                    player: q,
                    drawn: None,
                    source: Source::Claim,
                    kongs: 0,
                    claimed_pung: Some(k),
                };
            }
            return;
        }
        let next = self.next_after(discarder);
        if let Some(Action::Chow { first }) = responses[next] {
            self.mark_claimed(discarder);
            let f = first.kind().expect("playing tile");
            let me = &mut self.players[next];
            let reds = me.reds_melded;
            for x in f..f + 3 {
                if x != k as usize {
                    me.meld_kind(Tile::from_kind(x), 1);
                }
            }
            me.reds_melded += tile.is_red() as u8;
            me.meld_info.push(MeldInfo {
                claimed: Some(tile),
                reds: me.reds_melded - reds,
            });
            me.melds.push(Meld::new(MeldKind::Chow, f as u8, true));
            emit!(
                self,
                Event::Set {
                    player: next,
                    kind: SetKind::Chow,
                    tile: first,
                    from: Some(discarder),
                }
            );
            self.sets_changed(next);
            self.danger.on_claim(next, discarder, tile, &self.players);
            self.phase = Phase::Turn {
                player: next,
                drawn: None,
                source: Source::Claim,
                kongs: 0,
                claimed_pung: None,
            };
            return;
        }
        self.after_unclaimed(discarder);
    }

    /// A player's declared sets changed.
    fn sets_changed(&mut self, p: usize) {
        let me = &mut self.players[p];
        me.pungs = me
            .melds
            .iter()
            .filter(|m| m.kind == MeldKind::Pung)
            .fold(0, |mask, m| mask | 1 << m.tile);
        if self.options.dangerous_discards {
            self.danger.on_sets(p, &self.players);
        }
    }

    fn mark_claimed(&mut self, discarder: usize) {
        if let Some(d) = self.players[discarder].discards.last_mut() {
            d.1 = true;
        }
    }

    /// Draws for a player (loose or live), declaring and replacing bonus tiles.
    fn draw_for(&mut self, p: usize, loose: bool, kongs: u8) {
        let mut loose = loose;
        let mut replaced = false;
        loop {
            let t = if loose {
                self.wall.draw_loose()
            } else {
                self.wall.draw()
            };
            let Some(t) = t else {
                self.washout();
                return;
            };
            emit!(
                self,
                Event::Draw {
                    player: p,
                    tile: Some(t),
                    loose,
                }
            );
            if t.is_bonus() {
                self.players[p].bonus.push(t);
                emit!(self, Event::Bonus { player: p, tile: t });
                loose = self.options.bonus_from_loose;
                replaced = true;
                continue;
            }
            self.players[p].add(t);
            let source = if loose || replaced {
                Source::Loose
            } else {
                Source::Wall
            };
            self.phase = Phase::Turn {
                player: p,
                drawn: Some(t),
                source,
                kongs,
                claimed_pung: None,
            };
            if self.options.dangerous_discards {
                self.danger.on_draw(p, &self.players);
            }
            return;
        }
    }

    /// Every player's concealed tiles shown (a washout under `show_on_washout`, a win).
    fn reveal(&self) -> Event {
        Event::Reveal {
            hands: self
                .players
                .iter()
                .map(|p| p.concealed().to_vec())
                .collect(),
        }
    }

    fn washout(&mut self) {
        emit!(self, Event::Washout);
        self.phase = Phase::Over;
        let n = self.seats();
        if self.options.show_on_washout {
            emit!(self, self.reveal());
        }
        emit!(
            self,
            Event::Scores {
                scores: vec![0; n],
                limits: vec![None; n],
                items: vec![vec![]; n],
                settlement: vec![0; n],
                payments: vec![],
                cannon: None,
            }
        );
        self.result = Some(HandResult {
            winner: None,
            outcome: Outcome::EMPTY,
            settlement: vec![0; n],
            cannon: None,
            win: None,
        });
    }

    fn win(
        &mut self,
        p: usize,
        tile: Tile,
        from: WinFrom,
        supplier: Option<usize>,
        flags: WinFlags,
    ) {
        emit!(
            self,
            Event::Mahjong {
                player: p,
                tile,
                from,
                supplier,
            }
        );
        self.phase = Phase::Over;
        let cannon = if self.options.dangerous_discards {
            self.danger
                .liable_for(p, supplier, &self.players[p], &self.options)
        } else {
            None
        };
        let table = self.table(p, tile, from, supplier, flags, cannon);
        let mut outcome = Outcome::EMPTY;
        score_into(&table, &self.setup.ruleset, &self.shape, &mut outcome)
            .expect("the engine offers Mah-Jongg only for legal hands");
        let n = self.seats();
        let by_player = |v: &[i64; 4]| -> Vec<i64> { (0..n).map(|q| v[self.pos_of(q)]).collect() };
        let settlement = by_player(&outcome.settlement);
        if self.setup.record {
            self.record_scores(&outcome, &settlement, cannon);
        }
        self.result = Some(HandResult {
            winner: Some(p),
            outcome,
            settlement,
            cannon,
            win: table.win,
        });
    }

    /// The reveal and score events of a won hand.
    fn record_scores(&mut self, outcome: &Outcome, settlement: &[i64], cannon: Option<usize>) {
        let n = self.seats();
        let settlement = settlement.to_vec();
        emit!(self, self.reveal());
        let seat = |q: usize| &outcome.scores[self.pos_of(q)];
        emit!(
            self,
            Event::Scores {
                scores: (0..n).map(|q| seat(q).score).collect(),
                limits: (0..n)
                    .map(|q| seat(q).limit.map(|r| r.id.to_string()))
                    .collect(),
                items: (0..n)
                    .map(|q| {
                        seat(q)
                            .items
                            .as_slice()
                            .iter()
                            .map(|it| ScoredItem {
                                rule: it.rule.id.to_string(),
                                points: it.points as u32,
                                doubles: it.doubles as u32,
                                limit: it.limit,
                                tile: it.tile,
                            })
                            .collect()
                    })
                    .collect(),
                settlement: settlement.clone(),
                payments: outcome
                    .payments
                    .as_slice()
                    .iter()
                    .map(|p| PaymentRecord {
                        from: self.player_at(p.from),
                        to: self.player_at(p.to),
                        amount: p.amount,
                    })
                    .collect(),
                cannon,
            }
        );
    }

    /// The finished hand as the scorer's table (seats by position from East).
    fn table(
        &self,
        winner: usize,
        tile: Tile,
        from: WinFrom,
        supplier: Option<usize>,
        flags: WinFlags,
        cannon: Option<usize>,
    ) -> Table {
        let mut t = self.table_with(winner, tile, from, supplier, flags);
        t.cannon = cannon.map(|q| self.pos_of(q));
        t
    }

    /// How a possible win ranks (K3-P7), or `None` when the ruleset does not allow it
    /// (K3-S1: below the minimum). `concealed` is the winner's concealed tiles with the
    /// winning tile.
    fn win_value(
        &self,
        p: usize,
        concealed: Counts,
        tile: Tile,
        from: WinFrom,
        supplier: Option<usize>,
    ) -> Option<(u64, u64)> {
        let last =
            self.wall.live_remaining() == 0 && matches!(from, WinFrom::Wall | WinFrom::Discard);
        let flags = WinFlags {
            last_tile: last,
            heaven: false,
            earth: false,
            kong_upon_kong: false,
        };
        let mut t = self.table_with(p, tile, from, supplier, flags);
        t.hands[self.pos_of(p)].concealed = concealed;
        win_rank(&t, self.pos_of(p), &self.setup.ruleset, &self.shape)
    }

    /// Whether player `p` may go out with `tile` (already in his hand when self-drawn)
    /// under the ruleset's win check; always true where the ruleset has none.
    fn may_win(&self, p: usize, tile: Tile, from: WinFrom, supplier: Option<usize>) -> bool {
        if !self.options.win_check {
            return true;
        }
        let mut c = self.players[p].counts();
        if matches!(from, WinFrom::Discard | WinFrom::RobbedKong) {
            c[tile.kind().expect("playing tile")] += 1;
        }
        self.win_value(p, c, tile, from, supplier).is_some()
    }

    /// Whether a waiting player may claim `discarder`'s `tile` to win: it completes his
    /// hand, it is not his sacred discard (K3-P8), and the ruleset's win check passes.
    fn may_claim_win(&self, p: usize, discarder: usize, tile: Tile) -> bool {
        let k = tile.kind().expect("playing tile");
        self.waits[p].contains(k)
            && !(self.options.sacred_discard && self.players[p].has_discarded(k))
            && self.may_win(p, tile, WinFrom::Discard, Some(discarder))
    }

    /// Whether discarding `t` leaves a hand that may declare ready: waiting, and (with a
    /// win check) some winning tile makes a legal self-drawn win.
    fn ready_after(&self, p: usize, c: &Counts, t: Tile) -> bool {
        let k = t.kind().expect("playing tile");
        let me = &self.players[p];
        let levels = quick::without(&me.levels, k, c[k]);
        if !quick::may_wait(&levels, me.melds.len(), self.chow_kinds, &self.shape) {
            return false;
        }
        let mut after = *c;
        after[k] -= 1;
        let w = waits(
            &after,
            self.declared_sets(p),
            &self.shape,
            self.options.seven_pairs,
            None,
        );
        if !self.options.win_check {
            return !w.is_empty();
        }
        w.iter().any(|k| {
            let mut with = after;
            with[k] += 1;
            self.win_value(p, with, Tile::from_kind(k), WinFrom::Wall, None)
                .is_some()
        })
    }

    /// The table as if `winner` went out now with `tile`.
    fn table_with(
        &self,
        winner: usize,
        tile: Tile,
        from: WinFrom,
        supplier: Option<usize>,
        flags: WinFlags,
    ) -> Table {
        let n = self.seats();
        let mut hands = [SeatHand::EMPTY; 4];
        let mut visible = [0u8; KINDS];
        for q in 0..n {
            let me = &self.players[q];
            let h = &mut hands[self.pos_of(q)];
            for m in &me.melds {
                h.declare(*m);
            }
            me.add_table_tiles(&mut visible, true);
            h.concealed = me.counts();
            h.ready = me.original_call;
            h.red_fives = me.red_fives();
            for b in &me.bonus {
                let bit = 1 << (b.bonus_number().expect("bonus") - 1);
                if b.is_flower() {
                    h.flowers |= bit;
                } else if b.is_season() {
                    h.seasons |= bit;
                }
            }
        }
        let wind = |q: usize| self.pos_of(q);
        Table {
            seats: n,
            prevailing: self.setup.prevailing,
            east_consecutive_wins: self.setup.east_streak,
            goulash: self.setup.goulash,
            dora_indicator: self.dora_indicator(),
            winner: Some(wind(winner)),
            win: Some(Win {
                tile,
                kind: tile.kind().expect("playing tile"),
                from,
                supplier: supplier.map(wind),
                last_tile: flags.last_tile,
                original_call: self.players[winner].original_call,
                kong_upon_kong: flags.kong_upon_kong,
                heaven: flags.heaven,
                earth: flags.earth,
            }),
            cannon: None,
            hands,
            visible: visible.map(|v| v.min(4)),
            winning_set: None,
        }
    }
}

#[derive(Copy, Clone)]
struct WinFlags {
    last_tile: bool,
    heaven: bool,
    earth: bool,
    kong_upon_kong: bool,
}

/// What the hand is waiting for, as everybody may see it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PhaseView {
    /// A player's turn.
    Turn {
        /// Whose.
        player: usize,
    },
    /// Claims on a discard.
    Claims {
        /// The discarder.
        discarder: usize,
        /// The discard.
        tile: Tile,
    },
    /// A kong may be robbed.
    Rob {
        /// The konger.
        konger: usize,
        /// The tile added.
        tile: Tile,
    },
    /// The hand is over.
    Over,
}
