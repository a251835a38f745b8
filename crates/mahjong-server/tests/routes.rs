//! Every route of the HTTP API (`docs/api.md`), one small test per answer: the success case
//! and each documented failure with its status and the error's JSON shape
//! `{"error": {"path", "message"}}`. Routes that touch the database run on SQLite and on
//! PostgreSQL (`common::Db`); the others once.

mod common;

use common::{error_of, error_path, next, server_on, welcome_seat, Db};
use mahjong_server::client::Client;
use mahjong_server::{Server, ServerMsg};
use serde_json::{json, Value};

/// A server on a new SQLite file (for routes that do not depend on the database).
async fn server() -> (Server, Client) {
    server_on(&Db::sqlite("routes").url).await
}

/// POST with a raw body (not necessarily JSON).
async fn post_raw(client: &Client, path: &str, body: impl Into<reqwest::Body>) -> (u16, String) {
    let r = reqwest::Client::new()
        .post(format!("{}{path}", client.base()))
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

/// Now, in ms since the epoch (as the server's times).
fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

fn body_json(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

/// A test per bad request: POST `$body` (JSON, or a raw string with `raw`) to `$route`
/// answers `$status` with the error at `$path`.
macro_rules! refused {
    ($($name:ident: $route:expr, $body:tt => $status:expr, $path:expr;)*) => {$(
        #[tokio::test]
        async fn $name() {
            let (server, client) = server().await;
            let (status, body) = client.post(&$route, &json!($body)).await.unwrap();
            assert_eq!(status, $status, "{body}");
            assert_eq!(error_path(&body), $path, "{body}");
            server.stop().await.unwrap();
        }
    )*};
}

async fn create(client: &Client, req: Value) -> (String, Value) {
    let t = client.create_table(&req).await.unwrap();
    (t.id.clone(), serde_json::to_value(&t).unwrap())
}

/// A game of greedy bots played to its end (one hand); its id and totals.
async fn finished_game(client: &Client, seed: u64) -> (String, Vec<i64>) {
    let (id, _) = create(
        client,
        json!({"seats": ["greedy", "greedy", "greedy", "greedy"], "seed": seed, "max_hands": 1}),
    )
    .await;
    let mut watcher = client.connect(&id, None).await.unwrap();
    loop {
        if let ServerMsg::GameOver { totals, .. } = next(&mut watcher).await {
            watcher.close().await;
            return (id, totals);
        }
    }
}

// ---- GET /api/health

#[tokio::test]
async fn health_is_ok_with_version_and_tables_in_memory() {
    let (server, client) = server().await;
    let h = client.get_json("/api/health").await.unwrap();
    assert_eq!(h["status"], "ok");
    assert_eq!(h["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(h["tables"], 0);
    assert!(h["rss_bytes"].as_u64().unwrap() > 0, "{h}");
    create(&client, json!({})).await;
    assert_eq!(client.get_json("/api/health").await.unwrap()["tables"], 1);
    server.stop().await.unwrap();
}

// ---- POST /api/tables

async fn create_table_answers_201_with_seats_tokens_and_urls(db: &str) {
    let (server, client) = server_on(db).await;
    let (status, body) = client
        .post(
            "/api/tables",
            &json!({"seats": ["human", "greedy", "random", "human"],
                    "names": ["Ann", null, null, "Bob"], "seed": 42, "max_hands": 2}),
        )
        .await
        .unwrap();
    assert_eq!(status, 201, "{body}");
    let t = body_json(&body);
    let id = t["id"].as_str().unwrap();
    assert_eq!(id.len(), 12);
    assert!(id
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()));
    let kinds: Vec<&str> = (0..4)
        .map(|s| t["seats"][s]["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["human", "greedy", "random", "human"]);
    let names: Vec<&str> = (0..4)
        .map(|s| t["seats"][s]["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ann", "greedy", "random", "Bob"]);
    for s in [0, 3] {
        let token = t["seats"][s]["token"].as_str().unwrap();
        assert_eq!(token.len(), 32);
        assert!(token.chars().all(|c| c.is_ascii_hexdigit()));
        assert_eq!(
            t["seats"][s]["join_url"],
            json!(format!("/table/{id}?token={token}"))
        );
    }
    for s in [1, 2] {
        assert!(t["seats"][s]["token"].is_null() && t["seats"][s]["join_url"].is_null());
    }
    assert_ne!(t["seats"][0]["token"], t["seats"][3]["token"]);
    assert_eq!(t["spectate_url"], json!(format!("/table/{id}")));
    assert_eq!(t["ws_url"], json!(format!("/api/tables/{id}/ws")));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn create_table_with_an_empty_request_is_one_human_and_three_greedy_bots() {
    let (server, client) = server().await;
    let (id, t) = create(&client, json!({})).await;
    let kinds: Vec<&str> = (0..4)
        .map(|s| t["seats"][s]["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["human", "greedy", "greedy", "greedy"]);
    let info = client.get_json(&format!("/api/tables/{id}")).await.unwrap();
    assert_eq!(info["ruleset"], "millington");
    server.stop().await.unwrap();
}

#[tokio::test]
async fn create_table_with_a_three_player_ruleset_has_three_seats() {
    let (server, client) = server().await;
    let (_, t) = create(&client, json!({"ruleset": "korean-3p"})).await;
    assert_eq!(t["seats"].as_array().unwrap().len(), 3);
    server.stop().await.unwrap();
}

refused! {
    create_table_unknown_ruleset_is_400: "/api/tables", {"ruleset": "mahjong-deluxe"} => 400, "ruleset";
    create_table_unknown_option_is_400: "/api/tables", {"options": {"no_such_option": 1}} => 400, "options";
    create_table_option_of_the_wrong_type_is_400: "/api/tables", {"options": {"claim_seconds": "soon"}} => 400, "options";
    create_table_too_few_seats_is_400: "/api/tables", {"seats": ["human", "greedy"]} => 400, "seats";
    create_table_unknown_seat_kind_is_400: "/api/tables", {"seats": ["human", "greedy", "clever", "human"]} => 400, "seats[2]";
    create_table_seat_kind_not_a_string_is_400: "/api/tables", {"seats": ["human", "greedy", 3, "human"]} => 400, "seats[2]";
    create_table_wrong_number_of_names_is_400: "/api/tables", {"names": ["a"]} => 400, "names";
    create_table_blank_name_is_400: "/api/tables", {"names": ["Ann", "  ", null, null]} => 400, "names[1]";
    create_table_name_over_40_characters_is_400: "/api/tables", {"names": ["x".repeat(41), null, null, null]} => 400, "names[0]";
    create_table_no_hands_is_400: "/api/tables", {"max_hands": 0} => 400, "max_hands";
    create_table_bot_delay_over_a_minute_is_400: "/api/tables", {"bot_delay_ms": 60_001} => 400, "bot_delay_ms";
    create_table_negative_seed_is_400: "/api/tables", {"seed": -1} => 400, "seed";
    create_table_unknown_field_is_400: "/api/tables", {"colour": "red"} => 400, "colour";
    create_table_body_not_an_object_is_400: "/api/tables", "a table please" => 400, "";
}

#[tokio::test]
async fn create_table_body_not_json_is_400_for_the_whole_body() {
    let (server, client) = server().await;
    let (status, body) = post_raw(&client, "/api/tables", "{not json").await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(error_path(&body), "");
    server.stop().await.unwrap();
}

// ---- GET /api/tables

async fn list_tables_shows_tables_in_play_newest_first(db: &str) {
    let (server, client) = server_on(db).await;
    assert_eq!(client.get_json("/api/tables").await.unwrap(), json!([]));
    let (first, _) = create(&client, json!({})).await;
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let (second, _) = create(&client, json!({"ruleset": "western"})).await;
    let list = client.get_json("/api/tables").await.unwrap();
    let ids: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [second.as_str(), first.as_str()]);
    assert_eq!(list[0]["ruleset"], "western");
    assert_eq!(
        list[1],
        client
            .get_json(&format!("/api/tables/{first}"))
            .await
            .unwrap()
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn list_tables_leaves_out_finished_tables() {
    let (server, client) = server().await;
    let (playing, _) = create(&client, json!({})).await;
    let (done, _) = finished_game(&client, 1).await;
    // The finished table is still in memory (it lingers), but not listed.
    assert_eq!(client.get_json("/api/health").await.unwrap()["tables"], 2);
    let info = client
        .get_json(&format!("/api/tables/{done}"))
        .await
        .unwrap();
    assert_eq!(info["status"], "finished");
    let list = client.get_json("/api/tables").await.unwrap();
    let ids: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [playing.as_str()]);
    server.stop().await.unwrap();
}

// ---- GET /api/tables/{id}

#[tokio::test]
async fn table_info_shows_status_seats_totals_and_spectators() {
    let (server, client) = server().await;
    let before = now_ms();
    let (id, t) = create(
        &client,
        json!({"seats": ["human", "random", "greedy", "greedy"], "names": ["Ann", null, null, null]}),
    )
    .await;
    let _spectator = client.connect(&id, None).await.unwrap();
    // Wait until the table has taken the spectator's connection.
    let mut info = client.get_json(&format!("/api/tables/{id}")).await.unwrap();
    for _ in 0..100 {
        if info["spectators"] == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        info = client.get_json(&format!("/api/tables/{id}")).await.unwrap();
    }
    let created_at = info["created_at"].as_i64().unwrap();
    assert!(created_at >= before && created_at <= now_ms());
    assert_eq!(
        info,
        json!({
            "id": id, "ruleset": "millington", "status": "waiting", "hand": 0,
            "seats": [
                {"seat": 0, "kind": "human", "name": "Ann", "connected": false, "joined": false, "open": false},
                {"seat": 1, "kind": "random", "name": "random", "connected": true, "joined": true, "open": false},
                {"seat": 2, "kind": "greedy", "name": "greedy", "connected": true, "joined": true, "open": false},
                {"seat": 3, "kind": "greedy", "name": "greedy", "connected": true, "joined": true, "open": false},
            ],
            "totals": [0, 0, 0, 0], "spectators": 1, "created_at": created_at,
        })
    );
    // Seat 0 connects: the table starts.
    let token = t["seats"][0]["token"].as_str().unwrap();
    let mut conn = client.connect(&id, Some(token)).await.unwrap();
    loop {
        if let ServerMsg::Players { status, .. } = next(&mut conn).await {
            assert_eq!(status, "playing");
            break;
        }
    }
    let info = client.get_json(&format!("/api/tables/{id}")).await.unwrap();
    assert_eq!(info["status"], "playing");
    assert_eq!(
        info["seats"][0],
        json!({"seat": 0, "kind": "human", "name": "Ann", "connected": true, "joined": true, "open": false})
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn table_info_of_an_unknown_table_is_404() {
    let (server, client) = server().await;
    let (status, body) = client.get("/api/tables/nosuchtable").await.unwrap();
    assert_eq!(status, 404, "{body}");
    assert_eq!(error_path(&body), "");
    server.stop().await.unwrap();
}

async fn a_finished_game_is_shown_from_the_database_after_a_restart(db: &str) {
    let (server, client) = server_on(db).await;
    let (id, totals) = finished_game(&client, 3).await;
    let (status, record) = client.get(&format!("/api/games/{id}")).await.unwrap();
    assert_eq!(status, 200);
    server.stop().await.unwrap();

    // A new server on the same database: finished games are not resumed, so the table
    // is not in memory and its information comes from the stored game.
    let (server, client) = server_on(db).await;
    assert_eq!(client.get_json("/api/health").await.unwrap()["tables"], 0);
    let info = client.get_json(&format!("/api/tables/{id}")).await.unwrap();
    assert_eq!(info["status"], "finished");
    assert_eq!(info["totals"], json!(totals));
    assert_eq!(info["hand"], 0, "one hand played: the last was hand 0");
    assert_eq!(info["spectators"], 0);
    for s in 0..4 {
        assert_eq!(
            info["seats"][s],
            json!({"seat": s, "kind": "greedy", "name": "greedy", "connected": false, "joined": true, "open": false})
        );
    }
    // The record is the same, and the WebSocket points to it.
    assert_eq!(
        client.get(&format!("/api/games/{id}")).await.unwrap(),
        (200, record)
    );
    let mut ws = client.connect(&id, None).await.unwrap();
    match next(&mut ws).await {
        ServerMsg::Error { code, message, .. } => {
            assert_eq!(code, "unknown_table");
            assert!(message.contains(&format!("/api/games/{id}")), "{message}");
        }
        other => panic!("{other:?}"),
    }
    assert!(ws.recv_text().await.unwrap().is_none(), "closed");
    server.stop().await.unwrap();
}

// ---- POST /api/tables/{id}/join

async fn join_hands_out_the_first_open_seat_with_a_name(db: &str) {
    let (server, client) = server_on(db).await;
    let (id, t) = create(
        &client,
        json!({"seats": ["greedy", "human", "open", "open"], "names": [null, "Ann", null, null]}),
    )
    .await;
    assert!(t["seats"][2]["token"].is_null() && t["seats"][2]["join_url"].is_null());
    let (status, body) = client
        .post(&format!("/api/tables/{id}/join"), &json!({"name": "Cy"}))
        .await
        .unwrap();
    assert_eq!(status, 200, "{body}");
    let j = body_json(&body);
    let token = j["token"].as_str().unwrap();
    assert_eq!(token.len(), 32, "a token made for this joiner: {body}");
    assert_ne!(token, t["seats"][1]["token"].as_str().unwrap());
    assert_eq!(
        j,
        json!({"seat": 2, "token": token, "join_url": format!("/table/{id}?token={token}")})
    );
    let info = client.get_json(&format!("/api/tables/{id}")).await.unwrap();
    assert_eq!(info["seats"][2]["name"], "Cy");
    assert_eq!(info["seats"][2]["joined"], true, "handed out: joined");
    assert_eq!(
        info["seats"][1]["name"], "Ann",
        "the invited seat keeps its name"
    );
    assert_eq!(info["seats"][1]["joined"], false);
    assert_eq!(info["seats"][3]["joined"], false);
    // The joiner's token plays the seat (it was stored before the answer).
    assert_eq!(welcome_seat(&client, &id, Some(token)).await, Some(2));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn join_with_an_empty_body_hands_out_a_seat() {
    let (server, client) = server().await;
    let (id, _) = create(
        &client,
        json!({"seats": ["open", "greedy", "greedy", "greedy"]}),
    )
    .await;
    let (status, body) = post_raw(&client, &format!("/api/tables/{id}/join"), "").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body_json(&body)["seat"], 0);
    server.stop().await.unwrap();
}

#[tokio::test]
async fn join_when_every_open_seat_is_taken_is_409() {
    let (server, client) = server().await;
    let (id, _) = create(
        &client,
        json!({"seats": ["open", "greedy", "greedy", "greedy"]}),
    )
    .await;
    let path = format!("/api/tables/{id}/join");
    assert_eq!(client.post(&path, &json!({})).await.unwrap().0, 200);
    let (status, body) = client.post(&path, &json!({})).await.unwrap();
    assert_eq!(status, 409, "{body}");
    assert_eq!(error_path(&body), "");
    server.stop().await.unwrap();
}

refused! {
    join_an_unknown_table_is_404: "/api/tables/nosuchtable/join", {} => 404, "";
    fill_an_unknown_table_is_404: "/api/tables/nosuchtable/fill", {} => 404, "";
}

#[tokio::test]
async fn join_with_an_unknown_field_is_400() {
    let (server, client) = server().await;
    let (id, _) = create(&client, json!({})).await;
    let (status, body) = client
        .post(&format!("/api/tables/{id}/join"), &json!({"nick": "Cy"}))
        .await
        .unwrap();
    assert_eq!(status, 400, "{body}");
    assert_eq!(error_path(&body), "nick");
    server.stop().await.unwrap();
}

// ---- POST /api/tables/{id}/fill

async fn fill_makes_the_free_human_seats_greedy_and_starts_the_table(db: &str) {
    let (server, client) = server_on(db).await;
    let (id, t) = create(
        &client,
        json!({"seats": ["human", "random", "human", "human"], "names": ["Ann", null, "Bob", null]}),
    )
    .await;
    // Seat 0 connects; nobody takes seats 2 and 3.
    let token = t["seats"][0]["token"].as_str().unwrap();
    let _conn = client.connect(&id, Some(token)).await.unwrap();
    let mut info = Value::Null;
    for _ in 0..100 {
        info = client.get_json(&format!("/api/tables/{id}")).await.unwrap();
        if info["seats"][0]["connected"] == true {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(info["status"], "waiting");
    let host = t["host_token"].as_str().unwrap();
    let (status, body) = client
        .post_with_token(&format!("/api/tables/{id}/fill"), &json!({}), host)
        .await
        .unwrap();
    assert_eq!(status, 200, "{body}");
    let filled = body_json(&body);
    assert_eq!(filled["status"], "playing");
    let seats: Vec<(&str, &str)> = (0..4)
        .map(|s| {
            (
                filled["seats"][s]["kind"].as_str().unwrap(),
                filled["seats"][s]["name"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        seats,
        [
            ("human", "Ann"),
            ("random", "random"),
            ("greedy", "greedy"),
            ("greedy", "greedy")
        ]
    );
    assert_eq!(
        filled,
        client.get_json(&format!("/api/tables/{id}")).await.unwrap()
    );
    server.stop().await.unwrap();
}

// ---- POST /play

fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

#[tokio::test]
async fn play_redirects_303_to_a_new_table_with_seat_0s_token() {
    let (server, client) = server().await;
    let r = no_redirects()
        .post(format!("{}/play", client.base()))
        .json(&json!({"ruleset": "western", "bots": 1}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 303);
    let location = r.headers()["location"].to_str().unwrap().to_string();
    let rest = location.strip_prefix("/table/").expect(&location);
    let (id, token) = rest.split_once("?token=").expect(&location);
    assert_eq!(token.len(), 32);
    let info = client.get_json(&format!("/api/tables/{id}")).await.unwrap();
    assert_eq!(info["ruleset"], "western");
    let kinds: Vec<&str> = (0..4)
        .map(|s| info["seats"][s]["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["human", "greedy", "human", "human"]);
    // The token is seat 0's.
    assert_eq!(welcome_seat(&client, id, Some(token)).await, Some(0));
    server.stop().await.unwrap();
}

/// The Malaysian three-player game makes a three-seat table like any other preset.
#[tokio::test]
async fn create_table_with_malaysian_3p_has_three_seats() {
    let (server, client) = server().await;
    let (status, body) = client
        .post("/api/tables", &json!({"ruleset": "malaysian-3p"}))
        .await
        .unwrap();
    assert_eq!(status, 201, "{body}");
    let t = body_json(&body);
    let id = t["id"].as_str().unwrap();
    let info = client.get_json(&format!("/api/tables/{id}")).await.unwrap();
    assert_eq!(info["ruleset"], "malaysian-3p");
    assert_eq!(info["seats"].as_array().unwrap().len(), 3);
    server.stop().await.unwrap();
}

#[tokio::test]
async fn an_unknown_ruleset_is_400_listing_the_presets_once() {
    let (server, client) = server().await;
    let expected = format!(
        "unknown ruleset \"nope\" (presets: {})",
        mahjong_rules::PRESETS.join(", ")
    );
    for path in ["/play", "/api/tables"] {
        let (status, body) = client
            .post(path, &json!({"ruleset": "nope"}))
            .await
            .unwrap();
        assert_eq!(status, 400, "{path}: {body}");
        assert_eq!(
            error_of(&body),
            ("ruleset".to_string(), expected.clone()),
            "{path}"
        );
    }
    server.stop().await.unwrap();
}

#[tokio::test]
async fn play_with_a_bad_number_of_bots_is_400() {
    let (server, client) = server().await;
    let (status, body) = client
        .post("/play", &json!({"bots": "three"}))
        .await
        .unwrap();
    assert_eq!(status, 400, "{body}");
    assert_eq!(error_path(&body), "bots");
    server.stop().await.unwrap();
}

// ---- GET /api/tables/{id}/ws (failures; play over the socket is in play.rs)

#[tokio::test]
async fn ws_of_an_unknown_table_answers_unknown_table_and_closes() {
    let (server, client) = server().await;
    let mut ws = client.connect("nosuchtable", None).await.unwrap();
    match next(&mut ws).await {
        ServerMsg::Error { code, .. } => assert_eq!(code, "unknown_table"),
        other => panic!("{other:?}"),
    }
    assert!(ws.recv_text().await.unwrap().is_none());
    server.stop().await.unwrap();
}

#[tokio::test]
async fn ws_with_a_bad_token_answers_bad_token_and_closes() {
    let (server, client) = server().await;
    let (id, _) = create(&client, json!({})).await;
    let mut ws = client.connect(&id, Some("0123")).await.unwrap();
    match next(&mut ws).await {
        ServerMsg::Error { code, .. } => assert_eq!(code, "bad_token"),
        other => panic!("{other:?}"),
    }
    assert!(ws.recv_text().await.unwrap().is_none());
    server.stop().await.unwrap();
}

// ---- GET /api/games

async fn games_lists_finished_games_newest_first(db: &str) {
    let (server, client) = server_on(db).await;
    assert_eq!(client.get_json("/api/games").await.unwrap(), json!([]));
    let (first, totals1) = finished_game(&client, 11).await;
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let (second, totals2) = finished_game(&client, 12).await;
    let (_in_play, _) = create(&client, json!({})).await;
    let games = client.get_json("/api/games").await.unwrap();
    let ids: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [second.as_str(), first.as_str()]);
    let g = &games[1];
    assert_eq!(g["ruleset"], "millington");
    assert_eq!(
        g["players"],
        json!(["greedy", "greedy", "greedy", "greedy"])
    );
    assert_eq!(g["kinds"], json!(["greedy", "greedy", "greedy", "greedy"]));
    assert_eq!(g["hands"], 1);
    assert_eq!(g["totals"], json!(totals1));
    assert_eq!(games[0]["totals"], json!(totals2));
    assert!(g["started_at"].as_i64().unwrap() <= g["finished_at"].as_i64().unwrap());
    server.stop().await.unwrap();
}

async fn games_limit_caps_the_list(db: &str) {
    let (server, client) = server_on(db).await;
    let (_, _) = finished_game(&client, 21).await;
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let (second, _) = finished_game(&client, 22).await;
    let games = client.get_json("/api/games?limit=1").await.unwrap();
    assert_eq!(games.as_array().unwrap().len(), 1);
    assert_eq!(games[0]["id"], json!(second));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn games_with_a_bad_limit_is_400() {
    let (server, client) = server().await;
    let (status, body) = client.get("/api/games?limit=ten").await.unwrap();
    assert_eq!(status, 400, "{body}");
    assert_eq!(error_path(&body), "limit");
    server.stop().await.unwrap();
}

// ---- GET /api/games/{id}

#[tokio::test]
async fn game_record_is_ndjson_a_header_and_every_event() {
    let (server, client) = server().await;
    let (id, _) = finished_game(&client, 5).await;
    let r = reqwest::get(format!("{}/api/games/{id}", client.base()))
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(r.headers()["content-type"], "application/x-ndjson");
    let record = r.text().await.unwrap();
    let header: Value = serde_json::from_str(record.lines().next().unwrap()).unwrap();
    assert_eq!(header["ruleset"]["name"], "millington");
    assert_eq!(header["seed"], 5);
    // Unredacted: the deals show every player's tiles; the record replays.
    let deals = record
        .lines()
        .filter(|l| l.contains(r#""type":"deal""#) && l.contains(r#""tiles":["#))
        .count();
    assert_eq!(deals, 4);
    let summary = mahjong_engine::replay(record.lines()).unwrap();
    assert_eq!(summary.unfinished, None, "the game is played to its end");
    server.stop().await.unwrap();
}

#[tokio::test]
async fn game_record_of_a_game_in_play_is_409() {
    let (server, client) = server().await;
    let (id, _) = create(&client, json!({})).await;
    let (status, body) = client.get(&format!("/api/games/{id}")).await.unwrap();
    assert_eq!(status, 409, "{body}");
    assert_eq!(error_path(&body), "");
    server.stop().await.unwrap();
}

#[tokio::test]
async fn game_record_of_an_unknown_game_is_404() {
    let (server, client) = server().await;
    let (status, body) = client.get("/api/games/nosuchgame").await.unwrap();
    assert_eq!(status, 404, "{body}");
    assert_eq!(error_path(&body), "");
    server.stop().await.unwrap();
}

// ---- POST /api/score

/// A Millington hand scored by hand from `classical-millington.md`. Prevailing wind East;
/// South wins on West's discard of 8D, completing the chow 6D-7D-8D (waits were 5D and 8D:
/// no M115c; the tile completes a chow, not the pair: no M115d).
///
/// South (winner): exposed pung RD, exposed chow 3C-4C-5C; concealed 2B-2B-2B, 6D-7D-8D,
/// pair 9D-9D; flower 1F (East's, not his own).
///   M114b exposed pung of majors (RD)        4
///   M114b concealed pung of minors (2B)      4
///   M114a a flower (1F)                      4
///   M115a going Mah-Jongg                   10
///   points 4 + 4 + 4 + 10 = 22
///   M116d pung of dragons: 1 double (chows: no M117b; two suits: no M117d; exposed sets:
///   no M117c; one concealed pung: no M116k)
///   score 22 × 2 = 44
/// East: exposed pung EW, concealed pung 1C, seven odd tiles.
///   M114b exposed pung of majors (EW)        4
///   M114b concealed pung of majors (1C)      8
///   points 12; M116e own wind + M116f prevailing wind: 2 doubles; score 12 × 4 = 48
/// West: pair GD, eleven odd tiles, season 4S (North's).
///   M114e pair of dragons 2, M114a a season 4: points 6, no doubles, score 6
/// North: thirteen odd tiles: score 0.
///
/// Settlement (M107–M111, East pays and receives double, losers settle the differences):
///   winner: East pays South 2 × 44 = 88, West 44, North 44: South +176
///   East–West: West pays (48 − 6) × 2 = 84; East–North: North pays 48 × 2 = 96;
///   West–North: North pays 6 − 0 = 6
///   East −88 + 84 + 96 = +92; West −44 − 84 + 6 = −122; North −44 − 96 − 6 = −146;
///   total 176 + 92 − 122 − 146 = 0.
fn millington_hand() -> Value {
    json!({
        "ruleset": "millington",
        "prevailing_wind": "E",
        "winner": "S",
        "win": {"tile": "8D", "from": "discard", "supplier": "W"},
        "seats": {
            "E": {
                "sets": [
                    {"kind": "pung", "tiles": ["EW", "EW", "EW"], "exposed": true},
                    {"kind": "pung", "tiles": ["1C", "1C", "1C"], "exposed": false}
                ],
                "concealed": ["4B", "7B", "1D", "3D", "5D", "7C", "9C"]
            },
            "S": {
                "sets": [
                    {"kind": "pung", "tiles": ["RD", "RD", "RD"], "exposed": true},
                    {"kind": "chow", "tiles": ["3C", "4C", "5C"], "exposed": true}
                ],
                "concealed": ["2B", "2B", "2B", "6D", "7D", "8D", "9D", "9D"],
                "bonus": ["1F"]
            },
            "W": {
                "concealed": ["GD", "GD", "1B", "5B", "8B", "2C", "6C", "8C", "2D", "4D", "SW", "NW", "WD"],
                "bonus": ["4S"]
            },
            "N": {
                "concealed": ["3B", "6B", "9B", "3C", "6C", "9C", "1D", "4D", "7D", "EW", "SW", "WW", "WD"]
            }
        }
    })
}

/// A seat's items as (rule, "points" or "doubles", value), sorted.
fn items(seat: &Value) -> Vec<(String, &'static str, i64)> {
    let mut v: Vec<(String, &'static str, i64)> = seat["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            let rule = i["rule"].as_str().unwrap().to_string();
            match i["doubles"].as_i64() {
                Some(d) if d != 0 => (rule, "doubles", d),
                _ => (rule, "points", i["points"].as_i64().unwrap()),
            }
        })
        .collect();
    v.sort();
    v
}

fn item(rule: &str, kind: &'static str, n: i64) -> (String, &'static str, i64) {
    (rule.to_string(), kind, n)
}

#[tokio::test]
async fn score_of_a_millington_hand_is_as_counted_by_hand() {
    let (server, client) = server().await;
    let r = reqwest::Client::new()
        .post(format!("{}/api/score", client.base()))
        .json(&millington_hand())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(r.headers()["content-type"], "application/json");
    let v: Value = r.json().await.unwrap();
    let seats = &v["seats"];
    let summary = |s: &str| {
        (
            seats[s]["points"].as_i64().unwrap(),
            seats[s]["doubles"].as_i64().unwrap(),
            seats[s]["score"].as_i64().unwrap(),
            seats[s]["limit"].clone(),
        )
    };
    assert_eq!(summary("S"), (22, 1, 44, Value::Null));
    assert_eq!(summary("E"), (12, 2, 48, Value::Null));
    assert_eq!(summary("W"), (6, 0, 6, Value::Null));
    assert_eq!(summary("N"), (0, 0, 0, Value::Null));
    assert_eq!(
        items(&seats["S"]),
        [
            item("M114a", "points", 4),
            item("M114b", "points", 4),
            item("M114b", "points", 4),
            item("M115a", "points", 10),
            item("M116d", "doubles", 1),
        ]
    );
    assert_eq!(
        items(&seats["E"]),
        [
            item("M114b", "points", 4),
            item("M114b", "points", 8),
            item("M116e", "doubles", 1),
            item("M116f", "doubles", 1),
        ]
    );
    assert_eq!(
        items(&seats["W"]),
        [item("M114a", "points", 4), item("M114e", "points", 2)]
    );
    assert_eq!(items(&seats["N"]), []);
    assert_eq!(
        v["settlement"],
        json!({"E": 92, "S": 176, "W": -122, "N": -146})
    );
    // The winner's receipts first (seat order), then the losers' pairs in seat order.
    assert_eq!(
        v["payments"],
        json!([
            {"from": "E", "to": "S", "amount": 88},
            {"from": "W", "to": "S", "amount": 44},
            {"from": "N", "to": "S", "amount": 44},
            {"from": "W", "to": "E", "amount": 84},
            {"from": "N", "to": "E", "amount": 96},
            {"from": "N", "to": "W", "amount": 6},
        ])
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn score_with_a_ruleset_file_path_is_400() {
    let (server, client) = server().await;
    let mut hand = millington_hand();
    hand["ruleset"] = json!("/etc/passwd");
    let (status, body) = client.post("/api/score", &hand).await.unwrap();
    assert_eq!(status, 400, "{body}");
    assert_eq!(error_path(&body), "ruleset");
    server.stop().await.unwrap();
}

#[tokio::test]
async fn score_with_a_fifth_copy_of_a_tile_names_its_place() {
    let (server, client) = server().await;
    let mut hand = millington_hand();
    // North holds the only WW (at [11]); four more at [0] to [4]: the 5th copy is at [4].
    for i in 0..5 {
        hand["seats"]["N"]["concealed"][i] = json!("WW");
    }
    let (status, body) = client.post("/api/score", &hand).await.unwrap();
    assert_eq!(status, 400, "{body}");
    assert_eq!(error_path(&body), "seats.N.concealed[4]");
    assert!(body.contains("5 copies of WW"), "{body}");
    server.stop().await.unwrap();
}

#[tokio::test]
async fn score_of_a_winner_without_mahjong_is_400() {
    let (server, client) = server().await;
    let mut hand = millington_hand();
    // South's pair 9D-9D becomes 9D-1B: no Mah-Jongg.
    hand["seats"]["S"]["concealed"][7] = json!("1B");
    let (status, body) = client.post("/api/score", &hand).await.unwrap();
    assert_eq!(status, 400, "{body}");
    assert_eq!(error_path(&body), "seats.S");
    assert!(body.contains("not a legal Mah-Jongg"), "{body}");
    server.stop().await.unwrap();
}

#[tokio::test]
async fn score_of_a_body_not_json_is_400() {
    let (server, client) = server().await;
    let (status, body) = post_raw(&client, "/api/score", "{\"ruleset\": ").await;
    assert_eq!(status, 400, "{body}");
    // As `mahjong score`: a syntax error is at `input`, with the line and column.
    assert_eq!(error_path(&body), "input");
    assert!(body.contains("line 1"), "{body}");
    server.stop().await.unwrap();
}

#[tokio::test]
async fn score_of_a_body_not_utf8_is_400() {
    let (server, client) = server().await;
    let (status, body) = post_raw(&client, "/api/score", vec![0xff, 0xfe, b'{']).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(error_path(&body), "");
    server.stop().await.unwrap();
}

#[tokio::test]
async fn score_with_an_unknown_field_is_400() {
    let (server, client) = server().await;
    let mut hand = millington_hand();
    hand["colour"] = json!("red");
    let (status, body) = client.post("/api/score", &hand).await.unwrap();
    assert_eq!(status, 400, "{body}");
    assert!(error_path(&body).contains("colour"), "{body}");
    server.stop().await.unwrap();
}

// ---- POST /api/settle (the worked example and a washout are in settle.rs)

#[tokio::test]
async fn settle_a_discard_win_pays_as_counted_by_hand() {
    // The scores of `millington_hand`: South 44 wins on West's discard; East 48, West 6,
    // North 0. Settled as worked out there: E +92, S +176, W −122, N −146.
    let (server, client) = server().await;
    let (status, body) = client
        .post(
            "/api/settle",
            &json!({"ruleset": "millington", "winner": "S",
                    "win": {"from": "discard", "supplier": "W"},
                    "scores": {"E": 48, "S": 44, "W": 6, "N": 0}}),
        )
        .await
        .unwrap();
    assert_eq!(status, 200, "{body}");
    let v = body_json(&body);
    assert_eq!(
        v["settlement"],
        json!({"E": 92, "S": 176, "W": -122, "N": -146})
    );
    assert_eq!(v["payments"].as_array().unwrap().len(), 6);
    server.stop().await.unwrap();
}

refused! {
    settle_unknown_ruleset_is_400: "/api/settle", {"ruleset": "nope", "winner": null, "scores": {}} => 400, "ruleset";
    settle_three_player_ruleset_is_400: "/api/settle", {"ruleset": "korean-3p", "winner": "E", "win": {"from": "wall"}, "scores": {"E": 1, "S": 2, "W": 3}} => 400, "ruleset";
    settle_unknown_option_is_400: "/api/settle", {"ruleset": "millington", "options": {"nope": 1}, "winner": null, "scores": {"E": 1, "S": 2, "W": 3, "N": 4}} => 400, "options";
    settle_missing_score_is_400: "/api/settle", {"ruleset": "millington", "winner": null, "scores": {"E": 1, "S": 2, "W": 3}} => 400, "scores";
    settle_score_of_an_unknown_seat_is_400: "/api/settle", {"ruleset": "millington", "winner": null, "scores": {"E": 1, "S": 2, "W": 3, "N": 4, "X": 5}} => 400, "scores.X";
    settle_negative_score_is_400: "/api/settle", {"ruleset": "millington", "winner": null, "scores": {"E": -1, "S": 2, "W": 3, "N": 4}} => 400, "scores.E";
    settle_unknown_winner_is_400: "/api/settle", {"ruleset": "millington", "winner": "X", "win": {"from": "wall"}, "scores": {"E": 1, "S": 2, "W": 3, "N": 4}} => 400, "winner";
    settle_winner_without_win_is_400: "/api/settle", {"ruleset": "millington", "winner": "N", "scores": {"E": 1, "S": 2, "W": 3, "N": 4}} => 400, "win";
    settle_discard_without_supplier_is_400: "/api/settle", {"ruleset": "millington", "winner": "N", "win": {"from": "discard"}, "scores": {"E": 1, "S": 2, "W": 3, "N": 4}} => 400, "win.supplier";
    settle_wall_win_with_supplier_is_400: "/api/settle", {"ruleset": "millington", "winner": "N", "win": {"from": "wall", "supplier": "E"}, "scores": {"E": 1, "S": 2, "W": 3, "N": 4}} => 400, "win.supplier";
    settle_winner_supplying_himself_is_400: "/api/settle", {"ruleset": "millington", "winner": "N", "win": {"from": "discard", "supplier": "N"}, "scores": {"E": 1, "S": 2, "W": 3, "N": 4}} => 400, "win.supplier";
    settle_cannon_without_winner_is_400: "/api/settle", {"ruleset": "millington", "winner": null, "cannon": "E", "scores": {"E": 1, "S": 2, "W": 3, "N": 4}} => 400, "cannon";
    settle_cannon_of_the_winner_is_400: "/api/settle", {"ruleset": "millington", "winner": "N", "win": {"from": "wall"}, "cannon": "N", "scores": {"E": 1, "S": 2, "W": 3, "N": 4}} => 400, "cannon";
    settle_unknown_field_is_400: "/api/settle", {"ruleset": "millington", "winner": null, "scores": {"E": 1, "S": 2, "W": 3, "N": 4}, "limit": 5} => 400, "limit";
    settle_unknown_win_from_is_400: "/api/settle", {"ruleset": "millington", "winner": "N", "win": {"from": "sky"}, "scores": {"E": 1, "S": 2, "W": 3, "N": 4}} => 400, "win.from";
}

// ---- GET /api/rulesets (GET /api/rules: api.rs)

#[tokio::test]
async fn rulesets_are_every_preset_with_its_seats_and_options() {
    let (server, client) = server().await;
    let list = client.get_json("/api/rulesets").await.unwrap();
    let list = list.as_array().unwrap();
    let names: Vec<&str> = list.iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, *mahjong_rules::PRESETS);
    let m = &list[0];
    assert_eq!(
        (&m["name"], &m["preset"], &m["family"], &m["seats"]),
        (
            &json!("millington"),
            &json!("millington"),
            &json!("classical"),
            &json!(4)
        )
    );
    assert_eq!(m["options"]["claim_seconds"], 10);
    let k = list.iter().find(|r| r["name"] == "korean-3p").unwrap();
    assert_eq!(k["seats"], 3);

    // Each set's tiles, one of each, in the set's order (red fives, bonus tiles, joker last).
    let tiles = |name: &str| -> String {
        let r = list.iter().find(|r| r["name"] == name).unwrap();
        let codes: Vec<&str> = r["tiles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap())
            .collect();
        codes.join(" ")
    };
    let suit = |s: char| -> String {
        (1..=9)
            .map(|n| format!("{n}{s}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (b, c, d) = (suit('B'), suit('C'), suit('D'));
    let classical = format!("{b} {c} {d} EW SW WW NW RD GD WD 1F 2F 3F 4F 1S 2S 3S 4S");
    for name in ["millington", "bradfield", "western", "dmjl", "bmja"] {
        assert_eq!(tiles(name), classical, "{name}");
    }
    // K3-T: no North, bamboo 2–8 removed, seasons removed.
    assert_eq!(
        tiles("korean-3p"),
        format!("1B 9B {c} {d} EW SW WW RD GD WD 1F 2F 3F 4F")
    );
    // J3-T1: characters 2–8 removed; no red fives or flowers in the preset.
    assert_eq!(
        tiles("japanese-3p"),
        format!("{b} 1C 9C {d} EW SW WW NW RD GD WD")
    );
    // MY3-T: circles, honours, the sixteen bonus tiles, the joker.
    assert_eq!(
        tiles("malaysian-3p"),
        format!("{d} EW SW WW NW RD GD WD 1F 2F 3F 4F 1S 2S 3S 4S 1A 2A 3A 4A 1H 2H 3H 4H JK")
    );
    server.stop().await.unwrap();
}

// ---- Ledgers

/// A new ledger: its id and its token.
async fn new_ledger(client: &Client, players: Value) -> (String, String) {
    let (status, body) = client
        .post(
            "/api/ledgers",
            &json!({"name": "Friday", "players": players}),
        )
        .await
        .unwrap();
    assert_eq!(status, 201, "{body}");
    let v = body_json(&body);
    assert_eq!(
        v.as_object().unwrap().len(),
        2,
        "the id and the token: {body}"
    );
    (
        v["id"].as_str().unwrap().to_string(),
        v["token"].as_str().unwrap().to_string(),
    )
}

async fn create_ledger_answers_201_and_get_shows_it_empty(db: &str) {
    let (server, client) = server_on(db).await;
    let before = now_ms();
    let (id, _) = new_ledger(&client, json!(["Ann", "Bob", "Cy"])).await;
    let l = client
        .get_json(&format!("/api/ledgers/{id}"))
        .await
        .unwrap();
    let created_at = l["created_at"].as_i64().unwrap();
    assert!(created_at >= before && created_at <= now_ms());
    assert_eq!(
        l,
        json!({"id": id, "name": "Friday", "players": ["Ann", "Bob", "Cy"], "hands": [],
               "totals": [0, 0, 0], "created_at": created_at})
    );
    server.stop().await.unwrap();
}

refused! {
    create_ledger_blank_name_is_400: "/api/ledgers", {"name": " ", "players": ["A", "B"]} => 400, "name";
    create_ledger_one_player_is_400: "/api/ledgers", {"name": "x", "players": ["A"]} => 400, "players";
    create_ledger_five_players_is_400: "/api/ledgers", {"name": "x", "players": ["A", "B", "C", "D", "E"]} => 400, "players";
    create_ledger_blank_player_is_400: "/api/ledgers", {"name": "x", "players": ["A", "B", ""]} => 400, "players[2]";
    create_ledger_without_players_is_400: "/api/ledgers", {"name": "x"} => 400, "";
    create_ledger_unknown_field_is_400: "/api/ledgers", {"name": "x", "players": ["A", "B"], "stakes": 1} => 400, "stakes";
    add_hand_to_an_unknown_ledger_is_404: "/api/ledgers/nosuchledger/hands", {"settlement": [1, -1]} => 404, "";
}

async fn list_ledgers_newest_first_with_hand_counts_and_totals(db: &str) {
    let (server, client) = server_on(db).await;
    assert_eq!(client.get_json("/api/ledgers").await.unwrap(), json!([]));
    let (first, _) = new_ledger(&client, json!(["A", "B"])).await;
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let (second, token) = new_ledger(&client, json!(["A", "B", "C", "D"])).await;
    for s in [json!([8, -8, 0, 0]), json!([-2, 4, -2, 0])] {
        let (status, _) = client
            .post_with_token(
                &format!("/api/ledgers/{second}/hands"),
                &json!({"settlement": s}),
                &token,
            )
            .await
            .unwrap();
        assert_eq!(status, 201);
    }
    let all = client.get_json("/api/ledgers").await.unwrap();
    let summary: Vec<(&str, &Value, &Value)> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["id"].as_str().unwrap(), &l["hands"], &l["totals"]))
        .collect();
    assert_eq!(
        summary,
        [
            (second.as_str(), &json!(2), &json!([6, -4, -2, 0])),
            (first.as_str(), &json!(0), &json!([0, 0])),
        ]
    );
    assert_eq!(all[0]["players"], json!(["A", "B", "C", "D"]));
    assert_eq!(all[0]["name"], "Friday");
    server.stop().await.unwrap();
}

async fn add_hand_answers_201_with_the_ledger_and_get_shows_it(db: &str) {
    let (server, client) = server_on(db).await;
    let (id, token) = new_ledger(&client, json!(["A", "B", "C", "D"])).await;
    let hands = format!("/api/ledgers/{id}/hands");
    let (status, _) = client
        .post_with_token(&hands, &json!({"settlement": [8, -8, 0, 0]}), &token)
        .await
        .unwrap();
    assert_eq!(status, 201);
    let table = millington_hand();
    let (status, body) = client
        .post_with_token(
            &hands,
            &json!({"settlement": [92, 176, -122, -146], "table": table}),
            &token,
        )
        .await
        .unwrap();
    assert_eq!(status, 201, "{body}");
    let answered = body_json(&body);
    let l = client
        .get_json(&format!("/api/ledgers/{id}"))
        .await
        .unwrap();
    assert_eq!(answered, l, "the answer is the ledger as GET shows it");
    assert_eq!(l["totals"], json!([100, 168, -122, -146]));
    assert_eq!(l["hands"].as_array().unwrap().len(), 2);
    assert_eq!(l["hands"][0]["settlement"], json!([8, -8, 0, 0]));
    assert!(l["hands"][0]["table"].is_null());
    assert_eq!(l["hands"][1]["settlement"], json!([92, 176, -122, -146]));
    assert_eq!(l["hands"][1]["table"], table);
    let (a0, a1) = (
        l["hands"][0]["at"].as_i64().unwrap(),
        l["hands"][1]["at"].as_i64().unwrap(),
    );
    assert!(a0 <= a1 && a1 <= now_ms());
    server.stop().await.unwrap();
}

#[tokio::test]
async fn get_an_unknown_ledger_is_404() {
    let (server, client) = server().await;
    let (status, body) = client.get("/api/ledgers/nosuchledger").await.unwrap();
    assert_eq!(status, 404, "{body}");
    assert_eq!(error_path(&body), "");
    server.stop().await.unwrap();
}

/// A test per refused hand: POST `$body` to a new 4-player ledger's hands answers 400 with
/// the error at `$path`, and the ledger is unchanged.
macro_rules! hand_refused {
    ($($name:ident: $body:tt => $path:expr;)*) => {$(
        #[tokio::test]
        async fn $name() {
            let (server, client) = server().await;
            let (id, token) = new_ledger(&client, json!(["A", "B", "C", "D"])).await;
            let (status, body) = client
                .post_with_token(&format!("/api/ledgers/{id}/hands"), &json!($body), &token)
                .await
                .unwrap();
            assert_eq!(status, 400, "{body}");
            assert_eq!(error_path(&body), $path, "{body}");
            let l = client.get_json(&format!("/api/ledgers/{id}")).await.unwrap();
            assert_eq!(l["hands"], json!([]));
            server.stop().await.unwrap();
        }
    )*};
}

hand_refused! {
    add_hand_with_too_few_entries_is_400: {"settlement": [1, -1, 0]} => "settlement";
    add_hand_not_summing_to_zero_is_400: {"settlement": [1, 1, 0, 0]} => "settlement";
    add_hand_with_a_table_not_an_object_is_400: {"settlement": [1, -1, 0, 0], "table": 3} => "table";
    add_hand_with_a_fractional_entry_is_400: {"settlement": [1.5, -1.5, 0, 0]} => "settlement[0]";
    add_hand_without_settlement_is_400: {"table": null} => "";
    add_hand_with_an_unknown_field_is_400: {"settlement": [0, 0, 0, 0], "note": "x"} => "note";
}

// ---- Unknown paths

refused! {
    post_to_an_unknown_api_path_is_a_json_404: "/api/nothing/here", {} => 404, "";
}

#[tokio::test]
async fn get_of_an_unknown_api_path_is_a_json_404() {
    let (server, client) = server().await;
    let (status, body) = client.get("/api/nothing/here").await.unwrap();
    assert_eq!(status, 404, "{body}");
    assert_eq!(error_path(&body), "");
    assert!(body.contains("no such API: /api/nothing/here"), "{body}");
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_body_that_is_not_a_json_object_is_400_saying_what_it_is() {
    let (server, client) = server().await;
    for (body, what) in [
        ("", "it is empty"),
        (" \n", "it is empty"),
        ("[]", "it is an array"),
        ("\"x\"", "it is a string"),
        ("42", "it is a number"),
        ("true", "it is a boolean"),
        ("null", "it is null"),
        // serde's words: an `n` could only begin `null`.
        (
            "nonsense",
            "it is not JSON: expected ident at line 1 column 2",
        ),
        (
            "<html>",
            "it is not JSON: expected value at line 1 column 1",
        ),
    ] {
        for path in ["/api/tables", "/api/ledgers", "/api/score", "/api/settle"] {
            let (status, text) = post_raw(&client, path, body).await;
            assert_eq!(status, 400, "{path} {body:?}: {text}");
            assert_eq!(
                error_of(&text),
                (
                    String::new(),
                    format!("the body must be a JSON object ({{…}}): {what}")
                ),
                "{path} {body:?}"
            );
        }
    }
    server.stop().await.unwrap();
}

#[tokio::test]
async fn the_api_root_and_any_method_on_an_unknown_api_path_are_a_json_404() {
    let (server, client) = server().await;
    for (method, path) in [
        (reqwest::Method::GET, "/api"),
        (reqwest::Method::GET, "/api/"),
        (reqwest::Method::POST, "/api"),
        (reqwest::Method::DELETE, "/api/"),
        (reqwest::Method::DELETE, "/api/nothing/here"),
        (reqwest::Method::PUT, "/api/nothing/here"),
    ] {
        let r = reqwest::Client::new()
            .request(method.clone(), format!("{}{path}", client.base()))
            .header("content-type", "application/json")
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 404, "{method} {path}");
        assert_eq!(
            r.headers()["content-type"],
            "application/json",
            "{method} {path}"
        );
        assert_eq!(
            error_of(&r.text().await.unwrap()),
            (String::new(), format!("no such API: {path}")),
            "{method} {path}"
        );
    }
    server.stop().await.unwrap();
}

on_both_databases!(
    create_table_answers_201_with_seats_tokens_and_urls,
    list_tables_shows_tables_in_play_newest_first,
    a_finished_game_is_shown_from_the_database_after_a_restart,
    join_hands_out_the_first_open_seat_with_a_name,
    fill_makes_the_free_human_seats_greedy_and_starts_the_table,
    games_lists_finished_games_newest_first,
    games_limit_caps_the_list,
    create_ledger_answers_201_and_get_shows_it_empty,
    list_ledgers_newest_first_with_hand_counts_and_totals,
    add_hand_answers_201_with_the_ledger_and_get_shows_it,
);
