//! The `mahjong` binary as users run it: outputs, exit codes, error messages.

mod common;

use assert_cmd::Command;
use serde_json::Value;

const EXAMPLE: &str = include_str!("../../../examples/seed000-settlement.json");

fn mahjong() -> Command {
    Command::cargo_bin("mahjong").unwrap()
}

fn example() -> Value {
    serde_json::from_str(EXAMPLE).unwrap()
}

/// Runs `score --json -` on a table; returns (status, stdout, stderr).
fn score_json(table: &Value) -> (i32, String, String) {
    common::score(&table.to_string(), true)
}

#[test]
fn seed000_worked_example_settles_exactly() {
    let (code, stdout, stderr) = score_json(&example());
    assert_eq!(code, 0, "{stderr}");
    let v: Value = serde_json::from_str(&stdout).unwrap();
    let score = |s: &str| v["seats"][s]["score"].as_u64().unwrap();
    assert_eq!(
        [score("N"), score("E"), score("S"), score("W")],
        [48, 20, 256, 4]
    );
    assert_eq!(
        v["settlement"],
        serde_json::json!({"E": -536, "S": 676, "W": -332, "N": 192})
    );
    assert_eq!(v["seats"]["N"]["limit"], Value::Null);
    assert_eq!(v["seats"]["N"]["points"], 24);
    assert_eq!(v["seats"]["N"]["doubles"], 1);
    let rules: Vec<&str> = v["seats"]["N"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["M114b", "M114b", "M115a", "M115b", "M116d"]);
    assert_eq!(
        v["payments"][0],
        serde_json::json!({"from": "E", "to": "N", "amount": 96})
    );
    assert_eq!(v["payments"].as_array().unwrap().len(), 6);
}

#[test]
fn readable_table_lists_items_with_rule_ids_and_payments() {
    let out = mahjong()
        .args(["score", "../../examples/seed000-settlement.json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("N wins with 4B from the wall"), "{text}");
    assert!(text.contains("M116d  pung of dragons RD"), "{text}");
    assert!(text.contains("24 points x 2^1 = 48"), "{text}");
    assert!(text.contains("E pays S    472"), "{text}");
    assert!(text.contains("  S    +676"), "{text}");
}

/// Bad input: exit 2, exactly one line on stderr (naming the input first), nothing on
/// stdout.
fn assert_bad(table: &Value, expected: &str) {
    let (code, stdout, stderr) = score_json(table);
    assert_eq!(code, 2, "stdout: {stdout}");
    assert_eq!(stdout, "");
    assert_eq!(stderr, format!("error: standard input: {expected}\n"));
}

#[test]
fn five_copies_name_the_set() {
    let mut t = example();
    t["seats"]["S"]["sets"] = serde_json::json!([
        {"kind": "pung", "tiles": ["SW", "SW", "SW"], "exposed": true},
        {"kind": "pung", "tiles": ["3C", "3C", "3C"], "exposed": true}
    ]);
    t["seats"]["S"]["concealed"] = serde_json::json!(["GD", "GD", "GD", "WD", "WD", "WD", "1C"]);
    t["seats"]["W"]["concealed"][0] = Value::from("3C");
    // Seats are read E, N, S, W: E's 3C is the 1st copy, S's pung the 2nd to 4th.
    assert_bad(&t, "seats.W.concealed[0]: 5 copies of 3C");
}

#[test]
fn bad_inputs_are_named() {
    let mut t = example();
    t["seats"]["E"]["concealed"][3] = Value::from("XX");
    assert_bad(
        &t,
        "seats.E.concealed[3]: unknown tile code \"XX\" (expected e.g. 5D, EW, RD, 1F)",
    );

    let mut t = example();
    t.as_object_mut().unwrap().remove("winner");
    assert_bad(&t, "winner: missing field (a seat, or null for a washout)");

    let mut t = example();
    t["win"]["tile"] = Value::from("1B");
    assert_bad(&t, "win.tile: 1B is not in the winner's hand");

    let mut t = example();
    t["seats"]["N"]["concealed"][0] = Value::from("1C");
    assert_bad(
        &t,
        "seats.N: not a legal Mah-Jongg under millington: the tiles do not form four sets and a pair",
    );

    let mut t = example();
    t["options"] = serde_json::json!({"mahjong_point": 20});
    let (code, stdout, stderr) = score_json(&t);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(
        stderr.starts_with(
            "error: standard input: options.mahjong_point: unknown option (known: \
             all_terminals_doubles, "
        ),
        "{stderr}"
    );

    let mut t = example();
    t["seats"]["X"] = serde_json::json!({});
    assert_bad(
        &t,
        "seats.X: unknown seat \"X\" (expected one of E, S, W, N)",
    );

    let mut t = example();
    t["seats"]["E"]["sets"][1]["exposed"] = Value::Null;
    t["seats"]["E"]["sets"][1]
        .as_object_mut()
        .unwrap()
        .remove("exposed");
    assert_bad(&t, "seats.E.sets[1]: missing field exposed");
}

#[test]
fn syntax_errors_and_missing_files_exit_2() {
    let out = mahjong()
        .args(["score", "--json", "-"])
        .write_stdin("{\"ruleset\": ")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: standard input: EOF while parsing a value at line 1 column 12\n"
    );
    // Nothing to read (`mahjong score` with empty input) says what a table is.
    for input in ["", " \n"] {
        let out = mahjong().arg("score").write_stdin(input).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(out.stdout.is_empty());
        assert_eq!(
            String::from_utf8(out.stderr).unwrap(),
            "error: standard input: empty; a table is a JSON object (docs/formats/table-json.md), \
             for example mahjong score examples/seed000-settlement.json\n"
        );
    }
    let out = mahjong()
        .args(["score", "--json", "/nonexistent/table.json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .starts_with("error: /nonexistent/table.json: "));
}

#[test]
fn batch_keeps_lines_aligned_and_reports_bad_lines() {
    let good = example().to_string();
    let mut bad = example();
    bad["prevailing_wind"] = Value::from("Q");
    let input = format!("{good}\n{}\n{good}\n", bad);
    let out = mahjong()
        .args(["score", "--batch", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["settlement"]["S"], 676);
    assert_eq!(
        lines[1],
        serde_json::json!({"error": "standard input line 2: prevailing_wind: unknown seat \"Q\" (expected one of E, S, W, N)"})
    );
    assert_eq!(lines[2], lines[0]);
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: standard input line 2: prevailing_wind: unknown seat \"Q\" (expected one of E, S, W, N)\n"
    );
}

#[test]
fn batch_of_good_lines_exits_0() {
    let good = example().to_string();
    let out = mahjong()
        .args(["score", "--batch", "-"])
        .write_stdin(format!("{good}\n\n{good}\n"))
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 2);
}

#[test]
fn ruleset_prints_toml_with_overrides() {
    let out = mahjong()
        .args(["ruleset", "bradfield", "--option", "limit=500"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    // A changed ruleset says so in its name; it starts from the preset.
    assert!(
        text.starts_with("name = \"bradfield with limit=500\"\nbase = \"bradfield\"\n"),
        "{text}"
    );
    assert!(text.contains("mahjong_points = 20"), "{text}");
    assert!(text.contains("limit = 500"), "{text}");
    assert!(text.contains("dead_wall = \"14-replenished\""), "{text}");
    let out = mahjong().args(["ruleset", "nope"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    // An option with no ruleset to change is refused, not dropped for the list.
    let out = mahjong()
        .args(["ruleset", "-o", "limit=5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: -o limit=5 needs a ruleset to change: mahjong ruleset NAME -o limit=5\n"
    );
    // `show` is the long form; what it prints reads back as a ruleset file.
    let shown = mahjong()
        .args(["ruleset", "show", "bradfield", "-o", "limit=500"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(shown.stdout).unwrap(), text);
    let dir = scratch_dir("show");
    let file = dir.join("club.toml");
    std::fs::write(&file, &text).unwrap();
    let again = mahjong()
        .args(["ruleset", "show", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
}

#[test]
fn ruleset_json_is_the_list_as_json() {
    let list = mahjong()
        .args(["ruleset", "list", "--json"])
        .output()
        .unwrap();
    let short = mahjong().args(["ruleset", "--json"]).output().unwrap();
    assert!(short.status.success());
    assert_eq!(short.stdout, list.stdout);
    assert!(String::from_utf8(short.stdout)
        .unwrap()
        .contains("\"name\": \"japanese-3p\""));
    // A ruleset prints as TOML (what `--ruleset` reads), not JSON.
    let out = mahjong()
        .args(["ruleset", "millington", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn ruleset_list_names_every_preset_with_its_family() {
    let out = mahjong()
        .args(["ruleset", "list", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows: Vec<(String, String)> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            assert!(!p["description"].as_str().unwrap().is_empty(), "{p}");
            (
                p["name"].as_str().unwrap().to_string(),
                p["family"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let want = [
        ("millington", "classical"),
        ("bradfield", "classical"),
        ("western", "western"),
        ("korean-3p", "korean"),
        ("japanese-3p", "japanese"),
    ];
    for (name, family) in want {
        assert!(
            rows.contains(&(name.to_string(), family.to_string())),
            "{name} ({family}) missing from {rows:?}"
        );
    }
    assert_eq!(rows.len(), mahjong_rules::PRESETS.len());
    let text = mahjong().args(["ruleset", "list"]).output().unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert_eq!(text.lines().count(), rows.len());
    // Columns padded to the longest name.
    let first: Vec<&str> = text.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(first[..2], ["millington", "classical"], "{text}");
    // A bare `mahjong ruleset` lists them too.
    let bare = mahjong().args(["ruleset"]).output().unwrap();
    assert!(bare.status.success());
    assert_eq!(String::from_utf8(bare.stdout).unwrap(), text);
}

#[test]
fn ruleset_file_errors_name_the_key_and_the_line() {
    let dir = scratch_dir("errors");
    let cases = [
        (
            "base = \"bradfield\"\n[options]\nlimit = 500\nmahjong_pts = 30\n",
            "line 4: options.mahjong_pts: unknown option",
        ),
        (
            "base = \"bradfield\"\n\n[options]\nmahjong_points = \"many\"\n",
            "line 4: options.mahjong_points: \"many\" is not a number: a whole number, 0 or more was expected",
        ),
        (
            "base = \"korean-3p\"\n[options]\nno_bamboo = true\nfive_bamboo = true\n",
            "line 4: options.five_bamboo: needs bamboo (no_bamboo is on)",
        ),
        (
            "base = \"bradfield\"\nlimit = 5\n",
            "line 2: unknown field `limit`",
        ),
        ("[options]\nlimit = 5\n", "line 1: base: missing"),
        // The file and the line of a base that is no preset (a new-user audit found
        // neither named).
        (
            "name = \"x\"\n\nbase = \"nope\"\n",
            "line 3: base: unknown ruleset \"nope\"",
        ),
    ];
    for (i, (text, want)) in cases.iter().enumerate() {
        let file = dir.join(format!("bad{i}.toml"));
        std::fs::write(&file, text).unwrap();
        let out = mahjong()
            .args(["ruleset", "show", file.to_str().unwrap()])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{text}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(want), "{text}: {err}");
        assert!(err.contains(file.to_str().unwrap()), "{err}");
    }
}

#[test]
fn western_example_scores_and_settles() {
    let table: Value =
        serde_json::from_str(include_str!("../../../examples/western-settlement.json")).unwrap();
    let (code, stdout, stderr) = score_json(&table);
    assert_eq!(code, 0, "{stderr}");
    let v: Value = serde_json::from_str(&stdout).unwrap();
    let score = |s: &str| v["seats"][s]["score"].as_u64().unwrap();
    // N: 20 (W-B1) + 2 (W-B3) + 8 (concealed 9C, W-P4) + 4 (exposed RD, W-P7) = 34, × 2 (W-D2).
    assert_eq!(
        [score("N"), score("E"), score("S"), score("W")],
        [68, 20, 256, 4]
    );
    assert_eq!(
        v["settlement"],
        serde_json::json!({"E": -576, "S": 656, "W": -352, "N": 272})
    );
    let rules: Vec<&str> = v["seats"]["N"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["W-P4", "W-P7", "W-B1", "W-B3", "W-D2"]);
}

/// A fresh directory for one test's files.
fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mahjong-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `replay --tables` writes each hand of a record as a table that `score --batch` scores to
/// the record's own result (`docs/rules/only-place.md`, "Tables the engine produces").
#[test]
fn replay_tables_score_back_to_the_record() {
    let dir = scratch_dir("tables");
    let rec = dir.join("game.jsonl");
    for ruleset in ["western", "korean-3p"] {
        mahjong()
            .args([
                "simulate",
                "--ruleset",
                ruleset,
                "--games",
                "2",
                "--seed",
                "3",
            ])
            .args(["--max-hands", "4", "--record", rec.to_str().unwrap()])
            .assert()
            .success();
        let tables = mahjong()
            .args(["replay", "--tables", rec.to_str().unwrap()])
            .output()
            .unwrap();
        assert_eq!(tables.status.code(), Some(0));
        let scored = mahjong()
            .args(["score", "--batch", "-"])
            .write_stdin(tables.stdout.clone())
            .output()
            .unwrap();
        assert_eq!(scored.status.code(), Some(0), "{scored:?}");
        let record = std::fs::read_to_string(&rec).unwrap();
        let mut dealer = 0;
        let mut want = vec![];
        for line in record.lines() {
            let e: Value = serde_json::from_str(line).unwrap();
            match e["type"].as_str() {
                Some("hand_start") => dealer = e["dealer"].as_u64().unwrap() as usize,
                Some("scores") => want.push((dealer, e)),
                _ => {}
            }
        }
        let got: Vec<Value> = String::from_utf8(scored.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(got.len(), 8, "{ruleset}: 2 games of 4 hands");
        assert_eq!(got.len(), want.len());
        for (g, (dealer, e)) in got.iter().zip(&want) {
            let winds: Vec<&String> = g["seats"].as_object().unwrap().keys().collect();
            let order: Vec<&str> = ["E", "S", "W", "N"]
                .into_iter()
                .filter(|w| winds.iter().any(|k| k.as_str() == *w))
                .collect();
            let n = order.len();
            for p in 0..n {
                let w = order[(p + n - dealer) % n];
                assert_eq!(g["seats"][w]["score"], e["scores"][p], "{ruleset} {w}");
                assert_eq!(g["settlement"][w], e["settlement"][p], "{ruleset} {w}");
            }
        }
    }
}
