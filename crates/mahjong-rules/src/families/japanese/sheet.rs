//! The japanese-3p score sheet.

use std::fmt::Write;

use mahjong_tiles::Wind;

use crate::sheet::{how_won, SEAT_NAMES};
use crate::{Outcome, Table};

/// The japanese-3p sheet: only the winner scores; each item with its han (a yakuman with
/// its count), then the han, the payment band and the value; payments with the riichi
/// sticks, and the pot carried from earlier hands.
pub(super) fn sheet(ruleset: &str, winds: &[Wind], table: &Table, outcome: &Outcome) -> String {
    let letter = |i: usize| winds[i % winds.len()].letter();
    let name = |i: usize| SEAT_NAMES[winds[i % winds.len()].index()];
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Ruleset {}   prevailing wind {}   {}",
        ruleset,
        table.prevailing.letter(),
        how_won(table, letter)
    );
    for (i, sc) in outcome.scores.iter().enumerate().take(outcome.seats) {
        let riichi = match table.hands[i].riichi {
            crate::Riichi::None => "",
            crate::Riichi::Riichi => "  riichi",
            crate::Riichi::Double => "  double riichi",
        };
        if table.winner != Some(i) {
            let _ = writeln!(
                s,
                "\n{} {:<6} scores nothing (only the winner scores){riichi}",
                letter(i),
                name(i)
            );
            continue;
        }
        let _ = writeln!(s, "\n{} {}  winner{riichi}", letter(i), name(i));
        for it in sc.items.as_slice() {
            let what = match it.tile {
                Some(t) => format!("{} {t}", it.rule.name),
                None => it.rule.name.to_string(),
            };
            let value = if it.doubles > 0 {
                format!("yakuman x{}", it.doubles)
            } else {
                format!("{:>2} han", it.points)
            };
            let _ = writeln!(s, "  {:<7} {:<44} {value}", it.rule.id, what);
        }
        let total = match (sc.doubles, sc.limit) {
            (0, Some(r)) => format!("{} han, {} {}: {}", sc.points, r.id, r.name, sc.score),
            (0, None) => format!("{} han: {}", sc.points, sc.score),
            (n, _) => format!("yakuman x{n}: {}", sc.score),
        };
        let _ = writeln!(s, "  {:<7} {total}", "");
    }
    crate::sheet::payments_and_settlement(&mut s, "Payments (with riichi sticks)", outcome, letter);
    s
}
