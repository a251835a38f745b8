//! `mahjong serve` and `mahjong simulate --server`: the game server and its load generator.

use std::io::IsTerminal;
use std::net::SocketAddr;
use std::process::ExitCode;

use mahjong_server::load::{self, LoadConfig};
use mahjong_server::{db_url, default_db_path, Limits, ServerConfig};

/// Runs the server until Ctrl-C (SIGINT) or SIGTERM.
pub fn serve(bind: SocketAddr, db: Option<String>, limits: Limits) -> Result<ExitCode, String> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        // Colours only on a terminal: a log file gets plain text.
        .with_ansi(std::io::stderr().is_terminal())
        .init();
    let db = db_or_default(db);
    runtime()?.block_on(async {
        let stop = stop_signal().map_err(|e| format!("signals: {e}"))?;
        mahjong_server::serve(ServerConfig { bind, db, limits }, stop)
            .await
            .map_err(|e| e.to_string())
    })?;
    Ok(ExitCode::SUCCESS)
}

/// `mahjong ledger token ID`: gives the ledger a new token and prints it.
pub fn ledger_token(id: &str, db: Option<String>) -> Result<ExitCode, String> {
    let given = given_db(db);
    let db = db_url(&given);
    // `db_url` leaves a URL as it is and makes a path one.
    let file = db != given;
    // A file that is not there holds no ledger: say which, rather than create an empty one.
    if file && !std::path::Path::new(&given).exists() {
        return Err(format!(
            "no database at {given} (`mahjong serve --db {given}` keeps ledgers there)"
        ));
    }
    // Named in the errors: the file, never a URL (it may hold a password).
    let shown = if file {
        format!("the database {given}")
    } else {
        "the database of --db".to_string()
    };
    let token = runtime()?.block_on(async {
        let store = mahjong_server::Store::open(&db)
            .await
            .map_err(|e| format!("--db: {e}"))?;
        let token = store
            .reissue_ledger_token(id)
            .await
            .map_err(|e| format!("--db: {e}"))?;
        store.close().await;
        token.ok_or_else(|| format!("no ledger {id:?} in {shown}"))
    })?;
    println!("{token}");
    Ok(ExitCode::SUCCESS)
}

/// The database URL of `--db`, or the SQLite file in the user's data directory.
fn db_or_default(db: Option<String>) -> String {
    db_url(&given_db(db))
}

/// `--db` as given, or the SQLite file in the user's data directory.
fn given_db(db: Option<String>) -> String {
    db.unwrap_or_else(|| default_db_path().display().to_string())
}

fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Runtime::new().map_err(|e| format!("runtime: {e}"))
}

/// Completes on Ctrl-C (SIGINT) or, on Unix, SIGTERM, with a log line naming it.
fn stop_signal() -> std::io::Result<impl std::future::Future<Output = ()> + Send + 'static> {
    #[cfg(unix)]
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    Ok(async move {
        #[cfg(unix)]
        let term = term.recv();
        #[cfg(not(unix))]
        let term = std::future::pending::<Option<()>>();
        tokio::select! {
            _ = tokio::signal::ctrl_c() => tracing::info!("SIGINT (Ctrl-C): shutting down"),
            _ = term => tracing::info!("SIGTERM: shutting down"),
        }
    })
}

/// Plays bot games through a server and prints the load report.
pub fn simulate_server(cfg: LoadConfig, json: bool) -> Result<ExitCode, String> {
    let report = runtime()?.block_on(load::run(cfg))?;
    let out = if json {
        let mut s = serde_json::to_string_pretty(&report).expect("serializes");
        s.push('\n');
        s
    } else {
        load::render(&report)
    };
    print!("{out}");
    Ok(if report.errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `-o key=value` options as a JSON map (a value is JSON if it parses, else a string).
pub fn options_map(
    options: &[String],
) -> Result<serde_json::Map<String, serde_json::Value>, String> {
    let mut m = serde_json::Map::new();
    for o in options {
        let (k, v) = o
            .split_once('=')
            .ok_or_else(|| format!("--option {o}: expected key=value"))?;
        let value = serde_json::from_str(v).unwrap_or_else(|_| serde_json::Value::String(v.into()));
        m.insert(k.trim().to_string(), value);
    }
    Ok(m)
}
