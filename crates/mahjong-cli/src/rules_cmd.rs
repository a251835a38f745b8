//! `mahjong rules`: the rule catalogue as a table or JSON.

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
