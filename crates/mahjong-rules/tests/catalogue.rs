//! The rule catalogue against the scorers, the coverage tables of `docs/rules/*.md`, its
//! published keys and the web client's copy.
//!
//! Ranges in the docs (`M53–M56`, `M90a–f`, `W-L1–W-L13`, `M117i/j`): a range that is itself
//! a catalogue id is that entry (rules covered as a group); any other range stands for its
//! members, each of which must be an entry. A row's id is its first word (`M90 liability` is
//! `M90`, `K3-L (group)` is `K3-L`); rows naming an option (`` `losers_purity` ``) or none
//! (`—`) cite no id.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::{Path, PathBuf};

use mahjong_rules::catalogue::{self, catalogue, Entry, Lang};
use mahjong_rules::families::all_rules;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn every_rule_the_scorers_cite_is_in_the_catalogue_under_its_name() {
    // id → the names the scorer gives it, with its family.
    let mut cited: BTreeMap<&str, (&str, BTreeSet<&str>)> = BTreeMap::new();
    for (family, rule) in all_rules() {
        let e = cited.entry(rule.id).or_insert((family, BTreeSet::new()));
        assert_eq!(e.0, family, "{} cited by two families", rule.id);
        e.1.insert(rule.name);
    }
    for (id, (family, names)) in &cited {
        let entry = catalogue::entry(id).unwrap_or_else(|| panic!("{id} is not in the catalogue"));
        assert_eq!(entry.family, *family, "{id}: family");
        if names.len() == 1 {
            let name = names.first().unwrap();
            assert!(
                entry.variants.is_empty() && entry.names.en == *name
                    || entry.variants.iter().any(|v| v.en == *name),
                "{id}: the scorer's name {name:?} is neither the entry's name nor a variant"
            );
        } else {
            // Several names: exactly the variants, so every item's name translates.
            let variants: BTreeSet<&str> = entry.variants.iter().map(|v| v.en.as_str()).collect();
            assert_eq!(
                &variants, names,
                "{id}: variants against the scorer's names"
            );
        }
    }
    // And every variant is a name the scorer gives (no stale variants).
    for e in catalogue().iter().filter(|e| !e.variants.is_empty()) {
        let names = &cited
            .get(e.id.as_str())
            .expect("variants of an uncited id")
            .1;
        for v in &e.variants {
            assert!(
                names.contains(v.en.as_str()),
                "{}: stale variant {:?}",
                e.id,
                v.en
            );
        }
    }
}

/// Game records name an item (`Rule::named`) only where its id has variants that nothing
/// else tells apart; the front ends narrow the other ids with variants from the item's tile
/// and points and the seat's winds (`crates/mahjong-tui/src/names.rs`, `narrow` in
/// `web/src/i18n/rules.ts`), so those records stay as they were.
#[test]
fn records_name_the_items_whose_variants_nothing_else_tells() {
    let (mut named, mut unnamed) = (BTreeSet::new(), BTreeSet::new());
    for (_, rule) in all_rules() {
        if rule.named {
            named.insert(rule.id);
        } else {
            unnamed.insert(rule.id);
        }
    }
    assert!(named.is_disjoint(&unnamed), "every case of an id alike");
    let with_variants: BTreeSet<&str> = catalogue()
        .iter()
        .filter(|e| !e.variants.is_empty())
        .map(|e| e.id.as_str())
        .collect();
    assert_eq!(
        named,
        BTreeSet::from([
            "J3-P", "J3-S10", "J3-S8", "J3-Y6", "K3-O1", "K3-O5", "K3-O6", "KJ-H2", "KJ-H4",
            "KJ-H5", "KJ-L13", "KJ-L16", "KJ-L17", "KJ-M1", "KJ-M2", "KJ-M3", "KJ-M4", "KJ-M5",
            "KJ-M6", "KJ-S2", "KJ-W3", "KJ-X1", "KJ-X2", "MY3-B7", "MY3-L1"
        ])
    );
    assert!(named.is_subset(&with_variants));
    // J3-P names a seat's limit band, never an item: records carry a limit by its id (the
    // front ends narrow it by the score), the simulate summary by the id and the name.
    let narrowed: Vec<&str> = with_variants.difference(&named).copied().collect();
    assert_eq!(
        narrowed,
        [
            "M114b", "M114c", "M114e", "M115d", "M116a", "M116b", "M117c", "M122l", "W-D1", "W-F4",
            "W-P1"
        ]
    );
}

#[test]
fn ids_and_keys_are_unique_and_keys_are_snake_case_after_the_id() {
    let mut ids = HashSet::new();
    let mut keys = HashSet::new();
    for e in catalogue() {
        assert!(ids.insert(e.id.as_str()), "id {} twice", e.id);
        assert!(keys.insert(e.key.as_str()), "key {} twice", e.key);
        let prefix = slug(&e.id);
        assert!(
            e.key.starts_with(&format!("{prefix}_"))
                && e.key
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
                && !e.key.ends_with('_')
                && !e.key.contains("__"),
            "key {:?} of {}: snake_case, starting with {prefix}_",
            e.key,
            e.id
        );
    }
}

/// The id in key form: lower case, every run of other characters one `_` (`M53–M56` →
/// `m53_m56`, `K3-HP12` → `k3_hp12`).
fn slug(id: &str) -> String {
    let mut s = String::new();
    for c in id.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_lowercase());
        } else if !s.ends_with('_') {
            s.push('_');
        }
    }
    s.trim_end_matches('_').to_string()
}

#[test]
fn every_entry_has_every_name() {
    for e in catalogue() {
        for n in std::iter::once(&e.names).chain(&e.variants) {
            for lang in Lang::ALL {
                let s = n.get(lang);
                assert!(
                    !s.trim().is_empty() && s.trim() == s,
                    "{} ({}): {} name {s:?}",
                    e.id,
                    n.en,
                    lang.as_str()
                );
            }
        }
    }
}

/// Every entry says what its rule is in every language: a sentence or three ending in a full
/// stop, not the name (or a variant's) repeated, and not left in English.
#[test]
fn every_entry_has_a_text_in_every_language() {
    for e in catalogue() {
        for lang in Lang::ALL {
            let text = e.text(lang);
            let what = format!("{} {} text {text:?}", e.id, lang.as_str());
            assert!(!text.trim().is_empty() && text.trim() == text, "{what}");
            assert!(text.ends_with('.'), "{what}: ends with a full stop");
            assert!(
                text.chars().next().is_some_and(|c| !c.is_lowercase()),
                "{what}: starts a sentence"
            );
            let bare = text.trim_end_matches('.').to_lowercase();
            for n in std::iter::once(&e.names).chain(&e.variants) {
                assert_ne!(bare, n.get(lang).to_lowercase(), "{what}: only the name");
            }
            if lang != Lang::En {
                assert_ne!(text, e.text(Lang::En), "{what}: untranslated");
            }
        }
    }
}

/// Published keys: each line `id key`. A key once published stays (renaming or removing one
/// fails); new entries are appended with `UPDATE_CATALOGUE=1`.
#[test]
fn keys_are_stable() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/catalogue_keys.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let current: BTreeMap<&str, &str> = catalogue()
        .iter()
        .map(|e| (e.key.as_str(), e.id.as_str()))
        .collect();
    let mut published = BTreeSet::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (id, key) = line.split_once(' ').expect("`id key` lines");
        assert_eq!(
            current.get(key),
            Some(&id),
            "published key {key} ({id}) was renamed or removed"
        );
        published.insert(key);
    }
    let new: Vec<&Entry> = catalogue()
        .iter()
        .filter(|e| !published.contains(e.key.as_str()))
        .collect();
    if new.is_empty() {
        return;
    }
    if std::env::var_os("UPDATE_CATALOGUE").is_some() {
        let mut out = if text.is_empty() {
            "# Published rule keys (`id key`): append only; see tests/catalogue.rs.\n".to_string()
        } else {
            text.clone()
        };
        for e in new {
            out.push_str(&format!("{} {}\n", e.id, e.key));
        }
        std::fs::write(&path, out).unwrap();
    } else {
        panic!(
            "{} keys not yet published in {} (run with UPDATE_CATALOGUE=1): {:?}",
            new.len(),
            path.display(),
            new.iter().map(|e| &e.key).collect::<Vec<_>>()
        );
    }
}

/// The ids a docs cell cites: `Ok(ids)` of catalogue entries, or `Err` with what is missing.
fn cited_ids(cell: &str, family: &str) -> Result<Vec<String>, String> {
    let has = |id: &str| catalogue::of_family(family).any(|e| e.id == id);
    if has(cell) {
        return Ok(vec![cell.to_string()]);
    }
    let members = members(cell).ok_or_else(|| format!("{cell}: not an entry"))?;
    let missing: Vec<&String> = members.iter().filter(|m| !has(m)).collect();
    if missing.is_empty() {
        Ok(members)
    } else {
        Err(format!(
            "{cell}: neither an entry nor are all its members ({missing:?} missing)"
        ))
    }
}

/// The members of a range (`M90a–f`, `W-P4–W-P7`, `M117i/j`); `None` for a single id.
fn members(cell: &str) -> Option<Vec<String>> {
    if let Some((a, b)) = cell.split_once('/') {
        let base = &a[..a.len() - 1];
        return Some(vec![a.to_string(), format!("{base}{b}")]);
    }
    let (a, b) = cell.split_once('–')?;
    let (prefix, from, letter) = split_id(a)?;
    if let Some(l) = letter {
        // M90a–f: letters.
        let to = b.chars().next()?;
        return Some((l..=to).map(|c| format!("{prefix}{from}{c}")).collect());
    }
    let (prefix_b, to, _) = split_id(b)?;
    assert_eq!(prefix, prefix_b, "range {cell}");
    Some((from..=to).map(|n| format!("{prefix}{n}")).collect())
}

/// `K3-HP12` → (`K3-HP`, 12, None); `M90a` → (`M`, 90, Some('a')).
fn split_id(id: &str) -> Option<(&str, u32, Option<char>)> {
    let (rest, letter) = match id.chars().last()? {
        c if c.is_ascii_lowercase() => (&id[..id.len() - 1], Some(c)),
        _ => (id, None),
    };
    let digits = rest.len() - rest.bytes().rev().take_while(u8::is_ascii_digit).count();
    let n = rest[digits..].parse().ok()?;
    Some((&rest[..digits], n, letter))
}

/// The first cell of every row of every table whose first column is `rule`.
fn doc_rule_cells(text: &str) -> Vec<String> {
    let mut cells = Vec::new();
    let mut in_table = false;
    for line in text.lines() {
        if !line.starts_with('|') {
            in_table = false;
            continue;
        }
        let first = line.split('|').nth(1).unwrap_or("").trim();
        if first == "rule" {
            in_table = true;
            continue;
        }
        if !in_table || first.starts_with("---") || first.starts_with('`') || first == "—" {
            continue;
        }
        cells.push(first.split_whitespace().next().unwrap_or("").to_string());
    }
    cells
}

#[test]
fn docs_coverage_tables_and_the_catalogue_agree() {
    let mut problems = Vec::new();
    for (file, family) in [
        ("classical.md", "classical"),
        ("western.md", "western"),
        ("korean-3p.md", "korean"),
        ("japanese-3p.md", "japanese"),
        ("malaysian-3p.md", "malaysian"),
        ("kajongg.md", "kajongg"),
    ] {
        let text = std::fs::read_to_string(root().join("docs/rules").join(file)).unwrap();
        let cells = doc_rule_cells(&text);
        assert!(cells.len() > 20, "{file}: coverage tables not found");
        let mut cited = HashSet::new();
        for cell in &cells {
            match cited_ids(cell, family) {
                Ok(ids) => cited.extend(ids),
                Err(e) => problems.push(format!("{file}: {e}")),
            }
        }
        for e in catalogue::of_family(family) {
            if !cited.contains(&e.id) {
                problems.push(format!(
                    "{file}: {} ({}) is in no coverage table",
                    e.id, e.key
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn ranges_expand() {
    assert_eq!(members("M90a–c").unwrap(), ["M90a", "M90b", "M90c"]);
    assert_eq!(members("W-P4–W-P6").unwrap(), ["W-P4", "W-P5", "W-P6"]);
    assert_eq!(members("M117i/j").unwrap(), ["M117i", "M117j"]);
    assert_eq!(members("K3-HP12"), None);
    assert_eq!(slug("M53–M56"), "m53_m56");
    assert_eq!(slug("K3-HP12"), "k3_hp12");
}

/// The web client bundles the catalogue (`web/src/i18n/catalogue.json`, read by
/// `web/src/i18n/rules.ts`) and the families' scoring forms (`web/src/i18n/forms.json`, read
/// by `web/src/pages/score.tsx`); regenerate them with `UPDATE_CATALOGUE=1`.
#[test]
fn the_web_clients_copy_is_current() {
    for (file, want) in [
        ("catalogue.json", catalogue::to_json(catalogue())),
        ("forms.json", catalogue::forms_to_json()),
    ] {
        let path = root().join("web/src/i18n").join(file);
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        if have == want {
            continue;
        }
        if std::env::var_os("UPDATE_CATALOGUE").is_some() {
            std::fs::write(&path, want).unwrap();
        } else {
            panic!(
                "{} is stale: run `UPDATE_CATALOGUE=1 cargo test -p mahjong-rules --test catalogue`, then rebuild web/dist",
                path.display()
            );
        }
    }
}
