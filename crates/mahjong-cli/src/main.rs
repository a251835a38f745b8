//! `mahjong`: the command-line front end.

use std::io::{self, BufRead, BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod bot_cmd;
mod plot;
mod render;
mod replay;
mod rules_cmd;
mod serve;
mod simulate;
mod stats;

use mahjong_rules::catalogue::Lang;
use mahjong_rules::{output::ScoreJson, score_with_shape, InputError, Ruleset, Table, TableInput};

#[derive(Parser)]
#[command(
    name = "mahjong",
    version,
    about = "Mahjong rules engine: score, simulate, play"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Score a finished hand (table JSON, see docs/formats/table-json.md).
    Score {
        /// The table file, or - for standard input (the default).
        #[arg(value_name = "FILE|-")]
        file: Option<PathBuf>,
        /// Print the result as JSON instead of a readable table (before or after FILE).
        #[arg(long)]
        json: bool,
        /// Read JSON Lines (one table per line) and write one JSON result per line.
        #[arg(long)]
        batch: bool,
        /// The language of the readable sheet's labels and rule names: en, cs or pl. Tile
        /// codes, rule ids and seat letters stay as written; --json and --batch output is
        /// the same in every language.
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// Play many full games with bots and summarise them.
    Simulate {
        /// Preset name or ruleset file.
        #[arg(long, default_value = "millington")]
        ruleset: String,
        /// Override an option: key=value (repeatable).
        #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Number of games.
        #[arg(long, default_value_t = 10)]
        games: u64,
        /// Master seed: the same seed gives the same games, whatever the thread count.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Bots per seat, comma-separated (random, greedy, strong, or cmd:COMMAND: a program that
        /// plays over JSON lines, see docs/bots.md); one name plays every seat (default:
        /// greedy in every seat of the ruleset).
        #[arg(long, value_delimiter = ',')]
        bots: Vec<String>,
        /// Worker threads (0, the default: one per core; more than the machine's available
        /// parallelism are clamped to it, with a note).
        #[arg(
            long,
            default_value_t = 0,
            hide_default_value = true,
            conflicts_with = "server"
        )]
        threads: usize,
        /// Stop each game after this many hands.
        #[arg(long)]
        max_hands: Option<u32>,
        /// Write the game record (JSON Lines) to this file (`-`: standard output, and the
        /// summary goes to standard error).
        #[arg(long, value_name = "FILE", conflicts_with = "server")]
        record: Option<PathBuf>,
        /// Play over explicit walls: one hand per line, tile codes in draw order (the deal
        /// first; loose tiles are taken from the end). Later hands are shuffled.
        #[arg(long, value_name = "FILE", conflicts_with = "server")]
        wall: Option<PathBuf>,
        /// Print the summary as JSON.
        #[arg(long)]
        json: bool,
        /// Write one CSV row per hand to FILE (game, rotation, hand, dealer, winner, net per
        /// seat, and every winner: several, space-separated, when more than one won on a
        /// discard; `-`: standard output).
        #[arg(long, value_name = "FILE", conflicts_with = "server")]
        csv: Option<PathBuf>,
        /// Write one JSON object per hand to FILE (JSON Lines; the same fields as --csv; `-`:
        /// standard output).
        #[arg(long, value_name = "FILE", conflicts_with = "server")]
        jsonl: Option<PathBuf>,
        /// Draw the cumulative net per seat (per bot with --duplicate) over the hands, as SVG
        /// (`-`: standard output).
        #[arg(long, value_name = "FILE.svg", conflicts_with = "server")]
        plot: Option<PathBuf>,
        /// Duplicate play: each game is played once per rotation of the bots over the seats
        /// (the same walls each time), and results are reported per bot.
        #[arg(long, conflicts_with = "server")]
        duplicate: bool,
        /// Play the games through this server (`http://HOST:PORT`) instead: all-human
        /// tables, every seat a client-side bot over WebSocket (the server's load generator).
        #[arg(long, value_name = "URL")]
        server: Option<String>,
        /// With --server: tables in play at once.
        #[arg(long, default_value_t = 10, requires = "server")]
        concurrency: usize,
        /// With --server: each client bot waits this long before acting (a human's pace).
        #[arg(long, default_value_t = 0, requires = "server")]
        think_ms: u64,
        /// Milliseconds an external bot (cmd:COMMAND in --bots) has for each decision; a late
        /// answer is replaced by a default move and counted.
        #[arg(
            long,
            value_name = "MS",
            default_value_t = 5000,
            conflicts_with = "server"
        )]
        bot_deadline_ms: u64,
    },
    /// Run the game server: HTTP API, WebSocket tables, the browser client.
    Serve {
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1:8080")]
        bind: std::net::SocketAddr,
        /// Database: a SQLite file path, a sqlite: URL or a postgres:// URL (default: a
        /// SQLite file in the user's data directory).
        #[arg(long, value_name = "PATH|URL")]
        db: Option<String>,
        /// Largest request body, in bytes (larger: 413).
        #[arg(long, value_parser = at_least_one::<usize>, value_name = "BYTES", default_value_t = mahjong_server::Limits::default().body_bytes)]
        max_body_bytes: usize,
        /// Largest WebSocket message a client may send, in bytes (larger: close 1009).
        #[arg(long, value_parser = at_least_one::<usize>, value_name = "BYTES", default_value_t = mahjong_server::Limits::default().ws_message_bytes)]
        max_ws_message_bytes: usize,
        /// Messages waiting for one WebSocket client before it is closed as too slow (1008).
        #[arg(long, value_parser = at_least_one::<usize>, value_name = "N", default_value_t = mahjong_server::Limits::default().ws_queue)]
        ws_queue: usize,
        /// A waiting table nobody connects to is dropped after this many seconds.
        #[arg(long, value_parser = at_least_one::<u64>, value_name = "SECONDS", default_value_t = mahjong_server::Limits::default().waiting_expiry.as_secs())]
        waiting_expiry_secs: u64,
        /// Largest `limit` of a list page.
        #[arg(long, value_parser = at_least_one::<usize>, value_name = "N", default_value_t = mahjong_server::Limits::default().page_max)]
        page_max: usize,
        /// Tables in memory at once, server-wide (more: 503); 0: no limit.
        #[arg(long, value_name = "N", default_value_t = mahjong_server::Limits::default().tables_max)]
        max_tables: usize,
        /// Tables in memory at once that one client address created (more: 429); 0: no limit.
        #[arg(long, value_name = "N", default_value_t = mahjong_server::Limits::default().tables_per_client)]
        max_tables_per_client: usize,
        /// Requests per second one client address may make on average (more: 429); 0: off.
        #[arg(long, value_name = "N", default_value_t = mahjong_server::Limits::default().rate_per_second)]
        rate_per_second: u32,
        /// Requests one client address may make at once before --rate-per-second applies.
        #[arg(long, value_name = "N", default_value_t = mahjong_server::Limits::default().rate_burst)]
        rate_burst: u32,
        /// An origin (`https://example.org`) besides the server's own whose pages may
        /// write and open WebSockets; repeatable.
        #[arg(long = "allow-origin", value_name = "ORIGIN")]
        allow_origins: Vec<String>,
        /// A reverse proxy in front of the server (an address, or a range such as
        /// `10.0.0.0/8`); repeatable. A request from it counts, for the rate limit and the
        /// table caps, by the client its `X-Forwarded-For` (or --proxy-header) names.
        /// Without it every request counts by the address it came from, and the header is
        /// ignored.
        #[arg(long = "trusted-proxy", value_name = "ADDR[/BITS]", value_parser = mahjong_server::parse_trusted_proxy)]
        trusted_proxies: Vec<mahjong_server::IpNet>,
        /// The header the trusted proxies name the client in: `x-forwarded-for` (nginx,
        /// HAProxy, Caddy) or RFC 7239's `forwarded`. Only this one is read.
        #[arg(long, value_name = "HEADER", value_enum, default_value_t = ProxyHeaderArg::XForwardedFor, requires = "trusted_proxies")]
        proxy_header: ProxyHeaderArg,
    },
    /// Play a game in the terminal: against bots here, or at a server's table (--server).
    Play(mahjong_tui::PlayArgs),
    /// The server's ledgers, for its operator: give a ledger a new token.
    #[command(subcommand)]
    Ledger(LedgerCmd),
    /// Our bots at other programs' tables: play on an mj-server, or measure a bot against
    /// its robots.
    #[command(subcommand)]
    Bot(bot_cmd::BotCmd),
    /// Re-play a game record through the engine and check every event, score and payment.
    Replay {
        /// The record (JSON Lines, or pretty-printed JSON), or - for standard input.
        #[arg(value_name = "FILE|-")]
        file: PathBuf,
        /// Then print each hand as text: the deal, every event, the result.
        #[arg(long, conflicts_with = "step")]
        print: bool,
        /// Then step through the events in the terminal (keys, each followed by Enter:
        /// n or Enter next, b back, N next hand, B previous hand, q quit).
        #[arg(long, conflicts_with = "tables")]
        step: bool,
        /// Then write each finished hand as a table (JSON Lines, the format `mahjong score
        /// --batch` reads; washouts included).
        #[arg(long, conflicts_with = "print")]
        tables: bool,
    },
    /// The rule catalogue: every rule id of every family with its kind and name, or one
    /// rule (`mahjong rules M116d`) with what it says.
    Rules {
        /// One rule to show with its text: its id (`M116d`, `K3-HP12`; case and a hyphen for
        /// the dash of a range do not matter) or its key (`m116d_dragon_pung`).
        #[arg(value_name = "ID", conflicts_with = "family")]
        id: Option<String>,
        /// Only this family's rules (the names from the family registry), or a preset's
        /// family (a name from `mahjong ruleset list`).
        #[arg(long, value_name = "FAMILY|PRESET", help = format!("Only this family's rules ({}); a preset name (`mahjong ruleset list`) means its family", mahjong_rules::families::family_names().join(", ")))]
        family: Option<String>,
        /// The language of the names and texts: en, cs or pl.
        #[arg(long, default_value = "en")]
        lang: String,
        /// As JSON: [{"id", "key", "family", "kind", "names": {"en", "cs", "pl"},
        /// "text": {"en", "cs", "pl"}}, …], with "variants" where the scorer names an id
        /// several ways; with ID, that one entry.
        #[arg(long)]
        json: bool,
    },
    /// List the presets (the default), or print a ruleset as a TOML file (`mahjong ruleset
    /// NAME` is short for `mahjong ruleset show NAME`).
    #[command(args_conflicts_with_subcommands = true)]
    Ruleset {
        #[command(subcommand)]
        cmd: Option<RulesetCmd>,
        /// Preset name or path to a ruleset file (as `show`).
        name: Option<String>,
        /// Override an option: key=value (repeatable).
        #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// The presets as JSON (as `mahjong ruleset list --json`).
        #[arg(long, conflicts_with_all = ["name", "options"])]
        json: bool,
    },
}

/// `serve --proxy-header`: the server's [`mahjong_server::ProxyHeader`], as typed.
#[derive(Copy, Clone, Debug, clap::ValueEnum)]
enum ProxyHeaderArg {
    /// `X-Forwarded-For`.
    XForwardedFor,
    /// RFC 7239's `Forwarded`.
    Forwarded,
}

#[derive(Subcommand)]
enum RulesetCmd {
    /// The built-in presets with their family and a line on each.
    List {
        /// As JSON: an array of {"name", "family", "description"}.
        #[arg(long)]
        json: bool,
    },
    /// Print a ruleset (a preset or a ruleset file, with overrides) as a TOML file that
    /// `base =` and `--ruleset` read back.
    Show {
        /// Preset name (see `mahjong ruleset list`) or path to a ruleset file.
        name: String,
        /// Override an option: key=value (repeatable).
        #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
        options: Vec<String>,
    },
}

/// `mahjong ledger …`: operator tasks on the ledgers in the server's database.
#[derive(Subcommand)]
enum LedgerCmd {
    /// Give a ledger a new token and print it; the old token stops working. For a ledger
    /// made before ledger tokens existed (it has none, so takes no hands), or one whose
    /// token is lost (it is shown only when the ledger is made).
    Token {
        /// The ledger's id (as in `/api/ledgers/ID`).
        id: String,
        /// The server's database, as `mahjong serve --db` (default: the SQLite file in the
        /// user's data directory).
        #[arg(long, value_name = "PATH|URL")]
        db: Option<String>,
    },
}

/// A `serve` limit that 0 would make useless (no request body, no page, no queue): a whole
/// number, 1 or more.
fn at_least_one<T: std::str::FromStr + PartialEq + From<u8>>(s: &str) -> Result<T, String> {
    match s.parse::<T>() {
        Ok(n) if n == T::from(0) => Err("0 would leave the server unusable; give 1 or more".into()),
        Ok(n) => Ok(n),
        Err(_) => Err("not a whole number".into()),
    }
}

/// An error that ends the command: input errors exit 2.
struct Fail(String);

impl From<InputError> for Fail {
    fn from(e: InputError) -> Fail {
        Fail(e.to_string())
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Score {
            file,
            json,
            batch,
            lang,
        } => (|| {
            // Told before the input is read, as `play --lang` does; JSON ignores a valid one.
            let lang: Lang = lang.parse().map_err(|e| Fail(format!("--lang: {e}")))?;
            let path = file.unwrap_or_else(|| PathBuf::from("-"));
            if batch {
                score_batch(&path)
            } else {
                score_one(&path, json, lang)
            }
        })(),
        Command::Ruleset {
            cmd,
            name,
            options,
            json,
        } => match (cmd, name) {
            (None, None) if !options.is_empty() => Err(Fail(format!(
                "-o {} needs a ruleset to change: mahjong ruleset NAME -o {}",
                options[0], options[0]
            ))),
            (Some(RulesetCmd::List { json }), _) => list_presets(json),
            (Some(RulesetCmd::Show { name, options }), _) => show_ruleset(&name, &options),
            (None, Some(name)) => show_ruleset(&name, &options),
            // Bare `mahjong ruleset`: what a newcomer wants first is the list.
            (None, None) => list_presets(json),
        },
        Command::Simulate {
            ruleset,
            options,
            games,
            seed,
            bots,
            threads,
            max_hands,
            record,
            wall,
            json,
            csv,
            jsonl,
            plot,
            duplicate,
            server,
            concurrency,
            think_ms,
            bot_deadline_ms,
        } => (|| {
            simulate::check_counts(games, max_hands).map_err(Fail)?;
            // A family the engine cannot play yet (scored only) is refused before any game.
            if let Ok(r) = Ruleset::named_or_file(&ruleset) {
                r.check_playable().map_err(Fail)?;
            }
            if let Some(server) = server {
                // The HTTP client's own error for a bad address says only "builder error".
                let host = server
                    .strip_prefix("http://")
                    .or_else(|| server.strip_prefix("https://"));
                if host.is_none_or(|h| h.trim_matches('/').is_empty()) {
                    return Err(Fail(format!(
                        "--server {server:?}: not a server address (give http://HOST:PORT, as `mahjong serve` prints it)"
                    )));
                }
                let bots = if bots.is_empty() {
                    vec!["greedy".to_string()]
                } else {
                    bots
                };
                let cfg = mahjong_server::load::LoadConfig {
                    server,
                    games,
                    concurrency,
                    ruleset,
                    options: serve::options_map(&options).map_err(Fail)?,
                    bots,
                    max_hands,
                    think_ms,
                    seed,
                };
                return serve::simulate_server(cfg, json).map_err(Fail);
            }
            let mut r =
                Ruleset::named_or_file(&ruleset).map_err(|e| Fail(format!("--ruleset: {e}")))?;
            for o in &options {
                r.set(o).map_err(|e| Fail(format!("--option: {e}")))?;
            }
            // An option whose play is not built is refused too.
            r.check_playable().map_err(Fail)?;
            let walls = match &wall {
                Some(p) => simulate::read_walls(p, &r).map_err(Fail)?,
                None => vec![],
            };
            let cfg = simulate::SimConfig {
                ruleset: r,
                games,
                seed,
                bots,
                threads,
                max_hands,
                walls,
                duplicate,
                outputs: simulate::Outputs { csv, jsonl, plot },
                bot_deadline: std::time::Duration::from_millis(bot_deadline_ms),
            };
            let o = &cfg.outputs;
            let summary_to_stderr = simulate::check_outputs(&[
                ("--record", record.as_deref()),
                ("--csv", o.csv.as_deref()),
                ("--jsonl", o.jsonl.as_deref()),
                ("--plot", o.plot.as_deref()),
            ])
            .map_err(Fail)?;
            simulate::check_plot(o.plot.as_deref()).map_err(Fail)?;
            let mut file = match &record {
                Some(p) => Some(simulate::create_output("--record", p).map_err(Fail)?),
                None => None,
            };
            let summary =
                simulate::run(&cfg, file.as_mut().map(|f| f as &mut dyn Write)).map_err(Fail)?;
            if let (Some(mut f), Some(p)) = (file, &record) {
                f.flush()
                    .map_err(|e| Fail(format!("--record: {}: {e}", p.display())))?;
            }
            let out = if json {
                let mut s = serde_json::to_string_pretty(&summary).expect("serializes");
                s.push('\n');
                s
            } else {
                simulate::render(&summary)
            };
            if summary_to_stderr {
                eprint!("{out}");
            } else {
                write_stdout(out.as_bytes())?;
            }
            Ok(ExitCode::SUCCESS)
        })(),
        Command::Replay {
            file,
            print,
            step,
            tables,
        } => {
            let mode = match (print, step, tables) {
                (true, _, _) => replay::Mode::Print,
                (_, true, _) => replay::Mode::Step,
                (_, _, true) => replay::Mode::Tables,
                _ => replay::Mode::Check,
            };
            replay(&file, mode)
        }
        Command::Rules {
            id,
            family,
            lang,
            json,
        } => match id {
            Some(id) => rules_cmd::one(&id, &lang, json),
            None => rules_cmd::run(family.as_deref(), &lang, json),
        }
        .map_err(Fail)
        .and_then(|out| write_stdout(out.as_bytes()).map(|_| ExitCode::SUCCESS)),
        Command::Serve {
            bind,
            db,
            max_body_bytes,
            max_ws_message_bytes,
            ws_queue,
            waiting_expiry_secs,
            page_max,
            max_tables,
            max_tables_per_client,
            rate_per_second,
            rate_burst,
            allow_origins,
            trusted_proxies,
            proxy_header,
        } => {
            let limits = mahjong_server::Limits {
                body_bytes: max_body_bytes,
                ws_message_bytes: max_ws_message_bytes,
                ws_queue,
                waiting_expiry: std::time::Duration::from_secs(waiting_expiry_secs),
                page_max,
                tables_max: max_tables,
                tables_per_client: max_tables_per_client,
                rate_per_second,
                rate_burst,
                allow_origins,
                trusted_proxies,
                proxy_header: match proxy_header {
                    ProxyHeaderArg::XForwardedFor => mahjong_server::ProxyHeader::XForwardedFor,
                    ProxyHeaderArg::Forwarded => mahjong_server::ProxyHeader::Forwarded,
                },
                ..Default::default()
            };
            serve::serve(bind, db, limits).map_err(Fail)
        }
        Command::Ledger(LedgerCmd::Token { id, db }) => serve::ledger_token(&id, db).map_err(Fail),
        Command::Bot(cmd) => bot_cmd::run(cmd),
        Command::Play(args) => mahjong_tui::play(&args)
            .map_err(|e| Fail(e.0))
            .and_then(|msg| write_stdout(msg.as_bytes()).map(|_| ExitCode::SUCCESS)),
    };
    match result {
        Ok(code) => code,
        Err(Fail(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}

fn read_input(path: &PathBuf) -> Result<String, Fail> {
    let mut text = String::new();
    if path.as_os_str() == "-" {
        io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| Fail(format!("standard input: {e}")))?;
    } else {
        text =
            std::fs::read_to_string(path).map_err(|e| Fail(format!("{}: {e}", path.display())))?;
    }
    Ok(text)
}

fn score_one(path: &PathBuf, as_json: bool, lang: Lang) -> Result<ExitCode, Fail> {
    let stdin = path.as_os_str() == "-";
    if stdin && io::stdin().is_terminal() {
        // A newcomer who types `mahjong score` alone would otherwise face a silent prompt.
        eprintln!(
            "reading a table (JSON, docs/formats/table-json.md) from standard input; end it with \
             Ctrl-D, or give a file: mahjong score examples/seed000-settlement.json"
        );
    }
    let text = read_input(path)?;
    let what = source_name(path);
    if text.trim().is_empty() {
        return Err(Fail(format!(
            "{what}: empty; a table is a JSON object (docs/formats/table-json.md), \
             for example mahjong score examples/seed000-settlement.json"
        )));
    }
    // Every error names the source first: a user scoring several files sees which one.
    let named = |e: InputError| Fail(format!("{what}: {}", located(&e)));
    let input = TableInput::from_json(&text).map_err(named)?;
    let (ruleset, table, outcome) = mahjong_rules::score_input(&input).map_err(named)?;
    let out = if as_json {
        let mut s = serde_json::to_string_pretty(&ScoreJson(&outcome)).expect("serializes");
        s.push('\n');
        s
    } else {
        render::table(&ruleset, &table, &outcome, lang)
    };
    write_stdout(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// How an error names the input: its path, or `standard input` for `-`.
fn source_name(path: &Path) -> String {
    if simulate::is_stdout(path) {
        "standard input".to_string()
    } else {
        path.display().to_string()
    }
}

/// An input error after the source's name: the field path and what is wrong, or for the
/// whole input (syntax, not an object) only what is wrong, as the source name says where.
fn located(e: &InputError) -> String {
    if e.path == "input" {
        e.message.clone()
    } else {
        e.to_string()
    }
}

fn write_stdout(bytes: &[u8]) -> Result<(), Fail> {
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|_| out.flush()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        r => r.map_err(|e| Fail(format!("standard output: {e}"))),
    }
}

/// Scores JSON Lines. A bad line gets an `{"error": …}` line in its place (so output lines
/// stay aligned with input lines), a message on stderr, and exit status 2 at the end.
fn score_batch(path: &PathBuf) -> Result<ExitCode, Fail> {
    let what = source_name(path);
    let mut reader: Box<dyn BufRead> = if path.as_os_str() == "-" {
        Box::new(io::stdin().lock())
    } else {
        let f = std::fs::File::open(path).map_err(|e| Fail(format!("{}: {e}", path.display())))?;
        Box::new(io::BufReader::with_capacity(1 << 16, f))
    };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut cache: Option<(
        String,
        serde_json::Map<String, serde_json::Value>,
        Ruleset,
        mahjong_hands::Shape,
    )> = None;
    let mut failures = 0usize;
    let mut line_buf = Vec::new();
    let mut raw = Vec::new();
    for n in 0usize.. {
        // Bytes, not `lines()`: a line that is not UTF-8 is one bad line, not the end.
        raw.clear();
        let got = reader
            .read_until(b'\n', &mut raw)
            .map_err(|e| Fail(format!("{what} line {}: {e}", n + 1)))?;
        if got == 0 {
            break;
        }
        let bytes = raw.strip_suffix(b"\n").unwrap_or(&raw);
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        let text = std::str::from_utf8(bytes);
        if text.is_ok_and(|t| t.trim().is_empty()) {
            continue;
        }
        line_buf.clear();
        let result = (|| -> Result<(), InputError> {
            let line = text.map_err(|e| InputError {
                path: "input".into(),
                message: format!("not valid UTF-8 (byte {} of the line)", e.valid_up_to() + 1),
            })?;
            let input = TableInput::from_json(line).map_err(|mut e| {
                // A pretty-printed table fails line by line; say what a line must be.
                if e.path == "input" {
                    // Each line is parsed alone, so serde's line is always 1: only the
                    // file's line number (before the message) is worth giving.
                    const SERDE_AT: &str = " at line 1 column ";
                    if let Some(i) = e.message.rfind(SERDE_AT) {
                        e.message
                            .replace_range(i..i + SERDE_AT.len(), " at column ");
                    }
                    e.message.push_str(
                        " (with --batch each line must hold one whole table: JSON Lines)",
                    );
                }
                e
            })?;
            // Rulesets repeat from line to line: resolve each distinct one once.
            let fresh =
                !matches!(&cache, Some((r, o, _, _)) if *r == input.ruleset && *o == input.options);
            if fresh {
                let ruleset = mahjong_rules::ruleset_of(&input)?;
                let shape = mahjong_hands::Shape::of(&ruleset.tile_set());
                cache = Some((input.ruleset.clone(), input.options.clone(), ruleset, shape));
            }
            let (_, _, ruleset, shape) = cache.as_ref().expect("cached");
            let table = Table::validate(&input, ruleset)?;
            let outcome = score_with_shape(&table, ruleset, shape)?;
            serde_json::to_writer(&mut line_buf, &ScoreJson(&outcome)).expect("serializes");
            Ok(())
        })();
        if let Err(e) = result {
            failures += 1;
            let msg = format!("{what} line {}: {}", n + 1, located(&e));
            eprintln!("error: {msg}");
            line_buf.clear();
            serde_json::to_writer(&mut line_buf, &serde_json::json!({ "error": msg }))
                .expect("serializes");
        }
        line_buf.push(b'\n');
        if let Err(e) = out.write_all(&line_buf) {
            if e.kind() == io::ErrorKind::BrokenPipe {
                return Ok(ExitCode::SUCCESS);
            }
            return Err(Fail(format!("standard output: {e}")));
        }
    }
    match out.flush() {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            return Err(Fail(format!("standard output: {e}")))
        }
        _ => {}
    }
    Ok(if failures > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// Replays a record: exit 0 when everything agrees, 1 at the first disagreement, 2 when
/// the record cannot be read (see `replay.rs`).
fn replay(path: &PathBuf, mode: replay::Mode) -> Result<ExitCode, Fail> {
    if mode == replay::Mode::Step && path.as_os_str() == "-" {
        return Err(Fail(
            "--step reads its keys from standard input: give the record as a file".into(),
        ));
    }
    let text = read_input(path)?;
    let code = replay::run(&source_name(path), &text, mode).map_err(Fail)?;
    Ok(ExitCode::from(code))
}

fn list_presets(json: bool) -> Result<ExitCode, Fail> {
    let presets = mahjong_rules::presets();
    let text = if json {
        let mut t = serde_json::to_string_pretty(&presets).expect("presets serialize");
        t.push('\n');
        t
    } else {
        let width = presets.iter().map(|p| p.name.len()).max().unwrap_or(0);
        let fam = presets.iter().map(|p| p.family.len()).max().unwrap_or(0);
        presets
            .iter()
            .map(|p| {
                format!(
                    "{:<width$}  {:<fam$}  {}\n",
                    p.name, p.family, p.description
                )
            })
            .collect()
    };
    write_stdout(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

fn show_ruleset(name: &str, options: &[String]) -> Result<ExitCode, Fail> {
    let mut r = Ruleset::named_or_file(name).map_err(|e| Fail(e.to_string()))?;
    for o in options {
        r.set(o).map_err(|e| Fail(e.to_string()))?;
    }
    // A changed ruleset is not the one named: its file says how it differs (a table or a
    // record names the ruleset by this), and still starts from the same base.
    if !options.is_empty() {
        r.name = format!("{} with {}", r.name, options.join(", "));
    }
    write_stdout(r.to_toml().as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
