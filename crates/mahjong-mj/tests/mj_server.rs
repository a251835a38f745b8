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

/// All 144 tiles: each playing kind four times, the flowers and seasons once.
fn all_tiles() -> Vec<String> {
    let mut all = Vec::new();
    for suit in ["C", "D", "B"] {
        for n in 1..=9 {
            all.extend(std::iter::repeat_n(format!("{n}{suit}"), 4));
        }
    }
    for honour in ["EW", "SW", "WW", "NW", "RD", "WD", "GD"] {
        all.extend(std::iter::repeat_n(honour.to_string(), 4));
    }
    all.extend((1..=4).flat_map(|n| [format!("{n}F"), format!("{n}S")]));
    all
}

/// A wall for `MatchConfig::wall`: the four hands (E, S, W, N; East's 14 tiles) in the
/// order mj-server deals them, then `draws` in the order drawn, then the other tiles, the
/// flowers and seasons 20 tiles on so that none is drawn early.
fn wall(hands: [&str; 4], draws: &str) -> String {
    let hands: Vec<Vec<&str>> = hands.iter().map(|h| h.split(' ').collect()).collect();
    let sizes: Vec<usize> = hands.iter().map(Vec::len).collect();
    assert_eq!(sizes, [14, 13, 13, 13]);
    // Four at a time from East, three rounds; one each; East's 14th.
    let mut order: Vec<&str> = Vec::new();
    for round in 0..3 {
        for h in &hands {
            order.extend(&h[round * 4..round * 4 + 4]);
        }
    }
    order.extend(hands.iter().map(|h| h[12]));
    order.push(hands[0][13]);
    order.extend(draws.split(' '));
    let mut rest = all_tiles();
    for t in &order {
        let i = rest.iter().position(|r| r == t).expect("a kind five times");
        rest.remove(i);
    }
    let (bonus, plain): (Vec<String>, Vec<String>) = rest
        .into_iter()
        .partition(|t| t.ends_with('F') || t.ends_with('S'));
    let tail = plain[..20].iter().chain(&bonus).chain(&plain[20..]);
    let all: Vec<&str> = order.into_iter().chain(tail.map(String::as_str)).collect();
    assert_eq!(all.len(), 144);
    all.join(" ") + "\n"
}

/// Millington lets only Thirteen Unique Wonders rob a concealed kong. The real server deals
/// it: we (West) wait on NW with the other twelve orphans and a pair of 1C; South holds
/// three NW and draws the fourth as his first tile. East's hand is characters and honours,
/// South's circles, North's bamboo, so that nobody can claim East's first discard (GD).
/// South declares the kong, we rob it and declare the special set.
///
/// The other way round cannot be played to the end: when our seat declared the kong
/// (South with West's hand here), mj-player robbed it but then sent `ShowTiles` instead of
/// `SpecialSet`, which the server refuses ("Must finish making your sets"), and the hand
/// stalls (nothing is timed in scoring).
#[test]
fn a_concealed_kong_is_robbed_for_thirteen_unique_wonders_on_mj_server() {
    let Some(mut cfg) = config(1, 0) else { return };
    let file = cfg
        .dir
        .join(format!("mahjong-mj-wall-{}.txt", std::process::id()));
    let hands = [
        "2C 3C 4C 5C RD 5C 6C 7C GD 8C 8C WD EW SW",
        "NW NW NW 2D 3D 4D 5D 6D 7D 8D 8D 2D 5D",
        "1C 9C 1D 9D 1B 9B EW SW WW RD WD GD 1C",
        "2B 3B 4B 5B 6B 7B 8B 2B 3B 4B 6B 7B 8B",
    ];
    std::fs::write(&file, wall(hands, "NW")).unwrap();
    cfg.wall = Some(file.clone());
    // Game 2: we connect third, so we are player 3, West.
    let played = mahjong_mj::play_one_game(&cfg, 2, |_| false);
    cfg.first_game = 2;
    let matched = run_match(&cfg, |_| {});
    let _ = std::fs::remove_file(&file);
    let (report, _) = played.unwrap();
    assert_eq!(report.id, 3);
    assert_eq!(report.errors, Vec::<String>::new());
    assert_eq!(
        report.hands,
        [mahjong_mj::HandOutcome {
            wind: mahjong_tiles::Wind::West,
            net: 4000,
            won: true,
            washout: false,
        }]
    );
    assert_eq!(report.totals, [-2016, -976, 4000, -1008]);
    let [audit] = report.audits.as_slice() else {
        panic!("{} hands audited", report.audits.len())
    };
    let t = &audit.table;
    // The kong came on South's first draw, after East's one discard.
    assert_eq!(t["discards"], serde_json::json!(["E:GD"]));
    assert_eq!(t["winner"], "W");
    assert_eq!(
        t["win"],
        serde_json::json!({"from": "robbed_kong", "supplier": "S", "tile": "NW"})
    );
    // The robbed kong is a concealed pung again, as the server scores it.
    assert_eq!(
        t["seats"]["S"]["sets"],
        serde_json::json!([{"kind": "pung", "tiles": ["NW", "NW", "NW"], "exposed": false}])
    );
    assert_eq!(
        audit.texts[1],
        "NW+NW+NW      8 (closed pung of majors)\ntotal pts     8\ntotal dbls    0\nSCORE:        8"
    );
    assert_eq!(
        audit.texts[2],
        "Limit Hand 1000 (Thirteen Unique Wonders)\nSCORE:     1000"
    );
    // The server's scores and settlement (E, S, W, N), and ours: the limit to us, East
    // paying double; South's 8 from East (double) and North.
    assert_eq!(audit.theirs, [0, 8, 1000, 0]);
    assert_eq!(audit.their_settlement, [-2016, -976, 4000, -1008]);
    assert_eq!(audit.ours, Ok([0, 8, 1000, 0]));
    assert_eq!(audit.our_settlement, Some([-2016, -976, 4000, -1008]));
    assert!(audit.agrees());
    // The match runner plays the same hand and counts it audited and agreed.
    let r = matched.unwrap();
    assert_eq!((r.hands, r.games, r.wins, r.mean), (1, 1, 1, 4000.0));
    assert_eq!((r.audited, r.agreed, r.refused, r.abandoned), (1, 1, 0, 0));
}
