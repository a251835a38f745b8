//! A table in play survives a restart of the server, on SQLite and on PostgreSQL: the new
//! server resumes it from the stored events, and the seat comes back to the same hand.

mod common;

use common::{next, server_on};
use mahjong_engine::{Action, Event, SeatView};
use mahjong_server::client::Conn;
use mahjong_server::ServerMsg;
use serde_json::json;

/// Seat 0's messages up to the next `state` in which it has something to decide; the
/// events on the way are added to `seen`.
async fn until_my_turn(conn: &mut Conn, seen: &mut Vec<Event>) -> SeatView {
    loop {
        match next(conn).await {
            ServerMsg::Event { event } => seen.push(event),
            ServerMsg::State { view, .. } => {
                let view: SeatView = serde_json::from_value(view).unwrap();
                if !view.legal.is_empty() {
                    return view;
                }
            }
            ServerMsg::Error { code, message, .. } => panic!("{code}: {message}"),
            _ => {}
        }
    }
}

/// Not Mah-Jongg and no claim: keep the hand going.
fn plain(view: &SeatView) -> Action {
    *view
        .legal
        .iter()
        .find(|a| matches!(a, Action::Pass | Action::Discard { call: false, .. }))
        .unwrap()
}

async fn a_table_in_play_resumes_after_a_restart(db: &str) {
    let (server, client) = server_on(db).await;
    // No claim timer: the table waits for seat 0 while the server stops.
    let t = client
        .create_table(
            &json!({"seats": ["human", "greedy", "random", "greedy"], "seed": 31,
                              "max_hands": 1, "options": {"claim_seconds": 0}}),
        )
        .await
        .unwrap();
    let id = t.id.clone();
    let token = t.seats[0].token.as_deref().unwrap().to_string();
    let mut conn = client.connect(&id, Some(&token)).await.unwrap();
    assert!(matches!(next(&mut conn).await, ServerMsg::Welcome { .. }));
    let ServerMsg::History { mut events, .. } = next(&mut conn).await else {
        panic!("no history")
    };
    let mut view = until_my_turn(&mut conn, &mut events).await;
    for _ in 0..4 {
        conn.act(plain(&view)).await.unwrap();
        view = until_my_turn(&mut conn, &mut events).await;
    }
    conn.close().await;
    server.stop().await.unwrap();

    let (server, client) = server_on(db).await;
    assert_eq!(client.get_json("/api/health").await.unwrap()["tables"], 1);
    let info = client.get_json(&format!("/api/tables/{id}")).await.unwrap();
    assert_eq!(info["status"], "playing");
    assert_eq!(
        info["seats"][0],
        json!({"seat": 0, "kind": "human", "name": "human", "connected": false, "joined": true, "open": false})
    );
    let mut conn = client.connect(&id, Some(&token)).await.unwrap();
    match next(&mut conn).await {
        ServerMsg::Welcome { seat, status, .. } => {
            assert_eq!((seat, status.as_str()), (Some(0), "playing"))
        }
        other => panic!("{other:?}"),
    }
    let ServerMsg::History { events: again, .. } = next(&mut conn).await else {
        panic!("no history")
    };
    assert_eq!(again, events, "the hand so far, as seat 0 saw it");
    let ServerMsg::State { view: v, .. } = next(&mut conn).await else {
        panic!("no state")
    };
    let resumed: SeatView = serde_json::from_value(v).unwrap();
    assert_eq!(resumed, view, "the same view: tiles, discards, choices");
    // And the seat plays on.
    conn.act_with_id(plain(&resumed), 77).await.unwrap();
    loop {
        match next(&mut conn).await {
            ServerMsg::State { ack: Some(a), .. } => {
                assert_eq!(a, json!(77));
                break;
            }
            ServerMsg::Error { code, message, .. } => panic!("{code}: {message}"),
            _ => {}
        }
    }
    server.stop().await.unwrap();
}

on_both_databases!(a_table_in_play_resumes_after_a_restart);
