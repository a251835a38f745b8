//! Shanten, waits and completeness against hand-checked values and against slow reference
//! implementations written here from the definitions.

use mahjong_hands::{
    counts_of, for_each_arrangement, is_complete, is_regular_complete, shanten, shanten_orphans,
    shanten_regular, shanten_seven_pairs, waits, Counts, KindMask, Shape,
};
use mahjong_tiles::{Tile, TileSet, TileSetId, KINDS};
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn counts(s: &str) -> Counts {
    counts_of(&Tile::parse_list(s).unwrap())
}

fn classical() -> Shape {
    Shape::classical()
}

fn korean() -> Shape {
    Shape::of(&TileSet::new(TileSetId::Korean3p))
}

fn japanese() -> Shape {
    Shape::of(&TileSet::new(TileSetId::Japanese3p))
}

fn malaysian() -> Shape {
    Shape::of(&TileSet::new(TileSetId::Malaysian3p))
}

fn kinds(m: KindMask) -> String {
    m.tiles()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

// ---------------------------------------------------------------------------------------
// Reference implementations.

/// Fewest tiles to add so the counts contain `sets` sets and a pair that the shape allows
/// (kinds that exist, at most `copies` of each), by dynamic programming over the kinds in
/// order. The state is the sets and pair placed so far and the chows still running: `x`
/// started one kind back, `y` two kinds back. `None` if no such hand exists.
fn reference_distance(c: &Counts, sets: usize, shape: &Shape) -> Option<u32> {
    const NONE: u32 = u32::MAX;
    // best[m][p][x][y]
    let mut best = vec![[[[NONE; 5]; 5]; 2]; sets + 1];
    best[0][0][0][0] = 0;
    for (k, &held) in c.iter().enumerate() {
        let cap = if shape.kinds.contains(k) {
            shape.copies[k] as usize
        } else {
            0
        };
        let mut next = vec![[[[NONE; 5]; 5]; 2]; sets + 1];
        for (m, by_pair) in best.iter().enumerate() {
            for (p, by_x) in by_pair.iter().enumerate() {
                for (x, by_y) in by_x.iter().enumerate() {
                    for (y, &here) in by_y.iter().enumerate() {
                        if here == NONE {
                            continue;
                        }
                        let new_chows = if shape.chow_starts_at(k) { sets - m } else { 0 };
                        for z in 0..=new_chows {
                            for pung in 0..=usize::from(m + z < sets) {
                                for pair in 0..=(1 - p) {
                                    let want = x + y + z + 3 * pung + 2 * pair;
                                    if want > cap {
                                        continue;
                                    }
                                    let add = want.saturating_sub(held as usize) as u32;
                                    let cell = &mut next[m + z + pung][p + pair][z][x];
                                    *cell = (*cell).min(here + add);
                                }
                            }
                        }
                    }
                }
            }
        }
        best = next;
    }
    let d = best[sets][1][0][0];
    (d != NONE).then_some(d)
}

fn reference_shanten_regular(c: &Counts, declared: usize, shape: &Shape) -> i8 {
    reference_distance(c, 4 - declared, shape).map_or(i8::MAX, |d| d as i8 - 1)
}

/// Seven different pairs: the seven kinds cheapest to pair up.
fn reference_seven_pairs(c: &Counts, shape: &Shape) -> i8 {
    let mut cost: Vec<u32> = (0..KINDS)
        .filter(|&k| shape.kinds.contains(k) && shape.copies[k] >= 2)
        .map(|k| 2u32.saturating_sub(c[k] as u32))
        .collect();
    cost.sort();
    cost[..7].iter().sum::<u32>() as i8 - 1
}

/// Every orphan once, and one of them twice.
fn reference_orphans(c: &Counts, shape: &Shape) -> i8 {
    let orphans: Vec<usize> = shape.orphans.iter().collect();
    let singles: u32 = orphans
        .iter()
        .map(|&k| 1u32.saturating_sub(c[k] as u32))
        .sum();
    let extra = orphans
        .iter()
        .map(|&k| 2u32.saturating_sub(c[k] as u32) - 1u32.saturating_sub(c[k] as u32))
        .min()
        .unwrap();
    (singles + extra) as i8 - 1
}

fn reference_shanten(c: &Counts, declared: usize, shape: &Shape, seven_pairs: bool) -> i8 {
    let mut s = reference_shanten_regular(c, declared, shape);
    if declared == 0 {
        if seven_pairs {
            s = s.min(reference_seven_pairs(c, shape));
        }
        if shape.orphans.len() == 13 {
            s = s.min(reference_orphans(c, shape));
        }
    }
    s
}

/// The same distance by trying every target made of sets and a pair among `allowed`
/// kinds, for hands whose tiles all lie among them.
fn explicit_distance(c: &Counts, sets: usize, shape: &Shape, allowed: &[usize]) -> u32 {
    let mut set_types: Vec<(usize, bool)> = Vec::new();
    for &k in allowed {
        if shape.kinds.contains(k) && shape.copies[k] >= 3 {
            set_types.push((k, false));
        }
        if shape.chow_starts_at(k)
            && (0..3).all(|i| allowed.contains(&(k + i)) && shape.kinds.contains(k + i))
        {
            set_types.push((k, true));
        }
    }
    let mut search = Targets {
        hand: c,
        shape,
        allowed,
        set_types: &set_types,
        target: [0; KINDS],
        best: u32::MAX,
    };
    search.sets_from(0, sets);
    search.best
}

/// Every multiset of sets (in `set_types` order, so each once) and then every pair.
struct Targets<'a> {
    hand: &'a Counts,
    shape: &'a Shape,
    allowed: &'a [usize],
    set_types: &'a [(usize, bool)],
    target: Counts,
    best: u32,
}

impl Targets<'_> {
    fn sets_from(&mut self, from: usize, left: usize) {
        if left == 0 {
            for &k in self.allowed {
                if self.shape.kinds.contains(k) && self.target[k] + 2 <= self.shape.copies[k] {
                    self.target[k] += 2;
                    let d: u32 = (0..KINDS)
                        .map(|i| self.target[i].saturating_sub(self.hand[i]) as u32)
                        .sum();
                    self.best = self.best.min(d);
                    self.target[k] -= 2;
                }
            }
            return;
        }
        for i in from..self.set_types.len() {
            let (k, chow) = self.set_types[i];
            let kinds: [usize; 3] = if chow { [k, k + 1, k + 2] } else { [k, k, k] };
            for x in kinds {
                self.target[x] += 1;
            }
            if kinds
                .iter()
                .all(|&x| self.target[x] <= self.shape.copies[x])
            {
                self.sets_from(i, left - 1);
            }
            for x in kinds {
                self.target[x] -= 1;
            }
        }
    }
}

/// Waits by trying every kind and searching for an arrangement.
fn reference_waits(
    c: &Counts,
    declared: usize,
    shape: &Shape,
    seven_pairs: bool,
    visible: Option<&Counts>,
) -> KindMask {
    let mut out = KindMask::EMPTY;
    for k in shape.kinds.iter() {
        let copies = shape.copies[k];
        if c[k] >= copies || visible.is_some_and(|v| v[k] >= copies) {
            continue;
        }
        let mut d = *c;
        d[k] += 1;
        if reference_complete(&d, declared, shape, seven_pairs) {
            out.insert(k);
        }
    }
    out
}

fn reference_complete(c: &Counts, declared: usize, shape: &Shape, seven_pairs: bool) -> bool {
    let mut found = false;
    for_each_arrangement(c, 4 - declared, shape, seven_pairs, |_| found = true);
    found
}

// ---------------------------------------------------------------------------------------
// Hand-checked values.

#[test]
fn shanten_of_complete_and_ready_hands() {
    let s = classical();
    let c = counts("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD RD");
    assert_eq!(shanten_regular(&c, 0, &s), -1);
    assert_eq!(shanten(&c, 0, &s, true), -1);
    let c = counts("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD");
    assert_eq!(shanten_regular(&c, 0, &s), 0);
    // Pure one-suit hands.
    assert_eq!(
        shanten_regular(&counts("1B 1B 1B 2B 3B 4B 5B 6B 7B 8B 9B 9B 9B"), 0, &s),
        0
    );
    assert_eq!(
        shanten_regular(&counts("1B 1B 1B 2B 3B 4B 5B 6B 7B 8B 9B 9B 9B 5B"), 0, &s),
        -1
    );
}

#[test]
fn shanten_known_values() {
    let s = classical();
    let r = |h: &str, d: usize| shanten_regular(&counts(h), d, &s);
    // Nothing connects: every set needs two tiles and the pair one.
    assert_eq!(r("1B 4B 7B 1C 4C 7C 1D 4D 7D EW SW WW NW", 0), 8);
    assert_eq!(r("1B 4B 7B 1C 4C 7C 1D 4D 7D EW SW WW NW RD", 0), 8);
    // Two sets, two partial sets and a pair: one tile from ready.
    assert_eq!(r("1B 2B 3B 4C 5C 6C 7D 8D 2D 3D RD RD GD", 0), 1);
    // Too many partial sets: only four sets count.
    assert_eq!(r("1B 2B 4B 5B 7B 8B 1C 2C 4C 5C 7C 8C EW", 0), 4);
    // Declared sets leave fewer tiles to arrange.
    assert_eq!(r("5C 5C 7D 8D", 3), 0);
    assert_eq!(r("5C 5C 7D 8D 8D", 3), 0);
    assert_eq!(r("5C 5C 7D 8D 9D", 3), -1);
    assert_eq!(r("EW", 4), 0);
    assert_eq!(r("EW EW", 4), -1);
    assert_eq!(r("EW SW", 4), 0);
    assert_eq!(r("1B 4B 7B 1C", 3), 2);
}

#[test]
fn shanten_with_four_of_a_kind() {
    let s = classical();
    let r = |h: &str| shanten_regular(&counts(h), 0, &s);
    // The fourth East cannot be paired: waiting on it would need a fifth copy.
    assert_eq!(r("EW EW EW EW 1B 2B 3B 4C 5C 6C 7D 8D 9D"), 1);
    // With an extra tile, drop an East and wait on the 5C.
    assert_eq!(r("EW EW EW EW 1B 2B 3B 4C 5C 6C 7D 8D 9D 5C"), 0);
    // Four 1B in a suit still serve as a pung and a chow start.
    assert_eq!(r("1B 1B 1B 1B 2B 3B 4C 5C 6C 7D 8D 9D RD"), 0);
    // 1111 2222 3333 (+ 4): sets three ways, the pair from a fourth copy.
    assert_eq!(r("1B 1B 1B 1B 2B 2B 2B 2B 3B 3B 3B 3B 4B"), 0);
    assert_eq!(r("1B 1B 1B 1B 2B 2B 2B 2B 3B 3B 3B 3B 4B 4B"), -1);
    // Four of a kind in every honour held: each pung wastes a tile.
    assert_eq!(r("EW EW EW EW SW SW SW SW WW WW WW WW NW"), 3);
    // Seven pairs refuses 4-of-a-kind as two pairs.
    let c = counts("1B 1B 1B 1B 5C 5C 7C 7C EW EW RD RD 9D");
    assert_eq!(shanten_seven_pairs(&c), 2);
}

#[test]
fn shanten_in_three_player_sets() {
    let k = korean();
    let j = japanese();
    // Korean bamboo is 1 and 9 only: they pair and pung, never chow.
    let c = counts("1B 1B 9B 9B 1C 2C 3C 4C 5C 6C 7D 8D 9D");
    assert_eq!(shanten_regular(&c, 0, &k), 0);
    assert_eq!(kinds(waits(&c, 0, &k, false, None)), "1B 9B");
    // Without North, four honours of three kinds and singles are further away.
    let c = counts("EW SW WW RD GD WD 1B 9B 1C 9C 1D 9D 5D");
    assert_eq!(shanten_regular(&c, 0, &k), 8);
    // Twelve orphans: no Thirteen Unique Wonders in the Korean set.
    assert_eq!(k.orphans.len(), 12);
    let c = counts("EW SW WW RD GD WD 1B 9B 1C 9C 1D 9D 9D");
    assert_eq!(shanten(&c, 0, &k, false), shanten_regular(&c, 0, &k));
    assert!(waits(&c, 0, &k, false, None).is_empty());
    // Japanese characters are 1 and 9 only; red fives count as fives.
    let c = counts("1C 1C 1C 9C 9C 2B 3B 4B 0D 6D 7D RD RD RD");
    assert_eq!(shanten_regular(&c, 0, &j), -1);
    let c = counts("1C 9C 1C 9C 2B 3B 4B 5D 6D 7D RD RD RD");
    assert_eq!(kinds(waits(&c, 0, &j, false, None)), "1C 9C");
    let c = counts("1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD");
    assert_eq!(kinds(waits(&c, 0, &j, false, None)).split(' ').count(), 13);
    // Malaysian: only circles and honours.
    let m = malaysian();
    let c = counts("1D 2D 3D 4D 5D 6D 7D 8D 9D EW EW RD RD");
    assert_eq!(shanten_regular(&c, 0, &m), 0);
    assert_eq!(kinds(waits(&c, 0, &m, false, None)), "EW RD");
}

#[test]
fn shanten_of_honours_and_special_forms() {
    let s = classical();
    let c = counts("EW EW SW SW WW WW NW NW RD RD GD GD WD");
    assert_eq!(shanten_regular(&c, 0, &s), 3);
    assert_eq!(shanten_seven_pairs(&c), 0);
    assert_eq!(shanten_orphans(&c, &s), 5);
    assert_eq!(shanten(&c, 0, &s, true), 0);
    assert_eq!(shanten(&c, 0, &s, false), 3);
    // Declared sets rule out seven pairs and Thirteen Unique Wonders.
    let c = counts("EW EW SW SW WW WW NW NW RD RD");
    assert_eq!(shanten(&c, 1, &s, true), shanten_regular(&c, 1, &s));
    let c = counts("1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD");
    assert_eq!(shanten_orphans(&c, &s), 0);
    assert_eq!(shanten(&c, 0, &s, false), 0);
    let c = counts("1B 9B 1C 9C 1D 9D EW SW WW NW RD GD 5D");
    assert_eq!(shanten_orphans(&c, &s), 1);
    // A pair of a simple does not serve as the orphans' pair.
    let c = counts("1B 9B 1C 9C 1D 9D EW SW WW NW RD 5D 5D");
    assert_eq!(shanten_orphans(&c, &s), 2);
    let c = counts("1B 9B 1C 9C 1D 9D EW SW WW NW RD GD GD WD");
    assert_eq!(shanten(&c, 0, &s, false), -1);
}

#[test]
fn waits_of_classic_hands() {
    let s = classical();
    // Nine Gates: every bamboo.
    let c = counts("1B 1B 1B 2B 3B 4B 5B 6B 7B 8B 9B 9B 9B");
    assert_eq!(
        kinds(waits(&c, 0, &s, false, None)),
        "1B 2B 3B 4B 5B 6B 7B 8B 9B"
    );
    // Thirteen-sided Thirteen Unique Wonders.
    let c = counts("1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD");
    assert_eq!(
        kinds(waits(&c, 0, &s, false, None)),
        "1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD"
    );
    // With a pair already, only the missing orphan.
    let c = counts("1B 9B 1C 9C 1D 9D EW SW WW NW RD WD WD");
    assert_eq!(kinds(waits(&c, 0, &s, false, None)), "GD");
    // Seven pairs waits on its single, if the option is on.
    let c = counts("1B 1B 3B 3B 5C 5C 7C 7C EW EW RD RD 9D");
    assert_eq!(kinds(waits(&c, 0, &s, true, None)), "9D");
    assert!(waits(&c, 0, &s, false, None).is_empty());
    // Both sides of a run, the edge, the closed wait, a pair wait.
    let base = "1C 2C 3C 4D 5D 6D EW EW EW RD RD";
    assert_eq!(
        kinds(waits(&counts(&format!("{base} 5B 6B")), 0, &s, false, None)),
        "4B 7B"
    );
    assert_eq!(
        kinds(waits(&counts(&format!("{base} 1B 2B")), 0, &s, false, None)),
        "3B"
    );
    assert_eq!(
        kinds(waits(&counts(&format!("{base} 4B 6B")), 0, &s, false, None)),
        "5B"
    );
    assert_eq!(
        kinds(waits(
            &counts("1C 2C 3C 4D 5D 6D 7D 8D 9D EW EW RD RD"),
            0,
            &s,
            false,
            None
        )),
        "EW RD"
    );
    // A single tile after four declared sets.
    assert_eq!(kinds(waits(&counts("WD"), 4, &s, false, None)), "WD");
    // Pairs of honours: turning one into a pung leaves too many pairs.
    let c = counts("EW EW SW SW WW WW NW NW 5D 5D");
    assert!(waits(&c, 1, &s, true, None).is_empty());
    let c = counts("EW EW SW SW 5D 5D 5D");
    assert_eq!(kinds(waits(&c, 2, &s, false, None)), "EW SW");
    // Wrong tile count: no waits.
    assert!(waits(&counts("WD WD"), 4, &s, false, None).is_empty());
}

#[test]
fn waits_leave_out_exhausted_kinds() {
    let s = classical();
    let c = counts("1C 2C 3C 4D 5D 6D 7D 8D 9D EW EW RD RD");
    let mut seen = c;
    seen[Tile::RED.index()] = 4;
    assert_eq!(kinds(waits(&c, 0, &s, false, Some(&seen))), "EW");
    // The hand holds all four Easts: no wait on a fifth.
    let c = counts("EW EW EW EW 1B 2B 3B 4C 5C 6C 7D 8D 9D");
    assert!(waits(&c, 0, &s, true, None).is_empty());
    // 1111 + 23: waits on 1-4 would need a fifth 1B for 11 + 1 + 123.
    let c = counts("1B 1B 1B 1B 2B 3B 4C 5C 6C 7D 8D 9D EW");
    assert_eq!(kinds(waits(&c, 0, &s, false, None)), "EW");
}

#[test]
fn completeness_of_every_form() {
    let s = classical();
    assert!(is_complete(
        &counts("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD RD"),
        0,
        &s,
        false
    ));
    assert!(!is_complete(
        &counts("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD GD"),
        0,
        &s,
        false
    ));
    let seven = counts("1B 1B 3B 3B 5C 5C 7C 7C EW EW RD RD 9D 9D");
    assert!(is_complete(&seven, 0, &s, true));
    assert!(!is_complete(&seven, 0, &s, false));
    let four = counts("1B 1B 1B 1B 5C 5C 7C 7C EW EW RD RD 9D 9D");
    assert!(!is_complete(&four, 0, &s, true));
    let wonders = counts("1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD WD");
    assert!(is_complete(&wonders, 0, &s, false));
    assert!(!is_complete(&wonders, 0, &korean(), false));
    assert!(is_complete(&counts("EW EW"), 4, &s, false));
    assert!(!is_complete(&counts("EW EW"), 3, &s, false));
    assert!(!is_complete(&counts("EW EW"), 5, &s, false));
}

#[test]
fn unusual_shapes_and_hands_use_the_general_path() {
    // A shape with fewer copies of some kinds.
    let mut s = classical();
    s.copies[Tile::RED.index()] = 2;
    let c = counts("1B 2B 3B 4C 5C 6C 7D 8D 9D RD RD GD GD GD");
    assert_eq!(shanten_regular(&c, 0, &s), -1);
    let c = counts("1B 2B 3B 4C 5C 6C 7D 8D 9D RD RD RD GD GD");
    assert_eq!(
        shanten_regular(&c, 0, &s),
        reference_shanten_regular(&c, 0, &s)
    );
    assert_eq!(shanten_regular(&c, 0, &s), 0);
    // Both red dragons held: no wait on a third.
    let c = counts("1C 2C 3C 4D 5D 6D 7D 8D 9D EW EW RD RD");
    assert_eq!(kinds(waits(&c, 0, &s, false, None)), "EW");
    // More than four of a kind (not a real hand) still gets an exact answer.
    let s = classical();
    let c = counts("1B 1B 1B 1B 1B 2C 3C 4C 5C 6C 7C 8C 9C 9C");
    assert_eq!(
        shanten_regular(&c, 0, &s),
        reference_shanten_regular(&c, 0, &s)
    );
    assert_eq!(
        waits(
            &counts("1B 1B 1B 1B 1B 2C 3C 4C 5C 6C 7C 8C 9C"),
            0,
            &s,
            false,
            None
        ),
        reference_waits(
            &counts("1B 1B 1B 1B 1B 2C 3C 4C 5C 6C 7C 8C 9C"),
            0,
            &s,
            false,
            None
        )
    );
    // More than fourteen tiles.
    let c = counts("1B 1B 1B 2B 2B 2B 3B 3B 3B 4B 4B 4B 5B 5B 5B 6B");
    assert_eq!(
        shanten_regular(&c, 0, &s),
        reference_shanten_regular(&c, 0, &s)
    );
}

// ---------------------------------------------------------------------------------------
// Random hands.

/// The shapes random hands are drawn from.
fn shape_by(i: usize) -> Shape {
    match i {
        0 => classical(),
        1 => korean(),
        2 => japanese(),
        _ => malaysian(),
    }
}

/// Every tile of the shape, as kinds, restricted to `allowed`.
fn wall(shape: &Shape, allowed: &dyn Fn(usize) -> bool) -> Vec<usize> {
    (0..KINDS)
        .filter(|&k| allowed(k))
        .flat_map(|k| (0..shape.copies[k]).map(move |_| k))
        .collect()
}

/// A random complete arrangement of `sets` sets and a pair the shape allows.
fn complete_hand(shape: &Shape, sets: usize, rng: &mut ChaCha8Rng) -> Counts {
    loop {
        let mut c = [0u8; KINDS];
        let kinds: Vec<usize> = shape.kinds.iter().collect();
        let pair = *kinds.choose(rng).unwrap();
        c[pair] += 2;
        for _ in 0..sets {
            let k = *kinds.choose(rng).unwrap();
            if shape.chow_starts_at(k) && rng.gen_bool(0.6) {
                for i in 0..3 {
                    c[k + i] += 1;
                }
            } else {
                c[k] += 3;
            }
        }
        if (0..KINDS).all(|k| c[k] <= shape.copies[k] && (c[k] == 0 || shape.kinds.contains(k))) {
            return c;
        }
    }
}

/// A random hand of `n` tiles: drawn from the whole wall, from a few kinds only (many
/// repeated tiles), a complete hand with some tiles swapped, or clumps of 1–3 copies
/// (many pairs and pungs).
fn random_hand(shape: &Shape, n: usize, declared: usize, mode: u8, rng: &mut ChaCha8Rng) -> Counts {
    let draw = |wall: &mut Vec<usize>, rng: &mut ChaCha8Rng, n: usize| {
        wall.shuffle(rng);
        let mut c = [0u8; KINDS];
        for &k in &wall[..n] {
            c[k] += 1;
        }
        c
    };
    match mode {
        0 => draw(&mut wall(shape, &|_| true), rng, n),
        1 => {
            // One suit and a couple of honours.
            let s = rng.gen_range(0..3);
            let h1 = rng.gen_range(27..KINDS);
            let h2 = rng.gen_range(27..KINDS);
            let mut w = wall(shape, &|k| k / 9 == s && k < 27 || k == h1 || k == h2);
            if w.len() < n {
                w = wall(shape, &|_| true);
            }
            draw(&mut w, rng, n)
        }
        3 => {
            let kinds: Vec<usize> = shape.kinds.iter().collect();
            let mut c = [0u8; KINDS];
            let mut left = n;
            while left > 0 {
                let k = *kinds.choose(rng).unwrap();
                let add = rng
                    .gen_range(1..=3)
                    .min(left)
                    .min((shape.copies[k] - c[k]) as usize);
                c[k] += add as u8;
                left -= add;
            }
            c
        }
        _ => {
            let mut c = complete_hand(shape, 4 - declared, rng);
            let full = 14 - 3 * declared;
            let swaps = rng.gen_range(0..=2) + full - n;
            for i in 0..swaps {
                let held: Vec<usize> = (0..KINDS).filter(|&k| c[k] > 0).collect();
                c[*held.choose(rng).unwrap()] -= 1;
                // Put a tile back, except for the last removals that shorten the hand.
                if i + (full - n) < swaps {
                    let free: Vec<usize> = (0..KINDS).filter(|&k| c[k] < shape.copies[k]).collect();
                    c[*free.choose(rng).unwrap()] += 1;
                }
            }
            c
        }
    }
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(1500))]

    #[test]
    fn shanten_matches_the_reference(
        shape in 0usize..4,
        declared in 0usize..5,
        full in any::<bool>(),
        mode in 0u8..4,
        seed in any::<u64>(),
    ) {
        let shape = shape_by(shape);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let n = 13 + usize::from(full) - 3 * declared;
        let c = random_hand(&shape, n, declared, mode, &mut rng);
        prop_assert_eq!(
            shanten_regular(&c, declared, &shape),
            reference_shanten_regular(&c, declared, &shape),
            "{:?}", c
        );
        for seven in [false, true] {
            prop_assert_eq!(
                shanten(&c, declared, &shape, seven),
                reference_shanten(&c, declared, &shape, seven),
                "{:?}", c
            );
        }
    }

    #[test]
    fn waits_match_the_reference(
        shape in 0usize..4,
        declared in 0usize..5,
        seven in any::<bool>(),
        mode in 0u8..4,
        seed in any::<u64>(),
    ) {
        let shape = shape_by(shape);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let c = random_hand(&shape, 13 - 3 * declared, declared, mode, &mut rng);
        // Some of the remaining tiles have been seen.
        let mut seen = c;
        for k in 0..KINDS {
            if rng.gen_bool(0.3) {
                seen[k] = rng.gen_range(c[k]..=shape.copies[k].max(c[k]));
            }
        }
        for visible in [None, Some(&seen)] {
            prop_assert_eq!(
                waits(&c, declared, &shape, seven, visible),
                reference_waits(&c, declared, &shape, seven, visible),
                "{:?}", c
            );
        }
        // Ready exactly when some tile completes the hand.
        prop_assert_eq!(
            shanten(&c, declared, &shape, seven) == 0,
            !waits(&c, declared, &shape, seven, None).is_empty(),
            "{:?}", c
        );
    }

    #[test]
    fn completeness_matches_the_reference(
        shape in 0usize..4,
        declared in 0usize..5,
        seven in any::<bool>(),
        mode in 0u8..4,
        seed in any::<u64>(),
    ) {
        let shape = shape_by(shape);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let c = random_hand(&shape, 14 - 3 * declared, declared, mode, &mut rng);
        let complete = is_complete(&c, declared, &shape, seven);
        prop_assert_eq!(complete, reference_complete(&c, declared, &shape, seven), "{:?}", c);
        prop_assert_eq!(shanten(&c, declared, &shape, seven) == -1, complete, "{:?}", c);
    }
}

proptest! {
    #![proptest_config(config(300))]

    /// Hands in one suit (and honours) against every possible target: many repeated
    /// tiles, so four-of-a-kind cases are common.
    #[test]
    fn one_suit_shanten_matches_every_target(
        shape in 0usize..3,
        suit in 0usize..3,
        declared in 0usize..3,
        full in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let shape = shape_by(shape);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let allowed: Vec<usize> = (0..KINDS)
            .filter(|&k| (k / 9 == suit || k >= 27) && shape.kinds.contains(k))
            .collect();
        let mut w: Vec<usize> = allowed
            .iter()
            .filter(|&&k| k < 27 || rng.gen_bool(0.2))
            .flat_map(|&k| (0..shape.copies[k]).map(move |_| k))
            .collect();
        let n = 13 + usize::from(full) - 3 * declared;
        prop_assume!(w.len() >= n);
        w.shuffle(&mut rng);
        let mut c = [0u8; KINDS];
        for &k in &w[..n] {
            c[k] += 1;
        }
        let want = explicit_distance(&c, 4 - declared, &shape, &allowed) as i8 - 1;
        prop_assert_eq!(shanten_regular(&c, declared, &shape), want, "{:?}", c);
    }

    /// Near-complete 14-tile hands: one tile from complete exactly when swapping a
    /// single tile completes them, tried exhaustively.
    #[test]
    fn one_swap_from_complete(shape in 0usize..3, seed in any::<u64>()) {
        let shape = shape_by(shape);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let c = random_hand(&shape, 14, 0, 2, &mut rng);
        let s = shanten_regular(&c, 0, &shape);
        prop_assert_eq!(s == -1, is_regular_complete(&c, &shape));
        let mut one_swap = false;
        for out in (0..KINDS).filter(|&k| c[k] > 0) {
            for into in (0..KINDS).filter(|&k| k != out && c[k] < shape.copies[k]) {
                let mut d = c;
                d[out] -= 1;
                d[into] += 1;
                one_swap |= is_regular_complete(&d, &shape);
            }
        }
        prop_assert_eq!(s <= 0, s == -1 || one_swap, "{:?}", c);
    }

    /// Unusual shapes (fewer copies of some kinds, suits without chows): the general
    /// search or the layout path for shanten, and waits must leave out kinds whose
    /// copies are all held.
    #[test]
    fn unusual_shapes_match_the_reference(
        declared in 0usize..5,
        full in any::<bool>(),
        seven in any::<bool>(),
        no_chows in proptest::option::of(0usize..3),
        mode in 0u8..4,
        seed in any::<u64>(),
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut shape = classical();
        if let Some(s) = no_chows {
            shape.chow_suits[s] = false;
        } else {
            for _ in 0..6 {
                shape.copies[rng.gen_range(0..KINDS)] = rng.gen_range(1..4);
            }
        }
        let n = 13 + usize::from(full) - 3 * declared;
        let c = random_hand(&shape, n, declared, mode, &mut rng);
        prop_assert_eq!(
            shanten_regular(&c, declared, &shape),
            reference_shanten_regular(&c, declared, &shape),
            "{:?}", c
        );
        if full {
            prop_assert_eq!(
                is_complete(&c, declared, &shape, seven),
                reference_complete(&c, declared, &shape, seven),
                "{:?}", c
            );
        } else {
            prop_assert_eq!(
                waits(&c, declared, &shape, seven, None),
                reference_waits(&c, declared, &shape, seven, None),
                "{:?}", c
            );
        }
    }
}

/// Every arrangement uses exactly the input's tiles, for every form, and the regular form's
/// sets are the requested number plus one pair.
mod arrangement_tiles {
    use mahjong_hands::{counts_of, for_each_arrangement, Form, MeldKind, Shape};
    use mahjong_tiles::{Tile, TileSet, TileSetId};
    use proptest::prelude::*;

    /// A complete hand built from random sets: (counts, sets needed).
    fn complete_hand() -> impl Strategy<Value = (Vec<Tile>, usize)> {
        (
            0usize..=4,
            prop::collection::vec((0u8..3, 0usize..34), 4),
            0usize..34,
        )
            .prop_filter_map("too many copies", |(n, sets, pair)| {
                let mut tiles = vec![Tile::from_kind(pair); 2];
                for &(kind, k) in sets.iter().take(n) {
                    match kind {
                        0 if k < 27 && k % 9 < 7 => {
                            tiles.extend((k..k + 3).map(Tile::from_kind));
                        }
                        _ => tiles.extend([Tile::from_kind(k); 3]),
                    }
                }
                let c = counts_of(&tiles);
                c.iter().all(|&x| x <= 4).then_some((tiles, n))
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn arrangements_use_exactly_the_input_tiles(
            (tiles, n) in complete_hand(),
            seven in any::<bool>(),
        ) {
            let shape = Shape::of(&TileSet::new(TileSetId::ClassicalNoFlowers));
            let input = counts_of(&tiles);
            let mut found = 0;
            for_each_arrangement(&input, n, &shape, seven, |a| {
                found += 1;
                let mut c = [0u8; 34];
                for m in a.sets() {
                    m.add_to(&mut c);
                }
                match a.form {
                    Form::Regular => {
                        assert_eq!(c, input);
                        assert_eq!(a.sets().len(), n + 1);
                        assert_eq!(a.sets().iter().filter(|m| m.kind == MeldKind::Pair).count(), 1);
                    }
                    Form::SevenPairs => assert_eq!(c, input),
                    // Thirteen Unique Wonders lists only its pair; the rest are singles.
                    Form::ThirteenOrphans => assert_eq!(c.iter().map(|&x| x as usize).sum::<usize>(), 2),
                }
            });
            // The hand was built from sets, so at least one arrangement exists.
            prop_assert!(found >= 1);
        }
    }
}
