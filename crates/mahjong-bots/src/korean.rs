//! Hand-points play for the Korean/Japanese three-player game (`korean-3p`): a win needs a
//! minimum of hand-points (K3-S1), so the greedy bot measures distance from ready only
//! toward hands that can meet it, and values a possible win with the ruleset's own scorer.
//!
//! A concealed hand always can: won from the wall it has 4 hand-points (K3-HP20, HP21).
//! Once a discard is claimed the hand needs the points elsewhere, and since chows cannot
//! be claimed (K3-P3) every declared set is a pung or kong. The plans then are:
//!
//! - all pungs (K3-HP12: 3, always reachable);
//! - one suit, circles or characters, with honours (K3-HP14: 3), when every declared set
//!   fits it;
//! - any hand, when the sets declared and the scoring triplets held already make the
//!   minimum (two dragon pungs, the seat wind in its own round, …).
//!
//! The distance of a hand is its lowest shanten over the plans open to it.

use mahjong_engine::{SeatView, SetKind};
use mahjong_hands::{shanten, shanten_regular, Counts, KindMask, Shape};
use mahjong_rules::{win_rank, Ruleset};
use mahjong_tiles::KINDS;

const RED: usize = 31;
const WHITE: usize = 33;
const BAMBOO_1: usize = 0;
const BAMBOO_9: usize = 8;
/// Kinds by suit index (0 bamboo, 1 characters, 2 circles).
const SUIT: [u64; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];
const HONOURS: u64 = 0x7F << 27;
const DRAGONS: u64 = 0b111 << 31;
/// The suits a one-suit hand may be in (K3-HP14: circles or characters).
pub(crate) const FLUSH_SUITS: [usize; 2] = [1, 2];
pub(crate) const CIRCLES: usize = 2;
pub(crate) const CHARACTERS: usize = 1;

/// The Korean rules a greedy bot plays by.
#[derive(Clone, Debug)]
pub(crate) struct K3 {
    ruleset: Ruleset,
    shape: Shape,
    /// The tile set without chows: shanten toward all pungs.
    pungs: Shape,
    /// K3-S1.
    min_hp: u32,
    /// Wind kinds that score as winds (the three seat winds).
    winds: u64,
}

/// A seat's scoring winds, as kinds.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Winds {
    pub own: usize,
    pub prevailing: usize,
}

/// The declared sets of a seat, as far as hand-points and plans need them.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Decl {
    /// Sets declared (concealed kongs included).
    pub n: usize,
    /// Some set was formed with a claimed discard: the hand is no longer concealed.
    pub open: bool,
    /// Hand-points of the sets one by one (K3-HP1, 3–6, 8).
    hp: u32,
    dragons: u8,
    bamboo: u8,
    kongs: u8,
    /// Kinds used by the sets.
    pub kinds: u64,
}

impl Decl {
    /// The seat's declared sets.
    pub fn of(view: &SeatView, k3: &K3, w: Winds) -> Decl {
        let mut d = Decl::default();
        for s in &view.public[view.player].sets {
            let Some(k) = s.tile.kind() else { continue };
            d.add(k3, k, matches!(s.kind, SetKind::Kong(_)), s.exposed, w);
        }
        d
    }

    /// Adds a pung or kong of kind `k`.
    pub fn add(&mut self, k3: &K3, k: usize, kong: bool, exposed: bool, w: Winds) {
        self.n += 1;
        self.open |= exposed;
        self.hp += k3.set_hp(k, kong, w);
        self.kinds |= 1 << k;
        if DRAGONS >> k & 1 == 1 {
            self.dragons |= 1 << (k - RED);
        }
        if k == BAMBOO_1 {
            self.bamboo |= 1;
        }
        if k == BAMBOO_9 {
            self.bamboo |= 2;
        }
        self.kongs += kong as u8;
    }

    /// A declared pung of kind `k` extended to a kong.
    pub fn annex(&mut self, k3: &K3, k: usize, w: Winds) {
        self.hp = self.hp - k3.set_hp(k, false, w) + k3.set_hp(k, true, w);
        self.kongs += 1;
    }

    /// Hand-points of the sets, the pairs of items included (K3-HP2, HP7, HP9).
    pub fn total_hp(&self) -> u32 {
        let mut hp = self.hp;
        if self.dragons.count_ones() >= 2 {
            hp += 1;
        }
        if self.kongs >= 3 {
            hp += 3;
        }
        if self.bamboo == 3 {
            hp += 4;
        }
        hp
    }
}

impl K3 {
    /// The Korean rules of `ruleset`, `None` for another family.
    pub fn of(ruleset: &Ruleset) -> Option<K3> {
        let o = ruleset.options_of::<mahjong_rules::families::korean::Korean>()?;
        let shape = Shape::of(&ruleset.tile_set());
        let mut pungs = shape;
        pungs.chow_suits = [false; 3];
        let mut winds = 0u64;
        for w in mahjong_rules::korean::seat_winds(o) {
            winds |= 1 << w.tile().kind().expect("wind");
        }
        Some(K3 {
            ruleset: ruleset.clone(),
            shape,
            pungs,
            min_hp: o.min_hand_points,
            winds,
        })
    }

    /// The tile set's shape.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The seat's scoring winds.
    pub fn winds(&self, view: &SeatView) -> Winds {
        Winds {
            own: view.wind.tile().kind().expect("wind"),
            prevailing: view.prevailing.tile().kind().expect("wind"),
        }
    }

    /// Hand-points of one pung (or kong) of kind `k` alone: dragon 1 (K3-HP1); wind 1, +1
    /// own, +1 prevailing (HP3–5); 1 or 9 bamboo 1 (HP8); a kong 1 more (HP6).
    pub fn set_hp(&self, k: usize, kong: bool, w: Winds) -> u32 {
        let mut hp = kong as u32;
        if DRAGONS >> k & 1 == 1 || k == BAMBOO_1 || k == BAMBOO_9 {
            hp += 1;
        } else if self.winds >> k & 1 == 1 {
            hp += 1 + (k == w.own) as u32 + (k == w.prevailing) as u32;
        }
        hp
    }

    /// Whether a pung of `k` scores hand-points by itself.
    pub fn scores(&self, k: usize, w: Winds) -> bool {
        self.set_hp(k, false, w) > 0
    }

    /// The lowest shanten of the concealed counts `c` toward a hand that can meet the
    /// minimum, given the declared sets (`i8::MAX` when none can).
    pub fn distance(&self, c: &Counts, decl: &Decl, w: Winds) -> i8 {
        if !decl.open {
            return shanten(c, decl.n, &self.shape, true);
        }
        // Scoring triplets held count as sets already (breaking one drops the plan).
        let mut sure = *decl;
        for k in [BAMBOO_1, BAMBOO_9, 27, 28, 29, 30, 31, 32, 33] {
            if c[k] >= 3 && self.scores(k, w) {
                sure.add(self, k, false, false, w);
            }
        }
        if sure.total_hp() >= self.min_hp {
            return shanten_regular(c, decl.n, &self.shape);
        }
        let mut best = shanten_regular(c, decl.n, &self.pungs);
        for s in FLUSH_SUITS {
            let keep = SUIT[s] | HONOURS;
            if decl.kinds & !keep != 0 {
                continue;
            }
            let mut m = *c;
            for (k, n) in m.iter_mut().enumerate() {
                if keep >> k & 1 == 0 {
                    *n = 0;
                }
            }
            best = best.min(shanten_regular(&m, decl.n, &self.shape));
        }
        best
    }

    /// [`K3::distance`] of `c` with one more tile (`add`) or one fewer (saturating at
    /// zero) of each kind in `kinds`: entry `k` for each `k` in `kinds`, `i8::MAX` for the
    /// others. A concealed hand takes one batch of shanten (equal to the single calls);
    /// with declared sets each kind is worked out on its own.
    pub fn distance_each(
        &self,
        c: &Counts,
        decl: &Decl,
        w: Winds,
        kinds: u64,
        add: bool,
    ) -> [i8; KINDS] {
        if !decl.open {
            let kinds = KindMask(kinds);
            return if add {
                self.shape.shanten_each_added(c, decl.n, true, kinds)
            } else {
                self.shape.shanten_each_removed(c, decl.n, true, kinds)
            };
        }
        let mut out = [i8::MAX; KINDS];
        for k in KindMask(kinds).iter() {
            let mut h = *c;
            if add {
                h[k] += 1;
            } else {
                h[k] = h[k].saturating_sub(1);
            }
            out[k] = self.distance(&h, decl, w);
        }
        out
    }

    /// Waits of the 13-tile (less declared) counts `c` that complete a hand of some plan.
    pub fn winning(&self, c: &Counts, decl: &Decl, w: Winds, near: u64) -> u64 {
        let mut kinds = 0u64;
        for k in KindMask(near & self.shape.kinds.0).iter() {
            if c[k] < 4 {
                kinds |= 1 << k;
            }
        }
        let after = self.distance_each(c, decl, w, kinds, true);
        let mut m = 0u64;
        for k in KindMask(kinds).iter() {
            if after[k] < 0 {
                m |= 1 << k;
            }
        }
        m
    }

    /// What going out with kind `k` would bring in from the opponents (before the goulash
    /// bonus and the ready discount), `None` when the win is not legal (below the
    /// minimum). `c` holds the concealed tiles with `k` added; `ready` as if declared.
    pub fn win_value(
        &self,
        view: &SeatView,
        c: &Counts,
        k: usize,
        self_drawn: bool,
        ready: bool,
    ) -> Option<u64> {
        let n = view.seats;
        let pos = (view.player + n - view.dealer) % n;
        let table = crate::value::win_table(view, c, k, self_drawn, pos, ready)?;
        let (a, b) = win_rank(&table, pos, &self.ruleset, &self.shape)?;
        let others = (n - 1) as u64;
        // (limit, 0) for a limit hand: the discarder pays double (K3-S6). Otherwise the
        // discarder pays the hand-points double and everybody the bonus-points (K3-S4).
        Some(match (self_drawn, b) {
            (true, _) => others * (a + b),
            (false, 0) => (others + 1) * a,
            (false, _) => 2 * a + others * b,
        })
    }

    /// Whether kind `k` is the pung of a Pearl (white, circles) or Ruby (red, characters)
    /// Dragon for a one-suit hand in `suit` (K3-L18, L19).
    pub fn jewel(k: usize, suit: usize) -> bool {
        (suit == CIRCLES && k == WHITE) || (suit == CHARACTERS && k == RED)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};

    /// The batches give what one call per kind gives, concealed and with declared sets
    /// (an exposed one included), adding and removing a tile.
    #[test]
    fn distance_each_equals_one_call_per_kind() {
        let k3 = K3::of(&Ruleset::preset("korean-3p").unwrap()).unwrap();
        let w = Winds {
            own: 27,
            prevailing: 28,
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20);
        let mut wall: Vec<usize> = (0..KINDS)
            .flat_map(|k| (0..k3.shape.copies[k]).map(move |_| k))
            .collect();
        let mut checked = [0u32; 2];
        for _ in 0..3000 {
            wall.shuffle(&mut rng);
            let mut decl = Decl::default();
            let mut i = 0;
            for _ in 0..rng.gen_range(0..3) {
                // A pung of the next tile's kind, declared concealed or exposed.
                let k = wall[i];
                decl.add(&k3, k, false, rng.gen_bool(0.7), w);
                i += 1;
            }
            let n = 13 - 3 * decl.n + rng.gen_range(0..2);
            let mut c = [0u8; KINDS];
            for &k in &wall[i..i + n] {
                c[k] += 1;
            }
            let kinds = rng.gen::<u64>() & k3.shape.kinds.0;
            for add in [true, false] {
                let each = k3.distance_each(&c, &decl, w, kinds, add);
                for k in 0..KINDS {
                    if kinds >> k & 1 == 0 {
                        assert_eq!(each[k], i8::MAX);
                        continue;
                    }
                    let mut h = c;
                    if add {
                        h[k] += 1;
                    } else {
                        h[k] = h[k].saturating_sub(1);
                    }
                    assert_eq!(each[k], k3.distance(&h, &decl, w), "{c:?} {decl:?} {k}");
                }
            }
            checked[usize::from(decl.open)] += 1;
        }
        // Both kinds of hand were seen.
        assert!(checked.iter().all(|&n| n > 100), "{checked:?}");
    }
}
