//! What a seat can work out from its view: tiles on the table, copies it cannot see, and
//! which discards the ruleset makes dangerous toward an opponent.

use mahjong_engine::{PublicSeat, SeatView, SetKind};
use mahjong_hands::{Counts, KindMask};
use mahjong_rules::{Danger, Dangers, Shown};
use mahjong_tiles::{Tile, KINDS};

/// The tiles of a public set, as playing kinds.
/// (The engine does not export `PublicSet`, so sets are passed by their fields.)
pub(crate) fn set_kinds(kind: SetKind, tile: Tile) -> impl Iterator<Item = usize> {
    let k = tile.kind().unwrap_or(0);
    let (n, step) = match kind {
        SetKind::Chow => (3, 1),
        SetKind::Pung => (3, 0),
        SetKind::Kong(_) => (4, 0),
    };
    (0..n).map(move |i| k + i * step)
}

/// What the declared sets of `seat` show, for the ruleset's dangerous discards. Pungs and
/// kongs count from their call, chows too (as the engine counts them); concealed kongs
/// count as declared.
pub fn shown(seat: &PublicSeat) -> Shown {
    let mut s = Shown::default();
    for set in &seat.sets {
        let k = set.tile.kind().unwrap_or(0);
        match set.kind {
            SetKind::Chow => s.add_chow(k),
            SetKind::Pung | SetKind::Kong(_) => s.add_pung(k),
        }
    }
    s
}

/// Why discarding `tile` is dangerous toward the player of `seat` under the ruleset's
/// dangerous discards (`Ruleset::discard_dangers`), judged from his declared sets; `None`
/// when it is safe.
pub fn danger_toward(dangers: &Dangers, seat: &PublicSeat, tile: Tile) -> Option<Danger> {
    dangers.toward(&shown(seat), tile.kind()?)
}

/// The kinds whose discard is dangerous toward some opponent of the viewer: none where the
/// ruleset has no dangerous discards.
pub fn dangerous_kinds(dangers: Option<&Dangers>, view: &SeatView) -> KindMask {
    let Some(dangers) = dangers else {
        return KindMask::EMPTY;
    };
    dangerous_kinds_from(dangers, dangers.fewest_sets(), view)
}

/// [`dangerous_kinds`] with the ruleset's fewest sets that show a flagged hand
/// (`Dangers::fewest_sets`) worked out once by the caller.
#[inline]
pub(crate) fn dangerous_kinds_from(dangers: &Dangers, fewest: usize, view: &SeatView) -> KindMask {
    let mut m = 0u64;
    for (q, seat) in view.public.iter().enumerate() {
        if q != view.player && seat.sets.len() >= fewest {
            m |= dangers.kinds(&shown(seat));
        }
    }
    KindMask(m)
}

/// Counts a seat can see.
#[derive(Clone, Debug)]
pub(crate) struct Sight {
    /// Own concealed tiles.
    pub hand: Counts,
    /// Own declared sets.
    pub declared: usize,
    /// Tiles on the table: unclaimed discards and every declared set.
    pub table: Counts,
    /// Copies of each kind the seat cannot see (not in its hand, not on the table).
    pub unseen: Counts,
}

/// Where a tile counts in [`Sight`]'s tallies, by [`Tile::index`], and for a discard
/// [`Tile::COUNT`] further on when it was claimed: its playing kind, or [`NOWHERE`] (a joker,
/// a bonus tile, a claimed discard: that one is counted in the claimer's set). A lookup
/// rather than branches: the tallies run over every discard at every decision.
const SLOT: [u8; 2 * Tile::COUNT] = {
    let mut slot = [NOWHERE as u8; 2 * Tile::COUNT];
    let mut i = 0;
    while i < Tile::COUNT {
        if let Some(t) = Tile::from_index(i) {
            if let Some(k) = t.kind() {
                slot[i] = k as u8;
            }
        }
        i += 1;
    }
    slot
};

/// The tally slot past the playing kinds, for tiles that count toward none.
pub(crate) const NOWHERE: usize = KINDS;

/// A tally with room for [`NOWHERE`]; 64 wide so that a slot masked to six bits needs no
/// bounds check.
pub(crate) type Tally = [u8; 64];

/// The slot of a tally that tile `t` counts in ([`SLOT`]): its kind, or [`NOWHERE`]
/// (below 64, so a tally indexed by it needs no bounds check).
#[inline]
pub(crate) fn slot(t: Tile, claimed: bool) -> usize {
    SLOT[t.index() + Tile::COUNT * usize::from(claimed)] as usize & 63
}

#[inline]
fn kinds_of(tally: &Tally) -> Counts {
    let mut c = [0u8; KINDS];
    c.copy_from_slice(&tally[..KINDS]);
    c
}

impl Sight {
    /// The seat's own concealed tiles by kind.
    pub fn hand_of(view: &SeatView) -> Counts {
        let mut hand: Tally = [0; 64];
        for t in &view.concealed {
            hand[slot(*t, false)] += 1;
        }
        kinds_of(&hand)
    }

    pub fn of(view: &SeatView, copies: &[u8; KINDS]) -> Sight {
        let hand = Sight::hand_of(view);
        let mut table: Tally = [0; 64];
        for seat in &view.public {
            for &(t, claimed) in &seat.discards {
                table[slot(t, claimed)] += 1;
            }
            for s in &seat.sets {
                for k in set_kinds(s.kind, s.tile) {
                    table[k] += 1;
                }
            }
        }
        let table = kinds_of(&table);
        let mut unseen = [0u8; KINDS];
        for k in 0..KINDS {
            unseen[k] = copies[k].saturating_sub(hand[k] + table[k]);
        }
        Sight {
            hand,
            declared: view.public[view.player].sets.len(),
            table,
            unseen,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_kinds_and_claimed_discards_count_nowhere() {
        for i in 0..Tile::COUNT {
            let t = Tile::from_index(i).expect("a tile");
            assert_eq!(SLOT[i] as usize, t.kind().unwrap_or(NOWHERE), "{t}");
            assert_eq!(SLOT[i + Tile::COUNT] as usize, NOWHERE, "claimed {t}");
        }
    }
}
