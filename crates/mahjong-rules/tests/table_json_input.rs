//! What `TableInput::from_json` refuses or forgives, and how it says so: text after the table,
//! a value that is not an object, a byte-order mark (the new-user audit's findings).

use mahjong_rules::{score_input, TableInput};
use serde_json::{json, Value};

fn parse_error(text: &str) -> String {
    TableInput::from_json(text)
        .map(|_| ())
        .expect_err("refused")
        .to_string()
}

fn seed000() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/seed000-settlement.json"
    );
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn text_after_the_table_is_an_error() {
    let table = seed000();
    assert_eq!(
        parse_error(&format!("{table}garbage\n")),
        "input: trailing characters at line 35 column 1"
    );
    // Two tables in one input: the second was silently dropped.
    assert_eq!(
        parse_error(&format!("{}{}", table.trim_end(), table)),
        "input: trailing characters at line 34 column 2"
    );
    // Whitespace after the table is fine.
    assert!(TableInput::from_json(&format!("{table}\n\n  \n")).is_ok());
}

#[test]
fn a_table_must_be_a_json_object() {
    let cases = [
        ("[]", "an array"),
        ("42", "a number"),
        ("-1.5", "a number"),
        ("\"millington\"", "a string"),
        ("true", "a boolean"),
        ("null", "null"),
        // Serde would read an array as the fields in order; the contract is an object.
        (r#"[["millington"]]"#, "an array"),
    ];
    for (text, found) in cases {
        assert_eq!(
            parse_error(text),
            format!("input: expected a JSON object (a table), found {found}"),
            "{text}"
        );
    }
    // Not JSON at all: the syntax error, not a guess at a type.
    assert_eq!(
        parse_error("[1,"),
        "input: EOF while parsing a value at line 1 column 3"
    );
}

#[test]
fn an_object_expected_inside_the_table_is_said_in_json_words() {
    let mut v: Value = serde_json::from_str(&seed000()).unwrap();
    v["win"] = json!(42);
    assert_eq!(
        parse_error(&v.to_string()),
        "win: expected a JSON object, found integer `42`"
    );
    v["win"] = json!([]);
    assert_eq!(
        parse_error(&v.to_string()),
        "win: expected a JSON object, found an array"
    );
    v["win"] = json!({"tile": "4B", "from": "wall"});
    v["seats"]["E"] = json!(null);
    assert_eq!(
        parse_error(&v.to_string()),
        "seats.E: expected a JSON object, found null"
    );
}

#[test]
fn a_leading_byte_order_mark_is_skipped() {
    let table = seed000();
    let plain = score_input(&TableInput::from_json(&table).unwrap())
        .unwrap()
        .2;
    let input = TableInput::from_json(&format!("\u{feff}{table}")).unwrap();
    let (_, _, with_bom) = score_input(&input).unwrap();
    assert_eq!(with_bom.settlement, plain.settlement);
    // Only one, and only at the start.
    assert_eq!(
        parse_error(&format!("\u{feff}\u{feff}{table}")),
        "input: expected value at line 1 column 1"
    );
}
