//! `ExternalBot` in a real game: answers missing because the program exited are counted
//! apart from late ones, and a program that never wrote a line is told from one that died
//! mid-game (a driver stops on the first, plays on with defaults for the second).

use mahjong_bots::{bot_for_ruleset, play_game, Bot, ExternalBot, Faults};
use mahjong_engine::{Game, GameConfig};
use mahjong_rules::Ruleset;

/// One hand of `millington` with the program `cmd` in seat 0 and greedy elsewhere: its
/// faults.
fn one_hand(cmd: &str) -> Faults {
    let ruleset = Ruleset::preset("millington").unwrap();
    let mut game = Game::new(GameConfig {
        max_hands: Some(1),
        ..GameConfig::new(ruleset.clone(), 5)
    });
    let mut bots: Vec<Box<dyn Bot>> = vec![Box::new(ExternalBot::spawn(cmd, &ruleset))];
    for p in 1..4 {
        bots.push(bot_for_ruleset("greedy", &ruleset, p).unwrap());
    }
    play_game(&mut game, &mut bots).unwrap();
    bots[0].faults().unwrap()
}

#[test]
fn a_program_that_dies_after_one_line_is_counted_exited_not_late() {
    let f = one_hand("read l; echo hello");
    assert!(f.decisions > 1, "{f:?}");
    assert_eq!(
        (f.late, f.malformed, f.illegal, f.exited, f.lines),
        (0, 1, 0, f.decisions - 1, 1)
    );
    assert_eq!(f.total(), f.decisions);
    assert!(!f.exited_before_answering());
}

#[test]
fn a_program_that_exits_at_once_never_answered() {
    let f = one_hand("exit 3");
    assert_eq!((f.late, f.malformed, f.illegal), (0, 0, 0), "{f:?}");
    assert_eq!((f.exited, f.lines), (f.decisions, 0));
    assert!(f.exited_before_answering());
}
