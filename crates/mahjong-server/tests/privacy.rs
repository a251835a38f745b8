//! Whole games over real sockets with every seat a test client, checked message by message
//! against the engine's ground truth: each seat receives exactly the events it may see
//! (others' deals and draws without tiles, no other player's decisions), and each `state`
//! is exactly the engine's view of that seat — its own concealed tiles, never another's,
//! never the wall. A spectator receives only public information.

mod common;

use common::{next, server};
use mahjong_bots::{bot_for_ruleset, Bot};
use mahjong_engine::{Event, Game, GameConfig};
use mahjong_rules::Ruleset;
use mahjong_server::client::Conn;
use mahjong_server::protocol::{event_for, spectator_view};
use mahjong_server::ServerMsg;
use serde_json::{json, Value};

/// Reads one seat's messages up to its next `state`: the events before it and the state.
async fn until_state(conn: &mut Conn) -> (Vec<Event>, Value, Option<Value>) {
    let mut events = vec![];
    loop {
        match next(conn).await {
            ServerMsg::Event { event } => events.push(event),
            ServerMsg::State { view, ack, .. } => return (events, view, ack),
            other => panic!("unexpected {other:?}"),
        }
    }
}

fn visible(events: &[Event], seat: Option<usize>) -> Vec<Event> {
    events.iter().filter_map(|e| event_for(e, seat)).collect()
}

/// Checks the parts of a seat's message that must never leak, independently of equality
/// with the engine's view.
fn assert_private(seat: usize, events: &[Event], view: &Value, truth: &Game) {
    for e in events {
        match e {
            Event::Deal { player, tiles, .. } if *player != seat => {
                assert!(tiles.is_empty(), "seat {seat} sees player {player}'s deal")
            }
            Event::Draw { player, tile, .. } if *player != seat => {
                assert!(tile.is_none(), "seat {seat} sees player {player}'s draw")
            }
            Event::Decision { player, .. } => assert_eq!(*player, seat),
            _ => {}
        }
    }
    let own: Vec<Value> = truth.hand().players()[seat]
        .concealed()
        .iter()
        .map(|t| json!(t))
        .collect();
    assert_eq!(
        view["concealed"],
        Value::Array(own),
        "seat {seat}'s own tiles"
    );
    let keys: Vec<&String> = view.as_object().unwrap().keys().collect();
    for k in keys {
        assert!(
            !k.contains("wall") || k == "live_wall",
            "unexpected field {k} in a view"
        );
    }
}

async fn play_and_check(
    client: &mahjong_server::client::Client,
    preset: &str,
    seed: u64,
    max_hands: Option<u32>,
) {
    let mut ruleset = Ruleset::preset(preset).unwrap();
    ruleset.set("claim_seconds=0").unwrap();
    let seats = ruleset.seats();
    let mut req = json!({
        "ruleset": preset, "options": {"claim_seconds": 0},
        "seats": vec!["human"; seats], "seed": seed,
    });
    if let Some(h) = max_hands {
        req["max_hands"] = json!(h);
    }
    let created = client.create_table(&req).await.unwrap();
    let id = created.id.clone();

    let mut game = Game::new(GameConfig {
        ruleset: ruleset.clone(),
        seed,
        walls: vec![],
        max_hands,
        record: true,
    });
    let initial = game.take_events();
    let mut bots: Vec<Box<dyn Bot>> = (0..seats)
        .map(|p| {
            let name = if p % 2 == 0 { "greedy" } else { "random" };
            bot_for_ruleset(name, &ruleset, 100 + p as u64).unwrap()
        })
        .collect();

    // The spectator first, then the seats: the last seat's arrival starts the game.
    let mut spectator = client.connect(&id, None).await.unwrap();
    let mut conns = Vec::new();
    for s in 0..seats {
        let token = created.seats[s].token.as_deref().unwrap();
        conns.push(client.connect(&id, Some(token)).await.unwrap());
    }
    for (slot, conn) in conns.iter_mut().map(Some).chain([None]).enumerate() {
        let (conn, seat) = match conn {
            Some(c) => (c, Some(slot)),
            None => (&mut spectator, None),
        };
        match next(conn).await {
            ServerMsg::Welcome {
                seat: s, seats: n, ..
            } => {
                assert_eq!(s, seat);
                assert_eq!(n, seats);
            }
            other => panic!("expected welcome, got {other:?}"),
        }
        match next(conn).await {
            ServerMsg::History { hand, events } => {
                assert_eq!(hand, 0);
                assert_eq!(events, visible(&initial, seat));
            }
            other => panic!("expected history, got {other:?}"),
        }
        // Then states and `players` until the table is playing.
        loop {
            match next(conn).await {
                ServerMsg::State { view, .. } => match seat {
                    Some(s) => {
                        // While the table waits for players, nothing is offered.
                        let mut want = serde_json::to_value(game.view(s)).unwrap();
                        if view["legal"].as_array().is_some_and(|a| a.is_empty()) {
                            want["legal"] = serde_json::json!([]);
                        }
                        assert_eq!(view, want);
                        assert_private(s, &[], &view, &game);
                    }
                    None => assert_eq!(view, spectator_view(&game.view(0))),
                },
                ServerMsg::Players { status, .. } if status == "playing" => break,
                ServerMsg::Players { .. } => {}
                other => panic!("unexpected {other:?}"),
            }
        }
    }

    let mut id_no = 0u64;
    let mut checked = 0usize;
    while !game.is_over() {
        for p in game.pending() {
            if game.legal(p).is_empty() {
                continue;
            }
            let action = bots[p].act(&game.view(p));
            id_no += 1;
            conns[p].act_with_id(action, id_no).await.unwrap();
            game.act(p, action).unwrap();
            let events = game.take_events();
            for (s, conn) in conns.iter_mut().enumerate() {
                let (got, view, ack) = until_state(conn).await;
                assert_eq!(got, visible(&events, Some(s)), "events to seat {s}");
                assert_eq!(
                    view,
                    serde_json::to_value(game.view(s)).unwrap(),
                    "state of seat {s}"
                );
                assert_private(s, &got, &view, &game);
                assert_eq!(ack, (s == p).then(|| json!(id_no)));
                checked += 1;
            }
            let (got, view, _) = until_state(&mut spectator).await;
            assert_eq!(got, visible(&events, None));
            assert_eq!(view, spectator_view(&game.view(0)));
            assert_eq!(view["concealed"], json!([]));
            if game.is_over() {
                break;
            }
        }
    }
    for conn in conns.iter_mut().chain([&mut spectator]) {
        match next(conn).await {
            ServerMsg::GameOver { totals, game_id } => {
                assert_eq!(totals, game.totals());
                assert_eq!(game_id, id);
            }
            other => panic!("expected game_over, got {other:?}"),
        }
    }
    assert!(checked > 100, "only {checked} states checked");
    // The stored record is the engine's game, and replays.
    let (status, record) = client.get(&format!("/api/games/{id}")).await.unwrap();
    assert_eq!(status, 200);
    let summary = mahjong_engine::replay(record.lines()).unwrap();
    assert_eq!(summary.games, 1);
    assert_eq!(summary.unfinished, None);
    assert_eq!(summary.hands, game.summary().hands as u64);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_message_of_whole_games_holds_only_what_the_seat_may_know() {
    let (server, client) = server("privacy").await;
    play_and_check(&client, "millington", 11, None).await;
    play_and_check(&client, "western", 12, Some(3)).await;
    server.stop().await.unwrap();
}
