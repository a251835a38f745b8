//! What our seat received from mj-server 1.11 in real games, replayed through a fresh seat:
//! its answers must be the ones the server accepted (its echoes are in the transcripts),
//! and our scorer must agree with the server's on the hand.
//!
//! Each transcript is one game of `mahjong bot mj-match` (greedy), cut to the game's start
//! and one hand; the names say which game (mj-server `--seed`, and which of the four our
//! seat was to connect).
//!
//! - A kong robbed: the robber declares his hand and the others show theirs. mj-server
//!   follows `PlayerRobsKong` with no `PlayerMahJongs`; our seat used to wait for one, so
//!   the game stalled until the match runner gave it up. (`--seed 12`, games 95 and 57:
//!   server seeds 107 and 69, our seat the fourth and the second.)
//! - Thirteen Unique Wonders declared (`PlayerFormsClosedSpecialSet`): the audit used to
//!   miss the winner's tiles. (`--seed 1`, game 225: server seed 226, our seat second.)
//! - A concealed kong robbed for Thirteen Unique Wonders: written from the one above, since
//!   none came up in real games (see its test). `tests/mj_server.rs` now has the real
//!   server deal one from a fixed wall.

use std::io::Cursor;

use mahjong_mj::{play, ClientError, GameReport, Seat};
use mahjong_rules::Ruleset;

/// What our greedy seat (seeded as the match runner seeds it) sends in answer to `file`,
/// one line each, and its report.
fn replay(file: &str, seed: u64) -> (Vec<String>, GameReport) {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("transcript");
    let ruleset = Ruleset::preset("bradfield").unwrap();
    let bot = mahjong_bots::bot_for_ruleset("greedy", &ruleset, seed).unwrap();
    let mut seat = Seat::new(bot, &ruleset, "mahjong-greedy");
    let mut sent = Vec::new();
    let end = play(&mut seat, &mut Cursor::new(text), &mut sent, |_| true);
    // The transcript stops after the hand's settlement, mid-game.
    assert!(
        matches!(end, Err(ClientError::Closed { hands: 1 })),
        "{end:?}"
    );
    let sent = String::from_utf8(sent).unwrap();
    let lines = sent.split("\r\n").filter(|l| !l.is_empty());
    (lines.map(str::to_owned).collect(), seat.report().clone())
}

/// The audit of the one hand played.
fn the_audit(report: &GameReport) -> &mahjong_mj::Audit {
    match report.audits.as_slice() {
        [a] => a,
        all => panic!("{} hands audited", all.len()),
    }
}

/// The lines after the last one equal to `from`.
fn after(lines: &[String], from: &str) -> Vec<String> {
    let i = lines
        .iter()
        .rposition(|l| l == from)
        .expect("the line was sent");
    lines[i + 1..].to_vec()
}

#[test]
fn the_robber_declares_his_hand() {
    let (sent, report) = replay("robbed-kong-ours.txt", 107);
    // We claim the kong's tile, then put it into a chow and declare the concealed rest, as
    // the server echoes it (`PlayerChows 4 6D Lower`, `PlayerFormsClosedChow 4 1B`, …).
    assert_eq!(
        after(&sent, "MahJong 28"),
        [
            "Chow 0 Lower",
            "FormClosedChow 1B",
            "FormClosedPair 1C",
            "FormClosedChow 2C",
        ]
    );
    // Our scorer agrees with the server's: 96 to the robber (1 double for robbing a kong).
    let audit = the_audit(&report);
    assert!(audit.agrees(), "{audit:?}");
    assert!(audit.theirs.contains(&96), "{:?}", audit.theirs);
    assert_eq!(audit.table["win"]["from"], "robbed_kong");
    assert!(report.hands[0].won);
}

#[test]
fn the_others_show_their_tiles_after_a_robbed_kong() {
    let (sent, report) = replay("robbed-kong-theirs.txt", 69);
    // Player 1 robbed player 4's kong; after his score we show our hand, as the server
    // echoes it (`PlayerShowsTiles 2 9C 2B 2B 1C 4B 2C 8C 5B 6B 5B`).
    assert_eq!(after(&sent, "NoClaim 36"), ["ShowTiles"]);
    let audit = the_audit(&report);
    assert!(audit.agrees(), "{audit:?}");
    assert!(audit.theirs.contains(&136), "{:?}", audit.theirs);
    assert_eq!(audit.table["win"]["from"], "robbed_kong");
    assert!(!report.hands[0].won);
}

#[test]
fn thirteen_unique_wonders_is_declared_and_audited() {
    let (sent, report) = replay("thirteen-orphans-ours.txt", 226);
    // We drew the 1B that completes it, went out and declared the special set.
    assert_eq!(after(&sent, "MahJong 0"), ["FormClosedSpecialSet"]);
    let audit = the_audit(&report);
    assert!(audit.agrees(), "{audit:?}");
    assert_eq!(audit.theirs, [6, 8, 1000, 8], "{:?}", audit.texts);
    assert_eq!(audit.their_settlement, [-2008, -996, 4000, -996]);
    assert!(report.hands[0].won);
}

#[test]
fn a_concealed_kong_robbed_for_thirteen_unique_wonders_is_the_kongers() {
    // Written for this test from `thirteen-orphans-ours.txt` (none came up in 16,000
    // hands): the same hand to our discard at serial 22, ready on 1B, with East's 1B
    // discard and North's chow changed so that East can hold all four. East declares a
    // concealed kong of 1B; only Thirteen Unique Wonders may rob it, and we do. The score
    // lines after it are Millington's, worked out by hand as mj-server writes them.
    let (sent, report) = replay("robbed-concealed-kong-ours.txt", 226);
    assert_eq!(after(&sent, "NoClaim 23"), ["MahJong 24", "SpecialSet"]);
    let audit = the_audit(&report);
    // The win is on the konger's tile, and his kong is a concealed pung again (it used to
    // be read as a win on North's last discard, with East's kong of four kept).
    assert_eq!(audit.table["win"]["from"], "robbed_kong");
    assert_eq!(audit.table["win"]["supplier"], "E");
    assert_eq!(audit.table["win"]["tile"], "1B");
    let east = audit.table["seats"]["E"]["sets"].as_array().unwrap();
    assert_eq!(east[1]["kind"], "pung");
    assert_eq!(east[1]["exposed"], false);
    assert_eq!(east[1]["tiles"], serde_json::json!(["1B", "1B", "1B"]));
    // The limit to the robber; East's 1B pung is a closed pung of terminals (8).
    assert_eq!(audit.ours, Ok([14, 8, 1000, 8]), "{:?}", audit.texts);
    assert_eq!(audit.our_settlement, Some([-1976, -1012, 4000, -1012]));
    assert!(audit.agrees(), "{audit:?}");
    assert!(report.hands[0].won);
}
