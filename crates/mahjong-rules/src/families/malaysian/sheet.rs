//! The malaysian-3p score sheet.

use std::fmt::Write;

use mahjong_tiles::Wind;

use super::score::instant_payments;
use super::MalaysianOptions;
use crate::catalogue::Lang;
use crate::sheet::{
    item_whats, name_column, rule_name, seat_heading, seat_name_column, three_player_heading,
};
use crate::sheet_text::{tr, wind_name, Txt};
use crate::{Outcome, Table};

/// The malaysian-3p sheet: only the winner scores; each item with its fan (a limit hand
/// as a limit), then the fan and the base B; the instant payments the table shows
/// (MY3-I1–I4, and a robbed kong's where `robbed_kong_refund` is off), the payments and the settlement. Labels and rule names in `lang`.
pub(super) fn sheet(
    ruleset: &str,
    winds: &[Wind],
    table: &Table,
    outcome: &Outcome,
    o: &MalaysianOptions,
    lang: Lang,
) -> String {
    let letter = |i: usize| winds[i % winds.len()].letter();
    let name = |i: usize| wind_name(winds[i % winds.len()], lang);
    let mut s = three_player_heading(ruleset, winds, table, Txt::DrawnInstant, lang);
    let seats = &outcome.scores[..outcome.seats];
    let whats = item_whats(seats, lang);
    let width = name_column(lang, 44, whats.iter().flatten().map(String::as_str));
    let name_width = seat_name_column(lang);
    for (i, sc) in seats.iter().enumerate() {
        let winner = table.winner == Some(i);
        seat_heading(&mut s, letter(i), name(i), name_width, winner, "", lang);
        if !winner {
            continue;
        }
        for (it, what) in sc.items.as_slice().iter().zip(&whats[i]) {
            let value = if it.limit {
                tr(lang, Txt::LimitFan, &[("n", &it.points)])
            } else {
                tr(lang, Txt::Fan, &[("n", &format_args!("{:>2}", it.points))])
            };
            let _ = writeln!(s, "  {:<8} {what:<width$} {value}", it.rule.id);
        }
        let total = match sc.limit {
            Some(r) if r.id == "MY3-L2" => tr(
                lang,
                Txt::FanRuleBase,
                &[
                    ("n", &sc.points),
                    ("rule", &format_args!("{} {}", r.id, rule_name(r, lang))),
                    ("base", &sc.score),
                ],
            ),
            Some(r) => tr(
                lang,
                Txt::LimitFanBase,
                &[
                    ("rule", &format_args!("{} {}", r.id, rule_name(r, lang))),
                    ("n", &sc.points),
                    ("base", &sc.score),
                ],
            ),
            None => tr(
                lang,
                Txt::FanBase,
                &[("n", &sc.points), ("base", &sc.score)],
            ),
        };
        let _ = writeln!(s, "  {:<8} {total}", "");
    }
    let (instant, n) = instant_payments(table, o.robbed_kong_refund);
    if n > 0 {
        let _ = writeln!(s, "\n{}", Txt::InstantPayments.template(lang));
        let whats: Vec<String> = instant[..n]
            .iter()
            .map(|p| {
                if p.tile.is_bonus() {
                    let group = if p.tile.is_flower() {
                        Txt::Flowers
                    } else if p.tile.is_season() {
                        Txt::Seasons
                    } else if p.tile.is_animal() {
                        Txt::Animals
                    } else {
                        Txt::Faces
                    };
                    format!("{} ({})", rule_name(p.rule, lang), group.template(lang))
                } else {
                    format!("{} {}", rule_name(p.rule, lang), p.tile)
                }
            })
            .collect();
        let width = name_column(lang, 36, whats.iter().map(String::as_str));
        for (p, what) in instant[..n].iter().zip(&whats) {
            let from = match p.from {
                Some(f) => tr(lang, Txt::FromSeat, &[("who", &letter(f))]),
                None => Txt::FromEach.template(lang).to_string(),
            };
            let _ = writeln!(
                s,
                "  {} {:<8} {what:<width$} {:>4} {from}",
                letter(p.seat),
                p.rule.id,
                p.amount
            );
        }
    }
    crate::sheet::payments_and_settlement(&mut s, Txt::Payments, outcome, letter, lang);
    s
}
