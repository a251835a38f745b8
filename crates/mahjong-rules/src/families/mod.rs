//! Rule families and their registry.
//!
//! A family is one folder here: its options, its presets (TOML files in `presets/`), its
//! scorer and settlement, and a type implementing [`Family`]. This file is the registry, the
//! only place that lists the families: [`Options`] carries one family's option values, and
//! every match on it below only forwards to that family's [`Family`] implementation (the
//! shape of shakmaty's `VariantPosition`). Code outside this folder asks the ruleset, never
//! which family it is.
//!
//! Adding a family: a folder with a type implementing [`Family`], its preset files and its
//! rule catalogue (`catalogue.toml`), one variant in [`Options`] and one arm in
//! `each_family!` (see `docs/architecture.md`).

pub mod classical;
pub mod japanese;
pub mod kajongg;
pub mod korean;
pub mod malaysian;
pub mod western;

use std::fmt::Debug;

use mahjong_hands::Shape;
use mahjong_tiles::{TileSet, Wind};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::danger::Dangers;
use crate::plan::Plan;
use crate::play::{HandEnd, PlayHooks, PlayTable, WinTies};
use crate::score::{Outcome, Payments, Rule, ScoreFields, SeatScore};
use crate::table::{InputError, Table, TableReading};
use crate::{PlayRules, RulesetError};

/// A built-in preset: its name, a one-line description and its file (the same TOML format a
/// user writes, embedded in the binary).
#[derive(Copy, Clone, Debug)]
pub struct PresetFile {
    /// The preset's name (`bradfield`).
    pub name: &'static str,
    /// The file's text.
    pub text: &'static str,
}

/// What a rule family decides. Each method takes the family's own options; the defaults
/// are what most families share.
///
/// Implementations are zero-sized types; everything is static so the scorer's hot paths are
/// monomorphised (no `dyn` call per scored hand).
pub trait Family: 'static {
    /// The family's name in ruleset files and records (`family = "classical"`).
    const NAME: &'static str;
    /// Its options: serde names are the public option names; unknown keys are refused.
    type Options: Clone
        + Debug
        + PartialEq
        + Eq
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;

    /// The family's built-in presets, the first being the one others are measured against.
    fn presets() -> &'static [PresetFile];

    /// Checks option values together (ranges, conflicts), naming the option at fault.
    fn check(o: &Self::Options) -> Result<(), RulesetError>;

    /// Seat winds in seating order from the dealer; its length is the number of seats.
    fn seat_winds(o: &Self::Options) -> &'static [Wind];

    /// The tiles the family plays with under these options.
    fn tile_set(o: &Self::Options) -> TileSet;

    /// The family's play hooks with their per-hand state ([`crate::play`]).
    type Play: PlayHooks;

    /// Why the engine cannot play the family under these options, or `None` when it can.
    /// A family whose play is not built (its scorer is), or an option its play does not
    /// honour yet, gives the reason: the front ends then refuse to play, simulate or replay
    /// it and only score its tables. By default playable.
    fn unplayable(_o: &Self::Options) -> Option<String> {
        None
    }

    /// What the engine needs to play a hand and a game (the generic parts).
    fn play(o: &Self::Options) -> PlayRules;

    /// The hooks the engine calls during play, fresh.
    fn play_hooks(o: &Self::Options) -> Self::Play;

    /// The payments a table owes so far during play, each as it is made (MY3-I), where
    /// [`PlayHooks::instant_payments`] says the family has them. By default none.
    fn instant_payments(_table: &Table, _o: &Self::Options) -> Vec<crate::InstantPayment> {
        Vec::new()
    }

    /// Whether the dealer deals again after a hand that ended so. By default he keeps
    /// the deal after his own win and after a washout, and passes it when another wins.
    fn dealer_keeps(_o: &Self::Options, end: HandEnd) -> bool {
        end != HandEnd::OtherWon
    }

    /// Whether the prevailing wind scores (pairs and pungs), for players that value hands.
    fn prevailing_wind_scores(_o: &Self::Options) -> bool {
        true
    }

    /// Each player's score when a game starts (J3: 35,000 points); totals are kept as
    /// net results from it.
    fn starting_score(_o: &Self::Options) -> i64 {
        0
    }

    /// The most any one hand scores, where the scorer caps every hand's score, winners'
    /// and losers' alike, at a limit (M119, KJ-S4), so that a score typed in settles as
    /// the tiles would. `None` (the default): scores are not capped so (no limit, or one
    /// on payments, applied when settling).
    fn score_cap(_o: &Self::Options) -> Option<u64> {
        None
    }

    /// Whether the game ends now, before its rounds are played, given each player's net
    /// total (J3: a player below zero). By default a game plays all its rounds.
    fn game_over(_o: &Self::Options, _totals: &[i64]) -> bool {
        false
    }

    /// Who takes the points left in the pot when the game ends, given each player's net
    /// total (J3: the leader); `None` leaves them in the pot. By default nobody.
    fn pot_at_end(_o: &Self::Options, _totals: &[i64]) -> Option<usize> {
        None
    }

    /// The plan toward a win, for a family whose wins need a minimum value
    /// ([`crate::plan`]): what players steer by. By default none (every complete hand
    /// wins).
    fn bot_plan(_o: &Self::Options) -> Option<Plan> {
        None
    }

    /// Its dangerous discards ([`crate::danger`]): the hands a player's declared sets show
    /// and so the tiles dangerous to discard toward him, for players to avoid. By default
    /// none.
    fn discard_dangers(_o: &Self::Options) -> Option<Dangers> {
        None
    }

    /// Whether a discarder can be made to pay a whole win alone (a cannon; the play hook
    /// [`PlayHooks::liable`]). By default: where its dangerous discards make him liable.
    fn liable_discarders(o: &Self::Options) -> bool {
        Self::discard_dangers(o).is_some_and(|d| d.liable)
    }

    /// How it reads the parts of a table whose meaning differs between families (tiles set
    /// aside in `bonus`, `win.earth`). By default: the classical reading.
    fn table_reading(_o: &Self::Options) -> TableReading {
        TableReading::CLASSICAL
    }

    /// The extra per-seat fields of its result JSON (`table-json.md`). By default none.
    fn score_fields(_o: &Self::Options) -> ScoreFields {
        ScoreFields::Plain
    }

    /// Every rule its score items cite.
    fn rules() -> &'static [&'static Rule];

    /// Its rule catalogue: the text of its `catalogue.toml` (every rule id once, with names in
    /// English, Czech and Polish; see [`crate::catalogue`]).
    fn catalogue() -> &'static str;

    /// Scores seat `seat` of a validated table into `out` (no settlement). `name` is the
    /// ruleset's display name, for error messages.
    fn score_seat(
        table: &Table,
        seat: usize,
        o: &Self::Options,
        shape: &Shape,
        name: &str,
        out: &mut SeatScore,
    ) -> Result<(), InputError>;

    /// Scores every seat (seats past `table.seats` are zero).
    fn score_seats(
        table: &Table,
        o: &Self::Options,
        shape: &Shape,
        name: &str,
        out: &mut [SeatScore; 4],
    ) -> Result<(), InputError> {
        for (i, sc) in out.iter_mut().enumerate() {
            if i < table.seats {
                Self::score_seat(table, i, o, shape, name, sc)?;
            } else {
                *sc = SeatScore::ZERO;
            }
        }
        Ok(())
    }

    /// The payments of a scored hand.
    fn settle(table: &Table, scores: &[SeatScore; 4], o: &Self::Options) -> Payments;

    /// The payments when only each seat's score is known (a scoring assistant's typed
    /// scores); `None` when the family needs the hands to settle.
    fn settle_values(_table: &Table, _values: &[u64; 4], _o: &Self::Options) -> Option<Payments> {
        None
    }

    /// Whether the winner holds a legal win, and how it ranks against another player
    /// claiming the same tile (higher wins). By default every scorable win ranks equal.
    fn win_rank(
        table: &Table,
        seat: usize,
        o: &Self::Options,
        shape: &Shape,
    ) -> Option<(u64, u64)> {
        let mut sc = SeatScore::ZERO;
        Self::score_seat(table, seat, o, shape, "", &mut sc)
            .ok()
            .map(|_| (0, 0))
    }

    /// Scores and settles a win by the hand as dealt, with no winning tile
    /// ([`crate::PlayHooks::wins_as_dealt`], MY3-J6): `table` is the hand with no winner,
    /// `seat` the player whose hand wins. Fills every seat's score and returns the
    /// payments. A table cannot write such a win (MY3-X7), so only play calls this. By
    /// default no family has one.
    fn score_dealt_win(
        _table: &Table,
        _seat: usize,
        _o: &Self::Options,
        _scores: &mut [SeatScore; 4],
    ) -> Result<Payments, InputError> {
        Err(InputError::new(
            "winner",
            format!("no hand wins as dealt in the {} family", Self::NAME),
        ))
    }

    /// The readable score sheet of `mahjong score` (by default: points and doubles), its
    /// labels and rule names in `lang`, under options `_o`.
    fn sheet(
        _o: &Self::Options,
        name: &str,
        winds: &[Wind],
        table: &Table,
        outcome: &Outcome,
        lang: crate::catalogue::Lang,
    ) -> String {
        crate::sheet::points_and_doubles(name, winds, table, outcome, lang)
    }
}

/// Scores every seat of a validated table under family `F` and settles the hand into
/// `out`: what [`crate::score_into`] does for a ruleset, usable with a family directly.
pub fn score_family<F: Family>(
    table: &Table,
    o: &F::Options,
    shape: &Shape,
    name: &str,
    out: &mut Outcome,
) -> Result<(), InputError> {
    F::score_seats(table, o, shape, name, &mut out.scores)?;
    let payments = F::settle(table, &out.scores, o);
    finish_outcome::<F>(table, o, payments, out);
    Ok(())
}

/// Scores and settles the win of `seat`'s hand as dealt under family `F`
/// ([`Family::score_dealt_win`]) into `out`.
pub fn score_dealt_win_family<F: Family>(
    table: &Table,
    seat: usize,
    o: &F::Options,
    out: &mut Outcome,
) -> Result<(), InputError> {
    let payments = F::score_dealt_win(table, seat, o, &mut out.scores)?;
    finish_outcome::<F>(table, o, payments, out);
    Ok(())
}

/// The rest of a scored `out` once its seats' scores are in: the seat winds, the
/// family's result fields, the payments and each seat's net.
#[inline]
fn finish_outcome<F: Family>(table: &Table, o: &F::Options, payments: Payments, out: &mut Outcome) {
    for (w, s) in out.winds.iter_mut().zip(F::seat_winds(o)) {
        *w = *s;
    }
    out.seats = table.seats;
    out.fields = F::score_fields(o);
    out.payments = payments;
    out.settlement = out.payments.net(table.seats);
}

/// The registry: every family, listed once. It makes [`Options`] (one variant per
/// family), `each_family!` (the one match every forwarding method uses) and the lists of
/// family types below. Adding a family is one line here and its folder.
macro_rules! registry {
    ($d:tt $( $(#[$doc:meta])* $Variant:ident($module:ident::$Type:ident), )+) => {
        /// The family of a ruleset with its option values. The serde form (`"family"` and
        /// `"options"`) is what rulesets, records and the API carry.
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(tag = "family", content = "options", rename_all = "kebab-case")]
        pub enum Options {
            $( $(#[$doc])* $Variant(<$module::$Type as Family>::Options), )+
        }

        /// Runs `$body` with `$F` naming the family type of `$options` and `$o` bound to
        /// its options (and `$wrap` to the variant's constructor).
        macro_rules! each_family {
            ($d options:expr, |$d F:ident, $d o:ident| $d body:expr) => {
                each_family!($d options, |$d F, $d o, _wrap| $d body)
            };
            ($d options:expr, |$d F:ident, $d o:ident, $d wrap:ident| $d body:expr) => {
                match $d options {
                    $( Options::$Variant($d o) => {
                        type $d F = $module::$Type;
                        #[allow(unused_variables)]
                        let $d wrap = Options::$Variant;
                        $d body
                    } )+
                }
            };
        }

        /// The play hooks of a ruleset's family with their per-hand state: what
        /// [`crate::Ruleset::play_hooks`] gives the engine. Each call forwards to the
        /// family's [`PlayHooks`] (one `match`, no `dyn`).
        // One per hand, kept inline (the classical liabilities are the large variant): no
        // indirection on every draw and discard.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug)]
        pub enum FamilyPlay {
            $( $(#[$doc])* $Variant(<$module::$Type as Family>::Play), )+
        }

        /// Runs `$body` with `$h` bound to the family's hooks.
        macro_rules! each_play {
            ($d hooks:expr, |$d h:ident| $d body:expr) => {
                match $d hooks {
                    $( FamilyPlay::$Variant($d h) => $d body, )+
                }
            };
        }

        impl Options {
            pub(crate) fn play_hooks(&self) -> FamilyPlay {
                match self {
                    $( Options::$Variant(o) => {
                        FamilyPlay::$Variant(<$module::$Type as Family>::play_hooks(o))
                    } )+
                }
            }
        }

        /// `[f::<F>(), …]` for every family type `F`, in registry order.
        macro_rules! every_family {
            ($d f:ident) => {
                [ $( $d f::<$module::$Type>() ),+ ]
            };
        }
    };
}

registry! { $
    /// Classical Chinese by Millington's numbered rules.
    Classical(classical::Classical),
    /// Classical Chinese as KDE Kajongg scores it (DMJL and BMJA).
    Kajongg(kajongg::Kajongg),
    /// The Western points-and-doubles game with a payment limit.
    Western(western::Western),
    /// The Korean/Japanese three-player hand-points game.
    Korean(korean::Korean),
    /// The Japanese three-player riichi game (seed 004, "Honshu").
    Japanese(japanese::Japanese),
    /// The Malaysian three-player game with jokers, animals and faces.
    Malaysian(malaysian::Malaysian),
}

impl PlayHooks for FamilyPlay {
    #[inline]
    fn start_hand(&mut self, seats: usize) {
        each_play!(self, |h| h.start_hand(seats))
    }

    #[inline]
    fn dora_indicator(&self, unused: &[mahjong_tiles::Tile]) -> Option<mahjong_tiles::Tile> {
        each_play!(self, |h| h.dora_indicator(unused))
    }

    #[inline]
    fn may_declare_ready<T: PlayTable>(&self, t: &T, p: usize) -> bool {
        each_play!(self, |h| h.may_declare_ready(t, p))
    }

    #[inline]
    fn may_claim_win<T: PlayTable>(
        &self,
        t: &T,
        p: usize,
        discarder: usize,
        tile: mahjong_tiles::Tile,
    ) -> bool {
        each_play!(self, |h| h.may_claim_win(t, p, discarder, tile))
    }

    #[inline]
    fn checks_wins(&self) -> bool {
        each_play!(self, |h| h.checks_wins())
    }

    #[inline]
    fn wins_as_dealt<T: PlayTable>(&self, t: &T, p: usize) -> bool {
        each_play!(self, |h| h.wins_as_dealt(t, p))
    }

    #[inline]
    fn ready_needs_legal_win(&self) -> bool {
        each_play!(self, |h| h.ready_needs_legal_win())
    }

    #[inline]
    fn special_hands(&self) -> bool {
        each_play!(self, |h| h.special_hands())
    }

    #[inline]
    fn special_waits(&self, c: &mahjong_hands::Counts, held: u64) -> mahjong_hands::KindMask {
        each_play!(self, |h| h.special_waits(c, held))
    }

    #[inline]
    fn must_declare_calling(&self) -> bool {
        each_play!(self, |h| h.must_declare_calling())
    }

    #[inline]
    fn win_ties(&self) -> WinTies {
        each_play!(self, |h| h.win_ties())
    }

    #[inline]
    fn unclaimed_ends_hand<T: PlayTable>(&self, t: &T) -> bool {
        each_play!(self, |h| h.unclaimed_ends_hand(t))
    }

    #[inline]
    fn on_draw<T: PlayTable>(&mut self, t: &T, p: usize) {
        each_play!(self, |h| h.on_draw(t, p))
    }

    #[inline]
    fn on_discard<T: PlayTable>(&mut self, t: &T, p: usize, tile: mahjong_tiles::Tile) {
        each_play!(self, |h| h.on_discard(t, p, tile))
    }

    #[inline]
    fn on_sets<T: PlayTable>(&mut self, t: &T, p: usize) {
        each_play!(self, |h| h.on_sets(t, p))
    }

    #[inline]
    fn on_claim<T: PlayTable>(
        &mut self,
        t: &T,
        q: usize,
        discarder: usize,
        tile: mahjong_tiles::Tile,
    ) {
        each_play!(self, |h| h.on_claim(t, q, discarder, tile))
    }

    #[inline]
    fn on_rob<T: PlayTable>(
        &mut self,
        t: &T,
        konger: usize,
        robber: usize,
        tile: mahjong_tiles::Tile,
    ) {
        each_play!(self, |h| h.on_rob(t, konger, robber, tile))
    }

    #[inline]
    fn may_set_aside<T: PlayTable>(&self, t: &T, p: usize) -> u64 {
        each_play!(self, |h| h.may_set_aside(t, p))
    }

    #[inline]
    fn on_set_aside<T: PlayTable>(&mut self, t: &T, p: usize, tile: mahjong_tiles::Tile) {
        each_play!(self, |h| h.on_set_aside(t, p, tile))
    }

    #[inline]
    fn set_aside_robbable(&self) -> bool {
        each_play!(self, |h| h.set_aside_robbable())
    }

    #[inline]
    fn reveal_indicator<T: PlayTable>(
        &mut self,
        t: &T,
        unused: &[mahjong_tiles::Tile],
    ) -> Option<mahjong_tiles::Tile> {
        each_play!(self, |h| h.reveal_indicator(t, unused))
    }

    #[inline]
    fn fill_table<T: PlayTable>(
        &self,
        t: &T,
        unused: &[mahjong_tiles::Tile],
        pos: &[usize; 4],
        table: &mut Table,
    ) {
        each_play!(self, |h| h.fill_table(t, unused, pos, table))
    }

    #[inline]
    fn ura_indicators<T: PlayTable>(
        &self,
        t: &T,
        unused: &[mahjong_tiles::Tile],
        p: usize,
        out: &mut Vec<mahjong_tiles::Tile>,
    ) {
        each_play!(self, |h| h.ura_indicators(t, unused, p, out))
    }

    #[inline]
    fn washout_payments<T: PlayTable>(&self, t: &T, out: &mut Vec<crate::InstantPayment>) {
        each_play!(self, |h| h.washout_payments(t, out))
    }

    #[inline]
    fn instant_payments(&self) -> bool {
        each_play!(self, |h| h.instant_payments())
    }

    #[inline]
    fn kong_when_ready<T: PlayTable>(&self, t: &T, p: usize) -> bool {
        each_play!(self, |h| h.kong_when_ready(t, p))
    }

    #[inline]
    fn furiten<T: PlayTable>(&self, t: &T, p: usize) -> bool {
        each_play!(self, |h| h.furiten(t, p))
    }

    #[inline]
    fn stakes<T: PlayTable>(&self, t: &T) -> u64 {
        each_play!(self, |h| h.stakes(t))
    }

    #[inline]
    fn staked<T: PlayTable>(&self, t: &T, seat: usize) -> u64 {
        each_play!(self, |h| h.staked(t, seat))
    }

    #[inline]
    fn liable<T: PlayTable>(&self, t: &T, winner: usize, supplier: Option<usize>) -> Option<usize> {
        each_play!(self, |h| h.liable(t, winner, supplier))
    }
}

/// Every family's name with its presets, in registry order.
pub(crate) fn all_presets() -> impl Iterator<Item = (&'static str, &'static PresetFile)> {
    fn of<F: Family>() -> (&'static str, &'static [PresetFile]) {
        (F::NAME, F::presets())
    }
    every_family!(of)
        .into_iter()
        .flat_map(|(name, presets)| presets.iter().map(move |p| (name, p)))
}

/// Every rule of every family, with the family's name.
pub fn all_rules() -> impl Iterator<Item = (&'static str, &'static Rule)> {
    fn of<F: Family>() -> (&'static str, &'static [&'static Rule]) {
        (F::NAME, F::rules())
    }
    every_family!(of)
        .into_iter()
        .flat_map(|(name, rules)| rules.iter().map(move |r| (name, *r)))
}

/// Every family's name with the text of its rule catalogue, in registry order.
pub(crate) fn all_catalogues() -> impl Iterator<Item = (&'static str, &'static str)> {
    fn of<F: Family>() -> (&'static str, &'static str) {
        (F::NAME, F::catalogue())
    }
    every_family!(of).into_iter()
}

/// The options a family starts from when a ruleset file names it with `family =`: read
/// from a JSON object of every option (the file's `[options]`).
pub(crate) fn options_of_family(
    family: &str,
    fields: serde_json::Map<String, serde_json::Value>,
) -> Result<Options, RulesetError> {
    let value = serde_json::json!({ "family": family, "options": fields });
    serde_json::from_value(value).map_err(|e| {
        let e = e.to_string();
        let e = crate::table::plain_serde_message(&e, None, None, true).unwrap_or(e);
        RulesetError::BadValue {
            name: "options".into(),
            message: format!("{e} (family {family:?} needs every option: start from a preset with `base = \"NAME\"` instead)"),
        }
    })
}

/// The names of the families, in registry order.
pub fn family_names() -> Vec<&'static str> {
    fn of<F: Family>() -> &'static str {
        F::NAME
    }
    every_family!(of).to_vec()
}

impl Options {
    /// The family's name (`classical`).
    pub fn family(&self) -> &'static str {
        each_family!(self, |F, _o| F::NAME)
    }

    pub(crate) fn check(&self) -> Result<(), RulesetError> {
        each_family!(self, |F, o| F::check(o))
    }

    /// Overrides options by name; on error nothing is changed.
    pub(crate) fn merged(
        &self,
        overrides: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<Options, RulesetError> {
        each_family!(self, |F, o, wrap| {
            let m = crate::ruleset::merge(o, overrides)?;
            F::check(&m)?;
            Ok(wrap(m))
        })
    }

    /// The ruleset file of these options (`name`, `base`, `[options]` in the family's order).
    pub(crate) fn to_toml(&self, name: &str, base: &str) -> String {
        each_family!(self, |_F, o| crate::ruleset::toml_file(name, base, o))
    }

    pub(crate) fn seat_winds(&self) -> &'static [Wind] {
        each_family!(self, |F, o| F::seat_winds(o))
    }

    pub(crate) fn tile_set(&self) -> TileSet {
        each_family!(self, |F, o| F::tile_set(o))
    }

    pub(crate) fn play(&self) -> PlayRules {
        each_family!(self, |F, o| F::play(o))
    }

    pub(crate) fn unplayable(&self) -> Option<String> {
        each_family!(self, |F, o| F::unplayable(o))
    }

    pub(crate) fn instant_payments(&self, table: &Table) -> Vec<crate::InstantPayment> {
        each_family!(self, |F, o| F::instant_payments(table, o))
    }

    pub(crate) fn dealer_keeps(&self, end: HandEnd) -> bool {
        each_family!(self, |F, o| F::dealer_keeps(o, end))
    }

    pub(crate) fn table_reading(&self) -> TableReading {
        each_family!(self, |F, o| F::table_reading(o))
    }

    pub(crate) fn prevailing_wind_scores(&self) -> bool {
        each_family!(self, |F, o| F::prevailing_wind_scores(o))
    }

    pub(crate) fn starting_score(&self) -> i64 {
        each_family!(self, |F, o| F::starting_score(o))
    }

    pub(crate) fn score_cap(&self) -> Option<u64> {
        each_family!(self, |F, o| F::score_cap(o))
    }

    pub(crate) fn game_over(&self, totals: &[i64]) -> bool {
        each_family!(self, |F, o| F::game_over(o, totals))
    }

    pub(crate) fn score_fields(&self) -> ScoreFields {
        each_family!(self, |F, o| F::score_fields(o))
    }

    pub(crate) fn pot_at_end(&self, totals: &[i64]) -> Option<usize> {
        each_family!(self, |F, o| F::pot_at_end(o, totals))
    }

    pub(crate) fn bot_plan(&self) -> Option<Plan> {
        each_family!(self, |F, o| F::bot_plan(o))
    }

    pub(crate) fn discard_dangers(&self) -> Option<Dangers> {
        each_family!(self, |F, o| F::discard_dangers(o))
    }

    pub(crate) fn liable_discarders(&self) -> bool {
        each_family!(self, |F, o| F::liable_discarders(o))
    }

    pub(crate) fn rules(&self) -> &'static [&'static Rule] {
        each_family!(self, |F, _o| F::rules())
    }

    pub(crate) fn score_into(
        &self,
        table: &Table,
        shape: &Shape,
        name: &str,
        out: &mut Outcome,
    ) -> Result<(), InputError> {
        each_family!(self, |F, o| score_family::<F>(table, o, shape, name, out))
    }

    pub(crate) fn score_seat(
        &self,
        table: &Table,
        seat: usize,
        shape: &Shape,
        name: &str,
        out: &mut SeatScore,
    ) -> Result<(), InputError> {
        each_family!(self, |F, o| F::score_seat(table, seat, o, shape, name, out))
    }

    pub(crate) fn settle_values(&self, table: &Table, values: &[u64; 4]) -> Option<Payments> {
        each_family!(self, |F, o| F::settle_values(table, values, o))
    }

    pub(crate) fn score_dealt_win(
        &self,
        table: &Table,
        seat: usize,
        out: &mut Outcome,
    ) -> Result<(), InputError> {
        each_family!(self, |F, o| score_dealt_win_family::<F>(
            table, seat, o, out
        ))
    }

    pub(crate) fn win_rank(&self, table: &Table, seat: usize, shape: &Shape) -> Option<(u64, u64)> {
        each_family!(self, |F, o| F::win_rank(table, seat, o, shape))
    }

    pub(crate) fn sheet(
        &self,
        name: &str,
        winds: &[Wind],
        table: &Table,
        outcome: &Outcome,
        lang: crate::catalogue::Lang,
    ) -> String {
        each_family!(self, |F, o| F::sheet(o, name, winds, table, outcome, lang))
    }

    /// The options if they are family `F`'s (for code that knows one family well, such as
    /// a bot's plans for it).
    pub fn of<F: Family>(&self) -> Option<&F::Options> {
        each_family!(self, |_G, o| (o as &dyn std::any::Any)
            .downcast_ref::<F::Options>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_names_are_unique() {
        let names = family_names();
        for (i, a) in names.iter().enumerate() {
            assert!(!names[i + 1..].contains(a), "family {a} twice");
        }
        let presets: Vec<_> = all_presets().map(|(_, p)| p.name).collect();
        for (i, a) in presets.iter().enumerate() {
            assert!(!presets[i + 1..].contains(a), "preset {a} twice");
        }
    }
}
