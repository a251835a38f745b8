//! The Malaysian family's play hooks: wins only at the 5-fan minimum (MY3-S1, through the
//! scorer), the liability for a third dragon or fourth wind set (MY3-L3), and a drawn
//! hand settled like a scored table so that its instant payments stand (MY3-P6).

use mahjong_hands::MeldKind;
use mahjong_tiles::Tile;

use super::MalaysianOptions;
use crate::play::{PlayHooks, PlayTable, WinTies};

/// The per-hand state of the Malaysian play rules.
#[derive(Clone, Debug, Default)]
pub struct MalaysianPlay {
    /// MY3-L3: for each player, the discarder who gave him his third dragon set or his
    /// fourth wind set.
    liable: [Option<u8>; 4],
    /// MY3-J6: option `four_joker_instant_win`.
    four_jokers_win: bool,
    /// MY3-P3: option `multiple_winners`.
    all_win: bool,
}

impl MalaysianPlay {
    /// The hooks under these options.
    pub fn new(o: &MalaysianOptions) -> MalaysianPlay {
        MalaysianPlay {
            four_jokers_win: o.four_joker_instant_win,
            all_win: o.multiple_winners,
            ..MalaysianPlay::default()
        }
    }
}

/// The dragon sets and wind sets (pungs and kongs) among `p`'s declared sets.
fn honour_sets<T: PlayTable>(t: &T, p: usize) -> (usize, usize) {
    let (mut dragons, mut winds) = (0, 0);
    for m in t.melds(p) {
        if m.kind == MeldKind::Chow {
            continue;
        }
        let tile = m.first();
        if tile.dragon_kind().is_some() {
            dragons += 1;
        } else if tile.wind().is_some() {
            winds += 1;
        }
    }
    (dragons, winds)
}

impl PlayHooks for MalaysianPlay {
    fn start_hand(&mut self, _seats: usize) {
        self.liable = [None; 4];
    }

    /// MY3-S1: a win needs the minimum, which only the scorer knows.
    fn checks_wins(&self) -> bool {
        true
    }

    /// MY3-J6 (option `four_joker_instant_win`): four jokers in the starting hand.
    fn wins_as_dealt<T: PlayTable>(&self, t: &T, p: usize) -> bool {
        self.four_jokers_win && t.jokers(p) == 4
    }

    /// MY3-P3: the first in turn after the discarder wins, or (option `multiple_winners`)
    /// everybody who claims the win.
    fn win_ties(&self) -> WinTies {
        if self.all_win {
            WinTies::All
        } else {
            WinTies::Nearest
        }
    }

    /// MY3-I1–I4; MY3-P6: they stand on a drawn hand too.
    fn instant_payments(&self) -> bool {
        true
    }

    /// MY3-L3: the claim that made a third dragon set or a fourth wind set.
    fn on_claim<T: PlayTable>(&mut self, t: &T, q: usize, discarder: usize, tile: Tile) {
        let (dragon, wind) = (tile.dragon_kind().is_some(), tile.wind().is_some());
        if !(dragon || wind) || self.liable[q].is_some() {
            return;
        }
        let (dragons, winds) = honour_sets(t, q);
        if (dragon && dragons == 3) || (wind && winds == 4) {
            self.liable[q] = Some(discarder as u8);
        }
    }

    fn liable<T: PlayTable>(
        &self,
        _t: &T,
        winner: usize,
        _supplier: Option<usize>,
    ) -> Option<usize> {
        self.liable[winner]
            .map(usize::from)
            .filter(|&l| l != winner)
    }
}
