//! What each player may do at the current decision point: his turn's actions, claims on a
//! discard, robbing a kong, and the checks behind them (waits, whether a win is allowed).

use std::sync::OnceLock;

use mahjong_hands::{
    is_complete, is_complete_with_jokers, is_seven_pairs_with_jokers, is_thirteen_orphans,
    seven_pairs_waits_with_jokers, shanten, waits, waits_with_jokers, Counts, KindMask, MeldKind,
};
use mahjong_rules::{PlayHooks, WinFrom};
use mahjong_tiles::{Suit, Tile, KINDS};

use super::{Hand, Phase, Seats, Source};
use crate::legal::{DiscardOffers, LegalSet};
use crate::player::{five_suit, PlayerState};
use crate::protocol::Action;
use crate::quick;

impl Hand {
    /// Computes every player's legal actions for the decision point just reached.
    #[inline]
    pub(super) fn refresh_legal(&mut self) {
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
    pub(super) fn clear_lists(&mut self) {
        for l in &mut self.lists {
            if l.get().is_some() {
                *l = OnceLock::new();
            }
        }
    }

    #[inline]
    pub(super) fn declared_sets(&self, p: usize) -> usize {
        self.players[p].melds.len()
    }

    /// Recomputes a player's winning tiles (none unless his hand holds 13 tiles, sets
    /// counted 3). Called whenever his hand changes to 13 tiles (deal, discard, kong), so
    /// on his turn they are the waits of his hand before the draw.
    #[inline(always)]
    pub(super) fn update_waits(&mut self, p: usize) {
        let me = &self.players[p];
        let declared = me.melds.len();
        // Concealed tiles are all playing tiles here (bonus tiles are set aside at once).
        debug_assert_eq!(
            me.counts.iter().map(|&x| x as usize).sum::<usize>() + me.jokers as usize,
            me.concealed_len()
        );
        let held = me.concealed_len() + 3 * declared;
        if me.jokers > 0 {
            self.update_waits_with_jokers(p, held == 13);
            return;
        }
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
        if self.special && held == 13 && declared == 0 {
            let me = &self.players[p];
            let extra = self.hooks.special_waits(&me.counts, me.levels[0]);
            self.waits[p].0 |= extra.0;
        }
    }

    /// The special waits ([`PlayHooks::special_waits`]) of `c` less one tile of kind `k`,
    /// `held` being the kinds of `c`.
    #[inline]
    fn special_waits_without(&self, c: &Counts, held: u64, k: usize) -> KindMask {
        let mut less = *c;
        less[k] -= 1;
        let held = if less[k] == 0 { held & !(1 << k) } else { held };
        self.hooks.special_waits(&less, held)
    }

    /// The kinds whose discard leaves `p`'s concealed hand (14 tiles, no declared set)
    /// waiting for a special hand.
    #[cold]
    fn special_ready(&self, p: usize) -> u64 {
        let me = &self.players[p];
        let mut out = 0u64;
        let mut kinds = me.levels[0];
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            if !self
                .special_waits_without(&me.counts, me.levels[0], k)
                .is_empty()
            {
                out |= 1 << k;
            }
        }
        out
    }

    /// Whether a concealed hand of 14 tiles (no declared set) is one of the family's
    /// special hands ([`PlayHooks::special_hands`]): some tile taken out leaves it waiting
    /// for that tile.
    #[cold]
    fn special_complete(&self, c: &Counts, held: u64) -> bool {
        (0..KINDS).any(|k| c[k] > 0 && self.special_waits_without(c, held, k).contains(k))
    }

    /// [`Hand::update_waits`] for a hand holding jokers (MY3-J): the natural tiles that
    /// complete it, jokers standing in.
    #[cold]
    #[inline(never)]
    fn update_waits_with_jokers(&mut self, p: usize, thirteen: bool) {
        let me = &self.players[p];
        self.waits[p] = match self.options.jokers {
            Some(rules) if thirteen => self.joker_waits(me, me.jokers, rules),
            _ => KindMask::EMPTY,
        };
    }

    /// The natural tiles that complete `me`'s naturals with `jokers` jokers: four sets and
    /// a pair, or (MY3-F12 option) seven pairs with jokers pairing singles.
    fn joker_waits(
        &self,
        me: &PlayerState,
        jokers: u8,
        rules: mahjong_hands::JokerRules,
    ) -> KindMask {
        let sets = 4 - me.melds.len();
        let mut w = waits_with_jokers(&me.counts, jokers, sets, &self.shape, rules);
        if self.options.seven_pairs && me.melds.is_empty() {
            w.0 |= seven_pairs_waits_with_jokers(&me.counts, jokers, &self.shape, rules).0;
        }
        w
    }

    /// Whether a concealed kong of kind `k` (all four held) leaves `p`'s winning tiles as
    /// they were before his draw.
    #[cold]
    fn kong_keeps_waits(&self, p: usize, k: usize) -> bool {
        let me = &self.players[p];
        let mut c = me.counts;
        c[k] -= 4;
        let after = waits(&c, me.melds.len() + 1, &self.shape, false, None);
        after == self.waits[p]
    }

    /// Whether a waiting player (not in turn) goes out with `tile`.
    #[inline]
    pub(super) fn complete_with(&self, p: usize, tile: Tile) -> bool {
        tile.kind().is_some_and(|k| self.waits[p].contains(k))
    }

    /// A player's legal actions now (empty when he has nothing to decide).
    #[inline]
    pub fn legal_actions(&self, p: usize) -> Vec<Action> {
        self.legal(p).to_vec()
    }

    /// A player's legal actions now, borrowed (no allocation: written out once per
    /// decision point, when first asked for).
    #[inline]
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
    #[inline]
    pub fn legal_set(&self, p: usize) -> &LegalSet {
        self.legal.get(p).unwrap_or(&LegalSet::EMPTY)
    }

    /// The legal actions of `p` in a rob window (turns and claim windows have their own,
    /// [`Hand::turn_legal`] and [`Hand::claim_legal`]).
    #[inline]
    pub(super) fn rob_legal(&self, p: usize) -> LegalSet {
        let mut v = LegalSet::EMPTY;
        let Phase::Rob {
            konger,
            tile,
            concealed,
            aside,
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
        // MY3-P4 (option `rob_concealed_kong`): a concealed kong robbed as an added one.
        let as_added = self.options.rob_concealed_kong && !*aside;
        let robbable = if *concealed && !as_added {
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
    pub(super) fn claim_legal(&self, p: usize, discarder: usize, tile: Tile) -> LegalSet {
        if tile.is_joker() {
            return self.joker_claim_legal(p, discarder);
        }
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
        // MY3-J2: jokers stand in a claimed pung (at most 2) and chow (at most 1); only a
        // tile set with jokers deals any.
        let j = me.jokers;
        // Jokers never make a second set of a kind already declared (they would stand
        // for a fifth copy).
        if n >= 2
            || (n + j.min(2) >= 2
                && !me
                    .melds
                    .iter()
                    .any(|m| m.tile as usize == k && m.kind != MeldKind::Chow))
        {
            v.add_pung();
        }
        if n >= 3 && self.wall.draw_loose_possible() {
            v.add_kong();
        }
        if self.options.chow_claims && self.next_after(discarder) == p {
            v.add_chows(if j > 0 {
                self.chow_starts_with_joker(me, k)
            } else {
                self.chow_starts_with(me, k)
            });
        }
        v
    }

    /// The legal actions of `p` on `discarder`'s joker (MY3-J7, option
    /// `claim_discarded_joker`): a win where the joker completes the hand, a pung of a kind
    /// he holds (the claimed joker one of at most two), a chow (the next player) of which he
    /// holds two tiles, the joker the chow's one.
    #[cold]
    fn joker_claim_legal(&self, p: usize, discarder: usize) -> LegalSet {
        let mut v = LegalSet::EMPTY;
        v.add_pass();
        if self.joker_stands_for(p, discarder).is_some() {
            v.add_mahjong();
        }
        let me = &self.players[p];
        if me.original_call {
            return v;
        }
        // A pung of a kind held twice, or once with a joker from the hand; never a second
        // set of a kind already declared (the joker would stand for a fifth copy).
        let mut pungs = me.levels[1] | if me.jokers > 0 { me.levels[0] } else { 0 };
        for m in me.melds.iter().filter(|m| m.kind != MeldKind::Chow) {
            pungs &= !(1 << m.tile);
        }
        v.add_joker_pungs(pungs);
        if self.options.chow_claims && self.next_after(discarder) == p {
            v.add_chows(two_of_three(me.levels[0]) & self.chow_starts);
        }
        v
    }

    /// The natural tile a discarded joker stands for when `p` claims it to win (MY3-J7,
    /// option `claim_discarded_joker`): as for a drawn one ([`Hand::natural_for`]), the
    /// lowest tile that completes his hand, of which fewer than four are on the table, and
    /// that makes a legal win. `None`: the joker does not complete his hand.
    #[cold]
    pub(super) fn joker_stands_for(&self, p: usize, discarder: usize) -> Option<Tile> {
        if !self.options.claim_jokers || self.waits[p].is_empty() {
            return None;
        }
        let seen = self.tiles_seen();
        self.waits[p]
            .iter()
            .filter(|&k| seen[k] < 4)
            .map(Tile::from_kind)
            .find(|&t| {
                self.hooks.may_claim_win(&ctx!(self), p, discarder, t)
                    && self.may_win(p, t, WinFrom::Discard, Some(discarder))
            })
    }

    /// The natural tile a self-drawn winning joker stands for (MY3-J1): the lowest tile
    /// that completes the hand without it and of which fewer than four are on the table
    /// (discards, sets and hands), so that the hand is written and scored as a table with
    /// that tile. `None` when every such tile would be a fifth copy: the joker does not win
    /// then (a table cannot hold a winning joker yet). Any other tile is itself.
    #[cold]
    pub(super) fn natural_for(&self, p: usize, tile: Tile) -> Option<Tile> {
        let me = &self.players[p];
        match self.options.jokers {
            Some(rules) if tile.is_joker() && me.jokers > 0 => {
                let waits = self.joker_waits(me, me.jokers - 1, rules);
                let seen = self.tiles_seen();
                waits.iter().find(|&k| seen[k] < 4).map(Tile::from_kind)
            }
            _ => Some(tile),
        }
    }

    /// Every natural tile on the table and in the hands, by kind (what a joker may not
    /// stand for a fifth copy of).
    #[cold]
    fn tiles_seen(&self) -> Counts {
        let mut seen = [0u8; KINDS];
        for q in &self.players {
            q.add_table_tiles(&mut seen, true);
            for (s, c) in seen.iter_mut().zip(&q.counts) {
                *s += c;
            }
        }
        seen
    }

    /// The kinds where a chow holding `k` can start with at most one of its other two
    /// tiles a joker (MY3-J2; `me` holds a joker).
    #[inline]
    pub(super) fn chow_starts_with_joker(&self, me: &PlayerState, k: usize) -> u64 {
        // Two of any three in a row held (with `k`): the third is the joker. Runs starting
        // at k − 2, k − 1 or k hold `k` itself.
        two_of_three(me.levels[0] | 1 << k) & self.chow_starts & (0b111 << k) >> 2
    }

    /// The legal actions of `p` in his turn.
    #[inline(always)]
    pub(super) fn turn_legal(
        &self,
        p: usize,
        drawn: Option<Tile>,
        source: Source,
        claimed_pung: Option<u8>,
    ) -> LegalSet {
        let mut v = LegalSet::EMPTY;
        let me = &self.players[p];
        let c = &me.counts;
        // One table for this turn's hooks, not one per hook: turns are the commonest
        // decision.
        let table = ctx!(self);
        // Other families never hold a joker: one byte test.
        let jokers = if me.jokers > 0 {
            self.options.jokers
        } else {
            None
        };
        let complete = match source {
            Source::Claim => false,
            // MY3-J: a hand with jokers is judged whole (the drawn tile may be a joker).
            _ if jokers.is_some() => {
                let rules = jokers.unwrap_or_default();
                is_complete_with_jokers(c, me.jokers, 4 - self.declared_sets(p), &self.shape, rules)
                    || (self.options.seven_pairs
                        && me.melds.is_empty()
                        && is_seven_pairs_with_jokers(c, me.jokers, &self.shape, rules))
            }
            // A complete hand leaves a waiting one whatever tile goes, so the cheap
            // whole-hand judgement rules most dealt hands out first.
            Source::Deal => {
                (!quick::no_discard_may_wait(
                    &me.levels,
                    me.melds.len(),
                    self.chow_kinds,
                    &self.shape,
                ) && is_complete(
                    c,
                    self.declared_sets(p),
                    &self.shape,
                    self.options.seven_pairs,
                )) || (self.special
                    && me.melds.is_empty()
                    && self.special_complete(c, me.levels[0]))
            }
            // The waits are those of the hand before this draw.
            Source::Wall | Source::Loose => drawn
                .and_then(Tile::kind)
                .is_some_and(|k| self.waits[p].contains(k)),
        };
        debug_assert!(
            jokers.is_some()
                || self.special
                || complete
                    == (source != Source::Claim
                        && is_complete(
                            &me.counts(),
                            self.declared_sets(p),
                            &self.shape,
                            self.options.seven_pairs
                        ))
        );
        if complete {
            let held = drawn.unwrap_or_else(|| *me.concealed().last().expect("tiles"));
            let from = if source == Source::Loose {
                WinFrom::Loose
            } else {
                WinFrom::Wall
            };
            let legal = match self.natural_for(p, held) {
                None => false,
                Some(tile) if tile == held => self.may_win(p, tile, from, None),
                // A winning joker goes out as the natural tile it stands for.
                Some(tile) => {
                    !self.hooks.checks_wins() || {
                        let mut c = me.counts;
                        c[tile.kind().expect("playing tile")] += 1;
                        self.win_value_with(p, c, me.jokers - 1, tile, from, None)
                            .is_some()
                    }
                }
            };
            if legal {
                v.add_mahjong();
            }
        }
        let can_kong = source != Source::Claim && self.wall.draw_loose_possible();
        // J3-T4: tiles the family lets a player set aside for a loose tile.
        let aside = if can_kong {
            self.hooks.may_set_aside(&table, p) & me.levels[0]
        } else {
            0
        };
        if me.original_call {
            // M55: the hand is frozen; only the drawn tile may go (or be set aside).
            if let Some(t) = drawn {
                if let Some(k) = t.kind() {
                    if aside >> k & 1 == 1 {
                        v.add_aside(1 << k);
                    }
                    // J3-T7: a concealed kong of the drawn tile, where the family allows
                    // one and it leaves the waits as they were.
                    if can_kong
                        && me.levels[3] >> k & 1 == 1
                        && self.hooks.kong_when_ready(&table, p)
                        && self.kong_keeps_waits(p, k)
                    {
                        v.add_concealed_kongs(1 << k);
                    }
                }
                v.add_discard(t, false);
            }
            return v;
        }
        v.add_aside(aside);
        if can_kong {
            v.add_concealed_kongs(me.levels[3]);
        }
        // Only a pung whose fourth tile is held (rare): then in the order of the sets.
        if me.pungs & me.levels[0] != 0 {
            let mut swaps = 0u64;
            for (m, info) in me.melds.iter().zip(&me.meld_info) {
                if m.kind != MeldKind::Pung || c[m.tile as usize] == 0 {
                    continue;
                }
                let annexable =
                    can_kong || (self.options.annex_claimed_pung && claimed_pung == Some(m.tile));
                // MY3-J3: no joker in a kong; MY3-J5: the held tile takes a joker's place
                // (option `joker_swap`).
                if info.jokers > 0 {
                    if self.options.joker_swap {
                        swaps |= 1 << m.tile;
                    }
                } else if annexable {
                    v.add_annex(m.tile);
                }
            }
            v.add_swaps(swaps);
        }
        let may_declare_ready = source != Source::Claim && self.hooks.may_declare_ready(&table, p);
        // Special hands (KJ-L17–L20) are beyond shanten: the discards that leave one waiting.
        let special = if may_declare_ready && self.special && me.melds.is_empty() {
            self.special_ready(p)
        } else {
            0
        };
        let may_declare = may_declare_ready
            // Most hands are too far from ready for any discard to call.
            && (special != 0
                || !quick::no_discard_may_wait(
                    &me.levels,
                    me.melds.len(),
                    self.chow_kinds,
                    &self.shape,
                ));
        if me.jokers > 0 {
            // MY3-J7 a joker may be discarded; MY3-J6 or set aside for a loose tile.
            v.add_jokers(can_kong);
        }
        if !may_declare && me.reds == [0; 3] {
            // No red fives: the distinct tiles are the kinds held.
            v.add_discards(me.levels[0]);
        } else {
            // Returned, not written through a reference, so that `v` can stay in
            // registers: a set stored field by field and read back whole stalls.
            let offers = self.discard_offers(p, may_declare, special);
            v.add_discard_offers(offers);
        }
        v
    }

    /// The discards of `p` one by one (red fives apart from plain fives), with Original
    /// Call where `may_declare` and the discard leaves a hand that may declare ready;
    /// `special` are the discards that leave a special hand waiting ([`Hand::special_ready`]).
    #[inline(never)]
    pub(super) fn discard_offers(
        &self,
        p: usize,
        may_declare: bool,
        special: u64,
    ) -> DiscardOffers {
        let me = &self.players[p];
        let c = &me.counts;
        let mut out = DiscardOffers::default();
        // A discard that leaves a winning tile leaves the hand ready (shanten 0), so one
        // batch of shanten rules out most discards before their waits (and, where a
        // declaration needs a legal win, their scores) are worked out.
        // Before the batch, one shanten of the whole hand: no discard leaves a hand
        // nearer than the hand itself (each form's distance counts the tiles of its
        // nearest complete hand that are missing, and a tile more never misses more), so
        // a hand above shanten 0 has no ready discard, and most random hands are.
        let tenpai = if may_declare
            && shanten(
                c,
                self.declared_sets(p),
                &self.shape,
                self.options.seven_pairs,
            ) > 0
        {
            debug_assert!(self
                .shape
                .shanten_each_removed(
                    c,
                    self.declared_sets(p),
                    self.options.seven_pairs,
                    KindMask(me.levels[0]),
                )
                .iter()
                .all(|&s| s > 0));
            0
        } else if may_declare {
            let after = self.shape.shanten_each_removed(
                c,
                self.declared_sets(p),
                self.options.seven_pairs,
                KindMask(me.levels[0]),
            );
            let mut m = 0u64;
            for (k, &s) in after.iter().enumerate() {
                m |= u64::from(s <= 0) << k;
            }
            m
        } else {
            u64::MAX
        };
        let tenpai = tenpai | special;
        let mut kinds = me.levels[0];
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            if five_suit(k).is_none_or(|s| me.counts[k] > me.reds[s]) {
                out.plain |= 1 << k;
                if may_declare && tenpai >> k & 1 == 1 && self.ready_after(p, c, Tile::from_kind(k))
                {
                    out.calls |= 1 << k;
                }
            }
        }
        for (s, suit) in Suit::ALL.into_iter().enumerate() {
            if me.reds[s] > 0 {
                out.reds |= 1 << s;
                let k = Tile::red_five(suit).kind().expect("playing tile");
                if may_declare
                    && tenpai >> k & 1 == 1
                    && self.ready_after(p, c, Tile::red_five(suit))
                {
                    out.reds |= 1 << (s + 3);
                }
            }
        }
        out
    }

    /// The kinds where a chow holding `me`'s tiles and one of kind `k` can start, as a bit
    /// mask (`k` itself need not be held).
    #[inline]
    pub(super) fn chow_starts_with(&self, me: &PlayerState, k: usize) -> u64 {
        let held = me.levels[0] | 1 << k;
        let runs = held & held >> 1 & held >> 2 & self.chow_starts;
        // Chows holding `k` start at k - 2, k - 1 or k.
        runs & (0b111 << k) >> 2
    }

    /// Whether player `p` may go out with `tile` (already in his hand when self-drawn)
    /// under the ruleset's win check; always true where the ruleset has none.
    #[inline]
    pub(super) fn may_win(
        &self,
        p: usize,
        tile: Tile,
        from: WinFrom,
        supplier: Option<usize>,
    ) -> bool {
        // KJ-S10: only a declared calling hand goes out, or one that has not discarded yet.
        if self.declare_calling {
            let me = &self.players[p];
            if !me.calling && !me.discards.is_empty() {
                return false;
            }
        }
        if !self.hooks.checks_wins() {
            return true;
        }
        let mut c = self.players[p].counts();
        if matches!(from, WinFrom::Discard | WinFrom::RobbedKong) {
            c[tile.kind().expect("playing tile")] += 1;
        }
        self.win_value(p, c, tile, from, supplier).is_some()
    }

    /// Whether a waiting player may claim `discarder`'s `tile` to win: it completes his
    /// hand, the family allows it (K3-P8: not his sacred discard), and the ruleset's win
    /// check passes.
    #[inline]
    pub(super) fn may_claim_win(&self, p: usize, discarder: usize, tile: Tile) -> bool {
        let k = tile.kind().expect("playing tile");
        self.waits[p].contains(k)
            && self.hooks.may_claim_win(&ctx!(self), p, discarder, tile)
            && self.may_win(p, tile, WinFrom::Discard, Some(discarder))
    }

    /// Whether `p`'s hand of 13 tiles is calling: some winning tile makes a legal win
    /// (taken as self-drawn, where the family's scorer checks wins).
    #[inline]
    pub(super) fn legal_wait(&self, p: usize) -> bool {
        let w = self.waits[p];
        if w.is_empty() || !self.hooks.checks_wins() {
            return !w.is_empty();
        }
        self.some_legal_win(p, &self.players[p].counts, w)
    }

    /// Whether one of winning tiles `w` makes concealed `c` a legal self-drawn win for `p`
    /// under the family's scorer.
    fn some_legal_win(&self, p: usize, c: &Counts, w: KindMask) -> bool {
        w.iter().any(|k| {
            let mut with = *c;
            with[k] += 1;
            self.win_value(p, with, Tile::from_kind(k), WinFrom::Wall, None)
                .is_some()
        })
    }

    /// Whether discarding `t` leaves a hand that may declare ready: waiting, and (with a
    /// win check) some winning tile makes a legal self-drawn win.
    #[inline]
    pub(super) fn ready_after(&self, p: usize, c: &Counts, t: Tile) -> bool {
        let k = t.kind().expect("playing tile");
        let me = &self.players[p];
        let levels = quick::without(&me.levels, k, c[k]);
        let special = self.special && me.melds.is_empty();
        if !special && !quick::may_wait(&levels, me.melds.len(), self.chow_kinds, &self.shape) {
            return false;
        }
        let mut after = *c;
        after[k] -= 1;
        let mut w = waits(
            &after,
            self.declared_sets(p),
            &self.shape,
            self.options.seven_pairs,
            None,
        );
        if special {
            w.0 |= self.special_waits_without(c, me.levels[0], k).0;
        }
        if !self.hooks.ready_needs_legal_win() {
            return !w.is_empty();
        }
        self.some_legal_win(p, &after, w)
    }
}

/// The kinds `s` where two of `s`, `s + 1`, `s + 2` are in `held` (a kind mask).
#[inline]
fn two_of_three(held: u64) -> u64 {
    (held & held >> 1) | (held & held >> 2) | (held >> 1 & held >> 2)
}
