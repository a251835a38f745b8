//! Tables over real sockets: a bot table watched to its end, a human seat played by a test
//! client, reconnecting mid-hand, and refused messages.

mod common;

use common::{next, next_text, server};
use mahjong_bots::{bot_for_ruleset, play_game};
use mahjong_engine::{Action, Event, Game, RecordHeader, SeatView};
use mahjong_rules::Ruleset;
use mahjong_server::client::{Client, Conn};
use mahjong_server::{ServerMsg, TableConfig};
use serde_json::{json, Value};

async fn create(client: &Client, req: Value) -> (String, Vec<Option<String>>) {
    let t = client.create_table(&req).await.unwrap();
    let tokens = t.seats.into_iter().map(|s| s.token).collect();
    (t.id, tokens)
}

/// Welcome, history, first state.
async fn greeting(conn: &mut Conn) -> (ServerMsg, Vec<Event>, SeatView) {
    let welcome = next(conn).await;
    assert!(matches!(welcome, ServerMsg::Welcome { .. }), "{welcome:?}");
    let ServerMsg::History { events, .. } = next(conn).await else {
        panic!("no history")
    };
    let ServerMsg::State { view, .. } = next(conn).await else {
        panic!("no state")
    };
    (welcome, events, serde_json::from_value(view).unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_table_plays_to_the_end_and_records_the_game() {
    let (server, client) = server("bots").await;
    let (id, _) = create(
        &client,
        json!({"seats": ["greedy", "random", "greedy", "random"], "seed": 77, "max_hands": 3, "bot_delay_ms": 1}),
    )
    .await;
    let mut watcher = client.connect(&id, None).await.unwrap();
    let mut events = 0;
    let totals = loop {
        match next(&mut watcher).await {
            ServerMsg::GameOver { totals, game_id } => {
                assert_eq!(game_id, id);
                break totals;
            }
            ServerMsg::Event { .. } => events += 1,
            _ => {}
        }
    };
    assert!(events > 50, "{events} events");
    // The record equals an uninterrupted local game with the same seed and bots.
    let (status, record) = client.get(&format!("/api/games/{id}")).await.unwrap();
    assert_eq!(status, 200);
    let config = TableConfig {
        ruleset: Ruleset::preset("millington").unwrap(),
        seed: 77,
        max_hands: Some(3),
        kinds: ["greedy", "random", "greedy", "random"]
            .map(String::from)
            .to_vec(),
        names: vec![],
        tokens: vec![None; 4],
        open: vec![],
        host_token: None,
        bot_delay_ms: 1,
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
    assert_eq!(record, expected);
    assert_eq!(totals, game.totals());
    let games = client.get_json("/api/games").await.unwrap();
    assert_eq!(games[0]["id"], json!(id));
    assert_eq!(games[0]["totals"], json!(game.totals()));
    assert_eq!(games[0]["hands"], json!(3));
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_human_seat_plays_a_hand_against_server_bots() {
    let (server, client) = server("human").await;
    let (id, tokens) = create(
        &client,
        json!({"seats": ["greedy", "human", "random", "greedy"], "seed": 5, "max_hands": 1,
               "options": {"claim_seconds": 0}}),
    )
    .await;
    let mut conn = client.connect(&id, tokens[1].as_deref()).await.unwrap();
    let ruleset = Ruleset::preset("millington").unwrap();
    let mut bot = bot_for_ruleset("greedy", &ruleset, 9).unwrap();
    let mut sent = 0u64;
    let mut pending = false;
    let mut mine = 0;
    loop {
        match next(&mut conn).await {
            ServerMsg::State { view, ack, .. } => {
                if ack.is_some() {
                    assert_eq!(ack, Some(json!(sent)));
                    pending = false;
                }
                let view: SeatView = serde_json::from_value(view).unwrap();
                assert_eq!(view.player, 1);
                if !pending && !view.legal.is_empty() {
                    let action = bot.act(&view);
                    assert!(view.legal.contains(&action));
                    sent += 1;
                    conn.act_with_id(action, sent).await.unwrap();
                    pending = true;
                }
            }
            ServerMsg::Event {
                event: Event::Decision { player, .. },
            } => {
                assert_eq!(player, 1, "only own decisions are sent");
                mine += 1;
            }
            ServerMsg::Error { code, message, .. } => panic!("{code}: {message}"),
            ServerMsg::GameOver { .. } => break,
            _ => {}
        }
    }
    assert!(sent >= 5, "the human decided {sent} times");
    assert_eq!(mine, sent, "every action of the human is a decision event");
    let (_, record) = client.get(&format!("/api/games/{id}")).await.unwrap();
    let summary = mahjong_engine::replay(record.lines()).unwrap();
    assert_eq!(summary.unfinished, None, "the game is played to its end");
    let decisions = record
        .lines()
        .filter(|l| l.contains(r#""type":"decision","player":1"#))
        .count() as u64;
    assert_eq!(decisions, sent);
    server.stop().await.unwrap();
}

/// Plays seat 0 until it has decided `n` times and has a decision to make again; returns
/// every event seen since the hand began, and the last view.
async fn play_until(conn: &mut Conn, mut events: Vec<Event>, n: usize) -> (Vec<Event>, SeatView) {
    let mut done = 0;
    let mut pending = false;
    loop {
        match next(conn).await {
            ServerMsg::Event { event } => events.push(event),
            ServerMsg::State { view, ack, .. } => {
                if ack.is_some() {
                    pending = false;
                }
                let view: SeatView = serde_json::from_value(view).unwrap();
                if !pending && !view.legal.is_empty() {
                    if done == n {
                        return (events, view);
                    }
                    // Not Mah-Jongg: keep the hand going.
                    let action = view
                        .legal
                        .iter()
                        .find(|a| matches!(a, Action::Discard { .. } | Action::Pass))
                        .copied()
                        .unwrap_or(view.legal[0]);
                    conn.act_with_id(action, done as u64).await.unwrap();
                    pending = true;
                    done += 1;
                }
            }
            ServerMsg::Error { code, message, .. } => panic!("{code}: {message}"),
            _ => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_seat_reconnects_with_its_token_and_gets_its_full_view() {
    let (server, client) = server("reconnect").await;
    let (id, tokens) = create(
        &client,
        json!({"seats": ["human", "greedy", "greedy", "random"], "seed": 21, "max_hands": 1,
               "options": {"claim_seconds": 0}}),
    )
    .await;
    let token = tokens[0].as_deref();
    let mut conn = client.connect(&id, token).await.unwrap();
    let (_, history, _) = greeting(&mut conn).await;
    let (seen, view) = play_until(&mut conn, history, 4).await;
    conn.close().await;
    // The table waits for seat 0 (no claim timer): reconnect.
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    let info = client.get_json(&format!("/api/tables/{id}")).await.unwrap();
    assert_eq!(info["seats"][0]["connected"], json!(false));
    let mut again = client.connect(&id, token).await.unwrap();
    let (welcome, history, view2) = greeting(&mut again).await;
    let ServerMsg::Welcome { seat, status, .. } = welcome else {
        unreachable!()
    };
    assert_eq!(seat, Some(0));
    assert_eq!(status, "playing");
    assert_eq!(history, seen, "the hand's events so far, as seen before");
    assert_eq!(view2, view, "the same full view");
    assert!(!view2.concealed.is_empty() && !view2.legal.is_empty());
    // And the game goes on to its end from the new connection.
    let mut k = 100;
    again.act_with_id(view2.legal[0], k).await.unwrap();
    let mut pending = true;
    loop {
        match next(&mut again).await {
            ServerMsg::State { view, ack, .. } => {
                if ack.is_some() {
                    pending = false;
                }
                let view: SeatView = serde_json::from_value(view).unwrap();
                if !pending && !view.legal.is_empty() {
                    k += 1;
                    again.act_with_id(view.legal[0], k).await.unwrap();
                    pending = true;
                }
            }
            ServerMsg::GameOver { .. } => break,
            ServerMsg::Error { code, message, .. } => panic!("{code}: {message}"),
            _ => {}
        }
    }
    server.stop().await.unwrap();
}

async fn expect_error(conn: &mut Conn, code: &str) {
    match next(conn).await {
        ServerMsg::Error { code: c, .. } => assert_eq!(c, code),
        other => panic!("expected error {code}, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_and_illegal_messages_get_errors_and_change_nothing() {
    let (server, client) = server("errors").await;
    let (id, tokens) = create(
        &client,
        json!({"seats": ["human", "greedy", "greedy", "greedy"], "seed": 3, "bot_delay_ms": 400}),
    )
    .await;
    let mut conn = client.connect(&id, tokens[0].as_deref()).await.unwrap();
    let (_, _, mut view) = greeting(&mut conn).await;
    // The greeting's state comes while the table still waits for us: nothing offered yet.
    assert!(view.legal.is_empty());
    let before = client.get_json(&format!("/api/tables/{id}")).await.unwrap();
    // The table starts on our arrival: a second state, then `players`.
    let mut started = false;
    loop {
        match next(&mut conn).await {
            ServerMsg::State { view: v, .. } => {
                // Seat 0 is East: its turn, the bots wait for it.
                view = serde_json::from_value(v).unwrap();
                assert!(matches!(view.legal[0], Action::Discard { .. }));
                started = true;
            }
            ServerMsg::Players { .. } => break,
            _ => {}
        }
    }
    assert!(started);
    for (text, code) in [
        ("not json", "malformed"),
        ("[1,2]", "malformed"),
        (r#"{"v":1}"#, "malformed"),
        (r#"{"type":"dance"}"#, "malformed"),
        (r#"{"type":"act"}"#, "malformed"),
        (
            r#"{"type":"act","action":{"type":"discard","tile":"XX"}}"#,
            "malformed",
        ),
        (r#"{"type":"act","action":{"type":"pung"}}"#, "illegal"),
        (r#"{"type":"ping","v":2}"#, "version"),
    ] {
        conn.send_text(text).await.unwrap();
        expect_error(&mut conn, code).await;
    }
    // A tile seat 0 does not hold.
    let absent = [
        "1B", "2B", "3B", "4B", "5B", "6B", "7B", "8B", "9B", "RD", "GD", "WD",
    ]
    .iter()
    .find(|t| !view.concealed.iter().any(|c| c.to_string() == **t))
    .unwrap();
    conn.send_text(&format!(
        r#"{{"type":"act","id":"x1","action":{{"type":"discard","tile":"{absent}"}}}}"#
    ))
    .await
    .unwrap();
    match next(&mut conn).await {
        ServerMsg::Error { code, id, .. } => {
            assert_eq!(code, "illegal");
            assert_eq!(id, Some(json!("x1")));
        }
        other => panic!("{other:?}"),
    }
    // A spectator may not act.
    let mut spectator = client.connect(&id, None).await.unwrap();
    for _ in 0..3 {
        let _ = next(&mut spectator).await; // welcome, history, state
    }
    spectator
        .send_text(r#"{"type":"act","action":{"type":"pass"}}"#)
        .await
        .unwrap();
    loop {
        match next(&mut spectator).await {
            ServerMsg::Error { code, .. } => {
                assert_eq!(code, "not_your_turn");
                break;
            }
            ServerMsg::Players { .. } => {}
            other => panic!("{other:?}"),
        }
    }
    // Nothing changed: ping is answered next (a `players` for the spectator may come first),
    // and the table is as before.
    conn.send_text(r#"{"type":"ping"}"#).await.unwrap();
    loop {
        match next(&mut conn).await {
            ServerMsg::Pong => break,
            ServerMsg::Players { .. } => {}
            other => panic!("{other:?}"),
        }
    }
    let mut after = client.get_json(&format!("/api/tables/{id}")).await.unwrap();
    after["spectators"] = before["spectators"].clone();
    assert_eq!(after, before);
    // A legal discard goes through; acting again right away is not this seat's turn.
    let discard = view.legal[0];
    conn.act(discard).await.unwrap();
    let mut saw_discard = false;
    loop {
        match next(&mut conn).await {
            ServerMsg::Event {
                event: Event::Discard { player: 0, .. },
            } => saw_discard = true,
            ServerMsg::State { .. } => break,
            _ => {}
        }
    }
    assert!(saw_discard);
    conn.act(discard).await.unwrap();
    expect_error(&mut conn, "not_your_turn").await;
    // Hints: for a seat, not for a spectator.
    conn.send_text(r#"{"type":"hint"}"#).await.unwrap();
    loop {
        match next(&mut conn).await {
            ServerMsg::Hint {
                shanten, discards, ..
            } => {
                assert!((0..=6).contains(&shanten));
                assert!(discards.is_empty(), "13 tiles: nothing to discard");
                break;
            }
            ServerMsg::Error { code, message, .. } => panic!("{code}: {message}"),
            _ => {}
        }
    }
    // Bad token, unknown table: an error, then the connection closes.
    let mut bad = client.connect(&id, Some("nope")).await.unwrap();
    assert!(next_text(&mut bad).await.contains(r#""code":"bad_token""#));
    assert!(bad.recv_text().await.unwrap().is_none());
    let mut unknown = client.connect("nosuchtable", None).await.unwrap();
    assert!(next_text(&mut unknown)
        .await
        .contains(r#""code":"unknown_table""#));
    server.stop().await.unwrap();
}
