//! The client's state and its key handling, apart from any terminal: what the player knows
//! (his seat's view and the events he was sent), what he is choosing, and the score sheets.
//!
//! [`App::apply`] takes what the table says ([`Update`]); [`App::on_key`] turns a key into
//! a [`Command`] for the table, or changes only the screen (selection, help, a sheet).

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use std::fmt::Display;

use mahjong_engine::{Action, Event, PaymentRecord, PhaseView, PublicSet, ScoredItem, SeatView};
use mahjong_rules::catalogue::{Entry, Names};
use mahjong_rules::WinFrom;
use mahjong_tiles::{Tile, Wind};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::text::{self, Lang, Msg};

/// What the table tells the client.
#[derive(Clone, Debug, PartialEq)]
pub enum Update {
    /// The player's seat and a name for every player (`names.len()` = seats).
    Seated {
        /// The player this client plays.
        player: usize,
        /// A short name per player (`"greedy"`, a person's name).
        names: Vec<String>,
        /// The ruleset's name.
        ruleset: String,
        /// Which table: `seed 42` for a local game, the table's id at a server.
        table: String,
    },
    /// Something happened (already redacted for this player).
    Event(Event),
    /// The player's view now, and how long he has to decide when a claim timer runs.
    State {
        /// The view.
        view: Box<SeatView>,
        /// Time left to decide, when the table enforces a timer.
        time_left: Option<Duration>,
    },
    /// A suggestion: words, and the tile to select (a discard).
    Hint {
        /// What to do, in words.
        text: String,
        /// The tile the suggestion discards.
        tile: Option<Tile>,
    },
    /// Something to tell the player that is not an error (reconnecting).
    Notice(String),
    /// Whether the table waits for human seats to join before it starts.
    Waiting(bool),
    /// The table refused something, or a connection problem.
    Error(String),
    /// The game is over, with the final totals.
    GameOver {
        /// Totals by player.
        totals: Vec<i64>,
    },
    /// The table is gone (connection closed): nothing more will come.
    Closed(String),
}

/// What the client asks of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Play this action.
    Act(Action),
    /// Ask for a suggestion.
    Hint,
    /// Leave.
    Quit,
}

/// A hand's result as the score sheet shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreSheet {
    /// Hand number in the game, from 0.
    pub hand: u32,
    /// Prevailing wind.
    pub prevailing: Wind,
    /// Each player's seat wind in the hand.
    pub winds: Vec<Wind>,
    /// The winner, the winning tile, where it came from and its supplier.
    pub win: Option<(usize, Tile, WinFrom, Option<usize>)>,
    /// The other players who won on the same tile, in turn order (MY3-P3).
    pub more_winners: Vec<usize>,
    /// Each player's concealed tiles, when revealed.
    pub reveal: Option<Vec<Vec<Tile>>>,
    /// The ura-dora indicators turned over for the winner, in the order they lie (J3-S8:
    /// a riichi win; empty otherwise).
    pub ura_indicators: Vec<Tile>,
    /// Each player's declared sets at the end of the hand.
    pub sets: Vec<Vec<PublicSet>>,
    /// Each player's bonus tiles.
    pub bonus: Vec<Vec<Tile>>,
    /// Each player's score.
    pub scores: Vec<u64>,
    /// Each player's limit (rule id), if any.
    pub limits: Vec<Option<String>>,
    /// Each player's scored items.
    pub items: Vec<Vec<ScoredItem>>,
    /// Each player's net result of the hand.
    pub settlement: Vec<i64>,
    /// The payments (those made during the hand included, as the engine settles them).
    pub payments: Vec<PaymentRecord>,
    /// The payments made during the hand as they happened, each under its rule (MY3-I: a
    /// kong, a completed bonus group): the sheet says why they were paid.
    pub instant: Vec<HandPayment>,
    /// The player liable for a cannon.
    pub cannon: Option<usize>,
    /// Running totals after the hand.
    pub totals: Vec<i64>,
    /// What each player started the game with (0 where totals are net results): a
    /// player's points are this plus his total.
    pub starting_score: i64,
}

/// A payment made during a hand ([`Event::Payment`]), kept for its score sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandPayment {
    /// Paying player.
    pub from: usize,
    /// Receiving player.
    pub to: usize,
    /// Amount.
    pub amount: u64,
    /// The rule it was paid under (its id).
    pub rule: String,
    /// Paid back (the kong it was paid for was robbed, MY3-I5).
    pub returned: bool,
}

/// Which of the keys that only some rulesets use this one does: the help lists only those,
/// and `o` says so where the ruleset has no ready declaration. A ruleset this client cannot
/// resolve by name (a user's file at a server's table) may use them all.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RulesetKeys {
    /// `o`: a ready declaration with a discard (Original Call, Riichi, K3-P9).
    pub declare: bool,
    /// `c`: claiming a discard for a chow (not in korean-3p, japanese-3p).
    pub chow: bool,
    /// `a`: setting a tile aside for a loose tile (J3-T4's North, MY3-J6's joker).
    pub aside: bool,
    /// The kinds `a` sets aside (bit `k` for kind `k`: J3-T4's North), as the family's play
    /// rules say; jokers are [`RulesetKeys::jokers`].
    pub aside_kinds: u64,
    /// The tile set has jokers: `a` exposes one as a bonus tile (MY3-J6).
    pub jokers: bool,
    /// `j`: taking a joker back from an exposed pung (MY3-J5, option `joker_swap`).
    pub swap: bool,
    /// `u`: a discarded joker may be claimed for a pung, of a kind picked with 1-9 (MY3-J7).
    pub joker_pung: bool,
}

impl RulesetKeys {
    /// Every key: a ruleset not known by name.
    pub const ALL: RulesetKeys = RulesetKeys {
        declare: true,
        chow: true,
        aside: true,
        aside_kinds: u64::MAX,
        jokers: true,
        swap: true,
        joker_pung: true,
    };

    /// The keys of ruleset `name` (a preset), [`RulesetKeys::ALL`] for a name no preset has.
    pub fn of(name: &str) -> RulesetKeys {
        match mahjong_rules::Ruleset::preset(name) {
            Ok(r) => RulesetKeys::of_ruleset(&r),
            Err(_) => RulesetKeys::ALL,
        }
    }

    /// The keys `ruleset` uses, from its play rules and its family's (never its name).
    pub fn of_ruleset(ruleset: &mahjong_rules::Ruleset) -> RulesetKeys {
        let play = ruleset.play();
        let aside_kinds = if play.set_aside {
            // What the family lets a player set aside (J3-T4: a North), asked of its play
            // hooks at a table with nothing on it: the kinds it allows at all.
            use mahjong_rules::PlayHooks;
            let shape = mahjong_hands::Shape::of(&ruleset.tile_set());
            ruleset
                .play_hooks()
                .may_set_aside(&EmptyTable::new(play.seats, shape), 0)
        } else {
            0
        };
        RulesetKeys {
            declare: mahjong_rules::catalogue::of_family(ruleset.family())
                .any(|e| e.declaration.is_some()),
            chow: play.chow_claims,
            aside: aside_kinds != 0 || play.jokers.is_some(),
            aside_kinds,
            jokers: play.jokers.is_some(),
            swap: play.joker_swap,
            joker_pung: play.jokers.is_some() && play.claim_jokers,
        }
    }
}

/// A table with nothing on it: the family's play hooks asked what they allow in general
/// ([`RulesetKeys::of_ruleset`]).
struct EmptyTable {
    seats: usize,
    shape: mahjong_hands::Shape,
    counts: mahjong_hands::Counts,
}

impl EmptyTable {
    fn new(seats: usize, shape: mahjong_hands::Shape) -> EmptyTable {
        EmptyTable {
            seats,
            shape,
            counts: [0; mahjong_tiles::KINDS],
        }
    }
}

impl mahjong_rules::PlayTable for EmptyTable {
    fn seats(&self) -> usize {
        self.seats
    }
    fn melds(&self, _p: usize) -> &[mahjong_hands::Meld] {
        &[]
    }
    fn concealed(&self, _p: usize) -> &mahjong_hands::Counts {
        &self.counts
    }
    fn concealed_kinds(&self, _p: usize) -> u64 {
        0
    }
    fn discards(&self, _p: usize) -> &[(Tile, bool)] {
        &[]
    }
    fn waits(&self, _p: usize) -> mahjong_hands::KindMask {
        mahjong_hands::KindMask::EMPTY
    }
    fn ready(&self, _p: usize) -> bool {
        false
    }
    fn live_remaining(&self) -> usize {
        0
    }
    fn shape(&self) -> &mahjong_hands::Shape {
        &self.shape
    }
    fn seven_pairs(&self) -> bool {
        false
    }
    fn points(&self, _p: usize) -> i64 {
        0
    }
}

/// A choice among several actions of one kind (chows, kongs), by number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// What is being chosen (`"chow"`, `"kong"`).
    pub what: &'static str,
    /// The prompt's question for it, in the client's language (`which chow?`).
    pub question: Msg,
    /// The options, numbered from 1 on screen.
    pub options: Vec<Action>,
}

/// Everything the screen shows.
#[derive(Debug)]
pub struct App {
    player: usize,
    names: Vec<String>,
    ruleset: String,
    /// The language of every text.
    lang: Lang,
    /// The catalogue's rule for declaring ready, which names the declaration
    /// ([`App::declaration`]) and what a declared seat shows ([`App::declared_state`]).
    declaration: Option<&'static Entry>,
    /// The keys the ruleset uses.
    keys: RulesetKeys,
    /// Who wins when several claim a discard for Mah-Jongg (from the ruleset when known).
    win_ties: Option<mahjong_rules::WinTies>,
    /// The claim the player sent on the discard (or kong) on the table, until it is settled.
    claim: Option<Action>,
    /// Another player's win on that tile, seen before the player's own could follow
    /// (MY3-P3: several may win): his seat.
    lost_to: Option<usize>,
    table: String,
    view: Option<SeatView>,
    deadline: Option<Instant>,
    selected: usize,
    call: bool,
    choice: Option<Choice>,
    log: VecDeque<String>,
    sheets: VecDeque<ScoreSheet>,
    sheet_scroll: u16,
    /// Set while drawing ([`App::set_sheet_scroll_max`]).
    sheet_scroll_max: std::cell::Cell<u16>,
    sheet_rules: bool,
    help_scroll: u16,
    /// Set while drawing ([`App::set_help_scroll_max`]).
    help_scroll_max: std::cell::Cell<u16>,
    hand_no: u32,
    dealer: usize,
    prevailing: Wind,
    dora: Option<Tile>,
    /// Further dora indicators revealed during the hand (J3-T5 kan-dora).
    indicators: Vec<Tile>,
    /// The ura-dora indicators turned over at the end of the hand (J3-S8), kept for the
    /// table until the next hand starts.
    ura: Vec<Tile>,
    win: Option<(usize, Tile, WinFrom, Option<usize>)>,
    more_winners: Vec<usize>,
    reveal: Option<Vec<Vec<Tile>>>,
    /// The current hand's payments made during play, for its sheet.
    hand_payments: Vec<HandPayment>,
    totals: Vec<i64>,
    last_scored: Option<u32>,
    status: Option<String>,
    waiting: bool,
    help: bool,
    confirm_quit: bool,
    game_over: Option<Vec<i64>>,
    closed: Option<String>,
    quit: bool,
}

/// How many log lines are kept.
const LOG_LINES: usize = 200;

impl App {
    /// A client for `player`, before the table has said anything.
    pub fn new(player: usize) -> App {
        App {
            player,
            names: vec![],
            ruleset: String::new(),
            lang: Lang::En,
            declaration: None,
            keys: RulesetKeys::ALL,
            win_ties: None,
            claim: None,
            lost_to: None,
            table: String::new(),
            view: None,
            deadline: None,
            selected: 0,
            call: false,
            choice: None,
            log: VecDeque::new(),
            sheets: VecDeque::new(),
            sheet_scroll: 0,
            sheet_scroll_max: std::cell::Cell::new(u16::MAX),
            sheet_rules: false,
            help_scroll: 0,
            help_scroll_max: std::cell::Cell::new(u16::MAX),
            hand_no: 0,
            dealer: 0,
            prevailing: Wind::East,
            dora: None,
            indicators: Vec::new(),
            ura: Vec::new(),
            win: None,
            more_winners: Vec::new(),
            reveal: None,
            hand_payments: Vec::new(),
            totals: vec![],
            last_scored: None,
            status: None,
            waiting: false,
            help: false,
            confirm_quit: false,
            game_over: None,
            closed: None,
            quit: false,
        }
    }

    /// The same client speaking `lang`.
    pub fn with_lang(mut self, lang: Lang) -> App {
        self.lang = lang;
        self
    }

    /// Switches every text to `lang` (lines already in the log stay as they were).
    pub fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }

    /// The language of the texts.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Message `msg` in the client's language.
    pub fn tr(&self, msg: Msg, args: &[(&str, &dyn Display)]) -> String {
        text::tr(self.lang, msg, args)
    }

    /// A sentence whose subject is player `p`: `you` when he is the player, `other` (with
    /// `{who}` filled) when he is not, so languages that conjugate can.
    fn said(&self, p: usize, you: Msg, other: Msg, args: &[(&str, &dyn Display)]) -> String {
        let who = self.who(p);
        let mut all: Vec<(&str, &dyn Display)> = vec![("who", &who)];
        all.extend_from_slice(args);
        self.tr(if p == self.player { you } else { other }, &all)
    }

    /// Player `p` as the one something comes from (`od vás` in Czech).
    pub fn from_whom(&self, p: usize) -> String {
        if p == self.player {
            self.tr(Msg::FromYou, &[])
        } else {
            self.who(p)
        }
    }

    /// Player `p` as the one something is paid to (`hráči P1 (J)`, `vám` in Czech).
    pub fn to_whom(&self, p: usize) -> String {
        if p == self.player {
            self.tr(Msg::ToYou, &[])
        } else {
            self.tr(Msg::ToOther, &[("who", &self.who(p))])
        }
    }

    /// The player this client plays.
    pub fn player(&self) -> usize {
        self.player
    }

    /// The latest view, once the table sent one.
    pub fn view(&self) -> Option<&SeatView> {
        self.view.as_ref()
    }

    /// The ruleset's name.
    pub fn ruleset(&self) -> &str {
        &self.ruleset
    }

    /// Which table (`seed 42`, a server's table id).
    pub fn table(&self) -> &str {
        &self.table
    }

    /// Number of players (from the view, or the names given when seated).
    pub fn seats(&self) -> usize {
        self.view.as_ref().map_or(self.names.len(), |v| v.seats)
    }

    /// A player's short name.
    pub fn name(&self, p: usize) -> String {
        if p == self.player {
            self.tr(Msg::You, &[])
        } else {
            self.names
                .get(p)
                .filter(|n| !n.is_empty())
                .cloned()
                .unwrap_or_else(|| self.tr(Msg::PlayerN, &[("p", &p)]))
        }
    }

    /// How a player is named in the log and prompts: `P2 (W)`, or `you`.
    pub fn who(&self, p: usize) -> String {
        if p == self.player {
            self.tr(Msg::You, &[])
        } else {
            match self.wind_of(p) {
                Some(w) => format!("P{p} ({})", text::wind_label(w, self.lang)),
                None => format!("P{p}"),
            }
        }
    }

    /// A player's seat wind in the current hand.
    pub fn wind_of(&self, p: usize) -> Option<Wind> {
        let n = self.seats();
        (n > 0).then(|| Wind::from_index((p + n - self.dealer % n) % n))
    }

    /// Prevailing wind of the current hand.
    pub fn prevailing(&self) -> Wind {
        self.view.as_ref().map_or(self.prevailing, |v| v.prevailing)
    }

    /// The current hand's dora indicator, in rulesets that reveal one.
    pub fn dora_indicator(&self) -> Option<Tile> {
        self.dora
    }

    /// Further dora indicators revealed during the hand (kan-dora), in order.
    pub fn further_indicators(&self) -> &[Tile] {
        &self.indicators
    }

    /// The ura-dora indicators turned over for the current hand's riichi winner (J3-S8), in
    /// order; empty before the hand ends and for any other end.
    pub fn ura_indicators(&self) -> &[Tile] {
        &self.ura
    }

    /// Hand number of the current hand.
    pub fn hand_no(&self) -> u32 {
        self.hand_no
    }

    /// Recent log lines, oldest first.
    pub fn log(&self) -> impl DoubleEndedIterator<Item = &str> + ExactSizeIterator {
        self.log.iter().map(String::as_str)
    }

    /// The score sheet on screen, if any (the oldest not yet dismissed).
    pub fn sheet(&self) -> Option<&ScoreSheet> {
        self.sheets.front()
    }

    /// How far the score sheet is scrolled.
    pub fn sheet_scroll(&self) -> u16 {
        self.sheet_scroll.min(self.scroll_max())
    }

    /// The furthest the sheet scrolls, as the last drawing found it (its lines and the
    /// terminal's height): the keys stop there.
    pub fn set_sheet_scroll_max(&self, max: u16) {
        self.sheet_scroll_max.set(max);
    }

    fn scroll_max(&self) -> u16 {
        self.sheet_scroll_max.get()
    }

    /// How far the help box is scrolled.
    pub fn help_scroll(&self) -> u16 {
        self.help_scroll.min(self.help_scroll_max.get())
    }

    /// The furthest the help box scrolls, as the last drawing found it (0 when it fits).
    pub fn set_help_scroll_max(&self, max: u16) {
        self.help_scroll_max.set(max);
    }

    /// Whether the score sheet lists what each of its rules says (the `r` key toggles it; it
    /// stays so for the next sheets).
    pub fn sheet_rules(&self) -> bool {
        self.sheet_rules
    }

    /// The status line: the last error or hint.
    pub fn status(&self) -> Option<&str> {
        self.status.as_deref()
    }

    /// Whether the table waits for other human seats to join.
    pub fn waiting(&self) -> bool {
        self.waiting
    }

    /// Whether the help overlay is up.
    pub fn help_shown(&self) -> bool {
        self.help
    }

    /// Whether quitting waits for confirmation.
    pub fn confirming_quit(&self) -> bool {
        self.confirm_quit
    }

    /// Final totals, once the game is over.
    pub fn game_over(&self) -> Option<&[i64]> {
        self.game_over.as_deref()
    }

    /// Why the table went away, if it did.
    pub fn closed(&self) -> Option<&str> {
        self.closed.as_deref()
    }

    /// Whether the player chose to leave.
    pub fn wants_quit(&self) -> bool {
        self.quit
    }

    /// Running totals (before the current hand, or after the last scored one).
    pub fn totals(&self) -> &[i64] {
        &self.totals
    }

    /// What each player started the game with: 0 where the totals are net results (chip
    /// games), a number of points where they count from it (35,000 in japanese-3p).
    pub fn starting_score(&self) -> i64 {
        self.view.as_ref().map_or(0, |v| v.starting_score)
    }

    /// Points in the pot (riichi sticks carried and staked this hand), 0 when none.
    pub fn pot(&self) -> u64 {
        self.view.as_ref().map_or(0, |v| v.pot)
    }

    /// Whether the player is ready but may not win on a discard now (furiten).
    pub fn furiten(&self) -> bool {
        self.view.as_ref().is_some_and(|v| v.furiten)
    }

    /// The chow or kong being chosen.
    pub fn choice(&self) -> Option<&Choice> {
        self.choice.as_ref()
    }

    /// Whether the next discard declares Original Call.
    pub fn calling(&self) -> bool {
        self.call
    }

    /// What the ruleset's family calls declaring ready with a discard (`Riichi`,
    /// `Original Call`), from the rule catalogue, in the client's language; `Original Call`
    /// for a ruleset this client cannot resolve by name (a user's file at a server's table).
    pub fn declaration(&self) -> &'static str {
        self.named(self.declaration.and_then(|e| e.declaration.as_ref()))
    }

    /// `names` in the client's language; the classical name where the catalogue has none.
    fn named(&self, names: Option<&'static Names>) -> &'static str {
        names.map_or_else(
            || Msg::OriginalCall.template(self.lang),
            |n| n.get(self.lang),
        )
    }

    /// The keys the ruleset uses (the help lists only those).
    pub fn keys(&self) -> RulesetKeys {
        self.keys
    }

    /// What a seat that has declared ready shows on its line, as the catalogue says
    /// ([`Entry::declared_state`]: `Riichi`, `Original Call`, korean-3p's `Ready`).
    pub fn declared_state(&self) -> &'static str {
        self.named(self.declaration.and_then(Entry::declared_state))
    }

    /// Whether the player's hand is frozen by his ready declaration: only the drawn tile may
    /// go (M55, K3-P9, riichi); the drawn tile then.
    pub fn frozen(&self) -> Option<Tile> {
        let v = self.view.as_ref()?;
        let me = v.public.get(self.player)?;
        if me.original_call {
            v.drawn
        } else {
            None
        }
    }

    /// Whether the selected tile may be discarded now (with the declaration when armed).
    pub fn selected_discardable(&self) -> bool {
        self.selected_tile().is_some_and(|tile| {
            self.can(&Action::Discard {
                tile,
                call: self.call,
            })
        })
    }

    /// Why the selected tile may not be discarded: the refusal's words (the status line's
    /// when `prompt` is false, the prompt's shorter ones when true); `None` when it may.
    pub fn why_not_discard(&self, prompt: bool) -> Option<String> {
        let tile = self.selected_tile()?;
        if self.selected_discardable() {
            return None;
        }
        let drawn = self.frozen().filter(|&d| d != tile);
        Some(match (drawn, self.call, prompt) {
            (Some(d), _, false) => {
                self.tr(Msg::CannotDiscardReady, &[("tile", &tile), ("drawn", &d)])
            }
            (Some(d), _, true) => self.tr(Msg::PromptOnlyDrawn, &[("tile", &tile), ("drawn", &d)]),
            (None, true, false) => self.tr(
                Msg::CannotDeclareWith,
                &[("tile", &tile), ("decl", &self.declaration())],
            ),
            (None, true, true) => self.tr(
                Msg::PromptCannotDeclare,
                &[("tile", &tile), ("decl", &self.declaration())],
            ),
            (None, false, false) => self.tr(Msg::CannotDiscard, &[("tile", &tile)]),
            (None, false, true) => self.tr(Msg::PromptCannotDiscard, &[("tile", &tile)]),
        })
    }

    /// The catalogue's rule naming ruleset `name`'s ready declaration, looked up once when
    /// seated.
    fn declaration_of(r: &mahjong_rules::Ruleset) -> Option<&'static Entry> {
        mahjong_rules::catalogue::of_family(r.family()).find(|e| e.declaration.is_some())
    }

    /// Whether the table should hold (a local table stops its bots while a score sheet is
    /// read).
    pub fn holding(&self) -> bool {
        !self.sheets.is_empty()
    }

    /// Time left on the claim timer.
    pub fn time_left(&self, now: Instant) -> Option<Duration> {
        self.deadline.map(|d| d.saturating_duration_since(now))
    }

    /// The hand as shown: concealed tiles without the drawn one (sorted), and the drawn
    /// tile apart.
    pub fn hand_tiles(&self) -> (Vec<Tile>, Option<Tile>) {
        let Some(v) = &self.view else {
            return (vec![], None);
        };
        let mut tiles = v.concealed.clone();
        tiles.sort();
        if let Some(d) = v.drawn {
            if let Some(i) = tiles.iter().position(|&t| t == d) {
                tiles.remove(i);
            }
        }
        (tiles, v.drawn)
    }

    /// Index of the selected tile in the hand as shown (the drawn tile last).
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The selected tile.
    pub fn selected_tile(&self) -> Option<Tile> {
        let (tiles, drawn) = self.hand_tiles();
        tiles.get(self.selected).copied().or(drawn)
    }

    fn hand_len(&self) -> usize {
        let (tiles, drawn) = self.hand_tiles();
        tiles.len() + usize::from(drawn.is_some())
    }

    /// The player's legal actions now.
    pub fn legal(&self) -> &[Action] {
        self.view.as_ref().map_or(&[], |v| v.legal.as_slice())
    }

    fn can(&self, a: &Action) -> bool {
        self.legal().contains(a)
    }

    /// Whether it is the player's own turn (a discard to make).
    pub fn my_turn(&self) -> bool {
        matches!(self.view.as_ref().map(|v| &v.phase), Some(PhaseView::Turn { player }) if *player == self.player)
            && !self.legal().is_empty()
    }

    /// Whether the player may claim the discard or rob the kong on the table.
    pub fn claiming(&self) -> bool {
        matches!(
            self.view.as_ref().map(|v| &v.phase),
            Some(PhaseView::Claims { .. } | PhaseView::Rob { .. })
        ) && self.legal().iter().any(|a| *a != Action::Pass)
    }

    fn kongs(&self) -> Vec<Action> {
        self.legal()
            .iter()
            .filter(|a| matches!(a, Action::ConcealedKong { .. } | Action::AnnexKong { .. }))
            .copied()
            .collect()
    }

    /// Tiles the family lets the player set aside for a loose tile (J3-T4: a North).
    fn asides(&self) -> Vec<Action> {
        self.legal()
            .iter()
            .filter(|a| matches!(a, Action::SetAside { .. }))
            .copied()
            .collect()
    }

    /// Exposed pungs whose joker the player may take back for the natural tile (MY3-J5).
    fn swaps(&self) -> Vec<Action> {
        self.legal()
            .iter()
            .filter(|a| matches!(a, Action::SwapJoker { .. }))
            .copied()
            .collect()
    }

    /// Pungs a discarded joker may make (MY3-J7), one per kind held.
    fn joker_pungs(&self) -> Vec<Action> {
        self.legal()
            .iter()
            .filter(|a| matches!(a, Action::JokerPung { .. }))
            .copied()
            .collect()
    }

    fn chows(&self) -> Vec<Action> {
        self.legal()
            .iter()
            .filter(|a| matches!(a, Action::Chow { .. }))
            .copied()
            .collect()
    }

    /// Whether any discard may declare Original Call.
    pub fn call_possible(&self) -> bool {
        self.legal()
            .iter()
            .any(|a| matches!(a, Action::Discard { call: true, .. }))
    }

    fn push_log(&mut self, line: String) {
        if self.log.len() == LOG_LINES {
            self.log.pop_front();
        }
        self.log.push_back(line);
    }

    /// Takes in what the table says.
    pub fn apply(&mut self, update: Update, now: Instant) {
        match update {
            Update::Seated {
                player,
                names,
                ruleset,
                table,
            } => {
                self.table = table;
                self.player = player;
                if self.totals.len() != names.len() {
                    self.totals = vec![0; names.len()];
                }
                self.names = names;
                // The preset resolved once for everything the client reads from it.
                let preset = mahjong_rules::Ruleset::preset(&ruleset).ok();
                self.declaration = preset.as_ref().and_then(App::declaration_of);
                self.keys = preset
                    .as_ref()
                    .map_or(RulesetKeys::ALL, RulesetKeys::of_ruleset);
                self.win_ties = preset.as_ref().map(|r| {
                    use mahjong_rules::PlayHooks;
                    r.play_hooks().win_ties()
                });
                self.ruleset = ruleset;
            }
            Update::Event(e) => self.on_event(e),
            Update::State { view, time_left } => self.on_view(*view, time_left, now),
            Update::Hint { text, tile } => {
                // Only onto a tile that may go (a hint from elsewhere may name another), where
                // the view says which may.
                let discards = |t: Option<Tile>| {
                    self.legal().iter().any(
                        |a| matches!(a, Action::Discard { tile, .. } if t.is_none_or(|t| *tile == t)),
                    )
                };
                let legal = |t: Tile| discards(Some(t)) || !discards(None);
                if let Some(tile) = tile.filter(|&t| legal(t)) {
                    let (tiles, drawn) = self.hand_tiles();
                    if drawn == Some(tile) {
                        self.selected = tiles.len();
                    } else if let Some(i) = tiles.iter().position(|&t| t == tile) {
                        self.selected = i;
                    }
                }
                self.status = Some(self.tr(Msg::StatusHint, &[("text", &text)]));
            }
            Update::Notice(msg) => {
                self.push_log(msg.clone());
                self.status = Some(msg);
            }
            Update::Waiting(w) => self.waiting = w,
            Update::Error(msg) => {
                // A refused claim has no outcome to tell.
                self.claim = None;
                self.status = Some(self.tr(Msg::StatusError, &[("msg", &msg)]));
            }
            Update::GameOver { totals } => {
                self.totals.clone_from(&totals);
                self.game_over = Some(totals);
                self.deadline = None;
            }
            Update::Closed(why) => {
                self.deadline = None;
                self.closed = Some(why);
            }
        }
    }

    fn on_view(&mut self, view: SeatView, time_left: Option<Duration>, now: Instant) {
        let old_drawn = self.view.as_ref().and_then(|v| v.drawn);
        let old_legal = self.view.as_ref().map(|v| v.legal.clone());
        self.hand_no = view.hand;
        self.dealer = view.dealer;
        self.prevailing = view.prevailing;
        self.totals.clone_from(&view.totals);
        let new_drawn = view.drawn;
        let changed = old_legal.as_ref() != Some(&view.legal);
        self.deadline = match time_left {
            Some(t) if !view.legal.is_empty() => Some(now + t),
            _ => None,
        };
        self.view = Some(view);
        let len = self.hand_len();
        if new_drawn.is_some() && new_drawn != old_drawn {
            // A new tile: offer it as the discard, as most players throw the draw.
            self.selected = len - 1;
        } else if self.selected >= len {
            self.selected = len.saturating_sub(1);
        }
        if changed {
            self.choice = None;
            if !self.call_possible() {
                self.call = false;
            }
        }
    }

    fn on_event(&mut self, e: Event) {
        // The events that settle a claim the player sent (a copy only while one waits).
        let settles = self.claim.is_some().then(|| e.clone());
        if let Some(e) = &settles {
            self.claim_before(e);
        }
        self.log_event(e);
        if let Some(e) = &settles {
            self.claim_after(e);
        }
    }

    fn log_event(&mut self, e: Event) {
        match e {
            Event::HandStart {
                hand,
                prevailing,
                dealer,
                dora,
                ..
            } => {
                self.dora = dora;
                self.indicators.clear();
                self.ura.clear();
                self.hand_no = hand;
                self.dealer = dealer;
                self.prevailing = prevailing;
                self.win = None;
                self.more_winners.clear();
                self.reveal = None;
                self.hand_payments.clear();
                let line = self.tr(
                    Msg::LogHandStart,
                    &[
                        ("n", &(hand + 1)),
                        ("wind", &text::wind_name(prevailing, self.lang)),
                        ("who", &self.who(dealer)),
                    ],
                );
                self.push_log(line);
            }
            Event::Deal { player, tiles, .. } if player == self.player => {
                let line = self.tr(Msg::LogDealtYou, &[("tiles", &codes(&tiles))]);
                self.push_log(line);
            }
            Event::Draw {
                player,
                tile: Some(t),
                loose,
            } if player == self.player => {
                let msg = if loose {
                    Msg::LogDrawLooseYou
                } else {
                    Msg::LogDrawYou
                };
                let line = self.tr(msg, &[("tile", &t)]);
                self.push_log(line);
            }
            Event::Bonus { player, tile } => {
                // A joker set aside is exposed (MY3-J6): one name for it everywhere.
                let (you, other) = if tile.is_joker() {
                    (Msg::LogExposeJokerYou, Msg::LogExposeJoker)
                } else {
                    (Msg::LogBonusYou, Msg::LogBonus)
                };
                let line = self.said(player, you, other, &[("tile", &tile)]);
                self.push_log(line);
            }
            Event::Payment {
                from,
                to,
                amount,
                rule,
                returned,
            } => {
                let name = crate::names::item_name(&rule, None, Default::default(), self.lang)
                    .unwrap_or_default();
                self.hand_payments.push(HandPayment {
                    from,
                    to,
                    amount,
                    rule: rule.clone(),
                    returned,
                });
                let (you, other) = if returned {
                    (Msg::LogPayBackYou, Msg::LogPayBack)
                } else {
                    (Msg::LogPayYou, Msg::LogPay)
                };
                let line = self.said(
                    from,
                    you,
                    other,
                    &[
                        ("to", &self.to_whom(to)),
                        ("amount", &amount),
                        ("rule", &rule),
                        ("name", &name),
                    ],
                );
                self.push_log(line);
            }
            Event::Indicator { tile } => {
                self.indicators.push(tile);
                self.push_log(self.tr(Msg::LogIndicator, &[("tile", &tile)]));
            }
            Event::Swap { player, tile } => {
                let line = self.said(player, Msg::LogSwapYou, Msg::LogSwap, &[("tile", &tile)]);
                self.push_log(line);
            }
            Event::Discard {
                player,
                tile,
                call,
                calling,
            } => {
                let (you, other) = if call {
                    (Msg::LogDiscardDeclareYou, Msg::LogDiscardDeclare)
                } else if calling {
                    // KJ-S10: announced for everybody.
                    (Msg::LogDiscardCallingYou, Msg::LogDiscardCalling)
                } else {
                    (Msg::LogDiscardYou, Msg::LogDiscard)
                };
                let line = self.said(
                    player,
                    you,
                    other,
                    &[("tile", &tile), ("decl", &self.declaration())],
                );
                self.push_log(line);
            }
            Event::Set {
                player,
                kind,
                tile,
                from,
                jokers,
            } => {
                let mut what = set_name(kind, tile, self.lang);
                match jokers {
                    0 => {}
                    1 => what.push_str(&self.tr(Msg::WithJoker, &[])),
                    j => what.push_str(&self.tr(Msg::WithJokers, &[("n", &j)])),
                }
                let line = match from {
                    Some(f) => self.said(
                        player,
                        Msg::LogClaimYou,
                        Msg::LogClaim,
                        &[("set", &what), ("from", &self.from_whom(f))],
                    ),
                    None => self.said(
                        player,
                        Msg::LogDeclareYou,
                        Msg::LogDeclare,
                        &[("set", &what)],
                    ),
                };
                self.push_log(line);
            }
            Event::Mahjong {
                player,
                tile,
                from,
                supplier,
                dealt,
            } => {
                let how = if dealt {
                    self.tr(Msg::WinDealt, &[])
                } else {
                    self.tr(
                        Msg::WinWith,
                        &[("tile", &tile), ("from", &self.win_from(from, supplier))],
                    )
                };
                let line = self.said(
                    player,
                    Msg::LogMahjongYou,
                    Msg::LogMahjong,
                    &[("how", &how)],
                );
                self.push_log(line);
                // MY3-P3: a second winner of the same discard.
                match self.win {
                    Some(_) => self.more_winners.push(player),
                    None => self.win = Some((player, tile, from, supplier)),
                }
            }
            Event::Washout => self.push_log(self.tr(Msg::LogWashout, &[])),
            Event::Reveal {
                hands,
                ura_indicators,
            } => {
                self.reveal = Some(hands);
                self.ura = ura_indicators;
            }
            Event::Scores {
                scores,
                limits,
                items,
                settlement,
                payments,
                cannon,
            } => {
                if self.last_scored == Some(self.hand_no) {
                    // Sent again after a reconnect (the hand's history): already shown.
                    return;
                }
                self.last_scored = Some(self.hand_no);
                let n = scores.len();
                let mut totals = self.totals.clone();
                totals.resize(n, 0);
                for (t, s) in totals.iter_mut().zip(&settlement) {
                    *t += s;
                }
                let (sets, bonus) = match &self.view {
                    Some(v) if v.public.len() == n => (
                        v.public.iter().map(|p| p.sets.clone()).collect(),
                        v.public.iter().map(|p| p.bonus.clone()).collect(),
                    ),
                    _ => (vec![vec![]; n], vec![vec![]; n]),
                };
                let sheet = ScoreSheet {
                    hand: self.hand_no,
                    prevailing: self.prevailing,
                    winds: (0..n)
                        .map(|p| Wind::from_index((p + n - self.dealer % n.max(1)) % n.max(1)))
                        .collect(),
                    win: self.win,
                    more_winners: std::mem::take(&mut self.more_winners),
                    reveal: self.reveal.take(),
                    ura_indicators: self.ura.clone(),
                    sets,
                    bonus,
                    scores,
                    limits,
                    items,
                    settlement,
                    payments,
                    instant: std::mem::take(&mut self.hand_payments),
                    cannon,
                    totals: totals.clone(),
                    starting_score: self.starting_score(),
                };
                self.totals = totals;
                self.push_log(self.tr(Msg::LogScored, &[("n", &(self.hand_no + 1))]));
                if self.sheets.is_empty() {
                    self.sheet_scroll = 0;
                }
                self.sheets.push_back(sheet);
                self.deadline = None;
            }
            Event::GameEnd { totals, .. } => {
                self.push_log(self.tr(Msg::LogGameOver, &[]));
                self.totals.clone_from(&totals);
                self.game_over = Some(totals);
            }
            // Decisions are the record's business; what they lead to is logged instead.
            Event::Decision { .. } | Event::Deal { .. } | Event::Draw { .. } => {}
        }
    }

    /// Tells the player when his claim lost to another's (the log says only what the other
    /// did), before event `e` is logged: anything after another's win settles the claim (his
    /// own win might have followed, MY3-P3), and anything but the claim's outcome ends it.
    fn claim_before(&mut self, e: &Event) {
        match e {
            Event::Decision { .. } | Event::Mahjong { .. } => return,
            Event::Set { from: Some(_), .. } if self.lost_to.is_none() => return,
            _ => {}
        }
        if let (Some(mine), Some(p)) = (self.claim.take(), self.lost_to.take()) {
            self.tell_lost(mine, p, Action::Mahjong);
        }
    }

    /// After event `e` is logged: a claimed set settles the player's claim (told when it is
    /// another's), another's win is kept until the wins are over ([`App::claim_before`]).
    fn claim_after(&mut self, e: &Event) {
        let Some(mine) = self.claim else {
            return;
        };
        match *e {
            Event::Mahjong { player, .. } => {
                if player == self.player {
                    self.claim = None;
                    self.lost_to = None;
                } else if self.lost_to.is_none() {
                    self.lost_to = Some(player);
                }
            }
            Event::Set {
                player,
                kind,
                from: Some(_),
                ..
            } => {
                self.claim = None;
                if player != self.player {
                    let theirs = match kind {
                        mahjong_engine::SetKind::Chow => Action::Chow {
                            first: Tile::from_kind(0),
                        },
                        mahjong_engine::SetKind::Pung => Action::Pung,
                        mahjong_engine::SetKind::Kong(_) => Action::Kong,
                    };
                    self.tell_lost(mine, player, theirs);
                }
            }
            _ => {}
        }
    }

    /// The player's claim `mine` lost to player `p`'s `theirs`: why, where the events show
    /// it (a win before anything, a pung or kong before a chow; between two wins the nearer
    /// seat where the ruleset settles ties so, M-rules and J3); else only who took it.
    fn tell_lost(&mut self, mine: Action, p: usize, theirs: Action) {
        let rank = |a: &Action| match a {
            Action::Mahjong => 3,
            Action::Chow { .. } => 1,
            _ => 2,
        };
        let word = |a: &Action| {
            self.tr(
                match a {
                    Action::Mahjong => Msg::ActMahjong,
                    Action::Chow { .. } => Msg::ClaimChow,
                    Action::Kong => Msg::ActKong,
                    _ => Msg::ActPung,
                },
                &[],
            )
        };
        let msg = if rank(&theirs) > rank(&mine) {
            Msg::ClaimLostFirst
        } else if mine == Action::Mahjong
            && theirs == Action::Mahjong
            && self.win_ties == Some(mahjong_rules::WinTies::Nearest)
        {
            Msg::ClaimLostNearer
        } else {
            Msg::ClaimLostPlain
        };
        let line = self.tr(
            msg,
            &[
                ("mine", &word(&mine)),
                ("theirs", &word(&theirs)),
                ("who", &self.who(p)),
            ],
        );
        self.status = Some(line.clone());
        self.push_log(line);
    }

    /// `from P2's discard`, `from the wall` …
    pub fn win_from(&self, from: WinFrom, supplier: Option<usize>) -> String {
        let of = |s: usize, yours: Msg, others: Msg| {
            let msg = if s == self.player { yours } else { others };
            self.tr(msg, &[("who", &self.who(s))])
        };
        match (from, supplier) {
            (WinFrom::Wall, _) => self.tr(Msg::FromWall, &[]),
            (WinFrom::Loose, _) => self.tr(Msg::FromLoose, &[]),
            (WinFrom::Discard, Some(s)) => of(s, Msg::OnYourDiscard, Msg::OnDiscardOf),
            (WinFrom::Discard, None) => self.tr(Msg::OnADiscard, &[]),
            (WinFrom::RobbedKong, Some(s)) => of(s, Msg::RobbingYour, Msg::RobbingOf),
            (WinFrom::RobbedKong, None) => self.tr(Msg::RobbingA, &[]),
        }
    }

    /// Handles a key; a [`Command`] when the table must hear of it.
    pub fn on_key(&mut self, key: KeyEvent) -> Option<Command> {
        let claiming = self.claiming();
        let command = self.key_command(key);
        // A claim sent: its outcome is told if another's wins ([`App::claim_after`]).
        if let Some(Command::Act(a)) = &command {
            if claiming && *a != Action::Pass {
                self.claim = Some(*a);
                self.lost_to = None;
            }
        }
        command
    }

    fn key_command(&mut self, key: KeyEvent) -> Option<Command> {
        if key.kind == KeyEventKind::Release {
            return None;
        }
        let ctrl_c =
            key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c');
        if self.confirm_quit {
            match key.code {
                KeyCode::Char('y' | 'Y') => {
                    self.quit = true;
                    return Some(Command::Quit);
                }
                _ if ctrl_c => {
                    self.quit = true;
                    return Some(Command::Quit);
                }
                _ => {
                    self.confirm_quit = false;
                    return None;
                }
            }
        }
        if ctrl_c || key.code == KeyCode::Char('q') {
            if self.game_over.is_some() && self.sheets.is_empty() || self.closed.is_some() {
                self.quit = true;
                return Some(Command::Quit);
            }
            self.confirm_quit = true;
            return None;
        }
        if self.help {
            if matches!(key.code, KeyCode::Char('?') | KeyCode::Esc | KeyCode::Enter) {
                self.help = false;
            } else if let Some(at) =
                scrolled(key.code, self.help_scroll(), self.help_scroll_max.get())
            {
                self.help_scroll = at;
            }
            return None;
        }
        if key.code == KeyCode::Char('?') {
            self.help = true;
            self.help_scroll = 0;
            return None;
        }
        if !self.sheets.is_empty() {
            match key.code {
                KeyCode::Enter | KeyCode::Char(' ') | KeyCode::Esc => {
                    self.sheets.pop_front();
                    self.sheet_scroll = 0;
                }
                KeyCode::Char('r') => self.sheet_rules = !self.sheet_rules,
                code => {
                    if let Some(at) = scrolled(code, self.sheet_scroll, self.scroll_max()) {
                        self.sheet_scroll = at;
                    }
                }
            }
            return None;
        }
        if self.game_over.is_some() || self.closed.is_some() {
            return None;
        }
        if let Some(choice) = &self.choice {
            if let KeyCode::Char(c @ '1'..='9') = key.code {
                let i = c as usize - '1' as usize;
                if let Some(a) = choice.options.get(i).copied() {
                    self.choice = None;
                    return Some(Command::Act(a));
                }
                return None;
            }
            if key.code == KeyCode::Esc {
                self.choice = None;
                return None;
            }
        }
        self.status = None;
        match key.code {
            KeyCode::Left | KeyCode::Char('h') => {
                self.selected = self.selected.saturating_sub(1);
                None
            }
            KeyCode::Right | KeyCode::Char('l') => {
                if self.selected + 1 < self.hand_len() {
                    self.selected += 1;
                }
                None
            }
            KeyCode::Home => {
                self.selected = 0;
                None
            }
            KeyCode::End => {
                self.selected = self.hand_len().saturating_sub(1);
                None
            }
            KeyCode::Enter | KeyCode::Char(' ') => self.discard(),
            KeyCode::Char('o') => {
                if self.call_possible() {
                    self.call = !self.call;
                } else if !self.keys.declare {
                    self.status = Some(self.tr(Msg::NoDeclaration, &[("ruleset", &self.ruleset)]));
                } else {
                    self.status = Some(self.tr(Msg::NoDeclare, &[("decl", &self.declaration())]));
                }
                None
            }
            KeyCode::Char('m') => self.try_act(Action::Mahjong, Msg::NoWin),
            KeyCode::Char('p') => {
                if self.claiming() {
                    self.try_act(Action::Pass, Msg::NoPass)
                } else {
                    self.status = Some(self.tr(Msg::NothingToPass, &[]));
                    None
                }
            }
            KeyCode::Char('u') => {
                let jokers = self.joker_pungs();
                if jokers.is_empty() {
                    self.try_act(Action::Pung, Msg::NoPung)
                } else {
                    self.choose("pung", (Msg::WhichPung, Msg::NoPung), jokers)
                }
            }
            KeyCode::Char('c') => self.choose("chow", (Msg::WhichChow, Msg::NoChow), self.chows()),
            KeyCode::Char('k') => {
                if self.can(&Action::Kong) {
                    Some(Command::Act(Action::Kong))
                } else {
                    self.choose("kong", (Msg::WhichKong, Msg::NoKong), self.kongs())
                }
            }
            KeyCode::Char('a') => self.choose(
                "tile to set aside",
                (Msg::WhichAside, Msg::NoAside),
                self.asides(),
            ),
            KeyCode::Char('j') => self.choose(
                "pung to take the joker from",
                (Msg::WhichSwap, Msg::NoSwap),
                self.swaps(),
            ),
            KeyCode::Char('i') => Some(Command::Hint),
            _ => None,
        }
    }

    fn try_act(&mut self, a: Action, refused: Msg) -> Option<Command> {
        if self.can(&a) {
            Some(Command::Act(a))
        } else {
            self.status = Some(self.tr(refused, &[]));
            None
        }
    }

    /// Several options: the player picks one (`question`); none: `refused` is said.
    fn choose(
        &mut self,
        what: &'static str,
        (question, refused): (Msg, Msg),
        options: Vec<Action>,
    ) -> Option<Command> {
        match options.len() {
            0 => {
                self.status = Some(self.tr(refused, &[]));
                None
            }
            1 => Some(Command::Act(options[0])),
            _ => {
                self.choice = Some(Choice {
                    what,
                    question,
                    options,
                });
                None
            }
        }
    }

    fn discard(&mut self) -> Option<Command> {
        if !self.my_turn() {
            self.status = Some(self.tr(
                if self.claiming() {
                    Msg::ClaimOrPass
                } else {
                    Msg::NotYourTurn
                },
                &[],
            ));
            return None;
        }
        let tile = self.selected_tile()?;
        let a = Action::Discard {
            tile,
            call: self.call,
        };
        if self.can(&a) {
            self.call = false;
            Some(Command::Act(a))
        } else {
            self.status = self.why_not_discard(false);
            None
        }
    }
}

/// Where a scrolled box (the score sheet, the help) goes on `key`: a line or ten down or
/// up, never past `max` (where its last line shows); `None` for a key that does not scroll.
fn scrolled(key: KeyCode, at: u16, max: u16) -> Option<u16> {
    match key {
        KeyCode::Down | KeyCode::Char('j') => Some(at.saturating_add(1).min(max)),
        KeyCode::Up | KeyCode::Char('k') => Some(at.saturating_sub(1)),
        KeyCode::PageDown => Some(at.saturating_add(10).min(max)),
        KeyCode::PageUp => Some(at.saturating_sub(10)),
        _ => None,
    }
}

/// Keeps in a hint's discards only those the player may make now (a hand frozen by a ready
/// declaration lets only the drawn tile go): the best discard named is then a legal one. A
/// red five counts as its kind, as the hint does. Where `legal` has no discard at all (no
/// view yet), the hint stays as it is.
pub fn keep_legal_discards(hint: &mut mahjong_bots::hint::Hint, legal: &[Action]) {
    if !legal.iter().any(|a| matches!(a, Action::Discard { .. })) {
        return;
    }
    hint.discards.retain(|d| {
        legal
            .iter()
            .any(|a| matches!(a, Action::Discard { tile, .. } if tile.kind() == d.tile.kind()))
    });
}

/// Tile codes separated by spaces.
pub fn codes(tiles: &[Tile]) -> String {
    tiles.iter().map(|t| t.code()).collect::<Vec<_>>().join(" ")
}

/// The tiles of a set as seen on the table (a chow's three, a pung's three, a kong's four).
pub fn set_tiles(kind: mahjong_engine::SetKind, tile: Tile) -> Vec<Tile> {
    use mahjong_engine::SetKind;
    match kind {
        SetKind::Chow => {
            let mut v = vec![tile];
            let mut t = tile;
            for _ in 0..2 {
                if let Some(n) = t.succ() {
                    t = n;
                    v.push(t);
                }
            }
            v
        }
        SetKind::Pung => vec![tile; 3],
        SetKind::Kong(_) => vec![tile; 4],
    }
}

fn set_name(kind: mahjong_engine::SetKind, tile: Tile, lang: Lang) -> String {
    use mahjong_engine::SetKind;
    let msg = match kind {
        SetKind::Chow => Msg::SetChow,
        SetKind::Pung => Msg::SetPung,
        SetKind::Kong(mahjong_hands::KongKind::Concealed) => Msg::SetConcealedKong,
        SetKind::Kong(_) => Msg::SetKong,
    };
    text::tr(lang, msg, &[("tiles", &codes(&set_tiles(kind, tile)))])
}

/// An action in words in `lang`, for hints and prompts, with the ruleset's name for
/// declaring ready with a discard (`Riichi`, `Original Call`: [`App::declaration`]).
pub fn describe_action_in(a: &Action, declaration: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return match a {
            Action::Discard { tile, call: true } => text::tr(
                lang,
                Msg::ActDiscardDeclare,
                &[("tile", tile), ("decl", &declaration)],
            ),
            _ => describe_action(a),
        };
    }
    let tr = |msg: Msg, args: &[(&str, &dyn Display)]| text::tr(lang, msg, args);
    match a {
        Action::Discard { tile, call: true } => tr(
            Msg::ActDiscardDeclare,
            &[("tile", tile), ("decl", &declaration)],
        ),
        Action::Discard { tile, call: false } => tr(Msg::ActDiscard, &[("tile", tile)]),
        Action::ConcealedKong { tile } => tr(Msg::ActConcealedKong, &[("tile", tile)]),
        Action::AnnexKong { tile } => tr(Msg::ActAnnexKong, &[("tile", tile)]),
        Action::SetAside { tile } if tile.is_joker() => tr(Msg::ActExposeJoker, &[]),
        Action::SetAside { tile } => tr(Msg::ActSetAside, &[("tile", tile)]),
        Action::SwapJoker { tile } => tr(Msg::ActSwapJoker, &[("tile", tile)]),
        Action::Mahjong => tr(Msg::ActMahjong, &[]),
        Action::Pass => tr(Msg::ActPass, &[]),
        Action::Chow { first } => tr(
            Msg::ActChow,
            &[(
                "tiles",
                &codes(&set_tiles(mahjong_engine::SetKind::Chow, *first)),
            )],
        ),
        Action::Pung => tr(Msg::ActPung, &[]),
        Action::Kong => tr(Msg::ActKong, &[]),
        Action::JokerPung { tile } => tr(Msg::ActJokerPung, &[("tile", tile)]),
    }
}

/// An action in words, for hints and prompts.
pub fn describe_action(a: &Action) -> String {
    match a {
        Action::AnnexKong { tile } => format!("add {tile} to your pung (kong)"),
        Action::SetAside { tile } if tile.is_joker() => {
            "expose the joker as a bonus tile (loose tile)".to_string()
        }
        Action::SetAside { tile } => format!("set {tile} aside (loose tile)"),
        Action::SwapJoker { tile } => format!("swap {tile} for the joker in your pung"),
        Action::Mahjong => "Mah-Jongg".to_string(),
        Action::Chow { first } => format!(
            "chow {}",
            codes(&set_tiles(mahjong_engine::SetKind::Chow, *first))
        ),
        Action::Kong => "kong".to_string(),
        // Discards, concealed kongs, pass, pung, a joker's pung: the engine's words.
        a => a.to_string(),
    }
}
