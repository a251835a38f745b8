//! A greedy bot: fastest way to a complete hand, nudged toward hands that score, with the
//! dangerous-discard rules (M90a–f) as a hard constraint and defence late in a hand it is
//! unlikely to win.
//!
//! In a ruleset whose wins need a minimum value (its family's plan, see [`crate::plan`])
//! distance from ready counts only toward hands that can meet it, claims must keep such a
//! hand in reach, waits are weighed by what the scorer says they win, and the bot
//! declares ready on a wait with enough live tiles.
//!
//! Everything is judged on the seat's own counts with `mahjong_hands::shanten` (the
//! declared sets passed as `declared`) and on copies the seat cannot see: its own tiles,
//! unclaimed discards and every declared set are excluded.

use std::cell::Cell;

use mahjong_engine::{Action, LegalSet, PhaseView, PublicSeat, SeatView, MAX_LEGAL};
use mahjong_hands::{
    shanten, shanten_orphans, shanten_with_jokers, waits, Counts, JokerRules, KindMask, Shape,
};
use mahjong_rules::plan::{Declared, Winds};
use mahjong_rules::{Dangers, Ruleset};
use mahjong_tiles::{Tile, KINDS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::analysis::{dangerous_kinds_from, slot, Sight, Tally};
use crate::plan::Planner;
use crate::Bot;

/// Play defence when the live wall is this short and the hand is two or more tiles from
/// ready.
pub const DEFENCE_LIVE: usize = 20;

/// Useful tiles are counted for at most this many discard candidates (the best by a cheap
/// connectivity rank) …
pub const UKEIRE_CANDIDATES: usize = 2;
/// … and only when the hand is at most this many tiles from ready; further away the rank
/// alone decides.
pub const UKEIRE_SHANTEN: i8 = 2;

const DRAGONS: u64 = 0b111 << 31;
const WINDS: u64 = 0b1111 << 27;

/// An opponent with this many declared sets is a threat (as is one who declared ready).
const HOT_SETS: usize = 3;
/// Playing toward a minimum, an opponent with this many declared sets is a threat (he
/// has given up the concealed hand's points, so he is after all pungs, one suit or a
/// scoring hand, and two sets down he is close).
const PLAN_HOT_SETS: usize = 2;
/// A concealed hand claims a pung that scores nothing only when that leaves it this close
/// to ready (toward all pungs or one suit).
const PLAN_PLAIN_PUNG_SHANTEN: i8 = 1;
/// Declare ready only with this many live tiles that win from the wall. Measured in
/// `korean-3p` (K3-P9) head to head (greedy against greedy, 1,500 games of 9 hands):
/// declaring on 3 or more
/// did 0.2–0.3 points a hand better than waiting for 4 with 2 winnable from a discard, and
/// about 1.5 better than never declaring; declaring on 1 or 2 did no better than on 3.
const PLAN_READY_LIVE: u32 = 3;
/// Safety of a tile per threatening opponent who discarded it himself (he cannot win on
/// it, as K3-P8), in the units of [`Ctx::safety`].
const PLAN_SACRED_SAFETY: i32 = 30;
/// Where declaring ready is what makes a concealed hand's minimum (the plan's
/// `declaring_makes_minimum`: riichi, J3-Y4, with no Menzen tsumo, J3-S6), declare on a
/// wait with this many live tiles that win from the wall: undeclared, the hand has no
/// yaku and may not win at all.
const PLAN_DECLARING_LIVE: u32 = 1;
/// Folding against a seat that declared ready where his passes bind him (the plan's
/// `ready_bound_by_passes`, furiten J3-T7), the safety a discard gains per such seat, in
/// tiers far apart so that a better tier always wins: a tile he cannot win on (his own
/// discard, or one he let pass since declaring: genbutsu) …
const FOLD_PASSED: i32 = 1000;
/// … an honour (or a tile of a suit without runs) with no copy unseen, one, or two: he
/// can wait on it only as a single tile or a pair …
const FOLD_HONOUR_GONE: [i32; 3] = [900, 600, 300];
/// … and a suit tile three ranks from tiles he cannot win on (suji: no two-sided wait of
/// his takes it).
const FOLD_SUJI: i32 = 200;

/// Greedy play, seeded (the seed only breaks ties between equally good discards).
#[derive(Clone, Debug)]
pub struct GreedyBot {
    pub(crate) rng: ChaCha8Rng,
    pub(crate) shape: Shape,
    pub(crate) seven_pairs: bool,
    /// The prevailing wind scores (it does not in the Western game by default, W-G3).
    prevailing_scores: bool,
    /// Useful tiles are counted for this many candidates, within this shanten.
    pub(crate) search: (usize, i8),
    /// Plays defence against a threatening opponent, not only late in the hand. The strong
    /// bot turns it off where every loser pays alike.
    pub(crate) fold_on_threat: bool,
    /// Toward a minimum, claims for a concealed hand any pung that brings it closer to
    /// ready, though the pung is worth nothing (the strong bot); greedy's own rule wants
    /// it worth something or leaving the hand one tile from ready.
    pub(crate) any_closer_pung: bool,
    /// Wins need a minimum value: the family's plan toward hands that meet it, wins
    /// valued by the scorer.
    pub(crate) plan: Option<Box<Planner>>,
    /// The ruleset's dangerous discards, never made while a safe one exists, with the
    /// fewest declared sets that can show one (`Dangers::fewest_sets`, worked out once).
    dangers: Option<(Dangers, usize)>,
    /// When each opponent was first seen declared ready, for the plans whose declared
    /// seats are bound by their passes.
    ready_seen: ReadySeen,
    /// The tile set's jokers and their limits (MY3-J), where it has them.
    pub(crate) jokers: Option<JokerRules>,
    /// Jokers among the concealed tiles of the hand being weighed: every shanten counts
    /// them (set from the view at each decision, and for a claim the jokers it would use
    /// taken off).
    held_jokers: Cell<u8>,
}

/// When each seat was first seen declared ready in the current hand: how many discards
/// every seat had made by then. Every discard made after that mark passed the declared
/// seat, and where the plan binds him by his passes (furiten, J3-T7) he can no longer win
/// on its kind. A declaration seen late only moves the mark later (fewer tiles counted as
/// passed), never earlier.
#[derive(Clone, Debug, Default)]
struct ReadySeen {
    hand: u32,
    marks: [Option<[u16; 4]>; 4],
}

impl ReadySeen {
    /// Notes the declarations `view` shows for the first time (a new hand starts over).
    fn note(&mut self, view: &SeatView) {
        let stale = self.hand != view.hand
            || self.marks.iter().flatten().any(|m| {
                view.public
                    .iter()
                    .zip(m)
                    .any(|(seat, &n)| seat.discards.len() < n as usize)
            });
        if stale {
            *self = ReadySeen {
                hand: view.hand,
                ..ReadySeen::default()
            };
        }
        for (p, seat) in view.public.iter().enumerate().take(4) {
            if seat.original_call && self.marks[p].is_none() {
                let mut m = [0u16; 4];
                for (n, q) in m.iter_mut().zip(&view.public) {
                    *n = q.discards.len() as u16;
                }
                self.marks[p] = Some(m);
            }
        }
    }

    /// The kinds discarded by anyone since seat `p` was seen declared: he let them pass.
    fn passed(&self, view: &SeatView, p: usize) -> u64 {
        let Some(m) = self.marks.get(p).copied().flatten() else {
            return 0;
        };
        let mut kinds = 0u64;
        for (seat, &n) in view.public.iter().zip(&m) {
            for &(t, _) in seat.discards.iter().skip(n as usize) {
                if let Some(k) = t.kind() {
                    kinds |= 1 << k;
                }
            }
        }
        kinds
    }
}

impl GreedyBot {
    /// A greedy bot for the classical 136/144-tile set without seven pairs (both presets),
    /// avoiding the `millington` preset's dangerous discards.
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            shape: Shape::classical(),
            seven_pairs: false,
            prevailing_scores: true,
            search: (UKEIRE_CANDIDATES, UKEIRE_SHANTEN),
            fold_on_threat: true,
            any_closer_pung: false,
            plan: None,
            dangers: with_fewest(
                Ruleset::preset("millington")
                    .expect("a preset")
                    .discard_dangers(),
            ),
            ready_seen: ReadySeen::default(),
            jokers: None,
            held_jokers: Cell::new(0),
        }
    }

    /// A greedy bot for a ruleset's tile set and hand forms.
    pub fn for_ruleset(ruleset: &Ruleset, seed: u64) -> GreedyBot {
        GreedyBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            shape: Shape::of(&ruleset.tile_set()),
            seven_pairs: ruleset.play().seven_pairs,
            prevailing_scores: ruleset.prevailing_wind_scores(),
            search: (UKEIRE_CANDIDATES, UKEIRE_SHANTEN),
            fold_on_threat: true,
            any_closer_pung: false,
            plan: Planner::of(ruleset).map(Box::new),
            dangers: with_fewest(ruleset.discard_dangers()),
            ready_seen: ReadySeen::default(),
            jokers: ruleset.play().jokers,
            held_jokers: Cell::new(0),
        }
    }

    /// Whether a hand `shanten` tiles from ready plays defence: two or more from ready,
    /// late in the hand (`live_wall` left) or (where it folds on a threat) against a
    /// threatening opponent.
    fn defends(&self, shanten: i8, live_wall: usize, threat: bool) -> bool {
        shanten >= 2 && (live_wall <= DEFENCE_LIVE || (self.fold_on_threat && threat))
    }

    /// Honours that score doubles as pungs: dragons, own wind, prevailing wind.
    #[inline]
    fn set_values(&self, view: &SeatView) -> KindMask {
        let mut value = KindMask(DRAGONS);
        value.insert(view.wind.tile().kind().expect("wind"));
        if self.prevailing_scores {
            value.insert(view.prevailing.tile().kind().expect("wind"));
        }
        value
    }

    /// Kinds dangerous to discard (M90a–f); none toward a minimum.
    #[inline]
    fn danger(&self, view: &SeatView) -> KindMask {
        match (&self.plan, &self.dangers) {
            (None, Some((d, fewest))) => dangerous_kinds_from(d, *fewest, view),
            _ => KindMask::EMPTY,
        }
    }

    /// Plays a ruleset whose wins need a minimum value by speed alone, like the other
    /// games, blind to its minimum: a baseline to measure the play toward the minimum
    /// against. Other rulesets are unaffected.
    pub fn without_hand_points(mut self) -> GreedyBot {
        self.plan = None;
        self
    }

    /// Counts useful tiles for the best `candidates` discards (by the connectivity rank)
    /// when the hand is at most `max_shanten` from ready. The default is
    /// ([`UKEIRE_CANDIDATES`], [`UKEIRE_SHANTEN`]).
    pub fn with_search(mut self, candidates: usize, max_shanten: i8) -> GreedyBot {
        self.search = (candidates.max(1), max_shanten);
        self
    }

    /// Counts useful tiles for every candidate discard at every distance from ready
    /// (slower and, measured head to head, no stronger than the default).
    pub fn exhaustive(self) -> GreedyBot {
        self.with_search(usize::MAX, i8::MAX)
    }

    /// Whether the bot notes every view, even one with nothing to decide (the plans that
    /// bind a declared seat by his passes: the earlier a declaration is seen, the more
    /// discards count as passed).
    pub(crate) fn notes_every_view(&self) -> bool {
        self.plan
            .as_deref()
            .is_some_and(|p| p.ready_bound_by_passes())
    }

    /// Notes the declarations `view` shows, as [`Bot::act`] does first: for the strong
    /// bot, which decides some turns itself.
    pub(crate) fn note_view(&mut self, view: &SeatView) {
        if self.notes_every_view() {
            self.ready_seen.note(view);
        }
    }

    pub(crate) fn shanten(&self, c: &Counts, declared: usize) -> i8 {
        match (self.jokers, self.held_jokers.get()) {
            (Some(rules), j) if j > 0 => {
                shanten_with_jokers(c, j, 4usize.saturating_sub(declared), &self.shape, rules)
            }
            _ => shanten(c, declared, &self.shape, self.seven_pairs),
        }
    }

    /// The jokers noted for this decision ([`GreedyBot::note_jokers`]).
    pub(crate) fn held_jokers(&self) -> u8 {
        self.held_jokers.get()
    }

    /// Notes the jokers `view`'s hand holds, for every shanten of this decision.
    pub(crate) fn note_jokers(&self, view: &SeatView) {
        if self.jokers.is_some() {
            let j = view.concealed.iter().filter(|t| t.is_joker()).count();
            self.held_jokers.set(j as u8);
        }
    }

    /// Whether the hand being weighed holds jokers (then shanten goes kind by kind).
    fn weighs_jokers(&self) -> bool {
        self.jokers.is_some() && self.held_jokers.get() > 0
    }

    /// The shanten after taking one tile of each kind of `kinds` out of `c`, counting the
    /// held jokers (the batch functions know no jokers).
    fn shanten_each_removed_with_jokers(
        &self,
        c: &Counts,
        declared: usize,
        kinds: KindMask,
    ) -> [i8; KINDS] {
        let mut out = [i8::MAX; KINDS];
        for k in kinds.iter() {
            let mut h = *c;
            h[k] -= 1;
            out[k] = self.shanten(&h, declared);
        }
        out
    }

    /// The shanten of `h` with one tile of each kind of `kinds` taken out: in a batch, or,
    /// with jokers held, kind by kind counting them (the batch functions know no jokers).
    pub(crate) fn shanten_each_removed(
        &self,
        h: &Counts,
        declared: usize,
        kinds: KindMask,
    ) -> [i8; KINDS] {
        if self.weighs_jokers() {
            self.shanten_each_removed_with_jokers(h, declared, kinds)
        } else {
            self.shape
                .shanten_each_removed(h, declared, self.seven_pairs, kinds)
        }
    }

    /// The discard the bot would make now (with Original Call when it would declare it),
    /// ignoring Mah-Jongg and kongs; `None` when no discard is legal.
    pub fn choose_discard(&mut self, view: &SeatView) -> Option<Action> {
        self.note_jokers(view);
        let cx = Ctx::new(self, view);
        let cands = self.discard_candidates(&cx);
        if cands.is_empty() {
            return None;
        }
        Some(self.discard_action(&cx, &cands))
    }

    /// Each distinct legal discard with the shanten of the hand after it, in a fixed buffer
    /// (no allocation per decision).
    pub(crate) fn discard_candidates(&self, cx: &Ctx) -> Cands {
        if let (Some(p), Some(px)) = (self.plan.as_deref(), &cx.plan) {
            return plan_candidates(p, px, cx);
        }
        let d = cx.sight.declared;
        let hand = &cx.sight.hand;
        // The tiles discardable, then the shanten after discarding each, in one batch.
        let (mut v, kinds) = natural_discards(&cx.view.legal);
        if self.weighs_jokers() {
            // MY3-J: a joker is worth more than any natural tile, so it goes only when
            // nothing else may.
            let after = self.shanten_each_removed_with_jokers(hand, d, kinds);
            v.set_each(&after);
            if v.is_empty() {
                if let Some(Action::Discard { tile, .. }) = cx
                    .view
                    .legal
                    .iter()
                    .find(|a| matches!(a, Action::Discard { .. }))
                {
                    v.push((*tile, self.shanten(hand, d)));
                }
            }
            return v;
        }
        // With seven pairs and no declared set every form counts (below), so they are
        // computed at once.
        let all_forms = d == 0 && self.seven_pairs;
        let mut after = if all_forms {
            self.shape.shanten_each_removed(hand, d, true, kinds)
        } else {
            self.shape.shanten_regular_each_removed(hand, d, kinds)
        };
        v.set_each(&after);
        // The other forms need no declared set. Discarding never lowers the orphans
        // shanten, so when the whole hand's exceeds every regular value they cannot win.
        if d == 0 && !all_forms {
            let worst = v.iter().map(|&(_, s)| s).max().unwrap_or(i8::MIN);
            let orphans =
                self.shape.orphans.len() == 13 && shanten_orphans(hand, &self.shape) <= worst;
            // (Seven pairs are not allowed here: that case took every form above.)
            if orphans {
                after = self.shape.shanten_each_removed(hand, d, false, kinds);
                v.set_each(&after);
            }
        }
        v
    }

    pub(crate) fn discard_action(&mut self, cx: &Ctx, cands: &[(Tile, i8)]) -> Action {
        let tile = self.pick_discard(cx, cands);
        let Some(k) = tile.kind() else {
            // A joker, when nothing else may go: set aside for a loose tile and a fan
            // (MY3-J6) rather than thrown away, where it may be.
            let aside = Action::SetAside { tile };
            if cx.view.legal.contains(&aside) {
                return aside;
            }
            return Action::Discard { tile, call: false };
        };
        if let (Some(p), Some(px)) = (self.plan.as_deref(), &cx.plan) {
            let call = cx
                .view
                .legal
                .contains(&Action::Discard { tile, call: true })
                && plan_declare(p, px, cx, k);
            return Action::Discard { tile, call };
        }
        let call = cx
            .view
            .legal
            .contains(&Action::Discard { tile, call: true })
            && {
                let mut after = cx.sight.hand;
                after[k] -= 1;
                let mut visible = after;
                for (v, &t) in visible.iter_mut().zip(&cx.sight.table) {
                    *v += t;
                }
                visible[k] += 1;
                let w = waits(
                    &after,
                    cx.sight.declared,
                    &self.shape,
                    self.seven_pairs,
                    Some(&visible),
                );
                w.len() >= 2
            };
        Action::Discard { tile, call }
    }

    /// The discard: never a dangerous one (M90a–f) if a safe one exists; then, attacking,
    /// lowest shanten, most useful tiles, least value lost; defending, the safest.
    ///
    /// Useful tiles cost a shanten call per neighbouring kind, so they are counted only
    /// for the [`UKEIRE_CANDIDATES`] best candidates by a cheap connectivity rank, and only
    /// within [`UKEIRE_SHANTEN`] of ready; ready candidates count their waits directly.
    pub(crate) fn pick_discard(&mut self, cx: &Ctx, cands: &[(Tile, i8)]) -> Tile {
        if let [(only, _)] = cands {
            // Nothing to weigh (and it may be a joker, when nothing else may go).
            return *only;
        }
        let is_safe = |t: Tile| !cx.danger.contains(t.kind().expect("playing tile"));
        let any_safe = cands.iter().any(|&(t, _)| is_safe(t));
        let pool = || {
            cands
                .iter()
                .copied()
                .filter(move |&(t, _)| !any_safe || is_safe(t))
        };
        let min_s = pool().map(|(_, s)| s).min().expect("a candidate");
        let defence = self.defends(min_s, cx.view.live_wall, cx.threat);
        // (score, tile) of each candidate considered: one per distinct tile of the hand at
        // most, in a fixed buffer (no allocation per decision).
        let mut buf = [(0i64, Tile::from_kind(0)); MAX_LEGAL];
        let mut n = 0;
        let mut push = |x: (i64, Tile)| {
            buf[n] = x;
            n += 1;
        };
        if defence {
            for (t, s) in pool() {
                let k = t.kind().expect("playing tile");
                let safety = cx.safety(k) + cx.fold_bonus(k);
                let score = safety as i64 * 10_000 - s as i64 * 100 - cx.loss(k) as i64 * 2
                    + cx.connectivity(k) as i64;
                push((-score, t));
            }
        } else {
            // Lower is a better discard: little connected, little value lost. The pool's
            // candidates at the lowest shanten are gathered first without a branch (each
            // written, the count moved on only for those), then ranked.
            for &(t, s) in cands {
                buf[n].1 = t;
                n += usize::from((s == min_s) & (!any_safe | is_safe(t)));
            }
            for (rank, t) in &mut buf[..n] {
                let k = t.kind().expect("playing tile");
                // M90g: an unseen tile this late may let somebody go out.
                let late = 8 * i32::from((cx.view.live_wall <= 4) & (cx.sight.table[k] == 0));
                *rank =
                    (cx.connectivity(k) + cx.loss(k) + late) as i64 * 16 - cx.safety(k) as i64 / 8;
            }
            let (candidates, max_shanten) = self.search;
            if n > 1 && min_s <= max_shanten {
                buf[..n].sort_unstable();
                n = n.min(candidates);
                for (rank, t) in buf[..n].iter_mut() {
                    let k = t.kind().expect("playing tile");
                    let mut after = cx.sight.hand;
                    after[k] -= 1;
                    // Useful tiles first; the rank (in sixteenths) breaks near ties.
                    *rank -= match (self.plan.as_deref(), &cx.plan) {
                        (Some(_), Some(px)) => self.plan_useful(px, cx, &after, min_s, k) * 6,
                        _ => {
                            let u = self.useful(&after, cx.sight.declared, min_s, &cx.sight.unseen);
                            u as i64 * 24
                        }
                    };
                }
            }
        }
        let scored = &buf[..n];
        let best_score = scored.iter().map(|&(r, _)| r).min().expect("a candidate");
        let ties = scored.iter().filter(|&&(r, _)| r == best_score).count();
        let pick = if ties > 1 {
            self.rng.gen_range(0..ties)
        } else {
            0
        };
        scored
            .iter()
            .filter(|&&(r, _)| r == best_score)
            .nth(pick)
            .expect("a candidate")
            .1
    }

    /// Unseen copies of the kinds that lower the shanten `s` of the 13-type hand `after`.
    pub(crate) fn useful(&self, after: &Counts, declared: usize, s: i8, unseen: &Counts) -> u32 {
        if s == 0 {
            let w = waits(after, declared, &self.shape, self.seven_pairs, None);
            return w.iter().map(|k| unseen[k] as u32).sum();
        }
        let mut near = near_mask(after, &self.shape);
        // One more tile lowers a form's shanten by one at most: a form more than one tile
        // behind `s` cannot make a useful tile, so the cheaper regular shanten suffices.
        let mut all_forms = self.seven_pairs && declared == 0;
        if declared == 0
            && self.shape.orphans.len() == 13
            && shanten_orphans(after, &self.shape) <= s
        {
            near |= self.shape.orphans.0;
            all_forms = true;
        }
        // Kinds with no unseen copy add nothing.
        let kinds = KindMask(near & nonzero_mask(unseen));
        let drawn = if all_forms {
            self.shape
                .shanten_each_added(after, declared, self.seven_pairs, kinds)
        } else {
            self.shape
                .shanten_regular_each_added(after, declared, kinds)
        };
        let mut total = 0;
        let mut bits = kinds.0;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            total += unseen[k] as u32 * u32::from(drawn[k] < s);
        }
        total
    }

    /// The lowest shanten reachable by one discard from `h` (after a claim), discarding a
    /// safe tile if there is one.
    pub(crate) fn best_after_claim(&self, cx: &ClaimCx, h: &Counts, declared: usize) -> i8 {
        let mut best_safe = i8::MAX;
        let mut best_any = i8::MAX;
        let held = KindMask(nonzero_mask(h));
        let after = self.shanten_each_removed(h, declared, held);
        let mut bits = held.0;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let s = after[k];
            best_any = best_any.min(s);
            if !cx.danger.contains(k) {
                best_safe = best_safe.min(s);
            }
        }
        if best_safe == i8::MAX {
            best_any
        } else {
            best_safe
        }
    }

    /// The first concealed or added kong among the legal actions that leaves the hand no
    /// further from ready than the best discard (`cands`): more points and an extra tile.
    pub(crate) fn worthwhile_kong(
        &self,
        view: &SeatView,
        cx: &Ctx,
        cands: &[(Tile, i8)],
    ) -> Option<Action> {
        // Each candidate is a legal discard: when they are all the legal actions, no kong
        // is among them (most turns), and the actions need no second look.
        if view.legal.len() == cands.len() {
            return None;
        }
        let d = cx.sight.declared;
        let best_s = cands.iter().map(|&(_, s)| s).min().unwrap_or(i8::MAX);
        view.legal.iter().copied().find(|a| {
            // The hand is copied only for a kong (most actions are discards).
            let (tile, taken, sets) = match *a {
                Action::ConcealedKong { tile } => (tile, 4, d + 1),
                Action::AnnexKong { tile } => (tile, 1, d),
                _ => return false,
            };
            let k = tile.kind().expect("playing tile");
            let mut h = cx.sight.hand;
            h[k] = h[k].saturating_sub(taken);
            self.shanten(&h, sets) <= best_s
        })
    }

    pub(crate) fn turn(&mut self, view: &SeatView) -> Action {
        let cx = Ctx::new(self, view);
        let cands = self.discard_candidates(&cx);
        if let Some(kong) = self.worthwhile_kong(view, &cx, &cands) {
            return kong;
        }
        if cands.is_empty() {
            return view.legal[0];
        }
        self.discard_action(&cx, &cands)
    }

    /// A claim of `tile` for action `a` (kong, pung or chow; `None` for any other): the
    /// concealed tiles it leaves, their distance from ready with the new set, and what the
    /// set is worth by itself (a kong 3, a pung of a valued kind 2, of a major 1, a chow −1).
    pub(crate) fn after_claim(
        &self,
        cx: &ClaimCx,
        hand: &Counts,
        d: usize,
        tile: Tile,
        a: Action,
    ) -> Option<(Counts, i8, i32)> {
        let k = tile.kind()?;
        let mut h = *hand;
        // MY3-J2: the jokers the claim would use are weighed out of the hand.
        let left = self
            .held_jokers
            .get()
            .saturating_sub(claim_jokers(&h, k, a));
        let out = self.with_held_jokers(left, || {
            self.after_claim_naturals(cx, &mut h, d, k, tile, a)
        });
        out.map(|(s1, value)| (h, s1, value))
    }

    /// `f` weighed with `n` jokers held instead of those noted (after a claim that would
    /// use some).
    pub(crate) fn with_held_jokers<T>(&self, n: u8, f: impl FnOnce() -> T) -> T {
        let held = self.held_jokers.replace(n);
        let out = f();
        self.held_jokers.set(held);
        out
    }

    /// [`GreedyBot::after_claim`] with the claim's natural tiles taken out of `h`.
    fn after_claim_naturals(
        &self,
        cx: &ClaimCx,
        h: &mut Counts,
        d: usize,
        k: usize,
        tile: Tile,
        a: Action,
    ) -> Option<(i8, i32)> {
        let (s1, value) = match a {
            Action::Kong => {
                h[k] = h[k].saturating_sub(3);
                (self.shanten(h, d + 1), 3)
            }
            Action::Pung => {
                h[k] = h[k].saturating_sub(2);
                let v = if cx.value.contains(k) {
                    2
                } else {
                    i32::from(tile.is_major())
                };
                (self.best_after_claim(cx, h, d + 1), v)
            }
            Action::Chow { first } => {
                let f = first.kind().expect("playing tile");
                for (x, n) in h.iter_mut().enumerate().skip(f).take(3) {
                    if x != k {
                        *n = n.saturating_sub(1);
                    }
                }
                (self.best_after_claim(cx, h, d + 1), -1)
            }
            _ => return None,
        };
        Some((s1, value))
    }

    pub(crate) fn claim(&mut self, view: &SeatView, tile: Tile) -> Action {
        if tile.kind().is_none() && !tile.is_joker() {
            return Action::Pass;
        }
        // A claim weighs no discard: it reads the hand, the sets that score and the
        // dangerous discards, not the whole table a `Ctx` works out.
        let hand = Sight::hand_of(view);
        let d = view.public[view.player].sets.len();
        let cx = ClaimCx {
            value: self.set_values(view),
            danger: self.danger(view),
        };
        let s0 = self.shanten(&hand, d);
        // As `Ctx::new` judges the threat.
        let hot_sets = if self.plan.is_some() {
            PLAN_HOT_SETS
        } else {
            HOT_SETS
        };
        let threat = view
            .public
            .iter()
            .enumerate()
            .any(|(q, seat)| q != view.player && threatens(seat, hot_sets));
        let defence = self.defends(s0, view.live_wall, threat);
        let mut best: Option<(Action, i8, i32)> = None;
        for a in &view.legal {
            let Some((natural, like)) = as_natural_claim(&hand, tile, *a) else {
                continue;
            };
            let Some((_, s1, value)) = self.after_claim(&cx, &hand, d, natural, like) else {
                continue;
            };
            let worth = s1 < s0 || (s1 == s0 && value >= 2);
            if !worth || (defence && s1 > 0) {
                continue;
            }
            if best.is_none_or(|(_, bs, bv)| (s1, -value) < (bs, -bv)) {
                best = Some((*a, s1, value));
            }
        }
        best.map_or(Action::Pass, |(a, _, _)| a)
    }
}

/// A claim of `tile` by action `a` as the same claim of a natural tile: itself, or for a
/// discarded joker (MY3-J7) the tile it stands for: a joker's pung (`JokerPung`) as a pung
/// of its kind, which takes two held tiles or one and a joker of the hand as a pung's
/// jokers do, and a chow as the chow of the tile it lacks (the highest when it holds all
/// three), as the engine lays it. `None`: no such claim.
pub(crate) fn as_natural_claim(hand: &Counts, tile: Tile, a: Action) -> Option<(Tile, Action)> {
    if !tile.is_joker() {
        return Some((tile, a));
    }
    match a {
        Action::JokerPung { tile } => Some((tile, Action::Pung)),
        Action::Chow { first } => {
            let stands_for = mahjong_engine::chow_joker_stands_for(hand, first.kind()?);
            Some((Tile::from_kind(stands_for), a))
        }
        _ => None,
    }
}

/// The decisions toward a minimum value.
impl GreedyBot {
    pub(crate) fn plan_turn(&mut self, view: &SeatView) -> Action {
        let cx = Ctx::new(self, view);
        let cands = self.discard_candidates(&cx);
        if let (Some(p), Some(px)) = (self.plan.as_deref(), &cx.plan) {
            let best_s = cands.iter().map(|&(_, s)| s).min().unwrap_or(i8::MAX);
            // Kongs that do not make the hand worse: more value and an extra tile. A
            // concealed kong keeps the hand concealed.
            for a in &view.legal {
                let mut h = cx.sight.hand;
                let mut decl = px.decl;
                let k = match *a {
                    Action::ConcealedKong { tile } | Action::AnnexKong { tile } => {
                        tile.kind().expect("playing tile")
                    }
                    _ => continue,
                };
                if let Action::ConcealedKong { .. } = a {
                    h[k] = h[k].saturating_sub(4);
                    decl.add(p, k, true, false, px.winds);
                } else {
                    h[k] = h[k].saturating_sub(1);
                    decl.annex(p, k, px.winds);
                }
                if p.distance(&h, &decl, px.winds) <= best_s {
                    return *a;
                }
            }
        }
        if cands.is_empty() {
            return view.legal[0];
        }
        self.discard_action(&cx, &cands)
    }

    /// Claims toward a minimum: a pung or kong only toward a hand that meets it. Giving up
    /// a concealed hand (in `korean-3p` its 2 hand-points, 4 won from the wall, and the
    /// bonus-points of K3-BP9–12) must buy a step toward ready, and a pung that is worth
    /// nothing must be on the way to all pungs or one suit (for the strong bot, any step
    /// will do: `any_closer_pung`).
    pub(crate) fn plan_claim(&mut self, view: &SeatView, tile: Tile) -> Action {
        let Some(k) = tile.kind() else {
            return Action::Pass;
        };
        let cx = Ctx::new(self, view);
        let (Some(p), Some(px)) = (self.plan.as_deref(), &cx.plan) else {
            return Action::Pass;
        };
        let hand = cx.sight.hand;
        let s0 = p.distance(&hand, &px.decl, px.winds);
        let defence = self.defends(s0, view.live_wall, cx.threat);
        let mut best: Option<(Action, i8, u32)> = None;
        for a in &view.legal {
            let mut h = hand;
            let mut decl = px.decl;
            let (s1, gain) = match *a {
                Action::Kong => {
                    h[k] = h[k].saturating_sub(3);
                    decl.add(p, k, true, true, px.winds);
                    (
                        p.distance(&h, &decl, px.winds),
                        p.set_value(k, true, px.winds),
                    )
                }
                Action::Pung => {
                    h[k] = h[k].saturating_sub(2);
                    decl.add(p, k, false, true, px.winds);
                    // The best discard after the pung: every held kind's in one batch
                    // (each entry equals the single call).
                    let held = nonzero_mask(&h);
                    let after = p.distance_each(&h, &decl, px.winds, held, false);
                    let s1 = KindMask(held)
                        .iter()
                        .map(|x| after[x])
                        .min()
                        .unwrap_or(i8::MAX);
                    (s1, p.set_value(k, false, px.winds))
                }
                _ => continue,
            };
            let worth = if px.decl.open {
                s1 < s0 || (s1 == s0 && gain > 0)
            } else if self.any_closer_pung {
                s1 < s0
            } else {
                s1 < s0 && (gain > 0 || s1 <= PLAN_PLAIN_PUNG_SHANTEN)
            };
            if !worth || (defence && s1 > 0) {
                continue;
            }
            if best.is_none_or(|(_, bs, bg)| {
                (s1, std::cmp::Reverse(gain)) < (bs, std::cmp::Reverse(bg))
            }) {
                best = Some((*a, s1, gain));
            }
        }
        best.map_or(Action::Pass, |(a, _, _)| a)
    }

    /// Useful tiles after a discard of kind `discarded` leaves `after`, `s` from ready,
    /// in quarter tiles. Ready, each wait is weighted by what it wins: from the wall (a
    /// third of the chances) and from a discard (two thirds; none on the seat's own
    /// discards, as K3-P8, or below the minimum).
    fn plan_useful(&self, px: &PlanCtx, cx: &Ctx, after: &Counts, s: i8, discarded: usize) -> i64 {
        let Some(p) = self.plan.as_deref() else {
            return 0;
        };
        let unseen = &cx.sight.unseen;
        let near = near_mask(after, &self.shape);
        if s == 0 {
            let wins = p.winning(after, &px.decl, px.winds, near);
            let sacred = px.own_discards | 1 << discarded;
            // Where the declaration makes the minimum, a hand that may declare with this
            // discard is weighed as declared (J3-Y4): it will be.
            let ready = cx.view.public[cx.view.player].original_call
                || (p.declaring_makes_minimum()
                    && cx.view.legal.contains(&Action::Discard {
                        tile: Tile::from_kind(discarded),
                        call: true,
                    }));
            let mut total = 0u64;
            for w in KindMask(wins).iter() {
                let n = unseen[w] as u64;
                if n == 0 {
                    continue;
                }
                let mut c = *after;
                c[w] += 1;
                let vs = p.win_value(cx.view, &c, w, true, ready).unwrap_or(0);
                let vd = if sacred >> w & 1 == 1 {
                    0
                } else {
                    p.win_value(cx.view, &c, w, false, ready).unwrap_or(0)
                };
                total += n * (vs + 2 * vd);
            }
            return (total * 4 / (3 * p.typical_win())) as i64;
        }
        // Kinds with no unseen copy add nothing.
        let kinds = near & nonzero_mask(unseen);
        let drawn = p.distance_each(after, &px.decl, px.winds, kinds, true);
        let mut total = 0i64;
        for k in KindMask(kinds).iter() {
            if drawn[k] < s {
                total += unseen[k] as i64 * 4;
            }
        }
        total
    }
}

/// Each distinct legal discard with the distance from ready of the hand after it, toward
/// hands that meet the minimum.
fn plan_candidates(p: &Planner, px: &PlanCtx, cx: &Ctx) -> Cands {
    let (mut v, kinds) = natural_discards(&cx.view.legal);
    let after = p.distance_each(&cx.sight.hand, &px.decl, px.winds, kinds.0, false);
    v.set_each(&after);
    v
}

/// The natural tiles `legal` lets the seat discard without a call, in its order, each with
/// shanten 0 until [`Cands::set_each`], and their kinds: one pass over the actions.
fn natural_discards(legal: &[Action]) -> (Cands, KindMask) {
    let mut v = Cands::new();
    let mut kinds = KindMask::EMPTY;
    for a in legal {
        if let Action::Discard { tile, call: false } = *a {
            if let Some(k) = tile.kind() {
                v.push((tile, 0));
                kinds.insert(k);
            }
        }
    }
    (v, kinds)
}

/// Whether to declare ready discarding kind `k`: the hand is then frozen, so only with
/// enough live tiles that win (legally, from the wall; a discard win may fall short of the
/// minimum). In `korean-3p` (K3-P9) declaring earns 2 bonus-points from each opponent, 4
/// when won from the wall (K3-BP11, BP12).
fn plan_declare(p: &Planner, px: &PlanCtx, cx: &Ctx, k: usize) -> bool {
    let mut after = cx.sight.hand;
    after[k] -= 1;
    let near = near_mask(&after, p.shape());
    let wins = p.winning(&after, &px.decl, px.winds, near);
    let mut live = 0u32;
    for w in KindMask(wins).iter() {
        let n = cx.sight.unseen[w] as u32;
        if n == 0 {
            continue;
        }
        let mut c = after;
        c[w] += 1;
        if p.win_value(cx.view, &c, w, true, true).is_some() {
            live += n;
        }
    }
    let need = if p.declaring_makes_minimum() {
        PLAN_DECLARING_LIVE
    } else {
        PLAN_READY_LIVE
    };
    live >= need
}

/// A decision that needs no thought: nothing to decide (pass), a single legal action,
/// Mah-Jongg on offer (always taken), or a tile the family lets us set aside for a loose
/// tile (J3-T4: a North is a dora aside and a replacement draw; kept it would be a lone
/// honour that scores nothing). A joker is kept (MY3-J6 would expose it for one fan): it
/// stands for any tile the hand lacks, and measured (3,000 games, one seat exposing its
/// jokers against two keeping them) exposing lost 31 points a hand. A joker in an exposed
/// pung is taken back whenever the natural tile is held (MY3-J5).
pub(crate) fn obvious(view: &SeatView) -> Option<Action> {
    let legal = &view.legal;
    plain(
        legal.len(),
        legal.first().copied(),
        legal.contains(&Action::Mahjong),
    )
    .or_else(|| {
        // MY3-J5: a joker back for a natural tile is never worse.
        view.legal
            .iter()
            .find(|a| matches!(a, Action::SwapJoker { .. }))
            .or_else(|| {
                view.legal
                    .iter()
                    .find(|a| matches!(a, Action::SetAside { tile } if !tile.is_joker()))
            })
            .copied()
    })
}

/// The cases of [`obvious`] that read only the actions, for [`Bot::act_on_legal`]: most
/// plain decisions need no view built.
pub(crate) fn obvious_on_legal(legal: &LegalSet) -> Option<Action> {
    plain(legal.len(), legal.get(0), legal.contains(Action::Mahjong))
}

/// Nothing to decide (pass), a single legal action (`first`), or Mah-Jongg on offer.
fn plain(len: usize, first: Option<Action>, mahjong: bool) -> Option<Action> {
    match len {
        0 => Some(Action::Pass),
        1 => first,
        _ if mahjong => Some(Action::Mahjong),
        _ => None,
    }
}

impl Bot for GreedyBot {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn act_on_legal(&mut self, legal: &LegalSet) -> Option<Action> {
        if self.notes_every_view() {
            return None;
        }
        obvious_on_legal(legal)
    }

    fn act(&mut self, view: &SeatView) -> Action {
        if self.notes_every_view() {
            // Every view, even one with nothing to decide: the earlier a declaration is
            // seen, the more discards count as passed.
            self.ready_seen.note(view);
        }
        if let Some(a) = obvious(view) {
            return a;
        }
        self.note_jokers(view);
        match view.phase {
            PhaseView::Turn { .. } if self.plan.is_some() => self.plan_turn(view),
            PhaseView::Claims { tile, .. } if self.plan.is_some() => self.plan_claim(view, tile),
            PhaseView::Turn { .. } => self.turn(view),
            PhaseView::Claims { tile, .. } => self.claim(view, tile),
            PhaseView::Rob { .. } | PhaseView::Over => {
                if view.legal.contains(&Action::Pass) {
                    Action::Pass
                } else {
                    view.legal[0]
                }
            }
        }
    }
}

/// Whether an opponent's seat is probably close: Original Call, or `sets` declared sets.
fn threatens(seat: &PublicSeat, sets: usize) -> bool {
    seat.original_call | (seat.sets.len() >= sets)
}

/// Kinds that can join `c`'s groups: each held kind, and in chow suits its neighbours
/// within two.
pub(crate) fn near_mask(c: &Counts, shape: &Shape) -> u64 {
    let held = nonzero_mask(c);
    let mut m = held & !((1 << 27) - 1);
    for (s, &chows) in shape.chow_suits.iter().enumerate() {
        let b = held >> (9 * s) & 0x1FF;
        // Each held rank and, with chows, the ranks within two of it in the suit.
        let near = if chows {
            (b | b << 1 | b << 2 | b >> 1 | b >> 2) & 0x1FF
        } else {
            b
        };
        m |= near << (9 * s);
    }
    m & shape.kinds.0
}

/// The kinds with a nonzero count, as a mask: eight counts at a time.
#[inline]
pub(crate) fn nonzero_mask(c: &Counts) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut m = 0u64;
    for i in 0..4 {
        let w = u64::from_le_bytes(c[8 * i..8 * i + 8].try_into().expect("eight counts"));
        // Bit 7 of each byte set exactly when the byte is nonzero (no carry leaves a byte).
        let nonzero = (((w & LOW7) + LOW7) | w) >> 7 & ONES;
        // The multiply gathers bit 0 of byte j into bit 56 + j, without carries.
        m |= (nonzero.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i);
    }
    m | u64::from(c[32] != 0) << 32 | u64::from(c[33] != 0) << 33
}

/// Adds to `fold` the safety of each kind against one seat that declared ready, who
/// cannot win on the kinds in `bound` (his own discards and those he let pass since
/// declaring: genbutsu, J3-T7). Then, for the others: an honour or a tile of a suit
/// without runs by how few copies are unseen (he can wait on it only singly or as a
/// pair), and suji, a suit tile three ranks from a bound one on each side that has one
/// (1–3 and 7–9 need only the one: a two-sided wait of his on it would also take the
/// bound tile, which he cannot win on). `isolated`: the kinds that form no runs.
fn add_fold(fold: &mut [i32; KINDS], bound: u64, isolated: u64, unseen: &Counts) {
    for (k, f) in fold.iter_mut().enumerate() {
        *f += if bound >> k & 1 == 1 {
            FOLD_PASSED
        } else if isolated >> k & 1 == 1 {
            FOLD_HONOUR_GONE
                .get(unseen[k] as usize)
                .copied()
                .unwrap_or(0)
        } else {
            let r = k % 9;
            let below = r < 3 || bound >> (k - 3) & 1 == 1;
            let above = r > 5 || bound >> (k + 3) & 1 == 1;
            if below && above {
                FOLD_SUJI
            } else {
                0
            }
        };
    }
}

/// The ruleset's dangerous discards with the fewest declared sets that show one.
fn with_fewest(dangers: Option<Dangers>) -> Option<(Dangers, usize)> {
    dangers.map(|d| {
        let fewest = d.fewest_sets();
        (d, fewest)
    })
}

/// Candidate discards with the shanten (or distance) after each: at most one per legal
/// action, in a fixed buffer that reads as a slice.
pub(crate) struct Cands {
    n: usize,
    items: [(Tile, i8); MAX_LEGAL],
}

impl Cands {
    fn new() -> Cands {
        Cands {
            n: 0,
            items: [(Tile::from_kind(0), 0); MAX_LEGAL],
        }
    }

    fn push(&mut self, c: (Tile, i8)) {
        self.items[self.n] = c;
        self.n += 1;
    }

    /// Sets each candidate's shanten to `after` of its kind (natural tiles only).
    fn set_each(&mut self, after: &[i8; KINDS]) {
        for (t, s) in self.iter_mut() {
            *s = after[t.kind().expect("a natural tile")];
        }
    }
}

impl std::ops::Deref for Cands {
    type Target = [(Tile, i8)];

    fn deref(&self) -> &[(Tile, i8)] {
        &self.items[..self.n]
    }
}

impl std::ops::DerefMut for Cands {
    fn deref_mut(&mut self) -> &mut [(Tile, i8)] {
        &mut self.items[..self.n]
    }
}

/// What weighing a claim reads of the table ([`GreedyBot::after_claim`]).
pub(crate) struct ClaimCx {
    /// Honours that score doubles as pungs.
    pub(crate) value: KindMask,
    /// Kinds dangerous to discard (M90a–f).
    pub(crate) danger: KindMask,
}

/// One decision's view of the table.
pub(crate) struct Ctx<'a> {
    pub(crate) view: &'a SeatView,
    pub(crate) sight: Sight,
    /// Kinds dangerous to discard (M90a–f).
    pub(crate) danger: KindMask,
    /// Honours that score doubles as pungs: dragons, own wind, prevailing wind.
    pub(crate) value: KindMask,
    /// Own wind and prevailing wind are the same kind.
    double_wind: Option<usize>,
    /// The suit the hand is heading for as one suit (with honours), if any.
    pub(crate) flush: Option<usize>,
    /// Three or more dragons, resp. winds, paired or better (a limit hand in sight).
    dragon_chance: bool,
    wind_chance: bool,
    /// An opponent is probably close: Original Call, or three declared sets.
    pub(crate) threat: bool,
    /// Safety bonus per kind from discards: the latest of each opponent, and everything a
    /// threatening opponent has discarded.
    discard_bonus: [i8; KINDS],
    /// The suit neighbours held ([`Neighbours`]), for [`Ctx::connectivity`].
    neighbours: Neighbours,
    /// The view of the hand toward a minimum value.
    plan: Option<PlanCtx>,
}

/// For each suit kind, whether the hand holds its neighbour in the same suit one rank
/// below, one above, two below and two above: bit `k` of each mask. Worked out once a
/// decision with shifts, so [`Ctx::connectivity`] reads four bits where it tested each
/// neighbour's rank and count (branches a discard choice mispredicts).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Neighbours {
    below1: u64,
    above1: u64,
    below2: u64,
    above2: u64,
}

impl Neighbours {
    pub(crate) fn of(hand: &Counts) -> Neighbours {
        const SUITED: u64 = (1 << 27) - 1;
        const RANK1: u64 = 1 | 1 << 9 | 1 << 18;
        let held = nonzero_mask(hand) & SUITED;
        Neighbours {
            below1: held << 1 & !RANK1 & SUITED,
            above1: held >> 1 & !(RANK1 << 8),
            below2: held << 2 & !(RANK1 | RANK1 << 1) & SUITED,
            above2: held >> 2 & !(RANK1 << 7 | RANK1 << 8),
        }
    }
}

/// A value for each kind by rank: `ends` for 1 and 9, `next` for 2 and 8, `middle` for 3
/// to 7, `honour` for the honours.
const fn by_rank(ends: u8, next: u8, middle: u8, honour: u8) -> [u8; KINDS] {
    let mut v = [honour; KINDS];
    let mut k = 0;
    while k < 27 {
        v[k] = match k % 9 {
            0 | 8 => ends,
            1 | 7 => next,
            _ => middle,
        };
        k += 1;
    }
    v
}

/// The safety a kind's rank gives a discard ([`Ctx::safety`]): honours most, then
/// terminals, then 2 and 8 (fewer runs take them).
const RANK_SAFETY: [u8; KINDS] = by_rank(4, 2, 0, 8);

/// The room a suit tile's rank leaves for runs: none at 1 and 9, some at 2 and 8, most in
/// between; none for an honour.
const RUN_ROOM: [u8; KINDS] = by_rank(0, 1, 2, 0);

/// What playing toward a minimum value adds to a decision's view.
struct PlanCtx {
    decl: Declared,
    winds: Winds,
    /// Value of a pung of each kind alone.
    set_value: [u8; KINDS],
    /// Kinds whose pung lifts the one-suit hand the seat is heading for.
    special: u64,
    /// Threatening opponents who discarded each kind: none of them can win on it (as
    /// K3-P8).
    sacred: [u8; KINDS],
    /// Kinds the seat itself discarded: it cannot win on them from a discard.
    own_discards: u64,
    /// Kinds that only pair or pung: honours and the tiles of suits without runs.
    isolated: u64,
    /// Safety added when folding against seats that declared ready and are bound by
    /// their passes ([`Ctx::fold_bonus`]); zero where the plan does not bind them.
    fold: [i32; KINDS],
}

impl<'a> Ctx<'a> {
    pub(crate) fn new(bot: &GreedyBot, view: &'a SeatView) -> Ctx<'a> {
        let sight = Sight::of(view, &bot.shape.copies);
        let me = &view.public[view.player];
        let own = view.wind.tile().kind().expect("wind");
        let prevailing = view.prevailing.tile().kind().expect("wind");
        let value = bot.set_values(view);
        // Held or declared tiles of each group.
        let mut all = sight.hand;
        for s in &me.sets {
            // A kong counts as three here: it is one set.
            let k = s.tile.kind().unwrap_or(0);
            match s.kind {
                mahjong_engine::SetKind::Chow => (k..k + 3).for_each(|x| all[x] += 1),
                _ => all[k] += 3,
            }
        }
        let per_suit: [u32; 3] =
            std::array::from_fn(|s| all[9 * s..9 * s + 9].iter().map(|&n| n as u32).sum());
        let honours: u32 = all[27..].iter().map(|&n| n as u32).sum();
        let (suit, &most) = per_suit
            .iter()
            .enumerate()
            .max_by_key(|&(i, &n)| (n, std::cmp::Reverse(i)))
            .expect("three suits");
        let others: u32 = per_suit.iter().sum::<u32>() - most;
        let declared_off = me
            .sets
            .iter()
            .any(|s| s.tile.suit().is_some_and(|x| x.index() != suit));
        let flush = (most + honours >= 10 && others <= 4 && !declared_off).then_some(suit);
        let pairs_in = |mask: u64| {
            (27..KINDS)
                .filter(|&k| mask >> k & 1 == 1 && all[k] >= 2)
                .count()
        };
        let mut threat = false;
        // Written without a branch on the seat or the tile (a claimed discard and a joker
        // go to the slot that counts nowhere; the seat's own discards add nothing).
        let mut bonus: Tally = [0; 64];
        for (q, seat) in view.public.iter().enumerate() {
            let other = q != view.player;
            let hot = other & threatens(seat, HOT_SETS);
            threat |= hot;
            if let Some(&(t, claimed)) = seat.discards.last() {
                let k = slot(t, claimed);
                bonus[k] = bonus[k].max(5 * u8::from(other));
            }
            if hot {
                for &(t, _) in &seat.discards {
                    let k = slot(t, false);
                    bonus[k] = bonus[k].max(6);
                }
            }
        }
        let discard_bonus: [i8; KINDS] = std::array::from_fn(|k| bonus[k] as i8);
        let Some(p) = bot.plan.as_deref() else {
            return Ctx {
                danger: bot.danger(view),
                value,
                double_wind: (bot.prevailing_scores && own == prevailing).then_some(own),
                flush,
                dragon_chance: pairs_in(DRAGONS) >= 2,
                wind_chance: pairs_in(WINDS) >= 3,
                threat,
                discard_bonus,
                neighbours: Neighbours::of(&sight.hand),
                sight,
                view,
                plan: None,
            };
        };
        // Toward a minimum: no dangerous discards (M90), one suit means one of the plan's
        // one-suit forms, and an opponent is a threat once ready or two sets down.
        let winds = Planner::winds(view);
        let mut set_value = [0u8; KINDS];
        for (k, v) in set_value.iter_mut().enumerate() {
            *v = p.set_value(k, false, winds) as u8;
        }
        let flush = p
            .one_suits()
            .map(|i| (i, per_suit[i]))
            .max_by_key(|&(i, n)| (n, std::cmp::Reverse(i)))
            .and_then(|(fsuit, fmost)| {
                let foff = per_suit.iter().sum::<u32>() - fmost;
                let foff_declared = me
                    .sets
                    .iter()
                    .any(|s| s.tile.suit().is_some_and(|x| x.index() != fsuit));
                (fmost + honours >= 10 && foff <= 4 && !foff_declared).then_some(fsuit)
            });
        let special = flush.map_or(0, |s| p.special(s));
        let mut threat = false;
        let mut sacred = [0u8; KINDS];
        for (q, seat) in view.public.iter().enumerate() {
            if q == view.player {
                continue;
            }
            let hot = threatens(seat, PLAN_HOT_SETS);
            threat |= hot;
            if hot {
                let mut seen = 0u64;
                for &(t, _) in &seat.discards {
                    if let Some(k) = t.kind() {
                        if seen >> k & 1 == 0 {
                            sacred[k] += 1;
                            seen |= 1 << k;
                        }
                    }
                }
            }
        }
        let mut own_discards = 0u64;
        for &(t, _) in &me.discards {
            if let Some(k) = t.kind() {
                own_discards |= 1 << k;
            }
        }
        // The honours, and every suit without runs.
        let mut isolated = 0x7F << 27;
        for (s, &runs) in bot.shape.chow_suits.iter().enumerate() {
            if !runs {
                isolated |= 0x1FF << (9 * s);
            }
        }
        let mut fold = [0i32; KINDS];
        if p.ready_bound_by_passes() {
            for (q, seat) in view.public.iter().enumerate() {
                if q != view.player && seat.original_call {
                    let mut bound = bot.ready_seen.passed(view, q);
                    for &(t, _) in &seat.discards {
                        if let Some(k) = t.kind() {
                            bound |= 1 << k;
                        }
                    }
                    add_fold(&mut fold, bound, isolated, &sight.unseen);
                }
            }
        }
        Ctx {
            danger: KindMask::EMPTY,
            value,
            double_wind: None,
            flush,
            dragon_chance: pairs_in(DRAGONS) >= 2,
            wind_chance: pairs_in(WINDS) >= 3,
            threat,
            discard_bonus,
            plan: Some(PlanCtx {
                decl: p.declared(view, winds),
                winds,
                set_value,
                special,
                sacred,
                own_discards,
                isolated,
                fold,
            }),
            neighbours: Neighbours::of(&sight.hand),
            sight,
            view,
        }
    }

    /// What a claim reads of this decision's view.
    pub(crate) fn claim_cx(&self) -> ClaimCx {
        ClaimCx {
            value: self.value,
            danger: self.danger,
        }
    }

    /// How much holding `c` tiles of kind `k` is worth beyond speed, in useful-tile units.
    fn keep(&self, k: usize, c: u8) -> i32 {
        if c == 0 {
            return 0;
        }
        if let Some(px) = &self.plan {
            return self.plan_keep(px, k, c);
        }
        let c = c as i32;
        if k >= 27 {
            let mut v = if self.value.contains(k) {
                [0, 3, 10, 30][c.min(3) as usize]
            } else {
                [0, 0, 3, 12][c.min(3) as usize]
            };
            if self.double_wind == Some(k) && c >= 2 {
                v += 6;
            }
            if (self.dragon_chance && DRAGONS >> k & 1 == 1)
                || (self.wind_chance && WINDS >> k & 1 == 1)
            {
                v += 8 * c;
            }
            if self.flush.is_some() {
                v += c;
            }
            v
        } else {
            match self.flush {
                Some(s) if k / 9 == s => 4 * c,
                Some(_) => -4 * c,
                None => 0,
            }
        }
    }

    /// [`Ctx::keep`] toward a minimum: pungs that are worth something, kinds that only
    /// pair or pung (honours, 1 and 9 bamboo), one suit, and the pung that lifts one suit
    /// higher (in `korean-3p` a Pearl or Ruby Dragon, K3-L18, L19).
    fn plan_keep(&self, px: &PlanCtx, k: usize, c: u8) -> i32 {
        let hp = px.set_value[k] as i32;
        let n = c.min(3) as usize;
        let c = c as i32;
        if px.isolated >> k & 1 == 1 {
            let mut v = [0, 0, 3, 14][n] + hp * [0, 0, 3, 10][n];
            if (self.dragon_chance && DRAGONS >> k & 1 == 1)
                || (self.wind_chance && WINDS >> k & 1 == 1)
            {
                v += 8 * c;
            }
            match self.flush {
                Some(_) if k >= 27 => {
                    v += c;
                    if px.special >> k & 1 == 1 {
                        v += 6 * c;
                    }
                }
                Some(_) => v -= 4 * c,
                None => {}
            }
            v
        } else {
            match self.flush {
                Some(s) if k / 9 == s => 4 * c,
                Some(_) => -4 * c,
                None => 0,
            }
        }
    }

    /// What folding adds to [`Ctx::safety`] of kind `k` against seats that declared ready
    /// and are bound by their passes (zero elsewhere): see [`FOLD_PASSED`].
    pub(crate) fn fold_bonus(&self, k: usize) -> i32 {
        self.plan.as_ref().map_or(0, |px| px.fold[k])
    }

    /// Value lost by discarding one tile of kind `k`.
    pub(crate) fn loss(&self, k: usize) -> i32 {
        let c = self.sight.hand[k];
        self.keep(k, c) - self.keep(k, c.saturating_sub(1))
    }

    /// How well a tile of kind `k` connects with the rest of the hand (lower: a better
    /// discard): copies held (live ones more), suit neighbours within two, and the room a
    /// rank leaves for runs.
    pub(crate) fn connectivity(&self, k: usize) -> i32 {
        let c = self.sight.hand[k] as i32;
        let v = (c - 1).max(0) * if self.sight.unseen[k] > 0 { 4 } else { 2 };
        let n = &self.neighbours;
        let at = |mask: u64| (mask >> k & 1) as i32;
        v + 3 * (at(n.below1) + at(n.above1))
            + 2 * (at(n.below2) + at(n.above2))
            + RUN_ROOM[k] as i32
    }

    /// How safe a discard of kind `k` is: copies nobody else can hold, honours and
    /// terminals (fewer ways to use them), and what opponents let go or threw.
    pub(crate) fn safety(&self, k: usize) -> i32 {
        let mut s = 10 * (4 - self.sight.unseen[k].min(4) as i32);
        s += RANK_SAFETY[k] as i32;
        s += self.discard_bonus[k] as i32;
        if let Some(px) = &self.plan {
            s += PLAN_SACRED_SAFETY * px.sacred[k] as i32;
        }
        if self.view.live_wall <= 4 && self.sight.table[k] == 0 {
            s -= 30;
        }
        s
    }
}

/// The held jokers a claim of kind `k` from `hand` would use (MY3-J2): one for each
/// natural tile missing from the set.
pub(crate) fn claim_jokers(hand: &Counts, k: usize, a: Action) -> u8 {
    match a {
        Action::Pung => 2u8.saturating_sub(hand[k]),
        Action::Chow { first } => {
            let f = first.kind().expect("playing tile");
            (f..f + 3).filter(|&x| x != k && hand[x] == 0).count() as u8
        }
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn neighbours_run_room_and_rank_safety_match_the_hand_and_ranks() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..2000 {
            let mut hand = [0u8; KINDS];
            for _ in 0..rng.gen_range(1..=14) {
                hand[rng.gen_range(0..KINDS)] += 1;
            }
            let n = Neighbours::of(&hand);
            for k in 0..KINDS {
                let held = |d: isize| {
                    let r = (k % 9) as isize + d;
                    k < 27 && (0..9).contains(&r) && hand[(k as isize + d) as usize] > 0
                };
                let bit = |m: u64| m >> k & 1 == 1;
                assert_eq!(bit(n.below1), held(-1), "{hand:?} {k}");
                assert_eq!(bit(n.above1), held(1), "{hand:?} {k}");
                assert_eq!(bit(n.below2), held(-2), "{hand:?} {k}");
                assert_eq!(bit(n.above2), held(2), "{hand:?} {k}");
            }
        }
        assert_eq!(&RUN_ROOM[..9], &[0, 1, 2, 2, 2, 2, 2, 1, 0]);
        for (k, &safety) in RANK_SAFETY.iter().enumerate() {
            let by_rank = match Tile::from_kind(k).rank() {
                None => 8,
                Some(1 | 9) => 4,
                Some(2 | 8) => 2,
                _ => 0,
            };
            assert_eq!(safety, by_rank, "{k}");
        }
        assert!(RUN_ROOM[27..].iter().all(|&r| r == 0));
    }

    #[test]
    fn nonzero_mask_matches_each_count() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..20_000 {
            let mut c = [0u8; KINDS];
            for n in c.iter_mut() {
                // Mostly zero and small counts, sometimes any byte.
                *n = match rng.gen_range(0..4) {
                    0 | 1 => 0,
                    2 => rng.gen_range(1..5),
                    _ => rng.gen(),
                };
            }
            let naive = (0..KINDS).fold(0u64, |m, k| m | u64::from(c[k] != 0) << k);
            assert_eq!(nonzero_mask(&c), naive, "{c:?}");
        }
    }
}
