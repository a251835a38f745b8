//! The score sheet in every language (`Ruleset::sheet_in`): English is `Ruleset::sheet`,
//! every label is filled, every item carries its catalogue name, and the columns line up
//! counted in chars (Czech and Polish letters take two bytes).

use mahjong_rules::catalogue::{self, Lang};
use mahjong_rules::{score_input, TableInput};

const EXAMPLES: [&str; 6] = [
    include_str!("../../../examples/seed000-settlement.json"),
    include_str!("../../../examples/western-settlement.json"),
    include_str!("../../../examples/japanese-3p-example.json"),
    include_str!("../../../examples/korean-3p-discard.json"),
    include_str!("../../../examples/korean-3p-options.json"),
    include_str!("../../../examples/malaysian-3p-example.json"),
];

#[test]
fn every_example_renders_in_every_language() {
    for text in EXAMPLES {
        let (ruleset, table, outcome) = score_input(&TableInput::from_json(text).unwrap()).unwrap();
        assert_eq!(
            ruleset.sheet_in(&table, &outcome, Lang::En),
            ruleset.sheet(&table, &outcome)
        );
        for lang in [Lang::Cs, Lang::Pl] {
            let sheet = ruleset.sheet_in(&table, &outcome, lang);
            assert!(!sheet.contains('{'), "an unfilled label:\n{sheet}");
            for sc in &outcome.scores[..outcome.seats] {
                for it in sc.items.as_slice() {
                    let name = catalogue::translate(it.rule.id, it.rule.name, lang).unwrap();
                    assert!(
                        sheet
                            .lines()
                            .any(|l| l.starts_with(&format!("  {:<6} {name}", it.rule.id))
                                || l.starts_with(&format!("  {:<7} {name}", it.rule.id))
                                || l.starts_with(&format!("  {:<8} {name}", it.rule.id))),
                        "{} {name:?} not on\n{sheet}",
                        it.rule.id
                    );
                }
            }
        }
    }
}

#[test]
fn the_value_columns_line_up_in_chars() {
    // Points-only items (classical, western) and han items (japanese) end in one column.
    for (text, ends) in [
        (EXAMPLES[0], [" 4", " 8"].as_slice()),
        (EXAMPLES[1], [" 4", " 8"].as_slice()),
        (EXAMPLES[2], [" han"].as_slice()),
    ] {
        let (ruleset, table, outcome) = score_input(&TableInput::from_json(text).unwrap()).unwrap();
        for lang in Lang::ALL {
            let sheet = ruleset.sheet_in(&table, &outcome, lang);
            let widths: Vec<usize> = sheet
                .lines()
                .filter(|l| l.starts_with("  M") || l.starts_with("  W-") || l.starts_with("  J3"))
                .filter(|l| ends.iter().any(|e| l.ends_with(e)))
                .map(|l| l.chars().count())
                .collect();
            assert!(widths.len() > 3, "{sheet}");
            assert!(widths.iter().all(|w| *w == widths[0]), "{lang:?}:\n{sheet}");
        }
    }
}
