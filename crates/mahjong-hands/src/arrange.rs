use crate::{Counts, Meld, MeldKind, Shape};

/// The form of a complete hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// Sets and one pair (M29).
    Regular,
    /// Seven pairs (option; K3-HP16).
    SevenPairs,
    /// Thirteen Unique Wonders (M122q): one of each orphan plus a pairing tile.
    ThirteenOrphans,
}

/// One way of arranging concealed tiles: the concealed sets it forms (all with
/// `exposed == false`) and its form. For Thirteen Unique Wonders the only set listed is the
/// pair. Fixed size: no allocation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Arrangement {
    sets: [Meld; 7],
    len: u8,
    /// The form of the hand.
    pub form: Form,
}

const NO_MELD: Meld = Meld::new(MeldKind::Pair, 0, false);

impl Arrangement {
    fn empty(form: Form) -> Arrangement {
        Arrangement {
            sets: [NO_MELD; 7],
            len: 0,
            form,
        }
    }

    fn push(&mut self, m: Meld) {
        self.sets[self.len as usize] = m;
        self.len += 1;
    }

    /// The sets, in ascending order of their tiles.
    pub fn sets(&self) -> &[Meld] {
        &self.sets[..self.len as usize]
    }

    /// The sets, mutable (a scorer marks the set the winning tile completed as exposed).
    pub fn sets_mut(&mut self) -> &mut [Meld] {
        &mut self.sets[..self.len as usize]
    }
}

/// Calls `f` once for every distinct arrangement of `counts` into `sets_needed` sets
/// (chows and pungs) plus one pair, and, when `sets_needed` is 4, as seven pairs (if
/// `seven_pairs`) and as Thirteen Unique Wonders. Kongs are never formed from concealed
/// tiles: a fourth copy held in hand counts only as a concealed pung (M46–M52).
///
/// Does nothing if the tiles do not form a complete hand.
pub fn for_each_arrangement<F: FnMut(&Arrangement)>(
    counts: &Counts,
    sets_needed: usize,
    shape: &Shape,
    seven_pairs: bool,
    mut f: F,
) {
    let total: usize = counts.iter().map(|&c| c as usize).sum();
    if total != sets_needed * 3 + 2 {
        return;
    }
    let mut c = *counts;
    let mut arr = Arrangement::empty(Form::Regular);
    regular(&mut c, 0, false, shape, &mut arr, &mut f);
    if sets_needed == 4 {
        if seven_pairs && is_seven_pairs(counts) {
            let mut a = Arrangement::empty(Form::SevenPairs);
            for (k, &n) in counts.iter().enumerate() {
                if n == 2 {
                    a.push(Meld::new(MeldKind::Pair, k as u8, false));
                }
            }
            f(&a);
        }
        if let Some(pair) = thirteen_orphans_pair(counts, shape) {
            let mut a = Arrangement::empty(Form::ThirteenOrphans);
            a.push(Meld::new(MeldKind::Pair, pair as u8, false));
            f(&a);
        }
    }
}

fn regular<F: FnMut(&Arrangement)>(
    c: &mut Counts,
    from: usize,
    have_pair: bool,
    shape: &Shape,
    arr: &mut Arrangement,
    f: &mut F,
) {
    // Decide everything about the lowest kind left at once (a pair or not, a pung or not,
    // the rest as chows starting there), so each arrangement is produced exactly once.
    let Some(k) = (from..c.len()).find(|&k| c[k] > 0) else {
        if have_pair {
            f(arr);
        }
        return;
    };
    let n = c[k];
    for pair in [0u8, 1] {
        if pair == 1 && have_pair {
            break;
        }
        for pung in [0u8, 1] {
            let used = 2 * pair + 3 * pung;
            if used > n {
                break;
            }
            let chows = n - used;
            if chows > 0 && !(shape.chow_starts_at(k) && c[k + 1] >= chows && c[k + 2] >= chows) {
                continue;
            }
            let mark = arr.len;
            c[k] = 0;
            if chows > 0 {
                c[k + 1] -= chows;
                c[k + 2] -= chows;
            }
            if pair == 1 {
                arr.push(Meld::new(MeldKind::Pair, k as u8, false));
            }
            if pung == 1 {
                arr.push(Meld::new(MeldKind::Pung, k as u8, false));
            }
            for _ in 0..chows {
                arr.push(Meld::new(MeldKind::Chow, k as u8, false));
            }
            regular(c, k + 1, have_pair || pair == 1, shape, arr, f);
            arr.len = mark;
            c[k] = n;
            if chows > 0 {
                c[k + 1] += chows;
                c[k + 2] += chows;
            }
        }
    }
}

/// Whether the counts form sets and exactly one pair (any number of sets).
pub fn is_regular_complete(counts: &Counts, shape: &Shape) -> bool {
    let total: usize = counts.iter().map(|&c| c as usize).sum();
    if total % 3 != 2 {
        return false;
    }
    let mut found = false;
    for_each_arrangement(counts, (total - 2) / 3, shape, false, |a| {
        found |= a.form == Form::Regular
    });
    found
}

/// Whether the counts are seven different pairs.
pub fn is_seven_pairs(counts: &Counts) -> bool {
    counts.iter().all(|&n| n == 0 || n == 2) && counts.iter().filter(|&&n| n == 2).count() == 7
}

/// Whether the counts are Thirteen Unique Wonders (M122q) in this tile set.
pub fn is_thirteen_orphans(counts: &Counts, shape: &Shape) -> bool {
    thirteen_orphans_pair(counts, shape).is_some()
}

/// The paired kind of a Thirteen Unique Wonders hand. The hand needs every orphan of the
/// set, so in a set with fewer than 13 orphans it needs them all plus a pair and no more.
fn thirteen_orphans_pair(counts: &Counts, shape: &Shape) -> Option<usize> {
    let orphans = shape.orphans;
    if orphans.len() != 13 {
        return None;
    }
    let mut pair = None;
    for (k, &n) in counts.iter().enumerate() {
        match (orphans.contains(k), n) {
            (_, 0) if !orphans.contains(k) => {}
            (true, 1) => {}
            (true, 2) if pair.is_none() => pair = Some(k),
            _ => return None,
        }
    }
    pair
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counts_of;
    use mahjong_tiles::Tile;

    fn counts(s: &str) -> Counts {
        counts_of(&Tile::parse_list(s).unwrap())
    }

    fn all(s: &str, sets: usize, seven: bool) -> Vec<Vec<(MeldKind, String)>> {
        let mut v = Vec::new();
        for_each_arrangement(&counts(s), sets, &Shape::classical(), seven, |a| {
            v.push(
                a.sets()
                    .iter()
                    .map(|m| (m.kind, m.first().to_string()))
                    .collect(),
            )
        });
        v
    }

    #[test]
    fn pure_triplets_or_runs() {
        // 111222333 + 55 in one suit: three pungs or three identical chows.
        let v = all("1B 1B 1B 2B 2B 2B 3B 3B 3B 5D 5D 7C 8C 9C", 4, false);
        assert_eq!(v.len(), 2);
        assert!(v.contains(&vec![
            (MeldKind::Pung, "1B".into()),
            (MeldKind::Pung, "2B".into()),
            (MeldKind::Pung, "3B".into()),
            (MeldKind::Chow, "7C".into()),
            (MeldKind::Pair, "5D".into()),
        ]));
        assert!(v.contains(&vec![
            (MeldKind::Chow, "1B".into()),
            (MeldKind::Chow, "1B".into()),
            (MeldKind::Chow, "1B".into()),
            (MeldKind::Chow, "7C".into()),
            (MeldKind::Pair, "5D".into()),
        ]));
    }

    #[test]
    fn pair_position_varies() {
        // 1112 3: 111+23? no. 11 + 123: the only way for 11123 (5 tiles, 1 set + pair).
        assert_eq!(
            all("1C 1C 1C 2C 3C", 1, false),
            vec![vec![
                (MeldKind::Pair, "1C".into()),
                (MeldKind::Chow, "1C".into())
            ]]
        );
        // 2223 4: 22 + 234, or 222 + 34? no. One way.
        assert_eq!(all("2C 2C 2C 3C 4C", 1, false).len(), 1);
        // 1 2 3 3 3: 123 + 33.
        assert_eq!(all("1C 2C 3C 3C 3C", 1, false).len(), 1);
        // 33344 + 55: 333 + 44 ... 345,345? 3334455 = 33+345+45? no; 333+44+55 no (2 pairs).
        assert_eq!(all("3C 3C 3C 4C 4C 5C 5C 6C", 2, false).len(), 1);
    }

    #[test]
    fn no_arrangement_for_incomplete() {
        assert!(all("1B 2B 4B 5D 5D", 1, false).is_empty());
        assert!(all("1B 2B", 0, false).is_empty());
        assert!(!is_regular_complete(
            &counts("1B 2B 3B 4B"),
            &Shape::classical()
        ));
        assert!(is_regular_complete(
            &counts("1B 2B 3B 4B 4B"),
            &Shape::classical()
        ));
    }

    #[test]
    fn seven_pairs_and_orphans() {
        let seven = "1B 1B 3B 3B 5C 5C 7C 7C EW EW RD RD 9D 9D";
        assert_eq!(all(seven, 4, false).len(), 0);
        let v = all(seven, 4, true);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].len(), 7);
        // 4 identical tiles are not two pairs.
        assert!(!is_seven_pairs(&counts(
            "1B 1B 1B 1B 5C 5C 7C 7C EW EW RD RD 9D 9D"
        )));
        let thirteen = "1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD WD";
        let v = all(thirteen, 4, false);
        assert_eq!(v, vec![vec![(MeldKind::Pair, "WD".into())]]);
        assert!(!is_thirteen_orphans(
            &counts("1B 9B 1C 9C 1D 9D EW SW WW NW RD GD 2D WD"),
            &Shape::classical()
        ));
    }

    #[test]
    fn korean_bamboo_makes_no_chows() {
        use mahjong_tiles::{TileSet, TileSetId};
        let shape = Shape::of(&TileSet::new(TileSetId::Korean3p));
        // In classical 123B is a chow; in the Korean set bamboo has no chows (and 2B, 3B
        // do not exist, but the shape alone must refuse the chow).
        assert!(is_regular_complete(
            &counts("1B 2B 3B 5D 5D"),
            &Shape::classical()
        ));
        assert!(!is_regular_complete(&counts("1B 2B 3B 5D 5D"), &shape));
        assert!(is_regular_complete(&counts("1D 2D 3D 5D 5D"), &shape));
    }
}
