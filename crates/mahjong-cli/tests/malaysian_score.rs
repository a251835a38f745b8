//! `mahjong` on malaysian-3p: `score` on the example table
//! (`examples/malaysian-3p-example.json`) with its `fan`, base and settlement, a hand below
//! the minimum refused with exit status 2; the ruleset listed, shown and its rules given;
//! and `simulate` playing it with no other flag, its record replayed.

mod common;

use common::score;
use serde_json::{json, Value};

const EXAMPLE: &str = include_str!("../../../examples/malaysian-3p-example.json");

fn mahjong(args: &[&str]) -> (i32, String, String) {
    common::run(args, "")
}

#[test]
fn the_example_scores_with_its_fan() {
    // South wins on East's GD: RD RD JK exposed, WD WD JK and GD GD (the winning pair): small
    // three dragons 3 + half flush 1 + 1A 1 + 2F 1 = 6 fan, B 120: East pays 240, West 120.
    // East's concealed kong: 100 from each (MY3-I4); West's four faces, finished in play:
    // 50 from each (MY3-I1). E −240 + 200 − 50 = −90; S +360 − 100 − 50 = +210;
    // W −120 − 100 + 100 = −120.
    let (code, stdout, stderr) = score(EXAMPLE, true);
    assert_eq!(code, 0, "{stderr}");
    let v: Value = serde_json::from_str(&stdout).unwrap();
    let s = &v["seats"]["S"];
    assert_eq!(s["fan"], 6);
    assert_eq!(s["points"], 6);
    assert_eq!(s["score"], 120);
    assert_eq!(s["limit"], Value::Null);
    let items: Vec<String> = s["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| format!("{} {} {}", i["rule"], i["name"], i["points"]))
        .collect();
    assert_eq!(
        items,
        [
            r#""MY3-F5" "small three dragons" 3"#,
            r#""MY3-F6" "half flush" 1"#,
            r#""MY3-B3" "animal" 1"#,
            r#""MY3-B5" "own flower or season" 1"#,
        ]
    );
    for loser in ["E", "W"] {
        assert_eq!(v["seats"][loser]["fan"], 0, "{loser}");
        assert_eq!(v["seats"][loser]["score"], 0, "{loser}");
    }
    assert!(v["seats"].get("N").is_none());
    assert_eq!(v["settlement"], json!({"E": -90, "S": 210, "W": -120}));
}

#[test]
fn the_sheet_of_the_example() {
    let (code, stdout, stderr) = score(EXAMPLE, false);
    assert_eq!(code, 0, "{stderr}");
    for line in [
        "malaysian-3p",
        "MY3-F5",
        "small three dragons",
        "6 fan: base 120",
        "concealed kong 9D",
        "group of four bonus tiles (faces)",
        "E pays S    240",
        "+210",
    ] {
        assert!(stdout.contains(line), "{line:?} missing in\n{stdout}");
    }
}

#[test]
fn below_the_minimum_is_refused() {
    // With West's flower 3F (nothing for South) in place of 2F and 1A: 3 + 1 = 4 fan, below
    // the minimum of 5 (still a bonus tile, so not the no-bonus limit).
    let table = EXAMPLE.replacen(r#""bonus": ["2F", "1A"]"#, r#""bonus": ["3F"]"#, 1);
    let (code, stdout, stderr) = score(&table, true);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stdout.is_empty());
    assert!(
        stderr.contains("seats.S: 4 fan, below the minimum of 5 (MY3-S1)"),
        "{stderr}"
    );
}

#[test]
fn simulate_plays_it_with_no_other_flag_and_its_record_replays() {
    let (code, stdout, stderr) =
        mahjong(&["simulate", "--ruleset", "malaysian-3p", "--games", "2"]);
    assert_eq!(code, 0, "{stderr}");
    // MY3-M3: a match is 16 hands.
    assert!(stdout.starts_with("games 2   hands 32 "), "{stdout}");
    assert!(stdout.contains("MY3-"), "{stdout}");
    let dir = std::env::temp_dir().join(format!("mahjong-my3-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("m.jsonl");
    let (code, _, stderr) = mahjong(&[
        "simulate",
        "--ruleset",
        "malaysian-3p",
        "--bots",
        "random",
        "--games",
        "3",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let (code, stdout, stderr) = mahjong(&["replay", record.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("replayed 3 games, 48 hands"), "{stdout}");
    assert!(stdout.contains("all agree"), "{stdout}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_ruleset_is_listed_shown_and_its_rules_given() {
    let (code, stdout, _) = mahjong(&["ruleset", "list"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("malaysian-3p  malaysian"), "{stdout}");
    let (code, stdout, _) = mahjong(&["ruleset", "show", "malaysian-3p"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("min_fan = 5"), "{stdout}");
    assert!(stdout.contains("flower_group = \"plus_one\""), "{stdout}");
    let (code, stdout, _) = mahjong(&["rules", "--family", "malaysian"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("MY3-S1"), "{stdout}");
    assert!(stdout.contains("MY3-X8"), "{stdout}");
    let (code, stdout, _) = mahjong(&["rules", "MY3-F5", "--lang", "cs"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("tři malí draci"), "{stdout}");
}

#[test]
fn options_of_play_are_played_by_simulate() {
    // MY3-P3 and MY3-J7.
    for o in ["multiple_winners=true", "claim_discarded_joker=true"] {
        let (code, stdout, err) = mahjong(&[
            "simulate",
            "--ruleset",
            "malaysian-3p",
            "--games",
            "1",
            "-o",
            o,
        ]);
        assert_eq!(code, 0, "{o}: {err}");
        assert!(stdout.contains("hands 16"), "{stdout}");
    }
}
