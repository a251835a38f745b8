//! External bots (`cmd:COMMAND` in `simulate --bots`): the example Python bot plays a seeded
//! game without a fault, and misbehaving programs (garbage, silence, illegal moves, a
//! program that exits) get default moves, counted, while the game goes on.

use std::path::PathBuf;

use assert_cmd::Command;
use serde_json::Value;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs a simulation with `bot` in seat 0 and greedy elsewhere; the JSON summary.
fn simulate(bot: &str, extra: &[&str]) -> Value {
    let out = Command::cargo_bin("mahjong")
        .unwrap()
        .current_dir(repo())
        .args([
            "simulate",
            "--games",
            "1",
            "--seed",
            "5",
            "--json",
            "--threads",
            "1",
        ])
        .arg("--bots")
        .arg(format!("{bot},greedy,greedy,greedy"))
        .args(extra)
        .assert()
        .success();
    serde_json::from_slice(&out.get_output().stdout).unwrap()
}

fn faults(summary: &Value) -> (u64, u64, u64, u64) {
    let e = &summary["external"][0];
    let n = |k: &str| e[k].as_u64().unwrap();
    (n("decisions"), n("late"), n("malformed"), n("illegal"))
}

#[test]
fn the_example_bot_plays_a_seeded_game_without_a_fault_and_the_record_replays() {
    let dir = tempfile::tempdir().unwrap();
    let rec = |name: &str| {
        let path = dir.path().join(name);
        let s = simulate(
            "cmd:python3 examples/bots/simple_bot.py",
            &["--record", path.to_str().unwrap()],
        );
        (s, std::fs::read(&path).unwrap(), path)
    };
    let (s, first, path) = rec("a.jsonl");
    let (decisions, late, malformed, illegal) = faults(&s);
    assert!(decisions > 100, "{decisions} decisions");
    assert_eq!((late, malformed, illegal), (0, 0, 0));
    assert_eq!(s["games"], 1);
    assert!(s["hands"].as_u64().unwrap() >= 4);
    assert_eq!(
        s["external"][0]["bot"],
        "cmd:python3 examples/bots/simple_bot.py"
    );
    // The program decides the same way every time: the same record, byte for byte.
    let (_, second, _) = rec("b.jsonl");
    assert_eq!(first, second);
    Command::cargo_bin("mahjong")
        .unwrap()
        .arg("replay")
        .arg(&path)
        .assert()
        .success();
}

#[test]
fn garbage_answers_are_malformed_and_replaced() {
    let s = simulate(
        "cmd:while read l; do echo 'not json'; done",
        &["--max-hands", "1"],
    );
    let (decisions, late, malformed, illegal) = faults(&s);
    assert!(decisions > 0);
    assert_eq!((late, malformed, illegal), (0, decisions, 0));
    assert_eq!(s["hands"], 1);
}

#[test]
fn a_silent_program_is_late_every_time_and_the_game_still_ends() {
    let s = simulate(
        "cmd:sleep 60",
        &["--max-hands", "1", "--bot-deadline-ms", "20"],
    );
    let (decisions, late, malformed, illegal) = faults(&s);
    assert!(decisions > 0);
    assert_eq!((late, malformed, illegal), (decisions, 0, 0));
    assert_eq!(s["hands"], 1);
}

#[test]
fn illegal_actions_are_refused_and_replaced() {
    // Always claims a kong, with the right id: legal almost never.
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("kong.py");
    std::fs::write(
        &script,
        "import sys, json\n\
         for l in sys.stdin:\n\
         \x20   m = json.loads(l)\n\
         \x20   if m['type'] == 'state':\n\
         \x20       a = {'type': 'act', 'id': m['id'], 'action': {'type': 'kong'}}\n\
         \x20       print(json.dumps(a), flush=True)\n",
    )
    .unwrap();
    let s = simulate(
        &format!("cmd:python3 {}", script.display()),
        &["--max-hands", "1"],
    );
    let (decisions, late, malformed, illegal) = faults(&s);
    assert!(decisions > 0);
    assert_eq!((late, malformed), (0, 0));
    assert!(
        illegal > 0 && illegal <= decisions,
        "{illegal} of {decisions}"
    );
}

#[test]
fn a_program_that_exits_plays_defaults_for_the_rest_of_the_game() {
    let s = simulate("cmd:exit 3", &["--max-hands", "2"]);
    let (decisions, late, malformed, illegal) = faults(&s);
    assert!(decisions > 0);
    assert_eq!((late, malformed, illegal), (decisions, 0, 0));
    assert_eq!(s["hands"], 2);
}

#[test]
fn an_empty_command_is_refused_before_the_game() {
    let out = Command::cargo_bin("mahjong")
        .unwrap()
        .args(["simulate", "--bots", "cmd:"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown bot \"cmd:\""), "{err}");
    assert!(err.contains("cmd:COMMAND"), "{err}");
}

#[test]
fn a_game_whose_every_program_has_exited_stops_with_an_error_instead_of_running_forever() {
    // Default moves never go out: every hand would wash out and East keep the deal (M11).
    let out = Command::cargo_bin("mahjong")
        .unwrap()
        .args(["simulate", "--games", "1", "--bots", "cmd:exit 3"])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr);
    assert!(
        err.contains(
            "error: game 0: every seat's program has stopped (`exit 3` exited: exit status: 3)"
        ),
        "{err}"
    );
    assert!(
        err.contains("default moves alone may never end the game"),
        "{err}"
    );
}
