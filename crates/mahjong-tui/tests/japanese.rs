//! The japanese-3p game in the terminal: points counted from the starting score, the pot
//! of riichi sticks, the furiten warning, riichi declared by keys, and the score sheet's
//! yaku with their han and the settlement in points.

use std::time::{Duration, Instant};

use mahjong_bots::{bot_for_ruleset, Bot};
use mahjong_engine::{Action, Event, GameConfig, PhaseView, ScoredItem, SeatView};
use mahjong_rules::Ruleset;
use mahjong_tiles::{Tile, Wind};
use mahjong_tui::text::Lang;
use mahjong_tui::{ui, App, LocalTable, Session, Update};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::Terminal;

mod common;
use common::{inside_box, line_with, screen};

const DELAY: Duration = Duration::from_secs(1);

struct Driver {
    session: Session<LocalTable>,
    term: Terminal<TestBackend>,
    brain: Box<dyn Bot>,
    clock: Instant,
}

impl Driver {
    fn new(seed: u64, max_hands: u32) -> Driver {
        let ruleset = Ruleset::preset("japanese-3p").unwrap();
        let brain = bot_for_ruleset("greedy", &ruleset, 99).unwrap();
        let mut config = GameConfig::new(ruleset, seed);
        config.max_hands = Some(max_hands);
        let table = LocalTable::new(config, 0, &[]).unwrap().with_delay(DELAY);
        Driver {
            session: Session::new(0, table),
            term: Terminal::new(TestBackend::new(110, 50)).unwrap(),
            brain,
            clock: Instant::now(),
        }
    }

    fn refresh(&mut self) -> Vec<String> {
        self.clock += DELAY;
        let now = self.clock;
        self.session.pump(now);
        self.term
            .draw(|f| ui::draw(f, &self.session.app, now))
            .unwrap();
        screen(&self.term)
    }

    fn press(&mut self, code: KeyCode) {
        self.session.key(KeyEvent::from(code), self.clock);
    }

    fn must_act(&self) -> bool {
        let app = &self.session.app;
        app.view().is_some_and(|v| {
            !v.legal.is_empty() && v.phase != PhaseView::Over && app.sheet().is_none()
        })
    }

    /// Plays the brain's move with keys; riichi with `o` before the discard.
    fn play_move(&mut self) -> Action {
        let v = self.session.table.game().view(0);
        let action = self.brain.act(&v);
        match action {
            Action::Discard { tile, call } => {
                let (tiles, drawn) = self.session.app.hand_tiles();
                let idx = if drawn == Some(tile) {
                    tiles.len()
                } else {
                    tiles.iter().position(|&t| t == tile).unwrap()
                };
                self.press(KeyCode::Home);
                for _ in 0..idx {
                    self.press(KeyCode::Right);
                }
                if call {
                    self.press(KeyCode::Char('o'));
                    let lines = self.refresh();
                    assert!(
                        line_with(&lines, "[o] Riichi: ON").is_some(),
                        "the declaration is armed: {lines:#?}"
                    );
                }
                self.press(KeyCode::Enter);
            }
            Action::Mahjong => self.press(KeyCode::Char('m')),
            Action::Pass => self.press(KeyCode::Char('p')),
            Action::Pung => self.press(KeyCode::Char('u')),
            Action::Kong => self.press(KeyCode::Char('k')),
            Action::SetAside { .. } | Action::ConcealedKong { .. } | Action::AnnexKong { .. } => {
                self.press(KeyCode::Char(
                    if matches!(action, Action::SetAside { .. }) {
                        'a'
                    } else {
                        'k'
                    },
                ));
                if let Some(choice) = self.session.app.choice().cloned() {
                    let i = choice.options.iter().position(|a| *a == action).unwrap();
                    self.press(KeyCode::Char(char::from(b'1' + i as u8)));
                }
            }
            Action::Chow { .. } => unreachable!("no chow is claimed in japanese-3p (J3-T3)"),
            Action::SwapJoker { .. } | Action::JokerPung { .. } => {
                unreachable!("no joker in japanese-3p")
            }
        }
        let last = self
            .session
            .table
            .record()
            .iter()
            .rev()
            .find_map(|e| match e {
                Event::Decision { player: 0, action } => Some(*action),
                _ => None,
            });
        assert_eq!(last, Some(action), "the keys played {action:?}");
        action
    }
}

/// The seat lines of the table, by player: the line that starts with the seat's name.
fn seat_line(lines: &[String], p: usize) -> String {
    lines
        .iter()
        .find(|l| l.contains(&format!(" P{p} ")) && l.contains("tiles"))
        .cloned()
        .unwrap_or_else(|| panic!("no seat line for P{p}: {lines:#?}"))
}

#[test]
fn points_from_the_starting_score_on_every_seat_line() {
    let mut d = Driver::new(5, 1);
    let lines = d.refresh();
    for p in 0..3 {
        let l = seat_line(&lines, p);
        assert!(l.contains("points 35,000 (+0)"), "{l}");
        assert!(!l.contains("total"), "{l}");
    }
    // No pot yet: the header does not mention one.
    assert!(!lines[0].contains("pot"), "{}", lines[0]);
    assert!(lines[0].contains("dora indicator"), "{}", lines[0]);
}

#[test]
fn other_rulesets_keep_their_net_totals() {
    let mut config = GameConfig::new(Ruleset::preset("millington").unwrap(), 5);
    config.max_hands = Some(1);
    let table = LocalTable::new(config, 0, &[]).unwrap().with_delay(DELAY);
    let mut s = Session::new(0, table);
    let now = Instant::now();
    s.pump(now);
    let mut term = Terminal::new(TestBackend::new(110, 50)).unwrap();
    term.draw(|f| ui::draw(f, &s.app, now)).unwrap();
    let lines = screen(&term);
    let l = seat_line(&lines, 1);
    assert!(l.contains("total     +0"), "{l}");
    assert!(!l.contains("points"), "{l}");
}

/// A view of a real japanese-3p table, with the pot and furiten as the engine sets them
/// when sticks are on the table and the player may not win on a discard.
fn app_with(view: SeatView) -> (App, Vec<String>) {
    app_at("japanese-3p", view)
}

/// [`app_with`] at a three-seat table of another ruleset.
fn app_at(ruleset: &str, view: SeatView) -> (App, Vec<String>) {
    let app = common::seated(App::new(0), &["you", "greedy", "greedy"], ruleset, view);
    let now = Instant::now();
    let mut term = Terminal::new(TestBackend::new(110, 40)).unwrap();
    term.draw(|f| ui::draw(f, &app, now)).unwrap();
    (app, screen(&term))
}

#[test]
fn the_header_shows_the_pot_and_the_hand_warns_of_furiten() {
    let game =
        mahjong_engine::Game::new(GameConfig::new(Ruleset::preset("japanese-3p").unwrap(), 1));
    let mut v = game.view(0);
    assert_eq!(v.starting_score, 35_000);
    v.totals = vec![8_000, -9_000, 1_000];
    v.pot = 2_000;
    v.furiten = true;
    v.public[1].original_call = true;
    let (app, lines) = app_with(v);
    assert_eq!(app.pot(), 2_000);
    assert!(lines[0].contains("pot 2,000"), "{}", lines[0]);
    assert!(seat_line(&lines, 0).contains("points 43,000 (+8,000)"));
    assert!(seat_line(&lines, 1).contains("points 26,000 (-9,000)"));
    assert!(seat_line(&lines, 1).contains("Riichi"));
    assert!(seat_line(&lines, 2).contains("points 36,000 (+1,000)"));
    // The riichi stick he put in this hand has left his points (J3-S10).
    let mut staked = app.view().unwrap().clone();
    staked.public[1].staked = 1_000;
    let (_, after) = app_with(staked);
    assert!(seat_line(&after, 1).contains("points 25,000 (-10,000)"));
    assert!(seat_line(&after, 0).contains("points 43,000 (+8,000)"));
    let hand = lines.iter().position(|l| l.starts_with("hand (")).unwrap();
    assert!(
        lines[hand - 1].starts_with("furiten: you may not win on a discard now"),
        "{lines:#?}"
    );

    // Without furiten the line above the hand is empty.
    let mut v = game.view(0);
    v.furiten = false;
    let (_, lines) = app_with(v);
    let hand = lines.iter().position(|l| l.starts_with("hand (")).unwrap();
    assert_eq!(lines[hand - 1], "");
    assert!(!lines.iter().any(|l| l.contains("furiten")));
}

#[test]
fn the_score_sheet_lists_yaku_with_han_and_the_payments_in_points() {
    let game =
        mahjong_engine::Game::new(GameConfig::new(Ruleset::preset("japanese-3p").unwrap(), 1));
    let (mut app, _) = app_with(game.view(0));
    let item = |rule: &str, points: u32, doubles: u32| ScoredItem {
        rule: rule.into(),
        points,
        doubles,
        limit: false,
        tile: None,
        name: None,
    };
    // J3-S8 items carry their names, as the engine records them.
    let named = |name: &str, points: u32| ScoredItem {
        name: Some(name.into()),
        ..item("J3-S8", points, 0)
    };
    // P1 (South) wins on P0's discard: Riichi 1, Tanyao 1, Bazoro 2, dora 2 = 6 han, mangan
    // 8,000 from P0, and a riichi stick each from P0 and P2 (P2 also in riichi).
    app.apply(
        Update::Event(Event::Scores {
            scores: vec![0, 8_000, 0],
            limits: vec![None, Some("J3-P".into()), None],
            items: vec![
                vec![],
                vec![
                    item("J3-Y4", 1, 0),
                    item("J3-Y5", 1, 0),
                    named("Bazoro", 2),
                    named("dora", 2),
                ],
                vec![],
            ],
            settlement: vec![-9_000, 10_000, -1_000],
            payments: vec![
                mahjong_engine::PaymentRecord {
                    from: 0,
                    to: 1,
                    amount: 9_000,
                    rule: None,
                    name: None,
                },
                mahjong_engine::PaymentRecord {
                    from: 2,
                    to: 1,
                    amount: 1_000,
                    rule: None,
                    name: None,
                },
            ],
            cannon: None,
        }),
        Instant::now(),
    );
    let sheet = app.sheet().expect("a sheet").clone();
    assert_eq!(sheet.starting_score, 35_000);
    let lines: Vec<String> = ui::sheet_lines(&app, &sheet)
        .iter()
        .map(|l| l.to_string())
        .collect();
    let text = lines.join("\n");
    let winner = lines.iter().find(|l| l.contains("P1 (S)")).unwrap();
    assert!(winner.contains("score 8,000 (6 han; J3-P"), "{winner}");
    assert!(winner.contains("net +10,000   points 45,000"), "{winner}");
    let loser = lines.iter().find(|l| l.contains("P0 (E) you")).unwrap();
    assert!(loser.contains("net -9,000   points 26,000"), "{loser}");
    let riichi = lines.iter().find(|l| l.contains("J3-Y4")).unwrap();
    assert!(inside_box(riichi).contains("Riichi"), "{riichi}");
    assert!(riichi.trim_end().ends_with("1 han"), "{riichi}");
    assert!(text.contains("Tanyao"), "{text}");
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.trim_end().ends_with("2 han"))
            .count(),
        2,
        "{text}"
    );
    // Each J3-S8 item shows its own variant, not the id's general "bonus han".
    let bonus: Vec<&str> = lines
        .iter()
        .filter(|l| l.contains("J3-S8"))
        .map(|l| l.trim())
        .collect();
    assert_eq!(
        bonus,
        [
            format!("J3-S8   {:<46}   2 han", "Bazoro"),
            format!("J3-S8   {:<46}   2 han", "dora"),
        ],
        "{text}"
    );
    assert!(!text.contains("bonus han"), "{text}");
    assert!(!text.contains("pts"), "{text}");
    assert!(text.contains("P0 (E) pays P1 (S) 9,000"), "{text}");
    assert!(text.contains("P2 (W) pays P1 (S) 1,000"), "{text}");
}

#[test]
fn a_yakuman_counts_no_han() {
    let game =
        mahjong_engine::Game::new(GameConfig::new(Ruleset::preset("japanese-3p").unwrap(), 1));
    let (mut app, _) = app_with(game.view(0));
    app.apply(
        Update::Event(Event::Scores {
            scores: vec![48_000, 0, 0],
            limits: vec![None, None, None],
            items: vec![
                vec![ScoredItem {
                    rule: "J3-YM4".into(),
                    points: 0,
                    doubles: 1,
                    limit: false,
                    tile: None,
                    name: None,
                }],
                vec![],
                vec![],
            ],
            settlement: vec![48_000, -24_000, -24_000],
            payments: vec![],
            cannon: None,
        }),
        Instant::now(),
    );
    let sheet = app.sheet().unwrap().clone();
    let text: Vec<String> = ui::sheet_lines(&app, &sheet)
        .iter()
        .map(|l| l.to_string())
        .collect();
    let winner = text.iter().find(|l| l.contains("P0 (E) you")).unwrap();
    assert!(winner.contains("score 48,000 (yakuman)"), "{winner}");
    let item = text.iter().find(|l| l.contains("J3-YM4")).unwrap();
    assert!(item.trim_end().ends_with("yakuman"), "{item}");
    assert!(!item.contains("double"), "{item}");
}

/// Plays a one-hand game from seat 0 by keys (the greedy brain's moves) and checks the
/// screen as riichi is declared and the hand scored; whether riichi was declared.
fn play_with_riichi(seed: u64) -> bool {
    let mut d = Driver::new(seed, 1);
    let mut declared = false;
    let mut sheet_seen = false;
    for _ in 0..3_000 {
        let lines = d.refresh();
        if d.session.app.sheet().is_some() {
            let text = lines.join("\n");
            assert!(text.contains("points "), "{text}");
            if text.contains("wins with") {
                assert!(text.contains(" han"), "{text}");
            }
            sheet_seen = true;
            d.press(KeyCode::Enter);
            continue;
        }
        if d.session.app.game_over().is_some() {
            let text = lines.join("\n");
            assert!(text.contains("Final points:"), "{text}");
            break;
        }
        if d.must_act() {
            let a = d.play_move();
            if matches!(a, Action::Discard { call: true, .. }) && !declared {
                declared = true;
                let lines = d.refresh();
                let me = seat_line(&lines, 0);
                assert!(me.contains("Riichi"), "{me}");
                // The stake is in the pot.
                assert!(d.session.app.pot() >= 1_000);
                assert!(lines[0].contains("pot "), "{}", lines[0]);
                assert!(
                    d.session
                        .app
                        .log()
                        .any(|l| l.contains("you discard") && l.contains("Riichi")),
                    "logged"
                );
            }
        }
    }
    assert!(sheet_seen, "the hand was scored");
    declared
}

#[test]
fn riichi_declared_by_keys_shows_on_the_table_and_the_pot() {
    // The human's greedy brain declares riichi in this seed's hand.
    assert!(play_with_riichi(SEED_WITH_RIICHI), "riichi was declared");
}

/// The human seat reaches a ready hand and declares riichi in this seed's first hand.
const SEED_WITH_RIICHI: u64 = 6;

/// The J3-S8 names a seeded game of greedy bots records: Bazoro first on every win but a
/// yakuman, then dora and the like.
#[test]
fn every_recorded_win_names_its_bonus_han() {
    let ruleset = Ruleset::preset("japanese-3p").unwrap();
    let mut config = GameConfig::new(ruleset.clone(), 5);
    config.max_hands = Some(6);
    let mut game = mahjong_engine::Game::new(config);
    let mut bots: Vec<Box<dyn Bot>> = (0..3)
        .map(|p| bot_for_ruleset("greedy", &ruleset, p).unwrap())
        .collect();
    while !game.is_over() {
        let p = game.pending()[0];
        let action = bots[p].act(&game.view(p));
        game.act(p, action).unwrap();
    }
    let names = [
        "Bazoro", "dora", "ura-dora", "pei-dora", "red five", "Ippatsu",
    ];
    let mut wins = 0;
    for e in game.take_events() {
        let Event::Scores { items, .. } = e else {
            continue;
        };
        for seat in items.iter().filter(|s| !s.is_empty()) {
            wins += 1;
            let bonus: Vec<(&str, u32)> = seat
                .iter()
                .filter(|it| it.rule == "J3-S8")
                .map(|it| (it.name.as_deref().expect("a named J3-S8 item"), it.points))
                .collect();
            // A yakuman hand counts no han, Bazoro's neither.
            let yakuman = seat.iter().any(|it| it.doubles > 0);
            assert_eq!(
                bonus.first(),
                (!yakuman).then_some(&("Bazoro", 2)),
                "{seat:?}"
            );
            assert!(bonus.iter().all(|(n, _)| names.contains(n)), "{seat:?}");
            // Only ids whose cases the han do not tell carry a name (J3-Y6: Haitei, Houtei).
            assert!(
                seat.iter()
                    .all(|it| it.name.is_some() == ["J3-S8", "J3-Y6"].contains(&&*it.rule)),
                "{seat:?}"
            );
        }
    }
    assert_eq!(wins, 6, "wins");
}

/// A washout at a three-seat table with this settlement and these payments (nobody
/// scores).
fn washout(
    app: &mut App,
    settlement: Vec<i64>,
    payments: Vec<mahjong_engine::PaymentRecord>,
    now: Instant,
) {
    app.apply(Update::Event(Event::Washout), now);
    app.apply(
        Update::Event(Event::Scores {
            scores: vec![0, 0, 0],
            limits: vec![None, None, None],
            items: vec![vec![], vec![], vec![]],
            settlement,
            payments,
            cannon: None,
        }),
        now,
    );
}

/// A washout that settles (J3-P: the players not ready pay the ready ones, riichi stakes go
/// into the pot) says so, and the log and help use the ruleset's word for declaring ready.
#[test]
fn a_washout_that_settles_says_so_and_riichi_is_named_as_such() {
    let game =
        mahjong_engine::Game::new(GameConfig::new(Ruleset::preset("japanese-3p").unwrap(), 1));
    let (mut app, _) = app_with(game.view(0));
    let now = Instant::now();
    app.apply(
        Update::Event(Event::Discard {
            player: 1,
            tile: "3D".parse().unwrap(),
            call: true,
            calling: false,
        }),
        now,
    );
    assert_eq!(
        app.log().last().map(|l| l.to_string()),
        Some("P1 (S) discards 3D with Riichi".to_string())
    );
    washout(&mut app, vec![1_000, -2_000, 1_000], vec![], now);
    let sheet = app.sheet().expect("a sheet").clone();
    let lines: Vec<String> = ui::sheet_lines(&app, &sheet)
        .iter()
        .map(|l| l.to_string())
        .collect();
    assert_eq!(
        lines[0],
        "Hand 1 · prevailing E · washout: nobody won; the ruleset's washout payments are settled"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("P1 (S)") && l.contains("net -2,000")),
        "{lines:#?}"
    );

    // The help names the ruleset's declaration.
    let mut term = Terminal::new(TestBackend::new(110, 40)).unwrap();
    app.on_key(KeyEvent::from(KeyCode::Char('?')));
    term.draw(|f| ui::draw(f, &app, now)).unwrap();
    let screen = screen(&term).join("\n");
    assert!(
        screen.contains("o           Riichi with the discard (when possible)"),
        "{screen}"
    );
}

/// A japanese-3p washout's payments each go on a line of their own with the rule they are
/// paid under (J3-P: P0 and P2, not ready, pay P1, ready; J3-S10: P1's riichi stick goes into
/// the pot, the seat past the last), and the rule texts cite both rules.
#[test]
fn a_washout_lists_each_payment_with_its_rule_and_the_pot() {
    let game =
        mahjong_engine::Game::new(GameConfig::new(Ruleset::preset("japanese-3p").unwrap(), 1));
    let pay = |from: usize, to: usize, rule: &str, name: &str| mahjong_engine::PaymentRecord {
        from,
        to,
        amount: 1_000,
        rule: Some(rule.into()),
        name: Some(name.into()),
    };
    let nb = |s: &str| s.replace('_', "\u{a0}");
    for (lang, want) in [
        (
            Lang::En,
            [
                "Payments",
                "  P0 (E) pays P1 (S) 1,000 (J3-P noten payment)",
                "  P2 (W) pays P1 (S) 1,000 (J3-P noten payment)",
                "  P1 (S) puts 1,000 into the pot (J3-S10 riichi stick)",
            ]
            .map(String::from),
        ),
        (
            Lang::Cs,
            [
                "Platby",
                "  P0 (V) platí P1 (J) 1_000 (J3-P platba za nehotovou ruku)",
                "  P2 (Z) platí P1 (J) 1_000 (J3-P platba za nehotovou ruku)",
                "  P1 (J) vkládá 1_000 do banku (J3-S10 riči hůlka)",
            ]
            .map(nb),
        ),
        (
            Lang::Pl,
            [
                "Płatności",
                "  P0 (Wsch) płaci P1 (Pd) 1_000 (J3-P opłata za niegotową rękę)",
                "  P2 (Zach) płaci P1 (Pd) 1_000 (J3-P opłata za niegotową rękę)",
                "  P1 (Pd) wkłada 1_000 do puli (J3-S10 pałeczka riichi)",
            ]
            .map(nb),
        ),
    ] {
        let (app, _) = app_with(game.view(0));
        let mut app = app.with_lang(lang);
        let now = Instant::now();
        washout(
            &mut app,
            vec![-1_000, 1_000, -1_000],
            vec![
                pay(0, 1, "J3-P", "noten payment"),
                pay(2, 1, "J3-P", "noten payment"),
                pay(1, 3, "J3-S10", "riichi stick"),
            ],
            now,
        );
        let sheet = app.sheet().expect("a sheet").clone();
        let lines = |app: &App| -> Vec<String> {
            ui::sheet_lines(app, &sheet)
                .iter()
                .map(|l| l.to_string())
                .collect()
        };
        let shown = lines(&app);
        let at = shown
            .iter()
            .position(|l| l == &want[0])
            .unwrap_or_else(|| panic!("{lang:?}: {shown:#?}"));
        assert_eq!(shown[at..at + want.len()], want, "{lang:?}: {shown:#?}");
        // Then the keys: nothing else is paid.
        assert_eq!(shown[at + want.len()], "", "{lang:?}: {shown:#?}");
        // The rule texts cite both rules, in the order the payments do.
        app.on_key(KeyEvent::from(KeyCode::Char('r')));
        let cited: Vec<String> = lines(&app)
            .iter()
            .filter_map(|l| l.strip_prefix("   J3-"))
            .map(|l| l.split_whitespace().next().unwrap_or_default().to_string())
            .collect();
        assert_eq!(cited, ["P", "S10"], "{lang:?}");
    }
}

/// The score sheet scrolls no further than its last line.
#[test]
fn the_score_sheet_stops_scrolling_at_its_end() {
    let game =
        mahjong_engine::Game::new(GameConfig::new(Ruleset::preset("japanese-3p").unwrap(), 1));
    let (mut app, _) = app_with(game.view(0));
    let now = Instant::now();
    washout(&mut app, vec![0, 0, 0], vec![], now);
    let mut term = Terminal::new(TestBackend::new(60, 8)).unwrap();
    term.draw(|f| ui::draw(f, &app, now)).unwrap();
    for _ in 0..60 {
        app.on_key(KeyEvent::from(KeyCode::Down));
    }
    let bottom = app.sheet_scroll();
    assert!(bottom > 0 && bottom < 30, "{bottom}");
    term.draw(|f| ui::draw(f, &app, now)).unwrap();
    let shown = screen(&term).join("\n");
    assert!(shown.contains("Enter: continue"), "{shown}");
    // One key up moves it at once.
    app.on_key(KeyEvent::from(KeyCode::Char('k')));
    assert_eq!(app.sheet_scroll(), bottom - 1);
    // Once the sheet is closed, the footer says the terminal is small.
    app.on_key(KeyEvent::from(KeyCode::Enter));
    term.draw(|f| ui::draw(f, &app, now)).unwrap();
    let footer = screen(&term).last().cloned().unwrap();
    assert_eq!(
        footer.trim_end(),
        "the terminal is 60×8: 80×24 or more shows everything"
    );
}

/// A settlement item whose tile is a wind names that seat as the sheet names seats (K3-S5:
/// the opponent who was ready pays 2 bonus-points less), not as a tile code.
#[test]
fn a_settlement_item_names_its_seat() {
    let ruleset = Ruleset::preset("korean-3p").unwrap();
    let game = mahjong_engine::Game::new(GameConfig::new(ruleset, 1));
    let (mut app, _) = app_at("korean-3p", game.view(0));
    let now = Instant::now();
    let item = |rule: &str, points: u32, tile: Option<&str>| ScoredItem {
        rule: rule.into(),
        points,
        doubles: 0,
        limit: false,
        tile: tile.map(|t| t.parse().unwrap()),
        name: None,
    };
    app.apply(
        Update::Event(Event::Scores {
            scores: vec![5, 0, 0],
            limits: vec![None, None, None],
            items: vec![
                vec![item("K3-HP3", 1, None), item("K3-S5", 2, Some("SW"))],
                vec![],
                vec![],
            ],
            settlement: vec![8, -3, -5],
            payments: vec![],
            cannon: None,
        }),
        now,
    );
    let sheet = app.sheet().expect("a sheet").clone();
    let lines: Vec<String> = ui::sheet_lines(&app, &sheet)
        .iter()
        .map(|l| l.to_string())
        .collect();
    // The seat is named with the deduction from his payment, in the values' column.
    let s5 = lines.iter().find(|l| l.contains("K3-S5")).unwrap();
    assert_eq!(
        s5,
        "   K3-S5   opponent was ready: pays 2 bonus-points less    -2 pts from P1 (S)"
    );
    let hp3 = lines.iter().find(|l| l.contains("K3-HP3")).unwrap();
    assert_eq!(
        hp3.find("1 pt"),
        s5.find("2 pts"),
        "aligned: {hp3:?} {s5:?}"
    );
    // In Czech and Polish too, with a true minus sign.
    for (lang, want) in [
        (
            Lang::Cs,
            "   K3-S5   soupeř čekal: platí o 2 bonusové body méně      \u{2212}2 b. od P1 (J)",
        ),
        (
            Lang::Pl,
            // The names' column widens for the long name where the sheet has room.
            "   K3-S5   przeciwnik był gotowy: płaci o 2 punkty premiowe mniej  \u{2212}2 pkt od P1 (Pd)",
        ),
    ] {
        app.set_lang(lang);
        let lines: Vec<String> = ui::sheet_lines(&app, &sheet)
            .iter()
            .map(|l| l.to_string())
            .collect();
        let at = lines.iter().position(|l| l.contains("K3-S5")).unwrap();
        assert_eq!(lines[at], want, "{lang:?}");
    }
    // On an 80-column screen it wraps within its column.
    let lines: Vec<String> = ui::sheet_lines_at(&app, &sheet, 76)
        .iter()
        .map(|l| l.to_string())
        .collect();
    let at = lines.iter().position(|l| l.contains("K3-S5")).unwrap();
    assert_eq!(
        lines[at..at + 2],
        [
            "   K3-S5   przeciwnik był gotowy: płaci o 2 punkty         \u{2212}2 pkt od P1 (Pd)",
            "           premiowe mniej",
        ]
    );
}

/// Seat 0's app at a fresh japanese-3p table, in `lang`.
fn japanese_app(lang: Lang) -> App {
    let game =
        mahjong_engine::Game::new(GameConfig::new(Ruleset::preset("japanese-3p").unwrap(), 1));
    app_with(game.view(0)).0.with_lang(lang)
}

/// A scored item under `rule`.
fn item(rule: &str, points: u32) -> ScoredItem {
    ScoredItem {
        rule: rule.into(),
        points,
        doubles: 0,
        limit: false,
        tile: None,
        name: None,
    }
}

/// A J3-S8 item of the case `name`.
fn named(name: &str, points: u32) -> ScoredItem {
    ScoredItem {
        name: Some(name.into()),
        ..item("J3-S8", points)
    }
}

/// A mangan of 7 han won by P1 (South) on P0's discard, with a riichi stick from P2.
fn mangan(lang: Lang) -> App {
    let mut app = japanese_app(lang);
    let now = Instant::now();
    app.apply(
        Update::Event(Event::Mahjong {
            player: 1,
            tile: "5D".parse().unwrap(),
            from: mahjong_rules::WinFrom::Discard,
            supplier: Some(0),
            dealt: false,
        }),
        now,
    );
    app.apply(
        Update::Event(Event::Scores {
            scores: vec![0, 8_000, 0],
            limits: vec![None, Some("J3-P".into()), None],
            items: vec![
                vec![],
                vec![
                    item("J3-Y4", 1),
                    item("J3-Y5", 1),
                    named("Bazoro", 2),
                    named("dora", 3),
                ],
                vec![],
            ],
            settlement: vec![-8_000, 9_000, -1_000],
            payments: vec![
                mahjong_engine::PaymentRecord {
                    from: 0,
                    to: 1,
                    amount: 8_000,
                    rule: None,
                    name: None,
                },
                mahjong_engine::PaymentRecord {
                    from: 2,
                    to: 1,
                    amount: 1_000,
                    rule: None,
                    name: None,
                },
            ],
            cannon: None,
        }),
        now,
    );
    app
}

/// The sheet drawn on a `w`×`h` terminal: the text inside its borders, each line checked to
/// end at the right border (nothing cut, nothing beside it).
fn sheet_inside(app: &App, w: u16, h: u16) -> Vec<String> {
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| ui::draw(f, app, Instant::now())).unwrap();
    let lines = screen(&term);
    let boxed: Vec<&String> = lines.iter().filter(|l| l.contains('│')).collect();
    assert!(!boxed.is_empty(), "{lines:#?}");
    for l in &boxed {
        assert!(
            l.ends_with('│'),
            "{w}×{h}: cut or with a stray character: {l:?}"
        );
    }
    boxed
        .iter()
        .map(|l| inside_box(l).trim_end_matches('│').trim_end().to_string())
        .collect()
}

/// The winner's line names the payment band and fits at 80 and 120 columns in every
/// language: on one line where there is room, else the standing goes on under the score.
#[test]
fn the_winner_s_line_names_the_band_and_fits() {
    let nb = |s: &str| s.replace('_', "\u{a0}");
    for (lang, wide, narrow) in [
        (
            Lang::En,
            vec![
                "P1 (S) greedy · winner             score 8,000 (7 han; J3-P mangan)   net +9,000   points 44,000".to_string(),
            ],
            vec![
                "P1 (S) greedy · winner             score 8,000 (7 han; J3-P mangan)".to_string(),
                "net +9,000   points 44,000".to_string(),
            ],
        ),
        (
            // At 120 columns the scores move nearer the headings, so that every line fits.
            Lang::Cs,
            vec![nb(
                "P1 (J) greedy · vítěz   skóre 8_000 (7 hanů; J3-P mangan)   bilance +9_000   body 44_000",
            )],
            vec![
                nb("P1 (J) greedy · vítěz              skóre 8_000 (7 hanů; J3-P mangan)"),
                nb("bilance +9_000   body 44_000"),
            ],
        ),
        (
            Lang::Pl,
            vec![nb(
                "P1 (Pd) greedy · zwycięzca   wynik 8_000 (7 hanów; J3-P mangan)   bilans +9_000   punkty 44_000",
            )],
            vec![
                nb("P1 (Pd) greedy · zwycięzca         wynik 8_000 (7 hanów; J3-P mangan)"),
                nb("bilans +9_000   punkty 44_000"),
            ],
        ),
    ] {
        let app = mangan(lang);
        for ((w, h), want) in [((120, 40), &wide), ((80, 24), &narrow)] {
            let inside = sheet_inside(&app, w, h);
            let at = inside
                .iter()
                .position(|l| l.starts_with("P1 ("))
                .unwrap_or_else(|| panic!("{lang:?} {w}: {inside:#?}"));
            let got: Vec<String> = inside[at..at + want.len()]
                .iter()
                .map(|l| l.trim().to_string())
                .collect();
            assert_eq!(&got, want, "{lang:?} {w}×{h}");
        }
    }
}

/// Each band of J3-P by han and score, as the scorer sets them.
#[test]
fn the_payment_bands() {
    let han = |n: u32| {
        vec![ScoredItem {
            rule: "J3-Y4".into(),
            points: n,
            doubles: 0,
            limit: false,
            tile: None,
            name: None,
        }]
    };
    assert_eq!(ui::japanese_band(&han(6), 8_000, false, false), "mangan");
    assert_eq!(ui::japanese_band(&han(8), 12_000, false, false), "haneman");
    assert_eq!(ui::japanese_band(&han(12), 24_000, true, false), "baiman");
    assert_eq!(
        ui::japanese_band(&han(13), 24_000, false, false),
        "sanbaiman"
    );
    assert_eq!(
        ui::japanese_band(&han(13), 32_000, false, false),
        "counted yakuman"
    );
    assert_eq!(
        ui::japanese_band(&han(14), 48_000, true, false),
        "counted yakuman"
    );
    assert_eq!(
        ui::japanese_band(&han(13), 24_000, false, true),
        "counted yakuman"
    );
    let mut yakuman = han(0);
    yakuman[0].doubles = 1;
    assert_eq!(ui::japanese_band(&yakuman, 32_000, false, false), "yakuman");
}

/// At 80×24 a sheet taller than the screen says in its title that it scrolls (as the help
/// box does), and nothing of the screen beneath shows beside it (a stray letter of the title
/// stood at its top right corner).
#[test]
fn a_cut_sheet_says_it_scrolls_and_nothing_sticks_to_its_border() {
    for (lang, title) in [
        (Lang::En, " ┌ score sheet · ↑/↓ j/k: scroll ─"),
        (Lang::Cs, " ┌ bodování · ↑/↓ j/k: posun ─"),
        (Lang::Pl, " ┌ punktacja · ↑/↓ j/k: przewijanie ─"),
    ] {
        let mut app = mangan(lang);
        let now = Instant::now();
        let mut term = Terminal::new(TestBackend::new(80, 24)).unwrap();
        term.draw(|f| ui::draw(f, &app, now)).unwrap();
        let lines = screen(&term);
        // The sheet fits: its plain title.
        assert!(!lines[0].contains("↑/↓"), "{lines:#?}");
        // With the rule texts it does not.
        app.on_key(KeyEvent::from(KeyCode::Char('r')));
        term.draw(|f| ui::draw(f, &app, now)).unwrap();
        let lines = screen(&term);
        assert!(lines[0].starts_with(title), "{lang:?}: {lines:#?}");
        assert!(lines[0].ends_with('┐'), "{lang:?}: {:?}", lines[0]);
        for l in &lines {
            assert!(l.starts_with(' '), "{lang:?}: {l:?}");
            assert!(
                l.ends_with('│') || l.ends_with('┐') || l.ends_with('┘'),
                "{lang:?}: {l:?}"
            );
        }
    }
}

/// Czech and Polish decline the han (`1 han`, `2 hany`, `5 hanů` / `5 hanów`), as the rule
/// texts do; numbers are grouped with a no-break space and negative ones take a true minus.
#[test]
fn han_and_numbers_in_czech_and_polish() {
    for (lang, items, loser, pays) in [
        (
            Lang::Cs,
            ["1 han", "2 hany", "3 hany"],
            "P0 (V) vy               skóre 0   bilance \u{2212}8\u{a0}000   body 27\u{a0}000",
            "P0 (V) platí P1 (J) 8\u{a0}000",
        ),
        (
            Lang::Pl,
            ["1 han", "2 hany", "3 hany"],
            "P0 (Wsch) ty                 wynik 0   bilans \u{2212}8\u{a0}000   punkty 27\u{a0}000",
            "P0 (Wsch) płaci P1 (Pd) 8\u{a0}000",
        ),
    ] {
        let app = mangan(lang);
        let sheet = app.sheet().unwrap().clone();
        let lines: Vec<String> = ui::sheet_lines(&app, &sheet)
            .iter()
            .map(|l| l.to_string())
            .collect();
        for want in items {
            assert!(
                lines.iter().any(|l| l.ends_with(&format!("  {want}"))),
                "{lang:?} {want}: {lines:#?}"
            );
        }
        assert!(lines.iter().any(|l| l == loser), "{lang:?}: {lines:#?}");
        assert!(
            lines.iter().any(|l| l.trim() == pays),
            "{lang:?}: {lines:#?}"
        );
    }
}

/// The seat lines and the pot in Czech and Polish: thousands grouped with a no-break space,
/// a true minus sign; English keeps `26,000 (-9,000)`.
#[test]
fn points_in_czech_and_polish() {
    let game =
        mahjong_engine::Game::new(GameConfig::new(Ruleset::preset("japanese-3p").unwrap(), 1));
    let mut v = game.view(0);
    v.totals = vec![8_000, -9_000, 1_000];
    v.pot = 2_000;
    for (lang, p1, pot) in [
        (Lang::En, "points 26,000 (-9,000)", "pot 2,000"),
        (
            Lang::Cs,
            "body 26\u{a0}000 (\u{2212}9\u{a0}000)",
            "bank 2\u{a0}000",
        ),
        (
            Lang::Pl,
            "punkty 26\u{a0}000 (\u{2212}9\u{a0}000)",
            "pula 2\u{a0}000",
        ),
    ] {
        let app = common::seated(
            App::new(0).with_lang(lang),
            &["you", "greedy", "greedy"],
            "japanese-3p",
            v.clone(),
        );
        let mut term = Terminal::new(TestBackend::new(120, 40)).unwrap();
        term.draw(|f| ui::draw(f, &app, Instant::now())).unwrap();
        let lines = screen(&term);
        let seat = lines.iter().find(|l| l.contains(" P1 ")).unwrap();
        assert!(seat.ends_with(p1), "{lang:?}: {seat:?}");
        assert!(lines[0].contains(pot), "{lang:?}: {:?}", lines[0]);
    }
}

/// P1 (South) in riichi wins on P0's discard in hand 1 (dora indicator 1C), the reveal
/// turning over `ura` (J3-S8), with his concealed tiles `hand`.
fn riichi_win(lang: Lang, hand: &[Tile], ura: &[Tile]) -> App {
    let mut app = japanese_app(lang);
    let now = Instant::now();
    let mut items = vec![
        item("J3-Y4", 1),
        item("J3-Y5", 1),
        named("Bazoro", 2),
        named("dora", 2),
    ];
    if !ura.is_empty() {
        items.push(named("ura-dora", ura.len() as u32));
    }
    for e in [
        Event::HandStart {
            hand: 0,
            prevailing: Wind::East,
            dealer: 0,
            dice: None,
            dora: Some(tile("1C")),
        },
        Event::Mahjong {
            player: 1,
            tile: tile("5D"),
            from: mahjong_rules::WinFrom::Discard,
            supplier: Some(0),
            dealt: false,
        },
        Event::Reveal {
            hands: vec![vec![], hand.to_vec(), vec![]],
            ura_indicators: ura.to_vec(),
        },
        Event::Scores {
            scores: vec![0, 8_000, 0],
            limits: vec![None, Some("J3-P".into()), None],
            items: vec![vec![], items, vec![]],
            settlement: vec![-8_000, 8_000, 0],
            payments: vec![mahjong_engine::PaymentRecord {
                from: 0,
                to: 1,
                amount: 8_000,
                rule: None,
                name: None,
            }],
            cannon: None,
        },
    ] {
        app.apply(Update::Event(e), now);
    }
    app
}

fn tile(code: &str) -> Tile {
    code.parse().unwrap()
}

/// The score sheet's lines as text.
fn sheet_text(app: &App) -> Vec<String> {
    let sheet = app.sheet().expect("a sheet").clone();
    ui::sheet_lines(app, &sheet)
        .iter()
        .map(|l| l.to_string())
        .collect()
}

/// The title's parts (between the ` · `) with the score sheet closed, on a screen wide
/// enough for the title to take one line.
fn title_parts(app: &mut App) -> Vec<String> {
    app.on_key(KeyEvent::from(KeyCode::Enter));
    assert!(app.sheet().is_none());
    let mut term = Terminal::new(TestBackend::new(200, 40)).unwrap();
    term.draw(|f| ui::draw(f, app, Instant::now())).unwrap();
    let title = screen(&term)[0].clone();
    let title = title.strip_prefix(" mahjong  ").unwrap_or(&title);
    title.split(" · ").map(String::from).collect()
}

/// J3-S8: a riichi winner's ura-dora indicators, turned over with the hands, go on the sheet
/// under his tiles, before his items (the ura-dora item counts them), and into the title
/// beside the dora indicators, named apart from them, until the next hand starts.
#[test]
fn a_riichi_win_shows_its_ura_dora_indicators() {
    let hand: Vec<Tile> = "2D 3D 4D 6D 7D 8D 2B 3B 4B 6B 7B 8B 5D"
        .split(' ')
        .map(tile)
        .collect();
    let mut sorted = hand.clone();
    sorted.sort();
    let tiles_line = format!("   {}", mahjong_tui::codes(&sorted));
    for (lang, sheet_line, dora, ura) in [
        (
            Lang::En,
            "   Ura-dora indicators: 3B SW",
            "dora indicator 1C",
            "ura-dora indicators 3B SW",
        ),
        (
            Lang::Cs,
            "   Ukazatele ura-dory: 3B SW",
            "ukazatel dory 1C",
            "ukazatele ura-dory 3B SW",
        ),
        (
            Lang::Pl,
            "   Wskaźniki ura-dory: 3B SW",
            "wskaźnik dory 1C",
            "wskaźniki ura-dory 3B SW",
        ),
    ] {
        let mut app = riichi_win(lang, &hand, &[tile("3B"), tile("SW")]);
        assert_eq!(app.ura_indicators(), [tile("3B"), tile("SW")]);
        let lines = sheet_text(&app);
        let at: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i] == sheet_line)
            .collect();
        assert_eq!(at.len(), 1, "{lang:?}: {lines:#?}");
        let at = at[0];
        assert_eq!(lines[at - 1], tiles_line, "{lang:?}: {lines:#?}");
        assert!(lines[at - 2].starts_with("P1 ("), "{lang:?}: {lines:#?}");
        assert!(
            lines[at + 1].starts_with("   J3-Y4 "),
            "{lang:?}: {lines:#?}"
        );

        let parts = title_parts(&mut app);
        let d = parts.iter().position(|p| p == dora);
        assert_eq!(
            d.and_then(|d| parts.get(d + 1)).map(String::as_str),
            Some(ura),
            "{lang:?}: {parts:?}"
        );

        // The next hand turns nothing over yet.
        app.apply(
            Update::Event(Event::HandStart {
                hand: 1,
                prevailing: Wind::East,
                dealer: 1,
                dice: None,
                dora: Some(tile("2C")),
            }),
            Instant::now(),
        );
        assert!(app.ura_indicators().is_empty());
        let parts = title_parts(&mut app);
        assert!(!parts.iter().any(|p| p.contains("ura-dor")), "{parts:?}");
    }
    // One indicator (without kan-dora) is named in the singular.
    let app = riichi_win(Lang::En, &hand, &[tile("3B")]);
    let lines = sheet_text(&app);
    assert!(
        lines.iter().any(|l| l == "   Ura-dora indicator: 3B"),
        "{lines:#?}"
    );
}

/// A win with no ura-dora indicators turned over (no riichi) shows none, on the sheet or in
/// the title.
#[test]
fn a_win_without_riichi_shows_no_ura_dora_indicators() {
    let hand: Vec<Tile> = "2D 3D 4D 6D 7D 8D 2B 3B 4B 6B 7B 8B 5D"
        .split(' ')
        .map(tile)
        .collect();
    for (lang, label) in [
        (Lang::En, "ura-dora indicator"),
        (Lang::Cs, "ura-dory"),
        (Lang::Pl, "ura-dory"),
    ] {
        let mut app = riichi_win(lang, &hand, &[]);
        assert!(app.ura_indicators().is_empty());
        let lines = sheet_text(&app);
        assert!(
            !lines.iter().any(|l| l.to_lowercase().contains(label)),
            "{lang:?}: {lines:#?}"
        );
        // The tiles line is followed by the items.
        let p1 = lines.iter().position(|l| l.starts_with("P1 (")).unwrap();
        assert!(
            lines[p1 + 2].starts_with("   J3-Y4 "),
            "{lang:?}: {lines:#?}"
        );
        let parts = title_parts(&mut app);
        assert!(
            !parts.iter().any(|p| p.to_lowercase().contains(label)),
            "{lang:?}: {parts:?}"
        );
    }
}
