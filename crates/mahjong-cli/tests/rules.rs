//! `mahjong rules`: the rule catalogue as a table and as JSON, and its usage errors.

use assert_cmd::Command;
use serde_json::{json, Value};

/// Runs `mahjong rules ARGS`: (status, stdout, stderr).
fn rules(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("mahjong")
        .unwrap()
        .arg("rules")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn lines_starting<'a>(out: &'a str, id: &str) -> Vec<&'a str> {
    out.lines()
        .filter(|l| l.split_whitespace().next() == Some(id))
        .collect()
}

#[test]
fn the_table_gives_id_kind_and_name_with_variants_under_it() {
    let (code, out, err) = rules(&["--family", "western"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = out.lines().collect();
    // Widest western id: W-L10 (5 characters).
    assert_eq!(
        lines[0],
        "W-G1   play        a draw pays nothing and passes the deal"
    );
    let p1 = lines.iter().position(|l| l.starts_with("W-P1 ")).unwrap();
    assert_eq!(
        &lines[p1..p1 + 3],
        [
            "W-P1   score       scoring pair",
            "                     pair of dragons or own wind",
            "                     pair of prevailing wind",
        ]
    );
    assert_eq!(
        lines_starting(&out, "W-S3"),
        ["W-S3   settlement  payment limit"]
    );
    assert_eq!(
        lines.len(),
        47 + 2 + 2 + 2,
        "47 entries and 3 ids with two variants"
    );
    assert!(!out.contains("M114b"), "one family only");
}

#[test]
fn names_come_in_the_chosen_language() {
    let (code, out, _) = rules(&["--family", "classical", "--lang", "cs"]);
    assert_eq!(code, 0);
    assert_eq!(
        lines_starting(&out, "M29"),
        ["M29      score       sedm párů"]
    );
    assert_eq!(
        lines_starting(&out, "M53–M56"),
        ["M53–M56  play        čekající ruka a původní ohlášení"]
    );
    let (_, out, _) = rules(&["--family", "korean", "--lang", "pl"]);
    assert_eq!(
        lines_starting(&out, "K3-P8"),
        ["K3-P8    play        święty odrzut"]
    );
}

#[test]
fn every_family_has_its_section() {
    let (code, out, _) = rules(&[]);
    assert_eq!(code, 0);
    let heads: Vec<&str> = out
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with(' ') && !l.contains("  "))
        .collect();
    assert_eq!(heads, ["classical", "western", "korean"]);
}

#[test]
fn json_gives_every_entry_with_names_and_variants() {
    let (code, out, _) = rules(&["--json"]);
    assert_eq!(code, 0);
    let v: Vec<Value> = serde_json::from_str(&out).unwrap();
    assert_eq!(v.len(), 81 + 47 + 83);
    let m29 = v.iter().find(|e| e["id"] == "M29").unwrap();
    assert_eq!(
        m29,
        &json!({"id": "M29", "key": "m29_seven_pairs", "family": "classical", "kind": "score",
                "names": {"en": "seven pairs", "cs": "sedm párů", "pl": "siedem par"}})
    );
    let o6 = v.iter().find(|e| e["id"] == "K3-O6").unwrap();
    assert_eq!(
        o6,
        &json!({"id": "K3-O6", "key": "k3_o6_red_fives", "family": "korean", "kind": "option",
                "names": {"en": "red fives", "cs": "červené pětky", "pl": "czerwone piątki"},
                "variants": [
                    {"en": "red five", "cs": "červená pětka", "pl": "czerwona piątka"},
                    {"en": "both red fives", "cs": "obě červené pětky", "pl": "obie czerwone piątki"}]})
    );
    let (_, western, _) = rules(&["--json", "--family", "western"]);
    let w: Vec<Value> = serde_json::from_str(&western).unwrap();
    assert_eq!(w.len(), 47);
    assert!(w.iter().all(|e| e["family"] == "western"));
}

#[test]
fn unknown_family_or_language_exits_2_naming_the_valid_values() {
    let (code, out, err) = rules(&["--family", "riichi"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: unknown family \"riichi\" (families: classical, western, korean)\n"
    );
    let (code, _, err) = rules(&["--lang", "de"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: unknown language \"de\" (languages: en, cs, pl)\n"
    );
}
