//! `mahjong simulate`: many full games with bots, in parallel, deterministic for a seed
//! whatever the thread count.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::time::Instant;

use mahjong_bots::{bot_for_ruleset, Bot};
use mahjong_engine::{Game, GameConfig, RecordHeader, SeatView};
use mahjong_rules::Ruleset;
use rayon::prelude::*;
use serde::Serialize;

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
            let mut kinds: Vec<_> = expected.clone();
            kinds.dedup();
            let diff: Vec<String> = kinds
                .iter()
                .chain(sorted.iter().filter(|t| !expected.contains(t)))
                .filter_map(|&t| {
                    let (want, have) = (count(&expected, t), count(&sorted, t));
                    (want != have).then(|| format!("{t} {have} (expected {want})"))
                })
                .collect();
            return Err(at(format!(
                "{} tiles; a wall must hold the ruleset's {} tiles exactly: {}",
                tiles.len(),
                expected.len(),
                diff.join(", ")
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
    /// Hands settled through a cannon (M90–M96).
    pub cannons: u64,
    /// Mean score of the winning hand.
    pub mean_score: f64,
    /// Mean net result of the winner per won hand (all payments to him).
    pub mean_gain: f64,
    /// Wins by seat position in the hand (0 = the dealer, East).
    pub wins_by_position: Vec<u64>,
    /// Won hands in which each rule id scored (once per hand).
    pub items: BTreeMap<String, u64>,
    /// Sum of the winner's net result over the won hands in which each rule id scored.
    pub item_gains: BTreeMap<String, i64>,
    /// Mean net result per hand, per seat.
    pub net_per_hand: Vec<f64>,
    /// Bots per seat.
    pub bots: Vec<String>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Hands per second.
    pub hands_per_second: f64,
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
}

/// Plays one game; the record (when asked for) as JSON Lines.
fn play_one(cfg: &SimConfig, index: u64, record: bool) -> Result<GameOut, String> {
    let seed = derive_seed(cfg.seed, index);
    let config = GameConfig {
        ruleset: cfg.ruleset.clone(),
        seed,
        walls: cfg.walls.clone(),
        max_hands: cfg.max_hands,
        record,
    };
    let mut bots: Vec<Box<dyn Bot>> = cfg
        .bots
        .iter()
        .enumerate()
        .map(|(p, name)| {
            bot_for_ruleset(name, &cfg.ruleset, derive_seed(seed, 1000 + p as u64))
                .ok_or_else(|| format!("unknown bot {name:?} (known: random, greedy)"))
        })
        .collect::<Result<_, _>>()?;
    let mut out = Vec::new();
    if record {
        serde_json::to_writer(&mut out, &RecordHeader::new(&config, cfg.bots.clone()))
            .expect("serializes");
        out.push(b'\n');
    }
    let mut game = Game::new(config);
    let mut views: Vec<SeatView> = (0..cfg.bots.len()).map(|_| SeatView::empty()).collect();
    let flush = |game: &mut Game, out: &mut Vec<u8>| {
        let events = game.take_events();
        if record {
            for e in events {
                serde_json::to_writer(&mut *out, &e).expect("serializes");
                out.push(b'\n');
            }
        }
    };
    while !game.is_over() {
        if record {
            flush(&mut game, &mut out);
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
            game.act(p, action)
                .map_err(|e| format!("game {index}: bot {} chose badly: {e}", bots[p].name()))?;
        }
    }
    flush(&mut game, &mut out);
    Ok(GameOut {
        summary: game.summary().clone(),
        totals: game.totals().to_vec(),
        record: out,
    })
}

/// Runs the simulation, writing the record (if any) in game order.
pub fn run(cfg: &SimConfig, mut record: Option<&mut dyn Write>) -> Result<SimSummary, String> {
    let seats = cfg.ruleset.seats();
    if cfg.bots.len() != seats {
        return Err(format!("--bots: {} bots for {seats} seats", cfg.bots.len()));
    }
    for b in &cfg.bots {
        bot_for_ruleset(b, &cfg.ruleset, 0)
            .ok_or_else(|| format!("--bots: unknown bot {b:?} (known: random, greedy)"))?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads)
        .build()
        .map_err(|e| format!("--threads: {e}"))?;
    let progress = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(cfg.games);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games  {elapsed} (eta {eta})",
            )
            .expect("template"),
        );
        bar
    });
    let start = Instant::now();
    let mut s = SimSummary {
        wins: vec![0; seats],
        wins_by_position: vec![0; seats],
        net_per_hand: vec![0.0; seats],
        bots: cfg.bots.clone(),
        ..SimSummary::default()
    };
    let mut net = vec![0i64; seats];
    let mut score_sum = 0u64;
    let mut gain_sum = 0i64;
    let mut wins_total = 0u64;
    // Chunks keep memory flat: results are folded and records written in game order.
    let chunk = (pool.current_num_threads() as u64 * 4).max(1);
    let mut next = 0u64;
    let recording = record.is_some();
    while next < cfg.games {
        let end = (next + chunk).min(cfg.games);
        let results: Vec<Result<GameOut, String>> = pool.install(|| {
            (next..end)
                .into_par_iter()
                .map(|i| play_one(cfg, i, recording))
                .collect()
        });
        for r in results {
            let g = r?;
            if let Some(w) = record.as_deref_mut() {
                w.write_all(&g.record)
                    .map_err(|e| format!("--record: {e}"))?;
            }
            s.games += 1;
            s.hands += g.summary.hands as u64;
            s.washouts += g.summary.washouts as u64;
            s.cannons += g.summary.cannons as u64;
            for (p, w) in g.summary.wins.iter().enumerate() {
                s.wins[p] += *w as u64;
                wins_total += *w as u64;
            }
            for (k, v) in &g.summary.limit_hands {
                *s.limit_hands.entry(k.clone()).or_default() += *v as u64;
            }
            score_sum += g.summary.winner_score_sum;
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
            for (n, t) in net.iter_mut().zip(&g.totals) {
                *n += t;
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
    let hands = s.hands.max(1) as f64;
    s.net_per_hand = net.iter().map(|&n| n as f64 / hands).collect();
    s.hands_per_second = s.hands as f64 / s.seconds.max(1e-9);
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
    for (p, bot) in s.bots.iter().enumerate() {
        let _ = writeln!(
            t,
            "seat {p} {bot:<8} wins {:>8}   net per hand {:>+9.2}",
            s.wins[p], s.net_per_hand[p]
        );
    }
    let _ = writeln!(
        t,
        "mean winning score {:.1}   cannons {}",
        s.mean_score, s.cannons
    );
    let by_position: Vec<String> = s.wins_by_position.iter().map(u64::to_string).collect();
    let _ = writeln!(
        t,
        "wins by seat position (dealer first) {}   mean winner's gain {:.1}",
        by_position.join(" "),
        s.mean_gain
    );
    if !s.limit_hands.is_empty() {
        let list: Vec<String> = s
            .limit_hands
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        let _ = writeln!(t, "limit hands: {}", list.join(", "));
    }
    let _ = writeln!(t, "{:.2} s, {:.0} hands/s", s.seconds, s.hands_per_second);
    t
}
