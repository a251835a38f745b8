//! The store (`db.rs`) on its own, on SQLite and on PostgreSQL (see `common::Db`): games and
//! their events, the finished and unfinished lists, ledgers and their hands, errors, and
//! everything still there after the database is opened again.

mod common;

use mahjong_server::db::{Finish, LedgerHand, LedgerRow, Store};

fn ledger(id: &str, name: &str, created_at: i64) -> LedgerRow {
    LedgerRow {
        id: id.into(),
        name: name.into(),
        players: r#"["Ann","Bob","Cy","Di"]"#.into(),
        created_at,
    }
}

fn lines(from: usize, n: usize) -> Vec<String> {
    (from..from + n)
        .map(|i| format!(r#"{{"n":{i}}}"#))
        .collect()
}

async fn a_game_is_stored_and_read_back(db: &str) {
    let store = Store::open(db).await.unwrap();
    assert!(store.game("g1").await.unwrap().is_none());
    store
        .insert_game("g1", r#"{"seed":1}"#, "waiting", 1_000)
        .await
        .unwrap();
    let g = store.game("g1").await.unwrap().expect("stored");
    assert_eq!(g.id, "g1");
    assert_eq!(g.config, r#"{"seed":1}"#);
    assert_eq!(g.status, "waiting");
    assert_eq!(g.created_at, 1_000);
    assert_eq!((g.finished_at, g.totals, g.hands), (None, None, None));
    assert!(store.events("g1").await.unwrap().is_empty());
    store.close().await;
}

async fn a_game_id_is_stored_once(db: &str) {
    let store = Store::open(db).await.unwrap();
    store.insert_game("g1", "{}", "waiting", 1).await.unwrap();
    assert!(store.insert_game("g1", "{}", "playing", 2).await.is_err());
    assert_eq!(store.game("g1").await.unwrap().unwrap().status, "waiting");
    store.close().await;
}

async fn update_changes_config_and_status(db: &str) {
    let store = Store::open(db).await.unwrap();
    store.insert_game("g1", "{}", "waiting", 5).await.unwrap();
    store
        .update_game("g1", r#"{"names":["Ann"]}"#, "playing")
        .await
        .unwrap();
    let g = store.game("g1").await.unwrap().unwrap();
    assert_eq!(
        (g.config.as_str(), g.status.as_str(), g.created_at),
        (r#"{"names":["Ann"]}"#, "playing", 5)
    );
    store.close().await;
}

async fn events_come_back_in_order_across_appends(db: &str) {
    let store = Store::open(db).await.unwrap();
    store.insert_game("g1", "{}", "playing", 1).await.unwrap();
    store.insert_game("g2", "{}", "playing", 2).await.unwrap();
    store.append("g1", 0, lines(0, 3), None).await.unwrap();
    store.append("g2", 0, lines(100, 2), None).await.unwrap();
    store.append("g1", 3, lines(3, 2), None).await.unwrap();
    assert_eq!(store.events("g1").await.unwrap(), lines(0, 5));
    assert_eq!(store.events("g2").await.unwrap(), lines(100, 2));
    assert!(store.events("nope").await.unwrap().is_empty());
    store.close().await;
}

async fn a_large_append_is_stored_whole(db: &str) {
    // More rows than one INSERT statement takes (300): several statements, one commit.
    let store = Store::open(db).await.unwrap();
    store.insert_game("g1", "{}", "playing", 1).await.unwrap();
    store.append("g1", 0, lines(0, 701), None).await.unwrap();
    assert_eq!(store.events("g1").await.unwrap(), lines(0, 701));
    store.close().await;
}

async fn concurrent_appends_are_all_committed(db: &str) {
    let store = Store::open(db).await.unwrap();
    for g in 0..8 {
        store
            .insert_game(&format!("g{g}"), "{}", "playing", g)
            .await
            .unwrap();
    }
    // 8 tables × 20 appends at once: the writer groups them into shared commits.
    let mut tasks = Vec::new();
    for g in 0..8 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            for k in 0..20 {
                store
                    .append(&format!("g{g}"), k * 2, lines(k as usize * 2, 2), None)
                    .await
                    .unwrap();
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    for g in 0..8 {
        assert_eq!(store.events(&format!("g{g}")).await.unwrap(), lines(0, 40));
    }
    store.close().await;
}

async fn a_failed_append_is_reported_and_the_writer_goes_on(db: &str) {
    let store = Store::open(db).await.unwrap();
    store.insert_game("g1", "{}", "playing", 1).await.unwrap();
    store.append("g1", 0, lines(0, 2), None).await.unwrap();
    // Sequence number 1 again: the primary key refuses it, and nothing of it is stored.
    let err = store.append("g1", 1, lines(50, 2), None).await.unwrap_err();
    assert!(err.to_string().starts_with("database: "), "{err}");
    assert_eq!(store.events("g1").await.unwrap(), lines(0, 2));
    store.append("g1", 2, lines(2, 1), None).await.unwrap();
    assert_eq!(store.events("g1").await.unwrap(), lines(0, 3));
    store.close().await;
}

/// Appends that queue up together share one commit; one of them that the database refuses
/// (a sequence number already stored) fails alone: the others of its group are stored.
async fn one_bad_append_fails_alone_and_not_its_group(db: &str) {
    let store = Store::open(db).await.unwrap();
    for g in ["g1", "g2", "g3"] {
        store.insert_game(g, "{}", "playing", 1).await.unwrap();
    }
    store.insert_game("big", "{}", "playing", 1).await.unwrap();
    store.append("g1", 0, lines(0, 2), None).await.unwrap();
    // Sent together (joined: none is awaited before the others are queued) behind a large
    // append that keeps the writer busy, so the writer takes them as one group.
    let (big, good1, bad, good2) = tokio::join!(
        store.append("big", 0, lines(0, 3000), None),
        store.append("g2", 0, lines(0, 3), None),
        store.append("g1", 1, lines(50, 2), None),
        store.append("g3", 0, lines(0, 1), None),
    );
    big.expect("the large append is stored");
    assert!(bad.is_err(), "the duplicate is refused");
    good1.expect("g2 is stored despite g1's bad append");
    good2.expect("g3 is stored despite g1's bad append");
    assert_eq!(store.events("g1").await.unwrap(), lines(0, 2));
    assert_eq!(store.events("g2").await.unwrap(), lines(0, 3));
    assert_eq!(store.events("g3").await.unwrap(), lines(0, 1));
    store.close().await;
}

async fn a_finish_closes_the_game_with_its_last_events(db: &str) {
    let store = Store::open(db).await.unwrap();
    store.insert_game("g1", "{}", "playing", 10).await.unwrap();
    store.append("g1", 0, lines(0, 2), None).await.unwrap();
    let finish = Finish {
        totals: "[8,-8,0,0]".into(),
        hands: 3,
        at: 99,
    };
    store
        .append("g1", 2, lines(2, 1), Some(finish))
        .await
        .unwrap();
    let g = store.game("g1").await.unwrap().unwrap();
    assert_eq!(g.status, "finished");
    assert_eq!(g.totals.as_deref(), Some("[8,-8,0,0]"));
    assert_eq!(g.hands, Some(3));
    assert_eq!(g.finished_at, Some(99));
    assert_eq!(store.events("g1").await.unwrap(), lines(0, 3));
    store.close().await;
}

async fn unfinished_and_finished_lists(db: &str) {
    let store = Store::open(db).await.unwrap();
    // Created out of order; one waiting, two playing, three finished at different times.
    for (id, status, created) in [
        ("p2", "playing", 30),
        ("w1", "waiting", 10),
        ("p1", "playing", 20),
        ("f1", "playing", 1),
        ("f2", "playing", 2),
        ("f3", "playing", 3),
    ] {
        store.insert_game(id, "{}", status, created).await.unwrap();
    }
    for (id, at) in [("f1", 500), ("f2", 700), ("f3", 600)] {
        let finish = Finish {
            totals: "[0,0,0,0]".into(),
            hands: 1,
            at,
        };
        store
            .append(id, 0, lines(0, 1), Some(finish))
            .await
            .unwrap();
    }
    let ids = |rows: Vec<mahjong_server::db::GameRow>| -> Vec<String> {
        rows.into_iter().map(|r| r.id).collect()
    };
    // Unfinished: oldest first (the order they resume in).
    assert_eq!(ids(store.unfinished().await.unwrap()), ["w1", "p1", "p2"]);
    // Finished: newest finish first, at most `limit`.
    assert_eq!(ids(store.finished(10).await.unwrap()), ["f2", "f3", "f1"]);
    assert_eq!(ids(store.finished(2).await.unwrap()), ["f2", "f3"]);
    store.close().await;
}

async fn ledgers_are_listed_newest_first(db: &str) {
    let store = Store::open(db).await.unwrap();
    assert!(store.ledgers().await.unwrap().is_empty());
    store
        .insert_ledger(&ledger("l1", "Monday", 100), "tok")
        .await
        .unwrap();
    store
        .insert_ledger(&ledger("l2", "Friday", 300), "tok")
        .await
        .unwrap();
    store
        .insert_ledger(&ledger("l3", "Sunday", 200), "tok")
        .await
        .unwrap();
    let all = store.ledgers().await.unwrap();
    let names: Vec<&str> = all.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["Friday", "Sunday", "Monday"]);
    let one = store.ledger("l3").await.unwrap().expect("stored");
    assert_eq!(
        (one.id.as_str(), one.name.as_str(), one.created_at),
        ("l3", "Sunday", 200)
    );
    assert_eq!(one.players, r#"["Ann","Bob","Cy","Di"]"#);
    assert!(store.ledger("l9").await.unwrap().is_none());
    store.close().await;
}

async fn a_ledgers_token_is_reissued(db: &str) {
    let store = Store::open(db).await.unwrap();
    store
        .insert_ledger(&ledger("l1", "Friday", 1), "old")
        .await
        .unwrap();
    assert_eq!(
        store.ledger_token("l1").await.unwrap().as_deref(),
        Some("old")
    );
    let new = store
        .reissue_ledger_token("l1")
        .await
        .unwrap()
        .expect("a ledger");
    assert_eq!(new.len(), 32);
    assert_eq!(store.ledger_token("l1").await.unwrap(), Some(new.clone()));
    let again = store
        .reissue_ledger_token("l1")
        .await
        .unwrap()
        .expect("a ledger");
    assert_ne!(again, new, "each time a fresh token");
    assert_eq!(store.ledger_token("l1").await.unwrap(), Some(again));
    assert_eq!(store.reissue_ledger_token("l9").await.unwrap(), None);
    assert_eq!(
        store.ledger_token("l9").await.unwrap(),
        None,
        "none made for no ledger"
    );
    store.close().await;
}

async fn ledger_hands_are_appended_in_order(db: &str) {
    let store = Store::open(db).await.unwrap();
    store
        .insert_ledger(&ledger("l1", "Friday", 1), "tok")
        .await
        .unwrap();
    store
        .insert_ledger(&ledger("l2", "Other", 2), "tok")
        .await
        .unwrap();
    assert!(store.ledger_hands("l1").await.unwrap().is_empty());
    let hands = [
        ("[8,-8,0,0]", None, 10),
        ("[-2,4,-2,0]", Some(r#"{"ruleset":"millington"}"#), 20),
        ("[0,0,5,-5]", None, 30),
    ];
    for (settlement, table, at) in hands {
        let hand = LedgerHand {
            settlement: settlement.into(),
            table: table.map(String::from),
            at,
        };
        store.add_ledger_hand("l1", &hand).await.unwrap();
    }
    store
        .add_ledger_hand(
            "l2",
            &LedgerHand {
                settlement: "[1,-1,0,0]".into(),
                table: None,
                at: 5,
            },
        )
        .await
        .unwrap();
    let got = store.ledger_hands("l1").await.unwrap();
    let got: Vec<(&str, Option<&str>, i64)> = got
        .iter()
        .map(|h| (h.settlement.as_str(), h.table.as_deref(), h.at))
        .collect();
    assert_eq!(got, hands);
    assert_eq!(store.ledger_hands("l2").await.unwrap().len(), 1);
    store.close().await;
}

async fn everything_is_there_after_reopening(db: &str) {
    let store = Store::open(db).await.unwrap();
    store.insert_game("g1", "{}", "playing", 1).await.unwrap();
    store.insert_game("g2", "{}", "playing", 2).await.unwrap();
    store.append("g1", 0, lines(0, 4), None).await.unwrap();
    let finish = Finish {
        totals: "[1,-1,0,0]".into(),
        hands: 2,
        at: 9,
    };
    store
        .append("g2", 0, lines(0, 1), Some(finish))
        .await
        .unwrap();
    store
        .insert_ledger(&ledger("l1", "Friday", 1), "tok")
        .await
        .unwrap();
    let hand = LedgerHand {
        settlement: "[8,-8,0,0]".into(),
        table: Some("{}".into()),
        at: 3,
    };
    store.add_ledger_hand("l1", &hand).await.unwrap();
    store.close().await;
    drop(store);

    let store = Store::open(db).await.unwrap();
    assert_eq!(store.events("g1").await.unwrap(), lines(0, 4));
    let unfinished: Vec<String> = store
        .unfinished()
        .await
        .unwrap()
        .into_iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(unfinished, ["g1"]);
    let g2 = store.game("g2").await.unwrap().unwrap();
    assert_eq!(
        (g2.status.as_str(), g2.totals.as_deref(), g2.hands),
        ("finished", Some("[1,-1,0,0]"), Some(2))
    );
    assert_eq!(store.ledgers().await.unwrap().len(), 1);
    let hands = store.ledger_hands("l1").await.unwrap();
    assert_eq!(hands.len(), 1);
    assert_eq!(
        (hands[0].settlement.as_str(), hands[0].table.as_deref()),
        ("[8,-8,0,0]", Some("{}"))
    );
    // Opening an existing database again changes nothing (the schema is created if missing).
    store.close().await;
    let store = Store::open(db).await.unwrap();
    assert_eq!(store.events("g1").await.unwrap(), lines(0, 4));
    store.close().await;
}

on_both_databases!(
    a_game_is_stored_and_read_back,
    a_game_id_is_stored_once,
    update_changes_config_and_status,
    events_come_back_in_order_across_appends,
    a_large_append_is_stored_whole,
    concurrent_appends_are_all_committed,
    a_failed_append_is_reported_and_the_writer_goes_on,
    one_bad_append_fails_alone_and_not_its_group,
    a_finish_closes_the_game_with_its_last_events,
    unfinished_and_finished_lists,
    ledgers_are_listed_newest_first,
    a_ledgers_token_is_reissued,
    ledger_hands_are_appended_in_order,
    everything_is_there_after_reopening,
);

#[tokio::test]
async fn a_database_that_cannot_be_opened_is_an_error() {
    let dir = common::temp_dir("db-missing");
    let url = format!("sqlite://{}/no/such/dir/x.sqlite3", dir.display());
    let err = Store::open(&url).await.err().expect("no such directory");
    assert!(err.to_string().starts_with("database: "), "{err}");
}

#[test]
fn db_url_passes_urls_and_makes_paths_sqlite_urls() {
    use mahjong_server::db_url;
    assert_eq!(db_url("sqlite::memory:"), "sqlite::memory:");
    assert_eq!(db_url("sqlite:///tmp/x.db"), "sqlite:///tmp/x.db");
    assert_eq!(db_url("postgres://u@h/db"), "postgres://u@h/db");
    assert_eq!(db_url("postgresql://u@h/db"), "postgresql://u@h/db");
    assert_eq!(db_url("/var/lib/m.sqlite3"), "sqlite:///var/lib/m.sqlite3");
    assert_eq!(db_url("m.sqlite3"), "sqlite://m.sqlite3");
}

/// Found by a new-user audit: a file that is no database, a directory that does not exist
/// and a scheme we do not keep games in were refused only after 30 s of retries, or
/// without naming the path.
#[tokio::test]
async fn a_database_that_cannot_be_opened_is_refused_at_once_naming_it() {
    let dir = std::env::temp_dir().join(format!("mj-db-open-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = dir.join("notes.txt");
    std::fs::write(
        &text,
        "not a database, just some words that fill a page. ".repeat(100),
    )
    .unwrap();
    let start = std::time::Instant::now();
    let err = |r: Result<Store, mahjong_server::db::DbError>| match r {
        Ok(_) => panic!("opened"),
        Err(e) => e.0,
    };
    let e = err(Store::open(&mahjong_server::db_url(text.to_str().unwrap())).await);
    assert!(
        e.starts_with(&format!("{}: cannot open: ", text.display()))
            && e.contains("file is not a database"),
        "{e}"
    );
    let missing = dir.join("no/such/dir/x.db");
    let e = err(Store::open(&mahjong_server::db_url(missing.to_str().unwrap())).await);
    assert!(
        e.starts_with(&format!("{}: cannot open: ", missing.display())),
        "{e}"
    );
    let e = err(Store::open(&mahjong_server::db_url("mysql://x")).await);
    assert!(
        e.starts_with("mysql://x: not a database this server keeps games in"),
        "{e}"
    );
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
    let _ = std::fs::remove_dir_all(&dir);
}
