//! `mahjong rules`: the rule catalogue as a table or JSON, or one rule with its text.

use mahjong_rules::catalogue::{self, Entry, Lang};
use mahjong_rules::families::family_names;

/// The output of `mahjong rules [--family F] [--lang L] [--json]`; an unknown family or
/// language is an error naming the valid values.
pub fn run(family: Option<&str>, lang: &str, json: bool) -> Result<String, String> {
    let lang: Lang = lang.parse()?;
    let families: Vec<&str> = match family {
        Some(f) if family_names().contains(&f) => vec![f],
        Some(f) => {
            return Err(format!(
                "unknown family {f:?} (families: {})",
                family_names().join(", ")
            ))
        }
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
    let mut out = String::new();
    for (i, f) in families.iter().enumerate() {
        if families.len() > 1 {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(&format!("{f}\n"));
        }
        for e in entries.iter().filter(|e| e.family == *f) {
            let line = format!("{:<id_width$}  {:<10}  {}", e.id, e.kind, e.names.get(lang));
            out.push_str(line.trim_end());
            out.push('\n');
            // The scorer's names of the id, under the general one.
            for v in &e.variants {
                out.push_str(&format!(
                    "{:<id_width$}  {:<10}    {}\n",
                    "",
                    "",
                    v.get(lang)
                ));
            }
        }
    }
    Ok(out)
}

/// The width `mahjong rules ID` wraps a rule's text to.
const TEXT_WIDTH: usize = 80;

/// The output of `mahjong rules ID [--lang L] [--json]`: the rule's id, family, kind and name
/// (with the scorer's variant names under it), then its text, wrapped; or the entry as JSON.
/// An unknown id is an error naming it.
pub fn one(id: &str, lang: &str, json: bool) -> Result<String, String> {
    let lang: Lang = lang.parse()?;
    let e = find(id)
        .ok_or_else(|| format!("unknown rule {id:?} (`mahjong rules` lists every rule id)"))?;
    if json {
        return Ok(format!(
            "{}\n",
            serde_json::to_string(e).expect("entries serialize")
        ));
    }
    let mut out = format!("{}  {}  {}\n", e.id, e.family, e.kind);
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
    let loose = |s: &str| s.replace('–', "-").to_lowercase();
    catalogue::entry(id).or_else(|| {
        let want = loose(id);
        catalogue::catalogue()
            .iter()
            .find(|e| loose(&e.id) == want || e.key == id)
    })
}

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
