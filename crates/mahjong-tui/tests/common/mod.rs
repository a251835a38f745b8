//! Helpers shared by the TestBackend tests.
#![allow(dead_code)]

use mahjong_engine::{Action, SeatView};
use mahjong_tui::codes;
use mahjong_tui::{App, Update};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;
use ratatui::Terminal;

/// A session's pending updates taken in at `now`, then its screen drawn: one row per string.
pub fn draw_at<T: mahjong_tui::Table>(
    s: &mut mahjong_tui::Session<T>,
    term: &mut Terminal<TestBackend>,
    now: std::time::Instant,
) -> Vec<String> {
    s.pump(now);
    term.draw(|f| mahjong_tui::ui::draw(f, &s.app, now))
        .unwrap();
    screen(term)
}

/// [`draw_at`] now.
pub fn draw<T: mahjong_tui::Table>(
    s: &mut mahjong_tui::Session<T>,
    term: &mut Terminal<TestBackend>,
) -> Vec<String> {
    draw_at(s, term, std::time::Instant::now())
}

/// The screen as text, one string per row (trailing spaces cut).
pub fn screen(term: &Terminal<TestBackend>) -> Vec<String> {
    let buf = term.backend().buffer();
    let area = buf.area;
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

/// The hand line as the engine's view says it must read: concealed tiles sorted, the drawn
/// one apart after a `+`.
pub fn expected_hand_line(v: &SeatView) -> String {
    let mut tiles = v.concealed.clone();
    tiles.sort();
    if let Some(d) = v.drawn {
        let i = tiles.iter().position(|&t| t == d).unwrap();
        tiles.remove(i);
    }
    let mut s = format!("hand ({}) {}", v.wind.letter(), codes(&tiles));
    if let Some(d) = v.drawn {
        s.push_str(&format!(" + {d}"));
    }
    s
}

/// A line's text inside the sheet's box: after its left border, trimmed.
pub fn inside_box(line: &str) -> &str {
    line.split_once('│').map_or(line, |(_, r)| r).trim()
}

pub fn line_with<'a>(lines: &'a [String], needle: &str) -> Option<&'a String> {
    lines.iter().find(|l| l.contains(needle))
}

/// The keys that play `action` from the app's screen: selection and Enter for a discard,
/// letters for claims and kongs, a digit when several chows or kongs are possible.
pub fn keys_for(app: &App, action: Action) -> Vec<KeyCode> {
    let pick = |key: char, same: &dyn Fn(&Action) -> bool| {
        let options: Vec<&Action> = app.legal().iter().filter(|a| same(a)).collect();
        let mut keys = vec![KeyCode::Char(key)];
        if options.len() > 1 {
            let i = options.iter().position(|a| **a == action).unwrap();
            keys.push(KeyCode::Char(char::from(b'1' + i as u8)));
        }
        keys
    };
    match action {
        Action::Discard { tile, call } => {
            let (tiles, drawn) = app.hand_tiles();
            let idx = if drawn == Some(tile) {
                tiles.len()
            } else {
                tiles.iter().position(|&t| t == tile).unwrap()
            };
            let mut keys = vec![KeyCode::Home];
            keys.extend(std::iter::repeat_n(KeyCode::Right, idx));
            if call {
                keys.push(KeyCode::Char('o'));
            }
            keys.push(KeyCode::Enter);
            keys
        }
        Action::Mahjong => vec![KeyCode::Char('m')],
        Action::Pass => vec![KeyCode::Char('p')],
        Action::Pung => vec![KeyCode::Char('u')],
        Action::Kong => vec![KeyCode::Char('k')],
        Action::Chow { .. } => pick('c', &|a| matches!(a, Action::Chow { .. })),
        Action::SetAside { .. } => pick('a', &|a| matches!(a, Action::SetAside { .. })),
        Action::SwapJoker { .. } => pick('j', &|a| matches!(a, Action::SwapJoker { .. })),
        Action::JokerPung { .. } => pick('u', &|a| matches!(a, Action::JokerPung { .. })),
        Action::ConcealedKong { .. } | Action::AnnexKong { .. } => pick('k', &|a| {
            matches!(a, Action::ConcealedKong { .. } | Action::AnnexKong { .. })
        }),
    }
}

/// `app` seated as P0 at a table of `ruleset` with players `names`, showing `view`.
pub fn seated(mut app: App, names: &[&str], ruleset: &str, view: SeatView) -> App {
    let now = std::time::Instant::now();
    app.apply(
        Update::Seated {
            player: 0,
            names: names.iter().map(|n| n.to_string()).collect(),
            ruleset: ruleset.into(),
            table: "seed 1".into(),
        },
        now,
    );
    app.apply(
        Update::State {
            view: Box::new(view),
            time_left: None,
        },
        now,
    );
    app
}
