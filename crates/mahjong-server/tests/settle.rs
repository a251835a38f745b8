//! `POST /api/settle`: typed scores settled by the ruleset, through a real server.

mod common;

use serde_json::{json, Value};

async fn post(url: &str, body: Value) -> (u16, Value) {
    let res = reqwest::Client::new()
        .post(url)
        .json(&body)
        .send()
        .await
        .expect("request");
    let status = res.status().as_u16();
    (status, res.json().await.expect("JSON answer"))
}

#[tokio::test]
async fn typed_scores_settle_as_the_rules_example() {
    let (server, _client) = common::server("settle").await;
    let url = format!("{}/api/settle", server.url());

    // The worked example of the rules (examples/seed000-settlement.json): North wins from the
    // wall with 48; East 20, South 256, West 4.
    let (status, v) = post(
        &url,
        json!({
            "ruleset": "millington", "winner": "N", "win": {"from": "wall"},
            "scores": {"E": 20, "S": 256, "W": 4, "N": 48}
        }),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        v["settlement"],
        json!({"E": -536, "S": 676, "W": -332, "N": 192})
    );
    assert_eq!(
        v["payments"],
        json!([
            {"from": "E", "to": "N", "amount": 96}, {"from": "S", "to": "N", "amount": 48},
            {"from": "W", "to": "N", "amount": 48}, {"from": "E", "to": "S", "amount": 472},
            {"from": "W", "to": "E", "amount": 32}, {"from": "W", "to": "S", "amount": 252}
        ])
    );

    // A washout pays nothing.
    let (status, v) = post(
        &url,
        json!({
            "ruleset": "millington", "winner": null, "scores": {"E": 20, "S": 256, "W": 4, "N": 48}
        }),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["settlement"], json!({"E": 0, "S": 0, "W": 0, "N": 0}));
    assert_eq!(v["payments"], json!([]));

    // Bad input names the place.
    for (body, path) in [
        (
            json!({"ruleset": "millington", "winner": "N", "win": {"from": "wall"}, "scores": {"E": 1, "S": 2, "W": 3}}),
            "scores",
        ),
        (
            json!({"ruleset": "millington", "winner": "N", "win": {"from": "discard"}, "scores": {"E": 1, "S": 2, "W": 3, "N": 4}}),
            "win.supplier",
        ),
        (
            json!({"ruleset": "millington", "winner": "X", "win": {"from": "wall"}, "scores": {"E": 1, "S": 2, "W": 3, "N": 4}}),
            "winner",
        ),
        (
            json!({"ruleset": "nope", "winner": null, "scores": {}}),
            "ruleset",
        ),
    ] {
        let (status, v) = post(&url, body).await;
        assert_eq!(status, 400, "{v}");
        assert_eq!(v["error"]["path"], json!(path), "{v}");
    }
    server.stop().await.expect("server stops");
}

#[tokio::test]
async fn a_typed_score_counts_at_most_the_limit_and_settles_within_the_bound() {
    let (server, _client) = common::server("settle-limit").await;
    let url = format!("{}/api/settle", server.url());
    let hand = |n: u64, options: Value| {
        json!({
            "ruleset": "millington", "options": options, "winner": "N", "win": {"from": "wall"},
            "scores": {"E": 20, "S": 256, "W": 4, "N": n}
        })
    };

    // Millington's limit is 1000 (M118): a higher count scores the limit, as the scorer
    // gives it for the tiles.
    let (status, at_limit) = post(&url, hand(1000, json!({}))).await;
    assert_eq!(status, 200, "{at_limit}");
    assert_eq!(
        at_limit["settlement"],
        json!({"E": -2440, "S": -276, "W": -1284, "N": 4000})
    );
    for n in [1001, 1_000_000_000] {
        let (status, v) = post(&url, hand(n, json!({}))).await;
        assert_eq!(status, 200, "{v}");
        assert_eq!(v, at_limit, "N typed {n}");
    }

    // With the roof off nothing caps the score, and a settlement beyond 10⁹ is refused,
    // naming the score that makes it.
    let (status, v) = post(&url, hand(2000, json!({"no_limit": true}))).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["settlement"]["N"], 8000);
    let (status, v) = post(&url, hand(1_000_000_000, json!({"no_limit": true}))).await;
    assert_eq!(status, 400, "{v}");
    assert_eq!(
        v,
        json!({"error": {"path": "scores.N", "message":
            "these scores settle 4000000000 for N: a settlement is at most 1000000000 either way"}})
    );
    // A loser's score drives the losers' settlement as much.
    let (status, v) = post(
        &url,
        json!({
            "ruleset": "millington", "options": {"no_limit": true}, "winner": "N",
            "win": {"from": "wall"}, "scores": {"E": 999_999_999, "S": 0, "W": 0, "N": 0}
        }),
    )
    .await;
    assert_eq!(status, 400, "{v}");
    assert_eq!(v["error"]["path"], "scores.E", "{v}");
    // Above 10⁹ a score is refused whatever the ruleset.
    let (status, v) = post(&url, hand(1_000_000_001, json!({}))).await;
    assert_eq!(status, 400, "{v}");
    assert_eq!(
        v,
        json!({"error": {"path": "scores.N", "message": "a score is at most 1000000000"}})
    );
    server.stop().await.expect("server stops");
}
