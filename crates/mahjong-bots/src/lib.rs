//! Bots that play the engine's games, and a driver that plays a whole game with them.
//!
//! A [`Bot`] decides from a [`SeatView`] only: its own concealed tiles and what is public.
//! It must return one of `view.legal`. Bots are deterministic given their seed.
//!
//! - [`RandomBot`]: uniform over the legal actions.
//! - [`GreedyBot`]: shanten and useful tiles, values doubles, avoids dangerous discards
//!   (M90a–f), plays safe late in a hand it cannot win. Where wins need a minimum value
//!   (the family's plan: the hand-points of `korean-3p`) it plays only toward hands that
//!   can meet it, weighs its waits by what the scorer says they win, declares ready and
//!   defends with the opponents' sacred discards.
//! - [`StrongBot`]: greedy's reading of the hand, with useful tiles for every candidate,
//!   ready hands valued by the ruleset's own scorer, a one-draw look ahead, claims judged
//!   by what they leave, and defence only where the ruleset makes the discarder pay more.
//!
//! [`play_game`] drives a [`Game`] to its end, asking each pending player's bot.
//!
//! ```
//! use mahjong_bots::{bot_by_name, play_game, Bot};
//! use mahjong_engine::{Game, GameConfig};
//! use mahjong_rules::Ruleset;
//!
//! let mut config = GameConfig::new(Ruleset::preset("millington").unwrap(), 7);
//! config.max_hands = Some(4);
//! let mut game = Game::new(config);
//! let mut bots: Vec<Box<dyn Bot>> = ["greedy", "random", "greedy", "random"]
//!     .iter()
//!     .enumerate()
//!     .map(|(p, name)| bot_by_name(name, p as u64).unwrap())
//!     .collect();
//! play_game(&mut game, &mut bots).unwrap();
//! assert!(game.is_over());
//! assert_eq!(game.summary().hands, 4);
//! assert_eq!(game.totals().iter().sum::<i64>(), 0);
//! ```

mod analysis;
pub mod external;
mod greedy;
pub mod hint;
mod plan;
mod random;
mod strong;
mod value;

pub use analysis::{danger_toward, dangerous_kinds, shown};
pub use external::{ExternalBot, Faults, EXTERNAL_PREFIX};
pub use greedy::{GreedyBot, DEFENCE_LIVE, UKEIRE_CANDIDATES, UKEIRE_SHANTEN};
pub use random::RandomBot;
pub use strong::StrongBot;

use mahjong_engine::{Action, EngineError, Event, Game, LegalSet, SeatView};

/// A player: decides one action from what its seat may see.
pub trait Bot: Send {
    /// The bot's kind (`"random"`, `"greedy"`, `"strong"`).
    fn name(&self) -> &'static str;
    /// One of `view.legal`. Called only when `view.legal` is not empty.
    fn act(&mut self, view: &SeatView) -> Action;
    /// For a bot that reads nothing but the legal actions: one of `legal`, decided without
    /// a view, so a driver need not build one. `None` (the default): the bot needs the
    /// view, ask [`Bot::act`]. Called only when `legal` is not empty.
    fn act_on_legal(&mut self, legal: &LegalSet) -> Option<Action> {
        let _ = legal;
        None
    }
    /// Whether the bot reads the events of the game ([`Bot::observe`]). A driver builds
    /// and passes events only when some bot does.
    fn wants_events(&self) -> bool {
        false
    }
    /// Events of the game since the last call, unredacted; the bot plays `seat` and must
    /// see only what that seat may (see `Event::redacted_for`).
    fn observe(&mut self, seat: usize, events: &[Event]) {
        let _ = (seat, events);
    }
    /// The game is over, with these totals by player.
    fn game_over(&mut self, totals: &[i64]) {
        let _ = totals;
    }
    /// For a bot that is another program: the answers it got wrong.
    fn faults(&self) -> Option<Faults> {
        None
    }
    /// Why the bot no longer decides anything itself (a program that exited or never
    /// started: it plays default moves), or `None`. A driver stops a game whose every seat
    /// is gone: default moves alone may never end it (washouts where the dealer keeps the
    /// deal, M11).
    fn gone(&mut self) -> Option<String> {
        None
    }
}

/// Why no seat of the game can play on, when every bot is [`Bot::gone`]: each one's reason.
pub fn all_gone(bots: &mut [Box<dyn Bot>]) -> Option<String> {
    let mut why = Vec::with_capacity(bots.len());
    for b in bots.iter_mut() {
        why.push(b.gone()?);
    }
    why.dedup();
    Some(why.join("; "))
}

/// Whether `name` names a bot for a local simulation: one of [`BOT_NAMES`] or
/// `cmd:COMMAND` (an [`ExternalBot`], which the caller starts).
pub fn is_bot_name(name: &str) -> bool {
    BOT_NAMES.contains(&name)
        || name
            .strip_prefix(EXTERNAL_PREFIX)
            .is_some_and(|c| !c.trim().is_empty())
}

/// The bot of every seat from the names a user gave (`--bots`): none is `greedy` at every
/// seat, one name plays every seat, else one name per seat. `programs`: whether
/// `cmd:COMMAND` may name a seat (a local game starts the program; a server's tables take
/// only built-in bots). The error names what is wrong, for the caller to prefix with its
/// flag.
pub fn seat_bots(given: &[String], seats: usize, programs: bool) -> Result<Vec<String>, String> {
    let bots = match given {
        [] => vec!["greedy".to_string(); seats],
        [one] => vec![one.clone(); seats],
        many if many.len() == seats => many.to_vec(),
        many => {
            return Err(format!(
                "{} bots for {seats} seats (give one name for every seat, or {seats} names)",
                many.len()
            ))
        }
    };
    for b in &bots {
        if !programs && b.starts_with(EXTERNAL_PREFIX) {
            return Err(format!(
                "{b:?}: a program plays only in local games, not at a server's tables"
            ));
        }
        if !is_bot_name(b) {
            let programs = if programs {
                ", or cmd:COMMAND for a program"
            } else {
                ""
            };
            return Err(format!(
                "unknown bot {b:?} (known: {}{programs})",
                BOT_NAMES.join(", ")
            ));
        }
    }
    Ok(bots)
}

/// The names [`bot_by_name`] knows.
pub const BOT_NAMES: &[&str] = &["random", "greedy", "strong"];

/// A bot by kind, seeded. `None` for an unknown name.
pub fn bot_by_name(name: &str, seed: u64) -> Option<Box<dyn Bot>> {
    match name {
        "random" => Some(Box::new(RandomBot::new(seed))),
        "greedy" => Some(Box::new(GreedyBot::new(seed))),
        "strong" => Some(Box::new(StrongBot::new(seed))),
        _ => None,
    }
}

/// A bot by name that knows the ruleset's tile set and what scores in it. Never an
/// external program: names reach here from servers' clients, so starting a program takes
/// [`ExternalBot::spawn`], explicitly.
pub fn bot_for_ruleset(
    name: &str,
    ruleset: &mahjong_rules::Ruleset,
    seed: u64,
) -> Option<Box<dyn Bot>> {
    match name {
        "random" => Some(Box::new(RandomBot::new(seed))),
        "greedy" => Some(Box::new(GreedyBot::for_ruleset(ruleset, seed))),
        "strong" => Some(Box::new(StrongBot::for_ruleset(ruleset, seed))),
        _ => None,
    }
}

/// Why [`play_game`] stopped before the game was over.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// One bot per seat is needed.
    #[error("{bots} bots for {seats} seats")]
    BotCount {
        /// Bots given.
        bots: usize,
        /// Seats in the game.
        seats: usize,
    },
    /// The engine refused a bot's action.
    #[error("bot {bot} (player {player}): {source}")]
    Refused {
        /// The player.
        player: usize,
        /// The bot's name.
        bot: &'static str,
        /// The engine's reason.
        #[source]
        source: EngineError,
    },
    /// The game is not over but nobody has anything to decide.
    #[error("the game is not over but no player is pending")]
    Stuck,
    /// Every seat's bot is gone ([`Bot::gone`]): nobody decides anything any more.
    #[error("every seat's program has stopped ({0}): default moves alone may never end the game")]
    AllGone(String),
    /// A hand took more decisions than any real hand can.
    #[error("hand {hand} took more than {limit} decisions")]
    Runaway {
        /// Hand number.
        hand: u32,
        /// The limit.
        limit: u32,
    },
}

/// Decisions one hand may take before [`play_game`] gives up (a real hand takes a few
/// hundred at most: every tile is drawn or claimed once, with up to three claim answers).
pub const HAND_DECISION_LIMIT: u32 = 20_000;

/// Plays `game` to its end: each pending player's bot is asked with `game.view(p)`, and its
/// action applied. `bots[p]` plays player `p`.
pub fn play_game(game: &mut Game, bots: &mut [Box<dyn Bot>]) -> Result<(), PlayError> {
    if bots.len() != game.seats() {
        return Err(PlayError::BotCount {
            bots: bots.len(),
            seats: game.seats(),
        });
    }
    let mut hand = game.summary().hands;
    let mut steps = 0u32;
    // One view buffer for the whole game: no allocation per decision once warm.
    let mut view = SeatView::empty();
    let events = bots.iter().any(|b| b.wants_events());
    while !game.is_over() {
        if events {
            feed_events(game, bots);
        }
        let pending = game.pending_seats();
        if pending.is_empty() {
            return Err(PlayError::Stuck);
        }
        for p in pending {
            let legal = game.legal_set(p);
            if legal.is_empty() {
                // Resolved already (the hand moved on while others answered).
                continue;
            }
            let bot = &mut bots[p];
            let action = match bot.act_on_legal(legal) {
                Some(a) => a,
                None => {
                    game.view_into(p, &mut view);
                    bot.act(&view)
                }
            };
            game.act(p, action).map_err(|source| PlayError::Refused {
                player: p,
                bot: bot.name(),
                source,
            })?;
            if game.is_over() {
                break;
            }
            if events {
                feed_events(game, bots);
            }
        }
        // Only programs can be gone, and only they read events.
        if events {
            if let Some(why) = all_gone(bots) {
                return Err(PlayError::AllGone(why));
            }
        }
        let h = game.summary().hands;
        if h != hand {
            hand = h;
            steps = 0;
        }
        steps += 1;
        if steps > HAND_DECISION_LIMIT {
            return Err(PlayError::Runaway {
                hand,
                limit: HAND_DECISION_LIMIT,
            });
        }
    }
    if events {
        feed_events(game, bots);
    }
    for b in bots.iter_mut() {
        b.game_over(game.totals());
    }
    Ok(())
}

/// Takes the game's new events, passes them to the bots that read them and returns them
/// (for a record). The game must build events (`GameConfig::record`), or there are none.
pub fn feed_events(game: &mut Game, bots: &mut [Box<dyn Bot>]) -> Vec<Event> {
    let new = game.take_events();
    if !new.is_empty() {
        for (seat, b) in bots.iter_mut().enumerate() {
            if b.wants_events() {
                b.observe(seat, &new);
            }
        }
    }
    new
}
