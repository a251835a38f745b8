//! A table: one task that owns the game, its bots and its connections. Everything that
//! changes the game goes through the task's queue, so a table needs no locks; each change is
//! written to the database before anybody hears of it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use mahjong_bots::Bot;
use mahjong_engine::{Action, EngineError, Event, Game, GameConfig, PhaseView, SeatView};
use mahjong_rules::Ruleset;
use serde::{Deserialize, Serialize};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use crate::db::{Finish, Store};
use crate::limits::{Limits, Outbox};
use crate::protocol::{
    event_for, spectator_view, EventMsg, PlayerInfo, ProtoError, StateMsg, PROTOCOL_VERSION,
};
use crate::{hint, now_ms};

/// How long a finished table stays in memory once nobody is connected.
const LINGER: Duration = Duration::from_secs(30);

/// How long the next hand waits at most for players still reading the last hand's result
/// (a `ready` client message ends the wait sooner): generous for reading a score sheet, and
/// still bounded, so a player who walked away does not stall the table forever.
pub const READING_LIMIT: Duration = Duration::from_secs(120);

/// A table's configuration: everything needed to re-create its game (stored as JSON).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TableConfig {
    /// The ruleset with every option.
    pub ruleset: Ruleset,
    /// The game's seed.
    pub seed: u64,
    /// Stop after this many hands.
    #[serde(default)]
    pub max_hands: Option<u32>,
    /// `human` or a bot name, per seat.
    pub kinds: Vec<String>,
    /// Display names per seat.
    pub names: Vec<String>,
    /// Secret tokens of the human seats (an open seat has one once it is joined).
    pub tokens: Vec<Option<String>>,
    /// Human seats anyone may take with `POST /api/tables/{id}/join`; the other human seats
    /// are invited: only the link made for them plays them. (Missing: none open.)
    #[serde(default)]
    pub open: Vec<bool>,
    /// The secret of whoever created the table: it fills waiting seats with bots and
    /// deletes the table. (Missing, for tables stored before hosts: nobody may.)
    #[serde(default)]
    pub host_token: Option<String>,
    /// Server bots wait this long before acting.
    #[serde(default)]
    pub bot_delay_ms: u64,
    /// Turn timer for humans (0: none).
    #[serde(default)]
    pub turn_seconds: u32,
}

impl TableConfig {
    /// Whether seat `s` is open to anyone through `join`. A seat `fill` gave a bot is not
    /// (its `open` entry is kept: tables stored before this was checked have it too).
    pub fn is_open(&self, s: usize) -> bool {
        self.open.get(s).copied().unwrap_or(false)
            && self.kinds.get(s).is_some_and(|k| k == "human")
    }

    /// The engine configuration of the game.
    pub fn game_config(&self) -> GameConfig {
        GameConfig {
            ruleset: self.ruleset.clone(),
            seed: self.seed,
            walls: vec![],
            max_hands: self.max_hands,
            record: true,
        }
    }

    /// The bots of the table, seeded as `mahjong simulate` seeds them from a game's seed.
    pub fn bots(&self) -> Vec<Option<Box<dyn Bot>>> {
        self.kinds
            .iter()
            .enumerate()
            .map(|(p, k)| {
                (k != "human")
                    .then(|| {
                        mahjong_bots::bot_for_ruleset(
                            k,
                            &self.ruleset,
                            derive_seed(self.seed, 1000 + p as u64),
                        )
                    })
                    .flatten()
            })
            .collect()
    }
}

/// SplitMix64, as `mahjong simulate` derives per-bot seeds: a server table with seed `s`
/// plays like the simulated game whose seed is `s`.
pub fn derive_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed.wrapping_add(i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Table status.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Not every human seat has joined: nothing moves.
    Waiting,
    /// In play.
    Playing,
    /// The game is over.
    Finished,
}

impl Status {
    /// As stored and shown.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Playing => "playing",
            Status::Finished => "finished",
        }
    }
}

pub use mahjong_client::wire::{JoinInfo, SeatInfo, TableInfo};

/// What a table's task is asked to do.
pub(crate) enum Cmd {
    Connect {
        token: Option<String>,
        tx: Outbox,
        reply: oneshot::Sender<Result<u64, ProtoError>>,
    },
    Disconnect {
        conn: u64,
    },
    Act {
        conn: u64,
        action: Action,
        id: Option<serde_json::Value>,
    },
    Hint {
        conn: u64,
    },
    /// The connection's player has read the last hand's result (`ready`).
    Ready {
        conn: u64,
    },
    Info {
        reply: oneshot::Sender<TableInfo>,
    },
    Join {
        name: Option<String>,
        reply: oneshot::Sender<Option<JoinInfo>>,
    },
    Fill {
        host: Option<String>,
        reply: oneshot::Sender<Result<TableInfo, HostRefusal>>,
    },
    Delete {
        host: Option<String>,
        reply: oneshot::Sender<Result<(), HostRefusal>>,
    },
}

/// Why a request that only the host may make was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HostRefusal {
    /// No `Authorization: Bearer` token was given.
    NoToken,
    /// The token is not this table's host token (or the table has none).
    NotHost,
}

/// Compares two secrets in time that does not depend on where they differ.
pub(crate) fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// The live tables.
#[derive(Default)]
pub(crate) struct Registry {
    pub tables: RwLock<HashMap<String, mpsc::UnboundedSender<Cmd>>>,
    /// The server's limits (the waiting tables' expiry, the table caps).
    pub limits: Limits,
    /// Tables in memory per client address that created them, and tables being created
    /// (reserved before the database is written, so two requests cannot both pass the cap).
    pub owners: Mutex<Owners>,
}

/// The table counts behind the caps of [`Limits::tables_max`] and
/// [`Limits::tables_per_client`].
#[derive(Default)]
pub(crate) struct Owners {
    per_address: HashMap<IpAddr, usize>,
    /// Tables reserved and not yet in `tables`.
    pending: usize,
}

/// Why a new table was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CapRefusal {
    /// The server holds `tables_max` tables.
    Server(usize),
    /// This address holds `tables_per_client` tables.
    Client(usize),
}

impl Registry {
    pub fn get(&self, id: &str) -> Option<mpsc::UnboundedSender<Cmd>> {
        self.tables.read().expect("registry").get(id).cloned()
    }

    /// Reserves a table for `owner` under the caps; [`Registry::release`] gives it back
    /// when the table leaves memory (or is never made).
    pub fn reserve(&self, owner: Option<IpAddr>) -> Result<(), CapRefusal> {
        let live = self.tables.read().expect("registry").len();
        let mut o = self.owners.lock().expect("owners");
        let max = self.limits.tables_max;
        if max > 0 && live + o.pending >= max {
            return Err(CapRefusal::Server(max));
        }
        if let Some(ip) = owner {
            let per = self.limits.tables_per_client;
            let n = o.per_address.get(&ip).copied().unwrap_or(0);
            if per > 0 && n >= per {
                return Err(CapRefusal::Client(per));
            }
            o.per_address.insert(ip, n + 1);
        }
        o.pending += 1;
        Ok(())
    }

    /// The reserved table is in `tables` now (or was never made: `release` too).
    pub fn settled(&self) {
        let mut o = self.owners.lock().expect("owners");
        o.pending = o.pending.saturating_sub(1);
    }

    /// A table of `owner` has left memory.
    pub fn release(&self, owner: Option<IpAddr>) {
        let Some(ip) = owner else { return };
        let mut o = self.owners.lock().expect("owners");
        if let Some(n) = o.per_address.get_mut(&ip) {
            *n -= 1;
            if *n == 0 {
                o.per_address.remove(&ip);
            }
        }
    }
}

struct Conn {
    id: u64,
    seat: Option<usize>,
    tx: Outbox,
    /// The client has sent `ready` once: it shows each hand's result until its player
    /// dismisses it, so the table waits for it at every hand's end.
    paced: bool,
    /// A hand ended and this (paced, seated) client has not said `ready` since.
    reading: bool,
}

/// A table's state, owned by its task.
pub(crate) struct Table {
    id: String,
    config: TableConfig,
    created_at: i64,
    game: Game,
    bots: Vec<Option<Box<dyn Bot>>>,
    /// Human seats claimed (connected once, or handed out by `join`).
    claimed: Vec<bool>,
    /// The client address that created the table (counted against its cap until the
    /// table leaves memory); none for resumed tables.
    owner: Option<IpAddr>,
    /// The host deleted the table: the task ends.
    deleted: bool,
    /// Human seats that have connected once.
    joined: Vec<bool>,
    status: Status,
    conns: Vec<Conn>,
    next_conn: u64,
    /// The current hand's events (unredacted), for reconnecting clients.
    hand_events: Vec<Event>,
    /// Events stored so far.
    seq: i64,
    claim_deadline: Option<Instant>,
    turn_deadline: Option<(Instant, u32, usize)>,
    bot_due: Option<Instant>,
    /// While some connection is `reading`, the new hand is held until this time at most.
    reading_until: Option<Instant>,
    idle_since: Option<Instant>,
    /// A waiting table nobody is connected to ends at this time.
    expires_at: Option<Instant>,
    store: Store,
    registry: Arc<Registry>,
    view: SeatView,
    /// The connection whose action is being applied, with its id (for `ack`).
    ack: Option<(u64, serde_json::Value)>,
}

/// Why a stored game could not be resumed.
#[derive(Debug, thiserror::Error)]
#[error("game {id}: {message}")]
pub struct ResumeError {
    /// The game.
    pub id: String,
    /// What went wrong.
    pub message: String,
}

impl Table {
    /// A new table; its first events are stored before the task starts.
    pub async fn create(
        id: String,
        config: TableConfig,
        store: Store,
        registry: Arc<Registry>,
        owner: Option<IpAddr>,
    ) -> Result<mpsc::UnboundedSender<Cmd>, crate::db::DbError> {
        let created_at = now_ms();
        let humans = config.kinds.iter().any(|k| k == "human");
        let status = if humans {
            Status::Waiting
        } else {
            Status::Playing
        };
        let json = serde_json::to_string(&config).expect("configs serialize");
        store
            .insert_game(&id, &json, status.as_str(), created_at)
            .await?;
        let game = Game::new(config.game_config());
        let mut t = Table::assemble(id, config, created_at, game, status, store, registry);
        t.owner = owner;
        let events = t.game.take_events();
        t.persist(&events).await?;
        t.hand_events = events;
        Ok(t.spawn())
    }

    /// Re-creates a stored game: the engine re-plays the recorded decisions (bots are asked
    /// again at each of theirs, so their random state is as before), and every other stored
    /// event must be what the engine produces.
    pub async fn resume(
        row: &crate::db::GameRow,
        store: Store,
        registry: Arc<Registry>,
    ) -> Result<mpsc::UnboundedSender<Cmd>, ResumeError> {
        let fail = |message: String| ResumeError {
            id: row.id.clone(),
            message,
        };
        let config: TableConfig =
            serde_json::from_str(&row.config).map_err(|e| fail(format!("config: {e}")))?;
        let lines = store
            .events(&row.id)
            .await
            .map_err(|e| fail(e.to_string()))?;
        let mut game = Game::new(config.game_config());
        let mut bots = config.bots();
        let mut produced: std::collections::VecDeque<Event> = game.take_events().into();
        let mut hand_events = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            let event: Event =
                serde_json::from_str(line).map_err(|e| fail(format!("event {i}: {e}")))?;
            if let (Event::Decision { player, action }, true) = (&event, produced.is_empty()) {
                if let Some(Some(bot)) = bots.get_mut(*player) {
                    let again = bot.act(&game.view(*player));
                    if again != *action {
                        tracing::warn!(game = %row.id, "bot {player} now chooses {again:?}, recorded {action:?}");
                    }
                }
                game.act(*player, *action)
                    .map_err(|e| fail(format!("event {i}: {e}")))?;
                produced.extend(game.take_events());
            }
            match produced.pop_front() {
                Some(e) if e == event => {}
                other => {
                    return Err(fail(format!(
                        "event {i}: stored {line}, the engine gives {other:?}"
                    )))
                }
            }
            if matches!(event, Event::HandStart { .. }) {
                hand_events.clear();
            }
            hand_events.push(event);
        }
        let status = match row.status.as_str() {
            "waiting" => Status::Waiting,
            _ => Status::Playing,
        };
        let mut t = Table::assemble(
            row.id.clone(),
            config,
            row.created_at,
            game,
            status,
            store,
            registry,
        );
        t.bots = bots;
        t.seq = lines.len() as i64;
        t.hand_events = hand_events;
        if status == Status::Playing {
            t.claimed.iter_mut().for_each(|c| *c = true);
            t.joined.iter_mut().for_each(|c| *c = true);
        }
        // Events the engine made that were never stored (a crash right after creation).
        let rest: Vec<Event> = produced.into();
        if !rest.is_empty() {
            t.persist(&rest).await.map_err(|e| fail(e.to_string()))?;
            for e in rest {
                if matches!(e, Event::HandStart { .. }) {
                    t.hand_events.clear();
                }
                t.hand_events.push(e);
            }
        }
        if t.game.is_over() {
            t.finish_if_over().await;
        }
        Ok(t.spawn())
    }

    fn assemble(
        id: String,
        config: TableConfig,
        created_at: i64,
        game: Game,
        status: Status,
        store: Store,
        registry: Arc<Registry>,
    ) -> Table {
        let bots = config.bots();
        let claimed: Vec<bool> = config.kinds.iter().map(|k| k != "human").collect();
        Table {
            id,
            created_at,
            game,
            bots,
            joined: claimed.clone(),
            claimed,
            owner: None,
            deleted: false,
            status,
            conns: vec![],
            next_conn: 0,
            hand_events: vec![],
            seq: 0,
            claim_deadline: None,
            turn_deadline: None,
            bot_due: None,
            reading_until: None,
            idle_since: None,
            expires_at: None,
            store,
            registry,
            view: SeatView::empty(),
            ack: None,
            config,
        }
    }

    fn spawn(mut self) -> mpsc::UnboundedSender<Cmd> {
        let (tx, rx) = mpsc::unbounded_channel();
        self.registry
            .tables
            .write()
            .expect("registry")
            .insert(self.id.clone(), tx.clone());
        tokio::spawn(async move {
            self.update_timers();
            self.update_expiry();
            self.run(rx).await;
        });
        tx
    }

    async fn run(mut self, mut rx: mpsc::UnboundedReceiver<Cmd>) {
        loop {
            // Checked here, not only after `select!`: a delete can also arrive in the queue
            // drained between bot moves, and a zero-delay bot table would otherwise play on.
            if self.deleted {
                break;
            }
            // Bots due now act first, one at a time, with the queue looked at in between.
            if self.bot_due.is_some_and(|d| d <= Instant::now()) {
                self.bot_due = None;
                self.play_bot().await;
                while !self.deleted {
                    let Ok(cmd) = rx.try_recv() else { break };
                    self.handle(cmd).await;
                }
                continue;
            }
            let wake = [
                self.bot_due,
                self.claim_deadline,
                self.turn_deadline.map(|t| t.0),
                self.reading_until,
                self.idle_since.map(|t| t + LINGER),
                self.expires_at,
            ]
            .into_iter()
            .flatten()
            .min();
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => self.handle(cmd).await,
                    None => break,
                },
                _ = sleep_until(wake) => {
                    let now = Instant::now();
                    if self.idle_since.is_some_and(|t| t + LINGER <= now) {
                        break;
                    }
                    if self.expires_at.is_some_and(|t| t <= now) {
                        self.expire().await;
                        break;
                    }
                    if self.reading_until.is_some_and(|t| t <= now) {
                        // Waited long enough: the hand goes on without the readers.
                        self.conns.iter_mut().for_each(|c| c.reading = false);
                        self.release_hold();
                    }
                    if self.claim_deadline.is_some_and(|d| d <= now) {
                        self.claim_deadline = None;
                        self.claim_timeout().await;
                    }
                    if self.turn_deadline.is_some_and(|d| d.0 <= now) {
                        self.turn_timeout().await;
                    }
                }
            }
        }
        self.registry
            .tables
            .write()
            .expect("registry")
            .remove(&self.id);
        self.registry.release(self.owner);
    }

    async fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Connect { token, tx, reply } => {
                let seat = match token {
                    None => None,
                    Some(t) => match self
                        .config
                        .tokens
                        .iter()
                        .position(|k| k.as_deref() == Some(t.as_str()))
                    {
                        Some(s) => Some(s),
                        None => {
                            tracing::warn!(table = %self.id, "refused a connection: unknown token");
                            let _ = reply.send(Err(ProtoError::new(
                                "bad_token",
                                format!("no seat of table {} has this token", self.id),
                            )));
                            return;
                        }
                    },
                };
                let id = self.next_conn;
                self.next_conn += 1;
                self.conns.push(Conn {
                    id,
                    seat,
                    tx,
                    paced: false,
                    reading: false,
                });
                self.idle_since = None;
                self.update_expiry();
                let _ = reply.send(Ok(id));
                if let Some(s) = seat {
                    self.claimed[s] = true;
                    self.joined[s] = true;
                }
                self.greet(id);
                self.maybe_start().await;
                self.send_players();
            }
            Cmd::Disconnect { conn } => {
                self.conns.retain(|c| c.id != conn);
                // A reader who left is not waited for.
                self.release_hold();
                if self.conns.is_empty() && self.status == Status::Finished {
                    self.idle_since = Some(Instant::now());
                }
                self.update_expiry();
                self.send_players();
            }
            Cmd::Act { conn, action, id } => {
                let seat = self
                    .conns
                    .iter()
                    .find(|c| c.id == conn)
                    .and_then(|c| c.seat);
                self.ack = id.clone().map(|id| (conn, id));
                if let Err(e) = self.act_from(seat, action).await {
                    self.send_to(conn, error_text_id(&e, id.as_ref()));
                }
                self.ack = None;
            }
            Cmd::Hint { conn } => {
                let seat = self
                    .conns
                    .iter()
                    .find(|c| c.id == conn)
                    .and_then(|c| c.seat);
                let text = match seat {
                    Some(s) => hint::hint_text(&self.game, s),
                    None => {
                        error_text(&ProtoError::new("not_your_turn", "spectators get no hints"))
                    }
                };
                self.send_to(conn, text);
            }
            Cmd::Ready { conn } => {
                let Some(c) = self.conns.iter_mut().find(|c| c.id == conn) else {
                    return;
                };
                c.paced = true;
                // The seat's player has read it, whichever of his tabs he read it in.
                if let Some(seat) = c.seat {
                    self.conns
                        .iter_mut()
                        .filter(|c| c.seat == Some(seat))
                        .for_each(|c| c.reading = false);
                }
                self.release_hold();
            }
            Cmd::Info { reply } => {
                let _ = reply.send(self.info());
            }
            Cmd::Join { name, reply } => {
                // Only open seats: an invited seat's token belongs to its link alone, and
                // an open seat gets its token now, made for this joiner.
                let seat = (0..self.claimed.len()).find(|&s| {
                    !self.claimed[s]
                        && self.config.kinds[s] == "human"
                        && self.config.is_open(s)
                        && self.config.tokens[s].is_none()
                });
                let answer = seat.map(|s| {
                    self.claimed[s] = true;
                    if let Some(n) = name.filter(|n| !n.trim().is_empty()) {
                        self.config.names[s] = n;
                    }
                    let token = crate::new_token();
                    self.config.tokens[s] = Some(token.clone());
                    JoinInfo {
                        seat: s,
                        join_url: format!("/table/{}?token={token}", self.id),
                        token,
                    }
                });
                if let Some(j) = &answer {
                    tracing::info!(table = %self.id, seat = j.seat, "seat joined");
                    self.save_config().await;
                    self.send_players();
                }
                let _ = reply.send(answer);
            }
            Cmd::Fill { host, reply } => {
                if let Err(r) = self.check_host(host.as_deref()) {
                    tracing::warn!(table = %self.id, "refused a fill: {r:?}");
                    let _ = reply.send(Err(r));
                    return;
                }
                let mut changed = false;
                for s in 0..self.joined.len() {
                    if !self.joined[s] && self.config.kinds[s] == "human" {
                        self.config.kinds[s] = "greedy".into();
                        self.config.names[s] = "greedy".into();
                        self.config.tokens[s] = None;
                        self.claimed[s] = true;
                        self.joined[s] = true;
                        changed = true;
                    }
                }
                if changed {
                    tracing::info!(table = %self.id, "waiting seats filled with bots");
                    self.bots = self.config.bots();
                    self.save_config().await;
                    self.maybe_start().await;
                    self.send_players();
                }
                let _ = reply.send(Ok(self.info()));
            }
            Cmd::Delete { host, reply } => {
                if let Err(r) = self.check_host(host.as_deref()) {
                    tracing::warn!(table = %self.id, "refused a delete: {r:?}");
                    let _ = reply.send(Err(r));
                    return;
                }
                // A finished game keeps its record (and its `finished` status): deleting it
                // only lets it leave memory now.
                if self.status != Status::Finished {
                    let json = serde_json::to_string(&self.config).expect("configs serialize");
                    if let Err(e) = self.store.update_game(&self.id, &json, "deleted").await {
                        tracing::error!(table = %self.id, "deleting the table: {e}");
                    }
                }
                for c in &self.conns {
                    c.tx.close(1000, "the host has ended the table");
                }
                tracing::info!(table = %self.id, "table deleted by its host");
                self.deleted = true;
                let _ = reply.send(Ok(()));
            }
        }
    }

    /// Whether `token` is this table's host token.
    fn check_host(&self, token: Option<&str>) -> Result<(), HostRefusal> {
        let Some(token) = token else {
            return Err(HostRefusal::NoToken);
        };
        match &self.config.host_token {
            Some(h) if same_secret(h, token) => Ok(()),
            _ => Err(HostRefusal::NotHost),
        }
    }

    /// Starts the game once every human seat has joined.
    async fn maybe_start(&mut self) {
        if self.status == Status::Waiting && self.joined.iter().all(|j| *j) {
            self.status = Status::Playing;
            self.expires_at = None;
            self.save_config().await;
            self.update_timers();
            self.send_states();
        }
    }

    async fn save_config(&mut self) {
        let json = serde_json::to_string(&self.config).expect("configs serialize");
        if let Err(e) = self
            .store
            .update_game(&self.id, &json, self.status.as_str())
            .await
        {
            tracing::error!(table = %self.id, "saving the table: {e}");
        }
    }

    async fn act_from(&mut self, seat: Option<usize>, action: Action) -> Result<(), ProtoError> {
        let Some(seat) = seat else {
            return Err(ProtoError::new("not_your_turn", "spectators do not play"));
        };
        match self.status {
            Status::Waiting => {
                return Err(ProtoError::new(
                    "not_your_turn",
                    "the table is waiting for players",
                ))
            }
            Status::Finished => return Err(ProtoError::new("not_your_turn", "the game is over")),
            Status::Playing => {}
        }
        // A player who acts is not reading the last hand's result any more.
        self.conns
            .iter_mut()
            .filter(|c| c.seat == Some(seat))
            .for_each(|c| c.reading = false);
        self.act(seat, action).await.map_err(|e| match e {
            EngineError::Illegal { action, .. } => {
                ProtoError::new("illegal", format!("you may not {} now", describe(&action)))
            }
            EngineError::NotYourTurn { .. } => {
                ProtoError::new("not_your_turn", "it is not your turn")
            }
            other => ProtoError::new("not_your_turn", other.to_string()),
        })
    }

    /// Applies an action, stores what it caused, then tells everybody.
    async fn act(&mut self, seat: usize, action: Action) -> Result<(), EngineError> {
        if self.game.legal(seat).is_empty() {
            return Err(EngineError::NotYourTurn { player: seat });
        }
        self.game.act(seat, action)?;
        let events = self.game.take_events();
        if let Err(e) = self.persist(&events).await {
            tracing::error!(table = %self.id, "storing events: {e}");
        }
        self.broadcast(&events);
        let mut new_hand = false;
        for e in events {
            if matches!(e, Event::HandStart { .. }) {
                self.hand_events.clear();
                new_hand = true;
            }
            self.hand_events.push(e);
        }
        if new_hand {
            self.hold_for_readers();
        }
        self.update_timers();
        self.send_states();
        self.finish_if_over().await;
        Ok(())
    }

    async fn persist(&mut self, events: &[Event]) -> Result<(), crate::db::DbError> {
        if events.is_empty() {
            return Ok(());
        }
        let lines = events
            .iter()
            .map(|e| serde_json::to_string(e).expect("events serialize"))
            .collect();
        let finish = self.game.is_over().then(|| Finish {
            totals: serde_json::to_string(self.game.totals()).expect("serializes"),
            hands: self.game.summary().hands as i64,
            at: now_ms(),
        });
        let first = self.seq;
        self.seq += events.len() as i64;
        self.store.append(&self.id, first, lines, finish).await
    }

    async fn finish_if_over(&mut self) {
        if self.game.is_over() && self.status != Status::Finished {
            self.status = Status::Finished;
            self.claim_deadline = None;
            self.turn_deadline = None;
            self.bot_due = None;
            let text = game_over_text(&self.id, self.game.totals());
            for c in &self.conns {
                let _ = c.tx.send(text.clone());
            }
            if self.conns.is_empty() {
                self.idle_since = Some(Instant::now());
            }
            tracing::info!(table = %self.id, totals = ?self.game.totals(), "game over");
        }
    }

    async fn play_bot(&mut self) {
        let Some(p) = self.next_bot() else { return };
        self.game.view_into(p, &mut self.view);
        let action = self.bots[p].as_mut().expect("a bot seat").act(&self.view);
        if let Err(e) = self.act(p, action).await {
            // A bot must only choose legal actions; never stall the table over it.
            tracing::error!(table = %self.id, "bot {p} chose {action:?}: {e}");
            let fallback = self.game.legal(p).first().copied();
            if let Some(a) = fallback {
                let _ = self.act(p, a).await;
            }
        }
    }

    /// A hand has ended and the next one started: the players whose client shows the
    /// result (it sent `ready` before) are reading it, and the new hand waits for them.
    fn hold_for_readers(&mut self) {
        let mut any = false;
        for c in self
            .conns
            .iter_mut()
            .filter(|c| c.paced && c.seat.is_some())
        {
            c.reading = true;
            any = true;
        }
        if any {
            self.reading_until = Some(Instant::now() + READING_LIMIT);
        }
    }

    /// Whether the new hand waits for a player reading the last hand's result.
    fn held(&self) -> bool {
        self.reading_until.is_some() && self.conns.iter().any(|c| c.reading)
    }

    /// Ends the wait once nobody reads any more (or the wait timed out): the bots and the
    /// timers of the new hand start now, and every client hears of its timer.
    fn release_hold(&mut self) {
        if self.reading_until.is_some() && !self.held() {
            self.reading_until = None;
            self.update_timers();
            self.send_states();
        }
    }

    fn next_bot(&self) -> Option<usize> {
        if self.status != Status::Playing || self.held() {
            return None;
        }
        self.game
            .pending()
            .into_iter()
            .find(|&p| self.bots[p].is_some() && !self.game.legal(p).is_empty())
    }

    async fn claim_timeout(&mut self) {
        for p in self.game.pending() {
            if self.bots[p].is_none() && self.game.legal(p).contains(&Action::Pass) {
                let _ = self.act(p, Action::Pass).await;
            }
        }
    }

    async fn turn_timeout(&mut self) {
        let Some((_, _, p)) = self.turn_deadline.take() else {
            return;
        };
        let legal = self.game.legal(p);
        let drawn = self.game.hand().drawn(p);
        let choice = legal
            .iter()
            .find(|a| matches!(a, Action::Discard { tile, call: false } if Some(*tile) == drawn))
            .or_else(|| {
                legal
                    .iter()
                    .find(|a| matches!(a, Action::Discard { call: false, .. }))
            })
            .or_else(|| legal.first())
            .copied();
        if let Some(a) = choice {
            let _ = self.act(p, a).await;
        }
    }

    /// Sets the timers for the situation now: the claim timer when a window opens with a
    /// human in it, the turn timer when a human's turn begins, the bot timer.
    fn update_timers(&mut self) {
        let now = Instant::now();
        if self.status != Status::Playing || self.game.is_over() {
            self.claim_deadline = None;
            self.turn_deadline = None;
            self.bot_due = None;
            return;
        }
        if self.held() {
            // Nothing is timed while a player still reads the last hand's result.
            self.claim_deadline = None;
            self.turn_deadline = None;
            self.bot_due = None;
            return;
        }
        let phase = self.game.hand().phase_view();
        let human_pending = self
            .game
            .pending()
            .into_iter()
            .any(|p| self.bots[p].is_none() && !self.game.legal(p).is_empty());
        let secs = self.config.ruleset.play().claim_seconds;
        match phase {
            PhaseView::Claims { .. } | PhaseView::Rob { .. } if secs > 0 && human_pending => {
                if self.claim_deadline.is_none() {
                    self.claim_deadline = Some(now + Duration::from_secs(secs as u64));
                }
            }
            _ => self.claim_deadline = None,
        }
        match phase {
            PhaseView::Turn { player }
                if self.config.turn_seconds > 0 && self.bots[player].is_none() =>
            {
                let hand = self.game.hand().setup().number;
                if !matches!(self.turn_deadline, Some((_, h, p)) if h == hand && p == player) {
                    self.turn_deadline = Some((
                        now + Duration::from_secs(self.config.turn_seconds as u64),
                        hand,
                        player,
                    ));
                }
            }
            _ => self.turn_deadline = None,
        }
        if self.bot_due.is_none() && self.next_bot().is_some() {
            self.bot_due = Some(now + Duration::from_millis(self.config.bot_delay_ms));
        }
    }

    /// A waiting table with nobody connected expires after the server's `waiting_expiry`.
    fn update_expiry(&mut self) {
        if self.status == Status::Waiting && self.conns.is_empty() {
            if self.expires_at.is_none() {
                self.expires_at = Some(Instant::now() + self.registry.limits.waiting_expiry);
            }
        } else {
            self.expires_at = None;
        }
    }

    /// Ends a waiting table nobody joined: stored as `expired` (never resumed).
    async fn expire(&mut self) {
        let json = serde_json::to_string(&self.config).expect("configs serialize");
        if let Err(e) = self.store.update_game(&self.id, &json, "expired").await {
            tracing::error!(table = %self.id, "expiring the table: {e}");
        }
        tracing::info!(table = %self.id, "waiting table expired: nobody joined");
    }

    fn deadline_ms(&self, seat: usize) -> Option<u64> {
        let now = Instant::now();
        let left = |d: Instant| d.saturating_duration_since(now).as_millis() as u64;
        if let Some(d) = self.claim_deadline {
            if !self.game.legal(seat).is_empty() {
                return Some(left(d));
            }
        }
        match self.turn_deadline {
            Some((d, _, p)) if p == seat => Some(left(d)),
            _ => None,
        }
    }

    fn broadcast(&self, events: &[Event]) {
        for e in events {
            let owner = match e {
                Event::Decision { player, .. }
                | Event::Deal { player, .. }
                | Event::Draw { player, .. } => Some(*player),
                _ => None,
            };
            let full = event_text(e);
            let others = if owner.is_some() {
                event_for(e, None).map(|r| event_text(&r))
            } else {
                Some(full.clone())
            };
            for c in &self.conns {
                let text = if owner.is_some() && c.seat == owner {
                    Some(&full)
                } else {
                    others.as_ref()
                };
                if let Some(t) = text {
                    let _ = c.tx.send(t.clone());
                }
            }
        }
    }

    /// A `state` to every connection (one view per seat, one public view).
    fn send_states(&mut self) {
        let seats = self.game.seats();
        let mut texts: Vec<Option<Utf8Bytes>> = vec![None; seats + 1];
        let ack = self.ack.take();
        for i in 0..self.conns.len() {
            let seat = self.conns[i].seat;
            let text = match &ack {
                // The acting connection's state carries the action's id.
                Some((conn, id)) if *conn == self.conns[i].id => {
                    self.state_text_ack(seat, Some(id))
                }
                _ => {
                    let slot = seat.unwrap_or(seats);
                    if texts[slot].is_none() {
                        texts[slot] = Some(self.state_text(seat));
                    }
                    texts[slot].clone().expect("just made")
                }
            };
            let _ = self.conns[i].tx.send(text);
        }
    }

    fn state_text(&mut self, seat: Option<usize>) -> Utf8Bytes {
        self.state_text_ack(seat, None)
    }

    fn state_text_ack(
        &mut self,
        seat: Option<usize>,
        ack: Option<&serde_json::Value>,
    ) -> Utf8Bytes {
        match seat {
            Some(s) => {
                self.game.view_into(s, &mut self.view);
                if self.status != Status::Playing {
                    // Acting is refused until every seat has joined: offer nothing yet.
                    self.view.legal.clear();
                }
                let msg = StateMsg {
                    kind: "state",
                    v: PROTOCOL_VERSION,
                    view: &self.view,
                    deadline_ms: self.deadline_ms(s),
                    ack,
                };
                serde_json::to_string(&msg).expect("serializes").into()
            }
            None => {
                self.game.view_into(0, &mut self.view);
                let deadline = self
                    .claim_deadline
                    .map(|d| d.saturating_duration_since(Instant::now()).as_millis() as u64);
                serde_json::json!({
                    "type": "state", "v": PROTOCOL_VERSION,
                    "view": spectator_view(&self.view), "deadline_ms": deadline,
                })
                .to_string()
                .into()
            }
        }
    }

    fn players(&self) -> Vec<PlayerInfo> {
        (0..self.config.kinds.len())
            .map(|s| PlayerInfo {
                name: self.config.names[s].clone(),
                kind: self.config.kinds[s].clone(),
                connected: self.bots[s].is_some() || self.conns.iter().any(|c| c.seat == Some(s)),
            })
            .collect()
    }

    fn send_players(&self) {
        let text: Utf8Bytes = serde_json::json!({
            "type": "players", "v": PROTOCOL_VERSION,
            "players": self.players(), "status": self.status.as_str(),
        })
        .to_string()
        .into();
        for c in &self.conns {
            let _ = c.tx.send(text.clone());
        }
    }

    /// `welcome`, `history`, `state` (and `game_over`) to a new connection.
    fn greet(&mut self, conn: u64) {
        let Some(c) = self.conns.iter().find(|c| c.id == conn) else {
            return;
        };
        let seat = c.seat;
        let tx = c.tx.clone();
        let welcome = serde_json::json!({
            "type": "welcome", "v": PROTOCOL_VERSION, "table": self.id, "seat": seat,
            "seats": self.game.seats(), "ruleset": self.config.ruleset,
            "players": self.players(), "status": self.status.as_str(),
        });
        let _ = tx.send(welcome.to_string().into());
        let events: Vec<Event> = self
            .hand_events
            .iter()
            .filter_map(|e| event_for(e, seat))
            .collect();
        let history = serde_json::json!({
            "type": "history", "v": PROTOCOL_VERSION,
            "hand": self.game.hand().setup().number, "events": events,
        });
        let _ = tx.send(history.to_string().into());
        let _ = tx.send(self.state_text(seat));
        if self.game.is_over() {
            let _ = tx.send(game_over_text(&self.id, self.game.totals()));
        }
    }

    fn send_to(&self, conn: u64, text: Utf8Bytes) {
        if let Some(c) = self.conns.iter().find(|c| c.id == conn) {
            let _ = c.tx.send(text);
        }
    }

    fn info(&self) -> TableInfo {
        let players = self.players();
        TableInfo {
            id: self.id.clone(),
            ruleset: self.config.ruleset.name.clone(),
            status: self.status.as_str().into(),
            hand: self.game.hand().setup().number,
            seats: players
                .into_iter()
                .enumerate()
                .map(|(s, p)| SeatInfo {
                    seat: s,
                    kind: p.kind,
                    name: p.name,
                    connected: p.connected,
                    joined: self.claimed[s],
                    open: self.config.is_open(s),
                })
                .collect(),
            totals: self.game.totals().to_vec(),
            spectators: self.conns.iter().filter(|c| c.seat.is_none()).count(),
            created_at: self.created_at,
        }
    }
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}

fn event_text(e: &Event) -> Utf8Bytes {
    serde_json::to_string(&EventMsg {
        kind: "event",
        v: PROTOCOL_VERSION,
        event: e,
    })
    .expect("serializes")
    .into()
}

/// An `error` message.
pub(crate) fn error_text(e: &ProtoError) -> Utf8Bytes {
    error_text_id(e, None)
}

/// An `error` message refusing the action with this id.
fn error_text_id(e: &ProtoError, id: Option<&serde_json::Value>) -> Utf8Bytes {
    let mut v = serde_json::json!({"type": "error", "v": PROTOCOL_VERSION, "code": e.code, "message": e.message});
    if let Some(id) = id {
        v["id"] = id.clone();
    }
    v.to_string().into()
}

fn game_over_text(id: &str, totals: &[i64]) -> Utf8Bytes {
    serde_json::json!({"type": "game_over", "v": PROTOCOL_VERSION, "totals": totals, "game_id": id})
        .to_string()
        .into()
}

/// An action in a player's words (`discard RD`, `add 5B to your pung`): the engine's
/// words, addressed to the player where a set is his.
fn describe(a: &Action) -> String {
    match a {
        Action::AnnexKong { tile } => format!("add {tile} to your pung"),
        Action::SwapJoker { tile } => format!("swap {tile} for the joker in your pung"),
        a => a.to_string(),
    }
}
