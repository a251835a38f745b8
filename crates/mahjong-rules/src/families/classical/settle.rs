//! Settlement (M107–M111): who pays whom.

use super::ClassicalOptions;
use crate::score::Payments;
use crate::table::Table;

/// Settles a classical hand from every seat's score.
///
/// - The winner receives his score from each loser (M107); East pays or receives double
///   (`east_doubles`); with `discarder_doubles` the discarder pays double, and on a
///   self-drawn win everybody does.
/// - Losers settle their differences, doubled between East and another (`losers_settle`).
/// - A cannon (M90–M96): the liable seat pays the winner everything the losers owe him and
///   losers do not settle among themselves.
/// - A washout settles nothing (M97).
pub fn settle_classical(table: &Table, scores: &[u64; 4], o: &ClassicalOptions) -> Payments {
    settle_points(
        table,
        scores,
        o.east_doubles,
        o.losers_settle,
        o.discarder_doubles,
    )
}

/// The classical settlement with its three choices as arguments, shared with the families
/// of the classical tradition.
pub(crate) fn settle_points(
    table: &Table,
    scores: &[u64; 4],
    east_doubles: bool,
    losers_settle: bool,
    discarder_doubles: bool,
) -> Payments {
    let mut pay = Payments::EMPTY;
    let Some(w) = table.winner else {
        return pay;
    };
    let win = table.win.as_ref().expect("a winner has a win");
    let east = |a: usize, b: usize| east_doubles && (a == 0 || b == 0);
    let mut owed = [0u64; 4];
    for (l, owe) in owed.iter_mut().enumerate().take(table.seats) {
        if l == w {
            continue;
        }
        let mut factor = if east(l, w) { 2 } else { 1 };
        if discarder_doubles && (win.self_drawn() || win.supplier == Some(l)) {
            factor *= 2;
        }
        *owe = scores[w].saturating_mul(factor);
    }
    if let Some(c) = table.cannon {
        pay.push(c, w, owed.iter().sum());
        return pay;
    }
    for (l, &owe) in owed.iter().enumerate().take(table.seats) {
        if l != w {
            pay.push(l, w, owe);
        }
    }
    if losers_settle {
        for a in 0..table.seats {
            for b in a + 1..table.seats {
                if a == w || b == w || scores[a] == scores[b] {
                    continue;
                }
                let factor = if east(a, b) { 2 } else { 1 };
                let (lo, hi) = if scores[a] < scores[b] {
                    (a, b)
                } else {
                    (b, a)
                };
                pay.push(lo, hi, (scores[hi] - scores[lo]).saturating_mul(factor));
            }
        }
    }
    pay
}
