//! The terminal client at a real server's table: the server runs in this process on a free
//! port (SQLite in memory); the client creates a table over HTTP, joins it over WebSocket and
//! plays a whole hand by keys; the score sheet is checked against the game's record as the
//! server stored it.

use std::time::{Duration, Instant};

use mahjong_bots::bot_for_ruleset;
use mahjong_engine::{Action, Event, PhaseView};
use mahjong_rules::Ruleset;
use mahjong_server::{Server, ServerConfig};
use mahjong_tui::{ui, CreateTable, RemoteTable, ScoreSheet, Session};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyEvent;
use ratatui::Terminal;
use serde_json::{json, Map, Value};

mod common;
use common::{expected_hand_line, inside_box, keys_for, line_with, screen};

fn record_of(base: &str, id: &str) -> Vec<Value> {
    let client = mahjong_client::blocking::Client::for_server(base).unwrap();
    let (status, text) = client.get(&format!("/api/games/{id}")).unwrap();
    assert_eq!(status, 200);
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn a_hand_at_a_server_table() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let dir = std::env::temp_dir().join(format!("mahjong-tui-remote-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.sqlite3");
    let _ = std::fs::remove_file(&db);
    let server = rt
        .block_on(Server::start(ServerConfig {
            bind: "127.0.0.1:0".parse().unwrap(),
            db: mahjong_server::db_url(db.to_str().unwrap()),
            limits: Default::default(),
        }))
        .unwrap();
    let base = server.url();
    let mut options = Map::new();
    options.insert("claim_seconds".into(), json!(30));
    let create = CreateTable {
        ruleset: "millington".into(),
        options,
        seats: 4,
        seat: 0,
        bots: vec!["greedy".into()],
        seed: Some(7),
        max_hands: Some(1),
        bot_delay_ms: 0,
        name: Some("tester".into()),
    };
    let table = RemoteTable::create_and_join(&base, &create).unwrap();
    let table_id = table.table_id().to_string();
    assert!(table
        .rejoin_args()
        .contains(&format!("--table {table_id} --token ")));
    let mut session = Session::new(table.seat(), table);
    let mut term = Terminal::new(TestBackend::new(110, 70)).unwrap();
    let ruleset = Ruleset::preset("millington").unwrap();
    let mut brain = bot_for_ruleset("greedy", &ruleset, 1234).unwrap();

    let give_up = Instant::now() + Duration::from_secs(120);
    let mut acted_on = None;
    let mut sheet: Option<(ScoreSheet, Vec<String>)> = None;
    let (mut moves, mut claim_prompts, mut timers) = (0, 0, 0);
    loop {
        assert!(Instant::now() < give_up, "the hand did not end in time");
        let now = Instant::now();
        session.pump(now);
        term.draw(|f| ui::draw(f, &session.app, now)).unwrap();
        let lines = screen(&term);
        if let Some(s) = session.app.status() {
            assert!(!s.starts_with("error"), "{s}");
        }
        assert!(session.app.closed().is_none(), "{:?}", session.app.closed());
        if let Some(s) = session.app.sheet() {
            assert!(line_with(&lines, "score sheet").is_some());
            sheet = Some((s.clone(), lines));
            session.key(
                KeyEvent::from(ratatui::crossterm::event::KeyCode::Enter),
                now,
            );
            continue;
        }
        if session.app.game_over().is_some() {
            break;
        }
        let Some(v) = session.app.view().cloned() else {
            std::thread::sleep(Duration::from_millis(5));
            continue;
        };
        let hand = lines.iter().find(|l| l.starts_with("hand (")).unwrap();
        assert_eq!(hand, &expected_hand_line(&v));
        let window = matches!(v.phase, PhaseView::Claims { .. } | PhaseView::Rob { .. });
        let can_claim = window && v.legal.iter().any(|a| *a != Action::Pass);
        let prompt = line_with(&lines, "[p] pass");
        assert_eq!(prompt.is_some(), can_claim, "{:?}", v.legal);
        if let Some(p) = prompt {
            assert_eq!(p.contains("[u] pung"), v.legal.contains(&Action::Pung));
            assert_eq!(
                p.contains("[m] Mah-Jongg"),
                v.legal.contains(&Action::Mahjong)
            );
            // The claim timer of the ruleset (30 s) counts down on the prompt.
            let secs: u64 = p
                .split("s left")
                .next()
                .and_then(|s| s.rsplit(' ').next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("no timer on {p:?}"));
            assert!((1..=30).contains(&secs), "{p}");
            timers += 1;
        }
        if v.legal.is_empty() || acted_on.as_ref() == Some(&v) {
            std::thread::sleep(Duration::from_millis(5));
            continue;
        }
        if can_claim {
            claim_prompts += 1;
        }
        let action = brain.act(&v);
        for k in keys_for(&session.app, action) {
            session.key(KeyEvent::from(k), Instant::now());
        }
        acted_on = Some(v);
        moves += 1;
    }
    assert!(moves >= 5, "{moves} moves");
    assert!(claim_prompts >= 1 && timers >= 1);

    // The sheet against the record the server stored.
    let (sheet, lines) = sheet.expect("a score sheet");
    let record = record_of(&base, &table_id);
    assert_eq!(record[0]["type"], "game");
    let scores: Event = serde_json::from_value(
        record
            .iter()
            .find(|e| e["type"] == "scores")
            .expect("scores in the record")
            .clone(),
    )
    .unwrap();
    let Event::Scores {
        scores,
        items,
        settlement,
        ..
    } = scores
    else {
        unreachable!()
    };
    assert_eq!(sheet.scores, scores);
    assert_eq!(sheet.items, items);
    assert_eq!(sheet.settlement, settlement);
    for q in 0..scores.len() {
        let head_at = lines
            .iter()
            .position(|l| {
                l.contains(&format!("P{q} ({})", sheet.winds[q].letter())) && l.contains(" score ")
            })
            .unwrap();
        assert!(lines[head_at].contains(&format!("score {}", scores[q])));
        assert!(lines[head_at].contains(&format!("net {:+}", settlement[q])));
        let mut at = head_at + 1;
        for it in &items[q] {
            let row = lines[at..]
                .iter()
                .position(|l| inside_box(l).starts_with(&format!("{} ", it.rule)))
                .map(|i| i + at)
                .unwrap_or_else(|| panic!("item {} of P{q}", it.rule));
            at = row + 1;
        }
    }
    assert_eq!(
        session.app.game_over(),
        Some(
            &record.last().unwrap()["totals"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_i64().unwrap())
                .collect::<Vec<_>>()[..]
        )
    );
    drop(session);
    rt.block_on(server.stop()).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

fn start(rt: &tokio::runtime::Runtime, bind: &str, db: &std::path::Path) -> Server {
    let give_up = Instant::now() + Duration::from_secs(10);
    loop {
        match rt.block_on(Server::start(ServerConfig {
            bind: bind.parse().unwrap(),
            db: mahjong_server::db_url(db.to_str().unwrap()),
            limits: Default::default(),
        })) {
            Ok(s) => return s,
            // The old server's port may take a moment to be free again.
            Err(e) if Instant::now() < give_up => {
                eprintln!("retrying: {e}");
                std::thread::sleep(Duration::from_millis(100));
            }
            Err(e) => panic!("{e}"),
        }
    }
}

/// One step of play: pump, draw, and when the seat has something new to decide, decide
/// by keys. Returns whether a move was made.
fn step(
    session: &mut Session<RemoteTable>,
    term: &mut Terminal<TestBackend>,
    brain: &mut Box<dyn mahjong_bots::Bot>,
    acted_on: &mut Option<mahjong_engine::SeatView>,
) -> bool {
    let now = Instant::now();
    session.pump(now);
    term.draw(|f| ui::draw(f, &session.app, now)).unwrap();
    if session.app.sheet().is_some() {
        session.key(
            KeyEvent::from(ratatui::crossterm::event::KeyCode::Enter),
            now,
        );
        return false;
    }
    let Some(v) = session.app.view().cloned() else {
        return false;
    };
    if v.legal.is_empty() || acted_on.as_ref() == Some(&v) || session.app.game_over().is_some() {
        return false;
    }
    let lines = screen(term);
    let hand = lines.iter().find(|l| l.starts_with("hand (")).unwrap();
    assert_eq!(hand, &expected_hand_line(&v));
    let action = brain.act(&v);
    for k in keys_for(&session.app, action) {
        session.key(KeyEvent::from(k), Instant::now());
    }
    *acted_on = Some(v);
    true
}

#[test]
fn reconnects_when_the_server_restarts_mid_hand() {
    // The first server has a runtime of its own: shutting it down ends every task and
    // socket at once, as a crash would.
    let crash = tokio::runtime::Runtime::new().unwrap();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let dir = std::env::temp_dir().join(format!("mahjong-tui-restart-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.sqlite3");
    let _ = std::fs::remove_file(&db);
    let first = start(&crash, "127.0.0.1:0", &db);
    let addr = first.addr.to_string();
    let base = first.url();
    let create = CreateTable {
        ruleset: "millington".into(),
        options: Map::new(),
        seats: 4,
        seat: 1,
        bots: vec![],
        seed: Some(3),
        max_hands: Some(1),
        bot_delay_ms: 0,
        name: None,
    };
    let table = RemoteTable::create_and_join(&base, &create).unwrap();
    let id = table.table_id().to_string();
    let mut session = Session::new(table.seat(), table);
    assert_eq!(session.app.player(), 1);
    let mut term = Terminal::new(TestBackend::new(110, 70)).unwrap();
    let ruleset = Ruleset::preset("millington").unwrap();
    let mut brain = bot_for_ruleset("greedy", &ruleset, 99).unwrap();
    let mut acted_on = None;
    let give_up = Instant::now() + Duration::from_secs(60);
    let mut moves = 0;
    while moves < 3 {
        assert!(Instant::now() < give_up);
        if step(&mut session, &mut term, &mut brain, &mut acted_on) {
            moves += 1;
        } else {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    // Let the last move land, then stop the server under the client and start it again.
    std::thread::sleep(Duration::from_millis(200));
    session.pump(Instant::now());
    let before = session.app.view().cloned().unwrap();
    drop(first);
    crash.shutdown_background();
    let second = start(&rt, &addr, &db);
    let mut reconnected = false;
    let mut lost = false;
    while session.app.game_over().is_none() {
        assert!(Instant::now() < give_up, "no game over after the restart");
        if !step(&mut session, &mut term, &mut brain, &mut acted_on) {
            std::thread::sleep(Duration::from_millis(5));
        }
        lost |= session.app.log().any(|l| l.starts_with("connection lost"));
        reconnected |= session.app.log().any(|l| l == "reconnected");
        assert!(session.app.closed().is_none(), "{:?}", session.app.closed());
        if let Some(s) = session.app.status() {
            assert!(!s.starts_with("error"), "{s}");
        }
    }
    assert!(lost && reconnected);
    // The hand went on from where it was: the same hand, no tile lost.
    assert_eq!(before.hand, 0);
    let record = record_of(&second.url(), &id);
    let decisions = record
        .iter()
        .filter(|e| e["type"] == "decision" && e["player"] == 1)
        .count();
    assert!(decisions >= 3, "{decisions}");
    assert!(record.iter().any(|e| e["type"] == "scores"));
    drop(session);
    rt.block_on(second.stop()).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
