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
