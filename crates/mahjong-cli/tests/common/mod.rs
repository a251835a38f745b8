//! Helpers shared by the CLI's test files.

#![allow(dead_code)]

use std::path::PathBuf;

use assert_cmd::Command;

/// Runs `mahjong score [--json] -` on a table: (status, stdout, stderr).
pub fn score(table: &str, as_json: bool) -> (i32, String, String) {
    let mut args = vec!["score"];
    if as_json {
        args.push("--json");
    }
    args.push("-");
    run(&args, table)
}

/// Runs `mahjong` with `args` and `stdin`: (status, stdout, stderr).
pub fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = Command::cargo_bin("mahjong")
        .unwrap()
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A fresh directory for one test's files (`tag` names the test; the process id and the
/// time keep parallel runs apart).
pub fn tempdir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "mahjong-{tag}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
