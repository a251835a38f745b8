//! The readable score sheet of `mahjong score` without `--json`: each family draws its own
//! (`Ruleset::sheet`).

use mahjong_rules::{Outcome, Ruleset, Table};

/// Renders every seat's items (rule id, name, value), the score, the payments and the
/// settlement, the way the ruleset's family counts.
pub fn table(ruleset: &Ruleset, table: &Table, outcome: &Outcome) -> String {
    ruleset.sheet(table, outcome)
}
