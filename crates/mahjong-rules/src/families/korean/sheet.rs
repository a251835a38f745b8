//! The korean-3p score sheet.

use std::fmt::Write;

use mahjong_tiles::Wind;

use super::{class_of, Class};
use crate::sheet::{how_won, SEAT_NAMES};
use crate::{Outcome, Table};

/// The korean-3p sheet: only the winner scores; each item is marked hand-points (HP),
/// bonus-points (BP), a limit hand, or a note on the settlement.
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
        if table.winner != Some(i) {
            let _ = writeln!(
                s,
                "\n{} {:<6} scores nothing (only the winner scores)",
                letter(i),
                name(i)
            );
            continue;
        }
        let _ = writeln!(s, "\n{} {}  winner", letter(i), name(i));
        for it in sc.items.as_slice() {
            let what = match it.tile {
                Some(t) if it.rule.id == "K3-S5" => {
                    let seat = winds.iter().position(|w| w.tile() == t).unwrap_or(0);
                    format!("{} ({})", it.rule.name, letter(seat))
                }
                Some(t) => format!("{} {t}", it.rule.name),
                None => it.rule.name.to_string(),
            };
            let value = match class_of(it.rule) {
                Some(Class::HandPoints) => format!("{:>3} HP", it.points),
                Some(Class::BonusPoints) => format!("{:>3} BP", it.points),
                Some(Class::Limit) => format!("limit {}", it.points),
                Some(Class::Settlement) if it.rule.id == "K3-M2" => {
                    format!("+{} from each", it.points)
                }
                Some(Class::Settlement) if it.points > 0 => format!("-{} BP", it.points),
                _ => String::new(),
            };
            let _ = writeln!(s, "  {:<7} {:<52} {value}", it.rule.id, what);
        }
        let total = match sc.limit {
            Some(r) => format!(
                "{} {}: {} (hand-points {})",
                r.id, r.name, sc.score, sc.points
            ),
            None => format!(
                "hand-points {} + bonus-points {} = {}",
                sc.points,
                sc.score - sc.points,
                sc.score
            ),
        };
        let _ = writeln!(s, "  {:<7} {total}", "");
    }
    crate::sheet::payments_and_settlement(&mut s, "Payments", outcome, letter);
    s
}
