//! The Kajongg family's play hooks: the Dangerous Game (KJ-S8) and Original Call.
//!
//! Kajongg's dangerous situations differ from Millington's M90: a player whose three or
//! more exposed sets are all green, all of one suit (nine or more suit tiles shown) or all
//! terminals makes those tiles dangerous; three wind sets or two dragon sets make the
//! missing winds or dragons dangerous; with five or fewer tiles in the live wall every
//! tile nobody has seen is. A player who discards a dangerous tile while holding a safe
//! one pays for everybody when the winner goes out on it.

use std::sync::Arc;

use mahjong_hands::{Counts, KindMask, Meld, MeldKind};
use mahjong_tiles::{Tile, KINDS};

use super::options::{KajonggOptions, Snake};
use super::score::special_pattern;

use crate::danger::{Flag, Shows, DRAGONS, GREEN, SUITS, TERMINALS, WINDS};
use crate::play::{PlayHooks, PlayTable};

/// KJ-S8 as data for the players ([`crate::danger`]).
pub(super) const KJ_S8: &[Flag] = &[
    Flag {
        rule: "KJ-S8",
        shows: Shows::Within {
            kinds: GREEN,
            sets: 3,
        },
    },
    Flag {
        rule: "KJ-S8",
        shows: Shows::Within {
            kinds: SUITS[0],
            sets: 3,
        },
    },
    Flag {
        rule: "KJ-S8",
        shows: Shows::Within {
            kinds: SUITS[1],
            sets: 3,
        },
    },
    Flag {
        rule: "KJ-S8",
        shows: Shows::Within {
            kinds: SUITS[2],
            sets: 3,
        },
    },
    Flag {
        rule: "KJ-S8",
        shows: Shows::Within {
            kinds: TERMINALS,
            sets: 3,
        },
    },
    Flag {
        rule: "KJ-S8",
        shows: Shows::AllButOne { kinds: WINDS },
    },
    Flag {
        rule: "KJ-S8",
        shows: Shows::AllButOne { kinds: DRAGONS },
    },
];

/// Live-wall tiles at or below which every unseen tile is dangerous.
const LATE: usize = 5;

/// The kinds dangerous to discard toward player `q` now (KJ-S8).
pub(crate) fn dangerous_kinds<T: PlayTable>(t: &T, q: usize) -> u64 {
    let mut mask = 0u64;
    let mut exposed = 0;
    let mut kinds = 0u64;
    let mut suit_tiles = 0;
    let (mut winds, mut dragons) = (0u64, 0u64);
    for m in t.melds(q).iter().filter(|m| m.exposed) {
        exposed += 1;
        let k = m.tile as usize;
        let n = m.len();
        match m.kind {
            MeldKind::Chow => kinds |= 0b111 << k,
            _ => kinds |= 1 << k,
        }
        if k < 27 {
            suit_tiles += n;
        }
        if m.is_pung_or_kong() {
            winds |= (1 << k) & WINDS;
            dragons |= (1 << k) & DRAGONS;
        }
    }
    if exposed >= 3 {
        if kinds & !GREEN == 0 {
            mask |= GREEN;
        }
        if kinds & !TERMINALS == 0 {
            mask |= TERMINALS;
        }
        for s in SUITS {
            if kinds & !s == 0 && suit_tiles >= 9 {
                mask |= s;
            }
        }
    }
    if winds.count_ones() == 3 {
        mask |= WINDS & !winds;
    }
    if dragons.count_ones() == 2 {
        mask |= DRAGONS & !dragons;
    }
    if t.live_remaining() <= LATE {
        let mut seen = 0u64;
        for p in 0..t.seats() {
            for &(d, _) in t.discards(p) {
                if let Some(k) = d.kind() {
                    seen |= 1 << k;
                }
            }
            for m in t.melds(p).iter().filter(|m| m.exposed) {
                seen |= match m.kind {
                    MeldKind::Chow => 0b111 << m.tile,
                    _ => 1 << m.tile,
                };
            }
        }
        mask |= !seen & ((1u64 << KINDS) - 1);
    }
    mask
}

/// The family's play hooks.
#[derive(Clone, Debug, Default)]
pub struct KajonggPlay {
    /// The scorer decides every win (a ruleset that limits chows).
    checks: bool,
    /// The options, where the ruleset has special hands (KJ-L17 Wriggling Snake,
    /// KJ-L18–L20) that the engine's shapes do not find.
    special: Option<Arc<KajonggOptions>>,
    /// KJ-S10: a calling hand is declared before Mah-Jongg.
    declare_calling: bool,
    /// Who made the latest discard, and the players it was dangerous toward (a bit each).
    last: Option<(usize, u8)>,
}

impl KajonggPlay {
    /// The hooks of a ruleset: the scorer checks wins when some complete hands cannot go
    /// out (KJ-W1: chows limited).
    pub fn new(o: &KajonggOptions) -> KajonggPlay {
        let special = o.knitting || o.all_pair_honors || o.snake == Snake::Wriggling;
        KajonggPlay {
            checks: o.max_chows < 4,
            special: special.then(|| Arc::new(o.clone())),
            declare_calling: o.must_declare_calling,
            last: None,
        }
    }
}

/// The kinds of the 1s and 9s, winds and dragons (All pair honors, KJ-L20).
const MAJOR: u64 = {
    let mut m = (1u64 << KINDS) - (1 << 27);
    let mut s = 0;
    while s < 3 {
        m |= 1 << (9 * s) | 1 << (9 * s + 8);
        s += 1;
    }
    m
};

/// The tiles that make concealed `c` (13 tiles; `held` has bit `k` when `c[k] > 0`) a
/// special hand of `o` ([`special_pattern`]). Each shape is tried only when the kinds held
/// allow it, so most hands cost a few mask tests.
fn special_waits(c: &Counts, held: u64, o: &KajonggOptions) -> KindMask {
    const SUIT: u64 = 0x1ff;
    let values = [held & SUIT, held >> 9 & SUIT, held >> 18 & SUIT];
    let suits = values.iter().filter(|&&v| v != 0).count();
    let mut try_kinds = 0u64;
    if held >> 27 != 0 {
        // All pair honors: six pairs and a single, seven kinds of 1s, 9s and honours; the
        // single's pair completes it.
        if o.all_pair_honors && held & !MAJOR == 0 && held.count_ones() == 7 {
            try_kinds |= held;
        }
        // Wriggling Snake: one suit and the winds, no dragon; 13 of its 14 kinds held at
        // least, less one when the missing tile is one of a kind held once.
        if o.snake == Snake::Wriggling && suits == 1 && held >> 31 == 0 && held.count_ones() >= 12 {
            let s = values.iter().position(|&v| v != 0).unwrap_or(0);
            try_kinds |= SUIT << (9 * s) | 0xf << 27;
        }
    } else if o.knitting {
        // Triple Knitting keeps three whole triples (some value in all three suits);
        // Knitting holds the same values in its two suits but one.
        let triple = values[0] & values[1] & values[2] != 0;
        let knit = suits == 2 && {
            let mut two = values.iter().filter(|&&v| v != 0);
            let (a, b) = (two.next().copied(), two.next().copied());
            (a.unwrap_or(0) ^ b.unwrap_or(0)).count_ones() <= 1
        };
        if triple || knit {
            let mut triples = 0;
            let mut pairs = [0u8; 3];
            for v in 0..9 {
                let n = [c[v], c[9 + v], c[18 + v]];
                triples += n.iter().min().copied().unwrap_or(0);
                pairs[0] += n[0].min(n[1]);
                pairs[1] += n[0].min(n[2]);
                pairs[2] += n[1].min(n[2]);
            }
            if triples >= 3 || pairs.iter().any(|&p| p >= 6) {
                try_kinds |= (1 << 27) - 1;
            }
        }
    }
    let mut out = KindMask::EMPTY;
    let mut scratch = [Meld::new(MeldKind::Pair, 0, false); 7];
    while try_kinds != 0 {
        let k = try_kinds.trailing_zeros() as usize;
        try_kinds &= try_kinds - 1;
        if c[k] >= 4 {
            continue;
        }
        let mut with = *c;
        with[k] += 1;
        if special_pattern(&with, o, &mut scratch).is_some() {
            out.0 |= 1 << k;
        }
    }
    out
}

impl PlayHooks for KajonggPlay {
    fn start_hand(&mut self, _seats: usize) {
        self.last = None;
    }

    #[inline]
    fn may_declare_ready<T: PlayTable>(&self, t: &T, p: usize) -> bool {
        // KJ-W16: Original Call with the first discard, before any set is declared.
        t.discards(p).is_empty() && t.melds(p).is_empty()
    }

    #[inline]
    fn checks_wins(&self) -> bool {
        self.checks
    }

    #[inline]
    fn special_hands(&self) -> bool {
        self.special.is_some()
    }

    fn special_waits(&self, c: &Counts, held: u64) -> KindMask {
        match &self.special {
            Some(o) => special_waits(c, held, o),
            None => KindMask::EMPTY,
        }
    }

    #[inline]
    fn must_declare_calling(&self) -> bool {
        self.declare_calling
    }

    fn on_discard<T: PlayTable>(&mut self, t: &T, p: usize, tile: Tile) {
        let Some(k) = tile.kind() else {
            self.last = None;
            return;
        };
        let mut toward = 0u8;
        for q in (0..t.seats()).filter(|&q| q != p) {
            let mask = dangerous_kinds(t, q);
            // Not liable without a choice: every tile left is dangerous too.
            if mask >> k & 1 == 1 && t.concealed_kinds(p) & !mask != 0 {
                toward |= 1 << q;
            }
        }
        self.last = Some((p, toward));
    }

    fn on_draw<T: PlayTable>(&mut self, _t: &T, _p: usize) {
        self.last = None;
    }

    fn liable<T: PlayTable>(
        &self,
        _t: &T,
        winner: usize,
        supplier: Option<usize>,
    ) -> Option<usize> {
        match self.last {
            Some((p, toward)) if Some(p) == supplier && toward >> winner & 1 == 1 => Some(p),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ruleset;
    use proptest::prelude::*;

    fn bmja() -> KajonggOptions {
        Ruleset::preset("bmja")
            .unwrap()
            .options_of::<super::super::Kajongg>()
            .expect("bmja is a Kajongg preset")
            .clone()
    }

    /// Every kind tried, no shortcut: the reference for [`special_waits`].
    fn every_kind(c: &Counts, o: &KajonggOptions) -> KindMask {
        let mut out = KindMask::EMPTY;
        let mut scratch = [Meld::new(MeldKind::Pair, 0, false); 7];
        for k in (0..KINDS).filter(|&k| c[k] < 4) {
            let mut with = *c;
            with[k] += 1;
            if special_pattern(&with, o, &mut scratch).is_some() {
                out.0 |= 1 << k;
            }
        }
        out
    }

    fn counts(tiles: &[&str]) -> Counts {
        let mut c = [0u8; KINDS];
        for t in tiles {
            c[t.parse::<Tile>().unwrap().kind().unwrap()] += 1;
        }
        c
    }

    fn held(c: &Counts) -> u64 {
        (0..KINDS).filter(|&k| c[k] > 0).fold(0, |m, k| m | 1 << k)
    }

    fn kinds(m: KindMask) -> Vec<String> {
        m.iter().map(|k| Tile::from_kind(k).to_string()).collect()
    }

    #[test]
    fn the_waits_of_each_special_hand() {
        let o = bmja();
        let w = |t: &str| {
            let c = counts(&t.split(' ').collect::<Vec<_>>());
            kinds(special_waits(&c, held(&c), &o))
        };
        // KJ-L19 Knitting: six knitted pairs and a single.
        assert_eq!(w("1B 1C 2B 2C 3B 3C 4B 4C 5B 5C 6B 6C 7B"), ["7C"]);
        // KJ-L18 Triple Knitting: four knitted triples and a single.
        assert_eq!(w("1B 1C 1D 2B 2C 2D 3B 3C 3D 4B 4C 4D 9C"), ["9B", "9D"]);
        // KJ-L20 All pair honors: six pairs of 1s, 9s and honours and a single.
        assert_eq!(w("1B 1B 9C 9C EW EW SW SW RD RD GD GD WD"), ["WD"]);
        // KJ-L17 Wriggling Snake: the pair of 1s, 2–9 and the winds, one missing.
        assert_eq!(w("1D 2D 3D 4D 5D 6D 7D 8D 9D EW SW WW NW"), ["1D"]);
        assert_eq!(w("1D 1D 2D 3D 4D 5D 6D 7D 8D EW SW WW NW"), ["9D"]);
        assert_eq!(w("1D 1D 2D 3D 4D 5D 6D 7D 8D 9D EW SW WW"), ["NW"]);
        // An ordinary hand has none.
        assert!(w("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW RD RD").is_empty());
        // DMJL has no such hands: its hooks never ask.
        let dmjl = Ruleset::preset("dmjl").unwrap().play_hooks();
        assert!(!dmjl.special_hands());
        assert!(Ruleset::preset("bmja")
            .unwrap()
            .play_hooks()
            .special_hands());
    }

    /// A 13-tile hand: a special 14-tile hand less one tile, or, one time in four, random.
    fn near_special() -> impl Strategy<Value = Counts> {
        let special = prop_oneof![
            // Knitting in two suits.
            (0usize..3, 1usize..3, prop::collection::vec(0usize..9, 7)).prop_map(|(a, d, v)| {
                let b = (a + d) % 3;
                let mut c = [0u8; KINDS];
                for x in v {
                    c[a * 9 + x] += 1;
                    c[b * 9 + x] += 1;
                }
                c
            }),
            // Triple Knitting.
            (prop::collection::vec(0usize..9, 4), 0usize..9, 0usize..3).prop_map(|(v, p, skip)| {
                let mut c = [0u8; KINDS];
                for x in v {
                    for s in 0..3 {
                        c[s * 9 + x] += 1;
                    }
                }
                for s in (0..3).filter(|&s| s != skip) {
                    c[s * 9 + p] += 1;
                }
                c
            }),
            // All pair honors (distinct kinds may repeat: then it is no such hand).
            prop::collection::vec(0usize..13, 7).prop_map(|v| {
                const MAJOR: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
                let mut c = [0u8; KINDS];
                for x in v {
                    c[MAJOR[x]] += 2;
                }
                c
            }),
            // Wriggling Snake.
            (0usize..3).prop_map(|s| {
                let mut c = [0u8; KINDS];
                c[s * 9] = 2;
                for k in 1..9 {
                    c[s * 9 + k] = 1;
                }
                c[27..31].fill(1);
                c
            }),
        ];
        (
            special,
            0usize..14,
            prop::collection::vec(0usize..KINDS, 13),
            0u8..4,
        )
            .prop_map(|(c, drop, random, pick)| {
                if pick == 0 {
                    let mut r = [0u8; KINDS];
                    for k in random {
                        r[k] = (r[k] + 1).min(4);
                    }
                    return r;
                }
                // Take out the `drop`-th tile.
                let mut c = c.map(|n| n.min(4));
                let mut left = drop % c.iter().map(|&n| n as usize).sum::<usize>().max(1);
                for n in c.iter_mut() {
                    if left < *n as usize {
                        *n -= 1;
                        break;
                    }
                    left -= *n as usize;
                }
                c
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20000))]
        #[test]
        fn the_shortcut_misses_no_wait(c in near_special()) {
            let o = bmja();
            prop_assert_eq!(special_waits(&c, held(&c), &o), every_kind(&c, &o));
        }
    }
}
