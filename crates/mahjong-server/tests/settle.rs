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
