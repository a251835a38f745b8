//! A table in this process: the engine's [`Game`] with a bot in every seat but the
//! human's. The human sees only what the table sends him: his seat's view and the events
//! redacted for him.

use std::collections::VecDeque;
use std::io::Write;
use std::time::{Duration, Instant};

use mahjong_bots::hint::hint_for;
use mahjong_bots::{bot_for_ruleset, Bot, BOT_NAMES};
use mahjong_engine::{Action, Event, Game, GameConfig, PhaseView, RecordHeader, SeatView};
use mahjong_hands::Shape;

use crate::app::{describe_action_in, keep_legal_discards, Command, Update};
use crate::text::{self, Lang, Msg};
use crate::Table;

/// A local game: the engine, the bots, and the human's seat.
pub struct LocalTable {
    game: Game,
    human: usize,
    bots: Vec<Option<Box<dyn Bot>>>,
    hint_bot: Box<dyn Bot>,
    record: Vec<Event>,
    /// The record's first line: the game's ruleset, seed and players.
    header: RecordHeader,
    out: VecDeque<Update>,
    last_view: Option<SeatView>,
    delay: Duration,
    next_bot: Option<Instant>,
    over: bool,
    /// The language of hints and errors.
    lang: Lang,
    /// Where the record goes as the game is played ([`LocalTable::record_to`]).
    sink: Option<RecordSink>,
}

/// A record written as it is made: every event is appended, and the writer flushed, after
/// each decision, so a game whose terminal closes (or which crashes) leaves the hands it
/// played in the file.
struct RecordSink {
    out: Box<dyn Write + Send>,
    /// The first write that failed: nothing more is written after it.
    error: Option<std::io::Error>,
}

impl RecordSink {
    fn write(&mut self, bytes: &[u8]) {
        if self.error.is_none() {
            if let Err(e) = self.out.write_all(bytes).and_then(|()| self.out.flush()) {
                self.error = Some(e);
            }
        }
    }
}

/// Why a local table could not be set up.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LocalError {
    /// The human's seat is not at the table.
    #[error("--seat {seat}: the table has seats 0 to {}", seats - 1)]
    Seat {
        /// The seat asked for.
        seat: usize,
        /// Seats at the table.
        seats: usize,
    },
    /// Not one bot per other seat.
    #[error("--bots: {given} names for {others} other seats (give one name, or one per seat)")]
    BotCount {
        /// Names given.
        given: usize,
        /// Seats other than the human's.
        others: usize,
    },
    /// A bot name nobody knows.
    #[error("--bots: unknown bot {0:?} (known: {known})", known = BOT_NAMES.join(", "))]
    UnknownBot(String),
}

impl LocalTable {
    /// A game from `config`, the human at `human`, and bots for the other seats in seat
    /// order (one name for all, or one per other seat). Bot `i` is seeded from the game's
    /// seed and its seat, so the same seed plays the same game.
    pub fn new(
        config: GameConfig,
        human: usize,
        bot_names: &[String],
    ) -> Result<LocalTable, LocalError> {
        let seats = config.ruleset.seats();
        if human >= seats {
            return Err(LocalError::Seat { seat: human, seats });
        }
        let others = seats - 1;
        let names: Vec<&str> = match bot_names.len() {
            0 => vec!["greedy"; others],
            1 => vec![bot_names[0].as_str(); others],
            n if n == others => bot_names.iter().map(String::as_str).collect(),
            n => return Err(LocalError::BotCount { given: n, others }),
        };
        let seed = config.seed;
        let mut bots: Vec<Option<Box<dyn Bot>>> = Vec::with_capacity(seats);
        let mut names = names.into_iter();
        for p in 0..seats {
            if p == human {
                bots.push(None);
                continue;
            }
            let name = names.next().expect("one name per other seat");
            let bot = bot_for_ruleset(name, &config.ruleset, seed.wrapping_add(p as u64 + 1))
                .ok_or_else(|| LocalError::UnknownBot(name.to_string()))?;
            bots.push(Some(bot));
        }
        let hint_bot = bot_for_ruleset("greedy", &config.ruleset, seed).expect("greedy exists");
        let players = (0..seats)
            .map(|p| match &bots[p] {
                Some(b) => b.name().to_string(),
                None => "human".to_string(),
            })
            .collect();
        let header = RecordHeader::new(&config, players);
        let game = Game::new(config);
        let mut t = LocalTable {
            game,
            human,
            bots,
            hint_bot,
            record: vec![],
            header,
            out: VecDeque::new(),
            last_view: None,
            delay: Duration::ZERO,
            next_bot: None,
            over: false,
            lang: Lang::En,
            sink: None,
        };
        let names = (0..seats)
            .map(|p| match &t.bots[p] {
                Some(b) => b.name().to_string(),
                None => "you".to_string(),
            })
            .collect();
        t.out.push_back(Update::Seated {
            player: human,
            names,
            ruleset: t.game.ruleset().name.clone(),
            table: format!("seed {seed}"),
        });
        t.flush();
        Ok(t)
    }

    /// Waits this long between the bots' visible moves (discards, claims), so a person can
    /// follow them. Zero (the default) plays them at once.
    pub fn with_delay(mut self, delay: Duration) -> LocalTable {
        self.delay = delay;
        self
    }

    /// The game (for tests: the engine's own view of things).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Every event so far, unredacted: the game record's events.
    pub fn record(&self) -> &[Event] {
        &self.record
    }

    /// The game record so far as JSON Lines, as `mahjong simulate --record` writes it:
    /// the header, then every event. `mahjong replay` checks it (a game left before its end
    /// replays to where it stopped, then reports it unfinished).
    pub fn record_jsonl(&self) -> Vec<u8> {
        let mut out = serde_json::to_vec(&self.header).expect("serializes");
        out.push(b'\n');
        for e in &self.record {
            serde_json::to_writer(&mut out, e).expect("serializes");
            out.push(b'\n');
        }
        out
    }

    /// Writes the record to `out` as the game goes: at once the header and every event so
    /// far, then each decision's events as they happen (flushed each time). What `out` holds
    /// at any moment is [`LocalTable::record_jsonl`] then, byte for byte.
    pub fn record_to(mut self, out: impl Write + Send + 'static) -> LocalTable {
        let mut sink = RecordSink {
            out: Box::new(out),
            error: None,
        };
        sink.write(&self.record_jsonl());
        self.sink = Some(sink);
        self
    }

    /// The first error writing the record ([`LocalTable::record_to`]), if one failed.
    pub fn record_error(&self) -> Option<&std::io::Error> {
        self.sink.as_ref().and_then(|s| s.error.as_ref())
    }

    /// Moves events and the view (when it changed) to the outbox. Returns whether the hand
    /// was scored (the table then waits for the player to read the sheet).
    fn flush(&mut self) -> bool {
        let mut scored = false;
        let mut lines = Vec::new();
        for e in self.game.take_events() {
            scored |= matches!(e, Event::Scores { .. });
            self.out
                .push_back(Update::Event(e.redacted_for(self.human)));
            if self.sink.is_some() {
                serde_json::to_writer(&mut lines, &e).expect("serializes");
                lines.push(b'\n');
            }
            self.record.push(e);
        }
        if let Some(sink) = self.sink.as_mut().filter(|_| !lines.is_empty()) {
            sink.write(&lines);
        }
        let view = self.game.view(self.human);
        if self.last_view.as_ref() != Some(&view) {
            self.last_view = Some(view.clone());
            self.out.push_back(Update::State {
                view: Box::new(view),
                time_left: None,
            });
        }
        if self.game.is_over() && !self.over {
            self.over = true;
            self.out.push_back(Update::GameOver {
                totals: self.game.totals().to_vec(),
            });
        }
        scored
    }

    /// Lets the bots play until the human must decide, the hand is scored, or (with a
    /// delay) one visible bot move was made.
    fn advance(&mut self, now: Instant) {
        // A bounded loop: every pass makes one decision, and hands are finite.
        for _ in 0..10_000 {
            if self.game.is_over() {
                return;
            }
            let pending = self.game.pending();
            // The human answers a claim window first, so no bot's answer can show.
            if pending.contains(&self.human) && !self.game.legal(self.human).is_empty() {
                return;
            }
            let Some(&p) = pending
                .iter()
                .find(|&&p| self.bots[p].is_some() && !self.game.legal(p).is_empty())
            else {
                return;
            };
            if let Some(at) = self.next_bot {
                if now < at {
                    return;
                }
            }
            let view = self.game.view(p);
            let bot = self.bots[p].as_mut().expect("a bot seat");
            let action = bot.act(&view);
            if let Err(e) = self.game.act(p, action) {
                // A bot must choose from view.legal; if it did not, say so and stop.
                let name = bot.name().to_string();
                self.out.push_back(Update::Error(text::tr(
                    self.lang,
                    Msg::BotIllegal,
                    &[("name", &name), ("p", &p), ("error", &e)],
                )));
                return;
            }
            let visible = action != Action::Pass;
            let scored = self.flush();
            if scored {
                return;
            }
            if visible && !self.delay.is_zero() {
                self.next_bot = Some(now + self.delay);
                return;
            }
        }
    }
}

impl Table for LocalTable {
    fn poll(&mut self, hold: bool, now: Instant) -> Vec<Update> {
        if !hold {
            self.advance(now);
        }
        self.out.drain(..).collect()
    }

    fn send(&mut self, command: Command, now: Instant) {
        match command {
            Command::Act(a) => match self.game.act(self.human, a) {
                Ok(()) => {
                    self.flush();
                    // After the human's move, the bots answer after the usual pause.
                    if !self.delay.is_zero() {
                        self.next_bot = Some(now + self.delay);
                    }
                }
                Err(e) => self.out.push_back(Update::Error(e.to_string())),
            },
            Command::Hint => {
                let view = self.game.view(self.human);
                if view.legal.is_empty() || matches!(view.phase, PhaseView::Over) {
                    self.out.push_back(Update::Error(text::tr(
                        self.lang,
                        Msg::NothingToDecide,
                        &[],
                    )));
                } else {
                    // The analysis the browser's Hint shows (shanten, waits, best discard),
                    // and for a claim or a kong what a greedy bot would do.
                    let ruleset = self.game.ruleset();
                    let shape = Shape::of(&ruleset.tile_set());
                    let play = ruleset.play();
                    let mut hint = hint_for(&view, &shape, play.seven_pairs, play.jokers);
                    keep_legal_discards(&mut hint, &view.legal);
                    let a = self.hint_bot.act(&view);
                    let mut words = text::hint_text(&hint, self.lang);
                    let tile = match a {
                        Action::Discard { tile, .. } => {
                            hint.discards.first().map(|d| d.tile).or(Some(tile))
                        }
                        _ => {
                            // The bot's words need no declaration: it never discards here.
                            let action = describe_action_in(&a, "", self.lang);
                            words.push_str(&text::tr(
                                self.lang,
                                Msg::GreedyWould,
                                &[("action", &action)],
                            ));
                            None
                        }
                    };
                    self.out.push_back(Update::Hint { text: words, tile });
                }
            }
            Command::Quit => {}
        }
    }

    fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }
}
