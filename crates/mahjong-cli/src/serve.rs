//! `mahjong serve` and `mahjong simulate --server`: the game server and its load generator.

use std::net::SocketAddr;
use std::process::ExitCode;

use mahjong_server::load::{self, LoadConfig};
use mahjong_server::{db_url, default_db_path, ServerConfig};

/// Runs the server until Ctrl-C.
pub fn serve(bind: SocketAddr, db: Option<String>) -> Result<ExitCode, String> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .init();
    let db = db_url(&db.unwrap_or_else(|| default_db_path().display().to_string()));
    let runtime = tokio::runtime::Runtime::new().map_err(|e| format!("runtime: {e}"))?;
    runtime
        .block_on(mahjong_server::serve(ServerConfig { bind, db }, async {
            let _ = tokio::signal::ctrl_c().await;
            tracing::info!("Ctrl-C: shutting down");
        }))
        .map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}

/// Plays bot games through a server and prints the load report.
pub fn simulate_server(cfg: LoadConfig, json: bool) -> Result<ExitCode, String> {
    let runtime = tokio::runtime::Runtime::new().map_err(|e| format!("runtime: {e}"))?;
    let report = runtime.block_on(load::run(cfg))?;
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
