//! Claims on a discard and on an added kong (robbing): who may claim, and who gets it.

use mahjong_hands::{KongKind, Meld, MeldKind};
use mahjong_rules::{PlayHooks, WinFrom, WinTies};
use mahjong_tiles::Tile;

use super::{Hand, Phase, Seats, Source, WinFlags};
use crate::player::MeldInfo;
use crate::protocol::{Action, Event, SetKind};

impl Hand {
    /// The players with any choice but to pass on `discarder`'s `tile` (cheap: bit
    /// tests, no action list).
    #[inline]
    pub(super) fn claimants(&self, discarder: usize, tile: Tile) -> Seats {
        if self.options.jokers.is_some() {
            return self.claimants_with_jokers(discarder, tile);
        }
        let k = tile.kind().expect("playing tile");
        let mut who = Seats::default();
        // Most discards: nobody holds a pair of the kind or waits on it (the discarder
        // counted too), judged on the union of every seat's masks before seat by seat.
        let mut pairs_or_waits = 0u64;
        for (me, w) in self.players.iter().zip(&self.waits) {
            pairs_or_waits |= me.levels[1] | w.0;
        }
        let seats = if pairs_or_waits >> k & 1 == 1 {
            self.players.len()
        } else {
            0
        };
        for (q, me) in self.players.iter().enumerate().take(seats) {
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

    /// [`Hand::claimants`] where jokers stand in claimed sets (MY3-J2): seat by seat.
    #[cold]
    fn claimants_with_jokers(&self, discarder: usize, tile: Tile) -> Seats {
        let mut who = Seats::default();
        for q in (0..self.seats()).filter(|&q| q != discarder) {
            if self.claim_legal(q, discarder, tile).len() > 1 {
                who.insert(q);
            }
        }
        who
    }

    /// After a discard nobody claims: the next player draws (or, K3-O, three players
    /// ready and the discard untaken, the hand is drawn).
    #[inline]
    pub(super) fn after_unclaimed(&mut self, discarder: usize) {
        if self.hooks.unclaimed_ends_hand(&ctx!(self)) {
            self.washout();
            return;
        }
        self.draw_for(self.next_after(discarder), false, 0);
    }

    /// Whether a player has any choice but to pass in the current rob window.
    /// In a rob window, players whose only choice is to pass do so at once; seats beyond
    /// the table pass. (A claim window is opened with its claimants already known.)
    #[inline]
    pub(super) fn auto_pass_rob(&mut self) {
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

    #[inline]
    pub(super) fn open_rob(
        &mut self,
        konger: usize,
        tile: Tile,
        concealed: bool,
        aside: bool,
        kongs: u8,
    ) {
        self.phase = Phase::Rob {
            konger,
            tile,
            concealed,
            aside,
            kongs,
            responses: [None; 4],
        };
        self.auto_pass_rob();
        self.resolve_rob();
    }

    /// Every player after `from` in turn order for whom `pred` holds.
    #[cold]
    fn in_turn_after(&self, from: usize, pred: impl Fn(usize) -> bool) -> Vec<usize> {
        (1..self.seats())
            .map(|i| (from + i) % self.seats())
            .filter(|&q| pred(q))
            .collect()
    }

    /// The first player after `from` in turn order for whom `pred` holds.
    #[inline]
    pub(super) fn nearest_after(&self, from: usize, pred: impl Fn(usize) -> bool) -> Option<usize> {
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

    #[inline]
    pub(super) fn resolve_rob(&mut self) {
        let Phase::Rob {
            konger,
            tile,
            aside,
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
        let robs = |q: usize| responses[q] == Some(Action::Mahjong);
        if let Some(robber) = self.nearest_after(konger, robs) {
            // The kong goes back to a pung (a tile set aside leaves the bonus tiles); the
            // robbed tile completes the robber's hand.
            let k = tile.kind().expect("playing tile") as u8;
            if aside {
                let bonus = &mut self.players[konger].bonus;
                if let Some(i) = bonus.iter().rposition(|&b| b == tile) {
                    bonus.remove(i);
                }
            } else if let Some(m) = self.players[konger]
                .melds
                .iter_mut()
                .find(|m| m.tile == k && m.is_kong())
            {
                // An annexed kong goes back to the exposed pung, a concealed one to a
                // concealed pung.
                m.kind = MeldKind::Pung;
            }
            if !aside {
                self.players[konger].pungs |= 1 << k;
            }
            self.hooks.on_rob(&ctx!(self), konger, robber, tile);
            if self.hooks.instant_payments() {
                // MY3-I5: the robbed kong's payment goes back (or, by the family, stands).
                self.announce_instant_after_rob(konger, tile);
            }
            let flags = WinFlags {
                last_tile: false,
                heaven: false,
                earth: false,
                kong_upon_kong: false,
            };
            if self.hooks.win_ties() == WinTies::All {
                // MY3-P3: everybody who robs it wins.
                let robbers = self.in_turn_after(konger, robs);
                if robbers.len() > 1 {
                    self.win_many(&robbers, tile, WinFrom::RobbedKong, konger, flags);
                    return;
                }
            }
            self.players[robber].add(tile);
            self.win(robber, tile, WinFrom::RobbedKong, Some(konger), flags);
            return;
        }
        self.draw_for(konger, true, kongs);
    }

    /// Who gets a discard claimed for a set where jokers stand in (MY3-P2): a kong
    /// before a pung, then the pung with fewer jokers, then the first in turn.
    #[cold]
    fn set_claim_with_jokers(
        &self,
        discarder: usize,
        k: usize,
        responses: &[Option<Action>; 4],
    ) -> Option<usize> {
        let mut best: Option<(usize, (bool, u8))> = None;
        for i in 1..self.seats() {
            let q = (discarder + i) % self.seats();
            let rank = match responses[q] {
                Some(Action::Kong) => (true, 0),
                Some(Action::Pung) => (false, 2 - self.players[q].counts[k].min(2)),
                _ => continue,
            };
            // Earlier in turn wins a tie: only a strictly better claim replaces it.
            let better = best.is_none_or(|(_, (kong, jokers))| {
                (rank.0 && !kong) || (rank.0 == kong && rank.1 < jokers)
            });
            if better {
                best = Some((q, rank));
            }
        }
        best.map(|(q, _)| q)
    }

    /// A discarded joker claimed for a set (MY3-J7, option `claim_discarded_joker`): a pung
    /// before a chow, the pung with fewer jokers first, then the first in turn (MY3-P2).
    /// The pung takes two natural tiles from the hand where it has them, else one and a
    /// joker; the chow the two natural tiles held, the claimed joker standing for the third
    /// (for the highest where all three are held). Whether anybody took it.
    #[cold]
    fn claim_joker_for_set(&mut self, discarder: usize, responses: &[Option<Action>; 4]) -> bool {
        let n = self.seats();
        let mut best: Option<(usize, Tile, u8)> = None;
        for q in (1..n).map(|i| (discarder + i) % n) {
            if let Some(Action::JokerPung { tile }) = responses[q] {
                let k = tile.kind().expect("a pung of a playing tile");
                let jokers = 3 - self.players[q].counts[k].min(2);
                // Earlier in turn wins a tie.
                if best.is_none_or(|(_, _, j)| jokers < j) {
                    best = Some((q, tile, jokers));
                }
            }
        }
        if let Some((q, tile, jokers)) = best {
            self.mark_claimed(discarder);
            let k = tile.kind().expect("a pung of a playing tile");
            let me = &mut self.players[q];
            let reds = me.reds_melded;
            me.meld_kind(tile, 3 - jokers as usize);
            // The claimed joker is one of them; the others come from the hand.
            me.jokers -= jokers - 1;
            let info = MeldInfo {
                claimed: Some(Tile::JOKER),
                reds: me.reds_melded - reds,
                jokers,
                joker_for: None,
                supplier: Some(discarder as u8),
            };
            let meld = Meld::new(MeldKind::Pung, k as u8, true);
            self.lay_claimed_set(q, discarder, meld, info, tile, tile);
            self.turn_after_claim(q, Some(k as u8));
            return true;
        }
        let next = self.next_after(discarder);
        let Some(Action::Chow { first }) = responses[next] else {
            return false;
        };
        self.mark_claimed(discarder);
        let f = first.kind().expect("playing tile");
        let me = &mut self.players[next];
        let reds = me.reds_melded;
        let stands_for = crate::chow_joker_stands_for(&me.counts, f);
        for x in (f..f + 3).filter(|&x| x != stands_for) {
            me.meld_kind(Tile::from_kind(x), 1);
        }
        let info = MeldInfo {
            claimed: Some(Tile::JOKER),
            reds: me.reds_melded - reds,
            jokers: 1,
            joker_for: Some(Tile::from_kind(stands_for)),
            supplier: Some(discarder as u8),
        };
        let meld = Meld::new(MeldKind::Chow, f as u8, true);
        self.lay_claimed_set(next, discarder, meld, info, first, Tile::JOKER);
        self.turn_after_claim(next, None);
        true
    }

    #[inline]
    pub(super) fn resolve_claims(&mut self) {
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
        let winner = match self.hooks.win_ties() {
            WinTies::Nearest => self.nearest_after(discarder, claims_win),
            WinTies::All => {
                let winners = self.in_turn_after(discarder, claims_win);
                if winners.len() > 1 {
                    self.mark_claimed(discarder);
                    let flags = WinFlags {
                        last_tile: last_discard,
                        heaven: false,
                        earth: self.discard_count == 1 && discarder == self.setup.dealer,
                        kong_upon_kong: false,
                    };
                    self.win_many(&winners, tile, WinFrom::Discard, discarder, flags);
                    return;
                }
                winners.first().copied()
            }
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
            // MY3-J7 (`claim_discarded_joker`): the joker wins as the tile it stands for.
            let tile = match tile.is_joker() {
                true => self
                    .joker_stands_for(w, discarder)
                    .expect("a joker is claimed to win only where it completes the hand"),
                false => tile,
            };
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
        if tile.is_joker() {
            if !self.claim_joker_for_set(discarder, &responses) {
                self.after_unclaimed(discarder);
            }
            return;
        }
        let k = tile.kind().expect("playing tile") as u8;
        let set_claim = if self.options.jokers.is_some() {
            self.set_claim_with_jokers(discarder, k as usize, &responses)
        } else {
            self.nearest_after(discarder, |q| {
                matches!(responses[q], Some(Action::Pung | Action::Kong))
            })
        };
        if let Some(q) = set_claim {
            self.mark_claimed(discarder);
            let kong = responses[q] == Some(Action::Kong);
            let me = &mut self.players[q];
            let reds = me.reds_melded;
            // MY3-J2: natural tiles first, jokers for the rest.
            let wanted = if kong { 3 } else { 2 };
            let naturals = wanted.min(me.counts[k as usize]);
            let jokers = wanted - naturals;
            me.meld_kind(tile, naturals as usize);
            me.jokers -= jokers;
            me.reds_melded += tile.is_red() as u8;
            let info = MeldInfo {
                claimed: Some(tile),
                reds: me.reds_melded - reds,
                jokers,
                joker_for: None,
                supplier: Some(discarder as u8),
            };
            let kind = if kong {
                MeldKind::Kong(KongKind::Claimed)
            } else {
                MeldKind::Pung
            };
            self.lay_claimed_set(q, discarder, Meld::new(kind, k, true), info, tile, tile);
            if kong {
                self.update_waits(q);
                self.draw_for(q, true, 1);
            } else {
                self.turn_after_claim(q, Some(k));
            }
            return;
        }
        let next = self.next_after(discarder);
        if let Some(Action::Chow { first }) = responses[next] {
            self.mark_claimed(discarder);
            let f = first.kind().expect("playing tile");
            let me = &mut self.players[next];
            let reds = me.reds_melded;
            let mut joker_for = None;
            for x in f..f + 3 {
                if x != k as usize {
                    if me.counts[x] > 0 {
                        me.meld_kind(Tile::from_kind(x), 1);
                    } else {
                        // MY3-J2: one joker for the tile not held.
                        me.jokers -= 1;
                        joker_for = Some(Tile::from_kind(x));
                    }
                }
            }
            let jokers = u8::from(joker_for.is_some());
            me.reds_melded += tile.is_red() as u8;
            let info = MeldInfo {
                claimed: Some(tile),
                reds: me.reds_melded - reds,
                jokers,
                joker_for,
                supplier: Some(discarder as u8),
            };
            let meld = Meld::new(MeldKind::Chow, f as u8, true);
            self.lay_claimed_set(next, discarder, meld, info, first, tile);
            self.turn_after_claim(next, None);
            return;
        }
        self.after_unclaimed(discarder);
    }

    /// Lays `q`'s set claimed from `discarder`, its tiles from his hand already taken out:
    /// the set and what it is made of, the `set` event (`shown`: a pung's or kong's tile, a
    /// chow's first), and the family told that he claimed `claimed`.
    #[inline]
    fn lay_claimed_set(
        &mut self,
        q: usize,
        discarder: usize,
        meld: Meld,
        info: MeldInfo,
        shown: Tile,
        claimed: Tile,
    ) {
        let kind = match meld.kind {
            MeldKind::Chow => SetKind::Chow,
            MeldKind::Kong(k) => SetKind::Kong(k),
            _ => SetKind::Pung,
        };
        let jokers = info.jokers;
        let me = &mut self.players[q];
        me.meld_info.push(info);
        me.melds.push(meld);
        emit!(
            self,
            Event::Set {
                player: q,
                kind,
                tile: shown,
                from: Some(discarder),
                jokers,
            }
        );
        self.sets_changed(q);
        self.hooks.on_claim(&ctx!(self), q, discarder, claimed);
    }

    /// `q` discards next, after claiming a set (`claimed_pung`: a pung's kind).
    #[inline]
    fn turn_after_claim(&mut self, q: usize, claimed_pung: Option<u8>) {
        self.phase = Phase::Turn {
            player: q,
            drawn: None,
            source: Source::Claim,
            kongs: 0,
            claimed_pung,
        };
    }
}
