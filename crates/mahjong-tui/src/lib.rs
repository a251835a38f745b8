//! The terminal client of `mahjong play`: one game against bots in this process
//! ([`run_local`]), or a seat at a server's table over WebSocket ([`run_remote`]).
//!
//! The parts are apart so they can be tested without a terminal:
//! - [`App`] is the client's state: the seat's view, the log, score sheets; it takes
//!   [`Update`]s from the table and turns keys into [`Command`]s.
//! - [`ui::draw`] draws an `App` on any ratatui backend (tests use `TestBackend`).
//! - A [`Table`] is where the game is played: [`LocalTable`] (engine and bots) or
//!   [`RemoteTable`] (the server's protocol, `docs/protocol.md`).
//! - [`Session`] joins an `App` and a `Table`; [`run`] drives one in a terminal.
//! - [`text`] holds every text in English, Czech and Polish ([`Session::with_lang`]).
//!
//! The client only ever holds its own seat's view: other seats' concealed tiles never reach
//! it (the engine's views and redacted events, or the server's messages).

mod app;
mod local;
pub mod names;
mod play;
mod remote;
pub mod text;
pub mod ui;

use std::io;
use std::time::{Duration, Instant};

pub use app::{
    codes, describe_action, describe_action_in, keep_legal_discards, App, Choice, Command,
    HandPayment, RulesetKeys, ScoreSheet, Update,
};
pub use local::{LocalError, LocalTable};
pub use play::{play, PlayArgs, PlayFailure};
pub use remote::{create_table, parse_join_link, CreateTable, RemoteError, RemoteTable};

use ratatui::backend::Backend;
use ratatui::crossterm::event::{self, Event as TermEvent, KeyEvent};
use ratatui::Terminal;

/// Where the game is played: the client sends [`Command`]s and polls for [`Update`]s.
pub trait Table {
    /// What happened since the last poll. `hold`: the player is reading a score sheet (a
    /// local table keeps its bots waiting; a server's table goes on regardless).
    fn poll(&mut self, hold: bool, now: Instant) -> Vec<Update>;
    /// Sends the player's command (an action, or a request for a hint).
    fn send(&mut self, command: Command, now: Instant);
    /// The language of the texts the table makes (hints, notices); English unless set.
    fn set_lang(&mut self, _lang: text::Lang) {}
}

/// A client and its table.
pub struct Session<T: Table> {
    /// The client's state.
    pub app: App,
    /// The table.
    pub table: T,
}

impl<T: Table> Session<T> {
    /// A session for `player` at `table`.
    pub fn new(player: usize, table: T) -> Session<T> {
        Session {
            app: App::new(player),
            table,
        }
    }

    /// The session in `lang`: the client's texts and the table's (hints, notices).
    pub fn with_lang(mut self, lang: text::Lang) -> Session<T> {
        self.app.set_lang(lang);
        self.table.set_lang(lang);
        self
    }

    /// Takes in everything the table has to say now.
    pub fn pump(&mut self, now: Instant) {
        for u in self.table.poll(self.app.holding(), now) {
            self.app.apply(u, now);
        }
    }

    /// Handles one key (and passes a resulting command to the table).
    pub fn key(&mut self, key: KeyEvent, now: Instant) {
        if let Some(cmd) = self.app.on_key(key) {
            if cmd != Command::Quit {
                self.table.send(cmd, now);
            }
        }
    }

    /// Draws the screen.
    pub fn draw<B: Backend>(
        &self,
        terminal: &mut Terminal<B>,
        now: Instant,
    ) -> Result<(), B::Error> {
        terminal.draw(|f| ui::draw(f, &self.app, now))?;
        Ok(())
    }
}

/// How a game in the terminal ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The game was played to its end: final totals by player.
    Finished(Vec<i64>),
    /// The player left before the end.
    Left,
    /// The table went away (the connection closed): why.
    Closed(String),
}

/// Why the terminal client stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum TuiError {
    /// Setting up the local table.
    #[error(transparent)]
    Local(#[from] LocalError),
    /// Reaching the server.
    #[error(transparent)]
    Remote(#[from] RemoteError),
    /// The terminal.
    #[error("terminal: {0}")]
    Terminal(#[from] io::Error),
}

/// Runs a session in the terminal until the player quits or the game is over and he
/// leaves. Polls keys every 50 ms so timers and bots move between key presses.
/// A hangup (the terminal closed) or a termination request ends the game as leaving it does:
/// the terminal is restored and the caller finishes (a local game's record is complete).
pub fn run<T: Table>(session: &mut Session<T>) -> Result<Ending, TuiError> {
    let stop = Stop::catch()?;
    let mut terminal = ratatui::try_init()?;
    let result = run_on(&mut terminal, session, &|| stop.caught());
    ratatui::restore();
    result
}

/// SIGHUP and SIGTERM, caught while a game runs (signal-hook sets a flag the loop reads;
/// the handlers go when the game does).
///
/// A closed terminal can keep the loop from ever reading the flag: crossterm 0.29's
/// `event::poll` spins inside itself, never returning, once its tty is gone (upstream
/// crossterm issue #793). So a watchdog thread ends the process (status 129, as a hangup
/// would) when the loop has not finished within [`STOP_GRACE`] of the signal. The record
/// is written as the game goes, so nothing is lost.
struct Stop {
    flag: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// Set when the game's loop has ended: the watchdog then leaves the process alone.
    done: std::sync::Arc<std::sync::atomic::AtomicBool>,
    #[cfg(unix)]
    signals: signal_hook::iterator::Handle,
}

/// How long the loop may take to finish after a hangup or termination request before the
/// watchdog ends the process.
#[cfg(unix)]
const STOP_GRACE: Duration = Duration::from_secs(2);

impl Stop {
    fn catch() -> io::Result<Stop> {
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        let flag = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        #[cfg(unix)]
        let signals = {
            use std::sync::atomic::Ordering;
            let mut signals = signal_hook::iterator::Signals::new([
                signal_hook::consts::SIGHUP,
                signal_hook::consts::SIGTERM,
            ])?;
            let handle = signals.handle();
            let (f, d) = (flag.clone(), done.clone());
            // Waits for a signal (no polling); closing the handle ends the wait.
            std::thread::Builder::new()
                .name("stop-watchdog".into())
                .spawn(move || {
                    if signals.forever().next().is_some() {
                        f.store(true, Ordering::SeqCst);
                        std::thread::sleep(STOP_GRACE);
                        if !d.load(Ordering::SeqCst) {
                            std::process::exit(129);
                        }
                    }
                })?;
            handle
        };
        Ok(Stop {
            flag,
            done,
            #[cfg(unix)]
            signals,
        })
    }

    fn caught(&self) -> bool {
        self.flag.load(std::sync::atomic::Ordering::SeqCst)
    }
}

impl Drop for Stop {
    fn drop(&mut self) {
        self.done.store(true, std::sync::atomic::Ordering::SeqCst);
        #[cfg(unix)]
        self.signals.close();
    }
}

fn run_on<T: Table, B: Backend<Error = io::Error>>(
    terminal: &mut Terminal<B>,
    session: &mut Session<T>,
    stop: &dyn Fn() -> bool,
) -> Result<Ending, TuiError> {
    loop {
        if stop() {
            // The terminal may be gone: nothing more is drawn.
            break;
        }
        let now = Instant::now();
        session.pump(now);
        let step = session.draw(terminal, now).and_then(|()| {
            if !session.app.wants_quit() && event::poll(Duration::from_millis(50))? {
                if let TermEvent::Key(k) = event::read()? {
                    session.key(k, Instant::now());
                }
            }
            Ok(())
        });
        match step {
            // A terminal that closed fails to draw or read before its hangup is seen.
            Err(_) if stop() => break,
            Err(e) => return Err(e.into()),
            Ok(()) if session.app.wants_quit() => break,
            Ok(()) => {}
        }
    }
    Ok(match (session.app.game_over(), session.app.closed()) {
        (Some(t), _) => Ending::Finished(t.to_vec()),
        (None, Some(why)) => Ending::Closed(why.to_string()),
        (None, None) => Ending::Left,
    })
}

/// Plays one game against bots in the terminal: `config`'s ruleset and seed, the human at
/// `seat`, bots by name for the other seats (one name for all, or one per seat), `delay`
/// between the bots' moves.
pub fn run_local(
    config: mahjong_engine::GameConfig,
    seat: usize,
    bots: &[String],
    delay: Duration,
) -> Result<Ending, TuiError> {
    let table = LocalTable::new(config, seat, bots)?.with_delay(delay);
    let mut session = Session::new(seat, table);
    run(&mut session)
}

/// Takes a seat at a server's table in the terminal: joins `table` with `token`, or first
/// creates a table as `create` says.
pub fn run_remote(
    server: &str,
    join: Option<(String, String)>,
    create: &CreateTable,
) -> Result<Ending, TuiError> {
    let table = match join {
        Some((id, token)) => RemoteTable::join(server, &id, &token)?,
        None => RemoteTable::create_and_join(server, create)?,
    };
    let seat = table.seat();
    let mut session = Session::new(seat, table);
    run(&mut session)
}
