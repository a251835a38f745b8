//! Scenario tests of the Japanese three-player game's play (`three-player-japanese.md`
//! J3-T4–T7, J3-P, J3-S10, J3-S13) on explicit walls: a North set aside for a loose tile
//! (robbed by a Kokushi, and the fourth North's indicator), double riichi with Ippatsu and
//! its settlement, the three forms of furiten, a concealed kong in riichi, Rinshan kaihou
//! (not Tenhou) and Chankan, kan-dora off, tenpai payments at a washout with the stake into
//! the pot, the pot at the match's end, honba counters, the dealer's repeat when ready, and
//! a player going bust; the record's names of J3-S8 items. Hand 0, player 0 is East.

mod common;

use common::*;
use mahjong_engine::{
    replay, Action, Event, Game, GameConfig, PaymentRecord, PhaseView, RecordHeader,
};
use mahjong_rules::Ruleset;

/// `japanese-3p` with `key=value` overrides.
fn japanese(options: &[&str]) -> Ruleset {
    let mut r = Ruleset::preset("japanese-3p").unwrap();
    for o in options {
        r.set(o).unwrap_or_else(|e| panic!("{o}: {e}"));
    }
    r
}

/// The dealer's 14, far from ready; his first discard is `1C`.
const EAST: &str = "1C 9C 1D 9D EW SW WW RD GD WD 1B 9B 5B 7B";
/// Ready at the deal: 123B 456B 789D 234D + 5D, waiting on 2D and 5D; no yaku without
/// riichi (J3-S6: no menzen tsumo by default).
const READY: &str = "1B 2B 3B 4B 5B 6B 7D 8D 9D 2D 3D 4D 5D";
/// Far from ready, with a North.
const WEST: &str = "EW SW WW NW RD GD WD 1C 9C 6B 8B 2B 9B";
/// The 14 tiles never drawn (J3-T2's dead wall): the dora indicator first (9C: the dora
/// is 1C), kan-dora indicators next, the ura-dora indicators from the eighth (3B: the
/// ura-dora is 4B).
const TAIL: &str = "9C 6D 6D 6D 7B 7B 7B 3B 3B 3B 8B 8B 4B 6D";

fn game(options: &[&str], hands: [&str; 3], draws: &str, loose: &str, max_hands: u32) -> Game {
    let r = japanese(options);
    let wall = wall3(&r, 0, hands, draws, loose, TAIL);
    game3(r, vec![wall], max_hands)
}

#[test]
fn j3_t4_a_north_is_set_aside_for_a_loose_tile() {
    let mut g = game(&[], [EAST, READY, WEST], "8B 4D", "6B", 1);
    discard(&mut g, 0, "1C");
    discard(&mut g, 1, "8B");
    // West drew 4D; his North may be set aside, and nothing else.
    let asides: Vec<Action> = g
        .legal_actions(2)
        .into_iter()
        .filter(|a| matches!(a, Action::SetAside { .. }))
        .collect();
    assert_eq!(asides, vec![Action::SetAside { tile: t("NW") }]);
    g.take_events();
    act(&mut g, 2, Action::SetAside { tile: t("NW") });
    let ev = g.take_events();
    assert!(
        matches!(&ev[1], Event::Bonus { player: 2, tile } if *tile == t("NW")),
        "{ev:?}"
    );
    assert!(
        matches!(&ev[2], Event::Draw { player: 2, tile: Some(x), loose: true } if *x == t("6B")),
        "{ev:?}"
    );
    assert_eq!(g.view(2).public[2].bonus, vec![t("NW")]);
    assert_eq!(g.hand().phase_view(), PhaseView::Turn { player: 2 });
    assert!(!g.view(2).concealed.contains(&t("NW")));
}

/// South declares riichi with his discard of `tile`.
fn riichi(g: &mut Game, p: usize, tile: &str) {
    act(
        g,
        p,
        Action::Discard {
            tile: t(tile),
            call: true,
        },
    );
    pass_claims(g);
}

/// The settlement of the hand just finished, by player.
fn settlement(g: &Game) -> Vec<i64> {
    g.hand()
        .result()
        .expect("a finished hand")
        .settlement
        .clone()
}

#[test]
fn j3_y11_double_riichi_wins_on_a_discard_with_ippatsu_and_ura_dora() {
    let mut g = game(&[], [EAST, READY, WEST], "8B 5D", "", 1);
    discard(&mut g, 0, "1C");
    // South's first discard, nobody has called: double riichi.
    riichi(&mut g, 1, "8B");
    // West drew 5D and lets it go: South wins within one go-around.
    act(&mut g, 2, discard_action("5D"));
    claim(&mut g, 1, Action::Mahjong);
    // Double riichi 2 han, Bazoro 2, Ippatsu 1, ura-dora 1 (the 4B): 6 han, mangan.
    assert_eq!(
        winner_items(&g),
        vec![
            ("J3-Y11", 2, 0),
            ("J3-S8", 2, 0),
            ("J3-S8", 1, 0),
            ("J3-S8", 1, 0)
        ]
    );
    // J3-P: a non-dealer's mangan on a discard, 8,000 from West; South's own stake back.
    assert_eq!(settlement(&g), vec![0, 8000, -8000]);
    let table = g.hand().table_input().unwrap();
    assert_eq!(table.seats["S"].riichi, mahjong_rules::Riichi::Double);
    assert!(table.win.unwrap().ippatsu);
    assert_eq!(table.ura_indicators, vec![t("3B")]);
    let events = g.take_events();
    // The ura-dora indicator is turned over with the hands (record version 3).
    assert_eq!(ura_shown(&events), Some(vec![t("3B")]));
    // The record names each J3-S8 item (one id, six cases the han alone do not tell).
    let scored: Vec<(String, Option<String>)> = events
        .into_iter()
        .find_map(|e| match e {
            Event::Scores { items, .. } => Some(items[1].clone()),
            _ => None,
        })
        .expect("a scores event")
        .into_iter()
        .map(|it| (it.rule, it.name))
        .collect();
    let named = |rule: &str, name: Option<&str>| (rule.to_string(), name.map(str::to_string));
    assert_eq!(
        scored,
        vec![
            named("J3-Y11", None),
            named("J3-S8", Some("Bazoro")),
            named("J3-S8", Some("ura-dora")),
            named("J3-S8", Some("Ippatsu")),
        ]
    );
}

/// The ura-dora indicators turned over with the hands at the end, or `None` without a
/// `reveal` event.
fn ura_shown(events: &[Event]) -> Option<Vec<mahjong_tiles::Tile>> {
    events.iter().find_map(|e| match e {
        Event::Reveal { ura_indicators, .. } => Some(ura_indicators.clone()),
        _ => None,
    })
}

/// South, in riichi on 888D 123B 456B 2345D, declares a kong of the fourth 8D and wins on
/// the loose tile 2D: the ura-dora indicators turned over, and his ura-dora han.
fn riichi_kong_win(options: &[&str]) -> (Vec<mahjong_tiles::Tile>, u16) {
    let south = "8D 8D 8D 1B 2B 3B 4B 5B 6B 2D 3D 4D 5D";
    let mut g = game(options, [EAST, south, WEST], "8B 5D 9C 8D", "2D", 1);
    discard(&mut g, 0, "1C");
    riichi(&mut g, 1, "8B");
    discard(&mut g, 2, "5D");
    discard(&mut g, 0, "9C");
    act(&mut g, 1, Action::ConcealedKong { tile: t("8D") });
    assert_eq!(g.view(1).drawn, Some(t("2D")));
    act(&mut g, 1, Action::Mahjong);
    let ura = ura_shown(&g.take_events()).expect("a reveal event");
    let h = g.hand();
    let r = h.result().expect("a finished hand");
    let han = r.outcome.scores[h.pos_of(1)]
        .items
        .as_slice()
        .iter()
        .filter(|i| i.rule.name == "ura-dora")
        .map(|i| i.points)
        .sum();
    (ura, han)
}

#[test]
fn j3_s8_the_ura_dora_indicators_are_turned_over_for_a_riichi_winner_only() {
    // Under the dora indicator and, with `kan_ura_dora`, under the kong's kan-dora one
    // too: 3B and 3B, each making his 4B an ura-dora.
    assert_eq!(riichi_kong_win(&[]), (vec![t("3B"), t("3B")], 2));
    assert_eq!(riichi_kong_win(&["kan_ura_dora=false"]), (vec![t("3B")], 1));
    assert_eq!(
        riichi_kong_win(&["kan_ura_dora=false", "ura_dora=false"]),
        (vec![], 0)
    );
    // A winner without riichi has none turned over (East's Rinshan kaihou).
    let east = "2B 2B 2B 2B 3D 4D 5D 7D 8D 9D 9C 9C WD WD";
    let south = "1C 1C 1D 9D EW EW SW WW GD GD 1B 9B 5B";
    let west = "SW WW NW RD RD 1B 9B 6B 8B 5B 1D 2D 9D";
    let mut g = game(&[], [east, south, west], "", "WD", 1);
    act(&mut g, 0, Action::ConcealedKong { tile: t("2B") });
    act(&mut g, 0, Action::Mahjong);
    assert_eq!(ura_shown(&g.take_events()), Some(vec![]));
    // Nor does the table exported for the hand list any (`replay --tables`).
    assert_eq!(g.hand().table_input().unwrap().ura_indicators, vec![]);
    // Nor does a washout, where every hand is shown too.
    let mut g = game(&[], [EAST, READY, WEST], "", "", 1);
    assert_eq!(ura_shown(&play_out(&mut g)), Some(vec![]));
}

#[test]
fn j3_s8_a_record_of_version_2_without_ura_indicators_still_replays() {
    // The double riichi win above, recorded.
    let r = japanese(&[]);
    let config = GameConfig {
        ruleset: r.clone(),
        seed: 7,
        walls: vec![wall3(&r, 0, [EAST, READY, WEST], "8B 5D", "", TAIL)],
        max_hands: Some(1),
        record: true,
    };
    let mut g = Game::new(config.clone());
    discard(&mut g, 0, "1C");
    riichi(&mut g, 1, "8B");
    act(&mut g, 2, discard_action("5D"));
    claim(&mut g, 1, Action::Mahjong);
    assert!(g.is_over());
    let events = g.take_events();
    let header = RecordHeader::new(&config, vec!["human".into(); 3]);
    let lines = |version: u32, keep_ura: bool| -> Vec<String> {
        let header = RecordHeader {
            version,
            ..header.clone()
        };
        std::iter::once(serde_json::to_string(&header).unwrap())
            .chain(events.iter().map(|e| {
                let mut e = e.clone();
                if let (Event::Reveal { ura_indicators, .. }, false) = (&mut e, keep_ura) {
                    ura_indicators.clear();
                }
                serde_json::to_string(&e).unwrap()
            }))
            .collect()
    };
    let replays = |lines: &[String]| replay(lines.iter().map(String::as_str));
    let today = lines(3, true);
    assert!(today
        .iter()
        .any(|l| l.contains(r#""ura_indicators":["3B"]"#)));
    let n = replays(&today).expect("version 3 replays").events;
    // Versions 1 and 2 never listed them; their records replay as they are.
    assert_eq!(replays(&lines(2, false)).expect("version 2").events, n);
    assert_eq!(replays(&lines(1, false)).expect("version 1").events, n);
    // A version 2 record that lists them, or a version 3 one that does not, disagrees.
    for (version, keep) in [(2, true), (3, false)] {
        let err = replays(&lines(version, keep)).unwrap_err();
        assert!(!err.malformed, "{}", err.message);
        assert!(err.message.contains("reveal"), "{}", err.message);
    }
}

#[test]
fn j3_t7_riichi_furiten_a_wait_among_ones_own_discards() {
    // South draws 2D (one of his waits: no yaku to win on it) and declares riichi with it.
    let mut g = game(&[], [EAST, READY, WEST], "2D 5D", "", 1);
    discard(&mut g, 0, "1C");
    riichi(&mut g, 1, "2D");
    // His view warns him, and shows the stake on the table; the others see the pot only.
    assert!(g.view(1).furiten);
    assert!(!g.view(0).furiten);
    assert_eq!((g.view(0).pot, g.view(1).starting_score), (1000, 35000));
    act(&mut g, 2, discard_action("5D"));
    // 5D completes his hand, but 2D is in his discards: no win on a discard.
    assert!(!g.legal_actions(1).contains(&Action::Mahjong));
}

/// South declares riichi, West and East let their draws go, and South draws `fourth`,
/// the fourth tile of a pung he holds: what may he do with it?
fn riichi_then_draw(south: &str, fourth: &str) -> Game {
    let mut g = game(
        &[],
        [EAST, south, WEST],
        &format!("8B 5D 9C {fourth}"),
        "",
        1,
    );
    discard(&mut g, 0, "1C");
    riichi(&mut g, 1, "8B");
    discard(&mut g, 2, "5D");
    discard(&mut g, 0, "9C");
    assert_eq!(g.view(1).drawn, Some(t(fourth)));
    g
}

#[test]
fn j3_t7_in_riichi_a_concealed_kong_only_when_it_keeps_the_waits() {
    // 888D 123B 456B 2345D waits on 2D and 5D, and still does after a kong of 8D.
    let mut g = riichi_then_draw("8D 8D 8D 1B 2B 3B 4B 5B 6B 2D 3D 4D 5D", "8D");
    let kong = Action::ConcealedKong { tile: t("8D") };
    assert_eq!(
        g.legal_actions(1),
        vec![kong, discard_action("8D")],
        "the frozen hand: the kong or the drawn tile"
    );
    act(&mut g, 1, kong);
    // The loose tile comes in; the hand is still in riichi, its waits unchanged.
    assert!(g.view(1).drawn.is_some());
    assert!(g.view(1).public[1].original_call);
    assert!(g.hand().waiting(1));

    // 777D 2345D also waits on 6D (77D as the pair, 57D); a kong of 7D would lose it.
    let g = riichi_then_draw("7D 7D 7D 1B 2B 3B 4B 5B 6B 2D 3D 4D 5D", "7D");
    assert_eq!(g.legal_actions(1), vec![discard_action("7D")]);
}

#[test]
fn j3_p_a_washout_pays_the_ready_player_and_the_deal_passes() {
    let mut g = game(&[], [EAST, READY, WEST], "", "", 2);
    let ev = play_out(&mut g);
    assert!(ev.iter().any(|e| matches!(e, Event::Washout)));
    let (_, _, paid, _) = scores_of(&ev);
    // The noten penalty (2,000) paid by the two not ready to the one who is.
    assert_eq!(paid, vec![-1000, 2000, -1000]);
    // Each payment is listed with its rule (record version 2).
    assert_eq!(payments_of(&ev), vec![noten(0, 1, 1000), noten(2, 1, 1000)]);
    assert_eq!(g.totals(), &[-1000, 2000, -1000]);
    // East was not ready: the deal passes to South; nothing went into the pot.
    assert_eq!(g.hand().setup().dealer, 1);
    assert_eq!(g.hand().setup().pot, 0);
}

#[test]
fn j3_s10_a_riichi_stake_left_at_a_washout_waits_in_the_pot() {
    let mut g = game(&[], [EAST, READY, WEST], "8B", "", 2);
    discard(&mut g, 0, "1C");
    riichi(&mut g, 1, "8B");
    let ev = play_out(&mut g);
    let (_, _, paid, _) = scores_of(&ev);
    assert_eq!(paid, vec![-1000, 1000, -1000]);
    // South's stick goes into the pot: a payment to the number of players.
    assert_eq!(
        payments_of(&ev),
        vec![noten(0, 1, 1000), noten(2, 1, 1000), stick(1)]
    );
    assert_eq!(g.hand().setup().pot, 1000);
    // The next hand's views show it before anyone stakes again.
    assert_eq!(g.view(2).pot, 1000);
    let staked = |g: &Game| {
        g.view(0)
            .public
            .iter()
            .map(|s| s.staked)
            .collect::<Vec<_>>()
    };
    assert_eq!(staked(&g), [0, 0, 0]);
}

/// The payments listed on the hand's `Scores` event.
fn payments_of(events: &[Event]) -> Vec<PaymentRecord> {
    events
        .iter()
        .find_map(|e| match e {
            Event::Scores { payments, .. } => Some(payments.clone()),
            _ => None,
        })
        .expect("a Scores event")
}

/// A washout's noten payment (J3-P).
fn noten(from: usize, to: usize, amount: u64) -> PaymentRecord {
    PaymentRecord {
        from,
        to,
        amount,
        rule: Some("J3-P".into()),
        name: Some("noten payment".into()),
    }
}

/// Player `from`'s riichi stick into the pot at a washout (J3-S10).
fn stick(from: usize) -> PaymentRecord {
    PaymentRecord {
        from,
        to: 3,
        amount: 1000,
        rule: Some("J3-S10".into()),
        name: Some("riichi stick".into()),
    }
}

#[test]
fn j3_p_a_record_of_version_1_without_washout_payments_still_replays() {
    let r = japanese(&[]);
    let config = GameConfig {
        ruleset: r.clone(),
        seed: 7,
        walls: vec![wall3(&r, 0, [EAST, READY, WEST], "8B", "", TAIL)],
        max_hands: Some(1),
        record: true,
    };
    let mut g = Game::new(config.clone());
    discard(&mut g, 0, "1C");
    riichi(&mut g, 1, "8B");
    let events = play_out(&mut g);
    assert!(g.is_over());
    let header = RecordHeader::new(&config, vec!["human".into(); 3]);
    let lines = |header: &RecordHeader, keep_washout_payments: bool| -> Vec<String> {
        std::iter::once(serde_json::to_string(header).unwrap())
            .chain(events.iter().map(|e| {
                let mut e = e.clone();
                if let (Event::Scores { payments, .. }, false) = (&mut e, keep_washout_payments) {
                    payments.retain(|p| p.rule.is_none());
                }
                serde_json::to_string(&e).unwrap()
            }))
            .collect()
    };
    let replays = |lines: &[String]| replay(lines.iter().map(String::as_str));
    // Today's record, version 3, with the three payments.
    assert_eq!(header.version, 3);
    let today = lines(&header, true);
    assert!(today
        .iter()
        .any(|l| l.contains(r#""rule":"J3-S10","name":"riichi stick""#)));
    let n = replays(&today).expect("version 3 replays").events;
    // Version 2 wrote a washout as version 3 does.
    let v2 = RecordHeader {
        version: 2,
        ..header.clone()
    };
    assert_eq!(replays(&lines(&v2, true)).expect("version 2").events, n);
    // The same game as version 1 wrote it: no payments listed at the washout.
    let v1 = RecordHeader {
        version: 1,
        ..header.clone()
    };
    assert_eq!(
        replays(&lines(&v1, false))
            .expect("version 1 replays")
            .events,
        n
    );
    // A version 1 record never held them: one that does disagrees with the engine.
    let err = replays(&lines(&v1, true)).unwrap_err();
    assert!(!err.malformed, "{}", err.message);
    assert!(err.message.contains("payments"), "{}", err.message);
    // Neither form passes under the other's version.
    assert!(replays(&lines(&header, false)).is_err());
    // A version this engine does not know is refused by name.
    let v4 = RecordHeader {
        version: 4,
        ..header
    };
    let err = replays(&lines(&v4, true)).unwrap_err();
    assert_eq!(
        (err.line, err.message.as_str(), err.malformed),
        (1, "record version 4 (this engine reads 1 to 3)", true)
    );
}

#[test]
fn j3_s10_every_view_shows_who_staked_in_this_hand() {
    let mut g = game(&[], [EAST, READY, WEST], "8B", "", 2);
    let staked = |g: &Game, viewer: usize| {
        let v = g.view(viewer);
        (v.public.iter().map(|s| s.staked).collect::<Vec<_>>(), v.pot)
    };
    assert_eq!(staked(&g, 0), (vec![0, 0, 0], 0));
    discard(&mut g, 0, "1C");
    riichi(&mut g, 1, "8B");
    // South's stick is on the table: his points are 35,000 less it, in every view.
    for viewer in 0..3 {
        assert_eq!(staked(&g, viewer), (vec![0, 1000, 0], 1000));
    }
    let v = serde_json::to_value(g.view(2)).unwrap();
    assert_eq!(v["public"][1]["staked"], 1000);
    assert!(v["public"][0].get("staked").is_none(), "0 is left out");
}

#[test]
fn j3_p_the_pot_left_at_the_end_of_the_match_goes_to_the_leader() {
    // The same washout as the last hand of the match: South, the leader, takes his stake.
    let mut g = game(&[], [EAST, READY, WEST], "8B", "", 1);
    discard(&mut g, 0, "1C");
    riichi(&mut g, 1, "8B");
    let ev = play_out(&mut g);
    assert_eq!(
        ev.last(),
        Some(&Event::GameEnd {
            totals: vec![-1000, 2000, -1000],
            pot: Some(mahjong_engine::PotTaken {
                player: 1,
                points: 1000
            }),
        })
    );
    assert_eq!((g.totals(), g.pot()), (&[-1000, 2000, -1000][..], 0));

    // Option off: the stake stays in the pot.
    let mut g = game(&["pot_to_leader=false"], [EAST, READY, WEST], "8B", "", 1);
    discard(&mut g, 0, "1C");
    riichi(&mut g, 1, "8B");
    play_out(&mut g);
    assert_eq!((g.totals(), g.pot()), (&[-1000, 1000, -1000][..], 1000));
}

#[test]
fn j3_p_the_dealer_ready_at_a_washout_deals_again() {
    let east = format!("{READY} 1C");
    let south = "9C 1D 9D EW SW WW RD GD WD 1B 9B 5B 7B";
    let mut g = game(&[], [&east, south, WEST], "", "", 2);
    discard(&mut g, 0, "1C");
    let ev = play_out(&mut g);
    let (_, _, paid, _) = scores_of(&ev);
    assert_eq!(paid, vec![2000, -1000, -1000]);
    assert_eq!(g.hand().setup().dealer, 0);
    assert_eq!(g.hand().setup().number, 1);
}

#[test]
fn j3_p_a_player_below_zero_ends_the_match() {
    let mut g = game(&["starting_points=500"], [EAST, READY, WEST], "", "", 3);
    play_out(&mut g);
    // East and West are at 500 − 1,000: the match is over after one hand.
    assert!(g.is_over());
    assert_eq!(g.summary().hands, 1);
}

#[test]
fn j3_y7_a_win_on_the_loose_tile_of_a_kong_is_rinshan_not_tenhou() {
    // East (dealer) holds four 2B, 345D 789D and the pairs 9C and WD.
    let east = "2B 2B 2B 2B 3D 4D 5D 7D 8D 9D 9C 9C WD WD";
    let south = "1C 1C 1D 9D EW EW SW WW GD GD 1B 9B 5B";
    let west = "SW WW NW RD RD 1B 9B 6B 8B 5B 1D 2D 9D";
    let mut g = game(&[], [east, south, west], "", "WD", 1);
    let kong = Action::ConcealedKong { tile: t("2B") };
    assert!(g.legal_actions(0).contains(&kong));
    act(&mut g, 0, kong);
    // The loose tile, WD, completes his hand; the kong revealed a kan-dora indicator (6D).
    assert_eq!(g.view(0).drawn, Some(t("WD")));
    assert!(g.legal_actions(0).contains(&Action::Mahjong));
    act(&mut g, 0, Action::Mahjong);
    // Yakuhai (WD) 1, Rinshan kaihou 1, Bazoro 2, the kan-dora 7D 1: 5 han, not Tenhou (the
    // loose tile is not the dealt hand). J3-P: a dealer's 5-han self-draw, 2,000 from each.
    assert_eq!(
        winner_items(&g),
        vec![
            ("J3-Y1", 1, 0),
            ("J3-Y7", 1, 0),
            ("J3-S8", 2, 0),
            ("J3-S8", 1, 0)
        ]
    );
    assert_eq!(settlement(&g), vec![4000, -2000, -2000]);

    // The same dealer with the hand complete as dealt: Tenhou, a triple yakuman (J3-YM12),
    // 48,000 from each.
    let east = "2B 2B 2B 3D 4D 5D 7D 8D 9D 9C 9C WD WD WD";
    let mut g = game(&[], [east, south, west], "", "", 1);
    act(&mut g, 0, Action::Mahjong);
    assert_eq!(winner_items(&g), vec![("J3-YM12", 0, 3)]);
    assert_eq!(settlement(&g), vec![96000, -48000, -48000]);
}

#[test]
fn j3_t7_robbing_an_added_kong_chankan() {
    // West waits on 5B (4B 6B) with a pung of White (yakuhai, J3-Y1: a yaku before the
    // winning tile). He lets East's 5B go to South's pung, and robs the 5B South adds to it.
    let east = "5B 1C 9C 1D 9D EW SW WW GD RD 1B 9B 2D 7B";
    let south = "5B 5B 1C 9C EW SW WW RD 2D 3D 8D 9D 7D";
    let west = "WD WD WD 1D 2D 3D 7D 8D 9D 4B 6B NW NW";
    let mut g = game(&[], [east, south, west], "9C 1D 5B", "", 1);
    act(&mut g, 0, discard_action("5B"));
    claim(&mut g, 1, Action::Pung);
    discard(&mut g, 1, "1C");
    discard(&mut g, 2, "9C");
    discard(&mut g, 0, "1D");
    act(&mut g, 1, Action::AnnexKong { tile: t("5B") });
    claim(&mut g, 2, Action::Mahjong);
    // Yakuhai 1, Chankan (J3-Y8) 1, Bazoro 2, and 1 dora: 7D, after the kan-dora indicator
    // 6D that the added kong revealed when declared (our reading: at once, robbed or not).
    // 5 han on a robbed kong: South, the konger, pays West the ko's 4,000 (J3-S10).
    assert_eq!(
        winner_items(&g),
        vec![
            ("J3-Y1", 1, 0),
            ("J3-Y8", 1, 0),
            ("J3-S8", 2, 0),
            ("J3-S8", 1, 0)
        ]
    );
    assert_eq!(settlement(&g), vec![0, -4000, 4000]);
}

#[test]
fn j3_s10_honba_counters_after_a_washout_are_paid_by_the_next_winner() {
    // Hand 0: the dealer is ready at a washout and deals again with one honba counter.
    // Hand 1: South declares riichi with his first discard (double riichi, J3-Y11), then
    // draws his 5D: Double riichi 2, Bazoro 2, the ura-dora 4B 1 and Ippatsu 1 are 6 han,
    // a ko's mangan self-draw: 2,000 from West, 4,000 from East. Option honba = 1000 adds
    // 500 from each. South's stake comes back with the pot.
    let r = japanese(&["honba=1000"]);
    let east = format!("{READY} 1C");
    let south = "9C 1D 9D EW SW WW RD GD WD 1B 9B 5B 7B";
    let hand0 = wall3(&r, 0, [&east, south, WEST], "", "", TAIL);
    let hand1 = wall3(&r, 0, [EAST, READY, WEST], "8B 9B 1D 5D", "", TAIL);
    let mut g = game3(r, vec![hand0, hand1], 3);
    discard(&mut g, 0, "1C");
    play_out(&mut g);
    assert_eq!(g.hand().setup().dealer, 0);
    assert_eq!(g.hand().setup().honba, 1);
    assert_eq!(g.totals(), &[2000, -1000, -1000]);

    discard(&mut g, 0, "1C");
    riichi(&mut g, 1, "8B");
    discard_drawn(&mut g, 2);
    discard_drawn(&mut g, 0);
    g.take_events();
    act(&mut g, 1, Action::Mahjong);
    let ev = g.take_events();
    let items: Vec<(String, u32)> = ev
        .iter()
        .find_map(|e| match e {
            Event::Scores { items, .. } => Some(items[1].clone()),
            _ => None,
        })
        .expect("a Scores event")
        .into_iter()
        .map(|i| (i.rule, i.points))
        .collect();
    let items: Vec<(&str, u32)> = items.iter().map(|(r, p)| (r.as_str(), *p)).collect();
    // Double riichi, Bazoro, the ura-dora, Ippatsu.
    assert_eq!(
        items,
        vec![("J3-Y11", 2), ("J3-S8", 2), ("J3-S8", 1), ("J3-S8", 1)]
    );
    let (scores, _, paid, _) = scores_of(&ev);
    assert_eq!(scores, vec![0, 6000, 0]);
    assert_eq!(paid, vec![-4500, 7000, -2500]);
    // A non-dealer's win clears the counters; the deal passes.
    assert_eq!(g.hand().setup().honba, 0);
    assert_eq!(g.hand().setup().dealer, 1);
}

#[test]
fn j3_s13_kokushi_robs_a_north_set_aside() {
    // West waits on North alone with Thirteen Orphans (1C twice). East, the dealer, sets
    // his North aside on his first turn: West robs it. Kokushi musou (J3-YM6), double: West
    // has discarded none of its kinds and set no North aside (J3-S9); paid as a win on a
    // robbed kong by the seat that set it aside: 64,000 from East.
    let east = "NW 2B 4B 4B 5B 6B 7B 8B 2D 3D 4D 5D 8D 8D";
    let west = "1C 9C 1B 9B 1D 9D EW SW WW RD GD WD 1C";
    let mut g = game(&[], [east, READY, west], "", "9D", 1);
    act(&mut g, 0, Action::SetAside { tile: t("NW") });
    assert_eq!(
        g.hand().phase_view(),
        PhaseView::Rob {
            konger: 0,
            tile: t("NW"),
            aside: true
        }
    );
    assert_eq!(g.legal_actions(2), vec![Action::Pass, Action::Mahjong]);
    assert!(g.legal_actions(1).is_empty());
    act(&mut g, 2, Action::Mahjong);
    assert_eq!(winner_items(&g), vec![("J3-YM6", 0, 2)]);
    assert_eq!(settlement(&g), vec![-64000, 0, 64000]);
    // The North left East's bonus tiles for West's hand.
    assert!(g.view(0).public[0].bonus.is_empty());
}

#[test]
fn j3_s13_a_north_nobody_can_rob_is_replaced_at_once() {
    // The same North with West one tile short of Kokushi: no window, East draws his loose
    // tile (9D) straight away.
    let east = "NW 2B 4B 4B 5B 6B 7B 8B 2D 3D 4D 5D 8D 8D";
    let west = "1C 9C 1B 9B 1D 9D EW SW WW RD GD 5B 1C";
    let mut g = game(&[], [east, READY, west], "", "9D", 1);
    act(&mut g, 0, Action::SetAside { tile: t("NW") });
    assert_eq!(g.hand().phase_view(), PhaseView::Turn { player: 0 });
    assert_eq!(g.view(0).drawn, Some(t("9D")));
    assert_eq!(g.view(0).public[0].bonus, vec![t("NW")]);
}

#[test]
fn j3_t5_kan_dora_off_reveals_no_indicator_after_a_kong() {
    // The Rinshan kaihou hand of the j3_y7 test with `kan_dora` (and so `kan_ura_dora`)
    // off: no indicator after the kong, so no 7D dora. Yakuhai 1, Rinshan kaihou 1,
    // Bazoro 2: 4 han, a dealer's self-draw of 1,000 from each.
    let east = "2B 2B 2B 2B 3D 4D 5D 7D 8D 9D 9C 9C WD WD";
    let south = "1C 1C 1D 9D EW EW SW WW GD GD 1B 9B 5B";
    let west = "SW WW NW RD RD 1B 9B 6B 8B 5B 1D 2D 9D";
    let mut g = game(
        &["kan_ura_dora=false", "kan_dora=false"],
        [east, south, west],
        "",
        "WD",
        1,
    );
    g.take_events();
    act(&mut g, 0, Action::ConcealedKong { tile: t("2B") });
    assert!(!g
        .take_events()
        .iter()
        .any(|e| matches!(e, Event::Indicator { .. })));
    act(&mut g, 0, Action::Mahjong);
    assert_eq!(
        winner_items(&g),
        vec![("J3-Y1", 1, 0), ("J3-Y7", 1, 0), ("J3-S8", 2, 0)]
    );
    assert_eq!(settlement(&g), vec![2000, -1000, -1000]);
}

/// East sets his four Norths aside one after another under `options`; the indicators
/// revealed meanwhile.
fn four_norths(options: &[&str]) -> Vec<mahjong_tiles::Tile> {
    let east = "NW NW NW NW 2B 2B 5B 5B 6B 6B 2D 2D 9C 9C";
    let west = "EW SW WW RD GD WD 1C 9C 1B 9B 1D 9D 5D";
    let mut g = game(options, [east, READY, west], "", "8D 8D 7D 7D", 1);
    g.take_events();
    for _ in 0..4 {
        act(&mut g, 0, Action::SetAside { tile: t("NW") });
    }
    assert_eq!(g.view(0).public[0].bonus, ts("NW NW NW NW"));
    g.take_events()
        .iter()
        .filter_map(|e| match e {
            Event::Indicator { tile } => Some(*tile),
            _ => None,
        })
        .collect()
}

#[test]
fn j3_t4_the_fourth_north_reveals_an_indicator_with_the_option() {
    // Off (the preset): none. On: one, the next unused tile after the dora indicator (6D).
    assert_eq!(four_norths(&[]), vec![]);
    assert_eq!(four_norths(&["north_indicator=true"]), vec![t("6D")]);
}

#[test]
fn j3_p_the_noten_penalty_is_an_option() {
    // The j3_p washout (only South ready) with noten_penalty 3,000: 1,500 from each of the
    // two not ready; with 0, nothing is paid.
    let mut g = game(&["noten_penalty=3000"], [EAST, READY, WEST], "", "", 2);
    let (_, _, paid, _) = scores_of(&play_out(&mut g));
    assert_eq!(paid, vec![-1500, 3000, -1500]);
    let mut g = game(&["noten_penalty=0"], [EAST, READY, WEST], "", "", 2);
    let ev = play_out(&mut g);
    let (_, _, paid, _) = scores_of(&ev);
    assert_eq!(paid, vec![0, 0, 0]);
    assert_eq!(payments_of(&ev), vec![], "nothing paid, nothing listed");
    // A penalty that does not split evenly: each pays an equal share, rounded down, and
    // the settlement balances (the ready player gets 3,000, not 3,001).
    let mut g = game(&["noten_penalty=3001"], [EAST, READY, WEST], "", "", 2);
    let ev = play_out(&mut g);
    assert_eq!(scores_of(&ev).2, vec![-1500, 3000, -1500]);
    assert_eq!(payments_of(&ev), vec![noten(0, 1, 1500), noten(2, 1, 1500)]);
}

/// Whether `p` is offered Mah-Jongg on the discard just made; then everybody passes.
fn offered_then_passed(g: &mut Game, p: usize) -> bool {
    let offered = g.legal_actions(p).contains(&Action::Mahjong);
    pass_claims(g);
    offered
}

/// `p` discards `code` from his hand (not his draw).
fn throw(g: &mut Game, p: usize, code: &str) {
    act(g, p, discard_action(code));
}

#[test]
fn j3_t7_temporary_furiten_a_passed_winning_tile_until_ones_next_draw() {
    // South holds a pung of Red (yakuhai before the winning tile, J3-S11) and waits on 1D
    // and 4D. He lets West's 4D pass: East's 1D right after is refused him; once he has
    // drawn again, West's next 4D is offered.
    let south = "RD RD RD 1B 2B 3B 7D 8D 9D 2D 3D 9B 9B";
    let west = "EW SW WW NW NW GD WD 1C 9C 6B 8B 5B 9B";
    let mut g = game(&[], [EAST, south, west], "5B 4D 6B 2B 4D", "", 1);
    discard(&mut g, 0, "5B");
    discard_drawn(&mut g, 1);
    throw(&mut g, 2, "4D");
    assert!(offered_then_passed(&mut g, 1));
    // Until his next draw his view warns him, and East's 1D opens no window for him: the
    // play goes straight on to his draw, which ends the furiten.
    assert!(g.view(1).furiten);
    throw(&mut g, 0, "1D");
    assert_eq!(g.hand().phase_view(), PhaseView::Turn { player: 1 });
    assert!(!g.view(1).furiten);
    discard_drawn(&mut g, 1);
    throw(&mut g, 2, "4D");
    assert!(g.legal_actions(1).contains(&Action::Mahjong));
}

#[test]
fn j3_t7_riichi_furiten_a_winning_tile_passed_after_riichi_lasts_the_hand() {
    // South declares riichi (waits 2D, 5D) and lets West's 5D pass; after his own next
    // draw, West's 2D is still refused him.
    let mut g = game(&[], [EAST, READY, WEST], "8B 5D 9B 1D 2D", "", 1);
    discard(&mut g, 0, "1C");
    riichi(&mut g, 1, "8B");
    throw(&mut g, 2, "5D");
    assert!(offered_then_passed(&mut g, 1));
    discard_drawn(&mut g, 0);
    discard_drawn(&mut g, 1);
    assert!(g.view(1).furiten);
    throw(&mut g, 2, "2D");
    assert!(!g.legal_actions(1).contains(&Action::Mahjong));
}
