//! Drawing the [`App`] with ratatui: the table (every seat's public side), the player's
//! hand, the prompt, the log, and the overlays (score sheet, help, quit, game over).

use std::time::Instant;

use mahjong_engine::{Action, PhaseView, PublicSet, SetKind};
use mahjong_tiles::Tile;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

use crate::app::{describe_action_as, set_tiles, App, ScoreSheet};
use crate::names::{item_name, rule_name, units, NameContext};
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

fn set_spans(set: &PublicSet) -> Vec<Span<'static>> {
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
            " c",
            Style::default().add_modifier(Modifier::DIM),
        ));
    }
    v.push(Span::raw("]"));
    v
}

fn signed(v: i64) -> String {
    format!("{v:+}")
}

/// A number with its thousands grouped: `35,000`, `-1,000`.
pub fn grouped(v: i64) -> String {
    let digits = v.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if v < 0 {
        format!("-{out}")
    } else {
        out
    }
}

/// A signed number with its thousands grouped: `+1,000`, `-500`, `+0`.
fn signed_grouped(v: i64) -> String {
    if v < 0 {
        grouped(v)
    } else {
        format!("+{}", grouped(v))
    }
}

/// A player's standing: his net total (`+12`) where totals are net results, his points and
/// the net change (`36,000 (+1,000)`) where the game counts from a starting score.
pub fn standing(starting: i64, total: i64) -> String {
    if starting == 0 {
        signed(total)
    } else {
        format!("{} ({})", grouped(starting + total), signed_grouped(total))
    }
}

/// An amount as the game counts it: grouped where it counts points from a starting score,
/// as it is elsewhere (unchanged for chip games).
fn amount(starting: i64, v: i64) -> String {
    if starting == 0 {
        v.to_string()
    } else {
        grouped(v)
    }
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App, now: Instant) {
    let area = frame.area();
    // Room for the title, the hand, the prompt, a line of log and the footer.
    let room = area.height.saturating_sub(8) as usize;
    let mut seat_lines = seat_lines(app, area.width, None);
    if seat_lines.len() > room {
        // Too tall: one line of discards per seat, the latest ones.
        seat_lines = self::seat_lines(app, area.width, Some(1));
    }
    seat_lines.truncate(room);
    let [title, table, hand, prompt, log, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(seat_lines.len() as u16),
        Constraint::Length(3),
        Constraint::Length(2),
        Constraint::Min(1),
        Constraint::Length(1),
    ])
    .areas(area);
    frame.render_widget(Paragraph::new(title_line(app)), title);
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
    let footer_text = match app.status() {
        Some(s) => Line::styled(s.to_string(), Style::default().fg(Color::LightRed)),
        // Below 80×24 parts of the table, the help and the sheets are cut: say so.
        None if area.width < 80 || area.height < 24 => Line::styled(
            format!(
                "the terminal is {}×{}: 80×24 or more shows everything",
                area.width, area.height
            ),
            Style::default().fg(Color::Yellow),
        ),
        // The discard keys only when there is a discard to make.
        None => Line::styled(
            if app.my_turn() {
                "←/→ select  Enter discard  ? help  q quit"
            } else {
                "? help  q quit"
            },
            Style::default().add_modifier(Modifier::DIM),
        ),
    };
    frame.render_widget(Paragraph::new(footer_text), footer);

    if let Some(sheet) = app.sheet() {
        draw_sheet(frame, app, sheet);
    } else if let Some(totals) = app.game_over() {
        draw_game_over(frame, app, totals);
    } else if let Some(why) = app.closed() {
        draw_box(
            frame,
            "connection closed",
            vec![
                Line::raw(why.to_string()),
                Line::raw(""),
                Line::raw("q: quit"),
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
            "quit",
            vec![Line::raw("Leave the game? y: yes, any other key: no")],
            50,
            3,
        );
    }
}

fn title_line(app: &App) -> Line<'static> {
    let mut spans = vec![Span::styled(
        " mahjong ",
        Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED),
    )];
    let mut parts = vec![];
    if !app.ruleset().is_empty() {
        parts.push(app.ruleset().to_string());
    }
    if !app.table().is_empty() {
        parts.push(app.table().to_string());
    }
    if let Some(v) = app.view() {
        parts.push(format!("hand {}", v.hand + 1));
        parts.push(format!("prevailing {}", v.prevailing.letter()));
        parts.push(format!("wall {}", v.live_wall));
        if let Some(d) = app.dora_indicator() {
            // With the kan-dora indicators revealed since (J3-T5).
            let more: String = app
                .further_indicators()
                .iter()
                .map(|t| format!(" {t}"))
                .collect();
            let s = if more.is_empty() { "" } else { "s" };
            parts.push(format!("dora indicator{s} {d}{more}"));
        }
        if v.pot > 0 {
            // Riichi sticks carried from earlier hands and staked in this one.
            parts.push(format!("pot {}", grouped(v.pot as i64)));
        }
        parts.push(match v.phase {
            PhaseView::Turn { player } => format!("turn: {}", app.who(player)),
            PhaseView::Claims { discarder, tile } => {
                format!("claims on {tile} from {}", app.who(discarder))
            }
            PhaseView::Rob {
                konger,
                tile,
                aside: false,
            } => format!("{} adds {tile} to a kong", app.who(konger)),
            PhaseView::Rob {
                konger,
                tile,
                aside: true,
            } => format!("{} sets {tile} aside", app.who(konger)),
            PhaseView::Over => "hand over".to_string(),
        });
    } else {
        parts.push("waiting for the table…".to_string());
    }
    spans.push(Span::raw(format!(" {}", parts.join(" · "))));
    Line::from(spans)
}

/// Every seat: name, wind, tile count, total; sets and bonus tiles; discards (wrapped).
fn seat_lines(app: &App, width: u16, discard_lines: Option<usize>) -> Vec<Line<'static>> {
    let Some(v) = app.view() else {
        return vec![];
    };
    let mut lines = vec![];
    for (q, seat) in v.public.iter().enumerate() {
        let turn = matches!(v.phase, PhaseView::Turn { player } if player == q);
        let mut head = vec![
            Span::raw(if turn { "▶ " } else { "  " }),
            Span::styled(
                format!("{} ", seat.wind.letter()),
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
                let total = v.totals.get(q).copied().unwrap_or(0);
                if v.starting_score == 0 {
                    format!(
                        " {:>2} tiles  total {:>6}",
                        seat.concealed_count,
                        signed(total)
                    )
                } else {
                    format!(
                        " {:>2} tiles  points {}",
                        seat.concealed_count,
                        standing(v.starting_score, total)
                    )
                }
            }),
        ];
        if seat.original_call {
            head.push(Span::styled(
                format!("  {}", app.declaration()),
                Style::default().fg(Color::LightRed),
            ));
        } else if seat.calling {
            head.push(Span::styled(
                "  calling",
                Style::default().fg(Color::LightRed),
            ));
        }
        if !seat.bonus.is_empty() {
            head.push(Span::raw("  bonus "));
            head.extend(tile_spans(&seat.bonus));
        }
        lines.push(Line::from(head));
        if !seat.sets.is_empty() {
            let mut l = vec![Span::raw("    sets ")];
            for s in &seat.sets {
                l.extend(set_spans(s));
                l.push(Span::raw(" "));
            }
            lines.push(Line::from(l));
        }
        // Discards wrap by hand so the table's height is known before drawing.
        let prefix = "    discards ";
        let per_line = ((width as usize).saturating_sub(prefix.len()) / 3).max(1);
        let mut chunks: Vec<&[(Tile, bool)]> = if seat.discards.is_empty() {
            vec![&[]]
        } else {
            seat.discards.chunks(per_line).collect()
        };
        let mut elided = false;
        if let Some(max) = discard_lines {
            if chunks.len() > max {
                // The latest discards matter most: keep those, mark the rest as left out.
                let all = &seat.discards[..];
                let keep = (max * per_line).saturating_sub(1).max(1);
                chunks = all[all.len() - keep..].chunks(per_line).collect();
                elided = true;
            }
        }
        for (i, chunk) in chunks.into_iter().enumerate() {
            let mut l = vec![Span::raw(if i == 0 {
                prefix.to_string()
            } else {
                " ".repeat(prefix.len())
            })];
            if i == 0 && elided {
                l.push(Span::raw("… "));
            }
            for (j, &(t, claimed)) in chunk.iter().enumerate() {
                if j > 0 {
                    l.push(Span::raw(" "));
                }
                let mut st = Style::default().fg(tile_color(t));
                if claimed {
                    st = st.add_modifier(Modifier::DIM | Modifier::CROSSED_OUT);
                }
                l.push(Span::styled(t.code(), st));
            }
            lines.push(Line::from(l));
        }
    }
    lines
}

/// The hand line (`hand 1B 2B … + 4B`), the selection marker under it, and the seat.
fn hand_lines(app: &App) -> Vec<Line<'static>> {
    let Some(v) = app.view() else {
        return vec![];
    };
    let (tiles, drawn) = app.hand_tiles();
    let label = format!("hand ({}) ", v.wind.letter());
    let mut spans = vec![Span::styled(
        label.clone(),
        Style::default().add_modifier(Modifier::BOLD),
    )];
    let mut marker = " ".repeat(label.len());
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
            "furiten: you may not win on a discard now (only by drawing your winning tile)",
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
    if let Some(choice) = app.choice() {
        spans.push(Span::raw(format!("which {}? ", choice.what)));
        for (i, a) in choice.options.iter().enumerate() {
            spans.push(key(&(i + 1).to_string()));
            spans.push(Span::raw(format!(
                " {}  ",
                describe_action_as(a, app.declaration())
            )));
        }
        spans.push(key("Esc"));
        spans.push(Span::raw(" back"));
    } else if app.my_turn() {
        spans.push(Span::styled(
            "Your turn: ",
            Style::default().add_modifier(Modifier::BOLD),
        ));
        if let Some(t) = app.selected_tile() {
            spans.push(key("Enter"));
            spans.push(Span::raw(" discard "));
            spans.push(tile_span(t));
            spans.push(Span::raw("  "));
        }
        if has(&Action::Mahjong) {
            spans.push(key("m"));
            spans.push(Span::raw(" Mah-Jongg  "));
        }
        if legal
            .iter()
            .any(|a| matches!(a, Action::ConcealedKong { .. } | Action::AnnexKong { .. }))
        {
            spans.push(key("k"));
            spans.push(Span::raw(" kong  "));
        }
        if let Some(Action::SetAside { tile }) =
            legal.iter().find(|a| matches!(a, Action::SetAside { .. }))
        {
            spans.push(key("a"));
            spans.push(Span::raw(" set aside "));
            spans.push(tile_span(*tile));
            spans.push(Span::raw("  "));
        }
        if legal.iter().any(|a| matches!(a, Action::SwapJoker { .. })) {
            spans.push(key("j"));
            spans.push(Span::raw(" swap joker  "));
        }
        if app.call_possible() {
            spans.push(key("o"));
            spans.push(Span::raw(if app.calling() {
                format!(" {}: ON  ", app.declaration())
            } else {
                format!(" {}  ", app.declaration())
            }));
        }
    } else if app.claiming() {
        match v.phase {
            PhaseView::Claims { discarder, tile } => {
                spans.push(Span::raw(format!("{} discarded ", app.who(discarder))));
                spans.push(tile_span(tile));
                spans.push(Span::raw(": "));
            }
            PhaseView::Rob {
                konger,
                tile,
                aside,
            } => {
                let (verb, to) = if aside {
                    ("sets", " aside: ")
                } else {
                    ("adds", " to a kong: ")
                };
                spans.push(Span::raw(format!("{} {verb} ", app.who(konger))));
                spans.push(tile_span(tile));
                spans.push(Span::raw(to));
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
                0 => "pung".to_string(),
                1 => describe_action_as(joker_pungs[0], app.declaration()),
                n => format!("pung with the joker ({n} ways)"),
            };
            spans.push(Span::raw(format!(" {what}  ")));
        }
        if has(&Action::Kong) {
            spans.push(key("k"));
            spans.push(Span::raw(" kong  "));
        }
        let chows: Vec<&Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::Chow { .. }))
            .collect();
        if !chows.is_empty() {
            spans.push(key("c"));
            let what = if chows.len() == 1 {
                describe_action_as(chows[0], app.declaration())
            } else {
                format!("chow ({} ways)", chows.len())
            };
            spans.push(Span::raw(format!(" {what}  ")));
        }
        if has(&Action::Mahjong) {
            spans.push(key("m"));
            spans.push(Span::raw(" Mah-Jongg  "));
        }
        spans.push(key("p"));
        spans.push(Span::raw(" pass"));
    } else if app.waiting() {
        spans.push(Span::styled(
            "waiting for every human seat to join; the game starts then",
            Style::default().add_modifier(Modifier::DIM),
        ));
    } else {
        let waiting = match v.phase {
            PhaseView::Turn { player } => format!("{} to play…", app.who(player)),
            PhaseView::Claims { tile, .. } => format!("claims on {tile}…"),
            PhaseView::Rob {
                tile, aside: true, ..
            } => format!("robbing the {tile} set aside…"),
            PhaseView::Rob { tile, .. } => format!("robbing the kong of {tile}…"),
            PhaseView::Over => "the hand is over".to_string(),
        };
        spans.push(Span::styled(
            waiting,
            Style::default().add_modifier(Modifier::DIM),
        ));
    }
    if let Some(left) = app.time_left(now) {
        let secs = left.as_millis().div_ceil(1000);
        spans.push(Span::styled(
            format!("   {secs}s left"),
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

fn draw_box(frame: &mut Frame, title: &str, lines: Vec<Line<'static>>, width: u16, height: u16) {
    let r = centered(frame.area(), width, height + 2);
    frame.render_widget(Clear, r);
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(
            Block::default()
                .borders(Borders::ALL)
                .title(format!(" {title} ")),
        ),
        r,
    );
}

fn draw_help(frame: &mut Frame, app: &App) {
    let declare = format!(
        "declare {} with the discard (when possible)",
        app.declaration()
    );
    let rows = [
        ("←/→  h/l", "select a tile (Home/End: first/last)"),
        ("Enter/space", "discard the selected tile"),
        ("o", declare.as_str()),
        (
            "m",
            "win, Mah-Jongg (own turn, a discard, or robbing a kong)",
        ),
        (
            "k",
            "kong: concealed or added on your turn, or claim a discard",
        ),
        ("a", "set a tile aside for a loose tile (a North, a joker)"),
        ("j", "take a joker back from your pung (malaysian-3p)"),
        ("u", "claim the discard for a pung"),
        ("c", "claim the discard for a chow"),
        ("p", "pass on a discard or a kong"),
        ("1-9", "pick a chow or kong when there are several"),
        ("i", "hint: tiles from ready, waits, the best discard"),
        ("↑/↓", "scroll the score sheet; Enter closes it"),
        ("r", "on the score sheet: show or hide what each rule says"),
        ("?", "this help (Esc closes)"),
        ("q", "quit (asks first)"),
    ];
    let mut lines: Vec<Line> = rows
        .iter()
        .map(|(k, what)| {
            Line::from(vec![
                Span::styled(
                    format!("{k:<12}"),
                    Style::default()
                        .fg(Color::LightYellow)
                        .add_modifier(Modifier::BOLD),
                ),
                Span::raw(what.to_string()),
            ])
        })
        .collect();
    lines.push(Line::raw(""));
    lines.push(Line::raw(
        "Claim prompts list only the claims you may make;",
    ));
    lines.push(Line::raw("a timer shows at a server's table."));
    // The box is as wide as its longest line (or the screen); its height counts the rows
    // that lines wider than the box wrap into, so the last line is never cut off.
    let area = frame.area();
    let width = lines
        .iter()
        .map(|l| l.width() as u16 + 4)
        .max()
        .unwrap_or(20)
        .min(area.width);
    let inner = width.saturating_sub(2).max(1) as usize;
    let height: usize = lines.iter().map(|l| l.width().max(1).div_ceil(inner)).sum();
    draw_box(frame, "help", lines, width, height as u16);
}

fn draw_game_over(frame: &mut Frame, app: &App, totals: &[i64]) {
    let starting = app.starting_score();
    let mut lines = vec![Line::raw(if starting == 0 {
        "Final totals:"
    } else {
        "Final points:"
    })];
    for (p, t) in totals.iter().enumerate() {
        lines.push(Line::raw(format!(
            "  P{p} {:<10} {:>7}",
            app.name(p),
            standing(starting, *t)
        )));
    }
    lines.push(Line::raw(""));
    lines.push(Line::raw("q: quit"));
    draw_box(frame, "game over", lines, 44, totals.len() as u16 + 4);
}

/// The score sheet's text: the winner, each player's items (rule id, name, value), score,
/// net result and total; the payments.
pub fn sheet_lines(app: &App, sheet: &ScoreSheet) -> Vec<Line<'static>> {
    let mut lines = vec![];
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let who = |p: usize| match sheet.winds.get(p) {
        Some(w) => format!("P{p} ({})", w.letter()),
        None => format!("P{p}"),
    };
    let head = match sheet.win {
        Some((w, tile, from, supplier)) => {
            let how = match (from, supplier) {
                (mahjong_rules::WinFrom::Wall, _) => "from the wall".to_string(),
                (mahjong_rules::WinFrom::Loose, _) => "with a loose tile".to_string(),
                (mahjong_rules::WinFrom::Discard, Some(s)) => format!("on {}'s discard", who(s)),
                (mahjong_rules::WinFrom::RobbedKong, Some(s)) => {
                    format!("robbing {}'s kong", who(s))
                }
                _ => String::new(),
            };
            // In play a joker is the winning tile only of a hand won as dealt (MY3-J6).
            let with = if tile.is_joker() {
                "the hand as dealt".to_string()
            } else {
                format!("{tile} {how}")
            };
            let mut names = format!("{} {}", who(w), app.name(w));
            for &o in &sheet.more_winners {
                names.push_str(&format!(" and {} {}", who(o), app.name(o)));
            }
            let wins = if sheet.more_winners.is_empty() {
                "wins"
            } else {
                "win"
            };
            format!(
                "Hand {} · prevailing {} · {names} {wins} with {with}",
                sheet.hand + 1,
                sheet.prevailing.letter(),
            )
        }
        None => format!(
            "Hand {} · prevailing {} · washout: {}",
            sheet.hand + 1,
            sheet.prevailing.letter(),
            // Some rulesets settle a washout (J3-P's payments of the players not ready,
            // riichi stakes into the pot); the nets below show them.
            if sheet.settlement.iter().any(|&v| v != 0) {
                "nobody won; the ruleset's washout payments are settled"
            } else {
                "nobody won, nothing is paid"
            }
        ),
    };
    lines.push(Line::styled(head, bold));
    let won = |p: usize| sheet.win.is_some_and(|w| w.0 == p) || sheet.more_winners.contains(&p);
    for p in 0..sheet.scores.len() {
        lines.push(Line::raw(""));
        let mut h = format!("{} {}", who(p), app.name(p));
        if won(p) {
            h.push_str(" · winner");
        }
        if sheet.cannon == Some(p) {
            h.push_str(" · pays for all (cannon)");
        }
        let items = sheet.items.get(p).map_or(&[][..], Vec::as_slice);
        let han_items = items
            .first()
            .is_some_and(|it| units(&it.rule) == Units::HanYakuman);
        let mut what = vec![];
        if han_items {
            // The hand's han, or its yakuman count (a yakuman hand counts no han).
            let yakuman: u32 = items.iter().map(|it| it.doubles).sum();
            what.push(match yakuman {
                0 => format!("{} han", items.iter().map(|it| it.points).sum::<u32>()),
                1 => "yakuman".to_string(),
                n => format!("yakuman ×{n}"),
            });
        }
        if let Some(id) = sheet.limits.get(p).and_then(|l| l.as_deref()) {
            what.push(format!(
                "{id} {}",
                rule_name(id, NameContext::default()).unwrap_or_default()
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
            format!("net {}   total {}", signed(net), signed(total))
        } else {
            format!(
                "net {}   points {}",
                signed_grouped(net),
                grouped(starting + total)
            )
        };
        lines.push(Line::styled(
            format!(
                "{h:<34} score {}{limit}   {standing}",
                amount(starting, sheet.scores[p] as i64),
            ),
            if won(p) {
                bold.fg(Color::LightGreen)
            } else {
                bold
            },
        ));
        let mut tiles_line = vec![Span::raw("   ")];
        for s in sheet.sets.get(p).into_iter().flatten() {
            tiles_line.extend(set_spans(s));
            tiles_line.push(Span::raw(" "));
        }
        if let Some(hand) = sheet.reveal.as_ref().and_then(|r| r.get(p)) {
            let mut hand = hand.clone();
            hand.sort();
            tiles_line.extend(tile_spans(&hand));
        }
        if let Some(b) = sheet.bonus.get(p).filter(|b| !b.is_empty()) {
            tiles_line.push(Span::raw("  bonus "));
            tiles_line.extend(tile_spans(b));
        }
        if tiles_line.len() > 1 {
            lines.push(Line::from(tiles_line));
        }
        for it in sheet.items.get(p).into_iter().flatten() {
            let cx = NameContext {
                tile: it.tile,
                own: sheet.winds.get(p).copied(),
                prevailing: Some(sheet.prevailing),
            };
            let mut what = item_name(&it.rule, it.name.as_deref(), cx, Lang::En)
                .unwrap_or_else(|| "?".to_string());
            if let Some(t) = it.tile {
                // A settlement item's wind tile names a seat (K3-S5: which opponent was
                // ready), shown as the sheet shows seats.
                let seat = sheet.winds.iter().position(|w| w.tile() == t).filter(|_| {
                    mahjong_rules::catalogue::entry(&it.rule)
                        .is_some_and(|e| e.kind == mahjong_rules::catalogue::Kind::Settlement)
                });
                what = match seat {
                    Some(q) => format!("{what}: {}", who(q)),
                    None => format!("{what} {t}"),
                };
            }
            let mut value = vec![];
            if it.limit {
                value.push("limit".to_string());
            }
            if units(&it.rule) == Units::Fan {
                value.push(format!("{:>3} fan", it.points));
            } else if units(&it.rule) == Units::HanYakuman {
                if it.points > 0 {
                    value.push(format!("{:>3} han", it.points));
                }
                match it.doubles {
                    0 => {}
                    1 => value.push("yakuman".to_string()),
                    n => value.push(format!("yakuman ×{n}")),
                }
            } else {
                if it.points > 0 {
                    let unit = if it.points == 1 { "pt" } else { "pts" };
                    value.push(format!("{:>3} {unit}", it.points));
                }
                if it.doubles > 0 {
                    value.push(format!(
                        "{} double{}",
                        it.doubles,
                        if it.doubles == 1 { "" } else { "s" }
                    ));
                }
            }
            lines.push(Line::raw(format!(
                "   {:<7} {:<46} {}",
                it.rule,
                what,
                value.join(", ")
            )));
        }
    }
    if !sheet.payments.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled("Payments", bold));
        for payer in 0..sheet.scores.len() {
            let to: Vec<String> = sheet
                .payments
                .iter()
                .filter(|pay| pay.from == payer)
                .map(|pay| {
                    format!(
                        "{} {}",
                        who(pay.to),
                        amount(sheet.starting_score, pay.amount as i64)
                    )
                })
                .collect();
            if !to.is_empty() {
                lines.push(Line::raw(format!(
                    "  {} pays {}",
                    who(payer),
                    to.join(" · ")
                )));
            }
        }
        // Payments from past the seats come from the pot (J3-S10).
        for pay in sheet
            .payments
            .iter()
            .filter(|p| p.from >= sheet.scores.len())
        {
            lines.push(Line::raw(format!(
                "  the pot pays {} {}",
                who(pay.to),
                amount(sheet.starting_score, pay.amount as i64)
            )));
        }
    }
    if app.sheet_rules() {
        lines.push(Line::raw(""));
        lines.push(Line::styled("The rules on this sheet", bold));
        lines.extend(rule_text_lines(sheet).into_iter().map(Line::raw));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        if app.sheet_rules() {
            "Enter: continue   ↑/↓ (k/j): scroll   r: hide the rules"
        } else {
            "Enter: continue   ↑/↓ (k/j): scroll   r: what the rules say"
        },
        Style::default().add_modifier(Modifier::DIM),
    ));
    lines
}

/// The width the rule texts under a score sheet are wrapped to (the sheet is at most 100
/// columns wide).
const RULE_TEXT_WIDTH: usize = 84;

/// What each rule a sheet cites says, each id once in the order the sheet first cites it
/// (items, then limits): `   M116d  Each pung or kong …`, wrapped under the text's column.
pub fn rule_text_lines(sheet: &ScoreSheet) -> Vec<String> {
    let mut ids: Vec<&str> = vec![];
    let cited = sheet
        .items
        .iter()
        .flatten()
        .map(|it| it.rule.as_str())
        .chain(sheet.limits.iter().flatten().map(String::as_str));
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
        let width = id.chars().count().max(6);
        let mut line = format!("   {id:<width$} ");
        let indent = line.chars().count();
        let mut at_start = true;
        for word in entry.text(Lang::En).split_whitespace() {
            let len = line.chars().count();
            if !at_start && len + 1 + word.chars().count() > indent + RULE_TEXT_WIDTH {
                out.push(std::mem::replace(&mut line, " ".repeat(indent)));
                at_start = true;
            }
            if !at_start {
                line.push(' ');
            }
            line.push_str(word);
            at_start = false;
        }
        out.push(line);
    }
    out
}

fn draw_sheet(frame: &mut Frame, app: &App, sheet: &ScoreSheet) {
    let lines = sheet_lines(app, sheet);
    let area = frame.area();
    let r = centered(
        area,
        area.width.saturating_sub(2).min(100),
        (lines.len() as u16 + 2).min(area.height),
    );
    // Scrolling stops where the last line shows (the keys read the bound back).
    let visible = r.height.saturating_sub(2) as usize;
    app.set_sheet_scroll_max(lines.len().saturating_sub(visible) as u16);
    frame.render_widget(Clear, r);
    frame.render_widget(
        Paragraph::new(lines).scroll((app.sheet_scroll(), 0)).block(
            Block::default()
                .borders(Borders::ALL)
                .title(" score sheet "),
        ),
        r,
    );
}
