//! The korean-3p score sheet.

use std::fmt::Write;

use mahjong_tiles::Wind;

use super::{class_of, Class};
use crate::catalogue::Lang;
use crate::sheet::{name_column, rule_name, seat_heading, seat_name_column, three_player_heading};
use crate::sheet_text::{counted, tr, wind_name, Txt, Word};
use crate::{Outcome, Table};

/// The korean-3p sheet: only the winner scores; each item is marked hand-points (HP),
/// bonus-points (BP), a limit hand, or a note on the settlement. Labels and rule names in
/// `lang` (Czech and Polish spell the points out, in the form their number takes).
pub(super) fn sheet(
    ruleset: &str,
    winds: &[Wind],
    table: &Table,
    outcome: &Outcome,
    lang: Lang,
) -> String {
    let letter = |i: usize| winds[i % winds.len()].letter();
    let name = |i: usize| wind_name(winds[i % winds.len()], lang);
    let mut s = three_player_heading(ruleset, winds, table, Txt::Goulash, lang);
    let seats = &outcome.scores[..outcome.seats];
    let whats: Vec<Vec<String>> = seats
        .iter()
        .map(|sc| {
            sc.items
                .as_slice()
                .iter()
                .map(|it| match it.tile {
                    Some(t) if it.rule.id == "K3-S5" => {
                        let seat = winds.iter().position(|w| w.tile() == t).unwrap_or(0);
                        format!("{} ({})", rule_name(it.rule, lang), letter(seat))
                    }
                    Some(t) => format!("{} {t}", rule_name(it.rule, lang)),
                    None => rule_name(it.rule, lang).to_string(),
                })
                .collect()
        })
        .collect();
    let width = name_column(lang, 52, whats.iter().flatten().map(String::as_str));
    let name_width = seat_name_column(lang);
    let points = |n: u64, word: Word| format!("{n:>3} {}", counted(lang, n as i64, word));
    for (i, sc) in seats.iter().enumerate() {
        let winner = table.winner == Some(i);
        seat_heading(&mut s, letter(i), name(i), name_width, winner, "", lang);
        if !winner {
            continue;
        }
        for (it, what) in sc.items.as_slice().iter().zip(&whats[i]) {
            let n = u64::from(it.points);
            let value = match class_of(it.rule) {
                Some(Class::HandPoints) => points(n, Word::HandPoints),
                Some(Class::BonusPoints) => points(n, Word::BonusPoints),
                Some(Class::Limit) => format!("{} {n}", Txt::Limit.template(lang)),
                Some(Class::Settlement) if it.rule.id == "K3-M2" => {
                    tr(lang, Txt::FromEachPlus, &[("n", &n)])
                }
                Some(Class::Settlement) if n > 0 => {
                    format!("-{n} {}", counted(lang, n as i64, Word::BonusPoints))
                }
                _ => String::new(),
            };
            let _ = writeln!(s, "  {:<7} {what:<width$} {value}", it.rule.id);
        }
        let total = match sc.limit {
            Some(r) => tr(
                lang,
                Txt::KoreanLimitTotal,
                &[
                    ("rule", &format_args!("{} {}", r.id, rule_name(r, lang))),
                    ("score", &sc.score),
                    ("hp", &sc.points),
                ],
            ),
            None => tr(
                lang,
                Txt::KoreanTotal,
                &[
                    ("hp", &sc.points),
                    ("bp", &(sc.score - sc.points)),
                    ("total", &sc.score),
                ],
            ),
        };
        let _ = writeln!(s, "  {:<7} {total}", "");
    }
    crate::sheet::payments_and_settlement(&mut s, Txt::Payments, outcome, letter, lang);
    s
}
