//! The terminal client driven through whole hands on ratatui's `TestBackend`: keys in, the
//! rendered screen checked against the engine (the hand line, claim prompts only when
//! legal, the score sheet's rule ids and scores).

use std::time::{Duration, Instant};

use mahjong_bots::{bot_for_ruleset, Bot};
use mahjong_engine::{Action, Event, GameConfig, PhaseView, SeatView};
use mahjong_rules::Ruleset;
use mahjong_tui::{ui, LocalTable, Session};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::Terminal;

mod common;
use common::{expected_hand_line, inside_box, line_with, screen};

struct Driver {
    session: Session<LocalTable>,
    term: Terminal<TestBackend>,
    /// Picks the human's moves (it sees only the human's view, like the human).
    brain: Box<dyn Bot>,
    /// A clock of our own: every screen is one bot delay later, so each visible bot move
    /// gets a screen of its own.
    clock: Instant,
}

const DELAY: Duration = Duration::from_secs(1);

impl Driver {
    fn new(ruleset: Ruleset, seed: u64, max_hands: u32, seat: usize) -> Driver {
        Driver::sized(ruleset, seed, max_hands, seat, 110, 70)
    }

    fn sized(
        ruleset: Ruleset,
        seed: u64,
        max_hands: u32,
        seat: usize,
        width: u16,
        height: u16,
    ) -> Driver {
        let brain = bot_for_ruleset("greedy", &ruleset, 1234).unwrap();
        let mut config = GameConfig::new(ruleset, seed);
        config.max_hands = Some(max_hands);
        let table = LocalTable::new(config, seat, &[])
            .unwrap()
            .with_delay(DELAY);
        Driver {
            session: Session::new(seat, table),
            term: Terminal::new(TestBackend::new(width, height)).unwrap(),
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

    fn engine_view(&self) -> SeatView {
        let p = self.session.app.player();
        self.session.table.game().view(p)
    }

    fn last_decision(&self) -> Option<(usize, Action)> {
        self.session
            .table
            .record()
            .iter()
            .rev()
            .find_map(|e| match e {
                Event::Decision { player, action } => Some((*player, *action)),
                _ => None,
            })
    }
}

#[derive(Default, Debug)]
struct Seen {
    turns: usize,
    claim_prompts: usize,
    claims_made: usize,
    no_prompt_windows: usize,
    waits: usize,
    sheets: usize,
}

/// Checks one screen against the engine while a hand is in play; returns whether the human
/// must act.
fn check_play_screen(d: &Driver, lines: &[String], seen: &mut Seen) -> bool {
    let v = d.engine_view();
    // The client holds exactly the engine's view of its seat: nothing more.
    assert_eq!(d.session.app.view(), Some(&v));
    let hand_line = lines
        .iter()
        .find(|l| l.starts_with("hand ("))
        .expect("a hand line");
    assert_eq!(hand_line, &expected_hand_line(&v));
    // Every seat has a row with its wind and tile count; concealed tiles only as counts.
    for (q, seat) in v.public.iter().enumerate() {
        let row = line_with(lines, &format!("{} P{q} ", seat.wind.letter())).expect("seat row");
        assert!(
            row.contains(&format!("{:>2} tiles", seat.concealed_count)),
            "{row}"
        );
    }
    let legal = &v.legal;
    let window = matches!(v.phase, PhaseView::Claims { .. } | PhaseView::Rob { .. });
    let can_claim = window && legal.iter().any(|a| *a != Action::Pass);
    let prompt = line_with(lines, "[p] pass");
    assert_eq!(
        prompt.is_some(),
        can_claim,
        "claim prompt shown iff a claim is legal; legal {legal:?}"
    );
    if let Some(p) = prompt {
        seen.claim_prompts += 1;
        assert_eq!(p.contains("[u] pung"), legal.contains(&Action::Pung), "{p}");
        assert_eq!(p.contains("[k] kong"), legal.contains(&Action::Kong), "{p}");
        assert_eq!(
            p.contains("[m] Mah-Jongg"),
            legal.contains(&Action::Mahjong),
            "{p}"
        );
        assert_eq!(
            p.contains("[c] "),
            legal.iter().any(|a| matches!(a, Action::Chow { .. })),
            "{p}"
        );
    } else if window {
        seen.no_prompt_windows += 1;
    } else if matches!(v.phase, PhaseView::Turn { player } if player != v.player) {
        seen.waits += 1;
        assert!(line_with(lines, "to play…").is_some());
    }
    let turn =
        matches!(v.phase, PhaseView::Turn { player } if player == v.player) && !legal.is_empty();
    assert_eq!(line_with(lines, "Your turn:").is_some(), turn);
    if turn {
        seen.turns += 1;
    }
    turn || can_claim
}

/// Plays the human's move chosen by `brain` with keys only, and checks the engine took it.
fn play_move(d: &mut Driver, seen: &mut Seen) {
    let v = d.engine_view();
    let action = d.brain.act(&v);
    match action {
        Action::Discard { tile, call } => {
            let (tiles, drawn) = d.session.app.hand_tiles();
            let idx = if drawn == Some(tile) {
                tiles.len()
            } else {
                tiles.iter().position(|&t| t == tile).unwrap()
            };
            d.press(KeyCode::Home);
            for _ in 0..idx {
                d.press(KeyCode::Right);
            }
            // One step too far and back, with the vi keys.
            d.press(KeyCode::Char('l'));
            d.press(KeyCode::Char('h'));
            if idx + 1 == tiles.len() + usize::from(drawn.is_some()) && idx > 0 {
                // `l` at the last tile stays; `h` then moved one left: come back.
                d.press(KeyCode::Right);
            }
            let lines = d.refresh();
            let hand = lines.iter().position(|l| l.starts_with("hand (")).unwrap();
            let marker = &lines[hand + 1];
            let col = marker.find("^^").expect("a selection marker");
            assert_eq!(
                &lines[hand][col..col + 2],
                tile.code(),
                "marker under {tile}"
            );
            assert!(line_with(&lines, &format!("[Enter] discard {tile}")).is_some());
            if call {
                d.press(KeyCode::Char('o'));
            }
            d.press(KeyCode::Enter);
        }
        Action::Mahjong => d.press(KeyCode::Char('m')),
        Action::Pass => d.press(KeyCode::Char('p')),
        Action::Pung => d.press(KeyCode::Char('u')),
        Action::Kong => d.press(KeyCode::Char('k')),
        Action::Chow { .. }
        | Action::ConcealedKong { .. }
        | Action::AnnexKong { .. }
        | Action::SetAside { .. }
        | Action::SwapJoker { .. }
        | Action::JokerPung { .. } => {
            let key = match action {
                Action::Chow { .. } => 'c',
                Action::SetAside { .. } => 'a',
                Action::SwapJoker { .. } => 'j',
                Action::JokerPung { .. } => 'u',
                _ => 'k',
            };
            d.press(KeyCode::Char(key));
            if let Some(choice) = d.session.app.choice().cloned() {
                let i = choice.options.iter().position(|a| *a == action).unwrap();
                let lines = d.refresh();
                assert!(line_with(&lines, &format!("which {}?", choice.what)).is_some());
                d.press(KeyCode::Char(char::from(b'1' + i as u8)));
            }
        }
    }
    if matches!(
        action,
        Action::Pung | Action::Kong | Action::Chow { .. } | Action::Mahjong
    ) && !matches!(v.phase, PhaseView::Turn { .. })
    {
        seen.claims_made += 1;
    }
    assert_eq!(
        d.last_decision(),
        Some((v.player, action)),
        "the keys played {action:?}"
    );
}

/// Checks the score sheet on screen against the engine's `scores` event for the hand.
fn check_sheet(d: &Driver, lines: &[String]) {
    let scores = d
        .session
        .table
        .record()
        .iter()
        .rev()
        .find(|e| matches!(e, Event::Scores { .. }))
        .expect("a scores event")
        .clone();
    let Event::Scores {
        scores,
        items,
        settlement,
        payments,
        ..
    } = scores
    else {
        unreachable!()
    };
    assert!(line_with(lines, "score sheet").is_some());
    let sheet = d.session.app.sheet().expect("a sheet");
    assert_eq!(sheet.scores, scores);
    let hand_events = d
        .session
        .table
        .record()
        .iter()
        .rev()
        .skip_while(|e| !matches!(e, Event::Scores { .. }))
        .take_while(|e| !matches!(e, Event::HandStart { .. }));
    let winner = hand_events
        .filter_map(|e| match e {
            Event::Mahjong { player, .. } => Some(*player),
            _ => None,
        })
        .next();
    assert_eq!(sheet.win.map(|w| w.0), winner);
    for q in 0..scores.len() {
        let head_at = lines
            .iter()
            .position(|l| {
                l.contains(&format!("P{q} ({})", sheet.winds[q].letter())) && l.contains(" score ")
            })
            .unwrap_or_else(|| panic!("a sheet header for P{q}"));
        let head = &lines[head_at];
        assert_eq!(head.contains("· winner"), winner == Some(q), "{head}");
        assert!(head.contains(&format!("score {}", scores[q])), "{head}");
        assert!(head.contains(&format!("net {:+}", settlement[q])), "{head}");
        // The items follow in the engine's order: rule id, name, points or doubles.
        let mut at = head_at + 1;
        for it in &items[q] {
            let row = lines[at..]
                .iter()
                .position(|l| inside_box(l).starts_with(&format!("{} ", it.rule)))
                .map(|i| i + at)
                .unwrap_or_else(|| panic!("item {} of P{q} after line {at}: {lines:#?}", it.rule));
            let l = &lines[row];
            if it.points > 0 {
                let unit = if it.points == 1 { "pt" } else { "pts" };
                assert!(l.contains(&format!("{} {unit}", it.points)), "{l}");
            }
            if it.doubles > 0 {
                assert!(l.contains(&format!("{} double", it.doubles)), "{l}");
            }
            if it.rule == "M115a" {
                assert!(l.contains("going Mah-Jongg"), "{l}");
            }
            at = row + 1;
        }
    }
    for p in &payments {
        let payer = line_with(
            lines,
            &format!("P{} ({}) pays", p.from, sheet.winds[p.from].letter()),
        )
        .expect("a payments line");
        assert!(
            payer.contains(&format!(
                "P{} ({}) {}",
                p.to,
                sheet.winds[p.to].letter(),
                p.amount
            )),
            "{payer}"
        );
    }
}

fn play_through(mut d: Driver, max_steps: usize) -> (Driver, Seen) {
    let mut seen = Seen::default();
    for _ in 0..max_steps {
        let lines = d.refresh();
        if d.session.app.sheet().is_some() {
            seen.sheets += 1;
            check_sheet(&d, &lines);
            // Bots wait while the sheet is read.
            let events = d.session.table.record().len();
            for _ in 0..3 {
                d.refresh();
            }
            assert_eq!(d.session.table.record().len(), events);
            d.press(KeyCode::Enter);
            continue;
        }
        if let Some(totals) = d.session.app.game_over() {
            assert_eq!(totals, d.session.table.game().totals());
            let box_line = line_with(&lines, "game over").expect("game over box");
            assert!(box_line.contains("game over"));
            for (p, t) in totals.iter().enumerate() {
                let row = line_with(&lines, &format!("P{p} ")).unwrap();
                assert!(
                    lines
                        .iter()
                        .any(|l| l.contains(&format!("P{p} ")) && l.contains(&format!("{t:+}"))),
                    "{row}"
                );
            }
            eprintln!("{seen:?}");
            return (d, seen);
        }
        if check_play_screen(&d, &lines, &mut seen) {
            play_move(&mut d, &mut seen);
        }
    }
    panic!("the game did not end in {max_steps} steps: {seen:?}");
}

#[test]
fn a_whole_hand_by_keys_against_greedy_bots() {
    // Seed 7: the human claims three discards, the last for Mah-Jongg.
    let d = Driver::new(Ruleset::preset("millington").unwrap(), 7, 1, 0);
    let (d, seen) = play_through(d, 2_000);
    assert_eq!(seen.sheets, 1);
    assert_eq!(seen.claims_made, 3, "{seen:?}");
    assert!(seen.turns >= 5, "{seen:?}");
    assert!(seen.no_prompt_windows >= 1, "{seen:?}");
    let win = d.session.table.record().iter().find_map(|e| match e {
        Event::Mahjong { player, from, .. } => Some((*player, *from)),
        _ => None,
    });
    assert_eq!(win, Some((0, mahjong_rules::WinFrom::Discard)));
    assert!(d.session.table.game().is_over());
    // The sheet is gone and the game-over box shows; q leaves without asking.
    let mut d = d;
    d.press(KeyCode::Char('q'));
    assert!(d.session.app.wants_quit());
}

#[test]
fn a_washout_hand() {
    // Seed 13: nobody goes out; the sheet says so and every score is 0.
    let d = Driver::new(Ruleset::preset("millington").unwrap(), 13, 1, 0);
    let mut d = d;
    loop {
        let lines = d.refresh();
        if d.session.app.sheet().is_some() {
            assert!(
                line_with(
                    &lines,
                    "Hand 1 · prevailing E · washout: nobody won, nothing is paid"
                )
                .is_some(),
                "{lines:#?}"
            );
            check_sheet(&d, &lines);
            break;
        }
        if check_play_screen(&d, &lines, &mut Seen::default()) {
            play_move(&mut d, &mut Seen::default());
        }
    }
    assert!(d
        .session
        .table
        .record()
        .iter()
        .any(|e| matches!(e, Event::Washout)));
}

#[test]
fn several_hands_from_another_seat() {
    let d = Driver::new(Ruleset::preset("bradfield").unwrap(), 11, 3, 2);
    let (d, seen) = play_through(d, 5_000);
    assert_eq!(seen.sheets, 3);
    // The game's record (`play --record`) replays: the header names the human's seat, and
    // the engine agrees with every event.
    let record = String::from_utf8(d.session.table.record_jsonl()).unwrap();
    let header: serde_json::Value = serde_json::from_str(record.lines().next().unwrap()).unwrap();
    assert_eq!(
        header["players"],
        serde_json::json!(["greedy", "greedy", "human", "greedy"])
    );
    let summary = mahjong_engine::replay(record.lines()).expect("the record replays");
    assert_eq!((summary.games, summary.hands), (1, 3));
    assert_eq!(summary.unfinished, None);
}

#[test]
fn three_seats() {
    let Ok(r) = Ruleset::preset("korean-3p") else {
        panic!("the korean-3p preset is expected");
    };
    assert_eq!(r.seats(), 3);
    let mut d = Driver::new(r, 3, 1, 1);
    let lines = d.refresh();
    assert!(line_with(&lines, "P2 ").is_some());
    assert!(line_with(&lines, "P3 ").is_none());
    let (_, seen) = play_through(d, 2_000);
    assert_eq!(seen.sheets, 1);
}

#[test]
fn keys_for_help_quit_and_refused_moves() {
    let mut d = Driver::new(Ruleset::preset("millington").unwrap(), 7, 1, 0);
    let lines = d.refresh();
    // Player 0 is East and plays first.
    assert!(line_with(&lines, "Your turn:").is_some());
    d.press(KeyCode::Char('?'));
    let lines = d.refresh();
    assert!(line_with(&lines, "┌ help ").is_some());
    assert!(line_with(&lines, "discard the selected tile").is_some());
    d.press(KeyCode::Esc);
    let lines = d.refresh();
    assert!(line_with(&lines, "┌ help ").is_none());
    // Claims that are not legal are refused on screen, and nothing is sent.
    let events = d.session.table.record().len();
    for (key, msg) in [
        ('u', "a pung is not possible now"),
        ('c', "a chow is not possible now"),
        ('p', "there is nothing to pass"),
    ] {
        d.press(KeyCode::Char(key));
        let lines = d.refresh();
        assert_eq!(lines.last().map(String::as_str), Some(msg));
    }
    assert_eq!(d.session.table.record().len(), events);
    // The hint tells how far the hand is from ready and selects the best discard.
    d.press(KeyCode::Char('i'));
    let lines = d.refresh();
    let hint = lines.last().unwrap();
    assert!(hint.starts_with("hint: "), "{hint}");
    let (_, rest) = hint
        .split_once(" from ready · best discard ")
        .unwrap_or_else(|| panic!("{hint}"));
    let tile = rest.split(' ').next().unwrap();
    assert_eq!(d.session.app.selected_tile().unwrap().code(), tile);
    // q asks first; any other key keeps playing; q then y leaves.
    d.press(KeyCode::Char('q'));
    let lines = d.refresh();
    assert!(line_with(&lines, "Leave the game? y: yes").is_some());
    d.press(KeyCode::Char('n'));
    assert!(!d.session.app.wants_quit());
    let lines = d.refresh();
    assert!(line_with(&lines, "Leave the game?").is_none());
    d.press(KeyCode::Char('q'));
    d.press(KeyCode::Char('y'));
    assert!(d.session.app.wants_quit());
}

#[test]
fn a_hand_on_an_80_by_24_terminal() {
    let mut d = Driver::sized(Ruleset::preset("millington").unwrap(), 3, 1, 0, 80, 24);
    let mut seen = Seen::default();
    for _ in 0..2_000 {
        let lines = d.refresh();
        if d.session.app.sheet().is_some() {
            // The sheet is taller than the screen: scrolling brings the payments in.
            assert!(line_with(&lines, "pays").is_none());
            for _ in 0..30 {
                d.press(KeyCode::Down);
            }
            let lines = d.refresh();
            assert!(line_with(&lines, "pays").is_some(), "{lines:#?}");
            return;
        }
        assert!(lines.len() == 24);
        if check_play_screen(&d, &lines, &mut seen) {
            play_move(&mut d, &mut seen);
        }
    }
    panic!("no sheet");
}

#[test]
fn r_on_the_score_sheet_lists_what_each_rule_says() {
    // Seed 7: the human (East) goes out on a discard; the sheet cites M115a among others.
    // A tall screen: the whole sheet with its rule texts fits without scrolling.
    let mut d = Driver::sized(Ruleset::preset("millington").unwrap(), 7, 1, 0, 110, 160);
    let mut lines = d.refresh();
    for _ in 0..2_000 {
        if d.session.app.sheet().is_some() {
            break;
        }
        if check_play_screen(&d, &lines, &mut Seen::default()) {
            play_move(&mut d, &mut Seen::default());
        }
        lines = d.refresh();
    }
    let sheet = d.session.app.sheet().expect("a sheet").clone();
    assert!(line_with(&lines, "The rules on this sheet").is_none());
    assert!(line_with(&lines, "r: what the rules say").is_some());

    d.press(KeyCode::Char('r'));
    assert!(d.session.app.sheet_rules());
    // The sheet's lines between its borders.
    let lines: Vec<String> = d
        .refresh()
        .iter()
        .map(|l| inside_box(l).trim_end_matches('│').trim_end().to_string())
        .collect();
    let head = lines
        .iter()
        .position(|l| l == "The rules on this sheet")
        .unwrap_or_else(|| panic!("{lines:#?}"));
    assert!(line_with(&lines, "r: hide the rules").is_some());
    // M115a, wrapped at 84 columns under its text's column.
    let at = lines[head..]
        .iter()
        .position(|l| l.starts_with("M115a "))
        .map(|i| i + head)
        .expect("M115a's text");
    assert_eq!(
        &lines[at..at + 2],
        [
            "M115a  The winner scores 10 points for going Mah-Jongg under Millington's rules, 20 under",
            "Bradfield's (option `mahjong_points`).",
        ]
    );
    // Every id the sheet cites is there once, with its text.
    let ids: Vec<&str> = sheet
        .items
        .iter()
        .flatten()
        .map(|it| it.rule.as_str())
        .collect();
    let mut listed: Vec<&str> = lines[head + 1..]
        .iter()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| mahjong_rules::catalogue::entry(w).is_some())
        .collect();
    listed.sort();
    listed.dedup();
    let mut want = ids.clone();
    want.sort();
    want.dedup();
    assert_eq!(listed, want);

    // r again hides them; Enter still closes the sheet.
    d.press(KeyCode::Char('r'));
    let lines = d.refresh();
    assert!(line_with(&lines, "The rules on this sheet").is_none());
    d.press(KeyCode::Enter);
    assert!(d.session.app.sheet().is_none());
}
