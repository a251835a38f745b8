//! The HTTP API over a real socket: health, tables (create, join, fill, `/play`), games,
//! scoring, rules, rulesets, ledgers, errors, and the browser client's fallback page.

mod common;

use common::{error_path, server};
use mahjong_rules::{output::ScoreJson, TableInput};
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_answers_as_documented() {
    let (server, client) = server("api").await;

    let health = client.get_json("/api/health").await.unwrap();
    assert_eq!(health["status"], "ok");
    assert_eq!(health["version"], env!("CARGO_PKG_VERSION"));

    // Bad table requests name the place of the error.
    for (req, path) in [
        (json!({"ruleset": "mahjong-deluxe"}), "ruleset"),
        (json!({"seats": ["human", "greedy"]}), "seats"),
        (
            json!({"seats": ["human", "greedy", "clever", "human"]}),
            "seats[2]",
        ),
        (
            json!({"seats": ["human", "greedy", 3, "human"]}),
            "seats[2]",
        ),
        (json!({"options": {"no_such_option": 1}}), "options"),
        (json!({"names": ["a"]}), "names"),
        (json!({"colour": "red"}), "colour"),
        (json!({"max_hands": 0}), "max_hands"),
    ] {
        let (status, body) = client.post("/api/tables", &req).await.unwrap();
        assert_eq!(status, 400, "{req}: {body}");
        assert_eq!(error_path(&body), path, "{req}: {body}");
    }

    // A table with an invited human and an open seat: a token only for the invited one;
    // join hands out the open one, with a token of its own.
    let t = client
        .create_table(&json!({"seats": ["human", "greedy", "random", "open"], "names": ["Ann", null, null, null]}))
        .await
        .unwrap();
    let id = t.id.as_str();
    assert_eq!(t.seats[0].name, "Ann");
    assert!(t.seats[1].token.is_none());
    let token0 = t.seats[0].token.as_deref().unwrap();
    assert!(t.seats[3].token.is_none(), "an open seat has no token yet");
    assert!(t.seats[3].open);
    let host = t.host_token.as_deref().unwrap();
    assert_eq!(
        t.seats[0].join_url.as_deref(),
        Some(format!("/table/{id}?token={token0}").as_str())
    );
    assert_eq!(t.spectate_url, format!("/table/{id}"));
    let info = client.get_json(&format!("/api/tables/{id}")).await.unwrap();
    assert_eq!(info["status"], "waiting");
    assert_eq!(info["seats"][1]["kind"], "greedy");
    assert_eq!(info["seats"][0]["connected"], false);
    let (status, body) = client
        .post(&format!("/api/tables/{id}/join"), &json!({"name": "Bob"}))
        .await
        .unwrap();
    assert_eq!(status, 200, "{body}");
    let j: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(j["seat"], 3);
    assert_ne!(j["token"], token0);
    let (status, _) = client
        .post(&format!("/api/tables/{id}/join"), &json!({}))
        .await
        .unwrap();
    assert_eq!(status, 409);
    let list = client.get_json("/api/tables").await.unwrap();
    assert!(list.as_array().unwrap().iter().any(|t| t["id"] == id));
    // Fill: the humans nobody connected become greedy bots, and the game starts.
    let (status, body) = client
        .post_with_token(&format!("/api/tables/{id}/fill"), &json!({}), host)
        .await
        .unwrap();
    assert_eq!(status, 200, "{body}");
    let filled: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(filled["seats"][0]["kind"], "greedy");
    assert_eq!(filled["seats"][3]["kind"], "greedy");
    assert_eq!(filled["status"], "playing");

    // The record of a game in play is not shown.
    let (status, _) = client
        .post(
            "/api/tables",
            &json!({"seats": ["human", "greedy", "greedy", "greedy"]}),
        )
        .await
        .unwrap();
    assert_eq!(status, 201);

    // POST /play: a table with seat 0 human, redirected to with its token.
    let (status, _) = client
        .post("/play", &json!({"ruleset": "western", "bots": 3}))
        .await
        .unwrap();
    assert_eq!(status, 200, "follows the redirect to the client page");
    let (status, _) = client
        .post("/play", &json!({"ruleset": "nope"}))
        .await
        .unwrap();
    assert_eq!(status, 400);
    // More bots than seats beside the player: said, not quietly cut down.
    let (status, body) = client
        .post("/play", &json!({"ruleset": "korean-3p", "bots": 3}))
        .await
        .unwrap();
    assert_eq!(status, 400);
    assert!(
        body.contains("at most 2 beside the player at a 3-seat table"),
        "{body}"
    );

    // Games: the filled table plays out at full speed.
    let t0 = std::time::Instant::now();
    loop {
        let info = client.get_json(&format!("/api/tables/{id}")).await.unwrap();
        if info["status"] == "finished" {
            break;
        }
        let (status, _) = client.get(&format!("/api/games/{id}")).await.unwrap();
        if status == 200 {
            // It finished between the two requests.
            let info = client.get_json(&format!("/api/tables/{id}")).await.unwrap();
            assert_eq!(info["status"], "finished");
            break;
        }
        assert_eq!(status, 409);
        assert!(t0.elapsed().as_secs() < 60);
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let games = client.get_json("/api/games").await.unwrap();
    assert_eq!(games[0]["id"], id);
    assert_eq!(games[0]["players"][0], "greedy");
    // The list is the wire type the web client's declarations are generated from.
    let typed: Vec<mahjong_client::wire::GameListEntry> =
        serde_json::from_value(games.clone()).unwrap();
    assert_eq!(typed[0].kinds, ["greedy", "greedy", "random", "greedy"]);
    assert!(typed[0]
        .finished_at
        .is_some_and(|f| f >= typed[0].started_at));
    assert_eq!(
        typed[0].totals.as_ref().map(|t| t.iter().sum::<i64>()),
        Some(0)
    );
    let (status, record) = client.get(&format!("/api/games/{id}")).await.unwrap();
    assert_eq!(status, 200);
    let summary = mahjong_engine::replay(record.lines()).unwrap();
    assert_eq!(summary.unfinished, None, "the game is played to its end");
    let (status, _) = client.get("/api/games/nosuchgame").await.unwrap();
    assert_eq!(status, 404);

    // Scoring: exactly the CLI's JSON.
    let example = include_str!("../../../examples/seed000-settlement.json");
    let input = TableInput::from_json(example).unwrap();
    let (_, _, outcome) = mahjong_rules::score_input(&input).unwrap();
    let mut expected = serde_json::to_string_pretty(&ScoreJson(&outcome)).unwrap();
    expected.push('\n');
    let (status, body) = client
        .post("/api/score", &serde_json::from_str(example).unwrap())
        .await
        .unwrap();
    assert_eq!(status, 200);
    assert_eq!(body, expected);
    let mut bad: Value = serde_json::from_str(example).unwrap();
    bad["ruleset"] = json!("/etc/passwd");
    let (status, body) = client.post("/api/score", &bad).await.unwrap();
    assert_eq!(status, 400);
    assert_eq!(error_path(&body), "ruleset");
    let (status, _) = client.post("/api/score", &json!([1])).await.unwrap();
    assert_eq!(status, 400);

    let rulesets = client.get_json("/api/rulesets").await.unwrap();
    assert_eq!(rulesets[0]["name"], "millington");
    assert_eq!(rulesets[0]["seats"], 4);
    assert_eq!(rulesets[0]["options"]["claim_seconds"], 10);
    let infos: Vec<mahjong_client::wire::RulesetInfo> = serde_json::from_value(rulesets).unwrap();
    let listed: Vec<_> = infos
        .iter()
        .map(|r| {
            (
                r.name.as_str(),
                r.preset.as_str(),
                r.family.as_str(),
                r.seats,
            )
        })
        .collect();
    assert_eq!(
        listed,
        [
            ("millington", "millington", "classical", 4),
            ("bradfield", "bradfield", "classical", 4),
            ("dmjl", "dmjl", "kajongg", 4),
            ("bmja", "bmja", "kajongg", 4),
            ("western", "western", "western", 4),
            ("korean-3p", "korean-3p", "korean", 3),
            ("japanese-3p", "japanese-3p", "japanese", 3),
            ("malaysian-3p", "malaysian-3p", "malaysian", 3),
        ]
    );

    // Ledgers.
    let (status, body) = client
        .post(
            "/api/ledgers",
            &json!({"name": "Friday", "players": ["A", "B", "C", "D"]}),
        )
        .await
        .unwrap();
    assert_eq!(status, 201);
    let created = serde_json::from_str::<Value>(&body).unwrap();
    let lid = created["id"].as_str().unwrap().to_string();
    let ltoken = created["token"].as_str().unwrap().to_string();
    let hands = format!("/api/ledgers/{lid}/hands");
    let stored: Value =
        serde_json::from_str(include_str!("../../../examples/seed000-settlement.json")).unwrap();
    for (req, path) in [
        (json!({"settlement": [1, -1, 0]}), "settlement"),
        (json!({"settlement": [1, 1, 0, 0]}), "settlement"),
        (json!({"settlement": [1, -1, 0, 0], "table": 3}), "table"),
        // A stored table is one the scorer takes: errors name the field under `table`.
        (
            json!({"settlement": [1, -1, 0, 0], "table": {"ruleset": "millington"}}),
            "table",
        ),
        (
            json!({"settlement": [1, -1, 0, 0], "table": with(&stored, "ruleset", json!("nope"))}),
            "table.ruleset",
        ),
        // Over HTTP a ruleset is a preset, never a file on the server.
        (
            json!({"settlement": [1, -1, 0, 0], "table": with(&stored, "ruleset", json!("/etc/passwd"))}),
            "table.ruleset",
        ),
        (
            json!({"settlement": [1, -1, 0, 0], "table": with(&stored, "winner", json!("E"))}),
            "table.seats.N",
        ),
    ] {
        let (status, body) = client.post_with_token(&hands, &req, &ltoken).await.unwrap();
        assert_eq!(status, 400);
        assert_eq!(error_path(&body), path);
    }
    let (status, _) = client
        .post_with_token(&hands, &json!({"settlement": [8, -8, 0, 0]}), &ltoken)
        .await
        .unwrap();
    assert_eq!(status, 201);
    let (status, body) = client
        .post_with_token(
            &hands,
            &json!({"settlement": [-2, 4, -2, 0], "table": stored}),
            &ltoken,
        )
        .await
        .unwrap();
    assert_eq!(status, 201);
    let ledger: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(ledger["totals"], json!([6, -4, -2, 0]));
    assert_eq!(ledger["hands"][1]["table"], stored);
    assert!(ledger["hands"][0]["table"].is_null());
    let all = client.get_json("/api/ledgers").await.unwrap();
    assert_eq!(all[0]["hands"], 2);
    let (status, _) = client
        .post("/api/ledgers", &json!({"name": "x", "players": ["A"]}))
        .await
        .unwrap();
    assert_eq!(status, 400);
    // Totals go by name: two players of one name are refused.
    let (status, body) = client
        .post(
            "/api/ledgers",
            &json!({"name": "x", "players": ["Ann", "Bob", "Ann "]}),
        )
        .await
        .unwrap();
    assert_eq!(status, 400);
    let e: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(e["error"]["path"], "players[2]");
    assert_eq!(
        e["error"]["message"],
        "\"Ann \" is players[0] already: each player needs a name of his own"
    );

    // Unknown API paths are JSON 404s; other paths serve the client (or the not-built page).
    let (status, body) = client.get("/api/nothing/here").await.unwrap();
    assert_eq!(status, 404);
    assert!(body.contains("no such API"));
    let (status, body) = client.get("/table/abc?token=x").await.unwrap();
    assert_eq!(status, 200);
    assert!(body.contains("<html") || body.contains("<!doctype html>"));

    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_are_the_catalogue() {
    let (server, client) = server("rules").await;
    let rules = client.get_json("/api/rules").await.unwrap();
    // The same entries, in the same order, as `mahjong rules --json`.
    let want: Value = serde_json::from_str(&mahjong_rules::catalogue::to_json(
        mahjong_rules::catalogue::catalogue(),
    ))
    .unwrap();
    assert_eq!(rules, want);
    let list = rules.as_array().unwrap();
    // Every family, in registry order (as docs/api.md lists them).
    let mut families: Vec<&str> = Vec::new();
    for e in list {
        let f = e["family"].as_str().unwrap();
        if families.last() != Some(&f) {
            families.push(f);
        }
    }
    assert_eq!(
        families,
        [
            "classical",
            "kajongg",
            "western",
            "korean",
            "japanese",
            "malaysian"
        ]
    );
    let m114b = list.iter().find(|e| e["id"] == "M114b").unwrap();
    assert_eq!(m114b["key"], "m114b_pung");
    // What the rule says, in each language.
    let w_p7 = list.iter().find(|e| e["id"] == "W-P7").unwrap();
    assert_eq!(
        w_p7["text"],
        json!({"en": "A pung of dragons scores 4 points exposed, 8 concealed.",
               "cs": "Vyložený pong draků má 4 body, skrytý 8.",
               "pl": "Odkryty pung smoków daje 4 punkty, zakryty 8."})
    );
    assert_eq!(m114b["kind"], "score");
    assert_eq!(
        m114b["names"],
        json!({"en": "pung", "cs": "pong", "pl": "pung"})
    );
    assert_eq!(
        m114b["variants"][0],
        json!({"en": "exposed pung of minors", "cs": "vyložený pong malých kamenů",
               "pl": "odkryty pung prostych kamieni"})
    );
    let w_s1 = list.iter().find(|e| e["id"] == "W-S1").unwrap();
    assert_eq!(w_s1["kind"], "settlement");
    assert!(w_s1.get("variants").is_none());
    server.stop().await.unwrap();
}

/// `table` with `key` set to `value`.
fn with(table: &Value, key: &str, value: Value) -> Value {
    let mut t = table.clone();
    t[key] = value;
    t
}
