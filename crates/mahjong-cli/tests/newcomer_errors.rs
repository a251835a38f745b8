//! Rough edges a new user met: `score` errors that did not name their file, `--batch`
//! messages with two line numbers, ruleset files reporting a later line first, option
//! ranges in Rust's type limits, `rules --family` refusing a preset name, and what
//! `simulate --threads 0` means.

use std::path::Path;

use serde_json::Value;

mod common;
use common::{run, tempdir};

const EXAMPLE: &str = include_str!("../../../examples/seed000-settlement.json");

/// Exit 2, nothing on stdout, exactly `message` on stderr.
fn refused(args: &[&str], stdin: &str, message: &str) {
    let (code, stdout, stderr) = run(args, stdin);
    assert_eq!(code, 2, "{args:?}: {stderr}");
    assert_eq!(stdout, "", "{args:?}");
    assert_eq!(stderr, format!("error: {message}\n"), "{args:?}");
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// The example table with its winning tile replaced by an unknown code.
fn bad_tile() -> String {
    let mut v: Value = serde_json::from_str(EXAMPLE).unwrap();
    v["win"]["tile"] = Value::from("4X");
    serde_json::to_string_pretty(&v).unwrap()
}

#[test]
fn score_errors_name_the_file_or_standard_input() {
    let dir = tempdir("score");
    // A syntax error keeps serde's line and column, after the file's name.
    let cut = write(
        &dir,
        "cut.json",
        "{\n  \"ruleset\": \"millington\",\n  \"winner\": ",
    );
    refused(
        &["score", &cut],
        "",
        &format!("{cut}: EOF while parsing a value at line 3 column 12"),
    );
    // A content check keeps its field path.
    let tile = write(&dir, "tile.json", &bad_tile());
    let message = "win.tile: unknown tile code \"4X\" (expected e.g. 5D, EW, RD, 1F)";
    refused(&["score", &tile], "", &format!("{tile}: {message}"));
    refused(
        &["score", "--json", &tile],
        "",
        &format!("{tile}: {message}"),
    );
    refused(
        &["score", "-"],
        &bad_tile(),
        &format!("standard input: {message}"),
    );
    let array = write(&dir, "array.json", "[]\n");
    refused(
        &["score", &array],
        "",
        &format!("{array}: expected a JSON object (a table), found an array"),
    );
}

#[test]
fn batch_errors_give_the_file_and_one_line_number() {
    let dir = tempdir("batch");
    let good: Value = serde_json::from_str(EXAMPLE).unwrap();
    let mut wind = good.clone();
    wind["prevailing_wind"] = Value::from("Q");
    let file = write(&dir, "tables.jsonl", &format!("{good}\n{{1: 2}}\n{wind}\n"));
    let hint = "(with --batch each line must hold one whole table: JSON Lines)";
    let expected = [
        format!("{file} line 2: key must be a string at column 2 {hint}"),
        format!("{file} line 3: prevailing_wind: unknown seat \"Q\" (expected one of E, S, W, N)"),
    ];
    let (code, stdout, stderr) = run(&["score", "--batch", &file], "");
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(
        stderr,
        format!("error: {}\nerror: {}\n", expected[0], expected[1])
    );
    let lines: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(lines[0]["settlement"]["S"], 676);
    assert_eq!(lines[1], serde_json::json!({ "error": expected[0] }));
    assert_eq!(lines[2], serde_json::json!({ "error": expected[1] }));
    // From standard input, the same with its name.
    let (code, _, stderr) = run(&["score", "--batch", "-"], &format!("{good}\n{{1: 2}}\n"));
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        format!("error: standard input line 2: key must be a string at column 2 {hint}\n")
    );
}

#[test]
fn a_ruleset_file_reports_its_first_problem_in_file_order() {
    let dir = tempdir("order");
    let head = "name = \"club\"\nbase = \"millington\"\n[options]\n";
    let thirty = "\"thirty\" is not a number: a whole number, 0 or more was expected";
    // A bad value on line 4 before an unknown option on line 5 (whose name sorts first).
    let both = write(
        &dir,
        "both.toml",
        &format!("{head}mahjong_points = \"thirty\"\nlimt = 1\n"),
    );
    let first = format!("{both}: line 4: options.mahjong_points: {thirty}");
    refused(&["ruleset", "show", &both], "", &first);
    refused(
        &["simulate", "--games", "1", "--ruleset", &both],
        "",
        &format!("--ruleset: {first}"),
    );
    // With line 4 fixed, line 5.
    let fixed = write(
        &dir,
        "fixed.toml",
        &format!("{head}mahjong_points = 30\nlimt = 1\n"),
    );
    let (code, _, stderr) = run(&["ruleset", "show", &fixed], "");
    assert_eq!(code, 2);
    assert!(
        stderr.starts_with(&format!(
            "error: {fixed}: line 5: options.limt: unknown option (known: "
        )),
        "{stderr}"
    );
    // The other way round: the unknown option, first in the file, is reported first.
    let swapped = write(
        &dir,
        "swapped.toml",
        &format!("{head}limt = 1\nmahjong_points = \"thirty\"\n"),
    );
    let (code, _, stderr) = run(&["ruleset", "show", &swapped], "");
    assert_eq!(code, 2);
    assert!(
        stderr.starts_with(&format!(
            "error: {swapped}: line 4: options.limt: unknown option (known: "
        )),
        "{stderr}"
    );
}

#[test]
fn option_ranges_do_not_show_type_limits() {
    let show = |preset: &str, option: &str, message: &str| {
        refused(
            &["ruleset", "show", preset, "-o", option],
            "",
            &format!("options.{message}"),
        )
    };
    // u64, u32, u8: no maximum that is only the type's.
    show(
        "millington",
        "limit=abc",
        "limit: \"abc\" is not a number: a whole number, 0 or more was expected",
    );
    show(
        "millington",
        "mahjong_points=-1",
        "mahjong_points: -1 is out of range: a whole number, 0 or more was expected",
    );
    show(
        "millington",
        "mahjong_points=2.5",
        "mahjong_points: 2.5 is not a whole number: a whole number, 0 or more was expected",
    );
    show(
        "japanese-3p",
        "yakuman_cap=x",
        "yakuman_cap: \"x\" is not a number: a whole number, 0 or more was expected",
    );
    // Above the type's maximum, that maximum is the reason, so it is said.
    show(
        "millington",
        "mahjong_points=5000000000",
        "mahjong_points: 5000000000 is out of range: a whole number from 0 to 4294967295 was \
         expected",
    );
    show(
        "japanese-3p",
        "yakuman_cap=300",
        "yakuman_cap: 300 is out of range: a whole number from 0 to 255 was expected",
    );
    // A rule's own bound still names itself.
    show(
        "millington",
        "limit=0",
        "limit: must be between 1 and 1000000",
    );
    // The same through simulate, as the user met it.
    refused(
        &["simulate", "--games", "1", "-o", "limit=abc"],
        "",
        "--option: options.limit: \"abc\" is not a number: a whole number, 0 or more was expected",
    );
}

#[test]
fn rules_family_takes_a_preset_name_for_its_family() {
    let (code, presets, _) = run(&["ruleset", "list", "--json"], "");
    assert_eq!(code, 0);
    let presets: Vec<Value> = serde_json::from_str(&presets).unwrap();
    assert!(!presets.is_empty());
    let rules = |family: &str, json: bool| {
        let mut args = vec!["rules", "--family", family];
        if json {
            args.push("--json");
        }
        run(&args, "")
    };
    for p in &presets {
        let (name, family) = (p["name"].as_str().unwrap(), p["family"].as_str().unwrap());
        for json in [false, true] {
            let by_preset = rules(name, json);
            assert_eq!(by_preset.0, 0, "{name}: {}", by_preset.2);
            assert!(!by_preset.1.is_empty(), "{name}");
            assert_eq!(by_preset, rules(family, json), "{name} is {family}");
        }
    }
    // Neither a family nor a preset: the families are listed, and presets are said to work.
    refused(
        &["rules", "--family", "riichi"],
        "",
        "unknown family \"riichi\" (families: classical, kajongg, western, korean, japanese, \
         malaysian; or a preset from `mahjong ruleset list`, meaning its family)",
    );
    let (code, help, _) = run(&["rules", "--help"], "");
    assert_eq!(code, 0);
    assert!(
        help.contains("--family <FAMILY|PRESET>")
            && help.contains("a preset name (`mahjong ruleset list`) means its family"),
        "{help}"
    );
}

#[test]
fn threads_0_is_one_per_core_and_says_so() {
    let (code, help, _) = run(&["simulate", "--help"], "");
    assert_eq!(code, 0);
    assert!(
        help.contains("Worker threads (0, the default: one per core;"),
        "{help}"
    );
    let summary = |threads: &str| {
        let (code, stdout, stderr) = run(
            &[
                "simulate",
                "--games",
                "2",
                "--seed",
                "5",
                "--max-hands",
                "2",
                "--json",
                "--threads",
                threads,
            ],
            "",
        );
        assert_eq!(code, 0, "--threads {threads}: {stderr}");
        // One per core is never more than the machine runs: no clamping note.
        assert_eq!(stderr, "", "--threads {threads}");
        serde_json::from_str::<Value>(&stdout).unwrap()
    };
    let (zero, one) = (summary("0"), summary("1"));
    for key in ["hands", "wins", "net_per_hand"] {
        assert_eq!(zero[key], one[key], "{key}");
    }
}
