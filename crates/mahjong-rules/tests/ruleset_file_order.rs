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
