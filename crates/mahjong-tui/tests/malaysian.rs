//! The malaysian-3p game's score sheet in the terminal: two players winning on one
//! discard (MY3-P3, option `multiple_winners`) are both named and marked as winners.

use std::time::Instant;

use mahjong_engine::{Event, GameConfig, PaymentRecord, ScoredItem};
use mahjong_rules::{Ruleset, WinFrom};
use mahjong_tui::{ui, App, Update};

mod common;

#[test]
fn two_winners_of_one_discard_are_both_named_on_the_score_sheet() {
    let game =
        mahjong_engine::Game::new(GameConfig::new(Ruleset::preset("malaysian-3p").unwrap(), 1));
    let now = Instant::now();
    let mut app = common::seated(
        App::new(0),
        &["you", "ann", "bob"],
        "malaysian-3p",
        game.view(0),
    );
    for player in [1, 2] {
        app.apply(
            Update::Event(Event::Mahjong {
                player,
                tile: "5D".parse().unwrap(),
                from: WinFrom::Discard,
                supplier: Some(0),
                dealt: false,
            }),
            now,
        );
    }
    let limit = ScoredItem {
        rule: "MY3-L1".into(),
        points: 10,
        doubles: 0,
        limit: true,
        tile: None,
        name: Some("no bonus tiles".into()),
    };
    app.apply(
        Update::Event(Event::Scores {
            scores: vec![0, 200, 200],
            limits: vec![None, Some("MY3-L1".into()), Some("MY3-L1".into())],
            items: vec![vec![], vec![limit.clone()], vec![limit]],
            settlement: vec![-800, 400, 400],
            payments: vec![
                PaymentRecord {
                    from: 0,
                    to: 1,
                    amount: 400,
                    rule: None,
                    name: None,
                },
                PaymentRecord {
                    from: 0,
                    to: 2,
                    amount: 400,
                    rule: None,
                    name: None,
                },
            ],
            cannon: None,
        }),
        now,
    );
    let sheet = app.sheet().expect("a sheet").clone();
    assert_eq!(sheet.more_winners, [2]);
    let lines: Vec<String> = ui::sheet_lines(&app, &sheet)
        .iter()
        .map(|l| l.to_string())
        .collect();
    assert!(
        lines[0].ends_with("P1 (S) ann and P2 (W) bob win with 5D on P0 (E)'s discard"),
        "{}",
        lines[0]
    );
    for p in ["P1 (S) ann · winner", "P2 (W) bob · winner"] {
        assert!(lines.iter().any(|l| l.starts_with(p)), "{p}: {lines:#?}");
    }
    assert!(!lines.iter().any(|l| l.starts_with("P0 (E) you · winner")));
}
