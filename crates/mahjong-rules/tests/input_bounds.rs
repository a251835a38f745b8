//! Numbers that feed the payments are bounded (an error naming the option or field), and the
//! largest allowed settle exactly, with no overflow: the new-user audit's finding of wrapped
//! settlements with a huge `limit` or `payment_limit`.

use mahjong_rules::{score_input, InputError, Outcome, TableInput};
use serde_json::{json, Value};

fn try_score(v: &Value) -> Result<Outcome, InputError> {
    let input = TableInput::from_json(&v.to_string())?;
    score_input(&input).map(|(_, _, outcome)| outcome)
}

fn score(v: &Value) -> Outcome {
    try_score(v).unwrap_or_else(|e| panic!("{e}"))
}

fn error(v: &Value) -> String {
    try_score(v).map(|_| ()).expect_err("refused").to_string()
}

/// East wins Thirteen Orphans (a limit hand: M122, W-L) on his own draw; the others hold
/// nothing, so only the winner is paid.
fn orphans(ruleset: &str, options: Value) -> Value {
    json!({
        "ruleset": ruleset, "options": options, "prevailing_wind": "E", "winner": "E",
        "win": { "tile": "1C", "from": "wall" },
        "seats": {
            "E": { "concealed": ["1C", "9C", "1B", "9B", "1D", "9D", "EW", "SW", "WW", "NW",
                                 "RD", "GD", "WD", "1C"] },
            "S": {}, "W": {}, "N": {}
        }
    })
}

#[test]
fn classical_limit_is_bounded() {
    for limit in [
        1_000_001u64,
        3_074_457_345_618_258_602,
        4_611_686_018_427_387_904,
    ] {
        assert_eq!(
            error(&orphans("millington", json!({ "limit": limit }))),
            "options.limit: must be between 1 and 1000000"
        );
    }
    assert_eq!(
        error(&orphans(
            "millington",
            json!({ "no_limit": true, "limit_hand_minimum": 1_000_001 })
        )),
        "options.limit_hand_minimum: must be at most 1000000"
    );
}

#[test]
fn classical_highest_limit_settles_exactly() {
    // M122 limit hand = the limit (M118); East is paid double (M108), and with
    // discarder_doubles everybody pays double again on a self-drawn win.
    let o = score(&orphans("millington", json!({ "limit": 1_000_000 })));
    assert_eq!(o.scores[0].score, 1_000_000);
    assert_eq!(
        o.settlement,
        [6_000_000, -2_000_000, -2_000_000, -2_000_000]
    );
    let o = score(&orphans(
        "millington",
        json!({ "limit": 1_000_000, "discarder_doubles": true }),
    ));
    assert_eq!(
        o.settlement,
        [12_000_000, -4_000_000, -4_000_000, -4_000_000]
    );
}

#[test]
fn western_payment_limit_and_east_factor_are_bounded() {
    for limit in [1_000_001u64, 4_611_686_018_427_387_904] {
        assert_eq!(
            error(&orphans("western", json!({ "payment_limit": limit }))),
            "options.payment_limit: must be between 1 and 1000000"
        );
    }
    assert_eq!(
        error(&orphans("western", json!({ "east_limit_factor": 11 }))),
        "options.east_limit_factor: must be between 1 and 10"
    );
}

#[test]
fn western_highest_limits_settle_exactly() {
    // W-S4: a special hand is worth the payment limit; East receives double (W-S1), which
    // the East cap (limit × factor, W-S3) allows.
    let o = score(&orphans(
        "western",
        json!({ "payment_limit": 1_000_000, "east_limit_factor": 10 }),
    ));
    assert_eq!(o.scores[0].score, 1_000_000);
    assert_eq!(
        o.settlement,
        [6_000_000, -2_000_000, -2_000_000, -2_000_000]
    );
}

/// The example of `docs/specs/table-json.md`: South wins on East's discard, both in riichi.
fn japanese(options: Value, honba: u32, riichi_pot: u64) -> Value {
    json!({
        "ruleset": "japanese-3p", "options": options, "prevailing_wind": "E", "winner": "S",
        "win": { "tile": "5B", "from": "discard", "supplier": "E" },
        "dora_indicators": ["4D"], "ura_indicators": ["8B"],
        "honba": honba, "riichi_pot": riichi_pot,
        "seats": {
            "E": { "concealed": ["1D","2D","3D","6D","7D","8D","1B","2B","9B","EW","SW","WW","NW"],
                   "riichi": "riichi" },
            "S": { "concealed": ["2D","3D","4D","5D","6D","7D","3B","4B","5B","6B","7B","8B","9D","9D"],
                   "bonus": ["NW"], "riichi": "riichi" },
            "W": { "sets": [ { "kind": "pung", "tiles": ["GD","GD","GD"], "exposed": true } ],
                   "concealed": ["1C","9C","1D","9D","1B","9B","RD","WD","EW","SW"] }
        }
    })
}

#[test]
fn japanese_stakes_and_counters_are_bounded() {
    let cases = [
        (
            json!({ "riichi_stake": 1_000_001 }),
            0,
            0,
            "options.riichi_stake: must be at most 1000000",
        ),
        (
            json!({ "noten_penalty": 1_000_001 }),
            0,
            0,
            "options.noten_penalty: must be at most 1000000",
        ),
        (
            json!({ "honba": 10_200 }),
            0,
            0,
            "options.honba: must be at most 10000",
        ),
        (json!({}), 101, 0, "honba: must be at most 100"),
        (
            json!({}),
            0,
            100_000_001,
            "riichi_pot: must be at most 100000000",
        ),
        (
            json!({}),
            0,
            u64::MAX,
            "riichi_pot: must be at most 100000000",
        ),
    ];
    for (options, honba, pot, message) in cases {
        assert_eq!(error(&japanese(options, honba, pot)), message);
    }
}

#[test]
fn japanese_highest_stakes_and_counters_settle_exactly() {
    // J3-S10: East pays the mangan (8,000), 100 honba at 10,000 and his riichi stake;
    // South takes that and the pot.
    let o = score(&japanese(
        json!({ "riichi_stake": 1_000_000, "honba": 10_000 }),
        100,
        100_000_000,
    ));
    let east = 8_000 + 100 * 10_000 + 1_000_000;
    assert_eq!(o.settlement[..3], [-east, east + 100_000_000, 0]);
}

#[test]
fn korean_goulash_is_bounded() {
    let mut v: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/korean-3p-discard.json"
        ))
        .unwrap(),
    )
    .unwrap();
    v["goulash"] = json!(100);
    score(&v);
    v["goulash"] = json!(101);
    assert_eq!(error(&v), "goulash: must be at most 100");
}

#[test]
fn a_roof_off_hand_with_the_largest_options_settles_without_overflow() {
    // M118 "roof off": no limit, so the score is points × 2^doubles (doubles counted up to
    // 40). Every option at its largest, East self-drawn with every bonus tile, paid
    // double by everybody twice over: the settlement must be the exact product, not a
    // wrapped one.
    let v = json!({
        "ruleset": "millington",
        "options": {
            "no_limit": true, "limit": 1_000_000, "limit_hand_minimum": 1_000_000,
            "mahjong_points": 10_000, "seven_pairs_points": 10_000,
            "own_flower_and_season": 20, "bouquet": 20, "concealed_fully": 20,
            "all_terminals_doubles": 20, "discarder_doubles": true
        },
        "prevailing_wind": "E", "winner": "E",
        "win": { "tile": "5C", "from": "wall" },
        "seats": {
            "E": { "concealed": ["1C","2C","3C","4B","5B","6B","7D","8D","9D","RD","RD","RD","5C","5C"],
                   "bonus": ["1F","2F","3F","4F","1S","2S","3S","4S"] },
            "S": {}, "W": {}, "N": {}
        }
    });
    let o = score(&v);
    let s = &o.scores[0];
    assert!(s.doubles >= 40, "{} doubles", s.doubles);
    assert_eq!(s.score, s.points << 40);
    let each = 4 * i128::from(s.score);
    let got: Vec<i128> = o.settlement.iter().map(|&n| i128::from(n)).collect();
    assert_eq!(got, [3 * each, -each, -each, -each]);
}
