//! The deal (M20–M32) and every later draw: from the live wall or, after a kong or a bonus
//! tile, a loose tile; bonus tiles declared and replaced as they come.

use mahjong_rules::{PlayHooks, SeatHand};
use mahjong_tiles::Tile;

use super::{Hand, Phase, Source};
use crate::protocol::Event;
use crate::tiles::TileList;

impl Hand {
    /// Deals from the wall: East 14, the others 13, then bonus tiles declared and replaced,
    /// East first (M32). The players hold nothing yet.
    #[inline]
    pub(super) fn deal(&mut self) {
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
        if self.hooks.instant_payments() {
            // MY3-I1: groups complete in the opening round are paid at its higher rate.
            for me in &mut self.players {
                let mut h = SeatHand::EMPTY;
                for &b in &me.bonus {
                    h.add_bonus(b);
                }
                me.opening_groups = h.complete_groups();
            }
            if self.players.iter().any(|me| me.opening_groups != 0) {
                self.announce_instant();
            }
        }
        // MY3-J6: a hand that wins as dealt (there are four jokers, so one at most).
        for i in 0..n {
            let p = order(i);
            if self.hooks.wins_as_dealt(&ctx!(self), p) {
                self.dealt_win(p);
                return;
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
    pub(super) fn deal_tile(
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

    /// Draws for a player (loose or live), declaring and replacing bonus tiles.
    #[inline]
    pub(super) fn draw_for(&mut self, p: usize, loose: bool, kongs: u8) {
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
                // MY3-I1: a group completed during play is paid for at once.
                if self.hooks.instant_payments() && self.completes_group(p, t) {
                    self.announce_instant();
                }
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
            self.hooks.on_draw(&ctx!(self), p);
            return;
        }
    }
}
