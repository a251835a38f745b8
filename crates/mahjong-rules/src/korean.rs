//! The Korean/Japanese three-player hand-points game (`three-player-korean.md`, seed 004):
//! hand-points (K3-HP), bonus-points (K3-BP), limit hands (K3-L), the minimum (K3-S1) and
//! payments (K3-S3–S6, K3-M2 goulash).
//!
//! Only the winner scores. A seat's [`SeatScore`]: `points` = hand-points, `score` =
//! hand-points + bonus-points (what a non-ready opponent pays on a self-drawn win), or the
//! limit / half limit for a limit hand.

use mahjong_hands::Shape;

use crate::score::{Payments, Rule, SeatScore};
use crate::table::{InputError, Table};
use crate::KoreanOptions;

use crate::rules::rules;

rules! {
    ALL;
    K3S1_MINIMUM = "K3-S1", "minimum hand-points";
}

/// How a possible win ranks (K3-P7: hand-points, then bonus-points), or `None` when the
/// hand is not a legal win (not complete, or below the minimum K3-S1).
pub(crate) fn win_rank(
    table: &Table,
    seat: usize,
    o: &KoreanOptions,
    shape: &Shape,
) -> Option<(u64, u64)> {
    let _ = (table, seat, o, shape);
    None
}

/// Scores one seat: the winner's items, or nothing for a loser.
pub(crate) fn score_one_seat(
    table: &Table,
    seat: usize,
    o: &KoreanOptions,
    shape: &Shape,
    ruleset_name: &str,
    out: &mut SeatScore,
) -> Result<(), InputError> {
    let _ = (table, seat, o, shape, ruleset_name);
    *out = SeatScore::ZERO;
    if table.winner == Some(seat) {
        return Err(InputError::new(
            "winner",
            "korean-3p scoring is not implemented yet",
        ));
    }
    Ok(())
}

/// Payments K3-S3–S6 and the K3-M2 goulash bonus.
pub fn settle_korean(table: &Table, scores: &[SeatScore; 4], o: &KoreanOptions) -> Payments {
    let _ = (table, scores, o);
    Payments::EMPTY
}
