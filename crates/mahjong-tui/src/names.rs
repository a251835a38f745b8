//! English names of the rules that scored items cite, from the rule catalogue.
//!
//! A `scores` event carries each item's rule id, not its name, and one id can cover several
//! named cases (`M114b`: exposed or concealed pung of minors or majors: the catalogue entry's
//! variants). The name is narrowed by what the item's tile and the seat's winds tell; what
//! stays ambiguous is shown by the words the cases share (`pung of minors`), or the entry's
//! general name. Where the id's cases cannot be told apart that way (J3-S8: Bazoro, dora,
//! Ippatsu), the record names the item and the name picks the variant.

use mahjong_rules::catalogue::{self, Lang, Units};
use mahjong_tiles::{Tile, Wind};

/// What narrows a rule id to one name: the item's tile and the seat's winds.
#[derive(Copy, Clone, Debug, Default)]
pub struct NameContext {
    /// The item's tile (the set's or bonus tile), if it has one.
    pub tile: Option<Tile>,
    /// The scoring seat's wind.
    pub own: Option<Wind>,
    /// The prevailing wind.
    pub prevailing: Option<Wind>,
}

/// The name of rule `id` as it applies in `cx`; `None` for an id no family knows.
pub fn rule_name(id: &str, cx: NameContext) -> Option<String> {
    let entry = catalogue::entry(id)?;
    let mut names: Vec<&'static str> = entry.scorer_names().map(|n| n.en.as_str()).collect();
    if let Some(t) = cx.tile {
        if t.is_bonus() {
            let word = if t.is_flower() { "flower" } else { "season" };
            narrow(&mut names, |n| n.contains(word));
        } else if t.is_honour() {
            narrow(&mut names, |n| !n.contains("minor"));
            if t.wind().is_some() {
                narrow(&mut names, |n| !n.contains("dragons") || n.contains("wind"));
            } else {
                narrow(&mut names, |n| n.contains("dragon"));
            }
        } else if t.is_minor() {
            narrow(&mut names, |n| !n.contains("major"));
        } else {
            narrow(&mut names, |n| !n.contains("minor"));
        }
        if let Some(w) = t.wind() {
            let own = cx.own == Some(w);
            let prevailing = cx.prevailing == Some(w);
            if cx.own.is_some() && cx.prevailing.is_some() {
                narrow(&mut names, |n| {
                    n.contains("own") == own && n.contains("prevailing") == prevailing
                });
            }
        }
    }
    Some(if names.len() == 1 {
        names[0].to_string()
    } else {
        shared_words(&names).unwrap_or_else(|| entry.names.en.clone())
    })
}

/// The name in `lang` of an item citing rule `id`: the catalogue variant the record names
/// (`named`, the scorer's English name, given where nothing else tells the id's cases apart:
/// J3-S8's Bazoro and dora), else what `cx` narrows the id to. `None` for an unnamed item of
/// an id no family knows.
pub fn item_name(id: &str, named: Option<&str>, cx: NameContext, lang: Lang) -> Option<String> {
    let english = match named {
        Some(n) => n.to_string(),
        None => rule_name(id, cx)?,
    };
    if lang == Lang::En {
        // Shared words (`pung of minors`) are no catalogue name: English keeps them.
        return Some(english);
    }
    Some(catalogue::translate(id, &english, lang).map_or(english, str::to_string))
}

/// How the items citing rule `id` count: the catalogue says it per family file.
pub fn units(id: &str) -> Units {
    catalogue::entry(id).map_or(Units::PointsDoubles, |e| e.units)
}

/// Keeps the names that pass `keep`, unless none would.
fn narrow(names: &mut Vec<&'static str>, keep: impl Fn(&str) -> bool) {
    if names.iter().any(|n| keep(n)) {
        names.retain(|n| keep(n));
    }
}

/// The words at the end of every name, when there are at least two of them
/// (`exposed pung of minors`, `concealed pung of minors` → `pung of minors`).
fn shared_words(names: &[&str]) -> Option<String> {
    let split: Vec<Vec<&str>> = names
        .iter()
        .map(|n| n.split_whitespace().collect())
        .collect();
    let shortest = split.iter().map(Vec::len).min()?;
    let mut common = 0;
    while common < shortest {
        let w = split[0][split[0].len() - 1 - common];
        if split.iter().all(|s| s[s.len() - 1 - common] == w) {
            common += 1;
        } else {
            break;
        }
    }
    (common >= 2).then(|| split[0][split[0].len() - common..].join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(code: &str) -> Option<Tile> {
        Some(code.parse().unwrap())
    }

    #[test]
    fn unique_ids_give_their_name() {
        assert_eq!(
            rule_name("M115a", NameContext::default()).as_deref(),
            Some("going Mah-Jongg")
        );
        assert_eq!(
            rule_name("W-L4", NameContext::default()).as_deref(),
            Some("All Green")
        );
        assert_eq!(
            rule_name("K3-HP1", NameContext::default()).as_deref(),
            Some("dragon pung or kong")
        );
        assert_eq!(rule_name("X-9", NameContext::default()), None);
    }

    #[test]
    fn tiles_and_winds_narrow_shared_ids() {
        let cx = |tile, own, prevailing| NameContext {
            tile,
            own: Some(own),
            prevailing: Some(prevailing),
        };
        use Wind::*;
        assert_eq!(
            rule_name("M114b", cx(t("5D"), East, East)).as_deref(),
            Some("pung of minors")
        );
        assert_eq!(
            rule_name("M114c", cx(t("RD"), East, East)).as_deref(),
            Some("kong of majors")
        );
        assert_eq!(
            rule_name("M114e", cx(t("GD"), South, East)).as_deref(),
            Some("pair of dragons")
        );
        assert_eq!(
            rule_name("M114e", cx(t("SW"), South, East)).as_deref(),
            Some("pair of own wind")
        );
        assert_eq!(
            rule_name("M114e", cx(t("EW"), South, East)).as_deref(),
            Some("pair of prevailing wind")
        );
        assert_eq!(
            rule_name("M114e", cx(t("EW"), East, East)).as_deref(),
            Some("pair of own wind that is the prevailing wind")
        );
        assert_eq!(
            rule_name("M116b", cx(t("2S"), East, East)).as_deref(),
            Some("all four seasons")
        );
        assert_eq!(
            rule_name("M115d", cx(t("9B"), East, East)).as_deref(),
            Some("fishing the eyes (major)")
        );
        assert_eq!(
            rule_name("W-P1", cx(t("WW"), West, East)).as_deref(),
            Some("pair of dragons or own wind")
        );
        assert_eq!(
            rule_name("M117c", NameContext::default()).as_deref(),
            Some("concealed hand")
        );
        assert_eq!(
            rule_name("K3-O5", NameContext::default()).as_deref(),
            Some("dora")
        );
        assert_eq!(
            rule_name("M53–M56", NameContext::default()).as_deref(),
            Some("calling hand and Original Call")
        );
    }

    #[test]
    fn a_named_item_shows_its_variant_in_the_language() {
        let cx = NameContext::default();
        let name = |named, lang| item_name("J3-S8", named, cx, lang);
        assert_eq!(name(Some("Bazoro"), Lang::En).as_deref(), Some("Bazoro"));
        assert_eq!(name(Some("dora"), Lang::Cs).as_deref(), Some("dora"));
        assert_eq!(
            name(Some("red five"), Lang::Cs).as_deref(),
            Some("červená pětka")
        );
        assert_eq!(
            name(Some("red five"), Lang::Pl).as_deref(),
            Some("czerwona piątka")
        );
        // Without a name the id tells only its general name.
        assert_eq!(name(None, Lang::En).as_deref(), Some("bonus han"));
        assert_eq!(name(None, Lang::Pl).as_deref(), Some("dodatkowe hany"));
        // Unnamed items keep their narrowing; shared words stay English-only.
        let five = NameContext {
            tile: t("5D"),
            ..cx
        };
        assert_eq!(
            item_name("M114b", None, five, Lang::En).as_deref(),
            Some("pung of minors")
        );
        assert_eq!(
            item_name("M114b", None, five, Lang::Pl).as_deref(),
            Some("pung")
        );
        assert_eq!(item_name("X-9", None, cx, Lang::En), None);
    }
}
