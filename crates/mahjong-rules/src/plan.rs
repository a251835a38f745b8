//! Plans: what a player needs to know to steer toward a legal win in a family whose wins
//! need a minimum value (hand-points, yaku, …), in the family's own units of value.
//!
//! A family with such a minimum describes it as a [`Plan`] ([`crate::Family::bot_plan`],
//! reached through [`crate::Ruleset::bot_plan`]); the bots read only the plan, never the
//! family. A plan is data: the family fills it in once, and the evaluation here
//! (shanten over the plan's forms) is the same for every family, with no call into the
//! family on the hot paths.
//!
//! The model is a player's guide, simpler than the scorer:
//!
//! - a declared pung or kong of a kind is worth a fixed value, more for the seat's own
//!   and the prevailing wind ([`Plan::set_value`]); some combinations of sets are worth
//!   more together ([`Combo`], [`Plan::sets_value`]);
//! - a concealed hand may meet the minimum by itself ([`Plan::concealed_wins`]), or by
//!   declaring ready once it is ([`Plan::declaring_meets_minimum`]);
//! - a hand that is not (an open hand) needs the minimum from its sets, the declared ones
//!   and the scoring triplets it holds (then any hand will do), or one of the plan's
//!   [`Form`]s: all pungs, or only the tiles of a mask (one suit with honours, all simples).
//!
//! [`Plan::distance`] is the lowest shanten over the forms open to a hand.
//!
//! A plan also says what opponents may rely on against a seat that declared ready
//! ([`Plan::passes_bind_ready`]): whether a discard he let pass after declaring is one he
//! can no longer win on.

use mahjong_hands::{shanten, shanten_regular, Counts, KindMask, Shape};
use mahjong_tiles::KINDS;

/// Forms whose batches [`Plan::distance_each`] keeps on the stack (more are worked out
/// again for each kind).
const MAX_FORMS: usize = 8;

/// A seat's own and the prevailing wind, as kinds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Winds {
    /// The seat's own wind.
    pub own: usize,
    /// The prevailing wind.
    pub prevailing: usize,
}

/// What a [`Combo`] counts among the declared sets.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Count {
    /// Pungs and kongs.
    Sets,
    /// Kongs.
    Kongs,
    /// Concealed pungs and kongs.
    Concealed,
}

/// Sets worth more together: `value` when at least `at_least` of the sets counted (`of`)
/// are of the kinds in `kinds` (two dragon pungs, three kongs, …).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Combo {
    /// What is counted.
    pub of: Count,
    /// The kinds that count.
    pub kinds: u64,
    /// How many it takes.
    pub at_least: u32,
    /// The value they add.
    pub value: u32,
}

/// A way for a hand that does not meet the minimum from its sets to make it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Form {
    /// Every set a pung or kong.
    AllPungs,
    /// Every set a pung or kong but at most one chow (KJ-W1 under BMJA).
    OneChow,
    /// Only tiles of `kinds`, the declared sets included (one suit with honours, all
    /// simples).
    Within {
        /// The kinds allowed.
        kinds: u64,
        /// The suit (by `Suit::index`) when the form is one suit with honours.
        suit: Option<usize>,
        /// Kinds whose pung lifts such a hand higher still (a hint for keeping them).
        special: u64,
    },
}

/// What a win ranked `rank` by the family's `win_rank` brings in from `others` opponents,
/// from the wall or from a discard: a rough figure for weighing waits.
pub type Takings = fn(rank: (u64, u64), self_drawn: bool, others: u64) -> u64;

/// A family's plan toward wins that need a minimum value: see the module documentation.
#[derive(Clone, Debug)]
pub struct Plan {
    shape: Shape,
    /// The shape without chows: shanten toward all pungs.
    pungs: Shape,
    minimum: u32,
    concealed_wins: bool,
    /// The concealed hand's minimum comes from declaring ready.
    declaring: bool,
    /// A seat that declared ready cannot win on a discard he let pass since.
    passes_bind: bool,
    seven_pairs: bool,
    /// Value of a pung, resp. kong, of each kind alone.
    pung: [u8; KINDS],
    kong: [u8; KINDS],
    /// Kinds that are worth more as the seat's own or the prevailing wind, and how much.
    wind_kinds: u64,
    own_wind: u8,
    prevailing_wind: u8,
    combos: Vec<Combo>,
    forms: Vec<Form>,
    /// For each form, 0xFF for each kind it keeps and 0 for the others (a byte mask, so
    /// that masking the counts is a few vector instructions).
    keep: Vec<[u8; KINDS]>,
    /// Kinds whose pung may be worth something.
    scoring: u64,
    takings: Takings,
    /// Every legal win brings in the same ([`Plan::legal_wins_alike`]).
    wins_alike: bool,
    typical_win: u64,
}

/// The declared sets of a seat, as far as values and plans need them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Declared {
    /// Sets declared (concealed kongs included).
    pub n: usize,
    /// Some set was formed with a claimed discard: the hand is no longer concealed.
    pub open: bool,
    /// Kinds used by the sets.
    pub kinds: u64,
    /// Kinds of the pungs and kongs.
    pub pungs: u64,
    /// Kinds of the kongs.
    pub kongs: u64,
    /// Kinds of the concealed pungs and kongs.
    pub concealed: u64,
    /// Chows declared.
    pub chows: u8,
    /// Value of the sets one by one.
    value: u32,
}

impl Declared {
    /// Adds a pung or kong of kind `k`.
    #[inline]
    pub fn add(&mut self, plan: &Plan, k: usize, kong: bool, exposed: bool, w: Winds) {
        self.n += 1;
        self.open |= exposed;
        self.value += plan.set_value(k, kong, w);
        self.kinds |= 1 << k;
        self.pungs |= 1 << k;
        self.kongs |= u64::from(kong) << k;
        self.concealed |= u64::from(!exposed) << k;
    }

    /// Adds a chow from kind `first`.
    pub fn add_chow(&mut self, first: usize, exposed: bool) {
        self.n += 1;
        self.open |= exposed;
        self.kinds |= 0b111 << first;
        self.chows += 1;
    }

    /// A declared pung of kind `k` extended to a kong.
    pub fn annex(&mut self, plan: &Plan, k: usize, w: Winds) {
        self.value = self.value - plan.set_value(k, false, w) + plan.set_value(k, true, w);
        self.kongs |= 1 << k;
    }
}

/// How many kinds a hand holds three times or more, twice and once (the pungs shape's
/// shanten needs nothing else, [`Plan::pung_shanten`]).
#[derive(Copy, Clone, Debug, Default)]
struct PungHistogram {
    threes: i8,
    twos: i8,
    ones: i8,
}

impl PungHistogram {
    #[inline]
    fn of(c: &Counts) -> PungHistogram {
        let mut h = PungHistogram::default();
        for &n in c {
            h.threes += i8::from(n >= 3);
            h.twos += i8::from(n == 2);
            h.ones += i8::from(n == 1);
        }
        h
    }

    /// One tile less of a kind held `n` times (`n > 0`).
    #[inline]
    fn take(&mut self, n: u8) {
        match n {
            1 => self.ones -= 1,
            2 => {
                self.twos -= 1;
                self.ones += 1;
            }
            3 => {
                self.threes -= 1;
                self.twos += 1;
            }
            // Four (or more) stays three or more.
            _ => {}
        }
    }
}

impl Plan {
    /// A plan for the tile set of `shape` whose wins need `minimum`; nothing is worth
    /// anything yet and no form is open (add them with the methods below). A concealed
    /// hand does not meet the minimum by itself.
    pub fn new(shape: Shape, minimum: u32, takings: Takings, typical_win: u64) -> Plan {
        let mut pungs = shape;
        pungs.chow_suits = [false; 3];
        Plan {
            shape,
            pungs,
            minimum,
            concealed_wins: false,
            declaring: false,
            passes_bind: false,
            seven_pairs: false,
            pung: [0; KINDS],
            kong: [0; KINDS],
            wind_kinds: 0,
            own_wind: 0,
            prevailing_wind: 0,
            combos: Vec::new(),
            forms: Vec::new(),
            keep: Vec::new(),
            scoring: 0,
            takings,
            wins_alike: false,
            typical_win,
        }
    }

    /// A pung of each kind in `kinds` is worth `pung`, a kong `kong`.
    pub fn sets(mut self, kinds: u64, pung: u8, kong: u8) -> Plan {
        for k in KindMask(kinds).iter() {
            self.pung[k] = pung;
            self.kong[k] = kong;
        }
        self.scoring = self.scoring_kinds();
        self
    }

    /// A pung or kong of a kind in `kinds` is worth `own` more as the seat's own wind and
    /// `prevailing` more as the prevailing wind.
    pub fn winds(mut self, kinds: u64, own: u8, prevailing: u8) -> Plan {
        self.wind_kinds = kinds;
        self.own_wind = own;
        self.prevailing_wind = prevailing;
        self.scoring = self.scoring_kinds();
        self
    }

    /// Sets worth more together.
    pub fn combo(mut self, c: Combo) -> Plan {
        self.combos.push(c);
        self
    }

    /// A form open to a hand short of the minimum.
    pub fn form(mut self, f: Form) -> Plan {
        let kinds = match f {
            Form::AllPungs | Form::OneChow => u64::MAX,
            Form::Within { kinds, .. } => kinds,
        };
        let mut keep = [0u8; KINDS];
        for (k, b) in keep.iter_mut().enumerate() {
            *b = if kinds >> k & 1 == 1 { 0xFF } else { 0 };
        }
        self.forms.push(f);
        self.keep.push(keep);
        self
    }

    /// A concealed hand meets the minimum by itself; its forms include seven pairs when
    /// `seven_pairs`.
    pub fn concealed_wins(mut self, seven_pairs: bool) -> Plan {
        self.concealed_wins = true;
        self.seven_pairs = seven_pairs;
        self
    }

    /// The concealed hand meets the minimum by declaring ready, not by itself (a
    /// declaration that is worth the minimum, where nothing else about a concealed hand
    /// is): a player ready with a concealed hand should declare, and weighs its waits as
    /// declared. Use with [`Plan::concealed_wins`].
    pub fn declaring_meets_minimum(mut self) -> Plan {
        self.declaring = true;
        self
    }

    /// The takings do not depend on the win's rank: a win is only legal or not. With
    /// [`Plan::declaring_meets_minimum`], a complete concealed hand that is (or will be)
    /// declared ready is then worth the takings without asking the scorer, which is the
    /// players' most frequent question in such a family.
    pub fn legal_wins_alike(mut self) -> Plan {
        self.wins_alike = true;
        self
    }

    /// Whether every legal win brings in the same ([`Plan::legal_wins_alike`]).
    pub fn wins_alike(&self) -> bool {
        self.wins_alike
    }

    /// A seat that declared ready can no longer win on a discard he let pass after
    /// declaring (anyone's), nor on one of his own: tiles his opponents can count on as
    /// safe against him, and fold with.
    pub fn passes_bind_ready(mut self) -> Plan {
        self.passes_bind = true;
        self
    }

    fn scoring_kinds(&self) -> u64 {
        let mut m = self.wind_kinds;
        for (k, &v) in self.pung.iter().enumerate() {
            if v > 0 {
                m |= 1 << k;
            }
        }
        m
    }

    /// The tile set's shape.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The minimum a win needs.
    pub fn minimum(&self) -> u32 {
        self.minimum
    }

    /// Whether a concealed hand meets the minimum by itself.
    pub fn concealed_meets_minimum(&self) -> bool {
        self.concealed_wins
    }

    /// Whether the concealed hand's minimum comes from declaring ready
    /// ([`Plan::declaring_meets_minimum`]).
    pub fn declaring_makes_minimum(&self) -> bool {
        self.declaring
    }

    /// Whether a seat that declared ready cannot win on what he let pass since
    /// ([`Plan::passes_bind_ready`]).
    pub fn ready_bound_by_passes(&self) -> bool {
        self.passes_bind
    }

    /// The forms open to a hand short of the minimum.
    pub fn forms(&self) -> &[Form] {
        &self.forms
    }

    /// The suits of the one-suit forms.
    pub fn one_suits(&self) -> impl Iterator<Item = usize> + '_ {
        self.forms.iter().filter_map(|f| match *f {
            Form::Within { suit, .. } => suit,
            Form::AllPungs | Form::OneChow => None,
        })
    }

    /// The kinds whose pung lifts a one-suit hand in `suit` higher still.
    pub fn special(&self, suit: usize) -> u64 {
        let mut m = 0;
        for f in &self.forms {
            if let Form::Within {
                suit: Some(s),
                special,
                ..
            } = *f
            {
                if s == suit {
                    m |= special;
                }
            }
        }
        m
    }

    /// What a win ranked `rank` by the family's `win_rank` brings in from `others`
    /// opponents ([`Takings`]).
    pub fn takings(&self, rank: (u64, u64), self_drawn: bool, others: u64) -> u64 {
        (self.takings)(rank, self_drawn, others)
    }

    /// A typical win's takings: a unit to weigh waits in.
    pub fn typical_win(&self) -> u64 {
        self.typical_win
    }

    /// The value of one pung (or kong) of kind `k` alone, for a seat with winds `w`.
    #[inline]
    pub fn set_value(&self, k: usize, kong: bool, w: Winds) -> u32 {
        let mut v = if kong { self.kong[k] } else { self.pung[k] } as u32;
        if self.wind_kinds >> k & 1 == 1 {
            v += self.own_wind as u32 * u32::from(k == w.own)
                + self.prevailing_wind as u32 * u32::from(k == w.prevailing);
        }
        v
    }

    /// The value of the declared sets together: one by one, and their combinations.
    #[inline]
    pub fn sets_value(&self, d: &Declared) -> u32 {
        let mut v = d.value;
        for c in &self.combos {
            let of = match c.of {
                Count::Sets => d.pungs,
                Count::Kongs => d.kongs,
                Count::Concealed => d.concealed,
            };
            if (of & c.kinds).count_ones() >= c.at_least {
                v += c.value;
            }
        }
        v
    }

    /// The lowest shanten of the concealed counts `c` toward a hand that can meet the
    /// minimum, given the declared sets (`i8::MAX` when none can).
    pub fn distance(&self, c: &Counts, d: &Declared, w: Winds) -> i8 {
        if !d.open && self.concealed_wins {
            return shanten(c, d.n, &self.shape, self.seven_pairs);
        }
        // Scoring triplets held count as sets already (breaking one drops the plan).
        if self.sets_value(&self.sure(c, d, w)) >= self.minimum {
            return shanten_regular(c, d.n, &self.shape);
        }
        let mut best = i8::MAX;
        for (f, keep) in self.forms.iter().zip(&self.keep) {
            match *f {
                Form::AllPungs => {
                    if d.chows == 0 {
                        best = best.min(shanten_regular(c, d.n, &self.pungs));
                    }
                }
                Form::OneChow => best = best.min(self.one_chow(c, d)),
                Form::Within { kinds, .. } => {
                    if d.kinds & !kinds != 0 {
                        continue;
                    }
                    let mut m = *c;
                    for (n, &b) in m.iter_mut().zip(keep) {
                        *n &= b;
                    }
                    best = best.min(shanten_regular(&m, d.n, &self.shape));
                }
            }
        }
        best
    }

    /// [`Plan::distance`] of `c` with one more tile (`add`) or one fewer (saturating at
    /// zero) of each kind in `kinds`: entry `k` for each `k` in `kinds`, `i8::MAX` for the
    /// others. A concealed hand that meets the minimum takes one batch of shanten (equal
    /// to the single calls); otherwise each kind is worked out on its own.
    pub fn distance_each(
        &self,
        c: &Counts,
        d: &Declared,
        w: Winds,
        kinds: u64,
        add: bool,
    ) -> [i8; KINDS] {
        if !d.open && self.concealed_wins {
            let kinds = KindMask(kinds);
            return if add {
                self.shape
                    .shanten_each_added(c, d.n, self.seven_pairs, kinds)
            } else {
                self.shape
                    .shanten_each_removed(c, d.n, self.seven_pairs, kinds)
            };
        }
        let mut out = [i8::MAX; KINDS];
        // Each form's shanten in one batch per form, as `distance` works them out one by
        // one: a kind a form does not keep leaves that form's counts as they are.
        let each = |shape: &Shape, m: &Counts, ks: u64| {
            if add {
                shape.shanten_regular_each_added(m, d.n, KindMask(ks))
            } else {
                shape.shanten_regular_each_removed(m, d.n, KindMask(ks))
            }
        };
        let mut regular: Option<[i8; KINDS]> = None;
        let mut pungs: Option<[i8; KINDS]> = None;
        let mut within: [Option<([i8; KINDS], i8)>; MAX_FORMS] = [None; MAX_FORMS];
        for k in KindMask(kinds).iter() {
            if add && c[k] >= 4 {
                // Beyond four of a kind: no batch covers it.
                let mut h = *c;
                h[k] += 1;
                out[k] = self.distance(&h, d, w);
                continue;
            }
            let mut h = *c;
            if add {
                h[k] += 1;
            } else {
                h[k] = h[k].saturating_sub(1);
            }
            if self.sets_value(&self.sure(&h, d, w)) >= self.minimum {
                out[k] = regular.get_or_insert_with(|| each(&self.shape, c, kinds))[k];
                continue;
            }
            let mut best = i8::MAX;
            for (i, (f, keep)) in self.forms.iter().zip(&self.keep).enumerate() {
                match *f {
                    Form::AllPungs => {
                        if d.chows == 0 {
                            best = best
                                .min(pungs.get_or_insert_with(|| each(&self.pungs, c, kinds))[k]);
                        }
                    }
                    // No batch form: worked out for each kind (only BMJA's plan has it).
                    Form::OneChow => best = best.min(self.one_chow(&h, d)),
                    Form::Within { kinds: fk, .. } => {
                        if d.kinds & !fk != 0 {
                            continue;
                        }
                        let work = || {
                            let mut m = *c;
                            for (n, &b) in m.iter_mut().zip(keep) {
                                *n &= b;
                            }
                            (
                                each(&self.shape, &m, kinds & fk),
                                shanten_regular(&m, d.n, &self.shape),
                            )
                        };
                        let mut uncached = None;
                        let (batch, unchanged) = match within.get_mut(i) {
                            Some(slot) => slot.get_or_insert_with(work),
                            None => uncached.insert(work()),
                        };
                        let s = if fk >> k & 1 == 1 {
                            batch[k]
                        } else {
                            *unchanged
                        };
                        best = best.min(s);
                    }
                }
            }
            out[k] = best;
        }
        out
    }

    /// [`shanten_regular`] of `c` with `declared` sets toward a hand of pungs only (the
    /// `pungs` shape), in closed form: a kind held three times or more is a set, twice a
    /// pair (one of them the eye), once nothing; sets and pairs past the sets still needed
    /// count for nothing.
    #[inline]
    fn pung_shanten(c: &Counts, declared: usize) -> i8 {
        Plan::pung_shanten_of(PungHistogram::of(c), declared)
    }

    /// [`Plan::pung_shanten`] from the counts' histogram.
    #[inline]
    fn pung_shanten_of(h: PungHistogram, declared: usize) -> i8 {
        let PungHistogram { threes, twos, ones } = h;
        let need = 4usize.saturating_sub(declared) as i8;
        let sets = threes.min(need);
        // The eye: a pair, or a kind of three left over when the sets are all made.
        let eye = twos > 0 || threes > sets;
        let pairs = (twos - i8::from(twos > 0)).min(need - sets);
        // Each set or eye still to start grows from a single tile with copies left (a kind
        // held once, or a pair not used); without one it takes a tile more. The fourth of
        // a kind held four times has none left.
        let spare_twos = (twos - i8::from(twos > 0) - pairs).max(0);
        let to_start = (need - sets - pairs) + i8::from(!eye);
        let short = (to_start - ones - spare_twos).max(0);
        2 * need - 2 * sets - pairs - i8::from(eye) + short
    }

    /// The shanten of `c` toward a hand of pungs and at most one chow: all pungs, or one
    /// chow of which at least two tiles are held (each missing tile one step more) and
    /// pungs. A declared chow leaves only pungs; two leave nothing.
    fn one_chow(&self, c: &Counts, d: &Declared) -> i8 {
        match d.chows {
            0 => {}
            1 => return Plan::pung_shanten(c, d.n),
            _ => return i8::MAX,
        }
        let whole = PungHistogram::of(c);
        let mut best = Plan::pung_shanten_of(whole, d.n);
        if d.n >= 4 {
            return best;
        }
        for s in (0..3).filter(|&s| self.shape.chow_suits[s]) {
            for k in s * 9..s * 9 + 7 {
                let held = (k..k + 3).filter(|&j| c[j] > 0).count() as i8;
                if held < 2 {
                    continue;
                }
                // The histogram less one of each kind of the chow held.
                let mut h = whole;
                for &n in &c[k..k + 3] {
                    if n > 0 {
                        h.take(n);
                    }
                }
                best = best.min(Plan::pung_shanten_of(h, d.n + 1) + (3 - held));
            }
        }
        best
    }

    /// The declared sets `d` with the scoring triplets held in `c` counted as sets
    /// ([`Plan::distance`]).
    #[inline]
    fn sure(&self, c: &Counts, d: &Declared, w: Winds) -> Declared {
        let mut sure = *d;
        for k in KindMask(self.scoring).iter() {
            if c[k] >= 3 {
                let v = self.set_value(k, false, w);
                if v > 0 {
                    // As `sure.add(self, k, false, false, w)`, as far as the value goes.
                    sure.value += v;
                    sure.pungs |= 1 << k;
                    sure.concealed |= 1 << k;
                }
            }
        }
        sure
    }

    /// The kinds among `near` that complete the 13-tile (less declared) counts `c` to a
    /// hand of some form: the winning kinds.
    pub fn winning(&self, c: &Counts, d: &Declared, w: Winds, near: u64) -> u64 {
        let mut kinds = 0u64;
        for k in KindMask(near & self.shape.kinds.0).iter() {
            if c[k] < 4 {
                kinds |= 1 << k;
            }
        }
        let after = self.distance_each(c, d, w, kinds, true);
        let mut m = 0u64;
        for k in KindMask(kinds).iter() {
            if after[k] < 0 {
                m |= 1 << k;
            }
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::{Declared, Winds};
    use crate::Ruleset;
    use mahjong_tiles::KINDS;
    use proptest::prelude::*;

    proptest! {
        /// The closed form of the pungs shape's shanten equals the general one.
        #[test]
        fn pung_shanten_is_the_pungs_shapes_shanten(
            kinds in proptest::collection::vec(0usize..KINDS, 60),
            // Few kinds: many pairs, pungs and fours.
            few in any::<bool>(),
            declared in 0usize..=4,
            // 13 or 14 tiles (sets counted 3), or 15 where `one_chow` takes out a chow of
            // which it holds two tiles from a hand of 14.
            extra in 0usize..=2,
        ) {
            let plan = Ruleset::preset("bmja").unwrap().bot_plan().unwrap();
            let target = 13 + extra - 3 * declared;
            let mut c = [0u8; KINDS];
            let mut held = 0;
            for k in kinds {
                let k = if few { k % 6 } else { k };
                if held < target && c[k] < 4 {
                    c[k] += 1;
                    held += 1;
                }
            }
            prop_assume!(held == target);
            prop_assert_eq!(
                super::Plan::pung_shanten(&c, declared),
                mahjong_hands::shanten_regular(&c, declared, &plan.pungs)
            );
        }

        /// The batches of `distance_each` equal `distance` of each changed hand, open or
        /// concealed, in every family with a plan.
        #[test]
        fn distance_each_equals_one_kind_at_a_time(
            family in 0usize..3,
            tiles in proptest::collection::vec(0usize..KINDS, 10..=13),
            pung in proptest::option::of(27usize..KINDS),
            add in any::<bool>(),
        ) {
            let name = ["korean-3p", "japanese-3p", "bmja"][family];
            let plan = Ruleset::preset(name).unwrap().bot_plan().unwrap();
            let shape = *plan.shape();
            let w = Winds { own: 27, prevailing: 28 };
            let mut c = [0u8; KINDS];
            for k in tiles {
                if shape.copies[k] > c[k] {
                    c[k] += 1;
                }
            }
            let mut d = Declared::default();
            if let Some(k) = pung.filter(|&k| shape.copies[k] >= 3 + c[k]) {
                d.add(&plan, k, false, true, w);
            }
            let kinds = shape.kinds.0;
            let each = plan.distance_each(&c, &d, w, kinds, add);
            for k in mahjong_hands::KindMask(kinds).iter() {
                let mut h = c;
                if add {
                    h[k] += 1;
                } else {
                    h[k] = h[k].saturating_sub(1);
                }
                prop_assert_eq!(each[k], plan.distance(&h, &d, w), "kind {}", k);
            }
        }
    }

    #[test]
    fn only_a_family_with_a_minimum_has_a_plan() {
        for name in ["millington", "bradfield", "western", "dmjl"] {
            let r = Ruleset::preset(name).unwrap();
            assert!(r.bot_plan().is_none(), "{name}");
        }
        let plan = Ruleset::preset("korean-3p").unwrap().bot_plan().unwrap();
        assert_eq!(plan.minimum(), 3);
        assert!(!plan.declaring_makes_minimum() && !plan.ready_bound_by_passes());
        let plan = Ruleset::preset("japanese-3p").unwrap().bot_plan().unwrap();
        assert_eq!(plan.minimum(), 1);
        assert!(plan.declaring_makes_minimum() && plan.ready_bound_by_passes());
    }

    fn counts(tiles: &str) -> [u8; KINDS] {
        let mut c = [0u8; KINDS];
        for t in mahjong_tiles::parse_tiles(tiles).unwrap() {
            c[t.kind().unwrap()] += 1;
        }
        c
    }

    #[test]
    fn kj_w1_bmja_plans_pungs_and_at_most_one_chow() {
        let plan = Ruleset::preset("bmja").unwrap().bot_plan().unwrap();
        let w = Winds {
            own: 27,
            prevailing: 27,
        };
        let none = Declared::default();
        // One chow and three pungs, waiting on 9D: ready.
        let one = counts("1B 2B 3B 4C 4C 4C 7D 7D 7D 8D 8D 8D 9D");
        assert_eq!(plan.distance(&one, &none, w), 0);
        // Two chows: a four-sets hand, but not one BMJA lets go out.
        let two = counts("1B 2B 3B 4C 5C 6C 7D 7D 7D 8D 8D 8D 9D");
        assert!(plan.distance(&two, &none, w) > 0);
        // With a chow declared, only pungs are left.
        let mut chow = Declared::default();
        chow.add_chow(0, true);
        let rest = counts("4C 5C 6C 7D 7D 7D 8D 8D 8D 9D");
        assert!(plan.distance(&rest, &chow, w) > 0);
        let rest = counts("4C 4C 4C 7D 7D 7D 8D 8D 8D 9D");
        assert_eq!(plan.distance(&rest, &chow, w), 0);
    }
}
