//! The japanese-3p score sheet.

use std::fmt::Write;

use mahjong_tiles::Wind;

use crate::catalogue::Lang;
use crate::sheet::{
    item_whats, name_column, rule_name, seat_heading, seat_name_column, three_player_heading,
};
use crate::sheet_text::{tr, wind_name, Txt};
use crate::{Outcome, Table};

/// The japanese-3p sheet: only the winner scores; each item with its han (a yakuman with
/// its count), then the han, the payment band and the value; payments with the riichi
/// sticks, and the pot carried from earlier hands. Labels and rule names in `lang`.
pub(super) fn sheet(
    ruleset: &str,
    winds: &[Wind],
    table: &Table,
    outcome: &Outcome,
    lang: Lang,
) -> String {
    let letter = |i: usize| winds[i % winds.len()].letter();
    let name = |i: usize| wind_name(winds[i % winds.len()], lang);
    let mut s = three_player_heading(ruleset, winds, table, Txt::WashoutReady, lang);
    let seats = &outcome.scores[..outcome.seats];
    let whats = item_whats(seats, lang);
    let width = name_column(lang, 44, whats.iter().flatten().map(String::as_str));
    let name_width = seat_name_column(lang);
    for (i, sc) in seats.iter().enumerate() {
        let riichi = match table.hands[i].riichi {
            crate::Riichi::None => String::new(),
            crate::Riichi::Riichi => format!("  {}", Txt::Riichi.template(lang)),
            crate::Riichi::Double => format!("  {}", Txt::DoubleRiichi.template(lang)),
        };
        let winner = table.winner == Some(i);
        seat_heading(
            &mut s,
            letter(i),
            name(i),
            name_width,
            winner,
            &riichi,
            lang,
        );
        if !winner {
            continue;
        }
        for (it, what) in sc.items.as_slice().iter().zip(&whats[i]) {
            let value = if it.doubles > 0 {
                tr(lang, Txt::Yakuman, &[("n", &it.doubles)])
            } else {
                format!("{:>2} han", it.points)
            };
            let _ = writeln!(s, "  {:<7} {what:<width$} {value}", it.rule.id);
        }
        let total = match (sc.doubles, sc.limit) {
            (0, Some(r)) => format!(
                "{} han, {} {}: {}",
                sc.points,
                r.id,
                rule_name(r, lang),
                sc.score
            ),
            (0, None) => format!("{} han: {}", sc.points, sc.score),
            (n, _) => format!("{}: {}", tr(lang, Txt::Yakuman, &[("n", &n)]), sc.score),
        };
        let _ = writeln!(s, "  {:<7} {total}", "");
    }
    crate::sheet::payments_and_settlement(&mut s, Txt::PaymentsRiichi, outcome, letter, lang);
    s
}
