//! The malaysian-3p score sheet.

use std::fmt::Write;

use mahjong_tiles::Wind;

use super::score::instant_payments;
use crate::sheet::{how_won, SEAT_NAMES};
use crate::{Outcome, Table};

/// The malaysian-3p sheet: only the winner scores; each item with its fan (a limit hand
/// as a limit), then the fan and the base B; the instant payments the table shows
/// (MY3-I1–I4), the payments and the settlement.
pub(super) fn sheet(ruleset: &str, winds: &[Wind], table: &Table, outcome: &Outcome) -> String {
    let letter = |i: usize| winds[i % winds.len()].letter();
    let name = |i: usize| SEAT_NAMES[winds[i % winds.len()].index()];
    let mut s = String::new();
    let how = match table.winner {
        Some(_) => how_won(table, letter),
        None => {
            "drawn hand: nothing is paid for the hand; instant payments stand (MY3-P6)".to_string()
        }
    };
    let _ = writeln!(
        s,
        "Ruleset {}   prevailing wind {}   {how}",
        ruleset,
        table.prevailing.letter(),
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
                Some(t) => format!("{} {t}", it.rule.name),
                None => it.rule.name.to_string(),
            };
            let value = if it.limit {
                format!("limit {} fan", it.points)
            } else {
                format!("{:>2} fan", it.points)
            };
            let _ = writeln!(s, "  {:<8} {:<44} {value}", it.rule.id, what);
        }
        let total = match sc.limit {
            Some(r) if r.id == "MY3-L2" => {
                format!("{} fan ({} {}): base {}", sc.points, r.id, r.name, sc.score)
            }
            Some(r) => format!(
                "limit ({} {}): {} fan, base {}",
                r.id, r.name, sc.points, sc.score
            ),
            None => format!("{} fan: base {}", sc.points, sc.score),
        };
        let _ = writeln!(s, "  {:<8} {total}", "");
    }
    let (instant, n) = instant_payments(table);
    if n > 0 {
        let _ = writeln!(s, "\nInstant payments");
        for p in &instant[..n] {
            let from = match p.from {
                Some(f) => format!("from {}", letter(f)),
                None => "from each".to_string(),
            };
            let what = if p.tile.is_bonus() {
                let group = if p.tile.is_flower() {
                    "flowers"
                } else if p.tile.is_season() {
                    "seasons"
                } else if p.tile.is_animal() {
                    "animals"
                } else {
                    "faces"
                };
                format!("{} ({group})", p.rule.name)
            } else {
                format!("{} {}", p.rule.name, p.tile)
            };
            let _ = writeln!(
                s,
                "  {} {:<8} {:<36} {:>4} {from}",
                letter(p.seat),
                p.rule.id,
                what,
                p.amount
            );
        }
    }
    crate::sheet::payments_and_settlement(&mut s, "Payments", outcome, letter);
    s
}
