//! `mahjong score --lang cs|pl`: the readable sheet with its labels and rule names in Czech
//! or Polish (tile codes, rule ids and seat letters as written), an unknown language refused
//! with status 2, and `--json` / `--batch` the same in every language.

mod common;

use common::run;

const MILLINGTON: &str = include_str!("../../../examples/seed000-settlement.json");
const JAPANESE: &str = include_str!("../../../examples/japanese-3p-example.json");
const KOREAN: &str = include_str!("../../../examples/korean-3p-discard.json");
const MALAYSIAN: &str = include_str!("../../../examples/malaysian-3p-example.json");
const WESTERN: &str = include_str!("../../../examples/western-settlement.json");

/// `mahjong score --lang LANG -` on `table`: the sheet, after checking it succeeded.
fn sheet(table: &str, lang: &str) -> String {
    let (code, out, err) = run(&["score", "--lang", lang, "-"], table);
    assert_eq!((code, err.as_str()), (0, ""), "{lang}");
    out
}

/// Asserts that every one of `lines` is a whole line of `sheet`.
fn has_lines(sheet: &str, lines: &[&str]) {
    for line in lines {
        assert!(
            sheet.lines().any(|l| l == *line),
            "{line:?} not in\n{sheet}"
        );
    }
}

#[test]
fn the_millington_sheet_in_czech() {
    let expected = "\
Pravidla millington   panující vítr E   N má mahjong s 4B ze zdi

E Východ
  M114a  květina nebo roční období 2F                    4
  M114a  květina nebo roční období 3S                    4
  M114b  vyložený pong velkých kamenů 9B                 4
  M114c  vyložený kong malých kamenů 3D                  8
         skóre                                        20 bodů x 2^0 = 20

S Jih
  M114a  květina nebo roční období 4F                    4
  M114a  květina nebo roční období 1S                    4
  M114a  květina nebo roční období 4S                    4
  M114b  vyložený pong velkých kamenů SW                 4
  M114b  skrytý pong velkých kamenů GD                   8
  M114b  skrytý pong velkých kamenů WD                   8
  M116d  pong draků GD                                 1 zdvojení
  M116d  pong draků WD                                 1 zdvojení
  M116e  pong vlastního větru SW                       1 zdvojení
         skóre                                        32 bodů x 2^3 = 256

W Západ
  M114a  květina nebo roční období 1F                    4
         skóre                                        4 body x 2^0 = 4

N Sever  vítěz
  M114b  vyložený pong velkých kamenů RD                 4
  M114b  skrytý pong velkých kamenů 9C                   8
  M115a  dosažení mahjongu                              10
  M115b  vítězný kámen ze zdi                            2
  M116d  pong draků RD                                 1 zdvojení
         skóre                                        24 bodů x 2^1 = 48

Platby
  E platí N     96
  S platí N     48
  W platí N     48
  E platí S    472
  W platí E     32
  W platí S    252

Vyrovnání
  E    -536
  S    +676
  W    -332
  N    +192
";
    assert_eq!(sheet(MILLINGTON, "cs"), expected);
}

#[test]
fn the_japanese_sheet_in_czech() {
    let expected = "\
Pravidla japanese-3p   panující vítr E   S má mahjong s 5B na odhoz hráče E

E Východ  nic nezískává (body získává jen vítěz)  riči

S Jih  vítěz  riči
  J3-Y3   Pinfu                                         1 han
  J3-Y4   Riči                                          1 han
  J3-S8   Bazoro                                        2 han
  J3-S8   dora                                          1 han
  J3-S8   pei-dora                                      1 han
          6 han, J3-P mangan: 8000

W Západ   nic nezískává (body získává jen vítěz)

Platby (včetně riči hůlek)
  E platí S      9000
  bank platí S   1000

Vyrovnání
  E   -9000
  S  +10000
  W      +0
";
    assert_eq!(sheet(JAPANESE, "cs"), expected);
}

#[test]
fn the_korean_sheet_in_czech_spells_the_points_out() {
    let s = sheet(KOREAN, "cs");
    assert!(
        s.starts_with(
            "Pravidla korean-3p   panující vítr S   S má mahjong s 6D na odhoz hráče W\n"
        ),
        "{s}"
    );
    has_lines(
        &s,
        &[
            "E Východ  nic nezískává (body získává jen vítěz)",
            "S Jih  vítěz",
            "  K3-HP3  pong nebo kong větru SW                                1 bod za ruku",
            "  K3-HP20 skrytá ruka                                            2 body za ruku",
            "  K3-BP7  květina 2F                                             1 bonusový bod",
            "  K3-S5   soupeř čekal: platí o 2 bonusové body méně (E)       -2 bonusové body",
            "  K3-M2   gulášový bonus od každého soupeře                    +5 od každého",
            "          body za ruku 6 + bonusové body 7 = 13",
            "  W platí S     24",
        ],
    );
}

#[test]
fn key_lines_in_polish() {
    let s = sheet(MILLINGTON, "pl");
    assert!(
        s.starts_with("Zasady millington   wiatr panujący E   N ma MahJongga z 4B z muru\n"),
        "{s}"
    );
    has_lines(
        &s,
        &[
            "E Wschód",
            "S Południe",
            "N Północ  zwycięzca",
            "  M114b  odkryty pung kamieni brzegowych lub honorów 9B    4",
            "  M116d  pung smoków GD                                  1 podwojenie",
            "         wynik                                          20 punktów x 2^0 = 20",
            "         wynik                                          32 punkty x 2^3 = 256",
            "Płatności",
            "  E płaci N     96",
            "Rozliczenie",
            "  S    +676",
        ],
    );

    let s = sheet(JAPANESE, "pl");
    assert!(
        s.starts_with(
            "Zasady japanese-3p   wiatr panujący E   S ma MahJongga z 5B na zrzut gracza E\n"
        ),
        "{s}"
    );
    has_lines(
        &s,
        &[
            "E Wschód    nic nie zdobywa (punkty zdobywa tylko zwycięzca)  riichi",
            "S Południe  zwycięzca  riichi",
            "W Zachód    nic nie zdobywa (punkty zdobywa tylko zwycięzca)",
            "          6 han, J3-P mangan: 8000",
            "Płatności (z pałeczkami riichi)",
            "  E płaci S      9000",
            "  pula płaci S   1000",
        ],
    );

    let s = sheet(KOREAN, "pl");
    has_lines(
        &s,
        &[
            "  K3-HP3  pung lub kong wiatru SW                                      1 punkt za rękę",
            "  K3-HP20 zakryta ręka                                                 2 punkty za rękę",
            "  K3-BP7  kwiat 2F                                                     1 punkt premiowy",
            "  K3-S5   przeciwnik był gotowy: płaci o 2 punkty premiowe mniej (E) -2 punkty premiowe",
            "  K3-M2   premia za gulasz od każdego przeciwnika                    +5 od każdego",
            "          punkty za rękę 6 + punkty premiowe 7 = 13",
        ],
    );

    let s = sheet(MALAYSIAN, "pl");
    has_lines(
        &s,
        &[
            "S Południe  zwycięzca",
            "  MY3-F5   trzy małe smoki                               3 fan",
            "           6 fan: podstawa 120",
            "Natychmiastowe płatności",
            "  E MY3-I4   zakryty kong 9D                               100 od każdego",
            "  W MY3-I1   grupa czterech kamieni premiowych (postacie)   50 od każdego",
            "  W płaci S    120",
        ],
    );

    let s = sheet(WESTERN, "pl");
    has_lines(
        &s,
        &[
            "N Północ  zwycięzca",
            "  W-P4   pung kamieni brzegowych (1 lub 9) 9C            8",
            "  W-B1   zrobienie MahJongga                            20",
            "  W-D2   pung smoków RD                                1 podwojenie",
            "         wynik                                        34 punkty x 2^1 = 68",
            "  E płaci N    136",
        ],
    );
}

#[test]
fn key_lines_of_the_other_tables_in_czech() {
    let s = sheet(MALAYSIAN, "cs");
    has_lines(
        &s,
        &[
            "  MY3-B5   vlastní květina nebo roční období 2F          1 fan",
            "           6 fan: základ 120",
            "Okamžité platby",
            "  W MY3-I1   skupina čtyř bonusových kamenů (postavy)   50 od každého",
        ],
    );
    let s = sheet(WESTERN, "cs");
    has_lines(
        &s,
        &[
            "N Sever  vítěz",
            "  W-B3   vítězný kámen dobraný ze zdi 4B                 2",
            "         skóre                                        34 bodů x 2^1 = 68",
        ],
    );
}

#[test]
fn english_is_the_default_and_the_same_as_before() {
    for table in [MILLINGTON, JAPANESE, KOREAN, MALAYSIAN, WESTERN] {
        let (code, plain, _) = run(&["score", "-"], table);
        assert_eq!(code, 0);
        assert_eq!(sheet(table, "en"), plain);
    }
    assert!(sheet(MILLINGTON, "en").starts_with(
        "Ruleset millington   prevailing wind E   N wins with 4B from the wall\n\nE East\n"
    ));
}

#[test]
fn an_unknown_language_exits_2_naming_en_cs_pl() {
    let (code, out, err) = run(&["score", "--lang", "xx", "-"], MILLINGTON);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: --lang: unknown language \"xx\" (languages: en, cs, pl)\n"
    );
    // With --json too: the language is checked before anything is read.
    let (code, _, err) = run(&["score", "--json", "--lang", "de", "no-such-file"], "");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: --lang: unknown language \"de\""),
        "{err}"
    );
}

#[test]
fn json_and_batch_are_the_same_in_every_language() {
    for table in [MILLINGTON, JAPANESE, KOREAN, MALAYSIAN, WESTERN] {
        let (code, json, _) = run(&["score", "--json", "-"], table);
        assert_eq!(code, 0);
        for lang in ["cs", "pl"] {
            let (code, out, _) = run(&["score", "--lang", lang, "--json", "-"], table);
            assert_eq!((code, &out), (0, &json), "{lang}");
        }
    }
    let lines: String = [MILLINGTON, WESTERN]
        .iter()
        .map(|t| {
            let v: serde_json::Value = serde_json::from_str(t).unwrap();
            format!("{v}\n")
        })
        .collect();
    let (code, batch, _) = run(&["score", "--batch", "-"], &lines);
    assert_eq!(code, 0);
    let (code, out, _) = run(&["score", "--batch", "--lang", "cs", "-"], &lines);
    assert_eq!((code, out), (0, batch));
}

#[test]
fn the_help_names_the_languages() {
    let (code, out, _) = run(&["score", "--help"], "");
    assert_eq!(code, 0);
    assert!(
        out.contains("--lang <LANG>") && out.contains("en, cs or pl"),
        "{out}"
    );
}
