//! `mahjong play --lang`: en, cs and pl are taken (without a terminal the game then stops
//! for that reason), anything else is a usage error with status 2 naming the languages.

mod common;

/// Runs `mahjong play ARGS` without a terminal: (status, stdout, stderr).
fn play(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    common::run(&all, "")
}

#[test]
fn an_unknown_language_exits_2_naming_en_cs_pl() {
    let (code, out, err) = play(&["--lang", "de"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: --lang: unknown language \"de\" (languages: en, cs, pl)\n"
    );
    // Told before anything else is looked at (here a ruleset that does not exist).
    let (code, _, err) = play(&["--lang", "xx", "--ruleset", "nope"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: --lang: unknown language \"xx\""),
        "{err}"
    );
}

#[test]
fn known_languages_are_taken_and_the_help_names_them() {
    for lang in ["en", "cs", "pl"] {
        let (code, out, err) = play(&["--lang", lang]);
        assert_eq!((code, out.as_str()), (2, ""), "{lang}");
        assert_eq!(err, "error: mahjong play needs a terminal\n", "{lang}");
    }
    let (code, out, _) = play(&["--help"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("--lang <LANG>") && out.contains("en, cs or pl"),
        "{out}"
    );
}
