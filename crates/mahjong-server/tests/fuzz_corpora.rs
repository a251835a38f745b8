//! Every file of the fuzz corpora (`fuzz/corpus/TARGET/`, kept small with `cargo fuzz cmin`)
//! through the same entry points as the fuzz targets (`mahjong_server::inputs`), on stable:
//! an input that once crashed a parser, or that reaches far into it, stays a test.

use std::path::PathBuf;

fn corpus(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut files: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| {
            let path = e.unwrap().path();
            let data = std::fs::read(&path).unwrap();
            (path, data)
        })
        .collect();
    files.sort();
    // Each corpus holds at least its seeds.
    assert!(files.len() >= 2, "{target}: {} files", files.len());
    files
}

/// Replays a corpus; a panic names the file that caused it.
fn replay(target: &str, entry: fn(&[u8])) {
    for (path, data) in corpus(target) {
        if std::panic::catch_unwind(|| entry(&data)).is_err() {
            panic!("{target}: {} panics", path.display());
        }
    }
}

#[test]
fn table_json_corpus() {
    replay("table_json", mahjong_server::inputs::table_json);
}

#[test]
fn ruleset_file_corpus() {
    replay("ruleset_file", mahjong_server::inputs::ruleset_file);
}

#[test]
fn tile_notation_corpus() {
    replay("tile_notation", mahjong_server::inputs::tile_notation);
}

#[test]
fn client_message_corpus() {
    replay("client_message", mahjong_server::inputs::client_message);
}

#[test]
fn record_lines_corpus() {
    replay("record_lines", mahjong_server::inputs::record_lines);
}

#[test]
fn mj_server_line_corpus() {
    replay("mj_server_line", mahjong_server::inputs::mj_server_line);
}

#[test]
fn bot_answer_corpus() {
    replay("bot_answer", mahjong_server::inputs::bot_answer);
}

/// Real games (the seeds), the messages that once made the client panic (`repro-*`), and
/// the corpus's smaller files (docs/security.md, "Fuzzing").
#[test]
fn mj_server_seat_corpus() {
    replay("mj_server_seat", mahjong_server::inputs::mj_server_seat);
}
