//! Each family's scoring form (`[form]` in its catalogue file, `catalogue::Form`: what the
//! browser's scoring assistant offers) against the table parser and the scorer. The page
//! reads the form instead of the family's name, so a form that named a field the scorer
//! ignores, or left out one it reads, would show a useless input or hide a needed one.
//!
//! The inputs any form names are tried on every family, on a few winning tables of its
//! first preset (`examples`): an input the family's form names changes the result of at
//! least one of them; one it does not name changes none (or is refused). The rules that
//! label inputs, the options offered beside them and what a seat's `bonus` holds are checked
//! against the catalogue, the presets and the table parser; the options offered as a choice
//! (`[[form.options]]`) list exactly the values each option takes, every one named in every
//! language.

use std::collections::BTreeSet;

use mahjong_rules::catalogue::{
    self, BonusTiles, Form, FormInput, FormOption, FormValue, Lang, Units,
};
use mahjong_rules::families::family_names;
use mahjong_rules::{presets, score_input, Outcome, Ruleset, TableInput};
use serde_json::{json, Value};

fn form(family: &str) -> &'static Form {
    catalogue::form(family).unwrap_or_else(|| panic!("{family}: no form"))
}

/// An input as the summaries below write it: `field`, `field=RULE`, `field=RULE/variant`,
/// `field=RULE(declared)`, `field(when OPTION)`, `field(per OPTION)`, `field[value=RULE …]`
/// (values in the order offered).
fn input(i: &FormInput) -> String {
    let mut s = i.field.clone();
    if let Some(r) = &i.rule {
        s += &format!("={r}");
    }
    if let Some(v) = &i.variant {
        s += &format!("/{v}");
    }
    if i.declared {
        s += "(declared)";
    }
    if let Some(o) = &i.when {
        s += &format!("(when {o})");
    }
    if let Some(o) = &i.per {
        s += &format!("(per {o})");
    }
    if !i.values.is_empty() {
        s += &values(&i.values);
    }
    s
}

/// Values as the summaries write them: `[value=RULE …]`, or `[value …]` for values named in
/// the catalogue file itself.
fn values(v: &[FormValue]) -> String {
    let v: Vec<String> = v
        .iter()
        .map(|v| match &v.rule {
            Some(r) => format!("{}={r}", v.value),
            None => v.value.clone(),
        })
        .collect();
    format!("[{}]", v.join(" "))
}

/// An option offered as a choice: `option=RULE[value …]`.
fn option(o: &FormOption) -> String {
    format!("{}={}{}", o.option, o.rule, values(&o.values))
}

fn summary(f: &Form) -> String {
    let list = |l: &[FormInput]| l.iter().map(input).collect::<Vec<_>>().join(" ");
    let options: Vec<String> = f.options.iter().map(option).collect();
    format!(
        "flags: {}; table: {}; seat: {}; options: {}; bonus: {:?}; bonus_points: {}; units: {:?}",
        list(&f.flags),
        list(&f.table),
        list(&f.seat),
        options.join(" "),
        f.bonus,
        f.bonus_points,
        f.units
    )
}

#[test]
fn every_family_has_its_form() {
    let want = [
        (
            "classical",
            "flags: last_tile original_call kong_upon_kong heaven earth; table: ; seat: ; \
             options: ; bonus: Flowers; bonus_points: false; units: PointsDoubles",
        ),
        (
            "kajongg",
            "flags: last_tile original_call kong_upon_kong heaven earth; table: ; seat: ; \
             options: ; bonus: Flowers; bonus_points: false; units: PointsDoubles",
        ),
        (
            "western",
            "flags: last_tile heaven earth; table: ; seat: ; options: ; bonus: Flowers; \
             bonus_points: false; units: PointsDoubles",
        ),
        (
            "korean",
            "flags: last_tile; table: dora_indicator(when dora) goulash; \
             seat: ready=K3-P9(declared); \
             options: ready_discount=K3-S5[waiting declared] \
             three_ready=K3-O4[play-on draw hand-points-only]; \
             bonus: Flowers; bonus_points: true; units: PointsDoubles",
        ),
        (
            "japanese",
            "flags: last_tile=J3-Y6 ippatsu=J3-S8/Ippatsu heaven=J3-YM12 earth=J3-YM1; \
             table: dora_indicators ura_indicators riichi_pot honba(per honba); \
             seat: riichi=J3-Y4[riichi=J3-Y4 double=J3-Y11]; options: ; bonus: Norths; \
             bonus_points: false; units: HanYakuman",
        ),
        (
            "malaysian",
            "flags: last_tile kong_upon_kong heaven earth; table: ; seat: ; options: ; \
             bonus: Flowers; bonus_points: false; units: Fan",
        ),
    ];
    let families: Vec<&str> = want.iter().map(|(f, _)| *f).collect();
    assert_eq!(families, family_names(), "a form for every family");
    for (family, summary_want) in want {
        assert_eq!(summary(form(family)), summary_want, "{family}");
    }
    assert_eq!(catalogue::form("no-such-family"), None);
}

/// A label's rule is the family's own, a variant is one of its names, and a `declared` label
/// is what a seat that has made the rule's declaration shows, so the page finds it in the
/// catalogue in every language.
#[test]
fn every_label_is_a_rule_of_the_family() {
    let mut labels = 0;
    let mut declared = vec![];
    for family in family_names() {
        let f = form(family);
        let mut rule_of_family = |id: &str, what: &str| {
            let e = catalogue::entry(id).unwrap_or_else(|| panic!("{family}: {id} unknown"));
            assert_eq!(e.family, family, "{id} labels {what} of {family}");
            labels += 1;
        };
        for o in &f.options {
            rule_of_family(&o.rule, &o.option);
            for v in o.values.iter().filter_map(|v| v.rule.as_deref()) {
                rule_of_family(v, &o.option);
            }
        }
        for i in f.flags.iter().chain(&f.table).chain(&f.seat) {
            let rules = i
                .rule
                .iter()
                .chain(i.values.iter().filter_map(|v| v.rule.as_ref()));
            for id in rules {
                rule_of_family(id, &i.field);
            }
            if let Some(v) = &i.variant {
                let id = i.rule.as_deref().expect("a variant of a rule");
                let e = catalogue::entry(id).unwrap();
                assert!(
                    e.variants.iter().any(|n| &n.en == v),
                    "{id} has no variant {v:?}"
                );
            }
            if i.declared {
                assert!(i.variant.is_none(), "{family} {}: two labels", i.field);
                let id = i.rule.as_deref().expect("a declared state of a rule");
                let n = catalogue::entry(id)
                    .unwrap()
                    .declared_state()
                    .unwrap_or_else(|| panic!("{id} names no declaration"));
                declared.push(format!("{family} {}: {} {} {}", i.field, n.en, n.cs, n.pl));
            }
        }
    }
    assert_eq!(labels, 10);
    assert_eq!(declared, ["korean ready: Ready Čeká Czeka"]);
}

/// Every value a form labels is one the table takes for the field, and a seat field without
/// values (which the page offers as a checkbox) takes `true`.
#[test]
fn labelled_values_are_the_fields_values() {
    let mut checkboxes = vec![];
    for family in family_names() {
        for i in &form(family).seat {
            let values: Vec<Value> = if i.values.is_empty() {
                checkboxes.push(format!("{family} {}", i.field));
                vec![json!(true)]
            } else {
                i.values.iter().map(|v| json!(v.value)).collect()
            };
            for value in values {
                let mut t = example(family, "E", "wall");
                t["seats"]["E"][&i.field] = value.clone();
                let input = TableInput::from_json(&t.to_string())
                    .unwrap_or_else(|e| panic!("{family}: {}: {value}: {e}", i.field));
                assert!(score_input(&input).is_ok(), "{family}: {}={value}", i.field);
            }
        }
    }
    assert_eq!(checkboxes, ["korean ready"]);
}

/// The options a form offers are options of every preset of the family: `when` one that is
/// true or false, `per` a number.
#[test]
fn the_options_a_form_offers_are_the_familys() {
    let mut seen = vec![];
    for p in presets() {
        let ruleset = Ruleset::preset(p.name).unwrap();
        let options = serde_json::to_value(&ruleset.options).unwrap()["options"].clone();
        for i in &form(p.family).table {
            if let Some(o) = &i.when {
                assert!(options[o].is_boolean(), "{}: option {o}", p.name);
                seen.push(format!("{} {o}={}", p.name, options[o]));
            }
            if let Some(o) = &i.per {
                assert!(options[o].is_u64(), "{}: option {o}", p.name);
                seen.push(format!("{} {o}={}", p.name, options[o]));
            }
        }
    }
    assert_eq!(seen, ["korean-3p dora=false", "japanese-3p honba=0"]);
}

/// An option offered as a choice is a string in every preset of the family, and its values
/// are exactly those it takes there: each one is accepted (set as a table's `options` would
/// set it), and any other string is refused, serde's refusal naming only listed values.
#[test]
fn a_choice_offers_every_value_of_its_option() {
    let mut seen = vec![];
    for p in presets() {
        let preset = Ruleset::preset(p.name).unwrap();
        let options = serde_json::to_value(&preset.options).unwrap()["options"].clone();
        for o in &form(p.family).options {
            let listed: Vec<&str> = o.values.iter().map(|v| v.value.as_str()).collect();
            let set = |value: &str| {
                let mut r = preset.clone();
                let mut m = serde_json::Map::new();
                m.insert(o.option.clone(), json!(value));
                r.apply(&m).map(|()| r).map_err(|e| e.to_string())
            };
            let value = options[&o.option].as_str();
            let value = value.unwrap_or_else(|| panic!("{}: {} is no string", p.name, o.option));
            assert!(listed.contains(&value), "{}: {value} not offered", p.name);
            for v in &listed {
                let r = set(v).unwrap_or_else(|e| panic!("{}: {}={v}: {e}", p.name, o.option));
                let now = serde_json::to_value(&r.options).unwrap()["options"][&o.option].clone();
                assert_eq!(now, json!(v), "{}: {} set to {v}", p.name, o.option);
            }
            let refused = set("no-such-value").unwrap_err();
            let (_, expected) = refused
                .split_once("expected ")
                .unwrap_or_else(|| panic!("{}: {refused}", o.option));
            let mut takes: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
            let mut offered = listed.clone();
            takes.sort();
            offered.sort();
            assert_eq!(takes, offered, "{}: {} takes {refused}", p.name, o.option);
            seen.push(format!(
                "{} {}={value}: {}",
                p.name,
                o.option,
                listed.join(" ")
            ));
        }
    }
    assert_eq!(
        seen,
        [
            "korean-3p ready_discount=waiting: waiting declared",
            "korean-3p three_ready=play-on: play-on draw hand-points-only",
        ]
    );
}

/// Every value of an option offered as a choice is named in English, Czech and Polish (by
/// its rule, checked above, or by its own names), the names of one option's values told
/// apart in each language.
#[test]
fn every_choice_is_named_in_every_language() {
    let mut names = vec![];
    for family in family_names() {
        for o in &form(family).options {
            for lang in Lang::ALL {
                let mut seen = BTreeSet::new();
                for v in &o.values {
                    let name = match (&v.rule, &v.names) {
                        (Some(r), _) => catalogue::entry(r).unwrap().names.get(lang).to_string(),
                        (None, Some(n)) => n.get(lang).to_string(),
                        (None, None) => panic!("{}={}: no label", o.option, v.value),
                    };
                    assert!(
                        !name.is_empty() && name.trim() == name,
                        "{} {}: {name:?}",
                        o.option,
                        lang.as_str()
                    );
                    if let (Some(n), false) = (&v.names, lang == Lang::En) {
                        assert_ne!(n.get(lang), n.en, "{}={}: untranslated", o.option, v.value);
                    }
                    assert!(
                        seen.insert(name.clone()),
                        "{} {}: {name} twice",
                        o.option,
                        lang.as_str()
                    );
                    names.push(format!(
                        "{}={} {}: {name}",
                        o.option,
                        v.value,
                        lang.as_str()
                    ));
                }
            }
        }
    }
    assert_eq!(names.len(), 15, "{names:#?}");
    assert!(
        names.contains(&"ready_discount=declared cs: jen soupeř, který ohlásil čekání".to_string())
    );
}

/// Every value of an offered option that the preset does not have changes the result of a
/// winning example with every seat's true-or-false fields ticked (every seat declared ready):
/// the option counts where the form offers it.
#[test]
fn every_choice_changes_a_score() {
    let mut changes = vec![];
    for p in presets() {
        let f = form(p.family);
        let preset = Ruleset::preset(p.name).unwrap();
        let options = serde_json::to_value(&preset.options).unwrap()["options"].clone();
        for o in &f.options {
            for v in o
                .values
                .iter()
                .filter(|v| options[&o.option] != json!(v.value))
            {
                let mut on = vec![];
                for (name, mut t) in examples(p.family) {
                    t["ruleset"] = json!(p.name);
                    for i in f.seat.iter().filter(|i| i.values.is_empty()) {
                        for w in t["seats"].as_object_mut().unwrap().values_mut() {
                            w[&i.field] = json!(true);
                        }
                    }
                    let before = outcome(&t);
                    t["options"][&o.option] = json!(v.value);
                    if outcome(&t) != before {
                        on.push(name);
                    }
                }
                changes.push(format!(
                    "{} {}={}: {}",
                    p.name,
                    o.option,
                    v.value,
                    on.join(", ")
                ));
            }
        }
    }
    // `declared`: an opponent who declared pays less though his (empty) hand waits on
    // nothing; `draw` ends every hand with three declared seats; `hand-points-only` takes the
    // bonus-points away.
    assert_eq!(
        changes,
        [
            "korean-3p ready_discount=declared: E wall, E wall first, S discard, S wall, E loose, E riichi",
            "korean-3p three_ready=draw: E wall, E wall first, S discard, S wall, E loose, E riichi",
            "korean-3p three_ready=hand-points-only: E wall, E wall first, S discard, S wall, E loose, E riichi",
        ]
    );
}

/// `bonus = "norths"` where a seat may set a North aside into `bonus` (J3-T4), flowers where
/// it may not: tried on every preset.
#[test]
fn the_bonus_label_says_what_a_bonus_may_hold() {
    for p in presets() {
        let mut t = example(p.family, "E", "wall");
        t["ruleset"] = json!(p.name);
        t["seats"]["S"]["bonus"] = json!(["NW"]);
        let north = TableInput::from_json(&t.to_string())
            .map_err(|e| e.to_string())
            .and_then(|i| score_input(&i).map_err(|e| e.to_string()));
        assert_eq!(
            north.is_ok(),
            form(p.family).bonus == BonusTiles::Norths,
            "{}: a North in bonus: {:?}",
            p.name,
            north.err()
        );
    }
}

/// `bonus_points`: the winner's score is his hand-points (`points`) plus bonus-points, with
/// no doubles; otherwise a points-and-doubles score is its points doubled.
#[test]
fn bonus_points_say_how_a_score_is_made() {
    for family in family_names() {
        let f = form(family);
        let input = TableInput::from_json(&example(family, "E", "wall").to_string()).unwrap();
        let (_, _, outcome) = score_input(&input).unwrap();
        let s = outcome.scores[0];
        if f.bonus_points {
            assert!(s.doubles == 0 && s.score > s.points, "{family}: {s:?}");
        } else if f.units == Units::PointsDoubles {
            assert_eq!(s.score, s.points << s.doubles, "{family}");
        }
    }
}

/// A winning hand of the family: `winner` wins on a tile `from` the wall, a `discard` of
/// East's or a `loose` tile after concealed kongs. Each holds three sets (one a pung of 4D,
/// which the indicator 3D makes dora), a fourth set and the pair he wins on; on a loose tile
/// the last two sets are concealed kongs.
fn example(family: &str, winner: &str, from: &str) -> Value {
    let (ruleset, seats, hand, set, pair): (&str, &[&str], &str, &str, &str) = match family {
        "classical" => (
            "millington",
            &FOUR,
            "1D 2D 3D 4D 4D 4D 7C 7C 7C",
            "1B",
            "5B",
        ),
        "kajongg" => ("dmjl", &FOUR, "1D 2D 3D 4D 4D 4D 7C 7C 7C", "1B", "5B"),
        "western" => ("western", &FOUR, "1D 2D 3D 4D 4D 4D 7C 7C 7C", "1B", "5B"),
        "korean" => (
            "korean-3p",
            &THREE,
            "1D 2D 3D 4D 4D 4D 7D 7D 7D",
            "1B",
            "9B",
        ),
        "japanese" => (
            "japanese-3p",
            &THREE,
            "1D 2D 3D 4D 4D 4D 7D 7D 7D",
            "1B",
            "9B",
        ),
        // All pungs, a dragon pung, a half flush and the own flower: the 5 fan a win needs
        // (MY3-S1).
        "malaysian" => (
            "malaysian-3p",
            &THREE,
            "9D 9D 9D 4D 4D 4D 7D 7D 7D",
            "RD",
            "5D",
        ),
        _ => panic!("{family}: no example hand"),
    };
    let mut concealed: Vec<&str> = hand.split(' ').collect();
    let mut sets = vec![];
    if from == "loose" {
        // Two kongs, as the malaysian Kong upon Kong needs; the hand's last pung is one.
        let last = concealed.split_off(6)[0];
        for t in [last, set] {
            sets.push(json!({"kind": "kong", "tiles": [t, t, t, t], "kong": "concealed"}));
        }
    } else {
        concealed.extend([set, set, set]);
    }
    concealed.extend([pair, pair]);
    let mut table = json!({
        "ruleset": ruleset,
        "prevailing_wind": "E",
        "winner": winner,
        "win": {"tile": pair, "from": from},
        "seats": seats.iter().map(|s| (s.to_string(), json!({}))).collect::<serde_json::Map<_, _>>(),
    });
    table["seats"][winner] = json!({"sets": sets, "concealed": concealed});
    if from == "discard" {
        table["win"]["supplier"] = json!("E");
        table["discards"] = json!([format!("E:{pair}")]);
    }
    if family == "malaysian" {
        let own = if winner == "E" { "1F" } else { "2F" };
        table["seats"][winner]["bonus"] = json!([own]);
    }
    table
}

const FOUR: [&str; 4] = ["E", "S", "W", "N"];
const THREE: [&str; 3] = ["E", "S", "W"];

/// Every table an input is tried on: East self-drawn, on his pair's tile and on his first
/// set's first tile (1 circle, which Western's last tile needs, W-L12); South on East's
/// discard; South on his first draw; East on a loose tile after his kongs; East self-drawn in
/// riichi.
fn examples(family: &str) -> Vec<(&'static str, Value)> {
    let mut riichi = example(family, "E", "wall");
    riichi["seats"]["E"]["riichi"] = json!("riichi");
    let mut first = example(family, "E", "wall");
    first["win"]["tile"] = first["seats"]["E"]["concealed"][0].clone();
    vec![
        ("E wall", example(family, "E", "wall")),
        ("E wall first", first),
        ("S discard", example(family, "S", "discard")),
        ("S wall", example(family, "S", "wall")),
        ("E loose", example(family, "E", "loose")),
        ("E riichi", riichi),
    ]
}

/// An input set on a table: a flag, a table field or a seat field (the winner's), with a
/// value that counts on the example hands; `None` for a field without such a value here.
fn set(table: &mut Value, place: Place, field: &str) -> Option<()> {
    match place {
        Place::Flag => table["win"][field] = json!(true),
        Place::Table => {
            table[field] = match field {
                "dora_indicators" | "ura_indicators" => json!(["3D"]),
                "dora_indicator" => json!("3D"),
                "riichi_pot" => json!(1000),
                "honba" | "goulash" => json!(2),
                _ => return None,
            }
        }
        Place::Seat => {
            let winner = table["winner"].as_str().unwrap().to_string();
            table["seats"][&winner][field] = match field {
                "riichi" => json!("riichi"),
                "ready" => json!(true),
                _ => return None,
            }
        }
    }
    Some(())
}

#[derive(Copy, Clone, Debug)]
enum Place {
    Flag,
    Table,
    Seat,
}

fn outcome(table: &Value) -> Option<Outcome> {
    let input = TableInput::from_json(&table.to_string()).ok()?;
    score_input(&input).ok().map(|(_, _, o)| o)
}

/// The examples on which setting the input changes the result, with the option it counts
/// under on (or worth 1,000 each) before and after, where the family has that option.
fn changed(family: &str, place: Place, i: &FormInput) -> Vec<&'static str> {
    let mut out = vec![];
    for (name, plain) in examples(family) {
        let mut base = plain.clone();
        if let Some(o) = &i.when {
            base["options"][o] = json!(true);
        }
        if let Some(o) = &i.per {
            base["options"][o] = json!(1000);
        }
        let (base, before) = match outcome(&base) {
            Some(o) => (base, o),
            None => {
                let o =
                    outcome(&plain).unwrap_or_else(|| panic!("{family}: {name} does not score"));
                (plain, o)
            }
        };
        let mut t = base;
        set(&mut t, place, &i.field)
            .unwrap_or_else(|| panic!("no value to try for {place:?} {}", i.field));
        if outcome(&t).is_some_and(|after| after != before) {
            out.push(name);
        }
    }
    out
}

#[test]
fn a_form_names_exactly_the_inputs_its_scorer_reads() {
    // Every input some form names, with where it goes.
    let mut all: Vec<(Place, FormInput)> = vec![];
    let mut names = BTreeSet::new();
    for family in family_names() {
        let f = form(family);
        let places = [
            (Place::Flag, &f.flags),
            (Place::Table, &f.table),
            (Place::Seat, &f.seat),
        ];
        for (place, list) in places {
            for i in list.iter() {
                if names.insert(i.field.clone()) {
                    all.push((place, i.clone()));
                }
            }
        }
    }
    let mut found = vec![];
    for family in family_names() {
        let f = form(family);
        for (place, any) in &all {
            let own = f
                .flags
                .iter()
                .chain(&f.table)
                .chain(&f.seat)
                .find(|i| i.field == any.field);
            // Another family's input is tried as that family offers it (its option on), so
            // that an ignored field is told from one that counts only under an option.
            let tried = changed(family, *place, own.unwrap_or(any));
            if own.is_some() {
                found.push(format!("{family} {}: {}", any.field, tried.join(", ")));
                assert!(!tried.is_empty(), "{family}: {} changes nothing", any.field);
            } else {
                assert!(
                    tried.is_empty(),
                    "{family}: {} is not in the form, but changes {tried:?}",
                    any.field
                );
            }
        }
    }
    // Where each input of a family's form counts: the last tile not on a discard in the
    // korean game (K3-BP3) nor anywhere but on a 1 circle in the western (W-L12), Earth's
    // Blessing on East's discard but in the japanese game (Chiihou: a first draw, J3-YM1),
    // ura-dora and Ippatsu only in riichi, riichi where it is not already declared, korean
    // ready everywhere (K3-BP11).
    assert_eq!(
        found,
        [
            "classical last_tile: E wall, E wall first, S discard, S wall, E riichi",
            "classical original_call: E wall, E wall first, S discard, S wall, E loose, E riichi",
            "classical kong_upon_kong: E loose",
            "classical heaven: E wall, E wall first, E loose, E riichi",
            "classical earth: S discard",
            "kajongg last_tile: E wall, E wall first, S discard, S wall, E riichi",
            "kajongg original_call: E wall, E wall first, S discard, S wall, E loose, E riichi",
            "kajongg kong_upon_kong: E loose",
            "kajongg heaven: E wall, E wall first, E loose, E riichi",
            "kajongg earth: S discard",
            "western last_tile: E wall first",
            "western heaven: E wall, E wall first, E loose, E riichi",
            "western earth: S discard",
            "korean last_tile: E wall, E wall first, S wall, E riichi",
            "korean dora_indicator: E wall, E wall first, S discard, S wall, E loose, E riichi",
            "korean goulash: E wall, E wall first, S discard, S wall, E loose, E riichi",
            "korean ready: E wall, E wall first, S discard, S wall, E loose, E riichi",
            "japanese last_tile: E wall, E wall first, S discard, S wall, E riichi",
            "japanese heaven: E wall, E wall first, E loose, E riichi",
            "japanese earth: S wall",
            "japanese ippatsu: E riichi",
            "japanese dora_indicators: E wall, E wall first, S discard, S wall, E loose, E riichi",
            "japanese ura_indicators: E riichi",
            "japanese riichi_pot: E wall, E wall first, S discard, S wall, E loose, E riichi",
            "japanese honba: E wall, E wall first, S discard, S wall, E loose, E riichi",
            "japanese riichi: E wall, E wall first, S discard, S wall, E loose",
            "malaysian last_tile: E wall, E wall first, S wall, E riichi",
            "malaysian kong_upon_kong: E loose",
            "malaysian heaven: E wall, E wall first, E loose, E riichi",
            "malaysian earth: S discard, S wall",
        ]
    );
}

/// korean-3p's seat field `ready` (K3-P9), which the form offers beside every seat, scored as
/// `docs/specs/three-player-korean.md` says, on the example hands: the winner's declaration
/// earns K3-BP11 (2) and, won from the wall, K3-BP12 (2 more), which every opponent pays; an
/// opponent who declared pays 2 bonus-points less under `ready_discount = "declared"`
/// (K3-S5), nothing less under the preset's `waiting` without a waiting hand; every seat
/// ready pays hand-points only or is a draw (`three_ready`).
#[test]
fn korean_ready_counts_as_the_rules_say() {
    let score = |t: &Value| {
        let input = TableInput::from_json(&t.to_string()).unwrap();
        score_input(&input)
            .map(|(_, _, o)| o)
            .map_err(|e| e.to_string())
    };
    // A seat's items as `RULE [TILE] POINTS`, its score, and the three seats' settlement.
    let sheet = |t: &Value, seat: usize| {
        let o = score(t).unwrap();
        let s = &o.scores[seat];
        let items: Vec<String> = s
            .items
            .as_slice()
            .iter()
            .map(|i| match i.tile {
                Some(tile) => format!("{} {tile} {}", i.rule.id, i.points),
                None => format!("{} {}", i.rule.id, i.points),
            })
            .collect();
        (items.join(", "), s.score, o.settlement[..3].to_vec())
    };
    // East draws 9B: 123D, concealed pungs of 4D, 7D and 1B, a pair of 9B. HP8 1 + HP11 3 +
    // HP18 1 + HP20 2 + HP21 2 = 9; BP1 2 + BP2 1 + BP9 2 + BP10 2 = 7: 16 from each.
    let hand = "K3-HP8 1B 1, K3-HP11 3, K3-HP18 1, K3-HP20 2, K3-HP21 2, K3-BP1 2, K3-BP2 9B 1, \
                K3-BP9 2, K3-BP10 2";
    let mut wall = example("korean", "E", "wall");
    assert_eq!(sheet(&wall, 0), (hand.to_string(), 16, vec![32, -16, -16]));
    // Declared ready: BP11 2 + BP12 2 = 11 bonus-points, 20 from each.
    wall["seats"]["E"]["ready"] = json!(true);
    let ready = format!("{hand}, K3-BP11 2, K3-BP12 2");
    assert_eq!(sheet(&wall, 0), (ready, 20, vec![40, -20, -20]));

    // South on East's 9B: HP 9 − HP21 2 = 7; BP1 2 + BP9 2 = 4: East pays 2×7 + 4 = 18,
    // West 4 (K3-S4).
    let hand = "K3-HP8 1B 1, K3-HP11 3, K3-HP18 1, K3-HP20 2, K3-BP1 2, K3-BP9 2";
    let discard = example("korean", "S", "discard");
    assert_eq!(
        sheet(&discard, 1),
        (hand.to_string(), 11, vec![-18, 22, -4])
    );
    // Declared ready: BP11 2, no BP12: 6 bonus-points; East 2×7 + 6 = 20, West 6.
    let mut t = discard.clone();
    t["seats"]["S"]["ready"] = json!(true);
    let ready = format!("{hand}, K3-BP11 2");
    assert_eq!(sheet(&t, 1), (ready, 13, vec![-20, 26, -6]));

    // West declared: under the preset (`waiting`) his empty hand waits on nothing, so he pays
    // in full; under `declared` he pays 4 − 2 = 2 (K3-S5, noted with his seat wind).
    let mut t = discard.clone();
    t["seats"]["W"]["ready"] = json!(true);
    assert_eq!(sheet(&t, 1), (hand.to_string(), 11, vec![-18, 22, -4]));
    t["options"]["ready_discount"] = json!("declared");
    let less = format!("{hand}, K3-S5 WW 2");
    assert_eq!(sheet(&t, 1), (less, 11, vec![-18, 20, -2]));

    // Every seat ready: by default play goes on; `hand-points-only` pays 2×7 from East and
    // nothing from West (K3-O4 noted); `draw` scores no winner.
    let mut t = discard.clone();
    for w in THREE {
        t["seats"][w]["ready"] = json!(true);
    }
    t["options"]["three_ready"] = json!("hand-points-only");
    let only = format!("{hand}, K3-BP11 2, K3-O4 0");
    assert_eq!(sheet(&t, 1), (only, 7, vec![-14, 14, 0]));
    t["options"]["three_ready"] = json!("draw");
    assert_eq!(
        score(&t).unwrap_err(),
        "winner: every seat declared ready: the hand is a draw (three_ready = \"draw\")"
    );
}

/// An input with an option it counts under (`when`) changes nothing while the option is
/// off: korean-3p's dora indicator (K3-O5) is then refused.
#[test]
fn a_gated_field_counts_only_under_its_option() {
    for family in family_names() {
        for i in form(family).table.iter().filter(|i| i.when.is_some()) {
            for (name, base) in examples(family) {
                let mut t = base.clone();
                set(&mut t, Place::Table, &i.field).unwrap();
                t["options"][i.when.as_ref().unwrap()] = json!(false);
                let before = outcome(&base);
                let after = outcome(&t);
                assert!(
                    after.is_none() || after == before,
                    "{family} {name}: {}",
                    i.field
                );
            }
        }
    }
}
