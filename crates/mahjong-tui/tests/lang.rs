//! The terminal game in Czech and Polish (`mahjong play --lang cs|pl`): the log's key lines,
//! the score sheet of a win, the final totals, the help box and the footer, exactly; and the
//! help box scrolling on a 60×20 terminal (in every language) until its last line shows.

use std::time::{Duration, Instant};

use mahjong_engine::{Event, GameConfig, PaymentRecord, ScoredItem, SetKind};
use mahjong_rules::{Ruleset, WinFrom};
use mahjong_tui::text::Lang;
use mahjong_tui::{ui, App, LocalTable, Session, Update};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::Terminal;

mod common;
use common::{draw, inside_box, screen};

/// A client at a millington table seated as P0 (East in the first hand), in `lang`.
fn app(lang: Lang) -> App {
    let game =
        mahjong_engine::Game::new(GameConfig::new(Ruleset::preset("millington").unwrap(), 1));
    common::seated(
        App::new(0).with_lang(lang),
        &["you", "ann", "bob", "cy"],
        "millington",
        game.view(0),
    )
}

fn event(app: &mut App, e: Event) -> String {
    app.apply(Update::Event(e), Instant::now());
    app.log().last().unwrap().to_string()
}

fn t(code: &str) -> mahjong_tiles::Tile {
    code.parse().unwrap()
}

/// Discards, pungs claimed from another and from the player, a win on the player's discard
/// with its payment, a washout and the game's end: the log's words in `lang`.
fn log_lines(lang: Lang) -> Vec<String> {
    let mut a = app(lang);
    let discard = |player| Event::Discard {
        player,
        tile: t("3D"),
        call: false,
        calling: false,
    };
    let pung = |from| Event::Set {
        player: 2,
        kind: SetKind::Pung,
        tile: t("5D"),
        from: Some(from),
        jokers: 0,
    };
    vec![
        event(&mut a, discard(1)),
        event(&mut a, discard(0)),
        event(&mut a, pung(1)),
        event(&mut a, pung(0)),
        event(
            &mut a,
            Event::Mahjong {
                player: 1,
                tile: t("5D"),
                from: WinFrom::Discard,
                supplier: Some(0),
                dealt: false,
            },
        ),
        event(
            &mut a,
            Event::Payment {
                from: 0,
                to: 1,
                amount: 8,
                rule: "M115a".into(),
                returned: false,
            },
        ),
        event(&mut a, Event::Washout),
        event(
            &mut a,
            Event::GameEnd {
                totals: vec![-8, 8, 0, 0],
                pot: None,
            },
        ),
    ]
}

#[test]
fn the_log_in_english_is_as_it_was() {
    assert_eq!(
        log_lines(Lang::En),
        [
            "P1 (S) discards 3D",
            "you discard 3D",
            "P2 (W) claims a pung 5D 5D 5D from P1 (S)",
            "P2 (W) claims a pung 5D 5D 5D from you",
            "P1 (S) goes Mah-Jongg with 5D on your discard",
            "you pay P1 (S) 8 (M115a going Mah-Jongg)",
            "washout: the wall is exhausted",
            "the game is over",
        ]
    );
}

#[test]
fn the_log_in_czech() {
    assert_eq!(
        log_lines(Lang::Cs),
        [
            "P1 (J) zahazuje 3D",
            "zahazujete 3D",
            "P2 (Z) bere pong 5D 5D 5D od P1 (J)",
            "P2 (Z) bere pong 5D 5D 5D od vás",
            "P1 (J) má mahjong s 5D na váš odhoz",
            "platíte hráči P1 (J) 8 (M115a dosažení mahjongu)",
            "remíza: zeď je vyčerpána",
            "zápas skončil",
        ]
    );
}

#[test]
fn the_log_in_polish() {
    assert_eq!(
        log_lines(Lang::Pl),
        [
            "P1 (Pd) odrzuca 3D",
            "odrzucasz 3D",
            "P2 (Zach) bierze punga 5D 5D 5D od P1 (Pd)",
            "P2 (Zach) bierze punga 5D 5D 5D od ciebie",
            "P1 (Pd) ma MahJongga z 5D na twój zrzut",
            "płacisz graczowi P1 (Pd) 8 (M115a zrobienie MahJongga)",
            "remis: mur się wyczerpał",
            "gra zakończona",
        ]
    );
}

/// P1 wins on P0's discard and P0 pays him 8; the sheet's lines (inside its box) and, after
/// it, the game-over box, drawn at 110×40.
fn win_screens(lang: Lang) -> (Vec<String>, Vec<String>) {
    let mut a = app(lang);
    let now = Instant::now();
    event(
        &mut a,
        Event::Mahjong {
            player: 1,
            tile: t("5D"),
            from: WinFrom::Discard,
            supplier: Some(0),
            dealt: false,
        },
    );
    let item = ScoredItem {
        rule: "M115a".into(),
        points: 20,
        doubles: 0,
        limit: false,
        tile: None,
        name: None,
    };
    event(
        &mut a,
        Event::Scores {
            scores: vec![0, 20, 0, 0],
            limits: vec![None; 4],
            items: vec![vec![], vec![item], vec![], vec![]],
            settlement: vec![-20, 20, 0, 0],
            payments: vec![PaymentRecord {
                from: 0,
                to: 1,
                amount: 20,
                rule: None,
                name: None,
            }],
            cannon: None,
        },
    );
    event(
        &mut a,
        Event::GameEnd {
            totals: vec![-20, 20, 0, 0],
            pot: None,
        },
    );
    let mut term = Terminal::new(TestBackend::new(110, 40)).unwrap();
    term.draw(|f| ui::draw(f, &a, now)).unwrap();
    let sheet = inside(&screen(&term));
    a.on_key(KeyEvent::from(KeyCode::Enter));
    term.draw(|f| ui::draw(f, &a, now)).unwrap();
    let over = inside(&screen(&term));
    (sheet, over)
}

/// The text inside a box's borders on each line that has one.
fn inside(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| l.contains('│'))
        .map(|l| inside_box(l).trim_end_matches('│').trim().to_string())
        .collect()
}

fn has(lines: &[String], want: &str) {
    assert!(
        lines.iter().any(|l| l == want),
        "{want:?} not in\n{}",
        lines.join("\n")
    );
}

#[test]
fn a_win_and_its_settlement_and_the_final_totals_in_czech() {
    let (sheet, over) = win_screens(Lang::Cs);
    has(
        &sheet,
        "Hra 1 · kolo Východ · P1 (J) ann: mahjong s 5D na odhoz hráče P0 (V)",
    );
    has(
        &sheet,
        "P1 (J) ann · vítěz                 skóre 20   bilance +20   celkem +20",
    );
    has(
        &sheet,
        "M115a   dosažení mahjongu                               20 b.",
    );
    has(&sheet, "P0 (V) platí P1 (J) 20");
    has(&sheet, "Platby");
    has(
        &sheet,
        "Enter: pokračovat   ↑/↓ (k/j): posun   r: co říkají pravidla",
    );
    has(&over, "Konečný stav:");
    // Czech and Polish write a true minus sign (U+2212), as the web client does.
    has(&over, "P0 vy             \u{2212}20");
    has(&over, "P1 ann            +20");
    has(&over, "q: konec");
}

#[test]
fn a_win_and_its_settlement_and_the_final_totals_in_polish() {
    let (sheet, over) = win_screens(Lang::Pl);
    has(
        &sheet,
        "Rozdanie 1 · runda Wschód · P1 (Pd) ann: MahJongg z 5D na zrzut gracza P0 (Wsch)",
    );
    has(
        &sheet,
        "P1 (Pd) ann · zwycięzca            wynik 20   bilans +20   razem +20",
    );
    has(
        &sheet,
        "M115a   zrobienie MahJongga                             20 pkt",
    );
    has(&sheet, "P0 (Wsch) płaci P1 (Pd) 20");
    has(&sheet, "Płatności");
    has(&over, "Stan końcowy:");
    has(&over, "P0 ty             \u{2212}20");
    has(&over, "q: wyjście");
}

#[test]
fn the_sheet_and_the_game_over_box_in_english_are_as_they_were() {
    let (sheet, over) = win_screens(Lang::En);
    has(
        &sheet,
        "Hand 1 · prevailing E · P1 (S) ann wins with 5D on P0 (E)'s discard",
    );
    has(
        &sheet,
        "P1 (S) ann · winner                score 20   net +20   total +20",
    );
    has(
        &sheet,
        "M115a   going Mah-Jongg                                 20 pts",
    );
    has(&sheet, "P0 (E) pays P1 (S) 20");
    has(&over, "Final totals:");
    has(&over, "q: quit");
}

fn session(lang: Lang) -> Session<LocalTable> {
    let mut config = GameConfig::new(Ruleset::preset("millington").unwrap(), 3);
    config.max_hands = Some(1);
    let table = LocalTable::new(config, 0, &[])
        .unwrap()
        .with_delay(Duration::from_secs(1));
    Session::new(0, table).with_lang(lang)
}

/// The footer on the player's first turn, and the help box's title, at 80×24.
fn footer_and_help(lang: Lang) -> (String, Vec<String>) {
    let mut s = session(lang);
    let mut term = Terminal::new(TestBackend::new(80, 24)).unwrap();
    let lines = draw(&mut s, &mut term);
    assert!(s.app.my_turn(), "East plays first");
    let footer = lines.last().unwrap().clone();
    s.key(KeyEvent::from(KeyCode::Char('?')), Instant::now());
    (footer, draw(&mut s, &mut term))
}

#[test]
fn footer_and_help_in_czech() {
    let (footer, help) = footer_and_help(Lang::Cs);
    assert_eq!(footer, "←/→ výběr  Enter zahodit  ? nápověda  q konec");
    assert!(help.iter().any(|l| l.contains("┌ nápověda ─")), "{help:#?}");
    assert!(
        help.iter().any(|l| l.contains("zahodit vybraný kámen")),
        "{help:#?}"
    );
    assert!(
        help.iter()
            .any(|l| l.contains("Původní ohlášení s odhozem (je-li to možné)")),
        "{help:#?}"
    );
}

#[test]
fn footer_and_help_in_polish() {
    let (footer, help) = footer_and_help(Lang::Pl);
    assert_eq!(footer, "←/→ wybór  Enter odrzuć  ? pomoc  q wyjście");
    assert!(help.iter().any(|l| l.contains("┌ pomoc ─")), "{help:#?}");
    assert!(
        help.iter().any(|l| l.contains("odrzucić wybrany kamień")),
        "{help:#?}"
    );
}

#[test]
fn the_player_s_turn_and_hand_in_czech_and_polish() {
    for (lang, turn, hand) in [
        (Lang::Cs, "Jste na tahu: [Enter] zahodit ", "ruka (V) "),
        (Lang::Pl, "Twój ruch: [Enter] odrzuć ", "ręka (Wsch) "),
    ] {
        let mut s = session(lang);
        let mut term = Terminal::new(TestBackend::new(100, 30)).unwrap();
        let lines = draw(&mut s, &mut term);
        assert!(lines.iter().any(|l| l.starts_with(turn)), "{lines:#?}");
        assert!(lines.iter().any(|l| l.starts_with(hand)), "{lines:#?}");
    }
}

/// On a 60×20 terminal the help box is cut: its title says it scrolls, `j` scrolls it down
/// until its last line shows right above the bottom border and no further, `k` back up.
#[test]
fn the_help_box_scrolls_at_60x20_and_stops_at_its_last_line() {
    for (lang, title, last) in [
        (
            Lang::En,
            "┌ help · ↑/↓ j/k: scroll ",
            "Discards in (brackets) were claimed by another player.",
        ),
        (
            Lang::Cs,
            "┌ nápověda · ↑/↓ j/k: posun ",
            "Odhozy v (závorkách) si vzal jiný hráč.",
        ),
        (
            Lang::Pl,
            "┌ pomoc · ↑/↓ j/k: przewijanie ",
            "Zrzuty w (nawiasach) wziął inny gracz.",
        ),
    ] {
        let mut s = session(lang);
        let mut term = Terminal::new(TestBackend::new(60, 20)).unwrap();
        let now = Instant::now();
        draw(&mut s, &mut term);
        s.key(KeyEvent::from(KeyCode::Char('?')), now);
        let lines = draw(&mut s, &mut term);
        assert!(lines[0].starts_with(title), "{lang:?}: {lines:#?}");
        assert!(
            !lines.iter().any(|l| l.contains(last)),
            "{lang:?}: {lines:#?}"
        );
        assert_eq!(s.app.help_scroll(), 0);
        for _ in 0..60 {
            s.key(KeyEvent::from(KeyCode::Char('j')), now);
        }
        let lines = draw(&mut s, &mut term);
        let at = lines
            .iter()
            .position(|l| l.contains(last))
            .unwrap_or_else(|| panic!("{lang:?}: {lines:#?}"));
        assert!(lines[at + 1].starts_with('└'), "{lang:?}: {lines:#?}");
        assert_eq!(at + 1, 19, "{lang:?}: the box fills the screen");
        let bottom = s.app.help_scroll();
        assert!(bottom > 0);
        // Clamped: more keys down change nothing.
        s.key(KeyEvent::from(KeyCode::Down), now);
        s.key(KeyEvent::from(KeyCode::PageDown), now);
        assert_eq!(draw(&mut s, &mut term), lines);
        assert_eq!(s.app.help_scroll(), bottom);
        // And one key up scrolls one line back at once.
        s.key(KeyEvent::from(KeyCode::Char('k')), now);
        draw(&mut s, &mut term);
        assert_eq!(s.app.help_scroll(), bottom - 1);
        // Esc closes it; opened again, it starts at the top.
        s.key(KeyEvent::from(KeyCode::Esc), now);
        assert!(!s.app.help_shown());
        s.key(KeyEvent::from(KeyCode::Char('?')), now);
        assert_eq!(s.app.help_scroll(), 0);
    }
}

#[test]
fn the_declaration_word_comes_from_the_catalogue_in_the_language() {
    let mut a = app(Lang::Pl);
    assert_eq!(a.declaration(), "Pierwotna zapowiedź");
    a.set_lang(Lang::Cs);
    assert_eq!(a.declaration(), "Původní ohlášení");
    let line = event(
        &mut a,
        Event::Discard {
            player: 3,
            tile: t("WD"),
            call: true,
            calling: false,
        },
    );
    assert_eq!(line, "P3 (S) zahazuje WD: Původní ohlášení");
}

/// Czech calls the hint `rada` (help is `nápověda`), and the quit box asks about the match
/// (`zápas`: a `hra` is a hand everywhere else).
#[test]
fn czech_hint_help_and_quit_words() {
    let mut s = session(Lang::Cs);
    let mut term = Terminal::new(TestBackend::new(120, 40)).unwrap();
    let now = Instant::now();
    let lines = draw(&mut s, &mut term);
    assert_eq!(
        lines.last().unwrap(),
        "←/→ výběr  Enter zahodit  ? nápověda  q konec"
    );
    s.key(KeyEvent::from(KeyCode::Char('i')), now);
    let lines = draw(&mut s, &mut term);
    let hint = lines.last().unwrap();
    assert!(hint.starts_with("rada: do čekající ruky chybí "), "{hint}");
    s.key(KeyEvent::from(KeyCode::Char('?')), now);
    let lines = draw(&mut s, &mut term);
    assert!(
        lines.iter().any(|l| l.contains("┌ nápověda ─")),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(
            |l| inside(std::slice::from_ref(l)).first().map(String::as_str)
                == Some("i              rada: kolik kamenů chybí, na co čekáte, nejlepší odhoz")
        ),
        "{lines:#?}"
    );
    s.key(KeyEvent::from(KeyCode::Esc), now);
    s.key(KeyEvent::from(KeyCode::Char('q')), now);
    let lines = draw(&mut s, &mut term);
    has(&inside(&lines), "Opustit zápas? y: ano, jiná klávesa: ne");
}

/// At 80×24 the hint wraps onto a second line rather than losing its end (the best discard
/// and what it leaves), in every language.
#[test]
fn the_hint_wraps_at_80_columns() {
    for (lang, start) in [
        (Lang::En, "hint: "),
        (Lang::Cs, "rada: "),
        (Lang::Pl, "podpowiedź: "),
    ] {
        let mut s = session(lang);
        let mut term = Terminal::new(TestBackend::new(80, 24)).unwrap();
        draw(&mut s, &mut term);
        s.key(KeyEvent::from(KeyCode::Char('i')), Instant::now());
        let lines = draw(&mut s, &mut term);
        let status = s.app.status().unwrap().to_string();
        assert!(status.starts_with(start), "{status}");
        let shown: Vec<&String> = lines.iter().rev().take(2).rev().collect();
        let joined = format!("{} {}", shown[0], shown[1]);
        if status.chars().count() > 80 {
            assert_eq!(joined, status, "{lang:?}: {lines:#?}");
        } else {
            assert_eq!(shown[1], &status, "{lang:?}");
        }
        // The hand and the prompt are still there.
        assert!(lines.iter().any(|l| l.contains("[Enter]")), "{lines:#?}");
    }
}

/// The title at 80 columns keeps whose turn it is (or whose discard is claimed): the ruleset
/// and the table go first, and what is still too long wraps onto a second line.
#[test]
fn the_title_keeps_whose_turn_it_is_at_80_columns() {
    let game =
        mahjong_engine::Game::new(GameConfig::new(Ruleset::preset("japanese-3p").unwrap(), 1));
    let mut v = game.view(0);
    v.phase = mahjong_engine::PhaseView::Claims {
        discarder: 1,
        tile: t("3D"),
    };
    let titles = |lang, pot| {
        let mut v = v.clone();
        v.pot = pot;
        let mut app = common::seated(
            App::new(0).with_lang(lang),
            &["you", "greedy", "greedy"],
            "japanese-3p",
            v,
        );
        app.apply(
            Update::Event(Event::HandStart {
                hand: 0,
                prevailing: mahjong_tiles::Wind::East,
                dealer: 0,
                dice: None,
                dora: Some(t("WW")),
            }),
            Instant::now(),
        );
        let mut term = Terminal::new(TestBackend::new(80, 24)).unwrap();
        term.draw(|f| ui::draw(f, &app, Instant::now())).unwrap();
        screen(&term)
    };
    for (lang, pot, want) in [
        (
            Lang::En,
            0,
            &[
                " mahjong  japanese-3p · seed 1 · hand 1 · prevailing E · wall 54",
                "          dora indicator WW · claims on 3D from P1 (S)",
            ][..],
        ),
        (
            Lang::En,
            2_000,
            &[
                " mahjong  japanese-3p · seed 1 · hand 1 · prevailing E · wall 54",
                "          dora indicator WW · pot 2,000 · claims on 3D from P1 (S)",
            ][..],
        ),
        (
            Lang::Cs,
            0,
            &[
                " mahjong  japanese-3p · seed 1 · hra 1 · kolo Východ · zeď 54 · ukazatel dory WW",
                "          nároky na 3D od P1 (J)",
            ][..],
        ),
        (
            Lang::Pl,
            2_000,
            &[
                " mahjong  japanese-3p · seed 1 · rozdanie 1 · runda Wschód · mur 54",
                "          wskaźnik dory WW · pula 2\u{a0}000 · zgłoszenia na 3D od P1 (Pd)",
            ][..],
        ),
    ] {
        let lines = titles(lang, pot);
        assert_eq!(lines[..want.len()].to_vec(), want, "{lang:?}");
        assert!(lines.iter().all(|l| l.chars().count() <= 80));
        // The seats follow.
        assert!(lines[want.len()].contains(" P0 "), "{lines:#?}");
    }
}
