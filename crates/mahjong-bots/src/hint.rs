//! Hints for a seat, from its view only: shanten, waits, and what each discard leaves (the
//! browser's *Hint* through the server, and the terminal client's `i`).

use mahjong_engine::{SeatView, SetKind};
use mahjong_hands::{
    counts_of, shanten, shanten_with_jokers, waits, waits_with_jokers, Counts, JokerRules, Shape,
};
use mahjong_tiles::{Tile, KINDS};
use serde::Serialize;

/// One possible discard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiscardHint {
    /// The tile.
    pub tile: Tile,
    /// Shanten after discarding it.
    pub shanten: i8,
    /// Unseen tiles that would then lower the shanten.
    pub useful: u32,
}

/// A hint.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hint {
    /// Shanten of the held tiles (−1: complete, 0: ready).
    pub shanten: i8,
    /// Tiles that complete a ready hand (none visible in full).
    pub waits: Vec<Tile>,
    /// Each distinct tile that may be discarded, best first.
    pub discards: Vec<DiscardHint>,
}

/// Tiles the seat can see: its own concealed tiles, every discard, every declared set.
fn visible(view: &SeatView) -> Counts {
    let mut c = counts_of(&view.concealed);
    let mut add = |k: usize, n: u8| {
        if k < KINDS {
            c[k] = c[k].saturating_add(n).min(4);
        }
    };
    for seat in &view.public {
        for (t, claimed) in &seat.discards {
            if !claimed {
                if let Some(k) = t.kind() {
                    add(k, 1);
                }
            }
        }
        for s in &seat.sets {
            let Some(k) = s.tile.kind() else { continue };
            match s.kind {
                SetKind::Chow => (0..3).for_each(|i| add(k + i, 1)),
                SetKind::Pung => add(k, 3),
                SetKind::Kong(_) => add(k, 4),
            }
        }
    }
    c
}

/// The hint for a view under a ruleset's shape, seven-pairs rule and jokers (`jokers`: the
/// ruleset's joker rules, `PlayRules::jokers`; a joker held then stands for any tile, and
/// discarding it is weighed too).
pub fn hint_for(
    view: &SeatView,
    shape: &Shape,
    seven_pairs: bool,
    jokers: Option<JokerRules>,
) -> Hint {
    let counts = counts_of(&view.concealed);
    let declared = view.public.get(view.player).map_or(0, |s| s.sets.len());
    let sets_needed = 4usize.saturating_sub(declared);
    let seen = visible(view);
    let held_jokers = match jokers {
        Some(_) => view.concealed.iter().filter(|t| t.is_joker()).count() as u8,
        None => 0,
    };
    // Shanten with `j` jokers held (as the greedy bot counts them: seven pairs aside).
    let sh = |c: &Counts, j: u8| -> i8 {
        match jokers {
            Some(rules) if j > 0 => shanten_with_jokers(c, j, sets_needed, shape, rules),
            _ => shanten(c, declared, shape, seven_pairs),
        }
    };
    let held = counts.iter().map(|&n| n as usize).sum::<usize>() + usize::from(held_jokers);
    let now = sh(&counts, held_jokers);
    let useful = |c: &Counts, j: u8, base: i8| -> u32 {
        let mut n = 0;
        for k in 0..KINDS {
            if !shape.has(Tile::from_kind(k)) || c[k] >= 4 || seen[k] >= 4 {
                continue;
            }
            let mut more = *c;
            more[k] += 1;
            if sh(&more, j) < base {
                n += 4 - seen[k] as u32;
            }
        }
        n
    };
    let mut discards = Vec::new();
    let mut wait_tiles = Vec::new();
    if held % 3 == 2 {
        for k in 0..KINDS {
            if counts[k] == 0 {
                continue;
            }
            let mut less = counts;
            less[k] -= 1;
            let s = sh(&less, held_jokers);
            discards.push(DiscardHint {
                tile: Tile::from_kind(k),
                shanten: s,
                useful: useful(&less, held_jokers, s),
            });
        }
        if held_jokers > 0 {
            let s = sh(&counts, held_jokers - 1);
            discards.push(DiscardHint {
                tile: Tile::JOKER,
                shanten: s,
                useful: useful(&counts, held_jokers - 1, s),
            });
        }
        discards.sort_by(|a, b| a.shanten.cmp(&b.shanten).then(b.useful.cmp(&a.useful)));
    } else if now == 0 {
        wait_tiles = match jokers {
            Some(rules) if held_jokers > 0 => {
                waits_with_jokers(&counts, held_jokers, sets_needed, shape, rules)
                    .iter()
                    .filter(|&k| seen[k] < 4)
                    .map(Tile::from_kind)
                    .collect()
            }
            _ => waits(&counts, declared, shape, seven_pairs, Some(&seen))
                .tiles()
                .collect(),
        };
    }
    Hint {
        shanten: now,
        waits: wait_tiles,
        discards,
    }
}

impl Hint {
    /// The hint in words: how far from ready, the waits, the best discard.
    pub fn text(&self) -> String {
        let tiles = |v: &[Tile]| v.iter().map(|t| t.code()).collect::<Vec<_>>().join(" ");
        let mut text = match self.shanten {
            -1 => "complete: Mah-Jongg!".to_string(),
            0 if !self.discards.is_empty() => "ready after the right discard".to_string(),
            0 if self.waits.is_empty() => "ready, but every winning tile is in sight".to_string(),
            0 => format!("ready, waiting for {}", tiles(&self.waits)),
            n => format!("{n} from ready"),
        };
        if let Some(d) = self.discards.first() {
            text.push_str(&format!(
                " · best discard {} (then {} from ready, {} useful tiles)",
                d.tile, d.shanten, d.useful
            ));
        }
        text
    }
}
