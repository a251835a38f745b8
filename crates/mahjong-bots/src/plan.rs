//! Play toward a minimum: in a ruleset whose wins need a minimum value (a family's
//! [`Plan`], `Ruleset::bot_plan`), the greedy bot measures distance from ready only toward
//! hands that can meet it, and values a possible win with the ruleset's own scorer.
//!
//! Everything the family decides (what sets are worth, the minimum, the forms open to a
//! hand, what a win brings in) comes from the plan; this module reads a seat's view into
//! the plan's terms.

use std::ops::Deref;

use mahjong_engine::{SeatView, SetKind};
use mahjong_hands::Counts;
use mahjong_rules::plan::{Declared, Plan, Winds};
use mahjong_rules::{win_rank, Ruleset};

/// A ruleset's plan with what valuing a win needs.
#[derive(Clone, Debug)]
pub(crate) struct Planner {
    ruleset: Ruleset,
    plan: Plan,
}

impl Deref for Planner {
    type Target = Plan;

    fn deref(&self) -> &Plan {
        &self.plan
    }
}

impl Planner {
    /// The plan of `ruleset`, `None` when every complete hand wins.
    pub fn of(ruleset: &Ruleset) -> Option<Planner> {
        Some(Planner {
            plan: ruleset.bot_plan()?,
            ruleset: ruleset.clone(),
        })
    }

    /// The seat's own and prevailing wind.
    pub fn winds(view: &SeatView) -> Winds {
        Winds {
            own: view.wind.tile().kind().expect("wind"),
            prevailing: view.prevailing.tile().kind().expect("wind"),
        }
    }

    /// The seat's declared sets.
    pub fn declared(&self, view: &SeatView, w: Winds) -> Declared {
        let mut d = Declared::default();
        for s in &view.public[view.player].sets {
            let Some(k) = s.tile.kind() else { continue };
            match s.kind {
                SetKind::Chow => d.add_chow(k, s.exposed),
                SetKind::Kong(_) => d.add(&self.plan, k, true, s.exposed, w),
                _ => d.add(&self.plan, k, false, s.exposed, w),
            }
        }
        d
    }

    /// What going out with kind `k` would bring in from the opponents (by the plan's
    /// takings), `None` when the win is not legal (below the minimum). `c` holds the
    /// concealed tiles with `k` added; `ready` as if declared.
    pub fn win_value(
        &self,
        view: &SeatView,
        c: &Counts,
        k: usize,
        self_drawn: bool,
        ready: bool,
    ) -> Option<u64> {
        let n = view.seats;
        // A declared concealed hand meets the minimum whatever it is, and every legal win
        // brings in the same: no need to score it (the callers pass complete hands).
        if ready
            && self.plan.declaring_makes_minimum()
            && self.plan.wins_alike()
            && view.public[view.player].sets.iter().all(|s| !s.exposed)
        {
            return Some(self.plan.takings((0, 0), self_drawn, (n - 1) as u64));
        }
        let pos = (view.player + n - view.dealer) % n;
        let table = crate::value::win_table(view, c, k, self_drawn, pos, ready)?;
        let rank = win_rank(&table, pos, &self.ruleset, self.plan.shape())?;
        Some(self.plan.takings(rank, self_drawn, (n - 1) as u64))
    }
}
