//! A match of one of our bots against three of mj-server's own robots (`mj-player`): the
//! server on a unix socket (over TCP it runs ~40 times slower, see the protocol notes), our
//! seat rotated game by game, until a number of hands is played. The result is our net
//! points per hand with a 95 % confidence interval.

use std::fs;
use std::io::{BufReader, Write};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use mahjong_bots::bot_for_ruleset;
use mahjong_rules::Ruleset;

use crate::client::{play, ClientError, GameReport, HandOutcome, Seat};

/// What a match is.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Hands to play (whole games are started until this many hands are finished).
    pub hands: usize,
    /// Our bot's kind (`greedy`, `random`).
    pub bot: String,
    /// Seed of our bot and of the server's walls (`seed + game`).
    pub seed: u64,
    /// The server program.
    pub server: PathBuf,
    /// The robot program.
    pub player: PathBuf,
    /// Give up on a game when the server sends nothing for this long.
    pub idle_timeout: Duration,
    /// Where the sockets and server logs go.
    pub dir: PathBuf,
    /// Write each hand our scorer scores differently from the server here (JSON Lines),
    /// each naming its game so that it can be played again ([`MatchConfig::first_game`]).
    pub disagreements: Option<PathBuf>,
    /// The number of the first game: game `n` is the same game whatever the games before
    /// it (mj-server `--seed seed + n`, our seat the `n mod 4`-th to connect, our bot seeded
    /// `seed + n`), so a match from game `n` plays that game again.
    pub first_game: usize,
    /// Deal every hand from this wall (mj-server `--wallfile`) instead of a shuffled one:
    /// 144 tile codes (`1C`, `EW`, `2F`, …) separated by white space, in the order they are
    /// taken (no comments: a word that is no tile code makes the server exit). The deal
    /// takes the first 53 (four at a time to East, South, West and North, three times; then
    /// one each; then East's 14th), whatever the dice; play draws on from the 54th. The server reads as
    /// many tiles as its wall holds, which it learns only from a hand it dealt: a fresh
    /// server deals its first hand all blank. So the game is started from a saved one
    /// (`--load-game`) with one washed-out hand played: East is still the first to
    /// connect, and all scores are 0.
    pub wall: Option<PathBuf>,
}

impl MatchConfig {
    /// A match of `hands` hands for `bot`, with the programs found on `PATH` or in
    /// `/usr/games` (where Debian puts them).
    pub fn new(hands: usize, bot: &str, seed: u64) -> Result<MatchConfig, MatchError> {
        Ok(MatchConfig {
            hands,
            bot: bot.to_string(),
            seed,
            server: find_program("mj-server")?,
            player: find_program("mj-player")?,
            idle_timeout: Duration::from_secs(10),
            dir: std::env::temp_dir(),
            disagreements: None,
            first_game: 0,
            wall: None,
        })
    }
}

/// Why a match stopped.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// A program is missing.
    #[error("{0} not found on PATH or in /usr/games: install Debian's `mah-jong` package (apt-get install mah-jong)")]
    Missing(&'static str),
    /// An unknown bot.
    #[error("unknown bot {0:?} (known: {known})", known = mahjong_bots::BOT_NAMES.join(", "))]
    UnknownBot(String),
    /// A program could not be started or did not come up.
    #[error("game {game}: {what}")]
    Start {
        /// The game number (from 0).
        game: usize,
        /// What went wrong.
        what: String,
    },
    /// Our client failed during a game.
    #[error("game {game} (server log {log}): {source}")]
    Game {
        /// The game number (from 0).
        game: usize,
        /// The server's log of the game, kept for a post-mortem.
        log: String,
        /// Why.
        #[source]
        source: ClientError,
    },
}

/// Our net points per hand over a match.
#[derive(Clone, Debug, serde::Serialize)]
pub struct MatchReport {
    /// Our bot's kind.
    pub bot: String,
    /// Hands played.
    pub hands: usize,
    /// Games started.
    pub games: usize,
    /// Hands we won.
    pub wins: usize,
    /// Hands nobody won.
    pub washouts: usize,
    /// Mean net points per hand.
    pub mean: f64,
    /// Standard deviation of the net points per hand.
    pub sd: f64,
    /// 95 % confidence interval of the mean (normal approximation); `None` (JSON `null`)
    /// with fewer than two hands, which give no spread to measure.
    pub ci95: Option<[f64; 2]>,
    /// Requests of ours the server refused (each answered with a legal fallback).
    pub refused: usize,
    /// Games given up because the table fell silent for `idle_timeout` (the hand in
    /// progress is not counted). mj-player sometimes stops after robbing a kong.
    pub abandoned: usize,
    /// Hands per second of wall time.
    pub hands_per_second: f64,
    /// Finished hands scored by our `bradfield` scorer beside the server's own scores.
    pub audited: usize,
    /// Of those, hands where every player's score and the settlement agree.
    pub agreed: usize,
    /// Game options the server announced that our ruleset does not model.
    pub unmapped_options: Vec<String>,
}

/// Finds a program on `PATH`, then in `/usr/games`.
pub fn find_program(name: &'static str) -> Result<PathBuf, MatchError> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|d| d.join(name))
        .find(|p| p.is_file())
        .ok_or(MatchError::Missing(name))
}

/// Kills its programs however the game ends.
struct Procs(Vec<Child>);

impl Drop for Procs {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// Waits until the text of `file` satisfies `done`, for at most `limit`.
fn wait_until(file: &Path, limit: Duration, done: impl Fn(&str) -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if fs::read_to_string(file).is_ok_and(|text| done(&text)) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    false
}

/// Waits until `file` holds `needle` `n` times.
fn wait_for(file: &Path, needle: &str, n: usize, limit: Duration) -> bool {
    wait_until(file, limit, |text| text.matches(needle).count() >= n)
}

/// A saved game for `--load-game`: the four players as they will connect (the robots named
/// as [`play_one_game`] names them, ours `ours`-th as `name`), seated in that order, no
/// score yet, and one hand played that washed out (the deal stays with East). Loading it
/// makes mj-server deal the next hand, the first one played, from its `--wallfile`.
fn saved_game(ours: usize, name: &str) -> String {
    let mut text = String::new();
    for i in 0..4 {
        let who = if i == ours {
            name.to_string()
        } else {
            format!("robot{i}")
        };
        text += &format!("Player {} {who}\n", i + 1);
    }
    // Seats E S W N, round East, scores, protocol version, the game manager.
    text += "Game 1 2 3 4 E 0 1 0 0 0 0 1110 1\n";
    text += "NewHand 1 0 0\nWashOut wall exhausted\n";
    text
}

/// One game on a fresh server: our seat connects `game % 4`-th (seats follow the order of
/// connection, the first is the first East), so it moves one place each game.
/// `after_hand` is called after each finished hand; `false` stops the game there. Returns
/// our report and what the server printed (its final scores when the game ran to the end).
/// With [`MatchConfig::wall`] every hand is dealt from that wall.
pub fn play_one_game(
    cfg: &MatchConfig,
    game: usize,
    after_hand: impl FnMut(&HandOutcome) -> bool,
) -> Result<(GameReport, String), MatchError> {
    let ruleset = Ruleset::preset("bradfield").expect("bradfield is a built-in preset");
    let seed = cfg.seed.wrapping_add(game as u64);
    let bot = bot_for_ruleset(&cfg.bot, &ruleset, seed)
        .ok_or_else(|| MatchError::UnknownBot(cfg.bot.clone()))?;
    let name = format!("mahjong-{}", cfg.bot);
    let mut seat = Seat::new(bot, &ruleset, &name);
    // Unique per game in this process: matches may run side by side (tests do).
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tag = format!("mahjong-mj-{}-{n}", std::process::id());
    let sock = cfg.dir.join(format!("{tag}.sock"));
    let log = cfg.dir.join(format!("{tag}.log"));
    let out = cfg.dir.join(format!("{tag}.out"));
    let _ = fs::remove_file(&sock);
    let saved = cfg.dir.join(format!("{tag}.mjs"));
    let start_err = |what: String| MatchError::Start { game, what };
    let ours = game % 4;
    let mut server = Command::new(&cfg.server);
    server
        .arg("--server")
        .arg(&sock)
        .args(["--seed", &(seed % 1_000_000_000).to_string()])
        .arg("--logfile")
        .arg(&log)
        .arg("--exit-on-disconnect");
    if let Some(wall) = &cfg.wall {
        fs::write(&saved, saved_game(ours, &name)).map_err(|e| start_err(e.to_string()))?;
        server
            .arg("--load-game")
            .arg(&saved)
            .arg("--wallfile")
            .arg(wall);
    }
    let server = server
        .stdin(Stdio::null())
        .stdout(fs::File::create(&out).map_err(|e| start_err(e.to_string()))?)
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| start_err(format!("starting {}: {e}", cfg.server.display())))?;
    let mut procs = Procs(vec![server]);
    if !wait_for(&out, "OK", 1, Duration::from_secs(10)) {
        return Err(start_err("mj-server did not start listening".into()));
    }
    let robot = |i: usize| {
        Command::new(&cfg.player)
            .arg("--server")
            .arg(&sock)
            .args(["--name", &format!("robot{i}")])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| start_err(format!("starting {}: {e}", cfg.player.display())))
    };
    let mut stream = None;
    for i in 0..4 {
        if i == ours {
            let mut s = UnixStream::connect(&sock).map_err(|e| start_err(e.to_string()))?;
            s.set_read_timeout(Some(cfg.idle_timeout))
                .map_err(|e| start_err(e.to_string()))?;
            s.write_all(format!("{}\r\n", seat.hello()).as_bytes())
                .map_err(|e| start_err(e.to_string()))?;
            stream = Some(s);
        } else {
            procs.0.push(robot(i)?);
        }
        if i < 3 && !wait_for(&log, "ConnectReply", i + 1, Duration::from_secs(10)) {
            return Err(start_err(format!("player {} did not connect", i + 1)));
        }
    }
    let stream = stream.expect("our seat connected");
    let mut reader = BufReader::new(stream.try_clone().map_err(|e| start_err(e.to_string()))?);
    let mut writer = stream;
    let result = play(&mut seat, &mut reader, &mut writer, after_hand);
    if result.is_ok() && seat.is_over() {
        // The server prints the final scores as it exits.
        drop(writer);
        drop(reader);
        wait_until(&out, Duration::from_secs(5), |text| {
            text.split("Final scores:")
                .nth(1)
                .is_some_and(|t| t.lines().filter(|l| !l.trim().is_empty()).count() >= 4)
        });
    }
    drop(procs);
    let _ = fs::remove_file(&sock);
    if let Err(source) = result {
        let _ = fs::remove_file(&out);
        let _ = fs::remove_file(&saved);
        return Err(MatchError::Game {
            game,
            log: log.display().to_string(),
            source,
        });
    }
    let printed = fs::read_to_string(&out).unwrap_or_default();
    for f in [&sock, &log, &out, &saved] {
        let _ = fs::remove_file(f);
    }
    Ok((seat.report().clone(), printed))
}

/// Plays games until `cfg.hands` hands are finished; `progress` is called with the hands
/// done after each one.
pub fn run_match(
    cfg: &MatchConfig,
    mut progress: impl FnMut(usize),
) -> Result<MatchReport, MatchError> {
    let started = Instant::now();
    let mut nets: Vec<i64> = Vec::with_capacity(cfg.hands);
    let (mut wins, mut washouts, mut refused, mut games, mut abandoned) = (0, 0, 0, 0, 0);
    let mut unmapped = Vec::new();
    let (mut audited, mut agreed) = (0, 0);
    let mut out = match &cfg.disagreements {
        Some(p) => Some(std::io::BufWriter::new(fs::File::create(p).map_err(
            |e| MatchError::Start {
                game: 0,
                what: format!("{}: {e}", p.display()),
            },
        )?)),
        None => None,
    };
    while nets.len() < cfg.hands {
        let game = cfg.first_game.wrapping_add(games);
        games += 1;
        let before = nets.len();
        let target = cfg.hands;
        let played = play_one_game(cfg, game, |h| {
            nets.push(h.net);
            wins += usize::from(h.won);
            washouts += usize::from(h.washout);
            progress(nets.len());
            nets.len() < target
        });
        let report = match played {
            Ok((report, _)) => report,
            Err(MatchError::Game {
                source: ClientError::Io(e),
                log,
                ..
            }) if matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ) =>
            {
                abandoned += 1;
                // Kept when debugging: MAHJONG_MJ_KEEP_LOGS=1.
                if std::env::var_os("MAHJONG_MJ_KEEP_LOGS").is_none() {
                    let _ = fs::remove_file(&log);
                }
                continue;
            }
            Err(e) => return Err(e),
        };
        refused += report.errors.len();
        for (i, a) in report.audits.iter().enumerate() {
            audited += 1;
            if a.agrees() {
                agreed += 1;
            } else if let Some(w) = out.as_mut() {
                // Which game, and which of its audited hands: `--first-game` plays it again.
                let mut v = serde_json::to_value(a).expect("serializes");
                v["game"] = game.into();
                v["hand"] = (i + 1).into();
                let _ = writeln!(w, "{v}");
            }
        }
        if unmapped.is_empty() {
            unmapped.clone_from(&report.unmapped_options);
        }
        if nets.len() == before {
            // A game with no finished hand cannot happen; stop rather than loop.
            return Err(MatchError::Start {
                game,
                what: "the game ended without a hand".into(),
            });
        }
    }
    let n = nets.len() as f64;
    let mean = nets.iter().sum::<i64>() as f64 / n.max(1.0);
    let var = if nets.len() > 1 {
        nets.iter().map(|&x| (x as f64 - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let sd = var.sqrt();
    let half = 1.96 * sd / n.max(1.0).sqrt();
    Ok(MatchReport {
        bot: cfg.bot.clone(),
        hands: nets.len(),
        games,
        wins,
        washouts,
        mean,
        sd,
        ci95: (nets.len() > 1).then_some([mean - half, mean + half]),
        refused,
        abandoned,
        audited,
        agreed,
        hands_per_second: n / started.elapsed().as_secs_f64().max(1e-9),
        unmapped_options: unmapped,
    })
}
