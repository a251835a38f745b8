//! The claim and turn timers, and how long a finished table stays in memory, on a paused
//! clock: the server runs in the test's runtime with time stopped (`start_paused`), and only
//! `tokio::time::advance` moves it, so a timer fires exactly when the test says and never on
//! a slow machine by accident. Four human seats are all played by the test, in lock step:
//! after each action every seat reads its events up to its next `state`.
//!
//! A paused runtime normally jumps to the next timer whenever it is idle, which it also is
//! while waiting for a socket or for SQLite's worker thread; a blocking task keeps it from
//! doing so (tokio does not auto-advance while one runs), see [`Frozen`].

mod common;

use std::time::Duration;

use common::{next, server_on, Db};
use mahjong_engine::{Action, Event, PhaseView, SeatView};
use mahjong_server::client::{Client, Conn};
use mahjong_server::{Server, ServerMsg};
use serde_json::{json, Value};

/// Keeps the paused clock from advancing by itself while it lives (a blocking task is
/// running), and ends the process if the test is still running after 60 s of real time
/// (a paused clock never fires the usual timeouts).
struct Frozen(#[allow(dead_code)] std::sync::mpsc::Sender<()>);

fn freeze() -> Frozen {
    let (tx, rx) = std::sync::mpsc::channel::<()>();
    tokio::task::spawn_blocking(move || {
        if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
            rx.recv_timeout(Duration::from_secs(60))
        {
            eprintln!("a timer test is stuck after 60 s: aborting");
            std::process::exit(101);
        }
    });
    Frozen(tx)
}

/// Four human seats, each with its connection, its last view and timer, and the events of
/// the hand it has seen.
struct Table {
    id: String,
    tokens: Vec<String>,
    conns: Vec<Conn>,
    views: Vec<SeatView>,
    deadlines: Vec<Option<u64>>,
    seen: Vec<Vec<Event>>,
}

/// One seat's messages up to its next `state`: the events before it, the view, the timer.
async fn until_state(conn: &mut Conn) -> (Vec<Event>, SeatView, Option<u64>) {
    let mut events = vec![];
    loop {
        match next(conn).await {
            ServerMsg::Event { event } => events.push(event),
            ServerMsg::State {
                view, deadline_ms, ..
            } => return (events, serde_json::from_value(view).unwrap(), deadline_ms),
            ServerMsg::Players { .. } | ServerMsg::GameOver { .. } => {}
            other => panic!("unexpected {other:?}"),
        }
    }
}

/// A table of four humans (`options` for the ruleset, `turn_seconds`), every seat connected;
/// the table has started.
async fn four_humans(client: &Client, options: Value, turn_seconds: u32) -> Table {
    let t = client
        .create_table(
            &json!({"seats": ["human", "human", "human", "human"], "seed": 7,
                              "max_hands": 1, "options": options, "turn_seconds": turn_seconds}),
        )
        .await
        .unwrap();
    let id = t.id.clone();
    let tokens: Vec<String> = (0..4).map(|s| t.seats[s].token.clone().unwrap()).collect();
    let mut conns = vec![];
    let mut seen = vec![];
    for token in &tokens {
        let mut conn = client.connect(&id, Some(token)).await.unwrap();
        assert!(matches!(next(&mut conn).await, ServerMsg::Welcome { .. }));
        let ServerMsg::History { events, .. } = next(&mut conn).await else {
            panic!("no history")
        };
        let (more, view, _) = until_state(&mut conn).await;
        assert!(
            more.is_empty() && view.legal.is_empty(),
            "waiting: nothing to do"
        );
        seen.push(events);
        conns.push(conn);
    }
    // The fourth arrival starts the table: a fresh state to everybody.
    let mut views = vec![];
    let mut deadlines = vec![];
    for (s, conn) in conns.iter_mut().enumerate() {
        let (events, view, deadline) = until_state(conn).await;
        seen[s].extend(events);
        views.push(view);
        deadlines.push(deadline);
    }
    Table {
        id,
        tokens,
        conns,
        views,
        deadlines,
        seen,
    }
}

impl Table {
    /// Seat `s` acts; every seat reads up to its next state. Returns the events each saw.
    async fn act(&mut self, s: usize, action: Action) -> Vec<Vec<Event>> {
        self.conns[s].act(action).await.unwrap();
        self.read_all().await
    }

    /// Every seat reads up to its next state (after something happened).
    async fn read_all(&mut self) -> Vec<Vec<Event>> {
        let mut all = vec![];
        for s in 0..4 {
            let (events, view, deadline) = until_state(&mut self.conns[s]).await;
            self.seen[s].extend(events.iter().cloned());
            self.views[s] = view;
            self.deadlines[s] = deadline;
            all.push(events);
        }
        all
    }

    fn phase(&self) -> PhaseView {
        self.views[0].phase
    }

    /// Seats with something to decide.
    fn pending(&self) -> Vec<usize> {
        (0..4)
            .filter(|&s| !self.views[s].legal.is_empty())
            .collect()
    }

    /// Plays (discards, passes) until a seat could claim a discard, and passes for every
    /// other seat that could: that seat alone has to answer. Returns it and the discarder.
    async fn until_a_claim(&mut self) -> (usize, usize) {
        for _ in 0..200 {
            match self.phase() {
                PhaseView::Turn { player } => {
                    let d = a_discard(&self.views[player]);
                    self.act(player, d).await;
                }
                PhaseView::Claims { discarder, .. } => {
                    // Only seats that can claim have something to answer.
                    let pending = self.pending();
                    for &s in &pending {
                        assert!(self.views[s].legal.iter().any(is_claim));
                        assert!(self.views[s].legal.contains(&Action::Pass));
                    }
                    let claimer = *pending.last().expect("a claim window waits for someone");
                    for &s in &pending[..pending.len() - 1] {
                        self.act(s, Action::Pass).await;
                    }
                    return (claimer, discarder);
                }
                other => panic!("unexpected phase {other:?}"),
            }
        }
        panic!("nobody could claim a discard in 200 moves");
    }

    /// Asks seat `s` for a hint and checks that nothing else reaches it first: nothing has
    /// happened at the table (the hint is answered by the table's task, after anything it
    /// did before).
    async fn nothing_happened_to(&mut self, s: usize) {
        self.conns[s].send_text(r#"{"type":"hint"}"#).await.unwrap();
        match next(&mut self.conns[s]).await {
            ServerMsg::Hint { .. } => {}
            other => panic!("seat {s} got {other:?} before its hint"),
        }
    }
}

/// A discard for the seat whose turn it is (not Mah-Jongg, no Original Call).
fn a_discard(view: &SeatView) -> Action {
    *view
        .legal
        .iter()
        .find(|a| matches!(a, Action::Discard { call: false, .. }))
        .expect("a discard")
}

fn is_claim(a: &Action) -> bool {
    matches!(
        a,
        Action::Chow { .. } | Action::Pung | Action::Kong | Action::Mahjong
    )
}

async fn start() -> (Server, Client) {
    server_on(&Db::sqlite("timers").url).await
}

#[tokio::test(start_paused = true)]
async fn a_claim_window_that_runs_out_passes_and_play_moves_on() {
    let _frozen = freeze();
    let (server, client) = start().await;
    let mut t = four_humans(&client, json!({"claim_seconds": 3}), 0).await;
    let (claimer, discarder) = t.until_a_claim().await;
    assert_eq!(t.pending(), [claimer], "only the claimer has not answered");
    let before = t.views[claimer].clone();
    // No time has passed since the window opened.
    assert_eq!(t.deadlines[claimer], Some(3000));
    for s in (0..4).filter(|&s| s != claimer) {
        assert_eq!(t.deadlines[s], None, "seat {s} has nothing to answer");
    }

    tokio::time::advance(Duration::from_millis(2999)).await;
    t.nothing_happened_to(claimer).await;

    tokio::time::advance(Duration::from_millis(1)).await;
    let seen = t.read_all().await;
    let next_player = (discarder + 1) % 4;
    // The claimer passed (his own decision, which only he sees), and the next player draws
    // from the wall: the claim was not taken.
    assert_eq!(
        seen[claimer][0],
        Event::Decision {
            player: claimer,
            action: Action::Pass
        }
    );
    assert!(
        matches!(seen[claimer][1], Event::Draw { player, loose: false, .. } if player == next_player),
        "{:?}",
        seen[claimer]
    );
    for s in (0..4).filter(|&s| s != claimer) {
        assert!(
            matches!(seen[s][0], Event::Draw { player, loose: false, .. } if player == next_player),
            "seat {s}: {:?}",
            seen[s]
        );
    }
    assert_eq!(
        t.phase(),
        PhaseView::Turn {
            player: next_player
        }
    );
    let after = &t.views[claimer];
    assert_eq!(
        after.public[claimer].sets, before.public[claimer].sets,
        "no new set"
    );
    if claimer != next_player {
        assert_eq!(after.concealed, before.concealed, "the same tiles");
    }
    server.stop().await.unwrap();
}

#[tokio::test(start_paused = true)]
async fn a_turn_timer_discards_the_drawn_tile_of_a_seat_that_does_not_act() {
    let _frozen = freeze();
    let (server, client) = start().await;
    // No claim timer: claim windows wait for every answer.
    let mut t = four_humans(&client, json!({"claim_seconds": 0}), 5).await;
    // East's turn has begun: his timer runs, nobody else's.
    assert_eq!(t.phase(), PhaseView::Turn { player: 0 });
    assert_eq!(t.deadlines, [Some(5000), None, None, None]);
    let d = a_discard(&t.views[0]);
    t.act(0, d).await;
    for s in t.pending() {
        t.act(s, Action::Pass).await;
    }
    // South drew: his timer starts.
    assert_eq!(t.phase(), PhaseView::Turn { player: 1 });
    let drawn = t.views[1].drawn.expect("South drew a tile");
    let held = t.views[1].concealed.clone();
    assert_eq!(t.deadlines, [None, Some(5000), None, None]);

    tokio::time::advance(Duration::from_millis(4999)).await;
    t.nothing_happened_to(1).await;

    tokio::time::advance(Duration::from_millis(1)).await;
    let seen = t.read_all().await;
    let discard = Action::Discard {
        tile: drawn,
        call: false,
    };
    assert_eq!(
        seen[1][..2],
        [
            Event::Decision {
                player: 1,
                action: discard
            },
            Event::Discard {
                player: 1,
                tile: drawn,
                call: false,
                calling: false,
            }
        ]
    );
    for s in [0, 2, 3] {
        assert_eq!(
            seen[s][0],
            Event::Discard {
                player: 1,
                tile: drawn,
                call: false,
                calling: false,
            },
            "seat {s}"
        );
    }
    // One copy of the drawn tile fewer in his hand, nothing else changed.
    let count = |v: &[mahjong_tiles::Tile]| v.iter().filter(|&&x| x == drawn).count();
    assert_eq!(t.views[1].concealed.len(), held.len() - 1);
    assert_eq!(count(&t.views[1].concealed), count(&held) - 1);
    assert_eq!(t.views[1].public[1].discards, [(drawn, false)]);
    server.stop().await.unwrap();
}

#[tokio::test(start_paused = true)]
async fn a_seat_that_reconnects_inside_the_claim_window_keeps_its_seat() {
    let _frozen = freeze();
    let (server, client) = start().await;
    let mut t = four_humans(&client, json!({"claim_seconds": 3}), 0).await;
    let (c, discarder) = t.until_a_claim().await;
    assert_eq!(t.deadlines[c], Some(3000));
    let view = t.views[c].clone();
    let seen = t.seen[c].clone();

    // The claimer's connection drops; two of his three seconds pass.
    let old = t.conns.remove(c);
    old.close().await;
    let path = format!("/api/tables/{}", t.id);
    for i in 0.. {
        let info = client.get_json(&path).await.unwrap();
        if info["seats"][c]["connected"] == false {
            break;
        }
        assert!(i < 500, "the server did not notice the drop");
        real_pause().await;
    }
    tokio::time::advance(Duration::from_millis(2000)).await;

    // He is back with the same token: the same seat, the same tiles and choices, the
    // hand's events as he saw them, and the second that is left.
    let mut conn = client.connect(&t.id, Some(&t.tokens[c])).await.unwrap();
    match next(&mut conn).await {
        ServerMsg::Welcome { seat, status, .. } => {
            assert_eq!((seat, status.as_str()), (Some(c), "playing"))
        }
        other => panic!("{other:?}"),
    }
    let ServerMsg::History { events, .. } = next(&mut conn).await else {
        panic!("no history")
    };
    assert_eq!(events, seen);
    let (more, again, deadline) = until_state(&mut conn).await;
    assert!(more.is_empty());
    assert_eq!(again, view);
    assert_eq!(deadline, Some(1000));
    t.conns.insert(c, conn);
    let info = client.get_json(&path).await.unwrap();
    assert_eq!(info["seats"][c]["connected"], true);

    // His pass is accepted, and the game goes on: the next player draws and discards.
    let seen = t.act(c, Action::Pass).await;
    assert_eq!(
        seen[c][0],
        Event::Decision {
            player: c,
            action: Action::Pass
        }
    );
    let next_player = (discarder + 1) % 4;
    assert_eq!(
        t.phase(),
        PhaseView::Turn {
            player: next_player
        }
    );
    assert_eq!(t.deadlines, [None; 4], "the claim timer is off");
    let Action::Discard { tile, .. } = a_discard(&t.views[next_player]) else {
        unreachable!()
    };
    t.act(next_player, Action::Discard { tile, call: false })
        .await;
    let discards = &t.views[c].public[next_player].discards;
    assert_eq!(discards.last(), Some(&(tile, false)));
    server.stop().await.unwrap();
}

/// Real-time pause between polls of something the server does on its own (the paused
/// clock does not move; a blocking sleep keeps it so).
async fn real_pause() {
    tokio::task::spawn_blocking(|| std::thread::sleep(Duration::from_millis(5)))
        .await
        .unwrap();
}

#[tokio::test(start_paused = true)]
async fn a_finished_table_leaves_memory_30_s_after_its_last_client() {
    let _frozen = freeze();
    let (server, client) = start().await;
    let t = client
        .create_table(
            &json!({"seats": ["greedy", "greedy", "greedy", "greedy"], "seed": 9,
                              "max_hands": 1}),
        )
        .await
        .unwrap();
    let id = t.id.as_str();
    let mut watcher = client.connect(id, None).await.unwrap();
    while !matches!(next(&mut watcher).await, ServerMsg::GameOver { .. }) {}
    // Finished, watched: in memory however long it is watched.
    tokio::time::advance(Duration::from_secs(120)).await;
    let tables = || async { client.get_json("/api/health").await.unwrap()["tables"].clone() };
    assert_eq!(tables().await, 1);
    watcher.close().await;
    let path = format!("/api/tables/{id}");
    for i in 0.. {
        let info = client.get_json(&path).await.unwrap();
        if info["spectators"] == 0 {
            break;
        }
        assert!(i < 500, "the server did not notice the watcher leave");
        real_pause().await;
    }
    tokio::time::advance(Duration::from_millis(29_999)).await;
    assert_eq!(tables().await, 1);
    tokio::time::advance(Duration::from_millis(1)).await;
    for i in 0.. {
        if tables().await == 0 {
            break;
        }
        assert!(i < 500, "the table is still in memory");
        real_pause().await;
    }
    // Its information now comes from the database.
    let info = client.get_json(&path).await.unwrap();
    assert_eq!(info["status"], "finished");
    server.stop().await.unwrap();
}
