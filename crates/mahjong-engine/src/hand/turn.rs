//! A player's turn: drawing decisions, kongs, Mah-Jongg, and the discard that opens claims.

use mahjong_hands::{KongKind, Meld, MeldKind};
use mahjong_rules::{PlayHooks, WinFrom};
use mahjong_tiles::Tile;

use super::{Hand, Phase, Seats, Source, WinFlags};
use crate::player::MeldInfo;
use crate::protocol::{Action, Event, SetKind};

impl Hand {
    #[inline]
    pub(super) fn turn_action(
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
                let held =
                    drawn.unwrap_or_else(|| *self.players[p].concealed().last().expect("tiles"));
                let tile = self.natural_for(p, held).unwrap_or(held);
                if tile != held {
                    // MY3-J1: the winning joker is the natural tile it stands for.
                    self.players[p].remove(held);
                    self.players[p].add(tile);
                }
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
                    ..MeldInfo::default()
                });
                emit!(
                    self,
                    Event::Set {
                        player: p,
                        kind: SetKind::Kong(KongKind::Concealed),
                        tile,
                        from: None,
                        jokers: 0,
                    }
                );
                self.update_waits(p);
                self.sets_changed(p);
                self.open_rob(p, tile, true, false, kongs + 1);
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
                        jokers: 0,
                    }
                );
                self.update_waits(p);
                self.sets_changed(p);
                self.open_rob(p, tile, false, false, kongs + 1);
            }
            Action::SwapJoker { tile } => {
                // MY3-J5: the natural tile into the pung, its joker into the hand.
                let k = tile.kind().expect("playing tile") as u8;
                let me = &mut self.players[p];
                let i = me
                    .melds
                    .iter()
                    .zip(&me.meld_info)
                    .position(|(m, info)| {
                        m.kind == MeldKind::Pung && m.tile == k && info.jokers > 0
                    })
                    .expect("a pung with a joker");
                me.meld_kind(tile, 1);
                me.meld_info[i].jokers -= 1;
                me.jokers += 1;
                emit!(self, Event::Swap { player: p, tile });
                self.update_waits(p);
                // The turn goes on; a drawn tile swapped in leaves the joker as the tile
                // the hand would go out with.
                if let Phase::Turn { drawn: Some(d), .. } = &mut self.phase {
                    if *d == tile && !self.players[p].holds(tile) {
                        *d = Tile::JOKER;
                    }
                }
            }
            Action::SetAside { tile } if tile.is_joker() => {
                // MY3-J6: a joker exposed as a bonus tile, a loose tile in its place.
                self.players[p].remove(tile);
                self.players[p].bonus.push(tile);
                emit!(self, Event::Bonus { player: p, tile });
                self.update_waits(p);
                self.draw_for(p, true, kongs);
            }
            Action::SetAside { tile } => {
                // J3-T4: aside with the bonus tiles, then a loose tile in its place.
                let me = &mut self.players[p];
                me.remove(tile);
                me.bonus.push(tile);
                emit!(self, Event::Bonus { player: p, tile });
                self.update_waits(p);
                self.hooks.on_set_aside(&ctx!(self), p, tile);
                self.reveal_indicator();
                if self.hooks.set_aside_robbable() {
                    // J3-S13: a Kokushi may rob it; the loose draw follows the window.
                    self.open_rob(p, tile, true, true, kongs);
                } else {
                    self.draw_for(p, true, kongs);
                }
            }
            _ => unreachable!("turn actions are checked"),
        }
    }

    /// A discard: the claim window opens for those who can claim, else the next draw.
    #[inline(always)]
    pub(super) fn discard(&mut self, p: usize, tile: Tile, call: bool) {
        self.lay_discard(p, tile, call);
        // MY3-J7: nobody may claim a joker, unless `claim_discarded_joker`.
        let who = if tile.is_joker() && !self.options.claim_jokers {
            Seats::default()
        } else {
            self.claimants(p, tile)
        };
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

    /// The discard leaves the hand for the table: recorded, announced, the family told.
    #[inline(always)]
    fn lay_discard(&mut self, p: usize, tile: Tile, call: bool) {
        let me = &mut self.players[p];
        me.remove(tile);
        me.discards.push((tile, false));
        if let Some(k) = tile.kind() {
            me.discarded |= 1 << k;
        }
        self.discard_log.push((p as u8, tile));
        if call {
            me.original_call = true;
        }
        self.discard_count += 1;
        self.update_waits(p);
        let calling = self.declare_calling && !self.players[p].calling && self.legal_wait(p);
        if calling {
            self.players[p].calling = true;
        }
        emit!(
            self,
            Event::Discard {
                player: p,
                tile,
                call,
                calling,
            }
        );
        self.hooks.on_discard(&ctx!(self), p, tile);
    }

    /// The player after `p` in turn order.
    #[inline]
    pub(super) fn next_after(&self, p: usize) -> usize {
        if p + 1 == self.seats() {
            0
        } else {
            p + 1
        }
    }

    /// A player's declared sets changed.
    #[inline]
    pub(super) fn sets_changed(&mut self, p: usize) {
        let me = &mut self.players[p];
        me.pungs = me
            .melds
            .iter()
            .filter(|m| m.kind == MeldKind::Pung)
            .fold(0, |mask, m| mask | 1 << m.tile);
        self.hooks.on_sets(&ctx!(self), p);
        self.reveal_indicator();
        // MY3-I2–I4: a kong is paid for as it is made (other sets pay nothing).
        if self.hooks.instant_payments() {
            let kongs = self.players[p].melds.iter().filter(|m| m.is_kong()).count() as u8;
            if kongs != self.kongs[p] {
                self.kongs[p] = kongs;
                self.announce_instant();
            }
        }
    }

    /// Announces a further dora indicator if the family reveals one now (J3-T5).
    #[inline]
    pub(super) fn reveal_indicator(&mut self) {
        if let Some(tile) = self.hooks.reveal_indicator(&ctx!(self), self.wall.unused()) {
            emit!(self, Event::Indicator { tile });
        }
    }

    #[inline]
    pub(super) fn mark_claimed(&mut self, discarder: usize) {
        if let Some(d) = self.players[discarder].discards.last_mut() {
            d.1 = true;
        }
    }
}
