//! The three-player game's plan toward a win that meets the minimum of hand-points
//! (K3-S1), for players ([`crate::plan`]).
//!
//! A concealed hand always can: won from the wall it has 4 hand-points (K3-HP20, HP21).
//! Once a discard is claimed the hand needs the points elsewhere, and since chows cannot
//! be claimed (K3-P3) every declared set is a pung or kong. The forms then are:
//!
//! - all pungs (K3-HP12: 3, always reachable);
//! - one suit, circles or characters, with honours (K3-HP14: 3), when every declared set
//!   fits it; a pung of white in circles or of red in characters makes it a Pearl or Ruby
//!   Dragon (K3-L18, L19);
//! - any hand, when the sets declared and the scoring triplets held already make the
//!   minimum (two dragon pungs, the seat wind in its own round, …).
//!
//! The values of sets are those of K3-HP1–HP9; the plan leaves out what the scorer adds
//! for rarer sets (the optional North and seat dragons, K3-O) and for concealed pungs
//! (K3-HP11).

use mahjong_hands::Shape;

use super::options::korean_tile_set;
use super::score::seat_winds;
use super::KoreanOptions;
use crate::plan::{Combo, Count, Form, Plan};

const RED: usize = 31;
const WHITE: usize = 33;
const BAMBOO_1: u64 = 1 << 0;
const BAMBOO_9: u64 = 1 << 8;
/// Kinds by suit index (0 bamboo, 1 characters, 2 circles).
const SUIT: [u64; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];
const CHARACTERS: usize = 1;
const CIRCLES: usize = 2;
const HONOURS: u64 = 0x7F << 27;
const DRAGONS: u64 = 0b111 << 31;
const ALL: u64 = (1 << 34) - 1;
/// A typical win's takings in points (hand-points and bonus-points from both opponents).
const TYPICAL_WIN: u64 = 16;

/// What a win brings in from the opponents before the goulash bonus and the ready
/// discount: `rank` is (hand-points, bonus-points), or (limit, 0) for a limit hand, where
/// the discarder pays double (K3-S6). Otherwise the discarder pays the hand-points double
/// and everybody the bonus-points (K3-S4); won from the wall, each opponent pays both.
fn takings((a, b): (u64, u64), self_drawn: bool, others: u64) -> u64 {
    match (self_drawn, b) {
        (true, _) => others * (a + b),
        (false, 0) => (others + 1) * a,
        (false, _) => 2 * a + others * b,
    }
}

/// The plan of the game under options `o`.
pub(super) fn plan(o: &KoreanOptions) -> Plan {
    let mut winds = 0u64;
    for w in seat_winds(o) {
        winds |= 1 << w.tile().kind().expect("wind");
    }
    Plan::new(
        Shape::of(&korean_tile_set(o)),
        o.min_hand_points,
        takings,
        TYPICAL_WIN,
    )
    // K3-HP6: a kong 1 more than its pung, of any kind.
    .sets(ALL, 0, 1)
    // K3-HP1 dragons, HP3 winds, HP8 1 and 9 bamboo: 1.
    .sets(DRAGONS | winds | BAMBOO_1 | BAMBOO_9, 1, 2)
    // K3-HP4, HP5: the seat's own wind and the prevailing wind 1 more each.
    .winds(winds, 1, 1)
    // K3-HP2: two dragon pungs 1 more.
    .combo(Combo {
        of: Count::Sets,
        kinds: DRAGONS,
        at_least: 2,
        value: 1,
    })
    // K3-HP7: three kongs 3.
    .combo(Combo {
        of: Count::Kongs,
        kinds: ALL,
        at_least: 3,
        value: 3,
    })
    // K3-HP9: 1 and 9 bamboo together 4.
    .combo(Combo {
        of: Count::Sets,
        kinds: BAMBOO_1 | BAMBOO_9,
        at_least: 2,
        value: 4,
    })
    // K3-HP20, HP21 (seven pairs, K3-HP16, is a complete hand).
    .concealed_wins(true)
    // K3-HP12.
    .form(Form::AllPungs)
    // K3-HP14, with K3-L19 and L18.
    .form(Form::Within {
        kinds: SUIT[CHARACTERS] | HONOURS,
        suit: Some(CHARACTERS),
        special: 1 << RED,
    })
    .form(Form::Within {
        kinds: SUIT[CIRCLES] | HONOURS,
        suit: Some(CIRCLES),
        special: 1 << WHITE,
    })
}

#[cfg(test)]
mod tests {
    use mahjong_tiles::KINDS;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};

    use super::{CHARACTERS, CIRCLES, RED, WHITE};
    use crate::plan::{Declared, Plan, Winds};
    use crate::Ruleset;

    const EAST: usize = 27;
    const SOUTH: usize = 28;
    const WEST: usize = 29;
    const NORTH: usize = 30;
    const GREEN: usize = 32;

    fn korean() -> Plan {
        Ruleset::preset("korean-3p").unwrap().bot_plan().unwrap()
    }

    /// East's seat in the South round.
    const EAST_IN_SOUTH: Winds = Winds {
        own: EAST,
        prevailing: SOUTH,
    };

    /// Counts of the kinds listed (a kind once per tile).
    fn counts(kinds: &[usize]) -> [u8; KINDS] {
        let mut c = [0u8; KINDS];
        for &k in kinds {
            c[k] += 1;
        }
        c
    }

    #[test]
    fn set_values_are_the_hand_points_of_k3_hp1_to_hp9() {
        let p = korean();
        let w = EAST_IN_SOUTH;
        assert_eq!(p.minimum(), 3, "K3-S1 in korean-3p");
        assert!(p.concealed_meets_minimum(), "K3-HP20, HP21");
        // K3-HP1 a dragon, HP6 a kong 1 more.
        assert_eq!(p.set_value(RED, false, w), 1);
        assert_eq!(p.set_value(RED, true, w), 2);
        // K3-HP3 a wind, HP4 own, HP5 prevailing.
        assert_eq!(p.set_value(EAST, false, w), 2);
        assert_eq!(p.set_value(SOUTH, false, w), 2);
        assert_eq!(p.set_value(WEST, false, w), 1);
        let double = Winds {
            own: EAST,
            prevailing: EAST,
        };
        assert_eq!(p.set_value(EAST, false, double), 3);
        assert_eq!(p.set_value(EAST, true, double), 4);
        // North is no tile of the set (missing_wind = north), and would not be a wind.
        assert_eq!(p.set_value(NORTH, false, w), 0);
        // K3-HP8: 1 and 9 bamboo; other suit tiles nothing, their kongs 1.
        assert_eq!(p.set_value(0, false, w), 1);
        assert_eq!(p.set_value(8, false, w), 1);
        assert_eq!(p.set_value(22, false, w), 0);
        assert_eq!(p.set_value(22, true, w), 1);

        let sets = |v: &[(usize, bool)]| {
            let mut d = Declared::default();
            for &(k, kong) in v {
                d.add(&p, k, kong, true, w);
            }
            p.sets_value(&d)
        };
        // K3-HP2: two dragons 1 more.
        assert_eq!(sets(&[(RED, false)]), 1);
        assert_eq!(sets(&[(RED, false), (GREEN, false)]), 3);
        // K3-HP7: three kongs 3 more.
        assert_eq!(sets(&[(10, true), (22, true)]), 2);
        assert_eq!(sets(&[(10, true), (22, true), (24, true)]), 6);
        // K3-HP9: 1 and 9 bamboo 4 more.
        assert_eq!(sets(&[(0, false), (8, false)]), 6);
        // An annexed kong is worth a kong.
        let mut d = Declared::default();
        d.add(&p, RED, false, true, w);
        d.annex(&p, RED, w);
        assert_eq!(p.sets_value(&d), 2);

        // K3-HP14 in characters or circles; the Ruby and Pearl Dragons (K3-L19, L18).
        assert_eq!(p.one_suits().collect::<Vec<_>>(), [CHARACTERS, CIRCLES]);
        assert_eq!(p.special(CHARACTERS), 1 << RED);
        assert_eq!(p.special(CIRCLES), 1 << WHITE);
        assert_eq!(p.special(0), 0);
        // K3-S4, S6: a discarder pays the hand-points double, a limit double.
        assert_eq!(p.takings((5, 3), true, 2), 16);
        assert_eq!(p.takings((5, 3), false, 2), 16);
        assert_eq!(p.takings((40, 0), false, 2), 120);
    }

    #[test]
    fn distances_follow_the_forms_an_open_hand_has() {
        let p = korean();
        let w = EAST_IN_SOUTH;
        let open = |sets: &[usize]| {
            let mut d = Declared::default();
            for &k in sets {
                d.add(&p, k, false, true, w);
            }
            d
        };
        // 11D 234D 789D 11C and an exposed 555D: ready as any hand, but it needs one suit
        // (circles) or all pungs. Toward circles, without the 11C, it is two tiles short
        // (eight tiles where a ready hand has ten); toward all pungs four.
        let c = counts(&[18, 18, 19, 20, 21, 24, 25, 26, 9, 9]);
        let d = open(&[22]);
        assert_eq!(mahjong_hands::shanten_regular(&c, 1, p.shape()), 0);
        assert_eq!(p.distance(&c, &d, w), 2);
        // With a pair of East instead of 11C it is ready in circles with honours.
        let c = counts(&[18, 18, 19, 20, 21, 24, 25, 26, EAST, EAST]);
        assert_eq!(p.distance(&c, &d, w), 0);
        let c = counts(&[18, 18, 19, 20, 21, 24, 25, 26, 9, 9]);
        // Concealed (the pung declared concealed, a kong say), it meets the minimum
        // anyway: plain shanten.
        let mut hidden = Declared::default();
        hidden.add(&p, 22, true, false, w);
        assert_eq!(p.distance(&c, &hidden, w), 0);

        // Two dragon pungs make 3: any hand. 123C 23D 99D: ready.
        let c = counts(&[9, 10, 11, 19, 20, 26, 26]);
        assert_eq!(p.distance(&c, &open(&[RED, GREEN]), w), 0);
        // One dragon and 555D make 1: toward circles 23D 99D is three tiles short (four
        // tiles where a ready hand has seven), and so is all pungs; characters is closed
        // by the 555D.
        assert_eq!(p.distance(&c, &open(&[RED, 22]), w), 3);
        // A green triplet held counts with the red pung declared: any hand.
        let c = counts(&[GREEN, GREEN, GREEN, 9, 10, 11, 19, 20, 26, 26]);
        assert_eq!(p.distance(&c, &open(&[RED]), w), 0);
        // The seat's own wind in its own round makes 3 alone.
        let c = counts(&[9, 10, 11, 12, 13, 14, 19, 20, 26, 26]);
        let own_round = Winds {
            own: EAST,
            prevailing: EAST,
        };
        let mut d = Declared::default();
        d.add(&p, EAST, false, true, own_round);
        assert_eq!(p.distance(&c, &d, own_round), 0);
        // In the South round it makes 2: toward characters 123456C is four tiles from
        // ready (six where a ready hand has ten), toward all pungs five.
        let d = open(&[EAST]);
        assert_eq!(p.distance(&c, &d, w), 4);

        // With two dragon pungs, 123C 23D 99D wins on 1D and 4D.
        let c = counts(&[9, 10, 11, 19, 20, 26, 26]);
        let near = (1u64 << 34) - 1;
        assert_eq!(
            p.winning(&c, &open(&[RED, GREEN]), w, near),
            1 << 18 | 1 << 21
        );
    }

    /// The batches give what one call per kind gives, concealed and with declared sets
    /// (an exposed one included), adding and removing a tile.
    #[test]
    fn distance_each_equals_one_call_per_kind() {
        let p = korean();
        let w = Winds {
            own: 27,
            prevailing: 28,
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20);
        let mut wall: Vec<usize> = (0..KINDS)
            .flat_map(|k| (0..p.shape().copies[k]).map(move |_| k))
            .collect();
        let mut checked = [0u32; 2];
        for _ in 0..3000 {
            wall.shuffle(&mut rng);
            let mut decl = Declared::default();
            let mut i = 0;
            for _ in 0..rng.gen_range(0..3) {
                // A pung of the next tile's kind, declared concealed or exposed.
                let k = wall[i];
                decl.add(&p, k, false, rng.gen_bool(0.7), w);
                i += 1;
            }
            let n = 13 - 3 * decl.n + rng.gen_range(0..2);
            let mut c = [0u8; KINDS];
            for &k in &wall[i..i + n] {
                c[k] += 1;
            }
            let kinds = rng.gen::<u64>() & p.shape().kinds.0;
            for add in [true, false] {
                let each = p.distance_each(&c, &decl, w, kinds, add);
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
                    assert_eq!(each[k], p.distance(&h, &decl, w), "{c:?} {decl:?} {k}");
                }
            }
            checked[usize::from(decl.open)] += 1;
        }
        // Both kinds of hand were seen.
        assert!(checked.iter().all(|&n| n > 100), "{checked:?}");
    }
}
