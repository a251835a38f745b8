//! Rulesets as data, scoring and settlement.
//!
//! The path from a table to a result:
//! [`TableInput`] (unchecked JSON) → [`Table::validate`] → [`score`] → [`Outcome`], and
//! [`output::ScoreJson`] renders it as the public JSON of `shared/formats/table-json.md`.
//! Each scored [`Item`] cites its rule id (`M114b`, `M117c` …; see [`rules`]).

mod classical;
pub mod korean;
pub mod output;
pub mod rules;
mod ruleset;
pub mod sample;
mod score;
mod settle;
mod table;
pub mod western;

pub use ruleset::{
    ClassicalOptions, DeadWall, DealtComplete, DeclareReady, DiscardPayment, KoreanOptions,
    MissingWind, Options, PlayRules, ReadyDiscount, Ruleset, RulesetError, ThreeReady, UnseenRule,
    WesternOptions, WinTies, PRESETS,
};
pub use score::{Item, Items, Outcome, Payment, Payments, Rule, SeatScore};
pub use settle::settle_classical;
pub use table::{
    InputError, SeatHand, SeatInput, SetInput, SetKindInput, Table, TableInput, Win, WinFrom,
    WinInput,
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
    for (w, s) in out.winds.iter_mut().zip(ruleset.seat_winds()) {
        *w = *s;
    }
    match &ruleset.options {
        Options::Classical(o) => {
            classical::score_seats(table, o, shape, &ruleset.name, &mut out.scores)?;
            let values = out.scores.map(|s| s.score);
            out.seats = table.seats;
            out.payments = settle_classical(table, &values, o);
            out.settlement = out.payments.net(table.seats);
            Ok(())
        }
        Options::Western(o) => {
            for (i, sc) in out.scores.iter_mut().enumerate() {
                if i < table.seats {
                    western::score_one_seat(table, i, o, shape, &ruleset.name, sc)?;
                } else {
                    *sc = SeatScore::ZERO;
                }
            }
            let values = out.scores.map(|s| s.score);
            out.seats = table.seats;
            out.payments = western::settle_western(table, &values, o);
            out.settlement = out.payments.net(table.seats);
            Ok(())
        }
        Options::Korean(o) => {
            for (i, sc) in out.scores.iter_mut().enumerate() {
                if i < table.seats {
                    korean::score_one_seat(table, i, o, shape, &ruleset.name, sc)?;
                } else {
                    *sc = SeatScore::ZERO;
                }
            }
            out.seats = table.seats;
            out.payments = korean::settle_korean(table, &out.scores, o);
            out.settlement = out.payments.net(table.seats);
            Ok(())
        }
    }
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
    match &ruleset.options {
        Options::Classical(o) => {
            classical::score_one_seat(table, seat, o, shape, &ruleset.name, out)
        }
        Options::Western(o) => western::score_one_seat(table, seat, o, shape, &ruleset.name, out),
        Options::Korean(o) => korean::score_one_seat(table, seat, o, shape, &ruleset.name, out),
    }
}

/// Whether the table's winner (seat `seat`) holds a legal win under the ruleset, and how
/// it ranks against another player claiming the same tile (higher wins; K3-P7 ranks by
/// hand-points then bonus-points). The engine asks before offering Mah-Jongg when
/// [`PlayRules::win_check`] is on; families without a minimum rank every complete hand
/// equal.
pub fn win_rank(
    table: &Table,
    seat: usize,
    ruleset: &Ruleset,
    shape: &Shape,
) -> Option<(u64, u64)> {
    match &ruleset.options {
        Options::Korean(o) => korean::win_rank(table, seat, o, shape),
        _ => {
            let mut sc = SeatScore::ZERO;
            score_seat(table, seat, ruleset, shape, &mut sc)
                .ok()
                .map(|_| (0, 0))
        }
    }
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
