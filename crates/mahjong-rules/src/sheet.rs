//! The readable score sheet of `mahjong score` without `--json`, in English, Czech or Polish.
//! Families with their own way of counting override [`crate::Family::sheet`]; the labels are
//! in [`crate::sheet_text`], the rules' names in the catalogue.

use std::fmt::Write;

use mahjong_tiles::Wind;

use crate::catalogue::{self, Lang};
use crate::sheet_text::{counted, tr, wind_name, wind_name_width, Txt, Word};
use crate::{Outcome, Rule, Table, WinFrom};

/// Renders every seat's items (rule id, name, points, doubles), the score, the payments
/// and the settlement, with every label and rule name in `lang`.
pub fn points_and_doubles(
    name: &str,
    winds: &[Wind],
    table: &Table,
    outcome: &Outcome,
    lang: Lang,
) -> String {
    let mut s = String::new();
    let wind = |i: usize| winds[i % winds.len()].letter();
    let _ = writeln!(
        s,
        "{}",
        heading(name, table, wind, Txt::WonLoose, Txt::Washout, lang)
    );
    let seats = &outcome.scores[..outcome.seats];
    let whats = item_whats(seats, lang);
    let score_label = Txt::Score.template(lang);
    let width = name_column(
        lang,
        44,
        whats
            .iter()
            .flatten()
            .map(String::as_str)
            .chain([score_label]),
    );
    for (i, sc) in seats.iter().enumerate() {
        let role = if table.winner == Some(i) {
            format!("  {}", Txt::Winner.template(lang))
        } else {
            String::new()
        };
        let _ = writeln!(
            s,
            "\n{} {}{role}",
            wind(i),
            wind_name(winds[i % winds.len()], lang)
        );
        for (it, what) in sc.items.as_slice().iter().zip(&whats[i]) {
            let value = if it.limit {
                Txt::Limit.template(lang).to_string()
            } else {
                let mut v = Vec::new();
                if it.points > 0 {
                    v.push(format!("{:>4}", it.points));
                }
                if it.doubles > 0 {
                    v.push(format!(
                        "{:>2} {}",
                        it.doubles,
                        counted(lang, it.doubles.into(), Word::Doubles)
                    ));
                }
                v.join("  ")
            };
            let _ = writeln!(s, "  {:<6} {what:<width$} {value}", it.rule.id);
        }
        let limit = match sc.limit {
            Some(r) => format!("  ({} {})", r.id, rule_name(r, lang)),
            None => String::new(),
        };
        let _ = writeln!(
            s,
            "  {:<6} {score_label:<width$} {} {} x 2^{} = {}{limit}",
            "",
            sc.points,
            counted(lang, sc.points as i64, Word::Points),
            sc.doubles,
            sc.score
        );
    }
    payments_and_settlement(&mut s, Txt::Payments, outcome, wind, lang);
    s
}

/// The name of `rule` in `lang`: the catalogue's name for the scorer's exact English one
/// (the variant an id's items carry), or the English name for an id the catalogue lacks
/// (a family outside the registry).
pub(crate) fn rule_name(rule: &Rule, lang: Lang) -> &'static str {
    if lang == Lang::En {
        return rule.name;
    }
    catalogue::translate(rule.id, rule.name, lang).unwrap_or(rule.name)
}

/// An item's name column: its rule's name in `lang`, and its tile when it has one.
pub(crate) fn item_what(it: &crate::Item, lang: Lang) -> String {
    match it.tile {
        Some(t) => format!("{} {t}", rule_name(it.rule, lang)),
        None => rule_name(it.rule, lang).to_string(),
    }
}

/// The width (in chars) of a name column whose English width is `fixed`. English keeps it
/// fixed, so its sheet stays as it always was (a longer name overflows); Czech and Polish
/// names run longer, so there the column widens to the sheet's longest name to keep the
/// values aligned.
pub(crate) fn name_column<'a>(
    lang: Lang,
    fixed: usize,
    names: impl IntoIterator<Item = &'a str>,
) -> usize {
    if lang == Lang::En {
        return fixed;
    }
    names
        .into_iter()
        .map(|n| n.chars().count())
        .fold(fixed, usize::max)
}

/// The width a seat's full name is padded to where a text follows it on the same line: the
/// longest name of `lang` and a space (English: 6).
pub(crate) fn seat_name_column(lang: Lang) -> usize {
    wind_name_width(lang) + 1
}

/// The sheet's closing sections: each payment under `heading` (one from past the seats is
/// the pot's, J3-S10), then every seat's net result.
pub(crate) fn payments_and_settlement(
    s: &mut String,
    heading: Txt,
    outcome: &Outcome,
    letter: impl Fn(usize) -> char,
    lang: Lang,
) {
    let payments = outcome.payments.as_slice();
    if !payments.is_empty() {
        let _ = writeln!(s, "\n{}", heading.template(lang));
        let labels: Vec<String> = payments
            .iter()
            .map(|p| {
                if p.from >= outcome.seats {
                    tr(lang, Txt::PotTo, &[("to", &letter(p.to))])
                } else {
                    tr(
                        lang,
                        Txt::Pays,
                        &[("from", &letter(p.from)), ("to", &letter(p.to))],
                    )
                }
            })
            .collect();
        // The labels differ in length in cs/pl ("bank platí S", "E platí S"): the amounts
        // stay in one column (in English both are 8 chars, as they always were).
        let w = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        for (p, label) in payments.iter().zip(&labels) {
            let _ = writeln!(s, "  {label:<w$} {:>6}", p.amount);
        }
    }
    let _ = writeln!(s, "\n{}", Txt::Settlement.template(lang));
    for i in 0..outcome.seats {
        let _ = writeln!(s, "  {} {:>+7}", letter(i), outcome.settlement[i]);
    }
}

/// Who won, with which tile and how, in `lang`; `None` for a hand nobody won. `loose` is
/// the family's word for a win with a tile drawn for a kong or bonus tile
/// ([`Txt::WonLoose`] or [`Txt::WonReplacement`]).
fn won_line(
    table: &Table,
    letter: impl Fn(usize) -> char,
    loose: Txt,
    lang: Lang,
) -> Option<String> {
    let (Some(w), Some(win)) = (table.winner, &table.win) else {
        return None;
    };
    let msg = match win.from {
        WinFrom::Wall => Txt::WonWall,
        WinFrom::Loose => loose,
        WinFrom::Discard => Txt::WonDiscard,
        WinFrom::RobbedKong => Txt::WonRobbing,
    };
    Some(tr(
        lang,
        msg,
        &[
            ("who", &letter(w)),
            ("tile", &win.tile),
            ("from", &letter(win.supplier.unwrap_or(0))),
        ],
    ))
}

/// The sheet's first line: the ruleset, the prevailing wind and how the hand was won
/// (`loose`: how the family says a win with a loose tile), or `no_winner`, what a hand
/// nobody won means in the family.
pub(crate) fn heading(
    ruleset: &str,
    table: &Table,
    letter: impl Fn(usize) -> char,
    loose: Txt,
    no_winner: Txt,
    lang: Lang,
) -> String {
    let how = won_line(table, letter, loose, lang)
        .unwrap_or_else(|| no_winner.template(lang).to_string());
    let head = tr(
        lang,
        Txt::Heading,
        &[("name", &ruleset), ("wind", &table.prevailing.letter())],
    );
    format!("{head}   {how}")
}

/// A three-player sheet's first line and its newline: [`heading`] with the seats' wind
/// letters and a win on a loose tile said as a replacement; `no_winner` as the family says it.
pub(crate) fn three_player_heading(
    ruleset: &str,
    winds: &[Wind],
    table: &Table,
    no_winner: Txt,
    lang: Lang,
) -> String {
    let letter = |i: usize| winds[i % winds.len()].letter();
    let mut s = heading(ruleset, table, letter, Txt::WonReplacement, no_winner, lang);
    s.push('\n');
    s
}

/// A three-player sheet's seat heading, after a blank line: the winner's (`E East  winner`)
/// or a loser's, who scores nothing there (`W West    scores nothing …`, the name padded
/// to `name_width`); `suffix` follows either (a riichi).
pub(crate) fn seat_heading(
    s: &mut String,
    letter: char,
    name: &str,
    name_width: usize,
    winner: bool,
    suffix: &str,
    lang: Lang,
) {
    let _ = if winner {
        writeln!(
            s,
            "\n{letter} {name}  {}{suffix}",
            Txt::Winner.template(lang)
        )
    } else {
        writeln!(
            s,
            "\n{letter} {name:<name_width$} {}{suffix}",
            Txt::ScoresNothing.template(lang)
        )
    };
}

/// Each seat's items as the sheet names them ([`item_what`]).
pub(crate) fn item_whats(seats: &[crate::SeatScore], lang: Lang) -> Vec<Vec<String>> {
    seats
        .iter()
        .map(|sc| {
            sc.items
                .as_slice()
                .iter()
                .map(|it| item_what(it, lang))
                .collect()
        })
        .collect()
}
