//! Dangerous discards: which tiles a player's declared sets make dangerous to discard
//! toward him, and why (a rule id).
//!
//! A family that has such rules describes them as data, [`Dangers`]
//! ([`crate::Family::discard_dangers`], reached through [`crate::Ruleset::discard_dangers`]):
//! a list of flagged hands, each with the sets that show it. The evaluation here is the
//! same for every family, on bit masks of kinds, so a bot asks it on every decision with no
//! call into the family; the bots never name the family or its rules. A family without
//! dangerous discards has none (the default).

use mahjong_hands::{Counts, Meld, MeldKind};
use mahjong_tiles::KINDS;

/// Kinds 0–33 by class, as bit masks, for the families' flagged hands: each suit, the
/// honours, winds, dragons, terminals and the green tiles (2, 3, 4, 6, 8 bamboo and the
/// green dragon).
pub(crate) const SUITS: [u64; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];
pub(crate) const HONOURS: u64 = 0x7F << 27;
pub(crate) const WINDS: u64 = 0xF << 27;
pub(crate) const DRAGONS: u64 = 0x7 << 31;
pub(crate) const TERMINALS: u64 = (1 | 1 << 8) * (1 | 1 << 9 | 1 << 18);
pub(crate) const GREEN: u64 = 1 << 1 | 1 << 2 | 1 << 3 | 1 << 5 | 1 << 7 | 1 << 32;

/// What a player's declared sets show: how many there are, the kinds they use and the
/// kinds of the pungs and kongs among them. Concealed kongs count as declared.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// Declared sets.
    pub sets: usize,
    /// Kinds used by any set, as a bit mask.
    pub kinds: u64,
    /// Kinds of the pungs and kongs, as a bit mask.
    pub pungs: u64,
}

impl Shown {
    /// Adds a chow starting at kind `k`.
    pub fn add_chow(&mut self, k: usize) {
        self.sets += 1;
        self.kinds |= 0b111 << k;
    }

    /// Adds a pung or a kong of kind `k`.
    pub fn add_pung(&mut self, k: usize) {
        self.sets += 1;
        self.kinds |= 1 << k;
        self.pungs |= 1 << k;
    }

    /// What `melds` show.
    pub fn of(melds: &[Meld]) -> Shown {
        let mut s = Shown::default();
        for m in melds {
            match m.kind {
                MeldKind::Chow => s.add_chow(m.tile as usize),
                MeldKind::Pung | MeldKind::Kong(_) => s.add_pung(m.tile as usize),
                // Never declared.
                MeldKind::Pair => {}
            }
        }
        s
    }
}

/// How declared sets show a flagged hand, and which discards that makes dangerous.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shows {
    /// At least `sets` declared sets, every tile of them among `kinds`: any tile of
    /// `kinds` is dangerous (one suit, all honours, …). The hand is made when every tile
    /// of it is among `kinds`.
    Within {
        /// The kinds, as a bit mask.
        kinds: u64,
        /// Declared sets needed.
        sets: usize,
    },
    /// Pungs or kongs of every kind of `kinds` but one: the last kind is dangerous (the
    /// fourth wind, the third dragon). The hand is made with a pung of every kind, or of
    /// all but one and a pair of it.
    AllButOne {
        /// The kinds, as a bit mask.
        kinds: u64,
    },
}

impl Shows {
    /// The kinds dangerous toward a player whose sets are `s`.
    #[inline]
    fn kinds(self, s: &Shown) -> u64 {
        match self {
            Shows::Within { kinds, sets } => {
                if s.sets >= sets && s.kinds & !kinds == 0 {
                    kinds
                } else {
                    0
                }
            }
            Shows::AllButOne { kinds } => {
                let punged = s.pungs & kinds;
                if punged.count_ones() + 1 == kinds.count_ones() {
                    kinds & !punged
                } else {
                    0
                }
            }
        }
    }

    /// Whether a finished hand (all its tiles, `all`) is the flagged hand.
    fn made(self, all: &Counts) -> bool {
        match self {
            Shows::Within { kinds, .. } => (0..KINDS).all(|k| all[k] == 0 || kinds >> k & 1 == 1),
            Shows::AllButOne { kinds } => {
                let of = |n: u8| {
                    (0..KINDS)
                        .filter(|&k| kinds >> k & 1 == 1 && all[k] >= n)
                        .count() as u32
                };
                let (pungs, pairs, need) = (of(3), of(2), kinds.count_ones());
                pungs == need || (pungs + 1 == need && pairs == need)
            }
        }
    }
}

/// One flagged hand: its rule id and the sets that show it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Flag {
    /// The rule id, e.g. `M90c`.
    pub rule: &'static str,
    /// The sets that show it.
    pub shows: Shows,
}

/// Why discarding a tile is dangerous toward a player.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Danger {
    /// The rule id of the flagged hand it helps toward, e.g. `M90c`.
    pub rule: &'static str,
    /// Whether the family makes its discarder pay if that hand goes out (a cannon).
    pub liable: bool,
}

/// A family's dangerous discards: its flagged hands, in the order a tile dangerous under
/// several is reported.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Dangers {
    /// The flagged hands.
    pub flags: &'static [Flag],
    /// Whether the discarder of a dangerous tile pays when it goes out.
    pub liable: bool,
}

impl Dangers {
    /// Why discarding kind `k` is dangerous toward a player whose sets are `s`: the first
    /// flagged hand it helps toward; `None` when it is safe.
    pub fn toward(&self, s: &Shown, k: usize) -> Option<Danger> {
        self.flags
            .iter()
            .find(|f| f.shows.kinds(s) >> k & 1 == 1)
            .map(|f| Danger {
                rule: f.rule,
                liable: self.liable,
            })
    }

    /// The fewest declared sets that show any flagged hand: a player with fewer is owed no
    /// caution, so a caller can skip him without working out what his sets show.
    #[inline]
    pub fn fewest_sets(&self) -> usize {
        self.flags
            .iter()
            .map(|f| match f.shows {
                Shows::Within { sets, .. } => sets,
                Shows::AllButOne { kinds } => kinds.count_ones().saturating_sub(1) as usize,
            })
            .min()
            .unwrap_or(usize::MAX)
    }

    /// Every kind dangerous toward a player whose sets are `s`, as a bit mask: the kinds
    /// for which [`Dangers::toward`] says why.
    #[inline]
    pub fn kinds(&self, s: &Shown) -> u64 {
        self.flags.iter().fold(0, |m, f| m | f.shows.kinds(s))
    }

    /// The first flagged hand a finished hand (all its tiles: concealed and in sets) is,
    /// by rule id.
    pub fn made(&self, all: &Counts) -> Option<&'static str> {
        self.flags
            .iter()
            .find(|f| f.shows.made(all))
            .map(|f| f.rule)
    }

    /// The first flagged hand that a discard of kind `k` was dangerous toward, to a player
    /// whose sets were `s`, and that his finished hand `all` is: why its discarder is
    /// liable when that discard lets him go out. A tile dangerous under one flag does not
    /// make its discarder liable for another flagged hand the player had already shown.
    pub fn made_toward(&self, s: &Shown, k: usize, all: &Counts) -> Option<&'static str> {
        self.flags
            .iter()
            .find(|f| f.shows.kinds(s) >> k & 1 == 1 && f.shows.made(all))
            .map(|f| f.rule)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mahjong_tiles::Tile;

    #[test]
    fn fewer_sets_than_the_fewest_show_nothing() {
        let dangers = crate::Ruleset::preset("millington")
            .unwrap()
            .discard_dangers()
            .expect("M90");
        let fewest = dangers.fewest_sets();
        // M90c/d: two dragon pungs, or three wind pungs, already show a hand.
        assert_eq!(fewest, 2);
        assert!(dangers.kinds(&Shown::default()) == 0);
        for k in 0..KINDS {
            let mut pung = Shown::default();
            pung.add_pung(k);
            assert_eq!(dangers.kinds(&pung), 0, "a pung of {k}");
            if k % 9 < 7 && k < 27 {
                let mut chow = Shown::default();
                chow.add_chow(k);
                assert_eq!(dangers.kinds(&chow), 0, "a chow from {k}");
            }
        }
        let mut two = Shown::default();
        two.add_pung(31);
        two.add_pung(32);
        assert_eq!(dangers.kinds(&two), 1 << 33);
    }

    #[test]
    fn liable_only_for_the_hand_the_discard_was_dangerous_toward() {
        let dangers = crate::Ruleset::preset("bradfield")
            .unwrap()
            .discard_dangers()
            .expect("M90");
        // Pungs of the three dragons shown: a wind is dangerous (toward all honours), and
        // the hand goes out with Big Three Dragons and a chow: not all honours.
        let mut s = Shown::default();
        for k in 31..34 {
            s.add_pung(k);
        }
        let west = 29;
        assert!(dangers.toward(&s, west).is_some());
        let mut all = [0u8; KINDS];
        all[31..34].iter_mut().for_each(|n| *n = 3);
        all[west] = 2;
        all[2..5].iter_mut().for_each(|n| *n = 1);
        assert!(dangers.made(&all).is_some());
        assert_eq!(dangers.made_toward(&s, west, &all), None);
        // All honours: the hand the wind was dangerous toward.
        all[2..5].iter_mut().for_each(|n| *n = 0);
        all[27] = 3;
        assert!(dangers.made_toward(&s, west, &all).is_some());
    }

    #[test]
    fn the_masks_are_the_tiles_classes() {
        let mask = |pred: &dyn Fn(Tile) -> bool| {
            (0..KINDS)
                .filter(|&k| pred(Tile::from_kind(k)))
                .fold(0u64, |m, k| m | 1 << k)
        };
        for (s, &m) in SUITS.iter().enumerate() {
            assert_eq!(m, mask(&|t| t.suit().is_some_and(|x| x.index() == s)));
        }
        assert_eq!(HONOURS, mask(&|t| t.is_honour()));
        assert_eq!(WINDS, mask(&|t| t.wind().is_some()));
        assert_eq!(DRAGONS, mask(&|t| t.dragon_kind().is_some()));
        assert_eq!(TERMINALS, mask(&|t| t.is_terminal()));
        assert_eq!(GREEN, mask(&|t| t.is_green()));
    }
}
