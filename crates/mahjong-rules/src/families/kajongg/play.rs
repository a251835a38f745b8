//! The Kajongg family's play hooks: the Dangerous Game (KJ-S8) and Original Call.
//!
//! Kajongg's dangerous situations differ from Millington's M90: a player whose three or
//! more exposed sets are all green, all of one suit (nine or more suit tiles shown) or all
//! terminals makes those tiles dangerous; three wind sets or two dragon sets make the
//! missing winds or dragons dangerous; with five or fewer tiles in the live wall every
//! tile nobody has seen is. A player who discards a dangerous tile while holding a safe
//! one pays for everybody when the winner goes out on it.

use mahjong_hands::MeldKind;
use mahjong_tiles::{Tile, KINDS};

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
    /// Who made the latest discard, and the players it was dangerous toward (a bit each).
    last: Option<(usize, u8)>,
}

impl KajonggPlay {
    /// The hooks; `checks_wins` when some complete hands cannot go out (chows limited).
    pub fn new(checks_wins: bool) -> KajonggPlay {
        KajonggPlay {
            checks: checks_wins,
            last: None,
        }
    }
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
