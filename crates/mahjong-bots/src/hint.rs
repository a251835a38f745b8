//! Hints for a seat, from its view only: shanten, waits, and what each discard leaves (the
//! browser's *Hint* through the server, and the terminal client's `i`).

use mahjong_engine::{SeatView, SetKind};
use mahjong_hands::{counts_of, shanten, waits, Counts, Shape};
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

/// The hint for a view under a ruleset's shape and seven-pairs rule.
pub fn hint_for(view: &SeatView, shape: &Shape, seven_pairs: bool) -> Hint {
    let counts = counts_of(&view.concealed);
    let declared = view.public.get(view.player).map_or(0, |s| s.sets.len());
    let seen = visible(view);
    let held: usize = counts.iter().map(|&n| n as usize).sum();
    let now = shanten(&counts, declared, shape, seven_pairs);
    let useful = |c: &Counts, base: i8| -> u32 {
        let mut n = 0;
        for k in 0..KINDS {
            if !shape.has(Tile::from_kind(k)) || c[k] >= 4 || seen[k] >= 4 {
                continue;
            }
            let mut more = *c;
            more[k] += 1;
            if shanten(&more, declared, shape, seven_pairs) < base {
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
            let s = shanten(&less, declared, shape, seven_pairs);
            discards.push(DiscardHint {
                tile: Tile::from_kind(k),
                shanten: s,
                useful: useful(&less, s),
            });
        }
        discards.sort_by(|a, b| a.shanten.cmp(&b.shanten).then(b.useful.cmp(&a.useful)));
    } else if now == 0 {
        wait_tiles = waits(&counts, declared, shape, seven_pairs, Some(&seen))
            .tiles()
            .collect();
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
