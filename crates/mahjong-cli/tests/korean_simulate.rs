//! `mahjong simulate` and `mahjong replay` on the three-player game: a recorded korean-3p
//! game re-plays exactly, and the summary has three seats.

use assert_cmd::Command;
use serde_json::Value;

#[test]
fn a_recorded_korean_game_replays_and_the_summary_has_three_seats() {
    let dir = std::env::temp_dir().join(format!("mj-k3-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("k3.jsonl");
    let out = Command::cargo_bin("mahjong")
        .unwrap()
        .args([
            "simulate",
            "--ruleset",
            "korean-3p",
            "--games",
            "2",
            "--seed",
            "4",
        ])
        .args([
            "--bots",
            "greedy,random,greedy",
            "--threads",
            "1",
            "--json",
            "--record",
        ])
        .arg(&record)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    // Two matches of 9 hands: the deal passes after every hand (K3-M).
    assert_eq!(v["games"], 2);
    assert_eq!(v["hands"], 18);
    assert_eq!(v["wins"].as_array().unwrap().len(), 3);
    let out = Command::cargo_bin("mahjong")
        .unwrap()
        .arg("replay")
        .arg(&record)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("replayed 2 games, 18 hands,"), "{text}");
    assert!(text.trim_end().ends_with("all agree"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}
