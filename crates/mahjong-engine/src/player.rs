//! One player's tiles in a hand, kept as counts and bit masks so play needs no sorting.

use mahjong_hands::{Counts, KindMask, Meld, Shape};
use mahjong_rules::{PlayRules, PlayTable};
use mahjong_tiles::{Suit, Tile, KINDS};

use crate::tiles::TileList;
use crate::wall::Wall;

/// One player's tiles in a hand.
///
/// The concealed tiles are kept as counts only (what play needs, and no list to keep in
/// order); [`PlayerState::concealed`] writes them out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerState {
    /// Declared sets.
    pub melds: Vec<Meld>,
    /// For each declared set, in step with `melds`: the tile claimed from a discard, and
    /// the red fives it holds (for writing the hand as a table).
    pub meld_info: Vec<MeldInfo>,
    /// Flowers and seasons set aside.
    pub bonus: Vec<Tile>,
    /// Discards in order, with whether each was claimed.
    pub discards: Vec<(Tile, bool)>,
    /// Original Call declared (M55): the hand is frozen.
    pub original_call: bool,
    /// A calling hand declared (KJ-S10; only where the family asks for it).
    pub calling: bool,
    /// Red fives in declared sets (K3-O `red_dora`); those concealed are in `reds`.
    pub reds_melded: u8,
    /// Concealed tiles by kind (a red five counts as a five).
    pub(crate) counts: Counts,
    /// `levels[i]`: the kinds held at least `i + 1` times (kept in step with `counts`), so
    /// pairs, singles and fours are bit masks.
    pub(crate) levels: [u64; 4],
    /// Concealed red fives by suit (also counted in `counts`).
    pub(crate) reds: [u8; 3],
    /// Number of concealed tiles.
    pub(crate) len: u8,
    /// The kinds of the declared pungs (not kongs), kept by `Hand::sets_changed`.
    pub(crate) pungs: u64,
    /// The kinds among `discards` (claimed or not), kept at each discard.
    pub(crate) discarded: u64,
    /// Jokers among the concealed tiles (MY3-J; not in `counts`).
    pub(crate) jokers: u8,
    /// The bonus groups complete when the opening bonus round ended (MY3-I1), as
    /// `SeatHand::opening_groups`.
    pub(crate) opening_groups: u8,
}

impl Default for PlayerState {
    fn default() -> PlayerState {
        PlayerState {
            melds: vec![],
            meld_info: vec![],
            bonus: vec![],
            discards: vec![],
            original_call: false,
            calling: false,
            reds_melded: 0,
            counts: [0; KINDS],
            levels: [0; 4],
            reds: [0; 3],
            len: 0,
            pungs: 0,
            discarded: 0,
            jokers: 0,
            opening_groups: 0,
        }
    }
}

/// What a declared set's tiles were (see [`PlayerState::meld_info`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MeldInfo {
    /// The tile taken from a discard (`None` for a concealed kong).
    pub claimed: Option<Tile>,
    /// Red fives among its tiles.
    pub reds: u8,
    /// Jokers among its tiles (MY3-J2: at most 2 in a pung, 1 in a chow).
    pub jokers: u8,
    /// The tile a chow's joker stands for (a pung's jokers stand for its kind).
    pub joker_for: Option<Tile>,
    /// The player who discarded its claimed tile (a claimed kong's supplier, MY3-I2).
    pub supplier: Option<u8>,
}

/// The suit of a five's kind, for red fives.
#[inline]
pub(crate) fn five_suit(k: usize) -> Option<usize> {
    (k < 27 && k % 9 == 4).then_some(k / 9)
}

impl PlayerState {
    /// Holds nothing, with room for a hand's sets, bonus tiles and discards (a game's
    /// first hands then grow no buffer).
    pub(crate) fn with_room() -> PlayerState {
        PlayerState {
            melds: Vec::with_capacity(4),
            meld_info: Vec::with_capacity(4),
            bonus: Vec::with_capacity(8),
            discards: Vec::with_capacity(40),
            ..PlayerState::default()
        }
    }

    /// The concealed tiles, sorted (red fives after every other tile).
    pub fn concealed(&self) -> TileList {
        let mut out = TileList::new();
        // Written for every view: a suit is looked up only where red fives are held.
        let any_red = self.reds != [0; 3];
        let mut kinds = self.levels[0];
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let red = if any_red {
                five_suit(k).map_or(0, |s| self.reds[s])
            } else {
                0
            };
            out.push_few(Tile::from_kind(k), self.counts[k] - red);
        }
        if any_red {
            for (s, suit) in Suit::ALL.into_iter().enumerate() {
                out.push_n(Tile::red_five(suit), self.reds[s] as usize);
            }
        }
        out.push_n(Tile::JOKER, self.jokers as usize);
        out
    }

    /// Number of concealed tiles (jokers included).
    pub fn concealed_len(&self) -> usize {
        self.len as usize + self.jokers as usize
    }

    /// Number of jokers among the concealed tiles.
    pub fn jokers(&self) -> u8 {
        self.jokers
    }

    /// The concealed tiles by kind.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// Adds what this player shows on the table to `counts`: discards not claimed, and
    /// (with `sets`) his declared sets, concealed kongs included.
    pub(crate) fn add_table_tiles(&self, counts: &mut Counts, sets: bool) {
        for (t, claimed) in &self.discards {
            if let (false, Some(k)) = (claimed, t.kind()) {
                counts[k] += 1;
            }
        }
        if sets {
            for (m, info) in self.melds.iter().zip(&self.meld_info) {
                m.add_to(counts);
                if info.jokers > 0 {
                    // Jokers stand in for tiles still unseen (MY3-J2: a pung's kind, a
                    // chow's tiles other than those held).
                    without_jokers(counts, m, info);
                }
            }
        }
    }

    /// Holds nothing (keeping the buffers).
    pub(crate) fn clear(&mut self) {
        self.melds.clear();
        self.meld_info.clear();
        self.bonus.clear();
        self.discards.clear();
        self.original_call = false;
        self.calling = false;
        self.reds_melded = 0;
        self.counts = [0; KINDS];
        self.levels = [0; 4];
        self.reds = [0; 3];
        self.len = 0;
        self.pungs = 0;
        self.discarded = 0;
        self.jokers = 0;
        self.opening_groups = 0;
    }

    /// One more tile of kind `k` in `counts` and `levels`.
    #[inline]
    pub(crate) fn count_in(&mut self, k: usize) {
        // The count is stored before the level: read once, not again after the store.
        let c = self.counts[k];
        self.counts[k] = c + 1;
        self.len += 1;
        if c < 4 {
            self.levels[c as usize] |= 1 << k;
        }
    }

    /// One tile of kind `k` fewer in `counts` and `levels`.
    #[inline]
    pub(crate) fn count_out(&mut self, k: usize) {
        self.counts[k] -= 1;
        self.len -= 1;
        let c = self.counts[k] as usize;
        if c < 4 {
            self.levels[c] &= !(1 << k);
        }
    }

    /// Whether the player holds this tile (a red five is not a plain five).
    pub(crate) fn holds(&self, tile: Tile) -> bool {
        if tile.is_joker() {
            return self.jokers > 0;
        }
        match tile.kind() {
            Some(k) => match five_suit(k) {
                Some(s) if tile.is_red() => self.reds[s] > 0,
                Some(s) => self.counts[k] > self.reds[s],
                None => self.counts[k] > 0,
            },
            None => false,
        }
    }

    /// Takes one `tile` out of the hand (a discard, checked legal before).
    #[inline]
    pub(crate) fn remove(&mut self, tile: Tile) {
        debug_assert!(self.holds(tile), "tile checked before removal");
        if tile.is_joker() {
            self.jokers -= 1;
            return;
        }
        let k = tile.kind().expect("playing tile");
        if tile.is_red() {
            self.reds[five_suit(k).expect("a five")] -= 1;
        }
        self.count_out(k);
    }

    /// Removes `n` tiles of a playing kind into a set, plain fives before red ones; the
    /// red fives moved are counted in `reds_melded`.
    pub(crate) fn meld_kind(&mut self, tile: Tile, n: usize) {
        let k = tile.kind().expect("playing tile");
        for _ in 0..n {
            assert!(self.counts[k] > 0, "tile checked before removal");
            if let Some(s) = five_suit(k) {
                if self.counts[k] == self.reds[s] {
                    self.reds[s] -= 1;
                    self.reds_melded += 1;
                }
            }
            self.count_out(k);
        }
    }

    /// Red fives held, concealed or declared.
    pub fn red_fives(&self) -> u8 {
        self.reds_melded + self.reds.iter().sum::<u8>()
    }

    /// Adds a playing tile or a joker to the concealed hand (bonus tiles are set aside
    /// before).
    pub(crate) fn add(&mut self, tile: Tile) {
        if tile.is_joker() {
            self.jokers += 1;
            return;
        }
        let k = tile.kind().expect("only playing tiles are held");
        if tile.is_red() {
            self.reds[five_suit(k).expect("a five")] += 1;
        }
        self.count_in(k);
    }
}

/// Takes out of `counts` the tiles of set `m` that are jokers (`m.add_to` counted them as
/// natural tiles).
fn without_jokers(counts: &mut Counts, m: &Meld, info: &MeldInfo) {
    let k = info
        .joker_for
        .and_then(Tile::kind)
        .unwrap_or(m.tile as usize);
    counts[k] = counts[k].saturating_sub(info.jokers);
}

/// The table as a family's play hooks read it ([`PlayTable`]): borrowed from the hand's
/// state, built where a hook is called (see `ctx!` in `hand`).
///
/// Only borrows: it is built at every hook call, and most hooks read little of it.
pub(crate) struct Ctx<'a> {
    pub(crate) players: &'a [PlayerState],
    pub(crate) waits: &'a [KindMask; 4],
    pub(crate) wall: &'a Wall,
    pub(crate) shape: &'a Shape,
    pub(crate) options: &'a PlayRules,
    pub(crate) points: &'a [i64; 4],
}

impl PlayTable for Ctx<'_> {
    #[inline]
    fn seats(&self) -> usize {
        self.players.len()
    }

    #[inline]
    fn melds(&self, p: usize) -> &[Meld] {
        &self.players[p].melds
    }

    #[inline]
    fn concealed(&self, p: usize) -> &Counts {
        &self.players[p].counts
    }

    #[inline]
    fn concealed_kinds(&self, p: usize) -> u64 {
        self.players[p].levels[0]
    }

    #[inline]
    fn discards(&self, p: usize) -> &[(Tile, bool)] {
        &self.players[p].discards
    }

    #[inline]
    fn waits(&self, p: usize) -> KindMask {
        self.waits[p]
    }

    #[inline]
    fn ready(&self, p: usize) -> bool {
        self.players[p].original_call
    }

    #[inline]
    fn live_remaining(&self) -> usize {
        self.wall.live_remaining()
    }

    #[inline]
    fn jokers(&self, p: usize) -> u8 {
        self.players[p].jokers
    }

    #[inline]
    fn shape(&self) -> &Shape {
        self.shape
    }

    #[inline]
    fn seven_pairs(&self) -> bool {
        self.options.seven_pairs
    }

    #[inline]
    fn points(&self, p: usize) -> i64 {
        self.points[p]
    }

    #[inline]
    fn is_concealed(&self, p: usize) -> bool {
        self.players[p].melds.iter().all(|m| !m.exposed)
    }

    /// A bit test: the kinds discarded are kept as a mask.
    #[inline]
    fn has_discarded(&self, p: usize, k: usize) -> bool {
        debug_assert_eq!(
            k < 64 && self.players[p].discarded >> k & 1 == 1,
            self.players[p]
                .discards
                .iter()
                .any(|(t, _)| t.kind() == Some(k))
        );
        k < 64 && self.players[p].discarded >> k & 1 == 1
    }
}
