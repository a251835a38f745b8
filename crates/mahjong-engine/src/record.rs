//! Game records (JSON Lines) and replay: a header line per game, then every event. A
//! record plus the engine reproduces the game exactly; [`replay`] checks that it does.

use std::collections::VecDeque;

use mahjong_rules::{Ruleset, TableInput};
use mahjong_tiles::Tile;
use serde::{Deserialize, Serialize};

use crate::game::{Game, GameConfig};
use crate::protocol::Event;

/// Record format version. 2 lists a washout's payments, each with its rule, on the hand's
/// `scores` (J3-P, J3-S10); 3 lists the ura-dora indicators turned over for a riichi
/// winner on the hand's `reveal` (J3-S8). Records of versions 1 and 2, which list neither,
/// still replay.
pub const RECORD_VERSION: u32 = 3;

/// The oldest record version [`replay`] reads.
pub const OLDEST_RECORD_VERSION: u32 = 1;

/// The first line of a game in a record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordHeader {
    /// Always `"game"`: tells a header from an event.
    #[serde(rename = "type")]
    pub kind: String,
    /// Format version.
    pub version: u32,
    /// The ruleset with every option's value.
    pub ruleset: Ruleset,
    /// The game's seed.
    pub seed: u64,
    /// Number of players.
    pub seats: usize,
    /// Who played each seat (bot names, or "human").
    pub players: Vec<String>,
    /// Explicit walls, when the game used them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub walls: Vec<Vec<Tile>>,
    /// The hand limit the game was played with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_hands: Option<u32>,
}

impl RecordHeader {
    /// The header of a game.
    pub fn new(config: &GameConfig, players: Vec<String>) -> RecordHeader {
        RecordHeader {
            kind: "game".into(),
            version: RECORD_VERSION,
            ruleset: config.ruleset.clone(),
            seed: config.seed,
            seats: config.ruleset.seats(),
            players,
            walls: config.walls.clone(),
            max_hands: config.max_hands,
        }
    }

    /// The configuration that replays this game.
    pub fn config(&self) -> GameConfig {
        GameConfig {
            ruleset: self.ruleset.clone(),
            seed: self.seed,
            walls: self.walls.clone(),
            max_hands: self.max_hands,
            record: true,
        }
    }
}

/// The first disagreement between a record and the engine.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ReplayError {
    /// Line number in the record (1-based).
    pub line: usize,
    /// What disagreed.
    pub message: String,
    /// Whether the record itself is malformed (rather than disagreeing with the engine).
    pub malformed: bool,
}

/// What a replay checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReplaySummary {
    /// Games replayed.
    pub games: usize,
    /// Hands replayed.
    pub hands: u64,
    /// Events compared.
    pub events: u64,
    /// The last game stops before its end (a player left it: `mahjong play --record`
    /// writes what was played): the hands it finished. Every event it has was checked.
    /// Only the last game may stop early; an earlier one is a disagreement.
    pub unfinished: Option<u64>,
}

struct Replaying {
    game: Game,
    produced: VecDeque<Event>,
    header_line: usize,
    version: u32,
}

/// The event as a record of `version` holds it: version 1 lists no washout payments (the
/// only payments with a rule), versions 1 and 2 no ura-dora indicators.
fn as_written_by(version: u32, mut event: Event) -> Event {
    match &mut event {
        Event::Scores { payments, .. } if version < 2 => {
            payments.retain(|p| p.rule.is_none());
        }
        Event::Reveal { ura_indicators, .. } if version < 3 => ura_indicators.clear(),
        _ => {}
    }
    event
}

/// Replays every game of a record (its lines, in order): each decision is applied to a
/// fresh engine, and every other event must equal what the engine produces — draws, claims,
/// scores and payments included.
pub fn replay<'a>(lines: impl IntoIterator<Item = &'a str>) -> Result<ReplaySummary, ReplayError> {
    replay_inner(lines, None)
}

/// As [`replay`], also giving every finished hand of the record as a table
/// ([`crate::Hand::table_input`]), in order: `mahjong replay --tables`.
pub fn replay_tables<'a>(
    lines: impl IntoIterator<Item = &'a str>,
) -> Result<(ReplaySummary, Vec<TableInput>), ReplayError> {
    let mut tables = Vec::new();
    let summary = replay_inner(lines, Some(&mut tables))?;
    Ok((summary, tables))
}

fn replay_inner<'a>(
    lines: impl IntoIterator<Item = &'a str>,
    mut tables: Option<&mut Vec<TableInput>>,
) -> Result<ReplaySummary, ReplayError> {
    let mut summary = ReplaySummary::default();
    let mut current: Option<Replaying> = None;
    let finish = |r: Replaying, summary: &mut ReplaySummary, line: usize, last: bool| {
        if let Some(e) = r.produced.front() {
            return Err(ReplayError {
                line,
                message: format!(
                    "record ends but the engine goes on with {}",
                    serde_json::to_string(e).expect("serializes")
                ),
                malformed: false,
            });
        }
        if !r.game.is_over() && last {
            summary.games += 1;
            let hands = r.game.summary().hands as u64;
            summary.hands += hands;
            summary.unfinished = Some(hands);
            return Ok(());
        }
        if !r.game.is_over() {
            return Err(ReplayError {
                line,
                message: format!("game from line {} is not finished", r.header_line),
                malformed: false,
            });
        }
        summary.games += 1;
        summary.hands += r.game.summary().hands as u64;
        Ok(())
    };
    let mut last_line = 0;
    for (i, text) in lines.into_iter().enumerate() {
        let line = i + 1;
        last_line = line;
        if text.trim().is_empty() {
            continue;
        }
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| ReplayError {
            line,
            message: format!("not JSON: {e}"),
            malformed: true,
        })?;
        if value.get("type").and_then(|t| t.as_str()) == Some("game") {
            if let Some(r) = current.take() {
                finish(r, &mut summary, line, false)?;
            }
            let header: RecordHeader = serde_json::from_value(value).map_err(|e| ReplayError {
                line,
                message: format!("bad game header: {e}"),
                malformed: true,
            })?;
            if !(OLDEST_RECORD_VERSION..=RECORD_VERSION).contains(&header.version) {
                return Err(ReplayError {
                    line,
                    message: format!(
                        "record version {} (this engine reads {OLDEST_RECORD_VERSION} to \
                         {RECORD_VERSION})",
                        header.version
                    ),
                    malformed: true,
                });
            }
            let config = header.config();
            if let Err(message) = config.ruleset.check_playable() {
                return Err(ReplayError {
                    line,
                    message,
                    malformed: true,
                });
            }
            // Walls are input: every tile must belong to the ruleset's set (the engine
            // holds only playing and bonus tiles).
            let set = config.ruleset.tile_set();
            if let Some((h, t)) =
                config.walls.iter().enumerate().find_map(|(h, wall)| {
                    wall.iter().find(|&&t| set.copies(t) == 0).map(|&t| (h, t))
                })
            {
                return Err(ReplayError {
                    line,
                    message: format!(
                        "the wall of hand {} holds {t}, which is not a tile of this ruleset",
                        h + 1
                    ),
                    malformed: true,
                });
            }
            let mut game = match tables {
                Some(_) => Game::new_keeping_tables(config),
                None => Game::new(config),
            };
            let produced = game.take_events().into();
            if let Some(t) = tables.as_deref_mut() {
                t.extend(game.take_tables());
            }
            current = Some(Replaying {
                game,
                produced,
                header_line: line,
                version: header.version,
            });
            continue;
        }
        let Some(r) = current.as_mut() else {
            // A record starts with a header: a first line without a `type` is some other
            // JSON (a table for `mahjong score`, say).
            let message = if value.get("type").is_none() {
                "not a game record: its first line is no game header ({\"type\":\"game\",…})"
            } else {
                "an event before any game header"
            };
            return Err(ReplayError {
                line,
                message: message.into(),
                malformed: true,
            });
        };
        let event: Event = serde_json::from_value(value).map_err(|e| ReplayError {
            line,
            message: format!("not an event: {e}"),
            malformed: true,
        })?;
        if let (Event::Decision { player, action }, true) = (&event, r.produced.is_empty()) {
            r.game.act(*player, *action).map_err(|e| ReplayError {
                line,
                message: format!("illegal decision: {e}"),
                malformed: false,
            })?;
            r.produced.extend(r.game.take_events());
            if let Some(t) = tables.as_deref_mut() {
                t.extend(r.game.take_tables());
            }
        }
        match r.produced.pop_front().map(|e| as_written_by(r.version, e)) {
            Some(expected) if expected == event => summary.events += 1,
            Some(expected) => {
                return Err(ReplayError {
                    line,
                    message: disagreement(&event, &expected),
                    malformed: false,
                })
            }
            None => {
                return Err(ReplayError {
                    line,
                    message: format!(
                        "recorded {} but the engine is waiting for a decision",
                        serde_json::to_string(&event).expect("serializes")
                    ),
                    malformed: false,
                })
            }
        }
    }
    if let Some(r) = current.take() {
        finish(r, &mut summary, last_line, true)?;
    }
    Ok(summary)
}

/// How a recorded event differs from the one the engine produces, in a line a person reads:
/// for events of one type, the fields that differ (`scores[0]: recorded 137, the engine
/// gives 136`), a few at most; else both events whole (events of different types are
/// short: a draw, a discard, a claim).
fn disagreement(recorded: &Event, produced: &Event) -> String {
    use serde_json::Value;
    let (a, b) = (
        serde_json::to_value(recorded).expect("serializes"),
        serde_json::to_value(produced).expect("serializes"),
    );
    if a.get("type") != b.get("type") {
        return format!("recorded {a} but the engine produces {b}");
    }
    /// Paths where `a` and `b` differ, depth first, with both values.
    fn walk(path: &str, a: &Value, b: &Value, out: &mut Vec<(String, String, String)>) {
        match (a, b) {
            (Value::Object(x), Value::Object(y)) => {
                let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
                for k in keys {
                    let p = if path.is_empty() {
                        k.clone()
                    } else {
                        format!("{path}.{k}")
                    };
                    let (v, w) = (
                        x.get(k).unwrap_or(&Value::Null),
                        y.get(k).unwrap_or(&Value::Null),
                    );
                    walk(&p, v, w, out);
                }
            }
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                for (i, (v, w)) in x.iter().zip(y).enumerate() {
                    walk(&format!("{path}[{i}]"), v, w, out);
                }
            }
            _ if a != b => out.push((path.to_string(), a.to_string(), b.to_string())),
            _ => {}
        }
    }
    let mut diffs = Vec::new();
    walk("", &a, &b, &mut diffs);
    const SHOWN: usize = 4;
    let mut text = format!("the {} event differs: ", a["type"].as_str().unwrap_or("?"));
    let parts: Vec<String> = diffs
        .iter()
        .take(SHOWN)
        .map(|(p, x, y)| format!("{p}: recorded {x}, the engine gives {y}"))
        .collect();
    text.push_str(&parts.join("; "));
    if diffs.len() > SHOWN {
        text.push_str(&format!(" (and {} more)", diffs.len() - SHOWN));
    }
    text
}
