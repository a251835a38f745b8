//! Drawing the [`App`] with ratatui: the table (every seat's public side), the player's
//! hand, the prompt, the log, and the overlays (score sheet, help, quit, game over).

use std::time::Instant;

use mahjong_engine::{Action, PaymentRecord, PhaseView, PublicSet, ScoredItem, SetKind};
use mahjong_tiles::Tile;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

use crate::app::{describe_action_in, set_tiles, App, ScoreSheet};
use crate::names::{item_name, units, NameContext};
use crate::text::{self, Msg};
use mahjong_rules::catalogue::{Lang, Units};

/// The colour a tile code is drawn in: one per suit, winds, dragons, bonus tiles.
pub fn tile_color(t: Tile) -> Color {
    match t.suit() {
        Some(mahjong_tiles::Suit::Bamboo) => Color::Green,
        Some(mahjong_tiles::Suit::Characters) => Color::Red,
        Some(mahjong_tiles::Suit::Circles) => Color::LightBlue,
        None if t.wind().is_some() => Color::Yellow,
        None if t.dragon_kind().is_some() => Color::Magenta,
        None => Color::Cyan,
    }
}

fn tile_span(t: Tile) -> Span<'static> {
    Span::styled(t.code(), Style::default().fg(tile_color(t)))
}

/// Tiles as coloured codes separated by spaces.
fn tile_spans(tiles: &[Tile]) -> Vec<Span<'static>> {
    let mut v = Vec::with_capacity(tiles.len() * 2);
    for (i, &t) in tiles.iter().enumerate() {
        if i > 0 {
            v.push(Span::raw(" "));
        }
        v.push(tile_span(t));
    }
    v
}

/// A set in brackets; a concealed kong says so in words (`[4C 4C 4C 4C concealed]`).
fn set_spans(set: &PublicSet, lang: Lang) -> Vec<Span<'static>> {
    let mut v = vec![Span::raw("[")];
    let mut tiles = set_tiles(set.kind, set.tile);
    // Jokers (MY3-J2) where they stand: a chow's for its tile, a pung's last tiles.
    match set.joker_for {
        Some(f) => {
            if let Some(t) = tiles.iter_mut().find(|t| **t == f) {
                *t = Tile::JOKER;
            }
        }
        None => {
            for t in tiles.iter_mut().rev().take(set.jokers as usize) {
                *t = Tile::JOKER;
            }
        }
    }
    v.extend(tile_spans(&tiles));
    if matches!(set.kind, SetKind::Kong(_)) && !set.exposed {
        v.push(Span::styled(
            text::tr(lang, Msg::ConcealedMark, &[]),
            Style::default().add_modifier(Modifier::DIM),
        ));
    }
    v.push(Span::raw("]"));
    v
}

/// A player's standing: his net total (`+12`) where totals are net results, his points and
/// the net change (`36,000 (+1,000)`) where the game counts from a starting score; numbers
/// as `lang` writes them ([`text::grouped`]).
pub fn standing(starting: i64, total: i64, lang: Lang) -> String {
    if starting == 0 {
        text::signed(total, lang)
    } else {
        format!(
            "{} ({})",
            text::grouped(starting + total, lang),
            text::signed_grouped(total, lang)
        )
    }
}

/// An amount as the game counts it: grouped where it counts points from a starting score,
/// as it is elsewhere (unchanged for chip games).
fn amount(starting: i64, v: i64, lang: Lang) -> String {
    if starting == 0 {
        v.to_string()
    } else {
        text::grouped(v, lang)
    }
}

/// The columns a text takes on screen.
fn width_of(s: &str) -> usize {
    Span::raw(s).width()
}

/// `text` wrapped at its spaces (not at no-break spaces) into lines of at most `width`
/// columns, the lines after the first indented by `indent` spaces; a word longer than a
/// line stays whole.
fn wrap_words(text: &str, width: usize, indent: usize) -> Vec<String> {
    // A seat (`P0 (Wsch)`) stays on one line.
    let mut words: Vec<String> = vec![];
    for word in text.split(' ') {
        match words.last_mut() {
            Some(last)
                if word.starts_with('(')
                    && last.len() > 1
                    && last.starts_with('P')
                    && last[1..].bytes().all(|b| b.is_ascii_digit()) =>
            {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_string()),
        }
    }
    fill(
        words.iter().map(String::as_str),
        String::new(),
        width,
        indent,
    )
}

/// `words` filled into lines of at most `width` columns, the first after `line` (its start:
/// empty, or a label), each further one indented by `indent` spaces.
fn fill<'a>(
    words: impl IntoIterator<Item = &'a str>,
    mut line: String,
    width: usize,
    indent: usize,
) -> Vec<String> {
    let mut out = vec![];
    let mut start = true;
    for word in words {
        if !start && width_of(&line) + 1 + width_of(word) > width {
            out.push(std::mem::replace(&mut line, " ".repeat(indent)));
            start = true;
        }
        if !start {
            line.push(' ');
        }
        line.push_str(word);
        start = false;
    }
    out.push(line);
    out
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App, now: Instant) {
    let area = frame.area();
    let title_lines = title_lines(app, area.width);
    let footer_lines = footer_lines(app, area.width, area.height);
    // Room for the title, the hand, the prompt, a line of log and the footer (the title and
    // the footer wrap onto more lines where the terminal is narrow).
    let extra = title_lines.len() + footer_lines.len() - 2;
    let room = (area.height as usize).saturating_sub(8 + extra);
    let mut seat_lines = seat_lines(app, area.width, None);
    if seat_lines.len() > room {
        // Too tall: one line of discards per seat, the latest ones.
        seat_lines = self::seat_lines(app, area.width, Some(1));
    }
    seat_lines.truncate(room);
    let [title, table, hand, prompt, log, footer] = Layout::vertical([
        Constraint::Length(title_lines.len() as u16),
        Constraint::Length(seat_lines.len() as u16),
        Constraint::Length(3),
        Constraint::Length(2),
        Constraint::Min(1),
        Constraint::Length(footer_lines.len() as u16),
    ])
    .areas(area);
    frame.render_widget(Paragraph::new(title_lines), title);
    frame.render_widget(Paragraph::new(seat_lines), table);
    frame.render_widget(Paragraph::new(hand_lines(app)), hand);
    frame.render_widget(
        Paragraph::new(prompt_lines(app, now)).wrap(Wrap { trim: false }),
        prompt,
    );
    let shown = log.height as usize;
    let lines: Vec<Line> = app
        .log()
        .skip(app.log().len().saturating_sub(shown))
        .map(|l| Line::styled(l.to_string(), Style::default().fg(Color::Gray)))
        .collect();
    frame.render_widget(Paragraph::new(lines), log);
    frame.render_widget(Paragraph::new(footer_lines), footer);

    if let Some(sheet) = app.sheet() {
        draw_sheet(frame, app, sheet);
    } else if let Some(totals) = app.game_over() {
        draw_game_over(frame, app, totals);
    } else if let Some(why) = app.closed() {
        draw_box(
            frame,
            &app.tr(Msg::BoxClosed, &[]),
            vec![
                Line::raw(why.to_string()),
                Line::raw(""),
                Line::raw(app.tr(Msg::BoxQuitKey, &[])),
            ],
            60,
            6,
        );
    }
    if app.help_shown() {
        draw_help(frame, app);
    }
    if app.confirming_quit() {
        draw_box(
            frame,
            &app.tr(Msg::BoxQuit, &[]),
            vec![Line::raw(app.tr(Msg::BoxQuitAsk, &[]))],
            50,
            3,
        );
    }
}

/// The footer: the status (an error, a refusal, the hint), wrapped onto as many as three
/// lines where it is longer than the screen is wide, so its end (the hint's discard) shows;
/// else the keys.
fn footer_lines(app: &App, width: u16, height: u16) -> Vec<Line<'static>> {
    let line = match app.status() {
        Some(s) => {
            let style = Style::default().fg(Color::LightRed);
            let mut lines = wrap_words(s, (width as usize).max(1), 0);
            lines.truncate(3);
            return lines.into_iter().map(|l| Line::styled(l, style)).collect();
        }
        // Below 80×24 parts of the table, the help and the sheets are cut: say so.
        None if width < 80 || height < 24 => Line::styled(
            app.tr(Msg::FooterSmall, &[("w", &width), ("h", &height)]),
            Style::default().fg(Color::Yellow),
        ),
        // The discard keys only when there is a discard to make.
        None => Line::styled(
            app.tr(
                if app.my_turn() {
                    Msg::FooterTurn
                } else {
                    Msg::FooterIdle
                },
                &[],
            ),
            Style::default().add_modifier(Modifier::DIM),
        ),
    };
    vec![line]
}

/// The title: the ruleset, the table, the hand, the prevailing wind, the wall, the dora
/// indicators (and the ura-dora ones once turned over), the pot and whose turn it is. Where
/// the screen is too narrow for it all, the table and then the ruleset (known from the
/// command line) go, if that makes it fit on one line; else it wraps onto a second line at a
/// ` · ` (without them if it needs more), so whose turn it is always shows.
fn title_lines(app: &App, width: u16) -> Vec<Line<'static>> {
    const BADGE: &str = " mahjong ";
    let badge = || {
        Span::styled(
            BADGE,
            Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED),
        )
    };
    let (first, rest) = title_parts(app);
    let width = width as usize;
    let room = width.saturating_sub(BADGE.len() + 1);
    // The table goes first, then the ruleset.
    for keep in (0..=first.len()).rev() {
        let parts: Vec<String> = first[..keep].iter().chain(&rest).cloned().collect();
        let text = parts.join(" · ");
        if width_of(&text) <= room || rest.is_empty() {
            return vec![Line::from(vec![badge(), Span::raw(format!(" {text}"))])];
        }
    }
    // Wrapped at the separators, the lines after the first under the first's text: with
    // the ruleset and the table where two lines hold it all.
    let wrap = |parts: &[String]| {
        let mut lines: Vec<String> = vec![];
        let mut line = String::new();
        for part in parts {
            if !line.is_empty() && width_of(&line) + 3 + width_of(part) > room {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push_str(" · ");
            }
            line.push_str(part);
        }
        lines.push(line);
        lines
    };
    let all: Vec<String> = first.iter().chain(&rest).cloned().collect();
    let mut lines = wrap(&all);
    if lines.len() > 2 {
        lines = wrap(&rest);
    }
    let indent = " ".repeat(BADGE.len() + 1);
    lines
        .into_iter()
        .enumerate()
        .map(|(i, l)| {
            if i == 0 {
                Line::from(vec![badge(), Span::raw(format!(" {l}"))])
            } else {
                Line::raw(format!("{indent}{l}"))
            }
        })
        .collect()
}

/// The title's parts: those that may go where the screen is narrow (the ruleset, the
/// table), and the others.
fn title_parts(app: &App) -> (Vec<String>, Vec<String>) {
    let mut first = vec![];
    if !app.ruleset().is_empty() {
        first.push(app.ruleset().to_string());
    }
    if !app.table().is_empty() {
        first.push(app.table().to_string());
    }
    let mut parts = vec![];
    if let Some(v) = app.view() {
        let lang = app.lang();
        parts.push(app.tr(Msg::TitleHand, &[("n", &(v.hand + 1))]));
        parts.push(app.tr(
            Msg::TitlePrevailing,
            &[("wind", &text::wind_name(v.prevailing, lang))],
        ));
        parts.push(app.tr(Msg::TitleWall, &[("n", &v.live_wall)]));
        if let Some(d) = app.dora_indicator() {
            // With the kan-dora indicators revealed since (J3-T5).
            let mut all = vec![d];
            all.extend_from_slice(app.further_indicators());
            let msg = if all.len() == 1 {
                Msg::TitleDora
            } else {
                Msg::TitleDoras
            };
            parts.push(app.tr(msg, &[("tiles", &crate::app::codes(&all))]));
        }
        let ura = app.ura_indicators();
        if !ura.is_empty() {
            // Turned over for a riichi winner (J3-S8): named apart so they are not read as
            // dora indicators.
            let msg = if ura.len() == 1 {
                Msg::TitleUra
            } else {
                Msg::TitleUras
            };
            parts.push(app.tr(msg, &[("tiles", &crate::app::codes(ura))]));
        }
        if v.pot > 0 {
            // Riichi sticks carried from earlier hands and staked in this one.
            parts.push(app.tr(Msg::TitlePot, &[("n", &text::grouped(v.pot as i64, lang))]));
        }
        let by = |p: usize, you: Msg, other: Msg, tile| {
            let msg = if p == app.player() { you } else { other };
            app.tr(msg, &[("who", &app.who(p)), ("tile", &tile)])
        };
        parts.push(match v.phase {
            PhaseView::Turn { player } => app.tr(Msg::TitleTurn, &[("who", &app.who(player))]),
            PhaseView::Claims { discarder, tile } => app.tr(
                Msg::TitleClaims,
                &[("tile", &tile), ("from", &app.from_whom(discarder))],
            ),
            PhaseView::Rob {
                konger,
                tile,
                aside: false,
            } => by(konger, Msg::TitleRobAddYou, Msg::TitleRobAdd, tile),
            PhaseView::Rob {
                konger,
                tile,
                aside: true,
            } => by(konger, Msg::TitleRobAsideYou, Msg::TitleRobAside, tile),
            PhaseView::Over => app.tr(Msg::TitleOver, &[]),
        });
    } else {
        parts.push(app.tr(Msg::TitleWaiting, &[]));
    }
    (first, parts)
}

/// Every seat: name, wind, tile count, total; sets and bonus tiles; discards (wrapped).
fn seat_lines(app: &App, width: u16, discard_lines: Option<usize>) -> Vec<Line<'static>> {
    let Some(v) = app.view() else {
        return vec![];
    };
    let lang = app.lang();
    let wind_width = text::wind_label_width(lang);
    let mut lines = vec![];
    for (q, seat) in v.public.iter().enumerate() {
        let turn = matches!(v.phase, PhaseView::Turn { player } if player == q);
        let mut head = vec![
            Span::raw(if turn { "▶ " } else { "  " }),
            Span::styled(
                format!("{:<wind_width$} ", text::wind_label(seat.wind, lang)),
                Style::default()
                    .fg(Color::Yellow)
                    .add_modifier(Modifier::BOLD),
            ),
            Span::styled(
                format!("P{q} {:<8}", app.name(q)),
                if q == app.player() {
                    Style::default().add_modifier(Modifier::BOLD)
                } else {
                    Style::default()
                },
            ),
            Span::raw({
                // A riichi stick put in the pot this hand has left his points (J3-S10).
                let total = v.totals.get(q).copied().unwrap_or(0) - seat.staked as i64;
                let n = format!("{:>2}", seat.concealed_count);
                if v.starting_score == 0 {
                    app.tr(
                        Msg::SeatTotal,
                        &[
                            ("n", &n),
                            ("total", &format!("{:>6}", text::signed(total, lang))),
                        ],
                    )
                } else {
                    app.tr(
                        Msg::SeatPoints,
                        &[
                            ("n", &n),
                            ("points", &standing(v.starting_score, total, lang)),
                        ],
                    )
                }
            }),
        ];
        if seat.original_call {
            // What the seat is: `Riichi`, `Original Call`, or `ready` (korean-3p).
            head.push(Span::styled(
                format!("  {}", app.declared_state()),
                Style::default().fg(Color::LightRed),
            ));
        } else if seat.calling {
            head.push(Span::styled(
                app.tr(Msg::SeatCalling, &[]),
                Style::default().fg(Color::LightRed),
            ));
        }
        if !seat.bonus.is_empty() {
            head.push(Span::raw(app.tr(Msg::SeatBonus, &[])));
            head.extend(tile_spans(&seat.bonus));
        }
        lines.push(Line::from(head));
        if !seat.sets.is_empty() {
            let mut l = vec![Span::raw(app.tr(Msg::SeatSets, &[]))];
            for s in &seat.sets {
                l.extend(set_spans(s, lang));
                l.push(Span::raw(" "));
            }
            lines.push(Line::from(l));
        }
        // Discards wrap by hand so the table's height is known before drawing.
        let prefix = app.tr(Msg::SeatDiscards, &[]);
        let prefix_width = prefix.chars().count();
        let room = (width as usize).saturating_sub(prefix_width);
        let (chunks, elided) = discard_rows(&seat.discards, room, discard_lines);
        for (i, chunk) in chunks.into_iter().enumerate() {
            let mut l = vec![Span::raw(if i == 0 {
                prefix.clone()
            } else {
                " ".repeat(prefix_width)
            })];
            if i == 0 && elided {
                l.push(Span::raw("… "));
            }
            for (j, &(t, claimed)) in chunk.iter().enumerate() {
                if j > 0 {
                    l.push(Span::raw(" "));
                }
                let st = Style::default().fg(tile_color(t));
                if claimed {
                    // A claimed discard is no longer there: in brackets (and dimmed), which
                    // shows in any terminal and in plain text, as the help says.
                    let dim = st.add_modifier(Modifier::DIM);
                    l.push(Span::styled(format!("({})", t.code()), dim));
                } else {
                    l.push(Span::styled(t.code(), st));
                }
            }
            lines.push(Line::from(l));
        }
    }
    lines
}

/// The columns a discard takes in a seat's row: its code, in brackets when it was claimed.
fn discard_width(&(t, claimed): &(Tile, bool)) -> usize {
    width_of(t.code()) + if claimed { 2 } else { 0 }
}

/// `discards` in rows of at most `room` columns (one space between tiles); with `max` rows
/// at most, the latest that fit after a `… ` (then `true`: some were left out).
fn discard_rows(
    discards: &[(Tile, bool)],
    room: usize,
    max: Option<usize>,
) -> (Vec<&[(Tile, bool)]>, bool) {
    // Rows filled from the first tile; the first row starts `lead` columns in.
    fn rows(tiles: &[(Tile, bool)], lead: usize, room: usize) -> Vec<&[(Tile, bool)]> {
        let mut rows: Vec<&[(Tile, bool)]> = vec![];
        let (mut start, mut used) = (0, lead);
        for (i, d) in tiles.iter().enumerate() {
            let w = discard_width(d);
            if i > start && used + 1 + w > room {
                rows.push(&tiles[start..i]);
                (start, used) = (i, 0);
            }
            used += if i > start { 1 + w } else { w };
        }
        rows.push(&tiles[start..]);
        rows
    }
    let all = rows(discards, 0, room);
    match max {
        Some(max) if all.len() > max => {
            // The latest discards matter most: keep those, mark the rest as left out.
            for keep in (1..discards.len()).rev() {
                let rows = rows(&discards[discards.len() - keep..], width_of("… "), room);
                if rows.len() <= max {
                    return (rows, true);
                }
            }
            (
                rows(&discards[discards.len() - 1..], width_of("… "), room),
                true,
            )
        }
        _ => (all, false),
    }
}

/// The hand line (`hand 1B 2B … + 4B`), the selection marker under it, and the seat.
fn hand_lines(app: &App) -> Vec<Line<'static>> {
    let Some(v) = app.view() else {
        return vec![];
    };
    let (tiles, drawn) = app.hand_tiles();
    let label = app.tr(
        Msg::HandLabel,
        &[("wind", &text::wind_label(v.wind, app.lang()))],
    );
    let mut marker = " ".repeat(label.chars().count());
    let mut spans = vec![Span::styled(
        label,
        Style::default().add_modifier(Modifier::BOLD),
    )];
    let sel = app.my_turn().then(|| app.selected());
    for (i, &t) in tiles.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(" "));
            marker.push(' ');
        }
        let mut st = Style::default().fg(tile_color(t));
        if sel == Some(i) {
            st = st.add_modifier(Modifier::REVERSED | Modifier::BOLD);
            marker.push_str("^^");
        } else {
            marker.push_str("  ");
        }
        spans.push(Span::styled(t.code(), st));
    }
    if let Some(d) = drawn {
        spans.push(Span::raw(" + "));
        marker.push_str("   ");
        let mut st = Style::default().fg(tile_color(d));
        if sel == Some(tiles.len()) {
            st = st.add_modifier(Modifier::REVERSED | Modifier::BOLD);
            marker.push_str("^^");
        }
        spans.push(Span::styled(d.code(), st));
    }
    let marker = if sel.is_some() {
        marker.trim_end().to_string()
    } else {
        String::new()
    };
    // The line above the hand warns of furiten: ready, but no win on a discard now.
    let warning = if v.furiten {
        Line::styled(
            app.tr(Msg::Furiten, &[]),
            Style::default()
                .fg(Color::LightRed)
                .add_modifier(Modifier::BOLD),
        )
    } else {
        Line::raw("")
    };
    vec![
        warning,
        Line::from(spans),
        Line::styled(marker, Style::default().fg(Color::LightYellow)),
    ]
}

fn key(k: &str) -> Span<'static> {
    Span::styled(
        format!("[{k}]"),
        Style::default()
            .fg(Color::LightYellow)
            .add_modifier(Modifier::BOLD),
    )
}

/// What the player may do now, with the keys; the claim timer when one runs.
fn prompt_lines(app: &App, now: Instant) -> Vec<Line<'static>> {
    let Some(v) = app.view() else {
        return vec![];
    };
    let mut spans: Vec<Span<'static>> = vec![];
    let legal = app.legal();
    let has = |a: &Action| legal.contains(a);
    let lang = app.lang();
    let describe = |a: &Action| describe_action_in(a, app.declaration(), lang);
    let word = |msg: Msg| Span::raw(app.tr(msg, &[]));
    if let Some(choice) = app.choice() {
        spans.push(word(choice.question));
        for (i, a) in choice.options.iter().enumerate() {
            spans.push(key(&(i + 1).to_string()));
            spans.push(Span::raw(format!(" {}  ", describe(a))));
        }
        spans.push(key("Esc"));
        spans.push(word(Msg::PromptBack));
    } else if app.my_turn() {
        spans.push(Span::styled(
            app.tr(Msg::PromptYourTurn, &[]),
            Style::default().add_modifier(Modifier::BOLD),
        ));
        // Enter only for a tile that may go (with the declaration when it is armed); else
        // why not (a hand declared ready lets only the drawn tile go).
        if let Some(why) = app.why_not_discard(true) {
            spans.push(Span::styled(why, Style::default().fg(Color::LightRed)));
        } else if let Some(t) = app.selected_tile() {
            spans.push(key("Enter"));
            spans.push(word(Msg::PromptDiscard));
            spans.push(tile_span(t));
            spans.push(Span::raw("  "));
        }
        if has(&Action::Mahjong) {
            spans.push(key("m"));
            spans.push(word(Msg::PromptMahjong));
        }
        if legal
            .iter()
            .any(|a| matches!(a, Action::ConcealedKong { .. } | Action::AnnexKong { .. }))
        {
            spans.push(key("k"));
            spans.push(word(Msg::PromptKong));
        }
        if let Some(Action::SetAside { tile }) =
            legal.iter().find(|a| matches!(a, Action::SetAside { .. }))
        {
            spans.push(key("a"));
            // A joker is exposed (MY3-J6), as the help and the choices say.
            spans.push(word(if tile.is_joker() {
                Msg::PromptExposeJoker
            } else {
                Msg::PromptSetAside
            }));
            spans.push(tile_span(*tile));
            spans.push(Span::raw("  "));
        }
        if legal.iter().any(|a| matches!(a, Action::SwapJoker { .. })) {
            spans.push(key("j"));
            spans.push(word(Msg::PromptSwapJoker));
        }
        if app.call_possible() {
            spans.push(key("o"));
            spans.push(Span::raw(if app.calling() {
                app.tr(Msg::PromptDeclareOn, &[("decl", &app.declaration())])
            } else {
                format!(" {}  ", app.declaration())
            }));
        }
    } else if app.claiming() {
        match v.phase {
            PhaseView::Claims { discarder, tile } => spans.extend(with_tile(
                app.tr(Msg::PromptDiscarded, &[("who", &app.who(discarder))]),
                tile,
            )),
            PhaseView::Rob {
                konger,
                tile,
                aside,
            } => {
                let msg = if aside {
                    Msg::PromptRobAside
                } else {
                    Msg::PromptRobAdd
                };
                spans.extend(with_tile(app.tr(msg, &[("who", &app.who(konger))]), tile));
            }
            _ => {}
        }
        let joker_pungs: Vec<&Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::JokerPung { .. }))
            .collect();
        if has(&Action::Pung) || !joker_pungs.is_empty() {
            spans.push(key("u"));
            let what = match joker_pungs.len() {
                0 => app.tr(Msg::PromptPung, &[]),
                1 => describe(joker_pungs[0]),
                n => app.tr(Msg::PromptJokerPungs, &[("n", &n)]),
            };
            spans.push(Span::raw(format!(" {what}  ")));
        }
        if has(&Action::Kong) {
            spans.push(key("k"));
            spans.push(word(Msg::PromptKong));
        }
        let chows: Vec<&Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::Chow { .. }))
            .collect();
        if !chows.is_empty() {
            spans.push(key("c"));
            let what = if chows.len() == 1 {
                describe(chows[0])
            } else {
                app.tr(Msg::PromptChows, &[("n", &chows.len())])
            };
            spans.push(Span::raw(format!(" {what}  ")));
        }
        if has(&Action::Mahjong) {
            spans.push(key("m"));
            spans.push(word(Msg::PromptMahjong));
        }
        spans.push(key("p"));
        spans.push(word(Msg::PromptPass));
    } else if app.waiting() {
        spans.push(Span::styled(
            app.tr(Msg::PromptWaitingHumans, &[]),
            Style::default().add_modifier(Modifier::DIM),
        ));
    } else {
        let waiting = match v.phase {
            PhaseView::Turn { player } => app.tr(Msg::PromptToPlay, &[("who", &app.who(player))]),
            PhaseView::Claims { tile, .. } => app.tr(Msg::PromptClaims, &[("tile", &tile)]),
            PhaseView::Rob {
                tile, aside: true, ..
            } => app.tr(Msg::PromptRobbingAside, &[("tile", &tile)]),
            PhaseView::Rob { tile, .. } => app.tr(Msg::PromptRobbingKong, &[("tile", &tile)]),
            PhaseView::Over => app.tr(Msg::PromptOver, &[]),
        };
        spans.push(Span::styled(
            waiting,
            Style::default().add_modifier(Modifier::DIM),
        ));
    }
    if let Some(left) = app.time_left(now) {
        let secs = left.as_millis().div_ceil(1000);
        spans.push(Span::styled(
            app.tr(Msg::PromptSecondsLeft, &[("n", &secs)]),
            Style::default()
                .fg(if secs <= 3 {
                    Color::LightRed
                } else {
                    Color::LightYellow
                })
                .add_modifier(Modifier::BOLD),
        ));
    }
    vec![Line::from(spans)]
}

/// A text with a `{tile}` placeholder left in it, the tile drawn in its colour there.
fn with_tile(text: String, tile: Tile) -> Vec<Span<'static>> {
    with_spans(text, "{tile}", vec![tile_span(tile)])
}

/// A text with a `{tiles}` placeholder left in it, the tiles drawn in their colours there.
fn with_tiles(text: String, tiles: &[Tile]) -> Vec<Span<'static>> {
    with_spans(text, "{tiles}", tile_spans(tiles))
}

/// `text` with `spans` in place of its `placeholder` (the text alone without one).
fn with_spans(text: String, placeholder: &str, spans: Vec<Span<'static>>) -> Vec<Span<'static>> {
    match text.split_once(placeholder) {
        Some((before, after)) => {
            let mut v = vec![Span::raw(before.to_string())];
            v.extend(spans);
            v.push(Span::raw(after.to_string()));
            v
        }
        None => vec![Span::raw(text)],
    }
}

fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    }
}

/// Clears box `r` and the column on either side of it, so that no character of the screen
/// beneath sticks to its borders (a box one or two columns narrower than the screen left
/// the title's last letter beside its corner).
fn clear_box(frame: &mut Frame, r: Rect) {
    let area = frame.area();
    let left = r.x.saturating_sub(1).max(area.x);
    let right = (r.x + r.width + 1).min(area.x + area.width);
    frame.render_widget(
        Clear,
        Rect {
            x: left,
            y: r.y,
            width: right - left,
            height: r.height,
        },
    );
}

fn draw_box(frame: &mut Frame, title: &str, lines: Vec<Line<'static>>, width: u16, height: u16) {
    let r = centered(frame.area(), width, height + 2);
    clear_box(frame, r);
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(
            Block::default()
                .borders(Borders::ALL)
                .title(format!(" {title} ")),
        ),
        r,
    );
}

/// The help box's lines: every key and what it does, then a note.
pub fn help_lines(app: &App) -> Vec<Line<'static>> {
    let declare = app.tr(Msg::HelpDeclare, &[("decl", &app.declaration())]);
    // Only the keys the ruleset uses (`o` where it has a ready declaration, `j` where jokers
    // may be taken back …), each said as the ruleset has it: `a` sets its family's tiles
    // aside, or exposes a joker; 1-9 picks among the choices it can offer.
    let keys = app.keys();
    let aside = match (keys.aside_kinds, keys.jokers) {
        (0, _) => app.tr(Msg::HelpExposeJoker, &[]),
        (kinds, false) => {
            let tiles: Vec<Tile> = (0..mahjong_tiles::KINDS)
                .filter(|k| kinds & (1 << k) != 0)
                .map(Tile::from_kind)
                .collect();
            app.tr(
                Msg::HelpAside,
                &[("tiles", &crate::app::codes(&tiles).replace(' ', "/"))],
            )
        }
        _ => app.tr(Msg::HelpAsideAny, &[]),
    };
    let rows = [
        ("←/→  h/l".to_string(), app.tr(Msg::HelpSelect, &[]), true),
        (
            app.tr(Msg::KeyEnterSpace, &[]),
            app.tr(Msg::HelpDiscard, &[]),
            true,
        ),
        ("o".to_string(), declare, keys.declare),
        ("m".to_string(), app.tr(Msg::HelpWin, &[]), true),
        ("k".to_string(), app.tr(Msg::HelpKong, &[]), true),
        ("a".to_string(), aside, keys.aside),
        ("j".to_string(), app.tr(Msg::HelpSwap, &[]), keys.swap),
        ("u".to_string(), app.tr(Msg::HelpPung, &[]), true),
        ("c".to_string(), app.tr(Msg::HelpChow, &[]), keys.chow),
        ("p".to_string(), app.tr(Msg::HelpPass, &[]), true),
        ("1-9".to_string(), help_pick(app), true),
        ("i".to_string(), app.tr(Msg::HelpHint, &[]), true),
        ("↑/↓".to_string(), app.tr(Msg::HelpSheet, &[]), true),
        ("r".to_string(), app.tr(Msg::HelpRules, &[]), true),
        ("?".to_string(), app.tr(Msg::HelpHelp, &[]), true),
        ("q".to_string(), app.tr(Msg::HelpQuit, &[]), true),
    ];
    // The keys' column fits the widest (`Enter/mezerník`), with a space after it.
    let column = rows
        .iter()
        .map(|(k, ..)| width_of(k) + 1)
        .max()
        .unwrap_or(0)
        .max(12);
    let mut lines: Vec<Line> = rows
        .into_iter()
        .filter(|(_, _, used)| *used)
        .map(|(k, what, _)| {
            let pad = column - width_of(&k);
            Line::from(vec![
                Span::styled(
                    format!("{k}{}", " ".repeat(pad)),
                    Style::default()
                        .fg(Color::LightYellow)
                        .add_modifier(Modifier::BOLD),
                ),
                Span::raw(what),
            ])
        })
        .collect();
    lines.push(Line::raw(""));
    lines.push(Line::raw(app.tr(Msg::HelpNote1, &[])));
    lines.push(Line::raw(app.tr(Msg::HelpNote2, &[])));
    lines.push(Line::raw(app.tr(Msg::HelpClaimedMark, &[])));
    lines
}

/// What 1-9 picks in the ruleset: a chow (where discards are claimed for chows), a kong, a
/// pung with a discarded joker (MY3-J7), a pung to take the joker from (MY3-J5).
fn help_pick(app: &App) -> String {
    let keys = app.keys();
    let what: Vec<String> = [
        (Msg::PickChow, keys.chow),
        (Msg::PickKong, true),
        (Msg::PickJokerPung, keys.joker_pung),
        (Msg::PickSwap, keys.swap),
    ]
    .into_iter()
    .filter(|(_, used)| *used)
    .map(|(m, _)| app.tr(m, &[]))
    .collect();
    let listed = match what.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{}{}{last}", rest.join(", "), app.tr(Msg::Or, &[])),
        None => String::new(),
    };
    app.tr(Msg::HelpPick, &[("what", &listed)])
}

fn draw_help(frame: &mut Frame, app: &App) {
    let lines = help_lines(app);
    // The box is as wide as its longest line (or the screen); its height counts the rows
    // that lines wider than the box wrap into, so the last line is never cut off.
    let area = frame.area();
    let width = lines
        .iter()
        .map(|l| l.width() as u16 + 4)
        .max()
        .unwrap_or(20)
        .min(area.width);
    let text = Paragraph::new(lines).wrap(Wrap { trim: false });
    let height = text.line_count(width.saturating_sub(2).max(1));
    // A screen lower than the box cuts it: it scrolls then, as the score sheet does, and
    // its title says so; the keys stop where the last line shows.
    let r = centered(area, width, (height as u16).saturating_add(2));
    let visible = r.height.saturating_sub(2) as usize;
    let max = height.saturating_sub(visible) as u16;
    app.set_help_scroll_max(max);
    let title = app.tr(
        if max > 0 {
            Msg::HelpTitleScroll
        } else {
            Msg::HelpTitle
        },
        &[],
    );
    clear_box(frame, r);
    frame.render_widget(
        text.scroll((app.help_scroll(), 0)).block(
            Block::default()
                .borders(Borders::ALL)
                .title(format!(" {title} ")),
        ),
        r,
    );
}

fn draw_game_over(frame: &mut Frame, app: &App, totals: &[i64]) {
    let starting = app.starting_score();
    let mut lines = vec![Line::raw(app.tr(
        if starting == 0 {
            Msg::FinalTotals
        } else {
            Msg::FinalPoints
        },
        &[],
    ))];
    for (p, t) in totals.iter().enumerate() {
        lines.push(Line::raw(format!(
            "  P{p} {:<10} {:>7}",
            app.name(p),
            standing(starting, *t, app.lang())
        )));
    }
    lines.push(Line::raw(""));
    lines.push(Line::raw(app.tr(Msg::BoxQuitKey, &[])));
    draw_box(
        frame,
        &app.tr(Msg::BoxGameOver, &[]),
        lines,
        44,
        totals.len() as u16 + 4,
    );
}

/// Player `p` as the sheet names seats: `P1 (S)`.
fn seat_name(sheet: &ScoreSheet, p: usize, lang: Lang) -> String {
    match sheet.winds.get(p) {
        Some(w) => format!("P{p} ({})", text::wind_label(*w, lang)),
        None => format!("P{p}"),
    }
}

/// Whether player `p` won the sheet's hand (one of its winners).
fn won_by(sheet: &ScoreSheet, p: usize) -> bool {
    sheet.win.is_some_and(|w| w.0 == p) || sheet.more_winners.contains(&p)
}

/// The inner width of the widest score sheet (its box is at most 100 columns wide).
const SHEET_WIDTH: usize = 98;

/// The score sheet's text at its widest ([`sheet_lines_at`] 98 columns).
pub fn sheet_lines(app: &App, sheet: &ScoreSheet) -> Vec<Line<'static>> {
    sheet_lines_at(app, sheet, SHEET_WIDTH)
}

/// J3-P's payment band as the scorer names it (`mangan`, `haneman`, `baiman`, `sanbaiman`,
/// `counted yakuman`, `yakuman`). The scores event names only the limit's rule, and the rules
/// crate keeps its bands to itself, so the band is told here from the items' han and yakuman
/// and the hand's score, as the scorer sets them and as the web client's `limitName` does:
/// mangan 6–7 han, haneman 8–9, baiman 10–12, 13 and more sanbaiman, or a counted yakuman
/// where option `counted_yakuman` pays one (its score is one yakuman's payment value,
/// J3-S10).
pub fn japanese_band(
    items: &[ScoredItem],
    score: u64,
    dealer: bool,
    self_drawn: bool,
) -> &'static str {
    if items.iter().any(|it| it.doubles > 0) {
        return "yakuman";
    }
    let han: u32 = items.iter().map(|it| it.points).sum();
    match han {
        ..=7 => "mangan",
        8..=9 => "haneman",
        10..=12 => "baiman",
        _ => {
            let yakuman = match (self_drawn, dealer) {
                (true, true) => 32_000,
                (true, false) => 24_000,
                (false, true) => 48_000,
                (false, false) => 32_000,
            };
            if score == yakuman {
                "counted yakuman"
            } else {
                "sanbaiman"
            }
        }
    }
}

/// The column where a seat's score starts (after its padded heading).
const SCORE_COLUMN: usize = 35;

/// The width of the item names' column at its widest.
const NAME_WIDTH: usize = 46;

/// The score sheet's text fitted to `width` columns: the winner (wrapped), each player's
/// heading with his score, net result and total (wrapped under the score's column where the
/// line is too long), his tiles (a riichi winner's ura-dora indicators under them), his items
/// (rule id, name, value; long names wrap within their column); the payments; the rule texts
/// when shown; the keys.
pub fn sheet_lines_at(app: &App, sheet: &ScoreSheet, width: usize) -> Vec<Line<'static>> {
    let mut lines = vec![];
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let lang = app.lang();
    let who = |p: usize| seat_name(sheet, p, lang);
    let n = sheet.hand + 1;
    let wind = text::wind_name(sheet.prevailing, lang);
    let head = match sheet.win {
        Some((w, tile, from, supplier)) => {
            let of = |msg: Msg, s: usize| app.tr(msg, &[("who", &who(s))]);
            let how = match (from, supplier) {
                (mahjong_rules::WinFrom::Wall, _) => app.tr(Msg::FromWall, &[]),
                (mahjong_rules::WinFrom::Loose, _) => app.tr(Msg::FromLoose, &[]),
                (mahjong_rules::WinFrom::Discard, Some(s)) => of(Msg::OnDiscardOf, s),
                (mahjong_rules::WinFrom::RobbedKong, Some(s)) => of(Msg::RobbingOf, s),
                _ => String::new(),
            };
            // In play a joker is the winning tile only of a hand won as dealt (MY3-J6).
            let with = if tile.is_joker() {
                app.tr(Msg::SheetDealt, &[])
            } else {
                format!("{tile} {how}")
            };
            let mut names = format!("{} {}", who(w), app.name(w));
            for &o in &sheet.more_winners {
                let other = format!("{} {}", who(o), app.name(o));
                names.push_str(&app.tr(Msg::SheetAnd, &[("who", &other)]));
            }
            let msg = if sheet.more_winners.is_empty() {
                Msg::SheetWon
            } else {
                Msg::SheetWonMany
            };
            app.tr(
                msg,
                &[
                    ("n", &n),
                    ("wind", &wind),
                    ("names", &names),
                    ("with", &with),
                ],
            )
        }
        None => {
            // Some rulesets settle a washout (J3-P's payments of the players not ready,
            // riichi stakes into the pot); the nets and the payments below show them.
            let what = app.tr(
                if sheet.settlement.iter().any(|&v| v != 0) {
                    Msg::SheetWashoutPaid
                } else {
                    Msg::SheetWashoutFree
                },
                &[],
            );
            app.tr(
                Msg::SheetWashout,
                &[("n", &n), ("wind", &wind), ("what", &what)],
            )
        }
    };
    for l in wrap_words(&head, width, 2) {
        lines.push(Line::styled(l, bold));
    }
    let won = |p: usize| won_by(sheet, p);
    // Each item's name and value.
    let items: Vec<Vec<(String, String)>> = (0..sheet.scores.len())
        .map(|p| {
            sheet
                .items
                .get(p)
                .into_iter()
                .flatten()
                .map(|it| item_columns(app, sheet, p, it, &who))
                .collect()
        })
        .collect();
    // The names' column: 46 wide, wider where a name is longer and the sheet has room for
    // it beside every value.
    let longest = items.iter().flatten().map(|(n, _)| width_of(n)).max();
    let widest = items.iter().flatten().map(|(_, v)| width_of(v)).max();
    let names_column = longest
        .unwrap_or(0)
        .max(NAME_WIDTH)
        .min(width.saturating_sub(3 + 8 + 1 + widest.unwrap_or(0)))
        .max(NAME_WIDTH);
    // Each seat's heading, score and standing: the scores start in one column, 35 where
    // every seat's line fits, else nearer the longest heading where that makes them fit;
    // lines still too long wrap.
    let heads: Vec<(String, String, String)> = (0..sheet.scores.len())
        .map(|p| seat_heading(app, sheet, p))
        .collect();
    let fits = |column: usize| {
        heads.iter().all(|(h, score, standing)| {
            width_of(h).max(column - 1) + 1 + width_of(score) + 3 + width_of(standing) <= width
        })
    };
    let longest = heads.iter().map(|(h, ..)| width_of(h)).max().unwrap_or(0);
    let near = (longest + 3).min(SCORE_COLUMN);
    let column = if !fits(SCORE_COLUMN) && fits(near) {
        near
    } else {
        SCORE_COLUMN
    };
    for p in 0..sheet.scores.len() {
        lines.push(Line::raw(""));
        let seat_items = sheet.items.get(p).map_or(&[][..], Vec::as_slice);
        let style = if won(p) {
            bold.fg(Color::LightGreen)
        } else {
            bold
        };
        let (h, score, standing) = &heads[p];
        for l in score_lines(h, score, standing, column, width) {
            lines.push(Line::styled(l, style));
        }
        let mut tiles_line = vec![Span::raw("   ")];
        for s in sheet.sets.get(p).into_iter().flatten() {
            tiles_line.extend(set_spans(s, lang));
            tiles_line.push(Span::raw(" "));
        }
        if let Some(hand) = sheet.reveal.as_ref().and_then(|r| r.get(p)) {
            let mut hand = hand.clone();
            hand.sort();
            tiles_line.extend(tile_spans(&hand));
        }
        if let Some(b) = sheet.bonus.get(p).filter(|b| !b.is_empty()) {
            tiles_line.push(Span::raw(app.tr(Msg::SeatBonus, &[])));
            tiles_line.extend(tile_spans(b));
        }
        if tiles_line.len() > 1 {
            lines.push(Line::from(tiles_line));
        }
        // J3-S8: the winner's ura-dora indicators, which his ura-dora item counts.
        if sheet.win.is_some_and(|w| w.0 == p) && !sheet.ura_indicators.is_empty() {
            let msg = if sheet.ura_indicators.len() == 1 {
                Msg::SheetUra
            } else {
                Msg::SheetUras
            };
            let mut line = vec![Span::raw("   ")];
            line.extend(with_tiles(app.tr(msg, &[]), &sheet.ura_indicators));
            lines.push(Line::from(line));
        }
        for (it, (name, value)) in seat_items.iter().zip(&items[p]) {
            // Narrower on a narrow sheet where the item's value would not fit beside it; a
            // longer name wraps within it.
            let name_width = names_column
                .min(width.saturating_sub(3 + 8 + 1 + width_of(value)))
                .max(16);
            for (i, part) in wrap_words(name, name_width, 0).into_iter().enumerate() {
                lines.push(Line::raw(if i == 0 {
                    format!("   {:<7} {part:<name_width$} {value}", it.rule)
                        .trim_end()
                        .to_string()
                } else {
                    format!("   {:<7} {part}", "")
                }));
            }
        }
    }
    if !sheet.instant.is_empty() {
        // Payments made during play (MY3-I) under their rules: the payments below count them
        // again with the rest, and would otherwise show them with no reason.
        lines.push(Line::raw(""));
        lines.push(Line::styled(app.tr(Msg::SheetInstant, &[]), bold));
        for pay in &sheet.instant {
            let name = item_name(&pay.rule, None, NameContext::default(), lang).unwrap_or_default();
            let line = app.tr(
                if pay.returned {
                    Msg::SheetInstantBack
                } else {
                    Msg::SheetInstantPay
                },
                &[
                    ("who", &who(pay.from)),
                    ("to", &who(pay.to)),
                    (
                        "amount",
                        &amount(sheet.starting_score, pay.amount as i64, lang),
                    ),
                    ("rule", &pay.rule),
                    ("name", &name),
                ],
            );
            lines.extend(wrap_words(&line, width, 4).into_iter().map(Line::raw));
        }
    }
    if !sheet.payments.is_empty() {
        lines.push(Line::raw(""));
        let heading = if sheet.instant.is_empty() {
            Msg::SheetPayments
        } else {
            Msg::SheetPaymentsAll
        };
        lines.push(Line::styled(app.tr(heading, &[]), bold));
        let seats = sheet.scores.len();
        let money = |pay: &PaymentRecord| amount(sheet.starting_score, pay.amount as i64, lang);
        // The rule a payment is paid under, as the instant payments show theirs.
        let why = |pay: &PaymentRecord| match &pay.rule {
            Some(rule) => {
                let name = item_name(rule, pay.name.as_deref(), NameContext::default(), lang)
                    .unwrap_or_default();
                format!(" ({})", format!("{rule} {name}").trim_end())
            }
            None => String::new(),
        };
        // A win's payments, grouped per payer: they have no reason of their own (the items
        // above are it).
        let grouped = |pay: &PaymentRecord| pay.rule.is_none() && pay.to < seats;
        for payer in 0..seats {
            let to: Vec<String> = sheet
                .payments
                .iter()
                .filter(|pay| pay.from == payer && grouped(pay))
                .map(|pay| format!("{} {}", who(pay.to), money(pay)))
                .collect();
            if !to.is_empty() {
                let line = app.tr(
                    Msg::SheetPays,
                    &[("who", &who(payer)), ("to", &to.join(" · "))],
                );
                lines.extend(wrap_words(&line, width, 4).into_iter().map(Line::raw));
            }
        }
        // The others one by one, each with its reason (a washout's J3-P noten payments and
        // J3-S10 riichi sticks): to the seat past the last is into the pot, from it is out of
        // the pot (J3-S10: the sticks the winner takes).
        for pay in &sheet.payments {
            let line = match (pay.from < seats, pay.to < seats) {
                (true, true) if grouped(pay) => continue,
                (true, true) => app.tr(
                    Msg::SheetPayFor,
                    &[
                        ("who", &who(pay.from)),
                        ("to", &who(pay.to)),
                        ("amount", &money(pay)),
                        ("why", &why(pay)),
                    ],
                ),
                (true, false) => app.tr(
                    Msg::SheetPotPut,
                    &[
                        ("who", &who(pay.from)),
                        ("amount", &money(pay)),
                        ("why", &why(pay)),
                    ],
                ),
                (false, true) => app.tr(
                    Msg::SheetPotPays,
                    &[
                        ("who", &who(pay.to)),
                        ("amount", &money(pay)),
                        ("why", &why(pay)),
                    ],
                ),
                // Pot to pot: no payment at all.
                (false, false) => continue,
            };
            lines.extend(wrap_words(&line, width, 4).into_iter().map(Line::raw));
        }
    }
    if app.sheet_rules() {
        lines.push(Line::raw(""));
        lines.push(Line::styled(app.tr(Msg::SheetRules, &[]), bold));
        lines.extend(
            rule_text_lines_at(sheet, lang, width)
                .into_iter()
                .map(Line::raw),
        );
    }
    lines.push(Line::raw(""));
    let keys = app.tr(
        if app.sheet_rules() {
            Msg::SheetKeysRules
        } else {
            Msg::SheetKeys
        },
        &[],
    );
    for l in wrap_words(&keys, width, 0) {
        lines.push(Line::styled(
            l,
            Style::default().add_modifier(Modifier::DIM),
        ));
    }
    lines
}

/// A seat's heading on the sheet (`P1 (S) ann · winner`), his score with its han and limit
/// (`score 12,000 (9 han; J3-P haneman)`) and his standing (`net +13,000   points 48,000`).
fn seat_heading(app: &App, sheet: &ScoreSheet, p: usize) -> (String, String, String) {
    let lang = app.lang();
    let who = |p: usize| seat_name(sheet, p, lang);
    let won = |p: usize| won_by(sheet, p);
    let self_drawn = matches!(
        sheet.win,
        Some((
            _,
            _,
            mahjong_rules::WinFrom::Wall | mahjong_rules::WinFrom::Loose,
            _
        ))
    );
    let mut h = format!("{} {}", who(p), app.name(p));
    if won(p) {
        h.push_str(&app.tr(Msg::SheetWinner, &[]));
    }
    if sheet.cannon == Some(p) {
        h.push_str(&app.tr(Msg::SheetCannon, &[]));
    }
    let seat_items = sheet.items.get(p).map_or(&[][..], Vec::as_slice);
    let han_items = seat_items
        .first()
        .is_some_and(|it| units(&it.rule) == Units::HanYakuman);
    let mut what = vec![];
    if han_items {
        // The hand's han, or its yakuman count (a yakuman hand counts no han).
        let yakuman: u32 = seat_items.iter().map(|it| it.doubles).sum();
        what.push(match yakuman {
            0 => {
                let han: u32 = seat_items.iter().map(|it| it.points).sum();
                text::han(lang, han as u64, &han)
            }
            1 => app.tr(Msg::Yakuman, &[]),
            n => app.tr(Msg::Yakumans, &[("n", &n)]),
        });
    }
    if let Some(id) = sheet.limits.get(p).and_then(|l| l.as_deref()) {
        // J3-P is the payment table: its band names the limit (mangan, haneman …).
        let band = (id == "J3-P").then(|| {
            japanese_band(
                seat_items,
                sheet.scores[p],
                sheet.winds.get(p) == Some(&mahjong_tiles::Wind::East),
                self_drawn && won(p),
            )
        });
        what.push(format!(
            "{id} {}",
            item_name(id, band, NameContext::default(), lang).unwrap_or_default()
        ));
    }
    let limit = if what.is_empty() {
        String::new()
    } else {
        format!(" ({})", what.join("; "))
    };
    let starting = sheet.starting_score;
    let net = sheet.settlement.get(p).copied().unwrap_or(0);
    let total = sheet.totals.get(p).copied().unwrap_or(0);
    let standing = if starting == 0 {
        app.tr(
            Msg::SheetNetTotal,
            &[
                ("net", &text::signed(net, lang)),
                ("total", &text::signed(total, lang)),
            ],
        )
    } else {
        app.tr(
            Msg::SheetNetPoints,
            &[
                ("net", &text::signed_grouped(net, lang)),
                ("points", &text::grouped(starting + total, lang)),
            ],
        )
    };
    let score = app.tr(
        Msg::SheetScore,
        &[
            ("score", &amount(starting, sheet.scores[p] as i64, lang)),
            ("limit", &limit),
        ],
    );
    (h, score, standing)
}

/// A seat's heading on the sheet with his score (from `column`) and standing: one line
/// (`P1 (S) ann · winner                score 20   net +20   total +20`) where it fits in
/// `width`, else the score and then the standing go on under the score's column (or under
/// the heading where even that is too narrow).
fn score_lines(
    head: &str,
    score: &str,
    standing: &str,
    column: usize,
    width: usize,
) -> Vec<String> {
    let mut out = vec![];
    let mut line = format!("{head:<w$}", w = column - 1);
    for (sep, part) in [(" ", score), ("   ", standing)] {
        if width_of(&line) + sep.len() + width_of(part) <= width {
            line.push_str(sep);
            line.push_str(part);
        } else {
            out.push(line.trim_end().to_string());
            let indent = if column + width_of(part) <= width {
                column
            } else {
                3
            };
            line = format!("{}{part}", " ".repeat(indent));
        }
    }
    out.push(line);
    out
}

/// An item's name and value as the sheet lists them. A settlement item whose tile is a wind
/// names a seat (K3-S5: the opponent who was ready pays 2 bonus-points less): its value is
/// then the deduction from that opponent's payment (`-2 pts from P1 (S)`).
fn item_columns(
    app: &App,
    sheet: &ScoreSheet,
    p: usize,
    it: &ScoredItem,
    who: &dyn Fn(usize) -> String,
) -> (String, String) {
    let lang = app.lang();
    let cx = NameContext {
        tile: it.tile,
        own: sheet.winds.get(p).copied(),
        prevailing: Some(sheet.prevailing),
    };
    let mut what =
        item_name(&it.rule, it.name.as_deref(), cx, lang).unwrap_or_else(|| "?".to_string());
    let seat = it.tile.and_then(|t| {
        sheet.winds.iter().position(|w| w.tile() == t).filter(|_| {
            mahjong_rules::catalogue::entry(&it.rule)
                .is_some_and(|e| e.kind == mahjong_rules::catalogue::Kind::Settlement)
        })
    });
    let unit = |n: &dyn std::fmt::Display| {
        let msg = if it.points == 1 {
            Msg::Point
        } else {
            Msg::Points
        };
        app.tr(msg, &[("n", n)])
    };
    if let Some(q) = seat {
        let less = format!("{:>3}", format!("{}{}", text::minus(lang), it.points));
        let value = app.tr(
            Msg::SheetDeduction,
            &[("value", &unit(&less)), ("who", &who(q))],
        );
        return (what, value);
    }
    if let Some(t) = it.tile {
        what = format!("{what} {t}");
    }
    let mut value = vec![];
    if it.limit {
        value.push(app.tr(Msg::Limit, &[]));
    }
    let points = format!("{:>3}", it.points);
    if units(&it.rule) == Units::Fan {
        value.push(text::fan(lang, it.points as u64, &points));
    } else if units(&it.rule) == Units::HanYakuman {
        if it.points > 0 {
            value.push(text::han(lang, it.points as u64, &points));
        }
        match it.doubles {
            0 => {}
            1 => value.push(app.tr(Msg::Yakuman, &[])),
            n => value.push(app.tr(Msg::Yakumans, &[("n", &n)])),
        }
    } else {
        if it.points > 0 {
            value.push(unit(&points));
        }
        if it.doubles > 0 {
            let unit = if it.doubles == 1 {
                Msg::Double
            } else {
                Msg::Doubles
            };
            value.push(app.tr(unit, &[("n", &it.doubles)]));
        }
    }
    (what, value.join(", "))
}

/// The width the rule texts under a score sheet are wrapped to at most (the sheet is at most
/// 100 columns wide).
const RULE_TEXT_WIDTH: usize = 84;

/// What each rule a sheet cites says, each id once in the order the sheet first cites it
/// (items, then limits, then the payments made during the hand, then those settled with a
/// rule of their own: a washout's), in `lang`: `   M116d  Each pung or kong …`, wrapped
/// under the text's column at 84 columns.
pub fn rule_text_lines(sheet: &ScoreSheet, lang: Lang) -> Vec<String> {
    rule_text_lines_at(sheet, lang, usize::MAX)
}

/// [`rule_text_lines`] within `width` columns (the texts wrap at 84 columns, or narrower
/// where the sheet is).
pub fn rule_text_lines_at(sheet: &ScoreSheet, lang: Lang, width: usize) -> Vec<String> {
    let mut ids: Vec<&str> = vec![];
    let cited = sheet
        .items
        .iter()
        .flatten()
        .map(|it| it.rule.as_str())
        .chain(sheet.limits.iter().flatten().map(String::as_str))
        .chain(sheet.instant.iter().map(|p| p.rule.as_str()))
        .chain(sheet.payments.iter().filter_map(|p| p.rule.as_deref()));
    for id in cited {
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    let mut out = vec![];
    for id in ids {
        let Some(entry) = mahjong_rules::catalogue::entry(id) else {
            continue;
        };
        let id_width = id.chars().count().max(6);
        let line = format!("   {id:<id_width$} ");
        let indent = line.chars().count();
        let text_width = RULE_TEXT_WIDTH.min(width.saturating_sub(indent)).max(20);
        out.extend(fill(
            entry.text(lang).split_whitespace(),
            line,
            indent + text_width,
            indent,
        ));
    }
    out
}

fn draw_sheet(frame: &mut Frame, app: &App, sheet: &ScoreSheet) {
    let area = frame.area();
    let width = area.width.saturating_sub(2).min(100);
    let lines = sheet_lines_at(app, sheet, width.saturating_sub(2) as usize);
    let r = centered(area, width, (lines.len() as u16 + 2).min(area.height));
    // Scrolling stops where the last line shows (the keys read the bound back); a sheet
    // taller than the screen says in its title that it scrolls, as the help box does.
    let visible = r.height.saturating_sub(2) as usize;
    let max = lines.len().saturating_sub(visible) as u16;
    app.set_sheet_scroll_max(max);
    let title = app.tr(
        if max > 0 {
            Msg::SheetTitleScroll
        } else {
            Msg::SheetTitle
        },
        &[],
    );
    clear_box(frame, r);
    frame.render_widget(
        Paragraph::new(lines).scroll((app.sheet_scroll(), 0)).block(
            Block::default()
                .borders(Borders::ALL)
                .title(format!(" {title} ")),
        ),
        r,
    );
}
