//! A bot that picks uniformly among its legal actions.

use mahjong_engine::{Action, LegalSet, SeatView};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::Bot;

/// Uniform over `view.legal`, seeded.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A random bot with its own seed.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn act(&mut self, view: &SeatView) -> Action {
        match view.legal.len() {
            0 => Action::Pass,
            1 => view.legal[0],
            n => view.legal[self.rng.gen_range(0..n)],
        }
    }

    fn act_on_legal(&mut self, legal: &LegalSet) -> Option<Action> {
        // The same draws as `act`: none for zero or one choice.
        match legal.len() {
            0 => Some(Action::Pass),
            1 => legal.get(0),
            n => legal.get(self.rng.gen_range(0..n)),
        }
    }
}
