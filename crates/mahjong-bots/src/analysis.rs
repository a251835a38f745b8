//! What a seat can work out from its view: tiles on the table, copies it cannot see, and
//! which discards are dangerous (M90a–f) toward an opponent.

use mahjong_engine::{PublicSeat, SeatView, SetKind};
use mahjong_hands::{Counts, KindMask};
use mahjong_rules::Danger90;
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

/// Which flagged hand (M90a–f) discarding `tile` would help the player of `seat` toward,
/// judged from his declared sets, if any. Pungs and kongs count from their call, chows too (as the engine
/// counts them); concealed kongs count as declared.
///
/// - a: three sets all of one suit → any tile of that suit;
/// - b: three wind sets → the fourth wind;
/// - c: two dragon sets → the third dragon;
/// - d: three honour sets → any honour;
/// - e: three all-green sets → any green tile;
/// - f: three sets of 1s and 9s → any 1 or 9.
pub fn danger_toward(seat: &PublicSeat, tile: Tile) -> Option<Danger90> {
    let sets = &seat.sets;
    let k = tile.kind()?;
    let all = |pred: &dyn Fn(Tile) -> bool| {
        sets.len() >= 3
            && sets
                .iter()
                .all(|s| set_kinds(s.kind, s.tile).all(|x| pred(Tile::from_kind(x))))
    };
    let pungs = |pred: &dyn Fn(Tile) -> bool| {
        let mut n = 0;
        let mut has_k = false;
        for s in sets {
            if s.kind != SetKind::Chow && pred(s.tile) {
                n += 1;
                has_k |= s.tile.kind() == Some(k);
            }
        }
        (n, has_k)
    };
    if let Some(suit) = tile.suit() {
        if all(&|t| t.suit() == Some(suit)) {
            return Some(Danger90::ClearSuit);
        }
    }
    if tile.wind().is_some() {
        let (n, has) = pungs(&|t| t.wind().is_some());
        if n >= 3 && !has {
            return Some(Danger90::Winds);
        }
    }
    if tile.dragon_kind().is_some() {
        let (n, has) = pungs(&|t| t.dragon_kind().is_some());
        if n >= 2 && !has {
            return Some(Danger90::Dragons);
        }
    }
    if tile.is_honour() && all(&|t| t.is_honour()) {
        return Some(Danger90::AllHonours);
    }
    if tile.is_green() && all(&|t| t.is_green()) {
        return Some(Danger90::ImperialJade);
    }
    if tile.is_terminal() && all(&|t| t.is_terminal()) {
        return Some(Danger90::HeadsAndTails);
    }
    None
}

/// Kinds 0–33 by property, as bit masks.
const SUIT: [u64; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];
const HONOURS: u64 = 0x7F << 27;
const WINDS: u64 = 0xF << 27;
const DRAGONS: u64 = 0x7 << 31;
const TERMINALS: u64 = (1 | 1 << 8) | (1 | 1 << 8) << 9 | (1 | 1 << 8) << 18;
/// 2, 3, 4, 6, 8 bamboo and the green dragon.
const GREEN: u64 = 1 << 1 | 1 << 2 | 1 << 3 | 1 << 5 | 1 << 7 | 1 << 32;

/// The kinds whose discard is dangerous (M90a–f) toward the player of `seat`: the same
/// verdict as [`danger_toward`] for every kind, computed once per seat.
pub fn danger_mask(seat: &PublicSeat) -> KindMask {
    let sets = &seat.sets;
    if sets.len() < 2 {
        // Every a–f flag needs at least two declared sets.
        return KindMask::EMPTY;
    }
    // Kinds used by the sets, and the pungs/kongs among them.
    let mut used = 0u64;
    let mut pungs = 0u64;
    for s in sets {
        for k in set_kinds(s.kind, s.tile) {
            used |= 1 << k;
        }
        if s.kind != SetKind::Chow {
            pungs |= 1 << s.tile.kind().unwrap_or(0);
        }
    }
    let mut m = 0u64;
    if sets.len() >= 3 {
        for suit in SUIT {
            if used & !suit == 0 {
                m |= suit;
            }
        }
        for class in [HONOURS, GREEN, TERMINALS] {
            if used & !class == 0 {
                m |= class;
            }
        }
    }
    if (pungs & WINDS).count_ones() >= 3 {
        m |= WINDS & !pungs;
    }
    if (pungs & DRAGONS).count_ones() >= 2 {
        m |= DRAGONS & !pungs;
    }
    KindMask(m)
}

/// The kinds whose discard is dangerous (M90a–f) toward some opponent of the viewer.
pub fn dangerous_kinds(view: &SeatView) -> KindMask {
    let mut m = 0u64;
    for (q, seat) in view.public.iter().enumerate() {
        if q != view.player {
            m |= danger_mask(seat).0;
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

impl Sight {
    pub fn of(view: &SeatView, copies: &[u8; KINDS]) -> Sight {
        let mut hand = [0u8; KINDS];
        for t in &view.concealed {
            if let Some(k) = t.kind() {
                hand[k] += 1;
            }
        }
        let mut table = [0u8; KINDS];
        for seat in &view.public {
            for (t, claimed) in &seat.discards {
                if !claimed {
                    if let Some(k) = t.kind() {
                        table[k] += 1;
                    }
                }
            }
            for s in &seat.sets {
                for k in set_kinds(s.kind, s.tile) {
                    table[k] += 1;
                }
            }
        }
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
