//! Duplicate duels for tuning (ignored by default; run with `--ignored --nocapture`):
//! `DUEL_PRESET`, `DUEL_DEALS`, `DUEL_SEED` (the first deal), `DUEL_A`, `DUEL_B` choose the
//! match. Every deal is played once per seat of bot A among copies of bot B, and A's mean
//! net over the seats is one sample.
//!
//! Comparing two versions of a bot, pair them by deal: both play the same walls against the
//! same opponents with the same seeds, so the mean of the per-deal differences is far
//! tighter than either interval. Over 10,000 `millington` deals (40,000 hands) `strong`
//! against three `greedy` is about +5 ± 1.7 a hand, but two settings of `strong` are told
//! apart to ±0.3–0.9.
//! - `DUEL_AGAINST=A2` also plays bot A2 in A's place and prints the difference A2 − A.
//! - `DUEL_OUT=FILE` writes the per-deal samples, one a line; `DUEL_PAIR=FILE` prints the
//!   difference from samples an earlier run wrote (another build, say: the same settings
//!   give the same deals).
//!
//! The `why` test puts A's edge over B down to the first decision where they part.

use mahjong_bots::{bot_for_ruleset, play_game, Bot};
use mahjong_engine::{Action, Game, GameConfig, SeatView};
use mahjong_rules::Ruleset;
use mahjong_tiles::Tile;

fn env(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_string())
}

/// Mean and 95 % half-interval.
fn interval(samples: &[f64]) -> (f64, f64) {
    let n = samples.len() as f64;
    let mean = samples.iter().sum::<f64>() / n;
    let var = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// The mean of the per-deal differences `new − old`, with its interval.
fn paired(new: &[f64], old: &[f64]) -> (f64, f64) {
    assert_eq!(new.len(), old.len(), "paired runs need as many deals");
    let diff: Vec<f64> = new.iter().zip(old).map(|(x, y)| x - y).collect();
    interval(&diff)
}

/// One hand of deal `seed`, the bot of seat `p` made by `bot(p, its seed)`.
fn one_hand(ruleset: &Ruleset, seed: u64, bot: impl Fn(usize, u64) -> Box<dyn Bot>) -> Game {
    let mut bots: Vec<Box<dyn Bot>> = (0..ruleset.seats())
        .map(|p| bot(p, seed * 8 + p as u64))
        .collect();
    let mut config = GameConfig::new(ruleset.clone(), seed);
    config.max_hands = Some(1);
    let mut game = Game::new(config);
    play_game(&mut game, &mut bots).unwrap();
    game
}

/// Bot `a` in every seat in turn among copies of `b`, deal by deal: `a`'s mean net per deal.
fn duel_of(ruleset: &Ruleset, a: &str, b: &str, first: u64, deals: u64) -> Vec<f64> {
    let seats = ruleset.seats();
    let mut samples = Vec::with_capacity(deals as usize);
    let mut wins = 0u64;
    // A's net when it won and when another did; washouts.
    let (mut won_net, mut lost_net, mut lost, mut washouts) = (0i64, 0i64, 0u64, 0u64);
    let start = std::time::Instant::now();
    for seed in first..first + deals {
        let mut sum = 0i64;
        for r in 0..seats {
            let game = one_hand(ruleset, seed, |p, s| {
                let name = if p == r { a } else { b };
                bot_for_ruleset(name, ruleset, s).unwrap()
            });
            let net = game.totals()[r];
            sum += net;
            let summary = game.summary();
            if summary.wins[r] > 0 {
                wins += 1;
                won_net += net;
            } else if summary.washouts > 0 {
                washouts += 1;
            } else {
                lost += 1;
                lost_net += net;
            }
        }
        samples.push(sum as f64 / seats as f64);
    }
    let (mean, half) = interval(&samples);
    let hands = deals * seats as u64;
    let pct = |x: u64| 100.0 * x as f64 / hands as f64;
    eprintln!(
        "{}: {a} vs {b}: {deals} deals ({hands} hands): {mean:+.2} ± {half:.2} per hand; \
         {a} won {:.1}% (net {:+.1} a win), lost {:.1}% (net {:+.1} a loss), {washouts} \
         washouts ({:.1}s)",
        ruleset.name,
        pct(wins),
        won_net as f64 / wins.max(1) as f64,
        pct(lost),
        lost_net as f64 / lost.max(1) as f64,
        start.elapsed().as_secs_f64()
    );
    samples
}

#[test]
#[ignore]
fn duel() {
    let preset = env("DUEL_PRESET", "millington");
    let deals: u64 = env("DUEL_DEALS", "1000").parse().unwrap();
    let first: u64 = env("DUEL_SEED", "1").parse().unwrap();
    let a = env("DUEL_A", "strong");
    let b = env("DUEL_B", "greedy");
    let ruleset = Ruleset::preset(&preset).unwrap();
    let samples = duel_of(&ruleset, &a, &b, first, deals);
    if let Ok(path) = std::env::var("DUEL_OUT") {
        let text: String = samples.iter().map(|x| format!("{x}\n")).collect();
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    if let Ok(path) = std::env::var("DUEL_PAIR") {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let old: Vec<f64> = text.lines().map(|l| l.parse().unwrap()).collect();
        let (mean, half) = paired(&samples, &old);
        eprintln!("this run − {path}: {mean:+.2} ± {half:.2} per hand (paired by deal)");
    }
    if let Ok(a2) = std::env::var("DUEL_AGAINST") {
        let other = duel_of(&ruleset, &a2, &b, first, deals);
        let (mean, half) = paired(&other, &samples);
        eprintln!("{a2} − {a}: {mean:+.2} ± {half:.2} per hand (paired by deal)");
    }
}

/// Where the two bots part (the `why` test): what A chose and B would have chosen at the
/// first decision where they differ, with the live wall then and at A's first decision.
#[derive(Clone)]
struct Parting {
    what: String,
    live: usize,
    start: usize,
}

type Slot = std::sync::Arc<std::sync::Mutex<(Option<usize>, Option<Parting>)>>;

/// A plays its seat while a shadow B is asked every question A is asked, until they first
/// answer differently (up to then B's own game would have been the same).
struct Shadowed {
    a: Box<dyn Bot>,
    b: Box<dyn Bot>,
    shape: mahjong_hands::Shape,
    seven_pairs: bool,
    slot: Slot,
}

fn kind(a: &Action) -> &'static str {
    match a {
        Action::Discard { call: true, .. } => "call",
        Action::Discard { .. } => "discard",
        Action::ConcealedKong { .. } | Action::AnnexKong { .. } => "own kong",
        Action::Mahjong => "mahjong",
        Action::Pass => "pass",
        Action::Chow { .. } => "chow",
        Action::Pung => "pung",
        Action::Kong => "kong",
        _ => "other",
    }
}

impl Shadowed {
    /// Two discards told apart: the shanten B's leaves (3 for three or more), whether A's
    /// is slower or faster (every form the ruleset has; no jokers), and which of the two are honours (A's first).
    fn discards(&self, view: &SeatView, a: Tile, b: Tile) -> String {
        let declared = view.public[view.player].sets.len();
        let after = |t: Tile| {
            let mut c = mahjong_hands::counts_of(&view.concealed);
            if let Some(k) = t.kind() {
                c[k] -= 1;
            }
            mahjong_hands::shanten(&c, declared, &self.shape, self.seven_pairs)
        };
        let (sa, sb) = (after(a), after(b));
        let h = |t: Tile| {
            if t.kind().is_some_and(|k| k >= 27) {
                "H"
            } else {
                "s"
            }
        };
        let pace = match sa.cmp(&sb) {
            std::cmp::Ordering::Greater => "slower",
            std::cmp::Ordering::Less => "faster",
            std::cmp::Ordering::Equal => "as fast",
        };
        format!("discard at {} {pace} {}{}", sb.clamp(-1, 3), h(a), h(b))
    }
}

impl Bot for Shadowed {
    fn name(&self) -> &'static str {
        self.a.name()
    }
    fn act(&mut self, view: &SeatView) -> Action {
        let x = self.a.act(view);
        let mut slot = self.slot.lock().unwrap();
        let start = *slot.0.get_or_insert(view.live_wall);
        if slot.1.is_none() {
            let y = self.b.act(view);
            if x != y {
                let what = match (x, y) {
                    (
                        Action::Discard {
                            tile: a,
                            call: false,
                        },
                        Action::Discard {
                            tile: b,
                            call: false,
                        },
                    ) => self.discards(view, a, b),
                    _ => format!("{} for {}", kind(&x), kind(&y)),
                };
                slot.1 = Some(Parting {
                    what,
                    live: view.live_wall,
                    start,
                });
            }
        }
        x
    }
}

/// Where A's edge over B comes from: each deal is played with A in each seat among copies
/// of B and again with B there; the difference is put down to the first decision where A
/// and B part (`same`: they never did), by its kind and the third of the wall it came in.
/// `DUEL_PRESET`, `DUEL_DEALS`, `DUEL_SEED`, `DUEL_A`, `DUEL_B` as for `duel`.
#[test]
#[ignore]
fn why() {
    let preset = env("DUEL_PRESET", "millington");
    let deals: u64 = env("DUEL_DEALS", "1000").parse().unwrap();
    let first: u64 = env("DUEL_SEED", "1").parse().unwrap();
    let (a, b) = (env("DUEL_A", "strong"), env("DUEL_B", "greedy"));
    let ruleset = Ruleset::preset(&preset).unwrap();
    let seats = ruleset.seats();
    let shape = mahjong_hands::Shape::of(&ruleset.tile_set());
    let play = |seed: u64, r: usize, slot: Option<&Slot>| {
        let game = one_hand(&ruleset, seed, |p, s| match (p == r, slot) {
            (true, Some(slot)) => Box::new(Shadowed {
                a: bot_for_ruleset(&a, &ruleset, s).unwrap(),
                b: bot_for_ruleset(&b, &ruleset, s).unwrap(),
                shape,
                seven_pairs: ruleset.play().seven_pairs,
                slot: slot.clone(),
            }),
            _ => bot_for_ruleset(&b, &ruleset, s).unwrap(),
        });
        game.totals()[r]
    };
    let mut classes: std::collections::BTreeMap<String, Vec<f64>> = Default::default();
    for seed in first..first + deals {
        for r in 0..seats {
            let slot = Slot::default();
            let diff = play(seed, r, Some(&slot)) - play(seed, r, None);
            let key = match slot.lock().unwrap().1.clone() {
                None => "same".to_string(),
                Some(p) => {
                    let third = ["late", "mid", "early"][(3 * p.live / p.start.max(1)).min(2)];
                    format!("{} {third}", p.what)
                }
            };
            classes.entry(key).or_default().push(diff as f64);
        }
    }
    let n = (deals * seats as u64) as f64;
    let total: f64 = classes.values().flatten().sum();
    eprintln!("{preset}: {a} − {b}: {n} hands, {:+.2} a hand", total / n);
    for (k, v) in &classes {
        let (mean, half) = if v.len() > 1 {
            interval(v)
        } else {
            (v[0], 0.0)
        };
        eprintln!(
            "{k:32} {:6} hands {mean:+8.2} ± {half:6.2} a hand; {:+6.2} of the edge",
            v.len(),
            v.iter().sum::<f64>() / n
        );
    }
}
