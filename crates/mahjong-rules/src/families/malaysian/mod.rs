//! The Malaysian three-player game (`malaysian-3p.md`, seed 004's 84-tile set): preset
//! `malaysian-3p`. This module is the family's scorer (MY3-B bonus fan, MY3-F hand fan,
//! MY3-J8, MY3-L limit hands and the cap, MY3-S minimum; jokers read as MY3-X1 says), its
//! settlement (MY3-PAY, MY3-L3 liability, the instant payments MY3-I and MY3-J9), its
//! sheet and its play hooks (the engine plays the jokers through `PlayRules::jokers`).

mod options;
mod play;
mod score;
mod settle;
mod sheet;

use mahjong_hands::Shape;
use mahjong_tiles::{TileSet, Wind};

pub use options::{malaysian_tile_set, DealerRotation, FanToPoints, FlowerGroup, MalaysianOptions};
pub use play::MalaysianPlay;
pub use score::*;
use settle::settle_dealt_win;
pub use settle::settle_malaysian;

use super::{Family, PresetFile};
use crate::score::{Outcome, Payments, Rule, ScoreFields, SeatScore};
use crate::table::{Earth, InputError, Table, TableReading};
use crate::{DeadWall, HandEnd, PlayRules, RulesetError};

/// The Malaysian three-player family.
pub struct Malaysian;

/// MY3-J2, J4: how jokers stand in the concealed sets and the pair, in play and in the
/// scorer alike.
pub(crate) fn joker_rules(o: &MalaysianOptions) -> mahjong_hands::JokerRules {
    mahjong_hands::JokerRules {
        in_pair: o.joker_in_pair,
        all_joker_pung: !o.joker_concealed_sets_need_natural,
    }
}

impl Family for Malaysian {
    const NAME: &'static str = "malaysian";
    type Options = MalaysianOptions;
    type Play = MalaysianPlay;

    /// MY3-L3: the discard that gives a third dragon set or a fourth wind set.
    fn liable_discarders(_o: &MalaysianOptions) -> bool {
        true
    }

    fn presets() -> &'static [PresetFile] {
        &[PresetFile {
            name: "malaysian-3p",
            text: include_str!("presets/malaysian-3p.toml"),
        }]
    }

    fn check(o: &MalaysianOptions) -> Result<(), RulesetError> {
        o.check()
    }

    fn seat_winds(_o: &MalaysianOptions) -> &'static [Wind] {
        // MY3-D1: East, South and West; no North seat.
        &[Wind::East, Wind::South, Wind::West]
    }

    fn tile_set(o: &MalaysianOptions) -> TileSet {
        malaysian_tile_set(o)
    }

    fn play(o: &MalaysianOptions) -> PlayRules {
        // MY3-D, MY3-P, MY3-M.
        PlayRules {
            seats: 3,
            // MY3-M3 counts hands; a round is three deals.
            rounds: o.match_hands.div_ceil(3),
            // MY3-D5: no dead wall; replacements from the back of the wall.
            dead_wall: DeadWall::None,
            bonus_from_loose: true,
            seven_pairs: o.seven_pairs,
            annex_claimed_pung: false,
            show_on_washout: true,
            claim_seconds: o.claim_seconds,
            winds: [Wind::East, Wind::South, Wind::West, Wind::North],
            // MY3-P1: chows from the player before.
            chow_claims: true,
            single_throw: false,
            // MY3-J1–J4.
            jokers: Some(joker_rules(o)),
            // MY3-J7.
            claim_jokers: o.claim_discarded_joker,
            // MY3-J5.
            joker_swap: o.joker_swap,
            // MY3-P4.
            rob_concealed_kong: o.rob_concealed_kong,
            // MY3-M2.
            prevailing_rotates: o.rotating_prevailing_wind,
            // MY3-M3.
            hands: Some(o.match_hands),
            // Only jokers are set aside (MY3-J6).
            set_aside: false,
        }
    }

    /// MY3-I1–I4 (and I5), one payment per payer (each opponent, or the discarder of a
    /// claimed kong).
    fn instant_payments(table: &Table, o: &MalaysianOptions) -> Vec<crate::InstantPayment> {
        let (list, n) = score::instant_payments(table, o.robbed_kong_refund);
        let mut out = Vec::new();
        for p in &list[..n] {
            for from in (0..table.seats).filter(|&q| q != p.seat && p.from.is_none_or(|f| f == q)) {
                out.push(crate::InstantPayment {
                    rule: p.rule,
                    from,
                    to: p.seat,
                    amount: p.amount,
                });
            }
        }
        out
    }

    fn play_hooks(o: &MalaysianOptions) -> MalaysianPlay {
        MalaysianPlay::new(o)
    }

    /// MY3-M1: `dealer_rotation`.
    fn dealer_keeps(o: &MalaysianOptions, end: HandEnd) -> bool {
        match (o.dealer_rotation, end) {
            (DealerRotation::EveryHand, _) => false,
            (_, HandEnd::DealerWon { .. }) => true,
            (DealerRotation::UnlessDealerWinsOrDraw, HandEnd::Washout { .. }) => true,
            _ => false,
        }
    }

    fn table_reading(o: &MalaysianOptions) -> TableReading {
        TableReading {
            // MY3-L1, MY3-X5: the earthly hand is a non-dealer's win in the first
            // go-around, on a discard or self-drawn.
            earth: Earth::FirstGoAround,
            // MY3-J4.
            jokers_in_pair: o.joker_in_pair,
            ..TableReading::CLASSICAL
        }
    }

    fn score_fields(_o: &MalaysianOptions) -> ScoreFields {
        ScoreFields::Fan
    }

    fn rules() -> &'static [&'static Rule] {
        ALL
    }

    fn catalogue() -> &'static str {
        include_str!("catalogue.toml")
    }

    fn score_seat(
        table: &Table,
        seat: usize,
        o: &MalaysianOptions,
        shape: &Shape,
        _name: &str,
        out: &mut SeatScore,
    ) -> Result<(), InputError> {
        score::score_one_seat(table, seat, o, shape, out)
    }

    fn settle(table: &Table, scores: &[SeatScore; 4], o: &MalaysianOptions) -> Payments {
        settle_malaysian(table, scores, o)
    }

    /// MY3-J6: four jokers dealt, by option.
    fn score_dealt_win(
        table: &Table,
        seat: usize,
        o: &MalaysianOptions,
        scores: &mut [SeatScore; 4],
    ) -> Result<Payments, InputError> {
        score::score_dealt_win(table, seat, o, scores)?;
        Ok(settle_dealt_win(table, seat, scores, o))
    }

    fn sheet(
        o: &MalaysianOptions,
        name: &str,
        winds: &[Wind],
        table: &Table,
        outcome: &Outcome,
        lang: crate::catalogue::Lang,
    ) -> String {
        sheet::sheet(name, winds, table, outcome, o, lang)
    }
}
