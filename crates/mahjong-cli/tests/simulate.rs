//! `mahjong simulate` and `mahjong replay`: determinism across thread counts, records that
//! replay cleanly, and tampered records caught.

use assert_cmd::Command;
use serde_json::Value;

mod common;
use common::tempdir;

fn mahjong() -> Command {
    Command::cargo_bin("mahjong").unwrap()
}

fn simulate(dir: &std::path::Path, threads: &str, name: &str) -> (Value, Vec<u8>) {
    let record = dir.join(name);
    let out = mahjong()
        .args([
            "simulate",
            "--games",
            "6",
            "--seed",
            "2026",
            "--bots",
            "greedy,random,greedy,random",
            "--max-hands",
            "8",
            "--threads",
            threads,
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
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    (summary, std::fs::read(&record).unwrap())
}

#[test]
fn same_seed_same_record_whatever_the_threads() {
    let dir = tempdir("sim");
    let (s1, r1) = simulate(&dir, "1", "one.jsonl");
    let (s2, r2) = simulate(&dir, "2", "two.jsonl");
    assert_eq!(r1, r2, "records differ between 1 and 2 threads");
    for key in [
        "games",
        "hands",
        "washouts",
        "wins",
        "limit_hands",
        "mean_score",
        "net_per_hand",
    ] {
        assert_eq!(s1[key], s2[key], "{key}");
    }
    assert_eq!(s1["games"], 6);
    let hands = s1["hands"].as_u64().unwrap();
    assert!((6..=48).contains(&hands), "{hands}");
    let wins: u64 = s1["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .sum();
    assert_eq!(wins + s1["washouts"].as_u64().unwrap(), hands);
    let headers = r1
        .split(|&b| b == b'\n')
        .filter(|l| l.starts_with(br#"{"type":"game""#))
        .count();
    assert_eq!(headers, 6);

    let out = mahjong()
        .arg("replay")
        .arg(dir.join("one.jsonl"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(&format!("replayed 6 games, {hands} hands, ")),
        "{text}"
    );
    assert!(text.ends_with("all agree\n"), "{text}");
}

#[test]
fn tampered_scores_are_caught() {
    let dir = tempdir("sim");
    let (_, record) = simulate(&dir, "1", "t.jsonl");
    let text = String::from_utf8(record).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let i = lines
        .iter()
        .position(|l| l.contains(r#""type":"scores""#) && l.contains(r#""payments":[{"#))
        .expect("some hand was won");
    let mut v: Value = serde_json::from_str(&lines[i]).unwrap();
    let amount = v["payments"][0]["amount"].as_u64().unwrap();
    v["payments"][0]["amount"] = Value::from(amount + 2);
    lines[i] = v.to_string();
    let path = dir.join("tampered.jsonl");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let out = mahjong().arg("replay").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains(&format!(
            "line {}: the scores event differs: payments[0].amount: recorded {}, the engine gives {amount}\n",
            i + 1,
            amount + 2
        )),
        "{err}"
    );

    std::fs::write(&path, "{not json\n").unwrap();
    let out = mahjong().arg("replay").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));

    // A wall holding a tile the ruleset does not have (a joker) is refused, not played.
    let mut header: Value = serde_json::from_str(&lines[0]).unwrap();
    let mut wall = vec![Value::from("JK")];
    wall.extend(std::iter::repeat_n(Value::from("1B"), 4));
    header["walls"] = Value::from(vec![Value::from(wall)]);
    std::fs::write(&path, header.to_string() + "\n").unwrap();
    let out = mahjong().arg("replay").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("line 1: the wall of hand 1 holds JK, which is not a tile of this ruleset"),
        "{err}"
    );
}

#[test]
fn bad_simulate_arguments_exit_2() {
    let out = mahjong()
        .args([
            "simulate",
            "--games",
            "1",
            "--bots",
            "greedy,nobody,greedy,greedy",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: --bots: unknown bot \"nobody\" (known: random, greedy, strong, or cmd:COMMAND for a program)\n"
    );
    let out = mahjong()
        .args(["simulate", "--games", "1", "--bots", "greedy,greedy"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = mahjong()
        .args(["simulate", "--games", "1", "--option", "limit=\"x\""])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn explicit_walls_from_a_file() {
    let dir = tempdir("sim");
    // A full 144-tile wall in index order: the deal is fixed, so the game is too.
    let mut codes: Vec<String> = Vec::new();
    for s in ['B', 'C', 'D'] {
        for r in 1..=9 {
            codes.extend(std::iter::repeat_n(format!("{r}{s}"), 4));
        }
    }
    for h in ["EW", "SW", "WW", "NW", "RD", "GD", "WD"] {
        codes.extend(std::iter::repeat_n(h.to_string(), 4));
    }
    for n in 1..=4 {
        codes.push(format!("{n}F"));
        codes.push(format!("{n}S"));
    }
    let wall = dir.join("wall.txt");
    std::fs::write(&wall, format!("# one hand\n{}\n", codes.join(" "))).unwrap();
    let record = dir.join("walled.jsonl");
    let out = mahjong()
        .args(["simulate", "--games", "1", "--max-hands", "1", "--wall"])
        .arg(&wall)
        .arg("--record")
        .arg(&record)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Deal order: four tiles each for three rounds from East, then one each, East one more:
    // East takes 1B×4, 5B×4, 9B×4, 4C and 5C; no dice are thrown for a given wall.
    let text = std::fs::read_to_string(&record).unwrap();
    let events: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(events[1]["type"], "hand_start");
    assert_eq!(events[1]["dice"], Value::Null);
    assert_eq!(events[2]["type"], "deal");
    assert_eq!(events[2]["player"], 0);
    let east: Vec<&str> = events[2]["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert_eq!(east.join(" "), "1B 1B 1B 1B 5B 5B 5B 5B 9B 9B 9B 9B 4C 5C");
    let out = mahjong().arg("replay").arg(&record).output().unwrap();
    assert!(out.status.success());

    codes.pop();
    std::fs::write(&wall, codes.join(" ")).unwrap();
    let out = mahjong()
        .args(["simulate", "--games", "1", "--wall"])
        .arg(&wall)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.ends_with(
            "line 1: 143 tiles; a wall must hold the ruleset's 144 tiles exactly (missing 1×4S)\n"
        ),
        "{err}"
    );

    // A wall of another tile set: each tile the ruleset lacks is named once, among the first
    // few extra kinds.
    codes.push("4S".to_string());
    std::fs::write(&wall, codes.join(" ")).unwrap();
    let out = mahjong()
        .args([
            "simulate",
            "--games",
            "1",
            "--ruleset",
            "korean-3p",
            "--wall",
        ])
        .arg(&wall)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.matches("4×2B").count(), 1, "{err}");
    assert!(err.contains("exactly (extra 4×2B 4×3B "), "{err}");
    assert!(err.len() < 300, "{err}");
}

#[test]
fn western_games_simulate_and_replay() {
    let dir = tempdir("sim");
    let record = dir.join("western.jsonl");
    let out = mahjong()
        .args([
            "simulate",
            "--ruleset",
            "western",
            "--games",
            "4",
            "--seed",
            "5",
            "--max-hands",
            "10",
            "--bots",
            "greedy,random,greedy,greedy",
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
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["games"], 4);
    assert_eq!(summary["hands"], 40);
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.starts_with(r#"{"type":"game","version":3,"ruleset":{"name":"western","preset":"western","family":"western""#));
    // Western settles through its own rule ids.
    assert!(text.contains(r#""rule":"W-B1""#));
    let out = mahjong().arg("replay").arg(&record).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `simulate --ruleset japanese-3p` needs no other flag; its summary names the yaku the
/// winners held with their shares, and its record replays (every table re-scored).
#[test]
fn japanese_3p_simulates_with_no_other_flag_and_replays() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("j3.jsonl");
    let out = mahjong()
        .args([
            "simulate",
            "--ruleset",
            "japanese-3p",
            "--games",
            "4",
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
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("most frequent in won hands: "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains("J3-Y"), "{line}");
    let events = std::fs::read_to_string(&record).unwrap();
    assert!(
        events.contains(r#""type":"set_aside""#),
        "greedy sets Norths aside"
    );
    let out = mahjong().arg("replay").arg(&record).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("all agree"));
}

/// The japanese-3p summary adds the mean han of a winning hand and the spread of the
/// players' final points (from 35,000, J3-P); families that count neither leave them out.
#[test]
fn japanese_3p_summary_has_mean_han_and_the_final_points() {
    let run = |ruleset: &str| -> Value {
        let out = mahjong()
            .args([
                "simulate",
                "--ruleset",
                ruleset,
                "--games",
                "6",
                "--seed",
                "5",
            ])
            .args(["--json", "--threads", "1"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let j = run("japanese-3p");
    // A win needs a yaku and always has Bazoro's 2 han (J3-S8): at least 3 han unless it
    // is a yakuman (counted 0), which is rare.
    let han = j["mean_han"].as_f64().unwrap();
    assert!((2.5..16.0).contains(&han), "{han}");
    let f = &j["final_points"];
    assert_eq!(f["players"], 18);
    let at = |k: &str| f[k].as_i64().unwrap();
    assert!(at("min") <= at("p10") && at("p10") <= at("median"));
    assert!(at("median") <= at("p90") && at("p90") <= at("max"));
    // A bust ends a match below zero; otherwise nobody is.
    assert_eq!(at("min") < 0, at("below_zero") > 0);
    let m = run("millington");
    assert!(m.get("mean_han").is_none() && m.get("final_points").is_none());
}

/// J3-P's payment bands are counted apart, the most frequent first (one id, five bands).
#[test]
fn the_summary_counts_the_japanese_bands_apart() {
    let out = mahjong()
        .args([
            "simulate",
            "--ruleset",
            "japanese-3p",
            "--games",
            "50",
            "--seed",
            "3",
            "--bots",
            "greedy",
            "--threads",
            "1",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "limit hands: J3-P mangan 139, J3-P haneman 58, J3-P baiman 20, \
             J3-P sanbaiman 1, J3-P yakuman 1\n"
        ),
        "{text}"
    );
}

/// The summary's limit hands carry their names, as its most frequent items do.
#[test]
fn the_summary_names_the_limit_hands() {
    let out = mahjong()
        .args(["simulate", "--games", "20", "--seed", "2"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "limit hands: M122c Gathering Plum Blossom from the Roof 1, \
             M122q Thirteen Unique Wonders 1"
        ),
        "{text}"
    );
}

/// Runs `cmd`, reads the first line of its standard output and closes it (as `| head -1`
/// does), then waits for it to end.
fn first_line_then_close(cmd: &mut std::process::Command) -> (String, std::process::Output) {
    use std::io::BufRead;
    let mut child = cmd
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    // The reader is dropped here: standard output is closed.
    (line, child.wait_with_output().unwrap())
}

/// `simulate --record - | head -1`: the reader has what it wanted and closes the pipe; the
/// run then ends at once, with status 0 and nothing on standard error (no `error:`, and no
/// summary either: the output is far larger than the pipe holds, so the run cannot have
/// finished before the reader went).
#[test]
fn a_closed_standard_output_ends_simulate_quietly() {
    for (flag, first) in [
        ("--record", "{\"type\":\"game\""),
        (
            "--csv",
            "game,rotation,hand,dealer,winner,net0,net1,net2,net3,winners",
        ),
        ("--jsonl", "{\"game\":0,"),
    ] {
        let (line, out) = first_line_then_close(
            std::process::Command::new(env!("CARGO_BIN_EXE_mahjong")).args([
                "simulate",
                "--games",
                "200",
                "--threads",
                "1",
                flag,
                "-",
            ]),
        );
        assert!(line.starts_with(first), "{flag}: {line}");
        assert_eq!(out.status.code(), Some(0), "{flag}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{flag}");
    }
}

/// `simulate --record - --csv FILE | head -1`: the record's reader goes, but the rows were
/// asked for in a file, so the run goes on and writes them all: the same file as a run
/// without the record, status 0, the summary on standard error.
#[test]
fn a_closed_standard_output_still_finishes_the_files() {
    let dir = tempdir("closed-stdout-files");
    let (alone, with) = (dir.join("alone.csv"), dir.join("with.csv"));
    let args = [
        "simulate",
        "--games",
        "200",
        "--threads",
        "1",
        "--seed",
        "4",
    ];
    let out = mahjong()
        .args(args)
        .arg("--csv")
        .arg(&alone)
        .output()
        .unwrap();
    assert!(out.status.success());
    let (line, out) = first_line_then_close(
        std::process::Command::new(env!("CARGO_BIN_EXE_mahjong"))
            .args(args)
            .args(["--record", "-", "--csv"])
            .arg(&with),
    );
    assert!(line.starts_with("{\"type\":\"game\""), "{line}");
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("hands/s"), "{stderr}");
    assert!(!stderr.contains("error"), "{stderr}");
    let rows = std::fs::read_to_string(&alone).unwrap();
    assert!(rows.lines().count() > 200, "{} rows", rows.lines().count());
    assert_eq!(std::fs::read_to_string(&with).unwrap(), rows);
}

/// The count of hands a liable discarder paid in full (`cannons` in `--json`) is named so,
/// and shown only where a discarder can be liable (dangerous discards, MY3-L3).
#[test]
fn cannons_are_explained_and_shown_only_where_the_ruleset_has_them() {
    for (ruleset, shown) in [
        ("millington", true),
        ("dmjl", true),
        ("malaysian-3p", true),
        ("western", false),
        ("korean-3p", false),
    ] {
        let args = [
            "simulate",
            "--ruleset",
            ruleset,
            "--games",
            "4",
            "--seed",
            "3",
        ];
        let text = mahjong().args(args).output().unwrap();
        assert!(text.status.success(), "{ruleset}");
        let text = String::from_utf8(text.stdout).unwrap();
        let s: Value =
            serde_json::from_slice(&mahjong().args(args).arg("--json").output().unwrap().stdout)
                .unwrap();
        let (mean, cannons) = (s["mean_score"].as_f64().unwrap(), &s["cannons"]);
        let line = if shown {
            format!(
                "mean winning score {mean:.1}   hands paid in full by a liable discarder \
                 (cannon) {cannons}\n"
            )
        } else {
            assert_eq!(*cannons, 0, "{ruleset}");
            format!("mean winning score {mean:.1}\n")
        };
        assert!(text.contains(&line), "{ruleset}: {text}\nwanted {line}");
        assert_eq!(text.contains("cannon"), shown, "{ruleset}: {text}");
    }
}

/// The column where the figures start in each of the summary's rows that list bots or
/// seats.
fn wins_columns(text: &str) -> Vec<usize> {
    text.lines()
        .filter(|l| l.starts_with("seat ") || l.starts_with("bot "))
        .map(|l| l.find(" wins ").unwrap())
        .collect()
}

/// A long bot name widens the name column for every row, with and without `--duplicate`.
#[test]
fn long_bot_names_keep_the_summary_rows_in_line() {
    let long = "cmd:while read l; do echo 'not json'; done";
    let bots = format!("{long},greedy,random,greedy");
    let args = [
        "simulate",
        "--games",
        "1",
        "--max-hands",
        "1",
        "--bots",
        &bots,
    ];
    let out = mahjong().args(args).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let at = long.len() + "seat 0  ".len() - 1;
    assert_eq!(wins_columns(&text), [at; 4], "{text}");
    assert!(text.contains(&format!("\nseat 1 {:<w$} wins ", "greedy", w = long.len())));
    let out = mahjong().args(args).arg("--duplicate").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(wins_columns(&text), [at - 1; 8], "{text}");
    // "bot 0 " is one shorter than "seat 0 ".
    let w = long.len() - 1;
    assert!(text.contains(&format!("\nseat 3 {:<w$} wins ", "(every bot)")));
}

/// `--duplicate --json`: `bots` is the bots' order (as `per_bot`), while `wins` and
/// `net_per_hand` are per seat; `per_seat` says so, naming the bots that played each seat.
#[test]
fn duplicate_json_names_the_bots_of_each_seat() {
    let out = mahjong()
        .args([
            "simulate",
            "--games",
            "2",
            "--max-hands",
            "1",
            "--duplicate",
            "--json",
        ])
        .args(["--bots", "greedy,random,random,strong"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let s: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        s["bots"],
        serde_json::json!(["greedy", "random", "random", "strong"])
    );
    let per_seat = s["per_seat"].as_array().unwrap();
    assert_eq!(per_seat.len(), 4);
    // Seat p in rotation r is bot (p + r) mod 4.
    assert_eq!(
        per_seat[1]["bots"],
        serde_json::json!(["random", "random", "strong", "greedy"])
    );
    for (p, seat) in per_seat.iter().enumerate() {
        assert_eq!(seat["seat"], p);
        assert_eq!(seat["wins"], s["wins"][p]);
        assert_eq!(seat["net_per_hand"], s["net_per_hand"][p]);
        assert_eq!(seat["net_per_hand_ci95"], s["net_per_hand_ci95"][p]);
    }
    // Without --duplicate each seat had one bot.
    let out = mahjong()
        .args(["simulate", "--games", "1", "--max-hands", "1", "--json"])
        .args(["--bots", "greedy,random,random,strong"])
        .output()
        .unwrap();
    let s: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(s["per_seat"][3]["bots"], serde_json::json!(["strong"]));
}
