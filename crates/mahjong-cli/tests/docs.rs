//! What the user-facing docs say about presets and specs agrees with the code.

use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn the_readme_names_every_preset() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    // The table of families: each row's second column names its presets in backticks.
    let rows: Vec<&str> = readme
        .lines()
        .skip_while(|l| *l != "| family | presets |")
        .skip(2)
        .take_while(|l| l.starts_with("| "))
        .collect();
    assert!(!rows.is_empty(), "the README has its table of families");
    let named: Vec<&str> = rows
        .iter()
        .flat_map(|row| row.split('|').nth(2).unwrap().split('`').skip(1).step_by(2))
        .collect();
    assert_eq!(named, mahjong_rules::PRESETS.as_slice(), "{rows:#?}");
}

#[test]
fn the_specs_in_docs_are_the_shared_specs() {
    // The specifications live beside the repository (`../shared/`) for the team; the copies
    // in docs/specs/ are what a user of a clone reads. Where the shared folder is present
    // (a developer's machine, CI), the copies must match it.
    let shared = repo().join("../shared");
    let pairs = [
        ("rules/README.md", "README.md"),
        ("rules/classical-millington.md", "classical-millington.md"),
        ("rules/western.md", "western.md"),
        ("rules/three-player-korean.md", "three-player-korean.md"),
        ("rules/three-player-japanese.md", "three-player-japanese.md"),
        ("rules/malaysian-3p.md", "malaysian-3p.md"),
        ("rules/kajongg-dmjl-bmja.md", "kajongg-dmjl-bmja.md"),
        ("formats/table-json.md", "table-json.md"),
    ];
    for (from, to) in pairs {
        let copy = std::fs::read_to_string(repo().join("docs/specs").join(to))
            .unwrap_or_else(|e| panic!("docs/specs/{to}: {e}"));
        assert!(!copy.is_empty());
        if let Ok(original) = std::fs::read_to_string(shared.join(from)) {
            assert!(
                original == copy,
                "docs/specs/{to} differs from shared/{from}: copy it again"
            );
        }
    }
}
