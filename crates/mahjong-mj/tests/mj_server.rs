//! Real games against mj-server and three mj-player robots (Debian package `mah-jong`,
//! installed by the test script). Loopback only: a unix socket in the temp directory.

use mahjong_mj::{run_match, MatchConfig};

/// The match set-up, or `None` (skip) when mah-jong is not installed outside CI.
fn config(hands: usize, seed: u64) -> Option<MatchConfig> {
    match MatchConfig::new(hands, "greedy", seed) {
        Ok(c) => Some(c),
        Err(e) => {
            assert_ne!(
                std::env::var("CI").as_deref(),
                Ok("true"),
                "{e}; under CI this test must run (scripts/test installs it)"
            );
            eprintln!("{e}: skipped (with CI=true this fails)");
            None
        }
    }
}

#[test]
fn greedy_plays_whole_games_on_mj_server_with_no_refusal() {
    let Some(cfg) = config(40, 11) else { return };
    let r = run_match(&cfg, |_| {}).unwrap();
    assert_eq!(r.hands, 40);
    assert_eq!(r.refused, 0, "the server refused some of our requests");
    assert_eq!(r.abandoned, 0);
    assert!(r.games >= 2, "{} games", r.games);
    assert_eq!(r.unmapped_options, Vec::<String>::new());
    // Every hand, scored by our bradfield scorer from what the client saw, gets the
    // server's own scores and settlement.
    assert_eq!(r.audited, r.hands - r.washouts);
    assert_eq!(r.agreed, r.audited);
    // The interval is the mean plus and minus 1.96 standard errors.
    let half = 1.96 * r.sd / (r.hands as f64).sqrt();
    let [lo, hi] = r.ci95.expect("40 hands give an interval");
    assert!((lo - (r.mean - half)).abs() < 1e-9);
    assert!((hi - (r.mean + half)).abs() < 1e-9);
}

/// Parses the server's "Game over. Final scores:" lines: `ID (NAME) SCORE`.
fn final_scores(printed: &str) -> Vec<(u32, i64)> {
    let tail = printed
        .split("Final scores:")
        .nth(1)
        .expect("the server printed final scores");
    tail.lines()
        .filter_map(|l| {
            let l = l.trim();
            let id = l.split_whitespace().next()?.parse().ok()?;
            let score = l.rsplit(' ').next()?.parse().ok()?;
            Some((id, score))
        })
        .collect()
}

#[test]
fn a_whole_game_ends_with_the_servers_own_final_scores() {
    for game in [0, 1] {
        let Some(cfg) = config(0, 3) else { return };
        let (report, printed) = mahjong_mj::play_one_game(&cfg, game, |_| true).unwrap();
        assert!(report.over);
        assert_eq!(report.errors, Vec::<String>::new());
        // Our seat is the game-th to connect, so it has that id.
        assert_eq!(report.id, game as u32 + 1);
        let scores = final_scores(&printed);
        assert_eq!(scores.len(), 4, "{printed}");
        assert_eq!(scores.iter().map(|s| s.1).sum::<i64>(), 0);
        // Our running totals, kept from each Settlement, are the server's final scores.
        for (id, score) in scores {
            let i = report.ids.iter().position(|&x| x == id).unwrap();
            assert_eq!(report.totals[i], score, "player {id}");
        }
        let ours = report.ids.iter().position(|&x| x == report.id).unwrap();
        let net: i64 = report.hands.iter().map(|h| h.net).sum();
        assert_eq!(net, report.totals[ours]);
    }
}

/// `--first-game` relies on this: a game depends only on the seed and its number, so
/// playing it again gives the same hands, scores and audits.
#[test]
fn a_game_played_again_is_the_same_game() {
    let Some(cfg) = config(8, 5) else { return };
    let stop_after = |n: usize| {
        let mut seen = 0;
        move |_: &mahjong_mj::HandOutcome| {
            seen += 1;
            seen < n
        }
    };
    let (a, _) = mahjong_mj::play_one_game(&cfg, 6, stop_after(8)).unwrap();
    let (b, _) = mahjong_mj::play_one_game(&cfg, 6, stop_after(8)).unwrap();
    assert_eq!(a.hands.len(), 8);
    assert_eq!(a, b);
    // Game 6 of a match from game 6 is that game.
    let mut from = cfg.clone();
    from.first_game = 6;
    from.hands = 8;
    let r = run_match(&from, |_| {}).unwrap();
    assert_eq!(r.games, 1);
    let net: i64 = a.hands.iter().map(|h| h.net).sum();
    assert!(
        (r.mean * 8.0 - net as f64).abs() < 1e-9,
        "{} vs {net}",
        r.mean
    );
}
