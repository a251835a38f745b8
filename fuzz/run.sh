#!/usr/bin/env bash
# Runs every fuzz target in turn on one core (`-jobs=1`), each for at most SECONDS (default
# 300) or RUNS executions (default 30 million), then minimises its corpus (`cargo fuzz cmin`).
# Needs the nightly toolchain and cargo-fuzz. Logs: fuzz/logs/TARGET.log.
# No sanitizer (`-s none`): the code under test is safe Rust, so what is hunted is panics,
# and uninstrumented runs are about twice as fast.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-300}
runs=${2:-30000000}
targets=${TARGETS:-"tile_notation client_message table_json ruleset_file record_lines mj_server_line bot_answer mj_server_seat"}
mkdir -p logs
for t in $targets; do
  mkdir -p "corpus/$t"
  echo "== $t"
  cargo +nightly fuzz run -s none "$t" "corpus/$t" -- \
    -jobs=1 -workers=1 -max_total_time="$seconds" -runs="$runs" -rss_limit_mb=2048 \
    >"logs/$t.out" 2>&1 || echo "$t: the fuzzer stopped with an error (see logs/$t.log)"
  mv -f fuzz-0.log "logs/$t.log" 2>/dev/null || true
  grep -E '^(#[0-9]+|==|Done)' "logs/$t.log" | tail -2
  cargo +nightly fuzz cmin -s none "$t" "corpus/$t" >>"logs/$t.out" 2>&1
  # cmin keeps only what adds coverage: put back the committed seeds kept on purpose
  # (record_lines/seed-game.jsonl, a whole game that replays to the end).
  git checkout HEAD -- "corpus/$t/seed-*" 2>/dev/null || true
  echo "$t: $(ls "corpus/$t" | wc -l) corpus files, $(du -sh "corpus/$t" | cut -f1)"
done
