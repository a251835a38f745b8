//! A ruleset file with several problems reports the one on its earliest line, whatever
//! the options' names or the kind of each problem (unknown, wrong type, out of a rule's
//! range); and whole-number messages give no maximum that is only a Rust type's.

use mahjong_rules::Ruleset;

fn error(text: &str) -> String {
    Ruleset::from_toml(text).unwrap_err().to_string()
}

const HEAD: &str = "name = \"club\"\nbase = \"millington\"\n[options]\n";

#[test]
fn a_bad_value_before_an_unknown_option_is_reported_first() {
    assert_eq!(
        error(&format!("{HEAD}mahjong_points = \"thirty\"\nlimt = 1\n")),
        "<toml>: line 4: options.mahjong_points: \"thirty\" is not a number: a whole number, \
         0 or more was expected"
    );
    assert!(error(&format!("{HEAD}mahjong_points = 30\nlimt = 1\n"))
        .starts_with("<toml>: line 5: options.limt: unknown option (known: "));
    assert!(
        error(&format!("{HEAD}limt = 1\nmahjong_points = \"thirty\"\n"))
            .starts_with("<toml>: line 4: options.limt: unknown option (known: ")
    );
}

#[test]
fn a_rule_check_on_an_early_line_comes_before_later_type_and_name_errors() {
    // `rounds` fails only the family's check, which runs once every option has a valid
    // type; `bouquet` and `zzz` fail before it, in name order.
    let text = format!("{HEAD}rounds = 3\nbouquet = \"x\"\nzzz = 1\n");
    assert_eq!(
        error(&text),
        "<toml>: line 4: options.rounds: must be 1, 2 or a multiple of 4"
    );
    let text = format!("{HEAD}bouquet = 1\nzzz = 1\nrounds = 3\n");
    assert!(
        error(&text).starts_with("<toml>: line 5: options.zzz: unknown option (known: "),
        "{}",
        error(&text)
    );
}

#[test]
fn a_file_without_problems_still_reads() {
    let r = Ruleset::from_toml(&format!("{HEAD}rounds = 8\nbouquet = 2\n")).unwrap();
    assert_eq!(r.name, "club");
    assert_eq!(r.play().rounds, 8);
}

#[test]
fn whole_numbers_give_no_type_maximum_unless_exceeded() {
    let mut r = Ruleset::preset("millington").unwrap();
    let set = |r: &mut Ruleset, o: &str| r.set(o).unwrap_err().to_string();
    assert_eq!(
        set(&mut r, "limit=abc"),
        "options.limit: \"abc\" is not a number: a whole number, 0 or more was expected"
    );
    assert_eq!(
        set(&mut r, "limit=-5"),
        "options.limit: -5 is out of range: a whole number, 0 or more was expected"
    );
    assert_eq!(
        set(&mut r, "limit=1e30"),
        "options.limit: 1e+30 is out of range: a whole number from 0 to \
         18446744073709551615 was expected"
    );
    assert_eq!(
        set(&mut r, "mahjong_points=true"),
        "options.mahjong_points: true is not a number: a whole number, 0 or more was expected"
    );
    let mut j = Ruleset::preset("japanese-3p").unwrap();
    assert_eq!(
        set(&mut j, "yakuman_cap=256"),
        "options.yakuman_cap: 256 is out of range: a whole number from 0 to 255 was expected"
    );
    assert_eq!(
        set(&mut j, "yakuman_cap=\"2\""),
        "options.yakuman_cap: \"2\" is not a number: a whole number, 0 or more was expected"
    );
}

/// A file with `family =` and every option of korean-3p's preset, one line each, with
/// `edit` applied to the options' lines (which start at line 4).
fn family_file(edit: impl Fn(Vec<String>) -> Vec<String>) -> String {
    let preset = Ruleset::preset("korean-3p").unwrap().to_toml();
    let options: Vec<String> = preset
        .split_once("[options]\n")
        .unwrap()
        .1
        .lines()
        .map(str::to_string)
        .collect();
    format!(
        "name = \"mine\"\nfamily = \"korean\"\n[options]\n{}\n",
        edit(options).join("\n")
    )
}

#[test]
fn a_family_file_reports_each_problem_at_its_own_line() {
    // Unchanged, it reads as the preset's options.
    let r = Ruleset::from_toml(&family_file(|o| o)).unwrap();
    assert_eq!(r.name, "mine");
    assert_eq!(r.options, Ruleset::preset("korean-3p").unwrap().options);
    let set = |name: &'static str, value: &'static str| {
        move |mut o: Vec<String>| {
            let at = o
                .iter()
                .position(|l| l.starts_with(&format!("{name} =")))
                .unwrap();
            o[at] = format!("{name} = {value}");
            o
        }
    };
    let line_of = |name: &str| {
        4 + family_file(|o| o)
            .lines()
            .skip(3)
            .position(|l| l.starts_with(&format!("{name} =")))
            .unwrap()
    };
    // A wrong type, a rule's range and an unknown name, each at its own line.
    assert_eq!(
        error(&family_file(set("limit", "\"x\""))),
        format!(
            "<toml>: line {}: options.limit: \"x\" is not a number: a whole number, 0 or \
             more was expected",
            line_of("limit")
        )
    );
    assert_eq!(
        error(&family_file(set("limit", "30"))),
        format!(
            "<toml>: line {}: options.limit: must be 40 to 10000",
            line_of("limit")
        )
    );
    let unknown = family_file(|mut o| {
        o.push("foo = 1".into());
        o
    });
    let foo = unknown.lines().count();
    assert!(
        error(&unknown).starts_with(&format!(
            "<toml>: line {foo}: options.foo: unknown option (known: "
        )),
        "{}",
        error(&unknown)
    );
}

#[test]
fn a_family_file_missing_an_option_names_it_at_the_family_line() {
    let text = family_file(|o| {
        o.into_iter()
            .filter(|l| !l.starts_with("north ="))
            .collect()
    });
    assert_eq!(
        error(&text),
        "<toml>: line 2: options.north: missing: a file with `family = \"korean\"` sets every \
         option; to set only some, start from a preset instead (`base = \"NAME\"`)"
    );
    // A bad value has a line of its own, so it comes first.
    let text = family_file(|o| {
        o.into_iter()
            .filter(|l| !l.starts_with("north ="))
            .map(|l| {
                if l.starts_with("dora =") {
                    "dora = 3".into()
                } else {
                    l
                }
            })
            .collect()
    });
    assert!(
        error(&text).contains(": options.dora: "),
        "{}",
        error(&text)
    );
    assert!(!error(&text).contains("line 2:"), "{}", error(&text));
    assert_eq!(
        error("family = \"riichi\"\n[options]\n"),
        "<toml>: line 1: family: unknown family \"riichi\" (families: classical, kajongg, \
         western, korean, japanese, malaysian)"
    );
}
