//! One seat at an mj-server table, played by one of our bots.
//!
//! [`Seat`] is the whole client as a pure state machine: it takes each server message and
//! returns the lines to send, so the protocol logic is tested without a socket. It keeps
//! what a player may know (own tiles, everything public), builds our engine's
//! [`SeatView`] with the legal actions at each decision, asks the [`Bot`], and writes the
//! answer in the server's words. [`play`] runs it over a connection.

use std::io::{BufRead, Write};

use mahjong_bots::Bot;
use mahjong_engine::{Action, PhaseView, PublicSeat, PublicSet, SeatView, SetKind};
use mahjong_hands::{
    counts_of, for_each_arrangement, is_complete, Counts, Form, KongKind, MeldKind, Shape,
};
use mahjong_rules::Ruleset;
use mahjong_tiles::{Tile, Wind};

use crate::audit::{Audit, AuditSet, AuditWin, HandLog};
use crate::wire::{read_message, ChowPos, ClosedKind, ServerMsg, WireError};

/// The protocol version we speak (mj-server 1.11).
pub const PROTOCOL_VERSION: u32 = 1110;

/// What one finished hand meant for our seat.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct HandOutcome {
    /// Our seat wind in the hand.
    pub wind: Wind,
    /// Our net points (0 for a wash-out).
    pub net: i64,
    /// Whether we went out.
    pub won: bool,
    /// Whether the hand was a wash-out.
    pub washout: bool,
}

/// What one game on the server came to for our seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct GameReport {
    /// Our id at the table.
    pub id: u32,
    /// Every finished hand, in order.
    pub hands: Vec<HandOutcome>,
    /// Final scores by id order (`ids[i]` has `totals[i]`).
    pub totals: [i64; 4],
    /// Player ids in seat order.
    pub ids: [u32; 4],
    /// Requests the server refused (each answered with a legal fallback).
    pub errors: Vec<String>,
    /// Game options the server announced that our ruleset does not model.
    pub unmapped_options: Vec<String>,
    /// Whether the server said the game was over.
    pub over: bool,
    /// Every finished hand scored by our scorer beside the server's scores.
    pub audits: Vec<Audit>,
}

/// Why a game could not be played to its end.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The connection failed or closed.
    #[error("connection to the server: {0}")]
    Io(#[from] std::io::Error),
    /// The server closed the connection before the game was over.
    #[error("the server closed the connection before the game was over (after {hands} hands)")]
    Closed {
        /// Hands finished.
        hands: usize,
    },
    /// The server refused our connection.
    #[error("the server refused the connection: {0}")]
    Refused(String),
    /// A message did not parse.
    #[error(transparent)]
    Wire(#[from] WireError),
    /// The server refused our requests again and again.
    #[error("the server refused {0} requests in a row; last: {1}")]
    Stuck(u32, String),
    /// A message that makes no sense where it came (a broken or hostile server): the
    /// client ends rather than guess.
    #[error("the server sent {0:?}, which makes no sense here: {1}")]
    Protocol(String, &'static str),
}

/// The decision we last answered, to fall back on when the server refuses it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Pending {
    None,
    /// A claim or robbing answer for this serial.
    Claim(u32),
    /// A discard, kong or Mah-Jongg on our turn.
    Turn,
    /// Declaring flowers.
    Specials,
    /// Showing a losing hand.
    Show,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Stage {
    /// Before the first hand or between hands.
    Idle,
    /// Tiles are being dealt.
    Deal,
    /// Players declare flowers in turn; `usize` is whose turn.
    Specials(usize),
    /// Waiting for the start of play (East waits for the others' Ready).
    Start,
    /// Play.
    Play,
    /// The hand is won; sets are being declared.
    Scoring,
}

/// One seat's client: state and decisions. See the module docs.
pub struct Seat {
    bot: Box<dyn Bot>,
    ruleset: Ruleset,
    options: Vec<(String, i64)>,
    shape: Shape,
    seven_pairs: bool,
    name: String,
    me: u32,
    ids: [u32; 4],
    /// Our index in `ids`.
    my: usize,
    dealer: usize,
    prevailing: Wind,
    totals: [i64; 4],
    hand_no: u32,
    stage: Stage,
    concealed: Vec<Tile>,
    drawn: Option<Tile>,
    public: Vec<PublicSeat>,
    /// Tiles drawn in this hand, by anybody: the deal, live and loose draws (the server
    /// announces every draw to every player, others' tiles as `--`).
    draws: usize,
    /// Loose tiles drawn in this hand (kong replacements), by anybody.
    loose_draws: usize,
    wall_tiles: usize,
    last_discard: Option<(usize, Tile, u32)>,
    readies: usize,
    /// The tile a discard or robbing win took.
    winning_claim: Option<Tile>,
    shown: bool,
    pending: Pending,
    refusals: u32,
    view: SeatView,
    report: GameReport,
    /// The hand so far, for the scoring audit.
    log: HandLog,
    /// East's wins in a row before this hand.
    east_streak: u32,
    /// Per player: the last thing he did was a kong or a flower (a self-drawn win is then
    /// on a loose tile).
    after_kong: [bool; 4],
    /// A dangerous discard the discarder could have avoided: (discarder, serial).
    danger: Option<(usize, u32)>,
    /// Who added the tile that may be robbed.
    konger: Option<usize>,
}

fn idx(t: Tile) -> usize {
    t.kind().expect("a playing tile")
}

impl Seat {
    /// A seat played by `bot` under `ruleset` (the server's options adjust it as they
    /// arrive), connecting as `name`.
    pub fn new(bot: Box<dyn Bot>, ruleset: &Ruleset, name: &str) -> Seat {
        Seat {
            bot,
            ruleset: ruleset.clone(),
            options: Vec::new(),
            shape: Shape::of(&ruleset.tile_set()),
            seven_pairs: ruleset.play().seven_pairs,
            name: name.to_string(),
            me: 0,
            ids: [0; 4],
            my: 0,
            dealer: 0,
            prevailing: Wind::East,
            totals: [0; 4],
            hand_no: 0,
            stage: Stage::Idle,
            concealed: Vec::with_capacity(18),
            drawn: None,
            public: Vec::new(),
            draws: 0,
            loose_draws: 0,
            wall_tiles: 144,
            last_discard: None,
            readies: 0,
            winning_claim: None,
            shown: false,
            pending: Pending::None,
            refusals: 0,
            view: SeatView::empty(),
            report: GameReport::default(),
            log: HandLog::default(),
            east_streak: 0,
            after_kong: [false; 4],
            danger: None,
            konger: None,
        }
    }

    /// The first line to send.
    pub fn hello(&self) -> String {
        format!("Connect {PROTOCOL_VERSION} 0 {}", self.name)
    }

    /// What the game has come to so far.
    pub fn report(&self) -> &GameReport {
        &self.report
    }

    /// Our ruleset with the server's game options applied (once they have all arrived).
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// Whether the server said the game is over.
    pub fn is_over(&self) -> bool {
        self.report.over
    }

    /// Who went out this hand.
    fn winner(&self) -> Option<usize> {
        self.log.win.as_ref().map(|w| w.player)
    }

    fn index_of(&self, id: u32) -> Option<usize> {
        self.ids.iter().position(|&i| i == id)
    }

    fn wind_of(&self, p: usize) -> Wind {
        Wind::from_index((p + 4 - self.dealer) % 4)
    }

    fn remove(&mut self, t: Tile, n: usize) {
        for _ in 0..n {
            if let Some(i) = self.concealed.iter().position(|&c| c == t) {
                self.concealed.remove(i);
            }
        }
    }

    fn counts(&self) -> Counts {
        counts_of(&self.concealed)
    }

    fn declared(&self) -> usize {
        self.log.sets[self.my].len()
    }

    fn complete_with(&self, extra: Option<Tile>) -> bool {
        let mut c = self.counts();
        if let Some(t) = extra {
            c[idx(t)] += 1;
        }
        is_complete(&c, self.declared(), &self.shape, self.seven_pairs)
    }

    /// Player `id` went Mah-Jongg: with `tile` drawn from the wall (or a loose tile), or
    /// with the last discard or the robbed kong's tile (`None`). Scoring starts; ours,
    /// we declare the hand (`out`).
    fn on_win(&mut self, id: u32, tile: Option<Tile>, out: &mut Vec<String>) {
        if self.log.win.is_some() {
            // Told once already (a hand has one winner).
            return;
        }
        self.stage = Stage::Scoring;
        self.pending = Pending::None;
        let Some(p) = self.index_of(id) else {
            return;
        };
        // The live wall is empty: the last tile was drawn, or this is the discard
        // after it (a loose tile or a robbed kong is neither).
        let last = self.live() == 0;
        self.log.win = Some(match tile {
            Some(tile) => AuditWin {
                player: p,
                tile,
                from: if self.after_kong[p] { "loose" } else { "wall" },
                supplier: None,
                last_tile: last && !self.after_kong[p],
            },
            None => match (self.winning_claim, self.konger) {
                (Some(tile), Some(k)) => AuditWin {
                    player: p,
                    tile,
                    from: "robbed_kong",
                    supplier: Some(k),
                    last_tile: false,
                },
                _ => {
                    let (d, tile, serial) = self.last_discard.unwrap_or((p, Tile::from_kind(0), 0));
                    if self.danger == Some((d, serial)) {
                        self.log.cannon = Some(d);
                        self.log.cannon_late = self.live() <= 4;
                    }
                    AuditWin {
                        player: p,
                        tile,
                        from: "discard",
                        supplier: Some(d),
                        last_tile: last,
                    }
                }
            },
        });
        if p == self.my {
            let claimed = match tile {
                Some(_) => None,
                None => self
                    .winning_claim
                    .or(self.last_discard.map(|(_, tile, _)| tile)),
            };
            self.declare_win(claimed, out);
        }
    }

    /// Whether `msg` can be handled now: a move before any hand is dealt, a flower or
    /// joker where a playing tile belongs, a chow that runs off its suit, or a settlement
    /// that would overflow the running totals is refused.
    fn check(&self, msg: &ServerMsg) -> Result<(), &'static str> {
        use ServerMsg as M;
        let in_hand = matches!(
            msg,
            M::Draws(..)
                | M::DrawsLoose(..)
                | M::DeclaresSpecial(..)
                | M::Discards { .. }
                | M::Chows(..)
                | M::Pungs(..)
                | M::Kongs(..)
                | M::ClosedKong { .. }
                | M::AddsToPung { .. }
                | M::RobsKong(..)
                | M::MahJongs(..)
                | M::Pairs(..)
                | M::FormsClosed { .. }
                | M::ShowsTiles(..)
                | M::SpecialSet(..)
                | M::FormsClosedSpecial(..)
                | M::DangerousDiscard { .. }
        );
        if in_hand && self.public.is_empty() {
            return Err("no hand has been dealt");
        }
        if let M::Settlement(d) = msg {
            // The running totals take each change; a server's numbers may not overflow them.
            if (0..4).any(|p| {
                self.totals[p]
                    .checked_add(d[(p + 4 - self.dealer) % 4])
                    .is_none()
            }) {
                return Err("a settlement beyond the range of the scores");
            }
        }
        let playing: &[Tile] = match msg {
            M::Discards { tile, .. }
            | M::Chows(_, tile, _)
            | M::Pungs(_, tile)
            | M::Kongs(_, tile)
            | M::ClosedKong { tile, .. }
            | M::AddsToPung { tile, .. }
            | M::RobsKong(_, tile)
            | M::Pairs(_, tile)
            | M::FormsClosed { tile, .. } => std::slice::from_ref(tile),
            _ => &[],
        };
        if playing.iter().any(|t| t.kind().is_none()) {
            return Err("a flower or joker where a playing tile belongs");
        }
        if let M::Chows(_, t, pos) = msg {
            let k = idx(*t);
            let fits = pos
                .offset()
                .is_none_or(|off| k < 27 && k % 9 >= off && k % 9 - off <= 6);
            if !fits {
                return Err("a chow that runs off its suit");
            }
        }
        // A concealed chow is named by its lowest tile.
        if let M::FormsClosed {
            kind: ClosedKind::Chow,
            tile,
            ..
        } = msg
        {
            if tile.kind().is_none_or(|k| k >= 27 || k % 9 > 6) {
                return Err("a chow that runs off its suit");
            }
        }
        Ok(())
    }

    /// Handles one server message; returns the lines to send, in order.
    pub fn on(&mut self, msg: &ServerMsg) -> Result<Vec<String>, ClientError> {
        if let Err(why) = self.check(msg) {
            return Err(ClientError::Protocol(format!("{msg:?}"), why));
        }
        let mut out = Vec::new();
        match msg {
            ServerMsg::ConnectReply { id, reason } => {
                if *id == 0 {
                    return Err(ClientError::Refused(reason.clone()));
                }
                self.me = *id;
                self.report.id = *id;
            }
            ServerMsg::Game { ids, round, scores } => {
                self.ids = *ids;
                self.report.ids = *ids;
                self.my = self.index_of(self.me).unwrap_or(0);
                self.prevailing = *round;
                self.totals = *scores;
                self.report.totals = *scores;
            }
            ServerMsg::GameOption {
                name,
                value,
                enabled,
            } => {
                if name == "End" {
                    let (ruleset, unmapped) = crate::options::ruleset_for(&self.options);
                    self.seven_pairs = ruleset.play().seven_pairs;
                    self.wall_tiles = ruleset.tile_set().len();
                    self.report.unmapped_options = unmapped;
                    self.ruleset = ruleset;
                } else if *enabled {
                    self.options.push((name.clone(), *value));
                }
            }
            ServerMsg::NewRound(w) => self.prevailing = *w,
            ServerMsg::NewHand { east } => self.new_hand(*east),
            ServerMsg::Pause { exempt, text } => {
                self.readies = 0;
                if self.stage == Stage::Start || text.contains("start play") {
                    self.stage = Stage::Start;
                    if *exempt != self.me {
                        out.push("Ready".to_string());
                    }
                } else {
                    out.push("Ready".to_string());
                }
            }
            ServerMsg::PlayerReady(id) => {
                if self.stage == Stage::Start && *id != self.me && self.dealer == self.my {
                    self.readies += 1;
                    if self.readies == 3 {
                        self.stage = Stage::Play;
                        self.turn(false, &mut out);
                    }
                }
            }
            ServerMsg::Draws(id, t) => self.draw(*id, *t, &mut out),
            ServerMsg::DrawsLoose(id, t) => {
                self.loose_draws += 1;
                self.draw(*id, *t, &mut out)
            }
            ServerMsg::DeclaresSpecial(id, t) => self.special(*id, *t, &mut out),
            ServerMsg::Discards { id, tile, serial } => self.discard(*id, *tile, *serial, &mut out),
            ServerMsg::Chows(id, t, pos) => {
                if let Some(off) = pos.offset() {
                    let first = Tile::from_kind(idx(*t) - off);
                    match self.stage {
                        Stage::Play => self.claimed(*id, *t, SetKind::Chow, first, &mut out),
                        Stage::Scoring => self.winning_set(*id, *t, SetKind::Chow, first),
                        _ => {}
                    }
                }
            }
            ServerMsg::Pungs(id, t) => match self.stage {
                Stage::Play => self.claimed(*id, *t, SetKind::Pung, *t, &mut out),
                Stage::Scoring => self.winning_set(*id, *t, SetKind::Pung, *t),
                _ => {}
            },
            ServerMsg::Kongs(id, t) => {
                if self.stage == Stage::Play {
                    self.claimed(*id, *t, SetKind::Kong(KongKind::Claimed), *t, &mut out);
                }
            }
            ServerMsg::ClosedKong { id, tile, serial } => {
                let Some(p) = self.index_of(*id) else {
                    return Ok(out);
                };
                self.log.sets[p].push(AuditSet {
                    kind: SetKind::Kong(KongKind::Concealed),
                    first: *tile,
                    exposed: false,
                    claimed: None,
                    winning: false,
                });
                self.after_kong[p] = true;
                // Robbed (Thirteen Unique Wonders only), the win is on his tile.
                self.konger = Some(p);
                if p == self.my {
                    self.remove(*tile, 4);
                    self.drawn = None;
                } else {
                    self.public[p].concealed_count =
                        self.public[p].concealed_count.saturating_sub(4);
                    // Only Thirteen Unique Wonders robs a concealed kong.
                    let mut c = self.counts();
                    c[idx(*tile)] += 1;
                    let rob =
                        self.declared() == 0 && mahjong_hands::is_thirteen_orphans(&c, &self.shape);
                    self.pending = Pending::Claim(*serial);
                    out.push(if rob {
                        format!("MahJong {serial}")
                    } else {
                        format!("NoClaim {serial}")
                    });
                }
            }
            ServerMsg::AddsToPung { id, tile, serial } => {
                let Some(p) = self.index_of(*id) else {
                    return Ok(out);
                };
                if let Some(s) = self.log.sets[p]
                    .iter_mut()
                    .find(|s| s.kind == SetKind::Pung && s.first == *tile)
                {
                    s.kind = SetKind::Kong(KongKind::Annexed);
                }
                self.after_kong[p] = true;
                self.konger = Some(p);
                if p == self.my {
                    self.remove(*tile, 1);
                    self.drawn = None;
                } else {
                    self.public[p].concealed_count =
                        self.public[p].concealed_count.saturating_sub(1);
                    let mut legal = vec![Action::Pass];
                    if self.complete_with(Some(*tile)) {
                        legal.push(Action::Mahjong);
                    }
                    let phase = PhaseView::Rob {
                        konger: p,
                        tile: *tile,
                        aside: false,
                    };
                    let a = self.decide(phase, None, legal);
                    self.pending = Pending::Claim(*serial);
                    out.push(match a {
                        Action::Mahjong => format!("MahJong {serial}"),
                        _ => format!("NoClaim {serial}"),
                    });
                }
            }
            ServerMsg::RobsKong(id, t) => {
                self.winning_claim = Some(*t);
                // The robbed kong is a pung again: exposed if it was an added kong, concealed
                // if a concealed one (robbed for Thirteen Unique Wonders).
                if let Some(p) = self.konger {
                    if let Some(s) = self.log.sets[p].iter_mut().find(|s| {
                        s.first == *t
                            && matches!(
                                s.kind,
                                SetKind::Kong(KongKind::Annexed | KongKind::Concealed)
                            )
                    }) {
                        s.kind = SetKind::Pung;
                    }
                }
                // mj-server sends no `PlayerMahJongs` after this: the robber has won, and
                // scoring starts (he declares, the others show their tiles).
                self.on_win(*id, None, &mut out);
            }
            ServerMsg::MahJongs(id, t) => self.on_win(*id, *t, &mut out),
            ServerMsg::HandScore { id, score, text } => {
                if let Some(p) = self.index_of(*id) {
                    self.log.theirs[p] = Some((*score, text.clone()));
                }
                if self.index_of(*id) == self.winner() && self.winner() != Some(self.my) {
                    self.show(&mut out);
                }
            }
            ServerMsg::Settlement(d) => {
                self.log.bonus = std::array::from_fn(|p| {
                    self.public
                        .get(p)
                        .map(|s| s.bonus.clone())
                        .unwrap_or_default()
                });
                if let Some(a) = self.log.audit(&self.ruleset, *d) {
                    self.report.audits.push(a);
                }
                if self.winner() == Some(self.dealer) {
                    self.east_streak += 1;
                } else {
                    self.east_streak = 0;
                }
                let mine = d[self.wind_of(self.my).index()];
                for (p, t) in self.totals.iter_mut().enumerate() {
                    *t += d[(p + 4 - self.dealer) % 4];
                }
                self.report.totals = self.totals;
                self.report.hands.push(HandOutcome {
                    wind: self.wind_of(self.my),
                    net: mine,
                    won: self.winner() == Some(self.my),
                    washout: false,
                });
                self.stage = Stage::Idle;
            }
            ServerMsg::WashOut => {
                // The wall ran out (our count of it may differ: the server's word stands).
                self.report.hands.push(HandOutcome {
                    wind: self.wind_of(self.my),
                    net: 0,
                    won: false,
                    washout: true,
                });
                self.stage = Stage::Idle;
            }
            ServerMsg::GameOver => self.report.over = true,
            ServerMsg::Pairs(id, t) => {
                // Only the winner pairs a claimed tile (losers form closed pairs).
                if let Some(p) = self.index_of(*id) {
                    self.log.winning_pair = Some((p, *t));
                }
            }
            ServerMsg::FormsClosed { id, kind, tile } => {
                if let (Some(p), Some(k)) = (self.index_of(*id), tile.kind()) {
                    let tiles: Vec<Tile> = match kind {
                        ClosedKind::Pung => vec![*tile; 3],
                        ClosedKind::Pair => vec![*tile; 2],
                        ClosedKind::Chow => (k..k + 3).map(Tile::from_kind).collect(),
                    };
                    self.log.concealed[p].extend(tiles);
                }
            }
            ServerMsg::ShowsTiles(id, tiles) | ServerMsg::FormsClosedSpecial(id, tiles) => {
                if let Some(p) = self.index_of(*id) {
                    self.log.concealed[p].extend(tiles.iter().copied());
                }
            }
            ServerMsg::SpecialSet(id, claimed, tiles) => {
                // TILES are the concealed tiles the claimed one joined.
                if let Some(p) = self.index_of(*id) {
                    self.log.concealed[p].extend(tiles.iter().copied());
                    self.log.concealed[p].push(*claimed);
                }
            }
            ServerMsg::DangerousDiscard {
                id,
                serial,
                no_choice,
            } => {
                if let (Some(p), false) = (self.index_of(*id), *no_choice) {
                    self.danger = Some((p, *serial));
                    // It comes after the claim it concerns: a win on it makes p liable.
                    let on_it = self
                        .last_discard
                        .is_some_and(|(d, _, s)| d == p && s == *serial);
                    let won = self
                        .log
                        .win
                        .as_ref()
                        .is_some_and(|w| w.from == "discard" && w.supplier == Some(p));
                    if on_it && won {
                        self.log.cannon = Some(p);
                        self.log.cannon_late = self.live() <= 4;
                    }
                }
            }
            ServerMsg::Error(text) => self.refused(text, &mut out)?,
            ServerMsg::Other(_) => {}
        }
        if !out.is_empty() && !matches!(msg, ServerMsg::Error(_)) {
            self.refusals = 0;
        }
        Ok(out)
    }

    fn new_hand(&mut self, east: u32) {
        self.hand_no += 1;
        self.dealer = self.index_of(east).unwrap_or(0);
        self.stage = Stage::Deal;
        self.concealed.clear();
        self.drawn = None;
        self.public = (0..4)
            .map(|p| PublicSeat {
                wind: self.wind_of(p),
                sets: vec![],
                bonus: vec![],
                discards: vec![],
                concealed_count: 0,
                original_call: false,
                calling: false,
                staked: 0,
            })
            .collect();
        self.draws = 0;
        self.loose_draws = 0;
        self.last_discard = None;
        self.readies = 0;
        self.winning_claim = None;
        self.shown = false;
        self.pending = Pending::None;
        self.log = HandLog {
            winds: std::array::from_fn(|p| Some(self.wind_of(p))),
            prevailing: Some(self.prevailing),
            east_streak: self.east_streak,
            ..HandLog::default()
        };
        self.after_kong = [false; 4];
        self.danger = None;
        self.konger = None;
    }

    fn draw(&mut self, id: u32, t: Option<Tile>, out: &mut Vec<String>) {
        let Some(p) = self.index_of(id) else { return };
        self.draws += 1;
        if self.stage != Stage::Deal {
            self.public[p].concealed_count += 1;
        }
        if p != self.my {
            return;
        }
        let Some(t) = t else { return };
        self.concealed.push(t);
        match self.stage {
            Stage::Deal => {
                // Each player sees only his own deal: 13 tiles, East 14. Then flowers are
                // declared in turn from East.
                let dealt = if self.dealer == self.my { 14 } else { 13 };
                if self.concealed.len() >= dealt {
                    for q in 0..4 {
                        self.public[q].concealed_count = if q == self.dealer { 14 } else { 13 };
                    }
                    self.stage = Stage::Specials(self.dealer);
                    if self.dealer == self.my {
                        self.specials(out);
                    }
                }
            }
            Stage::Specials(q) if q == self.my => self.specials(out),
            Stage::Play => {
                if t.is_bonus() {
                    self.pending = Pending::Specials;
                    out.push(format!("DeclareSpecial {t}"));
                } else {
                    self.drawn = Some(t);
                    self.turn(false, out);
                }
            }
            _ => {}
        }
    }

    fn special(&mut self, id: u32, t: Option<Tile>, out: &mut Vec<String>) {
        let Some(p) = self.index_of(id) else { return };
        match t {
            Some(t) => {
                self.public[p].bonus.push(t);
                if self.stage == Stage::Play {
                    // A flower's replacement is a loose tile only when the options say so.
                    self.after_kong[p] = self.ruleset.play().bonus_from_loose;
                    self.public[p].concealed_count =
                        self.public[p].concealed_count.saturating_sub(1);
                }
                if p == self.my {
                    self.remove(t, 1);
                }
            }
            None => {
                if let Stage::Specials(_) = self.stage {
                    let next = (p + 1) % 4;
                    if next == self.dealer {
                        self.stage = Stage::Start;
                    } else {
                        self.stage = Stage::Specials(next);
                        if next == self.my {
                            self.specials(out);
                        }
                    }
                }
            }
        }
    }

    /// Our turn to declare flowers: one at a time (each is replaced), then `--`.
    fn specials(&mut self, out: &mut Vec<String>) {
        self.pending = Pending::Specials;
        match self.concealed.iter().find(|t| t.is_bonus()) {
            Some(t) => out.push(format!("DeclareSpecial {t}")),
            None => out.push("DeclareSpecial --".to_string()),
        }
    }

    fn discard(&mut self, id: u32, tile: Tile, serial: u32, out: &mut Vec<String>) {
        let Some(p) = self.index_of(id) else { return };
        self.stage = Stage::Play;
        self.public[p].discards.push((tile, false));
        self.log.discards.push((p, tile));
        self.after_kong[p] = false;
        self.konger = None;
        self.last_discard = Some((p, tile, serial));
        self.winning_claim = None;
        if p == self.my {
            self.remove(tile, 1);
            self.drawn = None;
            self.pending = Pending::None;
            return;
        }
        self.public[p].concealed_count = self.public[p].concealed_count.saturating_sub(1);
        let mut legal = vec![Action::Pass];
        if self.complete_with(Some(tile)) {
            legal.push(Action::Mahjong);
        }
        let c = self.counts();
        let k = idx(tile);
        let n = c[k];
        if n >= 2 {
            legal.push(Action::Pung);
        }
        if n >= 3 {
            legal.push(Action::Kong);
        }
        if (p + 1) % 4 == self.my {
            for first in k.saturating_sub(2)..=k {
                let ok = self.shape.chow_starts_at(first)
                    && (first..first + 3).all(|x| x == k || c[x] > 0);
                if ok {
                    legal.push(Action::Chow {
                        first: Tile::from_kind(first),
                    });
                }
            }
        }
        let a = if legal.len() == 1 {
            Action::Pass
        } else {
            let phase = PhaseView::Claims { discarder: p, tile };
            self.decide(phase, None, legal)
        };
        self.pending = Pending::Claim(serial);
        out.push(match a {
            Action::Mahjong => format!("MahJong {serial}"),
            Action::Pung => format!("Pung {serial}"),
            Action::Kong => format!("Kong {serial}"),
            Action::Chow { first } => {
                let pos = ChowPos::of(tile, first).unwrap_or(ChowPos::Any);
                format!("Chow {serial} {}", pos.word())
            }
            _ => format!("NoClaim {serial}"),
        });
    }

    /// A discard was claimed for a set (in play).
    fn claimed(&mut self, id: u32, t: Tile, kind: SetKind, first: Tile, out: &mut Vec<String>) {
        let Some(p) = self.index_of(id) else { return };
        if let Some((q, _, _)) = self.last_discard {
            if let Some(d) = self.public[q].discards.last_mut() {
                d.1 = true;
            }
        }
        self.log.sets[p].push(AuditSet {
            kind,
            first,
            exposed: true,
            claimed: Some(t),
            winning: false,
        });
        if matches!(kind, SetKind::Kong(_)) {
            self.after_kong[p] = true;
        }
        let from_hand = match kind {
            SetKind::Kong(_) => 3,
            _ => 2,
        };
        if p != self.my {
            self.public[p].concealed_count =
                self.public[p].concealed_count.saturating_sub(from_hand);
            return;
        }
        match kind {
            SetKind::Chow => {
                let k = idx(first);
                for x in k..k + 3 {
                    if x != idx(t) {
                        self.remove(Tile::from_kind(x), 1);
                    }
                }
            }
            _ => self.remove(t, from_hand),
        }
        self.pending = Pending::None;
        // After a pung or chow we discard; after a kong a loose tile comes first.
        if kind == SetKind::Chow || kind == SetKind::Pung {
            self.drawn = None;
            self.turn(true, out);
        }
    }

    /// Tiles left in the live wall. The dead wall is kept at 14 (`DeadWall 1`): two tiles
    /// move over from the live wall after every two loose tiles, so after an odd number
    /// of loose draws the live wall still holds one of them.
    fn live(&self) -> usize {
        (self.wall_tiles + self.loose_draws % 2).saturating_sub(14 + self.draws)
    }

    /// The winner put the claimed winning tile into an exposed set.
    fn winning_set(&mut self, id: u32, t: Tile, kind: SetKind, first: Tile) {
        if let Some(p) = self.index_of(id) {
            self.log.sets[p].push(AuditSet {
                kind,
                first,
                exposed: true,
                claimed: Some(t),
                winning: true,
            });
        }
    }

    /// Our turn: build the legal actions and answer with the bot's choice.
    fn turn(&mut self, after_claim: bool, out: &mut Vec<String>) {
        let mut legal = Vec::new();
        if !after_claim {
            if self.complete_with(None) {
                legal.push(Action::Mahjong);
            }
            let c = self.counts();
            for (k, &n) in c.iter().enumerate() {
                if n == 4 {
                    legal.push(Action::ConcealedKong {
                        tile: Tile::from_kind(k),
                    });
                }
            }
            if let Some(d) = self.drawn {
                let annex = self.log.sets[self.my]
                    .iter()
                    .any(|s| s.kind == SetKind::Pung && s.exposed && s.first == d);
                if annex {
                    legal.push(Action::AnnexKong { tile: d });
                }
            }
        }
        let mut kinds: Vec<Tile> = self
            .concealed
            .iter()
            .copied()
            .filter(|t| !t.is_bonus())
            .collect();
        kinds.sort();
        kinds.dedup();
        legal.extend(
            kinds
                .into_iter()
                .map(|tile| Action::Discard { tile, call: false }),
        );
        if legal.is_empty() {
            return;
        }
        let phase = PhaseView::Turn { player: self.my };
        let a = self.decide(phase, self.drawn, legal);
        self.pending = Pending::Turn;
        out.push(match a {
            Action::Mahjong => "MahJong 0".to_string(),
            Action::ConcealedKong { tile } => format!("DeclareClosedKong {tile}"),
            Action::AnnexKong { tile } => format!("AddToPung {tile}"),
            Action::Discard { tile, .. } => format!("Discard {tile} 0"),
            _ => self.fallback_discard(),
        });
    }

    fn fallback_discard(&self) -> String {
        let t = self
            .drawn
            .or_else(|| self.concealed.iter().rev().copied().find(|t| !t.is_bonus()));
        match t {
            Some(t) => format!("Discard {t} 0"),
            None => "NoClaim 0".to_string(),
        }
    }

    fn decide(&mut self, phase: PhaseView, drawn: Option<Tile>, legal: Vec<Action>) -> Action {
        let mut concealed: Vec<Tile> = self
            .concealed
            .iter()
            .copied()
            .filter(|t| !t.is_bonus())
            .collect();
        concealed.sort();
        let live = self.live();
        let wind = self.wind_of(self.my);
        let v = &mut self.view;
        v.player = self.my;
        v.seats = 4;
        v.hand = self.hand_no;
        v.dealer = self.dealer;
        v.prevailing = self.prevailing;
        v.wind = wind;
        v.concealed = concealed;
        v.drawn = drawn;
        v.public.clone_from(&self.public);
        // The sets are kept once, in the hand's log.
        for (seat, sets) in v.public.iter_mut().zip(&self.log.sets) {
            seat.sets.extend(sets.iter().map(|s| PublicSet {
                kind: s.kind,
                tile: s.first,
                exposed: s.exposed,
                // mj-server plays without jokers.
                jokers: 0,
                joker_for: None,
            }));
        }
        v.live_wall = live;
        v.phase = phase;
        v.legal = legal;
        v.totals = self.totals.to_vec();
        let a = self.bot.act(&self.view);
        if self.view.legal.contains(&a) {
            a
        } else {
            self.view.legal[0]
        }
    }

    /// We went out: put the claimed tile in a set, then declare the rest.
    fn declare_win(&mut self, claimed: Option<Tile>, out: &mut Vec<String>) {
        if let Some(t) = claimed {
            self.concealed.push(t);
        }
        let counts = counts_of(
            &self
                .concealed
                .iter()
                .copied()
                .filter(|t| !t.is_bonus())
                .collect::<Vec<_>>(),
        );
        let need = 4usize.saturating_sub(self.declared());
        // The arrangement with the most pungs: concealed pungs score, chows do not.
        let mut best: Option<(usize, mahjong_hands::Arrangement)> = None;
        for_each_arrangement(&counts, need, &self.shape, self.seven_pairs, |a| {
            let pungs = a.sets().iter().filter(|m| m.kind == MeldKind::Pung).count();
            if best.is_none_or(|(b, _)| pungs > b) {
                best = Some((pungs, *a));
            }
        });
        let Some((_, a)) = best else {
            // Should not happen: the server accepted the win. Show the tiles.
            out.push("ShowTiles".to_string());
            return;
        };
        self.pending = Pending::Show;
        if a.form == Form::ThirteenOrphans {
            out.push(if claimed.is_some() {
                "SpecialSet".to_string()
            } else {
                "FormClosedSpecialSet".to_string()
            });
            return;
        }
        let mut sets: Vec<mahjong_hands::Meld> = a.sets().to_vec();
        if let Some(t) = claimed {
            let k = idx(t);
            // Prefer putting the claimed tile in a pair or pung, then a chow.
            let pos = sets
                .iter()
                .position(|m| m.kind != MeldKind::Chow && m.contains(k))
                .or_else(|| sets.iter().position(|m| m.contains(k)));
            if let Some(i) = pos {
                let m = sets.remove(i);
                out.push(match m.kind {
                    MeldKind::Chow => {
                        let p = ChowPos::of(t, m.first()).unwrap_or(ChowPos::Any);
                        format!("Chow 0 {}", p.word())
                    }
                    MeldKind::Pair => "Pair".to_string(),
                    _ => "Pung 0".to_string(),
                });
            }
        }
        for m in sets {
            out.push(match m.kind {
                MeldKind::Chow => format!("FormClosedChow {}", m.first()),
                MeldKind::Pair => format!("FormClosedPair {}", m.first()),
                _ => format!("FormClosedPung {}", m.first()),
            });
        }
    }

    /// We lost: declare the concealed pungs and the scoring pairs (they earn points in the
    /// losers' settlement), then show the hand.
    fn show(&mut self, out: &mut Vec<String>) {
        if self.shown {
            return;
        }
        self.shown = true;
        self.pending = Pending::Show;
        let mut c = self.counts();
        for (k, n) in c.iter_mut().enumerate() {
            if *n >= 3 {
                *n -= 3;
                out.push(format!("FormClosedPung {}", Tile::from_kind(k)));
            }
        }
        // Every scoring pair: the server lets a loser declare several.
        let own = self.wind_of(self.my).tile();
        for (k, &n) in c.iter().enumerate() {
            let t = Tile::from_kind(k);
            if n == 2 && (k >= 31 || t == own || t == self.prevailing.tile()) {
                out.push(format!("FormClosedPair {t}"));
            }
        }
        out.push("ShowTiles".to_string());
    }

    /// The server refused our last request: note it and send something legal instead.
    fn refused(&mut self, text: &str, out: &mut Vec<String>) -> Result<(), ClientError> {
        self.report.errors.push(text.to_string());
        self.refusals += 1;
        if self.refusals > 8 {
            return Err(ClientError::Stuck(self.refusals, text.to_string()));
        }
        match self.pending {
            Pending::Claim(serial) => {
                self.pending = Pending::None;
                out.push(format!("NoClaim {serial}"));
            }
            Pending::Turn => {
                // Discard something else each time: the drawn tile, then from the end.
                let tiles: Vec<Tile> = self
                    .concealed
                    .iter()
                    .copied()
                    .filter(|t| !t.is_bonus())
                    .collect();
                if let Some(&t) = tiles.get(tiles.len().saturating_sub(self.refusals as usize)) {
                    out.push(format!("Discard {t} 0"));
                }
            }
            Pending::Specials => out.push("DeclareSpecial --".to_string()),
            Pending::Show => {
                if self.winner() != Some(self.my) {
                    self.pending = Pending::None;
                    out.push("ShowTiles".to_string());
                }
            }
            Pending::None => {}
        }
        Ok(())
    }
}

/// Plays one game over a connection on which [`Seat::hello`] has been sent: answers every
/// message, and returns when the server says the game is over or when `after_hand`,
/// called after each finished hand, returns `false`.
pub fn play<R: BufRead, W: Write>(
    seat: &mut Seat,
    reader: &mut R,
    writer: &mut W,
    mut after_hand: impl FnMut(&HandOutcome) -> bool,
) -> Result<(), ClientError> {
    loop {
        let Some(line) = read_message(reader)? else {
            if seat.is_over() {
                return Ok(());
            }
            return Err(ClientError::Closed {
                hands: seat.report.hands.len(),
            });
        };
        let msg = ServerMsg::parse(&line)?;
        let hands = seat.report.hands.len();
        for l in seat.on(&msg)? {
            send(writer, &l)?;
        }
        if seat.report.hands.len() > hands {
            let last = seat.report.hands.last().expect("a hand was added");
            if !after_hand(last) {
                return Ok(());
            }
        }
        if seat.is_over() {
            return Ok(());
        }
    }
}

fn send<W: Write>(w: &mut W, line: &str) -> std::io::Result<()> {
    // One complete line in one write, as the server expects.
    let mut buf = Vec::with_capacity(line.len() + 2);
    buf.extend_from_slice(line.as_bytes());
    buf.extend_from_slice(b"\r\n");
    w.write_all(&buf)?;
    w.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat() -> Seat {
        let ruleset = Ruleset::preset("bradfield").unwrap();
        Seat::new(Box::new(mahjong_bots::RandomBot::new(1)), &ruleset, "t")
    }

    fn on(seat: &mut Seat, line: &str) -> Result<Vec<String>, ClientError> {
        seat.on(&ServerMsg::parse(line).unwrap())
    }

    /// Found by fuzzing (`mj_server_seat`): settlements whose sum leaves `i64` panicked
    /// in the running totals. Such a server is refused; ordinary ones still add up.
    #[test]
    fn a_settlement_that_overflows_the_totals_is_refused() {
        let mut s = seat();
        on(&mut s, "ConnectReply 1110 2 ").unwrap();
        on(&mut s, "Game 1 2 3 4 E 0 1 0 0 0 0 1110 1").unwrap();
        on(&mut s, "Settlement -432 40 640 -248 East  pays West    320").unwrap();
        assert_eq!(s.report().totals, [-432, 40, 640, -248]);
        let big = i64::MAX - 1000;
        on(&mut s, &format!("Settlement {big} 0 0 0 x")).unwrap();
        assert_eq!(s.report().totals[0], big - 432);
        let e = on(&mut s, "Settlement 2000 0 0 0 x").unwrap_err();
        assert!(
            matches!(
                e,
                ClientError::Protocol(_, "a settlement beyond the range of the scores")
            ),
            "{e:?}"
        );
        // The refused settlement changed nothing.
        assert_eq!(s.report().totals[0], big - 432);
        let e = on(&mut s, &format!("Settlement 0 0 0 {} x", i64::MIN)).unwrap_err();
        assert!(matches!(e, ClientError::Protocol(..)), "{e:?}");
    }
}
