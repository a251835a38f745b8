//! What a new user found: the record written as the game goes, the reasons of payments made
//! during a hand on its sheet, a lost claim told, the help saying only the ruleset's keys,
//! claimed discards marked in the seats' rows.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mahjong_engine::{Action, Event, Game, GameConfig, PaymentRecord, PhaseView, SeatView};
use mahjong_rules::{Ruleset, WinFrom};
use mahjong_tiles::{Tile, Wind};
use mahjong_tui::text::Lang;
use mahjong_tui::{ui, App, Command, LocalTable, Session, Table, Update};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::Terminal;

mod common;

fn tile(code: &str) -> Tile {
    code.parse().unwrap()
}

fn first_view(ruleset: &str) -> SeatView {
    Game::new(GameConfig::new(Ruleset::preset(ruleset).unwrap(), 1)).view(0)
}

/// P0 at a table of `ruleset` (the first hand's view of seed 1), in `lang`.
fn app(ruleset: &str, lang: Lang) -> App {
    let view = first_view(ruleset);
    let names: Vec<&str> = (0..view.seats).map(|_| "bot").collect();
    common::seated(App::new(0).with_lang(lang), &names, ruleset, view)
}

fn event(app: &mut App, e: Event) {
    app.apply(Update::Event(e), Instant::now());
}

/// A buffer the table writes its record to, shared with the test.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The record is written as the game goes: after every move the writer holds exactly what
/// the finished record would hold so far (so a killed terminal leaves the hands played),
/// and at the end it is the record, byte for byte.
#[test]
fn the_record_is_written_as_the_game_goes() {
    let ruleset = Ruleset::preset("millington").unwrap();
    let mut config = GameConfig::new(ruleset.clone(), 11);
    config.max_hands = Some(2);
    let out = Shared::default();
    let table = LocalTable::new(config, 0, &[])
        .unwrap()
        .record_to(out.clone());
    let mut s = Session::new(0, table);
    let mut me = mahjong_bots::bot_for_ruleset("greedy", &ruleset, 5).unwrap();
    let mut hands_written = 0;
    for _ in 0..5_000 {
        let now = Instant::now();
        s.pump(now);
        assert_eq!(*out.0.lock().unwrap(), s.table.record_jsonl());
        if s.table.game().is_over() {
            break;
        }
        // A hand's end is in the file before its sheet is closed.
        if s.app.sheet().is_some() {
            let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
            let summary = mahjong_engine::replay(text.lines()).unwrap();
            hands_written = summary.hands;
            s.key(KeyEvent::from(KeyCode::Enter), now);
            continue;
        }
        let v = s.table.game().view(0);
        if !v.legal.is_empty() {
            let a = me.act(&v);
            s.table.send(Command::Act(a), now);
        }
    }
    assert!(s.table.game().is_over());
    assert!(hands_written >= 1);
    let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
    assert_eq!(text.as_bytes(), &s.table.record_jsonl()[..]);
    let summary = mahjong_engine::replay(text.lines()).unwrap();
    assert_eq!((summary.games, summary.unfinished), (1, None));
}

/// A hand of malaysian-3p with a kong paid for at once (MY3-I2): the sheet lists the payment
/// under its rule, the payments' heading says they include it, and `r` shows the rule's text.
#[test]
fn payments_made_during_the_hand_show_their_rule_on_the_sheet() {
    for (lang, heading, line, all) in [
        (
            Lang::En,
            "Paid during the hand",
            "  P1 (S) pays P2 (W) 100 (MY3-I2 kong claimed from a discard)",
            "Payments (those made during the hand included)",
        ),
        (
            Lang::Cs,
            "Placeno během hry",
            "  P1 (J) platí P2 (Z) 100 (MY3-I2 kong z odhozu)",
            "Platby (včetně plateb během hry)",
        ),
        (
            Lang::Pl,
            "Zapłacone w trakcie rozdania",
            "  P1 (Pd) płaci P2 (Zach) 100 (MY3-I2 kong z odrzutu)",
            "Płatności (wraz z zapłaconymi w trakcie rozdania)",
        ),
    ] {
        let mut app = app("malaysian-3p", lang);
        event(
            &mut app,
            Event::HandStart {
                hand: 0,
                prevailing: Wind::East,
                dealer: 0,
                dice: None,
                dora: None,
            },
        );
        event(
            &mut app,
            Event::Payment {
                from: 1,
                to: 2,
                amount: 100,
                rule: "MY3-I2".into(),
                returned: false,
            },
        );
        event(
            &mut app,
            Event::Scores {
                scores: vec![0, 0, 0],
                limits: vec![None; 3],
                items: vec![vec![]; 3],
                settlement: vec![0, -100, 100],
                payments: vec![PaymentRecord {
                    from: 1,
                    to: 2,
                    amount: 100,
                    rule: None,
                    name: None,
                }],
                cannon: None,
            },
        );
        let sheet = app.sheet().unwrap().clone();
        let lines: Vec<String> = ui::sheet_lines(&app, &sheet)
            .iter()
            .map(|l| l.to_string())
            .collect();
        let at = lines.iter().position(|l| l == heading).expect(heading);
        assert_eq!(lines[at + 1], line, "{lang:?}\n{}", lines.join("\n"));
        assert!(lines.iter().any(|l| l == all), "{}", lines.join("\n"));
        // The rule's name is the catalogue's, as the log's.
        let rules = ui::rule_text_lines(&sheet, lang);
        assert!(
            rules.iter().any(|l| l.trim_start().starts_with("MY3-I2 ")),
            "{rules:?}"
        );
    }
}

/// A claim that loses is told, with the reason where the events show it.
#[test]
fn a_lost_claim_is_told() {
    let claims = |app: &mut App, legal: Vec<Action>| {
        let mut v = first_view("millington");
        v.phase = PhaseView::Claims {
            discarder: 1,
            tile: tile("WD"),
        };
        v.legal = legal;
        app.apply(
            Update::State {
                view: Box::new(v),
                time_left: None,
            },
            Instant::now(),
        );
    };
    let win = |player| Event::Mahjong {
        player,
        tile: tile("WD"),
        from: WinFrom::Discard,
        supplier: Some(1),
        dealt: false,
    };
    let last = |app: &App| app.log().last().unwrap().to_string();
    // A pung lost to a win.
    for (lang, said) in [
        (
            Lang::En,
            "your claim (pung) lost to P2 (W)'s Mah-Jongg: Mah-Jongg comes first",
        ),
        (
            Lang::Cs,
            "váš nárok (pong) neprošel: hráč P2 (Z) ohlásil mahjong, a to má přednost",
        ),
        (
            Lang::Pl,
            "twoje zgłoszenie (pung) przegrało: gracz P2 (Zach) zgłosił MahJongg, a to ma pierwszeństwo",
        ),
    ] {
        let mut app = app("millington", lang);
        claims(&mut app, vec![Action::Pung, Action::Pass]);
        assert_eq!(
            app.on_key(KeyEvent::from(KeyCode::Char('u'))),
            Some(Command::Act(Action::Pung))
        );
        event(&mut app, win(2));
        event(&mut app, Event::Reveal { hands: vec![], ura_indicators: vec![] });
        assert_eq!(last(&app), said, "{lang:?}");
        assert_eq!(app.status(), Some(said));
    }
    // A win lost to a nearer seat's win (millington: the first in turn wins).
    let mut a = app("millington", Lang::En);
    claims(&mut a, vec![Action::Mahjong, Action::Pass]);
    a.on_key(KeyEvent::from(KeyCode::Char('m')));
    event(&mut a, win(2));
    event(
        &mut a,
        Event::Reveal {
            hands: vec![],
            ura_indicators: vec![],
        },
    );
    assert_eq!(
        last(&a),
        "your claim (Mah-Jongg) lost to P2 (W)'s Mah-Jongg: P2 (W) sits nearer in turn"
    );
    // A chow lost to a pung.
    let mut a = app("millington", Lang::En);
    let chow = Action::Chow { first: tile("1B") };
    claims(&mut a, vec![chow, Action::Pass]);
    a.on_key(KeyEvent::from(KeyCode::Char('c')));
    event(
        &mut a,
        Event::Set {
            player: 3,
            kind: mahjong_engine::SetKind::Pung,
            tile: tile("WD"),
            from: Some(1),
            jokers: 0,
        },
    );
    assert_eq!(
        a.log().rev().nth(1).unwrap(),
        "P3 (N) claims a pung WD WD WD from P1 (S)"
    );
    assert_eq!(
        last(&a),
        "your claim (chow) lost to P3 (N)'s pung: pung comes first"
    );
    // A claim that wins says nothing more.
    let mut a = app("millington", Lang::En);
    claims(&mut a, vec![Action::Pung, Action::Pass]);
    a.on_key(KeyEvent::from(KeyCode::Char('u')));
    event(
        &mut a,
        Event::Set {
            player: 0,
            kind: mahjong_engine::SetKind::Pung,
            tile: tile("WD"),
            from: Some(1),
            jokers: 0,
        },
    );
    event(
        &mut a,
        Event::Reveal {
            hands: vec![],
            ura_indicators: vec![],
        },
    );
    assert_eq!(last(&a), "you claim a pung WD WD WD from P1 (S)");
}

/// The lost claim in a real game: the human claims every pung and win he may, and each time
/// another player takes the discard instead, the log says so right after what he took.
#[test]
fn a_lost_claim_is_told_in_a_real_game() {
    let mut told = 0;
    for seed in 0..40 {
        let mut config = GameConfig::new(Ruleset::preset("millington").unwrap(), seed);
        config.max_hands = Some(1);
        let mut s = Session::new(0, LocalTable::new(config, 0, &[]).unwrap());
        for _ in 0..2_000 {
            let now = Instant::now();
            s.pump(now);
            if s.table.game().is_over() || s.app.sheet().is_some() {
                break;
            }
            let v = s.table.game().view(0);
            if v.legal.is_empty() {
                continue;
            }
            let key = if v.legal.contains(&Action::Mahjong) {
                'm'
            } else if matches!(v.phase, PhaseView::Claims { .. }) {
                if v.legal.contains(&Action::Pung) {
                    'u'
                } else if v.legal.iter().any(|a| matches!(a, Action::Chow { .. })) {
                    'c'
                } else {
                    'p'
                }
            } else {
                ' '
            };
            s.key(KeyEvent::from(KeyCode::Char(key)), now);
            if s.app.choice().is_some() {
                s.key(KeyEvent::from(KeyCode::Char('1')), now);
            }
        }
        let log: Vec<&str> = s.app.log().collect();
        for (i, l) in log.iter().enumerate() {
            if l.starts_with("your claim (") {
                told += 1;
                // Right after the other player's claim or win.
                assert!(
                    log[i - 1].contains(" claims ") || log[i - 1].contains(" goes Mah-Jongg"),
                    "seed {seed}: {:?}",
                    &log[i - 1..=i]
                );
            }
        }
    }
    assert!(told > 0, "no claim was lost in 40 games");
}

/// The help's lines for each family: only its keys, each said as the family has it.
#[test]
fn the_help_says_each_family_s_keys() {
    let help = |ruleset: &str, lang: Lang| -> Vec<String> {
        ui::help_lines(&app(ruleset, lang))
            .iter()
            .map(|l| l.to_string().trim_end().to_string())
            .take_while(|l| !l.is_empty())
            .collect()
    };
    let row = |k: &str, what: &str| format!("{k:<12}{what}");
    let en = |ruleset| help(ruleset, Lang::En);
    let japanese = en("japanese-3p");
    assert!(japanese.contains(&row("a", "set NW aside for a loose tile")));
    assert!(japanese.contains(&row("1-9", "pick a kong when there are several")));
    let korean = en("korean-3p");
    assert!(!korean.iter().any(|l| l.starts_with("a ")));
    assert!(korean.contains(&row("1-9", "pick a kong when there are several")));
    let malaysian = en("malaysian-3p");
    assert!(malaysian.contains(&row(
        "a",
        "expose the joker as a bonus tile for a loose tile"
    )));
    let pick = malaysian.iter().find(|l| l.starts_with("1-9")).unwrap();
    assert!(
        pick.starts_with("1-9         pick a chow, a kong"),
        "{malaysian:?}"
    );
    let millington = en("millington");
    assert!(millington.contains(&row("1-9", "pick a chow or a kong when there are several")));
    // Czech and Polish translate Enter/space, and the keys' column fits it.
    let cs = help("japanese-3p", Lang::Cs);
    assert_eq!(cs[1], "Enter/mezerník zahodit vybraný kámen");
    assert!(cs.contains(&"a              odložit NW stranou za volný kámen".to_string()));
    assert!(cs.contains(&"1-9            vybrat kong, je-li jich víc".to_string()));
    let pl = help("korean-3p", Lang::Pl);
    assert_eq!(pl[1], "Enter/spacja odrzucić wybrany kamień");
    assert!(pl.contains(&"1-9          wybrać konga, gdy jest ich kilka".to_string()));
    let pl = help("malaysian-3p", Lang::Pl);
    assert!(pl.contains(
        &"a            wyłożyć dżokera jako kamień dodatkowy za luźny kamień".to_string()
    ));
    // The note says what brackets in the discards mean.
    let all: Vec<String> = ui::help_lines(&app("millington", Lang::En))
        .iter()
        .map(|l| l.to_string())
        .collect();
    assert_eq!(
        all.last().unwrap(),
        "Discards in (brackets) were claimed by another player."
    );
}

/// A joker set aside is exposed, in the prompt and the log, as in the choices.
#[test]
fn a_joker_is_exposed_in_every_text() {
    let mut a = app("malaysian-3p", Lang::En);
    event(
        &mut a,
        Event::Bonus {
            player: 1,
            tile: Tile::JOKER,
        },
    );
    assert_eq!(a.log().last().unwrap(), "P1 (S) exposes the joker JK");
    let mut v = first_view("malaysian-3p");
    v.phase = PhaseView::Turn { player: 0 };
    v.legal = vec![Action::SetAside { tile: Tile::JOKER }];
    a.apply(
        Update::State {
            view: Box::new(v),
            time_left: None,
        },
        Instant::now(),
    );
    let mut term = Terminal::new(TestBackend::new(160, 40)).unwrap();
    term.draw(|f| ui::draw(f, &a, Instant::now())).unwrap();
    let screen = common::screen(&term);
    assert!(
        screen.iter().any(|l| l.contains("[a] expose the joker JK")),
        "{}",
        screen.join("\n")
    );
}

/// A claimed discard stays in its discarder's row in brackets.
#[test]
fn claimed_discards_are_in_brackets() {
    let mut a = app("millington", Lang::En);
    let mut v = first_view("millington");
    v.public[1].discards = vec![(tile("GD"), false), (tile("WD"), true), (tile("1B"), false)];
    a.apply(
        Update::State {
            view: Box::new(v),
            time_left: None,
        },
        Instant::now(),
    );
    let mut term = Terminal::new(TestBackend::new(100, 40)).unwrap();
    term.draw(|f| ui::draw(f, &a, Instant::now())).unwrap();
    let screen = common::screen(&term);
    assert!(
        screen.iter().any(|l| l == "    discards GD (WD) 1B"),
        "{}",
        screen.join("\n")
    );
    // Rows wrap by width, brackets counted: 80 columns hold no more than fit.
    let mut v = first_view("millington");
    v.public[1].discards = (0..30)
        .map(|i| (tile("9C"), i % 3 == 0))
        .collect::<Vec<_>>();
    a.apply(
        Update::State {
            view: Box::new(v),
            time_left: None,
        },
        Instant::now(),
    );
    let mut term = Terminal::new(TestBackend::new(80, 60)).unwrap();
    term.draw(|f| ui::draw(f, &a, Instant::now())).unwrap();
    let screen = common::screen(&term);
    let rows: Vec<&String> = screen.iter().filter(|l| l.contains("9C")).collect();
    assert!(rows.len() >= 2, "{}", screen.join("\n"));
    assert!(rows.iter().all(|l| l.chars().count() <= 80));
    let shown: usize = rows.iter().map(|l| l.matches("9C").count()).sum();
    assert_eq!(shown, 30);
    let _ = Duration::ZERO;
}
