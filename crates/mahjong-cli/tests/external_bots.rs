//! External bots (`cmd:COMMAND` in `simulate --bots`): the example Python bot plays a seeded
//! game without a fault, and misbehaving programs (garbage, silence, illegal moves, a
//! program that dies mid-game) get default moves, counted, while the game goes on; a
//! program that exits before answering at all stops the run (a mistyped command).

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
    // Only the dying program's test expects any answer missing because the program exited.
    assert_eq!(e["exited"], 0, "{e}");
    (n("decisions"), n("late"), n("malformed"), n("illegal"))
}

/// Runs `mahjong simulate --games 1 --bots BOTS` with `extra`: (status, stdout, stderr).
fn run(bots: &str, extra: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::cargo_bin("mahjong")
        .unwrap()
        .args(["simulate", "--games", "1", "--seed", "5", "--threads", "1"])
        .args(["--bots", bots])
        .args(extra)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// Reads one line of the welcome, writes one line that is no answer, and exits: a program
/// that has answered (badly) once and then dies.
const DIES_AFTER_ONE_LINE: &str = "cmd:read l; echo hello";

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
fn a_program_that_dies_mid_game_plays_defaults_counted_as_exited_not_late() {
    let s = simulate(DIES_AFTER_ONE_LINE, &["--max-hands", "2"]);
    let e = &s["external"][0];
    let decisions = e["decisions"].as_u64().unwrap();
    assert!(decisions > 1, "{e}");
    // Its one line answered the first decision (badly); every later one found it gone.
    assert_eq!(
        *e,
        serde_json::json!({"bot": DIES_AFTER_ONE_LINE, "decisions": decisions, "late": 0,
            "malformed": 1, "illegal": 0, "exited": decisions - 1})
    );
    assert_eq!(s["hands"], 2);
    // The text says so too.
    let bots = format!("{DIES_AFTER_ONE_LINE},greedy,greedy,greedy");
    let (code, out, _) = run(&bots, &["--max-hands", "2"]);
    assert_eq!(code, Some(0));
    let want = format!(
        "{DIES_AFTER_ONE_LINE}: {decisions} decisions; default moves for 0 late, 1 malformed, \
         0 illegal answers and {} decisions after the program had exited\n",
        decisions - 1
    );
    assert!(out.contains(&want), "{out}\nwanted {want}");
}

#[test]
fn a_mistyped_command_stops_the_run_with_status_2_naming_it_and_its_exit_status() {
    // `sh` says 127 for a command it cannot find, and its own message comes first.
    let (code, out, err) = run("cmd:mahjong-no-such-program,greedy,greedy,greedy", &[]);
    assert_eq!(code, Some(2));
    assert_eq!(out, "");
    let want = "error: --bots: cmd:mahjong-no-such-program (seat 0) stopped before answering its \
                first decision (`mahjong-no-such-program` exited: exit status: 127); check the \
                command (its error output, if any, is above)\n";
    assert!(err.ends_with(want), "{err}");
    assert!(err.contains("mahjong-no-such-program: not found"), "{err}");
    // In another seat, any status, under --duplicate: the same, once.
    let (code, out, err) = run("greedy,greedy,cmd:exit 3,greedy", &["--duplicate"]);
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert_eq!(
        err,
        "error: --bots: cmd:exit 3 (seat 2) stopped before answering its first decision \
         (`exit 3` exited: exit status: 3); check the command (its error output, if any, is \
         above)\n"
    );
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
    let (code, _, err) = run(DIES_AFTER_ONE_LINE, &[]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains(
            "error: game 0: every seat's program has stopped (`read l; echo hello` exited: \
             exit status: 0)"
        ),
        "{err}"
    );
    assert!(
        err.contains("default moves alone may never end the game"),
        "{err}"
    );
}
