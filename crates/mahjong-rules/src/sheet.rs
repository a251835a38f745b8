//! The readable score sheet of `mahjong score` without `--json`. Families with their own
//! way of counting override [`crate::Family::sheet`].

use std::fmt::Write;

use mahjong_tiles::Wind;

use crate::{Outcome, Table, WinFrom};

/// Seat names by wind index.
pub(crate) const SEAT_NAMES: [&str; 4] = ["East", "South", "West", "North"];

/// Renders every seat's items (rule id, name, points, doubles), the score, the payments
/// and the settlement.
pub fn points_and_doubles(name: &str, winds: &[Wind], table: &Table, outcome: &Outcome) -> String {
    let mut s = String::new();
    let wind = |i: usize| winds[i % winds.len()].letter();
    let _ = write!(
        s,
        "Ruleset {}   prevailing wind {}",
        name,
        table.prevailing.letter()
    );
    match (table.winner, &table.win) {
        (Some(w), Some(win)) => {
            let how = match win.from {
                WinFrom::Wall => "from the wall".to_string(),
                WinFrom::Loose => "with a loose tile".to_string(),
                WinFrom::Discard => format!("on {}'s discard", wind(win.supplier.unwrap_or(0))),
                WinFrom::RobbedKong => {
                    format!("robbing {}'s kong", wind(win.supplier.unwrap_or(0)))
                }
            };
            let _ = writeln!(s, "   {} wins with {} {how}", wind(w), win.tile);
        }
        _ => {
            let _ = writeln!(s, "   washout: no score, no settlement (M97)");
        }
    }
    for (i, sc) in outcome.scores.iter().enumerate().take(outcome.seats) {
        let role = if table.winner == Some(i) {
            "  winner"
        } else {
            ""
        };
        let _ = writeln!(
            s,
            "\n{} {}{role}",
            wind(i),
            SEAT_NAMES[winds[i % winds.len()].index()]
        );
        for it in sc.items.as_slice() {
            let what = match it.tile {
                Some(t) => format!("{} {t}", it.rule.name),
                None => it.rule.name.to_string(),
            };
            let value = if it.limit {
                "limit".to_string()
            } else {
                let mut v = Vec::new();
                if it.points > 0 {
                    v.push(format!("{:>4}", it.points));
                }
                if it.doubles > 0 {
                    v.push(format!(
                        "{:>2} double{}",
                        it.doubles,
                        if it.doubles == 1 { "" } else { "s" }
                    ));
                }
                v.join("  ")
            };
            let _ = writeln!(s, "  {:<6} {:<44} {value}", it.rule.id, what);
        }
        let limit = match sc.limit {
            Some(r) => format!("  ({} {})", r.id, r.name),
            None => String::new(),
        };
        let _ = writeln!(
            s,
            "  {:<6} {:<44} {} points x 2^{} = {}{limit}",
            "", "score", sc.points, sc.doubles, sc.score
        );
    }
    payments_and_settlement(&mut s, "Payments", outcome, wind);
    s
}

/// The sheet's closing sections: each payment under `heading` (one from past the seats is
/// the pot's, J3-S10), then every seat's net result.
pub(crate) fn payments_and_settlement(
    s: &mut String,
    heading: &str,
    outcome: &Outcome,
    letter: impl Fn(usize) -> char,
) {
    if !outcome.payments.as_slice().is_empty() {
        let _ = writeln!(s, "\n{heading}");
        for p in outcome.payments.as_slice() {
            if p.from >= outcome.seats {
                let _ = writeln!(s, "  pot to {} {:>6}", letter(p.to), p.amount);
            } else {
                let _ = writeln!(
                    s,
                    "  {} pays {} {:>6}",
                    letter(p.from),
                    letter(p.to),
                    p.amount
                );
            }
        }
    }
    let _ = writeln!(s, "\nSettlement");
    for i in 0..outcome.seats {
        let _ = writeln!(s, "  {} {:>+7}", letter(i), outcome.settlement[i]);
    }
}

/// How the hand was won, for the heading.
pub(crate) fn how_won(table: &Table, letter: impl Fn(usize) -> char) -> String {
    match (table.winner, &table.win) {
        (Some(w), Some(win)) => {
            let how = match win.from {
                WinFrom::Wall => "from the wall".to_string(),
                WinFrom::Loose => "with a replacement tile".to_string(),
                WinFrom::Discard => format!("on {}'s discard", letter(win.supplier.unwrap_or(0))),
                WinFrom::RobbedKong => {
                    format!("robbing {}'s kong", letter(win.supplier.unwrap_or(0)))
                }
            };
            format!("{} wins with {} {how}", letter(w), win.tile)
        }
        _ => "drawn hand (goulash): nobody scores; the next winner takes the goulash bonus \
              (K3-M2)"
            .to_string(),
    }
}
