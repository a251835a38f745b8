//! Dangerous discards, "letting off a cannon" (M90–M96).
//!
//! A discard is dangerous when it helps a *dangerous player* toward a flagged hand: (a) a
//! clear suit, (b) Four Blessings or Little Four Joys, (c) Three Great Scholars or Little or
//! Big Three Dragons, (d) All Honours, (e) Imperial Jade, (f) Heads and Tails; or (g) with 4
//! or fewer tiles in the live wall, an unseen tile that lets somebody go out. The discarder
//! becomes liable when that player goes out on it, or claims it for a pung or chow and later
//! completes the flagged hand; a later dangerous discard that completes it moves the
//! liability. A player whose concealed tiles after drawing are all dangerous had no choice
//! and is not liable.

use mahjong_hands::{is_complete, Counts, Meld, MeldKind};
use mahjong_tiles::{Tile, KINDS};
use serde::{Deserialize, Serialize};

use super::options::UnseenRule;
use crate::danger::{Flag, Shows, DRAGONS, GREEN, HONOURS, SUITS, TERMINALS, WINDS};
use crate::play::{PlayHooks, PlayTable};

/// The flagged hands of M90a–g.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Danger90 {
    /// M90a: clear suit.
    ClearSuit,
    /// M90b: Four Blessings o'er the Door or Little Four Joys.
    Winds,
    /// M90c: Three Great Scholars or Little/Big Three Dragons.
    Dragons,
    /// M90d: All Honours.
    AllHonours,
    /// M90e: Imperial Jade.
    ImperialJade,
    /// M90f: Heads and Tails.
    HeadsAndTails,
    /// M90g: an unseen tile late in the hand that lets somebody go out.
    LateUnseen,
}

impl Danger90 {
    /// The rule id.
    pub const fn rule(self) -> &'static str {
        match self {
            Danger90::ClearSuit => "M90a",
            Danger90::Winds => "M90b",
            Danger90::Dragons => "M90c",
            Danger90::AllHonours => "M90d",
            Danger90::ImperialJade => "M90e",
            Danger90::HeadsAndTails => "M90f",
            Danger90::LateUnseen => "M90g",
        }
    }

    /// The flagged hands that declared sets point to (M90a–f; M90g is about the wall).
    pub const BY_SETS: [Danger90; 6] = [
        Danger90::ClearSuit,
        Danger90::Winds,
        Danger90::Dragons,
        Danger90::AllHonours,
        Danger90::ImperialJade,
        Danger90::HeadsAndTails,
    ];

    /// Whether a finished hand (all its tiles: concealed and in sets) is the flagged hand
    /// (always true for M90g): a dangerous discard makes its discarder liable only then.
    pub fn made(self, c: &Counts) -> bool {
        let kinds = |r: std::ops::Range<usize>, min: u8| r.filter(|&k| c[k] >= min).count();
        let only =
            |pred: &dyn Fn(Tile) -> bool| (0..KINDS).all(|k| c[k] == 0 || pred(Tile::from_kind(k)));
        match self {
            Danger90::ClearSuit => {
                (0..3).any(|s| only(&|t| t.suit().is_some_and(|x| x.index() == s)))
            }
            Danger90::Winds => {
                kinds(27..31, 3) == 4 || (kinds(27..31, 3) == 3 && kinds(27..31, 2) == 4)
            }
            Danger90::Dragons => {
                kinds(31..34, 3) == 3 || (kinds(31..34, 3) == 2 && kinds(31..34, 2) == 3)
            }
            Danger90::AllHonours => only(&|t| t.is_honour()),
            Danger90::ImperialJade => only(&|t| t.is_green()),
            Danger90::HeadsAndTails => only(&|t| t.is_terminal()),
            Danger90::LateUnseen => true,
        }
    }
}

/// M90a–f as data for the players ([`crate::danger`]): the same judgement as the
/// engine's bookkeeping here ([`Sets::danger`]), in the same order.
pub(super) const M90: &[Flag] = &[
    Flag {
        rule: Danger90::ClearSuit.rule(),
        shows: Shows::Within {
            kinds: SUITS[0],
            sets: 3,
        },
    },
    Flag {
        rule: Danger90::ClearSuit.rule(),
        shows: Shows::Within {
            kinds: SUITS[1],
            sets: 3,
        },
    },
    Flag {
        rule: Danger90::ClearSuit.rule(),
        shows: Shows::Within {
            kinds: SUITS[2],
            sets: 3,
        },
    },
    Flag {
        rule: Danger90::Winds.rule(),
        shows: Shows::AllButOne { kinds: WINDS },
    },
    Flag {
        rule: Danger90::Dragons.rule(),
        shows: Shows::AllButOne { kinds: DRAGONS },
    },
    Flag {
        rule: Danger90::AllHonours.rule(),
        shows: Shows::Within {
            kinds: HONOURS,
            sets: 3,
        },
    },
    Flag {
        rule: Danger90::ImperialJade.rule(),
        shows: Shows::Within {
            kinds: GREEN,
            sets: 3,
        },
    },
    Flag {
        rule: Danger90::HeadsAndTails.rule(),
        shows: Shows::Within {
            kinds: TERMINALS,
            sets: 3,
        },
    },
];

/// Liability bookkeeping for one hand (up to four players).
#[derive(Clone, Debug)]
pub struct Danger {
    /// For the discard on the table: which flagged hand it helps, per player; `None` when
    /// the discarder had no choice.
    current: [Option<Danger90>; 4],
    /// The discarder of the tile on the table.
    discarder: Option<usize>,
    /// Per player: a discarder liable if this player completes the flagged hand.
    pending: [Option<(usize, Danger90)>; 4],
    /// Per player: after his last draw, every concealed tile was dangerous.
    no_choice: [bool; 4],
    /// Per player and tile kind: the flagged hand (M90a–f) his declared sets make that
    /// kind dangerous for (kept up to date by [`Danger::on_sets`]).
    flagged: [[Option<Danger90>; KINDS]; 4],
    /// Per player: the kinds in `flagged`, as a bit mask.
    flagged_kinds: [u64; 4],
    /// Whether any player's sets flag any kind (most of the time none do).
    any_flagged: bool,
}

/// The tiles on the table that count as seen for M90g: discards not claimed, and (under
/// Millington's rule; Bradfield counts discards only) every declared set.
fn visible<T: PlayTable>(t: &T, unseen: UnseenRule) -> Counts {
    let mut v = [0u8; KINDS];
    for p in 0..t.seats() {
        for (tile, claimed) in t.discards(p) {
            if !claimed {
                v[tile.kind().expect("playing tile")] += 1;
            }
        }
        if unseen == UnseenRule::Table {
            for m in t.melds(p) {
                m.add_to(&mut v);
            }
        }
    }
    v
}

/// What a player's declared sets make dangerous (M90a–f), worked out once per change of
/// his sets.
struct Sets {
    /// Every tile of every set is of this suit (by index), with three or more sets.
    clear_suit: Option<usize>,
    /// Kinds of his wind pungs and kongs.
    wind_pungs: u64,
    /// Kinds of his dragon pungs and kongs.
    dragon_pungs: u64,
    /// Three or more sets, all honours.
    all_honours: bool,
    /// Three or more sets, all green.
    all_green: bool,
    /// Three or more sets, all terminals.
    all_terminals: bool,
}

impl Sets {
    fn of(melds: &[Meld]) -> Sets {
        let all = |pred: &dyn Fn(Tile) -> bool| {
            melds.len() >= 3 && melds.iter().all(|m| m.tiles().all(pred))
        };
        // Kinds of the pungs and kongs matching `pred`, as a bit mask.
        let pungs = |pred: &dyn Fn(Tile) -> bool| {
            melds
                .iter()
                .filter(|m| m.kind != MeldKind::Chow && pred(m.first()))
                .fold(0u64, |acc, m| acc | 1 << m.tile)
        };
        Sets {
            clear_suit: (0..3).find(|&s| all(&|t| t.suit().map(|x| x.index()) == Some(s))),
            wind_pungs: pungs(&|t| t.wind().is_some()),
            dragon_pungs: pungs(&|t| t.dragon_kind().is_some()),
            all_honours: all(&|t| t.is_honour()),
            all_green: all(&|t| t.is_green()),
            all_terminals: all(&|t| t.is_terminal()),
        }
    }

    /// Whether any kind is dangerous at all.
    fn flags_any(&self) -> bool {
        self.clear_suit.is_some()
            || self.wind_pungs.count_ones() >= 3
            || self.dragon_pungs.count_ones() >= 2
            || self.all_honours
            || self.all_green
            || self.all_terminals
    }

    /// Which flagged hand (M90a–f) `tile` would help toward.
    fn danger(&self, tile: Tile) -> Option<Danger90> {
        let k = tile.kind()?;
        let has = |mask: u64| mask >> k & 1 == 1;
        if tile
            .suit()
            .is_some_and(|s| Some(s.index()) == self.clear_suit)
        {
            return Some(Danger90::ClearSuit);
        }
        if tile.wind().is_some() && self.wind_pungs.count_ones() >= 3 && !has(self.wind_pungs) {
            return Some(Danger90::Winds);
        }
        if tile.dragon_kind().is_some()
            && self.dragon_pungs.count_ones() >= 2
            && !has(self.dragon_pungs)
        {
            return Some(Danger90::Dragons);
        }
        if tile.is_honour() && self.all_honours {
            return Some(Danger90::AllHonours);
        }
        if tile.is_green() && self.all_green {
            return Some(Danger90::ImperialJade);
        }
        if tile.is_terminal() && self.all_terminals {
            return Some(Danger90::HeadsAndTails);
        }
        None
    }
}

/// Which flagged hand `tile` would help player `q` toward: from his declared sets
/// (`flagged`, M90a–f), else late in the hand (M90g).
fn danger_for<T: PlayTable>(
    t: &T,
    q: usize,
    tile: Tile,
    flagged: Option<Danger90>,
    unseen: UnseenRule,
    seen: &Counts,
) -> Option<Danger90> {
    let k = tile.kind()?;
    if flagged.is_some() {
        return flagged;
    }
    if t.live_remaining() <= 4 {
        let unseen = match unseen {
            UnseenRule::Table => seen[k] == 0,
            UnseenRule::DiscardsAtMostOne => seen[k] <= 1,
        };
        let mut c = *t.concealed(q);
        c[k] += 1;
        if unseen && is_complete(&c, t.melds(q).len(), t.shape(), t.seven_pairs()) {
            return Some(Danger90::LateUnseen);
        }
    }
    None
}

impl Danger {
    /// No liabilities yet.
    pub fn new(n: usize) -> Danger {
        debug_assert!(n <= 4);
        Danger {
            current: [None; 4],
            discarder: None,
            pending: [None; 4],
            no_choice: [false; 4],
            flagged: [[None; KINDS]; 4],
            flagged_kinds: [0; 4],
            any_flagged: false,
        }
    }

    /// A player's declared sets changed: what they make dangerous (M90a–f).
    pub fn on_sets<T: PlayTable>(&mut self, t: &T, q: usize) {
        let melds = t.melds(q);
        let table = &mut self.flagged[q];
        let mut kinds = 0u64;
        // Every flagged hand needs two or more declared sets.
        let sets = (melds.len() >= 2).then(|| Sets::of(melds));
        if let Some(sets) = sets.filter(Sets::flags_any) {
            for (k, d) in table.iter_mut().enumerate() {
                *d = sets.danger(Tile::from_kind(k));
                kinds |= u64::from(d.is_some()) << k;
            }
        } else {
            *table = [None; KINDS];
        }
        self.flagged_kinds[q] = kinds;
        self.any_flagged = self.flagged_kinds.iter().any(|&m| m != 0);
    }

    fn flagged(&self, q: usize, tile: Tile) -> Option<Danger90> {
        tile.kind().and_then(|k| self.flagged[q][k])
    }

    /// After a draw: had the player any safe tile to discard?
    #[inline]
    pub fn on_draw<T: PlayTable>(&mut self, t: &T, p: usize) {
        if !self.any_flagged {
            // Nothing is dangerous (the common case).
            self.no_choice[p] = false;
            return;
        }
        self.on_draw_flagged(t, p);
    }

    fn on_draw_flagged<T: PlayTable>(&mut self, t: &T, p: usize) {
        // M90g needs the live wall; only a–f are judged here (the common case), which makes
        // "no choice" conservative: a player is excused only when a–f leave him nothing.
        let dangerous = (0..t.seats())
            .filter(|&q| q != p)
            .fold(0u64, |m, q| m | self.flagged_kinds[q]);
        self.no_choice[p] = dangerous != 0 && t.concealed_kinds(p) & !dangerous == 0;
    }

    /// Whether no discard can be dangerous now: no declared sets flag any kind, and the
    /// wall is not yet down to its last four tiles (M90g). Then
    /// [`Danger::on_quiet_discard`] stands for [`Danger::on_discard`].
    #[inline]
    pub fn quiet(&self, live: usize) -> bool {
        live > 4 && !self.any_flagged
    }

    /// A discard while [`Danger::quiet`] (the common case): it endangers nobody.
    #[inline]
    pub fn on_quiet_discard(&mut self, p: usize) {
        self.discarder = Some(p);
        self.current = [None; 4];
        self.no_choice[p] = false;
    }

    /// A discard: record whom it endangers.
    pub fn on_discard<T: PlayTable>(&mut self, t: &T, p: usize, tile: Tile, unseen: UnseenRule) {
        self.discarder = Some(p);
        let excused = self.no_choice[p];
        if t.live_remaining() > 4 {
            for q in 0..t.seats() {
                self.current[q] = if q == p || excused {
                    None
                } else {
                    self.flagged(q, tile)
                };
            }
        } else {
            // M90g: the discard lets somebody go out (his waits, as he holds 13 tiles) and
            // is unseen; what is seen is counted only when needed.
            let mut seen: Option<Counts> = None;
            for q in 0..t.seats() {
                let wait = t.waits(q);
                self.current[q] = if q == p || excused {
                    None
                } else if let Some(d) = self.flagged(q, tile) {
                    Some(d)
                } else {
                    let k = tile.kind();
                    let completes = k.is_some_and(|k| wait.contains(k));
                    debug_assert_eq!(
                        completes,
                        danger_for(t, q, tile, None, unseen, &[0; KINDS]).is_some()
                    );
                    let mut unseen = || {
                        let Some(k) = k else { return false };
                        let seen = seen.get_or_insert_with(|| {
                            let mut v = visible(t, unseen);
                            // The discard itself is already on the table; it does not
                            // count as seen.
                            v[k] = v[k].saturating_sub(1);
                            v
                        });
                        match unseen {
                            UnseenRule::Table => seen[k] == 0,
                            UnseenRule::DiscardsAtMostOne => seen[k] <= 1,
                        }
                    };
                    (completes && unseen()).then_some(Danger90::LateUnseen)
                };
            }
        }
        // "No choice" is not available after claiming a discard (set again on the next draw).
        self.no_choice[p] = false;
    }

    /// A claim for a pung or chow of a dangerous discard: liability pending.
    pub fn on_claim<T: PlayTable>(&mut self, t: &T, q: usize, discarder: usize) {
        let kong = t.melds(q).last().is_some_and(|m| m.is_kong());
        if !kong {
            if let Some(d) = self.current[q] {
                self.pending[q] = Some((discarder, d));
            }
        }
        self.no_choice[q] = false;
        self.current.iter_mut().for_each(|c| *c = None);
    }

    /// A kong robbed: the robbed tile is judged as if the konger had discarded it.
    pub fn on_rob<T: PlayTable>(
        &mut self,
        t: &T,
        konger: usize,
        robber: usize,
        tile: Tile,
        unseen: UnseenRule,
    ) {
        self.discarder = Some(konger);
        let seen = visible(t, unseen);
        self.current.iter_mut().for_each(|c| *c = None);
        if !self.no_choice[konger] {
            let flagged = Sets::of(t.melds(robber)).danger(tile);
            self.current[robber] = danger_for(t, robber, tile, flagged, unseen, &seen);
        }
    }

    /// The liable player when `winner` goes out, if any.
    pub fn liable_for<T: PlayTable>(
        &self,
        t: &T,
        winner: usize,
        supplier: Option<usize>,
    ) -> Option<usize> {
        let mut all = *t.concealed(winner);
        for m in t.melds(winner) {
            m.add_to(&mut all);
        }
        // The tile that completed the hand: the latest dangerous discard takes precedence.
        if let (Some(s), Some(d)) = (supplier, self.current[winner]) {
            if Some(s) == self.discarder && d.made(&all) {
                return Some(s);
            }
        }
        match self.pending[winner] {
            Some((liable, d)) if d != Danger90::LateUnseen && d.made(&all) => Some(liable),
            _ => None,
        }
    }
}

/// The classical family's play hooks: dangerous discards and cannon liability (M90–M96),
/// and Original Call with the first discard (M55).
#[derive(Clone, Debug)]
pub struct ClassicalPlay {
    danger: Danger,
    unseen: UnseenRule,
}

impl ClassicalPlay {
    /// The hooks under M90g's counting of unseen tiles.
    pub fn new(unseen: UnseenRule) -> ClassicalPlay {
        ClassicalPlay {
            danger: Danger::new(4),
            unseen,
        }
    }
}

impl PlayHooks for ClassicalPlay {
    fn start_hand(&mut self, seats: usize) {
        self.danger = Danger::new(seats);
    }

    #[inline]
    fn may_declare_ready<T: PlayTable>(&self, t: &T, p: usize) -> bool {
        // M55: Original Call with the first discard, before any set is declared.
        t.discards(p).is_empty() && t.melds(p).is_empty()
    }

    #[inline]
    fn on_draw<T: PlayTable>(&mut self, t: &T, p: usize) {
        self.danger.on_draw(t, p);
    }

    #[inline]
    fn on_discard<T: PlayTable>(&mut self, t: &T, p: usize, tile: Tile) {
        if self.danger.quiet(t.live_remaining()) {
            self.danger.on_quiet_discard(p);
        } else {
            self.danger.on_discard(t, p, tile, self.unseen);
        }
    }

    #[inline]
    fn on_sets<T: PlayTable>(&mut self, t: &T, p: usize) {
        self.danger.on_sets(t, p);
    }

    #[inline]
    fn on_claim<T: PlayTable>(&mut self, t: &T, q: usize, discarder: usize, _tile: Tile) {
        self.danger.on_claim(t, q, discarder);
    }

    fn on_rob<T: PlayTable>(&mut self, t: &T, konger: usize, robber: usize, tile: Tile) {
        self.danger.on_rob(t, konger, robber, tile, self.unseen);
    }

    fn liable<T: PlayTable>(&self, t: &T, winner: usize, supplier: Option<usize>) -> Option<usize> {
        self.danger.liable_for(t, winner, supplier)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::danger::{Dangers, Shown};
    use mahjong_hands::KongKind;

    /// A small deterministic generator (xorshift).
    struct Gen(u64);

    impl Gen {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    const DANGERS: Dangers = Dangers {
        flags: M90,
        liable: true,
    };

    #[test]
    fn the_flags_judge_as_the_bookkeeping_does_m90a_to_f() {
        let mut g = Gen(0x9E37_79B9_7F4A_7C15);
        let mut seen = vec![];
        for _ in 0..20_000 {
            let mut melds = vec![];
            for _ in 0..g.below(5) {
                // Biased toward the flagged classes: honours, green, terminals, one suit.
                let k = match g.below(5) {
                    0 => 27 + g.below(7),
                    1 => [1, 2, 3, 5, 7, 32][g.below(6) as usize],
                    2 => [0, 8, 9, 17, 18, 26][g.below(6) as usize],
                    3 => g.below(9),
                    _ => g.below(34),
                } as u8;
                let kind = match g.below(4) {
                    0 if k < 27 && k % 9 < 7 => MeldKind::Chow,
                    1 => MeldKind::Kong(KongKind::Concealed),
                    _ => MeldKind::Pung,
                };
                melds.push(Meld::new(kind, k, true));
            }
            let sets = Sets::of(&melds);
            let shown = Shown::of(&melds);
            let mut kinds = 0u64;
            for k in 0..KINDS {
                let ours = (melds.len() >= 2)
                    .then(|| sets.danger(Tile::from_kind(k)))
                    .flatten();
                let theirs = DANGERS.toward(&shown, k);
                assert_eq!(
                    ours.map(Danger90::rule),
                    theirs.map(|d| d.rule),
                    "{melds:?}"
                );
                kinds |= u64::from(ours.is_some()) << k;
                if let Some(d) = ours.filter(|d| !seen.contains(d)) {
                    seen.push(d);
                }
            }
            assert_eq!(DANGERS.kinds(&shown), kinds, "{melds:?}");
        }
        assert_eq!(seen.len(), 6, "{seen:?}");
    }

    #[test]
    fn the_flags_know_a_flagged_hand_when_it_is_made() {
        let mut g = Gen(7);
        let mut made = vec![];
        for _ in 0..50_000 {
            // Fourteen tiles, mostly of one class: a suit, winds, dragons, honours, green
            // tiles, terminals.
            let pools: [&[usize]; 6] = [
                &[0, 1, 2, 3, 4, 5, 6, 7, 8],
                &[27, 28, 29, 30],
                &[31, 32, 33],
                &[27, 28, 29, 30, 31, 32, 33],
                &[1, 2, 3, 5, 7, 32],
                &[0, 8, 9, 17, 18, 26],
            ];
            let pool = pools[g.below(6) as usize];
            let mut c = [0u8; KINDS];
            let mut n = 0;
            while n < 14 {
                let k = if g.below(8) == 0 {
                    g.below(34) as usize
                } else {
                    pool[g.below(pool.len() as u64) as usize]
                };
                if c[k] < 4 {
                    c[k] += 1;
                    n += 1;
                }
            }
            let ours = Danger90::BY_SETS.iter().find(|d| d.made(&c));
            assert_eq!(ours.map(|d| d.rule()), DANGERS.made(&c), "{c:?}");
            if let Some(d) = ours.filter(|d| !made.contains(&d.rule())) {
                made.push(d.rule());
            }
        }
        made.sort();
        assert_eq!(made, ["M90a", "M90b", "M90c", "M90d", "M90e", "M90f"]);
    }
}
