//! The server's limits (`docs/security.md`), one test per scenario, each bounded in time and
//! on loopback only: oversized bodies and frames, a client that never reads, names and
//! numbers refused, paging, waiting tables that expire, errors in the documented shape, and
//! no write lost under concurrent load (on SQLite, and on PostgreSQL when
//! `MAHJONG_TEST_POSTGRES_URL` is set, see `common::Db`).

mod common;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use common::{error_of, next, server_with, Db};
use futures_util::{SinkExt, StreamExt};
use mahjong_engine::Action;
use mahjong_server::client::Client;
use mahjong_server::{Limits, Server, ServerConfig, ServerMsg};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

async fn request(
    client: &Client,
    method: reqwest::Method,
    path: &str,
    body: Option<String>,
) -> reqwest::Response {
    let mut r = reqwest::Client::new().request(method, format!("{}{path}", client.base()));
    if let Some(b) = body {
        r = r.header("content-type", "application/json").body(b);
    }
    r.send().await.unwrap()
}

/// The close frame's code after reading (and dropping) whatever comes first, within 10 s.
async fn close_code<S>(ws: &mut S) -> Option<u16>
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        match tokio::time::timeout_at(deadline, ws.next()).await {
            Err(_) => panic!("no close within 10 s"),
            Ok(Some(Ok(Message::Close(f)))) => return f.map(|f| u16::from(f.code)),
            Ok(Some(Ok(_))) => continue,
            Ok(_) => return None,
        }
    }
}

fn ws_url(server: &Server, table: &str, token: Option<&str>) -> String {
    let q = token.map(|t| format!("?token={t}")).unwrap_or_default();
    format!("ws://{}/api/tables/{table}/ws{q}", server.addr)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_body_is_413_in_the_error_shape() {
    let db = Db::sqlite("body");
    let limits = Limits {
        body_bytes: 1000,
        ..Limits::default()
    };
    let (server, client) = server_with(&db.url, limits).await;
    let name = "x".repeat(2000);
    let body = json!({"name": name, "players": ["A", "B"]}).to_string();
    let r = request(&client, reqwest::Method::POST, "/api/ledgers", Some(body)).await;
    assert_eq!(r.status().as_u16(), 413);
    let (path, message) = error_of(&r.text().await.unwrap());
    assert_eq!(path, "");
    assert!(message.contains("too large"), "{message}");
    server.stop().await.unwrap();
    db.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_errors_are_all_in_the_error_shape() {
    let db = Db::sqlite("errors");
    let (server, client) = server_with(&db.url, Limits::default()).await;
    // 405: a route with another method.
    let r = request(&client, reqwest::Method::DELETE, "/api/tables", None).await;
    assert_eq!(r.status().as_u16(), 405);
    assert!(r.headers().contains_key("allow"));
    let (_, message) = error_of(&r.text().await.unwrap());
    assert!(message.contains("DELETE"), "{message}");
    // A method no route takes is 405 too, with or without a JSON body: not 415 for the
    // content type.
    let t = client.create_table(&json!({})).await.unwrap();
    let table = format!("/api/tables/{}", t.id.as_str());
    for method in [reqwest::Method::PUT, reqwest::Method::PATCH] {
        for body in [None, Some("{}".to_string())] {
            let r = request(&client, method.clone(), &table, body).await;
            assert_eq!(r.status().as_u16(), 405, "{method}");
            assert_eq!(r.headers()["allow"], "GET,HEAD,DELETE", "{method}");
            assert_eq!(
                error_of(&r.text().await.unwrap()),
                (
                    String::new(),
                    format!("{method} is not allowed here (allowed: GET,HEAD,DELETE)")
                )
            );
        }
    }
    // 404: no such API.
    let r = request(&client, reqwest::Method::GET, "/api/nothing/here", None).await;
    assert_eq!(r.status().as_u16(), 404);
    error_of(&r.text().await.unwrap());
    // 400: a bad query parameter names it.
    for path in [
        "/api/tables?limit=ten",
        "/api/ledgers?limit=-x",
        "/api/games?limit=1e",
    ] {
        let r = request(&client, reqwest::Method::GET, path, None).await;
        assert_eq!(r.status().as_u16(), 400, "{path}");
        assert_eq!(error_of(&r.text().await.unwrap()).0, "limit", "{path}");
    }
    let r = request(
        &client,
        reqwest::Method::GET,
        "/api/ledgers?cursor=zzz",
        None,
    )
    .await;
    assert_eq!(r.status().as_u16(), 400);
    assert_eq!(error_of(&r.text().await.unwrap()).0, "cursor");
    // A WebSocket route asked without the upgrade.
    let ws = format!("/api/tables/{}/ws", t.id.as_str());
    let r = request(&client, reqwest::Method::GET, &ws, None).await;
    assert!(r.status().is_client_error());
    error_of(&r.text().await.unwrap());
    server.stop().await.unwrap();
    db.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_websocket_message_is_closed_with_1009() {
    let db = Db::sqlite("frame");
    let limits = Limits {
        ws_message_bytes: 4096,
        ..Limits::default()
    };
    let (server, client) = server_with(&db.url, limits).await;
    let t = client.create_table(&json!({})).await.unwrap();
    let id = t.id.as_str();
    let (mut ws, _) = tokio_tungstenite::connect_async(ws_url(&server, id, None))
        .await
        .unwrap();
    // A normal message first: answered.
    ws.send(Message::text(r#"{"type":"ping"}"#)).await.unwrap();
    let big = format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(10_000));
    let _ = ws.send(Message::text(big)).await;
    assert_eq!(close_code(&mut ws).await, Some(1009));
    server.stop().await.unwrap();
    db.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_reads_is_closed_and_memory_stays_bounded() {
    let db = Db::sqlite("slow");
    let limits = Limits {
        ws_queue: 64,
        ..Limits::default()
    };
    let (server, client) = server_with(&db.url, limits).await;
    let rss = |h: &Value| h["rss_bytes"].as_u64().unwrap_or(0);
    let before = rss(&client.get_json("/api/health").await.unwrap());
    let t = client.create_table(&json!({})).await.unwrap();
    let id = t.id.as_str();
    let (ws, _) = tokio_tungstenite::connect_async(ws_url(&server, id, None))
        .await
        .unwrap();
    let (mut tx, mut never_read) = ws.split();
    // Pings, each answered by a pong nobody reads: the server's queue fills and it closes the
    // connection (the writes then fail) instead of queueing without end.
    let t0 = Instant::now();
    let mut sent = 0u64;
    let closed = loop {
        if t0.elapsed() > Duration::from_secs(60) {
            break false;
        }
        if tx.feed(Message::text(r#"{"type":"ping"}"#)).await.is_err() {
            break true;
        }
        sent += 1;
        if sent.is_multiple_of(256) && tx.flush().await.is_err() {
            break true;
        }
        if sent >= 3_000_000 {
            break false;
        }
    };
    assert!(closed, "still open after {sent} pings ({:?})", t0.elapsed());
    // Read now: the pongs that were sent, then the end (a close frame 1008 if it got
    // through the full buffers in its second, else just the end of the connection).
    let code = close_code(&mut never_read).await;
    assert!(matches!(code, Some(1008) | None), "{code:?}");
    let after = rss(&client.get_json("/api/health").await.unwrap());
    eprintln!(
        "closed ({code:?}) after {sent} pings in {:?}; server RSS {} → {} MB",
        t0.elapsed(),
        before >> 20,
        after >> 20
    );
    assert!(after < before + (64 << 20), "RSS {before} → {after}");
    // The server still serves.
    assert_eq!(client.get("/api/health").await.unwrap().0, 200);
    server.stop().await.unwrap();
    db.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn huge_and_disguised_names_are_refused() {
    let db = Db::sqlite("names");
    let (server, client) = server_with(&db.url, Limits::default()).await;
    let long = "n".repeat(100);
    let cases = [
        (
            "/api/tables",
            json!({"names": [long, null, null, null]}),
            "names[0]",
        ),
        (
            "/api/tables",
            json!({"names": [null, "Ann\u{202E}", null, null]}),
            "names[1]",
        ),
        (
            "/api/ledgers",
            json!({"name": long, "players": ["A", "B"]}),
            "name",
        ),
        (
            "/api/ledgers",
            json!({"name": "Friday", "players": ["A", "B\u{0007}"]}),
            "players[1]",
        ),
    ];
    for (path, body, at) in cases {
        let (status, text) = client.post(path, &body).await.unwrap();
        assert_eq!(status, 400, "{path} {body}: {text}");
        assert_eq!(error_of(&text).0, at, "{text}");
    }
    let t = client
        .create_table(&json!({"seats": ["human", "open", "greedy", "greedy"]}))
        .await
        .unwrap();
    let join = format!("/api/tables/{}/join", t.id.as_str());
    let (status, text) = client.post(&join, &json!({"name": long})).await.unwrap();
    assert_eq!(status, 400, "{text}");
    assert_eq!(error_of(&text).0, "name");
    // Names within the limits still pass.
    let (status, _) = client
        .post(&join, &json!({"name": "Zoë 東"}))
        .await
        .unwrap();
    assert_eq!(status, 200);
    server.stop().await.unwrap();
    db.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn values_no_game_produces_are_refused() {
    let db = Db::sqlite("values");
    let (server, client) = server_with(&db.url, Limits::default()).await;
    let (_, created) = client
        .post(
            "/api/ledgers",
            &json!({"name": "Big", "players": ["A", "B", "C", "D"]}),
        )
        .await
        .unwrap();
    let created: Value = serde_json::from_str(&created).unwrap();
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let hands = format!("/api/ledgers/{id}/hands");
    for s in [
        json!([i64::MAX, -i64::MAX, 0, 0]),
        json!([2_000_000_000i64, -2_000_000_000i64, 0, 0]),
        json!([i64::MIN, 0, 0, 0]),
    ] {
        let (status, text) = client
            .post_with_token(&hands, &json!({"settlement": s}), token)
            .await
            .unwrap();
        assert_eq!(status, 400, "{s}: {text}");
        assert!(error_of(&text).0.starts_with("settlement"), "{text}");
    }
    let (status, _) = client
        .post_with_token(
            &hands,
            &json!({"settlement": [1_000_000_000i64, -1_000_000_000i64, 0, 0]}),
            token,
        )
        .await
        .unwrap();
    assert_eq!(status, 201);
    let (status, text) = client
        .post(
            "/api/settle",
            &json!({"ruleset": "millington", "winner": "E", "win": {"from": "wall"},
                    "scores": {"E": u64::MAX, "S": 2, "W": 3, "N": 4}}),
        )
        .await
        .unwrap();
    assert_eq!(status, 400, "{text}");
    assert_eq!(error_of(&text).0, "scores.E");
    server.stop().await.unwrap();
    db.finish().await;
}

/// Every page of a list, following `X-Next-Cursor`.
async fn pages(client: &Client, path: &str, limit: usize) -> Vec<Vec<Value>> {
    let mut out = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let sep = if path.contains('?') { '&' } else { '?' };
        let url = match &cursor {
            Some(c) => format!("{path}{sep}limit={limit}&cursor={c}"),
            None => format!("{path}{sep}limit={limit}"),
        };
        let r = request(client, reqwest::Method::GET, &url, None).await;
        assert_eq!(r.status().as_u16(), 200, "{url}");
        let next = r
            .headers()
            .get("x-next-cursor")
            .map(|v| v.to_str().unwrap().to_string());
        let page: Vec<Value> = r.json().await.unwrap();
        assert!(page.len() <= limit);
        out.push(page);
        match next {
            Some(c) => cursor = Some(c),
            None => return out,
        }
        assert!(out.len() < 100, "pages without end");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lists_come_in_pages() {
    let db = Db::sqlite("paging");
    let limits = Limits {
        page_default: 3,
        page_max: 4,
        ..Limits::default()
    };
    let (server, client) = server_with(&db.url, limits).await;
    let mut ledgers = Vec::new();
    let mut tables = Vec::new();
    for i in 0..7 {
        let (_, text) = client
            .post(
                "/api/ledgers",
                &json!({"name": format!("L{i}"), "players": ["A", "B"]}),
            )
            .await
            .unwrap();
        ledgers.push(serde_json::from_str::<Value>(&text).unwrap()["id"].clone());
        let t = client.create_table(&json!({})).await.unwrap();
        tables.push(Value::from(t.id));
    }
    for (path, all) in [("/api/ledgers", &ledgers), ("/api/tables", &tables)] {
        // No limit: the default page; a limit above the maximum: the maximum.
        let first: Vec<Value> = client
            .get_json(path)
            .await
            .unwrap()
            .as_array()
            .unwrap()
            .clone();
        assert_eq!(first.len(), 3, "{path}");
        let p = pages(&client, path, 1000).await;
        assert_eq!(p.iter().map(Vec::len).collect::<Vec<_>>(), [4, 3], "{path}");
        // Pages of 2: every item once, newest first.
        let p = pages(&client, path, 2).await;
        let ids: Vec<Value> = p.iter().flatten().map(|v| v["id"].clone()).collect();
        let unique: BTreeSet<String> = ids.iter().map(|v| v.to_string()).collect();
        assert_eq!(ids.len(), 7, "{path}: {ids:?}");
        assert_eq!(unique.len(), 7, "{path}");
        let at: Vec<i64> = p
            .iter()
            .flatten()
            .map(|v| v["created_at"].as_i64().unwrap())
            .collect();
        assert!(at.windows(2).all(|w| w[0] >= w[1]), "{path}: {at:?}");
        for id in all {
            assert!(ids.contains(id), "{path}: {id} missing");
        }
    }
    server.stop().await.unwrap();
    db.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_waiting_table_nobody_joins_expires() {
    let db = Db::sqlite("expiry");
    let limits = Limits {
        waiting_expiry: Duration::from_millis(500),
        ..Limits::default()
    };
    let (server, client) = server_with(&db.url, limits.clone()).await;
    let waiting = client.create_table(&json!({})).await.unwrap();
    let id = waiting.id.clone();
    let token = waiting.seats[0].token.as_deref().unwrap().to_string();
    // A table somebody sits at does not expire.
    let kept = client.create_table(&json!({})).await.unwrap();
    let kept_id = kept.id.clone();
    let mut watcher = client.connect(&kept_id, None).await.unwrap();
    assert!(matches!(
        next(&mut watcher).await,
        ServerMsg::Welcome { .. }
    ));
    let t0 = Instant::now();
    loop {
        let info = client.get_json(&format!("/api/tables/{id}")).await.unwrap();
        if info["status"] == "expired" {
            break;
        }
        assert!(
            t0.elapsed() < Duration::from_secs(10),
            "not expired: {info}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let listed = client.get_json("/api/tables").await.unwrap();
    let ids: Vec<&str> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [kept_id.as_str()]);
    // Its link now closes with a reason.
    let (mut ws, _) = tokio_tungstenite::connect_async(ws_url(&server, &id, Some(&token)))
        .await
        .unwrap();
    assert_eq!(close_code(&mut ws).await, Some(1008));
    watcher.close().await;
    server.stop().await.unwrap();
    // Not resumed after a restart.
    let (server, client) = server_with(&db.url, Limits::default()).await;
    let health = client.get_json("/api/health").await.unwrap();
    assert_eq!(health["tables"], 1, "{health}");
    server.stop().await.unwrap();
    db.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_are_in_the_players_words() {
    let db = Db::sqlite("words");
    let (server, client) = server_with(&db.url, Limits::default()).await;
    let t = client
        .create_table(&json!({"seed": 7, "bot_delay_ms": 0}))
        .await
        .unwrap();
    let id = t.id.as_str();
    let token = t.seats[0].token.as_deref().unwrap();
    let mut conn = client.connect(id, Some(token)).await.unwrap();
    conn.act(Action::Pung).await.unwrap();
    let message = loop {
        if let ServerMsg::Error { message, .. } = next(&mut conn).await {
            break message;
        }
    };
    assert!(
        message == "you may not pung now" || message == "it is not your turn",
        "{message}"
    );
    // A refused token: an error message, then close 1008 with the reason.
    let (mut ws, _) = tokio_tungstenite::connect_async(ws_url(&server, id, Some("nope")))
        .await
        .unwrap();
    assert_eq!(close_code(&mut ws).await, Some(1008));
    conn.close().await;
    server.stop().await.unwrap();
    db.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_postgres_fails_fast_naming_the_cause() {
    // A closed port: refused at once.
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let t0 = Instant::now();
    let err = Server::start(ServerConfig::new(
        "127.0.0.1:0".parse().unwrap(),
        format!("postgres://mahjong@127.0.0.1:{port}/mahjong"),
    ))
    .await
    .err()
    .expect("no server without its database")
    .to_string();
    assert!(t0.elapsed() < Duration::from_secs(6), "{:?}", t0.elapsed());
    assert!(err.contains("refused"), "{err}");
    // A port that accepts and never answers: given up after the connect timeout.
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = silent.local_addr().unwrap().port();
    let hold = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((s, _)) = silent.accept().await {
            held.push(s);
        }
    });
    let t0 = Instant::now();
    let err = Server::start(ServerConfig::new(
        "127.0.0.1:0".parse().unwrap(),
        format!("postgres://mahjong@127.0.0.1:{port}/mahjong"),
    ))
    .await
    .err()
    .expect("no server without its database")
    .to_string();
    let took = t0.elapsed();
    assert!(took < Duration::from_secs(8), "{took:?}");
    assert!(err.contains("no answer"), "{err}");
    hold.abort();
}

/// 50 ledger hands appended at once, 20 tables created at once, while bot tables play and
/// store their events: every request succeeds and everything is stored.
async fn concurrent_writes_lose_nothing(db: &str) {
    let (server, client) = server_with(db, Limits::default()).await;
    let mut bots = Vec::new();
    for i in 0..6 {
        let t = client
            .create_table(&json!({"seats": ["greedy", "random", "greedy", "random"],
                                  "seed": 100 + i, "max_hands": 2, "bot_delay_ms": 0}))
            .await
            .unwrap();
        bots.push(t.id.clone());
    }
    let (_, created) = client
        .post(
            "/api/ledgers",
            &json!({"name": "Load", "players": ["A", "B", "C", "D"]}),
        )
        .await
        .unwrap();
    let created: Value = serde_json::from_str(&created).unwrap();
    let ledger = created["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    let t0 = Instant::now();
    let mut tasks = Vec::new();
    for i in 0..50i64 {
        let client = Client::new(client.base());
        let path = format!("/api/ledgers/{ledger}/hands");
        let token = token.clone();
        tasks.push(tokio::spawn(async move {
            client
                .post_with_token(&path, &json!({"settlement": [i, -i, 0, 0]}), &token)
                .await
        }));
    }
    for _ in 0..20 {
        let client = Client::new(client.base());
        tasks.push(tokio::spawn(async move {
            client.post("/api/tables", &json!({})).await
        }));
    }
    let mut failures = Vec::new();
    for t in tasks {
        let (status, body) = t.await.unwrap().unwrap();
        if !(200..300).contains(&status) {
            failures.push(format!("{status} {body}"));
        }
    }
    let took = t0.elapsed();
    assert!(
        failures.is_empty(),
        "{} failed: {failures:?}",
        failures.len()
    );
    assert!(took < Duration::from_secs(60), "{took:?}");
    let l = client
        .get_json(&format!("/api/ledgers/{ledger}"))
        .await
        .unwrap();
    let hands = l["hands"].as_array().unwrap();
    assert_eq!(hands.len(), 50);
    let firsts: BTreeSet<i64> = hands
        .iter()
        .map(|h| h["settlement"][0].as_i64().unwrap())
        .collect();
    assert_eq!(firsts, (0..50).collect::<BTreeSet<_>>());
    // The bot games end, each with its record stored whole.
    for id in &bots {
        let t0 = Instant::now();
        loop {
            let (status, body) = client.get(&format!("/api/games/{id}")).await.unwrap();
            if status == 200 {
                assert!(body.lines().count() > 10);
                break;
            }
            assert!(t0.elapsed() < Duration::from_secs(60), "{id}: {body}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    server.stop().await.unwrap();
}

/// Two servers on one database (two processes, as in a rolling restart) append to the same
/// ledger at once: every hand stored once, each with its own number.
async fn two_stores_append_to_one_ledger(db: &str) {
    use mahjong_server::db::{LedgerHand, LedgerRow, Store};
    let a = Store::open(db).await.unwrap();
    let b = Store::open(db).await.unwrap();
    a.insert_ledger(
        &LedgerRow {
            id: "l1".into(),
            name: "Both".into(),
            players: r#"["A","B"]"#.into(),
            created_at: 1,
        },
        "tok-l1",
    )
    .await
    .unwrap();
    let mut tasks = Vec::new();
    for i in 0..40i64 {
        let s = if i % 2 == 0 { a.clone() } else { b.clone() };
        tasks.push(tokio::spawn(async move {
            s.add_ledger_hand(
                "l1",
                &LedgerHand {
                    settlement: format!("[{i},{}]", -i),
                    table: None,
                    at: i,
                },
            )
            .await
        }));
    }
    for t in tasks {
        t.await.unwrap().expect("appended");
    }
    let hands = a.ledger_hands("l1").await.unwrap();
    assert_eq!(hands.len(), 40);
    let at: BTreeSet<i64> = hands.iter().map(|h| h.at).collect();
    assert_eq!(at.len(), 40);
    a.close().await;
    b.close().await;
}

on_both_databases!(
    concurrent_writes_lose_nothing,
    two_stores_append_to_one_ledger
);

/// What the server logs (every test's lines: the subscriber is global).
fn captured_logs() -> &'static std::sync::Mutex<Vec<u8>> {
    use std::sync::{Mutex, OnceLock};
    static LOGS: OnceLock<&'static Mutex<Vec<u8>>> = OnceLock::new();
    LOGS.get_or_init(|| {
        let logs: &'static Mutex<Vec<u8>> = Box::leak(Box::new(Mutex::new(Vec::new())));
        let subscriber = tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::new("info"))
            .with_ansi(false)
            .with_writer(move || Capture(logs))
            .finish();
        let _ = tracing::subscriber::set_global_default(subscriber);
        logs
    })
}

struct Capture(&'static std::sync::Mutex<Vec<u8>>);

impl std::io::Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_normal_postgres_start_logs_no_notices() {
    let logs = captured_logs();
    let Some(db) = Db::postgres("notices").await else {
        return;
    };
    // The second start finds every table there already.
    for _ in 0..2 {
        let (server, _) = server_with(&db.url, Limits::default()).await;
        server.stop().await.unwrap();
    }
    let text = String::from_utf8_lossy(&logs.lock().unwrap()).to_string();
    assert!(text.contains("listening on"), "nothing captured: {text}");
    assert!(text.contains("shut down"), "{text}");
    assert!(!text.contains("already exists"), "{text}");
    db.finish().await;
}
