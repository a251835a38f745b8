//! Who may do what (`docs/security.md`): seat authority (invited seats, `join`, the host's
//! fill and delete), writes only from our own clients (JSON content type, `Origin` on
//! writes and on the WebSocket upgrade), ledger tokens, the rate limit and the caps on
//! tables. One test per scenario, each on loopback and bounded in time.

mod common;

use std::time::Duration;

use common::{error_of, next, welcome_seat};
use futures_util::StreamExt;
use mahjong_server::client::Client;
use mahjong_server::{Limits, Server, ServerMsg};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// A server on a new SQLite file with these limits.
async fn server_with(tag: &str, limits: Limits) -> (Server, Client) {
    common::server_with(&common::sqlite_url(tag), limits).await
}

/// A raw request: method, path, headers and body; the status and body text.
async fn send(
    client: &Client,
    method: reqwest::Method,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, String) {
    let mut r = reqwest::Client::new().request(method, format!("{}{path}", client.base()));
    for (k, v) in headers {
        r = r.header(*k, *v);
    }
    let r = r.body(body.to_string()).send().await.unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

fn body_json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// A table's status, as `GET /api/tables/{id}` shows it.
async fn info(client: &Client, id: &str) -> Value {
    client.get_json(&format!("/api/tables/{id}")).await.unwrap()
}

#[tokio::test]
async fn join_never_hands_out_an_invited_seat_or_its_token() {
    let (server, client) = server_with("theft", Limits::default()).await;
    let t = client
        .create_table(&json!({"seats": ["human", "human", "open", "greedy"],
                              "names": ["Ann", "Bob", null, null]}))
        .await
        .unwrap();
    let id = t.id.as_str();
    let invited: Vec<&str> = (0..2)
        .map(|s| t.seats[s].token.as_deref().unwrap())
        .collect();
    let join = format!("/api/tables/{id}/join");
    // The thief joins as often as he likes: he gets the open seat once, never Ann's or Bob's.
    let (status, body) = client
        .post(&join, &json!({"name": "Mallory"}))
        .await
        .unwrap();
    assert_eq!(status, 200, "{body}");
    let got = body_json(&body);
    assert_eq!(got["seat"], 2);
    assert!(!invited.contains(&got["token"].as_str().unwrap()));
    for _ in 0..3 {
        let (status, body) = client
            .post(&join, &json!({"name": "Mallory"}))
            .await
            .unwrap();
        assert_eq!(status, 409, "{body}");
        error_of(&body);
    }
    // The invited seats keep their names and are not joined; the open one is.
    let i = info(&client, id).await;
    let seats: Vec<(&str, bool)> = (0..4)
        .map(|s| {
            (
                i["seats"][s]["name"].as_str().unwrap(),
                i["seats"][s]["joined"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        seats,
        [
            ("Ann", false),
            ("Bob", false),
            ("Mallory", true),
            ("greedy", true)
        ]
    );
    // Ann's link still plays Ann's seat.
    assert_eq!(welcome_seat(&client, id, Some(invited[0])).await, Some(0));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn only_the_host_fills_seats_and_nobody_else_kicks_a_player() {
    let (server, client) = server_with("fill", Limits::default()).await;
    let t = client
        .create_table(&json!({"seats": ["human", "human", "greedy", "greedy"]}))
        .await
        .unwrap();
    let id = t.id.as_str();
    let host = t.host_token.as_deref().unwrap();
    let seat0 = t.seats[0].token.as_deref().unwrap();
    let fill = format!("/api/tables/{id}/fill");
    let (status, body) = client.post(&fill, &json!({})).await.unwrap();
    assert_eq!(status, 401, "no token: {body}");
    error_of(&body);
    // A player's own seat token is not the host's.
    let (status, body) = client
        .post_with_token(&fill, &json!({}), seat0)
        .await
        .unwrap();
    assert_eq!(status, 403, "{body}");
    error_of(&body);
    let i = info(&client, id).await;
    assert_eq!(i["seats"][1]["kind"], "human", "nothing filled");
    assert_eq!(i["status"], "waiting");
    // The invited seat 1 is still playable by its link.
    let bob = t.seats[1].token.as_deref();
    assert_eq!(welcome_seat(&client, id, bob).await, Some(1));
    // The host fills seat 0 (never connected); the table starts.
    let (status, body) = client
        .post_with_token(&fill, &json!({}), host)
        .await
        .unwrap();
    assert_eq!(status, 200, "{body}");
    let filled = body_json(&body);
    assert_eq!(filled["seats"][0]["kind"], "greedy");
    assert_eq!(filled["seats"][1]["kind"], "human");
    assert_eq!(filled["status"], "playing");
    server.stop().await.unwrap();
}

#[tokio::test]
async fn an_open_seat_filled_with_a_bot_is_no_longer_open() {
    let (server, client) = server_with("fill-open", Limits::default()).await;
    let t = client
        .create_table(&json!({"seats": ["human", "open", "open", "greedy"]}))
        .await
        .unwrap();
    let id = t.id.as_str();
    // Seat 0's player and a joiner of seat 1 connect; seat 2 stays free.
    assert_eq!(
        welcome_seat(&client, id, t.seats[0].token.as_deref()).await,
        Some(0)
    );
    let (status, body) = client
        .post(&format!("/api/tables/{id}/join"), &json!({"name": "Cy"}))
        .await
        .unwrap();
    assert_eq!(status, 200, "{body}");
    let joined = body_json(&body);
    assert_eq!(joined["seat"], 1);
    let cy = joined["token"].as_str().unwrap();
    assert_eq!(welcome_seat(&client, id, Some(cy)).await, Some(1));
    let (status, body) = client
        .post_with_token(
            &format!("/api/tables/{id}/fill"),
            &json!({}),
            t.host_token.as_deref().unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(status, 200, "{body}");
    let seats = |i: &Value| -> Vec<(String, bool)> {
        (0..4)
            .map(|s| {
                (
                    i["seats"][s]["kind"].as_str().unwrap().to_string(),
                    i["seats"][s]["open"].as_bool().unwrap(),
                )
            })
            .collect()
    };
    let expected = [
        ("human".to_string(), false),
        ("human".to_string(), true),
        ("greedy".to_string(), false),
        ("greedy".to_string(), false),
    ];
    assert_eq!(seats(&body_json(&body)), expected);
    assert_eq!(seats(&info(&client, id).await), expected);
    server.stop().await.unwrap();
}

#[tokio::test]
async fn only_the_host_deletes_a_table_and_its_links_then_fail() {
    let (server, client) = server_with("delete", Limits::default()).await;
    let t = client
        .create_table(&json!({"seats": ["human", "greedy", "greedy", "greedy"]}))
        .await
        .unwrap();
    let id = t.id.as_str();
    let path = format!("/api/tables/{id}");
    let mut ws = client.connect(id, None).await.unwrap();
    let (status, body) = send(&client, reqwest::Method::DELETE, &path, &[], "").await;
    assert_eq!(status, 401, "{body}");
    let seat = t.seats[0].token.as_deref().unwrap();
    let auth = format!("Bearer {seat}");
    let (status, body) = send(
        &client,
        reqwest::Method::DELETE,
        &path,
        &[("authorization", &auth)],
        "",
    )
    .await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(info(&client, id).await["status"], "waiting");
    let auth = format!("Bearer {}", t.host_token.as_deref().unwrap());
    let (status, body) = send(
        &client,
        reqwest::Method::DELETE,
        &path,
        &[("authorization", &auth)],
        "",
    )
    .await;
    assert_eq!(status, 204, "{body}");
    // The spectator is closed; the table is stored as deleted and its links are refused.
    tokio::time::timeout(Duration::from_secs(10), async {
        while ws.recv_text().await.unwrap().is_some() {}
    })
    .await
    .expect("closed within 10 s");
    assert_eq!(info(&client, id).await["status"], "deleted");
    let mut again = client.connect(id, Some(seat)).await.unwrap();
    match next(&mut again).await {
        ServerMsg::Error { message, .. } => assert!(message.contains("ended"), "{message}"),
        other => panic!("{other:?}"),
    }
    server.stop().await.unwrap();
}

/// Bots with no delay act back to back, the table reading its queue only between their
/// moves: a delete read there must end the table too.
#[tokio::test]
async fn deleting_an_all_bot_table_stops_its_play() {
    let (server, client) = server_with("delete-bots", Limits::default()).await;
    let t = client
        .create_table(&json!({"ruleset": "millington",
                              "seats": ["greedy", "greedy", "greedy", "greedy"]}))
        .await
        .unwrap();
    let id = t.id.as_str();
    let auth = format!("Bearer {}", t.host_token.as_deref().unwrap());
    let (status, body) = send(
        &client,
        reqwest::Method::DELETE,
        &format!("/api/tables/{id}"),
        &[("authorization", &auth)],
        "",
    )
    .await;
    assert_eq!(status, 204, "{body}");
    // Time for a game that kept playing to move on, or to finish and be listed.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let i = info(&client, id).await;
    assert_eq!(i["status"], "deleted", "{i}");
    let health = client.get_json("/api/health").await.unwrap();
    assert_eq!(health["tables"], 0, "{health}");
    let games = client.get_json("/api/games").await.unwrap();
    assert_eq!(games, json!([]));
    let tables = client.get_json("/api/tables").await.unwrap();
    assert_eq!(tables, json!([]));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn cross_site_text_plain_and_form_writes_are_refused() {
    let (server, client) = server_with("csrf", Limits::default()).await;
    let table = r#"{"seats": ["greedy", "greedy", "greedy", "greedy"]}"#;
    for (path, ct, body) in [
        ("/api/tables", "text/plain", table),
        ("/api/tables", "text/plain;charset=UTF-8", table),
        (
            "/api/ledgers",
            "application/x-www-form-urlencoded",
            "name=x&players=A",
        ),
        ("/api/ledgers", "multipart/form-data; boundary=x", "--x--"),
        ("/play", "application/x-www-form-urlencoded", "bots=3"),
    ] {
        let (status, text) = send(
            &client,
            reqwest::Method::POST,
            path,
            &[("content-type", ct), ("origin", "http://evil.example")],
            body,
        )
        .await;
        assert_eq!(status, 415, "{path} {ct}: {text}");
        error_of(&text);
        // Without an Origin (not a browser) the content type is still required.
        let (status, _) = send(
            &client,
            reqwest::Method::POST,
            path,
            &[("content-type", ct)],
            body,
        )
        .await;
        assert_eq!(status, 415, "{path} {ct}");
    }
    // A JSON body must be an object: serde would read an array as the struct's fields.
    let (status, text) = send(
        &client,
        reqwest::Method::POST,
        "/api/ledgers",
        &[("content-type", "application/json")],
        r#"["x", ["A", "B"]]"#,
    )
    .await;
    assert_eq!(status, 400, "{text}");
    assert_eq!(error_of(&text).0, "");
    // A plain GET /play makes no table (a link or a prefetch must not create tables).
    let (status, _) = client.get("/play?ruleset=western&bots=3").await.unwrap();
    assert_eq!(status, 200, "leads to the home page");
    assert_eq!(client.get_json("/api/tables").await.unwrap(), json!([]));
    assert_eq!(client.get_json("/api/ledgers").await.unwrap(), json!([]));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_foreign_origin_may_not_write_nor_open_a_websocket() {
    let limits = Limits {
        allow_origins: vec!["https://club.example".into()],
        ..Limits::default()
    };
    let (server, client) = server_with("origin", limits).await;
    let own = server.url();
    let json_ct = ("content-type", "application/json");
    let body = r#"{"seats": ["human", "greedy", "greedy", "greedy"]}"#;
    for origin in ["http://evil.example", "null", "http://127.0.0.1:1"] {
        let (status, text) = send(
            &client,
            reqwest::Method::POST,
            "/api/tables",
            &[json_ct, ("origin", origin)],
            body,
        )
        .await;
        assert_eq!(status, 403, "{origin}: {text}");
        error_of(&text);
    }
    assert_eq!(client.get_json("/api/tables").await.unwrap(), json!([]));
    // The server's own origin, an allowed one, and no Origin at all (curl, the CLI) write.
    let mut id = String::new();
    for headers in [
        vec![json_ct, ("origin", own.as_str())],
        vec![json_ct, ("origin", "https://club.example")],
        vec![json_ct],
    ] {
        let (status, text) = send(
            &client,
            reqwest::Method::POST,
            "/api/tables",
            &headers,
            body,
        )
        .await;
        assert_eq!(status, 201, "{headers:?}: {text}");
        id = body_json(&text)["id"].as_str().unwrap().to_string();
    }
    // Reading is open to every origin.
    let (status, _) = send(
        &client,
        reqwest::Method::GET,
        "/api/tables",
        &[("origin", "http://evil.example")],
        "",
    )
    .await;
    assert_eq!(status, 200);
    // The WebSocket upgrade: refused (403, before any message) from a foreign page.
    let url = format!("ws://{}/api/tables/{id}/ws", server.addr);
    let mut req = url.as_str().into_client_request().unwrap();
    req.headers_mut()
        .insert("origin", "http://evil.example".parse().unwrap());
    match tokio_tungstenite::connect_async(req).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            assert_eq!(r.status().as_u16(), 403);
            let text = String::from_utf8(r.body().clone().unwrap_or_default()).unwrap();
            error_of(&text);
        }
        other => panic!("expected 403, got {:?}", other.map(|_| ())),
    }
    let mut req = url.as_str().into_client_request().unwrap();
    req.headers_mut().insert("origin", own.parse().unwrap());
    let (mut ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
    let first = tokio::time::timeout(Duration::from_secs(10), ws.next())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    match first {
        Message::Text(t) => assert!(t.as_str().contains("\"welcome\""), "{t}"),
        other => panic!("{other:?}"),
    }
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a_ledger_takes_hands_only_with_its_token() {
    let (server, client) = server_with("ledger", Limits::default()).await;
    let mut ledgers = Vec::new();
    for name in ["Ours", "Theirs"] {
        let (status, text) = client
            .post(
                "/api/ledgers",
                &json!({"name": name, "players": ["A", "B"]}),
            )
            .await
            .unwrap();
        assert_eq!(status, 201, "{text}");
        let v = body_json(&text);
        assert_eq!(v["token"].as_str().unwrap().len(), 32);
        ledgers.push(v);
    }
    let id = ledgers[0]["id"].as_str().unwrap();
    let hands = format!("/api/ledgers/{id}/hands");
    let hand = json!({"settlement": [5, -5]});
    let (status, text) = client.post(&hands, &hand).await.unwrap();
    assert_eq!(status, 401, "{text}");
    error_of(&text);
    // Another ledger's token is no good here.
    let other = ledgers[1]["token"].as_str().unwrap();
    let (status, text) = client.post_with_token(&hands, &hand, other).await.unwrap();
    assert_eq!(status, 403, "{text}");
    error_of(&text);
    let l = client
        .get_json(&format!("/api/ledgers/{id}"))
        .await
        .unwrap();
    assert_eq!(l["hands"], json!([]), "nothing stored");
    let token = ledgers[0]["token"].as_str().unwrap();
    let (status, text) = client.post_with_token(&hands, &hand, token).await.unwrap();
    assert_eq!(status, 201, "{text}");
    assert_eq!(body_json(&text)["totals"], json!([5, -5]));
    // The token is never shown again.
    let l = client.get(&format!("/api/ledgers/{id}")).await.unwrap().1;
    let list = client.get("/api/ledgers").await.unwrap().1;
    assert!(!l.contains(token) && !list.contains(token));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn too_many_requests_from_one_address_get_429_in_the_error_shape() {
    let limits = Limits {
        rate_per_second: 1,
        rate_burst: 5,
        ..Limits::default()
    };
    let (server, client) = server_with("rate", limits).await;
    let mut statuses = Vec::new();
    let mut refused = None;
    for _ in 0..8 {
        let r = reqwest::get(format!("{}/api/health", client.base()))
            .await
            .unwrap();
        statuses.push(r.status().as_u16());
        if r.status() == 429 {
            let retry = r.headers()["retry-after"].to_str().unwrap().to_string();
            refused = Some((retry, r.text().await.unwrap()));
        }
    }
    // The burst passes, the rest is refused (a second or so replenishes one).
    assert_eq!(&statuses[..5], [200; 5]);
    assert!(statuses[6..].iter().all(|&s| s == 429), "{statuses:?}");
    let (retry, body) = refused.unwrap();
    // Under a second to wait at one request a second: rounded up, never "0".
    assert_eq!(retry, "1");
    assert_eq!(
        error_of(&body),
        (
            String::new(),
            "too many requests from your address: wait 1 s".to_string()
        )
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn one_address_holds_a_bounded_number_of_tables_and_so_does_the_server() {
    let limits = Limits {
        tables_per_client: 3,
        ..Limits::default()
    };
    let (server, client) = server_with("cap", limits).await;
    let waiting = json!({"seats": ["human", "greedy", "greedy", "greedy"]});
    // Created at once: the reservation is taken before the database write, so parallel
    // requests cannot pass the cap together.
    let tasks: Vec<_> = (0..6)
        .map(|_| {
            let client = client.clone();
            let waiting = waiting.clone();
            tokio::spawn(async move { client.post("/api/tables", &waiting).await.unwrap() })
        })
        .collect();
    let mut made = Vec::new();
    let mut refused = 0;
    for t in tasks {
        let (status, body) = t.await.unwrap();
        match status {
            201 => made.push(body_json(&body)),
            429 => {
                assert!(error_of(&body).1.contains("3 tables"), "{body}");
                refused += 1;
            }
            other => panic!("{other}: {body}"),
        }
    }
    assert_eq!((made.len(), refused), (3, 3));
    // Deleting one frees its place.
    let id = made[0]["id"].as_str().unwrap();
    let auth = format!("Bearer {}", made[0]["host_token"].as_str().unwrap());
    let (status, _) = send(
        &client,
        reqwest::Method::DELETE,
        &format!("/api/tables/{id}"),
        &[("authorization", &auth)],
        "",
    )
    .await;
    assert_eq!(status, 204);
    let t0 = std::time::Instant::now();
    loop {
        let (status, body) = client.post("/api/tables", &waiting).await.unwrap();
        if status == 201 {
            break;
        }
        assert_eq!(status, 429, "{body}");
        assert!(t0.elapsed() < Duration::from_secs(10), "the place is freed");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.stop().await.unwrap();

    // The server-wide cap: 503 once the server holds that many tables, whoever asks.
    let limits = Limits {
        tables_max: 2,
        ..Limits::default()
    };
    let (server, client) = server_with("cap-server", limits).await;
    for _ in 0..2 {
        assert_eq!(client.post("/api/tables", &waiting).await.unwrap().0, 201);
    }
    let (status, body) = client.post("/api/tables", &waiting).await.unwrap();
    assert_eq!(status, 503, "{body}");
    error_of(&body);
    assert_eq!(client.get_json("/api/health").await.unwrap()["tables"], 2);
    server.stop().await.unwrap();
}

fn trusted(list: &[&str]) -> Vec<mahjong_server::IpNet> {
    list.iter()
        .map(|s| mahjong_server::parse_trusted_proxy(s).unwrap())
        .collect()
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_counts_alone() {
    let waiting = json!({"seats": ["human", "greedy", "greedy", "greedy"]}).to_string();
    let create_with = |client: Client, header: &'static str, forwarded: &'static str| {
        let waiting = waiting.clone();
        async move {
            let headers = [("content-type", "application/json"), (header, forwarded)];
            let (status, body) = send(
                &client,
                reqwest::Method::POST,
                "/api/tables",
                &headers,
                &waiting,
            )
            .await;
            assert!(matches!(status, 201 | 429), "{status}: {body}");
            status
        }
    };
    let create =
        |client: Client, forwarded: &'static str| create_with(client, "x-forwarded-for", forwarded);
    // No proxy trusted: the header is ignored, so a client cannot pass its cap by writing
    // another address into it.
    let limits = Limits {
        tables_per_client: 2,
        ..Limits::default()
    };
    let (server, client) = server_with("proxy-none", limits.clone()).await;
    let mut statuses = Vec::new();
    for forwarded in ["203.0.113.1", "203.0.113.2", "203.0.113.3"] {
        statuses.push(create(client.clone(), forwarded).await);
    }
    assert_eq!(statuses, [201, 201, 429]);
    server.stop().await.unwrap();

    // Loopback trusted (the tests connect from it): each forwarded client has its own cap,
    // and what a client writes left of the address the proxy appended is not believed.
    let limits = Limits {
        trusted_proxies: trusted(&["127.0.0.0/8", "::1"]),
        ..limits
    };
    let (server, client) = server_with("proxy-trusted", limits).await;
    let mut statuses = Vec::new();
    for forwarded in [
        "203.0.113.1",
        "203.0.113.1",
        "203.0.113.1",
        "203.0.113.2",
        "203.0.113.2, 203.0.113.1",
        "203.0.113.9, 203.0.113.2, 127.0.0.1",
    ] {
        statuses.push(create(client.clone(), forwarded).await);
    }
    assert_eq!(statuses, [201, 201, 429, 201, 429, 201]);
    server.stop().await.unwrap();

    // A proxy that writes RFC 7239's `Forwarded` (`--proxy-header forwarded`): that header
    // names the client, and an `X-Forwarded-For` (which such a proxy passes on as the
    // client wrote it) is not read.
    let limits = Limits {
        tables_per_client: 2,
        trusted_proxies: trusted(&["127.0.0.0/8", "::1"]),
        proxy_header: mahjong_server::ProxyHeader::Forwarded,
        ..Limits::default()
    };
    let (server, client) = server_with("proxy-forwarded", limits).await;
    let mut statuses = Vec::new();
    for (header, forwarded) in [
        ("forwarded", "for=203.0.113.1;proto=https"),
        ("forwarded", "for=203.0.113.1"),
        ("forwarded", "for=203.0.113.1"),
        ("forwarded", r#"for="[2001:db8::2]:4711""#),
        ("forwarded", "for=203.0.113.2, for=203.0.113.1"),
        ("x-forwarded-for", "203.0.113.3"),
        ("x-forwarded-for", "203.0.113.4"),
        ("x-forwarded-for", "203.0.113.5"),
    ] {
        statuses.push(create_with(client.clone(), header, forwarded).await);
    }
    // The last three count by the proxy (loopback) itself: two tables, then its cap.
    assert_eq!(statuses, [201, 201, 429, 201, 429, 201, 201, 429]);
    server.stop().await.unwrap();

    // The rate limit counts by the forwarded client too.
    let limits = Limits {
        rate_per_second: 1,
        rate_burst: 3,
        trusted_proxies: trusted(&["127.0.0.0/8", "::1"]),
        ..Limits::default()
    };
    let (server, client) = server_with("proxy-rate", limits).await;
    let mut statuses = Vec::new();
    for forwarded in ["198.51.100.1"; 5].into_iter().chain(["198.51.100.2"]) {
        let headers = [("x-forwarded-for", forwarded)];
        let (status, _) = send(&client, reqwest::Method::GET, "/api/health", &headers, "").await;
        statuses.push(status);
    }
    assert_eq!(&statuses[..3], [200; 3]);
    assert_eq!(statuses[4], 429, "{statuses:?}");
    assert_eq!(
        statuses[5], 200,
        "another client behind the proxy: {statuses:?}"
    );
    server.stop().await.unwrap();
}
