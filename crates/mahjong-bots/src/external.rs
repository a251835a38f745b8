//! A bot that is another program: `cmd:python3 bot.py` in `mahjong simulate --bots`.
//!
//! The program reads JSON lines on its standard input and answers on its standard output,
//! in the WebSocket protocol's message shapes (`docs/bots.md`):
//! - `{"type":"welcome","v":1,"seat":0,"seats":4,"ruleset":{"name":…,"options":{…}}}` first;
//! - `{"type":"event","v":1,"event":{…}}` for every event its seat may see (others' tiles
//!   and decisions removed, as the server sends them);
//! - `{"type":"state","v":1,"id":N,"view":{…},"deadline_ms":…}` when it must decide, to be
//!   answered with one line `{"type":"act","id":N,"action":{…}}`;
//! - `{"type":"game_over","v":1,"totals":[…]}` at the end, then its input closes.
//!
//! An answer that is late, not JSON, not an `act`, or not one of `view.legal` is replaced
//! by a default legal move (pass a claim, else discard the drawn tile, else the first legal
//! action) and counted in [`Faults`]. A program that exits or never starts plays defaults
//! for the rest of the game, counted apart (`exited`); one that exits before writing a
//! single line is most likely a mistyped command, which [`Faults::exited_before_answering`]
//! tells its driver. Nothing it sends can crash the game.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use mahjong_engine::{Action, Event, SeatView};
use serde_json::{json, Value};

use crate::Bot;

/// The prefix that names an external bot in a bot list.
pub const EXTERNAL_PREFIX: &str = "cmd:";

/// How long an external bot may take per decision unless told otherwise.
pub const DEFAULT_DEADLINE: Duration = Duration::from_secs(5);

/// What an external bot got wrong, by kind; each was replaced by a default move.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Faults {
    /// Decisions asked.
    pub decisions: u64,
    /// No answer within the deadline.
    pub late: u64,
    /// A line that is not a JSON `act` message.
    pub malformed: u64,
    /// An `act` whose action is not legal now.
    pub illegal: u64,
    /// Asked after the program had exited (or closed its output, or never started).
    pub exited: u64,
    /// Lines the program wrote while asked to decide, whatever they held. Not in the JSON:
    /// it only tells a program that never answered from one that died mid-game.
    #[serde(skip)]
    pub lines: u64,
}

/// What was wrong with one answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// No answer within the deadline (or none can come: the program had exited, which
    /// [`Faults`] counts apart as `exited`).
    Late,
    /// A line that is not a JSON `act` message for this decision.
    Malformed,
    /// An `act` whose action is not legal now.
    Illegal,
}

impl Faults {
    fn count(&mut self, f: Fault) {
        match f {
            Fault::Late => self.late += 1,
            Fault::Malformed => self.malformed += 1,
            Fault::Illegal => self.illegal += 1,
        }
    }

    /// Decisions answered with a default move.
    pub fn total(&self) -> u64 {
        self.late + self.malformed + self.illegal + self.exited
    }

    /// Whether the program has exited without writing a line: it never played, so its
    /// default moves measure nothing (a mistyped command, a missing interpreter).
    pub fn exited_before_answering(&self) -> bool {
        self.exited > 0 && self.lines == 0
    }

    /// Adds another game's counts.
    pub fn add(&mut self, o: &Faults) {
        self.decisions += o.decisions;
        self.late += o.late;
        self.malformed += o.malformed;
        self.illegal += o.illegal;
        self.exited += o.exited;
        self.lines += o.lines;
    }
}

/// A program playing one seat. See the module docs.
pub struct ExternalBot {
    command: String,
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    lines: Option<Receiver<String>>,
    deadline: Duration,
    ruleset: Value,
    seats: usize,
    welcomed: bool,
    next_id: u64,
    faults: Faults,
    start_error: Option<String>,
}

impl ExternalBot {
    /// Starts `command` (run by `sh -c`) for a game of `ruleset`.
    pub fn spawn(command: &str, ruleset: &mahjong_rules::Ruleset) -> ExternalBot {
        let (name, options) = ruleset.table_form();
        let mut bot = ExternalBot {
            command: command.to_string(),
            child: None,
            stdin: None,
            lines: None,
            deadline: DEFAULT_DEADLINE,
            ruleset: json!({ "name": name, "options": options }),
            seats: ruleset.seats(),
            welcomed: false,
            next_id: 0,
            faults: Faults::default(),
            start_error: None,
        };
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        // Its own process group, so that ending the game ends whatever the shell started.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        match cmd.spawn() {
            Ok(mut child) => {
                let stdout = child.stdout.take().expect("piped");
                let (tx, rx) = mpsc::channel();
                // A reader thread, so that a silent program cannot block the game.
                std::thread::spawn(move || {
                    for line in BufReader::new(stdout).lines() {
                        let Ok(line) = line else { break };
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                });
                bot.stdin = child.stdin.take();
                bot.child = Some(child);
                bot.lines = Some(rx);
            }
            Err(e) => bot.start_error = Some(format!("{command}: {e}")),
        }
        bot
    }

    /// Sets the time the program has for each decision.
    pub fn with_deadline(mut self, d: Duration) -> ExternalBot {
        self.deadline = d;
        self
    }

    /// The command that runs the program.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Why the program could not be started, if it could not.
    pub fn start_error(&self) -> Option<&str> {
        self.start_error.as_deref()
    }

    fn send(&mut self, msg: &Value) {
        let Some(stdin) = self.stdin.as_mut() else {
            return;
        };
        let mut line = serde_json::to_vec(msg).expect("serializes");
        line.push(b'\n');
        if stdin.write_all(&line).and_then(|_| stdin.flush()).is_err() {
            // The program has gone: defaults from now on.
            self.stdin = None;
        }
    }

    fn welcome(&mut self, seat: usize) {
        if !self.welcomed {
            self.welcomed = true;
            let msg = json!({"type": "welcome", "v": 1, "seat": seat, "seats": self.seats,
                "ruleset": self.ruleset});
            self.send(&msg);
        }
    }

    /// The move played for a program that did not answer well.
    fn default_move(view: &SeatView) -> Action {
        if view.legal.contains(&Action::Pass) {
            return Action::Pass;
        }
        if let Some(tile) = view.drawn {
            let a = Action::Discard { tile, call: false };
            if view.legal.contains(&a) {
                return a;
            }
        }
        view.legal[0]
    }

    /// Waits for the `act` answering decision `id`; `Err` names the fault.
    fn answer(&mut self, id: u64, view: &SeatView) -> Result<Action, Fault> {
        let Some(rx) = self.lines.as_ref() else {
            return Err(Fault::Late);
        };
        let until = Instant::now() + self.deadline;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            let line = match rx.recv_timeout(left) {
                Ok(l) => l,
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Late),
                Err(RecvTimeoutError::Disconnected) => {
                    self.lines = None;
                    return Err(Fault::Late);
                }
            };
            self.faults.lines += 1;
            match parse_answer(&line, id, &view.legal)? {
                Some(action) => return Ok(action),
                // A late answer to an earlier decision: skip it.
                None => continue,
            }
        }
    }
}

/// Reads one line a program wrote in answer to decision `id`: `Ok(Some(action))`, one of
/// `legal`; `Ok(None)`, a late answer to an earlier decision, to be skipped; `Err`, what
/// was wrong with it (`Malformed` or `Illegal`).
pub fn parse_answer(line: &str, id: u64, legal: &[Action]) -> Result<Option<Action>, Fault> {
    let Ok(Value::Object(msg)) = serde_json::from_str::<Value>(line) else {
        return Err(Fault::Malformed);
    };
    if msg.get("type").and_then(Value::as_str) != Some("act") {
        return Err(Fault::Malformed);
    }
    match msg.get("id").and_then(Value::as_u64) {
        Some(old) if old < id => return Ok(None),
        Some(other) if other != id => return Err(Fault::Malformed),
        _ => {}
    }
    let Some(action) = msg
        .get("action")
        .and_then(|a| serde_json::from_value::<Action>(a.clone()).ok())
    else {
        return Err(Fault::Malformed);
    };
    if legal.contains(&action) {
        Ok(Some(action))
    } else {
        Err(Fault::Illegal)
    }
}

impl Bot for ExternalBot {
    fn name(&self) -> &'static str {
        "external"
    }

    fn act(&mut self, view: &SeatView) -> Action {
        self.welcome(view.player);
        self.faults.decisions += 1;
        self.next_id += 1;
        let id = self.next_id;
        let msg = json!({"type": "state", "v": 1, "id": id, "view": view,
            "deadline_ms": self.deadline.as_millis() as u64});
        self.send(&msg);
        match self.answer(id, view) {
            Ok(a) => a,
            Err(fault) => {
                // No output left to read: the program is gone, which is not lateness.
                // (`Fault` stays as it is: the server's protocol checks match on it.)
                if fault == Fault::Late && self.lines.is_none() {
                    self.faults.exited += 1;
                } else {
                    self.faults.count(fault);
                }
                Self::default_move(view)
            }
        }
    }

    fn wants_events(&self) -> bool {
        true
    }

    fn observe(&mut self, seat: usize, events: &[Event]) {
        self.welcome(seat);
        for e in events {
            let seen = match e {
                Event::Decision { player, .. } if *player != seat => continue,
                e => e.redacted_for(seat),
            };
            let msg = json!({"type": "event", "v": 1, "event": seen});
            self.send(&msg);
        }
    }

    fn game_over(&mut self, totals: &[i64]) {
        let msg = json!({"type": "game_over", "v": 1, "totals": totals});
        self.send(&msg);
        // Closing its input tells the program to finish.
        self.stdin = None;
        if let Some(mut child) = self.child.take() {
            let until = Instant::now() + Duration::from_secs(2);
            while Instant::now() < until {
                if let Ok(Some(_)) = child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            kill(&mut child);
        }
    }

    fn faults(&self) -> Option<Faults> {
        Some(self.faults)
    }

    fn gone(&mut self) -> Option<String> {
        if let Some(e) = &self.start_error {
            return Some(e.clone());
        }
        // Exited: the process is over, or its output closed (then it is about to be: a
        // short wait for its status, so that the reason does not depend on the timing).
        let until = Instant::now() + Duration::from_millis(500);
        let status = loop {
            let s = self
                .child
                .as_mut()
                .and_then(|c| c.try_wait().ok().flatten());
            if s.is_some() || Instant::now() >= until {
                break s;
            }
            if self.lines.is_some() {
                return None;
            }
            std::thread::sleep(Duration::from_millis(2));
        };
        Some(match status {
            Some(s) => format!("`{}` exited: {s}", self.command),
            None => format!("`{}` closed its output", self.command),
        })
    }
}

impl Drop for ExternalBot {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            kill(&mut child);
        }
    }
}

/// Ends the program and everything it started (its process group).
fn kill(child: &mut Child) {
    #[cfg(unix)]
    {
        // SAFETY: kill(2) with a negative pid signals the group we created for the child;
        // it touches no memory.
        unsafe {
            libc::kill(-(child.id() as libc::pid_t), libc::SIGKILL);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_command_name_never_starts_a_program_through_the_name_lookup() {
        let r = mahjong_rules::Ruleset::preset("millington").unwrap();
        assert!(crate::bot_for_ruleset("cmd:touch /tmp/never", &r, 1).is_none());
        assert!(crate::is_bot_name("cmd:python3 bot.py"));
        assert!(!crate::is_bot_name("cmd: "));
        assert!(!crate::is_bot_name("nobody"));
    }
}
