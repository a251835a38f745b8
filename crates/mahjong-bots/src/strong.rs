//! The strong bot: the greedy bot's tile efficiency and hand reading, with
//!
//! - useful tiles counted for every candidate discard (greedy counts them for two);
//! - each ready hand's waits weighted by what the ruleset's own scorer says a win on each
//!   of them is worth (doubles and limit hands, or hand-points and a minimum: the scorer
//!   decides, and a wait it would not accept as a win counts for nothing);
//! - one tile from ready, a look one draw ahead: for each useful draw, the best ready hand
//!   it allows, by the value of its waits;
//! - the value a discard gives up (pungs of scoring honours, one suit) weighed three and
//!   a half times as much as greedy weighs it;
//! - claims: a chow only when it speeds the hand; a pung or kong also when it does not
//!   slow it (it adds points, a kong a tile), but a pung or chow that leaves the hand as
//!   far from ready must leave as many useful tiles, and one that keeps a ready hand ready
//!   must leave waits worth more (live tiles times the scorer's value);
//! - defence only where the ruleset makes the player who discards a winning tile pay more
//!   than the others: found once by settling a sample win under the ruleset. Where every
//!   loser pays alike (the classical and Western games), holding back a tile an opponent
//!   may win on gains nothing, so the bot keeps attacking; it never discards a tile the
//!   ruleset makes dangerous (`Ruleset::discard_dangers`: M90a–f in the classical game)
//!   while it has a safe one. Where it plays greedy's plan toward a minimum there
//!   (`bmja`), it folds late in the hand as greedy does, but not for a threat.
//!
//! Where wins need a minimum value (the hand-points of `korean-3p`, the yaku of
//! `japanese-3p`) or a form (`bmja`'s one chow at most) it plays greedy's plans toward the
//! minimum, with the waits valued by the scorer, and counts useful tiles for every
//! candidate; it claims, for a concealed hand, any pung that brings it closer to ready
//! (greedy only one worth something, or one that leaves the hand one tile from ready).
//! Where the plan binds a declared seat by his passes (furiten), so that some discards are
//! known safe against him, it also folds one tile from ready against an opponent who
//! declared ready, where greedy folds only from two tiles away.
//!
//! With jokers (`malaysian-3p`) it plays as above, its shanten and waits counting the
//! jokers held (the scorer then arranges them); holding one, it skips the look ahead (its
//! batch shanten count no jokers) and weighs claims with the shanten after them taken kind
//! by kind. Measured (strong against two greedy, `tests/duel.rs`, 10,000 deals paired):
//! its own claims with a joker held rather than greedy's, +6.7 ± 1.6 and +3.8 ± 1.6 a hand
//! on two sets of deals; with them it clears zero on 10 of 10 seeds of 10,002 hands.
//!
//! It reads the family only through the ruleset (its scorer, settlement and play rules).
//! Deterministic for a seed: the seed breaks ties between equally good discards and
//! nothing else; no clock.

use mahjong_engine::{Action, LegalSet, PhaseView, SeatView};
use mahjong_hands::{waits, waits_with_jokers, Counts, KindMask, Meld, MeldKind};
use mahjong_rules::Ruleset;
use mahjong_tiles::Tile;
use rand::Rng;

use crate::greedy::{
    claim_jokers, near_mask, nonzero_mask, obvious, obvious_on_legal, Ctx, GreedyBot,
};
use crate::value::Valuer;
use crate::{Bot, DEFENCE_LIVE};

/// Weight of the value a discard gives up (greedy's `loss`), in quarters of greedy's.
/// Measured against greedy (duplicate deals, 20,000 hands a setting): 4 (greedy's) did
/// about 2 points a hand worse than 8 in both classical presets and Western. Over 40,000
/// hands a setting (`tests/duel.rs`, `millington`): 6 +3.5, 8 +4.2, 11 +5.2, 14 +6.3,
/// 18 +5.5, 24 +4.7, 32 +4.0; on other deals 8 +3.6, 11 +4.6, 14 +5.1; `bradfield` 8
/// +4.5, 14 +7.2; Western 8 +5.5, 14 +5.6.
const LOSS_WEIGHT: i64 = 14;
/// Weight of the one-draw look ahead, in quarters of the useful tiles it is scaled to.
/// 2 to 16 measured alike within noise; 8 a little ahead in the Western game.
const LOOK_AHEAD_WEIGHT: u128 = 8;
/// Look at candidates' useful tiles only this far from ready; further the rank decides.
const SEARCH_SHANTEN: i8 = 3;

/// Strong play, seeded: see the module documentation.
#[derive(Clone, Debug)]
pub struct StrongBot {
    /// Greedy's pieces: hand reading, kongs, the hand-points plans, its defence.
    greedy: GreedyBot,
    valuer: Valuer,
    /// The discarder of a winning tile pays more than the other losers: worth folding.
    fold: bool,
    /// The plan binds a declared seat by his passes: fold one tile from ready against
    /// him too.
    fold_near: bool,
}

impl StrongBot {
    /// A strong bot for a ruleset.
    pub fn for_ruleset(ruleset: &Ruleset, seed: u64) -> StrongBot {
        let valuer = Valuer::new(ruleset);
        let mut greedy = GreedyBot::for_ruleset(ruleset, seed).exhaustive();
        let fold = valuer.discarder_pays_more();
        // Where every loser pays alike, greedy's plays (the plans toward a minimum) fold
        // only late, never for a threat: in `bmja` +1.4 ± 0.8 and +1.9 ± 0.8 a hand
        // against three greedy (two sets of 40,000 duplicate hands, paired by deal).
        greedy.fold_on_threat = fold;
        // Toward a minimum, any pung that brings a concealed hand closer to ready: in
        // `bmja` +35.5 ± 2.9 and +31.0 ± 2.8 a hand against three greedy (two sets of
        // 40,000 duplicate hands, paired by deal), where the one-chow hands are slow and
        // half of them wash out; no change in `korean-3p` (+0.01 ± 0.02) or `japanese-3p`
        // (+3 ± 9).
        greedy.any_closer_pung = true;
        let fold_near = greedy.notes_every_view();
        StrongBot {
            greedy,
            fold,
            fold_near,
            valuer,
        }
    }

    /// A strong bot for the `millington` preset.
    pub fn new(seed: u64) -> StrongBot {
        StrongBot::for_ruleset(&Ruleset::preset("millington").expect("a preset"), seed)
    }

    /// Whether the bot ever folds (plays safe when far from ready against a threat): only
    /// when the ruleset makes the discarder of a winning tile pay more than other losers.
    pub fn folds(&self) -> bool {
        self.fold
    }

    /// One tile from ready against an opponent who declared ready, where the plan binds
    /// him by his passes: the safest discard (greedy's tiers: his own and passed tiles,
    /// then honours by copies left, then suji), as greedy folds from two tiles away.
    /// Measured in `japanese-3p` (strong against two greedy, 10,002 duplicate hands):
    /// +183 ± 105 points a hand against +60 ± 105 without it; folding also against two
    /// declared sets did no better, and in `korean-3p`, where passes bind nobody, folding
    /// one tile from ready lost. `None`: play on (ready, further away, no declared
    /// opponent, or a kong to consider).
    fn fold_near_ready(&self, view: &SeatView) -> Option<Tile> {
        let declared = view
            .public
            .iter()
            .enumerate()
            .any(|(q, s)| q != view.player && s.original_call);
        if !declared
            || view
                .legal
                .iter()
                .any(|a| matches!(a, Action::ConcealedKong { .. } | Action::AnnexKong { .. }))
        {
            return None;
        }
        let cx = Ctx::new(&self.greedy, view);
        let cands = self.greedy.discard_candidates(&cx);
        if cands.iter().map(|&(_, s)| s).min()? != 1 {
            return None;
        }
        // Safest first, then the hand kept closest to ready, then the least connected;
        // the kind breaks the last ties.
        cands
            .iter()
            .max_by_key(|&&(t, s)| {
                let k = t.kind().expect("playing tile");
                let safety = (cx.safety(k) + cx.fold_bonus(k)) as i64;
                (
                    safety * 10_000 - s as i64 * 100 - cx.connectivity(k) as i64,
                    std::cmp::Reverse(k),
                )
            })
            .map(|&(t, _)| t)
    }

    fn turn(&mut self, view: &SeatView) -> Action {
        let cx = Ctx::new(&self.greedy, view);
        let cands = self.greedy.discard_candidates(&cx);
        // Kongs as greedy declares them: points and an extra tile, when they do not slow
        // the hand.
        if let Some(kong) = self.greedy.worthwhile_kong(view, &cx, &cands) {
            return kong;
        }
        if cands.is_empty() {
            return view.legal[0];
        }
        if cands.iter().any(|(t, _)| t.is_joker()) {
            // Only a joker may go: greedy sets it aside.
            return self.greedy.discard_action(&cx, &cands);
        }
        let tile = self.pick(&cx, &cands);
        // Original Call, as greedy judges it, on a wait of two kinds or more still live.
        let call = view.legal.contains(&Action::Discard { tile, call: true }) && {
            let k = tile.kind().expect("playing tile");
            let mut after = cx.sight.hand;
            after[k] -= 1;
            let gb = &self.greedy;
            let w = waits(&after, cx.sight.declared, &gb.shape, gb.seven_pairs, None);
            w.iter().filter(|&x| cx.sight.unseen[x] > 0).count() >= 2
        };
        Action::Discard { tile, call }
    }

    /// The discard: never a dangerous one (M90a–f) when a safe one exists; folding as
    /// greedy does where it pays; else lowest shanten, then useful tiles, their value and
    /// the value kept.
    fn pick(&mut self, cx: &Ctx, cands: &[(Tile, i8)]) -> Tile {
        let is_safe = |t: Tile| !cx.danger.contains(t.kind().expect("playing tile"));
        let any_safe = cands.iter().any(|&(t, _)| is_safe(t));
        let pool: Vec<(Tile, i8)> = cands
            .iter()
            .copied()
            .filter(|&(t, _)| !any_safe || is_safe(t))
            .collect();
        let min_s = pool.iter().map(|&(_, s)| s).min().expect("a candidate");
        let view = cx.view;
        if self.fold && min_s >= 2 && (view.live_wall <= DEFENCE_LIVE || cx.threat) {
            return self.greedy.pick_discard(cx, cands);
        }
        // Lower is a better discard: little connected, little value lost (in 64ths of a
        // useful tile).
        let mut scored: Vec<(i64, Tile)> = Vec::with_capacity(14);
        for &(t, s) in &pool {
            if s != min_s {
                continue;
            }
            let k = t.kind().expect("playing tile");
            // M90g: an unseen tile this late may let somebody go out.
            let late = if view.live_wall <= 4 && cx.sight.table[k] == 0 {
                8
            } else {
                0
            };
            let rank = (cx.connectivity(k) as i64 * 4 + cx.loss(k) as i64 * LOSS_WEIGHT + late * 4)
                * 4
                - cx.safety(k) as i64 / 8;
            scored.push((rank, t));
        }
        if scored.len() > 1 && min_s <= SEARCH_SHANTEN {
            self.weigh(cx, min_s, &mut scored);
        }
        let best = scored.iter().map(|&(r, _)| r).min().expect("a candidate");
        let ties: Vec<Tile> = scored
            .iter()
            .filter(|&&(r, _)| r == best)
            .map(|&(_, t)| t)
            .collect();
        if ties.len() > 1 {
            ties[self.greedy.rng.gen_range(0..ties.len())]
        } else {
            ties[0]
        }
    }

    /// Lowers each candidate's rank by what the hand after it can draw: useful tiles
    /// (24 a tile), a ready hand's waits by value, the look ahead one tile from ready.
    fn weigh(&self, cx: &Ctx, min_s: i8, scored: &mut [(i64, Tile)]) {
        // Per candidate: (live waits, their value) when ready after it; (useful tiles,
        // look-ahead value) when further.
        let mut values: Vec<(u64, u64)> = Vec::with_capacity(scored.len());
        for (rank, t) in scored.iter_mut() {
            let k = t.kind().expect("playing tile");
            let mut after = cx.sight.hand;
            after[k] -= 1;
            if min_s == 0 {
                values.push(self.wait_value(cx, &after));
            } else {
                let u = self
                    .greedy
                    .useful(&after, cx.sight.declared, min_s, &cx.sight.unseen);
                *rank -= u as i64 * 24;
                let e = if min_s == 1 {
                    self.look_ahead(cx, &after)
                } else {
                    0
                };
                values.push((u as u64, e));
            }
        }
        let (tn, tv) = values
            .iter()
            .fold((0u64, 0u64), |(a, b), &(n, v)| (a + n, b + v));
        if min_s == 0 {
            // Each live wait counts as one tile at the mean value, more or less by its own
            // value: half speed (any win spares paying another's), half points.
            let mean = tv.checked_div(tn).unwrap_or(1).max(1);
            for ((rank, _), &(n, v)) in scored.iter_mut().zip(&values) {
                *rank -= ((n * mean + v) * 24 / (2 * mean)) as i64;
            }
        } else if min_s == 1 && tv > 0 {
            // Scaled so that the mean candidate's look ahead counts as its useful tiles
            // again, times the weight.
            for ((rank, _), &(_, e)) in scored.iter_mut().zip(&values) {
                let eff = e as u128 * tn as u128 * 24 * LOOK_AHEAD_WEIGHT / (tv as u128 * 4);
                *rank -= eff as i64;
            }
        }
    }

    /// Live waits of the ready 13-tile hand `after`, and their total value (live copies
    /// times the scorer's value of a win on a discard). Waits the scorer refuses as a win
    /// count for nothing.
    fn wait_value(&self, cx: &Ctx, after: &Counts) -> (u64, u64) {
        self.wait_value_with(cx, after, None)
    }

    /// [`StrongBot::wait_value`] with one more declared set, `extra` (a claim weighed).
    fn wait_value_with(&self, cx: &Ctx, after: &Counts, extra: Option<Meld>) -> (u64, u64) {
        let g = &self.greedy;
        let declared = cx.sight.declared + usize::from(extra.is_some());
        let j = g.held_jokers();
        let w = match g.jokers {
            Some(rules) if j > 0 => {
                waits_with_jokers(after, j, 4usize.saturating_sub(declared), &g.shape, rules)
            }
            _ => waits(after, declared, &g.shape, g.seven_pairs, None),
        };
        let mut n = 0u64;
        let mut v = 0u64;
        for k in w.iter() {
            let live = cx.sight.unseen[k] as u64;
            if live == 0 {
                continue;
            }
            let mut c = *after;
            c[k] += 1;
            if let Some(s) = self.valuer.win_score(cx.view, &c, k, false, extra, j) {
                n += live;
                v += live * s;
            }
        }
        (n, v)
    }

    /// One tile from ready with the 13 tiles `after`: for each useful draw, the best ready
    /// hand it allows (by [`StrongBot::wait_value`]'s value), summed over the unseen
    /// copies of the draws.
    fn look_ahead(&self, cx: &Ctx, after: &Counts) -> u64 {
        let g = &self.greedy;
        if g.held_jokers() > 0 {
            // The batch shanten below count no jokers: no look ahead with one held.
            return 0;
        }
        let d = cx.sight.declared;
        let unseen = &cx.sight.unseen;
        let near = KindMask(near_mask(after, &g.shape) & nonzero_mask(unseen));
        let added = g.shape.shanten_each_added(after, d, g.seven_pairs, near);
        let mut total = 0u64;
        for t in near.iter() {
            if added[t] != 0 {
                continue;
            }
            let mut h = *after;
            h[t] += 1;
            let held = KindMask(nonzero_mask(&h));
            let removed = g.shape.shanten_each_removed(&h, d, g.seven_pairs, held);
            let mut best = 0u64;
            for x in held.iter() {
                if removed[x] != 0 {
                    continue;
                }
                let mut a = h;
                a[x] -= 1;
                best = best.max(self.wait_value(cx, &a).1);
            }
            total += unseen[t] as u64 * best;
        }
        total
    }

    /// Unseen tiles that bring `c` (`s` from ready, `d` sets declared) closer to ready;
    /// with jokers held, kind by kind, counting them.
    fn useful(&self, c: &Counts, d: usize, s: i8, unseen: &Counts) -> u32 {
        let g = &self.greedy;
        if g.held_jokers() == 0 {
            return g.useful(c, d, s, unseen);
        }
        let mut n = 0u32;
        for k in 0..c.len() {
            if unseen[k] > 0 {
                let mut e = *c;
                e[k] += 1;
                if g.shanten(&e, d) < s {
                    n += unseen[k] as u32;
                }
            }
        }
        n
    }

    /// Claims on a discard: a chow only when it lowers the shanten; a pung or kong when it
    /// does not raise it (points, and a kong's extra tile), a pung then only if it leaves
    /// as many useful tiles, or, ready either way, better waits; while folding, only a
    /// claim that makes the hand ready. Among worthwhile claims the fastest, then the most
    /// valuable.
    fn claim(&mut self, view: &SeatView, tile: Tile) -> Action {
        let Some(k) = tile.kind() else {
            // A discarded joker for a set (MY3-J7): as greedy claims it.
            return if tile.is_joker() {
                self.greedy.claim(view, tile)
            } else {
                Action::Pass
            };
        };
        let cx = Ctx::new(&self.greedy, view);
        let hand = cx.sight.hand;
        let d = cx.sight.declared;
        let g = &self.greedy;
        let s0 = g.shanten(&hand, d);
        let defence = self.fold && s0 >= 2 && (view.live_wall <= DEFENCE_LIVE || cx.threat);
        let mut best: Option<(Action, i8, i32)> = None;
        for a in &view.legal {
            let Some((h, s1, value)) = g.after_claim(&cx.claim_cx(), &hand, d, tile, *a) else {
                continue;
            };
            // With jokers held (MY3-J), the hand after the claim keeps those it would not use.
            let left = g.held_jokers().saturating_sub(claim_jokers(&hand, k, *a));
            let mut worth = s1 < s0 || (s1 == s0 && value >= 0);
            if worth && s0 == 0 && s1 == 0 && !matches!(a, Action::Kong) {
                // Ready either way: claim only for better waits (more live tiles, or
                // worth more by the scorer).
                let meld = match *a {
                    Action::Chow { first } => Meld::new(
                        MeldKind::Chow,
                        first.kind().expect("playing tile") as u8,
                        true,
                    ),
                    _ => Meld::new(MeldKind::Pung, k as u8, true),
                };
                let now = self.wait_value(&cx, &hand).1;
                let then = g.with_held_jokers(left, || {
                    let held = KindMask(nonzero_mask(&h));
                    let after = g.shanten_each_removed(&h, d + 1, held);
                    let mut then = 0;
                    for x in held.iter() {
                        if after[x] == 0 && !cx.danger.contains(x) {
                            let mut c = h;
                            c[x] -= 1;
                            then = then.max(self.wait_value_with(&cx, &c, Some(meld)).1);
                        }
                    }
                    then
                });
                worth = then > now;
            } else if worth && s1 == s0 && s0 >= 1 && !matches!(a, Action::Kong) {
                // As far from ready either way: claim only if it leaves as many useful
                // tiles (the points of the set come on top).
                let unseen = &cx.sight.unseen;
                let now = self.useful(&hand, d, s0, unseen);
                let then = g.with_held_jokers(left, || {
                    let held = KindMask(nonzero_mask(&h));
                    let after = g.shanten_each_removed(&h, d + 1, held);
                    let mut then = 0;
                    for x in held.iter() {
                        if after[x] == s1 && !cx.danger.contains(x) {
                            let mut c = h;
                            c[x] -= 1;
                            then = then.max(self.useful(&c, d + 1, s1, unseen));
                        }
                    }
                    then
                });
                worth = then >= now;
            }
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

impl Bot for StrongBot {
    fn name(&self) -> &'static str {
        "strong"
    }

    fn act_on_legal(&mut self, legal: &LegalSet) -> Option<Action> {
        // As `act` decides it first, from the actions alone; not where every view is
        // noted (`fold_near`: the plan binds a declared seat by his passes).
        if self.fold_near {
            return None;
        }
        obvious_on_legal(legal)
    }

    fn act(&mut self, view: &SeatView) -> Action {
        if self.fold_near {
            // Every view, as greedy notes them: declarations seen early count more passes.
            self.greedy.note_view(view);
        }
        if let Some(a) = obvious(view) {
            return a;
        }
        if self.fold_near && matches!(view.phase, PhaseView::Turn { .. }) {
            if let Some(tile) = self.fold_near_ready(view) {
                return Action::Discard { tile, call: false };
            }
        }
        // Jokers (MY3-J): every shanten and wait of this decision counts the hand's.
        self.greedy.note_jokers(view);
        if self.greedy.plan.is_some() {
            // Wins need a minimum value: greedy's plans toward it, its waits valued by the
            // scorer, with useful tiles for every candidate.
            return self.greedy.act(view);
        }
        match view.phase {
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
