//! `mahjong serve` as a process: killed with SIGKILL mid-game and restarted on the same
//! database, the game resumes and finishes exactly as an uninterrupted game would; Ctrl-C
//! (SIGINT) shuts it down cleanly.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use mahjong_bots::play_game;
use mahjong_engine::{Game, RecordHeader};
use mahjong_rules::Ruleset;
use mahjong_server::client::Client;
use mahjong_server::{ServerMsg, TableConfig};
use serde_json::json;

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// An empty directory of this test process's own.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn start(db: &Path) -> (Child, Client) {
    let port = free_port();
    let child = Command::new(env!("CARGO_BIN_EXE_mahjong"))
        .args(["serve", "--bind", &format!("127.0.0.1:{port}"), "--db"])
        .arg(db)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let client = Client::new(&format!("http://127.0.0.1:{port}"));
    let t0 = Instant::now();
    while client.get("/api/health").await.is_err() {
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "server did not start"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    (child, client)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_resumes_its_tables_and_loses_no_event() {
    let dir = fresh_dir("mahjong-crash");
    let db = dir.join("games.sqlite3");

    let (mut first, client) = start(&db).await;
    let kinds = ["greedy", "random", "greedy", "random"];
    let created = client
        .create_table(&json!({"seats": kinds, "seed": 4242, "max_hands": 2, "bot_delay_ms": 10}))
        .await
        .unwrap();
    let id = created.id.clone();
    // Watch until the game is well under way, then kill -9.
    let mut watcher = client.connect(&id, None).await.unwrap();
    let mut events = 0;
    while events < 60 {
        if let Some(ServerMsg::Event { .. }) = watcher.recv().await.unwrap() {
            events += 1;
        }
    }
    first.kill().unwrap();
    first.wait().unwrap();

    let (mut second, client) = start(&db).await;
    let t0 = Instant::now();
    loop {
        let info = client.get_json(&format!("/api/tables/{id}")).await.unwrap();
        if info["status"] == "finished" {
            break;
        }
        assert_eq!(info["status"], "playing");
        assert!(
            t0.elapsed() < Duration::from_secs(60),
            "the game did not finish"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (status, record) = client.get(&format!("/api/games/{id}")).await.unwrap();
    assert_eq!(status, 200);

    // The same game played without interruption.
    let config = TableConfig {
        ruleset: Ruleset::preset("millington").unwrap(),
        seed: 4242,
        max_hands: Some(2),
        kinds: kinds.map(String::from).to_vec(),
        names: vec![],
        tokens: vec![None; 4],
        open: vec![],
        host_token: None,
        bot_delay_ms: 10,
        turn_seconds: 0,
    };
    let mut game = Game::new(config.game_config());
    let mut bots: Vec<_> = config.bots().into_iter().map(Option::unwrap).collect();
    play_game(&mut game, &mut bots).unwrap();
    let mut expected = serde_json::to_string(&RecordHeader::new(
        &config.game_config(),
        config.kinds.clone(),
    ))
    .unwrap()
        + "\n";
    for e in game.take_events() {
        expected += &(serde_json::to_string(&e).unwrap() + "\n");
    }
    assert!(expected.lines().count() > events + 20);
    assert_eq!(record, expected, "the resumed game's record");
    let summary = mahjong_engine::replay(record.lines()).unwrap();
    assert_eq!(
        summary.unfinished, None,
        "the resumed game is played to its end"
    );

    // Ctrl-C: a clean exit.
    let pid = second.id().to_string();
    assert!(Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .unwrap()
        .success());
    let t0 = Instant::now();
    let status = loop {
        if let Some(s) = second.try_wait().unwrap() {
            break s;
        }
        assert!(
            t0.elapsed() < Duration::from_secs(10),
            "no exit after SIGINT"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(status.success(), "{status:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `mahjong ledger token` gives a ledger a new token on the server's database: the old
/// token stops adding hands, the new one adds them; an unknown ledger exits 2.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ledger_token_replaces_a_ledgers_token() {
    let dir = fresh_dir("mahjong-ledger-token");
    let db = dir.join("games.sqlite3");

    let (mut first, client) = start(&db).await;
    let (status, body) = client
        .post(
            "/api/ledgers",
            &json!({"name": "Friday", "players": ["A", "B", "C", "D"]}),
        )
        .await
        .unwrap();
    assert_eq!(status, 201);
    let created: serde_json::Value = serde_json::from_str(&body).unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    let old = created["token"].as_str().unwrap().to_string();
    first.kill().unwrap();
    first.wait().unwrap();

    let out = Command::new(env!("CARGO_BIN_EXE_mahjong"))
        .args(["ledger", "token", &id, "--db"])
        .arg(&db)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let new = String::from_utf8(out.stdout).unwrap().trim().to_string();
    assert_eq!(new.len(), 32, "128 random bits in hex: {new:?}");
    assert_ne!(new, old);

    let (mut second, client) = start(&db).await;
    let hands = format!("/api/ledgers/{id}/hands");
    let hand = json!({"settlement": [6, -2, -2, -2]});
    let (status, _) = client.post_with_token(&hands, &hand, &old).await.unwrap();
    assert_eq!(status, 403, "the old token no longer adds hands");
    let (status, _) = client.post_with_token(&hands, &hand, &new).await.unwrap();
    assert_eq!(status, 201);
    let ledger = client
        .get_json(&format!("/api/ledgers/{id}"))
        .await
        .unwrap();
    assert_eq!(ledger["totals"], json!([6, -2, -2, -2]));
    second.kill().unwrap();
    second.wait().unwrap();

    let out = Command::new(env!("CARGO_BIN_EXE_mahjong"))
        .args(["ledger", "token", "no-such-ledger", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        format!(
            "error: no ledger \"no-such-ledger\" in the database {}",
            db.display()
        )
    );
    // A database file that is not there is named, and not made.
    let missing = dir.join("none.db");
    let out = Command::new(env!("CARGO_BIN_EXE_mahjong"))
        .args(["ledger", "token", "x", "--db"])
        .arg(&missing)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        format!(
            "error: no database at {0} (`mahjong serve --db {0}` keeps ledgers there)",
            missing.display()
        )
    );
    assert!(!missing.exists());
    let _ = std::fs::remove_dir_all(&dir);
}
