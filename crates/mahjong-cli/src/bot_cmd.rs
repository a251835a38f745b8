//! `mahjong bot`: our bots at other programs' tables.

use std::io::{BufReader, Read, Write};
use std::net::TcpStream;
use std::os::unix::net::UnixStream;
use std::process::ExitCode;

use clap::Subcommand;
use mahjong_bots::{bot_for_ruleset, BOT_NAMES};
use mahjong_mj::{play, run_match, MatchConfig, Seat};
use mahjong_rules::Ruleset;

use crate::Fail;

#[derive(Subcommand)]
pub enum BotCmd {
    /// Play one game as one player at an mj-server table (J. C. Bradfield's Millington
    /// server, Debian package `mah-jong`).
    Mj {
        /// The server: HOST:PORT, or the path of its unix socket (as mj-server's own
        /// --server).
        #[arg(long, value_name = "ADDR")]
        server: String,
        /// Our name at the table.
        #[arg(long, default_value = "mahjong")]
        name: String,
        /// The bot that plays (random, greedy, strong).
        #[arg(long, default_value = "greedy")]
        bot: String,
        /// The bot's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Measure a bot against three mj-player robots: starts mj-server on a unix socket,
    /// plays games (our seat rotated game by game) until HANDS hands are played, and
    /// prints our net points per hand with a 95 % confidence interval.
    MjMatch {
        /// Hands to play.
        #[arg(long, default_value_t = 100)]
        hands: usize,
        /// The bot that plays (random, greedy, strong).
        #[arg(long, default_value = "greedy")]
        bot: String,
        /// Seed of our bot and of the server's walls.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
        /// Write every hand our scorer scores differently from the server to FILE (JSON
        /// Lines: our table JSON, both scores and settlements, the server's explanation, and
        /// the game and hand, which --first-game plays again).
        #[arg(long, value_name = "FILE")]
        disagreements: Option<std::path::PathBuf>,
        /// Start at game N of the match (each game depends only on --seed and its number,
        /// so this plays game N of a longer match again).
        #[arg(long, value_name = "N", default_value_t = 0)]
        first_game: usize,
    },
}

/// Runs a `bot` subcommand: input errors are `Err` (exit 2); a game that fails prints its
/// reason and exits 1.
pub fn run(cmd: BotCmd) -> Result<ExitCode, Fail> {
    match cmd {
        BotCmd::Mj {
            server,
            name,
            bot,
            seed,
        } => one_game(&server, &name, &bot, seed),
        BotCmd::MjMatch {
            hands,
            bot,
            seed,
            json,
            disagreements,
            first_game,
        } => a_match(hands, &bot, seed, json, disagreements, first_game),
    }
}

/// `count` with its English noun: "1 game", "2 games".
fn n(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

fn unknown_bot(bot: &str) -> Fail {
    Fail(format!(
        "--bot: unknown bot {bot:?} (known: {})",
        BOT_NAMES.join(", ")
    ))
}

fn one_game(server: &str, name: &str, bot: &str, seed: u64) -> Result<ExitCode, Fail> {
    let ruleset = Ruleset::preset("bradfield").expect("bradfield is a built-in preset");
    let b = bot_for_ruleset(bot, &ruleset, seed).ok_or_else(|| unknown_bot(bot))?;
    if name.is_empty() || name.contains(char::is_whitespace) {
        return Err(Fail(format!(
            "--name {name:?}: a name is one word (the server reads it to the end of the line)"
        )));
    }
    let mut seat = Seat::new(b, &ruleset, name);
    let io_err = |e: std::io::Error| Fail(format!("--server {server}: {e}"));
    // A path (with a slash, or no colon) is a unix socket, as mj-server reads --server.
    let result = if server.contains('/') || !server.contains(':') {
        let s = UnixStream::connect(server).map_err(io_err)?;
        let r = s.try_clone().map_err(io_err)?;
        play_over(&mut seat, s, r).map_err(io_err)?
    } else {
        let s = TcpStream::connect(server).map_err(io_err)?;
        // The server does not set TCP_NODELAY; at least our side sends at once.
        let _ = s.set_nodelay(true);
        let r = s.try_clone().map_err(io_err)?;
        play_over(&mut seat, s, r).map_err(io_err)?
    };
    let report = seat.report();
    let ours = report.ids.iter().position(|&i| i == report.id);
    let total = ours.map_or(0, |i| report.totals[i]);
    println!(
        "{}, our total {total:+} (scores by seat: {:?}), {}",
        n(report.hands.len(), "hand", "hands"),
        report.totals,
        n(report.errors.len(), "refused request", "refused requests")
    );
    match result {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => {
            eprintln!("error: {e}");
            Ok(ExitCode::from(1))
        }
    }
}

/// Says hello on `writer` and plays the game, printing each hand's result.
fn play_over<S: Read + Write>(
    seat: &mut Seat,
    mut writer: S,
    reader: S,
) -> std::io::Result<Result<(), mahjong_mj::ClientError>> {
    writer.write_all(format!("{}\r\n", seat.hello()).as_bytes())?;
    let mut reader = BufReader::new(reader);
    Ok(play(seat, &mut reader, &mut writer, |h| {
        eprintln!("hand: {} {:+}", h.wind.letter(), h.net);
        true
    }))
}

fn a_match(
    hands: usize,
    bot: &str,
    seed: u64,
    json: bool,
    disagreements: Option<std::path::PathBuf>,
    first_game: usize,
) -> Result<ExitCode, Fail> {
    if hands == 0 {
        return Err(Fail("--hands must be at least 1".into()));
    }
    let ruleset = Ruleset::preset("bradfield").expect("bradfield is a built-in preset");
    bot_for_ruleset(bot, &ruleset, seed).ok_or_else(|| unknown_bot(bot))?;
    let mut cfg = MatchConfig::new(hands, bot, seed).map_err(|e| Fail(e.to_string()))?;
    cfg.disagreements = disagreements;
    cfg.first_game = first_game;
    let bar = indicatif::ProgressBar::new(hands as u64);
    if json {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let report = run_match(&cfg, |n| bar.set_position(n as u64));
    bar.finish_and_clear();
    let report = match report {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    let out = if json {
        serde_json::to_string_pretty(&report).expect("serializes") + "\n"
    } else {
        format!(
            "{bot} against three mj-player robots on mj-server: {} in {}\n\
             net per hand: {:+.1} {}\n\
             won {} ({:.1}%), {}, {}, {} abandoned, {:.0} hands/s\n\
             our scorer agrees with the server's on {} of {}\n",
            n(report.hands, "hand", "hands"),
            n(report.games, "game", "games"),
            report.mean,
            match report.ci95 {
                Some([lo, hi]) => format!("(95% CI {lo:+.1} to {hi:+.1}), sd {:.0}", report.sd),
                None => "(one hand: no interval)".to_string(),
            },
            n(report.wins, "hand", "hands"),
            100.0 * report.wins as f64 / report.hands.max(1) as f64,
            n(report.washouts, "washout", "washouts"),
            n(report.refused, "refused request", "refused requests"),
            n(report.abandoned, "game", "games"),
            report.hands_per_second,
            report.agreed,
            n(report.audited, "hand", "hands"),
        )
    };
    crate::write_stdout(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
