//! Whole games of the Kajongg presets (`kajongg-dmjl-bmja.md`) played with random legal
//! actions (going out whenever possible): every finished hand, written as a table, scores to what the engine paid
//! (Dangerous Game liabilities included), and under BMJA no hand goes out with more than
//! one chow (KJ-W1: the scorer decides each win).

mod common;

use common::play_keeping_tables;
use mahjong_engine::Action;
use mahjong_rules::{score_input, Ruleset};

/// Plays a whole game from `seed`; returns (hands, wins, Dangerous Games, most chows in a
/// won hand).
fn every_table_scores_as_played(preset: &str, seed: u64) -> (usize, usize, usize, usize) {
    // Random, but going out whenever it may and claiming pungs often, so that hands are
    // won and sets exposed.
    let (tables, dealers, paid) = play_keeping_tables(
        Ruleset::preset(preset).unwrap(),
        seed,
        Some(12),
        |legal, x| {
            if legal.contains(&Action::Mahjong) {
                Action::Mahjong
            } else if legal.contains(&Action::Pung) && !x.is_multiple_of(4) {
                Action::Pung
            } else {
                legal[(x % legal.len() as u64) as usize]
            }
        },
    );
    let (mut wins, mut cannons, mut most_chows) = (0, 0, 0);
    for (i, input) in tables.iter().enumerate() {
        let text = serde_json::to_string(input).unwrap();
        let (_, table, outcome) = score_input(input).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let by_player: Vec<i64> = (0..4)
            .map(|p| outcome.settlement[(p + 4 - dealers[i]) % 4])
            .collect();
        assert_eq!(
            by_player, paid[i],
            "hand {i} of {preset} seed {seed}: {text}"
        );
        if let Some(w) = table.winner {
            wins += 1;
            cannons += usize::from(table.cannon.is_some());
            let chows = outcome.scores[w]
                .items
                .as_slice()
                .iter()
                .filter(|it| it.rule.id == "KJ-W1")
                .count();
            // A standard hand's chows: its declared and arranged sets.
            let declared = table.hands[w]
                .declared()
                .iter()
                .filter(|m| m.kind == mahjong_hands::MeldKind::Chow)
                .count();
            let arranged = usize::from(
                outcome.scores[w]
                    .completed
                    .is_some_and(|m| m.kind == mahjong_hands::MeldKind::Chow),
            );
            if chows > 0 {
                most_chows = most_chows.max(declared.max(arranged));
            }
        }
    }
    (tables.len(), wins, cannons, most_chows)
}

#[test]
fn kajongg_dmjl_whole_games_score_as_played() {
    let (mut hands, mut wins) = (0, 0);
    for seed in 1..=4 {
        let (h, w, _, _) = every_table_scores_as_played("dmjl", seed);
        hands += h;
        wins += w;
    }
    assert_eq!(hands, 48);
    assert!(wins > 0, "some hands are won");
}

#[test]
fn kajongg_bmja_whole_games_score_as_played_with_at_most_one_chow() {
    let (mut hands, mut wins) = (0, 0);
    for seed in 1..=4 {
        let (h, w, _, chows) = every_table_scores_as_played("bmja", seed);
        hands += h;
        wins += w;
        assert!(chows <= 1, "seed {seed}: a won hand with {chows} chows");
    }
    assert_eq!(hands, 48);
    assert!(wins > 0, "some hands are won");
}
