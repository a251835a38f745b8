//! Writes random legal classical tables as JSON Lines, for `mahjong score --batch`.
//!
//! `cargo run --release -p mahjong-rules --example gen_tables -- COUNT [SEED] [RULESET]`

use std::io::{BufWriter, Write};

fn main() {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let ruleset = args.next().unwrap_or_else(|| "millington".into());
    let mut sampler = mahjong_rules::sample::TableSampler::new(seed);
    let mut out = BufWriter::new(std::io::stdout().lock());
    for _ in 0..count {
        serde_json::to_writer(&mut out, &sampler.table(&ruleset)).expect("write");
        out.write_all(b"\n").expect("write");
    }
}
