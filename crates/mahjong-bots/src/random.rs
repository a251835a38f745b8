//! A bot that picks uniformly among its legal actions.

use mahjong_engine::{Action, LegalSet, SeatView};
use rand::{RngCore, SeedableRng};
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

impl RandomBot {
    /// A uniform index below `n` (at most [`mahjong_engine::MAX_LEGAL`]), exactly: one
    /// 32-bit word, a widening multiply, and Lemire's rejection of the
    /// `2^32 mod n` low words that would bias it. For so small an `n` a word is rejected
    /// about once in a hundred million draws, so the test almost never branches (a
    /// rejection zone as `gen_range` uses turns down up to half the words, at random).
    #[inline]
    fn pick(&mut self, n: usize) -> usize {
        let range = n as u32;
        loop {
            let m = u64::from(self.rng.next_u32()) * u64::from(range);
            let low = m as u32;
            if low >= range || low >= range.wrapping_neg() % range {
                return (m >> 32) as usize;
            }
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
            n => view.legal[self.pick(n)],
        }
    }

    fn act_on_legal(&mut self, legal: &LegalSet) -> Option<Action> {
        // The same draws as `act`: none for zero or one choice.
        match legal.len() {
            0 => Some(Action::Pass),
            1 => legal.get(0),
            n => legal.get(self.pick(n)),
        }
    }
}
