//! The real binary in a real terminal: tmux runs the `play` example, keys go in with
//! `send-keys`, the screen comes back with `capture-pane`. Skipped (with a note) where tmux
//! is not installed, except under `CI=true`: CI installs tmux (`scripts/test`), so there a
//! missing tmux fails rather than passing silently.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use mahjong_engine::{Game, GameConfig};
use mahjong_rules::Ruleset;

fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux").args(args).output().expect("tmux runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The example binary, built by `cargo test` next to the test's own directory.
fn example() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let debug = exe.parent().unwrap().parent().unwrap();
    debug.join("examples").join("play")
}

fn wait_for(session: &str, needle: &str) -> String {
    let start = Instant::now();
    loop {
        let screen = tmux(&["capture-pane", "-p", "-t", session]);
        if screen.contains(needle) {
            return screen;
        }
        if start.elapsed() > Duration::from_secs(20) {
            panic!("{needle:?} did not show: {screen}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

struct Kill(String);
impl Drop for Kill {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["kill-session", "-t", &self.0])
            .output();
    }
}

#[test]
fn plays_in_tmux() {
    if Command::new("tmux").arg("-V").output().is_err() {
        assert_ne!(
            std::env::var("CI").as_deref(),
            Ok("true"),
            "tmux is not installed, and under CI this test must run (scripts/test installs it)"
        );
        eprintln!("tmux is not installed: skipped (with CI=true this fails)");
        return;
    }
    let exe = example();
    assert!(exe.exists(), "{} is built by cargo test", exe.display());
    let session = format!("mahjong-tui-test-{}", std::process::id());
    let _kill = Kill(session.clone());
    let cmd = format!(
        "{} --seed 7 --delay 0 --max-hands 1; echo EXIT=$?; sleep 30",
        exe.display()
    );
    tmux(&[
        "new-session",
        "-d",
        "-s",
        &session,
        "-x",
        "100",
        "-y",
        "32",
        &cmd,
    ]);
    // The hand line shows the engine's view of seat 0 for seed 7, sorted.
    let v = Game::new(GameConfig::new(Ruleset::preset("millington").unwrap(), 7)).view(0);
    let mut tiles = v.concealed.clone();
    tiles.sort();
    if let Some(d) = v.drawn {
        let i = tiles.iter().position(|&t| t == d).unwrap();
        tiles.remove(i);
    }
    let mut line = format!("hand (E) {}", mahjong_tui::codes(&tiles));
    if let Some(d) = v.drawn {
        line.push_str(&format!(" + {d}"));
    }
    let screen = wait_for(&session, "Your turn:");
    assert!(
        screen.lines().any(|l| l.trim_end() == line),
        "{line:?} not on screen:\n{screen}"
    );
    assert!(screen.contains("millington · seed 7 · hand 1 · prevailing E"));
    tmux(&["send-keys", "-t", &session, "?"]);
    wait_for(&session, "discard the selected tile");
    tmux(&["send-keys", "-t", &session, "Escape"]);
    tmux(&["send-keys", "-t", &session, "q"]);
    wait_for(&session, "Leave the game? y: yes");
    tmux(&["send-keys", "-t", &session, "y"]);
    let screen = wait_for(&session, "EXIT=");
    assert!(screen.contains("left the game (seed 7)"), "{screen}");
    assert!(screen.contains("EXIT=0"), "{screen}");
}

/// Whether tmux runs here (else the test is skipped, except under CI as above).
fn have_tmux() -> bool {
    if Command::new("tmux").arg("-V").output().is_ok() {
        return true;
    }
    assert_ne!(
        std::env::var("CI").as_deref(),
        Ok("true"),
        "tmux is not installed, and under CI this test must run (scripts/test installs it)"
    );
    eprintln!("tmux is not installed: skipped (with CI=true this fails)");
    false
}

/// `play --record` in a session, played (passing claims, discarding the drawn tile) until
/// the first hand's score sheet shows.
fn play_a_hand(session: &str, record: &std::path::Path, tail: &str) {
    let cmd = format!(
        "{} --seed 7 --delay 0 --record {}{tail}",
        example().display(),
        record.display()
    );
    tmux(&[
        "new-session",
        "-d",
        "-s",
        session,
        "-x",
        "120",
        "-y",
        "40",
        &cmd,
    ]);
    wait_for(session, "Your turn:");
    let start = Instant::now();
    loop {
        tmux(&["send-keys", "-t", session, "p"]);
        tmux(&["send-keys", "-t", session, "Enter"]);
        std::thread::sleep(Duration::from_millis(100));
        if tmux(&["capture-pane", "-p", "-t", session]).contains("score sheet") {
            return;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "no score sheet");
    }
}

/// The record's file replays: the hands it holds (it stops unfinished, in hand 2).
fn replayed(record: &std::path::Path) -> mahjong_engine::ReplaySummary {
    let text = std::fs::read_to_string(record).unwrap();
    mahjong_engine::replay(text.lines()).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// A terminal closed mid-game (tmux kills the session: SIGHUP) leaves the record of the
/// hands played, which `mahjong replay` reads.
#[test]
fn a_closed_terminal_leaves_the_record() {
    if !have_tmux() {
        return;
    }
    let session = format!("mahjong-tui-hup-{}", std::process::id());
    let _kill = Kill(session.clone());
    let record = std::env::temp_dir().join(format!("{session}.jsonl"));
    play_a_hand(&session, &record, "");
    let game = game_pid(&session);
    tmux(&["kill-session", "-t", &session]);
    // The game ends too, not left behind spinning on its closed terminal (crossterm's
    // poll never returns then; the watchdog ends the process).
    let gone = (0..100).any(|_| {
        std::thread::sleep(Duration::from_millis(100));
        !running(&game)
    });
    assert!(
        gone,
        "the game (pid {game}) still runs 10 s after its terminal closed"
    );
    let summary = replayed(&record);
    assert_eq!((summary.games, summary.unfinished), (1, Some(1)));
    let _ = std::fs::remove_file(&record);
}

/// The pid of the game in `session`'s pane: the pane's process, or its shell's child.
fn game_pid(session: &str) -> String {
    let pane = tmux(&["list-panes", "-t", session, "-F", "#{pane_pid}"]);
    let pane = pane.trim().to_string();
    let children =
        std::fs::read_to_string(format!("/proc/{pane}/task/{pane}/children")).unwrap_or_default();
    children
        .split_whitespace()
        .next()
        .map_or(pane, str::to_string)
}

/// Whether process `pid` still runs (a zombie waiting to be reaped does not).
fn running(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map(|s| {
            let state = s.rsplit(')').next().unwrap_or("").trim_start();
            !state.starts_with('Z')
        })
        .unwrap_or(false)
}

/// SIGTERM ends the game as leaving it does: the terminal is restored, the usual words are
/// printed, the record is whole, the exit is clean.
#[test]
fn sigterm_leaves_the_game_cleanly() {
    if !have_tmux() {
        return;
    }
    let session = format!("mahjong-tui-term-{}", std::process::id());
    let _kill = Kill(session.clone());
    let record = std::env::temp_dir().join(format!("{session}.jsonl"));
    play_a_hand(&session, &record, "; echo EXIT=$?; sleep 30");
    // The game is the child of the pane's shell.
    let shell = tmux(&["list-panes", "-t", &session, "-F", "#{pane_pid}"]);
    let shell = shell.trim();
    let children = std::fs::read_to_string(format!("/proc/{shell}/task/{shell}/children")).unwrap();
    let game = children.split_whitespace().next().expect("the game runs");
    let killed = Command::new("kill").args(["-TERM", game]).status().unwrap();
    assert!(killed.success());
    let screen = wait_for(&session, "EXIT=");
    assert!(screen.contains("left the game (seed 7)"), "{screen}");
    assert!(screen.contains(&format!("the record is in {}", record.display())));
    assert!(screen.contains("EXIT=0"), "{screen}");
    // Back to a normal screen: the game's table is gone.
    assert!(!screen.contains("score sheet"), "{screen}");
    let summary = replayed(&record);
    assert_eq!((summary.games, summary.unfinished), (1, Some(1)));
    let _ = std::fs::remove_file(&record);
}
