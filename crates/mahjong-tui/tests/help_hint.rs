//! The help box fits the screen (160×50 and 80×24), and `i` shows the hint the browser shows:
//! tiles from ready, the waits, the best discard (the analysis of `mahjong_bots::hint`).

use std::time::{Duration, Instant};

use mahjong_bots::hint::hint_for;
use mahjong_engine::{Action, GameConfig, PhaseView};
use mahjong_hands::Shape;
use mahjong_rules::Ruleset;
use mahjong_tui::{ui, LocalTable, Session};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::Terminal;

mod common;
use common::draw_at;

fn session(seed: u64) -> Session<LocalTable> {
    let mut config = GameConfig::new(Ruleset::preset("millington").unwrap(), seed);
    config.max_hands = Some(1);
    let table = LocalTable::new(config, 0, &[])
        .unwrap()
        .with_delay(Duration::from_secs(1));
    Session::new(0, table)
}

/// Millington's keys: no tile is set aside, no joker taken back (`a`, `j` are not listed).
const HELP_ROWS: [&str; 17] = [
    "select a tile (Home/End: first/last)",
    "discard the selected tile",
    "Original Call with the discard (when possible)",
    "Mah-Jongg (own turn, a discard, or robbing a kong)",
    "kong: concealed or added on your turn, or claim a discard",
    "claim the discard for a pung",
    "claim the discard for a chow",
    "pass on a discard or a kong",
    "pick a chow or a kong when there are several",
    "hint: tiles from ready, waits, the best discard",
    "scroll the score sheet; Enter closes it",
    "on the score sheet: show or hide what each rule says",
    "this help (Esc closes)",
    "quit (asks first)",
    "Claim prompts list only the claims you may make;",
    "a timer shows at a server's table.",
    "Discards in (brackets) were claimed by another player.",
];

#[test]
fn the_help_box_shows_every_line_at_160x50_and_80x24() {
    for (w, h) in [(160, 50), (80, 24)] {
        let mut s = session(3);
        let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
        let now = Instant::now();
        draw_at(&mut s, &mut term, now);
        s.key(KeyEvent::from(KeyCode::Char('?')), now);
        let lines = draw_at(&mut s, &mut term, now);
        let top = lines
            .iter()
            .position(|l| l.contains("┌ help "))
            .unwrap_or_else(|| panic!("{w}×{h}: no help box\n{}", lines.join("\n")));
        for row in HELP_ROWS {
            assert!(
                lines.iter().any(|l| l.contains(row)),
                "{w}×{h}: {row:?} missing\n{}",
                lines.join("\n")
            );
        }
        // The last line sits right above the bottom border: nothing is cut off.
        let last = lines
            .iter()
            .position(|l| l.contains("Discards in (brackets) were claimed"))
            .unwrap();
        assert!(
            lines[last + 1].contains('└'),
            "{w}×{h}: {}",
            lines[last + 1]
        );
        // 14 keys, a blank line and the three lines of the notes, inside the borders.
        assert_eq!(last - top, 18, "{w}×{h}");
        for gone in ["set a tile aside", "take a joker back"] {
            assert!(!lines.iter().any(|l| l.contains(gone)), "{w}×{h}: {gone}");
        }
    }
}

#[test]
fn the_hint_tells_shanten_waits_and_moves_to_the_best_discard() {
    let mut s = session(7);
    let mut term = Terminal::new(TestBackend::new(110, 40)).unwrap();
    let mut now = Instant::now();
    // Until the human (East, who starts) has a discard to make.
    for _ in 0..50 {
        draw_at(&mut s, &mut term, now);
        let v = s.table.game().view(0);
        if matches!(v.phase, PhaseView::Turn { player: 0 })
            && v.legal.iter().any(|a| matches!(a, Action::Discard { .. }))
        {
            break;
        }
        now += Duration::from_secs(1);
    }
    let v = s.table.game().view(0);
    let ruleset = s.table.game().ruleset().clone();
    let hint = hint_for(
        &v,
        &Shape::of(&ruleset.tile_set()),
        ruleset.play().seven_pairs,
        ruleset.play().jokers,
    );
    let best = hint.discards[0].clone();
    s.key(KeyEvent::from(KeyCode::Char('i')), now);
    let lines = draw_at(&mut s, &mut term, now);
    let status = lines.iter().rev().find(|l| !l.is_empty()).unwrap();
    let expected = format!(
        "hint: {} from ready · best discard {} (then {} from ready, {} useful tiles)",
        hint.shanten, best.tile, best.shanten, best.useful
    );
    assert_eq!(expected, format!("hint: {}", hint.text()));
    assert_eq!(status.trim(), expected, "{}", lines.join("\n"));
    assert_eq!(s.app.selected_tile(), Some(best.tile));
    assert!(
        hint.shanten >= 1,
        "seed 7's first hand is not ready at once"
    );
}

#[test]
fn hint_words() {
    use mahjong_bots::hint::{DiscardHint, Hint};
    let t = |c: &str| c.parse().unwrap();
    let ready = Hint {
        shanten: 0,
        waits: vec![t("3B"), t("6B")],
        discards: vec![],
    };
    assert_eq!(ready.text(), "ready, waiting for 3B 6B");
    let dead = Hint {
        waits: vec![],
        ..ready.clone()
    };
    assert_eq!(dead.text(), "ready, but every winning tile is in sight");
    let after = Hint {
        shanten: 0,
        waits: vec![],
        discards: vec![DiscardHint {
            tile: t("9D"),
            shanten: 0,
            useful: 8,
        }],
    };
    assert_eq!(
        after.text(),
        "ready after the right discard · best discard 9D (then 0 from ready, 8 useful tiles)"
    );
    let done = Hint {
        shanten: -1,
        waits: vec![],
        discards: vec![],
    };
    assert_eq!(done.text(), "complete: Mah-Jongg!");
}

/// The help lists only the keys the ruleset uses: `o` where it has a ready declaration, `c`
/// where discards are claimed for chows, `a` where tiles are set aside, `j` where jokers are
/// taken back; `o` in a ruleset without a declaration says so.
#[test]
fn the_help_lists_only_the_ruleset_s_keys() {
    use mahjong_tui::{App, RulesetKeys};
    let all = [
        "←/→",
        "Enter/space",
        "o",
        "m",
        "k",
        "a",
        "j",
        "u",
        "c",
        "p",
        "1-9",
        "i",
        "↑/↓",
        "r",
        "?",
        "q",
    ];
    for (ruleset, gone, o) in [
        ("millington", &["a", "j"][..], None),
        (
            "western",
            &["o", "a", "j"][..],
            Some("western has no ready declaration"),
        ),
        ("korean-3p", &["a", "j", "c"][..], None),
        ("japanese-3p", &["j", "c"][..], None),
        (
            "malaysian-3p",
            &["o"][..],
            Some("malaysian-3p has no ready declaration"),
        ),
    ] {
        let game = mahjong_engine::Game::new(GameConfig::new(Ruleset::preset(ruleset).unwrap(), 1));
        let names: Vec<&str> = (0..game.view(0).seats).map(|_| "bot").collect();
        let mut app = common::seated(App::new(0), &names, ruleset, game.view(0));
        let keys: Vec<String> = ui::help_lines(&app)
            .iter()
            .map(|l| l.to_string())
            .take_while(|l| !l.is_empty())
            .map(|l| l.split_whitespace().next().unwrap().to_string())
            .collect();
        let want: Vec<&str> = all.iter().copied().filter(|k| !gone.contains(k)).collect();
        assert_eq!(keys, want, "{ruleset}");
        assert_ne!(app.keys(), RulesetKeys::ALL, "{ruleset}");
        if let Some(said) = o {
            app.on_key(KeyEvent::from(KeyCode::Char('o')));
            assert_eq!(app.status(), Some(said), "{ruleset}");
        }
    }
    // A ruleset known by no preset (a file at a server's table) may use every key.
    assert_eq!(RulesetKeys::of("my-house-rules"), RulesetKeys::ALL);
}
