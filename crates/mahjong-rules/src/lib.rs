//! Rulesets as data, scoring and settlement.
//!
//! The path from a table to a result:
//! [`TableInput`] (unchecked JSON) → [`Table::validate`] → [`score`] → [`Outcome`], and
//! [`output::ScoreJson`] renders it as the public JSON of `shared/formats/table-json.md`.
//! Each scored [`Item`] cites its rule id (`M114b`, `M117c` …; each family lists its own).

pub mod catalogue;
pub mod danger;
pub mod families;
pub mod output;
pub mod plan;
pub mod play;
mod ruleset;
pub mod sample;
mod score;
mod sheet;
mod sheet_text;
mod table;

pub use danger::{Danger, Dangers, Shown};
pub use families::{Family, Options, PresetFile};
pub use plan::{Declared, Plan};
pub use play::{FamilyPlay, HandEnd, NoHooks, PlayHooks, PlayTable, WinTies};
pub use ruleset::{presets, DeadWall, PlayRules, PresetInfo, Ruleset, RulesetError, PRESETS};
pub use score::{
    InstantPayment, Item, Items, Outcome, Payment, Payments, Rule, ScoreFields, SeatScore,
};
pub use table::{
    BonusGroup, Earth, InputError, KnittedSet, Riichi, SeatHand, SeatInput, SetInput, SetKindInput,
    Table, TableInput, TableReading, Win, WinFrom, WinInput, JOKER_WIN_KIND,
};

use mahjong_hands::Shape;

/// Scores every seat of a validated table and settles the hand.
///
/// A winner whose tiles are not a legal Mah-Jongg under the ruleset is an [`InputError`].
pub fn score(table: &Table, ruleset: &Ruleset) -> Result<Outcome, InputError> {
    let shape = Shape::of(&ruleset.tile_set());
    score_with_shape(table, ruleset, &shape)
}

/// As [`score`], with the tile set's [`Shape`] computed once by the caller (for batches).
pub fn score_with_shape(
    table: &Table,
    ruleset: &Ruleset,
    shape: &Shape,
) -> Result<Outcome, InputError> {
    let mut out = Outcome::EMPTY;
    score_into(table, ruleset, shape, &mut out)?;
    Ok(out)
}

/// As [`score_with_shape`], writing into a reused [`Outcome`]: the allocation- and
/// copy-free form for hot loops (simulation, batches). On error `out` is unspecified.
pub fn score_into(
    table: &Table,
    ruleset: &Ruleset,
    shape: &Shape,
    out: &mut Outcome,
) -> Result<(), InputError> {
    ruleset.options.score_into(table, shape, &ruleset.name, out)
}

/// Scores one seat of a validated table into `out` without settling: what a bot needs to
/// value a possible win. Seat 0 is East.
pub fn score_seat(
    table: &Table,
    seat: usize,
    ruleset: &Ruleset,
    shape: &Shape,
    out: &mut SeatScore,
) -> Result<(), InputError> {
    ruleset
        .options
        .score_seat(table, seat, shape, &ruleset.name, out)
}

/// Scores and settles a win by `seat`'s hand as dealt, with no winning tile (MY3-J6's four
/// jokers; [`PlayHooks::wins_as_dealt`]): `table` is the hand with no winner. Play only: a
/// table cannot write such a win (MY3-X7). An error when the family has no such win or the
/// hand is not one.
pub fn score_dealt_win(
    table: &Table,
    seat: usize,
    ruleset: &Ruleset,
    out: &mut Outcome,
) -> Result<(), InputError> {
    ruleset.options.score_dealt_win(table, seat, out)
}

/// Whether the table's winner (seat `seat`) holds a legal win under the ruleset, and how
/// it ranks against another player claiming the same tile (higher wins; K3-P7 ranks by
/// hand-points then bonus-points). The engine asks before offering Mah-Jongg when the
/// family's [`PlayHooks::checks_wins`]; families without a minimum rank every complete
/// hand equal.
pub fn win_rank(
    table: &Table,
    seat: usize,
    ruleset: &Ruleset,
    shape: &Shape,
) -> Option<(u64, u64)> {
    ruleset.options.win_rank(table, seat, shape)
}

/// The payments when only each seat's score is known (a scoring assistant's typed
/// scores); `None` for a family that needs the hands to settle.
pub fn settle_values(table: &Table, values: &[u64; 4], ruleset: &Ruleset) -> Option<Payments> {
    ruleset.options.settle_values(table, values)
}

/// Resolves the input's ruleset and options, validates the table and scores it: the whole
/// of `mahjong score` for one table.
pub fn score_input(input: &TableInput) -> Result<(Ruleset, Table, Outcome), InputError> {
    let ruleset = ruleset_of(input)?;
    let table = Table::validate(input, &ruleset)?;
    let outcome = score(&table, &ruleset)?;
    Ok((ruleset, table, outcome))
}

/// The ruleset an input names (`ruleset`: preset or file) with its `options` applied.
pub fn ruleset_of(input: &TableInput) -> Result<Ruleset, InputError> {
    let mut ruleset = Ruleset::named_or_file(&input.ruleset)
        .map_err(|e| InputError::new("ruleset", e.to_string()))?;
    ruleset.apply(&input.options).map_err(|e| match e {
        RulesetError::UnknownOption { ref name, .. } | RulesetError::BadValue { ref name, .. } => {
            let text = e.to_string();
            let msg = text.split_once(": ").map_or(text.as_str(), |(_, m)| m);
            InputError::new(format!("options.{name}"), msg)
        }
        other => InputError::new("options", other.to_string()),
    })?;
    Ok(ruleset)
}
