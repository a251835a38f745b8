//! The JSON input path never panics, whatever it is given: random text, byte edits of a
//! valid table, and valid JSON with any field replaced by any value. When a mangled table
//! is still accepted, its settlement still sums to zero.

use mahjong_rules::{score_input, TableInput};
use proptest::prelude::*;
use serde_json::Value;

const EXAMPLE: &str = include_str!("../../../examples/seed000-settlement.json");

fn check(text: &str) {
    if let Ok(input) = TableInput::from_json(text) {
        if let Ok((_, _, outcome)) = score_input(&input) {
            assert_eq!(outcome.settlement.iter().sum::<i64>(), 0);
        }
    }
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        "[0-9A-Z]{0,3}".prop_map(Value::from),
        prop::sample::select(vec![
            "E",
            "S",
            "W",
            "N",
            "5D",
            "RD",
            "1F",
            "4S",
            "wall",
            "discard",
            "loose",
            "robbed_kong",
            "chow",
            "pung",
            "kong",
            "pair",
            "concealed",
            "claimed",
            "annexed",
            "bradfield",
            "millington",
            "E:5D",
        ])
        .prop_map(Value::from),
    ]
}

fn value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map("[a-z_]{1,8}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Every path (object keys and array indices) in a JSON value.
fn paths(v: &Value, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    out.push(prefix.clone());
    match v {
        Value::Object(m) => {
            for (k, c) in m {
                prefix.push(k.clone());
                paths(c, prefix, out);
                prefix.pop();
            }
        }
        Value::Array(a) => {
            for (i, c) in a.iter().enumerate() {
                prefix.push(i.to_string());
                paths(c, prefix, out);
                prefix.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(v: &'a mut Value, path: &[String]) -> &'a mut Value {
    path.iter().fold(v, |v, k| match v {
        Value::Array(a) => &mut a[k.parse::<usize>().unwrap()],
        other => &mut other[k.as_str()],
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_text_never_panics(s in "\\PC{0,64}") {
        check(&s);
    }

    #[test]
    fn byte_edits_never_panic(edits in prop::collection::vec((0usize..2000, any::<u8>(), 0u8..3), 1..6)) {
        let mut bytes = EXAMPLE.as_bytes().to_vec();
        for (pos, b, op) in edits {
            let i = pos % (bytes.len() + 1);
            match op {
                0 if i < bytes.len() => { bytes[i] = b; }
                1 => bytes.insert(i, b),
                _ if i < bytes.len() => { bytes.remove(i); }
                _ => {}
            }
        }
        check(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn replacing_any_field_never_panics(pick in any::<prop::sample::Index>(), v in value()) {
        let mut table: Value = serde_json::from_str(EXAMPLE).unwrap();
        let mut all = Vec::new();
        paths(&table, &mut Vec::new(), &mut all);
        let path = pick.get(&all).clone();
        *at(&mut table, &path) = v;
        check(&table.to_string());
    }
}
