//! The load generator behind `mahjong simulate --server`: creates tables whose seats are all
//! human through the API and plays every seat over its own WebSocket with a bot on the
//! client side, measuring each move's latency (from sending an action to receiving the
//! `state` that acknowledges it).

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mahjong_client::{Client, ServerMsg};
use mahjong_engine::SeatView;
use mahjong_rules::Ruleset;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use tokio::sync::Semaphore;

use crate::table::derive_seed;

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    /// Server base URL (`http://127.0.0.1:8080`).
    pub server: String,
    /// Games to play in all.
    pub games: u64,
    /// Tables in play at once.
    pub concurrency: usize,
    /// Preset name.
    pub ruleset: String,
    /// Ruleset option overrides.
    pub options: Map<String, Value>,
    /// Client bots per seat (cycled if shorter than the seat count).
    pub bots: Vec<String>,
    /// Stop each game after this many hands.
    pub max_hands: Option<u32>,
    /// Each client bot waits this long before acting (a human's pace; 0: at once).
    pub think_ms: u64,
    /// Master seed: game `i` gets seed `derive_seed(seed, i)`.
    pub seed: u64,
}

/// What a run measured.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct LoadReport {
    /// Games started.
    pub games: u64,
    /// Games every seat saw to `game_over`.
    pub completed: u64,
    /// Failures: refused actions, HTTP or WebSocket errors, games cut short.
    pub errors: u64,
    /// The first few errors, as text.
    pub error_samples: Vec<String>,
    /// Moves (actions acknowledged).
    pub moves: u64,
    /// Move latency percentiles, milliseconds.
    pub latency_ms: Percentiles,
    /// Wall time, seconds.
    pub seconds: f64,
    /// Moves per second.
    pub moves_per_second: f64,
    /// The server's resident memory before the run (from `/api/health`), bytes.
    pub server_rss_before: Option<u64>,
    /// The most the server held while tables were live, bytes.
    pub server_rss_peak: Option<u64>,
    /// Live tables when the peak was seen.
    pub live_tables_at_peak: Option<u64>,
    /// (peak − before) / live tables at the peak, bytes.
    pub bytes_per_table: Option<u64>,
}

/// Latency percentiles.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Percentiles {
    /// Median.
    pub p50: f64,
    /// 90th percentile.
    pub p90: f64,
    /// 99th percentile.
    pub p99: f64,
    /// Maximum.
    pub max: f64,
}

impl Percentiles {
    fn of(mut micros: Vec<u32>) -> Percentiles {
        if micros.is_empty() {
            return Percentiles::default();
        }
        micros.sort_unstable();
        let at = |q: f64| {
            let i = ((micros.len() as f64 * q).ceil() as usize).clamp(1, micros.len()) - 1;
            micros[i] as f64 / 1000.0
        };
        Percentiles {
            p50: at(0.50),
            p90: at(0.90),
            p99: at(0.99),
            max: *micros.last().expect("not empty") as f64 / 1000.0,
        }
    }
}

#[derive(Default)]
struct Totals {
    completed: u64,
    errors: u64,
    samples: Vec<String>,
    latencies: Vec<u32>,
}

impl Totals {
    fn error(&mut self, e: String) {
        self.errors += 1;
        if self.samples.len() < 10 {
            self.samples.push(e);
        }
    }
}

/// Runs the load and reports.
pub async fn run(cfg: LoadConfig) -> Result<LoadReport, String> {
    let mut ruleset = Ruleset::preset(&cfg.ruleset).map_err(|e| {
        // A file works for local games but a server's tables take presets and options.
        if std::path::Path::new(&cfg.ruleset).is_file() {
            format!(
                "--ruleset {:?}: with --server the ruleset is a preset (`mahjong ruleset` lists them), changed with --option",
                cfg.ruleset
            )
        } else {
            format!("--ruleset: {e}")
        }
    })?;
    ruleset
        .apply(&cfg.options)
        .map_err(|e| format!("--option: {e}"))?;
    let seats = ruleset.seats();
    if cfg.bots.is_empty() {
        return Err("--bots: at least one bot".into());
    }
    mahjong_bots::seat_bots(&cfg.bots, seats, false).map_err(|e| format!("--bots: {e}"))?;
    let client = Client::new(&cfg.server);
    let health = client
        .get_json("/api/health")
        .await
        .map_err(|e| format!("{}: {e}", cfg.server))?;
    let rss_before = health.get("rss_bytes").and_then(Value::as_u64);
    let totals = Arc::new(Mutex::new(Totals::default()));
    let limit = Arc::new(Semaphore::new(cfg.concurrency.max(1)));
    let cfg = Arc::new(cfg);
    let ruleset = Arc::new(ruleset);
    let start = Instant::now();
    let finished = Arc::new(std::sync::atomic::AtomicBool::new(false));
    // Watch the server's memory while tables are live.
    let watcher = {
        let client = client.clone();
        let finished = finished.clone();
        tokio::spawn(async move {
            let mut peak: Option<(u64, u64)> = None;
            while !finished.load(std::sync::atomic::Ordering::Relaxed) {
                if let Ok(h) = client.get_json("/api/health").await {
                    if let (Some(r), Some(t)) = (
                        h.get("rss_bytes").and_then(Value::as_u64),
                        h.get("tables").and_then(Value::as_u64),
                    ) {
                        if peak.is_none_or(|(pr, _)| r > pr) {
                            peak = Some((r, t));
                        }
                    }
                }
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            peak
        })
    };
    let mut tasks = Vec::new();
    for g in 0..cfg.games {
        let permit = limit.clone().acquire_owned().await.expect("open");
        let (client, cfg, ruleset, totals) =
            (client.clone(), cfg.clone(), ruleset.clone(), totals.clone());
        tasks.push(tokio::spawn(async move {
            let seed = derive_seed(cfg.seed, g);
            if let Err(e) = play_table(&client, &cfg, &ruleset, seats, seed, &totals).await {
                totals.lock().expect("totals").error(e);
            }
            drop(permit);
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    finished.store(true, std::sync::atomic::Ordering::Relaxed);
    let peak = watcher.await.ok().flatten();
    let seconds = start.elapsed().as_secs_f64();
    let t = std::mem::take(&mut *totals.lock().expect("totals"));
    let moves = t.latencies.len() as u64;
    Ok(LoadReport {
        games: cfg.games,
        completed: t.completed,
        errors: t.errors,
        error_samples: t.samples,
        moves,
        latency_ms: Percentiles::of(t.latencies),
        seconds,
        moves_per_second: moves as f64 / seconds.max(1e-9),
        server_rss_before: rss_before,
        server_rss_peak: peak.map(|p| p.0),
        live_tables_at_peak: peak.map(|p| p.1),
        bytes_per_table: match (rss_before, peak) {
            (Some(b), Some((r, t))) if t > 0 => Some(r.saturating_sub(b) / t),
            _ => None,
        },
    })
}

async fn play_table(
    client: &Client,
    cfg: &LoadConfig,
    ruleset: &Ruleset,
    seats: usize,
    seed: u64,
    totals: &Mutex<Totals>,
) -> Result<(), String> {
    let mut req = json!({
        "ruleset": cfg.ruleset, "options": cfg.options, "seats": vec!["human"; seats], "seed": seed,
    });
    if let Some(h) = cfg.max_hands {
        req["max_hands"] = json!(h);
    }
    let table = client
        .create_table(&req)
        .await
        .map_err(|e| format!("creating a table: {e}"))?;
    let id = table.id;
    let mut seat_tasks = Vec::new();
    for s in 0..seats {
        let token = table
            .seats
            .get(s)
            .and_then(|seat| seat.token.clone())
            .ok_or("no token")?;
        let bot_name = cfg.bots[s % cfg.bots.len()].clone();
        let bot =
            mahjong_bots::bot_for_ruleset(&bot_name, ruleset, derive_seed(seed, 1000 + s as u64))
                .ok_or_else(|| format!("unknown bot {bot_name}"))?;
        let client = client.clone();
        let id = id.clone();
        let think = Duration::from_millis(cfg.think_ms);
        seat_tasks.push(tokio::spawn(async move {
            play_seat(&client, &id, &token, bot, think).await
        }));
    }
    let mut all_done = true;
    let mut lat = Vec::new();
    let mut errs = Vec::new();
    for t in seat_tasks {
        match t.await {
            Ok(r) => {
                lat.extend(r.latencies);
                errs.extend(r.errors);
                all_done &= r.game_over;
            }
            Err(e) => {
                errs.push(format!("seat task: {e}"));
                all_done = false;
            }
        }
    }
    let mut t = totals.lock().expect("totals");
    t.latencies.extend(lat);
    for e in errs {
        t.error(format!("table {id}: {e}"));
    }
    if all_done {
        t.completed += 1;
    } else {
        t.error(format!(
            "table {id}: the game did not reach game_over for every seat"
        ));
    }
    Ok(())
}

struct SeatResult {
    latencies: Vec<u32>,
    errors: Vec<String>,
    game_over: bool,
}

async fn play_seat(
    client: &Client,
    table: &str,
    token: &str,
    mut bot: Box<dyn mahjong_bots::Bot>,
    think: Duration,
) -> SeatResult {
    let mut out = SeatResult {
        latencies: vec![],
        errors: vec![],
        game_over: false,
    };
    let mut conn = match client.connect(table, Some(token)).await {
        Ok(c) => c,
        Err(e) => {
            out.errors.push(format!("connecting: {e}"));
            return out;
        }
    };
    let mut next_id = 0u64;
    let mut pending: Option<(u64, Instant)> = None;
    let mut latest: Option<SeatView> = None;
    let mut act_at: Option<tokio::time::Instant> = None;
    loop {
        let msg = match act_at {
            Some(at) => tokio::select! {
                m = conn.recv_as::<SeatView>() => m,
                _ = tokio::time::sleep_until(at) => {
                    act_at = None;
                    if let Some(v) = &latest {
                        if pending.is_none() && !v.legal.is_empty() {
                            let action = bot.act(v);
                            next_id += 1;
                            pending = Some((next_id, Instant::now()));
                            if let Err(e) = conn.act_with_id(action, next_id).await {
                                out.errors.push(format!("sending: {e}"));
                                return out;
                            }
                        }
                    }
                    continue;
                }
            },
            None => conn.recv_as::<SeatView>().await,
        };
        let msg = match msg {
            Ok(Some(m)) => m,
            Ok(None) => break,
            Err(e @ mahjong_client::ClientError::Protocol(_)) => {
                out.errors.push(format!("unreadable message: {e}"));
                continue;
            }
            Err(e) => {
                out.errors.push(format!("{e}"));
                break;
            }
        };
        match msg {
            ServerMsg::State { view, ack, .. } => {
                if let (Some((id, sent)), Some(ack)) = (pending, ack.and_then(|a| a.as_u64())) {
                    if ack == id {
                        out.latencies
                            .push(sent.elapsed().as_micros().min(u32::MAX as u128) as u32);
                        pending = None;
                    }
                }
                let decide = pending.is_none() && !view.legal.is_empty();
                latest = Some(view);
                if decide {
                    if think.is_zero() {
                        act_at = Some(tokio::time::Instant::now());
                    } else if act_at.is_none() {
                        act_at = Some(tokio::time::Instant::now() + think);
                    }
                } else {
                    act_at = None;
                }
            }
            ServerMsg::Error { code, message, .. } => {
                out.errors.push(format!("{code}: {message}"));
                pending = None;
            }
            ServerMsg::GameOver { .. } => {
                out.game_over = true;
                break;
            }
            _ => {}
        }
    }
    conn.close().await;
    out
}

/// The report as text.
pub fn render(r: &LoadReport) -> String {
    let mut s = format!(
        "games: {} completed of {}, errors: {}\nmoves: {} in {:.1} s ({:.0}/s)\nmove latency (ms): p50 {:.2}  p90 {:.2}  p99 {:.2}  max {:.2}\n",
        r.completed,
        r.games,
        r.errors,
        r.moves,
        r.seconds,
        r.moves_per_second,
        r.latency_ms.p50,
        r.latency_ms.p90,
        r.latency_ms.p99,
        r.latency_ms.max
    );
    if let (Some(peak), Some(t), Some(b)) =
        (r.server_rss_peak, r.live_tables_at_peak, r.bytes_per_table)
    {
        s.push_str(&format!(
            "server memory: peak {:.1} MiB with {t} live tables, {:.1} KiB per table\n",
            peak as f64 / 1048576.0,
            b as f64 / 1024.0
        ));
    }
    for e in &r.error_samples {
        s.push_str(&format!("error: {e}\n"));
    }
    // One address makes every table of a load test: the server's per-address caps stop it.
    if r.error_samples.iter().any(|e| e.contains("429")) {
        s.push_str(
            "note: the server refused this address more tables or requests (429); for a load \
             test from one address start it with --max-tables-per-client 0 --rate-per-second 0\n",
        );
    }
    s
}
