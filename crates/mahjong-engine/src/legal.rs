//! A seat's legal actions as bit sets: what [`crate::Hand::legal`] lists, without building
//! the list. Working this out at every decision is the engine's hottest path, so it is a
//! few masks; the list is made only when somebody asks for it.

use mahjong_tiles::{Suit, Tile, KINDS};

use crate::protocol::Action;

const PASS: u8 = 1;
const MAHJONG: u8 = 2;
const PUNG: u8 = 4;
const KONG: u8 = 8;
/// Not an action: [`LegalSet::chows`] holds swaps of jokers (MY3-J5) instead of chows.
/// Chows are claims and swaps are turn actions, so one mask serves both and the set
/// stays as small as it was before jokers.
const SWAPS: u8 = 16;
/// Not an action: [`LegalSet::kongs`] holds pungs of a discarded joker (MY3-J7) instead of
/// concealed kongs (claims, not turn actions).
const JOKER_PUNGS: u8 = 32;
/// The flags that are actions.
const ACTIONS: u8 = PASS | MAHJONG | PUNG | KONG;
/// [`LegalSet::reds`] bits for the jokers.
const JOKER_DISCARD: u8 = 1 << 6;
const JOKER_ASIDE: u8 = 1 << 7;

/// Most actions a seat can have at once: a 14-tile hand has at most 14 distinct tiles to
/// discard, each also with Original Call, plus Mah-Jongg, its kongs and tiles to set aside.
pub const MAX_LEGAL: usize = 44;

/// A seat's legal actions at one decision point, in a fixed order: pass, Mah-Jongg, pung,
/// kong, chows (by first tile), concealed kongs or pungs of a discarded joker (by tile), annexed kongs (in the order of
/// the seat's sets), tiles to set aside (by tile, a joker last), jokers to swap out of
/// exposed pungs (by tile), then discards by tile (red
/// fives, then a joker, last), each followed by the same discard with Original Call where
/// that is legal.
///
/// `Copy` and allocation-free: a driver can count the actions, pick the `i`-th or test one
/// for legality without building a list.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct LegalSet {
    /// Number of actions (kept by the `add_` methods: counted once, read at every pick).
    n: u8,
    flags: u8,
    annex_len: u8,
    /// Kinds of the pungs that may be annexed, in set order, a byte each from the lowest
    /// (shifts, not an array: an indexed array keeps the whole set out of registers).
    annex: u32,
    /// Bits 0–2: red fives (by suit) that may be discarded; bits 3–5: with Original Call;
    /// bit 6: a joker may be discarded; bit 7: a joker may be set aside (MY3-J6).
    reds: u8,
    /// Chows by first kind; with the `SWAPS` flag, the kinds of exposed pungs whose joker
    /// may be swapped for the natural tile (MY3-J5).
    chows: u64,
    kongs: u64,
    /// Kinds that may be set aside for a loose tile.
    aside: u64,
    /// Plain tiles (by kind) that may be discarded.
    discards: u64,
    /// Plain tiles whose discard may declare Original Call.
    calls: u64,
}

impl LegalSet {
    /// No action: the seat has nothing to decide.
    pub const EMPTY: LegalSet = LegalSet {
        n: 0,
        flags: 0,
        annex_len: 0,
        annex: 0,
        reds: 0,
        chows: 0,
        kongs: 0,
        aside: 0,
        discards: 0,
        calls: 0,
    };

    /// Number of legal actions.
    #[inline]
    pub fn len(&self) -> usize {
        self.n as usize
    }

    /// Whether the seat has nothing to decide.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Whether `action` is legal.
    #[inline]
    pub fn contains(&self, action: Action) -> bool {
        // Discards first, by a plain test: most actions are discards, and a jump over
        // every kind of action mispredicts whenever the kind changes.
        if let Action::Discard { tile, call } = action {
            return self.has_discard(tile, call);
        }
        match action {
            Action::Pass => self.flags & PASS != 0,
            Action::Mahjong => self.flags & MAHJONG != 0,
            Action::Pung => self.flags & PUNG != 0,
            Action::Kong => self.flags & KONG != 0,
            Action::Chow { first } => self.flags & SWAPS == 0 && has_plain(self.chows, first),
            Action::ConcealedKong { tile } => {
                self.flags & JOKER_PUNGS == 0 && has_plain(self.kongs, tile)
            }
            Action::JokerPung { tile } => {
                self.flags & JOKER_PUNGS != 0 && has_plain(self.kongs, tile)
            }
            Action::SwapJoker { tile } => self.flags & SWAPS != 0 && has_plain(self.chows, tile),
            Action::SetAside { tile } => {
                has_plain(self.aside, tile) || (tile.is_joker() && self.reds & JOKER_ASIDE != 0)
            }
            Action::AnnexKong { tile } => {
                !tile.is_red()
                    && tile
                        .kind()
                        .is_some_and(|k| (0..self.annex_len).any(|i| self.annexed(i) == k))
            }
            Action::Discard { tile, call } => self.has_discard(tile, call),
        }
    }

    #[inline]
    fn has_discard(&self, tile: Tile, call: bool) -> bool {
        let i = tile.index();
        if i < KINDS {
            (if call { self.calls } else { self.discards }) >> i & 1 == 1
        } else if tile.is_joker() {
            !call && self.reds & JOKER_DISCARD != 0
        } else {
            red_suit(tile).is_some_and(|s| self.reds >> (s + 3 * call as usize) & 1 == 1)
        }
    }

    /// Whether the set is plain discards only (most turns).
    #[inline]
    fn discards_only(&self) -> bool {
        // Every action is counted in `n`.
        self.n as u32 == self.discards.count_ones()
    }

    /// The `i`-th action in the set's order.
    #[inline]
    pub fn get(&self, i: usize) -> Option<Action> {
        if self.discards_only() {
            return (i < self.n as usize).then(|| Action::Discard {
                tile: Tile::from_kind(select(self.discards, i as u64)),
                call: false,
            });
        }
        self.get_any(i)
    }

    fn get_any(&self, i: usize) -> Option<Action> {
        let mut i = i;
        if let Some(b) = take((self.flags & ACTIONS) as u64, &mut i) {
            return Some(match b {
                0 => Action::Pass,
                1 => Action::Mahjong,
                2 => Action::Pung,
                _ => Action::Kong,
            });
        }
        if self.flags & SWAPS == 0 {
            if let Some(k) = take(self.chows, &mut i) {
                let first = Tile::from_kind(k);
                return Some(Action::Chow { first });
            }
        }
        if let Some(k) = take(self.kongs, &mut i) {
            let tile = Tile::from_kind(k);
            if self.flags & JOKER_PUNGS != 0 {
                return Some(Action::JokerPung { tile });
            }
            return Some(Action::ConcealedKong { tile });
        }
        let n = self.annex_len as usize;
        if i < n {
            let tile = Tile::from_kind(self.annexed(i as u8));
            return Some(Action::AnnexKong { tile });
        }
        i -= n;
        if let Some(k) = take(self.aside, &mut i) {
            let tile = Tile::from_kind(k);
            return Some(Action::SetAside { tile });
        }
        if self.reds & JOKER_ASIDE != 0 {
            if i == 0 {
                return Some(Action::SetAside { tile: Tile::JOKER });
            }
            i -= 1;
        }
        if self.flags & SWAPS != 0 {
            if let Some(k) = take(self.chows, &mut i) {
                let tile = Tile::from_kind(k);
                return Some(Action::SwapJoker { tile });
            }
        }
        if self.calls == 0 {
            if let Some(k) = take(self.discards, &mut i) {
                let tile = Tile::from_kind(k);
                return Some(Action::Discard { tile, call: false });
            }
        } else {
            // With Original Call each discard may be followed by its calling twin.
            let mut kinds = self.discards;
            while kinds != 0 {
                let k = kinds.trailing_zeros() as usize;
                kinds &= kinds - 1;
                let tile = Tile::from_kind(k);
                if i == 0 {
                    return Some(Action::Discard { tile, call: false });
                }
                i -= 1;
                if self.calls >> k & 1 == 1 {
                    if i == 0 {
                        return Some(Action::Discard { tile, call: true });
                    }
                    i -= 1;
                }
            }
        }
        for (s, suit) in Suit::ALL.into_iter().enumerate() {
            if self.reds >> s & 1 == 1 {
                let tile = Tile::red_five(suit);
                if i == 0 {
                    return Some(Action::Discard { tile, call: false });
                }
                i -= 1;
                if self.reds >> (s + 3) & 1 == 1 {
                    if i == 0 {
                        return Some(Action::Discard { tile, call: true });
                    }
                    i -= 1;
                }
            }
        }
        if self.reds & JOKER_DISCARD != 0 && i == 0 {
            return Some(Action::Discard {
                tile: Tile::JOKER,
                call: false,
            });
        }
        None
    }

    /// The actions in order.
    pub fn iter(&self) -> impl Iterator<Item = Action> + '_ {
        (0..self.len()).map_while(|i| self.get(i))
    }

    /// The actions in order, into a fixed buffer.
    pub(crate) fn list(&self) -> ActionList {
        let mut out = ActionList {
            len: 0,
            items: [Action::Pass; MAX_LEGAL],
        };
        self.for_each(|a| {
            if out.len < MAX_LEGAL {
                out.items[out.len] = a;
                out.len += 1;
            }
        });
        debug_assert_eq!(out.len, self.len(), "more than MAX_LEGAL actions");
        out
    }

    /// The actions in order, appended to `out` (a view's list, written without the
    /// cached one).
    pub(crate) fn extend_into(&self, out: &mut Vec<Action>) {
        // Written in place: no capacity check per action.
        let start = out.len();
        out.resize(start + self.len(), Action::Pass);
        let slots = &mut out[start..];
        let mut n = 0;
        self.for_each(|a| {
            if let Some(slot) = slots.get_mut(n) {
                *slot = a;
                n += 1;
            }
        });
        out.truncate(start + n);
    }

    /// Calls `f` with each action in order: the order of [`LegalSet::get`], in one pass
    /// over the masks instead of a search per action.
    #[inline]
    fn for_each(&self, mut f: impl FnMut(Action)) {
        if self.discards_only() {
            each_bit(self.discards, |k| {
                f(Action::Discard {
                    tile: Tile::from_kind(k),
                    call: false,
                })
            });
            return;
        }
        const FLAG_ACTIONS: [Action; 4] =
            [Action::Pass, Action::Mahjong, Action::Pung, Action::Kong];
        each_bit((self.flags & ACTIONS) as u64, |b| f(FLAG_ACTIONS[b]));
        if self.flags & SWAPS == 0 {
            each_bit(self.chows, |k| {
                f(Action::Chow {
                    first: Tile::from_kind(k),
                })
            });
        }
        each_bit(self.kongs, |k| {
            let tile = Tile::from_kind(k);
            f(if self.flags & JOKER_PUNGS != 0 {
                Action::JokerPung { tile }
            } else {
                Action::ConcealedKong { tile }
            })
        });
        for i in 0..self.annex_len {
            f(Action::AnnexKong {
                tile: Tile::from_kind(self.annexed(i)),
            });
        }
        each_bit(self.aside, |k| {
            f(Action::SetAside {
                tile: Tile::from_kind(k),
            })
        });
        if self.reds & JOKER_ASIDE != 0 {
            f(Action::SetAside { tile: Tile::JOKER });
        }
        if self.flags & SWAPS != 0 {
            each_bit(self.chows, |k| {
                f(Action::SwapJoker {
                    tile: Tile::from_kind(k),
                })
            });
        }
        each_bit(self.discards, |k| {
            let tile = Tile::from_kind(k);
            f(Action::Discard { tile, call: false });
            if self.calls >> k & 1 == 1 {
                f(Action::Discard { tile, call: true });
            }
        });
        for (s, suit) in Suit::ALL.into_iter().enumerate() {
            if self.reds >> s & 1 == 1 {
                let tile = Tile::red_five(suit);
                f(Action::Discard { tile, call: false });
                if self.reds >> (s + 3) & 1 == 1 {
                    f(Action::Discard { tile, call: true });
                }
            }
        }
        if self.reds & JOKER_DISCARD != 0 {
            f(Action::Discard {
                tile: Tile::JOKER,
                call: false,
            });
        }
    }

    /// Sets a flag, counting it if new.
    #[inline]
    fn add_flag(&mut self, flag: u8) {
        self.n += u8::from(self.flags & flag == 0);
        self.flags |= flag;
    }

    /// Adds the kinds of `add` to the mask `field`, counting the new ones.
    #[inline]
    fn add_mask(n: &mut u8, field: &mut u64, add: u64) {
        *n += (add & !*field).count_ones() as u8;
        *field |= add;
    }

    pub(crate) fn add_pass(&mut self) {
        self.add_flag(PASS);
    }

    pub(crate) fn add_mahjong(&mut self) {
        self.add_flag(MAHJONG);
    }

    pub(crate) fn add_pung(&mut self) {
        self.add_flag(PUNG);
    }

    pub(crate) fn add_kong(&mut self) {
        self.add_flag(KONG);
    }

    /// Chows starting at these kinds.
    pub(crate) fn add_chows(&mut self, starts: u64) {
        LegalSet::add_mask(&mut self.n, &mut self.chows, starts);
    }

    /// Pungs of these kinds with a discarded joker (MY3-J7).
    pub(crate) fn add_joker_pungs(&mut self, kinds: u64) {
        if kinds != 0 {
            self.flags |= JOKER_PUNGS;
            LegalSet::add_mask(&mut self.n, &mut self.kongs, kinds);
        }
    }

    /// Concealed kongs of these kinds.
    pub(crate) fn add_concealed_kongs(&mut self, kinds: u64) {
        LegalSet::add_mask(&mut self.n, &mut self.kongs, kinds);
    }

    /// Annexing the pung of this kind (sets in order).
    pub(crate) fn add_annex(&mut self, kind: u8) {
        if self.annex_len < 4 {
            self.annex |= u32::from(kind) << (8 * self.annex_len);
            self.annex_len += 1;
            self.n += 1;
        }
    }

    /// Swapping a joker out of the exposed pungs of these kinds (MY3-J5).
    pub(crate) fn add_swaps(&mut self, kinds: u64) {
        if kinds != 0 {
            debug_assert!(self.chows == 0, "swaps are turn actions, chows claims");
            self.flags |= SWAPS;
            LegalSet::add_mask(&mut self.n, &mut self.chows, kinds);
        }
    }

    /// Setting aside tiles of these kinds.
    pub(crate) fn add_aside(&mut self, kinds: u64) {
        LegalSet::add_mask(&mut self.n, &mut self.aside, kinds);
    }

    /// Discards of these plain kinds.
    pub(crate) fn add_discards(&mut self, kinds: u64) {
        LegalSet::add_mask(&mut self.n, &mut self.discards, kinds);
    }

    /// The kind of the `i`-th annexable pung.
    #[inline]
    fn annexed(&self, i: u8) -> usize {
        (self.annex >> (8 * i) & 0xFF) as usize
    }

    /// Discards worked out one by one ([`DiscardOffers`]).
    #[inline]
    pub(crate) fn add_discard_offers(&mut self, offers: DiscardOffers) {
        LegalSet::add_mask(&mut self.n, &mut self.discards, offers.plain);
        LegalSet::add_mask(&mut self.n, &mut self.calls, offers.calls);
        self.n += (offers.reds & !self.reds).count_ones() as u8;
        self.reds |= offers.reds;
    }

    /// Discarding a joker (MY3-J7), and with `aside` setting one aside as a bonus tile
    /// for a loose tile (MY3-J6).
    pub(crate) fn add_jokers(&mut self, aside: bool) {
        let bits = JOKER_DISCARD | if aside { JOKER_ASIDE } else { 0 };
        self.n += (bits & !self.reds).count_ones() as u8;
        self.reds |= bits;
    }

    /// Discarding `tile`, with Original Call if `call`.
    pub(crate) fn add_discard(&mut self, tile: Tile, call: bool) {
        if tile.is_joker() {
            self.add_jokers(false);
            return;
        }
        match red_suit(tile) {
            Some(s) => {
                let bit = 1 << (s + 3 * call as usize);
                self.n += u8::from(self.reds & bit == 0);
                self.reds |= bit;
            }
            None => {
                let bit = 1u64 << tile.kind().expect("playing tile");
                if call {
                    LegalSet::add_mask(&mut self.n, &mut self.calls, bit);
                } else {
                    LegalSet::add_mask(&mut self.n, &mut self.discards, bit);
                }
            }
        }
    }
}

/// Discards found one by one: plain kinds, those with Original Call, and red fives as in
/// [`LegalSet`] (bits 0–2 by suit, 3–5 with Original Call).
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct DiscardOffers {
    pub(crate) plain: u64,
    pub(crate) calls: u64,
    pub(crate) reds: u8,
}

/// A plain tile's bit in a kind mask.
#[inline]
fn has_plain(mask: u64, tile: Tile) -> bool {
    !tile.is_red() && tile.kind().is_some_and(|k| mask >> k & 1 == 1)
}

/// The suit index of a red five.
#[inline]
fn red_suit(tile: Tile) -> Option<usize> {
    if tile.is_red() {
        tile.suit().map(|s| s.index())
    } else {
        None
    }
}

/// Calls `f` with the position of each set bit of `mask`, lowest first.
#[inline(always)]
fn each_bit(mut mask: u64, mut f: impl FnMut(usize)) {
    while mask != 0 {
        f(mask.trailing_zeros() as usize);
        mask &= mask - 1;
    }
}

/// The position of the `i`-th set bit of `mask` (from the lowest), or `None` with the
/// bits counted off `i`.
#[inline]
fn take(mask: u64, i: &mut usize) -> Option<usize> {
    let n = mask.count_ones() as usize;
    if *i >= n {
        *i -= n;
        return None;
    }
    Some(select(mask, *i as u64))
}

/// Which bit of a byte is its `r`-th set bit: `SELECT_IN_BYTE[byte + 256 * r]`.
const SELECT_IN_BYTE: [u8; 256 * 8] = {
    let mut t = [0u8; 256 * 8];
    let mut byte = 0;
    while byte < 256 {
        let mut r = 0;
        let mut bit = 0;
        while bit < 8 {
            if byte >> bit & 1 == 1 {
                t[byte + 256 * r] = bit as u8;
                r += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    t
};

/// The position of the `k`-th set bit of `x` (`k` < its popcount), without a loop: the
/// byte that holds it from running byte counts, then a table within the byte. A random
/// player's choices make a bit-by-bit loop mispredict at every decision.
#[inline]
fn select(x: u64, k: u64) -> usize {
    const L8: u64 = 0x0101_0101_0101_0101;
    const H8: u64 = 0x8080_8080_8080_8080;
    let mut s = x - ((x >> 1) & 0x5555_5555_5555_5555);
    s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
    // Byte j: the set bits in bytes 0..=j.
    let sums = ((s + (s >> 4)) & 0x0F0F_0F0F_0F0F_0F0F).wrapping_mul(L8);
    // The bytes whose running count is at most k come first; count them.
    let place = ((((k * L8) | H8) - sums) & H8).count_ones() * 8;
    let before = (sums << 8) >> place & 0xFF;
    let byte = (x >> place & 0xFF) as usize;
    place as usize + SELECT_IN_BYTE[byte + 256 * (k - before) as usize] as usize
}

/// A [`LegalSet`] written out, without allocating.
#[derive(Copy, Clone, Debug)]
pub(crate) struct ActionList {
    len: usize,
    items: [Action; MAX_LEGAL],
}

impl ActionList {
    pub(crate) fn as_slice(&self) -> &[Action] {
        &self.items[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `take` bit by bit.
    fn take_slow(mut mask: u64, i: &mut usize) -> Option<usize> {
        while mask != 0 {
            if *i == 0 {
                return Some(mask.trailing_zeros() as usize);
            }
            *i -= 1;
            mask &= mask - 1;
        }
        None
    }

    #[test]
    fn select_agrees_with_bit_by_bit() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mask = x & (x >> 3);
            for i in 0..=mask.count_ones() as usize + 2 {
                let (mut a, mut b) = (i, i);
                let found = take(mask, &mut a);
                assert_eq!(found, take_slow(mask, &mut b), "{mask:#x} {i}");
                if found.is_none() {
                    // What is left of `i` carries on to the next mask.
                    assert_eq!(a, b);
                }
            }
        }
    }

    /// The kept count matches the actions listed, also when the same action is added
    /// twice or masks overlap.
    #[test]
    fn count_is_kept_through_repeated_adds() {
        let mut s = LegalSet::EMPTY;
        s.add_pass();
        s.add_pass();
        s.add_chows(0b11 << 3);
        s.add_chows(0b110 << 3);
        s.add_discards(0b1011);
        s.add_discard(Tile::from_kind(1), false);
        s.add_discard(Tile::from_kind(2), false);
        s.add_discard(Tile::from_kind(2), true);
        s.add_discard(Tile::from_kind(2), true);
        s.add_discard(Tile::red_five(Suit::Bamboo), false);
        s.add_discard(Tile::red_five(Suit::Bamboo), false);
        assert_eq!(s.len(), 1 + 3 + 4 + 1 + 1);
        assert_eq!(s.iter().count(), s.len());
        assert_eq!(s.list().as_slice().len(), s.len());
    }

    #[test]
    fn order_count_and_membership_agree() {
        let mut s = LegalSet::EMPTY;
        assert!(s.is_empty());
        s.add_mahjong();
        s.add_concealed_kongs(1 << 5);
        s.add_annex(20);
        s.add_annex(3);
        s.add_discard(Tile::from_kind(2), false);
        s.add_discard(Tile::from_kind(2), true);
        s.add_discard(Tile::from_kind(30), false);
        s.add_discard(Tile::red_five(Suit::Characters), false);
        s.add_discard(Tile::red_five(Suit::Characters), true);
        let listed: Vec<Action> = s.iter().collect();
        let d = |k: usize, call| Action::Discard {
            tile: Tile::from_kind(k),
            call,
        };
        let red = Tile::red_five(Suit::Characters);
        assert_eq!(
            listed,
            vec![
                Action::Mahjong,
                Action::ConcealedKong {
                    tile: Tile::from_kind(5)
                },
                Action::AnnexKong {
                    tile: Tile::from_kind(20)
                },
                Action::AnnexKong {
                    tile: Tile::from_kind(3)
                },
                d(2, false),
                d(2, true),
                d(30, false),
                Action::Discard {
                    tile: red,
                    call: false
                },
                Action::Discard {
                    tile: red,
                    call: true
                },
            ]
        );
        assert_eq!(s.len(), 9);
        assert_eq!(s.list().as_slice(), &listed[..]);
        for a in &listed {
            assert!(s.contains(*a), "{a:?}");
        }
        assert!(!s.contains(Action::Pass));
        assert!(!s.contains(d(30, true)));
        // A plain five is not the red one.
        assert!(!s.contains(d(13, false)));
        assert!(!s.contains(Action::ConcealedKong {
            tile: Tile::red_five(Suit::Bamboo)
        }));
        assert_eq!(s.get(9), None);
    }

    /// The list written in one pass is the list picked action by action, for sets of
    /// every sort of action.
    #[test]
    fn one_pass_list_is_the_picked_order() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..5000 {
            let mut s = LegalSet::EMPTY;
            let r = next();
            if r & 1 != 0 {
                s.add_pass();
            }
            if r & 2 != 0 {
                s.add_mahjong();
            }
            match round % 3 {
                // A claim window: pung, kong, chows or pungs of a discarded joker.
                0 => {
                    if r & 4 != 0 {
                        s.add_pung();
                    }
                    if r & 8 != 0 {
                        s.add_kong();
                    }
                    if r & 16 != 0 {
                        s.add_joker_pungs(next() & next() & ((1 << 34) - 1));
                    } else {
                        s.add_chows(next() & next() & 0x7F_7F7F);
                    }
                }
                // A turn: kongs, annexes, tiles aside, swaps, discards with calls.
                _ => {
                    s.add_concealed_kongs(next() & next() & next() & ((1 << 34) - 1));
                    for _ in 0..(next() % 3) {
                        s.add_annex((next() % 34) as u8);
                    }
                    s.add_aside(next() & next() & next() & ((1 << 34) - 1));
                    if r & 32 != 0 {
                        s.add_swaps(next() & next() & next() & ((1 << 34) - 1));
                    }
                    if r & 64 != 0 {
                        s.add_jokers(r & 128 != 0);
                    }
                    let plain = next() & next() & ((1 << 34) - 1);
                    s.add_discards(plain);
                    if r & 256 != 0 {
                        // A red five's Original Call only beside the red five itself, as
                        // the engine offers them.
                        let red = next() & 0x7;
                        let red_calls = next() & red;
                        s.add_discard_offers(DiscardOffers {
                            plain: 0,
                            calls: plain & next(),
                            reds: (red | red_calls << 3) as u8,
                        });
                    }
                }
            }
            let picked: Vec<Action> = (0..s.len()).map_while(|i| s.get(i)).collect();
            assert_eq!(picked.len(), s.len(), "{s:?}");
            let mut written = vec![Action::Pass];
            s.extend_into(&mut written);
            assert_eq!(written[1..], picked[..], "{s:?}");
            if s.len() <= MAX_LEGAL {
                // (Random sets may hold more than a seat ever has.)
                assert_eq!(s.list().as_slice(), &picked[..], "{s:?}");
            }
        }
        // Discards only (most turns).
        let mut s = LegalSet::EMPTY;
        s.add_discards(0b1011 << 20);
        let mut written = vec![];
        s.extend_into(&mut written);
        assert_eq!(written, s.iter().collect::<Vec<_>>());
    }

    #[test]
    fn claims_in_order() {
        let mut s = LegalSet::EMPTY;
        s.add_pass();
        s.add_pung();
        s.add_kong();
        s.add_chows(0b110 << 10);
        let listed: Vec<Action> = s.iter().collect();
        assert_eq!(
            listed,
            vec![
                Action::Pass,
                Action::Pung,
                Action::Kong,
                Action::Chow {
                    first: Tile::from_kind(11)
                },
                Action::Chow {
                    first: Tile::from_kind(12)
                },
            ]
        );
        assert!(!s.contains(Action::Mahjong));
        assert!(!s.contains(Action::Chow {
            first: Tile::from_kind(10)
        }));
    }
}
