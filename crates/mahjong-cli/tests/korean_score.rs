//! `mahjong score` on korean-3p tables: the worked examples, the three-seat sheet, and a
//! winner below the minimum rejected with exit status 2.

mod common;

use common::score;
use serde_json::{json, Value};

const DISCARD: &str = include_str!("../../../examples/korean-3p-discard.json");
const OPTIONS: &str = include_str!("../../../examples/korean-3p-options.json");

fn rules(v: &Value, seat: &str) -> Vec<String> {
    v["seats"][seat]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| format!("{} {}", i["rule"].as_str().unwrap(), i["points"]))
        .collect()
}

#[test]
fn discard_example_settles_exactly() {
    // S: concealed kong of South in the South round HP3 1 + HP4 1 + HP5 1 + HP6 1,
    // concealed hand HP20 2 = 6 HP; BP1 2 + flower 1 + concealed 2 + ready 2 = 7 BP.
    // W discarded: 2×6 + 7 + goulash 5 = 24. E was waiting: 7 − 2 + 5 = 10.
    let (code, stdout, stderr) = score(DISCARD, true);
    assert_eq!(code, 0, "{stderr}");
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["seats"]["S"]["points"], 6);
    assert_eq!(v["seats"]["S"]["score"], 13);
    assert_eq!(v["seats"]["S"]["limit"], Value::Null);
    assert_eq!(
        rules(&v, "S"),
        [
            "K3-HP3 1",
            "K3-HP4 1",
            "K3-HP5 1",
            "K3-HP6 1",
            "K3-HP20 2",
            "K3-BP1 2",
            "K3-BP7 1",
            "K3-BP9 2",
            "K3-BP11 2",
            "K3-S5 2",
            "K3-M2 5"
        ]
    );
    assert_eq!(v["seats"]["E"]["score"], 0);
    assert_eq!(v["seats"]["E"]["items"], json!([]));
    assert_eq!(v["settlement"], json!({"E": -10, "S": 34, "W": -24}));
    assert_eq!(
        v["payments"],
        json!([
            {"from": "E", "to": "S", "amount": 10},
            {"from": "W", "to": "S", "amount": 24}
        ])
    );
}

#[test]
fn options_example_settles_exactly() {
    // E: red pung HP1 1 + North pair 2 = 3 HP; BP1 2 + wall 1 + drawn North 2 + dora 5D
    // ×2 + red five 1 = 8 BP; 11 + goulash 10 from each.
    let (code, stdout, stderr) = score(OPTIONS, true);
    assert_eq!(code, 0, "{stderr}");
    let v: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        (
            v["seats"]["E"]["points"].as_u64(),
            v["seats"]["E"]["score"].as_u64()
        ),
        (Some(3), Some(11))
    );
    assert_eq!(v["settlement"], json!({"E": 42, "S": -21, "W": -21}));
}

#[test]
fn the_sheet_marks_hand_and_bonus_points_and_only_the_winner_scores() {
    let (code, stdout, stderr) = score(DISCARD, false);
    assert_eq!(code, 0, "{stderr}");
    for line in [
        "Ruleset korean-3p   prevailing wind S   S wins with 6D on W's discard",
        "E East   scores nothing (only the winner scores)",
        "S South  winner",
        "K3-HP4  pung or kong of the seat wind SW",
        "K3-S5   opponent was ready: pays 2 bonus-points less (E)",
        "hand-points 6 + bonus-points 7 = 13",
        "  W pays S     24",
        "  S     +34",
    ] {
        assert!(stdout.contains(line), "{line:?} missing in\n{stdout}");
    }
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("  K3-HP20") && l.ends_with(" 2 HP")),
        "{stdout}"
    );
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("  K3-BP11") && l.ends_with(" 2 BP")),
        "{stdout}"
    );
    assert!(!stdout.contains(" N "), "three seats only:\n{stdout}");
}

#[test]
fn a_winner_below_the_minimum_exits_2_with_the_reason() {
    // One dragon pung: 1 hand-point < 3 (K3-S1).
    let table = json!({
        "ruleset": "korean-3p",
        "prevailing_wind": "E",
        "winner": "E",
        "win": {"tile": "5D", "from": "discard", "supplier": "S"},
        "seats": {
            "E": {
                "sets": [{"kind": "pung", "tiles": ["RD", "RD", "RD"], "exposed": true}],
                "concealed": ["1C", "2C", "3C", "4C", "5C", "6C", "7D", "8D", "9D", "5D", "5D"]
            },
            "S": {}, "W": {}
        }
    });
    for as_json in [false, true] {
        let (code, stdout, stderr) = score(&table.to_string(), as_json);
        assert_eq!(code, 2);
        assert_eq!(stdout, "");
        assert_eq!(
            stderr,
            "error: standard input: winner: E: 1 hand-point, below the minimum of 3 (K3-S1)\n"
        );
    }
}

#[test]
fn a_limit_hand_and_a_drawn_hand_on_the_sheet() {
    // Great Dragons on S's discard: S pays 80, W 40.
    let great = json!({
        "ruleset": "korean-3p",
        "prevailing_wind": "E",
        "winner": "E",
        "win": {"tile": "5D", "from": "discard", "supplier": "S"},
        "seats": {
            "E": {
                "sets": [
                    {"kind": "pung", "tiles": ["RD", "RD", "RD"], "exposed": true},
                    {"kind": "pung", "tiles": ["GD", "GD", "GD"], "exposed": true},
                    {"kind": "pung", "tiles": ["WD", "WD", "WD"], "exposed": true}
                ],
                "concealed": ["1C", "2C", "3C", "5D", "5D"]
            },
            "S": {}, "W": {}
        }
    });
    let (code, stdout, stderr) = score(&great.to_string(), false);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("K3-L12 Great Dragons: 40 (hand-points 4)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("  S pays E     80\n  W pays E     40"),
        "{stdout}"
    );
    let drawn = json!({
        "ruleset": "korean-3p", "prevailing_wind": "E", "winner": null,
        "seats": {"E": {}, "S": {}, "W": {}}
    });
    let (code, stdout, _) = score(&drawn.to_string(), false);
    assert_eq!(code, 0);
    assert!(stdout.contains("drawn hand (goulash)"), "{stdout}");
}

/// With `missing_wind = "west"` the seats are E, S, N in the input and in the output.
#[test]
fn without_west_the_third_seat_is_north_in_the_json() {
    let table = r#"{"ruleset": "korean-3p", "options": {"missing_wind": "west"}, "prevailing_wind": "S", "goulash": 1, "winner": "S", "win": {"tile": "6D", "from": "discard", "supplier": "N"}, "discards": ["E:WD", "S:GD", "N:9B", "E:1B", "S:EW", "N:6D"], "seats": {"E": {"concealed": ["1D", "1D", "1D", "3C", "4C", "5C", "6C", "7C", "8C", "7D", "8D", "9D", "9C"]}, "S": {"sets": [{"kind": "kong", "tiles": ["SW", "SW", "SW", "SW"], "kong": "concealed"}], "concealed": ["1C", "2C", "3C", "4D", "5D", "6D", "7C", "8C", "9C", "RD", "RD"], "bonus": ["2F"], "ready": true}, "N": {"concealed": ["2C", "2C", "5C", "5C", "9B", "9B", "3D", "3D", "EW", "NW", "GD", "8D", "2D"]}}}"#;
    let (code, out, err) = score(table, true);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["settlement"], json!({"E": -10, "S": 34, "N": -24}));
    assert_eq!(
        v["payments"],
        json!([
            {"from": "E", "to": "S", "amount": 10},
            {"from": "N", "to": "S", "amount": 24}
        ])
    );
}
