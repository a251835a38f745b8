//! The readable score sheet of `mahjong score` without `--json`: each family draws its own
//! (`Ruleset::sheet_in`), in the language of `--lang`.

use mahjong_rules::catalogue::Lang;
use mahjong_rules::{Outcome, Ruleset, Table};

/// Renders every seat's items (rule id, name, value), the score, the payments and the
/// settlement, the way the ruleset's family counts, with labels and rule names in `lang`.
pub fn table(ruleset: &Ruleset, table: &Table, outcome: &Outcome, lang: Lang) -> String {
    ruleset.sheet_in(table, outcome, lang)
}
