//! The end of a hand: a washout or a win, scored and settled, with the events that say so.

use mahjong_hands::{Counts, KongKind, MeldKind};
use mahjong_rules::{
    score_dealt_win, score_into, win_rank, InstantPayment, Outcome, Payments, PlayHooks, SeatHand,
    Table, Win, WinFrom,
};
use mahjong_tiles::{Tile, KINDS};

use super::{Hand, HandResult, Phase, TableFacts, WinFlags};
use crate::protocol::{Event, PaymentRecord, ScoredItem};

impl Hand {
    /// Every player's concealed tiles shown (a washout under `show_on_washout`, a win),
    /// with the indicators the family turns over for `winner` (J3-S8's ura-dora).
    #[inline]
    pub(super) fn reveal(&self, winner: Option<usize>) -> Event {
        let mut ura_indicators = Vec::new();
        if let Some(p) = winner {
            self.hooks
                .ura_indicators(&ctx!(self), self.wall.unused(), p, &mut ura_indicators);
        }
        Event::Reveal {
            hands: self
                .players
                .iter()
                .map(|p| p.concealed().to_vec())
                .collect(),
            ura_indicators,
        }
    }

    #[inline]
    pub(super) fn washout(&mut self) {
        emit!(self, Event::Washout);
        self.phase = Phase::Over;
        let n = self.seats();
        if self.options.show_on_washout {
            emit!(self, self.reveal(None));
        }
        if self.hooks.instant_payments() {
            self.scored_washout();
            return;
        }
        // J3: noten payments, riichi sticks into the pot (a payment to `n`).
        let mut paid = Vec::new();
        self.hooks.washout_payments(&ctx!(self), &mut paid);
        let mut settlement = vec![0; n];
        for p in &paid {
            settlement[p.from] -= p.amount as i64;
            if p.to < n {
                settlement[p.to] += p.amount as i64;
            }
        }
        emit!(
            self,
            Event::Scores {
                scores: vec![0; n],
                limits: vec![None; n],
                items: vec![vec![]; n],
                settlement: settlement.clone(),
                payments: paid
                    .iter()
                    .map(|p| PaymentRecord {
                        from: p.from,
                        to: p.to,
                        amount: p.amount,
                        rule: Some(p.rule.id.to_string()),
                        name: p.rule.named.then(|| p.rule.name.to_string()),
                    })
                    .collect(),
                cannon: None,
            }
        );
        self.result = Some(HandResult {
            winner: None,
            more_winners: Vec::new(),
            outcome: Outcome::EMPTY,
            settlement,
            cannon: None,
            win: None,
            facts: None,
        });
    }

    /// A washout scored as a table with no winner: the payments made in play stand
    /// (MY3-P6).
    #[cold]
    fn scored_washout(&mut self) {
        let table = self.washout_table();
        let mut outcome = Outcome::EMPTY;
        score_into(&table, &self.setup.ruleset, &self.shape, &mut outcome)
            .expect("a drawn hand's table scores");
        self.settle_scored(outcome, None, None, None, None);
    }

    #[inline]
    pub(super) fn win(
        &mut self,
        p: usize,
        tile: Tile,
        from: WinFrom,
        supplier: Option<usize>,
        flags: WinFlags,
    ) {
        self.announce_win(p, tile, from, supplier);
        self.phase = Phase::Over;
        let (outcome, cannon, table) = self.score_win(p, tile, from, supplier, flags);
        let facts = Some(Box::new(TableFacts::of(&table)));
        self.settle_scored(outcome, Some(p), cannon, table.win, facts);
    }

    /// The `mahjong` event of `p`'s win with `tile`.
    #[inline]
    fn announce_win(&mut self, p: usize, tile: Tile, from: WinFrom, supplier: Option<usize>) {
        emit!(
            self,
            Event::Mahjong {
                player: p,
                tile,
                from,
                supplier,
                dealt: false,
            }
        );
    }

    /// Player `p`'s win with `tile` (already in his hand) scored: the outcome, the player
    /// liable for it and the table.
    #[inline]
    fn score_win(
        &self,
        p: usize,
        tile: Tile,
        from: WinFrom,
        supplier: Option<usize>,
        flags: WinFlags,
    ) -> (Outcome, Option<usize>, Table) {
        let mut cannon = self.hooks.liable(&ctx!(self), p, supplier);
        let mut table = self.table(p, tile, from, supplier, flags, cannon);
        let mut outcome = Outcome::EMPTY;
        let refused = cannon.is_some()
            && score_into(&table, &self.setup.ruleset, &self.shape, &mut outcome).is_err();
        // The offer was checked without the liability: one the scorer does not accept for
        // this hand is dropped rather than the win.
        debug_assert!(!refused, "the family named a liability its scorer refuses");
        if refused {
            cannon = None;
            table.cannon = None;
        }
        score_into(&table, &self.setup.ruleset, &self.shape, &mut outcome)
            .expect("the engine offers Mah-Jongg only for legal hands");
        (outcome, cannon, table)
    }

    /// Several players win on `supplier`'s discard or robbed kong (`WinTies::All`,
    /// MY3-P3), `winners` in turn order after him; none holds `tile` yet. Each is scored on
    /// his own table as if he alone had won (the tile in his hand only), and the hand
    /// settles the sum of those wins, with what a table with no winner already owes (the
    /// payments made in play, MY3-I) counted once. The first winner keeps the tile; his
    /// table is the hand's table ([`Hand::table_input`]).
    #[cold]
    pub(super) fn win_many(
        &mut self,
        winners: &[usize],
        tile: Tile,
        from: WinFrom,
        supplier: usize,
        flags: WinFlags,
    ) {
        // MY3-J7 (`claim_discarded_joker`): a joker wins for each as the tile it stands
        // for in his hand.
        let tiles: Vec<Tile> = winners
            .iter()
            .map(|&p| match tile.is_joker() {
                true => self
                    .joker_stands_for(p, supplier)
                    .expect("a joker is claimed to win only where it completes the hand"),
                false => tile,
            })
            .collect();
        for (&p, &tile) in winners.iter().zip(&tiles) {
            self.announce_win(p, tile, from, Some(supplier));
        }
        self.phase = Phase::Over;
        let n = self.seats();
        let mut base = Outcome::EMPTY;
        if self.hooks.instant_payments() {
            // A robbed kong's table names the rob (MY3-I5: its payment may stand).
            let table = match from {
                WinFrom::RobbedKong => self.robbed_table(supplier, tile),
                _ => self.washout_table(),
            };
            score_into(&table, &self.setup.ruleset, &self.shape, &mut base)
                .expect("a drawn hand's table scores");
        }
        // Net transfers between positions (a position past the seats is the pot): each
        // win's, less what the table owed before it.
        let mut flows = [[0i64; 5]; 5];
        let mut add_flows = |o: &Outcome, sign: i64| {
            for pay in o.payments.as_slice() {
                flows[pay.from.min(n)][pay.to.min(n)] += sign * pay.amount as i64;
            }
        };
        add_flows(&base, 1);
        let mut first = None;
        let mut settlement = base.settlement;
        let mut scores = Vec::with_capacity(winners.len());
        for (&p, &tile) in winners.iter().zip(&tiles) {
            self.players[p].add(tile);
            let (outcome, cannon, table) = self.score_win(p, tile, from, Some(supplier), flags);
            self.players[p].remove(tile);
            for (s, (w, b)) in settlement
                .iter_mut()
                .zip(outcome.settlement.iter().zip(&base.settlement))
            {
                *s += w - b;
            }
            add_flows(&outcome, 1);
            add_flows(&base, -1);
            scores.push((self.pos_of(p), outcome.scores[self.pos_of(p)]));
            first.get_or_insert((outcome, cannon, table));
        }
        let (mut outcome, cannon, table) = first.expect("at least one winner");
        self.players[winners[0]].add(tiles[0]);
        for (pos, score) in scores {
            outcome.scores[pos] = score;
        }
        outcome.settlement = settlement;
        outcome.payments = Payments::EMPTY;
        let pairs = (0..=n).flat_map(|a| (a + 1..=n).map(move |b| (a, b)));
        for (a, b) in pairs {
            let net = flows[a][b] - flows[b][a];
            if net > 0 {
                outcome.payments.push(a, b, net as u64);
            } else if net < 0 {
                outcome.payments.push(b, a, (-net) as u64);
            }
        }
        let facts = Some(Box::new(TableFacts::of(&table)));
        self.settle_scored(outcome, Some(winners[0]), cannon, table.win, facts);
        if let Some(r) = &mut self.result {
            r.more_winners = winners[1..].to_vec();
        }
    }

    /// A win by player `p`'s hand as dealt, with no winning tile (MY3-J6's four jokers):
    /// scored by the family from the hand's table with no winner, and paid as self-drawn.
    #[cold]
    pub(super) fn dealt_win(&mut self, p: usize) {
        emit!(
            self,
            Event::Mahjong {
                player: p,
                tile: Tile::JOKER,
                from: WinFrom::Wall,
                supplier: None,
                dealt: true,
            }
        );
        self.phase = Phase::Over;
        let table = self.washout_table();
        let mut outcome = Outcome::EMPTY;
        score_dealt_win(&table, self.pos_of(p), &self.setup.ruleset, &mut outcome)
            .expect("the family named a hand that wins as dealt");
        self.settle_scored(outcome, Some(p), None, None, None);
    }

    /// The end of a scored hand: each player's net, the reveal and score events, the
    /// result.
    #[inline]
    fn settle_scored(
        &mut self,
        outcome: Outcome,
        winner: Option<usize>,
        cannon: Option<usize>,
        win: Option<Win>,
        facts: Option<Box<TableFacts>>,
    ) {
        let settlement: Vec<i64> = (0..self.seats())
            .map(|q| outcome.settlement[self.pos_of(q)])
            .collect();
        if self.setup.record {
            self.record_scores(&outcome, &settlement, winner, cannon);
        }
        self.result = Some(HandResult {
            winner,
            more_winners: Vec::new(),
            outcome,
            settlement,
            cannon,
            win,
            facts,
        });
    }

    /// The reveal and score events of a won hand.
    #[inline]
    pub(super) fn record_scores(
        &mut self,
        outcome: &Outcome,
        settlement: &[i64],
        winner: Option<usize>,
        cannon: Option<usize>,
    ) {
        let n = self.seats();
        let settlement = settlement.to_vec();
        emit!(self, self.reveal(winner));
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
                                name: it.rule.named.then(|| it.rule.name.to_string()),
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
                        // A position past the seats is the pot (J3-S10's carried sticks).
                        from: if p.from < n {
                            self.player_at(p.from)
                        } else {
                            n
                        },
                        to: self.player_at(p.to),
                        amount: p.amount,
                        rule: None,
                        name: None,
                    })
                    .collect(),
                cannon,
            }
        );
    }

    /// The finished hand as the scorer's table (seats by position from East).
    #[inline]
    pub(super) fn table(
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
    #[inline]
    pub(super) fn win_value(
        &self,
        p: usize,
        concealed: Counts,
        tile: Tile,
        from: WinFrom,
        supplier: Option<usize>,
    ) -> Option<(u64, u64)> {
        self.win_value_with(p, concealed, self.players[p].jokers, tile, from, supplier)
    }

    /// [`Hand::win_value`] with `jokers` concealed jokers in place of the player's own (a
    /// joker drawn to win counted as the natural tile it stands for).
    #[inline]
    pub(super) fn win_value_with(
        &self,
        p: usize,
        concealed: Counts,
        jokers: u8,
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
        let h = &mut t.hands[self.pos_of(p)];
        h.concealed = concealed;
        h.jokers = jokers;
        win_rank(&t, self.pos_of(p), &self.setup.ruleset, &self.shape)
    }

    /// The table as if `winner` went out now with `tile`.
    #[inline]
    pub(super) fn table_with(
        &self,
        winner: usize,
        tile: Tile,
        from: WinFrom,
        supplier: Option<usize>,
        flags: WinFlags,
    ) -> Table {
        let n = self.seats();
        let (hands, visible) = self.seat_hands();
        let wind = |q: usize| self.pos_of(q);
        let win = Win {
            last_tile: flags.last_tile,
            original_call: self.players[winner].original_call,
            kong_upon_kong: flags.kong_upon_kong,
            heaven: flags.heaven,
            earth: flags.earth,
            ..Win::new(tile, from, supplier.map(wind))
        };
        let mut table = Table {
            east_consecutive_wins: self.setup.east_streak,
            goulash: self.setup.goulash,
            dora_indicator: self.dora_indicator(),
            visible,
            riichi_pot: self.setup.pot,
            honba: self.setup.honba,
            ..Table::won(n, self.setup.prevailing, hands, wind(winner), win)
        };
        let pos = std::array::from_fn(|q| if q < n { self.pos_of(q) } else { q });
        self.hooks
            .fill_table(&ctx!(self), self.wall.unused(), &pos, &mut table);
        table
    }

    /// Every seat's hand as the scorer reads it (by position from East), and the tiles
    /// shown on the table by kind.
    #[inline]
    fn seat_hands(&self) -> ([SeatHand; 4], Counts) {
        let n = self.seats();
        let mut hands = [SeatHand::EMPTY; 4];
        let mut visible = [0u8; KINDS];
        let instant = self.hooks.instant_payments();
        for q in 0..n {
            let me = &self.players[q];
            let h = &mut hands[self.pos_of(q)];
            for (i, (m, info)) in me.melds.iter().zip(&me.meld_info).enumerate() {
                h.declare_with_jokers(*m, info.jokers);
                // MY3-I2: a claimed kong's discarder pays for it.
                if let (true, MeldKind::Kong(KongKind::Claimed), Some(s)) =
                    (instant, m.kind, info.supplier)
                {
                    h.set_supplier(i, self.pos_of(s as usize));
                }
            }
            h.jokers = me.jokers;
            h.opening_groups = me.opening_groups;
            me.add_table_tiles(&mut visible, true);
            h.concealed = me.counts();
            h.ready = me.original_call;
            h.red_fives = me.red_fives();
            for &b in &me.bonus {
                // Not a flower or season: a tile the family let him set aside (J3-T4).
                if !h.add_bonus(b) {
                    h.set_aside += 1;
                }
            }
            for (t, _) in &me.discards {
                if let Some(k) = t.kind() {
                    h.discarded.insert(k);
                }
            }
        }
        (hands, visible.map(|v| v.min(4)))
    }

    /// Announces the payments made during play (MY3-I) that the table now owes and were
    /// not announced yet, and pays back those it no longer owes. Only for a family with
    /// [`PlayHooks::instant_payments`].
    #[cold]
    pub(super) fn announce_instant(&mut self) {
        self.announce_instant_of(self.washout_table());
    }

    /// [`Hand::announce_instant`] once `konger`'s kong of `tile` is robbed: the family
    /// reads the payments from the table of the rob ([`Hand::robbed_table`]), and a robbed
    /// kong's payment is paid back unless the family keeps it (MY3-I5).
    #[cold]
    pub(super) fn announce_instant_after_rob(&mut self, konger: usize, tile: Tile) {
        self.announce_instant_of(self.robbed_table(konger, tile));
    }

    #[cold]
    fn announce_instant_of(&mut self, table: Table) {
        let now = self.setup.ruleset.instant_payments(&table);
        let mut before = std::mem::take(&mut self.instant);
        for p in &now {
            match before.iter().position(|q| q == p) {
                Some(i) => {
                    before.swap_remove(i);
                }
                None => self.emit_payment(p, false),
            }
        }
        for p in &before {
            self.emit_payment(p, true);
        }
        self.instant = now;
    }

    /// Announces payment `p` (table seats), or its return.
    fn emit_payment(&mut self, p: &InstantPayment, returned: bool) {
        let (mut from, mut to) = (self.player_at(p.from), self.player_at(p.to));
        if returned {
            std::mem::swap(&mut from, &mut to);
        }
        emit!(
            self,
            Event::Payment {
                from,
                to,
                amount: p.amount,
                rule: p.rule.id.to_string(),
                returned,
            }
        );
    }

    /// Whether bonus tile `t`, just set aside by `p`, completes a group of four (MY3-I1).
    #[cold]
    pub(super) fn completes_group(&self, p: usize, t: Tile) -> bool {
        let mut all = SeatHand::EMPTY;
        for &b in &self.players[p].bonus {
            all.add_bonus(b);
        }
        let mut before = SeatHand::EMPTY;
        let mut skipped = false;
        for &b in &self.players[p].bonus {
            if b == t && !skipped {
                skipped = true;
                continue;
            }
            before.add_bonus(b);
        }
        all.complete_groups() != before.complete_groups()
    }

    /// A washout as the scorer's table, with no winner (MY3-P6: what was paid in play
    /// stands).
    fn washout_table(&self) -> Table {
        let (hands, visible) = self.seat_hands();
        Table {
            east_consecutive_wins: self.setup.east_streak,
            visible,
            ..Table::new(self.seats(), self.setup.prevailing, hands)
        }
    }

    /// The table as `konger`'s kong of `tile` is robbed, before its winners are scored: no
    /// winner yet, and `win` naming the rob (from `konger`), so that the family can tell
    /// the pung left where the kong was (MY3-I5, a payment the family may keep).
    fn robbed_table(&self, konger: usize, tile: Tile) -> Table {
        Table {
            win: Some(Win::new(
                tile,
                WinFrom::RobbedKong,
                Some(self.pos_of(konger)),
            )),
            ..self.washout_table()
        }
    }
}
