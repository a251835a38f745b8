//! `mahjong score` on japanese-3p tables: the worked example of `table-json.md`
//! ("Japanese three-player fields") with its han, yakuman, score and settlement, and illegal
//! wins rejected with exit status 2 and a message naming what is wrong.

mod common;

use common::score;
use serde_json::{json, Value};

const EXAMPLE: &str = include_str!("../../../examples/japanese-3p-example.json");

#[test]
fn the_format_example_settles_as_the_format_says() {
    // South wins on East's 5B (two-sided 3B4B): Riichi 1 + Pinfu 1 + Bazoro 2 + dora 1 (4D
    // → 5D) + pei 1 = 6 han, mangan: East pays 8,000 and his stick; South takes the pot.
    let (code, stdout, stderr) = score(EXAMPLE, true);
    assert_eq!(code, 0, "{stderr}");
    let v: Value = serde_json::from_str(&stdout).unwrap();
    let s = &v["seats"]["S"];
    assert_eq!(s["han"], 6);
    assert_eq!(s["yakuman"], 0);
    assert_eq!(s["score"], 8000);
    assert_eq!(s["limit"], "J3-P");
    let items: Vec<String> = s["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| format!("{} {} {}", i["rule"], i["name"], i["points"]))
        .collect();
    assert_eq!(
        items,
        [
            r#""J3-Y3" "Pinfu" 1"#,
            r#""J3-Y4" "Riichi" 1"#,
            r#""J3-S8" "Bazoro" 2"#,
            r#""J3-S8" "dora" 1"#,
            r#""J3-S8" "pei-dora" 1"#,
        ]
    );
    for loser in ["E", "W"] {
        assert_eq!(v["seats"][loser]["han"], 0, "{loser}");
        assert_eq!(v["seats"][loser]["yakuman"], 0, "{loser}");
        assert_eq!(v["seats"][loser]["score"], 0, "{loser}");
    }
    assert!(v["seats"].get("N").is_none());
    assert_eq!(v["settlement"], json!({"E": -9000, "S": 10000, "W": 0}));
    assert_eq!(
        v["payments"],
        json!([{"from": "E", "to": "S", "amount": 9000}])
    );
}

#[test]
fn the_sheet_of_the_format_example() {
    let (code, stdout, stderr) = score(EXAMPLE, false);
    assert_eq!(code, 0, "{stderr}");
    for line in [
        "japanese-3p",
        "J3-Y3",
        "J3-Y4",
        "J3-S8",
        "E pays S",
        "+10000",
    ] {
        assert!(stdout.contains(line), "{line:?} missing in\n{stdout}");
    }
    assert!(!stdout.contains(" N "), "three seats only:\n{stdout}");
}

#[test]
fn a_washout_table_is_no_goulash() {
    // A table cannot say who was ready, so `score` settles nothing at a washout; the sheet
    // says the noten payments are left to play (it used to print korean-3p's goulash line).
    let t = json!({
        "ruleset": "japanese-3p", "prevailing_wind": "E", "winner": null,
        "seats": {
            "E": {"concealed": ["1C", "9C", "1D", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "1B", "1B"]},
            "S": {"concealed": ["1C", "1C", "1C", "2B", "3B", "4B", "5B", "6B", "7B", "8B", "9B", "9B", "9B"]},
            "W": {"concealed": ["EW", "EW", "SW", "SW", "WW", "WW", "NW", "WD", "WD", "GD", "GD", "RD", "RD"]}
        }
    });
    let (code, stdout, stderr) = score(&t.to_string(), false);
    assert_eq!(code, 0, "{stderr}");
    let first = stdout.lines().next().unwrap();
    assert_eq!(
        first,
        "Ruleset japanese-3p   prevailing wind E   washout: nobody won, no hand is scored \
         (J3-P's noten payments and riichi stakes are settled in play)"
    );
    assert!(!stdout.contains("goulash"), "{stdout}");
    for seat in ["E", "S", "W"] {
        assert!(
            stdout.contains(&format!("\n  {seat}      +0\n")),
            "{seat} settles 0:\n{stdout}"
        );
    }
}

/// The example with `from` replaced in its text.
fn with(from: &str, to: &str) -> String {
    assert!(EXAMPLE.contains(from), "{from}");
    EXAMPLE.replacen(from, to, 1)
}

#[track_caller]
fn refused(table: &str, needles: &[&str]) {
    let (code, stdout, stderr) = score(table, true);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    for n in needles {
        assert!(stderr.contains(n), "{n:?} missing in {stderr}");
    }
}

#[test]
fn a_win_without_yaku_exits_2() {
    // The example without South's riichi, won on 4B: 234D 567D 3B-5B+4B 678B 9D9D is a
    // closed wait (no Pinfu), the 9D pair rules out Tanyao, and dora and pei are not yaku.
    let table = with(r#""tile": "5B""#, r#""tile": "4B""#).replacen(
        r#""bonus": ["NW"], "riichi": "riichi""#,
        r#""bonus": ["NW"], "riichi": "none""#,
        1,
    );
    refused(&table, &["seats.S", "no yaku"]);
}

#[test]
fn atozuke_nashi_exits_2() {
    // South waits on RD/9D (shanpon) without riichi: RD completes a dragon pung, but the
    // hand had no yaku before the winning tile (J3-S11).
    let table = json!({
        "ruleset": "japanese-3p", "prevailing_wind": "E", "winner": "S",
        "win": {"tile": "RD", "from": "discard", "supplier": "E"},
        "seats": {
            "E": {},
            "S": {"concealed": ["2D","3D","4D","5D","6D","7D","3B","4B","5B","9D","9D","RD","RD","RD"]},
            "W": {}
        }
    });
    refused(&table.to_string(), &["win", "atozuke-nashi"]);
}

#[test]
fn an_exposed_chow_and_a_tile_2c_to_8c_exit_2() {
    let chow = with(
        r#"{ "kind": "pung", "tiles": ["GD","GD","GD"], "exposed": true }"#,
        r#"{ "kind": "chow", "tiles": ["2B","3B","4B"], "exposed": true }"#,
    );
    refused(&chow, &["seats.W.sets[0]", "chow"]);
    let five = with(r#""concealed": ["1C","9C""#, r#""concealed": ["5C","9C""#);
    refused(&five, &["seats.W.concealed[0]", "5C"]);
}
