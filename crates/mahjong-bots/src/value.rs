//! What a possible win is worth, asked of the ruleset's own scorer: the seat's declared
//! sets, bonus tiles and a completed concealed hand become a scorer's table, and
//! `win_rank` and `score_seat` say whether it is a legal win and what it scores. Nothing
//! here knows a family: doubles, limit hands, minimums and hand-points all come from the
//! ruleset.

use mahjong_engine::{SeatView, SetKind};
use mahjong_hands::{Counts, Meld, MeldKind, Shape};
use mahjong_rules::{
    score_into, score_seat, win_rank, Outcome, Riichi, Ruleset, SeatHand, SeatScore, Table, Win,
    WinFrom,
};
use mahjong_tiles::{Tile, Wind, KINDS};

/// Values wins under one ruleset.
#[derive(Clone, Debug)]
pub(crate) struct Valuer {
    ruleset: Ruleset,
    shape: Shape,
}

impl Valuer {
    pub fn new(ruleset: &Ruleset) -> Valuer {
        Valuer {
            ruleset: ruleset.clone(),
            shape: Shape::of(&ruleset.tile_set()),
        }
    }

    /// The score of the viewer's hand won on kind `k` with concealed tiles `c` (the
    /// winning tile included), from the wall or from a discard; `None` when the scorer
    /// does not accept it as a win (below a minimum, say). `extra`: a set the seat would
    /// declare first (a claim being weighed).
    pub fn win_score(
        &self,
        view: &SeatView,
        c: &Counts,
        k: usize,
        self_drawn: bool,
        extra: Option<Meld>,
        jokers: u8,
    ) -> Option<u64> {
        let n = view.seats;
        let pos = (view.player + n - view.dealer) % n;
        let ready = view.public[view.player].original_call;
        let mut table = win_table(view, c, k, self_drawn, pos, ready)?;
        table.hands[pos].jokers = jokers;
        if let Some(m) = extra {
            table.hands[pos].declare(m);
        }
        win_rank(&table, pos, &self.ruleset, &self.shape)?;
        let mut out = SeatScore::ZERO;
        score_seat(&table, pos, &self.ruleset, &self.shape, &mut out).ok()?;
        Some(out.score.max(1))
    }

    /// Whether the player who discards the winning tile pays the winner more than another
    /// loser does, found by settling a sample win under the ruleset: when he does not,
    /// holding back a tile an opponent may win on gains nothing (only the dangerous
    /// discards of M90 make the discarder liable, and those are avoided anyway).
    pub fn discarder_pays_more(&self) -> bool {
        // Four pungs and a pair of the first kinds in the tile set, won by East on a
        // discard of South; compare what South and West pay.
        let kinds: Vec<usize> = self.shape.kinds.iter().take(5).collect();
        if kinds.len() < 5 {
            return true;
        }
        let seats = self.ruleset.seats();
        let mut c = [0u8; KINDS];
        for &k in &kinds[..4] {
            c[k] = 3;
        }
        c[kinds[4]] = 2;
        let mut hands = [SeatHand::EMPTY; 4];
        hands[0].concealed = c;
        let win = Win::new(Tile::from_kind(kinds[0]), WinFrom::Discard, Some(1));
        let table = Table::won(seats, Wind::East, hands, 0, win);
        let mut out = Outcome::EMPTY;
        if score_into(&table, &self.ruleset, &self.shape, &mut out).is_err() {
            return true;
        }
        out.settlement[1] < out.settlement[2]
    }
}

/// The viewer's hand won on kind `k` with concealed tiles `c` (the winning tile included),
/// as the scorer's table with the viewer at position `pos` from the dealer: his declared
/// sets and bonus tiles, won from the wall or on the next seat's discard, declared ready or
/// not. `None` when a set's tile is not a playing tile.
pub(crate) fn win_table(
    view: &SeatView,
    c: &Counts,
    k: usize,
    self_drawn: bool,
    pos: usize,
    ready: bool,
) -> Option<Table> {
    let n = view.seats;
    let me = &view.public[view.player];
    let mut hands = [SeatHand::EMPTY; 4];
    let h = &mut hands[pos];
    for s in &me.sets {
        let t = s.tile.kind()? as u8;
        let kind = match s.kind {
            SetKind::Chow => MeldKind::Chow,
            SetKind::Pung => MeldKind::Pung,
            SetKind::Kong(x) => MeldKind::Kong(x),
        };
        h.declare(Meld::new(kind, t, s.exposed));
    }
    h.concealed = *c;
    for &b in &me.bonus {
        h.add_bonus(b);
    }
    // Both ways a table says "declared ready": K3-P9's flag and J3-Y4's riichi (the
    // scorer of each family reads its own).
    h.ready = ready;
    if ready {
        h.riichi = Riichi::Riichi;
    }
    let from = if self_drawn {
        WinFrom::Wall
    } else {
        WinFrom::Discard
    };
    let supplier = (!self_drawn).then_some((pos + 1) % n);
    let win = Win {
        original_call: ready,
        ..Win::new(Tile::from_kind(k), from, supplier)
    };
    Some(Table::won(n, view.prevailing, hands, pos, win))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_discarder_pays_more_only_where_the_settlement_says_so() {
        let pays = |name: &str| Valuer::new(&Ruleset::preset(name).unwrap()).discarder_pays_more();
        // Every loser pays the winner's score (M107–M111, W-S1): East pays double whoever
        // discarded, so South (the discarder) and West pay the same.
        for name in ["millington", "bradfield", "western"] {
            assert!(!pays(name), "{name}");
        }
        // K3-S4: the discarder pays the hand-points double.
        assert!(pays("korean-3p"));
    }
}
