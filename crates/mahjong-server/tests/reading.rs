//! A client that says `ready` is waited for at each hand's end: the next hand's bots and
//! timers hold until it says `ready` again (it was reading the score sheet). A client that
//! never says it is not waited for.

mod common;

use std::time::Duration;

use common::{next, server};
use mahjong_engine::{Action, Event, SeatView};
use mahjong_server::client::Conn;
use mahjong_server::ServerMsg;
use serde_json::json;

/// Plays the seat (Mah-Jongg when offered, else pass, else the first discard) until the
/// first hand ends; returns the first `state` after the next hand's start, with its timer.
async fn play_to_next_hand(conn: &mut Conn) -> (SeatView, Option<u64>) {
    let mut started = false;
    loop {
        match next(conn).await {
            ServerMsg::Event {
                event: Event::HandStart { hand, .. },
            } if hand > 0 => started = true,
            ServerMsg::State {
                view, deadline_ms, ..
            } => {
                let view: SeatView = serde_json::from_value(view).unwrap();
                if started {
                    return (view, deadline_ms);
                }
                let legal = &view.legal;
                let choice = legal
                    .iter()
                    .find(|a| matches!(a, Action::Mahjong))
                    .or_else(|| legal.iter().find(|a| matches!(a, Action::Pass)))
                    .or_else(|| legal.iter().find(|a| matches!(a, Action::Discard { .. })))
                    .or_else(|| legal.first());
                if let Some(a) = choice {
                    conn.act(*a).await.unwrap();
                }
            }
            _ => {}
        }
    }
}

/// Nothing arrives on `conn` for `ms` milliseconds.
async fn quiet(conn: &mut Conn, ms: u64) -> bool {
    tokio::time::timeout(Duration::from_millis(ms), conn.recv())
        .await
        .is_err()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_next_hand_waits_for_a_reader() {
    let (server, client) = server("reading").await;
    let t = client
        .create_table(
            &json!({"ruleset": "japanese-3p", "seats": ["human", "greedy", "greedy"],
            "seed": 5, "max_hands": 3, "turn_seconds": 30, "bot_delay_ms": 1}),
        )
        .await
        .unwrap();
    let mut conn = client
        .connect(&t.id, t.seats[0].token.as_deref())
        .await
        .unwrap();
    conn.send_text(r#"{"type":"ready","v":1}"#).await.unwrap();
    let (view, deadline) = play_to_next_hand(&mut conn).await;
    // Held: nothing is timed, no bot moves.
    assert_eq!(deadline, None, "no timer while the sheet is read");
    assert!(
        quiet(&mut conn, 600).await,
        "nothing happens while the sheet is read"
    );
    conn.send_text(r#"{"type":"ready","v":1}"#).await.unwrap();
    // Released: this seat's turn is timed, or a bot moves.
    let mine = view
        .legal
        .iter()
        .any(|a| matches!(a, Action::Discard { .. }));
    match next(&mut conn).await {
        ServerMsg::State { deadline_ms, .. } if mine => assert!(deadline_ms.is_some()),
        ServerMsg::State { .. } | ServerMsg::Event { .. } => {}
        other => panic!("unexpected {other:?}"),
    }
    drop(conn);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_says_ready_is_not_waited_for() {
    let (server, client) = server("not-reading").await;
    let t = client
        .create_table(
            &json!({"ruleset": "japanese-3p", "seats": ["human", "greedy", "greedy"],
            "seed": 5, "max_hands": 3, "bot_delay_ms": 1}),
        )
        .await
        .unwrap();
    let mut conn = client
        .connect(&t.id, t.seats[0].token.as_deref())
        .await
        .unwrap();
    let (view, _) = play_to_next_hand(&mut conn).await;
    let mine = view
        .legal
        .iter()
        .any(|a| matches!(a, Action::Discard { .. }));
    if !mine {
        assert!(!quiet(&mut conn, 2000).await, "the bots play on");
    }
    drop(conn);
    server.stop().await.unwrap();
}
