//! A whole game: hands in sequence, East's rotation (M11), rounds and the prevailing wind
//! (M12–M13), East's 13th consecutive win (M122r), cumulative totals.

use std::collections::BTreeMap;
use std::sync::Arc;

use mahjong_hands::Shape;
use mahjong_rules::{HandEnd, PlayRules, Ruleset, TableInput};
use mahjong_tiles::{Tile, Wind};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::hand::{EngineError, Hand, HandSetup, Seats};
use crate::legal::LegalSet;
use crate::protocol::{Action, Event, PotTaken};
use crate::view::SeatView;
use crate::wall::Wall;

/// How to start a game.
#[derive(Clone, Debug)]
pub struct GameConfig {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// Every random choice (seating aside, which is fixed) flows from this seed.
    pub seed: u64,
    /// Walls given explicitly, one per hand in draw order (scenario tests, physical games);
    /// hands beyond the list use shuffled walls. Their tiles must be tiles of the ruleset's
    /// set (`simulate --wall` and `replay` check this before a game starts).
    pub walls: Vec<Vec<Tile>>,
    /// Stop after this many hands even if the game is not over.
    pub max_hands: Option<u32>,
    /// Build events (for records and replays). Simulations that record nothing turn it off.
    pub record: bool,
}

impl GameConfig {
    /// A game with shuffled walls.
    pub fn new(ruleset: Ruleset, seed: u64) -> GameConfig {
        GameConfig {
            ruleset,
            seed,
            walls: vec![],
            max_hands: None,
            record: true,
        }
    }
}

/// Counts over a game, for simulation summaries.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSummary {
    /// Hands played.
    pub hands: u32,
    /// Hands ending in a washout.
    pub washouts: u32,
    /// Wins per player.
    pub wins: Vec<u32>,
    /// Limit hands by rule id (M119 caps included); a rule of several named bands under
    /// one id by the id and the name (`J3-P mangan`).
    pub limit_hands: BTreeMap<String, u32>,
    /// Sum of winners' scores.
    pub winner_score_sum: u64,
    /// Sum of the winners' `points` as their family's scorer counts them (base points,
    /// hand-points, or han: J3 yakuman hands count 0).
    #[serde(default)]
    pub winner_points_sum: u64,
    /// Hands settled through a cannon.
    pub cannons: u32,
    /// Won hands in which each rule id scored, counted once per hand (items of the
    /// winner's score: hand-points, bonus-points, limits, settlement notes).
    #[serde(default)]
    pub items: BTreeMap<String, u32>,
    /// Sum of the winner's net result over the won hands in which each rule id scored.
    #[serde(default)]
    pub item_gains: BTreeMap<String, i64>,
    /// Sum of winners' net results (what the winners collected, all payments included).
    #[serde(default)]
    pub winner_gain_sum: i64,
    /// Wins by seat position in the hand (0 = the dealer, East; then the other seat winds
    /// in order).
    #[serde(default)]
    pub wins_by_position: Vec<u32>,
}

/// One settled hand of a game ([`Game::settled`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Settled {
    /// The player who dealt (East).
    pub dealer: usize,
    /// Every winner: one, several when more than one won on the same discard (MY3-P3), none
    /// for a washout.
    pub winners: Seats,
    /// Net result per player, everything the hand paid included (0 beyond the players).
    pub net: [i64; 4],
}

/// What the next hand is dealt with.
#[derive(Copy, Clone)]
struct Plan {
    number: u32,
    dealer: usize,
    prevailing: Wind,
    east_streak: u32,
    goulash: u32,
    honba: u32,
    pot: u64,
    /// Points by player at the start of the hand.
    points: [i64; 4],
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    config: GameConfig,
    ruleset: Arc<Ruleset>,
    /// The ruleset's play rules (worked out once).
    play: PlayRules,
    /// The set's tiles in [`mahjong_tiles::TileSet::tiles`] order, shuffled into each hand's wall.
    base_tiles: Vec<Tile>,
    shape: Shape,
    seats: usize,
    hand: Hand,
    hand_no: u32,
    round: u32,
    dealers_in_round: usize,
    east_streak: u32,
    /// Drawn hands in a row just before the current one (K3-M2 goulash).
    draws_in_row: u32,
    /// Hands in a row just before the current one that ended in a washout or a dealer's
    /// win: the honba counters (J3-S10); another player's win clears them.
    honba: u32,
    totals: Vec<i64>,
    /// What settlements left over so far, for the next winner (J3 riichi stakes).
    pot: u64,
    events: Vec<Event>,
    summary: GameSummary,
    /// Every hand settled so far, in order.
    settled: Vec<Settled>,
    over: bool,
    /// Each finished hand as a table, when asked for ([`Game::new_keeping_tables`]).
    tables: Option<Vec<TableInput>>,
}

impl Game {
    /// Starts a game and deals the first hand.
    pub fn new(config: GameConfig) -> Game {
        Game::start(config, false)
    }

    /// As [`Game::new`], also keeping each finished hand as a table
    /// ([`Hand::table_input`]) for [`Game::take_tables`].
    pub fn new_keeping_tables(config: GameConfig) -> Game {
        Game::start(config, true)
    }

    /// The tables of the hands finished since the last call (empty unless the game was
    /// started with [`Game::new_keeping_tables`]).
    pub fn take_tables(&mut self) -> Vec<TableInput> {
        self.tables.as_mut().map(std::mem::take).unwrap_or_default()
    }

    fn start(config: GameConfig, keep_tables: bool) -> Game {
        let ruleset = Arc::new(config.ruleset.clone());
        let seats = ruleset.seats();
        let tiles = ruleset.tile_set();
        let shape = Shape::of(&tiles);
        let play = ruleset.play();
        let plan = Plan {
            number: 0,
            dealer: 0,
            prevailing: play.winds[0],
            east_streak: 0,
            goulash: 0,
            honba: 0,
            pot: 0,
            points: std::array::from_fn(|p| {
                if p < seats {
                    ruleset.starting_score()
                } else {
                    0
                }
            }),
        };
        let base_tiles = tiles.tiles();
        let wall = Game::wall(&config, &play, &base_tiles, 0, Vec::new());
        let hand = Hand::new(Game::setup(&config, &ruleset, shape, seats, plan), wall);
        let mut g = Game {
            play,
            base_tiles,
            shape,
            summary: GameSummary {
                wins: vec![0; seats],
                wins_by_position: vec![0; seats],
                ..GameSummary::default()
            },
            settled: Vec::new(),
            config,
            ruleset,
            seats,
            hand,
            hand_no: 0,
            round: 0,
            dealers_in_round: 0,
            east_streak: 0,
            draws_in_row: 0,
            honba: 0,
            totals: vec![0; seats],
            pot: 0,
            events: vec![],
            over: false,
            tables: keep_tables.then(Vec::new),
        };
        g.settle_if_over();
        g
    }

    /// The wall of hand `number`: given, or shuffled from the set's tiles `base` (built in
    /// `buf`, a previous wall's buffer).
    fn wall(
        config: &GameConfig,
        o: &PlayRules,
        base: &[Tile],
        number: u32,
        buf: Vec<Tile>,
    ) -> Wall {
        match config.walls.get(number as usize) {
            Some(tiles) => Wall::explicit(tiles.clone(), o.dead_wall),
            None => {
                // One stream per hand: hand n's wall does not depend on how earlier hands went.
                let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
                rng.set_stream(number as u64);
                Wall::shuffled_from(base, buf, &mut rng, o.dead_wall, o.single_throw)
            }
        }
    }

    fn setup(
        config: &GameConfig,
        ruleset: &Arc<Ruleset>,
        shape: Shape,
        seats: usize,
        plan: Plan,
    ) -> HandSetup {
        HandSetup {
            ruleset: ruleset.clone(),
            seats,
            dealer: plan.dealer,
            prevailing: plan.prevailing,
            east_streak: plan.east_streak,
            goulash: plan.goulash,
            honba: plan.honba,
            number: plan.number,
            pot: plan.pot,
            points: plan.points,
            shape,
            record: config.record,
        }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.config.seed
    }

    /// Number of players.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// The hand in progress (or the last one, when the game is over).
    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    /// Cumulative totals by player.
    pub fn totals(&self) -> &[i64] {
        &self.totals
    }

    /// Points in the pot now: what settlements left over (riichi stakes after a washout),
    /// waiting for the next winner. The totals and the pot sum to zero.
    pub fn pot(&self) -> u64 {
        self.pot
    }

    /// Every hand settled so far, in order: one entry per hand, also when one action ends
    /// a hand and the next ends as dealt (a win by the hand as dealt, MY3-J6), where the
    /// totals only show the two together.
    pub fn settled(&self) -> &[Settled] {
        &self.settled
    }

    /// Counts so far.
    pub fn summary(&self) -> &GameSummary {
        &self.summary
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Players who must decide now.
    pub fn pending(&self) -> Vec<usize> {
        if self.over {
            vec![]
        } else {
            self.hand.pending()
        }
    }

    /// Players who must decide now, without allocating (the same players as
    /// [`Game::pending`]).
    pub fn pending_seats(&self) -> Seats {
        if self.over {
            Seats::default()
        } else {
            self.hand.pending_seats()
        }
    }

    /// A player's legal actions now.
    pub fn legal_actions(&self, player: usize) -> Vec<Action> {
        if self.over {
            vec![]
        } else {
            self.hand.legal_actions(player)
        }
    }

    /// A player's legal actions now, borrowed.
    pub fn legal(&self, player: usize) -> &[Action] {
        if self.over {
            &[]
        } else {
            self.hand.legal(player)
        }
    }

    /// A player's legal actions now as bit sets ([`Hand::legal_set`]): what a driver
    /// needs to pick an action without building the list.
    pub fn legal_set(&self, player: usize) -> &LegalSet {
        if self.over {
            &LegalSet::EMPTY
        } else {
            self.hand.legal_set(player)
        }
    }

    /// A player's view.
    pub fn view(&self, player: usize) -> SeatView {
        self.hand.view(player, &self.totals)
    }

    /// A player's view written into `out`, reusing its buffers (no allocation once warm).
    pub fn view_into(&self, player: usize, out: &mut SeatView) {
        self.hand.view_into(player, &self.totals, out)
    }

    /// Events since the last call (all of them, unredacted: the record).
    pub fn take_events(&mut self) -> Vec<Event> {
        if self.events.is_empty() && self.hand.events().is_empty() {
            // Nothing new (always so when not recording): no buffer is moved.
            return Vec::new();
        }
        self.drain_hand_events();
        std::mem::take(&mut self.events)
    }

    fn drain_hand_events(&mut self) {
        let e = self.hand.take_events();
        self.events.extend(e);
    }

    /// Applies an action; refused actions change nothing.
    pub fn act(&mut self, player: usize, action: Action) -> Result<(), EngineError> {
        if self.over {
            return Err(EngineError::Over);
        }
        self.hand.act(player, action)?;
        self.settle_if_over();
        Ok(())
    }

    /// Settles the hand and deals the next when the hand has just ended (checked after
    /// every action: kept to one test inline).
    #[inline]
    fn settle_if_over(&mut self) {
        if self.hand.is_over() && !self.over {
            self.settle();
        }
    }

    /// After a hand: totals, rotation, the next hand or the end of the game.
    #[cold]
    fn settle(&mut self) {
        while self.hand.is_over() && !self.over {
            self.drain_hand_events();
            if let Some(t) = &mut self.tables {
                t.extend(self.hand.table_input());
            }
            let result = self.hand.result().expect("a finished hand has a result");
            let dealer = self.hand.setup().dealer;
            self.summary.hands += 1;
            let mut settled = Settled {
                dealer,
                winners: Seats::default(),
                net: [0; 4],
            };
            settled.net[..result.settlement.len()].copy_from_slice(&result.settlement);
            for (t, s) in self.totals.iter_mut().zip(&result.settlement) {
                *t += s;
            }
            if result.winner.is_none() {
                self.summary.washouts += 1;
            }
            if result.cannon.is_some() {
                self.summary.cannons += 1;
            }
            // MY3-P3: every winner of a discard several won counts.
            for w in result
                .winner
                .into_iter()
                .chain(result.more_winners.iter().copied())
            {
                self.summary.wins[w] += 1;
                settled.winners.insert(w);
                let wind = self.hand.pos_of(w);
                let sc = &result.outcome.scores[wind];
                self.summary.winner_score_sum += sc.score;
                self.summary.winner_points_sum += sc.points;
                if let Some(r) = sc.limit {
                    // A named rule is one of several bands of one id (J3-P's mangan and
                    // haneman): counted apart, under the id and the name.
                    let key = if r.named {
                        format!("{} {}", r.id, r.name)
                    } else {
                        r.id.to_string()
                    };
                    *self.summary.limit_hands.entry(key).or_default() += 1;
                }
                let gain = result.settlement[w];
                self.summary.winner_gain_sum += gain;
                self.summary.wins_by_position[wind] += 1;
                let items = sc.items.as_slice();
                for (i, it) in items.iter().enumerate() {
                    let id = it.rule.id;
                    if items[..i].iter().any(|x| x.rule.id == id) {
                        continue;
                    }
                    // Keys are allocated once per rule id, not per hand.
                    match self.summary.items.get_mut(id) {
                        Some(n) => *n += 1,
                        None => {
                            self.summary.items.insert(id.to_string(), 1);
                        }
                    }
                    match self.summary.item_gains.get_mut(id) {
                        Some(g) => *g += gain,
                        None => {
                            self.summary.item_gains.insert(id.to_string(), gain);
                        }
                    }
                }
            }
            self.settled.push(settled);
            // What the settlement does not balance is paid into or taken from the pot.
            let paid: i64 = result.settlement.iter().sum();
            let pot = self.hand.setup().pot.saturating_add_signed(-paid);
            self.pot = pot;
            let play = &self.play;
            self.draws_in_row = match result.winner {
                None => self.draws_in_row + 1,
                Some(_) => 0,
            };
            self.honba = match result.winner {
                Some(w) if w != dealer => 0,
                _ => self.honba + 1,
            };
            // Several winners (MY3-P3): the dealer among them counts as the dealer's win.
            let winner = match result.more_winners.contains(&dealer) {
                true => Some(dealer),
                false => result.winner,
            };
            let end = match winner {
                None => HandEnd::Washout {
                    dealer_ready: self.hand.waiting(dealer),
                },
                Some(w) if w == dealer => HandEnd::DealerWon {
                    streak: self.east_streak + 1,
                },
                Some(_) => HandEnd::OtherWon,
            };
            // The family decides (M11, M122r, W-G1/2, K3-M).
            let keeps = self.ruleset.dealer_keeps(end);
            if let HandEnd::DealerWon { streak } = end {
                self.east_streak = streak;
            }
            let mut next_dealer = dealer;
            if !keeps {
                self.east_streak = 0;
                next_dealer = (dealer + 1) % self.seats;
                self.dealers_in_round += 1;
                if self.dealers_in_round == self.seats {
                    self.dealers_in_round = 0;
                    self.round += 1;
                }
            }
            self.hand_no += 1;
            let out_of_hands = self
                .config
                .max_hands
                .into_iter()
                .chain(play.hands)
                .any(|m| self.hand_no >= m);
            // A family may end the game early (J3: a player below zero).
            let bust = self.ruleset.game_over(&self.totals);
            if self.round >= play.rounds || out_of_hands || bust {
                self.over = true;
                let mut taken = None;
                if self.pot > 0 {
                    if let Some(p) = self.ruleset.pot_at_end(&self.totals) {
                        self.totals[p] += self.pot as i64;
                        taken = Some(PotTaken {
                            player: p,
                            points: std::mem::take(&mut self.pot),
                        });
                    }
                }
                self.events.push(Event::GameEnd {
                    totals: self.totals.clone(),
                    pot: taken,
                });
                return;
            }
            let plan = Plan {
                number: self.hand_no,
                dealer: next_dealer,
                prevailing: if play.prevailing_rotates {
                    play.winds[self.round as usize % self.seats]
                } else {
                    play.winds[0]
                },
                east_streak: self.east_streak,
                goulash: self.draws_in_row,
                honba: self.honba,
                pot,
                points: std::array::from_fn(|p| {
                    self.totals
                        .get(p)
                        .map_or(0, |t| self.ruleset.starting_score() + t)
                }),
            };
            let buf = self.hand.take_wall_tiles();
            let wall = Game::wall(&self.config, play, &self.base_tiles, plan.number, buf);
            let setup = Game::setup(&self.config, &self.ruleset, self.shape, self.seats, plan);
            self.hand.redeal(setup, wall);
        }
    }
}
