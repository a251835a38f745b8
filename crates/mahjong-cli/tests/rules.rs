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
        ["M29      bodování    sedm párů"]
    );
    assert_eq!(
        lines_starting(&out, "M53–M56"),
        ["M53–M56  hra         čekající ruka a původní ohlášení"]
    );
    let (_, out, _) = rules(&["--family", "korean", "--lang", "pl"]);
    assert_eq!(
        lines_starting(&out, "K3-P8"),
        ["K3-P8    gra          święty odrzut"]
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
    assert_eq!(
        heads,
        [
            "classical",
            "kajongg",
            "western",
            "korean",
            "japanese",
            "malaysian"
        ]
    );
}

#[test]
fn json_gives_every_entry_with_names_and_variants() {
    let (code, out, _) = rules(&["--json"]);
    assert_eq!(code, 0);
    let v: Vec<Value> = serde_json::from_str(&out).unwrap();
    assert_eq!(v.len(), 81 + 62 + 47 + 83 + 53 + 72);
    // The japanese family's items count han and yakuman, the malaysian family's fan, every
    // other family's points and doubles (the catalogue file says it once).
    for e in &v {
        let units = match e["family"].as_str().unwrap() {
            "japanese" => "han_yakuman",
            "malaysian" => "fan",
            _ => "points_doubles",
        };
        assert_eq!(e["units"], units, "{}", e["id"]);
    }
    let m116d = v.iter().find(|e| e["id"] == "M116d").unwrap();
    assert_eq!(
        m116d,
        &json!({"id": "M116d", "key": "m116d_dragon_pung", "family": "classical", "kind": "score",
                "units": "points_doubles",
                "names": {"en": "pung of dragons", "cs": "pong draků", "pl": "pung smoków"},
                "text": {"en": "Each pung or kong of dragons scores 1 double, for any player.",
                         "cs": "Každý pong nebo kong draků dává 1 zdvojení, každému hráči.",
                         "pl": "Każdy pung lub kong smoków daje 1 podwojenie, każdemu graczowi."}})
    );
    let o6 = v.iter().find(|e| e["id"] == "K3-O6").unwrap();
    assert_eq!(
        o6,
        &json!({"id": "K3-O6", "key": "k3_o6_red_fives", "family": "korean", "kind": "option",
                "units": "points_doubles",
                "names": {"en": "red fives", "cs": "červené pětky", "pl": "czerwone piątki"},
                "text": {"en": "With option `red_dora` there is one red 5 circles and one red 5 characters; holding one is 1 bonus-point, both 6.",
                         "cs": "S volbou `red_dora` je v sadě jedna červená kruhová pětka a jedna červená pětka znaků; jedna v ruce má 1 bonusový bod, obě 6.",
                         "pl": "Z opcją `red_dora` w zestawie jest jedna czerwona piątka kół i jedna czerwona piątka znaków; jedna w ręce daje 1 punkt premiowy, obie 6."},
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
        "error: unknown family \"riichi\" (families: classical, kajongg, western, korean, japanese, \
         malaysian; or a preset from `mahjong ruleset list`, meaning its family)\n"
    );
    let (code, _, err) = rules(&["--lang", "de"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: unknown language \"de\" (languages: en, cs, pl)\n"
    );
}

#[test]
fn one_rule_gives_its_name_and_text() {
    let (code, out, err) = rules(&["M116d"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "M116d  classical  score\n\
         pung of dragons\n\
         \n\
         Each pung or kong of dragons scores 1 double, for any player.\n"
    );
    let (code, out, _) = rules(&["M116d", "--lang", "cs"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "M116d  classical  bodování\n\
         pong draků\n\
         \n\
         Každý pong nebo kong draků dává 1 zdvojení, každému hráči.\n"
    );
}

#[test]
fn one_rule_lists_its_variants_and_wraps_its_text_at_80_columns() {
    // Case and a hyphen for the range dash do not matter.
    let (code, out, _) = rules(&["--lang", "pl", "m114B"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "M114b  classical  punktacja\n\
         pung\n\
         \x20 odkryty pung prostych kamieni\n\
         \x20 zakryty pung prostych kamieni\n\
         \x20 odkryty pung kamieni brzegowych lub honorów\n\
         \x20 zakryty pung kamieni brzegowych lub honorów\n\
         \n\
         Odkryty pung prostych kamieni (2–8) daje 2 punkty, zakryty 4; odkryty pung\n\
         kamieni brzegowych lub honorów (jedynki, dziewiątki, wiatry, smoki) daje 4\n\
         punkty, zakryty 8.\n"
    );
    assert!(out.lines().all(|l| l.chars().count() <= 80));
    let (code, out, _) = rules(&["m53-m56"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("M53–M56  classical  play\ncalling hand and Original Call\n\n"));
}

#[test]
fn one_rule_as_json_is_its_entry() {
    let (code, out, _) = rules(&["K3-HP12", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v,
        json!({"id": "K3-HP12", "key": "k3_hp12_all_pungs", "family": "korean", "kind": "score",
               "units": "points_doubles",
               "names": {"en": "all pungs or kongs and a pair", "cs": "samé pongy nebo kongy a pár",
                         "pl": "same pungi lub kongi i para"},
               "text": {"en": "A hand of four pungs or kongs and any pair scores 3 hand-points.",
                        "cs": "Ruka ze čtyř pongů nebo kongů a libovolného páru má 3 body za ruku.",
                        "pl": "Ręka z czterech pungów lub kongów i dowolnej pary daje 3 punkty za rękę."}})
    );
}

#[test]
fn an_unknown_rule_exits_2_naming_it() {
    let (code, out, err) = rules(&["M999"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: unknown rule \"M999\" (`mahjong rules` lists every rule id)\n"
    );
    // An id inside a range, or the start of some ids, is answered with them.
    let (code, _, err) = rules(&["M5"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: unknown rule \"M5\"; did you mean M1–M8? (`mahjong rules` lists every rule id)\n"
    );
    let (_, _, err) = rules(&["k3-p8a"]);
    assert!(err.contains("did you mean K3-P8?"), "{err}");
    let (_, _, err) = rules(&["M116z"]);
    assert!(
        err.contains("did you mean M116a, M116b, M116d, M116e,"),
        "{err}"
    );
    let (code, _, err) = rules(&["M116d", "--lang", "de"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: unknown language \"de\" (languages: en, cs, pl)\n"
    );
}
