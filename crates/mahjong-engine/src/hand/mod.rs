//! One hand of classical play (M20–M65, M90–M99): deal, bonus tiles, turns, claims,
//! kongs and loose tiles, robbing, Mah-Jongg or washout, scoring and settlement.

use std::sync::{Arc, OnceLock};

use mahjong_hands::{Counts, KindMask, Shape};
use mahjong_rules::{
    FamilyPlay, InstantPayment, Outcome, PlayHooks, PlayRules, Riichi, Ruleset, Table, Win,
};
use mahjong_tiles::{Tile, Wind, KINDS};
use serde::{Deserialize, Serialize};

use crate::legal::{ActionList, LegalSet};
use crate::player::PlayerState;
use crate::protocol::{Action, Event};
use crate::quick;
use crate::wall::Wall;

/// Records an event when the hand records events; the event is not even built otherwise.
macro_rules! emit {
    ($hand:expr, $event:expr) => {
        if $hand.setup.record {
            let e = $event;
            $hand.events.push(e);
        }
    };
}

/// The table as the family's play hooks see it, borrowed from the hand's fields (not the
/// whole hand, so that `$hand.hooks` can be borrowed mutably beside it).
macro_rules! ctx {
    ($hand:expr) => {
        crate::player::Ctx {
            players: &$hand.players,
            waits: &$hand.waits,
            wall: &$hand.wall,
            shape: &$hand.shape,
            options: &$hand.options,
            points: &$hand.setup.points,
        }
    };
}

// The hand's methods by phase of play; each module adds to `impl Hand`.
mod claims;
mod deal;
mod end;
mod export;
mod offers;
mod turn;

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
    #[error("player {player} may not {action} now")]
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
    /// Honba counters: hands in a row just before this one that ended in a washout or a
    /// dealer's win (J3-S10).
    pub honba: u32,
    /// Hand number in the game.
    pub number: u32,
    /// Points in the pot, carried over from earlier hands for the next winner (J3 riichi
    /// stakes); 0 where nothing is ever left over.
    pub pot: u64,
    /// Each player's points at the start of the hand: the family's starting score plus
    /// his total (0 beyond the players).
    pub points: [i64; 4],
    /// The tile set's shape (computed once per game).
    pub shape: Shape,
    /// Build events (records, views of the past); off for fast simulation.
    pub record: bool,
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
        /// A tile set aside (J3-S13), not a kong: robbed, it leaves the bonus tiles.
        aside: bool,
        kongs: u8,
        responses: [Option<Action>; 4],
    },
    Over,
}

/// How a hand ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandResult {
    /// The winner, or `None` for a washout. When several players won on one discard
    /// (MY3-P3), the first in turn after the discarder.
    pub winner: Option<usize>,
    /// The other players who won on the same discard or robbed kong, in turn order
    /// (MY3-P3, option `multiple_winners`); empty for a single winner.
    pub more_winners: Vec<usize>,
    /// Scores and settlement by *seat wind* index (0 = East).
    pub outcome: Outcome,
    /// Net result per player.
    pub settlement: Vec<i64>,
    /// The player liable for a cannon.
    pub cannon: Option<usize>,
    /// How the hand was won, as scored; `None` for a win by the hand as dealt (MY3-J6),
    /// which no table can write.
    pub win: Option<Win>,
    /// What the family wrote on the scored table (riichi, indicators, the pot), for the
    /// exported table ([`Hand::table_input`]); `None` after a washout.
    pub facts: Option<Box<TableFacts>>,
}

/// The family's facts on a won hand's table, by seat position from the dealer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableFacts {
    /// Each seat's riichi (J3-Y4, J3-Y11).
    pub riichi: [Riichi; 4],
    /// Dora and kan-dora indicators by kind.
    pub dora_indicators: Counts,
    /// Ura-dora indicators by kind.
    pub ura_indicators: Counts,
    /// The pot the winner took.
    pub pot: u64,
    /// The honba counters on the table.
    pub honba: u32,
}

impl TableFacts {
    fn of(t: &Table) -> TableFacts {
        TableFacts {
            riichi: std::array::from_fn(|i| t.hands[i].riichi),
            dora_indicators: t.dora_indicators,
            ura_indicators: t.ura_indicators,
            pot: t.riichi_pot,
            honba: t.honba,
        }
    }
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
    /// The family's play rules and their per-hand state.
    hooks: FamilyPlay,
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
    /// The family has special hands beyond the shape's forms ([`PlayHooks::special_hands`]).
    special: bool,
    /// A calling hand is declared before Mah-Jongg ([`PlayHooks::must_declare_calling`]).
    declare_calling: bool,
    /// Discards made so far in the hand (for Earth's Blessing).
    discard_count: u32,
    /// Every discard in order, by player (to write the hand as a table).
    discard_log: Vec<(u8, Tile)>,
    /// The payments made during play so far (MY3-I), as announced.
    instant: Vec<InstantPayment>,
    /// Each player's kongs when his payments were last announced.
    kongs: [u8; 4],
    result: Option<HandResult>,
}

impl Hand {
    /// Deals a hand from `wall`: East 14, the others 13, then bonus tiles declared and
    /// replaced, East first (M32).
    pub fn new(setup: HandSetup, wall: Wall) -> Hand {
        let options = setup.ruleset.play();
        let shape = setup.shape;
        let n = setup.seats;
        let mut hooks = setup.ruleset.play_hooks();
        hooks.start_hand(n);
        let mut hand = Hand {
            special: hooks.special_hands(),
            declare_calling: hooks.must_declare_calling(),
            hooks,
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
            players: (0..n).map(|_| PlayerState::with_room()).collect(),
            phase: Phase::Over,
            events: Vec::new(),
            discard_count: 0,
            // Room for a whole wall's discards: no growing in the first hands of a game.
            discard_log: Vec::with_capacity(144),
            instant: Vec::new(),
            kongs: [0; 4],
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
        self.instant.clear();
        self.kongs = [0; 4];
        self.hooks.start_hand(self.setup.seats);
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
            Phase::Rob {
                konger,
                tile,
                aside,
                ..
            } => PhaseView::Rob {
                konger: *konger,
                tile: *tile,
                aside: *aside,
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
        self.hooks.dora_indicator(self.wall.unused())
    }

    /// Whether a player's hand is one tile from complete (his winning tiles while he
    /// holds 13).
    pub fn waiting(&self, player: usize) -> bool {
        self.waits.get(player).is_some_and(|w| !w.is_empty())
    }

    /// Tiles left in the live wall.
    pub fn live_remaining(&self) -> usize {
        self.wall.live_remaining()
    }

    /// Points in the pot now: carried from earlier hands and staked in this one (J3 riichi
    /// sticks), for the next winner.
    pub fn pot(&self) -> u64 {
        self.setup.pot + self.hooks.stakes(&ctx!(self))
    }

    /// What each player has staked in this hand so far (J3 riichi sticks, in [`Hand::pot`]
    /// until the hand is settled), into `out` (one per player). The view asks only when the
    /// pot has grown in this hand.
    pub fn staked_into(&self, out: &mut [u64]) {
        let ctx = ctx!(self);
        for (p, o) in out.iter_mut().enumerate() {
            *o = self.hooks.staked(&ctx, p);
        }
    }

    /// Player `p` is ready but may not win on a discard now (J3-T7 furiten).
    pub fn furiten(&self, p: usize) -> bool {
        p < self.players.len() && self.hooks.furiten(&ctx!(self), p)
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
}

/// The circumstances of a win that only play knows (M114–M116 limit hands, kong upon kong).
#[derive(Copy, Clone)]
struct WinFlags {
    last_tile: bool,
    heaven: bool,
    earth: bool,
    kong_upon_kong: bool,
}

/// What the hand is waiting for, as everybody may see it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Phase"))]
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
    /// A kong may be robbed (or a tile set aside, J3-S13).
    Rob {
        /// The konger (or the player who set the tile aside).
        konger: usize,
        /// The tile added.
        tile: Tile,
        /// The tile was set aside, not added to a kong.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        aside: bool,
    },
    /// The hand is over.
    Over,
}
