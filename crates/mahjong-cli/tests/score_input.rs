//! `mahjong score` on the inputs of the new-user audit: exit status 2 with one clear message
//! for bad input (options too large to settle, text after the table, a non-object), a
//! byte-order mark accepted, and `--batch` going on past a bad line.

use assert_cmd::Command;

fn example(name: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    std::fs::read_to_string(dir.join(name)).unwrap()
}

/// The example table on one line, as `--batch` reads it.
fn one_line(name: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(&example(name)).unwrap();
    v.to_string()
}

/// Runs `mahjong ARGS` on `stdin`: (exit status, stdout, stderr).
fn run(args: &[&str], stdin: impl Into<Vec<u8>>) -> (i32, String, String) {
    let out = Command::cargo_bin("mahjong")
        .unwrap()
        .args(args)
        .write_stdin(stdin.into())
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn refused(args: &[&str], stdin: impl Into<Vec<u8>>, message: &str) {
    let (code, stdout, stderr) = run(args, stdin);
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(stdout, "");
    assert_eq!(stderr, format!("error: {message}\n"));
}

const ORPHANS: &str = r#"{"ruleset":"RULESET","options":{"OPTION":VALUE},"prevailing_wind":"E","winner":"E","win":{"tile":"1C","from":"wall"},"seats":{"E":{"concealed":["1C","9C","1B","9B","1D","9D","EW","SW","WW","NW","RD","GD","WD","1C"]},"S":{},"W":{},"N":{}}}"#;

fn orphans(ruleset: &str, option: &str, value: u64) -> String {
    ORPHANS
        .replace("RULESET", ruleset)
        .replace("OPTION", option)
        .replace("VALUE", &value.to_string())
}

#[test]
fn a_limit_too_large_to_settle_is_refused() {
    for value in [4_611_686_018_427_387_904, 3_074_457_345_618_258_602] {
        refused(
            &["score", "--json", "-"],
            orphans("millington", "limit", value),
            "standard input: options.limit: must be between 1 and 1000000",
        );
        refused(
            &["score", "--json", "-"],
            orphans("western", "payment_limit", value),
            "standard input: options.payment_limit: must be between 1 and 1000000",
        );
    }
}

#[test]
fn the_largest_limit_scores_exactly() {
    // Western: East's double payments (W-S1) reach the East cap of 2 × the limit (W-S3).
    for (preset, option) in [("millington", "limit"), ("western", "payment_limit")] {
        let (code, stdout, stderr) = run(
            &["score", "--json", "-"],
            orphans(preset, option, 1_000_000),
        );
        assert_eq!(code, 0, "{preset}: {stderr}");
        let out: serde_json::Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(
            out["settlement"],
            serde_json::json!({"E": 6_000_000, "S": -2_000_000, "W": -2_000_000, "N": -2_000_000}),
            "{preset}"
        );
    }
}

#[test]
fn text_after_the_table_is_refused() {
    let table = example("seed000-settlement.json");
    refused(
        &["score", "--json", "-"],
        format!("{table}garbage\n"),
        "standard input: trailing characters at line 35 column 1",
    );
    refused(
        &["score", "-"],
        format!("{table}{table}"),
        "standard input: trailing characters at line 35 column 1",
    );
}

#[test]
fn a_table_that_is_not_an_object_is_refused_in_json_words() {
    for (stdin, found) in [
        ("[]\n", "an array"),
        ("42\n", "a number"),
        ("[[\"millington\"], []]\n", "an array"),
    ] {
        refused(
            &["score", "-"],
            stdin,
            &format!("standard input: expected a JSON object (a table), found {found}"),
        );
    }
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let table = example("seed000-settlement.json");
    let (code, plain, _) = run(&["score", "--json", "-"], table.clone());
    assert_eq!(code, 0);
    let (code, with_bom, stderr) = run(&["score", "--json", "-"], format!("\u{feff}{table}"));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(with_bom, plain);
}

#[test]
fn batch_goes_on_past_a_line_that_is_not_utf8() {
    let table = one_line("seed000-settlement.json");
    let mut stdin = format!("{table}\n").into_bytes();
    stdin.extend_from_slice(b"\xff\n");
    stdin.extend_from_slice(format!("{table}\n").as_bytes());
    let (code, stdout, stderr) = run(&["score", "--batch", "-"], stdin);
    assert_eq!(code, 2);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    let message = "standard input line 2: not valid UTF-8 (byte 1 of the line)";
    assert_eq!(
        lines[1],
        serde_json::json!({ "error": message }).to_string()
    );
    assert_eq!(stderr, format!("error: {message}\n"));
    // The README's worked settlement.
    let first: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(
        first["settlement"],
        serde_json::json!({"E": -536, "S": 676, "W": -332, "N": 192})
    );
    assert_eq!(lines[2], lines[0]);
}

#[test]
fn batch_says_each_line_must_hold_a_whole_table() {
    let table = one_line("seed000-settlement.json");
    // Two tables on one line, then a pretty-printed table's first line.
    let (code, stdout, stderr) = run(
        &["score", "--batch", "-"],
        format!("{table}{table}\n{{\n{table}\n"),
    );
    assert_eq!(code, 2);
    let hint = "(with --batch each line must hold one whole table: JSON Lines)";
    let column = table.len() + 1;
    let expected = [
        format!("standard input line 1: trailing characters at column {column} {hint}"),
        format!("standard input line 2: EOF while parsing an object at column 1 {hint}"),
    ];
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    for (line, message) in lines.iter().zip(&expected) {
        assert_eq!(*line, serde_json::json!({ "error": message }).to_string());
    }
    assert!(lines[2].starts_with("{\"seats\""), "{}", lines[2]);
    assert_eq!(
        stderr,
        format!("error: {}\nerror: {}\n", expected[0], expected[1])
    );
}
