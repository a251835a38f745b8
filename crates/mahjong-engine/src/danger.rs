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

use mahjong_hands::{counts_of, is_complete, Counts, MeldKind, Shape};
use mahjong_rules::{PlayRules, UnseenRule};
use mahjong_tiles::{Tile, KINDS};
use serde::{Deserialize, Serialize};

use crate::hand::PlayerState;

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
    pub fn rule(self) -> &'static str {
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

    /// Whether a finished hand (all its tiles) is the flagged hand.
    fn made(self, c: &Counts) -> bool {
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

/// Liability bookkeeping for one hand.
#[derive(Clone, Debug)]
pub struct Danger {
    /// For the discard on the table: which flagged hand it helps, per player; `None` when
    /// the discarder had no choice.
    current: Vec<Option<Danger90>>,
    /// The discarder of the tile on the table.
    discarder: Option<usize>,
    /// Per player: a discarder liable if this player completes the flagged hand.
    pending: Vec<Option<(usize, Danger90)>>,
    /// Per player: after his last draw, every concealed tile was dangerous.
    no_choice: Vec<bool>,
}

fn visible(players: &[PlayerState], o: &PlayRules) -> Counts {
    let mut v = [0u8; KINDS];
    for p in players {
        // Bradfield counts discards only (M90g).
        p.add_table_tiles(&mut v, o.dangerous_unseen == UnseenRule::Table);
    }
    v
}

/// Pung/kong kinds as a bit mask.
struct PungMask(u64);

impl PungMask {
    fn len(&self) -> usize {
        self.0.count_ones() as usize
    }
    fn contains(&self, k: &usize) -> bool {
        self.0 >> k & 1 == 1
    }
}

/// Which flagged hand `tile` would help player `q` toward, from his declared sets.
fn danger_for(
    q: usize,
    tile: Tile,
    players: &[PlayerState],
    shape: &Shape,
    live: usize,
    o: &PlayRules,
    seen: &Counts,
) -> Option<Danger90> {
    let melds = &players[q].melds;
    let k = tile.kind()?;
    let sets = melds.len();
    let all = |pred: &dyn Fn(Tile) -> bool| sets >= 3 && melds.iter().all(|m| m.tiles().all(pred));
    // Kinds of the pungs and kongs matching `pred`, as a bit mask (no allocation).
    let pungs = |pred: &dyn Fn(Tile) -> bool| {
        let mask = melds
            .iter()
            .filter(|m| m.kind != MeldKind::Chow && pred(m.first()))
            .fold(0u64, |acc, m| acc | 1 << m.tile);
        PungMask(mask)
    };
    if let Some(s) = tile.suit() {
        if all(&|t| t.suit() == Some(s)) {
            return Some(Danger90::ClearSuit);
        }
    }
    if tile.wind().is_some() {
        let w = pungs(&|t| t.wind().is_some());
        if w.len() >= 3 && !w.contains(&k) {
            return Some(Danger90::Winds);
        }
    }
    if tile.dragon_kind().is_some() {
        let d = pungs(&|t| t.dragon_kind().is_some());
        if d.len() >= 2 && !d.contains(&k) {
            return Some(Danger90::Dragons);
        }
    }
    if tile.is_honour() && all(&|t| t.is_honour()) {
        return Some(Danger90::AllHonours);
    }
    if tile.is_green() && all(&|t| t.is_green()) {
        return Some(Danger90::ImperialJade);
    }
    if tile.is_terminal() && all(&|t| t.is_terminal()) {
        return Some(Danger90::HeadsAndTails);
    }
    if live <= 4 {
        let unseen = match o.dangerous_unseen {
            UnseenRule::Table => seen[k] == 0,
            UnseenRule::DiscardsAtMostOne => seen[k] <= 1,
        };
        let mut c = counts_of(&players[q].concealed);
        c[k] += 1;
        if unseen && is_complete(&c, melds.len(), shape, o.seven_pairs) {
            return Some(Danger90::LateUnseen);
        }
    }
    None
}

impl Danger {
    /// No liabilities yet.
    pub fn new(n: usize) -> Danger {
        Danger {
            current: vec![None; n],
            discarder: None,
            pending: vec![None; n],
            no_choice: vec![false; n],
        }
    }

    /// After a draw: had the player any safe tile to discard?
    pub fn on_draw(&mut self, p: usize, players: &[PlayerState], shape: &Shape, o: &PlayRules) {
        // M90a–f all need an opponent with two or more declared sets.
        if !players
            .iter()
            .enumerate()
            .any(|(q, s)| q != p && s.melds.len() >= 2)
        {
            self.no_choice[p] = false;
            return;
        }
        // M90g needs the live wall; only a–f are judged here (the common case), which makes
        // "no choice" conservative: a player is excused only when a–f leave him nothing.
        let seen = [0u8; KINDS];
        self.no_choice[p] = players[p].concealed.iter().all(|&t| {
            (0..players.len())
                .filter(|&q| q != p)
                .any(|q| danger_for(q, t, players, shape, usize::MAX, o, &seen).is_some())
        });
    }

    /// A discard: record whom it endangers.
    pub fn on_discard(
        &mut self,
        p: usize,
        tile: Tile,
        players: &[PlayerState],
        shape: &Shape,
        live: usize,
        o: &PlayRules,
    ) {
        self.discarder = Some(p);
        let late = live <= 4;
        if !late
            && !players
                .iter()
                .enumerate()
                .any(|(q, s)| q != p && s.melds.len() >= 2)
        {
            // Nothing can be dangerous yet: M90a–f need two or more declared sets.
            self.current.iter_mut().for_each(|c| *c = None);
            self.no_choice[p] = false;
            return;
        }
        let mut seen = if late {
            visible(players, o)
        } else {
            [0u8; KINDS]
        };
        if let Some(k) = tile.kind().filter(|_| late) {
            // The discard itself is already on the table; it does not count as seen.
            seen[k] = seen[k].saturating_sub(1);
        }
        let excused = self.no_choice[p];
        for q in 0..players.len() {
            self.current[q] = if q == p || excused {
                None
            } else {
                danger_for(q, tile, players, shape, live, o, &seen)
            };
        }
        // "No choice" is not available after claiming a discard (set again on the next draw).
        self.no_choice[p] = false;
    }

    /// A claim for a pung or chow of a dangerous discard: liability pending.
    pub fn on_claim(&mut self, q: usize, discarder: usize, _tile: Tile, players: &[PlayerState]) {
        let kong = players[q].melds.last().is_some_and(|m| m.is_kong());
        if !kong {
            if let Some(d) = self.current[q] {
                self.pending[q] = Some((discarder, d));
            }
        }
        self.no_choice[q] = false;
        self.current.iter_mut().for_each(|c| *c = None);
    }

    /// A kong robbed: the robbed tile is judged as if the konger had discarded it.
    #[allow(clippy::too_many_arguments)]
    pub fn on_rob(
        &mut self,
        konger: usize,
        robber: usize,
        tile: Tile,
        players: &[PlayerState],
        shape: &Shape,
        live: usize,
        o: &PlayRules,
    ) {
        self.discarder = Some(konger);
        let seen = visible(players, o);
        self.current.iter_mut().for_each(|c| *c = None);
        if !self.no_choice[konger] {
            self.current[robber] = danger_for(robber, tile, players, shape, live, o, &seen);
        }
    }

    /// The liable player when `winner` goes out, if any.
    pub fn liable_for(
        &self,
        winner: usize,
        supplier: Option<usize>,
        state: &PlayerState,
        _o: &PlayRules,
    ) -> Option<usize> {
        let mut all = counts_of(&state.concealed);
        for m in &state.melds {
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
