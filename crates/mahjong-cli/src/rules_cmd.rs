//! `mahjong rules`: the rule catalogue as a table or JSON, or one rule with its text.

use mahjong_rules::catalogue::{self, Entry, Kind, Lang};
use mahjong_rules::families::family_names;

/// The output of `mahjong rules [--family F] [--lang L] [--json]`; F is a family or a
/// preset (its family); an unknown family or language is an error naming the valid values.
pub fn run(family: Option<&str>, lang: &str, json: bool) -> Result<String, String> {
    let lang: Lang = lang.parse()?;
    let families: Vec<&str> = match family {
        Some(f) => vec![family_of(f)?],
        None => family_names().to_vec(),
    };
    let entries: Vec<&Entry> = families
        .iter()
        .flat_map(|f| catalogue::of_family(f))
        .collect();
    if json {
        // JSON carries every language; --lang only picks the table's column.
        return Ok(catalogue::to_json(entries));
    }
    let id_width = entries
        .iter()
        .map(|e| e.id.chars().count())
        .max()
        .unwrap_or(2);
    // The kind column as wide as the language's longest kind name.
    let kind_width = Kind::ALL
        .iter()
        .map(|k| k.name(lang).chars().count())
        .max()
        .unwrap_or(10);
    let mut out = String::new();
    for (i, f) in families.iter().enumerate() {
        if families.len() > 1 {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(&format!("{f}\n"));
        }
        for e in entries.iter().filter(|e| e.family == *f) {
            let line = format!(
                "{:<id_width$}  {:<kind_width$}  {}",
                e.id,
                e.kind.name(lang),
                e.names.get(lang)
            );
            out.push_str(line.trim_end());
            out.push('\n');
            // The scorer's names of the id, under the general one.
            for v in &e.variants {
                out.push_str(&format!(
                    "{:<id_width$}  {:<kind_width$}    {}\n",
                    "",
                    "",
                    v.get(lang)
                ));
            }
        }
    }
    Ok(out)
}

/// The family `--family NAME` means: a family's own name, else the family of the preset so
/// named (users copy a preset name from `mahjong ruleset list` first).
fn family_of(name: &str) -> Result<&'static str, String> {
    if let Some(f) = family_names().into_iter().find(|f| *f == name) {
        return Ok(f);
    }
    mahjong_rules::presets()
        .into_iter()
        .find(|p| p.name == name)
        .map(|p| p.family)
        .ok_or_else(|| {
            format!(
                "unknown family {name:?} (families: {}; or a preset from `mahjong ruleset \
                 list`, meaning its family)",
                family_names().join(", ")
            )
        })
}

/// The width `mahjong rules ID` wraps a rule's text to.
const TEXT_WIDTH: usize = 80;

/// The output of `mahjong rules ID [--lang L] [--json]`: the rule's id, family, kind and name
/// (with the scorer's variant names under it), then its text, wrapped; or the entry as JSON.
/// An unknown id is an error naming it.
pub fn one(id: &str, lang: &str, json: bool) -> Result<String, String> {
    let lang: Lang = lang.parse()?;
    let e = find(id).ok_or_else(|| match near(id).as_slice() {
        [] => format!("unknown rule {id:?} (`mahjong rules` lists every rule id)"),
        near => format!(
            "unknown rule {id:?}; did you mean {}? (`mahjong rules` lists every rule id)",
            near.join(", ")
        ),
    })?;
    if json {
        return Ok(format!(
            "{}\n",
            serde_json::to_string(e).expect("entries serialize")
        ));
    }
    let mut out = format!("{}  {}  {}\n", e.id, e.family, e.kind.name(lang));
    out.push_str(e.names.get(lang));
    out.push('\n');
    for v in &e.variants {
        out.push_str(&format!("  {}\n", v.get(lang)));
    }
    out.push('\n');
    for line in wrap(e.text(lang), TEXT_WIDTH) {
        out.push_str(&line);
        out.push('\n');
    }
    Ok(out)
}

/// The entry an id names: exactly, else ignoring case and reading `-` as the en dash of a
/// range (`m53-m56` is `M53–M56`), else by its key.
fn find(id: &str) -> Option<&'static Entry> {
    catalogue::entry(id).or_else(|| {
        let want = loose(id);
        catalogue::catalogue()
            .iter()
            .find(|e| loose(&e.id) == want || e.key == id)
    })
}

/// The ids an unknown `id` may have meant (at most [`NEAR_MAX`]): a range that holds it
/// (`M5` is in `M1–M8`), else the ids that start with it (`M11` → `M114a`, …), else those
/// that start with it less its trailing letters (`M116z` → `M116a`, …).
fn near(id: &str) -> Vec<&'static str> {
    let want = loose(id);
    // "k3-hp12a" → ("k3-hp", 12): the id's last number (after its family's digit, before a
    // letter that ends it) and what comes before.
    let split = |s: &str| -> Option<(String, u32)> {
        let s = s.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        let head = s.trim_end_matches(|c: char| c.is_ascii_digit());
        Some((head.to_string(), s[head.len()..].parse().ok()?))
    };
    let all = catalogue::catalogue();
    let in_range: Vec<&'static str> = split(&want)
        .map(|(prefix, n)| {
            all.iter()
                .filter(|e| {
                    let id = loose(&e.id);
                    let Some((a, b)) = id.split_once('-').filter(|_| e.id.contains('–')) else {
                        return false;
                    };
                    matches!((split(a), split(b)), (Some((pa, lo)), Some((pb, hi)))
                        if pa == prefix && pb == prefix && (lo..=hi).contains(&n))
                })
                .map(|e| e.id.as_str())
                .collect()
        })
        .unwrap_or_default();
    if !in_range.is_empty() {
        return in_range;
    }
    let starting = |stem: &str| -> Vec<&'static str> {
        all.iter()
            .filter(|e| loose(&e.id).starts_with(stem))
            .map(|e| e.id.as_str())
            .take(NEAR_MAX)
            .collect()
    };
    let by_prefix = starting(&want);
    if !by_prefix.is_empty() || want.is_empty() {
        return by_prefix;
    }
    let stem = want.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    if stem.is_empty() || stem == want {
        return Vec::new();
    }
    starting(stem)
}

/// An id as a user may type it: any case, a hyphen for a range's en dash.
fn loose(id: &str) -> String {
    id.replace('–', "-").to_lowercase()
}

/// How many ids an unknown id's error suggests.
const NEAR_MAX: usize = 8;

/// `text` in lines of at most `width` characters, broken between words (a longer word gets
/// a line of its own).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_breaks_between_words() {
        assert_eq!(wrap("aa bb cc", 5), ["aa bb", "cc"]);
        assert_eq!(wrap("aaaaaaa b", 5), ["aaaaaaa", "b"]);
        assert_eq!(wrap("", 5), Vec::<String>::new());
    }

    #[test]
    fn ids_are_found_loosely_and_by_key() {
        assert_eq!(find("M116d").unwrap().id, "M116d");
        assert_eq!(find("m116D").unwrap().id, "M116d");
        assert_eq!(find("m53-m56").unwrap().id, "M53–M56");
        assert_eq!(find("k3-hp12").unwrap().id, "K3-HP12");
        assert_eq!(find("m29_seven_pairs").unwrap().id, "M29");
        assert!(find("M999").is_none());
    }
}
