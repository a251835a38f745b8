//! `mahjong simulate`: many full games with bots, in parallel, deterministic for a seed
//! whatever the thread count.

use std::collections::BTreeMap;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use mahjong_bots::{bot_for_ruleset, feed_events, Bot, ExternalBot, Faults, EXTERNAL_PREFIX};
use mahjong_engine::{Game, GameConfig, RecordHeader, SeatView};
use mahjong_rules::Ruleset;
use rayon::prelude::*;
use serde::Serialize;

use crate::stats::Ratio;

/// What to simulate.
pub struct SimConfig {
    /// Ruleset with options applied.
    pub ruleset: Ruleset,
    /// Number of games.
    pub games: u64,
    /// Master seed.
    pub seed: u64,
    /// Bot name per seat.
    pub bots: Vec<String>,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Stop each game after this many hands.
    pub max_hands: Option<u32>,
    /// Explicit walls, one per hand in draw order (every game uses them).
    pub walls: Vec<Vec<mahjong_tiles::Tile>>,
    /// Duplicate play: every game once per rotation of the bots over the seats.
    pub duplicate: bool,
    /// Per-hand outputs.
    pub outputs: Outputs,
    /// Time an external bot (`cmd:…`) has per decision.
    pub bot_deadline: std::time::Duration,
}

/// Where per-hand results go.
#[derive(Default)]
pub struct Outputs {
    /// CSV, one row per hand.
    pub csv: Option<PathBuf>,
    /// JSON Lines, one object per hand.
    pub jsonl: Option<PathBuf>,
    /// SVG chart of the cumulative net.
    pub plot: Option<PathBuf>,
}

impl Outputs {
    fn any(&self) -> bool {
        self.csv.is_some() || self.jsonl.is_some() || self.plot.is_some()
    }
}

/// Whether `path` names standard output (`-`), as it names standard input for `score` and
/// `replay`.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Standard output as a `-` output: when its reader has gone (`| head -1`) nobody wants
/// the rest, so the run ends there, quietly and successfully, as the other commands end on
/// a closed standard output. Ending the process here catches every write and flush of the
/// record, the rows and the chart, wherever it happens; no game is in play at a write.
/// When other outputs are files ([`check_outputs`]), the run goes on instead, so that they
/// are written in full, and standard output's writes are dropped.
struct Stdout;

/// Whether some output besides standard output is a file ([`check_outputs`]).
static FILES_TOO: AtomicBool = AtomicBool::new(false);
/// Standard output's reader has gone while files are still to be written.
static STDOUT_GONE: AtomicBool = AtomicBool::new(false);

impl Stdout {
    fn ended_if_closed<T>(r: std::io::Result<T>, dropped: T) -> std::io::Result<T> {
        match r {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                if !FILES_TOO.load(Ordering::Relaxed) {
                    std::process::exit(0);
                }
                STDOUT_GONE.store(true, Ordering::Relaxed);
                Ok(dropped)
            }
            r => r,
        }
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if STDOUT_GONE.load(Ordering::Relaxed) {
            return Ok(buf.len());
        }
        Self::ended_if_closed(std::io::stdout().write(buf), buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if STDOUT_GONE.load(Ordering::Relaxed) {
            return Ok(());
        }
        Self::ended_if_closed(std::io::stdout().flush(), ())
    }
}

/// An output file of `simulate` (`flag` names it in errors): `-` is standard output.
pub fn create_output(flag: &str, path: &Path) -> Result<BufWriter<Box<dyn Write>>, String> {
    let w: Box<dyn Write> = if is_stdout(path) {
        Box::new(Stdout)
    } else {
        Box::new(
            std::fs::File::create(path).map_err(|e| format!("{flag}: {}: {e}", path.display()))?,
        )
    };
    Ok(BufWriter::new(w))
}

/// At most one output may be standard output (then the summary goes to standard error):
/// whether one is. Notes whether others are files, for a closed standard output.
pub fn check_outputs(named: &[(&str, Option<&Path>)]) -> Result<bool, String> {
    let to_stdout: Vec<&str> = named
        .iter()
        .filter(|(_, p)| p.is_some_and(is_stdout))
        .map(|(flag, _)| *flag)
        .collect();
    if to_stdout.len() > 1 {
        return Err(format!(
            "{}: only one output may be standard output (-)",
            to_stdout.join(" and ")
        ));
    }
    let files = named.iter().any(|(_, p)| p.is_some_and(|p| !is_stdout(p)));
    FILES_TOO.store(files, Ordering::Relaxed);
    Ok(!to_stdout.is_empty())
}

/// The chart is SVG: a `--plot` file named otherwise is refused (`-` is standard output).
pub fn check_plot(plot: Option<&Path>) -> Result<(), String> {
    match plot {
        Some(p)
            if !is_stdout(p) && !p.extension().is_none_or(|e| e.eq_ignore_ascii_case("svg")) =>
        {
            Err(format!(
                "--plot: {}: the chart is written as SVG; name the file .svg",
                p.display()
            ))
        }
        _ => Ok(()),
    }
}

/// `--games 0` and `--max-hands 0` play nothing: refused rather than reported as a success.
pub fn check_counts(games: u64, max_hands: Option<u32>) -> Result<(), String> {
    if games == 0 {
        return Err("--games 0: nothing to play (give 1 or more)".into());
    }
    if max_hands == Some(0) {
        return Err("--max-hands 0: a game needs at least one hand (give 1 or more)".into());
    }
    Ok(())
}

/// The bots for every seat: none given is greedy everywhere, one name plays every seat,
/// otherwise one per seat.
pub fn seat_bots(given: &[String], seats: usize) -> Result<Vec<String>, String> {
    mahjong_bots::seat_bots(given, seats, true).map_err(|e| format!("--bots: {e}"))
}

/// The worker count: 0 is one per core; more than the machine runs at once is clamped to
/// that (a CPU-bound pool gains nothing from more, and 100,000 threads would not start).
pub fn worker_threads(asked: usize) -> (usize, Option<String>) {
    let avail = std::thread::available_parallelism().map_or(1, |n| n.get());
    match asked {
        0 => (avail, None),
        n if n > avail => (
            avail,
            Some(format!(
                "note: --threads {n}: this machine runs {avail} at once; using {avail}"
            )),
        ),
        n => (n, None),
    }
}

/// Reads a wall file: one hand's wall per line, tile codes in draw order (the deal first,
/// loose tiles from the end). Each line must hold exactly the ruleset's tiles.
pub fn read_walls(
    path: &std::path::Path,
    ruleset: &Ruleset,
) -> Result<Vec<Vec<mahjong_tiles::Tile>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut expected = ruleset.tile_set().tiles();
    expected.sort();
    let mut walls = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = |msg: String| format!("{} line {}: {msg}", path.display(), i + 1);
        let tiles = mahjong_tiles::Tile::parse_list(line).map_err(|e| at(e.to_string()))?;
        let mut sorted = tiles.clone();
        sorted.sort();
        if sorted != expected {
            let count = |v: &[mahjong_tiles::Tile], t| v.iter().filter(|&&x| x == t).count();
            // Every tile the ruleset has or the line holds, once each.
            let mut kinds: Vec<_> = expected.iter().chain(&sorted).copied().collect();
            kinds.sort();
            kinds.dedup();
            // What is missing and what is extra, each cut short: a line of three tiles
            // misses some of every kind.
            let (mut missing, mut extra) = (Vec::new(), Vec::new());
            for &t in &kinds {
                let (want, have) = (count(&expected, t), count(&sorted, t));
                if want > have {
                    missing.push(format!("{}×{t}", want - have));
                } else if have > want {
                    extra.push(format!("{}×{t}", have - want));
                }
            }
            let list = |what: &str, v: &[String]| -> Option<String> {
                const SHOWN: usize = 8;
                (!v.is_empty()).then(|| {
                    let more = v.len().saturating_sub(SHOWN);
                    let tail = if more > 0 {
                        format!(" and {more} more kinds")
                    } else {
                        String::new()
                    };
                    format!("{what} {}{tail}", v[..v.len().min(SHOWN)].join(" "))
                })
            };
            let diff: Vec<String> = [list("missing", &missing), list("extra", &extra)]
                .into_iter()
                .flatten()
                .collect();
            return Err(at(format!(
                "{} tiles; a wall must hold the ruleset's {} tiles exactly ({})",
                tiles.len(),
                expected.len(),
                diff.join("; ")
            )));
        }
        walls.push(tiles);
    }
    if walls.is_empty() {
        return Err(format!("{}: no walls", path.display()));
    }
    Ok(walls)
}

/// The summary printed at the end.
#[derive(Debug, Default, Serialize)]
pub struct SimSummary {
    /// Games played.
    pub games: u64,
    /// Hands played.
    pub hands: u64,
    /// Hands ending in a washout.
    pub washouts: u64,
    /// Wins per seat (player position; player 0 is East in the first hand).
    pub wins: Vec<u64>,
    /// Limit hands by rule id (M119: capped at the limit).
    pub limit_hands: BTreeMap<String, u64>,
    /// Won hands paid in full by one liable player (a cannon: the discarder of a
    /// dangerous tile, M90–M96, KJ-S8; the one who gave the third dragon or fourth wind
    /// set, MY3-L3). Always 0 where the ruleset has no such liability.
    pub cannons: u64,
    /// Whether a discarder can be liable under the ruleset ([`Ruleset::liable_discarders`]):
    /// then the text shows `cannons` even when 0.
    #[serde(skip)]
    pub liable_discards: bool,
    /// Mean score of the winning hand.
    pub mean_score: f64,
    /// Mean net result of the winner per won hand (all payments to him).
    pub mean_gain: f64,
    /// Mean han of a winning hand, for a family whose scorer counts han (J3-S; a yakuman
    /// hand counts 0 han: see `limit_hands`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_han: Option<f64>,
    /// How the players' points stood at the end of their games, for a family that starts
    /// everybody from a score (J3-P: 35,000).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub final_points: Option<Spread>,
    /// Wins by seat position in the hand (0 = the dealer, East).
    pub wins_by_position: Vec<u64>,
    /// Won hands in which each rule id scored (once per hand).
    pub items: BTreeMap<String, u64>,
    /// Sum of the winner's net result over the won hands in which each rule id scored.
    pub item_gains: BTreeMap<String, i64>,
    /// Mean net result per hand, per seat (player position; with `duplicate` every bot
    /// played every seat: the per-bot results are in `per_bot`).
    pub net_per_hand: Vec<f64>,
    /// Half the width of the 95 % confidence interval of `net_per_hand`, per seat (games
    /// are the independent units; `null` with fewer than two).
    pub net_per_hand_ci95: Vec<Option<f64>>,
    /// The bots as given, one per seat: without `duplicate` bot `p` played seat `p`; with it
    /// bot `b` played seat `(b - r) mod seats` in rotation `r` (`per_bot[b]`).
    pub bots: Vec<String>,
    /// Per seat, the same figures as `wins`, `net_per_hand` and `net_per_hand_ci95`, with
    /// the bots that played the seat (one, or with `duplicate` every bot in rotation
    /// order): the per-seat arrays cannot be read as per bot.
    pub per_seat: Vec<SeatResult>,
    /// Duplicate play: each game was played once per rotation of the bots over the seats.
    pub duplicate: bool,
    /// With `duplicate`: results per bot, over every seat it played.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub per_bot: Vec<BotResult>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Hands per second.
    pub hands_per_second: f64,
    /// External bots (`cmd:…`): the answers each got wrong, replaced by default moves.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub external: Vec<ExternalResult>,
}

/// The spread of the players' final points over every game.
#[derive(Debug, Default, Serialize)]
pub struct Spread {
    /// Players counted (seats × games).
    pub players: u64,
    /// Lowest.
    pub min: i64,
    /// 10th percentile.
    pub p10: i64,
    /// Median.
    pub median: i64,
    /// 90th percentile.
    pub p90: i64,
    /// Highest.
    pub max: i64,
    /// Players who ended below zero (a bust ends the match, J3-P).
    pub below_zero: u64,
}

impl Spread {
    /// The spread of `points` (sorted here); `None` when empty.
    fn of(mut points: Vec<i64>) -> Option<Spread> {
        points.sort_unstable();
        let n = points.len();
        let at = |q: usize| points[(q * (n - 1)) / 100];
        (n > 0).then(|| Spread {
            players: n as u64,
            min: points[0],
            p10: at(10),
            median: at(50),
            p90: at(90),
            max: points[n - 1],
            below_zero: points.iter().filter(|&&p| p < 0).count() as u64,
        })
    }
}

/// An external bot's answers over the simulation.
#[derive(Debug, Serialize)]
pub struct ExternalResult {
    /// The bot as given (`cmd:…`).
    pub bot: String,
    /// Its decisions, and those answered by default: late, malformed, illegal, or asked
    /// after the program had exited.
    #[serde(flatten)]
    pub faults: Faults,
}

/// One seat's results.
#[derive(Debug, Default, Serialize)]
pub struct SeatResult {
    /// The seat (player position; player 0 is East in the first hand).
    pub seat: usize,
    /// The bots that played it, in rotation order (one without `--duplicate`).
    pub bots: Vec<String>,
    /// Its wins.
    pub wins: u64,
    /// Its mean net result per hand.
    pub net_per_hand: f64,
    /// Half the width of the 95 % confidence interval (the games are the units).
    pub net_per_hand_ci95: Option<f64>,
}

/// One bot's results in duplicate play.
#[derive(Debug, Default, Serialize)]
pub struct BotResult {
    /// The bot's name.
    pub bot: String,
    /// Its wins, in whatever seat.
    pub wins: u64,
    /// Its mean net result per hand.
    pub net_per_hand: f64,
    /// Half the width of the 95 % confidence interval (the deals are the units).
    pub net_per_hand_ci95: Option<f64>,
    /// Its net per hand minus the first bot's, paired deal by deal (`null` for the first
    /// bot): the comparison duplicate play makes sharp.
    pub minus_first: Option<f64>,
    /// Half the width of that difference's 95 % confidence interval.
    pub minus_first_ci95: Option<f64>,
}

/// One hand's result.
#[derive(Clone, Debug, Serialize)]
pub struct HandRow {
    /// Game (deal) number, from 0.
    pub game: u64,
    /// Rotation of the bots over the seats (0 unless `--duplicate`).
    pub rotation: usize,
    /// Hand number in the game, from 0.
    pub hand: u32,
    /// The player who dealt (East).
    pub dealer: usize,
    /// The winner (of several on one discard, MY3-P3, the lowest seat), or `null` for a
    /// washout.
    pub winner: Option<usize>,
    /// Net result per seat (player).
    pub net: Vec<i64>,
    /// Every winner, lowest seat first: one seat, several when more than one player won
    /// on the same discard (MY3-P3), none for a washout.
    pub winners: Vec<usize>,
}

/// SplitMix64: independent per-game and per-bot seeds from one master seed.
pub fn derive_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed.wrapping_add(i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

struct GameOut {
    summary: mahjong_engine::GameSummary,
    totals: Vec<i64>,
    record: Vec<u8>,
    rows: Vec<HandRow>,
    /// External bots' faults, by index in --bots.
    faults: Vec<(usize, Faults)>,
}

/// What one work item plays: a game, and the rotation of the bots over its seats.
#[derive(Copy, Clone)]
struct Item {
    game: u64,
    rotation: usize,
}

/// The bot (index into the bot list) in `seat` at `rotation`.
fn bot_at(seat: usize, rotation: usize, seats: usize) -> usize {
    (seat + rotation) % seats
}

/// Plays one game; the record (when asked for) as JSON Lines, the hands' rows (when asked
/// for).
fn play_one(
    cfg: &SimConfig,
    bots_by_index: &[String],
    item: Item,
    record: bool,
    rows_wanted: bool,
) -> Result<GameOut, String> {
    let index = item.game;
    let seats = bots_by_index.len();
    let seat_bots: Vec<String> = (0..seats)
        .map(|p| bots_by_index[bot_at(p, item.rotation, seats)].clone())
        .collect();
    let seed = derive_seed(cfg.seed, index);
    // External bots read the events: the engine builds them as for a record.
    let events = seat_bots.iter().any(|n| n.starts_with(EXTERNAL_PREFIX));
    let config = GameConfig {
        ruleset: cfg.ruleset.clone(),
        seed,
        walls: cfg.walls.clone(),
        max_hands: cfg.max_hands,
        record: record || events,
    };
    // A bot's seed follows the seat, not the bot: in duplicate play every rotation of a
    // deal gives the same seat the same random stream (the bots' tie-breaks), so bots that
    // play alike play the same game in every rotation and only their differences show.
    let mut bots: Vec<Box<dyn Bot>> = (0..seats)
        .map(|p| {
            let b = bot_at(p, item.rotation, seats);
            let name = &bots_by_index[b];
            if let Some(cmd) = name.strip_prefix(EXTERNAL_PREFIX) {
                let bot = ExternalBot::spawn(cmd, &cfg.ruleset).with_deadline(cfg.bot_deadline);
                return Ok(Box::new(bot) as Box<dyn Bot>);
            }
            bot_for_ruleset(name, &cfg.ruleset, derive_seed(seed, 1000 + p as u64))
                .ok_or_else(|| format!("unknown bot {name:?} (known: random, greedy, strong)"))
        })
        .collect::<Result<_, _>>()?;

    let mut out = Vec::new();
    if record {
        serde_json::to_writer(&mut out, &RecordHeader::new(&config, seat_bots))
            .expect("serializes");
        out.push(b'\n');
    }
    let mut game = Game::new(config);
    let mut views: Vec<SeatView> = (0..seats).map(|_| SeatView::empty()).collect();
    // Per-hand rows, from the game's settled hands: a hand ends inside `act`, which also
    // deals the next one (and may settle it too, when it ends as dealt).
    let mut rows = Vec::new();
    let mut hands_seen = 0;
    let mut add_rows = |game: &Game, rows: &mut Vec<HandRow>| {
        for (hand, h) in game.settled().iter().enumerate().skip(hands_seen) {
            let winners: Vec<usize> = h.winners.collect();
            rows.push(HandRow {
                game: index,
                rotation: item.rotation,
                hand: hand as u32,
                dealer: h.dealer,
                winner: winners.first().copied(),
                net: h.net[..seats].to_vec(),
                winners,
            });
        }
        hands_seen = game.settled().len();
    };
    if rows_wanted {
        add_rows(&game, &mut rows);
    }
    let flush = |game: &mut Game, out: &mut Vec<u8>, bots: &mut [Box<dyn Bot>]| {
        let new = feed_events(game, bots);
        if record {
            for e in new {
                serde_json::to_writer(&mut *out, &e).expect("serializes");
                out.push(b'\n');
            }
        }
    };
    while !game.is_over() {
        if record || events {
            flush(&mut game, &mut out, &mut bots);
        }
        for p in game.pending_seats() {
            // A claim window may close before every pending player has answered.
            let legal = game.legal_set(p);
            if legal.is_empty() {
                continue;
            }
            let action = match bots[p].act_on_legal(legal) {
                Some(a) => a,
                None => {
                    game.view_into(p, &mut views[p]);
                    bots[p].act(&views[p])
                }
            };
            if events {
                let name = &bots_by_index[bot_at(p, item.rotation, seats)];
                check_program(&mut bots[p], name, p)?;
            }
            game.act(p, action)
                .map_err(|e| format!("game {index}: bot {} chose badly: {e}", bots[p].name()))?;
            if events {
                // The next player to decide must have seen this action's events.
                flush(&mut game, &mut out, &mut bots);
            }
            if rows_wanted {
                add_rows(&game, &mut rows);
            }
        }
        // Only programs can be gone, and only they read events.
        if events {
            if let Some(why) = mahjong_bots::all_gone(&mut bots) {
                return Err(format!(
                    "game {index}: {}",
                    mahjong_bots::PlayError::AllGone(why)
                ));
            }
        }
    }
    flush(&mut game, &mut out, &mut bots);
    let mut faults = Vec::new();
    for (p, b) in bots.iter_mut().enumerate() {
        b.game_over(game.totals());
        if let Some(f) = b.faults() {
            faults.push((bot_at(p, item.rotation, seats), f));
        }
    }
    Ok(GameOut {
        summary: game.summary().clone(),
        totals: game.totals().to_vec(),
        record: out,
        rows,
        faults,
    })
}

/// A program that exited without writing a line never played (a mistyped command, a
/// missing interpreter): a setup error, not a result to summarise from default moves.
fn check_program(bot: &mut Box<dyn Bot>, name: &str, seat: usize) -> Result<(), String> {
    if !bot.faults().is_some_and(|f| f.exited_before_answering()) {
        return Ok(());
    }
    let why = bot.gone().unwrap_or_else(|| "it stopped".into());
    Err(format!(
        "--bots: {name} (seat {seat}) stopped before answering its first decision ({why}); \
         check the command (its error output, if any, is above)"
    ))
}

/// Per-hand outputs, written in game order as results come in.
struct Sinks {
    csv: Option<(PathBuf, BufWriter<Box<dyn Write>>)>,
    jsonl: Option<(PathBuf, BufWriter<Box<dyn Write>>)>,
    plot: Option<crate::plot::Cumulative>,
}

impl Sinks {
    fn open(o: &Outputs, seats: usize) -> Result<Sinks, String> {
        let create = |flag: &str, p: &PathBuf| create_output(flag, p).map(|w| (p.clone(), w));
        let mut csv = o.csv.as_ref().map(|p| create("--csv", p)).transpose()?;
        if let Some((p, w)) = &mut csv {
            let nets: Vec<String> = (0..seats).map(|s| format!("net{s}")).collect();
            writeln!(
                w,
                "game,rotation,hand,dealer,winner,{},winners",
                nets.join(",")
            )
            .map_err(|e| format!("--csv: {}: {e}", p.display()))?;
        }
        Ok(Sinks {
            csv,
            jsonl: o.jsonl.as_ref().map(|p| create("--jsonl", p)).transpose()?,
            plot: o.plot.as_ref().map(|_| crate::plot::Cumulative::new(seats)),
        })
    }

    fn row(&mut self, r: &HandRow, by_bot: Option<&[i64]>) -> Result<(), String> {
        if let Some((p, w)) = &mut self.csv {
            let nets: Vec<String> = r.net.iter().map(i64::to_string).collect();
            let winner = r.winner.map(|w| w.to_string()).unwrap_or_default();
            // Several winners (MY3-P3) separated by spaces, so the column stays one field.
            let winners: Vec<String> = r.winners.iter().map(usize::to_string).collect();
            writeln!(
                w,
                "{},{},{},{},{winner},{},{}",
                r.game,
                r.rotation,
                r.hand,
                r.dealer,
                nets.join(","),
                winners.join(" ")
            )
            .map_err(|e| format!("--csv: {}: {e}", p.display()))?;
        }
        if let Some((p, w)) = &mut self.jsonl {
            serde_json::to_writer(&mut *w, r).expect("serializes");
            writeln!(w).map_err(|e| format!("--jsonl: {}: {e}", p.display()))?;
        }
        if let Some(c) = &mut self.plot {
            c.add(by_bot.unwrap_or(&r.net));
        }
        Ok(())
    }

    fn finish(self, o: &Outputs, labels: &[String], title: &str) -> Result<(), String> {
        for (flag, sink) in [("--csv", self.csv), ("--jsonl", self.jsonl)] {
            if let Some((p, mut w)) = sink {
                w.flush()
                    .map_err(|e| format!("{flag}: {}: {e}", p.display()))?;
            }
        }
        if let (Some(c), Some(p)) = (self.plot, &o.plot) {
            let svg = c
                .draw(labels, title)
                .map_err(|e| format!("--plot: {}: {e}", p.display()))?;
            let mut w = create_output("--plot", p)?;
            w.write_all(svg.as_bytes())
                .and_then(|_| w.flush())
                .map_err(|e| format!("--plot: {}: {e}", p.display()))?;
        }
        Ok(())
    }
}

/// A summary's counts by id, the most frequent first (ties by id).
fn most_frequent(counts: &BTreeMap<String, u64>) -> Vec<(&String, &u64)> {
    let mut by_count: Vec<(&String, &u64)> = counts.iter().collect();
    by_count.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    by_count
}

/// Runs the simulation, writing the record (if any) in game order.
pub fn run(cfg: &SimConfig, mut record: Option<&mut dyn Write>) -> Result<SimSummary, String> {
    let seats = cfg.ruleset.seats();
    let bots = seat_bots(&cfg.bots, seats)?;
    check_counts(cfg.games, cfg.max_hands)?;
    let (threads, note) = worker_threads(cfg.threads);
    if let Some(note) = note {
        eprintln!("{note}");
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("--threads: {e}"))?;
    let rotations = if cfg.duplicate { seats as u64 } else { 1 };
    let items = cfg
        .games
        .checked_mul(rotations)
        .ok_or_else(|| format!("--games {}: too many with --duplicate", cfg.games))?;
    let progress = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(items);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games  {elapsed} (eta {eta})",
            )
            .expect("template"),
        );
        bar
    });
    let start = Instant::now();
    // Only a family that starts players from a score reports their final points.
    let start_score = cfg.ruleset.starting_score();
    let mut finals: Vec<i64> = Vec::new();
    let mut points_sum = 0u64;
    let mut s = SimSummary {
        wins: vec![0; seats],
        wins_by_position: vec![0; seats],
        net_per_hand: vec![0.0; seats],
        bots: bots.clone(),
        duplicate: cfg.duplicate,
        liable_discards: cfg.ruleset.liable_discarders(),
        ..SimSummary::default()
    };
    let mut sinks = Sinks::open(&cfg.outputs, seats)?;
    let rows_wanted = cfg.outputs.any();
    // Per seat: each game is a unit. Per bot (duplicate): each deal, all its rotations.
    let mut by_seat = vec![Ratio::default(); seats];
    let mut by_bot = vec![Ratio::default(); seats];
    let mut minus_first = vec![Ratio::default(); seats];
    let mut bot_wins = vec![0u64; seats];
    let mut deal_net = vec![0i64; seats];
    let mut deal_hands = 0u64;
    let mut external: Vec<Option<Faults>> = vec![None; seats];
    let mut score_sum = 0u64;
    let mut gain_sum = 0i64;
    let mut wins_total = 0u64;
    // Chunks keep memory flat: results are folded and records written in game order.
    let chunk = (pool.current_num_threads() as u64 * 4).max(1);
    let mut next = 0u64;
    let recording = record.is_some();
    let item_of = |j: u64| Item {
        game: j / rotations,
        rotation: (j % rotations) as usize,
    };
    // With a program among the bots the first game is played alone: a mistyped command
    // then stops the run once, not once per thread. (Results do not depend on chunking.)
    let external_bots = bots.iter().any(|b| b.starts_with(EXTERNAL_PREFIX));
    while next < items {
        let step = if next == 0 && external_bots { 1 } else { chunk };
        let end = (next + step).min(items);
        let play = |j| play_one(cfg, &bots, item_of(j), recording, rows_wanted);
        // One thread plays here: handing each chunk to the pool's thread and waiting
        // costs two context switches per chunk (a sixth of a short-game run).
        let results: Vec<Result<GameOut, String>> = if threads == 1 {
            (next..end).map(play).collect()
        } else {
            pool.install(|| (next..end).into_par_iter().map(play).collect())
        };
        for (j, r) in (next..end).zip(results) {
            let g = r?;
            let item = item_of(j);
            if let Some(w) = record.as_deref_mut() {
                w.write_all(&g.record)
                    .map_err(|e| format!("--record: {e}"))?;
            }
            let mut per_bot = vec![0i64; seats];
            for row in &g.rows {
                for (p, n) in row.net.iter().enumerate() {
                    per_bot[bot_at(p, item.rotation, seats)] = *n;
                }
                sinks.row(row, cfg.duplicate.then_some(&per_bot[..]))?;
            }
            s.games += 1;
            s.hands += g.summary.hands as u64;
            s.washouts += g.summary.washouts as u64;
            for (b, f) in &g.faults {
                external[*b].get_or_insert_with(Faults::default).add(f);
            }
            s.cannons += g.summary.cannons as u64;
            for (p, w) in g.summary.wins.iter().enumerate() {
                s.wins[p] += *w as u64;
                bot_wins[bot_at(p, item.rotation, seats)] += *w as u64;
                wins_total += *w as u64;
            }
            for (k, v) in &g.summary.limit_hands {
                *s.limit_hands.entry(k.clone()).or_default() += *v as u64;
            }
            score_sum += g.summary.winner_score_sum;
            points_sum += g.summary.winner_points_sum;
            if start_score != 0 {
                finals.extend(g.totals.iter().map(|t| start_score + t));
            }
            gain_sum += g.summary.winner_gain_sum;
            for (p, w) in g.summary.wins_by_position.iter().enumerate() {
                s.wins_by_position[p] += *w as u64;
            }
            for (k, v) in &g.summary.items {
                *s.items.entry(k.clone()).or_default() += *v as u64;
            }
            for (k, v) in &g.summary.item_gains {
                *s.item_gains.entry(k.clone()).or_default() += *v;
            }
            for (p, t) in g.totals.iter().enumerate() {
                by_seat[p].add(*t, g.summary.hands as u64);
                deal_net[bot_at(p, item.rotation, seats)] += t;
            }
            deal_hands += g.summary.hands as u64;
            if item.rotation as u64 + 1 == rotations {
                for b in 0..seats {
                    by_bot[b].add(deal_net[b], deal_hands);
                    minus_first[b].add(deal_net[b] - deal_net[0], deal_hands);
                }
                deal_net.fill(0);
                deal_hands = 0;
            }
        }
        if let Some(bar) = &progress {
            bar.set_position(end);
        }
        next = end;
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    s.seconds = start.elapsed().as_secs_f64();
    s.mean_score = if wins_total > 0 {
        score_sum as f64 / wins_total as f64
    } else {
        0.0
    };
    s.mean_gain = gain_sum as f64 / wins_total.max(1) as f64;
    if cfg.ruleset.score_fields() == mahjong_rules::ScoreFields::HanYakuman && wins_total > 0 {
        s.mean_han = Some(points_sum as f64 / wins_total as f64);
    }
    s.final_points = Spread::of(finals);
    s.net_per_hand = by_seat.iter().map(Ratio::mean).collect();
    s.net_per_hand_ci95 = by_seat.iter().map(Ratio::ci95).collect();
    s.per_seat = (0..seats)
        .map(|p| SeatResult {
            seat: p,
            bots: (0..rotations as usize)
                .map(|r| bots[bot_at(p, r, seats)].clone())
                .collect(),
            wins: s.wins[p],
            net_per_hand: s.net_per_hand[p],
            net_per_hand_ci95: s.net_per_hand_ci95[p],
        })
        .collect();
    if cfg.duplicate {
        s.per_bot = (0..seats)
            .map(|b| BotResult {
                bot: bots[b].clone(),
                wins: bot_wins[b],
                net_per_hand: by_bot[b].mean(),
                net_per_hand_ci95: by_bot[b].ci95(),
                minus_first: (b > 0).then(|| minus_first[b].mean()),
                minus_first_ci95: (b > 0).then(|| minus_first[b].ci95()).flatten(),
            })
            .collect();
    }
    s.hands_per_second = s.hands as f64 / s.seconds.max(1e-9);
    s.external = external
        .into_iter()
        .enumerate()
        .filter_map(|(b, f)| {
            f.map(|faults| ExternalResult {
                bot: bots[b].clone(),
                faults,
            })
        })
        .collect();
    let labels: Vec<String> = bots
        .iter()
        .enumerate()
        .map(|(i, b)| {
            if cfg.duplicate {
                format!("bot {i} {b}")
            } else {
                format!("seat {i} {b}")
            }
        })
        .collect();
    let title = format!(
        "{}: cumulative net per {}, seed {}",
        cfg.ruleset.name,
        if cfg.duplicate { "bot" } else { "seat" },
        cfg.seed
    );
    sinks.finish(&cfg.outputs, &labels, &title)?;
    Ok(s)
}

/// The summary as readable text.
pub fn render(s: &SimSummary) -> String {
    let mut t = String::new();
    use std::fmt::Write as _;
    let _ = writeln!(
        t,
        "games {}   hands {}   washouts {} ({:.1}%)",
        s.games,
        s.hands,
        s.washouts,
        100.0 * s.washouts as f64 / s.hands.max(1) as f64
    );
    // The unit of the intervals: the game, or under --duplicate the deal (its rotations
    // share the walls, so one deal gives no interval, per bot or per seat).
    let deals = s.games / s.bots.len().max(1) as u64;
    let one_unit = s.duplicate && deals <= 1;
    let unit = if s.duplicate { "deal" } else { "game" };
    let ci = |c: Option<f64>| match c {
        Some(c) if !one_unit => format!(" ± {c:.2}"),
        _ => format!("   (one {unit}: no interval)"),
    };
    let figures = |wins: u64, net: f64, c: Option<f64>| {
        format!("wins {wins:>8}   net per hand {net:>+9.2}{}", ci(c))
    };
    // Each row's label and figures: the labels are padded to the longest, so the figures
    // line up however long a bot's name is (`cmd:python3 examples/bots/simple_bot.py`).
    let name = s
        .bots
        .iter()
        .map(|b| b.chars().count())
        .max()
        .unwrap_or(0)
        .max(8);
    let mut rows: Vec<(String, String)> = Vec::new();
    if s.duplicate {
        let _ = writeln!(
            t,
            "duplicate: {} {}, each played in {} rotations of the bots over the seats",
            deals,
            if deals == 1 { "deal" } else { "deals" },
            s.bots.len()
        );
        for (b, r) in s.per_bot.iter().enumerate() {
            let mut f = figures(r.wins, r.net_per_hand, r.net_per_hand_ci95);
            if let Some(d) = r.minus_first {
                let _ = write!(f, "   minus bot 0 {d:>+9.2}{}", ci(r.minus_first_ci95));
            }
            rows.push((format!("bot {b} {:<name$}", r.bot), f));
        }
        for p in 0..s.wins.len() {
            let f = figures(s.wins[p], s.net_per_hand[p], s.net_per_hand_ci95[p]);
            rows.push((format!("seat {p} (every bot)"), f));
        }
    } else {
        for (p, bot) in s.bots.iter().enumerate() {
            let f = figures(s.wins[p], s.net_per_hand[p], s.net_per_hand_ci95[p]);
            rows.push((format!("seat {p} {bot:<name$}"), f));
        }
    }
    let width = rows
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0);
    for (label, f) in &rows {
        let _ = writeln!(t, "{label:<width$} {f}");
    }
    let _ = writeln!(
        t,
        "± : 95% confidence interval ({})",
        if s.duplicate {
            "independent units: the deals per bot, the games per seat"
        } else {
            "independent units: the games"
        }
    );
    // Cannons only where the ruleset has them: a 0 elsewhere would say nothing.
    if s.liable_discards || s.cannons > 0 {
        let _ = writeln!(
            t,
            "mean winning score {:.1}   hands paid in full by a liable discarder (cannon) {}",
            s.mean_score, s.cannons
        );
    } else {
        let _ = writeln!(t, "mean winning score {:.1}", s.mean_score);
    }
    let by_position: Vec<String> = s.wins_by_position.iter().map(u64::to_string).collect();
    let _ = writeln!(
        t,
        "wins by seat position (dealer first) {}   mean winner's gain {:.1}",
        by_position.join(" "),
        s.mean_gain
    );
    if let Some(han) = s.mean_han {
        let _ = writeln!(
            t,
            "mean han of a winning hand {han:.2} (yakuman hands count 0)"
        );
    }
    if let Some(f) = &s.final_points {
        let _ = writeln!(
            t,
            "final points (of {} players): min {}  10% {}  median {}  90% {}  max {}; {} below zero",
            f.players, f.min, f.p10, f.median, f.p90, f.max, f.below_zero
        );
    }
    if !s.limit_hands.is_empty() {
        // The most frequent first, as the items below.
        let list: Vec<String> = most_frequent(&s.limit_hands)
            .into_iter()
            .map(|(k, v)| {
                let name = mahjong_rules::catalogue::entry(k)
                    .map(|e| format!(" {}", e.names.en))
                    .unwrap_or_default();
                format!("{k}{name} {v}")
            })
            .collect();
        let _ = writeln!(t, "limit hands: {}", list.join(", "));
    }
    // What the winners' hands held: the most frequent rule ids, with the share of won
    // hands each scored in (every id is in `--json`'s `items`).
    let won: u64 = s.wins.iter().sum();
    if won > 0 && !s.items.is_empty() {
        let list: Vec<String> = most_frequent(&s.items)
            .iter()
            .take(10)
            .map(|(id, n)| {
                let name = mahjong_rules::catalogue::entry(id)
                    .map(|e| format!(" {}", e.names.en))
                    .unwrap_or_default();
                format!("{id}{name} {:.0}%", **n as f64 * 100.0 / won as f64)
            })
            .collect();
        let _ = writeln!(t, "most frequent in won hands: {}", list.join(", "));
    }
    for e in &s.external {
        let f = &e.faults;
        let _ = writeln!(
            t,
            "{}: {} decisions; default moves for {} late, {} malformed, {} illegal answers \
             and {} decisions after the program had exited",
            e.bot, f.decisions, f.late, f.malformed, f.illegal, f.exited
        );
    }
    let _ = writeln!(t, "{:.2} s, {:.0} hands/s", s.seconds, s.hands_per_second);
    t
}
