//! Helpers shared by the CLI's test files.

#![allow(dead_code)]

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
