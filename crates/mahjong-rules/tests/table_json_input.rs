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
        "win: expected a JSON object, found 42"
    );
    v["win"] = json!("4B");
    assert_eq!(
        parse_error(&v.to_string()),
        "win: expected a JSON object, found \"4B\""
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

/// The error of a table, read and scored: `PATH: MESSAGE`.
fn table_error(text: &str) -> String {
    TableInput::from_json(text)
        .and_then(|input| score_input(&input).map(|_| ()))
        .expect_err("refused")
        .to_string()
}

/// seed000 with `edit` made to it.
fn seed000_with(edit: impl FnOnce(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(&seed000()).unwrap();
    edit(&mut v);
    v.to_string()
}

#[test]
fn a_tile_not_in_play_names_the_ruleset_and_why() {
    // No Rust names (`ClassicalNoFlowers`): the ruleset, what its set lacks, the option.
    let text = seed000_with(|v| v["options"] = json!({"flowers": false}));
    assert_eq!(
        table_error(&text),
        "seats.E.bonus[0]: 2F is not a tile of the millington set: it has no flowers \
         (option flowers = false)"
    );
    let korean = |edit: fn(&mut Value)| {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/korean-3p-discard.json"
        );
        let mut v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        edit(&mut v);
        table_error(&v.to_string())
    };
    assert_eq!(
        korean(|v| v["seats"]["E"]["concealed"][0] = json!("JK")),
        "seats.E.concealed[0]: JK is not a tile of the korean-3p set: it has no jokers"
    );
    assert_eq!(
        korean(|v| v["dora_indicator"] = json!("JK")),
        "dora_indicator: JK is not a tile of the korean-3p set: it has no jokers"
    );
    // Winds are in the set, the North is not: no reason to add.
    assert_eq!(
        korean(|v| v["seats"]["E"]["concealed"][0] = json!("NW")),
        "seats.E.concealed[0]: NW is not a tile of the korean-3p set"
    );
    assert_eq!(
        korean(|v| v["seats"]["S"]["bonus"][0] = json!("1S")),
        "seats.S.bonus[0]: 1S is not a tile of the korean-3p set: it has no seasons"
    );
}

#[test]
fn a_contradicting_kong_is_told_in_the_tables_values() {
    // seed000's East has an annexed kong first.
    let text = seed000_with(|v| v["seats"]["E"]["sets"][0]["exposed"] = json!(false));
    assert_eq!(
        table_error(&text),
        "seats.E.sets[0]: \"exposed\": false contradicts \"kong\": \"annexed\" (a kong is \
         exposed unless concealed)"
    );
    let text = seed000_with(|v| {
        v["seats"]["E"]["sets"][0]["kong"] = json!("concealed");
        v["seats"]["E"]["sets"][0]["exposed"] = json!(true);
    });
    assert_eq!(
        table_error(&text),
        "seats.E.sets[0]: \"exposed\": true contradicts \"kong\": \"concealed\" (a kong is \
         exposed unless concealed)"
    );
}

#[test]
fn a_set_without_tiles_says_so() {
    for (kind, message) in [
        ("pung", "a pung needs 3 tiles; none given"),
        ("chow", "a chow needs 3 tiles; none given"),
        ("kong", "a kong needs 4 tiles; none given"),
        ("pair", "a pair needs 2 tiles; none given"),
    ] {
        let text = seed000_with(|v| {
            v["seats"]["E"]["sets"][1] = json!({"kind": kind, "tiles": [], "exposed": true})
        });
        assert_eq!(table_error(&text), format!("seats.E.sets[1]: {message}"));
    }
}

#[test]
fn a_bad_count_names_the_whole_numbers_expected() {
    // `field` set to `value`, as written (serde_json's Value would rewrite the number).
    let count = |field: &str, value: &str| {
        let from = "\"east_consecutive_wins\": 0";
        let to = match field {
            "east_consecutive_wins" => format!("\"{field}\": {value}"),
            _ => format!("{from}, \"{field}\": {value}"),
        };
        table_error(&seed000().replacen(from, &to, 1))
    };
    let u32s = "a whole number from 0 to 4294967295 was expected";
    for (value, why) in [
        // Beyond u64: serde reads it as the float 1e+23; the number is given as written.
        (
            "99999999999999999999999",
            "99999999999999999999999 is out of range",
        ),
        ("4294967296", "4294967296 is out of range"),
        ("-1", "-1 is out of range"),
        ("-1e400", ""),
        ("1.5", "1.5 is not a whole number"),
        ("2.5e0", "2.5e0 is not a whole number"),
        ("3.0", "3.0 is not written as a whole number"),
        ("1e2", "1e2 is not written as a whole number"),
        ("1e10", "1e10 is out of range"),
        ("\"3\"", "\"3\" is not a number"),
        ("true", "true is not a number"),
        ("null", "null is not a number"),
        ("[1]", "an array is not a number"),
        ("{}", "an object is not a number"),
    ] {
        if why.is_empty() {
            // Not a number JSON can hold: a syntax error, at its place in the input.
            assert!(
                count("east_consecutive_wins", value).starts_with("input: number out of range"),
                "{value}"
            );
            continue;
        }
        assert_eq!(
            count("east_consecutive_wins", value),
            format!("east_consecutive_wins: {why}: {u32s}"),
        );
    }
    // A count bounded below its type names its own bound, as validation does.
    assert_eq!(
        count("goulash", "-1"),
        "goulash: -1 is out of range: a whole number from 0 to 100 was expected"
    );
    assert_eq!(
        count("honba", "5000000000"),
        "honba: 5000000000 is out of range: a whole number from 0 to 100 was expected"
    );
    assert_eq!(count("honba", "101"), "honba: must be at most 100");
    assert_eq!(
        count("riichi_pot", "-5"),
        "riichi_pot: -5 is out of range: a whole number from 0 to 100000000 was expected"
    );
    // An option's value, read by the ruleset.
    let text = seed000_with(|v| v["options"] = json!({"limit": "abc"}));
    assert_eq!(
        table_error(&text),
        "options.limit: \"abc\" is not a number: a whole number, 0 or more was expected"
    );
}

#[test]
fn other_wrong_types_are_said_in_json_words() {
    type Edit = fn(&mut Value);
    let cases: [(Edit, &str); 5] = [
        (
            |v| v["seats"]["E"]["concealed"] = json!("1D"),
            "seats.E.concealed: expected an array, found \"1D\"",
        ),
        (
            |v| v["seats"]["E"]["sets"] = json!(5),
            "seats.E.sets: expected an array, found 5",
        ),
        (
            |v| v["seats"] = json!([]),
            "seats: expected a JSON object, found an array",
        ),
        (
            |v| v["discards"][0] = json!(1.5),
            "discards[0]: expected a string, found 1.5",
        ),
        (
            |v| v["win"]["last_tile"] = json!(null),
            "win.last_tile: expected a boolean, found null",
        ),
    ];
    for (edit, message) in cases {
        assert_eq!(table_error(&seed000_with(edit)), message);
    }
}
