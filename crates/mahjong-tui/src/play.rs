//! `mahjong play`: its arguments and what they set up.

use std::io::IsTerminal;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use mahjong_engine::GameConfig;
use mahjong_rules::Ruleset;
use serde_json::{Map, Value};

use crate::remote::{parse_join_link, CreateTable, RemoteTable};
use crate::text::{self, Lang, Msg};
use crate::{run, Ending, LocalTable, Session};

/// The arguments of `mahjong play`.
#[derive(Clone, Debug, clap::Args)]
pub struct PlayArgs {
    /// Preset name or ruleset file.
    #[arg(long, default_value = "millington")]
    pub ruleset: String,
    /// Override an option: key=value (repeatable).
    #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// The game's seed (default: from the clock; the title shows it, so a game can be
    /// played again).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Bots for the other seats in seat order, comma-separated (random, greedy, strong): one name
    /// for all, or one per seat.
    #[arg(long, value_delimiter = ',', default_value = "greedy")]
    pub bots: Vec<String>,
    /// Your seat (player number; player 0 is East in the first hand).
    #[arg(long, default_value_t = 0)]
    pub seat: usize,
    /// Milliseconds the bots wait before each visible move, so you can follow them.
    #[arg(long, default_value_t = 400, value_name = "MS")]
    pub delay: u64,
    /// End the game after this many hands.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_hands: Option<u32>,
    /// Play at a server's table (`mahjong serve`): http://HOST:PORT, or a join link
    /// http://HOST:PORT/table/ID?token=T.
    #[arg(long, value_name = "URL")]
    pub server: Option<String>,
    /// Join this table at --server (with --token) instead of creating one.
    #[arg(long, requires = "server", requires = "token", value_name = "ID")]
    pub table: Option<String>,
    /// Your seat's token for --table.
    #[arg(long, requires = "table", value_name = "T")]
    pub token: Option<String>,
    /// Your name at a server's table.
    #[arg(long)]
    pub name: Option<String>,
    /// Write the game's record (JSON Lines, for `mahjong replay`) to FILE as the game goes
    /// (a local game; a server keeps its own, see `mahjong replay`).
    #[arg(long, value_name = "FILE", conflicts_with = "server")]
    pub record: Option<std::path::PathBuf>,
    /// The language of the game's texts: en, cs or pl (rule names included; tile codes and
    /// keys stay the same).
    #[arg(long, default_value = "en")]
    pub lang: String,
}

/// Why `mahjong play` could not run (the CLI exits 2 with the message).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct PlayFailure(pub String);

fn fail(e: impl std::fmt::Display) -> PlayFailure {
    PlayFailure(e.to_string())
}

/// Runs `mahjong play`; the text to print once the terminal is back to normal.
pub fn play(args: &PlayArgs) -> Result<String, PlayFailure> {
    let lang: Lang = args
        .lang
        .parse()
        .map_err(|e| fail(format!("--lang: {e}")))?;
    let tr = |msg: Msg, args: &[(&str, &dyn std::fmt::Display)]| text::tr(lang, msg, args);
    let mut ruleset =
        Ruleset::named_or_file(&args.ruleset).map_err(|e| fail(format!("--ruleset: {e}")))?;
    for o in &args.options {
        ruleset.set(o).map_err(|e| fail(format!("--option: {e}")))?;
    }
    ruleset.check_playable().map_err(fail)?;
    let seats = ruleset.seats();
    if args.seat >= seats {
        return Err(fail(format!(
            "--seat {}: the table has seats 0 to {}",
            args.seat,
            seats - 1
        )));
    }
    let terminal = || {
        if std::io::stdout().is_terminal() && std::io::stdin().is_terminal() {
            Ok(())
        } else {
            Err(fail("mahjong play needs a terminal"))
        }
    };
    match &args.server {
        None => {
            let seed = args.seed.unwrap_or_else(clock_seed);
            let mut config = GameConfig::new(ruleset, seed);
            config.max_hands = args.max_hands;
            let table = LocalTable::new(config, args.seat, &args.bots)
                .map_err(fail)?
                .with_delay(Duration::from_millis(args.delay));
            // The record's file is opened before the game, so that a bad path is told at
            // once rather than after the game.
            let cannot =
                |path: &std::path::Path, e| fail(format!("--record {}: {e}", path.display()));
            let record = match &args.record {
                Some(path) => Some((
                    path,
                    std::fs::File::create(path).map_err(|e| cannot(path, e))?,
                )),
                None => None,
            };
            if let Err(e) = terminal() {
                // No game, no record: the empty file goes again.
                if let Some((path, _)) = &record {
                    let _ = std::fs::remove_file(path);
                }
                return Err(e);
            }
            // The record is written as the game goes, so a terminal that closes mid-game
            // (or a crash) leaves the hands played in it, not an empty file.
            let table = match record {
                Some((_, file)) => table.record_to(file),
                None => table,
            };
            let mut session = Session::new(args.seat, table).with_lang(lang);
            let ending = run(&mut session).map_err(fail)?;
            let mut text = match ending {
                Ending::Finished(t) => tr(
                    Msg::EndGameOverSeed,
                    &[("seed", &seed), ("totals", &totals_in(&t, args.seat, lang))],
                ),
                _ => tr(Msg::EndLeftSeed, &[("seed", &seed)]),
            };
            text.push('\n');
            if let Some(path) = &args.record {
                if let Some(e) = session.table.record_error() {
                    return Err(fail(format!("--record {}: {e}", path.display())));
                }
                text.push_str(&tr(Msg::EndRecord, &[("path", &path.display())]));
                text.push('\n');
            }
            Ok(text)
        }
        Some(server) => {
            let table = match (&args.table, &args.token, parse_join_link(server)) {
                (Some(id), Some(token), _) => RemoteTable::join(server, id, token),
                (_, _, Some((base, id, token))) => RemoteTable::join(&base, &id, &token),
                _ => {
                    let options =
                        if Ruleset::preset(&ruleset.preset).ok().as_ref() == Some(&ruleset) {
                            Map::new()
                        } else {
                            // A file or overrides: send every option, the server merges them.
                            match serde_json::to_value(&ruleset)
                                .ok()
                                .and_then(|v| v.get("options").cloned())
                            {
                                Some(Value::Object(m)) => m,
                                _ => Map::new(),
                            }
                        };
                    let create = CreateTable {
                        ruleset: ruleset.preset.clone(),
                        options,
                        seats,
                        seat: args.seat,
                        bots: args.bots.clone(),
                        seed: args.seed,
                        max_hands: args.max_hands,
                        bot_delay_ms: args.delay,
                        name: args.name.clone(),
                    };
                    create.body().map_err(fail)?;
                    terminal()?;
                    RemoteTable::create_and_join(server, &create)
                }
            }
            .map_err(fail)?;
            terminal()?;
            let rejoin = table.rejoin_args();
            let seat = table.seat();
            // Coming back keeps the language.
            let rejoin = if lang == Lang::En {
                rejoin
            } else {
                format!("{rejoin} --lang {}", lang.as_str())
            };
            let mut session = Session::new(seat, table).with_lang(lang);
            let ending = run(&mut session).map_err(fail)?;
            let mut text = match ending {
                Ending::Finished(t) => {
                    tr(Msg::EndGameOver, &[("totals", &totals_in(&t, seat, lang))])
                }
                Ending::Left => tr(Msg::EndLeftTable, &[("args", &rejoin)]),
                Ending::Closed(why) => tr(Msg::EndClosed, &[("why", &why), ("args", &rejoin)]),
            };
            text.push('\n');
            Ok(text)
        }
    }
}

fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() ^ u64::from(d.subsec_nanos()))
}

/// The final totals in words in `lang`, the player's marked: `P0 −144 · P1 (you) +104`.
fn totals_in(t: &[i64], me: usize, lang: Lang) -> String {
    let each: Vec<String> = t
        .iter()
        .enumerate()
        .map(|(p, v)| {
            let you = if p == me {
                Msg::EndYou.template(lang)
            } else {
                ""
            };
            format!("P{p}{you} {v:+}")
        })
        .collect();
    text::tr(lang, Msg::EndTotals, &[("list", &each.join(" · "))])
}

#[cfg(test)]
mod tests {
    #[test]
    fn totals_name_each_player_and_mark_the_user() {
        assert_eq!(
            super::totals_in(&[-144, -40, 104, 80], 2, super::Lang::En),
            "totals P0 -144 · P1 -40 · P2 (you) +104 · P3 +80"
        );
    }

    #[test]
    fn totals_in_czech_and_polish() {
        use super::{totals_in, Lang};
        assert_eq!(
            totals_in(&[-8, 8], 1, Lang::Cs),
            "celkem P0 -8 · P1 (vy) +8"
        );
        assert_eq!(totals_in(&[-8, 8], 0, Lang::Pl), "razem P0 (ty) -8 · P1 +8");
    }
}
