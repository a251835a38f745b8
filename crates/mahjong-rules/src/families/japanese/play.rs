//! The Japanese three-player game's play rules, as engine hooks (J3-T4–T7): riichi with
//! its stake, double riichi and Ippatsu; furiten in its three forms; Norths set aside
//! (pei-dora) for a loose tile; the dora, kan-dora and ura-dora indicators; Tenhou and
//! Chiihou's uninterrupted first go-around; tenpai and noten payments at a washout.

use mahjong_tiles::{Tile, KINDS};

use super::JapaneseOptions;
use super::{P_NOTEN, S10_STICK};
use crate::table::{Riichi, Table};
use crate::{InstantPayment, PlayHooks, PlayTable};

/// At most: the dora indicator, four kan-dora and the North one (J3-T4, T5).
const MAX_INDICATORS: usize = 6;
/// Where the ura-dora indicators lie among the never-drawn tiles: under each indicator,
/// kept apart so that no indicator is ever also an ura indicator.
const URA_FROM: usize = 7;
const NORTH: usize = 30;

/// Per-hand state of the Japanese hooks (players are the engine's indices).
#[derive(Copy, Clone, Debug)]
pub struct JapanesePlay {
    /// The options play reads (kept across hands).
    rules: Rules,
    riichi: [Riichi; 4],
    /// Ippatsu still possible: riichi declared and no call, kong or North since, and the
    /// declarer has not discarded again (J3-S8).
    ippatsu: [bool; 4],
    /// Discards each player has made.
    discards: [u8; 4],
    /// No call, kong or North yet: the first go-around is uninterrupted (double riichi,
    /// Chiihou).
    uninterrupted: bool,
    /// Temporary furiten: passed a winning tile since one's last draw (J3-T7).
    passed: [bool; 4],
    /// Riichi furiten: passed a winning tile after declaring (lasts the hand).
    locked: [bool; 4],
    /// Players to whom the last discard was a winning tile; it counts as passed once play
    /// moves on.
    pending: [bool; 4],
    /// Kongs declared in the hand, and how many indicators they have revealed.
    kongs: u8,
    /// Norths set aside in the hand.
    norths: u8,
    /// Indicators owed (a kong or the fourth North) and not yet revealed.
    owed: u8,
    /// Indicators revealed: positions among the never-drawn tiles.
    revealed: u8,
}

/// The options the hooks read.
#[derive(Copy, Clone, Debug)]
struct Rules {
    kan_dora: bool,
    ura_dora: bool,
    kan_ura_dora: bool,
    north_indicator: bool,
    stake: i64,
    noten_penalty: i64,
}

impl JapanesePlay {
    /// Fresh hooks for these options.
    pub fn new(o: &JapaneseOptions) -> JapanesePlay {
        JapanesePlay {
            rules: Rules {
                kan_dora: o.kan_dora,
                ura_dora: o.ura_dora,
                kan_ura_dora: o.kan_ura_dora,
                north_indicator: o.north_indicator,
                stake: i64::from(o.riichi_stake),
                noten_penalty: i64::from(o.noten_penalty),
            },
            ..JapanesePlay::FRESH
        }
    }

    /// Nothing happened yet in the hand (the options are placeholders).
    const FRESH: JapanesePlay = JapanesePlay {
        rules: Rules {
            kan_dora: false,
            ura_dora: false,
            kan_ura_dora: false,
            north_indicator: false,
            stake: 0,
            noten_penalty: 0,
        },
        riichi: [Riichi::None; 4],
        ippatsu: [false; 4],
        discards: [0; 4],
        uninterrupted: true,
        passed: [false; 4],
        locked: [false; 4],
        pending: [false; 4],
        kongs: 0,
        norths: 0,
        owed: 0,
        // The dora indicator is shown from the start.
        revealed: 1,
    };

    /// The last discard's winning tiles were passed: furiten from now on.
    fn settle_passes(&mut self) {
        for q in 0..4 {
            if std::mem::take(&mut self.pending[q]) {
                self.passed[q] = true;
                if self.riichi[q] != Riichi::None {
                    self.locked[q] = true;
                }
            }
        }
    }

    /// J3-T7's three forms of furiten.
    fn in_furiten<T: PlayTable>(&self, t: &T, p: usize) -> bool {
        self.passed[p] || self.locked[p] || t.waits(p).iter().any(|k| t.has_discarded(p, k))
    }

    /// A call, kong or North: no more Ippatsu, and the first go-around is broken.
    fn interrupt(&mut self) {
        self.ippatsu = [false; 4];
        self.uninterrupted = false;
    }

    /// The ura-dora indicators turned over for `winner` (J3-S8), in the order they lie:
    /// none unless he won in riichi; under the dora indicator, and under each kan-dora one
    /// too where `kan_ura_dora` is on; none without `ura_dora`.
    fn ura_tiles<'a>(
        &self,
        winner: Option<usize>,
        unused: &'a [Tile],
    ) -> impl Iterator<Item = &'a Tile> {
        let shown = (self.revealed as usize).min(unused.len());
        let in_riichi = winner.is_some_and(|p| self.riichi[p] != Riichi::None);
        let n = match (in_riichi && self.rules.ura_dora, self.rules.kan_ura_dora) {
            (false, _) => 0,
            (true, false) => 1,
            (true, true) => shown,
        };
        unused.iter().skip(URA_FROM).take(n)
    }
}

impl PlayHooks for JapanesePlay {
    fn start_hand(&mut self, _seats: usize) {
        *self = JapanesePlay {
            rules: self.rules,
            ..JapanesePlay::FRESH
        };
    }

    /// J3-T2: the dora indicator, revealed at the start.
    fn dora_indicator(&self, unused: &[Tile]) -> Option<Tile> {
        unused.first().copied()
    }

    /// J3-T7: riichi with a concealed hand, once, with tiles left to draw and the points
    /// to pay the stake (J3-S10).
    fn may_declare_ready<T: PlayTable>(&self, t: &T, p: usize) -> bool {
        self.riichi[p] == Riichi::None
            && t.is_concealed(p)
            && t.live_remaining() >= t.seats()
            && t.points(p) >= self.rules.stake
    }

    /// J3-T7: no win on a discard in furiten (a wait among one's own discards, a winning
    /// tile passed since one's last draw, or after declaring riichi).
    fn may_claim_win<T: PlayTable>(&self, t: &T, p: usize, _discarder: usize, _tile: Tile) -> bool {
        !self.in_furiten(t, p)
    }

    /// J3-T7: a hand in riichi may declare a concealed kong that keeps its waits.
    fn kong_when_ready<T: PlayTable>(&self, _t: &T, _p: usize) -> bool {
        true
    }

    /// J3-T7: a ready player in furiten (what `may_claim_win` refuses, told in advance).
    fn furiten<T: PlayTable>(&self, t: &T, p: usize) -> bool {
        !t.waits(p).is_empty() && self.in_furiten(t, p)
    }

    /// J3-S10: a stake for every riichi declared this hand, until the hand is settled.
    fn stakes<T: PlayTable>(&self, t: &T) -> u64 {
        let declared = self.riichi[..t.seats()]
            .iter()
            .filter(|&&r| r != Riichi::None)
            .count() as u64;
        declared * self.rules.stake as u64
    }

    /// J3-S10: the stake of a seat that declared riichi this hand.
    fn staked<T: PlayTable>(&self, _t: &T, seat: usize) -> u64 {
        match self.riichi.get(seat) {
            Some(r) if *r != Riichi::None => self.rules.stake as u64,
            _ => 0,
        }
    }

    /// J3-T6: the scorer decides (a yaku; atozuke-nashi).
    fn checks_wins(&self) -> bool {
        true
    }

    /// Riichi is a yaku by itself: any ready concealed hand may declare.
    fn ready_needs_legal_win(&self) -> bool {
        false
    }

    fn on_draw<T: PlayTable>(&mut self, _t: &T, p: usize) {
        self.settle_passes();
        // Temporary furiten ends with one's own draw; riichi furiten does not.
        self.passed[p] = false;
    }

    fn on_discard<T: PlayTable>(&mut self, t: &T, p: usize, tile: Tile) {
        self.settle_passes();
        let first = self.discards[p] == 0;
        self.discards[p] = self.discards[p].saturating_add(1);
        if t.ready(p) && self.riichi[p] == Riichi::None {
            // J3-Y11: double riichi on one's first discard of an uninterrupted go-around.
            self.riichi[p] = if first && self.uninterrupted {
                Riichi::Double
            } else {
                Riichi::Riichi
            };
            self.ippatsu[p] = true;
        } else {
            self.ippatsu[p] = false;
        }
        if let Some(k) = tile.kind() {
            for q in 0..t.seats() {
                if q != p && t.waits(q).contains(k) {
                    self.pending[q] = true;
                }
            }
        }
    }

    fn on_sets<T: PlayTable>(&mut self, t: &T, _p: usize) {
        self.settle_passes();
        self.interrupt();
        let kongs = (0..t.seats())
            .flat_map(|q| t.melds(q))
            .filter(|m| m.is_kong())
            .count() as u8;
        if kongs > self.kongs {
            if self.rules.kan_dora {
                self.owed += kongs - self.kongs;
            }
            self.kongs = kongs;
        }
    }

    fn on_claim<T: PlayTable>(&mut self, _t: &T, _q: usize, _discarder: usize, _tile: Tile) {
        self.settle_passes();
        self.interrupt();
    }

    /// J3-T4: a North may be set aside in one's turn.
    fn may_set_aside<T: PlayTable>(&self, _t: &T, _p: usize) -> u64 {
        1 << NORTH
    }

    fn on_set_aside<T: PlayTable>(&mut self, _t: &T, _p: usize, _tile: Tile) {
        self.interrupt();
        self.norths += 1;
        if self.rules.north_indicator && self.norths == 4 {
            self.owed += 1;
        }
    }

    /// J3-S13: Kokushi may rob a North set aside.
    fn set_aside_robbable(&self) -> bool {
        true
    }

    fn reveal_indicator<T: PlayTable>(&mut self, _t: &T, unused: &[Tile]) -> Option<Tile> {
        if self.owed == 0 || self.revealed as usize >= MAX_INDICATORS {
            return None;
        }
        let tile = *unused.get(self.revealed as usize)?;
        self.owed -= 1;
        self.revealed += 1;
        Some(tile)
    }

    /// J3-S8: the ura-dora indicators turned over for a riichi winner.
    fn ura_indicators<T: PlayTable>(&self, _t: &T, unused: &[Tile], p: usize, out: &mut Vec<Tile>) {
        out.extend(self.ura_tiles(Some(p), unused));
    }

    fn fill_table<T: PlayTable>(
        &self,
        t: &T,
        unused: &[Tile],
        pos: &[usize; 4],
        table: &mut Table,
    ) {
        for (q, &at) in pos.iter().enumerate().take(t.seats()) {
            table.hands[at].riichi = self.riichi[q];
        }
        let shown = (self.revealed as usize).min(unused.len());
        let mut dora = [0u8; KINDS];
        for t in &unused[..shown] {
            if let Some(k) = t.kind() {
                dora[k] += 1;
            }
        }
        table.dora_indicators = dora;
        let winner = (0..t.seats()).find(|&q| Some(pos[q]) == table.winner);
        let mut ura = [0u8; KINDS];
        // J3-S8: as `ura_indicators` shows them (a winner in riichi only).
        for t in self.ura_tiles(winner, unused) {
            if let Some(k) = t.kind() {
                ura[k] += 1;
            }
        }
        table.ura_indicators = ura;
        if let Some(w) = table.win.as_mut() {
            if let Some(p) = winner {
                w.ippatsu = self.ippatsu[p];
                // J3-YM1: Chiihou, a non-dealer's win on his first draw, uninterrupted.
                w.earth =
                    pos[p] != 0 && w.self_drawn() && self.uninterrupted && self.discards[p] == 0;
                // Tenhou is the dealt hand itself: a loose tile after a kong or a North is
                // no longer the first draw (unlike M122a's Heaven's Blessing).
                w.heaven &= self.uninterrupted;
            }
        }
    }

    /// J3-P (our option `noten_penalty`): each player not ready pays each ready one the
    /// penalty's share (the penalty split evenly on both sides); J3-S10: every riichi
    /// stick goes into the pot.
    fn washout_payments<T: PlayTable>(&self, t: &T, out: &mut Vec<InstantPayment>) {
        let n = t.seats();
        let ready: [bool; 4] = std::array::from_fn(|q| q < n && !t.waits(q).is_empty());
        let n_ready = ready[..n].iter().filter(|&&r| r).count();
        let noten = n - n_ready;
        if n_ready > 0 && noten > 0 && self.rules.noten_penalty > 0 {
            let share = self.rules.noten_penalty as u64 / (noten * n_ready) as u64;
            for from in (0..n).filter(|&q| !ready[q]) {
                for to in (0..n).filter(|&q| ready[q]) {
                    out.push(InstantPayment {
                        rule: &P_NOTEN,
                        from,
                        to,
                        amount: share,
                    });
                }
            }
        }
        for (from, r) in self.riichi.iter().enumerate().take(n) {
            if *r != Riichi::None && self.rules.stake > 0 {
                out.push(InstantPayment {
                    rule: &S10_STICK,
                    from,
                    to: n,
                    amount: self.rules.stake as u64,
                });
            }
        }
    }
}
